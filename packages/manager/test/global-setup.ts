import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** CLI tests run bin/verify-manager.js, which loads dist/: build it from the current src first. */
export default function setup(): void {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const tsc = fileURLToPath(new URL("../../../node_modules/typescript/bin/tsc", import.meta.url));
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], {
    cwd: root,
    stdio: "inherit",
  });
}
