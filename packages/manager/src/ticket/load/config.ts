import { TicketsConfigSchema, type TicketsConfig } from "@agent-verify/contract";
import { ManagerError } from "../../errors.js";
import type { FlowCatalog } from "../../flows/catalog.js";

/** The manifest's tickets section; its defaults when the repo has no (readable) manifest. */
export function ticketsConfig(catalog: FlowCatalog): TicketsConfig {
  const { manifest, error } = catalog.manifestOrError();
  // A missing or broken manifest is a setup problem only when a flow needs it (plan.ts).
  if (error !== null && !(error instanceof ManagerError)) throw error;
  return manifest?.tickets ?? TicketsConfigSchema.parse({});
}
