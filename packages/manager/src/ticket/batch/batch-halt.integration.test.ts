import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bdBinary, makeTracker, type TempTracker } from "../../../test/helpers/bd.js";
import { readCheckedLog, readStatus } from "../../../test/helpers/batch-files.js";
import { runCli } from "../../../test/helpers/cli.js";
import { makeFaultProject, type FaultProject } from "../../../test/helpers/fault-runner.js";
import {
  killPids,
  liveManagers,
  slowWritesBd,
  startManager,
} from "../../../test/helpers/kill-run.js";
import { killMarked } from "../../../test/helpers/processes.js";
import { PENDING_WRITE_ENV, PendingWrite } from "../../tracker/pending-write.js";
import { STATUS_FILE } from "./loop-status-file.js";
import { PENDING_WRITE_FILE } from "../verify-ticket.js";

// `verify-manager issues` halts before it runs a ticket, and the pending bd write a killed
// manager leaves behind (real bd, fault runner). The kills themselves are in
// batch-kill.integration.test.ts; these share none of its state, so they run beside it.

let tracker: TempTracker;
const trackers: TempTracker[] = [];
const projects: FaultProject[] = [];
const scratch: string[] = [];

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

beforeAll(() => {
  const folder = mkdtempSync(join(tmpdir(), "vm-slow-bd-"));
  scratch.push(folder);
  slowBd = slowWritesBd(folder, bdBinary(), 400);
  tracker = makeTracker();
  trackers.push(tracker);
});
afterAll(() => {
  killPids(liveManagers);
  for (const project of projects) killMarked(project.marker);
  const folders = [...trackers.map((t) => t.root), ...projects.map((p) => p.dir), ...scratch];
  for (const folder of folders) rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
});

describe("a killed manager's pending bd write", () => {
  it("a bd write whose pid was never recorded (a kill right after the spawn) is waited for", async () => {
    const file = join(newProject().dir, PENDING_WRITE_FILE);
    // What a manager killed between starting bd and recording its pid leaves behind.
    const token = new PendingWrite(file).begin();
    const orphan = spawn(process.execPath, ["-e", "setTimeout(() => {}, 1000)"], {
      env: { ...process.env, [PENDING_WRITE_ENV]: token },
      stdio: "ignore",
    });
    const exited = once(orphan, "exit");
    // Right after spawn() returns, the child may still be inside execve, its environment not
    // yet readable (a full suite saw settle() find no token 8 ms in). A manager killed at
    // that moment is followed by one that starts far later; model that state, then settle.
    const entry = `${PENDING_WRITE_ENV}=${token}`;
    for (let i = 0; i < 100; i++) {
      const environ = readFileSync(`/proc/${orphan.pid}/environ`, "utf8").split("\0");
      if (environ.includes(entry)) break;
      await new Promise((done) => setTimeout(done, 5));
    }
    const started = Date.now();
    await new PendingWrite(file).settle(10_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
    expect(existsSync(file)).toBe(false);
    await exited;
  });
});

describe("verify-manager issues: HALT blocked", () => {
  const halts = (result: { code: number | null; stdout: string; stderr: string }) => {
    expect(result.code, result.stderr).toBe(2);
    const lines = result.stderr.split("\n").filter((line) => line !== "");
    expect(lines).toHaveLength(1);
    return lines[0] ?? "";
  };

  it("an empty selection: exit 2, one line, no status file", async () => {
    const { dir } = newProject();
    const result = await runCli(batchArgs(dir, "nobody-has-this"), { env: envFor(tracker) });
    expect(halts(result)).toBe(
      "HALT blocked: empty selection: no tickets with status open,in_progress with labels nobody-has-this",
    );
    expect(existsSync(join(dir, STATUS_FILE))).toBe(false);
  });

  it("bd unreachable: a missing binary, an empty BEADS_DIR", async () => {
    const { dir } = newProject();
    const missing = await runCli(batchArgs(dir, "batch"), {
      env: envFor(tracker, { VERIFY_BD: join(dir, "no-such-bd") }),
    });
    expect(halts(missing)).toMatch(/^HALT blocked: bd unreachable: bd list .*bd not found/);
    const empty = mkdtempSync(join(tmpdir(), "vm-empty-beads-"));
    scratch.push(empty);
    const nowhere = await runCli(batchArgs(dir, "batch"), {
      env: envFor(tracker, { BEADS_DIR: empty }),
    });
    expect(halts(nowhere)).toMatch(/^HALT blocked: bd unreachable: bd list .* failed/);
    expect(existsSync(join(dir, STATUS_FILE))).toBe(false);
  });

  it("a corrupt status file: exit 2, left byte for byte; --restart replaces it", async () => {
    tracker.bd(["create", "corrupt", "--description", "Verify:\n- pass\n", "--labels", "corrupt"]);
    const { dir } = newProject();
    const file = join(dir, STATUS_FILE);
    const corrupt = '{"schema_version":1,';
    writeFileSync(file, corrupt);
    const result = await runCli(batchArgs(dir, "batch"), { env: envFor(tracker) });
    expect(halts(result)).toMatch(
      /^HALT blocked: status file unreadable: \.verify\/loop-status\.json: not JSON \(.+\)/,
    );
    expect(readFileSync(file, "utf8")).toBe(corrupt);

    // The halt says "or pass --restart": that must work.
    const restarted = await runCli(batchArgs(dir, "corrupt", "--restart"), {
      env: envFor(tracker),
    });
    expect(restarted.code, restarted.stderr).toBe(0);
    expect(readStatus(dir)?.tickets.map((t) => t.state)).toEqual(["passed"]);
  });

  it("a second batch in the same project while one runs: exit 2, naming the first", async () => {
    const { dir } = newProject();
    tracker.bd([
      "create",
      "slow one",
      "--description",
      "Verify:\n- slow-pass\n",
      "--labels",
      "conc",
    ]);
    const first = startManager(batchArgs(dir, "conc"), envFor(tracker, { FAULT_SLOW_MS: "3000" }));
    const deadline = Date.now() + 20_000;
    while (readStatus(dir) === null && first.isRunning() && Date.now() < deadline) await sleep(50);
    const second = await runCli(batchArgs(dir, "conc"), { env: envFor(tracker) });
    expect(halts(second)).toBe(
      `HALT blocked: another verify-manager issues is running (pid ${first.pid})`,
    );
    const end = await first.exited;
    expect(end.code, end.stderr).toBe(0);
    expect(readCheckedLog(dir).entries).toHaveLength(1);
  }, 60_000);
});
