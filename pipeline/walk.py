"""Blast radius as a breadth-first walk in Python, giving the SQL macro ``blast_radius``'s rows (the macro is the
definition; ``tests/test_walk_index.py`` and ``tests/test_mcp_server.py`` compare them).

The macro joins every resolved edge of the repository at each depth: on a 3.2M-edge lake DuckDB builds that hash
table again per level (0.8 s and 430 MiB from a cold process). Here each level takes only the edges leaving the
frontier: from the walk index of the snapshot (``pipeline.walkindex``), else from the lake (a filter the Parquet scan
applies while it reads); the symbols reached are looked up by sid once at the end. The MCP server walks the same way
(``pipeline.mcp_server.WarmGraph``: the walk index, else an adjacency it keeps in memory).

The walk: depth = shortest distance, a symbol is never revisited, and per reached symbol ``guessed`` = every
shortest path uses a name-guessed edge, ``confidence`` = best product along a shortest path, ``via`` = the symbol
one step closer with the smallest sid.
"""

from __future__ import annotations

import math
import os
from array import array
from collections.abc import Callable, Iterable
from typing import NamedTuple

COLUMNS = ["id", "kind", "path", "line", "depth", "is_test", "other_file", "confidence", "may_be_incomplete", "via"]


class Steps(NamedTuple):
    """The resolved edges leaving one frontier symbol ``start``: their far ends, confidences and name-guess flags
    (parallel lists: a walk of a hub crosses hundreds of thousands of edges, one record each would cost more than
    the walk)."""

    start: int
    ends: list[int]
    confidence: list[float]
    guessed: list[bool]


class Hit(NamedTuple):
    sid: int
    depth: int
    guessed: bool
    confidence: float
    via: int | None


class SymbolRow(NamedTuple):
    id: str
    kind: str
    path: str
    line: int | None
    is_test: bool


Expand = Callable[[list[int]], Iterable[Steps]]  # frontier -> the edges leaving it (min confidence applied)


def breadth_first(seeds: list[int], max_depth: int, expand: Expand) -> list[Hit]:
    """Every symbol within ``max_depth`` steps of the seeds (the seeds themselves left out)."""
    state: dict[int, Hit] = {sid: Hit(sid, 0, False, 1.0, None) for sid in seeds}
    frontier = list(state)
    for depth in range(1, max_depth + 1):
        reached: dict[int, list] = {}
        for start, ends, confidences, guesses in expand(frontier):
            origin = state[start]
            for end, confidence, edge_guessed in zip(ends, confidences, guesses):
                if end in state:
                    continue
                guessed, product = origin.guessed or edge_guessed, origin.confidence * confidence
                seen = reached.get(end)
                if seen is None:
                    reached[end] = [guessed, product, start]
                else:
                    seen[0], seen[1], seen[2] = seen[0] and guessed, max(seen[1], product), min(seen[2], start)
        for sid, (guessed, product, via) in reached.items():
            state[sid] = Hit(sid, depth, guessed, product, via)
        frontier = sorted(reached)
        if not frontier:
            break
    return [hit for hit in state.values() if hit.depth > 0]


def at_least(steps: Steps, min_confidence: float) -> Steps:
    """``steps`` without the edges below ``min_confidence``."""
    if min_confidence <= 0.0:
        return steps
    kept = [i for i, c in enumerate(steps.confidence) if c >= min_confidence]
    return Steps(steps.start, *([column[i] for i in kept] for column in steps[1:]))


def ranked_rows(hits: list[Hit], symbols: dict[int, SymbolRow], status: dict[str, str | None],
                seed_paths: set[str]) -> list[tuple]:
    """The macro's final SELECT (``COLUMNS``), ranked as ``pipeline.query.blast_radius`` ranks it: nearest, surest,
    then by place."""
    rows = []
    for hit in hits:
        symbol = symbols.get(hit.sid)
        if symbol is None:  # an edge to a sid no symbol has: the macro's join drops it too
            continue
        incomplete = hit.guessed or (status.get(symbol.path) or "ok") != "ok"
        via = symbols[hit.via].id if hit.via in symbols else None
        rows.append((symbol.id, symbol.kind, symbol.path, symbol.line, hit.depth, symbol.is_test,
                     symbol.path not in seed_paths, round3(hit.confidence), incomplete, via))
    rows.sort(key=lambda r: (r[4], r[8], -r[7], r[2], r[3] if r[3] is not None else -1))
    return rows


