import { posix } from "node:path";
import type { ToolCommand } from "../tools/command.js";
import { nodeTestWords } from "../diff/runner-flags.js";
import { programIndex } from "../tools/known.js";

/** Extensions `node --test` runs (TypeScript too when this Node strips types). */
const EXTENSIONS = (process.features as { typescript?: unknown }).typescript
  ? "(?:[cm]?js|[cm]?ts)"
  : "[cm]?js";
/** `node --test`'s own file name patterns, for a directory it is given (or none). */
const NODE_TEST_NAME = new RegExp(
  `(?:^|/)(?:[^/]+[.\\-_]test|test-[^/]+|test)\\.${EXTENSIONS}$|(?:^|/)test/(?:.+/)?[^/]+\\.${EXTENSIONS}$`,
);

/**
 * The files a `node --test` command is surely given, among `files` (repository paths): the ones it
 * names, and the ones node's own patterns find under a directory it names (or anywhere, when it
 * names none). A glob is left to node: its files are not counted on.
 */
export function nodeTestFiles(command: ToolCommand, files: readonly string[]): string[] {
  // The words after `--test` that are no flag's value (`--test-concurrency 2` names no file).
  const paths = nodeTestWords(command.args.slice(Math.max(0, programIndex(command)))).paths.map(
    (arg) => posix.normalize(arg).replace(/^\.\//, "").replace(/\/$/, ""),
  );
  if (paths.some((p) => /[*?[{]/.test(p))) return [];
  const candidates = files.filter((file) => !file.split("/").includes("node_modules"));
  if (paths.length === 0) return candidates.filter((file) => NODE_TEST_NAME.test(file));
  return candidates.filter((file) =>
    paths.some(
      (p) =>
        file === p ||
        ((p === "." || file.startsWith(`${p}/`)) &&
          NODE_TEST_NAME.test(p === "." ? file : file.slice(p.length + 1))),
    ),
  );
}
