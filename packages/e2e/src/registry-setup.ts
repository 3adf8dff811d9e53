// vitest globalSetup: one registry and one publish for the whole e2e run, shared by every
// test file that installs by name (inject("published")); stopped at the end whatever the
// tests did, and the run fails if Verdaccio outlives it.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { packTarballs } from "./pack.js";
import { publishTarballs, type Published } from "./publish.js";
import { startRegistry } from "./registry.js";

declare module "vitest" {
  export interface ProvidedContext {
    published: Published;
  }
}

/** A user's shell: none of the settings turbo and pnpm hand to the test process. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env))
    if (/^(TURBO_|npm_|PNPM_|VITEST|NODE_OPTIONS$)/.test(key)) delete env[key];
  return env;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  const env = cleanEnv();
  const upstream = process.env.npm_config_registry || "https://registry.npmjs.org/";
  const packed = await packTarballs(env);
  const dir = mkdtempSync(join(tmpdir(), "agent-verify-registry-"));
  const registry = await startRegistry(dir, upstream, env);
  try {
    await publishTarballs(registry, packed.tarballs, dir, env);
  } catch (error) {
    await registry.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  process.stderr.write(
    `[e2e] registry ${registry.url} (pid ${registry.pid}): packed and published ${Object.keys(packed.tarballs).length} packages in ${Math.round(performance.now() - started)} ms\n`,
  );
  project.provide("published", { url: registry.url, tarballs: packed.tarballs, dir });
  return async () => {
    await registry.stop();
    rmSync(dir, { recursive: true, force: true });
    if (existsSync(`/proc/${registry.pid}`))
      throw new Error(`verdaccio (pid ${registry.pid}) is still running after the e2e run`);
  };
}
