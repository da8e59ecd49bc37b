"""The lake's contract: layout, atomic snapshots across tables, crash safety under SIGKILL, serialized writers."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import duckdb
import pyarrow as pa
import pytest

from conftest import git
from pipeline import LAKE_SCHEMA_VERSION
from pipeline.catalog import table_variables
from pipeline.errors import ExtractError, RepoIdError, SchemaVersionError
from pipeline.extractor import Batch, Cursor, Replace
from pipeline.lake import Lake
from pipeline.repos import derive_repo_id, validate_repo_id

WRITER = Path(__file__).parent / "lake_writer.py"
SCHEMA = pa.schema([("repo", pa.string()), ("path", pa.string()), ("v", pa.int64())])


class Rows:
    name, version = "rows", "1"
    tables = {"t": SCHEMA}

    def __init__(self, rows, replace_keys=None, fail=False):
        self.rows, self.replace_keys, self.fail = rows, replace_keys, fail

    def run(self, ctx, cursor):
        if self.replace_keys is not None:
            yield Replace("t", "path", self.replace_keys)
        yield Batch("t", pa.table({"path": [r[0] for r in self.rows], "v": [r[1] for r in self.rows]}))
        if self.fail:
            raise ValueError("boom in the middle")
        return Cursor(commit="c1", state={"n": len(self.rows)})


def read(lake: Lake, repo: str = "r") -> list[tuple]:
    return sorted((d["path"], d["v"]) for d in lake.read_table(repo, "t").to_pylist())


@pytest.mark.parametrize("bad", ["", ".", "..", "../escape", "a/b", "a b", "x;rm", "ünï"])
def test_invalid_repo_ids_are_refused_with_a_clear_message(bad):
    with pytest.raises(RepoIdError, match="invalid repository id"):
        validate_repo_id(bad)


def test_repo_id_comes_from_the_origin_url_or_the_folder(tmp_path):
    repo = tmp_path / "my repo!"
    repo.mkdir()
    assert derive_repo_id(repo) == "my-repo"
    git(repo, "init", "-q")
    git(repo, "remote", "add", "origin", "git@github.com:acme/widgets.git")
    assert derive_repo_id(repo) == "acme__widgets"


def test_a_run_writes_the_partition_layout_and_a_versioned_manifest(lake):
    lake.run_extractor("r", Rows([("a", 1), ("b", 2)]), ".")
    assert [p.relative_to(lake.root).as_posix() for p in sorted((lake.root / "t").rglob("*"))] == ["t/r",
                                                                                                  "t/r/part-000.parquet"]
    assert len(list((lake.root / "_versions" / "r").glob("t-*.parquet"))) == 1
    assert json.loads((lake.root / "_lake.json").read_text())["schema_version"] == LAKE_SCHEMA_VERSION
    snap = lake.snapshot("r")
    assert snap.cursors["rows"] == {"commit": "c1", "state": {"n": 2}}
    assert set(snap.tables) == {"t", "runs"}
    rows = duckdb.sql(f"SELECT repo, path, v FROM '{lake.root}/t/*/*.parquet' ORDER BY path").fetchall()
    assert rows == [("r", "a", 1), ("r", "b", 2)]


def test_replace_drops_only_the_named_keys_and_appends(lake):
    lake.run_extractor("r", Rows([("a", 1), ("b", 2), ("c", 3)]), ".")
    lake.run_extractor("r", Rows([("b", 20), ("d", 4)], replace_keys=["b", "d", "c"]), ".")
    assert read(lake) == [("a", 1), ("b", 20), ("d", 4)]


def test_an_append_to_an_unsharded_table_writes_only_its_rows_and_a_replace_compacts(lake):
    lake.run_extractor("r", Rows([("a", 1), ("b", 2), ("c", 3)]), ".")
    first = lake.snapshot("r").files("t")
    lake.run_extractor("r", Rows([("d", 4)], replace_keys=[]), ".")
    lake.run_extractor("r", Rows([("e", 5)], replace_keys=[]), ".")
    files = lake.snapshot("r").files("t")
    assert len(files) == 3 and files[0] == first[0]  # the first file named again, one delta per append
    assert [s["rows"] for s in lake.snapshot("r").tables["t"]["shards"]] == [3, 1, 1]
    assert sorted(p.name for p in (lake.root / "t" / "r").iterdir()) == [f"part-00{k}.parquet" for k in range(3)]
    rows = duckdb.sql(f"SELECT path, v FROM '{lake.root}/t/*/*.parquet' ORDER BY path").fetchall()
    assert rows == read(lake) == [("a", 1), ("b", 2), ("c", 3), ("d", 4), ("e", 5)]
    lake.run_extractor("r", Rows([("b", 20)], replace_keys=["b", "d"]), ".")  # keys dropped from every file
    assert len(lake.snapshot("r").files("t")) == 1
    assert read(lake) == [("a", 1), ("b", 20), ("c", 3), ("e", 5)]
    assert sorted(p.name for p in (lake.root / "t" / "r").iterdir()) == ["part-000.parquet"]
    lake.run_extractor("r", Rows([("f", 6), ("g", 7), ("h", 8), ("i", 9), ("j", 10)], replace_keys=[]), ".")
    assert len(lake.snapshot("r").files("t")) == 1  # a delta larger than the first file: compacted at once


class SmallShards(Rows):
    shard_by = {"t": "path"}
    shard_rows = {"t": 2}


def test_an_extractor_sets_a_tables_rows_per_shard_and_a_replace_rewrites_one_of_them(lake):
    lake.run_extractor("r", SmallShards([(f"p{i}", i) for i in range(10)]), ".")
    before = lake.snapshot("r").files("t")
    assert len(before) == 5  # 10 rows, 2 per shard (the default is 16,384 per shard)
    lake.run_extractor("r", SmallShards([("p3", 30)], replace_keys=["p3"]), ".")
    after = lake.snapshot("r").files("t")
    assert len(after) == 5 and len(set(after) - set(before)) == 1
    assert read(lake) == sorted([(f"p{i}", i) for i in range(10) if i != 3] + [("p3", 30)])


def test_without_replace_a_run_replaces_the_partition(lake):
    lake.run_extractor("r", Rows([("a", 1), ("b", 2)]), ".")
    lake.run_extractor("r", Rows([("z", 9)]), ".")
    assert read(lake) == [("z", 9)]


def test_a_failed_run_keeps_the_previous_data_and_is_recorded(lake):
    lake.run_extractor("r", Rows([("a", 1)]), ".")
    with pytest.raises(ExtractError, match="boom in the middle"):
        lake.run_extractor("r", Rows([("b", 2)], fail=True), ".")
    assert read(lake) == [("a", 1)]
    runs = lake.read_table("r", "runs").to_pylist()
    assert [r["status"] for r in runs] == ["ok", "failed"]
    assert "ValueError: boom in the middle" in runs[1]["error"]
    assert not [p for p in (lake.root / "_versions" / "r").iterdir() if not p.name.endswith(".parquet")]


def test_other_repositories_partitions_are_untouched(lake):
    lake.run_extractor("r", Rows([("a", 1)]), ".")
    lake.run_extractor("s", Rows([("x", 7)]), ".")
    lake.run_extractor("r", Rows([("b", 2)]), ".")
    assert read(lake, "s") == [("x", 7)]


def test_a_lake_from_a_newer_codelake_is_refused(lake):
    lake.run_extractor("r", Rows([("a", 1)]), ".")
    (lake.root / "_lake.json").write_text(json.dumps({"schema_version": LAKE_SCHEMA_VERSION + 1}))
    with pytest.raises(SchemaVersionError, match="upgrade codelake"):
        Lake(lake.root)


def test_leftovers_of_a_killed_writer_are_swept_by_the_next_writer(lake):
    lake.run_extractor("r", Rows([("a", 1)]), ".")
    mark = lake.root / "_locks" / "r.writing"
    assert not mark.exists()  # a run that ended leaves nothing to sweep
    version_dir = lake.root / "_versions" / "r"
    (version_dir / "dead.new.tmp").write_bytes(b"torn")
    (version_dir / "dead.parquet").write_bytes(b"finished but never published")
    mark.touch()  # what a writer killed in the middle leaves with them
    lake.run_extractor("r", Rows([("b", 2)]), ".")
    assert not (version_dir / "dead.new.tmp").exists() and not (version_dir / "dead.parquet").exists()
    assert not mark.exists() and read(lake) == [("b", 2)]


def _read_snapshot(lake: Lake, repo: str) -> tuple[int, int]:
    """Read both tables of the current snapshot the way the catalog does; return (generations, rows)."""
    files = table_variables(lake, [repo])
    con = duckdb.connect()
    query = ("SELECT count(DISTINCT gen), count(*) FROM (SELECT gen FROM read_parquet(?, union_by_name=true) "
             "UNION ALL SELECT gen FROM read_parquet(?, union_by_name=true))")
    return con.execute(query, [files["alpha"], files["beta"]]).fetchone()


def test_sigkilled_writers_never_tear_a_snapshot_while_readers_loop(lake):
    spawn = lambda: subprocess.Popen([sys.executable, str(WRITER), str(lake.root), "r", "snapshot", "1"])  # noqa
    assert spawn().wait() == 0  # one complete snapshot to start from
    errors, reads, stop = [], [0], threading.Event()

    def reader():
        while not stop.is_set():
            try:
                generations, rows = _read_snapshot(Lake(lake.root), "r")
                assert (generations, rows) == (1, 600_000), (generations, rows)
                reads[0] += 1
            except Exception as exc:  # any failure of a reader is the bug this test exists for
                errors.append(repr(exc))

    thread = threading.Thread(target=reader)
    thread.start()
    rng = random.Random(7)
    try:
        for _ in range(12):
            proc = subprocess.Popen([sys.executable, str(WRITER), str(lake.root), "r", "snapshot"])
            time.sleep(rng.uniform(0.3, 1.5))
            proc.send_signal(signal.SIGKILL)
            proc.wait()
    finally:
        stop.set()
        thread.join()
    assert errors == []
    assert reads[0] > 10
    assert spawn().wait() == 0
    leftovers = [p for p in lake.root.rglob("*") if p.name.endswith("tmp") or ".tmp-" in p.name]
    assert leftovers == []


def test_two_writers_on_one_repository_are_serialized_without_lost_updates(lake):
    procs = [subprocess.Popen([sys.executable, str(WRITER), str(lake.root), "r", "append", "15"]) for _ in range(2)]
    assert [p.wait() for p in procs] == [0, 0]
    counter = lake.read_table("r", "counter")
    runs = [(gen // 1_000_000, gen % 1_000_000) for gen in counter.column("gen").to_pylist()]  # (writer pid, run)
    assert len(runs) == 30 and len(set(runs)) == 30, f"lost or repeated runs: {sorted(runs)}"
    assert all(sorted(n for pid, n in runs if pid == writer) == list(range(15)) for writer in {p for p, _ in runs})


_POOL_PROBE = """
import os, sys
if sys.argv[1] == "imported":
    import pyarrow
