"""deploy/check.sh's `observability` check: Prometheus's rules, Grafana's dashboards and their
copies in deploy/k8s, against the metrics docs/operations.md lists.

    python3 deploy/check-observability.py            # check (from the repository's root)
    SISE_BLESS=1 python3 deploy/check-observability.py   # also rewrite the k8s ConfigMaps

What it checks (promtool's own checks run beside it, in check.sh):
- every alert and recording rule expression and every dashboard query parses (promql-parser,
  the Rust crate's Python binding), and every metric it names is in docs/operations.md's
  "Metrics" table (a histogram also as _bucket, _sum and _count) or is recorded by a rule;
- every alert has a severity (page or ticket), a summary and a runbook_url
  `docs/operations.md#<anchor>` whose heading exists, and a unit test in
  deploy/prometheus/tests/ that expects it to fire;
- every dashboard parses, has a unique uid, and each of its panels has a data source the
  provisioning defines, queries, and a link to traces in Jaeger;
- Prometheus's jobs, compose's network aliases and the headless Services in deploy/k8s name
  the same `<name>-metrics` targets on the same ports;
- the ConfigMaps in deploy/k8s/prometheus.yaml and grafana.yaml hold the files as they are,
  and mount each of them.
"""

import glob
import json
import os
import re
import sys

import promql_parser
import yaml

PROBLEMS = []
BLESS = os.environ.get("SISE_BLESS") == "1"


def problem(text):
    PROBLEMS.append(text)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


# ---- the catalogue: docs/operations.md -------------------------------------------------

DOC = "docs/operations.md"
doc = read(DOC)
metrics_section = re.search(r"^## Metrics\n(.*?)(?=^## )", doc, re.M | re.S)
if not metrics_section:
    metrics_section = re.search(r"^## Metrics\n(.*)", doc, re.M | re.S)
METRICS, HISTOGRAMS = set(), set()
for line in (metrics_section.group(1) if metrics_section else "").splitlines():
    m = re.match(r"\|\s*`([a-z_:][a-z0-9_:]*)`\s*\|\s*([^|]*)\|", line)
    if m:
        METRICS.add(m.group(1))
        if "histogram" in m.group(2):
            HISTOGRAMS.add(m.group(1))
if not METRICS:
    problem(f"{DOC}: no metrics table found under '## Metrics'")


def slug(heading):
    """GitHub's anchor of a heading."""
    text = heading.strip().lower().replace("`", "")
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


ANCHORS = {slug(h) for h in re.findall(r"^#{1,6} (.+)$", doc, re.M)}


def names_in(expr_text):
    """Metric names an expression selects, or None when it does not parse."""
    try:
        ast = promql_parser.parse(expr_text)
    except Exception as error:  # the binding raises ValueError-like errors
        return None, str(error)
    names = []

    def visit(node):
        if isinstance(node, promql_parser.VectorSelector):
            names.append(node.name)
        return True

    promql_parser.walk(ast, visit)
    return names, None


def known(name, recorded):
    if name in METRICS or name in recorded:
        return True
    for suffix in ("_bucket", "_sum", "_count"):
        if name.endswith(suffix) and name[: -len(suffix)] in HISTOGRAMS:
            return True
    return False


def check_expr(where, expr_text, recorded):
    names, error = names_in(expr_text)
    if names is None:
        problem(f"{where}: does not parse: {error}")
        return
    for name in names:
        if not name:
            problem(f"{where}: a selector without a metric name")
        elif not known(name, recorded):
            problem(f"{where}: {name} is not in {DOC}'s Metrics table (nor recorded by a rule)")


# ---- Prometheus rules ------------------------------------------------------------------

RULES = sorted(glob.glob("deploy/prometheus/rules/*.yml"))
if not RULES:
    problem("deploy/prometheus/rules/: no rules files")
