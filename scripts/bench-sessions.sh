#!/usr/bin/env bash
# Session resolution at the gateway (issue 14): the cached quote GET
# (`/main/api/v1/quotes?security_ids=KOREA-A005930`) as a visitor and as a signed-in member
# (`Authorization: Bearer`), the same load one after the other in the same run, and the
# member's throughput and p99 as a ratio to the visitor's. The member's token is resolved
# by identity once per `gateway.sessions.cache_ttl_ms`, not per request. Nothing is asserted.
#
#   scripts/bench-sessions.sh [--duration SECS] [--connections N] [--runs N]
#
# Defaults: 10 s after a 2 s warm-up, 64 connections, 3 runs (the order alternates per run).
# `SISE_BIN=path` skips building `sise`. The member signs in through the development
# messenger provider the one-process server starts.
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
    *) sed -n '7,7p' "$0" >&2; exit 2 ;;
  esac
done

# shellcheck source=lib/bench.sh
. scripts/lib/bench.sh
build_bench_tools

start_member_sise 벤치
curl -fsS -o /dev/null -H "authorization: Bearer $token" "$base/main/api/users/me"

url="$base/main/api/v1/quotes?security_ids=KOREA-A005930"
load_args=(--connections "$connections" --duration "$duration" --warmup 2 --json)

printf 'http-load: %d connections, %s s after a 2 s warm-up, %d run(s); sise %s\n' \
  "$connections" "$duration" "$runs" "$SISE_BIN"
BASE_LOAD=("$url" "${load_args[@]}")
TEST_LOAD=("$url" "${load_args[@]}" --header "authorization: Bearer $token")
compare_loads "$runs" visitor member
