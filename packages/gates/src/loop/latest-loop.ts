import { existsSync } from "node:fs";
import { join } from "node:path";
import type { AgentLoop, AgentLoopBrief } from "@agent-verify/contract";
import { repoStateDir } from "../state/store.js";
import { LOOP_DIR, listLoops } from "./loop-file.js";
import { openStore } from "../state/signed-store.js";

/**
 * The latest main-agent loop of the working tree at `root` (by `started_at`, then `updated_at`),
 * briefly; linked worktrees share the state folder, so another tree's loops are left out.
 */
export function latestLoopBrief(
  loops: readonly AgentLoop[],
  root: string,
): AgentLoopBrief | undefined {
  const main = loops.filter(
    (l) => l.agent_id === undefined && (l.root === undefined || l.root === root),
  );
  const latest = main.sort((a, b) =>
    a.started_at === b.started_at
      ? a.updated_at.localeCompare(b.updated_at)
      : a.started_at.localeCompare(b.started_at),
  )[main.length - 1];
  if (latest === undefined) return undefined;
  return {
    session_id: latest.session_id,
    state: latest.state ?? "active",
    started_at: latest.started_at,
    ended_at: latest.ended_at ?? null,
    ended_by: latest.ended_by ?? null,
    reason: latest.end_reason ?? null,
    last_summary: latest.last_summary ?? null,
    ...(latest.ticket ? { ticket: latest.ticket } : {}),
  };
}

/**
 * The repository's latest agent loop, for the gates report's `agent_loop` (the manager reads it).
 * Read only: no loop folder, no key is made; a store that cannot be used reports no loop.
 */
export async function latestLoop(
  root: string,
  env: NodeJS.ProcessEnv,
): Promise<AgentLoopBrief | undefined> {
  try {
    if (!existsSync(join(await repoStateDir(root, env), LOOP_DIR))) return undefined;
    return latestLoopBrief(await listLoops(await openStore(root, env)), root);
  } catch {
    return undefined;
  }
}
