"""A one-shot update resolves the lines an edit wrote and takes the other lines' edges as they were (``kept`` lines);
the edited file's references are rows until the resolver needs one: only the lines it resolves become ``Ref``s
(a hub's body edit: ~60 of its ~3,600), a kept line gives only its key (``RunRefs``)."""

from __future__ import annotations

from conftest import index_structure

from pipeline import indexing

BASE = """class Base:
    def run(self):
        return 1
"""
UTIL = "def tool(x):\n    return x\n\n\ndef other(x):\n    return x\n"
BODY = "\n".join(f"def f{i}(x):\n    y = tool(x)\n    z = other(y)\n    return f{i - 1}(z) if x else y\n"
                 for i in range(1, 21))
CORE = f"""from app.base import Base
from app.util import tool, other


class Shop(Base):
    def run(self):
        return tool(1)


def f0(x):
    return x


{BODY}"""
NEW_LINE = "    w = brand_new(x)\n"


def _edge_rows(lake) -> list[tuple]:
    table = lake.read_table("repo", "edges")
    return sorted(zip(*(table.column(c).to_pylist() for c in ("path", "src_id", "dst_id", "kind", "line", "ref_form"))),
                  key=repr)


def test_only_the_lines_an_edit_wrote_become_refs_and_the_edges_equal_a_full_index(tmp_path, make_repo, monkeypatch):
    from extractors.structure import lazy
    from pipeline.lake import Lake

    root = make_repo(files={"app/__init__.py": "", "app/base.py": BASE, "app/util.py": UTIL, "app/core.py": CORE})
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    edited = CORE.replace("def f10(x):\n", "def f10(x):\n" + NEW_LINE)  # one new line; every line below it moves
    (root / "app/core.py").write_text(edited)
    new_line = edited.splitlines().index(NEW_LINE.rstrip("\n")) + 1
    made = []
    ref = lazy.Ref

    def counting(*args, **kwargs):
        r = ref(*args, **kwargs)
        made.append(r)
        return r

    monkeypatch.setattr(lazy, "Ref", counting)
    assert indexing.update(root, ["app/core.py"], repo="repo", lake=lake).status == "ok"
    monkeypatch.undo()
    calls = [r for r in made if r.path == "app/core.py" and r.kind not in lazy.EARLY]
    # the new line's call is resolved (a Ref); the ~60 calls of the lines kept (moved, not changed) are not made, nor
    # the class line's other references (its bases are resolved apart, by their early kind: ``KeptLines.bases``)
    assert {r.line for r in calls} == {new_line}, sorted({(r.line, r.name) for r in calls})
    rows = _edge_rows(lake)
    fresh = Lake(tmp_path / "fresh")
    index_structure(fresh, root)
    assert rows == _edge_rows(fresh)
    # the kept lines' edges at the lines they moved to, none left at the old ones; the base and import edges made
    at = new_line + 1
    assert ("app/core.py", "app/core.py::f10", "app/util.py::tool", "calls", at, "call") in rows
    assert ("app/core.py", "app/core.py::f10", "app/util.py::other", "calls", at + 1, "call") in rows
    assert ("app/core.py", "app/core.py::f10", "app/core.py::f9", "calls", at + 2, "call") in rows
    assert not [r for r in rows if r[1] == "app/core.py::f10" and r[4] == new_line and r[2] == "app/util.py::tool"]
    assert [r for r in rows if r[1] == "app/core.py::Shop" and r[2] == "app/base.py::Base" and r[3] == "inherits"]
    assert [r for r in rows if r[2] == "app/util.py::tool" and r[3] == "imports"]
