import type { TicketsConfig } from "@agent-verify/contract";
import type { FlowCatalog } from "../../flows/catalog.js";
import type { SuperviseOptions } from "../../run/run-flows.js";
import type { TrackerIssue } from "../../tracker/tracker.js";
import { emptyEvidence, type Evidence } from "./evidence.js";
import { planAttempt } from "./plan.js";
import { COLLECTORS } from "./stages/all.js";

export interface CollectOptions extends SuperviseOptions {
  dir: string;
  issue: TrackerIssue;
  config: TicketsConfig;
  catalog: FlowCatalog;
}

/** Run what the issue asks for, collector by collector, into one Evidence. */
export async function collect(options: CollectOptions): Promise<Evidence> {
  const { plan, setupError, unknownFlows } = await planAttempt(options);
  const evidence = emptyEvidence(plan.flows);
  evidence.unknownFlows = unknownFlows;
  evidence.failures.setup_error = setupError;
  const ctx = { ...options, plan };
  for (const [, collector] of COLLECTORS) {
    if (evidence.failures.setup_error !== null) break;
    await collector(ctx, evidence);
  }
  return evidence;
}
