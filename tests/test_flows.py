"""The Prefect flow on Prefect's own test harness (a real temporary API server), against a real repository."""

from __future__ import annotations

import json
import os

import pytest

os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
os.environ.setdefault("DO_NOT_TRACK", "1")
os.environ.setdefault("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", "90")


@pytest.fixture
def harness(prefect_harness):
    return prefect_harness


def test_index_repo_runs_each_registered_extractor_as_a_task(harness, make_repo, tmp_path):
    from flows.index_repo import index_repo
    from pipeline.lake import Lake
    from pipeline.registry import load_registry

    root = make_repo(files={"app/main.py": "def main():\n    return helper()\n\n\ndef helper():\n    return 1\n"})
    result = index_repo(str(root), repo="flowdemo", lake=str(tmp_path / "lake"))
    assert result["repo"] == "flowdemo"
    assert {r["extractor"] for r in result["runs"]} == set(load_registry().extractors)
    assert all(r["status"] == "ok" for r in result["runs"])
    structure = next(r for r in result["runs"] if r["extractor"] == "structure")
    assert structure["rows"]["symbols"] == 3
    edges = Lake(tmp_path / "lake").read_table("flowdemo", "edges").to_pylist()
    assert {(e["src_id"], e["dst_id"]) for e in edges} == {("app/main.py::main", "app/main.py::helper")}


def test_task_functions_run_without_the_engine(make_repo, tmp_path):
    from flows.index_repo import plan, run_extractor

    root = make_repo(files={"a.py": "def f():\n    return 1\n"})
    job = plan.fn(str(root), "plain", ["structure"])
    meta = run_extractor.fn(str(tmp_path / "lake"), job["root"], job["repo"], "structure", {})
    assert meta["status"] == "ok" and meta["rows"]["symbols"] == 2


def _artifacts(key: str) -> list:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterKey
    from prefect.client.schemas.sorting import ArtifactSort

    with get_client(sync_client=True) as client:
        return client.read_artifacts(artifact_filter=ArtifactFilter(key=ArtifactFilterKey(any_=[key])),
                                     sort=ArtifactSort.CREATED_DESC)


def test_a_current_index_is_skipped_and_a_new_commit_reindexes_only_what_follows_head(harness, make_repo, tmp_path):
    from conftest import git
    from flows.index_repo import index_repo

    root = make_repo(files={"a.py": "def f():\n    return 1\n"})
    lake = str(tmp_path / "lake")
    first = index_repo(str(root), repo="fresh", lake=lake, extractors=["structure", "git"])
    assert first["status"] == "indexed" and {r["extractor"] for r in first["runs"]} == {"structure", "git"}
    again = index_repo(str(root), repo="fresh", lake=lake, extractors=["structure", "git"])
    assert again["status"] == "current" and again["runs"] == [] and "current at" in again["reason"]
    (root / "b.py").write_text("def g():\n    return 2\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "two")
    third = index_repo(str(root), repo="fresh", lake=lake, extractors=["structure", "git"])
    assert third["status"] == "indexed" and "HEAD moved" in third["reason"]
    structure = next(r for r in third["runs"] if r["extractor"] == "structure")
    assert structure["rows"]["files"] == 1  # incremental: only the new file was parsed
    table = _artifacts("index-fresh")[0]
    assert {row["extractor"] for row in json.loads(table.data)} == {"structure", "git"}
    summary = _artifacts("index-fresh-summary")[0]
    assert "codelake: fresh" in summary.data and "| fresh | indexed |" in summary.data


def test_a_locked_lake_is_retried_with_backoff_until_the_other_writer_is_done(harness, make_repo, tmp_path,
                                                                             monkeypatch):
    import threading

    from flows.index_repo import index_repo
    from pipeline import nightly
    from pipeline.errors import LakeBusy
    from pipeline.lake import Lake

    monkeypatch.setenv("CODELAKE_FLOW_LOCK_WAIT", "0.3")
    root = make_repo(files={"a.py": "def f():\n    return 1\n"})
    lake = Lake(tmp_path / "lake")
    holding, refused = threading.Event(), threading.Event()
    real_wait = nightly.wait_for_writers

    def wait_for_writers(*args, **kwargs):
        try:
            return real_wait(*args, **kwargs)
        except LakeBusy:
            refused.set()  # the first attempt failed: now the other writer may finish
            raise

    monkeypatch.setattr(nightly, "wait_for_writers", wait_for_writers)

    def other_writer():
        with lake.lock("busy"):
            holding.set()
            refused.wait(60)

    thread = threading.Thread(target=other_writer)
    thread.start()
    holding.wait(5)
    result = index_repo(str(root), repo="busy", lake=str(lake.root), extractors=["structure"])
    thread.join()
    assert result["status"] == "indexed" and result["runs"][0]["status"] == "ok"
    states = _task_states("wait_for_writers")
    assert "AwaitingRetry" in states or "Retrying" in states


def _task_states(name: str) -> set[str]:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import TaskRunFilter, TaskRunFilterName

    with get_client(sync_client=True) as client:
        runs = client.read_task_runs(task_run_filter=TaskRunFilter(name=TaskRunFilterName(like_=name)))
        states = set()
        for run in runs:
            states |= {s.name for s in client.read_task_run_states(run.id)}
        return states


def test_current_tables_with_missing_exports_run_only_the_steps(harness, make_repo, tmp_path):
    from flows.index_repo import index_repo

    root = make_repo(files={"a.py": "def f():\n    return 1\n"})
    lake = str(tmp_path / "lake")
    first = index_repo(str(root), repo="steps", lake=lake, extractors=["structure"])
    assert first["steps"]["export"]["status"] == "ok"
    (tmp_path / "lake" / "_exports" / "steps").unlink()  # the published export is a link to its version
    again = index_repo(str(root), repo="steps", lake=lake, extractors=["structure"])
    assert again["runs"] == [] and again["reason"] == "the tables are current, the exports are not"
    assert (tmp_path / "lake" / "_exports" / "steps" / "manifest.json").exists()
    assert index_repo(str(root), repo="steps", lake=lake, extractors=["structure"])["status"] == "current"
