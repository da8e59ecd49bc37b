"""What a one-file update's line edit resolves and compares again, as records (never timings): a class's line keeps
its references' edges when no definition moved (Python states its bases as ``callback`` references too: a hub's 38,
resolved again at every edit), an index's rows are not made Python tuples to learn that a line moved them, and a
file of ASCII names is matched with the ASCII pattern (``rows.ASCII_NAME``), not Arrow's compile of ``ONE_NAME``'s
Unicode classes. Each update's tables equal a full index of the edited repository."""

from __future__ import annotations

import pyarrow as pa

from conftest import index_structure
from pipeline.lake import Lake

SHAPES = '''class Meta(type):
    pass


class Base:
    def area(self):
        return 0


def helper(value):
    return value


class Square(Base, metaclass=Meta):
    def area(self):
        side = helper(2)
        return side * side


class Circle(Base):
    def area(self):
        return helper(3)
'''
USE = '''from shapes import Square, helper


class Big(Square):
    def area(self):
        return helper(super().area())
'''


def _rows(lake: Lake, table: str) -> list:
    t = lake.read_table("repo", table)
    cols = [c for c in t.column_names  # an update numbers a new definition after the last (stable sids)
            if c not in ("repo", "run_id", "provenance", "indexed_at") and not c.endswith("sid")]
    return sorted(map(tuple, zip(*t.select(cols).to_pydict().values())), key=repr)


def _same_as_a_full_index(updated: Lake, root, tmp_path, name: str) -> None:
    full = Lake(tmp_path / name)
    index_structure(full, root)
    for table in ("files", "symbols", "edges", "refs"):
        assert _rows(updated, table) == _rows(full, table), table


def _resolving(monkeypatch) -> list:
    from extractors.structure.resolve import Resolver

    resolved, original = [], Resolver.resolve
    monkeypatch.setattr(Resolver, "resolve", lambda self, r: resolved.append(r) or original(self, r))
    return resolved


def test_a_line_edit_keeps_the_edges_of_a_class_s_line(tmp_path, make_repo, monkeypatch):
    """A line added in ``Base.area`` resolves that line and the file's bases (the resolver's hierarchy), not the
    ``callback`` references stating ``Square``'s and ``Circle``'s bases and metaclass: their edges (``uses_type`` of
    ``Base`` and ``Meta``) are kept at their new lines. A definition renamed resolves the class lines again."""
    root = make_repo(files={"shapes.py": SHAPES, "use.py": USE})
    updated = Lake(tmp_path / "upd")
    index_structure(updated, root)
    resolved = _resolving(monkeypatch)
    text = SHAPES.replace("        return 0\n", "        probe = len(str(1))\n        return 0\n")
    (root / "shapes.py").write_text(text)
    index_structure(updated, root, files=["shapes.py"])
    again = {(r.kind, r.name) for r in resolved if r.path == "shapes.py"}
    assert again == {("call", "len"), ("call", "str"), ("inherits", "Base"), ("inherits", "type")}, again
    class_lines = {(e["src_id"], e["dst_id"], e["line"]) for e in updated.read_table("repo", "edges").to_pylist()
                   if e["kind"] == "uses_type"}
    assert {("shapes.py::Square", "shapes.py::Base", 15), ("shapes.py::Square", "shapes.py::Meta", 15),
            ("shapes.py::Circle", "shapes.py::Base", 21)} <= class_lines, class_lines  # at their new lines
    _same_as_a_full_index(updated, root, tmp_path, "full1")

    resolved.clear()  # ``helper`` renamed: every line naming it, and the class lines, resolved again
    (root / "shapes.py").write_text(text.replace("helper", "assist"))
    index_structure(updated, root, files=["shapes.py"])
    again = {(r.kind, r.name) for r in resolved if r.path == "shapes.py"}
    assert {("callback", "Base"), ("callback", "Meta"), ("call", "assist")} <= again, again
    _same_as_a_full_index(updated, root, tmp_path, "full2")


def test_a_line_edit_compares_the_indexes_of_references_without_making_their_rows_tuples(tmp_path, make_repo,
                                                                                         monkeypatch):
    """A line inserted moves the lines of every early and passed reference below it: the update tells those indexes'
    rows changed by their lines alone (``rows._same_rows``); an edit that moves no line compares them whole."""
    from extractors.structure import rows

    root = make_repo(files={"shapes.py": SHAPES, "use.py": USE})
    updated = Lake(tmp_path / "upd")
    index_structure(updated, root)
    counted, original = [], rows._counted
    monkeypatch.setattr(rows, "_counted", lambda table: counted.append(table.num_rows) or original(table))
    (root / "shapes.py").write_text("import os\n" + SHAPES)  # an import: the early references' rows move too
    index_structure(updated, root, files=["shapes.py"])
    assert counted == []
    _same_as_a_full_index(updated, root, tmp_path, "full1")
    (root / "shapes.py").write_text("import os\n" + SHAPES.replace("helper(3)", "helper(4)"))  # no line moved
    index_structure(updated, root, files=["shapes.py"])
    assert counted  # the rows compared whole
    _same_as_a_full_index(updated, root, tmp_path, "full2")


def test_a_file_of_ascii_names_is_matched_without_the_unicode_pattern(tmp_path, make_repo, monkeypatch):
    """An update of a file whose receivers are ASCII never hands ``ONE_NAME`` to Arrow (its Unicode classes are
    compiled at each call); a receiver with another letter is matched with it, as a full index matches it."""
    from extractors.structure import rows

    patterns, original = [], rows.pc.match_substring_regex
    monkeypatch.setattr(rows.pc, "match_substring_regex",
                        lambda values, pattern, *a, **k: patterns.append(pattern) or original(values, pattern, *a, **k))
    root = make_repo(files={"shapes.py": SHAPES, "use.py": USE})
    updated = Lake(tmp_path / "upd")
    index_structure(updated, root)
    patterns.clear()
    (root / "use.py").write_text(USE + "\n\ndef run(big):\n    return big.area()\n")
    index_structure(updated, root, files=["use.py"])
    assert rows.ASCII_NAME in patterns and rows.ONE_NAME not in patterns, patterns
    _same_as_a_full_index(updated, root, tmp_path, "full1")
    patterns.clear()
    (root / "use.py").write_text(USE + "\n\ndef run(größe):\n    return größe.area()\n")
    index_structure(updated, root, files=["use.py"])
    assert rows.ONE_NAME in patterns, patterns
    _same_as_a_full_index(updated, root, tmp_path, "full2")


def test_the_ascii_pattern_is_one_name_over_ascii():
    """``ASCII_NAME`` answers as ``ONE_NAME`` for every ASCII character first, inside and last (real Arrow kernels);
    a value with another letter is matched by ``ONE_NAME`` (``_one_name``)."""
    from extractors.structure import rows

    chars = [chr(i) for i in range(128)]
    values = pa.array([*chars, *(f"a{c}" for c in chars), *(f"{c}a" for c in chars), *(f"ab{c}z" for c in chars),
                       "", "a\n", "$$", None])
    assert (rows.pc.match_substring_regex(values, rows.ASCII_NAME).to_pylist()
            == rows.pc.match_substring_regex(values, rows.ONE_NAME).to_pylist())
    mixed = pa.chunked_array([pa.array(["größe", "a.b", "x", "é", "1a", None])])
    assert rows._one_name(mixed).to_pylist() == [True, False, True, True, False, False]
