import { spawn } from "node:child_process";
import { createServer, type Server } from "node:net";
import { describe, expect, it } from "vitest";
import { fixtureProject, flowSource } from "./fixture-project.js";
import {
  RUNNER_BIN,
  freePort,
  isAlive,
  makeProject,
  processesWithMarker,
  runRunner,
  uniqueMarker,
} from "./helpers.js";

const health = (label: string) => `    await step(${JSON.stringify(label)}, async () => {
      const response = await request.get("/health");
      if (!response.ok()) throw new Error("health " + response.status());
    });`;

const FLOWS = {
  quick: flowSource("quick", health("health"), { params: "request, step" }),
  slow: flowSource(
    "slow",
    `${health("health-before")}
    await step("wait", () => new Promise((done) => setTimeout(done, 2500)));
${health("health-after")}`,
    { params: "request, step" },
  ),
  hang: flowSource(
    "hang",
    `${health("health")}
    await step("wait-forever", async () => {
      log("WAITING-FOREVER");
      await new Promise(() => {});
    });`,
    { params: "request, step, log" },
  ),
};
const MANIFEST_FLOWS = ["quick", "slow", "hang"].map((name) => `  - name: ${name}`).join("\n");

async function project() {
  return fixtureProject({ port: await freePort(), flows: FLOWS, manifestFlows: MANIFEST_FLOWS });
}

async function noneLeft(marker: string): Promise<number[]> {
  let left = processesWithMarker(marker).filter(isAlive);
  for (let waited = 0; left.length > 0 && waited < 5000; waited += 100) {
    await new Promise((done) => setTimeout(done, 100));
    left = processesWithMarker(marker).filter(isAlive);
  }
  return left;
}

describe("two runners sharing one web_server", () => {
  it("never break each other, whichever starts it, and the last one out stops it", async () => {
    for (const order of [
      ["quick", "slow"],
      ["slow", "quick"],
    ]) {
      const marker = uniqueMarker();
      const { dir } = await project();
      const runs = await Promise.all(
        order.map((flow) => runRunner([flow], { cwd: dir, env: { [marker]: "1" } })),
      );
      for (const run of runs) {
        expect(run.stderr).not.toContain("ECONNREFUSED");
        expect(run.json).toMatchObject({ status: "pass" });
        expect(run.exitCode).toBe(0);
      }
      expect(await noneLeft(marker)).toEqual([]);
    }
  });

  it("a runner killed with SIGKILL does not take the server from the other; nothing is left after", async () => {
    const marker = uniqueMarker();
    const { dir } = await project();
    const env = { ...process.env, [marker]: "1" };
    const hung = spawn(process.execPath, [RUNNER_BIN, "hang"], {
      cwd: dir,
      env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    await new Promise<void>((ready) => {
      let seen = "";
      hung.stderr.on("data", (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.includes("WAITING-FOREVER")) ready();
      });
    });
    const slow = runRunner(["slow"], { cwd: dir, env: { [marker]: "1" } });
    await new Promise((done) => setTimeout(done, 800));
    hung.kill("SIGKILL");
    const run = await slow;
    expect(run.json).toMatchObject({ status: "pass" });
    expect(await noneLeft(marker)).toEqual([]);
  });
});

describe("a port held by something that does not answer the health URL", () => {
  it("is a clear web_server_failed naming the port, and the command is never started", async () => {
    const port = await freePort();
    const silent: Server = createServer(() => {
      // Accepts connections and never says a word.
    });
    await new Promise<void>((done) => silent.listen(port, "127.0.0.1", done));
    try {
      const marker = uniqueMarker();
      const { dir } = fixtureProject({ port, flows: FLOWS, manifestFlows: MANIFEST_FLOWS });
      const run = await runRunner(["quick"], { cwd: dir, env: { [marker]: "1" } });
      expect(run.exitCode).toBe(2);
      expect(run.json).toMatchObject({ status: "error", error_code: "web_server_failed" });
      expect(String(run.json.error)).toContain(
        `port ${port} on 127.0.0.1 is taken by a process that does not answer http://127.0.0.1:${port}/health`,
      );
      expect(processesWithMarker(marker)).toEqual([]);
    } finally {
      silent.close();
    }
  });
});

describe("two runners on one static web_server (a manager's --jobs 2)", () => {
  it("share the runner's static server: neither fails to start it, the first out does not stop it under the other", async () => {
    const port = await freePort();
    const marker = uniqueMarker();
    const home = (label: string) => `    await step(${JSON.stringify(label)}, async () => {
      const response = await request.get("/");
      if (!response.ok()) throw new Error("home " + response.status());
    });`;
    const dir = makeProject({
      "site/index.html": "<!doctype html><title>Static</title><h1>Static site</h1>",
      ".verify/workflows.yaml": [
        "version: 1",
        'runner_command: "verify-runner {flow}"',
        "web_server:",
        '  static: "site"',
        `  port: ${port}`,
        "flows:",
        "  - name: quick",
        "  - name: slow",
      ].join("\n"),
      ".verify/src/flows/quick.ts": flowSource("quick", home("home"), { params: "request, step" }),
      ".verify/src/flows/slow.ts": flowSource(
        "slow",
        `${home("home-before")}
    await step("wait", () => new Promise((done) => setTimeout(done, 2500)));
${home("home-after")}`,
        { params: "request, step" },
      ),
    });
    const runs = await Promise.all(
      ["quick", "slow"].map((flow) => runRunner([flow], { cwd: dir, env: { [marker]: "1" } })),
    );
    for (const run of runs) {
      expect(run.json, run.stderr).toMatchObject({ status: "pass" });
      expect(run.exitCode).toBe(0);
    }
    expect(await noneLeft(marker)).toEqual([]);
  });
});
