"""A lake on object storage: indexed, queried, updated, checked and raced on a local S3-compatible server (moto's,
started by the test: ``tests/s3_server.py``), through the same commands and API as a local lake."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest

from tests import s3_server
from tests.conftest import git

ROOT = Path(__file__).resolve().parents[1]

A_PY = "def helper(x):\n    return x + 1\n\n\ndef main():\n    return helper(2)\n"
B_PY = "from pkg.a import helper\n\n\ndef use():\n    return helper(3)\n"


@pytest.fixture(scope="module")
def s3_endpoint(tmp_path_factory):
    """moto's server on a free port, and the standard AWS variables pointing at it for this module's tests."""
    log = tmp_path_factory.mktemp("moto") / "moto.log"
    proc, url = s3_server.start(log)
    settings = {**s3_server.environment(url), "CODELAKE_CACHE": str(tmp_path_factory.mktemp("s3cache"))}
    saved = {k: os.environ.get(k) for k in settings}
    os.environ.update(settings)
    try:
        yield url
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def bucket(s3_endpoint):
    import boto3

    name = f"lake-{uuid.uuid4().hex[:10]}"
    boto3.client("s3").create_bucket(Bucket=name)
    return name


@pytest.fixture()
def repo_dir(tmp_path):
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "a.py").write_text(A_PY)
    (root / "pkg" / "b.py").write_text(B_PY)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "init")
    return root


@pytest.fixture()
def uri(bucket):
    return f"s3://{bucket}/lakes/{uuid.uuid4().hex[:8]}"


def cli(*args: str, env: dict | None = None, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-m", "pipeline.cli.main", *args], capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, **(env or {})}, timeout=300)
    if check:
        assert done.returncode == 0, done.stderr
    return done


def objects(bucket: str, prefix: str) -> dict[str, int]:
    import boto3

    pages = boto3.client("s3").get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix)
    return {o["Key"][len(prefix):].lstrip("/"): o["Size"] for p in pages for o in p.get("Contents", [])}


def prefix_of(uri: str) -> tuple[str, str]:
    bucket, _, prefix = uri[len("s3://"):].partition("/")
    return bucket, prefix


def callers_of(uri: str, target: str) -> list[str]:
    from pipeline.catalog import connect
    from pipeline.lake import Lake

    catalog = connect(Lake(uri), views=["callers"])
    return sorted(r[0] for r in catalog.rows("SELECT caller_id FROM callers WHERE symbol_id = ?", [target])[1])


def test_index_query_update_check_on_s3(uri, repo_dir):
    from pipeline.check import check
    from pipeline.lake import Lake
    from pipeline.objectlake import ObjectLake

    cli("index", str(repo_dir), "--repo", "demo", "--lake", uri)
    lake = Lake(uri)
    assert isinstance(lake, ObjectLake) and lake.repos() == ["demo"]
    bucket, prefix = prefix_of(uri)
    stored = objects(bucket, prefix)
    assert "_snapshots/demo/" not in stored  # no empty "folder" objects that would list as a repository
    snap = lake.snapshot("demo")
    for table in ("files", "symbols", "edges"):
        for k, rel in enumerate(snap.files(table)):
            assert stored[rel] > 0 and stored[f"{table}/demo/part-{k:03d}.parquet"] == stored[rel]
    assert callers_of(uri, "pkg/a.py::helper") == ["pkg/a.py::main", "pkg/b.py::<module>", "pkg/b.py::use"]

    radius = cli("blast-radius", "pkg/a.py::helper", "--lake", uri, "--format", "json")
    assert {r["id"] for r in json.loads(radius.stdout)} == {"pkg/a.py::main", "pkg/b.py::<module>",
                                                             "pkg/b.py::use"}
    status = cli("status", "--lake", uri, "--format", "json")
    row = json.loads(status.stdout)[0]
    assert (row["repo"], row["files"], row["symbols"], row["freshness"]) == ("demo", 3, 6, "current")

    from pipeline.catalog import connect

    session = connect(Lake(uri))  # a long-lived reader, its base tables pinned in memory
    session.pin()
    calls = "SELECT count(*) FROM callers WHERE symbol_id = 'pkg/a.py::helper'"
    assert session.rows(calls)[1] == [(3,)]
    (repo_dir / "pkg" / "b.py").write_text(B_PY + "\n\ndef extra():\n    return helper(5)\n")
    out = cli("update", str(repo_dir), "pkg/b.py", "--repo", "demo", "--lake", uri, "--format", "json")
    assert json.loads(out.stdout)[0]["status"] == "ok"
    assert "pkg/b.py::extra" in callers_of(uri, "pkg/a.py::helper")
    assert session.rows(calls)[1] == [(3,)]  # it keeps its snapshot until it refreshes
    assert session.refresh() and session.rows(calls)[1] == [(4,)]
    after = Lake(uri).snapshot("demo")
    assert after.sequence > snap.sequence and after.snapshot != snap.snapshot
    import pyarrow.dataset as ds

    from pipeline.storage import s3_filesystem

    for table in ("symbols", "edges"):  # what Spark, Trino or a glob reading the table folder sees: the current rows
        folder = ds.dataset(f"{bucket}/{prefix}/{table}/", filesystem=s3_filesystem(), format="parquet").to_table()
        assert folder.num_rows == after.tables[table]["rows"] and str(folder.schema.field("repo").type) == "string"
    assert check(Lake(uri)) == []
    assert cli("check", "--lake", uri).returncode == 0
    dead = json.loads(cli("dead-code", "--lake", uri, "--format", "json").stdout)
    assert "pkg/b.py::extra" in {r["id"] for r in dead} and "pkg/a.py::helper" not in {r["id"] for r in dead}

    cli("drop", "demo", "--lake", uri)
    assert Lake(uri).repos() == []
    left = [k for k in objects(bucket, prefix) if "demo" in k]
    assert left == [], left


def test_check_names_damaged_and_stray_files_on_s3(uri, repo_dir):
    import boto3

    from pipeline.check import check
    from pipeline.lake import Lake

    cli("index", str(repo_dir), "--repo", "demo", "--extractors", "structure", "--lake", uri)
    bucket, prefix = prefix_of(uri)
    victim = Lake(uri).snapshot("demo").files("symbols")[0]
    client = boto3.client("s3")
    client.put_object(Bucket=bucket, Key=f"{prefix}/{victim}", Body=b"PAR1 not parquet at all")
    client.put_object(Bucket=bucket, Key=f"{prefix}/edges/demo/part-old.parquet", Body=b"stale")
    found = {(p.file, p.problem.split(",")[0].split(":")[0]) for p in check(Lake(uri))}
    assert any(f == victim for f, _ in found), found
    assert ("edges/demo/part-old.parquet", "stray file") in found
    done = cli("check", "--lake", uri, check=False)
    assert done.returncode == 1 and victim in done.stdout


def test_readers_see_whole_snapshots_while_a_writer_publishes(uri, repo_dir):
    """A reader during writes sees the old snapshot or a new one, every file it names complete, never a mix."""
    from pipeline.lake import Lake

    cli("index", str(repo_dir), "--repo", "demo", "--extractors", "structure", "--lake", uri)
    seen, problems, stop = [], [], threading.Event()

    def read() -> None:
        lake = Lake(uri)
        while not stop.is_set():
            snap = lake.snapshot("demo")
            for table in ("files", "symbols", "edges"):
                data = lake.read_table("demo", table, snapshot=snap)
                if data is None or data.num_rows != snap.tables[table]["rows"]:
                    problems.append((snap.snapshot, table))
            paths = set(lake.read_table("demo", "files", snapshot=snap).column("path").to_pylist())
            symbols = set(lake.read_table("demo", "symbols", snapshot=snap).column("path").to_pylist())
            if not symbols <= paths:
                problems.append((snap.snapshot, "symbols of a file the snapshot does not have"))
            seen.append(snap.snapshot)

    reader = threading.Thread(target=read)
    reader.start()
    published = []
    try:
        for i in range(3):
            (repo_dir / "pkg" / f"c{i}.py").write_text(f"from pkg.a import helper\n\n\ndef f{i}():\n"
                                                       f"    return helper({i})\n")
            cli("update", str(repo_dir), f"pkg/c{i}.py", "--repo", "demo", "--lake", uri)
            published.append(Lake(uri).snapshot("demo").snapshot)
    finally:
        stop.set()
        reader.join(timeout=60)
    assert not problems
    assert len(set(seen)) >= 2  # the reader saw the snapshot change under it
    assert published[-1] in seen or Lake(uri).snapshot("demo").snapshot == published[-1]


KILL_BEFORE_MANIFEST = """
import os, sys
from pipeline import storage
real = storage.ObjectFiles.create
def create(self, rel, data):
    if rel.startswith("_snapshots/"):
        os._exit(9)  # killed after uploading every new file, before the manifest
    return real(self, rel, data)
