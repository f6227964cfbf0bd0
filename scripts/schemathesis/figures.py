"""One line of figures from a Schemathesis JSON run report (scripts/schemathesis.sh).

    python figures.py REPORT LABEL
"""

import json
import sys

report_path, label = sys.argv[1], sys.argv[2]
try:
    with open(report_path) as file:
        report = json.load(file)
except (OSError, ValueError) as error:
    print(f"{label}: no report ({error})")
    sys.exit(0)
operations, cases = report["operations"], report["test_cases"]
failures = ", ".join(f"{f['code']} {f['title']}: {f['count']}" for f in report["failures"])
print(
    f"{label}: {operations['tested']} operations, {cases['generated']} cases, "
    f"{len(report['errors'])} errors, {report['running_time']:.0f} s; "
    f"failures: {failures or 'none'}"
)
