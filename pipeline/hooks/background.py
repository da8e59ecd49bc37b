"""Detached jobs the hooks start, and the files that coordinate them (stdlib only: the hook path imports this).

Under ``<lake>/_hooks/``: ``<repo>.pending`` (repository-relative paths edited and not yet re-indexed, one per line,
appended), ``<repo>.inflight`` (the batch a refresh is working on), ``<repo>.<job>.lock`` (held with ``flock`` by the
one worker of that job and repository: a second is never started), ``worker.log`` (one line per job, capped).

A worker runs ``python -m pipeline.hooks.worker``: its own session (the agent never waits for it, and its output
never reaches the agent's pipes), niced, with a CPU-time limit and a wall-clock alarm.
"""

from __future__ import annotations

import os
import sys
import time

STATE_DIR = "_hooks"
JOBS = ("refresh", "index", "ingest")
LOG_NAME = "worker.log"
LOG_MAX_BYTES = 1 << 20
POLL_SECONDS = 0.05
STARTING_STALE_SECONDS = 30.0  # a worker that has not taken its lock by then died starting


def state_dir(lake_root: str, create: bool = False) -> str:
    folder = os.path.join(lake_root, STATE_DIR)
    if create:
        os.makedirs(folder, exist_ok=True)
    return folder


def _path(lake_root: str, repo: str, suffix: str) -> str:
    return os.path.join(state_dir(lake_root), f"{repo}.{suffix}")


def enqueue(lake_root: str, repo: str, rel_paths: list[str]) -> None:
    """Append edited files to the repository's refresh queue (one write: concurrent hooks do not interleave)."""
    state_dir(lake_root, create=True)
    data = "".join(p + "\n" for p in rel_paths if "\n" not in p).encode("utf-8", "surrogateescape")
    fd = os.open(_path(lake_root, repo, "pending"), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)


def queued(lake_root: str, repo: str) -> set[str]:
    """Files waiting for, or going through, a refresh."""
    out: set[str] = set()
    for suffix in ("pending", "inflight"):
        try:
            with open(_path(lake_root, repo, suffix), encoding="utf-8", errors="surrogateescape") as fh:
                out.update(line.rstrip("\n") for line in fh if line.strip())
        except OSError:
            continue
    return out


def busy(lake_root: str, repo: str, job: str) -> bool:
    """Whether a worker of ``job`` is starting or holds the repository's job lock right now."""
    import fcntl

    if _starting(lake_root, repo, job):
        return True
    try:
        fd = os.open(_path(lake_root, repo, f"{job}.lock"), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # closing drops a lock we took
    return False


def wait_refreshed(lake_root: str, repo: str, rel_path: str, timeout: float) -> bool:
    """Wait (at most ``timeout`` s) while ``rel_path`` is queued for a refresh that a worker is running; True when
    it is no longer queued."""
    deadline = time.monotonic() + timeout
    while rel_path in queued(lake_root, repo):
        if not busy(lake_root, repo, "refresh") and not _pending_has(lake_root, repo, rel_path, "inflight"):
            return False  # queued, but no worker is on it (one will be started by the next edit)
        if time.monotonic() > deadline:
            return False
        time.sleep(POLL_SECONDS)
    return True


def _pending_has(lake_root: str, repo: str, rel_path: str, suffix: str) -> bool:
    try:
        with open(_path(lake_root, repo, suffix), encoding="utf-8", errors="surrogateescape") as fh:
            return any(line.rstrip("\n") == rel_path for line in fh)
    except OSError:
        return False


def _starting(lake_root: str, repo: str, job: str) -> bool:
    try:
        return time.time() - os.stat(_path(lake_root, repo, f"{job}.starting")).st_mtime < STARTING_STALE_SECONDS
    except OSError:
        return False


def started(lake_root: str, repo: str, job: str) -> None:
    """The worker has its lock (or gave up): it is no longer starting."""
    try:
        os.unlink(_path(lake_root, repo, f"{job}.starting"))
    except OSError:
        pass


def start(lake_root: str, job: str, repo: str, root: str, *extra: str) -> bool:
    """Start a detached worker for ``job`` unless one is starting or running; True when one was started."""
    if job not in JOBS or busy(lake_root, repo, job):
        return False
    import subprocess

    folder = state_dir(lake_root, create=True)
    marker = _path(lake_root, repo, f"{job}.starting")
    try:  # exclusive: of ten hooks at once, one starts the worker
        os.close(os.open(marker, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
    except FileExistsError:
        if _starting(lake_root, repo, job):
            return False
        os.utime(marker)  # a stale marker: take it over
    log = _open_log(folder)
    argv = [sys.executable, "-m", "pipeline.hooks.worker", job, "--lake", lake_root, "--repo", repo,
            "--root", root, *extra]
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE=os.environ.get("PYTHONDONTWRITEBYTECODE", ""))
    try:
        subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log, stderr=log, cwd=root, env=env,
                         start_new_session=True, close_fds=True)
    except OSError:
        started(lake_root, repo, job)
        raise
    finally:
        log.close()
    return True


def _open_log(folder: str):
    path = os.path.join(folder, LOG_NAME)
    try:
        if os.path.getsize(path) > LOG_MAX_BYTES:
            os.replace(path, path + ".1")
    except OSError:
        pass
    return open(path, "ab")
