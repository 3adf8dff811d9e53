// The bins as the app runs them (node bin/…), over the workspace's built tools.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  bin: Record<string, string>;
};
/** The file package.json names as the bin, as npm links it. */
const bin = (name: string) => new URL(`../${manifest.bin[name]}`, import.meta.url).pathname;
const temp = mkdtempSync(join(tmpdir(), "agent-verify-cli-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

async function call(name: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin(name), ...args], { cwd: temp });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("the agent-verify bins", () => {
  it("agent-verify init is verify-runner init: .verify/ written, the report on stdout", async () => {
    const init = await call("agent-verify", [
      "init",
      "--dir",
      temp,
      "--base-url",
      "http://127.0.0.1:9",
    ]);
    expect(init.code, init.stderr).toBe(0);
    expect(JSON.parse(init.stdout)).toMatchObject({ dir: temp });
    expect(existsSync(join(temp, ".verify", "workflows.yaml"))).toBe(true);
    expect(init.stderr).toMatch(/Next steps:/);
  });

  it("dispatches runner, manager and gates, and the three bins are the tools themselves", async () => {
    const [list, manager, gates, ownRunner] = await Promise.all([
      call("agent-verify", ["runner", "--list", "--dir", temp]),
      call("agent-verify", ["manager", "--help"]),
      call("verify-gates", ["--help"]),
      call("verify-runner", ["--list", "--dir", temp]),
    ]);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout).flows.map((flow: { name: string }) => flow.name)).toEqual([
      "front-page",
    ]);
    expect(ownRunner.stdout).toBe(list.stdout);
    expect([manager.code, manager.stdout]).toEqual([
      0,
      expect.stringMatching(/^Usage: verify-manager/),
    ]);
    expect([gates.code, gates.stdout]).toEqual([0, expect.stringMatching(/^Usage: verify-gates/)]);
  });

  it("prints its version; an unknown command is one line and exit 2", async () => {
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    const [version, bad] = await Promise.all([
      call("agent-verify", ["--version"]),
      call("agent-verify", ["deploy"]),
    ]);
    expect(version.stdout).toBe(`${manifest.version}\n`);
    expect(bad.code).toBe(2);
    expect(bad.stderr.split("\n")[0]).toBe(
      "agent-verify: unknown command 'deploy' (expected init, runner, manager or gates)",
    );
  });
});
