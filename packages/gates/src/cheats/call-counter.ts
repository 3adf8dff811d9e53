import type * as TS from "typescript";
import type { GateFinding } from "@agent-verify/contract";
import { finding } from "../context.js";
import { enclosingFunction, parse, walk, type Ts } from "./parse.js";
import type { ChangedSource } from "./source-files.js";

/** Module-level `let`/`var` bindings that start as a number: what a call counter looks like. */
function moduleCounters(ts: Ts, tree: TS.SourceFile): Set<string> {
  const out = new Set<string>();
  for (const statement of tree.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (statement.declarationList.flags & ts.NodeFlags.Const) continue;
    for (const d of statement.declarationList.declarations) {
      const init = d.initializer;
      const numeric =
        init !== undefined &&
        (ts.isNumericLiteral(init) ||
          (ts.isPrefixUnaryExpression(init) && ts.isNumericLiteral(init.operand)));
      if (ts.isIdentifier(d.name) && numeric) out.add(d.name.text);
    }
  }
  return out;
}

const COMPARISONS = new Set<TS.SyntaxKind>();

/** The counter a node updates (`n++`, `--n`, `n += 1`, `n = n + 1`), if it is one of `names`. */
function updated(ts: Ts, node: TS.Node, names: ReadonlySet<string>): string | undefined {
  let target: TS.Expression | undefined;
  if (ts.isPostfixUnaryExpression(node) || ts.isPrefixUnaryExpression(node)) {
    const op = node.operator;
    if (op === ts.SyntaxKind.PlusPlusToken || op === ts.SyntaxKind.MinusMinusToken)
      target = node.operand;
  } else if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (
      op === ts.SyntaxKind.PlusEqualsToken ||
      op === ts.SyntaxKind.MinusEqualsToken ||
      (op === ts.SyntaxKind.EqualsToken &&
        ts.isBinaryExpression(node.right) &&
        ts.isIdentifier(node.left) &&
        node.right.getText().includes(node.left.text))
    )
      target = node.left;
  }
  return target !== undefined && ts.isIdentifier(target) && names.has(target.text)
    ? target.text
    : undefined;
}

/** Whether `fn` decides something on the counter: compares it to a number, or tests it as a condition. */
function branchesOn(ts: Ts, fn: TS.Node, name: string): boolean {
  if (COMPARISONS.size === 0)
    for (const kind of [
      ts.SyntaxKind.EqualsEqualsEqualsToken,
      ts.SyntaxKind.EqualsEqualsToken,
      ts.SyntaxKind.ExclamationEqualsEqualsToken,
      ts.SyntaxKind.ExclamationEqualsToken,
      ts.SyntaxKind.LessThanToken,
      ts.SyntaxKind.LessThanEqualsToken,
      ts.SyntaxKind.GreaterThanToken,
      ts.SyntaxKind.GreaterThanEqualsToken,
      ts.SyntaxKind.PercentToken,
    ])
      COMPARISONS.add(kind);
  const mentions = (node: TS.Node): boolean => {
    let seen = false;
    walk(ts, node, (n) => {
      if (ts.isIdentifier(n) && n.text === name) seen = true;
    });
    return seen;
  };
  const numeric = (node: TS.Expression) =>
    ts.isNumericLiteral(node) ||
    (ts.isPrefixUnaryExpression(node) && ts.isNumericLiteral(node.operand));
  let found = false;
  walk(ts, fn, (node) => {
    if (found) return;
    if (ts.isBinaryExpression(node) && COMPARISONS.has(node.operatorToken.kind)) {
      const [a, b] = [node.left, node.right];
      if ((mentions(a) && numeric(b)) || (mentions(b) && numeric(a))) found = true;
    }
    const condition =
      ts.isIfStatement(node) || ts.isConditionalExpression(node)
        ? ts.isIfStatement(node)
          ? node.expression
          : node.condition
        : ts.isSwitchStatement(node)
          ? node.expression
          : undefined;
    if (
      condition &&
      (ts.isIdentifier(condition) ||
        ts.isPrefixUnaryExpression(condition) ||
        ts.isPostfixUnaryExpression(condition)) &&
      mentions(condition)
    )
      found = true;
  });
  return found;
}

/**
 * A changed function that counts its calls in module state and decides on the count: it can
 * answer the first call (the test's) differently from the rest.
 */
export async function callCounterFindings(source: ChangedSource): Promise<GateFinding[]> {
  if (!/\b(?:let|var)\b/.test(source.text)) return [];
  const { ts, source: tree, lineOf } = await parse(source.path, source.text);
  const counters = moduleCounters(ts, tree);
  if (counters.size === 0) return [];
  const out: GateFinding[] = [];
  const reported = new Set<string>();
  walk(ts, tree, (node) => {
    const name = updated(ts, node, counters);
    if (name === undefined) return;
    const line = lineOf(node);
    const fn = enclosingFunction(ts, node);
    if (!source.added.has(line) || fn === undefined || reported.has(`${name}:${line}`)) return;
    if (!branchesOn(ts, fn, name)) return;
    reported.add(`${name}:${line}`);
    out.push(
      finding(
        "floor",
        source.path,
        line,
        "call-counter",
        `new code counts calls across calls in module state ('${name}') and decides on the count`,
        "a function must answer the same input the same way every call: drop the counter",
      ),
    );
  });
  return out;
}
