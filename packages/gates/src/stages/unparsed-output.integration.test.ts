import { describe, expect, it } from "vitest";
import { debug, makeRepo, runCli } from "../../test/fixture.js";

describe("a test command whose output gates does not parse (pytest, go test, make)", () => {
  it("fails with the last 50 lines of its output in the finding, the report and the summary", () => {
    const script =
      'i=1; while [ $i -le 80 ]; do echo "line $i"; i=$((i+1)); done; echo "FAILED test_cart.py::test_total" >&2; exit 1\n';
    const repo = makeRepo({
      "check.sh": script,
      ".verify/gates.yaml": "commands:\n  test: sh check.sh\n",
    });
    repo.write("src/math.ts", repo.read("src/math.ts") + "export const two = 2;\n");
    const result = runCli(repo.dir, ["--only", "tests"]);
    expect(result.code, debug(result)).toBe(1);
    const message = result.report?.findings[0]?.message ?? "";
    expect(message.split("\n")[0]).toBe("'sh check.sh' exited 1; the last lines of its output:");
    const kept = message.split("\n").slice(1);
    expect(kept).toHaveLength(50);
    expect(kept[0]).toBe("line 32");
    expect(kept.at(-1)).toBe("FAILED test_cart.py::test_total");
    expect(result.summary).toContain("    | FAILED test_cart.py::test_total");
    expect(result.summary).toContain("    | … 40 lines more in .verify/gates.json");
  });
});
