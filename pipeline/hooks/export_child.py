"""The warm refresh worker's per-file export, in a child forked when a batch is taken.

The export's DuckDB connection with its views bound (~35 MiB) and the ``o200k_base`` tokenizer (~66 MiB) were the
worker's for its whole life, on top of the update's imports and kept shards: a sympy worker stood at ~300 MiB between
edits. A child forked at the start of each batch imports DuckDB and connects while the worker updates (two cores: the
update waits for neither), waits for the update's outcome, exports and exits; what it loaded leaves with it. It
shares the worker's pages until one of them writes to them, so its own cost is what it loads. The tokenizer it loads
only for a text no earlier export counted (``_recording``): the worker keeps the counts its last children sent back.

The child dies with the worker (``PR_SET_PDEATHSIG``: the batch's alarm kills the worker); a child that cannot be
forked leaves the export to the worker itself.
"""

from __future__ import annotations

import gc
import json
import os
import signal

from ..childproc import fork_linked, read_all, write_all

# what a forked child loads before the worker asks it to export (the views of a per-file export whose history
# facts are reused from the previous snippets: the usual edit)
WARM_VIEWS = ["file_structure_cards"]


def preload() -> None:
    """Import in the worker, once, the exporter's own modules (light: a forked child shares them). Not DuckDB: in
    the worker it held ~16 MiB of the library's pages for the worker's whole life (its peak, sympy: 191 MiB), for
    the children alone to use; each child imports it itself (~0.065 s of CPU) while the worker updates, in the time
    it no longer spends loading the tokenizer (``_recording``)."""
    try:
        from ..exports import export  # noqa: F401
    except ImportError:
        pass


class ExportFailed(Exception):
    """The child's export raised, or the child died: the message says which."""


class ExportChild:
    """One batch's export child: ``run(files)`` once the update is published, else ``close()`` (it leaves)."""

    def __init__(self, pid: int, go: int, done: int):
        self.pid, self.go, self.done = pid, go, done

    @classmethod
    def start(cls, lake, repo: str) -> "ExportChild | None":
        """Fork the child (it starts loading at once); None when it cannot be forked."""
        worker = os.getpid()
        link = fork_linked()
        if link is None:
            return None
        if link.pid == 0:  # pragma: no cover - the child; its coverage is the worker's exports
            _child_main(lake, repo, link.reads, link.writes, worker)
        return cls(link.pid, link.writes, link.reads)

    def run(self, files: list[str]) -> None:
        """Export ``files`` in the child and wait for it; ``ExportFailed`` when it did not."""
        try:
            write_all(self.go, json.dumps(files).encode())
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


def _child_main(lake, repo: str, go: int, done: int, worker: int) -> None:
    status = 1
    try:
        gc.freeze()  # its collections never walk (and so copy) the worker's objects
        _die_with_worker(worker)
        _own_session()
        _warm_up(lake, repo)
        request = read_all(go)
        if request:
            from .worker import export

            counted = _recording()
            export(type(lake)(lake.root), repo, json.loads(request))
            write_all(done, b"ok" + _counts(counted))
        status = 0
    except BaseException as exc:  # reported to the worker, which logs it as the batch's export failure
        try:
            write_all(done, f"{type(exc).__name__}: {exc}"[:2000].encode())
        except OSError:
            pass
    finally:
        os._exit(status)


def _warm_up(lake, repo: str) -> None:
    """Load what the export needs before it is asked (a failure here is the export's to report, if it fails
    again)."""
    try:
        from ..exports import export, tokens
    except ImportError:
        return
    try:  # not the tokenizer: most edits' snippets are counted from what the worker remembers (``_recording``)
        export.keep_catalogs()
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


def _own_session() -> None:
    """A session of its own: the kernel's autogroup scheduling shares a session's CPU among its processes, so on a
    busy machine the child's loading (~0.2 s of CPU) came out of the update's share, which the agent waits for
    (sympy, load 15 on 2 cores: the worker's updates 0.6-1.0 -> 1.6-1.8 s)."""
    try:
        os.setsid()
    except OSError:
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
