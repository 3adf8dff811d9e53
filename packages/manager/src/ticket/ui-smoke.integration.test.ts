import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GatesReport } from "@agent-verify/contract";
import { afterAll, describe, expect, it } from "vitest";
import { makeFaultProject } from "../../test/helpers/fault-runner.js";
import { MemoryTracker } from "../../test/helpers/memory-tracker.js";
import { gatesReport, scriptedGates } from "../../test/helpers/scripted-gates.js";
import { readTicketLog } from "./record/verify-log-read.js";
import { verifyTicket } from "./verify-ticket.js";

// A change that touches UI paths asks a human for a smoke test (seed 000), whatever the verdict.

const scratch = mkdtempSync(join(tmpdir(), "vm-smoke-"));
const dirs: string[] = [scratch];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function changed(report: GatesReport, paths: string[]): GatesReport {
  return {
    ...report,
    changed_files: paths.map((path) => ({
      path,
      status: "modified",
      added_lines: 1,
      deleted_lines: 0,
    })),
  };
}

async function attempt(paths: string[], uiPaths?: string[]) {
  const gates = scriptedGates(mkdtempSync(join(scratch, "gates-")));
  gates.script(changed(gatesReport(), paths));
  const project = makeFaultProject({
    tickets: [
      `  gates_command: ${JSON.stringify(gates.command)}`,
      "  run_gates: always",
      ...(uiPaths ? [`  ui_paths: ${JSON.stringify(uiPaths)}`] : []),
    ],
  });
  dirs.push(project.dir);
  const tracker = new MemoryTracker();
  const id = tracker.create({ title: "Cart badge", description: "Verify:\n- pass\n" });
  const result = await verifyTicket({ dir: project.dir, id, tracker });
  return {
    result,
    entry: readTicketLog(project.dir, id).entries[0],
    tracker,
    id,
    dir: project.dir,
  };
}

describe("manual_smoke_required", () => {
  it("a component change: set, with the paths, the flows and the steps; the ticket still closes", async () => {
    const { result, entry, tracker, id } = await attempt([
      "src/components/CartBadge.tsx",
      "src/server.ts",
    ]);
    expect(result.decision).toBe("pass");
    expect(entry?.manual_smoke_required).toBe(true);
    expect(entry?.manual_smoke).toMatchObject({
      paths: ["src/components/CartBadge.tsx"],
      flows: ["pass"],
    });
    expect(entry?.manual_smoke?.steps[0]).toContain("src/components/CartBadge.tsx");
    expect(entry?.manual_smoke?.steps[1]).toBe("walk through pass by hand: fault pass");
    expect(tracker.issue(id).closeReason).toContain("a manual smoke test is asked for");
  }, 60_000);

  it.each<[string, string[], string[] | undefined, boolean]>([
    ["server code only", ["src/server.ts", "README.md"], undefined, false],
    ["a configured glob", ["web/app.js"], ["web/**"], true],
    ["the configured globs replace the defaults", ["src/components/A.tsx"], ["web/**"], false],
  ])(
    "%s",
    async (_label, paths, uiPaths, required) => {
      const { entry } = await attempt(paths, uiPaths);
      expect(entry?.manual_smoke_required).toBe(required);
    },
    60_000,
  );

  it("every log line carries seed 000's fields: a code ticket's deliverable_review is null, manual_smoke_required false", async () => {
    const { dir } = await attempt(["src/server.ts"]);
    const [line] = readFileSync(join(dir, ".verify", "log.jsonl"), "utf8").split("\n");
    const raw = JSON.parse(line ?? "{}") as Record<string, unknown>;
    expect(raw).toHaveProperty("deliverable_review", null);
    expect(raw).toHaveProperty("manual_smoke_required", false);
    for (const field of ["failed_tests", "failed_ac", "lint_errors", "typecheck_errors"])
      expect(raw[field]).toEqual([]);
  }, 60_000);
});
