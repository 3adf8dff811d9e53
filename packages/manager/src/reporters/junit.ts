import type { FlowOutcome, RunReport } from "@agent-verify/contract";
import { artifact, plain, stepLines } from "./text.js";

/** Outcomes a CI shows as a test failure (the app misbehaved); other non-passes are errors. */
const FAILURES = new Set(["fail", "timeout", "mismatch"]);

/** XML 1.0 forbids most control characters even when escaped: tab, newline and CR stay. */
function isXmlChar(char: string): boolean {
  const code = char.charCodeAt(0);
  if (code === 0x09 || code === 0x0a || code === 0x0d) return true;
  return code >= 0x20 && code !== 0xfffe && code !== 0xffff;
}

export function xmlEscape(text: string): string {
  return [...plain(text)]
    .filter(isXmlChar)
    .join("")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function testcase(outcome: FlowOutcome, suite: string): string {
  const attrs = `name="${xmlEscape(outcome.flow)}" classname="${xmlEscape(suite)}" time="${seconds(outcome.duration_ms)}"`;
  const body: string[] = [];
  if (outcome.outcome !== "pass") {
    const tag = FAILURES.has(outcome.outcome) ? "failure" : "error";
    const message = outcome.error ?? outcome.outcome;
    const where = outcome.failing_step ? `step '${outcome.failing_step}': ` : "";
    body.push(
      `      <${tag} message="${xmlEscape(message.split("\n")[0] ?? "")}" type="${outcome.outcome}">${xmlEscape(`${where}${message}`)}</${tag}>`,
    );
  }
  const out = stepLines(outcome);
  for (const key of ["url_at_failure", "error_context", "trace"]) {
    const value = artifact(outcome, key);
    if (value) out.push(`${key}: ${value}`);
  }
  // GitLab and Jenkins (junit-attachments) pick a file up from this marker in system-out.
  const screenshot = artifact(outcome, "screenshot");
  if (screenshot) out.push(`[[ATTACHMENT|${screenshot}]]`);
  if (out.length > 0) body.push(`      <system-out>${xmlEscape(out.join("\n"))}</system-out>`);
  if (outcome.outcome !== "pass" && outcome.stderr_tail) {
    body.push(`      <system-err>${xmlEscape(outcome.stderr_tail)}</system-err>`);
  }
  return body.length === 0
    ? `    <testcase ${attrs}/>`
    : `    <testcase ${attrs}>\n${body.join("\n")}\n    </testcase>`;
}

/** JUnit XML as CI systems read it: one testsuite, one testcase per flow. */
export function renderJunit(report: RunReport, timestamp: Date = new Date()): string {
  const suite = "agent-verify";
  const count = (pick: (o: FlowOutcome) => boolean) => report.outcomes.filter(pick).length;
  const failures = count((o) => FAILURES.has(o.outcome));
  const errors = count((o) => o.outcome !== "pass" && !FAILURES.has(o.outcome));
  const time = seconds(report.outcomes.reduce((sum, o) => sum + o.duration_ms, 0));
  const totals = `tests="${report.outcomes.length}" failures="${failures}" errors="${errors}" skipped="0" time="${time}"`;
  const properties = report.shard
    ? `    <properties>\n      <property name="shard" value="${report.shard.index}/${report.shard.total}"/>\n    </properties>\n`
    : "";
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${suite}" ${totals}>`,
    `  <testsuite name="${suite}" ${totals} timestamp="${timestamp.toISOString().slice(0, 19)}">`,
    `${properties}${report.outcomes.map((o) => testcase(o, suite)).join("\n")}`,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
