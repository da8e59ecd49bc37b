"""Resolution proportional to the edit: the resolver's graph loaded only as far as the affected files' references ask.

A full run builds every index of the repository (``graph.build_graph``), binds every file's imports, resolves every
class's bases and indexes every value-flow fact before it resolves anything. An update resolves the references of a
few files; here the same ``Resolver`` runs over a graph whose indexes fill themselves on first use, from the
repository's definitions, its ``early_refs`` (imports, re-exports, bases, declared types, value-flow facts) and its
``hierarchy`` (every ``inherits`` edge), held as Arrow columns (no Python object per row until a lookup reaches it):

  a file's definitions          when a name in it, a member of one of its classes or its id is looked up
  the definitions of a name     when resolution falls back to names
  a class's bases, subclasses   from the stored ``inherits`` edges of the files the edit did not affect (the affected
                                files' bases are resolved first, as a full run resolves every file's)
  a file's imports              when a binding is followed into it
  declared types, what a        per file, when a call's value or a function's result is asked for
  function returns, decorators
  what is passed for a called   per function name, from the decorators and the functions passed to calls of that
  parameter                     name (read from ``refs`` only when a parameter call in an affected file asks)

The answers are the ones a full graph gives: the same code decides, only the order in which indexes fill differs.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Callable

import pyarrow as pa
import pyarrow.compute as pc

from .graph import CLASSLIKE, METHODS, MODULE, VALUES, Graph, Symbol, _owner_elsewhere, build_graph
from .resolve import CALLABLE, DECLARED_KINDS, EARLY_KINDS, Ref, Resolver

SYMBOL_COLUMNS = ["id", "path", "name", "qualname", "kind", "parent_id", "line_start"]
READ_COLUMNS = ["path", "name", "qualname", "kind", "parent_id", "line_start", "sid"]  # id is path::qualname
REF_FIELDS = ["path", "src_qualname", "kind", "name", "receiver", "module", "alias", "line", "bound_to"]
HIERARCHY_COLUMNS = ["path", "src_id", "dst_id", "line"]  # the ``hierarchy`` table: every ``inherits`` edge
RETURNED_KINDS = ("returns", "local_returns", "returns_call")
BY_NAME_KINDS = CALLABLE | VALUES  # what ``build_graph`` lists by name


class Columns:
    """A table's columns as Python lists, converted once, whole, on first use (a dictionary-encoded column through
    its dictionary: one string object per distinct value). Lookups then cost list indexing, not an Arrow call each:
    an update of a hub file makes thousands of them, and a per-lookup ``take`` and conversion cost ~0.1 ms apiece."""

    def __init__(self, table: pa.Table):
        self.table, self._data, self._positions = table, None, {}

    @property
    def data(self) -> dict[str, list]:
        if self._data is None:
            self._data = {name: _pylist(column) for name, column in zip(self.table.column_names, self.table.columns)}
            self.table = None  # held once, as Python objects
        return self._data

    def where(self, key: str, value) -> list[int]:
        """The row numbers holding ``value`` in column ``key``, in the table's order (the first lookup on a column
        groups its rows once)."""
        positions = self._positions.get(key)
        if positions is None:
            positions = self._positions[key] = {}
            for i, v in enumerate(self.data[key]):
                rows = positions.get(v)
                if rows is None:
                    positions[v] = [i]
                else:
                    rows.append(i)
        return positions.get(value, ())


def _pylist(column) -> list:
    chunks = column.chunks if isinstance(column, pa.ChunkedArray) else [column]
    out: list = []
    for chunk in chunks:
        if pa.types.is_dictionary(chunk.type):
            values = chunk.dictionary.to_pylist() + [None]  # a null index points at the None appended
            out.extend(map(values.__getitem__, pc.fill_null(chunk.indices, len(values) - 1).to_pylist()))
        else:
            out.extend(chunk.to_pylist())
    return out


class Rows:
    """A table's rows looked up by the value of one column, through its dictionary (no Python object per row; the
    early references: a file's are read once, and a hub file's update reads a few hundred files' at most): the
    row numbers sorted by code once (a stable sort: a value's rows keep the table's order), so that a lookup takes
    one slice, not a scan of the column."""

    def __init__(self, table: pa.Table, key: str):
        self.table, self.key, self.span, self.order = table, key, None, None

    def _index(self) -> None:
        """Built on the first lookup: some columns are never looked up in a run."""
        table = self.table
        encoded = table.column(self.key).chunk(0) if table.num_rows else pc.dictionary_encode(pa.array([], pa.string()))
        self.order = pc.array_sort_indices(encoded.indices)  # nulls last
        runs = pc.run_end_encode(encoded.indices.take(self.order))
        values, ends = encoded.dictionary.to_pylist(), runs.run_ends.to_pylist()
        self.span = {values[code]: (start, end) for code, start, end in zip(runs.values.to_pylist(), [0] + ends, ends)
                     if code is not None}

    def where(self, value) -> pa.Table:
        if self.span is None:
            self._index()
        found = self.span.get(value)
        if found is None:
            return self.table.slice(0, 0)
        return self.table.take(self.order.slice(found[0], found[1] - found[0]))


def encoded(table: pa.Table, columns: list[str], keys: tuple[str, ...]) -> pa.Table:
    """``table``'s ``columns`` in one chunk, the ``keys`` dictionary-encoded with one dictionary each (the others
    plain: ids and qualified names are all distinct, a dictionary would only cost)."""
    table = table.select(columns)
    arrays = []
    for name, column in zip(columns, table.columns):
        if name in keys and not pa.types.is_dictionary(column.type):
            column = pc.dictionary_encode(column)
        elif name not in keys and pa.types.is_dictionary(column.type):
            column = column.cast(column.type.value_type)
        arrays.append(column)
    return pa.Table.from_arrays(arrays, names=columns).unify_dictionaries().combine_chunks()


def _plain(table: pa.Table) -> pa.Table:
    return pa.Table.from_arrays([c.cast(c.type.value_type) if pa.types.is_dictionary(c.type) else c
                                 for c in table.columns], names=table.column_names)


def _refs(table: pa.Table) -> list[Ref]:
    if not table.num_rows:
        return []
    data = _plain(table.select(REF_FIELDS)).to_pydict()
    return [Ref(*row) for row in zip(*(data[f] for f in REF_FIELDS))]


Source = tuple  # (table or None, paths whose rows it holds that are hidden)


class Index:
    """The repository's definitions, early references and class hierarchy by file, name and class, over several
    sources (the lake's rows, this run's rows); the lake's rows of the files this run changed (of the files it
    resolves again, for the hierarchy) are masked out (``hidden``), not filtered away."""

    def __init__(self, symbols: list[Source], early: list[Source], hierarchy: list[Source],
                 callbacks: Callable[[set[str]], pa.Table | None] = lambda names: None):
        sources = [(Columns(t.select(READ_COLUMNS)), h) for t, h in symbols if t is not None and t.num_rows]
        self.symbols = [c for c, _ in sources]
        self.hidden = [h for _, h in sources]
        early = [(encoded(t, REF_FIELDS, ("path", "name")), h) for t, h in early if t is not None and t.num_rows]
        self.early = [(Rows(t, "path"), Rows(t, "name"), h) for t, h in early]
        self._early_of: dict[str, list[Ref]] = {}  # path -> its early references
        self.hierarchy = [(Columns(t.select(HIERARCHY_COLUMNS)), h) for t, h in hierarchy
                          if t is not None and t.num_rows]
        self._callbacks = callbacks
        self.sids: dict[str, int] = {}
        self.cross_file = self._visible(_rows_where(c.table, _parent_elsewhere) for c in self.symbols)
        self.elsewhere = self._visible(_rows_where(c.table, _dotted_at_module) for c in self.symbols)

    def symbols_of(self, path: str) -> list[Symbol]:
        return self._visible(c.where("path", path) for c in self.symbols)

    def named(self, name: str) -> list[Symbol]:
        return self._visible(c.where("name", name) for c in self.symbols)

    def _visible(self, row_numbers) -> list[Symbol]:
        found = []
        for rows, columns, hidden in zip(row_numbers, self.symbols, self.hidden):
            if not rows:
                continue
            data = columns.data
            paths, quals, names, kinds = data["path"], data["qualname"], data["name"], data["kind"]
            parents, lines, sids = data["parent_id"], data["line_start"], data["sid"]
            for i in rows:
                path = paths[i]
                if path in hidden:
                    continue
                sid = f"{path}::{quals[i]}"
                found.append(Symbol(sid, path, names[i], quals[i], kinds[i], parents[i], lines[i]))
                self.sids[sid] = sids[i]
        return sorted(found, key=lambda s: s.id)  # a full run's order: duplicate names keep the first by id

    def early_refs_of(self, path: str, kinds) -> list[Ref]:
        """The early references of one file (of ``kinds``), in the file's order."""
        refs = self._early_of.get(path)
        if refs is None:
            refs = self._early_of[path] = [r for rows, _, hidden in self.early if path not in hidden
                                           for r in _refs(rows.where(path))]
        return [r for r in refs if r.kind in kinds]

    def early_refs_named(self, name: str, kind: str) -> list[Ref]:
        """Every file's early references of one kind naming ``name`` (the decorators called ``name``)."""
        return [r for _, rows, hidden in self.early for r in _refs(rows.where(name))
                if r.kind == kind and r.path not in hidden]

    def bases_of(self, cls: str) -> list[tuple[str | None, str, int]]:
        """The stored ``inherits`` edges from ``cls``: (base or None for one outside the repository, path, line)."""
        return [(dst, path, line) for columns, hidden in self.hierarchy
                for path, dst, line in _triples(columns, "src_id", cls, "dst_id") if path not in hidden]

    def subclasses_of(self, cls: str) -> list[tuple[str, str, int]]:
        """The stored ``inherits`` edges into ``cls``: (subclass, path, line)."""
        return [(src, path, line) for columns, hidden in self.hierarchy
                for path, src, line in _triples(columns, "dst_id", cls, "src_id") if path not in hidden]

    def callbacks_named(self, callee: str) -> list[Ref]:
        """Every function passed to a call of a function named ``callee`` (``run(f)``, ``run(cb=f)``)."""
        table = self._callbacks({callee})
        return _refs(table) if table is not None else []

    def sid_of(self, symbol_id: str | None) -> int | None:
        if symbol_id is None:
            return None
        if symbol_id not in self.sids:
            self.symbols_of(symbol_id.split("::", 1)[0])
        return self.sids.get(symbol_id)


