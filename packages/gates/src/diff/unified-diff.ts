export interface Hunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
}

export interface FilePatch {
  path: string;
  oldPath: string | undefined;
  /** Line number in the working tree → text of each added line. */
  added: Map<number, string>;
  deleted: number;
  hunks: Hunk[];
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

function unquote(path: string): string {
  if (!path.startsWith('"')) return path;
  return JSON.parse(path) as string;
}

function stripPrefix(raw: string): string | undefined {
  const path = unquote(raw.trim());
  if (path === "/dev/null") return undefined;
  return path.replace(/^[ab]\//, "");
}

/** Parse `git diff -U0` output into added lines per file. */
export function parseUnifiedDiff(text: string): FilePatch[] {
  const patches: FilePatch[] = [];
  let current: FilePatch | undefined;
  let oldPath: string | undefined;
  let newLine = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith("diff --git ")) {
      current = undefined;
      oldPath = undefined;
    } else if (line.startsWith("--- ") && current === undefined) {
      oldPath = stripPrefix(line.slice(4));
    } else if (line.startsWith("+++ ") && current === undefined) {
      const path = stripPrefix(line.slice(4)) ?? oldPath ?? "";
      current = { path, oldPath, added: new Map(), deleted: 0, hunks: [] };
      patches.push(current);
    } else if (current && line.startsWith("@@")) {
      const match = HUNK.exec(line);
      if (!match) continue;
      const hunk = {
        oldStart: Number(match[1]),
        oldCount: match[2] === undefined ? 1 : Number(match[2]),
        newStart: Number(match[3]),
        newCount: match[4] === undefined ? 1 : Number(match[4]),
      };
      current.hunks.push(hunk);
      newLine = hunk.newStart;
    } else if (current && line.startsWith("+")) {
      current.added.set(newLine, line.slice(1));
      newLine += 1;
    } else if (current && line.startsWith("-")) {
      current.deleted += 1;
    }
  }
  return patches;
}
