"""The post-edit path: an update writes only what the edit changed (the shards holding the file, its own edges, the
same sids), refuses bad input in one line, queues behind a long writer; and an older lake migrates in a writer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from conftest import index_structure
from pipeline import indexing
from pipeline.errors import CodelakeError
from pipeline.lake import Lake

MODULES = {f"pkg/m{i}.py": f"from pkg.m{(i + 1) % 12} import f{(i + 1) % 12}\n\n\ndef f{i}():\n    return f{(i + 1) % 12}()"
           f"\n\n\nclass C{i}:\n    def run(self):\n        return f{i}()\n" for i in range(12)}


def cli(lake, *args):
    env = {**os.environ, "CODELAKE_LAKE": str(lake.root)}
    return subprocess.run([sys.executable, "-m", "pipeline.cli.main", *args], capture_output=True, text=True, env=env)


@pytest.fixture
def sharded(lake, make_repo, monkeypatch):
    monkeypatch.setattr("pipeline.shards.SHARD_ROWS", 6)  # a dozen files spread over several shards
    monkeypatch.setattr("extractors.structure.StructureExtractor.shard_rows", {})  # every table at that size
    root = make_repo(files={"pkg/__init__.py": "", **MODULES})
    index_structure(lake, root)
    return lake, root


def shard_files(lake: Lake) -> dict[str, list[str]]:
    snap = lake.snapshot("repo")
    return {t: snap.files(t) for t in ("files", "symbols", "refs", "edges")}


def test_a_body_edit_rewrites_only_the_shards_holding_the_file(sharded):
    lake, root = sharded
    before, sids = shard_files(lake), _sids(lake)
    edges_before = _edges(lake)
    (root / "pkg/m3.py").write_text(MODULES["pkg/m3.py"].replace("return f4()", "x = 1\n    return f4()"))
    indexing.update(root, ["pkg/m3.py"], repo="repo", lake=lake)
    after = shard_files(lake)
    for table in before:
        assert len(before[table]) == len(after[table]) > 1, table
        rewritten = [a for a, b in zip(after[table], before[table]) if a != b]
        assert len(rewritten) == 1, (table, rewritten)  # the one shard holding pkg/m3.py
    assert _sids(lake) == sids  # no definition moved: every sid kept
    changed = {e for e in _edges(lake) ^ edges_before}
    assert changed and {e[0].split("::")[0] for e in changed} == {"pkg/m3.py"}  # only its own edges (lines moved)


def test_a_renamed_definition_reaches_its_callers_and_keeps_other_sids(sharded):
    lake, root = sharded
    sids = _sids(lake)
    (root / "pkg/m5.py").write_text(MODULES["pkg/m5.py"].replace("def f5()", "def g5()").replace("return f5()",
                                                                                                 "return g5()"))
    indexing.update(root, ["pkg/m5.py"], repo="repo", lake=lake)
    now = _sids(lake)
    assert "pkg/m5.py::f5" not in now and now["pkg/m5.py::g5"] >= len(sids)  # a new number, never a reused one
    assert {k: v for k, v in now.items() if k != "pkg/m5.py::g5"} == {k: v for k, v in sids.items() if k != "pkg/m5.py::f5"}
    calls = {(e[0], e[1]) for e in _edges(lake) if e[0].startswith("pkg/m4.py")}
    assert ("pkg/m4.py::f4", None) in calls  # m4 called f5, which is gone: unresolved now
    full = Lake(lake.root.parent / "full")
    index_structure(full, root)
    assert _edge_rows(full) == _edge_rows(lake)
    symbols = lake.read_table("repo", "symbols").to_pydict()
    edges = lake.read_table("repo", "edges").to_pydict()
    by_sid = dict(zip(symbols["sid"], symbols["id"]))
    for src, dst, src_sid, dst_sid in zip(edges["src_id"], edges["dst_id"], edges["src_sid"], edges["dst_sid"]):
        assert by_sid.get(src_sid) == src and (dst is None or by_sid.get(dst_sid) == dst)


def _sids(lake) -> dict[str, int]:
    t = lake.read_table("repo", "symbols")
    return dict(zip(t.column("id").to_pylist(), t.column("sid").to_pylist()))


def _edges(lake) -> set[tuple]:
    t = lake.read_table("repo", "edges").select(["src_id", "dst_id", "kind", "line", "resolution"])
    return set(zip(*t.to_pydict().values()))


def _edge_rows(lake) -> list:
    t = lake.read_table("repo", "edges").select(["src_id", "dst_id", "dst_name", "kind", "path", "line",
                                                 "resolution", "confidence"])
    return sorted(map(tuple, zip(*t.to_pydict().values())), key=repr)


@pytest.mark.parametrize("make, says", [
    (lambda root: "pkg", "is a folder"),
    (lambda root: "/etc/hostname", "not inside the repository"),
    (lambda root: (root / "pkg/blob.py").write_bytes(b"\x00\x01binary") and "pkg/blob.py", "a binary file"),
    (lambda root: os.mkfifo(root / "pkg/pipe.py") or "pkg/pipe.py", "not a regular file"),
    (lambda root: (root / "NOTES.md").write_text("# notes\n") and "NOTES.md", "not a source file"),
    (lambda root: os.symlink("/etc/hostname", root / "pkg/link.py") or "pkg/link.py", "outside the repository"),
    (lambda root: (root / "pkg/big.py").write_text("x = 1\n" * 400_000) and "pkg/big.py", "over the"),
    (lambda root: "pkg/never_there.py", "no such file"),
    (lambda root: (root / "pkg/bad\udcff.py").write_text("x = 1\n") and "pkg/bad\udcff.py", "not UTF-8"),
])
def test_bad_update_input_is_one_line_and_changes_nothing(sharded, make, says):
    lake, root = sharded
    target = make(root)
    snapshot = lake.snapshot("repo").snapshot
    out = cli(lake, "update", str(root), target, "--repo", "repo")
    assert out.returncode == 1 and out.stderr.count("\n") == 1 and says in out.stderr, out.stderr
    assert lake.snapshot("repo").snapshot == snapshot


def test_a_link_inside_the_repository_is_recorded_as_a_full_run_records_it(sharded):
    lake, root = sharded
    os.symlink("m1.py", root / "pkg/alias.py")
    indexing.update(root, ["pkg/alias.py"], repo="repo", lake=lake, strict=True)
    files = lake.read_table("repo", "files", where=("path", ["pkg/alias.py"])).to_pylist()
    assert [(f["parse_status"], f["skip_reason"]) for f in files] == [("skipped", "symlink")]


def test_a_hooks_batch_records_a_file_grown_too_large_as_skipped_as_a_full_run_does(sharded):
    lake, root = sharded
    (root / "pkg/m4.py").write_text(MODULES["pkg/m4.py"] + "# padding\n" * 250_000)
    assert indexing.update(root, ["pkg/m4.py"], repo="repo", lake=lake).status == "ok"
    files = lake.read_table("repo", "files", where=("path", ["pkg/m4.py"])).to_pylist()
    assert files[0]["skip_reason"].startswith("too large") and "pkg/m4.py::f4" not in _sids(lake)


def test_a_file_git_ignores_is_no_part_of_the_repository_for_an_update_as_for_a_full_run(sharded):
    lake, root = sharded
    (root / ".gitignore").write_text("build/\n")
    (root / "build").mkdir()
    (root / "build/m1.py").write_text(MODULES["pkg/m1.py"])  # a build's copy: a full run never reads it
    snapshot = lake.snapshot("repo").snapshot
    out = cli(lake, "update", str(root), "build/m1.py", "--repo", "repo")
    assert out.returncode == 1 and out.stderr.count("\n") == 1 and "ignored by git" in out.stderr, out.stderr
    assert indexing.update(root, ["build/m1.py"], repo="repo", lake=lake).status == "skipped"  # a hook's batch
    assert lake.snapshot("repo").snapshot == snapshot
    (root / "pkg/m2.py").write_text(MODULES["pkg/m2.py"] + "\n")  # a tracked file an ignore rule names: still read
    (root / ".gitignore").write_text("build/\npkg/m2.py\n")
    assert indexing.update(root, ["pkg/m2.py"], repo="repo", lake=lake, strict=True).status == "ok"


def test_a_submodules_file_is_no_part_of_the_repository_for_an_update_as_for_a_full_run(sharded, make_repo):
    from conftest import git

    lake, root = sharded
    library = make_repo(files={"lib/util.py": "def helper():\n    return 1\n"})
    git(root, "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(library), "vendor/library")
    git(root, "commit", "-q", "-m", "a submodule")
    index_structure(lake, root)
    paths = lake.read_table("repo", "files", columns=["path"]).column("path").to_pylist()
    assert "pkg/m1.py" in paths and not [p for p in paths if p.startswith("vendor/")]  # a full run reads none
    snapshot = lake.snapshot("repo").snapshot
    out = cli(lake, "update", str(root), "vendor/library/lib/util.py", "--repo", "repo")
    assert out.returncode == 1 and out.stderr.count("\n") == 1, out.stderr
    assert "vendor/library/lib/util.py: inside vendor/library, a repository of its own" in out.stderr
    assert indexing.update(root, ["vendor/library/lib/util.py"], repo="repo", lake=lake).status == "skipped"
    assert lake.snapshot("repo").snapshot == snapshot


def test_a_hooks_batch_drops_a_path_that_is_gone_and_never_was_indexed(sharded):
    lake, root = sharded
    snapshot = lake.snapshot("repo").snapshot
    assert indexing.update(root, ["pkg/scratch.py"], repo="repo", lake=lake).status == "skipped"
    assert lake.snapshot("repo").snapshot == snapshot
    (root / "pkg/m7.py").unlink()  # gone, and the lake has it: its rows go
    assert indexing.update(root, ["pkg/m7.py"], repo="repo", lake=lake, strict=True).status == "ok"
    assert not [i for i in _sids(lake) if i.startswith("pkg/m7.py")]


def test_update_of_a_repository_never_indexed_says_what_to_run(lake, make_repo):
    root = make_repo(files={"a.py": "x = 1\n"})
    with pytest.raises(CodelakeError, match="not indexed .* run `codelake index"):
        indexing.update(root, ["a.py"], lake=lake)


HOLD_LOCK = """
import sys, time
from pipeline.lake import Lake
with Lake(sys.argv[1]).lock("repo"):
    print("locked", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def test_an_update_queues_behind_a_long_writer_which_applies_it(sharded):
    lake, root = sharded
    holder = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(lake.root), "30"], stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        (root / "pkg/m7.py").write_text(MODULES["pkg/m7.py"] + "\n\ndef queued():\n    return 1\n")
        started = time.monotonic()
        summary = indexing.update(root, ["pkg/m7.py"], repo="repo", lake=lake, wait=0.3)
        assert summary.status == "queued" and time.monotonic() - started < 5
    finally:
        holder.kill()
        holder.wait()
    assert "pkg/m7.py::queued" not in _sids(lake)
    assert _queued_files(lake) == 1  # its writer died: `status` says what waits for the next one
    index_structure(lake, root)  # the next writer (here: an index that finds nothing changed) applies it
    assert "pkg/m7.py::queued" in _sids(lake)
    assert not list((lake.root / "_pending" / "repo").glob("*.json"))
    assert _queued_files(lake) == 0


