import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { REAPER_SCRIPT } from "./reaper.js";

let reaper: ChildProcess | undefined | null;

/** The variable that marks every process this verify-gates run starts, and its value. */
export const REAPER_MARK_ENV = "VERIFY_GATES_RUN";
const markValue = `${process.pid}-${randomUUID()}`;

/** `env` with this run's mark: the reaper takes down the group of whatever carries it. */
export function marked(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, [REAPER_MARK_ENV]: markValue };
}

/** The reaper process (the shell script in reaper.ts), started on first use. */
function start(): ChildProcess | null {
  const child = spawn(
    "/bin/sh",
    ["-c", REAPER_SCRIPT, "verify-gates-reaper", `${REAPER_MARK_ENV}=${markValue}`],
    {
      stdio: ["pipe", "ignore", "ignore"],
      detached: true,
    },
  );
  child.on("error", () => undefined);
  child.stdin?.on("error", () => undefined);
  // Neither the reaper nor its pipe keeps verify-gates alive.
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return child;
}

/**
 * Start the reaper before the first group: spawning it takes a fork and an exec, and a
 * verify-gates killed during that, after its group started, left the group unwatched.
 */
export function ensureReaper(): void {
  reaper ??= start();
}

function tell(line: string): void {
  ensureReaper();
  if (reaper?.stdin?.writable) reaper.stdin.write(`${line}\n`);
}

/**
 * Have the reaper take down the process group `pid` if verify-gates dies before the group
 * ends; call the returned function once it has ended.
 */
export function watchGroup(pid: number): () => void {
  tell(`+${pid}`);
  return () => tell(`-${pid}`);
}
