import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** Where playwright-core keeps the trace viewer's static files (lib/vite/traceViewer in 1.4x–1.6x). */
const VIEWER_PATHS = [join("lib", "vite", "traceViewer"), join("lib", "webpack", "traceViewer")];

/**
 * The trace viewer of the installed playwright-core, found from the project first (the
 * version the runner records traces with), then from the manager's own install. Nothing is
 * downloaded: without playwright-core the report is served without it.
 */
export function findTraceViewer(fromDirs: readonly string[]): string | undefined {
  const requires = [
    ...fromDirs.map((dir) => createRequire(join(dir, "noop.js"))),
    createRequire(import.meta.url),
  ];
  for (const require of requires) {
    let root: string;
    try {
      root = dirname(require.resolve("playwright-core/package.json"));
    } catch {
      continue;
    }
    for (const path of VIEWER_PATHS) {
      const viewer = join(root, path);
      if (existsSync(join(viewer, "index.html"))) return viewer;
    }
  }
  return undefined;
}
