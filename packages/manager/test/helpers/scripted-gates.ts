import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { GateFinding, GatesReport, GateTestCase } from "@agent-verify/contract";

/**
 * A gates command that prints the reports a test scripted, one per run (the last one
 * repeats), and records its arguments. Real gates run against a real repo in
 * ticket-loop.integration.test.ts; this drives the loop's decisions fast.
 */
const SCRIPT = String.raw`
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
const [queueFile, callsFile] = process.argv.slice(2, 4);
const args = process.argv.slice(4);
appendFileSync(callsFile, JSON.stringify(args) + "\n");
const queue = JSON.parse(readFileSync(queueFile, "utf8"));
const report = queue.length > 1 ? queue.shift() : queue[0];
writeFileSync(queueFile, JSON.stringify(queue));
process.stdout.write(JSON.stringify(report) + "\n");
process.exitCode = report.exit_code;
`;

export interface ScriptedGates {
  /** The tickets.gates_command to put in the manifest. */
  command: string;
  /** The reports the next runs print, in order; the last repeats. */
  script(...reports: GatesReport[]): void;
  /** The arguments of every run so far. */
  calls(): string[][];
}

export function scriptedGates(dir: string): ScriptedGates {
  const script = join(dir, "scripted-gates.mjs");
  const queue = join(dir, "gates-queue.json");
  const calls = join(dir, "gates-calls.jsonl");
  writeFileSync(script, SCRIPT);
  writeFileSync(queue, "[]");
  return {
    command: `node ${JSON.stringify(script)} ${JSON.stringify(queue)} ${JSON.stringify(calls)}`,
    script: (...reports) => {
      writeFileSync(queue, JSON.stringify(reports));
      if (!existsSync(calls)) appendFileSync(calls, "");
    },
    calls: () =>
      existsSync(calls)
        ? readFileSync(calls, "utf8")
            .split("\n")
            .filter(Boolean)
            .map((line) => JSON.parse(line) as string[])
        : [],
  };
}

/** A gates report: pass when there are no findings, else fail (exit 1). */
export function gatesReport(
  findings: Array<Partial<GateFinding> & Pick<GateFinding, "stage" | "rule" | "message">> = [],
  tests?: GateTestCase[],
): GatesReport {
  const full = findings.map((f) => ({ file: null, line: null, hint: null, ...f }));
  const isPass = full.length === 0;
  return {
    schema_version: 1,
    version: "0.0.0-scripted",
    status: isPass ? "pass" : "fail",
    exit_code: isPass ? 0 : 1,
    already_verified: false,
    mode: "pre-commit",
    base: { ref: "main", commit: null, merge_base: null },
    only: null,
    duration_ms: 1,
    stages: [{ stage: "tests", status: isPass ? "pass" : "fail", duration_ms: 1, findings: [] }],
    findings: full,
    changed_files: [],
    ...(tests ? { tests } : {}),
    stamp: null,
  };
}
