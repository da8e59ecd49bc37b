"""An incremental run (``codelake update``, or an ``index`` that found few changes) writes only what the edit changed.

The changed files' own rows are replaced (``files``, ``refs``, ``symbols`` by path). Edges are resolved again only
for the files whose references can resolve differently: the changed files themselves, and, when a changed file's
*signature* moved (a definition added, removed, renamed or re-parented, an import or base class changed, the file
added or deleted), the files naming what changed, the files with edges to or from what changed, the subclasses of
its classes and, for module-level changes, the files importing a module of that name. The common edit (a function
body) changes no signature, so only the file's own edges are written again.

Symbol ids (``sid``) are stable: a symbol keeps its sid for as long as its id exists, new symbols take the next
number of a counter kept in the cursor, so kept edges keep pointing at the right symbols without being rewritten.
"""

from __future__ import annotations

import posixpath
import re
from collections import _count_elements  # Counter's C loop, without a Counter
from operator import attrgetter
from typing import NamedTuple

import pyarrow as pa

from pipeline import arrowops as pc  # Arrow's kernels without importing pyarrow.compute
from pipeline.extractor import Batch, Replace

from .langs import HANDS_ON, MAX_HANDS_ON
from .marks import OBJECT_KEY
from .graph import METHODS, local_kind
from .resolve import CLASSLIKE, DECLARED_KINDS, EARLY_KINDS, FLOW_KINDS, IMPORT_KINDS, MAX_PASSED_ON, MODULE, STORED_FORM, \
    Edge, mentions

SIGNATURE = ["id", "name", "qualname", "kind", "parent_id"]  # what resolution reads of a definition
EARLY_REF = ["path", "src_qualname", "kind", "name", "receiver", "module", "alias"]  # imports, bases (not lines)
FACT_REF = EARLY_REF + ["bound_to"]  # declared types and value-flow facts (not lines)
FILE_FACTS = ["language", "package", "parse_status"]
INCREMENTAL_SHARE = 0.5  # past this share of the files affected, resolving everything is simpler and no slower


class EditScope:
    """What the changed files' edit moved, as far as other files' resolution can tell. Written out, not a dataclass
    (an update's main process would write and ``exec`` its methods' source)."""

    def __init__(self, changed: set[str]):
        self.changed = changed  # paths parsed again or deleted
        self.ids: set[str] = set()  # definitions added, removed or whose signature moved
        self.linked: set[str] = set()  # of those, the ones the previous edges can name (not added)
        self.names: set[str] = set()  # their names, and the names changed imports bind
        self.classes: set[str] = set()  # classes whose members or bases moved (subclasses follow)
        self.methods_only: set[str] = set()  # of those, classes with a plain method moved (``plain_owners``)
        self.reowned: set[str] = set()  # and those with another member moved
        self.modules: set[str] = set()  # files added, deleted, or whose imports or package moved
        self.callees: set[str] = set()  # names of functions given other functions by changed calls
        # those and the functions they pass a parameter on to (``_defining_through``): the lines inside a function of
        # such a name resolve again, in whatever file defines one (``ReachedLines``), not the whole of those files
        self.passed_on: set[str] = set()
        # what the moved functions returned or decorate (``_edge_ends``): a line with an edge to one read their value
        self.values: set[str] = set()
        # callee -> the names of the functions passing their parameters on to it (None: a value passed by name)
        self.passers: dict[str, set[str | None]] = {}
        self.flows: set[str] = set()  # functions whose declared type or value-flow facts moved
        self.signed: set[str] = set()  # of those, the ones whose ``signature`` facts moved
        self.methods: set[str] = set()  # names of the methods added, removed or moved (templates fit)
        self.rebased = False  # a class's bases moved: which methods a template reaches, whatever their names
        self.bases: set[str] = set()  # the names of the bases added or removed (their files' mixins resolve again)
        # of the affected files, those whose every line resolves again (``affected_paths``; None: every one): the
        # others keep the lines that name nothing the edit moved (``kept_resolution``)
        self.whole: set[str] | None = None

    @property
    def local(self) -> bool:
        """Nothing another file reads moved: only the changed files' own edges change."""
        return self.same_definitions and not self.callees

    @property
    def keeps_lines(self) -> bool:
        """Only definitions moved (no import, base or file): a line naming none of them, in the changed files or
        in the files the edit reaches, keeps its edges (``kept_resolution``)."""
        return not (self.modules or self.rebased or self.bases)

    @property
    def plain_owners(self) -> set[str]:
        """The classes whose plain methods alone moved (no base, no field, no special method: ``__init__``,
        ``__getattr__``, a constructor, which a subclass's lines reach without naming them): a subclass is reached
        by them only where it overrides one (its dispatch edges) or names one (``_naming``)."""
        return set() if self.rebased else self.methods_only - self.reowned - self.ids

    @property
    def mentioned(self) -> frozenset[str]:
        """The names a line must not mention to keep its edges: the moved definitions' and changed imports'
        names, a moved member's (an object handed where its owner is declared), the functions whose facts moved."""
        names = {name[len(OBJECT_KEY):] if name.startswith(OBJECT_KEY) else name for name in self.names}
        names |= {f.rpartition("::")[2].rpartition(".")[2].partition("#")[0] for f in self.flows}
        return frozenset(n for n in names if n)

    @property
    def same_definitions(self) -> bool:
        """No definition, import, base or value-flow fact of the changed files moved."""
        return not (self.ids or self.linked or self.names or self.classes or self.modules)


def stable_sids(new: pa.Table, old: pa.Table | None, next_sid: int) -> tuple[pa.Table, int]:
    """``new`` symbols with the sid each id had in ``old``; new ids numbered from ``next_sid``."""
    before = dict(zip(*old.select(["id", "sid"]).to_pydict().values())) if old is not None and old.num_rows else {}
    sids = []
    for symbol_id in new.column("id").to_pylist():
        sid = before.get(symbol_id)
        if sid is None:
            sid, next_sid = next_sid, next_sid + 1
        sids.append(sid)
    column = pa.array(sids, pa.int32())
    if "sid" in new.column_names:
        return new.set_column(new.schema.get_field_index("sid"), "sid", column), next_sid
    return new.append_column("sid", column), next_sid


def next_sid_of(state: dict, previous) -> int:
    """The cursor's counter; a lake written before stable sids starts after its largest one."""
    if isinstance(state.get("next_sid"), int):
        return state["next_sid"]
    sids = previous("symbols", columns=["sid"])
    top = pc.max(sids.column("sid")).as_py() if sids is not None and sids.num_rows else None
    return 0 if top is None else top + 1


