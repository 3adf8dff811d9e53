import { createHash } from "node:crypto";
import {
  copyFile,
  mkdir,
  readdir,
  readFile,
  realpath,
  rename,
  rm,
  symlink,
} from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { hashPackages } from "../cheats/tool-record.js";
import { packageClosure, resolvePackage } from "../cheats/tool-files.js";
import { RUNTIME_PACKAGES } from "./runtime-packages.js";
import { readSigned, writeSigned, type SignedStore } from "../state/signed-store.js";

/** What `loop install` recorded of the verify-gates it installed, signed in the state folder. */
export interface InstallRecord {
  schema_version: 1;
  /** The absolute path of the bin the hook command runs: the copy's, in the state folder. */
  bin: string;
  /**
   * The folder the hook runs verify-gates from: a copy of the installed package in the state
   * folder (`bin/<digest>/`), out of the working tree's reach; every file of it that runs (bin/,
   * dist/, package.json) with its sha256.
   */
  package_dir: string;
  /** The installed package the copy was made from (in a user's repository: its node_modules). */
  source_dir?: string;
  /** The copy's digest (sha256 of its files' list and hashes): the name of its folder. */
  digest?: string;
  files: Record<string, string>;
  /**
   * The packages it loads at run time (runtime-packages.ts) and theirs, as they resolve from the
   * package folder: `name@version` → path inside the package → sha256. Absent in a record written
   * before it was kept (such a record checks verify-gates' own files only).
   */
  runtime?: Record<string, Record<string, string>>;
  installed_at: string;
}

export const INSTALL_RECORD = "install.json";
const RUNS = ["bin", "dist", "package.json"];

/** This package's folder (two levels above this module, in dist/ and in src/ alike). */
export async function packageDir(): Promise<string> {
  const here = fileURLToPath(new URL("../..", import.meta.url));
  return realpath(here).catch(() => resolve(here));
}

async function filesUnder(dir: string, rel: string, out: string[]): Promise<void> {
  const entries = await readdir(join(dir, rel), { withFileTypes: true }).catch(() => undefined);
  if (entries === undefined) {
    out.push(rel);
    return;
  }
  for (const entry of entries) {
    const path = join(rel, entry.name);
    if (entry.isDirectory()) await filesUnder(dir, path, out);
    else if (!entry.name.endsWith(".map")) out.push(path);
  }
}

/** Every file of the package that runs, with its content hash (a missing one hashes to "missing"). */
export async function packageFiles(dir: string): Promise<Record<string, string>> {
  const paths: string[] = [];
  for (const top of RUNS) await filesUnder(dir, top, paths);
  const files: Record<string, string> = {};
  for (const path of paths.sort()) {
    const data = await readFile(join(dir, path)).catch(() => undefined);
    files[path] = data ? createHash("sha256").update(data).digest("hex") : "missing";
  }
  return files;
}

/** The files of every package verify-gates in `dir` loads at run time, by `name@version`. */
async function runtimeFiles(
  dir: string,
  store: SignedStore,
): Promise<Record<string, Record<string, string>>> {
  const starts = RUNTIME_PACKAGES.map((name) => resolvePackage(dir, name)).filter(
    (found): found is string => found !== undefined,
  );
  const out: Record<string, Record<string, string>> = {};
  for (const { pkg, files } of await hashPackages(packageClosure(starts), store))
    out[`${pkg.name}@${pkg.version}`] ??= files;
  return out;
}

/** Where the copies of verify-gates the hooks run are kept, in the state folder. */
export const BIN_COPIES = "bin";
/** What a copy links to where verify-gates is installed: the packages it loads at run time. */
const LINKED = [...RUNTIME_PACKAGES, "@agent-verify/contract"];

/** A copy's digest: its files' paths and hashes. */
export const bundleDigest = (files: Record<string, string>) =>
  createHash("sha256")
    .update(JSON.stringify(Object.entries(files).sort()))
    .digest("hex");

const sameFiles = (a: Record<string, string>, b: Record<string, string>) =>
  firstDifference(a, b) === undefined;

/**
 * Copy the package at `source` (bin/, dist/, package.json) into the state folder as
 * `bin/<digest>/`, whole or not at all; an intact copy of the same digest is kept. The packages
 * it loads at run time are linked where they are installed: the hook checks them against the
 * record before it loads them.
 */
