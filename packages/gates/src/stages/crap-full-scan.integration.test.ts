import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CrapReportSchema } from "@agent-verify/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, makeRepo, type CliResult } from "../../test/fixture.js";

// Issue 33 §3: the advisory full CRAP scan after a test change scores every source function of
// the repository (`git ls-files`), not only the files the test run loaded; a function no test
// calls is 0 % covered.

const ROUTE = [
  "export function route(kind: string, size: number, urgent: boolean): string {",
  '  if (kind === "a") return urgent ? "a!" : "a";',
  '  if (kind === "b" && size > 3) return "b+";',
  '  if (kind === "c" || urgent) return "c";',
  '  if (size > 10) return "big";',
  '  return "other";',
  "}",
  "",
].join("\n");

/** A test added to the fixture's math tests: the change is a test change. */
const MORE_TEST = '\nit("adds zero", () => {\n  expect(add(0, 2)).toBe(2);\n});\n';

const crapJson = (dir: string) =>
  CrapReportSchema.parse(JSON.parse(readFileSync(join(dir, ".verify", "crap.json"), "utf8")));

describe("the advisory full scan after a test change", () => {
  // One run serves both cases: src/route.ts is committed on main and never imported by a test;
  // src/math.ts's add is tested; the change only adds a test. (The CLI's argv path in process:
  // the bin's own seam is other files' runCli tests.)
  let result: CliResult;
  let report: ReturnType<typeof crapJson>;
  beforeAll(async () => {
    const repo = makeRepo({ "src/route.ts": ROUTE });
    repo.write("src/math.test.ts", repo.read("src/math.test.ts") + MORE_TEST);
    result = await runCliInProcess(repo.dir, ["--only", "tests,crap"]);
    report = crapJson(repo.dir);
  });

  it("scores a source file no test loads: its complex function is 0 % covered and listed", () => {
    expect(result.code, debug(result)).toBe(0);
    expect(report.full_scan).toBe(true);
    // complexity 8 at 0 %: 8² + 8 = 72.
    expect(report.advisory.filter((f) => f.file === "src/route.ts")).toEqual([
      {
        file: "src/route.ts",
        name: "route",
        line: 1,
        complexity: 8,
        coverage_pct: 0,
        crap: 72,
        over_threshold: true,
      },
    ]);
  });

  it("a tested simple function stays out of the advisory list", () => {
    expect(result.code, debug(result)).toBe(0);
    expect(report.full_scan).toBe(true);
    // The list holds route alone (the case above): the tested add of src/math.ts is not in it.
    expect(report.advisory.filter((f) => f.file !== "src/route.ts")).toEqual([]);
  });
});
