import type { Stage } from "../context.js";
import { runToolStage } from "./tool-stage.js";

/** Stage 4: the linters on the changed files; findings count when they are new against the base. */
export const lint: Stage = (ctx) =>
  runToolStage(ctx, {
    stage: "lint",
    toolStage: "lint",
    hint: "fix the lint error (do not disable the rule)",
  });
