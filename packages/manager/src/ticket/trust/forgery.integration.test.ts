import { spawn } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { IssueVerificationSchema, type VerifyLogEntry } from "@agent-verify/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTracker, type TempTracker } from "../../../test/helpers/bd.js";
import { BIN, runCli } from "../../../test/helpers/cli.js";
import { makeFaultProject, type FaultProject } from "../../../test/helpers/fault-runner.js";
import { killMarked } from "../../../test/helpers/processes.js";
import { parseCommentReport } from "../report/comment.js";

// The worker whose ticket is verified owns the working tree (.verify/ included) and can
// comment on the tracker and set its metadata. Each test is one forgery, tried through the
// CLI on a real bd tracker; none may change a verdict.

let tracker: TempTracker;
const projects: FaultProject[] = [];
const scratch = mkdtempSync(join(tmpdir(), "vm-forgery-"));

beforeAll(() => {
  tracker = makeTracker();
});
afterAll(() => {
  for (const project of projects) {
    killMarked(project.marker);
    rmSync(project.dir, { recursive: true, force: true });
  }
  tracker.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

function project(timeoutS = 3): FaultProject {
  const made = makeFaultProject({ timeoutS });
  projects.push(made);
  return made;
}

const env = (extra: NodeJS.ProcessEnv = {}) => ({
  ...tracker.env,
  VERIFY_TIMEOUT_GRACE_MS: "500",
  VERIFY_KILL_GRACE_MS: "1000",
  ...extra,
});
const cli = (dir: string, args: string[], extra: NodeJS.ProcessEnv = {}) =>
  runCli([...args, "--dir", dir], { env: env(extra) });

/** What a passing attempt's log line looks like, built from a real dry run of the ticket. */
async function forgedPass(dir: string, id: string, attempt: number): Promise<VerifyLogEntry> {
  const dry = await cli(dir, ["issue", id, "--dry-run", "--json"]);
  const entry = IssueVerificationSchema.parse(JSON.parse(dry.stdout)).entry as VerifyLogEntry;
  return {
    ...entry,
    attempt,
    pass: true,
    decision: "pass",
    counted: false,
    passed_flows: entry.flows_run,
    failed_flows: [],
    failures: entry.failures && { ...entry.failures, failed_flows: [] },
  };
}

const logFile = (dir: string) => join(dir, ".verify", "log.jsonl");
const ownComments = (id: string) =>
  tracker.comments(id).filter((c) => parseCommentReport(c.text)?.mac !== undefined);

describe("forged log lines", () => {
  it("an unsigned 'pass' line does not close a failing ticket; it is warned about once and ignored", async () => {
    const app = project();
    const id = tracker.create("forged pass", "Verify:\n- fail\n");
    const pass = await forgedPass(app.dir, id, 1);
    writeFileSync(logFile(app.dir), `${JSON.stringify(pass)}\n`);
    const result = await cli(app.dir, ["issue", id]);
    expect(result.code).toBe(1);
    expect(tracker.showJson(id).status).toBe("in_progress");
    const warnings = result.stderr.split("\n").filter((l) => l.includes("not signed"));
    expect(warnings).toEqual([
      expect.stringMatching(
        /^verify-manager: warning: \.verify\/log\.jsonl: 1 line is not signed by this manager \(first: line 1\): foreign/,
      ),
    ]);
    // The forged line is not the ticket's history: the manager's own attempt is attempt 1.
    expect(parseCommentReport(tracker.comments(id)[0]?.text ?? "")?.attempt?.attempt).toBe(1);
    const log = await cli(app.dir, ["log", id, "--json"]);
    expect(log.code).toBe(0);
    expect(JSON.parse(log.stdout).entries.map((e: VerifyLogEntry) => e.decision)).toEqual([
      "retry",
    ]);
    expect(log.stderr).toContain("1 line is not signed by this manager");
  });

  it("a signed line edited into a 'pass' (its mac kept) is foreign too", async () => {
    const app = project();
    const id = tracker.create("edited pass", "Verify:\n- fail\n");
    expect((await cli(app.dir, ["issue", id])).code).toBe(1);
    const genuine = readFileSync(logFile(app.dir), "utf8").trim();
    const edited = genuine
      .replace('"attempt":1', '"attempt":2')
      .replace('"pass":false', '"pass":true')
      .replace('"decision":"retry"', '"decision":"pass"');
    appendFileSync(logFile(app.dir), `${edited}\n`);
    const result = await cli(app.dir, ["issue", id, "--json"]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ attempt: 2, resumed: false });
    expect(tracker.showJson(id).status).not.toBe("closed");
  });
});

describe("forged tracker records", () => {
  it("someone else's comment carrying the next attempt's marker does not stand in for the manager's", async () => {
    const app = project();
    const id = tracker.create("marker comment", "Verify:\n- fail\n");
    tracker.bd(["comments", "add", id, `all good here [verify-manager attempt ${id}#1]`]);
    expect((await cli(app.dir, ["issue", id])).code).toBe(1);
    expect(ownComments(id).map((c) => parseCommentReport(c.text)?.attempt?.attempt)).toEqual([1]);
    // A copy of the manager's own comment, renumbered for the next attempt, is no better.
    const copy = (ownComments(id)[0]?.text ?? "").replaceAll(`${id}#1`, `${id}#2`);
    tracker.bd(["comments", "add", id, copy.replace('"attempt": 1', '"attempt": 2')]);
    expect((await cli(app.dir, ["issue", id])).code).toBe(1);
    expect(ownComments(id).map((c) => parseCommentReport(c.text)?.attempt?.attempt)).toEqual([
      1, 2, 2,
    ]);
    const mine = ownComments(id).filter((c) => c.author === "verify-test");
    expect(mine).toHaveLength(3);
    expect(tracker.comments(id)).toHaveLength(4);
  });

  it("forged metadata plus a marker comment do not suppress an escalation", async () => {
    const app = project();
    const id = tracker.create("forged metadata", "Verify:\n- fail\n");
    tracker.bd(["update", id, "--set-metadata", `verify_manager_attempt=${id}#1`]);
    tracker.bd(["comments", "add", id, `escalated already [verify-manager attempt ${id}#1]`]);
    const result = await cli(app.dir, ["issue", id, "--retry-budget", "1", "--json"]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ action: "escalated", decision: "escalate" });
    const issue = tracker.showJson(id);
    expect(issue.status).toBe("blocked");
    expect(issue.labels).toContain("needs-human");
    expect(ownComments(id)).toHaveLength(1);
  });
});

