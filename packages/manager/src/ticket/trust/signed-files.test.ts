import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LoopStatus, VerifyLogEntry } from "@agent-verify/contract";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  ForeignLoopFileError,
  readLoopStatus,
  statusPath,
  writeLoopStatus,
} from "../batch/loop-status-file.js";
import { appendLogEntry, formatLogProblems, logPath, readLog } from "../record/verify-log.js";
import { KEY_FILE, signingKey } from "./key.js";
import { stateDir } from "@agent-verify/contract/state-dir";

function entry(overrides: Partial<VerifyLogEntry> = {}): VerifyLogEntry {
  return {
    schema_version: 1,
    ticket: "bd-1",
    attempt: 1,
    timestamp: "2025-01-01T00:00:00.000Z",
    tree_hash: null,
    type: "task",
    pass: false,
    decision: "retry",
    counted: true,
    flows_run: ["checkout"],
    passed_flows: [],
    failed_flows: [{ flow: "checkout", outcome: "fail", failing_step: "pay", error: "x" }],
    tests_ran: false,
    failed_tests: [],
    failed_ac: [],
    lint_errors: [],
    typecheck_errors: [],
    gate_findings: [],
    gates: { status: "not_run", exit_code: null, already_verified: false, error: null },
    flaky: [],
    setup_error: null,
    fingerprint: "f1",
    same_as_previous: false,
    deliverable_review: null,
    manual_smoke_required: false,
    ...overrides,
  };
}

const status = (): LoopStatus => ({
  schema_version: 1,
  state: "done",
  started_at: "2025-01-01T00:00:00.000Z",
  updated_at: "2025-01-01T00:00:00.000Z",
  selection: { labels: [], status: "open", limit: 0 },
  halt_reason: null,
  tickets: [{ id: "bd-1", state: "passed", attempt: 1, reason: null, updated_at: "x" }],
});

let dir: string;
let state: string;
let key: Buffer;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "vm-signed-"));
  state = fs.mkdtempSync(path.join(os.tmpdir(), "vm-signed-state-"));
  key = signingKey({
    env: { VERIFY_STATE_DIR: path.join(state, "s") },
    dir,
    create: true,
  }) as Buffer;
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(state, { recursive: true, force: true });
});

describe("the signing key", () => {
  it("is made on first use in a 0700 folder, as a 0600 file, and is the same afterwards", () => {
    const folder = path.join(state, "s");
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(folder, KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(folder, KEY_FILE), "utf8")).toMatch(/^[0-9a-f]{64}\n$/);
    const again = signingKey({ env: { VERIFY_STATE_DIR: folder }, dir, create: false });
    expect(again?.equals(key)).toBe(true);
  });

  it("is refused inside the project folder, where the worker could read it", () => {
    const env = { VERIFY_STATE_DIR: path.join(dir, ".verify", "state") };
    expect(() => signingKey({ env, dir, create: true })).toThrow(
      /^cannot use the state folder .*: it is inside the project folder/,
    );
    expect(fs.existsSync(path.join(dir, ".verify"))).toBe(false);
  });

  it("lives in VERIFY_STATE_DIR, else $XDG_STATE_HOME/agent-verify, else ~/.local/state/agent-verify", () => {
    expect(stateDir({ VERIFY_STATE_DIR: "/s", XDG_STATE_HOME: "/x", HOME: "/h" })).toBe("/s");
    expect(stateDir({ XDG_STATE_HOME: "/x", HOME: "/h" })).toBe("/x/agent-verify");
    expect(stateDir({ XDG_STATE_HOME: "relative", HOME: "/h" })).toBe(
      "/h/.local/state/agent-verify",
    );
    expect(stateDir({ HOME: "/h" })).toBe("/h/.local/state/agent-verify");
  });
});

describe("signed log lines", () => {
  const forged = (value: unknown) => {
    fs.mkdirSync(path.dirname(logPath(dir)), { recursive: true });
    fs.appendFileSync(logPath(dir), `${JSON.stringify(value)}\n`);
  };

  it("an unsigned line, a line whose signed bytes were edited, and one signed with another key are foreign", () => {
    appendLogEntry(dir, entry(), { key });
    forged(entry({ attempt: 2, pass: true, decision: "pass", counted: false, failed_flows: [] }));
    const text = fs.readFileSync(logPath(dir), "utf8").split("\n")[0] ?? "";
    // Flip the verdict of the genuine line, keep its mac.
    fs.appendFileSync(
      logPath(dir),
      `${text.replace('"attempt":1', '"attempt":3').replace('"decision":"retry"', '"decision":"pass"')}\n`,
    );
    appendLogEntry(dir, entry({ attempt: 4 }), { key: Buffer.alloc(32, 7) });
    const read = readLog(dir, { key });
    expect(read.entries.map((e) => e.attempt)).toEqual([1]);
    expect(read.entries[0]).not.toHaveProperty("mac");
    expect(read.problems).toEqual([
      { line: 2, message: "not signed by this manager", foreign: true },
      { line: 3, message: "not signed by this manager", foreign: true },
      { line: 4, message: "not signed by this manager", foreign: true },
    ]);
    expect(formatLogProblems(".verify/log.jsonl", read.problems)).toEqual([
      ".verify/log.jsonl: 3 lines are not signed by this manager (first: line 2): foreign, written by someone else or before log lines were signed, so never used for a verdict, a resume or the retry budget",
    ]);
  });

  it("without a key yet, every line is foreign; nothing throws", () => {
    forged(entry());
    const read = readLog(dir, { key: null });
    expect(read.entries).toEqual([]);
    expect(read.problems).toHaveLength(1);
  });
});

describe("the signed status file", () => {
  it("round-trips when signed; unsigned or edited it is foreign", () => {
    writeLoopStatus(dir, status(), { key });
    expect(readLoopStatus(dir, { key })).toEqual(status());
    const text = fs.readFileSync(statusPath(dir), "utf8");
    expect(text).toMatch(/,\n {2}"mac": "[0-9a-f]{64}"\n\}\n$/);
    fs.writeFileSync(statusPath(dir), text.replace('"state": "done"', '"state": "running"'));
    expect(() => readLoopStatus(dir, { key })).toThrow(ForeignLoopFileError);
    fs.writeFileSync(statusPath(dir), JSON.stringify(status(), null, 2));
    expect(() => readLoopStatus(dir, { key })).toThrow(
      /^\.verify\/loop-status\.json: not signed by this manager/,
    );
  });
});
