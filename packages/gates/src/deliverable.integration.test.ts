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

  it("without --kind, the kind is the document's: a correct discovery or design document passes", async () => {
    const repo = makeRepo();
    const finding = (n: number) =>
      [
        `## Finding ${n}: add`,
        "Severity: low",
        `Problem: [\`add\`](../src/math.ts#L1-L3) accepts two numbers (${n})`,
        "Recommendation: accept a list",
        "Effort: S",
        "",
      ].join("\n");
    const discovery = ["# Math audit", "", ...Array.from({ length: 10 }, (_, i) => finding(i + 1))];
    repo.write("docs/audit.md", discovery.join("\n"));
    const found = await runCliInProcess(repo.dir, ["deliverable", "docs/audit.md", "--json"]);
    expect(found.code, debug(found)).toBe(0);
    const report = DeliverableResultSchema.parse(JSON.parse(found.stdout));
    expect(report.review).toMatchObject({ kind: "discovery", pass: true, citations_total: 10 });

    const design = [
      "# Queue",
      "",
      "## Decisions",
      "",
      "- one queue per tenant",
      "- at most once",
      "- no retries",
      "- FIFO",
      "- JSON",
      "- v1",
      "- then v2",
      "- done",
    ];
    repo.write("docs/queue.md", design.join("\n"));
    const designed = await runCliInProcess(repo.dir, ["deliverable", "docs/queue.md", "--json"]);
    expect(designed.code, debug(designed)).toBe(0);
    expect(DeliverableResultSchema.parse(JSON.parse(designed.stdout)).review?.kind).toBe("design");

    // A GitHub-style citation of a line that is not there fails the same way as path:line.
    repo.write("docs/audit.md", discovery.join("\n").replace("math.ts#L1-L3", "math.ts#L30"));
    const fabricated = await runCliInProcess(repo.dir, ["deliverable", "docs/audit.md"]);
    expect(fabricated.code, debug(fabricated)).toBe(1);
    expect(fabricated.stdout).toContain("src/math.ts has 3 lines, not 30");
  });

  it("a document whose kind its structure does not show: one line asking for --kind, exit 2", async () => {
    const repo = makeRepo();
    repo.write(
      "notes.md",
      ["# Notes", ...Array.from({ length: 12 }, (_, i) => `line ${i}`)].join("\n"),
    );
    const result = await runCliInProcess(repo.dir, ["deliverable", "notes.md"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      "verify-gates: deliverable notes.md: cannot tell its kind (it has no finding with a severity, no decisions heading and one heading): pass --kind discovery, design or doc\n",
    );
    const told = await runCliInProcess(repo.dir, ["deliverable", "notes.md", "--kind", "doc"]);
    expect(told.code).toBe(1);
    expect(told.stdout).toContain("not scannable");
  });
});
