import { spawn } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { RunReportSchema } from "@agent-verify/contract";
import { afterAll, describe, expect, it } from "vitest";
import { makeTracker } from "../../test/helpers/bd.js";
import { BIN, runCli } from "../../test/helpers/cli.js";
import { freePort, makeHttpProject, type HttpProject } from "../../test/helpers/http-project.js";
import { killPids, processesWithEnv, waitForNoneWithEnv } from "../../test/helpers/kill-run.js";
import { killMarked, processesWithMarker } from "../../test/helpers/processes.js";

const made: HttpProject[] = [];
afterAll(() => {
  for (const project of made) {
    killMarked(project.marker);
    rmSync(project.dir, { recursive: true, force: true });
  }
});

async function project(flows: string[], flowMs = 0): Promise<HttpProject> {
  const created = await makeHttpProject(flows, flowMs);
  made.push(created);
  return created;
}

const lines = (dir: string, file: string) =>
  readFileSync(join(dir, file), "utf8").trim().split("\n");

async function noneLeft(marker: string): Promise<string[]> {
  let left = processesWithMarker(marker);
  for (let waited = 0; left.length > 0 && waited < 8000; waited += 100) {
    await new Promise((done) => setTimeout(done, 100));
    left = processesWithMarker(marker);
  }
  return left;
}

