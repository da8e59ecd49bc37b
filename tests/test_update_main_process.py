"""What a one-shot ``codelake update``'s own process pays for beyond its work: it imports no ``parse.py`` (the
parse-ahead child parses; the main process needs only parse's marks and records, ``marks.py``), builds none of the
records it uses as dataclasses (a dataclass writes and ``exec``s its methods' source in every process), and frees
what a lazy resolution read once its edges are made (the cyclic collector is off in that process)."""

from __future__ import annotations

import gc

from conftest import index_structure, watched_update

WATCHED = {"extractors.structure.parse", "extractors.structure.marks", "tree_sitter", "extractors.structure.rows"}
WRITTEN_OUT = {"Graph", "Symbol", "EditScope", "KeptResolution", "Changes", "ParsedAhead", "FileFacts", "Snapshot",
               "RunSummary", "RunContext", "Cursor"}


def test_an_update_process_imports_no_parser_and_builds_no_written_out_dataclass(lake, make_repo, tmp_path):
    root = make_repo("structure/python")
    index_structure(lake, root)
    store = root / "shop/store.py"  # imported by four files: their edges are resolved again
    store.write_text(store.read_text() + "\n\ndef restocked(n):\n    return len(str(n))\n")
    leaf = root / "shop/restock.py"
    leaf.write_text(leaf.read_text() + "\n\nfrom shop.store import restocked\n\n\ndef again():\n    return restocked(3)\n")
    for rel in ("shop/store.py", "shop/restock.py"):
        seen = watched_update(lake, root, rel, tmp_path / "seen.txt", WATCHED)
        assert not {"extractors.structure.parse", "tree_sitter"} & seen["main"], (rel, seen["main"])
        assert {"extractors.structure.rows", "extractors.structure.marks"} <= seen["main"], seen  # seen by the watch
        assert "extractors.structure.parse" in seen["others"]  # the child parsed the file
        made = {what.split(":", 1)[1] for what in seen["main"] if what.startswith("dataclass:")}
        assert not made & WRITTEN_OUT, made
    from pipeline.catalog import connect

    calls = connect(lake).rows("SELECT dst_id FROM edges WHERE src_id = 'shop/restock.py::again' AND kind = 'calls'")
    assert [r[0] for r in calls[1]] == ["shop/store.py::restocked"]  # the update did its work
    wrong = connect(lake).rows("SELECT count(*) FROM edges WHERE dst_id = 'shop/store.py::restocked' "
                               "AND kind = 'calls' AND src_id <> 'shop/restock.py::again'")
    assert wrong[1][0][0] == 0  # nothing else calls the new function


def test_a_lazy_resolution_leaves_nothing_it_read_behind_without_the_collector(lake, make_repo, monkeypatch):
    from extractors.structure import lazy

    root = make_repo("structure/python")
    index_structure(lake, root)
    resolved = []
    resolve_affected = lazy.resolve_affected

    def counted(*args, **kwargs):
        resolved.append(args[3])
        return resolve_affected(*args, **kwargs)

    monkeypatch.setattr(lazy, "resolve_affected", counted)
    store = root / "shop/store.py"
    store.write_text(store.read_text() + "\n\ndef restocked(n):\n    return len(str(n))\n")
    gc.collect()
    gc.disable()  # as in a one-shot update's process (``cli.common.lean_process``)
    try:
        summary = index_structure(lake, root, files=["shop/store.py"])
        left = [type(o).__name__ for o in gc.get_objects() if isinstance(o, (lazy.Index, lazy.LazyGraph,
                                                                              lazy.LazyResolver, lazy._Shard))]
    finally:
        gc.enable()
    assert summary.status == "ok" and resolved and "shop/store.py" in resolved[0]  # resolved lazily
    assert left == []
