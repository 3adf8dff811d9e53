import { chmodSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { IssueCommentReportSchema } from "@agent-verify/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTracker, type TempTracker } from "../../test/helpers/bd.js";
import { runCli } from "../../test/helpers/cli.js";
import { makeFaultProject, type FaultProject } from "../../test/helpers/fault-runner.js";
import { killMarked, processesWithMarker } from "../../test/helpers/processes.js";
import { parseCommentReport } from "./report/comment.js";

let tracker: TempTracker;
let project: FaultProject;
let runLog: string;
/** The fixture issues by title, made in one `bd create -f` (one bd process, not seven). */
let made: Map<string, string>;
const fixture = (title: string) => {
  const id = made.get(title);
  if (id === undefined) throw new Error(`no fixture issue '${title}'`);
  return id;
};

beforeAll(() => {
  tracker = makeTracker();
  project = makeFaultProject({ timeoutS: 3 });
  runLog = join(project.dir, "runs.log");
  made = tracker.createMany([
    { title: "checkout", description: "Verify:\n- pass\n- fail\n" },
    { title: "interrupted", description: "Verify:\n- hang\n" },
    { title: "partial", description: "Verify:\n- pass\n" },
    { title: "comment fails", description: "Verify:\n- fail\n" },
    { title: "close not made", description: "Verify:\n- pass\n" },
    { title: "blocker", description: "no verify" },
    { title: "blocked", description: "Verify:\n- pass\n" },
  ]);
});
afterAll(() => {
  killMarked(project.marker);
  tracker.cleanup();
  rmSync(project.dir, { recursive: true, force: true });
});

const env = (extra: NodeJS.ProcessEnv = {}) => ({
  ...tracker.env,
  FAULT_RUN_LOG: runLog,
  VERIFY_TIMEOUT_GRACE_MS: "500",
  VERIFY_KILL_GRACE_MS: "1000",
  ...extra,
});
const issue = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
  runCli(["issue", ...args, "--dir", project.dir], { env: env(extra) });

describe("verify-manager issue (fault runner, real bd)", () => {
  it("closes an issue whose Verify: flows pass, names the evidence, and logs one attempt", async () => {
    const id = tracker.create(
      "cart works",
      "Fix the cart.\n\n## Verify\n\n- `pass`\n- slow-pass\n",
    );
    const result = await issue([id]);
    expect(result.stderr).toContain("end slow-pass pass");
    expect(result.code).toBe(0);
    const reason = `verified: flows pass, slow-pass passed [verify-manager attempt ${id}#1]`;
    expect(result.stdout.trim()).toBe(`close ${id} (attempt 1) with reason: ${reason}`);
    const after = tracker.showWithComments(id);
    expect(after.status).toBe("closed");
    expect(after.close_reason).toBe(reason);
    const comments = after.comments;
    expect(comments).toHaveLength(1);
    expect(comments[0]?.text).toBe(
      `verify-manager: verified at attempt 1: flows pass, slow-pass passed\n[verify-manager attempt ${id}#1]\n`,
    );

    const again = await issue([id]);
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe(`${id} is already closed (${reason}); verification passed`);
    expect(tracker.showJson(id).updated_at).toBe(after.updated_at);
    const log = await runCli(["log", id, "--dir", project.dir, "--json"], { env: env() });
    expect(JSON.parse(log.stdout).entries).toHaveLength(1);
  });

  it("a failure: comment with the structured context and the marker, in_progress, exit 1; the same failure again is said to be the same", async () => {
    const id = fixture("checkout");
    const first = await issue([id]);
    expect(first.code).toBe(1);
    const shown = tracker.showWithComments(id);
    const comments = shown.comments;
    expect(comments).toHaveLength(1);
    const text = comments[0]?.text ?? "";
    expect(text.split("\n")[0]).toBe(
      "verify-manager: attempt 1 of 3 failed. Set back to in_progress.",
    );
    expect(text.trimEnd().split("\n").at(-1)).toBe(`[verify-manager attempt ${id}#1]`);
    const block = /```json\n([\s\S]*?)\n```/.exec(text)?.[1] ?? "";
    const report = IssueCommentReportSchema.parse(JSON.parse(block));
    expect(report.outcomes[1]).toMatchObject({
      flow: "fail",
      failing_step: "check-cart",
      error: "expected 1, got 0",
    });
    expect(report.outcomes[1]?.stderr_tail).toContain("runner starting fail");
    expect(report.attempt).toMatchObject({
      ticket: id,
      attempt: 1,
      decision: "retry",
      same_as_previous: false,
      failed_flows: [{ flow: "fail", outcome: "fail", failing_step: "check-cart" }],
    });
    // The status change names its attempt too, in the same bd write.
    expect(shown).toMatchObject({
      status: "in_progress",
      metadata: { verify_manager_attempt: `${id}#1` },
    });

    const second = await issue([id, "--json"]);
    expect(second.code).toBe(1);
    expect(JSON.parse(second.stdout)).toMatchObject({ action: "still_failing", attempt: 2 });
    const again = tracker.comments(id);
    expect(again).toHaveLength(2);
    expect(again[1]?.text).toMatch(
      /^verify-manager: attempt 2 of 3 failed — the same failure as attempt 1\. Set back to in_progress\.\n\nWhat failed:\n- flow \*\*fail\*\* failed at step `check-cart`: expected 1, got 0/,
    );
    expect(parseCommentReport(again[1]?.text ?? "")?.attempt?.same_as_previous).toBe(true);
  });
});

describe("interrupting verify-manager issue", () => {
  it("SIGTERM stops the flows and leaves the tracker unchanged", async () => {
    const { spawn } = await import("node:child_process");
    const { BIN } = await import("../../test/helpers/cli.js");
    const id = fixture("interrupted");
    const child = spawn(process.execPath, [BIN, "issue", id, "--dir", project.dir], {
      env: env(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const deadline = Date.now() + 20_000;
    while (!stderr.includes("start hang") && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    child.kill("SIGTERM");
    const code = await new Promise((r) => child.once("close", r));
    expect(code).toBe(2);
    expect(stderr).toContain(`verify-manager: interrupted: issue ${id} left unchanged`);
    const after = tracker.showWithComments(id);
    expect(after.comments).toEqual([]);
    expect(after.status).toBe("open");
    expect(processesWithMarker(project.marker)).toEqual([]);
  });
});

describe("bd faults → exit 2, a clear message naming the command, no success claimed", () => {
  // bd missing: src/tracker/bd-faults.integration.test.ts (the same command, the same seam).
  it("bd failing on show (unknown id, and no tracker at all)", async () => {
    const unknown = await issue(["t-doesnotexist"]);
    expect(unknown.code).toBe(2);
    // One line saying what to do, not bd's command line (issue 33 §4).
    expect(unknown.stderr).toMatch(
      /^verify-manager: unknown issue id "t-doesnotexist": bd has no such issue; nothing was run\nhint: check the id/,
    );
    const noTracker = await issue(["t-1"], { BEADS_DIR: join(project.dir, "nowhere") });
    expect(noTracker.code).toBe(2);
    expect(noTracker.stderr).toMatch(
      /^verify-manager: bd show t-1 --json --include-comments failed \(exit 1\)/,
    );
  });

  it("a loosely matched id is refused (bd resolves a partial id to another issue)", async () => {
    const id = fixture("partial");
    const partial = id.replace(/^t-/, "");
    const result = await issue([partial]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`bd resolved '${partial}' to a different issue '${id}'`);
    expect(tracker.showJson(id).status).toBe("open");
  });

  it("bd failing on comment (a bd that fails only `comments add`)", async () => {
    // The real bd cannot be made to fail a comment on demand: wrap it.
    const wrapper = join(project.dir, "bd-no-comment");
    writeFileSync(
      wrapper,
      `#!/bin/sh\nif [ "$1" = comments ] && [ "$2" = add ]; then echo '{"error":"database is locked","schema_version":1}'; exit 1; fi\nexec "${tracker.env.VERIFY_BD}" "$@"\n`,
    );
    chmodSync(wrapper, 0o755);
    const id = fixture("comment fails");
    const result = await issue([id], { VERIFY_BD: wrapper });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(
      new RegExp(
        `^verify-manager: bd comments add ${id} --file \\S+ --json failed \\(exit 1\\): database is locked`,
        "m",
      ),
    );
  });

  it("bd reporting a close it did not make → exit 2 naming the status bd shows after; no comment", async () => {
    // The real bd cannot be made to answer a close it skipped with exit 0: wrap it.
    const wrapper = join(project.dir, "bd-fake-close");
    writeFileSync(
      wrapper,
      `#!/bin/sh\nif [ "$1" = close ]; then printf '[{"id":"%s","title":"x","status":"open"}]' "$2"; exit 0; fi\nexec "${tracker.env.VERIFY_BD}" "$@"\n`,
    );
    chmodSync(wrapper, 0o755);
    const id = fixture("close not made");
    const result = await issue([id], { VERIFY_BD: wrapper });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    // After the flow's progress lines: one error line and its hint, nothing else.
    const lines = result.stderr.split("\n").filter((line) => line !== "");
    expect(lines.slice(-2)).toEqual([
      `verify-manager: issue ${id} is 'open' after bd close`,
      "hint: check the tracker by hand: the ticket passed but did not close",
    ]);
    expect(lines.filter((line) => line.startsWith("verify-manager:"))).toHaveLength(1);
    const shown = tracker.showWithComments(id);
    expect({ status: shown.status, comments: shown.comments }).toEqual({
      status: "open",
      comments: [],
    });
  });

  it("bd refusing to close (open blocker) → exit 2, issue stays open", async () => {
    const blocker = fixture("blocker");
    const id = fixture("blocked");
    tracker.bd(["dep", "add", id, blocker]);
    const result = await issue([id]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `^verify-manager: bd close ${id} --reason "verified: flows pass passed \\[verify-manager attempt ${id}#1\\]" --json failed \\(exit 1\\): .*blocked by open issues`,
        "m",
      ),
    );
    expect(result.stderr).toContain("hint: resolve the blockers");
    expect(tracker.showJson(id).status).toBe("open");
  });
});
