"""What an update reads of the ``hierarchy`` to learn whether the edited file's bases moved (issue 8): the table is
written sorted by path in small row groups, so the check reads the file's row groups, not its shard (~15K rows of
site-packages for every leaf update); the shard is read, and rewritten, only when the bases did move. A lake written
before the order reads the shard whole, as before. The rows are a full run's throughout."""

from __future__ import annotations

import pyarrow.parquet as pq

from conftest import index_structure
from test_structure_incremental import _edge_rows
from test_update_row_groups import ROW_GROUP
from test_update_row_groups import small_row_groups  # noqa: F401 - a fixture
from test_update_sorted_indexes import COMPARED, _rows

MODULES = 40  # modules of ``CLASSES`` subclasses each: ~1,200 hierarchy rows in one shard, ~19 row groups of 64
CLASSES = 30


def _module(i: int) -> str:
    """Module ``i``: ``CLASSES`` subclasses of the package's ``Base`` (past the first, the module before's first
    class imported as ``Prev``), and a function calling a method they inherit."""
    head = "from pkg.base import Base\n" + (f"from pkg.mod{i - 1} import K0 as Prev\n" if i else "") + "\n\n"
    classes = "".join(f"class K{j}(Base):\n    def m{j}(self):\n"
                      f"        return self.run()\n\n\n" for j in range(CLASSES))
    return head + classes + "def use():\n    return K1().run()\n"


def _indexed(make_repo, tmp_path):
    from pipeline.lake import Lake

    files = {f"pkg/mod{i}.py": _module(i) for i in range(MODULES)}
    files["pkg/__init__.py"] = ""
    files["pkg/base.py"] = "class Base:\n    def run(self):\n        return 1\n"
    root = make_repo(files=files)
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    return root, lake, files


def _hierarchy_reads(monkeypatch) -> list[int]:
    """The rows decoded from the ``hierarchy``'s files from now on (the lazy index's, the check whether the edited
    files' bases moved), one entry per file read."""
    from pipeline import shards

    reads, real_read_file = [], shards._read_file

    def read_file(path, repo, table, *args, **kwargs):
        data = real_read_file(path, repo, table, *args, **kwargs)
        if table == "hierarchy":
            reads.append(data.num_rows)
        return data

    monkeypatch.setattr(shards, "_read_file", read_file)
    return reads


def _assert_full_runs_rows(lake, root, tmp_path) -> None:
    from pipeline.lake import Lake

    full = Lake(tmp_path / "full")
    index_structure(full, root)
    for table in COMPARED:
        assert _rows(lake, table) == _rows(full, table), table
    assert _edge_rows(lake) == _edge_rows(full)


def test_an_update_that_moves_no_base_reads_the_files_hierarchy_row_groups(monkeypatch, small_row_groups, make_repo,
                                                                          tmp_path):
    root, lake, files = _indexed(make_repo, tmp_path)
    entry = lake.snapshot("repo").tables["hierarchy"]
    (shard,) = entry["shards"]
    assert shard["rows"] > 16 * ROW_GROUP and pq.ParquetFile(lake.local_file(shard["file"])).num_row_groups > 16
    reads = _hierarchy_reads(monkeypatch)
    edited = "pkg/mod21.py"  # a new function below the classes: no base, nor its line, moved; it calls a method
    # the imported class inherits (its stored bases asked: mod20.py's row groups, then base.py's)
    (root / edited).write_text(files[edited] + "\n\ndef added():\n    return K2().m2() + Prev().run()\n")
    index_structure(lake, root, files=[edited])
    monkeypatch.undo()
    # the files' row groups (the lazy index's lookups, the batches' check), never the ~1,200-row shard
    assert reads and max(reads) <= 2 * ROW_GROUP and sum(reads) <= 6 * ROW_GROUP, reads
    assert lake.snapshot("repo").tables["hierarchy"]["shards"] == [shard]  # not written again
    assert entry["sort_by"] == ["path"]
    calls = {(e[0], e[1]) for e in _edge_rows(lake) if e[3] == "calls"}
    assert ("pkg/mod21.py::added", "pkg/base.py::Base.run") in calls  # inherited, through the stored hierarchy
    assert ("pkg/mod21.py::added", "pkg/mod20.py::K0.m0") not in calls
    assert ("pkg/mod21.py::added", "pkg/mod21.py::K2.m2") in calls
    assert ("pkg/mod21.py::added", "pkg/mod20.py::K2.m2") not in calls  # the file's own K2, not the import's
    _assert_full_runs_rows(lake, root, tmp_path)


