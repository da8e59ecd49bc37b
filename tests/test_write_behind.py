"""``shards.WriteBehind``: a lake run's batches written on a thread behind the extractor."""

import os
import time

import pytest

from pipeline.shards import WriteBehind


def test_writes_run_in_order_and_wait_ends_them():
    behind, done = WriteBehind(), []
    for i in range(5):
        behind.submit(lambda i=i: (time.sleep(0.01), done.append(i)), 10)
    behind.wait()
    assert done == [0, 1, 2, 3, 4]
    assert behind.thread is None and behind.pending == 0


def test_a_failed_write_is_raised_in_the_caller_and_the_rest_are_dropped():
    behind, done = WriteBehind(), []

    def fail():
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):  # by the next submit, or by the wait
        behind.submit(fail, 1)
        behind.submit(lambda: done.append("after"), 1)
        behind.wait()
    assert done == []
    behind.wait()  # raised once


def test_the_pending_rows_are_bounded(monkeypatch):
    monkeypatch.setattr(WriteBehind, "PENDING_ROWS", 100)
    behind, running = WriteBehind(), []
    behind.submit(lambda: (time.sleep(0.05), running.append(1)), 80)
    behind.submit(lambda: running.append(2), 80)  # over the bound: waits for the first
    assert running[:1] == [1]
    behind.wait()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork")
def test_a_fork_waits_for_the_writes():
    """A forked child never starts while a write holds Arrow's locks: it sees every write done."""
    behind, done = WriteBehind(), []
    behind.submit(lambda: (time.sleep(0.2), done.append(1)), 1)
    pid = os.fork()
    if pid == 0:  # the child
        os._exit(0 if done == [1] else 1)
    _, status = os.waitpid(pid, 0)
    assert os.WEXITSTATUS(status) == 0
    assert behind.thread is None
