import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ToolCommand } from "./command.js";

const BUILD = /^(?:-b|--build)$/;
/** Build-mode flags after which the command is no check: a clean, a watch, a dry run. */
const NOT_A_CHECK = /^(?:--clean|--watch|-w|--dry|-d)$/;

/** How gates runs a `tsc --build` command: node on the in-memory build (tsc-build-host.ts). */
export interface MemoryBuild {
  command: ToolCommand;
  /** The arguments before tsc's own: the host script and the TypeScript it loads. */
  args: string[];
}

/**
 * `tsc -b` / `tsc --build` of TypeScript 5 (or 4) installed in `dir`, run in memory: the build
 * the repository's own scripts run (`tsc --build --clean && tsc --build`), with no file written
 * into the tree and no earlier output read as an input. Undefined for anything else: tsc without
 * `--build`, TypeScript 7 (its compiler has no JS API to host), a clean or watch.
 */
export function memoryBuild(dir: string, command: ToolCommand): MemoryBuild | undefined {
  // tsc itself (a launcher before it, `npx tsc`, would take the host's arguments as its own).
  if (basename(command.tool) !== "tsc") return undefined;
  const words = command.args;
  if (!words.some((w) => BUILD.test(w)) || words.some((w) => NOT_A_CHECK.test(w))) return undefined;
  const typescript = join(dir, "node_modules", "typescript");
  if (!existsSync(join(typescript, "lib", "typescript.js"))) return undefined;
  if (!(majorVersion(typescript) < 7)) return undefined;
  const host = fileURLToPath(new URL("./tsc-build-host.js", import.meta.url));
  return { command: { ...command, tool: "node" }, args: [host, typescript] };
}

function majorVersion(pkgDir: string): number {
  try {
    const { version } = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")) as {
      version?: string;
    };
    return Number(version?.split(".")[0] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}
