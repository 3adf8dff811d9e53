// Runs the manifest's web_server command on behalf of the runner, in its own process
// group, and takes that whole group down when told to (SIGTERM) or when the runner
// dies in any way, SIGKILL included: the runner holds our stdin open, so its death
// reaches us as end-of-file. Usage: node web-server-guard.js (command in VERIFY_WEB_SERVER_COMMAND).
import { spawn } from "node:child_process";

const KILL_GRACE_MS = 1000;
const command = process.env.VERIFY_WEB_SERVER_COMMAND ?? "";
const server = spawn(command, { shell: true, stdio: ["ignore", "inherit", "inherit"] });
let stopping = false;

function signalGroup(signal: NodeJS.Signals): void {
  try {
    process.kill(-process.pid, signal);
  } catch {
    // The group is gone already.
  }
}

function stop(): void {
  if (stopping) return;
  stopping = true;
  signalGroup("SIGTERM");
  // The group includes us: this ends the guard too, last.
  setTimeout(() => signalGroup("SIGKILL"), KILL_GRACE_MS).unref();
}

process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("SIGHUP", stop);
process.stdin.on("end", stop);
process.stdin.on("error", stop);
process.stdin.resume();
server.on("exit", (code, signal) => {
  if (!stopping) process.stderr.write(`web server exited (${signal ?? `code ${code}`})\n`);
  process.exit(code ?? 1);
});
