import { execFileSync } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  IssueCommentReportSchema,
  VerifyLogEntrySchema,
  type IssueVerification,
} from "@agent-verify/contract";
import { afterAll, describe, expect, it } from "vitest";
import { makeFaultProject, type FaultProject } from "../../test/helpers/fault-runner.js";
import { MemoryTracker, type NewIssue } from "../../test/helpers/memory-tracker.js";
import { killMarked, processesWithMarker } from "../../test/helpers/processes.js";
import { appendSignedLogLine } from "../../test/helpers/signed-log.js";
import {
  gatesReport,
  scriptedGates,
  type ScriptedGates,
} from "../../test/helpers/scripted-gates.js";
import { FlowCatalog } from "../flows/catalog.js";
import { verifyBatch } from "./batch/batch.js";
import { planBatch } from "./batch/batch-plan.js";
import { formatHistory, formatVerification } from "./report/format.js";
import { parseCommentReport } from "./report/comment.js";
import { readTicketLog } from "./record/verify-log-read.js";
import { verifyTicket } from "./verify-ticket.js";

// The ticket loop's decision branches, fast: the Tracker interface over memory, the fault
// runner for flows, a scripted gates command. Real bd, real gates and Chromium have their own
// end-to-end tests (issue, ticket-loop, end-to-end and batch-kill integration tests).

const scratch = mkdtempSync(join(tmpdir(), "vm-decisions-"));
const projects: FaultProject[] = [];
const catalogs: FlowCatalog[] = [];
afterAll(() => {
  for (const catalog of catalogs) catalog.close();
  for (const project of projects) {
    killMarked(project.marker);
    rmSync(project.dir, { recursive: true, force: true });
  }
  rmSync(scratch, { recursive: true, force: true });
});

interface Project extends FaultProject {
  gates: ScriptedGates;
  tracker: MemoryTracker;
  warnings: string[];
  verify(
    id: string,
    extra?: Partial<Parameters<typeof verifyTicket>[0]>,
  ): Promise<IssueVerification>;
  log(id: string): ReturnType<typeof readTicketLog>["entries"];
  create(spec: NewIssue): string;
}

function git(cwd: string, ...args: string[]): void {
  execFileSync("git", args, { cwd, stdio: "ignore" });
}

/** A fault-runner project in a real git repo (for tree hashes), gates scripted. */
function project(options: { gates?: boolean; env?: NodeJS.ProcessEnv } = {}): Project {
  const folder = mkdtempSync(join(scratch, "gates-"));
  const gates = scriptedGates(folder);
  gates.script(gatesReport());
  const fault = makeFaultProject({
    timeoutS: 3,
    tickets: [
      `  gates_command: ${JSON.stringify(gates.command)}`,
      `  run_gates: ${options.gates ? "always" : "requested"}`,
    ],
  });
  projects.push(fault);
  writeFileSync(join(fault.dir, ".gitignore"), ".verify/*\n!.verify/workflows.yaml\n");
  git(fault.dir, "init", "-q");
  git(
    fault.dir,
    "-c",
    "user.email=t@e",
    "-c",
    "user.name=t",
    "commit",
    "-q",
    "--allow-empty",
    "-m",
    "base",
  );
  const tracker = new MemoryTracker();
  const warnings: string[] = [];
  const env = { ...process.env, ...options.env };
  // One catalog per project, as one per `verify-manager issues` run and one per MCP server: the
  // runner's --list runs once, not once per attempt (the flows do not change between them).
  const catalog = new FlowCatalog({ dir: fault.dir, env });
  catalogs.push(catalog);
  return {
    ...fault,
    gates,
    tracker,
    warnings,
    create: (spec) => tracker.create(spec),
    verify: (id, extra = {}) =>
      verifyTicket({
        dir: fault.dir,
        id,
        tracker,
        env,
        catalog,
        timeoutGraceMs: 500,
        killGraceMs: 1000,
        warn: (line) => warnings.push(line),
        ...extra,
      }),
    log: (id) => readTicketLog(fault.dir, id).entries,
  };
}

const firstLine = (text: string | undefined) => (text ?? "").split("\n")[0];

