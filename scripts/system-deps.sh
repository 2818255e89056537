#!/usr/bin/env bash
# Debian packages some tests drive for real: Tiled's tmxrasterizer (engine exports open in
# Tiled), Chromium under xvfb (the playground) and npm (Phaser, to load sprite exports in
# an engine). `make test` installs the missing ones when
# it can (root with apt-get); otherwise those tests skip and say why. With
# PIXELKILN_REQUIRE_SYSTEM_DEPS=1 (CI) a package that cannot be installed is an error.
set -euo pipefail

need=()
command -v tmxrasterizer >/dev/null 2>&1 || need+=(tiled)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v xvfb-run >/dev/null 2>&1 || need+=(xvfb)
command -v npm >/dev/null 2>&1 || need+=(npm)
[ ${#need[@]} -eq 0 ] && exit 0

fail() {
  if [ "${PIXELKILN_REQUIRE_SYSTEM_DEPS:-0}" = 1 ]; then
    echo "system-deps: $1" >&2
    exit 1
  fi
  echo "system-deps: $1; the tests that need ${need[*]} will skip" >&2
  exit 0
}

if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  fail "cannot install ${need[*]} (needs root and apt-get)"
fi
echo "system-deps: installing ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq || true
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null ||
  fail "apt-get could not install ${need[*]}"
