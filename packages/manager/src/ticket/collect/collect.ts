import type { FailedFlow, FlowOutcome, Manifest, TicketsConfig } from "@agent-verify/contract";
import { ManagerError, ManagerErrorCode } from "../../errors.js";
import type { EarlyList } from "../../flows/early-list.js";
import { listFlows, type ListedFlow } from "../../flows/list.js";
import { admitFlow } from "../../flows/select.js";
import { describeOutcome, SETUP_OUTCOMES } from "../../run/report.js";
import { superviseFlows, type SuperviseOptions } from "../../run/run-flows.js";
import { findVerifySections, requestedFlows } from "../load/verify-section.js";
import type { TrackerIssue } from "../../tracker/tracker.js";
import { acceptanceFlowRefs, evaluateAcceptance, parseAcceptance } from "./acceptance.js";
import type { AttemptEvidence } from "../decide/decide.js";
import {
  hasGatesConfig,
  runGatesCommand,
  type GatesEvidence,
  type TestCase,
} from "./gates-command.js";

/** A Verify: item that asks for the code-level gates rather than a flow. */
export const GATES_ITEM = "gates";

export interface CollectOptions extends SuperviseOptions {
  dir: string;
  issue: TrackerIssue;
  /** null when the repo has no .verify/workflows.yaml (gates-only repos). */
  manifest: Manifest | null;
  manifestError: ManagerError | null;
  config: TicketsConfig;
  early?: EarlyList | null | undefined;
}

export interface Collected {
  evidence: AttemptEvidence;
  /** Final flow outcomes (after reruns), for the comment's outcome list. */
  outcomes: FlowOutcome[];
  unknownFlows: string[];
  acMet: number;
}

const NOT_RUN_GATES = {
  status: "not_run",
  exit_code: null,
  already_verified: false,
  error: null,
} as const;

function emptyEvidence(flowsRun: string[]): AttemptEvidence {
  return {
    flowsRun,
    passedFlows: [],
    failedFlows: [],
    rerunPassedFlows: [],
    testsRan: false,
    failedTests: [],
    rerunPassedTests: [],
    failedAc: [],
    lintErrors: [],
    typecheckErrors: [],
    gateFindings: [],
    gates: { ...NOT_RUN_GATES },
    setupError: null,
  };
}

function failedFlow(outcome: FlowOutcome): FailedFlow {
  return {
    flow: outcome.flow,
    outcome: outcome.outcome,
    failing_step: outcome.failing_step,
    error: outcome.error,
  };
}

/** What the issue asks to be checked: its Verify: flows, its criteria, and whether gates run. */
function plan(options: CollectOptions) {
  const { issue } = options;
  const requested = requestedFlows(
    findVerifySections({
      description: issue.description,
      acceptance_criteria: issue.acceptanceCriteria,
      notes: issue.notes,
    }),
  );
  const policy = options.config.run_gates;
  const wantsGates =
    requested.includes(GATES_ITEM) ||
    policy === "always" ||
    (policy === "auto" && hasGatesConfig(options.dir));
  return {
    verifyFlows: requested.filter((name) => name !== GATES_ITEM),
    wantsGates,
    items: parseAcceptance(issue.acceptanceCriteria),
  };
}

async function runGates(
  options: CollectOptions,
): Promise<{ gates: GatesEvidence; rerunPassed: string[] }> {
  const regressionTitle = options.issue.type === "bug" ? options.issue.title : undefined;
  const base = {
    dir: options.dir,
    command: options.config.gates_command,
    env: options.env,
    signal: options.signal,
    regressionTitle,
  };
  const gates = await runGatesCommand(base);
  const rerunPassed: string[] = [];
  for (let i = 0; i < options.config.flaky_reruns && gates.failedTests.length > 0; i++) {
    if (options.signal?.aborted) break;
    options.progress?.note?.(
      `gates: ${gates.failedTests.length} failing tests; rerunning the tests stage`,
    );
    const again = await runGatesCommand({ ...base, only: "tests" });
    if (again.setupError !== null || !again.testsRan) break;
    const stillFailing = new Set(again.failedTests.map((t) => t.name));
    const passedNow = gates.failedTests.filter((t) => !stillFailing.has(t.name));
    rerunPassed.push(...passedNow.map((t) => t.name));
    gates.failedTests = gates.failedTests.filter((t) => stillFailing.has(t.name));
  }
  return { gates, rerunPassed };
}

async function runFlowsWithReruns(
  options: CollectOptions,
  manifest: Manifest,
  listed: readonly ListedFlow[],
  flows: readonly string[],
): Promise<{ outcomes: FlowOutcome[]; rerunPassed: string[] }> {
  const outcomes = await superviseFlows(options.dir, manifest, listed, flows, options);
  const rerunPassed: string[] = [];
  for (let i = 0; i < options.config.flaky_reruns; i++) {
    const again = outcomes
      .map((o, index) => ({ o, index }))
      .filter(({ o }) => o.outcome !== "pass" && !SETUP_OUTCOMES.has(o.outcome));
    if (again.length === 0 || options.signal?.aborted) break;
    const rerun = await superviseFlows(
      options.dir,
      manifest,
      listed,
      again.map(({ o }) => o.flow),
      options,
    );
    rerun.forEach((outcome, k) => {
      const slot = again[k];
      if (!slot) return;
      if (outcome.outcome === "pass") rerunPassed.push(outcome.flow);
      // A pass replaces the failure; a second failure replaces the first (it is the latest).
      outcomes[slot.index] = outcome;
    });
  }
  return { outcomes, rerunPassed };
}

