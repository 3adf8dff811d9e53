#!/usr/bin/env node
// Manager benchmarks (not tests): medians and ratios measured in one run.
//   1. Overhead: one flow through `verify-manager run` vs the runner called directly.
//   2. Throughput: the same flows with --jobs 1 vs --jobs 2 (synthetic runner, 10 flows;
//      and the repo's real flows over the demo shop with Chromium).
// Usage: node bench/manager-bench.mjs [--runs 7] [--flow checkout-happy-path]
// Needs: pnpm build (runner, manager, demo-shop), Chromium on PATH.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MANAGER = join(ROOT, "packages/manager/bin/verify-manager.js");
const RUNNER = join(ROOT, "node_modules/.bin/verify-runner");
const SHOP = join(ROOT, "apps/demo-shop/dist/server.js");

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg("runs", "7"));
const FLOW = arg("flow", "checkout-happy-path");

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function timed(command, args, options) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.once("error", reject);
    child.once("close", (code) =>
      resolve({ ms: performance.now() - started, code, stdout, stderr }),
    );
  });
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startShop() {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port) };
  delete env.DEMO_BUG;
  const child = spawn(process.execPath, [SHOP], { env, stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, child };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill();
  throw new Error("demo shop did not start");
}

function syntheticProject(count, sleepMs) {
  const dir = mkdtempSync(join(tmpdir(), "vm-bench-"));
  mkdirSync(join(dir, ".verify"));
  const names = Array.from({ length: count }, (_, i) => `bench-${String(i + 1).padStart(2, "0")}`);
  const flows = names.map((name) => ({
    name,
    description: "",
    timeout_s: 30,
    tags: [],
    implemented: true,
  }));
  writeFileSync(
    join(dir, "runner.mjs"),
    `const flow = process.argv[2];
if (flow === "--list") { console.log(JSON.stringify({ schema_version: 1, flows: ${JSON.stringify(flows)} })); }
else { const t = Date.now(); while (Date.now() - t < 50) {} // a little CPU, like a real runner starting
  setTimeout(() => console.log(JSON.stringify({ schema_version: 1, flow, status: "pass", duration_ms: ${sleepMs}, steps: [], artifacts: {} })), ${sleepMs}); }\n`,
  );
  writeFileSync(
    join(dir, ".verify/workflows.yaml"),
    `version: 1\nrunner_command: "node runner.mjs {flow}"\nflows:\n${names.map((n) => `  - name: ${n}\n    timeout_s: 30\n`).join("")}`,
  );
  return { dir, names };
}

async function overhead(env) {
  const direct = [];
  const managed = [];
  const added = [];
  // One warm-up each, then interleave so drift hits both sides alike.
  await timed(RUNNER, [FLOW], { cwd: ROOT, env });
  await timed(process.execPath, [MANAGER, "run", FLOW, "--dir", ROOT], { cwd: ROOT, env });
  for (let i = 0; i < RUNS; i++) {
    const d = await timed(RUNNER, [FLOW], { cwd: ROOT, env });
    const m = await timed(process.execPath, [MANAGER, "run", FLOW, "--json", "--dir", ROOT], {
      cwd: ROOT,
      env,
    });
    if (d.code !== 0 || m.code !== 0)
      throw new Error(
        `flow ${FLOW} did not pass: runner ${d.code}, manager ${m.code}\n${m.stderr}`,
      );
    direct.push(d.ms);
    managed.push(m.ms);
    // What the manager adds inside the same run: its wall time minus the runner child's.
    added.push(m.ms - JSON.parse(m.stdout).outcomes[0].duration_ms);
  }
  return { direct, managed, added };
}

async function throughput(dir, names, env, jobs) {
  const result = await timed(
    process.execPath,
    [MANAGER, "run", ...names, "--jobs", String(jobs), "--json", "--dir", dir],
    {
      cwd: dir,
      env,
    },
  );
  const report = JSON.parse(result.stdout);
  const passed = report.outcomes.filter((o) => o.outcome === "pass").length;
  return { ms: result.ms, passed, total: report.outcomes.length };
}

const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const shop = await startShop();
  const env = {
    ...process.env,
    VERIFY_BASE_URL: shop.url,
    VERIFY_ARTIFACTS_DIR: mkdtempSync(join(tmpdir(), "vm-bench-art-")),
  };
  try {
    console.log(
      `manager benchmark — ${new Date().toISOString()}, node ${process.version}, flow ${FLOW}, ${RUNS} runs each`,
    );
    const { direct, managed, added } = await overhead(env);
    const ratio = median(managed) / median(direct);
    console.log(`\n1. overhead (${FLOW}, ${RUNS} interleaved runs after a warm-up)`);
    console.log(
      `   runner directly      median ${fmt(median(direct))}  (${direct.map(fmt).join(", ")})`,
    );
    console.log(
      `   verify-manager run   median ${fmt(median(managed))}  (${managed.map(fmt).join(", ")})`,
    );
    const ownMs = median(added);
    console.log(
      `   manager's own time inside each run (its wall time - the runner child's): median ${Math.round(ownMs)} ms (${added.map((ms) => Math.round(ms)).join(", ")})`,
    );
    console.log(
      `   = ${(1 + ownMs / median(direct)).toFixed(3)}x of the direct median (noise-free estimate)`,
    );
    console.log(
      `   ratio ${ratio.toFixed(3)}x  (+${Math.round(median(managed) - median(direct))} ms)  target <= 1.05x: ${ratio <= 1.05 ? "met" : "MISSED"}`,
    );

    const synthetic = syntheticProject(10, 1500);
    const s1 = await throughput(synthetic.dir, synthetic.names, env, 1);
    const s2 = await throughput(synthetic.dir, synthetic.names, env, 2);
    rmSync(synthetic.dir, { recursive: true, force: true });
    const sRatio = s1.ms / s2.ms;
    console.log(`\n2a. throughput, 10 synthetic flows (1.5 s each, no browser)`);
    console.log(
      `   --jobs 1 ${fmt(s1.ms)} (${s1.passed}/${s1.total} pass)   --jobs 2 ${fmt(s2.ms)} (${s2.passed}/${s2.total} pass)`,
    );
    console.log(
      `   speed-up ${sRatio.toFixed(2)}x  target >= 1.7x: ${sRatio >= 1.7 ? "met" : "MISSED"}`,
    );

    const list = JSON.parse((await timed(RUNNER, ["--list"], { cwd: ROOT, env })).stdout);
    const real = list.flows.filter((f) => f.implemented).map((f) => f.name);
    const r1 = await throughput(ROOT, real, env, 1);
    const r2 = await throughput(ROOT, real, env, 2);
    const rRatio = r1.ms / r2.ms;
    console.log(
      `\n2b. throughput, the repo's ${real.length} real flows (Chromium + demo shop, 2 cores)`,
    );
    console.log(
      `   --jobs 1 ${fmt(r1.ms)} (${r1.passed}/${r1.total} pass)   --jobs 2 ${fmt(r2.ms)} (${r2.passed}/${r2.total} pass)`,
    );
    console.log(
      `   speed-up ${rRatio.toFixed(2)}x  target >= 1.7x: ${rRatio >= 1.7 ? "met" : "MISSED"}`,
    );
  } finally {
    shop.child.kill("SIGTERM");
    rmSync(env.VERIFY_ARTIFACTS_DIR, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
