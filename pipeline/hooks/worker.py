"""The detached worker behind the hooks: ``python -m pipeline.hooks.worker JOB --lake L --repo R --root ROOT``.

Jobs (one worker per job and repository at a time, by ``flock`` on ``<lake>/_hooks/<repo>.<job>.lock``):

* ``refresh``: re-index the files queued by post-edit hooks (``pipeline.indexing.update``) and re-export their
  snippets (the exporter's per-file mode: those files and the snippets naming them, not the repository); loops
  until the queue is empty, so ten quick edits cost one or two updates, not ten. The log line gives the update's
  and the export's seconds apart. Then it stays warm for ``CODELAKE_WORKER_LINGER`` seconds (default 120; 0: it
  exits at once) waiting for the next edit: its imports, compiled grammar queries and what it read of the lake
  (``pipeline.shards.keep_read_files``, at most ``CODELAKE_WORKER_CACHE_MB``, default 64) are kept, so the next
  update costs its own work only (an agent edits every few seconds). The export runs in a child process started
  when a batch is taken (``export_child``, a fresh interpreter: a fork carried the worker's pages): DuckDB and its
  connection (and the tokenizer, for a text no earlier export counted) load there while the worker updates, and
  leave with it (the worker's peak on sympy 295-305 -> 140 MiB).
  The worker imports neither numpy nor DuckDB and allocates from one arena (``_lean``, ``_one_arena``). Each
  batch's outcome is appended to ``<repo>.refreshed`` (``background.record_refresh``), which ``codelake update``
  reads when it hands its files to a warm worker instead of indexing them itself.
* ``index``: an incremental ``index`` of the whole repository (SessionStart found the index behind HEAD), then export.
* ``ingest``: read the session's own transcript into ``tool_calls`` (``--agent claude_code|codex --logs FILE``),
  then export (the digest lists recent agent activity).

Bounded: niced (``index`` and ``ingest``; a refresh is waited for), a CPU-time limit (``RLIMIT_CPU``) and a
wall-clock alarm (``CODELAKE_HOOK_JOB_TIMEOUT``, default 900 s; a warm worker arms it again for each batch, and
leaves once it has used half its CPU time); killed at either, the lake keeps its previous snapshot (writes are
atomic) and the batch stays queued for the next worker.
"""

from __future__ import annotations

import argparse
import fcntl
import gc
import inspect
import os
import resource
import signal
import sys
import time
from datetime import datetime, timezone

from ..allocator import POOL_VARIABLE, use_lake_allocator
from . import background
from .export_child import ExportChild, prepare_standby
from .export_child import discard_standby as discard_export_standby

