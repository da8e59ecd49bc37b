"""Python API for reading the lake: status, search, callers, blast radius, dead code, ad-hoc SQL.

Every function takes a Catalog (``pipeline.catalog.connect``) and returns ``(columns, rows)``; the CLI only renders.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import freshness
from .errors import QueryError
from .lake import Lake
from .repos import commits_behind


@dataclass
class Target:
    """What a user named: a symbol id or a file path, with the repository it is in."""

    value: str
    kind: str  # symbol | file
    repo: str
    name: str
    language: str | None = None
    sid: int | None = None  # a symbol's sid and file, as found: the blast radius walks from them without a lookup
    path: str | None = None


NO_STRUCTURE = "the lake holds no structure tables yet: run `codelake index PATH` first"


class AmbiguousTarget(QueryError):
    def __init__(self, target: str, choices: list[tuple]):
        self.choices = choices
        listed = "; ".join(f"{c[1]} ({c[0]})" for c in choices[:10])
        super().__init__(f"{target!r} matches {len(choices)} symbols, name one by id: {listed}")


def repo_path(catalog, path: str, repo: str | None = None) -> tuple[str, str | None]:
    """A path as the lake stores it (relative to its repository root), and its repository, from a path as typed:
    repository-relative, relative to the current folder, or absolute."""
    candidate = Path(path).expanduser()
    if candidate.is_absolute() or candidate.exists():
        absolute = candidate.resolve() if candidate.exists() else candidate.absolute()
        for name in [repo] if repo else catalog.lake.repos():
            root = catalog.lake.snapshot(name).info.get("root")
            if root and absolute.is_relative_to(Path(root)):
                return absolute.relative_to(Path(root)).as_posix() or ".", name
    text = path[2:] if path.startswith("./") else path
    return (text.rstrip("/") or "."), repo


def resolve_target(catalog, target: str, repo: str | None = None) -> Target:
    """A symbol id, a file path, or a (qualified) name; several matching names are an error listing them."""
    catalog.require_table("symbols", NO_STRUCTURE)
    paths = id_paths(target)
    if paths:
        source, files = catalog.point_read("symbols", "path", paths, repo)
        rows = catalog.rows(f"SELECT repo, id, name, language, sid, path FROM {source} WHERE id = ? "
                            "AND (? IS NULL OR repo = ?)", [*files, target, repo, repo])[1]
        if rows:
            return Target(rows[0][1], "symbol", rows[0][0], *rows[0][2:])
    source, files = catalog.point_read("files", "path", [target], repo)
    rows = catalog.rows(f"SELECT repo, path, language FROM {source} WHERE path = ? AND (? IS NULL OR repo = ?)",
                        [*files, target, repo, repo])[1]
    if rows:
        return Target(rows[0][1], "file", rows[0][0], rows[0][1], rows[0][2])
    cols, rows = catalog.rows(
        "SELECT repo, id, name, language, sid, path FROM symbols "
        "WHERE (name = ? OR qualname = ? OR ends_with(id, '::' || ?)) "
        "AND kind <> 'module' AND (? IS NULL OR repo = ?) ORDER BY is_test, id",
        [target, target, target, repo, repo])
    if not rows:
        raise QueryError(f"no symbol or file named {target!r} in the lake (try: codelake search {target})")
    if len(rows) > 1:
        raise AmbiguousTarget(target, [r[:3] for r in rows])
    return Target(rows[0][1], "symbol", rows[0][0], *rows[0][2:])


def id_paths(text: str) -> list[str]:
    """The files a symbol id could be of: a symbol's id is its file's path, ``::`` and its qualified name, and a
    path may itself hold ``::``, so each ``::`` in the text gives one candidate (none: the text is no symbol id)."""
    return [text[:i] for i in range(len(text)) if text.startswith("::", i) and i > 0]


def blast_radius(catalog, target: Target, depth: int = 4, reverse: bool = False, min_confidence: float = 0.0,
                 cross_repo: bool = False):
    """``cross_repo``: also walk into other indexed repositories through their package imports (the first column
    then says which repository each row is in)."""
    if cross_repo:
        catalog.require("blast_radius_org", NO_CROSS_REPO)
        return catalog.rows(
            "SELECT repo, id, kind, path, line_start AS line, depth, is_test, other_file, confidence, "
            "may_be_incomplete, via FROM blast_radius_org(?, max_depth := ?, reverse := ?, min_confidence := ?, "
            "repo_id := ?) ORDER BY depth, may_be_incomplete, confidence DESC, repo <> ? DESC, repo, path, line",
            [target.value, depth, reverse, min_confidence, target.repo, target.repo])
    from . import walk

    catalog.require_intact(target.repo, "edges", "symbols")
    return walk.blast_radius(catalog, target, depth, reverse, min_confidence)


def blast_radius_macro(catalog, target: Target, depth: int = 4, reverse: bool = False, min_confidence: float = 0.0):
    """The rows of the SQL macro ``blast_radius`` (the definition ``pipeline.walk`` gives, level by level)."""
    return catalog.rows(
        "SELECT id, kind, path, line_start AS line, depth, is_test, other_file, confidence, may_be_incomplete, via "
        "FROM blast_radius(?, max_depth := ?, reverse := ?, min_confidence := ?, repo_id := ?) "
        "ORDER BY depth, may_be_incomplete, confidence DESC, path, line",  # nearest and surest first
        [target.value, depth, reverse, min_confidence, target.repo])


NO_CROSS_REPO = ("no package manifests in the lake: run `codelake index` with the packages extractor on the "
                 "repositories (the default runs every extractor)")


def gaps(catalog, target: Target) -> dict:
    """``blast_radius_gaps`` for the target: from the walk index's counts of unresolved names when it has them."""
    from . import walk, walkindex

    key = walk.index_key(catalog, target.repo)
    dotted = "." in target.name
    counts = walkindex.unresolved(catalog.lake.root, target.repo, key, dotted) if key else None
    if counts is None and key:  # an update published, its index not built yet
        counts = walk.delta_unresolved(catalog, target.repo, key, dotted)
    if counts is not None:
        mentions = walk.mentions_of(target.name, counts) if dotted else counts.get(target.name, 0)
        return walk.gaps(catalog, target, mentions)
    cols, rows = catalog.rows("SELECT * FROM blast_radius_gaps(?, repo_id := ?, languages := ?)",
                              [target.name, target.repo, language_family(catalog, target)])
    return dict(zip(cols, rows[0])) if rows else {}