def edit_scope(changed: set[str], old: dict, new: dict) -> EditScope:
    """Compare the changed files' rows before and after: definitions, imports and bases, file facts."""
    scope = EditScope(changed=set(changed))
    before, after = _rows(old["symbols"], SIGNATURE + ["path"]), _rows(new["symbols"], SIGNATURE + ["path"])
    moved = set(before) ^ set(after)
    scope.ids = {row[0] for row in moved}
    scope.linked = {row[0] for row in before - after}
    kinds = {row[0]: row[3] for row in list(before) + list(after)}
    # a function's local definition is named from its own file only (``graph.local_to_body``): other files reach it
    # through the edges of a value (``linked``), or the value-flow facts of the function returning it (``flows``)
    scope.names = {row[1] for row in moved if not local_kind(row[3], row[5], kinds.get(row[4]))}
    scope.methods = {row[1] for row in moved if row[3] in METHODS}
    for row in moved:  # a class, or a member of one: the class's subclasses may resolve differently
        if row[3] in CLASSLIKE:
            scope.classes.add(row[0])
        parent = row[4]
        if parent and not parent.endswith("::" + MODULE) and kinds.get(parent, "class") in CLASSLIKE:
            scope.classes.add(parent)
            (scope.methods_only if row[3] in METHODS and not _special(row[1]) else scope.reowned).add(parent)
            scope.names.add(OBJECT_KEY + row[1])  # the objects handed where the member's owner is declared
    early_before, early_after = _early(old["refs"]), _early(new["refs"])
    carried = _carried(early_before - early_after, early_after - early_before, scope.ids)
    for row in (early_before ^ early_after) - carried:  # a base carried by a renamed definition's class is the
        # same base, an import carried inside a renamed function the same import (the moved ids reach the rest)
        scope.names.update(n for n in (row[3], row[6]) if n)
        if row[2] in IMPORT_KINDS and kinds.get(f"{row[0]}::{row[1]}") in FUNCTIONS:
            continue  # an import inside a function binds there only: the lines naming it follow
        scope.modules.add(row[0])
        if row[2] == "inherits":
            scope.classes.add(f"{row[0]}::{row[1]}")
            scope.rebased = True
            scope.bases.add(_last_name(row[3]))
    facts_before, facts_after = _facts(old["refs"]), _facts(new["refs"])
    handing_nothing = _handing_nothing(facts_before, facts_after, scope.ids)
    _value_facts_moved(scope, (facts_before ^ facts_after) - handing_nothing, {row[0] for row in before},
                       _renamed(early_before | early_after), kinds)
    files_before, files_after = _file_facts(old["files"]), _file_facts(new["files"])
    for path in changed:
        was, now = files_before.get(path), files_after.get(path)
        if was != now:  # added, deleted, skipped or parsed again, another language or package
            scope.modules.add(path)
            scope.names |= {row[1] for row in before | after if row[5] == path and row[3] != "module"}
    return scope


FUNCTIONS = frozenset({"function", "method"})
VALUE_KINDS = ("returns", "local_returns", "returns_call", "type.return", "value.returned")  # a function's value


def _carried(gone: set[tuple], came: set[tuple], moved: set[str]) -> set[tuple]:
    """The imports and bases (``EARLY_REF`` rows) of moved definitions that a moved definition of the same file
    states again, but for its source (a function renamed with the class it declares and that class's base, the
    imports inside it): the same statements, their names followed by the lines naming them."""
    return _restated(gone, came, lambda row: row[1] != MODULE and f"{row[0]}::{row[1]}" in moved)


def _handing_nothing(before: set[tuple], after: set[tuple], moved: set[str]) -> set[tuple]:
    """The moved ``callback`` facts (a name passed to a call) that hand nothing new over: those of a definition
    renamed or moved whose twin passes the same name to the same call (``FACT_REF`` but the source)."""
    return _restated(before - after, after - before,
                     lambda fact: fact[2] == "callback" and f"{fact[0]}::{fact[1]}" in moved)


def _restated(gone: set[tuple], came: set[tuple], of_moved) -> set[tuple]:
    """The rows (path, source, rest...) of moved sources (``of_moved``) that the edit removed and states again with
    another source, alike but for it, as many times: both sides of each such statement."""
    def by_statement(rows: set[tuple]) -> dict[tuple, list[tuple]]:
        found: dict[tuple, list[tuple]] = {}
        for row in rows:
            if of_moved(row):
                found.setdefault(row[:1] + row[2:], []).append(row)
        return found

    before, after = by_statement(gone), by_statement(came)
    return {row for key in before.keys() & after.keys() if len(before[key]) == len(after[key])
            for row in before[key] + after[key]}


CONSTRUCTORS = frozenset({"constructor", "init", "initialize", "new", "call", "invoke", "get", "set"})


def _special(name: str) -> bool:
    """A method the language calls without its name written (``__init__``, ``__getattr__``, ``initialize``, Kotlin's
    ``invoke``, a property's ``get``): its class's lines and its subclasses' may reach it by any name."""
    return name.startswith("__") or name.lower() in CONSTRUCTORS or name.startswith("operator")


def _functions_of(path: str, qualname: str, kinds: dict[str, str]) -> set[str]:
    """The names of a function and of the functions enclosing it (``f#2.g``: ``f``, ``g``; ``Expr._random``:
    ``_random``), whose parameter it may pass on; every part where its kind is not known."""
    parts = qualname.split(".")
    return {part.partition("#")[0] for i, part in enumerate(parts)
            if kinds.get(f"{path}::{'.'.join(parts[:i + 1])}", "function") in FUNCTIONS}


def given_only(scope: EditScope, previous, refs: list[pa.Table | None]) -> None:
    """``scope.callees`` less those reached only by parameters passed on (``param_passed``: ``str(x)`` in ``def
    f(x)``) from functions no call or decorator gives a function: what such a parameter hands the callee is what
    its function's callers give it (``Resolver._bind_passed_on``), nothing where none does (a function appended,
    renamed or removed with its body, ``len(str(x))``, reaches no other file's parameter calls). ``refs``: the
    changed files' references before and after the edit (what ``ref_names`` does not list yet)."""
    passing = {name for passers in scope.passers.values() for name in passers if name}
    if not passing:
        return
    given = _given(previous, passing, refs)
    for callee, passers in scope.passers.items():
        if None not in passers and passers.isdisjoint(given):
            scope.callees.discard(callee)


def _given(previous, names: set[str], refs: list[pa.Table | None], hops: int = MAX_PASSED_ON) -> set[str]:
    """Of ``names`` (functions), those that may be given a function: one passed by name to a call of one where the
    previous edges resolved it (a ``callback`` edge at that line: ``run(helper)``, not ``run(x)``), a parameter
    passed on to one by a function itself given one (followed ``hops`` times: ``Walk(fn)`` passing ``fn`` to
    ``walk``), one decorating a definition, one imported under another name, or any call of one in the changed
    files (``refs``: before and after the edit, whose edges are not read)."""
    from .rows import passed

    files = previous("ref_names", columns=["name", "path"], where=("name", sorted(names)), dictionary=["path"])
    paths = sorted(_paths(files)) if files is not None else []
    lake = previous("callback_refs", columns=["kind", "name", "module", "path", "line", "src_qualname"],
                    where=("path", paths), dictionary=["kind", "path"]) if paths else None
    given, asked = set(), {}  # asked: (path, line, name passed) -> the function it is passed to
    handing: dict[str, set[str]] = {}  # a function -> the functions passing a parameter on to it
    for table, edited in [(lake, False)] + [(None if t is None else passed(t), True) for t in refs]:
        if table is None or not table.num_rows:
            continue
        columns = pc.decoded(table.select(["kind", "name", "module", "path", "line", "src_qualname"])).to_pydict()
        for kind, name, module, path, line, src in zip(*columns.values()):
            callee = (module or "").rpartition(".")[2]
            if kind in ("import", "decorated_by"):  # ``@traced`` after ``trace as traced``: ``trace`` given
                given.add((name or "").rpartition(".")[2])
            elif callee not in names:
                continue
            elif edited:
                given.add(callee)
            elif kind == "param_passed":
                handing.setdefault(callee, set()).update(part.partition("#")[0] for part in src.split("."))
            else:
                asked[(path, line, name)] = callee
    given |= _passed_functions(previous, asked)
    handing = {callee: passers for callee, passers in handing.items() if callee not in given}
    if handing:
        passers = set().union(*handing.values())
        reached = _given(previous, passers, [], hops - 1) if hops > 0 else passers
        given |= {callee for callee, by in handing.items() if not by.isdisjoint(reached)}
    return given & names


