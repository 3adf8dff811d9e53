import type { RunReport } from "@agent-verify/contract";
import { describe, expect, it } from "vitest";
import { ciBuildFrom, mergeMeta, withDeclared } from "./run-meta.js";

describe("the run's metadata", () => {
  it("names the CI build from the CI's own environment", () => {
    expect(
      ciBuildFrom({
        GITHUB_RUN_ID: "9",
        GITHUB_REPOSITORY: "o/r",
        GITHUB_SERVER_URL: "https://gh",
      }),
    ).toEqual({ provider: "github", id: "9", url: "https://gh/o/r/actions/runs/9" });
    expect(ciBuildFrom({ CI_JOB_ID: "5", CI_JOB_URL: "https://gl/j/5" })).toEqual({
      provider: "gitlab",
      id: "5",
      url: "https://gl/j/5",
    });
    expect(ciBuildFrom({ CI: "true" })).toBe(undefined);
  });

  it("merges shards: earliest start to latest end, workers added, commit when all agree", () => {
    const shard = (meta: RunReport["meta"]): RunReport => ({
      schema_version: 1,
      passed: true,
      outcomes: [],
      meta,
    });
    expect(
      mergeMeta([
        shard({
          started_at: "2026-01-01T00:00:02.000Z",
          wall_ms: 1000,
          workers: 2,
          git_commit: "abc1234",
        }),
        shard({
          started_at: "2026-01-01T00:00:00.000Z",
          wall_ms: 1500,
          workers: 2,
          git_commit: "abc1234",
        }),
      ]),
    ).toEqual({
      started_at: "2026-01-01T00:00:00.000Z",
      wall_ms: 3000,
      workers: 4,
      git_commit: "abc1234",
    });
    expect(mergeMeta([shard({ git_commit: "abc1234" }), shard({ git_commit: "def5678" })])).toEqual(
      {},
    );
    expect(mergeMeta([shard(undefined)])).toBe(undefined);
  });

  it("puts the catalog's description, tags and module on the outcome, only when there are some", () => {
    const base = {
      flow: "a",
      outcome: "pass" as const,
      exit_code: 0,
      signal: null,
      duration_ms: 1,
      failing_step: null,
      error: null,
      artifacts: null,
      stderr_tail: "",
      result: null,
    };
    const listed = { name: "a", description: "does a", tags: ["x"], implemented: true };
    expect(withDeclared(base, listed, ".verify/src/flows/a.ts")).toMatchObject({
      description: "does a",
      tags: ["x"],
      file: ".verify/src/flows/a.ts",
    });
    expect(withDeclared(base, { ...listed, description: "", tags: [] }, undefined)).toEqual(base);
  });
});
