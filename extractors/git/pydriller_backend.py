"""The reference backend: PyDriller, read commit by commit (about 11x slower than ``git log``; see the benchmark).

It exists to check the streaming backend: both must give identical rows (tests/test_git_extractor.py). PyDriller
reads commits through GitPython, which ignores ``.mailmap``, so identities are mapped with one
``git check-mailmap`` call over the distinct identities of the run.

GitPython starts its git processes itself (in our session, some kept open across calls): a ``Watchdog`` kills them,
and what they started, once a commit takes longer than ``git_timeout()``, and the run fails with ``GitTimeout``.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path
from typing import Iterator

from pipeline.errors import ExtractError

from .history import GitTimeout, commit_shas, git_timeout, run_git, timeout_message
from .schema import SUBMODULE_MODE, CommitRecord, FileRecord

CHANGE_TYPES = {"ADD": "A", "DELETE": "D", "MODIFY": "M", "RENAME": "R", "COPY": "C"}


def stream_commits(root: Path, revisions: list[str], shallow: set[str], counters) -> Iterator[CommitRecord]:
    dog = Watchdog(git_timeout())
    repo = None
    try:
        with dog.bounding(root, "version"):  # GitPython asks git's version first (when imported)
            from pydriller import Git

            repo = Git(str(root))
            repo.repo.git.version_info
        with dog.bounding(root, "cat-file"):
            commits = [dog.pet() or repo.get_commit(sha) for sha in commit_shas(root, revisions)]
        identities = _mailmap(root, {(p.name, p.email) for c in commits for p in (c.author, c.committer)})
        for commit in commits:
            with dog.bounding(root, "diff-tree"):
                record = _record(commit, identities, shallow, counters)
            yield record
    finally:
        dog.close()
        if repo is not None:
            repo.clear()


class Watchdog:
    """Kills the children this process started since (GitPython's gits: a git may have become what it ran, a hook's
    ``exec``) and what they started, once ``limit`` seconds pass without ``pet()`` inside ``bounding`` (one thread
    for the run, checking every second)."""

    def __init__(self, limit: float):
        self.limit, self.last, self.armed, self.fired = limit, time.monotonic(), False, False
        self.before = set(_children())  # a worker or server the process had before the run is not ours to stop
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True, name="codelake-git-watchdog")
        self.thread.start()

    def pet(self) -> None:
        self.last = time.monotonic()

    def bounding(self, root: Path, command: str):
        from contextlib import contextmanager

        @contextmanager
        def bounded():
            self.pet()
            self.armed = True
            try:
                yield
            except Exception:
                if self.fired:  # what GitPython says of a killed git (a closed stream, an exit code) is our kill
                    raise GitTimeout(timeout_message(root, [command], self.limit)) from None
                raise
            finally:
                self.armed = False
            if self.fired:
                raise GitTimeout(timeout_message(root, [command], self.limit))
        return bounded()

    def _watch(self) -> None:
        while not self.done.wait(min(self.limit, 1.0)):
            if self.armed and time.monotonic() - self.last >= self.limit:
                self.fired = True
                for pid in set(_children()) - self.before:
                    _kill_tree(pid)

    def close(self) -> None:
        self.done.set()
        self.thread.join()


def _processes() -> dict[int, tuple[int, str]]:
    """pid -> (parent pid, program name) of every process /proc shows."""
    found = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat", "rb") as fh:
                    stat = fh.read().decode("utf-8", "replace")
            except OSError:
                continue
            comm, rest = stat[stat.index("(") + 1:stat.rindex(")")], stat[stat.rindex(")") + 2:].split()
            found[int(name)] = (int(rest[1]), comm)
    return found


def _children() -> list[int]:
    return [pid for pid, (parent, _) in _processes().items() if parent == os.getpid()]


def _kill_tree(pid: int) -> None:
    """SIGKILL ``pid`` and its descendants (a hook or filter it started would otherwise hold its pipes open)."""
    table = _processes()
    tree, pending = [], [pid]
    while pending:
        current = pending.pop()
        tree.append(current)
        pending += [child for child, (parent, _) in table.items() if parent == current]
    for victim in tree:
        try:
            os.kill(victim, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def _mailmap(root: Path, identities: set[tuple[str, str]]) -> dict:
    ordered = sorted(identities)
    if not ordered:
        return {}
    args = [f"{name} <{email}>" for name, email in ordered]
    proc = run_git(root, ["check-mailmap", *args])
    if proc.returncode != 0:
        raise ExtractError(f"{root}: git check-mailmap failed: {proc.stderr.strip()}")
    out = proc.stdout.splitlines()
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