def _passed_functions(previous, asked: dict[tuple, str]) -> set[str]:
    """The functions of ``asked`` ((path, line, name passed) -> function) handed a name the repository defines
    (``symbol_names``: a function, a class, a value such as ``ZZ = IntegerRing()``, which a called parameter then
    reaches); a local variable's name defined nowhere hands nothing a parameter call resolves to."""
    if not asked:
        return set()
    names = sorted({name for _, _, name in asked if name})
    defined = previous("symbol_names", columns=["name"], where=("name", names))
    if defined is None:
        return set(asked.values())
    found = set(pc.decoded(defined).column("name").to_pylist())
    return {callee for (_, _, name), callee in asked.items() if name in found}


def _last_name(name: str | None) -> str:
    """A base as written, by its own name (``Api::Base``, ``a.B``, ``Box<T>``: ``Base``, ``B``, ``Box``)."""
    name = (name or "").partition("<")[0].partition("(")[0]
    return name.replace("::", ".").rpartition(".")[2].strip()


def _renamed(early: set[tuple]) -> dict[tuple[str, str], str]:
    """(path, alias) -> the name imported under it (``from m import run as go``), of the changed files' imports."""
    return {(row[0], row[6]): row[3] for row in early if row[2] == "import" and row[6] and row[6] != row[3]}


def _value_facts_moved(scope: EditScope, moved: set[tuple], existed: set[str],
                       renamed: dict[tuple[str, str], str], kinds: dict[str, str]) -> None:
    """A declared type or value-flow fact moved: what a function returns, its declared type, its decorators, the
    parameters it calls (the files with an edge to it resolve again: what reads its value calls it, ``f()()``,
    ``x = f(); x.m()``, or reads the field; and those with an edge to what it returned or decorates: the callers
    of a decorated function call what the decorator returns); a function passed to a call (the called function's
    parameter calls resolve again, in the files defining a function of that name). ``existed``: the ids defined
    before the edit; ``renamed``: the changed files' imports under another name (``go(rest)`` after ``run as go``
    passes ``rest`` to ``run``); ``kinds``: the changed files' definitions' kinds by id, before and after."""
    for path, qual, kind, _name, _receiver, module, _alias, _bound in moved:
        if kind in ("callback", "param_passed"):
            # (a namespace imported whole, ``import * as db``, names nothing it renames)
            callees = {module.rpartition(".")[2]} | ({renamed[(path, module)]} if renamed.get((path, module)) else set())
            scope.callees |= callees
            for callee in callees:  # a parameter passed on: only what the passing function is given reaches it
                scope.passers.setdefault(callee, set()).update(_functions_of(path, qual, kinds)
                                                               if kind == "param_passed" else {None})
            continue
        if "." in qual and kind in DECLARED_KINDS:  # a member's declared type (onDone?: (r: Report) => void): the
            # files handing an object literal where its owner is declared type their functions by it (no edge says so)
            scope.names.add(OBJECT_KEY + qual.rpartition(".")[2])
        if f"{path}::{qual}" in existed:  # a new function: nothing has an edge to it yet
            scope.linked.add(f"{path}::{qual}")
            scope.flows.add(f"{path}::{qual}")
            if kind == "signature":
                scope.signed.add(f"{path}::{qual}")


def _facts(refs: pa.Table | None) -> set[tuple]:
    """The declared types and value-flow facts among ``refs``, and the functions passed to calls by name."""
    if refs is None or not refs.num_rows:
        return set()
    plain = pc.decoded(refs)
    kind = plain.column("kind")
    passed = pc.and_(pc.equal(kind, "callback"), pc.and_(pc.is_valid(plain.column("alias")),
                                                         pc.is_valid(plain.column("module"))))
    facts = pc.or_(pc.is_in(kind, value_set=pa.array(DECLARED_KINDS + FLOW_KINDS)), passed)
    return _rows(pc.filter(plain, facts), FACT_REF)


def _rows(table: pa.Table | None, columns: list[str]) -> set[tuple]:
    if table is None or not table.num_rows:
        return set()
    data = pc.decoded(table.select(columns)).to_pydict()
    return set(zip(*data.values()))


def _early(refs: pa.Table | None) -> set[tuple]:
    if refs is None or not refs.num_rows:
        return set()
    early = pc.filter(pc.decoded(refs), pc.is_in(pc.decoded(refs).column("kind"), value_set=pa.array(EARLY_KINDS)))
    return _rows(early, EARLY_REF)


def _file_facts(files: pa.Table | None) -> dict[str, tuple]:
    if files is None or not files.num_rows:
        return {}
    data = pc.decoded(files.select(["path"] + FILE_FACTS)).to_pydict()
    return {p: (lang, pkg, st == "skipped") for p, lang, pkg, st in zip(*data.values())}


def affected_paths(scope: EditScope, previous, new_refs: pa.Table, indexed: bool = False) -> set[str] | None:
    """The files whose edges must be resolved again: the changed ones, and those the scope reaches. The lake's
    columns are read dictionary-encoded and tested through their dictionaries (a million references are never
    decoded: only the rows that match are). ``indexed``: the lake's internal indexes (``symbol_names``,
    ``hierarchy``) are this version's, and are read instead of the whole ``symbols`` and ``edges``. None: every
    file (a lake without those indexes, where a moved fact reaches further than one read tells)."""
    affected = set(scope.changed)
    if scope.local:
        return affected
    whole = set() if scope.keeps_lines and indexed else None  # files whose every line resolves again
    if scope.names:
        affected |= _naming(previous, scope.names, scope.methods, scope.rebased) - scope.changed
    if scope.modules:
        imports = previous("early_refs", columns=["path", "module", "kind"], dictionary=["path", "kind"])
        if imports is None:  # a lake written before early_refs
            imports = previous("refs", columns=["path", "module", "kind"], dictionary=["path", "kind"])
        imports = _without(imports, scope.changed)
        affected |= _importers(imports, scope.modules) if imports is not None else set()
    if scope.linked or scope.classes:  # a definition only added has no edges yet: no scan of the edges
        linked = _linked(previous, scope, indexed)
        affected |= linked  # (a line reading a moved function's value in those files: ``ReachedLines.split``)
    if scope.bases:  # a mixin included or dropped: its calls resolve through its includers (``_mixin_files``)
        affected |= _defining(previous, scope.bases - {""}, indexed)
    if scope.callees:
        defining, scope.passed_on = _defining_through(previous, scope.callees, indexed)
        affected |= defining
    if scope.signed:
        handing = _handing_on(previous, scope.signed) if indexed else None
        if handing is None:
            return None  # a lake without the edge indexes: everything is resolved again
        affected |= handing  # a callback's parameters typed by a moved signature: lines that need not name it
        whole = None if whole is None else whole | handing
    scope.whole = whole
    return affected


