#!/usr/bin/env bash
# The read path against the hardware (issue 12): for each request, Sise's answer is saved and
# served again by a bare hyper server (benches/src/bin/bare-hyper.rs) with the same status,
# headers and body; the same load (benches/src/bin/http-load.rs: keep-alive connections, one
# request in flight each) runs against Sise and then against hyper in the same run, and a
# table prints both sides, their ratios and the goal. Nothing is asserted.
#
#   scripts/bench-read-path.sh [--duration SECS] [--connections N] [--warmup SECS] [--runs N]
#                              [--etag-row NAME]
#
# Defaults: 10 s measured after a 2 s warm-up, 64 connections, one run. `--runs N` repeats
# the whole table (the order Sise/hyper alternates per run) and ends with the median ratios:
# the machine is shared, so read several runs. `SISE_BIN=path` skips building `sise`.
#
# Sise runs as one process (fresh data directory, in-process bus, simulator) with the edge's
# limits on, the per-client rate limit raised for one loopback client (the whole bench is
# 127.0.0.1). The If-None-Match row repeats one request with the ETag of its answer: the
# first whose repeat a second later gets 304, trying those without a live quote first, or
# `--etag-row NAME`; its note says the share of 304s. No ETag, no such row.
set -euo pipefail
cd "$(dirname "$0")/.."

duration=10
connections=64
warmup=2
runs=1
etag_row=""
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration="$2"; shift 2 ;;
    --connections) connections="$2"; shift 2 ;;
    --warmup) warmup="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --etag-row) etag_row="$2"; shift 2 ;;
    *) sed -n '8,9p' "$0" >&2; exit 2 ;;
  esac
done

# shellcheck source=lib/bench.sh
. scripts/lib/bench.sh
build_bench_tools

work="$(mktemp -d)"
pid=""
hyper_pid=""
cleanup() {
  stop_processes "$hyper_pid" "$pid"
  rm -rf "$work"
}
trap cleanup EXIT

# The page's index.html: the built webapp if there is one, else the source template (same
# markup before Vite adds its hashed script tags).
mkdir -p "$work/webapp"
if [ -f webapp/dist/index.html ]; then
  cp -r webapp/dist/. "$work/webapp/"
  webapp_note="webapp/dist"
else
  cp webapp/index.html "$work/webapp/index.html"
  webapp_note="webapp/index.html (no webapp/dist: the unbuilt template)"
fi

log="$work/data.log"
start_sise "$SISE_BIN" "$work/data" SISE__GATEWAY__WEBAPP_DIR="$work/webapp"
pid=$sise_pid
rate=$BENCH_RATE


started=$(date +%s.%N)
base="$(address_of "$log" "$pid")"
for _ in $(seq 1 300); do
  curl -fsS "$base/readyz" >/dev/null 2>&1 && break
  sleep 0.1
done
ready=$(date +%s.%N)
ready_lines="$(wc -l <"$log")"

id=KOREA-A005930
# name|path|goal key|request header (optional)
requests=(
  "healthz|/healthz|healthz|"
  "quotes|/main/api/v1/quotes?security_ids=$id|quotes|"
  "security|/main/api/v1/securities/$id|page|"
  "day_candles|/main/api/v1/securities/$id/day_candles|page|"
  "company|/main/api/v1/securities/$id/company|page|"
  "articles|/main/api/v1/securities/$id/articles|page|"
  "index.html|/m/stocks/$id|page|Accept-Encoding: gzip, br"
)

# Warm-up: the first read of a stock's day candles writes its history.
for entry in "${requests[@]}"; do
  IFS='|' read -r _ path _ _ <<<"$entry"
  curl -sS -o /dev/null "$base$path" || true
done

awk -v b="$base" -v s="$started" -v r="$ready" -v c="$connections" -v d="$duration" \
  -v w="$warmup" -v n="$runs" -v rate="$rate" -v webapp="$webapp_note" 'BEGIN {
  printf "sise at %s, ready %.2f s after start; %s\n", b, r - s, webapp
  printf "edge limits on, per-client rate limit raised to %d/s (burst %d): the bench is one loopback client\n", rate, rate
  printf "http-load: %d connections, %s s measured after %s s warm-up, Sise and bare hyper one after the other, %d run(s)\n", c, d, w, n
}'

goal_text() {
  case "$1" in
    healthz) echo "≥ 0.7×" ;;
    quotes) echo "≥ 0.6×, p99 ≤ 2×" ;;
    page) echo "≥ 0.3×" ;;
    *) echo "—" ;;
  esac
}

