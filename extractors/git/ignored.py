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

from pipeline.safeio import read_config

from .history import git_out

DEFAULT_FILE = ".git-blame-ignore-revs"
FULL_SHA = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")
SHORT_SHA = re.compile(r"[0-9a-f]{7,63}")


def ignored_commits(root: Path, head: str | None) -> list[str]:
    """The full hashes of the commits the ignore-revs file lists (comments, blank lines and names git cannot
    resolve to a commit left out)."""
    rel = git_out(root, "config", "--get", "blame.ignoreRevsFile")[1] or DEFAULT_FILE
    text = _read(root, rel, head)
    listed = [line.split("#", 1)[0].strip().lower() for line in text.splitlines()]
    shas = []
    for entry in filter(None, listed):
        if FULL_SHA.fullmatch(entry):
            shas.append(entry)
        elif SHORT_SHA.fullmatch(entry):  # an abbreviation: what git resolves it to
            code, full = git_out(root, "rev-parse", "--verify", "-q", f"{entry}^{{commit}}")
            if code == 0 and full:
                shas.append(full)
    return sorted(set(shas))


def _read(root: Path, rel: str, head: str | None) -> str:
    data = read_config(root, rel)  # inside the repository only, capped (pipeline.safeio)
    if data is None and head and not Path(rel).is_absolute():
        proc = subprocess.run(["git", "-C", str(root), "show", f"{head}:{rel}"], capture_output=True)
        data = proc.stdout if proc.returncode == 0 else b""
    return (data or b"").decode("utf-8", "replace")