from pipeline.allocator import use_lake_allocator
use_lake_allocator(one_shot=sys.argv[3:] == ["one_shot"])
import pyarrow as pa
import pyarrow.parquet as pq
table = pa.table({"x": list(range(50_000))})
pq.write_table(table, sys.argv[2])  # Arrow's C++ code allocates here, on the pool the variable names
print(pa.default_memory_pool().backend_name, os.environ["ARROW_DEFAULT_MEMORY_POOL"])
"""


@pytest.mark.parametrize("when", ["first", "imported"])
def test_lake_processes_use_jemalloc_or_the_system_allocator_not_pyarrows_default(tmp_path, when):
    """pyarrow's default pool (mimalloc) made a full index slower with twice the system time; the pool is named for
    Arrow's C++ code before pyarrow loads, and for its Python calls when pyarrow was loaded already."""
    try:
        pa.jemalloc_memory_pool()
        expected = "jemalloc"
    except NotImplementedError:
        expected = "system"
    env = {k: v for k, v in os.environ.items() if k != "ARROW_DEFAULT_MEMORY_POOL"}
    out = subprocess.run([sys.executable, "-c", _POOL_PROBE, when, str(tmp_path / "t.parquet")], env=env,
                         capture_output=True, text=True, check=True, cwd=Path(__file__).parent.parent)
    assert out.stdout.split() == [expected, expected]
    assert not out.stderr
    chosen = subprocess.run([sys.executable, "-c", _POOL_PROBE, when, str(tmp_path / "u.parquet")],
                            env={**env, "ARROW_DEFAULT_MEMORY_POOL": "system"}, capture_output=True, text=True,
                            check=True, cwd=Path(__file__).parent.parent)
    assert chosen.stdout.split() == ["system", "system"]  # the user's choice is kept


def test_a_one_shot_update_uses_the_system_allocator_unless_the_user_names_one(tmp_path):
    """A short ``codelake update`` peaked ~10 MiB higher on jemalloc's arenas at the same speed."""
    env = {k: v for k, v in os.environ.items() if k != "ARROW_DEFAULT_MEMORY_POOL"}
    runs = [subprocess.run([sys.executable, "-c", _POOL_PROBE, "first", str(tmp_path / f"{i}.parquet"), "one_shot"],
                           env=extra, capture_output=True, text=True, check=True, cwd=Path(__file__).parent.parent)
            for i, extra in enumerate([env, {**env, "ARROW_DEFAULT_MEMORY_POOL": "mimalloc"}])]
    assert runs[0].stdout.split() == ["system", "system"]
    assert runs[1].stdout.split() == ["mimalloc", "mimalloc"]
