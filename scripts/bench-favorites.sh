#!/usr/bin/env bash
# A member's favorite groups through the gateway (issue 15): `GET /main/api/favorite_stock_lists`
# of a member with 5 groups × 50 stocks, and the cached quote GET
# (`/main/api/v1/quotes?security_ids=KOREA-A005930`) as the same member, under the same load
# one after the other in the same run (order alternating per run), with the groups' throughput
# and p99 as a ratio to the quote GET's. Nothing is asserted.
#
#   scripts/bench-favorites.sh [--duration SECS] [--connections N] [--runs N]
#
# Defaults: 10 s after a 2 s warm-up, 64 connections, 3 runs. `SISE_BIN=path` skips building
# `sise`. The member signs in through the development messenger provider; the 250 stocks are
# the first 250 of the bundled KRX code list.
set -euo pipefail
cd "$(dirname "$0")/.."

duration=10
connections=64
runs=3
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration="$2"; shift 2 ;;
    --connections) connections="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    *) sed -n '8,8p' "$0" >&2; exit 2 ;;
  esac
done

# shellcheck source=lib/bench.sh
. scripts/lib/bench.sh
build_bench_tools

start_member_sise 벤치관심
auth="authorization: Bearer $token"

# 5 groups of 50 stocks.
mapfile -t codes < <(tail -n +2 services/market/data/krx_codes_names_kospi_kosdaq_20260807.csv | cut -d, -f1 | head -n 250)
for group in 0 1 2 3 4; do
  ids="$(printf 'KOREA-A%s\n' "${codes[@]:$((group * 50)):50}" | paste -sd, -)"
  curl -fsS -o /dev/null -H "$auth" -H 'content-type: application/json' \
    "$base/main/api/favorite_stock_lists/construct" -d "{\"name\":\"그룹$group\",\"security_ids\":\"$ids\"}"
done
count="$(curl -fsS -H "$auth" "$base/main/api/favorite_stock_lists" | grep -o '"security_id"' | wc -l)"
[ "$count" -eq 250 ] || { echo "expected 250 favorite stocks, found $count" >&2; exit 1; }

lists="$base/main/api/favorite_stock_lists"
quote="$base/main/api/v1/quotes?security_ids=KOREA-A005930"
load_args=(--connections "$connections" --duration "$duration" --warmup 2 --json --header "$auth")

printf 'http-load: %d connections, %s s after a 2 s warm-up, %d run(s); sise %s; 5 groups × 50 stocks\n' \
  "$connections" "$duration" "$runs" "$SISE_BIN"
BASE_LOAD=("$quote" "${load_args[@]}")
TEST_LOAD=("$lists" "${load_args[@]}")
compare_loads "$runs" quote groups
