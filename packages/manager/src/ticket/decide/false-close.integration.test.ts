import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeFaultProject, type FaultProject } from "../../../test/helpers/fault-runner.js";
import { FlowCatalog } from "../../flows/catalog.js";
import { MemoryTracker } from "../../../test/helpers/memory-tracker.js";
import { killMarked } from "../../../test/helpers/processes.js";
import { parseCommentReport } from "../report/comment.js";
import { verifyTicket } from "../verify-ticket.js";

// Issue 11 §5 from the ticket loop, through verifyTicket with the fault runner in a real git
// repo (the tree hash is unchanged between attempts) and the Tracker interface over memory.

const scratch = mkdtempSync(join(tmpdir(), "vm-false-close-"));
const projects: FaultProject[] = [];
const catalogs: FlowCatalog[] = [];
afterAll(() => {
  for (const catalog of catalogs) catalog.close();
  for (const project of projects) {
    killMarked(project.marker);
    rmSync(project.dir, { recursive: true, force: true });
  }
  rmSync(scratch, { recursive: true, force: true });
});

function app(env: NodeJS.ProcessEnv = {}, tickets?: string[]) {
  const project = makeFaultProject({ timeoutS: 3, ...(tickets ? { tickets } : {}) });
  projects.push(project);
  writeFileSync(join(project.dir, ".gitignore"), ".verify/*\n!.verify/workflows.yaml\n");
  execFileSync("git", ["init", "-q"], { cwd: project.dir });
  execFileSync(
    "git",
    ["-c", "user.email=t@e", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "base"],
    { cwd: project.dir },
  );
  const tracker = new MemoryTracker();
  const runEnv = { ...process.env, ...env };
  // One catalog for the project's attempts, as one per `verify-manager issues` run: the
  // runner's --list runs once, not once per attempt (the flows do not change between them).
  const catalog = new FlowCatalog({ dir: project.dir, env: runEnv });
  catalogs.push(catalog);
  const verify = (id: string) =>
    verifyTicket({
      dir: project.dir,
      id,
      tracker,
      env: runEnv,
      catalog,
      warn: () => {},
      timeoutGraceMs: 500,
      killGraceMs: 1000,
    });
  return { tracker, verify };
}

describe("no false close from the ticket loop", () => {
  it("a flow alternating fail/pass on an unchanged tree is never closed", async () => {
    // Per attempt: fail (and fail its rerun), then pass, and again. Without confirmation runs,
    // which would take a run of the pattern on every pass (confirm-runs.integration.test.ts):
    // the flips across attempts alone keep it open.
    const { tracker, verify } = app({ FLIP_COUNTER: join(scratch, "flips"), FLIP_PATTERN: "ffp" }, [
      "  confirm_runs: 0",
    ]);
    const id = tracker.create({ title: "Flipping", description: "Verify:\n- alternating\n" });
    const decisions: string[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      decisions.push((await verify(id)).decision ?? "");
      expect(tracker.issue(id).status).not.toBe("closed");
    }
    expect(decisions).toEqual(["retry", "flaky", "flaky", "flaky", "flaky", "flaky"]);
    const fourth = tracker.comments(id)[3] ?? "";
    expect(fourth).toMatch(/^verify-manager: attempt 4 is flaky, not counted: /);
    expect(parseCommentReport(fourth)?.attempt?.flaky).toEqual([
      { kind: "flow", name: "alternating", reason: "failed_before" },
    ]);
  });

  it("a runner that always crashes escalates at the budget, and says that repeated setup problems count", async () => {
    const { tracker, verify } = app();
    const id = tracker.create({ title: "Crashing", description: "Verify:\n- crash\n" });
    const decisions: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt++)
      decisions.push((await verify(id)).decision ?? "");
    expect(decisions).toEqual(["setup", "setup", "escalate"]);
    const issue = tracker.issue(id);
    expect(issue.status).toBe("blocked");
    expect(issue.labels).toContain("needs-human");
    expect(tracker.comments(id)[2]).toMatch(
      /^verify-manager: attempt 3 could not verify the ticket, 3 times in a row \(setup problem, not a product failure: crash: .*\); repeated setup problems count against the retry budget of 3: escalated to a human/,
    );
    // Escalated: it waits for a human, as any escalation does.
    expect((await verify(id)).action).toBe("none");
  });
});