rule_docs = {path: yaml.safe_load(read(path)) or {} for path in RULES}
RECORDED = {
    rule["record"]
    for d in rule_docs.values()
    for group in d.get("groups") or []
    for rule in group.get("rules") or []
    if "record" in rule
}
ALERTS = []
for path, d in rule_docs.items():
    for group in d.get("groups") or []:
        for rule in group.get("rules") or []:
            name = rule.get("record") or rule.get("alert") or "?"
            check_expr(f"{path}: {name}", str(rule.get("expr", "")), RECORDED)
            if "alert" not in rule:
                continue
            ALERTS.append(name)
            labels = rule.get("labels") or {}
            notes = rule.get("annotations") or {}
            if labels.get("severity") not in ("page", "ticket"):
                problem(f"{path}: {name}: severity should be page or ticket")
            if not notes.get("summary"):
                problem(f"{path}: {name}: no summary")
            url = notes.get("runbook_url", "")
            m = re.fullmatch(r"docs/operations\.md#([\w-]+)", url)
            if not m:
                problem(f"{path}: {name}: runbook_url should be docs/operations.md#<anchor>, is {url!r}")
            elif m.group(1) not in ANCHORS:
                problem(f"{path}: {name}: {DOC} has no heading with the anchor #{m.group(1)}")
if len(ALERTS) != len(set(ALERTS)):
    problem("deploy/prometheus/rules: an alert name is used twice")

# Every alert fires in a unit test.
fired = set()
for path in sorted(glob.glob("deploy/prometheus/tests/*.test.yml")):
    for test in (yaml.safe_load(read(path)) or {}).get("tests") or []:
        for case in test.get("alert_rule_test") or []:
            if case.get("exp_alerts"):
                fired.add(case.get("alertname"))
for name in ALERTS:
    if name not in fired:
        problem(f"deploy/prometheus/tests: no test expects {name} to fire")

# ---- Prometheus's targets: one name per process everywhere ------------------------------

TARGETS = {"identity": 50051, "social": 50052, "market": 50053, "favorites": 50054, "gateway": 9464}
prom = yaml.safe_load(read("deploy/prometheus/prometheus.yml")) or {}
jobs = {}
for job in prom.get("scrape_configs") or []:
    for sd in job.get("dns_sd_configs") or []:
        jobs[job["job_name"]] = (sd.get("names"), sd.get("port"))
for name, port in TARGETS.items():
    if jobs.get(name) != ([f"{name}-metrics"], port):
        problem(f"prometheus.yml: job {name} should discover {name}-metrics on port {port}")
compose = yaml.safe_load(read("docker-compose.yml")).get("services") or {}
for name in TARGETS:
    aliases = (((compose.get(name) or {}).get("networks") or {}).get("default") or {}).get("aliases") or []
    if f"{name}-metrics" not in aliases:
        problem(f"docker-compose.yml: {name} should have the network alias {name}-metrics")
gateway_env = (compose.get("gateway") or {}).get("environment") or {}
if gateway_env.get("SISE__GATEWAY__METRICS_LISTEN") != "0.0.0.0:9464":
    problem("docker-compose.yml: gateway should set SISE__GATEWAY__METRICS_LISTEN=0.0.0.0:9464")

K8S_PROMETHEUS = "deploy/k8s/prometheus.yaml"
K8S_GRAFANA = "deploy/k8s/grafana.yaml"
k8s = {}
for path in (K8S_PROMETHEUS, K8S_GRAFANA, "deploy/k8s/gateway.yaml"):
    for d in yaml.safe_load_all(read(path)):
        if d:
            k8s[(d["kind"], d["metadata"]["name"])] = d
for name, port in TARGETS.items():
    svc = (k8s.get(("Service", f"{name}-metrics")) or {}).get("spec") or {}
    ok = (
        svc.get("clusterIP") == "None"
        and svc.get("selector") == {"app.kubernetes.io/name": name}
        and [p.get("port") for p in svc.get("ports") or []] == [port]
    )
    if not ok:
        problem(f"{K8S_PROMETHEUS}: a headless Service {name}-metrics selecting {name} on port {port} is missing")
