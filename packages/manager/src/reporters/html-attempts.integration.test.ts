import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { FlowOutcome, RunReport } from "@agent-verify/contract";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../test/helpers/cli.js";

const CHROMIUM = process.env.VERIFY_BROWSER_PATH || "/usr/bin/chromium";
/** Kept after the run (git-ignored) so a person can look at the report. */
const ARTIFACTS = fileURLToPath(new URL("../../test-results/", import.meta.url));
const INJECT = `<script>window.__pwned = 1</script>`;

let browser: Browser;
let dir: string;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  dir = mkdtempSync(join(tmpdir(), "vm-html-attempts-"));
  mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

const steps = (status: "pass" | "fail", error?: string) => [
  { name: "add-to-cart", status: "pass" as const, duration_ms: 400 },
  { name: "see-total", status, duration_ms: 80, ...(error ? { error } : {}) },
];

const outcome = (flow: string, extra: Partial<FlowOutcome> = {}): FlowOutcome => ({
  flow,
  outcome: "pass",
  exit_code: 0,
  signal: null,
  duration_ms: 900,
  failing_step: null,
  error: null,
  artifacts: null,
  stderr_tail: "",
  result: {
    schema_version: 1,
    flow,
    status: "pass",
    duration_ms: 880,
    steps: steps("pass"),
    artifacts: {},
  },
  ...extra,
});

async function screenshot(name: string, text: string): Promise<string> {
  const page = await browser.newPage({ viewport: { width: 480, height: 240 } });
  await page.setContent(`<h1 style="font:32px sans-serif">${text}</h1>`);
  const path = join(dir, name);
  await page.screenshot({ path });
  await page.close();
  return path;
}

/** Two shards: a pass and a flaky flow (failed, then passed on the retry); a failed flow. */
async function shards(): Promise<string[]> {
  const firstShot = await screenshot("first.png", "Total: 0");
  const trace = join(dir, "retry-trace.zip");
  writeFileSync(trace, "PK retry");
  const error = `expected total 12, got 0 ${INJECT}`;
  const first = {
    outcome: "fail" as const,
    duration_ms: 1000,
    failing_step: "see-total",
    error,
    artifacts: { screenshot: firstShot },
    result: {
      schema_version: 1 as const,
      flow: "checkout",
      status: "fail" as const,
      duration_ms: 990,
      steps: steps("fail", error),
      artifacts: {},
    },
    stderr_tail: "first run's stderr",
  };
  const flaky = outcome("checkout", {
    outcome: "flaky",
    exit_code: 0,
    duration_ms: 1900,
    failing_step: "see-total",
    error,
    artifacts: { screenshot: firstShot, trace },
    stderr_tail: "retry's stderr",
    first_attempt: first,
  });
  const failed = outcome("search-page", {
    outcome: "fail",
    exit_code: 1,
    failing_step: "see-total",
    error: "no results",
    result: null,
  });
  const selected = ["login", "checkout", "search-page"];
  const reports: RunReport[] = [
    {
      schema_version: 1,
      passed: false,
      outcomes: [outcome("login"), flaky],
      shard: { index: 1, total: 2, selected },
    },
    {
      schema_version: 1,
      passed: false,
      outcomes: [failed],
      shard: { index: 2, total: 2, selected },
    },
  ];
  return reports.map((report, i) => {
    const path = join(dir, `shard-${i + 1}.json`);
    writeFileSync(path, JSON.stringify(report));
    return path;
  });
}

async function visibleFlows(page: Page): Promise<string[]> {
  return page.locator("tbody tr:visible td:first-child a").allInnerTexts();
}

