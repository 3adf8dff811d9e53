import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { ExecResult } from "../exec.js";
import { isScriptFile } from "../catalogue/test-files.js";
import { argvWith, type ToolAdapter } from "./adapter.js";
import type { ToolCommand } from "./command.js";
import { repoPath, toolFailed, type RawFinding } from "./run-tool.js";
import { atLeast, requireVersion, toolVersion, type ToolVersion } from "./tool-version.js";

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

/** ESLint 8 in `.eslintrc` mode warns about a file it was given and ignores (no --no-warn-ignored). */
const IGNORED_FILE = /^File ignored /;
const isIgnoredNotice = (message: EslintMessage) =>
  message.ruleId === null && message.severity === 1 && IGNORED_FILE.test(message.message);

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
      if (message.severity < minSeverity || isIgnoredNotice(message)) continue;
      findings.push({
        file: repoPath(dir, file.filePath),
        line: message.line ?? null,
        rule: message.ruleId ?? (message.fatal ? "parse-error" : "eslint"),
        message: message.message,
      });
    }
  }
  if (result.exitCode !== 0 && findings.length === 0) {
    // `--max-warnings` counted the notices about changed files it ignores, which gates named.
    if (parsed.some((file) => file.messages.some(isIgnoredNotice))) return [];
    throw toolFailed(stage, command, result, "failed without reporting a problem");
  }
  return findings;
}

const FLAT_CONFIGS_8_57 = ["eslint.config.js", "eslint.config.mjs", "eslint.config.cjs"];

/** ESLint 8's own test for flat mode: the variable, else a flat config file here or above. */
function eslint8IsFlat(dir: string, version: ToolVersion, env: NodeJS.ProcessEnv): boolean {
  const setting = env.ESLINT_USE_FLAT_CONFIG;
  if (setting === "true" || setting === "false") return setting === "true";
  const names = atLeast(version, 8, 57) ? FLAT_CONFIGS_8_57 : ["eslint.config.js"];
  for (let at = resolve(dir); ; at = dirname(at)) {
    if (names.some((name) => existsSync(join(at, name)))) return true;
    if (dirname(at) === at) return false;
  }
}

/**
 * `--no-warn-ignored` exists from ESLint 8.56 on, and only in flat config mode: ESLint 8 (and
 * 9 with ESLINT_USE_FLAT_CONFIG=false) in `.eslintrc` mode rejects it as an invalid option.
 */
export function knowsNoWarnIgnored(dir: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const version = toolVersion(dir, "eslint");
  if (!atLeast(version, 8, 56)) return false;
  if (atLeast(version, 10)) return true;
  if (atLeast(version, 9)) return env.ESLINT_USE_FLAT_CONFIG !== "false";
  return eslint8IsFlat(dir, version, env);
}

/** ESLint 8, 9 and 10, with the JSON formatter. */
export const ESLINT: ToolAdapter = {
  name: "eslint",
  pkg: "eslint",
  reads: "its JSON report (-f json)",
  scope: "files",
  accepts: isScriptFile,
  argv: (command, files, dir) => {
    requireVersion("lint", toolVersion(dir, "eslint"), 8);
    const add = ["-f", "json", ...(knowsNoWarnIgnored(dir) ? ["--no-warn-ignored"] : [])];
    return argvWith(command, { drop: ["-f", "--format", "-o", "--output-file"], add }, files);
  },
  parse: eslintFindings,
};
