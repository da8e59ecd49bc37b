"""``codelake mcp``: the lake as MCP tools over stdio (the official ``mcp`` SDK, 2.x ``MCPServer``).

One process serves a whole agent session, so the catalog stays connected and pinned (files, symbols, edges in
memory: warm queries), and it notices new snapshots without a restart: before each call it compares every
repository's snapshot id with the ones it connected to, and refreshes (``Catalog.refresh()`` when the lake provides
it, else a new pinned connection).

Results are sized for an agent's context: a one-line summary, the top rows as a compact table, and how to ask for
more (``offset``/``limit``). Problems come back as tool errors (``is_error``) with a one-line reason, never as a
crashed server.
"""

from __future__ import annotations

import json
import os
import threading

from .errors import CodelakeError

MAX_LIMIT = 500
MAX_CELL = 120
INSTRUCTIONS = ("codelake answers questions about the indexed repositories' code: who calls a symbol, what breaks "
                "if it changes (blast_radius), related files (neighborhood), why a file exists, hotspots, and the "
                "session digest. Targets are symbol ids (path::Qual.name), repository-relative file paths or names.")


class LakeSession:
    """A warm, pinned catalog over the lake, reconnected when a repository's snapshot changes."""

    def __init__(self, lake_root: str | None = None):
        from .lake import Lake

        self.lake = Lake(lake_root)
        self._catalog = None
        self.warm: WarmGraph | None = None
        self._seen: dict[str, str | None] = {}
        self._lock = threading.RLock()

    def snapshot_ids(self) -> dict[str, str | None]:
        folder = os.path.join(self.lake.root, "_snapshots")
        ids = {}
        for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            if name.endswith(".json") and not name.startswith("."):
                try:
                    with open(os.path.join(folder, name), encoding="utf-8") as fh:
                        ids[name[:-5]] = json.load(fh).get("snapshot")
                except (OSError, ValueError):
                    ids[name[:-5]] = None
        return ids

    def catalog(self):
        """The current catalog: connected on first use, refreshed when any repository's snapshot id changed."""
        current = self.snapshot_ids()
        if self._catalog is not None and current == self._seen:
            return self._catalog
        if self._catalog is not None and hasattr(self._catalog, "refresh"):
            self._catalog.refresh()
        else:
            from .catalog import connect

            old, self._catalog = self._catalog, connect(self.lake)
            if old is not None:
                old.con.close()
        self._catalog.pin([t for t in ("files", "symbols", "edges") if t in self._catalog.views])
        self.warm = WarmGraph(self._catalog)
        self._seen = current
        return self._catalog

    def run(self, fn, *args, **kwargs):
        """Call ``fn(catalog, ...)`` under the session lock (one DuckDB connection, calls in turn)."""
        with self._lock:
            return fn(self.catalog(), *args, **kwargs)


