import { randomInt } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { LoopStatus, LoopTicketState } from "@agent-verify/contract";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { bdBinary, makeTracker, type TempTracker } from "../../../test/helpers/bd.js";
import { readCheckedLog, readStatus } from "../../../test/helpers/batch-files.js";
import { runCli } from "../../../test/helpers/cli.js";
import { makeFaultProject, type FaultProject } from "../../../test/helpers/fault-runner.js";
import {
  killPids,
  liveManagers,
  processesWithEnv,
  seededRandom,
  slowWritesBd,
  startManager,
  waitForNoneWithEnv,
  type ManagerRun,
} from "../../../test/helpers/kill-run.js";
import { killMarked } from "../../../test/helpers/processes.js";
import { LOCK_FILE } from "./batch-lock.js";
import { STATUS_FILE } from "./loop-status-file.js";
import { attemptMarker } from "../apply/markers.js";
import { PENDING_WRITE_FILE } from "../verify-ticket.js";
import { LOG_FILE } from "../record/verify-log.js";

// Crash safety of `verify-manager issues`: the manager is SIGKILLed (alone, not its group, so
// its bd and runner children live on) at random moments of a batch, then run again. The halts
// and the pending write a kill can leave are in batch-halt.integration.test.ts (a file of
// their own, so they run beside this long one).

/** VERIFY_KILLS=<n> (more than 20) hunts longer. */
const MIN_KILLS = Math.max(20, Number.parseInt(process.env.VERIFY_KILLS ?? "", 10) || 0);
/**
 * Batches the kills may take. A batch ends in a run that finishes it unkilled; the killer
 * learns the pace from that run, and two spare batches absorb a machine that sped up (seed
 * 1474052718: a reference batch of 17 s, later runs far faster, 17 kills over 3+5+1+8).
 */
const MAX_ROUNDS = Math.max(6, Math.ceil(MIN_KILLS / 5) + 2);
const MAX_KILLS_PER_ROUND = 120;
const parsedSeed = Number.parseInt(process.env.VERIFY_KILL_SEED ?? "", 10);
/** Replay a failure with VERIFY_KILL_SEED=<seed>. */
const SEED = Number.isInteger(parsedSeed) ? parsedSeed : randomInt(2 ** 31);

type KindName = "pass" | "slow" | "fail" | "crash" | "unknown" | "prose";

interface Kind {
  description: string;
  state: LoopTicketState;
  decision: "pass" | "retry" | "setup" | null;
  status: string;
  /** Comments the attempt posts: its marker comment, or none when nothing was logged. */
  comments: number;
  /** Versions of the issue row in `bd history`: created, then its status change if any. */
  versions: number;
}

function ticketKind(
  description: string,
  state: LoopTicketState,
  decision: Kind["decision"],
  status: string,
): Kind {
  const comments = decision === null ? 0 : 1;
  return { description, state, decision, status, comments, versions: status === "open" ? 1 : 2 };
}

/** One ticket per outcome the batch can reach in one attempt. */
const KINDS: Record<KindName, Kind> = {
  pass: ticketKind("Verify:\n- pass\n", "passed", "pass", "closed"),
  slow: ticketKind("Verify:\n- slow-pass\n", "passed", "pass", "closed"),
  fail: ticketKind("Verify:\n- pass\n- fail\n", "retry", "retry", "in_progress"),
  crash: ticketKind("Verify:\n- crash\n", "blocked", "setup", "open"),
  unknown: ticketKind("Verify:\n- no-such-flow\n", "blocked", "setup", "open"),
  // No Verify: section: blocked in the status file, nothing logged, nothing posted.
  prose: ticketKind("Check by hand that the cart works.\n", "blocked", null, "open"),
};
const KIND_NAMES = Object.keys(KINDS) as KindName[];
const FINAL_STATES = new Set<string>(["passed", "retry", "escalated", "blocked", "flaky"]);
/** What a bd call looks like in /proc (the slow-writes script sleeps, then becomes bd). */
const BD_COMMANDS = ["bd", "slow-writes-bd", "sleep"];

const trackers: TempTracker[] = [];
const projects: FaultProject[] = [];
const scratch: string[] = [];

