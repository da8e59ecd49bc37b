"""An update declares a module's imports by name: a package's ``__init__`` importing many modules has only the
imports of the names a lookup asks for looked up (``ImportBindings._declare_names``), not all of them when one name
is asked for; the names bound are the same as a full index's (a later import of a name replaces an earlier one, an
``import a.b`` binds ``a`` too, a wildcard passes its names on, a function's import of a name the file binds already
leaves it as it was)."""

from __future__ import annotations

from conftest import index_structure

from extractors.structure.langs import python
from pipeline import indexing

INIT = ("from .a import A\nfrom .b import B\nfrom .c import C\nfrom .d import D\nfrom .e import E as Alias\n"
        "from .f import F\nfrom .f import G as F\nimport pkg.tools.deep\nfrom .stars import *\n\n\n"
        "def late():\n    from .a import A\n    return A\n")
FILES = {
    "pkg/__init__.py": INIT,
    **{f"pkg/{m}.py": f"class {m.upper()}:\n    pass\n" for m in "abcde"},
    "pkg/f.py": "class F:\n    pass\n\n\nclass G:\n    pass\n",
    "pkg/stars.py": "class Star:\n    pass\n",
    "pkg/tools/__init__.py": "", "pkg/tools/deep.py": "def dive():\n    return 1\n",
    "use.py": "from pkg import F, Alias, Star, A\n\n\ndef f():\n    return A()\n",
}
ADDED = "\n\ndef g():\n    F()\n    Alias()\n    Star()\n    return A()\n"  # the edit: a new function's calls


def _edges(lake) -> list[tuple]:
    data = lake.read_table("repo", "edges")
    columns = ("path", "src_id", "dst_id", "kind", "line", "resolution")
    return sorted(zip(*(data.column(c).to_pylist() for c in columns)), key=repr)


def test_an_update_looks_up_only_the_imports_of_the_names_it_reads(tmp_path, make_repo, monkeypatch):
    from pipeline.lake import Lake

    root = make_repo(files=FILES)
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    (root / "use.py").write_text(FILES["use.py"] + ADDED)
    looked_up: list[tuple[str, str]] = []
    resolve_module = python.resolve_module

    def noting(importer, spec, index, where):
        looked_up.append((importer, spec))
        return resolve_module(importer, spec, index, where)

    monkeypatch.setattr(python, "resolve_module", noting)
    assert indexing.update(root, ["use.py"], repo="repo", lake=lake, worker="off", ahead=False).status == "ok"
    monkeypatch.setattr(python, "resolve_module", resolve_module)
    specs = {spec for importer, spec in looked_up if importer == "pkg/__init__.py"}
    # F's second import (G) binds it, E binds Alias, A its own; the wildcard's module is looked up for any name
    assert {".f", ".e", ".a", ".stars"} <= specs, specs
    assert not specs & {".b", ".c", ".d", "pkg.tools.deep", "pkg"}, specs  # no name read is theirs

    rows = _edges(lake)
    fresh = Lake(tmp_path / "fresh")
    index_structure(fresh, root)
    assert rows == _edges(fresh)
    calls = {(src, dst) for path, src, dst, kind, *_ in rows if kind == "calls" and path == "use.py"}
    assert {("use.py::g", "pkg/f.py::G"), ("use.py::g", "pkg/e.py::E"), ("use.py::g", "pkg/stars.py::Star"),
            ("use.py::g", "pkg/a.py::A"), ("use.py::f", "pkg/a.py::A")} <= calls, calls
    assert ("use.py::g", "pkg/f.py::F") not in calls  # replaced by the later import of G as F
