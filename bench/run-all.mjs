// `pnpm bench`: every benchmark, one after another (they would disturb each other's
// timings if run at once). Each prints its own medians and ratios.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const benches = [
  "runner-bench.mjs",
  "manager-bench.mjs",
  "manager-startup-bench.mjs",
  "scale-bench.mjs",
  "cpu-bench.mjs",
  "gates-bench.mjs",
  "gates-tools-bench.mjs",
  "oracle-bench.mjs",
  "hook-bench.mjs",
  "tool-record-bench.mjs",
  "stop-bench.mjs",
  "redact-bench.mjs",
];
let failed = 0;
for (const bench of benches) {
  console.log(`\n### ${bench}`);
  const path = fileURLToPath(new URL(bench, import.meta.url));
  const result = spawnSync(process.execPath, [path, ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  if (result.status !== 0) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