def round3(value: float) -> float:
    """DuckDB's ``round(x, 3)`` (half away from zero), not Python's half-to-even."""
    return math.copysign(math.floor(abs(value) * 1000 + 0.5), value) / 1000


# -- from a cold process: the walk index, else the lake read level by level --------------------------------------
def blast_radius(catalog, target, depth: int, reverse: bool, min_confidence: float) -> tuple[list[str], list]:
    """(columns, rows) of ``blast_radius(target.value, ...)`` for the target's repository."""
    repo = target.repo
    seed_rows = _seeds(catalog, target)
    seeds = sorted({sid for sid, _ in seed_rows if sid is not None})
    expand = (indexed_expand(catalog, repo, reverse, min_confidence)
              or _level_reader(catalog, repo, reverse, min_confidence))
    hits = breadth_first(seeds, depth, expand)
    symbols = _symbols(catalog, repo, sorted({h.sid for h in hits} | {h.via for h in hits if h.via is not None}))
    paths = sorted({s.path for s in symbols.values()})
    source, files = catalog.point_read("files", "path", paths, repo)
    _, status_rows = catalog.rows(f"SELECT path, parse_status FROM {source} WHERE repo = ? AND list_contains(?, path)",
                                  [*files, repo, paths])
    return COLUMNS, ranked_rows(hits, symbols, dict(status_rows), {path for _, path in seed_rows})


def _seeds(catalog, target) -> list[tuple[int, str]]:
    """(sid, path) of the symbols the walk starts from: the target symbol as resolved, or every symbol of a file."""
    if target.kind == "symbol" and target.sid is not None:
        return [(target.sid, target.path)]
    from .query import id_paths

    paths = [target.path] if target.path else [target.value, *id_paths(target.value)]
    source, files = catalog.point_read("symbols", "path", paths, target.repo)
    return catalog.rows(f"SELECT sid, path FROM {source} WHERE repo = ? AND (id = ? OR path = ?)",
                        [*files, target.repo, target.value, target.value])[1]


def gaps(catalog, target, mentions: int) -> dict:
    """``blast_radius_gaps`` of a target whose unresolved ``mentions`` the walk index counted (``mentions_by_tail``,
    ``mentions_of``); the file counts come from the lake."""
    from .query import language_family

    _, rows = catalog.rows(
        "SELECT count(*) FILTER (WHERE parse_status IN ('partial', 'fallback')), "
        "count(*) FILTER (WHERE parse_status = 'skipped' AND NOT is_vendored) FROM files "
        "WHERE repo = ? AND (?::VARCHAR[] IS NULL OR list_contains(?::VARCHAR[], language))",
        [target.repo, *[language_family(catalog, target)] * 2])
    return {"repo": target.repo, "unparsed_files": rows[0][0], "skipped_files": rows[0][1],
            "unresolved_mentions": mentions}


def mentions_of(name: str, counts: dict[str, int]) -> int:
    """The unresolved references ``blast_radius_gaps`` counts for ``name``: written as it, or ending in ``.name``,
    from ``{name: count}`` of the unresolved names."""
    suffix = "." + name
    return sum(count for written, count in counts.items() if written == name or written.endswith(suffix))


def mentions_by_tail(names) -> dict[str, int]:
    """``(dst_name, count)`` of unresolved references, counted by the name's last dotted part (what ``gaps`` looks
    up: ``blast_radius_gaps`` counts a name and every dotted name ending in it)."""
    by_tail: dict[str, int] = {}
    for name, count in names:
        tail = name.rsplit(".", 1)[-1]
        by_tail[tail] = by_tail.get(tail, 0) + count
    return by_tail


def index_key(catalog, repo: str) -> str | None:
    """The walk index's key for the version files the catalog reads (None: not a local lake)."""
    from . import walkindex

    files = _version_files(catalog, repo)
    return None if files is None else walkindex.key(files["edges"], files["symbols"])


class _Listed(NamedTuple):
    """``_version_files``' answer for one catalog state: a cold command between an edit and its walk index's build
    asked it four times (the walk index's key twice, its difference with the earlier one, the symbols' shards), each
    a pass over every file of every table of every repository."""

    current: object  # the catalog's ``current`` it was listed from (a refreshed catalog has another)
    repo: str
    files: dict[str, list[str]]


_listed: _Listed | None = None


