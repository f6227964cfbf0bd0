#!/usr/bin/env bash
# Long runs of the property tests that stand in for fuzzing (the stable toolchain has no
# cargo-fuzz): each target is a group of `proptest!` tests, run again and again with fresh
# random seeds and PROPTEST_CASES cases per test per round, until its time is up. Prints
# rounds, cases and failing rounds per target; a failure's output is kept in the log
# directory, and proptest saves the failing input under the crate's proptest-regressions/,
# which every later `cargo test` (CI included) replays first.
#
# Usage: bash scripts/fuzz.sh [--minutes N] [--cases N] [--targets a,b,...]
#   --minutes  time per target (default 10; FUZZ_MINUTES)
#   --cases    cases per test per round (default 2000; FUZZ_CASES)
#   --targets  a subset of: cursors ids dates-limits feed dart text (default: all)
# CI runs the same tests once each with proptest's default 256 cases (`cargo test`).
set -euo pipefail
cd "$(dirname "$0")/.."

minutes="${FUZZ_MINUTES:-10}"
cases="${FUZZ_CASES:-2000}"
only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) minutes="$2"; shift 2 ;;
    --cases) cases="$2"; shift 2 ;;
    --targets) only="$2"; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

# target  package  test-name filter
targets=(
  "cursors       sise-market    articles::cursor::tests::prop_cursor_"
  "ids           sise-market    prop_ids_"
  "security-ids  sise-market-model  domain::tests::prop_ids_"
  "dates-limits  sise-platform  request::tests::prop_"
  "feed          sise-market    articles::news::tests::prop_feed_"
  "dart          sise-market    articles::dart::tests::prop_dart_"
  "text          sise-market    articles::text::tests::prop_text_"
)

log_dir="${FUZZ_LOG_DIR:-$(mktemp -d -t sise-fuzz.XXXXXX)}"
mkdir -p "$log_dir"

echo "building the test binaries (sise-market, sise-market-model, sise-platform) ..."
binaries="$(cargo test -p sise-market -p sise-market-model -p sise-platform --lib --no-run --message-format=json 2>/dev/null |
  python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["kind"] == ["lib"]:
        print(m["target"]["name"], m["executable"])
')"
binary_of() {
  echo "$binaries" | awk -v name="${1//-/_}" '$1 == name { print $2 }' | head -1
}

printf '\n%-13s %8s %7s %10s %9s\n' target seconds rounds cases failures
status=0
for line in "${targets[@]}"; do
  read -r name package filter <<<"$line"
  if [ -n "$only" ] && [[ ",$only," != *",$name,"* ]]; then
    continue
  fi
  bin="$(binary_of "$package")"
  [ -x "$bin" ] || { echo "no test binary for $package" >&2; exit 1; }
  tests="$("$bin" --list "$filter" 2>/dev/null | grep -c ': test$' || true)"
  [ "$tests" -gt 0 ] || { echo "no test matches $filter" >&2; exit 1; }
  start=$SECONDS
  deadline=$((SECONDS + minutes * 60))
  rounds=0
  failures=0
  while [ "$SECONDS" -lt "$deadline" ] || [ "$rounds" -eq 0 ]; do
    rounds=$((rounds + 1))
    # One core: the machine is shared.
    if ! PROPTEST_CASES="$cases" "$bin" "$filter" --test-threads=1 -q \
      >"$log_dir/$name.round$rounds.log" 2>&1; then
      failures=$((failures + 1))
      status=1
    else
      rm -f "$log_dir/$name.round$rounds.log"
    fi
  done
  printf '%-13s %8d %7d %10d %9d\n' "$name" $((SECONDS - start)) "$rounds" \
    $((rounds * tests * cases)) "$failures"
done
echo
echo "cases = rounds x tests in the target x $cases; failing rounds' output in $log_dir"
exit "$status"
