import { describe, expect, it } from "vitest";
import { flowCodeError, formatLocation, userFrame } from "./flow-error.js";

function thrown(name: string, message: string, frames: string[]): Error {
  const error = new Error(message);
  error.name = name;
  error.stack = [`${name}: ${message}`, ...frames.map((frame) => `    at ${frame}`)].join("\n");
  return error;
}

describe("flowCodeError", () => {
  const dir = "/repo";

  it("names a TypeError in a page object with file:line relative to the repo", () => {
    const error = thrown("TypeError", "app.addd is not a function", [
      "TodoPage.add (file:///repo/.verify/src/pages/todo.ts:14:16)",
      "file:///repo/.verify/src/flows/add.ts:9:5",
      "StepRecorder.run (/repo/node_modules/@agent-verify/runner/dist/flows/steps.js:33:33)",
    ]);
    expect(flowCodeError(error, dir)).toBe(
      "TypeError: app.addd is not a function at .verify/src/pages/todo.ts:14",
    );
  });

  it.each(["ReferenceError", "SyntaxError", "RangeError"])("treats a %s the same", (name) => {
    const error = thrown(name, "boom", ["/repo/.verify/src/flows/x.ts:3:1"]);
    expect(flowCodeError(error, dir)).toBe(`${name}: boom at .verify/src/flows/x.ts:3`);
  });

  it("skips frames of Node, node_modules and the runner to find the user's line", () => {
    const error = thrown("TypeError", "bad", [
      "node:internal/process/task_queues:95:5",
      "/repo/node_modules/lodash/index.js:10:2",
      "/work/packages/runner/dist/run-flow.js:1:1",
      "/repo/.verify/src/pages/cart.ts:22:7",
    ]);
    expect(userFrame(error)).toEqual({ file: "/repo/.verify/src/pages/cart.ts", line: 22 });
  });

  it("leaves assertion and Playwright errors to be failures", () => {
    expect(flowCodeError(thrown("Error", "expect(received).toBe(1)", []), dir)).toBeUndefined();
    expect(
      flowCodeError(thrown("TimeoutError", "locator.click: Timeout", []), dir),
    ).toBeUndefined();
    const fromPlaywright = thrown("SyntaxError", "Unexpected token '<'", [
      "JSON.parse (<anonymous>)",
      "APIResponse.json (/repo/node_modules/.pnpm/playwright-core@1.65.1/node_modules/playwright-core/lib/client/fetch.js:1:1)",
      "/repo/.verify/src/flows/api.ts:5:3",
    ]);
    expect(flowCodeError(fromPlaywright, dir)).toBeUndefined();
    expect(flowCodeError("a string", dir)).toBeUndefined();
  });

  it("shows a file outside the repo by its absolute path", () => {
    expect(formatLocation({ file: "/elsewhere/x.ts", line: 3 }, dir)).toBe("/elsewhere/x.ts:3");
  });
});
