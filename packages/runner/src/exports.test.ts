import { expect, it } from "vitest";
import * as runner from "./index.js";

it("pins the public exports", () => {
  expect(Object.keys(runner).sort()).toEqual([
    "FlowRun",
    "HEADLESS_ARGS",
    "RunnerError",
    "defineFlow",
    "initProject",
    "isFlow",
    "listFlows",
    "runFlow",
    "step",
  ]);
});
