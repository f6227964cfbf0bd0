#!/usr/bin/env python3
"""Fails when sibling modules of a Rust crate import each other in a cycle.

Usage: check-module-cycles.py [SRC_DIR ...]   (default: every crate's src/ in the workspace)

For each parent module, the nodes are its child modules; there is an edge A -> B when code
anywhere inside A (its file and its descendants) names an item of B through a `crate::`,
`super::` or `self::` path (in `use` trees, braces included, and in plain paths). Uses of
the parent's own items are not edges: a child may use what its parent defines. A cycle
among siblings is reported with the path that closes it, and the exit code is 1.

The layering rule this guards is in docs/code-style.md ("Layers"). Written as a small script
because the crates.io tools that do this (cargo-modules) build rust-analyzer, which takes
longer on a 2-core CI machine than the rest of the suite.
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

MOD_DECL = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+([a-z_][a-z0-9_]*)\s*;", re.M)
INLINE_MOD = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+([a-z_][a-z0-9_]*)\s*\{", re.M)
USE_STMT = re.compile(r"\buse\s+([^;]+);", re.S)
PLAIN_PATH = re.compile(r"\b((?:crate|super|self)(?:\s*::\s*[A-Za-z_][A-Za-z0-9_]*)+)")
LINE_COMMENT = re.compile(r"//[^\n]*")
BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.S)
STRING = re.compile(r'"(?:\\.|[^"\\])*"')


def strip(text):
    text = BLOCK_COMMENT.sub("", text)
    text = LINE_COMMENT.sub("", text)
    return STRING.sub('""', text)


def test_blocks_removed(text):
    """Drops `#[cfg(test)] mod … { … }` bodies: tests may reach anywhere."""
    out, i = [], 0
    for m in re.finditer(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{", text):
        if m.start() < i:
            continue
        out.append(text[i:m.start()])
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        i = j
    out.append(text[i:])
    return "".join(out)


def expand_use(tree):
    """`a::{b, c::{d, e}}` -> ["a::b", "a::c::d", "a::c::e"]."""
    tree = re.sub(r"\s+as\s+\w+", "", tree)
    tree = re.sub(r"\s+", "", tree)
    paths = []

    def walk(prefix, text):
        depth, start, parts = 0, 0, []
        for k, ch in enumerate(text):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                parts.append(text[start:k])
                start = k + 1
        parts.append(text[start:])
        for part in parts:
            if not part:
                continue
            brace = part.find("{")
            if brace >= 0 and part.endswith("}"):
                walk(prefix + part[:brace], part[brace + 1:-1])
            else:
                paths.append(prefix + part)

    walk("", tree)
    return paths


class Crate:
    def __init__(self, src):
        self.src = src
        self.modules = {}  # module path tuple -> list of (file text)
        root = next((src / n for n in ("lib.rs", "main.rs") if (src / n).exists()), None)
        if root is None:
            raise SystemExit(f"{src}: no lib.rs or main.rs")
        self.load((), root)

    def load(self, path, file):
        text = test_blocks_removed(strip(file.read_text(encoding="utf-8")))
        self.modules.setdefault(path, []).append(text)
        here = file.parent if file.name in ("lib.rs", "main.rs", "mod.rs") else file.with_suffix("")
        for name in MOD_DECL.findall(text):
            if name == "tests":
                continue
            for candidate in (here / f"{name}.rs", here / name / "mod.rs"):
                if candidate.exists():
                    self.load(path + (name,), candidate)
                    break
        for name in INLINE_MOD.findall(text):
            self.modules.setdefault(path + (name,), [])

    def resolve(self, current, path):
        """Absolute module path of the module a `crate::`/`super::`/`self::` path names."""
        parts = [p.strip() for p in path.split("::") if p.strip()]
        if not parts:
            return None
        if parts[0] == "crate":
            base, rest = (), parts[1:]
        elif parts[0] in ("super", "self"):
            base = list(current)
            rest = parts
            while rest and rest[0] in ("super", "self"):
                if rest[0] == "super":
                    if not base:
                        return None
                    base.pop()
                rest = rest[1:]
            base = tuple(base)
        else:
            return None
        target = base
        for part in rest:
            if target + (part,) in self.modules:
                target = target + (part,)
            else:
                break
        return target

    def references(self, module):
        for text in self.modules[module]:
            found = []
            for stmt in USE_STMT.findall(text):
                stmt = stmt.strip()
                if stmt.startswith(("crate", "super", "self")):
                    found.extend(expand_use(stmt))
            found.extend(m.group(1) for m in PLAIN_PATH.finditer(USE_STMT.sub("", text)))
            for path in found:
                target = self.resolve(module, path)
                if target is not None:
                    yield target

    def cycles(self):
        edges = {}
        for module in self.modules:
            for target in self.references(module):
                # The sibling pair: the children of the deepest common ancestor.
                common = 0
                while (common < len(module) and common < len(target)
                       and module[common] == target[common]):
                    common += 1
                if common == len(module) or common == len(target):
                    continue  # an ancestor or a descendant: not a sibling edge
                parent = module[:common]
                a, b = module[common], target[common]
                edges.setdefault(parent, {}).setdefault(a, set()).add(b)
        found = []
        for parent, graph in sorted(edges.items()):
            for cycle in find_cycles(graph):
                found.append(("::".join(("crate",) + parent), cycle))
        return found


def find_cycles(graph):
    """One representative cycle per strongly connected component with more than one node."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def connect(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(shortest_cycle(graph, sorted(component)))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return out


def shortest_cycle(graph, component):
    start, members = component[0], set(component)
    paths, seen = [[start]], {start}
    while paths:
        path = paths.pop(0)
        for w in sorted(graph.get(path[-1], ())):
            if w == start:
                return path + [start]
            if w in members and w not in seen:
                seen.add(w)
                paths.append(path + [w])
    return component


def workspace_sources():
    for toml in sorted(ROOT.glob("**/Cargo.toml")):
        # vendor/: published crates patched until upstream releases the change, not ours.
        if {"target", "node_modules", "vendor"} & set(toml.relative_to(ROOT).parts):
            continue
        if (toml.parent / "src").is_dir():
            yield toml.parent / "src"


def self_test():
    """The check finds a planted cycle, through braces, `super::` and plain paths."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(tmp)
        (src / "feat").mkdir()
        (src / "lib.rs").write_text("mod a;\nmod b;\nmod feat;\n")
        (src / "a.rs").write_text("use crate::{feat::{x::X}, b};\n")
        (src / "b.rs").write_text("fn f() { super::a::g() }\n")
        (src / "feat/mod.rs").write_text("mod x;\nmod y;\n")
        (src / "feat/x.rs").write_text("use super::y::Y; // crate::a in a comment\n")
        (src / "feat/y.rs").write_text('const S: &str = "crate::feat::x";\n')
        found = Crate(src).cycles()
        assert found == [("crate", ["a", "b", "a"])], found


def main(argv):
    if argv == ["--self-test"]:
        self_test()
        print("self-test passed")
        return 0
    sources = [pathlib.Path(a) for a in argv] or list(workspace_sources())
    failed = False
    for src in sources:
        for parent, cycle in Crate(src).cycles():
            failed = True
            print(f"module cycle in {src}: {parent}: {' -> '.join(cycle)}")
    if failed:
        return 1
    print(f"no module cycle in {len(sources)} crate(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
