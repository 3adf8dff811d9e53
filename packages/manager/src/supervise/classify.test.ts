import { describe, expect, it } from "vitest";
import type { ChildResult } from "./child.js";
import { classifyRun, notRunOutcome } from "./classify.js";

const ok = (status: "pass" | "fail" | "error", extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    schema_version: 1,
    flow: "checkout",
    status,
    duration_ms: 10,
    steps: [
      { name: "open", status: "pass", duration_ms: 1 },
      ...(status === "fail"
        ? [{ name: "pay", status: "fail", duration_ms: 2, error: "card declined" }]
        : []),
    ],
    artifacts: status === "fail" ? { screenshot: "/tmp/s.png" } : {},
    ...extra,
  });

function child(patch: Partial<ChildResult>): ChildResult {
  return {
    command: "runner checkout",
    exitCode: 0,
    signal: null,
    timedOut: false,
    isTerminated: false,
    isMaxBuffer: false,
    durationMs: 42,
    stdout: "",
    stdoutBytes: 0,
    stderr: "",
    terminationReason: "exit",
    spawnError: null,
    spawnErrorCode: null,
    ...patch,
  };
}

const classify = (patch: Partial<ChildResult>) => classifyRun("checkout", child(patch), 60_000);

describe("classifyRun (contract 4)", () => {
  it("pass: exit 0 and status pass", () => {
    const outcome = classify({ stdout: ok("pass") });
    expect(outcome).toMatchObject({
      outcome: "pass",
      error: null,
      failing_step: null,
      exit_code: 0,
      duration_ms: 42,
    });
    expect(outcome.result?.flow).toBe("checkout");
  });

  it("fail: keeps the first failing step, its error and the artifacts", () => {
    expect(classify({ exitCode: 1, stdout: ok("fail") })).toMatchObject({
      outcome: "fail",
      failing_step: "pay",
      error: "card declined",
      artifacts: { screenshot: "/tmp/s.png" },
    });
  });

  it("a top-level error wins over the step error", () => {
    expect(classify({ exitCode: 1, stdout: ok("fail", { error: "page crashed" }) }).error).toBe(
      "page crashed",
    );
  });

  it("timeout: the manager killed it, even if it printed an interrupted report", () => {
    const outcome = classify({
      timedOut: true,
      terminationReason: "timeout",
      exitCode: 1,
      stdout: ok("fail", { error: "interrupted", error_code: "interrupted" }),
    });
    expect(outcome.outcome).toBe("timeout");
    expect(outcome.error).toContain("timed out after 60000 ms");
    expect(outcome.result?.error).toBe("interrupted");
  });

  it("timeout: the runner's own deadline", () => {
    expect(classify({ exitCode: 1, stdout: ok("fail", { error_code: "timeout" }) }).outcome).toBe(
      "timeout",
    );
  });

  it("crash: non-zero exit or a signal with nothing on stdout", () => {
    expect(classify({ exitCode: 139, stdout: "" }).outcome).toBe("crash");
    expect(classify({ exitCode: null, signal: "SIGSEGV", stdout: "  \n" })).toMatchObject({
      outcome: "crash",
      error: expect.stringContaining("SIGSEGV"),
    });
  });

  it("malformed: exit 0 and no output, garbage, two objects, wrong shape, arrays, overflow", () => {
    expect(classify({ stdout: "" }).outcome).toBe("malformed");
    expect(classify({ stdout: "hello" }).outcome).toBe("malformed");
    expect(classify({ stdout: `${ok("pass")}\n${ok("pass")}` }).error).toContain("more than one");
    expect(classify({ stdout: JSON.stringify({ flow: "checkout" }) }).error).toContain(
      "contract-3",
    );
    expect(classify({ stdout: "[1,2]" }).error).toContain("not an object");
    expect(classify({ stdout: "", isMaxBuffer: true, stdoutBytes: 20_000_000 }).outcome).toBe(
      "malformed",
    );
    expect(classify({ stdout: ok("pass", { status: "maybe" }) }).outcome).toBe("malformed");
  });

  it("mismatch: exit code and status disagree, or another flow reported", () => {
    expect(classify({ exitCode: 0, stdout: ok("fail") }).outcome).toBe("mismatch");
    expect(classify({ exitCode: 1, stdout: ok("pass") }).outcome).toBe("mismatch");
    expect(classify({ exitCode: 0, stdout: ok("error") }).outcome).toBe("mismatch");
    expect(classify({ exitCode: 0, stdout: ok("pass", { flow: "login" }) })).toMatchObject({
      outcome: "mismatch",
      error: expect.stringContaining("'login'"),
    });
  });

  it("status error maps through error_code", () => {
    const error = (code: string) =>
      classify({ exitCode: 2, stdout: ok("error", { error_code: code, error: code }) });
    expect(error("unknown_flow").outcome).toBe("unknown_flow");
    expect(error("not_implemented").outcome).toBe("not_implemented");
    expect(error("no_browser").outcome).toBe("setup_error");
    expect(error("web_server_failed").outcome).toBe("setup_error");
    expect(classify({ exitCode: 2, stdout: ok("error") }).outcome).toBe("setup_error");
  });

  it("a runner that cannot start is a setup error; an aborted run too", () => {
    expect(
      classify({ terminationReason: "spawn_error", spawnError: "ENOENT", exitCode: null }).outcome,
    ).toBe("setup_error");
    expect(
      classify({ terminationReason: "aborted", exitCode: null, signal: "SIGTERM" }).outcome,
    ).toBe("setup_error");
  });

  it("crash: killed by a signal it was not sent by the manager, whatever stdout holds", () => {
    // A shell wrapper SIGKILLed (the OOM killer, a user) after the runner printed its result.
    for (const status of ["pass", "fail"] as const) {
      const outcome = classify({
        exitCode: null,
        signal: "SIGKILL",
        isTerminated: true,
        terminationReason: "signal",
        stdout: ok(status),
      });
      expect({ status, outcome: outcome.outcome }).toEqual({ status, outcome: "crash" });
      expect(outcome.error).toBe("runner killed by SIGKILL (its stdout is not trusted)");
    }
    // The same, one shell further out: `sh` reports its child's SIGKILL as exit code 137.
    expect(classify({ exitCode: 137, stdout: ok("pass") })).toMatchObject({
      outcome: "crash",
      error: "runner killed by SIGKILL (its stdout is not trusted)",
    });
    expect(classify({ exitCode: 3, stdout: ok("pass") }).outcome).toBe("mismatch");
  });

  it("malformed, every time: a result nested 200k deep (no stack overflow)", () => {
    const deep = ok("pass", { extra: "__DEEP__" }).replace(
      '"__DEEP__"',
      `${"[".repeat(200_000)}${"]".repeat(200_000)}`,
    );
    for (let i = 0; i < 3; i++) {
      const outcome = classify({ stdout: deep });
      expect(outcome.outcome).toBe("malformed");
      expect(outcome.error).toBe("stdout JSON nests deeper than 64 levels");
      expect(() => JSON.stringify(outcome)).not.toThrow();
    }
    const objects = `${'{"a":'.repeat(200_000)}1${"}".repeat(200_000)}`;
    expect(classify({ stdout: objects }).outcome).toBe("malformed");
  });

  it("keeps unknown fields of a valid result (readers ignore, not drop)", () => {
    expect(classify({ stdout: ok("pass", { extra: 1 }) }).result).toMatchObject({ extra: 1 });
  });
});

describe("notRunOutcome", () => {
  it("has no exit code, duration 0 and the reason as error", () => {
    expect(notRunOutcome("x", "unknown_flow", "not listed")).toMatchObject({
      outcome: "unknown_flow",
      exit_code: null,
      duration_ms: 0,
      error: "not listed",
      result: null,
    });
  });
});
