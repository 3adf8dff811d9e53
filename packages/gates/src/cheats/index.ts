// Cheats: code that passes the tests without doing the task (issue 35 §1-2). Each detector is
// one file; the floor calls `cheatFindings` once.
import type { GateFinding } from "@agent-verify/contract";
import type { GatesContext } from "../context.js";
import { callCounterFindings } from "./call-counter.js";
import { runnerEnvFindings } from "./runner-env.js";
import { changedSources } from "./source-files.js";
import { specialCaseFindings } from "./special-case.js";
import { testFileReadFindings } from "./test-file-reads.js";
import { toolPackageFindings } from "./tool-packages.js";

/** Every cheat finding of the change: on added lines of its source files, and in its tools. */
export async function cheatFindings(ctx: GatesContext): Promise<GateFinding[]> {
  const sources = await changedSources(ctx);
  const findings: GateFinding[] = [];
  for (const source of sources) {
    findings.push(...runnerEnvFindings(source));
    findings.push(...(await testFileReadFindings(source)));
    findings.push(...(await callCounterFindings(source)));
  }
  findings.push(...(await specialCaseFindings(ctx, sources)));
  findings.push(...toolPackageFindings(ctx));
  if (ctx.toolsSnapshot !== undefined) {
    // Only a loop has a trusted start point to compare the tools' files with.
    const { toolsChangedFindings } = await import("./tool-record.js");
    const { openStore } = await import("../state/signed-store.js");
    const store = await openStore(ctx.root, ctx.env);
    findings.push(...(await toolsChangedFindings(ctx.root, store, ctx.toolsSnapshot)));
  }
  return findings;
}
