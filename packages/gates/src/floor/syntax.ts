import type TS from "typescript";
import { typescriptApi } from "../typescript-api.js";

export type Ts = typeof TS;
export type Node = TS.Node;

/** A TS/JS file's syntax tree (the `typescript` package gates already depends on; loaded lazily). */
export interface Parsed {
  ts: Ts;
  source: TS.SourceFile;
  lineOf: (node: TS.Node) => number;
  textOf: (node: TS.Node) => string;
}

let loaded: Ts | undefined;

export async function parse(path: string, text: string): Promise<Parsed> {
  const ts = (loaded ??= typescriptApi());
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  return {
    ts,
    source,
    lineOf: (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
    textOf: (node) => node.getText(source),
  };
}

/** Walk every node, depth first. */
export function walk(ts: Ts, node: TS.Node, visit: (node: TS.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(ts, child, visit));
}

/** Code text with its layout (and quote style) taken out, so a re-indent or a re-wrap reads the same. */
export const compact = (text: string) =>
  text
    .replace(/\s+/g, "")
    .replace(/'/g, '"')
    .replace(/,([)\]}])/g, "$1");

/** The name of a property access or a bracketed string key: `it.skip`, `it["skip"]`. */
export function memberName(ts: Ts, node: TS.Node): string | undefined {
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression))
    return node.argumentExpression.text;
  return undefined;
}

/** The object a member is read from: `it` in `it.skip`, `it["skip"]`. */
export function memberObject(ts: Ts, node: TS.Node): TS.Expression | undefined {
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node))
    return node.expression;
  return undefined;
}

/** The identifier a callee chain starts from: `it` in `it.skip.each(x)`, `this` for `this.skip`. */
export function rootName(ts: Ts, node: TS.Node): string | undefined {
  if (ts.isIdentifier(node)) return node.text;
  if (node.kind === ts.SyntaxKind.ThisKeyword) return "this";
  const object = memberObject(ts, node);
  if (object) return rootName(ts, object);
  if (ts.isCallExpression(node)) return rootName(ts, node.expression);
  return undefined;
}
