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


@pytest.fixture
def run_reads():
    shards.remember_run_reads(("t",))
    yield shards._RUN_READS
    shards.remember_run_reads(None)


@pytest.mark.parametrize("columns, dictionary", SHAPES)
def test_a_one_shot_read_reads_as_the_file(tmp_path, run_reads, columns, dictionary):
    """A one-shot process's reads (``remember_run_reads``): the first from the file, the same one again, or some
    columns of a file read whole, from what was read; each exactly as the file reads."""
    path = tmp_path / "t-run-0.parquet"
    _write(path, ROWS)
    direct = shards._read_file(path, "r", "t", columns, dictionary)
    shards.read_file(path, "r", "t")  # whole and plain: a later read of some of its columns is a selection of it
    for _ in range(2):
        got = shards.read_file(path, "r", "t", columns, dictionary)
        assert got.schema.remove_metadata() == direct.schema.remove_metadata()
        assert got.to_pylist() == direct.to_pylist()
    assert run_reads.hits >= 1


def _counted_reads(monkeypatch) -> dict[tuple, int]:
    """How many times each shard is read, by (file, columns, dictionary-encoded columns, pruning), from now on."""
    reads: dict[tuple, int] = {}
    real = shards._read_file

    def counted(path, repo, table, columns=None, dictionary=None, prune=None):
        pruned = None if prune is None else (prune[0], tuple(prune[1]))  # (column, values): a list of values
        key = (os.fspath(path), tuple(columns or ()), tuple(dictionary or ()), pruned)
        reads[key] = reads.get(key, 0) + 1
        return real(path, repo, table, columns, dictionary, prune)

    monkeypatch.setattr(shards, "_read_file", counted)
    return reads


def test_an_update_decodes_its_files_shard_once(sharded_update, monkeypatch):
    """A one-shot ``codelake update`` read the ``files`` shard holding its file three times (the plan's whole table,
    the edit's scope, the merge), every string decoded each time. Remembered for the run, it is read once, and the
    update writes the same rows."""
    lake, root, copy = sharded_update
    reads = _counted_reads(monkeypatch)
    from pipeline import indexing

    indexing.update(copy, ["pkg/m3.py"], repo="repo", lake=lake[1])  # main's way: nothing remembered
    by_file: dict[str, int] = {}  # the plan reads some columns of every shard, the scope its file's shard whole
    for key, n in reads.items():
        by_file[key[0]] = by_file.get(key[0], 0) + n
    again = {k: n for k, n in by_file.items() if n > 1 and "/files-" in k}
    assert again, "the update no longer reads a files shard twice: this test has nothing to show"
    reads.clear()
    shards.remember_run_reads()
    try:
        indexing.update(root, ["pkg/m3.py"], repo="repo", lake=lake[0])
    finally:
        shards.remember_run_reads(None)
    assert any("/files-" in k[0] for k in reads)
    assert {k: n for k, n in reads.items() if n > 1 and "/files-" in k[0]} == {}
    for table in ("files", "symbols", "refs", "edges", "early_refs", "callback_refs", "symbol_names", "ref_names",
                  "hierarchy", "edge_targets", "edge_sources", "unresolved_names", "module_index"):
        assert _rows(lake[0], table) == _rows(lake[1], table), table


@pytest.fixture
def sharded_update(make_repo, tmp_path, monkeypatch):
    """Two copies of one indexed repository and lake (a dozen files over several shards), the same edit in each."""
    import shutil

    from conftest import index_structure
    from pipeline.lake import Lake

    monkeypatch.setattr("pipeline.shards.SHARD_ROWS", 6)
    monkeypatch.setattr("extractors.structure.StructureExtractor.shard_rows", {})
    modules = {f"pkg/m{i}.py": f"from pkg.m{(i + 1) % 12} import f{(i + 1) % 12}\n\n\ndef f{i}():\n"
               f"    return f{(i + 1) % 12}()\n\n\nclass C{i}:\n    def run(self):\n        return f{i}()\n"
               for i in range(12)}
    root = make_repo(files={"pkg/__init__.py": "", **modules})
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    shutil.copytree(lake.root, tmp_path / "lake2")
    copy = tmp_path / "copy"
    shutil.copytree(root, copy, symlinks=True)
    for where in (root, copy):
        (where / "pkg/m3.py").write_text(modules["pkg/m3.py"].replace("return f4()", "x = f5()\n    return f4()"))
    return (lake, Lake(tmp_path / "lake2")), root, copy


def _rows(lake, table: str) -> list:
    data = lake.read_table("repo", table)
    if data is None:
        return []
    return sorted(map(repr, data.drop_columns([c for c in ("indexed_commit",) if c in data.column_names])
                      .to_pylist()))


def test_an_update_merges_the_shards_its_scope_read(sharded_update, monkeypatch):
    """A one-file update read the ``symbols``, ``refs`` and ``edges`` shards holding its file twice: whole for the
    edit's scope (and the lines whose edges it keeps), then again to merge its rows into them, every string decoded
    each time. The scope hands them to the merge (``shards.handing_over``): each is read once, and the update
    writes the same rows as without it."""
    lake, root, copy = sharded_update
    reads = _counted_reads(monkeypatch)
    from pipeline import indexing

    indexing.update(root, ["pkg/m3.py"], repo="repo", lake=lake[0])
    whole = {k[0]: n for k, n in reads.items() if not k[1] and not k[2]}
    for table in ("symbols", "refs", "edges"):
        read = [n for path, n in whole.items() if f"/{table}-" in path]
        assert read and max(read) == 1, (table, read)
    with monkeypatch.context() as m:  # main's way: nothing handed over, every merge reads its shards
        m.setattr(shards, "hand_over", lambda rel, rows: None)
        indexing.update(copy, ["pkg/m3.py"], repo="repo", lake=lake[1])
    for table in ("files", "symbols", "refs", "edges", "early_refs", "callback_refs", "symbol_names", "ref_names",
                  "hierarchy", "edge_targets", "edge_sources", "unresolved_names", "module_index"):
        assert _rows(lake[0], table) == _rows(lake[1], table), table


def test_a_shard_holds_statistics_only_for_the_columns_a_reader_prunes_by(sharded_update):
    """The min/max statistics of string columns no reader filters a scan by (a reference's receiver, an edge's
    provenance) cost every write a comparison per value: a full index's shards and an update's carry them only for
    the keys, paths, kinds, names and ids (and every number), the refs' sort columns included."""
    lake, root, _ = sharded_update
    from pipeline import indexing

    indexing.update(root, ["pkg/m3.py"], repo="repo", lake=lake[0])
    snap = lake[0].snapshot("repo")
    for table, kept, dropped in (("edges", {"path", "src_id", "dst_id", "kind", "line", "src_sid"},
                                  {"receiver", "provenance", "resolution", "ref_form"}),
                                 ("refs", {"path", "kind", "name", "line"}, {"receiver", "module", "src_qualname"}),
                                 ("symbols", {"path", "id", "name", "kind", "sid"}, {"parent_id", "language"})):
        for rel in snap.files(table):
            meta = pq.ParquetFile(lake[0].local_file(rel)).metadata
            for g in range(meta.num_row_groups):
                group = meta.row_group(g)
                stats = {group.column(i).path_in_schema: group.column(i).statistics for i in range(group.num_columns)}
                for column in kept if group.num_rows else ():  # an empty shard's row group has none
                    assert stats[column] is not None and stats[column].has_min_max, (rel, column)
                for column in dropped:
                    assert stats[column] is None or not stats[column].has_min_max, (rel, column)
