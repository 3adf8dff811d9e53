/** A test definition: `it(...)`, `test.each(...)(...)`, `it.skip(...)` and friends. */
export interface TestDefinition {
  name: string;
  line: number;
}

const ROOTS = new Set(["it", "test"]);

/** Test definitions in a TS/JS file, read from the TypeScript AST. */
export async function testDefinitions(path: string, text: string): Promise<TestDefinition[]> {
  const ts = (await import("typescript")).default;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: TestDefinition[] = [];
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
        found.push({
          name,
          line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Test definitions in other languages, by their declaration lines. */
export function regexTestDefinitions(text: string): TestDefinition[] {
  const found: TestDefinition[] = [];
  text.split("\n").forEach((line, index) => {
    const match = /^\s*(?:async\s+)?def\s+(test_\w+)|^func\s+(Test\w+)/.exec(line);
    if (match) found.push({ name: match[1] ?? match[2] ?? "", line: index + 1 });
  });
  return found;
}
