import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";

/**
 * The per-user state folder, outside every working tree: `VERIFY_STATE_DIR`, else
 * `$XDG_STATE_HOME/agent-verify`, else `~/.local/state/agent-verify`. It holds the manager's key
 * that signs the verify log and its per-ticket locks, and the runner's compiled flows.
 */
export function stateDir(env: NodeJS.ProcessEnv): string {
  const explicit = env.VERIFY_STATE_DIR;
  if (explicit) return resolve(explicit);
  const xdg = env.XDG_STATE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, "agent-verify");
  return join(env.HOME || homedir(), ".local", "state", "agent-verify");
}
