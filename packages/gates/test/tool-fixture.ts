import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";
import { NODE_TOOLS } from "../src/tools/command.js";
import { git, type Repo } from "./fixture.js";

// Repos for the tool adapters: the real tools, installed once as dev dependencies of
// packages/gates (or the workspace root), linked into each temp repo's node_modules.

const PKG = join(dirname(fileURLToPath(import.meta.url)), "..");
const MODULE_DIRS = [join(PKG, "node_modules"), join(PKG, "..", "..", "node_modules")];

/** Where each tool's bin comes from: the first of MODULE_DIRS that has it. */
const TOOL_BINS = [
  "tsc",
  "tsgo",
  "eslint",
  "oxlint",
  "oxfmt",
  "biome",
  "prettier",
  "vitest",
  "jest",
];

export interface ToolRepoOptions {
  /** `typescript` (and `tsc`) is TypeScript 7, the native port. */
  typescript7?: boolean;
  /** `eslint` is ESLint 8 (else the workspace's own, 10). */
  eslint8?: boolean;
  /**
   * Packages linked to another installed directory, by name: an old version of a tool
   * (`{ vitest: oldTool("vitest034", "vitest") }`); its bin runs from that directory.
   */
  links?: Record<string, string>;
  /** Packages left out of node_modules (e.g. `@vitest/coverage-istanbul`, to get v8). */
  omit?: string[];
  /** Tools not installed: neither their package nor a bin in node_modules/.bin. */
  missing?: string[];
  /** Replace a tool (its package's entry point and its bin) with a shell script (a crashing tool). */
  bins?: Record<string, string>;
}

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function linkModules(modules: string, options: ToolRepoOptions): void {
  const omit = new Set([
    ...(options.omit ?? []),
    ...(options.missing ?? []).map((tool) => NODE_TOOLS[tool] ?? tool),
  ]);
  const link = (name: string, target: string) => {
    if (!omit.has(name) && !existsSync(join(modules, name)))
      symlinkSync(target, join(modules, name));
  };
  for (const [name, target] of Object.entries(options.links ?? {})) {
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    link(name, target);
  }
  if (options.typescript7) link("typescript", join(MODULE_DIRS[0] ?? "", "typescript7"));
  if (options.eslint8) link("eslint", join(MODULE_DIRS[0] ?? "", "eslint8"));
  for (const dir of MODULE_DIRS) {
    for (const entry of readdirSync(dir)) {
      if (entry.startsWith(".")) continue;
      if (!entry.startsWith("@")) {
        link(entry, join(dir, entry));
        continue;
      }
      mkdirSync(join(modules, entry), { recursive: true });
      for (const inner of readdirSync(join(dir, entry)))
        link(`${entry}/${inner}`, join(dir, entry, inner));
    }
  }
}

/** The file a linked package's bin named `tool` points at. */
function linkedBin(tool: string, options: ToolRepoOptions): string | undefined {
  for (const dir of Object.values(options.links ?? {})) {
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
      name?: string;
      bin?: string | Record<string, string>;
    };
    const bin = typeof pkg.bin === "string" ? { [pkg.name ?? ""]: pkg.bin } : (pkg.bin ?? {});
    if (bin[tool] !== undefined) return join(dir, bin[tool]);
  }
  return undefined;
}

/**
 * An old tool version installed for these tests: a dev dependency of packages/gates
 * (`jest29`, an alias) or a package of one from test/old-tools (`vitest034`, whose
 * @vitest/coverage-v8 sits beside it); `name` is the package inside it, by default itself.
 */
export function oldTool(dependency: string, name?: string): string {
  const dir = realpathSync(join(MODULE_DIRS[0] ?? "", dependency));
  return name === undefined ? dir : join(dir, "..", name);
}

/**
 * A package that only claims a version (an ancient tool gates must refuse before it runs it):
 * its bin would exit 0 having checked nothing.
 */