# `met` / `not met` for a goal key, throughput ratio and p99 ratio.
verdict() {
  awk -v g="$1" -v t="$2" -v p="$3" 'BEGIN {
    if (g == "healthz") ok = t >= 0.7
    else if (g == "quotes") ok = t >= 0.6 && p <= 2
    else if (g == "page") ok = t >= 0.3
    else { print ""; exit }
    print (ok ? "met" : "not met")
  }'
}

results="$work/results"
: >"$results"
row_format='%-22s %11s %8s %11s %8s %7s %7s %9s  %s\n'

# One row: Sise's saved answer served by bare-hyper, the same load on both, the ratios.
compare() {
  local run="$1" name="$2" path="$3" goal="$4" status="$5" body="$6" head="$7"
  shift 7
  local load_args=(--connections "$connections" --duration "$duration" --warmup "$warmup" --json)
  local header
  for header in "$@"; do load_args+=(--header "$header"); done

  # The same response headers, less those hyper writes itself.
  local hyper_args=(--body "$body" --status "$status")
  while IFS= read -r line; do
    line="${line%$'\r'}"
    case "${line,,}" in
      http/*|"" ) ;;
      date:*|content-length:*|transfer-encoding:*|connection:*|keep-alive:*) ;;
      *) hyper_args+=(--header "$line") ;;
    esac
  done <"$head"
  "$tools/bare-hyper" "${hyper_args[@]}" >"$work/hyper.out" 2>&1 &
  hyper_pid=$!
  local hyper_base
  hyper_base="$(address_of "$work/hyper.out" "$hyper_pid")"

  local sise_json hyper_json
  if [ $((run % 2)) -eq 1 ]; then
    sise_json="$("$tools/http-load" "$base$path" "${load_args[@]}")"
    hyper_json="$("$tools/http-load" "$hyper_base$path" "${load_args[@]}")"
  else
    hyper_json="$("$tools/http-load" "$hyper_base$path" "${load_args[@]}")"
    sise_json="$("$tools/http-load" "$base$path" "${load_args[@]}")"
  fi
  stop_processes "$hyper_pid"
  hyper_pid=""

  local s_rps s_p99 h_rps h_p99 s_bad h_bad s_bytes thru p99r
  s_rps="$(json_field rps "$sise_json")"
  s_p99="$(json_field p99_ms "$sise_json")"
  h_rps="$(json_field rps "$hyper_json")"
  h_p99="$(json_field p99_ms "$hyper_json")"
  s_bad=$(($(json_field non_ok "$sise_json") + $(json_field errors "$sise_json")))
  h_bad=$(($(json_field non_ok "$hyper_json") + $(json_field errors "$hyper_json")))
  s_bytes="$(json_field body_bytes "$sise_json")"
  # `null` (no request completed) reads as 0 here.
  thru="$(awk -v a="$s_rps" -v b="$h_rps" 'BEGIN { printf "%.2f", (b + 0 > 0 ? a / b : 0) }')"
  p99r="$(awk -v a="$s_p99" -v b="$h_p99" 'BEGIN { printf "%.2f", (b + 0 > 0 ? a / b : 0) }')"
  local note
  note="$(goal_text "$goal") $(verdict "$goal" "$thru" "$p99r")"
  [ "$status" = 200 ] || [ "$status" = 304 ] || note="$note (Sise answered $status)"
  [ "$s_bad" -eq 0 ] || note="$note ($s_bad Sise responses not 2xx/304 or failed)"
  [ "$h_bad" -eq 0 ] || note="$note ($h_bad hyper responses failed)"
  local not_modified
  not_modified="$(sed -n 's/.*"304":\([0-9]*\).*/\1/p' <<<"$sise_json")"
  [ -z "$not_modified" ] || note="$note ($(awk -v n="$not_modified" -v t="$(json_field requests "$sise_json")" \
    'BEGIN { printf "%.0f", (t > 0 ? 100 * n / t : 0) }')% 304)"
  [ "$(json_field requests "$sise_json")" != 0 ] || echo "Sise: $sise_json" >&2
  [ "$(json_field requests "$hyper_json")" != 0 ] || echo "hyper: $hyper_json" >&2
  # shellcheck disable=SC2059
  printf "$row_format" "$name" "$(printf '%.0f' "$s_rps")" "$s_p99" "$(printf '%.0f' "$h_rps")" \
    "$h_p99" "${thru}×" "${p99r}×" "${s_bytes%.0}" "$note"
  echo "$name|$thru|$p99r" >>"$results"
}

