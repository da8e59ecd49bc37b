"""Resolution proportional to the edit: the resolver's graph loaded only as far as the affected files' references ask.

A full run builds every index of the repository (``resolve.build_graph``) and binds every file's imports before it
resolves anything. An update resolves the references of a few files; here the same ``Resolver`` runs over a graph
whose indexes fill themselves on first use, from the repository's definitions and early references held as Arrow
columns (no Python object per row until a lookup reaches it): a file's definitions when a name in it is looked up,
the definitions of a name when resolution falls back to names, a class's bases (its file's ``inherits`` references
resolved) when a lookup walks them, a file's imports when a binding is followed into it. The answers are the ones a
full graph gives: the same code decides, only the order in which indexes are filled differs.
"""

from __future__ import annotations

from collections import defaultdict

import pyarrow as pa
import pyarrow.compute as pc

from . import resolve
from .resolve import MODULE, Ref, Resolver, Symbol

SYMBOL_COLUMNS = ["id", "path", "name", "qualname", "kind", "parent_id", "line_start"]
READ_COLUMNS = ["path", "name", "qualname", "kind", "parent_id", "line_start", "sid"]  # id is path::qualname
REF_FIELDS = ["path", "src_qualname", "kind", "name", "receiver", "module", "alias", "line"]


class Rows:
    """A table's rows looked up by the value of one column, through its dictionary (no Python object per row)."""

    def __init__(self, table: pa.Table, key: str):
        self.table = table
        encoded = table.column(key).chunk(0) if table.num_rows else pc.dictionary_encode(pa.array([], pa.string()))
        self.codes = encoded.indices
        self.code_of = {v: i for i, v in enumerate(encoded.dictionary.to_pylist())}

    def where(self, value) -> pa.Table:
        code = self.code_of.get(value)
        if code is None:
            return self.table.slice(0, 0)
        return self.table.filter(pc.equal(self.codes, code))


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


class Index:
    """The repository's definitions and early references (imports, re-exports, bases) by file and by name, over
    several sources (the lake's rows, this run's rows), each dictionary-encoded on its lookup columns; the lake's
    rows of the files this run changed are masked out (``hidden``), not filtered away."""

    def __init__(self, symbols: list[tuple[pa.Table | None, set[str]]],
                 early: list[tuple[pa.Table | None, set[str]]]):
        """``symbols`` and ``early`` are (table, paths whose rows it holds that are hidden) per source."""
        sources = [(encoded(t, READ_COLUMNS, ("path", "name", "kind", "parent_id")), h) for t, h in symbols
                   if t is not None and t.num_rows]
        self.symbols = [t for t, _ in sources]
        self.hidden = [h for _, h in sources]
        self.by_path = [Rows(t, "path") for t in self.symbols]
        self.by_name = [Rows(t, "name") for t in self.symbols]
        self.early = [(Rows(encoded(t, REF_FIELDS, ("path",)), "path"), h) for t, h in early
                      if t is not None and t.num_rows]
        self.sids: dict[str, int] = {}
        self.cross_file = self._visible(t.filter(_parent_elsewhere(t)) for t in self.symbols)
        self.elsewhere = self._visible(t.filter(_dotted_at_module(t)) for t in self.symbols)

    def symbols_of(self, path: str) -> list[Symbol]:
        return self._visible(r.where(path) for r in self.by_path)

    def named(self, name: str) -> list[Symbol]:
        return self._visible(r.where(name) for r in self.by_name)

    def _visible(self, tables) -> list[Symbol]:
        found = []
        for table, hidden in zip(tables, self.hidden):
            if not table.num_rows:
                continue
            data = _plain(table).to_pydict()
            for path, qual, row in zip(data["path"], data["qualname"], zip(*(data[c] for c in SYMBOL_COLUMNS[1:]))):
                if path not in hidden:
                    found.append(Symbol(f"{path}::{qual}", *row))
            self.sids.update((f"{p}::{q}", sid) for p, q, sid in zip(data["path"], data["qualname"], data["sid"])
                             if p not in hidden)
        return sorted(found, key=lambda s: s.id)  # a full run's order: duplicate names keep the first by id

    def early_refs_of(self, path: str) -> list[Ref]:
        refs = []
        for rows, hidden in self.early:
            if path in hidden:
                continue
            data = _plain(rows.where(path)).to_pydict()
            refs.extend(Ref(*row) for row in zip(*(data[f] for f in REF_FIELDS)))
        return refs

    def sid_of(self, symbol_id: str | None) -> int | None:
        if symbol_id is None:
            return None
        if symbol_id not in self.sids:
            self.symbols_of(symbol_id.split("::", 1)[0])
        return self.sids.get(symbol_id)


