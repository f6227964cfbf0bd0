#!/usr/bin/env bash
# Runs the five built images (deploy/Dockerfile) as the distributed system against a
# PostgreSQL and a NATS that already run on this host, and checks what an operator would:
# every container turns healthy by its image's own HEALTHCHECK, the gateway serves the
# webapp, a stock's page data crosses gateway -> market on PostgreSQL, a live quote moves,
# and the gateway's metrics listener answers. Then it removes the containers and databases.
#
# Not part of scripts/test.sh: building the images takes a release build of the workspace
# (about 9 minutes for the five on 2 cores, docs/operations.md "Images") and their base
# images. Build them first (deploy/README.md):
#   for s in identity:50051 social:50052 market:50053 favorites:50054 gateway:8080; do
#     docker build -f deploy/Dockerfile --build-arg SERVICE=${s%:*} --build-arg PORT=${s#*:} \
#       -t sise/${s%:*}:0.1.0 .; done
#   bash deploy/smoke-images.sh
#
# Settings: IMAGE_NAME/IMAGE_VERSION (sise, 0.1.0); PGHOST/PGPORT/PGUSER (127.0.0.1, 5432,
# postgres: a role that may create databases; the server must offer TLS, as production's
# URLs require it); NATS_URL (nats://127.0.0.1:4222); SMOKE_PORT_BASE (25000: the processes
# listen on the host's network at base+51…54, base+61/62 for the operators', base+80 for
# the gateway and base+464 for its metrics).
set -euo pipefail
cd "$(dirname "$0")/.."

image="${IMAGE_NAME:-sise}"
version="${IMAGE_VERSION:-0.1.0}"
pg_host="${PGHOST:-127.0.0.1}"
pg_port="${PGPORT:-5432}"
pg_user="${PGUSER:-postgres}"
nats_url="${NATS_URL:-nats://127.0.0.1:4222}"
base="${SMOKE_PORT_BASE:-25000}"
run="smoke$$"
member_key="$(head -c 32 /dev/urandom | base64 | tr -d '\n')"
declare -A port=([identity]=$((base + 51)) [social]=$((base + 52)) [market]=$((base + 53))
  [favorites]=$((base + 54)) [gateway]=$((base + 80)))
gateway="http://127.0.0.1:${port[gateway]}"

psql_admin() { psql -h "$pg_host" -p "$pg_port" -U "$pg_user" -d postgres -qAt -c "$1"; }
cleanup() {
  for service in gateway favorites social market identity; do
    docker rm -f "$run-$service" >/dev/null 2>&1 || true
  done
  for service in identity social market favorites; do
    psql_admin "DROP DATABASE IF EXISTS ${run}_$service WITH (FORCE)" >/dev/null 2>&1 || true
  done
}
trap cleanup EXIT
fail() {
  echo "smoke: FAILED: $*" >&2
  for service in identity social market favorites gateway; do
    echo "---- $run-$service (last lines)" >&2
    docker logs --tail 15 "$run-$service" 2>&1 | cut -c1-300 >&2 || true
  done
  exit 1
}

for service in identity social market favorites gateway; do
  docker image inspect "$image/$service:$version" >/dev/null ||
    fail "image $image/$service:$version not built (see the top of this script)"
done

# One run's processes share the member key and a bus namespace of their own.
common=(--network host -e SISE__BUS__URL="$nats_url" -e SISE__BUS__NAMESPACE="$run"
  -e RUST_LOG=warn)
start() { # SISE_PORT: the port the image's HEALTHCHECK asks, moved with the listener
  local service="$1"
  shift
  docker run -d --name "$run-$service" "${common[@]}" -e SISE_PORT="${port[$service]}" "$@" \
    "$image/$service:$version" >/dev/null
}
database() {
  psql_admin "CREATE DATABASE ${run}_$1" >/dev/null
  echo "postgres://$pg_user@$pg_host:$pg_port/${run}_$1?sslmode=require"
}
section() { echo "SISE__SERVICES__${1^^}"; }

# The services, each after those it calls. Operators' listeners on ports of their own.
start identity -e "$(section identity)__LISTEN=127.0.0.1:${port[identity]}" \
  -e "$(section identity)__DATABASE_URL=$(database identity)" \
  -e "$(section identity)__OPERATOR_LISTEN=127.0.0.1:$((base + 61))" \
  -e "$(section identity)__MEMBER_KEY=$member_key" \
  -e "$(section identity)__KAKAO__APP_KEY=smoke-$run" -e "$(section identity)__KAKAO__APP_ID=1"
