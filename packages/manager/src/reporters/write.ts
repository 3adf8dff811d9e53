import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import type { RunReport } from "@agent-verify/contract";
import { createRedactor } from "@agent-verify/contract/redact";
import { ManagerError, ManagerErrorCode } from "../errors.js";
import type { ReporterSpec } from "../run/run-args.js";
import { renderHtml } from "./html.js";
import { evidenceCopier } from "./html/evidence.js";
import { projectSource } from "./html/source.js";
import { readTicketsData } from "./html/tickets-data.js";
import { renderJunit } from "./junit.js";
import { managerCommand } from "./manager-command.js";
import { localPathRemover, mapStrings } from "./html/local-paths.js";

function writeFile(path: string, text: string): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  } catch (error) {
    throw new ManagerError(ManagerErrorCode.ReportInvalid, `cannot write ${path}`, {
      hint: "give a --reporter path in a writable folder",
      cause: error,
    });
  }
}

export interface ReporterOptions {
  /** The project whose `.verify/log.jsonl` feeds the HTML report's tickets view (default: cwd). */
  projectDir?: string | undefined;
  env?: NodeJS.ProcessEnv | undefined;
}

/**
 * The HTML folder: index.html and its own copy of each flow's evidence, so it can be moved,
 * zipped or uploaded. Everything in it passed the redaction (the report, the verify log,
 * error-context.md).
 */
function writeHtml(
  report: RunReport,
  dir: string,
  projectDir: string,
  env: NodeJS.ProcessEnv,
): void {
  const redactor = createRedactor({ env });
  // The folder is uploaded as it is: no absolute path of this machine in it.
  const local = localPathRemover(report, projectDir);
  const clean = mapStrings(redactor.deep(report), local);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new ManagerError(ManagerErrorCode.ReportInvalid, `cannot write ${dir}`, {
      hint: "give a --reporter path in a writable folder",
      cause: error,
    });
  }
  const evidence = evidenceCopier(report, clean, dir, redactor, local);
  const tickets = readTicketsData(projectDir, env, redactor);
  const page = renderHtml(clean, evidence.link, new Date(), {
    errorContext: evidence.errorContext,
    tickets,
    source: projectSource(projectDir, redactor),
  });
  writeFile(join(dir, "index.html"), page);
}

/** The report folder as the user would type it: relative to where they are, quoted for a shell. */
function shownDir(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  const shown = rel === "" ? "." : rel.startsWith("..") || isAbsolute(rel) ? path : rel;
  return /^[\w./-]+$/.test(shown) ? shown : `'${shown.replaceAll("'", `'\\''`)}'`;
}

/**
 * `--reporter kind=path`, each written after the run (paths relative to `cwd`). Returns one line
 * per file written, naming where it went (the commands print them on stderr).
 */
export function writeReporters(
  report: RunReport,
  reporters: readonly ReporterSpec[],
  cwd: string,
  options: ReporterOptions = {},
): string[] {
  const written: string[] = [];
  for (const reporter of reporters) {
    const path = resolve(cwd, reporter.path);
    if (reporter.kind === "junit") writeFile(path, renderJunit(report));
    else if (reporter.kind === "json") writeFile(path, `${JSON.stringify(report, null, 2)}\n`);
    else writeHtml(report, path, options.projectDir ?? cwd, options.env ?? process.env);
    if (reporter.kind === "html") {
      written.push(
        `HTML report: ${join(path, "index.html")} (open it in a browser)`,
        `to serve it with the trace viewer: ${managerCommand(options.projectDir ?? cwd, options.env ?? process.env)} show-report ${shownDir(cwd, path)}`,
      );
    } else written.push(`${reporter.kind === "junit" ? "JUnit" : "JSON"} report: ${path}`);
  }
  return written;
}

/** The lines of `writeReporters`, on stderr: stdout carries the report alone. */
export function printWritten(lines: readonly string[]): void {
  for (const line of lines) process.stderr.write(`verify-manager: ${line}\n`);
}
