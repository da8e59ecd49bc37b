"""Parsing and resolving on every core.

Parsing: worker processes turn chunks of files straight into Arrow tables (cheap to send back, compact to hold).
Resolving: the graph and every file's import bindings are built once, then forked workers resolve slices of the
references against that shared, copy-on-write state. Small jobs stay in-process: a pool costs ~0.2 s to start.
"""

from __future__ import annotations

import gc
import os
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import NamedTuple

import pyarrow as pa

from pipeline import arrowops as pc  # Arrow's kernels without importing pyarrow.compute

from .budget import run_guarded
from .langs.arity import Params
from .marks import skipped_item  # parse.py itself when parsing: an update's main process writes rows only
from .plan import total_bytes
from .resolve import DECLARED_KINDS, EARLY_KINDS, FLOW_KINDS, Edge, Ref, Symbol, mentions, prepare
from .schemas import EDGES

IN_PROCESS_BYTES = 1_500_000  # below this a pool's start (forked workers, one per core) costs more than it saves
IN_PROCESS_REFS = 60_000
CHUNK = 48  # the smallest chunk, and the last ones: the run's tail
# a chunk's child pays a cold start (~18 ms of a 48-file chunk's ~0.47 s on sympy: its caches, its heap, the pages it
# copies): the first chunks are larger, each a share of what is left (guided sizes, ``chunked``), up to MAX_CHUNK
# files (a child holds its chunk's facts until it builds their tables)
MAX_CHUNK = 192
GUIDE = 3  # each chunk takes 1/(GUIDE x workers) of the files left: the last ones are CHUNK, as before
REF_COLUMNS = ["path", "src_qualname", "kind", "name", "receiver", "module", "alias", "line", "bound_to", "args",
               "labels"]


def worker_count(requested: int | None = None) -> int:
    return max(1, requested or int(os.environ.get("CODELAKE_WORKERS", "0")) or os.cpu_count() or 1)


def _parse_chunk(args) -> dict[str, pa.Table]:
    from .rows import tables_from_facts

    root, items, head, entry_points = args
    # partials, not lambdas: a warm worker's child forked ahead is sent its work pickled (``budget.prepare_standby``)
    parts = parse_files(Path(root), items, partial(tables_from_facts, head=head, entry_points=entry_points))
    return parts[0] if len(parts) == 1 else {name: pa.concat_tables([p[name] for p in parts]) for name in parts[0]}


def parse_files(root: Path, items: list, finish=list) -> list:
    """``finish`` of the ``parse_file`` facts of ``items``, each file within its time and memory budget
    (``budget.run_guarded``: one part, or several when a file was skipped on the way)."""
    _ready_to_fork(items)
    with cycles_paused():  # the forked children inherit it
        return run_guarded(partial(_parse_item, root), items, skipped_item, finish)


def _parse_item(root: Path, item: tuple):
    from .parse import parse_file

    return parse_file(root, *item)


