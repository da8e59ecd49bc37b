"""A function computed in a forked child process, its result handed back through a pipe.

A full run resolves in such a child (``parallel.Resolving``): resolution's serial start (``prepare``, pure Python)
then holds a core of its own while the parent writes the tables it has, instead of sharing the parent's GIL with
the writes' Python parts."""

from __future__ import annotations

import gc
import os
import pickle
import signal

from pipeline.childproc import write_all


class Forked:
    """``fn(*args)`` begun in a forked child; ``result()`` waits for it (its exception raised again here), ``stop()``
    kills it. The child dies with its parent, and on SIGTERM whatever handler the parent had (``parallel._fork_pool``
    says why)."""

    def __init__(self, fn, *args):
        read_end, write_end = os.pipe()
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
        gc.freeze()  # the child's collections then never walk (and so copy) the objects it shares with the parent
        try:
            pid = os.fork()
            if pid == 0:  # pragma: no cover - the child; its coverage is the parent's result
                os.close(read_end)
                _child_main(fn, args, write_end)
        finally:  # the parent's (the child never returns from ``_child_main``)
            gc.unfreeze()
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        os.close(write_end)
        self.pid, self.read_end = pid, read_end

    def result(self):
        chunks = []
        try:
            while chunk := os.read(self.read_end, 1 << 20):
                chunks.append(chunk)
        except BaseException:  # Ctrl-C while waiting: the child, in a group of its own, did not get it
            self.stop()
            raise
        status = self._reap()
        if not chunks:
            raise ChildProcessError(f"resolution's process ended without a result ({_described(status)})")
        ok, value = pickle.loads(b"".join(chunks))
        if not ok:
            raise value
        return value

    def stop(self) -> None:
        """Kills the child if it still runs, and the workers it forked (its process group: killed alone, they would
        finish their task and die on a broken pipe, each printing its traceback)."""
        if self.pid is not None:
            try:
                os.killpg(self.pid, signal.SIGKILL)
            except OSError:  # not yet its own group
                try:
                    os.kill(self.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            self._reap()

    def _reap(self) -> int | None:
        if self.pid is None:
            return None
        os.close(self.read_end)
        pid, self.pid = self.pid, None
        try:
            return os.waitpid(pid, 0)[1]
        except ChildProcessError:
            return None


def _child_main(fn, args, out: int) -> None:
    status = 1
    try:
        die_with_parent()
        try:
            os.setpgid(0, 0)  # its own process group, which its workers join: ``stop`` ends them all at once
        except OSError:
            pass
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
        try:
            payload = pickle.dumps((True, fn(*args)), protocol=pickle.HIGHEST_PROTOCOL)
        except BaseException as exc:  # noqa: BLE001 - raised again in the parent
            payload = _pickled_failure(exc)
        write_all(out, payload)
        status = 0
    finally:
        os._exit(status)


def _pickled_failure(exc: BaseException) -> bytes:
    try:
        return pickle.dumps((False, exc), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - an exception that does not pickle: its text
        return pickle.dumps((False, RuntimeError(f"{type(exc).__name__}: {exc}")))


def die_with_parent() -> None:
    """Never outlive the parent (a killed run's child would hold the lake's lock files open alone)."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _described(status: int | None) -> str:
    if status is None:
        return "not reaped"
    if os.WIFSIGNALED(status):
        return f"killed by {signal.Signals(os.WTERMSIG(status)).name}"
    return f"exit status {os.WEXITSTATUS(status)}"
