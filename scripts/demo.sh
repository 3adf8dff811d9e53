#!/usr/bin/env bash
# The main job on the embedded default: the demo shop and its flows, verified
# through the manager against a local bd tracker in .verify/.tracker.
#   1. setup (pnpm, Chromium, bd, install, build)      — skipped where done
#   2. verify-manager list, then run every flow        — the runner starts the shop
#   3. an issue whose Verify: flows pass               → closed by the manager
#   4. an issue verified against DEMO_BUG=cart-count   → a failure comment, back to in_progress
#   5. its history from .verify/log.jsonl, then a batch of two tickets (verify-manager issues)
# Safe to run again: the tracker is reused, each run files four new demo issues.
case "${1:-}" in -h | --help) sed -n '2,/^set /{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

export TURBO_TELEMETRY_DISABLED=1
export BEADS_DIR="$PWD/.verify/.tracker/.beads"
export BEADS_ACTOR="${BEADS_ACTOR:-agent-verify-demo}"
export BD_EXPORT_AUTO=false
export BD_DISABLE_METRICS=1
manager="node packages/manager/bin/verify-manager.js"
say() { printf '\n== %s\n' "$*" >&2; }

if [ ! -f "$BEADS_DIR/metadata.json" ]; then
  say "creating a local bd tracker in .verify/.tracker"
  mkdir -p .verify/.tracker
  (cd .verify/.tracker && bd init --prefix demo --quiet --non-interactive --skip-hooks --skip-agents --stealth >&2)
fi

say "verify-manager list"
$manager list

say "verify-manager run --all (each flow in its own runner process, under its timeout)"
$manager run --all

new_issue() { # title, description → id
  bd create "$1" --description "$2" --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);console.log((Array.isArray(j)?j[0]:j).id)})'
}

say "an issue that asks for passing flows: the manager closes it"
passing=$(new_issue "Demo: checkout and login work" "The shop sells mugs.

Verify:
- checkout-happy-path
- login
- api-health")
$manager issue "$passing"
bd show "$passing" --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const i=JSON.parse(s)[0];console.log(`${i.id}: ${i.status} (${i.close_reason ?? ""})`)})'

say "the same kind of issue with DEMO_BUG=cart-count: the manager comments and sends it back (in_progress)"
failing=$(new_issue "Demo: the cart badge counts items" "Verify:
- checkout-happy-path")
set +e
DEMO_BUG=cart-count $manager issue "$failing"
code=$?
set -e
if [ "$code" -ne 1 ]; then
  echo "demo: expected exit 1 for the failing issue, got $code" >&2
  exit 1
fi
bd comments "$failing"

say "verify-manager log $failing (one line per attempt in .verify/log.jsonl)"
$manager log "$failing"

batch="demo-batch-$(date +%s)"
say "a batch: two tickets labelled $batch, verified one by one (status in .verify/loop-status.json)"
for flows in "api-health" "login"; do
  id=$(new_issue "Demo batch: $flows" "Verify:
- $flows")
  bd label add "$id" "$batch" --json >/dev/null
done
$manager issues --label "$batch" --restart

say "done: $passing closed, $failing in_progress with a failure comment (screenshot and error-context.md under .verify/artifacts), batch $batch passed"
