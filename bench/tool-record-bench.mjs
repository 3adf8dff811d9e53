// The cost of checking the trusted tools' installed files at each gated stop (issue 35 §1):
// on a real install (this workspace's node_modules, or BENCH_TOOLS_DIR — a repository with its
// own node_modules), the record `loop start` takes, then a stop's check without the per-file
// cache (every file read and hashed), with it (a stat per file; only changed files read), and
// the stat path (tools-clean.json: the last clean check's reads, stat'ed again; issue 46 §3).
// Not a test.
import { mkdtempSync, rmSync, statSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median } from "./lib/measure.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const DIST = join(ROOT, "packages", "gates", "dist");
const REPO = process.env.BENCH_TOOLS_DIR ?? ROOT;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const { recordTools, toolsChangedFindings } = await import(
  pathToFileURL(join(DIST, "cheats", "tool-record.js")).href
);
const { openStore } = await import(pathToFileURL(join(DIST, "state", "signed-store.js")).href);

const state = mkdtempSync(join(tmpdir(), "tools-bench-state-"));
const env = { ...process.env, VERIFY_STATE_DIR: state };
try {
  const store = await openStore(REPO, env);
  const { id, measure: record } = await recordTools(REPO, store, new Date());
  const cacheFile = join(dirname(store.dir), "tools-file-cache.json");
  const cleanFile = join(store.dir, "tools-clean.json");
  const stop = async () => {
    let seen;
    const findings = await toolsChangedFindings(REPO, store, id, (m) => (seen = m));
    return { ...seen, findings: findings.length };
  };
  const cold = [];
  const warm = [];
  const clean = [];
  let last;
  for (let i = 0; i < RUNS; i++) {
    rmSync(cacheFile, { force: true });
    rmSync(cleanFile, { force: true });
    cold.push((last = await stop()).duration_ms);
    if (last.findings !== 0) throw new Error(`an unchanged install gave ${last.findings} findings`);
    rmSync(cleanFile, { force: true });
    warm.push((last = await stop()).duration_ms);
    if (last.hashed !== 0) throw new Error(`with the cache, ${last.hashed} files were read again`);
    clean.push((last = await stop()).duration_ms);
    if (last.files !== 0) throw new Error(`on the stat path, ${last.files} files were listed`);
  }
  // One file of the closure touched, its times put back (content unchanged: the real install
  // is not edited): its ctime moved, so it alone is read again.
  const { toolClosure } = await import(pathToFileURL(join(DIST, "cheats", "tool-files.js")).href);
  const target = join(toolClosure(REPO)[0].dir, "package.json");
  const { atime, mtime } = statSync(target);
  utimesSync(target, atime, mtime);
  const touched = await stop();
  await stop();
  console.log(`tools of ${REPO}: ${record.packages} packages, ${record.files} files`);
  console.log(`loop start (record, no cache):      ${record.duration_ms} ms`);
  console.log(`stop check without the cache:        ${median(cold)} ms (median of ${RUNS})`);
  console.log(
    `stop check with the cache:           ${median(warm)} ms (median of ${RUNS}; 0 files read)`,
  );
  console.log(
    `stop check on the stat path:         ${median(clean)} ms (median of ${RUNS}; ratio to the cache ${(median(clean) / median(warm)).toFixed(2)})`,
  );
  console.log(
    `one file's ctime moved (touched):    ${touched.duration_ms} ms, ${touched.hashed} file(s) read, ${touched.findings} finding(s)`,
  );
} finally {
  rmSync(state, { recursive: true, force: true });
}
