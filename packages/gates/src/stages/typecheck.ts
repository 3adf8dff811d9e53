import type { Stage } from "../context.js";
import { isScriptFile } from "./floor-patterns.js";
import { requireKnownTool } from "../tools/known.js";
import { deadlineOf, runTool } from "../tools/run-tool.js";
import { tscFindings } from "../tools/tsc.js";
import { runToolStage } from "./tool-stage.js";
import { skip } from "../context.js";

/** Stage 3: tsc on the project; type errors count when they are new against the base. */
export const typecheck: Stage = async (ctx) => {
  const relevant = ctx.change.files.some((f) => isScriptFile(f.path) || f.path.endsWith(".json"));
  if (!relevant) return skip("no TypeScript, JavaScript or JSON file changed");
  return runToolStage(ctx, {
    stage: "typecheck",
    toolStage: "typecheck",
    hint: "fix the type error",
    files: () => undefined,
    run: async (dir, command) => {
      requireKnownTool("typecheck", command);
      const deadline = deadlineOf(ctx.config.timeouts, "tool_s");
      const result = await runTool(
        dir,
        command,
        ["--pretty", "false"],
        "typecheck",
        ctx.env,
        deadline,
      );
      return tscFindings(command, result, dir);
    },
  });
};
