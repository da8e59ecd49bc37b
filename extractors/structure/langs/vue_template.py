"""A Vue single-file component's template read as the code it runs, same length, same lines: each ``{{ expr }}``
written ``;( expr );`` (one name ``;[ name ];``: a parenthesized name is read twice), a bound attribute's value (``:to="route(a)"``, ``v-if``, ``v-model``, a custom directive's)
``;(value)``, an event handler's statements (``@click="open(); n++"``) a block ``;{..}``, a handler named by its path
(``@click="close"``, which Vue calls with the event) ``;close()``, a ``v-for``'s list (``item in items``) ``;(items)``:
statements of the module, beside its ``<script setup>``'s, whose top-level names the template sees. The markup stays
blanked. Without it a function only a template calls (a composable's ``closeDialog()`` bound to a button) had no
caller: "unused" at 0.6, and its blast radius left the component out.

Only a component with a ``<script setup>`` block (or none) is read: an Options API template's names are the
component object's members (``this.``), which no bare name reaches. A ``lang`` other than HTML (Pug) is left blank."""

from __future__ import annotations

from typing import NamedTuple

from ..markup import scripts_only

VUE = ".vue"
_TEMPLATE, _TEMPLATE_END = b"<template", b"</template>"
_SCRIPT = b"<script"
_OPEN, _CLOSE = b"{{", b"}}"
_BLANK = 0x20
_SPACES = frozenset(b" \t\r\n\f")
_NAME_END = frozenset(b" \t\r\n\f=/>")
_PATH = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$.")
# a value the parser could not read as code: HTML's character references (`&quot;`), decoded by the compiler only
_ENTITIES = (b"&quot;", b"&amp;", b"&lt;", b"&gt;", b"&#", b"&apos;")
# directives whose value is no expression (`v-slot="{ item }"` binds names; `v-pre`'s markup is literal)
_BINDING = (b"v-slot", b"#")
_NOT_EXPRESSIONS = frozenset({b"v-pre", b"v-cloak", b"v-once", b"v-else"})
_EVENTS = (b"@", b"v-on:")
_BOUND = (b":", b"v-bind:", b".")


class Value(NamedTuple):
    """An attribute's value: where its ``=`` is, and its text between the quotes."""

    equals: int
    start: int
    end: int


def markup_view(path: str, data: bytes) -> bytes | None:
    """``data`` with its ``<script>`` blocks kept and its template's code written at its own offsets; None where
    ``path`` is no Vue component."""
    if not path.endswith(VUE):
        return None
    out = bytearray(scripts_only(data))
    region = _template_region(data, out)
    if region is not None and _script_setup_or_none(data):
        _write_template(data, out, *region)
    return bytes(out)


def _template_region(data: bytes, out: bytearray) -> tuple[int, int] | None:
    """The component's ``<template>``: from its tag's end to the last ``</template>``, outside every script (the
    first such tag, which scripts_only blanked); None where it has none, or its ``lang`` is not HTML."""
    at = 0
    while (start := data.find(_TEMPLATE, at)) >= 0 and out[start] != _BLANK:
        at = start + 1
    if start < 0:
        return None
    tag_end = data.find(b">", start)
    end = data.rfind(_TEMPLATE_END)
    if tag_end < 0 or end <= tag_end:
        return None
    script = data.find(_SCRIPT, tag_end, end)
    end = end if script < 0 else script  # a script after the template's start ends what is read of it
    tag = data[start:tag_end]
    if b"lang=" in tag and not any(b"lang=" + q + b"html" + q in tag for q in (b'"', b"'")):
        return None
    return tag_end + 1, end


def _script_setup_or_none(data: bytes) -> bool:
    """Whether the component's scripts include a ``<script setup>`` (any attribute order), or it has none."""
    at, found = 0, False
    while (start := data.find(_SCRIPT, at)) >= 0:
        found = True
        tag_end = data.find(b">", start)
        if tag_end < 0:
            return False
        if b"setup" in data[start + len(_SCRIPT):tag_end].replace(b"=", b" ").split():
            return True
        at = tag_end
    return not found


def _write_template(data: bytes, out: bytearray, start: int, end: int) -> None:
    """Each tag's attributes and each interpolation between ``start`` and ``end`` written into ``out``; one pass
    (the next ``<`` and ``{{`` are each looked for again only once passed), comments skipped."""
    at, next_tag, next_open = start, -1, -1
    while at < end:
        if next_tag < at:
            next_tag = _found(data.find(b"<", at, end), end)
        if next_open < at:
            next_open = _found(data.find(_OPEN, at, end), end)
        if next_open < next_tag:
            close = data.find(_CLOSE, next_open + 2, end)
            if close < 0:
                return
            one = _one_name(data[next_open + 2:close])
            _write(out, data, next_open, next_open + 2, close, b";[" if one else b";(", b"];" if one else b");")
            at = close + 2
        elif next_tag < end:
            at = _comment_end(data, next_tag, end) if data.startswith(b"<!--", next_tag) else \
                _write_tag(data, out, next_tag, end)
        else:
            return


