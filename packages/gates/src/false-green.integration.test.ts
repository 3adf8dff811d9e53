import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../test/cli-in-process.js";
import { debug, makeRepo, runCli, runInProcess, type CliResult } from "../test/fixture.js";
import { makeToolRepo, packageJson } from "../test/tool-fixture.js";

// Issue 11 §5: changes gates once passed and must fail. Each case on a real git repository.

// Built from pieces so that no key-shaped literal sits in this file.
const AWS_KEY_ID = "AKIA" + "2E0A8F3B" + "244C9986";
// Tool stages off: full runs stay fast where the case is about the run, not a tool.
const NO_TOOLS = "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n";

describe("a tool whose flags or output gates used to misread is read right, never clean", () => {
  // Issue 25 replaced "not a tool verify-gates can read" (exit 2) with adapters: each case
  // below once passed or was refused; now its problem is found at its file and line.
  it("prettier --check in the config: gates asks for the list itself, so the unformatted file fails (exit 1)", () => {
    const repo = makeRepo({ ".verify/gates.yaml": "commands:\n  format: prettier --check\n" });
    repo.write("src/ugly.ts", "export const a = {b:1,\n  c:2}\n");
    const result = runCli(repo.dir, ["--only", "format"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings).toEqual([
      expect.objectContaining({ file: "src/ugly.ts", line: 1, rule: "prettier" }),
    ]);
  });

  it("a formatter without prettier's flags (oxfmt) is run with its own and its finding counts", async () => {
    const repo = makeToolRepo({
      "package.json": packageJson({}),
      ".verify/gates.yaml": "commands:\n  format: oxfmt\n",
    });
    repo.write("src/ugly.ts", "export const a = {b:1,\n  c:2}\n");
    const result = await runCliInProcess(repo.dir, ["--only", "format"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings).toEqual([
      expect.objectContaining({ file: "src/ugly.ts", line: 1, rule: "oxfmt" }),
    ]);
  });

  it("a linter gates has no adapter for is never passed silently: its exit code fails the change", async () => {
    const repo = makeRepo({
      "lint.sh": "echo 'src/more.ts:1 bad' && exit 3\n",
      ".verify/gates.yaml": "commands:\n  lint: sh lint.sh\n",
    });
    repo.write("src/more.ts", "export const a = 1;\n");
    const result = await runCliInProcess(repo.dir, ["--only", "lint"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings[0]?.message).toContain("'sh lint.sh' exited 3");
    expect(result.stdout).toContain("note in lint: 'sh lint.sh' has no adapter");
  });
});

describe("eslint warnings", () => {
  const WARN = [
    'import tseslint from "typescript-eslint";',
    "export default tseslint.config(...tseslint.configs.recommended, {",
    '  rules: { "no-console": "warn" },',
    "});",
    "",
  ].join("\n");

  it("warnings only, with --max-warnings 0 (exit 1) → the warnings are the findings, not clean", async () => {
    const repo = makeRepo({
      "eslint.config.js": WARN,
      ".verify/gates.yaml": "commands:\n  lint: eslint --max-warnings 0\n",
    });
    repo.write("src/log.ts", 'console.log("hi");\nexport {};\n');
    const result = await runCliInProcess(repo.dir, ["--only", "lint"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings).toEqual([
      expect.objectContaining({ file: "src/log.ts", line: 1, rule: "no-console" }),
    ]);
  });

  it("warnings only without --max-warnings (exit 0) pass", async () => {
    const repo = makeRepo({ "eslint.config.js": WARN });
    repo.write("src/log.ts", 'console.log("hi");\nexport {};\n');
    const result = await runCliInProcess(repo.dir, ["--only", "lint"]);
    expect(result.code, debug(result)).toBe(0);
  });
});

describe("format findings are held per changed line, not per file", () => {
  const UGLY =
    "export const old = {a:1,\n  b:2}\n\nexport function keep(): number {\n  return 1;\n}\n";

  // One change, one run: a new formatting error in one unformatted file, a well-formatted line
  // in another: exactly the first's new line is a finding.
  let shared: CliResult | undefined;
  const run = async () => {
    if (shared) return shared;
    const repo = makeRepo({ "src/legacy.ts": UGLY, "src/old.ts": UGLY });
    repo.write("src/legacy.ts", `${UGLY}\nexport const fresh = [1,2,\n   3];\n`);
    repo.write("src/old.ts", `${UGLY}\nexport const fresh = [1, 2, 3];\n`);
    shared = await runCliInProcess(repo.dir, ["--only", "format"]);
    return shared;
  };

  it("an already unformatted file does not hide a new formatting error in it", async () => {
    const result = await run();
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings).toEqual([
      expect.objectContaining({
        stage: "format",
        file: "src/legacy.ts",
        line: 8,
        rule: "prettier",
      }),
    ]);
  });

  it("a well-formatted line added to an unformatted file passes: the old debt is not the change's", async () => {
    const result = await run();
    expect(result.report?.findings.filter((f) => f.file === "src/old.ts")).toEqual([]);
  });
});

describe("a change may not loosen its own gate by editing commands", () => {
  it('typecheck: "true" over the configured command → floor finding', async () => {
    const repo = makeRepo({
      ".verify/gates.yaml": "commands:\n  typecheck: tsc --noEmit -p tsconfig.json\n",
    });
    repo.write(".verify/gates.yaml", 'commands:\n  typecheck: "true"\n');
    const result = await runInProcess(repo.dir, { only: ["floor"] });
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings).toEqual([
      expect.objectContaining({
        stage: "floor",
        file: ".verify/gates.yaml",
        line: 2,
        rule: "loosened-config",
      }),
    ]);
    expect(result.report?.findings[0]?.message).toContain(
      "commands.typecheck changed from 'tsc --noEmit -p tsconfig.json' to 'true'",
    );
  });

  it('a command set where the base detected one (typecheck: "true" over tsc) → floor finding', async () => {
    const repo = makeRepo();
    repo.write(".verify/gates.yaml", 'commands:\n  typecheck: "true"\n');
    const result = await runInProcess(repo.dir, { only: ["floor"] });
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings[0]?.message).toContain(
      "commands.typecheck changed from 'tsc --noEmit -p tsconfig.json' (detected) to 'true'",
    );
  });

  it("narrowing test to one file → floor finding; adding a command to the list is stricter and passes", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": "commands:\n  test: vitest run\n" });
    repo.write(".verify/gates.yaml", "commands:\n  test: vitest run src/math.test.ts\n");
    const narrowed = await runInProcess(repo.dir, { only: ["floor"] });
    expect(narrowed.code, debug(narrowed)).toBe(1);
    expect(narrowed.report?.findings[0]?.message).toContain("commands.test changed");
    repo.write(".verify/gates.yaml", "commands:\n  test:\n    - vitest run\n    - sh -c true\n");
    const added = await runInProcess(repo.dir, { only: ["floor"] });
    expect(added.code, debug(added)).toBe(0);
  });
});

