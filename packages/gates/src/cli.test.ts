import { describe, expect, it } from "vitest";
import { EXIT_CODE, parseArgs } from "./cli.js";

describe("parseArgs", () => {
  it("reads the run options", () => {
    expect(
      parseArgs([
        "--base",
        "origin/main",
        "--mode",
        "post-commit",
        "--json",
        "--only",
        "floor, secrets,test",
        "--regression",
        " Cart count is wrong after reload ",
      ]),
    ).toEqual({
      command: "run",
      base: "origin/main",
      mode: "post-commit",
      json: true,
      only: ["floor", "secrets", "tests"],
      regression: "Cart count is wrong after reload",
    });
    expect(parseArgs([])).toEqual({
      command: "run",
      base: undefined,
      mode: undefined,
      json: false,
      only: undefined,
      regression: undefined,
    });
    expect(parseArgs([])).toHaveProperty("regression", undefined);
  });

  it("reads the task-file options, with the VERIFY_* variables as fallbacks", () => {
    expect(
      parseArgs(
        [
          "--task-file",
          "T.md",
          "--project-dir",
          "/p",
          "--base-commit",
          "abc",
          "--criteria-file",
          "-",
        ],
        { VERIFY_TASK_FILE: "other.md", VERIFY_BASE_COMMIT: "def" },
      ),
    ).toMatchObject({
      command: "run",
      taskFile: "T.md",
      projectDir: "/p",
      base: "abc",
      criteriaFile: "-",
    });
    expect(
      parseArgs([], {
        VERIFY_TASK_FILE: "T.md",
        VERIFY_PROJECT_DIR: "/p",
        VERIFY_MODE: "post-commit",
        VERIFY_BASE_COMMIT: "def",
      }),
    ).toMatchObject({ taskFile: "T.md", projectDir: "/p", mode: "post-commit", base: "def" });
    expect(parseArgs(["--base", "main"], { VERIFY_BASE_COMMIT: "def" })).toMatchObject({
      base: "main",
    });
    expect(parseArgs([], { VERIFY_MODE: "sometimes" })).toEqual({
      command: "usage-error",
      message: "VERIFY_MODE: 'sometimes' is not pre-commit or post-commit",
    });
    expect(parseArgs(["--base", "a", "--base-commit", "b"])).toMatchObject({
      command: "usage-error",
    });
  });

  it("reads the loop, hook and verdict subcommands", () => {
    expect(parseArgs(["loop", "start", "--session", "s1", "--max-iterations", "3"])).toEqual({
      command: "loop-start",
      session: "s1",
      maxIterations: 3,
      base: undefined,
      taskFile: undefined,
    });
    expect(parseArgs(["loop", "stop"])).toEqual({ command: "loop-stop" });
    expect(parseArgs(["loop", "status", "--json"])).toEqual({ command: "loop-status", json: true });
    expect(parseArgs(["loop", "install", "--timeout", "120"])).toMatchObject({
      command: "loop-install",
      timeoutS: 120,
    });
    expect(parseArgs(["hook"])).toEqual({ command: "hook", format: "claude" });
    expect(parseArgs(["hook", "--format", "generic"])).toEqual({
      command: "hook",
      format: "generic",
    });
    expect(parseArgs(["verdict", "--json"])).toMatchObject({ command: "verdict", json: true });
    expect(parseArgs(["loop", "start", "--session", "s", "--max-iterations", "x"])).toMatchObject({
      command: "usage-error",
    });
    expect(parseArgs(["loop", "install", "--timeout", "-1"])).toMatchObject({
      command: "usage-error",
    });
  });

  it("reads the deliverable subcommand", () => {
    expect(parseArgs(["deliverable", "docs/a.md", "--min-lines", "20", "--json"])).toEqual({
      command: "deliverable",
      file: "docs/a.md",
      minLines: 20,
      json: true,
      // No --kind: the document's structure decides (issue 33 §3), not a default.
      kind: undefined,
      descriptionFile: undefined,
    });
    expect(parseArgs(["deliverable", "a.md"])).toMatchObject({ minLines: 10, json: false });
    expect(
      parseArgs(["deliverable", "a.md", "--kind", "discovery", "--description-file", "t.txt"]),
    ).toMatchObject({ kind: "discovery", descriptionFile: "t.txt" });
  });

  it("turns bad input into a usage error, never a throw", () => {
    expect(parseArgs(["--only", "floor,nope"])).toEqual({
      command: "usage-error",
      message: expect.stringContaining("unknown stage 'nope'"),
    });
    expect(parseArgs(["--mode", "sometimes"])).toMatchObject({ command: "usage-error" });
    expect(parseArgs(["--frobnicate"])).toMatchObject({
      command: "usage-error",
      message: expect.stringContaining("--frobnicate"),
    });
    expect(parseArgs(["--regression", "  "])).toEqual({
      command: "usage-error",
      message: "--regression: the issue title is empty",
    });
    expect(parseArgs(["--regression"])).toMatchObject({
      command: "usage-error",
      message: expect.stringContaining("--regression"),
    });
    expect(parseArgs(["deliverable", "a.md", "--min-lines", "x"])).toMatchObject({
      command: "usage-error",
    });
    expect(parseArgs(["deliverable", "a.md", "--kind", "memo"])).toEqual({
      command: "usage-error",
      message: "--kind: expected discovery, design or doc, got 'memo'",
    });
  });

  it("prints help and version without running anything", () => {
    const help = parseArgs(["--help"]);
    expect(help).toMatchObject({ command: "print" });
    expect(help.command === "print" && help.text).toContain("--only <stages>");
    expect(help.command === "print" && help.text).toContain("--regression <title>");
    expect(parseArgs(["--version"])).toMatchObject({
      command: "print",
      text: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it("reads --progress (stderr or an absolute file), VERIFY_GATES_PROGRESS as the fallback", () => {
    expect(parseArgs(["--progress", "jsonl"])).toMatchObject({ progress: { to: "stderr" } });
    expect(parseArgs([], { VERIFY_GATES_PROGRESS: "jsonl:/tmp/p.jsonl" })).toMatchObject({
      progress: { to: "file", path: "/tmp/p.jsonl" },
    });
    expect(
      parseArgs(["--progress", "jsonl"], { VERIFY_GATES_PROGRESS: "jsonl:/tmp/p.jsonl" }),
    ).toMatchObject({ progress: { to: "stderr" } });
    expect(parseArgs([])).toMatchObject({ command: "run", progress: undefined });
    expect(parseArgs(["--progress", "jsonl:p.jsonl"])).toEqual({
      command: "usage-error",
      message: "--progress: 'jsonl:p.jsonl': the file after jsonl: must be an absolute path",
    });
  });

  it("maps statuses to exit codes once", () => {
    expect(EXIT_CODE).toEqual({ pass: 0, fail: 1, needs_human: 1, error: 2, usage: 2 });
  });
});
