import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CHROMIUM, freePort, makeProject, uniqueMarker } from "./helpers.js";

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

/** A page flow whose second step fails (the heading is not "Wrong"); its third never runs. */
export const wrongHeadingFlow = (name: string) =>
  flowSource(
    name,
    `    await step("open", () => page.goto("/"));
    await step("check-heading", () => expect(page.getByRole("heading", { level: 1 })).toHaveText("Wrong", { timeout: 500 }));
    await step("click", () => page.getByRole("button", { name: "Go" }).click());`,
    { steps: ["open", "check-heading", "click"] },
  );

/** A page flow that passes: it sees the fixture site's heading. */
export const seeHomeFlow = (name: string) =>
  flowSource(
    name,
    `    await step("open", () => page.goto("/"));
    await step("see-heading", () => expect(page.getByRole("heading", { name: "Fixture site" })).toBeVisible());`,
  );

/** A flow whose one step never ends (give it a small timeout_s). */
export const hangFlow = (name: string) =>
  flowSource(name, `    await step("wait-forever", () => new Promise(() => {}));`, {
    params: "step",
  });

export interface MarkedFixture {
  project: ReturnType<typeof fixtureProject>;
  /** In the environment of every process a run starts, to find what is left. */
  marker: string;
  /** The runner's environment: the logging browser wrapper, the marker, artifacts in `out/`. */
  env: Record<string, string>;
}

/** A fixture project on a free port, with a marker and the env to run the runner in it. */
export async function markedFixture(
  flows: Record<string, string>,
  manifestFlows: string,
): Promise<MarkedFixture> {
  const project = fixtureProject({ port: await freePort(), flows, manifestFlows });
  const marker = uniqueMarker();
  const env = {
    VERIFY_BROWSER_PATH: project.browserWrapper,
    [marker]: "1",
    VERIFY_ARTIFACTS_DIR: join(project.dir, "out"),
  };
  return { project, marker, env };
}
