import { describe, expect, it } from "vitest";
import { parseArgs } from "./args.js";

describe("parseArgs", () => {
  it("list", () => {
    expect(parseArgs(["list"])).toEqual({ kind: "list", dir: ".", json: false });
    expect(parseArgs(["list", "--json", "--dir", "/p"])).toEqual({
      kind: "list",
      dir: "/p",
      json: true,
    });
  });

  it("run with flows, repeated tags, --all, --jobs", () => {
    expect(
      parseArgs(["run", "a", "b", "--tag", "x,y", "--tag", "z", "--jobs", "2", "--json"]),
    ).toEqual({
      kind: "run",
      dir: ".",
      flows: ["a", "b"],
      tags: ["x,y", "z"],
      all: false,
      jobs: 2,
      json: true,
      scale: {
        shard: undefined,
        durations: undefined,
        grep: undefined,
        grepInvert: undefined,
        reporters: [],
      },
    });
    expect(parseArgs(["run", "--all"])).toMatchObject({
      kind: "run",
      all: true,
      jobs: "auto",
      flows: [],
    });
    expect(parseArgs(["run", "--all", "--jobs", "auto"])).toMatchObject({ jobs: "auto" });
  });

  it("run: --shard, --durations, --grep, --grep-invert, repeated --reporter", () => {
    const args = [
      ...["run", "--all", "--shard", "2/3", "--durations", "last.json"],
      ...["--grep", "log(in|out)", "--grep-invert", "slow"],
      ...["--reporter", "junit=out/junit.xml", "--reporter", "html=out/html"],
    ];
    expect(parseArgs(args)).toMatchObject({
      scale: {
        shard: { index: 2, total: 3 },
        durations: "last.json",
        grep: "log(in|out)",
        grepInvert: "slow",
        reporters: [
          { kind: "junit", path: "out/junit.xml" },
          { kind: "html", path: "out/html" },
        ],
      },
    });
  });

  it.each([
    [["--shard", "3/2"], "--shard"],
    [["--shard", "x"], "--shard"],
    [["--grep", "("], "--grep"],
    [["--reporter", "xml=x"], "--reporter"],
  ])("rejects %j", (extra, option) => {
    expect(parseArgs(["run", "--all", ...extra])).toMatchObject({
      kind: "usage_error",
      message: expect.stringContaining(option),
    });
  });

  it("merge-reports takes report files", () => {
    expect(parseArgs(["merge-reports", "a.json", "b.json", "--reporter", "junit=j.xml"])).toEqual({
      kind: "merge-reports",
      files: ["a.json", "b.json"],
      json: false,
      reporters: [{ kind: "junit", path: "j.xml" }],
    });
  });

  it("show-report serves a folder (flows-report by default) on 127.0.0.1:9323", () => {
    expect(parseArgs(["show-report"])).toEqual({
      kind: "show-report",
      dir: "flows-report",
      host: "127.0.0.1",
      port: 9323,
      open: true,
    });
    expect(parseArgs(["show-report", "out", "--port", "0", "--no-open"])).toMatchObject({
      dir: "out",
      port: 0,
      open: false,
    });
    expect(parseArgs(["show-report", "--port", "70000"])).toMatchObject({ kind: "usage_error" });
  });

  it("run needs something to run", () => {
    expect(parseArgs(["run"])).toEqual({
      kind: "usage_error",
      message: "run needs flow names, --tag or --all",
    });
  });

  it.each(["0", "-1", "1.5", "x", "17"])("rejects --jobs %s", (jobs) => {
    expect(parseArgs(["run", "a", "--jobs", jobs])).toMatchObject({
      kind: "usage_error",
      message: expect.stringContaining("--jobs"),
    });
  });

  it("issue", () => {
    expect(parseArgs(["issue", "t-1", "--dry-run", "--dir", "d"])).toEqual({
      kind: "issue",
      dir: "d",
      id: "t-1",
      dryRun: true,
      jobs: "auto",
      json: false,
      retryBudget: undefined,
    });
    expect(parseArgs(["issue", "t-1", "--retry-budget", "5"])).toMatchObject({ retryBudget: 5 });
    expect(parseArgs(["issue", "t-1", "--escalate", "the test is wrong"])).toMatchObject({
      kind: "issue",
      escalate: "the test is wrong",
    });
    expect(parseArgs(["issue"])).toMatchObject({
      kind: "usage_error",
      message: expect.stringContaining("id"),
    });
  });

  it.each(["0", "x", "101", "2.5"])("rejects --retry-budget %s", (budget) => {
    expect(parseArgs(["issue", "t-1", "--retry-budget", budget])).toMatchObject({
      kind: "usage_error",
      message: expect.stringContaining("--retry-budget"),
    });
  });

  it("issues: defaults, repeated labels, status, limit, restart", () => {
    expect(parseArgs(["issues"])).toEqual({
      kind: "issues",
      dir: ".",
      ids: [],
      dryRun: false,
      labels: [],
      status: "open,in_progress",
      limit: 0,
      restart: false,
      jobs: "auto",
      json: false,
      retryBudget: undefined,
    });
    expect(
      parseArgs([
        "issues",
        "--label",
        "ready",
        "--label",
        "web",
        "--status",
        "open",
        "--limit",
        "10",
        "--restart",
        "--json",
      ]),
    ).toMatchObject({
      labels: ["ready", "web"],
      status: "open",
      limit: 10,
      restart: true,
      json: true,
    });
    expect(parseArgs(["issues", "--status", "open;rm -rf"])).toMatchObject({
      kind: "usage_error",
      message: expect.stringContaining("--status"),
    });
    expect(parseArgs(["issues", "--limit", "-1"])).toMatchObject({ kind: "usage_error" });
  });

  it("issues: ticket ids and epics, --dry-run; ids and --label do not mix", () => {
    expect(parseArgs(["issues", "t-1", "t-epic", "--dry-run", "--json"])).toMatchObject({
      kind: "issues",
      ids: ["t-1", "t-epic"],
      dryRun: true,
      json: true,
      labels: [],
    });
    expect(parseArgs(["issues", "t-1", "--label", "ready"])).toEqual({
      kind: "usage_error",
      message: "issues takes ticket ids or --label, not both",
    });
  });

  it("log", () => {
    expect(parseArgs(["log", "t-1", "--json"])).toEqual({
      kind: "log",
      dir: ".",
      id: "t-1",
      json: true,
    });
    expect(parseArgs(["log"])).toMatchObject({ kind: "usage_error" });
  });

  it("doctor", () => {
    expect(parseArgs(["doctor", "--dir", "x"])).toEqual({ kind: "doctor", dir: "x", json: false });
  });

  it("help is not an error; no command and unknown commands or options are", () => {
    expect(parseArgs(["--help"])).toMatchObject({
      kind: "help",
      isError: false,
      text: expect.stringContaining("issue"),
    });
    expect(parseArgs(["run", "--help"])).toMatchObject({
      kind: "help",
      isError: false,
      text: expect.stringContaining("--tag"),
    });
    expect(parseArgs([])).toMatchObject({ kind: "help", isError: true });
    expect(parseArgs(["frobnicate"])).toMatchObject({ kind: "usage_error" });
    expect(parseArgs(["run", "a", "--bogus"])).toMatchObject({
      kind: "usage_error",
      message: expect.stringContaining("--bogus"),
    });
  });
});
