"""Name resolution: raw references (``refs``) + definitions (``symbols``) -> ``edges``, in layers of confidence.

Layers, first hit wins (the ``resolution`` column says which one):
  same_file       the enclosing scopes, the class (``self.m()``) or the file's top level          0.95
  inherited       a method found on a base class of the enclosing/receiver class                 0.85
  import          through the file's imports (aliases, ``from x import y``, module receivers)   0.90
  constructor     ``Foo().m()``: a method of the class whose constructor was called              0.85
  same_package    Go/Java: a top-level name of another file of the same package                  0.85
  fixture         a pytest test's or fixture's parameter: the fixture in its class, file or a conftest.py  0.85
  unique_name     the only definition with that name in the repository                          0.60
  ambiguous       several candidates: one edge each (the 8 nearest the caller), never dropped  0.30
  unresolved      no candidate: dst_id is null                                                   0.00
Plus ``dispatch`` edges (base method -> override, 0.70) so that interface/trait/virtual dispatch reaches the
implementations, and ``imports`` edges from module to module or symbol. Imports follow re-export chains (a name a
module imports or re-exports, ``export *``), and a method whose type is defined in another file (a Go method, a Rust
``impl``) becomes a member of that type when the package or a unique name finds it.

Optional hooks of a ``langs`` module (defaults in brackets): ``inline_type(receiver)`` the type of an object built
inline in a receiver (``Foo(...)`` -> ``Foo``); ``receiver_path(receiver)`` the receiver in dotted form (identity);
``receiver_module(importer, receiver, index, root)`` the files of a module a receiver names by path, unimported
(Rust ``crate::a::b::f()``; none);
``STRUCTURAL`` types implement interfaces by having their methods, as in Go (False); ``nested_spec(spec, depth)`` a module spec written inside
``depth`` inline modules, relative to the file (Rust ``super::`` in ``mod tests``; unchanged); ``IMPLICIT_THIS`` a bare
``m()`` in a method may be a method of its class or bases, as in Java (False); ``EXTERNAL_RECEIVERS`` names
of objects that are always outside the repository, such as JavaScript's ``console`` (none).
"""

from __future__ import annotations

import posixpath
from collections import defaultdict
from dataclasses import dataclass, field
from typing import NamedTuple

from . import langs

CALLABLE = {"function", "method", "class", "struct", "interface", "trait", "enum", "type", "object"}
METHODS = {"method"}
CLASSLIKE = {"class", "struct", "interface", "trait", "enum", "object", "type"}
SELF_NAMES = {"self", "this", "cls", "super()", "super", "Self"}
CONF = {"same_file": 0.95, "import": 0.9, "inherited": 0.85, "constructor": 0.85, "same_package": 0.85,
        "fixture": 0.85, "unique_name": 0.6, "ambiguous": 0.3, "unresolved": 0.0, "dispatch": 0.7}
MAX_CANDIDATES = 8
UNKNOWN_RECEIVER = 0.75
MODULE = "<module>"


@dataclass(slots=True)
class Symbol:
    id: str
    path: str
    name: str
    qualname: str
    kind: str
    parent_id: str | None
    line: int = 0


@dataclass
class Graph:
    """Indexes over every definition of the repository."""

    by_id: dict[str, Symbol] = field(default_factory=dict)
    by_qual: dict[tuple[str, str], str] = field(default_factory=dict)
    top: dict[str, dict[str, str]] = field(default_factory=lambda: defaultdict(dict))
    members: dict[str, dict[str, str]] = field(default_factory=lambda: defaultdict(dict))
    by_name: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    bases: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    module_index: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # language group -> key -> paths
    packages: dict[tuple[str, str], list[str]] = field(default_factory=lambda: defaultdict(list))
    package_top: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)  # top-level names per package
    owner: dict[str, str] = field(default_factory=dict)  # method -> its type defined in another file


@dataclass(frozen=True)
class Hooks:
    """A language module's optional hooks with their defaults filled in, looked up once, not per reference."""

    receiver_path: object
    inline_type: object
    external: frozenset
    implicit_this: bool
    receiver_module: object


