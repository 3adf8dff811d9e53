// The end of scripts/test.sh's output names what failed: scripts/suite-summary.mjs over the JSON
// reports of a real vitest run with a failing test, a failing hook and a failing import.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const script = join(root, "scripts/suite-summary.mjs");
const vitest = join(root, "node_modules/.bin/vitest");

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function summary(reports: string, cwd: string) {
  const run = spawnSync(process.execPath, [script, reports, "42"], { cwd, encoding: "utf8" });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("scripts/suite-summary.mjs", () => {
  it("names each failed test, and each file that failed with none, after the slowest files", () => {
    const dir = mkdtempSync(join(tmpdir(), "suite-summary-"));
    folders.push(dir);
    writeFileSync(
      join(dir, "assertion.test.mjs"),
      'import { describe, expect, it } from "vitest";\n' +
        'describe("group", () => {\n  it("fails here", () => expect(1).toBe(2));\n  it("passes", () => {});\n});\n',
    );
    writeFileSync(
      join(dir, "hook.test.mjs"),
      'import { beforeAll, it } from "vitest";\nbeforeAll(() => { throw new Error("the hook broke"); });\nit("never runs", () => {});\n',
    );
    writeFileSync(join(dir, "import.test.mjs"), 'import "./missing.mjs";\n');
    writeFileSync(
      join(dir, "green.test.mjs"),
      'import { it } from "vitest";\nit("passes", () => {});\n',
    );
    const reports = join(dir, "reports");
    mkdirSync(reports);
    const run = spawnSync(
      vitest,
      ["run", "--root", dir, "--reporter=json", `--outputFile.json=${join(reports, "pkg.json")}`],
      { cwd: dir, encoding: "utf8", timeout: 120_000 },
    );
    expect(run.status).toBe(1);
    writeFileSync(join(reports, "torn.json"), '{"testResults": [');

    const out = summary(reports, dir);
    expect(out.status).toBe(0);
    expect(out.stderr).toBe("");
    const lines = out.stdout.trimEnd().split("\n");
    expect(lines).toContain("timings: torn.json could not be read");
    expect(lines).toContain("suite wall time: 42 s; slowest test files:");
    const slowest = lines.filter((line) => /^\s+\d+\.\d s {2}\S+\.test\.mjs$/.test(line));
    expect(slowest.map((line) => line.trim().split(/\s+/)[2]).sort()).toEqual([
      "assertion.test.mjs",
      "green.test.mjs",
      "hook.test.mjs",
      "import.test.mjs",
    ]);
    const failed = out.stdout.slice(out.stdout.indexOf("FAILED"));
    expect(failed).toContain(
      "FAILED assertion.test.mjs > group fails here\n  AssertionError: expected 1 to be 2",
    );
    expect(failed).toContain("FAILED hook.test.mjs\n  the hook broke");
    expect(failed).toMatch(/FAILED import\.test\.mjs\n {2}.*missing\.mjs/);
    expect(failed).not.toContain("green.test.mjs");
    expect(failed).not.toContain("passes");
    // The failures come last, after the slowest files.
    expect(out.stdout.indexOf("FAILED")).toBeGreaterThan(out.stdout.indexOf("slowest test files"));
  });

  it("says no timings were recorded when the reports folder is missing, and still exits 0", () => {
    const dir = mkdtempSync(join(tmpdir(), "suite-summary-"));
    folders.push(dir);
    const out = summary(join(dir, "nowhere"), dir);
    expect(out.status).toBe(0);
    expect(out.stdout).toBe("timings: none recorded\nsuite wall time: 42 s; slowest test files:\n");
  });
});