def _parent_elsewhere(table: pa.Table):
    """Rows whose parent is defined in another file (a Go method, a Rust ``impl``): worked out once per distinct
    parent and path, through the dictionaries."""
    paths, parents = table.column("path").chunk(0), table.column("parent_id").chunk(0)
    code_of = {v: i for i, v in enumerate(paths.dictionary.to_pylist())}
    parent_path = pa.array([code_of.get(p.split("::", 1)[0], -2) if p else -1
                            for p in parents.dictionary.to_pylist()], pa.int32())
    of_row = pc.fill_null(pc.take(parent_path, parents.indices), -1)
    return pc.and_(pc.not_equal(of_row, -1), pc.not_equal(of_row, paths.indices.cast(pa.int32())))


def _dotted_at_module(table: pa.Table):
    """Rows with a dotted name directly under their module (``T.m`` defined apart from ``T``)."""
    parents = table.column("parent_id").chunk(0)
    at_module = pc.take(pc.ends_with(parents.dictionary, "::" + MODULE), parents.indices)
    return pc.fill_null(pc.and_(at_module, pc.match_substring(table.column("qualname"), ".")), False)


def _path_of(symbol_id) -> str | None:
    return symbol_id.split("::", 1)[0] if isinstance(symbol_id, str) else None


def _symbols(table: pa.Table) -> list[Symbol]:
    data = _plain(table.select(SYMBOL_COLUMNS)).to_pydict()
    return [Symbol(*row) for row in zip(*(data[c] for c in SYMBOL_COLUMNS))]


class _Lazy(dict):
    """A dict that fills an entry from ``load(key)`` the first time it is read (``get`` and ``[]`` alike)."""

    def __init__(self, load, default_factory=None):
        super().__init__()
        self._load, self._default = load, default_factory

    def _fill(self, key) -> bool:
        if not dict.__contains__(self, key) and key is not None:
            self._load(key)
        return dict.__contains__(self, key)

    def get(self, key, default=None):
        return dict.__getitem__(self, key) if self._fill(key) else default

    def __getitem__(self, key):
        if self._fill(key):
            return dict.__getitem__(self, key)
        if self._default is None:
            raise KeyError(key)
        value = self[key] = self._default()
        return value

    def __contains__(self, key) -> bool:
        return self._fill(key)


class LazyGraph(resolve.Graph):
    """``resolve.Graph`` whose symbol indexes fill per file and per name; module and package indexes are built for
    every file up front (from paths alone, as ``build_graph`` does)."""

    def __init__(self, index: Index, files: dict[str, dict], root):
        base = resolve.build_graph([], files, root)  # module and package indexes only
        super().__init__(module_index=base.module_index, packages=base.packages)
        self.index, self.loaded_paths, self.loaded_names = index, set(), set()
        self.by_id = _Lazy(lambda sid: self.load_path(_path_of(sid)))
        self.by_qual = _Lazy(lambda key: self.load_path(key[0]))
        self.top = _Lazy(self.load_path, dict)
        self.members = _Lazy(lambda cls: self.load_path(_path_of(cls)), dict)
        self.by_name = _Lazy(self.load_name, list)
        self.package_top = _Lazy(self.load_package)
        self.bases = _Lazy(lambda cls: None, list)  # filled by the resolver's hierarchy loader
        for s in index.cross_file:  # members a type gets from other files (rows.py gave them that parent)
            self.load_path(_path_of(s.parent_id))
            self._add(s)
        for s in index.elsewhere:
            owner = resolve._owner_elsewhere(self, s, files)
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


BY_NAME_KINDS = set(resolve.CALLABLE) | set(getattr(resolve, "VALUES", ()))


