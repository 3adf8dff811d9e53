import { isPresent } from "../diff/change.js";
import type { Stage } from "../context.js";
import { ESLINT_ARGS, eslintFindings } from "../tools/eslint.js";
import { requireKnownTool } from "../tools/known.js";
import { deadlineOf, runTool } from "../tools/run-tool.js";
import { isScriptFile } from "./floor-patterns.js";
import { runToolStage } from "./tool-stage.js";

/** Stage 4: eslint on the changed files; findings count when they are new against the base. */
export const lint: Stage = (ctx) =>
  runToolStage(ctx, {
    stage: "lint",
    toolStage: "lint",
    hint: "fix the lint error (do not disable the rule)",
    files: (c) =>
      c.change.files.filter((f) => isPresent(f) && isScriptFile(f.path)).map((f) => f.path),
    run: async (dir, command, files) => {
      requireKnownTool("lint", command);
      const args = [...ESLINT_ARGS, "--", ...(files ?? [])];
      const deadline = deadlineOf(ctx.config.timeouts, "tool_s");
      return eslintFindings(
        command,
        await runTool(dir, command, args, "lint", ctx.env, deadline),
        dir,
      );
    },
  });
