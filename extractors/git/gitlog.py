"""The default backend: one ``git log --raw --numstat -M -z`` process (``-C`` too on request), parsed as it streams.

With ``-z`` every path is NUL-terminated and never quoted, so spaces, unicode and newlines in paths need no
unescaping. Per commit git prints a header (our ``--format``), then the raw entries (modes and status letter,
``:100644 100644 abc def M\\0path\\0``, two paths for renames/copies), then the numstat entries in the same order
(``added\\tdeleted\\tpath\\0``, or ``added\\tdeleted\\t\\0old\\0new\\0``; ``-`` counts mean binary). Merge commits
print no diff (as in code-maat's input and PyDriller): their changes are counted in the commits they merge.
"""

from __future__ import annotations

import logging
import re
import subprocess
from itertools import chain
import tempfile
from pathlib import Path
from typing import Iterator

from pipeline.errors import ExtractError

from .history import GitTimeout, batch_check, commit_shas, read_chunks, run_git, stop, write_all
from .schema import SUBMODULE_MODE, CommitRecord, FileRecord

HEADER_MARK = "\x1e"
FIELD_SEP = "\x1f"
# sha, parents, mailmapped author name/email, author time, committer time, mailmapped committer name/email
LOG_FORMAT = "%x1e%H%x1f%P%x1f%aN%x1f%aE%x1f%at%x1f%ct%x1f%cN%x1f%cE"
READ_SIZE = 1 << 20

# Settings a user's config could change and that would alter what we parse.
SAFE_CONFIG = ["-c", "log.showSignature=false", "-c", "core.quotePath=false", "-c", "diff.noprefix=false"]


def log_command(root: Path, revisions: list[str], copies: bool = False) -> list[str]:
    # -C finds a file copied from one changed in the same commit (status C); git's cost is about the same
    return ["git", "-C", str(root), *SAFE_CONFIG, "log", "--topo-order", "--raw", "--numstat", "-M",
            *(["-C"] if copies else []), "-z", "--no-color", "--no-textconv", "--no-ext-diff", "--diff-merges=off",
            f"--format={LOG_FORMAT}", *revisions, "--"]


def unread_command(root: Path, revisions: list[str]) -> list[str]:
    """What can be mined without reading a file's content: the changes (tree diffs) and exact renames only."""
    return ["git", "-C", str(root), *SAFE_CONFIG, "log", "--topo-order", "--raw", "-M100%", "-z", "--no-color",
            "--no-textconv", "--no-ext-diff", "--diff-merges=off", f"--format={LOG_FORMAT}", *revisions, "--"]


# what git says when an object the diff needs is not in the repository (a damaged clone, a partial clone offline)
MISSING_OBJECT = re.compile(r"unable to read|bad object|missing (blob|tree)|is corrupt|could not read", re.I)


class _MissingObject(Exception):
    pass


# commits mined one by one without contents (each needing an object the repository lacks) before the rest of the
# history is: a mirror missing a few large blobs (rails: 3 of its 99K commits' objects) keeps every other count
MAX_UNREADABLE = 64


def stream_commits(root: Path, revisions: list[str], shallow: set[str], counters,
                   copies: bool = False) -> Iterator[CommitRecord]:
    """Every commit of ``git log <revisions>`` in topological order (children first), as it arrives. Where a
    commit's diff needs a file content the repository lacks (a damaged clone, a mirror without its largest blobs),
    that commit is mined without contents: its changes and exact renames are kept, its line counts are NULL (counter
    ``history_unreadable``: such commits), and the commits after it are mined with their counts again."""
    mined: set[str] = set()
    try:
        for record in _log(root, log_command(root, revisions, copies), shallow, counters, numstat=True):
            mined.add(record.sha)
            yield record
        return
    except _MissingObject as exc:
        logging.getLogger(__name__).warning("%s: git could not read a file's content (%s) after %d commits: the "
                                            "commits that need it are mined without line counts", root, exc,
                                            len(mined))
    left = [sha for sha in commit_shas(root, revisions) if sha not in mined]
    yield from _resume(root, left, shallow, counters, copies)


def listed_command(command: list[str]) -> list[str]:
    """``command`` over the commits given on its standard input, in that order (no walk)."""
    return ["--no-walk=unsorted" if arg == "--topo-order" else arg for arg in command[:-1]] + ["--stdin", "--"]


