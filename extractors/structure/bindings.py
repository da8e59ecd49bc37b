"""What each file's imports bind: names to definitions or modules of the repository, or to code outside it.

A file's imports are declared (their modules found) the first time anything reads them, so a name one module
re-exports from another (``export {x} from``, ``export *``, a package ``__init__`` importing it) resolves to its
definition, and an incremental run declares only the files it reaches.
"""

from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

from .graph import MODULE, Graph, in_block, scope_at
from .ondemand import WholeWhenIterated


class Binding(NamedTuple):
    """What a name imported into a file is: ``symbol`` (value: its id), ``module`` (value: its files),
    ``external`` (a module outside the repository: a library) or ``unresolved`` (value: None)."""

    kind: str
    value: object = None


UNRESOLVED = Binding("unresolved")
BLOCK_LOCAL = "@"  # a name an import binds in one package block of a file: ``Client@App\Http`` (``_block_local``)
EXTERNAL = Binding("external")


class Declared(NamedTuple):
    """One import of a file with the module it names."""

    ref: object  # resolve.Ref
    spec: str | None
    name: str | None
    targets: list[str]
    support: object


# ``ImportName`` and ``Undeclared`` are plain classes with slots, not ``NamedTuple``s: a ``NamedTuple`` class costs
# ~0.8M instructions to make at import, in every process, an update's own included


class ImportName:
    """One import of a file and the name it binds there, its module not looked for yet (``_declare_names``)."""

    __slots__ = ("ref", "local", "spec", "name")

    def __init__(self, ref, local: str | None, spec: str | None, name: str | None):
        self.ref, self.local, self.spec, self.name = ref, local, spec, name  # ref: a resolve.Ref


class Undeclared:
    """A pending or exported name whose import's module is looked for when the name is first bound: the file's
    ``index``-th import binds it (``head``: the package its ``import a.b`` binds ``a`` to)."""

    __slots__ = ("index", "head")

    def __init__(self, index: int, head: bool = False):
        self.index, self.head = index, head


_UNKNOWN = object()  # not asked yet


class PerFile(WholeWhenIterated, dict):
    """path -> what its file's language gives the resolver (its ``langs`` module, its ``Hooks``), worked out the first
    time the file is asked for, once per language: an update's resolution meets a few of the repository's files, and
    a language's module is imported only when one of its files is met (a Python file's update in a repository that
    also holds C and TypeScript imports neither's). ``files``: path -> its info (``rows.FileInfos`` or a dict);
    a path it lacks is not here, as in the dict a full run builds of every file. Iterating gives every file, in the
    order of ``files``."""

    def __init__(self, files, of_language):
        super().__init__()
        self._files, self._of_language, self._languages = files, of_language, {}
        self._whole: dict | None = None

    def _meet(self, path):
        info = self._files.get(path)
        if info is None:
            return _UNKNOWN
        language = info.get("language")
        value = self._languages.get(language, _UNKNOWN)
        if value is _UNKNOWN:
            value = self._languages[language] = self._of_language(language)
        dict.__setitem__(self, path, value)
        return value

    def get(self, path, default=None):
        value = dict.get(self, path, _UNKNOWN)
        if value is _UNKNOWN:
            value = self._meet(path)
            if value is _UNKNOWN:
                return default
        return value

    def __missing__(self, path):
        value = self._meet(path)
        if value is _UNKNOWN:
            raise KeyError(path)
        return value

    def __contains__(self, path) -> bool:
        return dict.__contains__(self, path) or self._meet(path) is not _UNKNOWN

    def whole(self) -> dict:
        """Every file's, in ``files``' order (a language that reads the whole repository: Ruby's test helpers, C#'s
        projects); each language's module imported."""
        if self._whole is None:
            self._whole = {path: self[path] for path in self._files}
        return self._whole