function newTracker(): TempTracker {
  const tracker = makeTracker();
  trackers.push(tracker);
  return tracker;
}

function newProject(): FaultProject {
  const project = makeFaultProject({ timeoutS: 5 });
  projects.push(project);
  return project;
}

/** Set in beforeAll: the real bd, each write held back a little (see slowWritesBd). */
let slowBd = "";
const envFor = (tracker: TempTracker, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...tracker.env,
  VERIFY_BD: slowBd,
  FAULT_SLOW_MS: "300",
  VERIFY_TIMEOUT_GRACE_MS: "500",
  VERIFY_KILL_GRACE_MS: "1000",
  ...extra,
});
const batchArgs = (dir: string, label: string, ...extra: string[]) => [
  "issues",
  "--dir",
  dir,
  "--label",
  label,
  ...extra,
];
const beadsEntry = (tracker: TempTracker) => `BEADS_DIR=${tracker.env.BEADS_DIR}`;

/** The six tickets in one `bd create -f` (one bd process, not six): title, description, label. */
function seedTickets(tracker: TempTracker, label: string): Map<KindName, string> {
  const folder = mkdtempSync(join(tmpdir(), "vm-seed-"));
  scratch.push(folder);
  const file = join(folder, "tickets.md");
  const section = (kind: KindName) =>
    `## ${label} ${kind}\n\n### Description\n${KINDS[kind].description}\n### Labels\n${label}\n`;
  writeFileSync(file, KIND_NAMES.map(section).join("\n"));
  const made = JSON.parse(tracker.bd(["create", "-f", file, "--json"])) as Array<{
    id: string;
    title: string;
    description?: string;
    labels?: string[];
  }>;
  const ids = new Map<KindName, string>();
  for (const kind of KIND_NAMES) {
    const issue = made.find((m) => m.title === `${label} ${kind}`);
    // bd trims the section's trailing newline; the text is otherwise the kind's description.
    expect({ kind, description: issue?.description, labels: issue?.labels }).toEqual({
      kind,
      description: KINDS[kind].description.trimEnd(),
      labels: [label],
    });
    ids.set(kind, issue?.id ?? "");
  }
  return ids;
}

interface ShownIssue {
  id: string;
  status: string;
  close_reason?: string;
  comments?: Array<{ text: string; author: string }>;
}

/** Status, close reason and comments of every id in one `bd show a b c --json --include-comments`. */
function showAllWithComments(tracker: TempTracker, ids: Iterable<string>): Map<string, ShownIssue> {
  const wanted = [...ids];
  const shown = JSON.parse(
    tracker.bd(["show", ...wanted, "--json", "--include-comments"]),
  ) as ShownIssue[];
  const byId = new Map(shown.map((issue) => [issue.id, issue]));
  expect([...byId.keys()].sort()).toEqual([...wanted].sort());
  return byId;
}

/**
 * Changes bd made to each issue's row. `bd history` lists the issue at every Dolt commit after
 * its creation (any issue's commits), so count the versions that differ from the one before.
 * A status set twice shows (bd bumps updated_at); comments are counted apart.
 */
function historyCounts(tracker: TempTracker, ids: Map<KindName, string>): Map<KindName, number> {
  const counts = new Map<KindName, number>();
  for (const [kind, id] of ids) {
    const versions = JSON.parse(tracker.bd(["history", id, "--json"])) as Array<{ Issue: unknown }>;
    const rows = versions.map((version) => JSON.stringify(version.Issue));
    counts.set(kind, rows.filter((row, i) => i === 0 || row !== rows[i - 1]).length);
  }
  return counts;
}

/** What the tests see of one batch between runs; throws on the first broken invariant. */
class BatchObserver {
  startedAt: string | null = null;
  readonly finals = new Map<string, string>();
  tornLines = 0;

  constructor(
    readonly dir: string,
    readonly ids: Map<KindName, string>,
  ) {}

