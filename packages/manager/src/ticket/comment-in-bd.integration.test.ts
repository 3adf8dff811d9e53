import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAppRepo, type AppRepo } from "../../test/helpers/app-repo.js";
import { makeTracker, type TempTracker } from "../../test/helpers/bd.js";
import { runCli } from "../../test/helpers/cli.js";
import { makeFaultProject, type FaultProject } from "../../test/helpers/fault-runner.js";
import { killMarked } from "../../test/helpers/processes.js";
import { parseCommentReport } from "./report/comment.js";

// The comment as a person reads it in `bd show`: what failed first, the record collapsed,
// no absolute path of the verifying machine. Real bd; flows by the fault runner, gates real.
let tracker: TempTracker;
let project: FaultProject;
let app: AppRepo;

beforeAll(() => {
  tracker = makeTracker();
  project = makeFaultProject({ timeoutS: 3 });
  app = makeAppRepo({ gates: true });
});
afterAll(() => {
  killMarked(project.marker);
  tracker.cleanup();
  app.cleanup();
  rmSync(project.dir, { recursive: true, force: true });
});

const verify = (id: string, dir: string) =>
  runCli(["issue", id, "--dir", dir], { env: { ...tracker.env, VERIFY_TIMEOUT_GRACE_MS: "500" } });

/** `bd show <id>` as a person runs it: bd renders the comment's markdown (bullets as •). */
const shown = (id: string) => tracker.bd(["show", id]).replace(/\s+/g, " ");

/** Where the human part ends: the collapsed record. */
const humanPart = (text: string) => text.slice(0, text.indexOf("<details>"));

describe("the tracker comment, for a human first (real bd)", () => {
  it("a failing flow: the flow, its step and error, then the record collapsed", async () => {
    const id = tracker.create("Cart count", "Verify:\n- fail\n");
    expect((await verify(id, project.dir)).code).toBe(1);
    const [comment] = tracker.comments(id);
    const text = comment?.text ?? "";
    expect(humanPart(text)).toContain(
      "What failed:\n- flow **fail** failed at step `check-cart`: expected 1, got 0",
    );
    expect(text).toMatch(
      /<details><summary>verify-manager record \(JSON\)<\/summary>\n\n```json\n/,
    );
    expect(parseCommentReport(text)?.attempt?.failed_flows).toHaveLength(1);
    expect(text).not.toContain(project.dir);
    const printed = shown(id);
    expect(printed).toContain("What failed:");
    expect(printed).toContain("• flow **fail** failed at step check-cart: expected 1, got 0");
    expect(printed).toContain("verify-manager record (JSON)");
    // One failed flow fits one screen (50 lines) of `bd show`, the issue included (bd does not
    // fold the record): 99 lines with the record pretty-printed and said three times.

    expect(tracker.bd(["show", id]).split("\n").length).toBeLessThanOrEqual(50);
  });

  it("an escalation: what failed, then every attempt, then the record", async () => {
    const id = tracker.create("Cart count, again", "Verify:\n- fail\n");
    for (let attempt = 1; attempt <= 3; attempt++) await verify(id, project.dir);
    const escalation = tracker.comments(id)[2]?.text ?? "";
    expect(escalation.split("\n")[0]).toMatch(/escalated to a human/);
    const human = humanPart(escalation);
    expect(human).toContain("- flow **fail** failed at step `check-cart`: expected 1, got 0");
    expect(human.indexOf("What failed:")).toBeLessThan(human.indexOf("Attempts:"));
    expect(human).toMatch(/^- attempt 3 \(.*\): escalate — /m);
    expect(parseCommentReport(escalation)?.attempt?.history).toHaveLength(3);
    expect(shown(id)).toContain("Attempts:");
  });

  it("a gates failure: the finding named on its own line", async () => {
    const id = tracker.create("Fix the cart count", "Verify:\n- gates\n");
    expect((await verify(id, app.dir)).code).toBe(1);
    const text = tracker.comments(id)[0]?.text ?? "";
    expect(humanPart(text)).toContain(
      "What failed:\n- gates no-change: no change found against main",
    );
    expect(text).not.toContain(app.dir);
    expect(shown(id)).toContain("What failed: • gates no-change: no change found against main");
  });
});
