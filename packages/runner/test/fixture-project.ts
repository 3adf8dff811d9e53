import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CHROMIUM, makeProject } from "./helpers.js";

/** A tiny site for the runner to visit: `/` has a heading, `/health` answers. */
const SITE = `
import { createServer } from "node:http";
const server = createServer((req, res) => {
  if (req.url === "/health") { res.end("ok"); return; }
  res.setHeader("content-type", "text/html");
  res.end("<!doctype html><title>Fixture</title><main><h1>Fixture site</h1><button>Go</button></main>");
});
server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
`;

export interface FixtureOptions {
  port: number;
  flows: Record<string, string>;
  /** Extra manifest lines appended under `flows:` entries (YAML list items). */
  manifestFlows: string;
  webServerCommand?: string;
  webServerTimeoutS?: number;
}

/** A project with a manifest, flow modules, a site on `port` and a logging browser wrapper. */
export function fixtureProject(options: FixtureOptions): {
  dir: string;
  browserLog: string;
  browserWrapper: string;
} {
  const files: Record<string, string> = {
    "site.mjs": SITE,
    ".verify/workflows.yaml": [
      "version: 1",
      'runner_command: "verify-runner {flow}"',
      `base_url: "http://127.0.0.1:${options.port}"`,
      "web_server:",
      `  command: ${JSON.stringify(options.webServerCommand ?? `PORT=${options.port} node site.mjs`)}`,
      `  url: "http://127.0.0.1:${options.port}/health"`,
      `  timeout_s: ${options.webServerTimeoutS ?? 15}`,
      "flows:",
      options.manifestFlows,
    ].join("\n"),
  };
  for (const [name, source] of Object.entries(options.flows))
    files[`.verify/src/flows/${name}.ts`] = source;
  const dir = makeProject(files);
  const browserLog = join(dir, "browser-launches.log");
  const browserWrapper = join(dir, "chromium-wrapper.sh");
  writeFileSync(
    browserWrapper,
    `#!/bin/sh\necho "$$" >> ${JSON.stringify(browserLog)}\nexec ${CHROMIUM} "$@"\n`,
  );
  chmodSync(browserWrapper, 0o755);
  return { dir, browserLog, browserWrapper };
}

export const flowSource = (
  name: string,
  body: string,
  opts: { steps?: string[]; params?: string } = {},
) => `
import { defineFlow } from "@agent-verify/runner";
export default defineFlow({
  name: ${JSON.stringify(name)},
  ${opts.steps ? `steps: ${JSON.stringify(opts.steps)},` : ""}
  async run({ ${opts.params ?? "page, step, expect, log"} }) {
${body}
  },
});
`;