def _triples(columns: Columns, key: str, value, end: str) -> list[tuple]:
    data = columns.data
    paths, ends, lines = data["path"], data[end], data["line"]
    return [(paths[i], ends[i], lines[i]) for i in columns.where(key, value)]


def _rows_where(table: pa.Table | None, mask_of) -> list[int]:
    """The row numbers where ``mask_of(batch)`` holds, batch by batch (a batch's columns share one layout)."""
    found: list[int] = []
    offset = 0
    for batch in table.to_batches() if table is not None else []:
        if batch.num_rows:
            found.extend(i + offset for i in pc.indices_nonzero(mask_of(batch)).to_pylist())
        offset += batch.num_rows
    return found


def _dictionary(batch: pa.RecordBatch, name: str) -> pa.DictionaryArray:
    column = batch.column(name)
    return column if pa.types.is_dictionary(column.type) else pc.dictionary_encode(column)


def _parent_elsewhere(batch: pa.RecordBatch):
    """Rows whose parent is defined in another file (a Go method, a Rust ``impl``): worked out once per distinct
    parent and path, through the dictionaries."""
    paths, parents = _dictionary(batch, "path"), _dictionary(batch, "parent_id")
    parent_paths = pc.extract_regex(parents.dictionary, r"^(?P<path>.*?)::").field("path")
    parent_path = pc.fill_null(pc.index_in(parent_paths, value_set=paths.dictionary), -2).cast(pa.int32())
    of_row = pc.fill_null(pc.take(parent_path, parents.indices), -1)
    return pc.and_(pc.not_equal(of_row, -1), pc.not_equal(of_row, paths.indices.cast(pa.int32())))


