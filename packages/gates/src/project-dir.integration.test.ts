import { realpathSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { debug, makeRepo, runCli } from "../test/fixture.js";

// Issue 48 §6: `VERIFY_PROJECT_DIR=<another checkout> verify-gates` judges the other checkout. Its
// verdict (a stamp hit here) is that folder's: the first line and the report say which folder.
const NO_TOOLS = "commands:\n  typecheck: false\n  lint: false\n  format: false\n  test: false\n";

describe("issue 48 §6: a run of another folder names the folder it verified", () => {
  it("the first line and the report name the other checkout; a run here names nothing extra", () => {
    const other = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
    const green = runCli(other.dir, []);
    expect(green.code, debug(green)).toBe(0);
    const here = makeRepo({ ".verify/gates.yaml": NO_TOOLS });
    here.write("src/math.ts", `${here.read("src/math.ts")}\nexport const broken: number = "x";\n`);

    const elsewhere = runCli(here.dir, [], { VERIFY_PROJECT_DIR: other.dir });
    expect(elsewhere.code, debug(elsewhere)).toBe(0);
    const [first, second] = elsewhere.stdout.split("\n");
    expect(first).toBe(
      `verify-gates: verified ${realpathSync(other.dir)}, not the repository this was run in (${realpathSync(here.dir)})`,
    );
    expect(second).toContain("already verified");
    const json = runCli(here.dir, ["--json"], { VERIFY_PROJECT_DIR: other.dir });
    expect(JSON.parse(json.stdout)).toMatchObject({
      already_verified: true,
      project_dir: realpathSync(other.dir),
    });

    const own = runCli(other.dir, [], { VERIFY_PROJECT_DIR: other.dir });
    expect(own.stdout.split("\n")[0]).toBe(
      "verify-gates: PASS (already verified: nothing changed since the last green run)",
    );
  });
});
