import { existsSync } from "node:fs";
import {
  CheckDeliverableToolInputSchema,
  DeliverableResultSchema,
  GatesReportSchema,
  manifestPath,
  RunGatesToolInputSchema,
  type CheckDeliverableToolInput,
  type GatesReport,
  type RunGatesToolInput,
} from "@agent-verify/contract";
import { readManifest } from "../flows/manifest.js";
import { shellQuote } from "../supervise/shell-quote.js";
import { GATES_TIMEOUT_MS } from "../ticket/collect/gates-command.js";
import type { ToolCommand, ToolFailure, ToolSpec } from "./tool-spec.js";
import { READER } from "./tool-spec.js";

const DEFAULT_GATES_COMMAND = "node_modules/.bin/verify-gates";

/** The manifest's tickets.gates_command; a repo without a flows manifest uses the default. */
function gatesCommand(dir: string, args: string[]): ToolCommand {
  const command = existsSync(manifestPath(dir))
    ? (readManifest(dir).tickets?.gates_command ?? DEFAULT_GATES_COMMAND)
    : DEFAULT_GATES_COMMAND;
  return {
    line: `${command} ${args.map(shellQuote).join(" ")}`,
    subject: `the gates command '${command}'`,
    timeoutMs: GATES_TIMEOUT_MS,
  };
}

const GATES_HINT =
  "install @agent-verify/gates in this repo (npm i -D @agent-verify/gates), or set " +
  "tickets.gates_command in .verify/workflows.yaml";

/**
 * A report with status `error` (exit 2: a base that does not exist, a tool that cannot run)
 * is a setup error, and a setup error is an error result, as for every other tool.
 */
async function setupError(value: unknown): Promise<ToolFailure | undefined> {
  const report = value as GatesReport;
  if (report.status !== "error") return undefined;
  const stage = report.stages.find((s) => s.status === "error");
  const reason =
    report.error?.message ??
    (stage ? `stage ${stage.stage} could not run: ${stage.reason ?? "no reason given"}` : null) ??
    "the gates could not run (status error)";
  return {
    reason: `${reason.split("\n")[0] ?? reason} (exit 2, nothing was judged)`,
    hint:
      report.error?.hint ??
      stage?.hint ??
      "run the gates command from a shell to see the setup problem",
  };
}

export const runGates: ToolSpec<RunGatesToolInput> = {
  name: "run_gates",
  title: "Run the code gates",
  description:
    "The project's gates command (tickets.gates_command, default node_modules/.bin/verify-gates; " +
    "no flows manifest needed) with --json: floor, scope, secrets, typecheck, lint, format, " +
    "tests, CRAP on the change. task_file: a task file whose ## FILES set the scope and " +
    "ESTIMATED_DIFF the diff budget. The result is the gates report (contract 6); status pass " +
    "means exit 0. A setup problem (status error, exit 2: a base that does not exist) is a " +
    "tool error. Sends progress (stage started/ended) when asked.",
  input: RunGatesToolInputSchema,
  output: GatesReportSchema,
  // It writes only its own outputs (.verify/gates.json, summary.txt, the stamp), and an
  // unchanged tree is answered from the stamp.
  hints: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  progress: { managerLines: false, gatesEvents: true },
  hint: GATES_HINT,
  verify: setupError,
  command: (input, { dir }) => {
    const args = ["--json"];
    if (input.only !== undefined && input.only.length > 0)
      args.push("--only", input.only.join(","));
    if (input.base !== undefined) args.push("--base", input.base);
    if (input.task_file !== undefined) args.push(`--task-file=${input.task_file}`);
    return gatesCommand(dir, args);
  },
};

export const checkDeliverable: ToolSpec<CheckDeliverableToolInput> = {
  name: "check_deliverable",
  title: "Check a document deliverable",
  description:
    "`verify-gates deliverable FILE --json`: the rubric the manager runs on document tickets " +
    "(length and sections, every path:line citation checked against the cited line, no time " +
    "estimates). A failing document is part of the answer (status fail with findings), not a " +
    "tool error.",
  input: CheckDeliverableToolInputSchema,
  output: DeliverableResultSchema,
  hints: READER,
  hint: GATES_HINT,
  command: (input, { dir }) => {
    const args = ["deliverable", "--json"];
    if (input.min_lines !== undefined) args.push("--min-lines", String(input.min_lines));
    if (input.kind !== undefined) args.push("--kind", input.kind);
    return gatesCommand(dir, [...args, "--", input.file]);
  },
};
