#!/usr/bin/env bash
# First load of the webapp (issue 12, goal 3): builds the webapp and prints the gzip size of
# the JavaScript each page needs before its first paint (the shell, the home page, the stock
# page before its chart, the chart), then starts the one-process server on a fresh data
# directory and runs Lighthouse (mobile preset: simulated slow 4G and 4x CPU slowdown,
# headless Debian Chromium) on the home page and the stock page, printing the medians of
# LCP, CLS, TBT and the performance score beside the goals. Nothing is asserted.
#
#   scripts/bench-first-load.sh [--runs N] [--gzip] [--sizes-only] [--build] [--reports DIR]
#
#   --runs N       Lighthouse runs per page (default 3), after one uncounted warm-up run
#   --reports DIR  keep the Lighthouse JSON reports there
#   --gzip         put a loopback proxy that gzips responses in front of the server
#                  (scripts/first-load/gzip-proxy.mjs): the figures as they would be if the
#                  gateway compressed what it serves
#   --sizes-only   build and print the sizes; no server, no Lighthouse
#   --build        build the server first (cargo build --release --bin sise); without it the
#                  script never starts a cargo build
#
# Environment: SISE_BIN (default target/release/sise if present, else target/debug/sise),
# SISE_CACHE_DIR (default ~/.cache/sise: Lighthouse is installed there once per version with
# `npm install --prefix`, never into webapp/package.json), CHROME_PATH (default
# `command -v chromium`; scripts/ensure-machine.sh installs it).
#
# Lighthouse is pinned to 12.8.2, the last version that runs on Node 20 (13.x needs 22.19).
# Figures: docs/benchmarks.md, "First load (webapp)".
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

LIGHTHOUSE_VERSION=12.8.2
runs=3
gzip_proxy=0
sizes_only=0
build=0
reports_dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --gzip) gzip_proxy=1; shift ;;
    --sizes-only) sizes_only=1; shift ;;
    --build) build=1; shift ;;
    --reports) reports_dir="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
  esac
done

# shellcheck source=lib/bench.sh
. scripts/lib/bench.sh

work="$(mktemp -d)"
server_pid=""
proxy_pid=""
cleanup() {
  stop_processes "$proxy_pid" "$server_pid"
  rm -rf "$work"
}
trap cleanup EXIT

# ---- the webapp: install (only when the lock file changed), build, sizes ---------------------
(
  cd webapp
  lock_hash="$(sha256sum package-lock.json | cut -d' ' -f1)"
  if [ "$(cat node_modules/.sise-lock-hash 2>/dev/null)" != "$lock_hash" ]; then
    npm ci --no-audit --no-fund --loglevel=error
    echo "$lock_hash" > node_modules/.sise-lock-hash
  fi
  npm run --silent build >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
  # The same build once more with Vite's manifest (which chunks each route imports), into a
  # scratch directory: the served dist/ stays exactly what `npm run build` makes.
  npx vite build --manifest --outDir "$work/dist-manifest" --emptyOutDir --logLevel error
)
entry="$(grep -o 'static/index-[A-Za-z0-9_-]*\.js' webapp/dist/index.html | head -n 1)"
[ -f "$work/dist-manifest/$entry" ] || { echo "the two builds differ (no $entry in the manifest build)" >&2; exit 1; }
echo
echo "== JavaScript before first paint (gzip -6, kB = 1,000 bytes) =="
node scripts/first-load/sizes.mjs "$work/dist-manifest"
[ "$sizes_only" = 1 ] && exit 0

# ---- the server -----------------------------------------------------------------------------
target_dir="${CARGO_TARGET_DIR:-$root/target}"
if [ "$build" = 1 ]; then
  cargo build --release --locked -p sise-gateway --bin sise
  SISE_BIN="${SISE_BIN:-$target_dir/release/sise}"
fi
if [ -z "${SISE_BIN:-}" ]; then
  if [ -x "$target_dir/release/sise" ]; then SISE_BIN="$target_dir/release/sise"; else SISE_BIN="$target_dir/debug/sise"; fi
