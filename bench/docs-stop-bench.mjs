// A docs-only stop on real repositories (issue 46 §3: at most 1.0 s on a 2-core machine, the
// Stop hook with the loop armed, a change that touches only documentation). For each corpus
// repository named: the loop armed at the base (untimed), the corpus' docs change made, one
// Stop timed (wall, and the CPU of the hook and its children), the report's per-stage times,
// then in the same round the repository's own check of the change by hand and a bare
// `node -e ""` (what a loaded machine makes of a process start). Prints the medians and the
// ratios: stop / 1.0 s target, stop / by hand, stop / node start. Not a test.
// Usage: nice node bench/docs-stop-bench.mjs    Needs: pnpm build (gates), the corpus' clones and
// installs (a run of bench/corpus-bench.mjs for these repositories, or the snapshots).
// Env: CORPUS_ONLY (ufo,zod), BENCH_RUNS (3), CORPUS_CACHE (~/.cache/agent-verify-corpus).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { apply } from "./corpus/changes.mjs";
import { armLoop, stop } from "./corpus/gates.mjs";
import { REPOS } from "./corpus/repos.mjs";
import { checkout, ensureClone, ensureInstall, sh, withConfig } from "./corpus/workspace.mjs";
import { median } from "./lib/measure.mjs";

const ONLY = (process.env.CORPUS_ONLY ?? "ufo,zod").split(",");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_MS = 1000;
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

/** The CPU seconds of the last `/usr/bin/time -f` line in `text`, in ms (undefined without it). */
function cpuOf(text) {
  const match = /CPU user=([\d.]+) sys=([\d.]+)\s*$/m.exec(text);
  return match ? Math.round((Number(match[1]) + Number(match[2])) * 1000) : undefined;
}

function nodeStart() {
  const started = performance.now();
  spawnSync(process.execPath, ["-e", ""]);
  return performance.now() - started;
}

const rows = [];
for (const name of ONLY) {
  const repo = REPOS.find((r) => r.name === name);
  if (!repo) throw new Error(`no corpus repository named ${name}`);
  ensureClone(repo);
  const base = withConfig(repo, repo.commit, repo.commit);
  checkout(repo, base);
  const installError = ensureInstall(repo);
  if (installError) throw new Error(installError);
  const stops = [];
  const cpus = [];
  const hands = [];
  const starts = [];
  const stages = {};
  for (let run = 0; run < RUNS; run++) {
    checkout(repo, base);
    armLoop(repo, base);
    const { files } = apply(repo, repo.changes.docs);
    const gated = stop(repo, base, TIME ? `${TIME} -f "CPU user=%U sys=%S"` : undefined);
    if (gated.decision !== "allow")
      throw new Error(`${name}: the docs-only stop was not allowed: ${gated.finding}`);
    stops.push(gated.ms);
    const cpu = cpuOf(gated.out);
    if (cpu !== undefined) cpus.push(cpu);
    for (const s of gated.report?.stages ?? []) (stages[s.stage] ??= []).push(s.duration_ms);
    hands.push(
      repo
        .hand(files)
        .filter(Boolean)
        .reduce((ms, command) => ms + sh(repo, command).ms, 0),
    );
    starts.push(nodeStart());
  }
  checkout(repo, base);
  const ms = median(stops);
  rows.push({
    repository: name,
    "stop ms": Math.round(ms),
    "stop CPU ms": cpus.length ? median(cpus) : "n/a",
    "stop / 1.0 s": (ms / TARGET_MS).toFixed(2),
    "by hand ms": Math.round(median(hands)),
    "stop / by hand": (ms / median(hands)).toFixed(2),
    "stop / node start": (ms / median(starts)).toFixed(1),
  });
  console.log(
    `${name}: stages (median ms) ${Object.entries(stages)
      .map(([stage, list]) => `${stage} ${median(list)}`)
      .join(", ")}`,
  );
}
console.log(`\ndocs-only stops, median of ${RUNS} (target: at most ${TARGET_MS} ms)`);
console.table(rows);
