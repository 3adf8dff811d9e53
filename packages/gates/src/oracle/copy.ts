import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { isPresent, type Change } from "../diff/change.js";
import { gitTry } from "../git.js";
import { openBaseWorktree } from "../diff/worktree.js";
import { isTestFile } from "../catalogue/test-files.js";
import { fileTestDefinitions } from "../test-count.js";
import type { Task } from "../task/task-file.js";
import { declaredTestChanges } from "../task/task-tests.js";
import { oracleKind } from "../catalogue/oracle-kinds.js";
import type { Oracle } from "./oracle.js";

/** What the copy reads of a run: its tree, change and task (context.ts sits above the oracle). */
interface CopyContext {
  root: string;
  change: Change;
  task: Task | undefined;
}

/** The prefix of every copy's folder; `<prefix><pid>-…` lets a later run sweep a dead run's copy. */
const PREFIX = "verify-gates-base-";

/** A test file of the change that also runs beside the oracle's version of it, under this infix. */
export const CHANGE_INFIX = ".gates-change";

export interface OracleCopy {
  /** The copy: the change's tree with the oracle's tests, test configs and scripts over it. */
  dir: string;
  /** Copy path of a test file the change rewrote → the repository path it stands for. */
  aliases: ReadonlyMap<string, string>;
  /** Oracle test files the change modified, deleted or moved: they run as the oracle has them. */
  restored: string[];
  /** Oracle test files moved whole (every test lives on in a file the change adds): not restored. */
  moved: string[];
  /** Oracle test files the task declares it changes (`## TESTS`, `action: modify`, no test name): they run as the change has them. */
  declared: string[];
  dispose: () => Promise<void>;
}

/** vitest's and jest's snapshot file of a test file: `a/__snapshots__/b.test.ts.snap`. */
const snapshotOf = (path: string) => join(dirname(path), "__snapshots__", `${basename(path)}.snap`);

/** The change's snapshots of a test file, for its alias: a runner in CI mode writes none, so it would fail. */
async function carrySnapshots(dir: string, path: string, alias: string): Promise<void> {
  const snapshots = await readFile(join(dir, snapshotOf(path))).catch(() => undefined);
  if (snapshots !== undefined) await put(dir, snapshotOf(alias), snapshots);
}

/** `a/b.test.ts` → `a/b.gates-change.test.ts`: the change's version, beside the oracle's. */
export function changeAlias(path: string): string {
  const name = basename(path);
  const at = name.search(/\.(?:test|spec)\.[cm]?[jt]sx?$/);
  const aliased =
    at < 0 ? `${name}${CHANGE_INFIX}` : `${name.slice(0, at)}${CHANGE_INFIX}${name.slice(at)}`;
  return join(dirname(path), aliased);
}

async function put(dir: string, path: string, text: string | Buffer): Promise<void> {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), text);
}

/** A dead run's copies (its pid gone) in the temp folder: removed, and git told. */
async function sweepStale(root: string): Promise<void> {
  const names = await readdir(tmpdir()).catch(() => [] as string[]);
  let swept = false;
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    const pid = Number(name.slice(PREFIX.length).split("-")[0]);
    if (!Number.isInteger(pid) || pid <= 0 || alive(pid)) continue;
    await rm(join(tmpdir(), name), { recursive: true, force: true });
    swept = true;
  }
  if (swept) await gitTry(root, ["worktree", "prune"]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const IMPORT_LINE =
  /^\s*(?:import\b.*|export\s+.*\bfrom\b.*|.*\brequire\(\s*["'][^"']+["']\s*\).*)$/;

/** A file's text without its import lines (and blank lines), to tell an import-only edit. */
const withoutImports = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.trim() !== "" && !IMPORT_LINE.test(line))
    .join("\n");

