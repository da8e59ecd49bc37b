"""The repository's definitions, indexed for name resolution: by id, by (path, qualname), top-level names per file,
members per class, names across the repository, modules per language family, packages, class bases."""

from __future__ import annotations

import sys
from collections import defaultdict
from functools import lru_cache

from pipeline.extractor import Record

from . import langs
from .discover import is_test_path
from .langs.arity import Params
from .ondemand import AnsweredByGet, WholeWhenIterated
from .qualnames import untwinned

CALLABLE = {"function", "method", "class", "struct", "interface", "trait", "enum", "type", "object"}
METHODS = {"method"}
CLASSLIKE = {"class", "struct", "interface", "trait", "enum", "object", "type"}
VALUES = {"variable", "constant", "property", "field"}  # module-level variables, class fields and properties
MACROS = {"macro"}  # Rust's macro_rules!, named with their ``!``: found by name for a ``macro_call`` only
BY_NAME_KINDS = CALLABLE | VALUES | MACROS  # what a name can reach: ``build_graph`` lists these by name
MODULE = "<module>"
BODY_SCOPES = frozenset({"function", "method"})  # definitions whose bodies may define local names
MEMBER_KINDS = METHODS | {"property", "field"}  # what ``x.name`` may be: an object's members, never a body's locals


class Symbol(Record):
    """A definition as resolution reads it. Written out, not a dataclass (an update's main process would write and
    ``exec`` its methods' source); the same fields, order, defaults, equality and repr."""

    __slots__ = ("id", "path", "name", "qualname", "kind", "parent_id", "line", "params")
    _FIELDS = __slots__

    def __init__(self, id: str, path: str, name: str, qualname: str, kind: str, parent_id: str | None, line: int = 0,
                 params: Params | None = None):  # how many arguments it accepts (``ARITY``); None: not known
        self.id, self.path, self.name, self.qualname, self.kind = id, path, name, qualname, kind
        self.parent_id, self.line, self.params = parent_id, line, params


