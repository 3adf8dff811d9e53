import type { ExecResult } from "../exec.js";
import { argvWith, type ToolAdapter } from "./adapter.js";
import type { ToolCommand } from "./command.js";
import { listDifferentFindings } from "./list-different.js";
import { repoPath, type RawFinding } from "./run-tool.js";

/** oxfmt refuses `--check` with `--list-different`: gates drops the command's mode and lists. */
const MODES = ["--check", "--list-different", "--write"];
// The plain theme (`,-[file:line:col]`) or, under CI=true, the graphical one (`╭─[…]`).
const PLACE = /^\s*(?:,-|╭─)\[(.+?):(\d+):\d+\]\s*$/;
const MESSAGE = /^\s*[x×] (.*)$/;

/** Syntax errors oxfmt prints as `x <message>` (`×` under CI) followed by `,-[file:line:col]`. */
function syntaxErrors(stderr: string, dir: string): RawFinding[] {
  const findings: RawFinding[] = [];
  let message: string | undefined;
  for (const line of stderr.split("\n")) {
    const said = MESSAGE.exec(line);
    if (said) message = said[1];
    const place = PLACE.exec(line);
    if (place && message !== undefined) {
      const [, file = "", row = ""] = place;
      findings.push({ file: repoPath(dir, file), line: Number(row), rule: "syntax", message });
      message = undefined;
    }
  }
  return findings;
}

/** `oxfmt --list-different`: exit 1 lists unformatted files, exit 2 is a syntax error or a broken setup. */
export function oxfmtFindings(
  stage: string,
  command: ToolCommand,
  result: ExecResult,
  dir: string,
): RawFinding[] {
  return listDifferentFindings(
    stage,
    command,
    result,
    dir,
    "oxfmt",
    syntaxErrors(result.stderr, dir),
  );
}

export const OXFMT: ToolAdapter = {
  name: "oxfmt",
  pkg: "oxfmt",
  reads: "its --list-different",
  scope: "files",
  accepts: () => true,
  argv: (command, files) =>
    argvWith(
      command,
      { drop: MODES, add: ["--list-different", "--no-error-on-unmatched-pattern"] },
      files,
    ),
  parse: oxfmtFindings,
  stdinArgv: (command, path) =>
    argvWith(command, { drop: MODES, add: [`--stdin-filepath=${path}`] }, []).slice(0, -1),
};
