# Shared by the benchmark scripts (sourced, from the repository root).

# Builds the load tools in their own target directory with every dependency fully optimised
# (the workspace's release profile builds most dependencies at opt-level 1, a choice for
# Sise's build time, which should not weaken the baseline nor make the load generator
# dearer), and `sise` in release mode unless SISE_BIN names one. Sets `tools` and SISE_BIN.
build_bench_tools() {
  cargo build --release --locked -p sise-bench --target-dir target/bench-tools \
    --config 'profile.release.package."*".opt-level=3'
  tools=target/bench-tools/release
  if [ -z "${SISE_BIN:-}" ]; then
    cargo build --release --locked -p sise-gateway --bin sise
    SISE_BIN=target/release/sise
  fi
}

# The `listening on http://ADDR` address a process printed into FILE, waiting up to 180 s (a
# debug build with a fresh database can take a while); fails (with the file's contents) if
# the process exits first or never prints it.
address_of() {
  local file="$1" process="$2" found=""
  for _ in $(seq 1 1800); do
    found="$(grep -o 'listening on http://[0-9.:]*' "$file" | head -n 1 | sed 's/^listening on //' || true)"
    [ -n "$found" ] && break
    if ! kill -0 "$process" 2>/dev/null; then
      echo "process $process exited before listening:" >&2
      cat "$file" >&2
      return 1
    fi
    sleep 0.1
  done
  [ -n "$found" ] || { echo "no address within 180 s" >&2; cat "$file" >&2; return 1; }
  echo "$found"
}

# Stops the processes with these ids if they still run, and reaps them (empty ids are skipped).
stop_processes() {
  local process
  for process in "$@"; do
    if [ -n "$process" ] && kill -0 "$process" 2>/dev/null; then
      kill "$process" 2>/dev/null || true
      wait "$process" 2>/dev/null || true
    fi
  done
}

# The per-client rate limit a bench raises `sise`'s to: a real edge meets many clients, a
# bench is one loopback client.
BENCH_RATE=1000000

# Starts the `sise` at BIN on a fresh data directory DIR with the edge's limits on and only
# the per-client rate raised to BENCH_RATE, its output in DIR.log; extra `NAME=VALUE`
# settings may follow. Sets `sise_pid`.
start_sise() {
  local bin="$1" dir="$2"
  shift 2
  env SISE__DATA_DIR="$dir" \
    SISE__GATEWAY__LISTEN=127.0.0.1:0 \
    SISE__GATEWAY__LIMITS__RATE_PER_SECOND=$BENCH_RATE \
    SISE__GATEWAY__LIMITS__RATE_BURST=$BENCH_RATE \
    SISE__TELEMETRY__LOG_LEVEL=warn \
    "$@" "$bin" >"$dir.log" 2>&1 &
  sise_pid=$!
}

# Waits until the server at BASE is ready (at most 30 s).
wait_ready() {
  for _ in $(seq 1 300); do
    curl -fsS "$1/readyz" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "$1 not ready within 30 s" >&2
  return 1
}

