// Where one flow's time goes, phase by phase, in one process: node start, imports,
// launch (cold) or connect (to a browser server, as the manager's runners do), context,
// the flow's page work, evidence (a screenshot), close. Prints one line per phase.
// Usage: node bench/lib/phases.mjs ROUNDS PROJECT_DIR (the demo shop is started here).
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { median } from "./measure.mjs";

const ROOT = new URL("../..", import.meta.url).pathname;
const rounds = Number(process.argv[2] ?? 5);
const executablePath = process.env.VERIFY_BROWSER_PATH || "/usr/bin/chromium";
const args = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"];

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, "127.0.0.1", () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const shop = spawn(process.execPath, [join(ROOT, "apps/demo-shop/dist/server.js")], {
  env: { ...process.env, PORT: String(port) },
  stdio: "ignore",
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(`${base}/health`)).ok) break;
  } catch {
    await new Promise((done) => setTimeout(done, 100));
  }
}

const nodeStart = [];
for (let i = 0; i < rounds; i++) {
  const t = performance.now();
  await new Promise((done) => spawn(process.execPath, ["-e", "0"]).once("close", done));
  nodeStart.push(performance.now() - t);
}
let t = performance.now();
const { chromium } = await import("playwright-core");
const importMs = performance.now() - t;
const server = await chromium.launchServer({ executablePath, args, headless: true });

const rows = { launch: [], connect: [] };
const phase = {
  context: { launch: [], connect: [] },
  flow: { launch: [], connect: [] },
  evidence: { launch: [], connect: [] },
  close: { launch: [], connect: [] },
};
for (let i = 0; i < rounds; i++) {
  for (const mode of ["launch", "connect"]) {
    t = performance.now();
    const browser =
      mode === "launch"
        ? await chromium.launch({ executablePath, args, headless: true })
        : await chromium.connect(server.wsEndpoint());
    rows[mode].push(performance.now() - t);
    t = performance.now();
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    phase.context[mode].push(performance.now() - t);
    t = performance.now();
    await page.goto("/");
    await page
      .getByRole("button", { name: /add to cart/i })
      .first()
      .click();
    await page.getByTestId("cart-count").textContent();
    phase.flow[mode].push(performance.now() - t);
    t = performance.now();
    await page.screenshot();
    phase.evidence[mode].push(performance.now() - t);
    t = performance.now();
    await browser.close();
    phase.close[mode].push(performance.now() - t);
  }
}
await server.close();
shop.kill("SIGTERM");
const m = (xs) => `${Math.round(median(xs))} ms`.padStart(8);
console.log(`node start                ${m(nodeStart)}`);
console.log(`import playwright-core    ${`${Math.round(importMs)} ms`.padStart(8)} (once)`);
console.log(`                            cold launch   warm connect`);
console.log(`launch / connect          ${m(rows.launch)}      ${m(rows.connect)}`);
for (const name of ["context", "flow", "evidence", "close"]) {
  console.log(`${name.padEnd(26)}${m(phase[name].launch)}      ${m(phase[name].connect)}`);
}
