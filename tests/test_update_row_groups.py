"""An update's lookup of one file reads that file's row groups, not its shard (issue 8): ``symbols``, ``early_refs``
and the ``symbol_names`` index are written sorted by their key in small row groups, by the full index and by every
update, and the lazy index reads the few files and names it asks of a shard from the row groups their statistics
admit. The rows are a full run's, the edges an update gives are a full run's."""

from __future__ import annotations

import pyarrow.parquet as pq
import pytest

from conftest import index_structure
from test_structure_incremental import _edge_rows

FILES = 60  # modules of ``DEFS`` functions each: ~1,300 symbols in one shard, ~20 row groups of 64 rows
DEFS = 20
ROW_GROUP = 64
SORTED = {"symbols": "path", "early_refs": "path", "symbol_names": "name"}


def _module(i: int, unknown: bool = False) -> str:
    """Module ``i``: ``DEFS`` functions calling each other, and (past the first) a ``g`` calling the two it imports
    from the module before (and, ``unknown``, a function nothing defines)."""
    head = f"from pkg.mod{i - 1} import f0, f1\n\n\n" if i else ""
    defs = "".join(f"def f{j}(x):\n    return f{(j + 1) % DEFS}(x) if x else {j}\n\n\n" for j in range(DEFS))
    calls = f"def g():\n    return f0(1) + f1(2){' + unknown_call(3)' if unknown else ''}\n" if i else ""
    return head + defs + calls


def indexed_modules(make_repo, tmp_path, unknown: bool = False):
    """``FILES`` modules (``_module``) in a git repository, indexed into a lake whose sorted tables' shards hold
    more than eight row groups: (the repository's root, the lake, the modules' texts by path)."""
    from pipeline.lake import Lake

    files = {f"pkg/mod{i}.py": _module(i, unknown) for i in range(FILES)}
    files["pkg/__init__.py"] = ""
    root = make_repo(files=files)
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    _assert_sorted_in_row_groups(lake)
    assert max(s["rows"] for s in lake.snapshot("repo").tables["symbols"]["shards"]) > 8 * ROW_GROUP
    return root, lake, files


@pytest.fixture
def small_row_groups(monkeypatch):
    from extractors.structure import incremental
    from pipeline import shards

    monkeypatch.setattr(incremental, "INCREMENTAL_SHARE", 1.01)  # a small repository: never a full pass
    monkeypatch.setattr(shards, "SORTED_ROW_GROUP", ROW_GROUP)


def _lazy_reads(monkeypatch) -> list[tuple[str, int]]:
    """Every file read the lazy index makes, as (table, rows decoded): the reads made while its ``read`` runs."""
    from extractors.structure import lazy
    from pipeline import shards

    reads, inside = [], []
    real_read_file, real_init = shards._read_file, lazy.Index.__init__

    def read_file(path, repo, table, *args, **kwargs):
        data = real_read_file(path, repo, table, *args, **kwargs)
        if inside:
            reads.append((table, data.num_rows))
        return data

    def init(self, read, *args, **kwargs):
        def counted(*a, **k):
            inside.append(1)
            try:
                return read(*a, **k)
            finally:
                inside.pop()
        real_init(self, counted, *args, **kwargs)

    monkeypatch.setattr(shards, "_read_file", read_file)
    monkeypatch.setattr(lazy.Index, "__init__", init)
    return reads


def _assert_sorted_in_row_groups(lake) -> None:
    snap = lake.snapshot("repo")
    for table, key in SORTED.items():
        entry = snap.tables[table]
        assert entry["sort_by"] == [key], table
        for shard in entry["shards"]:
            data = pq.ParquetFile(lake.local_file(shard["file"]))
            keys = data.read(columns=[key]).column(0).to_pylist()
            assert keys == sorted(keys), (table, shard["file"])
            assert data.metadata.num_rows <= ROW_GROUP or data.num_row_groups > 1, (table, shard["file"])


def test_an_updates_lookup_of_a_file_reads_its_row_groups_not_the_shard(monkeypatch, small_row_groups, make_repo,
                                                                         tmp_path):
    from pipeline.lake import Lake

    root, lake, files = indexed_modules(make_repo, tmp_path)
    reads = _lazy_reads(monkeypatch)
    edited = "pkg/mod31.py"
    (root / edited).write_text("# moved\n" + files[edited] + "\n\ndef added():\n    return f1(3) + g()\n")
    index_structure(lake, root, files=[edited])
    full = Lake(tmp_path / "full")
    index_structure(full, root)
    assert _edge_rows(lake) == _edge_rows(full)
    calls = {(e[0], e[1]) for e in _edge_rows(lake) if e[3] == "calls"}
    assert ("pkg/mod31.py::added", "pkg/mod31.py::f1") in calls and ("pkg/mod31.py::added", "pkg/mod31.py::g") in calls
    assert ("pkg/mod31.py::g", "pkg/mod30.py::f0") in calls  # through the import, into the unchanged file
    assert ("pkg/mod31.py::added", "pkg/mod30.py::f5") not in calls  # f5 is not called there
    assert not any(src.startswith("pkg/mod31.py::") and dst.startswith(("pkg/mod29.py", "pkg/mod32.py"))
                   for src, dst in calls)
    looked_up = [(table, rows) for table, rows in reads if table in SORTED]
    assert any(table == "symbols" for table, _ in looked_up), reads  # the imported file's definitions were read
    assert all(rows <= 2 * ROW_GROUP for _, rows in looked_up), looked_up  # its row groups, never the shard
    _assert_sorted_in_row_groups(lake)  # the update's rewritten shards are sorted too


def test_a_lake_whose_tables_are_not_sorted_is_read_a_shard_at_a_time(monkeypatch, small_row_groups, make_repo,
                                                                      tmp_path):
    """A lake an older version wrote (nothing sorted by path) answers the same: the shards are read whole."""
    from extractors.structure import StructureExtractor
    from pipeline.lake import Lake

    files = {f"pkg/mod{i}.py": _module(i) for i in range(12)}
    files["pkg/__init__.py"] = ""
    root = make_repo(files=files)
    lake = Lake(tmp_path / "lake")
    monkeypatch.setattr(StructureExtractor, "sort_by", {"refs": ["kind", "path"]})
    index_structure(lake, root)
    monkeypatch.undo()
    monkeypatch.setattr("extractors.structure.incremental.INCREMENTAL_SHARE", 1.01)
    assert lake.read_table("repo", "symbols", where=("path", ["pkg/mod3.py"]), sorted_only=True) is None
    edited = "pkg/mod5.py"
    (root / edited).write_text("# moved\n" + files[edited] + "\n\ndef added():\n    return f1(3) + g()\n")
    index_structure(lake, root, files=[edited])
    full = Lake(tmp_path / "full")
    index_structure(full, root)
    assert _edge_rows(lake) == _edge_rows(full)
