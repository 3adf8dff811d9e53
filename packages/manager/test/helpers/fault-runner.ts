import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A tiny runner that misbehaves on demand: each flow name is one fault. Real runners
 * cannot be made to hang or print garbage at will, so tests use this (ARCHITECTURE.md).
 */
const RUNNER_SOURCE = String.raw`
import { spawn } from "node:child_process";
const [arg] = process.argv.slice(2);
const marker = process.argv.find((a) => a.startsWith("--marker=")) ?? "--marker=none";
const FLOWS = JSON.parse(process.env.FAULT_FLOWS_JSON ?? "null") ?? __FLOWS__;
const out = (value) => process.stdout.write(JSON.stringify(value) + "\n");
const result = (status, extra = {}) => ({
  schema_version: 1, flow: arg, status, duration_ms: 5,
  steps: status === "pass"
    ? [{ name: "open", status: "pass", duration_ms: 2 }]
    : [{ name: "open", status: "pass", duration_ms: 2 }, { name: "check-cart", status: "fail", duration_ms: 3, error: "expected 1, got 0" }, { name: "pay", status: "not_run", duration_ms: 0 }],
  artifacts: status === "pass" ? {} : { screenshot: "/tmp/shot.png", url_at_failure: "http://127.0.0.1/cart" },
  ...extra,
});
const stubborn = (detached) => spawn(process.execPath, ["-e", "process.on('SIGTERM',()=>{});setInterval(()=>{},1000)", "--", marker], { stdio: "ignore", detached });
const hang = () => setInterval(() => {}, 1000);
process.stderr.write("runner starting " + arg + "\n");
if (process.env.FAULT_RUN_LOG && arg !== "--list") (await import("node:fs")).appendFileSync(process.env.FAULT_RUN_LOG, arg + "\n");
switch (arg) {
  case "--list": out({ schema_version: 1, flows: FLOWS }); break;
  case "--check-browser":
    if (process.env.FAULT_CHECK_BROWSER === "ok") { out({ schema_version: 1, ok: true, source: "PATH (chromium)", executable_path: "/fake/chromium", version: "1.2.3", extra: true }); break; }
    if (process.env.FAULT_CHECK_BROWSER === "fail") { out({ schema_version: 1, ok: false, error: "no browser found", hint: "apt-get install chromium" }); process.exitCode = 2; break; }
    out({ schema_version: 1, flow: arg, status: "error", duration_ms: 0, steps: [], artifacts: {}, error: "unknown flow", error_code: "unknown_flow" }); process.exitCode = 2; break;
  case "pass": out(result("pass")); break;
  case "slow-pass": setTimeout(() => out(result("pass")), Number(process.env.FAULT_SLOW_MS ?? 1000)); break;
  case "fail": out(result("fail")); process.exitCode = 1; break;
  case "hang": hang(); break;
  case "crash": process.stderr.write("boom: segfault-ish\n"); process.exit(3);
  case "garbage": process.stdout.write("hello, I am not JSON\n"); break;
  case "two-objects": out(result("pass")); out(result("pass")); break;
  case "exit0-fail": out(result("fail")); break;
  case "exit1-pass": out(result("pass")); process.exitCode = 1; break;
  case "flood": {
    const chunk = "x".repeat(1024 * 1024);
    let left = 50;
    const write = () => { while (left > 0) { left--; if (!process.stdout.write(chunk)) { process.stdout.once("drain", write); return; } } };
    write();
    break;
  }
  case "stubborn-grandchild": stubborn(false); hang(); break;
  case "escapee": stubborn(true).unref(); hang(); break;
  case "dies-leaving-escapee": stubborn(true).unref(); setTimeout(() => process.kill(process.pid, "SIGKILL"), 1200); break;
  case "leaves-grandchild": stubborn(false).unref(); out(result("pass")); break;
  case "flaky-checkout": {
    const fs = await import("node:fs");
    const file = process.env.FLAKY_COUNTER;
    const seen = file && fs.existsSync(file) ? Number(fs.readFileSync(file, "utf8")) : 0;
    if (file) fs.writeFileSync(file, String(seen + 1));
    if (seen < Number(process.env.FLAKY_FAILS ?? 1)) { out({ ...result("fail"), error: "payment service timed out" }); process.exitCode = 1; }
    else out(result("pass"));
    break;
  }
  case "alternating": {
    // One letter of FLIP_PATTERN per run (p: pass, else fail), counted in FLIP_COUNTER.
    const fs = await import("node:fs");
    const file = process.env.FLIP_COUNTER;
    const seen = file && fs.existsSync(file) ? Number(fs.readFileSync(file, "utf8")) : 0;
    if (file) fs.writeFileSync(file, String(seen + 1));
    const pattern = process.env.FLIP_PATTERN ?? "fp";
    if (pattern[seen % pattern.length] === "p") out(result("pass"));
    else { out(result("fail")); process.exitCode = 1; }
    break;
  }
  case "leak": process.stderr.write("using token " + process.env.LEAKY_API_TOKEN + "\n"); out({ ...result("fail"), error: "login rejected token " + process.env.LEAKY_API_TOKEN }); process.exitCode = 1; break;
  case "wrong-shape": out({ flow: arg, ok: true }); break;
  case "no-browser": out({ ...result("fail"), status: "error", steps: [], error: "no browser found", error_code: "no_browser" }); process.exitCode = 2; break;
  case "runner-timeout": out({ ...result("fail"), error: "step 'check-cart' timed out after 1000 ms", error_code: "timeout" }); process.exitCode = 1; break;
  case "term-reports": process.on("SIGTERM", () => { out({ ...result("fail"), error: "interrupted", error_code: "interrupted" }); process.exit(1); }); hang(); break;
  default: out({ schema_version: 1, flow: arg, status: "error", duration_ms: 0, steps: [], artifacts: {}, error: "unknown flow " + arg, error_code: "unknown_flow" }); process.exitCode = 2;
}
`;

