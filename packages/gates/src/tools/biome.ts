import type { ExecResult } from "../exec.js";
import { argvWith, type ToolAdapter } from "./adapter.js";
import type { ToolCommand } from "./command.js";
import { programIndex, wordsOf } from "./known.js";
import { repoPath, toolFailed, type RawFinding } from "./run-tool.js";

interface BiomeDiagnostic {
  severity: string;
  message: string;
  category?: string;
  location?: { path?: string | { file?: string }; start?: { line?: number } } | null;
}

interface BiomeReport {
  diagnostics: BiomeDiagnostic[];
}

const pathOf = (d: BiomeDiagnostic) => {
  const path = d.location?.path;
  return typeof path === "string" ? path : path?.file;
};

/**
 * `biome lint|format|check|ci --reporter=json`: exit 1 for errors and for a broken setup
 * alike, so the JSON decides: no JSON (a bad biome.json prints none) is "did not run".
 */
export function biomeFindings(
  stage: string,
  command: ToolCommand,
  result: ExecResult,
  dir: string,
): RawFinding[] {
  const json = result.stdout
    .trim()
    .split("\n")
    .find((line) => line.startsWith("{"));
  let report: BiomeReport;
  try {
    report = JSON.parse(json ?? "") as BiomeReport;
  } catch {
    throw toolFailed(stage, command, result, "printed no JSON report");
  }
  if (!Array.isArray(report?.diagnostics))
    throw toolFailed(stage, command, result, "printed JSON that is not Biome's report");
  const severe = ["error", "fatal"];
  const findings = report.diagnostics
    .filter((d) => severe.includes(d.severity))
    .map((d) => {
      const path = pathOf(d);
      const line = d.location?.start?.line;
      return {
        file: path ? repoPath(dir, path) : null,
        line: line && line > 0 ? line : null,
        rule: (d.category ?? "biome").replace(/^lint\//, ""),
        message: d.message,
      };
    });
  if (result.exitCode !== 0 && findings.length === 0)
    throw toolFailed(stage, command, result, "failed without reporting a problem");
  return findings;
}

const SUBCOMMANDS = ["lint", "format", "check", "ci"];
const subcommandOf = (command: ToolCommand) => wordsOf(command)[programIndex(command) + 1] ?? "";
const WRITE = ["--write", "--fix", "--unsafe", "--apply", "--apply-unsafe", "--reporter"];

/**
 * What Biome (1.x and 2.x) never reads: documentation and images. A change of only these gives
 * it nothing to check, so it is not started (issue 46 §3: a docs-only stop costs what it costs).
 */
const NOT_READ = /\.(?:md|mdx|markdown|txt|rst|adoc|png|jpe?g|gif|ico|webp|avif)$/i;

/** `@biomejs/biome`: `lint`, `format`, `check` and `ci` with the JSON reporter. */
export const BIOME: ToolAdapter = {
  name: "biome",
  pkg: "@biomejs/biome",
  reads: "its JSON reporter (--reporter=json)",
  scope: "files",
  accepts: (path) => !NOT_READ.test(path),
  argv: (command, files) => {
    const known = SUBCOMMANDS.includes(subcommandOf(command));
    const add = [
      "--reporter=json",
      "--colors=off",
      "--files-ignore-unknown=true",
      "--no-errors-on-unmatched",
    ];
    return argvWith(command, { subcommands: known ? 1 : 0, drop: WRITE, add }, files);
  },
  parse: biomeFindings,
  stdinArgv: (command, path) => [
    ...command.args.slice(0, programIndex(command)),
    "format",
    `--stdin-file-path=${path}`,
  ],
};
