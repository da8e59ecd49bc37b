"""Regular expressions compiled on first use, not at import.

The structure modules define ~200 patterns at module level, most for one language or one rare shape of code; compiling
them all at import cost a one-shot ``codelake update`` ~60 M instructions (~0.66 M each) in the main process and as
much again in its parse-ahead child, for the few an edit of one file uses. ``lazy_re`` stands where ``re.compile``
stood: the places that use a pattern call its methods as before.
"""

from __future__ import annotations

import re
import sys

_METHODS = ("match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer", "scanner")


class LazyPattern:
    """``re.compile(pattern, flags)``, done the first time one of its methods is called. Then the module that
    defined it holds the compiled pattern in its place (its functions read the global at each call: no wrapper left
    on their path), and the wrapper, still held by a tuple or another module's ``from .. import``, holds the compiled
    pattern's bound methods, which hide the class's stand-ins below: ~170 instructions a call more than the pattern's
    own (a ``__getattr__`` hook instead cost ~350: it keeps the interpreter from specializing the wrapper's reads)."""

    def __init__(self, pattern: str | bytes, flags: int = 0, where: dict | None = None):
        self._source = (pattern, flags)
        self._where = where  # the defining module's globals

    def compiled(self) -> re.Pattern:
        compiled = re.compile(*self._source)
        for method in _METHODS:
            setattr(self, method, getattr(compiled, method))
        if self._where is not None:
            for name in _names_of(self._where, self).get(id(self), ()):
                if self._where.get(name) is self:
                    self._where[name] = compiled
            self._where = None
        return compiled

    def match(self, *args, **kwargs):
        return self.compiled().match(*args, **kwargs)

    def fullmatch(self, *args, **kwargs):
        return self.compiled().fullmatch(*args, **kwargs)

    def search(self, *args, **kwargs):
        return self.compiled().search(*args, **kwargs)

    def sub(self, *args, **kwargs):
        return self.compiled().sub(*args, **kwargs)

    def subn(self, *args, **kwargs):
        return self.compiled().subn(*args, **kwargs)

    def split(self, *args, **kwargs):
        return self.compiled().split(*args, **kwargs)

    def findall(self, *args, **kwargs):
        return self.compiled().findall(*args, **kwargs)

    def finditer(self, *args, **kwargs):
        return self.compiled().finditer(*args, **kwargs)

    def scanner(self, *args, **kwargs):
        return self.compiled().scanner(*args, **kwargs)

    @property
    def pattern(self) -> str | bytes:
        return self._source[0]

    @property
    def flags(self) -> int:
        return re.compile(*self._source).flags  # re's own cache: the flags a compile adds (re.UNICODE)

    @property
    def groups(self) -> int:
        return re.compile(*self._source).groups

    @property
    def groupindex(self):
        return re.compile(*self._source).groupindex

    def __reduce__(self):  # pickled as its source: not the module globals it would swap itself into
        return LazyPattern, self._source

    def __repr__(self) -> str:
        return f"lazy_re({self._source[0]!r}, {self._source[1]})"


def lazy_re(pattern: str | bytes, flags: int = 0) -> LazyPattern:
    """A pattern compiled when first used; defined at module level, it replaces itself there with the compiled one."""
    return LazyPattern(pattern, flags, sys._getframe(1).f_globals)


def compile_all(module) -> None:
    """Every lazy pattern ``module`` defines compiled now: in a process about to fork many children that each read
    with them (a full index's chunks of files), once there instead of once in every child."""
    for value in list(vars(module).values()):
        if isinstance(value, LazyPattern):
            value.compiled()


_NAMES: dict[int, dict[int, list[str]]] = {}  # id(module globals) -> id(a lazy pattern) -> the names it is bound to


def _names_of(where: dict, pattern: LazyPattern) -> dict[int, list[str]]:
    """The names each lazy pattern of a module is bound to, found in one pass over its globals at the first compile
    in that module (again for a pattern defined after the last pass: one compiled while its module still ran)."""
    names = _NAMES.get(id(where))
    if names is None or id(pattern) not in names:  # also one compiled while its module still ran: look again
        names = {}
        for name, value in list(where.items()):
            if isinstance(value, LazyPattern):
                names.setdefault(id(value), []).append(name)
        _NAMES[id(where)] = names
    return names