gw = (k8s.get(("Deployment", "gateway")) or {}).get("spec", {}).get("template", {}).get("spec", {})
gw_env = {e["name"]: e.get("value") for e in (gw.get("containers") or [{}])[0].get("env", [])}
if gw_env.get("SISE__GATEWAY__METRICS_LISTEN") != "0.0.0.0:9464":
    problem("deploy/k8s/gateway.yaml: SISE__GATEWAY__METRICS_LISTEN should be 0.0.0.0:9464")

# ---- Grafana ---------------------------------------------------------------------------

PROVISIONING = sorted(glob.glob("deploy/grafana/provisioning/*/*.yaml"))
datasources = {}
for path in glob.glob("deploy/grafana/provisioning/datasources/*.yaml"):
    for ds in (yaml.safe_load(read(path)) or {}).get("datasources") or []:
        datasources[ds.get("uid")] = ds.get("type")
for uid, kind in (("prometheus", "prometheus"), ("jaeger", "jaeger")):
    if datasources.get(uid) != kind:
        problem(f"deploy/grafana/provisioning/datasources: no {kind} data source with uid {uid}")
for path in glob.glob("deploy/grafana/provisioning/dashboards/*.yaml"):
    for provider in (yaml.safe_load(read(path)) or {}).get("providers") or []:
        if (provider.get("options") or {}).get("path") != "/etc/grafana/dashboards":
            problem(f"{path}: provider {provider.get('name')} should read /etc/grafana/dashboards (where compose and k8s mount them)")

# Grafana's own variables, replaced by what they stand for before parsing.
GRAFANA_VARS = {"$__rate_interval": "5m", "$__range": "1h", "$__interval": "1m"}
DASHBOARDS = sorted(glob.glob("deploy/grafana/dashboards/*.json"))
if not DASHBOARDS:
    problem("deploy/grafana/dashboards/: no dashboards")
uids = {}


def panels_of(container):
    for panel in container.get("panels") or []:
        yield panel
        yield from panels_of(panel)


def ds_uid(ds):
    return ds.get("uid") if isinstance(ds, dict) else ds


for path in DASHBOARDS:
    try:
        board = json.loads(read(path))
    except json.JSONDecodeError as error:
        problem(f"{path}: not JSON: {error}")
        continue
    uid = board.get("uid")
    if not uid or uid in uids:
        problem(f"{path}: uid {uid!r} missing or also in {uids.get(uid)}")
    uids[uid] = path
    if not board.get("title"):
        problem(f"{path}: no title")
    for panel in panels_of(board):
        if panel.get("type") == "row":
            continue
        where = f"{path}: panel {panel.get('title')!r}"
        if ds_uid(panel.get("datasource")) not in datasources:
            problem(f"{where}: no data source, or one the provisioning does not define")
        targets = panel.get("targets") or []
        if not targets:
            problem(f"{where}: no queries")
        for target in targets:
            if ds_uid(target.get("datasource", panel.get("datasource"))) not in datasources:
                problem(f"{where}: query {target.get('refId')}: unknown data source")
            expr = target.get("expr", "")
            for var, value in GRAFANA_VARS.items():
                expr = expr.replace(var, value)
            if "$" in expr:
                problem(f"{where}: query {target.get('refId')}: a dashboard variable this check does not know")
                continue
            check_expr(f"{where}: query {target.get('refId')}", expr, RECORDED)
        links = ((panel.get("fieldConfig") or {}).get("defaults") or {}).get("links") or []
        links += panel.get("links") or []
        if not any("/explore" in l.get("url", "") and "jaeger" in l.get("url", "") for l in links):
            problem(f"{where}: no link to traces in Jaeger")

# ---- the copies in deploy/k8s ----------------------------------------------------------

MARKER = "# --- Generated by `SISE_BLESS=1 bash deploy/check.sh` from {source}: do not edit below. ---"


def config_map(name, component, files):
    """A ConfigMap's YAML text holding `files` ({key: path}) as they are."""
    lines = [
        "apiVersion: v1",
        "kind: ConfigMap",
        "metadata:",
        f"  name: {name}",
        "  namespace: sise",
        "  labels:",
        f"    app.kubernetes.io/name: {component}",
        "    app.kubernetes.io/part-of: sise",
        "data:",
    ]
    for key, path in sorted(files.items()):
        text = read(path)
        lines.append(f"  {key}: |")
        for line in text.rstrip("\n").split("\n"):
            lines.append(f"    {line}" if line else "")
    return "\n".join(lines) + "\n"


