import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  BatchPlanSchema,
  FlowListInputSchema,
  GatesReportSchema,
  IssueVerificationSchema,
  RunReportSchema,
  TicketLogSchema,
} from "@agent-verify/contract";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTracker, type TempTracker } from "../../test/helpers/bd.js";
import { makeFaultProject, type FaultProject } from "../../test/helpers/fault-runner.js";
import { callWithProgress, startMcp, text, type McpSession } from "../../test/helpers/mcp.js";
import { killMarked, processesWithMarker } from "../../test/helpers/processes.js";

const GATES_BIN = fileURLToPath(new URL("../../../gates/bin/verify-gates.js", import.meta.url));
const SECRET = "mcp-planted-secret-value-4242";

let project: FaultProject;
let tracker: TempTracker;
let session: McpSession;
let client: Client;
let transport: StdioClientTransport;
/** The fixture issues by title, made in one `bd create -f` (one bd process, not five). */
let made: Map<string, string>;
const fixture = (title: string) => {
  const id = made.get(title);
  if (id === undefined) throw new Error(`no fixture issue '${title}'`);
  return id;
};

beforeAll(async () => {
  project = makeFaultProject({ timeoutS: 2 });
  // Gates for run_gates: the real verify-gates on a real git repo (the project folder).
  const manifest = join(project.dir, ".verify", "workflows.yaml");
  const yaml = readFileSync(manifest, "utf8");
  writeFileSync(
    manifest,
    yaml.replace(
      "flows:",
      `tickets:\n  run_gates: requested\n  gates_command: ${JSON.stringify(`node ${GATES_BIN}`)}\nflows:`,
    ),
  );
  writeFileSync(
    join(project.dir, ".verify", "gates.yaml"),
    "base: HEAD\ncommands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n",
  );
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: project.dir, stdio: "ignore" });
  // The gates config is part of the base, so turning stages off is not a change to judge.
  git("init", "-q");
  git("add", ".");
  git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "-m", "init");
  tracker = makeTracker();
  made = tracker.createMany([
    { title: "MCP green", description: "Done.\n\nVerify:\n- pass\n" },
    { title: "MCP escalate", description: "Done.\n\nVerify:\n- pass\n" },
    { title: "Never verified", description: "Nothing yet.\n\nVerify:\n- pass\n" },
    { title: "Plan me", description: "Work.\n\nVerify:\n- pass\n- fail\n" },
    { title: "MCP progress", description: "Done.\n\nVerify:\n- gates\n- pass\n" },
  ]);
  session = await startMcp(project.dir, {
    ...(tracker.env as Record<string, string>),
    LEAKY_API_TOKEN: SECRET,
    // A heartbeat well inside the slow flow's time, so the heartbeat test sees one.
    VERIFY_MCP_HEARTBEAT_MS: "200",
    FAULT_SLOW_MS: "1500",
  });
  client = session.client;
  transport = session.transport;
});

afterAll(async () => {
  await client?.close();
  killMarked(project.marker);
  rmSync(project.dir, { recursive: true, force: true });
  tracker?.cleanup();
});

