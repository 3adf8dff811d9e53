#!/usr/bin/env node
// Scale benchmarks (not tests): wall times and ratios measured in one run, on the repo's
// seven demo flows over the real demo shop and Chromium, in a copy of .verify/ on a free
// port (so nothing else on this machine shares its web server).
//   1. today's shape: each flow cold (`verify-runner <flow>`: own web server, own browser),
//      one after another, vs `verify-manager run --all` (one web server, one warm browser)
//      at --jobs 1 and --jobs 2, in long-lived runners (`--worker`, the default) and with
//      `isolation: process` (a runner process per flow, the shape before workers);
//      and @playwright/test running the same seven journeys as one spec file
//      (bench/scale/journeys.spec.ts, its own webServer) with --workers equal to --jobs;
//   2. --shard 1/2 + --shard 2/2 run every flow once, and merge-reports equals one run;
//   3. where the time goes, phase by phase, cold launch vs connecting to a warm browser, and
//      one runner process's start-up stage by stage (bench/lib/runner-phases.mjs).
// After every command: 0 processes left (checked through an environment marker).
// Usage: node bench/scale-bench.mjs [--runs 3]
import { spawn } from "node:child_process";
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { busyCoreSeconds, median, ratio } from "./lib/measure.mjs";
import { availableParallelism } from "node:os";

const ROOT = new URL("..", import.meta.url).pathname;
const MANAGER = join(ROOT, "packages/manager/bin/verify-manager.js");
const RUNNER = join(ROOT, "packages/runner/bin/verify-runner.cjs");
const SHOP = join(ROOT, "apps/demo-shop/dist/server.js");
const CHROMIUM = process.env.VERIFY_BROWSER_PATH || "/usr/bin/chromium";
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg("runs", "3"));
const PLAYWRIGHT = join(ROOT, "node_modules/.bin/playwright");
const MARKER = `AGENT_VERIFY_BENCH_${process.pid}`;

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A copy of the repo's .verify/ whose base_url and web_server use a free port. */
async function project(extraManifest = "") {
  const dir = mkdtempSync(join(tmpdir(), "scale-bench-"));
  cpSync(join(ROOT, ".verify"), join(dir, ".verify"), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  writeFileSync(join(dir, "package.json"), '{"type":"module"}\n');
  const port = await freePort();
  const yaml = readFileSync(join(dir, ".verify/workflows.yaml"), "utf8")
    .replace(/^runner_command: .*$/m, `runner_command: "node ${RUNNER} {flow}"`)
    .replaceAll("127.0.0.1:4173", `127.0.0.1:${port}`)
    .replace(
      /command: "node apps\/demo-shop\/dist\/server.js"/,
      `command: "PORT=${port} node ${SHOP}"`,
    );
  writeFileSync(join(dir, ".verify/workflows.yaml"), yaml + extraManifest);
  return dir;
}

function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const busy = busyCoreSeconds();
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.once("error", reject);
    child.once("close", (code) =>
      resolve({
        ms: performance.now() - started,
        cpu: busy === undefined ? NaN : busyCoreSeconds() - busy,
        code,
        stdout,
        stderr,
      }),
    );
  });
}

