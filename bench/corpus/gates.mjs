// verify-gates as the corpus runs it: the built bin of this checkout, on a repository of the cache,
// with that repository's own state folder. A run's report is read back from .verify/.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { envFor, repoDir, sh, stateDir } from "./workspace.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const BIN = join(ROOT, "packages", "gates", "bin", "verify-gates.js");
export const SESSION = "c0a1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a4b";

const quote = (s) => `'${s.replaceAll("'", "'\\''")}'`;

function readReport(repo) {
  const dir = join(repoDir(repo), ".verify");
  const read = (name) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), "utf8") : "");
  const json = read("gates.json");
  return { json, summary: read("summary.txt"), report: parse(json) };
}

function parse(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The first thing a report holds against the change: a finding, else a stage's setup error. */
export function firstFinding(report, summary, output = "") {
  const finding = report?.findings?.[0];
  if (finding)
    return `${finding.stage}/${finding.rule} ${finding.file ?? ""}${finding.line ? `:${finding.line}` : ""}: ${finding.message}`.slice(
      0,
      400,
    );
  const error = summary.split("\n").find((l) => l.startsWith("error in"));
  if (error) return error.slice(0, 400);
  const last = output.trim().split("\n").slice(-3).join(" | ");
  return last.slice(0, 400);
}

/** A green stamp of an earlier run would answer a tree seen before: every run here measures. */
function forgetStamps(repo, kind) {
  rmSync(join(stateDir(repo, kind), "stamps"), { recursive: true, force: true });
}

/** One `verify-gates --base <base>` run on the committed tree. */
export function runGates(repo, base) {
  forgetStamps(repo, "replay");
  const env = envFor(repo, { VERIFY_STATE_DIR: stateDir(repo, "replay") });
  const result = sh(repo, `node ${quote(BIN)} --base ${base}`, { env });
  const { json, summary, report } = readReport(repo);
  return { ...result, json, summary, report, finding: firstFinding(report, summary, result.out) };
}

/**
 * Arm the Stop-hook loop at the tree as it is now (the base of a task), with BASE the commit it
 * is armed at: without it the loop's base is the merge base with main, the pinned commit without
 * the corpus' .verify/gates.yaml, and every stop judged that config as the change's.
 */
export function armLoop(repo, base) {
  const env = envFor(repo, {
    VERIFY_STATE_DIR: stateDir(repo, "stops"),
    ...(base ? { BASE: base } : {}),
  });
  // Re-arming an active loop keeps its records and counts (as it must for an agent): each arming
  // here is a new task at the base, so the last one's loop is disarmed first, as a person would.
  sh(repo, `node ${quote(BIN)} loop stop --session ${SESSION}`, { env });
  const result = sh(repo, `node ${quote(BIN)} loop start --session ${SESSION}`, { env });
  if (result.code !== 0) throw new Error(`loop start in ${repo.name}: ${result.out.slice(-800)}`);
}

/**
 * One stop: `verify-gates hook` reading a Stop payload, as the agent's harness runs it. BASE is the
 * commit the loop was armed at (the pinned commit plus our config), as a task branch's base is.
 * `prefix` runs before node (a timer: `/usr/bin/time -f …`).
 */
export function stop(repo, base, prefix = "") {
  forgetStamps(repo, "stops");
  const env = envFor(repo, { VERIFY_STATE_DIR: stateDir(repo, "stops"), BASE: base });
  const input = JSON.stringify({
    session_id: SESSION,
    cwd: repoDir(repo),
    hook_event_name: "Stop",
    stop_hook_active: false,
  });
  const result = sh(repo, `${prefix} node ${quote(BIN)} hook --format generic`, { env, input });
  const answer = parse(result.stdout.trim());
  const { json, summary, report } = readReport(repo);
  return {
    ...result,
    answer,
    decision: answer?.decision ?? "error",
    reason: answer?.reason ?? "",
    json,
    summary,
    report,
    finding: firstFinding(report, summary, result.out),
  };
}
