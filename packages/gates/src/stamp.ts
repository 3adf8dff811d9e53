import { createHash } from "node:crypto";
import { mkdir, readFile, realpath, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { GatesConfig, StampInputs } from "@agent-verify/contract";
import type { Change } from "./diff/change.js";
import { NODE_TOOLS, packageVersion } from "./tools/command.js";
import type { GateTestCase } from "./tools/vitest.js";

/** The stamp's visible copy in the working tree; the one that counts is signed in the state folder. */
export const STAMP_PATH = ".verify/green";
const LOCKFILES = ["pnpm-lock.yaml", "package-lock.json", "yarn.lock", "bun.lockb", "bun.lock"];

const sha = (text: string | Buffer) => createHash("sha256").update(text).digest("hex");

async function lockfileHash(root: string): Promise<string> {
  for (const name of LOCKFILES) {
    const content = await readFile(join(root, name)).catch(() => undefined);
    if (content) return `${name}:${sha(content)}`;
  }
  return "none";
}

export interface StampParts {
  root: string;
  version: string;
  working: GatesConfig;
  base: GatesConfig;
  settings: Record<string, unknown>;
  change: Change;
}

/** Everything that decides the verdict; any change to one of them means a new run. */
export async function stampInputs(parts: StampParts): Promise<StampInputs> {
  const tools: Record<string, string> = {};
  for (const name of [...Object.values(NODE_TOOLS), "@vitest/coverage-istanbul"])
    tools[name] = packageVersion(parts.root, name);
  return {
    gates_version: parts.version,
    config_working: sha(JSON.stringify(parts.working)),
    config_base: sha(JSON.stringify(parts.base)),
    settings: JSON.stringify(parts.settings),
    merge_base: parts.change.mergeBase,
    files: Object.fromEntries(parts.change.files.map((f) => [f.path, f.contentHash])),
    lockfile: await lockfileHash(parts.root),
    node: process.version,
    tools,
  };
}

export const stampHash = (inputs: StampInputs) => sha(JSON.stringify(inputs));

/** `.verify/green`: the hash on the first line, then what the green run found worth repeating. */
export interface Stamp {
  hash: string;
  /** The green run's test cases; undefined when it ran none through vitest (or wrote an older stamp). */
  tests: GateTestCase[] | undefined;
}

function isTestCase(value: unknown): value is GateTestCase {
  const test = value as Partial<GateTestCase> | null;
  return (
    typeof test === "object" &&
    test !== null &&
    (typeof test.file === "string" || test.file === null) &&
    typeof test.name === "string" &&
    (test.status === "passed" || test.status === "failed" || test.status === "skipped")
  );
}

/** Read on the stamp-hit path, so plain JSON and no zod; a second line that does not parse is ignored. */
function readTests(line: string | undefined): GateTestCase[] | undefined {
  if (!line) return undefined;
  try {
    const tests = (JSON.parse(line) as { tests?: unknown }).tests;
    if (!Array.isArray(tests) || !tests.every(isTestCase)) return undefined;
    return tests.map(({ file, name, status }) => ({ file, name, status }));
  } catch {
    return undefined;
  }
}

/** Where a working tree's stamp is kept: the repository's state folder, one file per tree. */
async function stampPath(root: string): Promise<string> {
  const real = await realpath(root).catch(() => root);
  return join("stamps", `${sha(real).slice(0, 24)}.json`);
}

/**
 * The stamp of the tree at `root`, from the state folder, signed: a `.verify/green` in the
 * working tree is only a visible copy and never read (anything there can be forged).
 */
export async function readStamp(root: string, env: NodeJS.ProcessEnv): Promise<Stamp | undefined> {
  const { openStore, readSigned } = await import("./state/signed-store.js");
  const read = await readSigned(await openStore(root, env), await stampPath(root));
  if (read.kind !== "ok") return undefined;
  const body = read.body as { hash?: unknown; tests?: unknown };
  if (typeof body.hash !== "string") return undefined;
  return { hash: body.hash, tests: readTests(JSON.stringify({ tests: body.tests })) };
}

export async function writeStamp(
  root: string,
  env: NodeJS.ProcessEnv,
  stamp: Stamp,
): Promise<void> {
  const { openStore, writeSigned } = await import("./state/signed-store.js");
  await writeSigned(await openStore(root, env), await stampPath(root), {
    hash: stamp.hash,
    ...(stamp.tests === undefined ? {} : { tests: stamp.tests }),
  });
  await mkdir(join(root, ".verify"), { recursive: true });
  const details = stamp.tests === undefined ? "" : `${JSON.stringify({ tests: stamp.tests })}\n`;
  await writeFile(join(root, STAMP_PATH), `${stamp.hash}\n${details}`);
}