def hooks_of(support) -> Hooks:
    return Hooks(receiver_path=getattr(support, "receiver_path", None) or (lambda receiver: receiver),
                 inline_type=getattr(support, "inline_type", None) or _inline_call,
                 external=frozenset(getattr(support, "EXTERNAL_RECEIVERS", ())),
                 implicit_this=bool(getattr(support, "IMPLICIT_THIS", False)),
                 receiver_module=getattr(support, "receiver_module", None))


def forget_configs(supports) -> None:
    """Language modules cache what they read from go.mod, tsconfig.json, package.json...: valid for one run only
    (a long-lived worker indexes again after these files changed)."""
    for module in {m for m in supports if m is not None}:
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def build_graph(symbols: list[Symbol], files: dict[str, dict], root) -> Graph:
    forget_configs(langs.support(language) for language in {info.get("language") for info in files.values()})
    g = Graph()
    elsewhere = []  # members whose type is not in their file (qualname ``T.m`` under the module)
    for s in symbols:
        g.by_id[s.id] = s
        g.by_qual[(s.path, s.qualname)] = s.id
        if s.kind == "module":
            continue
        if s.parent_id is None or s.parent_id.endswith("::" + MODULE):
            if "." in s.qualname.split("#")[0]:
                elsewhere.append(s)
            else:
                g.top[s.path].setdefault(s.name, s.id)
        else:
            g.members[s.parent_id].setdefault(s.name, s.id)
        if s.kind in CALLABLE:
            g.by_name[s.name].append(s.id)
    for path, info in files.items():
        support = langs.support(info.get("language"))
        if support is None:
            continue
        scope = support.package_scope(path, info)
        if scope:
            g.packages[(support.GROUP, scope)].append(path)
    by_support = defaultdict(list)
    for path, info in files.items():
        support = langs.support(info.get("language"))
        if support is not None:
            by_support[support].append(path)
    for support, paths in by_support.items():
        index = g.module_index.setdefault(support.GROUP, {})
        for path, keys in support.module_keys(paths, files, root).items():
            for key in keys:
                index.setdefault(key, []).append(path)
    for key, paths in g.packages.items():
        names = g.package_top.setdefault(key, {})
        for path in paths:
            for name, sid in g.top.get(path, {}).items():
                names.setdefault(name, sid)
    for s in elsewhere:
        owner = _owner_elsewhere(g, s, files)
        if owner:
            g.owner[s.id] = owner
            g.members[owner].setdefault(s.name, s.id)
    return g


def _owner_elsewhere(g: Graph, s: Symbol, files: dict) -> str | None:
    """The type ``T`` of a member ``T.m`` defined apart from it: same package first, then a unique type name."""
    type_name = s.qualname.split("#")[0].rpartition(".")[0].rpartition(".")[2]
    support = langs.support(files.get(s.path, {}).get("language"))
    scope = support.package_scope(s.path, files[s.path]) if support and s.path in files else None
    for other in g.packages.get((support.GROUP, scope), []) if scope else []:
        sid = g.top.get(other, {}).get(type_name)
        if sid and g.by_id[sid].kind in CLASSLIKE:
            return sid
    same = [i for i in g.by_name.get(type_name, ()) if g.by_id[i].kind in CLASSLIKE
            and langs.support(files.get(g.by_id[i].path, {}).get("language")) is support]
    return same[0] if len(same) == 1 else None


class Edge(NamedTuple):
    """An ``edges`` row as the resolver makes it (``repo`` and the integer sids are added when the table is built)."""

    src_id: str
    dst_id: str | None
    dst_name: str
    kind: str
    path: str
    line: int
    confidence: float
    resolution: str
    provenance: str
    ref_form: str
    receiver: str | None
    dst_path: str | None


@dataclass(slots=True)
class Ref:
    path: str
    src_qualname: str
    kind: str
    name: str | None
    receiver: str | None
    module: str | None
    alias: str | None
    line: int


