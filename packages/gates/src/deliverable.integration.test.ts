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
      "citation src/payments.ts:40 does not resolve: the file does not exist",
    );
    expect(report.findings[1]?.message).toBe(
      "citation src/math.ts:99 does not resolve: the file has only 3 lines",
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
