import { createHash } from "node:crypto";
import {
  IssueCommentReportSchema,
  type FlowOutcome,
  type IssueCommentReport as Report,
  type IssueCommentKind,
  type IssueCommentOutcome,
  type IssueCommentReport,
} from "@agent-verify/contract";
import { describeOutcome } from "../../run/report.js";
import { redact } from "../../redact.js";

/** bd stores comments as SQL TEXT (65,535 bytes); stay well under it. */
export const MAX_COMMENT_BYTES = 60 * 1024;
const MARK = "verify-manager:";

export interface CommentInput {
  kind: IssueCommentKind;
  outcomes: readonly FlowOutcome[];
  unknownFlows?: readonly string[] | undefined;
  secrets?: readonly string[] | undefined;
  /** The ticket loop's context (contract 7): replaces the headline and fingerprint, adds lines. */
  loop?: LoopCommentParts | undefined;
}

export interface LoopCommentParts {
  headline: string;
  /** Markdown lines between the headline and the JSON block (e.g. the attempt history). */
  body: readonly string[];
  fingerprint: string;
  attempt: NonNullable<Report["attempt"]>;
  /** The attempt marker, the comment's last line. */
  marker: string;
}

function artifact(outcome: FlowOutcome, key: string): string | null {
  const value = outcome.artifacts?.[key];
  return typeof value === "string" ? value : null;
}

/** Durations and timestamps change between identical failures; they must not change the fingerprint. */
function stableError(error: string | null): string {
  return (error ?? "")
    .replace(/\d+(\.\d+)?\s*ms\b/g, "N ms")
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z?/g, "T");
}

export function fingerprintOf(input: CommentInput): string {
  const key = {
    kind: input.kind,
    unknown: [...(input.unknownFlows ?? [])],
    outcomes: input.outcomes
      .filter((o) => o.outcome !== "pass")
      .map((o) => [o.flow, o.outcome, o.failing_step, stableError(o.error)]),
  };
  return createHash("sha256").update(JSON.stringify(key)).digest("hex").slice(0, 12);
}

function clip(text: string, max: number, fromEnd: boolean): string {
  if (text.length <= max) return text;
  if (max <= 0) return "";
  return fromEnd ? `…${text.slice(-(max - 1))}` : `${text.slice(0, max - 1)}…`;
}

function commentOutcome(
  o: FlowOutcome,
  secrets: readonly string[],
  limits: Limits,
): IssueCommentOutcome {
  const clean = (value: string | null) => (value === null ? null : redact(value, secrets));
  return {
    flow: redact(o.flow, secrets),
    outcome: o.outcome,
    failing_step: clean(o.failing_step),
    error: o.error === null ? null : clip(redact(o.error, secrets), limits.error, false),
    screenshot: clean(artifact(o, "screenshot")),
    url_at_failure: clean(artifact(o, "url_at_failure")),
    error_context: clean(artifact(o, "error_context")),
    trace: clean(artifact(o, "trace")),
    stderr_tail: clip(redact(o.stderr_tail, secrets), limits.stderr, true),
  };
}

export function headline(input: CommentInput): string {
  if (input.loop) return input.loop.headline;
  const failed = input.outcomes.filter((o) => o.outcome !== "pass");
  if (input.kind === "unknown_flows") {
    const names = (input.unknownFlows ?? []).map((n) => JSON.stringify(n)).join(", ");
    return `${MARK} the Verify: section names flows the runner cannot run: ${names}. Add them to .verify/workflows.yaml (and implement them) or fix the names; nothing was run.`;
  }
  const list = failed.map(describeOutcome).join("; ");
  if (input.kind === "setup") {
    return `${MARK} setup problem, not a product failure: ${list || "the flows could not be run"}`;
  }
  return `${MARK} ${failed.length} of ${input.outcomes.length} flows failed: ${list}`;
}

interface Limits {
  error: number;
  stderr: number;
  firstLine: number;
}

type Attempt = NonNullable<Report["attempt"]>;

