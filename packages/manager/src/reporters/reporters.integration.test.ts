import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FlowOutcome, RunReport } from "@agent-verify/contract";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../test/helpers/cli.js";
import { makeFaultProject, type FaultProject } from "../../test/helpers/fault-runner.js";
import { junitProblems, PARSE_IN_PAGE, type XmlElement } from "../../test/helpers/junit-schema.js";

const CHROMIUM = process.env.VERIFY_BROWSER_PATH || "/usr/bin/chromium";
let browser: Browser;
let dir: string;
let project: FaultProject;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  dir = mkdtempSync(join(tmpdir(), "vm-reporters-"));
  project = makeFaultProject();
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(project.dir, { recursive: true, force: true });
});

const base = (flow: string): FlowOutcome => ({
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
});

/** A report as a failing run leaves it: a real screenshot, an error-context.md, an ugly error. */
async function failingReport(): Promise<RunReport> {
  const page = await browser.newPage();
  await page.setContent("<h1 style='color:red'>Cart is empty</h1>");
  const screenshot = join(dir, "evidence", "checkout.png");
  await page.screenshot({ path: screenshot });
  await page.close();
  const errorContext = join(dir, "evidence", "error-context.md");
  writeFileSync(errorContext, "# checkout failed\n");
  const error = '\u001b[31mexpect(locator).toHaveText("1")\u001b[39m <span> & "quotes"';
  const failing: FlowOutcome = {
    ...base("checkout"),
    outcome: "fail",
    exit_code: 1,
    failing_step: "assert-cart-count-1",
    error,
    artifacts: { screenshot, error_context: errorContext, url_at_failure: "http://127.0.0.1/cart" },
    stderr_tail: "runner log line\n",
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
      artifacts: { screenshot, error_context: errorContext },
    },
  };
  return { schema_version: 1, passed: false, outcomes: [base("login"), failing] };
}

describe("--reporter junit= and html=", () => {
  it("what a person sees in the HTML page, and JUnit XML that the schema accepts", async () => {
    const reportFile = join(dir, "run.json");
    writeFileSync(reportFile, JSON.stringify(await failingReport()));
    const junit = join(dir, "out", "junit.xml");
    const html = join(dir, "out", "html");
    const merged = await runCli([
      "merge-reports",
      reportFile,
      "--reporter",
      `junit=${junit}`,
      "--reporter",
      `html=${html}`,
    ]);
    expect(merged.code).toBe(1);
    // Where each report went, at the end of the run (stdout stays the JSON report).
    expect(merged.stderr).toContain(`verify-manager: JUnit report: ${junit}\n`);
    expect(merged.stderr).toContain(
      `verify-manager: HTML report: ${join(html, "index.html")} (open it in a browser)\n`,
    );

    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(html, "index.html")).href);
    expect(await page.title()).toBe("agent-verify: 1/2 flows passed");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("agent-verify: 1/2 flows passed");
    const rows = page.locator("tbody tr");
    expect(await rows.count()).toBe(2);
    const login = await rows.nth(0).innerText();
    expect(login).toMatch(/^login\s+pass\s+1.2 s/);
    expect(await rows.nth(1).innerText()).toContain(
      `step 'assert-cart-count-1': expect(locator).toHaveText("1") <span> & "quotes"`,
    );
    await rows.nth(0).getByRole("link", { name: "login" }).click();
    const loginView = page.locator("#view-flow-0");
    await expect.poll(() => loginView.isVisible()).toBe(true);
    expect(await loginView.locator(".timeline").innerText()).toMatch(/open\s+pass\s+300 ms/);
    await loginView.getByRole("link", { name: "← all flows" }).click();
    await rows.nth(1).getByRole("link", { name: "checkout" }).click();
    const checkout = page.locator("#view-flow-1");
    await expect.poll(() => checkout.isVisible()).toBe(true);
    const text = await checkout.innerText();
    expect(text).toContain("fail");
    expect(text).toContain(
      `step 'assert-cart-count-1': expect(locator).toHaveText("1") <span> & "quotes"`,
    );
    expect(await checkout.locator(".step.not_run").innerText()).toMatch(/pay\s+not_run/);
    expect(text).toContain("Page at failure: http://127.0.0.1/cart");
    const image = checkout.getByRole("img", { name: "screenshot of checkout" });
    expect(
      await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    const href = await checkout
      .getByRole("link", { name: "error-context.md" })
      .getAttribute("href");
    expect(readFileSync(join(html, href ?? "missing"), "utf8")).toBe("# checkout failed\n");
    expect(await checkout.locator(".markdown h3").innerText()).toBe("checkout failed");

    const xml = readFileSync(junit, "utf8");
    const parsed = (await page.evaluate(`(${PARSE_IN_PAGE})(${JSON.stringify(xml)})`)) as {
      tree?: XmlElement;
      error?: string;
    };
    await page.close();
    expect(parsed.error).toBeUndefined();
    const tree = parsed.tree as XmlElement;
    expect(junitProblems(tree)).toEqual([]);
    const cases = tree.children[0]?.children.filter((c) => c.name === "testcase") ?? [];
    expect(cases.map((c) => [c.attributes.name, c.attributes.time])).toEqual([
      ["login", "1.234"],
      ["checkout", "1.234"],
    ]);
    const failure = cases[1]?.children.find((c) => c.name === "failure");
    expect(failure?.attributes.message).toBe(`expect(locator).toHaveText("1") <span> & "quotes"`);
    const out = cases[1]?.children.find((c) => c.name === "system-out")?.text ?? "";
    expect(out).toContain("fail    assert-cart-count-1 (50 ms)");
    expect(out).toContain(`[[ATTACHMENT|${join(dir, "evidence", "checkout.png")}]]`);
  });

  it("`run --reporter junit=` writes the file and keeps stdout and the exit code as they were", async () => {
    const junit = join(dir, "run-junit.xml");
    const run = await runCli([
      "run",
      "pass",
      "crash",
      "--reporter",
      `junit=${junit}`,
      "--dir",
      project.dir,
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/1\/2 flows passed\n$/);
    expect(existsSync(junit)).toBe(true);
    const xml = readFileSync(junit, "utf8");
    expect(xml).toContain('tests="2" failures="0" errors="1"');
    expect(xml).toMatch(
      /<error message="runner ended \(exit code 3\) without printing a result" type="crash">/,
    );
  });
});
