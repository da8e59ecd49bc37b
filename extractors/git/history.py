"""What a run mines: the whole history, only the commits after the cursor, or nothing.

The cursor is the HEAD mined last. Its state also fingerprints what changes old rows without new commits: the
mailmap (identities), the shallow boundary (a deepened clone) and the extractor version; any change, a rewritten
history (the cursor commit is no longer an ancestor of HEAD) or ``--full`` means a full re-mine.
"""

from __future__ import annotations

import hashlib
import os
import select
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from pipeline.errors import ExtractError
from pipeline.gitsafe import GIT_TIMEOUT, GitNoAnswer, git_timeout  # noqa: F401 (GIT_TIMEOUT: re-exported)
from pipeline.gitsafe import no_answer_message as timeout_message
from pipeline.gitsafe import stop as _stop_session
from pipeline.safeio import read_config, read_regular

GIT_FILE_BYTES = 64 << 20  # .git/shallow: 41 bytes a boundary commit; a mailmap: a few hundred KB in the largest


class GitTimeout(ExtractError, GitNoAnswer):
    """git did not answer in time (a huge or hostile repository): it was stopped, with what it started."""


def run_git(root: Path, args: list[str], input: str | bytes | None = None, text: bool = True,
            timeout: float | None = None) -> subprocess.CompletedProcess:
    """``git -C root args`` with its output, killed with everything it started once it takes longer than
    ``timeout`` (default ``git_timeout()``): then ``GitTimeout`` names the repository and the command."""
    limit = git_timeout() if timeout is None else timeout
    proc = subprocess.Popen(["git", "-C", str(root), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL if input is None else subprocess.PIPE, start_new_session=True,
                            text=text, errors="replace" if text else None)
    try:
        out, err = proc.communicate(input, timeout=limit)
    except subprocess.TimeoutExpired:
        stop(proc)
        raise GitTimeout(timeout_message(root, args, limit)) from None
    finally:
        if proc.poll() is None:
            stop(proc)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def stop(proc: subprocess.Popen) -> None:
    """Kill git and what it started (its own session: a helper, ssh), reap it and close its pipes."""
    _stop_session(proc)
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        if stream is not None:
            try:
                stream.close()
            except OSError:
                pass


def read_chunks(proc: subprocess.Popen, root: Path, args: list[str], size: int) -> Iterator[bytes]:
    """A git process's standard output (opened unbuffered) in chunks of ``size`` bytes (the last shorter); a
    process silent for longer than ``git_timeout()`` is stopped and ``GitTimeout`` raised: a long history keeps
    printing, a hang does not."""
    limit, fd = git_timeout(), proc.stdout.fileno()
    while True:
        parts, held = [], 0
        while held < size:  # a pipe read gives at most 64 KB: gathered, as a buffered read would
            ready, _, _ = select.select([fd], [], [], limit)
            if not ready:
                stop(proc)
                raise GitTimeout(timeout_message(root, args, limit, silent=True))
            chunk = os.read(fd, size - held)
            if not chunk:
                break
            parts.append(chunk)
            held += len(chunk)
        if parts:
            yield b"".join(parts)
        if held < size:
            return


def write_all(proc: subprocess.Popen, root: Path, args: list[str], data: bytes) -> None:
    """Give git ``data`` on its (unbuffered) standard input and close it; a git that stops reading for longer than
    ``git_timeout()`` is stopped (``GitTimeout``)."""
    limit, fd, done = git_timeout(), proc.stdin.fileno(), 0
    os.set_blocking(fd, False)  # a write takes what the pipe has room for, never waits
    while done < len(data):
        _, ready, _ = select.select([], [fd], [], limit)
        if not ready:
            stop(proc)
            raise GitTimeout(timeout_message(root, args, limit))
        try:
            done += os.write(fd, data[done:done + (1 << 16)])
        except BlockingIOError:
            continue
        except BrokenPipeError:  # git ended before reading it all: its exit code and message tell why
            break
    proc.stdin.close()


def git_out(root: Path, *args: str) -> tuple[int, str]:
    proc = run_git(root, list(args))
    return proc.returncode, proc.stdout.strip()


def batch_check(root: Path, names: list[str], fmt: str = "", timeout: float | None = None) -> list[str]:
    """What one ``git cat-file --batch-check`` says of each of ``names`` (a line each, in order; ``<name> missing``
    for an object the repository lacks); ``GitTimeout`` past ``timeout`` (default ``git_timeout()``)."""
    option = f"--batch-check={fmt}" if fmt else "--batch-check"
    return run_git(root, ["cat-file", option], "".join(n + "\n" for n in names), timeout=timeout).stdout.splitlines()


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
    if run_git(root, ["merge-base", "--is-ancestor", last, head]).returncode != 0:
        return Plan(head, "full", [head], print_, "history rewritten")
    return Plan(head, "incremental", [head, f"^{last}"], print_)


def commit_shas(root: Path, revisions: list[str]) -> list[str]:
    """The commits ``git log --topo-order`` shows for ``revisions``, in the same order."""
    code, out = git_out(root, "rev-list", "--topo-order", *revisions, "--")
    return out.split() if code == 0 and out else []


def count_commits(root: Path, revisions: list[str]) -> int:
    code, out = git_out(root, "rev-list", "--count", *revisions, "--")
    return int(out) if code == 0 and out.isdigit() else 0
