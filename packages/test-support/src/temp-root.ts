import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A vitest globalSetup: the run's test processes, and everything they start (runners,
 * browsers, git, the gates' tools), put their temp files in one folder, removed when the run
 * ends. Before, each full run left ~1000 folders in /tmp (fixture repos, Chromium profiles of
 * killed browsers, test projects). Workers are started after this runs, so they inherit it.
 */
export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const root = mkdtempSync(join(tmpdir(), "agent-verify-tests-"));
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true });
  };
}
