"""The detached worker behind the hooks: ``python -m pipeline.hooks.worker JOB --lake L --repo R --root ROOT``.

Jobs (one worker per job and repository at a time, by ``flock`` on ``<lake>/_hooks/<repo>.<job>.lock``):

* ``refresh``: re-index the files queued by post-edit hooks (``pipeline.indexing.update``) and re-export their
  snippets (the exporter's per-file mode: those files and the snippets naming them, not the repository); loops
  until the queue is empty, so ten quick edits cost one or two updates, not ten. The log line gives the update's
  and the export's seconds apart.
* ``index``: an incremental ``index`` of the whole repository (SessionStart found the index behind HEAD), then export.
* ``ingest``: read the session's own transcript into ``tool_calls`` (``--agent claude_code|codex --logs FILE``),
  then export (the digest lists recent agent activity).

Bounded: niced, a CPU-time limit (``RLIMIT_CPU``) and a wall-clock alarm (``CODELAKE_HOOK_JOB_TIMEOUT``, default
900 s); killed at either, the lake keeps its previous snapshot (writes are atomic).
"""

from __future__ import annotations

import argparse
import fcntl
import inspect
import os
import resource
import signal
import sys
import time
from datetime import datetime, timezone

from . import background

DEFAULT_TIMEOUT = 900.0
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
    _bound(float(os.environ.get("CODELAKE_HOOK_JOB_TIMEOUT") or DEFAULT_TIMEOUT))
    lock_path = os.path.join(background.state_dir(args.lake, create=True), f"{args.repo}.{args.job}.lock")
    with open(lock_path, "a+") as lock:
        try:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return 0  # another worker has the job; it will see our queue too
        finally:
            background.started(args.lake, args.repo, args.job)
        return _run(args, lock)


def _bound(timeout: float) -> None:
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


def _run(args, lock) -> int:
    from ..lake import Lake

    lake = Lake(args.lake)
    if args.job == "refresh":
        while True:
            _refresh_queue(lake, args)
            fcntl.flock(lock.fileno(), fcntl.LOCK_UN)
            if not background.queued(args.lake, args.repo):
                return 0
            try:  # an edit queued while we were finishing: take the job again (unless a new worker did)
                fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return 0
    _job(lake, args)
    return 0


def _refresh_queue(lake, args) -> None:
    folder = background.state_dir(args.lake)
    pending, inflight = (os.path.join(folder, f"{args.repo}.{s}") for s in ("pending", "inflight"))
    while True:
        try:
            os.replace(pending, inflight)  # new edits start a fresh pending file
        except FileNotFoundError:
            return
        with open(inflight, encoding="utf-8", errors="surrogateescape") as fh:
            files = sorted({line.rstrip("\n") for line in fh if line.strip()})
        started = time.monotonic()
        try:
            updated = started
            if files and _update(lake, args, files):
                updated = time.monotonic()
                export(lake, args.repo, files)
            elif files:
                _log(args, f"queued {len(files)} file(s) behind another writer, which applies them: no export")
                continue
            _log(args, f"refreshed {len(files)} file(s) in {time.monotonic() - started:.2f}s (update "
                       f"{updated - started:.2f}s, export {time.monotonic() - updated:.2f}s): {', '.join(files[:5])}")
        except Exception as exc:  # one bad batch costs only itself
            _log(args, f"refresh of {', '.join(files[:5])} failed: {type(exc).__name__}: {exc}")
        finally:
            os.unlink(inflight)


def _update(lake, args, files: list[str]) -> bool:
    """Re-index ``files``; False when they were queued for another writer (a nightly ``index``) instead. This
    process is detached, so it waits for that writer as long as any writer would (``CODELAKE_LOCK_TIMEOUT``), not
    the post-edit command's second; exporting after a queued update would only re-export the old rows."""
    from ..indexing import update
    from ..lake import lock_timeout

    return update(args.root, files, repo=args.repo, lake=lake, wait=lock_timeout()).status != "queued"


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
