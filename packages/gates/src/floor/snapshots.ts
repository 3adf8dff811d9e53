import type { GateFinding } from "@agent-verify/contract";
import { finding } from "../context.js";
import { isDeclared, type DeclaredTest } from "./declared.js";
import type { JudgedFile } from "./judged-files.js";

/** `exports[`name 1`] = `…`;` entries of a vitest/jest snapshot file, with the line each starts on. */
function entries(text: string): Map<string, { value: string; line: number }> {
  const out = new Map<string, { value: string; line: number }>();
  const starts = [...text.matchAll(/^exports\[`((?:[^`\\]|\\.)*)`\]\s*=/gm)];
  starts.forEach((match, i) => {
    const from = match.index + match[0].length;
    const to = starts[i + 1]?.index ?? text.length;
    const line = text.slice(0, match.index).split("\n").length;
    out.set(match[1] ?? "", { value: text.slice(from, to).trim(), line });
  });
  return out;
}

/** An oracle snapshot file whose stored snapshots the change rewrote or deleted (new ones are fine). */
export function snapshotFindings(
  file: JudgedFile,
  declared: readonly DeclaredTest[],
): GateFinding[] {
  if (!file.isOracle || !/\.snap$/.test(file.path) || file.before === undefined) return [];
  if (isDeclared(declared, file.path)) return [];
  const was = entries(file.before);
  const now = entries(file.after ?? "");
  const out: GateFinding[] = [];
  for (const [name, { value, line }] of was) {
    const kept = now.get(name);
    if (kept?.value === value) continue;
    const what = kept ? "rewritten" : "deleted";
    out.push(
      finding(
        "floor",
        file.path,
        kept?.line ?? file.diff.newLineOf(line),
        "weakened-test",
        `snapshot '${name}' ${what}`,
        "a snapshot records what the code did when the task began: fix the code, do not update the snapshot",
      ),
    );
  }
  return out;
}