def language_family(catalog, target: Target) -> list[str] | None:
    """The languages whose code can call into the target's (JavaScript, TypeScript and TSX import each other): those
    of the repository's files sharing its ``family``."""
    if target.language is None:
        return None
    cols, rows = catalog.rows(
        "SELECT list(DISTINCT language ORDER BY language) FROM files WHERE repo = ? AND family = "
        "(SELECT any_value(family) FROM files WHERE repo = ? AND language = ?)",
        [target.repo, target.repo, target.language])
    return rows[0][0] if rows and rows[0][0] else [target.language]


def callers(catalog, target: Target, kinds: list[str] | None = None):
    """Inbound references of a symbol (or, for a file, of its symbols from other files); ``kinds`` keeps only those
    edge kinds (``["calls"]``: no type uses, imports or inheritance).

    The rows of the ``callers`` view, read from ``edges`` itself: none of the columns returned come from the view's
    join with the callers' symbols (ids are unique, so it adds no rows), and DuckDB builds that join's hash table
    on every symbol of the lake (423K on a 3.2M-edge lake: 60 % of a cold ``codelake callers``). Only the shards of
    the files that hold a reference to the target are read, when the lake indexes them (``referencing_files``)."""
    if target.kind == "file":
        symbols, symbol_files = catalog.point_read("symbols", "path", [target.value], target.repo)
        ids = [r[0] for r in catalog.rows(f"SELECT id FROM {symbols} WHERE path = ? AND repo = ?",
                                          [*symbol_files, target.value, target.repo])[1]]
        edges, edge_files = _edges_of_files(catalog, target.repo, referencing_files(catalog, target.repo, ids))
        return catalog.rows(
            "SELECT e.src_id AS caller_id, e.path, e.line, e.kind, e.ref_form, e.confidence, e.resolution, "
            f"e.dst_id AS target FROM {edges} e JOIN {symbols} s ON s.repo = e.repo AND s.id = e.dst_id "
            "WHERE s.path = ? AND e.repo = ? AND e.path <> s.path AND (? IS NULL OR list_contains(?, e.kind)) "
            "ORDER BY e.path, e.line", [*edge_files, *symbol_files, target.value, target.repo, kinds, kinds])
    edges, edge_files = _edges_of_files(catalog, target.repo, referencing_files(catalog, target.repo, [target.value]))
    return catalog.rows(
        f"SELECT src_id AS caller_id, path, line, kind, ref_form, confidence, resolution FROM {edges} "
        "WHERE dst_id = ? AND repo = ? AND (? IS NULL OR list_contains(?, kind)) "
        "ORDER BY confidence DESC, path, line", [*edge_files, target.value, target.repo, kinds, kinds])


def referencing_files(catalog, repo: str, ids: list[str]) -> list[str] | None:
    """The files holding an edge to one of ``ids``, from the ``edge_targets`` index the structure extractor keeps
    (its shards of those ids, in the catalog's snapshot); None when the lake has no such index."""
    return indexed_files(catalog, repo, "edge_targets", "dst_id", ids)


def indexed_files(catalog, repo: str, index: str, key: str, ids: list[str]) -> list[str] | None:
    """The files an edge index (``edge_targets`` by ``dst_id``, ``edge_sources`` by ``src_id``) lists for ``ids``,
    read from its shards of those ids; None when the lake has no such index or a shard of it is damaged."""
    files = catalog.point_files(index, key, ids, repo)
    if not files:  # None: not sharded by id; []: no id asked
        return None if files is None else []
    try:
        rows = catalog.rows(f"SELECT DISTINCT path FROM {catalog.POINT_SOURCE} WHERE list_contains(?, {key}) "
                            "ORDER BY path", [files, ids])[1]
    except QueryError:  # a damaged index: the edges themselves answer
        return None
    return [r[0] for r in rows]


