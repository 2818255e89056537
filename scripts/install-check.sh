#!/usr/bin/env bash
# The user's path, proved from a clean clone: build the wheel, install it into a fresh
# virtual environment with the constraints and no extras (no Makefile, no model wheel),
# run `pixelkiln doctor`, then the scale-out deployment of the README (PostgreSQL, Redis,
# `pixelkiln serve` and one `pixelkiln worker`), complete a tileset job through the worker
# and check how words outside the lexicon read (scripts/install_check.py); then the SDK's
# client drives `pixelkiln mcp` against that service (scripts/install_check_mcp.py).
#
# Uses the PostgreSQL and Redis servers on 127.0.0.1 (Redis database from
# PIXELKILN_TEST_REDIS, default 0); everything else lives in a temporary folder.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
PY=${PYTHON:-python3}
REDIS_URL=${PIXELKILN_TEST_REDIS:-redis://127.0.0.1:6379/0}
WORK=$(mktemp -d /tmp/pixelkiln-install-XXXXXX)
DB="pixelkiln_install_$$"
PIDS=()

cleanup() {
  for pid in "${PIDS[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  psql -q -h 127.0.0.1 -U postgres -d test -c "DROP DATABASE IF EXISTS \"$DB\" WITH (FORCE)" \
    >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

echo "install-check: building the wheel"
# From a copy of the files git knows (tracked, or new and not ignored): a build/ left in
# the work tree must not slip stale files into the wheel.
mkdir "$WORK/src"
git ls-files -z --cached --others --exclude-standard | tar --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -xf - -C "$WORK/src"
"$PY" -m venv "$WORK/venv"
V="$WORK/venv/bin"
"$V/pip" wheel -q --no-deps -w "$WORK/dist" "$WORK/src"
echo "install-check: pip install -c constraints.txt $(basename "$WORK"/dist/pixelkiln-*.whl)"
"$V/pip" install -q -c "$REPO/constraints.txt" "$WORK"/dist/pixelkiln-*.whl
if "$V/python" -c "import pytest" 2>/dev/null; then
  echo "install-check: the fresh environment has dev tools in it" >&2
  exit 1
fi

psql -q -h 127.0.0.1 -U postgres -d test -c "CREATE DATABASE \"$DB\"" >/dev/null
PORT=$("$V/python" -c "import socket; s=socket.socket(); s.bind(('127.0.0.1',0)); print(s.getsockname()[1])")
export PIXELKILN_DATABASE_URL="postgresql+psycopg://postgres@127.0.0.1:5432/$DB"
export PIXELKILN_BROKER_URL="$REDIS_URL"
export PIXELKILN_DATA_DIR="$WORK/data" PIXELKILN_BLOB_DIR="$WORK/blobs"
export PIXELKILN_PORT="$PORT" PIXELKILN_SUBMIT_SPACING_S=0 PIXELKILN_INITIAL_GENERATIONS=0
cd "$WORK"  # nothing of the source tree on the path: only what was installed

"$V/pixelkiln" migrate
KEY=$("$V/pixelkiln" keys create --name install-check --generations 100 2>/dev/null | tail -n 1)
echo "install-check: pixelkiln doctor"
"$V/pixelkiln" doctor
"$V/pixelkiln" mcp --help >/dev/null

setsid "$V/pixelkiln" worker --concurrency 1 >"$WORK/worker.log" 2>&1 &
PIDS+=($!)
setsid "$V/pixelkiln" serve >"$WORK/serve.log" 2>&1 &
PIDS+=($!)

if ! "$V/python" "$REPO/scripts/install_check.py" "http://127.0.0.1:$PORT" "$KEY"; then
  echo "--- serve.log"; tail -n 40 "$WORK/serve.log"
  echo "--- worker.log"; tail -n 40 "$WORK/worker.log"
  exit 1
fi
"$V/python" "$REPO/scripts/install_check_mcp.py" "$V/pixelkiln" "http://127.0.0.1:$PORT" "$KEY"
echo "install-check: passed"
