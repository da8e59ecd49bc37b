"""What the flows share about Prefect itself: which failures are retried and how, the cross-machine write slot of a
repository, artifact keys, and the task runner (threads, or a Dask cluster through prefect-dask)."""

from __future__ import annotations

import os
import re
from contextlib import contextmanager

from pipeline.errors import LakeError, TransientError

RETRIES = 3
WRITE_SLOT_TIMEOUT = 6 * 3600.0  # a writer of the same repository elsewhere may run a long full index


def retry_delays() -> list[float]:
    """Exponential backoff for transient failures (base ``CODELAKE_RETRY_DELAY`` seconds, default 10: 10, 20, 40)."""
    base = float(os.environ.get("CODELAKE_RETRY_DELAY", "10"))
    return [base * 2 ** i for i in range(RETRIES)]


def is_transient(exc: BaseException | None) -> bool:
    """A locked lake, a fetch that timed out, a write slot not granted in time: worth another attempt. A bad
    config, a missing folder or a parse error is not: it would fail the same way again."""
    if isinstance(exc, (TransientError, TimeoutError)):
        return True
    return isinstance(exc, LakeError) and "being written by another process" in str(exc)


def retry_transient(task, task_run, state) -> bool:
    """Prefect's ``retry_condition_fn``: retry only transient failures."""
    exc = state.data if isinstance(state.data, BaseException) else None
    if exc is None:
        try:
            exc = state.result(raise_on_failure=False)
        except Exception:  # the result may not be retrievable; then nothing says it was transient
            return False
    return is_transient(exc if isinstance(exc, BaseException) else None)


def transient_retries(task):
    """The task with retries on transient failures, delays read now (settings are read when used)."""
    return task.with_options(retries=RETRIES, retry_delay_seconds=retry_delays(), retry_condition_fn=retry_transient)


def slot_name(repo: str) -> str:
    return f"codelake-write-{repo}"


def ensure_write_limit(repo: str) -> str:
    """The global concurrency limit (one slot) that serializes writers of ``repo`` across machines."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.actions import GlobalConcurrencyLimitCreate
    from prefect.exceptions import ObjectAlreadyExists, ObjectNotFound

    name = slot_name(repo)
    with get_client(sync_client=True) as client:
        try:
            client.read_global_concurrency_limit_by_name(name)
        except ObjectNotFound:
            try:
                client.create_global_concurrency_limit(GlobalConcurrencyLimitCreate(name=name, limit=1))
            except ObjectAlreadyExists:
                pass  # another machine created it first
    return name


@contextmanager
def repo_write_slot(repo: str):
    """Hold the repository's write slot on the Prefect server for the duration: another machine's run of the same
    repository waits here (the lake's file lock only sees this machine)."""
    from prefect.concurrency.sync import concurrency

    name = ensure_write_limit(repo)
    timeout = float(os.environ.get("CODELAKE_WRITE_SLOT_TIMEOUT", WRITE_SLOT_TIMEOUT))
    with concurrency(name, occupy=1, timeout_seconds=timeout, strict=True):
        yield


def artifact_key(*parts: str) -> str:
    """Prefect artifact keys allow lowercase letters, digits and dashes only."""
    return re.sub(r"-+", "-", re.sub(r"[^a-z0-9-]", "-", "-".join(parts).lower())).strip("-")[:100]


def task_runner(concurrency: int, dask_address: str | None = None):
    """Threads on this machine (at most ``concurrency`` repositories at once), or an existing Dask cluster."""
    if dask_address:
        try:
            from prefect_dask import DaskTaskRunner
        except ImportError:
            from pipeline.errors import CodelakeError

            raise CodelakeError("--dask-address needs prefect-dask: pip install 'codelake[dask]'") from None
        return DaskTaskRunner(address=dask_address)
    from prefect.task_runners import ThreadPoolTaskRunner

    return ThreadPoolTaskRunner(max_workers=max(1, concurrency))