/** Long lists (hundreds of lint errors) are cut to what a reader can use; the log keeps them all. */
function clipAttempt(attempt: Attempt, limits: Limits): Attempt {
  const max = limits.error >= 2000 ? 50 : 10;
  const cut = <T>(list: readonly T[]): T[] => list.slice(0, max);
  const text = (value: string) => clip(value, limits.error, false);
  return {
    ...attempt,
    failed_flows: cut(attempt.failed_flows).map((f) => ({
      ...f,
      error: f.error === null ? null : text(f.error),
    })),
    failed_tests: cut(attempt.failed_tests).map((t) => ({ ...t, message: text(t.message) })),
    failed_ac: cut(attempt.failed_ac).map(text),
    lint_errors: cut(attempt.lint_errors).map((e) => ({ ...e, message: text(e.message) })),
    typecheck_errors: cut(attempt.typecheck_errors).map((e) => ({
      ...e,
      message: text(e.message),
    })),
    gate_findings: cut(attempt.gate_findings).map((f) => ({ ...f, message: text(f.message) })),
    flaky: cut(attempt.flaky),
    setup_error: attempt.setup_error === null ? null : text(attempt.setup_error),
    ...(attempt.history
      ? { history: attempt.history.map((h) => ({ ...h, summary: text(h.summary) })) }
      : {}),
  };
}

const LIMIT_STEPS: Limits[] = [
  { error: 4000, stderr: 8000, firstLine: 2000 },
  { error: 2000, stderr: 2000, firstLine: 1000 },
  { error: 500, stderr: 500, firstLine: 500 },
  { error: 200, stderr: 0, firstLine: 300 },
];

function renderWith(input: CommentInput, limits: Limits, isTruncated: boolean): string {
  const secrets = input.secrets ?? [];
  const report: IssueCommentReport = IssueCommentReportSchema.parse({
    schema_version: 1,
    tool: "verify-manager",
    kind: input.kind,
    fingerprint: input.loop?.fingerprint ?? fingerprintOf(input),
    outcomes: input.outcomes.map((o) => commentOutcome(o, secrets, limits)),
    unknown_flows: (input.unknownFlows ?? []).map((n) => redact(n, secrets)),
    truncated: isTruncated,
    ...(input.loop ? { attempt: clipAttempt(input.loop.attempt, limits) } : {}),
  });
  const first = clip(
    redact(headline(input).replaceAll("\n", " "), secrets),
    limits.firstLine,
    false,
  );
  const json = redact(JSON.stringify(report, null, 2), secrets);
  const body = (input.loop?.body ?? []).map((line) =>
    clip(redact(line, secrets), limits.firstLine, false),
  );
  const middle = body.length > 0 ? `\n\n${body.join("\n")}` : "";
  const marker = input.loop ? `\n${input.loop.marker}\n` : "";
  return `${first}${middle}\n\n\`\`\`json\n${json}\n\`\`\`\n${marker}`;
}

/** One human line, then the outcomes as a fenced JSON block, cut to stay under MAX_COMMENT_BYTES. */
export function renderComment(input: CommentInput): string {
  for (const [index, limits] of LIMIT_STEPS.entries()) {
    const text = renderWith(input, limits, index > 0);
    if (Buffer.byteLength(text) <= MAX_COMMENT_BYTES) return text;
  }
  // Still too big (hundreds of flows): keep the failures only, as many as fit.
  const failures = input.outcomes.filter((o) => o.outcome !== "pass");
  let kept = failures.length;
  const last = LIMIT_STEPS[LIMIT_STEPS.length - 1] as Limits;
  for (;;) {
    const text = renderWith({ ...input, outcomes: failures.slice(0, kept) }, last, true);
    if (Buffer.byteLength(text) <= MAX_COMMENT_BYTES || kept <= 1) return text;
    kept = Math.max(1, Math.floor(kept / 2));
  }
}

/** The JSON block of a comment this tool posted, or null. */
export function parseCommentReport(text: string): IssueCommentReport | null {
  const match = /```json\n([\s\S]*?)\n```/.exec(text);
  if (!match || !text.startsWith(MARK)) return null;
  try {
    const parsed = IssueCommentReportSchema.safeParse(JSON.parse(match[1] ?? ""));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