DEFAULT_TIMEOUT = 900.0
DEFAULT_LINGER = 120.0  # seconds a refresh worker stays warm for the next edit
# what a warm worker keeps of the lake's files. 64: the bench's site-packages hub and leaf, alternated after a full
# index, read no shard again in their steady updates at 64, 96 or 256 (the same misses), and the first update's reads
# of the index's own shards, which no later update reads, no longer stay: the worker's peak 155.9 -> 148.3-149.0 MiB
# (96: 152.8). It was 256 when a site-packages leaf's update re-read most of its shards at 128 (0.78 s of CPU a warm
# update against 0.31), before the lazy index read shards on a budget of its own
DEFAULT_CACHE_MB = 64
LINGER_POLL_SECONDS = 0.01
NICENESS = 10


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pipeline.hooks.worker")
    parser.add_argument("job", choices=background.JOBS)
    parser.add_argument("--lake", required=True)
    parser.add_argument("--repo", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--agent")
    parser.add_argument("--logs", action="append", default=[])
    parser.add_argument("--no-export", action="store_true", help="leave the export as it is (per-turn ingestion)")
    args = parser.parse_args(argv)
    # not pyarrow's default pool: a process updating again and again kept ~90 MiB more on it (a sympy hub file's
    # updates: 320-330 MiB against 410-415). The system allocator whoever started the worker: it inherited the pool
    # the starting process had named for itself (``codelake update``: system; a hook: none, so jemalloc), and on
    # jemalloc its peak crept up edit after edit (sympy, 3 hub and 3 leaf edits: 143 -> 148 MiB; system 142-144)
    os.environ.setdefault(POOL_VARIABLE, "system")
    _one_arena()
    use_lake_allocator()
    timeout = float(os.environ.get("CODELAKE_HOOK_JOB_TIMEOUT") or DEFAULT_TIMEOUT)
    _bound(timeout, nice=args.job != "refresh")
    lock_path = os.path.join(background.state_dir(args.lake, create=True), f"{args.repo}.{args.job}.lock")
    with open(lock_path, "a+") as lock:
        try:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return 0  # another worker has the job; it will see our queue too
        finally:
            background.started(args.lake, args.repo, args.job)
        return _run(args, lock, timeout)


def _one_arena() -> None:
    """One glibc arena for every thread (``cli.common.one_malloc_arena``, as a one-shot update): the reads' threads
    each kept an arena of their own, whose freed pages stayed resident between edits."""
    from ..cli.common import one_malloc_arena

    one_malloc_arena()


def _bound(timeout: float, nice: bool) -> None:
    """A refresh is not niced: the agent's next read of the file waits for it (``CODELAKE_HOOK_WAIT``), and so does a
    ``codelake update`` handing it its files; a niced warm worker took 0.9 s of wall time for 0.3 s of CPU on a busy
    machine. A whole ``index`` or a transcript's ingestion is, as nothing waits for it."""
    if nice:
        try:
            os.nice(NICENESS)
        except OSError:
            pass
    cpu = max(int(timeout), 1)
    try:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
    except (ValueError, OSError):
        pass
    signal.signal(signal.SIGALRM, signal.SIG_DFL)
    signal.alarm(max(int(timeout), 1))


def _run(args, lock, timeout: float) -> int:
    from ..lake import Lake

    lake = Lake(args.lake)
    if args.job == "refresh":
        _lean()
        try:
            return _refresh(lake, args, lock, timeout)
        finally:
            _leave()
            background.leave_warm(args.lake, args.repo)
    _job(lake, args)
    return 0


def _lean() -> None:
    """A refresh runs codelake's own update and export, which use neither pandas nor numpy (the one-shot ``update``
    refuses both): pandas, which pyarrow imports the first time it converts Python objects, would stay resident for
    the worker's life (~50 MiB), and numpy, which pyarrow imports with itself, ~9 MiB of mapped library pages and
    ~5 MiB of its own (``pipeline.lean``). pyarrow.compute's docstrings are not parsed either (nothing reads them)."""
    from .. import lean

    lean.refuse("pandas", "numpy")
    lean.plain_compute_docs()


def _refresh(lake, args, lock, timeout: float) -> int:
    linger = _setting("CODELAKE_WORKER_LINGER", DEFAULT_LINGER)
    if linger:
        _stay_warm(args)
    while True:
        _refresh_queue(lake, args, timeout)
        if linger and _next_edit(args, linger, timeout):
            continue
        fcntl.flock(lock.fileno(), fcntl.LOCK_UN)
        if not background.queued(args.lake, args.repo):
            return 0
        try:  # an edit queued while we were finishing: take the job again (unless a new worker did)
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return 0


def _setting(name: str, default: float) -> float:
    """A number from the environment, never below 0; the default when it is unset or not a number."""
    try:
        return max(float(os.environ.get(name) or default), 0.0)
    except ValueError:
        return default


def _stay_warm(args) -> None:
    """Keep what runs read of the lake, and say where this worker indexes from (``codelake update`` hands its
    files only to a warm worker of the same checkout). The export's connection is not kept: each batch's export
    child connects it (``export_child``)."""
    from ..shards import keep_read_files

    keep_read_files(int(_setting("CODELAKE_WORKER_CACHE_MB", DEFAULT_CACHE_MB)) << 20)
    background.announce_warm(args.lake, args.repo, args.root)


def _next_edit(args, linger: float, timeout: float) -> bool:
    """Wait (at most ``linger`` s) for the next queued edit; False when none came, or when this worker has used
    half its CPU time (it leaves; the next edit starts a fresh one)."""
    gc.collect()
    gc.freeze()  # what is kept from run to run is never walked by a collection again
    _trim_heap()
    used = resource.getrusage(resource.RUSAGE_SELF)
    if used.ru_utime + used.ru_stime > timeout / 2:
        _log(args, "used half its CPU time: leaving (the next edit starts a fresh worker)")
        return False
    _parse_child_ahead()
    _export_child_ahead(args)
    signal.alarm(0)  # waiting is bounded by ``linger``; a batch by its own alarm
    deadline = time.monotonic() + linger
    while time.monotonic() < deadline:
        if background.has_pending(args.lake, args.repo):
            return True
        time.sleep(LINGER_POLL_SECONDS)
    _log(args, f"no edit for {linger:g}s: leaving")
    return False


def _parse_child_ahead() -> None:
    """Fork the next edit's parse child now, while idle (``budget.prepare_standby``): forking this ~150 MiB
    process cost the edit ~37 ms of the worker's CPU and the child's start, on the edit's path. It is forked after
    the collection and the trim, so it shares the worker's pages as they stay."""
    from extractors.structure import budget

    budget.prepare_standby()  # False when it could not fork: the next parse forks its own child, as always


def _export_child_ahead(args) -> None:
    """Start the next batch's export child now, while idle (``export_child.prepare_standby``): its loading (~0.2 s
    of CPU: an interpreter, DuckDB, the connection and its views) no longer runs beside the edit's update."""
    from ..lake import Lake

    prepare_standby(Lake(args.lake), args.repo)


def _leave() -> None:
    """Stop the parse child forked ahead and the export child started ahead (they would die with the worker anyway:
    ``PR_SET_PDEATHSIG``)."""
    discard_export_standby()
    budget = sys.modules.get("extractors.structure.budget")
    if budget is not None:
        budget.discard_standby()


def _trim_heap() -> None:
    """Give the C heap's free pages back between edits (glibc's ``malloc_trim``): what the update freed stays
    resident otherwise, and the next update's peak stands on it."""
    try:
        import ctypes

        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):
        pass


