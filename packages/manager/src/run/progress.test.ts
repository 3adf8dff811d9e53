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

function fakeStream(isTTY: boolean, columns = 80) {
  const lines: string[] = [];
  const stream = {
    isTTY,
    columns,
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

const CLEAR = "\r\u001b[2K";
const passed: FlowOutcome = { ...outcome, flow: "login", outcome: "pass", failing_step: null };

describe("stderrProgress on a terminal, once the run says how many flows it has", () => {
  it("keeps one live line: done / total, failures so far, what runs; failures stay above it", () => {
    const { stream, lines } = fakeStream(true);
    const progress = stderrProgress(stream, {});
    progress.plan?.(2);
    progress.start("login");
    progress.start("checkout");
    progress.end(passed);
    progress.end(outcome);
    progress.close?.();
    progress.note?.("after the run");
    expect(lines).toEqual([
      `${CLEAR}[0/2]`,
      `${CLEAR}[0/2] · running: login`,
      `${CLEAR}[0/2] · running: login, checkout`,
      `${CLEAR}[1/2] · running: checkout`,
      CLEAR,
      "\u001b[31m✘\u001b[0m checkout fail at step 'pay' (12 ms)\n",
      `${CLEAR}[2/2]\u001b[31m 1 failed\u001b[0m\n`,
      "after the run\n",
    ]);
  });

  it("cuts the live line to the terminal's width, so it never wraps", () => {
    const { stream, lines } = fakeStream(true, 30);
    const progress = stderrProgress(stream, {});
    progress.plan?.(3);
    progress.start("a-very-long-flow-name-that-does-not-fit");
    expect(lines.at(-1)).toBe(`${CLEAR}[0/3] · running: a-very-long…`);
    expect((lines.at(-1) ?? "").length - CLEAR.length).toBe(29);
  });

  it("prints a note above the line and draws the line again", () => {
    const { stream, lines } = fakeStream(true);
    const progress = stderrProgress(stream, {});
    progress.plan?.(1);
    progress.note?.("no shared browser: not found");
    expect(lines).toEqual([
      `${CLEAR}[0/1]`,
      CLEAR,
      "no shared browser: not found\n",
      `${CLEAR}[0/1]`,
    ]);
  });

  it("stays one line per event off a terminal and under NO_COLOR", () => {
    for (const [isTTY, env] of [
      [false, {}],
      [true, { NO_COLOR: "1" }],
    ] as const) {
      const { stream, lines } = fakeStream(isTTY);
      const progress = stderrProgress(stream, env);
      progress.plan?.(1);
      progress.start("checkout");
      progress.end(outcome);
      progress.close?.();
      expect(lines).toEqual(["start checkout\n", "end checkout fail at step 'pay' (12 ms)\n"]);
    }
  });
});
