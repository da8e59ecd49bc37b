"""A function many files call renamed, removed or restored: the files calling it resolve the lines naming it (or
with an edge to it), their other lines' edges kept as they were, and the result is a full index's."""

from __future__ import annotations

import json

import pytest

from conftest import index_structure
from test_update_moved_definitions import _edges, _full

CALLERS = 4  # the files calling ``make``

CORE = (
    "class Thing:\n    def run(self):\n        return 1\n\n\n"
    "def make(x):\n    return Thing()\n\n\n"  # its value resolves (``Thing``): the base resolved its callers whole
    "def other(y):\n    return len(str(y))\n"
)


def _caller(i: int) -> str:
    """A file calling ``make`` (directly, and through a variable holding its value) among lines that never name it."""
    return (
        "from app.core import Thing, make, other\n\n\n"
        f"def work_{i}(v):\n    t = Thing()\n    t.run()\n    other(v)\n    other(v + 1)\n"
        "    made = make(v)\n    made.run()\n    return make(v)\n\n\n"
        f"def more_{i}(v):\n    return other(Thing().run())\n"
    )


NAMING = {1, 9, 10, 11}  # a caller's lines naming ``make``: its import, ``made = make(v)``, ``made.run()``, the return
FILES = {"app/__init__.py": "", "app/core.py": CORE} | {f"app/use_{i}.py": _caller(i) for i in range(CALLERS)}


@pytest.fixture(autouse=True)
def never_whole(monkeypatch):
    """A small repository's update stays an update, never a full pass (``INCREMENTAL_SHARE``)."""
    from extractors.structure import incremental

    monkeypatch.setattr(incremental, "INCREMENTAL_SHARE", 1.01)


@pytest.fixture
def resolved(monkeypatch):
    """Every reference the resolver resolves but a base, as (path, line, what it writes)."""
    from extractors.structure.resolve import Resolver

    found: list[tuple] = []
    original = Resolver.resolve

    def resolve(self, r):
        if r.kind != "inherits":
            found.append((r.path, r.line, " ".join(filter(None, (r.name, r.receiver, r.module, r.alias, r.bound_to)))))
        return original(self, r)

    monkeypatch.setattr(Resolver, "resolve", resolve)
    return found


def _counters(lake) -> dict:
    runs = lake.read_table("repo", "runs").to_pylist()
    return json.loads(max(runs, key=lambda r: r["started_at"])["counters"] or "{}")


def test_a_function_many_files_call_renamed_resolves_the_lines_naming_it(lake, make_repo, tmp_path, resolved):
    """``make`` renamed ``build``: each caller's lines naming ``make`` (its import, ``made = make(v)``, ``return
    make(v)``; ``made.run()`` holds its value) are resolved again, its other lines never (``t.run()``, ``other(v)``:
    their edges kept in Arrow), and the run's record says how many files and references that was. Renamed back,
    then removed: each a full index's edges."""
    root = make_repo(files=FILES)
    index_structure(lake, root)
    core = root / "app/core.py"
    core.write_text(CORE.replace("def make(", "def build("))
    resolved.clear()
    index_structure(lake, root, files=["app/core.py"])
    callers = [r for r in resolved if r[0].startswith("app/use_")]
    assert {r[0] for r in callers} == {f"app/use_{i}.py" for i in range(CALLERS)}
    assert callers and all("make" in r[2] for r in callers), callers  # never a line naming nothing that moved
    assert {r[1] for r in callers} <= NAMING, callers
    counters = _counters(lake)  # the run's own record: the callers' references at those lines, no more
    assert counters["files_reached_by_line"] == CALLERS, counters
    refs = lake.read_table("repo", "refs").to_pylist()
    at_lines = [r for r in refs if r["path"].startswith("app/use_") and r["line"] in NAMING - {1}]
    assert counters["reached_references_resolved"] == len(at_lines), counters
    assert len(at_lines) * 2 < len([r for r in refs if r["path"].startswith("app/use_")])
    edges = _edges(lake)
    assert ("app/use_0.py::work_0", "app/core.py::make") not in {e[:2] for e in edges}
    assert ("app/use_0.py::work_0", "app/core.py::other") in {e[:2] for e in edges}  # kept
    assert edges == _edges(_full(tmp_path, root, "full_renamed"))
    for step, text in enumerate([CORE, CORE.replace("def make(x):\n    return Thing()\n\n\n", "")]):
        core.write_text(text)
        index_structure(lake, root, files=["app/core.py"])
        assert _edges(lake) == _edges(_full(tmp_path, root, f"full_{step}")), step
    assert not [e for e in _edges(lake) if e[1] == "app/core.py::make"]


def _called_functions(root) -> list[tuple[str, str]]:
    """This copy's top-level functions that another file names (imports, calls): (file, name)."""
    import ast

    texts = {p.relative_to(root).as_posix(): p.read_text() for p in sorted(root.rglob("*.py"))}
    found = []
    for rel, text in texts.items():
        for node in ast.parse(text).body:
            if isinstance(node, ast.FunctionDef) and any(node.name in other for r, other in texts.items() if r != rel):
                found.append((rel, node.name))
    return found


def _moved(text: str, name: str, remove: bool) -> str:
    """``text`` with its top-level function ``name`` renamed (its ``def`` line only: callers elsewhere now name
    nothing), or removed with its decorators."""
    import ast

    if not remove:
        return text.replace(f"\ndef {name}(", f"\ndef {name}_moved(", 1)
    node = next(n for n in ast.parse(text).body if isinstance(n, ast.FunctionDef) and n.name == name)
    lines = text.splitlines(keepends=True)
    start = min([node.lineno] + [d.lineno for d in node.decorator_list]) - 1
    return "".join(lines[:start] + lines[node.end_lineno:])


@pytest.mark.parametrize("seed", [3, 4])
def test_random_renames_and_removals_of_called_functions_resolve_like_a_full_index(tmp_path, seed):
    """This repository's ``pipeline`` as real code: a top-level function other files import and call, picked at
    random, renamed or removed, one file updated at a time: each update (its callers' files reached by line) equals
    a fresh full index."""
    import random
    import shutil

    from pathlib import Path

    from conftest import git
    from pipeline.lake import Lake

    root = tmp_path / "repo"
    shutil.copytree(Path(__file__).resolve().parents[1] / "pipeline", root / "pipeline", ignore=shutil.ignore_patterns("__pycache__"))
    git(tmp_path, "init", "-q", "-b", "main", str(root))
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "init")
    lake = Lake(tmp_path / "upd")
    index_structure(lake, root)
    rng = random.Random(seed)
    candidates = _called_functions(root)
    for step, (rel, name) in enumerate(rng.sample(candidates, 3)):
        path = root / rel
        path.write_text(_moved(path.read_text(), name, remove=rng.random() < 0.5))
        index_structure(lake, root, files=[rel])
        assert _edges(lake) == _edges(_full(tmp_path, root, f"full{step}")), (step, rel, name)
