import type { GateFindingBrief } from "@agent-verify/contract";
import { isProductFile } from "@agent-verify/contract/product-files";
import type { Collector, CollectContext } from "../evidence.js";
import { runGatesCommand } from "../gates-command.js";
import type { GatesRead } from "../gates-report.js";
import { ticketHeldOut } from "../held-out.js";
import { criteriaFileText } from "../judge-criteria.js";
import { taskFileName, ticketTaskText } from "../task-file.js";

/** The ticket's text as gates' task file, when it is one (a `## TESTS` section). */
function taskOf(ctx: CollectContext): { text: string; name: string } | null {
  const text = ticketTaskText(ctx.issue);
  return text === null ? null : { text, name: taskFileName(ctx.issue.id) };
}

/** Gates, then the tests stage again while tests fail (up to flaky_reruns): what passed was flaky. */
async function runWithReruns(
  ctx: CollectContext,
): Promise<{ read: GatesRead; rerunPassed: string[] }> {
  const regressionTitle = ctx.issue.type === "bug" ? ctx.issue.title : undefined;
  const base = {
    criteria: criteriaFileText(ctx.plan.items),
    dir: ctx.dir,
    command: ctx.config.gates_command,
    env: ctx.env,
    signal: ctx.signal,
    regressionTitle,
    heldOut: ticketHeldOut(ctx.issue),
    task: taskOf(ctx),
  };
  const read = await runGatesCommand(base);
  const rerunPassed: string[] = [];
  let failing = read.failures.failed_tests;
  for (let i = 0; i < ctx.config.flaky_reruns && failing.length > 0; i++) {
    if (ctx.signal?.aborted) break;
    ctx.progress?.note?.(`gates: ${failing.length} failing tests; rerunning the tests stage`);
    const again = await runGatesCommand({ ...base, criteria: null, only: "tests" });
    if (again.failures.setup_error !== null || !again.testsRan) break;
    const stillFailing = new Set(again.failures.failed_tests.map((t) => t.name));
    rerunPassed.push(...failing.filter((t) => !stillFailing.has(t.name)).map((t) => t.name));
    failing = failing.filter((t) => stillFailing.has(t.name));
  }
  read.failures.failed_tests = failing;
  return { read, rerunPassed };
}

/**
 * No evidence of work is not a pass: a code ticket that only gates verify, whose gates found
 * no change at all against the base (no commit, no diff, nothing untracked), is sent back.
 * What agent-verify wrote itself (the verify log of the last attempt, ...) is no work, even
 * from a gates command that still counts it.
 */
function noChangeFinding(ctx: CollectContext, read: GatesRead): GateFindingBrief | null {
  if (ctx.plan.flows.length > 0 || ctx.plan.deliverable) return null;
  if (read.failures.setup_error !== null || read.changedFiles === null) return null;
  if (read.changedFiles.length > 0) return null;
  return {
    stage: "gates",
    file: null,
    line: null,
    rule: "no-change",
    message: `no change found against ${read.base ?? "the base"}`,
  };
}

/**
 * Nothing checked is never verified: gates passed a change no tool stage could read (no
 * typecheck, lint, format or test tool). With no flow or deliverable to rest on, the ticket has
 * no evidence at all: a setup problem (the repository needs a tool), not a pass and not a retry.
 */
function uncheckedProblem(ctx: CollectContext, read: GatesRead): string | null {
  const unchecked = read.unchecked;
  if (unchecked === null || ctx.plan.flows.length > 0 || ctx.plan.deliverable) return null;
  const why = unchecked.stages.map((s) => `${s.stage}: ${s.reason}`).join("; ");
  return `gates: nothing checked the change (${unchecked.files.join(", ")}): ${why}; ${unchecked.hint}`;
}

/** The code-level gates (cheap, so first): lint, typecheck, tests and the other findings. */
export const gates: Collector = async (ctx, evidence) => {
  if (!ctx.plan.wantsGates) return;
  const { read, rerunPassed } = await runWithReruns(ctx);
  read.changedFiles = read.changedFiles?.filter((path) => !isProductFile(path)) ?? null;
  const noChange = noChangeFinding(ctx, read);
  if (noChange) read.failures.gate_findings.push(noChange);
  read.failures.setup_error ??= uncheckedProblem(ctx, read);
  Object.assign(evidence.failures, read.failures);
  evidence.gates = read.summary;
  evidence.testsRan = read.testsRan;
  evidence.tests = read.tests;
  evidence.judge = read.judge;
  evidence.changedFiles = read.changedFiles;
  evidence.rerunPassedTests = rerunPassed;
  evidence.agentLoop = read.agentLoop;
  evidence.declaredTestChanges = read.declaredTestChanges;
};
