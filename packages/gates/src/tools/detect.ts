import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { GatesConfig, StageCommand } from "@agent-verify/contract";
import { GatesError, GatesErrorCode } from "../errors.js";
import { parseCommand, type ToolCommand } from "./command.js";

export type ToolStage = "typecheck" | "lint" | "format" | "test";
export const TOOL_STAGES: readonly ToolStage[] = ["typecheck", "lint", "format", "test"];

/** A stage's commands, or why it has none. */
export type StageCommands = { commands: ToolCommand[] } | { off: string };

interface PackageJson {
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

function detectDefault(root: string, stage: ToolStage, pkg: PackageJson): string | undefined {
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  const has = (name: string) => deps[name] !== undefined;
  if (stage === "typecheck") {
    if (existsSync(join(root, "tsconfig.json"))) return "tsc --noEmit -p tsconfig.json";
    return has("typescript") ? "tsc --noEmit" : undefined;
  }
  if (stage === "lint")
    return has("eslint") || anyExists(root, configNames("eslint.config")) ? "eslint" : undefined;
  if (stage === "format") {
    const rc = [
      ".prettierrc",
      ".prettierrc.json",
      ".prettierrc.yaml",
      ".prettierrc.yml",
      ...configNames("prettier.config"),
    ];
    return has("prettier") || anyExists(root, rc) ? "prettier" : undefined;
  }
  return has("vitest") || anyExists(root, configNames("vitest.config")) ? "vitest run" : undefined;
}

function fromConfig(value: StageCommand): StageCommands {
  if (value === false) return { off: "turned off in .verify/gates.yaml" };
  const texts = typeof value === "string" ? [value] : value;
  return { commands: texts.map(parseCommand) };
}

/** Commands per stage: the config's, else defaults for a Node/TypeScript repo from package.json. */
export function stageCommands(root: string, config: GatesConfig, stage: ToolStage): StageCommands {
  const configured = config.commands[stage];
  if (configured !== undefined) return fromConfig(configured);
  const pkg = readPackageJson(root);
  if (!pkg) {
    throw new GatesError(
      GatesErrorCode.StackUnknown,
      `${stage}: stack unknown (no package.json at the repository root)`,
      {
        hint: `set commands.${stage} in .verify/gates.yaml, or false to turn the stage off`,
      },
    );
  }
  const text = detectDefault(root, stage, pkg);
  return text === undefined
    ? { off: `no ${stage} tool in package.json` }
    : { commands: [parseCommand(text)] };
}
