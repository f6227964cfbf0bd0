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
