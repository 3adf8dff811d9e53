import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A vitest globalSetup: the loop's state, stamps and oracle snapshots live in the user's state
 * folder; the tests (their workers and every bin they start inherit it) get their own, never
 * the real one.
 */
export default function setup(): () => void {
  const previous = process.env.VERIFY_STATE_DIR;
  const state = mkdtempSync(join(tmpdir(), "gates-state-"));
  process.env.VERIFY_STATE_DIR = state;
  return () => {
    if (previous === undefined) delete process.env.VERIFY_STATE_DIR;
    else process.env.VERIFY_STATE_DIR = previous;
    rmSync(state, { recursive: true, force: true });
  };
}
