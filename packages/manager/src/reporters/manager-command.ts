import { existsSync } from "node:fs";
import { join } from "node:path";

/** How the project runs a bin it installed, by its lockfile. */
const LOCKFILES: ReadonlyArray<readonly [string, string]> = [
  ["pnpm-lock.yaml", "pnpm exec"],
  ["package-lock.json", "npx"],
  ["npm-shrinkwrap.json", "npx"],
  ["yarn.lock", "yarn"],
  ["bun.lock", "bunx"],
  ["bun.lockb", "bunx"],
];

/** The same, by the package manager that started this process (`npm_config_user_agent`). */
const AGENTS: ReadonlyArray<readonly [string, string]> = [
  ["pnpm/", "pnpm exec"],
  ["npm/", "npx"],
  ["yarn/", "yarn"],
  ["bun/", "bunx"],
];

/**
 * `verify-manager` as the user types it in this project: `npx verify-manager` in an npm
 * project (a local install is not on PATH), `pnpm exec verify-manager` in a pnpm one; the
 * project's lockfile first, else the package manager that ran us, else the bare name.
 */
export function managerCommand(projectDir: string, env: NodeJS.ProcessEnv): string {
  const byLock = LOCKFILES.find(([file]) => existsSync(join(projectDir, file)));
  const agent = env.npm_config_user_agent ?? "";
  const prefix = byLock?.[1] ?? AGENTS.find(([name]) => agent.startsWith(name))?.[1];
  return prefix === undefined ? "verify-manager" : `${prefix} verify-manager`;
}
