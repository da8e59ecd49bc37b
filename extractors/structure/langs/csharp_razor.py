"""A Razor view (a Blazor component's ``.razor``, an MVC view's or a Razor Page's ``.cshtml``) read as the C# class
the Razor compiler makes of it, same length, same lines: ``@using X`` a using, ``@inject T N`` a field ``T N;``,
``@model T`` a field ``T Model;``, the ``@code { }`` / ``@functions { }`` members as written, and the template's C#
(``@x.Y(..)``, ``@(..)``, ``@{ .. }``, ``@if (..) { .. } else { .. }``, ``@foreach (..) { .. }``, a directive
attribute's value ``@onclick="() => Remove(item)"``, a code line in a block) as statements of one method; the markup
blanked. The class (``class Name{``), its method (``void Render(){``) and their ``}`` are written in the markup's
blanks between the pieces they hold; it extends ``@inherits``'s class, else ``ComponentBase`` (a ``.razor``) or
``RazorPage`` (a ``.cshtml``), as the compiled one does. Without it a view was not read: a service method only a
component calls was "unused" (eShop's ``BasketState.SetQuantityAsync``), and its blast radius left the component
out."""

from __future__ import annotations

import posixpath
from typing import NamedTuple

from ..lazyre import lazy_re
from ..markup import blanked

RAZOR = (".razor", ".cshtml")
# the method the template's statements are read as (the compiler's BuildRenderTree: a shorter name, for the room)
_RENDER = (b"void", b"Render", b"(", b")", b"{")
# the class a view extends where it names none: a component's, an MVC view's or page's (the framework creates either,
# by its route, its tag or its name: a method of it is judged as one of a library type's subclass)
_BASES = {True: b"ComponentBase", False: b"RazorPage"}
# directives that take the rest of their line and give the class nothing read here (their text is no C# statement)
_LINE_DIRECTIVES = frozenset({b"page", b"layout", b"attribute", b"namespace",
                              b"typeparam", b"rendermode", b"addTagHelper", b"removeTagHelper", b"tagHelperPrefix",
                              b"preservewhitespace", b"section"})
_CONTROL = frozenset({b"if", b"foreach", b"for", b"while", b"switch", b"lock", b"using", b"try", b"do"})
# a control block's next parts, after its `}`
_ELSE = frozenset({b"else"})
_FOLLOWERS = {b"try": frozenset({b"catch", b"finally"}), b"do": frozenset({b"while"})}
_MEMBERS = frozenset({b"code", b"functions"})
_DIRECTIVES = _LINE_DIRECTIVES | _MEMBERS | {b"using", b"inject", b"model", b"inherits", b"implements"}
# directive attributes whose value is C# (an event's handler, a bound value, a reference, a key); @formname's is text
_CODE_ATTRIBUTES = (b"on", b"bind", b"ref", b"key", b"attributes", b"rendermode")
_WORD = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
_OPEN = {ord("("): ord(")"), ord("["): ord("]"), ord("{"): ord("}")}
_TRANSITION = lazy_re(rb"@|<[A-Z]")  # a Razor transition, or a component's tag
SPAN = 65536  # a bracket's closing is looked for this far at most: an unclosed one costs one bounded look
READ = 4  # and a file's closings read at most this many times its length in all (100 KB of `@(` unclosed)


class Piece(NamedTuple):
    start: int  # where the piece's text starts in the file
    end: int  # and ends
    place: str  # "top" (a using), "class" (a field, members), "method" (a statement of the template)
    tag: bool = False  # a component's tag: left out first where the class's opening needs the room


class Found(NamedTuple):
    pieces: list  # the top level's pieces, in order
    fields: list  # the class's fields the directives declare (``T N;``), written where it opens
    bases: list  # its base and interfaces (``@inherits``, ``@implements``)
    inherits: list  # its base where ``@inherits`` names one
    left: list  # [bytes the brackets' closings may still read]: READ times the file's length in all


