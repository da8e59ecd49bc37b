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
