"""Where the lake lives (--lake, CODELAKE_LAKE, codelake.toml upward, the user's data folder), and dropping a
repository from it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import index_structure
from pipeline.errors import LakeError
from pipeline.location import find_lake, user_data_dir


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    monkeypatch.delenv("CODELAKE_LAKE", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    return monkeypatch


def test_the_rules_apply_in_order(clean_env, tmp_path):
    project = tmp_path / "project"
    deep = project / "src" / "pkg"
    deep.mkdir(parents=True)
    assert find_lake(cwd=deep) == tmp_path / "xdg" / "codelake" / "lake" == user_data_dir() / "lake"
    (project / "codelake.toml").write_text('lake = "var/lake"\n')
    assert find_lake(cwd=deep) == project / "var" / "lake"
    (project / "src" / "codelake.toml").write_text("# no lake key here: the search goes on upward\n")
    assert find_lake(cwd=deep) == project / "var" / "lake"
    clean_env.setenv("CODELAKE_LAKE", str(tmp_path / "env"))
    assert find_lake(cwd=deep) == tmp_path / "env"
    assert find_lake("explicit", cwd=deep) == Path("explicit").absolute()  # relative to the working folder, made absolute


def test_a_relative_xdg_data_home_is_ignored_as_the_spec_says(clean_env, tmp_path):
    if sys.platform in ("darwin", "win32"):
        pytest.skip("XDG_DATA_HOME is the Linux convention")
    clean_env.setenv("XDG_DATA_HOME", "relative/data")
    assert user_data_dir() == Path.home() / ".local" / "share" / "codelake"


@pytest.mark.parametrize("text, says", [('lake = 3\n', "must be a path string"), ("lake = [\n", "unreadable")])
def test_a_bad_codelake_toml_is_named(clean_env, tmp_path, text, says):
    (tmp_path / "codelake.toml").write_text(text)
    with pytest.raises(LakeError, match=says):
        find_lake(cwd=tmp_path)


def test_the_hook_side_import_stays_light():
    probe = "import sys, pipeline.location; print(sorted({'duckdb', 'pyarrow', 'prefect'} & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_status_finds_the_same_lake_from_any_folder_of_the_project(clean_env, tmp_path, make_repo):
    root = make_repo(files={"pkg/a.py": "def f():\n    return 1\n"})
    (root / "codelake.toml").write_text('lake = "../shared-lake"\n')
    env = {k: v for k, v in os.environ.items() if k != "CODELAKE_LAKE"}
    run = lambda *args, cwd: subprocess.run([sys.executable, "-m", "pipeline.cli.main", *args, "--format", "json"],  # noqa
                                            capture_output=True, text=True, cwd=cwd, env=env)
    assert run("index", ".", "--extractors", "structure", cwd=root).returncode == 0
    for cwd in (root, root / "pkg"):
        status = json.loads(run("status", cwd=cwd).stdout)
        assert [r["repo"] for r in status] == ["repo"] and status[0]["symbols"] == 2
    where = json.loads(run("where", cwd=root / "pkg").stdout)[0]
    assert where["lake"] == str(tmp_path / "shared-lake") and "codelake.toml" in where["found_by"]


def test_drop_removes_a_repository_and_nothing_else(tmp_path, make_repo, lake):
    from pipeline.catalog import connect

    for name in ("one", "two"):
        index_structure(lake, make_repo(name=name, files={f"{name}.py": "def f():\n    return 1\n"}), repo=name)
    exports = lake.root / "_exports" / "one"
    exports.mkdir(parents=True)
    assert lake.drop("one") and not lake.drop("one")
    assert lake.repos() == ["two"] and not exports.exists()
    leftovers = [p for p in lake.root.rglob("*") if "one" in p.relative_to(lake.root).parts and "_locks" not in p.parts]
    assert leftovers == []
    assert connect(lake).rows("SELECT DISTINCT repo FROM symbols")[1] == [("two",)]


def test_drop_finishes_a_drop_that_was_killed_after_the_manifest_went(tmp_path, make_repo, lake):
    import pyarrow.dataset as ds

    for name in ("one", "two"):
        index_structure(lake, make_repo(name=name, files={f"{name}.py": "def f():\n    return 1\n"}), repo=name)
    (lake.root / "_snapshots" / "one.json").unlink()  # a drop killed here: its folders still hold its rows
    assert "one" in ds.dataset(lake.root / "symbols").to_table().column("repo").to_pylist()
    from pipeline.check import check

    problems = check(lake)
    assert problems and all("`codelake drop one`" in p.fix for p in problems)  # what finishes it
    assert lake.drop("one") and not lake.drop("one")
    assert set(ds.dataset(lake.root / "symbols").to_table().column("repo").to_pylist()) == {"two"}
    assert [p for p in lake.root.rglob("*") if "one" in p.relative_to(lake.root).parts and "_locks" not in p.parts] == []


def test_drop_removes_its_checkouts_kept_records_unless_another_repository_shares_the_checkout(tmp_path, make_repo,
                                                                                                 lake, monkeypatch):
    """An update keeps a Python file's records per top-level node in the lake (``_topnodes/<checkout>/``): dropping
    the last repository indexed from that checkout removes them, and nothing of another checkout's."""
    import time

    from test_update_top_nodes import _fresh_queries

    from extractors.structure import topnodes
    from pipeline import indexing

    roots = {name: make_repo(name=name, files={f"{name}.py": "def f():\n    return 1\n\n\ndef g():\n    return f()\n"})
             for name in ("one", "two")}
    for repo, root in (("one", roots["one"]), ("alias", roots["one"]), ("two", roots["two"])):
        indexing.index(root, repo=repo, lake=lake, extractors=["structure"])
    folders = {name: topnodes.store_folder(lake.root, root) for name, root in roots.items()}
    for name, root in roots.items():
        (root / f"{name}.py").write_text("def f():\n    return 2\n\n\ndef g():\n    return f()\n")
        _fresh_queries(monkeypatch)  # a new process's: the update's child parses, and keeps the file's records
        indexing.update(root, [f"{name}.py"], repo=name, lake=lake, ahead=True)
    deadline = time.monotonic() + 30  # the child writes them after its answer, on its own
    while not all(list(f.glob("*.records")) for f in folders.values()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert all(list(f.glob("*.records")) for f in folders.values()), folders
    assert lake.drop("one") and folders["one"].is_dir()  # `alias` is still indexed from that checkout
    assert lake.drop("alias") and not folders["one"].exists()
    assert list(folders["two"].glob("*.records")) and lake.repos() == ["two"]