def source_view(path: str, data: bytes) -> bytes:
    """``data`` as the C# class its Razor view compiles to, where ``path`` is a view; any other file as it is."""
    if not path.endswith(RAZOR):
        return data
    out, found = bytearray(blanked(data)), Found([], [], [], [], [READ * len(data) + SPAN])
    _read(data, out, 0, len(data), found, top=True)
    name, bases = _class_name(path), found.bases
    if not found.inherits:
        bases = [_BASES[path.endswith(".razor")]] + bases
    headers = ([b"public", b"partial", b"class", name, b":", b", ".join(bases), b"{"],  # as compiled
               [b"public", b"class", name, b":", bases[0], b"{"],  # where the markup leaves less room
               [b"class", name, b":", bases[0], b"{"])
    return bytes(_scaffolded(out, found, headers))


def _class_name(path: str) -> bytes:
    """``Pages/Cart/CartPage.razor`` -> ``CartPage`` (a component's class, named by its tags); a ``.cshtml`` is named
    by its path from its ``Views`` or ``Pages`` folder as compiled: ``Views/Shared/Redirect.cshtml`` ->
    ``Views_Shared_Redirect`` (no C# names it; its stem would be taken for a controller's ``Redirect(..)``)."""
    stem = posixpath.basename(path).split(".")[0]
    if path.endswith(".cshtml"):
        parts = path.split("/")
        root = min((i for i, part in enumerate(parts[:-1]) if part in ("Views", "Pages", "Areas")), default=None)
        stem = "_".join(parts[root:-1] + [stem]) if root is not None else stem
    name = bytes(c if c in _WORD else ord("_") for c in stem.encode())
    return name if name and not name[:1].isdigit() else b"_" + name


def _read(data: bytes, out: bytearray, at: int, end: int, found: Found, top: bool) -> None:
    """Each Razor transition (``@``) between ``at`` and ``end`` written into ``out``; at the top level each one a
    piece, in a block (``top`` False) a statement of that block. A code line of a block is kept (``_code_lines``)."""
    while (m := _TRANSITION.search(data, at, end)) is not None:
        i = m.start()
        if not top:
            _code_lines(data, out, at, i)
        at = _tag(data, out, i, end, found, top) if data[i] == ord("<") else _transition(data, out, i, end, found, top)
    if not top:
        _code_lines(data, out, at, end)


def _transition(data: bytes, out: bytearray, i: int, end: int, found: Found, top: bool) -> int:
    """The ``@`` at ``i`` read (its C# written to ``out``); the offset after what it spans."""
    nxt = data[i + 1:i + 2]
    if nxt == b"@" or (i > 0 and data[i - 1] in _WORD):  # `@@` (a literal `@`), an e-mail address
        return i + 2
    if nxt == b"*":  # a comment
        close = data.find(b"*@", i + 2, end)
        return end if close < 0 else close + 2
    if nxt == b"(":  # @(expr)
        close = _closing(data, i + 1, end, found)
        return i + 1 if close is None else _statement(data, out, i, i + 1, close + 1, found, top)
    if nxt == b"{":  # @{ statements }
        close = _closing(data, i + 1, end, found, markup=True)
        if close is None:
            return i + 1
        _keep(out, data, i + 1, i + 2), _keep(out, data, close, close + 1)
        _read(data, out, i + 2, close, found, top=False)
        _ended(out, close)
        return _piece(found, top, i, close + 1, "method")
    word_end = _word_end(data, i + 1, end)
    word = data[i + 1:word_end]
    if not word:
        return i + 1
    if top and (word in _DIRECTIVES) and _line_start(data, i):
        done = _directive(data, out, i, word, word_end, end, found)
        if done is not None:
            return done
    if word in _CONTROL:
        return _control(data, out, i, word_end, end, found, top)
    if data[word_end:word_end + 1] in (b"=", b"-", b":"):  # a directive attribute: @onclick="..", @formname=".."
        return _attribute(data, out, i, word_end, end, found, top) if word.startswith(_CODE_ATTRIBUTES) else word_end
    if word == b"await":
        word_end = _word_end(data, _skip_blanks(data, word_end, end), end)
    return _statement(data, out, i, i + 1, _expression_end(data, word_end, end, found), found, top)


