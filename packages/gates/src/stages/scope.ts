import picomatch from "picomatch";
import type { GateFinding } from "@agent-verify/contract";
import { finding, outcome, type Stage } from "../context.js";
import { taskScopeFindings } from "./task-scope.js";

/**
 * Stage 1: changed files inside `scope.allow` and outside `scope.block`; changed lines within
 * `diff_budget`. A task file adds its `## FILES` as a scope and 3 × ESTIMATED_DIFF as a budget.
 */
export const scope: Stage = async (ctx) => {
  const { allow, block } = ctx.config.scope;
  const isAllowed = allow ? picomatch(allow, { dot: true }) : () => true;
  const isBlocked = picomatch(block.length > 0 ? block : ["\0"], { dot: true });
  const findings: GateFinding[] = [];
  let changedLines = 0;
  for (const file of ctx.change.files) {
    changedLines += file.added.size + file.deleted;
    for (const path of new Set([file.path, file.oldPath ?? file.path])) {
      if (isBlocked(path)) {
        findings.push(
          finding(
            "scope",
            path,
            null,
            "blocked-file",
            `${path} is in scope.block`,
            "leave blocked files alone",
          ),
        );
      } else if (!isAllowed(path)) {
        findings.push(
          finding(
            "scope",
            path,
            null,
            "out-of-scope",
            `${path} is outside scope.allow`,
            "limit the change to the allowed paths",
          ),
        );
      }
    }
  }
  if (ctx.task) findings.push(...taskScopeFindings(ctx.task, ctx.change.files));
  const fromTask = ctx.task?.estimatedDiff === undefined ? undefined : 3 * ctx.task.estimatedDiff;
  const fromConfig = ctx.config.diff_budget;
  // The stricter budget decides: a task never loosens the config's.
  const budget =
    fromTask === undefined || (fromConfig !== undefined && fromConfig <= fromTask)
      ? fromConfig
      : fromTask;
  if (budget !== undefined && changedLines > budget) {
    const source =
      budget === fromTask && ctx.task
        ? ` (3 × ESTIMATED_DIFF ${ctx.task.estimatedDiff} in ${ctx.task.file})`
        : "";
    const message = `${changedLines} changed lines, over the diff budget of ${budget}${source}`;
    findings.push(
      finding("scope", null, null, "diff-budget", message, "split the change into smaller ones"),
    );
  }
  return outcome(findings);
};
