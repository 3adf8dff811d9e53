import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { processStart } from "./process-tree.js";

/** What the manager writes to a watchdog that should leave without killing anything. */
export const RELEASE_LINE = "release";

export interface Watchdog {
  /** The run ended under the manager's eyes: the watchdog leaves quietly. */
  release(): void;
}

function watchdogScript(): string {
  const beside = fileURLToPath(new URL("./watchdog.js", import.meta.url));
  if (existsSync(beside)) return beside;
  // Tests import the sources; the watchdog then runs from the build (test/global-setup.ts).
  return fileURLToPath(new URL("../../dist/supervise/watchdog.js", import.meta.url));
}

/**
 * Start the watchdog of the child group led by `pid` (see watchdog.ts): it stops the group
 * if this process dies before calling `release()`. Call it in the same tick as the child's
 * spawn, so that no kill can land between the two.
 */
export function watchChildGroup(pid: number, graceMs: number): Watchdog {
  const watchdog = spawn(
    process.execPath,
    [watchdogScript(), String(pid), String(processStart(pid) ?? ""), String(graceMs)],
    // Its own session: a terminal's Ctrl-C or hang-up does not reach it before the manager.
    { detached: true, stdio: ["pipe", "ignore", "ignore"] },
  );
  // Neither the watchdog nor its pipe keeps this process alive; both end with it.
  watchdog.unref();
  watchdog.on("error", () => undefined);
  watchdog.stdin.on("error", () => undefined);
  return {
    release: () => {
      if (!watchdog.stdin.writableEnded) watchdog.stdin.end(`${RELEASE_LINE}\n`);
    },
  };
}
