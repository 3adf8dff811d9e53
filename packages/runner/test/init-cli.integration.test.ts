import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FlowListSchema, InitReportSchema } from "@agent-verify/contract";
import { afterAll, describe, expect, it } from "vitest";
import { runRunner } from "./helpers.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function app(): string {
  const dir = mkdtempSync(join(tmpdir(), "verify-runner-init-"));
  dirs.push(dir);
  writeFileSync(join(dir, "package.json"), '{"name":"app","scripts":{"dev":"vite"}}\n');
  return dir;
}

describe("verify-runner init (the bin)", () => {
  it("prints one InitReport on stdout and the next steps on stderr; --list then sees the example", async () => {
    const dir = app();
    const init = await runRunner(["init"], { cwd: dir });
    expect(init.exitCode).toBe(0);
    expect(init.stdout.trim().split("\n")).toHaveLength(1);
    expect(InitReportSchema.parse(init.json)).toMatchObject({
      dir,
      runner_command: "npx --no-install verify-runner {flow}",
      base_url: "http://localhost:5173",
      kept: [],
    });
    expect(init.stderr).toMatch(/Next steps:\n {2}npx --no-install verify-runner --list/);
    const list = await runRunner(["--list"], { cwd: dir });
    expect(FlowListSchema.parse(list.json).flows).toMatchObject([
      { name: "front-page", implemented: true },
    ]);
    const again = await runRunner(["init", "--dir", dir], { cwd: tmpdir() });
    expect(InitReportSchema.parse(again.json).created).toEqual([]);
    expect(again.stderr).toMatch(/kept {7}\.verify\/workflows\.yaml/);
  });

  it.each([
    [["init", "--static", "nowhere"], /^verify-runner init: --static nowhere: no such folder in /],
    [["init", "--base-url", "nope"], /^verify-runner init: --base-url nope is not a URL/],
    [["init", "--static"], /^verify-runner: --static needs a value/],
  ])("%j: exit 2, one line, an error object", async (args, line) => {
    const run = await runRunner(args, { cwd: app() });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(line);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.json).toMatchObject({ schema_version: 1, error: expect.any(String) });
  });
});
