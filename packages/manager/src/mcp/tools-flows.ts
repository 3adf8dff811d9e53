import {
  FlowListInputSchema,
  ListFlowsToolInputSchema,
  RunFlowsToolInputSchema,
  RunReportSchema,
  type RunFlowsToolInput,
} from "@agent-verify/contract";
import { managerCommand } from "./cli-call.js";
import { READER, type ToolSpec } from "./tool-spec.js";

const MANIFEST_HINT =
  "call doctor: it checks the manifest, the runner's --list and the browser, each with a fix";

export const listFlows: ToolSpec<Record<string, never>> = {
  name: "list_flows",
  title: "List verification flows",
  description:
    "The flows this project's runner declares (name, description, timeout, tags, implemented). " +
    "Never starts a browser or a web server.",
  input: ListFlowsToolInputSchema,
  output: FlowListInputSchema,
  hints: READER,
  hint: MANIFEST_HINT,
  command: (_input, { dir }) => managerCommand(["list"], dir),
};

export const runFlows: ToolSpec<RunFlowsToolInput> = {
  name: "run_flows",
  title: "Run flows",
  description:
    "Run named flows (or --all, or by tag) under hard timeouts. The result is the manager's run " +
    "report (contract 4): one outcome per flow with the failing step, error and artifacts; " +
    "`passed` is true only when every outcome is pass. Drives the app in a browser and may " +
    "start its web server; sends progress (flow started/ended) when asked.",
  input: RunFlowsToolInputSchema,
  output: RunReportSchema,
  hints: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  },
  progress: { managerLines: true, gatesEvents: false },
  hint: MANIFEST_HINT,
  command: (input, { dir }) => {
    const args = ["run", ...(input.flows ?? [])];
    for (const tag of input.tags ?? []) args.push("--tag", tag);
    if (input.all === true || (input.flows ?? []).length + (input.tags ?? []).length === 0) {
      args.push("--all");
    }
    if (input.jobs !== undefined) args.push("--jobs", String(input.jobs));
    return managerCommand(args, dir);
  },
};
