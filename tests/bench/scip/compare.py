"""Score codelake's structure tables against a SCIP index of the same tree.

What is compared (both sides restricted to the files both indexed; self references dropped):

* **file dependencies**: file A depends on file B when A references anything B defines (SCIP: any occurrence that is
  not a definition, of a symbol defined in B, types and variables included; codelake: ``file_deps``, i.e. resolved
  edges of every kind). Scored with precision, recall and F1 over (A, B) pairs.
* **calls** (caller -> callee, function level): SCIP references that are calls in the code's sense: any reference to
  a function or method (called, passed as a callback, or read as a Python property, which runs it), and a reference
  to a class or variable that is called or constructed right there (``Foo(...)``, ``new Foo``, ``app.get(...)``);
  import and re-export statements left out. codelake: resolved ``calls`` edges (every ref_form and resolution,
  ambiguous candidates included, each counted). Scored over unique (caller, callee) pairs.
* **references** (all of them, function level): every SCIP reference to a repository symbol (types, variables,
  modules, imports included) against every resolved codelake edge except ``dispatch`` (an inference, not a mention).
* **blast radius misses**: for each function or method both sides know and SCIP sees called, whether codelake's
  reverse closure (``blast_radius``: all resolved edges, depth 4) reaches every real direct caller.

How SCIP maps onto codelake (and what that loses, counted in ``Result.losses``):

* A SCIP definition is a codelake symbol of the same file and name whose line span holds the definition's name
  (innermost first). TypeScript's ``<constructor>`` is ``constructor``, ``<get>x``/``<set>x`` are ``x``; a file's
  module symbol is ``<module>``. SCIP definitions with no such symbol (TypeScript ``#private`` members, properties,
  type-literal fields, locals codelake does not make symbols of) stay unmapped: calls *to* them count as misses
  (``callee_not_a_symbol``), calls *from* them belong to the nearest enclosing mapped definition.
* A reference's caller is the innermost mapped SCIP definition whose span holds the reference's line. scip-typescript
  gives spans (``enclosing_range``) for functions, methods and classes but not for class properties holding arrow
  functions; those borrow the span of the codelake symbol they map to, unless a function's span holds it (Python's
  ``self.x = f()`` in a method: the method runs ``f()``, counted). A Python function's or class's span starts at
  its ``def`` / ``class`` line, not at its first decorator (a decorator runs in the scope around it, counted).
  codelake's caller is the edge's ``src_id``, walked up ``parent_id`` to the nearest mapped symbol (a nested function
  SCIP treats as a local folds into its parent, as SCIP's own references do).
* Constructors: a call of ``Foo`` is a call of the class on both sides (SCIP's ``Foo#<constructor>()`` and
  ``Foo#__init__()``, codelake's ``Foo.constructor``/``Foo.__init__`` as callees are the class); codelake's extra
  edge from ``Foo(x)`` to the ``__init__`` it runs (maybe a base class's) is not judged, counted.
* Positions are lines: two definitions on one line, or a reference whose column encoding differs (SCIP counts UTF-16
  units in TypeScript) may be attributed differently. Edges into codelake symbols SCIP has no global definition for
  (locals to SCIP, or symbols only codelake makes) cannot be judged and are left out of both sides, counted; so are
  edges at a name SCIP binds to a local the file never defines (scip-typescript's ``export { stringType as string }``:
  zod's every ``z.string()``), counted.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict, deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from .index_scip import Document, descriptor_name, descriptor_suffix, is_local
from .source import SourceFile

COMPARABLE = ("().", "#", ".", "/")
BLAST_DEPTH = 4
SAMPLE_SITES = 3


class Site(NamedTuple):
    path: str
    line: int  # 1-based


class Definition(NamedTuple):
    symbol: str
    path: str
    line: int  # 1-based line of the name
    span: tuple[int, int] | None  # 1-based, inclusive


class Edge(NamedTuple):
    src_id: str
    dst_id: str | None
    dst_name: str
    kind: str
    path: str
    line: int
    resolution: str
    ref_form: str
    dst_path: str | None
    receiver: str | None = None


@dataclass
class Score:
    truth: int = 0
    found: int = 0
    matched: int = 0

    @property
    def precision(self) -> float:
        return self.matched / self.found if self.found else 0.0

    @property
    def recall(self) -> float:
        return self.matched / self.truth if self.truth else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass
class Result:
    files: Score
    calls: Score
    refs: Score
    blast_targets: int
    blast_missed: int
    compared_files: int
    losses: Counter
    miss_categories: Counter
    false_positive_categories: Counter
    misses: list[dict] = field(default_factory=list)  # samples, with the source line
    false_positives: list[dict] = field(default_factory=list)
    blast_samples: list[dict] = field(default_factory=list)  # functions whose blast radius misses a caller
    blast_unknown: int = 0  # called symbols codelake has no function, method or class for (not in blast_targets)
    callers_missed: int = 0  # blast_targets whose direct callers (depth 1, the `callers` view) miss a real one

    @property
    def blast_miss_share(self) -> float:
        return self.blast_missed / self.blast_targets if self.blast_targets else 0.0


# -- SCIP side ------------------------------------------------------------------------------------------------------
def symbol_name(symbol: str) -> str:
    name = descriptor_name(symbol)
    if name == "<constructor>":
        return "constructor"
    if name.startswith(("<get>", "<set>")):
        return name[5:]
    return name


def is_module_symbol(symbol: str) -> bool:
    return symbol.endswith("/") or symbol.endswith("/__init__:") or symbol.endswith(" __init__:")


def comparable(symbol: str) -> bool:
    if is_local(symbol) or "`'" in symbol or '`"' in symbol:  # quoted names: `declare module './x'` merges
        return False
    return descriptor_suffix(symbol) in COMPARABLE or is_module_symbol(symbol)


ACCESSOR = re.compile(r"`<[gs]et>([^`]+)`")


def canonical(symbol: str) -> str:
    """A getter and its setter are one member (codelake has one symbol for both): ``C#`<get>x`().`` -> ``C#x().``."""
    return ACCESSOR.sub(r"\1", symbol) if "<" in symbol else symbol