describe("the retry budget and escalation", () => {
  it("fail, fail, fail → escalated: label, blocked, escalation file, history comment; then it waits for a human", async () => {
    const app = project({ gates: true });
    const id = app.create({
      title: "Cart shows the right count",
      description: "Verify:\n- fail\n",
    });
    const decisions: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const result = await app.verify(id);
      expect(result.verdict).toBe("failed");
      expect(result.attempt).toBe(attempt);
      expect(result.entry?.gates.status).toBe("pass");
      expect(result.entry?.failed_flows).toEqual([
        { flow: "fail", outcome: "fail", failing_step: "check-cart", error: "expected 1, got 0" },
      ]);
      expect(result.entry?.failures?.failed_flows).toEqual(result.entry?.failed_flows);
      decisions.push(result.decision ?? "");
      if (attempt < 3) expect(app.tracker.issue(id).status).toBe("in_progress");
    }
    expect(decisions).toEqual(["retry", "retry", "escalate"]);

    const issue = app.tracker.issue(id);
    expect(issue.status).toBe("blocked");
    expect(issue.statusMarker).toBe(`${id}#3`);
    expect(issue.labels).toContain("needs-human");
    const comments = app.tracker.comments(id);
    expect(comments).toHaveLength(3);
    expect(firstLine(comments[1])).toContain("the same failure as attempt 1");
    const escalation = comments[2] ?? "";
    expect(firstLine(escalation)).toMatch(
      /^verify-manager: attempt 3 of 3 failed — the same failure as attempt 2; escalated to a human/,
    );
    for (const n of [1, 2, 3])
      expect(escalation).toMatch(new RegExp(`^- attempt ${n} \\(.*\\): `, "m"));
    expect(parseCommentReport(escalation)?.attempt?.history?.map((h) => h.decision)).toEqual([
      "retry",
      "retry",
      "escalate",
    ]);
    expect(escalation.trimEnd().endsWith(`[verify-manager attempt ${id}#3]`)).toBe(true);
    const file = readFileSync(join(app.dir, ".verify", "escalations", `${id}.md`), "utf8");
    expect(file).toContain(`# Escalated: ${id} — Cart shows the right count`);
    expect(file.match(/^\| [123] \| /gm)).toHaveLength(3);

    // Escalated: nothing more happens until a human removes the label.
    const writes = app.tracker.writes.length;
    const waiting = await app.verify(id);
    expect(waiting.verdict).toBe("failed");
    expect(waiting.action).toBe("none");
    expect(formatVerification(waiting)).toBe(
      `${id} was escalated at attempt 3; waiting for a human (remove the needs-human label to verify it again)`,
    );
    expect(app.tracker.writes).toHaveLength(writes);
    expect(app.log(id)).toHaveLength(3);
    // Each log line keeps the ticket's title and the comment its attempt posted (HTML report).
    expect(app.log(id).map((entry) => [entry.title, entry.comment])).toEqual(
      comments.map((comment) => ["Cart shows the right count", comment]),
    );

    const table = formatHistory(id, app.log(id));
    expect(table.split("\n")[0]).toMatch(/^ATTEMPT\s+WHEN\s+DECISION\s+COUNTED\s+TREE\s+EVIDENCE$/);
    expect(table).toMatch(/^3 .* escalate\s+yes .*fail fail at step 'check-cart'/m);

    // A human removes the label: a new budget.
    app.tracker.edit(id, { labels: [], status: "open" });
    const fresh = await app.verify(id);
    expect(fresh).toMatchObject({ attempt: 4, decision: "retry" });
  });

  it("--retry-budget 1 escalates the first counted failure", async () => {
    const app = project();
    const id = app.create({ description: "Verify:\n- fail\n" });
    const result = await app.verify(id, { retryBudget: 1 });
    expect(result).toMatchObject({ decision: "escalate", action: "escalated" });
  });

  it("the log, not the last comment, says a failure repeats (a human comment in between)", async () => {
    const app = project();
    const id = app.create({ description: "Verify:\n- fail\n" });
    await app.verify(id);
    app.tracker.edit(id, {
      comments: [
        ...app.tracker.issue(id).comments,
        { author: "human", text: "a human says hi", createdAt: new Date().toISOString() },
      ],
    });
    const second = await app.verify(id);
    expect(second.action).toBe("still_failing");
    const comments = app.tracker.comments(id);
    expect(comments).toHaveLength(3);
    expect(parseCommentReport(comments[2] ?? "")?.attempt).toMatchObject({
      attempt: 2,
      same_as_previous: true,
    });
  });
});

