"""Repository ids and the few git facts the core needs (HEAD, how far behind)."""

from __future__ import annotations

import os
import re
import stat
import time
from pathlib import Path
from typing import NamedTuple

from . import gitsafe
from .errors import RepoIdError

REPO_ID_RE = re.compile(r"[A-Za-z0-9._-]+")
MAX_REPO_ID = 100  # a folder and file name in the lake: well under every filesystem's 255-byte limit


def validate_repo_id(repo: str) -> str:
    if not isinstance(repo, str) or not REPO_ID_RE.fullmatch(repo) or repo in {".", ".."}:
        raise RepoIdError(f"invalid repository id {repo!r}: use only letters, digits, '.', '_' and '-'")
    if len(repo) > MAX_REPO_ID:
        raise RepoIdError(f"repository id {repo[:20]}... is {len(repo)} characters long: at most {MAX_REPO_ID}")
    return repo


READER_SKIPPED = "._"  # pandas, pyarrow datasets (ignore_prefixes) and the lake's own listing skip such names


def refuse_hidden_repo_id(repo: str) -> None:
    """A new repository's id names its folder in every table: one that readers skip would lose its rows."""
    if repo[:1] in READER_SKIPPED:
        raise RepoIdError(f"invalid repository id {repo!r}: a new repository's id must start with a letter or a digit "
                          f"(pandas and pyarrow skip folders named with a leading '_' or '.')")


def git(root: Path, *args: str, check: bool = True) -> str:
    proc = gitsafe.run(root, list(args), text=True)  # bounded: GitNoAnswer past CODELAKE_GIT_TIMEOUT
    if check and proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"git {' '.join(args)} failed")
    return proc.stdout if proc.returncode == 0 else ""


def is_git_repo(root: Path) -> bool:
    return bool(git(root, "rev-parse", "--is-inside-work-tree", check=False).strip() == "true")


def is_bare_repo(root: Path) -> bool:
    """A repository without a working tree (``git clone --bare`` / ``--mirror``), as batch jobs keep them."""
    return git(root, "rev-parse", "--is-bare-repository", check=False).strip() == "true"


class GitDirs(NamedTuple):
    """A checkout's git folders, as ``git rev-parse`` names them (absolute)."""

    git_dir: str  # its own (``.git``, or ``.git/worktrees/<name>`` for a linked worktree): HEAD, index
    common_dir: str  # the one shared by its worktrees: refs, packed-refs, config, info/exclude


class _Known(NamedTuple):
    """What one ``git rev-parse`` said of a folder, and the files' state it was true of."""

    facts: dict
    dirs: GitDirs | None  # None: a plain folder
    watched: tuple[str, ...]
    signature: tuple


_known: dict[str, _Known] = {}  # by folder: a long-lived process (the warm worker) asks again at every edit
RACY_SECONDS = 1.0  # a file changed this recently may change again within its timestamp's tick: never trusted


def git_facts(root: Path) -> dict:
    """{"bare", "work_tree", "toplevel", "head"} of ``root`` from one ``git rev-parse`` (the post-edit path spawns
    as few processes as it can); separate calls where one cannot answer (a bare or empty repository). Asked again
    for a checkout whose HEAD, refs, config and ``.git`` entries are as they were then, the same answer without
    git (``_known``: a warm worker's edits, ~30 ms of a process each); a commit, a checkout or a new ``.git``
    changes one of them and git is asked again."""
    key = str(root)
    known = _known.get(key)
    if known is not None and _head_signature(known.dirs, known.watched) == known.signature:
        return dict(known.facts)
    return _ask_git_facts(root)


def known_git_dirs(root: Path) -> GitDirs | None:
    """The git folders the last ``git_facts`` of ``root`` found (None: not asked, or not a checkout's root)."""
    known = _known.get(str(root))
    return known.dirs if known is not None else None


def _ask_git_facts(root: Path) -> dict:
    args = ["rev-parse", "--is-bare-repository", "--is-inside-work-tree", "--show-toplevel", "--absolute-git-dir",
            "--git-common-dir", "HEAD"]
    watched = _watched_entries(root)
    before = _head_signature(None, watched)  # taken before git answers: a change meanwhile is seen next time
    proc = gitsafe.run(root, args, text=True)
    lines = proc.stdout.splitlines()
    if proc.returncode == 0 and len(lines) == 6:
        facts = {"bare": lines[0] == "true", "work_tree": lines[1] == "true", "toplevel": lines[2], "head": lines[5]}
        dirs = GitDirs(lines[3], os.path.normpath(os.path.join(root, lines[4])))
        _remember(str(root), facts, dirs, watched, before)
        return facts
    bare = is_bare_repo(root)
    top = None if bare else git_toplevel(root)
    facts = {"bare": bare, "work_tree": top is not None, "toplevel": str(top) if top else None,
             "head": head_commit(root) if (bare or top) else None}
    if not bare and top is None and before is not None and not any(before[1][0]):
        _remember(str(root), facts, None, watched, before)  # no ``.git`` nor ``HEAD`` above: plain while none comes
    return facts


