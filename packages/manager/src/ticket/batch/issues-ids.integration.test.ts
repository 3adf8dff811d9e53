import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BatchPlanSchema, LoopStatusSchema } from "@agent-verify/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTracker, type TempTracker } from "../../../test/helpers/bd.js";
import { runCli } from "../../../test/helpers/cli.js";
import { makeFaultProject, type FaultProject } from "../../../test/helpers/fault-runner.js";
import { writeSignedStatus } from "../../../test/helpers/signed-log.js";
import { LOCK_FILE } from "./batch-lock.js";
import { STATUS_FILE } from "./loop-status-file.js";

// `verify-manager issues <id>…` against a real bd: named tickets and an epic's open children,
// checked before anything runs, the plan printed first; --dry-run runs and writes nothing.

let tracker: TempTracker;
let scratch: string;
/** The real bd behind a script that logs each call's arguments, a line each. */
let loggingBd: string;
const bdCalls = () => join(scratch, "bd-calls.log");
const projects: FaultProject[] = [];
const ids = { standalone: "", epic: "", passing: "", failing: "", closed: "", doc: "" };

beforeAll(() => {
  tracker = makeTracker();
  scratch = mkdtempSync(join(tmpdir(), "vm-ids-"));
  loggingBd = join(scratch, "logging-bd");
  const real = JSON.stringify(tracker.env.VERIFY_BD);
  writeFileSync(
    loggingBd,
    `#!/bin/sh\necho "$*" >> ${JSON.stringify(bdCalls())}\nexec ${real} "$@"\n`,
  );
  chmodSync(loggingBd, 0o755);
  const create = (args: string[]) => tracker.bd(["create", ...args, "--silent"]).trim();
  ids.standalone = create(["Standalone", "--description", "Verify:\n- pass\n"]);
  ids.epic = create(["Checkout epic", "-t", "epic"]);
  const child = (title: string, description: string, extra: string[] = []) =>
    create([title, "--parent", ids.epic, "--description", description, ...extra]);
  ids.passing = child("Cart passes", "Verify:\n- pass\n", ["--acceptance", "- [x] cart works"]);
  ids.failing = child("Cart fails", "Verify:\n- fail\n");
  ids.closed = child("Done already", "Verify:\n- crash\n");
  ids.doc = child("Write the runbook", "Deliverable: docs/runbook.md", ["--labels", "doc"]);
  tracker.bd(["close", ids.closed]);
}, 120_000);

