import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, makeRepo } from "../../test/fixture.js";
import { loopOf } from "../../test/loop-state.js";

// Issue 34 §3: a loop is tied to the ticket it works on, so that the manager escalates that
// ticket only when the agent ends the loop needs_human. The commands run their argv → command
// path in process (cli-in-process.ts); the bin seam of loop start is agents.integration's and
// out-of-reach.integration's.
const NO_TOOLS = "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n";

describe("loop start --ticket", () => {
  it("records the ticket (the flag, else the task file's TASK_ID, never its file name) and the report's agent_loop names it", async () => {
    const repo = makeRepo({
      ".verify/gates.yaml": NO_TOOLS,
      "tasks/T-9.md": "TASK_ID: bd-42\n\n# Count the cart\n",
      "tasks/plain.md": "# No id here\n",
    });
    const cli = (args: string[]) => runCliInProcess(repo.dir, args);
    const flag = await cli(["loop", "start", "--session", "s-1", "--ticket", "bd-7"]);
    expect(flag.code, debug(flag)).toBe(0);
    expect(await loopOf(repo.dir, "s-1")).toMatchObject({ ticket: "bd-7" });

    await cli(["loop", "start", "--session", "s-2", "--task-file", "tasks/T-9.md"]);
    expect(await loopOf(repo.dir, "s-2")).toMatchObject({ ticket: "bd-42" });
    const escalated = await cli(["loop", "escalate", "--session", "s-2", "--reason", "x"]);
    expect(escalated.code, debug(escalated)).toBe(0);
    expect((await cli(["--json"])).report?.agent_loop).toMatchObject({
      session_id: "s-2",
      state: "needs_human",
      ticket: "bd-42",
    });

    await cli(["loop", "start", "--session", "s-3", "--task-file", "tasks/plain.md"]);
    expect((await loopOf(repo.dir, "s-3"))?.ticket).toBeUndefined();
    expect((await cli(["--json"])).report?.agent_loop).not.toHaveProperty("ticket");

    const empty = await cli(["loop", "start", "--session", "s-4", "--ticket", " "]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain("--ticket: the ticket id is empty");
  });
});
