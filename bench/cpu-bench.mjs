#!/usr/bin/env node
// CPU bench (issue 27 §1; not a test, it asserts nothing): where the core-seconds of a warm
// `verify-manager run --all` of the demo shop's seven flows go — per process group (manager,
// runner worker(s), browser host, browser, web server) and per phase and per flow — next to a
// plain Playwright script doing the same page work (bench/cpu/plain-flow.mjs runs the very flow
// module, compiled to plain JS here) in an already-open browser. CPU from /proc/<pid>/stat
// (utime + stime) of every process the bench starts (bench/lib/proc-cpu.mjs), so other work on
// the machine is not counted. Then the issue's ratios, all measured in this one run:
//   CPU per flow, warm run vs the plain script in an open browser   (target <= 0.5)
//   seven flows (run --all) vs seven cold plain scripts, wall      (target <= 0.40)
//   one cold flow (verify-runner) vs one cold plain script, wall   (target <= 1.0)
//   verify-runner --list vs node -e 0, wall                        (target <= 1.3)
// The repo's .verify/ is copied to a temp project on a free port; the demo shop is started
// once and stays up (a warm run: shop up, compile cache filled by one discarded run).
// Usage: node bench/cpu-bench.mjs [--runs 3]  (--runs: rounds of the cold and --list pairs)
import { spawn } from "node:child_process";
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { startDemoShop, ROOT } from "./lib/demo-shop.mjs";
import { compare, median, ratio, timeCommand } from "./lib/measure.mjs";
import { CpuSampler, classifyRunProcess, minus, sum } from "./lib/proc-cpu.mjs";

const MANAGER = join(ROOT, "packages/manager/bin/verify-manager.js");
const RUNNER = join(ROOT, "packages/runner/bin/verify-runner.cjs");
const PLAIN = join(ROOT, "bench/cpu/plain-flow.mjs");
const CHROMIUM = process.env.VERIFY_BROWSER_PATH || "/usr/bin/chromium";
const runsAt = process.argv.indexOf("--runs");
const RUNS = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3;
const node = process.execPath;

const scratch = mkdtempSync(join(tmpdir(), "cpu-bench-"));
const shop = await startDemoShop();
const port = new URL(shop.url).port;
// Whatever fails before the last `finally`, the shop and the scratch folder do not outlive us.
process.once("exit", () => {
  try {
    process.kill(shop.pid, "SIGTERM");
  } catch {
    // stopped already
  }
  rmSync(scratch, { recursive: true, force: true });
});
const sampler = new CpuSampler(20);
sampler.follow(process.pid);
sampler.follow(shop.pid);
sampler.start();

/** The repo's .verify/ on the shop's port, the runner called directly. */
function project() {
  const dir = join(scratch, "project");
  cpSync(join(ROOT, ".verify"), join(dir, ".verify"), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  writeFileSync(join(dir, "package.json"), '{"type":"module"}\n');
  const manifest = join(dir, ".verify/workflows.yaml");
  const yaml = readFileSync(manifest, "utf8")
    .replace(/^runner_command: .*$/m, `runner_command: "node ${RUNNER} {flow}"`)
    .replaceAll("127.0.0.1:4173", `127.0.0.1:${port}`)
    .replace(
      /command: "node apps\/demo-shop\/dist\/server.js"/,
      `command: "PORT=${port} node ${join(ROOT, "apps/demo-shop/dist/server.js")}"`,
    );
  writeFileSync(manifest, yaml);
  return dir;
}

/** The flow modules as plain JS for the plain script: the runner's API is two one-liners there. */
async function compilePlainFlows(flowsDir) {
  const tsx = createRequire(
    realpathSync(join(ROOT, "packages/runner/node_modules/tsx/package.json")),
  );
  const esbuild = tsx("esbuild");
  const shim = join(scratch, "runner-shim.mjs");
  writeFileSync(
    shim,
    "export const defineFlow = (d) => d;\nexport const step = (_n, fn) => fn();\n",
  );
  const out = join(scratch, "plain-flows");
  await esbuild.build({
    entryPoints: readdirSync(flowsDir).map((f) => join(flowsDir, f)),
    bundle: true,
    format: "esm",
    platform: "node",
    outdir: out,
    outExtension: { ".js": ".mjs" },
    logLevel: "silent",
    plugins: [
      {
        name: "runner-shim",
        setup(build) {
          build.onResolve({ filter: /^@agent-verify\/runner$/ }, () => ({ path: shim }));
        },
      },
    ],
  });
  return Object.fromEntries(readdirSync(out).map((f) => [basename(f, ".mjs"), join(out, f)]));
}

/** Run a command to its end; `onLine(line)` sees each stderr line as it comes. */
function run(command, args, options = {}, onLine = () => {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
    let stdout = "";
    let stderr = "";
    let partial = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => {
      stderr += c;
      const lines = (partial + c).split("\n");
      partial = lines.pop();
      for (const line of lines) onLine(line);
    });
    child.once("error", reject);
    child.once("close", (code) =>
      resolve({ wall: performance.now() - started, code, stdout, stderr, pid: child.pid }),
    );
  });
}

