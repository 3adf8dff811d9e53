import { readFileSync, writeFileSync } from "node:fs";

const HEADER = "# agent-verify: what verify-runner, verify-manager and verify-gates write";

/** True when a .gitignore line already ignores the whole node_modules folder. */
function ignoresNodeModules(lines: readonly string[]): boolean {
  return lines.some((line) => /^\/?(\*\*\/)?node_modules\/?$/.test(line));
}

/**
 * The lines `text` lacks, in order: `wanted`, plus `cacheLine` (node_modules/) unless node_modules is
 * ignored already. Pure, for tests.
 */
export function missingGitignoreLines(
  text: string,
  wanted: readonly string[],
  cacheLine: string,
): string[] {
  const present = text.split(/\r?\n/).map((line) => line.trim());
  const have = new Set(present);
  const missing = wanted.filter((line) => !have.has(line));
  if (!ignoresNodeModules(present) && !have.has(cacheLine)) missing.push(cacheLine);
  return missing;
}

/** Append the missing lines under one header (creating the file if needed); returns them. */
export function addGitignoreLines(
  file: string,
  wanted: readonly string[],
  cacheLine: string,
): string[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    text = "";
  }
  const missing = missingGitignoreLines(text, wanted, cacheLine);
  if (missing.length === 0) return [];
  const separator = text === "" ? "" : text.endsWith("\n") ? "\n" : "\n\n";
  const header = text.includes(HEADER) ? [] : [HEADER];
  writeFileSync(file, `${text}${separator}${[...header, ...missing].join("\n")}\n`);
  return missing;
}
