"""The warm worker's export child is a fresh interpreter, not a fork of the worker: it maps none of what the worker
holds (the update's modules, tree-sitter's grammars, the kept shards), and what a forked child had from the worker's
memory it is sent (the token counts, git's answers). Real worker processes, a real git repository, the real
tokenizer behind a ``bpe_openai`` first on the worker's path whose ``_bindings`` logs what the process loading it
holds."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from tests.test_hooks import FILES, _stop_worker, demo  # noqa: F401 - ``demo`` is a fixture
from tests.test_warm_memory import _loaders, _record, loads  # noqa: F401 - ``loads`` is a fixture
from tests.test_warm_worker import _gone, _handed, _standby, _start, _worker

pytestmark = [pytest.mark.skipif(not hasattr(os, "posix_spawn"), reason="the export child is spawned"),
              pytest.mark.skipif(importlib.util.find_spec("bpe_openai") is None, reason="bpe-openai counts tokens")]


def _core(root: Path, extra: str) -> None:
    (root / "pkg" / "core.py").write_text(FILES["pkg/core.py"] + extra)


def test_the_export_child_holds_none_of_the_workers_update(demo, monkeypatch, loads):
    """A new definition's text is counted by the export child: a process of the worker's (its child, in a session
    of its own) that has DuckDB and the tokenizer but neither the update's modules nor tree-sitter's libraries,
    which the worker holds (a forked child held all of the worker's pages: its peak stood on them)."""
    lake, root = demo
    try:
        _start(lake, root, monkeypatch)
        _standby(lake)
        worker = _worker(lake)
        seen = len(_loaders(loads))
        _core(root, "\n\ndef fresh():\n    return 2\n")
        _handed(lake, root, ["pkg/core.py"])
        _standby(lake)
        record = _record(lake, "pkg/core.py")
        assert "fresh" in record["text"]
        (child,) = _loaders(loads)[seen:]
        assert child["pid"] != worker and child["ppid"] == worker and child["sid"] == child["pid"]
        assert child["duckdb_mapped"]  # the process that exported
        assert child["modules"] == [] and not child["tree_sitter_mapped"], child
        maps = Path(f"/proc/{worker}/maps").read_text()
        assert "tree_sitter" in maps  # what the worker holds and the child does not

        from pipeline.exports import tokens

        assert record["tokens"] == tokens.count(record["text"])  # the real count
        seen = len(_loaders(loads))
        _core(root, "\n\ndef fresh():\n    # a comment: the snippet's text stays\n    return 2\n")
        _handed(lake, root, ["pkg/core.py"])
        _standby(lake)
        assert _record(lake, "pkg/core.py")["text"] == record["text"]
        assert len(_loaders(loads)) == seen  # counted from what it was sent: no tokenizer loaded
    finally:
        _stop_worker(lake)


def _own_session(worker: int) -> list[int]:
    from tests.bench.bench_lake import _children

    out = []
    for child in _children(worker):
        try:
            if os.getsid(child) == child:
                out.append(child)
        except OSError:
            pass
    return out


def _export_ahead(worker: int) -> int:
    """The export child the idle worker started ahead for its next batch (a session of its own)."""
    import time

    from tests.test_hooks import TIMEOUT

    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        ahead = _own_session(worker)
        if len(ahead) == 1:
            return ahead[0]
        time.sleep(0.05)
    raise AssertionError(f"no export child started ahead: {_own_session(worker)}")


def test_the_export_child_started_while_idle_exports_the_next_edit(demo, monkeypatch, loads):
    """Once a batch is over the worker starts the next batch's export child (its interpreter, DuckDB, the
    connection: off the edit's path); that child exports the next edit from the snapshot the update published, and
    a new one waits after it."""
    lake, root = demo
    try:
        _start(lake, root, monkeypatch)
        _standby(lake)
        worker = _worker(lake)
        for name in ("fresh", "later"):
            ahead = _export_ahead(worker)
            seen = len(_loaders(loads))
            _core(root, f"\n\ndef {name}():\n    return 2\n")
            _handed(lake, root, ["pkg/core.py"])
            _standby(lake)
            record = _record(lake, "pkg/core.py")
            assert name in record["text"]  # the edit's snapshot, not the one the child connected to
            (child,) = _loaders(loads)[seen:]
            assert child["pid"] == ahead  # the child started ahead exported it, and left
            assert _gone(ahead)
    finally:
        _stop_worker(lake)