def _tag(data: bytes, out: bytearray, i: int, end: int, found: Found, top: bool) -> int:
    """A component's tag, ``<CatalogListItem Item="@item" />``, read as a local of its type (``CatalogListItem _``,
    ended by the next statement's ``;``): the component is used where its tag is written, as the compiler's
    ``builder.OpenComponent<CatalogListItem>()`` uses it. Where no blank follows its name, it is left."""
    name_end = after = _name_end(data, i + 1, end)
    if name_end == i + 1 or after + 1 > end or out[after] != ord(" ") or data[after] in b"\r\n":
        return name_end
    ended = after + 2 <= end and out[after + 1] == ord(" ") and data[after + 1] not in b"\r\n"
    _put(out, data, i, data[i + 1:name_end] + (b" _;" if ended else b" _"))
    opened = i > 0 and out[i - 1] == ord(" ")  # the statement before it ended (`<A>` then `<B>` on the next line)
    if opened:
        out[i - 1] = ord(";")
    return _piece(found, top, i - opened, after + 1 + ended, "method", tag=True)


def _directive(data: bytes, out: bytearray, i: int, word: bytes, word_end: int, end: int, found: Found):
    """A directive starting its line: ``@using X`` written as C#, ``@inject T N`` / ``@model T`` a field of the class
    (``T N;``, ``T Model;``: ``fields``), ``@code { }`` read as members, another directive blanked; None where
    ``word`` is no directive (``@if``, ``@Model.X``)."""
    eol = _line_end(data, word_end, end)
    rest = _skip_blanks(data, word_end, eol)
    text = data[rest:eol].rstrip()
    if word in _MEMBERS and data[rest:rest + 1] == b"{":
        close = _closing(data, rest, end, found)
        if close is None:
            return end
        _keep(out, data, rest + 1, close)
        return _piece(found, True, rest + 1, close, "class")
    if word == b"using" and text and not text.startswith(b"("):
        _put(out, data, i, b"using " + text + b";")
        return _piece(found, True, i, eol, "top")
    if word in (b"inherits", b"implements") and text:  # the base first, then the interfaces
        found.bases.insert(0, text) if word == b"inherits" else found.bases.append(text)
        found.inherits.append(text) if word == b"inherits" else None
        return eol
    if word in (b"inject", b"model") and text:  # a field, written where the class opens (``_scaffolded``)
        found.fields.append(text + (b";" if word == b"inject" else b" Model;"))
        return eol
    return eol if word in _LINE_DIRECTIVES else None


def _control(data: bytes, out: bytearray, i: int, word_end: int, end: int, found: Found, top: bool) -> int:
    """``@if (..) { .. } else if (..) { .. } else { .. }`` (``foreach``, ``for``, ``while``, ``switch``, ``using``,
    ``lock``, ``try .. catch .. finally``, ``do .. while (..);``): its keywords, heads and braces kept, each body read
    as a block; where a head or a body does not close, what is left of it is not read."""
    at, last, first = i + 1, None, data[i + 1:word_end]
    while True:
        head_end = _skip_blanks(data, _word_end(data, at, end), end)
        if data[at:head_end].strip() == b"else" and data.startswith(b"if", head_end):
            head_end = _skip_blanks(data, head_end + 2, end)
        if data[head_end:head_end + 1] == b"(":
            close = _closing(data, head_end, end, found)
            if close is None:
                break
            head_end = _skip_blanks(data, close + 1, end)
        if last is not None and data[head_end:head_end + 1] == b";":  # do { .. } while (x);
            _keep(out, data, at, head_end + 1)
            last = head_end + 1
            break
        body = _closing(data, head_end, end, found, markup=True) if data[head_end:head_end + 1] == b"{" else None
        if body is None:
            break
        _keep(out, data, at, head_end + 1), _keep(out, data, body, body + 1)
        _read(data, out, head_end + 1, body, found, top=False)
        _ended(out, body)
        last = body + 1
        at = _skip_blanks(data, last, end)
        if data[at:_word_end(data, at, end)] not in _FOLLOWERS.get(first, _ELSE):
            break
    if last is None:
        return i + 1
    out[i] = ord(";")  # the statement before it ended, where no `;` follows it (`@Model.Name` at a line's end)
    return _piece(found, top, i, last, "method")


