"""What the warm refresh worker and its export child hold: the child counts a snippet's tokens from the counts earlier
exports made (the ``o200k_base`` tables loaded only for a text none counted), the worker maps neither numpy nor
DuckDB, and its memory stays flat edit after edit. Real worker processes, a real git repository, the real tokenizer
behind a ``bpe_openai`` first on the path that logs each process loading it."""

from __future__ import annotations

import importlib.util
import json
import os
import time
from pathlib import Path

import pytest

from tests.test_hooks import FILES, _stop_worker, cli, demo  # noqa: F401 - ``demo`` is a fixture
from tests.test_warm_worker import _handed, _standby, _start, _worker

pytestmark = [pytest.mark.skipif(not hasattr(os, "posix_spawn"), reason="the export child is spawned"),
              pytest.mark.skipif(importlib.util.find_spec("bpe_openai") is None, reason="bpe-openai counts tokens")]

# every shim's end: the real extension loaded in the shim's place (the counts are the real ones)
REAL_EXTENSION = '''_path = glob.glob(os.path.join({real!r}, "_bindings*.so"))[0]
_loader = importlib.machinery.ExtensionFileLoader(__name__, _path)
_real = importlib.util.module_from_spec(importlib.util.spec_from_file_location(__name__, _path, loader=_loader))
_loader.exec_module(_real)
globals().update({{k: v for k, v in vars(_real).items() if not k.startswith("__")}})
'''

# the process loading the tokenizer (the export child, for a text no export counted) says what it holds (a JSON line:
# its pid, session, codelake modules and mapped libraries), then loads the real extension
SHIM = '''import glob, importlib.machinery, importlib.util, json, os, sys
with open("/proc/self/maps") as maps:
    mapped = maps.read()
with open({log!r}, "a") as fh:
    fh.write(json.dumps({{"pid": os.getpid(), "ppid": os.getppid(), "sid": os.getsid(0),
                         "modules": sorted(m for m in sys.modules if m.startswith(("extractors", "tree_sitter",
                                                                                   "pipeline.indexing"))),
                         "tree_sitter_mapped": "tree_sitter" in mapped, "duckdb_mapped": "_duckdb" in mapped}}) + "\\n")
''' + REAL_EXTENSION


@pytest.fixture
def loads(tmp_path, monkeypatch) -> Path:
    """A ``bpe_openai`` first on the worker's path: its ``_bindings`` logs each process that loads the tokenizer
    (``SHIM``: its pid, session, modules), then is the real extension (the counts are the real ones)."""
    return shimmed(tmp_path, monkeypatch, SHIM)


def shimmed(tmp_path: Path, monkeypatch, shim_text: str) -> Path:
    """``shim_text`` (formatted with the log's path and the real package's folder) as ``bpe_openai._bindings``
    first on the path of every process the test starts; the log it writes."""
    real = list(importlib.util.find_spec("bpe_openai").submodule_search_locations)[0]
    shim = tmp_path / "shim" / "bpe_openai"
    shim.mkdir(parents=True)
    (shim / "__init__.py").write_text("")
    log = tmp_path / "tokenizer.log"
    (shim / "_bindings.py").write_text(shim_text.format(log=str(log), real=real))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(shim.parent), os.environ.get("PYTHONPATH")])))
    return log


