import { createHash } from "node:crypto";
import { readFile, writeFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { GatesConfig, StampInputs } from "@agent-verify/contract";
import type { Change } from "./diff/change.js";
import { NODE_TOOLS, packageVersion } from "./tools/command.js";
import type { GateTestCase } from "./tools/vitest.js";

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

export async function readStamp(root: string): Promise<Stamp | undefined> {
  const text = await readFile(join(root, STAMP_PATH), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  const [hash = "", details] = text.split("\n");
  return { hash: hash.trim(), tests: readTests(details?.trim()) };
}

export async function writeStamp(root: string, stamp: Stamp): Promise<void> {
  await mkdir(join(root, ".verify"), { recursive: true });
  const details = stamp.tests === undefined ? "" : `${JSON.stringify({ tests: stamp.tests })}\n`;
  await writeFile(join(root, STAMP_PATH), `${stamp.hash}\n${details}`);
}
