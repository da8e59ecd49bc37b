"""Python API over the agent tool-call tables: which files agents touch together, and recent sessions.

Functions take a Catalog (``pipeline.catalog.connect``) and return ``(columns, rows)``; the CLI only renders.
"""

from __future__ import annotations


from .errors import QueryError
from .query import repo_path

NO_LOGS = ("no agent tool calls in the lake: run `codelake index PATH` (it reads ~/.claude/projects and "
           "~/.codex/sessions; --logs DIR adds folders)")
WEIGHTS = ("edit_weight", "read_weight", "search_weight", "size_damping", "max_files")


def co_touch(catalog, file: str, repo: str | None = None, limit: int = 20, **weights):
    """Files agents touched in the same sessions as ``file``, strongest first; ``weights`` override the macro's
    parameters (edit_weight, read_weight, search_weight, size_damping, max_files)."""
    catalog.require("co_touch", NO_LOGS)
    unknown = set(weights) - set(WEIGHTS)
    if unknown:
        raise QueryError(f"unknown co-touch parameter(s): {', '.join(sorted(unknown))}")
    path, repo = repo_path(catalog, file, repo)
    w = {name: weights.get(name) for name in WEIGHTS}
    return catalog.rows(
        "SELECT repo, other AS file, sessions, round(score, 3) AS score, round(degree, 2) AS degree, last_seen, agents "
        "FROM co_touch(edit_weight := coalesce(?, 1.0), read_weight := coalesce(?, 0.5), "
        "search_weight := coalesce(?, 0.25), size_damping := coalesce(?, 0.5), max_files := coalesce(?, 100)) "
        "WHERE file = ? AND (? IS NULL OR repo = ?) ORDER BY score DESC, sessions DESC, other LIMIT ?",
        [w["edit_weight"], w["read_weight"], w["search_weight"], w["size_damping"], w["max_files"],
         path, repo, repo, limit])


def sessions(catalog, limit: int = 20, repo: str | None = None):
    """The most recent top-level agent sessions with the files they touched."""
    catalog.require("agent_sessions", NO_LOGS)
    return catalog.rows(
        "SELECT repo, session_id, agent, git_branch, started, ended, calls, subagents, files_read, files_edited, "
        "files FROM agent_sessions WHERE (? IS NULL OR repo = ?) ORDER BY ended DESC NULLS LAST, session_id LIMIT ?",
        [repo, repo, limit])


def activity(catalog, file: str, repo: str | None = None):
    """Per agent: how often agents read, edited and searched ``file``, in how many sessions, and when last."""
    catalog.require("agent_activity", NO_LOGS)
    path, repo = repo_path(catalog, file, repo)
    return catalog.rows(
        "SELECT repo, agent, reads, edits, searches, sessions, last_touched FROM agent_activity "
        "WHERE path = ? AND (? IS NULL OR repo = ?) ORDER BY sessions DESC, agent", [path, repo, repo])
