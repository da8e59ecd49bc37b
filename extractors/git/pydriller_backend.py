"""The reference backend: PyDriller, read commit by commit (about 11x slower than ``git log``; see the benchmark).

It exists to check the streaming backend: both must give identical rows (tests/test_git_extractor.py). PyDriller
reads commits through GitPython, which ignores ``.mailmap``, so identities are mapped with one
``git check-mailmap`` call over the distinct identities of the run.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Iterator

from .history import commit_shas
from .schema import SUBMODULE_MODE, CommitRecord, FileRecord

CHANGE_TYPES = {"ADD": "A", "DELETE": "D", "MODIFY": "M", "RENAME": "R", "COPY": "C"}


def stream_commits(root: Path, revisions: list[str], shallow: set[str], counters) -> Iterator[CommitRecord]:
    from pydriller import Git

    repo = Git(str(root))
    try:
        commits = [repo.get_commit(sha) for sha in commit_shas(root, revisions)]
        identities = _mailmap(root, {(p.name, p.email) for c in commits for p in (c.author, c.committer)})
        for commit in commits:
            yield _record(commit, identities, shallow, counters)
    finally:
        repo.clear()


def _mailmap(root: Path, identities: set[tuple[str, str]]) -> dict:
    ordered = sorted(identities)
    if not ordered:
        return {}
    args = [f"{name} <{email}>" for name, email in ordered]
    out = subprocess.run(["git", "-C", str(root), "check-mailmap", *args], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    mapped = {}
    for key, line in zip(ordered, out):
        name, _, email = line.rpartition(" <")
        mapped[key] = (name, email[:-1])
    return mapped


def _record(commit, identities, shallow, counters) -> CommitRecord:
    boundary = commit.hash in shallow
    author = identities[(commit.author.name, commit.author.email)]
    committer = identities[(commit.committer.name, commit.committer.email)]
    rec = CommitRecord(
        sha=commit.hash, parents=[] if boundary else list(commit.parents), author_name=author[0],
        author_email=author[1], authored_at=int(commit.author_date.timestamp()),
        committed_at=int(commit.committer_date.timestamp()), committer_name=committer[0],
        committer_email=committer[1], is_shallow_boundary=boundary)
    if boundary:
        return rec
    rec.files = _merge_type_changes([_file(mf) for mf in commit.modified_files])
    return rec


def _merge_type_changes(files: list[FileRecord]) -> list[FileRecord]:
    """GitPython reports a type change (file <-> symlink/submodule) as a delete plus an add of the same path; git
    log reports one entry (status T, recorded as M) whose counts are the sum of both."""
    deleted = {f.path: f for f in files if f.change_type == "D"}
    added = {f.path for f in files if f.change_type == "A"}
    merged = []
    for f in files:
        if f.path in deleted and f.path in added:
            if f.change_type == "D":
                continue
            gone = deleted[f.path]
            f = FileRecord(f.path, None, "M", f.lines_added + gone.lines_added, f.lines_deleted + gone.lines_deleted,
                           f.is_binary or gone.is_binary, f.is_submodule or gone.is_submodule)
        merged.append(f)
    return merged


def _file(mf) -> FileRecord:
    diff = mf._c_diff  # GitPython's Diff: modes and the raw patch PyDriller does not expose
    kind = CHANGE_TYPES.get(mf.change_type.name, "M")
    binary = mf.diff.startswith("Binary files") or (diff.diff or b"").startswith(b"Binary files")
    modes = {f"{m:o}" for m in (diff.a_mode, diff.b_mode) if m}
    return FileRecord(
        path=mf.new_path or mf.old_path, old_path=mf.old_path if kind in "RC" else None, change_type=kind,
        lines_added=0 if binary else mf.added_lines, lines_deleted=0 if binary else mf.deleted_lines,
        is_binary=binary, is_submodule=SUBMODULE_MODE in modes)
