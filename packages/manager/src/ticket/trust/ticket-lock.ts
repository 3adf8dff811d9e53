import { createHash } from "node:crypto";
import { mkdirSync, realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import { ManagerError, ManagerErrorCode } from "../../errors.js";
import { fileError } from "./file-errors.js";
import { acquireLockFile } from "./lock-file.js";
import { stateDir } from "@agent-verify/contract/state-dir";

/**
 * Where the lock of one ticket lives: the state folder, out of the worker's reach, named
 * after the tracker (`BEADS_DIR`, else the project folder bd finds it from), so that two
 * checkouts verifying one tracker's ticket are locked against each other too.
 */
export function ticketLockPath(env: NodeJS.ProcessEnv, dir: string, ticket: string): string {
  let real: string;
  try {
    real = realpathSync(env.BEADS_DIR || dir);
  } catch {
    real = resolve(env.BEADS_DIR || dir);
  }
  const project = createHash("sha256").update(real).digest("hex").slice(0, 16);
  return join(stateDir(env), "locks", `${project}-${ticket}.lock`);
}

/**
 * One attempt per ticket at a time, for `issue` and `issues` alike: a second manager on
 * the same ticket gets exit 2 naming the holder, at once (no waiting). A lock whose holder
 * died (kill -9) is taken over.
 */
export function lockTicket(env: NodeJS.ProcessEnv, dir: string, ticket: string): () => void {
  const file = ticketLockPath(env, dir, ticket);
  let lock;
  try {
    mkdirSync(join(stateDir(env), "locks"), { recursive: true, mode: 0o700 });
    lock = acquireLockFile(file);
  } catch (error) {
    throw fileError(error, dir, file);
  }
  if ("heldBy" in lock) {
    throw new ManagerError(
      ManagerErrorCode.TicketLocked,
      `issue ${ticket} is being verified by another verify-manager (pid ${lock.heldBy}); fix: wait for it to finish, or stop it (kill ${lock.heldBy}) and run again`,
    );
  }
  return lock.release;
}
