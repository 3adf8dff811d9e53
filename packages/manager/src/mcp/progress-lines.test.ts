import { describe, expect, it } from "vitest";
import { gatesLineMessage, LineSplitter, managerLineMessage } from "./progress-lines.js";

describe("progress lines → progress messages", () => {
  it("reads the manager's off-TTY flow lines and its ticket notes, nothing else", () => {
    expect(managerLineMessage("start checkout-happy-path")).toBe(
      "flow checkout-happy-path started",
    );
    expect(managerLineMessage("end cart fail at step 'add' (40 ms)")).toBe(
      "flow cart ended: fail at step 'add' (40 ms)",
    );
    expect(managerLineMessage("ticket t-1: verifying")).toBe("ticket t-1: verifying");
    expect(managerLineMessage("gates: 2 failing tests; rerunning the tests stage")).toBe(
      "gates: 2 failing tests; rerunning the tests stage",
    );
    expect(managerLineMessage("start ../etc")).toBeUndefined();
    expect(managerLineMessage("runner chatter")).toBeUndefined();
  });

  it("reads gates' stage events and skips lines that are not one", () => {
    expect(gatesLineMessage('{"event":"stage_start","stage":"lint"}')).toBe("gates: lint started");
    expect(
      gatesLineMessage('{"event":"stage_end","stage":"tests","status":"fail","duration_ms":9}'),
    ).toBe("gates: tests ended: fail (9 ms)");
    expect(gatesLineMessage('{"event":"stage_start","stage":"nope"}')).toBeUndefined();
    expect(gatesLineMessage("gates: lint pass (3 ms)")).toBeUndefined();
  });

  it("hands on whole lines only, however the chunks fall", () => {
    const lines: string[] = [];
    const split = new LineSplitter((line) => lines.push(line));
    split.push("sta");
    split.push("rt a\r\nend a pass (1 ms)\nhal");
    expect(lines).toEqual(["start a", "end a pass (1 ms)"]);
    split.push("f\n");
    expect(lines).toEqual(["start a", "end a pass (1 ms)", "half"]);
  });
});
