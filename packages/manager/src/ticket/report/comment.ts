import {
  IssueCommentReportSchema,
  type Failures,
  type FlowOutcome,
  type IssueCommentKind,
  type IssueCommentOutcome,
  type IssueCommentReport,
} from "@agent-verify/contract";
import { redact } from "../../redact.js";
import { clipFailures, flatFailures } from "../failures/failures.js";
import { withoutLocalPaths } from "./local-paths.js";
import { whatFailedLines } from "./what-failed.js";

/** bd stores comments as SQL TEXT (65,535 bytes); stay well under it. */
export const MAX_COMMENT_BYTES = 60 * 1024;
const MARK = "verify-manager:";
/** A trace or screenshot holds page data (cookies, form values) that no redaction reaches. */
export const PAGE_DATA_NOTE =
  "Note: the trace and screenshot may hold page data (cookies, tokens, form values) that cannot be redacted; they stay on the machine that ran the flow: do not attach them here.";

type Attempt = NonNullable<IssueCommentReport["attempt"]>;
/** The attempt block without its failure lists (they come from `failures`). */
export type AttemptHeader = Pick<
  Attempt,
  "ticket" | "attempt" | "retry_budget" | "counted_failures" | "decision" | "same_as_previous"
>;

export interface CommentInput {
  kind: IssueCommentKind;
  /** The first line: what happened, for a human. */
  headline: string;
  /** Markdown lines between the headline and the JSON block (e.g. the attempt history). */
  body: readonly string[];
  fingerprint: string;
  attempt: AttemptHeader;
  failures: Failures;
  /** On escalation: every attempt so far. */
  history?: Attempt["history"];
  /** The attempt marker, the comment's last line. */
  marker: string;
  /** The attempt's MAC (own-comment proof), carried in the JSON block. */
  mac?: string | undefined;
  outcomes: readonly FlowOutcome[];
  unknownFlows: readonly string[];
  secrets: readonly string[];
  /** The repository: its absolute path never leaves the machine (paths become relative to it). */
  root?: string | undefined;
}

function artifact(outcome: FlowOutcome, key: string): string | null {
  const value = outcome.artifacts?.[key];
  return typeof value === "string" ? value : null;
}

function clip(text: string, max: number, fromEnd: boolean): string {
  if (text.length <= max) return text;
  if (max <= 0) return "";
  return fromEnd ? `…${text.slice(-(max - 1))}` : `${text.slice(0, max - 1)}…`;
}

interface Limits {
  error: number;
  stderr: number;
  firstLine: number;
}

/** An outcome's strings, redacted once before any clipping (so a clip cannot leave half a secret). */
function redactOutcome(o: FlowOutcome, secrets: readonly string[]): FlowOutcome {
  const clean = (value: string | null) => (value === null ? null : redact(value, secrets));
  const artifacts = Object.fromEntries(
    ["screenshot", "url_at_failure", "error_context", "trace"].map((key) => [
      key,
      clean(artifact(o, key)),
    ]),
  );
  return {
    ...o,
    flow: redact(o.flow, secrets),
    failing_step: clean(o.failing_step),
    error: clean(o.error),
    stderr_tail: redact(o.stderr_tail, secrets),
    artifacts,
  };
}

/** A redacted outcome, cut to the limits. */
function commentOutcome(o: FlowOutcome, limits: Limits): IssueCommentOutcome {
  return {
    flow: o.flow,
    outcome: o.outcome,
    failing_step: o.failing_step,
    error: o.error === null ? null : clip(o.error, limits.error, false),
    screenshot: artifact(o, "screenshot"),
    url_at_failure: artifact(o, "url_at_failure"),
    error_context: artifact(o, "error_context"),
    trace: artifact(o, "trace"),
    stderr_tail: clip(o.stderr_tail, limits.stderr, true),
  };
}

/**
 * A failed flow's error is said once: in its `outcomes` entry when the comment carries it
 * (with its artifacts), else here.
 */
function withoutRepeatedErrors(
  failures: Failures,
  outcomes: readonly IssueCommentOutcome[],
): Failures {
  const said = new Map(outcomes.map((o) => [o.flow, o.error]));
  return {
    ...failures,
    failed_flows: failures.failed_flows.map((f) =>
      f.error !== null && said.get(f.flow) === f.error ? { ...f, error: null } : f,
    ),
  };
}

