import type * as TS from "typescript";
import type { GateFinding } from "@agent-verify/contract";
import { finding, type GatesContext } from "../context.js";
import { showFile } from "../git.js";
import type { Oracle } from "../oracle/index.js";
import { enclosingFunction, parse, walk, type Ts } from "./parse.js";
import type { ChangedSource } from "./source-files.js";

/** Literals too common to say anything: any code compares against them. */
const TRIVIAL = new Set(["n:0", "n:1", "n:-1", "s:", "null", "undefined", "true", "false"]);

/** A literal's identity (`n:100`, `s:SAVE10`), or undefined when the node is no literal. */
function literalKey(ts: Ts, node: TS.Node): string | undefined {
  if (ts.isParenthesizedExpression(node)) return literalKey(ts, node.expression);
  if (ts.isNumericLiteral(node)) return `n:${Number(node.text)}`;
  if (
    ts.isPrefixUnaryExpression(node) &&
    node.operator === ts.SyntaxKind.MinusToken &&
    ts.isNumericLiteral(node.operand)
  )
    return `n:${-Number(node.operand.text)}`;
  if (ts.isStringLiteralLike(node)) return `s:${node.text}`;
  if (ts.isBigIntLiteral(node)) return `b:${node.text}`;
  if (node.kind === ts.SyntaxKind.NullKeyword) return "null";
  if (node.kind === ts.SyntaxKind.TrueKeyword) return "true";
  if (node.kind === ts.SyntaxKind.FalseKeyword) return "false";
  if (ts.isIdentifier(node) && node.text === "undefined") return "undefined";
  return undefined;
}

const meaningful = (key: string | undefined): key is string =>
  key !== undefined && !TRIVIAL.has(key);

function functionName(ts: Ts, fn: TS.FunctionLikeDeclaration): string | undefined {
  if (fn.name && (ts.isIdentifier(fn.name) || ts.isStringLiteral(fn.name))) return fn.name.text;
  const parent = fn.parent;
  if (
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) &&
    ts.isIdentifier(parent.name)
  )
    return parent.name.text;
  return undefined;
}

function parameterNames(ts: Ts, fn: TS.FunctionLikeDeclaration): Set<string> {
  const names = new Set<string>();
  for (const p of fn.parameters)
    walk(ts, p.name, (n) => {
      if (ts.isIdentifier(n)) names.add(n.text);
    });
  return names;
}

/** The parameter an expression reads (`code`, `opts.code`, `code.trim()`), if any. */
function rootParameter(
  ts: Ts,
  node: TS.Expression,
  params: ReadonlySet<string>,
): string | undefined {
  let at: TS.Expression = node;
  for (;;) {
    if (ts.isIdentifier(at)) return params.has(at.text) ? at.text : undefined;
    if (
      ts.isPropertyAccessExpression(at) ||
      ts.isElementAccessExpression(at) ||
      ts.isCallExpression(at) ||
      ts.isParenthesizedExpression(at) ||
      ts.isAsExpression(at) ||
      ts.isNonNullExpression(at)
    )
      at = at.expression;
    else return undefined;
  }
}

/** One condition of the change: equality tests of inputs against literals, and where it is. */
interface Condition {
  fn: string;
  line: number;
  /** Each equality test: the input expression (as written) and the literal's key. */
  tests: Array<{ input: string; key: string; text: string }>;
  /** The literal the branch returns when the condition holds (`c ? 90 : p`, `if (c) return 90`). */
  returns?: string | undefined;
}

/** The literal a statement returns straight away (`return 90;`, `{ return 90; }`), if any. */
function returnedLiteral(ts: Ts, statement: TS.Statement): string | undefined {
  const first = ts.isBlock(statement) ? statement.statements[0] : statement;
  if (first === undefined || !ts.isReturnStatement(first) || first.expression === undefined)
    return undefined;
  return literalKey(ts, first.expression);
}

/** The literal the branch a condition guards yields, when it is one that says something. */
function branchLiteral(ts: Ts, root: TS.Node): string | undefined {
  const parent = root.parent;
  const key =
    ts.isConditionalExpression(parent) && parent.condition === root
      ? literalKey(ts, parent.whenTrue)
      : ts.isIfStatement(parent) && parent.expression === root
        ? returnedLiteral(ts, parent.thenStatement)
        : undefined;
  return meaningful(key) ? key : undefined;
}