def _handing_on(previous, functions: set[str]) -> set[str] | None:
    """The files calling a function that hands the block or callback it is given on (``HANDS_ON``) to one of
    ``functions``, up the chain to ``MAX_HANDS_ON`` hands: what such a block runs on is what the last function of
    the chain says (Ruby's ``Shop.define do item end``, whose ``define`` hands its block to ``DSL.run``, which runs
    it on a ``Proxy``), so those files resolve again when the last one's facts moved. None: a lake without the
    ``edge_targets`` index."""
    found, frontier, seen = set(), set(functions), set(functions)
    for _ in range(MAX_HANDS_ON):
        targets = previous("edge_targets", columns=["dst_id", "path"], where=("dst_id", sorted(frontier)),
                           dictionary=["path"])
        if targets is None:
            return None
        callers = _paths(targets)
        found |= callers
        facts = previous("early_refs", columns=["path", "src_qualname", "kind", "alias"],
                         where=("path", sorted(callers)))
        handing = {f"{p}::{q}" for p, q, kind, alias in zip(*pc.decoded(facts).to_pydict().values())
                   if kind == "signature" and alias == HANDS_ON} if facts is not None else set()
        if not handing:
            break
        edges = previous("edges", columns=["src_id", "dst_id"], where=("path", sorted(callers)))
        ends = zip(*pc.decoded(edges).to_pydict().values()) if edges is not None else ()
        frontier = {src for src, dst in ends if src in handing and dst in frontier} - seen
        if not frontier:
            break
        seen |= frontier
    return found


def _naming(previous, names: set[str], methods: set[str] = frozenset(), rebased: bool = False) -> set[str]:
    """Files whose references name one of ``names``: from the ``ref_names`` index (only the shards of those names),
    or, in a lake written before it, from every reference. A file naming a template (``visit_*``) is one only where
    a method of ``methods`` fits it, or every such file where a class's bases moved (``rebased``): a template
    reaches the methods of its class, its bases and subclasses only (``Resolver._template``), so a function or
    class added anywhere no longer resolves every file holding one again (136 files, 122K edges on site-packages)."""
    from .rows import TEMPLATE_KEY

    keys = names | {TEMPLATE_KEY} if methods or rebased else names
    index = previous("ref_names", columns=["name", "path"], where=("name", sorted(keys)), dictionary=["path"])
    if index is not None:
        if rebased or not methods:
            return _paths(index)
        templated = pc.equal(pc.decoded(index.select(["name"])).column("name"), TEMPLATE_KEY)
        return _paths(pc.filter(index, pc.invert(templated))) | _fitting(previous, _paths(pc.filter(index, templated)),
                                                                      methods)
    refs = previous("refs", columns=["path", "name", "receiver"], dictionary=["path", "name", "receiver"])
    return set() if refs is None else _paths(pc.filter(refs, pc.or_(_in(refs, "name", names),
                                                                _in(refs, "receiver", names))))


def _fitting(previous, paths: set[str], methods: set[str]) -> set[str]:
    """Of ``paths`` (files naming a template), those with a template one of ``methods`` fits; all of them where
    their references cannot be read."""
    if not paths:
        return set()
    refs = previous("refs", columns=["path", "name"], where=("path", sorted(paths)), dictionary=["path"])
    if refs is None:
        return paths
    refs = pc.decoded(refs)
    refs = pc.filter(refs, pc.fill_null(pc.match_substring(refs.column("name"), "*"), False))
    found = set()
    for path, name in zip(*refs.to_pydict().values()):
        if path not in found and name != "*" and any(map(_template_fit(name), methods)):
            found.add(path)
    return found


def _template_fit(template: str):
    """A template's ``*`` fits any characters, as ``Resolver._template_names`` reads it."""
    return re.compile("^" + ".*".join(map(re.escape, template.split("*"))) + "$").match


def _in(table: pa.Table, column: str, values) -> pa.ChunkedArray:
    """Whether each row's ``column`` is one of ``values`` (null: no), worked out once per dictionary value."""
    value_set = pa.array(sorted(values), pa.string())
    chunks = []
    for chunk in table.column(column).chunks:
        if pa.types.is_dictionary(chunk.type):
            hit = pc.is_in(chunk.dictionary, value_set=value_set)
            chunks.append(pc.fill_null(pc.take(hit, chunk.indices), False))
        else:
            chunks.append(pc.fill_null(pc.is_in(chunk, value_set=value_set), False))
    return pa.chunked_array(chunks, pa.bool_())


def _paths(table: pa.Table) -> set[str]:
    return set(pc.decoded(table.select(["path"])).column("path").to_pylist())


def _defining(previous, names: set[str], indexed: bool) -> set[str]:
    """Files defining a function named like one of ``names`` (only a function's parameters are called): from the
    ``symbol_names`` index, which lists every function and method by name (only the shards of those names), or,
    in a lake without it, from every definition."""
    if indexed:
        index = previous("symbol_names", columns=["name", "path"], where=("name", sorted(names)), dictionary=["path"])
        if index is not None:
            return _paths(index)
    symbols = previous("symbols", columns=["path", "name"], dictionary=["path", "name"])
    return set() if symbols is None else _paths(pc.filter(symbols, _in(symbols, "name", names)))


def _defining_through(previous, names: set[str], indexed: bool) -> tuple[set[str], set[str]]:
    """``_defining``, and the files defining the functions those pass a parameter on to (``Walk(fn)`` calling
    ``walk(root, fn)``: what Walk is given reaches walk's calls), up to ``MAX_PASSED_ON`` hops; and the names of
    all those functions (``names`` with them)."""
    found, frontier, seen = set(), set(names), set(names)
    for _ in range(MAX_PASSED_ON + 1):
        paths = _defining(previous, frontier, indexed) - found
        found |= paths
        facts = previous("early_refs", columns=["path", "src_qualname", "kind", "module"],
                         where=("path", sorted(paths))) if paths else None
        rows = zip(*pc.decoded(facts).to_pydict().values()) if facts is not None else ()
        frontier = {module.rpartition(".")[2] for _, qual, kind, module in rows
                    if kind == "param_passed" and module and qual.rpartition(".")[2] in frontier} - seen
        if not frontier:
            break
        seen |= frontier
    return found, seen


def _without(table: pa.Table | None, paths: set[str]) -> pa.Table | None:
    if table is None or not paths:
        return table
    return pc.filter(table, pc.invert(_in(table, "path", paths)))


def _importers(refs: pa.Table, modules: set[str]) -> set[str]:
    """Files whose imports name a module like one of ``modules`` (by file stem or package folder)."""
    stems = {posixpath.basename(p).rsplit(".", 1)[0] for p in modules}
    stems |= {posixpath.basename(posixpath.dirname(p)) for p in modules}
    with_module = pc.filter(refs, pc.and_(pc.is_valid(refs.column("module")),
                                          _in(refs, "kind", {"import", "reexport"})))
    with_module = pc.decoded(with_module.select(["path", "module"])).to_pydict()
    return {p for p, m in zip(with_module["path"], with_module["module"])
            if m.replace("/", ".").rsplit(".", 1)[-1] in stems}


def _linked(previous, scope: EditScope, indexed: bool) -> set[str]:
    """Files with an edge to or from a moved definition, and the files of subclasses of moved classes (through
    the previous ``inherits`` edges, transitively): from the ``edge_targets``, ``edge_sources`` and ``hierarchy``
    indexes (``indexed``: the lake's are this version's), or, in a lake without them, from every edge."""
    hierarchy = previous("hierarchy", columns=["path", "src_id", "dst_id"]) if indexed else None
    found = _edge_ends(previous, scope) if hierarchy is not None else None
    if found is None:
        return _linked_by_edges(previous, scope, hierarchy)
    inherits = pc.decoded(hierarchy)
    plain = scope.plain_owners
    subclassed = _subclass_files(inherits, scope.classes - plain)
    if plain:  # a plain method added or removed: the subclasses overriding one (their dispatch edges move)
        subclassed |= _subclass_files(inherits, plain) & _defining(previous, scope.methods, indexed)
    return found | subclassed | (_mixin_files(inherits, scope.classes) if scope.rebased else set())