class Resolver:
    def __init__(self, graph: Graph, files: dict[str, dict], root, provenance: str):
        self.g, self.files, self.root, self.provenance = graph, files, root, provenance
        self.bindings: dict[str, dict[str, tuple]] = {}
        self.pending: dict[str, dict[str, tuple]] = defaultdict(dict)  # path -> local -> (paths, name, support)
        self.star: dict[str, list[list[str]]] = defaultdict(list)
        self.imports_of: dict[str, list[Ref]] = {}
        self.declared: dict[str, list[tuple]] = {}  # path -> its imports with their modules, once declared
        self.bound: set[str] = set()  # paths whose every binding is computed
        self.supports = {p: langs.support(i.get("language")) for p, i in files.items()}
        by_module = {id(m): hooks_of(m) for m in self.supports.values()}
        self.hooks = {p: by_module[id(m)] for p, m in self.supports.items()}
        self.no_hooks = hooks_of(None)
        self.scopes: dict[str, tuple | None] = {}  # path -> (group, package scope)
        self._global_cache: dict[tuple, tuple[list[str], str]] = {}
        self._by_prefix: dict[tuple, dict[tuple, list[str]]] = {}  # candidates by leading folders, per name

    # -- imports ------------------------------------------------------------------------------------------------
    def bind_imports(self, refs_by_path: dict[str, list[Ref]], edge_paths: set[str] | None = None) -> list[Edge]:
        """Register every file's imports; returns the ``imports`` edges of ``edge_paths`` (default: every file).

        A file's imports are declared (their modules found) the first time anything reads them, so a name one
        module re-exports from another (``export {x} from``, ``export *``, a package ``__init__`` importing it)
        resolves to its definition, and an incremental run declares only the files it reaches."""
        self.imports_of = {path: [r for r in refs if r.kind in ("import", "reexport")]
                           for path, refs in refs_by_path.items() if path in self.supports}
        paths = list(self.imports_of) if edge_paths is None else [p for p in self.imports_of if p in edge_paths]
        if edge_paths is None:  # a full run reads nearly every file's bindings: bind them before workers fork
            for path in paths:
                self._bindings(path)
        edges = []
        for path in paths:
            for r, spec, name, targets, support in self._declare(path):
                target = self._import_target(targets, name, support)
                own = (target[0] == "symbol" and self.g.by_id[target[1]].path == r.path) or \
                    (target[0] == "module" and target[1] == [r.path])
                if not own:  # a file's own re-export, or super::* of an inline module: not a dependency
                    edges.append(self._import_edge(r, spec, name, target))
        return edges

    def _declare(self, path: str) -> list[Edge]:
        """The modules a file's imports name, found once: fills its pending names and wildcard imports."""
        found = self.declared.get(path)
        if found is not None:
            return found
        found = self.declared[path] = []
        support = self.supports.get(path)
        for r in self.imports_of.get(path, ()) if support is not None else ():
            local, spec, name = support.import_binding(r.module, r.name, r.alias)
            if spec and hasattr(support, "nested_spec") and r.src_qualname != MODULE:
                spec = support.nested_spec(spec, self._namespace_depth(path, r.src_qualname))
            targets = support.resolve_module(path, spec, self.g.module_index.get(support.GROUP, {}), self.root)
            if name == "*":
                self.star[path].append(targets)
            elif local:
                self.pending[path][local] = (targets, name, support)
            found.append((r, spec, name, targets, support))
        return found

    def _pending(self, path: str) -> dict[str, tuple]:
        self._declare(path)
        return self.pending.get(path, {})

    def _stars(self, path: str) -> list[list[str]]:
        self._declare(path)
        return self.star.get(path, [])

    def _bindings(self, path: str) -> dict[str, tuple]:
        """Every name a file imports -> ("symbol", id) | ("module", paths) | ("unresolved", None)."""
        if path not in self.bound:
            for local in self._pending(path):
                self._binding(path, local)
            self.bound.add(path)
        return self.bindings.get(path, {})

    def _namespace_depth(self, path: str, qualname: str) -> int:
        """How many inline modules (``namespace`` definitions: Rust ``mod tests { }``) enclose a reference."""
        depth = 0
        while qualname:
            sid = self.g.by_qual.get((path, qualname))
            depth += sid is not None and self.g.by_id[sid].kind == "namespace"
            qualname = qualname.rpartition(".")[0]
        return depth

    def _binding(self, path: str, local: str, seen: frozenset = frozenset()) -> tuple:
        table = self.bindings.setdefault(path, {})
        if local in table:
            return table[local]
        if (path, local) in seen:
            return ("unresolved", None)
        targets, name, support = self._pending(path)[local]
        table[local] = self._import_target(targets, name, support, seen | {(path, local)})
        return table[local]

    def _import_target(self, paths: list[str], name: str | None, support, seen: frozenset = frozenset()) -> tuple:
        if not paths:
            return ("unresolved", None)
        if name and name != "*":
            for p in paths:
                sid = self.g.top.get(p, {}).get(name) or ("." in name and self.g.by_qual.get((p, name)))
                if sid:  # a dotted name is a member: Java ``import a.b.Outer.Inner``
                    return ("symbol", sid)
            for p in paths:
                hit = self._reexported(p, name, seen)
                if hit:
                    return hit
            sub = support.submodule(paths, name, self.g.module_index.get(support.GROUP, {}))
            return ("module", sub) if sub else ("unresolved", None)
        return ("module", paths)

    def _reexported(self, path: str, name: str, seen: frozenset) -> tuple | None:
        """``name`` as module ``path`` passes it on: one of its own imports, or a module it re-exports wholesale."""
        if name in self._pending(path):
            hit = self._binding(path, name, seen)
            if hit[0] != "unresolved":
                return hit
        for paths in self._stars(path):
            for p in paths:
                if (p, "*" + name) in seen:
                    continue
                sid = self.g.top.get(p, {}).get(name)
                hit = ("symbol", sid) if sid else self._reexported(p, name, seen | {(p, "*" + name)})
                if hit:
                    return hit
        return None

    def _import_edge(self, r: Ref, spec: str, name: str | None, target: tuple) -> Edge:
        kind, value = target
        if kind == "symbol":
            dst = value
        elif kind == "module":
            dst = f"{min(value)}::{MODULE}"  # a package of several files: the same one whatever the order
        else:
            dst = None
        written = f"{spec}.{name}" if name and name != "*" else (spec or "")
        res = "import" if dst else "unresolved"
        return self._edge(r, f"{r.path}::{MODULE}", dst, written, "imports", res, "import", None)

    # -- references ---------------------------------------------------------------------------------------------
    def resolve(self, r: Ref) -> list[Edge]:
        src = self.g.by_qual.get((r.path, r.src_qualname))
        if src is None and r.src_qualname != MODULE and r.kind == "inherits":  # impl Trait for T, T in another file
            src = self._class_named(r, r.src_qualname)
        src = src or f"{r.path}::{MODULE}"
        if r.kind == "inherits":
            hits, res = self._lookup(r, src, classes_only=True)
            for dst in hits:
                self.g.bases[src].append(dst)
            return self._edges(r, src, hits, res, "inherits", "inherits")
        if r.kind == "fixture":
            hits = self._fixture(r, src)
            return self._edges(r, src, hits, "fixture", "calls", "fixture") if hits else []
        if r.kind in LOCAL_KINDS:  # a variable named like a definition: only this file's definition may be meant
            found = self._scoped(r, src) or ([], "unresolved")  # (a pytest fixture passed on by its parameter name)
            form = LOCAL_KINDS[r.kind]
            return self._edges(r, src, *found, "calls", form) if found[0] or form == "call" else []
        hits, res = self._lookup(r, src)
        if r.kind == "callback" and (res in ("unresolved", "ambiguous") or (res == "unique_name" and r.receiver)):
            return []  # a bare name passed as a value is mostly a variable: keep only confident callbacks
        form = "constructor" if res == "constructor" else r.kind
        return self._edges(r, src, hits, res, "calls", form)

    def _fixture(self, r: Ref, src: str) -> list[str]:
        """pytest's lookup: the test's class, its file, then each conftest.py from its folder up to the root."""
        cls = self._enclosing_class(src)
        found = self._member(cls, r.name) if cls else None
        if found:
            return found[0]
        folder = posixpath.dirname(r.path)
        for candidate in [r.path] + [posixpath.join(f, "conftest.py") for f in _folders_up(folder)]:
            sid = self.g.top.get(candidate, {}).get(r.name)
            if sid and self.g.by_id[sid].kind == "function":
                return [sid]
        return []

    def _edges(self, r: Ref, src: str, hits: list[str], res: str, kind: str, form: str) -> list[Edge]:
        written = f"{r.receiver}.{r.name}" if r.receiver else r.name
        if not hits:
            return [self._edge(r, src, None, written, kind, "unresolved", form, r.receiver)]
        return [self._edge(r, src, h, written, kind, res, form, r.receiver) for h in hits[:MAX_CANDIDATES]]

    def _edge(self, r: Ref, src, dst, written, kind, res, form, receiver) -> Edge:
        dst_path = self.g.by_id[dst].path if dst in self.g.by_id else (dst.split("::")[0] if dst else None)
        confidence = CONF[res]
        if receiver and res in ("unique_name", "ambiguous"):
            confidence *= UNKNOWN_RECEIVER  # obj.name() on an object of unknown type: a weaker guess
        return Edge(src, dst, written, kind, r.path, r.line, confidence, res, self.provenance, form, receiver,
                    dst_path)

    def _lookup(self, r: Ref, src: str, classes_only: bool = False) -> tuple[list[str], str]:
        kinds = CLASSLIKE if classes_only else CALLABLE
        if r.receiver is None:
            found = (self._scoped(r, src) or self._inherited_implicitly(r, src) or self._bound(r.path, r.name)
                     or self._package(r.path, r.name))
        else:
            found = self._via_receiver(r, src)
            found = self._found_elsewhere(r, found) if found else found
        if found:
            ids, res = found
            ids = [i for i in ids if self.g.by_id.get(i) is None or self.g.by_id[i].kind in kinds] or ids
            return ids, res
        if r.receiver and self._external_receiver(r):
            return [], "unresolved"
        if not classes_only:  # obj.name() can only be a method; a bare name() is not one (implicit this: _scoped)
            kinds = METHODS if r.receiver else kinds - METHODS
        return self._global(r.name, kinds, r.path)

    def _external_receiver(self, r: Ref) -> bool:
        """``os.path.join()``, ``Math.max()``, ``Box::new()``: the receiver is a module imported from outside the
        repository or a type named by a capital that nothing here defines, so guessing a same-named method of the
        repository would be noise."""
        hooks = self.hooks.get(r.path, self.no_hooks)
        receiver = hooks.receiver_path(r.receiver)
        inline = hooks.inline_type(receiver)
        head = (inline or receiver).split(".")[0]
        if head in hooks.external:
            return True
        if not head.isidentifier() or head in SELF_NAMES:
            return False
        binding = self._bindings(r.path).get(head)
        if binding is not None:
            return binding[0] == "unresolved"
        if not head[:1].isupper():
            return False
        probe = Ref(r.path, r.src_qualname, "call", head, None, None, None, r.line)
        return not (self._scoped(probe, "") or self._bound(r.path, head) or self._package(r.path, head)
                    or self.g.by_name.get(head))

    def _found_elsewhere(self, r: Ref, found: tuple) -> tuple:
        """A member found on a class of another file came through the file's imports or its package."""
        ids, res = found
        if res != "same_file" or not ids or ids[0] not in self.g.by_id or self.g.by_id[ids[0]].path == r.path:
            return found
        head = r.receiver.split(".")[0]
        imported = (head not in SELF_NAMES and self._bound(r.path, head)) or self._package_key(r.path) is None
        return ids, "import" if imported else "same_package"  # no packages (Python, JS): it came by an import

    def _scoped(self, r: Ref, src: str):
        """Nested scopes of the enclosing definition outwards, then the file's top level. A class body is not a scope
        its methods see (Python, JS, Rust need ``self.``/``this.``), unless the language has an implicit ``this``."""
        qual = r.src_qualname if r.src_qualname != MODULE else ""
        implicit_this = self.hooks.get(r.path, self.no_hooks).implicit_this
        while qual:
            sid = self.g.by_qual.get((r.path, f"{qual}.{r.name}"))
            if sid and sid != src and (implicit_this or not self._is_class(r.path, qual)):
                return [sid], "same_file"
            qual = qual.rpartition(".")[0]
        sid = self.g.top.get(r.path, {}).get(r.name)
        return ([sid], "same_file") if sid else None

    def _is_class(self, path: str, qual: str) -> bool:
        sid = self.g.by_qual.get((path, qual))
        return sid is not None and self.g.by_id[sid].kind in CLASSLIKE

    def _inherited_implicitly(self, r: Ref, src: str):
        """Java's bare ``m()`` in a method: a method of the class or of its bases."""
        if not self.hooks.get(r.path, self.no_hooks).implicit_this:
            return None
        cls = self._enclosing_class(src)
        return self._member(cls, r.name) if cls else None

    def _bound(self, path: str, name: str):
        kind, value = self._bindings(path).get(name, (None, None))
        if kind == "symbol":
            return [value], "import"
        if kind == "module":
            return None
        for paths in self._stars(path):
            for p in paths:
                sid = self.g.top.get(p, {}).get(name)
                if sid:
                    return [sid], "import"
        return None

    def _package_key(self, path: str) -> tuple | None:
        """(language group, package) of a file whose language has packages (Go, Java), else None."""
        key = self.scopes.get(path, False)
        if key is False:
            support = self.supports.get(path)
            scope = support.package_scope(path, self.files[path]) if support else None
            key = self.scopes[path] = (support.GROUP, scope) if scope else None
        return key

    def _package(self, path: str, name: str):
        key = self._package_key(path)
        sid = self.g.package_top.get(key, {}).get(name) if key else None
        if sid:
            return [sid], "same_file" if self.g.by_id[sid].path == path else "same_package"
        return None

    def _via_receiver(self, r: Ref, src: str):
        support, hooks = self.supports.get(r.path), self.hooks.get(r.path, self.no_hooks)
        receiver = hooks.receiver_path(r.receiver)
        if receiver in SELF_NAMES or receiver.startswith("super("):
            cls = self._enclosing_class(src)
            return self._member(cls, r.name, skip_self=receiver.startswith("super")) if cls else None
        head = hooks.inline_type(receiver)
        if head:
            cls = self._class_named(r, head)
            found = self._member(cls, r.name) if cls else None
            return (found[0], "constructor") if found else None
        modules = self._module_of(r.path, receiver)
        if not modules and hooks.receiver_module:
            modules = hooks.receiver_module(r.path, r.receiver, self.g.module_index.get(support.GROUP, {}), self.root)
        if modules:
            for p in modules:
                sid = self.g.top.get(p, {}).get(r.name)
                hit = ("symbol", sid) if sid else self._reexported(p, r.name, frozenset())
                if hit and hit[0] == "symbol":
                    return [hit[1]], "import"
            return None
        cls = self._class_named(r, receiver)
        return self._member(cls, r.name) if cls else None

    def _class_named(self, r: Ref, dotted: str) -> str | None:
        name = dotted.rpartition(".")[2]
        prefix = dotted.rpartition(".")[0]
        if prefix:
            modules = self._module_of(r.path, prefix)
            sid = next((self.g.top.get(p, {}).get(name) for p in modules or [] if self.g.top.get(p, {}).get(name)), None)
        else:
            hit = (self._scoped(Ref(r.path, r.src_qualname, "call", name, None, None, None, r.line), "")
                   or self._bound(r.path, name) or self._package(r.path, name))
            sid = hit[0][0] if hit else None
        return sid if sid and self.g.by_id[sid].kind in CLASSLIKE else None

    def _module_of(self, path: str, dotted: str) -> list[str] | None:
        table = self._bindings(path)
        kind, value = table.get(dotted, (None, None))
        if kind == "module":
            return value
        first, _, rest = dotted.partition(".")
        kind, value = table.get(first, (None, None))
        if kind != "module":
            return None
        if not rest:
            return value
        support = self.supports.get(path)
        return support.submodule(value, rest, self.g.module_index.get(support.GROUP, {})) if support else None

    def _enclosing_class(self, src: str) -> str | None:
        sym = self.g.by_id.get(src)
        while sym is not None:
            if sym.kind in CLASSLIKE:
                return sym.id
            parent = self.g.owner.get(sym.id) or sym.parent_id
            if sym.kind in METHODS and parent in self.g.by_id and self.g.by_id[parent].kind != "module":
                return parent  # a method's owner, whatever its kind (a JS constructor function with prototype methods)
            sym = self.g.by_id.get(parent) if parent else None
        return None

    def _member(self, cls: str, name: str, skip_self: bool = False):
        """``name`` on ``cls`` or, breadth first, on its bases."""
        seen, frontier, depth = {cls}, [cls], 0
        while frontier:
            for c in frontier:
                sid = self.g.members.get(c, {}).get(name)
                if sid and not (skip_self and depth == 0):
                    return [sid], "same_file" if depth == 0 else "inherited"
            frontier = [b for c in frontier for b in self.g.bases.get(c, []) if b not in seen]
            seen.update(frontier)
            depth += 1
        return None

    def _global(self, name: str, kinds: set, path: str) -> tuple[list[str], str]:
        """Repository-wide candidates; memoized per (name, kinds, language group): common names have thousands.
        Past ``MAX_CANDIDATES`` the ones nearest the referencing file are kept (code mostly calls code near it), not
        the first in path order."""
        support = self.supports.get(path)
        key = (name, tuple(sorted(kinds)), support.GROUP if support else None)
        hit = self._global_cache.get(key)
        if hit is None:
            hit = self._global_cache[key] = self._global_uncached(name, kinds, path)
        if len(hit[0]) <= MAX_CANDIDATES:
            return hit
        folder = posixpath.dirname(path)
        near = self._global_cache.get(key + (folder,))
        if near is None:
            near = self._global_cache[key + (folder,)] = (self._nearest(key, hit[0], folder), hit[1])
        return near

    def _nearest(self, key: tuple, ids: list[str], folder: str) -> list[str]:
        """The ``MAX_CANDIDATES`` of ``ids`` sharing the longest leading folders with ``folder`` (ties by id)."""
        under = self._by_prefix.get(key)
        if under is None:  # each candidate listed under every leading part of its folder, once per name
            under = self._by_prefix[key] = defaultdict(list)
            for sid in sorted(ids):
                parts = _folder_parts(posixpath.dirname(self.g.by_id[sid].path))
                for depth in range(len(parts) + 1):
                    under[parts[:depth]].append(sid)
        parts, out, taken = _folder_parts(folder), [], set()
        for depth in range(len(parts), -1, -1):
            for sid in under.get(parts[:depth], ()):
                if sid not in taken:
                    taken.add(sid)
                    out.append(sid)
                    if len(out) == MAX_CANDIDATES:
                        return out
        return out

    def _global_uncached(self, name: str, kinds: set, path: str) -> tuple[list[str], str]:
        ids = [i for i in self.g.by_name.get(name, ()) if self.g.by_id[i].kind in kinds]
        if not ids:
            return [], "unresolved"
        if len(ids) == 1:
            return ids, "unique_name"
        same_lang = self._same_language(ids, path)
        return (same_lang or ids), ("unique_name" if len(same_lang) == 1 else "ambiguous")

    def _same_language(self, ids: list[str], path: str) -> list[str]:
        support = self.supports.get(path)
        group = support.GROUP if support else None
        return [i for i in ids if (s := self.supports.get(self.g.by_id[i].path)) and s.GROUP == group]

    # -- structural typing --------------------------------------------------------------------------------------------
    def structural_bases(self) -> None:
        """Go: a type implements every interface of its language whose methods it all has (no ``implements``)."""
        groups = {s.GROUP for s in self.supports.values() if getattr(s, "STRUCTURAL", False)}
        for group in groups:
            in_group = lambda sid: getattr(self.supports.get(self.g.by_id[sid].path), "GROUP", None) == group  # noqa
            owners_of = defaultdict(set)
            interfaces = []
            for owner, members in self.g.members.items():
                sym = self.g.by_id.get(owner)
                if sym is None or not in_group(owner):
                    continue
                if sym.kind == "interface":
                    interfaces.append(owner)
                else:
                    for name in members:
                        owners_of[name].add(owner)
            for iface in interfaces:
                names = list(self.g.members[iface])
                types = set.intersection(*(owners_of.get(n, set()) for n in names)) if names else set()
                for t in types:
                    self.g.bases[t].append(iface)

    # -- dispatch -----------------------------------------------------------------------------------------------
    def dispatch_edges(self) -> list[Edge]:
        """Base method -> override, so a change to an implementation reaches callers of the interface method."""
        edges = []
        for cls, bases in self.g.bases.items():
            for name, method in self.g.members.get(cls, {}).items():
                found = self._member_in_bases(bases, name)
                if found:
                    m = self.g.by_id[method]
                    r = Ref(m.path, m.qualname, "dispatch", name, None, None, None, m.line)
                    edges.append(self._edge(r, found, method, name, "dispatch", "dispatch", "dispatch", None))
        return edges

    def _member_in_bases(self, bases: list[str], name: str) -> str | None:
        for b in bases:
            found = self._member(b, name)
            if found:
                return found[0][0]
        return None


