import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GatesContext } from "../context.js";
import { tail } from "../exec.js";
import type { RawFinding } from "../tools/run-tool.js";
import { runTool } from "../tools/run-tool.js";
import { readTestRun, vitestArgs, type TestRun } from "../tools/vitest.js";

/** Run every test command once; vitest gives failed tests by name and istanbul coverage. */
export async function runTests(ctx: GatesContext): Promise<TestRun | undefined> {
  const commands = ctx.commands("test");
  if ("off" in commands) return undefined;
  const merged: TestRun = { findings: [], totalTests: 0, coverage: new Map() };
  for (const command of commands.commands) {
    if (command.tool !== "vitest") {
      const result = await runTool(ctx.root, command, [], "tests", ctx.env);
      if (result.exitCode !== 0) {
        const message = `'${command.text}' exited ${result.exitCode}: ${tail(result.stderr || result.stdout)}`;
        const failed: RawFinding = { file: null, line: null, rule: "tests-failed", message };
        merged.findings.push(failed);
      }
      continue;
    }
    const outDir = await mkdtemp(join(tmpdir(), "verify-gates-vitest-"));
    try {
      const result = await runTool(ctx.root, command, vitestArgs(outDir), "tests", ctx.env);
      const run = readTestRun(command, result, outDir, ctx.root);
      merged.findings.push(...run.findings);
      merged.totalTests += run.totalTests;
      for (const [path, entry] of run.coverage) merged.coverage.set(path, entry);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }
  return merged;
}