  observe(): LoopStatus | null {
    const status = readStatus(this.dir);
    if (status !== null) {
      // Every run resumes the one batch: same start, same selection.
      this.startedAt ??= status.started_at;
      expect(status.started_at).toBe(this.startedAt);
      expect(status.tickets.map((t) => t.id).sort()).toEqual([...this.ids.values()].sort());
      for (const ticket of status.tickets) {
        const final = this.finals.get(ticket.id);
        if (final !== undefined)
          expect(`${ticket.id} ${ticket.state}`).toBe(`${ticket.id} ${final}`);
        else if (FINAL_STATES.has(ticket.state)) this.finals.set(ticket.id, ticket.state);
      }
    }
    const log = readCheckedLog(this.dir);
    this.tornLines = Math.max(this.tornLines, log.problems.length);
    const mine = new Set(this.ids.values());
    for (const entry of log.entries) {
      expect(mine.has(entry.ticket)).toBe(true);
      expect(entry.attempt).toBe(1);
    }
    return status;
  }

  remaining(status: LoopStatus | null): number {
    if (status === null) return this.ids.size;
    return status.tickets.filter((t) => !FINAL_STATES.has(t.state)).length;
  }
}

/** What `watch` saw of one run. */
interface Watched {
  /** How long the run took to resume (rewrite the status file), or null when not seen to. */
  resumedMs: number | null;
  /** How long it took to reach its first ticket (start-up, lock, pending writes, plan), or null. */
  startedMs: number | null;
}

/** Wait `ms` while the run lives, reading the status file and log all the while. */
async function watch(run: ManagerRun, ms: number, observer: BatchObserver): Promise<Watched> {
  const started = Date.now();
  const before = readStatus(observer.dir);
  const ticketsBefore = new Map(before?.tickets.map((t) => [t.id, t.updated_at]));
  const seen: Watched = { resumedMs: null, startedMs: null };
  while (run.isRunning() && Date.now() < started + ms) {
    const status = observer.observe();
    if (seen.resumedMs === null && status !== null && status.updated_at !== before?.updated_at) {
      seen.resumedMs = Date.now() - started;
    }
    const moved = status?.tickets.some(
      (t) => t.state !== "pending" && t.updated_at !== ticketsBefore.get(t.id),
    );
    if (seen.startedMs === null && moved === true) seen.startedMs = Date.now() - started;
    await sleep(Math.min(25, Math.max(0, started + ms - Date.now())));
  }
  return seen;
}

/** Share of the batch done: finished tickets, and half of one whose attempt is logged. */
function progress(observer: BatchObserver, status: LoopStatus | null): number {
  if (status === null) return 0;
  const done = status.tickets.filter((t) => FINAL_STATES.has(t.state)).length;
  const logged = status.tickets.filter((t) => !FINAL_STATES.has(t.state) && t.attempt !== null);
  return (done + logged.length / 2) / observer.ids.size;
}

/**
 * Starts the batch, lets it run a random while, SIGKILLs the manager alone; again and again.
 * Most runs die after their start-up, a random share of a span into the batch, so the kills
 * spread over the whole batch (its bd writes, runs, log and status writes); one in four dies
 * during its start-up (lock, status file, settling a killed run's writes, the plan).
 */
class Killer {
  landed = 0;
  runs = 0;
  duringWrite = 0;
  orphaning = 0;
  readonly delays: number[] = [];
  readonly killsPerBatch: number[] = [];
  /** Tickets finished when each kill landed: shows the kills spread over the batch. */
  readonly doneAtKill: number[] = [];
  /** Start-ups measured so far (the reference run's first). */
  private readonly startups: number[];
  /**
   * A whole batch's work past start-up, as last measured: the reference run's at first, then
   * what each run that finished a batch showed (its life past start-up over the tickets it
   * had left), whenever that is shorter.
   */
  private workMs: number;
  private readonly rand: () => number;

  constructor(
    seed: number,
    /** The reference run: how long the whole batch took, and its start-up. */
    private readonly reference: { batchMs: number; startupMs: number },
  ) {
    this.rand = seededRandom(seed);
    this.startups = [reference.startupMs];
    this.workMs = Math.max(1000, reference.batchMs - reference.startupMs);
  }

  /** A run finished the batch in `livedMs` (start-up `startupMs`) with `left` tickets to do. */
  private learnPace(livedMs: number, startupMs: number, left: number, size: number): void {
    if (left === 0) return;
    const measured = ((livedMs - startupMs) / left) * size;
    // Never below a quarter of the reference: one quick last ticket is not the whole pace.
    const floorMs = Math.max(1000, (this.reference.batchMs - this.reference.startupMs) / 4);
    this.workMs = Math.max(floorMs, Math.min(this.workMs, measured));
  }

