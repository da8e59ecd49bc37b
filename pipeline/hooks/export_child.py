"""The warm refresh worker's per-file export, in a child process started ahead while the worker idles.

The export's DuckDB connection with its views bound (~35 MiB) and the ``o200k_base`` tokenizer (~66 MiB) were the
worker's for its whole life, on top of the update's imports and kept shards: a sympy worker stood at ~300 MiB between
edits. A child started once a batch is over (``prepare_standby``; when none waits, as the next batch is taken)
imports DuckDB and connects, waits for the next update's outcome, refreshes its connection to the snapshot that
update published, exports and exits; what it loaded leaves with it. The
tokenizer it loads only for a text no earlier export counted (``_recording``): the worker keeps the counts its last
children sent back, and hands them over with the files to export.

A fresh interpreter, not a fork of the worker: a forked child's page tables held every page the worker had (its kept
shards, its parse's grammars and objects: 59 MiB on sympy, more on site-packages) before it loaded anything, and its
peak stood on them (sympy hub 193 MiB, site-packages ~225). What it took from the worker by the fork it is sent with
the request instead: the token counts and ``repos.git_facts``' answers (an export with no git process).

The child dies with the worker (``PR_SET_PDEATHSIG``: the batch's alarm kills the worker); a child that cannot be
started leaves the export to the worker itself.
"""

from __future__ import annotations

import json
import os
import pickle
import signal
import sys
from typing import NamedTuple

from ..childproc import read_all, write_all

# what a child loads before the worker asks it to export (the views of a per-file export whose history facts are
# reused from the previous snippets: the usual edit)
WARM_VIEWS = ["file_structure_cards"]
# the child's own interpreter: it imports codelake's modules from the worker's environment (``background.
# _worker_env``: never the repository's folder, where the worker runs), then waits for its request
BOOT = "from pipeline.hooks.export_child import main; main()"


class _Standby(NamedTuple):
    """An export child started while the worker idled, for the next batch of ``key`` (lake root, repository)."""

    key: tuple[str, str]
    child: "ExportChild"


_standby: _Standby | None = None


def prepare_standby(lake, repo: str) -> bool:
    """Start the next batch's export child now, while the worker idles (kept when alive): its interpreter, DuckDB's
    import, the connection and the views (~0.2 s of CPU) are then off the edit's path, where on two busy cores they
    came out of the update's share. It refreshes its connection to the snapshot the update publishes
    (``export.files_catalog``). False when none could be started (the batch starts its own, as before)."""
    global _standby
    key = (str(lake.root), repo)
    if _standby is not None and _standby.key == key and _standby.child.alive():
        return True
    discard_standby()
    child = ExportChild._spawn(lake, repo)
    _standby = _Standby(key, child) if child is not None else None
    return child is not None


def discard_standby() -> None:
    """Stop the export child started ahead, if any (the worker leaving)."""
    global _standby
    standby, _standby = _standby, None
    if standby is not None:
        standby.child.close()


class ExportFailed(Exception):
    """The child's export raised, or the child died: the message says which."""


class ExportChild:
    """One batch's export child: ``run(files)`` once the update is published, else ``close()`` (it leaves)."""

    def __init__(self, pid: int, go: int, done: int):
        self.pid, self.go, self.done = pid, go, done

    @classmethod
    def start(cls, lake, repo: str) -> "ExportChild | None":
        """The child started ahead for this lake and repository while the worker idled (``prepare_standby``), if it
        is still alive; else a new one (it starts loading at once). None when none can be started."""
        global _standby
        standby, _standby = _standby, None
        if standby is not None:
            if standby.key == (str(lake.root), repo) and standby.child.alive():
                return standby.child
            standby.child.close()
        return cls._spawn(lake, repo)

    @classmethod
    def _spawn(cls, lake, repo: str) -> "ExportChild | None":
        from .background import _worker_env

        down_read, down_write = os.pipe()
        up_read, up_write = os.pipe()
        os.set_inheritable(down_read, True)
        os.set_inheritable(up_write, True)
        argv = [sys.executable, "-c", BOOT, str(lake.root), repo, str(down_read), str(up_write), str(os.getpid())]
        try:
            # its own session: the kernel's autogroup scheduling shares a session's CPU among its processes, so on
            # a busy machine the child's loading came out of the update's share, which the agent waits for
            pid = os.posix_spawn(sys.executable, argv, _worker_env(), setsid=True)
        except OSError:
            for fd in (down_write, up_read):
                os.close(fd)
            return None
        finally:
            os.close(down_read)
            os.close(up_write)
        return cls(pid, down_write, up_read)

    def alive(self) -> bool:
        """Whether the child still waits for its request (one that exited is reaped here)."""
        try:
            pid, _ = os.waitpid(self.pid, os.WNOHANG)
        except ChildProcessError:
            pid = self.pid
        if pid == 0:
            return True
        self.pid = None
        self.close()
        return False

    def run(self, files: list[str]) -> None:
        """Export ``files`` in the child and wait for it; ``ExportFailed`` when it did not."""
        try:
            payload = _request(files)
            write_all(self.go, len(payload).to_bytes(8, "big") + payload)
        except OSError:  # it died already: its status says how
            pass
        os.close(self.go)
        self.go = None
        answer = read_all(self.done)
        os.close(self.done)
        self.done = None
        status = self._reap()
        if not answer.startswith(b"ok"):
            raise ExportFailed(answer.decode("utf-8", "replace") or _death(status))
        _remember(answer[2:])

    def close(self) -> None:
        """Let the child go (no export this batch, or after ``run``). One never asked to export is killed, not waited
        for: its loading (seconds on a busy machine) would hold the worker after a failed update, which a hook may
        already have been told of."""
        if self.go is not None:
            os.close(self.go)
            self.go = None
            if self.pid is not None:
                try:
                    os.kill(self.pid, signal.SIGKILL)
                except OSError:
                    pass
        if self.done is not None:
            os.close(self.done)
            self.done = None
        if self.pid is not None:
            self._reap()

    def _reap(self) -> int:
        pid, self.pid = self.pid, None
        try:
            return os.waitpid(pid, 0)[1]
        except ChildProcessError:
            return 0


