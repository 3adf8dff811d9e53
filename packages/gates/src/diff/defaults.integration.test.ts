import { describe, expect, it } from "vitest";
import { debug, git, makeRepo, runInProcess } from "../../test/fixture.js";

// Seed 004: the mode follows the work (committed or not), the base follows the repository.
const NO_TOOLS = "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n";

type Report = {
  mode: string;
  base: { ref: string };
  stages: Array<{ stage: string; status: string }>;
};
const gates = async (dir: string) => {
  const result = await runInProcess(dir, {});
  return { result, report: result.report as unknown as Report };
};

describe("gates defaults: mode and base", () => {
  it("post-commit when the work is committed and the tree clean, pre-commit once it is not", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const one = 1;\n");
    repo.commit("one");
    const committed = await gates(repo.dir);
    expect(committed.result.code, debug(committed.result)).toBe(0);
    expect(committed.report.mode).toBe("post-commit");
    expect(committed.report.stages.find((s) => s.stage === "git-clean")?.status).toBe("pass");
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const two = 2;\n");
    const dirty = await gates(repo.dir);
    expect(dirty.report.mode).toBe("pre-commit");
    expect(dirty.report.stages.some((s) => s.stage === "git-clean")).toBe(false);
  });

  it("the base is the branch's upstream, else origin/HEAD, not a hard-coded main", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
    git(repo.dir, "branch", "-m", "main", "trunk");
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const one = 1;\n");
    git(repo.dir, "branch", "--set-upstream-to=trunk");
    const upstream = await gates(repo.dir);
    expect(upstream.result.code, debug(upstream.result)).toBe(0);
    expect(upstream.report.base.ref).toBe("trunk");
    git(repo.dir, "branch", "--unset-upstream");
    git(repo.dir, "update-ref", "refs/remotes/origin/dev", "trunk");
    git(repo.dir, "symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/dev");
    const originHead = await gates(repo.dir);
    expect(originHead.result.code, debug(originHead.result)).toBe(0);
    expect(originHead.report.base.ref).toBe("origin/dev");
  });

  it("a base and a mode set in the config still win", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": `${NO_TOOLS}base: main\nmode: pre-commit\n` });
    git(repo.dir, "branch", "other", "main");
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const one = 1;\n");
    repo.commit("one");
    git(repo.dir, "branch", "--set-upstream-to=other");
    const { result, report } = await gates(repo.dir);
    expect(result.code, debug(result)).toBe(0);
    expect(report.base.ref).toBe("main");
    expect(report.mode).toBe("pre-commit");
  });
});
