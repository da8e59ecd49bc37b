"""Many machines, as far as one can test on one: a real Prefect server on loopback and a two-worker Dask cluster,
both started here. `codelake nightly --dask-address` runs the per-repository tasks on the Dask workers; writers of
one repository are serialized by the server's concurrency limit; prefect.yaml deploys against the same server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import git
from prefect_server import dask_cluster, prefect_server, server_env

ROOT = Path(__file__).resolve().parents[1]
pytest.importorskip("prefect_dask")


def test_nightly_on_a_dask_cluster_against_a_real_server(tmp_path, make_repo):
    repos = [make_repo(files={f"m{i}/core.py": f"def f{i}():\n    return {i}\n"}, name=f"r{i}") for i in range(3)]
    config = tmp_path / "org.toml"
    config.write_text('workspace = "ws"\n[defaults]\nextractors = ["structure", "git", "packages"]\n'
                      + "".join(f'[[repositories]]\npath = "{r}"\nid = "acme__r{i}"\n' for i, r in enumerate(repos)))
    home = tmp_path / "prefect"
    with prefect_server(home) as url:
        env = {**server_env(home, url), "CODELAKE_RETRY_DELAY": "0.5"}
        with dask_cluster(2, env) as cluster:
            worker_pids = set(cluster.get_client().run(os.getpid).values())
            out = subprocess.run([sys.executable, "-m", "pipeline.cli.main", "nightly", str(config), "--lake",
                                  str(tmp_path / "lake"), "--dask-address", cluster.scheduler_address, "--format",
                                  "json"], capture_output=True, text=True, env=env, timeout=600, cwd=ROOT)
        assert out.returncode == 0, out.stderr[-3000:]
        summary = json.loads(out.stdout)
        assert [(r["repo"], r["status"]) for r in summary] == [(f"acme__r{i}", "indexed") for i in range(3)]
        assert {int(r["host"].rsplit(":", 1)[1]) for r in summary} <= worker_pids  # each ran on a Dask worker
        _assert_ran_on_workers(tmp_path / "lake")
        _assert_write_slots_serialize(url, env)
        _assert_prefect_yaml_deploys(url, env, home)


def _assert_ran_on_workers(lake: Path) -> None:
    from pipeline.lake import Lake

    lake = Lake(lake)
    assert lake.repos() == ["acme__r0", "acme__r1", "acme__r2"]
    for repo in lake.repos():
        runs = lake.read_table(repo, "runs").to_pylist()
        assert {("structure", "ok"), ("git", "ok"), ("packages", "ok")} <= {(r["extractor"], r["status"]) for r in runs}
    assert "acme__r2" in (lake.root / "_report" / "report.html").read_text()


SLOTS = """
import json, sys, threading, time
from flows.runtime import repo_write_slot, slot_name
from prefect.client.orchestration import get_client
spans = []
def writer():
    with repo_write_slot("acme__r0"):
        start = time.monotonic()
        time.sleep(1.0)
        spans.append((start, time.monotonic()))
threads = [threading.Thread(target=writer) for _ in range(2)]
[t.start() for t in threads]
[t.join(120) for t in threads]
with get_client(sync_client=True) as client:
    limit = client.read_global_concurrency_limit_by_name(slot_name("acme__r0")).limit
print(json.dumps({"spans": sorted(spans), "limit": limit}))
"""


def _assert_write_slots_serialize(url: str, env: dict) -> None:
    """Two holders of one repository's write slot (as two machines would be) never overlap. In a process of its
    own: Prefect's in-process services must not outlive this test's server in the test process."""
    out = subprocess.run([sys.executable, "-c", SLOTS], env=env, capture_output=True, text=True, timeout=300,
                         cwd=ROOT)
    assert out.returncode == 0, out.stderr[-3000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    (a0, a1), (b0, b1) = result["spans"]
    assert b0 >= a1 - 0.05, result  # the second began only after the first ended
    assert result["limit"] == 1


DEPLOYMENT = """
import json
from prefect.client.orchestration import get_client
with get_client(sync_client=True) as client:
    d = client.read_deployment_by_name("nightly/codelake-nightly")
    print(json.dumps({"entrypoint": d.entrypoint, "config": d.parameters.get("config"), "pool": d.work_pool_name,
                      "crons": [s.schedule.cron for s in d.schedules]}))
"""


def _assert_prefect_yaml_deploys(url: str, env: dict, home: Path) -> None:
    prefect = str(Path(sys.executable).with_name("prefect"))
    run_env = {**env, "CODELAKE_HOME": str(ROOT)}
    made = subprocess.run([prefect, "work-pool", "create", "codelake", "--type", "process"], env=run_env,
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert made.returncode == 0, made.stdout + made.stderr
    deployed = subprocess.run([prefect, "--no-prompt", "deploy", "--all"], env=run_env, capture_output=True,
                              text=True, timeout=300, cwd=ROOT)
    assert deployed.returncode == 0, deployed.stdout[-3000:] + deployed.stderr[-3000:]
    out = subprocess.run([sys.executable, "-c", DEPLOYMENT], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    assert json.loads(out.stdout.strip().splitlines()[-1]) == {
        "entrypoint": "flows/nightly.py:nightly", "config": f"{ROOT}/org.toml", "pool": "codelake",
        "crons": ["0 2 * * *"]}
