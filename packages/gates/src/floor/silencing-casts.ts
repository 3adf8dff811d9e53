import type TS from "typescript";
import type { GateFinding } from "@agent-verify/contract";
import { finding } from "../context.js";
import { isTestFile } from "../catalogue/test-files.js";
import type { JudgedFile } from "./judged-files.js";
import { compact, parse, walk, type Ts } from "./syntax.js";

/** TypeScript files: a JS file has no type assertion to silence anything with. */
const TS_FILE = /\.[cm]?tsx?$/;
/** A line that may hold one (the syntax tree decides): `as unknown`, `as any`, `as never`, `<any>`. */
const MAY_CAST = /\bas\s+(?:unknown|any|never)\b|<\s*(?:unknown|any)\s*>/;

const unwrap = (ts: Ts, node: TS.Expression): TS.Expression =>
  ts.isParenthesizedExpression(node) ? unwrap(ts, node.expression) : node;

const isAssertion = (ts: Ts, node: TS.Node): node is TS.AsExpression | TS.TypeAssertion =>
  ts.isAsExpression(node) || ts.isTypeAssertionExpression(node);

const isTop = (ts: Ts, type: TS.TypeNode) =>
  type.kind === ts.SyntaxKind.UnknownKeyword || type.kind === ts.SyntaxKind.AnyKeyword;

/**
 * A constructor's type (`new () => T`, `{ new (): T }`): TypeScript cannot type a function used
 * with `new` (a null-prototype object's maker, say), so a cast is the only way to write one; it
 * asserts what the value does, not a type that hides an error.
 */
const isConstructorType = (ts: Ts, type: TS.TypeNode): boolean =>
  ts.isConstructorTypeNode(type) ||
  (ts.isTypeLiteralNode(type) &&
    type.members.length > 0 &&
    type.members.every((member) => ts.isConstructSignatureDeclaration(member)));

/**
 * What a type assertion silences, if it is one that does: a double assertion through `unknown`
 * or `any` (`x as unknown as T`, `<T><any>x`) asserts a type the value cannot have, and `as never`
 * fits any slot; both hide the error the checker would report, as `@ts-expect-error` does.
 */
function silencing(ts: Ts, node: TS.AsExpression | TS.TypeAssertion): string | undefined {
  if (node.type.kind === ts.SyntaxKind.NeverKeyword) return "as never";
  const inner = unwrap(ts, node.expression);
  if (
    isAssertion(ts, inner) &&
    isTop(ts, inner.type) &&
    !isTop(ts, node.type) &&
    !isConstructorType(ts, node.type)
  )
    return `a double assertion through ${inner.type.kind === ts.SyntaxKind.AnyKeyword ? "any" : "unknown"}`;
  return undefined;
}

/**
 * New casts that silence the type checker, on the lines the change added (the line of the
 * asserted type). One the file already had (its text among the removed lines: moved, re-wrapped
 * or on a line changed for another reason) is not the change's. Test files are not read: a test
 * passes a value of the wrong type on purpose (`parse(1 as never)`) to see it rejected, and the
 * oracle, not the floor, guards what a test asserts.
 */
export async function silencingCastFindings(file: JudgedFile): Promise<GateFinding[]> {
  if (file.after === undefined || !TS_FILE.test(file.path) || isTestFile(file.path)) return [];
  if (![...file.diff.added.values()].some((text) => MAY_CAST.test(text))) return [];
  const { ts, source, lineOf, textOf } = await parse(file.path, file.after);
  const removed = compact([...file.diff.removed.values()].join("\n"));
  const out: GateFinding[] = [];
  walk(ts, source, (node) => {
    if (!isAssertion(ts, node)) return;
    const what = silencing(ts, node);
    const line = lineOf(node.type);
    if (what === undefined || !file.diff.added.has(line)) return;
    const text = textOf(node);
    if (removed.includes(compact(text))) return;
    const shown = text.replace(/\s+/g, " ");
    out.push(
      finding(
        "floor",
        file.path,
        line,
        "suppression",
        `new type-check suppression (${what}): ${shown.length > 80 ? `${shown.slice(0, 77)}...` : shown}`,
        "give the value the type it has: a cast through unknown or any, or to never, hides the type error instead of fixing it",
      ),
    );
  });
  return out;
}
