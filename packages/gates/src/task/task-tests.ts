// A task file's `## TESTS` (issue 34): the acceptance tests that must pass unmodified, and the
// oracle tests the task may change on purpose (`action: modify` with a reason).
import type { TaskTestEntry } from "@agent-verify/contract";
import { isTestFile } from "../catalogue/test-files.js";

export type { TaskTestEntry };

/** A declared change as the floor takes it: the file, and the test when the entry names one. */
export interface DeclaredTestChange {
  path: string;
  test?: string;
  reason: string;
}

type Fail = (line: number, message: string) => never;

const BULLET = /^\s*[-*+]\s+(.*)$/;
const KEYED = /^\s*(?:[-*+]\s+)?([A-Za-z_]+)\s*:\s*(.*?)\s*$/;
const KEYS: Record<string, "file" | "name" | "action" | "reason"> = {
  file: "file",
  path: "file",
  name: "name",
  test: "name",
  action: "action",
  reason: "reason",
  rationale: "reason",
};

function unquote(value: string): string {
  const v = value.trim();
  return v.length >= 2 && /^(["'`]).*\1$/.test(v) ? v.slice(1, -1) : v;
}

function checkFile(value: string, line: number, fail: Fail): string {
  const p = unquote(value).replace(/^\.\//, "");
  if (p === "") fail(line, "the test file is empty");
  if (p.startsWith("/") || /^[A-Za-z]:[\\/]/.test(p))
    fail(line, `test file '${p}' must be relative to the project`);
  if (p.split(/[\\/]/).includes("..")) fail(line, `test file '${p}' leaves the project`);
  return p;
}

/** `- src/a.test.ts`, `- src/a.test.ts > its name`, or `- its name`. */
function shorthand(text: string, line: number, fail: Fail): Draft {
  const value = unquote(text);
  const split = value.indexOf(" > ");
  const head = split < 0 ? value : value.slice(0, split);
  if (!/\s/.test(head) && (isTestFile(head) || /\.[cm]?[jt]sx?$/.test(head)))
    return {
      line,
      file: checkFile(head, line, fail),
      ...(split < 0 ? {} : { name: value.slice(split + 3).trim() }),
    };
  return { line, name: value };
}

interface Draft {
  line: number;
  file?: string;
  name?: string;
  action?: string;
  reason?: string;
}

function finish(draft: Draft, fail: Fail): TaskTestEntry {
  const action = unquote(draft.action ?? "keep").toLowerCase();
  if (action !== "keep" && action !== "modify")
    fail(draft.line, `action '${action}' is not keep or modify`);
  const name = draft.name === undefined ? null : unquote(draft.name);
  if (name === "") fail(draft.line, "the test name is empty");
  if (draft.file === undefined && name === null) fail(draft.line, "the entry names no test");
  const reason = draft.reason === undefined ? null : unquote(draft.reason);
  if (action === "modify") {
    if (draft.file === undefined)
      fail(draft.line, "an 'action: modify' entry must name its file ('file: …')");
    if (!reason) fail(draft.line, "an 'action: modify' entry must say why ('reason: …')");
  }
  return {
    file: draft.file ?? null,
    name,
    action: action as TaskTestEntry["action"],
    reason: reason || null,
    line: draft.line,
  };
}

/**
 * The `## TESTS` section's lines → its entries: a bullet per test, in shorthand
 * (`- src/a.test.ts`, `- src/a.test.ts > name`, `- name`) or keyed (`- file: …` followed by
 * `name:`, `action: keep|modify`, `reason:` lines).
 */
export function parseTaskTests(
  lines: ReadonlyArray<{ text: string; line: number }>,
  headingLine: number,
  fail: Fail,
): TaskTestEntry[] {
  const out: TaskTestEntry[] = [];
  let draft: Draft | undefined;
  for (const { text, line } of lines) {
    if (text.trim() === "" || /^\s*<!--.*-->\s*$/.test(text)) continue;
    const bullet = BULLET.exec(text);
    const keyed = KEYED.exec(text);
    const key = keyed ? KEYS[(keyed[1] ?? "").toLowerCase()] : undefined;
    if (bullet && key === undefined) {
      if (draft) out.push(finish(draft, fail));
      draft = shorthand(bullet[1] ?? "", line, fail);
      continue;
    }
    if (key === undefined)
      fail(line, `expected '- <test file or name>' or 'key: value', got '${text.trim()}'`);
    if (bullet) {
      if (draft) out.push(finish(draft, fail));
      draft = { line };
    }
    if (!draft) fail(line, `'${keyed?.[1]}:' before any '- ' entry`);
    if (draft[key] !== undefined) fail(line, `the entry has a second '${keyed?.[1]}:'`);
    draft[key] = key === "file" ? checkFile(keyed?.[2] ?? "", line, fail) : (keyed?.[2] ?? "");
  }
  if (draft) out.push(finish(draft, fail));
  if (out.length === 0) fail(headingLine, "## TESTS lists no test");
  return out;
}

/**
 * The oracle tests a task declares it may change (`action: modify`): the floor exempts them from
 * its weakened-test findings, the test stage runs them in the change's version, and the report
 * lists them.
 */
export function declaredTestChanges(
  task: { tests?: readonly TaskTestEntry[] | undefined } | undefined,
): DeclaredTestChange[] {
  return (task?.tests ?? [])
    .filter((entry) => entry.action === "modify" && entry.file !== null)
    .map((entry) => ({
      path: entry.file as string,
      ...(entry.name === null ? {} : { test: entry.name }),
      reason: entry.reason ?? "",
    }));
}
