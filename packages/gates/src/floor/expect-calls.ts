import { TEST_CALLS } from "../catalogue/test-calls.js";
import {
  compact,
  memberName,
  memberObject,
  parse,
  rootName,
  walk,
  type Node,
  type Parsed,
} from "./syntax.js";

/** Something that keeps an assertion from judging: it never runs, its failure is caught, or nobody waits for it. */
export type Guard = "if-false" | "try-catch" | "not-awaited";

/** One `expect(…)….matcher(…)` chain (or one `assert.method(…)` call) in a test file. */
export interface Assertion {
  /** The enclosing test's name ("" outside any test). */
  test: string;
  line: number;
  /** The whole chain, layout taken out. */
  text: string;
  /** What is checked: the argument of `expect(…)`. */
  subject: string;
  /** The last method called on the chain ("" for a bare `expect(x)`). */
  matcher: string;
  /** The matcher's arguments, layout taken out. */
  expected: string;
  negated: boolean;
  soft: boolean;
  guards: Guard[];
}

const TEST_CALL_NAMES = new Set(TEST_CALLS);

function isExpectBase(p: Parsed, node: Node): node is import("typescript").CallExpression {
  const { ts } = p;
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text === "expect";
  return memberName(ts, callee) === "soft" && rootName(ts, callee) === "expect";
}

/** node:assert's (and chai's `assert`) negated methods: `notEqual`, `doesNotThrow`, … */
const NEGATED_ASSERTS = /^(?:not[A-Z]|doesNot)/;
/** Assert methods that return a promise: an assertion only when awaited. */
const PROMISED_ASSERTS = new Set(["rejects", "doesNotReject"]);

/**
 * The method of a node:assert call, "ok" for a bare `assert(x)`: `assert.equal(a, b)`,
 * `assert.strict.equal(a, b)`, `t.assert.ok(x)`; undefined for any other call.
 */
function assertMethod(p: Parsed, node: Node): string | undefined {
  const { ts } = p;
  if (!ts.isCallExpression(node)) return undefined;
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text === "assert" ? "ok" : undefined;
  const name = memberName(ts, callee);
  const object = memberObject(ts, callee);
  if (name === undefined || object === undefined) return undefined;
  const owner = ts.isIdentifier(object) ? object.text : memberName(ts, object);
  if (owner === "assert") return name;
  return owner === "strict" && rootName(ts, object) === "assert" ? name : undefined;
}

/** One node:assert call as an assertion: its first argument is the subject, the rest expected. */
function assertCall(
  p: Parsed,
  node: import("typescript").CallExpression,
  method: string,
): Assertion {
  const { ts } = p;
  const [subject, ...expected] = node.arguments.map((a) => p.textOf(a));
  const guards = guardsOf(p, node, []);
  if (PROMISED_ASSERTS.has(method) && ts.isExpressionStatement(node.parent))
    guards.push("not-awaited");
  return {
    test: enclosingTest(p, node),
    line: p.lineOf(node),
    // One spelling for `assert(x)`, `assert.ok(x)`, `t.assert.ok(x)`, `assert.strict.ok(x)`: a
    // change of style is no change of what is checked.
    text: compact(`assert.${method}(${node.arguments.map((a) => p.textOf(a)).join(",")})`),
    subject: compact(subject ?? ""),
    matcher: method,
    expected: compact(expected.join(",")),
    negated: NEGATED_ASSERTS.test(method),
    soft: false,
    guards: guards.sort(),
  };
}

/** Climb from `expect(x)` to the end of its chain: `.not.toBe(1)`, `.rejects.toThrow()`. */
function chainEnd(p: Parsed, base: Node): { end: Node; names: string[] } {
  const { ts } = p;
  let end: Node = base;
  const names: string[] = [];
  for (;;) {
    const parent = end.parent;
    if (memberObject(ts, parent) === end) {
      names.push(memberName(ts, parent) ?? "");
      end = parent;
    } else if (ts.isCallExpression(parent) && parent.expression === end) end = parent;
    else break;
  }
  return { end, names };
}

