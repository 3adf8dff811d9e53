import type TS from "typescript";
import { isCodeFile, isTestFile } from "../catalogue/test-files.js";
import type { JudgedFile } from "./judged-files.js";
import { parse, walk, type Ts } from "./syntax.js";

/** The identifiers of a TS/JS file, and how it binds each name it declares or imports. */
interface Names {
  all: Set<string>;
  /** `import <specifier>` (an import or a require) or `local` (any other declaration), per name. */
  bindings: Map<string, Set<string>>;
}

/** `require("x")`, `await import("x")`, `require("x").y`: the module a declaration's value comes from. */
function requiredModule(ts: Ts, node: TS.Expression | undefined): string | undefined {
  while (
    node !== undefined &&
    (ts.isAwaitExpression(node) ||
      ts.isParenthesizedExpression(node) ||
      ts.isPropertyAccessExpression(node) ||
      ts.isElementAccessExpression(node))
  )
    node = node.expression;
  if (node === undefined || !ts.isCallExpression(node)) return undefined;
  const callee = node.expression;
  const isLoad =
    callee.kind === ts.SyntaxKind.ImportKeyword ||
    (ts.isIdentifier(callee) && callee.text === "require");
  const first = node.arguments[0];
  return isLoad && first && ts.isStringLiteralLike(first) ? first.text : undefined;
}

function boundNames(ts: Ts, name: TS.BindingName | undefined, out: string[] = []): string[] {
  if (name === undefined) return out;
  if (ts.isIdentifier(name)) out.push(name.text);
  else
    for (const element of name.elements)
      if (!ts.isOmittedExpression(element)) boundNames(ts, element.name, out);
  return out;
}

/** The names one node binds, and how; empty for a node that binds none. */
function bindingOf(ts: Ts, node: TS.Node): { names: string[]; how: string } {
  if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
    const clause = node.importClause;
    const names = clause?.name ? [clause.name.text] : [];
    const bound = clause?.namedBindings;
    if (bound && ts.isNamespaceImport(bound)) names.push(bound.name.text);
    if (bound && ts.isNamedImports(bound)) names.push(...bound.elements.map((e) => e.name.text));
    return { names, how: `import ${node.moduleSpecifier.text}` };
  }
  if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
    const specifier = node.moduleReference.expression;
    const from = ts.isStringLiteral(specifier) ? specifier.text : "";
    return { names: [node.name.text], how: `import ${from}` };
  }
  if (ts.isVariableDeclaration(node)) {
    const from = requiredModule(ts, node.initializer);
    return {
      names: boundNames(ts, node.name),
      how: from === undefined ? "local" : `import ${from}`,
    };
  }
  if (ts.isParameter(node)) return { names: boundNames(ts, node.name), how: "local" };
  if (
    (ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isClassDeclaration(node) ||
      ts.isClassExpression(node) ||
      ts.isEnumDeclaration(node)) &&
    node.name
  )
    return { names: [node.name.text], how: "local" };
  return { names: [], how: "" };
}

async function namesOf(path: string, text: string): Promise<Names> {
  const { ts, source } = await parse(path, text);
  const all = new Set<string>();
  const bindings = new Map<string, Set<string>>();
  walk(ts, source, (node) => {
    if (ts.isIdentifier(node)) all.add(node.text);
    const { names, how } = bindingOf(ts, node);
    for (const name of names) bindings.set(name, (bindings.get(name) ?? new Set()).add(how));
  });
  return { all, bindings };
}

const bindingKey = (names: Names, name: string) =>
  [...(names.bindings.get(name) ?? [])].sort().join("\n");

const WORD = /[A-Za-z_$][\w$]*/g;
const wordsOf = (text: string) => new Set(text.match(WORD));

const wordOf = (name: string, flags = "") =>
  new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`, flags);
const layoutFree = (line: string) => line.trim().replace(/\s+/g, " ");

/**
 * The code of the change (its test files aside) made the same rename: a line that named `from`
 * is gone and the same line naming `to` came (in the same file, or in the module under its new
 * name), and `from` is gone from a file that had it.
 */
function renamedElsewhere(change: readonly JudgedFile[]) {
  const code = change.filter((f) => isCodeFile(f.path) && !isTestFile(f.path));
  let seen: { removed: string[]; added: Set<string>; words: Array<[Set<string>, Set<string>]> };
  return (from: string, to: string) => {
    seen ??= {
      removed: code.flatMap((f) => [...f.diff.removed.values()].map(layoutFree)),
      added: new Set(code.flatMap((f) => [...f.diff.added.values()].map(layoutFree))),
      words: code.map((f) => [wordsOf(f.before ?? ""), wordsOf(f.after ?? "")]),
    };
    const word = wordOf(from);
    const every = wordOf(from, "g");
    return (
      seen.words.some(([was, now]) => was.has(from) && !now.has(from)) &&
      seen.removed.some((line) => word.test(line) && seen.added.has(line.replace(every, to)))
    );
  };
}

/**
 * The identifiers a change renamed in one test file, old name → new. A name counts as renamed
 * when it is gone from the file, the new one is new to it, the new name is bound as the old one
 * was (imported from the same module, or both declared in the file: a helper or a parameter
 * renamed), and, for a name the file does not declare, another code file of the change made the
 * same rename (the definition renamed with its callers). A stub the test declares in the place of
 * an import, a function from another module, or a new function next to the old one is no rename.
 */
export async function identifierRenames(
  file: JudgedFile,
  change: readonly JudgedFile[],
): Promise<Map<string, string>> {
  const renames = new Map<string, string>();
  if (file.before === undefined || file.after === undefined) return renames;
  const was = await namesOf(file.oldPath ?? file.path, file.before);
  const now = await namesOf(file.path, file.after);
  const gone = [...was.all].filter((n) => !now.all.has(n));
  const come = [...now.all].filter((n) => !was.all.has(n));
  if (gone.length === 0 || come.length === 0) return renames;
  const elsewhere = renamedElsewhere(change);
  const valid = (from: string, to: string) => {
    const how = bindingKey(was, from);
    // The module renamed with the function: `require("./toCamelCase")` → `require("./camelCaseOf")`.
    const moved = how.startsWith("import ") ? how.replace(wordOf(from, "g"), to) : how;
    if (how !== bindingKey(now, to) && moved !== bindingKey(now, to)) return false;
    return how === "local" || elsewhere(from, to);
  };
  // One name for one: when the change's code could have renamed a name to two, the test's own
  // text cannot say which (it is what is judged), so neither counts.
  const choices = new Map(gone.map((from) => [from, come.filter((to) => valid(from, to))]));
  const claims = (to: string) => [...choices.values()].filter((tos) => tos.includes(to)).length;
  for (const [from, tos] of choices)
    if (tos.length === 1 && tos[0] !== undefined && claims(tos[0]) === 1) renames.set(from, tos[0]);
  return renames;
}

/** The text with the renames applied to its identifiers (strings and comments untouched). */
export async function withRenames(
  path: string,
  text: string,
  renames: ReadonlyMap<string, string>,
): Promise<string> {
  if (renames.size === 0) return text;
  const { ts, source } = await parse(path, text);
  const spots: Array<[number, number, string]> = [];
  walk(ts, source, (node) => {
    const to = ts.isIdentifier(node) ? renames.get(node.text) : undefined;
    if (to !== undefined) spots.push([node.getStart(source), node.getEnd(), to]);
  });
  let out = text;
  for (const [start, end, to] of spots.sort((a, b) => b[0] - a[0]))
    out = out.slice(0, start) + to + out.slice(end);
  return out;
}
