import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  DeliverableResultSchema,
  DoctorReportSchema,
  GatesReportSchema,
} from "@agent-verify/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMcp, text, type McpSession } from "../../test/helpers/mcp.js";

const GATES_BIN = fileURLToPath(new URL("../../../gates/bin/verify-gates.js", import.meta.url));

let dir: string;
let home: string;
let session: McpSession;

/** A repo that uses gates only: no .verify/workflows.yaml, gates from its node_modules/.bin. */
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "vm-mcp-bare-"));
  mkdirSync(join(dir, ".verify"));
  writeFileSync(
    join(dir, ".verify", "gates.yaml"),
    "base: HEAD\ncommands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n",
  );
  writeFileSync(join(dir, "README.md"), "# bare\n\none\ntwo\nthree\n");
  writeFileSync(join(dir, ".gitignore"), "node_modules\n");
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "ignore" });
  git("init", "-q");
  git("add", ".");
  git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "-m", "init");
  home = mkdtempSync(join(tmpdir(), "vm-mcp-home-"));
  session = await startMcp(dir, { PATH: process.env.PATH ?? "", HOME: home });
});

afterAll(async () => {
  await session?.client.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

describe("verify-manager mcp in a repo with no flows manifest", () => {
  it("a tool that needs the manifest says so in one line with what to do, not a command line", async () => {
    const result = await session.client.callTool({ name: "list_flows", arguments: {} });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(
      /^list_flows: no manifest: .*workflows\.yaml not found \(hint: create .verify\/workflows.yaml/,
    );
    expect(text(result)).not.toContain(process.execPath);
  });

  it("run_gates without verify-gates installed says how to install it, not the command it tried", async () => {
    const result = await session.client.callTool({ name: "run_gates", arguments: {} });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^run_gates: .*not found.*\(hint: .*@agent-verify\/gates/);
    expect(text(result)).not.toMatch(/--json/);
  });

  it("run_gates runs the repo's verify-gates (gates never needed a flows manifest)", async () => {
    mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
    symlinkSync(GATES_BIN, join(dir, "node_modules", ".bin", "verify-gates"));
    writeFileSync(join(dir, "notes.txt"), "a change\n");
    const result = await session.client.callTool({ name: "run_gates", arguments: {} });
    expect(result.isError, text(result)).toBeFalsy();
    expect(GatesReportSchema.parse(result.structuredContent).status).toBe("pass");
  });

  it("run_gates with a task file: its ## FILES scope the change", async () => {
    writeFileSync(
      join(dir, "TASK.md"),
      "# TASK-1: notes\n\n## FILES\n- path: docs/only.md\n  action: add\n\nESTIMATED_DIFF: 10\n",
    );
    const result = await session.client.callTool({
      name: "run_gates",
      arguments: { task_file: "TASK.md", only: ["scope"] },
    });
    expect(result.isError, text(result)).toBeFalsy();
    const report = GatesReportSchema.parse(result.structuredContent);
    expect(report.task?.file).toMatch(/TASK\.md$/);
    expect(report.status).toBe("fail");
    expect(report.findings.map((f) => [f.stage, f.file])).toContainEqual(["scope", "notes.txt"]);
  });

  it("check_deliverable runs verify-gates deliverable: a fabricated citation fails it", async () => {
    writeFileSync(
      join(dir, "FINDINGS.md"),
      [
        "# Findings",
        "",
        "## What we found",
        "",
        "- The title is at README.md:1.",
        "- The counter lives at src/missing.ts:12.",
        "",
      ].join("\n"),
    );
    const result = await session.client.callTool({
      name: "check_deliverable",
      arguments: { file: "FINDINGS.md", min_lines: 3 },
    });
    expect(result.isError, text(result)).toBeFalsy();
    const review = DeliverableResultSchema.parse(result.structuredContent);
    expect(review.status).toBe("fail");
    expect(review.findings.map((f) => f.rule)).toContain("fabricated-citation");
  });

  it("doctor answers with its report even when checks fail (the report is the answer)", async () => {
    const result = await session.client.callTool({ name: "doctor", arguments: {} });
    expect(result.isError, text(result)).toBeFalsy();
    const report = DoctorReportSchema.parse(result.structuredContent);
    expect(report.ok).toBe(false);
    expect(report.checks.length).toBeGreaterThan(0);
  });
});
