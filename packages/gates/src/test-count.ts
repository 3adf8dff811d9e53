import { SUITE_CALLS } from "./catalogue/test-calls.js";
import { isScriptFile } from "./catalogue/test-files.js";
import { typescriptApi } from "./typescript-api.js";

/** A test definition: `it(...)`, `test.each(...)(...)`, `it.skip(...)` and friends. */
export interface TestDefinition {
  name: string;
  line: number;
  /** Last line of the test's callback (of the whole call when it has none). */
  endLine: number;
  /** The callback's body with its layout taken out ("" when none): a renamed test keeps it. */
  body: string;
  /** Each statement of the callback's body, layout taken out (the body itself when it is an expression). */
  statements: string[];
}

/** A `describe` block: its name and its text with the layout taken out. */
export interface DescribeBlock {
  name: string;
  text: string;
}

const compact = (text: string) =>
  text
    .replace(/\s+/g, "")
    .replace(/'/g, '"')
    .replace(/,([)\]}])/g, "$1");
const DESCRIBES = new Set(SUITE_CALLS);

const ROOTS = new Set(["it", "test"]);

/** Test definitions in a TS/JS file, read from the TypeScript AST. */
export async function testDefinitions(path: string, text: string): Promise<TestDefinition[]> {
  const ts = typescriptApi();
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: TestDefinition[] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const rootName = (expr: import("typescript").Expression): string | undefined => {
    if (ts.isIdentifier(expr)) return expr.text;
    if (ts.isPropertyAccessExpression(expr) || ts.isCallExpression(expr))
      return rootName(expr.expression);
    return undefined;
  };
  const visit = (node: import("typescript").Node): void => {
    if (ts.isCallExpression(node)) {
      const root = rootName(node.expression);
      const calledAgain = ts.isCallExpression(node.parent) && node.parent.expression === node;
      if (root && ROOTS.has(root) && !calledAgain) {
        const first = node.arguments[0];
        const name =
          first && ts.isStringLiteralLike(first) ? first.text : first ? first.getText(source) : "";
        const callback = node.arguments.find(
          (arg) => ts.isArrowFunction(arg) || ts.isFunctionExpression(arg),
        );
        found.push({
          name,
          line: lineOf(node.getStart(source)),
          endLine: lineOf((callback ?? node).getEnd()),
          body: callback ? compact(callback.body.getText(source)) : "",
          statements: !callback
            ? []
            : ts.isBlock(callback.body)
              ? callback.body.statements.map((st) => compact(st.getText(source)))
              : [compact(callback.body.getText(source))],
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The `describe` blocks of a TS/JS test file. */
export async function describeBlocks(path: string, text: string): Promise<DescribeBlock[]> {
  if (!isScriptFile(path)) return [];
  const ts = typescriptApi();
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: DescribeBlock[] = [];
  const visit = (node: import("typescript").Node): void => {
    if (ts.isCallExpression(node)) {
      let callee: import("typescript").Expression = node.expression;
      while (ts.isPropertyAccessExpression(callee) || ts.isCallExpression(callee))
        callee = callee.expression;
      const first = node.arguments[0];
      if (
        ts.isIdentifier(callee) &&
        DESCRIBES.has(callee.text) &&
        first &&
        ts.isStringLiteralLike(first)
      )
        found.push({ name: first.text, text: compact(node.getText(source)) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const indentOf = (line: string) => /^\s*/.exec(line)?.[0].length ?? 0;

/**
 * Test definitions in other languages, by their declaration lines; a body ends before the
 * next non-blank line indented no deeper than the declaration (Python's dedent, Go's `}`).
 */
export function regexTestDefinitions(text: string): TestDefinition[] {
  const found: TestDefinition[] = [];
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    const match = /^\s*(?:async\s+)?def\s+(test_\w+)|^func\s+(Test\w+)/.exec(line);
    if (!match) return;
    const indent = indentOf(line);
    let end = index;
    for (let next = index + 1; next < lines.length; next++) {
      const candidate = lines[next] ?? "";
      if (candidate.trim() === "") continue;
      if (indentOf(candidate) <= indent) break;
      end = next;
    }
    const body = lines.slice(index + 1, end + 1).join("\n");
    found.push({
      name: match[1] ?? match[2] ?? "",
      line: index + 1,
      endLine: end + 1,
      body: compact(body),
      statements: [],
    });
  });
  return found;
}

/** Test definitions of a file in any language the floor knows. */
export async function fileTestDefinitions(path: string, text: string): Promise<TestDefinition[]> {
  return isScriptFile(path) ? testDefinitions(path, text) : regexTestDefinitions(text);
}
