// The packed tarballs published to the test registry exactly as they are (`npm publish
// <tarball>` sends that file), and what the registry then holds, read back from it.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { exec } from "./exec.js";
import type { Registry } from "./registry.js";

export interface Published {
  url: string;
  /** Local tarball paths by package name (what `pnpm pack` made and was published). */
  tarballs: Record<string, string>;
  /** The folder this run's registry keeps its files in (config, storage, npmrc). */
  dir: string;
}

export async function publishTarballs(
  registry: Registry,
  tarballs: Record<string, string>,
  dir: string,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const host = registry.url.replace(/^https?:/, "");
  const npmrc = join(dir, "publish.npmrc");
  mkdirSync(dir, { recursive: true });
  writeFileSync(npmrc, `registry=${registry.url}/\n${host}/:_authToken=${registry.token}\n`);
  // One `npm publish` per package, all at once: each is mostly npm starting up.
  const runs = await Promise.all(
    Object.entries(tarballs).map(async ([name, tarball]) => ({
      name,
      run: await exec(
        "npm",
        [
          "publish",
          tarball,
          "--userconfig",
          npmrc,
          "--registry",
          `${registry.url}/`,
          "--access",
          "public",
        ],
        { cwd: dir, env, timeoutMs: 120_000 },
      ),
    })),
  );
  for (const { name, run } of runs)
    if (run.code !== 0)
      throw new Error(`npm publish ${name} failed (exit ${run.code}):\n${run.stderr}`);
}

/** The packument of `name` (every version's manifest), from the registry. */
export async function packument(url: string, name: string): Promise<PackumentDoc> {
  const response = await fetch(`${url}/${name.replace("/", "%2f")}`);
  if (!response.ok) throw new Error(`GET ${name} from the registry: HTTP ${response.status}`);
  return (await response.json()) as PackumentDoc;
}

export interface VersionDoc {
  name: string;
  version: string;
  files?: string[];
  bin?: Record<string, string>;
  exports?: Record<string, unknown>;
  types?: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  dist: { tarball: string; integrity: string; fileCount?: number; unpackedSize?: number };
}

export interface PackumentDoc {
  "dist-tags": Record<string, string>;
  versions: Record<string, VersionDoc>;
}
