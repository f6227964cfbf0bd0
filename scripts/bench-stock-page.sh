#!/usr/bin/env bash
# Load test of the stock page's API calls: builds the one-process server and the load
# generator (gateway/examples/bench_stock_page.rs) in release mode, starts `sise` on a free
# loopback port with a temporary data directory (fresh SQLite files, in-process bus,
# continuous simulator), then loads every stock-page call with bounded concurrency for a
# bounded time and prints requests/s, p50 and p99 per call and overall.
#
#   scripts/bench-stock-page.sh [--duration SECS] [--concurrency N] [--ids ID,ID,…]
#
# Defaults: 10 s, 32 connections, eight stocks. Loopback only; nothing is asserted.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release --locked -p sise-gateway --bin sise --example bench_stock_page

# shellcheck source=lib/bench.sh
. scripts/lib/bench.sh

work="$(mktemp -d)"
log="$work/sise.log"
pid=""
cleanup() {
  stop_processes "$pid"
  rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/webapp"
SISE__DATA_DIR="$work/data" \
  SISE__GATEWAY__LISTEN=127.0.0.1:0 \
  SISE__GATEWAY__WEBAPP_DIR="$work/webapp" \
  SISE__TELEMETRY__LOG_LEVEL=warn \
  target/release/sise >"$log" 2>&1 &
pid=$!

started=$(date +%s.%N)
base="$(address_of "$log" "$pid")" || exit 1
for _ in $(seq 1 300); do
  curl -fsS "$base/readyz" >/dev/null 2>&1 && break
  sleep 0.1
done
ready=$(date +%s.%N)
awk -v b="$base" -v s="$started" -v r="$ready" 'BEGIN { printf "sise at %s, ready %.2f s after start\n", b, r - s }'

target/release/examples/bench_stock_page "$base" "$@"
