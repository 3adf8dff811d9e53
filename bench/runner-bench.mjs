// Runner benchmark (issue 2): the checkout flow run (a) by verify-runner, (b) as an
// equivalent @playwright/test spec with --reporter=json, (c) as a plain Playwright
// script; and `verify-runner --list` against `node -e 0`. Interleaved runs, medians,
// ratios measured in this one run. Targets: a/b <= 0.5, a/c <= 1.2 (issue 2; issue 13 asks
// <= 1.0 of a cold run), list/node <= 1.3 (issue 37 §3).
import { join } from "node:path";
import { compare, printTable, ratio, timeCommand } from "./lib/measure.mjs";
import { ROOT, startDemoShop } from "./lib/demo-shop.mjs";

const runs = Number(process.env.BENCH_RUNS ?? 7);
const node = process.execPath;
const shop = await startDemoShop();
const env = {
  ...process.env,
  VERIFY_BASE_URL: shop.url,
  VERIFY_BROWSER_PATH: process.env.VERIFY_BROWSER_PATH || "/usr/bin/chromium",
};
const opts = { cwd: ROOT, env };
const runner = join(ROOT, "packages/runner/bin/verify-runner.cjs");
const playwright = join(ROOT, "node_modules/.bin/playwright");
try {
  const flows = compare(
    {
      "a verify-runner checkout-happy-path": () =>
        timeCommand(node, [runner, "checkout-happy-path"], opts),
      "b playwright test --reporter=json": () =>
        timeCommand(
          playwright,
          ["test", "--config", "bench/runner/playwright.config.ts", "--reporter=json"],
          opts,
        ),
      "c plain playwright script": () =>
        timeCommand(node, ["bench/runner/checkout-plain.mjs"], opts),
    },
    runs,
  );
  const list = compare(
    {
      "verify-runner --list": () => timeCommand(node, [runner, "--list"], opts),
      "node -e 0": () => timeCommand(node, ["-e", "0"], opts),
    },
    Math.max(runs, 31),
  );
  const a = flows["a verify-runner checkout-happy-path"].median_ms;
  const b = flows["b playwright test --reporter=json"].median_ms;
  const c = flows["c plain playwright script"].median_ms;
  const l = list["verify-runner --list"].median_ms;
  const n = list["node -e 0"].median_ms;
  printTable(`median wall ms (${runs} runs each, interleaved, after 1 warm-up)`, {
    ...Object.fromEntries(
      Object.entries({ ...flows, ...list }).map(([k, v]) => [k, `${v.median_ms} ms`]),
    ),
  });
  printTable("ratios (target)", {
    "runner / playwright test (<= 0.5)": ratio(a, b),
    "runner / plain script (<= 1.2; issue 13: <= 1.0)": ratio(a, c),
    "--list / node -e 0 (<= 1.3)": ratio(l, n),
  });
} finally {
  await shop.stop();
}
