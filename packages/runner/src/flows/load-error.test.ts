import { describe, expect, it } from "vitest";
import { loadError } from "./load-error.js";

function named(name: string, message: string, stack?: string): Error {
  const error = new Error(message);
  error.name = name;
  if (stack !== undefined) error.stack = stack;
  return error;
}

describe("loadError", () => {
  const path = "/repo/.verify/src/flows/a.ts";

  it("a TypeScript syntax error (tsx's TransformError) is flow_error naming file:line", () => {
    const error = loadError(
      path,
      named(
        "TransformError",
        'Transform failed with 1 error:\n/repo/.verify/src/pages/todo.ts:2:9: ERROR: Expected "}" but found "1"',
      ),
      "/repo",
    );
    expect(error.code).toBe("flow_error");
    expect(error.message).toBe(
      `cannot load flow module ${path}: SyntaxError: Expected "}" but found "1" at .verify/src/pages/todo.ts:2`,
    );
    expect(error.hint).toMatch(/flow or a page object/);
  });

  it("a JavaScript SyntaxError with the file on its stack names it", () => {
    const error = new SyntaxError("Unexpected token ';'");
    error.stack =
      "/repo/.verify/src/flows/b.js:3\n  return 1 +;\n           ^\n\nSyntaxError: Unexpected token ';'";
    expect(loadError(path, error, "/repo").message).toBe(
      `cannot load flow module ${path}: SyntaxError: Unexpected token ';' at .verify/src/flows/b.js:3`,
    );
  });

  it("a TypeError thrown by a page object's top level is flow_error too", () => {
    const error = new TypeError("config.read is not a function");
    error.stack = `TypeError: config.read is not a function\n    at file:///repo/.verify/src/pages/c.ts:4:10`;
    expect(loadError(path, error, "/repo")).toMatchObject({
      code: "flow_error",
      message: `cannot load flow module ${path}: TypeError: config.read is not a function at .verify/src/pages/c.ts:4`,
    });
  });

  it("anything else is flow_module_invalid; a require(esm) failure carries the fix as its hint", () => {
    const missing = loadError(
      path,
      named("Error", "Cannot find module 'x'\nRequire stack:"),
      "/repo",
    );
    expect(missing).toMatchObject({
      code: "flow_module_invalid",
      message: `cannot load flow module ${path}: Cannot find module 'x'`,
      hint: undefined,
    });
    const cycle = loadError(
      path,
      named("Error", "Cannot require() ES Module /repo/e2e/po.ts in a cycle."),
      "/repo",
    );
    expect(cycle.code).toBe("flow_module_invalid");
    expect(cycle.hint).toMatch(/name it \.mts or move it under \.verify/);
  });
});
