"""What a run mines: the whole history, only the commits after the cursor, or nothing.

The cursor is the HEAD mined last. Its state also fingerprints what changes old rows without new commits: the
mailmap (identities), the shallow boundary (a deepened clone) and the extractor version; any change, a rewritten
history (the cursor commit is no longer an ancestor of HEAD) or ``--full`` means a full re-mine.
"""

from __future__ import annotations

import hashlib
import subprocess
from dataclasses import dataclass
from pathlib import Path

from pipeline.safeio import read_config, read_regular

GIT_FILE_BYTES = 64 << 20  # .git/shallow: 41 bytes a boundary commit; a mailmap: a few hundred KB in the largest


def git_out(root: Path, *args: str) -> tuple[int, str]:
    proc = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True)
    return proc.returncode, proc.stdout.strip()


def batch_check(root: Path, names: list[str], fmt: str = "", timeout: float | None = None) -> list[str]:
    """What one ``git cat-file --batch-check`` says of each of ``names`` (a line each, in order; ``<name> missing``
    for an object the repository lacks); [] where git does not answer within ``timeout``."""
    option = f"--batch-check={fmt}" if fmt else "--batch-check"
    try:
        proc = subprocess.run(["git", "-C", str(root), "cat-file", option], input="".join(n + "\n" for n in names),
                              capture_output=True, text=True, errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired:
        return []
    return proc.stdout.splitlines()


@dataclass
class Plan:
    head: str | None
    mode: str  # "full", "incremental", "unchanged", "none" (not a repository / no commits)
    revisions: list[str]
    fingerprint: dict
    reason: str = ""


def head_of(root: Path) -> str | None:
    code, out = git_out(root, "rev-parse", "--verify", "-q", "HEAD^{commit}")
    return out if code == 0 and out else None


def shallow_commits(root: Path) -> set[str]:
    code, path = git_out(root, "rev-parse", "--git-path", "shallow")
    file = (root / path) if code == 0 and path else None
    if file is None or not file.is_file():
        return set()
    text = _bounded(file).decode("utf-8", "replace")
    return {line.strip() for line in text.splitlines() if line.strip()}


def _bounded(path: Path) -> bytes:
    """At most GIT_FILE_BYTES of a file git's folder or config points to (.git/shallow, mailmap.file): neither is
    trusted in a mirror or an unpacked checkout (a link to a huge file, a FIFO, bytes that are not UTF-8)."""
    try:
        return read_regular(path, GIT_FILE_BYTES, truncate=True)
    except OSError:
        return b""


def mailmap_digest(root: Path) -> str:
    """Digest of the mailmap git log applies: the work tree's .mailmap (or HEAD's in a bare repo) and config."""
    digest = hashlib.sha1()
    work_tree = read_config(root, ".mailmap")  # inside the repository only, capped (pipeline.safeio)
    if work_tree is not None:
        digest.update(work_tree)
    else:
        digest.update(git_out(root, "show", "HEAD:.mailmap")[1].encode())
    for key in ("mailmap.file", "mailmap.blob"):
        value = git_out(root, "config", "--get", key)[1]
        digest.update(value.encode())
        if key == "mailmap.file" and value:
            digest.update(_bounded(Path(value).expanduser()))
    return digest.hexdigest()


def fingerprint(root: Path, version: str, shallow: set[str], copies: bool = False) -> dict:
    return {"version": version, "mailmap": mailmap_digest(root),
            "shallow": hashlib.sha1("\n".join(sorted(shallow)).encode()).hexdigest(), "copies": copies}


# what a cursor written before a fingerprint key existed had, in effect
FINGERPRINT_DEFAULTS = {"copies": False}


def plan_run(root: Path, cursor, version: str, full: bool, shallow: set[str], copies: bool = False) -> Plan:
    head = head_of(root)
    if head is None:
        return Plan(None, "none", [], {}, "no commits (or not a git repository)")
    print_ = fingerprint(root, version, shallow, copies)
    last, state = cursor.commit, cursor.state or {}
    if full or not last:
        return Plan(head, "full", [head], print_, "requested" if full else "first run")
    changed = [k for k in ("version", "mailmap", "shallow", "copies")
               if state.get(k, FINGERPRINT_DEFAULTS.get(k)) != print_[k]]
    if changed:
        return Plan(head, "full", [head], print_, f"{', '.join(changed)} changed")
    if last == head:
        return Plan(head, "unchanged", [], print_)
    if subprocess.run(["git", "-C", str(root), "merge-base", "--is-ancestor", last, head],
                      capture_output=True).returncode != 0:
        return Plan(head, "full", [head], print_, "history rewritten")
    return Plan(head, "incremental", [head, f"^{last}"], print_)


def commit_shas(root: Path, revisions: list[str]) -> list[str]:
    """The commits ``git log --topo-order`` shows for ``revisions``, in the same order."""
    code, out = git_out(root, "rev-list", "--topo-order", *revisions, "--")
    return out.split() if code == 0 and out else []


def count_commits(root: Path, revisions: list[str]) -> int:
    code, out = git_out(root, "rev-list", "--count", *revisions, "--")
    return int(out) if code == 0 and out.isdigit() else 0