def _folders_up(folder: str) -> list[str]:
    """``a/b`` -> ``a/b``, ``a``, ``""`` (the root)."""
    out = []
    while folder:
        out.append(folder)
        folder = posixpath.dirname(folder)
    return out + [""]


def _folder_parts(folder: str) -> tuple[str, ...]:
    return tuple(folder.split("/")) if folder else ()


def _inline_call(receiver: str) -> str | None:
    """``Foo(...)`` (Python: a constructor call) -> ``Foo``."""
    return receiver[: receiver.index("(")] if receiver.endswith(")") and "(" in receiver else None


def prepare(symbols: list[Symbol], early_refs: list[Ref], files: dict[str, dict], root,
            provenance: str, import_edge_paths: set[str] | None = None) -> tuple[Resolver, list[tuple]]:
    """The graph, every file's import bindings and class bases: all that resolving one call reads, built once.

    ``early_refs`` are the ``import``/``reexport``/``inherits`` references; returns their edges too (the
    ``imports`` edges only of ``import_edge_paths`` when given: an incremental run keeps the others' edges).
    """
    graph = build_graph(symbols, files, root)
    resolver = Resolver(graph, files, root, provenance)
    by_path: dict[str, list[Ref]] = defaultdict(list)
    for r in early_refs:
        by_path[r.path].append(r)
    edges = resolver.bind_imports(by_path, import_edge_paths)
    resolver.structural_bases()
    for r in early_refs:  # bases first: self.m() on an inherited method needs them
        if r.kind == "inherits":
            edges.extend(resolver.resolve(r))
    return resolver, edges


EARLY_KINDS = ("import", "reexport", "inherits")
# refs kinds of a bare name called or passed as a value where a parameter or variable binds it -> edges ref_form
LOCAL_KINDS = {"local_call": "call", "local_callback": "callback"}