const EQUALITY = (ts: Ts, kind: TS.SyntaxKind) =>
  kind === ts.SyntaxKind.EqualsEqualsEqualsToken || kind === ts.SyntaxKind.EqualsEqualsToken;

/** The whole condition a comparison belongs to (up through `&&`, `||`, `!` and parentheses). */
function conditionRoot(ts: Ts, node: TS.Node): TS.Node {
  let at = node;
  for (;;) {
    const parent = at.parent;
    const logical =
      ts.isBinaryExpression(parent) &&
      (parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken ||
        parent.operatorToken.kind === ts.SyntaxKind.BarBarToken);
    if (logical || ts.isParenthesizedExpression(parent) || ts.isPrefixUnaryExpression(parent))
      at = parent;
    else return at;
  }
}

const squash = (text: string) => text.replace(/\s+/g, "");

/**
 * Conditions on added lines that test two or more inputs against literals that say something, or
 * one or more when the branch they guard returns a literal (it may be a test's expected value).
 */
async function changedConditions(ctx: GatesContext, source: ChangedSource): Promise<Condition[]> {
  const { ts, source: tree, lineOf } = await parse(source.path, source.text);
  const byRoot = new Map<TS.Node, Condition>();
  walk(ts, tree, (node) => {
    if (!ts.isBinaryExpression(node) || !EQUALITY(ts, node.operatorToken.kind)) return;
    const line = lineOf(node);
    if (!source.added.has(line)) return;
    const fn = enclosingFunction(ts, node);
    const name = fn && functionName(ts, fn);
    if (!fn || !name) return;
    const params = parameterNames(ts, fn);
    const [input, literal] =
      literalKey(ts, node.right) !== undefined ? [node.left, node.right] : [node.right, node.left];
    const key = literalKey(ts, literal);
    if (!meaningful(key) || rootParameter(ts, input, params) === undefined) return;
    const root = conditionRoot(ts, node);
    const condition = byRoot.get(root) ?? {
      fn: name,
      line,
      tests: [],
      returns: branchLiteral(ts, root),
    };
    condition.tests.push({ input: squash(input.getText(tree)), key, text: node.getText(tree) });
    byRoot.set(root, condition);
  });
  const candidates = [...byRoot.values()].filter(pinsEnough);
  if (candidates.length === 0) return [];
  // A comparison the file already had is not the change's.
  const before =
    (await showFile(ctx.root, ctx.change.mergeBase, source.file.oldPath ?? source.path)) ?? "";
  const old = squash(before);
  return candidates
    .map((c) => ({ ...c, tests: c.tests.filter((t) => !old.includes(squash(t.text))) }))
    .filter(pinsEnough);
}

const inputsOf = (tests: Condition["tests"]) => new Set(tests.map((t) => t.input));
const pinsEnough = (c: Condition) => inputsOf(c.tests).size >= (c.returns === undefined ? 2 : 1);

/** A call of a tested function in a test: its literal inputs, and where it is. */
interface TestCall {
  file: string;
  line: number;
  keys: Set<string>;
  /** The literal the test expects it to return (`expect(f(…)).toBe(90)`, `assert.equal(f(…), 90)`). */
  expected?: string | undefined;
}

const MATCHERS = new Set(["toBe", "toEqual", "toStrictEqual"]);
const ASSERTS = new Set(["equal", "strictEqual", "deepEqual", "deepStrictEqual", "is"]);

/** `f` of `f(…)` and of `a.f(…)`. */
function calleeName(ts: Ts, callee: TS.Expression): string | undefined {
  if (ts.isIdentifier(callee)) return callee.text;
  return ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
}

/** The literal a test expects a call to return, when it says so plainly. */
function expectedOf(ts: Ts, call: TS.CallExpression): string | undefined {
  const parent = call.parent;
  if (!ts.isCallExpression(parent) || parent.arguments[0] !== call) return undefined;
  const callee = parent.expression;
  // assert.equal(f(…), 90), t.is(f(…), 90)
  const name = calleeName(ts, callee);
  if (name !== undefined && ASSERTS.has(name) && parent.arguments[1] !== undefined)
    return literalKey(ts, parent.arguments[1]);
  // expect(f(…)).toBe(90)
  if (!ts.isIdentifier(callee) || callee.text !== "expect") return undefined;
  const matcher = parent.parent;
  const invoked = matcher.parent;
  if (
    !ts.isPropertyAccessExpression(matcher) ||
    !MATCHERS.has(matcher.name.text) ||
    !ts.isCallExpression(invoked) ||
    invoked.arguments[0] === undefined
  )
    return undefined;
  return literalKey(ts, invoked.arguments[0]);
}

