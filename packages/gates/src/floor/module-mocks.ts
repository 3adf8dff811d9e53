import type { GateFinding } from "@agent-verify/contract";
import { finding } from "../context.js";
import { isScriptFile, isTestFile } from "../catalogue/test-files.js";
import { isDeclared, type DeclaredTest } from "./declared.js";
import type { JudgedFile } from "./judged-files.js";
import { memberName, memberObject, parse, rootName, walk } from "./syntax.js";

const MOCKERS = new Set(["vi", "jest"]);
const MOCKS = new Set(["mock", "doMock", "unstable_mockModule"]);

interface Modules {
  /** Relative specifiers the file imports: the modules it tests. */
  imported: Set<string>;
  /** Each module mock: specifier and line. */
  mocks: Array<{ specifier: string; line: number; call: string }>;
}

async function modulesOf(path: string, text: string): Promise<Modules> {
  const p = await parse(path, text);
  const { ts } = p;
  const imported = new Set<string>();
  const mocks: Modules["mocks"] = [];
  walk(ts, p.source, (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier))
      imported.add(node.moduleSpecifier.text);
    if (!ts.isCallExpression(node)) return;
    const first = node.arguments[0];
    if (!first || !ts.isStringLiteralLike(first)) return;
    const callee = node.expression;
    const isImport =
      callee.kind === ts.SyntaxKind.ImportKeyword ||
      (ts.isIdentifier(callee) && callee.text === "require");
    if (isImport) imported.add(first.text);
    const name = memberName(ts, callee);
    const root = rootName(ts, callee);
    if (name && MOCKS.has(name) && root && MOCKERS.has(root))
      mocks.push({ specifier: first.text, line: p.lineOf(node), call: `${root}.${name}` });
    // node:test's `mock.module(…)`, also as `t.mock.module(…)`.
    const object = memberObject(ts, callee);
    const owner = object && (ts.isIdentifier(object) ? object.text : memberName(ts, object));
    if (name === "module" && owner === "mock")
      mocks.push({ specifier: first.text, line: p.lineOf(node), call: "mock.module" });
  });
  return { imported, mocks };
}

const isRelative = (specifier: string) => specifier.startsWith("./") || specifier.startsWith("../");

/**
 * A module mock the change added to an oracle test file, of a module that file imports from the
 * project itself (the code under test): its tests then check the mock, not the code.
 */
export async function moduleMockFindings(
  file: JudgedFile,
  declared: readonly DeclaredTest[],
): Promise<GateFinding[]> {
  const { before, after } = file;
  if (!file.isOracle || before === undefined || after === undefined) return [];
  if (!isTestFile(file.path) || !isScriptFile(file.path) || isDeclared(declared, file.path))
    return [];
  const was = await modulesOf(file.oldPath ?? file.path, before);
  const now = await modulesOf(file.path, after);
  const had = new Map<string, number>();
  for (const m of was.mocks) had.set(m.specifier, (had.get(m.specifier) ?? 0) + 1);
  const out: GateFinding[] = [];
  for (const mock of now.mocks) {
    const left = had.get(mock.specifier) ?? 0;
    if (left > 0) {
      had.set(mock.specifier, left - 1);
      continue;
    }
    if (!isRelative(mock.specifier) || !now.imported.has(mock.specifier)) continue;
    out.push(
      finding(
        "floor",
        file.path,
        mock.line,
        "weakened-test",
        `${mock.call}('${mock.specifier}') mocks the module under test: its tests no longer run its code`,
        "mock the module's dependencies, never the module the test checks",
      ),
    );
  }
  return out;
}
