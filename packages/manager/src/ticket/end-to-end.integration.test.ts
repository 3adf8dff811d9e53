import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { IssueCommentReportSchema } from "@agent-verify/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTracker, type TempTracker } from "../../test/helpers/bd.js";
import { runCli } from "../../test/helpers/cli.js";
import { REPO_ROOT, startDemoShop, type DemoShop } from "../../test/helpers/demo-shop.js";

// Real runner, real demo shop, real Chromium, real bd: three browser runs in all.
let tracker: TempTracker;
let healthy: DemoShop;
let buggy: DemoShop;
let artifacts: string;

beforeAll(async () => {
  tracker = makeTracker();
  artifacts = mkdtempSync(join(tmpdir(), "vm-e2e-artifacts-"));
  [healthy, buggy] = await Promise.all([startDemoShop(), startDemoShop("cart-count")]);
});
afterAll(async () => {
  await Promise.all([healthy?.stop(), buggy?.stop()]);
  tracker?.cleanup();
  rmSync(artifacts, { recursive: true, force: true });
});

// This suite verifies tickets in the repo itself, whose .verify/log.jsonl outlives the run: ids
// of this run's own (bd create --id, --force for the prefix) never meet an earlier run's attempts.
// The tracker is a copy of the run's shared `t` template: no `bd init` of a prefix of its own.
const RUN = `e2e${Date.now().toString(36)}`;
let made = 0;
const create = (title: string, description: string) =>
  tracker
    .bd([
      "create",
      title,
      "--description",
      description,
      "--id",
      `${RUN}-${++made}`,
      "--force",
      "--silent",
    ])
    .trim();

const verify = (id: string, shop: DemoShop) =>
  runCli(["issue", id, "--dir", REPO_ROOT], {
    env: { ...tracker.env, VERIFY_BASE_URL: shop.url, VERIFY_ARTIFACTS_DIR: artifacts },
  });

describe("verify-manager issue end to end (runner + demo shop + Chromium + bd)", () => {
  it("closes an issue whose flows pass; the read-back names the flows", async () => {
    const id = create(
      "Checkout works",
      "Customers can buy a mug.\n\n## Verify\n\n- `checkout-happy-path`\n- `api-health`\n",
    );
    const result = await verify(id, healthy);
    expect(result.stderr).toMatch(/end checkout-happy-path pass/);
    expect(result.code).toBe(0);
    expect(tracker.showJson(id)).toMatchObject({
      status: "closed",
      close_reason: `verified: flows checkout-happy-path, api-health passed [verify-manager attempt ${id}#1]`,
    });
  });

  it("with DEMO_BUG=cart-count: a comment naming the step, error and a real screenshot; then 'the same failure'", async () => {
    const id = create("Cart badge", "Verify:\n- checkout-happy-path\n");
    const first = await verify(id, buggy);
    expect(first.code).toBe(1);
    const [comment] = tracker.comments(id);
    const text = comment?.text ?? "";
    expect(text).toMatch(
      /^verify-manager: attempt 1 of 3 failed. Set back to in_progress.\n\nWhat failed:\n- flow \*\*checkout-happy-path\*\* failed at step `assert-cart-count-1`: /,
    );
    const block = /```json\n([\s\S]*?)\n```/.exec(text)?.[1] ?? "";
    const report = IssueCommentReportSchema.parse(JSON.parse(block));
    const outcome = report.outcomes[0];
    expect(outcome).toMatchObject({
      flow: "checkout-happy-path",
      outcome: "fail",
      failing_step: "assert-cart-count-1",
    });
    expect(outcome?.error).toContain('Expected: "1"');
    expect(outcome?.screenshot).toMatch(/\.png$/);
    expect(existsSync(outcome?.screenshot ?? "")).toBe(true);
    expect(existsSync(outcome?.error_context ?? "")).toBe(true);
    expect(outcome?.url_at_failure).toContain(buggy.url);
    expect(tracker.showJson(id).status).toBe("in_progress");

    const second = await verify(id, buggy);
    expect(second.code).toBe(1);
    const comments = tracker.comments(id);
    expect(comments).toHaveLength(2);
    expect(comments[1]?.text).toMatch(
      /^verify-manager: attempt 2 of 3 failed — the same failure as attempt 1. Set back to in_progress.\n\nWhat failed:\n- flow \*\*checkout-happy-path\*\* failed at step `assert-cart-count-1`/,
    );
    expect(tracker.showJson(id).status).toBe("in_progress");
  });
});