const classify = classifyRunProcess({ managerPid: -1, webServerPids: [shop.pid] });
const classifyAll = (cmd, pid) => {
  if (pid === process.pid) return "bench";
  if (cmd.includes("plain-flow.mjs")) return "plain script";
  if (/verify-manager\.js/.test(cmd)) return "manager";
  return classify(cmd, pid);
};
/** CPU of everything but the bench itself, per category, since the last call on `mark`. */
const now = () => {
  sampler.sample();
  const totals = sampler.totals(classifyAll);
  delete totals.bench;
  return totals;
};

const dir = project();
const flowsDir = join(dir, ".verify/src/flows");
const plainFlows = await compilePlainFlows(flowsDir);
const env = {
  ...process.env,
  VERIFY_BROWSER_PATH: CHROMIUM,
  VERIFY_BASE_URL: shop.url,
  VERIFY_ARTIFACTS_DIR: join(scratch, "artifacts"),
  XDG_STATE_HOME: join(scratch, "state"),
};
delete env.VERIFY_BROWSER_WS_ENDPOINT;
delete env.DEMO_BUG;
const flows = JSON.parse((await run(node, [RUNNER, "--list"], { cwd: dir, env })).stdout).flows.map(
  (f) => f.name,
);

/** One `verify-manager run --all`: wall, CPU by category, and per phase and flow (--jobs 1). */
async function managerRun(jobs) {
  const marks = [];
  const before = now();
  const result = await run(
    node,
    [MANAGER, "run", "--all", "--jobs", jobs, "--json", "--dir", dir],
    { cwd: dir, env },
    (line) => {
      const match = /^(start|end) (\S+)/.exec(line);
      if (match) marks.push({ kind: match[1], flow: match[2], cpu: now() });
    },
  );
  const after = now();
  if (result.code !== 0)
    throw new Error(
      `run --all exited ${result.code}\n${result.stderr.slice(-2000)}\n${result.stdout.slice(0, 3000)}`,
    );
  return { wall: result.wall, cpu: minus(after, before), before, after, marks };
}

function phasesOf({ before, after, marks }) {
  const perFlow = {};
  const starts = {};
  for (const mark of marks) {
    if (mark.kind === "start") starts[mark.flow] = mark.cpu;
    else perFlow[mark.flow] = minus(mark.cpu, starts[mark.flow] ?? mark.cpu);
  }
  const first = marks[0]?.cpu ?? after;
  const last = marks.at(-1)?.cpu ?? after;
  return { startup: minus(first, before), perFlow, teardown: minus(after, last) };
}

/** One process with CPU of it, its children and anything it makes others burn (browser, shop). */
async function measured(command, args, options) {
  const before = now();
  const result = await run(command, args, options);
  const after = now();
  if (result.code !== 0)
    throw new Error(`${args.join(" ")}: exit ${result.code}\n${result.stderr.slice(-1500)}`);
  return { wall: result.wall, cpu: sum(minus(after, before)), by: minus(after, before) };
}

