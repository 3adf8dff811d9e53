import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { IssueVerificationSchema } from "@agent-verify/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXED_CART, GATES_BIN, makeAppRepo } from "../../test/helpers/app-repo.js";
import { makeTracker, type TempTracker } from "../../test/helpers/bd.js";
import { runCli } from "../../test/helpers/cli.js";

// Issue 33 §1 end to end: real bd, the real verify-manager and verify-gates bins, real git. A
// repo that uses only gates (`verify-gates loop install`, never `agent-verify init`), so its
// .gitignore lists none of the files agent-verify writes.
const app = makeAppRepo({ gates: true, ignoresProductFiles: false });
let tracker: TempTracker;

beforeAll(() => {
  tracker = makeTracker();
  execFileSync(process.execPath, [GATES_BIN, "loop", "install"], {
    cwd: app.dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
});
afterAll(() => {
  tracker?.cleanup();
  app.cleanup();
});

async function verify(id: string) {
  const result = await runCli(["issue", id, "--dir", app.dir, "--json"], { env: tracker.env });
  if (result.code === 2 || result.stdout.trim() === "")
    throw new Error(`verify-manager issue ${id} exited ${result.code}:\n${result.stderr}`);
  return IssueVerificationSchema.parse(JSON.parse(result.stdout));
}

const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: app.dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const untracked = () =>
  git("ls-files", "--others", "--exclude-standard")
    .split("\n")
    .filter((line) => line !== "");

const changedFiles = () =>
  (
    JSON.parse(readFileSync(join(app.dir, ".verify", "gates.json"), "utf8")) as {
      changed_files: Array<{ path: string }>;
    }
  ).changed_files.map((f) => f.path);

describe("a gates-only code ticket with no change, in a repo without init's .gitignore lines", () => {
  it("is sent back on attempt 1 and again on attempt 2 (the verify log is not the change); real work then closes it", async () => {
    const id = tracker.create("Fix the cart count", "Verify:\n- gates\n");

    const first = await verify(id);
    expect(first).toMatchObject({ attempt: 1, decision: "retry", action: "commented" });
    // Attempt 1 left its log in the tree, untracked and not ignored.
    expect(existsSync(join(app.dir, ".verify", "log.jsonl"))).toBe(true);
    expect(untracked()).toContain(".verify/log.jsonl");

    const second = await verify(id);
    // The same failure as attempt 1, said again: not "verified: gates passed".
    expect(second).toMatchObject({ attempt: 2, decision: "retry", action: "still_failing" });
    expect(second.entry?.gate_findings).toContainEqual(
      expect.objectContaining({ rule: "no-change", message: "no change found against main" }),
    );
    expect(changedFiles()).toEqual([]);
    const issue = tracker.showWithComments(id);
    expect(issue.status).not.toBe("closed");
    expect(issue.comments).toHaveLength(2);
    expect(issue.comments[1]?.text).toContain("no change found against main");

    // The honest counterpart: a real change beside the same product files closes the ticket.
    app.write("src/cart.js", FIXED_CART);
    git("add", "src/cart.js");
    git("commit", "-q", "-m", "fix the count");
    const third = await verify(id);
    expect(third).toMatchObject({ attempt: 3, decision: "pass", action: "closed" });
    expect(changedFiles()).toEqual(["src/cart.js"]);
    expect(tracker.showJson(id).status).toBe("closed");
  }, 300_000);
});