def _dotted_at_module(batch: pa.RecordBatch):
    """Rows with a dotted name directly under their module (``T.m`` defined apart from ``T``)."""
    parents = _dictionary(batch, "parent_id")
    at_module = pc.take(pc.ends_with(parents.dictionary, "::" + MODULE), parents.indices)
    return pc.fill_null(pc.and_(at_module, pc.match_substring(batch.column("qualname"), ".")), False)


def _path_of(symbol_id) -> str | None:
    return symbol_id.split("::", 1)[0] if isinstance(symbol_id, str) else None


_ABSENT = object()


class _Lazy(dict):
    """A dict that fills an entry from ``load(key)`` the first time it is read (``get``, ``[]`` and ``in`` alike).
    Truthy even before anything is loaded: the resolver reads ``if self.wrapped`` as "may hold something". A key
    already there costs one dict lookup: a hub file's update reads these ~100,000 times."""

    def __init__(self, load, default_factory=None):
        super().__init__()
        self._load, self._default = load, default_factory

    def get(self, key, default=None):
        value = dict.get(self, key, _ABSENT)
        if value is _ABSENT:
            if key is None:
                return default
            self._load(key)
            value = dict.get(self, key, _ABSENT)
            if value is _ABSENT:
                return default
        return value

    def __missing__(self, key):  # ``[]`` of a key not there yet
        if key is not None:
            self._load(key)
            value = dict.get(self, key, _ABSENT)
            if value is not _ABSENT:
                return value
        if self._default is None:
            raise KeyError(key)
        value = self[key] = self._default()
        return value

    def __contains__(self, key) -> bool:
        if dict.__contains__(self, key):
            return True
        if key is None:
            return False
        self._load(key)
        return dict.__contains__(self, key)

    def __bool__(self) -> bool:
        return True


