import type { AgentLoop } from "@agent-verify/contract";
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
