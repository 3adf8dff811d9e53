import type { ToolCommand } from "./command.js";
import { programIndex, programOf, wordsOf } from "./known.js";
import { repoPath, type RawFinding } from "./run-tool.js";

/** Whether a command runs ava, alone or under c8 (`c8 ava`, `c8 --reporter=lcov ava`). */
export function isAva(command: ToolCommand): boolean {
  const program = programOf(command);
  if (program === "ava") return true;
  if (program !== "c8" && program !== "nyc") return false;
  const words = wordsOf(command).slice(programIndex(command) + 1);
  return words.find((w) => !w.startsWith("-")) === "ava";
}

/** ava's arguments for a report gates reads: TAP, where each failure has its YAML block. */
export const AVA_ARGS = ["--tap"];

const unquote = (text: string) =>
  text
    .trim()
    .replace(/^'(.*)'$/, "$1")
    .replace(/''/g, "'");

/**
 * The failed tests of ava's TAP (`not ok 2 - title`, then a YAML block up to `...`): each at
 * the file and line its `at:` names, with the assertion, its message and the first lines of its
 * difference. Undefined when ava reported no failed test (its exit code alone then tells).
 */
export function avaFindings(stdout: string, dir: string): RawFinding[] | undefined {
  const lines = stdout.split("\n");
  const findings: RawFinding[] = [];
  for (let i = 0; i < lines.length; i++) {
    const head = /^not ok \d+ - (.*?)(?:\s+#\s+(?:TODO|SKIP)\b.*)?$/.exec(lines[i] ?? "");
    if (!head || /#\s+(?:TODO|SKIP)\b/.test(lines[i] ?? "")) continue;
    const block: string[] = [];
    if (lines[i + 1]?.trim() === "---")
      for (i += 2; i < lines.length && lines[i]?.trim() !== "..."; i++) block.push(lines[i] ?? "");
    const field = (name: string) => {
      const line = block.find((l) => l.trimStart().startsWith(`${name}:`));
      return line === undefined ? undefined : unquote(line.trimStart().slice(name.length + 1));
    };
    const at = /^(?:file:\/\/)?(.+?):(\d+)(?::\d+)?$/.exec(field("at") ?? "");
    const difference = block
      .filter((l) => /^\s+[-+] /.test(l))
      .slice(0, 4)
      // Escape codes in compared strings (chalk's) shown as written, never stripped as color.
      .map((l) =>
        l
          .trim()
          .replace(/^([-+])\s+/, "$1 ")
          .replaceAll("\u001B", "\\u001B"),
      );
    const assertion = field("assertion");
    const why = [
      assertion ? `t.${assertion}() failed` : (field("name") ?? "failed"),
      field("message"),
      difference.length > 0 ? `difference: ${difference.join(" / ")}` : undefined,
    ].filter((part) => part !== undefined && part !== "");
    findings.push({
      file: at ? repoPath(dir, at[1] ?? "") : null,
      line: at ? Number(at[2]) : null,
      rule: "test-failed",
      message: `${head[1] ?? ""}: ${why.join(": ")}`,
    });
  }
  return findings.length > 0 ? findings : undefined;
}