class Graph:
    """Indexes over every definition of the repository. A plain class, not a dataclass: an update's main process
    builds it, and a dataclass writes and ``exec``s its methods' source in every process that imports it."""

    def __init__(self, *, by_id=None, by_qual=None, top=None, members=None, by_name=None, bases=None,
                 external_bases=None, external_base_names=None, singleton_bases=None, module_index=None, packages=None,
                 package_top=None, package_twins=None, package_blocks=None, owner=None, members_apart=None,
                 variants=None, _subclasses=None):
        self.by_id: dict[str, Symbol] = {} if by_id is None else by_id
        self.by_qual: dict[tuple[str, str], str] = {} if by_qual is None else by_qual
        self.top: dict[str, dict[str, str]] = defaultdict(dict) if top is None else top
        self.members: dict[str, dict[str, str]] = defaultdict(dict) if members is None else members
        self.by_name: dict[str, list[str]] = defaultdict(list) if by_name is None else by_name
        self.bases: dict[str, list[str]] = defaultdict(list) if bases is None else bases
        # classes with a base outside the repository
        self.external_bases: set[str] = set() if external_bases is None else external_bases
        # class -> the names of its bases outside the repository, as written (``MutableMapping``): what a type check
        # against a library's class may hold for (``Hooks.may_be_instance``)
        self.external_base_names: dict[str, list[str]] = \
            defaultdict(list) if external_base_names is None else external_base_names
        # (class, base) where the base's methods are the class object's own (``parse.SINGLETON``: Ruby's ``extend M``)
        self.singleton_bases: set[tuple[str, str]] = set() if singleton_bases is None else singleton_bases
        # language group -> key -> paths
        self.module_index: dict[str, dict[str, list[str]]] = {} if module_index is None else module_index
        self.packages: dict[tuple[str, str], list[str]] = defaultdict(list) if packages is None else packages
        # top-level names per package
        self.package_top: dict[tuple[str, str], dict[str, str]] = {} if package_top is None else package_top
        # (package key, name) -> each file's definition of a name several files of one package define (two Gradle
        # modules declaring one package): a reference takes the one nearest it
        self.package_twins: dict[tuple, list[str]] = {} if package_twins is None else package_twins
        # path -> the packages of its parts where one file declares several (``support.package_blocks``: PHP's
        # ``namespace A { } namespace B { }``), each (first line, package) in line order; a file of one package: absent
        self.package_blocks: dict[str, list[tuple[int, str]]] = {} if package_blocks is None else package_blocks
        self.owner: dict[str, str] = {} if owner is None else owner  # method -> its type defined in another file
        # (type, name) -> each definition of a member name the type has from more than one file (Swift's ``extension
        # Foo { func m(x: Int) }`` beside Foo's own ``m()``): ``members`` keeps one per name, a call may mean any
        self.members_apart: dict[tuple[str, str], set[str]] = \
            defaultdict(set) if members_apart is None else members_apart
        self.variants: dict[str, list[str]] = {} if variants is None else variants  # a definition -> its variants (Go)
        self._subclasses: dict[str, list[str]] | None = _subclasses
        # path -> the last part of each of its qualnames that has one above it (``A.f``: ``f``): a name not among them
        # is defined in none of the file's scopes, so ``Resolver._scoped_name`` walks none (its scope-by-scope look-ups
        # were most of its 1.65M dict reads in sympy's slices, nearly all empty). None: not indexed (``build_graph``
        # fills it; the lazy graph loads a file's symbols as its scopes are asked, so it walks them as before)
        self.nested_names: dict[str, set[str]] | None = None
        # path -> name -> the definitions a function's body makes there (``local_to_body``): no other code reaches
        # them by their name, so they are not in ``by_name`` (a guess's candidates); the code of that body does
        self.local_names: dict[str, dict[str, list[str]]] = {}

    def owner_of(self, sym: Symbol) -> str | None:
        """The type a member belongs to: its type from another file (a Go method's receiver, a Rust ``impl``'s type),
        else its parent."""
        return self.owner.get(sym.id) or sym.parent_id

    def subclasses(self, cls: str) -> list[str]:
        """Direct subclasses (and implementations) of ``cls``, from the bases known once inheritance is resolved."""
        if self._subclasses is None:
            self._subclasses = defaultdict(list)
            for sub, bases in self.bases.items():
                for base in bases:
                    self._subclasses[base].append(sub)
        return self._subclasses.get(cls, [])

    def forget_subclasses(self) -> None:
        self._subclasses = None


def forget_configs() -> None:
    """Language modules cache what they read from go.mod, tsconfig.json, package.json...: valid for one run only
    (a long-lived worker indexes again after these files changed). Called once, as a run starts (``StructureExtractor``):
    the module index and the resolver of one run read each config once. Only the modules imported so far can hold
    anything: none is imported for this (a one-shot update imports only its files' languages)."""
    prefix = langs.__name__ + "."
    for name, module in list(sys.modules.items()):
        if module is not None and name.startswith(prefix):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def at_module_level(s: Symbol) -> bool:
    """Whether ``s`` is defined at the top of its file (its parent the module, or none)."""
    return s.parent_id is None or s.parent_id.endswith("::" + MODULE)


