#!/usr/bin/env bash
# Live quotes at scale (issue 12): the one-process `sise` with the simulator in continuous
# mode ticking every `tick_interval_ms` (config/base.yaml: 50 ms; `TICK_MS` overrides it), and `sse-load` (benches/src/bin/sse-load.rs) from a separate process opening
# Server-Sent-Events streams of 10 securities each. Two runs in one invocation, each on a
# fresh server: a small one (the delay baseline) and the large one. Printed: each run's own
# report, then a table of both beside the goals. Nothing is asserted.
#
#   scripts/bench-live-quotes.sh [--clients N] [--small N] [--duration SECS] [--settle SECS]
#                                [--ramp-per-sec N] [-- sse-load options…]
#
# Defaults: CLIENTS (20000) and SMALL_CLIENTS (1000) from the environment, 30 s measured after
# 5 s of settling, 1000 new streams a second. `SISE_BIN=path` skips building `sise`. Other
# `SISE__…` settings in the environment reach the server (for example
# `SISE__GATEWAY__QUOTES__STREAM_MIN_GAP_MS=250`).
#
# The stream limits of the edge are on, scaled to the run (max_connections, max_streams and
# max_streams_per_client = clients + 1000; the per-client rate high, since all clients are
# loopback addresses). Both processes raise their open-file limit to the hard limit; a
# stream is one descriptor on each side, so more clients than the hard limit allows are cut
# to fit, with a note. Nothing is pinned to a core.
set -euo pipefail
cd "$(dirname "$0")/.."

clients="${CLIENTS:-20000}"
# The configured tick unless TICK_MS says otherwise.
tick_ms="${TICK_MS:-$(sed -n 's/^ *tick_interval_ms: *\([0-9]*\).*/\1/p' config/base.yaml | head -n 1)}"
small="${SMALL_CLIENTS:-1000}"
duration=30
settle=5
ramp=1000
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --clients) clients="$2"; shift 2 ;;
    --small) small="$2"; shift 2 ;;
    --duration) duration="$2"; shift 2 ;;
    --settle) settle="$2"; shift 2 ;;
    --ramp-per-sec) ramp="$2"; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    *) sed -n '8,9p' "$0" >&2; exit 2 ;;
  esac
done

# shellcheck source=lib/bench.sh
. scripts/lib/bench.sh
build_bench_tools

# Each stream is a socket in the server and one in the load generator; keep ~500 spare
# descriptors for the server's own files, listeners and database.
hard="$(ulimit -Hn)"
ulimit -n "$hard"
if [ "$hard" != unlimited ] && [ $((clients + 500)) -gt "$hard" ]; then
  echo "note: the open-file hard limit is $hard here: $clients streams cut to $((hard - 500))"
  clients=$((hard - 500))
fi
cores="$(nproc)"

work="$(mktemp -d)"
pid=""
stop() {
  stop_processes "$pid"
  pid=""
}
cleanup() {
  stop
  rm -rf "$work"
}
trap cleanup EXIT

# Start a fresh `sise` whose stream limits fit `$1` clients; sets `pid` and `base`.
start_sise() {
  local n="$1" log="$work/sise.$1.log"
  local cap=$((n + 1000))
  rm -rf "$work/data"
  mkdir -p "$work/webapp"
  echo '<!doctype html>' >"$work/webapp/index.html" # no page is read here; no warning either
  SISE__DATA_DIR="$work/data" \
    SISE__GATEWAY__LISTEN=127.0.0.1:0 \
    SISE__GATEWAY__WEBAPP_DIR="$work/webapp" \
    SISE__GATEWAY__LIMITS__MAX_CONNECTIONS=$cap \
    SISE__GATEWAY__LIMITS__MAX_STREAMS=$cap \
    SISE__GATEWAY__LIMITS__MAX_STREAMS_PER_CLIENT=$cap \
    SISE__GATEWAY__LIMITS__RATE_PER_SECOND=1000000 \
    SISE__GATEWAY__LIMITS__RATE_BURST=1000000 \
    SISE__SERVICES__MARKET__SIMULATOR__MODE=continuous \
    SISE__SERVICES__MARKET__SIMULATOR__TICK_INTERVAL_MS="$tick_ms" \
    SISE__TELEMETRY__LOG_LEVEL=warn \
    "$SISE_BIN" >"$log" 2>&1 &
  pid=$!
  base="$(address_of "$log" "$pid")" || exit 1
  for _ in $(seq 1 300); do
    curl -fsS "$base/readyz" >/dev/null 2>&1 && break
    sleep 0.1
  done
  ready_lines="$(wc -l <"$log")"
  echo "sise at $base (pid $pid): max_connections, max_streams, max_streams_per_client $cap; simulator continuous, $tick_ms ms ticks"
}