def _queued_files(lake) -> int:
    out = cli(lake, "status", "--format", "json")
    assert out.returncode == 0, out.stderr
    return {row["repo"]: row for row in json.loads(out.stdout)}["repo"]["queued_files"]


SCHEMA = pa.schema([("repo", pa.string()), ("path", pa.string()), ("v", pa.int64())])


def _v1_lake(root):
    """A lake as schema version 1 wrote it: versions inside ``<table>/repo=<repo>/_v/``, a ``data.parquet`` link."""
    version = root / "t" / "repo=r" / "_v" / "run1.parquet"
    version.parent.mkdir(parents=True)
    pq.write_table(pa.table({"repo": ["r", "r"], "path": ["a", "b"], "v": [1, 2]}, schema=SCHEMA), version)
    os.link(version, version.parent.parent / "data.parquet")
    (root / "_schemas").mkdir()
    pq.write_table(SCHEMA.empty_table(), root / "_schemas" / "t.parquet")
    (root / "_snapshots").mkdir()
    manifest = {"schema_version": 1, "repo": "r", "snapshot": "s1", "tables": {"t": {"file": "t/repo=r/_v/run1.parquet",
                                                                                     "run_id": "run1"}},
                "cursors": {}, "retired": [], "info": {}}
    (root / "_snapshots" / "r.json").write_text(json.dumps(manifest))
    (root / "_lake.json").write_text(json.dumps({"format": "codelake-lake", "schema_version": 1}))


