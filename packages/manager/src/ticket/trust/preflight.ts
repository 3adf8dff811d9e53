import { accessSync, constants, lstatSync } from "node:fs";
import { join } from "node:path";
import { ManagerError, ManagerErrorCode } from "../../errors.js";
import { fileError } from "./file-errors.js";
import { refuseSymlinks } from "./safe-path.js";

/** What the ticket loop (and the runner it starts) writes inside the project's `.verify/`. */
export const LOOP_WRITES = [
  ".verify/log.jsonl",
  ".verify/loop-status.json",
  ".verify/loop.lock",
  ".verify/escalations/x.md",
  ".verify/artifacts/x",
  ".verify/.tracker-write.json",
] as const;

const FILES = [".verify/log.jsonl", ".verify/loop-status.json"];

function kind(path: string): "missing" | "file" | "folder" | "other" {
  try {
    const stat = lstatSync(path);
    if (stat.isFile()) return "file";
    return stat.isDirectory() ? "folder" : "other";
  } catch {
    return "missing";
  }
}

/**
 * Before anything is run or posted: every path the loop writes is refused when a symlink
 * leads it out of `.verify/`, a file that is a folder (or the other way round) is named,
 * and a read-only `.verify/` is found, so a fault leaves the log, the status file and
 * the tracker exactly as they were. (A full disk shows only on the write: see appendLogEntry.)
 */
export function preflightWrites(dir: string): void {
  for (const rel of LOOP_WRITES) refuseSymlinks(dir, join(dir, rel));
  const folder = join(dir, ".verify");
  const folderKind = kind(folder);
  if (folderKind === "missing") return;
  if (folderKind !== "folder") {
    throw new ManagerError(
      ManagerErrorCode.FileUnusable,
      `cannot write .verify: it is not a folder; fix: move it away (verify-runner init writes a new one)`,
    );
  }
  for (const rel of FILES) {
    const path = join(dir, rel);
    const found = kind(path);
    if (found === "folder" || found === "other") {
      throw new ManagerError(
        ManagerErrorCode.FileUnusable,
        `cannot write ${rel}: it is ${found === "folder" ? "a directory" : "not a regular file"}; fix: remove or rename it (the manager makes a new one)`,
      );
    }
  }
  for (const path of [folder, ...FILES.map((rel) => join(dir, rel))]) {
    if (kind(path) === "missing") continue;
    try {
      accessSync(path, constants.W_OK);
    } catch (error) {
      throw fileError(error, dir, path);
    }
  }
}
