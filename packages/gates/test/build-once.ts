import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// The integration tests run the real bin, which imports dist/: build it once before they start.
export default function setup(): void {
  const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");
  const tsc = join(pkg, "..", "..", "node_modules", ".bin", "tsc");
  execFileSync(tsc, ["-p", "tsconfig.build.json"], { cwd: pkg, stdio: "inherit" });
}