describe("acceptance criteria", () => {
  it("an open item blocks the close; n/a items do not; ticking it closes", async () => {
    const app = project();
    const id = app.create({
      title: "Cart count with docs",
      description: "Verify:\n- pass\n",
      acceptanceCriteria:
        "- [ ] `pass` passes\n- [ ] the README explains the count\n- [ ] n/a: mobile layout\n",
    });
    const first = await app.verify(id);
    expect(first.verdict).toBe("failed");
    expect(first.entry).toMatchObject({
      decision: "retry",
      failed_flows: [],
      failed_ac: ["the README explains the count"],
    });
    expect(app.tracker.comments(id)[0]).toContain(
      "acceptance criterion not met: the README explains the count",
    );
    app.tracker.edit(id, {
      acceptanceCriteria:
        "- [ ] `pass` passes\n- [x] the README explains the count\n- [ ] n/a: mobile layout\n",
    });
    const second = await app.verify(id);
    expect(second.verdict).toBe("passed");
    expect(second.decision).toBe("pass");
    expect(app.tracker.issue(id).closeReason).toBe(
      `verified: flows pass passed; 2 acceptance criteria met [verify-manager attempt ${id}#2]`,
    );
  });
});

describe("bug tickets and the gates' test list", () => {
  it("a regression finding fails the fix; a test named in the criteria is decided by the gates' test list", async () => {
    const app = project({ gates: true });
    const id = app.create({
      title: "Cart count is off by one",
      type: "bug",
      description: "Verify:\n- pass\n",
      acceptanceCriteria: "- [ ] the test `counts the last item of the cart` passes\n",
    });
    const regression = {
      stage: "floor" as const,
      rule: "regression",
      message: "bug fix without a regression test: no new test mentions any of: cart, count",
    };
    const counts = {
      file: "src/cart.test.ts",
      name: "counts the last item of the cart",
      status: "passed" as const,
    };
    app.gates.script(
      gatesReport(
        [regression],
        [{ file: "src/cart.test.ts", name: "counts an empty cart", status: "passed" }],
      ),
      gatesReport([], [counts]),
    );
    const first = await app.verify(id);
    expect(first.decision).toBe("retry");
    expect(first.entry?.failed_flows).toEqual([]);
    expect(first.entry?.failed_ac).toEqual([
      "the test `counts the last item of the cart` passes (no evidence for `counts the last item of the cart`)",
    ]);
    expect(first.entry?.gate_findings).toEqual([
      expect.objectContaining({ stage: "floor", rule: "regression", file: null }),
    ]);
    expect(first.entry?.gate_findings[0]?.message).toMatch(
      /^bug fix without a regression test: no new test mentions any of: .*cart/,
    );
    // A bug ticket asks gates for a regression test named after its title; its criteria go to the judge.
    expect(app.gates.calls()[0]).toEqual([
      "--json",
      "--criteria-file",
      expect.stringMatching(/verify-manager-criteria-.*criteria\.md$/),
      "--regression",
      "Cart count is off by one",
    ]);
    const second = await app.verify(id);
    expect(second.verdict).toBe("passed");
    expect(second.entry).toMatchObject({ decision: "pass", gate_findings: [], failed_ac: [] });
    expect(app.tracker.issue(id).closeReason).toBe(
      `verified: flows pass passed; gates passed; 1 acceptance criterion met [verify-manager attempt ${id}#2]`,
    );
  });

  it("failed tests are named by the report's test list, not by their message", async () => {
    const app = project({ gates: true });
    const id = app.create({ description: "Verify:\n- pass\n" });
    const name = "cart > counts: with a colon";
    app.gates.script(
      gatesReport(
        [
          {
            stage: "tests",
            file: "src/cart.test.ts",
            line: 3,
            rule: "test-failed",
            message: `${name}: expected 2`,
          },
        ],
        [{ file: "src/cart.test.ts", name, status: "failed" }],
      ),
    );
    const result = await app.verify(id);
    expect(result.entry?.failed_tests).toEqual([
      { file: "src/cart.test.ts", name, message: `${name}: expected 2` },
    ]);
    expect(result.entry).toMatchObject({ decision: "retry", tests_ran: true });
  });

  it("a test that fails, then passes on the gates rerun, is flaky; one that keeps failing is counted", async () => {
    const app = project({ gates: true });
    const id = app.create({ description: "Verify:\n- pass\n" });
    const failing = (name: string) => ({
      stage: "tests" as const,
      file: "src/a.test.ts",
      rule: "test-failed",
      message: `${name}: boom`,
    });
    const test = (name: string, status: "passed" | "failed") => ({
      file: "src/a.test.ts",
      name,
      status,
    });
    app.gates.script(
      gatesReport(
        [failing("adds"), failing("subtracts")],
        [test("adds", "failed"), test("subtracts", "failed")],
      ),
      gatesReport([failing("subtracts")], [test("adds", "passed"), test("subtracts", "failed")]),
    );
    const result = await app.verify(id);
    expect(app.gates.calls()[1]).toEqual(["--json", "--only", "tests"]);
    expect(result.entry).toMatchObject({
      decision: "retry",
      failed_tests: [expect.objectContaining({ name: "subtracts" })],
      flaky: [{ kind: "test", name: "adds", reason: "rerun_passed" }],
    });
  });

  it("gates that exit 2 are a setup problem, not counted", async () => {
    const app = project({ gates: true });
    const id = app.create({ description: "Verify:\n- pass\n" });
    app.gates.script({
      ...gatesReport(),
      status: "error",
      exit_code: 2,
      error: { code: "base_missing", message: "base ref 'main' not found" },
    });
    const result = await app.verify(id);
    expect(result).toMatchObject({ verdict: "setup", decision: "setup" });
    expect(result.entry?.setup_error).toBe("gates: base ref 'main' not found");
    expect(result.entry?.counted).toBe(false);
  });
});

