import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  FlowListInputSchema,
  GatesReportSchema,
  IssueVerificationSchema,
  RunReportSchema,
  TicketLogSchema,
} from "@agent-verify/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTracker, type TempTracker } from "../../test/helpers/bd.js";
import { BIN } from "../../test/helpers/cli.js";
import { makeFaultProject, type FaultProject } from "../../test/helpers/fault-runner.js";
import { killMarked, processesWithMarker } from "../../test/helpers/processes.js";

const GATES_BIN = fileURLToPath(new URL("../../../gates/bin/verify-gates.js", import.meta.url));
const SECRET = "mcp-planted-secret-value-4242";

let project: FaultProject;
let tracker: TempTracker;
let client: Client;
let transport: StdioClientTransport;
let stderr = "";

function text(result: Awaited<ReturnType<Client["callTool"]>>): string {
  const [first] = result.content as Array<{ type: string; text: string }>;
  return first?.text ?? "";
}

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
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp", "--dir", project.dir],
    env: { ...(tracker.env as Record<string, string>), LEAKY_API_TOKEN: SECRET },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  client = new Client({ name: "mcp-test", version: "1.0.0" });
  await client.connect(transport);
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

  it("lists five tools with JSON-schema'd inputs and outputs", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "issue_log",
      "list_flows",
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
    expect(issue?.annotations?.readOnlyHint).toBe(false);
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
    expect(stderr).not.toContain(SECRET);
  });

  it("rejects input that does not match the tool's schema, without running anything", async () => {
    const result = await client.callTool({ name: "run_flows", arguments: { flows: ["../x"] } });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/flows/);
    const bad = await client.callTool({ name: "verify_issue", arguments: { id: "--all" } });
    expect(bad.isError).toBe(true);
  });

  it("verify_issue closes a green ticket on a real bd tracker; issue_log shows the attempt", async () => {
    const id = tracker.create("MCP green", "Done.\n\nVerify:\n- pass\n");
    const result = await client.callTool({ name: "verify_issue", arguments: { id } });
    expect(result.isError).toBeFalsy();
    const verification = IssueVerificationSchema.parse(result.structuredContent);
    expect(verification).toMatchObject({ issue: id, verdict: "passed", action: "closed" });
    expect(tracker.showJson(id).status).toBe("closed");

    const log = await client.callTool({ name: "issue_log", arguments: { id } });
    const history = TicketLogSchema.parse(log.structuredContent);
    expect(history.entries.map((e) => [e.attempt, e.decision])).toEqual([[1, "pass"]]);
  });

  it("verify_issue on a ticket bd does not know is a tool error naming it", async () => {
    const result = await client.callTool({ name: "verify_issue", arguments: { id: "t-zzz" } });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^verify_issue: .*t-zzz.*\(hint: /);
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
    const red = await client.callTool({ name: "run_gates", arguments: { only: ["secrets"] } });
    const report = GatesReportSchema.parse(red.structuredContent);
    expect(report.status).toBe("fail");
    expect(report.findings.map((f) => f.stage)).toContain("secrets");
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
