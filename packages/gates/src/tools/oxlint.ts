import type { ExecResult } from "../exec.js";
import { isScriptFile } from "../catalogue/test-files.js";
import { argvWith, type ToolAdapter } from "./adapter.js";
import type { ToolCommand } from "./command.js";
import { repoPath, toolFailed, type RawFinding } from "./run-tool.js";

interface OxlintDiagnostic {
  message: string;
  code?: string;
  severity: string;
  filename?: string;
  labels?: Array<{ span?: { line?: number } }>;
}

interface OxlintReport {
  diagnostics: OxlintDiagnostic[];
  number_of_files?: number;
}

function readReport(stage: string, command: ToolCommand, result: ExecResult): OxlintReport {
  let parsed: OxlintReport;
  try {
    parsed = JSON.parse(result.stdout) as OxlintReport;
  } catch {
    throw toolFailed(stage, command, result, "printed no JSON report");
  }
  if (!Array.isArray(parsed?.diagnostics))
    throw toolFailed(stage, command, result, "printed JSON that is not oxlint's report");
  return parsed;
}

/** `eslint(no-debugger)` → `eslint/no-debugger`; a parse error has no code. */
const ruleOf = (code: string | undefined) =>
  code ? code.replace(/^([\w-]+)\((.+)\)$/, "$1/$2") : "parse-error";

/**
 * `oxlint -f json`: exit 1 for errors (and for warnings under --deny-warnings or
 * --max-warnings), other exits or no JSON mean it did not run. Errors count; warnings only
 * when they made oxlint fail.
 */
export function oxlintFindings(
  stage: string,
  command: ToolCommand,
  result: ExecResult,
  dir: string,
): RawFinding[] {
  if (result.exitCode !== 0 && result.exitCode !== 1)
    throw toolFailed(stage, command, result, "could not lint");
  const report = readReport(stage, command, result);
  // Every file given was ignored by its config: nothing to lint is not a failure.
  if (report.number_of_files === 0 && report.diagnostics.length === 0) return [];
  const errors = report.diagnostics.some((d) => d.severity === "error");
  const counted = result.exitCode !== 0 && !errors ? ["error", "warning"] : ["error"];
  const findings = report.diagnostics
    .filter((d) => counted.includes(d.severity))
    .map((d) => ({
      file: d.filename ? repoPath(dir, d.filename) : null,
      line: d.labels?.[0]?.span?.line ?? null,
      rule: ruleOf(d.code),
      message: d.message,
    }));
  if (result.exitCode !== 0 && findings.length === 0)
    throw toolFailed(stage, command, result, "failed without reporting a problem");
  return findings;
}

export const OXLINT: ToolAdapter = {
  name: "oxlint",
  pkg: "oxlint",
  reads: "its JSON report (-f json)",
  scope: "files",
  accepts: isScriptFile,
  argv: (command, files) =>
    argvWith(command, { drop: ["-f", "--format"], add: ["-f", "json"] }, files),
  parse: oxlintFindings,
};
