"""The per-file export's structure cards in two statements (``file_structure_uses``, ``file_structure_unused``: the
two parts ``file_structure_cards`` joins), and its DuckDB connection closed before it renders: what the export child
holds when it loads the tokenizer for a new snippet text. Real worker processes, a real git repository, the real
tokenizer behind a ``bpe_openai`` first on the worker's path whose ``_bindings`` logs what the loading process
holds."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from tests.test_hooks import FILES, _stop_worker, demo  # noqa: F401 - ``demo`` is a fixture
from tests.test_warm_memory import REAL_EXTENSION, _loaders, _record, shimmed
from tests.test_warm_worker import _handed, _standby, _start

pytestmark = [pytest.mark.skipif(not hasattr(os, "posix_spawn"), reason="the export child is spawned"),
              pytest.mark.skipif(importlib.util.find_spec("bpe_openai") is None, reason="bpe-openai counts tokens")]

# the process loading the tokenizer says which of its catalogs' DuckDB connections still answer, then loads the real
# extension
SHIM = '''import gc, glob, importlib.machinery, importlib.util, json, os, sys
def _answers(catalog):
    try:
        catalog.con.execute("SELECT 1").fetchall()
        return True
    except Exception:
        return False
_open = [o for o in gc.get_objects() if type(o).__name__ == "Catalog" and _answers(o)]
with open({log!r}, "a") as fh:
    fh.write(json.dumps({{"pid": os.getpid(), "ppid": os.getppid(), "open": len(_open),
                         "exporter": "pipeline.exports.export" in sys.modules}}) + "\\n")
''' + REAL_EXTENSION


@pytest.fixture
def loads(tmp_path, monkeypatch) -> Path:
    return shimmed(tmp_path, monkeypatch, SHIM)


def test_the_export_child_renders_a_new_text_with_its_connection_closed(demo, monkeypatch, loads):
    """A new definition's snippet text loads the tokenizer in the export child after the cards are read; by then its
    DuckDB connection is closed (DuckDB holds what its queries allocated until then: the two would peak together),
    the count is the real one, and the next edit's export child (started ahead, connected again) exports as well."""
    lake, root = demo
    try:
        _start(lake, root, monkeypatch)
        _standby(lake)
        for name in ("fresh", "later"):
            seen = len(_loaders(loads))
            (root / "pkg" / "core.py").write_text(FILES["pkg/core.py"] + f"\n\ndef {name}():\n    return 2\n")
            _handed(lake, root, ["pkg/core.py"])
            _standby(lake)
            record = _record(lake, "pkg/core.py")
            assert name in record["text"]
            (child,) = _loaders(loads)[seen:]
            assert child["exporter"] and child["open"] == 0, child

            from pipeline.exports import tokens

            assert record["tokens"] == tokens.count(record["text"])
    finally:
        _stop_worker(lake)


def test_the_cards_parts_side_by_side_are_the_view(demo):
    """``file_structure_cards`` is its two parts joined (one owner of each column), and the per-file export's cards,
    read part by part in two statements, are the view's rows with its columns in its order, for every file."""
    from pipeline.catalog import connect
    from pipeline.exports import export
    from pipeline.lake import Lake

    lake, _ = demo
    catalog = connect(Lake(lake), repos=["demo"], views=["file_structure_cards"])
    assert {"file_structure_uses", "file_structure_unused"} <= set(catalog.views)
    columns, rows = catalog.rows("SELECT * FROM file_structure_cards(repo_id := 'demo')")
    uses_columns, uses = catalog.rows("SELECT * FROM file_structure_uses(repo_id := 'demo')")
    unused_columns, unused = catalog.rows("SELECT * FROM file_structure_unused(repo_id := 'demo')")
    assert set(uses_columns) | set(unused_columns) == set(columns)
    assert set(uses_columns) & set(unused_columns) == {"repo", "path"}
    by_path = {row[1]: dict(zip(unused_columns, row)) for row in unused}
    joined = [{**dict(zip(uses_columns, row)), **by_path[row[1]]} for row in uses]
    assert [[card[c] for c in columns] for card in joined] == [list(row) for row in rows]
    assert len(rows) >= 3 and any(row[columns.index("called")] for row in rows)

    paths = [row[1] for row in rows]
    cards = export._structure_cards(catalog, "demo", paths)
    assert [list(card) for card in cards.values()] == [columns] * len(rows)
    assert [list(card.values()) for card in cards.values()] == [list(row) for row in rows]
