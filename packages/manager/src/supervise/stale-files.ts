import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { isAlive } from "./process-alive.js";

/**
 * Remove the files in `folder` whose names match `pattern` and whose writer is gone: the
 * pattern's first group is the writer's pid, so a live writer's file is left alone.
 */
export function removeStaleFiles(folder: string, pattern: RegExp): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(pattern.exec(name)?.[1] ?? Number.NaN);
    if (Number.isInteger(pid) && pid > 0 && !isAlive({ pid, start: null })) {
      rmSync(join(folder, name), { force: true });
    }
  }
}
