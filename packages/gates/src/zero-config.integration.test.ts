import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../test/cli-in-process.js";
import { debug, git, runCli, type CliResult } from "../test/fixture.js";
import { makeToolRepo } from "../test/tool-fixture.js";

// Issue 36 §3: zero config on a first app (`git init`, `npm init -y`, a page, agent-verify
// installed, which brings typescript along). Base `master` or no commit at all, npm's
// placeholder test script, no tsconfig.json, no linter or formatter: exit 0, and the stages
// that had nothing to run are named in one line. The first case runs the bin (the process seam:
// exit code, stdout); the others run its argv → command path in process (cli-in-process.ts).

/** `npm init -y`'s package.json, as npm writes it. */
const NPM_INIT = `${JSON.stringify(
  {
    name: "my-app",
    version: "1.0.0",
    main: "index.js",
    scripts: { test: 'echo "Error: no test specified" && exit 1' },
    keywords: [],
    author: "",
    license: "ISC",
    description: "",
  },
  null,
  2,
)}\n`;
const PAGE = "<!doctype html>\n<title>My app</title>\n<h1>Counter</h1>\n";
/** Only tsc is installed (typescript came with agent-verify): no linter, formatter or runner. */
const ONLY_TSC = {
  missing: ["tsgo", "eslint", "oxlint", "oxfmt", "biome", "prettier", "vitest", "jest"],
};

/** A first app's folder with a fresh `git init` on `master` and nothing committed. */
function firstApp(files: Record<string, string> = {}) {
  const repo = makeToolRepo({ "package.json": NPM_INIT, "index.html": PAGE, ...files }, ONLY_TSC);
  rmSync(join(repo.dir, ".git"), { recursive: true, force: true });
  git(repo.dir, "init", "-q", "-b", "master");
  git(repo.dir, "config", "user.email", "t@example.com");
  git(repo.dir, "config", "user.name", "t");
  return repo;
}

/** What a run's report says of its stamp and of a change nothing checked. */
const verified = (result: CliResult) =>
  result.report as
    | { stamp: { written: boolean } | null; unchecked?: { files: string[]; stages: unknown[] } }
    | undefined;

const skipped = (result: CliResult) =>
  Object.fromEntries(
    (result.report?.stages ?? [])
      .filter((s) => s.status === "skip")
      .map((s) => [s.stage, s.reason]),
  );

