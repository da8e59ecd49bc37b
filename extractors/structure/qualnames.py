"""Twin suffixes: the second definition of a name in one scope of a file is ``name#2`` (ids stay unique, stable
across runs). A suffix belongs to its own segment: ``Rack#2.Builder`` is a class in the second ``module Rack`` block,
no twin of anything, and ``Foo.#secret`` is a JavaScript private member, no twin either."""

from __future__ import annotations


def untwinned(qualname: str) -> str:
    """``qualname`` without its last segment's twin suffix: ``A.f`` of ``A.f#2``; ``Rack#2.Builder`` as it is."""
    at = qualname.rfind("#")
    if at < 0 or at < qualname.rfind(".") or not qualname[at + 1:].isdigit():
        return qualname
    return qualname[:at]


def unsuffixed(qualname: str) -> str:
    """``qualname`` without any segment's twin suffix: ``Rack.Builder`` of ``Rack#2.Builder``."""
    if "#" not in qualname:
        return qualname
    return ".".join(untwinned(part) for part in qualname.split("."))