run() {
  local n="$1"
  echo
  start_sise "$n"
  "$tools/sse-load" "$base" --clients "$n" --duration "$duration" --settle "$settle" \
    --ramp-per-sec "$ramp" --server-pid "$pid" --server-cores "$cores" \
    --json-out "$work/result.$n.json" "${extra[@]}"
  stop
  # The server's own account of refusals and errors once it was ready (its log goes with the
  # work directory).
  local problems="$work/problems.$n"
  tail -n +"$((ready_lines + 1))" "$work/sise.$n.log" | sed 's/\x1b\[[0-9;]*m//g' | grep -E '\b(WARN|ERROR)\b' >"$problems" || true
  if [ -s "$problems" ]; then
    echo "  sise logged $(wc -l <"$problems") warnings and errors; the last 5:"
    tail -n 5 "$problems" | cut -c1-300 | sed 's/^/    /'
  fi
}

run "$small"
run "$clients"

# A flat JSON field of sse-load's result file.
field() { sed -n "s/.*\"$1\":\([^,}]*\).*/\1/p" "$work/result.$2.json"; }
num() { awk -v v="$1" -v d="${2:-0}" 'BEGIN { if (v == "null" || v == "") print "n/a"; else printf "%.*f", d, v }'; }

echo
printf '%-34s %18s %18s   %s\n' figure "$small clients" "$clients clients" goal
line() { printf '%-34s %18s %18s   %s\n' "$1" "$2" "$3" "$4"; }
both() { # label, field, digits, goal
  line "$1" "$(num "$(field "$2" "$small")" "$3")" "$(num "$(field "$2" "$clients")" "$3")" "$4"
}
line "streams open" "$(field connected "$small") of $small" "$(field connected "$clients") of $clients" ""
both "failed connects" failed 0 ""
both "quote events/s" events_per_s 0 ""
both "events/s per server core ($cores)" events_per_core 0 "≥ 25,000"
both "events per server CPU-second" events_per_cpu_s 0 ""
both "server cores used" server_cores_used 2 ""
both "delay p50 ms" delay_p50_ms 0 ""
both "delay p99 ms" delay_p99_ms 0 "≤ 50"
both "delay p99.9 ms" delay_p999_ms 0 ""
both "delay max ms" delay_max_ms 0 ""
both "REST probe idle p99 ms" probe_idle_p99_ms 2 ""
both "REST probe p50 ms under load" probe_p50_ms 2 ""
both "REST probe p99 ms under load" probe_p99_ms 2 "≤ 50"
line "server memory KB per stream" \
  "$(num "$(awk -v b="$(field bytes_per_stream "$small")" 'BEGIN { print (b == "null" ? "null" : b / 1000) }')" 1)" \
  "$(num "$(awk -v b="$(field bytes_per_stream "$clients")" 'BEGIN { print (b == "null" ? "null" : b / 1000) }')" 1)" \
  "≤ 30"
both "load generator cores used" client_cores_used 2 ""
both "other processes' cores used" other_cores_used 2 "(a shared machine)"
both "load average (1 min) after" load_average 1 ""
