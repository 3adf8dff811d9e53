import { basename } from "node:path";
import type { ToolCommand } from "./command.js";

/** Launchers that run the tool named after them. */
const LAUNCHERS: ReadonlyArray<readonly string[]> = [
  ["pnpm", "exec"],
  ["pnpm", "dlx"],
  ["npm", "exec"],
  ["yarn", "exec"],
  ["bun", "x"],
  ["npx"],
  ["pnpx"],
  ["bunx"],
  ["yarn"],
  ["pnpm"],
];

/** Every word of a command, the executable as its base name. */
export const wordsOf = (command: ToolCommand): string[] =>
  [command.tool, ...command.args].map((w, i) => (i === 0 ? basename(w) : w));

/** Index of the word that names the program a command runs in the end (0 without a launcher). */
export function programIndex(command: ToolCommand): number {
  const words = wordsOf(command);
  for (const launcher of LAUNCHERS) {
    if (launcher.every((word, i) => words[i] === word)) {
      const at = words.findIndex((w, i) => i >= launcher.length && !w.startsWith("-"));
      return at < 0 ? 0 : at;
    }
  }
  return 0;
}

/** The program a command runs in the end: `pnpm exec eslint .` → `eslint`. */
export function programOf(command: ToolCommand): string {
  return basename(wordsOf(command)[programIndex(command)] ?? "");
}