describe("flaky", () => {
  it("fail then pass on the rerun is flaky: reported, not counted, not closed; the next clean pass closes", async () => {
    const counter = join(scratch, "flaky-once");
    const app = project({ env: { FLAKY_COUNTER: counter, FLAKY_FAILS: "1" } });
    const id = app.create({ title: "Checkout", description: "Verify:\n- flaky-checkout\n" });
    const first = await app.verify(id);
    expect(first.verdict).toBe("failed");
    expect(first.entry).toMatchObject({
      decision: "flaky",
      counted: false,
      pass: false,
      failed_flows: [],
      flaky: [{ kind: "flow", name: "flaky-checkout", reason: "rerun_passed" }],
    });
    expect(app.tracker.issue(id).status).toBe("open");
    expect(firstLine(app.tracker.comments(id)[0])).toBe(
      "verify-manager: attempt 1 is flaky, not counted: flaky: flow flaky-checkout (rerun_passed). The ticket needs one clean pass to close.",
    );
    const second = await app.verify(id);
    expect(second.verdict).toBe("passed");
    expect(second.entry).toMatchObject({ decision: "pass", flaky: [] });
    expect(app.tracker.issue(id).status).toBe("closed");
  });

  it("a pass on the same tree after a failure is flaky; it takes one more clean pass to close", async () => {
    const counter = join(scratch, "flaky-twice");
    // Fails on the run and on its rerun (attempt 1), then passes.
    const app = project({ env: { FLAKY_COUNTER: counter, FLAKY_FAILS: "2" } });
    const id = app.create({ title: "Checkout again", description: "Verify:\n- flaky-checkout\n" });
    const first = await app.verify(id);
    expect(first.entry).toMatchObject({ decision: "retry", counted: true });
    const second = await app.verify(id);
    expect(second.verdict).toBe("failed");
    expect(second.entry).toMatchObject({
      decision: "flaky",
      counted: false,
      flaky: [{ kind: "flow", name: "flaky-checkout", reason: "failed_before" }],
    });
    expect(app.tracker.issue(id).status).not.toBe("closed");
    const third = await app.verify(id);
    expect(third.verdict).toBe("passed");
    expect(third.entry).toMatchObject({ decision: "pass", flaky: [] });
    expect(app.log(id).map((e) => [e.attempt, e.decision, e.counted])).toEqual([
      [1, "retry", true],
      [2, "flaky", false],
      [3, "pass", false],
    ]);
  });
});

