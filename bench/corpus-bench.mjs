// The real-repository corpus (issue 46 §1): gates on public repositories people depend on, each
// pinned (bench/corpus/repos.mjs). For each: its last commits that touch code or tests replayed
// (BASE=C^, against its own scripts at C: false red, false green, setup error), then honest agent
// changes through the Stop hook with the loop armed at the base, each stop timed against the same
// checks scoped by hand in the same run, and one change that breaks a test. Prints one table; the
// raw reports (gates.json, summary, own scripts' output) stay under the cache's reports/<time>/.
// Not a test, not part of `pnpm bench`: it takes long (an hour and more for the full corpus).
// Usage: nice -n 10 node bench/corpus-bench.mjs    Needs: pnpm build (gates), the snapshots
// (`fetch github:<owner>/<name>` for each repository) and the npm registry for the installs.
// Env: CORPUS_COMMITS (25 commits replayed per repository; 0 skips the replay), CORPUS_ONLY
// (name,name), CORPUS_CHANGES (fix,module,…; "none" skips them), CORPUS_CACHE
// (~/.cache/agent-verify-corpus), CORPUS_MIRROR (/work/.mirror), CORPUS_TIMEOUT_S (1200 a command).
// CORPUS_TABLE=<reports dir>,<reports dir>: run nothing; print the table of earlier runs merged
// (a later run's replayed commits and stops replace an earlier one's of the same name).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CHANGES, runChanges } from "./corpus/changes.mjs";
import { replay } from "./corpus/replay.mjs";
import { selectRepos } from "./corpus/repos.mjs";
import { problems, table } from "./corpus/table.mjs";
import {
  CACHE,
  checkout,
  ensureClone,
  ensureInstall,
  git,
  withConfig,
} from "./corpus/workspace.mjs";

if (process.env.CORPUS_TABLE) {
  const merged = new Map();
  for (const dir of process.env.CORPUS_TABLE.split(",")) {
    for (const r of JSON.parse(readFileSync(join(dir, "results.json"), "utf8"))) {
      const into = merged.get(r.name) ?? { name: r.name, commit: r.commit, replay: [], stops: [] };
      const byKey = (list, key, more) => [
        ...list.filter((x) => !more.some((y) => y[key] === x[key])),
        ...more,
      ];
      into.replay = byKey(into.replay, "commit", r.replay ?? []);
      into.stops = byKey(into.stops, "name", r.stops ?? []);
      if (r.error && into.replay.length + into.stops.length === 0) into.error = r.error;
      else delete into.error;
      merged.set(r.name, into);
    }
  }
  const results = [...merged.values()];
  console.log(table(results));
  for (const line of problems(results)) console.log(`- ${line}`);
  process.exit(0);
}

const COMMITS = Number(process.env.CORPUS_COMMITS ?? 25);
const ONLY_CHANGES = process.env.CORPUS_CHANGES
  ? process.env.CORPUS_CHANGES === "none"
    ? []
    : process.env.CORPUS_CHANGES.split(",")
  : CHANGES;
const repos = selectRepos();
const stamp = new Date().toISOString().replaceAll(":", "-").replace(".", "-");
const reports = join(CACHE, "reports", stamp);
mkdirSync(reports, { recursive: true });
const log = (line) => console.log(line);
log(`corpus bench: ${repos.length} repositories, ${COMMITS} commits each; reports in ${reports}`);

const results = [];
const save = () => writeFileSync(join(reports, "results.json"), JSON.stringify(results, null, 2));
for (const repo of repos) {
  const started = performance.now();
  log(`\n${repo.name} (${repo.source}@${repo.commit.slice(0, 10)}): ${repo.covers}`);
  const result = { name: repo.name, commit: repo.commit, replay: [], stops: [] };
  results.push(result);
  try {
    ensureClone(repo);
    git(repo, "cat-file", "-e", `${repo.commit}^{commit}`);
    const dir = join(reports, repo.name);
    if (COMMITS > 0) result.replay = replay(repo, repo.commit, COMMITS, dir, log);
    if (ONLY_CHANGES.length > 0) {
      const base = withConfig(repo, repo.commit, repo.commit);
      checkout(repo, base);
      const installError = ensureInstall(repo);
      if (installError) throw new Error(installError);
      result.stops = runChanges(repo, base, ONLY_CHANGES, dir, log);
    }
  } catch (error) {
    result.error = String(error.message ?? error)
      .split("\n")[0]
      .slice(0, 400);
    log(`  error: ${result.error}`);
  }
  result.minutes = Math.round((performance.now() - started) / 6000) / 10;
  save();
}

log(`\ncorpus: replay verdicts and stops (verdict, stop wall / by hand)\n`);
log(table(results));
const found = problems(results);
log(`\n${found.length} problem(s)${found.length ? ":" : ""}`);
for (const line of found) log(`- ${line}`);
log(`\nraw reports: ${reports}`);
