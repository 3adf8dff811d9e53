// The fenced blocks of a markdown file, read the way docs-commands runs them:
// ```sh blocks are commands (a first line `# expect exit N` sets the exit code they must
// give), ```<lang> file=<path> blocks are files to write, every other block is prose.

export type DocBlock =
  | { kind: "run"; line: number; script: string; expectExit: number }
  | { kind: "file"; line: number; path: string; text: string };

const FENCE = /^(`{3,}|~{3,})(.*)$/;

export function docBlocks(markdown: string): DocBlock[] {
  const lines = markdown.split("\n");
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] as string);
    if (!open) continue;
    const fence = open[1] as string;
    const info = (open[2] as string).trim();
    const body: string[] = [];
    let j = i + 1;
    while (
      j < lines.length &&
      !new RegExp(`^${fence[0]}{${fence.length},}\\s*$`).test(lines[j] as string)
    )
      body.push(lines[j++] as string);
    const text = body.length > 0 ? `${body.join("\n")}\n` : "";
    const file = /^\S+\s+file=(\S+)$/.exec(info);
    if (info === "sh") {
      const expected = /^# expect exit (\d+)\s*$/.exec(body[0] ?? "");
      blocks.push({
        kind: "run",
        line: i + 1,
        script: text,
        expectExit: expected ? Number(expected[1]) : 0,
      });
    } else if (file) {
      blocks.push({ kind: "file", line: i + 1, path: file[1] as string, text });
    }
    i = j;
  }
  return blocks;
}
