import {
  FlowListInputSchema,
  GatesReportSchema,
  IssueLogToolInputSchema,
  IssueVerificationSchema,
  ListFlowsToolInputSchema,
  RunFlowsToolInputSchema,
  RunGatesToolInputSchema,
  RunReportSchema,
  TicketLogSchema,
  VerifyIssueToolInputSchema,
  type IssueLogToolInput,
  type RunFlowsToolInput,
  type RunGatesToolInput,
  type VerifyIssueToolInput,
} from "@agent-verify/contract";
import type { z } from "zod";
import { readManifest } from "../flows/manifest.js";
import { shellQuote } from "../supervise/shell-quote.js";
import { GATES_TIMEOUT_MS } from "../ticket/collect/gates-command.js";
import { managerCommand, type CallOptions } from "./cli-call.js";

/** One tool: its MCP description, schemas, and the command line that answers it. */
export interface ToolSpec<Input> {
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  output: z.ZodType;
  /** Whether the tool changes the tracker or the working tree. */
  readOnly: boolean;
  command(input: Input, options: CallOptions): { line: string; timeoutMs?: number };
}

const listFlows: ToolSpec<Record<string, never>> = {
  name: "list_flows",
  title: "List verification flows",
  description:
    "The flows this project's runner declares (name, description, timeout, tags, implemented). " +
    "Never starts a browser or a web server.",
  input: ListFlowsToolInputSchema,
  output: FlowListInputSchema,
  readOnly: true,
  command: (_input, { dir }) => ({ line: managerCommand(["list"], dir) }),
};

const runFlows: ToolSpec<RunFlowsToolInput> = {
  name: "run_flows",
  title: "Run flows",
  description:
    "Run named flows (or --all, or by tag) under hard timeouts. The result is the manager's run " +
    "report (contract 4): one outcome per flow with the failing step, error and artifacts; " +
    "`passed` is true only when every outcome is pass.",
  input: RunFlowsToolInputSchema,
  output: RunReportSchema,
  readOnly: true,
  command: (input, { dir }) => {
    const args = ["run", ...(input.flows ?? [])];
    for (const tag of input.tags ?? []) args.push("--tag", tag);
    if (input.all === true || (input.flows ?? []).length + (input.tags ?? []).length === 0) {
      args.push("--all");
    }
    if (input.jobs !== undefined) args.push("--jobs", String(input.jobs));
    return { line: managerCommand(args, dir) };
  },
};

const verifyIssue: ToolSpec<VerifyIssueToolInput> = {
  name: "verify_issue",
  title: "Verify a ticket",
  description:
    "One verification attempt of a bd ticket: gates, the flows its Verify: section names, its " +
    "acceptance criteria; then the ticket is closed, sent back with the failure context, or " +
    "escalated (dry_run changes nothing). Same locks and log as `verify-manager issue`.",
  input: VerifyIssueToolInputSchema,
  output: IssueVerificationSchema,
  readOnly: false,
  command: (input, { dir }) => {
    const args = ["issue", input.id];
    if (input.dry_run === true) args.push("--dry-run");
    if (input.retry_budget !== undefined) args.push("--retry-budget", String(input.retry_budget));
    if (input.jobs !== undefined) args.push("--jobs", String(input.jobs));
    return { line: managerCommand(args, dir) };
  },
};

const issueLog: ToolSpec<IssueLogToolInput> = {
  name: "issue_log",
  title: "A ticket's verification history",
  description: "Every attempt of a ticket from .verify/log.jsonl (decision, failures, flakiness).",
  input: IssueLogToolInputSchema,
  output: TicketLogSchema,
  readOnly: true,
  command: (input, { dir }) => ({ line: managerCommand(["log", input.id], dir) }),
};

const runGates: ToolSpec<RunGatesToolInput> = {
  name: "run_gates",
  title: "Run the code gates",
  description:
    "The project's gates command (tickets.gates_command, default node_modules/.bin/verify-gates) " +
    "with --json: floor, scope, secrets, typecheck, lint, format, tests, CRAP on the change. " +
    "The result is the gates report (contract 6); status pass means exit 0.",
  input: RunGatesToolInputSchema,
  output: GatesReportSchema,
  readOnly: false,
  command: (input, { dir }) => {
    const gatesCommand =
      readManifest(dir).tickets?.gates_command ?? "node_modules/.bin/verify-gates";
    const args = ["--json"];
    if (input.only !== undefined && input.only.length > 0)
      args.push("--only", input.only.join(","));
    if (input.base !== undefined) args.push("--base", input.base);
    return {
      line: `${gatesCommand} ${args.map(shellQuote).join(" ")}`,
      timeoutMs: GATES_TIMEOUT_MS,
    };
  },
};

export const TOOLS = [listFlows, runFlows, verifyIssue, issueLog, runGates] as const;
