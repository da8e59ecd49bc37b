"""What each hook event does, agent-independent: context to show, refreshes to start.

* session start: the repository's digest (ordered by the current task: branch, changed files); when the index is
  behind HEAD, an incremental ``index`` starts in the background and the digest says it is refreshing.
* before a tool reads or edits files: each file's snippet (waiting briefly while an edit of that very file is being
  re-indexed, so the snippet shows the edit); nothing for files outside an exported repository or without a snippet.
* after an edit: the files join the repository's refresh queue; a detached worker re-indexes and re-exports them.
* session end (and each turn's Stop): a detached ``ingest`` reads the session's own transcript into the lake.

Reads only the exports (``pipeline.exports.read``, stdlib) and a few small JSON files: never DuckDB or Parquet.
"""

from __future__ import annotations

import json
import os

from . import background
from .events import AFTER_EDIT, BEFORE_TOOL, SESSION_END, SESSION_START, HookEvent

MAX_CONTEXT_CHARS = 4000  # far below the agents' 10,000-character cap
DIGEST_BUDGET = 400  # tokens
EXTRACTOR_OF = {"claude-code": "claude_code", "codex": "codex"}


def _read():
    from ..exports import read  # the map engineer's light reader (stdlib only)

    return read


def handle(event: HookEvent, lake_root: str) -> str | None:
    if not os.path.isdir(lake_root):
        return None
    if event.kind == SESSION_START:
        return session_start(event, lake_root)
    if event.kind == BEFORE_TOOL:
        return before_tool(event, lake_root)
    if event.kind == AFTER_EDIT:
        return after_edit(event, lake_root)
    if event.kind == SESSION_END:
        return session_end(event, lake_root)
    return None


# -- which repository ---------------------------------------------------------------------------------------------
def known_roots(lake_root: str) -> dict[str, str]:
    """{repo: root} of every exported repository, else of every indexed one (snapshot manifests)."""
    roots = {}
    try:
        index = _read().index(lake_root) or {}
    except ImportError:  # no exporter installed: the snapshot manifests still name the roots
        index = {}
    for repo, entry in (index.get("repos") or {}).items():
        if isinstance(entry, dict) and isinstance(entry.get("root"), str):
            roots[repo] = entry["root"]
    if roots:
        return roots
    folder = os.path.join(lake_root, "_snapshots")
    for name in _listdir(folder):
        if name.endswith(".json") and not name.startswith("."):
            root = (_load(os.path.join(folder, name)).get("info") or {}).get("root")
            if isinstance(root, str):
                roots[name[:-5]] = root
    return roots


def repo_of(lake_root: str, path: str) -> tuple[str, str, str] | None:
    """(repo, root, repository-relative path or '.') of the deepest known repository holding ``path``."""
    best = None
    real = os.path.realpath(path)
    for repo, root in known_roots(lake_root).items():
        root = os.path.normpath(root)
        for candidate in (os.path.normpath(path), real):
            if candidate == root or candidate.startswith(root + os.sep):
                if best is None or len(root) > len(best[1]):
                    best = (repo, root, os.path.relpath(candidate, root).replace(os.sep, "/"))
    return best


# -- events -------------------------------------------------------------------------------------------------------
def session_start(event: HookEvent, lake_root: str) -> str | None:
    found = repo_of(lake_root, event.cwd)
    if found is None:
        return None  # a repository codelake was never asked about: say nothing
    repo, root, _ = found
    read = _read()
    task = read.task_context(root, timeout=1.0)
    text = read.digest(lake_root, repo, budget=int(os.environ.get("CODELAKE_DIGEST_BUDGET") or DIGEST_BUDGET),
                       branch=task.get("branch"), changed=task.get("changed"))
    note = _refresh_note(lake_root, repo, root, exported=text is not None)
    parts = [p for p in (text, note) if p]
    return _cap("\n".join(parts)) if parts else None


def _refresh_note(lake_root: str, repo: str, root: str, exported: bool) -> str | None:
    """Start a background index when the export is behind the checkout's HEAD, or missing."""
    indexed = None
    if exported:
        indexed = (_read().manifest(lake_root, repo) or {}).get("indexed_commit")
        head = _git(root, "rev-parse", "--verify", "-q", "HEAD")
        if not head or not indexed or head == indexed:
            return None
    if not (background.busy(lake_root, repo, "index") or background.start(lake_root, "index", repo, root)):
        return None
    if not exported:
        return f"(codelake: the map of {repo} is being built in the background; it will be here next session)"
    behind = _git(root, "rev-list", "--count", f"{indexed}..HEAD")
    count = f"{behind} commit(s)" if behind.isdigit() else "new commits"
    return (f"(codelake: HEAD is {count} past the indexed commit {indexed[:10]}; the map is refreshing in the "
            f"background, so facts above may be out of date)")


def before_tool(event: HookEvent, lake_root: str) -> str | None:
    read, texts = _read(), []
    wait = float(os.environ.get("CODELAKE_HOOK_WAIT") or 2.0)
    for path in event.paths:
        found = read.repo_for_path(lake_root, path)
        if found is None:
            continue
        repo, rel = found
        if wait > 0 and rel in background.queued(lake_root, repo):
            background.wait_refreshed(lake_root, repo, rel, wait)
            wait = 0  # wait once per call at most
        text = read.snippet(lake_root, repo, rel, check_fresh=True)
        if text:
            texts.append(text)
    return _cap("\n\n".join(texts)) if texts else None


def after_edit(event: HookEvent, lake_root: str) -> None:
    by_repo: dict[tuple[str, str], list[str]] = {}
    for path in event.paths:
        found = repo_of(lake_root, path)
        if found and found[2] != ".":
            by_repo.setdefault((found[0], found[1]), []).append(found[2])
    for (repo, root), files in by_repo.items():
        background.enqueue(lake_root, repo, files)
        background.start(lake_root, "refresh", repo, root)
    return None


def session_end(event: HookEvent, lake_root: str) -> None:
    """Ingest the session's transcript (a Codex turn may have none: then the agent's own log folders)."""
    transcript = event.transcript if event.transcript and os.path.isfile(event.transcript) else None
    if transcript is None and event.agent != "codex":
        return None
    found = repo_of(lake_root, event.cwd)
    if found:
        logs = ("--logs", os.path.abspath(transcript)) if transcript else ()
        # Stop ends every turn: read the new lines only; the export (digest) follows at SessionEnd or the next index
        extra = ("--no-export",) if event.name == "Stop" else ()
        background.start(lake_root, "ingest", found[0], found[1], "--agent", EXTRACTOR_OF[event.agent], *logs, *extra)
    return None


# -- helpers ------------------------------------------------------------------------------------------------------
def _cap(text: str) -> str:
    if len(text) <= MAX_CONTEXT_CHARS:
        return text
    cut = text.rfind("\n", 0, MAX_CONTEXT_CHARS - 20)
    return text[:cut if cut > 0 else MAX_CONTEXT_CHARS - 20] + "\n(codelake: cut here)"


def _git(root: str, *args: str) -> str:
    import subprocess

    from pipeline.gitsafe import GitNoAnswer, run

    try:  # in its own session: a hook or helper git started cannot hold the pipes past the second
        proc = run(root, list(args), timeout=1.0, text=True)
    except (OSError, subprocess.SubprocessError, GitNoAnswer):
        return ""
    return proc.stdout.strip() if proc.returncode == 0 else ""


def _listdir(folder: str) -> list[str]:
    try:
        return sorted(os.listdir(folder))
    except OSError:
        return []


def _load(path: str) -> dict:
    try:
        if os.path.getsize(path) > 4 << 20:
            return {}
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
