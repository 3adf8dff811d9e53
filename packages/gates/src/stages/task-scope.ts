import type { GateFinding } from "@agent-verify/contract";
import { finding } from "../context.js";
import type { FileChange } from "../diff/change.js";
import type { Task, TaskFileEntry } from "../task/task-file.js";

const added = (f: FileChange) => f.status === "added" || f.status === "untracked";

function actionFinding(entry: TaskFileEntry, task: Task, change: FileChange[]): string | undefined {
  const asNew = change.find((f) => f.path === entry.path);
  const asOld = change.find((f) => f.oldPath === entry.path);
  if (entry.action === "add") {
    if (asNew && (added(asNew) || asNew.status === "renamed")) return undefined;
    return asNew ? `it was ${asNew.status}, not added` : "it was not added";
  }
  if (entry.action === "delete") {
    if (asOld || asNew?.status === "deleted") return undefined;
    return asNew ? `it was ${asNew.status}, not deleted` : "it was not deleted";
  }
  if (asNew?.status === "deleted") return "it was deleted, not modified";
  if (asOld) return `it was renamed to ${asOld.path}, not modified`;
  return undefined;
}

/** The task's `## FILES` as the scope: nothing changed outside it, each add/delete done. */
export function taskScopeFindings(task: Task, files: FileChange[]): GateFinding[] {
  const listed = new Map((task.files ?? []).map((e) => [e.path, e]));
  const findings: GateFinding[] = [];
  if (task.files === undefined) return findings;
  for (const file of files) {
    for (const path of new Set([file.path, file.oldPath ?? file.path])) {
      if (listed.has(path)) continue;
      findings.push(
        finding(
          "scope",
          path,
          null,
          "not-in-task",
          `${path} is changed but not listed in ## FILES of ${task.file}`,
          "leave it alone, or ask for it to be added to the task",
        ),
      );
    }
  }
  for (const entry of listed.values()) {
    const why = actionFinding(entry, task, files);
    if (why === undefined) continue;
    findings.push(
      finding(
        "scope",
        entry.path,
        null,
        "task-action",
        `${task.file}:${entry.line} says ${entry.action} ${entry.path}, but ${why}`,
        `${entry.action} ${entry.path} as the task says, or leave it as it was`,
      ),
    );
  }
  return findings;
}
