import { describe, expect, it } from "vitest";
import { renderErrorContext, type ErrorContextInput } from "./error-context.js";

const input = (trace: string | undefined): ErrorContextInput => ({
  flow: "add-one",
  failingStep: "assert-count-1",
  error: 'Expected: "1"\nReceived: "2"',
  url: "http://127.0.0.1:4392/",
  ariaSnapshot: undefined,
  screenshot: "/tmp/x/add-one.png",
  trace,
  consoleErrors: [],
  pageErrors: [],
  failedRequests: [],
  steps: [],
});

describe("error-context.md's trace line", () => {
  it("without a trace says none was recorded and offers no command to open it", () => {
    const line = renderErrorContext(input(undefined))
      .split("\n")
      .find((l) => l.startsWith("- Trace:"));
    expect(line).toBe("- Trace: none recorded (the trace policy kept none for this run)");
  });

  it("with a trace names the command that opens that file", () => {
    const line = renderErrorContext(input("/tmp/x/trace.zip"))
      .split("\n")
      .find((l) => l.startsWith("- Trace:"));
    expect(line).toBe(
      "- Trace: /tmp/x/trace.zip — open with `npx playwright show-trace /tmp/x/trace.zip`",
    );
  });
});
