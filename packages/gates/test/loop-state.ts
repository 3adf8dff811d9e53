import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { AgentLoop } from "@agent-verify/contract";
import { INSTALL_RECORD } from "../src/loop/install-record.js";
import { readLoop } from "../src/loop/loop-file.js";
import { openStore } from "../src/state/signed-store.js";

/** A session's (or subagent's) loop as the hook keeps it: signed, in the state folder; undefined when there is none. */
export async function loopOf(
  root: string,
  session: string,
  agent?: string,
): Promise<AgentLoop | undefined> {
  const read = await readLoop(await openStore(root, process.env), { session, agent });
  if (read.kind === "invalid") throw new Error(read.why);
  return read.kind === "loop" ? read.loop : undefined;
}

/**
 * Set aside what `loop install` recorded of the bin it installed, so that a hook run in this
 * process (from this package, not the recorded copy) is not refused as a changed verify-gates.
 */
export async function forgetInstall(root: string): Promise<void> {
  await rm(join((await openStore(root, process.env)).dir, INSTALL_RECORD));
}