class WarmGraph:
    """``blast_radius`` for a long-lived session: the same rows as the SQL macro ``blast_radius`` (the definition;
    ``tests/test_mcp_server.py`` compares them), from the lake's walk index of the snapshot (``pipeline.walkindex``)
    or, until it is built, an adjacency of each repository's resolved edges held in memory per snapshot (and the
    repository's symbols by sid), so a question walks the symbols it reaches instead of rescanning every edge per
    level. The walk itself is ``pipeline.walk.breadth_first``.
    """

    def __init__(self, catalog):
        self.catalog = catalog
        self._adjacency: dict[tuple[str, bool], tuple] = {}
        self._symbols: dict[str, tuple] = {}
        self._unresolved: dict[str, dict[str, int]] | None = None

    def adjacency(self, repo: str, reverse: bool):
        key = (repo, reverse)
        if key not in self._adjacency:
            from array import array

            self.catalog.require_intact(repo, "edges", "symbols")

            ends = ("src_sid", "dst_sid") if reverse else ("dst_sid", "src_sid")
            table = self.catalog.con.sql(
                f"SELECT {ends[0]} AS f, {ends[1]} AS t, confidence AS c, "
                "resolution IN ('unique_name', 'ambiguous') AS g FROM edges "
                "WHERE repo = ? AND dst_sid IS NOT NULL AND src_sid <> dst_sid ORDER BY f", params=[repo]).to_arrow_table()
            froms = table.column("f").to_pylist()
            spans, start = {}, 0
            for i in range(1, len(froms) + 1):
                if i == len(froms) or froms[i] != froms[start]:
                    spans[froms[start]] = (start, i)
                    start = i
            self._adjacency[key] = (spans, array("i", table.column("t").to_pylist()),
                                    array("d", table.column("c").to_pylist()), bytes(table.column("g").to_pylist()))
        return self._adjacency[key]

    def walk(self, repo: str, seeds: list[int], max_depth: int, reverse: bool, min_confidence: float) -> list:
        """From the lake's walk index of the snapshot when there is one (mapped: no warm-up), else from the
        adjacency this session builds."""
        from .walk import Steps, at_least, breadth_first, indexed_expand

        indexed = indexed_expand(self.catalog, repo, reverse, min_confidence)
        if indexed is not None:
            return breadth_first(seeds, max_depth, indexed)
        spans, targets, confidences, guessed = self.adjacency(repo, reverse)

        def expand(frontier: list[int]):
            for w in frontier:
                start, end = spans.get(w, (0, 0))
                steps = Steps(w, targets[start:end].tolist(), confidences[start:end].tolist(),
                              [bool(g) for g in guessed[start:end]])
                yield at_least(steps, min_confidence)
        return breadth_first(seeds, max_depth, expand)

    def symbols(self, repo: str):
        """Per snapshot: sid -> SymbolRow, seeds by id and by path, parse status by path."""
        if repo not in self._symbols:
            from .walk import SymbolRow

            table = self.catalog.con.sql("SELECT sid, id, kind, path, line_start, is_test FROM symbols WHERE repo = ?",
                                         params=[repo]).to_arrow_table()
            columns = [table.column(n).to_pylist() for n in ("sid", "id", "kind", "path", "line_start", "is_test")]
            by_sid, by_key = {}, {}
            for sid, sid_id, kind, path, line, is_test in zip(*columns):
                by_sid[sid] = SymbolRow(sid_id, kind, path, line, is_test)
                by_key.setdefault(sid_id, []).append(sid)
                by_key.setdefault(path, []).append(sid)
            status = dict(self.catalog.rows("SELECT path, parse_status FROM files WHERE repo = ?", [repo])[1])
            self._symbols[repo] = (by_sid, by_key, status)
        return self._symbols[repo]

    def blast_radius(self, target, depth: int, reverse: bool, min_confidence: float):
        """(columns, rows) as ``pipeline.query.blast_radius`` gives them: the macro's final SELECT and ordering."""
        from .walk import COLUMNS, ranked_rows

        by_sid, by_key, status = self.symbols(target.repo)
        seeds = sorted(set(by_key.get(target.value, ())))
        hits = self.walk(target.repo, seeds, depth, reverse, min_confidence)
        return COLUMNS, ranked_rows(hits, by_sid, status, {by_sid[sid].path for sid in seeds})

    def gaps(self, target) -> dict:
        """``blast_radius_gaps`` for the target: unresolved mentions from a per-snapshot count of unresolved names,
        file counts from the view (small)."""
        from . import query, walk

        if "." in target.name:
            return query.gaps(self.catalog, target)
        if self._unresolved is None:
            names: dict[str, list] = {}
            for repo, name, count in self.catalog.rows(
                    "SELECT repo, dst_name, count(*) FROM edges WHERE resolution = 'unresolved' "
                    "AND dst_name IS NOT NULL GROUP BY ALL")[1]:
                names.setdefault(repo, []).append((name, count))
            self._unresolved = {repo: walk.mentions_by_tail(rows) for repo, rows in names.items()}
        return walk.gaps(self.catalog, target, self._unresolved.get(target.repo, {}).get(target.name, 0))


# -- rendering ----------------------------------------------------------------------------------------------------
def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        text = f"{value:.3g}"
    elif isinstance(value, (list, tuple)):
        text = ", ".join(map(str, value))
    else:
        text = str(value)
    text = text.replace("\n", " ")
    return text if len(text) <= MAX_CELL else text[:MAX_CELL - 1] + "…"


def table(columns: list[str], rows: list[tuple]) -> str:
    lines = [" | ".join(columns)] + [" | ".join(_cell(v) for v in row) for row in rows]
    return "\n".join(lines)


