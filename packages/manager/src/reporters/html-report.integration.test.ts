import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { FlowOutcome, RunReport, VerifyLogEntry } from "@agent-verify/contract";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBrowserProject, type BrowserProject } from "../../test/helpers/browser-project.js";
import { runCli } from "../../test/helpers/cli.js";
import { processesWithEnv, waitForNoneWithEnv } from "../../test/helpers/kill-run.js";
import { appendSignedLogLine } from "../../test/helpers/signed-log.js";

const CHROMIUM = process.env.VERIFY_BROWSER_PATH || "/usr/bin/chromium";
/** Kept after the run (git-ignored) so a person can look at the report. */
const ARTIFACTS = fileURLToPath(new URL("../../test-results/", import.meta.url));

const SECRET = "s3cr3t-report-value-4242";
const INJECT = `<script>window.__pwned = 1</script>"><img src=x onerror="window.__pwned = 2">`;

let browser: Browser;
let dir: string;
let project: BrowserProject | undefined;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  dir = mkdtempSync(join(tmpdir(), "vm-html-report-"));
  mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
  if (project) {
    for (const pid of processesWithEnv(`${project.marker}=1`)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    rmSync(project.dir, { recursive: true, force: true });
  }
});

const outcome = (flow: string, extra: Partial<FlowOutcome> = {}): FlowOutcome => ({
  flow,
  outcome: "pass",
  exit_code: 0,
  signal: null,
  duration_ms: 1234,
  failing_step: null,
  error: null,
  artifacts: null,
  stderr_tail: "",
  result: {
    schema_version: 1,
    flow,
    status: "pass",
    duration_ms: 1200,
    steps: [{ name: "open", status: "pass", duration_ms: 300 }],
    artifacts: {},
  },
  ...extra,
});

/** A failing run as the runner leaves it: a real screenshot, error-context.md, a trace file. */
async function failingRun(): Promise<RunReport> {
  const evidence = join(dir, "evidence");
  mkdirSync(evidence, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 640, height: 360 } });
  await page.setContent("<h1 style='color:#b3261e;font:40px sans-serif'>Cart is empty</h1>");
  const screenshot = join(evidence, "checkout.png");
  await page.screenshot({ path: screenshot });
  await page.close();
  const errorContext = join(evidence, "error-context.md");
  writeFileSync(
    errorContext,
    [
      "# Flow `checkout` failed",
      "",
      "- Failing step: `assert-cart-count-1`",
      `- Page URL: http://127.0.0.1/cart?token=${SECRET}`,
      `- Screenshot: ${screenshot}`,
      `- Trace: ${join(evidence, "trace.zip")} — open with \`npx playwright show-trace ${join(evidence, "trace.zip")}\``,
      "",
      "## Error",
      "",
      "```text",
      `expected 1, got 0 ${INJECT}`,
      "```",
      "",
      "## Steps",
      "",
      "- assert-cart-count-1: fail (50 ms)",
      "",
      "## Page snapshot (ARIA)",
      "",
      "```yaml",
      '- heading "Cart is empty" [level=1]',
      "```",
      "",
      "## Uncaught page errors",
      "",
      `A paragraph with **bold** and ${INJECT} (token=${SECRET})`,
      "",
      "## Console errors",
      "",
      "- boom in the console",
      "",
      "## Failed requests",
      "",
      "none",
      "",
    ].join("\n"),
  );
  const trace = join(evidence, "trace.zip");
  writeFileSync(trace, "PK not really a zip");
  const error = `expected 1, got 0 (api key ${SECRET})`;
  const checkout = outcome("checkout", {
    outcome: "fail",
    exit_code: 1,
    failing_step: "assert-cart-count-1",
    error,
    artifacts: {
      screenshot,
      error_context: errorContext,
      trace,
      url_at_failure: "http://127.0.0.1/cart",
      dir: evidence,
    },
    stderr_tail: `runner log line\nusing ${SECRET}\n${INJECT}\n`,
    result: {
      schema_version: 1,
      flow: "checkout",
      status: "fail",
      duration_ms: 1200,
      steps: [
        { name: "add-to-cart", status: "pass", duration_ms: 500 },
        { name: "assert-cart-count-1", status: "fail", duration_ms: 50, error },
        { name: "pay", status: "not_run", duration_ms: 0 },
      ],
      artifacts: { screenshot, error_context: errorContext, trace },
    },
  });
  const hostile = outcome(`../../${INJECT}`, {
    outcome: "crash",
    exit_code: 3,
    error: `runner ended ${INJECT}`,
    artifacts: { screenshot },
    stderr_tail: INJECT,
    result: null,
  });
  const missing = outcome("wishlist", {
    outcome: "not_implemented",
    exit_code: null,
    duration_ms: 0,
    error: "declared in the manifest, no flow module",
    result: null,
  });
  return {
    schema_version: 1,
    passed: false,
    outcomes: [outcome("login"), checkout, hostile, missing],
  };
}

