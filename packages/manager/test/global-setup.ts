import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

function newest(folder: string): number {
  let latest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    // Test files are not compiled into dist/.
    if (entry.name.endsWith(".test.ts")) continue;
    const time = entry.isDirectory() ? newest(path) : statSync(path).mtimeMs;
    latest = Math.max(latest, time);
  }
  return latest;
}

/**
 * CLI tests run bin/verify-manager.js, which loads dist/bundle/. turbo builds it before the tests,
 * so this compiles only when dist/ is missing or older than src/ (a checkout or an edit
 * after the build), never after a fresh turbo build.
 */
export default function setup(): () => void {
  // The ticket loop keeps its signing key and locks in the user's state folder: tests get
  // their own (inherited by the test workers and every CLI they spawn), never the real one.
  const state = mkdtempSync(join(tmpdir(), "vm-state-"));
  process.env.VERIFY_STATE_DIR = state;
  const root = fileURLToPath(new URL("..", import.meta.url));
  let built: number;
  try {
    built = statSync(join(root, "dist", "bundle", "cli.js")).mtimeMs;
  } catch {
    built = 0;
  }
  if (built < newest(join(root, "src"))) {
    const tsc = fileURLToPath(new URL("../../../node_modules/typescript/bin/tsc", import.meta.url));
    execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], {
      cwd: root,
      stdio: "inherit",
    });
    // The bin runs the bundle of what tsc just wrote (scripts/bundle.mjs).
    execFileSync(process.execPath, [join(root, "scripts", "bundle.mjs")], {
      cwd: root,
      stdio: "inherit",
    });
  }
  return () => rmSync(state, { recursive: true, force: true });
}
