import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { appendFile, link, lstat, mkdir, open, readFile, realpath, rm } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { stateDir } from "@agent-verify/contract/state-dir";
import { GatesError, GatesErrorCode } from "../errors.js";
import { repoStateDir, writeAtomic } from "./store.js";

/**
 * The loop's state, stamps and the hook's records live in the user's state folder, out of the
 * working tree, each signed with a key kept there: nothing written in the tree is ever trusted.
 */
export interface SignedStore {
  /** `<state>/gates/<repo>/`: one repository's folder (its linked worktrees share it). */
  dir: string;
  key: Buffer;
}

export const KEY_FILE = "loop-key";
const KEY_TEXT = /^[0-9a-f]{64}\n?$/;

async function real(path: string): Promise<string> {
  return realpath(path).catch(() => resolve(path));
}

function unusable(folder: string, why: string): GatesError {
  return new GatesError(
    GatesErrorCode.ConfigInvalid,
    `cannot use the state folder ${folder} (it holds the key that signs the loop's state): ${why}`,
    { hint: "set VERIFY_STATE_DIR to a private folder outside the repository" },
  );
}

async function readKey(folder: string, file: string): Promise<Buffer | undefined> {
  let text: string;
  try {
    if (!(await lstat(file)).isFile()) throw unusable(folder, `${KEY_FILE} is not a regular file`);
    text = await readFile(file, "utf8");
  } catch (error) {
    if (error instanceof GatesError) throw error;
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw unusable(folder, `${KEY_FILE} is unreadable`);
  }
  if (!KEY_TEXT.test(text)) throw unusable(folder, `${KEY_FILE} is not a key (64 hex digits)`);
  return Buffer.from(text.trim(), "hex");
}

/** The key, made on first use: 0600 in a 0700 folder; two first uses agree on one key. */
async function loadKey(folder: string): Promise<Buffer> {
  const file = join(folder, KEY_FILE);
  const existing = await readKey(folder, file);
  if (existing) return existing;
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const handle = await open(temp, "wx", 0o600);
  try {
    await handle.writeFile(`${randomBytes(32).toString("hex")}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  // A hard link fails when another process made the key first: then its key is the key.
  await link(temp, file).catch(() => undefined);
  await rm(temp, { force: true });
  const key = await readKey(folder, file);
  if (!key) throw unusable(folder, `${KEY_FILE} could not be written`);
  return key;
}

/** The store of the repository at `root`; refused when the state folder is inside that tree. */
export async function openStore(root: string, env: NodeJS.ProcessEnv): Promise<SignedStore> {
  const folder = join(stateDir(env), "gates");
  const rel = relative(await real(root), await real(stateDir(env)));
  if (rel === "" || (!rel.startsWith("..") && !rel.startsWith("/")))
    throw unusable(folder, "it is inside the working tree, where the agent can read the key");
  return { dir: await repoStateDir(root, env), key: await loadKey(folder) };
}

export const mac = (key: Buffer, text: string) =>
  createHmac("sha256", key).update(text).digest("hex");

function macMatches(key: Buffer, text: string, given: unknown): boolean {
  if (typeof given !== "string" || !/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(mac(key, text), "hex"), Buffer.from(given, "hex"));
}

/** A signed file's content: `{"body":…,"mac":…}`, the mac over the body's JSON text. */
export const signedText = (key: Buffer, body: unknown) => {
  const text = JSON.stringify(body);
  return `{"body":${text},"mac":"${mac(key, text)}"}\n`;
};

export type SignedRead =
  { kind: "absent" } | { kind: "forged"; why: string } | { kind: "ok"; body: unknown };

/** The body of a signed text; one that does not parse or whose mac does not match is `forged`. */
export function openSigned(key: Buffer, text: string): SignedRead {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: "forged", why: "not JSON" };
  }
  const fields = (typeof json === "object" && json !== null ? json : {}) as Record<string, unknown>;
  if (!("body" in fields)) return { kind: "forged", why: "no signed body" };
  if (!macMatches(key, JSON.stringify(fields.body), fields.mac))
    return { kind: "forged", why: "its signature does not match (written by something else)" };
  return { kind: "ok", body: fields.body };
}

export async function readSigned(store: SignedStore, path: string): Promise<SignedRead> {
  let text: string;
  try {
    text = await readFile(join(store.dir, path), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { kind: "absent" };
    return { kind: "forged", why: "unreadable" };
  }
  return openSigned(store.key, text);
}

export async function writeSigned(store: SignedStore, path: string, body: unknown): Promise<void> {
  await writeAtomic(join(store.dir, path), signedText(store.key, body));
}

/** One signed line appended (one write: a kill leaves at most a torn last line, never used). */
export async function appendSigned(store: SignedStore, path: string, body: unknown): Promise<void> {
  const full = join(store.dir, path);
  await mkdir(dirname(full), { recursive: true });
  await appendFile(full, signedText(store.key, body));
}

/** The signed lines of an append-only file, the ones that verify; a file over `keep` lines is cut to its last `keep`. */
export async function readSignedLines(
  store: SignedStore,
  path: string,
  keep: number,
): Promise<unknown[]> {
  const full = join(store.dir, path);
  const text = await readFile(full, "utf8").catch(() => "");
  const lines = text.split("\n").filter((line) => line !== "");
  if (lines.length > keep * 2) {
    // Lines appended meanwhile may be lost: they are older prompts' records by then.
    await writeAtomic(full, `${lines.slice(-keep).join("\n")}\n`);
  }
  const bodies: unknown[] = [];
  for (const line of lines.slice(-keep)) {
    const read = openSigned(store.key, line);
    if (read.kind === "ok") bodies.push(read.body);
  }
  return bodies;
}
