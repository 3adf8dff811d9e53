import { DeliverableResultSchema } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../test/cli-in-process.js";
import { debug, makeRepo, runCli } from "../test/fixture.js";

const doc = (citations: string[]) =>
  [
    "# Report",
    "",
    "## What changed",
    "",
    "- `add` lives in src/math.ts:1-3.",
    ...citations,
    "",
    "## Example",
    "",
    "```ts",
    "add(1, 2);",
    "```",
    "",
    "## Why",
    "",
    "Because.",
    "More text.",
    "Even more.",
    "Still more.",
    "And more.",
    "The end.",
    "",
  ].join("\n");

describe("verify-gates deliverable", () => {
  it("a fabricated citation fails at its line in the document", () => {
    const repo = makeRepo();
    repo.write(
      "docs/report.md",
      doc([
        "- see src/payments.ts:40 for the retry",
        "- and src/math.ts:99 too",
        "- http://example.com:8080/x is a URL, not a citation",
      ]),
    );
    const result = runCli(repo.dir, ["deliverable", "docs/report.md", "--json"]);
    expect(result.code, debug(result)).toBe(1);
    const report = JSON.parse(result.stdout) as {
      findings: Array<{ file: string; line: number; message: string }>;
      citations: number;
    };
    expect(report.citations).toBe(3);
    expect(report.findings.map((f) => `${f.file}:${f.line}`)).toEqual([
      "docs/report.md:6",
      "docs/report.md:7",
    ]);
    expect(report.findings[0]?.message).toBe(
      "citation src/payments.ts:40: src/payments.ts does not exist",
    );
    expect(report.findings[1]?.message).toBe(
      "citation src/math.ts:99: src/math.ts has 3 lines, not 99",
    );
  });

  it("runs the manager's rubric: a cited line without what it names, and a time estimate, fail", async () => {
    const repo = makeRepo();
    repo.write(
      "docs/report.md",
      doc(["- `subtract` is defined at src/math.ts:1", "- Effort: this will take 3 weeks"]),
    );
    const result = await runCliInProcess(repo.dir, ["deliverable", "docs/report.md", "--json"]);
    expect(result.code, debug(result)).toBe(1);
    const report = DeliverableResultSchema.parse(JSON.parse(result.stdout));
    expect(report.findings).toEqual([
      {
        file: "docs/report.md",
        line: 7,
        rule: "time-estimate",
        message: "a time estimate (3 weeks): size effort as S/M/L/XL",
      },
      {
        file: "docs/report.md",
        line: 6,
        rule: "fabricated-citation",
        message: 'citation src/math.ts:1: line 1 of src/math.ts does not contain "subtract"',
      },
    ]);
    expect(report.review?.items.map((i) => [i.item, i.status])).toEqual([
      ["exists", "pass"],
      ["structure", "pass"],
      ["actionable", "fail"],
      ["citations", "fail"],
      ["assumptions", "n/a"],
    ]);
    expect(report.review?.citations.map((c) => [c.file, c.line, c.ok])).toEqual([
      ["src/math.ts", 1, true],
      ["src/math.ts", 1, false],
    ]);
  });

  it("--kind and --description-file ask what the manager asks of a ticket's document", async () => {
    const repo = makeRepo();
    repo.write("docs/report.md", doc([]));
    repo.write("ticket.txt", "look into it\n");
    const result = await runCliInProcess(repo.dir, [
      "deliverable",
      "docs/report.md",
      "--kind",
      "design",
      "--description-file",
      "ticket.txt",
    ]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.stdout).toContain("[no-decisions]");
    expect(result.stdout).toContain("[no-assumptions]");
    const bad = await runCliInProcess(repo.dir, [
      "deliverable",
      "docs/report.md",
      "--kind",
      "memo",
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stdout + bad.stderr).toContain(
      "--kind: expected discovery, design or doc, got 'memo'",
    );
  });

  it("real citations, enough lines and headings pass; too short fails", async () => {
    const repo = makeRepo();
    repo.write("docs/report.md", doc([]));
    const ok = await runCliInProcess(repo.dir, ["deliverable", "docs/report.md"]);
    expect(ok.code, debug(ok)).toBe(0);
    expect(ok.stdout).toContain("PASS");
    const short = await runCliInProcess(repo.dir, [
      "deliverable",
      "docs/report.md",
      "--min-lines",
      "50",
    ]);
    expect(short.code).toBe(1);
    expect(short.stdout).toContain("[too-short]");
    const missing = await runCliInProcess(repo.dir, ["deliverable", "docs/none.md"]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain("docs/none.md does not exist");
  });
});
