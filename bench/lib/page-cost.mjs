// What Chromium burns for one flow (checkout-happy-path, compiled to plain JS) in one open
// browser, by how much of the browser the flow gets fresh: a new context and page (what every
// runner does: a flow never sees another's storage), a kept context with a new page, and one
// kept page. Core-seconds of the browser's processes and of this node process, from /proc;
// the first round of each is discarded. Usage: node bench/lib/page-cost.mjs FLOW.mjs BASE_URL
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { HEADLESS_ARGS } from "../../packages/runner/dist/browser/launch.js";
import { median } from "./measure.mjs";
import { CpuSampler } from "./proc-cpu.mjs";

const require = createRequire(import.meta.url);
const { chromium } = require("playwright-core");
const { expect } = require("@playwright/test");
const flow = (await import(pathToFileURL(process.argv[2]).href)).default;
const baseURL = process.argv[3];
const ROUNDS = 4;

const modes = {
  "new context + new page (the runner)": { keepContext: false, keepPage: false },
  "kept context, new page": { keepContext: true, keepPage: false },
  "kept page": { keepContext: true, keepPage: true },
};
const ms = (values) => `${median(values).toFixed(2)} s`.padStart(8);
console.log(`${"".padEnd(40)} browser     node`);
for (const [name, mode] of Object.entries(modes)) {
  const sampler = new CpuSampler(20);
  sampler.follow(process.pid);
  sampler.start();
  const by = (cmd, pid) => (pid === process.pid ? "node" : "browser");
  const browser = await chromium.launch({
    executablePath: process.env.VERIFY_BROWSER_PATH || "/usr/bin/chromium",
    args: HEADLESS_ARGS,
  });
  const kept = mode.keepContext ? await browser.newContext({ baseURL }) : undefined;
  const keptPage = mode.keepPage ? await kept.newPage() : undefined;
  const cost = { browser: [], node: [] };
  try {
    for (let round = -1; round < ROUNDS; round++) {
      sampler.sample();
      const before = sampler.totals(by);
      const context = kept ?? (await browser.newContext({ baseURL }));
      await context.clearCookies();
      const page = keptPage ?? (await context.newPage());
      await flow.run({
        page,
        context,
        browser,
        request: context.request,
        baseURL,
        expect,
        step: (_n, fn) => fn(),
        log() {},
      });
      if (!kept) await context.close();
      else if (!keptPage) await page.close();
      sampler.sample();
      const after = sampler.totals(by);
      if (round < 0) continue;
      for (const key of ["browser", "node"]) cost[key].push(after[key] - (before[key] ?? 0));
    }
  } finally {
    await browser.close();
    sampler.stop();
  }
  console.log(`${name.padEnd(40)}${ms(cost.browser)} ${ms(cost.node)}`);
}
