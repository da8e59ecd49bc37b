"""C# the grammar cannot read (preprocessor directives anywhere, C# 14 generic extension blocks), rewritten byte
for byte into C# it can.

tree-sitter-c-sharp reads ``#if`` / ``#else`` / ``#endif`` only between whole declarations and statements. Libraries
that target several frameworks put them anywhere: in a base list (``class Logger : ILogger #if FEATURE_ASYNC ,
IAsyncDisposable #endif {``), a parameter list, a fluent chain, or around two headers of one method sharing a body
(``#if FEATURE_SPAN void Bind(ReadOnlySpan<object> a) #else void Bind(object[] a) #endif { ... }``). Its error
recovery then loses far more than the directive: serilog's ``PropertyBinder`` class vanished (its methods read as
top-level functions, its callers unresolved), ``Logger`` lost its bases. The repair reads the file as a compiler
does for one set of symbols: each conditional's first branch holds (``#if``), the others (``#elif``, ``#else``) are
blanked with the directive lines, keeping every byte offset and line. The parser runs it only on a file that failed
to parse, and keeps the rewritten reading only when it has fewer errors (``parse._repaired``).
"""

from __future__ import annotations

import re

from ..lazyre import lazy_re

_DIRECTIVE = lazy_re(rb"^[ \t]*#[ \t]*(if|elif|else|endif)\b")


def repairs(language: str) -> tuple:
    """The byte-for-byte rewrites to try on a C# file that failed to parse."""
    return (first_branch, generic_extension)


def first_branch(data: bytes) -> bytes:
    """Every ``#if`` block read as its first branch: its directive lines and its ``#elif`` / ``#else`` branches
    blanked, nested blocks alike (one pass over the lines with a stack: is each open block past its first branch)."""
    lines = data.split(b"\n")
    past_first: list[bool] = []  # one per open block
    for i, line in enumerate(lines):
        m = _DIRECTIVE.match(line)
        word = m.group(1) if m else None
        if word == b"if":
            past_first.append(False)
        elif word in (b"elif", b"else") and past_first:
            past_first[-1] = True
        elif word == b"endif" and past_first:
            past_first.pop()
        elif word is None and not any(past_first):
            continue  # code of the branch that holds
        lines[i] = _blank(line)
    return b"\n".join(lines)


def _blank(line: bytes) -> bytes:
    return b" " * len(line)


# ``extension<T>(Reply<T> reply) where T : class {``: C# 14's generic extension block; the grammar reads the plain
# ``extension(Reply<string> reply) {`` (as a constructor named extension), not the type parameters or the constraints
_GENERIC_EXTENSION = lazy_re(rb"(?m)^([ \t]*extension[ \t]*)(<[\w \t,]*>)([ \t]*\([^(){};]*\))([^{;]*?)(?=\{)")


def generic_extension(data: bytes) -> bytes:
    """Each generic extension block's header read as a plain one: its type parameter list and its ``where``
    clauses blanked (its receiver keeps its generic type: ``Reply<T>``, a member of ``Reply``)."""
    return _GENERIC_EXTENSION.sub(_plain_header, data)


def _plain_header(m: re.Match) -> bytes:
    constraints = m.group(4)
    kept = constraints if not constraints.strip() else re.sub(rb"[^\n]", b" ", constraints)
    return m.group(1) + b" " * len(m.group(2)) + m.group(3) + kept