describe("zero config on a first app", () => {
  it("no commit yet: the empty tree is the base, every file the change, exit 0", () => {
    // init's .verify/tsconfig.json, new like every file: skipLibCheck in it loosens nothing.
    const repo = firstApp({
      ".verify/tsconfig.json": '{ "compilerOptions": { "strict": true, "skipLibCheck": true } }\n',
    });
    const result = runCli(repo.dir, []);
    expect(result.code, debug(result)).toBe(0);
    expect(skipped(result)).toMatchObject({
      typecheck: "no tsconfig.json",
      lint: "no lint tool in package.json",
      format: "no format tool in package.json",
      tests: "no tests (package.json's test script is npm's placeholder)",
    });
    expect(result.stdout).toMatch(
      /^skipped: .*typecheck \(no tsconfig\.json\), lint \(no lint tool in package\.json\)/m,
    );
  });

  it("committed on master, its only branch: master is the base, the uncommitted work the change", async () => {
    const repo = firstApp();
    repo.commit("first app");
    repo.write("index.html", PAGE.replace("Counter", "My counter"));
    const result = await runCliInProcess(repo.dir, ["--json"]);
    expect(result.code, debug(result)).toBe(0);
    const report = JSON.parse(result.stdout) as { base: { ref: string } };
    expect(report.base.ref).toBe("master");
  });

  it("init.defaultBranch names the base when the work is on another branch", async () => {
    const repo = firstApp();
    git(repo.dir, "branch", "-m", "master", "trunk");
    git(repo.dir, "config", "init.defaultBranch", "trunk");
    repo.commit("first app");
    git(repo.dir, "checkout", "-q", "-b", "work");
    git(repo.dir, "branch", "other");
    repo.write("index.html", PAGE.replace("Counter", "My counter"));
    const result = await runCliInProcess(repo.dir, ["--json"]);
    expect(result.code, debug(result)).toBe(0);
    expect((JSON.parse(result.stdout) as { base: { ref: string } }).base.ref).toBe("trunk");
  });

  it("a tsconfig.json brings the typecheck back, and its type errors count", async () => {
    // The tsconfigs here skip the library check and the DOM library: each tsc run (the change's,
    // then the base's for a red one) costs half as much, and type errors in src count the same.
    const repo = firstApp({
      "tsconfig.json":
        '{ "compilerOptions": { "strict": true, "noEmit": true, "types": [], "skipLibCheck": true, "lib": ["ES2022"] } }\n',
      "src/app.ts": "export const n: number = 1;\n",
    });
    repo.commit("first app");
    repo.write("src/app.ts", 'export const n: number = "one";\n');
    const result = await runCliInProcess(repo.dir, ["--only", "typecheck"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings.map((f) => `${f.file}:${f.line} ${f.rule}`)).toEqual([
      "src/app.ts:1 TS2322",
    ]);
  });
});

describe("zero config typechecks every tsconfig project that holds a changed file", () => {
  // Issue 46 §2: `init` writes .verify/tsconfig.json for the flows; a flow that calls a page-object
  // method that does not exist must not pass because the root has no tsconfig.json.
  const VERIFY_TSCONFIG = `${JSON.stringify({
    compilerOptions: {
      target: "ES2022",
      module: "NodeNext",
      moduleResolution: "NodeNext",
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    },
    include: ["src/**/*.ts"],
  })}\n`;
  const PAGE_OBJECT = [
    "export class CounterPage {",
    "  open(): Promise<void> {",
    "    return Promise.resolve();",
    "  }",
    "}",
    "",
  ].join("\n");
  const flow = (call: string) =>
    [
      'import { CounterPage } from "../pages/counter-page.js";',
      "",
      "export async function run(): Promise<void> {",
      "  const counter = new CounterPage();",
      `  await counter.${call}();`,
      "}",
      "",
    ].join("\n");

  it("a flow that calls a page-object method that does not exist is red (tsc -p .verify)", async () => {
    const repo = firstApp({
      ".verify/tsconfig.json": VERIFY_TSCONFIG,
      ".verify/src/pages/counter-page.ts": PAGE_OBJECT,
      ".verify/src/flows/add-one.ts": flow("open"),
    });
    repo.commit("first app");
    repo.write(".verify/src/flows/add-one.ts", flow("clickAddOne"));
    const result = await runCliInProcess(repo.dir, ["--only", "typecheck"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings.map((f) => `${f.file}:${f.line} ${f.rule}`)).toEqual([
      ".verify/src/flows/add-one.ts:5 TS2339",
    ]);
    repo.write(".verify/src/flows/add-one.ts", `${flow("open")}// the page object's own method\n`);
    const fixed = await runCliInProcess(repo.dir, ["--only", "typecheck"]);
    expect(fixed.code, debug(fixed)).toBe(0);
    expect(fixed.report?.stages.find((s) => s.stage === "typecheck")?.status).toBe("pass");
  });

  it("beside the repository's own typecheck script, the flows' project is checked too", async () => {
    const repo = firstApp({
      "package.json": NPM_INIT.replace(
        '"test": ',
        '"typecheck": "tsc --noEmit -p tsconfig.json",\n    "test": ',
      ),
      "tsconfig.json":
        '{ "compilerOptions": { "strict": true, "noEmit": true, "types": [], "skipLibCheck": true, "lib": ["ES2022"] }, "include": ["src"] }\n',
      "src/app.ts": "export const n: number = 1;\n",
      ".verify/tsconfig.json": VERIFY_TSCONFIG,
      ".verify/src/pages/counter-page.ts": PAGE_OBJECT,
      ".verify/src/flows/add-one.ts": flow("open"),
    });
    repo.commit("first app");
    repo.write(".verify/src/flows/add-one.ts", flow("clickAddOne"));
    const result = await runCliInProcess(repo.dir, ["--only", "typecheck"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings.map((f) => `${f.file}:${f.line} ${f.rule}`)).toEqual([
      ".verify/src/flows/add-one.ts:5 TS2339",
    ]);
  });

  it("a package's own tsconfig.json below a root that has none", async () => {
    const repo = firstApp({
      "packages/app/tsconfig.json":
        '{ "compilerOptions": { "strict": true, "noEmit": true, "types": [], "skipLibCheck": true, "lib": ["ES2022"] } }\n',
      "packages/app/src/app.ts": "export const n: number = 1;\n",
    });
    repo.commit("first app");
    repo.write("packages/app/src/app.ts", 'export const n: number = "one";\n');
    const result = await runCliInProcess(repo.dir, ["--only", "typecheck"]);
    expect(result.code, debug(result)).toBe(1);
    expect(result.report?.findings.map((f) => `${f.file}:${f.line} ${f.rule}`)).toEqual([
      "packages/app/src/app.ts:1 TS2322",
    ]);
  });
});

describe("a change nothing could check is never verified", () => {
  // Issue 46 §2: the README's first app said PASS with typecheck, lint, format and tests all
  // skipped, and wrote a green stamp. Nothing failed (exit 0), but nothing verified it either.
  it("exit 0 with no stamp, the report's unchecked names the files, the summary says so", async () => {
    const repo = firstApp();
    repo.commit("first app");
    repo.write("index.html", PAGE.replace("Counter", "My counter"));
    const result = await runCliInProcess(repo.dir, []);
    expect(result.code, debug(result)).toBe(0);
    expect(result.report?.status).toBe("pass");
    expect(verified(result)?.stamp?.written).toBe(false);
    const unchecked = verified(result)?.unchecked;
    expect(unchecked?.files).toEqual(["index.html"]);
    expect(unchecked?.stages).toEqual([
      { stage: "typecheck", reason: "no TypeScript, JavaScript or JSON file changed" },
      { stage: "lint", reason: "no lint tool in package.json" },
      { stage: "format", reason: "no format tool in package.json" },
      { stage: "tests", reason: "no tests (package.json's test script is npm's placeholder)" },
    ]);
    expect(result.stdout).toMatch(/^verify-gates: NOT VERIFIED: nothing checked the change/);
    expect(result.stdout).toMatch(/^nothing checked: index\.html$/m);
    expect(result.stdout).toMatch(/^hint: add a tsconfig\.json/m);
    expect(result.stdout).toContain("no stamp written (nothing checked the change)");
    // Run again: no stamp stands for it, so it is never "already verified".
    const again = await runCliInProcess(repo.dir, []);
    expect(again.report?.already_verified, debug(again)).toBe(false);
  });

  it("a documentation change that nothing reads is verified as before", async () => {
    const repo = firstApp({ "README.md": "# My app\n" });
    repo.commit("first app");
    repo.write("README.md", "# My app\n\nA counter.\n");
    const result = await runCliInProcess(repo.dir, []);
    expect(result.code, debug(result)).toBe(0);
    expect(verified(result)?.stamp?.written).toBe(true);
    expect(result.report).not.toHaveProperty("unchecked");
  });
});

describe("a repository that is not a Node project", () => {
  // No package.json at the base nor in the tree (a docs or Python repository): the tool stages
  // have nothing to run and say so; floor and secrets still judge the change.
  const notNode = () => {
    const repo = makeToolRepo({ "README.md": "# notes\n", "app.py": "print(1)\n" }, ONLY_TSC);
    rmSync(join(repo.dir, "node_modules"), { recursive: true, force: true });
    return repo;
  };

  it("a docs change: exit 0, each tool stage skipped for want of a package.json", async () => {
    const repo = notNode();
    repo.write("README.md", "# notes\n\nMore of them.\n");
    const result = await runCliInProcess(repo.dir, []);
    expect(result.code, debug(result)).toBe(0);
    const reasons = skipped(result);
    for (const stage of ["typecheck", "lint", "format", "tests"])
      expect(reasons[stage], stage).toBeDefined();
    expect(reasons.lint).toBe(
      "no package.json (no lint tool known: set commands.lint in .verify/gates.yaml to run one)",
    );
    expect(result.report?.stages.find((s) => s.stage === "secrets")?.status).toBe("pass");
  });

  it("a code change: exit 0 with no test run, and a secret in it is still red", async () => {
    const repo = notNode();
    repo.write("app.py", "print(2)\n");
    const green = await runCliInProcess(repo.dir, []);
    expect(green.code, debug(green)).toBe(0);
    expect(skipped(green).tests).toBe(
      "no package.json (no test tool known: set commands.test in .verify/gates.yaml to run one)",
    );
    repo.write("app.py", 'KEY = "AKIA' + "QWERTYUIOPASDFGH" + '"\n');
    const red = await runCliInProcess(repo.dir, []);
    expect(red.code, debug(red)).toBe(1);
  });

  it("a package.json the change deleted is still a setup error (the base's tools are not dropped)", async () => {
    const repo = makeToolRepo({ "package.json": NPM_INIT, "index.html": PAGE }, ONLY_TSC);
    repo.remove("package.json");
    const result = await runCliInProcess(repo.dir, ["--only", "lint"]);
    expect(result.code, debug(result)).toBe(2);
    expect(result.stdout).toContain("stack unknown");
  });
});

describe("a stage's script that needs a shell", () => {
  const SHELL_TEST = {
    "package.json": NPM_INIT.replace(
      'echo \\"Error: no test specified\\" && exit 1',
      "cd test && node run.mjs",
    ),
    "src/ok.mjs": "export const ok = () => true;\n",
    "test/run.mjs": [
      'import { ok } from "../src/ok.mjs";',
      "if (!ok()) {",
      '  console.error("ok() is not ok");',
      "  process.exit(1);",
      "}",
      "",
    ].join("\n"),
  };

  it("runs whole, as `npm run` runs it, judged by its exit code", async () => {
    const repo = firstApp(SHELL_TEST);
    repo.commit("first app");
    repo.write("src/ok.mjs", "export const ok = () => 1 > 0;\n");
    const pass = await runCliInProcess(repo.dir, ["--only", "tests"]);
    expect(pass.code, debug(pass)).toBe(0);
    expect(pass.report?.stages.find((s) => s.stage === "tests")?.status).toBe("pass");
    repo.write("src/ok.mjs", "export const ok = () => 1 < 0;\n");
    const fail = await runCliInProcess(repo.dir, ["--only", "tests"]);
    expect(fail.code, debug(fail)).toBe(1);
    expect(fail.report?.findings[0]?.message).toContain("ok() is not ok");
  });
});