def class_of_constructor(symbol: str) -> str:
    """``Foo#`<constructor>`().`` and ``Foo#__init__().`` -> ``Foo#``; anything else unchanged."""
    for tail in ("#`<constructor>`().", "#__init__()."):
        if symbol.endswith(tail):
            return symbol[: -len(tail) + 1]
    return symbol


def scip_definitions(documents: list[Document], files: set[str], losses: Counter | None = None
                     ) -> dict[str, list[Definition]]:
    defs: dict[str, list[Definition]] = defaultdict(list)
    for doc in documents:
        if doc.path not in files:
            continue
        for occ in doc.occurrences:
            if occ.is_definition and comparable(occ.symbol):
                span = (occ.enclosing.start_line + 1, occ.enclosing.end_line + 1) if occ.enclosing else None
                span = _without_decorators(doc.path, occ.symbol, occ.range.start_line + 1, span, losses)
                defs[occ.symbol].append(Definition(occ.symbol, doc.path, occ.range.start_line + 1, span))
    return defs


DECORATED_SOURCES = {".py": "python", ".pyi": "python", ".ts": "typescript", ".tsx": "typescript",
                     ".mts": "typescript", ".cts": "typescript"}


def _without_decorators(path: str, symbol: str, line: int, span: tuple[int, int] | None,
                        losses: Counter | None) -> tuple[int, int] | None:
    """A Python function's or class's span from its ``def`` / ``class`` line, a TypeScript class's or method's from
    its name's: scip-python's and scip-typescript's start at the first decorator, which makes ``@requires("auth")``
    and ``@injectable()`` calls from the decorated definition, but both languages run a decorator in the scope around
    the definition, once, when it is defined (codelake's caller: that scope). Counted."""
    language = DECORATED_SOURCES.get(path[path.rfind("."):]) if "." in path else None
    if span is None or span[0] >= line or language is None or descriptor_suffix(symbol) not in ("().", "#"):
        return span
    if losses is not None:
        losses[f"scip_{language}_decorator_lines_to_the_scope_around"] += 1
    return line, span[1]


def merged_declarations(defs: dict[str, list[Definition]]) -> dict[str, str]:
    """TypeScript's declaration merging: an interface or type alias and a function or variable of one name in one
    file (zod's ``interface $constructor`` beside ``function $constructor``, ``interface ZodType`` beside ``const
    ZodType``), which scip-typescript reports both at each call of the name; the type's symbol -> the value's, so
    that such a call is one callee (a call runs the value; the type was a second pair no call makes)."""
    merged = {}
    for symbol, occurrences in defs.items():
        if symbol.endswith("#"):
            value = next((v for v in (symbol[:-1] + "().", symbol[:-1] + ".") if v in defs), None)
            if value is not None and {d.path for d in defs[value]} & {d.path for d in occurrences}:
                merged[symbol] = value
    return merged


