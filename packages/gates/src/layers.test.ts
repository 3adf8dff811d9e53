import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The lint rule that keeps gates' rooms importing downward (packages/gates/src/README.md,
// scripts/lib/gates-layers.mjs), run through the repository's own eslint.config.js.
const root = fileURLToPath(new URL("../../..", import.meta.url));
const eslint = new ESLint({ cwd: root });
const RULE = "gates-layers/import-downward";

async function layerErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = thing;\n`, {
    filePath: `${root}packages/gates/src/${path}`,
  });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe("gates' rooms import downward only", () => {
  it.each([
    ["catalogue/x.ts", `import { thing } from "../context.js";`, "catalogue/ imports nothing else"],
    [
      "catalogue/x.test.ts",
      `import { thing } from "../floor/markers.js";`,
      "catalogue/ imports nothing else",
    ],
    [
      "tools/x.ts",
      `import { thing } from "../stages/judge.js";`,
      "tools (layer tools) must not import stages",
    ],
    [
      "floor/x.ts",
      `const { thing } = await import("../verdict/aggregate.js");`,
      "floor (layer checks) must not import verdict",
    ],
    ["task/x.ts", `export { thing } from "../diff/git.js";`, "task (layer reference) must not"],
  ])("%s: %s → an error", async (path, code, message) => {
    const errors = await layerErrors(path, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    ["catalogue/x.ts", `import { thing } from "./test-files.js";`],
    ["catalogue/x.test.ts", `import { thing } from "../../test/skip-form-samples.js";`],
    ["stages/x.ts", `import { thing } from "../floor/markers.js";`],
    ["floor/x.ts", `import { thing } from "../catalogue/skip-forms.js";`],
    ["tools/x.test.ts", `import { thing } from "../stages/judge.js";`],
    // An arrow that runs back up today, listed to be taken out (KNOWN_BACK_EDGES).
    ["tools/x.ts", `import { thing } from "../loop/signed-store.js";`],
  ])("%s: %s → allowed", async (path, code) => {
    expect(await layerErrors(path, code)).toEqual([]);
  });
});
