// Where one `verify-runner <flow>` process's time goes when it connects to a warm browser
// (as under the manager): each import stage in a fresh node process, then the whole run.
// Wall and CPU (user+sys of the process and its children, from GNU time when present).
// Usage: node bench/lib/runner-phases.mjs ROUNDS FLOW (the demo shop and a browser server are
// started here; the repo's .verify/ is the project).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { startDemoShop } from "./demo-shop.mjs";
import { median, timeNodeWithCpu } from "./measure.mjs";

const ROOT = new URL("../..", import.meta.url).pathname;
const RUNNER = join(ROOT, "packages/runner");
const rounds = Number(process.argv[2] ?? 5);
const flow = process.argv[3] ?? "checkout-happy-path";
// What a run loads of the contract: its output schemas (and zod), not the whole index.
const CONTRACT = ["run-result.js", "flow-list.js"].map(
  (name) => new URL(`file://${join(ROOT, "packages/contract/dist", name)}`).href,
);

const shop = await startDemoShop();
const base = shop.url;
const browser = spawn(
  process.execPath,
  [join(RUNNER, "bin/verify-runner.cjs"), "--browser-server", "--idle-timeout", "300"],
  { cwd: ROOT, stdio: ["pipe", "pipe", "ignore"] },
);
const wsEndpoint = await new Promise((resolve, reject) => {
  let out = "";
  browser.stdout.on("data", (chunk) => {
    out += chunk;
    if (out.includes("\n")) resolve(JSON.parse(out.split("\n")[0]).ws_endpoint);
  });
  browser.once("exit", (code) => reject(new Error(`--browser-server exited ${code}`)));
});

/** One process: wall ms and CPU ms (user+sys, children included). */
const measure = (args, env = {}) =>
  timeNodeWithCpu(args, { cwd: ROOT, env: { ...process.env, ...env } });

const file = (path) => new URL(`file://${join(RUNNER, path)}`).href;
const steps = [
  [
    "+ runner CLI and run modules",
    `for (const s of ${JSON.stringify(["dist/parse-args.js", "dist/commands/run.js", "dist/run-flow.js"].map(file))}) await import(s);`,
  ],
  [
    "+ contract output schemas (zod)",
    `for (const s of ${JSON.stringify(CONTRACT)}) await import(s);`,
  ],
  [
    "+ playwright-core (require)",
    `(await import("node:module")).createRequire(${JSON.stringify(file("package.json"))})("playwright-core");`,
  ],
  [
    "+ @playwright/test (the flow's expect)",
    `(await import("node:module")).createRequire(${JSON.stringify(file("package.json"))})("@playwright/test");`,
  ],
  [
    "+ tsx and the flow module (compiled, cached)",
    `await (await import(${JSON.stringify(file("dist/flows/load.js"))})).loadFlowModule(${JSON.stringify(join(ROOT, ".verify/src/flows", `${flow}.ts`))}, { dir: ${JSON.stringify(ROOT)} });`,
  ],
];
// Each import stage is the one before plus one step, in a fresh process.
const stages = [["node start", ["-e", "0"]]];
let code = "";
for (const [name, step] of steps) {
  code += step;
  stages.push([name, ["--input-type=module", "-e", code]]);
}
stages.push([
  `the whole run of ${flow} (warm browser)`,
  [join(RUNNER, "bin/verify-runner.cjs"), flow],
  { VERIFY_BASE_URL: base, VERIFY_BROWSER_WS_ENDPOINT: wsEndpoint },
]);
const results = stages.map(() => ({ wall: [], cpu: [] }));
// Whatever a stage does, the browser server and the shop stop (no process outlives the bench).
try {
  for (let round = -1; round < rounds; round++) {
    stages.forEach(([, args, env], i) => {
      const { wall, cpu } = measure(args, env);
      if (round < 0) return;
      results[i].wall.push(wall);
      results[i].cpu.push(cpu);
    });
  }
} finally {
  browser.stdin.end();
  await new Promise((done) => browser.once("exit", done));
  await shop.stop();
}
const ms = (x) => (Number.isNaN(x) ? "n/a" : `${Math.round(x)} ms`).padStart(8);
console.log(`${"".padEnd(52)}    wall       cpu`);
stages.forEach(([name], i) => {
  console.log(`${name.padEnd(52)}${ms(median(results[i].wall))}  ${ms(median(results[i].cpu))}`);
});