# -- mapping ---------------------------------------------------------------------------------------------------------
class Mapping:
    """SCIP symbols <-> codelake symbol ids, and the keys both sides' pairs are compared on."""

    def __init__(self, defs: dict[str, list[Definition]], symbols: list[dict], documents: list[Document]):
        self.by_path: dict[str, list[dict]] = defaultdict(list)
        self.parent: dict[str, str | None] = {}
        self.module_of: dict[str, str] = {}
        self.module_key_of_id: dict[str, str] = {}
        self.lines_of: dict[str, tuple[int, int]] = {}
        for s in symbols:
            self.by_path[s["path"]].append(s)
            self.parent.setdefault(s["id"], s["parent_id"])
            self.lines_of.setdefault(s["id"], (s["line_start"], s["line_end"]))
            if s["kind"] == "module":
                self.module_of[s["path"]] = s["id"]
                self.module_key_of_id[s["id"]] = "module:" + s["path"]
        self.symbol_of_id: dict[str, str] = {}  # codelake id -> SCIP symbol (first mapped)
        self.ids_of_key: dict[str, list[str]] = defaultdict(list)  # callee key -> codelake ids
        self.spans_in: dict[str, list[tuple[tuple[int, int], str]]] = defaultdict(list)  # path -> (span, symbol)
        self.def_path: dict[str, str] = {symbol: occurrences[0].path for symbol, occurrences in defs.items()}
        self.unmapped: Counter = Counter()
        self.merged = merged_declarations(defs)
        self.borrowed: dict[str, list[tuple[tuple[int, int], str]]] = defaultdict(list)  # spans SCIP did not give
        for occurrences in defs.values():
            for d in occurrences:
                self._map(d)
        self.redefinitions = self._map_redefinitions(documents, defs)
        self.attributes_in_bodies = self._place_borrowed_spans()

    def _map(self, d: Definition) -> None:
        hit = self._codelake_symbol(d)
        if hit is None:
            self.unmapped[descriptor_suffix(d.symbol)] += 1
            return
        self._link(hit, d.symbol, d.span)

    def _link(self, hit: dict, symbol: str, span: tuple[int, int] | None) -> None:
        self.symbol_of_id.setdefault(hit["id"], symbol)
        ids = self.ids_of_key[self.key(symbol)]
        if hit["id"] not in ids:
            ids.append(hit["id"])
        if not is_module_symbol(symbol):
            into = self.spans_in if span else self.borrowed
            into[hit["path"]].append((span or (hit["line_start"], hit["line_end"]), symbol))

    def _place_borrowed_spans(self) -> int:
        """A definition SCIP gives no span borrows its codelake symbol's lines as a caller, unless the innermost
        definition around it is a function's: a Python ``self.x = f()`` in a method defines ``#x.``, but the
        method is what runs ``f()`` (codelake's caller too), as for any other line of its body. A class-level
        ``x = f()`` or a TypeScript property holding an arrow function keeps its own lines. Returns how many
        were left to the function around them."""
        inside_functions = 0
        for path, borrowed in self.borrowed.items():
            given = sorted(self.spans_in[path], key=lambda item: item[0][1] - item[0][0])  # innermost first
            for (start, end), symbol in borrowed:
                around = next((s for (a, b), s in given if a <= start and end <= b), None)
                if around is not None and descriptor_suffix(around) == "().":
                    inside_functions += 1
                    continue
                self.spans_in[path].append(((start, end), symbol))
        return inside_functions

    def _codelake_symbol(self, d: Definition) -> dict | None:
        if is_module_symbol(d.symbol):
            mid = self.module_of.get(d.path)
            return next((s for s in self.by_path[d.path] if s["id"] == mid), None) if mid else None
        name = symbol_name(d.symbol)
        best = None
        for s in self.by_path[d.path]:
            if s["name"] == name and s["line_start"] <= d.line <= s["line_end"] and s["kind"] != "module":
                if best is None or s["line_end"] - s["line_start"] < best["line_end"] - best["line_start"]:
                    best = s
        return best

    def _map_redefinitions(self, documents: list[Document], defs) -> int:
        """A second definition SCIP reports as a reference to the first (a Python property's setter, a fallback
        ``def`` in an ``except`` branch) is that symbol too: a codelake symbol no SCIP definition mapped to, whose
        first lines mention a symbol of its own name, takes that symbol and lends it its span."""
        mapped, count = set(self.symbol_of_id), 0
        for doc in documents:
            loose = [s for s in self.by_path.get(doc.path, []) if s["id"] not in mapped and s["kind"] != "module"]
            if not loose:
                continue
            named: dict[tuple[int, str], str] = {}
            for occ in doc.occurrences:
                if not occ.is_definition and occ.symbol in defs and comparable(occ.symbol):
                    named.setdefault((occ.range.start_line + 1, symbol_name(occ.symbol)), occ.symbol)
            for s in loose:
                symbol = next((named[(line, s["name"])] for line in range(s["line_start"], s["line_start"] + 4)
                               if (line, s["name"]) in named), None)
                if symbol is not None and (self.def_path[symbol] != doc.path or self._other_owner(s, symbol)):
                    continue  # an object literal's member naming the interface member it implements
                if symbol is not None:
                    self._link(s, symbol, None)
                    count += 1
        return count

    def _other_owner(self, s: dict, symbol: str) -> bool:
        """A TypeScript redefinition is its own owner's member: ``getItem: (name) => ..`` in ``createJSONStorage``'s
        returned object, or ``const setItem = () => ..`` in ``persistImpl``, naming the ``StateStorage#getItem`` /
        ``PersistStorage#setItem`` of its own file, is no second definition of the interface's member."""
        owner = self.symbol_of_id.get(s["parent_id"]) if s["parent_id"] else None
        return owner is not None and symbol.startswith("scip-typescript ") and _owner(symbol) != owner

    def key(self, symbol: str) -> str:
        """The comparison key of a SCIP symbol as a callee (modules by path, accessors as their member,
        constructors as their class)."""
        if is_module_symbol(symbol):
            return "module:" + self.def_path.get(symbol, symbol)
        return class_of_constructor(canonical(self.merged.get(symbol, symbol)))

    def caller_key(self, codelake_id: str | None, line: int | None = None) -> str | None:
        """The nearest mapped symbol at or above a codelake symbol, as a key (modules by path). Given the reference's
        line, an enclosing symbol whose lines do not hold it is passed over: ``config.load = function () {..}`` after
        ``var config = {..}`` is codelake's member of ``config``, but its body is no part of the object's literal (SCIP
        defines no such member: the module runs it)."""
        seen, first = 0, codelake_id
        while codelake_id is not None and seen < 64:
            if codelake_id in self.module_key_of_id:
                return self.module_key_of_id[codelake_id]
            symbol = self.symbol_of_id.get(codelake_id)
            if symbol is not None and line is not None and codelake_id != first and not self._holds(codelake_id, line):
                symbol = None
            if symbol is not None:
                return "module:" + self.def_path[symbol] if is_module_symbol(symbol) else canonical(symbol)
            codelake_id = self.parent.get(codelake_id)
            seen += 1
        return None

    def _holds(self, codelake_id: str, line: int) -> bool:
        lines = self.lines_of.get(codelake_id)
        return lines is None or lines[0] <= line <= lines[1]

    def callee_key(self, codelake_id: str) -> str | None:
        if codelake_id in self.module_key_of_id:
            return self.module_key_of_id[codelake_id]
        symbol = self.symbol_of_id.get(codelake_id)
        return self.key(symbol) if symbol is not None else None

    def knows(self, key: str) -> bool:
        """Whether codelake has a symbol for this key (a callee it could ever point at)."""
        if key.startswith("module:"):
            return key[7:] in self.module_of
        return bool(self.ids_of_key.get(key))


LAST_DESCRIPTOR = re.compile(r"(`[^`]*`|[^/#.`()]+)(\([^)]*\)\.|[#./])$")


def _owner(symbol: str) -> str:
    """``.. `persist.ts`/PersistStorage#setItem.`` -> ``.. `persist.ts`/PersistStorage#``."""
    match = LAST_DESCRIPTOR.search(symbol)
    return symbol[:match.start()] if match else symbol