describe("one web server per manager run", () => {
  it("starts web_server once, hands VERIFY_BASE_URL to every runner, and stops it after the last", async () => {
    const { dir, port, marker, env } = await project(["a", "b", "c", "d"], 300);
    const run = await runCli(["run", "--all", "--jobs", "2", "--json", "--dir", dir], { env });
    expect(run.stderr).not.toContain("ECONNREFUSED");
    expect(run.code).toBe(0);
    const report = RunReportSchema.parse(JSON.parse(run.stdout));
    expect(report.outcomes.map((o) => o.outcome)).toEqual(["pass", "pass", "pass", "pass"]);
    expect(lines(dir, "starts.log")).toHaveLength(1);
    expect(lines(dir, "runs.log").sort()).toEqual(
      ["a", "b", "c", "d"].map((flow) => `${flow} http://127.0.0.1:${port}`),
    );
    expect(await noneLeft(marker)).toEqual([]);
  });

  it("two managers sharing one web_server never stop it under each other", async () => {
    const first = await project(["long"], 2500);
    const { env } = first;
    const short = runCli(["run", "long", "--json", "--dir", first.dir], {
      env: { ...env, FLOW_MS: "0" },
    });
    const long = runCli(["run", "long", "--json", "--dir", first.dir], { env });
    for (const run of await Promise.all([short, long])) {
      expect(run.code).toBe(0);
      expect(RunReportSchema.parse(JSON.parse(run.stdout)).passed).toBe(true);
    }
    expect(lines(first.dir, "starts.log")).toHaveLength(1);
    expect(await noneLeft(first.marker)).toEqual([]);
  });

  it("a manager killed with SIGKILL leaves no web server behind", async () => {
    const { dir, marker, env } = await project(["x"], 1500);
    const child = spawn(process.execPath, [BIN, "run", "x", "--dir", dir], {
      env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    await new Promise<void>((ready) =>
      child.stderr.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("start x")) ready();
      }),
    );
    expect(processesWithMarker(marker).some((p) => p.includes("site.mjs"))).toBe(true);
    child.kill("SIGKILL");
    expect(await noneLeft(marker)).toEqual([]);
  });

  it("a web server that cannot start is a setup_error for every flow (exit 2)", async () => {
    const { dir, env } = await project(["a", "b"]);
    const yaml = join(dir, ".verify", "workflows.yaml");
    const broken = readFileSync(yaml, "utf8")
      .replace(/command: "PORT=\d+ node site.mjs/, 'command: "node missing-server.mjs')
      .replace("timeout_s: 20", "timeout_s: 5");
    (await import("node:fs")).writeFileSync(yaml, broken);
    const run = await runCli(["run", "--all", "--json", "--dir", dir], { env });
    expect(run.code).toBe(2);
    const report = RunReportSchema.parse(JSON.parse(run.stdout));
    expect(report.outcomes.map((o) => o.outcome)).toEqual(["setup_error", "setup_error"]);
    expect(report.outcomes[0]?.error).toMatch(
      /^web_server_failed: web server .* exited \(code 1\) before http/,
    );
  });

  it("`issue` starts it once for the attempt too: concurrent runners never lose it", async () => {
    const { dir, marker, env } = await project(["first", "second"], 1500);
    // The project folder (and its .verify/log.jsonl) is new: the run's shared `t` template will do.
    const tracker = makeTracker();
    try {
      const id = tracker.create("Both pages answer", "Verify:\n- first\n- second\n");
      const run = await runCli(["issue", id, "--jobs", "2", "--dir", dir], {
        env: { ...env, ...tracker.env, HTTP_FLOWS: env.HTTP_FLOWS, FLOW_MS: env.FLOW_MS },
      });
      expect(run.stderr).not.toContain("ECONNREFUSED");
      expect(run.code).toBe(0);
      expect(tracker.showJson(id)).toMatchObject({ status: "closed" });
      expect(lines(dir, "starts.log")).toHaveLength(1);
      expect(await noneLeft(marker)).toEqual([]);
    } finally {
      tracker.cleanup();
    }
  });
});

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const staticMade: { dir: string; marker: string }[] = [];
afterAll(() => {
  for (const { dir, marker } of staticMade.splice(0)) {
    killPids(processesWithEnv(`${marker}=1`));
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * The real runner over its built-in static server: each HTTP flow fetches the page and writes
 * down which host process the shared server's record names (one host = one start).
 */
async function staticProject(flows: readonly string[]) {
  const dir = mkdtempSync(join(tmpdir(), "vm-static-"));
  const state = join(dir, "state");
  const port = await freePort();
  const marker = `vmstatic${process.pid}x${Math.random().toString(36).slice(2, 10)}`;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write("package.json", '{"type":"module"}\n');
  mkdirSync(join(dir, "node_modules", "@agent-verify"), { recursive: true });
  symlinkSync(join(ROOT, "packages/runner"), join(dir, "node_modules/@agent-verify/runner"));
  write("site/index.html", "<!doctype html><title>Static</title><h1>Static site</h1>");
  const flow = (name: string) => `
import { appendFileSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { defineFlow } from "@agent-verify/runner";
export default defineFlow({
  name: ${JSON.stringify(name)},
  async run({ request, step }) {
    await step("home", async () => {
      const response = await request.get("/");
      if (!response.ok()) throw new Error("home " + response.status());
    });
    await step("which-start", () => {
      const servers = join(process.env.VERIFY_STATE_DIR, "servers");
      for (const lease of readdirSync(servers)) {
        const record = JSON.parse(readFileSync(join(servers, lease, "server.json"), "utf8"));
        appendFileSync("hosts.log", record.host.pid + "\\n");
      }
    });
    await step("linger", () => new Promise((done) => setTimeout(done, ${name === "slow" ? 3000 : 0})));
  },
});
`;
  for (const name of flows) write(`.verify/src/flows/${name}.ts`, flow(name));
  write(
    ".verify/workflows.yaml",
    [
      "version: 1",
      `runner_command: "node ${join(ROOT, "packages/runner/bin/verify-runner.cjs")} {flow}"`,
      "web_server:",
      '  static: "site"',
      `  port: ${port}`,
      "flows:",
      ...flows.map((name) => `  - name: ${name}`),
      "",
    ].join("\n"),
  );
  const env: NodeJS.ProcessEnv = { ...process.env, VERIFY_STATE_DIR: state, [marker]: "1" };
  delete env.VERIFY_BASE_URL;
  delete env.VERIFY_BROWSER_WS_ENDPOINT;
  staticMade.push({ dir, marker });
  return { dir, marker, env, state };
}

describe("a static web_server under the manager", () => {
  it("is started once for the run, not once per flow, and stopped after the last", async () => {
    const { dir, marker, env, state } = await staticProject(["a", "b", "c"]);
    const run = await runCli(["run", "--all", "--jobs", "1", "--json", "--dir", dir], { env });
    expect(run.code, run.stderr).toBe(0);
    const report = RunReportSchema.parse(JSON.parse(run.stdout));
    expect(report.outcomes.map((o) => o.outcome)).toEqual(["pass", "pass", "pass"]);
    const hosts = lines(dir, "hosts.log");
    expect(hosts).toHaveLength(3);
    expect(new Set(hosts).size).toBe(1);
    expect(await waitForNoneWithEnv(`${marker}=1`, 8000)).toEqual([]);
    const [lease] = readdirSync(join(state, "servers"));
    expect(() => readFileSync(join(state, "servers", String(lease), "server.json"))).toThrow();
  });

  it("a manager killed with SIGKILL while it holds the server leaves nothing behind", async () => {
    const { dir, marker, env } = await staticProject(["slow"]);
    const child = spawn(process.execPath, [BIN, "run", "slow", "--dir", dir], {
      env,
      stdio: "ignore",
    });
    for (let waited = 0; waited < 30_000; waited += 100) {
      try {
        if (lines(dir, "hosts.log").length > 0) break;
      } catch {
        // the flow has not got that far yet
      }
      await new Promise((done) => setTimeout(done, 100));
    }
    expect(lines(dir, "hosts.log")).toHaveLength(1);
    child.kill("SIGKILL");
    expect(await waitForNoneWithEnv(`${marker}=1`, 8000)).toEqual([]);
  });
});