def _refresh_queue(lake, args, timeout: float) -> None:
    while True:
        taken, files = background.take_batch(args.lake, args.repo)
        if taken is None:
            return
        lake = type(lake)(args.lake)  # as the lake is now (a warm worker outlives other writers' migrations)
        signal.alarm(max(int(timeout), 1))
        started = time.monotonic()
        summary = written = None
        exporter = ExportChild.start(lake, args.repo) if files else None
        try:
            updated = started
            summary = _update(lake, args, files) if files else None
            if summary is not None:  # before the export: `codelake update` waits for the lake, not the snippets
                background.record_refresh(args.lake, args.repo, _outcome(summary, files, taken))
            if summary is not None and summary.status != "queued":
                updated = time.monotonic()
                _before_export(lake, args, collect=exporter is None)
                exporter.run(files) if exporter is not None else export(lake, args.repo, files)
                written = summary.run_id
            elif files:
                _log(args, f"queued {len(files)} file(s) behind another writer, which applies them: no export")
                continue
            _log(args, f"refreshed {len(files)} file(s) in {time.monotonic() - started:.2f}s (update "
                       f"{updated - started:.2f}s, export {time.monotonic() - updated:.2f}s): {', '.join(files[:5])}")
        except Exception as exc:  # one bad batch costs only itself
            if summary is None:  # the update failed (an export failing after it does not undo it)
                background.record_refresh(args.lake, args.repo, {"taken": taken, "files": files, "status": "failed",
                                                                 "error": f"{type(exc).__name__}: {exc}"})
            _log(args, f"refresh of {', '.join(files[:5])} failed: {type(exc).__name__}: {exc}")
        finally:
            background.batch_done(args.lake, args.repo)  # first: the batch is over, whatever its export child does
            if exporter is not None:
                exporter.close()
        if written:  # once the batch is done: a hook waiting for it does not wait for this
            gc.collect()  # the update's reference cycles (``_before_export``), before the read ahead allocates
            _trim_heap()  # and their pages given back first: the read ahead on top of them set the worker's peak
            _prefetch(lake, args, written)


