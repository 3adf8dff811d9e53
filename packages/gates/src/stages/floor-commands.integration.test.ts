import { describe, expect, it } from "vitest";
import { debug, git } from "../../test/fixture.js";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { makeToolRepo, packageJson } from "../../test/tool-fixture.js";

// Issue 25 §2: replacing eslint by oxlint is a move of tools, not a loosening, when the
// base's command still passes on the base or the change is made on the base branch itself.

const files = (old: string) => ({
  "package.json": packageJson({}),
  "eslint.config.js": 'export default [{ rules: { "no-debugger": "error" } }];\n',
  ".verify/gates.yaml": "commands:\n  lint: eslint\n",
  "src/old.js": old,
});
const CLEAN = "export const old = 1;\n";
const DEBT = "export function old() {\n  debugger;\n}\n";
const MOVE = "commands:\n  lint: oxlint\n";

describe("the floor on a change of tools", () => {
  it("eslint → oxlint on a feature branch while eslint passes on the base: accepted", async () => {
    const repo = makeToolRepo(files(CLEAN));
    repo.write(".verify/gates.yaml", MOVE);
    const result = await runCliInProcess(repo.dir, ["--only", "floor"]);
    expect(result.code, debug(result)).toBe(0);
    expect(result.stderr).toContain("commands.lint moved to other tools");
  });

  it("the same move while eslint fails on the base: a floor finding that says what to do", async () => {
    const repo = makeToolRepo(files(DEBT));
    repo.write(".verify/gates.yaml", MOVE);
    const result = await runCliInProcess(repo.dir, ["--only", "floor"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings).toEqual([
      expect.objectContaining({ file: ".verify/gates.yaml", line: 2, rule: "loosened-config" }),
    ]);
    const [f] = result.report?.findings ?? [];
    expect(f?.message).toContain(
      "commands.lint changed from 'eslint' to 'oxlint': not provably stricter",
    );
    expect(f?.message).toContain("'eslint' reports 1 problem on the base");
    expect(result.stdout).toContain(
      "hint: to move tools, make this config change on the base branch itself",
    );
  });

  it("the same move made on the base branch itself: accepted, even while eslint fails there", async () => {
    const repo = makeToolRepo(files(DEBT));
    git(repo.dir, "checkout", "-q", "main");
    repo.write(".verify/gates.yaml", MOVE);
    const result = await runCliInProcess(repo.dir, ["--only", "floor"]);
    expect(result.code, debug(result)).toBe(0);
    expect(result.stderr).toContain("replaced on the base branch itself");
  });

  it("the base's own tool with fewer paths is no move of tools, even while it passes on the base", async () => {
    const repo = makeToolRepo(files(CLEAN));
    repo.write(".verify/gates.yaml", "commands:\n  lint: eslint src/none\n");
    const result = await runCliInProcess(repo.dir, ["--only", "floor"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings[0]?.message).toContain(
      "'eslint src/none' runs the base's own tool with other arguments",
    );
  });
});
