import { isScriptFile } from "./floor-patterns.js";

/** A test definition: `it(...)`, `test.each(...)(...)`, `it.skip(...)` and friends. */
export interface TestDefinition {
  name: string;
  line: number;
  /** Last line of the test's callback (of the whole call when it has none). */
  endLine: number;
}

const ROOTS = new Set(["it", "test"]);

/** Test definitions in a TS/JS file, read from the TypeScript AST. */
export async function testDefinitions(path: string, text: string): Promise<TestDefinition[]> {
  const ts = (await import("typescript")).default;
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
        });
      }
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
    found.push({ name: match[1] ?? match[2] ?? "", line: index + 1, endLine: end + 1 });
  });
  return found;
}

/** Test definitions of a file in any language the floor knows. */
export async function fileTestDefinitions(path: string, text: string): Promise<TestDefinition[]> {
  return isScriptFile(path) ? testDefinitions(path, text) : regexTestDefinitions(text);
}
