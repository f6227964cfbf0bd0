#!/usr/bin/env bash
# The community's three figures (issue 27), each a ratio of two loads measured in one run,
# on one `sise` whose four services keep their data in PostgreSQL (fresh databases
# `sise_bench_*` on SISE_BENCH_POSTGRES, default postgres://postgres@127.0.0.1:5432):
#
# 1. Writing posts through the gateway (`POST /social/api/v1/securities/KOREA-A005930/posts`,
#    64 members, one connection each, new text each time) against `pgbench`'s TPC-B on the
#    same PostgreSQL server (its own database, scale 64, 64 clients): throughput and p99.
# 2. A board's first page for visitors (`GET /social/api/v1/securities/KOREA-A005930/posts`)
#    against the cached quote GET (`/main/api/v1/quotes?security_ids=KOREA-A005930`).
# 3. Page 1,000 of a board of 10 million posts against its page 1, as a member (a member's
#    pages are never cached by the gateway, so both go to the database).
#
#   scripts/bench-posts.sh [--duration SECS] [--runs N] [--posts N] [--connections N] [--figure N]
#
# Defaults: 10 s after a 2 s warm-up, 3 runs (the order alternating per run), 10,000,000
# posts, 64 connections, all three figures (`--figure 1` or `--figure 2` measures one; the
# third fills the board of the first's author). `SISE_BIN=path` skips building `sise`.
# Nothing is asserted; the databases are dropped at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

duration=10
runs=3
posts=10000000
connections=64
figure=all
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --posts) posts="$2"; shift 2 ;;
    --connections) connections="$2"; shift 2 ;;
    --figure) figure="$2"; shift 2
      # The third figure fills the board of the first's author: it runs after the first.
      case "$figure" in 1 | 2) ;; *) sed -n '14,14p' "$0" >&2; exit 2 ;; esac ;;
    *) sed -n '14,14p' "$0" >&2; exit 2 ;;
  esac
done

# shellcheck source=lib/bench.sh
. scripts/lib/bench.sh
build_bench_tools

pg="${SISE_BENCH_POSTGRES:-postgres://postgres@127.0.0.1:5432}"
services=(identity social market favorites)
recreate_databases() {
  local name
  for name in "${services[@]}" pgbench; do
    psql -q "$pg/postgres" -c "DROP DATABASE IF EXISTS sise_bench_$name WITH (FORCE)"
    [ "${1:-}" = drop ] || psql -q "$pg/postgres" -c "CREATE DATABASE sise_bench_$name"
  done
}
recreate_databases

work="$(mktemp -d)"
pid=""
trap 'stop_processes "$pid"; recreate_databases drop; rm -rf "$work"' EXIT
database_settings=()
for name in "${services[@]}"; do
  upper="$(tr '[:lower:]' '[:upper:]' <<<"$name")"
  database_settings+=("SISE__SERVICES__${upper}__DATABASE_URL=$pg/sise_bench_$name")
done
# The daily limit (30 posts) is raised for the benchmark's members; the check itself still
# runs in each write's transaction. No sample posts: the boards hold the benchmark's own.
start_sise "$SISE_BIN" "$work/data" "${database_settings[@]}" \
  SISE__SERVICES__SOCIAL__COMMUNITY__DAILY_POSTS=1000000000 \
  SISE__SERVICES__SOCIAL__SAMPLE_POSTS=false
pid=$sise_pid
log="$work/data.log"
base="$(address_of "$log" "$pid")"
wait_ready "$base"

# One member per connection, as 64 people writing at once are.
printf 'signing up %d members\n' "$connections"
for i in $(seq 1 "$connections"); do
  printf 'authorization: Bearer %s\n' "$(member_token "$base" "$log" "벤치글$i")"
done >"$work/members"
token="$(head -n 1 "$work/members" | sed 's/.*Bearer //')"

