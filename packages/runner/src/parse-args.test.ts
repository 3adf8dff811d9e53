import { describe, expect, it } from "vitest";
import { parseArgs } from "./parse-args.js";

describe("parseArgs", () => {
  it("reads a flow run with options", () => {
    expect(parseArgs(["checkout", "--trace", "on", "--dir", "/app"])).toEqual({
      command: "run",
      flow: "checkout",
      trace: "on",
      dir: "/app",
    });
    expect(parseArgs(["--dir=/x", "checkout"])).toMatchObject({
      command: "run",
      dir: "/x",
      trace: undefined,
    });
    expect(parseArgs(["checkout", "--trace=on-first-retry"])).toMatchObject({
      trace: "on-first-retry",
    });
  });

  it("reads --list and --list --steps", () => {
    expect(parseArgs(["--list"])).toMatchObject({ command: "list", steps: false });
    expect(parseArgs(["--list", "--steps"])).toMatchObject({ command: "list", steps: true });
  });

  it("reads --check-browser", () => {
    expect(parseArgs(["--check-browser", "--dir", "/a"])).toEqual({
      command: "check-browser",
      dir: "/a",
    });
    expect(parseArgs(["--check-browser", "x"])).toEqual({
      command: "invalid",
      message: "--check-browser takes nothing else",
    });
  });

  it("reads --worker with --trace and --dir, and nothing else", () => {
    expect(parseArgs(["--worker", "--trace", "off", "--dir", "/a"])).toEqual({
      command: "worker",
      dir: "/a",
      trace: "off",
    });
    for (const argv of [
      ["--worker", "x"],
      ["--worker", "--list"],
      ["--worker", "--browser-server"],
    ])
      expect(parseArgs(argv)).toEqual({
        command: "invalid",
        message: "--worker takes only --trace and --dir (flow names come on stdin)",
      });
  });

  it("treats everything after -- as a flow name", () => {
    expect(parseArgs(["--", "--list"])).toMatchObject({ command: "run", flow: "--list" });
  });

  it.each([
    [[], "missing flow name"],
    [["a", "b"], "give exactly one flow name"],
    [["--list", "a"], "--list takes no flow name"],
    [["a", "--steps"], "--steps goes with --list"],
    [
      ["a", "--trace", "sometimes"],
      "--trace must be one of off, on, retain-on-failure, on-first-retry",
    ],
    [["a", "--frobnicate"], "unknown option --frobnicate"],
    [["a", "--dir"], "--dir needs a folder"],
  ])("rejects %j: %s", (argv, message) => {
    expect(parseArgs(argv)).toEqual({ command: "invalid", message });
  });
});

describe("parseArgs init", () => {
  it("reads init and its flags", () => {
    expect(parseArgs(["init"])).toMatchObject({ command: "init", baseUrl: undefined });
    expect(
      parseArgs(["init", "--static", "dist", "--base-url=http://127.0.0.1:9000", "--dir", "/r"]),
    ).toEqual({
      command: "init",
      dir: "/r",
      baseUrl: "http://127.0.0.1:9000",
      webServer: undefined,
      staticDir: "dist",
    });
    expect(parseArgs(["init", "--web-server", "npm run dev"])).toMatchObject({
      webServer: "npm run dev",
    });
  });

  it.each([
    [["init", "--static"], "--static needs a value"],
    [["init", "--list"], "init takes only --static, --web-server, --base-url, --ci, --dir"],
    [["init", "extra"], "init takes only --static, --web-server, --base-url, --ci, --dir"],
    [["front", "--static", "dist"], "unknown option --static"],
    [["init", "--ci"], "--ci must be one of github, gitlab"],
    [["init", "--ci", "circleci"], "--ci must be one of github, gitlab"],
    [["front", "--ci", "github"], "unknown option --ci"],
  ])("rejects %j: %s", (argv, message) => {
    expect(parseArgs(argv)).toEqual({ command: "invalid", message });
  });

  it("reads --ci github|gitlab; no --ci, no CI file", () => {
    expect(parseArgs(["init", "--ci", "github"])).toMatchObject({ command: "init", ci: "github" });
    expect(parseArgs(["init", "--ci=gitlab", "--static", "."])).toMatchObject({
      command: "init",
      ci: "gitlab",
      staticDir: ".",
    });
    expect(parseArgs(["init"])).toMatchObject({ command: "init", ci: undefined });
  });

  it("runs a flow named init when it is not the first word", () => {
    expect(parseArgs(["--", "init"])).toMatchObject({ command: "run", flow: "init" });
  });
});