def _edge_ends(previous, scope: EditScope) -> set[str] | None:
    """The files with an edge to a moved definition or to what the moved functions returned or decorate
    (``edge_targets``), or from a moved definition in another file than its own (``edge_sources``): each read in
    the shards of those ids only. The changed files, which hold every other edge from them, are affected anyway.
    None: a lake without those indexes."""
    values = _flow_values(_edges_of(previous, scope.flows), scope.flows) | _decorated(previous, scope.flows)
    scope.values = values
    targets = previous("edge_targets", columns=["dst_id", "path"], where=("dst_id", sorted(scope.linked | values)),
                       dictionary=["path"])
    sources = previous("edge_sources", columns=["src_id", "path"], where=("src_id", sorted(scope.linked)),
                       dictionary=["path"])
    if targets is None or sources is None:
        return None
    return _paths(targets) | _paths(sources)


def _edges_of(previous, functions: set[str]) -> pa.Table | None:
    """The previous edges of the files defining ``functions`` (a value-flow edge from a function, ``return inner``,
    is in its file): read by path, the shards of those files only."""
    if not functions:
        return None
    files = sorted({f.split("::", 1)[0] for f in functions})
    columns = ["src_id", "dst_id", "ref_form"]
    return previous("edges", columns=columns, where=("path", files), dictionary=columns)


def _linked_by_edges(previous, scope: EditScope, hierarchy: pa.Table | None) -> set[str]:
    """``_linked`` in a lake without the edge indexes: every edge read. Only the columns asked about are read:
    their kinds only for a value-flow fact (``ref_form``) or in a lake without the ``hierarchy`` index."""
    columns = ["path", "src_id", "dst_id"] + (["ref_form"] if scope.flows else [])
    columns += ["kind"] if hierarchy is None else []
    edges = previous("edges", columns=columns, dictionary=columns)
    if edges is None:
        return set()
    found = _paths(pc.filter(edges, pc.or_(_in(edges, "dst_id", scope.linked), _in(edges, "src_id", scope.linked))))
    if scope.flows:  # the files with an edge to what those functions returned, or to the functions they decorate
        values = _flow_values(edges, scope.flows) | _decorated(previous, scope.flows)
        found |= _paths(pc.filter(edges, _in(edges, "dst_id", values)))
    if hierarchy is None:
        hierarchy = pc.filter(edges, _in(edges, "kind", {"inherits"}))
    inherits = pc.decoded(hierarchy.select(["path", "src_id", "dst_id"]))
    return found | _subclass_files(inherits, scope.classes) | (_mixin_files(inherits, scope.classes)
                                                               if scope.rebased else set())


def _subclass_files(inherits: pa.Table, classes: set[str]) -> set[str]:
    """The files of the subclasses of ``classes``, transitively, from ``inherits`` edges (path, src_id, dst_id)."""
    sub_of: dict[str, list[tuple[str, str]]] = {}
    for path, src, dst in zip(*inherits.to_pydict().values()):
        sub_of.setdefault(dst, []).append((src, path))
    found, frontier, seen = set(), list(classes), set(classes)
    while frontier:
        for sub, path in sub_of.get(frontier.pop(), ()):
            found.add(path)
            if sub not in seen:
                seen.add(sub)
                frontier.append(sub)
    return found


def _mixin_files(inherits: pa.Table, classes: set[str]) -> set[str]:
    """The files of the bases of ``classes`` and of their subclasses (transitively), from the previous ``inherits``
    edges (path, src_id, dst_id): a module mixed into a class resolves its bare calls through the classes including
    it (Ruby's ``UsersConcern`` calling ``current_user`` of its includer's ``ApplicationController``), so a class
    given other bases moves what its mixins' calls reach. Asked where a class's bases moved only."""
    sub_of: dict[str, list[str]] = {}
    base_of: dict[str, list[str]] = {}
    for _path, src, dst in zip(*inherits.to_pydict().values()):
        if dst is not None:
            sub_of.setdefault(dst, []).append(src)
            base_of.setdefault(src, []).append(dst)
    family, frontier = set(classes), list(classes)
    while frontier:
        for sub in sub_of.get(frontier.pop(), ()):
            if sub not in family:
                family.add(sub)
                frontier.append(sub)
    return {base.split("::", 1)[0] for cls in family for base in base_of.get(cls, ())}


def _flow_values(edges: pa.Table | None, functions: set[str]) -> set[str]:
    """The functions the previous edges say ``functions`` returned or passed on (``return inner``)."""
    if edges is None or not functions:
        return set()
    from_them = pc.filter(edges, pc.and_(_in(edges, "src_id", functions), _in(edges, "ref_form", {"callback"})))
    return set(pc.drop_null(pc.decoded(from_them.select(["dst_id"])).column("dst_id")).to_pylist())


def _decorated(previous, functions: set[str]) -> set[str]:
    """The functions decorated by something named like one of ``functions`` (their callers call what it
    returns)."""
    if not functions:
        return set()
    names = sorted({f.rpartition("::")[2].rpartition(".")[2] for f in functions})
    facts = _early_refs_naming(previous, names)
    if facts is None:
        return set()
    facts = pc.decoded(facts)
    hits = pc.filter(facts, pc.and_(pc.equal(facts.column("kind"), "decorated_by"),
                                pc.is_in(facts.column("name"), value_set=pa.array(names, pa.string()))))
    return {f"{p}::{q}" for p, q in zip(hits.column("path").to_pylist(), hits.column("src_qualname").to_pylist())}


def _early_refs_naming(previous, names: list[str]) -> pa.Table | None:
    """The ``early_refs`` rows of the files whose references name one of ``names``: those files from ``ref_names``
    (the shards of those names), then their rows (``early_refs`` is sharded by file); every file's in a lake
    without ``ref_names``."""
    files = previous("ref_names", columns=["name", "path"], where=("name", names), dictionary=["path"])
    where = None if files is None else ("path", sorted(_paths(files)))
    return previous("early_refs", columns=["path", "src_qualname", "kind", "name"], where=where,
                    dictionary=["path", "kind"])


def structural(scope: EditScope, files: dict) -> bool:
    """A moved class member in a language whose types implement interfaces by their methods (Go): any type of
    the language may gain or lose an interface, so everything is resolved again."""
    from .langs import support as lang_support

    for path in scope.changed:
        info = files.get(path)
        support = lang_support(info.get("language")) if info else None
        if scope.classes and getattr(support, "STRUCTURAL", False):
            return True
    return False


def edge_batches(edges: pa.Table, affected: set[str] | None):
    """A Replace of the affected files' edges then the new ones; None: the whole table."""
    if affected is not None:
        yield Replace("edges", "path", sorted(affected))
    yield Batch("edges", edges)


def with_sids(edges: pa.Table, sids: pa.Table) -> pa.Table:
    """``src_sid``/``dst_sid`` of edges from the repository's current ``(id, sid)`` pairs."""
    ids = pc.decoded(sids.select(["id"])).column("id")
    values = sids.column("sid")
    for end in ("src", "dst"):
        position = _positions(edges.column(f"{end}_id"), ids)
        edges = edges.set_column(edges.schema.get_field_index(f"{end}_sid"), f"{end}_sid",
                                 pc.cast(pc.take(values, position), pa.int32()))
    return edges