@contextmanager
def cycles_paused():
    """Python's cycle collector paused: parsing and resolving allocate millions of small tuples, lists and dicts and
    make no reference cycles (none found to collect after either, on the seven corpora), yet its passes over them
    cost a fifth of parsing's CPU and a quarter of resolution's. Reference counting still frees everything."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _ready_to_fork(items: list) -> None:
    """What every forked child needs, made once in the process that forks: the queries of the items' languages
    (TypeScript's and TSX's take ~0.5 s to compile) and pyarrow's lazy import of pandas (when installed: it comes
    with the first array conversion of a process). Left to the children, each chunk's child paid the import again
    (~0.25 s: a fifth of the whole index's CPU on sympy)."""
    from .parse import compile_queries

    compile_queries(items)
    pa.array([0])


def _warmed(items: list) -> None:
    """The items' languages' modules imported and the patterns the parse reads with compiled, in the process that
    forks the chunks' children: each child imported its languages' modules and compiled the patterns it met again
    (~7 ms of a chunk's ~0.47 s of CPU on sympy, 34 chunks: ~8 ms here, once). Not for a run of one chunk (an
    update's few files compile only the patterns they use, ``lazyre``'s reason)."""
    import sys

    from .langs import parse_rules
    from .lazyre import compile_all

    _ready_to_fork(items)  # (parse imported)
    for language in {item[1].name for item in items if item[1] is not None}:
        parse_rules(language)
    for name, module in list(sys.modules.items()):  # parse's, discover's, the languages', their repairs'
        if name.startswith(_PARSING_MODULES) and module is not None:
            compile_all(module)


_PARSING_MODULES = tuple(f"{__package__}.{name}" for name in ("parse", "discover", "languages", "langs", "markup"))


def _fork_pool(workers: int):
    """A pool of forked workers that die on SIGTERM, whatever handler their parent had. A pool whose workers have not
    all read their stop sentinel when it exits stops them with SIGTERM; inside a flow run the parent has Prefect's
    Python-level handler, which a worker waiting for a task in a forked thread never ran: the pool's exit joined it
    for ever (a `make run` hung so, once). SIGTERM stays blocked from the fork until the worker's initializer has
    restored the default: one sent in between (a pool exiting at once, on a busy machine) is then delivered, not lost
    to the inherited handler."""
    import multiprocessing as mp
    import signal

    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    try:
        return mp.get_context("fork").Pool(workers, initializer=_forked_worker)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def _forked_worker() -> None:
    import signal

    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})


def parse_all(root: Path, items: list, head: str | None, entry_points, progress=None,
              workers: int | None = None) -> dict[str, pa.Table]:
    """``files``, ``symbols`` and ``refs`` rows of ``items`` (path, language, mode, known blob id)."""
    workers = worker_count(workers)
    chunks = [(str(root), part, head, entry_points) for part in chunked(items, workers)]
    if len(chunks) > 1:  # each chunk is parsed in a child of its own (``budget.run_guarded``)
        _warmed(items)
    if workers <= 1 or total_bytes(root, items, IN_PROCESS_BYTES) < IN_PROCESS_BYTES:
        results = map(_parse_chunk, chunks)
        return _gather(results, len(items), progress)
    _ready_to_fork(items)  # forked workers start with it: compiled and imported once, not once per worker
    with _fork_pool(workers) as pool:
        return _gather(pool.imap(_parse_chunk, chunks), len(items), progress)


