"""What an update writes of the tables sorted by their key (issue 8): a rewritten shard of ``symbols``, ``early_refs``
or ``symbol_names`` is the old sorted rows with the run's placed at their key (only the run's rows sorted, not the
shard: a sort and a ``take`` of every column of a 4K-row shard were +1 % of sympy's leaf update); a lake written in an
older order keeps saying so until every shard is rewritten (no read prunes by an order it lacks, no merge takes an old
shard as sorted). The rows are a full run's throughout."""

from __future__ import annotations

import pytest

from conftest import index_structure
from test_structure_incremental import _edge_rows
from test_update_row_groups import ROW_GROUP, SORTED, _assert_sorted_in_row_groups, _module, indexed_modules
from test_update_row_groups import small_row_groups  # noqa: F401 - a fixture

COMPARED = ("files", "symbols", "refs", "edges", "early_refs", "callback_refs", "symbol_names", "ref_names",
            "hierarchy", "edge_targets", "edge_sources", "unresolved_names", "module_index", "foreign_symbols")


def _rows(lake, table: str) -> list:
    data = lake.read_table("repo", table)
    if data is None:
        return []
    # a definition's sid is dense per run (an update numbers its new ones after the lake's), not stable
    data = data.drop_columns([c for c in ("sid", "src_sid", "dst_sid", "indexed_commit") if c in data.column_names])
    return sorted(map(tuple, zip(*data.to_pydict().values())), key=repr)


def _sorted_sizes(monkeypatch) -> list[int]:
    """The sizes of the tables sorted (``arrowops.sort_by``, the shard writes' sort) from now on."""
    from pipeline import arrowops

    sorts, real_sort = [], arrowops.sort_by

    def sort_by(table, sorting):
        sorts.append(table.num_rows)
        return real_sort(table, sorting)

    monkeypatch.setattr(arrowops, "sort_by", sort_by)
    return sorts


def test_an_update_sorts_only_its_rows_into_a_sorted_shard(monkeypatch, small_row_groups, make_repo, tmp_path):
    from pipeline.lake import Lake

    root, lake, files = indexed_modules(make_repo, tmp_path, unknown=True)
    assert min(s["rows"] for s in lake.snapshot("repo").tables["symbols"]["shards"]) > 8 * ROW_GROUP

    sorts = _sorted_sizes(monkeypatch)
    edited = "pkg/mod31.py"  # a new definition (symbols, symbol_names), new calls and imports' facts (early_refs)
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
    assert not any(src == "pkg/mod31.py::added" and "other_unknown" in (dst or "") for src, dst in calls)
    assert sorts and max(sorts) < 2 * ROW_GROUP, sorts  # the run's rows sorted, never a shard
    _assert_sorted_in_row_groups(lake)  # the rewritten shards are in order, in row groups


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
