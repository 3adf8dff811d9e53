import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { GatesConfig, StageCommand } from "@agent-verify/contract";
import { GatesError, GatesErrorCode } from "../errors.js";
import { parseCommand, type ToolCommand } from "./command.js";
import { directCommand } from "./launch.js";
import { isNpmPlaceholder, scriptCommands } from "./scripts.js";
import { changedProjects, projectCommand, VERIFY_PROJECT } from "./tsconfig-projects.js";

export type ToolStage = "typecheck" | "lint" | "format" | "test";
export const TOOL_STAGES: readonly ToolStage[] = ["typecheck", "lint", "format", "test"];

/** A stage's commands, or why it has none. */
export type StageCommands = { commands: ToolCommand[] } | { off: string };

interface PackageJson {
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function readPackageJson(root: string): PackageJson | undefined {
  try {
    return JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as PackageJson;
  } catch {
    return undefined;
  }
}

const anyExists = (root: string, names: readonly string[]) =>
  names.some((name) => existsSync(join(root, name)));
const configNames = (stem: string) =>
  ["js", "mjs", "cjs", "ts", "mts", "cts", "json"].map((ext) => `${stem}.${ext}`);

const PRETTIER_RC = [
  ".prettierrc",
  ".prettierrc.json",
  ".prettierrc.yaml",
  ".prettierrc.yml",
  ...configNames("prettier.config"),
];
const BIOME_CONFIG = ["biome.json", "biome.jsonc"];

/** The type checker the dependencies or bins show: tsc, else tsgo; undefined without either. */
function typeChecker(root: string, pkg: PackageJson): "tsc" | "tsgo" | undefined {
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  const bin = (name: string) => existsSync(join(root, "node_modules", ".bin", name));
  if (deps.typescript !== undefined || bin("tsc")) return "tsc";
  return deps["@typescript/native-preview"] !== undefined || bin("tsgo") ? "tsgo" : undefined;
}

/**
 * The typecheck commands when no script names one: one per tsconfig project that holds a changed
 * script file (its nearest tsconfig.json: the root's, a package's, `.verify/`'s), else the root's
 * project. Without a project, `tsc --noEmit` checks nothing (it prints its help): no typecheck.
 */
function detectTypecheck(root: string, pkg: PackageJson, changed: readonly string[]): string[] {
  const tool = typeChecker(root, pkg);
  if (tool === undefined) return [];
  const projects = changedProjects(root, changed);
  if (projects.length === 0 && existsSync(join(root, "tsconfig.json")))
    projects.push("tsconfig.json");
  return projects.map((project) => projectCommand(tool, root, project));
}

const ESLINTRC = [
  ".eslintrc",
  ".eslintrc.js",
  ".eslintrc.cjs",
  ".eslintrc.json",
  ".eslintrc.yaml",
  ".eslintrc.yml",
];

/**
 * When no script names a stage's tool: the tool the dependencies, config files or bins show.
 * A linter or formatter is the repository's when package.json declares it or a config file (or
 * package.json key) of its own is there: a bin in node_modules/.bin alone may be another tool's
 * dependency (xo brings ESLint and prettier), which the repository never runs.
 */
function detectDefault(root: string, stage: ToolStage, pkg: PackageJson): string | undefined {
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  const bin = (name: string) => existsSync(join(root, "node_modules", ".bin", name));
  const has = (name: string, tool = name) => deps[name] !== undefined || bin(tool);
  const declared = (name: string) => deps[name] !== undefined;
  const keyed = (key: string) => (pkg as Record<string, unknown>)[key] !== undefined;
  const biome = declared("@biomejs/biome") || anyExists(root, BIOME_CONFIG);
  if (stage === "lint") {
    if (declared("xo") || keyed("xo") || anyExists(root, configNames("xo.config"))) return "xo";
    const eslintConfig = [...configNames("eslint.config"), ...ESLINTRC];
    if (declared("eslint") || keyed("eslintConfig") || anyExists(root, eslintConfig))
      return "eslint";
    if (declared("oxlint") || anyExists(root, [".oxlintrc.json"])) return "oxlint";
    return biome ? "biome lint" : undefined;
  }
  if (stage === "format") {
    if (declared("prettier") || keyed("prettier") || anyExists(root, PRETTIER_RC))
      return "prettier";
    if (declared("oxfmt") || anyExists(root, [".oxfmtrc.json", ".oxfmtrc.jsonc"])) return "oxfmt";
    return biome ? "biome format" : undefined;
  }
  if (has("vitest") || anyExists(root, configNames("vitest.config"))) return "vitest run";
  return has("jest") || anyExists(root, configNames("jest.config")) ? "jest" : undefined;
}

function fromConfig(root: string, value: StageCommand): StageCommands {
  if (value === false) return { off: "turned off in .verify/gates.yaml" };
  const texts = typeof value === "string" ? [value] : value;
  return { commands: texts.map((text) => directCommand(root, parseCommand(text))) };
}

/**
 * Commands per stage: the config's, else what package.json's scripts run for it, else the
 * tool its dependencies, config files or installed bins show. A command behind a package
 * manager runs its program's bin directly (launch.ts). `oracleScripts`: the oracle's package.json
 * scripts (`{}` when it has none); undefined when the oracle has no package.json, and then a tree
 * without one is not a Node project (every stage off) rather than a removed package.json (an error).
 * `changed`: the change's paths; a detected typecheck covers the tsconfig projects that hold them.
 */
export function stageCommands(
  root: string,
  config: GatesConfig,
  stage: ToolStage,
  oracleScripts?: Record<string, string>,
  changed: readonly string[] = [],
): StageCommands {
  const configured = config.commands[stage];
  if (configured !== undefined) return fromConfig(root, configured);
  const read = readPackageJson(root);
  // The oracle's scripts decide: a script the change rewrote or removed still runs as it was.
  const pkg =
    read && oracleScripts ? { ...read, scripts: { ...read.scripts, ...oracleScripts } } : read;
  if (!pkg && oracleScripts === undefined) {
    // Not a Node project, nor was it at the oracle: no tool to detect, nothing to run.
    return {
      off: `no package.json (no ${stage} tool known: set commands.${stage} in .verify/gates.yaml to run one)`,
    };
  }
  if (!pkg) {
    // The oracle had a package.json the change removed: its tools are not dropped by that.
    throw new GatesError(
      GatesErrorCode.StackUnknown,
      `${stage}: stack unknown (no package.json at the repository root)`,
      {
        hint: `set commands.${stage} in .verify/gates.yaml, or false to turn the stage off`,
      },
    );
  }
  const fromScripts = scriptCommands(pkg.scripts)[stage];
  if (fromScripts !== undefined) {
    const texts =
      stage === "typecheck"
        ? [...fromScripts, ...verifyProject(root, pkg, fromScripts, changed)]
        : fromScripts;
    return { commands: texts.map((text) => directCommand(root, parseCommand(text))) };
  }
  if (stage === "typecheck") {
    const texts = detectTypecheck(root, pkg, changed);
    if (texts.length > 0) return { commands: texts.map(parseCommand) };
    return { off: noToolReason(root, stage, pkg) };
  }
  const text = detectDefault(root, stage, pkg);
  return text === undefined
    ? { off: noToolReason(root, stage, pkg) }
    : { commands: [parseCommand(text)] };
}

/**
 * The flows' project beside the repository's own typecheck scripts, when the change touches a
 * script file in it and no script names `.verify`: the repository's scripts never check it.
 */
function verifyProject(
  root: string,
  pkg: PackageJson,
  scripts: readonly string[],
  changed: readonly string[],
): string[] {
  if (scripts.some((text) => text.includes(".verify"))) return [];
  if (!changedProjects(root, changed).includes(VERIFY_PROJECT)) return [];
  const tool = typeChecker(root, pkg);
  return tool === undefined ? [] : [projectCommand(tool, root, VERIFY_PROJECT)];
}

/** Why a stage has no command, in the words a user checks first. */
function noToolReason(root: string, stage: ToolStage, pkg: PackageJson): string {
  if (stage === "typecheck" && !existsSync(join(root, "tsconfig.json"))) return "no tsconfig.json";
  if (stage === "test" && isNpmPlaceholder(pkg.scripts?.test))
    return "no tests (package.json's test script is npm's placeholder)";
  return `no ${stage} tool in package.json`;
}
