/** Claude Code ends a turn itself after this many consecutive blocked stops (2.1.143 and later). */
export const AGENT_BLOCK_CAP_DEFAULT = 8;

/** The agent's cap on consecutive blocks: `CLAUDE_CODE_STOP_HOOK_BLOCK_CAP` (0 = none), else 8. */
export function agentBlockCap(env: NodeJS.ProcessEnv): number {
  const raw = env.CLAUDE_CODE_STOP_HOOK_BLOCK_CAP?.trim();
  if (raw === undefined || raw === "") return AGENT_BLOCK_CAP_DEFAULT;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : AGENT_BLOCK_CAP_DEFAULT;
}
