import { basename } from "node:path";
import { GatesError, GatesErrorCode } from "../errors.js";
import type { ToolCommand } from "./command.js";
import type { ToolStage } from "./detect.js";

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

/** The program a command runs in the end: `pnpm exec eslint .` → `eslint`. */
export function programOf(command: ToolCommand): string {
  const words = [command.tool, ...command.args].map((w, i) => (i === 0 ? basename(w) : w));
  for (const launcher of LAUNCHERS) {
    if (launcher.every((word, i) => words[i] === word)) {
      const rest = words.slice(launcher.length).filter((w) => !w.startsWith("-"));
      return basename(rest[0] ?? words[0] ?? "");
    }
  }
  return words[0] ?? "";
}

interface StageTools {
  what: string;
  /** Programs whose output gates reads for this stage. */
  known: readonly string[];
  reads: string;
}

const TOOLS: Record<Exclude<ToolStage, "test">, StageTools> = {
  typecheck: {
    what: "type checker",
    known: ["tsc", "vue-tsc"],
    reads: "tsc's --pretty false diagnostics",
  },
  lint: { what: "linter", known: ["eslint"], reads: "ESLint's JSON report (-f json)" },
  format: { what: "formatter", known: ["prettier"], reads: "prettier's --list-different" },
};

const USE: Record<Exclude<ToolStage, "test">, string> = {
  typecheck: "tsc",
  lint: "eslint",
  format: "prettier",
};

/**
 * Gates adds flags of its own to each typecheck, lint and format command and reads the
 * tool's output: a program it does not know would be run with flags it refuses and read
 * wrong. Named in one line instead, with what to use.
 */
export function requireKnownTool(stage: Exclude<ToolStage, "test">, command: ToolCommand): void {
  const program = programOf(command);
  const tools = TOOLS[stage];
  if (tools.known.includes(program)) return;
  throw new GatesError(
    GatesErrorCode.ToolUnsupported,
    `${stage}: '${command.text}' is not a ${tools.what} verify-gates can read (it reads ${tools.reads}); it was not run`,
    {
      hint: `use ${USE[stage]} in commands.${stage}, or set commands.${stage}: false and add '${command.text}' (in its check mode) to commands.test, where its exit code decides`,
    },
  );
}