def main() -> None:
    """The child's interpreter: ``BOOT`` with the lake, the repository, its two pipes' ends and the worker's pid."""
    lake_root, repo, go, done, worker = sys.argv[1:6]
    _die_with_worker(int(worker))
    _lean()
    _child_main(lake_root, repo, int(go), int(done))


def _child_main(lake_root: str, repo: str, go: int, done: int) -> None:
    status = 1
    try:
        from ..lake import Lake

        lake = Lake(lake_root)
        _warm_up(lake, repo)
        request = _read_request(go)
        if request:
            from .worker import export

            files = _adopt(pickle.loads(request))
            counted = _recording()
            export(Lake(lake_root), repo, files)  # the lake as it is now (started ahead, it waited for the update)
            write_all(done, b"ok" + _counts(counted))
        status = 0
    except BaseException as exc:  # reported to the worker, which logs it as the batch's export failure
        try:
            write_all(done, f"{type(exc).__name__}: {exc}"[:2000].encode())
        except OSError:
            pass
    finally:
        os._exit(status)


def _read_request(fd: int) -> bytes:
    """The request, its length first: not read to the pipe's end, as every process the worker forks while this
    child waits (a parse child during the update) holds a copy of the pipe's other end (b"": the worker closed it
    without asking, or died)."""
    header = _read_exactly(fd, 8)
    return _read_exactly(fd, int.from_bytes(header, "big")) if len(header) == 8 else b""


def _read_exactly(fd: int, size: int) -> bytes:
    chunks, left = [], size
    while left:
        chunk = os.read(fd, min(left, 1 << 16))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _lean() -> None:
    """What the worker set up for itself and its forked children before: neither pandas nor numpy (nothing of the
    export uses them) and one malloc arena (``worker._lean``, ``worker._one_arena``)."""
    from .. import lean
    from ..cli.common import one_malloc_arena

    one_malloc_arena()
    lean.refuse("pandas", "numpy")


def _request(files: list[str]) -> bytes:
    """In the worker: the files to export, with what a forked child had from the worker's memory: the token counts
    its last children sent (``tokens.known``) and ``repos.git_facts``' answers, which save the export a ``git``
    process while HEAD is as the update found it."""
    from .. import repos

    state = {"files": files, "git": dict(repos._known)}
    try:
        from ..exports import tokens

        state["counts"], state["tokenizer"] = tokens.known(), tokens.expected_name()
    except ImportError:
        pass
    return pickle.dumps(state)


def _adopt(state: dict) -> list[str]:
    """In the child: take over what ``_request`` sent; the files to export."""
    from .. import repos

    repos._known.update(state.get("git") or {})
    if state.get("counts"):
        from ..exports import tokens

        tokens.remember(state["counts"], state["tokenizer"])
    return state["files"]


def _warm_up(lake, repo: str) -> None:
    """Load what the export needs before it is asked (a failure here is the export's to report, if it fails
    again)."""
    try:
        from ..exports import export
    except ImportError:
        return
    try:  # not the tokenizer: most edits' snippets are counted from what the worker remembers (``_recording``)
        export.keep_catalogs(one_export=True)  # closed before the rendering: it exits after this export
        export.files_catalog(lake, repo, WARM_VIEWS)
    except Exception:
        pass


def _recording() -> dict | None:
    """The counts this export makes or looks up, for the worker to hand to the next batch's child: the export child
    loads the ``o200k_base`` tokenizer (~67 MiB, 0.07 s of CPU) only for a text no earlier export counted; an edit
    inside a body leaves its file's snippet text (names, paths, numbers) as it was."""
    try:
        from ..exports import tokens
    except ImportError:
        return None
    return tokens.recording()


def _counts(counted: dict | None) -> bytes:
    if not counted:
        return b""
    from ..exports import tokens

    return json.dumps({"tokenizer": tokens.expected_name(), "counts": counted}).encode()


def _remember(payload: bytes) -> None:
    """In the worker: keep the counts the child sent (``tokens.remember``; a payload it cannot read is ignored)."""
    if not payload:
        return
    try:
        from ..exports import tokens

        sent = json.loads(payload)
        tokens.remember(sent["counts"], sent["tokenizer"])
    except (ImportError, ValueError, KeyError, TypeError, AttributeError):
        pass


def _die_with_worker(worker: int) -> None:
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != worker:  # the worker died before the line above
        os._exit(1)


def _death(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"the export child was killed ({signal.Signals(os.WTERMSIG(status)).name})"
    return f"the export child exited with status {os.WEXITSTATUS(status)} without a word"
