// The host of one shared web server: starts the command in a process group of its own,
// writes the server's record, and takes the group down as soon as no live process holds
// a lease on it any more — leases of processes killed with SIGKILL included — or when
// told to (SIGTERM). It outlives the process that started it while others still use
// the server. Usage: node host.js (settings as JSON in VERIFY_SHARED_SERVER).
import { spawn } from "node:child_process";
import { openSync } from "node:fs";
import {
  liveHolders,
  logPath,
  readRecord,
  removeRecord,
  tryLock,
  unlock,
  writeRecord,
} from "./lease-dir.js";
import { groupAlive, killGraceMs, killGroup, selfId } from "./proc.js";

interface HostSettings {
  dir: string;
  url: string;
  command: string;
  cwd: string;
}

const POLL_MS = 250;
const settings = JSON.parse(process.env.VERIFY_SHARED_SERVER ?? "{}") as HostSettings;
const me = selfId();
const log = openSync(logPath(settings.dir), "a");
const env = { ...process.env };
delete env.VERIFY_SHARED_SERVER;
const server = spawn(settings.command, {
  shell: true,
  detached: true,
  cwd: settings.cwd,
  env,
  stdio: ["ignore", log, log],
});
const pgid = server.pid;
let stopping = false;
let holdsLock = false;

if (pgid !== undefined) {
  writeRecord(settings.dir, {
    schema_version: 1,
    url: settings.url,
    command: settings.command,
    cwd: settings.cwd,
    host: me,
    server_pgid: pgid,
    started_at: new Date().toISOString(),
  });
}

function forgetRecord(): void {
  const record = readRecord(settings.dir);
  if (record && record.host.pid === me.pid && record.host.start === me.start) {
    removeRecord(settings.dir);
  }
}

/** SIGTERM to the server's group, its grace, then SIGKILL to whatever is left. */
async function takeDownGroup(): Promise<void> {
  if (pgid === undefined) return;
  killGroup(pgid, "SIGTERM");
  const deadline = Date.now() + killGraceMs();
  while (groupAlive(pgid) && Date.now() < deadline) await sleep(50);
  killGroup(pgid, "SIGKILL");
}

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await takeDownGroup();
  forgetRecord();
  if (holdsLock) unlock(settings.dir, me);
  process.exit(code);
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

/** No lease left: stop, under the folder's lock so that no one joins while we go. */
function watchLeases(): void {
  if (stopping) return;
  if (liveHolders(settings.dir).length === 0 && tryLock(settings.dir, me)) {
    holdsLock = true;
    if (liveHolders(settings.dir).length === 0) {
      void stop(0);
      return;
    }
    holdsLock = false;
    unlock(settings.dir, me);
  }
  setTimeout(watchLeases, POLL_MS);
}

process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));
process.on("SIGHUP", () => void stop(0));
server.on("error", () => void stop(1));
server.on("exit", (code, signal) => {
  if (stopping) return;
  stopping = true;
  process.stderr.write(`web server exited (${signal ?? `code ${code}`})\n`);
  // The shell is gone; its children may not be. They get the same grace as on a stop: a
  // shell that dies of the SIGTERM sent to its group (`npm run dev`, `cd x && serve`) can
  // exit before this host handles its own SIGTERM, and its server must still be asked first.
  void takeDownGroup().then(() => {
    forgetRecord();
    process.exit(code ?? 1);
  });
});
setTimeout(watchLeases, POLL_MS);
