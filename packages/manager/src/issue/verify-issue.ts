import {
  IssueVerificationSchema,
  type FlowOutcome,
  type IssueCommentKind,
  type IssueVerification,
  type Manifest,
  type RunReport,
} from "@agent-verify/contract";
import { ManagerError, ManagerErrorCode } from "../errors.js";
import type { EarlyList } from "../flows/early-list.js";
import { listFlows, type ListedFlow } from "../flows/list.js";
import { readManifest } from "../flows/manifest.js";
import { admitFlow } from "../flows/select.js";
import { buildReport, SETUP_OUTCOMES, type RunVerdict } from "../run/report.js";
import { superviseFlows, type SuperviseOptions } from "../run/run-flows.js";
import { notRunOutcome } from "../supervise/classify.js";
import { BdTracker } from "../tracker/bd-tracker.js";
import type { Tracker, TrackerIssue } from "../tracker/tracker.js";
import {
  renderComment,
  repeatCount,
  stillFailingLine,
  fingerprintOf,
  type CommentInput,
} from "./comment.js";
import { redact, secretValues } from "./redact.js";
import { findVerifySections, requestedFlows } from "./verify-section.js";

export interface VerifyIssueOptions extends SuperviseOptions {
  dir: string;
  /** A `--list` the caller started before loading the contract (see early-list.ts). */
  early?: EarlyList | null | undefined;
  id: string;
  dryRun?: boolean | undefined;
  tracker?: Tracker | undefined;
}

const ISSUE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Crashes on every flow, or only setup outcomes: the environment is broken, not the product. */
export function issueVerdict(report: RunReport): RunVerdict {
  if (report.passed) return "passed";
  const failed = report.outcomes.filter((o) => o.outcome !== "pass");
  if (failed.every((o) => SETUP_OUTCOMES.has(o.outcome))) return "setup";
  if (report.outcomes.every((o) => o.outcome === "crash")) return "setup";
  return "failed";
}

function setupOutcome(flow: string, error: string): FlowOutcome {
  return notRunOutcome(flow, "setup_error", error);
}

interface Plan {
  verdict: RunVerdict;
  flows: string[];
  report: RunReport | null;
  comment: CommentInput | null;
}

async function planVerification(
  issue: TrackerIssue,
  options: VerifyIssueOptions,
  secrets: readonly string[],
): Promise<Plan> {
  const sections = findVerifySections({
    description: issue.description,
    acceptance_criteria: issue.acceptanceCriteria,
    notes: issue.notes,
  });
  const flows = requestedFlows(sections);
  if (flows.length === 0) {
    throw new ManagerError(
      ManagerErrorCode.NoVerifySection,
      `issue ${issue.id} has no Verify: section listing flows`,
      {
        hint: "add a 'Verify:' line followed by one flow name per bullet to the description",
      },
    );
  }
  let listed: ListedFlow[];
  let manifest: Manifest;
  try {
    manifest = readManifest(options.dir);
    listed = await listFlows(options.dir, manifest, options);
  } catch (error) {
    if (!(error instanceof ManagerError)) throw error;
    const outcomes = flows.map((flow) => setupOutcome(flow, error.message));
    return {
      verdict: "setup",
      flows,
      report: buildReport(outcomes),
      comment: { kind: "setup", outcomes, secrets },
    };
  }
  const refused = flows.filter((name) => admitFlow(name, listed).kind !== "run");
  if (refused.length > 0) {
    const outcomes = flows.map((name) => {
      const admission = admitFlow(name, listed);
      return admission.kind === "run"
        ? setupOutcome(name, "not run: other requested flows cannot be run")
        : setupOutcome(name, admission.reason);
    });
    return {
      verdict: "setup",
      flows,
      report: null,
      comment: { kind: "unknown_flows", outcomes, unknownFlows: refused, secrets },
    };
  }
  const report = buildReport(await superviseFlows(options.dir, manifest, listed, flows, options));
  const verdict = issueVerdict(report);
  if (verdict === "passed") return { verdict, flows, report, comment: null };
  const kind: IssueCommentKind = verdict === "setup" ? "setup" : "failure";
  return { verdict, flows, report, comment: { kind, outcomes: report.outcomes, secrets } };
}

async function confirmClosed(tracker: Tracker, id: string, reason: string): Promise<void> {
  const after = await tracker.show(id);
  if (after.status !== "closed") {
    throw new ManagerError(
      ManagerErrorCode.CloseNotConfirmed,
      `issue ${id} is '${after.status}' after bd close`,
      {
        hint: "check the tracker by hand: the flows passed but the issue did not close",
      },
    );
  }
  if (after.closeReason !== null && after.closeReason !== reason) {
    throw new ManagerError(
      ManagerErrorCode.CloseNotConfirmed,
      `issue ${id} closed with reason '${after.closeReason}', expected '${reason}'`,
    );
  }
}

/** `verify-manager issue`: run the flows an issue asks for, then close it or comment on it. */
export async function verifyIssue(options: VerifyIssueOptions): Promise<IssueVerification> {
  try {
    return await verifyIssueOnce(options);
  } finally {
    options.early?.cancel();
  }
}

async function verifyIssueOnce(options: VerifyIssueOptions): Promise<IssueVerification> {
  if (!ISSUE_ID.test(options.id)) {
    throw new ManagerError(
      ManagerErrorCode.UsageError,
      `not an issue id: ${JSON.stringify(options.id)}`,
    );
  }
  const env = options.env ?? process.env;
  const tracker = options.tracker ?? new BdTracker({ cwd: options.dir, env });
  const secrets = secretValues(env);
  const issue = await tracker.show(options.id);
  const plan = await planVerification(issue, options, secrets);
  if (options.signal?.aborted) {
    // An interrupted run says nothing about the issue: leave the tracker alone.
    throw new ManagerError(
      ManagerErrorCode.Interrupted,
      `interrupted: issue ${issue.id} left unchanged`,
    );
  }
  const isDryRun = options.dryRun === true;
  const base = {
    schema_version: 1 as const,
    issue: issue.id,
    verdict: plan.verdict,
    dry_run: isDryRun,
    flows: plan.flows,
    report: plan.report,
  };

  if (plan.comment === null) {
    const reason = redact(`verified: ${plan.flows.join(", ")}`, secrets);
    if (issue.status === "closed") {
      // bd would answer a second close with exit 0 and the old reason: nothing to do.
      return IssueVerificationSchema.parse({
        ...base,
        action: "none",
        comment: null,
        close_reason: issue.closeReason,
      });
    }
    if (!isDryRun) {
      await tracker.close(issue.id, reason);
      await confirmClosed(tracker, issue.id, reason);
    }
    return IssueVerificationSchema.parse({
      ...base,
      action: "closed",
      comment: null,
      close_reason: reason,
    });
  }
  const last = issue.comments[issue.comments.length - 1]?.text;
  const repeats = repeatCount(last, fingerprintOf(plan.comment));
  const text =
    repeats > 0 ? stillFailingLine(repeats + 1, plan.comment) : renderComment(plan.comment);
  if (!isDryRun) await tracker.comment(issue.id, text);
  return IssueVerificationSchema.parse({
    ...base,
    action: repeats > 0 ? "still_failing" : "commented",
    comment: text,
    close_reason: null,
  });
}
