// One demo flow as a plain Playwright script: the same page work as verify-runner (the very
// flow module, compiled to plain JS beforehand by cpu-bench.mjs), with nothing around it —
// no manifest, no schema, no deadline, no evidence. PLAIN_WS_ENDPOINT: connect to an
// already-open browser; else launch one. Usage: node plain-flow.mjs FLOW_MODULE.mjs
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { HEADLESS_ARGS } from "../../packages/runner/dist/browser/launch.js";

const require = createRequire(import.meta.url);
const { chromium } = require("playwright-core");
const baseURL = process.env.VERIFY_BASE_URL;
const flow = (await import(pathToFileURL(process.argv[2]).href)).default;
const source = flow.run.toString();
const uses = (name) => new RegExp(`\\b${name}\\b`).test(source.slice(0, source.indexOf(")")));
const wsEndpoint = process.env.PLAIN_WS_ENDPOINT;
const browser = !uses("page")
  ? undefined
  : wsEndpoint
    ? await chromium.connect(wsEndpoint)
    : await chromium.launch({
        executablePath: process.env.VERIFY_BROWSER_PATH || "/usr/bin/chromium",
        args: HEADLESS_ARGS,
      });
let ownRequest;
try {
  const context = await browser?.newContext({ baseURL });
  ownRequest ??= context
    ? undefined
    : await require("playwright-core").request.newContext({ baseURL });
  const request = context?.request ?? ownRequest;
  await flow.run({
    page: await context?.newPage(),
    context,
    browser,
    request,
    baseURL,
    expect: uses("expect") ? require("@playwright/test").expect : undefined,
    step: (_name, fn) => fn(),
    log: () => {},
  });
  console.log(JSON.stringify({ flow: flow.name, status: "pass" }));
} finally {
  await ownRequest?.dispose();
  await browser?.close();
}
