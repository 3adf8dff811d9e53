#!/usr/bin/env bash
# The whole test suite on a fresh machine: setup, then lint, format check,
# typecheck and every package's tests (real Chromium, real demo shop, real bd, real git).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export TURBO_TELEMETRY_DISABLED=1
pnpm exec eslint .
pnpm exec prettier --check . >/dev/null || { pnpm exec prettier --check . ; exit 1; }
# The repo's own flows and the benchmark's Playwright Test spec are not packages: typecheck them here.
pnpm exec tsc --noEmit -p .verify/tsconfig.json
pnpm exec tsc --noEmit -p bench/tsconfig.json
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
pnpm exec turbo run typecheck test --concurrency=2 --output-logs=full "$@" 2>&1 | tee "$log" || status=$?
# One closing line for the whole suite, summed over every package's vitest summary.
node -e '
  const text = require("fs").readFileSync(process.argv[1], "utf8").replace(/\x1b\[[0-9;]*m/g, "");
  let passed = 0, failed = 0;
  for (const line of text.split("\n")) {
    const m = /Tests\s+(?:(\d+) failed)?\s*\|?\s*(?:(\d+) passed)?/.exec(line);
    if (m && /^\S*:?\s*Tests\s/.test(line.replace(/^[^:]*:\s*/, ""))) {
      failed += Number(m[1] ?? 0);
      passed += Number(m[2] ?? 0);
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
' "$log"
exit "$status"
