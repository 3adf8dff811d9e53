import type { GateFinding, GateStage } from "@agent-verify/contract";
import { finding, outcome, skip, type GatesContext, type StageOutcome } from "../context.js";
import { baseFindings, newAgainstBase } from "../hold-line.js";
import { packageVersion, NODE_TOOLS, type ToolCommand } from "../tools/command.js";
import type { ToolStage } from "../tools/detect.js";
import type { RawFinding } from "../tools/run-tool.js";

export interface ToolStageSpec {
  stage: GateStage;
  toolStage: ToolStage;
  hint: string;
  /** Files to pass to the tool (repository paths), or undefined for the whole project. */
  files: (ctx: GatesContext) => string[] | undefined;
  run: (dir: string, command: ToolCommand, files: string[] | undefined) => Promise<RawFinding[]>;
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

/** Typecheck, lint and format: run on the change, keep only the findings that are new against the base. */
export async function runToolStage(ctx: GatesContext, spec: ToolStageSpec): Promise<StageOutcome> {
  const commands = ctx.commands(spec.toolStage);
  if ("off" in commands) return skip(commands.off);
  const files = spec.files(ctx);
  if (files !== undefined && files.length === 0) return skip("no changed files for this tool");
  const findings: GateFinding[] = [];
  for (const command of commands.commands) {
    const current = await spec.run(ctx.root, command, files);
    if (current.length === 0) continue;
    const baseFiles = toBasePaths(ctx, files);
    const version = packageVersion(ctx.root, NODE_TOOLS[command.tool] ?? command.tool);
    const base =
      baseFiles !== undefined && baseFiles.length === 0
        ? []
        : await baseFindings(ctx, [spec.stage, command.text, version, baseFiles], (dir) =>
            spec.run(dir, command, baseFiles),
          );
    for (const f of newAgainstBase(ctx, current, base)) {
      findings.push(finding(spec.stage, f.file, f.line, f.rule, f.message, spec.hint));
    }
  }
  return outcome(findings);
}
