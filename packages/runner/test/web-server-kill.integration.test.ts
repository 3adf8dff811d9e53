import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flowSource } from "./fixture-project.js";
import {
  describeProcesses,
  eventually,
  freePort,
  isPortFree,
  makeProject,
  processesWithMarker,
  runRunner,
  uniqueMarker,
} from "./helpers.js";

// A server that ignores SIGTERM, with a child that ignores it too: only SIGKILL ends them.
const STUBBORN = `
import { spawn } from "node:child_process";
import { createServer } from "node:http";
process.on("SIGTERM", () => process.stderr.write("stubborn: ignoring SIGTERM\\n"));
spawn(process.execPath, ["-e", "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: "ignore" });
createServer((req, res) => res.end("ok")).listen(Number(process.env.PORT), "127.0.0.1", () =>
  process.stderr.write("stubborn: listening\\n"),
);
`;

function stubbornProject(
  port: number,
  flow: { name: string; body: string; params?: string },
): string {
  return makeProject({
    "stubborn.mjs": STUBBORN,
    ".verify/workflows.yaml": [
      "version: 1",
      'runner_command: "verify-runner {flow}"',
      `base_url: "http://127.0.0.1:${port}"`,
      "web_server:",
      // `cd . &&` makes the shell fork: the shell dies on SIGTERM, the server does not.
      `  command: "cd . && PORT=${port} node stubborn.mjs"`,
      `  url: "http://127.0.0.1:${port}/"`,
      "flows:",
      `  - name: ${flow.name}`,
    ].join("\n"),
    [`.verify/src/flows/${flow.name}.ts`]: flowSource(flow.name, flow.body, {
      params: flow.params ?? "request, step",
    }),
  });
}

/**
 * A command web server runs under the shared-server host (one per URL, under
 * VERIFY_STATE_DIR); its output goes to that host's server.log, not the runner's stderr.
 */
function serverLog(stateDir: string): string {
  const servers = join(stateDir, "servers");
  return readdirSync(servers)
    .map((name) => readFileSync(join(servers, name, "server.log"), "utf8"))
    .join("");
}

// Long enough for the stub's SIGTERM handler to run and log on a loaded machine: a shorter
// grace let SIGKILL come first there, and the log then lacked "ignoring SIGTERM".
const GRACE_MS = "2000";

const LEFTOVER_WAIT_MS = 30_000;

const stateDir = () => mkdtempSync(join(tmpdir(), "vr-kill-state-"));

describe("a web server that ignores SIGTERM", () => {
  it("is SIGKILLed by the guard after its grace when the runner is SIGKILLed; the port is free", async () => {
    const port = await freePort();
    const marker = uniqueMarker();
    const dir = stubbornProject(port, {
      name: "wait",
      body: `    log("flow: server answered, waiting");
    await step("wait-forever", () => new Promise(() => {}));`,
      params: "request, step, log",
    });
    const state = stateDir();
    const run = await runRunner(["wait"], {
      cwd: dir,
      env: { [marker]: "1", VERIFY_WEB_SERVER_GRACE_MS: GRACE_MS, VERIFY_STATE_DIR: state },
      sigkillWhen: "flow: server answered, waiting",
    });
    expect(run.signal).toBe("SIGKILL");
    // The guard notices the runner's death by polling (every 250 ms), then waits out the grace:
    // seconds on a quiet machine, more beside a full suite on two cores. The failure names
    // whatever is still there.
    await eventually(() => processesWithMarker(marker).length === 0, LEFTOVER_WAIT_MS);
    expect(describeProcesses(processesWithMarker(marker))).toEqual([]);
    expect(await eventually(() => isPortFree(port), LEFTOVER_WAIT_MS)).toBe(true);
    // It was asked first (SIGTERM, ignored), then killed.
    expect(serverLog(state)).toContain("stubborn: ignoring SIGTERM");
  });

  it("is SIGKILLed when a run ends normally, leaving nothing behind", async () => {
    const port = await freePort();
    const marker = uniqueMarker();
    const dir = stubbornProject(port, {
      name: "ping",
      body: `    await step("ping", async () => {
      if (!(await request.get("/")).ok()) throw new Error("no answer");
    });`,
    });
    const state = stateDir();
    const run = await runRunner(["ping"], {
      cwd: dir,
      env: { [marker]: "1", VERIFY_WEB_SERVER_GRACE_MS: GRACE_MS, VERIFY_STATE_DIR: state },
    });
    expect(run.json).toMatchObject({ status: "pass" });
    expect(processesWithMarker(marker)).toEqual([]);
    expect(await isPortFree(port)).toBe(true);
    expect(serverLog(state)).toContain("stubborn: ignoring SIGTERM");
  });
});
