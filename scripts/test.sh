#!/usr/bin/env bash
# The whole test suite: formatting, lints, Rust tests on both storage backends and both
# buses, the distributed-mode test, webapp type-check/lint/unit tests, the end-to-end
# browser test against the one-process server, and the deployment files.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step prints the seconds since the start: CI must finish within 30 minutes.
step() { printf '\n==> %s (at %ds)\n' "$*" "$SECONDS"; }
trap 'printf "\n==> finished after %ds\n" "$SECONDS"' EXIT

step "machine: chromium, fonts, PostgreSQL, NATS"
bash scripts/ensure-machine.sh

step "webapp: install"
(cd webapp && npm ci --no-audit --no-fund --loglevel=error)

step "rust: format and lints"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --locked -- -D warnings

# Every target in one build: binaries and tests share one feature resolution, so the binaries
# the distributed and browser tests run are the ones `cargo test` would build (a separate
# `--bins` build resolves features without dev-dependencies and compiles much of it twice).
step "rust: build every target (the distributed test runs the binaries as processes)"
cargo build --workspace --all-targets --locked

step "rust: tests (SQLite and PostgreSQL, in-process bus and NATS)"
SISE_TEST_BACKENDS=sqlite,postgres cargo test --workspace --locked

step "webapp: generated API types are current, type-check, lint, unit tests, build"
(
  cd webapp
  npm run --silent gen:api >/dev/null
  git diff --exit-code -- src/lib/api/schema.d.ts ||
    { echo "src/lib/api/schema.d.ts is stale: run npm run gen:api" >&2; exit 1; }
  npm run --silent typecheck
  npm run --silent lint
  npm test --silent
  npm run --silent build
)

step "deploy: compose, Dockerfiles, Kubernetes manifests, collector"
SISE_DEPLOY_STRICT=1 bash deploy/check.sh

step "end to end: headless Chromium at 390x844 against the one-process server"
(cd webapp && SISE_BIN="$PWD/../target/debug/sise" npm run --silent e2e)
