"""What an update reads and rewrites of the key-sharded indexes (issue 8): ``ref_names``, ``edge_targets``,
``edge_sources`` and ``unresolved_names`` are written sorted by their key in small row groups, so that an update's
read of the few names or ids its edit moved decodes their row groups, not their shards; a rewritten shard of a sorted
table is the old sorted rows with the run's placed at their key (only the run's rows sorted, not the shard); a lake
written in an older order keeps saying so until every shard is rewritten. The rows are a full run's throughout."""

from __future__ import annotations

import pyarrow.parquet as pq
import pytest

from conftest import index_structure
from test_structure_incremental import _edge_rows

FILES = 60
DEFS = 20
ROW_GROUP = 64
INDEXES = {"ref_names": "name", "edge_targets": "dst_id", "edge_sources": "src_id", "unresolved_names": "dst_name"}
COMPARED = ("files", "symbols", "refs", "edges", "early_refs", "callback_refs", "symbol_names", "ref_names",
            "hierarchy", "edge_targets", "edge_sources", "unresolved_names", "module_index", "foreign_symbols")


def _module(i: int) -> str:
    head = f"from pkg.mod{i - 1} import f0, f1\n\n\n" if i else ""
    defs = "".join(f"def f{j}(x):\n    return f{(j + 1) % DEFS}(x) if x else {j}\n\n\n" for j in range(DEFS))
    return head + defs + ("def g():\n    return f0(1) + f1(2) + unknown_call(3)\n" if i else "")


@pytest.fixture
def small_row_groups(monkeypatch):
    from extractors.structure import incremental
    from pipeline import shards

    monkeypatch.setattr(incremental, "INCREMENTAL_SHARE", 1.01)  # a small repository: never a full pass
    monkeypatch.setattr(shards, "SORTED_ROW_GROUP", ROW_GROUP)


def _rows(lake, table: str) -> list:
    data = lake.read_table("repo", table)
    if data is None:
        return []
    # a definition's sid is dense per run (an update numbers its new ones after the lake's), not stable
    data = data.drop_columns([c for c in ("sid", "src_sid", "dst_sid", "indexed_commit") if c in data.column_names])
    return sorted(map(tuple, zip(*data.to_pydict().values())), key=repr)


def _assert_sorted(lake, tables: dict[str, str]) -> None:
    snap = lake.snapshot("repo")
    for table, key in tables.items():
        entry = snap.tables[table]
        assert entry["sort_by"] == [key], table
        for shard in entry["shards"]:
            data = pq.ParquetFile(lake.local_file(shard["file"]))
            keys = data.read(columns=[key]).column(0).to_pylist()
            assert keys == sorted(keys), (table, shard["file"])


def _counted(monkeypatch) -> tuple[list, list]:
    """(the reads of the indexes that asked for some columns, as (table, rows decoded); the sizes of the tables the
    writes sorted) from now on."""
    from pipeline import arrowops, shards

    reads, sorts = [], []
    real_read, real_sort = shards._read_file, arrowops.sort_by

    def read_file(path, repo, table, columns=None, *args, **kwargs):
        data = real_read(path, repo, table, columns, *args, **kwargs)
        if table in INDEXES and columns is not None:  # a merge reads its shard whole: no columns named
            reads.append((table, data.num_rows))
        return data

    def sort_by(table, sorting):
        sorts.append(table.num_rows)
        return real_sort(table, sorting)

    monkeypatch.setattr(shards, "_read_file", read_file)
    monkeypatch.setattr(arrowops, "sort_by", sort_by)
    return reads, sorts