def _positions(column: pa.ChunkedArray, ids: pa.Array) -> pa.ChunkedArray:
    """Each value's position in ``ids`` (null: not there), looked up once per dictionary entry when the column is
    dictionary-encoded (a resolved edges table's ends: ~100K distinct ids over ~700K edges, never decoded)."""
    if not pa.types.is_dictionary(column.type):
        return pc.index_in(column, value_set=ids)
    return pa.chunked_array([pc.take(pc.index_in(chunk.dictionary, value_set=ids), chunk.indices)
                             for chunk in column.chunks], pa.int32())


NOT_FROM_REFS = ("imports", "inherits", "dispatch")  # edges a file's imports, bases and overrides make, not its calls
NOT_FROM_CALLS = [k for k in NOT_FROM_REFS if k != "imports"]  # nor from imports: left out of kept lines
# what decides a reference's edges, but where; its argument count and labels too: they choose among overloads
# (typeorm's ``this.cache(id, ms)`` and ``this.cache(ms)`` in one method; Kotlin's ``append(" WHERE ")`` moved to
# where ``append(it)`` was)
DECIDING = ["kind", "name", "receiver", "module", "alias", "bound_to", "args", "labels"]


class KeptRows:
    """A kept line's edges at its new line: their rows in ``KeptResolution.table`` (the old edges), never made
    Python ``Edge``s (a hub's ~2,300 kept edges: their twelve fields each, twice). ``path``: the line's file, which
    ``lazy.resolve_affected`` filters the edges by."""

    __slots__ = ("path", "rows", "line")

    def __init__(self, path: str, rows: list[int], line: int):
        self.path, self.rows, self.line = path, rows, line


class KeptResolution:
    """The edges each line of the changed files had before an edit that moved nothing a reference reads (their
    definitions, imports, bases and value-flow facts all as they were): a line whose references are those of a line
    before (same enclosing definition, names, receivers and bindings) has that line's edges, at its new line. An edit
    of a function body then resolves the lines it wrote, not the whole file (a hub's 2,000 references: a few).
    Written out, not a dataclass (see ``EditScope``)."""

    def __init__(self, lines: dict[tuple, list[int]], sids: dict[str, int] | None = None,
                 table: pa.Table | None = None, reached: "ReachedLines | None" = None):
        self.lines = lines  # (path, src_qualname, line_key) -> the line's rows of ``table`` (at its old line)
        # the sids the old edges' ends had (stable while ids exist)
        self.sids: dict[str, int] = {} if sids is None else sids
        self.table = table  # the changed files' old edges but their bases' and overrides' (``Edge``'s fields)
        self.reached = reached  # the files the edit reached but did not change, kept by line in Arrow

    def imports_kept(self, path: str) -> bool:
        """Whether ``path`` is a reached file whose import lines all keep their edges (``ReachedLines.split``)."""
        return self.reached is not None and path in self.reached.imports_kept

    def edges(self, path: str, src_qualname: str, keys: list[tuple]) -> list[int] | None:
        """The rows of one line's edges (``keys``: ``ref_key`` of each reference), None when no line had them."""
        return self.lines.get((path, src_qualname, line_key(keys)))

    @staticmethod
    def at(rows: list[int], path: str, line: int) -> list:
        """What ``edges`` found, at the line it is kept at: what the resolver's list of edges holds for it."""
        return [KeptRows(path, rows, line)] if rows else []

    def edges_table(self, items: list, provenance: str) -> pa.Table:
        """``parallel.edges_table`` of the resolver's edges, its kept lines' taken from the old edges in Arrow (at
        their new lines, with this run's ``provenance``), every row in the resolver's order."""
        from .parallel import edges_table

        fresh, rows, lines, order = [], [], [], []  # order: a fresh edge's place, or None for the next kept row
        for item in items:
            if type(item) is KeptRows:
                order += [None] * len(item.rows)
                rows += item.rows
                lines += [item.line] * len(item.rows)
            else:
                order.append(len(fresh))
                fresh.append(item)
        table = edges_table(fresh)
        if not rows:
            return table
        kept = pc.take(self.table, pa.array(rows, pa.int32()))
        kept = kept.set_column(kept.schema.get_field_index("line"), "line", pa.array(lines, pa.int32()))
        kept = kept.set_column(kept.schema.get_field_index("provenance"), "provenance",
                               pa.repeat(pa.scalar(provenance, pa.string()), len(rows)))
        kept = pc.cast(kept.select(table.column_names), table.schema)
        after = iter(range(len(fresh), len(fresh) + len(rows)))  # the kept rows follow the fresh ones
        at = pa.array([next(after) if place is None else place for place in order], pa.int64())
        return pc.take(pa.concat_tables([table, kept]), at)


class ReachedLines:
    """The files an edit reached but did not change (``affected_paths`` less ``EditScope.whole``): their references
    are the lake's, at the lines they were, so a line naming nothing the edit moved (``EditScope.mentioned``), with no
    edge to or from a moved definition and in no function given another (``callees``) keeps its edges as they are.
    Which lines those are is worked out in Arrow, per distinct value (``split``): the kept edges are never made
    Python, nor the kept lines' references handed to the resolver; a rename of a function 300 files call resolves
    the lines naming it, not 300 files' references. Written out, not a dataclass (see ``EditScope``)."""

    def __init__(self, paths: frozenset[str], names: frozenset[str], ids: frozenset[str], callees: frozenset[str]):
        self.paths, self.names, self.ids, self.callees = paths, names, ids, callees
        self.imports_kept: frozenset[str] = frozenset()  # of ``paths``, those whose every import line kept its edges
        self.kept: pa.Table | None = None  # their old edges kept (``Edge``'s fields and the ends' sids)
        self.resolved = 0  # how many of their references are resolved again (what ``split`` handed on)

    def split(self, previous) -> pa.Table | None:
        """The references of ``paths`` to resolve again: their imports and bases (the resolver binds them), and
        every reference of a line that may resolve differently. Keeps the other lines' old edges in ``kept``."""
        where = ("path", sorted(self.paths))
        refs = previous("refs", where=where, dictionary=REF_STRINGS)
        edges = previous("edges", columns=list(Edge._fields) + ["src_sid", "dst_sid"], where=where,
                         dictionary=EDGE_STRINGS)
        if refs is None or edges is None:
            return None
        paths = pa.array(sorted(self.paths), pa.string())
        ref_keys, edge_keys = _line_keys(refs, paths), _line_keys(edges, paths)
        moving = self._moving(refs)
        touching = pc.or_(_in(edges, "src_id", self.ids), _in(edges, "dst_id", self.ids))
        dirty = pc.unique(pa.chunked_array(pc.filter(ref_keys, moving).chunks + pc.filter(edge_keys, touching).chunks,
                                           pa.int64()))
        at_dirty = pc.is_in(ref_keys, value_set=dirty)
        imports = _in(refs, "kind", set(IMPORT_KINDS))
        rebinding = _paths(pc.filter(refs.select(["path"]), pc.and_(imports, at_dirty)))
        self.imports_kept = self.paths - rebinding
        wanted = pc.or_(at_dirty, _in(refs, "kind", EARLY))
        gone = pc.or_(pc.is_in(edge_keys, value_set=dirty), _in(edges, "kind", set(NOT_FROM_CALLS)))
        gone = pc.or_(gone, pc.and_(_in(edges, "kind", {"imports"}), _in(edges, "path", rebinding)))
        self.kept = pc.filter(edges, pc.invert(gone))
        found = pc.filter(refs, wanted)
        self.resolved = found.num_rows - (pc.sum(pc.cast(_in(found, "kind", EARLY), pa.int64())).as_py() or 0)
        return found

    def _moving(self, refs: pa.Table) -> pa.ChunkedArray:
        """The references naming a moved definition (or a template), or inside a function given another."""
        named = [_per_value(refs, column, self._names) for column in ("receiver", "module", "alias", "bound_to")]
        named += [_per_value(refs, "name", lambda n: "*" in n or self._names(n)),
                  _per_value(refs, "src_qualname", self._inside)]
        found = named[0]
        for more in named[1:]:
            found = pc.or_(found, more)
        return found

    def _names(self, value: str) -> bool:
        return mentions(self.names, (value,))

    def _inside(self, qualname: str) -> bool:
        return _inside(qualname, self.callees)

    def joined(self, edges: pa.Table, provenance: str) -> pa.Table:
        """The resolved edges and, after them, the kept ones with this run's ``provenance`` (their sids as they were:
        their ends were not moved)."""
        if self.kept is None or not self.kept.num_rows:
            return edges
        kept = self.kept.set_column(self.kept.schema.get_field_index("provenance"), "provenance",
                                    pa.repeat(pa.scalar(provenance, pa.string()), self.kept.num_rows))
        kept = pc.cast(kept.select(edges.column_names), edges.schema)
        return pa.concat_tables([edges, kept])


