import type { ExecResult } from "../exec.js";
import type { ToolAdapter } from "./adapter.js";
import type { ToolCommand } from "./command.js";
import { repoPath, toolFailed, type RawFinding } from "./run-tool.js";

const LOCATED = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;
const GLOBAL = /^error (TS\d+): (.*)$/;
/** tsconfig.json, jsconfig.json, tsconfig.build.json …: the checker's own configuration. */
const CONFIG_FILE = /(?:^|\/)[jt]sconfig[\w.-]*\.json$/;

/**
 * A diagnostic about the checker's configuration rather than the code: compiler option errors
 * (TS5xxx, wherever reported), and the TS6xxx option messages located in a JSON config. tsgo
 * stops at some of them (TS5108) and checks nothing, so none can be old debt to hold the line on.
 */
export function isConfigDiagnostic(file: string, rule: string): boolean {
  if (/^TS5\d{3}$/.test(rule)) return true;
  return file.endsWith(".json") && (CONFIG_FILE.test(file) || /^TS6\d{3}$/.test(rule));
}

/** Findings from `tsc --pretty false`; errors without a file or in the config mean the setup is broken. */
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
      const path = repoPath(dir, file);
      if (isConfigDiagnostic(path, rule)) globalErrors.push(`${path}:${row}: ${rule}: ${message}`);
      else findings.push({ file: path, line: Number(row), rule, message });
      continue;
    }
    const global = GLOBAL.exec(line);
    if (global) globalErrors.push(`${global[1]}: ${global[2]}`);
  }
  return { findings, globalErrors };
}

/**
 * tsc exits 1 or 2 when it found type errors; output we cannot read, or a diagnostic with no
 * source line or in the config (after which the checker may have checked nothing), is a setup problem.
 */
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