export const FAULT_FLOWS = [
  "pass",
  "slow-pass",
  "fail",
  "hang",
  "crash",
  "garbage",
  "two-objects",
  "exit0-fail",
  "exit1-pass",
  "flood",
  "stubborn-grandchild",
  "escapee",
  "dies-leaving-escapee",
  "leaves-grandchild",
  "wrong-shape",
  "no-browser",
  "runner-timeout",
  "term-reports",
  "leak",
  "flaky-checkout",
  "alternating",
  "unimplemented",
] as const;

export interface FaultProject {
  dir: string;
  marker: string;
}

export interface FaultProjectOptions {
  /** timeout_s for every flow; hang-type flows need it small. */
  timeoutS?: number;
  runnerCommand?: string;
  extraFlows?: string[];
  /** Lines of the manifest's `tickets:` section (indented by the caller). */
  tickets?: string[];
}

/** A temp project whose .verify/workflows.yaml points at the fault runner. */
export function makeFaultProject(options: FaultProjectOptions = {}): FaultProject {
  const dir = mkdtempSync(join(tmpdir(), "vm-fault-"));
  const marker = `vmfault${process.pid}x${Math.random().toString(36).slice(2, 10)}`;
  const names = [...FAULT_FLOWS, ...(options.extraFlows ?? [])];
  const timeout = options.timeoutS ?? 2;
  const flows = names.map((name) => ({
    name,
    description: `fault ${name}`,
    timeout_s: timeout,
    tags:
      name === "pass" || name === "slow-pass"
        ? ["smoke", "happy"]
        : name === "fail"
          ? ["smoke"]
          : ["fault"],
    implemented: name !== "unimplemented",
  }));
  writeFileSync(join(dir, "runner.mjs"), RUNNER_SOURCE.replace("__FLOWS__", JSON.stringify(flows)));
  mkdirSync(join(dir, ".verify"));
  const command = options.runnerCommand ?? `node ./runner.mjs {flow} --marker=${marker}`;
  const yaml = [
    "version: 1",
    `runner_command: ${JSON.stringify(command)}`,
    "flows:",
    ...flows.flatMap((f) => [
      `  - name: ${f.name}`,
      `    timeout_s: ${timeout}`,
      `    tags: [${f.tags.join(", ")}]`,
    ]),
    ...(options.tickets ? ["tickets:", ...options.tickets] : []),
  ].join("\n");
  writeFileSync(join(dir, ".verify", "workflows.yaml"), `${yaml}\n`);
  return { dir, marker };
}