class Keyed:
    name, version = "keyed", "1"
    tables = {"t": SCHEMA}
    shard_by = {"t": "path"}

    def run(self, ctx, cursor):
        from pipeline.extractor import Batch, Replace

        yield Replace("t", "path", ["b", "c"])
        yield Batch("t", pa.table({"path": ["b", "c"], "v": [20, 30]}))
        return cursor


def test_an_old_lake_is_read_as_it_is_and_migrated_only_by_a_writer(tmp_path):
    from pipeline.catalog import connect

    _v1_lake(tmp_path / "lake")
    reader = Lake(tmp_path / "lake")
    assert connect(reader).rows("SELECT path, v FROM read_parquet(lake_t()) ORDER BY path")[1] == [("a", 1), ("b", 2)]
    assert json.loads((tmp_path / "lake" / "_lake.json").read_text())["schema_version"] == 1  # a read changed nothing
    assert (tmp_path / "lake" / "t" / "repo=r" / "data.parquet").exists()
    Lake(tmp_path / "lake").run_extractor("r", Keyed(), ".")
    assert json.loads((tmp_path / "lake" / "_lake.json").read_text())["schema_version"] == 2
    assert not list((tmp_path / "lake").glob("*/repo=*"))
    rows = sorted(zip(*reader.read_table("r", "t").select(["path", "v"]).to_pydict().values()))
    assert rows == [("a", 1), ("b", 20), ("c", 30)]
    assert reader.snapshot("r").tables["t"]["shard_by"] == "path"


def test_a_hooks_batch_skips_what_cannot_be_updated_and_updates_the_rest(sharded):
    lake, root = sharded
    (root / "NOTES.md").write_text("# notes\n")
    (root / "pkg/m2.py").write_text(MODULES["pkg/m2.py"] + "\n\ndef batch():\n    return 1\n")
    summary = indexing.update(root, ["NOTES.md", "pkg", "pkg/m2.py"], repo="repo", lake=lake)
    assert summary.status == "ok" and "pkg/m2.py::batch" in _sids(lake)
    assert indexing.update(root, ["NOTES.md"], repo="repo", lake=lake).status == "skipped"
