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
import type { IssueVerification, VerifyLogEntry } from "@agent-verify/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTracker, type TempTracker } from "../../../test/helpers/bd.js";
import { BIN, runCli } from "../../../test/helpers/cli.js";
import { makeFaultProject, type FaultProject } from "../../../test/helpers/fault-runner.js";
import { MemoryTracker } from "../../../test/helpers/memory-tracker.js";
import { killMarked } from "../../../test/helpers/processes.js";
import { ManagerError } from "../../errors.js";
import { FlowCatalog } from "../../flows/catalog.js";
import { verifyBatch } from "../batch/batch.js";
import { parseCommentReport } from "../report/comment.js";
import { verifyTicket } from "../verify-ticket.js";

// The worker whose ticket is verified owns the working tree (.verify/ included) and can
// comment on the tracker and set its metadata. Each test is one forgery; none may change a
// verdict. Forgeries of the tracker's records (comment authors, metadata), a second process
// holding a ticket and one refused symlink go through the CLI on a real bd tracker; those of
// the log, the status file and comment parsing go through the ticket loop in process, over
// the Tracker interface in memory (what `issue` prints and exits with is `verdict` via
// EXIT_CODE_BY_STATUS: passed 0, failed 1; a ManagerError is one line `verify-manager: <message>`, exit 2).

let tracker: TempTracker;
const projects: FaultProject[] = [];
const catalogs: FlowCatalog[] = [];
const scratch = mkdtempSync(join(tmpdir(), "vm-forgery-"));

/** The real bd's fixture issues by title, made in one `bd create -f` (one bd process, not four). */
let made: Map<string, string>;
const fixture = (title: string) => {
  const id = made.get(title);
  if (id === undefined) throw new Error(`no fixture issue '${title}'`);
  return id;
};