def _watched_entries(root: Path) -> tuple[str, ...]:
    """The ``.git`` and ``HEAD`` entries of ``root`` and its parents: one made or removed moves the checkout's top
    level, or makes a plain folder (or a parent) a repository (a bare one has its ``HEAD`` at its top)."""
    folder = os.path.abspath(root)
    entries = []
    while True:
        entries += [os.path.join(folder, ".git"), os.path.join(folder, "HEAD")]
        parent = os.path.dirname(folder)
        if parent == folder:
            return tuple(entries)
        folder = parent


def _remember(key: str, facts: dict, dirs: GitDirs | None, watched: tuple[str, ...], before: tuple | None) -> None:
    if before is None or dirs is not None and os.path.exists(os.path.join(dirs.common_dir, "reftable")):
        return  # racy, or refs kept in files this does not follow
    signature = _head_signature(dirs, watched)
    if signature is not None and _head_signature(None, watched) == before:
        _known[key] = _Known(dict(facts), dirs, watched, signature)


def _head_signature(dirs: GitDirs | None, watched: tuple[str, ...]) -> tuple | None:
    """The state of what ``git rev-parse`` read: the ``.git`` entries up from the folder and, with ``dirs``, HEAD's
    text, the ref it names, ``packed-refs`` and the configs (``core.bare``, ``core.worktree``); None when one changed
    within ``RACY_SECONDS``."""
    paths = list(watched)
    head = None
    if dirs is not None:
        head_path = os.path.join(dirs.git_dir, "HEAD")
        try:
            with open(head_path, "rb") as fh:
                head = fh.read(4096)
        except OSError:
            return None
        paths.append(head_path)
        if head.startswith(b"ref: "):
            paths.append(os.path.join(dirs.common_dir, os.fsdecode(head[5:].strip())))
        paths += [os.path.join(dirs.common_dir, name) for name in ("packed-refs", "config")]
        paths.append(os.path.join(dirs.git_dir, "config.worktree"))
    states = stat_signature(paths)
    return None if states is None else (head, states)


def stat_signature(paths: list[str]) -> tuple | None:
    """Each path's (inode, type, size, mtime, ctime) or None when absent (a folder: inode and type), with git's
    environment; None when one changed within ``RACY_SECONDS`` (its next change may keep the same stamp)."""
    now = time.time()
    states = []
    for path in paths:
        try:
            st = os.lstat(path)
        except OSError:
            states.append(None)
            continue
        if stat.S_ISDIR(st.st_mode):  # ``.git``: its mtime moves at every index write, its inode only if replaced
            states.append((st.st_ino, st.st_mode))
            continue
        if now - max(st.st_mtime, st.st_ctime) < RACY_SECONDS:
            return None
        states.append((st.st_ino, st.st_mode, st.st_size, st.st_mtime_ns, st.st_ctime_ns))
    return tuple(states), tuple(sorted((k, v) for k, v in os.environ.items() if k.startswith("GIT_")))


def git_toplevel(root: Path) -> Path | None:
    out = git(root, "rev-parse", "--show-toplevel", check=False).strip()
    return Path(out) if out else None


def head_commit(root: Path) -> str | None:
    return git(root, "rev-parse", "--verify", "-q", "HEAD", check=False).strip() or None


def commits_behind(root: Path, commit: str | None) -> int | None:
    """How many commits HEAD is ahead of ``commit`` (None when unknown or not an ancestor)."""
    if not commit:
        return None
    out = git(root, "rev-list", "--count", f"{commit}..HEAD", check=False).strip()
    return int(out) if out.isdigit() else None


def _id_from_url(url: str) -> str | None:
    url = url.strip().rstrip("/")
    if url.endswith(".git"):
        url = url[:-4]
    parts = [p for p in re.split(r"[/:]", url) if p]
    if len(parts) < 2:
        return None
    return f"{parts[-2]}__{parts[-1]}"


def derive_repo_id(root: Path) -> str:
    """``org__name`` from the origin URL, else the folder name; characters outside the id alphabet become '-'."""
    has_git = is_git_repo(root) or is_bare_repo(root)
    url = git(root, "config", "--get", "remote.origin.url", check=False) if has_git else ""
    raw = (_id_from_url(url) if url.strip() else None) or root.resolve().name
    slug = re.sub(r"[^A-Za-z0-9._-]", "-", raw).lstrip("-" + READER_SKIPPED)[:MAX_REPO_ID].rstrip("-.")
    return validate_repo_id(slug or "repo")