describe("the verify log", () => {
  it("a torn last line is reported once and ignored; the next attempt and `log` read on", async () => {
    const app = project();
    const other = app.create({ title: "Other", description: "Verify:\n- pass\n" });
    await app.verify(other);
    const file = join(app.dir, ".verify", "log.jsonl");
    appendFileSync(file, '{"schema_version":1,"ticket":"t-torn","attem');
    const id = app.create({ title: "After a kill", description: "Verify:\n- pass\n" });
    const run = await app.verify(id);
    expect(run.attempt).toBe(1);
    expect(app.warnings.filter((w) => w.includes("torn last line"))).toHaveLength(1);
    expect(app.warnings).toContainEqual(
      expect.stringMatching(/^verify-manager: warning: \.verify\/log\.jsonl:2: torn last line/),
    );
    const lines = readFileSync(file, "utf8").split("\n");
    expect(lines[1]).toBe('{"schema_version":1,"ticket":"t-torn","attem');
    expect(JSON.parse(lines[2] ?? "")).toMatchObject({ ticket: id, attempt: 1 });
    const log = readTicketLog(app.dir, id);
    expect(log.entries).toHaveLength(1);
    expect(log.problems).toContainEqual(expect.stringMatching(/^\.verify\/log\.jsonl:2: /));
  });

  it("a log line written before the Failures record existed still decides 'the same failure'", async () => {
    const app = project();
    const id = app.create({ description: "Verify:\n- fail\n" });
    const first = await app.verify(id);
    const entry = VerifyLogEntrySchema.parse(first.entry);
    // Rewrite the line as an older manager wrote it: the flat lists only.
    const old: Partial<typeof entry> = { ...entry };
    delete old.failures;
    appendSignedLogLine(app.dir, old, true);
    expect(readTicketLog(app.dir, id).entries[0]?.failures).toBeUndefined();
    const second = await app.verify(id);
    expect(second.entry).toMatchObject({ attempt: 2, same_as_previous: true, decision: "retry" });
  });
});