/** A browser server (the same host the manager starts), for the plain scripts' open browser. */
async function openBrowser() {
  const child = spawn(node, [RUNNER, "--browser-server", "--idle-timeout", "600"], {
    cwd: dir,
    env,
    stdio: ["pipe", "pipe", "ignore"],
  });
  const wsEndpoint = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve(JSON.parse(out.split("\n")[0]).ws_endpoint);
    });
    child.once("exit", (code) => reject(new Error(`--browser-server exited ${code}`)));
  });
  return {
    wsEndpoint,
    close: () =>
      new Promise((done) => {
        child.once("exit", done);
        child.stdin.end();
      }),
  };
}

const s = (x) => `${x.toFixed(2)} s`.padStart(8);
const CATEGORIES = ["manager", "runner", "browser host (node)", "browser", "web server", "other"];
const row = (name, totals) =>
  `  ${name.padEnd(28)}${CATEGORIES.map((c) => s(totals[c] ?? 0)).join("")}${s(sum(totals))}`;
const SHORT = ["manager", "runner", "b.host", "browser", "web srv", "other"];
const header = `  ${"".padEnd(28)}${SHORT.map((c) => c.padStart(8)).join("")}   total`;

try {
  console.log(`flows: ${flows.join(", ")}; cpu in core-seconds from /proc (sampled every 20 ms)`);
  console.log("b.host: the browser host (verify-runner --browser-server, node); browser: Chromium");
  await managerRun("1"); // warm-up: page cache, the runner's compile cache
  const jobs1 = await managerRun("1");
  const jobsAuto = await managerRun("auto");
  // What each trace policy costs when every flow passes (on-first-retry: nothing recorded).
  const policies = {};
  for (const policy of ["retain-on-failure", "on"])
    policies[policy] = await managerRun("1", ["--trace", policy]);

  // Plain scripts: each flow in an already-open browser, then each cold (its own browser).
  const browser = await openBrowser();
  const plainWarm = {};
  try {
    for (const flow of flows) {
      plainWarm[flow] = await measured(node, [PLAIN, plainFlows[flow]], {
        cwd: dir,
        env: { ...env, PLAIN_WS_ENDPOINT: browser.wsEndpoint },
      });
    }
  } finally {
    await browser.close();
  }
  const plainCold = {};
  for (const flow of flows)
    plainCold[flow] = await measured(node, [PLAIN, plainFlows[flow]], { cwd: dir, env });

  // One cold flow: verify-runner alone vs the plain script, interleaved.
  const cold = { runner: [], plain: [] };
  for (let i = 0; i < RUNS; i++) {
    cold.runner.push(await measured(node, [RUNNER, "checkout-happy-path"], { cwd: dir, env }));
    cold.plain.push(
      await measured(node, [PLAIN, plainFlows["checkout-happy-path"]], { cwd: dir, env }),
    );
  }
  const list = compare(
    {
      "verify-runner --list": () => timeCommand(node, [RUNNER, "--list"], { cwd: dir, env }),
      "node -e 0": () => timeCommand(node, ["-e", "0"], { cwd: dir, env }),
    },
    Math.max(RUNS, 15),
  );

  const phases = phasesOf(jobs1);
  console.log(
    `\nwarm run --all --jobs 1: ${(jobs1.wall / 1000).toFixed(1)} s wall, cpu by process group`,
  );
  console.log(header);
  console.log(row("start-up (to the 1st flow)", phases.startup));
  for (const flow of flows) console.log(row(`flow ${flow}`, phases.perFlow[flow] ?? {}));
  console.log(row("teardown (after the last)", phases.teardown));
  console.log(row("whole run", jobs1.cpu));
  console.log(`\nwarm run --all --jobs auto: ${(jobsAuto.wall / 1000).toFixed(1)} s wall`);
  console.log(header);
  console.log(row("whole run", jobsAuto.cpu));

  console.log("\ntrace policy, warm run --all --jobs 1, every flow passing");
  console.log(header);
  console.log(row("on-first-retry (default)", jobs1.cpu));
  for (const [policy, measuredRun] of Object.entries(policies))
    console.log(row(`${policy} (${(measuredRun.wall / 1000).toFixed(1)} s)`, measuredRun.cpu));

  console.log("\nplain script per flow (cpu of the script + browser + shop; wall)");
  console.log(`  ${"".padEnd(28)}  open browser       cold    run --all --jobs 1 (flow window)`);
  for (const flow of flows) {
    const warm = plainWarm[flow];
    const c = plainCold[flow];
    const ours = sum(phases.perFlow[flow] ?? {});
    console.log(
      `  ${flow.padEnd(28)}${s(warm.cpu)} ${`${Math.round(warm.wall)} ms`.padStart(8)}${s(c.cpu)}${s(ours)} (${ratio(ours, warm.cpu)}x)`,
    );
  }
  const plainWarmCpu = sum(Object.fromEntries(flows.map((f) => [f, plainWarm[f].cpu])));
  const plainColdWall = flows.reduce((total, f) => total + plainCold[f].wall, 0);
  const med = (xs, key) => median(xs.map((x) => x[key]));
  console.log("\nratios in this run (target)");
  const line = (name, value, target) =>
    console.log(
      `  ${name.padEnd(64)} ${String(value).padStart(5)}  (<= ${target}) ${value <= target ? "met" : "not met"}`,
    );
  line(
    "cpu per flow: warm run --all (jobs 1) / plain script, open browser",
    ratio(sum(jobs1.cpu), plainWarmCpu),
    0.5,
  );
  line(
    "cpu per flow: warm run --all (jobs auto) / plain script, open browser",
    ratio(sum(jobsAuto.cpu), plainWarmCpu),
    0.5,
  );
  line(
    "wall: seven flows, run --all (jobs auto) / seven cold plain scripts",
    ratio(jobsAuto.wall, plainColdWall),
    0.4,
  );
  line(
    `wall: one cold flow, verify-runner / plain script (median of ${RUNS})`,
    ratio(med(cold.runner, "wall"), med(cold.plain, "wall")),
    1.0,
  );
  console.log(
    `  ${"cpu: one cold flow, verify-runner / plain script".padEnd(64)} ${String(ratio(med(cold.runner, "cpu"), med(cold.plain, "cpu"))).padStart(5)}`,
  );
  line(
    "wall: verify-runner --list / node -e 0",
    ratio(list["verify-runner --list"].median_ms, list["node -e 0"].median_ms),
    1.3,
  );
  console.log(
    `\n  (plain, open browser: ${plainWarmCpu.toFixed(2)} core-s for the seven; seven cold: ${(plainColdWall / 1000).toFixed(1)} s wall; ` +
      `cold flow: runner ${Math.round(med(cold.runner, "wall"))} ms / ${med(cold.runner, "cpu").toFixed(2)} core-s, plain ${Math.round(med(cold.plain, "wall"))} ms / ${med(cold.plain, "cpu").toFixed(2)} core-s; ` +
      `--list ${list["verify-runner --list"].median_ms} ms, node -e 0 ${list["node -e 0"].median_ms} ms)`,
  );
  // §3: the compile cache against tsx, on the HTTP-only flow (loading is most of its cost).
  const load = { cache: [], tsx: [] };
  for (let i = 0; i < Math.max(RUNS, 5); i++) {
    load.cache.push(await measured(node, [RUNNER, "api-health"], { cwd: dir, env }));
    const tsxEnv = { ...env, VERIFY_FLOW_CACHE: "0" };
    load.tsx.push(await measured(node, [RUNNER, "api-health"], { cwd: dir, env: tsxEnv }));
  }
  console.log(`\ncold verify-runner api-health (median of ${load.cache.length}): wall / cpu`);
  for (const [name, runs] of Object.entries(load))
    console.log(
      `  ${(name === "cache" ? "compiled flows cache" : "tsx (VERIFY_FLOW_CACHE=0)").padEnd(30)}${`${Math.round(med(runs, "wall"))} ms`.padStart(8)}${s(med(runs, "cpu"))}`,
    );

  // A new page's renderer is most of a flow's browser CPU (§3: a new context's setup).
  console.log(`\none flow's browser cpu by what is fresh (median of 4, checkout-happy-path)`);
  const pageCost = await run(
    node,
    [join(ROOT, "bench/lib/page-cost.mjs"), plainFlows["checkout-happy-path"], shop.url],
    { cwd: dir, env },
  );
  console.log(pageCost.stdout.trimEnd());
} finally {
  sampler.stop();
  await shop.stop();
  rmSync(scratch, { recursive: true, force: true });
}
