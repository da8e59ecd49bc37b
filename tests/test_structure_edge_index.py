"""An update that removes, renames or moves a definition finds the files with an edge to or from it in the
``edge_targets`` and ``edge_sources`` indexes (sharded by id), not by reading every edge of the repository; the
indexes an update maintains equal a full index's, and a lake written before them still updates correctly."""

from __future__ import annotations

import json

import pytest

from conftest import index_structure
from test_structure_incremental import _edge_rows

EDGE_INDEXES = ("edge_targets", "edge_sources", "unresolved_names")
# app.py calls on_save through what pick() returns: none of its references names on_save, so only an edge to it
# (``edge_targets``) says that renaming on_save reaches app.py
FLOW = {
    "handlers.py": "def on_save():\n    return 1\n\n\ndef pick():\n    return on_save\n",
    "app.py": "from handlers import pick\n\n\ndef run():\n    cb = pick()\n    cb()\n    return pick()()\n",
    "models.py": "class Base:\n    def run(self):\n        return 0\n\n    def stop(self):\n        return 1\n",
    "impl.py": "from models import Base\n\n\nclass Impl(Base):\n    def run(self):\n        return 2\n",
    "util.py": "def helper():\n    return 3\n",
    "use.py": "from util import helper\n\n\ndef go():\n    return helper()\n",
}
RENAMED = {"handlers.py": FLOW["handlers.py"].replace("on_save", "on_store")}
# a trait's default method and a same-named method of an inherent ``impl`` in a third file: the dispatch edge from
# the trait method to it is in other.rs, whose references name neither, and which defines no subclass of the trait
RUST = {
    "src/shape.rs": "pub struct Square {\n    pub side: i32,\n}\n\npub trait Area {\n    fn area(&self) -> i32 {\n"
                    "        0\n    }\n}\n",
    "src/area.rs": "use crate::shape::{Area, Square};\n\nimpl Area for Square {}\n",
    "src/other.rs": "impl crate::shape::Square {\n    fn area(&self) -> i32 {\n        self.side * self.side\n"
                    "    }\n}\n",
    "src/main.rs": "mod area;\nmod other;\nmod shape;\n\nfn main() {\n    println!(\"{}\", 1);\n}\n",
}


@pytest.fixture
def reads(monkeypatch):
    """Every read of a lake table by a structure run: (lake root, table, shard key asked about or None)."""
    from pipeline.lake import Lake

    seen, real = [], Lake.read_table

    def spy(self, repo, table, *args, **kwargs):
        seen.append((self.root, table, (kwargs.get("where") or (None,))[0]))
        return real(self, repo, table, *args, **kwargs)

    monkeypatch.setattr(Lake, "read_table", spy)
    return seen


@pytest.fixture(autouse=True)
def partial_updates(monkeypatch):
    from extractors.structure import incremental

    monkeypatch.setattr(incremental, "INCREMENTAL_SHARE", 1.01)  # tiny repositories: never fall back to a full pass


def _update(lake, root, edit: dict) -> None:
    for rel, text in edit.items():
        if text is None:
            (root / rel).unlink()
        else:
            (root / rel).write_text(text)
    index_structure(lake, root, files=sorted(edit))


def _index_rows(lake, table: str) -> list[str]:
    return sorted(map(str, lake.read_table("repo", table).drop_columns(["repo"]).to_pylist()))


def _assert_like_a_full_index(lake, root, tmp_path, step) -> None:
    from pipeline.lake import Lake

    full = Lake(tmp_path / f"full-{step}")
    index_structure(full, root)
    assert _edge_rows(lake) == _edge_rows(full), step
    for table in EDGE_INDEXES:
        assert _index_rows(lake, table) == _index_rows(full, table), (step, table)


def _whole_edge_reads(reads, lake) -> int:
    return sum(1 for root, table, key in reads if root == lake.root and table == "edges" and key is None)


def test_renaming_a_function_re_resolves_its_callers_through_the_edge_index(lake, make_repo, tmp_path, reads):
    root = make_repo(files=FLOW)
    index_structure(lake, root)
    assert ("app.py::run", "handlers.py::on_save") in {(e[0], e[1]) for e in _edge_rows(lake)}
    reads.clear()
    _update(lake, root, RENAMED)
    assert _whole_edge_reads(reads, lake) == 0  # the edges were read by path, the index by id
    assert (lake.root, "edge_targets", "dst_id") in reads
    ends = {(e[0], e[1]) for e in _edge_rows(lake)}
    assert ("app.py::run", "handlers.py::on_store") in ends  # app.py was resolved again
    assert not any(dst == "handlers.py::on_save" for _, dst in ends)
    _assert_like_a_full_index(lake, root, tmp_path, "renamed")


def test_removing_a_trait_method_re_resolves_a_dispatch_edge_from_it_in_another_file(lake, make_repo, tmp_path):
    root = make_repo(files=RUST)
    index_structure(lake, root)
    dispatch = ("src/shape.rs::Area.area", "src/other.rs::Square.area")
    assert dispatch in {(e[0], e[1]) for e in _edge_rows(lake)}
    assert ("src/shape.rs::Area.area", "src/other.rs") in {(r["src_id"], r["path"]) for r in
                                                            lake.read_table("repo", "edge_sources").to_pylist()}
    _update(lake, root, {"src/shape.rs": RUST["src/shape.rs"].replace("fn area", "fn surface")})
    assert dispatch not in {(e[0], e[1]) for e in _edge_rows(lake)}  # other.rs was resolved again
    _assert_like_a_full_index(lake, root, tmp_path, "removed")


