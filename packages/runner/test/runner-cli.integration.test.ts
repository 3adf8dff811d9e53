import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { BrowserCheckSchema, FlowListSchema, RunResultSchema } from "@agent-verify/contract";
import { beforeAll, describe, expect, it } from "vitest";
import {
  fixtureProject,
  flowSource,
  hangFlow,
  markedFixture,
  seeHomeFlow,
  wrongHeadingFlow,
} from "./fixture-project.js";
import { freePort, makeProject, processesWithMarker, runRunner, uniqueMarker } from "./helpers.js";

const FLOWS = {
  "open-home": wrongHeadingFlow("open-home"),
  "see-home": seeHomeFlow("see-home"),
  noisy: flowSource(
    "noisy",
    `    console.log("console.log noise");
    console.info("console.info noise");
    process.stdout.write("raw stdout noise\\n");
    await step("noop", async () => {});`,
    { params: "step" },
  ),
  hang: hangFlow("hang"),
  "http-only": flowSource(
    "http-only",
    `    await step("health", async () => {
      const response = await request.get("/health");
      if (!response.ok()) throw new Error("health failed");
    });`,
    { params: "request, step" },
  ),
  // Its text reads as if run used a page (run: is a name), so the browser opens while it
  // loads; the loaded run names only request and step.
  "http-by-name": `
import { defineFlow } from "@agent-verify/runner";
const checkHealth = async ({ request, step }) => {
  await step("health-is-teapot", async () => {
    const response = await request.get("/health");
    if (response.status() !== 418) throw new Error("health answered " + response.status());
  });
};
export default defineFlow({ name: "http-by-name", run: checkHealth });
`,
  // A syntax error in a flow that names a page: the browser opened meanwhile is closed.
  "broken-page": `
import { defineFlow } from "@agent-verify/runner";
export default defineFlow({
  name: "broken-page",
  async run({ page, step }) {
    await step("open", () => page.goto("/")));
  },
});
`,
  "wrong-name": flowSource("not-the-file-name", `    await step("noop", async () => {});`, {
    params: "step",
  }),
  "not-in-manifest": flowSource("not-in-manifest", `    await step("noop", async () => {});`, {
    params: "step",
  }),
};

const MANIFEST_FLOWS = [
  "  - name: open-home",
  "  - name: noisy",
  "  - name: see-home",
  "  - name: hang",
  "    timeout_s: 2",
  "  - name: http-only",
  "  - name: wrong-name",
  "  - name: declared-only",
  "    description: declared without a module",
  "    tags: [smoke]",
  "  - name: http-by-name",
  "  - name: broken-page",
].join("\n");

