import { describe, expect, it } from "vitest";
import { RunReportSchema } from "./outcome.js";
import { RunResultSchema } from "./run-result.js";

describe("fields added for the HTML report (optional, so older readers and writers still agree)", () => {
  it("a failed step may say where it failed, relative file and line", () => {
    const result = {
      schema_version: 1,
      flow: "a",
      status: "fail",
      duration_ms: 5,
      steps: [
        {
          name: "s",
          status: "fail",
          duration_ms: 5,
          location: { file: ".verify/src/flows/a.ts", line: 4 },
        },
      ],
      artifacts: {},
    };
    expect(RunResultSchema.parse(result).steps[0]?.location).toEqual({
      file: ".verify/src/flows/a.ts",
      line: 4,
    });
    const bad = { ...result, steps: [{ ...result.steps[0], location: { file: "a", line: 0 } }] };
    expect(RunResultSchema.safeParse(bad).success).toBe(false);
  });

  it("a report may carry run metadata and each outcome the flow's description, tags and file", () => {
    const report = RunReportSchema.parse({
      schema_version: 1,
      passed: true,
      outcomes: [
        {
          flow: "a",
          outcome: "pass",
          exit_code: 0,
          signal: null,
          duration_ms: 1,
          failing_step: null,
          error: null,
          artifacts: null,
          stderr_tail: "",
          result: null,
          description: "does a",
          tags: ["smoke"],
          file: ".verify/src/flows/a.ts",
        },
      ],
      meta: {
        started_at: "2026-12-01T10:00:00.000Z",
        wall_ms: 10,
        workers: 2,
        git_commit: "abc1234",
        ci_build: { provider: "github", id: "1" },
      },
    });
    expect(report.meta?.workers).toBe(2);
    expect(RunReportSchema.safeParse({ ...report, meta: { unknown: 1 } }).success).toBe(false);
  });
});
