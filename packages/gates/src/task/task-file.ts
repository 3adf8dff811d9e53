import { basename, dirname, resolve } from "node:path";
import type { Criterion } from "@agent-verify/contract";
import { controlCharacterProblem } from "@agent-verify/contract/config-file";
import { GatesError, GatesErrorCode } from "../errors.js";
import { parseCriteria } from "./criteria.js";
import { parseTaskTests, type TaskTestEntry } from "./task-tests.js";

export const TASK_ACTIONS = ["add", "modify", "delete"] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

export interface TaskFileEntry {
  path: string;
  action: TaskAction;
  rationale: string;
  /** 1-based line of the entry in the task file. */
  line: number;
}

export interface Task {
  /** The task file as given (for messages). */
  file: string;
  id: string;
  /** `TASK_ID:` as the file gives it (`id` falls back to the file's name). */
  declaredId?: string;
  /** undefined: the task has no `## FILES` section and does not set the scope. */
  files: TaskFileEntry[] | undefined;
  estimatedDiff: number | undefined;
  criteria: Criterion[];
  /** `## HELD-OUT`: held-out test folders or files, absolute (relative ones from the task file's folder). */
  heldOut?: string[];
  /** `ORACLE: <ref>`: the oracle the change is judged against (issue 34). */
  oracle: string | undefined;
  /** `## TESTS`: acceptance tests, and the oracle tests the task may change (`action: modify`). */
  tests: TaskTestEntry[] | undefined;
}

const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const FIELD = (name: string) =>
  new RegExp(`^\\s*(?:[-*]\\s+)?\\**${name}\\**\\s*[:=]\\s*(.*?)\\s*$`, "i");
const ESTIMATED_DIFF = FIELD("ESTIMATED_DIFF");
const TASK_ID = FIELD("TASK_ID");
const ORACLE = FIELD("ORACLE");
const CANONICAL = /^\s*(?:[-*]\s+)?([A-Za-z_]+)\s*:\s*(.*?)\s*$/;
const COMPAT = /^\s*(?:[-*]\s+)?path=/;
const CRITERIA_HEADINGS = /^(acceptance(\s+criteria)?|criteria|ac)$/i;

