import { existsSync, realpathSync, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import type { GatesContext } from "../context.js";
import { GatesError, GatesErrorCode } from "../errors.js";
import { isTestFile } from "../catalogue/test-files.js";

/** A held-out test file: where it lives, and the path it runs under in gates' copy. */
export interface HeldOutFile {
  source: string;
  /** Copy-relative path: its place in the repository layout, with `.held-out` before `.test.`. */
  path: string;
}

const HELD_INFIX = ".held-out";

/** `src/price.test.ts` → `src/price.held-out.test.ts`: never the name of a file of the tree. */
export function heldOutAlias(path: string): string {
  const name = basename(path);
  const at = name.search(/\.(?:test|spec)\.[cm]?[jt]sx?$/);
  const aliased =
    at < 0 ? `${name}${HELD_INFIX}` : `${name.slice(0, at)}${HELD_INFIX}${name.slice(at)}`;
  return join(dirname(path), aliased).split("\\").join("/");
}

const real = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
};

function inside(root: string, path: string): boolean {
  const rel = relative(real(root), real(path));
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/** Every held-out path gates was given: `--held-out`, the task's `## HELD-OUT`, `tests.held_out`. */
export function heldOutRoots(ctx: GatesContext): Array<{ path: string; from: string }> {
  const configured = ctx.config.tests.held_out;
  const fromConfig =
    configured === undefined ? [] : typeof configured === "string" ? [configured] : configured;
  return [
    ...ctx.heldOut.map((path) => ({ path: resolve(path), from: "--held-out" })),
    ...(ctx.task?.heldOut ?? []).map((path) => ({ path, from: `${ctx.task?.file} ## HELD-OUT` })),
    ...fromConfig.map((path) => ({
      path: resolve(ctx.root, path),
      from: "tests.held_out in .verify/gates.yaml",
    })),
  ];
}

async function testFilesUnder(dir: string, rel = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(dir, rel), { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
    if (entry.isDirectory()) out.push(...(await testFilesUnder(dir, path)));
    else if (isTestFile(path)) out.push(path);
  }
  return out;
}

/**
 * The held-out test files: each root must exist and lie outside the working tree (a test the
 * agent can read is not held out). A folder is laid out like the repository; a single file
 * runs at the repository's root.
 */
export async function heldOutFiles(ctx: GatesContext): Promise<HeldOutFile[]> {
  const files = new Map<string, HeldOutFile>();
  for (const { path, from } of heldOutRoots(ctx)) {
    const bad = (why: string) =>
      new GatesError(GatesErrorCode.ConfigInvalid, `${from}: ${path} ${why}`, {
        hint: "name a folder of test files outside the repository (laid out like it)",
      });
    if (!existsSync(path)) throw bad("does not exist");
    if (inside(ctx.root, path))
      throw bad("is inside the working tree, where the agent can read it");
    const listed = statSync(path).isDirectory()
      ? (await testFilesUnder(path)).map((rel) => ({ source: join(path, rel), rel }))
      : [{ source: path, rel: basename(path) }];
    if (listed.length === 0) throw bad("holds no test file (*.test.* or *.spec.*)");
    for (const { source, rel } of listed) {
      const alias = heldOutAlias(rel);
      files.set(alias, { source, path: alias });
    }
  }
  return [...files.values()];
}
