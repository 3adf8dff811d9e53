// Where the corpus lives on this machine (never in the repository): clones and their installs under
// CORPUS_CACHE (~/.cache/agent-verify-corpus), cloned from the snapshot the `fetch` tool leaves
// under CORPUS_MIRROR (/work/.mirror/<owner>+<name>/repo); a pnpm of the version a repository pins
// under tools/; a state folder per repository (VERIFY_STATE_DIR); the raw reports under reports/.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

export const CACHE = process.env.CORPUS_CACHE ?? join(homedir(), ".cache", "agent-verify-corpus");
const MIRROR = process.env.CORPUS_MIRROR ?? "/work/.mirror";
const TIMEOUT_MS = Number(process.env.CORPUS_TIMEOUT_S ?? 1200) * 1000;

export const repoDir = (repo) => join(CACHE, "repos", repo.source.replace("/", "+"));
export const stateDir = (repo, kind) => join(CACHE, "state", repo.name, kind);

/** PATH with the repository's own bins first, then the pnpm it pins. */
export function envFor(repo, extra = {}) {
  const dir = repoDir(repo);
  const paths = [join(dir, "node_modules", ".bin")];
  if (repo.pnpm) paths.push(join(CACHE, "tools", `pnpm@${repo.pnpm}`, "node_modules", ".bin"));
  const env = {
    ...process.env,
    PATH: [...paths, process.env.PATH].join(":"),
    CI: "1",
    // the pnpm named above, not the one a manifest's packageManager would download
    npm_config_manage_package_manager_versions: "false",
  };
  delete env.BASE;
  delete env.NODE_OPTIONS;
  delete env.npm_config_user_agent;
  return { ...env, ...extra };
}

/** A shell command in the repository: exit code, output (both streams), wall ms. Never throws. */
export function sh(repo, command, { env = envFor(repo), input, timeout = TIMEOUT_MS } = {}) {
  const started = performance.now();
  const result = spawnSync("bash", ["-c", command], {
    cwd: repoDir(repo),
    env,
    input,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    timeout,
    killSignal: "SIGTERM",
  });
  const ms = Math.round(performance.now() - started);
  const out = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  const code = result.status ?? (result.error ? 124 : 128);
  const text = result.error ? `${out}\n${result.error.message}` : out;
  return { code, out: text, stdout: result.stdout ?? "", ms };
}

