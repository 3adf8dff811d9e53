import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flowSource } from "./fixture-project.js";
import { makeProject, runRunner } from "./helpers.js";

const HEAD = 'version: 1\nrunner_command: "verify-runner {flow}"\n';

/** Both commands refuse the manifest with one line on stderr and in the JSON, exit 2. */
async function expectRefused(dir: string, line: RegExp): Promise<void> {
  for (const args of [["--list"], ["a"]]) {
    const run = await runRunner(args, { cwd: dir });
    expect(run.exitCode, args.join(" ")).toBe(2);
    expect(run.json).toMatchObject({ error_code: "manifest_invalid" });
    expect(String(run.json.error)).toMatch(line);
    expect(String(run.json.error)).not.toContain("\n");
    expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
  }
}

describe("manifests that must be refused on one line", () => {
  it("a manifest over 1 MiB", async () => {
    const dir = makeProject({
      ".verify/workflows.yaml": `${HEAD}flows: []\n# ${"x".repeat(1024 * 1024)}\n`,
    });
    await expectRefused(dir, /workflows\.yaml: larger than 1048576 bytes/);
  });

  it("a manifest that is a symlink to /dev/zero", async () => {
    const dir = makeProject({});
    mkdirSync(join(dir, ".verify"));
    symlinkSync("/dev/zero", join(dir, ".verify", "workflows.yaml"));
    await expectRefused(dir, /workflows\.yaml: not a regular file$/);
  });

  it("an alias bomb", async () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (const [index, name] of ["b", "c", "d", "e", "f", "g", "h"].entries()) {
      const previous = "abcdefg"[index];
      lines.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(",")}]`);
    }
    const dir = makeProject({
      ".verify/workflows.yaml": `${HEAD}flows: []\n${lines.join("\n")}\n`,
    });
    await expectRefused(
      dir,
      /workflows\.yaml:\d+: invalid YAML: aliases expand this file to more than/,
    );
  });

  it("5,000-deep nesting", async () => {
    const dir = makeProject({
      ".verify/workflows.yaml": `${HEAD}flows: []\nx: ${"[".repeat(5000)}${"]".repeat(5000)}\n`,
    });
    await expectRefused(dir, /workflows\.yaml:4: invalid YAML: nested too deeply$/);
  });

  it("a timeout_s no timer can hold", async () => {
    const dir = makeProject({
      ".verify/workflows.yaml": `${HEAD}flows:\n  - name: a\n    timeout_s: 3000000\n`,
      ".verify/src/flows/a.ts": flowSource("a", `    await step("x", async () => {});`, {
        params: "step",
      }),
    });
    await expectRefused(dir, /workflows\.yaml:5: flows\[0\]\.timeout_s: expected at most 86400/);
  });
});

describe("a static web_server whose folder is missing", () => {
  it("is error/web_server_failed naming the folder, with a hint", async () => {
    const dir = makeProject({
      ".verify/workflows.yaml": `${HEAD}web_server:\n  static: dist\n  port: 1\nflows:\n  - name: a\n`,
      ".verify/src/flows/a.ts": flowSource("a", `    await step("x", () => request.get("/"));`, {
        params: "request, step",
      }),
    });
    writeFileSync(join(dir, "dist"), "a file, not a folder");
    const run = await runRunner(["a"], { cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(run.json).toMatchObject({
      status: "error",
      error_code: "web_server_failed",
      error: `web_server.static: ${join(dir, "dist")} is not a folder`,
      hint: expect.stringContaining("build the app first"),
    });
  });
});