describe("one attempt per ticket at a time", () => {
  it("a second `issue` of a ticket being verified exits 2 naming the holder; one attempt is logged", async () => {
    const app = project(20);
    const id = tracker.create("twice at once", "Verify:\n- slow-pass\n");
    const first = spawn(process.execPath, [BIN, "issue", id, "--dir", app.dir], {
      env: env({ FAULT_SLOW_MS: "5000" }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    first.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const closed = new Promise<number | null>((resolve) => first.once("close", resolve));
    const deadline = Date.now() + 30_000;
    while (!stderr.includes("start slow-pass") && Date.now() < deadline) await sleep(50);
    expect(stderr).toContain("start slow-pass");
    const second = await cli(app.dir, ["issue", id]);
    expect(second.code).toBe(2);
    expect(second.stderr.trim()).toBe(
      `verify-manager: issue ${id} is being verified by another verify-manager (pid ${first.pid}); fix: wait for it to finish, or stop it (kill ${first.pid}) and run again`,
    );
    expect(await closed).toBe(0);
    expect(readFileSync(logFile(app.dir), "utf8").trim().split("\n")).toHaveLength(1);
    expect(tracker.comments(id)).toHaveLength(1);
    // The lock went with its holder: the ticket can be verified again.
    expect((await cli(app.dir, ["issue", id])).code).toBe(0);
  });
});

describe("a forged batch status", () => {
  it("an unsigned loop-status.json saying every ticket passed is not resumed from", async () => {
    const app = project();
    const id = tracker.create("batch forged", "Verify:\n- fail\n");
    tracker.bd(["label", "add", id, "forged-batch"]);
    const at = new Date().toISOString();
    const forged = {
      schema_version: 1,
      state: "done",
      started_at: at,
      updated_at: at,
      selection: { labels: ["forged-batch"], status: "open", limit: 0 },
      halt_reason: null,
      tickets: [{ id, state: "passed", attempt: 1, reason: null, updated_at: at }],
    };
    writeFileSync(join(app.dir, ".verify", "loop-status.json"), JSON.stringify(forged, null, 2));
    const result = await cli(app.dir, ["issues", "--label", "forged-batch"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "verify-manager: warning: .verify/loop-status.json: not signed by this manager",
    );
    expect(ownComments(id)).toHaveLength(1);
    expect(tracker.showJson(id).status).toBe("in_progress");
  });
});

describe("writes stay inside .verify/", () => {
  const outside = () => {
    const folder = mkdtempSync(join(scratch, "outside-"));
    writeFileSync(join(folder, "victim"), "precious\n");
    return folder;
  };

  it.each([
    [
      "log.jsonl",
      "issue",
      (v: string): [string, string] => [join(v, "victim"), ".verify/log.jsonl"],
    ],
    [
      "loop-status.json",
      "issues",
      (v: string): [string, string] => [join(v, "victim"), ".verify/loop-status.json"],
    ],
    ["escalations", "issue", (v: string): [string, string] => [v, ".verify/escalations"]],
    ["artifacts", "issue", (v: string): [string, string] => [v, ".verify/artifacts"]],
    [".verify itself", "issue", (v: string): [string, string] => [v, ".verify"]],
  ] as const)(
    "a symlinked %s is refused with one line, exit 2, nothing written or posted",
    async (_name, command, link) => {
      const app = project();
      const victim = outside();
      const id = tracker.create(`symlink ${_name}`, "Verify:\n- fail\n");
      tracker.bd(["label", "add", id, `sym-${projects.length}`]);
      const [target, where] = link(victim);
      if (where === ".verify") {
        // The whole folder: move the manifest out there and link to it.
        writeFileSync(
          join(victim, "workflows.yaml"),
          readFileSync(join(app.dir, where, "workflows.yaml")),
        );
        rmSync(join(app.dir, where), { recursive: true });
      }
      symlinkSync(target, join(app.dir, where));
      const args =
        command === "issue" ? ["issue", id] : ["issues", "--label", `sym-${projects.length}`];
      const result = await cli(app.dir, [...args, "--retry-budget", "1"]);
      expect(result.code).toBe(2);
      const lines = result.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `^verify-manager: refusing to write \\.verify/\\S+: ${where.replace(".", "\\.")} is a symlink \\(to ${victim}`,
        ),
      );
      expect(readFileSync(join(victim, "victim"), "utf8")).toBe("precious\n");
      expect(existsSync(join(victim, `${id}.md`))).toBe(false);
      expect(tracker.comments(id)).toEqual([]);
      expect(tracker.showJson(id).status).toBe("open");
    },
  );
});

describe("a log from before signing", () => {
  it("does not crash issue, log or doctor; its lines are foreign and said to be", async () => {
    const app = project();
    const id = tracker.create("old log", "Verify:\n- pass\n");
    const pass = await forgedPass(app.dir, id, 1);
    mkdirSync(join(app.dir, ".verify"), { recursive: true });
    writeFileSync(
      logFile(app.dir),
      `${JSON.stringify({ ...pass, decision: "retry", pass: false })}\n`,
    );
    const log = await cli(app.dir, ["log", id]);
    expect(log.code).toBe(0);
    expect(log.stderr).toContain("1 line is not signed by this manager");
    expect(log.stdout.trim()).toBe(`no attempts logged for ${id}`);
    const result = await cli(app.dir, ["issue", id]);
    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(tracker.showJson(id).status).toBe("closed");
  });
});
