import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { FlowOutcome, RunReport } from "@agent-verify/contract";
import { ManagerError, ManagerErrorCode } from "../errors.js";
import type { ReporterSpec } from "../run/run-args.js";
import { renderHtml } from "./html.js";
import { renderJunit } from "./junit.js";
import { artifact } from "./text.js";

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

/** The HTML folder keeps its own copy of each flow's evidence, so it can be moved or uploaded. */
function writeHtml(report: RunReport, dir: string): void {
  const link = (outcome: FlowOutcome, key: string): string | undefined => {
    const source = artifact(outcome, key);
    if (!source || !existsSync(source)) return undefined;
    const relative = join(outcome.flow, basename(source));
    mkdirSync(join(dir, outcome.flow), { recursive: true });
    copyFileSync(source, join(dir, relative));
    return relative;
  };
  mkdirSync(dir, { recursive: true });
  writeFile(join(dir, "index.html"), renderHtml(report, link));
}

/** `--reporter kind=path`, each written after the run (paths relative to `cwd`). */
export function writeReporters(
  report: RunReport,
  reporters: readonly ReporterSpec[],
  cwd: string,
): void {
  for (const reporter of reporters) {
    const path = resolve(cwd, reporter.path);
    if (reporter.kind === "junit") writeFile(path, renderJunit(report));
    else if (reporter.kind === "json") writeFile(path, `${JSON.stringify(report, null, 2)}\n`);
    else writeHtml(report, path);
  }
}
