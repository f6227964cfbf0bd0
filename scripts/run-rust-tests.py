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

A binary's pass is kept by content, as the webapp's checks are (scripts/test.sh): what a test
binary does is a function of its executable, the workspace's own executables when it names
one (the distributed tests run them as processes), every file of the repository a test may
read (configuration, data, migrations, deploy/, docs/openapi.json; not Rust source, Markdown or
the webapp's files but its shared fixtures: `read_by_rust_tests`), the `SISE_*`
settings and the day (the market calendar's tests depend on it). When all of these are the
same as for a pass of that binary before, the pass is reused instead of running it again:
after a change to one crate, only the binaries that crate's change rebuilt run
(`--no-cache`, or extra arguments, run everything). The passes of the last run are kept in
`$SISE_CACHE_DIR/rust-tests-passed` (default ~/.cache/sise).

Usage: run-rust-tests.py [--jobs N] [--no-cache] [-- extra arguments for every test binary]
"""

import argparse
import datetime
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

# Test binaries known to run longest (package, target name), started first. A binary not
# named here starts after them, larger executables first.
LONGEST_FIRST = [
    ("sise-gateway", "api"),
    ("sise-gateway", "distributed"),
    ("sise-market", "api"),
    ("sise-social", "api"),
    ("sise-market", "sise_market"),
    ("sise-platform", "platform"),
]
# The services' and the gateway's API tests (target `api`) mostly wait on their systems'
# sockets, databases and buses, not on the CPU: with eight test threads instead of the
# harness's default (one per core) they take the same CPU and far less time (alone, quiet
# machine: the gateway's 60 s -> 50 s, market's 65 s -> 33 s, social's 57 s -> 20 s;
# docs/benchmarks.md, "Test command"). The others keep the default: the distributed tests
# start processes of their own and have start-up bounds.
API_TEST_THREADS = 8

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


def file_hash(path):
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for chunk in iter(lambda: file.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def workspace_executables(binaries):
    """(path, hash) of the workspace's executables (target/debug/sise, …), beside deps/."""
    profile_dir = Path(binaries[0][2]).parent.parent if binaries else Path(".")
    return [
        (entry, file_hash(entry))
        for entry in sorted(profile_dir.iterdir())
        if entry.is_file() and os.access(entry, os.X_OK) and not entry.suffix
    ]


def read_by_rust_tests(name):
    """Whether a repository file may be read by a Rust test (or compiled into one)."""
    if name.endswith((".rs", ".md")):
        return False
    return not name.startswith("webapp/") or ".fixtures." in name


def shared_inputs():
    """The hash of what every test binary may read besides the executables."""
    digest = hashlib.sha256()
    # Every file of the repository that is not Rust source (a deleted, unstaged file is left
    # out: it cannot be read), but for what no Rust test reads: Markdown (the documents; the
    # tests compare docs/openapi.json, deploy/ and config/, never prose) and the webapp's
    # files other than the fixtures the gateway's header test shares with it, so that a change
    # to the documents or the webapp alone reuses every pass.
    files = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"],
        check=True, stdout=subprocess.PIPE,
    ).stdout.decode().split("\0")
    for name in sorted(f for f in files if f and read_by_rust_tests(f)):
        if os.path.isfile(name):
            digest.update(f"{name} {file_hash(name)}\n".encode())
    for name in sorted(k for k in os.environ if k.startswith("SISE_")):
        digest.update(f"{name}={os.environ[name]}\n".encode())
    digest.update(datetime.datetime.now(datetime.timezone.utc).date().isoformat().encode())
    return digest.hexdigest()


def verdict_key(binary, shared, executables):
    """The key of a binary's pass. A test binary that names a workspace executable's path
    (the distributed tests start them, found by `env!("CARGO_BIN_EXE_…")`) depends on all of
    them too."""
    package, target, executable, _ = binary
    data = Path(executable).read_bytes()
    digest = hashlib.sha256(f"{package} {target} {shared}\n".encode())
    digest.update(hashlib.sha256(data).digest())
    if any(str(path).encode() in data for path, _ in executables):
        for path, hashed in executables:
            digest.update(f"{path.name} {hashed}\n".encode())
    return digest.hexdigest()


def order(binaries):
    def key(binary):
        package, target, executable, _ = binary
        try:
            return (LONGEST_FIRST.index((package, target)), 0)
        except ValueError:
            return (len(LONGEST_FIRST), -os.path.getsize(executable))

    return sorted(binaries, key=key)


def run(binary, extra):
    package, target, executable, directory = binary
    if target == "api" and not any(a.startswith("--test-threads") for a in extra):
        extra = [*extra, f"--test-threads={API_TEST_THREADS}"]
    # Warnings and errors of a test's system, captured with its output: printed only when it
    # fails (sise_platform::testing::init_test_log).
    env = {**os.environ, "TEST_LOG": os.environ.get("TEST_LOG", "warn")}
    started = time.monotonic()
    with tempfile.TemporaryFile(mode="w+") as log:
        status = subprocess.run(
            [executable, *extra], cwd=directory, env=env, stdout=log, stderr=subprocess.STDOUT
        ).returncode
        log.seek(0)
        output = log.read()
    return binary, status, output, time.monotonic() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("SISE_TEST_JOBS", "2")))
    parser.add_argument("--no-cache", action="store_true", help="run every binary")
    parser.add_argument("extra", nargs="*", help="arguments for every test binary")
    args = parser.parse_args()

    binaries = order(test_executables(["--workspace", "--locked"]))
    cache = Path(os.environ.get("SISE_CACHE_DIR", Path.home() / ".cache/sise")) / "rust-tests-passed"
    use_cache = not args.no_cache and not args.extra
    keys = {}
    kept = {}
    if use_cache:
        shared = shared_inputs()
        executables = workspace_executables(binaries)
        keys = {binary: verdict_key(binary, shared, executables) for binary in binaries}
        for binary, key in keys.items():
            verdict = cache / key
            if verdict.is_file():
                kept[binary] = int(verdict.read_text() or 0)
    passed = failed = 0
    failures = []
    passes = {}
    for (package, target, executable, _), count in kept.items():
        print(f"     Reused {package} {target}: passed before for the same content ({count} tests)")
        passed += count
    to_run = [binary for binary in binaries if binary not in kept]
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(run, binary, args.extra) for binary in to_run]
        for future in as_completed(futures):
            binary, status, output, seconds = future.result()
            package, target, executable, _ = binary
            print(f"\n     Running {package} {target} ({Path(executable).name}): {seconds:.1f} s")
            print(output, end="" if output.endswith("\n") else "\n", flush=True)
            counts = RESULT.findall(output)
            passed += sum(int(p) for p, _ in counts)
            failed += sum(int(f) for _, f in counts)
            if status != 0:
                failures.append(f"{package} {target} (exit {status})")
            else:
                passes[binary] = sum(int(p) for p, _ in counts)
    if failures:
        print("\nfailed test binaries:\n  " + "\n  ".join(failures), file=sys.stderr)
        failed = max(failed, len(failures))
    if use_cache:
        # The passes of this run, kept or new; nothing older.
        cache.mkdir(parents=True, exist_ok=True)
        keep = {keys[b]: n for b, n in {**kept, **passes}.items()}
        for entry in cache.iterdir():
            if entry.name not in keep:
                entry.unlink()
        for key, count in keep.items():
            (cache / key).write_text(str(count))
    print(f"\nrust: {passed} passed, {failed} failed" + (f" ({len(kept)} binaries reused)" if kept else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