# A new member's session token on the server at BASE (LOG: its output, where the development
# messenger provider's address is printed): the browser's part of the messenger login
# against the development provider, then sign-up and login at the gateway. NICKNAME names
# the test account.
member_token() {
  local base="$1" log="$2" nickname="$3" kakao app_key=sise-dev-app-key location code kakao_token token
  kakao="$(grep -o 'development messenger login (not Kakao.s) at http://[0-9.:]*' "$log" | sed 's/.* at //')"
  [ -n "$kakao" ] || { echo "no development messenger provider in $log" >&2; return 1; }
  local redirect="$base/m/oauth/kakao"
  location="$(curl -fsS -o /dev/null -w '%{redirect_url}' -X POST "$kakao/oauth/authorize" \
    --data-urlencode "client_id=$app_key" --data-urlencode "redirect_uri=$redirect" \
    --data-urlencode "state=bench" --data-urlencode "nickname=$nickname")"
  code="$(sed -n 's/.*[?&]code=\([^&]*\).*/\1/p' <<<"$location")"
  kakao_token="$(curl -fsS -X POST "$kakao/oauth/token" --data-urlencode grant_type=authorization_code \
    --data-urlencode "client_id=$app_key" --data-urlencode "redirect_uri=$redirect" \
    --data-urlencode "code=$code" | sed -n 's/.*"access_token":"\([^"]*\)".*/\1/p')"
  curl -fsS -o /dev/null -H 'content-type: application/json' "$base/main/api/users" \
    -d "{\"kakao_access_token\":\"$kakao_token\",\"agreements\":{\"service_age\":true,\"service\":true,\"private_collect\":true}}"
  token="$(curl -fsS -H 'content-type: application/json' "$base/main/api/session" \
    -d "{\"kakao_access_token\":\"$kakao_token\"}" | sed -n 's/.*"access_token":"\([^"]*\)".*/\1/p')"
  [ ${#token} -eq 64 ] || { echo "no session token" >&2; return 1; }
  echo "$token"
}

# A flat JSON field of http-load's `--json` output: `json_field rps "$json"`.
json_field() { sed -n "s/.*\"$1\":\([^,}]*\).*/\1/p" <<<"$2"; }

# Starts `sise` ($SISE_BIN) on a fresh data directory under a new `$work` (removed, and the
# server stopped, on exit), waits until it is ready and signs up a member NICKNAME through the
# development messenger login. Sets `work`, `pid`, `log`, `base` and `token`.
start_member_sise() {
  work="$(mktemp -d)"
  pid=""
  trap 'stop_processes "$pid"; rm -rf "$work"' EXIT
  start_sise "$SISE_BIN" "$work/data"
  pid=$sise_pid
  log="$work/data.log"
  base="$(address_of "$log" "$pid")"
  wait_ready "$base"
  token="$(member_token "$base" "$log" "$1")"
}

# Loads two requests one after the other, RUNS times (the order alternating per run): the
# http-load arguments of the baseline in the array BASE_LOAD, those of the request measured
# against it in TEST_LOAD. Prints each run's throughput and p99 of both, the ratios of the
# measured one to the baseline, the non-2xx responses and errors, then the median throughput
# ratio. BASE and TEST name the columns. Two function names may follow, to measure with
# something else than those arrays: each prints a JSON line with http-load's rps, p99_ms,
# non_ok and errors (pgbench, say).
load_base() { "$tools/http-load" "${BASE_LOAD[@]}"; }
load_test() { "$tools/http-load" "${TEST_LOAD[@]}"; }
compare_loads() {
  local runs="$1" base="$2" test="$3" base_fn="${4:-load_base}" test_fn="${5:-load_test}"
  local run a b errors ratio p99_ratio ratios=()
  printf '%-4s %12s %9s %12s %9s %9s %9s %7s\n' run "${base}_rps" p99_ms "${test}_rps" p99_ms rps_ratio p99_ratio errors
  for run in $(seq 1 "$runs"); do
    if [ $((run % 2)) -eq 1 ]; then
      a="$("$base_fn")"
      b="$("$test_fn")"
    else
      b="$("$test_fn")"
      a="$("$base_fn")"
    fi
    errors=$(( $(json_field non_ok "$a") + $(json_field non_ok "$b") + $(json_field errors "$a") + $(json_field errors "$b") ))
    ratio="$(awk -v b="$(json_field rps "$b")" -v a="$(json_field rps "$a")" 'BEGIN { printf "%.2f", b / a }')"
    p99_ratio="$(awk -v b="$(json_field p99_ms "$b")" -v a="$(json_field p99_ms "$a")" 'BEGIN { printf "%.2f", b / a }')"
    ratios+=("$ratio")
    printf '%-4s %12.0f %9.2f %12.0f %9.2f %8s× %8s× %7d\n' "$run" "$(json_field rps "$a")" "$(json_field p99_ms "$a")" \
      "$(json_field rps "$b")" "$(json_field p99_ms "$b")" "$ratio" "$p99_ratio" "$errors"
  done
  printf 'median %s/%s throughput: %s×\n' "$test" "$base" \
    "$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')"
}
