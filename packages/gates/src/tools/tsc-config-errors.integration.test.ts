import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug } from "../../test/fixture.js";
import { makeToolRepo, packageJson, type ToolRepoOptions } from "../../test/tool-fixture.js";

// Issue 36 §1, a false green: an error in tsconfig.json itself (TS5108, a removed option)
// stops the checker before it looks at a single source file. It was in the base too, so it
// was held as old debt and typecheck passed, with the change's type error never seen.

const tsconfig = (option: string) =>
  `{\n  "compilerOptions": {\n    ${option},\n    "strict": true,\n    "noEmit": true,\n    "types": []\n  },\n  "include": ["src"]\n}\n`;

/** TypeScript 5.9's own tsc (the workspace's `typescript`), whatever packages/gates' .bin holds. */
const TSC_5 = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const tsc5: ToolRepoOptions = { bins: { tsc: `#!/bin/sh\nexec node "${TSC_5}" "$@"\n` } };

const CASES: Array<[string, string, string, ToolRepoOptions]> = [
  ["tsc 5.9", "tsc --noEmit -p tsconfig.json", '"target": "ES3"', tsc5],
  ["tsc 7", "tsc --noEmit -p tsconfig.json", '"moduleResolution": "node"', { typescript7: true }],
  ["tsgo", "tsgo --noEmit -p tsconfig.json", '"moduleResolution": "node"', {}],
];

describe.each(CASES)(
  "%s: a config error that stops the checker",
  (_name, command, option, options) => {
    const files = (config: string) => ({
      "package.json": packageJson({ scripts: { typecheck: command } }),
      "tsconfig.json": config,
      "src/a.ts": "export const n: number = 1;\n",
    });

    it("old in the base, with a type error added: a setup error naming tsconfig.json, never a pass", async () => {
      const repo = makeToolRepo(files(tsconfig(option)), options);
      repo.write("src/a.ts", 'export const n: number = "one";\n');
      const result = await runCliInProcess(repo.dir, ["--only", "typecheck"]);
      expect(result.code, debug(result)).toBe(2);
      const error = result.report?.stages.find((s) => s.stage === "typecheck");
      expect(error?.status).toBe("error");
      expect(error?.reason).toMatch(/tsconfig\.json:3: TS5108: Option '.*' has been removed/);
    });

    // The last two cases share one repository (the same sound config at the base), run in turn:
    // the honest change first, then, in its place, the config change.
    let sound: ReturnType<typeof makeToolRepo> | undefined;
    const soundRepo = () =>
      (sound ??= makeToolRepo(files(tsconfig('"target": "ES2022"')), options));

    it("an honest change under a sound config stays green", async () => {
      const repo = soundRepo();
      repo.write("src/a.ts", "export const n: number = 2;\n");
      const result = await runCliInProcess(repo.dir, ["--only", "typecheck"]);
      expect(result.code, debug(result)).toBe(0);
    });

    it("brought in by the change: a setup error too", async () => {
      const repo = soundRepo();
      repo.write("src/a.ts", "export const n: number = 1;\n");
      repo.write("tsconfig.json", tsconfig(option));
      const result = await runCliInProcess(repo.dir, ["--only", "typecheck"]);
      expect(result.code, debug(result)).toBe(2);
    });
  },
);