def page(summary: str, columns: list[str], rows: list[tuple], offset: int, limit: int, more_hint: str = "") -> str:
    """Summary, the rows ``offset .. offset+limit`` as a table, and how to get the rest."""
    shown = rows[offset:offset + limit]
    parts = [summary]
    if shown:
        parts.append(table(columns, shown))
    rest = len(rows) - offset - len(shown)
    if rest > 0:
        parts.append(f"({rest} more: call again with offset={offset + len(shown)}{more_hint})")
    elif not rows:
        parts.append("(no rows)")
    return "\n".join(parts)


def _bounds(limit: int, offset: int = 0, depth: int | None = None) -> None:
    from mcp.server.mcpserver.exceptions import ToolError

    if not 1 <= limit <= MAX_LIMIT:
        raise ToolError(f"limit must be between 1 and {MAX_LIMIT}, not {limit}")
    if offset < 0:
        raise ToolError(f"offset must be 0 or more, not {offset}")
    if depth is not None and not 1 <= depth <= 10:
        raise ToolError(f"depth must be between 1 and 10, not {depth}")


# -- the server ---------------------------------------------------------------------------------------------------
def build_server(lake_root: str | None = None):
    from mcp.server.mcpserver import MCPServer

    from . import __version__

    session = LakeSession(lake_root)
    server = MCPServer("codelake", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING")
    for tool in LakeTools(session).all():
        server.add_tool(_guarded(tool), name=tool.__name__, description=tool.__doc__)
    server.session = session  # for tests and the benchmark
    return server


def _guarded(fn):
    """Codelake errors (bad target, missing tables) become tool errors with their one-line message."""
    import functools

    from mcp.server.mcpserver.exceptions import ToolError

    @functools.wraps(fn)
    def call(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except ToolError:
            raise
        except CodelakeError as exc:
            raise ToolError(str(exc)) from None
        except Exception as exc:  # a damaged or vanished lake file, DuckDB refusing one: still a one-line tool error
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
            raise ToolError(f"the lake could not be read: {type(exc).__name__}: {first}") from None

    return call


class LakeTools:
    """The tools an agent calls, one method each (its docstring is the tool's description), over one session."""

    NAMES = ("search_symbols", "callers", "blast_radius", "neighborhood", "hotspots", "why", "digest", "context",
             "status")

    def __init__(self, session: LakeSession):
        self.session = session

    def all(self) -> list:
        return [getattr(self, name) for name in self.NAMES]

    def search_symbols(self, term: str, limit: int = 20, offset: int = 0) -> str:
        """Find symbols by name, qualified name or path, best match first. Returns repo, id, kind, path, line."""
        from . import query

        _bounds(limit, offset)
        columns, rows = self.session.run(query.search, term, offset + limit + 1)
        return page(f"symbols matching {term!r}: {len(rows)}{'+' if len(rows) > offset + limit else ''}",
                    columns, rows, offset, limit)

    def callers(self, target: str, repo: str | None = None, limit: int = 30, offset: int = 0) -> str:
        """Who references a symbol (or, for a file, any of its symbols from other files): caller, path, line,
        kind, confidence, resolution. target: a symbol id (path::Qual.name), a file path, or a unique name."""
        from . import query

        _bounds(limit, offset)

        def run(catalog):
            resolved = query.resolve_target(catalog, target, repo)
            return resolved, query.callers(catalog, resolved)

        resolved, (columns, rows) = self.session.run(run)
        files = len({r[1] for r in rows})
        return page(f"{len(rows)} references to {resolved.value} ({resolved.repo}) from {files} files",
                    columns, rows, offset, limit)

    def blast_radius(self, target: str, depth: int = 4, reverse: bool = False, min_confidence: float = 0.0,
                     repo: str | None = None, limit: int = 30, offset: int = 0) -> str:
        """Everything that transitively depends on target (reverse=true: what it depends on), nearest and surest
        first: id, kind, path, line, depth, is_test, other_file, confidence, may_be_incomplete, via."""
        from . import query

        _bounds(limit, offset, depth)
        session = self.session

        def run(catalog):
            resolved = query.resolve_target(catalog, target, repo)
            rows = session.warm.blast_radius(resolved, depth, reverse, min_confidence)
            return resolved, rows, session.warm.gaps(resolved)

        resolved, (columns, rows), gap = session.run(run)
        direction = "depends on" if reverse else "depend on"
        summary = (f"{len(rows)} symbols {direction} {resolved.value} within depth {depth}: "
                   f"{sum(1 for r in rows if r[6])} in other files, {sum(1 for r in rows if r[5])} tests, "
                   f"{len({r[2] for r in rows})} files")
        return page(summary + _incomplete(rows, gap), columns, rows, offset, limit)

    def hotspots(self, repo: str | None = None, window_days: int = 90, by: str = "lines", include_tests: bool = False,
                 limit: int = 20) -> str:
        """Files ranked by recent revisions x size (by: lines or symbols), with churn and trend."""
        from .history import hotspots as run

        _bounds(limit)
        columns, rows = self.session.run(run, repo=repo, window_days=window_days, size=by, limit=limit,
                                         include_tests=include_tests)
        return page(f"top {len(rows)} hotspots over {window_days} days", columns, rows, 0, limit)

    def neighborhood(self, file: str, repo: str | None = None, limit: int = 20) -> str:
        """Files related to file by structure, co-change and co-touch, fused score first, with each signal."""
        from .map.queries import neighbors

        _bounds(limit)
        columns, rows = self.session.run(neighbors, file, repo, None, limit)
        return page(f"{len(rows)} neighbours of {file}", columns, rows, 0, limit)

    def why(self, file: str, repo: str | None = None, limit: int = 10) -> str:
        """Why a file exists: its purpose, the documents that mention it, its top dependents, its owner."""
        from .map.queries import why

        _bounds(limit)
        found = self.session.run(why, file, repo, limit)
        parts = [f"{found['path']} ({found['repo']})" + (f": {found['purpose']}" if found.get("purpose") else "")]
        for key, title in (("docs", "mentioned in"), ("callers", "used by"), ("owner", "owner")):
            columns, rows = found.get(key) or ([], [])
            if rows:
                parts.append(f"{title}:\n{table(columns, rows)}")
        return "\n".join(parts)

    def digest(self, repo: str | None = None, budget: int = 400) -> str:
        """The repository's session digest (what the SessionStart hook injects), cut to budget tokens."""
        from .exports import read

        repo = repo or _only_repo(self.session)
        text = read.digest(self.session.lake.root, repo, budget=budget)
        if text is None:
            raise CodelakeError(f"no export for repository {repo!r}: run `codelake export`")
        return text

    def context(self, targets: list[str], budget: int = 2000, repo: str | None = None) -> str:
        """The source an agent needs to work on targets (symbol ids, files or names), packed into budget tokens:
        full source of the closest definitions, signatures of the next, path:line of the rest."""
        from mcp.server.mcpserver.exceptions import ToolError

        from .map.context import pack

        if not targets or not 100 <= budget <= 20000:
            raise ToolError("give at least one target and a budget between 100 and 20000 tokens")
        packed = self.session.run(pack, list(targets), budget, repo)
        notes = "".join(f"\n({note})" for note in packed.notes)
        return f"{packed.tokens} tokens: {packed.full} definitions in full, {packed.signatures} signatures, " \
               f"{packed.listed} listed\n{packed.text}{notes}"

    def status(self) -> str:
        """Per repository: files, symbols, edges, commits, agent tool calls, indexed commit, commits behind HEAD."""
        from . import query

        session = self.session
        columns, rows = session.run(lambda c: query.status(c, session.lake))
        return page(f"{len(rows)} repositories in the lake at {session.lake.root}", columns, rows, 0, MAX_LIMIT)


def _incomplete(rows: list, gap: dict) -> str:
    """Why a blast radius may miss dependents: guessed edges it rests on, partly parsed files, unresolved names."""
    notes = [f"{gap[k]} {text}" for k, text in (("unparsed_files", "files parsed only partly"),
                                                ("unresolved_mentions", "unresolved references to that name"))
             if gap.get(k)]
    guessed = sum(1 for r in rows if r[8])
    if guessed:
        notes.insert(0, f"{guessed} results rest on guessed edges")
    return "; may be incomplete: " + "; ".join(notes) if notes else ""


def _only_repo(session: LakeSession) -> str:
    repos = session.lake.repos()
    if len(repos) != 1:
        raise CodelakeError(f"name a repository: the lake holds {', '.join(repos) or 'none'}")
    return repos[0]


def serve(lake_root: str | None = None) -> None:
    build_server(lake_root).run("stdio")
