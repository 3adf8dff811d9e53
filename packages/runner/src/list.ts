import type { FlowList, FlowListEntry } from "@agent-verify/contract";
import { loadManifestCached } from "./manifest-cache.js";
import { flowModuleIndex, flowRoots, flowsDir, undeclaredModules } from "./flows/discover.js";
import { messageOf } from "./errors.js";

export interface ListOptions {
  dir: string;
  /** Load each implemented module to report its declared steps (slower: loads TypeScript). */
  steps?: boolean;
}

/**
 * The flow catalog (contract 2): read from the manifest, `implemented` from which
 * modules exist. Without `steps` no flow module is loaded and no browser starts; the
 * object is built from the validated manifest only (its shape is pinned by tests).
 */
export async function listFlows(options: ListOptions): Promise<FlowList> {
  const manifest = await loadManifestCached(options.dir);
  const folder = flowsDir(options.dir, manifest);
  const warnings = undeclaredModules(folder, manifest).map(
    (name) =>
      `flow module ${folder}/${name} is not declared in .verify/workflows.yaml, so it cannot be run`,
  );
  const modules = flowModuleIndex(folder);
  const flows: FlowListEntry[] = [];
  for (const flow of manifest.flows) {
    const modulePath = modules.get(flow.name);
    const entry: FlowListEntry = { ...flow, implemented: modulePath !== undefined };
    if (options.steps && modulePath) {
      try {
        const { loadFlowModule } = await import("./flows/load.js");
        entry.steps = [
          ...((
            await loadFlowModule(modulePath, {
              roots: flowRoots(options.dir, manifest),
              dir: options.dir,
            })
          ).steps ?? []),
        ];
      } catch (error) {
        entry.implemented = false;
        warnings.push(messageOf(error));
      }
    }
    flows.push(entry);
  }
  const list: FlowList = { schema_version: 1, flows, capabilities: ["browser-server", "worker"] };
  if (warnings.length > 0) list.warnings = warnings;
  if (options.steps) {
    // The slow path loads the contract anyway: validate what we print.
    const { FlowListSchema } = await import("@agent-verify/contract/flow-list");
    return FlowListSchema.parse(list);
  }
  return list;
}