def build_graph(symbols: list[Symbol], files: dict[str, dict], root) -> Graph:
    g = Graph()
    g.nested_names = nested = {}
    elsewhere = []  # members whose type is not in their file (qualname ``T.m`` under the module)
    body_kinds = _body_kinds(symbols, files)
    for s in symbols:
        g.by_id[s.id] = s
        g.by_qual[(s.path, s.qualname)] = s.id
        _, dot, last = s.qualname.rpartition(".")
        if dot:
            names = nested.get(s.path)
            if names is None:
                names = nested[s.path] = set()
            names.add(last)
        if s.kind == "module":
            continue
        if at_module_level(s):
            if "." in untwinned(s.qualname):
                elsewhere.append(s)
            else:
                keep_top(g.top[s.path], s, g.by_id)
        else:
            keep_member(g.members[s.parent_id], s, g.members_apart)
        if imported_apart(s):
            g.top[s.path].setdefault(s.name, s.id)
        if s.kind in BY_NAME_KINDS:
            if body_kinds and local_to_body(s, body_kinds.get(s.parent_id)):
                g.local_names.setdefault(s.path, {}).setdefault(s.name, []).append(s.id)
            else:
                g.by_name[s.name].append(s.id)
    _index_modules(g, files, root)
    _index_variants(g, symbols, files)
    for s in elsewhere:
        join_owners(g, s, files)
    return g


def local_to_body(s: Symbol, parent_kind: str | None) -> bool:
    """Whether ``s`` is a definition a function's or method's body makes (a nested function, a local class), in a
    language that scopes those to the body (``LOCAL_DEFINITIONS_SCOPED``); a member of a class or object literal made
    in a body is no local: it is reached through its object."""
    return local_kind(s.kind, s.path, parent_kind)


def local_kind(kind: str, path: str, parent_kind: str | None) -> bool:
    """``local_to_body`` of a definition of ``kind`` in ``path`` whose parent is of ``parent_kind``."""
    return parent_kind in BODY_SCOPES and kind not in MEMBER_KINDS and locals_scoped(path)


def _body_kinds(symbols: list[Symbol], files: dict[str, dict]) -> dict[str, str]:
    """The kind of each function or method that has a definition in its body, in the files whose language scopes
    those (empty where none does: no language's rule applies)."""
    parents = {s.parent_id for s in symbols if s.parent_id and not s.parent_id.endswith("::" + MODULE)
               and s.kind not in MEMBER_KINDS and locals_scoped(s.path)}
    return {s.id: s.kind for s in symbols if s.id in parents and s.kind in BODY_SCOPES} if parents else {}


def locals_scoped(path: str) -> bool:
    return _locals_scoped(path[path.rfind("."):].lower())


@lru_cache(maxsize=None)
def _locals_scoped(extension: str) -> bool:
    from .languages import BY_EXTENSION

    lang = BY_EXTENSION.get(extension)
    return bool(lang and getattr(langs.support(lang.name), "LOCAL_DEFINITIONS_SCOPED", False))


DECLARATIONS = frozenset({"interface", "type"})


def keep_top(names: dict, s: Symbol, by_id: dict) -> None:
    """A file's top-level definition of a name: the first, but a class goes before an interface or type alias of
    its name (TypeScript's declaration merging, ``interface Box {...}`` then ``class Box {...}``: the class is what
    ``new Box()`` builds and an import of ``Box`` brings; elsewhere the pair does not compile), and a definition of
    its own before an extension of another type named there apart (``imported_apart``: kotlinx.coroutines'
    ``awaitAll(vararg deferreds)`` beside ``Collection<Deferred<T>>.awaitAll()``: a bare ``awaitAll(a, b)`` has no
    receiver to extend)."""
    held = names.get(s.name)
    if held is None or (s.kind == "class" and by_id[held].kind in DECLARATIONS) or "." in untwinned(
            by_id[held].qualname):
        names[s.name] = s.id


def keep_member(names: dict, s: Symbol, apart: dict | None = None) -> None:
    """A class's member by name: the first one, but one written in the class's own file goes before one another file
    adds (Kotlin's ``fun Moshi.adapter()`` extension beside Moshi's own ``adapter``: the member is what a call runs).
    ``apart`` gathers the name's definitions where files differ (same-file twins are ``m#2``: ``Resolver._twins``)."""
    held = names.get(s.name)
    if apart is not None and held is not None and held.split("::", 1)[0] != s.path:
        apart[(s.parent_id, s.name)].update((held, s.id))
    home = s.parent_id.split("::", 1)[0]
    if held is None or (s.path == home and held.split("::", 1)[0] != home):
        names[s.name] = s.id