class _LazySet(set):
    """A set whose membership of ``key`` is settled by ``load(key)`` first (classes with a base outside the
    repository: known once their bases are read)."""

    def __init__(self, load):
        super().__init__()
        self._load = load

    def __contains__(self, key) -> bool:
        self._load(key)
        return set.__contains__(self, key)


class LazyGraph(Graph):
    """``graph.Graph`` whose symbol indexes fill per file and per name, and whose hierarchy fills per class from the
    stored ``inherits`` edges; module and package indexes are built for every file up front (from paths alone, as
    ``build_graph`` does)."""

    def __init__(self, index: Index, files: dict[str, dict], root):
        base = build_graph([], files, root)  # module and package indexes only
        super().__init__(module_index=base.module_index, packages=base.packages)
        self.index, self.loaded_paths, self.loaded_names = index, set(), set()
        self.by_id = _Lazy(lambda sid: self.load_path(_path_of(sid)))
        self.by_qual = _Lazy(lambda key: self.load_path(key[0]))
        self.top = _Lazy(self.load_path, dict)
        self.members = _Lazy(lambda cls: self.load_path(_path_of(cls)), dict)
        self.by_name = _Lazy(self.load_name, list)
        self.package_top = _Lazy(self.load_package)
        self.bases = _Lazy(self.load_bases, list)
        self.external_bases = _LazySet(lambda cls: self.bases.get(cls))
        self.fresh_subclasses: dict[str, list[tuple[str, str, int]]] = defaultdict(list)  # this run's inherits
        for s in index.cross_file:  # members a type gets from other files (rows.py gave them that parent)
            self.load_path(_path_of(s.parent_id))
            self._add(s)
        for s in index.elsewhere:
            owner = _owner_elsewhere(self, s, files)
            if owner:
                self.owner[s.id] = owner
                self.members[owner].setdefault(s.name, s.id)

    def load_path(self, path: str | None) -> None:
        if path is None or path in self.loaded_paths:
            return
        self.loaded_paths.add(path)
        dict.setdefault(self.top, path, {})
        for s in self.index.symbols_of(path):
            self._add(s)

    def _add(self, s: Symbol) -> None:
        if not dict.__contains__(self.by_id, s.id):
            dict.__setitem__(self.by_id, s.id, s)
        dict.setdefault(self.by_qual, (s.path, s.qualname), s.id)
        if s.kind == "module":
            return
        if s.parent_id is None or s.parent_id.endswith("::" + MODULE):
            if "." not in s.qualname.split("#")[0]:
                dict.setdefault(self.top, s.path, {}).setdefault(s.name, s.id)
        else:
            self.load_path(_path_of(s.parent_id))
            dict.setdefault(self.members, s.parent_id, {}).setdefault(s.name, s.id)

    def load_name(self, name: str) -> None:
        if name in self.loaded_names:
            return
        self.loaded_names.add(name)
        found = [s for s in self.index.named(name) if s.kind in BY_NAME_KINDS]
        for s in found:
            if not dict.__contains__(self.by_id, s.id):
                dict.__setitem__(self.by_id, s.id, s)
        dict.__setitem__(self.by_name, name, [s.id for s in found])

    def load_package(self, key) -> None:
        names: dict[str, str] = {}
        for path in self.packages.get(key, []):
            for name, sid in self.top.get(path, {}).items():
                names.setdefault(name, sid)
        dict.__setitem__(self.package_top, key, names)

    def load_bases(self, cls: str) -> None:
        """A class's bases as the stored ``inherits`` edges give them (a null base: one outside the repository)."""
        if cls is None or dict.__contains__(self.bases, cls):
            return
        found = []
        for dst, _, _ in self.index.bases_of(cls):
            if dst is None:
                set.add(self.external_bases, cls)
            else:
                found.append(dst)
        dict.__setitem__(self.bases, cls, found)

    def subclasses(self, cls: str) -> list[str]:
        """A full run lists a class's subclasses in the order their ``inherits`` references come (by file, then
        line): the stored ones and this run's, merged in that order."""
        if self._subclasses is None:
            self._subclasses = {}
        found = self._subclasses.get(cls)
        if found is None:
            found = self._subclasses[cls] = list(dict.fromkeys(
                sub for sub, _, _ in sorted(self.index.subclasses_of(cls) + self.fresh_subclasses.get(cls, []),
                                            key=lambda t: (t[1], t[2]))))
        return found


