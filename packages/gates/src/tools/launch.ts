import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ToolCommand } from "./command.js";
import { programIndex, wordsOf } from "./known.js";

/** Launchers that only run an installed bin (not `pnpm dlx`, which downloads one). */
const RUNS_A_BIN = new Set(["pnpm", "npx", "pnpx", "yarn", "bunx", "npm", "bun"]);

/**
 * A command behind a package manager (`pnpm exec vitest run`, `npx eslint src`, `yarn jest`)
 * runs its program's bin from the repository's node_modules/.bin directly. The machine's
 * package manager is not the one the repository pins (`packageManager`): pnpm 12 asked to run
 * a repository pinned to pnpm 8 first tries to fetch pnpm 8, and fails the check before it
 * ever starts. The command keeps its text, so messages still name what the repository wrote.
 */
export function directCommand(root: string, command: ToolCommand): ToolCommand {
  const at = programIndex(command);
  const words = wordsOf(command);
  const program = words[at];
  if (at === 0 || program === undefined || !RUNS_A_BIN.has(words[0] ?? "")) return command;
  if (words[1] === "dlx" || !existsSync(join(root, "node_modules", ".bin", program)))
    return command;
  return { text: command.text, tool: program, args: words.slice(at + 1) };
}
