import type { ExecResult } from "../exec.js";
import type { ToolCommand } from "./command.js";
import { programIndex } from "./known.js";
import { repoPath, toolFailed, type RawFinding } from "./run-tool.js";
import type { GateTestCase, TestRun } from "./vitest.js";

/** `node --test`: TAP on stdout; gates' own flags go right after `node`, before the test files. */
export function nodeTestArgv(command: ToolCommand): string[] {
  const at = programIndex(command);
  const reporter = ["--test-reporter=tap", "--test-reporter-destination=stdout"];
  const own = command.args.filter((a) => !a.startsWith("--test-reporter"));
  return [...own.slice(0, at), ...reporter, ...own.slice(at)];
}

const RESULT = /^( *)(not ok|ok) \d+ - (.*?)(?: # (SKIP|TODO)\b.*)?$/;
const SUBTEST = /^( *)# Subtest: (.*)$/;
const LOCATION = /^ *location: '(.+?):(\d+):\d+'$/;
const ERROR = /^ *error: (?:\|-?|'(.*)')$/;
const FAILURE_TYPE = /^ *failureType: '(\w+)'$/;

interface TapResult {
  name: string;
  ok: boolean;
  directive: string | undefined;
  file: string | null;
  line: number | null;
  error: string;
  failureType: string;
}

/** Every test result of a TAP stream with its YAML block's location, error and failure type. */
function tapResults(stdout: string, dir: string): TapResult[] {
  const lines = stdout.split("\n");
  const stack: string[] = [];
  const results: TapResult[] = [];
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i] ?? "";
    const sub = SUBTEST.exec(text);
    if (sub) {
      stack[(sub[1] ?? "").length / 4] = sub[2] ?? "";
      continue;
    }
    const match = RESULT.exec(text);
    if (!match) continue;
    const level = (match[1] ?? "").length / 4;
    const name = [...stack.slice(0, level), match[3] ?? ""].join(" > ");
    const result: TapResult = {
      name,
      ok: match[2] === "ok",
      directive: match[4],
      file: null,
      line: null,
      error: "",
      failureType: "",
    };
    for (let j = i + 1; j < lines.length && !/^ *\.\.\.$/.test(lines[j] ?? ""); j++) {
      const yaml = lines[j] ?? "";
      const location = LOCATION.exec(yaml);
      if (location) {
        result.file = repoPath(dir, location[1] ?? "");
        result.line = Number(location[2]);
      }
      const error = ERROR.exec(yaml);
      if (error) result.error = error[1] ?? (lines[j + 1] ?? "").trim();
      const type = FAILURE_TYPE.exec(yaml);
      if (type) result.failureType = type[1] ?? "";
    }
    results.push(result);
  }
  return results;
}

/** `node --test` exits 1 for failing tests and for a file it cannot find: only TAP decides. */
export function readNodeTestRun(command: ToolCommand, result: ExecResult, dir: string): TestRun {
  const results = tapResults(result.stdout, dir);
  // A suite fails because a test in it failed: that test is the finding.
  const failed = results.filter((r) => !r.ok && r.failureType !== "subtestsFailed");
  const findings: RawFinding[] = failed.map((r) => ({
    file: r.file,
    line: r.line,
    rule: "test-failed",
    message: `${r.name}: ${r.error || "failed"}`,
  }));
  if (result.exitCode !== 0 && findings.length === 0)
    throw toolFailed("tests", command, result, "failed without a failing test in its TAP");
  const tests: GateTestCase[] = results
    .filter((r) => r.failureType !== "subtestsFailed")
    .map((r) => ({
      file: r.file,
      name: r.name,
      status: r.directive ? "skipped" : r.ok ? "passed" : "failed",
    }));
  return { findings, totalTests: tests.length, coverage: new Map(), tests };
}
