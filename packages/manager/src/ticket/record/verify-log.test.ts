import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { VerifyLogEntry } from "@agent-verify/contract";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  appendLogEntry,
  duplicateAttempts,
  formatLogProblems,
  LOG_FILE,
  logPath,
  readLog,
  ticketHistory,
} from "./verify-log.js";

function logEntry(overrides: Partial<VerifyLogEntry> = {}): VerifyLogEntry {
  return {
    schema_version: 1,
    ticket: "bd-1",
    attempt: 1,
    timestamp: "2025-01-01T00:00:00.000Z",
    tree_hash: "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
    type: "bug",
    pass: false,
    decision: "retry",
    counted: true,
    flows_run: ["checkout"],
    passed_flows: [],
    failed_flows: [{ flow: "checkout", outcome: "fail", failing_step: "pay", error: "expected 1" }],
    tests_ran: true,
    failed_tests: [],
    failed_ac: [],
    lint_errors: [],
    typecheck_errors: [],
    gate_findings: [],
    gates: { status: "pass", exit_code: 0, already_verified: false, error: null },
    flaky: [],
    setup_error: null,
    fingerprint: "f1",
    same_as_previous: false,
    deliverable_review: null,
    manual_smoke_required: false,
    ...overrides,
  };
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "verify-log-"));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const raw = () => fs.readFileSync(logPath(dir), "utf8");

describe("appendLogEntry / readLog", () => {
  it("reads a missing log as empty", () => {
    expect(readLog(dir)).toEqual({ entries: [], problems: [] });
  });

  it("round-trips entries, one JSON line each, creating .verify/", () => {
    const first = logEntry();
    const second = logEntry({ attempt: 2, pass: true, decision: "pass", failed_flows: [] });
    appendLogEntry(dir, first);
    appendLogEntry(dir, second);
    expect(logPath(dir)).toBe(path.join(dir, LOG_FILE));
    expect(raw().split("\n")).toHaveLength(3);
    expect(raw().endsWith("\n")).toBe(true);
    expect(readLog(dir)).toEqual({ entries: [first, second], problems: [] });
  });

  it("reports a torn last line once, then starts the next append on a fresh line", () => {
    appendLogEntry(dir, logEntry());
    fs.appendFileSync(logPath(dir), '{"schema_version":1,"ticket":"bd-1","att');
    expect(readLog(dir)).toEqual({
      entries: [logEntry()],
      problems: [{ line: 2, message: "torn last line (killed mid-write?)" }],
    });

    appendLogEntry(dir, logEntry({ attempt: 2 }));
    const lines = raw().split("\n");
    expect(lines[1]).toBe('{"schema_version":1,"ticket":"bd-1","att');
    // The line carries its signature as the last field; readers get the entry without it.
    const { mac, ...written } = JSON.parse(lines[2] ?? "") as VerifyLogEntry;
    expect(written).toEqual(logEntry({ attempt: 2 }));
    expect(mac).toMatch(/^[0-9a-f]{64}$/);
    const read = readLog(dir);
    expect(read.entries).toEqual([logEntry(), logEntry({ attempt: 2 })]);
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]?.line).toBe(2);
    expect(read.problems[0]?.message).toMatch(/JSON|Unexpected|Unterminated/);
  });

  it("skips a garbage middle line and names its line number", () => {
    appendLogEntry(dir, logEntry());
    fs.appendFileSync(logPath(dir), "not json at all\n");
    appendLogEntry(dir, logEntry({ attempt: 2 }));
    const read = readLog(dir);
    expect(read.entries.map((entry) => entry.attempt)).toEqual([1, 2]);
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]?.line).toBe(2);
    expect(read.problems[0]?.message).toMatch(/JSON|Unexpected token/);
    expect(read.problems[0]?.message).not.toContain("\n");
  });

  it("reports a JSON line that fails the schema with the field path", () => {
    const bad = { ...logEntry(), failed_flows: [{ flow: "x", outcome: "nope" }] };
    fs.mkdirSync(path.dirname(logPath(dir)));
    fs.writeFileSync(logPath(dir), `${JSON.stringify(bad)}\n`);
    const read = readLog(dir);
    expect(read.entries).toEqual([]);
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]?.message).toMatch(/^failed_flows\[0\]\.outcome: /);
  });

  it("reports an unterminated last line that is JSON but not an entry as a schema problem", () => {
    fs.mkdirSync(path.dirname(logPath(dir)));
    fs.writeFileSync(logPath(dir), "{}");
    expect(readLog(dir).problems).toEqual([
      { line: 1, message: expect.stringMatching(/^[a-z_]+: /) },
    ]);
  });

  it("skips blank lines silently", () => {
    appendLogEntry(dir, logEntry());
    fs.appendFileSync(logPath(dir), "\n\n");
    appendLogEntry(dir, logEntry({ attempt: 2 }));
    expect(readLog(dir).problems).toEqual([]);
    expect(readLog(dir).entries).toHaveLength(2);
  });

  it("refuses an entry that fails the schema and writes nothing", () => {
    const bad = { ...logEntry(), attempt: 0 };
    expect(() => appendLogEntry(dir, bad)).toThrow(/attempt/);
    expect(fs.existsSync(path.join(dir, ".verify"))).toBe(false);

    appendLogEntry(dir, logEntry());
    const before = raw();
    expect(() => appendLogEntry(dir, { ...logEntry(), extra: 1 } as VerifyLogEntry)).toThrow();
    expect(raw()).toBe(before);
  });
});

describe("formatLogProblems", () => {
  it("gives one `<file>:<line>: <message>` line per problem", () => {
    const problems = [
      { line: 2, message: "Unexpected token" },
      { line: 5, message: "torn last line (killed mid-write?)" },
    ];
    expect(formatLogProblems(".verify/log.jsonl", problems)).toEqual([
      ".verify/log.jsonl:2: Unexpected token",
      ".verify/log.jsonl:5: torn last line (killed mid-write?)",
    ]);
  });
});

describe("ticketHistory / duplicateAttempts", () => {
  const entries = [
    logEntry({ ticket: "bd-2", attempt: 1 }),
    logEntry({ ticket: "bd-1", attempt: 2, fingerprint: "second" }),
    logEntry({ ticket: "bd-1", attempt: 1 }),
    logEntry({ ticket: "bd-1", attempt: 2, fingerprint: "duplicate" }),
    logEntry({ ticket: "bd-1", attempt: 2, fingerprint: "again" }),
    logEntry({ ticket: "bd-1", attempt: 3 }),
  ];

  it("returns one ticket's entries in attempt order, keeping the first of a duplicate", () => {
    const history = ticketHistory(entries, "bd-1");
    expect(history.map((entry) => [entry.attempt, entry.fingerprint])).toEqual([
      [1, "f1"],
      [2, "second"],
      [3, "f1"],
    ]);
    expect(ticketHistory(entries, "bd-9")).toEqual([]);
  });

  it("names each duplicated (ticket, attempt) once", () => {
    expect(duplicateAttempts(entries)).toEqual([{ ticket: "bd-1", attempt: 2 }]);
    expect(duplicateAttempts(ticketHistory(entries, "bd-1"))).toEqual([]);
  });
});