describe("the floor compares test names per file", () => {
  it("a test replaced by a trivial one (same count) → finding naming the removed test", async () => {
    const repo = makeRepo();
    repo.write(
      "src/math.test.ts",
      repo
        .read("src/math.test.ts")
        .replace(
          /it\("adds negatives"[\s\S]*$/,
          'it("works", () => {\n  expect(1).toBe(1);\n});\n',
        ),
    );
    const result = await runInProcess(repo.dir, { only: ["floor"] });
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings).toEqual([
      expect.objectContaining({ file: "src/math.test.ts", line: 8, rule: "removed-tests" }),
    ]);
    expect(result.report?.findings[0]?.message).toContain("'adds negatives'");
  });

  it("a test moved to another test file of the change is not removed", async () => {
    const repo = makeRepo();
    const text = repo.read("src/math.test.ts");
    const moved = text.slice(text.indexOf('it("adds negatives"'));
    repo.write("src/math.test.ts", text.replace(moved, ""));
    repo.write(
      "src/negatives.test.ts",
      `import { expect, it } from "vitest";\nimport { add } from "./math.js";\n\n${moved}`,
    );
    const result = await runInProcess(repo.dir, { only: ["floor"] });
    expect(result.code, debug(result)).toBe(0);
  });
});

describe("the stamp", () => {
  it("a stamp hit rewrites gates.json and summary.txt: no stale fail is left", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const two = 2;\n");
    expect((await runCliInProcess(repo.dir, [])).code).toBe(0);
    const clean = repo.read("src/math.ts");
    repo.write("src/math.ts", clean + "// eslint-disable-next-line\nexport const three = 3;\n");
    const failed = await runCliInProcess(repo.dir, []);
    expect(failed.report?.status, debug(failed)).toBe("fail");
    repo.write("src/math.ts", clean);
    const hit = await runCliInProcess(repo.dir, []);
    expect(hit.code, debug(hit)).toBe(0);
    expect(hit.stdout).toContain("already verified");
    expect(hit.report).toMatchObject({ status: "pass", already_verified: true, findings: [] });
    expect(hit.summary).toContain("verify-gates: PASS (already verified");
  });

  it("--only never writes the green stamp; a full run does", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const two = 2;\n");
    const only = await runCliInProcess(repo.dir, ["--only", "floor"]);
    expect(only.code, debug(only)).toBe(0);
    expect(existsSync(join(repo.dir, ".verify", "green"))).toBe(false);
    expect(only.summary).toContain("no stamp written (--only: only a full run stamps)");
    expect((await runCliInProcess(repo.dir, ["--only", "floor"])).stdout).not.toContain(
      "already verified",
    );
    const full = await runCliInProcess(repo.dir, []);
    expect(full.code, debug(full)).toBe(0);
    expect(existsSync(join(repo.dir, ".verify", "green"))).toBe(true);
  });
});

describe("a bare AWS access key id is a secret", () => {
  it("in a .env file and in a constant → exit 1, masked", () => {
    const repo = makeRepo();
    repo.write(".env", `AWS_KEY=${AWS_KEY_ID}\n`);
    repo.write("src/aws.ts", `export const id = "${AWS_KEY_ID}";\n`);
    const result = runCli(repo.dir, ["--only", "secrets"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings.map((f) => `${f.file}:${f.line} ${f.rule}`)).toEqual([
      ".env:1 aws-access-key-id",
      "src/aws.ts:1 aws-access-key-id",
    ]);
    expect(result.stdout + JSON.stringify(result.report)).not.toContain(AWS_KEY_ID);
  });
});
