"""``pool.Forked``: a full run resolves in a forked child (``parallel.Resolving``); its result, its failures and its
end come back to the run."""

from __future__ import annotations

import os
import signal
import time

import pytest


def _pid_and(value):
    return os.getpid(), value


def _raises(message):
    raise ValueError(message)


def _killed():
    os.kill(os.getpid(), signal.SIGKILL)


def _sleeps():
    time.sleep(60)


def test_the_result_is_computed_in_another_process_and_handed_back():
    import pyarrow as pa

    from extractors.structure.pool import Forked

    table = pa.table({"a": pa.array(["x", "y", "x"]).dictionary_encode()})
    pid, value = Forked(_pid_and, table).result()
    assert pid != os.getpid()
    assert value.equals(table)


def test_the_childs_exception_is_raised_again_in_the_parent():
    from extractors.structure.pool import Forked

    with pytest.raises(ValueError, match="no such module"):
        Forked(_raises, "no such module").result()


def test_a_child_that_dies_fails_the_result_never_gives_none():
    from extractors.structure.pool import Forked

    with pytest.raises(ChildProcessError, match="SIGKILL"):
        Forked(_killed).result()


def test_stop_ends_a_running_child_and_reaps_it():
    from extractors.structure.pool import Forked

    child = Forked(_sleeps)
    pid, started = child.pid, time.monotonic()
    child.stop()
    assert time.monotonic() - started < 10
    with pytest.raises(ChildProcessError):  # reaped: no zombie left
        os.waitpid(pid, os.WNOHANG)
    child.stop()  # a second stop (``abandon`` after ``edges``) does nothing


def _slow(x):
    time.sleep(2)
    return x


def _pool_in_child(mark):
    from extractors.structure.parallel import _fork_pool

    with _fork_pool(2) as pool:
        mark.write_text(" ".join(str(p.pid) for p in pool._pool))
        return pool.map(_slow, range(60), chunksize=1)


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


def test_stop_ends_the_workers_the_child_forked(tmp_path, capfd):
    """A run failing while the child resolves its slices: the slices' workers end with the child, at once and
    quietly (left alone they would finish their slice, then die on a broken pipe, each printing a traceback)."""
    from extractors.structure.pool import Forked

    mark = tmp_path / "workers"
    child = Forked(_pool_in_child, mark)
    deadline = time.monotonic() + 60
    while not mark.exists() or not mark.read_text():
        assert time.monotonic() < deadline
        time.sleep(0.1)
    workers = [int(p) for p in mark.read_text().split()]
    assert all(map(_running, workers))
    child.stop()
    deadline = time.monotonic() + 10
    while any(map(_running, workers)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(map(_running, workers))
    time.sleep(3)  # past a slice's time: nothing wrote a traceback
    assert "Traceback" not in capfd.readouterr().err


def test_an_interrupted_wait_stops_the_child():
    """Ctrl-C reaches the terminal's foreground group, not the child's own: a run interrupted while it waits for the
    edges stops the child instead of waiting for it to finish."""
    from extractors.structure.pool import Forked

    child = Forked(_sleeps)
    pid = child.pid
    previous = signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    signal.alarm(1)
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            child.result()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert time.monotonic() - started < 20
    assert not _running(pid)