class ImportBindings:
    """Every file's import bindings over one ``Graph``; the ``Resolver`` builds on it."""

    def __init__(self, graph: Graph, supports: dict[str, object], root):
        self.g, self.supports, self.root = graph, supports, root
        # what a language reads or derives once per resolution (C#'s project files and global usings), by its name:
        # dropped with the resolution, never seen by another (a warm worker resolves several repositories in turn)
        self.language_state: dict[str, object] = {}
        self.bindings: dict[str, dict[str, Binding]] = {}
        self.pending: dict[str, dict[str, tuple]] = defaultdict(dict)  # path -> local -> (paths, name, support, spec)
        self.exported: dict[str, dict[str, tuple]] = defaultdict(dict)  # path -> name it exports -> the same
        self.export_table: dict[str, dict[str, Binding]] = {}
        self.star: dict[str, list[list[str]]] = defaultdict(list)
        self.external_star: set[str] = set()  # files with a wildcard import from outside the repository
        self.star_classes: dict[str, list[str]] = defaultdict(list)  # classes whose members a wildcard imports
        self.imports_of: dict[str, list] = {}
        self.declared: dict[str, list[Declared]] = {}
        # an update declares a file's imports by name (``by_name``, set by ``register``): each name's import found
        # when that name is bound, not the file's every import when one is asked for (site-packages' leaf reaches
        # numpy's re-export chains: 1,515 imports declared for the few names it reads)
        self.by_name = False
        self.import_names: dict[str, list[ImportName]] = {}
        self._declared_at: dict[str, dict[int, Declared]] = {}  # path -> import index -> its module found
        self.bound: set[str] = set()  # paths whose every binding is computed
        # (path, name) -> ``imported_symbol``: a file asks for the same few names again and again (sympy: 70,758
        # questions, 15,243 distinct); not kept for a file of several package blocks (the answer depends on the line)
        self._imported_symbols: dict[tuple[str, str], str | None] = {}
        # (module, name) -> what a wildcard import of module passes on under name: each is walked once, not once per
        # path to it (30 modules each `from next import *` of the next two: 17 s for one missing name, 2^n growth)
        self.passed_on: dict[tuple[str, str], Binding | None] = {}
        # (path, line) of the reference being resolved: in a file of several package blocks (PHP's ``namespace A { }
        # namespace B { }``) an import binds its name in its own block only, so what a name is depends on the line
        self.reading: tuple[str, int] | None = None

    def register(self, refs_by_path: dict[str, list], eager: bool) -> None:
        """Every file's ``import``/``reexport`` references; ``eager``: bind them all now (a full run reads nearly
        every file's bindings: better before workers fork than in each of them)."""
        self.imports_of = {path: [r for r in refs if r.kind in ("import", "reexport")]
                           for path, refs in refs_by_path.items() if path in self.supports}
        self.by_name = not eager
        if eager:
            for path in self.imports_of:
                self.bindings_of(path)

    def index_of(self, support) -> dict:
        return self.g.module_index.get(support.GROUP, {})

    def declare(self, path: str) -> list[Declared]:
        """The modules a file's imports name, found once: fills its pending names and wildcard imports."""
        found = self.declared.get(path)
        if found is not None:
            return found
        names = self.import_names.get(path)
        if names is not None:  # its names declared already: each import's module found now
            found = self.declared[path] = [self._declared_import(path, i) for i in range(len(names))]
            return found
        found = self.declared[path] = []
        support = self.supports.get(path)
        for r in self.imports_of.get(path, ()) if support is not None else ():
            found.append(self._declare_one(path, r, support))
        project_imports = getattr(support, "project_imports", None)
        for r in project_imports(self, path) if project_imports else ():  # bound, but no edge of this file's
            self._declare_one(path, r, support, below_own=True)
        return found

    def _declare_one(self, path: str, r, support, below_own: bool = False) -> Declared:
        """One import of ``path`` declared: its wildcard, or its name pending (``below_own``: an import the project
        gives every file, never replacing a name the file's own imports bind)."""
        local, spec, name = support.import_binding(r.module, r.name, r.alias)
        if spec and hasattr(support, "nested_spec") and r.src_qualname != MODULE:
            spec = support.nested_spec(spec, self._namespace_depth(path, r.src_qualname))
        targets = support.resolve_module(path, spec, self.index_of(support), self.root)
        if name == "*":
            if not self._star_class(path, spec, targets, support):
                self.star[path].append(targets)
            # a library's namespace the project imports leaves a bare name unknown, never the library's: only a
            # file's own wildcard says its unknown names are a library's
            if not targets and not below_own and self.is_external(support, path, spec):
                self.external_star.add(path)
        elif local and r.kind == "reexport":  # ``export {a as b}``: a name for importers, not for the file
            self.exported[path][local] = (targets, name, support, spec)
        elif local and not (targets == [path] and r.src_qualname != MODULE and local in self.pending[path]):
            # an inline module's import of what its file already binds (``mod tests { use super::X; }``) names
            # the file's own: it never replaces the file's import of X (a function's local import of another
            # module's name does, as before: one table per file)
            local = self._block_local(path, local, r.line)
            if not (below_own and local in self.pending[path]):
                self.pending[path][local] = (targets, name, support, spec)
                self._head_bound(path, local, r, support)
        return Declared(r, spec, name, targets, support)

    def _declare_names(self, path: str) -> None:
        """The names a file's imports bind, each import's module found when its name is first bound
        (``_pending_entry``); its wildcard imports declared now (any name may come through one). The names, their
        order and which import binds each are ``declare``'s: a later import of a name replaces an earlier one, and
        an import inside a function of what the file binds already is looked for now (it replaces the name unless it
        names the file itself). ``declare`` where that is not known without the modules: a file of several package
        blocks (a name's key depends on its block), a language giving every file imports (``project_imports``)."""
        if path in self.declared or path in self.import_names:
            return
        support = self.supports.get(path)
        if not self.by_name or support is None or self.g.package_blocks.get(path) or \
                getattr(support, "project_imports", None):
            self.declare(path)
            return
        names = self.import_names[path] = [ImportName(r, *support.import_binding(r.module, r.name, r.alias))
                                           for r in self.imports_of.get(path, ())]
        pending, exported = self.pending[path], self.exported[path]
        binds_head = getattr(support, "IMPORT_BINDS_HEAD", False)
        for i, n in enumerate(names):
            if n.name == "*":
                self._declare_star(path, self._declared_import(path, i))
            elif n.local and n.ref.kind == "reexport":
                exported[n.local] = Undeclared(i)
            elif n.local and not (n.local in pending and n.ref.src_qualname != MODULE and
                                  self._declared_import(path, i).targets == [path]):
                pending[n.local] = Undeclared(i)
                head, dot, _ = n.local.partition(".")
                if dot and n.ref.alias is None and binds_head and head not in pending:
                    pending[head] = Undeclared(i, head=True)

    def _declared_import(self, path: str, index: int) -> Declared:
        """The ``index``-th import of a file declared by name, its module found (once)."""
        done = self._declared_at.setdefault(path, {})
        found = done.get(index)
        if found is None:
            n, support = self.import_names[path][index], self.supports[path]
            spec = n.spec
            if spec and hasattr(support, "nested_spec") and n.ref.src_qualname != MODULE:
                spec = support.nested_spec(spec, self._namespace_depth(path, n.ref.src_qualname))
            targets = support.resolve_module(path, spec, self.index_of(support), self.root)
            found = done[index] = Declared(n.ref, spec, n.name, targets, support)
        return found

    def _declare_star(self, path: str, d: Declared) -> None:
        """A wildcard import of a file's own (``_declare_one``'s, for a file declared by name)."""
        if not self._star_class(path, d.spec, d.targets, d.support):
            self.star[path].append(d.targets)
        if not d.targets and self.is_external(d.support, path, d.spec):
            self.external_star.add(path)

    def _pending_entry(self, path: str, local: str, exported: bool) -> tuple:
        """What ``local``'s import in ``path`` names: (its module's files, the name, the language, the spec)."""
        table = (self.exported if exported else self.pending)[path]
        entry = table[local]
        if type(entry) is Undeclared:
            support = self.supports[path]
            if entry.head:
                entry = (support.resolve_module(path, local, self.index_of(support), self.root), None, support, local)
            else:
                d = self._declared_import(path, entry.index)
                entry = (d.targets, d.name, support, d.spec)
            table[local] = entry
        return entry

    def _head_bound(self, path: str, local: str, r, support) -> None:
        """Python's ``import a.b`` binds ``a`` too, to the package (``a.echo()`` is ``a/__init__``'s ``echo``), unless
        the file binds ``a`` otherwise."""
        head, dot, _ = local.partition(".")
        if dot and r.alias is None and getattr(support, "IMPORT_BINDS_HEAD", False) and head not in self.pending[path]:
            self.pending[path][head] = (support.resolve_module(path, head, self.index_of(support), self.root), None,
                                        support, head)

    def pending_of(self, path: str) -> dict[str, tuple]:
        """The names ``path``'s imports bind (their values read through ``binding``)."""
        if path not in self.declared:  # asked before each name's binding (sympy: 150,000 times, 199 files)
            self._declare_names(path)
        return self.pending.get(path, {})

    def stars(self, path: str) -> list[list[str]]:
        if path not in self.declared:
            self._declare_names(path)
        return self.star.get(path, [])

    def bindings_of(self, path: str) -> dict[str, Binding]:
        """Every name a file imports -> its ``Binding``."""
        if path not in self.bound:
            for local in self.pending_of(path):
                self.binding(path, local)
            self.bound.add(path)
        return self.bindings.get(path, {})

    def bound_name(self, path: str, local: str) -> Binding | None:
        """What an import binds ``local`` to in ``path`` (None: no import names it), the file's other imports left
        unbound (an update resolving a hub's few edited lines binds those lines' names, not its 270 imports)."""
        pending = self.pending_of(path)
        if path in self.g.package_blocks:
            local = self._block_local(path, local, self.reading[1] if self.reading and self.reading[0] == path
                                      else None)
        return self.binding(path, local) if local in pending else None

    def _block_local(self, path: str, local: str, line: int | None) -> str:
        """The key an import binds ``local`` under: in a file of several package blocks, ``local`` and the block's
        package (``Client@App\\Http``), the block holding ``line``; with no line known (a name read from another
        file's reference), the first block importing it."""
        blocks = self.g.package_blocks.get(path)
        if not blocks:
            return local
        if line is not None:
            return f"{local}{BLOCK_LOCAL}{scope_at(blocks, line)}"
        return next((key for key in self.pending.get(path, {}) if key.partition(BLOCK_LOCAL)[0] == local), local)

    def _namespace_depth(self, path: str, qualname: str) -> int:
        """How many inline modules (``namespace`` definitions: Rust ``mod tests { }``) enclose a reference."""
        depth = 0
        while qualname:
            sid = self.g.by_qual.get((path, qualname))
            depth += sid is not None and self.g.by_id[sid].kind == "namespace"
            qualname = qualname.rpartition(".")[0]
        return depth

    def binding(self, path: str, local: str, seen: frozenset = frozenset(), exported: bool = False) -> Binding:
        """What ``local`` is bound to in ``path`` by an import (``exported``: what ``path`` exports under it)."""
        table = (self.export_table if exported else self.bindings).setdefault(path, {})
        if local in table:
            return table[local]
        key = (path, local, exported)
        if key in seen:
            return UNRESOLVED
        self._declare_names(path)
        targets, name, support, spec = self._pending_entry(path, local, exported)
        found = self.import_target(targets, name, support, seen | {key}, spec)
        if found.kind == "unresolved" and not targets:
            found = (self._inline_module(path, spec, name, support)
                     or self._inside_module(path, spec, name, support)
                     or self._namespace_submodule(path, spec, name, support)
                     or self._through_import(path, local, spec, name, support, seen | {key})
                     or (EXTERNAL if self.is_external(support, path, spec) else found))
        table[local] = found
        return found

    def _inline_module(self, path: str, spec: str | None, name: str | None, support) -> Binding | None:
        """A module spec naming a module defined inside the importing file (Rust ``use inner::Inner`` beside
        ``mod inner { }``): the definition there, never a library of that name."""
        parts = spec.split(getattr(support, "PATH_SEPARATOR", ".")) if spec and name and name != "*" else []
        parts = parts[1:] if parts[:1] == ["self"] else parts
        module = self.g.by_qual.get((path, parts[0])) if parts else None
        if module is None or self.g.by_id[module].kind != "namespace":
            return None
        sid = self.g.by_qual.get((path, ".".join(parts + [name])))
        return Binding("symbol", sid) if sid else None

    def _namespace_submodule(self, path: str, spec: str | None, name: str | None, support) -> Binding | None:
        """``from pkg.sub import tut`` where ``pkg.sub`` is a folder without an ``__init__`` (a namespace package,
        ``NAMESPACE_PACKAGES``): the module ``pkg/sub/tut``."""
        if not spec or not name or name == "*" or not getattr(support, "NAMESPACE_PACKAGES", False):
            return None
        dotted = f"{spec}{name}" if spec.endswith(".") else f"{spec}.{name}"
        files = support.resolve_module(path, dotted, self.index_of(support), self.root)
        return Binding("module", files) if files else None

    def _inside_module(self, path: str, spec: str | None, name: str | None, support) -> Binding | None:
        """A module spec whose head names a file and whose rest names modules defined inside it (Rust ``use
        crate::loom::sync::atomic::AtomicMut`` with ``mod sync { mod atomic { trait AtomicMut } }`` in
        ``loom.rs``): the definition there."""
        separator = getattr(support, "PATH_SEPARATOR", ".")
        parts = spec.split(separator) if spec and name and name != "*" else []
        for cut in range(len(parts) - 1, 0, -1):
            files = support.resolve_module(path, separator.join(parts[:cut]), self.index_of(support), self.root)
            for p in files:
                inner = self.g.by_qual.get((p, parts[cut]))
                if inner is not None and self.g.by_id[inner].kind == "namespace":
                    sid = self.g.by_qual.get((p, ".".join(parts[cut:] + [name])))
                    return Binding("symbol", sid) if sid else None
            if files:
                return None
        return None

    def _through_import(self, path: str, local: str, spec: str | None, name: str | None, support,
                        seen: frozenset) -> Binding | None:
        """A module spec naming no file that goes through another of the file's imports (the language's
        ``import_head``: Rust ``use self::fmt::Write`` after ``use core::fmt``): what that import binds decides."""
        head = getattr(support, "import_head", None)
        head = head(spec) if head and spec else None
        if not head or head == local or head not in self.pending_of(path):
            return None
        via = self.binding(path, head, seen)  # a cycle (use self::a::b; use self::b::a) is unresolved there
        if via.kind == "external":
            return EXTERNAL
        return self.import_target(via.value, name, support, seen) if via.kind == "module" else None

    def is_external(self, support, importer: str, spec: str | None) -> bool:
        """A module spec that names no file of the repository and cannot be one: a library (``os``, ``react``,
        ``java.util``, ``std``), not a relative path that failed to resolve."""
        if not spec:
            return False
        rule = getattr(support, "is_external", None)
        return rule(importer, spec, self.index_of(support), self.root) if rule else not spec.startswith(".")

    def import_target(self, paths: list[str], name: str | None, support, seen: frozenset = frozenset(),
                      spec: str | None = None) -> Binding:
        if not paths:
            return self._nested_target(name, support, spec) or UNRESOLVED
        if name and name != "*":
            outside = None
            for group in _runtime_first(paths, support):
                hit = self._named_target(group, name, seen, spec)
                if hit and hit.kind != "external":
                    return hit
                outside = outside or hit
            if outside:
                return outside
            sub = support.submodule(paths, name, self.index_of(support))
            if sub:
                return Binding("module", sub)
            if name == "default" and getattr(support, "UNNAMED_DEFAULT_IS_MODULE", False) and not any(
                    self._exports_default(p) for p in paths):
                # export default { forEach, isArray }: no name is the default export, an object of the module's
                # own: utils.forEach() is the module's forEach
                return Binding("module", paths)
            return self._nested_target(name, support, spec) or UNRESOLVED
        return Binding("module", paths)

    def _named_target(self, paths: list[str], name: str, seen: frozenset, spec: str | None) -> Binding | None:
        """``name`` as the module of ``paths`` gives it: a file's own definition first, then what one passes on."""
        for p in paths:
            sid = self.g.top.get(p, {}).get(name) or ("." in name and self.g.by_qual.get((p, name)))
            sid = self._in_imported_block(p, sid, spec) if sid else sid
            if sid:  # a dotted name is a member: Java ``import a.b.Outer.Inner``
                return Binding("symbol", sid)
        for p in paths:
            hit = self.reexported(p, name, seen)
            if hit:
                return hit
        return None

    def _nested_target(self, name: str | None, support, spec: str | None) -> Binding | None:
        """A class nested in the one the spec ends with, where the language says how (``nested_import``: C#'s
        ``using Scenario = Ns.Outer.Scenario;``)."""
        rule = getattr(support, "nested_import", None)
        sid = rule(self.g, spec, name) if rule and spec and name and name != "*" else None
        return Binding("symbol", sid) if sid else None

    def _in_imported_block(self, path: str, sid: str, spec: str | None) -> str | None:
        """Of a file of several package blocks, the definition of the imported package's block (``use Shop\\Ship\\
        Gateway`` of a file defining a Gateway in ``namespace Shop\\Pay { }`` and one in ``namespace Shop\\Ship { }``:
        the second), None where that block defines none; a spec naming no block (the file itself): ``sid``."""
        blocks = self.g.package_blocks.get(path)
        if not blocks or spec not in {scope for _, scope in blocks}:
            return sid
        return in_block(self.g, blocks, sid, spec)

    def _exports_default(self, path: str) -> bool:
        self._declare_names(path)
        return "default" in self.exported.get(path, ())

    def reexported(self, path: str, name: str, seen: frozenset, imports: bool = True) -> Binding | None:
        """``name`` as module ``path`` passes it on: one of its exports or (``imports``) its imports, or a module it
        re-exports wholesale."""
        support = self.supports.get(path)
        if support is not None and not getattr(support, "IMPORTS_PASS_ON", True):
            return None  # Java, Go: importers see only a file's own definitions (chasing its imports was exponential)
        self._declare_names(path)
        outside = None
        for exported in (True, False) if imports else (True,):
            if name in (self.exported if exported else self.pending).get(path, ()):
                hit = self.binding(path, name, seen, exported)
                if hit.kind in ("symbol", "module"):
                    return hit
                outside = outside or (hit if hit.kind == "external" else None)
        for paths in self.stars(path):
            for p in paths:
                if (p, "*" + name, False) in seen:
                    continue
                hit = self.passed_on.get((p, name), ...)
                if hit is ...:
                    sid = self.g.top.get(p, {}).get(name)
                    # an ES module's `export *` passes on its exports, never what it imports for itself
                    imports = getattr(self.supports.get(p), "STAR_PASSES_IMPORTS", True)
                    hit = Binding("symbol", sid) if sid else \
                        self.reexported(p, name, seen | {(p, "*" + name, False)}, imports)
                    self.passed_on[(p, name)] = hit
                if hit and hit.kind != "external":
                    return hit
        if outside is None and path in self.external_star:
            # export * from "@testing-library/react" in a test helper: a name it neither defines nor takes from the
            # repository is the library's (bulletproof-react's within, waitFor), as its own file reads it
            return EXTERNAL
        return outside  # passed on from outside the repository (exports.Router = require("router")), or None

    def imported_symbol(self, path: str, name: str) -> str | None:
        """The definition ``name`` is bound to in ``path`` by an import or a wildcard import of a repository module."""
        key = (path, name)
        sid = self._imported_symbols.get(key, _UNKNOWN)
        if sid is _UNKNOWN:
            sid = self._imported_symbol_uncached(path, name)
            if path not in self.g.package_blocks:
                self._imported_symbols[key] = sid
        return sid

    def _imported_symbol_uncached(self, path: str, name: str) -> str | None:
        found = self.bound_name(path, name)
        if found is not None and found.kind in ("symbol", "module"):
            return found.value if found.kind == "symbol" else None
        stars = self.stars(path)
        for paths in stars:  # a wildcard-imported module's own definition first, then what one passes on
            for p in paths:
                sid = self.g.top.get(p, {}).get(name)
                if sid:
                    return sid
        for paths in stars:
            for p in paths:
                sid = self._star_passes(path, p, name)
                if sid:
                    return sid
        for cls in self.star_classes.get(path, ()):
            sid = self.g.members.get(cls, {}).get(name)
            if sid:
                return sid
        return None

    def _star_class(self, path: str, spec: str | None, targets: list[str], support) -> bool:
        """A wildcard import of a class's members (Java's ``import static a.b.Outer.Inner.*``, Kotlin's ``import
        p.Perfs.*``): the class, where the language says which part of the spec names one (``star_class(spec)`` ->
        its qualified name). True when it is found: the files around it are then not what the wildcard imports
        (its package's other classes, a twin module's ``D1`` beside ``Perfs.D1``)."""
        rule = getattr(support, "star_class", None)
        qualname = rule(spec) if rule and spec else None
        for p in targets if qualname else ():
            sid = self.g.by_qual.get((p, qualname))
            if sid:
                self.star_classes[path].append(sid)
                return True
        return False

    def _star_passes(self, path: str, module: str, name: str) -> str | None:
        """A definition a wildcard-imported module has itself imported, where the language's wildcard brings those
        too (``STAR_IMPORTS_IMPORTS``: Rust's ``use super::*`` in a test module sees the parent's ``use`` items, and
        ``use axum::test_helpers::*`` what that module passes on with ``pub use self::test_client::*``)."""
        if not getattr(self.supports.get(path), "STAR_IMPORTS_IMPORTS", False) or module == path:
            return None
        hit = self.bound_name(module, name)
        if hit is None or hit.kind != "symbol":
            hit = self.reexported(module, name, frozenset({(path, "*" + name, False)}))
        return hit.value if hit is not None and hit.kind == "symbol" else None


def _runtime_first(paths: list[str], support) -> list[list[str]]:
    """A module's files in the order a name is looked up in: where a module is code and a declaration file beside it
    (attrs' ``attr/__init__.py``, passing on ``_make.make_class``, and ``attr/__init__.pyi`` declaring it), what runs
    first (the code's own definitions, then what it passes on), the declarations only for a name the code does not
    give (a compiled extension's, declared in its stub alone)."""
    declared = getattr(support, "declaration_only", None)
    if declared is None or len(paths) < 2:
        return [paths]
    code = [p for p in paths if not declared(p)]
    return [code, [p for p in paths if declared(p)]] if code and len(code) < len(paths) else [paths]
