#!/usr/bin/env bash
# Autocomplete through the gateway (issue 13): the same load (64 keep-alive connections, one
# request in flight each) on the cached quote GET and on autocomplete with a different
# keyword per request, in the same run, then the ratio and the goal (autocomplete p99 ≤ 10 ms,
# throughput ≥ 0.5× the quote GET). Nothing is asserted.
#
#   scripts/bench-search.sh [--duration SECS] [--connections N] [--warmup SECS] [--runs N]
#
# The keywords are what a person types on the way to every listed name (first syllable, two
# syllables, the whole name, its 초성), from the bundled listing: about 11,000 distinct
# requests, so most autocomplete answers are not in the gateway's one-second cache. The
# service-side figure (the index alone) is `cargo bench -p sise-market --bench search`.
# `SISE_BIN=path` skips building `sise`.
set -euo pipefail
cd "$(dirname "$0")/.."

duration=10
connections=64
warmup=2
runs=1
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration="$2"; shift 2 ;;
    --connections) connections="$2"; shift 2 ;;
    --warmup) warmup="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    *) sed -n '7p' "$0" >&2; exit 2 ;;
  esac
done
# shellcheck source=lib/bench.sh
. scripts/lib/bench.sh
build_bench_tools

work="$(mktemp -d)"
pid=""
cleanup() {
  stop_processes "$pid"
  rm -rf "$work"
}
trap cleanup EXIT

python3 - services/market/data/krx_stock_master_derived.csv >"$work/paths" <<'EOF'
import csv, sys, urllib.parse

CHOSEONG = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"

def choseong(text):
    return "".join(CHOSEONG[(ord(c) - 0xAC00) // 588] if "가" <= c <= "힣" else c for c in text)

keywords = []
for row in csv.DictReader(open(sys.argv[1], encoding="utf-8")):
    name = row["name_ko"].replace(" ", "")
    keywords += [name[:1], name[:2], name, choseong(name)]
for keyword in dict.fromkeys(k for k in keywords if k):
    print("/main/api/v1/search/autocomplete?keyword=" + urllib.parse.quote(keyword))
EOF

start_sise "$SISE_BIN" "$work/data"
pid=$sise_pid
base="$(address_of "$work/data.log" "$pid")"
wait_ready "$base"
quote="/main/api/v1/quotes?security_ids=KOREA-A005930"
curl -fsS -o /dev/null "$base$quote"
curl -fsS -o /dev/null "$base$(head -n 1 "$work/paths")"

load=(--connections "$connections" --duration "$duration" --warmup "$warmup" --json)
printf 'sise at %s; %s distinct autocomplete requests; %s connections, %s s after %s s warm-up, %s run(s)\n' \
  "$base" "$(wc -l <"$work/paths")" "$connections" "$duration" "$warmup" "$runs"
printf '%-5s %14s %9s %14s %9s %7s  %s\n' run "quote req/s" "p99 ms" "search req/s" "p99 ms" thru goal
ratios=()
for run in $(seq 1 "$runs"); do
  if [ $((run % 2)) -eq 1 ]; then
    q="$("$tools/http-load" "$base$quote" "${load[@]}")"
    s="$("$tools/http-load" "$base/" --paths "$work/paths" "${load[@]}")"
  else
    s="$("$tools/http-load" "$base/" --paths "$work/paths" "${load[@]}")"
    q="$("$tools/http-load" "$base$quote" "${load[@]}")"
  fi
  bad=$(($(json_field non_ok "$s") + $(json_field errors "$s")))
  thru="$(awk -v a="$(json_field rps "$s")" -v b="$(json_field rps "$q")" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
  verdict="$(awk -v t="$thru" -v p="$(json_field p99_ms "$s")" 'BEGIN { print (t >= 0.5 && p <= 10 ? "met" : "not met") }')"
  note="≥ 0.5×, p99 ≤ 10 ms $verdict"
  [ "$bad" -eq 0 ] || note="$note ($bad responses not 2xx or failed)"
  printf '%-5s %14.0f %9s %14.0f %9s %6s×  %s\n' "$run" "$(json_field rps "$q")" "$(json_field p99_ms "$q")" \
    "$(json_field rps "$s")" "$(json_field p99_ms "$s")" "$thru" "$note"
  ratios+=("$thru")
done
[ "$runs" -eq 1 ] || printf 'median throughput ratio over %s runs: %s×\n' "$runs" \
  "$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')"
