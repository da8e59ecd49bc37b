"""Python API for writing the lake: index a repository with the registered extractors, or update a few files."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

from .errors import CodelakeError, ExtractError
from .lake import Lake, RunSummary
from .registry import load_registry
from .repos import derive_repo_id, git_toplevel, head_commit, is_bare_repo, is_git_repo, validate_repo_id


@dataclass(frozen=True)
class Source:
    root: Path
    repo: str
    is_git: bool


def resolve_source(path: str | Path = ".", repo: str | None = None) -> Source:
    root = Path(path).resolve()
    if not root.is_dir():
        raise CodelakeError(f"{path}: not a directory")
    git = (is_git_repo(root) and not _ignored_by_git(root)) or is_bare_repo(root)
    if git:
        root = git_toplevel(root) or root  # a bare repository has no top level: it is its own root
    return Source(root=root, repo=validate_repo_id(repo) if repo else derive_repo_id(root), is_git=git)


def _ignored_by_git(path: Path) -> bool:
    """A folder git ignores (a venv inside a checkout) is its own, plain repository, not part of the checkout."""
    return subprocess.run(["git", "-C", str(path), "check-ignore", "-q", "."], capture_output=True).returncode == 0


def repo_info(source: Source) -> dict:
    return {"root": str(source.root), "is_git": source.is_git, "head": head_commit(source.root) if source.is_git else None}


def index(path: str | Path = ".", repo: str | None = None, lake: Lake | None = None,
          extractors: list[str] | None = None, full: bool = False, logs: list[str] | None = None,
          progress=None, extra_options: dict | None = None) -> list[RunSummary]:
    """Run the selected (default: all registered) extractors on one repository; each publishes atomically. When
    the structure extractor ran, the derived tables (``pipeline.map.derive``) are written after them.

    Every extractor runs even when an earlier one failed; the first failure is raised at the end.
    """
    lake = lake or Lake()
    source = resolve_source(path, repo)
    options = {**(extra_options or {}), "full": full, "logs": list(logs or [])}
    summaries, failures = [], []
    registry = load_registry()
    for extractor in registry.select(extractors):
        try:
            summaries.append(run_one(lake, source, extractor, options, progress))
        except ExtractError as exc:
            failures.append(exc)
    if extractors is None or "structure" in extractors:  # derived tables (communities) follow the extractors
        from .map.derive import derive

        try:
            summaries.extend(derive(lake, source, registry))
        except ExtractError as exc:
            failures.append(exc)
    if failures:
        raise failures[0]
    return summaries


def run_one(lake: Lake, source: Source, extractor, options: dict, progress=None) -> RunSummary:
    return lake.run_extractor(source.repo, extractor, source.root, options=options, progress=progress,
                              info=repo_info(source))


def update(path: str | Path, files: list[str], repo: str | None = None, lake: Lake | None = None) -> RunSummary:
    """Re-index just ``files`` of an indexed repository (the post-edit path: no Prefect, no full scan)."""
    lake = lake or Lake()
    source = resolve_source(path, repo)
    rel = [_relative(source.root, f) for f in files]
    extractor = load_registry({"structure"}).get("structure")
    return run_one(lake, source, extractor, {"files": rel}, None)


def _relative(root: Path, file: str) -> str:
    """A path given absolute, relative to the working directory, or relative to the repository root."""
    p = Path(file)
    candidates = [p] if p.is_absolute() else [Path.cwd() / p, root / p]
    inside = []
    for c in candidates:
        try:
            inside.append((c.exists(), c.resolve().relative_to(root).as_posix()))
        except ValueError:
            continue
    if not inside:
        raise CodelakeError(f"{file}: not inside the repository {root}")
    return max(inside, key=lambda t: t[0])[1]
