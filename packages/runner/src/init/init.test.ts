import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseManifest } from "@agent-verify/contract";
import { afterEach, describe, expect, it } from "vitest";
import { missingGitignoreLines } from "./gitignore.js";
import { initProject } from "./init.js";
import { InitUsageError } from "./plan.js";
import { CACHE_LINE, GITIGNORE_LINES } from "./templates.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "verify-init-"));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const read = (dir: string, path: string) => readFileSync(join(dir, path), "utf8");
const ALL = [
  ".verify/workflows.yaml",
  ".verify/package.json",
  ".verify/tsconfig.json",
  ".verify/src/pages/front-page.ts",
  ".verify/src/flows/front-page.ts",
];

describe("initProject", () => {
  it("scaffolds .verify/ with a manifest the contract accepts, listing the example flow", () => {
    const dir = repo({
      "package.json": JSON.stringify({ scripts: { dev: "vite" } }),
      "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
    });
    const report = initProject({ dir });
    expect(report.created).toEqual(ALL);
    expect(report.kept).toEqual([]);
    const manifest = parseManifest(read(dir, ".verify/workflows.yaml"));
    expect(manifest).toMatchObject({
      runner_command: "pnpm exec verify-runner {flow}",
      base_url: "http://localhost:5173",
      web_server: { command: "pnpm dev", url: "http://localhost:5173", timeout_s: 60 },
      flows: [{ name: "front-page", timeout_s: 60, tags: ["smoke"] }],
    });
    expect(JSON.parse(read(dir, ".verify/package.json"))).toMatchObject({
      type: "module",
      private: true,
    });
    expect(JSON.parse(read(dir, ".verify/tsconfig.json")).compilerOptions).toMatchObject({
      module: "NodeNext",
      strict: true,
      noEmit: true,
    });
    expect(read(dir, ".verify/src/flows/front-page.ts")).toContain(
      'steps: ["open-front-page", "assert-has-title"]',
    );
    expect(read(dir, ".gitignore").split("\n")).toEqual(
      expect.arrayContaining([...GITIGNORE_LINES, CACHE_LINE]),
    );
    // The HTML report's folder (`--reporter html=verify-html-report`) stays out of git status.
    expect(read(dir, ".gitignore").split("\n")).toContain("verify-html-report/");
  });

  it("is idempotent and never overwrites: a second run keeps every file and adds nothing", () => {
    const dir = repo({ "index.html": "<title>x</title>" });
    initProject({ dir });
    writeFileSync(join(dir, ".verify/src/flows/front-page.ts"), "// mine\n");
    const before = read(dir, ".gitignore");
    const again = initProject({ dir, staticDir: "." });
    expect(again.created).toEqual([]);
    expect(again.kept).toEqual(ALL);
    expect(again.gitignore_added).toEqual([]);
    expect(again.warnings).toEqual([
      ".verify/workflows.yaml was kept as it is: the guesses above were not written into it",
    ]);
    expect(read(dir, ".verify/src/flows/front-page.ts")).toBe("// mine\n");
    expect(read(dir, ".gitignore")).toBe(before);
  });

  it("writes missing files next to an existing manifest, but no example flow it does not declare", () => {
    const dir = repo({
      ".verify/workflows.yaml": 'version: 1\nrunner_command: "x {flow}"\nflows: []\n',
    });
    const report = initProject({ dir });
    expect(report.created).toEqual([".verify/package.json", ".verify/tsconfig.json"]);
    expect(report.kept).toEqual([".verify/workflows.yaml"]);
    expect(report.warnings).toEqual([
      ".verify/workflows.yaml existed and does not declare 'front-page': no example flow written",
      ".verify/workflows.yaml was kept as it is: the guesses above were not written into it",
    ]);
  });

  it("writes the static web_server form for --static DIR", () => {
    const dir = repo({ "dist/index.html": "<title>x</title>", "package-lock.json": "{}" });
    const report = initProject({ dir, staticDir: "./dist/" });
    expect(report).toMatchObject({
      runner_command: "npx --no-install verify-runner {flow}",
      base_url: "http://127.0.0.1:4173",
    });
    expect(parseManifest(read(dir, ".verify/workflows.yaml")).web_server).toEqual({
      static: "dist",
      port: 4173,
      timeout_s: 30,
    });
  });

  it("finds the lockfile of the workspace root above a package", () => {
    const root = repo({ "yarn.lock": "", "apps/web/package.json": "{}" });
    const report = initProject({ dir: join(root, "apps/web"), baseUrl: "http://127.0.0.1:3000" });
    expect(report.runner_command).toBe("node_modules/.bin/verify-runner {flow}");
  });

  it.each<[string, Record<string, string>, Record<string, string>, RegExp]>([
    [
      "a --static folder that does not exist",
      {},
      { staticDir: "site" },
      /^--static site: no such folder in /,
    ],
    [
      "a package.json that is not JSON",
      { "package.json": "{ nope" },
      {},
      /package\.json: not valid JSON/,
    ],
  ])("rejects %s in one line", (_name, files, flags, message) => {
    const dir = repo(files);
    expect(() => initProject({ dir, ...flags })).toThrow(InitUsageError);
    expect(() => initProject({ dir, ...flags })).toThrow(message);
  });
});

describe("missingGitignoreLines", () => {
  it.each<[string, string, string[]]>([
    ["an empty file", "", [...GITIGNORE_LINES, CACHE_LINE]],
    ["node_modules ignored already", "node_modules/\n", [...GITIGNORE_LINES]],
    ["/node_modules", "/node_modules\n", [...GITIGNORE_LINES]],
    ["some lines present", `${GITIGNORE_LINES[0]}\r\nnode_modules\n`, GITIGNORE_LINES.slice(1)],
    ["everything present", [...GITIGNORE_LINES, CACHE_LINE].join("\n"), []],
  ])("%s", (_name, text, missing) => {
    expect(missingGitignoreLines(text, GITIGNORE_LINES, CACHE_LINE)).toEqual(missing);
  });

  it("appends to a file without a final newline under one header", () => {
    const dir = repo({ ".gitignore": "dist" });
    initProject({ dir, baseUrl: "http://127.0.0.1:3000" });
    const text = read(dir, ".gitignore");
    expect(text.startsWith("dist\n\n# agent-verify:")).toBe(true);
    expect(text.endsWith(`${CACHE_LINE}\n`)).toBe(true);
  });
});
