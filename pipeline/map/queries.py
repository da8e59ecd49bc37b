"""Python API over the map's views: neighbours of a file, why a file exists (documents, callers, owner), the
subsystems. Functions take a Catalog and return ``(columns, rows)``; the CLI only renders."""

from __future__ import annotations

from ..errors import QueryError
from ..query import NO_STRUCTURE, repo_path

WEIGHTS = ("structure_weight", "co_change_weight", "co_touch_weight")


def _file(catalog, file: str, repo: str | None) -> tuple[str, str]:
    """A file as the lake knows it, and its repository (the only one holding it, else an error)."""
    catalog.require("files", NO_STRUCTURE)
    path, repo = repo_path(catalog, file, repo)
    _, rows = catalog.rows("SELECT DISTINCT repo FROM files WHERE path = ? AND (? IS NULL OR repo = ?) ORDER BY repo",
                           [path, repo, repo])
    if not rows:
        raise QueryError(f"{file}: not a file of the indexed repositories" + (f" (repository {repo})" if repo else ""))
    if len(rows) > 1:
        raise QueryError(f"{file} is in several repositories ({', '.join(r[0] for r in rows)}): name one with --repo")
    return path, rows[0][0]


def neighbors(catalog, file: str, repo: str | None = None, as_of: str | None = None, limit: int = 20, **weights):
    """Files related to ``file``, fused score first, with each signal's part: the stored neighbours of the last run
    (``file_neighbors``), or the macro for the past (``as_of``) or other weights."""
    unknown = set(weights) - set(WEIGHTS)
    if unknown:
        raise QueryError(f"unknown weight(s): {', '.join(sorted(unknown))}")
    path, repo = _file(catalog, file, repo)
    columns = ("neighbor, round(score, 3) AS score, round(structure, 3) AS structure, "
               "round(co_change, 3) AS co_change, round(co_touch, 3) AS co_touch, deps_out, deps_in, shared_commits, "
               "shared_sessions")
    if as_of is None and not weights and "file_neighbors" in catalog.views and _stored(catalog, repo, limit):
        return catalog.rows(f"SELECT {columns} FROM file_neighbors WHERE repo = ? AND file = ? ORDER BY rank LIMIT ?",
                            [repo, path, limit])
    catalog.require("neighborhood", NO_STRUCTURE)
    w = [weights.get(name) for name in WEIGHTS]
    return catalog.rows(
        f"SELECT {columns} FROM neighborhood(file := ?, repo_id := ?, as_of := ?, structure_weight := ?, "
        "co_change_weight := ?, co_touch_weight := ?) ORDER BY score DESC, neighbor LIMIT ?",
        [path, repo, as_of, *w, limit])


def _stored(catalog, repo: str, limit: int) -> bool:
    """The repository has stored neighbours, enough of them for ``limit``."""
    from .neighbors import TOP

    return limit <= TOP and catalog.rows("SELECT count(*) > 0 FROM file_neighbors WHERE repo = ?", [repo])[1][0][0]


def signals(catalog, repo: str) -> dict:
    """Which signals a repository has data for (the map says when it rests on structure alone)."""
    has = {}
    for name, view, query in (("history", "commits", "SELECT count(*) FROM commits WHERE repo = ?"),
                              ("behaviour", "tool_calls",
                               "SELECT count(*) FROM tool_calls WHERE repo = ? AND path IS NOT NULL")):
        has[name] = view in catalog.views and catalog.rows(query, [repo])[1][0][0] > 0
    return has


def why(catalog, file: str, repo: str | None = None, limit: int = 10) -> dict:
    """Documents mentioning the file or its symbols (line and heading), its top dependents, its owner."""
    path, repo = _file(catalog, file, repo)
    docs = ([], [])
    if "doc_refs" in catalog.views:
        docs = catalog.rows(
            "SELECT doc_path, line, doc_kind, coalesce(heading, '') AS heading, "
            "string_agg(DISTINCT coalesce(split_part(symbol_id, '::', 2), token), ', ') AS mentions "
            "FROM doc_refs WHERE repo = ? AND path = ? GROUP BY doc_path, line, doc_kind, heading "
            "ORDER BY doc_kind = 'changelog', doc_kind <> 'adr', doc_path, line LIMIT ?", [repo, path, limit])
    callers = catalog.rows(
        "SELECT src_path AS file, refs, calls, imports, round(weight, 2) AS weight FROM file_deps "
        "WHERE repo = ? AND dst_path = ? ORDER BY weight DESC, src_path LIMIT ?", [repo, path, limit])
    owner = ([], [])
    if "ownership" in catalog.views:
        owner = catalog.rows(
            "SELECT main_dev_name AS owner, main_dev AS email, ownership, authors, revisions, knowledge_loss "
            "FROM ownership(repo_id := ?, for_path := ?) WHERE kind = 'file' AND path = ?", [repo, path, path])
    purpose = catalog.rows("SELECT purpose FROM file_purposes WHERE repo = ? AND path = ?", [repo, path]) \
        if "file_purposes" in catalog.views else ([], [])
    return {"repo": repo, "path": path, "purpose": purpose[1][0][0] if purpose[1] else None,
            "docs": docs, "callers": callers, "owner": owner}


def communities(catalog, repo: str | None = None, limit: int = 50):
    catalog.require("subsystems", "no communities in the lake yet: run `codelake index PATH` (they are derived "
                                  "after the extractors)")
    return catalog.rows(
        "SELECT repo, community, name, size, tests, key_files, purpose FROM subsystems "
        "WHERE (? IS NULL OR repo = ?) ORDER BY repo, size DESC, community LIMIT ?", [repo, repo, limit])
