import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { IssueCommentReportSchema, IssueVerificationSchema } from "@agent-verify/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTracker, type TempTracker } from "../../test/helpers/bd.js";
import { runCli } from "../../test/helpers/cli.js";
import { makeFaultProject, type FaultProject } from "../../test/helpers/fault-runner.js";
import { killMarked, processesWithMarker } from "../../test/helpers/processes.js";
import { parseCommentReport } from "./comment.js";

let tracker: TempTracker;
let project: FaultProject;
let runLog: string;

beforeAll(() => {
  tracker = makeTracker();
  project = makeFaultProject({ timeoutS: 3 });
  runLog = join(project.dir, "runs.log");
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
const runs = () =>
  existsSync(runLog) ? readFileSync(runLog, "utf8").trim().split("\n").filter(Boolean) : [];
const clearRuns = () => rmSync(runLog, { force: true });

describe("verify-manager issue (fault runner, real bd)", () => {
  it("closes an issue whose Verify: flows pass, and the read-back confirms it", async () => {
    const id = tracker.create(
      "cart works",
      "Fix the cart.\n\n## Verify\n\n- `pass`\n- slow-pass\n",
    );
    const result = await issue([id]);
    expect(result.stderr).toContain("end slow-pass pass");
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(`close ${id} with reason: verified: pass, slow-pass`);
    const after = tracker.showJson(id);
    expect(after.status).toBe("closed");
    expect(after.close_reason).toBe("verified: pass, slow-pass");

    const again = await issue([id]);
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe(
      `${id} is already closed (verified: pass, slow-pass); its flows still pass`,
    );
    expect(tracker.showJson(id).updated_at).toBe(after.updated_at);
  });

  it("comments on a failure (JSON block with step and error), keeps it open, then says 'still failing (2)'", async () => {
    const id = tracker.create("checkout", "Verify:\n- pass\n- fail\n");
    const first = await issue([id]);
    expect(first.code).toBe(1);
    const comments = tracker.comments(id);
    expect(comments).toHaveLength(1);
    const text = comments[0]?.text ?? "";
    expect(text.split("\n")[0]).toBe(
      "verify-manager: 1 of 2 flows failed: fail: fail at step 'check-cart': expected 1, got 0",
    );
    const block = /```json\n([\s\S]*?)\n```/.exec(text)?.[1] ?? "";
    const report = IssueCommentReportSchema.parse(JSON.parse(block));
    expect(report.outcomes[1]).toMatchObject({
      flow: "fail",
      failing_step: "check-cart",
      error: "expected 1, got 0",
    });
    expect(report.outcomes[1]?.stderr_tail).toContain("runner starting fail");
    expect(tracker.showJson(id).status).toBe("open");

    const second = await issue([id]);
    expect(second.code).toBe(1);
    const again = tracker.comments(id);
    expect(again).toHaveLength(2);
    expect(again[1]?.text).toMatch(
      /^verify-manager: still failing \(2\): .*fail at step 'check-cart'.*\[fingerprint [0-9a-f]{12}\]$/,
    );
    expect(again[1]?.text).not.toContain("```");
    await issue([id]);
    expect(tracker.comments(id)[2]?.text).toMatch(/^verify-manager: still failing \(3\)/);
  });

  it("a different failure after a 'still failing' gets a full comment again", async () => {
    const id = tracker.create("flaky", "Verify:\n- fail\n");
    await issue([id]);
    tracker.bd(["comments", "add", id, "a human says hi"]);
    await issue([id]);
    const comments = tracker.comments(id);
    expect(comments).toHaveLength(3);
    expect(parseCommentReport(comments[2]?.text ?? "")).not.toBeNull();
  });

  it("unknown flow names: a comment listing them, nothing run", async () => {
    clearRuns();
    const id = tracker.create("unknown", "Verify:\n- pass\n- no-such-flow\n- unimplemented\n");
    const result = await issue([id]);
    expect(result.code).toBe(2);
    expect(runs()).toEqual([]);
    const [comment] = tracker.comments(id);
    expect(comment?.text.split("\n")[0]).toContain('"no-such-flow", "unimplemented"');
    expect(parseCommentReport(comment?.text ?? "")?.unknown_flows).toEqual([
      "no-such-flow",
      "unimplemented",
    ]);
    expect(tracker.showJson(id).status).toBe("open");
  });

  it("no Verify: section: exit 2, one line, tracker unchanged", async () => {
    const id = tracker.create("prose", "Verify that the cart works.\n- pass\n");
    const before = tracker.showJson(id);
    const result = await issue([id]);
    expect(result.code).toBe(2);
    expect(result.stderr.split("\n")[0]).toBe(
      `verify-manager: issue ${id} has no Verify: section listing flows`,
    );
    expect(tracker.comments(id)).toEqual([]);
    expect(tracker.showJson(id)).toEqual(before);
  });

  it("hostile issue text never executes and is reported", async () => {
    clearRuns();
    const marker = join(project.dir, "pwned");
    const hostile = [
      `pass; touch ${marker}`,
      `$(touch ${marker})`,
      `\`touch ${marker}\``,
      `pass && touch ${marker}`,
      "--list",
      "../../etc",
      `pass\`touch ${marker}\``,
    ];
    const description = `Verify:\n${hostile.map((h) => `- ${h}`).join("\n")}\n- pass\n`;
    const id = tracker.create("hostile", description);
    const result = await issue([id]);
    expect(result.code).toBe(2);
    expect(existsSync(marker)).toBe(false);
    expect(runs()).toEqual([]);
    const report = parseCommentReport(tracker.comments(id)[0]?.text ?? "");
    expect(report?.unknown_flows).toEqual([
      `pass; touch ${marker}`,
      `$(touch ${marker})`,
      `touch ${marker}`,
      `pass && touch ${marker}`,
      "--list",
      "../../etc",
      `pass\`touch ${marker}\``,
    ]);
  });

  it("a runner that crashes on every flow is a setup problem, not a product failure", async () => {
    const id = tracker.create("crashy", "Verify:\n- crash\n");
    const result = await issue([id]);
    expect(result.code).toBe(2);
    const text = tracker.comments(id)[0]?.text ?? "";
    expect(text).toMatch(/^verify-manager: setup problem, not a product failure: crash: crash/);
    expect(parseCommentReport(text)?.kind).toBe("setup");
  });

  it("a runner without a browser is a setup problem", async () => {
    const id = tracker.create("nobrowser", "Verify:\n- no-browser\n");
    expect((await issue([id])).code).toBe(2);
    expect(parseCommentReport(tracker.comments(id)[0]?.text ?? "")?.kind).toBe("setup");
  });

  it("a bad manifest is commented as a setup problem", async () => {
    const id = tracker.create("badmanifest", "Verify:\n- pass\n");
    const manifest = join(project.dir, ".verify", "workflows.yaml");
    const good = readFileSync(manifest, "utf8");
    writeFileSync(manifest, good.replace("version: 1", "version: 7"));
    try {
      const result = await issue([id]);
      expect(result.code).toBe(2);
    } finally {
      writeFileSync(manifest, good);
    }
    const text = tracker.comments(id)[0]?.text ?? "";
    expect(text).toMatch(
      /^verify-manager: setup problem, not a product failure: pass: setup_error: .*workflows\.yaml:1: version: expected 1/,
    );
  });

  it("redacts secret env values from what it posts", async () => {
    // A fake key, assembled so that secret scanners do not take it for a real one.
    const secret = ["sk", "live", "0123456789abcdef"].join("-");
    const id = tracker.create("leak", "Verify:\n- leak\n");
    const result = await issue([id], { LEAKY_API_TOKEN: secret });
    expect(result.code).toBe(1);
    const text = tracker.comments(id)[0]?.text ?? "";
    expect(text).toContain("login rejected token [REDACTED]");
    expect(text).toContain("using token [REDACTED]");
    expect(text).not.toContain(secret);
  });

  it("--dry-run prints what it would post or close and changes nothing", async () => {
    const passing = tracker.create("dry pass", "Verify:\n- pass\n");
    const failing = tracker.create("dry fail", "Verify:\n- fail\n");
    const close = await issue([passing, "--dry-run"]);
    expect(close.code).toBe(0);
    expect(close.stdout.trim()).toBe(`would close ${passing} with reason: verified: pass`);
    const comment = await issue([failing, "--dry-run", "--json"]);
    expect(comment.code).toBe(1);
    const parsed = IssueVerificationSchema.parse(JSON.parse(comment.stdout));
    expect(parsed).toMatchObject({ action: "commented", dry_run: true, verdict: "failed" });
    expect(parsed.comment).toContain("fail at step 'check-cart'");
    expect(tracker.showJson(passing).status).toBe("open");
    expect(tracker.comments(failing)).toEqual([]);
  });

  it("a timed-out flow is commented and nothing of it survives", async () => {
    const id = tracker.create("hangs", "Verify:\n- stubborn-grandchild\n");
    const result = await issue([id]);
    expect(result.code).toBe(1);
    expect(parseCommentReport(tracker.comments(id)[0]?.text ?? "")?.outcomes[0]?.outcome).toBe(
      "timeout",
    );
    expect(processesWithMarker(project.marker)).toEqual([]);
  });
});

describe("interrupting verify-manager issue", () => {
  it("SIGTERM stops the flows and leaves the tracker unchanged", async () => {
    const { spawn } = await import("node:child_process");
    const { BIN } = await import("../../test/helpers/cli.js");
    const id = tracker.create("interrupted", "Verify:\n- hang\n");
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
    expect(tracker.comments(id)).toEqual([]);
    expect(tracker.showJson(id).status).toBe("open");
    expect(processesWithMarker(project.marker)).toEqual([]);
  });
});

describe("bd faults → exit 2, a clear message naming the command, no success claimed", () => {
  it("bd missing", async () => {
    const result = await issue(["t-1"], { VERIFY_BD: join(project.dir, "no-such-bd") });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^verify-manager: bd show t-1 --json: bd not found/);
    expect(result.stderr).toContain("scripts/install-bd.sh");
  });

  it("bd failing on show (unknown id, and no tracker at all)", async () => {
    const unknown = await issue(["t-doesnotexist"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /^verify-manager: bd show t-doesnotexist --json failed \(exit 1\): no issues found/,
    );
    const noTracker = await issue(["t-1"], { BEADS_DIR: join(project.dir, "nowhere") });
    expect(noTracker.code).toBe(2);
    expect(noTracker.stderr).toMatch(/^verify-manager: bd show t-1 --json failed \(exit 1\)/);
  });

  it("a loosely matched id is refused (bd resolves a partial id to another issue)", async () => {
    const id = tracker.create("partial", "Verify:\n- pass\n");
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
    const id = tracker.create("comment fails", "Verify:\n- fail\n");
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

  it("bd refusing to close (open blocker) → exit 2, issue stays open", async () => {
    const blocker = tracker.create("blocker", "no verify");
    const id = tracker.create("blocked", "Verify:\n- pass\n");
    tracker.bd(["dep", "add", id, blocker]);
    const result = await issue([id]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `^verify-manager: bd close ${id} --reason "verified: pass" --json failed \\(exit 1\\): .*blocked by open issues`,
        "m",
      ),
    );
    expect(result.stderr).toContain("hint: resolve the blockers");
    expect(tracker.showJson(id).status).toBe("open");
  });
});