def containers(mapping: Mapping, path: str, line_count: int) -> list[str]:
    """Per line (index = 1-based line), the key of the innermost mapped definition holding it; module default."""
    out = ["module:" + path] * (line_count + 2)
    # longest span first, so an inner definition overwrites the one around it
    for (start, end), symbol in sorted(mapping.spans_in[path], key=lambda item: item[0][0] - item[0][1]):
        for line in range(max(start, 1), min(end, line_count + 1) + 1):
            out[line] = canonical(symbol)
    return out


# -- the comparison --------------------------------------------------------------------------------------------------
class Pairs:
    """Unique (caller, callee) pairs with a few of the sites each was seen at."""

    def __init__(self):
        self.sites: dict[tuple[str, str], list] = {}

    def add(self, caller: str, callee: str, site) -> None:
        sites = self.sites.setdefault((caller, callee), [])
        if len(sites) < SAMPLE_SITES:
            sites.append(site)

    def keys(self) -> set[tuple[str, str]]:
        return set(self.sites)


def score(truth: set, found: set) -> Score:
    return Score(len(truth), len(found), len(truth & found))


def compare(documents: list[Document], symbols: list[dict], edges: list[Edge], parsed_files: set[str], root: Path,
            samples: int = 25) -> Result:
    files = {d.path for d in documents} & parsed_files
    decorated = Counter()
    defs = scip_definitions(documents, files, decorated)
    mapping = Mapping(defs, [s for s in symbols if s["path"] in files], documents)
    losses = Counter({f"scip_definitions_unmapped_{k}": n for k, n in mapping.unmapped.items()}) + decorated
    losses["codelake_symbols_mapped_as_redefinitions"] = mapping.redefinitions
    losses["scip_merged_types_counted_as_their_value"] = len(mapping.merged)
    losses["scip_attributes_in_function_bodies_not_callers"] = mapping.attributes_in_bodies
    sources = {path: SourceFile(root, path) for path in files}
    truth_calls, truth_refs, truth_files = Pairs(), Pairs(), set()
    names = top_level_names(defs)
    aliases = value_aliases(documents, files, sources)
    for doc in documents:
        if doc.path in files:
            _truth_of(doc, sources[doc.path], mapping, defs, truth_calls, truth_refs, truth_files, losses, names,
                      aliases)
    found_calls, found_refs, found_files = _codelake_pairs(edges, mapping, files, losses,
                                                           bound_elsewhere(documents, files, symbols),
                                                           lost_by_scip(documents, files, sources),
                                                           through_fixtures(edges, documents, files, sources),
                                                           written_at(symbols), decoration_calls(sources),
                                                           held_by_variables(documents, files, mapping),
                                                           wrapper_runs(edges, symbols))
    stub_files: dict[tuple[str, str], set[str]] = defaultdict(set)
    truth_calls = stub_calls_by_name(truth_calls, edges, mapping, losses, stub_files)
    truth_files = stub_deps_as_modules(truth_files, found_files, files, stub_files, losses)
    result = Result(score(truth_files, found_files), score(truth_calls.keys(), found_calls.keys()),
                    score(truth_refs.keys(), found_refs.keys()), 0, 0, len(files), losses, Counter(), Counter())
    _blast_misses(result, truth_calls, edges, mapping, symbols, samples)
    _samples(result, truth_calls, found_calls, edges, mapping, sources, samples)
    return result


def stub_calls_by_name(truth: Pairs, edges: list[Edge], mapping: Mapping, losses: Counter,
                       stub_files: dict | None = None) -> Pairs:
    """scip-python binds a name a package declares in a stub (``attrs/__init__.pyi``'s ``define``) to the stub's
    declaration; what runs is the implementation the package's modules define (``attr._next_gen.define``), where
    codelake's edge goes. A truth call into a stub is taken as the codelake call from the same caller at the same
    line into a definition of the same name outside stubs, when there is one."""
    stubs = {mapping.key(symbol) for symbol, path in mapping.def_path.items() if path.endswith(".pyi")}
    if not stubs:
        return truth
    found: dict[tuple[str, str, int, str], set[str]] = defaultdict(set)
    target_path: dict[str, str] = {}
    for edge in edges:
        if edge.dst_id is None or edge.kind != "calls":
            continue
        caller, callee = mapping.caller_key(edge.src_id), mapping.callee_key(edge.dst_id)
        if caller is not None and callee is not None and callee not in stubs:
            found[(caller, edge.path, edge.line, symbol_name(callee))].add(callee)
            target_path[callee] = edge.dst_path
    stub_path = {mapping.key(symbol): path for symbol, path in mapping.def_path.items() if path.endswith(".pyi")}
    fixed = Pairs()
    for (caller, callee), sites in truth.sites.items():
        targets = {t for s in sites for t in found.get((caller, s.path, s.line, symbol_name(callee)), ())} \
            if callee in stubs else set()
        losses["scip_python_stub_calls_taken_by_name"] += bool(targets)
        if targets and stub_files is not None:
            for site in sites:
                stub_files[(site.path, stub_path[callee])].update(target_path[t] for t in targets)
        for target in targets or (callee,):
            for site in sites:
                fixed.add(caller, target, site)
    return fixed


def stub_deps_as_modules(truth: set, found: set, files: set[str], stub_files: dict, losses: Counter) -> set:
    """scip-python makes a file that uses a package's names depend on the package's stub (``attrs/__init__.pyi``);
    what Python loads is the module the stub describes (``attrs/__init__.py``) and, for the names called, the
    modules defining them (``attr/_next_gen.py``, where ``stub_calls_by_name`` took the calls). A truth dependency
    on a stub is taken as those of the file's found dependencies, when it has any; else it stays, a miss."""
    fixed = set()
    for source, target in truth:
        module = target[:-1] if target.endswith(".pyi") else None
        runs = ({module} & files) | stub_files.get((source, target), set()) if module else set()
        taken = {(source, t) for t in runs if t != source and (source, t) in found}
        losses["scip_python_stub_dependencies_taken_as_modules"] += bool(taken)
        fixed |= taken or {(source, target)}
    return fixed


