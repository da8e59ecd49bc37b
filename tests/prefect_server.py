"""A real Prefect server on loopback and a local Dask cluster, started and stopped by a test or the benchmark."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env(home: Path, url: str | None = None) -> dict:
    env = {**os.environ, "PREFECT_HOME": str(home), "PREFECT_SERVER_ANALYTICS_ENABLED": "false", "DO_NOT_TRACK": "1"}
    if url:
        env["PREFECT_API_URL"] = url
    return env


@contextmanager
def prefect_server(home: Path, timeout: float = 120):
    """``prefect server start`` on 127.0.0.1 (API, UI and services); yields its API URL."""
    port = free_port()
    home.mkdir(parents=True, exist_ok=True)
    log = open(home / "server.log", "w")
    proc = subprocess.Popen([str(Path(sys.executable).with_name("prefect")), "server", "start", "--host",
                             "127.0.0.1", "--port", str(port), "--no-ui", "--analytics-off"],
                            env=server_env(home), stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}/api"
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                if urllib.request.urlopen(f"{url}/health", timeout=2).status == 200:
                    break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"prefect server did not start: {(home / 'server.log').read_text()[-2000:]}")
            time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@contextmanager
def dask_cluster(workers: int = 2, env: dict | None = None):
    """A local ``distributed`` cluster of worker processes (one thread each), seeing ``env``; yields its address."""
    import dask
    from distributed import LocalCluster

    saved = dict(os.environ)
    os.environ.update(env or {})  # worker processes inherit the environment they are started with
    try:
        with dask.config.set({"distributed.worker.daemon": True, "distributed.admin.tick.limit": "30s"}):
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                                   host="127.0.0.1")
    finally:
        os.environ.clear()
        os.environ.update(saved)
    try:
        yield cluster
    finally:
        cluster.close()
