import { basename, dirname, isAbsolute } from "node:path";
import type { RunReport } from "@agent-verify/contract";
import { withoutLocalPaths } from "../../ticket/report/local-paths.js";

/** Every absolute folder an artifact of the run lies in (the runner's evidence folders). */
function artifactFolders(report: RunReport): string[] {
  const folders = new Set<string>();
  const add = (artifacts: Record<string, unknown> | null | undefined) => {
    for (const value of Object.values(artifacts ?? {})) {
      if (typeof value === "string" && isAbsolute(value) && value.length > 1) {
        folders.add(dirname(value));
      }
    }
  };
  for (const outcome of report.outcomes) {
    add(outcome.artifacts);
    add(outcome.first_attempt?.artifacts);
    add(outcome.result?.artifacts);
  }
  return [...folders].filter((folder) => folder !== "/").sort((a, b) => b.length - a.length);
}

/**
 * A text as the uploaded report shows it: paths in the project relative to it, the home
 * folder `~`, and an evidence folder elsewhere (a merged shard's) by its own name only. The
 * report folder is a CI artifact: where this machine keeps its files is nobody's business.
 */
export function localPathRemover(report: RunReport, projectDir: string): (text: string) => string {
  const folders = artifactFolders(report);
  return (text) => {
    let out = withoutLocalPaths(text, projectDir);
    for (const folder of folders) {
      out = out.replaceAll(`${folder}/`, "").replaceAll(folder, basename(folder));
    }
    return out;
  };
}

/** Every string in a value through `map`. */
export function mapStrings<T>(value: T, map: (text: string) => string): T {
  if (typeof value === "string") return map(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => mapStrings(item, map)) as T;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]);
    return Object.fromEntries(entries) as T;
  }
  return value;
}