def top_level_names(defs) -> dict[tuple[str, str], str | None]:
    """(module prefix, name) -> symbol for the module-level definitions of Python modules; also (package prefix,
    name) -> the one symbol of that name among the package's modules (None where several share it)."""
    names: dict[tuple[str, str], str | None] = {}
    for symbol in defs:
        if symbol.startswith("scip-python ") and not is_module_symbol(symbol):
            prefix, _, tail = symbol.rpartition("/")
            core = tail[:-3] if tail.endswith("().") else tail[:-1]
            if core.isidentifier():
                names[(prefix, core)] = symbol
                package = _package_prefix(prefix)
                key = (package, core)
                names[key] = symbol if key not in names or names[key] == symbol else None
    return names


def _package_prefix(prefix: str) -> str:
    """``... `httpx._transports.asgi``` -> ``... `httpx._transports```, marked apart from a module's own prefix."""
    head, tick, module = prefix.partition("`")
    return f"package:{head}{tick}{module.strip('`').rpartition('.')[0]}"


def python_star_export_fix(occ, source: SourceFile, names: dict) -> str | None:
    """scip-python 0.6.6 resolves a name re-exported through ``from ._api import *`` (``httpx.delete``) to its
    neighbour in ``__all__`` (``httpx._api.get``); the name written at the occurrence tells the right one: in the
    same module, else the one of that name in the same package (``from ._transports import *`` over
    ``from .mock import *``: ``httpx.MockTransport`` given as ``httpx._transports.asgi.ASGITransport``)."""
    rng = occ.range
    if rng.start_line != rng.end_line:
        return None
    text = source.line(rng.start_line + 1)[rng.start_char:rng.end_char]
    if not text.isidentifier() or text == symbol_name(occ.symbol):
        return None
    prefix = occ.symbol.rpartition("/")[0]
    return names.get((prefix, text)) or names.get((_package_prefix(prefix), text))


ALIAS_LINE = re.compile(r"\s*(?:export\s+)?(?:(?:var|let|const)\s+)?([\w$]+)\s*([:=])\s*((?:[\w$]+\s*\.\s*)*[\w$]+)\s*[,;]?\s*$")
ALIAS_DEPTH = 8


def value_aliases(documents: list[Document], files: set[str], sources: dict) -> dict[str, str]:
    """scip-typescript's symbols that only name another definition: a file's variable whose whole value is one
    (``run = utils.run``, ``var load = require('./load').load`` is not: a call), and an exported object's property
    (``module.exports = { run: run }``'s ``run0:``), each -> the definition it names at the end of the chain. The
    checker gives such a name its own symbol, which codelake (following the value) has no symbol for: ``run(appjs)``
    calls ``test/utils.js``'s ``run`` through the test's ``run``; a reference to the alias counts as one to it."""
    direct: dict[str, str] = {}
    for doc in documents:
        if doc.path not in files or doc.path.endswith((".py", ".pyi")):
            continue
        on_line: dict[int, list] = defaultdict(list)
        for occ in doc.occurrences:
            if occ.range.start_line == occ.range.end_line and not is_local(occ.symbol):
                on_line[occ.range.start_line].append(occ)
        for line, occs in on_line.items():
            match = ALIAS_LINE.match(sources[doc.path].line(line + 1))
            if match is None:
                continue
            # `name: value` is an object's property (a meta symbol, `run0:`), never a field declared of a type
            named = [o for o in occs if o.is_definition and o.range.start_char == match.start(1)
                     and descriptor_suffix(o.symbol) == (":" if match.group(2) == ":" else ".")]
            value = [o for o in occs if not o.is_definition and o.range.end_char == match.end(3)]
            if len(named) == 1 and len(value) == 1 and value[0].symbol != named[0].symbol:
                direct[named[0].symbol] = value[0].symbol
    followed = {}
    for symbol, target in direct.items():
        for _ in range(ALIAS_DEPTH):
            target = direct.get(target, target)
        followed[symbol] = target
    return followed


def _truth_of(doc: Document, source: SourceFile, mapping: Mapping, defs, calls: Pairs, refs: Pairs, deps: set,
              losses: Counter, names: dict, aliases: dict | None = None) -> None:
    where = containers(mapping, doc.path, len(source.lines))
    imports = source.import_lines
    for occ in doc.occurrences:
        if occ.is_definition:
            continue
        written = occ.symbol  # what the file depends on: the alias's own file (it imports that one)
        aliased = bool(aliases) and written in aliases and not mapping.knows(mapping.key(written))
        if aliased:  # (an alias codelake has a symbol for is judged as one)
            occ = occ._replace(symbol=aliases[written])
            losses["scip_value_aliases_followed"] += 1
        if not comparable(occ.symbol):
            continue
        if occ.symbol not in defs:
            continue  # defined outside the compared files (a dependency, the standard library, a skipped file)
        if source.python:
            fixed = python_star_export_fix(occ, source, names)
            if fixed is not None:
                occ = occ._replace(symbol=fixed)
                losses["scip_python_star_exports_corrected"] += 1
        line = occ.range.start_line + 1
        callee = mapping.key(occ.symbol)
        depended = occ.symbol if not aliased else \
            (written if comparable(written) and written in defs else None)
        if depended is not None and mapping.def_path[depended] != doc.path:
            deps.add((doc.path, mapping.def_path[depended]))
        caller = where[line] if line < len(where) else "module:" + doc.path
        if caller == callee:
            continue
        site = Site(doc.path, line)
        refs.add(caller, callee, site)
        if line in imports:
            continue
        if occ.range.start_line == occ.range.end_line and source.is_member_definition(
                line, occ.range.start_char, occ.range.end_char):
            losses["scip_member_definitions_not_calls"] += 1
            continue
        suffix = descriptor_suffix(occ.symbol)
        if suffix == "()." or (suffix in "#." and occ.range.start_line == occ.range.end_line
                               and source.is_called(line, occ.range.start_char, occ.range.end_char)):
            if not mapping.knows(callee) and _required_package(source, defs[occ.symbol], doc.path):
                losses["scip_calls_to_required_packages_not_judged"] += 1
                continue
            calls.add(caller, callee, site)
            if not mapping.knows(callee):
                losses["truth_calls_to_unmapped_symbols"] += 1


