"""A damaged lake costs only what is damaged: a truncated shard, a stray file, a bad marker, a read-only or full disk
each give one line naming the cause; only the damaged repository's table is affected; ``index --full`` rebuilds it;
``codelake status`` flags it and ``codelake check`` names every damaged file."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import git

SOURCES = {
    "alpha": {"a/core.py": "def load():\n    return 1\n\n\ndef save():\n    return load()\n",
              "a/app.py": "from a.core import save\n\n\ndef main():\n    return save()\n"},
    "beta": {"b/util.py": "def helper():\n    return 2\n\n\ndef use():\n    return helper()\n"},
}


def codelake(lake, *args, cwd=None):
    env = {**os.environ, "CODELAKE_LAKE": str(lake), "CODELAKE_DUCKDB_REFRESH": "sync"}
    return subprocess.run([sys.executable, "-m", "pipeline.cli.main", *args], capture_output=True, text=True, env=env,
                          cwd=cwd)


def one_line_error(out) -> str:
    assert out.returncode == 1 and "Traceback" not in out.stderr and "internal error" not in out.stderr, out.stderr
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("codelake: error: "), out.stderr
    return lines[0]


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("damage")
    lake = tmp / "lake"
    for repo, files in SOURCES.items():
        root = tmp / repo
        for rel, text in files.items():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(text)
        git(tmp, "init", "-q", "-b", "main", str(root))
        git(root, "add", "-A")
        git(root, "commit", "-qm", "init")
        out = codelake(lake, "index", str(root), "--repo", repo, "--extractors", "structure")
        assert out.returncode == 0, out.stderr
    return tmp


@pytest.fixture
def world(pristine, tmp_path):
    """A copy of the indexed lake and its repositories (hard links inside the lake kept)."""
    subprocess.run(["cp", "-a", f"{pristine}/.", str(tmp_path)], check=True)
    for repo in SOURCES:  # the copies are the repositories the snapshots name
        manifest = tmp_path / "lake" / "_snapshots" / f"{repo}.json"
        data = json.loads(manifest.read_text())
        data["info"]["root"] = str(tmp_path / repo)
        manifest.write_text(json.dumps(data))
    return tmp_path


def shard(lake: Path, table: str, repo: str) -> Path:
    snap = json.loads((lake / "_snapshots" / f"{repo}.json").read_text())
    return lake / snap["tables"][table]["shards"][0]["file"]


def truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])  # in place: the current link in the table folder is damaged too


def counts(lake, table: str) -> dict:
    out = codelake(lake, "sql", f"SELECT repo, count(*) AS n FROM {table} GROUP BY repo", "--format", "json")
    assert out.returncode == 0, out.stderr
    return {r["repo"]: r["n"] for r in json.loads(out.stdout)}, out.stderr


def test_a_truncated_shard_costs_only_its_repository_and_table(world):
    lake = world / "lake"
    before, _ = counts(lake, "symbols")
    damaged = shard(lake, "symbols", "alpha")
    truncate(damaged)
    after, warning = counts(lake, "symbols")
    assert after == {"beta": before["beta"]}  # alpha's symbols left out, beta's whole
    assert str(damaged.relative_to(lake)) in warning and "'alpha'" in warning and "'symbols'" in warning
    edges, _ = counts(lake, "edges")
    assert set(edges) == {"alpha", "beta"}  # alpha's other tables are untouched
    status = json.loads(codelake(lake, "status", "--format", "json").stdout)
    assert {r["repo"]: r["damaged"] for r in status} == {"alpha": "symbols", "beta": None}


def test_check_names_every_damaged_file_and_a_full_index_rebuilds_it(world):
    lake = world / "lake"
    assert codelake(lake, "check").returncode == 0
    damaged = shard(lake, "symbols", "alpha")
    truncate(damaged)
    out = codelake(lake, "check", "--format", "json")
    assert out.returncode == 1
    found = json.loads(out.stdout)
    assert [(p["repo"], p["table"], p["file"]) for p in found if p["file"].startswith("_versions")] == [
        ("alpha", "symbols", str(damaged.relative_to(lake)))]
    line = one_line_error(codelake(lake, "index", str(world / "alpha"), "--repo", "alpha", "--extractors",
                                   "structure"))
    (world / "alpha" / "a" / "core.py").write_text(SOURCES["alpha"]["a/core.py"] + "\n\ndef more():\n    pass\n")
    line = one_line_error(codelake(lake, "update", str(world / "alpha"), "a/core.py", "--repo", "alpha"))
    assert str(damaged.relative_to(lake)) in line and "index --full" in line
    out = codelake(lake, "index", str(world / "alpha"), "--repo", "alpha", "--extractors", "structure", "--full")
    assert out.returncode == 0, out.stderr
    assert codelake(lake, "check").returncode == 0
    symbols, warning = counts(lake, "symbols")
    assert symbols["alpha"] >= 6 and warning == ""


def test_a_lake_copied_without_its_hard_links_checks_clean(world, tmp_path):
    copy = tmp_path / "copied"
    subprocess.run(["cp", "-r", str(world / "lake"), str(copy)], check=True)  # a backup, a move to another disk
    current = copy / "symbols" / "alpha" / "part-000.parquet"
    assert current.stat().st_nlink == 1  # a copy of its version now, not a link to it
    assert codelake(copy, "check").returncode == 0, codelake(copy, "check").stdout
    current.write_bytes(shard(world / "lake", "symbols", "beta").read_bytes())  # another shard's bytes
    problems = json.loads(codelake(copy, "check", "--format", "json").stdout)
    assert [(p["file"], p["problem"]) for p in problems] == [(str(current.relative_to(copy)),
                                                             "not the snapshot's current shard")]


def test_a_stray_copy_in_the_schemas_folder_or_a_table_folder_is_ignored_and_reported(world):
    lake = world / "lake"
    before, _ = counts(lake, "files")
    (lake / "_schemas" / "files (copy).parquet").write_bytes((lake / "_schemas" / "files.parquet").read_bytes())
    stray = lake / "files" / "beta" / "part-000 (copy).parquet"
    stray.write_bytes(shard(lake, "files", "beta").read_bytes())
    assert counts(lake, "files") == (before, "")  # the views read the snapshots, not the folders
    problems = json.loads(codelake(lake, "check", "--format", "json").stdout)
    assert {p["file"] for p in problems} == {"_schemas/files (copy).parquet", "files/beta/part-000 (copy).parquet"}
    (world / "beta" / "b" / "util.py").write_text(SOURCES["beta"]["b/util.py"] + "\n")
    assert codelake(lake, "update", str(world / "beta"), "b/util.py", "--repo", "beta").returncode == 0
    assert not stray.exists()  # a writer of the repository cleans its folders: engines read exact rows again


def test_a_damaged_schema_file_does_not_hide_the_table(world):
    lake = world / "lake"
    before, _ = counts(lake, "symbols")
    truncate(lake / "_schemas" / "symbols.parquet")
    after, warning = counts(lake, "symbols")
    assert after == before and "_schemas/symbols.parquet" in warning


@pytest.mark.parametrize("marker, says", [
    ({"schema_version": "2"}, "not a positive integer"),
    ({"schema_version": 2.5}, "not a positive integer"),
    ({"schema_version": 99}, "upgrade codelake"),
    ("{not json", "unreadable lake marker"),
])
def test_a_bad_lake_marker_is_one_line(world, marker, says):
    lake = world / "lake"
    (lake / "_lake.json").write_text(marker if isinstance(marker, str) else json.dumps(marker))
    for args in (("status",), ("update", str(world / "beta"), "b/util.py", "--repo", "beta")):
        line = one_line_error(codelake(lake, *args))
        assert says in line and "_lake" in line or "lake schema version" in line


def test_a_damaged_snapshot_manifest_is_one_line_naming_it(world):
    lake = world / "lake"
    (lake / "_snapshots" / "beta.json").write_text('{"tables": ')
    line = one_line_error(codelake(lake, "status"))
    assert "_snapshots/beta.json" in line and "codelake drop beta" in line


@pytest.fixture
def mounted(tmp_path):
    """A real small filesystem (tmpfs) to fill up or make read-only; needs the privilege to mount."""
    point = tmp_path / "fs"
    point.mkdir()
    mounted = []

    def mount(options: str) -> Path:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(point)], capture_output=True)
        if done.returncode != 0:
            pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
        mounted.append(point)
        return point

    yield mount
    for p in mounted:
        subprocess.run(["umount", "-l", str(p)], capture_output=True)


def test_a_full_disk_is_one_line_and_keeps_the_previous_snapshot(world, mounted):
    fs = mounted("size=4m")
    subprocess.run(["cp", "-a", str(world / "lake"), str(fs / "lake")], check=True)
    filler = fs / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:  # fill it: the next files a run writes do not fit
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError as exc:
        assert exc.errno == errno.ENOSPC
    finally:
        os.close(fd)
    before, _ = counts(fs / "lake", "symbols")
    line = one_line_error(codelake(fs / "lake", "index", str(world / "alpha"), "--repo", "alpha", "--extractors",
                                   "structure", "--full"))
    assert "the disk is full" in line and str(fs / "lake") in line
    filler.unlink()
    assert counts(fs / "lake", "symbols")[0] == before


def test_a_read_only_lake_is_one_line_for_writers_and_readable(world, mounted):
    fs = mounted("size=16m")
    subprocess.run(["cp", "-a", str(world / "lake"), str(fs / "lake")], check=True)
    subprocess.run(["mount", "-o", "remount,ro", str(fs)], check=True)
    line = one_line_error(codelake(fs / "lake", "update", str(world / "beta"), "b/util.py", "--repo", "beta"))
    assert "the filesystem is read-only" in line
    assert counts(fs / "lake", "symbols")[0] == counts(world / "lake", "symbols")[0]


def test_lake_write_errors_become_one_line_in_process(tmp_path, monkeypatch):
    """Where mounting is not allowed, the same translation checked by failing the rename that publishes a shard
    (an injected OSError: the only stand-in here, because a real full disk needs a mount)."""
    from pipeline import fsio
    from pipeline.errors import LakeError
    from pipeline.lake import Lake
    from test_lake import Rows

    lake = Lake(tmp_path / "lake")
    lake.run_extractor("r", Rows([("a", 1)]), ".")

    def full(tmp, final, sync_dir=True):
        raise OSError(errno.ENOSPC, "No space left on device", str(final))

    monkeypatch.setattr("pipeline.shards.finalize", full)
    with pytest.raises(LakeError, match="the disk is full"):
        lake.run_extractor("r", Rows([("b", 2)]), ".")
    assert fsio.os_error_message(PermissionError(errno.EACCES, "denied", "/x"), Path("/l")).endswith(
        "permission denied (/x)")
    assert sorted(lake.read_table("r", "t").column("path").to_pylist()) == ["a"]