def chunked(items: list, workers: int) -> list[list]:
    """``items`` in consecutive chunks, large first and ``CHUNK`` at the end (guided sizes): each takes its share of
    the items left, ``1/(GUIDE x workers)``, between ``CHUNK`` and ``MAX_CHUNK``. Sympy's 1,603 files are 16 chunks
    (34 of 48), each a child forked; the workers still end together, on chunks as small as before."""
    parts, start, total = [], 0, len(items)
    while start < total:
        size = max(CHUNK, min(MAX_CHUNK, -(-(total - start) // (GUIDE * workers))))
        parts.append(items[start:start + size])
        start += size
    return parts


def _gather(results, total: int, progress) -> dict[str, pa.Table]:
    from .rows import tables_from_facts

    parts: dict[str, list[pa.Table]] = {}
    done = 0
    for tables in results:
        for name, table in tables.items():
            parts.setdefault(name, []).append(table)
        done += tables["files"].num_rows
        if progress:
            progress(done, total, "")
    empty = tables_from_facts([], None)
    return {name: pa.concat_tables(parts.get(name) or [table]) for name, table in empty.items()}


# -- resolution ---------------------------------------------------------------------------------------------------
_SHARED: dict = {}  # set in the parent just before forking; read by the forked workers


def _ref_columns(table: pa.Table, keep: pa.Array | None = None) -> dict[str, list]:
    """The reference columns as Python lists (of the rows ``keep`` marks, when given); dictionary-encoded ones
    decoded in Arrow first (converting a filtered dictionary column to Python would convert its whole dictionary,
    chunk by chunk)."""
    table = table.select(REF_COLUMNS)
    return dict(zip(REF_COLUMNS, (_shared_values(column, keep) for column in table.columns)))


def _shared_values(column: pa.ChunkedArray, keep: pa.Array | None = None) -> list:
    """A column as a Python list whose equal strings are one object each: converted once per distinct value (from
    its dictionary), and hashed once, however many references and look-ups use it (every reference's key in
    ``_resolve_slice``, the resolver's dicts keyed by path and name). ``keep``: the rows kept, filtered after the
    encoding, on its integer indices (filtering the strings first copies them: 1.65 s for site-packages' 4M)."""
    if pa.types.is_dictionary(column.type):
        column = pc.cast(column, column.type.value_type)
    if not pa.types.is_string(column.type):
        return (column if keep is None else pc.filter(column.combine_chunks(), keep)).to_pylist()
    encoded = pc.dictionary_encode(column.combine_chunks())
    values = encoded.dictionary.to_pylist() + [None]
    indices = encoded.indices if keep is None else pc.filter(encoded.indices, keep)
    # plain lists, not numpy: a one-shot update's process refuses numpy (``pipeline.lean``: ~35 ms of import)
    return list(map(values.__getitem__, pc.fill_null(indices, len(values) - 1).to_pylist()))


class LaterRefs(NamedTuple):
    """The references resolved after ``prepare`` (all but ``EARLY_KINDS``): the whole table and the rows kept, not
    a filtered copy of it (on site-packages 1.65 s of serial CPU in the resolution's child, and a second copy of
    ~0.5 GB of strings it held through the slices). A slice's bounds are rows of the whole table; its references
    are the kept ones among them, in order: the edges of every slice, concatenated, are those of the filtered table."""

    table: pa.Table
    keep: pa.Array | None = None  # None: every row

    @property
    def num_rows(self) -> int:
        return self.table.num_rows

    def columns(self, start: int, stop: int) -> dict[str, list]:
        """The kept references among rows ``start``-``stop``, column by column (``_ref_columns``)."""
        keep = None if self.keep is None else self.keep.slice(start, stop - start)
        return _ref_columns(self.table.slice(start, stop - start), keep)


def params_column(symbols: pa.Table) -> list[Params | None]:
    """Each symbol's ``Params`` (None where not counted, and for a table written before the columns existed)."""
    if "params_min" not in symbols.column_names:
        return [None] * symbols.num_rows
    least, most = (symbols.column(c).to_pylist() for c in ("params_min", "params_max"))
    labels = symbols.column("labels").to_pylist() if "labels" in symbols.column_names else [None] * len(least)
    return [None if lo is None else Params(lo, hi, la) for lo, hi, la in zip(least, most, labels)]


def _refs(table: pa.Table) -> list[Ref]:
    return [Ref(*row) for row in zip(*_ref_columns(table).values())]


def _resolve_slice(bounds: tuple[int, int]) -> pa.Table:
    """Edges of a slice of the references. A file repeats many references that differ only in their line (the same
    ``self.m()`` or ``len()`` in one function): each is resolved once per file; a repeat takes the rows of its first
    edges again, in Arrow, with its own line (copying half a million edge tuples in Python cost a sixth of
    resolution's CPU on sympy)."""
    resolver, refs = _SHARED["resolver"], _SHARED["refs"]
    cols = refs.columns(*bounds) if isinstance(refs, LaterRefs) else \
        _ref_columns(refs.slice(bounds[0], bounds[1] - bounds[0]))
    unique: list[Edge] = []  # each distinct reference's edges, once
    rows: list[int] = []  # of every edge in order, its row in ``unique``
    lines: list[int] = []  # and its line
    seen: dict[tuple, range | object] = {}  # per file: a reference -> its rows in ``unique`` (or BY_LINE)
    current = None
    for path, src, kind, name, receiver, module, alias, line, bound_to, args, labels in zip(*cols.values()):
        if path != current:
            seen.clear()
            current, twinned = path, resolver.twinned(path)
        key = (src, kind, name, receiver, module, alias, bound_to, args, labels)
        found = seen.get(key)
        if found is BY_LINE:
            key += (line,)
            found = seen.get(key)
        elif found is None and twinned and mentions(twinned, (name, receiver, bound_to)):
            seen[key] = BY_LINE  # class Box in each test: the line's Box (asked once per reference, not per line)
            key += (line,)
        if found is None:
            start = len(unique)
            unique.extend(resolver.resolve(Ref(path, src, kind, name, receiver, module, alias, line, bound_to, args,
                                               labels)))
            found = seen[key] = range(start, len(unique))
            lines.extend([e[LINE] for e in unique[start:]])
            rows.extend(found)
        elif found:  # a repeat of a reference that has edges (one with none adds nothing: two calls saved)
            lines.extend([line] * len(found))
            rows.extend(found)
    return _repeated(edges_table(unique, _SHARED.get("sids")), rows, lines)


BY_LINE = object()  # a reference whose edges depend on its line: resolved once per line


def _repeated(table: pa.Table, rows: list[int], lines: list[int]) -> pa.Table:
    """``table``'s ``rows`` in order (a row repeated for each reference it answers), each on its line."""
    if len(rows) == table.num_rows:  # no reference repeated one with edges: ``rows`` is every row once, in order
        return table
    table = pc.take(table, pa.array(rows, pa.int64()))
    return table.set_column(LINE, "line", pa.array(lines, table.schema.field("line").type))


EDGE_STRUCT = pa.struct([EDGES.field(n) for n in Edge._fields])
LINE = Edge._fields.index("line")


def edges_table(edges: list[Edge], sids: dict[str, int] | None = None) -> pa.Table:
    """Edge rows as a table whose string columns are dictionary-encoded: ids, paths and names repeat across a
    million edges, so the main process holds (and the workers send) about a third of the plain bytes; the lake
    writes them as plain strings. ``sids``: each symbol id's sid (``sid_index``), for the ends' sid columns (null
    without it)."""
    # one struct conversion of the row tuples is ~3x faster than transposing them into columns in Python
    table = pa.Table.from_struct_array(pa.array(edges, type=EDGE_STRUCT))
    table = pa.Table.from_arrays([pc.dictionary_encode(c) if pa.types.is_string(c.type) else c for c in table.columns],
                                 names=table.column_names)
    return _with_sids(table.append_column("src_sid", pa.nulls(len(edges), pa.int32())).append_column(
        "dst_sid", pa.nulls(len(edges), pa.int32())), sids)


def sid_index(symbols: pa.Table) -> dict[str, int]:
    """Each symbol id's sid, the first row's where an id repeats (as ``incremental.with_sids`` finds it)."""
    ids, sids = symbols.column("id").to_pylist(), symbols.column("sid").to_pylist()
    return dict(zip(reversed(ids), reversed(sids)))


def _with_sids(table: pa.Table, sids: dict[str, int] | None) -> pa.Table:
    """``table``'s ``src_sid``/``dst_sid`` from ``sids``: one look-up per distinct id of each end's dictionary. Done
    where the edges are made (the slices' workers, side by side), not over the whole edges table after the slices,
    where one core worked while the other idled (~0.4 s of CPU on sympy)."""
    if sids is None or not table.num_rows:
        return table
    for end in ("src", "dst"):
        ids = table.column(f"{end}_id").combine_chunks()
        if pa.types.is_dictionary(ids.type):
            found = pc.take(pa.array(map(sids.get, ids.dictionary.to_pylist()), pa.int32()), ids.indices)
        else:
            found = pa.array(map(sids.get, ids.to_pylist()), pa.int32())
        table = table.set_column(table.schema.get_field_index(f"{end}_sid"), f"{end}_sid", found)
    return table


def resolve_parallel(symbols: pa.Table, refs: pa.Table, files: dict[str, dict], root, provenance: str,
                     workers: int | None = None, import_edge_paths: set[str] | None = None,
                     every_ref: pa.Table | None = None) -> pa.Table:
    """Edges of ``refs``; ``every_ref``: the whole repository's references when ``refs`` is a part of them (what
    every function declares it returns is read whichever file calls it)."""
    return _resolved(_prepared(symbols, refs, files, root, provenance, import_edge_paths, every_ref), workers)


class Resolving:
    """``resolve_parallel`` begun beside the caller; ``edges()`` waits for it and gives the edges, with their ends'
    sids. What comes before the slices (the graph, every file's imports, the value flow: ~2.2 s of pure Python on
    sympy) holds one core while the caller writes the tables it has meanwhile on the other. A large run resolves in a
    forked child (``pool.Forked``), which forks the slices' workers itself: ``prepare`` then has a core of its own,
    not a thread sharing the GIL with the writes' Python parts. A small one (below ``IN_PROCESS_REFS``, or one
    worker) on a thread, which ends before any fork."""

    def __init__(self, symbols: pa.Table, refs: pa.Table, files: dict[str, dict], root, provenance: str,
                 workers: int | None = None):
        from concurrent.futures import ThreadPoolExecutor

        from .pool import Forked

        self.workers, self.symbols, self.child, self.pool = workers, symbols, None, None
        if refs.num_rows >= IN_PROCESS_REFS and worker_count(workers) > 1:
            self.child = Forked(_resolved_whole, symbols, refs, files, root, provenance, workers)
            return
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="codelake-prepare")
        self.prepared = self.pool.submit(_prepared, symbols, refs, files, root, provenance)

    def edges(self) -> pa.Table:
        if self.child is not None:
            return self.child.result()
        sids = sid_index(self.symbols)  # while the thread may still prepare: the edges' sids are made by the slices
        try:
            state = self.prepared.result()
        finally:
            self.pool.shutdown(wait=True)
        return _resolved(state, self.workers, sids)

    def abandon(self) -> None:
        """Waits for the thread to end, or stops the child (a run failing while it resolves: nothing is left
        running after it)."""
        if self.child is not None:
            self.child.stop()
        else:
            self.pool.shutdown(wait=True, cancel_futures=True)


def _resolved_whole(symbols: pa.Table, refs: pa.Table, files: dict[str, dict], root, provenance: str,
                    workers: int | None) -> pa.Table:
    """Every edge of a full run, with their ends' sids (``Resolving``'s child)."""
    return _resolved(_prepared(symbols, refs, files, root, provenance), workers, sid_index(symbols))


def _prepared(symbols: pa.Table, refs: pa.Table, files: dict[str, dict], root, provenance: str,
              import_edge_paths: set[str] | None = None, every_ref: pa.Table | None = None):
    """The resolver (``prepare``), the edges of the early references and the later references to resolve."""
    cols = symbols.select(["id", "path", "name", "qualname", "kind", "parent_id", "line_start"]).to_pydict()
    cols["params"] = params_column(symbols)
    early = pc.is_in(refs.column("kind"), value_set=pa.array(EARLY_KINDS))
    whole = refs if every_ref is None else every_ref
    returns = _refs(pc.filter(whole, pc.is_in(whole.column("kind"), value_set=pa.array(DECLARED_KINDS))))
    flow = _refs(pc.filter(whole, pc.or_(pc.is_in(whole.column("kind"), value_set=pa.array(FLOW_KINDS)),
                                     _bindable_callbacks(whole))))
    with cycles_paused():
        resolver, edges = prepare([Symbol(*row) for row in zip(*cols.values())], _refs(pc.filter(refs, early)), files,
                                  root, provenance, import_edge_paths, returns, flow)
    return resolver, edges_table(edges), LaterRefs(refs, pc.invert(early).combine_chunks())


PARAMETER_KINDS = ["param_call", "param_passed"]  # a function calling its parameter, or passing it on


def _bindable_callbacks(refs: pa.Table) -> pa.ChunkedArray:
    """The ``callback`` references ``Resolver.bind_parameters`` may bind: passed at a slot (``alias``) to a callee
    named as some function is that calls or passes on a parameter (``param_call``, ``param_passed``); the others are
    not made ``Ref``s (site-packages: 280K callbacks at a slot, 70K to such a name)."""
    kinds = refs.column("kind")
    passing = pc.filter(refs.column("src_qualname"), pc.is_in(kinds, value_set=pa.array(PARAMETER_KINDS)))
    names = {q.rpartition(".")[2] for q in pc.unique(pc.decoded(passing)).to_pylist() if q}
    names |= _renamed_imports(refs, names)
    modules = pc.dictionary_encode(pc.decoded(refs.column("module")).combine_chunks())
    named = pa.array([m.rpartition(".")[2] in names for m in modules.dictionary.to_pylist()], pa.bool_())
    callee_named = pc.fill_null(pc.take(named, modules.indices), False)
    return pc.and_(pc.and_(pc.equal(kinds, "callback"), pc.is_valid(refs.column("alias"))), callee_named)


def _renamed_imports(refs: pa.Table, names: set[str]) -> set[str]:
    """The names ``names`` are imported under (``from m import run as go``: ``go(rest)`` passes ``rest`` to run's
    parameter, ``Resolver.bind_parameters``)."""
    kinds, aliases = refs.column("kind"), refs.column("alias")
    renamed = pc.filter(refs.select(["name", "alias"]), pc.fill_null(pc.and_(
        pc.equal(kinds, "import"), pc.and_(pc.is_valid(aliases), pc.not_equal(aliases, refs.column("name")))), False))
    return {alias for name, alias in zip(*pc.decoded(renamed).to_pydict().values()) if name in names}


def _resolved(state, workers: int | None, sids: dict[str, int] | None = None) -> pa.Table:
    """The edges of ``_prepared``'s state; ``sids``: with their ends' sids (``edges_table``)."""
    resolver, head, later = state
    with cycles_paused():  # the forked workers inherit it
        _SHARED.update(resolver=resolver, refs=later, sids=sids)
        try:
            parts = _resolve_slices(later.num_rows, worker_count(workers),
                                    lambda: edges_table(resolver.dispatch_edges(), sids))
        finally:
            _SHARED.clear()
        return pa.concat_tables([_with_sids(head, sids)] + parts)


def _resolve_slices(rows: int, workers: int, then=None) -> list[pa.Table]:
    """The later references' edges in their order, in ``TASKS_PER_WORKER`` slices a worker, each handed to the
    first worker free. A reference's edges depend on no slice a worker resolved before it (memos are per scope
    where the answer is: ``test_structure_slices``), so slices of any size give the same edges. ``then()``: a last
    part, made in this process while the workers resolve (the dispatch edges: ~0.15 s of sympy's resolving child,
    which held one core while the other idled after the slices). The workers were forked before it, so what it
    changes of this process's resolver they never see, as when it ran after them; without workers it runs after
    the one slice, which changes this process's resolver first."""
    if rows < IN_PROCESS_REFS or workers <= 1:
        parts = [_resolve_slice((0, rows))]
        return parts + ([then()] if then else [])
    step = -(-rows // (workers * TASKS_PER_WORKER))
    bounds = [(i, min(i + step, rows)) for i in range(0, rows, step)]
    with _fork_pool(workers) as pool:
        pending = pool.map_async(_resolve_slice, bounds, chunksize=1)
        last = [then()] if then else []
        return pending.get() + last


# sympy's costliest 64th of its references costs 5x the median one (3.8M Python calls against 0.75M): in one of 8
# slices, the worker holding it ended ~10 % after the other; in one of 32, ~1 %
TASKS_PER_WORKER = 16
