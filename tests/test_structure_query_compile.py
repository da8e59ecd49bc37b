"""The grammar queries' compile cost: tree-sitter's analysis of a query walks the parse table once per step that has
children and names a node type (``ts_query__analyze_patterns``), and not at all for a wildcard step ``(_ ...)``. An
inner step whose fields only one node type has (Python's ``object:``/``attribute:`` are an attribute's,
``function:``/``arguments:`` a call's, ``subscript:`` a subscript's) is written as a wildcard: it matches the same
nodes, and the Python query compiles in about half the instructions (2.67 G -> 1.2 G).

Real tree-sitter throughout: the shipped query text, the grammar of tree-sitter-language-pack, and the query compiler
itself as the judge of which node types may carry a field."""

from __future__ import annotations

import re
from extractors.structure.parse import query_text

# fields that one node type of Python's grammar has, and that type
OWNED_FIELDS = {"object": "attribute", "attribute": "attribute", "function": "call", "arguments": "call",
                "subscript": "subscript"}
INNER_NAMED = re.compile(r"\((attribute|call|subscript)\s+(object|attribute|function|arguments|subscript):")


def _query_lines() -> list[str]:
    return [line for line in query_text("python").splitlines() if not line.lstrip().startswith(";")]


def _inner_named_steps(text: str) -> list[str]:
    """The attribute, call and subscript steps with an owned field that stand inside another node's step (a
    pattern's root is analysed once whatever it is written as: only inner steps can be wildcards for free)."""
    found, stack, in_string = [], [], False
    for i, c in enumerate(text):
        if in_string:
            in_string = c != '"' or text[i - 1] == "\\"
            continue
        if c == '"':
            in_string = True
        elif c == "(":
            head = text[i + 1:].lstrip()[:1]
            match = INNER_NAMED.match(text, i)
            if match and any(stack):
                found.append(match.group(0))
            stack.append(head.isalpha() or head == "_")  # a node's step, not a grouping
        elif c == "[":
            stack.append(False)
        elif c in ")]":
            stack.pop()
    return found


def test_python_inner_steps_with_an_owned_field_are_wildcards():
    assert _inner_named_steps("\n".join(_query_lines())) == []


def test_each_owned_field_has_one_node_type_by_the_compiler():
    """What makes ``(_ object: .. attribute: ..)`` the attribute step: no other named node type of the grammar may
    carry the field (the compiler rejects ``(t field: (_))`` as an impossible pattern). Kinds whose analysis gives
    up (it then accepts any field: ``block``, ``for_in_clause``) have no fields at all in the grammar."""
    from tree_sitter import Query, QueryError
    from tree_sitter_language_pack import get_language

    lang = get_language("python")
    kinds = sorted({lang.node_kind_for_id(i) for i in range(lang.node_kind_count)
                    if lang.node_kind_is_named(i) and lang.node_kind_is_visible(i)} - {"ERROR"})

    def takes(kind: str, field: str) -> bool:
        try:
            Query(lang, f"({kind} {field}: (_))")
            return True
        except QueryError:
            return False

    gives_up = {k for k in kinds if takes(k, "object") and takes(k, "superclasses") and takes(k, "module_name")}
    assert gives_up <= {"block", "for_in_clause"}
    for field, owner in OWNED_FIELDS.items():
        assert [k for k in kinds if k not in gives_up and takes(k, field)] == [owner], field
    wildcards = sum(len(re.findall(r"\(_ (?:object|attribute|function|arguments|subscript):", line))
                    for line in _query_lines())
    assert wildcards >= 50  # the query's attribute, call and subscript steps inside other steps