  batchWorkMs(): number {
    return Math.round(this.workMs);
  }

  startupsSeen(): readonly number[] {
    return this.startups;
  }

  /** A run's start-up as lately seen: the longest of the last three measured. */
  private startupMs(): number {
    return Math.max(...this.startups.slice(-3));
  }

  /** Until the batch finishes (true) or enough kills landed (false). */
  async round(observer: BatchObserver, label: string): Promise<boolean> {
    const wanted = MIN_KILLS - this.landed;
    // Mean life past start-up: what gets `wanted` runs through ~80 % of the reference batch,
    // so the batch ends in the unkilled run after the last kill; it adapts to the progress seen.
    // (A quarter of the runs die in start-up: the rest carry the batch.)
    const workMs = this.workMs;
    // At most half the reference batch: one run should not finish what is left (a later round
    // wanting a kill or two would otherwise let whole batches run through).
    const maxSpanMs = workMs / 2;
    let spanMs = Math.min((2 * 0.8 * workMs) / (0.75 * wanted), maxSpanMs);
    this.killsPerBatch.push(0);
    for (let kills = 0; this.landed < MIN_KILLS;) {
      expect(kills, `seed ${SEED}: no progress`).toBeLessThan(MAX_KILLS_PER_ROUND);
      this.runs++;
      const leftBefore = observer.remaining(readStatus(observer.dir));
      const manager = startManager(batchArgs(observer.dir, label), envFor(main));
      const startup = this.startupMs();
      const inStartup = this.rand() < 0.25;
      const delay = Math.floor(inStartup ? this.rand() * startup : startup + this.rand() * spanMs);
      this.delays.push(delay);
      const seen = await watch(manager, delay, observer);
      if (seen.startedMs !== null) this.startups.push(seen.startedMs);
      // Killed before its first ticket though meant to die past its start-up: the start-up
      // is longer than this delay (a killed run's writes to settle, a loaded machine).
      else if (!inStartup) this.startups.push(Math.round(delay * 1.1));
      const isWriting = existsSync(join(observer.dir, PENDING_WRITE_FILE));
      manager.kill();
      const end = await manager.exited;
      if (end.code === 0 || end.code === 1) {
        this.learnPace(end.durationMs, seen.startedMs ?? startup, leftBefore, observer.ids.size);
        return true;
      }
      if (end.signal !== "SIGKILL") {
        throw new Error(`seed ${SEED}: run ${this.runs} exited ${end.code}:\n${end.stderr}`);
      }
      kills++;
      this.landed++;
      this.killsPerBatch[this.killsPerBatch.length - 1] = kills;
      if (isWriting) this.duringWrite++;
      if (processesWithEnv(beadsEntry(main), BD_COMMANDS).length > 0) this.orphaning++;
      const status = observer.observe();
      const left = observer.remaining(status);
      this.doneAtKill.push(observer.ids.size - left);
      // At most half of what is left of this batch: late in a batch, a run given half the
      // whole batch finished it unkilled, and under load 19 kills took 4 batches (seed
      // 1379090616: 12+3+3+1).
      const leftSpanMs = Math.max(500, (maxSpanMs * left) / observer.ids.size);
      // Behind the plan by half a ticket: live longer; ahead by a whole one: die sooner.
      const behind = (0.8 * kills) / wanted - progress(observer, status);
      const ticket = 1 / observer.ids.size;
      if (behind > ticket / 2) spanMs = Math.min(spanMs * 1.3, maxSpanMs);
      else if (behind < -ticket) spanMs = Math.max(500, spanMs * 0.75);
      spanMs = Math.min(spanMs, leftSpanMs);
    }
    return false;
  }
}

