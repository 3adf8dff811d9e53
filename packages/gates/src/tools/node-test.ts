import { fileURLToPath } from "node:url";
import type { ExecResult } from "../exec.js";
import type { ToolCommand } from "./command.js";
import { programIndex } from "./known.js";
import type { TestLocation } from "./node-test-locations.js";
import { repoPath, toolFailed, type RawFinding } from "./run-tool.js";
import type { GateTestCase, TestRun } from "./vitest.js";

/** `node --test`: TAP on stdout; gates' own flags go right after `node`, before the test files. */
export function nodeTestArgv(command: ToolCommand, extra: readonly string[] = []): string[] {
  const at = programIndex(command);
  const reporter = ["--test-reporter=tap", "--test-reporter-destination=stdout", ...extra];
  // The command's own reporters give way to gates' TAP, with their values (`--test-reporter spec`).
  const own = command.args.filter(
    (a, i) =>
      !a.startsWith("--test-reporter") &&
      !/^--test-reporter(?:-destination)?$/.test(command.args[i - 1] ?? ""),
  );
  return [...own.slice(0, at), ...reporter, ...own.slice(at)];
}

const RESULT = /^( *)(not ok|ok) \d+ - (.*?)(?: # (SKIP|TODO)\b.*)?$/;
const SUBTEST = /^( *)# Subtest: (.*)$/;
const LOCATION = /^ *location: '(.+?):(\d+):\d+'$/;
const ERROR = /^ *error: (?:\|-?|'(.*)')$/;
const FAILURE_TYPE = /^ *failureType: '(\w+)'$/;

interface TapResult {
  name: string;
  /** The test's own title and depth, as node's events name it. */
  leaf: string;
  level: number;
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
      leaf: match[3] ?? "",
      level,
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

/**
 * Each TAP result with the file and line node's own events give it (TAP names them for a failing
 * test only): the events come in the TAP's order, matched by title and depth.
 */
function located(results: TapResult[], locations: readonly TestLocation[], dir: string) {
  let next = 0;
  for (const result of results) {
    const at = locations.findIndex(
      (l, i) => i >= next && l.name === result.leaf && l.nesting === result.level,
    );
    if (at < 0) continue;
    next = at + 1;
    const { file, line } = locations[at] as TestLocation;
    if (result.file === null && file !== null) {
      result.file = repoPath(dir, file.startsWith("file://") ? fileURLToPath(file) : file);
      result.line = line;
    }
  }
  return results;
}

/** `node --test` exits 1 for failing tests and for a file it cannot find: only TAP decides. */
export function readNodeTestRun(
  command: ToolCommand,
  result: ExecResult,
  dir: string,
  locations: readonly TestLocation[] = [],
): TestRun {
  const results = located(tapResults(result.stdout, dir), locations, dir);
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
