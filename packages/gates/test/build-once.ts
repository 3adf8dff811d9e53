import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
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
 * The integration tests run the real bin, which imports dist/. turbo builds it before the
 * tests, so this compiles only when dist/ is missing or older than src/ (a checkout or an
 * edit after the build), never after a fresh turbo build.
 */
export default function setup(): void {
  const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");
  let built: number;
  try {
    built = statSync(join(pkg, "dist", "cli.js")).mtimeMs;
  } catch {
    built = 0;
  }
  if (built >= newest(join(pkg, "src"))) return;
  const tsc = join(pkg, "..", "..", "node_modules", ".bin", "tsc");
  execFileSync(tsc, ["-p", "tsconfig.build.json"], { cwd: pkg, stdio: "inherit" });
}