const isFalsy = (p: Parsed, node: Node): boolean => {
  const { ts } = p;
  if (ts.isParenthesizedExpression(node)) return isFalsy(p, node.expression);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken)
    return isTruthy(p, node.operand);
  return (
    node.kind === ts.SyntaxKind.FalseKeyword ||
    node.kind === ts.SyntaxKind.NullKeyword ||
    (ts.isIdentifier(node) && node.text === "undefined") ||
    (ts.isNumericLiteral(node) && Number(node.text) === 0) ||
    (ts.isStringLiteral(node) && node.text === "")
  );
};
const isTruthy = (p: Parsed, node: Node): boolean => {
  const { ts } = p;
  if (ts.isParenthesizedExpression(node)) return isTruthy(p, node.expression);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken)
    return isFalsy(p, node.operand);
  return (
    node.kind === ts.SyntaxKind.TrueKeyword ||
    (ts.isNumericLiteral(node) && Number(node.text) !== 0) ||
    (ts.isStringLiteral(node) && node.text !== "")
  );
};

function guardsOf(p: Parsed, end: Node, names: readonly string[]): Guard[] {
  const { ts } = p;
  const guards = new Set<Guard>();
  let child: Node = end;
  for (let at: Node | undefined = end.parent; at; child = at, at = at.parent) {
    if (ts.isIfStatement(at)) {
      if (at.thenStatement === child && isFalsy(p, at.expression)) guards.add("if-false");
      if (at.elseStatement === child && isTruthy(p, at.expression)) guards.add("if-false");
    }
    if (
      ts.isBinaryExpression(at) &&
      at.right === child &&
      ((at.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken && isFalsy(p, at.left)) ||
        (at.operatorToken.kind === ts.SyntaxKind.BarBarToken && isTruthy(p, at.left)))
    )
      guards.add("if-false");
    if (ts.isTryStatement(at) && at.tryBlock === child && at.catchClause) guards.add("try-catch");
  }
  const promised = names.includes("rejects") || names.includes("resolves");
  if (promised && ts.isExpressionStatement(end.parent)) guards.add("not-awaited");
  return [...guards].sort();
}

function enclosingTest(p: Parsed, node: Node): string {
  const { ts } = p;
  for (let at: Node | undefined = node.parent; at; at = at.parent) {
    if (!ts.isCallExpression(at)) continue;
    const root = rootName(ts, at.expression);
    const first = at.arguments[0];
    if (root && TEST_CALL_NAMES.has(root) && first)
      return ts.isStringLiteralLike(first) ? first.text : compact(p.textOf(first));
  }
  return "";
}

/** Every assertion of a TS/JS test file: `expect(…)` chains and node:assert calls. */
export async function assertionsOf(path: string, text: string): Promise<Assertion[]> {
  const p = await parse(path, text);
  const { ts } = p;
  const out: Assertion[] = [];
  walk(ts, p.source, (node) => {
    const method = assertMethod(p, node);
    if (method !== undefined && ts.isCallExpression(node)) {
      out.push(assertCall(p, node, method));
      return;
    }
    if (!isExpectBase(p, node)) return;
    const { end, names } = chainEnd(p, node);
    const last = ts.isCallExpression(end) ? memberName(ts, end.expression) : undefined;
    out.push({
      test: enclosingTest(p, node),
      line: p.lineOf(node),
      text: compact(p.textOf(end)),
      subject: compact(node.arguments.map((a) => p.textOf(a)).join(",")),
      matcher: last ?? "",
      expected:
        ts.isCallExpression(end) && end !== node
          ? compact(end.arguments.map((a) => p.textOf(a)).join(","))
          : "",
      negated: names.includes("not"),
      soft: node.expression.kind !== ts.SyntaxKind.Identifier,
      guards: guardsOf(p, end, names),
    });
  });
  return out;
}

/** `expect(x).toBe(x)`, `expect(true).toBe(true)`, `expect(1).toBeTruthy()`: true whatever the code does. */
export function isTautology(a: Assertion): boolean {
  const literal = /^(?:true|false|null|undefined|-?\d[\d.]*|"[^"]*"|'[^']*'|`[^`$]*`)$/;
  if (a.negated) return false;
  if (a.expected !== "" && a.expected === a.subject) return true;
  if (!literal.test(a.subject)) return false;
  return a.expected === "" || literal.test(a.expected);
}