/** Long lists (hundreds of lint errors) are cut to what a reader can use; the log keeps them all. */
function attemptBlock(
  input: CommentInput,
  limits: Limits,
  outcomes: readonly IssueCommentOutcome[],
): Attempt {
  const text = (value: string) => clip(value, limits.error, false);
  const failures = clipFailures(input.failures, limits.error >= 2000 ? 50 : 10, text);
  // The contract's attempt block: the flat lists, and the record they come from (`failures`)
  // only when it holds a kind the flat lists do not name (each fact once).
  return {
    ...input.attempt,
    ...flatFailures(withoutRepeatedErrors(failures, outcomes)),
    ...(failures.deliverable_findings.length > 0 ? { failures } : {}),
    ...(input.history
      ? { history: input.history.map((h) => ({ ...h, summary: text(h.summary) })) }
      : {}),
  };
}

const LIMIT_STEPS: Limits[] = [
  { error: 4000, stderr: 8000, firstLine: 2000 },
  { error: 2000, stderr: 2000, firstLine: 1000 },
  { error: 500, stderr: 500, firstLine: 500 },
  { error: 200, stderr: 0, firstLine: 300 },
];

/** Every string in a value passed through `map`. */
function mapStrings<T>(value: T, map: (text: string) => string): T {
  if (typeof value === "string") return map(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => mapStrings(item, map)) as T;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]);
    return Object.fromEntries(entries) as T;
  }
  return value;
}

/** Every string in the block, redacted before it is JSON-escaped (an escaped secret would slip by). */
const redactStrings = <T>(value: T, secrets: readonly string[]): T =>
  mapStrings(value, (text) => redact(text, secrets));

/**
 * Outcomes, failures and history redacted once, before they are clipped (a clip cannot leave
 * half a secret behind); every size step then clips the same redacted text.
 */
function redactInput(input: CommentInput): CommentInput {
  const { secrets } = input;
  const local = (text: string) => withoutLocalPaths(text, input.root);
  return {
    ...input,
    headline: local(input.headline),
    body: input.body.map(local),
    outcomes: input.outcomes.map((o) => mapStrings(redactOutcome(o, secrets), local)),
    failures: mapStrings(redactStrings(input.failures, secrets), local),
    history: mapStrings(redactStrings(input.history, secrets), local),
  };
}

/** `input` comes from redactInput. */
function renderWith(input: CommentInput, limits: Limits, isTruncated: boolean): string {
  const { secrets } = input;
  const outcomes = input.outcomes.map((o) => commentOutcome(o, limits));
  const attempt = redactStrings(attemptBlock(input, limits, outcomes), secrets);
  const report: IssueCommentReport = IssueCommentReportSchema.parse({
    schema_version: 1,
    tool: "verify-manager",
    kind: input.kind,
    fingerprint: input.fingerprint,
    outcomes,
    unknown_flows: input.unknownFlows.map((n) => redact(n, secrets)),
    truncated: isTruncated,
    attempt,
    ...(input.mac === undefined ? {} : { mac: input.mac }),
  });
  const first = clip(
    redact(input.headline.replaceAll("\n", " "), secrets),
    limits.firstLine,
    false,
  );
  // One line: bd shows the record unfolded, and a machine does not need the indentation.
  const json = redact(JSON.stringify(report), secrets);
  const human = whatFailedLines(input.outcomes, input.failures);
  const body = [
    ...human,
    ...(human.length > 0 && input.body.length > 0 ? [""] : []),
    ...input.body,
  ].map((line) => clip(redact(line, secrets), limits.firstLine, false));
  const hasPageData = input.outcomes.some(
    (o) => artifact(o, "trace") !== null || artifact(o, "screenshot") !== null,
  );
  const notes = hasPageData ? [...body, "", PAGE_DATA_NOTE] : body;
  const middle = notes.length > 0 ? `\n\n${notes.join("\n")}` : "";
  // The record for machines, collapsed where the tracker renders markdown.
  const record = `<details><summary>verify-manager record (JSON)</summary>\n\n\`\`\`json\n${json}\n\`\`\`\n\n</details>`;
  return `${first}${middle}\n\n${record}\n\n${input.marker}\n`;
}

/**
 * What failed for a person (the headline, each failure in a sentence with its evidence), then
 * the attempt as a fenced JSON block in a collapsed `<details>`, cut to stay under
 * MAX_COMMENT_BYTES; no absolute path of the verifying machine.
 */
export function renderComment(raw: CommentInput): string {
  const input = redactInput(raw);
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
