#!/usr/bin/env bash
# The whole test suite on a fresh machine: setup, then lint, format check,
# typecheck and every package's tests (real Chromium, real demo shop, real bd, real git).
# The repo-wide checks (eslint, prettier, the .verify/ and bench/ typechecks) run beside the
# package tests, not before them; their output is printed after, and any failure fails the run.
case "${1:-}" in -h | --help) sed -n '2,/^set /{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export TURBO_TELEMETRY_DISABLED=1
scratch=$(mktemp -d)
checks_pid=
cleanup() {
  if [ -n "$checks_pid" ]; then kill -- "-$checks_pid" 2>/dev/null || true; fi
  # SUITE_REPORTS=<dir> keeps every package's vitest JSON report (each file's and test's duration).
  if [ -n "${SUITE_REPORTS:-}" ] && [ -d "$scratch/timings" ]; then
    mkdir -p "$SUITE_REPORTS" && cp "$scratch"/timings/*.json "$SUITE_REPORTS"/ 2>/dev/null || true
  fi
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
# Run a command, keep going whatever it exits with, and note a failure in $scratch/<lane>.rc
# and the failed command's turbo task in $scratch/failed-tasks (named again at the end).
lane() {
  local name=$1
  shift
  "$@" || {
    echo 1 >"$scratch/$name.rc"
    echo "$*" | sed -E 's/^turbo ([a-z]+) .*--filter=([^ ]+).*/\2#\1/' >>"$scratch/failed-tasks"
  }
}
if [ $# -gt 0 ]; then
  # Arguments (--filter=…, --continue, …) go to one turbo run of every typecheck and test.
  turbo typecheck test --concurrency=2 "$@" 2>&1 | tee "$log" || status=$?
else
  # setup.sh has built every package (a failed build stopped the run there), so no second
  # turbo build here. Two lanes over one queue: the manager's tests (turbo alone started them
  # last) open one lane; every other typecheck and test, the long ones first, goes to whichever
  # lane is free next, so neither lane idles while the other works.
  # The queue is every typecheck and test turbo knows (a new package joins it by itself).
  : >"$log"
  if [ "$status" = 0 ]; then
    pnpm exec turbo run typecheck test --dry=json 2>/dev/null | node -e '
      let text = "";
      process.stdin.on("data", (chunk) => (text += chunk)).on("end", () => {
        // The long tasks first, in an order from measured runs; the rest go last, in turbo order.
        // A full run (s): manager 934, gates 1093 (one vitest worker), e2e 690, runner 271, the
        // rest ~100. With e2e then gates in one lane, gates ran alone for ~500 s after the
        // manager lane had finished (1826 s); e2e in a third lane of its own slowed every lane
        // (manager 1337, e2e 973, gates over 1900): the two cores of the machine are the limit. Now
        // gates opens the other lane and e2e follows the manager: ~1620/~1460 s by those numbers.
        const first = ["@agent-verify/gates#test", "@agent-verify/e2e#test",
          "@agent-verify/runner#test", "@agent-verify/manager#typecheck"];
        const tasks = JSON.parse(text).tasks
          .filter((t) => ["test", "typecheck"].includes(t.task) && t.command !== "<NONEXISTENT>")
          .map((t) => t.taskId)
          .filter((id) => id !== "@agent-verify/manager#test");
        const rank = (id) => (first.includes(id) ? first.indexOf(id) : first.length);
        const ordered = tasks.map((id, i) => [rank(id), i, id]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        if (ordered.length === 0) process.exit(1);
        for (const [, , id] of ordered) console.log(id.replace("#", " "));
      });
    ' >"$scratch/queue" || { echo "test.sh: turbo listed no tasks" >&2; exit 1; }
    # A test task also writes vitest's JSON report (each file's duration) for the closing summary.
    mkdir -p "$scratch/timings"
    timings_of() {
      if [ "$2" = test ]; then
        printf '%s\n' -- --reporter=default --reporter=json "--outputFile.json=$scratch/timings/${1//[@\/]/_}.json"
      fi
    }
    # Run the queue's tasks this lane claims first (mkdir is the atomic claim).
    take_queue() {
      local name=$1 i=0 package task
      while read -r package task; do
        i=$((i + 1))
        mkdir "$scratch/claim.$i" 2>/dev/null || continue
        lane "$name" turbo "$task" --only --filter="$package" $(timings_of "$package" "$task") </dev/null
      done <"$scratch/queue"
    }
    {
      (
        lane manager turbo test --only --filter=@agent-verify/manager $(timings_of @agent-verify/manager test)
        take_queue manager
      ) &
      take_queue others
      wait
    } 2>&1 | tee -a "$log"
    if [ -e "$scratch/manager.rc" ] || [ -e "$scratch/others.rc" ]; then status=1; fi
    # Every queued task ran in one lane or the other.
    queued=$(wc -l <"$scratch/queue")
    claimed=$(find "$scratch" -maxdepth 1 -name 'claim.*' | wc -l)
    if [ "$claimed" != "$queued" ]; then
      echo "test.sh: $claimed of $queued queued tasks ran" >&2
      status=1
    fi
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
# The failed tasks; then the suite's wall time, the ten slowest test files and every failed test
# (from vitest's JSON reports), named again here: the end of the output is what a CI log shows.
if [ -s "$scratch/failed-tasks" ]; then
  echo "failed tasks: $(sort -u "$scratch/failed-tasks" | tr '\n' ' ')"
fi
node scripts/suite-summary.mjs "$scratch/timings" "$SECONDS" || echo "test.sh: the suite summary failed"
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