storage.ObjectFiles.create = create
from pipeline.cli.main import main
sys.exit(main(sys.argv[1:]))
"""


def test_a_killed_writer_leaves_no_visible_partial_snapshot(uri, repo_dir):
    from pipeline.check import check
    from pipeline.lake import Lake

    cli("index", str(repo_dir), "--repo", "demo", "--extractors", "structure", "--lake", uri)
    before = Lake(uri).snapshot("demo")
    bucket, prefix = prefix_of(uri)
    stored = set(objects(bucket, prefix))
    (repo_dir / "pkg" / "a.py").write_text(A_PY + "\n\ndef newer():\n    return helper(9)\n")
    killed = subprocess.run([sys.executable, "-c", KILL_BEFORE_MANIFEST, "update", str(repo_dir), "pkg/a.py",
                             "--repo", "demo", "--lake", uri], cwd=ROOT, capture_output=True, text=True,
                            env={**os.environ, "CODELAKE_LOCK_TTL": "2"}, timeout=300)
    assert killed.returncode == 9, killed.stderr
    uploaded = {k for k in set(objects(bucket, prefix)) - stored if k.startswith("_versions/")}
    assert uploaded  # the dead writer's files are there, and no manifest names them
    lake = Lake(uri)
    assert lake.snapshot("demo").snapshot == before.snapshot
    assert check(lake) == []
    assert "pkg/a.py::newer" not in {s for s in lake.read_table("demo", "symbols").column("id").to_pylist()}
    started = time.monotonic()  # its lock expires (CODELAKE_LOCK_TTL=2) and the next writer takes it over
    cli("update", str(repo_dir), "pkg/a.py", "--repo", "demo", "--lake", uri, env={"CODELAKE_LOCK_TTL": "2"})
    assert time.monotonic() - started < 60
    assert "pkg/a.py::main" in callers_of(uri, "pkg/a.py::helper")
    assert "pkg/a.py::newer" in callers_of(uri, "pkg/a.py::helper")
    assert check(Lake(uri)) == []


KILL_DURING_COPIES = """
import os, sys
from pipeline import storage
def copy(self, src, dst):
    os._exit(9)  # killed after publishing its manifest, before the table folders' copies