function leftOver() {
  const found = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${name}/environ`, "latin1").split("\0").includes(`${MARKER}=1`)) {
        found.push(Number(name));
      }
    } catch {
      // gone, or not ours
    }
  }
  return found;
}

let checks = 0;
async function noneLeft(what) {
  let left = leftOver();
  for (let waited = 0; left.length > 0 && waited < 10_000; waited += 100) {
    await new Promise((done) => setTimeout(done, 100));
    left = leftOver();
  }
  checks++;
  if (left.length > 0)
    throw new Error(`${what}: ${left.length} processes left (${left.join(", ")})`);
}

const fmt = (ms) => `${(ms / 1000).toFixed(1)} s`;
const outcomesOf = (stdout) => JSON.parse(stdout).outcomes.map((o) => `${o.flow}:${o.outcome}`);

async function main() {
  const dir = await project();
  const processDir = await project("isolation: process\n");
  const env = {
    ...process.env,
    [MARKER]: "1",
    VERIFY_BROWSER_PATH: CHROMIUM,
    VERIFY_ARTIFACTS_DIR: join(dir, "artifacts"),
  };
  delete env.VERIFY_BASE_URL;
  delete env.VERIFY_BROWSER_WS_ENDPOINT;
  delete env.DEMO_BUG;
  const flows = JSON.parse(
    (await run(process.execPath, [RUNNER, "--list"], { cwd: dir, env })).stdout,
  ).flows.map((f) => f.name);
  console.log(
    `scale benchmark — ${new Date().toISOString()}, node ${process.version}, ${flows.length} demo flows, ${RUNS} rounds, medians`,
  );
  const keys = ["cold", "warm1", "warm2", "proc1", "proc2", "pw1", "pw2"];
  const times = Object.fromEntries(keys.map((key) => [key, []]));
  // Busy core-seconds of the whole machine during each command (medians like the times).
  const cpu = Object.fromEntries(keys.map((key) => [key, []]));
  let reference;
  for (let round = 0; round < RUNS; round++) {
    let cold = 0;
    let coldCpu = 0;
    for (const flow of flows) {
      const r = await run(process.execPath, [RUNNER, flow], { cwd: dir, env });
      if (r.code !== 0) throw new Error(`${flow} failed cold: ${r.stdout}`);
      cold += r.ms;
      coldCpu += r.cpu;
      await noneLeft(`verify-runner ${flow}`);
    }
    times.cold.push(cold);
    cpu.cold.push(coldCpu);
    for (const [key, jobs, where] of [
      ["warm1", "1", dir],
      ["warm2", "2", dir],
      ["proc1", "1", processDir],
      ["proc2", "2", processDir],
    ]) {
      const r = await run(
        process.execPath,
        [MANAGER, "run", "--all", "--jobs", jobs, "--json", "--dir", where],
        { cwd: where, env },
      );
      if (r.code !== 0)
        throw new Error(`run --all --jobs ${jobs} failed:\n${r.stdout}\n${r.stderr}`);
      times[key].push(r.ms);
      cpu[key].push(r.cpu);
      reference ??= outcomesOf(r.stdout);
      if (outcomesOf(r.stdout).join() !== reference.join())
        throw new Error(`--jobs ${jobs} gave other outcomes`);
      await noneLeft(`run --all --jobs ${jobs}`);
    }
    for (const [key, workers] of [
      ["pw1", "1"],
      ["pw2", "2"],
    ]) {
      const r = await run(
        PLAYWRIGHT,
        ["test", "--config", "bench/scale/playwright.config.ts", "--workers", workers],
        { cwd: ROOT, env: { ...env, BENCH_SHOP_PORT: String(await freePort()) } },
      );
      if (r.code !== 0)
        throw new Error(`playwright test --workers ${workers} failed:\n${r.stdout.slice(-2000)}`);
      times[key].push(r.ms);
      cpu[key].push(r.cpu);
      await noneLeft(`playwright test --workers ${workers}`);
    }
  }
  const [cold, warm1, warm2] = [median(times.cold), median(times.warm1), median(times.warm2)];
  const [pw1, pw2] = [median(times.pw1), median(times.pw2)];
  const [proc1, proc2] = [median(times.proc1), median(times.proc2)];
  console.log(`\n1. seven demo flows`);
  console.log(
    `   each cold, one after another (today: own web server + browser)  ${fmt(cold)}  (${times.cold.map(fmt).join(", ")})`,
  );
  console.log(
    `   verify-manager run --all --jobs 1 (one server, warm browser)       ${fmt(warm1)}  (${times.warm1.map(fmt).join(", ")})`,
  );
  console.log(
    `   verify-manager run --all --jobs 2                                  ${fmt(warm2)}  (${times.warm2.map(fmt).join(", ")})`,
  );
  console.log(
    `   the same with isolation: process (a runner per flow), --jobs 1    ${fmt(proc1)}  (${times.proc1.map(fmt).join(", ")})`,
  );
  console.log(
    `   isolation: process, --jobs 2                                       ${fmt(proc2)}  (${times.proc2.map(fmt).join(", ")})`,
  );
  console.log(
    `   workers / a runner per flow: --jobs 1 ${ratio(warm1, proc1)}x, --jobs 2 ${ratio(warm2, proc2)}x`,
  );
  console.log(
    `   warm --jobs 1 / cold ${ratio(warm1, cold)}x, warm --jobs 2 / cold ${ratio(warm2, cold)}x  (target <= 0.35x: ${warm2 / cold <= 0.35 ? "met" : "MISSED"})`,
  );
  console.log(
    `   playwright test, the seven journeys as one spec, --workers 1       ${fmt(pw1)}  (${times.pw1.map(fmt).join(", ")})`,
  );
  console.log(
    `   playwright test --workers 2                                        ${fmt(pw2)}  (${times.pw2.map(fmt).join(", ")})`,
  );
  console.log(
    `   run --all / playwright test: --jobs 1 ${ratio(warm1, pw1)}x, --jobs 2 ${ratio(warm2, pw2)}x  (target <= 0.6x: ${warm2 / pw2 <= 0.6 && warm1 / pw1 <= 0.6 ? "met" : "MISSED"})`,
  );
  console.log(
    `   --jobs 2 speed-up over --jobs 1: ${ratio(warm1, warm2)}x  (target >= 1.6x: ${warm1 / warm2 >= 1.6 ? "met" : "MISSED"})`,
  );
  // How busy the machine was: when one flow at a time already keeps most cores busy, no
  // --jobs or --workers can be much faster; what is left is less CPU per flow.
  const cores = availableParallelism();
  console.log(
    `   CPU, whole machine (busy core-seconds; share of ${cores} cores over the wall time):`,
  );
  for (const [key, label] of [
    ["cold", "each cold"],
    ["warm1", "run --all --jobs 1"],
    ["warm2", "run --all --jobs 2"],
    ["proc1", "isolation: process --jobs 1"],
    ["proc2", "isolation: process --jobs 2"],
    ["pw1", "playwright test --workers 1"],
    ["pw2", "playwright test --workers 2"],
  ]) {
    const used = median(cpu[key]);
    const share = Math.round((100 * used) / cores / (median(times[key]) / 1000));
    console.log(
      `     ${label.padEnd(30)} ${used.toFixed(1)} core-s, ${(used / flows.length).toFixed(2)} per flow, ${share}% busy`,
    );
  }

  const shards = [];
  for (const shard of ["1/2", "2/2"]) {
    const r = await run(
      process.execPath,
      [MANAGER, "run", "--all", "--shard", shard, "--json", "--dir", dir],
      { cwd: dir, env },
    );
    const file = join(dir, `shard-${shard.replace("/", "-")}.json`);
    writeFileSync(file, r.stdout);
    shards.push({ file, flows: JSON.parse(r.stdout).outcomes.map((o) => o.flow) });
    await noneLeft(`run --shard ${shard}`);
  }
  const merged = await run(
    process.execPath,
    [MANAGER, "merge-reports", ...shards.map((s) => s.file)],
    { cwd: dir, env },
  );
  const once =
    shards
      .flatMap((s) => s.flows)
      .sort()
      .join() === [...flows].sort().join();
  const same = outcomesOf(merged.stdout).join() === reference.join();
  console.log(
    `\n2. --shard 1/2 (${shards[0].flows.length} flows) + --shard 2/2 (${shards[1].flows.length}): every flow once: ${once ? "yes" : "NO"}; merge-reports = one run: ${same ? "yes" : "NO"}`,
  );

  console.log(
    `\n3. phases of one flow (in one process, median of ${RUNS + 2}; cold launch vs connect to a warm browser)`,
  );
  const phases = await run(
    process.execPath,
    [join(ROOT, "bench/lib/phases.mjs"), String(RUNS + 2), dir],
    { cwd: dir, env },
  );
  process.stdout.write(phases.stdout.replace(/^/gm, "   "));
  if (phases.code !== 0) throw new Error(phases.stderr);
  await noneLeft("phases");

  console.log(
    `\n   one verify-runner process over a warm browser, stage by stage (each a fresh process, median of ${RUNS + 2}):`,
  );
  const stages = await run(
    process.execPath,
    [join(ROOT, "bench/lib/runner-phases.mjs"), String(RUNS + 2), "checkout-happy-path"],
    { cwd: ROOT, env },
  );
  process.stdout.write(stages.stdout.replace(/^/gm, "   "));
  if (stages.code !== 0) throw new Error(stages.stderr);
  await noneLeft("runner stages");
  console.log(`\n0 processes left after each of ${checks} benchmark commands (checked).`);
  rmSync(dir, { recursive: true, force: true });
  rmSync(processDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
