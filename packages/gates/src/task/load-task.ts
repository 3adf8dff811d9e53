import { readFile } from "node:fs/promises";
import { isAbsolute, relative, resolve } from "node:path";
import { GatesError, GatesErrorCode } from "../errors.js";
import { parseTaskFile, type Task } from "./task-file.js";

export interface LoadedTask {
  task: Task;
  text: string;
  /** The task file's path inside the repository, when it lies there: it is input, not part of the change. */
  inRepo: string | undefined;
}

/**
 * The task file at `path`, parsed. `frozen`: its text as a loop's `loop start` kept it, read
 * instead of the file (which the agent may have edited since); `path` then only names it.
 */
export async function loadTask(path: string, root: string, frozen?: string): Promise<LoadedTask> {
  let text: string;
  try {
    text = frozen ?? (await readFile(path, "utf8"));
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === "ENOENT" ? "not found" : "unreadable";
    throw new GatesError(GatesErrorCode.TaskInvalid, `task file ${path}: ${why}`, {
      hint: "pass --task-file (or VERIFY_TASK_FILE) a readable markdown file",
    });
  }
  const inside = relative(root, resolve(path));
  return {
    task: parseTaskFile(text, path),
    text,
    inRepo: inside.startsWith("..") || isAbsolute(inside) ? undefined : inside,
  };
}

/** A literal path as a glob that matches only itself. */
export const literalGlob = (path: string) => path.replace(/[\\*?[\]{}()!+@]/g, "\\$&");