const logEntry = (
  ticket: string,
  attempt: number,
  extra: Partial<VerifyLogEntry>,
): VerifyLogEntry => ({
  schema_version: 1,
  ticket,
  attempt,
  timestamp: `2026-12-0${attempt}T10:00:00.000Z`,
  tree_hash: `${attempt}`.repeat(40),
  type: "bug",
  pass: true,
  decision: "pass",
  counted: false,
  flows_run: ["checkout"],
  passed_flows: ["checkout"],
  failed_flows: [],
  tests_ran: true,
  failed_tests: [],
  failed_ac: [],
  lint_errors: [],
  typecheck_errors: [],
  gate_findings: [],
  gates: { status: "pass", exit_code: 0, already_verified: false, error: null },
  flaky: [],
  setup_error: null,
  fingerprint: "f",
  same_as_previous: false,
  deliverable_review: null,
  manual_smoke_required: false,
  ...extra,
});

/** A project whose verify log holds two tickets (one retried, then passed) and a foreign line. */
function projectWithLog(): string {
  const project = mkdtempSync(join(dir, "project-"));
  appendSignedLogLine(
    project,
    logEntry("shop-1", 1, {
      pass: false,
      decision: "retry",
      counted: true,
      passed_flows: [],
      failed_flows: [
        {
          flow: "checkout",
          outcome: "fail",
          failing_step: "pay",
          error: `declined ${INJECT}\nExpected: "paid"\nReceived: "declined"`,
        },
      ],
      failed_tests: [{ file: "cart.test.ts", name: "adds one", message: "expected 1" }],
    }),
  );
  appendSignedLogLine(
    project,
    logEntry("shop-1", 2, {
      title: `Cart badge shows the count ${INJECT}`,
      comment: `verify-manager: verified at attempt 2: **checkout** passed ${INJECT}\n[verify-manager attempt shop-1#2]\n`,
    }),
  );
  appendSignedLogLine(
    project,
    logEntry("shop-2", 1, { pass: false, decision: "setup", setup_error: "no browser found" }),
  );
  appendFileSync(
    join(project, ".verify", "log.jsonl"),
    `${JSON.stringify(logEntry("shop-3", 1, {}))}\n`,
  );
  return project;
}

/** Every text file the report folder holds (the screenshots are binary). */
function textFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".png"))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), "utf8"));
}

async function visibleFlows(page: Page): Promise<string[]> {
  return page.locator("tbody tr:visible td:first-child").allInnerTexts();
}

