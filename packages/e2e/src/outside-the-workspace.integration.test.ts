// The packed tarballs, installed in a CommonJS to-do app outside the workspace, used the
// way the README's "Use it in your app" tells a new user to: init, a page object and two
// flows, runs that pass and fail, the manager. Nothing here imports or serves the monorepo's
// code; only the tarballs from `pnpm run pack` are installed. (The manager on a real bd
// tracker is the README's own section, run and read back by docs-commands.)
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  FlowListSchema,
  InitReportSchema,
  RunReportSchema,
  RunResultSchema,
} from "@agent-verify/contract";
import { afterAll, describe, expect, inject, it } from "vitest";
import { exec, jsonOf, type ExecOptions } from "./exec.js";
import { leftWithMarker } from "./processes.js";
import { todoAppFiles } from "./todo-app.js";
import { ADD_TODOS_FLOW, COMPLETE_FLOW, TODO_MANIFEST_FLOWS, TODO_PAGE } from "./todo-flows.js";

const MARKER = `AGENT_VERIFY_E2E_${process.pid}_${Date.now()}`;
const timings: Record<string, number> = {};
const temp: string[] = [];
// The four tarballs (packed once for the run by registry-setup.ts); `agent-verify`, the
// one-name package over them, is installed by name in installed-by-name.integration.test.ts.
const packed = {
  tarballs: Object.fromEntries(
    Object.entries(inject("published").tarballs).filter(([name]) => name.startsWith("@")),
  ),
};

/** The environment of everything the test starts: a marker to find leftovers by, no CI noise. */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    [MARKER]: "1",
    VERIFY_BROWSER_PATH: process.env.VERIFY_BROWSER_PATH || "/usr/bin/chromium",
  };
  // Turbo and pnpm hand their own settings to the test process; a user's shell has none of them.
  for (const key of Object.keys(env))
    if (/^(TURBO_|npm_|PNPM_|VITEST|NODE_OPTIONS$)/.test(key)) delete env[key];
  return env;
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temp.push(dir);
  return dir;
}

function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** A CommonJS app repo (no "type": "module") holding the to-do app, under git like a real one. */
async function makeApp(prefix: string): Promise<{ dir: string; port: number }> {
  const dir = tempDir(prefix);
  writeFiles(dir, {
    "package.json": `${JSON.stringify({ name: "todo-app", version: "1.0.0", private: true, type: "commonjs" }, null, 2)}\n`,
    ".gitignore": "node_modules/\n",
    ...todoAppFiles(),
  });
  await exec("git", ["init", "-q"], { cwd: dir, env: baseEnv() });
  return { dir, port: await freePort() };
}

const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings[name] = Math.round(performance.now() - started);
    process.stderr.write(`[e2e] ${name}: ${timings[name]} ms\n`);
  }
};