export function git(repo, ...args) {
  const result = spawnSync(
    "git",
    ["-c", "user.email=corpus@bench", "-c", "user.name=corpus", ...args],
    { cwd: repoDir(repo), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0)
    throw new Error(`git ${args.join(" ")} in ${repo.name}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/** The clone, from the snapshot `fetch` brought; a missing snapshot says which to fetch. */
export function ensureClone(repo) {
  const dir = repoDir(repo);
  if (existsSync(join(dir, ".git"))) return;
  const mirror = join(MIRROR, repo.source.replace("/", "+"), "repo");
  if (!existsSync(mirror))
    throw new Error(`no snapshot of ${repo.source}: fetch github:${repo.source} first`);
  mkdirSync(dirname(dir), { recursive: true });
  const result = spawnSync("git", ["clone", "-q", mirror, dir], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git clone ${mirror}: ${result.stderr}`);
}

/** The tree at `commit`, with nothing of a previous run left in it (installs stay). */
export function checkout(repo, commit) {
  git(repo, "checkout", "-q", "-f", "--detach", commit);
  git(repo, "clean", "-fdq");
  rmSync(join(repoDir(repo), ".verify"), { recursive: true, force: true });
  if (repo.gatesYaml) {
    // .verify/ is removed above; a commit of ours put the config in the tree
    git(repo, "checkout", "-q", "-f", "--", ".");
  }
}

const KEY_FILE = (repo) => join(repoDir(repo), "node_modules", ".corpus-install-key");

/** What the install depends on: the lockfile, else every manifest's dependency lists. */
function installKey(repo) {
  const dir = repoDir(repo);
  const hash = createHash("sha256");
  if (repo.lockfile && existsSync(join(dir, repo.lockfile)))
    hash.update(readFileSync(join(dir, repo.lockfile)));
  const manifests = git(repo, "ls-files", "package.json", "**/package.json")
    .split("\n")
    .filter((f) => f && !f.includes("fixture") && !f.includes("node_modules"));
  for (const file of manifests) {
    try {
      const m = JSON.parse(readFileSync(join(dir, file), "utf8"));
      hash.update(
        JSON.stringify([file, m.dependencies, m.devDependencies, m.peerDependencies, m.workspaces]),
      );
    } catch {
      hash.update(file);
    }
  }
  return hash.digest("hex");
}

/** Install when what the install depends on changed since the last one; returns an error text or null. */
/**
 * The pnpm a repository pins, installed once under tools/ (envFor puts it on PATH first): without
 * it the machine's own pnpm ran the install, and a newer major refuses an older lockfile's build
 * scripts (ERR_PNPM_IGNORED_BUILDS) or rewrites its store. Null, or why it could not be had.
 */
function ensurePinnedPnpm(repo) {
  if (!repo.pnpm) return null;
  const dir = join(CACHE, "tools", `pnpm@${repo.pnpm}`);
  if (existsSync(join(dir, "node_modules", ".bin", "pnpm"))) return null;
  mkdirSync(dir, { recursive: true });
  const result = spawnSync(
    "npm",
    ["install", "--prefix", dir, "--no-audit", "--no-fund", `pnpm@${repo.pnpm}`],
    { encoding: "utf8", timeout: TIMEOUT_MS },
  );
  if (result.status === 0) return null;
  return `npm install pnpm@${repo.pnpm} failed: ${String(result.stderr ?? result.error).slice(-500)}`;
}

export function ensureInstall(repo, { force = false } = {}) {
  const pnpmError = ensurePinnedPnpm(repo);
  if (pnpmError) return pnpmError;
  const key = installKey(repo);
  if (!force && existsSync(KEY_FILE(repo)) && readFileSync(KEY_FILE(repo), "utf8") === key)
    return null;
  const result = sh(repo, repo.install);
  if (result.code !== 0) return `install failed (${repo.install}): ${result.out.slice(-1500)}`;
  // an install may rewrite tracked files (a lockfile's format): they are not the change
  git(repo, "checkout", "-q", "-f", "--", ".");
  writeFileSync(KEY_FILE(repo), key);
  return null;
}

/**
 * `commit` with `.verify/gates.yaml` added for repositories that name their commands, as a commit
 * whose parent is `parent` (so base and change both hold the same config and the diff between
 * them is the upstream one). Without a config, `commit` itself.
 */
export function withConfig(repo, commit, parent) {
  if (!repo.gatesYaml) return commit;
  const dir = repoDir(repo);
  const index = join(dir, ".git", "corpus-index");
  const env = { ...process.env, GIT_INDEX_FILE: index };
  const run = (args, input) => {
    const result = spawnSync(
      "git",
      ["-c", "user.email=corpus@bench", "-c", "user.name=corpus", ...args],
      { cwd: dir, env, input, encoding: "utf8" },
    );
    if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
    return result.stdout.trim();
  };
  run(["read-tree", commit]);
  const blob = run(["hash-object", "-w", "--stdin"], repo.gatesYaml);
  run(["update-index", "--add", "--cacheinfo", `100644,${blob},.verify/gates.yaml`]);
  const tree = run(["write-tree"]);
  rmSync(index, { force: true });
  return run([
    "commit-tree",
    tree,
    ...(parent ? ["-p", parent] : []),
    "-m",
    `corpus: ${commit.slice(0, 10)} with .verify/gates.yaml`,
  ]);
}

/** Write a report file under the run's folder. */
export function keep(reportDir, name, text) {
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(join(reportDir, name), text);
}
