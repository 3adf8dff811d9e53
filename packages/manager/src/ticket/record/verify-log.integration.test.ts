import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { readLog } from "./verify-log.js";

// The children load the built module (turbo builds dist/ first; test/global-setup.ts checks it).
const builtModule = new URL("../../../dist/ticket/record/verify-log.js", import.meta.url).href;
const WRITERS = 20;
const APPENDS_EACH = 25;

const writerScript = `
import { appendLogEntry } from ${JSON.stringify(builtModule)};
const [dir, ticket] = process.argv.slice(1);
for (let attempt = 1; attempt <= ${APPENDS_EACH}; attempt++) {
  appendLogEntry(dir, {
    schema_version: 1, ticket, attempt, timestamp: new Date().toISOString(), tree_hash: null,
    type: "task", pass: false, decision: "retry", counted: true, flows_run: [], passed_flows: [],
    failed_flows: [], tests_ran: false, failed_tests: [], failed_ac: [], lint_errors: [],
    typecheck_errors: [], gate_findings: [],
    gates: { status: "fail", exit_code: 1, already_verified: false, error: "x".repeat(20000) },
    flaky: [], setup_error: null, fingerprint: ticket, same_as_previous: false,
  });
}
`;

function runWriter(dir: string, ticket: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--input-type=module", "-e", writerScript, dir, ticket],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    child.once("error", reject);
    child.once("close", resolve);
  });
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "verify-log-procs-"));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

it("keeps every line whole when 20 processes append at once", async () => {
  const tickets = Array.from({ length: WRITERS }, (_, i) => `bd-${i + 1}`);
  const exitCodes = await Promise.all(tickets.map((ticket) => runWriter(dir, ticket)));
  expect(exitCodes).toEqual(tickets.map(() => 0));

  const { entries, problems } = readLog(dir);
  expect(problems).toEqual([]);
  expect(entries).toHaveLength(WRITERS * APPENDS_EACH);
  for (const ticket of tickets) {
    const attempts = entries.filter((entry) => entry.ticket === ticket).map((e) => e.attempt);
    expect(attempts).toEqual(Array.from({ length: APPENDS_EACH }, (_, i) => i + 1));
  }
});
