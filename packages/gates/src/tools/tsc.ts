import type { ExecResult } from "../exec.js";
import type { ToolAdapter } from "./adapter.js";
import type { ToolCommand } from "./command.js";
import { repoPath, toolFailed, type RawFinding } from "./run-tool.js";

const LOCATED = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;
const GLOBAL = /^error (TS\d+): (.*)$/;

/** Findings from `tsc --pretty false`; errors without a file mean the setup is broken. */
export function parseTsc(
  stdout: string,
  dir: string,
): { findings: RawFinding[]; globalErrors: string[] } {
  const findings: RawFinding[] = [];
  const globalErrors: string[] = [];
  for (const line of stdout.split("\n")) {
    const located = LOCATED.exec(line);
    if (located) {
      const [, file = "", row, , rule = "", message = ""] = located;
      findings.push({ file: repoPath(dir, file), line: Number(row), rule, message });
      continue;
    }
    const global = GLOBAL.exec(line);
    if (global) globalErrors.push(`${global[1]}: ${global[2]}`);
  }
  return { findings, globalErrors };
}

/** tsc exits 1 or 2 when it found type errors; only output we cannot read is a setup problem. */
export function tscFindings(
  stage: string,
  command: ToolCommand,
  result: ExecResult,
  dir: string,
): RawFinding[] {
  const { findings, globalErrors } = parseTsc(result.stdout, dir);
  if (globalErrors.length > 0)
    throw toolFailed(stage, command, { ...result, stderr: globalErrors.join("\n") }, "failed");
  if (result.exitCode !== 0 && findings.length === 0)
    throw toolFailed(stage, command, result, "failed without diagnostics");
  return findings;
}

const adapter = (name: string, pkg: string): ToolAdapter => ({
  name,
  pkg,
  reads: "its --pretty false diagnostics",
  scope: "project",
  accepts: () => true,
  argv: (command) => [...command.args, "--pretty", "false"],
  parse: tscFindings,
});

/** tsc of TypeScript 5.x and 7.x (the native port prints the same diagnostics). */
export const TSC = adapter("tsc", "typescript");
/** `tsgo` of @typescript/native-preview. */
export const TSGO = adapter("tsgo", "@typescript/native-preview");
export const VUE_TSC = adapter("vue-tsc", "vue-tsc");
