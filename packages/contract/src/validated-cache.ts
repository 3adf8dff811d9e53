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
//
// An entry holds the text it validated and the contract code's fingerprint, compared whole on
// every read: its file name is only an index (a cheap hash, so that the hot path never loads
// node:crypto), and two texts that share a name just take turns in the cache.
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

/** The contract code that validates, as a digest (the bundle's, else its files' sha256). */
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
    // Not a bundled CLI's hot path: node:crypto is loaded here only.
    value = crypto()
      .createHash("sha256")
      .update(files.map((file) => readOrName(join(folder, file), file)).join("\0"))
      .digest("hex");
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

function crypto(): typeof import("node:crypto") {
  return process.getBuiltinModule("node:crypto");
}

/** What one cache file holds: the value, and what it was validated from, compared on read. */
interface Entry<T> {
  kind: string;
  text: string | null;
  contract: string;
  value: T;
}

/**
 * A 64-bit index of the key (two 32-bit FNV-1a variants): a file name, never a proof — the
 * entry itself says what text and code it belongs to.
 */
function indexOf(parts: readonly string[]): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) {
      const code = part.charCodeAt(i);
      a = Math.imul(a ^ code, 0x01000193);
      b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15);
    }
    a = Math.imul(a ^ 0, 0x01000193);
    b = Math.imul(b ^ 0, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

function readEntry<T>(file: string): Entry<T> | undefined {
  try {
    const entry = JSON.parse(readFileSync(file, "utf8")) as Partial<Entry<T>> | null;
    return entry !== null && typeof entry === "object" && "value" in entry
      ? (entry as Entry<T>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** `parse()`'s result, from the cache when the same text was validated by the same code before. */
export async function cachedParse<T>(options: CachedParseOptions<T>): Promise<T> {
  const text = options.text ?? null;
  const contract = fingerprint(options.validators);
  const index = indexOf([options.kind, text === null ? "absent" : `text\0${text}`, contract]);
  const file = join(validatedCacheFolder(), `${options.kind}-${index}.json`);
  const cached = readEntry<T>(file);
  if (
    cached !== undefined &&
    cached.kind === options.kind &&
    cached.text === text &&
    cached.contract === contract
  )
    return cached.value;
  const value = await options.parse();
  const entry: Entry<T> = { kind: options.kind, text, contract, value };
  // Whole or not at all: another process may read the entry while this one writes it.
  const temp = `${file}.${process.pid}.${crypto().randomBytes(4).toString("hex")}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(temp, JSON.stringify(entry), { mode: 0o600 });
    renameSync(temp, file);
  } catch {
    // A state folder that cannot be written just means no cache (and maybe no temp to remove:
    // a file where the folder should be makes even that fail).
    try {
      rmSync(temp, { force: true });
    } catch {
      // Nothing was written.
    }
  }
  return value;
}