def _version_files(catalog, repo: str) -> dict[str, list[str]] | None:
    """The ``edges`` and ``symbols`` files the catalog reads of ``repo`` (snapshot order; None: not a local lake)."""
    global _listed
    if not catalog.lake.files.local:
        return None
    if _listed is not None and _listed.current is catalog.current and _listed.repo == repo:
        return {table: list(paths) for table, paths in _listed.files.items()}
    files: dict[str, list[str]] = {"edges": [], "symbols": []}
    for path, (owner, table) in catalog.current.owner.items():
        if owner == repo and table in files:
            files[table].append(path)
    _listed = _Listed(catalog.current, repo, files)
    return {table: list(paths) for table, paths in files.items()}


def indexed_expand(catalog, repo: str, reverse: bool, min_confidence: float) -> Expand | None:
    """Each level's edges from the walk index of the catalog's snapshot, else from an earlier one with the
    snapshots' difference (``delta_expand``); None: neither."""
    from . import walkindex

    key = index_key(catalog, repo)
    adjacency = key and walkindex.load(catalog.lake.root, repo, key, "reverse" if reverse else "forward")
    if not adjacency:
        return key and delta_expand(catalog, repo, key, reverse, min_confidence)

    def expand(frontier: list[int]):
        for start in frontier:
            yield at_least(adjacency.steps(start), min_confidence)
    return expand


MAX_DELTA_FILES = 8  # edges files an earlier index is taken with (an edit rewrites one or two; more: read the lake)


class Difference(NamedTuple):
    """An earlier walk index and how the catalog's ``edges`` files differ from those it was built from."""

    earlier: object  # walkindex.Previous
    stale: frozenset  # positions (in ``earlier.edges``) of the files the snapshot no longer names
    gone: list[str]  # those files' paths (kept a while for readers: ``_versions``)
    new: list[str]  # the files it names anew


def difference(catalog, repo: str, key: str) -> Difference | None:
    """The newest earlier index with the snapshots' difference (an update published, its index is not built
    yet); None: no earlier index naming its files, or more than ``MAX_DELTA_FILES`` files apart."""
    from . import walkindex

    earlier = walkindex.previous(catalog.lake.root, repo, key)
    files = _version_files(catalog, repo)
    if earlier is None or not files or not files["edges"]:
        return None
    current = {os.path.basename(f): f for f in files["edges"]}
    known = set(earlier.edges)
    stale = frozenset(k for k, name in enumerate(earlier.edges) if name not in current)
    new = [path for name, path in current.items() if name not in known]
    if len(stale) + len(new) > MAX_DELTA_FILES:
        return None
    folder = os.path.dirname(files["edges"][0])
    return Difference(earlier, stale, [os.path.join(folder, earlier.edges[k]) for k in sorted(stale)], new)


def delta_expand(catalog, repo: str, key: str, reverse: bool, min_confidence: float) -> Expand | None:
    """Each level's edges from an earlier index (``difference``): its edges but those of the files the snapshot
    no longer names, plus those leaving the frontier in the files it names anew (read per level: a shard each)."""
    from . import walkindex

    apart = difference(catalog, repo, key)
    adjacency = apart and walkindex.load(catalog.lake.root, repo, apart.earlier.key,
                                         "reverse" if reverse else "forward", with_files=True)
    if not adjacency:
        return None

    def expand(frontier: list[int]):
        added = _leaving(catalog, apart.new, frontier, reverse) if apart.new else {}
        for start in frontier:
            steps = adjacency.steps(start, apart.stale)
            more = added.get(start)
            if more is not None:
                steps = Steps(start, *(a + b for a, b in zip(steps[1:], more[1:])))
            yield at_least(steps, min_confidence)
    return expand


# ``LEVEL`` over some edges files, as the walk index holds edges (a confidence, float32)
LEVEL_IN_FILES = {
    False: "SELECT dst_sid, src_sid, confidence, resolution IN ('unique_name', 'ambiguous') "
           "FROM read_parquet(?, union_by_name = true) WHERE dst_sid IN (SELECT unnest(?::INTEGER[])) "
           "AND src_sid <> dst_sid AND confidence IS NOT NULL",
    True: "SELECT src_sid, dst_sid, confidence, resolution IN ('unique_name', 'ambiguous') "
          "FROM read_parquet(?, union_by_name = true) WHERE src_sid IN (SELECT unnest(?::INTEGER[])) "
          "AND dst_sid IS NOT NULL AND src_sid <> dst_sid AND confidence IS NOT NULL",
}


