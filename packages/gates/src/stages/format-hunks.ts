import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FileChange } from "../diff/change.js";
import { gitTry } from "../git.js";
import { parseUnifiedDiff, type Hunk } from "../diff/unified-diff.js";
import type { ToolAdapter } from "../tools/adapter.js";
import type { ToolCommand } from "../tools/command.js";
import { runArgv, toolFailed, type Deadline, type RawFinding } from "../tools/run-tool.js";

/** At most this many places per file; the rest are counted in the last finding. */
export const MAX_PLACES_PER_FILE = 10;

/** The hunks that turn `before` into `after`, line numbers of `before` on the old side. */
async function lineHunks(before: string, after: string): Promise<Hunk[]> {
  const dir = await mkdtemp(join(tmpdir(), "verify-gates-format-"));
  try {
    await writeFile(join(dir, "a"), before);
    await writeFile(join(dir, "b"), after);
    const diff = await gitTry(dir, [
      "diff",
      "--no-index",
      "--no-color",
      "--no-ext-diff",
      "-U0",
      "a",
      "b",
    ]);
    return parseUnifiedDiff(diff.stdout)[0]?.hunks ?? [];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Working-tree lines a hunk rewrites; a pure insertion touches the lines around it. */
function touched(hunk: Hunk): number[] {
  if (hunk.oldCount === 0) return [hunk.oldStart, hunk.oldStart + 1];
  return Array.from({ length: hunk.oldCount }, (_, i) => hunk.oldStart + i);
}

const span = (hunk: Hunk) =>
  hunk.oldCount <= 1
    ? `line ${hunk.oldStart}`
    : `lines ${hunk.oldStart}-${hunk.oldStart + hunk.oldCount - 1}`;

/**
 * Where the formatter would rewrite the change's own lines of an unformatted file: one finding
 * per rewritten place that touches an added line. Places on lines the change did not touch are
 * old debt and do not count, so an unformatted file hides nothing new in it.
 */
export async function unformattedPlaces(
  root: string,
  command: ToolCommand,
  adapter: ToolAdapter & Required<Pick<ToolAdapter, "stdinArgv">>,
  file: FileChange,
  env: NodeJS.ProcessEnv,
  deadline: Deadline,
): Promise<RawFinding[]> {
  const text = await readFile(join(root, file.path), "utf8");
  const argv = adapter.stdinArgv(command, file.path);
  const result = await runArgv(root, command, argv, "format", env, deadline, text);
  const rule = adapter.name;
  if (result.exitCode !== 0)
    throw toolFailed("format", command, result, "could not format the file");
  const hunks = await lineHunks(text, result.stdout);
  if (hunks.length === 0) {
    // Listed as unformatted, yet formatting it changes nothing: say so, never pass it.
    const first = Math.min(...file.added.keys());
    const line = Number.isFinite(first) ? first : 1;
    return [{ file: file.path, line, rule, message: `not formatted (${rule} lists it)` }];
  }
  const places = hunks.flatMap((hunk) => {
    const line = touched(hunk).find((n) => file.added.has(n));
    return line === undefined ? [] : [{ hunk, line }];
  });
  const findings: RawFinding[] = places.slice(0, MAX_PLACES_PER_FILE).map(({ hunk, line }) => ({
    file: file.path,
    line,
    rule,
    message: `not formatted: ${rule} rewrites ${span(hunk)}`,
  }));
  const more = places.length - findings.length;
  const last = findings.at(-1);
  if (more > 0 && last)
    last.message += ` (and ${more} more place${more === 1 ? "" : "s"} in this file)`;
  return findings;
}
