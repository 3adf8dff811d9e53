// Reads the facts init guesses from: package.json, the lockfile, index.html folders.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { guessPackageManager, staticCandidates, type RepoFacts } from "./guess.js";
import { InitUsageError } from "./plan.js";
import type { RunnerModule } from "./templates.js";

interface PackageJson {
  scripts?: Record<string, unknown>;
  packageManager?: unknown;
  dependencies?: Record<string, unknown>;
  devDependencies?: Record<string, unknown>;
}

function readPackageJson(dir: string): PackageJson | undefined {
  const file = join(dir, "package.json");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null ? (value as PackageJson) : {};
  } catch (error) {
    throw new InitUsageError(`${file}: not valid JSON (${(error as Error).message})`);
  }
}

/**
 * The files next to the nearest lockfile, looking up from `dir` to the repository root
 * (a folder with .git) — a package inside a workspace shares its root's lockfile.
 */
function lockfileFolderEntries(dir: string): Set<string> {
  let folder = dir;
  for (;;) {
    const entries = new Set(safeList(folder));
    const hasLock = [...entries].some((name) =>
      /^(pnpm-lock\.yaml|yarn\.lock|bun\.lockb?|package-lock\.json|npm-shrinkwrap\.json)$/.test(
        name,
      ),
    );
    if (hasLock || entries.has(".git")) return entries;
    const parent = dirname(folder);
    if (parent === folder) return new Set(safeList(dir));
    folder = parent;
  }
}

function safeList(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

export function scanRepo(dir: string): RepoFacts {
  const pkg = readPackageJson(dir);
  const scripts: Record<string, string> = {};
  for (const [name, value] of Object.entries(pkg?.scripts ?? {})) {
    if (typeof value === "string") scripts[name] = value;
  }
  const field = typeof pkg?.packageManager === "string" ? pkg.packageManager : undefined;
  const indexDirs = new Set(
    staticCandidates().filter((folder) => existsSync(join(dir, folder, "index.html"))),
  );
  return { scripts, manager: guessPackageManager(lockfileFolderEntries(dir), field), indexDirs };
}

/** `--static DIR` as the manifest stores it: relative to the repo, and it must exist. */
export function staticDirFlag(dir: string, given: string): string {
  const absolute = resolve(dir, given);
  if (!existsSync(absolute)) {
    throw new InitUsageError(`--static ${given}: no such folder in ${dir}`);
  }
  return relative(dir, absolute) || ".";
}

/**
 * `agent-verify` when the app depends on it and not on @agent-verify/runner: under pnpm that
 * is the only name its flows can import.
 */
export function runnerModuleOf(dir: string): RunnerModule {
  const pkg = readPackageJson(dir);
  const deps = { ...pkg?.dependencies, ...pkg?.devDependencies };
  return "agent-verify" in deps && !("@agent-verify/runner" in deps)
    ? "agent-verify"
    : "@agent-verify/runner";
}