def _before_export(lake, args, collect: bool) -> None:
    """Forget what this worker kept of the files the repository's snapshot no longer names (it serves one
    repository: it keeps no other's files); with ``collect`` (the export runs in this process: no child could be
    forked), first free what the update left before the export (DuckDB, the tokenizer) allocates on top of it: the
    update's lazy graph and resolver are reference cycles, holding their Python rows and Arrow reads until a
    collection (a sympy hub update's ~120 MiB). With an export child that collection waits until the export is done:
    run here, it delayed the child's export by its own time (sympy's hub: 0.1-0.17 s), and each page of garbage it
    wrote was copied for the worker while the child held the original (the child's memory, not the worker's, grew)."""
    from ..shards import keeping

    if collect:
        gc.collect()
    kept = keeping()
    if kept is not None:
        snap = lake.snapshot(args.repo)
        kept.keep_only({os.path.basename(f) for table in snap.tables for f in snap.files(table)})


def _prefetch(lake, args, run_id: str) -> None:
    """A warm worker with no edit waiting reads what this update wrote: the next edit, of the same file most often,
    reads those shards again."""
    from ..shards import keeping, prefetch_file

    if keeping() is None or not run_id or background.has_pending(args.lake, args.repo):
        return
    try:
        snap = lake.snapshot(args.repo)
        for table in snap.tables:
            for rel in snap.files(table):
                if f"-{run_id}-" in rel:
                    prefetch_file(lake.local_file(rel), args.repo, table)
    except Exception as exc:  # a head start only: the next update reads (and reports) what it needs itself
        _log(args, f"reading ahead what the last update wrote failed: {type(exc).__name__}: {exc}")


def _update(lake, args, files: list[str]):
    """Re-index ``files``: the run's summary (status ``queued`` when another writer, a nightly ``index``, holds
    the repository and applies them; exporting then would only re-export the old rows). This process is detached,
    so it waits for that writer as long as any writer would (``CODELAKE_LOCK_TIMEOUT``), not the post-edit
    command's second."""
    from ..indexing import update
    from ..lake import lock_timeout

    return update(args.root, files, repo=args.repo, lake=lake, wait=lock_timeout())


def _outcome(summary, files: list[str], taken: float) -> dict:
    return {"taken": taken, "files": files, "status": summary.status, "error": summary.error,
            "seconds": round(summary.seconds, 3), "rows": summary.rows}


def _job(lake, args) -> None:
    from ..indexing import index

    started = time.monotonic()
    try:
        if args.job == "index":
            index(args.root, repo=args.repo, lake=lake)
        else:
            index(args.root, repo=args.repo, lake=lake, extractors=[args.agent], logs=args.logs)
        if not args.no_export:
            export(lake, args.repo, None)
        _log(args, f"{args.job} done in {time.monotonic() - started:.2f}s")
    except Exception as exc:
        _log(args, f"{args.job} failed: {type(exc).__name__}: {exc}")


def export(lake, repo: str, files: list[str] | None) -> bool:
    """Re-export what changed, through the exporter's API (``pipeline.exports.export``): with ``files``, just their
    snippets and those naming them, replaced in place in the published export; else the repository. False when no
    exporter is installed."""
    try:
        from ..exports.export import export_repo
    except ImportError:
        return False
    if files and "files" in inspect.signature(export_repo).parameters:
        export_repo(lake, repo, files=files)
    else:
        export_repo(lake, repo)
    return True


def _log(args, text: str) -> None:
    stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
    sys.stderr.write(f"{stamp} {args.repo} {args.job}: {text}\n")
    sys.stderr.flush()


if __name__ == "__main__":
    sys.exit(main())
