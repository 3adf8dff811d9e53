import { spawn } from "node:child_process";
import { RunResultSchema } from "@agent-verify/contract";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { HEADLESS_ARGS } from "../src/browser/launch.js";
import { fixtureProject, flowSource } from "./fixture-project.js";
import {
  CHROMIUM,
  RUNNER_BIN,
  freePort,
  isAlive,
  processesWithMarker,
  runRunner,
  uniqueMarker,
} from "./helpers.js";

const HANGS_ON_PAGE = flowSource(
  "hang-on-page",
  `    await step("open", () => page.goto("/"));
    await step("wait-on-page", async () => {
      log("WAITING-ON-PAGE");
      await new Promise(() => {});
    });
    await step("never", async () => {});`,
  { steps: ["open", "wait-on-page", "never"] },
);

const PASSES = flowSource(
  "see-heading",
  `    await step("open", () => page.goto("/"));
    await step("see-heading", () => expect(page.getByRole("heading", { name: "Fixture site" })).toBeVisible());`,
);

describe("runner and its processes", () => {
  it("SIGTERM mid-flow prints the object, exits within 2 s, leaves no browser or web server", async () => {
    const marker = uniqueMarker();
    const project = fixtureProject({
      port: await freePort(),
      flows: { "hang-on-page": HANGS_ON_PAGE },
      manifestFlows: "  - name: hang-on-page\n    timeout_s: 60",
    });
    const run = await runRunner(["hang-on-page"], {
      cwd: project.dir,
      env: { [marker]: "1", VERIFY_BROWSER_PATH: project.browserWrapper },
      sigtermWhen: "WAITING-ON-PAGE",
    });
    expect(run.sigtermAt).toBeLessThan(2000);
    expect(run.exitCode).toBe(1);
    const result = RunResultSchema.parse(run.json);
    expect(result).toMatchObject({
      status: "fail",
      error: "interrupted",
      error_code: "interrupted",
    });
    expect(result.steps.map((step) => [step.name, step.status])).toEqual([
      ["open", "pass"],
      ["wait-on-page", "fail"],
      ["never", "not_run"],
    ]);
    expect(result.steps[1]?.error).toBe("interrupted");
    // The browser wrapper and the web server carried the marker in their environment.
    await new Promise((done) => setTimeout(done, 300));
    expect(processesWithMarker(marker).filter(isAlive)).toEqual([]);
  });

  it("a runner killed with SIGKILL still leaves no web server or browser behind", async () => {
    const marker = uniqueMarker();
    const project = fixtureProject({
      port: await freePort(),
      flows: { "hang-on-page": HANGS_ON_PAGE },
      manifestFlows: "  - name: hang-on-page\n    timeout_s: 60",
    });
    const child = spawn(process.execPath, [RUNNER_BIN, "hang-on-page"], {
      cwd: project.dir,
      env: { ...process.env, [marker]: "1", VERIFY_BROWSER_PATH: CHROMIUM },
      stdio: ["ignore", "ignore", "pipe"],
    });
    await new Promise<void>((ready) => {
      let seen = "";
      child.stderr.on("data", (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.includes("WAITING-ON-PAGE")) ready();
      });
    });
    expect(processesWithMarker(marker).filter(isAlive).length).toBeGreaterThan(2);
    child.kill("SIGKILL");
    let left = processesWithMarker(marker).filter(isAlive);
    for (let waited = 0; left.length > 0 && waited < 5000; waited += 100) {
      await new Promise((done) => setTimeout(done, 100));
      left = processesWithMarker(marker).filter(isAlive);
    }
    expect(left).toEqual([]);
  });

  it("bounds each action by half the flow's deadline (at most 15 s), so the cause is named", async () => {
    const project = fixtureProject({
      port: await freePort(),
      flows: {
        "missing-button": flowSource(
          "missing-button",
          `    await step("open", () => page.goto("/"));
    await step("click-missing", () => page.getByRole("button", { name: "Not there" }).click());`,
        ),
      },
      manifestFlows: "  - name: missing-button\n    timeout_s: 4",
    });
    const run = await runRunner(["missing-button"], { cwd: project.dir });
    expect(run.exitCode).toBe(1);
    expect(run.json.steps?.[1]).toMatchObject({ name: "click-missing", status: "fail" });
    expect(String(run.json.steps?.[1]?.error)).toMatch(/Timeout 2000ms exceeded/);
  });

  it("runs a flow on a remote browser through VERIFY_BROWSER_WS_ENDPOINT", async () => {
    const server = await chromium.launchServer({
      executablePath: CHROMIUM,
      args: HEADLESS_ARGS,
      headless: true,
    });
    try {
      const project = fixtureProject({
        port: await freePort(),
        flows: { "see-heading": PASSES },
        manifestFlows: "  - name: see-heading",
      });
      const run = await runRunner(["see-heading"], {
        cwd: project.dir,
        env: {
          VERIFY_BROWSER_WS_ENDPOINT: server.wsEndpoint(),
          VERIFY_BROWSER_PATH: "/nowhere/not-used",
        },
      });
      expect(run.stderr).not.toContain("Error");
      expect(run.exitCode).toBe(0);
      expect(run.json).toMatchObject({
        status: "pass",
        steps: [{ name: "open" }, { name: "see-heading", status: "pass" }],
      });
    } finally {
      await server.close();
    }
  });
});
