import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FIXED_CART, makeAppRepo } from "../../test/helpers/app-repo.js";
import { MemoryTracker } from "../../test/helpers/memory-tracker.js";
import { readTicketLog } from "./record/verify-log-read.js";
import { verifyTicket } from "./verify-ticket.js";

// Issue 46 §2: a change no gates stage could check (typecheck, lint, format and tests all
// skipped) is no gates evidence. Real verify-gates on a real git repo whose gates.yaml turns
// typecheck, lint and format off and that has no test runner.
const app = makeAppRepo({ gates: true });
afterAll(() => app.cleanup());

describe("a gates-only code ticket whose change nothing could check", () => {
  it("is a setup problem naming what nothing checked, never closed as 'gates passed'", async () => {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: app.dir });
    // At the base already: typecheck, lint and format off, and no test runner at all.
    git("checkout", "-q", "main");
    app.write(
      "package.json",
      `${JSON.stringify({ name: "app", private: true, type: "module" })}\n`,
    );
    git("rm", "-q", "vitest.config.ts", "src/cart.test.ts");
    rmSync(join(app.dir, "node_modules", ".bin", "vitest"));
    app.commit("no test runner");
    git("checkout", "-q", "-B", "feature", "main");
    app.write("src/cart.js", FIXED_CART);
    app.commit("fix the count");
    const tracker = new MemoryTracker();
    const id = tracker.create({ title: "Fix the cart count", description: "Verify:\n- gates\n" });
    const result = await verifyTicket({ dir: app.dir, id, tracker, env: process.env });
    expect(result).toMatchObject({ decision: "setup" });
    expect(tracker.issue(id).status).not.toBe("closed");
    const [entry] = readTicketLog(app.dir, id).entries;
    expect(entry?.pass).toBe(false);
    expect(entry?.gates).toMatchObject({ status: "pass", unchecked: true });
    expect(entry?.failures?.setup_error).toMatch(
      /^gates: nothing checked the change \(src\/cart\.js\): typecheck: turned off in \.verify\/gates\.yaml; .*tests: no test tool in package\.json; add /,
    );
  }, 240_000);
});