afterAll(() => {
  tracker.cleanup();
  for (const project of projects) rmSync(project.dir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

function project(): FaultProject {
  const made = makeFaultProject({ timeoutS: 5 });
  projects.push(made);
  return made;
}

const runLog = (name: string) => join(scratch, `${name}.runs`);
const flowsRun = (name: string) =>
  existsSync(runLog(name)) ? readFileSync(runLog(name), "utf8").split("\n").filter(Boolean) : [];
const issues = (dir: string, log: string, ...args: string[]) =>
  runCli(["issues", ...args, "--dir", dir], {
    env: {
      ...tracker.env,
      VERIFY_BD: loggingBd,
      FAULT_RUN_LOG: runLog(log),
      VERIFY_TIMEOUT_GRACE_MS: "500",
    },
  });
/** The `bd show` calls made since the last look (their ids), and forget them. */
const showCalls = () => {
  const lines = existsSync(bdCalls()) ? readFileSync(bdCalls(), "utf8").split("\n") : [];
  rmSync(bdCalls(), { force: true });
  return lines
    .filter((line) => line.startsWith("show "))
    .map((line) => line.split(" ").filter((word) => /^t-/.test(word)));
};
/** Every issue as bd stores it, comment counts and update times included. */
const trackerState = () => tracker.bd(["list", "--all", "--json", "--limit", "0"]);
const nothingWritten = (dir: string) =>
  [STATUS_FILE, LOCK_FILE, ".verify/log.jsonl"].filter((file) => existsSync(join(dir, file)));

describe("verify-manager issues <id>… (real bd)", () => {
  it("--dry-run prints only the plan, in order, and touches nothing", async () => {
    const { dir } = project();
    const before = trackerState();
    const text = await issues(dir, "dry", ids.standalone, ids.epic, "--dry-run");
    expect(text.code, text.stderr).toBe(0);
    const lines = text.stdout.trim().split("\n");
    expect(lines[0]).toBe("plan: 4 tickets, in this order:");
    expect(lines[1]).toBe(`  1. ${ids.standalone} [task, open] "Standalone": flows pass; no gates`);
    expect(lines[2]).toBe(
      `  2. ${ids.passing} (epic ${ids.epic}) [task, open] "Cart passes": flows pass; no gates; 1 criteria`,
    );
    expect(lines[3]).toBe(
      `  3. ${ids.failing} (epic ${ids.epic}) [task, open] "Cart fails": flows fail; no gates`,
    );
    expect(lines[4]).toBe(
      `  4. ${ids.doc} (epic ${ids.epic}) [task, open] "Write the runbook": deliverable docs/runbook.md (rubric)`,
    );
    expect(lines.at(-1)).toBe("dry run: nothing was run, logged or changed");
    // The named ids in one `bd show`, the epic's open children in one more.
    expect(showCalls()).toEqual([
      [ids.standalone, ids.epic],
      [ids.passing, ids.failing, ids.doc],
    ]);

    const json = await issues(
      dir,
      "dry",
      ids.epic,
      ids.standalone,
      ids.passing,
      "--dry-run",
      "--json",
    );
    expect(json.code, json.stderr).toBe(0);
    const plan = BatchPlanSchema.parse(JSON.parse(json.stdout));
    expect(plan).toMatchObject({ dry_run: true, resumed: false });
    expect(plan.selection.ids).toEqual([ids.epic, ids.standalone, ids.passing]);
    // Named twice (itself and through its epic): once, where the epic put it.
    expect(plan.tickets.map((t) => [t.id, t.epic, t.route])).toEqual([
      [ids.passing, ids.epic, "code"],
      [ids.failing, ids.epic, "code"],
      [ids.doc, ids.epic, "deliverable"],
      [ids.standalone, null, "code"],
    ]);

    expect(showCalls()[0]).toEqual([ids.epic, ids.standalone, ids.passing]);
    expect(flowsRun("dry")).toEqual([]);
    expect(nothingWritten(dir)).toEqual([]);
    expect(trackerState()).toBe(before);
  }, 120_000);

  it("an unknown id: one line naming it, exit 2, before anything runs", async () => {
    const { dir } = project();
    const before = trackerState();
    for (const extra of [[], ["--dry-run"]]) {
      const result = await issues(dir, "unknown", ids.standalone, "t-nope", ...extra);
      expect(result.code).toBe(2);
      const stderr = result.stderr.trim().split("\n");
      expect(stderr[0]).toBe(
        'verify-manager: unknown issue id "t-nope": bd has no such issue; nothing was run',
      );
      expect(stderr.slice(1).every((line) => line.startsWith("hint:"))).toBe(true);
      expect(result.stdout).toBe("");
      // One `bd show` of both; the id bd did not answer alone, for its own error.
      expect(showCalls()).toEqual([[ids.standalone, "t-nope"], ["t-nope"]]);
    }
    expect(flowsRun("unknown")).toEqual([]);
    expect(nothingWritten(dir)).toEqual([]);
    expect(trackerState()).toBe(before);
  }, 120_000);

  it("prints the plan on stderr before the first ticket runs, then verifies them in that order; a halted batch resumes", async () => {
    const { dir } = project();
    // Only the first two children: the doc one waits for the deliverable work.
    const result = await issues(dir, "run", ids.standalone, ids.passing, ids.failing);
    expect(result.code, result.stderr).toBe(1);
    const planAt = result.stderr.indexOf("plan: 3 tickets, in this order:");
    const firstTicket = result.stderr.indexOf(`ticket ${ids.standalone}: verifying`);
    expect(planAt).toBeGreaterThanOrEqual(0);
    expect(firstTicket).toBeGreaterThan(planAt);
    // A first pass is confirmed by a second run (tickets.confirm_runs); fail is rerun once.
    expect(flowsRun("run")).toEqual(["pass", "pass", "pass", "pass", "fail", "fail"]);
    const status = LoopStatusSchema.parse(JSON.parse(readFileSync(join(dir, STATUS_FILE), "utf8")));
    expect(status.selection.ids).toEqual([ids.standalone, ids.passing, ids.failing]);
    expect(status.tickets.map((t) => [t.id, t.state])).toEqual([
      [ids.standalone, "passed"],
      [ids.passing, "passed"],
      [ids.failing, "retry"],
    ]);
    expect(tracker.showJson(ids.passing).status).toBe("closed");

    // A batch killed before its last ticket: the next run plans and verifies what is left.
    const last = status.tickets[2];
    if (last) Object.assign(last, { state: "pending", attempt: null, reason: null });
    writeSignedStatus(dir, { ...status, state: "halted" });
    const resumed = await issues(dir, "resume", ids.standalone, ids.passing, ids.failing);
    expect(resumed.code, resumed.stderr).toBe(1);
    expect(resumed.stderr).toContain(
      "plan: resuming .verify/loop-status.json, 1 tickets left, in this order:",
    );
    expect(resumed.stderr).toContain(`  1. ${ids.failing} [task, in_progress] "Cart fails"`);
    expect(flowsRun("resume")).toEqual(["fail", "fail"]);
  }, 180_000);
});
