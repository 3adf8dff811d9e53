import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A `--worker` runner that misbehaves on demand, one fault per flow name (a real runner cannot
 * be made to hang, die or print garbage mid-worker at will). Its --list offers `worker`; run
 * with a flow name it behaves like a one-flow runner. Each worker start and each flow it is
 * asked for goes to FAULT_WORKER_LOG as "<pid> start" / "<pid> <flow>".
 */
const SOURCE = String.raw`
import { appendFileSync } from "node:fs";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
const [arg] = process.argv.slice(2);
const marker = process.argv.find((a) => a.startsWith("--marker=")) ?? "--marker=none";
const log = (text, suffix = "") => process.env.FAULT_WORKER_LOG && appendFileSync(process.env.FAULT_WORKER_LOG + suffix, process.pid + " " + text + "\n");
const FLOWS = __FLOWS__;
const line = (value) => process.stdout.write(JSON.stringify(value) + "\n");
const result = (flow, status) => ({
  schema_version: 1, flow, status, duration_ms: 5,
  steps: status === "pass" ? [{ name: "open", status: "pass", duration_ms: 2 }]
    : [{ name: "open", status: "fail", duration_ms: 2, error: "expected 1, got 0" }],
  artifacts: {},
});
const stubborn = () => spawn(process.execPath, ["-e", "process.on('SIGTERM',()=>{});setInterval(()=>{},1000)", "--", marker], { stdio: "ignore", detached: true }).unref();
// Answers one flow; resolves false when the worker must not go on.
function answer(flow) {
  switch (flow) {
    case "pass": line(result(flow, "pass")); return true;
    case "fail": line(result(flow, "fail")); return true;
    case "hang": return new Promise(() => {});
    case "crash": process.stderr.write("boom in the worker\n"); process.exit(3);
    case "garbage": process.stdout.write("hello, I am not JSON\n"); return true;
    case "other-flow": line(result("someone-else", "pass")); return true;
    // A second line for the same flow, while the worker is already on the next one.
    case "two-lines": line(result(flow, "pass")); setTimeout(() => line(result(flow, "pass")), 200); return true;
    case "slow-pass": return new Promise((done) => setTimeout(() => { line(result(flow, "pass")); done(true); }, 1000));
    case "flood": process.stdout.write("x".repeat(17 * 1024 * 1024)); return new Promise(() => {});
    // Past its deadline, the manager's SIGTERM: the flow's interrupted result, then exit (the
    // handler is the worker's own, set at its start, as verify-runner --worker sets its own).
    case "term-reports": return new Promise(() => {});
    // The same, but its line comes 400 ms after the SIGTERM, and it ends at once when its stdin
    // ends (a worker with nothing left to read): under "sh -c", the shell dies on the SIGTERM
    // first, and its stdin must stay open until the worker itself is gone.
    case "term-reports-late": process.stdin.once("end", () => { log("stdin ended before the line", ".signals"); process.exit(0); }); return new Promise(() => {});
    case "escapee-pass": stubborn(); line(result(flow, "pass")); return true;
    default: line({ ...result(flow, "error"), steps: [], error: "unknown flow " + flow, error_code: "unknown_flow" }); return true;
  }
}
if (arg === "--list") line({ schema_version: 1, flows: FLOWS, capabilities: ["worker"] });
else if (arg === "--worker") {
  let current = null;
  process.on("SIGTERM", () => {
    // What the handler did, in <log>.signals (the log itself lists the flows asked).
    log("sigterm " + current, ".signals");
    if (current === "term-reports-late") {
      setTimeout(() => { line({ ...result(current, "fail"), error: "interrupted", error_code: "interrupted" }); process.exit(1); }, 400);
      return;
    }
    if (current === "term-reports") {
      const ok = process.stdout.write(JSON.stringify({ ...result(current, "fail"), error: "interrupted", error_code: "interrupted" }) + "\n");
      log("wrote " + (ok ? "all" : "part, the rest queued") + ", " + process.stdout.writableLength + " bytes pending", ".signals");
    }
    process.exit(1);
  });
  log("start");
  for await (const raw of createInterface({ input: process.stdin })) {
    const flow = raw.trim();
    if (!flow) continue;
    log(flow);
    current = flow;
    process.stderr.write("worker runs " + flow + "\n");
    await answer(flow);
  }
} else {
  log("single " + arg);
  await answer(arg);
  process.exitCode = arg === "pass" || arg === "escapee-pass" ? 0 : arg === "fail" ? 1 : 2;
}
`;

export const WORKER_FAULTS = [
  "pass",
  "fail",
  "hang",
  "crash",
  "garbage",
  "other-flow",
  "two-lines",
  "slow-pass",
  "flood",
  "escapee-pass",
  "term-reports",
  "term-reports-late",
] as const;

export interface FaultWorkerProject {
  dir: string;
  marker: string;
  log: string;
}

/**
 * 2 s a flow; `term-reports` waits out its deadline to be stopped, and gets 6 s so that its
 * worker has long read the flow by then. (A slow start was the first guess for its lost line in
 * full runs; the failure message's worker log later showed the flow had been read, so the cause
 * is elsewhere: see the test.)
 */
function timeoutOf(name: (typeof WORKER_FAULTS)[number]): number {
  return name.startsWith("term-reports") ? 6 : 2;
}

/** A temp project whose runner is the fault worker; `manifestLines` go before `flows:`. */
export function makeFaultWorkerProject(manifestLines: string[] = []): FaultWorkerProject {
  const dir = mkdtempSync(join(tmpdir(), "vm-worker-"));
  const marker = `vmworker${process.pid}x${Math.random().toString(36).slice(2, 10)}`;
  const flows = WORKER_FAULTS.map((name) => ({
    name,
    description: `fault ${name}`,
    timeout_s: timeoutOf(name),
    tags: [],
    implemented: true,
  }));
  writeFileSync(join(dir, "runner.mjs"), SOURCE.replace("__FLOWS__", JSON.stringify(flows)));
  mkdirSync(join(dir, ".verify"));
  const yaml = [
    "version: 1",
    `runner_command: ${JSON.stringify(`node ./runner.mjs {flow} --marker=${marker}`)}`,
    ...manifestLines,
    "flows:",
    ...WORKER_FAULTS.flatMap((name) => [`  - name: ${name}`, `    timeout_s: ${timeoutOf(name)}`]),
  ].join("\n");
  writeFileSync(join(dir, ".verify", "workflows.yaml"), `${yaml}\n`);
  return { dir, marker, log: join(dir, "worker.log") };
}
