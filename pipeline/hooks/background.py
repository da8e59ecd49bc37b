"""Detached jobs the hooks start, and the files that coordinate them (stdlib only: the hook path imports this).

Under ``<lake>/_hooks/``: ``<repo>.pending`` (repository-relative paths edited and not yet re-indexed, one per line,
appended), ``<repo>.inflight`` (the batch a refresh is working on), ``<repo>.<job>.lock`` (held with ``flock`` by the
one worker of that job and repository: a second is never started), ``<repo>.refreshed`` (each refresh batch's
outcome, a JSON line, the last 64 kept), ``<repo>.refresh.warm`` (the pid and checkout of a refresh worker staying
warm for the next edit), ``worker.log`` (one line per job, capped).

A worker runs ``python -m pipeline.hooks.worker``: its own session (the agent never waits for it, and its output
never reaches the agent's pipes), niced unless it is a refresh (what the agent's next read waits for), with a
CPU-time limit and a wall-clock alarm.
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
HAND_OVER_POLL_SECONDS = 0.005
RECORDS_KEPT = 64  # batch outcomes kept in ``<repo>.refreshed``
RECORDS_MAX_BYTES = 1 << 16
ENQUEUE_TRIES = 5  # a worker taking the queue between a hook's open and write: append again (see enqueue)


def state_dir(lake_root: str, create: bool = False) -> str:
    folder = os.path.join(lake_root, STATE_DIR)
    if create:
        os.makedirs(folder, exist_ok=True)
    return folder


def _path(lake_root: str, repo: str, suffix: str) -> str:
    return os.path.join(state_dir(lake_root), f"{repo}.{suffix}")


def enqueue(lake_root: str, repo: str, rel_paths: list[str]) -> None:
    """Append edited files to the repository's refresh queue (one write: concurrent hooks do not interleave).

    A worker takes the queue by renaming ``pending`` to ``inflight``: a hook that opened ``pending`` before the
    rename and wrote after it wrote into the taken batch, which the worker may have read already (ten hooks at once
    lost an edit so). So the write is checked: when ``pending`` is no longer the file written, the paths are appended
    again to the new one (a path queued twice is refreshed once more, never lost)."""
    state_dir(lake_root, create=True)
    data = "".join(p + "\n" for p in rel_paths if "\n" not in p).encode("utf-8", "surrogateescape")
    path = _path(lake_root, repo, "pending")
    for _ in range(ENQUEUE_TRIES):
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        try:
            os.write(fd, data)
            if _still_named(fd, path):  # checked with the file open: its inode cannot be reused meanwhile
                return
        finally:
            os.close(fd)


def _still_named(fd: int, path: str) -> bool:
    try:
        now, written = os.stat(path), os.fstat(fd)
    except FileNotFoundError:
        return False
    return (now.st_dev, now.st_ino) == (written.st_dev, written.st_ino)


def queued(lake_root: str, repo: str) -> set[str]:
    """Files waiting for, or going through, a refresh."""
    return _lines(_path(lake_root, repo, "pending")) | _lines(_path(lake_root, repo, "inflight"))


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
    return rel_path in _lines(_path(lake_root, repo, suffix))


def take_batch(lake_root: str, repo: str) -> tuple[float | None, list[str]]:
    """(when, files) of the next refresh batch: the queued edits, moved to ``inflight`` (new edits start a fresh
    pending file), with the batch a killed worker left there; (None, []) when nothing is queued."""
    pending, inflight = _path(lake_root, repo, "pending"), _path(lake_root, repo, "inflight")
    left = _lines(inflight)  # only the one worker holding the job lock gets here: a batch there is a dead one's
    try:
        os.replace(pending, inflight)
    except FileNotFoundError:
        if not left:
            return None, []
        _write_lines(inflight, left)
        return time.time(), sorted(left)
    if left:
        _write_lines(inflight, left | _lines(inflight))
    return time.time(), sorted(_lines(inflight))


def batch_done(lake_root: str, repo: str) -> None:
    try:
        os.unlink(_path(lake_root, repo, "inflight"))
    except FileNotFoundError:
        pass


def has_pending(lake_root: str, repo: str) -> bool:
    try:
        return os.stat(_path(lake_root, repo, "pending")).st_size > 0
    except OSError:
        return False


def _lines(path: str) -> set[str]:
    try:
        with open(path, encoding="utf-8", errors="surrogateescape") as fh:
            return {line.rstrip("\n") for line in fh if line.strip()}
    except OSError:
        return set()


def _write_lines(path: str, lines: set[str]) -> None:
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w", encoding="utf-8", errors="surrogateescape") as fh:
        fh.write("".join(f"{line}\n" for line in sorted(lines)))
    os.replace(tmp, path)


def record_refresh(lake_root: str, repo: str, outcome: dict) -> None:
    """Append one batch's outcome (``taken``, ``files``, ``status``, ``error``, rows) to ``<repo>.refreshed``,
    kept to its last ``RECORDS_KEPT`` lines."""
    import json

    path = _path(lake_root, repo, "refreshed")
    line = json.dumps(outcome, default=str) + "\n"
    try:
        if os.path.getsize(path) > RECORDS_MAX_BYTES:
            with open(path, encoding="utf-8", errors="replace") as fh:
                kept = fh.readlines()[-RECORDS_KEPT:]
            tmp = f"{path}.{os.getpid()}.tmp"
            with open(tmp, "w", encoding="utf-8") as fh:
                fh.writelines(kept)
            os.replace(tmp, path)
    except OSError:
        pass
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        os.write(fd, line.encode("utf-8"))
    finally:
        os.close(fd)


def announce_warm(lake_root: str, repo: str, root: str) -> None:
    """This process is a warm refresh worker of ``repo``, indexing the checkout at ``root``."""
    state_dir(lake_root, create=True)
    _write_lines(_path(lake_root, repo, "refresh.warm"), {f"{os.getpid()} {root}"})


def warm_entry(lake_root: str, repo: str) -> tuple[int, str] | None:
    """(pid, checkout) of the refresh worker that announced it stays warm for ``repo``, if one did."""
    for line in _lines(_path(lake_root, repo, "refresh.warm")):
        pid, _, where = line.partition(" ")
        if pid.isdigit():
            return int(pid), where
    return None


def leave_warm(lake_root: str, repo: str) -> None:
    entry = warm_entry(lake_root, repo)
    if entry is not None and entry[0] == os.getpid():
        try:
            os.unlink(_path(lake_root, repo, "refresh.warm"))
        except OSError:
            pass


def warm_worker(lake_root: str, repo: str, root: str) -> bool:
    """Whether a warm refresh worker of ``repo`` is alive and indexes the checkout at ``root``."""
    entry = warm_entry(lake_root, repo)
    if entry is None or os.path.realpath(entry[1]) != os.path.realpath(root) or not busy(lake_root, repo, "refresh"):
        return False
    try:
        os.kill(entry[0], 0)
    except OSError:
        return False
    return True


def hand_over(lake_root: str, repo: str, rel_paths: list[str], timeout: float) -> dict | None:
    """Queue ``rel_paths`` for the warm refresh worker and wait (at most ``timeout`` s) for the outcome of the batch
    that took them (a ``record_refresh`` dict); None when the worker left before taking them (the caller indexes
    them itself) or is still busy with them after ``timeout`` (status ``queued``: it applies them)."""
    since = time.time()
    enqueue(lake_root, repo, rel_paths)
    wanted, deadline, seen = set(rel_paths), time.monotonic() + timeout, None
    path = _path(lake_root, repo, "refreshed")
    while True:
        try:
            st = os.stat(path)
            mark = (st.st_size, st.st_mtime_ns)  # each record appends
        except OSError:
            mark = None
        if mark != seen:
            seen = mark
            found = _outcome_of(path, since, wanted)
            if found is not None:
                return found
        if not busy(lake_root, repo, "refresh"):  # it left: its last record may have come just before
            return _outcome_of(path, since, wanted)
        if time.monotonic() > deadline:
            return {"status": "queued", "files": sorted(wanted), "error": None}
        time.sleep(HAND_OVER_POLL_SECONDS)


def _outcome_of(path: str, since: float, wanted: set[str]) -> dict | None:
    import json

    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            lines = fh.readlines()[-RECORDS_KEPT:]
    except OSError:
        return None
    for line in reversed(lines):
        try:
            outcome = json.loads(line)
        except ValueError:
            continue
        if outcome.get("taken", 0) >= since and wanted <= set(outcome.get("files") or ()):
            return outcome
    return None


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


def _worker_env() -> dict:
    """The worker runs in the repository (``cwd=root``), where ``python -m`` would put that folder first on its path:
    the repository's own ``pyarrow``, ``duckdb`` or ``pipeline`` would be imported instead of codelake's (the bench's
    site-packages worker loaded that tree's pyarrow and DuckDB), and an untrusted repository's code would run in
    the worker. ``PYTHONSAFEPATH`` leaves it out; this project's folder comes first instead, as for the walk
    index's builder (``walkindex._spawn_builder``)."""
    project = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return dict(os.environ, PYTHONDONTWRITEBYTECODE=os.environ.get("PYTHONDONTWRITEBYTECODE", ""),
                PYTHONSAFEPATH="1",
                PYTHONPATH=os.pathsep.join(filter(None, [project, os.environ.get("PYTHONPATH")])))


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
    env = _worker_env()
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
