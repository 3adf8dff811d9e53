import { existsSync } from "node:fs";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve, sep } from "node:path";
import { GatesReportSchema, type GatesReport } from "@agent-verify/contract";
import { runChild } from "../../supervise/child.js";
import { shellQuote } from "../../supervise/shell-quote.js";
import { gatesSetupProblem, readGatesReport, type GatesRead } from "./gates-report.js";

export const GATES_CONFIG = ".verify/gates.yaml";
/** Gates run every suite of a repo; half an hour is a hung tool, not a slow one. */
export const GATES_TIMEOUT_MS = 30 * 60 * 1000;

export interface GatesRunOptions {
  dir: string;
  command: string;
  /** The issue title of a bug ticket: gates then require a regression test. */
  regressionTitle?: string | undefined;
  /** The ticket's acceptance criteria for the judge (`--criteria-file`), as a markdown list. */
  criteria?: string | null | undefined;
  /** Held-out test folders of the ticket (`--held-out`), outside the repository. */
  heldOut?: readonly string[] | undefined;
  /** The ticket's text as gates' task file (`--task-file`), and the file's name; see task-file.ts. */
  task?: { text: string; name: string } | null | undefined;
  /** Run only these stages (the flaky rerun asks for `tests`). */
  only?: string | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

function withoutProjectDir(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const rest = { ...env };
  delete rest.VERIFY_PROJECT_DIR;
  return rest;
}

/** The folder a report says it verified, when that is not (a folder holding) the ticket's `dir`. */
async function otherFolder(report: GatesReport, dir: string): Promise<string | undefined> {
  if (report.project_dir === undefined) return undefined; // a gates that does not say
  const real = (path: string) => realpath(path).catch(() => resolve(path));
  const [verified, ticket] = await Promise.all([real(report.project_dir), real(dir)]);
  const inside = ticket === verified || ticket.startsWith(`${verified}${sep}`);
  return inside ? undefined : report.project_dir;
}

export function hasGatesConfig(dir: string): boolean {
  return existsSync(join(dir, GATES_CONFIG));
}

function lastLines(text: string, count: number): string {
  return text.trim().split("\n").slice(-count).join(" | ");
}

/**
 * Run the repo's gates command with --json; exit 2 or an unreadable report is a setup problem.
 * Criteria (`--criteria-file`) and the ticket's task text (`--task-file`) go through private
 * temp files outside the working tree, removed when gates end.
 */
export async function runGatesCommand(options: GatesRunOptions): Promise<GatesRead> {
  if (!options.criteria && !options.task) return runGates(options, { criteria: null, task: null });
  const folder = await mkdtemp(join(tmpdir(), "verify-manager-criteria-"));
  const put = async (name: string, text: string) => {
    const file = join(folder, name);
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, text, { encoding: "utf8", mode: 0o600 });
    return file;
  };
  try {
    return await runGates(options, {
      criteria: options.criteria ? await put("criteria.md", options.criteria) : null,
      // Its own folder: the file's name is the task's id when the text names none.
      task: options.task ? await put(join("task", options.task.name), options.task.text) : null,
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function runGates(
  options: GatesRunOptions,
  files: { criteria: string | null; task: string | null },
): Promise<GatesRead> {
  const args = ["--json"];
  if (files.criteria !== null) args.push("--criteria-file", files.criteria);
  if (files.task !== null) args.push("--task-file", files.task);
  if (options.regressionTitle !== undefined) args.push("--regression", options.regressionTitle);
  if (options.only !== undefined) args.push("--only", options.only);
  for (const dir of options.heldOut ?? []) args.push("--held-out", dir);
  const command = `${options.command} ${args.map(shellQuote).join(" ")}`;
  const child = await runChild({
    command,
    cwd: options.dir,
    // Gates verify the ticket's repository: an inherited VERIFY_PROJECT_DIR would point them elsewhere.
    env: withoutProjectDir(options.env ?? process.env),
    timeoutMs: options.timeoutMs ?? GATES_TIMEOUT_MS,
    signal: options.signal,
  });
  if (child.spawnError !== null)
    return gatesSetupProblem(`could not start: ${child.spawnError}`, null);
  if (child.timedOut) return gatesSetupProblem(`timed out after ${child.durationMs} ms`, null);
  let parsed: GatesReport | null;
  try {
    const result = GatesReportSchema.safeParse(JSON.parse(child.stdout));
    parsed = result.success ? result.data : null;
  } catch {
    parsed = null;
  }
  if (parsed === null) {
    const why = lastLines(child.stderr, 3) || "no JSON report on stdout";
    return gatesSetupProblem(
      `'${options.command}' exited ${child.exitCode ?? child.signal}: ${why}`,
      child.exitCode,
    );
  }
  const other = await otherFolder(parsed, options.dir);
  if (other !== undefined)
    return gatesSetupProblem(
      `the run verified ${other}, not this ticket's repository (${options.dir}): a run of another folder is no evidence`,
      child.exitCode,
    );
  if (parsed.exit_code !== child.exitCode) {
    return gatesSetupProblem(
      `exit code ${child.exitCode} disagrees with the report's ${parsed.exit_code}`,
      child.exitCode,
    );
  }
  return readGatesReport(parsed);
}
