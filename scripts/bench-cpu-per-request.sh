#!/usr/bin/env bash
# Server CPU time per request of two `sise` builds side by side (a regression check against
# the previous commit): both run at once on fresh data directories, and each request below is
# loaded on one and then the other, in turns, for `--rounds` rounds; the CPU the server process
# used (user + system, /proc/PID/stat) over the completed requests gives µs per request. Less
# sensitive to the load generator sharing the cores than a throughput ratio. Asserts nothing.
#
#   scripts/bench-cpu-per-request.sh OLD_SISE NEW_SISE [--duration SECS] [--rounds N]
#
# Build the old one with `git worktree add /tmp/old REV && cargo build --release --bin sise`
# there (or keep a copy of the last release binary).
set -euo pipefail
cd "$(dirname "$0")/.."

[ $# -ge 2 ] || { sed -n '8p' "$0" >&2; exit 2; }
old_bin="$1"
new_bin="$2"
shift 2
duration=5
rounds=3
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    *) sed -n '8p' "$0" >&2; exit 2 ;;
  esac
done

SISE_BIN="$new_bin"
# shellcheck source=lib/bench.sh
. scripts/lib/bench.sh
build_bench_tools

work="$(mktemp -d)"
pids=()
cleanup() {
  stop_processes "${pids[@]}"
  rm -rf "$work"
}
trap cleanup EXIT

start_sise "$old_bin" "$work/old"
old_pid=$sise_pid
pids+=("$old_pid")
start_sise "$new_bin" "$work/new"
new_pid=$sise_pid
pids+=("$new_pid")
old_base="$(address_of "$work/old.log" "$old_pid")"
new_base="$(address_of "$work/new.log" "$new_pid")"
wait_ready "$old_base"
wait_ready "$new_base"

ticks_per_second="$(getconf CLK_TCK)"
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# µs of server CPU per request of one load of PATH on the server at BASE with process PID.
per_request() {
  local base="$1" pid="$2" path="$3" before after json
  curl -fsS -o /dev/null "$base$path"
  before="$(cpu_ticks "$pid")"
  json="$("$tools/http-load" "$base$path" --duration "$duration" --warmup 0 --json)"
  after="$(cpu_ticks "$pid")"
  awk -v t=$((after - before)) -v hz="$ticks_per_second" -v n="$(json_field requests "$json")" \
    'BEGIN { printf "%.1f", (n > 0 ? t / hz * 1e6 / n : 0) }'
}

printf 'old %s (pid %s), new %s (pid %s); %s s per load, %s rounds, load average %s\n' \
  "$old_bin" "$old_pid" "$new_bin" "$new_pid" "$duration" "$rounds" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %-6s %12s %12s %8s\n' request round "old µs/req" "new µs/req" change
for path in /healthz "/main/api/v1/quotes?security_ids=KOREA-A005930"; do
  name="${path%%\?*}"
  name="${name##*/}"
  for round in $(seq 1 "$rounds"); do
    if [ $((round % 2)) -eq 1 ]; then
      old="$(per_request "$old_base" "$old_pid" "$path")"
      new="$(per_request "$new_base" "$new_pid" "$path")"
    else
      new="$(per_request "$new_base" "$new_pid" "$path")"
      old="$(per_request "$old_base" "$old_pid" "$path")"
    fi
    printf '%-8s %-6s %12s %12s %7s%%\n' "$name" "$round" "$old" "$new" \
      "$(awk -v a="$old" -v b="$new" 'BEGIN { printf "%+.0f", (a > 0 ? (b - a) / a * 100 : 0) }')"
  done
done
