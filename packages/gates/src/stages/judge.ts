import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { JudgeVerdictSchema, type GateFinding } from "@agent-verify/contract";
import {
  finding,
  outcome,
  skip,
  type GatesContext,
  type Stage,
  type StageOutcome,
} from "../context.js";
import { toChangedFile } from "../diff/change.js";
import { git } from "../diff/git.js";
import { GatesError, GatesErrorCode } from "../errors.js";
import { exec, tail } from "../exec.js";
import { CACHE_DIR } from "../hold-line.js";
import { redact } from "../mask.js";
import { NEEDS_HUMAN } from "../stage-names.js";
import { deadlineOf, timedOut } from "../tools/run-tool.js";

export { NEEDS_HUMAN };

interface Ledger {
  requests: number;
  last?: StageOutcome;
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
  };
  return redact(JSON.stringify(input), ctx.secrets);
}

function verdict(stdout: string, stderr: string, exitCode: number | null): StageOutcome {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    parsed = undefined;
  }
  const result = JudgeVerdictSchema.safeParse(parsed);
  if (!result.success || result.data.length === 0) {
    const why = result.success
      ? "an empty list"
      : `output that is not a [{id, status, evidence}] list (exit ${exitCode})`;
    const message = `the judge returned ${why}; a person must review this change: ${tail(stdout || stderr, 2)}`;
    return outcome([
      finding(
        "judge",
        null,
        null,
        NEEDS_HUMAN,
        message,
        "review the change by hand, or fix the judge command",
      ),
    ]);
  }
  const findings: GateFinding[] = result.data
    .filter((item) => item.status === "FAIL")
    .map((item) =>
      finding(
        "judge",
        null,
        null,
        `judge:${item.id}`,
        `${item.id} FAIL: ${item.evidence}`,
        "fix what the evidence names",
      ),
    );
  return outcome(findings);
}

/** Stage 8: an external judge, only on a green tree, at most `max_requests` times per change. */
export const judge: Stage = async (ctx) => {
  const config = ctx.config.judge;
  if (!config) return skip("no judge configured");
  const ledgerFile = join(CACHE_DIR, `judge-${ctx.stampHash}.json`);
  const ledger = (await readFile(ledgerFile, "utf8").then(JSON.parse, () => ({
    requests: 0,
  }))) as Ledger;
  if (ledger.requests >= config.max_requests) {
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
  if (result.timedOut) throw timedOut("judge", config.command, result, deadline.setting);
  if (result.spawnError || result.exitCode === 127) {
    throw new GatesError(
      GatesErrorCode.ToolMissing,
      `judge: '${config.command}' could not be started`,
      { hint: tail(result.stderr) },
    );
  }
  const last = verdict(result.stdout, result.stderr, result.exitCode);
  await mkdir(CACHE_DIR, { recursive: true });
  await writeFile(
    ledgerFile,
    JSON.stringify({ requests: ledger.requests + 1, last } satisfies Ledger),
  );
  return last;
};
