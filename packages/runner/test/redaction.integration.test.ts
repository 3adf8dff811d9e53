import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { freePort, makeProject, runRunner } from "./helpers.js";
import { findLeaks, plantSecrets } from "@agent-verify/test-support/planted";

// A page that leaks every planted secret: in its text (the ARIA snapshot and the failed
// assertion's "Received"), its console errors and the URLs of its failed requests.
const LEAKY_SITE = String.raw`
import { createServer } from "node:http";
const texts = JSON.parse(process.env.PLANTED_JSON);
const html = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const page = "<!doctype html><title>Leaky</title><main><h1>Leaky</h1><pre data-testid=secrets>" +
  html(texts.join("\n")) + "</pre></main><script>" +
  "const texts = " + JSON.stringify(texts).replace(/</g, "\\u003c") + ";" +
  "for (const t of texts) { console.error('page: ' + t); fetch('/api/data?q=' + encodeURIComponent(t)); }" +
  "</script>";
const server = createServer((req, res) => {
  if (req.url === "/health") { res.end("ok"); return; }
  if (req.url.startsWith("/api/")) { res.statusCode = 401; res.end("no"); return; }
  res.setHeader("content-type", "text/html");
  res.end(page);
});
server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
`;

// The flow leaks too: env values on stderr (log and console.log) and in a thrown error.
const LEAKY_FLOW = `
import { defineFlow } from "@agent-verify/runner";
const texts = JSON.parse(process.env.PLANTED_JSON);
export default defineFlow({
  name: "leaky-page",
  steps: ["open", "talk", "check"],
  async run({ page, step, expect, log }) {
    await step("open", async () => {
      await page.goto("/");
      await page.waitForLoadState("networkidle");
    });
    await step("talk", async () => {
      for (const t of texts) { log("flow log: " + t); console.log("flow console: " + t); }
    });
    await step("check", () =>
      expect(page.getByTestId("secrets")).toHaveText("nothing to see", { timeout: 500 }));
  },
});
`;

describe("no planted secret leaves the runner (real Chromium)", () => {
  it("page text, console errors, failed request URLs, flow logs: 0 leaks in stdout, stderr, error-context.md", async () => {
    const plant = plantSecrets();
    const port = await freePort();
    const dir = makeProject({
      "site.mjs": LEAKY_SITE,
      ".verify/src/flows/leaky-page.ts": LEAKY_FLOW,
      ".verify/workflows.yaml": [
        "version: 1",
        'runner_command: "verify-runner {flow}"',
        `base_url: "http://127.0.0.1:${port}"`,
        "web_server:",
        `  command: "PORT=${port} node site.mjs"`,
        `  url: "http://127.0.0.1:${port}/health"`,
        "  timeout_s: 15",
        "flows:",
        "  - name: leaky-page",
        "    timeout_s: 60",
        "",
      ].join("\n"),
    });
    const run = await runRunner(["leaky-page"], {
      cwd: dir,
      env: { ...plant.env, PLANTED_JSON: JSON.stringify(plant.planted.map((p) => p.text)) },
    });
    expect(run.exitCode, run.stderr).toBe(1);
    const artifacts = (run.json.artifacts ?? {}) as Record<string, unknown>;
    const errorContext = readFileSync(String(artifacts.error_context), "utf8");
    // The sources really fired (so a 0 is not an empty sink's 0).
    expect((artifacts.console_errors as string[]).length).toBeGreaterThanOrEqual(
      plant.planted.length,
    );
    expect((artifacts.failed_requests as string[]).length).toBeGreaterThanOrEqual(
      plant.planted.length,
    );
    expect(run.stderr).toContain("flow log: ");
    expect(errorContext).toContain("[REDACTED]");
    expect(run.stdout).toContain("[REDACTED]");

    const sinks = { stdout: run.stdout, stderr: run.stderr, "error-context.md": errorContext };
    const leaks = findLeaks(plant.planted, sinks);
    process.stderr.write(
      `redaction (runner): ${plant.planted.length} secrets planted, ${Object.keys(sinks).length} sinks read, ${leaks.length} leaks\n`,
    );
    expect(leaks).toEqual([]);
  });
});