EDITS = [
    ("rename a function others reach by value flow", RENAMED),
    ("move lines only", {"util.py": "\n\n" + FLOW["util.py"]}),
    ("remove a method an override dispatches from",
     {"models.py": "class Base:\n    def stop(self):\n        return 1\n"}),
    ("add a file calling into others", {"more.py": "from util import helper\nfrom handlers import on_store\n\n\n"
                                                   "def both():\n    return helper() + on_store()\n"}),
    ("put the method back and rename the helper",
     {"models.py": FLOW["models.py"], "util.py": "def helped():\n    return 3\n"}),
    ("delete a file others call into", {"handlers.py": None}),
    ("delete a subclass overriding a method", {"impl.py": None}),
]


def test_the_edge_indexes_equal_a_full_indexs_after_a_sequence_of_updates(lake, make_repo, tmp_path):
    root = make_repo(files=FLOW)
    index_structure(lake, root)
    _assert_like_a_full_index(lake, root, tmp_path, "first")
    for step, (description, edit) in enumerate(EDITS):
        before = {t: lake.snapshot("repo").files(t) for t in EDGE_INDEXES}
        _update(lake, root, edit)
        _assert_like_a_full_index(lake, root, tmp_path, step)
        if description == "move lines only":  # no edge end moved: every shard carried over as it was
            assert {t: lake.snapshot("repo").files(t) for t in EDGE_INDEXES} == before
        else:
            assert {t: lake.snapshot("repo").files(t) for t in EDGE_INDEXES} != before, description


def _without_edge_indexes(lake, lazy_index: int | None) -> None:
    """The lake as a codelake before the edge indexes left it: no such tables (and, given, an older
    ``lazy_index`` in the structure cursor)."""
    path = lake.root / "_snapshots" / "repo.json"
    snapshot = json.loads(path.read_text())
    for table in EDGE_INDEXES:
        del snapshot["tables"][table]
    if lazy_index is not None:
        snapshot["cursors"]["structure"]["state"]["lazy_index"] = lazy_index
    path.write_text(json.dumps(snapshot))


@pytest.mark.parametrize("lazy_index", [4, None], ids=["older-lazy-index", "tables-missing"])
def test_a_lake_without_the_edge_indexes_updates_by_reading_every_edge_then_has_them(make_repo, tmp_path, reads,
                                                                                    lazy_index):
    from pipeline.lake import Lake

    root = make_repo(files=FLOW)
    index_structure(Lake(tmp_path / "lake"), root)
    _without_edge_indexes(Lake(tmp_path / "lake"), lazy_index)
    lake = Lake(tmp_path / "lake")
    assert lake.read_table("repo", "edge_targets") is None
    reads.clear()
    _update(lake, root, RENAMED)
    assert _whole_edge_reads(reads, lake) >= 2  # the callers found, and the indexes written, from every edge
    assert ("app.py::run", "handlers.py::on_store") in {(e[0], e[1]) for e in _edge_rows(lake)}
    _assert_like_a_full_index(lake, root, tmp_path, "migrated")
    reads.clear()
    _update(lake, root, {"util.py": "def helped():\n    return 3\n"})
    assert _whole_edge_reads(reads, lake) == 0  # the next update reads the indexes
    assert ("use.py::go", "util.py::helper") not in {(e[0], e[1]) for e in _edge_rows(lake)}
    _assert_like_a_full_index(lake, root, tmp_path, "indexed")


# work() is decorated by logged: once logged returns inner, app.py's call of work() calls inner; app.py names neither
# logged nor inner and has no edge to either, so only the decorated function (read through ``ref_names`` and the
# ``early_refs`` of the files naming logged) says that the edit reaches it
DECORATED = {
    "deco.py": "import functools\n\n\ndef logged(fn):\n    def inner(*args):\n        return fn(*args)\n"
               "    return functools.wraps(fn)(inner)\n",
    "work.py": "from deco import logged\n\n\n@logged\ndef work():\n    return 3\n",
    "app.py": "from work import work\n\n\ndef run():\n    return work()\n",
    "other.py": "def other():\n    return 1\n",
}


def test_a_decorator_returning_another_function_re_resolves_the_callers_of_what_it_decorates(lake, make_repo,
                                                                                              tmp_path, reads):
    root = make_repo(files=DECORATED)
    index_structure(lake, root)
    reads.clear()
    _update(lake, root, {"deco.py": DECORATED["deco.py"].replace("return functools.wraps(fn)(inner)",
                                                                 "return inner")})
    assert not [r for r in reads if r[0] == lake.root and r[1] in ("edges", "early_refs") and r[2] is None]
    assert ("app.py::run", "deco.py::logged.inner") in {(e[0], e[1]) for e in _edge_rows(lake)}
    _assert_like_a_full_index(lake, root, tmp_path, "decorated")
