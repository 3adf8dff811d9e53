import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { RunReportSchema } from "@agent-verify/contract";
import { afterAll, describe, expect, it } from "vitest";
import { makeTracker } from "../../test/helpers/bd.js";
import { BIN, runCli } from "../../test/helpers/cli.js";
import { makeHttpProject, type HttpProject } from "../../test/helpers/http-project.js";
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
    const tracker = makeTracker(`ws${Date.now().toString(36)}`);
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
