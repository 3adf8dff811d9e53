import { existsSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import type { GateFinding, GateStage } from "@agent-verify/contract";
import { finding, outcome, skip, type GatesContext, type StageOutcome } from "../context.js";
import { isPresent } from "../diff/change.js";
import { baseFindings, newAgainstBase } from "../hold-line.js";
import { isUnder, splitArgs, type ToolAdapter } from "../tools/adapter.js";
import { adapterFor } from "../tools/adapters.js";
import { packageVersion, type ToolCommand } from "../tools/command.js";
import type { ToolStage } from "../tools/detect.js";
import { PLAIN, plainNote } from "../tools/plain.js";
import { deadlineOf, runArgv, type RawFinding } from "../tools/run-tool.js";
import { memoryBuild } from "../tools/tsc-build.js";
import { tscIncremental } from "../tools/tsc-incremental.js";

export interface ToolStageSpec {
  stage: GateStage;
  toolStage: ToolStage;
  hint: string;
  /** The stage runs at all (typecheck: only when a script or JSON file changed). */
  relevant?: (ctx: GatesContext) => string | undefined;
}

/**
 * The changed files a command is given: the present ones its tool accepts, narrowed to the
 * paths the command names (`oxlint src` → the changed files under src). `undefined`: the
 * command names paths gates cannot read (a glob), so it runs with them as written.
 */
export function commandFiles(
  ctx: GatesContext,
  command: ToolCommand,
  adapter: ToolAdapter,
): string[] | undefined {
  if (adapter.scope === "project") return undefined;
  const { paths } = splitArgs(command, adapter.name === "biome" ? 1 : 0);
  if (!paths.every((p) => existsSync(join(ctx.root, p)))) return undefined;
  return ctx.change.files
    .filter((f) => isPresent(f) && adapter.accepts(f.path))
    .map((f) => f.path)
    .filter((path) => paths.length === 0 || paths.some((p) => isUnder(path, p)));
}

/**
 * A base run's finding path as the working tree's run names the same file. The base's worktree
 * links the working tree's node_modules, and a checker names a file it reached through the link
 * by its real path (tsc: a dependency's .d.ts): outside the worktree, it is named from the root.
 */
function asWorkingPath(ctx: GatesContext, dir: string, file: string | null): string | null {
  if (file === null) return null;
  const absolute = resolve(dir, file);
  const inside = relative(dir, absolute);
  if (!inside.startsWith("..") && !isAbsolute(inside)) return file;
  return relative(ctx.root, absolute).split("\\").join("/");
}

/** One run of an adapter's tool in `dir` (the working tree or the base's worktree). */
export async function runAdapter(
  ctx: GatesContext,
  stage: string,
  dir: string,
  command: ToolCommand,
  adapter: ToolAdapter,
  files: string[] | undefined,
): Promise<RawFinding[]> {
  const deadline = deadlineOf(ctx.config.timeouts, "tool_s");
  const argv = adapter.argv(command, files, dir);
  // `tsc --build` builds in memory: nothing written into the tree, no earlier output read.
  const build = adapter.name === "tsc" ? memoryBuild(dir, command) : undefined;
  // tsc on the working tree checks what changed since its last run (build info in the state folder).
  const incremental =
    adapter.name === "tsc" && dir === ctx.root && !build
      ? await tscIncremental(ctx.root, command, ctx.env)
      : undefined;
  let completed = false;
  try {
    const result = await runArgv(
      dir,
      build?.command ?? command,
      [...(build?.args ?? []), ...argv, ...(incremental?.args ?? [])],
      stage,
      ctx.env,
      deadline,
    );
    const found = adapter.parse(stage, command, result, dir);
    completed = true;
    return dir === ctx.root
      ? found
      : found.map((f) => ({ ...f, file: asWorkingPath(ctx, dir, f.file) }));
  } finally {
    await incremental?.done(completed);
  }
}

function toBasePaths(ctx: GatesContext, files: string[] | undefined): string[] | undefined {
  if (files === undefined) return undefined;
  const byPath = new Map(ctx.change.files.map((f) => [f.path, f]));
  const out: string[] = [];
  for (const path of files) {
    const file = byPath.get(path);
    if (file?.status === "modified") out.push(path);
    else if (file?.status === "renamed" && file.oldPath) out.push(file.oldPath);
  }
  return out;
}

/**
 * The findings of one command that are new against the base (plain commands: all of them);
 * undefined when none of the changed files is the command's to check.
 */
async function commandFindings(
  ctx: GatesContext,
  spec: ToolStageSpec,
  command: ToolCommand,
): Promise<RawFinding[] | undefined> {
  const adapter = adapterFor(command);
  const files = commandFiles(ctx, command, adapter);
  if (files !== undefined && files.length === 0) return undefined;
  const current = await runAdapter(ctx, spec.stage, ctx.root, command, adapter, files);
  if (current.length === 0 || adapter === PLAIN) return current;
  const baseFiles = toBasePaths(ctx, files);
  const version = packageVersion(ctx.root, adapter.pkg);
  const base =
    baseFiles !== undefined && baseFiles.length === 0
      ? []
      : await baseFindings(ctx, [spec.stage, command.text, version, baseFiles], (dir) =>
          runAdapter(ctx, spec.stage, dir, command, adapter, baseFiles),
        );
  return newAgainstBase(ctx, current, base);
}

/** Typecheck and lint: each command through its adapter, findings new against the base. */
export async function runToolStage(ctx: GatesContext, spec: ToolStageSpec): Promise<StageOutcome> {
  const irrelevant = spec.relevant?.(ctx);
  if (irrelevant !== undefined) return skip(irrelevant);
  const commands = ctx.commands(spec.toolStage);
  if ("off" in commands) return skip(commands.off);
  const findings: GateFinding[] = [];
  let ran = false;
  for (const command of commands.commands) {
    const found = await commandFindings(ctx, spec, command);
    ran ||= found !== undefined;
    for (const f of found ?? [])
      findings.push(finding(spec.stage, f.file, f.line, f.rule, f.message, spec.hint));
  }
  if (!ran) return skip("no changed files for this tool");
  return outcome(findings, plainReason(commands.commands));
}

/** The stage's note when some of its commands are judged by exit code only. */
export function plainReason(commands: readonly ToolCommand[]): string | undefined {
  const plain = commands.filter((c) => adapterFor(c) === PLAIN);
  return plain.length === 0 ? undefined : plainNote(plain);
}
