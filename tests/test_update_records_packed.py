"""A one-shot update's parse-ahead child and its helper hand their records over a pipe as plain tuples: a NamedTuple
pickles through a Python-level ``__getnewargs__`` call per record (hono's ``src/types.ts``: its 8,057 references
pickled in 8.4 ms, as plain tuples in 1.4 ms), on the hub's critical path. The process that takes them makes the
same records again: same classes, same values."""

from __future__ import annotations

import pytest

from extractors.structure import ahead, parse, rows
from extractors.structure.languages import LANGUAGES
from extractors.structure.marks import Definition, PackedRecords, Reference, packed_records, unpacked_records

PYTHON = LANGUAGES["python"]
RICH = ("from typing import Callable\n\n\nclass Box:\n    @staticmethod\n    def make(f: Callable[[int], int]):\n"
        "        g = lambda y: f(y)\n        with open('x') as fh:\n            yield g\n        if isinstance(f, Box):\n"
        "            return f\n\n\ndef run(box: Box):\n    made = Box.make(len)\n    return made, box.make(str)\n")


pytestmark = pytest.mark.usefixtures("fresh_queries")  # each test a fresh process's queries


def _not_pickled_per_record(monkeypatch, *records: type) -> None:
    """Pickling one of ``records`` one by one raises (in this process and the children it forks)."""
    def refused(record):
        raise AssertionError(f"a {type(record).__name__} pickled as a record")

    for record in records:
        monkeypatch.setattr(record, "__getnewargs__", refused)


def _whole_facts(root, item) -> parse.FileFacts:
    parse.widen_query("python")
    return parse.parse_file(root, *item)


def test_records_are_packed_as_plain_tuples_and_made_again():
    refs = [Reference("<module>", "call", "f", None, None, None, 3), Reference("run", "import", "os", None, "os",
                                                                               None, 1, labels="a")]
    packed = packed_records(refs)
    assert type(packed) is PackedRecords and packed.record is Reference
    assert all(type(row) is tuple for row in packed.rows)
    again = unpacked_records(packed)
    assert again == refs and [type(r) for r in again] == [Reference, Reference]
    mixed = [refs[0], Definition("f", "f", "function", 1, 2, None, True, None)]
    assert packed_records(mixed) is mixed and packed_records([]) == [] and packed_records([(1, 2)]) == [(1, 2)]
    assert unpacked_records(mixed) is mixed


def test_the_helpers_records_cross_its_pipe_as_plain_tuples(tmp_path, monkeypatch):
    """The helper's definitions and bindings (``RawDef``, ``RawRef``) reach the child though none of them can be
    pickled one by one; the joined facts are the whole query's, records of their classes."""
    (tmp_path / "rich.py").write_text(RICH)
    item = ("rich.py", PYTHON, "100644", None)
    monkeypatch.setattr(parse, "HELPED_COMPILE_MS", 0)  # any compile split
    joins, join = [], parse._joined
    monkeypatch.setattr(parse, "_joined", lambda own, theirs: joins.append(theirs.defs) or join(own, theirs))
    _not_pickled_per_record(monkeypatch, parse.RawDef, parse.RawRef, parse.Binder)
    parse.narrow_queries(tmp_path, [item])
    assert "python" in parse._HELPERS
    facts = parse.parse_file(tmp_path, *item)
    assert len(joins) == 1 and {d.name for d in joins[0]} >= {"Box", "make", "run"}  # the helper's answer, joined
    assert all(type(d) is parse.RawDef for d in joins[0])
    assert facts == _whole_facts(tmp_path, item) and {d.name for d in facts.defs} >= {"Box", "make", "run"}


def test_the_childs_facts_cross_its_pipe_as_plain_tuples(tmp_path, monkeypatch):
    """The facts the main process takes from the child are the file's (not a skipped file's) though no
    ``Definition`` or ``Reference`` can be pickled one by one: the records the file's parse gives, of their
    classes."""
    (tmp_path / "rich.py").write_text(RICH)
    monkeypatch.setenv("CODELAKE_FILE_BUDGET", "60")
    _not_pickled_per_record(monkeypatch, Definition, Reference)
    child = ahead._start(tmp_path, ["rich.py"])
    assert child is not None
    taken = []
    monkeypatch.setattr(rows, "tables_from_facts", lambda facts, head, entry_points: taken.extend(facts))
    child.take(child.items, None, set())
    (facts,) = taken
    assert facts.status == "ok" and facts.skip_reason is None
    assert facts == _whole_facts(tmp_path, child.items[0])
    assert {type(d) for d in facts.defs} == {Definition} and {type(r) for r in facts.refs} == {Reference}
    assert {d.name for d in facts.defs} >= {"Box", "make", "run"} and any(r.name == "Callable" for r in facts.refs)