def _edges_of_files(catalog, repo: str, paths: list[str] | None) -> tuple[str, list]:
    return ("edges", []) if paths is None else catalog.point_read("edges", "path", paths, repo)


def search(catalog, term: str, limit: int = 30):
    catalog.require("search_symbols", NO_STRUCTURE)
    return catalog.rows("SELECT repo, id, kind, path, line_start AS line FROM search_symbols(?, max_rows := ?)",
                        [term, limit])


def dead_code(catalog, min_confidence: float = 0.0, exclude_exported: bool = False, repo: str | None = None):
    catalog.require("dead_code", NO_STRUCTURE)
    catalog.sql("SET VARIABLE dead_code_exclude_exported = ?", [exclude_exported])
    return catalog.rows(
        "SELECT repo, id, kind, path, line_start AS line, confidence, reason FROM dead_code "
        "WHERE confidence >= ? AND (? IS NULL OR repo = ?) ORDER BY confidence DESC, path, line_start",
        [min_confidence, repo, repo])


def dead_code_summary(catalog, exclude_exported: bool = False, repo: str | None = None):
    catalog.require("dead_code", NO_STRUCTURE)
    catalog.sql("SET VARIABLE dead_code_exclude_exported = ?", [exclude_exported])
    return catalog.rows(
        "SELECT repo, kind, count(*) AS symbols, count(*) FILTER (WHERE confidence >= 0.9) AS high_confidence, "
        "round(avg(confidence), 2) AS avg_confidence FROM dead_code WHERE (? IS NULL OR repo = ?) "
        "GROUP BY repo, kind ORDER BY repo, symbols DESC", [repo, repo])


STATUS_STRUCTURE = ("SELECT f.repo, count(*) AS files, count(*) FILTER (WHERE parse_status = 'skipped') AS skipped, "
                    "count(*) FILTER (WHERE parse_status IN ('partial', 'fallback')) AS partial, "
                    "(SELECT count(*) FROM symbols s WHERE s.repo = f.repo) AS symbols, "
                    "(SELECT count(*) FROM edges e WHERE e.repo = f.repo) AS edges, "
                    "(SELECT count(*) FROM edges e WHERE e.repo = f.repo AND e.dst_id IS NOT NULL) AS resolved_edges "
                    "FROM files f GROUP BY f.repo")


def status(catalog, lake: Lake):
    """Per repository: what the lake holds (structure, history, agent calls) and how far its structure index is
    behind the repository's HEAD."""
    structure_cols = ["files", "skipped", "partial", "symbols", "edges", "resolved_edges"]
    structure = _per_repo(catalog, "files", STATUS_STRUCTURE)
    commits = _per_repo(catalog, "commits", "SELECT repo, count(*) FROM commits GROUP BY repo")
    calls = _per_repo(catalog, "tool_calls", "SELECT repo, count(*) FROM tool_calls GROUP BY repo")
    out = []
    from .check import damage

    for repo in lake.repos():
        snap = lake.snapshot(repo)
        broken = sorted(set(damage(lake, repo)) | {t for r, t, _ in catalog.damaged.values() if r == repo})
        cursor = snap.cursors.get("structure") or snap.cursors.get("git") or {}
        commit = cursor.get("commit")
        root = snap.info.get("root")
        behind = commits_behind(root, commit) if root and commit and Path(root).exists() else None
        out.append((repo, *structure.get(repo, (None,) * len(structure_cols)), commits.get(repo, (None,))[0],
                    calls.get(repo, (None,))[0], (commit or "")[:12] or None, behind, freshness.behind(root, commit),
                    snap.updated_at, *_export_state(lake, repo, snap), ", ".join(broken) or None,
                    len(lake.queued_files(repo))))
    return ["repo", *structure_cols, "commits", "tool_calls", "indexed_commit", "behind_head", "freshness",
            "updated_at", "exported_at", "export", "damaged", "queued_files"], out


def _export_state(lake: Lake, repo: str, snap) -> tuple[str | None, str]:
    """When the agents' exports were written, and whether they match the lake's current snapshot."""
    from .exports.read import manifest

    if not lake.files.local:
        return None, "local lakes only"  # exports live next to a local lake (pipeline.objectlake)
    data = manifest(lake.root, repo)
    if data is None:
        return None, "missing"
    return data.get("exported_at"), "fresh" if data.get("snapshot") == snap.snapshot else "stale"


def _per_repo(catalog, view: str, query: str) -> dict[str, tuple]:
    if view not in catalog.views:
        return {}
    return {row[0]: row[1:] for row in catalog.rows(query)[1]}


def sql(catalog, query: str):
    return catalog.rows(query)