def imported_apart(s: Symbol) -> bool:
    """A method written at the top of its file apart from its type, in a language whose ``EXTENSIONS_IMPORTED`` says
    it is imported by its own name (Kotlin's ``fun Foo.bar()``, brought in by ``import a.b.bar``): it is a top-level
    name of its file too (its package sees it, an import finds it), besides a member of ``Foo``."""
    if s.kind not in METHODS or untwinned(s.qualname).count(".") != 1:
        return False
    if s.parent_id is not None and not s.parent_id.endswith("::" + MODULE) and s.parent_id.split("::")[0] == s.path:
        return False  # a method in its class's body
    return _extensions_imported(s.path[s.path.rfind("."):].lower())


@lru_cache(maxsize=None)
def _extensions_imported(extension: str) -> bool:
    from .languages import BY_EXTENSION

    lang = BY_EXTENSION.get(extension)
    return bool(lang and getattr(langs.support(lang.name), "EXTENSIONS_IMPORTED", False))


def _index_modules(g: Graph, files: dict[str, dict], root, with_top: bool = True) -> None:
    """Packages (Go, Java) and the keys under which each language family's files are imported, their files in path
    order: the first file of a package defining a name gives it (``package_top``), and an update lists the lake's
    files before the ones it parsed, where a full run lists them all by path (a file copied into its package: the
    copy, sorting first, is what the package's callers resolve to in both)."""
    by_support = defaultdict(list)
    supports: dict = {}  # language -> (its module, its package_blocks): looked up once, not once per file
    for path in sorted(files):
        info = files[path]
        found = supports.get(info.get("language"))
        if found is None:
            support = langs.support(info.get("language"))
            found = supports[info.get("language")] = (support, getattr(support, "package_blocks", None))
        support, blocks = found
        if support is None:
            continue
        by_support[support].append(path)
        if support.package_scope is langs.no_package_scope:
            continue
        scope = support.package_scope(path, info)
        blocks = blocks(path, info) if blocks else None
        if blocks:
            g.package_blocks[path] = blocks
        for one in dict.fromkeys([scope] + [block_scope for _, block_scope in blocks or ()]):
            if one:
                g.packages[(support.GROUP, one)].append(path)
    for support, paths in by_support.items():
        index = g.module_index.setdefault(support.GROUP, {})
        for path, keys in _module_keys(support, paths, files, root).items():
            for key in keys:
                index.setdefault(key, []).append(path)
    for key, paths in g.packages.items() if with_top else ():
        g.package_top[key] = package_names(g, key, paths)


MODULE_ROW = "module"  # a ``module_index`` row's kinds: a file under an import key, in a package, a package block
PACKAGE_ROW = "package"
BLOCK_ROW = "block"
MODULE_COLUMNS = ["kind", "family", "key", "path", "line", "position"]


def module_rows(files: dict[str, dict], root) -> dict[str, list]:
    """The module and package indexes of ``files`` (``_index_modules``) as the ``module_index`` table's columns:
    what an update's resolution needs of every file, kept in the lake so that a one-file update reads it instead of
    asking each language for the keys of every file (site-packages: 15K files, ~60-80 ms). Rows in the indexes'
    order, so that ``stored_modules`` gives back the same lists in the same order."""
    g = Graph()
    _index_modules(g, files, root, with_top=False)
    rows = [(MODULE_ROW, group, key, path, None) for group, index in g.module_index.items()
            for key, paths in index.items() for path in paths]
    rows += [(PACKAGE_ROW, group, scope, path, None) for (group, scope), paths in g.packages.items() for path in paths]
    rows += [(BLOCK_ROW, None, scope, path, line) for path, blocks in g.package_blocks.items() for line, scope in blocks]
    columns = dict(zip(MODULE_COLUMNS[:-1], map(list, zip(*rows)))) if rows else {c: [] for c in MODULE_COLUMNS[:-1]}
    columns["position"] = list(range(len(rows)))  # the lake shards the table by path: the order is kept apart
    return columns


