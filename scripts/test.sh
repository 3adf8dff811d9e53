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
pnpm exec turbo run typecheck test --concurrency=2 --output-logs=full "$@"