function expectFinalState(tracker: TempTracker, dir: string, ids: Map<KindName, string>): void {
  const status = readStatus(dir);
  expect(status?.state).toBe("done");
  expect(status?.halt_reason).toBeNull();
  const log = readCheckedLog(dir);
  const shown = showAllWithComments(tracker, ids.values());
  for (const [kind, id] of ids) {
    const spec = KINDS[kind];
    const ticket = status?.tickets.find((t) => t.id === id);
    expect({ kind, state: ticket?.state }).toEqual({ kind, state: spec.state });
    if (spec.state === "blocked") expect(ticket?.reason).toBeTruthy();
    const entries = log.entries.filter((e) => e.ticket === id);
    const logged = entries.map((e) => ({ attempt: e.attempt, decision: e.decision }));
    expect({ kind, logged }).toEqual({
      kind,
      logged: spec.decision === null ? [] : [{ attempt: 1, decision: spec.decision }],
    });
    const marker = attemptMarker(id, 1);
    const issue = shown.get(id);
    const comments = issue?.comments ?? [];
    const marked = comments.filter((c) => c.text.includes(marker));
    expect({
      kind,
      status: issue?.status,
      comments: comments.length,
      marked: marked.length,
    }).toEqual({ kind, status: spec.status, comments: spec.comments, marked: spec.comments });
    if (spec.status === "closed") expect(String(issue?.close_reason)).toContain(marker);
  }
  const left = readdirSync(join(dir, ".verify")).filter(
    (name) =>
      /^(loop-status\.json|\.tracker-write\.json)\..+\.tmp$/.test(name) ||
      `.verify/${name}` === PENDING_WRITE_FILE ||
      `.verify/${name}` === LOCK_FILE,
  );
  expect(left).toEqual([]);
}

/** A batch of the kill test, run to its end: as the reference run ended, nothing twice. */
async function expectSameEndAsReference(observer: BatchObserver): Promise<void> {
  // Whatever a killed manager left running has ended (the last run waited for its writes).
  expect(await waitForNoneWithEnv(beadsEntry(main), 20_000)).toEqual([]);
  expectFinalState(main, observer.dir, observer.ids);
  const history = historyCounts(main, observer.ids);
  for (const kind of KIND_NAMES) {
    const most = refHistory?.get(kind) ?? 0;
    expect(history.get(kind), `bd history of the ${kind} ticket`).toBeLessThanOrEqual(most);
  }
}

let ref: TempTracker;
let main: TempTracker;
let refProject: FaultProject;
let refIds: Map<KindName, string>;
let refHistory: Map<KindName, number> | undefined;
let refTiming = { batchMs: 0, startupMs: 0 };

beforeAll(() => {
  const folder = mkdtempSync(join(tmpdir(), "vm-slow-bd-"));
  scratch.push(folder);
  slowBd = slowWritesBd(folder, bdBinary(), 400);
  ref = newTracker();
  main = newTracker();
});
afterAll(async () => {
  // Managers, and what killed ones left running (bd, runners: they carry the tracker's env).
  killPids(liveManagers);
  for (const tracker of trackers) killPids(processesWithEnv(beadsEntry(tracker)));
  for (const project of projects) killMarked(project.marker);
  for (const tracker of trackers) await waitForNoneWithEnv(beadsEntry(tracker), 5_000);
  const folders = [...trackers.map((t) => t.root), ...projects.map((p) => p.dir), ...scratch];
  for (const folder of folders) rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
});

