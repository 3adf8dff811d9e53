import { execFileSync, spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { GatesReport } from "@agent-verify/contract";
import { EXIT_CODE } from "../src/args.js";
import { runGates, type GatesOptions } from "../src/run.js";

export const PKG = join(dirname(fileURLToPath(import.meta.url)), "..");
const WORKSPACE_MODULES = join(PKG, "..", "..", "node_modules");
export const BIN = join(PKG, "bin", "verify-gates.js");
export const TOOLS = ["tsc", "eslint", "prettier", "vitest"] as const;

const FILES: Record<string, string> = {
  "package.json": JSON.stringify(
    {
      name: "fixture",
      private: true,
      type: "module",
      devDependencies: {
        typescript: "*",
        eslint: "*",
        "typescript-eslint": "*",
        prettier: "*",
        vitest: "*",
        "@vitest/coverage-istanbul": "*",
      },
    },
    null,
    2,
  ),
  "tsconfig.json": JSON.stringify(
    {
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        noEmit: true,
        types: [],
        lib: ["ES2022"],
        skipLibCheck: true,
      },
      include: ["src"],
    },
    null,
    2,
  ),
  "eslint.config.js": [
    'import tseslint from "typescript-eslint";',
    "export default tseslint.config(...tseslint.configs.recommended, {",
    '  rules: { "@typescript-eslint/no-unused-vars": "error", "no-console": "error" },',
    "});",
    "",
  ].join("\n"),
  ".prettierrc.json": '{ "printWidth": 100 }\n',
  ".gitignore": "node_modules\ncoverage\n.verify/gates.json\n.verify/summary.txt\n.verify/green\n",
  "vitest.config.ts": [
    'import { defineConfig } from "vitest/config";',
    "",
    "export default defineConfig({",
    '  test: { include: ["src/**/*.test.ts"], coverage: { thresholds: { lines: 50 } } },',
    "});",
    "",
  ].join("\n"),
  "src/math.ts": [
    "export function add(a: number, b: number): number {",
    "  return a + b;",
    "}",
    "",
  ].join("\n"),
  "src/math.test.ts": [
    'import { expect, it } from "vitest";',
    'import { add } from "./math.js";',
    "",
    'it("adds", () => {',
    "  expect(add(1, 2)).toBe(3);",
    "});",
    "",
    'it("adds negatives", () => {',
    "  expect(add(-1, -2)).toBe(-3);",
    "});",
    "",
  ].join("\n"),
};

let template: string | undefined;

function wrapper(tool: string): string {
  return `#!/bin/sh\nexec "${join(WORKSPACE_MODULES, ".bin", tool)}" "$@"\n`;
}

const SPY = join(PKG, "test", "tool-spy.mjs");

/**
 * With GATES_SPY_LOG set, every start of a tool's entry point is logged (test/tool-spy.mjs), so
 * a test can assert which tools ran, or that none did.
 */
export function withSpy(env: Record<string, string>): Record<string, string> {
  if (env.GATES_SPY_LOG === undefined) return env;
  const options = [process.env.NODE_OPTIONS, `--import=${SPY}`].filter(Boolean).join(" ");
  return { ...env, NODE_OPTIONS: options };
}

/** One template per test file: sources plus a node_modules of links to the workspace's installed tools. */
function makeTemplate(): string {
  const dir = mkdtempSync(join(tmpdir(), "gates-template-"));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const modules = join(dir, "node_modules");
  mkdirSync(join(modules, ".bin"), { recursive: true });
  for (const entry of readdirSync(WORKSPACE_MODULES)) {
    if (entry !== ".bin" && !entry.startsWith("."))
      symlinkSync(join(WORKSPACE_MODULES, entry), join(modules, entry));
  }
  for (const tool of TOOLS) {
    writeFileSync(join(modules, ".bin", tool), wrapper(tool));
    chmodSync(join(modules, ".bin", tool), 0o755);
  }
  return dir;
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

export interface Repo {
  dir: string;
  write: (path: string, text: string) => void;
  read: (path: string) => string;
  remove: (path: string) => void;
  commit: (message: string) => void;
}

let committed: string | undefined;

/** The template as a repo: base committed on `main`, `feature` checked out (made once per file). */
function makeCommitted(): string {
  template ??= makeTemplate();
  const dir = mkdtempSync(join(tmpdir(), "gates-committed-"));
  cpSync(template, dir, { recursive: true, verbatimSymlinks: true });
  initRepo(dir);
  return dir;
}

function initRepo(dir: string): void {
  git(dir, "init", "-q", "-b", "main");
  git(dir, "config", "user.email", "t@example.com");
  git(dir, "config", "user.name", "t");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "base");
  git(dir, "checkout", "-q", "-b", "feature");
}