def test_an_update_that_moves_a_base_rewrites_the_hierarchy_in_order(monkeypatch, small_row_groups, make_repo,
                                                                    tmp_path):
    root, lake, files = _indexed(make_repo, tmp_path)
    edited = "pkg/mod21.py"  # K5 loses Base and gets the module before's K0: its shard is rewritten
    (root / edited).write_text(files[edited].replace("class K5(Base):", "class K5(Prev):"))
    assert "class K5(Prev):" in (root / edited).read_text()
    index_structure(lake, root, files=[edited])
    entry = lake.snapshot("repo").tables["hierarchy"]
    assert entry["sort_by"] == ["path"]
    (shard,) = entry["shards"]
    paths = pq.ParquetFile(lake.local_file(shard["file"])).read(columns=["path"]).column(0).to_pylist()
    assert paths == sorted(paths)
    inherits = {(e[0], e[1]) for e in _edge_rows(lake) if e[3] == "inherits"}
    assert ("pkg/mod21.py::K5", "pkg/mod20.py::K0") in inherits
    assert ("pkg/mod21.py::K5", "pkg/base.py::Base") not in inherits
    _assert_full_runs_rows(lake, root, tmp_path)


def test_a_lake_whose_hierarchy_is_not_sorted_reads_the_shard(monkeypatch, small_row_groups, make_repo, tmp_path):
    """A lake an older version wrote (the hierarchy in no recorded order) is read a shard at a time, as before, and
    its update's rows are a full run's."""
    from extractors.structure import StructureExtractor

    monkeypatch.setattr(StructureExtractor, "sort_by", {k: v for k, v in StructureExtractor.sort_by.items()
                                                        if k != "hierarchy"})
    root, lake, files = _indexed(make_repo, tmp_path)
    monkeypatch.undo()
    monkeypatch.setattr("extractors.structure.incremental.INCREMENTAL_SHARE", 1.01)
    assert lake.read_table("repo", "hierarchy", where=("path", ["pkg/mod3.py"]), sorted_only=True) is None
    reads = _hierarchy_reads(monkeypatch)
    edited = "pkg/mod21.py"
    (root / edited).write_text(files[edited] + "\n\ndef added():\n    return K2().m2()\n")
    index_structure(lake, root, files=[edited])
    monkeypatch.undo()
    assert reads and max(reads) == MODULES * CLASSES  # the shard, whole
    _assert_full_runs_rows(lake, root, tmp_path)


RUST = {"src/lib.rs": "mod a;\nmod b;\nmod c;\n",
        "src/a.rs": "pub struct T {}\n\npub trait Run {\n    fn run(&self) -> i32 {\n        1\n    }\n}\n",
        "src/b.rs": "use crate::a::{Run, T};\n\nimpl Run for T {}\n",
        "src/c.rs": "use crate::a::{Run, T};\n\npub fn go(t: T) -> i32 {\n    t.run()\n}\n"}


def test_a_class_whose_base_is_written_in_another_file_is_read_from_the_whole(small_row_groups, make_repo, tmp_path):
    """A Rust ``impl Run for T`` in another file than ``T``: the ``inherits`` edge from ``T`` is in ``b.rs``'s rows
    (``edge_sources`` names it), so ``T``'s bases are not its file's rows alone; the update calls the trait's
    method as a full run does."""
    from pipeline.lake import Lake

    root = make_repo(files=RUST)
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    (root / "src/c.rs").write_text(RUST["src/c.rs"] + "\npub fn again(t: T) -> i32 {\n    t.run()\n}\n")
    index_structure(lake, root, files=["src/c.rs"])
    calls = {(e[0], e[1]) for e in _edge_rows(lake) if e[3] == "calls"}
    assert ("src/c.rs::again", "src/a.rs::Run.run") in calls
    assert ("src/c.rs::again", "src/c.rs::go") not in calls
    _assert_full_runs_rows(lake, root, tmp_path)
