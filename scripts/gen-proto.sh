#!/usr/bin/env bash
# Regenerates the Rust code of the protocol buffers (proto/src/gen/) after a change to a
# .proto file under proto/proto/. The generated code is committed so that the test command's
# fresh build does not compile the protobuf compiler (protox, prost-build and theirs: about
# 25 crates); sise-proto's test `generated_code_is_current` fails when it is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --quiet --locked --manifest-path proto/generate/Cargo.toml \
  --target-dir "${CARGO_TARGET_DIR:-target}/proto-generate"
