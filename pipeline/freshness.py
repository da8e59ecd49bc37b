"""Is a repository's index current? The check a flow runs before indexing, and the column ``codelake status`` shows.

Per extractor, from the snapshot's cursors (no DuckDB, no parsing):
- an extractor that follows the repository (structure, git, packages...) is current when its cursor names the
  commit HEAD points at now, the checkout has no uncommitted change to tracked files, and the extractor's version
  is the one that wrote the lake;
- an agent-log extractor (one with ``default_dirs``) is current when no log file it would read grew or appeared
  since its cursor was written;
- a plain folder (no git) is never known to be current: its run is incremental anyway.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .repos import commits_behind, git, head_commit


@dataclass(frozen=True)
class ExtractorFreshness:
    extractor: str
    fresh: bool
    reason: str  # why it is stale, or "current"


@dataclass
class Freshness:
    repo: str
    head: str | None
    extractors: list[ExtractorFreshness] = field(default_factory=list)

    @property
    def fresh(self) -> bool:
        return bool(self.extractors) and all(e.fresh for e in self.extractors)

    @property
    def stale(self) -> list[str]:
        return [e.extractor for e in self.extractors if not e.fresh]

    def summary(self) -> str:
        if self.fresh:
            return f"current at {(self.head or '')[:12] or 'its last run'}"
        return "; ".join(f"{e.extractor}: {e.reason}" for e in self.extractors if not e.fresh)

    def as_dict(self) -> dict:
        return {"repo": self.repo, "head": self.head, "fresh": self.fresh, "stale": self.stale,
                "reason": self.summary()}


def check(lake, repo: str, root: Path, is_git: bool, extractors: list, logs: list[str] | None = None) -> Freshness:
    """How current each of ``extractors`` (plugin objects) is for ``repo`` checked out (or mirrored) at ``root``."""
    snap = lake.snapshot(repo)
    head = head_commit(root) if is_git else None
    versions = _last_versions(lake, repo, snap)
    dirty = _dirty(root) if is_git else False
    out = Freshness(repo, head)
    for extractor in extractors:
        cursor = snap.cursors.get(extractor.name)
        if cursor is None:
            reason = "never indexed"
        elif versions.get(extractor.name) not in (None, extractor.version):
            reason = f"written by version {versions[extractor.name]}, now {extractor.version}"
        elif hasattr(extractor, "default_dirs"):
            reason = _logs_reason(extractor, cursor, logs)
        else:
            reason = _commit_reason(cursor, snap.info.get("head"), head, is_git, dirty)
        out.extractors.append(ExtractorFreshness(extractor.name, reason == "current", reason))
    return out


def _commit_reason(cursor: dict, snapshot_head: str | None, head: str | None, is_git: bool, dirty: bool) -> str:
    if not is_git:
        return "not a git repository (always re-checked)"
    indexed = cursor.get("commit") or snapshot_head
    if indexed != head:
        return f"HEAD moved from {(indexed or '?')[:12]} to {(head or '?')[:12]}"
    return "uncommitted changes" if dirty else "current"


def _dirty(root: Path) -> bool:
    """Tracked files changed in a checkout (a bare mirror has no working tree, so it is never dirty)."""
    if git(root, "rev-parse", "--is-bare-repository", check=False).strip() == "true":
        return False
    return bool(git(root, "status", "--porcelain", "--untracked-files=no", check=False).strip())


def _logs_reason(extractor, cursor: dict, logs: list[str] | None) -> str:
    from extractors.agent_logs.sources import jsonl_files

    known = (cursor.get("state") or {}).get("files") or {}
    folders = list(extractor.default_dirs()) + [Path(f).expanduser() for f in logs or []]
    for folder in folders:
        for path in jsonl_files(folder):
            state = known.get(str(path))
            if state is None:
                return f"new log {path.name}"
            if state.get("foreign") or "offset" not in state:
                continue  # another repository's session, or a file of another agent's format
            try:
                if path.stat().st_size != state["offset"]:
                    return f"log {path.name} changed"
            except OSError:
                continue
    return "current"


def _last_versions(lake, repo: str, snap) -> dict[str, str]:
    """The version of each extractor's last successful run (from the small ``runs`` table)."""
    try:
        runs = lake.read_table(repo, "runs", snap)
    except Exception:  # a damaged runs file must not stop indexing: the run rewrites it
        return {}
    if runs is None:
        return {}
    out = {}
    for row in runs.select(["extractor", "extractor_version", "status"]).to_pylist():
        if row["status"] == "ok":
            out[row["extractor"]] = row["extractor_version"]
    return out


def behind(root: str | None, commit: str | None) -> str:
    """A short freshness text for ``codelake status``: how far the indexed commit is behind HEAD."""
    if not root or not Path(root).exists():
        return "source missing"
    if not commit:
        return "no commit indexed" if head_commit(Path(root)) else "not a git repository"
    n = commits_behind(Path(root), commit)
    if n is None:
        return "history rewritten" if head_commit(Path(root)) else "not a git repository"
    return "current" if n == 0 else f"{n} commit{'s' if n != 1 else ''} behind"
