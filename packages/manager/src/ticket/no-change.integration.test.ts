import { afterAll, describe, expect, it } from "vitest";
import { FIXED_CART, makeAppRepo } from "../../test/helpers/app-repo.js";
import { MemoryTracker } from "../../test/helpers/memory-tracker.js";
import { readTicketLog } from "./record/verify-log-read.js";
import { verifyTicket } from "./verify-ticket.js";

// A code ticket whose Verify: names only gates: real verify-gates on a real git repo whose
// `feature` branch has not changed anything yet against `main`.
const app = makeAppRepo({ gates: true });
afterAll(() => app.cleanup());

describe("a gates-only code ticket with no change", () => {
  it("is a retry saying no change was found against the base, not 'verified: gates passed'; a change then closes it", async () => {
    const tracker = new MemoryTracker();
    const id = tracker.create({ title: "Fix the cart count", description: "Verify:\n- gates\n" });
    const verify = () => verifyTicket({ dir: app.dir, id, tracker, env: process.env });

    const empty = await verify();
    expect(empty).toMatchObject({ decision: "retry", action: "commented", attempt: 1 });
    expect(tracker.issue(id).status).not.toBe("closed");
    const [first] = readTicketLog(app.dir, id).entries;
    expect(first?.gate_findings).toEqual([
      {
        stage: "gates",
        file: null,
        line: null,
        rule: "no-change",
        message: "no change found against main",
      },
    ]);
    expect(tracker.comments(id)[0]).toContain("no change found against main");

    app.write("src/cart.js", FIXED_CART);
    app.commit("fix the count");
    const changed = await verify();
    expect(changed).toMatchObject({ decision: "pass", action: "closed", attempt: 2 });
    expect(tracker.issue(id).closeReason).toContain("gates passed");
  }, 240_000);
});