class LazyResolver(Resolver):
    """The ``Resolver`` over a ``LazyGraph``: a file's imports are registered when first read, a class's bases when
    first walked (its file's ``inherits`` references resolved, their edges kept for the affected files)."""

    def __init__(self, graph: LazyGraph, files: dict, root, provenance: str, affected: set[str]):
        self._imports = _Lazy(self._load_imports)
        super().__init__(graph, files, root, provenance)
        self.affected, self.hierarchy_edges, self._hierarchy_done = affected, [], set()
        graph.bases = _Lazy(lambda cls: self._load_hierarchy(_path_of(cls)), list)

    @property
    def imports_of(self):
        return self._imports

    @imports_of.setter
    def imports_of(self, value) -> None:  # the resolver registers the files it was given; the rest load on use
        for path, refs in dict(value).items():
            dict.__setitem__(self._imports, path, refs)

    def _load_imports(self, path: str) -> None:
        if path in self.supports:
            refs = [r for r in self.g.index.early_refs_of(path) if r.kind in ("import", "reexport")]
            dict.__setitem__(self._imports, path, refs)

    def _load_hierarchy(self, path: str | None) -> None:
        if path is None or path in self._hierarchy_done:
            return
        self._hierarchy_done.add(path)
        for r in self.g.index.early_refs_of(path):
            if r.kind == "inherits":
                edges = self.resolve(r)
                if path in self.affected:
                    self.hierarchy_edges.extend(edges)


def resolve_affected(index: Index, refs: pa.Table, files: dict, affected: set[str], root, provenance: str) -> list:
    """The edges of the ``affected`` files (every kind), resolving only what their references reach. ``refs`` are
    the affected files' references; the index holds every file's definitions and early references."""
    graph = LazyGraph(index, files, root)
    resolver = LazyResolver(graph, files, root, provenance, affected)
    by_path: dict[str, list[Ref]] = defaultdict(list)
    for r in _refs(refs):
        by_path[r.path].append(r)
    edges = resolver.bind_imports({p: [r for r in by_path[p] if r.kind in EARLY] for p in affected}, affected)
    for path in sorted(affected):  # bases first (self.m() on an inherited method needs them), then the calls
        resolver._load_hierarchy(path)
    edges.extend(resolver.hierarchy_edges)
    resolver.hierarchy_edges = []
    for path in sorted(by_path):
        seen: dict[tuple, list] = {}
        for r in by_path[path]:
            if r.kind in EARLY:
                continue
            key = (r.src_qualname, r.kind, r.name, r.receiver, r.module, r.alias)
            found = seen.get(key)
            if found is None:
                found = seen[key] = resolver.resolve(r)
                edges.extend(found)
            else:
                edges.extend(_with_line(e, r.line) for e in found)
    edges.extend(resolver.hierarchy_edges)  # bases walked while resolving calls: only the affected files' kept
    edges.extend(_dispatch(resolver, graph, affected))
    return [e for e in edges if _path(e) in affected]


EARLY = set(resolve.EARLY_KINDS)


def _refs(refs: pa.Table) -> list[Ref]:
    data = _plain(refs.select(REF_FIELDS)).to_pydict()
    return [Ref(*row) for row in zip(*(data[f] for f in REF_FIELDS))]


def _dispatch(resolver: LazyResolver, graph: LazyGraph, affected: set[str]) -> list:
    """Base method -> override edges of the affected files' classes (and of their types' members elsewhere):
    their whole ancestry loaded first, so that ``dispatch_edges`` walks a settled hierarchy."""
    classes = {s.id for path in affected for s in graph.index.symbols_of(path) if s.kind in resolve.CLASSLIKE}
    classes |= {s.parent_id for path in affected for s in graph.index.symbols_of(path)
                if s.kind in resolve.METHODS and s.parent_id and not s.parent_id.endswith("::" + MODULE)}
    seen: set[str] = set()
    while True:  # every class with loaded bases, and all their ancestors, loaded before dispatch_edges walks them
        frontier = [c for c in classes | set(dict.keys(graph.bases)) if c not in seen]
        if not frontier:
            break
        while frontier:
            cls = frontier.pop()
            if cls in seen:
                continue
            seen.add(cls)
            graph.members.get(cls)
            frontier.extend(b for b in graph.bases[cls] if b not in seen)
    return resolver.dispatch_edges()


def _path(edge) -> str:
    return edge.path if hasattr(edge, "path") else edge[4]


def _with_line(edge, line: int):
    if hasattr(edge, "_replace"):
        return edge._replace(line=line)
    return edge[:5] + (line,) + edge[6:]
