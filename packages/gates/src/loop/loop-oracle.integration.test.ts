import { describe, expect, it } from "vitest";
import { claudeCode, stop } from "../../test/claude-code.js";
import { debug, git, makeRepo, runCli } from "../../test/fixture.js";
import { loopOf } from "../../test/loop-state.js";

// The oracle of a loop is the tree as it stood at `loop start` (issue 34 §1): a test committed
// on the branch before the agent's turn is part of it, and the agent's later edit of that test
// never decides. Real vitest, the hook commands as `loop install` wrote them.
const A = "5e4d3c2b-1a09-4f8e-9d7c-6b5a49382716";
const TESTS_ONLY = "commands:\n  typecheck: false\n  lint: false\n  format: false\n";
const RED_TEST = [
  'import { expect, it } from "vitest";',
  'import { add } from "./math.js";',
  "",
  'it("adds three", () => {',
  "  expect(add(1, 2, 3)).toBe(6);",
  "});",
  "",
].join("\n");

const NO_THRESHOLD = [
  'import { defineConfig } from "vitest/config";',
  "",
  'export default defineConfig({ test: { include: ["src/**/*.test.ts"] } });',
  "",
].join("\n");
const TASK = "TASK_ID: t-3\n\n# Add three numbers\n\n## TESTS\n\n- src/three.test.ts\n";

/** A feature branch whose committed test honestly fails (add takes two numbers), the loop armed on it. */
function armedOnRedBranch(args = "", extra: Record<string, string> = {}) {
  const repo = makeRepo({ ".verify/gates.yaml": TESTS_ONLY, "TASK.md": TASK, ...extra });
  repo.write("src/three.test.ts", RED_TEST);
  repo.commit("a test for three numbers");
  expect(runCli(repo.dir, ["loop", "install"]).code).toBe(0);
  const claude = claudeCode(repo.dir);
  const armed = claude.verifyLoop(A, args);
  expect(armed.code, debug(armed)).toBe(0);
  return { repo, claude };
}

describe("the loop's oracle is the tree at loop start", () => {
  it("the agent weakens a test committed before its turn: the oracle's version still runs, the stop is blocked; the honest fix (the source, the test untouched) is green and ends the loop passed", async () => {
    const { repo, claude } = armedOnRedBranch();
    const oracle = (await loopOf(repo.dir, A))?.oracle_snapshot;
    expect(oracle).toMatch(/^\w+$/);
    const committed = repo.read("src/three.test.ts");
    repo.write("src/three.test.ts", committed.replace("toBe(6)", "toBe(3)"));
    const blocked = claude.event(stop(A, repo.dir));
    expect(blocked.code, debug(blocked)).toBe(0);
    const answer = JSON.parse(blocked.stdout) as { decision: string; reason: string };
    expect(answer.decision).toBe("block");
    expect(answer.reason).toContain("src/three.test.ts");

    // The same loop: the weakening undone, the source fixed.
    repo.write("src/three.test.ts", committed);
    repo.write(
      "src/math.ts",
      "export function add(...xs: number[]): number {\n  return xs.reduce((a, b) => a + b, 0);\n}\n",
    );
    const allowed = claude.event(stop(A, repo.dir));
    expect(allowed.code, debug(allowed)).toBe(0);
    expect(allowed.stdout).toBe("");
    expect(allowed.stderr).toContain("gates passed");
    expect(await loopOf(repo.dir, A)).toMatchObject({ state: "passed" });
  });

  it("the agent declares its weakening in the task file after loop start: the task as it stood then decides", async () => {
    const { repo, claude } = armedOnRedBranch("--task-file TASK.md");
    expect((await loopOf(repo.dir, A))?.task_snapshot).toMatch(/^[0-9a-f]{64}$/);
    repo.write("src/three.test.ts", repo.read("src/three.test.ts").replace("toBe(6)", "toBe(3)"));
    repo.write(
      "TASK.md",
      TASK.replace(
        "- src/three.test.ts\n",
        "- file: src/three.test.ts\n  action: modify\n  reason: add takes two numbers\n",
      ),
    );
    const blocked = claude.event(stop(A, repo.dir));
    expect(blocked.code, debug(blocked)).toBe(0);
    const answer = JSON.parse(blocked.stdout || "{}") as { decision?: string; reason?: string };
    expect(answer.decision, debug(blocked)).toBe("block");
    expect(answer.reason).toContain("src/three.test.ts");
    // Deleting the task file does not lift it either.
    repo.remove("TASK.md");
    const again = claude.event(stop(A, repo.dir));
    expect((JSON.parse(again.stdout || "{}") as { decision?: string }).decision).toBe("block");
  });

  // The change is what lies between the merge base and the tree: a stop whose change is only a
  // docs file skips the tests. Moving the base onto the agent's own commit would leave just that.
  const docsOnlyOnMovedBase = (move: (repo: ReturnType<typeof makeRepo>) => void) => async () => {
    // No coverage threshold: a stop's related run would otherwise widen to the whole suite.
    const { repo, claude } = armedOnRedBranch("", { "vitest.config.ts": NO_THRESHOLD });
    move(repo);
    repo.write("README.md", "# Adds numbers\n");
    const blocked = claude.event(stop(A, repo.dir));
    expect(blocked.code, debug(blocked)).toBe(0);
    const answer = JSON.parse(blocked.stdout || "{}") as { decision?: string; reason?: string };
    expect(answer.decision, debug(blocked)).toBe("block");
    expect(answer.reason).toContain("adds three");
  };

  it(
    "the agent sets base: HEAD in .verify/gates.yaml and commits: the base stays where the loop started",
    docsOnlyOnMovedBase((repo) => {
      repo.write(".verify/gates.yaml", `${TESTS_ONLY}base: HEAD\n`);
      repo.commit("wip");
    }),
  );

  it(
    "the agent moves the base branch onto its own commit (git branch -f main HEAD): the base stays",
    docsOnlyOnMovedBase((repo) => {
      repo.commit("wip");
      git(repo.dir, "branch", "-f", "main", "HEAD");
    }),
  );

  it("loop start refuses a task file it cannot read: the task a loop judges by is fixed when it starts", () => {
    const repo = makeRepo({ ".verify/gates.yaml": TESTS_ONLY });
    const missing = runCli(repo.dir, [
      "loop",
      "start",
      "--session",
      "s-9",
      "--task-file",
      "NOPE.md",
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^verify-gates: task file .*NOPE\.md: not found\n/);
  });
});