storage.ObjectFiles.copy = copy
from pipeline.cli.main import main
sys.exit(main(sys.argv[1:]))
"""


def test_a_writer_killed_during_the_copies_is_repaired_by_the_next(uri, repo_dir):
    from pipeline.check import check
    from pipeline.lake import Lake

    cli("index", str(repo_dir), "--repo", "demo", "--extractors", "structure", "--lake", uri)
    (repo_dir / "pkg" / "b.py").write_text(B_PY + "\n\ndef later():\n    return helper(7)\n")
    killed = subprocess.run([sys.executable, "-c", KILL_DURING_COPIES, "update", str(repo_dir), "pkg/b.py",
                             "--repo", "demo", "--lake", uri], cwd=ROOT, capture_output=True, text=True,
                            env={**os.environ, "CODELAKE_LOCK_TTL": "2"}, timeout=300)
    assert killed.returncode == 9, killed.stderr
    assert "pkg/b.py::later" in callers_of(uri, "pkg/a.py::helper")  # published: codelake's readers see it
    stale = {(p.table, p.problem) for p in check(Lake(uri))}
    assert ("symbols", "not the snapshot's current shard") in stale  # a folder reader would not, yet
    # a writer of other tables (git history) repairs them: the dead writer never marked its copies complete
    cli("index", str(repo_dir), "--repo", "demo", "--extractors", "git", "--lake", uri,
        env={"CODELAKE_LOCK_TTL": "2"})
    assert check(Lake(uri)) == []


def test_two_writers_racing_on_one_repository_both_land(uri, repo_dir):
    from pipeline.lake import Lake

    cli("index", str(repo_dir), "--repo", "demo", "--extractors", "structure", "--lake", uri)
    first = Lake(uri).snapshot("demo").sequence
    for name in ("x", "y"):
        (repo_dir / "pkg" / f"{name}.py").write_text(f"from pkg.a import helper\n\n\ndef {name}():\n"
                                                     f"    return helper(1)\n")
    with Lake(uri).lock("demo"):  # both start while the repository is held, then race for it when it is let go
        racers = [subprocess.Popen([sys.executable, "-m", "pipeline.cli.main", "update", str(repo_dir),
                                    f"pkg/{name}.py", "--repo", "demo", "--lake", uri], cwd=ROOT,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for name in ("x", "y")]
        time.sleep(8)  # past their update wait (CODELAKE_UPDATE_WAIT, 1 s): both now wait for the lock itself
        assert all(p.poll() is None for p in racers)  # neither could publish while the lock was held
    results = [(p.wait(timeout=300), p.stderr.read()) for p in racers]
    assert [r[0] for r in results] == [0, 0], results
    lake = Lake(uri)
    snap = lake.snapshot("demo")
    assert snap.sequence == first + 2  # one manifest each, numbered in turn
    assert {"pkg/x.py::x", "pkg/y.py::y"} <= set(callers_of(uri, "pkg/a.py::helper"))  # nothing lost
    runs = lake.read_table("demo", "runs").to_pylist()
    assert sum(1 for r in runs if r["status"] == "ok" and r["extractor"] == "structure") == 3


def test_a_writer_whose_base_snapshot_moved_on_fails_and_changes_nothing(uri, repo_dir):
    """The create-only manifest PUT: a writer that lost its lock cannot publish over a newer snapshot."""
    from pipeline.lake import Lake
    from pipeline.objectlake import LakeConflict

    cli("index", str(repo_dir), "--repo", "demo", "--extractors", "structure", "--lake", uri)
    lake = Lake(uri)
    stale = lake.snapshot("demo")
    (repo_dir / "pkg" / "b.py").write_text(B_PY + "\n\ndef more():\n    return helper(4)\n")
    cli("update", str(repo_dir), "pkg/b.py", "--repo", "demo", "--lake", uri)
    newer = Lake(uri).snapshot("demo")
    with pytest.raises(LakeConflict, match="another writer published"):
        lake._publish(stale, {}, {"structure": {"commit": "zombie"}}, {}, {})
    assert Lake(uri).snapshot("demo").snapshot == newer.snapshot
    assert "pkg/b.py::more" in callers_of(uri, "pkg/a.py::helper")


def test_the_lock_object_waits_then_fails_clearly_and_expired_locks_are_taken_over(uri, monkeypatch):
    from pipeline.lake import Lake, LakeBusy

    lake = Lake(uri)
    monkeypatch.setenv("CODELAKE_LOCK_TTL", "30")
    with lake.lock("demo"):
        with pytest.raises(LakeBusy, match="being written by another process.*held by"):
            with Lake(uri).lock("demo", timeout=0.5):
                pass
    with Lake(uri).lock("demo", timeout=1):  # released: free at once
        pass
    bucket, prefix = prefix_of(uri)
    import boto3

    dead = json.dumps({"owner": "gone:1:x", "expires": time.time() - 1}).encode()
    boto3.client("s3").put_object(Bucket=bucket, Key=f"{prefix}/_locks/demo.lock", Body=dead)
    with Lake(uri).lock("demo", timeout=2):
        held = json.loads(boto3.client("s3").get_object(Bucket=bucket, Key=f"{prefix}/_locks/demo.lock")
                          ["Body"].read())
        assert held["owner"] != "gone:1:x"
    assert "_locks/demo.lock" not in objects(bucket, prefix)


def test_a_store_that_ignores_conditional_writes_is_refused(uri, repo_dir, monkeypatch):
    from pipeline import storage
    from pipeline.errors import LakeError
    from pipeline.lake import Lake

    cli("index", str(repo_dir), "--repo", "demo", "--extractors", "structure", "--lake", uri)
    before = Lake(uri).snapshot("demo").snapshot
    real = storage.ObjectFiles._conditional_put

    def unconditional(self, rel, data, **condition):  # what a store that drops If-None-Match / If-Match does
        return real(self, rel, data)

    monkeypatch.setattr(storage.ObjectFiles, "_conditional_put", unconditional)
    with pytest.raises(LakeError, match="ignored a conditional write"):
        with Lake(uri).lock("demo", timeout=1):
            pass
    assert Lake(uri).snapshot("demo").snapshot == before


def test_a_nightly_repository_run_on_s3_derives_and_skips_the_local_only_steps(uri, repo_dir):
    """The per-repository steps after the extractors: the derived map tables are written to the object lake; the
    exports and the evaluation (files beside a local lake) are skipped with the reason, not failed."""
    from pipeline.lake import Lake
    from pipeline.nightly import after_index

    cli("index", str(repo_dir), "--repo", "steps", "--lake", uri, "--extractors", "structure")
    derived = after_index(uri, "steps", "derived")
    assert derived["map"]["status"] == "ok" and "communities" in Lake(uri).snapshot("steps").tables
    exports = after_index(uri, "steps", "exports")
    assert {name: step["status"] for name, step in exports.items()} == {"export": "skipped", "eval": "skipped"}
    assert "local lake only" in exports["export"]["reason"]
    from pipeline.report import write_report  # the org report reads the object lake, and is written locally

    written = write_report(Lake(uri), {"report": str(repo_dir.parent / "report.html")})
    assert "1 repositories" in written["summary"] and (repo_dir.parent / "report.html").stat().st_size > 10_000


def test_local_only_features_refuse_an_object_lake_in_one_line(uri, tmp_path):
    from pipeline.location import find_lake

    assert find_lake(uri + "/") == uri
    (tmp_path / "codelake.toml").write_text(f'lake = "{uri}"\n')
    assert find_lake(None, cwd=tmp_path) == uri
    done = cli("duckdb", "--lake", uri, check=False)
    assert done.returncode == 1 and "on object storage" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert not Path("s3:").exists()


LOCAL_PATH = """
import sys
from pipeline.hooks import main as hooks
from pipeline.location import find_lake
assert not {"pipeline.storage", "botocore", "pyarrow", "duckdb"} & set(sys.modules), "hook path"
from pipeline.catalog import connect
from pipeline.check import check
from pipeline.indexing import update
from pipeline.lake import Lake
lake = Lake(sys.argv[1])
update(sys.argv[2], ["pkg/b.py"], repo="demo", lake=lake)
connect(lake).rows("SELECT count(*) FROM callers")
assert check(lake) == []
loaded = {"botocore", "boto3", "pipeline.objectlake"} & set(sys.modules)  # pyarrow.parquet loads _s3fs itself
assert not loaded, loaded
"""


def test_the_local_path_never_loads_the_object_storage_side(tmp_path, repo_dir):
    cli("index", str(repo_dir), "--repo", "demo", "--extractors", "structure", "--lake", str(tmp_path / "lake"))
    (repo_dir / "pkg" / "b.py").write_text(B_PY + "\n\ndef more():\n    return helper(4)\n")
    done = subprocess.run([sys.executable, "-c", LOCAL_PATH, str(tmp_path / "lake"), str(repo_dir)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