# `var assert = require('assert')`, or a later declarator of one `var` (`  assert = require('assert'),`)
REQUIRED_PACKAGE = re.compile(r"""^\s*(?:(?:var|let|const)\s+)?[\w$]+\s*=\s*require\(\s*['"][^'"./][^'"]*['"]\s*\)""")


def _required_package(source: SourceFile, defs: list[Definition], path: str) -> bool:
    """A name the file binds to a package's module (``var assert = require('assert')``), which scip-typescript,
    with no package installed, takes for a variable of the file: a call of it runs the package's code, which
    codelake calls external, so it is not judged (``scip_calls_to_required_packages_not_judged``)."""
    return any(d.path == path and REQUIRED_PACKAGE.match(source.line(d.line)) for d in defs)


def globals_by_line(documents: list[Document], files: set[str]) -> dict[tuple[str, int], set[str]]:
    """The names of the global symbols SCIP binds a reference to, per (path, line)."""
    bound: dict[tuple[str, int], set[str]] = defaultdict(set)
    for doc in documents:
        if doc.path in files:
            for occ in doc.occurrences:
                if not occ.is_definition and not is_local(occ.symbol):
                    bound[(doc.path, occ.range.start_line + 1)].add(symbol_name(occ.symbol))
    return bound


def bound_elsewhere(documents: list[Document], files: set[str], symbols: list[dict]):
    """A test: does SCIP bind the name an edge points at, on the edge's line, to a global symbol (of the
    repository or outside it: ``x.toString()`` is ``Object#toString``)? Then an edge into a codelake symbol SCIP
    does not define (a type literal's member, say) is wrong, not unjudgeable."""
    names = {s["id"]: s["name"] for s in symbols}
    bound = globals_by_line(documents, files)
    return lambda edge: names.get(edge.dst_id) in bound.get((edge.path, edge.line), ())


def lost_by_scip(documents: list[Document], files: set[str], sources: dict):
    """A test: does SCIP bind the name an edge's reference writes, on the edge's line, to a local it defines nowhere
    in the file, and to no global symbol there? scip-typescript 0.4.0 does so for a name passed on under an alias
    (``export { stringType as string }``: zod's ``z.string()`` is a fresh local in each file using it), so the edge
    cannot be judged."""
    lost: dict[tuple[str, int], set[str]] = defaultdict(set)
    bound: dict[tuple[str, int], set[str]] = defaultdict(set)
    for doc in documents:
        if doc.path not in files:
            continue
        defined = {occ.symbol for occ in doc.occurrences if occ.is_definition and is_local(occ.symbol)}
        for occ in doc.occurrences:
            line = occ.range.start_line + 1
            if not is_local(occ.symbol):
                bound[(doc.path, line)].add(symbol_name(occ.symbol))
            elif occ.symbol not in defined and occ.range.start_line == occ.range.end_line:
                lost[(doc.path, line)].add(sources[doc.path].line(line)[occ.range.start_char:occ.range.end_char])
    return lambda edge: (name := edge.dst_name.rsplit(".", 1)[-1]) in lost.get((edge.path, edge.line), ()) \
        and name not in bound.get((edge.path, edge.line), ())


def written_at(symbols: list[dict]):
    """A test: is an edge's reference where its callee is written (``new ReadableStream({ start(c) {..} })``: the
    object's method handed to a call, which codelake has the enclosing function pass on)? SCIP has no occurrence for
    such an implicit call, only the member's definition (``scip_member_definitions_not_calls``), so it is not judged."""
    starts = {s["id"]: (s["path"], s["line_start"]) for s in symbols}
    return lambda edge: edge.ref_form == "callback" and starts.get(edge.dst_id) == (edge.path, edge.line)



def held_by_variables(documents: list[Document], files: set[str], mapping: Mapping):
    """A test: is the edge a ``callback`` (a function handed on, not called) into a function SCIP declares as a
    variable (``const devtoolsImpl = (fn) => ..``, a term ``devtoolsImpl.``), which SCIP references on the edge's line
    (``export const devtools = devtoolsImpl as unknown as Devtools``, ``selector = identity as any``)? SCIP counts a
    reference to a function declaration anywhere as a call but one to a variable only where it is called, so such an
    edge is never a truth pair, right or wrong; it points where SCIP does, so it is not judged."""
    referenced: set[tuple[str, int, str]] = set()
    for doc in documents:
        if doc.path in files:
            for occ in doc.occurrences:
                if not occ.is_definition and descriptor_suffix(occ.symbol) == ".":
                    referenced.add((doc.path, occ.range.start_line + 1, occ.symbol))

    def held(edge: Edge) -> bool:
        symbol = mapping.symbol_of_id.get(edge.dst_id) if edge.ref_form == "callback" else None
        return symbol is not None and (edge.path, edge.line, symbol) in referenced
    return held