def stored_modules(columns) -> Graph:
    """A graph holding only the module and package indexes, from ``module_rows``' columns, or from the lake's
    ``module_index`` table in ``position`` order (``rows.kept_modules``): then each language group's keys and
    packages are made into Python when a file of the group first asks (``_Grouped``), the few package blocks at once."""
    if not isinstance(columns, dict):
        return _stored_lazily(columns)
    g = Graph()
    for kind, group, key, path, line in zip(*(columns[c] for c in MODULE_COLUMNS[:-1])):
        if kind == MODULE_ROW:
            index = g.module_index.get(group)
            if index is None:
                index = g.module_index[group] = {}
            paths = index.get(key)
            if paths is None:
                index[key] = [path]
            else:
                paths.append(path)
        elif kind == PACKAGE_ROW:
            g.packages[(group, key)].append(path)
        else:
            g.package_blocks.setdefault(path, []).append((line, key))
    return g


def _stored_lazily(table) -> Graph:
    from pipeline import arrowops as pc  # not pyarrow.compute: an update does not import it

    blocks = pc.filter(table, pc.equal(table.column("kind"), BLOCK_ROW)).select(["path", "line", "key"]).to_pydict()
    package_blocks: dict[str, list[tuple[int, str]]] = {}
    for path, line, key in zip(blocks["path"], blocks["line"], blocks["key"]):
        package_blocks.setdefault(path, []).append((line, key))
    return Graph(module_index=_Grouped(table, MODULE_ROW, nested=True),
                 packages=_Grouped(table, PACKAGE_ROW, nested=False), package_blocks=package_blocks)


_NONE = object()


class _Grouped(WholeWhenIterated, AnsweredByGet, dict):
    """The stored ``module_index`` rows of one ``kind`` as ``Graph.module_index`` (``nested``: group -> key -> paths)
    or ``Graph.packages`` ((group, scope) -> paths), a language group's rows made into Python the first time one of
    its entries is asked for: an update of a Python file in a repository that also holds C and JavaScript leaves
    theirs in Arrow. Iterating makes every group's, in the rows' order, as ``stored_modules`` would."""

    def __init__(self, table, kind: str, nested: bool):
        from pipeline import arrowops as pc

        super().__init__()
        self._rows = pc.filter(table, pc.equal(table.column("kind"), kind)).select(["family", "key", "path"])
        self._nested, self._made, self._whole = nested, set(), None

    def _make(self, group: str) -> None:
        from pipeline import arrowops as pc

        self._made.add(group)
        table = pc.filter(self._rows, pc.equal(self._rows.column("family"), group)).select(["key", "path"])
        if self._nested:
            if table.num_rows:
                dict.__setitem__(self, group, _Keys(table))
            return
        rows = table.to_pydict()
        for key, path in zip(rows["key"], rows["path"]):
            dict.setdefault(self, (group, key), []).append(path)

    def get(self, entry, default=None):
        group = entry if self._nested else entry[0] if isinstance(entry, tuple) and entry else None
        if isinstance(group, str) and group not in self._made:
            self._make(group)
        return dict.get(self, entry, default)

    def whole(self) -> dict:
        """Every entry, in the order ``stored_modules`` adds them (each group's rows made first)."""
        if self._whole is None:
            order = self._rows.select(["family", "key"]).to_pydict()
            for group in dict.fromkeys(order["family"]):
                if group not in self._made:
                    self._make(group)
            entries = order["family"] if self._nested else zip(order["family"], order["key"])
            self._whole = {entry: dict.__getitem__(self, entry) for entry in dict.fromkeys(entries)}
        return self._whole


