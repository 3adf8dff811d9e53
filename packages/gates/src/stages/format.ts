import { isPresent } from "../diff/change.js";
import type { Stage } from "../context.js";
import { PRETTIER_ARGS, prettierFindings } from "../tools/prettier.js";
import { deadlineOf, runTool } from "../tools/run-tool.js";
import { runToolStage } from "./tool-stage.js";

/** Stage 5: prettier on the changed files; an unformatted file counts when it was formatted at the base. */
export const format: Stage = async (ctx) => {
  const outcome = await runToolStage(ctx, {
    stage: "format",
    toolStage: "format",
    hint: "run prettier --write on the file",
    files: (c) => c.change.files.filter(isPresent).map((f) => f.path),
    run: async (dir, command, files) =>
      prettierFindings(
        command,
        await runTool(
          dir,
          command,
          [...PRETTIER_ARGS, "--", ...(files ?? [])],
          "format",
          ctx.env,
          deadlineOf(ctx.config.timeouts, "tool_s"),
        ),
        dir,
      ),
  });
  // Point an unformatted file at its first changed line.
  for (const f of outcome.findings) {
    if (f.line !== null || f.file === null) continue;
    const added = ctx.change.files.find((c) => c.path === f.file)?.added;
    f.line = added && added.size > 0 ? Math.min(...added.keys()) : 1;
  }
  return outcome;
};
