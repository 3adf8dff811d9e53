import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug } from "../../test/fixture.js";
import { makeToolRepo, packageJson, TSCONFIG } from "../../test/tool-fixture.js";
import { repoStateDir } from "../state/store.js";
import { parseCommand } from "./command.js";
import { tscIncremental } from "./tsc-incremental.js";

// Issue 36 §4: tsc checks what changed since its last run, its build info kept in the user's
// state folder and signed, since tsc trusts the diagnostics a build info says it cached.
describe("an incremental typecheck with signed build info", () => {
  const repo = makeToolRepo({
    "package.json": packageJson({ scripts: { typecheck: "tsc --noEmit -p tsconfig.json" } }),
    "tsconfig.json": TSCONFIG,
    "src/a.ts": "export const a: number = 1;\n",
  });
  const command = parseCommand("tsc --noEmit -p tsconfig.json");

  it("reports the same type error on a second run, from build info it kept and signed", async () => {
    repo.write("src/a.ts", 'export const a: number = "one";\n');
    const first = await runCliInProcess(repo.dir, ["--only", "typecheck"]);
    const second = await runCliInProcess(repo.dir, ["--only", "typecheck"]);
    for (const result of [first, second]) {
      expect(result.code, debug(result)).toBe(1);
      expect(result.report?.findings.map((f) => `${f.file}:${f.line} ${f.rule}`)).toEqual([
        "src/a.ts:1 TS2322",
      ]);
    }
    const kept = join(await repoStateDir(repo.dir, process.env), "tsc");
    expect(readdirSync(kept).sort()).toEqual([
      expect.stringMatching(/\.tsbuildinfo$/),
      expect.stringMatching(/\.tsbuildinfo\.mac$/),
    ]);
  });

  it("build info whose signature does not match is never handed to tsc", async () => {
    const signed = await tscIncremental(repo.dir, command, process.env);
    const copy = signed?.args[2] ?? "";
    expect(existsSync(copy)).toBe(true);
    await signed?.done(false);
    const kept = join(await repoStateDir(repo.dir, process.env), "tsc");
    const info = readdirSync(kept).find((f) => f.endsWith(".tsbuildinfo")) ?? "";
    writeFileSync(join(kept, info), '{"version":"forged"}');
    const forged = await tscIncremental(repo.dir, command, process.env);
    expect(existsSync(forged?.args[2] ?? "")).toBe(false);
    await forged?.done(false);
  });

  it("a command that sets its own build mode is left alone", async () => {
    expect(await tscIncremental(repo.dir, parseCommand("tsc -b"), process.env)).toBeUndefined();
  });
});
