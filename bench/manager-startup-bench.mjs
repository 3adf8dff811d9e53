#!/usr/bin/env node
// Manager start-up benchmark (not a test): the bin, which runs the CLI as one bundle
// (packages/manager/dist/bundle/, scripts/bundle.mjs), against the same CLI loaded from the
// ~150 modules tsc wrote (dist/cli.js). Each command fails fast with exit 2 (no manifest, no
// tracker), so what is timed is start-up: node, the modules, parsing, the first check.
// Wall and CPU (user+sys, GNU time when present), medians, interleaved, one run.
// Usage: node bench/manager-startup-bench.mjs [--runs 15]    Needs: pnpm build (manager).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, printTable, ratio, timeNodeWithCpu } from "./lib/measure.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BIN = join(ROOT, "packages/manager/bin/verify-manager.js");
const MODULES = join(ROOT, "packages/manager/dist/cli.js");
const runsAt = process.argv.indexOf("--runs");
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 15;
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a whole number of runs");
const empty = mkdtempSync(join(tmpdir(), "vm-startup-bench-"));

/** One process: wall and CPU ms; it must exit 2 (the command's documented setup error). */
const measure = (entry, args) => timeNodeWithCpu([entry, ...args], { expectExit: 2 });

const commands = {
  "run --all (no manifest)": ["run", "--all", "--dir", empty],
  "issue t-1 (no tracker)": ["issue", "t-1", "--dir", empty],
};
const entries = { bundle: BIN, modules: MODULES };
const times = {};
try {
  for (let round = -1; round < runs; round++) {
    for (const [name, args] of Object.entries(commands)) {
      for (const [kind, entry] of Object.entries(entries)) {
        const { wall, cpu } = measure(entry, args);
        if (round < 0) continue;
        const key = `${name}, ${kind}`;
        (times[key] ??= { wall: [], cpu: [] }).wall.push(wall);
        times[key].cpu.push(cpu);
      }
    }
  }
} finally {
  rmSync(empty, { recursive: true, force: true });
}
const ms = (x) => (Number.isNaN(x) ? "n/a" : `${Math.round(x)} ms`);
printTable(
  `median wall / cpu (${runs} runs each, interleaved, after 1 warm-up)`,
  Object.fromEntries(
    Object.entries(times).map(([key, t]) => [key, `${ms(median(t.wall))} / ${ms(median(t.cpu))}`]),
  ),
);
printTable(
  "bundle / modules",
  Object.fromEntries(
    Object.keys(commands).flatMap((name) => {
      const b = times[`${name}, bundle`];
      const m = times[`${name}, modules`];
      return [
        [`${name}: wall`, ratio(median(b.wall), median(m.wall))],
        [`${name}: cpu`, ratio(median(b.cpu), median(m.cpu))],
      ];
    }),
  ),
);