describe("verify-manager issues under kill -9 (real bd, fault runner)", () => {
  it("an unkilled batch: every ticket ends as decided (the reference run)", async () => {
    refProject = newProject();
    refIds = seedTickets(ref, "batch");
    // Watched as the killed runs are (same invariants), which also times its start-up.
    const run = startManager(batchArgs(refProject.dir, "batch"), envFor(ref));
    const seen = await watch(
      run,
      Number.POSITIVE_INFINITY,
      new BatchObserver(refProject.dir, refIds),
    );
    const result = await run.exited;
    refTiming = { batchMs: result.durationMs, startupMs: seen.startedMs ?? 0 };
    expect(result.code, result.stderr).toBe(1);
    expectFinalState(ref, refProject.dir, refIds);
    refHistory = historyCounts(ref, refIds);
    expect(Object.fromEntries(refHistory)).toEqual(
      Object.fromEntries(KIND_NAMES.map((k) => [k, KINDS[k].versions])),
    );
  }, 180_000);

  it(`kill -9 at >= ${MIN_KILLS} random moments (seed ${SEED}): every rerun resumes, nothing lost or done twice`, async () => {
    if (refHistory === undefined) throw new Error("the reference run failed");
    const killer = new Killer(SEED, refTiming);
    const rounds: BatchObserver[] = [];
    // Said however the test ends (a timeout too): how the kills fell.
    onTestFinished(() =>
      console.info(
        `seed ${SEED}: ${killer.landed} kills landed in ${killer.runs} runs over ${rounds.length} ` +
          `batch(es) (${killer.killsPerBatch.join("+")}); ${killer.duringWrite} during a bd write, ${killer.orphaning} left bd running; ` +
          `torn log lines seen: ${rounds.map((r) => r.tornLines).join(",")}; ` +
          `tickets done at each kill ${killer.doneAtKill.join(" ")}; ` +
          `reference batch ${refTiming.batchMs} ms (start-up ${refTiming.startupMs} ms); ` +
          `batch work as last measured ${killer.batchWorkMs()} ms; ` +
          `start-ups seen ${killer.startupsSeen().join(" ")}; delays ${killer.delays.join(" ")}`,
      ),
    );
    let final: Awaited<ReturnType<typeof runCli>> | null = null;
    while (final === null) {
      expect(rounds.length, `seed ${SEED}: the batch kept finishing`).toBeLessThan(MAX_ROUNDS);
      const label = `kill${rounds.length}`;
      const observer = new BatchObserver(newProject().dir, seedTickets(main, label));
      rounds.push(observer);
      if (!(await killer.round(observer, label))) {
        // Enough kills: the batch runs to its end unkilled, once.
        final = await runCli(batchArgs(observer.dir, label), { env: envFor(main) });
        expect([0, 1], final.stderr).toContain(final.code);
      }
      observer.observe();
      await expectSameEndAsReference(observer);
    }
    const last = rounds.at(-1);
    if (last === undefined) throw new Error("no round");
    const label = `kill${rounds.length - 1}`;

    // Finished: run again without --restart: the same status, nothing new anywhere.
    const files = [STATUS_FILE, LOG_FILE].map((f) => readFileSync(join(last.dir, f), "utf8"));
    const commentCounts = () => {
      const shown = showAllWithComments(main, last.ids.values());
      return [...last.ids.values()].map((id) => shown.get(id)?.comments?.length ?? 0);
    };
    const comments = commentCounts();
    const again = await runCli(batchArgs(last.dir, label), { env: envFor(main) });
    expect(again.code).toBe(final.code);
    expect(again.stdout).toBe(final.stdout);
    expect([STATUS_FILE, LOG_FILE].map((f) => readFileSync(join(last.dir, f), "utf8"))).toEqual(
      files,
    );
    expect(commentCounts()).toEqual(comments);
  }, 600_000);

  it("a finished batch is kept without --restart; --restart starts a new one (attempt 2)", async () => {
    const dir = refProject.dir;
    const before = readStatus(dir);
    const logBefore = readFileSync(join(dir, LOG_FILE), "utf8");
    const kept = await runCli(batchArgs(dir, "batch"), { env: envFor(ref) });
    expect(kept.code).toBe(1);
    expect(readStatus(dir)).toEqual(before);
    expect(readFileSync(join(dir, LOG_FILE), "utf8")).toBe(logBefore);

    const restarted = await runCli(batchArgs(dir, "batch", "--restart"), { env: envFor(ref) });
    expect(restarted.code, restarted.stderr).toBe(1);
    const status = readStatus(dir);
    expect(status?.state).toBe("done");
    expect(status?.started_at).not.toBe(before?.started_at);
    // Selected again (open or in_progress by default): all but the closed ones.
    const again = (["fail", "crash", "unknown", "prose"] as const).map((k) => refIds.get(k));
    expect(status?.tickets.map((t) => t.id).sort()).toEqual(again.sort());
    const attempts = (id: string | undefined) =>
      readCheckedLog(dir)
        .entries.filter((e) => e.ticket === id)
        .map((e) => e.attempt);
    expect(KIND_NAMES.map((kind) => [kind, attempts(refIds.get(kind))])).toEqual([
      ["pass", [1]],
      ["slow", [1]],
      ["fail", [1, 2]],
      ["crash", [1, 2]],
      ["unknown", [1, 2]],
      ["prose", []],
    ]);
  }, 60_000);
});
