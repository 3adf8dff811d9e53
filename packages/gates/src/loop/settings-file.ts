import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { isObject } from "../agents/claude-files.js";
import { GatesError, GatesErrorCode } from "../errors.js";

/** The file's text, or undefined when there is no file; any other failure is a config error. */
export async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new GatesError(GatesErrorCode.ConfigInvalid, `${path}: unreadable`);
  }
}

/**
 * An agent's settings file as a JSON object: undefined when there is none, `{}` when it is
 * empty. Anything else (not JSON, not an object) is a config error naming the file, which is
 * left unchanged.
 */
export async function readJsonObject(path: string): Promise<Record<string, unknown> | undefined> {
  const text = await readText(path);
  if (text === undefined) return undefined;
  if (text.trim() === "") return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new GatesError(
      GatesErrorCode.ConfigInvalid,
      `${path}: not JSON (${why}); left unchanged`,
      { hint: "fix the file by hand, then run verify-gates loop install again" },
    );
  }
  if (!isObject(json))
    throw new GatesError(
      GatesErrorCode.ConfigInvalid,
      `${path}: expected a JSON object; left unchanged`,
    );
  return json;
}

/** Whole or not at all: a temp file renamed over the target. */
export async function writeWhole(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, text);
  await rename(temp, path);
}