REF_STRINGS = ["path", "src_qualname", "kind", "name", "receiver", "module", "alias", "bound_to"]
EDGE_STRINGS = ["path", "src_id", "dst_id", "kind", "ref_form", "receiver"]


def _line_keys(table: pa.Table, paths: pa.Array) -> pa.ChunkedArray:
    """Each row's line as one int64 (the path's place in ``paths``, then its line): a set of lines is then an
    Arrow ``is_in``, whatever the number of files."""
    place = _positions(table.column("path"), paths) if pa.types.is_dictionary(table.column("path").type) \
        else pc.index_in(table.column("path"), value_set=paths)
    return pc.add(pc.multiply(pc.cast(place, pa.int64()), 1 << 32), pc.cast(table.column("line"), pa.int64()))


def _per_value(table: pa.Table, column: str, test) -> pa.ChunkedArray:
    """``test`` of each row's ``column`` (null: False), asked once per distinct value (the column's dictionary)."""
    chunks = []
    for chunk in table.column(column).chunks:
        if not pa.types.is_dictionary(chunk.type):
            chunk = pc.dictionary_encode(chunk)
        hits = pa.array([value is not None and test(value) for value in chunk.dictionary.to_pylist()], pa.bool_())
        chunks.append(pc.fill_null(pc.take(hits, chunk.indices), False))
    return pa.chunked_array(chunks, pa.bool_())


ref_key = attrgetter(*DECIDING)  # a Ref's DECIDING fields, in the order kept_resolution reads them from the lake
IMPORTS, EARLY = frozenset(IMPORT_KINDS), frozenset(EARLY_KINDS)


def line_key(keys: list[tuple]) -> frozenset:
    """One line's references as a multiset (their order on the line does not matter). A line of one reference is
    made directly, the others counted by ``collections``' C loop: a key is made for each line of an edited file
    twice an update (its old lines here, its new ones by the resolver: a hub's ~3,000)."""
    if len(keys) == 1:
        return frozenset(((keys[0], 1),))
    counts: dict[tuple, int] = {}
    _count_elements(counts, keys)
    return frozenset(counts.items())


class KeptLines(NamedTuple):
    """What ``kept_resolution`` reads and groups of the changed files' lines before the edit, whatever the edit
    moved: read while the parse-ahead child parses (``structure._index``), it needs nothing of the parse."""

    changed: frozenset[str]  # the paths it was read for
    candidates: list  # (key, the line's rows of ``table``, its source qualname or None: an import line) in line order
    sids: dict[str, int]
    table: pa.Table
    # the keys of the lines stating a base (``class Zero(IntegerConstant, metaclass=Singleton)``), by their other
    # references (Python's bases are ``callback`` references too: the hub's 38 on its 30 classes' lines), which the
    # resolver looks up apart from its bases (``lazy.resolve_affected``); their edges are those references' (a base's
    # ``inherits`` edge is not a kept row: ``_edges_by_line``). Kept when no definition moved (``kept_resolution``)
    bases: frozenset = frozenset()


class ReadAhead(NamedTuple):
    """An update's reads of its changed files' rows before the edit, made while the parse-ahead child parses: they
    need nothing of the parse, and the run waits for the child anyway (a hub's: ~1.2 G instructions of the child's
    query compile and facts against ~0.5 G of the main process's start)."""

    changed: frozenset[str]  # the paths read: the plan's to parse and deleted (the run checks them against its own)
    old: dict  # ``files``, ``symbols``, ``refs``: the changed files' rows
    kept: KeptLines | None  # ``kept_lines`` of them (None: not read, or nothing to keep)
    lake: object = None  # ``lazy.LakeReaders``, warmed (``lazy.warm``): what the lazy index reads of the lake


def read_ahead(previous, changed: set[str], lines: bool, shard_file=None) -> ReadAhead:
    """The changed files' old rows, as ``structure._Run.incremental`` reads them, and (``lines``: the lake's lazy
    index is this version's) ``kept_lines`` of them and, given the lake's ``shard_file``, the lazy index's readers
    warmed from the old rows: read ahead whether or not the edit keeps the lines' resolution (the merge takes the
    edges read whole)."""
    where = ("path", sorted(changed))
    old = {t: previous(t, where=where, hand_over=True) for t in ("files", "symbols", "refs")}  # merged later
    kept = kept_lines(changed, old, previous) if lines else None
    lake = None
    if lines and shard_file is not None:
        from . import lazy

        lake = lazy.lake_readers(previous, shard_file)
        lazy.warm(lake, changed, old["symbols"])
    return ReadAhead(frozenset(changed), old, kept, lake)


def kept_resolution(scope: EditScope, old: dict, previous, lines: KeptLines | None = None,
                    affected: set[str] | None = None) -> KeptResolution | None:
    """What the lines of the files resolved again resolved to before the edit, where the edit kept their resolution.
    When no definition, import, base or value-flow fact moved, every line of the changed files is one. When only
    definitions moved (``EditScope.keeps_lines``: added, removed, renamed), a line of the changed files or of the
    ``affected`` files the edit reaches is one unless it names a moved definition (``EditScope.mentioned``, in its
    names, receivers, modules or values), had an edge to or from one or to what one returned, calls a name template,
    or lies in a file resolved whole (``EditScope.whole``): a definition added, removed or renamed resolves the
    references naming it, not their files (the reached files' lines are chosen in Arrow: ``ReachedLines``). A
    function newly passed to a call by name (``scope.callees``, as often a variable: ``len(text)``) changes only what
    the called functions' parameters call, and those they pass them on to (``scope.passed_on``): the lines inside a
    function of such a name are resolved again. ``old``: the changed files' ``symbols`` and ``refs`` before the edit;
    their edges are read from the lake (``previous``) only then, unless ``lines`` (``kept_lines``) read them."""
    moved = not scope.same_definitions
    if moved and (not scope.keeps_lines or scope.whole is None or affected is None):
        return None
    if lines is None or lines.changed != frozenset(scope.changed):
        lines = kept_lines(scope.changed, old, previous)
    reached = None
    if moved:  # the files reached, not changed: their lines as they are, chosen in Arrow (``ReachedLines``)
        paths = affected - scope.changed - scope.whole
        reached = ReachedLines(frozenset(paths), scope.mentioned, frozenset(scope.ids | scope.values),
                               frozenset(scope.callees | scope.passed_on)) if paths else None
    if lines is None:
        return None if reached is None else KeptResolution({}, reached=reached)
    passed_on = scope.callees | scope.passed_on
    kept = {key: rows for key, rows, src in lines.candidates if src is None or not _inside(src, passed_on)}
    if moved:
        kept = _naming_nothing_moved({key: rows for key, rows in kept.items() if key not in lines.bases}, scope,
                                     lines.table)
    return KeptResolution(kept, lines.sids, lines.table, reached)


