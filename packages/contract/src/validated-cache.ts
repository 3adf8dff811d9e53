// Zod-free: `@agent-verify/contract/validated-cache`. Tools on a hot start-up path
// (the runner's `--list`, a gates stamp hit) must answer in less time than loading
// zod and yaml takes. A config already validated is kept as JSON, keyed by its raw
// text and by the contract code that validated it (like ESLint's --cache), so an
// unchanged file is read without either library. Errors are never cached.
//
// The cache decides what a gate enforces (a gates config read from it is never validated
// again), so it lives in the user's state folder, never in the project: an agent that can
// write the working tree (node_modules/.cache included) cannot plant a config under the
// name an unchanged file's text hashes to.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stateDir } from "./state-dir.js";

export interface CachedParseOptions<T> {
  /** What is cached, for the file name: "manifest", "gates-config". */
  kind: string;
  /** The raw text (undefined: no file, which has a meaning of its own, e.g. defaults). */
  text: string | undefined;
  /** Compiled contract modules whose code decides validity, e.g. ["manifest.js"]. */
  validators: readonly string[];
  /** The slow path: parse and validate `text` (throws on invalid input). */
  parse: () => T | Promise<T>;
}

const fingerprints = new Map<string, string>();

/**
 * Set by a CLI bundle (scripts/lib/bundle-cli.mjs) to a hash of the contract code it bundled:
 * that code, not the files beside it, is what validates, and reading them costs a package
 * resolution on the start-up path. Undefined when this module runs as itself.
 */
declare const __AGENT_VERIFY_CONTRACT_BUILD__: string | undefined;
const bundledContract =
  typeof __AGENT_VERIFY_CONTRACT_BUILD__ === "string" ? __AGENT_VERIFY_CONTRACT_BUILD__ : undefined;

function fingerprint(validators: readonly string[]): string {
  if (bundledContract !== undefined) return bundledContract;
  const files = [
    ...validators,
    "yaml-config.js",
    "yaml-limits.js",
    "names.js",
    "constants.js",
    "errors.js",
  ];
  const key = files.join(",");
  let value = fingerprints.get(key);
  if (value === undefined) {
    const folder = dirname(fileURLToPath(import.meta.url));
    value = files.map((file) => readOrName(join(folder, file), file)).join("\0");
    fingerprints.set(key, value);
  }
  return value;
}

function readOrName(path: string, name: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return name;
  }
}

/** `<state>/validated/`: per user, outside every working tree (VERIFY_STATE_DIR honoured). */
export function validatedCacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  return join(stateDir(env), "validated");
}

/** `parse()`'s result, from the cache when the same text was validated by the same code before. */
export async function cachedParse<T>(options: CachedParseOptions<T>): Promise<T> {
  const key = createHash("sha256")
    .update(options.kind)
    .update("\0")
    .update(options.text === undefined ? "absent" : `text\0${options.text}`)
    .update("\0")
    .update(fingerprint(options.validators))
    .digest("hex");
  const file = join(validatedCacheFolder(), `${options.kind}-${key.slice(0, 32)}.json`);
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    // Not cached yet: validate below.
  }
  const value = await options.parse();
  // Whole or not at all: another process may read the entry while this one writes it.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(temp, JSON.stringify(value), { mode: 0o600 });
    renameSync(temp, file);
  } catch {
    // A state folder that cannot be written just means no cache.
    rmSync(temp, { force: true });
  }
  return value;
}
