// Issue 34 §1: choosing the oracle — a loop's snapshot, `--oracle REF`, the task file's
// `ORACLE:`, `oracle:` in the base's .verify/gates.yaml, else the merge base — and the report's
// `oracle` object and the stamp that depend on it.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GatesOracle } from "@agent-verify/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import {
  debug,
  git,
  makeRepo,
  runCli,
  runInProcess,
  type CliResult,
  type Repo,
} from "../../test/fixture.js";
import { snapshotTree } from "./index.js";
import { DISCOUNT_TEST, DISCOUNT_STUB } from "../../test/discount-task.js";

beforeAll(() => {
  process.env.VERIFY_STATE_DIR = mkdtempSync(join(tmpdir(), "oracle-choice-state-"));
});

const oracleOf = (result: CliResult) =>
  (result.report as { oracle?: GatesOracle } | undefined)?.oracle;
const rules = (result: CliResult) =>
  (result.report?.findings ?? []).map((f) => `${f.file}:${f.rule}`);

const RED_TEST = DISCOUNT_TEST;
const LOOSENED = RED_TEST.replace("toBe(90)", "toBeDefined()");

/**
 * A branch with a red test committed and tagged `task-start` (where the task began), then the
 * agent's cheat: the test loosened so that it passes. Judged by the merge base, the test is the
 * change's own and the cheat passes; judged by `task-start`, it runs as it was.
 */
function cheatedBranch(extra: Record<string, string> = {}): Repo {
  const repo = makeRepo(extra);
  repo.write("src/price.ts", DISCOUNT_STUB);
  repo.write("src/price.test.ts", RED_TEST);
  repo.commit("the task: a failing test for discounts");
  git(repo.dir, "tag", "task-start");
  repo.write("src/price.test.ts", LOOSENED);
  return repo;
}

function taskFile(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "oracle-task-")), "TASK.md");
  writeFileSync(path, text);
  return path;
}

/**
 * One full run, by default (the merge base), of a cheated branch: the default case's run and the
 * first of the stamp's. Only the oracle's tests decide here: the base's config leaves the static
 * tools out (the stamp's key holds the oracle either way).
 */
let byDefault: Promise<{ repo: Repo; result: CliResult }> | undefined;
const defaultRun = () =>
  (byDefault ??= (async () => {
    const repo = cheatedBranch({
      ".verify/gates.yaml": "commands:\n  typecheck: false\n  lint: false\n  format: false\n",
    });
    return { repo, result: await runInProcess(repo.dir, {}) };
  })());

