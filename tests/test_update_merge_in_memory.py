"""An update's few rows are merged into the old shards from memory: no temporary file of the new rows is written and
read back (``TableWrite._merged_from_memory``); a batch of a buffer's rows or more is still routed to files, as a full
write's is. Either way the lake equals a fresh full index."""

from __future__ import annotations

import pyarrow.parquet as pq
from conftest import index_structure

from pipeline import indexing, shards

UTIL = "def tool(x):\n    return x\n\n\ndef other(x):\n    return x\n"
BODY = "\n".join(f"def f{i}(x):\n    y = tool(x)\n    return other(y)\n" for i in range(1, 11))
CORE = f"from app.util import tool, other\n\n\n{BODY}"
OLD, NEW = "def f5(x):\n    y = tool(x)\n", "def f5(x):\n    y = other(x)\n"  # f5's call of tool becomes other's


def _rows(lake, table: str, columns: tuple[str, ...]) -> list[tuple]:
    data = lake.read_table("repo", table)
    return sorted(zip(*(data.column(c).to_pylist() for c in columns)), key=repr)


def _update_writing(tmp_path, make_repo, monkeypatch) -> tuple[list[str], object, object]:
    """The files the update's Parquet writers opened (their names), the updated lake and a fresh full index of the
    edited source."""
    from pipeline.lake import Lake

    others = {f"app/m{i}.py": f"def g{i}():\n    return {i}\n" for i in range(6)}  # the edit's share stays small
    root = make_repo(files={"app/__init__.py": "", "app/util.py": UTIL, "app/core.py": CORE, **others})
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    (root / "app/core.py").write_text(CORE.replace(OLD, NEW))
    opened: list[str] = []
    writer = pq.ParquetWriter

    class Noting(writer):
        def __init__(self, where, *args, **kwargs):
            opened.append(str(where).rsplit("/", 1)[-1])
            super().__init__(where, *args, **kwargs)

    for module in (pq, pq.core):  # ``pq.write_table`` opens the writer named in ``pyarrow.parquet.core``
        monkeypatch.setattr(module, "ParquetWriter", Noting)
    assert indexing.update(root, ["app/core.py"], repo="repo", lake=lake).status == "ok"
    for module in (pq, pq.core):
        monkeypatch.setattr(module, "ParquetWriter", writer)
    fresh = Lake(tmp_path / "fresh")
    index_structure(fresh, root)
    return opened, lake, fresh


def _same_as_a_full_index(lake, fresh) -> None:
    edges = ("path", "src_id", "dst_id", "kind", "line")
    rows = _rows(lake, "edges", edges)
    assert rows == _rows(fresh, "edges", edges)
    line = CORE.replace(OLD, NEW).splitlines().index("    y = other(x)") + 1
    assert ("app/core.py", "app/core.py::f5", "app/util.py::other", "calls", line) in rows
    assert ("app/core.py", "app/core.py::f5", "app/util.py::tool", "calls", line) not in rows  # the old call gone
    assert ("app/core.py", "app/core.py::f4", "app/util.py::tool", "calls", line - 4) in rows  # a kept line's
    for table, columns in (("refs", ("path", "kind", "name", "line")), ("symbols", ("path", "qualname", "line_start")),
                           ("files", ("path", "blob_sha")), ("early_refs", ("path", "kind", "name", "line"))):
        assert _rows(lake, table, columns) == _rows(fresh, table, columns), table


def test_an_update_merges_its_rows_into_the_old_shards_without_a_temporary_file(tmp_path, make_repo, monkeypatch):
    opened, lake, fresh = _update_writing(tmp_path, make_repo, monkeypatch)
    # each rewritten shard is written once (``<table>-<run>-<k>.tmp``, renamed), none of its new rows first routed
    # to a ``.new.tmp`` file of their own
    assert [name for name in opened if name.endswith(".new.tmp")] == [], opened
    written = {name.lstrip(".").split("-")[0] for name in opened}
    assert {"files", "refs", "symbols", "edges"} <= written
    _same_as_a_full_index(lake, fresh)


def test_a_batch_of_a_buffer_or_more_is_routed_to_files_and_merged_the_same(tmp_path, make_repo, monkeypatch):
    monkeypatch.setattr(shards, "BUFFER_ROWS", 2)  # the edited file's refs and edges are more than a buffer here
    opened, lake, fresh = _update_writing(tmp_path, make_repo, monkeypatch)
    routed = {name.lstrip(".").split("-")[0] for name in opened if name.endswith(".new.tmp")}
    assert {"refs", "edges"} <= routed, opened
    _same_as_a_full_index(lake, fresh)


def test_a_merge_keeps_the_old_rows_as_slices_where_they_are_a_few_runs():
    import pyarrow as pa

    from pipeline import arrowops as pc

    paths = [f"f{i // 3}.py" for i in range(60)]  # a shard in path order: each file's three rows together
    rows = pa.table({"path": paths, "line": list(range(60))})
    data = rows.column("path").chunk(0).buffers()[2]  # the strings' bytes
    for dropped in ({"f3.py"}, {"f0.py", "f19.py"}, set(), set(paths)):
        keep = pc.invert(pc.is_in(rows.column("path"), value_set=pa.array(sorted(dropped) or [""], pa.string())))
        kept = shards.kept_rows(rows, keep)
        assert kept.equals(pc.filter(rows, keep)), dropped
        # the kept rows are views of the old ones: no string copied
        assert all(c.buffers()[2].address == data.address for c in kept.column("path").chunks if len(c)), dropped
    every_other = pa.array([i % 2 == 0 for i in range(60)])  # 30 runs: past KEPT_RUNS, filtered
    assert shards.kept_rows(rows, every_other).equals(pc.filter(rows, every_other))
