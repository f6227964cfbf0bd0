#!/usr/bin/env bash
# Builds the webapp and the Rust code, then runs all of Sise in one process on the
# embedded defaults (SQLite files in ./var, in-process bus, market simulator).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f webapp/node_modules/.package-lock.json ] ||
  [ webapp/package-lock.json -nt webapp/node_modules/.package-lock.json ]; then
  (cd webapp && npm ci --no-audit --no-fund --loglevel=error)
fi
(cd webapp && npm run --silent build >/dev/null)
exec cargo run --release --locked --bin sise
