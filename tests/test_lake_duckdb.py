"""The lake's views outside codelake: a DuckDB database file any client opens, kept fresh by every writing run; and a
long-lived catalog that picks up newer snapshots (``refresh``) without ever mixing two."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest

from conftest import index_structure
from pipeline import indexing
from pipeline.catalog import connect
from pipeline.lake import Lake

FILES = {
    "pkg/__init__.py": "",
    "pkg/core.py": "def load():\n    return 1\n\n\ndef save():\n    return load()\n",
    "pkg/app.py": "from pkg.core import save\n\n\ndef main():\n    return save()\n",
}
WRITER = Path(__file__).parent / "lake_writer.py"

PLAIN_CLIENT = """
import json, sys, duckdb
con = duckdb.connect(sys.argv[1], read_only=True)
out = {
    "blast": con.sql("SELECT id FROM blast_radius('pkg/core.py::load') ORDER BY id").fetchall(),
    "callers": con.sql("SELECT caller_id FROM callers WHERE symbol_id = 'pkg/core.py::save' ORDER BY 1").fetchall(),
    "symbols": con.execute("SELECT count(*) FROM symbols").fetchall()[0][0],
    "snapshots": con.sql("SELECT repo, snapshot FROM codelake_snapshots").fetchall(),
    "codelake_loaded": any(m == "pipeline" or m.startswith("pipeline.") for m in sys.modules),
}
print(json.dumps(out))
"""


def plain_client(path: Path) -> dict:
    out = subprocess.run([sys.executable, "-c", PLAIN_CLIENT, str(path)], capture_output=True, text=True, cwd="/")
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.fixture
def indexed(lake, make_repo, monkeypatch):
    monkeypatch.setenv("CODELAKE_DUCKDB_REFRESH", "sync")
    root = make_repo(files=FILES)
    index_structure(lake, root)
    return lake, root


def test_a_plain_duckdb_client_answers_from_the_database_file(indexed, tmp_path):
    from pipeline.databases import register

    lake, _ = indexed
    result = register(lake, tmp_path / "out" / "lake.duckdb")
    got = plain_client(tmp_path / "out" / "lake.duckdb")
    assert not got["codelake_loaded"]
    assert [r[0] for r in got["blast"]] == ["pkg/app.py::<module>", "pkg/app.py::main", "pkg/core.py::save"]
    assert got["callers"] == [["pkg/app.py::<module>"], ["pkg/app.py::main"]]  # the import, the call
    assert got["snapshots"] == [["repo", lake.snapshot("repo").snapshot]]
    assert {"callers", "blast_radius", "dead_code", "file_deps"} <= set(result["views"]) if isinstance(
        result["views"], list) else result["views"] > 10


def test_every_writing_run_refreshes_it_and_an_open_connection_keeps_its_snapshot(indexed, tmp_path):
    from pipeline.databases import register

    lake, root = indexed
    path = tmp_path / "lake.duckdb"
    register(lake, path)
    reader = duckdb.connect(str(path), read_only=True)  # a notebook left open
    before = reader.execute("SELECT count(*) FROM symbols").fetchall()[0][0]
    (root / "pkg/core.py").write_text(FILES["pkg/core.py"] + "\n\ndef extra():\n    return save()\n")
    indexing.update(root, ["pkg/core.py"], repo="repo", lake=lake)
    assert reader.execute("SELECT count(*) FROM symbols").fetchall()[0][0] == before  # its snapshot, whole, readable
    got = plain_client(path)
    assert got["symbols"] == before + 1 and got["snapshots"] == [["repo", lake.snapshot("repo").snapshot]]
    reader.close()
    lake.drop("repo")
    assert plain_client(path)["snapshots"] == []


def test_an_update_refreshes_it_in_the_background(indexed, tmp_path, monkeypatch):
    from pipeline.databases import register

    lake, root = indexed
    path = tmp_path / "lake.duckdb"
    register(lake, path)
    monkeypatch.delenv("CODELAKE_DUCKDB_REFRESH")
    (root / "pkg/app.py").write_text(FILES["pkg/app.py"] + "\n\ndef other():\n    return main()\n")
    indexing.update(root, ["pkg/app.py"], repo="repo", lake=lake)
    wanted = [["repo", lake.snapshot("repo").snapshot]]
    deadline = time.monotonic() + 30
    while plain_client(path)["snapshots"] != wanted:
        assert time.monotonic() < deadline, "the background refresh never landed"
        time.sleep(0.2)


def test_the_cli_writes_it_where_asked(indexed, tmp_path):
    lake, _ = indexed
    env = {**os.environ, "CODELAKE_LAKE": str(lake.root)}
    out = subprocess.run([sys.executable, "-m", "pipeline.cli.main", "duckdb", "--out", str(tmp_path / "x.duckdb")],
                         capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert "x.duckdb" in out.stderr and plain_client(tmp_path / "x.duckdb")["symbols"] == 6


def test_out_names_a_writable_file_and_never_overwrites_one_that_is_no_database(indexed, tmp_path):
    from pipeline.databases import register

    lake, root = indexed
    env = {**os.environ, "CODELAKE_LAKE": str(lake.root)}
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    for target, says in ((tmp_path, "is a folder"), (notes, "not a DuckDB database"),
                         (Path("/proc/x.duckdb"), "cannot write")):
        out = subprocess.run([sys.executable, "-m", "pipeline.cli.main", "duckdb", "--out", str(target)],
                             capture_output=True, text=True, env=env)
        assert out.returncode == 1 and out.stderr.count("\n") == 1 and says in out.stderr, out.stderr
    assert notes.read_text() == "my notes\n" and not (lake.root / "_databases.json").exists()
    mine = tmp_path / "mine.duckdb"
    register(lake, mine)
    mine.write_text("the user took the name back\n")  # a later writing run forgets it, never overwrites it
    (root / "pkg/core.py").write_text(FILES["pkg/core.py"] + "\n\ndef later():\n    return 2\n")
    indexing.update(root, ["pkg/core.py"], repo="repo", lake=lake)
    assert mine.read_text() == "the user took the name back\n"
    assert str(mine) not in json.loads((lake.root / "_databases.json").read_text())["databases"]


def test_refresh_picks_up_a_newer_snapshot_without_reconnecting(indexed):
    lake, root = indexed
    catalog = connect(lake)
    catalog.pin()
    count = lambda: catalog.rows("SELECT count(*) FROM symbols")[1][0][0]  # noqa: E731
    before = count()
    assert catalog.refresh() is False
    (root / "pkg/new.py").write_text("def fresh():\n    return 0\n")
    indexing.update(root, ["pkg/new.py"], repo="repo", lake=lake)
    assert count() == before  # pinned: the snapshot it holds
    assert catalog.refresh() is True and count() == before + 2


def test_a_long_lived_catalog_reads_on_after_its_versions_expire(indexed, monkeypatch):
    lake, root = indexed
    catalog = connect(lake)
    monkeypatch.setenv("CODELAKE_RETAIN_SECONDS", "0")
    for n in range(2):  # the versions the catalog names are superseded, then deleted
        (root / "pkg/core.py").write_text(FILES["pkg/core.py"] + f"\n\ndef more{n}():\n    return 1\n")
        indexing.update(root, ["pkg/core.py"], repo="repo", lake=lake)
    assert catalog.rows("SELECT count(*) FROM symbols WHERE name LIKE 'more%'")[1] == [(1,)]


def test_refresh_never_shows_a_mixed_snapshot_while_writers_run(lake):
    """A writer process rewrites two tables again and again, every row of one run carrying its generation; a
    catalog refreshing in a loop must always see one generation in both."""
    assert subprocess.run([sys.executable, str(WRITER), str(lake.root), "r", "snapshot", "1"]).returncode == 0
    catalog = connect(Lake(lake.root))  # tables without views: read through their lake_<table>() macros
    writer = subprocess.Popen([sys.executable, str(WRITER), str(lake.root), "r", "snapshot", "6"])
    seen, errors = set(), []
    query = ("SELECT count(DISTINCT gen), min(gen) FROM (SELECT gen FROM read_parquet(lake_alpha()) "
             "UNION ALL SELECT gen FROM read_parquet(lake_beta()))")
    try:
        while writer.poll() is None:
            catalog.refresh()
            generations, gen = catalog.rows(query)[1][0]
            if generations != 1:
                errors.append(generations)
            seen.add(gen)
    finally:
        writer.wait()
    catalog.refresh()
    seen.add(catalog.rows(query)[1][0][1])
    assert errors == [] and len(seen) >= 3
