// Runs the manifest's web server on behalf of the runner, in its own process group,
// and takes that whole group down when told to (SIGTERM) or when the runner dies in
// any way, SIGKILL included: the runner holds our stdin open, so its death reaches us
// as end-of-file. A group that ignores SIGTERM is SIGKILLed after the grace
// (VERIFY_WEB_SERVER_GRACE_MS, default 1000), so its port is free when we are gone.
// Usage: node guard.js, with VERIFY_WEB_SERVER_COMMAND (a shell command) or
// VERIFY_WEB_SERVER_ARGV (a JSON array run without a shell).
import { spawn, type ChildProcess } from "node:child_process";
import { envMs } from "../env-limits.js";
import { othersInGroup } from "@agent-verify/contract/process-group";

const GRACE_MS = envMs(process.env, "VERIFY_WEB_SERVER_GRACE_MS", 1000, 60_000);
const POLL_MS = 20;

function startServer(): ChildProcess {
  const { VERIFY_WEB_SERVER_COMMAND: command, VERIFY_WEB_SERVER_ARGV: argv, ...env } = process.env;
  const stdio = ["ignore", "inherit", "inherit"] as const;
  if (argv) {
    const [file, ...args] = JSON.parse(argv) as string[];
    return spawn(file ?? "", args, { env, stdio: [...stdio] });
  }
  return spawn(command ?? "", { shell: true, env, stdio: [...stdio] });
}

function signalGroup(signal: NodeJS.Signals): void {
  try {
    process.kill(-process.pid, signal);
  } catch {
    // The group is gone already.
  }
}

let stopping = false;
let serverExited = false;
let exitCode = 0;

/**
 * SIGTERM the group; once the server has exited and no one else is left in the group,
 * leave. What is still there after the grace is SIGKILLed (us included, last).
 */
function stop(): void {
  if (stopping) return;
  stopping = true;
  signalGroup("SIGTERM");
  const killAt = Date.now() + GRACE_MS;
  const poll = () => {
    // Scanning /proc costs tens of ms on a busy machine: only once the server is gone.
    if (serverExited && othersInGroup(process.pid) === 0) process.exit(exitCode);
    if (Date.now() >= killAt) signalGroup("SIGKILL");
    setTimeout(poll, serverExited ? 100 : POLL_MS);
  };
  poll();
}

process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("SIGHUP", stop);
process.stdin.on("end", stop);
process.stdin.on("error", stop);
process.stdin.resume();

const server = startServer();
server.on("error", (error) => {
  process.stderr.write(`web server could not start: ${error.message}\n`);
  process.exit(127);
});
server.on("exit", (code, signal) => {
  serverExited = true;
  if (stopping) {
    if (othersInGroup(process.pid) === 0) process.exit(exitCode);
    return;
  }
  exitCode = code ?? 1;
  process.stderr.write(`web server exited (${signal ?? `code ${code}`})\n`);
  // A command that forks its server and exits leaves it in our group: keep guarding it.
  if (othersInGroup(process.pid) === 0) process.exit(exitCode);
  setInterval(() => {
    if (othersInGroup(process.pid) === 0) process.exit(exitCode);
  }, 1000);
});
