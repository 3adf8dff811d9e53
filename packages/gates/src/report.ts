import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type {
  AggregatedVerdict,
  GateFinding,
  GateStage,
  GatesMode,
  GatesReport,
  GatesStatus,
  StageResult,
  StampInputs,
  ChangedFile,
} from "@agent-verify/contract";
import type { TestScope } from "./diff/test-scope.js";
import type { GatesError } from "./errors.js";
import { redact as redactShared } from "@agent-verify/contract/redact";
import { redact } from "./mask.js";
import { GATES_EXIT_CODE_BY_STATUS } from "@agent-verify/contract/constants";
import { NEEDS_HUMAN } from "./stage-names.js";
import type { GateTestCase } from "./tools/vitest.js";
import { uncheckedOf } from "./unchecked.js";

export interface ReportParts {
  version: string;
  /** The repository the run verified, once found. */
  projectDir?: string | undefined;
  mode: GatesMode;
  base: GatesReport["base"];
  only: GateStage[] | undefined;
  durationMs: number;
  stages: StageResult[];
  changedFiles: ChangedFile[];
  stamp: { hash: string; written: boolean; inputs: StampInputs } | undefined;
  /** The test cases of the run's vitest commands, or of the run that wrote a matching stamp. */
  tests: GateTestCase[] | undefined;
  /** Which tests the run ran: the whole suite or the related ones, and why. */
  testsScope?: GatesReport["tests_scope"];
  alreadyVerified: boolean;
  error: GatesError | undefined;
  secrets: ReadonlySet<string>;
  task: GatesReport["task"];
  /** The oracle the change was judged against. */
  oracle: GatesReport["oracle"];
  verdict: AggregatedVerdict | undefined;
  /** The repository's latest agent loop, read from the state folder. */
  agentLoop?: GatesReport["agent_loop"];
}

/** The report's `tests_scope`: the scope, why, and for a related run the test files it ran and left out. */
export function testsScopeReport(scope: TestScope): NonNullable<GatesReport["tests_scope"]> {
  return {
    scope: scope.scope,
    reason: scope.reason,
    test_files: scope.files,
    unrelated_test_files: scope.unrelated,
  };
}

function statusOf(parts: ReportParts): GatesStatus {
  if (parts.error || parts.stages.some((s) => s.status === "error")) return "error";
  const findings = parts.stages.flatMap((s) => s.findings);
  if (findings.some((f) => f.rule === NEEDS_HUMAN)) return "needs_human";
  return findings.length > 0 || parts.stages.some((s) => s.status === "fail") ? "fail" : "pass";
}

/** The one place the report is assembled, redacted; zod-free, for the stamp-hit path. */
export function assembleReport(parts: ReportParts): GatesReport {
  const status = statusOf(parts);
  const findings: GateFinding[] = parts.stages.flatMap((s) => s.findings);
  // A full run that passed because nothing could check the change verified nothing.
  const unchecked =
    status === "pass" && parts.only === undefined && !parts.alreadyVerified
      ? uncheckedOf(parts.stages, parts.changedFiles)
      : undefined;
  const report: GatesReport = {
    schema_version: 1,
    version: parts.version,
    status,
    exit_code: GATES_EXIT_CODE_BY_STATUS[status],
    already_verified: parts.alreadyVerified,
    mode: parts.mode,
    base: parts.base,
    only: parts.only ?? null,
    duration_ms: Math.round(parts.durationMs),
    stages: parts.stages,
    findings,
    changed_files: parts.changedFiles,
    ...(parts.tests ? { tests: parts.tests } : {}),
    ...(parts.testsScope ? { tests_scope: parts.testsScope } : {}),
    // A red report names no stamp: it is what a forged green would need (and stamps are signed anyway).
    stamp: status === "pass" ? (parts.stamp ?? null) : null,
    ...(parts.error
      ? {
          error: {
            code: parts.error.code,
            message: parts.error.message,
            ...(parts.error.hint ? { hint: parts.error.hint } : {}),
          },
        }
      : {}),
    ...(parts.task ? { task: parts.task } : {}),
    ...(parts.oracle ? { oracle: parts.oracle } : {}),
    ...(parts.verdict ? { judge: parts.verdict } : {}),
    ...(parts.agentLoop ? { agent_loop: parts.agentLoop } : {}),
    ...(unchecked ? { unchecked } : {}),
    ...(parts.projectDir ? { project_dir: parts.projectDir } : {}),
  };
  return JSON.parse(redact(JSON.stringify(report), parts.secrets)) as GatesReport;
}

/** The report, redacted and validated against the contract's schema before anyone sees it. */
export async function buildReport(parts: ReportParts): Promise<GatesReport> {
  const { GatesReportSchema } = await import("@agent-verify/contract/gates-report");
  return GatesReportSchema.parse(assembleReport(parts));
}

export async function writeOutputs(
  root: string,
  report: GatesReport,
  summary: string,
): Promise<void> {
  await mkdir(join(root, ".verify"), { recursive: true });
  // The report is redacted when assembled; the files are the outermost sink, so once more.
  const json = redactShared(`${JSON.stringify(report, null, 2)}\n`);
  await writeFile(join(root, ".verify", "gates.json"), json);
  await writeFile(join(root, ".verify", "summary.txt"), redactShared(summary));
}