describe("verify-manager mcp (SDK client over stdio)", () => {
  it("names itself with the package's version (read beside its compiled file, bundled too)", () => {
    const pkg = JSON.parse(
      readFileSync(fileURLToPath(new URL("../../package.json", import.meta.url)), "utf8"),
    ) as { version: string };
    expect(client.getServerVersion()).toEqual({ name: "agent-verify", version: pkg.version });
  });

  it("lists its tools with JSON-schema'd inputs and outputs", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "check_deliverable",
      "doctor",
      "escalate_issue",
      "issue_log",
      "list_flows",
      "plan_issues",
      "run_flows",
      "run_gates",
      "verify_issue",
    ]);
    const run = tools.find((t) => t.name === "run_flows");
    expect(Object.keys(run?.inputSchema.properties ?? {}).sort()).toEqual([
      "all",
      "flows",
      "jobs",
      "tags",
    ]);
    expect(run?.outputSchema?.properties).toHaveProperty("outcomes");
    const issue = tools.find((t) => t.name === "verify_issue");
    expect(issue?.inputSchema.required).toEqual(["id"]);
    const gates = tools.find((t) => t.name === "run_gates");
    expect(Object.keys(gates?.inputSchema.properties ?? {})).toContain("task_file");
    for (const tool of tools) expect(tool.outputSchema, tool.name).toBeDefined();
  });

  it("annotates every tool truthfully: only the readers are read-only", async () => {
    const { tools } = await client.listTools();
    const hints = Object.fromEntries(
      tools.map((t) => [
        t.name,
        [
          t.annotations?.readOnlyHint,
          t.annotations?.destructiveHint,
          t.annotations?.idempotentHint,
          t.annotations?.openWorldHint,
        ],
      ]),
    );
    expect(hints).toEqual({
      // [readOnly, destructive, idempotent, openWorld]
      list_flows: [true, false, true, false],
      issue_log: [true, false, true, false],
      plan_issues: [true, false, true, false],
      doctor: [true, false, true, false],
      check_deliverable: [true, false, true, false],
      // Drives the app through its flows (which may reach any URL) and starts web servers.
      run_flows: [false, false, false, true],
      // Writes .verify/gates.json, summary.txt and the stamp; the same tree gives the same answer.
      run_gates: [false, false, true, false],
      // Closes, comments on and reopens tickets; every call is a new logged attempt.
      verify_issue: [false, true, false, true],
      // Labels and blocks the ticket, comments on it; every call is a new logged attempt.
      escalate_issue: [false, true, false, true],
    });
  });

  it("list_flows returns the runner's catalog", async () => {
    const result = await client.callTool({ name: "list_flows", arguments: {} });
    expect(result.isError).toBeFalsy();
    const list = FlowListInputSchema.parse(result.structuredContent);
    expect(list.flows.map((f) => f.name)).toEqual(expect.arrayContaining(["pass", "fail"]));
    expect(JSON.parse(text(result))).toEqual(result.structuredContent);
  });

  it("run_flows returns contract 4 with one outcome per flow, and redacts secrets", async () => {
    const result = await client.callTool({
      name: "run_flows",
      arguments: { flows: ["pass", "fail", "leak"] },
    });
    expect(result.isError).toBeFalsy();
    const report = RunReportSchema.parse(result.structuredContent);
    expect(report.passed).toBe(false);
    expect(report.outcomes.map((o) => [o.flow, o.outcome])).toEqual([
      ["pass", "pass"],
      ["fail", "fail"],
      ["leak", "fail"],
    ]);
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(session.stderr()).not.toContain(SECRET);
    const traced = await callWithProgress(session, "run_flows", { flows: ["leak"] });
    expect(traced.progress.length).toBeGreaterThan(0);
    expect(JSON.stringify(session.received)).not.toContain(SECRET);
  });

  it("rejects input that does not match the tool's schema with one short line, running nothing", async () => {
    const result = await client.callTool({ name: "run_flows", arguments: { flows: ["../x"] } });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^run_flows: invalid arguments: flows\[0\]: .*\(hint: /);
    expect(text(result)).not.toContain("\n");
    const bad = await client.callTool({ name: "verify_issue", arguments: { id: "--all" } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/^verify_issue: invalid arguments: id: expected a tracker id/);
    const extra = await client.callTool({ name: "doctor", arguments: { verbose: true } });
    expect(extra.isError).toBe(true);
    expect(text(extra)).toMatch(/^doctor: invalid arguments: .*verbose/);
  });

  it("an unknown tool is a protocol error (JSON-RPC -32602), not a tool result", async () => {
    await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toMatchObject({
      code: -32602,
    });
  });

  it("run_flows sends progress (flow started and ended) carrying the request's token", async () => {
    const call = await callWithProgress(session, "run_flows", { flows: ["pass", "fail"] });
    expect(call.result.isError).toBeFalsy();
    expect(RunReportSchema.parse(call.result.structuredContent).outcomes).toHaveLength(2);
    expect(call.token).toBeDefined();
    expect(call.notifiedTokens.length).toBeGreaterThan(0);
    expect(new Set(call.notifiedTokens)).toEqual(new Set([call.token]));
    // What the client was handed is what the server sent, in order (the last may be missing).
    expect(call.notified.slice(0, call.progress.length)).toEqual(call.progress);
    const messages = call.notified.map((p) => p.message ?? "");
    expect(messages).toEqual(
      expect.arrayContaining([
        "flow pass started",
        expect.stringMatching(/^flow pass ended: pass/),
        "flow fail started",
        expect.stringMatching(/^flow fail ended: fail at step 'check-cart'/),
      ]),
    );
    const values = call.notified.map((p) => p.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(values.length);
  });

  it("a long step gets 'still running' heartbeats while nothing else happens", async () => {
    const call = await callWithProgress(session, "run_flows", { flows: ["slow-pass"] });
    expect(call.result.isError, text(call.result)).toBeFalsy();
    expect(new Set(call.notifiedTokens)).toEqual(new Set([call.token]));
    expect(call.notified.map((p) => p.message)).toContainEqual(
      expect.stringMatching(/^still running \(\d+ s\); last: flow slow-pass started$/),
    );
  });

  it("a cancelled call stops its command, leaving no process behind", async () => {
    const controller = new AbortController();
    let sawStart = () => {};
    const started = new Promise<void>((done) => (sawStart = done));
    const call = client.callTool({ name: "run_flows", arguments: { flows: ["hang"] } }, undefined, {
      signal: controller.signal,
      onprogress: (p) => {
        if (p.message === "flow hang started") sawStart();
      },
    });
    await started;
    controller.abort("the test cancels");
    await expect(call).rejects.toThrow();
    await expect
      .poll(() => processesWithMarker(project.marker), { timeout: 20_000, interval: 250 })
      .toEqual([]);
  });

  it("a call without a progress token gets no progress notifications", async () => {
    const before = session.received.length;
    const result = await client.callTool({ name: "run_flows", arguments: { flows: ["pass"] } });
    expect(result.isError).toBeFalsy();
    const notes = session.received
      .slice(before)
      .filter((m) => "method" in m && m.method === "notifications/progress");
    expect(notes).toEqual([]);
  });

  it("verify_issue closes a green ticket on a real bd tracker; issue_log shows the attempt", async () => {
    const id = fixture("MCP green");
    const result = await client.callTool({ name: "verify_issue", arguments: { id } });
    expect(result.isError).toBeFalsy();
    const verification = IssueVerificationSchema.parse(result.structuredContent);
    expect(verification).toMatchObject({ issue: id, verdict: "passed", action: "closed" });
    expect(tracker.showJson(id).status).toBe("closed");

    const log = await client.callTool({ name: "issue_log", arguments: { id } });
    const history = TicketLogSchema.parse(log.structuredContent);
    expect(history.entries.map((e) => [e.attempt, e.decision])).toEqual([[1, "pass"]]);
  });

  it("escalate_issue sends a ticket to a human with the reason, logged not verified (issue 34 §3)", async () => {
    const id = fixture("MCP escalate");
    const why = "the acceptance test asks for the old price";
    const result = await client.callTool({
      name: "escalate_issue",
      arguments: { id, reason: why },
    });
    const verification = IssueVerificationSchema.parse(result.structuredContent);
    expect(verification).toMatchObject({ issue: id, decision: "escalate" });
    const issue = tracker.showWithComments(id);
    expect(issue).toMatchObject({ status: "blocked", labels: ["needs-human"] });
    expect(issue.comments.at(-1)?.text).toContain(`escalated by the agent (needs_human): ${why}`);

    const log = await client.callTool({ name: "issue_log", arguments: { id } });
    const [entry] = TicketLogSchema.parse(log.structuredContent).entries;
    expect(entry).toMatchObject({ decision: "escalate", pass: false, flows_run: [] });
    expect(entry?.agent_loop).toMatchObject({ session_id: "verify-manager", reason: why });
  });

  it("verify_issue on a ticket bd does not know is a tool error naming it", async () => {
    const result = await client.callTool({ name: "verify_issue", arguments: { id: "t-zzz" } });
    expect(result.isError).toBe(true);
    // One short line saying what to do; no internal bd command line.
    expect(text(result)).toMatch(
      /^verify_issue: unknown issue id "t-zzz": bd has no such issue; nothing was run \(hint: check the id/,
    );
    expect(text(result)).not.toMatch(/--json|--include-comments|failed|\n/);
  });

  it("issue_log of an id bd does not know is a tool error, not an empty history", async () => {
    const result = await client.callTool({ name: "issue_log", arguments: { id: "t-zzz" } });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^issue_log: .*t-zzz.*\(hint: /);
    const known = fixture("Never verified");
    const empty = await client.callTool({ name: "issue_log", arguments: { id: known } });
    expect(empty.isError).toBeFalsy();
    expect(TicketLogSchema.parse(empty.structuredContent).entries).toEqual([]);
  });

  it("plan_issues is the batch's dry run: the plan, nothing run or changed", async () => {
    const id = fixture("Plan me");
    const result = await client.callTool({ name: "plan_issues", arguments: { ids: [id] } });
    expect(result.isError).toBeFalsy();
    const plan = BatchPlanSchema.parse(result.structuredContent);
    expect(plan.dry_run).toBe(true);
    expect(plan.tickets.map((t) => [t.id, t.flows])).toEqual([[id, ["pass", "fail"]]]);
    expect(tracker.showJson(id).status).toBe("open");
    const unknown = await client.callTool({ name: "plan_issues", arguments: { ids: ["t-zzz"] } });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toMatch(/^plan_issues: .*t-zzz.*\(hint: /);
  });

  it("verify_issue sends progress for its gates stages and its flows", async () => {
    const id = fixture("MCP progress");
    const call = await callWithProgress(session, "verify_issue", { id, dry_run: true });
    expect(call.result.isError, text(call.result)).toBeFalsy();
    IssueVerificationSchema.parse(call.result.structuredContent);
    expect(new Set(call.notifiedTokens)).toEqual(new Set([call.token]));
    expect(call.notified.slice(0, call.progress.length)).toEqual(call.progress);
    const messages = call.notified.map((p) => p.message ?? "");
    expect(messages).toEqual(
      expect.arrayContaining([
        "gates: secrets started",
        expect.stringMatching(/^gates: secrets ended: /),
        "flow pass started",
      ]),
    );
  });

  it("run_gates runs the project's gates command and returns its report", async () => {
    mkdirSync(join(project.dir, "src"), { recursive: true });
    writeFileSync(join(project.dir, "src", "ok.txt"), "plain change\n");
    const clean = await client.callTool({ name: "run_gates", arguments: {} });
    expect(clean.isError).toBeFalsy();
    expect(GatesReportSchema.parse(clean.structuredContent)).toMatchObject({
      status: "pass",
      exit_code: 0,
    });
    writeFileSync(
      join(project.dir, "src", "leak.ts"),
      `export const token = "ghp_${"a1B2c3D4e5".repeat(4).slice(0, 36)}";\n`,
    );
    const red = await callWithProgress(session, "run_gates", { only: ["secrets"] });
    const report = GatesReportSchema.parse(red.result.structuredContent);
    expect(report.status).toBe("fail");
    expect(report.findings.map((f) => f.stage)).toContain("secrets");
    expect(new Set(red.notifiedTokens)).toEqual(new Set([red.token]));
    expect(red.notified.slice(0, red.progress.length)).toEqual(red.progress);
    expect(red.notified.map((p) => p.message)).toEqual(
      expect.arrayContaining([
        "gates: secrets started",
        expect.stringMatching(/^gates: secrets ended: fail \(\d+ ms\)$/),
      ]),
    );
  });

  it("run_gates with a base that does not exist is an error result of one line", async () => {
    const result = await client.callTool({
      name: "run_gates",
      arguments: { base: "no-such-branch" },
    });
    expect(result.isError, text(result)).toBe(true);
    expect(text(result)).toMatch(/^run_gates: .*no-such-branch.*\(hint: [^\n]+\)$/);
    expect(result.structuredContent).toBeUndefined();
  });

  it("ends when the client closes, leaving no process behind", async () => {
    const pid = transport.pid;
    expect(pid).toBeGreaterThan(0);
    await client.close();
    await new Promise((done) => setTimeout(done, 500));
    expect(() => process.kill(pid as number, 0)).toThrow();
    expect(processesWithMarker(project.marker)).toEqual([]);
  });
});
