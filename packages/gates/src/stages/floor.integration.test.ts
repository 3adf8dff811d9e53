import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../../test/cli-in-process.js";
import { debug, locations, makeRepo, runCli, runInProcess } from "../../test/fixture.js";

// Markers are assembled from pieces so that this file itself carries none of them.
const at = "@ts-";
const dis = "eslint-" + "disable";
const cases: Array<[string, string, string]> = [
  ["ts ignore", "src/a.ts", `// ${at}ignore`],
  ["ts nocheck", "src/a.ts", `// ${at}nocheck`],
  ["ts expect-error", "src/a.ts", `// ${at}expect-error`],
  ["eslint disable", "src/a.ts", `/* ${dis} no-console */`],
  ["eslint disable next line", "src/a.ts", `// ${dis}-next-line no-console`],
  ["biome ignore", "src/a.ts", "// biome-" + "ignore lint: reason"],
  ["prettier ignore", "src/a.ts", "// prettier-" + "ignore"],
  ["istanbul", "src/a.ts", "/* istanbul " + "ignore next */"],
  ["c8", "src/a.ts", "/* c8 " + "ignore next */"],
  ["v8", "src/a.ts", "/* v8 " + "ignore next */"],
  ["noqa", "tool/a.py", "x = 1  # no" + "qa: E501"],
  ["type ignore", "tool/a.py", "x: int = 'a'  # type: " + "ignore"],
  ["pragma no cover", "tool/a.py", "if x:  # pragma: no " + "cover"],
  ["rust allow", "src/lib.rs", "#[al" + "low(dead_code)]"],
  ["nolint", "cmd/main.go", "x := 1 //no" + "lint"],
  ["secretlint disable", "src/a.ts", "// secretlint-" + "disable"],
  ["skip", "src/b.test.ts", "it.sk" + 'ip("x", () => {});'],
  ["only", "src/b.test.ts", "describe.on" + 'ly("x", () => {});'],
  ["todo", "src/b.test.ts", "it.to" + 'do("later");'],
  ["xit", "src/b.test.ts", "x" + 'it("x", () => {});'],
  ["xdescribe", "src/b.test.ts", "x" + 'describe("x", () => {});'],
  ["fit", "src/b.test.ts", "f" + 'it("x", () => {});'],
  ["fdescribe", "src/b.test.ts", "f" + 'describe("x", () => {});'],
  ["playwright fixme", "src/b.spec.ts", "test.fix" + 'me("x", async () => {});'],
  ["pytest skip", "tests/test_a.py", "@pytest.mark." + "skip(reason='x')"],
  ["rust ignore", "src/lib.rs", "#[ig" + "nore]"],
  ["go skip", "pkg/a_test.go", "\tt.Sk" + 'ip("later")'],
];

/** Cases per run: every finding of a run fits in the summary the run prints. */
const PER_RUN = 7;
const runs = new Map<number, ReturnType<typeof runInProcess>>();

/**
 * The run of a case's group: each case of the group written in its own folder (`c<i>/`, its path
 * below it) of one change, the floor run once for them all.
 */
function runOf(i: number): ReturnType<typeof runInProcess> {
  const group = Math.floor(i / PER_RUN);
  let run = runs.get(group);
  if (run === undefined) {
    const repo = makeRepo();
    cases.forEach(([, path, marker], j) => {
      if (Math.floor(j / PER_RUN) === group)
        repo.write(
          `c${j}/${path}`,
          ["const first = 1;", "", marker, "const last = 2;", ""].join("\n"),
        );
    });
    run = runInProcess(repo.dir, { only: ["floor"] });
    runs.set(group, run);
  }
  return run;
}

describe("floor: new suppressions and skipped or focused tests", () => {
  // The bin's `--only floor` is run by the tests below; the marker table goes through its API,
  // several markers (each in its own folder) in one change.
  it.each(cases.map((c, i) => [...c, i] as const))(
    "%s → exit 1 at the marker's file:line",
    async (_name, path, _marker, i) => {
      const result = await runOf(i);
      expect(result.code, debug(result)).toBe(1);
      const own = locations(result).filter((l) => l.startsWith(`c${i}/`));
      expect(own).toEqual([`c${i}/${path}:3`]);
      expect(result.stdout).toContain(`c${i}/${path}:3`);
    },
  );

  it("the runs of the marker table: one finding per marker, nothing else", async () => {
    for (let group = 0; group * PER_RUN < cases.length; group += 1) {
      const result = await runOf(group * PER_RUN);
      const expected = cases
        .map(([, path], i) => [`c${i}/${path}:3`, i] as const)
        .filter(([, i]) => Math.floor(i / PER_RUN) === group)
        .map(([where]) => where);
      expect(locations(result).sort()).toEqual(expected.sort());
    }
  });

  it("a marker already at the base does not count, a new one in a tracked file does (line of the added line)", () => {
    const old = `// ${at}ignore`;
    const repo = makeRepo({ "src/legacy.ts": [old, "export const a = 1;", ""].join("\n") });
    repo.write(
      "src/legacy.ts",
      [old, "export const a = 1;", "export const b = 2;", `// ${dis}-line`, ""].join("\n"),
    );
    repo.commit("wip");
    const result = runCli(repo.dir, ["--only", "floor"]);
    expect(result.code, debug(result)).toBe(1);
    expect(locations(result)).toEqual(["src/legacy.ts:4"]);
  });

  it("a clean change passes the floor and writes a stamp", async () => {
    // In process: the bin's --only floor is the case above.
    const repo = makeRepo();
    repo.write("src/math.ts", repo.read("src/math.ts") + "\nexport const two = 2;\n");
    const result = await runCliInProcess(repo.dir, ["--only", "floor"]);
    expect(result.code, debug(result)).toBe(0);
    expect(result.report?.status).toBe("pass");
  });
});