describe("the oracle is chosen", () => {
  it("by default the merge base: the loosened test is the change's own and passes", async () => {
    const { repo, result } = await defaultRun();
    expect(result.code, debug(result)).toBe(0);
    const base = git(repo.dir, "rev-parse", "main").trim();
    expect(result.report).toMatchObject({
      oracle: {
        origin: "merge-base",
        id: `commit-${base.slice(0, 12)}`,
        ref: "main",
        commit: base,
      },
    });
  });

  it("--oracle REF on the command line: the test runs as it stood there (the real bin)", () => {
    const repo = cheatedBranch();
    const result = runCli(repo.dir, ["--oracle", "task-start", "--only", "tests", "--json"]);
    expect(result.code, debug(result)).toBe(1);
    expect(rules(result)).toContain("src/price.test.ts:test-failed");
    const tag = git(repo.dir, "rev-parse", "task-start").trim();
    expect(JSON.parse(result.stdout)).toMatchObject({
      oracle: {
        origin: "cli",
        ref: "task-start",
        commit: tag,
        taken_at: null,
        declared_changes: [],
      },
    });
    expect(repo.read("src/price.test.ts")).toBe(LOOSENED);
  });

  it("ORACLE: in the task file, and oracle: in the base's gates.yaml", async () => {
    const repo = cheatedBranch();
    // The task's ORACLE: chooses the oracle at task-start's commit: the oracle the real bin's
    // --oracle task-start run above (and byConfig below) runs the test as, red. The choice is
    // made before any stage runs: the cheapest stage will do.
    const byTask = await runInProcess(repo.dir, {
      only: ["scope"],
      taskFile: taskFile("# Task: discounts\nORACLE: task-start\n"),
    });
    expect(byTask.report?.error, debug(byTask)).toBeUndefined();
    const tag = git(repo.dir, "rev-parse", "task-start").trim();
    expect(byTask.report).toMatchObject({
      oracle: { origin: "task", ref: "task-start", commit: tag, id: `commit-${tag.slice(0, 12)}` },
    });

    const configured = cheatedBranch({ ".verify/gates.yaml": "oracle: task-start\n" });
    const byConfig = await runInProcess(configured.dir, { only: ["tests"] });
    expect(byConfig.code, debug(byConfig)).toBe(1);
    expect(rules(byConfig)).toContain("src/price.test.ts:test-failed");
    expect(byConfig.report).toMatchObject({ oracle: { origin: "config", ref: "task-start" } });
  });

  it("the change cannot name its own oracle: oracle: in the working tree's gates.yaml is not read", async () => {
    const repo = cheatedBranch();
    repo.commit("the test, loosened");
    repo.write(".verify/gates.yaml", "oracle: HEAD\n");
    // The oracle is chosen before any stage runs: the cheapest stage will do.
    const result = await runInProcess(repo.dir, { only: ["scope"], oracle: undefined });
    expect(oracleOf(result)?.origin, debug(result)).toBe("merge-base");
  });

  it("precedence: snapshot > --oracle > task > config > merge base (a weaker bad ref is never read)", async () => {
    const repo = cheatedBranch({ ".verify/gates.yaml": "oracle: no-such-config-ref\n" });
    const badTask = taskFile("ORACLE: no-such-task-ref\n");
    // The oracle is chosen before any stage runs: the cheapest stage will do.
    const cli = await runInProcess(repo.dir, {
      only: ["scope"],
      oracle: "task-start",
      taskFile: badTask,
    });
    expect(cli.report?.error, debug(cli)).toBeUndefined();
    expect(cli.report).toMatchObject({ oracle: { origin: "cli" } });

    git(repo.dir, "stash", "-q");
    const snapshot = await snapshotTree(repo.dir, process.env);
    git(repo.dir, "stash", "pop", "-q");
    // A snapshot oracle runs the tests as they stood (oracle-run.integration.test.ts): here,
    // that it wins and no weaker ref is read, so the cheapest stage will do.
    const bySnapshot = await runInProcess(repo.dir, {
      only: ["scope"],
      oracleSnapshot: snapshot.id,
      oracle: "no-such-cli-ref",
      taskFile: badTask,
    });
    expect(bySnapshot.report?.error, debug(bySnapshot)).toBeUndefined();
    expect(bySnapshot.report).toMatchObject({
      oracle: { origin: "snapshot", id: snapshot.id, ref: null, commit: null },
    });
    expect(oracleOf(bySnapshot)?.taken_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it.each<[string, string[], { task?: string; config?: string }, string]>([
    ["--oracle", ["--oracle", "no-such-ref"], {}, "(from --oracle)"],
    ["the task's ORACLE:", [], { task: "ORACLE: no-such-ref\n" }, "(from the task file's ORACLE:"],
    [
      "the base config's oracle:",
      [],
      { config: "oracle: no-such-ref\n" },
      "(from oracle: in the base's .verify/gates.yaml)",
    ],
  ])(
    "a bad ref from %s is one setup line naming where it came from (exit 2)",
    async (_label, args, where, named) => {
      const repo = cheatedBranch(where.config ? { ".verify/gates.yaml": where.config } : {});
      const task = where.task ? ["--task-file", taskFile(where.task)] : [];
      const result = await runCliInProcess(repo.dir, [...args, ...task, "--only", "tests"]);
      expect(result.code, debug(result)).toBe(2);
      const message = result.report?.error?.message ?? "";
      expect(message).toContain("oracle ref 'no-such-ref'");
      expect(message).toContain(named);
      expect(message).not.toContain("\n");
      expect(result.stdout).toContain(`error: ${message}`);
      expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at /);
    },
  );
});

describe("the stamp depends on the oracle", () => {
  it("a green change verified against one oracle is verified again against another", async () => {
    // Verified green by default (the merge base), then asked again: a stamp hit; then against
    // task-start (--oracle): verified again, not the merge base's stamp.
    const { repo, result: first } = await defaultRun();
    expect(first.code, debug(first)).toBe(0);
    const again = await runInProcess(repo.dir, {});
    expect(again.report?.already_verified).toBe(true);
    expect(oracleOf(again)?.origin).toBe("merge-base");
    const other = await runInProcess(repo.dir, { oracle: "task-start" });
    expect(other.report?.already_verified, debug(other)).toBe(false);
    expect(oracleOf(other)?.origin).toBe("cli");
  });
});
