import type TS from "typescript";
import { typescriptApi } from "../typescript-api.js";

export interface Position {
  /** 1-based. */
  line: number;
  /** 0-based, as istanbul counts. */
  column: number;
}

export interface FunctionInfo {
  name: string;
  /** Line of the function head, where ESLint reports it. */
  line: number;
  start: Position;
  end: Position;
  complexity: number;
}

type Ts = typeof TS;

function isFunctionLike(ts: Ts, node: TS.Node): node is TS.FunctionLikeDeclaration {
  return (
    (ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)) &&
    node.body !== undefined
  );
}

/** Nodes that open their own code path in ESLint: they never add to the enclosing function. */
function opensCodePath(ts: Ts, node: TS.Node): boolean {
  return (
    isFunctionLike(ts, node) ||
    ts.isClassStaticBlockDeclaration(node) ||
    (node.parent !== undefined &&
      ts.isPropertyDeclaration(node.parent) &&
      node.parent.initializer === node)
  );
}

const LOGICAL = (ts: Ts) =>
  new Set<TS.SyntaxKind>([
    ts.SyntaxKind.AmpersandAmpersandToken,
    ts.SyntaxKind.BarBarToken,
    ts.SyntaxKind.QuestionQuestionToken,
    ts.SyntaxKind.AmpersandAmpersandEqualsToken,
    ts.SyntaxKind.BarBarEqualsToken,
    ts.SyntaxKind.QuestionQuestionEqualsToken,
  ]);

/** +1 for each node ESLint's `complexity` rule counts (classic variant). */
function increments(ts: Ts, node: TS.Node, logical: Set<TS.SyntaxKind>): number {
  switch (node.kind) {
    case ts.SyntaxKind.IfStatement:
    case ts.SyntaxKind.ConditionalExpression:
    case ts.SyntaxKind.ForStatement:
    case ts.SyntaxKind.ForInStatement:
    case ts.SyntaxKind.ForOfStatement:
    case ts.SyntaxKind.WhileStatement:
    case ts.SyntaxKind.DoStatement:
    case ts.SyntaxKind.CatchClause:
    case ts.SyntaxKind.CaseClause:
      return 1;
    case ts.SyntaxKind.BinaryExpression:
      return logical.has((node as TS.BinaryExpression).operatorToken.kind) ? 1 : 0;
    case ts.SyntaxKind.Parameter:
    case ts.SyntaxKind.BindingElement:
      return (node as TS.ParameterDeclaration | TS.BindingElement).initializer ? 1 : 0;
    case ts.SyntaxKind.ShorthandPropertyAssignment:
      return (node as TS.ShorthandPropertyAssignment).objectAssignmentInitializer ? 1 : 0;
    case ts.SyntaxKind.PropertyAccessExpression:
    case ts.SyntaxKind.ElementAccessExpression:
    case ts.SyntaxKind.CallExpression:
      return (node as TS.PropertyAccessExpression).questionDotToken ? 1 : 0;
    default:
      return 0;
  }
}

function complexityOf(ts: Ts, fn: TS.FunctionLikeDeclaration): number {
  const logical = LOGICAL(ts);
  let total = 1;
  const visit = (node: TS.Node): void => {
    if (opensCodePath(ts, node)) return;
    total += increments(ts, node, logical);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn, visit);
  return total;
}

function nameOf(ts: Ts, fn: TS.FunctionLikeDeclaration, source: TS.SourceFile): string {
  if (ts.isConstructorDeclaration(fn)) return "constructor";
  if (fn.name) return fn.name.getText(source);
  const parent = fn.parent;
  if (
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent)) &&
    parent.name
  ) {
    return parent.name.getText(source);
  }
  return "<anonymous>";
}

function position(source: TS.SourceFile, pos: number): Position {
  const { line, character } = source.getLineAndCharacterOfPosition(pos);
  return { line: line + 1, column: character };
}

/** Every function in a TS/JS file with its cyclomatic complexity, counted as ESLint's `complexity` rule does. */
export async function functionComplexities(path: string, text: string): Promise<FunctionInfo[]> {
  const ts = typescriptApi();
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const out: FunctionInfo[] = [];
  const visit = (node: TS.Node): void => {
    if (isFunctionLike(ts, node)) {
      const head = ts.isArrowFunction(node)
        ? node.equalsGreaterThanToken.getStart(source)
        : node.getStart(source);
      out.push({
        name: nameOf(ts, node, source),
        line: position(source, head).line,
        start: position(source, node.getStart(source)),
        end: position(source, node.getEnd()),
        complexity: complexityOf(ts, node),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}
