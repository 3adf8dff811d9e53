import type { GateFinding } from "@agent-verify/contract";
import { finding } from "../context.js";
import {
  CONTEXT_CALLS,
  MODIFIERS,
  namesOf,
  OPTION_KEYS,
  SHORTHANDS,
} from "../catalogue/skip-forms.js";
import { SUITE_CALLS, TEST_CALLS } from "../catalogue/test-calls.js";
import { isScriptFile, isTestFile } from "../catalogue/test-files.js";
import type { JudgedFile } from "./judged-files.js";
import {
  memberName,
  memberObject,
  parse,
  rootName,
  walk,
  type Node,
  type Parsed,
} from "./syntax.js";

const TEST_ROOTS = new Set([...TEST_CALLS, ...SUITE_CALLS]);
/** Modifiers that skip, focus or expect a failure (vitest, jest, mocha, node:test, Playwright). */
const RUNNER_SKIPS = namesOf(MODIFIERS);
/** Called on a test's context or `t`: `ctx.skip()`, `t.skip()`, `t.todo()`, `this.skip()`. */
const CONTEXT_SKIPS = namesOf(CONTEXT_CALLS);
const SHORTHAND_NAMES = namesOf(SHORTHANDS);
/** Option keys of a test call that skip or focus it: `{ skip: true }`, `{ todo: "…" }`. */
const OPTION_SKIPS = namesOf(OPTION_KEYS);
const HINT = "run every test: fix or delete the test instead of skipping or focusing it";

interface SkipForm {
  form: string;
  line: number;
  /** The form and the test it sits in: the same key before and after means it only moved. */
  key: string;
}

/** The name of the test call (it/test/describe) that encloses a node, "" at top level. */
function enclosingTest(p: Parsed, node: Node): string {
  const { ts } = p;
  for (let at: Node | undefined = node.parent; at; at = at.parent) {
    if (!ts.isCallExpression(at)) continue;
    const root = rootName(ts, at.expression);
    const first = at.arguments[0];
    if (root && TEST_ROOTS.has(root) && first && ts.isStringLiteralLike(first)) return first.text;
  }
  return "";
}

function optionSkip(p: Parsed, call: Node): string | undefined {
  const { ts } = p;
  if (!ts.isCallExpression(call)) return undefined;
  const root = rootName(ts, call.expression);
  if (!root || !TEST_ROOTS.has(root)) return undefined;
  for (const arg of call.arguments) {
    if (!ts.isObjectLiteralExpression(arg)) continue;
    for (const prop of arg.properties) {
      const name = prop.name && ts.isIdentifier(prop.name) ? prop.name.text : undefined;
      if (!name || !OPTION_SKIPS.has(name)) continue;
      const value = ts.isPropertyAssignment(prop) ? prop.initializer : undefined;
      if (value && value.kind === ts.SyntaxKind.FalseKeyword) continue;
      return `{ ${name}: … }`;
    }
  }
  return undefined;
}

/** The skip form a node is, or undefined. */
function skipFormOf(p: Parsed, node: Node): string | undefined {
  const { ts } = p;
  const name = memberName(ts, node);
  if (name !== undefined) {
    const object = memberObject(ts, node)!;
    const root = rootName(ts, object);
    if (!root) return undefined;
    if (TEST_ROOTS.has(root) && RUNNER_SKIPS.has(name)) return p.textOf(node);
    const called = ts.isCallExpression(node.parent) && node.parent.expression === node;
    if (!TEST_ROOTS.has(root) && called && CONTEXT_SKIPS.has(name)) return `${p.textOf(node)}()`;
    return undefined;
  }
  if (
    ts.isCallExpression(node) &&
    ts.isIdentifier(node.expression) &&
    SHORTHAND_NAMES.has(node.expression.text)
  )
    return node.expression.text;
  // `const { skip } = it`: the modifier taken out under another name.
  if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
    const declaration = node.parent.parent;
    const key =
      node.propertyName && ts.isIdentifier(node.propertyName)
        ? node.propertyName.text
        : node.name.getText(p.source);
    if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
      const root = rootName(ts, declaration.initializer);
      if (root && TEST_ROOTS.has(root) && RUNNER_SKIPS.has(key)) return `{ ${key} } = ${root}`;
    }
  }
  return optionSkip(p, node);
}

async function skipForms(path: string, text: string): Promise<SkipForm[]> {
  const p = await parse(path, text);
  const out: SkipForm[] = [];
  walk(p.ts, p.source, (node) => {
    const form = skipFormOf(p, node);
    if (form === undefined) return;
    out.push({
      form,
      line: p.lineOf(node),
      key: `${form.replace(/\s+/g, "")}\0${enclosingTest(p, node)}`,
    });
  });
  return out;
}

/**
 * New skip, focus and expected-failure forms in a TS/JS test file, read from its syntax tree:
 * `.skip/.only/.todo/.fails/.fixme/.skipIf/.runIf` (bracketed too), `x`/`f` shorthands,
 * `{ skip: true }` options, `ctx.skip()`/`t.skip()`, and a modifier taken out under an alias.
 * A form that was already there (in the same test) is not new, wherever it moved.
 */
export async function skipFormFindings(file: JudgedFile): Promise<GateFinding[]> {
  if (file.after === undefined || !isTestFile(file.path) || !isScriptFile(file.path)) return [];
  const before =
    file.before === undefined ? [] : await skipForms(file.oldPath ?? file.path, file.before);
  const left = new Map<string, number>();
  for (const f of before) left.set(f.key, (left.get(f.key) ?? 0) + 1);
  const out: GateFinding[] = [];
  for (const f of await skipForms(file.path, file.after)) {
    const n = left.get(f.key) ?? 0;
    if (n > 0) {
      left.set(f.key, n - 1);
      continue;
    }
    out.push(
      finding(
        "floor",
        file.path,
        f.line,
        "skipped-test",
        `new skipped or focused test: ${f.form}`,
        HINT,
      ),
    );
  }
  return out;
}