describe("what cannot be verified", () => {
  it("unknown flow names: a comment listing them, nothing run", async () => {
    const app = project();
    const runLog = join(app.dir, "runs.log");
    const id = app.create({ description: "Verify:\n- pass\n- no-such-flow\n- unimplemented\n" });
    const result = await app.verify(id, { env: { ...process.env, FAULT_RUN_LOG: runLog } });
    expect(result.verdict).toBe("setup");
    expect(existsSync(runLog)).toBe(false);
    const [comment] = app.tracker.comments(id);
    expect(firstLine(comment)).toContain('"no-such-flow", "unimplemented"');
    expect(parseCommentReport(comment ?? "")?.unknown_flows).toEqual([
      "no-such-flow",
      "unimplemented",
    ]);
    expect(app.tracker.issue(id).status).toBe("open");
  });

  it("no Verify: section: one line, tracker unchanged", async () => {
    const app = project();
    const id = app.create({ title: "prose", description: "Verify that the cart works.\n- pass\n" });
    const before = app.tracker.issue(id);
    await expect(app.verify(id)).rejects.toThrow(
      `issue ${id} has no Verify: section listing flows`,
    );
    expect(app.tracker.writes).toEqual([]);
    expect(app.tracker.issue(id)).toEqual(before);
  });

  it("hostile issue text never executes and is reported", async () => {
    const app = project();
    const runLog = join(app.dir, "runs.log");
    const marker = join(app.dir, "pwned");
    const hostile = [
      `pass; touch ${marker}`,
      `$(touch ${marker})`,
      `\`touch ${marker}\``,
      `pass && touch ${marker}`,
      "--list",
      "../../etc",
      `pass\`touch ${marker}\``,
    ];
    const description = `Verify:\n${hostile.map((h) => `- ${h}`).join("\n")}\n- pass\n`;
    const id = app.create({ title: "hostile", description });
    const result = await app.verify(id, { env: { ...process.env, FAULT_RUN_LOG: runLog } });
    expect(result.verdict).toBe("setup");
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(runLog)).toBe(false);
    const report = parseCommentReport(app.tracker.comments(id)[0] ?? "");
    expect(report?.unknown_flows).toEqual([
      `pass; touch ${marker}`,
      `$(touch ${marker})`,
      `touch ${marker}`,
      `pass && touch ${marker}`,
      "--list",
      "../../etc",
      `pass\`touch ${marker}\``,
    ]);
  });

  it("a runner that crashes on every flow is a setup problem, not a product failure", async () => {
    const app = project();
    const id = app.create({ description: "Verify:\n- crash\n" });
    expect((await app.verify(id)).verdict).toBe("setup");
    const text = app.tracker.comments(id)[0] ?? "";
    expect(text).toMatch(/^verify-manager: setup problem, not a product failure: crash: crash/);
    expect(parseCommentReport(text)?.kind).toBe("setup");
  });

  it("a runner without a browser is a setup problem", async () => {
    const app = project();
    const id = app.create({ description: "Verify:\n- no-browser\n" });
    expect((await app.verify(id)).verdict).toBe("setup");
    expect(parseCommentReport(app.tracker.comments(id)[0] ?? "")?.kind).toBe("setup");
  });

  it("a bad manifest is commented as a setup problem", async () => {
    const app = project();
    const id = app.create({ description: "Verify:\n- pass\n" });
    const manifest = join(app.dir, ".verify", "workflows.yaml");
    writeFileSync(manifest, readFileSync(manifest, "utf8").replace("version: 1", "version: 7"));
    expect((await app.verify(id)).verdict).toBe("setup");
    expect(app.tracker.comments(id)[0] ?? "").toMatch(
      /^verify-manager: setup problem, not a product failure: pass: setup_error: .*workflows\.yaml:1: version: expected 1/,
    );
  });
});

describe("what is posted", () => {
  it("redacts secret env values from what it posts", async () => {
    // A fake key, assembled so that secret scanners do not take it for a real one.
    const secret = ["sk", "live", "0123456789abcdef"].join("-");
    const app = project({ env: { LEAKY_API_TOKEN: secret } });
    const id = app.create({ description: "Verify:\n- leak\n" });
    const result = await app.verify(id);
    expect(result.verdict).toBe("failed");
    const text = app.tracker.comments(id)[0] ?? "";
    expect(text).toContain("login rejected token [REDACTED]");
    expect(text).toContain("using token [REDACTED]");
    expect(text).not.toContain(secret);
  });

  it("--dry-run prints what it would post or close and changes nothing", async () => {
    const app = project();
    const passing = app.create({ description: "Verify:\n- pass\n" });
    const failing = app.create({ description: "Verify:\n- fail\n" });
    const close = await app.verify(passing, { dryRun: true });
    expect(close.verdict).toBe("passed");
    expect(formatVerification(close)).toBe(
      `would close ${passing} (attempt 1) with reason: verified: flows pass passed [verify-manager attempt ${passing}#1]`,
    );
    const comment = await app.verify(failing, { dryRun: true });
    expect(comment.verdict).toBe("failed");
    expect(comment).toMatchObject({ action: "commented", dry_run: true, verdict: "failed" });
    expect(comment.comment).toContain("flow **fail** failed at step `check-cart`");
    expect(
      IssueCommentReportSchema.safeParse(parseCommentReport(comment.comment ?? "")).success,
    ).toBe(true);
    expect(app.tracker.issue(passing).status).toBe("open");
    expect(app.tracker.writes).toEqual([]);
    expect(formatHistory(failing, app.log(failing))).toBe(`no attempts logged for ${failing}`);
  });

  it("a timed-out flow is commented and nothing of it survives", async () => {
    const app = project();
    const id = app.create({ description: "Verify:\n- stubborn-grandchild\n" });
    expect((await app.verify(id)).verdict).toBe("failed");
    expect(parseCommentReport(app.tracker.comments(id)[0] ?? "")?.outcomes[0]?.outcome).toBe(
      "timeout",
    );
    expect(processesWithMarker(app.marker)).toEqual([]);
  });
});

