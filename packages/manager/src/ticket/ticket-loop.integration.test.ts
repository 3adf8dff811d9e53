import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
  appendFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { IssueVerificationSchema, VerifyLogEntrySchema } from "@agent-verify/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXED_CART, makeAppRepo, type AppRepo } from "../../test/helpers/app-repo.js";
import { makeTracker, type TempTracker } from "../../test/helpers/bd.js";
import { runCli } from "../../test/helpers/cli.js";
import { parseCommentReport } from "./report/comment.js";

// The ticket loop end to end: real bd, the real verify-runner, the real verify-gates, real git.

let tracker: TempTracker;
let scratch: string;
const repos: AppRepo[] = [];

beforeAll(() => {
  tracker = makeTracker();
  scratch = mkdtempSync(join(tmpdir(), "vm-loop-"));
});
afterAll(() => {
  tracker.cleanup();
  for (const repo of repos) repo.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

function repo(gates: boolean): AppRepo {
  const made = makeAppRepo({ gates });
  repos.push(made);
  return made;
}

interface NewTicket {
  title: string;
  description: string;
  type?: string;
  acceptance?: string;
}

function ticket(spec: NewTicket): string {
  const args = ["create", spec.title, "--description", spec.description, "-t", spec.type ?? "task"];
  if (spec.acceptance !== undefined) args.push("--acceptance", spec.acceptance);
  return tracker.bd([...args, "--silent"]).trim();
}

async function verify(app: AppRepo, id: string, extra: NodeJS.ProcessEnv = {}) {
  const result = await runCli(["issue", id, "--dir", app.dir, "--json"], {
    env: { ...tracker.env, ...extra },
  });
  if (result.code === 2 || result.stdout.trim() === "") {
    throw new Error(`verify-manager issue ${id} exited ${result.code}:\n${result.stderr}`);
  }
  return {
    code: result.code,
    result: IssueVerificationSchema.parse(JSON.parse(result.stdout)),
    stderr: result.stderr,
  };
}

function logOf(app: AppRepo, id: string) {
  const file = join(app.dir, ".verify", "log.jsonl");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => VerifyLogEntrySchema.parse(JSON.parse(line)))
    .filter((entry) => entry.ticket === id);
}

const labels = (id: string) => (tracker.showJson(id).labels as string[] | undefined) ?? [];

describe("the three-attempt path (gates + flows)", () => {
  it("fail, fail, fail → escalated: label, blocked, escalation file, history comment; then it waits for a human", async () => {
    const app = repo(true);
    const id = ticket({
      title: "Cart shows the right count",
      description: "Verify:\n- cart-count\n",
    });
    const decisions: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const { code, result } = await verify(app, id);
      expect(code).toBe(1);
      expect(result.attempt).toBe(attempt);
      expect(result.entry?.gates.status).toBe("pass");
      expect(result.entry?.failed_flows).toEqual([
        {
          flow: "cart-count",
          outcome: "fail",
          failing_step: "count-items",
          error: "expected 3 items, got 2",
        },
      ]);
      decisions.push(result.decision ?? "");
      if (attempt < 3) expect(tracker.showJson(id).status).toBe("in_progress");
    }
    expect(decisions).toEqual(["retry", "retry", "escalate"]);

    const issue = tracker.showJson(id);
    expect(issue.status).toBe("blocked");
    expect(issue.metadata).toEqual({ verify_manager_attempt: `${id}#3` });
    expect(labels(id)).toContain("needs-human");
    const comments = tracker.comments(id);
    expect(comments).toHaveLength(3);
    expect(comments[1]?.text.split("\n")[0]).toContain("the same failure as attempt 1");
    const escalation = comments[2]?.text ?? "";
    expect(escalation.split("\n")[0]).toMatch(
      /^verify-manager: attempt 3 failed \(3 of 3 counted\) — the same failure as attempt 2; escalated to a human/,
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
    const waiting = await verify(app, id);
    expect(waiting.code).toBe(1);
    expect(waiting.result.action).toBe("none");
    expect(tracker.comments(id)).toHaveLength(3);
    expect(logOf(app, id)).toHaveLength(3);

    const log = await runCli(["log", id, "--dir", app.dir], { env: tracker.env });
    expect(log.code).toBe(0);
    expect(log.stdout.split("\n")[0]).toMatch(
      /^ATTEMPT\s+WHEN\s+DECISION\s+COUNTED\s+TREE\s+EVIDENCE$/,
    );
    expect(log.stdout).toMatch(/^3 .* escalate\s+yes .*cart-count fail at step 'count-items'/m);
  }, 240_000);

  it("fail, then the fix → closed on attempt 2 with a reason naming the evidence", async () => {
    const app = repo(true);
    const id = ticket({ title: "Cart count", description: "Verify:\n- cart-count\n" });
    const first = await verify(app, id);
    expect(first.result.decision).toBe("retry");
    expect(tracker.showJson(id).status).toBe("in_progress");
    app.write("src/cart.js", FIXED_CART);
    const second = await verify(app, id);
    expect(second.code).toBe(0);
    expect(second.result).toMatchObject({ attempt: 2, decision: "pass", action: "closed" });
    const issue = tracker.showJson(id);
    expect(issue.status).toBe("closed");
    expect(issue.close_reason).toBe(
      `verified: flows cart-count passed; gates passed [verify-manager attempt ${id}#2]`,
    );
    const [one, two] = logOf(app, id);
    expect(one?.tree_hash).not.toBe(two?.tree_hash);
    expect(two).toMatchObject({ pass: true, counted: false, flaky: [] });
  }, 180_000);
});

describe("acceptance criteria", () => {
  it("an open item blocks the close; n/a items do not; ticking it closes", async () => {
    const app = repo(false);
    app.write("src/cart.js", FIXED_CART);
    const id = ticket({
      title: "Cart count with docs",
      description: "Verify:\n- cart-count\n",
      acceptance:
        "- [ ] `cart-count` passes\n- [ ] the README explains the count\n- [ ] n/a: mobile layout\n",
    });
    const first = await verify(app, id);
    expect(first.code).toBe(1);
    expect(first.result.entry).toMatchObject({
      decision: "retry",
      failed_flows: [],
      failed_ac: ["the README explains the count"],
    });
    expect(tracker.comments(id)[0]?.text).toContain(
      'open acceptance criteria: "the README explains the count"',
    );
    tracker.bd([
      "update",
      id,
      "--acceptance",
      "- [ ] `cart-count` passes\n- [x] the README explains the count\n- [ ] n/a: mobile layout\n",
    ]);
    const second = await verify(app, id);
    expect(second.code).toBe(0);
    expect(second.result.decision).toBe("pass");
    expect(tracker.showJson(id).close_reason).toBe(
      `verified: flows cart-count passed; 2 acceptance criteria met [verify-manager attempt ${id}#2]`,
    );
  }, 120_000);
});

describe("bug tickets need a regression test", () => {
  it("a fix without a new test is a regression finding; adding one that names the bug passes", async () => {
    const app = repo(true);
    const id = ticket({
      title: "Cart count is off by one",
      type: "bug",
      description: "Verify:\n- cart-count\n",
      acceptance: "- [ ] the test `counts the last item of the cart` passes\n",
    });
    app.write("src/cart.js", FIXED_CART);
    const first = await verify(app, id);
    expect(first.result.decision).toBe("retry");
    expect(first.result.entry?.failed_flows).toEqual([]);
    expect(first.result.entry?.failed_ac).toEqual([
      "the test `counts the last item of the cart` passes (no evidence for `counts the last item of the cart`)",
    ]);
    expect(first.result.entry?.gate_findings).toEqual([
      expect.objectContaining({ stage: "floor", rule: "regression", file: null }),
    ]);
    expect(first.result.entry?.gate_findings[0]?.message).toMatch(
      /^bug fix without a regression test: no new test mentions any of: .*cart/,
    );
    app.write(
      "src/cart.test.ts",
      `${app.read("src/cart.test.ts")}\nit("counts the last item of the cart", () => {\n  expect(cartCount(["a", "b"])).toBe(2);\n});\n`,
    );
    const second = await verify(app, id);
    expect(second.code).toBe(0);
    expect(second.result.entry).toMatchObject({
      decision: "pass",
      gate_findings: [],
      failed_ac: [],
    });
    expect(tracker.showJson(id).close_reason).toBe(
      `verified: flows cart-count passed; gates passed; 1 acceptance criterion met [verify-manager attempt ${id}#2]`,
    );
  }, 180_000);
});

describe("flaky", () => {
  it("fail then pass on the rerun is flaky: reported, not counted, not closed; the next clean pass closes", async () => {
    const app = repo(false);
    const counter = join(scratch, "flaky-once");
    const id = ticket({ title: "Checkout", description: "Verify:\n- flaky-checkout\n" });
    const env = { FLAKY_COUNTER: counter, FLAKY_FAILS: "1" };
    const first = await verify(app, id, env);
    expect(first.code).toBe(1);
    expect(first.result.entry).toMatchObject({
      decision: "flaky",
      counted: false,
      pass: false,
      failed_flows: [],
      flaky: [{ kind: "flow", name: "flaky-checkout", reason: "rerun_passed" }],
    });
    expect(tracker.showJson(id).status).toBe("open");
    expect(tracker.comments(id)[0]?.text.split("\n")[0]).toBe(
      "verify-manager: attempt 1 is flaky, not counted: flaky: flow flaky-checkout (rerun_passed). The ticket needs one clean pass to close.",
    );
    const second = await verify(app, id, env);
    expect(second.code).toBe(0);
    expect(second.result.entry).toMatchObject({ decision: "pass", flaky: [] });
    expect(tracker.showJson(id).status).toBe("closed");
  }, 120_000);

  it("a pass on the same tree after a failure is flaky; it takes one more clean pass to close", async () => {
    const app = repo(false);
    const counter = join(scratch, "flaky-twice");
    const id = ticket({ title: "Checkout again", description: "Verify:\n- flaky-checkout\n" });
    // Fails on the run and on its rerun (attempt 1), then passes.
    const env = { FLAKY_COUNTER: counter, FLAKY_FAILS: "2" };
    const first = await verify(app, id, env);
    expect(first.result.entry).toMatchObject({ decision: "retry", counted: true });
    const second = await verify(app, id, env);
    expect(second.code).toBe(1);
    expect(second.result.entry).toMatchObject({
      decision: "flaky",
      counted: false,
      flaky: [{ kind: "flow", name: "flaky-checkout", reason: "failed_before" }],
    });
    expect(tracker.showJson(id).status).not.toBe("closed");
    const third = await verify(app, id, env);
    expect(third.code).toBe(0);
    expect(third.result.entry).toMatchObject({ decision: "pass", flaky: [] });
    expect(logOf(app, id).map((e) => [e.attempt, e.decision, e.counted])).toEqual([
      [1, "retry", true],
      [2, "flaky", false],
      [3, "pass", false],
    ]);
  }, 180_000);
});

describe("the verify log", () => {
  it("a torn last line is reported once and ignored; the next attempt and `log` read on", async () => {
    const app = repo(false);
    app.write("src/cart.js", FIXED_CART);
    const other = ticket({ title: "Other", description: "Verify:\n- cart-count\n" });
    await verify(app, other);
    const file = join(app.dir, ".verify", "log.jsonl");
    appendFileSync(file, '{"schema_version":1,"ticket":"t-torn","attem');
    const id = ticket({ title: "After a kill", description: "Verify:\n- cart-count\n" });
    const run = await verify(app, id);
    expect(run.result.attempt).toBe(1);
    expect(run.stderr.match(/torn last line/g)).toHaveLength(1);
    expect(run.stderr).toMatch(/^verify-manager: warning: \.verify\/log\.jsonl:2: torn last line/m);
    const lines = readFileSync(file, "utf8").split("\n");
    expect(lines[1]).toBe('{"schema_version":1,"ticket":"t-torn","attem');
    expect(JSON.parse(lines[2] ?? "")).toMatchObject({ ticket: id, attempt: 1 });
    const log = await runCli(["log", id, "--dir", app.dir, "--json"], { env: tracker.env });
    expect(log.code).toBe(0);
    expect(JSON.parse(log.stdout).entries).toHaveLength(1);
    expect(log.stderr).toMatch(/\.verify\/log\.jsonl:2: /);
    writeFileSync(join(scratch, "unused"), "");
  }, 120_000);
});

describe("a batch over closed tickets", () => {
  it("a closed ticket that no longer verifies is blocked for a human, not counted as passed", async () => {
    const app = repo(false);
    const label = `closed${Date.now().toString(36)}`;
    const id = ticket({ title: "Closed too early", description: "Verify:\n- cart-count\n" });
    tracker.bd(["label", "add", id, label]);
    tracker.bd(["close", id, "--reason", "done by hand"]);
    const result = await runCli(
      ["issues", "--dir", app.dir, "--label", label, "--status", "closed", "--json"],
      { env: tracker.env },
    );
    expect(result.code).toBe(1);
    const status = JSON.parse(result.stdout) as {
      tickets: Array<{ id: string; state: string; reason: string }>;
    };
    expect(status.tickets).toEqual([
      expect.objectContaining({
        id,
        state: "blocked",
        reason: expect.stringMatching(
          /^closed, but it no longer verifies: flows failed: cart-count fail/,
        ),
      }),
    ]);
    expect(tracker.comments(id)).toEqual([]);
    expect(logOf(app, id)).toEqual([]);
  }, 120_000);
});
