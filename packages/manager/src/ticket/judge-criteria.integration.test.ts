import { readFileSync, rmSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FIXED_CART, makeAppRepo } from "../../test/helpers/app-repo.js";
import { MemoryTracker } from "../../test/helpers/memory-tracker.js";
import { readTicketLog } from "./record/verify-log-read.js";
import { verifyTicket } from "./verify-ticket.js";

// A bd ticket's acceptance criteria reach the real verify-gates' judge (--criteria-file); the
// judge is a script printing the answer JUDGE_ANSWER names — each kind a model may give.
const FENCE = "```";
const JUDGE = String.raw`import { readFileSync, writeFileSync } from "node:fs";
writeFileSync(process.env.JUDGE_REQUEST_FILE, readFileSync(0, "utf8"));
const fence = "${FENCE}";
const answers = {
  garbage: "Looks great to me, ship it!",
  fail: "Review:\n" + fence + "deadfish:VERDICT\ncriteria:\n- id: AC-01\n  status: PASS\n  evidence: cartCount returns items.length\n- id: AC-02\n  status: FAIL\n  evidence: \"nothing shows the count\"\ndecision: FAIL\nfix_forward:\n- \"Show the count in the header (src/header.js)\"\n" + fence,
  pass: JSON.stringify({ criteria: [{ id: "AC-01", status: "PASS", evidence: "cartCount returns items.length" }, { id: "AC-02", status: "PASS", evidence: "header renders cartCount" }], decision: "PASS" }),
};
process.stdout.write(answers[process.env.JUDGE_ANSWER]);
process.exitCode = Number(process.env.JUDGE_EXIT ?? 0);
`;

const app = makeAppRepo({ gates: true });
const scratch = mkdtempSync(join(tmpdir(), "vm-judge-"));
afterAll(() => {
  app.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

describe("the ticket's acceptance criteria and the gates judge (real gates, a scripted judge)", () => {
  it("NEEDS_HUMAN and FAIL send the ticket back with each criterion's result and the fix_forward lines; PASS closes it", async () => {
    const requestFile = join(scratch, "request.json");
    app.write("judge.mjs", JUDGE);
    app.write(
      ".verify/gates.yaml",
      `base: main\ncommands:\n  typecheck: false\n  lint: false\n  format: false\njudge:\n  command: node judge.mjs\n  max_requests: 5\n`,
    );
    app.write("src/cart.js", FIXED_CART);
    const tracker = new MemoryTracker();
    const id = tracker.create({
      title: "Cart count",
      acceptanceCriteria:
        "- [ ] the cart counts every item\n- [ ] the count is shown\n- n/a: mobile",
    });
    const verify = (answer: string, exit = 0) =>
      verifyTicket({
        dir: app.dir,
        id,
        tracker,
        // Three attempts: the budget must not escalate the third.
        retryBudget: 5,
        env: {
          ...process.env,
          JUDGE_ANSWER: answer,
          JUDGE_EXIT: String(exit),
          JUDGE_REQUEST_FILE: requestFile,
        },
      });

    // A judge that gives no verdict (here: no verdict block) leaves the criteria to a human. One
    // that prints a passing verdict and exits non-zero gave none either: gates' own
    // judge-verdict.integration.test.ts proves that report, and this one how a ticket takes it.
    const unsure = await verify("garbage");
    expect(unsure).toMatchObject({ decision: "retry", action: "commented", attempt: 1 });
    const request = JSON.parse(readFileSync(requestFile, "utf8")) as { criteria: unknown };
    expect(request.criteria).toEqual([
      { id: "AC-01", text: "the cart counts every item" },
      { id: "AC-02", text: "the count is shown" },
    ]);
    expect(tracker.issue(id).status).not.toBe("closed");
    const [first] = readTicketLog(app.dir, id).entries;
    expect(first?.judge?.decision).toBe("NEEDS_HUMAN");
    // gates' judge problems reach the ticket's log.
    expect(first?.judge?.problems).toContainEqual(
      expect.stringContaining("no ```deadfish:VERDICT block and no JSON verdict"),
    );
    expect(first?.gates.status).toBe("needs_human");
    expect(tracker.comments(id)[0]).toContain("Acceptance criteria, judged: NEEDS_HUMAN");
    expect(tracker.comments(id)[0]).toContain("a person must review the change");

    app.write("src/cart.test.ts", `${app.read("src/cart.test.ts")}// attempt 2\n`);
    const failed = await verify("fail");
    expect(failed).toMatchObject({ decision: "retry", action: "commented", attempt: 2 });
    const second = readTicketLog(app.dir, id).entries[1];
    expect(second?.judge).toMatchObject({
      decision: "FAIL",
      fix_forward: ["Show the count in the header (src/header.js)"],
    });
    expect(second?.judge?.criteria.map((c) => [c.id, c.status, c.evidence])).toEqual([
      ["AC-01", "PASS", "cartCount returns items.length"],
      ["AC-02", "FAIL", "nothing shows the count"],
    ]);
    expect(second?.failed_ac).toEqual(["the count is shown (judge: nothing shows the count)"]);
    const comment = tracker.comments(id)[1] ?? "";
    expect(comment).toContain("- AC-02 FAIL: the count is shown — nothing shows the count");
    expect(comment).toContain("Next actions:\n- [ ] Show the count in the header (src/header.js)");

    app.write("src/cart.test.ts", `${app.read("src/cart.test.ts")}// attempt 3\n`);
    const passed = await verify("pass");
    expect(passed).toMatchObject({ decision: "pass", action: "closed", attempt: 3 });
    // The judge, not the unchecked boxes, decided the criteria.
    expect(readTicketLog(app.dir, id).entries[2]).toMatchObject({
      failed_ac: [],
      judge: { decision: "PASS" },
    });
    expect(tracker.issue(id).status).toBe("closed");
  }, 240_000);
});