def through_fixtures(edges: list[Edge], documents: list[Document], files: set[str], sources: dict):
    """A test: is the edge's receiver a pytest fixture its caller takes by name (``def test_x(env):
    env.from_string(...)``), or a name the caller assigned from such a call (``t = env.from_string(...)`` then
    ``t.render()``), with SCIP binding the called name there to nothing? No type checker follows pytest's injection
    by name, so such an edge cannot be judged (the edges into the fixtures themselves are counted apart)."""
    bound = globals_by_line(documents, files)
    fixtures: dict[str, set[str]] = defaultdict(set)
    for edge in edges:
        if edge.resolution == "fixture":
            fixtures[edge.src_id].add(edge.dst_name)
    through: set[Edge] = set()
    for edge in sorted((e for e in edges if e.src_id in fixtures and e.receiver and e.path in files),
                       key=lambda e: (e.src_id, e.line)):
        names = fixtures[edge.src_id]
        if RECEIVER_ROOT.match(edge.receiver).group(0) not in names:
            continue
        if edge.dst_name.rpartition(".")[2] in bound.get((edge.path, edge.line), ()):
            continue
        through.add(edge)
        assigned = ASSIGNED_NAME.match(sources[edge.path].line(edge.line))
        if assigned:
            names.add(assigned.group(1))
    return through.__contains__


def decoration_calls(sources: dict):
    """Whether an edge is the call a decorator factory's result gets where the function is made (``@command()``:
    ``command()(f)`` runs the ``decorator`` that ``command`` returns; codelake's ``flow`` edge at the decorator's
    line): a real call with no occurrence of its own in SCIP, which binds the line to the factory only (judged by
    that edge). The edge to the very symbol the decorator names is no such call (``@hookimpl`` with ``hookimpl =
    HookimplMarker(..)`` a module variable: codelake's ``flow`` edge to that variable, SCIP's occurrence of it):
    judged."""
    def decoration(edge: Edge) -> bool:
        return edge.resolution == "flow" and edge.ref_form == "call" and not _names_itself(edge) and \
            sources[edge.path].line(edge.line).lstrip().startswith("@")
    return decoration


def _names_itself(edge: Edge) -> bool:
    """Whether an edge's target is the symbol its name as written names (``hookimpl`` -> ``mod.py::hookimpl``)."""
    return bool(edge.dst_id and edge.dst_name) and \
        edge.dst_id.rpartition("::")[2].rpartition(".")[2] == edge.dst_name.rpartition(".")[2]


def wrapper_runs(edges: list[Edge], symbols: list[dict]):
    """Whether an edge is the run of a decorator's inner wrapper at a call of the decorated function (``q.where()``
    with ``@Node.copy def where``: codelake's ``flow`` edge to ``Node.copy.inner`` beside its edge to ``where``): a
    real call with no occurrence of its own in SCIP, which binds the name to the decorated function only (judged by
    that edge)."""
    kinds = {s["id"]: s["kind"] for s in symbols}
    # a nested function's maker: `make()()` or a returned function called where `make` is called is a real flow
    # edge to judge, not a wrapper's run
    maker = {s["id"]: s["parent_id"] for s in symbols
             if s["kind"] == "function" and kinds.get(s["parent_id"]) in ("function", "method")}
    called: dict[tuple, set] = defaultdict(set)
    for e in edges:
        if e.resolution != "flow" and e.kind == "calls" and e.dst_id:
            called[(e.src_id, e.line)].add(e.dst_id)

    def run(edge: Edge) -> bool:
        if edge.resolution != "flow" or edge.ref_form != "call" or edge.dst_id not in maker:
            return False
        here = called.get((edge.src_id, edge.line), ())
        return bool(here) and maker[edge.dst_id] not in here
    return run


RECEIVER_ROOT = re.compile(r"[^.\[(]*")
ASSIGNED_NAME = re.compile(r"\s*(\w+)\s*(?::[^=]+)?=[^=]")


def _codelake_pairs(edges: list[Edge], mapping: Mapping, files: set[str], losses: Counter, elsewhere, lost,
                    through_fixture, written_here=lambda edge: False, decoration=lambda edge: False,
                    held_by_variable=lambda edge: False, wrapper_run=lambda edge: False):
    calls, refs, deps = Pairs(), Pairs(), set()
    for edge in edges:
        if edge.dst_id is None or edge.path not in files or edge.dst_path not in files:
            continue
        if edge.resolution == "fixture":  # pytest's injection by parameter name: no type checker sees it
            losses["codelake_fixture_edges_not_judged"] += 1
            continue
        if edge.ref_form == "protocol":  # `with c:` runs c.__enter__: an implicit call, no occurrence in SCIP
            losses["codelake_protocol_edges_not_judged"] += 1
            continue
        if decoration(edge):
            losses["codelake_decoration_calls_not_judged"] += 1
            continue
        if edge.resolution == "flow" and edge.dst_id.endswith(".__call__") and not edge.dst_name.endswith("__call__"):
            # `make(app)` with `make: Factory` (a protocol): the call operator an instance's call runs, with no
            # occurrence of its own in SCIP, which binds the name to the variable (as `with c:` runs `__enter__`)
            losses["codelake_call_operator_edges_not_judged"] += 1
            continue
        if wrapper_run(edge):
            losses["codelake_wrapper_runs_not_judged"] += 1
            continue
        if edge.ref_form == "constructor" and edge.dst_id.endswith(".__init__"):
            # Foo(x) runs the __init__ Foo has (maybe a base's): SCIP names the class called, which the call's edge
            # to the class is judged by
            losses["codelake_init_edges_not_judged"] += 1
            continue
        if edge.dst_path != edge.path:
            deps.add((edge.path, edge.dst_path))
        if edge.kind == "dispatch":
            continue
        if through_fixture(edge):
            losses["codelake_edges_through_fixtures_not_judged"] += 1
            continue
        if written_here(edge):
            losses["codelake_callbacks_at_their_callee_definition_not_judged"] += 1
            continue
        if lost(edge):
            losses["codelake_edges_at_names_scip_binds_to_unbound_locals"] += 1
            continue
        caller, callee = mapping.caller_key(edge.src_id, edge.line), mapping.callee_key(edge.dst_id)
        if caller is None or callee is None:
            if caller is not None and elsewhere(edge):
                callee = "elsewhere:" + edge.dst_id  # SCIP binds the name there to another symbol: a wrong edge
                losses["codelake_edges_into_symbols_scip_binds_elsewhere"] += 1
            else:
                losses["codelake_edges_not_judged" + ("_caller" if caller is None else "_callee")] += 1
                continue
        if caller == callee:
            continue
        refs.add(caller, callee, edge)
        if edge.kind == "calls" and held_by_variable(edge):  # a reference as SCIP sees it, but no call it counts
            losses["codelake_callbacks_of_functions_scip_holds_in_variables_not_judged"] += 1
        elif edge.kind == "calls":
            calls.add(caller, callee, edge)
    return calls, refs, deps