def _attribute(data: bytes, out: bytearray, i: int, word_end: int, end: int, found: Found, top: bool) -> int:
    """``@onclick="() => Remove(item)"``, ``@onsubmit="@Save"``: the value, C#, read as ``_=value;`` (a method group
    is a value passed, so the handler it names is used); ``@bind-Value="..."``'s too. A value not quoted is left."""
    eq = data.find(b"=", word_end, min(end, word_end + 64))
    quote = data[eq + 1:eq + 2] if eq >= 0 else b""
    close = data.find(quote, eq + 2, end) if quote in (b'"', b"'") else -1
    if close < 0:
        return word_end
    start = eq + 2
    start += data[start:start + 1] == b"@"
    if start >= close or b":" in data[word_end:eq]:  # @bind-Value:event="oninput": an event's name, no C#
        return close + 1
    _put(out, data, start - 3, b";_=")
    _keep(out, data, start, close)
    _put(out, data, close, b";")
    return _piece(found, top, i, close + 1, "method")


def _statement(data: bytes, out: bytearray, i: int, start: int, stop: int, found: Found, top: bool) -> int:
    """An expression at ``start:stop`` (after the ``@`` at ``i``) read as a statement: ``;_=expr;`` where the markup
    before it leaves two blanks (a value, read as C# reads an assignment's), else ``;expr``; the ``;`` after it where
    the markup leaves a blank (a `<` does: it was blanked)."""
    opening = b";_=" if i >= 2 and out[i - 1] == ord(" ") and out[i - 2] in b" ;" else b";"
    i -= len(opening) - 1
    _put(out, data, i, opening)
    _keep(out, data, start, stop)
    ended = stop < len(out) and out[stop] == ord(" ")
    if ended:
        out[stop] = ord(";")
    return _piece(found, top, i, stop + ended, "method")


def _ended(out: bytearray, close: int) -> None:
    """A block's last statement ended by a ``;`` before its ``}``, where a blank is (``@item.Name`` last in it)."""
    if out[close - 1] == ord(" "):
        out[close - 1] = ord(";")


def _piece(found: Found, top: bool, start: int, end: int, place: str, tag: bool = False) -> int:
    if top:
        found.pieces.append(Piece(start, end, place, tag))
    return end


def _code_lines(data: bytes, out: bytearray, at: int, end: int) -> None:
    """The lines of a block's text between two transitions that are C#, not markup: a statement ending in ``;``
    (``var q = Quantity(item);``), ``case X:``, ``default:``, ``break;``; markup starts with ``<``."""
    for line_start, line_end in _lines(data, at, end):
        text = data[line_start:line_end].strip()
        if text and text[0] in _WORD_START and (text.endswith(b";") or text.startswith((b"case ", b"default:"))):
            _keep(out, data, line_start, line_end)
            first = line_end - len(data[line_start:line_end].lstrip())
            if first > line_start:  # the statement before it ended (a component's tag's local)
                out[first - 1] = ord(";")


_WORD_START = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")


def _lines(data: bytes, at: int, end: int):
    while at < end:
        nl = data.find(b"\n", at, end)
        stop = end if nl < 0 else nl
        yield at, stop
        at = stop + 1


def _scaffolded(out: bytearray, found: Found, headers: tuple) -> bytearray:
    """``out`` with the class and its render method opened and closed around the pieces that need them, each token
    written in the blanks between two pieces; the class's fields where it opens, else at a later member's place or
    its end (a member's order does not matter) where there is room; a piece with no room for its opening is
    blanked."""
    depth, gap, fields, missed = 0, 0, [field.split() for field in found.fields], 0
    for piece in found.pieces:
        want = _DEPTH[piece.place]
        if depth >= want:
            left = _closed(out, gap, piece.start, depth, want, fields)
        elif missed >= TRIES:  # each try reads the gap again, which grows: bounded, not quadratic
            left = None
        elif piece.tag:  # a tag before the class opens: its room before the fields and the full header
            left = [] if _place(out, gap, piece.start, _openings(depth, want, headers[0], fields)) else None
        else:  # all the fields before `partial`; a public class before the first pieces (its own is a view's)
            tried = headers if missed >= PUBLIC_TRIES else headers[:-1]
            left = next((got for every in (True, False) for header in tried
                         if (got := _opened(out, gap, piece.start, depth, want, header, fields, every)) is not None),
                        None)
        if left is None:  # left unread, its room the next piece's
            out[piece.start:piece.end] = blanked(bytes(out[piece.start:piece.end]))
            missed += 1
        else:
            fields = left if depth or want else fields
            depth, gap, missed = want, piece.end, 0
    if depth and _closed(out, gap, len(out), depth, 0, fields) is None:
        _place(out, gap, len(out), _closings(depth, 0))  # where there is no room, the parser's recovery closes them
    return out


