import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { GatesConfig, StageCommand } from "@agent-verify/contract";
import { GatesError, GatesErrorCode } from "../errors.js";
import { parseCommand, type ToolCommand } from "./command.js";
import { directCommand } from "./launch.js";
import { isNpmPlaceholder, scriptCommands } from "./scripts.js";

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

/** When no script names a stage's tool: the tool the dependencies, config files or bins show. */
function detectDefault(root: string, stage: ToolStage, pkg: PackageJson): string | undefined {
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  const bin = (name: string) => existsSync(join(root, "node_modules", ".bin", name));
  const has = (name: string, tool = name) => deps[name] !== undefined || bin(tool);
  const biome = has("@biomejs/biome", "biome") || anyExists(root, BIOME_CONFIG);
  if (stage === "typecheck") {
    const project = existsSync(join(root, "tsconfig.json"));
    const tsc = deps.typescript !== undefined || bin("tsc");
    const tool = !tsc && has("@typescript/native-preview", "tsgo") ? "tsgo" : "tsc";
    // Without a project, `tsc --noEmit` checks nothing (it prints its help): no typecheck.
    return project && (tsc || tool === "tsgo") ? `${tool} --noEmit -p tsconfig.json` : undefined;
  }
  if (stage === "lint") {
    if (has("eslint") || anyExists(root, configNames("eslint.config"))) return "eslint";
    if (has("oxlint") || anyExists(root, [".oxlintrc.json"])) return "oxlint";
    return biome ? "biome lint" : undefined;
  }
  if (stage === "format") {
    if (has("prettier") || anyExists(root, PRETTIER_RC)) return "prettier";
    if (has("oxfmt") || anyExists(root, [".oxfmtrc.json", ".oxfmtrc.jsonc"])) return "oxfmt";
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
 */
export function stageCommands(
  root: string,
  config: GatesConfig,
  stage: ToolStage,
  oracleScripts?: Record<string, string>,
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
  if (fromScripts !== undefined)
    return { commands: fromScripts.map((text) => directCommand(root, parseCommand(text))) };
  const text = detectDefault(root, stage, pkg);
  return text === undefined
    ? { off: noToolReason(root, stage, pkg) }
    : { commands: [parseCommand(text)] };
}

/** Why a stage has no command, in the words a user checks first. */
function noToolReason(root: string, stage: ToolStage, pkg: PackageJson): string {
  if (stage === "typecheck" && !existsSync(join(root, "tsconfig.json"))) return "no tsconfig.json";
  if (stage === "test" && isNpmPlaceholder(pkg.scripts?.test))
    return "no tests (package.json's test script is npm's placeholder)";
  return `no ${stage} tool in package.json`;
}
