import { describe, expect, it } from "vitest";
import { parseArgs } from "./parse-args.js";

describe("agent-verify parseArgs", () => {
  it.each([
    [["init"], { kind: "tool", tool: "runner", args: ["init"] }],
    [
      ["init", "--static", ".", "--ci", "github"],
      { kind: "tool", tool: "runner", args: ["init", "--static", ".", "--ci", "github"] },
    ],
    [["runner", "--list"], { kind: "tool", tool: "runner", args: ["--list"] }],
    [["manager", "run", "--all"], { kind: "tool", tool: "manager", args: ["run", "--all"] }],
    [["gates", "--json"], { kind: "tool", tool: "gates", args: ["--json"] }],
    [["runner", "--help"], { kind: "tool", tool: "runner", args: ["--help"] }],
    [[], { kind: "help" }],
    [["--help"], { kind: "help" }],
    [["--version"], { kind: "version" }],
  ])("%j", (argv, parsed) => {
    expect(parseArgs(argv)).toEqual(parsed);
  });

  it("names an unknown command in one line", () => {
    expect(parseArgs(["lint"])).toEqual({
      kind: "invalid",
      message: "unknown command 'lint' (expected init, runner, manager or gates)",
    });
  });
});
