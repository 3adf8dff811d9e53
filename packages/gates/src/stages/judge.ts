import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { AggregatedVerdict, GateFinding } from "@agent-verify/contract";
import {
  finding,
  outcome,
  skip,
  type GatesContext,
  type Stage,
  type StageOutcome,
} from "../context.js";
import { toChangedFile } from "../diff/change.js";
import { git } from "../git.js";
import { GatesError, GatesErrorCode } from "../errors.js";
import { exec, tail, type ExecResult } from "../exec.js";
import { CACHE_DIR } from "../hold-line.js";
import { redact } from "../mask.js";
import { NEEDS_HUMAN } from "../stage-names.js";
import { deadlineOf, timedOut } from "../tools/run-tool.js";
import { aggregateVerdicts } from "../verdict/aggregate.js";
import { verdictsFromText } from "../verdict/parse.js";
import { judgeInstructions, RUBRIC } from "../verdict/rubric.js";

export { NEEDS_HUMAN };

interface Ledger {
  requests: number;
  last?: StageOutcome;
  verdict?: AggregatedVerdict;
}

async function judgeInput(ctx: GatesContext): Promise<string> {
  const diff = await git(ctx.root, [
    "diff",
    "--no-color",
    "--no-ext-diff",
    "-M",
    ctx.change.mergeBase,
    "--",
  ]);
  const input = {
    change: {
      base: ctx.base.ref,
      merge_base: ctx.change.mergeBase,
      files: ctx.change.files.map(toChangedFile),
      diff,
    },
    report: { stages: ctx.results },
    task: ctx.task ? { id: ctx.task.id, file: ctx.task.file } : null,
    criteria: ctx.criteria,
    rubric: RUBRIC,
    instructions: judgeInstructions(ctx.criteria, ctx.task?.id),
  };
  return redact(JSON.stringify(input), ctx.secrets);
}

/** A judge that timed out or exited non-zero gave no verdict, whatever it printed. */
function judgeFailure(
  command: string,
  result: ExecResult,
  setting: string,
): { problem: string; hint: string } | undefined {
  if (result.timedOut) {
    const error = timedOut("judge", command, result, setting);
    return {
      problem: `the judge command ${error.message.replace(/^judge: /, "")}`,
      hint: error.hint ?? `raise ${setting}`,
    };
  }
  if (result.exitCode !== 0) {
    const how =
      result.exitCode === null ? `was killed (${result.signal})` : `exited ${result.exitCode}`;
    return {
      problem: `the judge command ${how}`,
      hint: "a judge exits 0 with its verdict; fix the judge command, or review the change by hand",
    };
  }
  return undefined;
}

/** The judge's answer → findings: one per failed criterion, or one NEEDS_HUMAN. */
function findingsOf(
  verdict: AggregatedVerdict,
  output: string,
  exitCode: number | null,
  failureHint: string | undefined,
): GateFinding[] {
  if (verdict.decision === "NEEDS_HUMAN") {
    const why = verdict.problems.join("; ");
    const message = `the judge returned no usable verdict (${why}, exit ${exitCode}); a person must review this change: ${tail(output, 2)}`;
    return [
      finding(
        "judge",
        null,
        null,
        NEEDS_HUMAN,
        message,
        failureHint ?? "review the change by hand, or fix the judge command",
      ),
    ];
  }
  const hint = verdict.fix_forward[0] ?? "fix what the evidence names";
  const failed = verdict.criteria
    .filter((c) => c.status === "FAIL")
    .map((c) => finding("judge", null, null, `judge:${c.id}`, `${c.id} FAIL: ${c.evidence}`, hint));
  if (verdict.decision === "FAIL" && failed.length === 0)
    failed.push(
      finding(
        "judge",
        null,
        null,
        "judge:decision",
        `the judge decided FAIL: ${verdict.problems.join("; ")}`,
        hint,
      ),
    );
  return failed;
}

/** Stage 8: an external judge, only on a green tree, at most `max_requests` times per change. */
export const judge: Stage = async (ctx) => {
  const config = ctx.config.judge;
  if (!config)
    return skip(
      ctx.criteria.length > 0
        ? `no judge configured: ${ctx.criteria.length} acceptance criteria not judged`
        : "no judge configured",
    );
  const ledgerFile = join(CACHE_DIR, `judge-${ctx.stampHash}.json`);
  const ledger = (await readFile(ledgerFile, "utf8").then(JSON.parse, () => ({
    requests: 0,
  }))) as Ledger;
  if (ledger.requests >= config.max_requests) {
    const { AggregatedVerdictSchema } = await import("@agent-verify/contract");
    // The cached verdict is a file on disk like any other input: used only when it is whole.
    ctx.verdict = AggregatedVerdictSchema.safeParse(ledger.verdict).data;
    if (ledger.last)
      return {
        ...ledger.last,
        reason: `judge request budget (${config.max_requests}) used: previous verdict`,
      };
    return skip(`judge request budget (${config.max_requests}) used`);
  }
  const deadline = deadlineOf(ctx.config.timeouts, "judge_s");
  const result = await exec("sh", ["-c", config.command], {
    cwd: ctx.root,
    env: ctx.env,
    input: await judgeInput(ctx),
    timeoutMs: deadline.ms,
  });
  if (result.spawnError || (!result.timedOut && result.exitCode === 127)) {
    throw new GatesError(
      GatesErrorCode.ToolMissing,
      `judge: '${config.command}' could not be started`,
      { hint: tail(result.stderr) },
    );
  }
  const parsed = result.timedOut
    ? { verdicts: [], problems: [] }
    : await verdictsFromText(result.stdout, "judge output");
  // What the judge printed counts only when the judge itself finished well.
  const failure = judgeFailure(config.command, result, deadline.setting);
  if (failure) parsed.problems.unshift(failure.problem);
  const verdict = aggregateVerdicts(parsed, {
    expected: ctx.criteria,
    ...(ctx.task ? { taskId: ctx.task.id } : {}),
  });
  ctx.verdict = verdict;
  const last = outcome(
    findingsOf(verdict, result.stdout || result.stderr, result.exitCode, failure?.hint),
  );
  await mkdir(CACHE_DIR, { recursive: true });
  await writeFile(
    ledgerFile,
    JSON.stringify({ requests: ledger.requests + 1, last, verdict } satisfies Ledger),
  );
  return last;
};
