import type { GateFinding } from "@agent-verify/contract";
import { finding, type GatesContext } from "../context.js";
import { NODE_TOOLS } from "../tools/command.js";
import { installedTool, lockedVersion, readLock } from "../tools/package-bin.js";

/**
 * The trusted tools' installed packages agree with the lockfile: a tool package swapped or
 * edited in node_modules under another version is a finding (gates runs the package's entry,
 * so the package itself is what must be genuine).
 */
export function toolPackageFindings(ctx: GatesContext): GateFinding[] {
  const lock = readLock(ctx.root);
  if (lock === undefined) return [];
  const out: GateFinding[] = [];
  const seen = new Set<string>();
  for (const tool of Object.keys(NODE_TOOLS)) {
    const installed = installedTool(ctx.root, tool);
    if (installed === undefined || seen.has(installed.name)) continue;
    seen.add(installed.name);
    const locked = lockedVersion(ctx.root, installed.name, lock);
    if (locked === undefined || !/^\d/.test(locked) || locked === installed.version) continue;
    out.push(
      finding(
        "floor",
        `node_modules/${installed.name}/package.json`,
        null,
        "tool-package-mismatch",
        `${installed.name} in node_modules is ${installed.version ?? "unversioned"}, but ${lock.file} pins ${locked}: the tool gates runs is not the one the lockfile installs`,
        `reinstall (e.g. pnpm install --frozen-lockfile) instead of changing the tool's package`,
      ),
    );
  }
  return out;
}
