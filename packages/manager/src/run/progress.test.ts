import type { FlowOutcome } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { stderrProgress } from "./progress.js";

const outcome: FlowOutcome = {
  flow: "checkout",
  outcome: "fail",
  exit_code: 1,
  signal: null,
  duration_ms: 12,
  failing_step: "pay",
  error: "declined",
  artifacts: null,
  stderr_tail: "",
  result: null,
};

function fakeStream(isTTY: boolean) {
  const lines: string[] = [];
  const stream = {
    isTTY,
    write: (text: string) => lines.push(text),
  } as unknown as NodeJS.WriteStream;
  return { stream, lines };
}

describe("stderrProgress", () => {
  it("writes plain words when stderr is not a terminal", () => {
    const { stream, lines } = fakeStream(false);
    const progress = stderrProgress(stream);
    progress.start("checkout");
    progress.end(outcome);
    expect(lines).toEqual(["start checkout\n", "end checkout fail at step 'pay' (12 ms)\n"]);
  });

  it("uses symbols and colour on a terminal", () => {
    const { stream, lines } = fakeStream(true);
    const progress = stderrProgress(stream, {});
    progress.start("checkout");
    progress.end(outcome);
    expect(lines[0]).toBe("▶ checkout\n");
    expect(lines[1]).toBe("\u001b[31m✘\u001b[0m checkout fail at step 'pay' (12 ms)\n");
  });

  it("honours NO_COLOR on a terminal", () => {
    const { stream, lines } = fakeStream(true);
    stderrProgress(stream, { NO_COLOR: "1" }).start("checkout");
    expect(lines).toEqual(["start checkout\n"]);
  });
});
