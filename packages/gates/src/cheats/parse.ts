import type * as TS from "typescript";
import { typescriptApi } from "../typescript-api.js";

export type Ts = typeof TS.default;

let loaded: Ts | undefined;

/** The TypeScript compiler API, loaded on first use (most runs never need it). */
export async function typescript(): Promise<Ts> {
  loaded ??= typescriptApi();
  return loaded;
}

/** A TS/JS file's syntax tree, with 1-based line numbers of its nodes. */
export interface Parsed {
  ts: Ts;
  source: TS.SourceFile;
  lineOf: (node: TS.Node) => number;
}

export async function parse(path: string, text: string): Promise<Parsed> {
  const ts = await typescript();
  const kind = /\.[cm]?jsx?$/.test(path) ? ts.ScriptKind.JSX : ts.ScriptKind.TSX;
  const plain = /\.[cm]?[jt]s$/.test(path);
  const source = ts.createSourceFile(
    path,
    text,
    ts.ScriptTarget.Latest,
    true,
    plain ? (path.endsWith("js") ? ts.ScriptKind.JS : ts.ScriptKind.TS) : kind,
  );
  const lineOf = (node: TS.Node) =>
    source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  return { ts, source, lineOf };
}

/** Every node of a tree, depth first. */
export function walk(ts: Ts, node: TS.Node, visit: (node: TS.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(ts, child, visit));
}

/** The function (declaration, expression, arrow or method) a node is inside, if any. */
export function enclosingFunction(ts: Ts, node: TS.Node): TS.FunctionLikeDeclaration | undefined {
  for (let at = node.parent; at !== undefined; at = at.parent)
    if (ts.isFunctionLike(at) && "body" in at) return at as TS.FunctionLikeDeclaration;
  return undefined;
}
