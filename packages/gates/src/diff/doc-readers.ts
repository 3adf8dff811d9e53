import { readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import type { OracleFileKind } from "../catalogue/oracle-kinds.js";
import { isTestFile } from "../catalogue/test-files.js";
import { isPresent, type Change } from "./change.js";

/** Documentation formats: prose, which no runner reads unless a test of the repository names it. */
export const DOC = /\.(?:md|mdx|markdown|rst|adoc|txt)$/i;
const SCRIPT = /\.[cm]?[jt]sx?$/;

/** A glob in a text that matches files of extension `ext` (`**\/*.mdx`, `*.{md,mdx}`). */
const globOf = (ext: string) =>
  new RegExp(`\\*\\.(?:${ext}(?![\\w-])|\\{[^}]*\\b${ext}\\b[^}]*\\})`, "i");

/**
 * Which file reads each documentation file (issue 46 §3): the first text that names its base
 * name, or a glob of its extension. A documentation file no text names is read by no test.
 */
export function docReaders(
  docs: readonly string[],
  texts: ReadonlyMap<string, string>,
): Map<string, string> {
  const readers = new Map<string, string>();
  for (const doc of docs) {
    const name = basename(doc);
    const glob = globOf(name.slice(name.lastIndexOf(".") + 1));
    for (const [path, text] of texts)
      if (path !== doc && (text.includes(name) || glob.test(text))) {
        readers.set(doc, path);
        break;
      }
  }
  return readers;
}

/** The oracle's files the readers are among (diff/ sits below oracle/, so only what it reads). */
interface OracleFiles {
  paths(kind?: OracleFileKind): string[];
  readMany(paths: readonly string[]): Promise<Map<string, string>>;
}

/**
 * The readers of the change's documentation files among the files that decide what the tests
 * read: the oracle's tests, test-runner configs and test-support modules (helpers, setup files),
 * and the test files the change has, as it has them.
 */
export async function changeDocReaders(
  root: string,
  change: Pick<Change, "files">,
  oracle: OracleFiles,
): Promise<Map<string, string>> {
  const docs = change.files
    .flatMap((f) => (f.oldPath ? [f.path, f.oldPath] : [f.path]))
    .filter((p) => DOC.test(p));
  if (docs.length === 0) return new Map();
  const reading = [
    ...oracle.paths("test"),
    ...oracle.paths("test-config"),
    ...oracle.paths("test-support").filter((p) => SCRIPT.test(p)),
  ];
  const texts = await oracle.readMany(reading);
  for (const file of change.files)
    if (isPresent(file) && isTestFile(file.path)) {
      const text = await readFile(join(root, file.path), "utf8").catch(() => undefined);
      if (text !== undefined) texts.set(file.path, text);
    }
  return docReaders(docs, texts);
}
