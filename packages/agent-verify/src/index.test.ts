import * as runner from "@agent-verify/runner";
import { expect, it } from "vitest";
import * as agentVerify from "./index.js";

it("is the runner's API, the same objects", () => {
  expect(Object.keys(agentVerify).sort()).toEqual(Object.keys(runner).sort());
  expect(agentVerify.defineFlow).toBe(runner.defineFlow);
  expect(agentVerify.step).toBe(runner.step);
});
