import type { Stage } from "../context.js";
import { isScriptFile } from "../catalogue/test-files.js";
import { runToolStage } from "./tool-stage.js";

/** Stage 3: the type checker on the project; type errors count when they are new against the base. */
export const typecheck: Stage = (ctx) =>
  runToolStage(ctx, {
    stage: "typecheck",
    toolStage: "typecheck",
    hint: "fix the type error",
    relevant: (c) =>
      c.change.files.some((f) => isScriptFile(f.path) || f.path.endsWith(".json"))
        ? undefined
        : "no TypeScript, JavaScript or JSON file changed",
  });
