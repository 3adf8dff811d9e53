import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GatesProgressEventSchema, type GatesProgressEvent } from "@agent-verify/contract";
import { afterEach, describe, expect, it } from "vitest";
import { debug, makeRepo, runCli } from "../test/fixture.js";

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The lines of `text` that are stage events (the human progress lines stay beside them). */
function events(text: string): GatesProgressEvent[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => GatesProgressEventSchema.parse(JSON.parse(line)));
}

describe("verify-gates --progress jsonl: one JSON line per stage start and end", () => {
  it("writes each run stage's start and end on stderr, and nothing for skipped stages", () => {
    const repo = makeRepo();
    temps.push(repo.dir);
    repo.write("src/extra.ts", "export const extra = 1;\n");
    const result = runCli(repo.dir, ["--only", "floor,secrets", "--progress", "jsonl"]);
    expect(result.code, debug(result)).toBe(0);
    const seen = events(result.stderr);
    for (const stage of ["floor", "secrets"] as const) {
      const start = seen.findIndex((e) => e.event === "stage_start" && e.stage === stage);
      const end = seen.findIndex((e) => e.event === "stage_end" && e.stage === stage);
      expect(start, result.stderr).toBeGreaterThanOrEqual(0);
      expect(end, result.stderr).toBeGreaterThan(start);
      expect(seen[end]).toMatchObject({ status: "pass" });
    }
    expect(seen.map((e) => e.stage)).not.toContain("typecheck");
    expect(result.stdout).not.toContain('"stage_start"');
  });

  it("appends them to a file with VERIFY_GATES_PROGRESS=jsonl:FILE (how a host reads a nested run)", () => {
    const repo = makeRepo();
    const folder = mkdtempSync(join(tmpdir(), "gates-progress-"));
    temps.push(repo.dir, folder);
    const file = join(folder, "events.jsonl");
    const result = runCli(repo.dir, ["--only", "secrets"], {
      VERIFY_GATES_PROGRESS: `jsonl:${file}`,
    });
    expect(result.code, debug(result)).toBe(0);
    expect(events(readFileSync(file, "utf8"))).toEqual([
      { event: "stage_start", stage: "secrets" },
      expect.objectContaining({ event: "stage_end", stage: "secrets", status: "pass" }),
    ]);
    expect(events(result.stderr)).toEqual([]);
  });

  it("a value it does not know is a usage error naming where it came from (exit 2)", () => {
    const repo = makeRepo();
    temps.push(repo.dir);
    const flag = runCli(repo.dir, ["--progress", "xml"]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/^verify-gates: --progress: 'xml': expected jsonl/m);
    const env = runCli(repo.dir, [], { VERIFY_GATES_PROGRESS: "jsonl:relative.jsonl" });
    expect(env.code).toBe(2);
    expect(env.stderr).toMatch(/^verify-gates: VERIFY_GATES_PROGRESS: .*absolute path/m);
  });
});
