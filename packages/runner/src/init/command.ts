// The CLI side of init: the report, the screen for stderr, the exit code (2 on bad input).
import { InitReportSchema, type InitReport } from "@agent-verify/contract";
import { initProject, type InitOptions } from "./init.js";
import { nextSteps } from "./next-steps.js";
import { InitUsageError } from "./plan.js";

export interface InitOutcome {
  report: InitReport | { schema_version: 1; error: string; error_code: "init_invalid" };
  exitCode: 0 | 2;
  text: string;
}

export function runInit(options: InitOptions): InitOutcome {
  try {
    const report = InitReportSchema.parse(initProject(options));
    return { report, exitCode: 0, text: nextSteps(report) };
  } catch (error) {
    // Bad input, or a file system that refuses a write (EACCES, EROFS...): one line.
    const isFsError = typeof (error as NodeJS.ErrnoException).code === "string";
    if (!(error instanceof InitUsageError) && !isFsError) throw error;
    const message = (error as Error).message;
    return {
      report: { schema_version: 1, error: message, error_code: "init_invalid" },
      exitCode: 2,
      text: `verify-runner init: ${message}\n`,
    };
  }
}
