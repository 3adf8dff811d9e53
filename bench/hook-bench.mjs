// Stop-hook benchmark (not a test): once wired, `verify-gates hook` runs at the end of every
// turn of every session, so the path without a loop file must cost little more than starting
// Node. Prints medians of interleaved runs and the ratio to `node -e 0`.
// Usage: node bench/hook-bench.mjs [runs]    Needs: pnpm build (gates).
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { compare, printTable, ratio, timeCommand } from "./lib/measure.mjs";

const runs = Number(process.argv[2] ?? 10);
const bin = fileURLToPath(new URL("../packages/gates/bin/verify-gates.js", import.meta.url));
const repo = mkdtempSync(join(tmpdir(), "hook-bench-"));
execFileSync("git", ["init", "-q", "-b", "main"], { cwd: repo });
const payload = JSON.stringify({ session_id: "bench", cwd: repo, stop_hook_active: false });

const results = compare(
  {
    "node -e 0": () => timeCommand(process.execPath, ["-e", "0"]),
    "verify-gates hook (no loop file)": () =>
      timeCommand(process.execPath, [bin, "hook"], {
        cwd: repo,
        input: payload,
        stdio: ["pipe", "pipe", "pipe"],
      }),
    "verify-gates --version": () => timeCommand(process.execPath, [bin, "--version"]),
  },
  runs,
);
printTable(
  "median wall ms",
  Object.fromEntries(Object.entries(results).map(([k, v]) => [k, v.median_ms])),
);
printTable("ratio to node -e 0", {
  "hook (no loop file)": ratio(
    results["verify-gates hook (no loop file)"].median_ms,
    results["node -e 0"].median_ms,
  ),
  "--version": ratio(results["verify-gates --version"].median_ms, results["node -e 0"].median_ms),
});
