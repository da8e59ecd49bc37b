"""What a run must parse: changed, new and deleted files relative to the lake's ``files`` rows."""

from __future__ import annotations

import os
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


def indexable(path: str) -> bool:
    """A source file of a known language, or a file that changes how imports resolve."""
    return bool(language_for(path)) or is_resolution_config(path)


def plan_changes(root: Path, is_git: bool, prev_files, full: bool, only: list[str] | None,
                 candidates: list[Candidate] | None = None) -> Changes:
    """What to parse, given the lake's ``files`` rows: ``only`` those paths (an update), else every ``candidates``
    entry (default: the files listed under ``root``) whose content changed."""
    if only is not None:
        return _named_changes(root, prev_files, only)
    changes = Changes()
    before = _previous_shas(prev_files)
    seen, changes.configs = set(), {}
    for cand in candidates if candidates is not None else list_candidates(root, is_git, indexable):
        sha = content_sha(root, cand)
        if is_resolution_config(cand.path):
            changes.configs[cand.path] = sha
            continue
        seen.add(cand.path)
        if full or sha is None or before.get(cand.path) != sha:
            changes.to_parse.append((cand.path, language_for(cand.path), cand.mode, sha))  # hashed once, here
        else:
            changes.unchanged.append(cand.path)
    changes.deleted = [p for p in before if p not in seen]
    return changes


def _named_changes(root: Path, prev_files, only: list[str]) -> Changes:
    """An update of the files ``only`` names: each parsed, deleted or (a config) looked at; every other file of the
    lake unchanged. Only the lake's paths are read (not their hashes: site-packages' 16K rows, ~10 ms)."""
    before = prev_files.column("path").to_pylist() if prev_files is not None else []
    known, wanted, changes = set(before), set(only), Changes()
    for path in sorted(wanted):
        lang = language_for(path)
        if is_resolution_config(path):
            present = (root / path).exists()
            changes.configs_named[path] = content_sha(root, Candidate(path, None)) if present else None
        elif (root / path).is_file() and lang:
            changes.to_parse.append((path, lang, "100644", None))
        elif path in known:
            changes.deleted.append(path)
    changes.unchanged = [p for p in before if p not in wanted]
    return changes


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


def console_entry_points(root: Path) -> set[tuple[str, str]]:
    """(module, attribute) pairs named by pyproject.toml scripts and entry points: called from outside the code."""
    import tomllib  # here: the parse-ahead child forks once the plan's modules are in, and needs none of it

    raw = read_config(root, "pyproject.toml")
    try:
        data = tomllib.loads(raw.decode("utf-8", "replace")) if raw is not None else {}
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
