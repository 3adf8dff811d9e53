import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./http-project.js";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const RUNNER_BIN = join(ROOT, "packages", "runner", "bin", "verify-runner.cjs");
const CHROMIUM = process.env.VERIFY_BROWSER_PATH || "/usr/bin/chromium";

const SITE = String.raw`
import { createServer } from "node:http";
createServer((req, res) => {
  if (req.url === "/health") return res.end("ok");
  res.setHeader("content-type", "text/html");
  res.end("<!doctype html><title>Shop</title><h1>Shop</h1><p id=seen></p>" +
    "<script>document.getElementById('seen').textContent = localStorage.getItem('visited') ?? 'first visit';" +
    "localStorage.setItem('visited', 'again');</script>");
}).listen(Number(process.env.PORT), "127.0.0.1");
`;

/** Each flow opens the page and must see a fresh browser context: no storage from another flow. */
const flow = (name: string) => `
import { defineFlow } from "@agent-verify/runner";
export default defineFlow({
  name: ${JSON.stringify(name)},
  async run({ page, step, expect }) {
    await step("open", () => page.goto("/"));
    await step("fresh-storage", () => expect(page.locator("#seen")).toHaveText("first visit"));
    await step("cookie", async () => {
      const cookies = await page.context().cookies();
      if (cookies.some((c) => c.name === "leak")) throw new Error("a cookie from another flow");
      await page.context().addCookies([{ name: "leak", value: ${JSON.stringify(name)}, url: page.url() }]);
    });
  },
});
`;

export interface BrowserProject {
  dir: string;
  marker: string;
  /** One line per browser launch (the wrapper logs its pid). */
  launchLog: string;
  /** One line per runner start: its first argument (`--list`, `--worker`, a flow name...). */
  runLog: string;
  env: NodeJS.ProcessEnv;
}

/** The real verify-runner over real Chromium, `flows` page flows, a site behind web_server. */
export async function makeBrowserProject(flows: readonly string[]): Promise<BrowserProject> {
  const dir = mkdtempSync(join(tmpdir(), "vm-browser-"));
  const port = await freePort();
  const marker = `vmbrowser${process.pid}x${Math.random().toString(36).slice(2, 10)}`;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write("package.json", '{"type":"module"}\n');
  mkdirSync(join(dir, "node_modules", "@agent-verify"), { recursive: true });
  symlinkSync(
    join(ROOT, "packages", "runner"),
    join(dir, "node_modules", "@agent-verify", "runner"),
  );
  write("site.mjs", SITE);
  for (const name of flows) write(`.verify/src/flows/${name}.ts`, flow(name));
  const launchLog = join(dir, "launches.log");
  write(
    "chromium.sh",
    `#!/bin/sh\necho "$$" >> ${JSON.stringify(launchLog)}\nexec ${CHROMIUM} "$@"\n`,
  );
  chmodSync(join(dir, "chromium.sh"), 0o755);
  const runLog = join(dir, "runs.log");
  write(
    "runner.sh",
    `#!/bin/sh\necho "$1" >> ${JSON.stringify(runLog)}\nexec node ${RUNNER_BIN} "$@"\n`,
  );
  chmodSync(join(dir, "runner.sh"), 0o755);
  write(
    ".verify/workflows.yaml",
    [
      "version: 1",
      `runner_command: "./runner.sh {flow}"`,
      `base_url: "http://127.0.0.1:${port}"`,
      "web_server:",
      `  command: "PORT=${port} node site.mjs"`,
      `  url: "http://127.0.0.1:${port}/health"`,
      "flows:",
      ...flows.flatMap((name) => [`  - name: ${name}`, "    timeout_s: 30"]),
      "",
    ].join("\n"),
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    VERIFY_BROWSER_PATH: join(dir, "chromium.sh"),
    VERIFY_ARTIFACTS_DIR: join(dir, "artifacts"),
    [marker]: "1",
  };
  delete env.VERIFY_BASE_URL;
  delete env.VERIFY_BROWSER_WS_ENDPOINT;
  return { dir, marker, launchLog, runLog, env };
}
