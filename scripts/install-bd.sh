#!/bin/sh
# Install the real bd (beads) CLI at a pinned version, built from source with the
# embedded Dolt engine (CGO + gms_pure_go, so no ICU headers are needed).
#
# Safe to run twice: it does nothing when `bd version` already reports the pin.
# `go install …@version` does not work through this machine's module proxy (it
# refuses the @v/list lookup for the module), so the build goes through a
# throwaway module that requires the pinned version instead.
#
# Env: BD_VERSION (default 1.1.2), BD_INSTALL_DIR (default /usr/local/bin as root,
# else ~/.local/bin), GO (default: go on PATH, else /usr/local/go/bin/go).
case "${1:-}" in -h | --help) sed -n '2,/^set /{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
set -eu

BD_VERSION="${BD_VERSION:-1.1.2}"
MODULE="github.com/steveyegge/beads"
if [ -z "${BD_INSTALL_DIR:-}" ]; then
  if [ "$(id -u)" = "0" ]; then BD_INSTALL_DIR=/usr/local/bin; else BD_INSTALL_DIR="$HOME/.local/bin"; fi
fi
TARGET="$BD_INSTALL_DIR/bd"

installed_version() {
  # `bd version` prints "bd version 1.1.2 (dev)"; read the third word.
  "$1" version 2>/dev/null | awk 'NR==1 {print $3}'
}

for candidate in "$TARGET" "$(command -v bd 2>/dev/null || true)"; do
  if [ -n "$candidate" ] && [ -x "$candidate" ] && [ "$(installed_version "$candidate")" = "$BD_VERSION" ]; then
    echo "bd $BD_VERSION already installed at $candidate"
    exit 0
  fi
done

GO="${GO:-$(command -v go 2>/dev/null || echo /usr/local/go/bin/go)}"
if [ ! -x "$GO" ]; then
  echo "install-bd: Go not found (set GO=/path/to/go; beads $BD_VERSION needs go >= 1.26.2)" >&2
  exit 2
fi
if ! command -v cc >/dev/null 2>&1 && ! command -v gcc >/dev/null 2>&1; then
  echo "install-bd: no C compiler (apt-get install build-essential): the embedded engine needs CGO" >&2
  exit 2
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/install-bd.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT INT TERM
echo "building bd $BD_VERSION in $WORK (several minutes on a cold cache)"
(
  cd "$WORK"
  "$GO" mod init bdbuild >/dev/null 2>&1
  "$GO" get "$MODULE/cmd/bd@v$BD_VERSION"
  CGO_ENABLED=1 GOFLAGS=-tags=gms_pure_go "$GO" build -o "$WORK/bd" "$MODULE/cmd/bd"
)

built="$(installed_version "$WORK/bd")"
if [ "$built" != "$BD_VERSION" ]; then
  echo "install-bd: built binary reports version '$built', expected $BD_VERSION" >&2
  exit 1
fi
mkdir -p "$BD_INSTALL_DIR"
# Copy then rename so a running bd is never overwritten in place.
cp "$WORK/bd" "$TARGET.tmp.$$"
chmod 755 "$TARGET.tmp.$$"
mv -f "$TARGET.tmp.$$" "$TARGET"
echo "installed bd $BD_VERSION at $TARGET"
case ":$PATH:" in
  *":$BD_INSTALL_DIR:"*) ;;
  *) echo "note: $BD_INSTALL_DIR is not on PATH; add it or set VERIFY_BD=$TARGET" ;;
esac