start market -e "$(section market)__LISTEN=127.0.0.1:${port[market]}" \
  -e "$(section market)__DATABASE_URL=$(database market)" \
  -e "$(section market)__SIMULATOR__MODE=continuous" \
  -e "$(section market)__SIMULATOR__TICK_INTERVAL_MS=200"
start social -e "$(section social)__LISTEN=127.0.0.1:${port[social]}" \
  -e "$(section social)__DATABASE_URL=$(database social)" \
  -e "$(section social)__OPERATOR_LISTEN=127.0.0.1:$((base + 62))" \
  -e "$(section social)__MEMBER_KEY=$member_key" \
  -e "$(section social)__IDENTITY_URL=http://127.0.0.1:${port[identity]}" \
  -e "$(section social)__MARKET_URL=http://127.0.0.1:${port[market]}"
start favorites -e "$(section favorites)__LISTEN=127.0.0.1:${port[favorites]}" \
  -e "$(section favorites)__DATABASE_URL=$(database favorites)" \
  -e "$(section favorites)__MEMBER_KEY=$member_key" \
  -e "$(section favorites)__IDENTITY_URL=http://127.0.0.1:${port[identity]}" \
  -e "$(section favorites)__MARKET_URL=http://127.0.0.1:${port[market]}"
upstreams=()
for service in identity social market favorites; do
  upstreams+=(-e "SISE__GATEWAY__UPSTREAMS__${service^^}=http://127.0.0.1:${port[$service]}")
done
start gateway -e SISE__GATEWAY__LISTEN="127.0.0.1:${port[gateway]}" \
  -e SISE__GATEWAY__METRICS_LISTEN="127.0.0.1:$((base + 464))" \
  -e SISE__GATEWAY__MEMBER_KEY="$member_key" -e SISE__GATEWAY__KAKAO__APP_KEY="smoke-$run" \
  -e SISE__GATEWAY__SINGLE_ORIGIN=true "${upstreams[@]}"

# Healthy by each image's own HEALTHCHECK (/readyz on its port), within two minutes.
started=$SECONDS
for service in identity market social favorites gateway; do
  while true; do
    status="$(docker inspect -f '{{.State.Status}} {{.State.Health.Status}}' "$run-$service")"
    [ "$status" = "running healthy" ] && break
    [ "${status%% *}" = "running" ] || fail "$service is ${status%% *}"
    [ $((SECONDS - started)) -lt 120 ] || fail "$service not healthy within 120 s ($status)"
    sleep 2
  done
  echo "smoke: $service healthy (at $((SECONDS - started)) s)"
done

# What the gateway answers: the webapp, a stock's data from market on PostgreSQL, a live
# quote that moves, and its metrics.
check() { # name, expected status, url
  local status
  status="$(curl -s -o /tmp/$run.body -w '%{http_code}' "$3")"
  [ "$status" = "$2" ] || fail "$1: $3 answered $status, not $2: $(head -c 300 /tmp/$run.body)"
  echo "smoke: $1 ($3): $status"
}
check "the webapp" 200 "$gateway/m"
grep -q '<div id="root"' /tmp/$run.body || fail "the webapp's page has no root element"
check "a stock" 200 "$gateway/main/api/v1/securities/KOREA-A005930"
grep -q '삼성전자' /tmp/$run.body || fail "the stock is not 삼성전자: $(head -c 300 /tmp/$run.body)"
check "an index's days" 200 "$gateway/mweb/api/v1/assets/INDEX-KOSPI/day_candles?limit=5"
quote() {
  curl -s "$gateway/main/api/v1/quotes?security_ids=KOREA-A005930" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["quotes"][0]["price"])'
}
first="$(quote)" || fail "no quote for 삼성전자"
moved=""
for _ in $(seq 1 50); do
  sleep 0.2
  now="$(quote)" || fail "no quote for 삼성전자"
  [ "$now" != "$first" ] && moved="$now" && break
done
[ -n "$moved" ] || fail "the quote did not move in 10 s (stayed $first)"
echo "smoke: a live quote moved: $first -> $moved"
check "the gateway's metrics" 200 "http://127.0.0.1:$((base + 464))/metrics"
grep -q '^http_server_request_duration_seconds' /tmp/$run.body ||
  fail "the gateway's metrics have no http_server_request_duration_seconds"
rm -f /tmp/$run.body

for service in identity social market favorites gateway; do
  size="$(docker image inspect -f '{{.Size}}' "$image/$service:$version")"
  echo "smoke: image $image/$service:$version, $((size / 1000000)) MB"
done
echo "smoke: passed"
