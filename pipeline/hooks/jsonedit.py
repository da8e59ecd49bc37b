"""Editing a JSON settings file in place: our entries go in and out, every other byte stays as the user wrote it.

The parser reads JSON plus the comments and trailing commas that hand-edited settings files pick up, and records
where each value starts and ends, so an edit is a splice of the original text (indentation, key order, comments and
line endings around it untouched) rather than a re-serialisation of the whole file.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from ..errors import CodelakeError

_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?")
_LITERALS = {"true": True, "false": False, "null": None}


class JsonEditError(CodelakeError):
    """The settings file is not JSON we can edit safely."""


@dataclass
class Node:
    kind: str  # object | array | scalar
    start: int
    end: int
    value: object = None  # scalars only
    members: list = field(default_factory=list)  # object: [(key, key_start, Node)]
    items: list = field(default_factory=list)  # array: [Node]

    def get(self, key: str):
        for name, _, node in self.members:
            if name == key:
                return node
        return None

    def python(self):
        if self.kind == "object":
            return {k: n.python() for k, _, n in self.members}
        if self.kind == "array":
            return [n.python() for n in self.items]
        return self.value


class _Parser:
    def __init__(self, text: str, name: str):
        self.text, self.name, self.pos = text, name, 0

    def fail(self, what: str):
        line = self.text.count("\n", 0, self.pos) + 1
        raise JsonEditError(f"{self.name}:{line}: {what}: not valid JSON, left unchanged")

    def skip(self) -> None:
        text, n = self.text, len(self.text)
        while self.pos < n:
            c = text[self.pos]
            if c in " \t\r\n\ufeff":
                self.pos += 1
            elif text.startswith("//", self.pos):
                end = text.find("\n", self.pos)
                self.pos = n if end < 0 else end + 1
            elif text.startswith("/*", self.pos):
                end = text.find("*/", self.pos + 2)
                if end < 0:
                    self.fail("unterminated comment")
                self.pos = end + 2
            else:
                return

    def value(self, depth: int = 0) -> Node:
        if depth > 200:
            self.fail("nested too deeply")
        self.skip()
        if self.pos >= len(self.text):
            self.fail("unexpected end of file")
        c = self.text[self.pos]
        if c == "{":
            return self.container("object", "}", depth)
        if c == "[":
            return self.container("array", "]", depth)
        if c == '"':
            start = self.pos
            return Node("scalar", start, self.string_end(), self.string(start))
        for word, literal in _LITERALS.items():
            if self.text.startswith(word, self.pos):
                self.pos += len(word)
                return Node("scalar", self.pos - len(word), self.pos, literal)
        match = _NUMBER.match(self.text, self.pos)
        if not match:
            self.fail(f"unexpected character {c!r}")
        self.pos = match.end()
        return Node("scalar", match.start(), match.end(), json.loads(match.group()))

    def string_end(self) -> int:
        i = self.pos + 1
        while True:
            j = self.text.find('"', i)
            if j < 0:
                self.fail("unterminated string")
            backslashes = len(self.text[i:j]) - len(self.text[i:j].rstrip("\\"))
            if backslashes % 2 == 0:
                self.pos = j + 1
                return self.pos
            i = j + 1

    def string(self, start: int) -> str:
        try:
            return json.loads(self.text[start:self.pos])
        except ValueError:
            self.fail("bad string")

    def container(self, kind: str, close: str, depth: int) -> Node:
        node = Node(kind, self.pos, -1)
        self.pos += 1
        while True:
            self.skip()
            if self.text.startswith(close, self.pos):
                self.pos += 1
                node.end = self.pos
                return node
            if kind == "object":
                if not self.text.startswith('"', self.pos):
                    self.fail("expected a key")
                key_start = self.pos
                self.string_end()
                key = self.string(key_start)
                self.skip()
                if not self.text.startswith(":", self.pos):
                    self.fail("expected ':'")
                self.pos += 1
                node.members.append((key, key_start, self.value(depth + 1)))
            else:
                node.items.append(self.value(depth + 1))
            self.skip()
            if self.text.startswith(",", self.pos):
                self.pos += 1
            elif not self.text.startswith(close, self.pos):
                self.fail(f"expected ',' or '{close}'")


def parse(text: str, name: str = "settings") -> Node:
    parser = _Parser(text, name)
    root = parser.value()
    parser.skip()
    if parser.pos != len(text):
        parser.fail("trailing content")
    if root.kind != "object":
        raise JsonEditError(f"{name}: the top level is not a JSON object, left unchanged")
    return root


# -- splicing ---------------------------------------------------------------------------------------------------------
def indent_unit(text: str) -> str:
    """The file's indentation step (a tab, or the smallest run of leading spaces), two spaces when flat."""
    widths = [len(m.group(1)) for m in re.finditer(r"\n( +)\S", text)]
    if re.search(r"\n\t+\S", text):
        return "\t"
    return " " * min(widths) if widths else "  "


def line_indent(text: str, pos: int) -> str:
    start = text.rfind("\n", 0, pos) + 1
    return re.match(r"[ \t]*", text[start:]).group()


def newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def render(value, unit: str, nl: str) -> str:
    """``value`` as JSON laid out with the file's indentation step and line ending (continuation lines unindented:
    ``append_item`` indents them where they land)."""
    return json.dumps(value, indent=unit, ensure_ascii=False).replace("\n", nl)


def remove_item(text: str, items: list, index: int) -> str:
    """Delete the array element (or object member: pass its start) ``index`` together with one separating comma."""
    start, end = items[index]
    if index + 1 < len(items):
        return text[:start] + text[items[index + 1][0]:]
    if index > 0:
        return text[:items[index - 1][1]] + _after_trailing_comma(text, end)
    return text[:start].rstrip(" \t\r\n") + _after_trailing_comma(text, end).lstrip(" \t\r\n")


def _after_trailing_comma(text: str, end: int) -> str:
    match = re.compile(r"[ \t\r\n]*,").match(text, end)
    return text[match.end():] if match else text[end:]


def append_item(text: str, container: Node, spans: list, rendered: str, unit: str) -> str:
    """Insert ``rendered`` (an element or ``"key": value``) as the container's last entry."""
    nl = newline(text)
    if spans:
        last_end = spans[-1][1]
        indent = line_indent(text, spans[-1][0])
        entry = nl + indent + rendered.replace(nl, nl + indent)
        comma = re.compile(r"[ \t\r\n]*,").match(text, last_end)
        if comma:  # a trailing comma stays a trailing comma, after our entry
            return text[:comma.end()] + entry + "," + text[comma.end():]
        return text[:last_end] + "," + entry + text[last_end:]
    outer = line_indent(text, container.start)
    inner = outer + unit
    middle = text[container.start + 1:container.end - 1]
    tail = nl + outer if not middle.strip() else middle  # keep a comment the empty container held
    return text[:container.start + 1] + nl + inner + rendered.replace(nl, nl + inner) + tail + text[container.end - 1:]


def item_spans(node: Node) -> list[tuple[int, int]]:
    if node.kind == "object":
        return [(key_start, value.end) for _, key_start, value in node.members]
    return [(item.start, item.end) for item in node.items]
