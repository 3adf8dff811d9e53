// The reaper: a tiny guard started once per verify-gates run, in its own process group.
// verify-gates tells it on stdin which process groups it started ("+pid") and which ended
// ("-pid"). When verify-gates dies in any way, SIGKILL included, its end of the pipe closes:
// the reaper then takes every group still listed down (SIGTERM, then SIGKILL after a grace).
const GRACE_MS = Number(process.env.VERIFY_GATES_REAPER_GRACE_MS) || 2000;
const groups = new Set<number>();
let pending = "";
let reaping = false;

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // That group is gone already.
  }
}

function reap(): void {
  if (reaping) return;
  reaping = true;
  if (groups.size === 0) process.exit(0);
  for (const pid of groups) signalGroup(pid, "SIGTERM");
  setTimeout(
    () => {
      for (const pid of groups) signalGroup(pid, "SIGKILL");
      process.exit(0);
    },
    Math.min(GRACE_MS, 60_000),
  );
}

process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk: string) => {
  pending += chunk;
  const lines = pending.split("\n");
  pending = lines.pop() ?? "";
  for (const line of lines) {
    const pid = Number(line.slice(1));
    if (!Number.isInteger(pid) || pid <= 1) continue;
    if (line.startsWith("+")) groups.add(pid);
    else if (line.startsWith("-")) groups.delete(pid);
  }
});
process.stdin.on("end", reap);
process.stdin.on("error", reap);
// Signals meant for verify-gates' group do not reach us (we are detached); one sent to us
// directly means the same as the pipe closing.
process.on("SIGTERM", reap);
process.on("SIGINT", reap);
process.on("SIGHUP", reap);