describe("the HTML report in real Chromium", () => {
  it("loads from file:// with no console errors; filters, search, a flow's page, the tickets view", async () => {
    const reportFile = join(dir, "run.json");
    writeFileSync(reportFile, JSON.stringify(await failingRun()));
    const project = projectWithLog();
    const html = join(dir, "out", "html");
    const merged = await runCli(["merge-reports", reportFile, "--reporter", `html=${html}`], {
      cwd: project,
      env: { ...process.env, REPORT_API_TOKEN: SECRET },
    });
    expect(merged.code).toBe(1);
    for (const text of textFiles(html)) expect(text).not.toContain(SECRET);

    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    const problems: string[] = [];
    const requests: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("request", (request) => requests.push(request.url()));
    await page.goto(pathToFileURL(join(html, "index.html")).href);

    const toolbar = page.getByRole("toolbar", { name: "filter flows" });
    expect(await toolbar.getByRole("button").allInnerTexts()).toEqual([
      "All4",
      "Passed1",
      "Failed2",
      "Flaky0",
      "Not run1",
    ]);
    expect(await visibleFlows(page)).toEqual(["login", "checkout", `../../${INJECT}`, "wishlist"]);
    await page.screenshot({ path: join(ARTIFACTS, "html-report.png"), fullPage: true });

    await toolbar.getByRole("button", { name: "Failed" }).click();
    expect(await visibleFlows(page)).toEqual(["checkout", `../../${INJECT}`]);
    await toolbar.getByRole("button", { name: "Not run" }).click();
    expect(await visibleFlows(page)).toEqual(["wishlist"]);
    await toolbar.getByRole("button", { name: "All" }).click();
    await page.getByRole("searchbox", { name: "Search flows" }).fill("CART-COUNT");
    expect(await visibleFlows(page)).toEqual(["checkout"]);
    await page.getByRole("searchbox", { name: "Search flows" }).fill("no such flow");
    expect(await visibleFlows(page)).toEqual([]);
    expect(await page.getByText("No flow matches the filter.").isVisible()).toBe(true);
    await page.getByRole("searchbox", { name: "Search flows" }).fill("");

    await page.getByRole("link", { name: "checkout", exact: true }).click();
    const flow = page.locator("#view-flow-1");
    await expect.poll(() => flow.isVisible()).toBe(true);
    expect(await page.locator("#view-flows").isVisible()).toBe(false);
    const image = flow.getByRole("img", { name: "screenshot of checkout" });
    expect(
      await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    expect(await flow.locator(".timeline .step").allInnerTexts()).toEqual([
      expect.stringMatching(/^add-to-cart\s+pass\s+500 ms$/),
      expect.stringMatching(/^assert-cart-count-1\s+fail\s+50 ms$/),
      expect.stringMatching(/^pay\s+not_run$/),
    ]);
    // error-context.md adds what only it has (the ARIA snapshot, page errors, failed
    // requests); the error, steps and console errors are the page's own panels, shown once.
    const markdown = flow.locator(".markdown");
    expect(await markdown.locator("h4").allInnerTexts()).toEqual([
      "Page snapshot (ARIA)",
      "Uncaught page errors",
      "Failed requests",
    ]);
    expect(await markdown.locator("pre").innerText()).toBe('- heading "Cart is empty" [level=1]');
    expect(await markdown.locator("strong").innerText()).toBe("bold");
    expect(await markdown.innerText()).toContain("token=[REDACTED]");
    expect(await flow.getByText("expected 1, got 0").count()).toBe(1);
    // Uploaded as it is: no absolute path of this machine anywhere in the folder.
    for (const text of textFiles(html)) expect(text).not.toContain(dir);
    expect(readFileSync(join(html, "flows/1-checkout/error-context.md"), "utf8")).toContain(
      "- Screenshot: checkout.png",
    );
    const command = await flow.locator("pre.command").innerText();
    expect(command).toBe("npx playwright show-trace flows/1-checkout/trace.zip");
    expect(readFileSync(join(html, "flows/1-checkout/trace.zip"), "utf8")).toBe(
      "PK not really a zip",
    );
    expect(await flow.locator("pre.stderr").innerText()).toBe(
      `runner log line\nusing [REDACTED]\n${INJECT}`,
    );
    await page.screenshot({ path: join(ARTIFACTS, "html-report-flow.png"), fullPage: true });

    await page.locator("#view-flow-1").getByRole("link", { name: "← all flows" }).click();
    await page.getByRole("link", { name: `../../${INJECT}` }).click();
    const hostile = page.locator("#view-flow-2");
    await expect.poll(() => hostile.isVisible()).toBe(true);
    expect(await hostile.locator("h2").innerText()).toContain(`../../${INJECT}`);
    const shot = await hostile.getByRole("img").getAttribute("src");
    expect(shot).toMatch(/^flows\/2-[\w.-]+\/checkout\.png$/);
    expect(existsSync(join(html, shot ?? "missing"))).toBe(true);

    await page.getByRole("link", { name: "Tickets (2)" }).click();
    const tickets = page.locator("#view-tickets");
    await expect.poll(() => tickets.isVisible()).toBe(true);
    expect(await tickets.locator("article.ticket h3").allInnerTexts()).toEqual([
      `shop-1 Cart badge shows the count ${INJECT} 2 attempts`,
      "shop-2 1 attempt",
    ]);
    const attempts = tickets.locator('[data-ticket="shop-1"] li.attempt');
    expect(await attempts.locator("h4").allInnerTexts()).toEqual([
      expect.stringMatching(/^attempt 1 failed 2026-12-01T10:00:00.000Z · counted$/),
      expect.stringMatching(/^attempt 2 passed 2026-12-02T10:00:00.000Z · not counted$/),
    ]);
    const first = await attempts.first().innerText();
    // The tree hash in a tooltip, not in the text; the error with its line breaks.
    expect(first).not.toContain("111111111111");
    expect(await attempts.first().locator("h4").getAttribute("title")).toBe(
      `git tree ${"1".repeat(40)}`,
    );
    expect(first).toContain(
      `checkout: fail at step 'pay' — declined ${INJECT}\nExpected: "paid"\nReceived: "declined"`,
    );
    // A ticket's flow links to its page in this report.
    await attempts.first().getByRole("link", { name: "checkout" }).first().click();
    await expect.poll(() => new URL(page.url()).hash).toBe("#?flow=checkout");
    await page.goBack();
    await expect.poll(() => tickets.isVisible()).toBe(true);
    expect(first).toContain("cart.test.ts: adds one — expected 1");
    expect(first).toContain("bd comments shop-1");
    // The comment the attempt posted, kept in its log line, folded until asked for.
    const posted = attempts.nth(1).locator("details.posted-comment");
    expect(await posted.locator("article").isVisible()).toBe(false);
    await posted.getByText("Comment posted on the ticket").click();
    expect(await posted.locator("article").innerText()).toBe(
      `verify-manager: verified at attempt 2: checkout passed ${INJECT} [verify-manager attempt shop-1#2]`,
    );
    expect(await posted.locator("article strong").innerText()).toBe("checkout");
    expect(await tickets.locator('[data-ticket="shop-2"]').innerText()).toContain(
      "setup: no browser found",
    );
    expect(await tickets.locator(".note").innerText()).toMatch(/1 line is not signed/);
    await page.screenshot({ path: join(ARTIFACTS, "html-report-tickets.png"), fullPage: true });

    expect(
      await page.evaluate(() => ({
        pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
        onerror: document.querySelectorAll("[onerror]").length,
        scripts: document.scripts.length,
      })),
    ).toEqual({ pwned: null, onerror: 0, scripts: 1 });
    expect(problems).toEqual([]);
    expect(requests.filter((url) => !/^(file|data):/.test(url))).toEqual([]);
    await page.close();
  });

  it("is one folder that still works after it is moved", async () => {
    const reportFile = join(dir, "moved.json");
    writeFileSync(reportFile, JSON.stringify(await failingRun()));
    const html = join(dir, "before", "report");
    const merged = await runCli(["merge-reports", reportFile, "--reporter", `html=${html}`], {
      cwd: dir,
    });
    expect(merged.code).toBe(1);
    const moved = join(dir, "after", "elsewhere");
    mkdirSync(dirname(moved), { recursive: true });
    renameSync(html, moved);
    rmSync(join(dir, "evidence"), { recursive: true, force: true });

    const page = await browser.newPage();
    await page.goto(`${pathToFileURL(join(moved, "index.html")).href}#flow-1`);
    const image = page.locator("#view-flow-1").getByRole("img", { name: "screenshot of checkout" });
    await expect.poll(() => image.isVisible()).toBe(true);
    expect(
      await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    const href = await page.getByRole("link", { name: "error-context.md" }).getAttribute("href");
    expect(readFileSync(join(moved, href ?? "missing"), "utf8")).toContain(
      "# Flow `checkout` failed",
    );
    await page.close();
  });

  it("`run --reporter html=` over the real runner: the failing flow's own screenshot, error context and trace", async () => {
    project = await makeBrowserProject(["open-shop", "sees-cart"]);
    writeFileSync(
      join(project.dir, ".verify/src/flows/sees-cart.ts"),
      [
        'import { defineFlow } from "@agent-verify/runner";',
        "export default defineFlow({",
        '  name: "sees-cart",',
        "  async run({ page, step, expect }) {",
        '    await step("open", () => page.goto("/"));',
        '    await step("cart-count", () => expect(page.locator("h1")).toHaveText("Cart: 1", { timeout: 1000 }));',
        "  },",
        "});",
        "",
      ].join("\n"),
    );
    // An npm project: the hint runs the locally installed bin through npx.
    writeFileSync(join(project.dir, "package-lock.json"), "{}\n");
    const html = join(dir, "real-run");
    const run = await runCli(["run", "--all", "--dir", project.dir, "--reporter", `html=${html}`], {
      env: project.env,
    });
    expect(run.code).toBe(1);
    expect(await waitForNoneWithEnv(`${project.marker}=1`, 8000)).toEqual([]);

    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    await page.goto(pathToFileURL(join(html, "index.html")).href);
    expect(await page.title()).toBe("agent-verify: 1/2 flows passed");
    await page.getByRole("link", { name: "sees-cart" }).click();
    const flow = page.locator("#view-flow-1");
    await expect.poll(() => flow.isVisible()).toBe(true);
    const image = flow.getByRole("img", { name: "screenshot of sees-cart" });
    expect(
      await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    expect(await flow.locator(".markdown h4:visible").first().innerText()).toBe(
      "Page snapshot (ARIA)",
    );
    for (const text of textFiles(html)) expect(text).not.toContain(project.dir);
    // The runner said where the step failed; the report shows that line of the flow's source.
    expect(await flow.locator(".flow-file").innerText()).toBe(".verify/src/flows/sees-cart.ts");
    const frame = flow.getByRole("tabpanel", { name: "Run", exact: true }).getByRole("figure");
    expect(await frame.locator("figcaption").innerText()).toBe(".verify/src/flows/sees-cart.ts:6");
    expect(await frame.locator(".code-line.hit").innerText()).toContain(
      'await step("cart-count", () => expect(page.locator("h1")).toHaveText("Cart: 1"',
    );
    expect(await frame.innerHTML()).not.toContain(project.dir);
    expect(run.stderr).toContain(
      `verify-manager: to serve it with the trace viewer: npx verify-manager show-report ${html}\n`,
    );
    // Failed twice (the retry records the trace): a tab per run, the first failure shown first.
    expect(await flow.getByRole("tab").allInnerTexts()).toEqual([
      expect.stringMatching(/^Run · fail/),
      expect.stringMatching(/^Retry #1 · fail/),
    ]);
    expect(await flow.locator(".timeline .step:visible").allInnerTexts()).toEqual([
      expect.stringMatching(/^open\s+pass\s+/),
      expect.stringMatching(/^cart-count\s+fail\s+/),
    ]);
    const command = await flow.locator("pre.command").innerText();
    expect(command).toBe("npx playwright show-trace flows/1-sees-cart/trace.zip");
    expect(readFileSync(join(html, "flows/1-sees-cart/trace.zip")).subarray(0, 2).toString()).toBe(
      "PK",
    );
    await page.screenshot({ path: join(ARTIFACTS, "html-report-real-run.png"), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });
});
