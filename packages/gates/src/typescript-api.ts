// The TypeScript compiler API (the `typescript` package gates depends on), loaded on first use.
// Through require, not import(): importing its one 9 MB CommonJS file from an ES module makes Node
// scan all of it for named exports first, three times the cost of requiring it (a stop that
// parses a test file paid it every time).
import { createRequire } from "node:module";
import type TS from "typescript";

const load = createRequire(import.meta.url);
let loaded: typeof TS | undefined;

export function typescriptApi(): typeof TS {
  return (loaded ??= load("typescript") as typeof TS);
}
