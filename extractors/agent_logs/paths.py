"""Turning the paths agents wrote into repository-relative paths.

Every tool input path is resolved against the cwd of the line that carried it (sessions move between directories), then
made relative to the repository root. Paths outside the root are not the repository's: the caller counts them and
stores nothing. Windows paths (``C:\\...``, backslashes) are only comparable to a Windows root; elsewhere they are
counted and skipped, because guessing a mapping would attribute files to the wrong repository.
"""

from __future__ import annotations

import os
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path

_WINDOWS_RE = re.compile(r"^(?:[A-Za-z]:[\\/]|\\\\)|\\")

# Why a path was not stored; the extractor counts each reason in ``runs.counters``.
OUTSIDE, WINDOWS, NO_CWD, EMPTY = "paths_outside_repo", "windows_paths", "missing_cwd", "empty_paths"


def is_windows_path(raw: str) -> bool:
    return bool(_WINDOWS_RE.search(raw))


@dataclass
class PathResolver:
    """Resolves paths for one repository root; caches each cwd's canonical form (symlinked checkouts)."""

    root: Path
    _roots: tuple[str, ...] = field(init=False)
    _cwd_cache: dict = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        plain = posixpath.normpath(str(self.root))
        real = os.path.realpath(plain)
        self._roots = tuple(dict.fromkeys([plain, real]))

    def contains(self, cwd: str | None) -> bool:
        """Is ``cwd`` (a session's working directory) inside the repository?"""
        if not cwd or not isinstance(cwd, str) or is_windows_path(cwd) or not cwd.startswith("/"):
            return False
        return self._relative(self._canonical_cwd(cwd)) is not None

    def resolve(self, raw, cwd: str | None) -> tuple[str | None, str | None]:
        """``(relative_path, None)`` or ``(None, reason)``; ``"."`` is the repository root itself."""
        if not raw or not isinstance(raw, str):
            return None, EMPTY
        raw = raw.strip()
        if is_windows_path(raw) or (cwd and is_windows_path(cwd)):
            return None, WINDOWS
        if raw.startswith("~"):
            return None, OUTSIDE
        if raw.startswith("/"):
            absolute = posixpath.normpath(raw)
            if cwd and cwd.startswith("/"):
                absolute = self._rebase(absolute, cwd)
        elif cwd and cwd.startswith("/"):
            absolute = posixpath.normpath(posixpath.join(self._canonical_cwd(cwd), raw))
        else:
            return None, NO_CWD
        rel = self._relative(absolute)
        return (rel, None) if rel is not None else (None, OUTSIDE)

    def _canonical_cwd(self, cwd: str) -> str:
        canon = self._cwd_cache.get(cwd)
        if canon is None:
            plain = posixpath.normpath(cwd)
            canon = plain if self._relative(plain) is not None else os.path.realpath(plain)
            self._cwd_cache[cwd] = canon
        return canon

    def _rebase(self, absolute: str, cwd: str) -> str:
        """An absolute path under a symlinked cwd gets that cwd's canonical prefix."""
        plain = posixpath.normpath(cwd)
        canon = self._canonical_cwd(cwd)
        if canon != plain and (absolute == plain or absolute.startswith(plain + "/")):
            return canon + absolute[len(plain):]
        return absolute

    def _relative(self, absolute: str) -> str | None:
        for root in self._roots:
            if absolute == root:
                return "."
            if absolute.startswith(root.rstrip("/") + "/"):
                return absolute[len(root.rstrip("/")) + 1:]
        return None