def _leaving(catalog, files: list[str], frontier: list[int], reverse: bool) -> dict[int, Steps]:
    """The edges of ``files`` leaving ``frontier``, by the sid they leave."""
    leaving: dict[int, Steps] = {}
    to_float32 = array("f")
    for start, end, confidence, guessed in catalog.rows(LEVEL_IN_FILES[bool(reverse)], [files, frontier])[1]:
        steps = leaving.setdefault(start, Steps(start, [], [], []))
        to_float32.append(confidence)
        steps.ends.append(end)
        steps.confidence.append(to_float32.pop())
        steps.guessed.append(bool(guessed))
    return leaving


def delta_unresolved(catalog, repo: str, key: str, dotted: bool = False) -> dict[str, int] | None:
    """``walkindex.unresolved`` of the catalog's snapshot from an earlier index (``difference``): its counts less
    those of the files gone, plus those of the new ones; None when a file gone is gone from disk too."""
    from . import walkindex
    from .errors import QueryError

    apart = difference(catalog, repo, key)
    counts = apart and walkindex.unresolved(catalog.lake.root, repo, apart.earlier.key, dotted)
    if counts is None or not all(os.path.exists(path) for path in apart.gone):
        return None
    for sign, files in ((-1, apart.gone), (1, apart.new)):
        try:
            names = catalog.rows(walkindex.UNRESOLVED_NAMES, [files])[1] if files else []
        except QueryError:  # expired meanwhile
            return None
        for name, count in names:
            if dotted and "." not in name:
                continue
            written = name if dotted else name.rsplit(".", 1)[-1]
            counts[written] = counts.get(written, 0) + sign * count
    return counts


# The edges leaving a frontier (its symbols at the first column), per direction: forward walks to what depends on
# the target (edge sources), reverse to what it depends on; the frontier filter is applied while the scan reads.
LEVEL = {
    False: "SELECT dst_sid, src_sid, confidence, resolution IN ('unique_name', 'ambiguous') FROM edges "
           "WHERE repo = ? AND dst_sid IN (SELECT unnest(?::INTEGER[])) AND src_sid <> dst_sid AND confidence >= ?",
    True: "SELECT src_sid, dst_sid, confidence, resolution IN ('unique_name', 'ambiguous') FROM edges "
          "WHERE repo = ? AND src_sid IN (SELECT unnest(?::INTEGER[])) AND dst_sid IS NOT NULL "
          "AND src_sid <> dst_sid AND confidence >= ?",
}


def _level_reader(catalog, repo: str, reverse: bool, min_confidence: float) -> Expand:
    def expand(frontier: list[int]) -> list[Steps]:
        leaving: dict[int, Steps] = {}
        for start, end, confidence, guessed in catalog.rows(LEVEL[bool(reverse)], [repo, frontier, min_confidence])[1]:
            steps = leaving.setdefault(start, Steps(start, [], [], []))
            steps.ends.append(end)
            steps.confidence.append(confidence)
            steps.guessed.append(guessed)
        return list(leaving.values())
    return expand


def _symbols(catalog, repo: str, sids: list[int]) -> dict[int, SymbolRow]:
    if not sids:
        return {}
    files = _symbol_files(catalog, repo, sids)
    source, params = ("symbols", []) if files is None else (catalog.POINT_SOURCE, [files])
    _, rows = catalog.rows(f"SELECT sid, id, kind, path, line_start, is_test FROM {source} WHERE repo = ? "
                           "AND sid IN (SELECT unnest(?::INTEGER[]))", [*params, repo, sids])
    return {sid: SymbolRow(*rest) for sid, *rest in rows}


def _symbol_files(catalog, repo: str, sids: list[int]) -> list[str] | None:
    """The ``symbols`` files holding ``sids``, from the walk index's shard of each sid (None: no index says); with an
    earlier index (``delta_expand``), also every shard rewritten since, when the shards are as many."""
    from . import walkindex

    key = index_key(catalog, repo)
    shard_of = key and walkindex.symbol_shards(catalog.lake.root, repo, key)
    rewritten: set[int] = set()
    earlier = walkindex.previous(catalog.lake.root, repo, key) if key and not shard_of else None
    if earlier is not None:
        current = [os.path.basename(f) for f in _version_files(catalog, repo)["symbols"]]
        if len(current) == len(earlier.symbols):
            shard_of = walkindex.symbol_shards(catalog.lake.root, repo, earlier.key)
            rewritten = {k for k, (was, now) in enumerate(zip(earlier.symbols, current)) if was != now}
    if not shard_of:
        return None
    shards = {shard_of[sid] for sid in sids if 0 <= sid < len(shard_of)} - {-1}
    return catalog.shard_files("symbols", repo, sorted(shards | rewritten))
