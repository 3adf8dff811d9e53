import { runChild, type ChildResult } from "../supervise/child.js";

export interface BdCall {
  bin: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** bd flushes its database on SIGTERM; SIGKILL (its whole group) only after this grace. */
  killGraceMs: number;
  /** Called as soon as bd has a pid (synchronously after spawn). */
  onSpawn?: ((pid: number) => void) | undefined;
  /** Called once bd has exited (or failed to start). */
  onExit?: (() => void) | undefined;
}

/** The manager's one child result shape (supervise/child.ts). */
export type BdCallResult = ChildResult;

const MAX_BD_STDOUT = 16 * 1024 * 1024;

/**
 * Run bd with an argument array (never a shell), bounded in time and output, in its own
 * process group: a timeout, or the manager's death, stops bd and whatever it started.
 */
export async function execBd(call: BdCall): Promise<BdCallResult> {
  try {
    return await runChild({
      command: call.bin,
      args: call.args,
      cwd: call.cwd,
      env: call.env,
      timeoutMs: call.timeoutMs,
      killGraceMs: call.killGraceMs,
      maxStdoutBytes: MAX_BD_STDOUT,
      stderrTailLines: 50,
      onSpawn: call.onSpawn,
    });
  } finally {
    call.onExit?.();
  }
}