# The conditional row: `--etag-row NAME`, or else the first answer whose ETag still brings a
# 304 back a second later (past a simulator tick), trying the answers that hold no live quote
# first (articles, the page) and the quotes last.
etag_entry=""
for entry in "${requests[5]}" "${requests[6]}" "${requests[4]}" "${requests[3]}" "${requests[2]}" \
  "${requests[1]}"; do
  IFS='|' read -r name path _ header <<<"$entry"
  [ -z "$etag_row" ] || [ "$etag_row" = "$name" ] || continue
  request_headers=()
  [ -n "$header" ] && request_headers+=(-H "$header")
  etag="$(curl -sS "${request_headers[@]}" -o /dev/null -D - "$base$path" |
    sed -n 's/^[Ee][Tt][Aa][Gg]:[[:space:]]*//p' | tr -d '\r' | head -n 1)"
  [ -n "$etag" ] || continue
  # Past a simulator tick (500 ms): an answer that holds a live quote has changed by then.
  sleep 1
  status="$(curl -sS "${request_headers[@]}" -H "If-None-Match: $etag" -o /dev/null \
    -w '%{http_code}' "$base$path")"
  if [ "$status" = 304 ] || [ -n "$etag_row" ]; then
    etag_entry="$entry"
    break
  fi
done
[ -n "$etag_entry" ] || echo "(no answer carried an ETag that a repeat honours with 304: no If-None-Match row)"

# Saves Sise's answer to `$path` (with `$@` as request headers) in body.NAME and head.NAME;
# prints the status.
fetch() {
  local name="$1" path="$2"
  shift 2
  local curl_headers=() h
  for h in "$@"; do curl_headers+=(-H "$h"); done
  : >"$work/body.$name" # a 304 writes no body file
  curl -sS "${curl_headers[@]}" -o "$work/body.$name" -D "$work/head.$name" -w '%{http_code}' \
    "$base$path"
}

for run in $(seq 1 "$runs"); do
  echo
  # The machine is shared: say how busy it was.
  echo "run $run of $runs; load average $(cut -d' ' -f1-3 /proc/loadavg)"
  # shellcheck disable=SC2059
  printf "$row_format" request "Sise req/s" "p99 ms" "hyper req/s" "p99 ms" thru "p99" "body B" goal
  for entry in "${requests[@]}"; do
    IFS='|' read -r name path goal header <<<"$entry"
    load_headers=()
    [ -n "$header" ] && load_headers+=("$header")
    status="$(fetch "$name" "$path" "${load_headers[@]}")"
    compare "$run" "$name" "$path" "$goal" "$status" "$work/body.$name" "$work/head.$name" \
      "${load_headers[@]}"
  done
  if [ -n "$etag_entry" ]; then
    IFS='|' read -r name path goal header <<<"$etag_entry"
    load_headers=()
    [ -n "$header" ] && load_headers+=("$header")
    fetch "$name" "$path" "${load_headers[@]}" >/dev/null
    etag="$(sed -n 's/^[Ee][Tt][Aa][Gg]:[[:space:]]*//p' "$work/head.$name" | tr -d '\r' | head -n 1)"
    load_headers+=("If-None-Match: $etag")
    status="$(fetch "$name.304" "$path" "${load_headers[@]}")"
    compare "$run" "$name If-None-Match" "$path" "$goal" "$status" "$work/body.$name.304" \
      "$work/head.$name.304" "${load_headers[@]}"
  fi
done

if [ "$runs" -gt 1 ]; then
  echo
  echo "median over $runs runs (min–max)"
  printf '%-22s %18s %18s\n' request "thru ratio" "p99 ratio"
  cut -d'|' -f1 "$results" | awk '!seen[$0]++' | while IFS= read -r name; do
    thru="$(awk -F'|' -v n="$name" '$1 == n { print $2 }' "$results" | sort -g |
      awk '{ v[NR] = $1 } END { printf "%.2f× (%.2f–%.2f)", (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2), v[1], v[NR] }')"
    p99="$(awk -F'|' -v n="$name" '$1 == n { print $3 }' "$results" | sort -g |
      awk '{ v[NR] = $1 } END { printf "%.2f× (%.2f–%.2f)", (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2), v[1], v[NR] }')"
    printf '%-22s %18s %18s\n' "$name" "$thru" "$p99"
  done
fi

# The server's own account of errors once it was ready (its log goes with the work directory).
tail -n +"$((ready_lines + 1))" "$log" | sed 's/\x1b\[[0-9;]*m//g' | grep -E '\b(WARN|ERROR)\b' >"$work/problems" || true
if [ -s "$work/problems" ]; then
  echo
  echo "sise logged $(wc -l <"$work/problems") warnings and errors; the last 5:"
  tail -n 5 "$work/problems" | cut -c1-300 | sed 's/^/  /'
fi
