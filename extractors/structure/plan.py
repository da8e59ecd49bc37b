"""What a run must parse: changed, new and deleted files relative to the lake's ``files`` rows."""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path

from pipeline.safeio import read_config

from .discover import Candidate, content_sha, is_resolution_config, list_candidates
from .languages import Language, language_for


class Changes:
    """What a run parses, deletes and keeps. Written out, not a dataclass (an update's main process would write and
    ``exec`` its methods' source)."""

    def __init__(self):
        self.to_parse: list[tuple[str, Language, str, str | None]] = []  # path, lang, mode, sha
        self.deleted: list[str] = []
        self.unchanged: list[str] = []
        self.configs: dict[str, str | None] | None = None  # go.mod, tsconfig.json... -> content id (None: not looked at)
        self.configs_named: dict[str, str | None] = {}  # the configs an update was given


def _previous_shas(prev_files) -> dict[str, str | None]:
    if prev_files is None:
        return {}
    cols = prev_files.select(["path", "blob_sha"]).to_pydict()
    return dict(zip(cols["path"], cols["blob_sha"]))


def indexable(path: str, root=None) -> bool:
    """A source file of a known language, or a file that changes how imports resolve; a script without an extension
    by its ``#!`` line where ``root`` (the folder on disk) is given."""
    return bool(language_for(path, root)) or is_resolution_config(path)


def plan_changes(root: Path, is_git: bool, prev_files, full: bool, only: list[str] | None,
                 candidates: list[Candidate] | None = None) -> Changes:
    """What to parse, given the lake's ``files`` rows: ``only`` those paths (an update), else every ``candidates``
    entry (default: the files listed under ``root``) whose content changed."""
    if only is not None:
        return _named_changes(root, prev_files, only)
    changes = Changes()
    before = _previous_shas(prev_files)
    seen, changes.configs = set(), {}
    for cand in candidates if candidates is not None else list_candidates(root, is_git, partial(indexable, root=root)):
        sha = content_sha(root, cand)
        if is_resolution_config(cand.path):
            changes.configs[cand.path] = sha
            continue
        seen.add(cand.path)
        if full or sha is None or before.get(cand.path) != sha:
            changes.to_parse.append((cand.path, language_for(cand.path, root), cand.mode, sha))  # hashed once, here
        else:
            changes.unchanged.append(cand.path)
    changes.deleted = [p for p in before if p not in seen]
    return changes


class LakePaths:
    """An update's unchanged files: every path of the lake's ``files`` but those the update names, left in Arrow
    (site-packages' 15.7K paths were a list, a set and a list again, ~1.9 MiB and two Python passes, for the few
    a resolution asks about). Iterating gives them in the table's order, as the list did; ``in`` makes the set
    once; ``named``: the paths left out."""

    def __init__(self, paths, named: set[str], held: int):
        self._paths, self.named, self._len, self._set = paths, named, held, None

    def __len__(self) -> int:
        return self._len

    def __iter__(self):
        named = self.named
        return iter([] if self._paths is None else [p for p in self._paths.to_pylist() if p not in named])

    def __contains__(self, path) -> bool:
        if self._set is None:
            self._set = set(self)
        return path in self._set


def _named_changes(root: Path, prev_files, only: list[str]) -> Changes:
    """An update of the files ``only`` names: each parsed, deleted or (a config) looked at; every other file of the
    lake unchanged (``LakePaths``). Only the lake's paths are read (not their hashes: site-packages' 16K rows, ~10
    ms), and only the named ones are looked up among them."""
    paths = prev_files.column("path") if prev_files is not None else None
    wanted, changes = set(only), Changes()
    known = set() if paths is None else _held(paths, wanted)
    for path in sorted(wanted):
        lang = language_for(path, root)
        if is_resolution_config(path):
            present = (root / path).exists()
            changes.configs_named[path] = content_sha(root, Candidate(path, None)) if present else None
        elif (root / path).is_file() and lang:
            changes.to_parse.append((path, lang, "100644", None))
        elif path in known:
            changes.deleted.append(path)
    changes.unchanged = LakePaths(paths, wanted, 0 if paths is None else len(paths) - len(known))
    return changes


def _held(paths, wanted: set[str]) -> set[str]:
    """Those of ``wanted`` among the lake's ``paths`` (pyarrow imported here: the parse-ahead child plans without a
    lake and never imports it)."""
    import pyarrow as pa

    from pipeline import arrowops as pc

    return set(pc.filter(paths, pc.is_in(paths, value_set=pa.array(sorted(wanted), pa.string()))).to_pylist())


def total_bytes(root: Path, items: list, enough: int | None = None) -> int:
    """The bytes of the planned ``items`` (path first) on disk, counted up to ``enough``."""
    total = 0
    for path, *_ in items:
        try:
            total += os.lstat(os.path.join(root, path)).st_size
        except OSError:
            continue
        if enough is not None and total >= enough:
            break
    return total


# a pyproject.toml holding none of these names no script: the keys ``console_entry_points`` reads are ``scripts``,
# ``gui-scripts`` and ``entry-points``, written as they are or, in a quoted key, with ``\u``/``\U`` escapes
NAMING_SCRIPTS = (b"scripts", b"entry-points", b"\\u", b"\\U")


def console_entry_points(root: Path) -> set[tuple[str, str]]:
    """(module, attribute) pairs named by pyproject.toml scripts and entry points: called from outside the code."""
    raw = read_config(root, "pyproject.toml")
    if raw is None or not any(word in raw for word in NAMING_SCRIPTS):  # nothing to read: parsing sympy's 4.8 KB
        return set()  # file was ~14 M instructions of every update's main process before its parse is taken
    import tomllib  # here: the parse-ahead child forks once the plan's modules are in, and needs none of it

    try:
        data = tomllib.loads(raw.decode("utf-8", "replace"))
    except (ValueError, RecursionError):
        return set()
    project = data.get("project") if isinstance(data.get("project"), dict) else {}  # a repository's file: any shape
    entry_points = project.get("entry-points") if isinstance(project.get("entry-points"), dict) else {}
    groups = [project.get("scripts"), project.get("gui-scripts"), *entry_points.values()]
    found = set()
    for group in groups:
        for target in group.values() if isinstance(group, dict) else ():
            module, _, attr = str(target).partition(":")
            if attr.split():
                found.add((module.strip(), attr.split()[0]))
    return found


__all__ = ["Candidate", "Changes", "plan_changes", "console_entry_points"]
