"""The parse's per-language steps whose work must grow with the file, not with its square (a large stub's overloads:
numpy's ``__init__.pyi``), checked on real parses; what they keep and drop stays as it was."""

from __future__ import annotations

from extractors.structure.languages import language_for
from extractors.structure.langs import python
from extractors.structure.parse import RawDef, parse_file


class _CountedName(str):
    """A name that counts the comparisons made with it (the work of a look-up by name)."""

    compared = 0

    def __eq__(self, other):
        _CountedName.compared += 1
        return str.__eq__(self, other)

    __hash__ = str.__hash__


def _stub(names: int) -> str:
    """Per name two overloads and the implementation after them; then overloads of a name never implemented, and an
    overload written after its name's last implementation."""
    out = ["from typing import overload\n"]
    for i in range(names):
        out.append(f"@overload\ndef f{i}(x: int) -> int: ...\n@overload\ndef f{i}(x: str) -> str: ...\n"
                   f"def f{i}(x): return x\n")
    out.append("@overload\ndef alone(x: int) -> int: ...\n@overload\ndef alone(x: str) -> str: ...\n")
    out.append("def late(x): return x\n@overload\ndef late(x: int) -> int: ...\n")
    return "".join(out)


def test_a_files_overloads_are_settled_by_one_look_up_a_name(tmp_path):
    (tmp_path / "big.py").write_text(_stub(300))
    facts = parse_file(tmp_path, "big.py", language_for("big.py"))
    functions = [d for d in facts.defs if d.kind == "function"]
    # an implemented name keeps its implementation alone; an overload with no implementation after it stays
    assert [d.qualname for d in functions if d.name == "f7"] == ["f7"]
    assert len([d for d in functions if d.name.startswith("f")]) == 300
    assert [d.qualname for d in functions if d.name == "alone"] == ["alone", "alone#2"]
    assert sorted(d.qualname for d in functions if d.name == "late") == ["late", "late#2"]
    # the same settling, its names counted: a comparison or so per definition, not one per overload and function
    raw = []
    for i in range(300):
        name = _CountedName(f"f{i}")
        raw += [RawDef(start=i * 30 + k * 10, end=i * 30 + k * 10 + 9, kind="function", name=name, line_start=1,
                       line_end=1, parent_name=None, exported=True, decorators=("overload",) if k < 2 else (),
                       self_name=None) for k in range(3)]
    _CountedName.compared = 0
    kept = python.settle_definitions(raw, [], tmp_path)
    assert [d.start for d in kept] == [i * 30 + 20 for i in range(300)]
    assert _CountedName.compared <= 2 * len(raw)