async function copyPackage(
  store: SignedStore,
  source: string,
): Promise<{ dir: string; digest: string; files: Record<string, string> }> {
  const files = await packageFiles(source);
  const digest = bundleDigest(files);
  const dest = join(store.dir, BIN_COPIES, digest);
  if (!sameFiles(files, await packageFiles(dest))) {
    const temp = `${dest}.${process.pid}.tmp`;
    await rm(temp, { recursive: true, force: true });
    for (const [path, hash] of Object.entries(files)) {
      if (hash === "missing") continue;
      await mkdir(dirname(join(temp, path)), { recursive: true });
      await copyFile(join(source, path), join(temp, path));
    }
    for (const name of LINKED) {
      const found = resolvePackage(source, name);
      if (found === undefined) continue;
      await mkdir(dirname(join(temp, "node_modules", name)), { recursive: true });
      await symlink(found, join(temp, "node_modules", name), "dir");
    }
    await rm(dest, { recursive: true, force: true });
    await rename(temp, dest);
  }
  return { dir: await realpath(dest), digest, files };
}

export async function recordInstall(store: SignedStore, now: Date): Promise<InstallRecord> {
  const source = await packageDir();
  const copy = await copyPackage(store, source);
  const record: InstallRecord = {
    schema_version: 1,
    bin: join(copy.dir, "bin", "verify-gates.js"),
    package_dir: copy.dir,
    source_dir: source,
    digest: copy.digest,
    files: copy.files,
    runtime: await runtimeFiles(copy.dir, store),
    installed_at: now.toISOString(),
  };
  await writeSigned(store, INSTALL_RECORD, record);
  return record;
}

/** The first file not as recorded, as `[path, what]` (`changed`, `was removed`, `was added`). */
function firstDifference(
  recorded: Record<string, string>,
  now: Record<string, string>,
): [path: string, what: string] | undefined {
  for (const [path, hash] of Object.entries(recorded))
    if (now[path] !== hash) return [path, now[path] === undefined ? "was removed" : "changed"];
  for (const path of Object.keys(now)) if (recorded[path] === undefined) return [path, "was added"];
  return undefined;
}

/**
 * Undefined when the verify-gates running now is the one `loop install` recorded, unchanged;
 * else why not. No record (a loop armed without `loop install`) is not checked.
 */
export async function checkInstall(store: SignedStore): Promise<string | undefined> {
  const read = await readSigned(store, INSTALL_RECORD);
  if (read.kind === "absent") return undefined;
  if (read.kind === "forged")
    return `the record of the installed verify-gates (${join(store.dir, INSTALL_RECORD)}) ${read.why}`;
  const record = read.body as InstallRecord;
  const dir = await packageDir();
  if (dir !== record.package_dir)
    return `the hook ran verify-gates from ${dir}, not the one loop install recorded (${record.package_dir})`;
  const files = await packageFiles(dir);
  // The copy's folder is named by its digest: a copy that does not match it is not run on.
  if (record.digest !== undefined && bundleDigest(files) !== record.digest)
    return `the copy of verify-gates the hooks run (${dir}) does not match its digest ${record.digest}: ${firstDifference(record.files, files)?.join(" ") ?? "its files differ"}; run verify-gates loop install again`;
  const own = firstDifference(record.files, files);
  const changed =
    own?.join(" ") ??
    (record.runtime === undefined
      ? undefined
      : runtimeDifference(record.runtime, await runtimeFiles(dir, store)));
  if (changed === undefined) return undefined;
  return `the installed verify-gates was changed since loop install: ${changed} in ${dir}; reinstall it and run verify-gates loop install again`;
}

/** The first package or file verify-gates loads at run time that is not as recorded. */
function runtimeDifference(
  recorded: Record<string, Record<string, string>>,
  now: Record<string, Record<string, string>>,
): string | undefined {
  const nameOf = (key: string) => key.slice(0, key.lastIndexOf("@"));
  for (const [key, files] of Object.entries(recorded)) {
    const have = now[key];
    if (have === undefined) {
      const other = Object.keys(now).find((k) => nameOf(k) === nameOf(key));
      return other === undefined
        ? `${key}, a package it loads, is no longer installed`
        : `${other} is installed where it loaded ${key}`;
    }
    const file = firstDifference(files, have);
    if (file !== undefined) return `${file[0]} of ${key} ${file[1]}`;
  }
  for (const key of Object.keys(now))
    if (recorded[key] === undefined) return `${key}, a package it loads, was added`;
  return undefined;
}
