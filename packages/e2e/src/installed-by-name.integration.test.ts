// The packages as an app team gets them: published to a real registry (Verdaccio, started
// once for the run by registry-setup.ts) and installed BY NAME with npm, pnpm and yarn in
// apps outside the workspace — no tarball paths, overrides or resolutions — then init, a
// flow, the manager over every flow and gates, all from the installed bins.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  FlowListSchema,
  GatesReportSchema,
  InitReportSchema,
  RunReportSchema,
  RunResultSchema,
} from "@agent-verify/contract";
import { afterAll, describe, expect, inject, it } from "vitest";
import { exec, jsonOf, type Exec, type ExecOptions } from "./exec.js";
import { PACKAGES, REPO_ROOT } from "./pack.js";
import { listFiles, problemsOf } from "./published-files.js";
import { packument } from "./publish.js";
import { freePort } from "./registry.js";
import { leftWithMarker } from "./processes.js";
import { todoAppFiles } from "./todo-app.js";
import { userEnv } from "./user-env.js";
import { ADD_TODOS_FLOW, TODO_PAGE } from "./todo-flows.js";

const published = inject("published");
const MARKER = `AGENT_VERIFY_E2E_REGISTRY_${process.pid}_${Date.now()}`;
const VERSION = (
  JSON.parse(readFileSync(new URL("../../agent-verify/package.json", import.meta.url), "utf8")) as {
    version: string;
  }
).version;
const temp: string[] = [];
const timings: Record<string, number> = {};

afterAll(() => {
  process.stderr.write(`[e2e registry] timings ms: ${JSON.stringify(timings)}\n`);
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temp.push(dir);
  return dir;
}

const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings[name] = Math.round(performance.now() - started);
    process.stderr.write(`[e2e registry] ${name}: ${timings[name]} ms\n`);
  }
};

const show = (run: Exec) =>
  `exit ${run.code}\n${run.stdout.slice(-3000)}\n--- stderr:\n${run.stderr.slice(-5000)}`;

/** Every installed copy of `name` under `dir`/node_modules (pnpm's store folder included). */
function installedCopies(dir: string, name: string): string[] {
  const found = execFileSync(
    "find",
    [join(dir, "node_modules"), "-path", `*/node_modules/${name}/package.json`],
    {
      encoding: "utf8",
    },
  );
  const real = new Set(
    found
      .split("\n")
      .filter(Boolean)
      .map((path) => realpathSync(path)),
  );
  return [...real]
    .map((path) => (JSON.parse(readFileSync(path, "utf8")) as { version: string }).version)
    .sort();
}