class _Keys(WholeWhenIterated, AnsweredByGet, dict):
    """One language group's stored module index (key -> its paths, in the rows' order), searched per key in Arrow:
    its keys sorted once, a key's paths found by binary search and made Python when first asked for. An update
    asks for a few of site-packages' Python keys (~3.7 MiB and ~30K objects as a dict); iterating (a language that
    walks the index) makes the whole dict, in the rows' order."""

    def __init__(self, table):
        from pyarrow.types import is_dictionary as pa_is_dictionary

        from pipeline import arrowops as pc

        super().__init__()
        self._table = table.combine_chunks()  # made for a group with rows only: one chunk
        keys = self._table.column("key").chunk(0)
        if pa_is_dictionary(keys.type):
            keys = pc.cast(keys, keys.type.value_type)
        self._order = pc.array_sort_indices(keys)  # stable: a key's paths keep the rows' order
        self._keys = pc.take(keys, self._order)
        self._found: dict = {}
        self._whole = None

    def get(self, key, default=None):
        if self._whole is not None:
            return self._whole.get(key, default)
        found = self._found.get(key, _NONE) if isinstance(key, str) else None
        if found is _NONE:
            found = self._found[key] = self._search(key)
        return default if found is None else found

    def __bool__(self) -> bool:
        return True  # made for a group with rows only

    def __eq__(self, other) -> bool:  # as the dict it stands for
        return self.whole() == other

    def __ne__(self, other) -> bool:
        return not self == other

    __hash__ = None

    def __repr__(self) -> str:
        return repr(self.whole())

    def _search(self, key: str) -> list[str] | None:
        from pipeline import arrowops as pc

        keys = self._keys
        low = first = pc.lower_bound(keys, key)  # a few scalars compared, none of the others decoded
        while low < len(keys) and keys[low].as_py() == key:  # a key's few paths
            low += 1
        if low == first:
            return None
        return pc.take(self._table.column("path"), self._order.slice(first, low - first)).to_pylist()

    def top_level_names(self) -> frozenset:
        """Each key's first dotted part (``python.is_external``), from Arrow: no key made Python but the parts."""
        from pipeline import arrowops as pc

        parts = pc.list_element(pc.split_pattern(self._keys, pattern=".", max_splits=1), 0)
        return frozenset(pc.unique(parts).to_pylist())

    def whole(self) -> dict:
        if self._whole is None:
            rows = self._table.to_pydict()
            index: dict[str, list[str]] = {}
            for key, path in zip(rows["key"], rows["path"]):
                paths = index.get(key)
                if paths is None:
                    index[key] = [path]
                else:
                    paths.append(path)
            for key, paths in self._found.items():  # the lists handed out already
                if paths is not None:
                    index[key] = paths
            self._whole = index
        return self._whole


def package_names(g: Graph, key: tuple, paths: list[str]) -> dict:
    """A package's top-level names, the first file's definition of each (``package_top``); ``package_twins`` gets
    every file's where several define one."""
    names: dict = {}
    for path in paths:
        blocks = g.package_blocks.get(path)
        for name, sid in g.top.get(path, {}).items():
            if blocks:  # the file's definition of the name in this package's block, if any
                sid = in_block(g, blocks, sid, key[1])
                if sid is None:
                    continue
            first = names.setdefault(name, sid)
            if first != sid and isinstance(first, str) and isinstance(sid, str):
                g.package_twins.setdefault((key, name), [first]).append(sid)
    return names


def scope_at(blocks: list[tuple[int, str]], line: int) -> str:
    """The package of the file's part holding ``line``: the last block starting at or before it (the first's before
    any)."""
    found = blocks[0][1]
    for first_line, scope in blocks:
        if first_line > line:
            break
        found = scope
    return found


