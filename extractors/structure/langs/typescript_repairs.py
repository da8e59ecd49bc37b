"""TypeScript the bundled grammar cannot read, rewritten byte for byte into TypeScript it can.

tree-sitter-typescript (tree-sitter-language-pack 0.13.0) fails on three constructs common in typed libraries, and
its error recovery then swallows far more than the construct: hono's ``src/types.ts`` (2,778 lines, one ERROR node
from line 1) gave 20 symbols; zod's core ``schemas.ts`` lost the interfaces around each variance annotation.

- variance annotations on type parameters (TypeScript 4.7): ``interface I<out T, in U>``;
- ``export type * from './types'`` (TypeScript 5.0);
- a generic call signature starting a line after another member of an interface or type literal, with no ``;``
  between them (``<K extends keyof V>(key: K): V[K]``): the grammar reads ``<`` as continuing the member before.

Each repair keeps every byte offset and line (a modifier becomes spaces, an indentation space becomes ``;``), so the
names and positions read from the repaired text are the file's own. The parser runs them only on a file that failed to
parse, and keeps the repaired reading only when it has fewer errors (``parse._repaired``).
"""

from __future__ import annotations


from ..lazyre import lazy_re

_COMMENTS = rb"(?:\s|/\*(?:[^*]|\*(?!/))*\*/|//[^\n]*\n)*"
# ``in``/``out`` after ``<`` or ``,`` (comments between allowed), before a type parameter's name and what may follow it
_VARIANCE = lazy_re(rb"(?<=[<,])(" + _COMMENTS + rb")(in\s+out|in|out)(?=\s+[A-Za-z_$][\w$]*\s*(?:[,>=]|extends\b))")
_TYPE_STAR = lazy_re(rb"\bexport(\s+)type(?=\s+\*)")
_SIGNATURE_START = lazy_re(rb"([ \t]+)<(?:[\s\w$]|$)")
_MEMBER_END = lazy_re(rb"[\w$)\]>'\"`}]$")  # how a member (a type, a name) ends


def repairs(language: str) -> tuple:
    """The byte-for-byte rewrites to try on a file of ``language`` that failed to parse."""
    return (repair,) if language == "typescript" else ()


def repair(data: bytes) -> bytes:
    data = _VARIANCE.sub(lambda m: m.group(1) + _blank(m.group(2)), data)
    data = _TYPE_STAR.sub(lambda m: b"export" + m.group(1) + b"    ", data)
    return _separated_signatures(data)


def _blank(text: bytes) -> bytes:
    return bytes(c if c == 0x0A else 0x20 for c in text)


def _separated_signatures(data: bytes) -> bytes:
    """A ``;`` in place of the last indentation space of a line starting a generic call signature, when the code line
    before it ends a member (not after ``=``, ``(``, ``,``, ``=>``..., where ``<T>(x) => x`` is an arrow function)."""
    lines = data.split(b"\n")
    for i, line in enumerate(lines):
        start = _SIGNATURE_START.match(line)
        if start and _MEMBER_END.search(_code_line_before(lines, i)):
            k = len(start.group(1)) - 1
            lines[i] = line[:k] + b";" + line[k + 1:]
    return b"\n".join(lines)


def _code_line_before(lines: list[bytes], i: int) -> bytes:
    """The last line before ``i`` that is not blank, a ``//`` comment or part of a ``/* */`` comment, stripped."""
    j = i - 1
    while j >= 0:
        text = lines[j].strip()
        if not text or text.startswith(b"//"):
            j -= 1
        elif text.endswith(b"*/"):
            while j > 0 and b"/*" not in lines[j]:
                j -= 1
            code = lines[j][:lines[j].find(b"/*")].strip()
            if code:
                return code
            j -= 1
        else:
            return text
    return b""