class Bad extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && /^(["'`]).*\1$/.test(v)) return v.slice(1, -1);
  return v;
}

function checkPath(path: string, line: number): string {
  const p = unquote(path).replace(/^\.\//, "");
  if (p === "") throw new Bad(line, "path is empty");
  if (p.startsWith("/") || /^[A-Za-z]:[\\/]/.test(p))
    throw new Bad(line, `path '${p}' must be relative to the project`);
  if (p.split(/[\\/]/).includes("..")) throw new Bad(line, `path '${p}' leaves the project`);
  return p;
}

function checkAction(action: string | undefined, line: number): TaskAction {
  if (action === undefined || action.trim() === "")
    throw new Bad(line, "the entry has no action (add, modify or delete)");
  const a = unquote(action).toLowerCase();
  if (!(TASK_ACTIONS as readonly string[]).includes(a))
    throw new Bad(line, `action '${a}' is not add, modify or delete`);
  return a as TaskAction;
}

/** `path=src/a.ts action=add rationale=why it changes` (the rationale runs to the end of the line). */
function compatEntry(text: string, line: number): TaskFileEntry {
  const body = text.replace(/^\s*(?:[-*]\s+)?/, "");
  const rationaleAt = body.search(/\brationale=/);
  const head = rationaleAt < 0 ? body : body.slice(0, rationaleAt);
  const fields = new Map<string, string>();
  for (const part of head.trim().split(/\s+/)) {
    const eq = part.indexOf("=");
    if (eq <= 0) throw new Bad(line, `expected key=value, got '${part}'`);
    const key = part.slice(0, eq).toLowerCase();
    if (key !== "path" && key !== "action") throw new Bad(line, `unknown key '${key}'`);
    fields.set(key, part.slice(eq + 1));
  }
  return {
    path: checkPath(fields.get("path") ?? "", line),
    action: checkAction(fields.get("action"), line),
    rationale: rationaleAt < 0 ? "" : unquote(body.slice(rationaleAt + "rationale=".length)),
    line,
  };
}

interface Draft {
  line: number;
  path: string;
  action?: string;
  actionLine?: number;
  rationale?: string;
}

function finish(draft: Draft | undefined, out: TaskFileEntry[]): void {
  if (!draft) return;
  out.push({
    path: checkPath(draft.path, draft.line),
    action: checkAction(draft.action, draft.actionLine ?? draft.line),
    rationale: unquote(draft.rationale ?? ""),
    line: draft.line,
  });
}

/** The `## FILES` section: canonical `- path: … / action: … / rationale: …` entries or compat `path=… action=…` lines. */
function parseFiles(
  lines: Array<{ text: string; line: number }>,
  headingLine: number,
): TaskFileEntry[] {
  const out: TaskFileEntry[] = [];
  let draft: Draft | undefined;
  for (const { text, line } of lines) {
    if (text.trim() === "" || /^\s*<!--.*-->\s*$/.test(text)) continue;
    if (COMPAT.test(text)) {
      finish(draft, out);
      draft = undefined;
      out.push(compatEntry(text, line));
      continue;
    }
    const field = CANONICAL.exec(text);
    if (!field)
      throw new Bad(line, `expected '- path: …' or 'path=… action=…', got '${text.trim()}'`);
    const key = (field[1] ?? "").toLowerCase();
    const value = field[2] ?? "";
    if (key === "path") {
      finish(draft, out);
      draft = { line, path: value };
    } else if (key === "action" || key === "rationale") {
      if (!draft) throw new Bad(line, `'${key}:' before any '- path:'`);
      if (draft[key] !== undefined) throw new Bad(line, `the entry has a second '${key}:'`);
      draft[key] = value;
      if (key === "action") draft.actionLine = line;
    } else {
      throw new Bad(line, `unknown key '${key}' (path, action, rationale)`);
    }
  }
  finish(draft, out);
  if (out.length === 0) throw new Bad(headingLine, "## FILES lists no file");
  const seen = new Map<string, number>();
  for (const entry of out) {
    const first = seen.get(entry.path);
    if (first !== undefined)
      throw new Bad(entry.line, `${entry.path} is listed twice (first on line ${first})`);
    seen.set(entry.path, entry.line);
  }
  return out;
}

/** `## HELD-OUT` lines (`- ../held-out/price`, a bare path, or one in backticks) as absolute paths. */
function heldOutPaths(lines: Array<{ text: string; line: number }>, file: string): string[] {
  const from = dirname(resolve(file));
  return lines
    .map(({ text }) => unquote(text.replace(/^\s*(?:[-*]\s+)?/, "").trim()))
    .filter((path) => path !== "" && !/^<!--.*-->$/.test(path))
    .map((path) => resolve(from, path));
}

function parse(text: string, file: string): Task {
  // A NUL or another control character is not text: refused like any other bad line.
  const control = controlCharacterProblem(text);
  if (control) throw new Bad(control.line, control.detail);
  const sections = new Map<string, Array<{ text: string; line: number }>>();
  const headingLine = new Map<string, number>();
  let current: string | undefined;
  let estimatedDiff: number | undefined;
  let id: string | undefined;
  let oracle: string | undefined;
  let fence = false;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (/^\s*(```|~~~)/.test(raw)) fence = !fence;
    const heading = fence ? null : HEADING.exec(raw);
    if (heading) {
      current = (heading[1] ?? "").trim().toUpperCase();
      const unique = current === "FILES" || current === "TESTS" || CRITERIA_HEADINGS.test(current);
      if (sections.has(current) && unique)
        throw new Bad(line, `a second '## ${heading[1]}' section`);
      sections.set(current, []);
      headingLine.set(current, line);
      return;
    }
    const diff = ESTIMATED_DIFF.exec(raw);
    if (diff && !fence) {
      const value = unquote(diff[1] ?? "");
      if (!/^\d+$/.test(value) || Number(value) <= 0)
        throw new Bad(
          line,
          `ESTIMATED_DIFF: expected a positive whole number of lines, got '${value}'`,
        );
      if (estimatedDiff !== undefined) throw new Bad(line, "a second ESTIMATED_DIFF");
      estimatedDiff = Number(value);
      return;
    }
    const taskId = TASK_ID.exec(raw);
    if (taskId && !fence && id === undefined) {
      id = unquote(taskId[1] ?? "");
      if (id === "") throw new Bad(line, "TASK_ID is empty");
      return;
    }
    const oracleRef = ORACLE.exec(raw);
    const inList =
      current === "FILES" || current === "TESTS" || CRITERIA_HEADINGS.test(current ?? "");
    if (oracleRef && !fence && !inList) {
      if (oracle !== undefined) throw new Bad(line, "a second ORACLE");
      oracle = unquote(oracleRef[1] ?? "");
      if (oracle === "") throw new Bad(line, "ORACLE is empty (expected a git ref)");
      return;
    }
    if (current !== undefined) sections.get(current)?.push({ text: raw, line });
  });
  const filesLines = sections.get("FILES");
  const files =
    filesLines === undefined ? undefined : parseFiles(filesLines, headingLine.get("FILES") ?? 1);
  const heldOutLines = sections.get("HELD-OUT") ?? sections.get("HELD OUT");
  const criteriaKey = [...sections.keys()].find((key) => CRITERIA_HEADINGS.test(key));
  const criteria = criteriaKey
    ? parseCriteria((sections.get(criteriaKey) ?? []).map((l) => l.text).join("\n"))
    : [];
  const testsLines = sections.get("TESTS");
  const tests =
    testsLines === undefined
      ? undefined
      : parseTaskTests(testsLines, headingLine.get("TESTS") ?? 1, (line, message) => {
          throw new Bad(line, message);
        });
  return {
    file,
    id: id ?? basename(file).replace(/\.[^.]*$/, ""),
    ...(id === undefined ? {} : { declaredId: id }),
    files,
    estimatedDiff,
    criteria,
    ...(heldOutLines ? { heldOut: heldOutPaths(heldOutLines, file) } : {}),
    oracle,
    tests,
  };
}

/** A task file's text → the task; a bad line is one error naming the file and the line. */
export function parseTaskFile(text: string, file: string): Task {
  try {
    return parse(text, file);
  } catch (error) {
    if (!(error instanceof Bad)) throw error;
    throw new GatesError(GatesErrorCode.TaskInvalid, `${file}:${error.line}: ${error.message}`, {
      hint: "fix the task file (## FILES entries: '- path: …' with 'action: add|modify|delete')",
    });
  }
}
