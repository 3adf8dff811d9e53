// Each tool runs in this process from its own package's bin, exactly as if that bin had
// been called: no second Node start, and the tool sees the argv it would have seen.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

export type Tool = "runner" | "manager" | "gates";

export const BIN_OF: Readonly<Record<Tool, string>> = {
  runner: "verify-runner",
  manager: "verify-manager",
  gates: "verify-gates",
};

const requireHere = createRequire(import.meta.url);

/** The file the tool's own package.json names as its bin. */
export function toolBinPath(tool: Tool): string {
  const manifestPath = requireHere.resolve(`@agent-verify/${tool}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
    bin?: Record<string, string>;
  };
  const bin = manifest.bin?.[BIN_OF[tool]];
  if (!bin) throw new Error(`@agent-verify/${tool} declares no ${BIN_OF[tool]} bin`);
  return join(dirname(manifestPath), bin);
}

/** Run `verify-<tool> ...args` in this process. */
export async function runTool(tool: Tool, args: readonly string[]): Promise<void> {
  const bin = toolBinPath(tool);
  process.argv = [process.argv[0] as string, bin, ...args];
  await import(pathToFileURL(bin).href);
}