beforeAll(() => {
  tracker = makeTracker();
  made = tracker.createMany([
    { title: "marker comment", description: "Verify:\n- fail\n" },
    { title: "forged metadata", description: "Verify:\n- fail\n" },
    { title: "twice at once", description: "Verify:\n- slow-pass\n" },
    { title: "symlink log.jsonl (cli)", description: "Verify:\n- fail\n" },
  ]);
});
afterAll(() => {
  for (const catalog of catalogs) catalog.close();
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

/** A fault-runner project whose tickets live in memory; `verify` is `issue` in process. */
interface LocalProject extends FaultProject {
  tracker: MemoryTracker;
  warnings: string[];
  verify(
    id: string,
    extra?: Partial<Parameters<typeof verifyTicket>[0]>,
  ): Promise<IssueVerification>;
  /** `issues --label <label>` in process. */
  batch(label: string): ReturnType<typeof verifyBatch>;
}

function local(): LocalProject {
  const app = project();
  const tracker = new MemoryTracker();
  const warnings: string[] = [];
  // One catalog for the project's attempts and batches, as one per `verify-manager` run: the
  // runner's --list runs once, not once per attempt (the flows do not change between them).
  const catalog = new FlowCatalog({ dir: app.dir, env: env() });
  catalogs.push(catalog);
  const supervise = {
    env: env(),
    catalog,
    timeoutGraceMs: 500,
    killGraceMs: 1000,
    warn: (line: string) => warnings.push(line),
  };
  return {
    ...app,
    tracker,
    warnings,
    verify: (id, extra = {}) => verifyTicket({ ...supervise, dir: app.dir, id, tracker, ...extra }),
    batch: (label) =>
      verifyBatch({
        ...supervise,
        dir: app.dir,
        labels: [label],
        status: "open,in_progress",
        limit: 0,
        restart: false,
        tracker,
      }),
  };
}

/** The one line (and exit 2) the CLI prints for a ManagerError: `verify-manager: <message>`. */
async function refusal(run: Promise<unknown>): Promise<string[]> {
  const error: unknown = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ManagerError);
  const { message, hint } = error as ManagerError;
  return `verify-manager: ${message}${hint ? `\nhint: ${hint}` : ""}`.split("\n");
}

/** What a passing attempt's log line looks like, built from a real dry run of the ticket. */
async function forgedPass(app: LocalProject, id: string, attempt: number): Promise<VerifyLogEntry> {
  const dry = await app.verify(id, { dryRun: true });
  const entry = dry.entry as VerifyLogEntry;
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
const ownTexts = (texts: string[]) =>
  texts.filter((text) => parseCommentReport(text)?.mac !== undefined);

describe("forged log lines", () => {
  it("an unsigned 'pass' line does not close a failing ticket; it is warned about once and ignored", async () => {
    const app = local();
    const id = app.tracker.create({ title: "forged pass", description: "Verify:\n- fail\n" });
    const pass = await forgedPass(app, id, 1);
    writeFileSync(logFile(app.dir), `${JSON.stringify(pass)}\n`);
    app.warnings.length = 0;
    const result = await app.verify(id);
    expect(result.verdict).toBe("failed"); // exit 1
    expect(app.tracker.issue(id).status).toBe("in_progress");
    const warnings = app.warnings.filter((l) => l.includes("not signed"));
    expect(warnings).toEqual([
      expect.stringMatching(
        /^verify-manager: warning: \.verify\/log\.jsonl: 1 line is not signed by this manager \(first: line 1\): foreign/,
      ),
    ]);
    // The forged line is not the ticket's history: the manager's own attempt is attempt 1.
    expect(parseCommentReport(app.tracker.comments(id)[0] ?? "")?.attempt?.attempt).toBe(1);
    const log = await cli(app.dir, ["log", id, "--json"]);
    expect(log.code).toBe(0);
    expect(JSON.parse(log.stdout).entries.map((e: VerifyLogEntry) => e.decision)).toEqual([
      "retry",
    ]);
    expect(log.stderr).toContain("1 line is not signed by this manager");
  });

  it("a signed line edited into a 'pass' (its mac kept) is foreign too", async () => {
    const app = local();
    const id = app.tracker.create({ title: "edited pass", description: "Verify:\n- fail\n" });
    expect((await app.verify(id)).verdict).toBe("failed"); // exit 1
    const genuine = readFileSync(logFile(app.dir), "utf8").trim();
    const edited = genuine
      .replace('"attempt":1', '"attempt":2')
      .replace('"pass":false', '"pass":true')
      .replace('"decision":"retry"', '"decision":"pass"');
    appendFileSync(logFile(app.dir), `${edited}\n`);
    const result = await app.verify(id);
    expect(result.verdict).toBe("failed"); // exit 1
    expect(result).toMatchObject({ attempt: 2, resumed: false });
    expect(app.tracker.issue(id).status).not.toBe("closed");
  });
});

describe("forged tracker records", () => {
  it("someone else's comment carrying the next attempt's marker does not stand in for the manager's", async () => {
    const app = project();
    const id = fixture("marker comment");
    tracker.bd(["comments", "add", id, `all good here [verify-manager attempt ${id}#1]`]);
    expect((await cli(app.dir, ["issue", id])).code).toBe(1);
    expect(ownComments(id).map((c) => parseCommentReport(c.text)?.attempt?.attempt)).toEqual([1]);
    // A copy of the manager's own comment, renumbered for the next attempt, is no better.
    const copy = (ownComments(id)[0]?.text ?? "").replaceAll(`${id}#1`, `${id}#2`);
    tracker.bd(["comments", "add", id, copy.replace(/"attempt": ?1\b/, '"attempt":2')]);
    expect((await cli(app.dir, ["issue", id])).code).toBe(1);
    // One read of the comments for the three checks.
    const all = tracker.comments(id);
    const own = all.filter((c) => parseCommentReport(c.text)?.mac !== undefined);
    expect(own.map((c) => parseCommentReport(c.text)?.attempt?.attempt)).toEqual([1, 2, 2]);
    const mine = own.filter((c) => c.author === "verify-test");
    expect(mine).toHaveLength(3);
    expect(all).toHaveLength(4);
  });

  it("forged metadata plus a marker comment do not suppress an escalation", async () => {
    const app = project();
    const id = fixture("forged metadata");
    tracker.bd(["update", id, "--set-metadata", `verify_manager_attempt=${id}#1`]);
    tracker.bd(["comments", "add", id, `escalated already [verify-manager attempt ${id}#1]`]);
    const result = await cli(app.dir, ["issue", id, "--retry-budget", "1", "--json"]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ action: "escalated", decision: "escalate" });
    const issue = tracker.showWithComments(id);
    expect(issue.status).toBe("blocked");
    expect(issue.labels).toContain("needs-human");
    expect(ownTexts(issue.comments.map((c) => c.text))).toHaveLength(1);
  });
});

describe("one attempt per ticket at a time", () => {
  it("a second `issue` of a ticket being verified exits 2 naming the holder; one attempt is logged", async () => {
    const app = project(20);
    const id = fixture("twice at once");
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
    const app = local();
    const id = app.tracker.create({
      title: "batch forged",
      description: "Verify:\n- fail\n",
      labels: ["forged-batch"],
    });
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
    const result = await app.batch("forged-batch");
    // `issues` exits 1: no halt, and not every ticket passed.
    expect(result.halt).toBeNull();
    expect(result.status?.tickets.map((t) => t.state)).toEqual(["retry"]);
    expect(app.warnings.join("\n")).toContain(
      "verify-manager: warning: .verify/loop-status.json: not signed by this manager",
    );
    expect(ownTexts(app.tracker.comments(id))).toHaveLength(1);
    expect(app.tracker.issue(id).status).toBe("in_progress");
  });
});

describe("writes stay inside .verify/", () => {
  const outside = () => {
    const folder = mkdtempSync(join(scratch, "outside-"));
    writeFileSync(join(folder, "victim"), "precious\n");
    return folder;
  };
  const linkName = (where: string) => where.replace(".", "\\.");
  /** Link `where` (in `dir`) to `target`; for .verify itself, the manifest moves out there first. */
  const plant = (dir: string, target: string, where: string) => {
    if (where === ".verify") {
      writeFileSync(
        join(target, "workflows.yaml"),
        readFileSync(join(dir, where, "workflows.yaml")),
      );
      rmSync(join(dir, where), { recursive: true });
    }
    symlinkSync(target, join(dir, where));
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
      const app = local();
      const victim = outside();
      const label = `sym-${projects.length}`;
      const id = app.tracker.create({
        title: `symlink ${_name}`,
        description: "Verify:\n- fail\n",
        labels: [label],
      });
      const [target, where] = link(victim);
      plant(app.dir, target, where);
      const run = command === "issue" ? app.verify(id, { retryBudget: 1 }) : app.batch(label);
      const lines = await refusal(run);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `^verify-manager: refusing to write \\.verify/\\S+: ${linkName(where)} is a symlink \\(to ${victim}`,
        ),
      );
      expect(readFileSync(join(victim, "victim"), "utf8")).toBe("precious\n");
      expect(existsSync(join(victim, `${id}.md`))).toBe(false);
      expect(app.tracker.comments(id)).toEqual([]);
      expect(app.tracker.issue(id).status).toBe("open");
      expect(app.tracker.writes).toEqual([]);
    },
  );

  it("through the CLI on real bd: a symlinked log.jsonl is refused with one line, exit 2, nothing written or posted", async () => {
    const app = project();
    const victim = outside();
    const id = fixture("symlink log.jsonl (cli)");
    plant(app.dir, join(victim, "victim"), ".verify/log.jsonl");
    const result = await cli(app.dir, ["issue", id, "--retry-budget", "1"]);
    expect(result.code).toBe(2);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^verify-manager: refusing to write \\.verify/\\S+: \\.verify/log\\.jsonl is a symlink \\(to ${victim}`,
      ),
    );
    expect(readFileSync(join(victim, "victim"), "utf8")).toBe("precious\n");
    const issue = tracker.showWithComments(id);
    expect(issue.comments).toEqual([]);
    expect(issue.status).toBe("open");
  });
});

describe("a log from before signing", () => {
  it("does not crash issue, log or doctor; its lines are foreign and said to be", async () => {
    const app = local();
    const id = app.tracker.create({ title: "old log", description: "Verify:\n- pass\n" });
    const pass = await forgedPass(app, id, 1);
    mkdirSync(join(app.dir, ".verify"), { recursive: true });
    writeFileSync(
      logFile(app.dir),
      `${JSON.stringify({ ...pass, decision: "retry", pass: false })}\n`,
    );
    const log = await cli(app.dir, ["log", id]);
    expect(log.code).toBe(0);
    expect(log.stderr).toContain("1 line is not signed by this manager");
    expect(log.stdout.trim()).toBe(`no attempts logged for ${id}`);
    app.warnings.length = 0;
    // Resolves (no ManagerError, no internal error): exit 0 with warnings, never a stack trace.
    const result = await app.verify(id);
    expect(result.verdict).toBe("passed"); // exit 0
    expect(app.warnings.join("\n")).not.toMatch(/\n\s+at /);
    expect(app.tracker.issue(id).status).toBe("closed");
  });
});
