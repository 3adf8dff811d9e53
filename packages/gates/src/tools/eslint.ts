import type { ExecResult } from "../exec.js";
import { isScriptFile } from "../stages/floor-patterns.js";
import { argvWith, type ToolAdapter } from "./adapter.js";
import { packageVersion, type ToolCommand } from "./command.js";
import { repoPath, toolFailed, type RawFinding } from "./run-tool.js";

interface EslintMessage {
  ruleId: string | null;
  severity: number;
  message: string;
  line?: number;
  fatal?: boolean;
}

interface EslintFileResult {
  filePath: string;
  messages: EslintMessage[];
}

/** ESLint exits 1 for lint errors and 2 for a broken config or crash; only the JSON decides. */
export function eslintFindings(
  stage: string,
  command: ToolCommand,
  result: ExecResult,
  dir: string,
): RawFinding[] {
  if (result.exitCode === 2) throw toolFailed(stage, command, result, "could not lint");
  let parsed: EslintFileResult[];
  try {
    parsed = JSON.parse(result.stdout) as EslintFileResult[];
  } catch {
    throw toolFailed(stage, command, result, "printed no JSON report");
  }
  if (!Array.isArray(parsed) || !parsed.every((f) => Array.isArray(f?.messages)))
    throw toolFailed(stage, command, result, "printed JSON that is not ESLint's report");
  const errors = parsed.some((file) => file.messages.some((m) => m.severity >= 2));
  // Exit 1 with warnings only: the command itself made warnings fail (--max-warnings).
  const minSeverity = result.exitCode !== 0 && !errors ? 1 : 2;
  const findings: RawFinding[] = [];
  for (const file of parsed) {
    for (const message of file.messages) {
      if (message.severity < minSeverity) continue;
      findings.push({
        file: repoPath(dir, file.filePath),
        line: message.line ?? null,
        rule: message.ruleId ?? (message.fatal ? "parse-error" : "eslint"),
        message: message.message,
      });
    }
  }
  if (result.exitCode !== 0 && findings.length === 0)
    throw toolFailed(stage, command, result, "failed without reporting a problem");
  return findings;
}

/** `--no-warn-ignored` exists from ESLint 8.56 on; older ones only warn about an ignored file. */
function knowsNoWarnIgnored(dir: string): boolean {
  const [major = 0, minor = 0] = packageVersion(dir, "eslint").split(".").map(Number);
  return major > 8 || (major === 8 && minor >= 56) || Number.isNaN(major);
}

/** ESLint 8, 9 and 10, with the JSON formatter. */
export const ESLINT: ToolAdapter = {
  name: "eslint",
  pkg: "eslint",
  reads: "its JSON report (-f json)",
  scope: "files",
  accepts: isScriptFile,
  argv: (command, files, dir) => {
    const add = ["-f", "json", ...(knowsNoWarnIgnored(dir) ? ["--no-warn-ignored"] : [])];
    return argvWith(command, { drop: ["-f", "--format", "-o", "--output-file"], add }, files);
  },
  parse: eslintFindings,
};