_DEPTH = {"top": 0, "class": 1, "method": 2}
TRIES = 16  # pieces in a row left unread for want of room before the rest that need the class are left too
PUBLIC_TRIES = 4  # pieces left unread for want of room for a public class before one that is not is written


def _closings(depth: int, want: int) -> list[bytes]:
    """The ``}`` closing the method and the class from ``depth`` to ``want``, the method's last statement ended."""
    return ([b";"] if depth == 2 > want else []) + [b"}"] * (depth - want)


def _closed(out: bytearray, lo: int, hi: int, depth: int, want: int, fields: list) -> list | None:
    """The method (and the class) closed from ``depth`` to ``want``, the fields still to declare written in the
    class where there is room; the fields still left after, or None where the closings do not fit."""
    if fields and depth >= 1 > want - 1:
        tokens = _closings(depth, 1) + [word for field in fields for word in field] + [b"}"] * (1 - want)
        if _place(out, lo, hi, tokens):
            return []
    return fields if _place(out, lo, hi, _closings(depth, want)) else None


def _opened(out: bytearray, lo: int, hi: int, depth: int, want: int, header: list, fields: list,
            every: bool) -> list | None:
    """The openings from ``depth`` to ``want`` placed with all ``fields`` (``every``) or the most of them (in order)
    that fit, found by a binary search over their count, each try one pass over the gap; the fields left, or None
    where none fit."""
    if _plan(out, lo, hi, _openings(depth, want, header, fields)) is not None:
        fits = len(fields)
    elif every:
        return None
    else:
        fits, fails = 0, len(fields)
        while fails - fits > 1:
            middle = (fits + fails) // 2
            plan = _plan(out, lo, hi, _openings(depth, want, header, fields[:middle]))
            fits, fails = (middle, fails) if plan is not None else (fits, middle)
    return fields[fits:] if _place(out, lo, hi, _openings(depth, want, header, fields[:fits])) else None


def _openings(depth: int, want: int, header: list[bytes], fields: list) -> list[bytes]:
    """The tokens opening the class (its header, its fields) and the render method, from ``depth`` to ``want``."""
    opening = header + [word for field in fields for word in field] if depth < 1 <= want else []
    return opening + (list(_RENDER) if depth < 2 <= want else [])


def _place(out: bytearray, lo: int, hi: int, tokens: list[bytes]) -> bool:
    """``tokens`` written in order into blanks of ``out[lo:hi]``; False (nothing written) where they do not fit."""
    spots = _plan(out, lo, hi, tokens)
    for spot, token in zip(spots or (), tokens):
        out[spot:spot + len(token)] = token
    return spots is not None


def _plan(out: bytearray, lo: int, hi: int, tokens: list[bytes]) -> list[int] | None:
    """Where each of ``tokens`` goes, in order, in blanks of ``out[lo:hi]``, a word never right after another's
    letters (so no two run together); None where they do not fit."""
    spots, at = [], lo
    for token in tokens:
        spot = _blank_run(out, at, hi, len(token), token[0] in _WORD)
        if spot < 0:
            return None
        spots.append(spot)
        at = spot + len(token) + (token[-1] in _WORD)  # a blank after a word (``class Name``)
    return spots


def _blank_run(out: bytearray, at: int, hi: int, size: int, word: bool) -> int:
    """The first offset from ``at`` of ``size`` blanks before ``hi`` not right after a word's letter where ``word``;
    -1 where there is none (each look starts past the last: linear in the gap)."""
    run = b" " * size
    while (spot := out.find(run, at, hi)) >= 0:
        if not word or spot == 0 or out[spot - 1] not in _WORD:
            return spot
        at = spot + 1
    return -1


def _closing(data: bytes, at: int, end: int, found: Found, markup: bool = False) -> int | None:
    """The offset of the bracket closing the one at ``at``, within ``SPAN`` bytes and what is left of the file's
    budget (``found.left``: unclosed brackets each read once, not the file's length each): C#'s strings, characters
    and comments skipped, unless the brackets hold ``markup`` (a template's block: its quotes are attributes' and
    text's, nested in any way: `class="x @(a ? "b" : "")"`, its apostrophes text)."""
    opener = data[at]
    closer, depth, i, stop = _OPEN[opener], 0, at, min(end, at + SPAN, at + found.left[0])
    while i < stop:
        c = data[i]
        if not markup and c in _CODE_SKIPS:
            i = _skipped(data, i, stop)
            continue
        if c == opener:
            depth += 1
        elif c == closer:
            depth -= 1
            if depth == 0:
                found.left[0] -= i - at
                return i
        i += 1
    found.left[0] -= stop - at
    return None