function flowSetupError(outcomes: readonly FlowOutcome[]): string | null {
  const failed = outcomes.filter((o) => o.outcome !== "pass");
  if (failed.length === 0) return null;
  const allSetup = failed.every((o) => SETUP_OUTCOMES.has(o.outcome));
  const allCrash = outcomes.every((o) => o.outcome === "crash");
  if (!allSetup && !allCrash) return null;
  return failed.map(describeOutcome).join("; ");
}

/** The flows could not be listed: each requested flow is a setup error with the same cause. */
function perFlow(flows: readonly string[], message: string): string {
  return flows.length === 0
    ? message
    : flows.map((flow) => `${flow}: setup_error: ${message}`).join("; ");
}

/** Run what the issue asks for — gates first (cheap), then flows — and sort the evidence. */
export async function collectEvidence(options: CollectOptions): Promise<Collected> {
  const { verifyFlows, wantsGates, items } = plan(options);
  const needsList = verifyFlows.length > 0 || items.some((item) => item.refs.length > 0);
  let listed: ListedFlow[] | null = null;
  let listError: string | null = null;
  if (needsList && options.manifest) {
    try {
      listed = await listFlows(options.dir, options.manifest, options);
    } catch (error) {
      if (!(error instanceof ManagerError)) throw error;
      listError = perFlow(verifyFlows, error.message);
    }
  } else {
    options.early?.cancel();
    if (verifyFlows.length > 0 && options.manifestError) {
      listError = perFlow(verifyFlows, options.manifestError.message);
    }
  }
  // Flows the criteria name in backticks run too, when the runner lists them.
  const known = new Set((listed ?? []).map((flow) => flow.name));
  const flows = [...new Set([...verifyFlows, ...acceptanceFlowRefs(items, known)])];
  if (flows.length === 0 && !wantsGates) {
    throw new ManagerError(
      ManagerErrorCode.NoVerifySection,
      `issue ${options.issue.id} has no Verify: section listing flows`,
      {
        hint: "add a 'Verify:' line followed by one flow name per bullet to the description, or a .verify/gates.yaml",
      },
    );
  }
  const evidence = emptyEvidence(flows);
  if (listError !== null) {
    evidence.setupError = listError;
    return { evidence, outcomes: [], unknownFlows: [], acMet: 0 };
  }
  const refused = listed ? flows.filter((name) => admitFlow(name, listed).kind !== "run") : [];
  if (refused.length > 0) {
    const names = refused.map((name) => JSON.stringify(name)).join(", ");
    evidence.setupError = `the Verify: section names flows the runner cannot run: ${names}. Add them to .verify/workflows.yaml (and implement them) or fix the names; nothing was run`;
    return { evidence, outcomes: [], unknownFlows: refused, acMet: 0 };
  }

  let tests: TestCase[] | null = null;
  if (wantsGates) {
    const { gates, rerunPassed } = await runGates(options);
    Object.assign(evidence, {
      gates: gates.summary,
      testsRan: gates.testsRan,
      failedTests: gates.failedTests,
      rerunPassedTests: rerunPassed,
      lintErrors: gates.lintErrors,
      typecheckErrors: gates.typecheckErrors,
      gateFindings: gates.gateFindings,
      setupError: gates.setupError,
    });
    tests = gates.tests;
    if (gates.setupError !== null) return { evidence, outcomes: [], unknownFlows: [], acMet: 0 };
  }

  let outcomes: FlowOutcome[] = [];
  if (flows.length > 0 && options.manifest && listed) {
    const run = await runFlowsWithReruns(options, options.manifest, listed, flows);
    outcomes = run.outcomes;
    evidence.rerunPassedFlows = run.rerunPassed;
    evidence.passedFlows = outcomes.filter((o) => o.outcome === "pass").map((o) => o.flow);
    evidence.failedFlows = outcomes.filter((o) => o.outcome !== "pass").map(failedFlow);
    const setup = flowSetupError(outcomes);
    if (setup !== null) {
      evidence.setupError = setup;
      return { evidence, outcomes, unknownFlows: [], acMet: 0 };
    }
  }

  const ac = evaluateAcceptance(items, {
    flowsRun: new Set(flows),
    passedFlows: new Set(evidence.passedFlows),
    tests,
  });
  // The worker needs the why: "no evidence for `x`", "test `x` failed" (not for plain unchecked items).
  evidence.failedAc = ac.failed.map((text) => {
    const reason = ac.reasons[text];
    return reason && reason !== "unchecked" ? `${text} (${reason})` : text;
  });
  return { evidence, outcomes, unknownFlows: [], acMet: ac.done.length };
}
