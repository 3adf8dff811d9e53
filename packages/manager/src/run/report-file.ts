import { readFileSync } from "node:fs";
import { RunReportSchema, type RunReport } from "@agent-verify/contract";
import { ManagerError, ManagerErrorCode } from "../errors.js";

/** A `--json` report read back (a shard's, or the last run's for `--durations`); errors name the file. */
export function readReportFile(path: string): RunReport {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ManagerError(ManagerErrorCode.ReportInvalid, `${path}: cannot read it`, {
      hint: "give the file written from `verify-manager run --json` (stdout)",
      cause: error,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ManagerError(ManagerErrorCode.ReportInvalid, `${path}: not JSON`, {
      hint: "give the file written from `verify-manager run --json` (stdout)",
    });
  }
  const parsed = RunReportSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.map(String).join(".") || "(report)";
    throw new ManagerError(
      ManagerErrorCode.ReportInvalid,
      `${path}: ${where}: ${issue?.message ?? "invalid"} (not a verify-manager run report)`,
    );
  }
  return parsed.data;
}

/** Each flow's last known duration, from a previous report. */
export function durationsFrom(report: RunReport): Map<string, number> {
  return new Map(report.outcomes.map((outcome) => [outcome.flow, outcome.duration_ms]));
}
