import type { TicketsConfig } from "@agent-verify/contract";
import { ManagerError, ManagerErrorCode } from "../../errors.js";
import type { FlowCatalog } from "../../flows/catalog.js";
import type { ListedFlow } from "../../flows/list.js";
import { admitFlow } from "../../flows/select.js";
import type { TrackerIssue } from "../../tracker/tracker.js";
import { findVerifySections, requestedFlows } from "../load/verify-section.js";
import { acceptanceFlowRefs, parseAcceptance } from "./acceptance.js";
import type { Plan } from "./evidence.js";
import { hasGatesConfig } from "./gates-command.js";
import { routeTicket } from "../route/route.js";

/** A Verify: item that asks for the code-level gates rather than a flow. */
export const GATES_ITEM = "gates";

export interface PlanInput {
  dir: string;
  issue: TrackerIssue;
  config: TicketsConfig;
  catalog: FlowCatalog;
}

export interface Planned {
  plan: Plan;
  /** Why nothing can be run (the flows cannot be listed, or some are not runnable). */
  setupError: string | null;
  unknownFlows: string[];
}

/** The flows could not be listed: each requested flow is a setup error with the same cause. */
function perFlow(flows: readonly string[], message: string): string {
  return flows.length === 0
    ? message
    : flows.map((flow) => `${flow}: setup_error: ${message}`).join("; ");
}

function asked(input: PlanInput) {
  const { issue } = input;
  const requested = requestedFlows(
    findVerifySections({
      description: issue.description,
      acceptance_criteria: issue.acceptanceCriteria,
      notes: issue.notes,
    }),
  );
  const policy = input.config.run_gates;
  const wantsGates =
    requested.includes(GATES_ITEM) ||
    policy === "always" ||
    (policy === "auto" && hasGatesConfig(input.dir));
  return {
    verifyFlows: requested.filter((name) => name !== GATES_ITEM),
    wantsGates,
    items: parseAcceptance(issue.acceptanceCriteria),
  };
}

async function listFor(
  input: PlanInput,
  verifyFlows: readonly string[],
  needsList: boolean,
): Promise<{ listed: ListedFlow[] | null; capabilities?: string[]; error: string | null }> {
  const { manifest, error } = input.catalog.manifestOrError();
  if (error !== null) {
    if (!(error instanceof ManagerError)) throw error;
    // A missing or broken manifest is a setup problem only when a flow needs it.
    return {
      listed: null,
      error: verifyFlows.length > 0 ? perFlow(verifyFlows, error.message) : null,
    };
  }
  if (!needsList || manifest === null) return { listed: null, error: null };
  try {
    const { flows, capabilities } = await input.catalog.runner();
    return { listed: flows, capabilities, error: null };
  } catch (failure) {
    if (!(failure instanceof ManagerError)) throw failure;
    return { listed: null, error: perFlow(verifyFlows, failure.message) };
  }
}

/** What the issue asks for — its Verify: flows, its criteria, the gates — checked against the runner. */
export async function planAttempt(input: PlanInput): Promise<Planned> {
  const routed = routeTicket(input.issue);
  if (routed.route === "deliverable") {
    // A document ticket is verified by its deliverable (and its criteria), not by code gates.
    const items = parseAcceptance(input.issue.acceptanceCriteria);
    const deliverable = { kind: routed.kind, file: routed.file };
    const plan: Plan = {
      flows: [],
      wantsGates: false,
      items,
      manifest: null,
      listed: null,
      deliverable,
    };
    return { plan, setupError: routed.problem, unknownFlows: [] };
  }
  const { verifyFlows, wantsGates, items } = asked(input);
  const needsList = verifyFlows.length > 0 || items.some((item) => item.refs.length > 0);
  const { listed, capabilities, error } = await listFor(input, verifyFlows, needsList);
  // Flows the criteria name in backticks run too, when the runner lists them.
  const known = new Set((listed ?? []).map((flow) => flow.name));
  const flows = [...new Set([...verifyFlows, ...acceptanceFlowRefs(items, known)])];
  if (flows.length === 0 && !wantsGates) {
    throw new ManagerError(
      ManagerErrorCode.NoVerifySection,
      `issue ${input.issue.id} has no Verify: section listing flows`,
      {
        hint: "add a 'Verify:' line followed by one flow name per bullet to the description, or a .verify/gates.yaml",
      },
    );
  }
  const manifest = listed ? input.catalog.manifest() : null;
  const plan: Plan = { flows, wantsGates, items, manifest, listed, capabilities };
  if (error !== null) return { plan, setupError: error, unknownFlows: [] };
  const refused = listed ? flows.filter((name) => admitFlow(name, listed).kind !== "run") : [];
  if (refused.length === 0) return { plan, setupError: null, unknownFlows: [] };
  const names = refused.map((name) => JSON.stringify(name)).join(", ");
  return {
    plan,
    setupError: `the Verify: section names flows the runner cannot run: ${names}. Add them to .verify/workflows.yaml (and implement them) or fix the names; nothing was run`,
    unknownFlows: refused,
  };
}
