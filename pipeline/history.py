"""Python API over the git history tables: hotspots, co-change partners of a file, owners of a path.

Functions take a Catalog (``pipeline.catalog.connect``) and return ``(columns, rows)``; the CLI only renders.
Paths are current paths (renames followed); a historical path is mapped to the file it became.
"""

from __future__ import annotations


from .errors import QueryError
from .query import repo_path

NO_HISTORY = "no git history in the lake: run `codelake index PATH` (the git extractor mines the repository's log)"
NO_STRUCTURE = ("hotspots need the structure tables (files, symbols) too: run `codelake index PATH` with the "
                "structure extractor")


def current_path(catalog, path: str, repo: str | None = None) -> tuple[str, str | None]:
    """The current path of a file given by any of its names (the newest life wins), and its repository."""
    catalog.require("file_current_path", NO_HISTORY)
    _, rows = catalog.rows(
        "SELECT current_path, repo FROM file_current_path WHERE (path = ? OR current_path = ?) "
        "AND (? IS NULL OR repo = ?) ORDER BY current_path = ? DESC, alive DESC, last_changed_at DESC LIMIT 1",
        [path, path, repo, repo, path])
    if not rows:
        raise QueryError(f"{path}: no change to this file in the mined history"
                         + (f" of repository {repo!r}" if repo else ""))
    return rows[0][0], rows[0][1]


def hotspots(catalog, repo: str | None = None, window_days: int = 90, size: str = "lines", limit: int = 20,
             include_tests: bool = False):
    """Files ranked by recent revisions x size (lines or symbols), with their churn trend; tests left out unless
    ``include_tests``."""
    catalog.require("commits", NO_HISTORY)
    catalog.require("hotspots", NO_STRUCTURE)
    if size not in ("lines", "symbols"):
        raise QueryError(f"hotspots: size must be 'lines' or 'symbols', not {size!r}")
    return catalog.rows(
        "SELECT repo, rank, path, score, revisions, lines, symbols, previous_revisions, churn, trend, last_change, "
        "authors FROM hotspots(window_days := ?, size := ?, include_tests := ?, repo_id := ?) "
        "ORDER BY score DESC, revisions DESC, repo, path LIMIT ?",
        [window_days, size, include_tests, repo, limit])


CO_CHANGE_COLUMNS = ("SELECT repo, coupled AS file, degree, shared_revs, file_revs, coupled_revs, "
                     "round(confidence, 3) AS confidence, round(reverse_confidence, 3) AS reverse_confidence, "
                     "weighted_degree, last_shared_change, ? AS basis "
                     "FROM co_change(max_changeset := ?, min_revs := ?, min_shared_revs := ?, min_coupling := ?, "
                     "half_life_days := ?, window_days := ?, repo_id := ?, for_file := ?) ")
FALLBACK_MIN_SHARED = 2  # the fallback still wants a pair changed together more than once


def co_change(catalog, file: str, repo: str | None = None, limit: int = 20, min_revs: int = 5,
              min_shared_revs: int = 5, min_coupling: int = 30, max_changeset: int = 30,
              half_life_days: float | None = None, window_days: int | None = None, fallback: bool = True):
    """Files changed in the same commits as ``file`` (code-maat's coupling; its defaults), strongest first.

    The last column, ``basis``, says why a row is there: ``coupling`` (it passes the thresholds) or, when nothing
    does (a hub file changed in so many commits that no partner reaches the degree; a file changed twice) and
    ``fallback`` is on, ``confidence``: the partners most often changed with it, by confidence (shared revisions /
    its revisions), still from commits of at most max_changeset files."""
    catalog.require("co_change", NO_HISTORY)
    path, repo = current_path(catalog, *repo_path(catalog, file, repo))
    common = [max_changeset]
    tail = [half_life_days, window_days, repo, path]
    columns, rows = catalog.rows(
        CO_CHANGE_COLUMNS + "ORDER BY weighted_degree DESC, degree DESC, shared_revs DESC, coupled LIMIT ?",
        ["coupling", *common, min_revs, min_shared_revs, min_coupling, *tail, limit])
    if rows or not fallback:
        return columns, rows
    return catalog.rows(
        CO_CHANGE_COLUMNS + "ORDER BY confidence DESC, shared_revs DESC, coupled LIMIT ?",
        ["confidence", *common, 1, min(FALLBACK_MIN_SHARED, min_shared_revs), 0, *tail, limit])


def owners(catalog, path: str, repo: str | None = None, inactive_days: int = 180, limit: int = 50):
    """Main developer, ownership share, fragmentation and knowledge-loss flag of ``path`` (a file or a folder,
    '.' for the top level) and, for a folder, of everything directly inside it."""
    catalog.require("ownership", NO_HISTORY)
    path, repo = repo_path(catalog, path, repo)
    if path != ".":
        path = _folder_or_file(catalog, path, repo)
    return catalog.rows(
        "SELECT repo, kind, path, main_dev, main_dev_name, ownership, main_dev_added, total_added, authors, "
        "revisions, fragmentation, main_dev_last_active, knowledge_loss FROM ownership(inactive_days := ?, "
        "repo_id := ?, for_path := ?) WHERE (path = ? OR (CASE WHEN ? = '.' THEN path "
        "ELSE substr(path, length(?) + 2) END NOT LIKE '%/%' AND (? = '.' OR starts_with(path, ? || '/')))) "
        "ORDER BY repo, path = ? DESC, kind DESC, revisions DESC, path LIMIT ?",
        [inactive_days, repo, path, path, path, path, path, path, path, limit])


def _folder_or_file(catalog, path: str, repo: str | None) -> str:
    """The path itself when the history knows it as a folder or a current file, else the file it became."""
    _, rows = catalog.rows(
        "SELECT 1 FROM file_current_path WHERE (current_path = ? OR starts_with(current_path, ? || '/')) "
        "AND (? IS NULL OR repo = ?) LIMIT 1", [path, path, repo, repo])
    return path if rows else current_path(catalog, path, repo)[0]
