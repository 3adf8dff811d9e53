import type { ChangedFile, StageResult } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { uncheckedOf } from "./unchecked.js";

const stage = (name: StageResult["stage"], status: StageResult["status"], reason?: string) => ({
  stage: name,
  status,
  duration_ms: 0,
  findings: [],
  ...(reason ? { reason } : {}),
});
const file = (path: string): ChangedFile => ({
  path,
  status: "modified",
  added_lines: 1,
  deleted_lines: 0,
});
const allSkipped = [
  stage("floor", "pass"),
  stage("typecheck", "skip", "no tsconfig.json"),
  stage("lint", "skip", "no lint tool in package.json"),
  stage("format", "skip", "no format tool in package.json"),
  stage("tests", "skip", "no tests"),
];

describe("a change nothing checked", () => {
  it("names the code files and each tool stage's reason", () => {
    const unchecked = uncheckedOf(allSkipped, [file("index.html"), file("README.md")]);
    expect(unchecked?.files).toEqual(["index.html"]);
    expect(unchecked?.stages.map((s) => s.stage)).toEqual(["typecheck", "lint", "format", "tests"]);
    expect(unchecked?.hint).toContain("commands.typecheck");
  });

  it("is not one when any tool stage ran, or the change is documentation only", () => {
    const linted = allSkipped.map((s) => (s.stage === "lint" ? stage("lint", "pass") : s));
    expect(uncheckedOf(linted, [file("index.html")])).toBeUndefined();
    expect(
      uncheckedOf(allSkipped, [file("docs/guide.mdx"), file("LICENSE"), file("logo.png")]),
    ).toBeUndefined();
    expect(uncheckedOf(allSkipped, [file(".verify/gates.json")])).toBeUndefined();
  });

  it("is not one when no stage lacked a tool (turned off in .verify/gates.yaml, or idle)", () => {
    const off = allSkipped.map((s) =>
      s.stage === "floor" ? s : stage(s.stage, "skip", "turned off in .verify/gates.yaml"),
    );
    expect(uncheckedOf(off, [file("index.html")])).toBeUndefined();
    const idle = off.map((s) =>
      s.stage === "typecheck"
        ? stage("typecheck", "skip", "no TypeScript, JavaScript or JSON file changed")
        : s,
    );
    expect(uncheckedOf(idle, [file(".verify/gates.yaml")])).toBeUndefined();
    const lintLeft = off.map((s) => (s.stage === "lint" ? (allSkipped[2] ?? s) : s));
    expect(uncheckedOf(lintLeft, [file("index.html")])?.files).toEqual(["index.html"]);
  });

  it("is not one when a tool stage is missing from the run (a run cut short)", () => {
    expect(uncheckedOf(allSkipped.slice(0, 3), [file("index.html")])).toBeUndefined();
  });
});
