import { existsSync, readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { GatesError, GatesErrorCode } from "../errors.js";

/** Tools that must come from the repository's own node_modules, never from PATH. */
export const NODE_TOOLS: Record<string, string> = {
  tsc: "typescript",
  tsgo: "@typescript/native-preview",
  eslint: "eslint",
  xo: "xo",
  oxlint: "oxlint",
  biome: "@biomejs/biome",
  prettier: "prettier",
  oxfmt: "oxfmt",
  vitest: "vitest",
  jest: "jest",
};

export interface ToolCommand {
  /** As written in the config (or detected). */
  text: string;
  tool: string;
  args: string[];
}

/** Split a command line on blanks, honouring simple quotes; no shell is ever involved. */
export function splitCommand(text: string): string[] {
  const words: string[] = [];
  const pattern = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (const match of text.matchAll(pattern)) words.push(match[1] ?? match[2] ?? match[3] ?? "");
  return words;
}

export function parseCommand(text: string): ToolCommand {
  const [tool = "", ...args] = splitCommand(text);
  return { text, tool, args };
}

function onPath(tool: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir && existsSync(join(dir, tool))) return join(dir, tool);
  }
  return undefined;
}

/** The executable for a tool: `node_modules/.bin` of the repo (node tools), else PATH. */
export function resolveTool(
  root: string,
  tool: string,
  stage: string,
  env: NodeJS.ProcessEnv,
): string {
  const local = join(root, "node_modules", ".bin", tool);
  if (existsSync(local)) return local;
  const found = NODE_TOOLS[tool] === undefined ? onPath(tool, env) : undefined;
  if (found) return found;
  throw new GatesError(
    GatesErrorCode.ToolMissing,
    `${stage}: '${tool}' is not installed (no node_modules/.bin/${tool})`,
    {
      hint: NODE_TOOLS[tool]
        ? `install it in the repository (e.g. pnpm add -D ${NODE_TOOLS[tool]}) or set commands.${stage} in .verify/gates.yaml`
        : `install '${tool}' or change commands.${stage} in .verify/gates.yaml`,
    },
  );
}

/** Version of an installed npm package, read from its package.json (no process started). */
export function packageVersion(root: string, name: string): string {
  try {
    const text = readFileSync(join(root, "node_modules", name, "package.json"), "utf8");
    return (JSON.parse(text) as { version?: string }).version ?? "unknown";
  } catch {
    return "missing";
  }
}
