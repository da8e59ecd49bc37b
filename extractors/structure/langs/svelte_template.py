"""A Svelte component's markup read as the code it runs, same length, same lines: each ``{expr}`` (in text or in an
attribute's value) kept as a block statement of the module, ``{ expr }``, beside its ``<script>`` blocks, whose
top-level names the markup sees; a logic block's keyword blanked (``{#if cond}`` -> ``{    cond}``, ``{:else if
c}``, ``{#key k}``, ``{#await p then v}``'s promise, ``{#each items as item (item.id)}``'s list, ``{@html x}``,
``{@const a = f(b)}`` a local ``const``); an event handler named by its path (``on:click={close}``, Svelte 5's
``onclick={close}``, which Svelte calls with the event) a call ``;close()`` (moved one byte left, into its brace), and
an action, a transition or an animation (``use:tooltip={opts}``, ``transition:fade``) the call Svelte makes of it,
``;tooltip  (opts)``; a store's ``$name`` read as ``name``. The markup stays blanked. Without it a function only the
markup calls (a handler bound to a button, a formatter in ``{format(row)}``) had no caller from the component: its
callers and blast radius left it out, and "unused" where the script did not call it too.

Not read: a closing or branch tag's names (``{:then value}``, ``{#snippet row(item)}``: the markup's own), a
``{...spread}``'s dots (kept as the name), a template literal's ``${..}`` inside an expression (the literal is skipped
whole), comments, ``<style>``."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..markup import scripts_only

SVELTE = ".svelte"
_OPEN, _CLOSE = ord("{"), ord("}")
_BLANK = 0x20
_QUOTES = frozenset(b"\"'`")
_SLASH = ord("/")
_COMMENT_STARTS = frozenset(b"/*")
_BLANKS = frozenset(b" \t\r\n\f")
_SKIPPED_ELEMENTS = ((b"<script", b"</script"), (b"<style", b"</style"))
_COMMENT, _COMMENT_END = b"<!--", b"-->"
_PATH = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$.")
_NAME = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$")
_NAME_END = frozenset(b" \t\r\n\f=/>\"'{")
# a block's head whose rest is an expression (its keyword blanked), and the words after which the rest is the
# markup's own names (`{#each items as item}`, `{#await p then v}`)
_EXPRESSION_HEADS = (b"#if", b":else if", b"#key", b"#await", b"#each", b"@html", b"@debug", b"@render",
                     b"@attach")  # (Svelte 5's attachment: a function it calls with the element)
_BINDS_AFTER = {b"#each": b" as ", b"#await": b" then "}
# directives whose name is a function Svelte calls with the element (and the directive's value, if any)
_CALLED_DIRECTIVES = (b"use:", b"transition:", b"in:", b"out:", b"animate:")


@dataclass
class Markup:
    """One component's markup being written: its bytes, the view written so far, and the names the open blocks
    bind (``{#each items as item}``'s ``item`` until ``{/each}``), innermost last."""

    data: bytes
    out: bytearray
    scopes: list = field(default_factory=list)
    bound: dict = field(default_factory=dict)  # each name the open blocks bind: how many of them do

    def open_block(self, names: set) -> None:
        self.scopes.append(names)
        for name in names:
            self.bound[name] = self.bound.get(name, 0) + 1

    def bind(self, names: set) -> None:
        """``names`` bound by the innermost block too (``{:then v}``)."""
        if self.scopes:
            fresh = names - self.scopes[-1]
            self.scopes[-1] |= fresh
            for name in fresh:
                self.bound[name] = self.bound.get(name, 0) + 1

    def close_block(self) -> None:
        for name in self.scopes.pop() if self.scopes else ():
            self.bound[name] -= 1
            if not self.bound[name]:
                del self.bound[name]


def markup_view(path: str, data: bytes) -> bytes | None:
    """``data`` with its ``<script>`` blocks kept and its markup's code written at its own offsets; None where
    ``path`` is no Svelte component."""
    if not path.endswith(SVELTE):
        return None
    out = bytearray(scripts_only(data))
    _write_markup(Markup(data, out))
    return bytes(out)


def _write_markup(m: Markup) -> None:
    """Each expression and directive outside ``<script>``, ``<style>`` and comments written into ``out``; one pass
    (the next ``<`` and ``{`` are each looked for again only once passed; an unclosed brace or quote ends it)."""
    data = m.data
    at, end, next_tag, next_open = 0, len(data), -1, -1
    while at < end:
        if next_tag < at:
            next_tag = _found(data.find(b"<", at), end)
        if next_open < at:
            next_open = _found(data.find(b"{", at), end)
        if next_open < next_tag:
            close = _matching_brace(data, next_open, end)
            if close < 0:
                return
            _write_expression(m, next_open, close)
            at = close + 1
        elif next_tag < end:
            at = _past_element(data, next_tag, end)
            if at == next_tag + 1 and _name_start(data, at):
                at = _write_tag(m, at, end)
        else:
            return


def _found(at: int, end: int) -> int:
    return end if at < 0 else at


def _name_start(data: bytes, at: int) -> bool:
    return at < len(data) and chr(data[at]).isalpha()


def _past_element(data: bytes, start: int, end: int) -> int:
    """Past a comment, a ``<script>`` or ``<style>`` element (``end`` where unclosed); else the byte after ``<``."""
    if data.startswith(_COMMENT, start):
        close = data.find(_COMMENT_END, start + 4)
        return end if close < 0 else close + 3
    for opener, closer in _SKIPPED_ELEMENTS:
        if data.startswith(opener, start) and not _name_continues(data, start + len(opener)):
            close = data.find(closer, start)
            return end if close < 0 else close + len(closer)
    return start + 1


def _name_continues(data: bytes, at: int) -> bool:
    return at < len(data) and data[at] not in _NAME_END


def _matching_brace(data: bytes, start: int, end: int) -> int:
    """The offset of the ``}`` closing the ``{`` at ``start`` (braces nested, quoted strings, template literals and
    comments skipped whole), -1 where there is none."""
    depth, at = 0, start
    while at < end:
        c = data[at]
        if c == _OPEN:
            depth += 1
        elif c == _CLOSE:
            depth -= 1
            if depth == 0:
                return at
        elif c in _QUOTES:
            at = data.find(data[at:at + 1], at + 1, end)
            if at < 0:
                return -1
        elif c == _SLASH and at + 1 < end and data[at + 1] in _COMMENT_STARTS:  # (a comment's `don't`)
            at = data.find(b"\n" if data[at + 1] == _SLASH else b"*/", at + 2, end)
            if at < 0:
                return -1
        at += 1
    return -1


def _write_expression(m: Markup, start: int, close: int) -> None:
    """The ``{..}`` at ``start`` written as a block statement: its head's keyword blanked, the names a head binds
    left out (and held for the block's body), a ``;`` before it where the byte before is markup (ending what came
    before, a script's last line)."""
    data, out, inner = m.data, m.out, start + 1
    head = next((h for h in _EXPRESSION_HEADS if data.startswith(h, inner)), None)
    if head is None and data[inner:inner + 1] in (b"#", b":", b"/"):
        _scope_tag(m, data[inner:close])
        return  # `{:else}`, `{:then value}`, `{/if}`, `{#snippet row(item)}`: no expression of the script's names
    body, stop = inner + (len(head) if head else 0), close
    if head in _BINDS_AFTER:
        cut = data.find(_BINDS_AFTER[head], body, close)
        stop = close if cut < 0 else cut
    elif data.startswith(b"...", inner):
        body = inner + 3  # `{...props}`: a spread of the name
    elif data.startswith(b"@const", inner):
        body = inner + 1  # `{@const a = f(b)}`: a local `const` of the block
    before = out[start - 1] if start > 0 else _BLANK
    # an object literal (`props={{ class: "x" }}`) as a block is a label and a syntax error: `({ class: "x" })`, an
    # expression statement (not after another's `)`, which would call it)
    braced = head is None and body == inner and data[inner:close].lstrip()[:1] == b"{" and before != ord(")")
    out[start] = ord("(") if braced else _OPEN
    out[body:stop] = _code(m, data[body:stop])
    out[close] = ord(")") if braced else _CLOSE
    if before == _BLANK and start > 0:
        out[start - 1] = ord(";")
    if head in _OPENS_SCOPE:
        m.open_block(_bound_names(data[stop + len(_BINDS_AFTER.get(head, b"")):close]) if stop < close else set())


# blocks whose body sees names the markup binds (`{#each items as item}`, `{#await p then v}`), and those opened
# with none (`{#if}`, `{#key}`), whose `{/..}` closes the innermost
_OPENS_SCOPE = frozenset({b"#if", b"#key", b"#await", b"#each"})


def _scope_tag(m: Markup, tag: bytes) -> None:
    """A tag of no expression: ``{/each}`` closes the innermost block's names, ``{#snippet row(item)}`` opens a
    block binding its parameters, ``{:then v}`` / ``{:catch e}`` add to the innermost."""
    if tag.startswith(b"/"):
        m.close_block()
    elif tag.startswith(b"#snippet"):
        m.open_block(_bound_names(tag.partition(b"(")[2].rpartition(b")")[0]))
    elif tag.startswith((b":then", b":catch")):
        m.bind(_bound_names(tag.partition(b" ")[2]))


def _bound_names(binding: bytes) -> set:
    """The names a binding writes (``item, i (item.id)``, ``{ id, label }``, ``[a, b]``, a snippet's ``{ props }``):
    its identifiers before a key's ``(``, but an object pattern's keys (``{ a: b }`` binds ``b``)."""
    names, word, text = set(), bytearray(), binding.split(b" (", 1)[0] + b" "
    for at, c in enumerate(text):
        if c in _NAME:
            word.append(c)
            continue
        if word and not chr(word[0]).isdigit() and text[_past_blanks(text, at):][:1] != b":":
            names.add(bytes(word))
        word.clear()
    return names


def _past_blanks(code: bytes, at: int) -> int:
    while at < len(code) and code[at] in _BLANKS:
        at += 1
    return at


def _code(m: Markup, code: bytes) -> bytes:
    """``code`` as the script reads it: each ``$name`` that starts a name (not ``a.$b``, ``$$props``, ``x$``) a read
    of ``name`` (a store's value, which Svelte subscribes to); each member taken of a name an open block binds
    (``item.icon()`` in ``{#each items as item}``) taken of ``0`` instead, a literal whose members are no one's
    (the markup's own value: guessed by its member's name it reached other files' ``icon``)."""
    bound = m.bound
    if b"$" not in code and not bound:
        return code
    out, at, size = bytearray(code), 0, len(code)
    while at < size:
        c = code[at]
        if c not in _NAME or (at and (code[at - 1] in _NAME or code[at - 1] == 0x2E)):
            at += 1
            continue
        stop = at
        while stop < size and code[stop] in _NAME:
            stop += 1
        word = code[at:stop]
        if word[:1] == b"$" and len(word) > 1 and word[1:2] != b"$":
            out[at] = _BLANK
            word = word[1:]
        after = _past_blanks(code, stop)
        if word in bound and (code[after:after + 1] in (b".", b"[") or code[after:after + 2] == b"?."):
            out[stop - len(word):stop] = b"0" + b" " * (len(word) - 1)
        at = stop
    return bytes(out)


def _write_tag(m: Markup, at: int, end: int) -> int:
    """The tag whose name starts at ``at`` read to its ``>``, each attribute's code written: a ``{..}`` value (a
    directive's, see ``_write_directive``), each ``{..}`` of a quoted value, a ``{name}`` or ``{...spread}`` in an
    attribute's place; the offset after the tag (``end`` where an unclosed brace or quote ends the pass)."""
    data = m.data
    while at < end and data[at] not in _NAME_END:
        at += 1
    while at < end:
        c = data[at]
        if c == ord(">"):
            return at + 1
        if c in b" \t\r\n\f/":
            at += 1
        elif c == _OPEN:
            close = _matching_brace(data, at, end)
            if close < 0:
                return end
            _write_expression(m, at, close)
            at = close + 1
        elif c in _QUOTES:  # a stray quote (`<a "x">`): past it
            at += 1
        else:
            at = _write_attribute(m, at, end)
    return at


def _write_attribute(m: Markup, start: int, end: int) -> int:
    """The attribute at ``start``: its name, its value's code written; the offset after it."""
    data, at = m.data, start
    while at < end and data[at] not in _NAME_END:
        at += 1
    stop = at
    if data[at:at + 2] == b"={":
        close = _matching_brace(data, at + 1, end)
        if close < 0:
            return end
        _write_directive(m, start, stop, at + 1, close)
        return close + 1
    if data[at:at + 1] == b"=" and data[at + 1:at + 2] in (b'"', b"'"):
        return _write_quoted(m, at + 1, end)
    if data[at:at + 1] != b"=":
        _write_directive(m, start, stop, -1, -1)
    return at + (1 if data[at:at + 1] == b"=" else 0)


def _write_quoted(m: Markup, quote: int, end: int) -> int:
    """Each ``{..}`` of the quoted value whose quote is at ``quote`` (``class="btn {size}"``) written as a block;
    the offset after the closing quote."""
    data = m.data
    mark, at = data[quote:quote + 1], quote + 1
    while at < end:
        close_quote = data.find(mark, at, end)
        brace = data.find(b"{", at, end if close_quote < 0 else close_quote)
        if brace < 0:
            return end if close_quote < 0 else close_quote + 1
        close = _matching_brace(data, brace, end)
        if close < 0:
            return end
        _write_expression(m, brace, close)
        at = close + 1
    return end


def _write_directive(m: Markup, start: int, stop: int, value: int, close: int) -> None:
    """One attribute ``data[start:stop]`` (its ``{..}`` value at ``value``..``close``, -1 where it has none)."""
    data = m.data
    name = data[start:stop]
    called = next((d for d in _CALLED_DIRECTIVES if name.startswith(d)), None)
    if called is not None:
        callee = name[len(called):].split(b"|", 1)[0]
        if callee and all(c in _PATH for c in callee) and not chr(callee[0]).isdigit():
            _write_call(m, start, callee, value, close)
        return
    if value >= 0 and _is_event(name):
        path = data[value + 1:close].strip()
        if path and all(c in _PATH for c in path) and not chr(path[0]).isdigit() and b".." not in path \
                and not path.endswith(b"."):
            _write_handler(m, value, close, path)
            return
    if value >= 0:
        _write_expression(m, value, close)


def _is_event(name: bytes) -> bool:
    """``on:click`` (``on:click|preventDefault``), or Svelte 5's ``onclick`` attribute."""
    return name.startswith(b"on:") or (len(name) > 2 and name.startswith(b"on") and name[2:].isalpha()
                                       and name[2:].islower())


def _write_handler(m: Markup, value: int, close: int, path: bytes) -> None:
    """``on:click={close}`` -> ``;close()``: the path moved one byte left (onto its brace), ``()`` after it."""
    data, out = m.data, m.out
    start = data.index(path, value + 1, close)
    out[value - 1] = ord(";")  # (the `=`)
    out[start - 1:start - 1 + len(path)] = _code(m, path)
    out[start - 1 + len(path):start + 1 + len(path)] = b"()"


def _write_call(m: Markup, start: int, callee: bytes, value: int, close: int) -> None:
    """``use:tooltip`` -> ``;tooltip()``, ``use:tooltip={opts}`` -> ``;tooltip   (opts)``: the call Svelte makes
    (the prefix's bytes hold the ``;``, the name moved left over them)."""
    data, out = m.data, m.out
    out[start] = ord(";")
    out[start + 1:start + 1 + len(callee)] = callee
    if value < 0:
        at = start + 1 + len(callee)
        out[at:at + 2] = b"()"
        return
    out[value] = ord("(")
    out[value + 1:close] = _code(m, data[value + 1:close])
    out[close] = ord(")")
