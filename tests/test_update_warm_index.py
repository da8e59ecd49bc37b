"""A one-shot update's lazy index reads, of the lake, the edited file's classes' other sources and their stored bases
up the hierarchy, with the bases' files' definitions and early references (an override's edge, an inherited
method's call): the edit rarely changes a file's classes, so these are read from the old rows while the parse-ahead
child parses (``lazy.warm``), not after its facts are taken."""

from __future__ import annotations

from conftest import index_structure, reads_around_take

from pipeline import indexing

BASE = """class Base:
    def run(self):
        return 1

    def stop(self):
        return 2


class Mid(Base):
    def pause(self):
        return 3
"""
CORE = """from app.base import Mid
from app.util import tool


class Shop(Mid):
    def run(self):
        total = self.stop()
        return total + self.pause()


def helper():
    return Shop().run() + tool()
"""
LEAF = "def leaf():\n    return 4\n"
UTIL = "def tool():\n    return 5\n"


def _edge_rows(lake) -> list[tuple]:
    table = lake.read_table("repo", "edges")
    return sorted(zip(*(table.column(c).to_pylist() for c in ("path", "src_id", "dst_id", "kind", "line"))),
                  key=repr)


def _keyed(kwargs) -> tuple | None:
    where = kwargs.get("where")
    return None if where is None else (where[0], tuple(where[1]))


def test_the_lazy_indexs_reads_of_the_bases_come_before_the_childs_facts(tmp_path, make_repo, monkeypatch):
    from extractors.structure import parse
    from pipeline.lake import Lake

    root = make_repo(files={"app/__init__.py": "", "app/base.py": BASE, "app/core.py": CORE, "app/leaf.py": LEAF,
                            "app/util.py": UTIL})
    lakes = {how: Lake(tmp_path / how) for how in ("ahead", "in_line")}
    for lake in lakes.values():
        index_structure(lake, root)
    (root / "app/core.py").write_text(CORE.replace("        total = ", "        extra = 1\n        total = "))
    events = reads_around_take(monkeypatch, lambda table, kwargs: (table, _keyed(kwargs)))
    monkeypatch.setattr(parse, "_PARSERS", {})  # a fresh process: no query compiled, so a child parses ahead
    assert indexing.update(root, ["app/core.py"], repo="repo", lake=lakes["ahead"], ahead=True).status == "ok"
    after = set(events[events.index(("take",)) + 1:])
    before = set(events[:events.index(("take",))])
    # what the resolution asks of the bases' file and of the edited class's sources (one shard here: the base's are
    # in it): read before the take, not after it (a file the old edges reach, ``tool``'s, is not read ahead: kept lines
    # take their old edges)
    wanted = {("symbols", ("path", ("app/base.py",))), ("early_refs", ("path", ("app/base.py",))),
              ("hierarchy", ("path", ("app/base.py",))), ("edge_sources", ("src_id", ("app/core.py::Shop",))),
              ("foreign_symbols", None)}
    assert wanted <= before, (wanted - before, events)
    assert not wanted & after, events
    # nothing read of a file the edit's classes do not reach
    assert not [e for e in events if len(e) > 1 and e[1] is not None and "app/leaf.py" in e[1][1]], events
    monkeypatch.undo()  # the in-line update reads as any run does
    indexing.update(root, ["app/core.py"], repo="repo", lake=lakes["in_line"])  # parsed in line: read on use
    rows = _edge_rows(lakes["ahead"])
    assert rows == _edge_rows(lakes["in_line"])
    # the inherited methods called through the stored hierarchy, at the lines they moved to (none left at the old)
    assert ("app/core.py", "app/core.py::Shop.run", "app/base.py::Base.stop", "calls", 8) in rows
    assert ("app/core.py", "app/core.py::Shop.run", "app/base.py::Mid.pause", "calls", 9) in rows
    assert ("app/core.py", "app/core.py::helper", "app/util.py::tool", "calls", 13) in rows
    assert not [r for r in rows if r[1] == "app/core.py::Shop.run" and r[4] == 7 and r[3] == "calls"]
    # the base's method dispatching to the override (``dispatch_edges`` over the stored bases)
    assert ("app/core.py", "app/base.py::Base.run", "app/core.py::Shop.run", "dispatch", 6) in rows
