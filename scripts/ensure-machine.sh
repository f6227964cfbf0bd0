#!/usr/bin/env bash
# Installs and starts what the test suite needs on a fresh machine of the project's kind:
# Chromium and a Korean font for the browser tests, PostgreSQL and NATS (JetStream) running.
# Idempotent: does nothing that is already done.
set -euo pipefail

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then
    apt-get update -qq
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if ! command -v chromium >/dev/null 2>&1; then
  echo "ensure-machine: installing chromium"
  apt_install chromium
fi
if ! fc-list 2>/dev/null | grep -qi nanum; then
  echo "ensure-machine: installing fonts-nanum (Hangul in screenshots)"
  apt_install fonts-nanum fontconfig
fi

if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  echo "ensure-machine: starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start
  for _ in $(seq 1 60); do
    pg_isready -h 127.0.0.1 -p 5432 -q && break
    sleep 0.5
  done
  pg_isready -h 127.0.0.1 -p 5432 -q || { echo "PostgreSQL did not start" >&2; exit 1; }
fi

nats_up() { (exec 3<>/dev/tcp/127.0.0.1/4222) 2>/dev/null; }
if ! nats_up; then
  echo "ensure-machine: starting NATS with JetStream"
  mkdir -p /var/lib/nats-server
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
    -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
  for _ in $(seq 1 40); do
    nats_up && break
    sleep 0.25
  done
  nats_up || { echo "NATS did not start" >&2; exit 1; }
fi