def _resume(root: Path, left: list[str], shallow: set[str], counters, copies: bool) -> Iterator[CommitRecord]:
    """The commits ``left`` (in order) after git failed on a missing object: with line counts as far as git gets,
    then the first commit left alone, with counts if its own diff can be read, else without."""
    full, unread = listed_command(log_command(root, [], copies)), listed_command(unread_command(root, []))
    pos = unreadable = 0
    while pos < len(left):
        if unreadable >= MAX_UNREADABLE:  # a clone without most contents: one pass without any
            counters("history_unreadable", len(left) - pos)
            yield from _listed_log(root, unread, left[pos:], shallow, counters, False)
            return
        try:
            for record in _listed_log(root, full, left[pos:], shallow, counters, True):
                pos += 1
                yield record
            return
        except _MissingObject:
            pass
        try:
            alone = list(_listed_log(root, full, left[pos:pos + 1], shallow, counters, True))
        except _MissingObject:  # its own diff needs the missing content
            unreadable += 1
            counters("history_unreadable", 1)
            alone = list(_listed_log(root, unread, left[pos:pos + 1], shallow, counters, False))
            alone[0].files = _counted_apart(root, left[pos], alone[0].files, shallow, counters)
        pos += 1
        yield from alone


def _counted_apart(root: Path, sha: str, files: list[FileRecord], shallow: set[str], counters) -> list[FileRecord]:
    """The changes of a commit whose diff needs a missing object, with the line counts of every file but those
    whose content is missing (rails a2932784: 70 of its 71 files), counted by one more log of the commit without
    those paths; renames paired as in ``files`` (exact only)."""
    missing = _missing_paths(root, sha)
    if not missing:
        return files
    command = listed_command(unread_command(root, []))
    command = [*command[:command.index("--raw") + 1], "--numstat", *command[command.index("--raw") + 1:],
               *(f":(exclude,literal){path}" for path in sorted(missing))]
    try:
        counted = list(_listed_log(root, command, [sha], shallow, counters, True))
    except GitTimeout:
        raise
    except (_MissingObject, ExtractError):
        return files
    found = {(f.path, f.old_path, f.change_type): f for record in counted for f in record.files}
    return [found.get((f.path, f.old_path, f.change_type), f) for f in files]


def _missing_paths(root: Path, sha: str) -> set[str]:
    """The paths of ``sha``'s changes whose old or new content is not in the repository (gitlinks left out)."""
    diff = run_git(root, [*SAFE_CONFIG, "diff-tree", "-r", "-z", "--raw", "--root", "--full-index", "--no-commit-id",
                          "-M100%", sha], text=False)
    tokens, blobs = diff.stdout.decode("utf-8", "replace").split("\0"), {}
    for index, token in enumerate(tokens):
        if token.startswith(":"):
            old_mode, new_mode, old_sha, new_sha, status = token[1:].split(" ")
            paths = tokens[index + 1:index + (3 if status[0] in "RC" else 2)]
            for mode, blob in ((old_mode, old_sha), (new_mode, new_sha)):
                if mode != SUBMODULE_MODE and blob.strip("0"):
                    blobs.setdefault(blob, set()).update(paths)
    lines = batch_check(root, list(blobs))
    return {path for line in lines if line.endswith(" missing") for path in blobs.get(line.split()[0], ())}


def _listed_log(root: Path, command: list[str], shas: list[str], shallow: set[str], counters,
                numstat: bool) -> Iterator[CommitRecord]:
    """``_log`` of the commits ``shas``, checked to come in that order."""
    given = "".join(sha + "\n" for sha in shas)
    for expected, record in zip(shas, _log(root, command, shallow, counters, numstat, given)):
        if record.sha != expected:
            raise ExtractError(f"{root}: git log gave commit {record.sha}, expected {expected}")
        yield record


def _log(root: Path, command: list[str], shallow: set[str], counters, numstat: bool,
         given: str | None = None) -> Iterator[CommitRecord]:
    """One ``git log``'s commits; each is handed out once the next has begun (or git has succeeded), so a commit
    whose diff git could not finish is never, nor what was counted while reading it. ``given``: the commits listed
    on git's standard input. A git silent for longer than ``git_timeout()`` is stopped (``GitTimeout``)."""
    # stderr goes to a file: git warns once per commit whose renames exceed diff.renameLimit, and a full pipe
    # nobody reads would block it
    held, held_calls, calls = None, [], []  # the counts of a record are kept until it is handed out
    args = command[3:]  # after "git -C root"
    with tempfile.TemporaryFile() as errors:
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, bufsize=0, start_new_session=True,
                                stdin=subprocess.DEVNULL if given is None else subprocess.PIPE)
        try:
            if given is not None:  # git reads its whole list before it prints anything
                write_all(proc, root, args, given.encode())
            chunks = read_chunks(proc, root, args, READ_SIZE)
            for record in _parse(_tokens(chunks), shallow, lambda *call: calls.append(call), numstat):
                if held is not None:
                    _count(counters, held_calls)
                    yield held
                held, held_calls = record, calls[:]
                calls.clear()
            proc.stdout.close()
            code = proc.wait()
        finally:
            if proc.poll() is None:
                stop(proc)
        errors.seek(0)
        err = errors.read().decode("utf-8", "replace").strip()
    if code != 0:
        last = err.splitlines()[-1] if err else str(code)
        if numstat and MISSING_OBJECT.search(last):
            raise _MissingObject(last)
        raise ExtractError(f"{root}: git log failed: {last}")
    if held is not None:
        _count(counters, held_calls)
        yield held
    skipped = err.count("rename detection was skipped")
    if skipped:
        counters("rename_detection_skipped", skipped)


