import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { StepRecorder, step, withRecorder } from "./steps.js";

describe("step recording", () => {
  it("records passes, failures and nested steps in order", async () => {
    const recorder = new StepRecorder();
    await withRecorder(recorder, async () => {
      await step("outer", async () => {
        await step("inner", async () => 1);
      });
      await expect(step("boom", () => Promise.reject(new Error("kaput")))).rejects.toThrow("kaput");
    });
    expect(recorder.steps).toMatchObject([
      { name: "outer", status: "pass", steps: [{ name: "inner", status: "pass" }] },
      { name: "boom", status: "fail", error: "kaput" },
    ]);
  });

  it("names the running step and fails open steps on abort", async () => {
    const recorder = new StepRecorder();
    let release: () => void = () => {};
    const running = withRecorder(recorder, () =>
      step("slow", () => new Promise<void>((done) => (release = done))),
    );
    await new Promise((done) => setTimeout(done, 5));
    expect(recorder.runningStep).toBe("slow");
    recorder.failOpenSteps("step 'slow' timed out after 10 ms");
    release();
    await running;
    expect(recorder.steps).toEqual([
      expect.objectContaining({
        name: "slow",
        status: "fail",
        error: "step 'slow' timed out after 10 ms",
      }),
    ]);
  });

  it("gives a failed step the project's own line it failed at, relative, never outside", async () => {
    const dir = fileURLToPath(new URL("../..", import.meta.url));
    const inside = new StepRecorder(dir);
    await withRecorder(inside, () =>
      step("boom", () => Promise.reject(new Error("kaput"))).catch(() => {}),
    );
    expect(inside.steps[0]?.location).toEqual({
      file: "src/flows/steps.test.ts",
      line: expect.any(Number),
    });
    const outside = new StepRecorder("/somewhere/else");
    await withRecorder(outside, () =>
      step("boom", () => Promise.reject(new Error("kaput"))).catch(() => {}),
    );
    expect(outside.steps[0]?.location).toBeUndefined();
  });

  it("runs the function plainly outside a flow", async () => {
    await expect(step("alone", () => 42)).resolves.toBe(42);
  });
});
