"""What the comparison reads from the source text itself: which lines are import statements, whether an
occurrence is called (``f(``, ``new F``, ``f<T>(``, ``` f`...` ```), and the line to show in a sample."""

from __future__ import annotations

import re
from pathlib import Path

PY_IMPORT = re.compile(r"\s*(import\s|from\s+\S+\s+import\b)")
# `export default name;` passes a definition on as `export { name as default }` does: no call (tsyringe's decorators)
JS_IMPORT = re.compile(r"\s*(import[\s{*'\"]|export\s+(type\s+)?(\{|\*)|export\s+\w[\w\s,{}*]*\sfrom\s"
                       r"|export\s+default\s+[\w$]+\s*;?\s*$)")
# `name(params) {` or `async *name<T>(params): Type {` alone on a line: a method written in an object literal or class
METHOD_SHORTHAND = re.compile(r"\s*(async\s+)?(\*\s*)?(get\s+|set\s+)?[\w$#]+\s*(<[^()]*>)?\s*\([^()]*\)\s*(:[^=]+)?\{\s*$")
DECORATOR_NAME = re.compile(r"\s*@[\w.]*$")
GENERIC = re.compile(r"<[^<>()]*(<[^<>()]*>[^<>()]*)*>")


class SourceFile:
    """One file's lines, read once (invalid UTF-8 replaced)."""

    def __init__(self, root: Path, path: str):
        try:
            text = (root / path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            text = ""
        self.lines = text.split("\n")
        self._imports: set[int] | None = None
        self.python = path.endswith((".py", ".pyi"))

    def line(self, number: int) -> str:
        """1-based line, or '' past the end."""
        return self.lines[number - 1] if 0 < number <= len(self.lines) else ""

    @property
    def import_lines(self) -> set[int]:
        """1-based numbers of the lines inside import (and re-export) statements, multi-line ones included."""
        if self._imports is None:
            self._imports = _statement_lines(self.lines, PY_IMPORT if self.python else JS_IMPORT)
        return self._imports

    def is_member_definition(self, line: int, start_char: int, end_char: int) -> bool:
        """Whether the name is where a member is written, not used: SCIP reports an object literal's members
        (``onOpen(evt) {...}``, ``send: (x) => ...``, ``get url() {...}``) and a member assigned its function
        (``inst._zod.parse = (p) => ..``) as references to the interface member they implement, a Python property's
        ``@name.setter`` as a reference to the getter, and a Python function's later declarations (``@overload``
        signatures, then the implementation: ``def f(``) as references to the first."""
        text = self.line(line)
        after = text[end_char:].lstrip()
        before = text[:start_char].rstrip()
        if self.python:
            return after.startswith((".setter", ".getter", ".deleter")) or before.endswith("def") and (
                before[:-3].strip() in ("", "async"))
        if after.startswith(":") and not after.startswith("::") or after.startswith("?:"):
            return True
        if after.startswith("=") and not after.startswith(("==", "=>")) and before.endswith("."):
            return True  # `inst._zod.parse = (payload) => ..`, `api.setState = ssrSet`: the member given its code
        if before.endswith(("get", "set")) and after.startswith("("):
            return True
        return bool(METHOD_SHORTHAND.match(text)) and text[:start_char].strip() in ("", "async", "*", "async *",
                                                                                  "get", "set")

    def is_called(self, line: int, start_char: int, end_char: int) -> bool:
        """Whether the name at (line, start..end; 0-based chars) is called or constructed right there."""
        text = self.line(line)
        before = text[:start_char].rstrip()
        if not self.python and before.endswith("new"):
            return True
        after = text[end_char:].lstrip()
        if self.python and DECORATOR_NAME.match(before) and after.split("#", 1)[0].strip() == "":
            return True  # ``@attr.s`` applies (calls) what it names, a variable holding a function included
        if after.startswith(("?.(", "!(")):
            return True
        if not self.python and after.startswith("<"):
            match = GENERIC.match(after)
            after = after[match.end():].lstrip() if match else after
        return after.startswith("(") or (not self.python and after.startswith("`"))


def _statement_lines(lines: list[str], start: re.Pattern) -> set[int]:
    found, depth, continued = set(), 0, False
    for number, text in enumerate(lines, 1):
        if depth == 0 and not continued and not start.match(text):
            continue
        found.add(number)
        code = text.split("#", 1)[0] if start is PY_IMPORT else text.split("//", 1)[0]
        depth = max(0, depth + sum(code.count(c) for c in "({[") - sum(code.count(c) for c in ")}]"))
        continued = code.rstrip().endswith("\\")
    return found
