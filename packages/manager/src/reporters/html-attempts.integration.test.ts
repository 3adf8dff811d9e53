import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { FlowOutcome, RunReport } from "@agent-verify/contract";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, runCli } from "../../test/helpers/cli.js";

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

/** A real Playwright trace of a tiny page, for the trace viewer to open. */
async function recordTrace(path: string): Promise<string> {
  const context = await browser.newContext();
  await context.tracing.start({ snapshots: true });
  const page = await context.newPage();
  await page.setContent("<h1>Total: 12</h1><button>Pay</button>");
  await page.getByRole("button", { name: "Pay" }).click();
  await context.tracing.stop({ path });
  await context.close();
  return path;
}

const FLOW_SOURCE = [
  'import { defineFlow } from "@agent-verify/runner";',
  "export default defineFlow(async ({ page, step }) => {",
  '  await step("see-total", async () => {',
  '    await expect(page.getByTestId("results")).toHaveCount(1);',
  "  });",
  "});",
].join("\n");

const meta = (startedAt: string, wallMs: number) => ({
  started_at: startedAt,
  wall_ms: wallMs,
  workers: 2,
  git_commit: "0123456789abcdef0123456789abcdef01234567",
  ci_build: { provider: "github", id: "42", url: "https://github.com/o/r/actions/runs/42" },
});

