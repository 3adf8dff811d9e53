import type * as TS from "typescript";
import type { GateFinding } from "@agent-verify/contract";
import { finding } from "../context.js";
import { parse, walk, type Ts } from "./parse.js";
import type { ChangedSource } from "./source-files.js";

/** Calls that read a file's content (fs, fs/promises, Bun, Deno) or load a module. */
const READERS = new Set([
  "readFileSync",
  "readFile",
  "createReadStream",
  "openSync",
  "open",
  "readTextFile",
  "readTextFileSync",
  "file",
  "require",
]);
/** A path that names a test file or a tests folder: `x.test.ts`, `.spec.js`, `__tests__/`. */
const TEST_PATH = /\.(?:test|spec)(?:\.[cm]?[jt]sx?)?(?![\w-])|(?:^|[/\\])__tests__(?:[/\\]|$)/;

function calleeName(ts: Ts, call: TS.CallExpression): string | undefined {
  const callee = call.expression;
  if (callee.kind === ts.SyntaxKind.ImportKeyword) return "import";
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

/** Initializers of the file's `const` bindings, to follow `const p = "x.test.ts"; read(p)`. */
function constants(ts: Ts, source: TS.SourceFile): Map<string, TS.Expression> {
  const out = new Map<string, TS.Expression>();
  walk(ts, source, (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
      out.set(node.name.text, node.initializer);
  });
  return out;
}

/** The test-file path a call's arguments spell out, directly or through constants. */
function testPathIn(
  ts: Ts,
  args: readonly TS.Expression[],
  consts: ReadonlyMap<string, TS.Expression>,
): string | undefined {
  const seen = new Set<string>();
  let found: string | undefined;
  const look = (node: TS.Node): void => {
    if (found !== undefined) return;
    if (
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      if (TEST_PATH.test(node.text)) found = node.text;
      return;
    }
    if (ts.isIdentifier(node) && !seen.has(node.text)) {
      seen.add(node.text);
      const init = consts.get(node.text);
      if (init) look(init);
      return;
    }
    ts.forEachChild(node, look);
  };
  for (const arg of args) look(arg);
  return found;
}

/** Added code that reads a test file (or a tests folder) at run time: it can answer what the test asks. */
export async function testFileReadFindings(source: ChangedSource): Promise<GateFinding[]> {
  const { ts, source: tree, lineOf } = await parse(source.path, source.text);
  const consts = constants(ts, tree);
  const out: GateFinding[] = [];
  walk(ts, tree, (node) => {
    if (!ts.isCallExpression(node)) return;
    const name = calleeName(ts, node);
    if (name === undefined || !(READERS.has(name) || name === "import")) return;
    const line = lineOf(node);
    if (!source.added.has(line)) return;
    const path = testPathIn(ts, node.arguments, consts);
    if (path === undefined) return;
    out.push(
      finding(
        "floor",
        source.path,
        line,
        "reads-test-file",
        `new code reads a test file at run time: ${name}(… ${JSON.stringify(path)} …)`,
        "the code must not look at its tests: compute the answer instead of reading it",
      ),
    );
  });
  return out;
}