def in_block(g: Graph, blocks: list[tuple[int, str]], sid: str, scope: str, most: int = 64) -> str | None:
    """Of a top-level name a file of several package blocks defines, its definition in the block of ``scope``:
    ``sid`` (the first) or a twin of it (``f#2``..., the same name defined in another block), else None."""
    path, qualname = g.by_id[sid].path, g.by_id[sid].qualname
    for n in range(1, most + 1):
        twin = sid if n == 1 else g.by_qual.get((path, f"{qualname}#{n}"))
        if twin is None:
            return None
        if scope_at(blocks, g.by_id[twin].line) == scope:
            return twin
    return None


def _index_variants(g: Graph, symbols: list[Symbol], files: dict[str, dict]) -> None:
    """One qualified name defined in several files of one package, in a language where that only compiles under
    exclusive build constraints (``BUILD_VARIANTS``: Go's ``//go:build``, ``// +build`` lines and ``_linux.go`` /
    ``_windows.go`` file names): the definitions are variants of one, and what reaches one reaches all (callers,
    blast radius and dead code see each build's). The one owner of that rule; twins within a file (``f#2``) are
    dead_code's. An update's graph finds a definition's variants as it is asked (``lazy.LazyGraph``)."""
    scopes: dict[str, tuple | None] = {}
    by_key: dict[tuple, list[str]] = defaultdict(list)
    for s in symbols:
        scope = variant_scope_of(s.path, files, scopes)
        if scope is not None and s.kind != "module":
            by_key[(scope, s.qualname)].append(s.id)
    for ids in by_key.values():
        if len(ids) > 1:
            for sid in ids:
                others = [o for o in ids if g.by_id[o].path != g.by_id[sid].path]
                if others:
                    g.variants[sid] = others


def variant_scope_of(path: str, files: dict[str, dict], scopes: dict[str, tuple | None]):
    """Where the definitions of ``path`` may have variants (``variant_scope(path, info)``, narrower than the
    package; the package's by default), None where they have none: a language without ``BUILD_VARIANTS``, or a test
    file. ``scopes``: each path's, kept as asked."""
    scope = scopes.get(path, False)
    if scope is False:
        support = langs.support(files.get(path, {}).get("language"))
        variants = support is not None and getattr(support, "BUILD_VARIANTS", False) and not is_test_path(path)
        # ``variant_scope(path, info)``: where variants may sit, narrower than the package (the package's)
        scope = scopes[path] = getattr(support, "variant_scope", support.package_scope)(path, files[path]) \
            if variants else None
    return scope


def variants_among(s: Symbol, candidates: list[Symbol], files: dict[str, dict],
                   scopes: dict[str, tuple | None]) -> list[str]:
    """``_index_variants``' rule for one definition: the ``candidates`` (definitions of its name) that are its
    variants, in the order a full run lists them (by path)."""
    scope = variant_scope_of(s.path, files, scopes) if s.kind != "module" else None
    if scope is None:
        return []
    return [c.id for c in sorted(candidates, key=lambda c: c.path)
            if c.qualname == s.qualname and c.path != s.path and c.kind != "module"
            and variant_scope_of(c.path, files, scopes) == scope]


def _module_keys(support, paths: list[str], files: dict, root) -> dict[str, list[str]]:
    """``support.module_keys``; a process that keeps what it reads of the lake (the warm refresh worker) keeps them
    too for a language whose keys follow from the paths alone (``MODULE_KEYS_FROM_PATHS``): every update builds them
    for every file of the repository (site-packages: ~0.1 s), and the paths rarely change between two edits."""
    from pipeline.shards import keeping

    kept = keeping() if getattr(support, "MODULE_KEYS_FROM_PATHS", False) else None
    if kept is None:
        return support.module_keys(paths, files, root)
    key = ("module_keys", support.GROUP, str(root), frozenset(paths))
    found = kept.get(key)
    if found is None:
        found = support.module_keys(paths, files, root)
        kept.put(key, found, 200 * len(paths))
    return found