class LazyResolver(Resolver):
    """The ``Resolver`` over a ``LazyGraph``: a file's imports are registered when first read; declared types and
    value-flow facts are indexed per file (per function name, for what is passed to called parameters) when first
    asked for."""

    def __init__(self, graph: LazyGraph, files: dict, root, provenance: str):
        self._imports = _Lazy(self._load_imports)
        super().__init__(graph, files, root, provenance)
        self._typed_paths, self._flow_paths, self._param_paths, self._bound_names = set(), set(), set(), set()
        self.return_types = _Lazy(self._load_return_types)
        self.returned = _Lazy(self._load_returned)
        self.wrapped = _Lazy(self._load_wrapped)
        self.passed = _Lazy(self._load_passed)
        self._called = _Lazy(self._load_called)

    @property
    def imports_of(self):
        return self._imports

    @imports_of.setter
    def imports_of(self, value) -> None:  # the resolver registers the files it was given; the rest load on use
        for path, refs in dict(value).items():
            dict.__setitem__(self._imports, path, refs)

    def _load_imports(self, path: str) -> None:
        if path in self.supports:
            dict.__setitem__(self._imports, path, self.g.index.early_refs_of(path, ("import", "reexport")))

    def _load_return_types(self, key: tuple[str, str]) -> None:
        """The first declared type of each function, field or variable of the file (``prepare`` takes the first)."""
        path = key[0]
        if path in self._typed_paths:
            return
        self._typed_paths.add(path)
        for r in self.g.index.early_refs_of(path, DECLARED_KINDS):
            if not dict.__contains__(self.return_types, (path, r.src_qualname)):
                dict.__setitem__(self.return_types, (path, r.src_qualname), r)

    def _load_returned(self, key: tuple[str, str]) -> None:
        path = key[0]
        if path in self._flow_paths:
            return
        self._flow_paths.add(path)
        for r in self.g.index.early_refs_of(path, RETURNED_KINDS):
            dict.setdefault(self.returned, (path, r.src_qualname), []).append(r)

    def _load_wrapped(self, sid: str) -> None:
        """``index_flow`` for one decorated function: its decorators that are repository functions returning one
        (the last such decorator reference of the function decides, as in a full run)."""
        sym = self.g.by_id.get(sid)
        if sym is None:
            return
        for r in self.g.index.early_refs_of(sym.path, ("decorated_by",)):
            if r.src_qualname != sym.qualname or self.g.by_qual.get((r.path, r.src_qualname)) != sid:
                continue
            deco = self._lookup(Ref(r.path, MODULE, "call", r.name, r.receiver, None, None, r.line),
                                f"{r.path}::{MODULE}", CALLABLE)
            functions = [d for d in deco.ids if self.g.by_id[d].kind == "function"
                         and deco.resolution not in ("ambiguous", "unique_name")]
            if functions and any(self.returned_targets(d) for d in functions):
                dict.__setitem__(self.wrapped, sid, functions)

    def _load_called(self, key: tuple[str, str]) -> None:
        """Which parameters each function of the file calls: slot (``#0``, keyword) -> parameter."""
        path = key[0]
        if path in self._param_paths:
            return
        self._param_paths.add(path)
        for r in self.g.index.early_refs_of(path, ("param_call",)):
            slots = dict.setdefault(self._called, (path, r.src_qualname), {})
            slots[r.alias] = r.name
            slots[r.name] = r.name

    def _load_passed(self, key: tuple[str, str]) -> None:
        """``bind_parameters`` for the functions named like ``key``'s: the decorators and the call sites passing a
        function to a function of that name, bound once per name."""
        sym = self.g.by_id.get(key[0])
        if sym is None or not self._called.get((sym.path, sym.qualname)):
            return
        name = sym.qualname.rpartition(".")[2]
        if name in self._bound_names:
            return
        self._bound_names.add(name)
        for r in self.g.index.early_refs_named(name, "decorated_by"):
            target = self.g.by_qual.get((r.path, r.src_qualname))
            if target:
                self._bind(Ref(r.path, r.src_qualname, "call", r.name, r.receiver, None, None, r.line), "#0",
                           [target], self._called)
        for r in self.g.index.callbacks_named(name):
            if not (r.module and r.alias):
                continue
            receiver = r.module.rpartition(".")[0]
            src = self.g.by_qual.get((r.path, r.src_qualname)) or f"{r.path}::{MODULE}"
            value = self._lookup(r, src, CALLABLE)
            if value.ids and value.resolution not in ("ambiguous", "unique_name", "external"):
                callee = Ref(r.path, r.src_qualname, "call", name, receiver or None, None, None, r.line)
                self._bind(callee, r.alias, value.ids, self._called)

    def _inherits(self, r: Ref, src: str):
        """An affected file's base, resolved again: recorded as a subclass too (the stored ones are hidden)."""
        before = len(self.g.bases.get(src) or [])
        edges = super()._inherits(r, src)
        for dst in self.g.bases[src][before:]:
            self.g.fresh_subclasses[dst].append((src, r.path, r.line))
        return edges