def _count(counters, calls: list[tuple]) -> None:
    for call in calls:
        counters(*call)


def _tokens(chunks: Iterator[bytes]) -> Iterator[str]:
    """NUL-separated tokens of the byte chunks, decoded a chunk at a time (invalid UTF-8 in paths replaced, never
    fatal); ``chain`` hands them out without a Python frame per token."""
    return chain.from_iterable(_token_chunks(chunks))


def _token_chunks(chunks: Iterator[bytes]) -> Iterator[list[str]]:
    carry = b""
    for chunk in chunks:
        data = carry + chunk
        cut = data.rfind(b"\0")
        if cut < 0:
            carry = data
            continue
        carry = data[cut + 1:]
        yield data[:cut].decode("utf-8", "replace").split("\0")
    if carry:
        yield [carry.decode("utf-8", "replace")]


def _parse(tokens: Iterator[str], shallow: set[str], counters, numstat: bool = True) -> Iterator[CommitRecord]:
    current: CommitRecord | None = None
    raw: list[tuple] = []  # (status, old_mode, new_mode, paths) in diff order, waiting for their numstat
    stats = 0
    for token in tokens:
        if token.startswith("\n"):
            token = token[1:]  # the newline git prints between a header and its diff
        if token.startswith(HEADER_MARK):
            if current is not None:
                yield _finish(current, raw, stats, counters, numstat)
            current, raw, stats = _header(token[1:], shallow), [], 0
        elif token.startswith(":"):
            modes = token[1:].split(" ")
            status = modes[4]
            paths = [next(tokens)] if status[0] not in "RC" else [next(tokens), next(tokens)]
            raw.append((status, modes[0], modes[1], paths))
        elif token:
            added, deleted, path = token.split("\t", 2)
            if not path:  # rename/copy: the two paths follow as tokens of their own
                next(tokens)
                path = next(tokens)
            if current is not None and stats < len(raw) and raw[stats][3][-1] == path:
                current.files.append(_file(raw[stats], added, deleted))
            else:
                counters("numstat_unmatched")  # never seen: git prints both lists from one diff queue
            stats += 1
    if current is not None:
        yield _finish(current, raw, stats, counters, numstat)


def _header(text: str, shallow: set[str]) -> CommitRecord:
    sha, parents, an, ae, at, ct, cn, ce = text.split(FIELD_SEP)
    return CommitRecord(sha=sha, parents=parents.split() if parents else [], author_name=an, author_email=ae,
                        authored_at=int(at), committed_at=int(ct), committer_name=cn, committer_email=ce,
                        is_shallow_boundary=sha in shallow)


def _file(raw_entry: tuple, added: str | None, deleted: str | None) -> FileRecord:
    """A change; ``added`` None where the content was not read (its line counts unknown)."""
    status, old_mode, new_mode, paths = raw_entry
    binary = added == "-"
    kind = status[0] if status[0] in "AMDRC" else "M"
    counts = (0, 0) if binary else (None, None) if added is None else (int(added), int(deleted))
    return FileRecord(paths[-1], paths[0] if len(paths) == 2 else None, kind, *counts, binary,
                      SUBMODULE_MODE in (old_mode, new_mode))


def _finish(commit: CommitRecord, raw, stats, counters, numstat: bool = True) -> CommitRecord:
    if not numstat:
        commit.files = [_file(entry, None, None) for entry in raw]
    elif len(raw) != stats:
        counters("numstat_unmatched", abs(len(raw) - stats))
    if commit.is_shallow_boundary and commit.files:
        counters("shallow_boundary_changes_skipped", len(commit.files))
        commit.files = []
    return commit