def _loaders(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def _loaded(log: Path) -> int:
    return len(_loaders(log))


def _record(lake, rel: str) -> dict:
    return json.loads((lake / "_exports" / "demo" / "snippets" / (rel + ".json")).read_text())


def _exact(record: dict) -> bool:
    from pipeline.exports import tokens

    assert tokens.name() == "o200k_base (bpe-openai)"
    return record["tokens"] == tokens.count(record["text"])


def _started(lake, root: Path, monkeypatch) -> None:
    """A warm worker whose first batch is over, its export too (only the parse child forked ahead is left)."""
    _start(lake, root, monkeypatch)
    _standby(lake)


def _core(root: Path, body: str = "    return 1\n", extra: str = "") -> None:
    (root / "pkg" / "core.py").write_text(FILES["pkg/core.py"].replace("    return 1\n", body, 1) + extra)


def test_an_edit_that_keeps_the_snippets_text_loads_no_tokenizer(demo, monkeypatch, loads):
    lake, root = demo
    try:
        _started(lake, root, monkeypatch)
        before = _record(lake, "pkg/core.py")
        seen = _loaded(loads)
        _core(root, "    # a comment: nothing the snippet names changes\n    return 1\n")
        _handed(lake, root, ["pkg/core.py"])
        after = _record(lake, "pkg/core.py")
        assert after["blob_sha"] != before["blob_sha"]  # re-exported
        assert after["text"] == before["text"] and _exact(after)
        assert _loaded(loads) == seen  # counted from the old record: no process loaded the tables

        _core(root, extra="\n\ndef fresh():\n    return 2\n")  # a new definition: the snippet says so
        _handed(lake, root, ["pkg/core.py"])
        changed = _record(lake, "pkg/core.py")
        assert changed["text"] != after["text"] and "fresh" in changed["text"]
        assert _exact(changed)  # a text nobody counted: the export child loaded the tokenizer for it
        assert _loaded(loads) == seen + 1
        assert _loaders(loads)[-1]["pid"] != _worker(lake)  # the child did, not the worker
    finally:
        _stop_worker(lake)


def _full_count(lake) -> int:
    """The tokens of pkg/core.py's snippet with every item (the whole export's default budget fits it)."""
    from pipeline.exports import tokens

    return tokens.count("pkg/core.py · hotspot #1 (new) · owner Ada 100%\nmost used: Store x1 (app), load x1 (app)"
                        "\nused by: pkg/app.py")


def test_a_fitted_snippets_counts_are_handed_to_the_next_batchs_child(demo, monkeypatch, loads):
    """A snippet over its budget is counted again at each item dropped: the old record holds only the last count;
    the worker keeps what its last export child counted for the next one."""
    lake, root = demo
    cli(lake, "export", "--snippet-budget", "30")
    full = _record(lake, "pkg/core.py")
    assert "…" not in full["text"] and full["tokens"] <= 30 < _full_count(lake)
    try:
        _started(lake, root, monkeypatch)
        _core(root, "    # one\n    return 1\n")
        seen = _loaded(loads)
        _handed(lake, root, ["pkg/core.py"])
        assert _loaded(loads) == seen + 1  # the longer candidates had never been counted
        first = _record(lake, "pkg/core.py")
        assert first["text"] == full["text"] and _exact(first)
        for n in range(2, 4):
            _core(root, f"    # {n}\n    return 1\n")
            _handed(lake, root, ["pkg/core.py"])
            again = _record(lake, "pkg/core.py")
            assert again["text"] == full["text"] and again["tokens"] == first["tokens"]
        assert _loaded(loads) == seen + 1
    finally:
        _stop_worker(lake)


def _maps(pid: int) -> str:
    with open(f"/proc/{pid}/maps") as fh:
        return fh.read()


def _rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("VmRSS:"))


def _idle_rss(lake, pid: int) -> int:
    """The worker's resident memory once its batch is over and it collected (its CPU time no longer moving)."""
    last = None
    while True:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        now = (fields[11], fields[12])
        if now == last:
            return _rss_kib(pid)
        last = now
        time.sleep(0.3)


def test_the_worker_maps_neither_numpy_nor_duckdb_and_stays_flat_over_50_edits(demo, monkeypatch):
    lake, root = demo
    monkeypatch.setenv("CODELAKE_WALK_INDEX", "off")  # an update's is built by a process of its own (the suite: sync)
    try:
        _started(lake, root, monkeypatch)
        worker = _worker(lake)
        rss = {}
        for n in range(1, 51):
            _core(root, extra=f"\n\ndef edit_{n % 3}():\n    return load() + {n}\n")
            _handed(lake, root, ["pkg/core.py"])
            if n in (10, 50):
                rss[n] = _idle_rss(lake, worker)
        assert _worker(lake) == worker  # one worker took every edit
        assert f"edit_{50 % 3}" in _record(lake, "pkg/core.py")["text"]
        maps = _maps(worker)
        assert "pyarrow/libarrow" in maps  # it updated in process
        assert "_multiarray_umath" not in maps and "_duckdb" not in maps
        assert rss[50] - rss[10] < 4096, rss  # KiB: no growth with the edits
    finally:
        _stop_worker(lake)