/** Two shards: a pass and a flaky flow (failed, then passed on the retry); a failed flow. */
async function shards(): Promise<string[]> {
  const firstShot = await screenshot("first.png", "Total: 0");
  const trace = await recordTrace(join(dir, "retry-trace.zip"));
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
    tags: ["checkout", "smoke"],
    exit_code: 0,
    duration_ms: 1900,
    failing_step: "see-total",
    error,
    artifacts: { screenshot: firstShot, trace },
    stderr_tail: "retry's stderr",
    first_attempt: first,
  });
  mkdirSync(join(dir, ".verify/src/flows"), { recursive: true });
  writeFileSync(join(dir, ".verify/src/flows/search-page.ts"), FLOW_SOURCE);
  const failed = outcome("search-page", {
    outcome: "fail",
    exit_code: 1,
    failing_step: "see-total",
    error: "no results",
    tags: ["search"],
    file: ".verify/src/flows/search-page.ts",
    result: {
      schema_version: 1,
      flow: "search-page",
      status: "fail",
      duration_ms: 880,
      steps: [
        {
          name: "see-total",
          status: "fail",
          duration_ms: 800,
          error: "no results",
          location: { file: ".verify/src/flows/search-page.ts", line: 4 },
        },
      ],
      artifacts: {},
    },
  });
  const login = outcome("login", {
    description: "A known user signs in and sees their account.",
    tags: ["auth", "smoke"],
    file: ".verify/src/flows/login.ts",
    result: {
      schema_version: 1,
      flow: "login",
      status: "pass",
      duration_ms: 880,
      steps: [
        {
          name: "sign-in",
          status: "pass",
          duration_ms: 600,
          steps: [
            { name: "fill-user", status: "pass", duration_ms: 200 },
            { name: "submit", status: "pass", duration_ms: 400 },
          ],
        },
        { name: "see-account", status: "pass", duration_ms: 280 },
      ],
      artifacts: {},
    },
  });
  const selected = ["login", "checkout", "search-page"];
  const reports: RunReport[] = [
    {
      schema_version: 1,
      passed: false,
      outcomes: [login, flaky],
      shard: { index: 1, total: 2, selected },
      meta: meta("2026-12-01T10:00:00.000Z", 3000),
    },
    {
      schema_version: 1,
      passed: false,
      outcomes: [failed],
      shard: { index: 2, total: 2, selected },
      meta: meta("2026-12-01T10:00:01.000Z", 4000),
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
    // The headline counts like the exit code: flaky apart, never as passed.
    expect(await page.locator(".headline").innerText()).toMatch(
      /^Failed \(exit 1\)\s+1 passed · 1 failed · 1 flaky\s+flaky: failed, then passed on the retry/,
    );
    expect(await page.getByLabel("run metadata").locator(".meta-item").allInnerTexts()).toEqual([
      "Started 2026-12-01T10:00:00.000Z",
      "Wall time 5.0 s",
      "Workers 4",
      "Commit 0123456789ab",
      "CI build github 42",
    ]);
    expect(await page.getByRole("link", { name: "github 42" }).getAttribute("href")).toBe(
      "https://github.com/o/r/actions/runs/42",
    );
    expect(await page.locator("tbody tr .tags").allInnerTexts()).toEqual([
      "@auth @smoke",
      "@checkout @smoke",
      "@search",
    ]);
    await page.screenshot({ path: join(ARTIFACTS, "html-report-headline.png") });

    await page.getByRole("link", { name: "checkout", exact: true }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe("#?flow=checkout");
    const flow = page.locator('section[data-flow="checkout"]');
    await expect.poll(() => flow.isVisible()).toBe(true);
    const tabs = flow.getByRole("tab");
    expect(await tabs.allInnerTexts()).toEqual([
      expect.stringMatching(/^Run · failed 1\.0 s$/),
      expect.stringMatching(/^Retry #1 · passed 900 ms$/),
    ]);
    // A flaky flow opens on its failed run; the tab a person picks is kept in the URL.
    expect(await flow.getByRole("tab", { selected: true }).innerText()).toMatch(/^Run · failed/);
    await flow.getByRole("tab", { name: /^Retry #1/ }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe("#?flow=checkout&run=1");
    await page.reload();
    await expect.poll(() => flow.isVisible()).toBe(true);
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
    // The code frame: the flow's own line, relative path, a few lines around it.
    const frame = failed.getByRole("figure");
    expect(await frame.locator("figcaption").innerText()).toBe(
      ".verify/src/flows/search-page.ts:4",
    );
    expect(await frame.locator(".code-line.hit").innerText()).toBe(
      '> 4 |     await expect(page.getByTestId("results")).toHaveCount(1);',
    );
    expect(await frame.locator(".code-line").count()).toBe(6);
    expect(await failed.locator(".declared").innerText()).toBe(
      "@search .verify/src/flows/search-page.ts",
    );
    expect(await linked.content()).not.toContain(dir);
    await linked.screenshot({
      path: join(ARTIFACTS, "html-report-code-frame.png"),
      fullPage: true,
    });

    // Nested steps fold; their bars sit on the flow's time axis, under their parent's.
    await linked.goto(`${index}#?flow=login`);
    const login = linked.locator('section[data-flow="login"]');
    await expect.poll(() => login.isVisible()).toBe(true);
    expect(await login.locator(".description").innerText()).toBe(
      "A known user signs in and sees their account.",
    );
    expect(await login.locator(".timeline .step:visible").allInnerTexts()).toEqual([
      expect.stringMatching(/^sign-in\s+pass\s+600 ms$/),
      expect.stringMatching(/^see-account\s+pass\s+280 ms$/),
    ]);
    await login.getByText("sign-in").click();
    expect(await login.locator(".timeline .step:visible").allInnerTexts()).toEqual([
      expect.stringMatching(/^sign-in\s+pass/),
      expect.stringMatching(/^fill-user\s+pass\s+200 ms$/),
      expect.stringMatching(/^submit\s+pass\s+400 ms$/),
      expect.stringMatching(/^see-account\s+pass/),
    ]);
    const bars = await login.locator(".timeline .step:visible .bar").evaluateAll((nodes) =>
      nodes.map((node) => {
        const box = node.getBoundingClientRect();
        return [Math.round(box.left), Math.round(box.right)];
      }),
    );
    type Span = [number, number];
    const [parent, fill, submit, after] = bars as [Span, Span, Span, Span];
    expect(fill[0]).toBe(parent[0]); // the first child starts with its parent
    expect(Math.abs(submit[0] - fill[1])).toBeLessThanOrEqual(1); // then one after another
    expect(Math.abs(submit[1] - parent[1])).toBeLessThanOrEqual(1);
    expect(Math.abs(after[0] - parent[1])).toBeLessThanOrEqual(1);
    await linked.screenshot({
      path: join(ARTIFACTS, "html-report-nested-steps.png"),
      fullPage: true,
    });
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
    // Tags are in the record now: @tag finds flows by tag.
    await page.goto(`${index}#?q=%40smoke`);
    await expect.poll(() => visibleFlows(page)).toEqual(["login", "checkout"]);

    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned ?? null)).toBe(null);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("show-report serves the report on 127.0.0.1 and opens a trace in Playwright's trace viewer", async () => {
    const html = join(dir, "html");
    const child = spawn(process.execPath, [BIN, "show-report", html, "--port", "0"], {
      cwd: dir,
      env: { ...process.env, DISPLAY: "", WAYLAND_DISPLAY: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    try {
      let stdout = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      await expect.poll(() => stdout, { timeout: 10_000 }).toContain("Press Ctrl+C to stop.");
      const url = /Serving the HTML report at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stdout)?.[1];
      expect(url).toBeDefined();
      expect(stdout).toContain(`Traces open in Playwright's trace viewer at ${url}trace/`);

      const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
      // The flaky flow opens on its failed first run; run=1 in the URL picks its retry.
      await page.goto(`${url}#?flow=checkout&run=1`);
      const flow = page.locator('section[data-flow="checkout"]');
      await expect.poll(() => flow.isVisible()).toBe(true);
      const retry = flow.getByRole("tabpanel", { name: "Retry #1" });
      const viewerLink = retry.getByRole("link", { name: "Open in the trace viewer" });
      expect(await viewerLink.getAttribute("href")).toBe(
        `${url}trace/index.html?trace=${encodeURIComponent(`${url}flows/1-checkout/retry-trace.zip`)}`,
      );
      expect(await retry.locator(".trace-hint").isVisible()).toBe(false);
      await page.screenshot({ path: join(ARTIFACTS, "show-report-flow.png"), fullPage: true });

      await viewerLink.click();
      await page.waitForURL(/\/trace\/index\.html\?trace=/);
      // The trace's actions are listed once the viewer has loaded the zip.
      await expect
        .poll(() => page.getByText("Click", { exact: false }).first().isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);
      await page.screenshot({ path: join(ARTIFACTS, "show-report-trace-viewer.png") });
      await page.close();

      // A path outside the report is never served.
      const outside = await fetch(`${url}..%2F..%2Fetc%2Fpasswd`);
      expect(outside.status).toBe(404);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  });
});