def elsewhere_type_name(s: Symbol) -> str:
    """The name of the type ``T`` a member ``T.m`` defined apart from it belongs to (its owner bears that name)."""
    return untwinned(untwinned(s.qualname).rpartition(".")[0]).rpartition(".")[2]


def join_owners(g: Graph, s: Symbol, files: dict) -> None:
    """A member defined apart from its type becomes a member of its owners (``owners_elsewhere``), the first its
    ``owner``; a member of the type's own of that name stays first, one another file adds is kept apart too (two
    static classes' extension methods ``RaiseException`` of one type: a call's arguments choose, ``members_apart``)."""
    owners = owners_elsewhere(g, s, files)
    if owners:
        g.owner[s.id] = owners[0]
        for owner in owners:
            held = g.members[owner].setdefault(s.name, s.id)
            if held != s.id and held.split("::", 1)[0] != s.path:
                g.members_apart[(owner, s.name)].update((held, s.id))


def owners_elsewhere(g: Graph, s: Symbol, files: dict) -> list[str]:
    """The type ``T`` of a member ``T.m`` defined apart from it (same package first, then a unique type name), first;
    in a language with ``BUILD_VARIANTS`` its variants after it, nearest first: Kotlin's ``fun RealBufferedSink.
    commonWrite()`` extends the ``expect class`` and each platform's ``actual class``, whose own bare
    ``commonWrite(..)`` calls it (okio: 67 such extensions were dead, every call of them unresolved). Several types
    of that name elsewhere: the language's ``owners_among(g, member, candidates)`` picks, where it has one."""
    type_name = elsewhere_type_name(s)
    support = langs.support(files.get(s.path, {}).get("language"))
    variants = bool(getattr(support, "BUILD_VARIANTS", False))
    scope = support.package_scope(s.path, files[s.path]) if support and s.path in files else None
    found = []
    for other in g.packages.get((support.GROUP, scope), []) if scope else []:
        sid = g.top.get(other, {}).get(type_name)
        if sid and g.by_id[sid].kind in CLASSLIKE:
            found.append(sid)
            if not variants:
                return found
    if found:
        return _nearest_first(g, found, s.path)
    same = [i for i in g.by_name.get(type_name, ()) if g.by_id[i].kind in CLASSLIKE
            and langs.support(files.get(g.by_id[i].path, {}).get("language")) is support]
    if len(same) > 1 and getattr(support, "PARTIAL_TYPES", False):
        from .rows import partial_type  # the parts of one partial class: the one rows.py gives as parent

        whole = partial_type(same)  # None: parts in several folders, or several types
        if whole is not None:
            return [whole]
    if len(same) > 1 and variants and _one_definition(g, same, support, files):
        return _nearest_first(g, same, s.path)
    among = getattr(support, "owners_among", None)  # a language narrowing several same-named types itself
    if len(same) > 1 and among is not None:
        return among(g, s, same)
    return same[:1] if len(same) == 1 else []


def _one_definition(g: Graph, ids: list[str], support, files: dict) -> bool:
    """Whether ``ids`` are build variants of one definition: one qualified name in one package."""
    keys = {(support.package_scope(g.by_id[i].path, files[g.by_id[i].path]), g.by_id[i].qualname) for i in ids
            if g.by_id[i].path in files}
    return len(keys) == 1 and None not in next(iter(keys))


def _nearest_first(g: Graph, ids: list[str], path: str) -> list[str]:
    """``ids`` by the folders their files share with ``path``, most first (ties in their order)."""
    parts = path.split("/")

    def shared(sid: str) -> int:
        other = g.by_id[sid].path.split("/")
        return next((i for i, (a, b) in enumerate(zip(parts, other)) if a != b), min(len(parts), len(other)))

    return sorted(ids, key=lambda sid: -shared(sid))