function literalsOf(ts: Ts, node: TS.Node, into: Set<string>): void {
  const key = literalKey(ts, node);
  if (key !== undefined) {
    if (meaningful(key)) into.add(key);
    return;
  }
  if (ts.isFunctionLike(node) || ts.isCallExpression(node)) return;
  ts.forEachChild(node, (child) => literalsOf(ts, child, into));
}

async function testCalls(oracle: Oracle, names: ReadonlySet<string>): Promise<TestCall[]> {
  const out: TestCall[] = [];
  for (const path of oracle.paths("test")) {
    if (!/\.[cm]?[jt]sx?$/.test(path)) continue;
    const text = await oracle.read(path);
    if (text === undefined || ![...names].some((name) => text.includes(name))) continue;
    const { ts, source, lineOf } = await parse(path, text);
    walk(ts, source, (node) => {
      if (!ts.isCallExpression(node)) return;
      const name = calleeName(ts, node.expression);
      if (name === undefined || !names.has(name)) return;
      const keys = new Set<string>();
      for (const arg of node.arguments) literalsOf(ts, arg, keys);
      if (keys.size > 0)
        out.push({ file: path, line: lineOf(node), keys, expected: expectedOf(ts, node) });
    });
  }
  return out;
}

const shown = (key: string) => (key.startsWith("s:") ? JSON.stringify(key.slice(2)) : key.slice(2));

/**
 * A branch that returns the value a test expects, under a condition on that test's inputs: every
 * input the condition tests is pinned to the call's literal, and the call passes another literal
 * the branch ignores (`code === "SAVE10" ? 90 : price` for `expect(discount(100, "SAVE10")).toBe(90)`).
 * A lookup on the function's only input (`kind === "error" ? "Error" : kind`) pins the whole call:
 * it maps an input, it does not skip one.
 */
function returnsExpected(condition: Condition, call: TestCall): boolean {
  if (condition.returns === undefined || condition.returns !== call.expected) return false;
  const pinned = new Set(condition.tests.map((t) => t.key));
  if (![...pinned].every((key) => call.keys.has(key))) return false;
  return [...call.keys].some((key) => !pinned.has(key) && key !== call.expected);
}

/**
 * The hard-coded test case: a changed condition that tests two or more inputs of a function
 * against the very literals one call of that function in the oracle's tests passes
 * (`if (price === 100 && code === "SAVE10") return 90`), or one that returns the call's expected
 * value (`returnsExpected`). A finding names both lines.
 */
export async function specialCaseFindings(
  ctx: GatesContext,
  sources: readonly ChangedSource[],
): Promise<GateFinding[]> {
  const conditions: Array<[ChangedSource, Condition]> = [];
  for (const source of sources)
    for (const c of await changedConditions(ctx, source)) conditions.push([source, c]);
  if (conditions.length === 0) return [];
  const calls = await testCalls(await ctx.oracle(), new Set(conditions.map(([, c]) => c.fn)));
  const out: GateFinding[] = [];
  for (const [source, condition] of conditions) {
    const matched = (call: TestCall) => condition.tests.filter((t) => call.keys.has(t.key));
    // Two or more different inputs pinned to one test call's values: that call, hard-coded.
    const hit =
      calls.find((call) => inputsOf(matched(call)).size >= 2) ??
      calls.find((call) => returnsExpected(condition, call));
    if (!hit) continue;
    const values = [...new Set(matched(hit).map((t) => shown(t.key)))];
    const returning =
      inputsOf(matched(hit)).size < 2 && hit.expected !== undefined
        ? `, returning the ${shown(hit.expected)} it expects,`
        : "";
    out.push(
      finding(
        "floor",
        source.path,
        condition.line,
        "special-cased-test-input",
        `${condition.fn}() special-cases the inputs of the test at ${hit.file}:${hit.line} (${values.join(", ")})${returning} on ${source.path}:${condition.line}`,
        "solve the problem for every input, not the ones the tests pass",
      ),
    );
  }
  return out;
}