describe("floor: tests removed", () => {
  it("a deleted test file → exit 1 naming it", async () => {
    const repo = makeRepo();
    repo.remove("src/math.test.ts");
    const result = await runCliInProcess(repo.dir, ["--only", "floor"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings[0]).toMatchObject({
      file: "src/math.test.ts",
      rule: "deleted-test",
    });
  });

  it("fewer test definitions in a kept test file → exit 1 at the removed test, naming it", async () => {
    const repo = makeRepo();
    const text = repo.read("src/math.test.ts").replace(/\nit\("adds negatives"[\s\S]*$/, "\n");
    repo.write("src/math.test.ts", text);
    const result = await runCliInProcess(repo.dir, ["--only", "floor"]);
    expect(result.code, debug(result)).toBe(1);
    const f = result.report?.findings[0];
    expect(f).toMatchObject({ file: "src/math.test.ts", line: 7, rule: "removed-tests" });
    expect(f?.message).toContain("2 at the start, 1 now");
    expect(f?.message).toContain("'adds negatives'");
  });

  it("a renamed test with all its tests is fine", async () => {
    const repo = makeRepo();
    repo.write("src/sum.test.ts", repo.read("src/math.test.ts"));
    repo.remove("src/math.test.ts");
    const result = await runCliInProcess(repo.dir, ["--only", "floor"]);
    expect(result.code, debug(result)).toBe(0);
  });
});

describe("floor: loosened configuration", () => {
  it("a lint rule turned off → exit 1 at the rule's line", async () => {
    const repo = makeRepo();
    repo.write(
      "eslint.config.js",
      repo.read("eslint.config.js").replace('"no-console": "error"', '"no-console": "off"'),
    );
    const result = await runCliInProcess(repo.dir, ["--only", "floor"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings[0]).toMatchObject({
      file: "eslint.config.js",
      line: 3,
      rule: "loosened-config",
    });
    expect(result.report?.findings[0]?.message).toContain("'no-console' turned off");
  });

  it("tsconfig strict turned off → exit 1 at the flag", async () => {
    const repo = makeRepo();
    repo.write(
      "tsconfig.json",
      repo.read("tsconfig.json").replace('"strict": true', '"strict": false'),
    );
    const result = await runCliInProcess(repo.dir, ["--only", "floor"]);
    expect(result.code, debug(result)).toBe(1);
    expect(locations(result)).toContain("tsconfig.json:6");
    expect(result.report?.findings.map((f) => f.message)).toContain(
      "compiler flag 'strict' turned off",
    );
  });

  it("a coverage threshold lowered → exit 1", async () => {
    const repo = makeRepo();
    repo.write("vitest.config.ts", repo.read("vitest.config.ts").replace("lines: 50", "lines: 10"));
    const result = await runCliInProcess(repo.dir, ["--only", "floor"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings[0]).toMatchObject({ file: "vitest.config.ts", line: 4 });
    expect(result.report?.findings[0]?.message).toContain("'lines' lowered from 50 to 10");
  });

  it("the ESLint suppressions file grown → exit 1", async () => {
    const repo = makeRepo({
      "eslint-suppressions.json": '{ "src/a.ts": { "no-console": { "count": 1 } } }\n',
    });
    repo.write("eslint-suppressions.json", '{ "src/a.ts": { "no-console": { "count": 3 } } }\n');
    const result = await runCliInProcess(repo.dir, ["--only", "floor"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings[0]?.message).toContain("grew from 1 to 3");
  });

  it("a gates threshold raised in the change → exit 1 at the key, and the base's threshold still judges", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": "crap_threshold: 20\n" });
    repo.write(".verify/gates.yaml", "# looser\ncrap_threshold: 50\n");
    const result = await runCliInProcess(repo.dir, ["--only", "floor"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings[0]).toMatchObject({
      file: ".verify/gates.yaml",
      line: 2,
      rule: "loosened-config",
    });
    expect(result.report?.findings[0]?.message).toBe("crap_threshold raised from 20 to 50");
  });

  it("a stricter config is fine", async () => {
    const repo = makeRepo({ ".verify/gates.yaml": "crap_threshold: 20\n" });
    repo.write(".verify/gates.yaml", "crap_threshold: 10\n");
    repo.write(
      "eslint.config.js",
      repo
        .read("eslint.config.js")
        .replace('"no-console": "error"', '"no-console": "error", eqeqeq: "error"'),
    );
    const result = await runCliInProcess(repo.dir, ["--only", "floor"]);
    expect(result.code, debug(result)).toBe(0);
  });
});
