"""What a long-lived process keeps of the lake's files (``pipeline.shards.keep_read_files``, the warm refresh
worker's) must read exactly as the file does, in every shape a reader asks for, and never outlive the file."""

from __future__ import annotations

import os

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from pipeline import shards

ROWS = {"path": ["a.py", "b.py", "a.py", None], "line": [1, 2, 3, 4], "name": ["f", "g", "f", "h"],
        "tags": [["x"], [], ["y", "z"], None]}
SHAPES = [(None, None), (["path", "line"], None), (["name", "path"], ["path", "name"]),
          (None, ["path", "line"]), (["line", "tags", "missing"], ["line"])]


@pytest.fixture
def kept():
    cache = shards.keep_read_files(1 << 20)
    yield cache
    shards.keep_read_files(None)


def _write(path, rows) -> None:
    pq.write_table(pa.table(rows), path)


@pytest.mark.parametrize("columns, dictionary", SHAPES)
def test_a_kept_file_reads_as_the_file(tmp_path, kept, columns, dictionary):
    path = tmp_path / "t-run-0.parquet"
    _write(path, ROWS)
    direct = shards._read_file(path, "r", "t", columns, dictionary)
    shards.prefetch_file(path, "r", "t")  # kept whole: the read below is made from it
    got = shards.read_file(path, "r", "t", columns, dictionary)
    assert got.schema.remove_metadata() == direct.schema.remove_metadata()
    assert got.to_pylist() == direct.to_pylist()
    again = shards.read_file(path, "r", "t", columns, dictionary)
    assert again.to_pylist() == direct.to_pylist() and kept.hits >= 2


def test_a_file_written_again_is_read_again(tmp_path, kept):
    path = tmp_path / "t-run-0.parquet"
    _write(path, ROWS)
    assert shards.read_file(path, "r", "t").num_rows == 4
    _write(path, {k: v[:2] for k, v in ROWS.items()})  # never done to a version file; still not served stale
    os.utime(path, ns=(1, 1))
    assert shards.read_file(path, "r", "t").num_rows == 2


def test_the_budget_bounds_what_is_kept(tmp_path):
    cache = shards.keep_read_files(1)  # smaller than any table: nothing is kept, every read goes to the file
    try:
        path = tmp_path / "t-run-0.parquet"
        _write(path, ROWS)
        for _ in range(3):
            assert shards.read_file(path, "r", "t").num_rows == 4
        assert cache.held == 0 and cache.hits == 0
    finally:
        shards.keep_read_files(None)


def test_a_missing_kept_file_is_still_named(tmp_path, kept):
    path = tmp_path / "t-run-0.parquet"
    _write(path, ROWS)
    shards.read_file(path, "r", "t")
    path.unlink()
    with pytest.raises(shards.DamagedFileError, match="missing"):
        shards.read_file(path, "r", "t")


def test_retired_files_are_forgotten(tmp_path, kept):
    """What was read of a file a snapshot no longer names goes (a run rewrote that shard); the rest stays."""
    old, new = tmp_path / "t-run1-0.parquet", tmp_path / "t-run2-0.parquet"
    for path in (old, new):
        _write(path, ROWS)
        shards.read_file(path, "r", "t", ["path"])
    kept.put(("_versions/r/t-run1-0.parquet", "t", ("path",), ()), object(), 10)  # a reader's derived entry
    kept.put(("module_keys", "python"), object(), 10)
    kept.keep_only({new.name})
    files = {os.path.basename(k[0]) for k in kept.tables}
    assert files == {new.name, "module_keys"}
    assert kept.held == sum(size for _, size in kept.tables.values())