def _blast_misses(result: Result, truth: Pairs, edges: list[Edge], mapping: Mapping, symbols: list[dict],
                  limit: int) -> None:
    """Functions and methods with real callers whose codelake blast radius misses at least one of them."""
    kinds = {s["id"]: s["kind"] for s in symbols}
    dependents: dict[str, set[str]] = defaultdict(set)
    for edge in edges:
        if edge.dst_id is not None and edge.src_id != edge.dst_id:
            dependents[edge.dst_id].add(edge.src_id)
    callers_of: dict[str, set[str]] = defaultdict(set)
    for caller, callee in truth.keys():
        callers_of[callee].add(caller)
    for callee, callers in sorted(callers_of.items()):
        ids = mapping.ids_of_key.get(callee, [])  # a class's key holds its constructor too
        if not any(kinds.get(i) in ("function", "method", "class") for i in ids):
            result.blast_unknown += 1
            continue
        result.blast_targets += 1
        result.callers_missed += not callers <= {mapping.caller_key(i) for i in _reverse_closure(ids, dependents, 1)}
        reached = {mapping.caller_key(i) for i in _reverse_closure(ids, dependents)}
        if not callers <= reached:
            result.blast_missed += 1
            if len(result.blast_samples) < limit:
                missing = sorted(callers - reached)
                site = next(s for c in missing for s in truth.sites[(c, callee)])
                result.blast_samples.append({"target": ids[0], "callers": len(callers), "missed": len(missing),
                                             "first_missed": short(missing[0]), "path": site.path,
                                             "line": site.line})


def _reverse_closure(seeds: list[str], dependents: dict[str, set[str]], max_depth: int = BLAST_DEPTH) -> set[str]:
    seen, queue = set(seeds), deque((s, 0) for s in seeds)
    while queue:
        node, depth = queue.popleft()
        if depth == max_depth:
            continue
        for nxt in dependents.get(node, ()):
            if nxt not in seen:
                seen.add(nxt)
                queue.append((nxt, depth + 1))
    return seen - set(seeds)


# -- samples for whoever improves the extractor ---------------------------------------------------------------------
def _samples(result: Result, truth: Pairs, found: Pairs, edges: list[Edge], mapping: Mapping, sources, limit: int):
    at_line: dict[tuple[str, int], list[Edge]] = defaultdict(list)
    for edge in edges:
        at_line[(edge.path, edge.line)].append(edge)
    truth_at: dict[tuple[str, int], set[str]] = defaultdict(set)
    for (caller, callee), sites in truth.sites.items():
        for site in sites:
            truth_at[(site.path, site.line)].add(callee)
    found_keys, truth_keys = found.keys(), truth.keys()
    for pair in sorted(truth_keys - found_keys):
        site = truth.sites[pair][0]
        category = _miss_category(pair, site, at_line, mapping)
        result.miss_categories[category] += 1
        if len(result.misses) < limit or _rare(result.misses, category, limit):
            result.misses.append(_sample(pair, site.path, site.line, category, sources, mapping))
    for pair in sorted(found_keys - truth_keys):
        edge = found.sites[pair][0]
        category = edge.resolution + ("; scip sees another caller here"
                                      if pair[1] in truth_at.get((edge.path, edge.line), ()) else "")
        result.false_positive_categories[category] += 1
        if len(result.false_positives) < limit or _rare(result.false_positives, category, limit):
            sample = _sample(pair, edge.path, edge.line, category, sources, mapping)
            sample.update(codelake_src=edge.src_id, codelake_dst=edge.dst_id, ref_form=edge.ref_form)
            result.false_positives.append(sample)
    for bucket in (result.misses, result.false_positives):  # an even spread over categories, then by place
        bucket.sort(key=lambda s: (s["category"], s["path"], s["line"]))


def _rare(taken: list[dict], category: str, limit: int) -> bool:
    """Keep a few of each category even past the limit, so a rare cause still shows."""
    return sum(1 for s in taken if s["category"] == category) < max(2, limit // 10) and len(taken) < 3 * limit


def _miss_category(pair, site: Site, at_line, mapping: Mapping) -> str:
    caller, callee = pair
    if not mapping.knows(callee):
        return "callee_not_a_symbol"
    here = [e for e in at_line.get((site.path, site.line), []) if e.kind == "calls"]
    if any(e.dst_id is not None and mapping.callee_key(e.dst_id) == callee for e in here):
        return "edge_from_another_caller"
    if any(e.dst_id is not None for e in here):
        return "other_target_on_line"
    if here:
        return "unresolved_on_line"
    return "no_reference_on_line"


def _sample(pair, path: str, line: int, category: str, sources, mapping: Mapping) -> dict:
    source = sources.get(path)
    return {"category": category, "path": path, "line": line, "caller": short(pair[0]), "callee": short(pair[1]),
            "callee_ids": mapping.ids_of_key.get(pair[1], [])[:2],
            "source": (source.line(line).strip()[:160] if source else "")}


def short(key: str) -> str:
    """A SCIP symbol without its scheme, manager, package and version."""
    if key.startswith("module:"):
        return key
    parts = key.split(" ", 4)
    return parts[4] if len(parts) == 5 else key
