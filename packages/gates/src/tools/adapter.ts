import type { ExecResult } from "../exec.js";
import type { ToolCommand } from "./command.js";
import { programIndex } from "./known.js";
import type { RawFinding } from "./run-tool.js";

/**
 * How gates runs one checking tool (a type checker, linter or formatter) and reads it.
 * The stage decides where findings are reported; the program of the command decides the adapter.
 */
export interface ToolAdapter {
  /** The adapter's name, as messages and the README say it. */
  name: string;
  /** The npm package whose version keys the cached base run. */
  pkg: string;
  /** What gates reads of the tool's output, for messages. */
  reads: string;
  /** `files`: run on the changed files it accepts; `project`: on the whole project. */
  scope: "files" | "project";
  /** Changed files this tool is given (scope `files`). */
  accepts: (path: string) => boolean;
  /**
   * The arguments after the executable: the command's own (its check flags normalised),
   * gates' machine-readable output flags, then the files (undefined: the whole project).
   */
  argv: (command: ToolCommand, files: string[] | undefined, dir: string) => string[];
  /** Findings from a run; throws a `ToolFailed` GatesError when the tool did not run properly. */
  parse: (stage: string, command: ToolCommand, result: ExecResult, dir: string) => RawFinding[];
  /** Formatters: arguments that print one file, read from stdin, formatted on stdout. */
  stdinArgv?: (command: ToolCommand, path: string) => string[];
}

/** Options of the tools gates knows that take a value in the next word (`-c cfg.json`). */
const VALUE_OPTIONS = new Set([
  "-c",
  "--config",
  "--config-path",
  "--ignore-path",
  "--ignore-pattern",
  "--tsconfig",
  "-f",
  "--format",
  "-o",
  "--output-file",
  "--rule",
  "--plugin",
  "--parser",
  "--ext",
  "--env",
  "--global",
  "--rulesdir",
  "--resolve-plugins-relative-to",
  "--max-warnings",
  "--threads",
  "-A",
  "--allow",
  "-D",
  "--deny",
  "-W",
  "--warn",
  "--cache-location",
  "--stdin-filepath",
  "--stdin-file-path",
  "--reporter",
  "--max-diagnostics",
  "--diagnostic-level",
  "--log-level",
  "--vcs-root",
]);

/** A command cut where the program's own arguments start: `pnpm exec biome lint src` → [exec biome lint] [src]. */
export interface SplitCommand {
  /** The launcher's words, the program and its subcommand words (kept as they are). */
  head: string[];
  /** Options after the head, each with its value when it takes one in the next word. */
  options: string[][];
  /** Positional words after the head: the paths the command names. */
  paths: string[];
}

/** `args` of a command cut after its program (at `programIndex`) and `subcommands` more words. */
export function splitArgs(command: ToolCommand, subcommands = 0): SplitCommand {
  const args = command.args;
  const head = args.slice(0, programIndex(command) + subcommands);
  const options: string[][] = [];
  const paths: string[] = [];
  for (let i = head.length; i < args.length; i++) {
    const word = args[i] ?? "";
    if (word === "--") {
      paths.push(...args.slice(i + 1));
      break;
    }
    if (!word.startsWith("-")) paths.push(word);
    else if (VALUE_OPTIONS.has(word) && i + 1 < args.length) options.push([word, args[++i] ?? ""]);
    else options.push([word]);
  }
  return { head, options, paths };
}

export interface ArgvSpec {
  /** Words after the program that belong to it (`biome lint`: 1). */
  subcommands?: number;
  /** The command's own options gates replaces (output format, check mode). */
  drop?: readonly string[];
  /** Gates' own options. */
  add: readonly string[];
}

/** The command's arguments with `spec` applied, then the files (undefined: its own paths as written). */
export function argvWith(
  command: ToolCommand,
  spec: ArgvSpec,
  files: readonly string[] | undefined,
): string[] {
  const split = splitArgs(command, spec.subcommands);
  const dropped = (option: string[]) => spec.drop?.includes(option[0]?.split("=")[0] ?? "");
  const options = split.options.filter((o) => !dropped(o)).flat();
  const tail = files === undefined ? split.paths : ["--", ...files];
  return [...split.head, ...options, ...spec.add, ...tail];
}

/** Is `file` (a repository path) the path `target` names or inside it. */
export function isUnder(file: string, target: string): boolean {
  const t = target.replace(/^\.\/+/, "").replace(/\/+$/, "");
  return t === "" || t === "." || file === t || file.startsWith(`${t}/`);
}
