import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A web server that logs each start to starts.log and answers /health. */
const SITE = String.raw`
import { appendFileSync } from "node:fs";
import { createServer } from "node:http";
appendFileSync("starts.log", process.pid + "\n");
createServer((req, res) => res.end(req.url)).listen(Number(process.env.PORT), "127.0.0.1");
`;

/**
 * A runner that checks the app over HTTP: /health before and after waiting FLOW_MS,
 * so a server stopped under it shows as a failure. It logs the VERIFY_BASE_URL it got.
 */
const RUNNER = String.raw`
import { appendFileSync } from "node:fs";
const [flow] = process.argv.slice(2);
const flows = JSON.parse(process.env.HTTP_FLOWS);
const out = (value) => process.stdout.write(JSON.stringify(value) + "\n");
if (flow === "--list") {
  out({ schema_version: 1, flows: flows.map((name) => ({ name, description: "http " + name, timeout_s: 30, tags: [], implemented: true })) });
} else {
  const base = process.env.VERIFY_BASE_URL;
  appendFileSync("runs.log", flow + " " + base + "\n");
  const steps = [];
  const check = async (name) => {
    const started = Date.now();
    try {
      const response = await fetch(base + "/health");
      steps.push({ name, status: response.ok ? "pass" : "fail", duration_ms: Date.now() - started });
    } catch (error) {
      steps.push({ name, status: "fail", duration_ms: Date.now() - started, error: String(error.cause ?? error) });
    }
  };
  await check("before");
  await new Promise((done) => setTimeout(done, Number(process.env.FLOW_MS ?? 0)));
  await check("after");
  const ok = steps.every((step) => step.status === "pass");
  out({ schema_version: 1, flow, status: ok ? "pass" : "fail", duration_ms: 1, steps, artifacts: {} });
  process.exitCode = ok ? 0 : 1;
}
`;

export interface HttpProject {
  dir: string;
  port: number;
  marker: string;
  env: NodeJS.ProcessEnv;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** A project whose manifest declares `flows`, a base_url on a free port and a web_server for it. */
export async function makeHttpProject(flows: readonly string[], flowMs = 0): Promise<HttpProject> {
  const dir = mkdtempSync(join(tmpdir(), "vm-http-"));
  const port = await freePort();
  const marker = `vmhttp${process.pid}x${Math.random().toString(36).slice(2, 10)}`;
  writeFileSync(join(dir, "site.mjs"), SITE);
  writeFileSync(join(dir, "runner.mjs"), RUNNER);
  mkdirSync(join(dir, ".verify"));
  writeFileSync(
    join(dir, ".verify", "workflows.yaml"),
    [
      "version: 1",
      `runner_command: "node ./runner.mjs {flow} --marker=${marker}"`,
      `base_url: "http://127.0.0.1:${port}"`,
      "web_server:",
      `  command: "PORT=${port} node site.mjs --marker=${marker}"`,
      `  url: "http://127.0.0.1:${port}/health"`,
      "  timeout_s: 20",
      "flows:",
      ...flows.map((name) => `  - name: ${name}`),
      "",
    ].join("\n"),
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HTTP_FLOWS: JSON.stringify(flows),
    FLOW_MS: String(flowMs),
  };
  delete env.VERIFY_BASE_URL;
  return { dir, port, marker, env };
}
