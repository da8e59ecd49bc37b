"""A one-shot update's main process waits for its parse-ahead child (a hub's query compile and facts take longer than
the process's own start): what it reads of the changed files' old rows (their files, symbols, refs, and the old edges
their kept lines take) needs nothing of the parse, so it is read before the child's facts are taken."""

from __future__ import annotations

import json

from conftest import index_structure, reads_around_take

from pipeline import indexing

CORE = """import os


def helper(n):
    total = len(str(n))
    return os.path.join(str(total), "x")


def other():
    return helper(2) + helper(3)


class Shop:
    def stock(self):
        return other()

    def sell(self):
        return self.stock() + helper(4)
"""
MAIN = "from app.core import helper, other, Shop\n\n\ndef run():\n    return helper(1) + other() + Shop().sell()\n"


def _edge_rows(lake) -> list[tuple]:
    table = lake.read_table("repo", "edges")
    return sorted(zip(*(table.column(c).to_pylist() for c in ("path", "src_id", "dst_id", "kind", "line"))),
                  key=repr)


def _of_core(kwargs) -> bool:
    where = kwargs.get("where")
    return where is not None and where[0] == "path" and "app/core.py" in where[1]


def test_the_old_rows_and_kept_edges_are_read_before_the_childs_facts_are_taken(tmp_path, make_repo, monkeypatch):
    from extractors.structure import parse
    from pipeline.lake import Lake

    root = make_repo(files={"app/__init__.py": "", "app/core.py": CORE, "app/main.py": MAIN})
    lakes = {how: Lake(tmp_path / how) for how in ("ahead", "in_line")}
    for lake in lakes.values():
        index_structure(lake, root)
    # a local added in the first function's body: every line below moves, no definition does (its lines kept)
    (root / "app/core.py").write_text(CORE.replace("    total = len", "    extra = 1\n    total = len"))
    events = reads_around_take(monkeypatch, lambda table, kwargs: ("read", table) if _of_core(kwargs) else None)
    monkeypatch.setattr(parse, "_PARSERS", {})  # a fresh process: no query compiled, so a child parses ahead
    summary = indexing.update(root, ["app/core.py"], repo="repo", lake=lakes["ahead"], ahead=True)
    assert summary.status == "ok"
    runs = lakes["ahead"].read_table("repo", "runs").to_pylist()
    assert json.loads(runs[-1]["counters"])["files_parsed_ahead"] == 1  # the child's facts were taken
    assert ("take",) in events
    before = events[:events.index(("take",))]
    after = events[events.index(("take",)) + 1:]
    # the changed file's old rows and its old edges (what its kept lines take) were read while the child parsed;
    # its files and refs rows not again after its facts came (its symbols' and edges' shards are read again by the
    # internal indexes' merges: ``symbol_index_batches``, ``edge_index_batches``)
    assert {("read", t) for t in ("files", "symbols", "refs", "edges")} <= set(before), events
    assert not {("read", "files"), ("read", "refs")} & set(after), events
    monkeypatch.undo()  # the in-line update reads as any run does
    indexing.update(root, ["app/core.py"], repo="repo", lake=lakes["in_line"])  # parsed in line, read after
    assert _edge_rows(lakes["ahead"]) == _edge_rows(lakes["in_line"])
    rows = _edge_rows(lakes["ahead"])
    # the kept lines' edges at their new lines (one below), none left at a line they left
    assert ("app/core.py", "app/core.py::other", "app/core.py::helper", "calls", 11) in rows
    assert not [r for r in rows if r[1] == "app/core.py::other" and r[4] == 10]
    assert ("app/core.py", "app/core.py::Shop.sell", "app/core.py::Shop.stock", "calls", 19) in rows