describe("the HTML report's runs, links and search in real Chromium", () => {
  it("merged shards: a flaky flow has a tab per run; links by name; search in the URL", async () => {
    const html = join(dir, "html");
    const merged = await runCli(
      ["merge-reports", ...(await shards()), "--reporter", `html=${html}`],
      {
        cwd: dir,
      },
    );
    expect(merged.code).toBe(1);
    const index = pathToFileURL(join(html, "index.html")).href;
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(index);
    expect(await visibleFlows(page)).toEqual(["login", "checkout", "search-page"]);

    await page.getByRole("link", { name: "checkout", exact: true }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe("#?flow=checkout");
    const flow = page.locator('section[data-flow="checkout"]');
    await expect.poll(() => flow.isVisible()).toBe(true);
    const tabs = flow.getByRole("tab");
    expect(await tabs.allInnerTexts()).toEqual([
      expect.stringMatching(/^Run · failed 1\.0 s$/),
      expect.stringMatching(/^Retry #1 · passed 900 ms$/),
    ]);
    expect(await flow.getByRole("tab", { selected: true }).innerText()).toMatch(/^Retry #1/);
    const retry = flow.getByRole("tabpanel", { name: "Retry #1" });
    expect(await retry.locator("pre.error").count()).toBe(0);
    expect(await retry.locator(".timeline .step").allInnerTexts()).toEqual([
      expect.stringMatching(/^add-to-cart\s+pass/),
      expect.stringMatching(/^see-total\s+pass/),
    ]);
    expect(await retry.locator("pre.command").innerText()).toBe(
      "npx playwright show-trace flows/1-checkout/retry-trace.zip",
    );
    expect(await retry.getByRole("img").count()).toBe(0);
    expect(await retry.locator("pre.stderr").innerText()).toBe("retry's stderr");
    await page.screenshot({ path: join(ARTIFACTS, "html-report-flaky-retry.png"), fullPage: true });

    await flow.getByRole("tab", { name: /^Run/ }).click();
    const run = flow.getByRole("tabpanel", { name: "Run" });
    await expect.poll(() => run.isVisible()).toBe(true);
    expect(await retry.isVisible()).toBe(false);
    // The error once on the page: in the failed run's panel, not repeated on its step.
    expect(await page.locator("pre.error:visible").allInnerTexts()).toEqual([
      `step 'see-total': expected total 12, got 0 ${INJECT}`,
    ]);
    expect(await page.getByText("expected total 12").filter({ visible: true }).count()).toBe(1);
    expect(await run.locator(".timeline .step").allInnerTexts()).toEqual([
      expect.stringMatching(/^add-to-cart\s+pass/),
      expect.stringMatching(/^see-total\s+fail\s+80 ms$/),
    ]);
    const image = run.getByRole("img", { name: "screenshot of checkout" });
    expect(await image.getAttribute("src")).toBe("flows/1-checkout/run-1/first.png");
    expect(
      await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    expect(await run.locator("pre.stderr").innerText()).toBe("first run's stderr");
    expect(await run.locator("pre.command").count()).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, "html-report-flaky-run.png"), fullPage: true });

    // A deep link by name opens the flow's page in a fresh tab.
    const linked = await browser.newPage();
    await linked.goto(`${index}#?flow=search-page`);
    const failed = linked.locator('section[data-flow="search-page"]');
    await expect.poll(() => failed.isVisible()).toBe(true);
    expect(await failed.getByRole("tab").count()).toBe(0);
    expect(await failed.locator("pre.error").innerText()).toBe("step 'see-total': no results");
    await linked.close();

    // Search tokens and filters are kept in the URL and survive a trip to a flow's page.
    await page.goto(`${index}#?q=s%3Aflaky`);
    const search = page.getByRole("searchbox", { name: "Search flows" });
    await expect.poll(() => search.inputValue()).toBe("s:flaky");
    expect(await visibleFlows(page)).toEqual(["checkout"]);
    await search.fill("s:passed");
    expect(await visibleFlows(page)).toEqual(["login"]);
    await search.fill("");
    await page.getByRole("toolbar").getByRole("button", { name: "Failed" }).click();
    expect(await visibleFlows(page)).toEqual(["search-page"]);
    await expect.poll(() => new URL(page.url()).hash).toBe("#?s=failed");
    await search.fill("results");
    await expect.poll(() => new URL(page.url()).hash).toBe("#?q=results&s=failed");
    await page.getByRole("link", { name: "search-page" }).click();
    await page
      .locator('section[data-flow="search-page"]')
      .getByRole("link", { name: "← all flows" })
      .click();
    await expect.poll(() => visibleFlows(page)).toEqual(["search-page"]);
    expect(await search.inputValue()).toBe("results");
    expect(await page.getByRole("button", { name: "Failed" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await page.screenshot({ path: join(ARTIFACTS, "html-report-search.png"), fullPage: true });

    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned ?? null)).toBe(null);
    expect(problems).toEqual([]);
    await page.close();
  });
});
