"""The end of an update's writes: its edges and their indexes are written while the thread that took the tables
complete before resolution (files, refs, symbols, their indexes) still writes them (``lake._Staging.finish``), and a
shard it wrote is not opened again for its row count (``shards.TableWrite._write``). Either way the lake equals a
fresh full index."""

from __future__ import annotations

import threading

import pyarrow.parquet as pq
from conftest import index_structure
from test_update_merge_in_memory import CORE, NEW, OLD, UTIL, _rows
from test_update_merge_in_memory import _same_as_a_full_index as same_tables

from pipeline import indexing
from pipeline.shards import TableWrite, shards_of

EARLY_WAITS = 30.0  # seconds an early write waits for the edges' write to begin (main's code: it never does)


def _indexed(tmp_path, make_repo):
    from pipeline.lake import Lake

    others = {f"app/m{i}.py": f"def g{i}():\n    return {i}\n" for i in range(6)}  # the edit's share stays small
    root = make_repo(files={"app/__init__.py": "", "app/util.py": UTIL, "app/core.py": CORE, **others})
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    (root / "app/core.py").write_text(CORE.replace(OLD, NEW))
    return root, lake


def _same_as_a_full_index(tmp_path, root, lake) -> None:
    """The updated lake equals a fresh full index of the edited source (the merge test's tables, and hierarchy)."""
    from pipeline.lake import Lake

    fresh = Lake(tmp_path / "fresh")
    index_structure(fresh, root)
    same_tables(lake, fresh)
    columns = ("path", "src_id", "dst_id")
    assert _rows(lake, "hierarchy", columns) == _rows(fresh, "hierarchy", columns)


def test_an_updates_edges_are_written_while_its_early_tables_still_are(tmp_path, make_repo, monkeypatch):
    root, lake = _indexed(tmp_path, make_repo)
    edges_begun = threading.Event()
    early: dict[str, bool] = {}  # an early table -> whether the edges' write began while it was being written
    finish = TableWrite.finish

    def noted(self, full):
        if self.table == "edges":
            edges_begun.set()
        elif threading.current_thread().name.startswith("codelake-write"):  # ``_Staging._write_early``'s thread
            early[self.table] = edges_begun.wait(EARLY_WAITS if not early else 0)  # the first one waits
        return finish(self, full)

    monkeypatch.setattr(TableWrite, "finish", noted)
    assert indexing.update(root, ["app/core.py"], repo="repo", lake=lake).status == "ok"
    monkeypatch.setattr(TableWrite, "finish", finish)
    assert {"files", "refs", "symbols"} <= set(early), early  # written early, as before
    first = next(iter(early))
    assert early[first], early  # the first early table was still being written when the edges' write began
    _same_as_a_full_index(tmp_path, root, lake)


def test_a_shard_an_update_wrote_is_not_opened_again_for_its_row_count(tmp_path, make_repo, monkeypatch):
    root, lake = _indexed(tmp_path, make_repo)
    read: list[str] = []
    read_metadata = pq.read_metadata

    def noted(where, *args, **kwargs):
        read.append(str(where).rsplit("/", 1)[-1])
        return read_metadata(where, *args, **kwargs)

    monkeypatch.setattr(pq, "read_metadata", noted)
    summary = indexing.update(root, ["app/core.py"], repo="repo", lake=lake)
    monkeypatch.setattr(pq, "read_metadata", read_metadata)
    assert summary.status == "ok"
    snapshot = lake.snapshot("repo")
    shards = [s for entry in snapshot.tables.values() for s in shards_of(entry) if summary.run_id in s["file"]]
    written = {s["file"].rsplit("/", 1)[-1] for s in shards}
    assert {name.split("-")[0] for name in written} >= {"files", "refs", "symbols", "edges"}, written
    assert not set(read) & written, sorted(set(read) & written)  # main's code read back each of them
    for s in shards:  # the counts the snapshot holds are the files' own
        assert s["rows"] == read_metadata(lake.local_file(s["file"])).num_rows, s
    _same_as_a_full_index(tmp_path, root, lake)
