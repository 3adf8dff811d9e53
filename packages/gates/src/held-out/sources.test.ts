import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../config.js";
import { strictest } from "../config-merge.js";
import type { GatesContext } from "../context.js";
import { parseTaskFile } from "../task/task-file.js";
import { heldOutFiles, heldOutRoots } from "./sources.js";

// Where held-out tests come from (issue 35 §2): `--held-out`, `tests.held_out` in gates.yaml and
// a task file's `## HELD-OUT`. held-out.integration.test.ts runs them end to end from the flag.

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "held-out-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** The parts of a run's context the held-out sources read. */
const context = (over: {
  root: string;
  heldOut?: string[];
  config?: string;
  task?: string;
}): GatesContext =>
  ({
    root: over.root,
    heldOut: over.heldOut ?? [],
    config: parseConfig(over.config, ".verify/gates.yaml"),
    task: over.task === undefined ? undefined : parseTaskFile(over.task, "/tasks/TASK.md"),
  }) as unknown as GatesContext;

describe("held-out roots", () => {
  const held = folder({ "src/price.test.ts": "it('x', () => {});\n" });

  it("from --held-out, tests.held_out in gates.yaml and a task file's ## HELD-OUT, each named", () => {
    const repo = folder({ "README.md": "#\n" });
    const roots = heldOutRoots(
      context({
        root: repo,
        heldOut: [held],
        config: `tests:\n  held_out: ${JSON.stringify(held)}\n`,
        task: `# discounts\n\n## HELD-OUT\n- ${held}\n`,
      }),
    );
    expect(roots).toEqual([
      { path: held, from: "--held-out" },
      { path: held, from: "/tasks/TASK.md ## HELD-OUT" },
      { path: held, from: "tests.held_out in .verify/gates.yaml" },
    ]);
  });

  it("dropping them from the working tree's gates.yaml does not drop them: the base's stay", () => {
    const base = parseConfig(`tests:\n  held_out: ${JSON.stringify(held)}\n`, "base");
    const working = parseConfig("tests: {}\n", "working");
    expect(strictest(base, working).tests).toEqual({ held_out: [held] });
  });

  it("each root's test files run under an alias; one inside the tree or missing is a setup error naming it", async () => {
    const repo = folder({ "src/price.ts": "export {};\n" });
    const files = await heldOutFiles(context({ root: repo, heldOut: [held] }));
    expect(files).toEqual([
      { source: join(held, "src/price.test.ts"), path: "src/price.held-out.test.ts" },
    ]);
    const inside = heldOutFiles(context({ root: repo, heldOut: [join(repo, "src")] }));
    await expect(inside).rejects.toThrow(
      `--held-out: ${join(repo, "src")} is inside the working tree, where the agent can read it`,
    );
    const missing = join(tmpdir(), "no-such-held-out-folder");
    const gone = heldOutFiles(context({ root: repo, heldOut: [missing] }));
    await expect(gone).rejects.toThrow(`--held-out: ${missing} does not exist`);
  });
});