def test_an_update_reads_the_row_groups_of_the_keys_it_moved_and_sorts_only_its_rows(monkeypatch, small_row_groups,
                                                                                   make_repo, tmp_path):
    from pipeline.lake import Lake

    files = {f"pkg/mod{i}.py": _module(i) for i in range(FILES)}
    files["pkg/__init__.py"] = ""
    root = make_repo(files=files)
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    _assert_sorted(lake, INDEXES)
    biggest = max(s["rows"] for s in lake.snapshot("repo").tables["ref_names"]["shards"])
    assert biggest > 8 * ROW_GROUP

    reads, sorts = _counted(monkeypatch)
    edited = "pkg/mod31.py"  # new names referenced (ref_names), new edges into another file (edge_targets)
    (root / edited).write_text(files[edited] + "\n\ndef added():\n    return f5(3) + other_unknown(4) + f0(1)\n")
    index_structure(lake, root, files=[edited])
    monkeypatch.undo()
    full = Lake(tmp_path / "full")
    index_structure(full, root)
    for table in COMPARED:
        assert _rows(lake, table) == _rows(full, table), table
    calls = {(e[0], e[1]) for e in _edge_rows(lake) if e[3] == "calls"}
    assert ("pkg/mod31.py::added", "pkg/mod31.py::f5") in calls
    assert ("pkg/mod31.py::added", "pkg/mod30.py::f5") not in calls  # its own f5, not the imported file's
    unresolved = {(r[1], r[2]) for r in _rows(lake, "unresolved_names")}  # (repo, dst_name, path, resolution)
    assert ("other_unknown", edited) in unresolved and ("other_unknown", "pkg/mod30.py") not in unresolved
    assert reads, "the update read none of the indexes by key: this test has nothing to show"
    assert all(rows <= 2 * ROW_GROUP for _, rows in reads), reads  # their row groups, never a shard
    assert sorts and max(sorts) < ROW_GROUP, sorts  # the run's rows sorted, the shards merged in order
    _assert_sorted(lake, {**INDEXES, "symbols": "path", "early_refs": "path", "symbol_names": "name"})


def test_a_lake_written_in_an_older_order_says_so_until_its_shards_are_rewritten(monkeypatch, small_row_groups,
                                                                                 make_repo, tmp_path):
    """An update of a lake whose tables were written unsorted rewrites the shards it touches sorted and names the
    others again: the table is recorded unsorted (no read prunes by an order it lacks, no merge takes an old shard
    as sorted); its rows are a full run's, and a full index records the order."""
    from extractors.structure import StructureExtractor
    from pipeline.lake import Lake

    files = {f"pkg/mod{i}.py": _module(i) for i in range(12)}
    files["pkg/__init__.py"] = ""
    root = make_repo(files=files)
    lake = Lake(tmp_path / "lake")
    monkeypatch.setattr(StructureExtractor, "sort_by", {"refs": ["kind", "path"]})
    monkeypatch.setattr(StructureExtractor, "shard_rows", {"symbols": 100, "early_refs": 100, "refs": 100})
    index_structure(lake, root)
    monkeypatch.undo()  # this version's order from now on
    monkeypatch.setattr("extractors.structure.incremental.INCREMENTAL_SHARE", 1.01)
    monkeypatch.setattr(StructureExtractor, "shard_rows", {"symbols": 100, "early_refs": 100, "refs": 100})
    assert len(lake.snapshot("repo").tables["symbols"]["shards"]) > 2
    for round_, edited in enumerate(("pkg/mod5.py", "pkg/mod7.py")):
        (root / edited).write_text(f"# {round_}\n" + files[edited] + "\n\ndef added():\n    return f1(3) + g()\n")
        index_structure(lake, root, files=[edited])
        snap = lake.snapshot("repo")
        for table in ("symbols", "early_refs"):
            assert snap.tables[table]["sort_by"] == [], table  # the other shards are still in the older order
            assert lake.read_table("repo", table, where=("path", [edited]), sorted_only=True) is None
    full = Lake(tmp_path / "full")
    index_structure(full, root)
    for table in COMPARED:
        assert _rows(lake, table) == _rows(full, table), table
    index_structure(lake, root, full=True)
    assert lake.snapshot("repo").tables["symbols"]["sort_by"] == ["path"]
