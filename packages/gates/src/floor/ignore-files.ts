import type { GateFinding } from "@agent-verify/contract";
import { finding } from "../context.js";
import type { JudgedFile } from "./judged-files.js";

/** Ignore files, one pattern a line: eslint 8, prettier, oxfmt/oxlint, biome's and others'. */
const IGNORE_FILE =
  /(?:^|\/)\.(?:eslintignore|prettierignore|oxfmtignore|oxlintignore|stylelintignore|biomeignore)$/;

export const isIgnoreFile = (path: string) => IGNORE_FILE.test(path);

/** Each pattern a change added to an ignore file that was there (a `!` re-include is stricter). */
export function ignoreFileFindings(file: JudgedFile): GateFinding[] {
  if (!isIgnoreFile(file.path) || file.after === undefined || file.before === undefined) return [];
  const before = new Set((file.before ?? "").split("\n").map((l) => l.trim()));
  const out: GateFinding[] = [];
  for (const [line, text] of file.diff.added) {
    const pattern = text.trim();
    if (pattern === "" || pattern.startsWith("#") || pattern.startsWith("!") || before.has(pattern))
      continue;
    out.push(
      finding(
        "floor",
        file.path,
        line,
        "loosened-config",
        `'${pattern}' added to ${file.path}: the tool no longer looks at it`,
        "fix what the tool reports instead of ignoring the file",
      ),
    );
  }
  return out;
}
