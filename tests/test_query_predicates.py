"""The grammar queries use only predicates the installed tree-sitter applies.

py-tree-sitter 0.26 ignores ``#not-any-of?`` given several values: the pattern then matches as if the predicate were
absent (found by the Ruby audit of the thirteenth round, where a raise/exit filter let every call through), so the
queries write ``#not-match?`` with an anchored alternation instead.
"""
from __future__ import annotations

import re
from pathlib import Path

import tree_sitter as ts
from tree_sitter_language_pack import get_language

QUERIES = Path(__file__).resolve().parents[1] / "extractors" / "structure" / "queries"
NOT_ANY_OF = re.compile(r'#not-any-of\?\s+@[\w.]+((?:\s+"[^"]*")+)\s*\)')


def test_no_query_gives_not_any_of_several_values():
    offending = []
    for scm in sorted(QUERIES.glob("*.scm")):
        for number, line in enumerate(scm.read_text().splitlines(), 1):
            for match in NOT_ANY_OF.finditer(line):
                if len(re.findall(r'"[^"]*"', match.group(1))) > 1:
                    offending.append(f"{scm.name}:{number}")
    assert not offending, f"#not-any-of? with several values is ignored by tree-sitter: {offending}"


def test_a_python_parameter_typed_callable_or_any_is_no_called_type():
    """The pattern above the rewritten predicate: ``make: ClientFactory`` is captured, ``make: Callable``,
    ``typing.Any`` and ``type`` are not."""
    text = (QUERIES / "python.scm").read_text()
    start = text.index("([(typed_parameter (identifier) @var.name type:")
    pattern = text[start:text.index("\n;", start)]
    language = get_language("python")
    source = b"def f(a: ClientFactory, b: Callable, c: typing.Any, d: type, e: t.Callable, g: Typed): pass\n"
    tree = ts.Parser(language).parse(source)
    cursor = ts.QueryCursor(ts.Query(language, pattern))
    named = sorted(node.text.decode() for _, captures in cursor.matches(tree.root_node)
                   for node in captures.get("var.name", []))
    assert named == ["a", "g"]
