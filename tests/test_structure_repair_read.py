"""The parse-ahead child's one file of a language with repairs (TypeScript's variance annotations and separated call
signatures) is read until the parser has every version of its parse in error; the first repair that applies is read
then, and where its tree has no error it is the one the whole reading would have led to: the text with errors is not
read whole (hono's ``src/types.ts``: ~34 -> ~17.5 ms a reading). Otherwise the text is read whole and the repairs
compared as before; a full index reads as before."""

from __future__ import annotations

import pytest

from extractors.structure import budget, parse
from extractors.structure.languages import LANGUAGES, get_parser
from extractors.structure.langs import parse_rules

TS = parse_rules("typescript")


def _signature(k: int) -> str:
    """A generic call signature starting its own line after another member, no ``;`` between: the grammar reads
    its ``<`` as continuing the member before (the repair puts a ``;`` in its indentation)."""
    params = ",\n".join(f"    A{j} extends Input = " + (" & ".join(f"A{i}" for i in range(j)) or "Input")
                        for j in range(k))
    return f"  <\n{params}\n  >(path: string, ...handlers: Handler<A{k - 1}>[]): Route<A{k - 1}>\n"


ROUTER = ("export interface Input { v: string }\nexport interface Handler<I> { (input: I): void }\n"
          "export interface Route<I> { input: I }\n\nexport interface Router {\n  name: string\n"
          + _signature(2) + _signature(3) + "}\n")
BROKEN = "export function broken(x: number {\n  return x\n}\n"  # an error no repair mends


def _shape(tree) -> list[tuple]:
    """Every node of ``tree``: kind, bytes, whether missing, field."""
    shape, cursor = [], tree.walk()
    while True:
        node = cursor.node
        shape.append((node.type, node.start_byte, node.end_byte, node.is_missing, cursor.field_name))
        if cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return shape


def _read_whole_then_repaired(parser, data: bytes) -> tuple:
    """The reading before this change: the text read whole, its errors counted, the repairs compared."""
    tree = parser.parse(data)
    return parse._repaired(parser, tree, data, TS.repairs) if tree.root_node.has_error else (tree, data)


@pytest.fixture
def readings(monkeypatch) -> list[tuple]:
    """(the text read, whether the reading stopped at an error) of each ``budget.parse`` (called through)."""
    seen, read = [], budget.parse

    def observed(parser, data, *args, **kwargs):
        tree = read(parser, data, *args, **kwargs)
        seen.append((data, tree is None))
        return tree

    monkeypatch.setattr(budget, "parse", observed)
    return seen


def test_a_text_its_first_repair_mends_is_not_read_whole(readings):
    parser, data = get_parser("typescript"), ROUTER.encode()
    assert parser.parse(data).root_node.has_error  # the grammar cannot read the signatures
    tree, text = parse._repaired_tree(parser, data, TS, until_error=True)
    assert text != data and b";<" in text and not tree.root_node.has_error  # the repair's reading
    assert readings == [(data, True), (text, False)]  # the text's reading stopped, the repaired one read once
    expected_tree, expected_text = _read_whole_then_repaired(parser, data)
    assert text == expected_text and _shape(tree) == _shape(expected_tree)


def test_a_text_its_repairs_leave_with_errors_is_read_whole_and_its_repair_once(readings):
    parser, data = get_parser("typescript"), (BROKEN + ROUTER).encode()
    tree, text = parse._repaired_tree(parser, data, TS, until_error=True)
    assert tree.root_node.has_error and text != data  # fewer errors repaired: kept, the broken function's left
    repaired = [seen for seen in readings if seen[0] == text]
    assert readings[0] == (data, True) and (data, False) in readings and repaired == [(text, False)]
    expected_tree, expected_text = _read_whole_then_repaired(parser, data)
    assert text == expected_text and _shape(tree) == _shape(expected_tree)


def test_a_text_without_errors_is_read_once_whole(readings):
    parser, data = get_parser("typescript"), b"export interface Input { v: string }\n"
    tree, text = parse._repaired_tree(parser, data, TS, until_error=True)
    assert text == data and not tree.root_node.has_error and readings == [(data, False)]


def test_a_full_indexs_reading_reads_the_text_whole(readings):
    parser, data = get_parser("typescript"), ROUTER.encode()
    tree, text = parse._repaired_tree(parser, data, TS)
    assert readings == [(data, False), (text, False)] and not tree.root_node.has_error


def test_the_parse_ahead_childs_probe_reads_its_file_until_an_error(readings, monkeypatch):
    monkeypatch.setattr(parse, "_PROBED", [])
    parser, data = get_parser("typescript"), ROUTER.encode()
    probed = parse._probed(parser, LANGUAGES["typescript"], data)
    assert readings == [(data, True), (probed.read, False)] and probed.read != data
    assert parse._probed_tree("typescript", data)[1] == probed.read  # the tree the child's parse takes over
