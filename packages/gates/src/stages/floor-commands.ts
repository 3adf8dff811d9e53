import type { GateFinding } from "@agent-verify/contract";
import type { GatesContext } from "../context.js";
import { gitTry } from "../git.js";
import { splitArgs } from "../tools/adapter.js";
import { adapterFor } from "../tools/adapters.js";
import { parseCommand } from "../tools/command.js";
import { PLAIN } from "../tools/plain.js";
import { deadlineOf, runTool } from "../tools/run-tool.js";
import { commandChangeFinding, type CommandChange } from "../floor/floor-config.js";
import { runnerOf } from "./test-run.js";
import { runAdapter } from "./tool-stage.js";

const branchOf = (ref: string) =>
  ref.replace(/^refs\/heads\/|^refs\/remotes\/[^/]+\/|^origin\//, "");

/** HEAD is the base branch itself: the repository's owner changing its own bar. */
async function onBaseBranch(ctx: GatesContext): Promise<boolean> {
  const head = await gitTry(ctx.root, ["rev-parse", "--abbrev-ref", "HEAD"]);
  return head.ok && head.stdout.trim() === branchOf(ctx.base.ref);
}

/** The adapter (or test runner) a command runs through; "plain" when gates has none. */
const toolOf = (stage: CommandChange["stage"], text: string) => {
  const command = parseCommand(text);
  return stage === "test" ? runnerOf(command) : adapterFor(command).name;
};

/** Why a base command does not pass on the base, or undefined when it does. */
async function failingOnBase(
  ctx: GatesContext,
  stage: CommandChange["stage"],
  text: string,
): Promise<string | undefined> {
  const command = parseCommand(text);
  const dir = await ctx.baseDir();
  const adapter = adapterFor(command);
  try {
    if (stage === "test" || adapter === PLAIN) {
      const deadline = deadlineOf(ctx.config.timeouts, stage === "test" ? "test_s" : "tool_s");
      const result = await runTool(dir, command, [], "floor", ctx.env, deadline);
      return result.exitCode === 0
        ? undefined
        : `'${text}' fails on the base (exit ${result.exitCode})`;
    }
    const named = splitArgs(command, adapter.name === "biome" ? 1 : 0).paths.length > 0;
    const files = adapter.scope === "files" && !named ? ["."] : undefined;
    const found = await runAdapter(ctx, "floor", dir, command, adapter, files);
    if (found.length === 0) return undefined;
    return `'${text}' reports ${found.length} problem${found.length === 1 ? "" : "s"} on the base`;
  } catch (error) {
    return `'${text}' could not run on the base: ${(error as Error).message.split("\n")[0]}`;
  }
}

/**
 * Issue 25 §2: replacing a stage's command is a move of tools, not a loosening, when the
 * change is made on the base branch itself, or when every replacing command has an adapter
 * and every replaced one still passes on the base. Anything else stays a floor finding that
 * says which of the two to do.
 */
export async function commandMoveFindings(
  ctx: GatesContext,
  changes: readonly CommandChange[],
): Promise<GateFinding[]> {
  if (await onBaseBranch(ctx)) {
    for (const c of changes)
      ctx.progress(
        `gates: floor: commands.${c.stage} replaced on the base branch itself: accepted`,
      );
    return [];
  }
  const out: GateFinding[] = [];
  for (const change of changes) {
    const plain = change.after.filter((text) => toolOf(change.stage, text) === "plain");
    if (plain.length > 0) {
      const names = plain.map((t) => `'${t}'`).join(", ");
      out.push(
        commandChangeFinding(
          change,
          `${names} has no adapter, so only the base branch may make this change`,
        ),
      );
      continue;
    }
    // The base's own tool with other arguments (fewer paths, another config) is no move of tools.
    const kept = new Set(change.before.map((text) => toolOf(change.stage, text)));
    const same = change.after.filter((text) => kept.has(toolOf(change.stage, text)));
    if (same.length > 0) {
      const names = same.map((t) => `'${t}'`).join(", ");
      out.push(
        commandChangeFinding(change, `${names} runs the base's own tool with other arguments`),
      );
      continue;
    }
    let why: string | undefined;
    for (const text of change.before) why ??= await failingOnBase(ctx, change.stage, text);
    if (why === undefined)
      ctx.progress(
        `gates: floor: commands.${change.stage} moved to other tools; the base's commands pass on the base: accepted`,
      );
    else out.push(commandChangeFinding(change, why));
  }
  return out;
}
