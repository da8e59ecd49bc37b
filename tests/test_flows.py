"""The Prefect flow on Prefect's own test harness (a real temporary API server), against a real repository."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
os.environ.setdefault("DO_NOT_TRACK", "1")
os.environ.setdefault("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", "90")


@pytest.fixture(scope="module")
def harness():
    from prefect.testing.utilities import prefect_test_harness

    with prefect_test_harness(server_startup_timeout=90):
        yield


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