board="$base/social/api/v1/securities/KOREA-A005930/posts"
quote="$base/main/api/v1/quotes?security_ids=KOREA-A005930"
common=(--connections "$connections" --duration "$duration" --warmup 2 --json)

# pgbench's TPC-B at the scale of its clients (its documentation: a scale below the client
# count measures contention on the branches table), prepared statements, a log of every
# transaction for the p99.
measures() { [ "$figure" = all ] || [ "$figure" = "$1" ]; }

if measures 1; then
printf '\n1. posts through the gateway against pgbench TPC-B, %d connections, %s s, PostgreSQL %s\n' \
  "$connections" "$duration" "$(psql -tA "$pg/postgres" -c 'SHOW server_version')"
pgbench -q -i -s "$connections" "$pg/sise_bench_pgbench" >/dev/null 2>&1
pgbench_run() {
  rm -rf "$work/pgbench" && mkdir "$work/pgbench"
  # "$@": `--rate R` for the open load; the log's latency (column 3) then counts from each
  # transaction's scheduled start, its lag included.
  (cd "$work/pgbench" && pgbench -c "$connections" -j 2 -M prepared -T $((duration + 2)) "$@" \
    --log --log-prefix=tx "$pg/sise_bench_pgbench" >out 2>&1) || true
  grep -q '^tps' "$work/pgbench/out" || { cat "$work/pgbench/out" >&2; return 1; }
  # The window after the first 2 s (as http-load's warm-up): the latencies (µs, column 3) of
  # the transactions that ended in it (epoch seconds and µs, columns 5 and 6).
  cat "$work/pgbench"/tx.* | awk -v skip=2 -v duration="$duration" '
    { end[NR] = $5 + $6 / 1e6; latency[NR] = $3; if (NR == 1 || end[NR] < first) first = end[NR] }
    END { for (i = 1; i <= NR; i++) if (end[i] >= first + skip && end[i] < first + skip + duration) print latency[i] }' |
    sort -n >"$work/pgbench/window"
  awk -v duration="$duration" '{ a[NR] = $1 } END {
    printf "{\"rps\":%.1f,\"p99_ms\":%.2f,\"non_ok\":0,\"errors\":0}\n", NR / duration, a[int(NR * 0.99)] / 1000 }' \
    "$work/pgbench/window"
}
# A text new in every run too (the instant the run starts): the duplicate rule refuses a
# member's same text within 10 minutes.
post_run() {
  "$tools/http-load" "$board" "${common[@]}" "$@" --method POST \
    --header 'content-type: application/json' --connection-headers "$work/members" \
    --body '{"content":"벤치 글 '"$(date +%s%N)"'-{n}: 오늘 장 마감 후 실적 발표가 있습니다.","category":"opinion"}'
}
# A database that has been running for a while: the boards hold posts and autovacuum has
# analysed them. Measured on tables just created, each connection's cached plans would
# be those of an empty table (autovacuum's first analyse comes after a minute) and the
# duplicate rule's read would scan the member's posts instead of one index entry.
post_run >/dev/null
psql -q "$pg/sise_bench_social" -c 'VACUUM ANALYZE'
psql -q "$pg/sise_bench_market" -c 'VACUUM ANALYZE'
compare_loads "$runs" pgbench posts pgbench_run post_run