afterAll(() => {
  process.stderr.write(`[e2e] timings ms: ${JSON.stringify(timings)}\n`);
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

describe("the packed tarballs in an app outside the workspace", () => {
  it("npm: init, a page object and two flows, pass and fail, the manager, no leftovers", async () => {
    const { dir, port } = await makeApp("agent-verify-e2e-npm-");
    const opts = (extra: Partial<ExecOptions> = {}): ExecOptions => ({
      cwd: dir,
      env: baseEnv(),
      ...extra,
    });
    const tarballs = Object.values(packed.tarballs);

    const install = await timed("npm install", () =>
      exec(
        "npm",
        ["install", "--prefer-offline", "--no-audit", "--no-fund", "--save-dev", ...tarballs],
        opts({ timeoutMs: 240_000 }),
      ),
    );
    expect(install.code, install.stderr).toBe(0);

    // init: the static form, on a free port so parallel suites never meet.
    const init = await timed("init", () =>
      exec(
        "npx",
        ["verify-runner", "init", "--static", ".", "--base-url", `http://127.0.0.1:${port}`],
        opts(),
      ),
    );
    expect(init.code, init.stderr).toBe(0);
    const report = InitReportSchema.parse(jsonOf(init));
    expect(report.created).toContain(".verify/workflows.yaml");
    expect(report.runner_command).toBe("npx --no-install verify-runner {flow}");
    expect(init.stderr).toMatch(/Next steps:/);
    const manifest = join(dir, ".verify", "workflows.yaml");
    expect(readFileSync(manifest, "utf8")).toContain(
      `web_server: # the runner serves this folder itself when base_url does not answer\n  static: "."\n  port: ${port}\n`,
    );

    // What the user writes: a page object and two flows in place of init's example (the
    // pnpm test runs that one), and their manifest entries.
    rmSync(join(dir, ".verify", "src", "flows", "front-page.ts"));
    rmSync(join(dir, ".verify", "src", "pages", "front-page.ts"));
    writeFiles(dir, {
      ".verify/src/pages/todo-page.ts": TODO_PAGE,
      ".verify/src/flows/add-todos.ts": ADD_TODOS_FLOW,
      ".verify/src/flows/complete-and-filter.ts": COMPLETE_FLOW,
    });
    // One attempt per failure is enough here: the flaky re-run is the manager's own business.
    writeFileSync(
      manifest,
      readFileSync(manifest, "utf8")
        .replace("flows:\n", "tickets:\n  flaky_reruns: 0\nflows:\n")
        .replace(/ {2}- name: front-page\n(?: {4}.*\n)*/, TODO_MANIFEST_FLOWS),
    );

    // The user's own tsc (typescript came with the gates package) typechecks flows and page
    // objects while the catalog is listed and one flow passes (bins called directly from here
    // on: npx costs seconds on a loaded machine, and the manager still goes through npx).
    const bin = (name: string) => join(dir, "node_modules", ".bin", name);
    const [tsc, list, pass] = await Promise.all([
      timed("tsc", () => exec(bin("tsc"), ["-p", ".verify"], opts())),
      timed("--list", () => exec("npx", ["verify-runner", "--list"], opts())),
      timed("flow pass", () => exec(bin("verify-runner"), ["add-todos"], opts())),
    ]);
    expect(tsc.code, tsc.stdout).toBe(0);
    expect(list.code, list.stderr).toBe(0);
    expect(
      FlowListSchema.parse(jsonOf(list)).flows.map((flow) => [flow.name, flow.implemented]),
    ).toEqual([
      ["add-todos", true],
      ["complete-and-filter", true],
    ]);
    const passed = RunResultSchema.parse(jsonOf(pass));
    expect([pass.code, passed.status], pass.stderr).toEqual([0, "pass"]);
    expect(passed.steps.map((step) => step.status)).toEqual(["pass", "pass", "pass", "pass"]);

    // The broken copy: the counter counts completed items too.
    writeFiles(dir, { "app.js": todoAppFiles({ broken: true })["app.js"] as string });

    // The manager over every flow, the app broken: one passes, one fails at the right step.
    const all = await timed("manager run --all", () =>
      exec(bin("verify-manager"), ["run", "--all", "--json"], opts()),
    );
    const run = RunReportSchema.parse(jsonOf(all));
    expect(all.code, all.stderr).toBe(1);
    expect(
      run.outcomes.map((outcome) => [outcome.flow, outcome.outcome, outcome.failing_step]),
      // On a mismatch, say why each flow ended as it did.
      run.outcomes.map((outcome) => `${outcome.flow}: ${outcome.error ?? "no error"}`).join("\n"),
    ).toEqual([
      ["add-todos", "pass", null],
      ["complete-and-filter", "fail", "assert-counter-2"],
    ]);
    // Both flows ran first in one long-lived runner from the installed tarball (`--worker`);
    // the failing one ran once more in its own runner with the trace on (the manager's default
    // trace policy, on-first-retry), so its failure carries a trace.
    expect(run.outcomes.map((outcome) => outcome.isolation)).toEqual(["worker", undefined]);
    const retried = run.outcomes[1];
    expect(retried?.first_attempt).toMatchObject({
      outcome: "fail",
      failing_step: "assert-counter-2",
    });
    expect(String(retried?.artifacts?.trace ?? "")).toMatch(/trace\.zip$/);

    // That second run is the installed runner run alone on the failing flow (the manager
    // starts `npx --no-install verify-runner complete-and-filter`): exit 1 and its one JSON
    // object, the steps after the failing one not run, a screenshot and the error context.
    const fail = RunResultSchema.parse(retried?.result);
    expect([retried?.exit_code, fail.status]).toEqual([1, "fail"]);
    const byStatus = (status: string) =>
      fail.steps.filter((step) => step.status === status).map((step) => step.name);
    expect(byStatus("pass")).toEqual(["open", "add-three", "complete-one"]);
    expect(byStatus("fail")).toEqual(["assert-counter-2"]);
    expect(byStatus("not_run")).toEqual([
      "filter-active",
      "assert-active-2",
      "filter-completed",
      "assert-completed-1",
    ]);
    expect(fail.steps.find((step) => step.status === "fail")?.error).toMatch(/3 items left/);
    const screenshot = fail.artifacts.screenshot ?? "";
    const context = fail.artifacts.error_context ?? "";
    expect(screenshot.startsWith(join(dir, ".verify", "artifacts"))).toBe(true);
    expect(readFileSync(screenshot).subarray(1, 4).toString()).toBe("PNG");
    expect(readFileSync(context, "utf8")).toMatch(/assert-counter-2/);

    // What the tools wrote is git-ignored by init's lines (the README's test reads back its
    // verify log too); nothing the test started is left.
    const status = await exec("git", ["status", "--porcelain", "--untracked-files=all"], opts());
    expect(status.stdout).not.toMatch(/\.verify\/(artifacts|log\.jsonl)/);
    expect(await leftWithMarker(MARKER)).toEqual([]);
  });

  it("pnpm: the tarballs install with overrides, init's example flow passes as written, no leftovers", async () => {
    const { dir, port } = await makeApp("agent-verify-e2e-pnpm-");
    const opts = (extra: Partial<ExecOptions> = {}): ExecOptions => ({
      cwd: dir,
      env: baseEnv(),
      ...extra,
    });
    // The README's pnpm recipe: contract comes from its tarball, not the registry; esbuild's
    // postinstall is not needed (tsx runs without it).
    writeFileSync(
      join(dir, "pnpm-workspace.yaml"),
      `overrides:\n  "@agent-verify/contract": "file:${packed.tarballs["@agent-verify/contract"]}"\nallowBuilds:\n  esbuild: false\n`,
    );
    const install = await timed("pnpm add", () =>
      exec(
        "pnpm",
        ["add", "--save-dev", "--prefer-offline", ...Object.values(packed.tarballs)],
        opts({ timeoutMs: 240_000 }),
      ),
    );
    expect(install.code, install.stderr + install.stdout).toBe(0);
    expect(existsSync(join(dir, "pnpm-lock.yaml"))).toBe(true);

    const init = await exec(
      "pnpm",
      ["exec", "verify-runner", "init", "--base-url", `http://127.0.0.1:${port}`, "--static", "."],
      opts(),
    );
    expect(init.code, init.stderr).toBe(0);
    expect(InitReportSchema.parse(jsonOf(init)).runner_command).toBe(
      "pnpm exec verify-runner {flow}",
    );

    const run = await timed("pnpm manager run", () =>
      exec("pnpm", ["exec", "verify-manager", "run", "front-page", "--json"], opts()),
    );
    const report = RunReportSchema.parse(jsonOf(run));
    expect([run.code, report.outcomes[0]?.outcome], run.stderr).toEqual([0, "pass"]);
    expect(await leftWithMarker(MARKER)).toEqual([]);
  });
});