/** A git repo with the fixture committed on `main` and a `feature` branch checked out. */
export function makeRepo(extra: Record<string, string> = {}): Repo {
  const plain = Object.keys(extra).length === 0;
  // The plain fixture's repo is made once and copied: no git init and commit per test.
  const source = plain ? (committed ??= makeCommitted()) : (template ??= makeTemplate());
  const dir = mkdtempSync(join(tmpdir(), "gates-repo-"));
  cpSync(source, dir, { recursive: true, verbatimSymlinks: true });
  const repo: Repo = {
    dir,
    write: (path, text) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    },
    read: (path) => readFileSync(join(dir, path), "utf8"),
    remove: (path) => rmSync(join(dir, path), { force: true }),
    commit: (message) => {
      git(dir, "add", "-A");
      git(dir, "commit", "-q", "-m", message);
    },
  };
  if (plain) return repo;
  for (const [path, text] of Object.entries(extra)) repo.write(path, text);
  initRepo(dir);
  return repo;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  report: GatesJson | undefined;
  summary: string | undefined;
}

export interface GatesJson {
  status: string;
  already_verified: boolean;
  stages: Array<{ stage: string; status: string; reason?: string }>;
  findings: Array<{
    stage: string;
    file: string | null;
    line: number | null;
    rule: string;
    message: string;
  }>;
  tests?: Array<{ file: string | null; name: string; status: string }>;
  tests_scope?: GatesReport["tests_scope"];
  error?: { code: string; message: string; hint?: string };
  agent_loop?: {
    session_id: string;
    state: string;
    reason: string | null;
    last_summary: string | null;
  };
}

/** Run the real bin (or another copy of it) in `cwd`. */
export function runCli(
  cwd: string,
  args: string[],
  env: Record<string, string> = {},
  input?: string,
  bin: string = BIN,
): CliResult {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, BASE: "", ...withSpy(env) },
    ...(input === undefined ? {} : { input }),
  });
  return withFiles(cwd, result.status, result.stdout, result.stderr);
}

/** A run's exit code and output, with the `.verify/gates.json` and `summary.txt` it left in `cwd`. */
export function withFiles(
  cwd: string,
  code: number | null,
  stdout: string,
  stderr: string,
): CliResult {
  const reportPath = join(cwd, ".verify", "gates.json");
  const summaryPath = join(cwd, ".verify", "summary.txt");
  return {
    code,
    stdout,
    stderr,
    report: existsSync(reportPath)
      ? (JSON.parse(readFileSync(reportPath, "utf8")) as GatesJson)
      : undefined,
    summary: existsSync(summaryPath) ? readFileSync(summaryPath, "utf8") : undefined,
  };
}

/**
 * What the bin does, in this process: `runGates` with the bin's environment, its exit code and
 * its stdout (the summary). For decision branches whose CLI seam the runCli tests cover: no
 * node start-up and no module loading per case.
 */
export async function runInProcess(
  cwd: string,
  options: Omit<GatesOptions, "cwd" | "env">,
): Promise<CliResult> {
  const stderr: string[] = [];
  const { report, summary } = await runGates({
    ...options,
    cwd,
    env: { ...process.env, BASE: "" },
    onProgress: (line) => stderr.push(`${line}\n`),
  });
  const summaryPath = join(cwd, ".verify", "summary.txt");
  return {
    code: EXIT_CODE[report.status],
    stdout: summary,
    stderr: stderr.join(""),
    report: JSON.parse(readFileSync(join(cwd, ".verify", "gates.json"), "utf8")) as GatesJson,
    summary: existsSync(summaryPath) ? readFileSync(summaryPath, "utf8") : undefined,
  };
}

/** `file:line` of every finding, for assertions. */
export const locations = (result: CliResult) =>
  (result.report?.findings ?? []).map((f) => `${f.file}:${f.line}`);

export function debug(result: CliResult): string {
  return `exit ${result.code}\n${result.stdout}\n${result.stderr}`;
}
