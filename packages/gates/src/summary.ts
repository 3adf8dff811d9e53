import type { GateFinding, GatesReport } from "@agent-verify/contract";

export const MAX_SUMMARY_LINES = 40;
/** Characters the findings may take in the summary (the Stop hook's reason is the summary). */
export const MAX_FINDINGS_CHARS = 4000;
/** Characters of a finding's first line shown (all of it in gates.json). */
const MAX_LINE_CHARS = 300;
/** Lines of a command's output a finding shows in the summary. */
const OUTPUT_LINES = 10;

const WORD: Record<GatesReport["status"], string> = {
  pass: "PASS",
  fail: "FAIL: a gate failed, fix the code",
  needs_human: "NEEDS HUMAN: the judge's answer did not parse, a person must review",
  error: "SETUP ERROR: fix the setup or .verify/gates.yaml, not the code",
};

function where(f: GateFinding): string {
  if (f.file === null) return "(change)";
  return f.line === null ? f.file : `${f.file}:${f.line}`;
}

/** What the agent must fix first: a failing test, then a test file that failed, then the rest as they came. */
const FIRST: Record<string, number> = { "test-failed": 0, "suite-failed": 1 };
const rank = (f: GateFinding) => (f.stage === "tests" ? (FIRST[f.rule] ?? 2) : 2);

const clip = (text: string) =>
  text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS - 1)}…` : text;

/** A finding's lines: where, rule and message; a command's last output lines; its hint once. */
function findingLines(f: GateFinding, hints: Set<string>): string[] {
  const [first = "", ...rest] = f.message.split("\n");
  const lines = [clip(`- ${where(f)} [${f.stage}/${f.rule}] ${first}`)];
  // A command's output kept in the finding: its last lines here, all of it in gates.json.
  if (rest.length > OUTPUT_LINES)
    lines.push(`    | … ${rest.length - OUTPUT_LINES} lines more in .verify/gates.json`);
  for (const line of rest.slice(-OUTPUT_LINES)) lines.push(clip(`    | ${line}`));
  // The same hint under every finding of a kind says nothing new: once, under the first.
  if (f.hint && !hints.has(f.hint)) lines.push(clip(`    hint: ${f.hint}`));
  if (f.hint) hints.add(f.hint);
  return lines;
}

/**
 * At most 40 lines: the verdict, then what to fix first, each with file:line and a hint. A
 * failing test comes before every other finding, and the findings take at most 4,000
 * characters: the summary is what the agent reads when a stop is blocked.
 */
export function renderSummary(report: GatesReport): string {
  const lines: string[] = [];
  if (report.already_verified) {
    lines.push(`verify-gates: PASS (already verified: nothing changed since the last green run)`);
    return `${lines.join("\n")}\n`;
  }
  const unchecked = report.unchecked;
  lines.push(
    unchecked
      ? `verify-gates: NOT VERIFIED: nothing checked the change, no tool could run on it (exit ${report.exit_code})`
      : `verify-gates: ${WORD[report.status]} (exit ${report.exit_code})`,
  );
  if (unchecked) {
    const files = unchecked.files.slice(0, 5).join(", ");
    const more = unchecked.files.length > 5 ? ` and ${unchecked.files.length - 5} more` : "";
    lines.push(`nothing checked: ${files}${more}`);
    lines.push(`hint: ${unchecked.hint}`);
  }
  if (report.error) {
    lines.push(`error: ${report.error.message}`);
    if (report.error.hint) lines.push(`hint: ${report.error.hint}`);
  }
  const stageLine = report.stages.map((s) => `${s.stage} ${s.status}`).join(", ");
  if (stageLine) lines.push(`stages: ${stageLine}`);
  // What did not run, and why, in one line: a verdict never rests on a check that was skipped unseen.
  const skipped = report.stages.filter((s) => s.status === "skip" && !s.reason?.includes("--only"));
  if (skipped.length > 0)
    lines.push(
      `skipped: ${skipped.map((s) => (s.reason ? `${s.stage} (${s.reason})` : s.stage)).join(", ")}`,
    );
  // A pass or fail with a reason: how the stage judged (a command without an adapter).
  for (const stage of report.stages.filter((s) => s.status !== "error" && s.status !== "skip"))
    if (stage.reason) lines.push(`note in ${stage.stage}: ${stage.reason}`);
  for (const stage of report.stages.filter((s) => s.status === "error")) {
    lines.push(`error in ${stage.stage}: ${stage.reason ?? ""}`);
    if (stage.hint) lines.push(`  hint: ${stage.hint}`);
  }
  const next = report.judge?.fix_forward ?? [];
  if (next.length > 0) {
    lines.push(`next (the judge's fix_forward, ${report.judge?.decision}):`);
    for (const action of next.slice(0, 5)) lines.push(`- ${action}`);
  }
  const room = MAX_SUMMARY_LINES - lines.length - 2;
  const ordered = report.findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
    .map(({ f }) => f);
  const hints = new Set<string>();
  const body: string[] = [];
  let shown = 0;
  for (const f of ordered) {
    const block = findingLines(f, hints);
    const chars = [...body, ...block].reduce((sum, line) => sum + line.length + 1, 0);
    if (shown > 0 && (body.length + block.length > room || chars > MAX_FINDINGS_CHARS)) break;
    body.push(...block.slice(0, Math.max(1, room)));
    shown += 1;
  }
  if (shown > 0)
    lines.push(
      `fix first (${report.findings.length} finding${report.findings.length === 1 ? "" : "s"}):`,
      ...body,
    );
  if (report.findings.length > shown)
    lines.push(`… ${report.findings.length - shown} more in .verify/gates.json`);
  if (report.status === "pass")
    lines.push(
      report.stamp?.written
        ? "stamp written: .verify/green"
        : report.only
          ? "no stamp written (--only: only a full run stamps)"
          : unchecked
            ? "no stamp written (nothing checked the change)"
            : "no stamp written",
    );
  return `${lines.slice(0, MAX_SUMMARY_LINES).join("\n")}\n`;
}
