"""Mappings an update fills per key asked (``bindings.PerFile``, ``graph._Grouped``, ``rows.FileInfos``), seen whole
when iterated, as the plain dict a full run builds."""

from __future__ import annotations

_MISSING = object()


class WholeWhenIterated:
    """Iteration, length and views of ``whole()`` (every entry, built once by the class): a caller that walks the
    mapping gets what the eager dict would hold, in its order; one that asks per key never builds it."""

    def whole(self) -> dict:
        raise NotImplementedError

    def __iter__(self):
        return iter(self.whole())

    def __len__(self) -> int:
        return len(self.whole())

    def items(self):
        return self.whole().items()

    def keys(self):
        return self.whole().keys()

    def values(self):
        return self.whole().values()


class AnsweredByGet:
    """``m[key]`` and ``key in m`` answered by the class's ``get(key, default)``, which finds (and keeps) an entry
    when first asked: never the plain dict's own, which holds only what was asked before."""

    def get(self, key, default=None):
        raise NotImplementedError

    def __getitem__(self, key):
        found = self.get(key, _MISSING)
        if found is _MISSING:
            raise KeyError(key)
        return found

    def __contains__(self, key) -> bool:
        return self.get(key, _MISSING) is not _MISSING
