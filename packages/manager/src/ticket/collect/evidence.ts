import type {
  AgentLoopBrief,
  AggregatedVerdict,
  DeclaredTestChange,
  DeliverableKind,
  DeliverableReview,
  Failures,
  FlowOutcome,
  GatesSummary,
  GateTestCase,
  Manifest,
  TicketsConfig,
} from "@agent-verify/contract";
import type { ListedFlow } from "../../flows/list.js";
import type { SuperviseOptions } from "../../run/run-flows.js";
import type { TrackerIssue } from "../../tracker/tracker.js";
import { noFailures } from "../failures/failures.js";
import type { AcceptanceItem } from "./acceptance.js";

/** What the issue asks to be checked, resolved against the runner's list. */
export interface Plan {
  /** Flows to run: the Verify: section's, then the ones the criteria cite. */
  flows: string[];
  wantsGates: boolean;
  items: AcceptanceItem[];
  /** null when nothing needs the flows (or the repo has no manifest). */
  manifest: Manifest | null;
  listed: ListedFlow[] | null;
  /** A discovery, design or doc ticket: the document the rubric reviews; null for code tickets. */
  deliverable?: { kind: DeliverableKind; file: string } | null | undefined;
  /** What the runner's --list offers (`browser-server`: the flows may share a warm browser). */
  capabilities?: readonly string[];
}

export interface CollectContext extends SuperviseOptions {
  dir: string;
  issue: TrackerIssue;
  config: TicketsConfig;
  plan: Plan;
}

/** Everything one attempt observed, before flakiness and the budget are applied. */
export interface Evidence {
  /** Filled by the collectors; `flaky` is left to decide(). */
  failures: Failures;
  flowsRun: string[];
  passedFlows: string[];
  /** Flows that failed, then passed on a rerun in this attempt. */
  rerunPassedFlows: string[];
  /** Flows that passed, then failed a confirmation run in this attempt (tickets.confirm_runs). */
  confirmFailedFlows?: string[] | undefined;
  testsRan: boolean;
  /** The gates' test list, when a test run reported one. */
  tests: GateTestCase[] | null;
  /** Tests that failed, then passed on the gates rerun. */
  rerunPassedTests: string[];
  gates: GatesSummary;
  /** The gates judge's verdict on the acceptance criteria; null when no judge answered. */
  judge?: AggregatedVerdict | null | undefined;
  /** The files of the change, as gates saw them; absent when gates did not run. */
  changedFiles?: string[] | null | undefined;
  /** The deliverable rubric's result, for a document ticket. */
  deliverableReview?: DeliverableReview | undefined;
  /** The change touches UI paths: what a human should smoke-test. */
  manualSmoke?: { paths: string[]; flows: string[]; steps: string[] } | undefined;
  /** The repository's latest agent loop, as gates reported it (`needs_human`: escalate). */
  agentLoop?: AgentLoopBrief | null | undefined;
  /** Oracle tests the task declared it changes (`## TESTS`, `action: modify`), as gates listed them. */
  declaredTestChanges?: DeclaredTestChange[] | undefined;
  /** Final flow outcomes (after reruns), for the comment's outcome list. */
  outcomes: FlowOutcome[];
  /** Names the Verify: section asks for that the runner cannot run. */
  unknownFlows: string[];
  /** Acceptance criteria met. */
  acMet: number;
}

/** One step of collecting, shaped like a gates stage: it reads the context, adds evidence. */
export type Collector = (ctx: CollectContext, evidence: Evidence) => Promise<void>;

export function emptyEvidence(flowsRun: string[]): Evidence {
  return {
    failures: noFailures(),
    flowsRun,
    passedFlows: [],
    rerunPassedFlows: [],
    testsRan: false,
    tests: null,
    rerunPassedTests: [],
    gates: { status: "not_run", exit_code: null, already_verified: false, error: null },
    judge: null,
    outcomes: [],
    unknownFlows: [],
    acMet: 0,
  };
}
