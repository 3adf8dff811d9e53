#!/usr/bin/env bash
# Installs what agent-verify needs on a fresh Debian machine and builds the repo.
# Safe to run again: every step checks first and skips what is already there.
#   pnpm (pinned by package.json), Chromium (Debian's, unless Playwright's own or
#   VERIFY_BROWSER_PATH is usable), bd (scripts/install-bd.sh), node_modules, build.
case "${1:-}" in -h | --help) sed -n '2,/^set /{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
set -euo pipefail
cd "$(dirname "$0")/.."

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export TURBO_TELEMETRY_DISABLED=1
export DO_NOT_TRACK=1

say() { printf 'setup: %s\n' "$*" >&2; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 2; }

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null) || die "Node.js is not installed (need 20.19 or newer)"
[ "$node_major" -ge 20 ] || die "Node.js $(node --version) is too old (need 20.19 or newer)"

pnpm_version=$(node -p 'require("./package.json").packageManager.split("@")[1]')
if [ "$(pnpm --version 2>/dev/null || true)" != "$pnpm_version" ]; then
  say "installing pnpm $pnpm_version"
  npm install -g "pnpm@$pnpm_version" >&2
fi

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi; }

have_browser() {
  [ -n "${VERIFY_BROWSER_PATH:-}" ] && [ -x "$VERIFY_BROWSER_PATH" ] && return 0
  command -v chromium >/dev/null || command -v google-chrome >/dev/null && return 0
  ls "${PLAYWRIGHT_BROWSERS_PATH:-$HOME/.cache/ms-playwright}"/chromium*/chrome-linux*/chrome >/dev/null 2>&1
}
if ! have_browser; then
  say "installing Debian's chromium (Playwright's browser download is not available here)"
  if command -v apt-get >/dev/null; then
    as_root apt-get update -qq >&2 || die "apt-get update failed"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2 || die "apt-get install chromium failed"
  else
    die "no Chromium found: install chromium, run 'npx playwright install chromium', or set VERIFY_BROWSER_PATH"
  fi
fi

if [ -x scripts/install-bd.sh ]; then
  scripts/install-bd.sh
fi

if [ "${CI:-}" = "true" ]; then
  pnpm install --frozen-lockfile >&2
else
  pnpm install >&2
fi
pnpm exec turbo run build --output-logs=errors-only >&2
say "ready"
