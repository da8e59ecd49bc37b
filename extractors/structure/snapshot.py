"""A repository without a working tree (a bare clone or mirror, as nightly jobs keep them): its HEAD tree as the
files to index.

Candidates come from ``git ls-tree`` with their blob ids, so the lake's incremental comparison works as for a
checkout; only the blobs a run parses, plus the files resolution reads (``go.mod``, ``tsconfig.json``,
``pyproject.toml``...), are written to a temporary folder by one ``git cat-file --batch`` process.
"""

from __future__ import annotations

import logging
import os
import subprocess
from pathlib import Path

from pipeline import gitsafe
from pipeline.errors import ExtractError

from .discover import MAX_BYTES, Candidate

log = logging.getLogger(__name__)

# read from disk besides the parsed sources: entry points, and the configs of is_resolution_config
ALWAYS_WRITTEN = {"pyproject.toml"}
# read from disk by a language's rules, by their suffix: an Angular component's `templateUrl` file (the Angular CLI
# names it `<name>.component.html`; another name is read from a checkout only)
WRITTEN_BY_SUFFIX = (".component.html",)


def written_beside(path: str) -> bool:
    """A file a bare repository's run writes beside the parsed sources and configs, for the rules that read it."""
    return path in ALWAYS_WRITTEN or path.endswith(WRITTEN_BY_SUFFIX)


HEAD_BYTES = 20000  # of a blob too large to parse: enough for the skip checks (binary, generated, minified)


def tree_candidates(root: Path, wanted, rev: str = "HEAD") -> list[Candidate]:
    """Every blob of ``rev``'s tree whose path ``wanted`` accepts (submodules left out), with its blob id."""
    proc = gitsafe.run(root, ["ls-tree", "-r", "-z", "--full-tree", rev])  # bounded: GitNoAnswer
    if proc.returncode != 0:
        from pipeline.repos import head_commit

        if rev == "HEAD" and head_commit(root) is None:
            return []  # no commit yet (a mirror of an empty repository): no files, not a failed run
        raise ExtractError(f"{root}: git ls-tree {rev} failed: {proc.stderr.decode(errors='replace').strip()}")
    found = []
    for entry in proc.stdout.decode("utf-8", "surrogateescape").split("\0"):
        if not entry:
            continue
        meta, path = entry.split("\t", 1)
        mode, kind, sha = meta.split()
        if kind == "blob" and wanted(path):
            if safe_tree_path(path):
                found.append(Candidate(path, sha, mode))
            else:
                log.warning("%s: tree entry %r refused (a path no checkout may write, or not UTF-8)", root, path)
    return sorted(found, key=lambda c: c.path)


def safe_tree_path(path: str) -> bool:
    """A path a checkout could write, and the lake can store: relative, no ``.``, ``..`` or empty part, no ``.git``
    folder (any case), UTF-8."""
    parts = path.split("/")
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return bool(path) and "\0" not in path and all(p not in ("", ".", "..") and p.lower() != ".git" for p in parts)


def write_blobs(root: Path, candidates: list[Candidate], dest: Path) -> list[str]:
    """Write each candidate's blob under ``dest`` (a private temporary folder) at its path, a symlink as a symlink
    to its target; returns the paths refused.

    A tree is not trusted: names are checked (``safe_tree_path``) and every file is created relative to its folder's
    descriptor, opened without following links, so a symlink written earlier (``a -> /elsewhere`` next to a folder
    ``a/``) is never written through and nothing lands outside ``dest``. A blob larger than the parser reads is
    written as its first bytes in a sparse file of its full size (what the size check and the skip reason see)."""
    wanted = [c for c in candidates if safe_tree_path(c.path)]
    refused = [c.path for c in candidates if not safe_tree_path(c.path)]
    if not wanted:
        return _refused(root, refused)
    proc = subprocess.Popen(["git", "-C", str(root), "cat-file", "--batch"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    base = os.open(dest, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    try:
        with gitsafe.watch(proc) as fired:  # a git that stops answering is killed: the reads end short
            try:
                _write_all(proc, base, wanted, refused)
            except Exception:  # what a read of a killed git's output says is the kill's
                if not fired:
                    raise
        if fired:
            raise gitsafe.GitNoAnswer(gitsafe.no_answer_message(root, ["cat-file"], gitsafe.git_timeout()))
    finally:
        os.close(base)
        proc.stdout.close()
        proc.wait()
    return _refused(root, refused)


def _write_all(proc, base: int, wanted: list[Candidate], refused: list[str]) -> None:
    proc.stdin.write("".join(f"{c.blob_sha}\n" for c in wanted).encode())
    proc.stdin.close()
    for cand in wanted:
        size = _object_size(proc.stdout, cand)
        head = proc.stdout.read(size if size <= MAX_BYTES else HEAD_BYTES)
        _skip(proc.stdout, size - len(head) + 1)  # the rest, and the newline after each object
        try:
            _write_one(base, cand, head, size)
        except OSError as exc:  # a folder that is a symlink or a file, a name written twice
            refused.append(f"{cand.path} ({exc.strerror or exc})")


def _refused(root: Path, refused: list[str]) -> list[str]:
    for path in refused:
        log.warning("%s: tree entry not written: %s", root, path)
    return refused


def _object_size(stream, cand: Candidate) -> int:
    header = stream.readline().split()
    if len(header) != 3:  # "<sha> missing": a partial clone without that blob
        raise ExtractError(f"blob {cand.blob_sha} of {cand.path} is not in the repository")
    return int(header[2])


def _skip(stream, count: int) -> None:
    while count > 0:
        chunk = stream.read(min(count, 1 << 20))
        if not chunk:
            return
        count -= len(chunk)


def _write_one(base: int, cand: Candidate, head: bytes, size: int) -> None:
    *folders, name = cand.path.split("/")
    fd = os.dup(base)
    try:
        for folder in folders:
            try:
                os.mkdir(folder, 0o700, dir_fd=fd)
            except FileExistsError:
                pass
            inner = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=fd)
            os.close(fd)
            fd = inner
        if cand.mode == "120000":
            if size > len(head) or b"\0" in head:
                raise OSError(f"symlink target of {size} bytes")
            os.symlink(head.decode("utf-8", "surrogateescape"), name, dir_fd=fd)
            return
        out = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600, dir_fd=fd)
        with os.fdopen(out, "wb") as fh:
            fh.write(head)
            fh.truncate(size)  # sparse past the head: the size is right, the disk holds the head only
    finally:
        os.close(fd)