/** A test's source, whitespace aside: what "the same test" means when a file moves. */
async function testBodies(path: string, text: string): Promise<string[]> {
  const lines = text.split("\n");
  return (await fileTestDefinitions(path, text)).map((test) =>
    lines
      .slice(test.line - 1, test.endLine)
      .join("\n")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

/** The tests (by source) of every test file the change adds, tracked or not. */
async function addedTestNames(ctx: CopyContext): Promise<Set<string>> {
  const bodies = new Set<string>();
  for (const file of ctx.change.files) {
    const added =
      file.status === "added" || file.status === "untracked" || file.status === "renamed";
    if (!added || !isTestFile(file.path)) continue;
    const text = await readFile(join(ctx.root, file.path), "utf8").catch(() => "");
    for (const body of await testBodies(file.path, text)) bodies.add(body);
  }
  return bodies;
}

/** Every test of the oracle's file lives on, unchanged, in a test file the change adds. */
async function movedWhole(
  path: string,
  text: string,
  added: ReadonlySet<string>,
): Promise<boolean> {
  const bodies = await testBodies(path, text);
  return bodies.length > 0 && bodies.every((body) => added.has(body));
}

/** package.json with the oracle's scripts (and test-runner keys) over the change's. */
function withOracleScripts(working: string, oracle: string | undefined): string {
  if (oracle === undefined) return working;
  try {
    const pkg = JSON.parse(working) as Record<string, unknown>;
    const frozen = JSON.parse(oracle) as Record<string, unknown>;
    pkg.scripts = { ...(pkg.scripts as object), ...(frozen.scripts as object) };
    for (const key of ["jest", "vitest", "ava", "mocha", "c8", "nyc"]) {
      if (key in frozen) pkg[key] = frozen[key];
      else delete pkg[key];
    }
    return `${JSON.stringify(pkg, null, 2)}\n`;
  } catch {
    return oracle;
  }
}

/** Ignored entries never carried into the copy: installs (linked instead), caches, reports. */
const NOT_CARRIED =
  /(?:^|\/)(?:node_modules|\.git|\.verify|coverage|\.turbo|\.cache|\.nyc_output)(?:\/|$)/;

/**
 * What the working tree has that git ignores — build outputs (`dist/`, a generated file), a
 * local `.env` — copied in: tests that run a built bin or read a generated file see what they
 * see in the working tree. Installs are linked (openBaseWorktree), caches and reports left out.
 */
async function carryIgnored(root: string, dir: string): Promise<void> {
  const listed = await gitTry(root, [
    "ls-files",
    "--others",
    "--ignored",
    "--exclude-standard",
    "--directory",
    "-z",
  ]);
  if (!listed.ok) return;
  for (const entry of listed.stdout.split("\0")) {
    const path = entry.replace(/\/$/, "");
    if (path === "" || NOT_CARRIED.test(path)) continue;
    if (existsSync(join(dir, path))) continue;
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await cp(join(root, path), join(dir, path), { recursive: true, verbatimSymlinks: true });
  }
}

/**
 * The tree the tests run in: a temporary worktree of the merge base, the change's files copied
 * over it (the user's files are never touched), then the oracle laid over that: its test files
 * as they were (a test the change rewrote also runs in the change's version, beside it, so its new
 * cases count), its test-runner configs, and its package.json scripts.
 */
export async function openOracleCopy(ctx: CopyContext, oracle: Oracle): Promise<OracleCopy> {
  await sweepStale(ctx.root);
  const base = await openBaseWorktree(ctx.root, ctx.change.mergeBase, `${PREFIX}${process.pid}-`);
  const { dir } = base;
  const aliases = new Map<string, string>();
  const restored: string[] = [];
  const moved: string[] = [];
  const declaredFiles = new Set(
    declaredTestChanges(ctx.task)
      .filter((d) => d.test === undefined)
      .map((d) => d.path),
  );
  try {
    for (const file of ctx.change.files) {
      if (file.oldPath !== undefined) await rm(join(dir, file.oldPath), { force: true });
      if (!isPresent(file)) {
        await rm(join(dir, file.path), { force: true });
        continue;
      }
      await put(dir, file.path, await readFile(join(ctx.root, file.path)));
    }
    await carryIgnored(ctx.root, dir);
    const movedNames = await addedTestNames(ctx);
    // Every oracle test file is compared with the copy's: read them in one go.
    await oracle.readMany(oracle.paths());
    for (const path of oracle.paths("test")) {
      // A test file the task changes on purpose runs as the change has it (and is listed).
      if (declaredFiles.has(path)) continue;
      const text = (await oracle.read(path)) ?? "";
      const there = existsSync(join(dir, path))
        ? await readFile(join(dir, path), "utf8")
        : undefined;
      if (there === text) continue;
      // A refactor that only re-points imports (a module renamed) keeps the test as it was.
      if (there !== undefined && withoutImports(there) === withoutImports(text)) continue;
      // A test file moved whole: its tests live on under the new name.
      if (there === undefined && (await movedWhole(path, text, movedNames))) {
        moved.push(path);
        continue;
      }
      restored.push(path);
      if (there !== undefined) {
        const alias = changeAlias(path);
        await put(dir, alias, there);
        await carrySnapshots(dir, path, alias);
        aliases.set(alias, path);
      }
      await put(dir, path, text);
    }
    const configs = oracle.paths("test-config");
    for (const path of configs) {
      const text = await oracle.read(path);
      if (text !== undefined) await put(dir, path, text);
    }
    // A runner config the change adds beside the oracle's would win over it (vitest.config.* over
    // vite.config.*, a new workspace file): the oracle's decides.
    const configDirs = new Set(configs.map((path) => dirname(path)));
    for (const file of ctx.change.files) {
      if (!isPresent(file) || oracle.files.has(file.path)) continue;
      if (oracleKind(file.path) === "test-config" && configDirs.has(dirname(file.path)))
        await rm(join(dir, file.path), { force: true });
    }
    for (const path of oracle.paths("package")) {
      const working = join(ctx.root, path);
      const frozen = await oracle.read(path);
      if (existsSync(working))
        await put(dir, path, withOracleScripts(await readFile(working, "utf8"), frozen));
      else if (frozen !== undefined) await put(dir, path, frozen);
    }
  } catch (error) {
    await base.dispose();
    throw error;
  }
  return { dir, aliases, restored, moved, declared: [...declaredFiles], dispose: base.dispose };
}
