"""Repository ids and the few git facts the core needs (HEAD, how far behind)."""

from __future__ import annotations

import re
from pathlib import Path

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


def git_facts(root: Path) -> dict:
    """{"bare", "work_tree", "toplevel", "head"} of ``root`` from one ``git rev-parse`` (the post-edit path spawns
    as few processes as it can); separate calls where one cannot answer (a bare or empty repository)."""
    proc = gitsafe.run(root, ["rev-parse", "--is-bare-repository", "--is-inside-work-tree", "--show-toplevel", "HEAD"],
                       text=True)
    lines = proc.stdout.splitlines()
    if proc.returncode == 0 and len(lines) == 4:
        return {"bare": lines[0] == "true", "work_tree": lines[1] == "true", "toplevel": lines[2], "head": lines[3]}
    bare = is_bare_repo(root)
    top = None if bare else git_toplevel(root)
    return {"bare": bare, "work_tree": top is not None, "toplevel": str(top) if top else None,
            "head": head_commit(root) if (bare or top) else None}


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
