#!/usr/bin/env bash
# The whole test suite on a fresh machine: setup, then lint, format check,
# typecheck and every package's tests (real Chromium, real demo shop, real bd, real git).
# The repo-wide checks (eslint, prettier, the .verify/ and bench/ typechecks) run beside the
# package tests, not before them; their output is printed after, and any failure fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export TURBO_TELEMETRY_DISABLED=1
scratch=$(mktemp -d)
checks_pid=
cleanup() {
  if [ -n "$checks_pid" ]; then kill -- "-$checks_pid" 2>/dev/null || true; fi
  rm -rf "$scratch"
}
trap cleanup EXIT
# One background group: each check's output to its own file, its exit code to <name>.rc.
set -m
(
  check() {
    local name=$1
    shift
    local rc=0
    "$@" >"$scratch/$name.out" 2>&1 || rc=$?
    echo "$rc" >"$scratch/$name.rc"
  }
  check eslint pnpm exec eslint .
  check prettier pnpm exec prettier --check .
  # The repo's own flows and the benchmark's Playwright Test spec are not packages: typecheck them here.
  check tsc-verify pnpm exec tsc --noEmit -p .verify/tsconfig.json
  check tsc-bench pnpm exec tsc --noEmit -p bench/tsconfig.json
) &
checks_pid=$!
set +m
log="$scratch/turbo.log"
status=0
turbo() { pnpm exec turbo run --output-logs=full "$@"; }
# Run a command, keep going whatever it exits with, and note a failure in $scratch/<lane>.rc.
lane() {
  local name=$1
  shift
  "$@" || echo 1 >"$scratch/$name.rc"
}
if [ $# -gt 0 ]; then
  # Arguments (--filter=…, --continue, …) go to one turbo run of every typecheck and test.
  turbo typecheck test --concurrency=2 "$@" 2>&1 | tee "$log" || status=$?
else
  # Build once, then two lanes, longest first (turbo alone started the manager's tests, the
  # longest task by far, last): the manager's tests in one lane from the start, every other
  # typecheck and test one after another in the other. Both lanes always run to the end.
  turbo build --concurrency=2 2>&1 | tee "$log" || status=$?
  if [ "$status" = 0 ]; then
    {
      (
        lane manager turbo test --only --filter=@agent-verify/manager
        lane manager turbo typecheck --only --filter=@agent-verify/manager
      ) &
      lane others turbo typecheck test --only --filter='!@agent-verify/manager' --concurrency=1 --continue
      wait
    } 2>&1 | tee -a "$log"
    if [ -e "$scratch/manager.rc" ] || [ -e "$scratch/others.rc" ]; then status=1; fi
  fi
fi
wait "$checks_pid" || true
checks_pid=
for name in eslint prettier tsc-verify tsc-bench; do
  rc=$(cat "$scratch/$name.rc" 2>/dev/null || echo "no result")
  if [ "$rc" = 0 ]; then
    echo "check $name: ok"
  else
    echo "check $name: FAILED ($rc)"
    # prettier lists the files it would change on stderr; eslint and tsc print their errors.
    cat "$scratch/$name.out"
    status=1
  fi
done
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