# The goal's p99 at the goal's throughput. In the closed loop above each of the 64
# connections sends again as soon as it is answered, so the mean latency is 64 / throughput
# (Little's law) whatever the server does: 20 ms would need 3,200 a second, more than TPC-B
# itself does here. So both loads run again open, at one fixed rate, 0.8 × TPC-B's closed
# throughput of that run, each latency counted from the instant its request was due
# (`pgbench --rate`, `http-load --rate`): what a writer waits at the throughput the goal
# asks for. SISE_BENCH_OPEN_FRACTION (default 0.8) sets another fraction, to find the rate
# a p99 holds to.
fraction="${SISE_BENCH_OPEN_FRACTION:-0.8}"
printf '\n1b. the same at a fixed rate of %s x TPC-B'"'"'s closed-loop throughput (latency from the due instant)\n' "$fraction"
printf '%-4s %12s %10s %12s %9s %12s %9s %7s\n' run pgbench_rps rate pgbench_rps p99_ms posts_rps p99_ms errors
for run in $(seq 1 "$runs"); do
  closed="$(pgbench_run)"
  rate="$(awk -v r="$(json_field rps "$closed")" -v f="$fraction" 'BEGIN { printf "%.0f", r * f }')"
  if [ $((run % 2)) -eq 1 ]; then
    a="$(pgbench_run --rate "$rate")"; b="$(post_run --rate "$rate")"
  else
    b="$(post_run --rate "$rate")"; a="$(pgbench_run --rate "$rate")"
  fi
  errors=$(( $(json_field non_ok "$b") + $(json_field errors "$b") ))
  printf '%-4s %12.0f %10s %12.0f %9.2f %12.0f %9.2f %7d\n' "$run" "$(json_field rps "$closed")" "$rate" \
    "$(json_field rps "$a")" "$(json_field p99_ms "$a")" "$(json_field rps "$b")" "$(json_field p99_ms "$b")" "$errors"
done
created="$(psql -tA "$pg/sise_bench_social" -c 'SELECT count(*) FROM posts')"
printf '%s posts written\n' "$created"
fi

if measures 2; then
printf '\n2. a board'"'"'s first page for visitors against the cached quote GET, %d connections\n' "$connections"
BASE_LOAD=("$quote" "${common[@]}")
TEST_LOAD=("$board" "${common[@]}")
compare_loads "$runs" quote board
fi

# 3. The board grows to `posts` posts, written by the first member straight into the
# database (the indexes dropped during the fill and built again after, as a bulk load is
# done), then page 1,000 is found by following the cursors from page 1.
measures 3 || exit 0
printf '\n3. page 1,000 of a board of %d posts against page 1, as a member\n' "$posts"
social="$pg/sise_bench_social"
member="$(psql -tA "$social" -c 'SELECT min(user_id) FROM posts')"
indexes="$(psql -tA "$social" -c "SELECT indexdef || ';' FROM pg_indexes WHERE tablename = 'posts' AND indexname <> 'posts_pkey'")"
started=$SECONDS
psql -q "$social" <<SQL
SELECT format('DROP INDEX %I', indexname) FROM pg_indexes
 WHERE tablename = 'posts' AND indexname <> 'posts_pkey' \gexec
INSERT INTO posts (security_id, user_id, category, content, hot_rank, created_at_ms)
SELECT 'KOREA-A005930', $member, (ARRAY['opinion', 'question', 'news'])[1 + n % 3],
       '채운 글 ' || n, (n % 100000) * 1000, 1700000000000 + n
  FROM generate_series(1, $posts - (SELECT count(*) FROM posts)) AS n;
SET maintenance_work_mem = '512MB';
$indexes
VACUUM ANALYZE posts;
SQL
printf 'filled to %s posts in %d s\n' "$(psql -tA "$social" -c "SELECT count(*) FROM posts WHERE security_id = 'KOREA-A005930'")" \
  $((SECONDS - started))
cursor=""
for _ in $(seq 1 999); do
  cursor="$(curl -fsS -H "authorization: Bearer $token" "$board?cursor=$cursor" | sed -n 's/.*"next_cursor":"\([^"]*\)".*/\1/p')"
  [ -n "$cursor" ] || { echo "the board ended before page 1,000" >&2; exit 1; }
done
BASE_LOAD=("$board" "${common[@]}" --header "authorization: Bearer $token")
TEST_LOAD=("$board?cursor=$cursor" "${common[@]}" --header "authorization: Bearer $token")
compare_loads "$runs" page1 page1000
