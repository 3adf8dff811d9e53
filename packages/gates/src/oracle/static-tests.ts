import { SUITE_CALLS } from "../catalogue/test-calls.js";
import { isScriptFile } from "../catalogue/test-files.js";
import { typescriptApi } from "../typescript-api.js";

const TESTS = new Set(["it", "test"]);
const SUITES = new Set(SUITE_CALLS);

/**
 * The tests a file defines for certain, by the names a runner prints: `it`/`test` calls with a
 * string-literal name (no `%s` or `$x` placeholders), reached from the top of the file through
 * `describe` callbacks only. A test behind an `if`, in a loop or a helper function, or named by
 * an expression, may rightly not run: it is not counted on.
 */
export async function staticTestNames(path: string, text: string): Promise<string[]> {
  if (!isScriptFile(path)) return [];
  const ts = typescriptApi();
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  const rootName = (expr: import("typescript").Expression): string | undefined => {
    if (ts.isIdentifier(expr)) return expr.text;
    if (ts.isPropertyAccessExpression(expr) || ts.isCallExpression(expr))
      return rootName(expr.expression);
    return undefined;
  };
  /** The calls of one statement list: tests are kept, suites are entered, anything else ends the path. */
  const visit = (statements: import("typescript").NodeArray<import("typescript").Statement>) => {
    for (const statement of statements) {
      if (!ts.isExpressionStatement(statement)) continue;
      let call = statement.expression;
      if (ts.isAwaitExpression(call)) call = call.expression;
      if (!ts.isCallExpression(call)) continue;
      const root = rootName(call.expression);
      const first = call.arguments[0];
      // `it.each(table)(name, fn)`: the name is the outer call's, formatted per row.
      const isEach = ts.isCallExpression(call.expression);
      if (root && TESTS.has(root)) {
        if (!isEach && first && ts.isStringLiteral(first) && !/%|\$/.test(first.text))
          names.push(first.text);
        continue;
      }
      if (!root || !SUITES.has(root) || isEach) continue;
      const body = call.arguments.find(
        (arg) => ts.isArrowFunction(arg) || ts.isFunctionExpression(arg),
      ) as import("typescript").ArrowFunction | import("typescript").FunctionExpression | undefined;
      if (body && ts.isBlock(body.body)) visit(body.body.statements);
    }
  };
  visit(source.statements);
  return [...new Set(names)];
}
