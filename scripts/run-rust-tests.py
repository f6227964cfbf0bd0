#!/usr/bin/env python3
"""Runs every Rust test binary of the workspace, several at a time.

`cargo test` runs its test binaries one after the other, and most of them spend their time
waiting on sockets, databases and child processes: the gateway's API tests alone took
60-100 s of a 150 s run, while a core stood idle. This builds nothing new (the build step
before it built every target): it asks cargo for the test executables of the same build,
runs `--jobs` of them at once (the longest first, so that the short ones fill in beside it),
each in its package's directory as `cargo test` would, and prints each binary's output whole
when it ends, in the order they end. It exits non-zero if any binary failed, and closes with
one line `N passed, N failed` over all binaries.

Usage: run-rust-tests.py [--jobs N] [-- extra arguments for every test binary]
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

# Test binaries known to run longest (package, target name), started first, with the test
# threads each gets. The gateway's API tests mostly wait on their shared systems' sockets:
# four threads finished them in 63 s where two took 102 s (docs/benchmarks.md). A binary not
# named here starts after them, larger executables first, with the harness's default.
LONGEST_FIRST = {
    ("sise-gateway", "api"): 4,
    ("sise-gateway", "distributed"): None,
    ("sise-market", "api"): None,
    ("sise-market", "sise_market"): None,
    ("sise-platform", "nats_auth"): None,
}
LONGEST = list(LONGEST_FIRST)

RESULT = re.compile(r"^test result: \w+\. (\d+) passed; (\d+) failed;", re.M)


def test_executables(cargo_args):
    """(package, target, executable, package dir) of every test binary cargo built."""
    command = ["cargo", "test", "--no-run", "--message-format=json", *cargo_args]
    output = subprocess.run(command, check=True, stdout=subprocess.PIPE, text=True).stdout
    found = []
    for line in output.splitlines():
        message = json.loads(line)
        if message.get("reason") != "compiler-artifact" or not message.get("executable"):
            continue
        if not message["profile"]["test"]:
            continue
        # `path+file:///…/gateway#sise-gateway@0.1.0`, or `…/benches#0.1.0` when the
        # package is named like its folder.
        directory = Path(message["manifest_path"]).parent
        name = re.search(r"#([\w-]+)@", message["package_id"])
        found.append(
            (
                name.group(1) if name else directory.name,
                message["target"]["name"],
                message["executable"],
                str(directory),
            )
        )
    return found


def order(binaries):
    def key(binary):
        package, target, executable, _ = binary
        try:
            return (LONGEST.index((package, target)), 0)
        except ValueError:
            return (len(LONGEST), -os.path.getsize(executable))

    return sorted(binaries, key=key)


def run(binary, extra):
    package, target, executable, directory = binary
    threads = LONGEST_FIRST.get((package, target))
    if threads is not None and not any(a.startswith("--test-threads") for a in extra):
        extra = [*extra, f"--test-threads={threads}"]
    started = time.monotonic()
    with tempfile.TemporaryFile(mode="w+") as log:
        status = subprocess.run(
            [executable, *extra], cwd=directory, stdout=log, stderr=subprocess.STDOUT
        ).returncode
        log.seek(0)
        output = log.read()
    return binary, status, output, time.monotonic() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("SISE_TEST_JOBS", "2")))
    parser.add_argument("extra", nargs="*", help="arguments for every test binary")
    args = parser.parse_args()

    binaries = order(test_executables(["--workspace", "--locked"]))
    passed = failed = 0
    failures = []
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(run, binary, args.extra) for binary in binaries]
        for future in as_completed(futures):
            (package, target, executable, _), status, output, seconds = future.result()
            print(f"\n     Running {package} {target} ({Path(executable).name}): {seconds:.1f} s")
            print(output, end="" if output.endswith("\n") else "\n", flush=True)
            counts = RESULT.findall(output)
            passed += sum(int(p) for p, _ in counts)
            failed += sum(int(f) for _, f in counts)
            if status != 0:
                failures.append(f"{package} {target} (exit {status})")
    if failures:
        print("\nfailed test binaries:\n  " + "\n  ".join(failures), file=sys.stderr)
        failed = max(failed, len(failures))
    print(f"\nrust: {passed} passed, {failed} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
