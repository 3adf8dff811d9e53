import { describe, expect, it } from "vitest";
import { buildResult, validateResult } from "./result.js";

describe("buildResult", () => {
  it("rejects an object that breaks the contract", async () => {
    const result = buildResult({ flow: "x", status: "pass", durationMs: 1, steps: [] });
    await expect(validateResult({ ...result, status: "maybe" as never })).rejects.toThrow(/status/);
    await expect(validateResult(result)).resolves.toEqual(result);
  });

  it("lists declared steps that never ran as not_run", () => {
    const result = buildResult({
      flow: "checkout",
      status: "fail",
      durationMs: 12.6,
      steps: [{ name: "a", status: "fail", duration_ms: 3, error: "x" }],
      declaredSteps: ["a", "b", "c"],
    });
    expect(result).toEqual({
      schema_version: 1,
      flow: "checkout",
      status: "fail",
      duration_ms: 13,
      artifacts: {},
      steps: [
        { name: "a", status: "fail", duration_ms: 3, error: "x" },
        { name: "b", status: "not_run", duration_ms: 0 },
        { name: "c", status: "not_run", duration_ms: 0 },
      ],
    });
  });

  it("carries the hint of an error", async () => {
    const result = buildResult({
      flow: "x",
      status: "error",
      durationMs: 1,
      steps: [],
      error: "cannot load flow module",
      errorCode: "flow_module_invalid",
      hint: "use .mts files",
    });
    expect(result.hint).toBe("use .mts files");
    await expect(validateResult(result)).resolves.toEqual(result);
  });
});