def resolve_affected(index: Index, refs: pa.Table, files: dict, affected: set[str], root, provenance: str) -> list:
    """The edges of the ``affected`` files (every kind), resolving only what their references reach. ``refs`` are
    the affected files' references; the index holds every file's definitions, early references and hierarchy (the
    affected files' hidden: their bases are resolved here first, as a full run resolves every file's)."""
    graph = LazyGraph(index, files, root)
    resolver = LazyResolver(graph, files, root, provenance)
    by_path: dict[str, list[Ref]] = defaultdict(list)
    for r in _refs(refs):
        by_path[r.path].append(r)
    edges = resolver.bind_imports({p: by_path[p] for p in affected}, affected)
    for path in sorted(by_path):  # bases first: self.m() on an inherited method needs them
        for r in by_path[path]:
            if r.kind == "inherits":
                edges.extend(resolver.resolve(r))
    resolver.forget_hierarchy()
    for path in sorted(by_path):
        seen: dict[tuple, list] = {}
        for r in by_path[path]:
            if r.kind in EARLY:
                continue
            key = (r.src_qualname, r.kind, r.name, r.receiver, r.module, r.alias, r.bound_to)
            found = seen.get(key)
            if found is None:
                found = seen[key] = resolver.resolve(r)
                edges.extend(found)
            else:
                edges.extend(e._replace(line=r.line) for e in found)
    edges.extend(resolver.dispatch_edges(_classes_of(graph, affected)))
    return [e for e in edges if e.path in affected]


EARLY = set(EARLY_KINDS)


def _classes_of(graph: LazyGraph, affected: set[str]) -> list[str]:
    """The classes whose methods (base method -> override edges) may be in the affected files: theirs, and the
    types their methods belong to elsewhere."""
    classes = {}
    for path in sorted(affected):
        for s in graph.index.symbols_of(path):
            if s.kind in CLASSLIKE:
                classes[s.id] = None
            elif s.kind in METHODS:
                parent = graph.owner.get(s.id) or s.parent_id
                if parent and not parent.endswith("::" + MODULE):
                    classes[parent] = None
    return list(classes)