def _naming_nothing_moved(kept: dict[tuple, list[int]], scope: EditScope, table: pa.Table) -> dict[tuple, list[int]]:
    """The lines of ``kept`` that may keep their edges after definitions moved: in no file resolved whole, naming
    no moved definition (nor a template a moved method may fit), with no edge to or from a moved definition."""
    names, whole, ids = scope.mentioned, scope.whole or set(), scope.ids
    ends = pc.decoded(table.select(["src_id", "dst_id"])).to_pydict()
    touching = {row for row, (src, dst) in enumerate(zip(ends["src_id"], ends["dst_id"])) if src in ids or dst in ids}
    found = {}
    for key, rows in kept.items():
        if key[0] in whole or not touching.isdisjoint(rows):
            continue
        if any(_names_moved(ref, names) for ref, _count in key[2]):
            continue
        found[key] = rows
    return found


def _names_moved(ref: tuple, names: frozenset[str]) -> bool:
    """Whether a reference's ``DECIDING`` values name one of ``names`` (as part of a dotted receiver or a value
    too), or a template (``visit_*``) one of them may fit."""
    _kind, name, receiver, module, alias, bound_to = ref[:6]
    return (name is not None and "*" in name) or mentions(names, (name, receiver, module, alias, bound_to))


def kept_lines(changed, old: dict, previous) -> KeptLines | None:
    """The changed files' lines before the edit that may keep their edges, each with its old edges' rows (None: no
    old references or edges). A line whose source is shared (a reference in no definition beside the module's) is
    not one; an import line is when it imports for one definition only."""
    if old["refs"] is None or not old["refs"].num_rows:
        return None
    old_edges = previous("edges", where=("path", sorted(changed)), hand_over=True)  # the merge's base
    if old_edges is None:
        return None
    lines = _ref_lines(old["refs"])
    early = _early_lines(old["refs"])  # the few lines with an import or a base: the others need no kinds
    defined = _rows(old["symbols"], ["path", "qualname"])
    # the resolver's source of a reference in no definition (an ``impl`` block's, a skipped definition's) is the
    # module: such a line shares its edges with the module's references there, and is not kept
    where = {}
    for at in lines:
        path, src, line = at
        source = (path, src if (path, src) in defined else MODULE, line)
        where[source] = None if source in where else at
    table, edges, imports, sids = _edges_by_line(old_edges)
    importing: dict[tuple, int] = {}  # (path, line) -> how many definitions import there
    for (path, _src, line), kinds in early.items():
        if not kinds.isdisjoint(IMPORTS):
            importing[(path, line)] = importing.get((path, line), 0) + 1
    candidates, bases = [], set()
    for source, at in where.items():
        if at is None:
            continue
        path, src, line = at
        if at in early:  # a line of imports only; a base's line: by its other references
            if {key[0] for key in lines[at]} <= IMPORTS and importing[(path, line)] == 1:
                candidates.append(((path, src, line_key(lines[at])), imports.get((path, line), []), None))
            elif early[at].isdisjoint(IMPORTS) and (late := [key for key in lines[at] if key[0] not in EARLY]):
                key = (path, src, line_key(late))
                bases.add(key)
                candidates.append((key, edges.get(source, []), src))
        else:  # kept unless inside a function given another (its parameters' calls move): ``kept_resolution``
            candidates.append(((path, src, line_key(lines[at])), edges.get(source, []), src))
    return KeptLines(frozenset(changed), candidates, sids, table, frozenset(bases))


def _ref_lines(refs: pa.Table) -> dict[tuple, list[tuple]]:
    """(path, src_qualname, line) -> the line's references' DECIDING values, in the rows' order."""
    columns = pc.decoded(refs.select(["path", "src_qualname", "line"] + DECIDING)).to_pydict()
    lines: dict[tuple, list[tuple]] = {}
    for at, key in zip(zip(columns["path"], columns["src_qualname"], columns["line"]),
                       zip(*(columns[name] for name in DECIDING))):
        found = lines.get(at)
        if found is None:
            lines[at] = [key]
        else:
            found.append(key)
    return lines


def _early_lines(refs: pa.Table) -> dict[tuple, set[str]]:
    """(path, src_qualname, line) -> the EARLY kinds of the line's references, for the lines that have one."""
    table = pc.decoded(refs.select(["path", "src_qualname", "line", "kind"]))
    table = pc.filter(table, pc.is_in(table.column("kind"), value_set=pa.array(EARLY_KINDS, pa.string())))
    lines: dict[tuple, set[str]] = {}
    for path, src, line, kind in zip(*table.to_pydict().values()):
        lines.setdefault((path, src, line), set()).add(kind)
    return lines


def _edges_by_line(old_edges: pa.Table) -> tuple[pa.Table, dict, dict, dict]:
    """The edges made by references (``Edge``'s fields) and their rows by (path, source qualname, line); the rows of
    the ``imports`` edges by (path, line): they come from the module, wherever the import is written; and the sid of
    every end they name. A base's and an override's edges (``inherits``, ``dispatch``: a hub's 400 of 2,900) are left
    out in Arrow; the others stay Arrow rows, only the six columns that place them are made Python."""
    fields = list(Edge._fields)
    table = pc.decoded(old_edges.select(fields + ["src_sid", "dst_sid"]))
    columns = table.select(["src_id", "src_sid", "dst_id", "dst_sid"]).to_pydict()
    sids = dict(zip(columns["src_id"], columns["src_sid"])) | dict(zip(columns["dst_id"], columns["dst_sid"]))
    sids.pop(None, None)
    dropped = pc.is_in(table.column("kind"), value_set=pa.array(NOT_FROM_CALLS, pa.string()))
    table = pc.filter(table, pc.invert(dropped))
    columns = table.select(["kind", "path", "line", "ref_form", "receiver", "src_id"]).to_pydict()
    edges: dict[tuple, list[int]] = {}
    imports: dict[tuple, list[int]] = {}
    for row, (kind, path, line, form, receiver, src) in enumerate(zip(*columns.values())):
        if kind == "imports":
            imports.setdefault((path, line), []).append(row)
        else:  # a stored function's edge starts at the field: its reference's source is the receiver
            key = (path, receiver if form == STORED_FORM else src[len(path) + 2:], line)
            found = edges.get(key)
            if found is None:
                edges[key] = [row]
            else:
                found.append(row)
    return table, edges, imports, sids


def _inside(qualname: str, functions: set[str]) -> bool:
    """Whether a definition is, or is nested in, a function of one of these names (``f#2.g``: in ``f``)."""
    return bool(functions) and any(part.partition("#")[0] in functions for part in qualname.split("."))