describe("closed tickets and resuming", () => {
  it("a closed ticket is only reported on; in a batch one that no longer verifies is blocked for a human", async () => {
    const app = project();
    const id = app.create({
      title: "Closed too early",
      description: "Verify:\n- fail\n",
      status: "closed",
      closeReason: "done by hand",
      labels: ["early"],
    });
    const alone = await app.verify(id);
    expect(alone).toMatchObject({
      action: "none",
      verdict: "failed",
      close_reason: "done by hand",
    });
    expect(formatVerification(alone)).toBe(
      `${id} is already closed (done by hand); verification failed`,
    );
    const batch = await verifyBatch({
      dir: app.dir,
      labels: ["early"],
      status: "closed",
      limit: 0,
      restart: false,
      tracker: app.tracker,
    });
    expect(batch.halt).toBeNull();
    expect(batch.status?.tickets).toEqual([
      expect.objectContaining({
        id,
        state: "blocked",
        reason: expect.stringMatching(
          /^closed, but it no longer verifies: flows failed: fail fail/,
        ),
      }),
    ]);
    expect(app.tracker.writes).toEqual([]);
    expect(app.log(id)).toEqual([]);
  });

  it("in a batch, a ticket blocked by an open dependency is blocked, not verified; once it is closed, verified", async () => {
    const app = project();
    const blocker = app.create({ title: "Payments API", labels: ["later"] });
    const id = app.create({
      description: "Verify:\n- pass\n",
      labels: ["deps"],
      blockedBy: [blocker],
    });
    const batch = () =>
      verifyBatch({
        dir: app.dir,
        labels: ["deps"],
        status: "open",
        limit: 0,
        restart: true,
        tracker: app.tracker,
      });
    // The --dry-run plan says so before anything runs.
    const catalog = new FlowCatalog({ dir: app.dir });
    const plan = await planBatch({
      dir: app.dir,
      tracker: app.tracker,
      catalog,
      ids: [],
      labels: ["deps"],
      status: "open",
      limit: 0,
      restart: true,
      dryRun: true,
    }).finally(() => catalog.close());
    expect(plan.tickets.map((t) => `${t.id}: ${t.problem}`)).toEqual([
      `${id}: blocked by open dependency ${blocker}: verify it once that is closed`,
    ]);
    const waiting = await batch();
    expect(waiting.halt).toBeNull();
    expect(waiting.status?.tickets).toEqual([
      expect.objectContaining({
        id,
        state: "blocked",
        attempt: null,
        reason: `blocked by open dependency ${blocker}: verify it once that is closed`,
      }),
    ]);
    expect(app.tracker.writes).toEqual([]);
    expect(app.log(id)).toEqual([]);
    await app.tracker.close(blocker, "done");
    const ready = await batch();
    expect(ready.status?.tickets).toEqual([
      expect.objectContaining({ id, state: "passed", attempt: 1 }),
    ]);
    expect(app.tracker.issue(id).status).toBe("closed");
  });

  it("an attempt logged but not applied (a kill) is finished, not redone", async () => {
    const app = project();
    const id = app.create({ description: "Verify:\n- fail\n" });
    // A killed run: logged, then killed before the tracker heard of it.
    const dry = await app.verify(id, { dryRun: true });
    appendSignedLogLine(app.dir, dry.entry);
    const runLog = join(app.dir, "runs.log");
    const resumed = await app.verify(id, { env: { ...process.env, FAULT_RUN_LOG: runLog } });
    expect(resumed).toMatchObject({ attempt: 1, resumed: true, decision: "retry" });
    expect(existsSync(runLog)).toBe(false);
    expect(app.tracker.issue(id).status).toBe("in_progress");
    expect(app.tracker.comments(id)).toHaveLength(1);
    // Run again: the marker says it is done; the next attempt is 2.
    const next = await app.verify(id);
    expect(next).toMatchObject({ attempt: 2, resumed: false });
    expect(app.tracker.comments(id)).toHaveLength(2);
  });
});
