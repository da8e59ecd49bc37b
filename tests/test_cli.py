"""The ``codelake`` command as a user runs it: a real process, a real repository, a real lake."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys

import pytest

from conftest import git

FILES = {
    "pkg/__init__.py": "",
    "pkg/core.py": "def load():\n    return 1\n\n\nclass Store:\n    def load(self):\n        return load()\n",
    "pkg/app.py": "from pkg.core import Store\n\n\ndef main():\n    return Store().load()\n",
}


def codelake(lake, *args, stdin=None, cwd=None):
    env = {**os.environ, "CODELAKE_LAKE": str(lake)}
    return subprocess.run([sys.executable, "-m", "pipeline.cli.main", *args], capture_output=True, text=True,
                          env=env, input=stdin, cwd=cwd)


@pytest.fixture
def indexed(tmp_path, make_repo):
    root = make_repo(files=FILES)
    lake = tmp_path / "lake"
    out = codelake(lake, "index", str(root), "--repo", "demo", "--extractors", "structure")
    assert out.returncode == 0, out.stderr
    return lake, root


def test_index_then_status_reports_counts_and_freshness(indexed):
    lake, root = indexed
    status = json.loads(codelake(lake, "status", "--format", "json").stdout)
    assert status[0]["repo"] == "demo" and status[0]["files"] == 3 and status[0]["behind_head"] == 0
    assert status[0]["symbols"] == 3 + 4  # three modules, load, Store, Store.load, main
    (root / "pkg/core.py").write_text(FILES["pkg/core.py"] + "\n")
    git(root, "commit", "-qam", "touch")
    status = json.loads(codelake(lake, "status", "--format", "json").stdout)
    assert status[0]["behind_head"] == 1


def test_callers_and_blast_radius_by_name_id_and_file(indexed):
    lake, _ = indexed
    out = codelake(lake, "callers", "pkg/core.py::Store.load", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    assert [r["caller_id"] for r in rows] == ["pkg/app.py::main"]
    out = codelake(lake, "blast-radius", "pkg/core.py", "--format", "json")
    ids = {r["id"] for r in json.loads(out.stdout)}
    assert {"pkg/app.py::main", "pkg/app.py::<module>"} <= ids
    assert "depend on pkg/core.py" in out.stderr


def test_an_ambiguous_name_lists_the_choices_on_one_line(indexed):
    lake, _ = indexed
    out = codelake(lake, "blast-radius", "load")
    assert out.returncode == 1
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert "pkg/core.py::load" in out.stderr and "pkg/core.py::Store.load" in out.stderr


@pytest.mark.parametrize("args, message", [
    (("callers", "nowhere"), "no symbol or file named 'nowhere'"),
    (("index", ".", "--repo", "../evil"), "invalid repository id '../evil'"),
    (("sql", "SELECT * FROM no_such_table"), "no_such_table"),
    (("update", "/nonexistent-dir", "x.py"), "not a directory"),
])
def test_errors_are_one_clear_line_without_traceback(indexed, args, message):
    lake, _ = indexed
    out = codelake(lake, *args)
    assert out.returncode == 1
    assert message in out.stderr and "Traceback" not in out.stderr
    assert out.stderr.startswith("codelake: error:")


def test_sql_runs_a_query_or_reads_statements_interactively(indexed):
    lake, _ = indexed
    out = codelake(lake, "sql", "SELECT count(*) AS n FROM symbols WHERE kind = 'method'", "--format", "json")
    assert json.loads(out.stdout) == [{"n": 1}]
    out = codelake(lake, "sql", stdin="SELECT name\nFROM symbols WHERE kind = 'class';\n")
    assert "Store" in out.stdout and out.returncode == 0


def test_update_reindexes_a_file_after_an_edit(indexed):
    lake, root = indexed
    (root / "pkg/app.py").write_text("from pkg.core import load\n\n\ndef main():\n    return load()\n")
    out = codelake(lake, "update", str(root), "pkg/app.py", "--repo", "demo")
    assert out.returncode == 0, out.stderr
    out = codelake(lake, "callers", "pkg/core.py::load", "--format", "json")
    assert "pkg/app.py::main" in {r["caller_id"] for r in json.loads(out.stdout)}


def test_a_whole_process_update_keeps_numpy_and_pandas_out_and_still_prints_its_row(indexed):
    """The post-edit command imports neither (``pipeline.lean``), ends without tearing down (``os._exit`` after a
    flush: its row still reaches a pipe), and a walk index built in that process (sync) still gets numpy."""
    from pipeline import walkindex
    from pipeline.lake import Lake

    lake, root = indexed
    (root / "pkg/app.py").write_text("from pkg.core import load\n\n\ndef main():\n    return load()\n")
    env = {**os.environ, "CODELAKE_LAKE": str(lake), "CODELAKE_UPDATE_WORKER": "off", walkindex.MODE_ENV: "sync"}
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "pipeline.cli.main", "update", str(root),
                          "pkg/app.py", "--repo", "demo", "--format", "json"], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)[0]["status"] == "ok"
    imported = [line.split("|")[-1].strip() for line in out.stderr.splitlines() if line.startswith("import time:")]
    # a refused import still gets its line; a module imported for real brings its submodules
    assert not [n for n in imported if n.startswith("pandas.")]
    numpy_parts = [i for i, n in enumerate(imported) if n.startswith("numpy.")]
    assert numpy_parts and min(numpy_parts) > imported.index("duckdb")  # by the walk index's build, not by pyarrow
    assert "pyarrow.compute" not in imported and "pydoc" not in imported  # Arrow's kernels through pipeline.arrowops
    snap = Lake(lake).snapshot("demo")
    assert (walkindex.folder(lake, "demo") / walkindex.snapshot_key(snap)).is_dir()  # built, with numpy


def test_dead_code_and_search(indexed):
    lake, _ = indexed
    found = json.loads(codelake(lake, "search", "stor", "--format", "json").stdout)
    assert found[0]["id"] == "pkg/core.py::Store"
    dead = json.loads(codelake(lake, "dead-code", "--format", "json").stdout)
    assert dead == []  # main is an entry point, everything else is referenced


def test_extractors_lists_installed_plugins(tmp_path):
    out = codelake(tmp_path / "lake", "extractors", "--format", "json")
    names = {r["name"]: r for r in json.loads(out.stdout)}
    assert names["structure"]["tables"] == "edges, files, refs, symbols" and names["structure"]["status"] == "ok"


def test_every_command_is_documented_in_the_readme():
    from pathlib import Path

    from pipeline.cli.main import build_parser

    readme = (Path(__file__).parents[1] / "README.md").read_text()
    commands = build_parser()._subparsers._group_actions[0].choices
    missing = [name for name in commands if f"codelake {name}" not in readme]
    assert missing == []
    assert all(action.help for action in build_parser()._subparsers._group_actions[0]._choices_actions)


def test_a_damaged_lake_file_is_one_line_too(indexed):
    lake, _ = indexed
    for version in (lake / "_versions" / "demo").glob("symbols-*.parquet"):
        version.write_bytes(b"PAR1 this is not parquet")
    out = codelake(lake, "callers", "load")
    assert out.returncode == 1 and "Traceback" not in out.stderr
    lines = out.stderr.splitlines()  # a warning naming the damaged file, then the error
    assert len(lines) == 2 and all(line.startswith("codelake: ") for line in lines)
    assert "_versions/demo/symbols-" in lines[0] and "index --full" in lines[0]


def test_the_pydriller_backend_is_selectable(tmp_path, make_repo):
    root = make_repo(files=FILES)
    out = codelake(tmp_path / "lake", "index", str(root), "--extractors", "git", "--backend", "pydriller")
    assert out.returncode == 0, out.stderr
    status = json.loads(codelake(tmp_path / "lake", "sql", "SELECT count(*) AS n FROM commits", "--format",
                                 "json").stdout)
    assert status == [{"n": 1}]
    status = json.loads(codelake(tmp_path / "lake", "status", "--format", "json").stdout)
    assert status[0]["commits"] == 1 and status[0]["files"] is None  # a lake with history only still lists it


@pytest.mark.parametrize("args, hint", [
    (("callers", "x"), "run `codelake index PATH` first"),
    (("dead-code",), "run `codelake index PATH` first"),
    (("hotspots",), "no git history in the lake"),
    (("co-touch", "a.py"), "no agent tool calls in the lake"),
])
def test_an_empty_lake_says_what_to_run(tmp_path, args, hint):
    out = codelake(tmp_path / "empty", *args)
    assert out.returncode == 1 and hint in out.stderr and "Traceback" not in out.stderr