_CODE_SKIPS = frozenset(b"\"'/")
CHAR_SPAN = 10  # a character literal closes this near ('x', '\n', '\u0041'); an apostrophe further is no quote


def _skipped(data: bytes, i: int, stop: int) -> int:
    """The offset after the C# string, character or comment starting at ``i`` (a ``/`` starting none: the next)."""
    c = data[i]
    if c == ord("/"):
        follow = data[i + 1:i + 2]
        if follow == b"/":
            nl = data.find(b"\n", i, stop)
            return stop if nl < 0 else nl
        if follow == b"*":
            close = data.find(b"*/", i + 2, stop)
            return stop if close < 0 else close + 2
        return i + 1
    if c == ord("'"):
        close = data.find(b"'", i + 2 if data[i + 1:i + 2] == b"\\" else i + 1, min(stop, i + CHAR_SPAN))
        return i + 1 if close < 0 else close + 1
    verbatim = i > 0 and data[i - 1] == ord("@")  # @"C:\x": a backslash is text, "" a quote
    j = i + 1
    while j < stop:
        if data[j] == ord("\\") and not verbatim:
            j += 2
        elif data[j] == c and verbatim and data[j + 1:j + 2] == b'"':
            j += 2
        elif data[j] == c or data[j] == ord("\n") and not verbatim:
            return j + 1
        else:
            j += 1
    return stop


def _expression_end(data: bytes, at: int, end: int, found: Found) -> int:
    """The end of an implicit expression whose first name ends at ``at``: ``.Name``, ``?.Name``, ``(..)``, ``[..]``
    and a ``!`` continue it (``@item.Price.ToString("0.00")``); a ``.`` before no name ends it (a sentence's)."""
    while at < end:
        c = data[at:at + 1]
        if c in (b"(", b"["):
            close = _closing(data, at, end, found)
            if close is None:
                return at
            at = close + 1
        elif c == b"." or data.startswith(b"?.", at):
            dot = at + (2 if c == b"?" else 1)
            name_end = _word_end(data, dot, end)
            if name_end == dot:
                return at
            at = name_end
        elif c == b"!" and data[at + 1:at + 2] in (b".", b"["):
            at += 1
        else:
            return at
    return at


def _name_end(data: bytes, at: int, end: int) -> int:
    """The end of a dotted name (``eShop.Components.CatalogSearch``) from ``at``."""
    while (stop := _word_end(data, at, end)) > at and data[stop:stop + 1] == b"." and stop + 1 < end:
        at = stop + 1
    return stop


def _word_end(data: bytes, at: int, end: int) -> int:
    while at < end and data[at] in _WORD:
        at += 1
    return at


def _skip_blanks(data: bytes, at: int, end: int) -> int:
    while at < end and data[at] in b" \t\r\n":
        at += 1
    return at


def _line_end(data: bytes, at: int, end: int) -> int:
    nl = data.find(b"\n", at, end)
    return end if nl < 0 else nl


def _line_start(data: bytes, i: int) -> bool:
    """Whether only blanks (or a byte-order mark) come before ``i`` on its line, looked at ``INDENT`` bytes back at
    most (a long line of transitions is not read back to its start at each)."""
    start = data.rfind(b"\n", max(0, i - INDENT), i) + 1
    if start == 0 and i > INDENT:
        return False
    return not data[start:i].replace(b"\xef\xbb\xbf", b"").strip()


INDENT = 32


def _keep(out: bytearray, data: bytes, start: int, stop: int) -> None:
    out[start:stop] = data[start:stop]


def _put(out: bytearray, data: bytes, at: int, text: bytes) -> None:
    """``text`` written at ``at``, the file's line breaks kept where it would cover one."""
    out[at:at + len(text)] = bytes(c if c in b"\r\n" else t for c, t in zip(data[at:at + len(text)], text))
