import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { realpath } from "node:fs/promises";
import { join } from "node:path";
import { stateDir } from "@agent-verify/contract/state-dir";
import { repoLocation } from "../git.js";
import { GatesError, GatesErrorCode } from "../errors.js";

export const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

/**
 * One repository's folder in the user's state directory, outside every working tree:
 * `<state>/gates/<key>/`, the key a hash of the repository's git common dir (a linked
 * worktree and its main tree share it).
 */
export async function repoStateDir(root: string, env: NodeJS.ProcessEnv): Promise<string> {
  return join(stateDir(env), "gates", await repoKey(root));
}

/** A repository's key, by its root: asked of git once per process (a run asks it several times). */
const keys = new Map<string, Promise<string>>();

function repoKey(root: string): Promise<string> {
  let key = keys.get(root);
  if (key === undefined) {
    key = (async () => {
      const where = (await repoLocation(root)).commonDir ?? root;
      const real = await realpath(where).catch(() => where);
      return sha256(real).slice(0, 24);
    })();
    // Only an answer is kept: a git that could not say is asked again next time.
    key.catch(() => keys.delete(root));
    keys.set(root, key);
  }
  return key;
}

/** Write a file whole or not at all (a temp file renamed over it). */
export async function writeAtomic(path: string, data: string | Buffer): Promise<void> {
  await mkdir(join(path, ".."), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temp, data);
  await rename(temp, path);
}

const objectPath = (dir: string, hash: string) =>
  join(dir, "objects", hash.slice(0, 2), hash.slice(2));

/** Store content by its sha256; storing it again is a no-op. */
export async function putObject(dir: string, data: Buffer): Promise<string> {
  const hash = sha256(data);
  const path = objectPath(dir, hash);
  const there = await readFile(path).catch(() => undefined);
  if (there === undefined || sha256(there) !== hash) await writeAtomic(path, data);
  return hash;
}

/** Content by hash; content that no longer hashes to its name is a setup error, never used. */
export async function getObject(dir: string, hash: string): Promise<Buffer> {
  const path = objectPath(dir, hash);
  let data: Buffer;
  try {
    data = await readFile(path);
  } catch {
    throw new GatesError(
      GatesErrorCode.ConfigInvalid,
      `oracle object ${hash.slice(0, 12)} is missing from ${dir}`,
      {
        hint: "the oracle snapshot was removed: arm the loop again (verify-gates loop start)",
      },
    );
  }
  if (sha256(data) !== hash)
    throw new GatesError(
      GatesErrorCode.ConfigInvalid,
      `oracle object ${hash.slice(0, 12)} was altered (${path})`,
      {
        hint: "the oracle snapshot was tampered with: arm the loop again (verify-gates loop start)",
      },
    );
  return data;
}