describe("published to a real registry", () => {
  it("ships what the manifests say and only that: bin, exports, types, ranges, no workspace:, no dev-only file", async () => {
    const unpacked = tempDir("agent-verify-published-");
    const sizes: string[] = [];
    for (const name of PACKAGES) {
      const doc = await packument(published.url, name);
      const manifest = doc.versions[doc["dist-tags"].latest as string];
      expect(manifest?.version, name).toBe(VERSION);
      if (!manifest) continue;
      // What the registry serves is the very file pnpm pack made.
      const local = readFileSync(published.tarballs[name] as string);
      const served = Buffer.from(await (await fetch(manifest.dist.tarball)).arrayBuffer());
      expect(served.equals(local), `${name}: the registry's tarball is the packed one`).toBe(true);
      const dir = join(unpacked, name.replace("/", "__"));
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "package.tgz"), served);
      execFileSync("tar", ["-xzf", "package.tgz"], { cwd: dir });
      const files = listFiles(join(dir, "package"));
      expect(problemsOf(manifest, files), name).toEqual([]);
      // Our own packages are pinned to the exact version published beside them.
      for (const [dep, range] of Object.entries(manifest.dependencies ?? {}))
        if (dep === "agent-verify" || dep.startsWith("@agent-verify/"))
          expect(range, `${name} → ${dep}`).toBe(VERSION);
      for (const [bin, path] of Object.entries(manifest.bin ?? {}))
        expect(readFileSync(join(dir, "package", path), "utf8"), `${name} bin ${bin}`).toMatch(
          /^#!\/usr\/bin\/env node\n/,
        );
      const unpackedBytes = files.reduce(
        (sum, file) => sum + statSync(join(dir, "package", file)).size,
        0,
      );
      sizes.push(
        `${name.padEnd(24)} ${String(local.length).padStart(8)} B packed ${String(unpackedBytes).padStart(9)} B unpacked ${String(files.length).padStart(4)} files`,
      );
    }
    process.stderr.write(`[e2e registry] published sizes:\n${sizes.join("\n")}\n`);

    const one = (await packument(published.url, "agent-verify")).versions[VERSION];
    expect(Object.keys(one?.bin ?? {}).sort()).toEqual([
      "agent-verify",
      "verify-gates",
      "verify-manager",
      "verify-runner",
    ]);
    expect(Object.keys(one?.dependencies ?? {}).sort()).toEqual([
      "@agent-verify/contract",
      "@agent-verify/gates",
      "@agent-verify/manager",
      "@agent-verify/runner",
    ]);
    const runner = (await packument(published.url, "@agent-verify/runner")).versions[VERSION];
    // One peer: playwright-core comes through @playwright/test, never as a second copy.
    expect(runner?.peerDependencies).toEqual({ "@playwright/test": "^1.64.0" });
    expect(one?.peerDependencies).toEqual({ "@playwright/test": "^1.64.0" });
    expect(runner?.dependencies).not.toHaveProperty("@playwright/test");
    expect(runner?.dependencies).not.toHaveProperty("playwright-core");
  });

  type Manager = "npm" | "pnpm" | "yarn";
  const yarnBin = join(
    dirname(new URL(import.meta.url).pathname),
    "..",
    "node_modules",
    ".bin",
    "yarn",
  );

  /** The install a README gives for each manager. */
  const installArgs: Record<Manager, string[]> = {
    npm: ["install", "--save-dev", "agent-verify"],
    // pnpm 10+ wants every build script decided; esbuild's (under tsx) only checks its binary.
    pnpm: ["add", "--save-dev", "--allow-build=esbuild", "agent-verify"],
    // Yarn classic installs no peer dependencies: the user adds Playwright with it.
    yarn: ["add", "--dev", "--non-interactive", "agent-verify", "@playwright/test"],
  };
  /** How the user runs an installed bin from a script or a terminal. */
  const binArgs: Record<Manager, (bin: string, ...args: string[]) => [string, string[]]> = {
    npm: (bin, ...args) => ["npx", ["--no-install", bin, ...args]],
    pnpm: (bin, ...args) => ["pnpm", ["exec", bin, ...args]],
    yarn: (bin, ...args) => [yarnBin, ["--silent", bin, ...args]],
  };
  const runnerCommand: Record<Manager, string> = {
    npm: "npx --no-install verify-runner {flow}",
    pnpm: "pnpm exec verify-runner {flow}",
    yarn: "node_modules/.bin/verify-runner {flow}",
  };

  /**
   * Yarn's cache, kept from run to run as a user's is (npm's and pnpm's are the user's own):
   * a fresh one made yarn fetch every package through the registry, ~150 s of a loaded run.
   * Its entries are named by content hash; ours are removed first, so that agent-verify and
   * @agent-verify/* always come from this run's registry.
   */
  function yarnCache(): string {
    const cache = join(REPO_ROOT, "node_modules", ".cache", "agent-verify-e2e-yarn");
    mkdirSync(cache, { recursive: true });
    for (const version of readdirSync(cache).filter((entry) => /^v\d+$/.test(entry)))
      for (const entry of readdirSync(join(cache, version)))
        if (/^npm-@?agent-verify-/.test(entry))
          rmSync(join(cache, version, entry), { recursive: true, force: true });
    return cache;
  }

  async function app(manager: Manager) {
    const dir = tempDir(`agent-verify-registry-${manager}-`);
    const env = userEnv(published, MARKER, yarnCache());
    for (const [path, text] of Object.entries({
      "package.json": `${JSON.stringify({ name: `todo-${manager}`, version: "1.0.0", private: true }, null, 2)}\n`,
      ".gitignore": "node_modules/\n",
      ...todoAppFiles(),
    })) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const git = ["-c", "user.name=e2e", "-c", "user.email=e2e@example.invalid"];
    await exec("git", ["init", "-q", "-b", "main"], { cwd: dir, env });
    const opts = (extra: Partial<ExecOptions> = {}): ExecOptions => ({ cwd: dir, env, ...extra });
    const bin = (name: string, ...args: string[]) => {
      const [file, argv] = binArgs[manager](name, ...args);
      return exec(file, argv, opts());
    };
    return { dir, env, git, opts, bin, port: await freePort() };
  }

  /**
   * init, a flow, the manager over every flow, the CI workflow, gates: from the installed bins.
   * `sharded`: the manager's run over every flow is the CI workflow's two shards, merged, which
   * the caller runs after this, and the flow run alone is the shard that holds it (the same
   * runs, so not made twice here).
   */
  async function useIt(manager: Manager, a: Awaited<ReturnType<typeof app>>, sharded = false) {
    const { dir, opts, bin, port } = a;
    const manifestFile = readFileSync(join(dir, "package.json"), "utf8");
    // By name from the registry: a range, no path, no override, no resolution.
    const pkg = JSON.parse(manifestFile) as Record<string, Record<string, string> | undefined>;
    expect(pkg.devDependencies?.["agent-verify"]).toBe(`^${VERSION}`);
    expect(pkg).not.toHaveProperty("overrides");
    expect(pkg).not.toHaveProperty("resolutions");
    expect(pkg).not.toHaveProperty("pnpm");
    expect(Object.values(pkg.devDependencies ?? {}).join(" ")).not.toMatch(/file:|\.tgz/);

    const init = await timed(`${manager} init`, () =>
      bin(
        "agent-verify",
        "init",
        "--static",
        ".",
        "--base-url",
        `http://127.0.0.1:${port}`,
        "--ci",
        "github",
      ),
    );
    expect(init.code, show(init)).toBe(0);
    const report = InitReportSchema.parse(jsonOf(init));
    expect(report.runner_command).toBe(runnerCommand[manager]);
    expect(report.created).toEqual(
      expect.arrayContaining([".verify/workflows.yaml", ".github/workflows/verify.yml"]),
    );
    // The CI workflow's browser step calls Playwright's bin the same way: it must be there.
    const playwright = await bin("playwright", "--version");
    expect(playwright.stdout, show(playwright)).toMatch(/^Version 1\.6\d\.\d+/);

    // init's example imports the API from the one package the app installed.
    expect(readFileSync(join(dir, ".verify", "src", "flows", "front-page.ts"), "utf8")).toMatch(
      /^import \{ defineFlow \} from "agent-verify";$/m,
    );
    // The user's page object and flow, importing from `agent-verify` as init's example does.
    const fromAgentVerify = (source: string) =>
      source.replaceAll('"@agent-verify/runner"', '"agent-verify"');
    writeFileSync(join(dir, ".verify", "src", "pages", "todo-page.ts"), fromAgentVerify(TODO_PAGE));
    writeFileSync(
      join(dir, ".verify", "src", "flows", "add-todos.ts"),
      fromAgentVerify(ADD_TODOS_FLOW),
    );
    const manifest = join(dir, ".verify", "workflows.yaml");
    writeFileSync(
      manifest,
      readFileSync(manifest, "utf8").replace(
        "flows:\n",
        "tickets:\n  flaky_reruns: 0\nflows:\n  - name: add-todos\n    description: Two added todos are listed and counted.\n    timeout_s: 120\n",
      ),
    );

    // The user's tsc typechecks the flows against the published types. TypeScript came
    // with gates; under pnpm it is not the app's own bin, so it is found the way Node would.
    const gatesManifest = createRequire(
      createRequire(join(dir, "package.json")).resolve("agent-verify/package.json"),
    ).resolve("@agent-verify/gates/package.json");
    const tscBin = createRequire(gatesManifest).resolve("typescript/bin/tsc");
    const [tsc, list, flow] = await Promise.all([
      exec(process.execPath, [tscBin, "-p", ".verify"], opts()),
      bin("verify-runner", "--list"),
      sharded
        ? null
        : timed(`${manager} flow`, () =>
            exec(join(dir, "node_modules", ".bin", "verify-runner"), ["add-todos"], opts()),
          ),
    ]);
    expect(
      FlowListSchema.parse(jsonOf(list)).flows.map((entry) => [entry.name, entry.implemented]),
    ).toEqual([
      ["add-todos", true],
      ["front-page", true],
    ]);
    expect(tsc.code, show(tsc)).toBe(0);
    if (flow) expectFlowPassed(flow.code, jsonOf(flow), flow.stderr, show(flow));

    if (!sharded) {
      const all = await timed(`${manager} manager run --all`, () =>
        exec(
          join(dir, "node_modules", ".bin", "verify-manager"),
          ["run", "--all", "--json"],
          opts(),
        ),
      );
      expectBothPassed(all, RunReportSchema.parse(jsonOf(all)));
    }

    // Gates on a committed app and a small change, from the installed bin.
    await exec("git", [...a.git, "add", "-A"], opts());
    await exec("git", [...a.git, "commit", "-qm", "the app, agent-verify installed"], opts());
    writeFileSync(
      join(dir, "style.css"),
      `${readFileSync(join(dir, "style.css"), "utf8")}footer { margin-top: 1rem; }\n`,
    );
    const gates = await timed(`${manager} verify-gates`, () =>
      exec(join(dir, "node_modules", ".bin", "verify-gates"), ["--base", "main", "--json"], opts()),
    );
    const gatesReport = GatesReportSchema.parse(jsonOf(gates));
    expect([gates.code, gatesReport.status], show(gates)).toEqual([0, "pass"]);
  }

  /**
   * The installed runner, run alone on add-todos: exit 0, its JSON a pass, and the Playwright
   * it found is in the tested range (no warning line on its stderr).
   */
  function expectFlowPassed(code: number | null, json: unknown, stderr: string, why: string) {
    const passed = RunResultSchema.parse(json);
    expect([code, passed.status], why).toEqual([0, "pass"]);
    expect(stderr).not.toMatch(/@playwright\/test .*(outside|not installed)/);
  }

  /** The manager's run over every flow: exit 0, both flows passed (in manifest order). */
  function expectBothPassed(run: Exec, report: ReturnType<typeof RunReportSchema.parse>): void {
    expect(
      [run.code, report.outcomes.map((outcome) => [outcome.flow, outcome.outcome])],
      report.outcomes
        .map((outcome) => `${outcome.flow}: ${outcome.error ?? "no error"}`)
        .join("\n") + show(run),
    ).toEqual([
      0,
      [
        ["add-todos", "pass"],
        ["front-page", "pass"],
      ],
    ]);
  }

  it("npm, in an app that already has @playwright/test 1.64.1: one Playwright copy, init, a flow, run --all as two shards merged, gates", async () => {
    const a = await app("npm");
    const own = await timed("npm install @playwright/test", () =>
      exec(
        "npm",
        ["install", "--save-dev", "@playwright/test@1.64.1"],
        a.opts({ timeoutMs: 300_000 }),
      ),
    );
    expect(own.code, show(own)).toBe(0);
    const install = await timed("npm install agent-verify", () =>
      exec("npm", installArgs.npm, a.opts({ timeoutMs: 300_000 })),
    );
    expect(install.code, show(install)).toBe(0);
    // The app's Playwright is the one the runner uses: one copy of each, its version.
    expect(installedCopies(a.dir, "playwright-core")).toEqual(["1.64.1"]);
    expect(installedCopies(a.dir, "@playwright/test")).toEqual(["1.64.1"]);
    expect(installedCopies(a.dir, "@agent-verify/runner")).toEqual([VERSION]);

    await useIt("npm", a, true);

    // The CI workflow's commands, npm's run over every flow: two shards, their reports merged
    // into HTML and JUnit. Each shard runs alone, as on its own CI machine (two runs sharing one
    // web server on one machine are the runner's shared-web-server tests).
    const manager = join(a.dir, "node_modules", ".bin", "verify-manager");
    const shards = [];
    for (const [i, shard] of ["1/2", "2/2"].entries()) {
      shards.push(
        await exec(
          manager,
          ["run", "--all", "--shard", shard, "--reporter", `json=shard-${i + 1}.json`],
          a.opts(),
        ),
      );
    }
    for (const shard of shards) expect(shard.code, show(shard)).toBe(0);
    // The shard that holds add-todos ran it alone, in its own runner (no worker): that run is
    // the installed runner's, its exit code, JSON and stderr as the manager recorded them.
    const alone = [1, 2]
      .map((i) =>
        RunReportSchema.parse(JSON.parse(readFileSync(join(a.dir, `shard-${i}.json`), "utf8"))),
      )
      .flatMap((report) => report.outcomes)
      .find((outcome) => outcome.flow === "add-todos");
    expect(alone?.isolation, JSON.stringify(alone)).toBeUndefined();
    expectFlowPassed(
      alone?.exit_code ?? null,
      alone?.result,
      alone?.stderr_tail ?? "",
      JSON.stringify(alone),
    );
    const merged = await exec(
      manager,
      [
        "merge-reports",
        "shard-1.json",
        "shard-2.json",
        "--reporter",
        "html=verify-html-report",
        "--reporter",
        "junit=verify-junit.xml",
      ],
      a.opts(),
    );
    // The merged report is the run over every flow: both passed, in the manifest's order.
    expectBothPassed(merged, RunReportSchema.parse(jsonOf(merged)));
    expect(readFileSync(join(a.dir, "verify-junit.xml"), "utf8")).toMatch(/<testsuites?[\s>]/);
    expect(existsSync(join(a.dir, "verify-html-report", "index.html"))).toBe(true);
    expect(await leftWithMarker(MARKER)).toEqual([]);
  });

  it("pnpm: `pnpm add -D --allow-build=esbuild agent-verify` (Playwright comes as the peer), init, a flow, run --all, gates", async () => {
    const a = await app("pnpm");
    const install = await timed("pnpm add agent-verify", () =>
      exec("pnpm", installArgs.pnpm, a.opts({ timeoutMs: 300_000 })),
    );
    expect(install.code, show(install)).toBe(0);
    expect(installedCopies(a.dir, "playwright-core")).toHaveLength(1);
    await useIt("pnpm", a);
    expect(await leftWithMarker(MARKER)).toEqual([]);
  });

  it("yarn classic: `yarn add -D agent-verify @playwright/test`, init, a flow, run --all, gates", async () => {
    const a = await app("yarn");
    const install = await timed("yarn add agent-verify", () =>
      exec(yarnBin, installArgs.yarn, a.opts({ timeoutMs: 300_000 })),
    );
    expect(install.code, show(install)).toBe(0);
    expect(existsSync(join(a.dir, "yarn.lock"))).toBe(true);
    expect(readFileSync(join(a.dir, "yarn.lock"), "utf8")).toContain(
      `${published.url}/agent-verify/-/agent-verify-${VERSION}.tgz`,
    );
    expect(installedCopies(a.dir, "playwright-core")).toHaveLength(1);
    await useIt("yarn", a);
    expect(await leftWithMarker(MARKER)).toEqual([]);
  });
});
