import { readFileSync, realpathSync, statSync } from "node:fs";
import { relative, resolve, isAbsolute } from "node:path";
import type { Redactor } from "@agent-verify/contract/redact";
import { isProjectPath, type SourceLines } from "./code-frame.js";

/** Larger files are not read for a code frame (a flow is small; a bundle is not worth showing). */
const MAX_SOURCE_BYTES = 1_000_000;

/**
 * The project's files as lines for the code frame, read when the report is written and
 * redacted like the rest of the page. Only paths inside the project (after symlinks) are read.
 */
export function projectSource(projectDir: string, redactor: Redactor): SourceLines {
  const cache = new Map<string, readonly string[] | undefined>();
  const read = (file: string): readonly string[] | undefined => {
    if (!isProjectPath(file)) return undefined;
    try {
      const root = realpathSync(projectDir);
      const path = realpathSync(resolve(root, file));
      const rel = relative(root, path);
      if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return undefined;
      if (!statSync(path).isFile() || statSync(path).size > MAX_SOURCE_BYTES) return undefined;
      const lines = redactor.text(readFileSync(path, "utf8")).split(/\r?\n/);
      if (lines.at(-1) === "") lines.pop(); // the newline that ends the file is not a line
      return lines;
    } catch {
      return undefined;
    }
  };
  return (file) => {
    if (!cache.has(file)) cache.set(file, read(file));
    return cache.get(file);
  };
}
