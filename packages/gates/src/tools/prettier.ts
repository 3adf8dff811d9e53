import type { ExecResult } from "../exec.js";
import { argvWith, type ToolAdapter } from "./adapter.js";
import type { ToolCommand } from "./command.js";
import { listDifferentFindings } from "./list-different.js";
import { repoPath, type RawFinding } from "./run-tool.js";

/** The command's own mode flags: gates asks for the list itself (prettier refuses --check with -l). */
const MODES = ["--check", "-c", "--list-different", "-l", "--write", "-w"];

const SYNTAX = /^\[error\] (.+?): (SyntaxError: .*?)(?: \((\d+):\d+\))?$/;

/** `prettier --list-different`: exit 1 lists unformatted files; exit 2 is a syntax error or a broken setup. */
export function prettierFindings(
  stage: string,
  command: ToolCommand,
  result: ExecResult,
  dir: string,
): RawFinding[] {
  const findings: RawFinding[] = [];
  for (const line of result.stderr.split("\n")) {
    const match = SYNTAX.exec(line.trim());
    if (match) {
      const [, file = "", message = "", row] = match;
      findings.push({
        file: repoPath(dir, file),
        line: row ? Number(row) : null,
        rule: "syntax",
        message,
      });
    }
  }
  return listDifferentFindings(stage, command, result, dir, "prettier", findings);
}

/** Prettier: `--list-different` names the unformatted files; each is then formatted from stdin. */
export const PRETTIER: ToolAdapter = {
  name: "prettier",
  pkg: "prettier",
  reads: "its --list-different",
  scope: "files",
  accepts: () => true,
  argv: (command, files) =>
    argvWith(
      command,
      {
        drop: MODES,
        add: ["--list-different", "--ignore-unknown", "--no-error-on-unmatched-pattern"],
      },
      files,
    ),
  parse: prettierFindings,
  stdinArgv: (command, path) =>
    argvWith(command, { drop: MODES, add: ["--stdin-filepath", path] }, []).slice(0, -1),
};
