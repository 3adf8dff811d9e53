import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FlowListSchema, RunResultSchema } from "@agent-verify/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, REPO_ROOT, RUNNER_BIN, freePort, runRunner } from "./helpers.js";

// The repo's own .verify flows against the real demo shop. The DEMO_BUG → step
// mapping is the one documented at the top of .verify/workflows.yaml.
const BUGS = [
  {
    bug: "cart-count",
    flow: "checkout-happy-path",
    step: "assert-cart-count-1",
    error: /Expected: "1"/,
    notRun: 4,
  },
  {
    bug: "cart-count",
    flow: "add-remove-cart",
    step: "assert-cart-count-1",
    error: /Expected: "1"/,
    notRun: 6,
  },
  {
    bug: "checkout-empty-email",
    flow: "checkout-validation-errors",
    step: "assert-email-error",
    error: /expect/,
    notRun: 3,
  },
  {
    bug: "login-always-fails",
    flow: "login",
    step: "assert-logged-in",
    error: /expect/,
    notRun: 0,
  },
];

interface Shop {
  url: string;
  process: ChildProcess;
}

async function startShop(bug?: string): Promise<Shop> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(REPO_ROOT, "apps/demo-shop/dist/server.js")], {
    env: { ...process.env, PORT: String(port), DEMO_BUG: bug ?? "" },
    stdio: ["ignore", "ignore", "ignore"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, process: child };
    } catch {
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  throw new Error(`demo shop did not start on ${url}`);
}

function stopShop(shop: Shop): Promise<void> {
  return new Promise((done) => {
    if (shop.process.exitCode !== null) return done();
    shop.process.once("exit", () => done());
    shop.process.kill("SIGTERM");
  });
}

const artifacts = mkdtempSync(join(tmpdir(), "demo-flows-artifacts-"));

/**
 * One browser for every run in this file, the way a manager run shares one: the runner's own
 * `--browser-server`, each flow in a fresh context over VERIFY_BROWSER_WS_ENDPOINT. Launching
 * a browser per run is tested in runner-browser and runner-cli; eleven launches here add
 * nothing but CPU.
 */
let browser: { process: ChildProcess; env: Record<string, string> };

async function startBrowserServer(): Promise<typeof browser> {
  const child = spawn(
    process.execPath,
    [RUNNER_BIN, "--browser-server", "--idle-timeout", "900", "--dir", REPO_ROOT],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, VERIFY_BROWSER_PATH: CHROMIUM },
      stdio: ["pipe", "pipe", "ignore"],
    },
  );
  let stdout = "";
  const line = await new Promise<string>((done, fail) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes("\n")) done(stdout.split("\n")[0] ?? "");
    });
    child.once("exit", (code) => fail(new Error(`--browser-server exited ${code}: ${stdout}`)));
  });
  const info = JSON.parse(line) as { ok: boolean; ws_endpoint?: string; error?: string };
  if (!info.ok || !info.ws_endpoint) throw new Error(`--browser-server: ${line}`);
  return { process: child, env: { VERIFY_BROWSER_WS_ENDPOINT: info.ws_endpoint } };
}

beforeAll(async () => {
  browser = await startBrowserServer();
});
afterAll(async () => {
  // Its stdin ending closes the browser; the process leaves once it has.
  const exited = new Promise((done) => browser.process.once("exit", done));
  browser.process.stdin?.end();
  await exited;
});

describe("the repo's flows against the demo shop", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(() => stopShop(shop));

  it("every listed flow is implemented and passes, all in one --worker as a manager runs them", async () => {
    const list = FlowListSchema.parse((await runRunner(["--list"], { cwd: REPO_ROOT })).json);
    expect(list.flows.map((flow) => flow.name)).toEqual(
      expect.arrayContaining([
        "checkout-happy-path",
        "login",
        "add-remove-cart",
        "checkout-validation-errors",
        "order-history",
        "api-health",
      ]),
    );
    for (const flow of list.flows) expect(flow.implemented, flow.name).toBe(true);
    // One runner process for the seven (a single-flow run of each is the DEMO_BUG tests' shape).
    const run = await runRunner(["--worker"], {
      cwd: REPO_ROOT,
      env: { VERIFY_BASE_URL: shop.url, VERIFY_ARTIFACTS_DIR: artifacts, ...browser.env },
      input: list.flows.map((flow) => `${flow.name}\n`).join(""),
    });
    const results = run.stdout
      .trim()
      .split("\n")
      .map((line) => RunResultSchema.parse(JSON.parse(line)));
    expect(
      results.map((result) => ({
        flow: result.flow,
        status: result.status,
        failing: result.steps.find((step) => step.status !== "pass"),
      })),
    ).toEqual(list.flows.map((flow) => ({ flow: flow.name, status: "pass", failing: undefined })));
    expect(run.exitCode).toBe(0);
    // Seven real browser runs one after another: the 60 s default is one flow's budget, not seven.
  }, 300_000);
});

// The four failing runs at once, each on a shop with its own DEMO_BUG: each waits out its
// failing assertion's timeout, which need not be waited four times over.
describe("DEMO_BUG: each documented bug fails its flow at its step", () => {
  const shops = new Map<string, Shop>();
  beforeAll(async () => {
    const bugs = [...new Set(BUGS.map((entry) => entry.bug))];
    const started = await Promise.all(bugs.map((bug) => startShop(bug)));
    bugs.forEach((bug, i) => shops.set(bug, started[i] as Shop));
  });
  afterAll(() => Promise.all([...shops.values()].map((shop) => stopShop(shop))));

  it.concurrent.for(BUGS)(
    "DEMO_BUG=$bug fails $flow at $step with evidence",
    async ({ bug, flow, step, error, notRun }, { expect }) => {
      const shop = shops.get(bug);
      if (!shop) throw new Error(`no shop for ${bug}`);
      const run = await runRunner([flow], {
        cwd: REPO_ROOT,
        env: { VERIFY_BASE_URL: shop.url, VERIFY_ARTIFACTS_DIR: artifacts, ...browser.env },
      });
      expect(run.exitCode).toBe(1);
      const result = RunResultSchema.parse(run.json);
      expect(result.status).toBe("fail");
      const index = result.steps.findIndex((candidate) => candidate.status === "fail");
      expect(result.steps[index]?.name).toBe(step);
      expect(result.steps[index]?.error).toMatch(error);
      expect(result.steps.slice(0, index).every((candidate) => candidate.status === "pass")).toBe(
        true,
      );
      const later = result.steps.slice(index + 1);
      expect(later.map((candidate) => candidate.status)).toEqual(Array(notRun).fill("not_run"));
      const png = readFileSync(result.artifacts.screenshot ?? "");
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      expect(png.length).toBeGreaterThan(1000);
      expect(result.artifacts.url_at_failure).toContain(shop.url);
      const context = readFileSync(result.artifacts.error_context ?? "", "utf8");
      expect(context).toContain(`Failing step: \`${step}\``);
      expect(context).toContain("## Page snapshot (ARIA)");
    },
  );
});
