#!/usr/bin/env node
// Manifest validation benchmark (not a test): is it linear in the manifest's size?
// Validates manifests of 1/8, 1/4, 1/2 and 1 MiB (many flows; and one mapping with many
// keys, which the yaml library's own duplicate check made quadratic) and prints the
// median time per size and the ratio of time per byte at 1 MiB to that at 1/8 MiB
// (about 1 when linear, about 8 when quadratic). Then `verify-runner --list` on the
// 1 MiB manifest, whole process, cold cache.
// Usage: node bench/manifest-bench.mjs [--runs 5]. Needs: pnpm build (contract, runner).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const { parseManifest } = await import(join(ROOT, "packages/contract/dist/index.js"));
const RUNNER = join(ROOT, "packages/runner/bin/verify-runner.cjs");
const MIB = 1024 * 1024;
const HEAD = 'version: 1\nrunner_command: "verify-runner {flow}"\n';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg("runs", "5"));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Text of about `bytes` bytes: flows, or one mapping of many keys (refused, but parsed). */
function manifest(kind, bytes) {
  const lines = [];
  let size = HEAD.length + 16;
  for (let i = 0; size < bytes; i++) {
    const line =
      kind === "flows"
        ? `  - name: flow-${i}\n    description: Flow number ${i}\n    tags: [smoke, area-${i % 7}]\n`
        : `    key_${i}: value\n`;
    lines.push(line);
    size += line.length;
  }
  return kind === "flows"
    ? `${HEAD}flows:\n${lines.join("")}`
    : `${HEAD}flows: []\nbrowser:\n  args:\n${lines.join("")}`;
}

function timeParse(text) {
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    try {
      parseManifest(text);
    } catch {
      // The many-keys manifest is refused (args is a list): the time is what counts.
    }
    times.push(performance.now() - started);
  }
  return median(times);
}

for (const kind of ["flows", "keys"]) {
  const sizes = [MIB / 8, MIB / 4, MIB / 2, MIB - 4096];
  const rows = sizes.map((bytes) => {
    const text = manifest(kind, bytes);
    return { bytes: text.length, ms: timeParse(text) };
  });
  console.log(`\n${kind}: median of ${RUNS}`);
  for (const row of rows)
    console.log(`  ${String(row.bytes).padStart(8)} bytes  ${row.ms.toFixed(0).padStart(6)} ms`);
  const first = rows[0];
  const last = rows.at(-1);
  const ratio = last.ms / last.bytes / (first.ms / first.bytes);
  console.log(`  time per byte, 1 MiB vs 1/8 MiB: ${ratio.toFixed(2)} (1 = linear, 8 = quadratic)`);
}

const dir = mkdtempSync(join(tmpdir(), "manifest-bench-"));
mkdirSync(join(dir, ".verify"));
writeFileSync(join(dir, ".verify", "workflows.yaml"), manifest("flows", MIB - 4096));
const times = [];
for (let run = 0; run < RUNS; run++) {
  rmSync(join(tmpdir(), "agent-verify-cache"), { recursive: true, force: true });
  const started = performance.now();
  const result = spawnSync(process.execPath, [RUNNER, "--list"], {
    cwd: dir,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  times.push(performance.now() - started);
  if (result.status !== 0) throw new Error(`--list failed: ${result.stderr}`);
}
console.log(
  `\nverify-runner --list, 1 MiB manifest, cold cache: median ${median(times).toFixed(0)} ms`,
);
rmSync(dir, { recursive: true, force: true });
