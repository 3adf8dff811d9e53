import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { exec } from "./exec.js";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
/** The published packages, by npm name (scripts/pack.mjs packs each). */
export const PACKAGES = [
  "@agent-verify/contract",
  "@agent-verify/runner",
  "@agent-verify/manager",
  "@agent-verify/gates",
  "agent-verify",
] as const;

export interface Packed {
  /** Absolute tarball paths by package name. */
  tarballs: Record<string, string>;
  durationMs: number;
}

/**
 * `pnpm run pack` from the repository root, every time: it rebuilds what changed (turbo's
 * cache makes an unchanged build cheap) and rewrites dist-packages/, so the test never
 * installs a tarball older than the sources.
 */
export async function packTarballs(env: NodeJS.ProcessEnv): Promise<Packed> {
  const run = await exec("pnpm", ["run", "pack"], { cwd: REPO_ROOT, env, timeoutMs: 240_000 });
  if (run.code !== 0) throw new Error(`pnpm run pack failed (exit ${run.code}):\n${run.stderr}`);
  const folder = join(REPO_ROOT, "dist-packages");
  const byName = JSON.parse(readFileSync(join(folder, "packages.json"), "utf8")) as Record<
    string,
    string
  >;
  const tarballs: Record<string, string> = {};
  for (const name of PACKAGES) {
    const file = byName[name];
    if (!file) throw new Error(`dist-packages/packages.json has no ${name}`);
    tarballs[name] = join(folder, file);
  }
  return { tarballs, durationMs: run.durationMs };
}
