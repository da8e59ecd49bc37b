"""An update that kept most of a file's lines (an edit inside a function body of a large file, a hub) takes those
lines' edges from the file's old edges in Arrow, at their new lines: the resolver's list holds a record of each kept
line's rows, never an ``Edge`` per kept edge, and the edges written are a full run's."""

from __future__ import annotations

import shutil

from conftest import index_structure
from test_structure_incremental import _edge_rows

HUB = ("from helpers import clean, load\n\n\n"
       "def first(x):\n    y = clean(x)\n    return load(y)\n\n\n"
       + "".join(f"def f{i}(x):\n    a = first(x)\n    b = clean(a)\n    return load(b)\n\n\n" for i in range(12))
       + "class Box:\n    def put(self, x):\n        return first(x)\n\n    def get(self):\n        return self.put(1)\n")
FILES = {"helpers.py": "def clean(x):\n    return x\n\n\ndef load(x):\n    return x\n",
         "hub.py": HUB,
         "user.py": "from hub import first, Box\n\n\ndef use():\n    return first(Box().get())\n"}
EDIT = "    y = clean(x)\n"


def _write(root, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)


def test_a_hubs_kept_lines_are_taken_in_arrow_and_give_a_full_runs_edges(tmp_path, monkeypatch):
    from extractors.structure import lazy
    from extractors.structure.resolve import Edge
    from pipeline.lake import Lake

    root = tmp_path / "repo"
    _write(root, FILES)
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    before = {r for r in _edge_rows(lake) if r[4] == "hub.py"}
    returned = []
    resolve_affected = lazy.resolve_affected
    monkeypatch.setattr(lazy, "resolve_affected",
                        lambda *a, **k: returned.append(resolve_affected(*a, **k)) or returned[-1])
    # a new call in the first function's body: every line below moves down by one, nothing a reference reads moved
    (root / "hub.py").write_text(HUB.replace(EDIT, EDIT + "    clean(y)\n", 1))
    index_structure(lake, root, files=["hub.py"])
    assert len(returned) == 1
    made = [e for e in returned[0] if isinstance(e, Edge)]
    after = [r for r in _edge_rows(lake) if r[4] == "hub.py"]
    calls = [r for r in after if r[3] == "calls"]
    assert len(calls) > 40 and len(made) < 5, (len(calls), made)  # only the new line's edges were made as Python
    full = Lake(tmp_path / "full")
    shutil.copytree(root, tmp_path / "again")
    index_structure(full, tmp_path / "again")
    assert _edge_rows(lake) == _edge_rows(full)  # every file's edges, every column that names them
    assert ("hub.py::first", "helpers.py::clean", "clean", "calls", "hub.py", 6) in {r[:6] for r in after}
    # precision: the kept lines are at their new lines only, none left at a line that moved
    moved = {(r[0], r[1], r[5] + 1) for r in before if r[3] == "calls" and r[5] > 5}
    assert moved == {(r[0], r[1], r[5]) for r in after if r[3] == "calls" and r[5] > 6}
    f0_first = [r[5] for r in after if r[0] == "hub.py::f0" and r[1] == "hub.py::first"]
    assert f0_first == [11]  # at 10 before the edit: not left there
    provenance = set(lake.read_table("repo", "edges").column("provenance").to_pylist())
    assert len(provenance) == 1  # the kept edges carry this run's provenance, as a full run's
