"""The commits a repository declares are not authorship: the list ``git blame --ignore-revs-file`` reads.

Projects list their bulk reformatting commits there (black, rustfmt, prettier over every file: requests lists
2a6f290b "Add automatic code formatting", 39 files); the history views leave them out of ownership and of change
coupling, as blame leaves them out of authorship. The list is read each run (from ``blame.ignoreRevsFile`` in the
repository's config, else ``.git-blame-ignore-revs``; the work tree's file, else HEAD's), so an edit of it changes
the answers without a re-mine.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from pipeline.safeio import CONFIG_BYTES, read_config

from .history import GitTimeout, batch_check, git_out, read_chunks, stop

DEFAULT_FILE = ".git-blame-ignore-revs"
FULL_SHA = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")
SHORT_SHA = re.compile(r"[0-9a-f]{7,63}")
MAX_ENTRIES = 10_000  # a real list holds tens of commits; a hostile one must not cost a git call per line
GIT_TIMEOUT = 60


def ignored_commits(root: Path, head: str | None) -> list[str]:
    """The full hashes of the commits the ignore-revs file lists (comments, blank lines and names git cannot
    resolve to a commit left out)."""
    rel = git_out(root, "config", "--get", "blame.ignoreRevsFile")[1] or DEFAULT_FILE
    text = _read(root, rel, head)
    listed = [line.split("#", 1)[0].strip().lower() for line in text.splitlines()]
    entries = [e for e in listed if FULL_SHA.fullmatch(e) or SHORT_SHA.fullmatch(e)][:MAX_ENTRIES]
    full = {e for e in entries if FULL_SHA.fullmatch(e)}
    return sorted(full | _resolve_abbreviations(root, [e for e in entries if e not in full]))


def _resolve_abbreviations(root: Path, shorts: list[str]) -> set[str]:
    """What git resolves each abbreviation to, if a commit: one ``git cat-file`` for the whole list."""
    if not shorts:
        return set()
    try:
        lines = batch_check(root, [f"{s}^{{commit}}" for s in shorts], "%(objectname) %(objecttype)", GIT_TIMEOUT)
    except GitTimeout:  # a list git cannot resolve in time is no authorship to take away
        return set()
    found = (line.split() for line in lines)
    return {parts[0] for parts in found if len(parts) == 2 and parts[1] == "commit"}


def _read(root: Path, rel: str, head: str | None) -> str:
    data = read_config(root, rel)  # inside the repository only, capped (pipeline.safeio)
    if data is None and head and not Path(rel).is_absolute():
        data = _blob_at(root, f"{head}:{rel}")
    return (data or b"").decode("utf-8", "replace")


def _blob_at(root: Path, spec: str) -> bytes:
    """A file of a commit (a bare repository has no work tree), read to at most CONFIG_BYTES, in bounded time."""
    args = ["cat-file", "blob", spec]
    proc = subprocess.Popen(["git", "-C", str(root), *args], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            bufsize=0, start_new_session=True)
    data = b""
    try:
        for chunk in read_chunks(proc, root, args, CONFIG_BYTES + 1):
            data += chunk
            if len(data) > CONFIG_BYTES:
                break
    finally:
        stop(proc)
    return b"" if proc.returncode not in (0, -9) or len(data) > CONFIG_BYTES else data
