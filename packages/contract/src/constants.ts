// Zod-free constants, importable as `@agent-verify/contract/constants` by code on a
// hot start-up path (the runner's `--list`) that must not pay for loading zod and yaml.
import { join } from "node:path";

export const MANIFEST_PATH = join(".verify", "workflows.yaml");

export function manifestPath(dir: string): string {
  return join(dir, MANIFEST_PATH);
}

/** Exit code of a runner for each run status; contract 3 requires they agree. */
export const EXIT_CODE_BY_STATUS = { pass: 0, fail: 1, error: 2 } as const;
