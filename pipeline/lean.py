"""What a short command's process keeps out of itself: modules it never uses but would import on the way.

pyarrow imports pandas, when it is installed, the first time it converts Python objects (0.3-1 s), and numpy, when
it is installed, as it is imported itself (~35 ms of a post-edit ``update``'s ~0.4 s): the post-edit path uses
neither, and pyarrow runs without both. A step that does need one (the walk index's arrays, built in the process
when ``CODELAKE_WALK_INDEX=sync``) calls ``allow`` first: pyarrow, imported without it, stays so, which that step
does not mind.
"""

from __future__ import annotations

import sys
import types


class _Refused:
    """Import hook refusing the modules named in ``names`` (and their submodules)."""

    def __init__(self) -> None:
        self.names: set[str] = set()

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in self.names:
            raise ModuleNotFoundError(f"{name} is not used by this codelake command", name=name)
        return None


def _hook() -> _Refused:
    found = next((f for f in sys.meta_path if isinstance(f, _Refused)), None)
    if found is None:
        found = _Refused()
        sys.meta_path.insert(0, found)
    return found


def refuse(*names: str) -> None:
    """Keep ``names`` out of this process, each one not imported yet (one already imported stays usable)."""
    missing = {n for n in names if n not in sys.modules}
    if missing:
        _hook().names |= missing


def allow(name: str) -> None:
    """Let ``name`` be imported again (a step that needs it, in a process that refused it)."""
    for finder in sys.meta_path:
        if isinstance(finder, _Refused):
            finder.names.discard(name)


DOCSCRAPE = "pyarrow.vendored.docscrape"


class _NoDocs(dict):
    """What the stand-in finds in any docstring: no sections (every one an empty list)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__()

    def __missing__(self, key):
        return []


def plain_compute_docs() -> None:
    """pyarrow.compute, when imported, writes the docstring of each of its ~290 functions from its option classes'
    numpydoc text (``pyarrow.vendored.docscrape``, which imports pydoc): ~12 ms of CPU, a post-edit update's largest
    import past the floor, for docstrings a one-shot command never reads. Unless it is imported already, the parser
    is a stand-in that finds no sections: the functions are the same, their docstrings list no options."""
    if "pyarrow.compute" in sys.modules or DOCSCRAPE in sys.modules:
        return
    stand_in = types.ModuleType(DOCSCRAPE, "codelake's stand-in: no docstrings parsed (pipeline.lean)")
    stand_in.NumpyDocString = _NoDocs
    stand_in.__getattr__ = lambda name: _NoDocs  # any other use parses nothing either, and fails nothing
    sys.modules[DOCSCRAPE] = stand_in
