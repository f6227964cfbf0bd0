#!/usr/bin/env bash
# Builds the webapp and the Rust code, then runs all of Sise in one process on the
# embedded defaults (SQLite files in ./var, in-process bus, market simulator).
#
# The release profile optimises our crates fully and the dependencies cheaply (Cargo.toml,
# "profile.release"): the first build on a fresh 2-core machine takes under 10 minutes
# (docs/benchmarks.md, "First run"); later runs start in seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
step() { printf '\n[sise %3ds] %s\n' $((SECONDS - started)) "$*"; }

if [ ! -f webapp/node_modules/.package-lock.json ] ||
  [ webapp/package-lock.json -nt webapp/node_modules/.package-lock.json ]; then
  step "1/3 installing the webapp's packages (npm ci, about 30 s the first time)"
  (cd webapp && npm ci --no-audit --no-fund --loglevel=error)
else
  step "1/3 webapp packages up to date"
fi
step "2/3 building the webapp (vite, about 10 s)"
(cd webapp && npm run --silent build)
step "3/3 compiling the Rust services (release, about 400 crates: under 10 minutes on 2 cores the first time, seconds later; cargo prints each crate)"
cargo build --release --locked --bin sise
step "starting sise (the address follows)"
exec cargo run --quiet --release --locked --bin sise