def _found(at: int, end: int) -> int:
    return end if at < 0 else at


def _comment_end(data: bytes, start: int, end: int) -> int:
    close = data.find(b"-->", start + 4, end)
    return end if close < 0 else close + 3


def _write_tag(data: bytes, out: bytearray, start: int, end: int) -> int:
    """The tag at ``start`` read to its ``>``, each attribute whose value is code written; the offset after it."""
    at = start + 1
    if at >= end or not chr(data[at]).isalpha():
        return at  # a closing tag, a stray `<`: its name is no attribute
    while at < end and data[at] not in _NAME_END:
        at += 1
    while at < end:
        while at < end and data[at] in _SPACES:
            at += 1
        if at >= end or data[at] == ord(">"):
            return at + 1
        if data[at] == ord("/"):
            at += 1
            continue
        name_start = at
        while at < end and data[at] not in _NAME_END:
            at += 1
        name = data[name_start:at]
        value, at = _value(data, at, end)
        if value is not None and name:
            _write_attribute(data, out, name, value)
    return at


def _value(data: bytes, at: int, end: int) -> tuple[Value | None, int]:
    """The quoted value after an attribute's name (``= "x"``), and the offset after it; None where it has none."""
    equals = at
    while equals < end and data[equals] in _SPACES:
        equals += 1
    if equals >= end or data[equals] != ord("="):
        return None, at
    quote = equals + 1
    while quote < end and data[quote] in _SPACES:
        quote += 1
    if quote >= end or data[quote] not in b"\"'":
        while quote < end and data[quote] not in _SPACES and data[quote] != ord(">"):
            quote += 1  # an unquoted value: never code here
        return None, quote
    close = data.find(data[quote:quote + 1], quote + 1, end)
    if close < 0:
        return None, end
    return Value(equals, quote + 1, close), close + 1


def _write_attribute(data: bytes, out: bytearray, name: bytes, value: Value) -> None:
    """A directive's value written as the statement it runs (see the module's docstring)."""
    text = data[value.start:value.end]
    if not text.strip() or name.startswith(_BINDING) or name in _NOT_EXPRESSIONS or any(e in text for e in _ENTITIES):
        return
    if name.startswith(_EVENTS):
        _write_handler(data, out, value, text)
    elif name == b"v-for":
        _write_loop(data, out, value, text)
    elif name.startswith(_BOUND) or name.startswith(b"v-"):
        one = _one_name(text)
        _write(out, data, value.equals, value.start, value.end, b";[" if one else b";(", b"]" if one else b")")


def _one_name(text: bytes) -> bool:
    """Whether ``text`` is one name (``{{ label }}``): written ``;[label]``, one use of it (a function's too: a
    prop's ``:preprocess="preprocess"`` passes it), where ``(label)`` is read twice."""
    stripped = text.strip()
    return bool(stripped) and all(c in _PATH and c != 0x2E for c in stripped) and not chr(stripped[0]).isdigit()


def _write_handler(data: bytes, out: bytearray, value: Value, text: bytes) -> None:
    """``@click="close"`` -> ``;close()`` (the path moved one byte left, into its opening quote); statements ->
    ``;{..}``."""
    stripped = text.strip()
    if all(c in _PATH for c in stripped) and not chr(stripped[0]).isdigit() and b".." not in stripped \
            and not stripped.endswith(b"."):
        start = value.start + text.index(stripped)
        stop = start + len(stripped)
        out[value.equals] = ord(";")
        out[start - 1:stop - 1] = stripped
        out[stop - 1:stop + 1] = b"()"
        return
    _write(out, data, value.equals, value.start, value.end, b";{", b"}")


def _write_loop(data: bytes, out: bytearray, value: Value, text: bytes) -> None:
    """``v-for="(item, i) in items"``: its list ``;(items)``; the names it binds are the template's own."""
    cut = min((i for i in (text.find(b" in "), text.find(b" of ")) if i >= 0), default=-1)
    if cut < 0:
        return
    start = value.start + cut + 4
    _write(out, data, start - 2, start, value.end, b";(", b")")


def _write(out: bytearray, data: bytes, opener: int, start: int, end: int, before: bytes, closing: bytes) -> None:
    """``data[start:end]`` kept at its offsets, ``before`` written in the bytes just before it (its first byte at
    ``opener``, its second at ``start - 1``) and ``closing`` from ``end`` (bytes of the markup, blanked)."""
    out[opener] = before[0]
    out[start - 1] = before[1]
    out[start:end] = data[start:end]
    out[end:end + len(closing)] = closing