describe("verify-runner CLI", () => {
  let project: ReturnType<typeof fixtureProject>;
  let marker: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    ({ project, marker, env } = await markedFixture(FLOWS, MANIFEST_FLOWS));
  });

  // One pass (see-home) and one failure (open-home), each a full browser run, serve three
  // tests: the evidence a failure writes, none for a pass, and no Playwright temp folder left
  // in the TMPDIR both ran with. Each starts on first need, so every test also runs alone.
  let runsTemp: string | undefined;
  const inRunsTemp = () => ({
    ...env,
    TMPDIR: (runsTemp ??= mkdtempSync(join(tmpdir(), "runner-tmpdir-"))),
  });
  const once = <T>(start: () => Promise<T>): (() => Promise<T>) => {
    let run: Promise<T> | undefined;
    return () => (run ??= start());
  };
  const passRun = once(() => runRunner(["see-home"], { cwd: project.dir, env: inRunsTemp() }));
  const failRun = once(() => runRunner(["open-home"], { cwd: project.dir, env: inRunsTemp() }));

  it("--list prints the catalog per the schema, starts no browser and no web server", async () => {
    const run = await runRunner(["--list"], { cwd: project.dir, env });
    expect(run.exitCode).toBe(0);
    expect(run.stdout.trim().split("\n")).toHaveLength(1);
    const list = FlowListSchema.parse(run.json);
    const byName = Object.fromEntries(list.flows.map((flow) => [flow.name, flow]));
    expect(byName["open-home"]).toMatchObject({ implemented: true, timeout_s: 60, tags: [] });
    expect(byName["declared-only"]).toMatchObject({
      implemented: false,
      tags: ["smoke"],
      description: "declared without a module",
    });
    expect(byName["hang"]?.timeout_s).toBe(2);
    expect(list.warnings?.join("\n")).toMatch(/not-in-manifest is not declared/);
    expect(existsSync(project.browserLog)).toBe(false);
    expect(run.stderr).not.toMatch(/Serving|listening/i);
    expect(processesWithMarker(marker)).toEqual([]);
  });

  it("--list sees every change to the manifest (its validation cache is keyed by content)", async () => {
    const manifestFile = join(project.dir, ".verify", "workflows.yaml");
    const original = readFileSync(manifestFile, "utf8");
    try {
      writeFileSync(
        manifestFile,
        original.replace("description: declared without a module", "description: changed"),
      );
      const changed = await runRunner(["--list"], { cwd: project.dir, env });
      expect(
        FlowListSchema.parse(changed.json).flows.find((flow) => flow.name === "declared-only")
          ?.description,
      ).toBe("changed");
      writeFileSync(manifestFile, `${original}\n    timeout_s: 0\n`);
      const broken = await runRunner(["--list"], { cwd: project.dir, env });
      expect(broken.exitCode).toBe(2);
      expect(broken.stderr).toMatch(
        /workflows\.yaml:\d+: flows\[8\]\.timeout_s: expected a positive number/,
      );
    } finally {
      writeFileSync(manifestFile, original);
    }
  });

  it("--list writes a catalog larger than a pipe holds whole, as one object, redacted", async () => {
    // The catalog goes straight to fd 1 (no stdout stream is built on that path): more than a
    // pipe holds at once must still arrive whole, and the redaction still applies.
    const secret = `s3cret-${"x".repeat(24)}`;
    const flows = Array.from({ length: 400 }, (_, i) =>
      [
        `  - name: flow-${i}`,
        `    description: "flow ${i} ${"walks through the shop and checks each page it opens ".repeat(3)}${i === 7 ? secret : ""}"`,
      ].join("\n"),
    );
    const dir = makeProject({
      ".verify/workflows.yaml": [
        "version: 1",
        'runner_command: "verify-runner {flow}"',
        'base_url: "http://127.0.0.1:9"',
        "flows:",
        ...flows,
      ].join("\n"),
    });
    const run = await runRunner(["--list"], { cwd: dir, env: { ...env, SHOP_API_TOKEN: secret } });
    expect(run.exitCode).toBe(0);
    expect(run.stdout.length).toBeGreaterThan(64 * 1024);
    expect(run.stdout.trimEnd().split("\n")).toHaveLength(1);
    const list = FlowListSchema.parse(run.json);
    expect(list.flows).toHaveLength(400);
    expect(run.stdout).not.toContain(secret);
    expect(list.flows[7]?.description).toMatch(/\[REDACTED\]$/);
  });

  it("--list --steps shows declared step names", async () => {
    const run = await runRunner(["--list", "--steps"], { cwd: project.dir, env });
    const list = FlowListSchema.parse(run.json);
    expect(list.flows.find((flow) => flow.name === "open-home")?.steps).toEqual([
      "open",
      "check-heading",
      "click",
    ]);
    expect(existsSync(project.browserLog)).toBe(false);
  });

  it("a failing step gets the error, later declared steps are not_run, evidence is written", async () => {
    const run = await failRun();
    expect(run.exitCode).toBe(1);
    const result = RunResultSchema.parse(run.json);
    expect(result.status).toBe("fail");
    expect(result.steps.map((step) => [step.name, step.status])).toEqual([
      ["open", "pass"],
      ["check-heading", "fail"],
      ["click", "not_run"],
    ]);
    expect(result.steps[1]?.error).toContain('Expected: "Wrong"');
    expect(result.steps[1]?.error).toContain('Received: "Fixture site"');
    // Where it failed: the flow's own line, relative to the project (the HTML report's code frame).
    expect(result.steps[1]?.location).toEqual({ file: ".verify/src/flows/open-home.ts", line: 8 });
    const { screenshot, error_context, trace, url_at_failure } = result.artifacts;
    expect(screenshot && readFileSync(screenshot).subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(dirname(screenshot ?? "")).toContain(join(project.dir, "out", "open-home"));
    expect(url_at_failure).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(trace && existsSync(trace)).toBe(true);
    const context = readFileSync(error_context ?? "", "utf8");
    expect(context).toContain("Failing step: `check-heading`");
    expect(context).toContain('heading "Fixture site"');
    expect(processesWithMarker(marker)).toEqual([]);
  });

  it("keeps stdout to exactly one JSON object when a flow prints", async () => {
    const run = await runRunner(["noisy"], { cwd: project.dir, env });
    expect(run.exitCode).toBe(0);
    expect(run.stdout.trim().split("\n")).toHaveLength(1);
    expect(RunResultSchema.parse(JSON.parse(run.stdout)).status).toBe("pass");
    expect(run.stderr).toContain("console.log noise");
    expect(run.stderr).toContain("raw stdout noise");
  });

  it("keeps no evidence for a pass, and a trace with --trace on", async () => {
    const plain = await passRun();
    expect(plain.json).toMatchObject({ status: "pass", artifacts: {} });
    const traced = await runRunner(["see-home", "--trace", "on"], { cwd: project.dir, env });
    expect(traced.exitCode).toBe(0);
    const trace = String((traced.json.artifacts as { trace?: string }).trace);
    expect(trace).toMatch(/^\/.*\/see-home\/.*\/trace\.zip$/);
    expect(readFileSync(trace).subarray(0, 2).toString()).toBe("PK");
  });

  it("a run leaves no Playwright temp folders behind, pass or fail", async () => {
    const pass = await passRun();
    expect(pass.json.status).toBe("pass");
    const fail = await failRun();
    expect(fail.json.status).toBe("fail");
    // Caches (tsx's, the leases') may stay; a folder per run may not.
    const temp = inRunsTemp().TMPDIR;
    expect(readdirSync(temp).filter((name) => name.startsWith("playwright"))).toEqual([]);
  });

  it("a flow that only uses request starts no browser", async () => {
    const launches = () =>
      existsSync(project.browserLog) ? readFileSync(project.browserLog, "utf8") : "";
    const before = launches();
    const run = await runRunner(["http-only"], { cwd: project.dir, env });
    expect(run.json).toMatchObject({ status: "pass", steps: [{ name: "health", status: "pass" }] });
    expect(launches()).toBe(before);
  });

  it("a flow whose run turns out to need no browser fails without page evidence", async () => {
    const run = await runRunner(["http-by-name"], { cwd: project.dir, env });
    expect(run.exitCode).toBe(1);
    const result = RunResultSchema.parse(run.json);
    expect(result).toMatchObject({
      status: "fail",
      steps: [{ name: "health-is-teapot", status: "fail", error: "health answered 200" }],
    });
    // No page was used: no screenshot, URL or trace of a blank page.
    expect(result.artifacts.screenshot).toBeUndefined();
    expect(result.artifacts.url_at_failure).toBeUndefined();
    expect(result.artifacts.trace).toBeUndefined();
    expect(processesWithMarker(marker)).toEqual([]);
  });

  it("a flow module that does not load is the run's error, and no browser is left", async () => {
    const run = await runRunner(["broken-page"], { cwd: project.dir, env });
    expect(run.exitCode).toBe(2);
    expect(run.json).toMatchObject({ status: "error", error_code: "flow_error" });
    expect(String(run.json.error)).toMatch(/broken-page\.ts.*SyntaxError|SyntaxError.*broken-page/);
    expect(processesWithMarker(marker)).toEqual([]);
  });

  it("stops a hanging flow at its deadline and names the step", async () => {
    const run = await runRunner(["hang"], { cwd: project.dir, env });
    expect(run.exitCode).toBe(1);
    expect(run.json).toMatchObject({
      status: "fail",
      error: "step 'wait-forever' timed out after 2000 ms",
      error_code: "timeout",
      steps: [
        {
          name: "wait-forever",
          status: "fail",
          error: "step 'wait-forever' timed out after 2000 ms",
        },
      ],
    });
    expect(run.durationMs).toBeLessThan(10_000);
  });

  it.each([
    ["nope", "unknown_flow", /unknown flow 'nope'.*known: open-home/],
    ["declared-only", "not_implemented", /declared but not implemented/],
    [
      "not-in-manifest",
      "unknown_flow",
      /not-in-manifest\.ts exists but .*workflows\.yaml does not declare it/,
    ],
    [
      "wrong-name",
      "flow_module_invalid",
      /name 'not-the-file-name' does not match the file name 'wrong-name'/,
    ],
  ])("flow %s → status error, exit 2, %s", async (flow, code, message) => {
    const run = await runRunner([flow], { cwd: project.dir, env });
    expect(run.exitCode).toBe(2);
    expect(run.json).toMatchObject({ status: "error", error_code: code, flow });
    expect(String(run.json.error)).toMatch(message);
  });

  it("reports no browser found, naming what was tried", async () => {
    // A PATH with node on it and no browser.
    const bin = mkdtempSync(join(tmpdir(), "path-without-browser-"));
    symlinkSync(process.execPath, join(bin, "node"));
    const run = await runRunner(["open-home"], {
      cwd: project.dir,
      env: {
        ...env,
        VERIFY_BROWSER_PATH: "",
        PATH: bin,
        PLAYWRIGHT_BROWSERS_PATH: mkdtempSync(join(tmpdir(), "no-browsers-")),
      },
    });
    expect(run.stdout).toContain("no_browser");
    expect(run.exitCode).toBe(2);
    expect(run.json).toMatchObject({ status: "error", error_code: "no_browser" });
    expect(String(run.json.error)).toMatch(
      /no browser found: tried VERIFY_BROWSER_PATH.*Playwright's browser.*chromium, chromium-browser, google-chrome/,
    );
    expect(processesWithMarker(marker)).toEqual([]);
  });

  it("--check-browser launches the browser a run would use and names where it came from", async () => {
    const ok = await runRunner(["--check-browser"], { cwd: project.dir, env });
    expect(ok.exitCode).toBe(0);
    expect(BrowserCheckSchema.parse(ok.json)).toMatchObject({
      ok: true,
      source: "VERIFY_BROWSER_PATH",
      executable_path: project.browserWrapper,
      version: expect.stringMatching(/^\d+\./),
    });
    const bad = await runRunner(["--check-browser"], {
      cwd: project.dir,
      env: { ...env, VERIFY_BROWSER_PATH: "/nowhere/chrome" },
    });
    expect(bad.exitCode).toBe(2);
    expect(BrowserCheckSchema.parse(bad.json)).toMatchObject({
      ok: false,
      error: expect.stringContaining("/nowhere/chrome"),
    });
  });

  it("names a missing VERIFY_BROWSER_PATH", async () => {
    const run = await runRunner(["open-home"], {
      cwd: project.dir,
      env: { ...env, VERIFY_BROWSER_PATH: "/nowhere/chrome" },
    });
    expect(run.exitCode).toBe(2);
    expect(run.json).toMatchObject({ status: "error", error_code: "no_browser" });
    expect(String(run.json.error)).toContain("VERIFY_BROWSER_PATH is /nowhere/chrome");
  });

  it("rejects a bad manifest with file:line and field, exit 2", async () => {
    const broken = fixtureProject({
      port: 1,
      flows: {},
      manifestFlows: "  - name: ok\n    timeout_s: -1",
    });
    const run = await runRunner(["ok"], { cwd: broken.dir, env });
    expect(run.exitCode).toBe(2);
    expect(run.json).toMatchObject({ status: "error", error_code: "manifest_invalid" });
    expect(String(run.json.error)).toMatch(
      /workflows\.yaml:\d+: flows\[0\]\.timeout_s: expected a positive number$/,
    );
    const list = await runRunner(["--list"], { cwd: broken.dir, env });
    expect(list.exitCode).toBe(2);
  });
});

describe("web server that never comes up", () => {
  it("gives status error, exit 2, and leaves no server process", async () => {
    const marker = uniqueMarker();
    const port = await freePort();
    const project = fixtureProject({
      port,
      flows: { "open-home": FLOWS["open-home"] },
      manifestFlows: "  - name: open-home",
      webServerCommand: 'node -e "setInterval(() => {}, 1000)"',
      webServerTimeoutS: 2,
    });
    const run = await runRunner(["open-home"], { cwd: project.dir, env: { [marker]: "1" } });
    expect(run.exitCode).toBe(2);
    expect(run.json).toMatchObject({ status: "error", error_code: "web_server_failed" });
    expect(String(run.json.error)).toContain(
      `did not answer at http://127.0.0.1:${port}/health within 2 s`,
    );
    expect(processesWithMarker(marker)).toEqual([]);
  });
});
