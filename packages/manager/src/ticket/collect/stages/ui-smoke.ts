import { smokeSteps, uiChanges, uiGlobs } from "../../smoke/ui-paths.js";
import type { Collector } from "../evidence.js";

/** A change touching UI paths asks a human for a smoke test, with the flows and steps to run. */
export const uiSmoke: Collector = async (ctx, evidence) => {
  const files = evidence.changedFiles;
  if (!files || files.length === 0) return;
  const { manifest, listed, flows } = ctx.plan;
  const paths = uiChanges(files, uiGlobs(ctx.config.ui_paths, manifest));
  if (paths.length === 0) return;
  const described = flows.map((name) => ({
    name,
    description: listed?.find((flow) => flow.name === name)?.description ?? "",
  }));
  evidence.manualSmoke = {
    paths: paths.slice(0, 50),
    flows: [...flows],
    steps: smokeSteps(paths, described, manifest?.base_url ?? null),
  };
};