fi
[ -x "$SISE_BIN" ] || {
  echo "server binary not found: $SISE_BIN (build it, or pass --build, or set SISE_BIN)" >&2
  exit 1
}
CHROME_PATH="${CHROME_PATH:-$(command -v chromium || true)}"
[ -n "$CHROME_PATH" ] || { echo "no chromium: run scripts/ensure-machine.sh" >&2; exit 1; }
export CHROME_PATH

# Lighthouse, once per version, in the cache.
lighthouse_dir="${SISE_CACHE_DIR:-$HOME/.cache/sise}/lighthouse-$LIGHTHOUSE_VERSION"
if [ ! -f "$lighthouse_dir/.installed" ]; then
  echo "installing lighthouse $LIGHTHOUSE_VERSION into $lighthouse_dir"
  rm -rf "$lighthouse_dir"
  mkdir -p "$lighthouse_dir"
  npm install --prefix "$lighthouse_dir" --no-audit --no-fund --loglevel=error "lighthouse@$LIGHTHOUSE_VERSION"
  touch "$lighthouse_dir/.installed"
fi
lighthouse="$lighthouse_dir/node_modules/.bin/lighthouse"

# A fresh data directory; the page loads are one client, so the per-client rate limit is
# lifted (as in the API tests).
started=$SECONDS
SISE__DATA_DIR="$work/data" \
  SISE__GATEWAY__LISTEN=127.0.0.1:0 \
  SISE__GATEWAY__WEBAPP_DIR="$root/webapp/dist" \
  SISE__GATEWAY__LIMITS__RATE_PER_SECOND=100000 \
  SISE__GATEWAY__LIMITS__RATE_BURST=100000 \
  SISE__TELEMETRY__LOG_LEVEL=warn \
  "$SISE_BIN" >"$work/sise.log" 2>&1 &
server_pid=$!
base="$(address_of "$work/sise.log" "$server_pid")"
for _ in $(seq 1 600); do
  curl -fsS "$base/readyz" >/dev/null 2>&1 && break
  sleep 0.1
done
echo
echo "== Lighthouse $LIGHTHOUSE_VERSION, mobile preset, $runs runs per page =="
echo "server: $SISE_BIN at $base (ready after $((SECONDS - started)) s); chromium: $("$CHROME_PATH" --version 2>/dev/null | head -n 1)"

if [ "$gzip_proxy" = 1 ]; then
  node scripts/first-load/gzip-proxy.mjs "$base" >"$work/proxy.log" 2>&1 &
  proxy_pid=$!
  base="$(address_of "$work/proxy.log" "$proxy_pid")"
  echo "through the gzip proxy at $base"
fi

chrome_flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage"
pages=("home=/m" "stock=/m/stocks/KOREA-A005930")

# One run per page first, not counted: the first read of a stock writes its day-candle
# history, and the first Chromium start warms the disk cache.
for page in "${pages[@]}"; do
  "$lighthouse" "$base${page#*=}" --quiet --only-categories=performance \
    --output=json --output-path="$work/warm-up.json" --chrome-flags="$chrome_flags" || true
done

args=()
for page in "${pages[@]}"; do
  name="${page%%=*}"
  reports=""
  for run in $(seq 1 "$runs"); do
    report="$work/$name-$run.json"
    printf '%s run %s … ' "$name" "$run"
    run_started=$SECONDS
    "$lighthouse" "$base${page#*=}" --quiet --only-categories=performance \
      --output=json --output-path="$report" --chrome-flags="$chrome_flags"
    echo "$((SECONDS - run_started)) s"
    reports="$reports$report,"
  done
  args+=("$name ${page#*=}=$reports")
done
if [ -n "$reports_dir" ]; then
  mkdir -p "$reports_dir"
  cp "$work"/home-*.json "$work"/stock-*.json "$reports_dir"/
fi
echo
node scripts/first-load/lighthouse-medians.mjs "${args[@]}"