def generated(manifest, source, maps):
    """Check (or, blessing, rewrite) the part of `manifest` below its marker."""
    marker = MARKER.format(source=source)
    text = read(manifest)
    head = text.split(marker)[0] if marker in text else text
    if not head.endswith("---\n"):
        head = head.rstrip("\n") + "\n---\n"
    body = "---\n".join(config_map(*m) for m in maps)
    want = head + marker + "\n" + body
    if text != want:
        if BLESS:
            with open(manifest, "w", encoding="utf-8") as f:
                f.write(want)
            print(f"  rewrote the ConfigMaps of {manifest}")
        else:
            problem(f"{manifest}: the ConfigMaps differ from {source}: run SISE_BLESS=1 bash deploy/check.sh")
    # The files as loaded equal the files on disk (block scalars keep them byte for byte).
    docs = {d["metadata"]["name"]: d for d in yaml.safe_load_all(want) if d and d["kind"] == "ConfigMap"}
    for name, _, files in maps:
        data = docs[name].get("data") or {}
        for key, path in files.items():
            if data.get(key) != read(path):
                problem(f"{manifest}: ConfigMap {name}'s {key} does not load back as {path}")
    if len(body.encode()) > 200_000:
        problem(f"{manifest}: the ConfigMaps take {len(body.encode())} bytes; over 256 KiB "
                "`kubectl apply` (client side) refuses them: split them")
    return want


def volume_items(deployment, volume):
    spec = (k8s.get(("Deployment", deployment)) or {}).get("spec", {}).get("template", {}).get("spec", {})
    for v in spec.get("volumes") or []:
        if v.get("name") == volume:
            cm = v.get("configMap") or {}
            return cm.get("name"), {i["key"]: i["path"] for i in cm.get("items") or []}
    return None, {}


prom_files = {"prometheus.yml": "deploy/prometheus/prometheus.yml"}
prom_files.update({os.path.basename(p): p for p in RULES})
generated(K8S_PROMETHEUS, "deploy/prometheus/", [("prometheus-config", "prometheus", prom_files)])
name, items = volume_items("prometheus", "config")
want_items = {"prometheus.yml": "prometheus.yml"}
want_items.update({os.path.basename(p): f"rules/{os.path.basename(p)}" for p in RULES})
if name != "prometheus-config" or items != want_items:
    problem(f"{K8S_PROMETHEUS}: the config volume should mount prometheus-config with items {want_items}")

prov_files = {f"{p.split('/')[-2]}-{os.path.basename(p)}": p for p in PROVISIONING}
dash_files = {os.path.basename(p): p for p in DASHBOARDS}
generated(K8S_GRAFANA, "deploy/grafana/", [
    ("grafana-provisioning", "grafana", prov_files),
    ("grafana-dashboards", "grafana", dash_files),
])
name, items = volume_items("grafana", "provisioning")
want_items = {key: "/".join(path.split("/")[-2:]) for key, path in prov_files.items()}
if name != "grafana-provisioning" or items != want_items:
    problem(f"{K8S_GRAFANA}: the provisioning volume should mount grafana-provisioning with items {want_items}")
name, items = volume_items("grafana", "dashboards")
if name != "grafana-dashboards" or items:
    problem(f"{K8S_GRAFANA}: the dashboards volume should mount all of grafana-dashboards")

# ----------------------------------------------------------------------------------------

for p in PROBLEMS:
    print(f"  {p}", file=sys.stderr)
if not PROBLEMS:
    print(f"  {len(ALERTS)} alerts, {len(RECORDED)} recording rules, {len(DASHBOARDS)} dashboards: "
          f"every query parses and names one of {len(METRICS)} catalogued metrics")
sys.exit(1 if PROBLEMS else 0)