export function fakeTool(name: string, version: string): string {
  const dir = mkdtempSync(join(tmpdir(), `gates-fake-${name}-`));
  made.push(dir);
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name, version, bin: { [name]: "bin.js" } }),
  );
  writeFileSync(join(dir, "bin.js"), "#!/usr/bin/env node\n");
  chmodSync(join(dir, "bin.js"), 0o755);
  return dir;
}

function binOf(tool: string, options: ToolRepoOptions): string | undefined {
  const linked = linkedBin(tool, options);
  if (linked !== undefined) return linked;
  if (tool === "tsc" && options.typescript7)
    return join(MODULE_DIRS[0] ?? "", "typescript7", "bin", "tsc");
  // packages/gates' .bin/eslint is ESLint 8 (the eslint8 alias); the workspace root's is 10.
  if (tool === "eslint")
    return join(
      options.eslint8
        ? join(MODULE_DIRS[0] ?? "", "eslint8")
        : join(MODULE_DIRS[1] ?? "", "eslint"),
      "bin",
      "eslint.js",
    );
  return MODULE_DIRS.map((dir) => join(dir, ".bin", tool)).find((path) => existsSync(path));
}

function writeBins(modules: string, options: ToolRepoOptions): void {
  const bin = join(modules, ".bin");
  mkdirSync(bin, { recursive: true });
  for (const tool of TOOL_BINS) {
    if (options.missing?.includes(tool)) continue;
    const script = options.bins?.[tool];
    const target = binOf(tool, options);
    if (script === undefined && target === undefined) continue;
    writeFileSync(join(bin, tool), script ?? `#!/bin/sh\nexec "${target}" "$@"\n`);
    chmodSync(join(bin, tool), 0o755);
  }
}

/**
 * A tool's package whose entry point runs `script` (gates runs a trusted tool from its
 * package's `bin`, so a replaced tool is a replaced package).
 */
function stubPackage(modules: string, tool: string, script: string): void {
  const name = NODE_TOOLS[tool];
  if (name === undefined) return;
  const dir = join(modules, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "tool.sh"), script);
  writeFileSync(
    join(dir, "entry.cjs"),
    'const { spawnSync } = require("node:child_process");\n' +
      'const run = spawnSync("/bin/sh", [require("node:path").join(__dirname, "tool.sh"), ...process.argv.slice(2)], { stdio: "inherit" });\n' +
      "process.exit(run.status ?? 1);\n",
  );
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name, version: "0.0.0", bin: { [tool]: "entry.cjs" } }),
  );
}

/** A git repo of `files` on `main` with `feature` checked out, the real tools in node_modules. */
export function makeToolRepo(files: Record<string, string>, options: ToolRepoOptions = {}): Repo {
  const dir = mkdtempSync(join(tmpdir(), "gates-tools-"));
  made.push(dir);
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const gitignore =
    "node_modules\ncoverage\n.verify/gates.json\n.verify/summary.txt\n.verify/green\n";
  for (const [path, text] of Object.entries({ ".gitignore": gitignore, ...files }))
    write(path, text);
  const modules = join(dir, "node_modules");
  mkdirSync(modules, { recursive: true });
  for (const [tool, script] of Object.entries(options.bins ?? {}))
    stubPackage(modules, tool, script);
  linkModules(modules, options);
  writeBins(modules, options);
  git(dir, "init", "-q", "-b", "main");
  git(dir, "config", "user.email", "t@example.com");
  git(dir, "config", "user.name", "t");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "base");
  git(dir, "checkout", "-q", "-b", "feature");
  return {
    dir,
    write,
    read: (path) => readFileSync(join(dir, path), "utf8"),
    remove: (path) => rmSync(join(dir, path), { force: true }),
    commit: (message) => {
      git(dir, "add", "-A");
      git(dir, "commit", "-q", "-m", message);
    },
  };
}

export const TSCONFIG = `${JSON.stringify(
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
)}\n`;

export const packageJson = (extra: Record<string, unknown>) =>
  `${JSON.stringify({ name: "lib", private: true, type: "module", ...extra }, null, 2)}\n`;
