#!/usr/bin/env bash
# Schemathesis over the gateway's OpenAPI document, against the one-process server: every
# operation of the main, social and mobile-web hosts (the live streams aside: they never
# end), with every check (server errors, schema-valid requests refused (ST202),
# schema-invalid ones accepted, response schemas, status codes, content types, 405s).
#
#   scripts/schemathesis.sh                # 100 examples per operation (docs/benchmarks.md)
#   EXAMPLES=15 scripts/schemathesis.sh    # the bounded run of scripts/test.sh
#
# Environment: EXAMPLES (default 100), SEED (default random; the run prints it),
# SISE_BIN (default $CARGO_TARGET_DIR/debug/sise, else target/debug/sise, built beforehand),
# SISE_CACHE_DIR (default ~/.cache/sise: Schemathesis is installed there once, in a venv).
# Prints the figures per host (cases, failures per check) and exits non-zero on any
# failure. The document is the one the server serves (`/openapi.json`); the cursor formats
# it names are drawn by scripts/schemathesis/hooks.py.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

EXAMPLES="${EXAMPLES:-100}"
SISE_BIN="${SISE_BIN:-${CARGO_TARGET_DIR:-$PWD/target}/debug/sise}"
# Installed once per version (the version is pinned there).
bash scripts/install-test-tools.sh schemathesis
venv="$(bash scripts/install-test-tools.sh --venv schemathesis)"

[ -x "$SISE_BIN" ] || { echo "server binary not found: $SISE_BIN (cargo build --bin sise)" >&2; exit 1; }

# ---- the one-process server on a free port, with a fresh data directory ------------------
work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# The fuzzer is one client sending as fast as it can: lift the per-client rate limit (its
# 429 is tested in gateway/tests/api/edge.rs), or every check would meet it.
SISE__GATEWAY__LIMITS__RATE_PER_SECOND=1000000 \
SISE__GATEWAY__LIMITS__RATE_BURST=1000000 \
SISE__GATEWAY__LISTEN=127.0.0.1:0 \
SISE__DATA_DIR="$work/data" \
SISE__GATEWAY__WEBAPP_DIR="$work/no-webapp" \
  "$SISE_BIN" >"$work/server.log" 2>&1 &
server_pid=$!

base=""
for _ in $(seq 1 600); do
  base="$(sed -n 's/.*listening on \(http:\/\/[0-9.:]*\).*/\1/p' "$work/server.log" | head -1)"
  [ -n "$base" ] && curl -fsS -o /dev/null "$base/readyz" 2>/dev/null && break
  kill -0 "$server_pid" 2>/dev/null || { echo "the server exited:" >&2; tail -20 "$work/server.log" >&2; exit 1; }
  base=""
  sleep 0.5
done
[ -n "$base" ] || { echo "the server did not become ready:" >&2; tail -20 "$work/server.log" >&2; exit 1; }
curl -fsS "$base/openapi.json" -o "$work/openapi.json"
echo "server ready at $base; $EXAMPLES examples per operation"

# ---- one run per API host -----------------------------------------------------------------
status=0
figures=()
for host in main:main social:social mweb:mobile-web; do
  prefix="${host%%:*}"
  tag="${host#*:}"
  report="$work/report-$prefix.json"
  args=(
    run "$work/openapi.json"
    --url "$base/$prefix"
    --include-tag "$tag"
    --exclude-path-regex stream
    --max-examples "$EXAMPLES"
    --checks all
    --report json --report-json-path "$report"
    --no-color
  )
  [ -n "${SEED:-}" ] && args+=(--seed "$SEED")
  echo
  echo "==> schemathesis: /$prefix (tag $tag)"
  # From the temporary directory: Schemathesis keeps its example database in the working
  # directory (.schemathesis/), which is no part of the repository.
  (cd "$work" && SCHEMATHESIS_HOOKS=hooks PYTHONPATH="$root/scripts/schemathesis" \
    "$venv/bin/st" "${args[@]}") || status=1
  figures+=("$("$venv/bin/python" scripts/schemathesis/figures.py "$report" "/$prefix")")
done

echo
echo "==> schemathesis figures ($EXAMPLES examples per operation)"
printf '%s\n' "${figures[@]}"
exit "$status"
