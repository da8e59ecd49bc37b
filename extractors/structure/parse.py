"""One file in, its facts out: definitions, references and imports, from a tree-sitter query or a regex fallback.

Capture-name convention of ``queries/<language>.scm`` (one per language; no per-language branches here):

- ``@definition.<kind>`` the whole definition node (kind: function, method, class, interface, struct, enum, trait,
  type, module, impl, ...). In the same pattern: ``@name`` its name, optional ``@parent.name`` (a container given
  by name, e.g. a Go method's receiver type) and optional ``@exported`` (present = exported). Kind ``impl`` is a
  container only (Rust ``impl T``): it names the parent of what it holds and is not itself a symbol; references
  directly inside it (``impl Trait for T``) belong to ``T``. Optional ``@self.name``: the name the definition gives its
  own object (a Go receiver ``m``): ``m.f()`` inside it is read as ``self.f()``. Optional ``@decorator``: the name of
  an annotation/attribute/decorator on it (Java ``@GetMapping``, Rust ``#[test]``); one outside ``PURE_DECORATORS``
  makes it an entry point (a framework registers it). A node captured by several patterns is one definition
  (exported if any pattern says so, with the decorators of all).
- ``@reference.call``, ``@reference.callback`` (a function passed as a value), ``@reference.inherits``: the whole
  node, with ``@name`` and an optional ``@receiver`` (the object in ``obj.name(...)``).
- ``@var.name`` + ``@var.type``: a parameter, variable or field and its declared type or constructing expression
  (``item: Item``, ``x := &T{}``, ``const s = new Store()``); ``x.f()`` in its scope is then read as ``Item.f()`` /
  ``&T{}.f()`` (also ``this.x.f()`` / ``self.x.f()`` for a field), so typed receivers resolve to their class.
- ``@local.name``: a name bound in the enclosing definition or at module level (a parameter, an assigned or loop
  variable). A bare name passed as a value (``@reference.callback`` without a receiver) is then that variable, not a
  function found elsewhere by name; the same for a bare call of it (``fn()`` on a parameter ``fn``). Such references
  become ``local_callback`` / ``local_call``, which only a definition of the same file may answer (a pytest fixture
  passed on by its parameter's name).
- ``@parameter.name``: a parameter of the enclosing definition, bound there like ``@local.name``. In a test file or
  ``conftest.py``, in a test (a function named ``test*``) or a fixture (decorated ``@fixture`` /
  ``@pytest.fixture``), it also names a pytest fixture: a reference of kind ``fixture``.
- ``@import`` / ``@reexport``: one imported item, with ``@import.module``, ``@import.name``, ``@import.alias``,
  ``@import.wildcard`` as present. A ``@reexport`` without a module re-exports the file's own name (JS
  ``export {a as b}``, ``export default a``) and marks that top-level definition exported.
- ``@package.name``: a package clause (Go, Java). ``@entry``: marks the file as a program entry (``__main__`` block).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

from pipeline.safeio import read_inside

from . import budget
from .discover import MAX_BYTES, is_test_path, sha_of, skip_reason
from .languages import Language, compiled_fallback

CONTAINER_KINDS = {"class", "interface", "struct", "trait", "impl", "enum", "module", "object"}
PURE_DECORATORS = {"staticmethod", "classmethod", "property", "abstractmethod", "override", "cached_property",
                   "functools.wraps", "wraps", "lru_cache", "functools.lru_cache", "cache", "functools.cache",
                   "dataclass", "dataclasses.dataclass", "abc.abstractmethod", "typing.overload", "overload",
                   "contextmanager", "contextlib.contextmanager", "total_ordering", "functools.total_ordering",
                   # Java annotations and Rust attributes that change no caller
                   "Override", "Deprecated", "SuppressWarnings", "FunctionalInterface", "SafeVarargs", "Nullable",
                   "NonNull", "NotNull", "Nonnull", "CheckReturnValue", "inline", "derive", "allow", "deny", "warn",
                   "cfg", "cfg_attr", "must_use", "doc", "deprecated", "repr", "non_exhaustive", "rustfmt::skip",
                   "track_caller", "cold", "automatically_derived", "expect"}


@dataclass
class FileFacts:
    path: str
    language: str | None
    status: str  # ok | partial | fallback | skipped
    skip_reason: str | None = None
    blob_sha: str | None = None
    lines: int = 0
    size: int = 0
    is_test: bool = False
    is_generated: bool = False
    is_vendored: bool = False
    package: str | None = None
    error_lines: list[int] = field(default_factory=list)
    entry: bool = False
    # (qualname, name, kind, line_start, line_end, parent_qualname, exported, entry_reason)
    defs: list[tuple] = field(default_factory=list)
    # (src_qualname, kind, name, receiver, module, alias, line)
    refs: list[tuple] = field(default_factory=list)


_QUERIES: dict[str, object] = {}
_PARSERS: dict[str, object] = {}


INHERITS = re.compile(r"^; inherits: *([a-z_]+) *$", re.M)


@lru_cache(maxsize=None)
def query_text(language: str) -> str | None:
    """A language's query file; a line ``; inherits: <language>`` prepends that language's whole query (a superset
    grammar such as TSX over TypeScript then only adds what is its own)."""
    entry = resources.files("extractors.structure").joinpath("queries").joinpath(f"{language}.scm")
    if not entry.is_file():
        return None
    text = entry.read_text()
    parents = [query_text(name) or "" for name in INHERITS.findall(text)]
    return "\n".join(parents + [text])


def _parser_and_query(lang: Language):
    if lang.name not in _PARSERS:
        from tree_sitter import Query
        from tree_sitter_language_pack import get_language, get_parser

        text = query_text(lang.name)
        _PARSERS[lang.name] = get_parser(lang.grammar)
        _QUERIES[lang.name] = Query(get_language(lang.grammar), text) if text else None
    return _PARSERS[lang.name], _QUERIES[lang.name]


def parse_file(root: Path, path: str, lang: Language, mode: str = "100644", known_sha: str | None = None) -> FileFacts:
    """Facts of one file; never raises for bad input (it becomes a skipped or fallback file with a reason)."""
    facts = FileFacts(path=path, language=lang.name, status="ok", is_test=is_test_path(path), blob_sha=known_sha)
    full = root / path
    try:
        size = full.lstat().st_size
        data = b"" if full.is_symlink() else _read(root, path, size)
    except OSError as exc:
        return _skipped(facts, f"unreadable ({exc.strerror or exc})")
    facts.size = size
    facts.blob_sha = facts.blob_sha or sha_of(full, size, data)
    reason, facts.is_generated, facts.is_vendored = skip_reason(root, path, data[:20000], size, mode)
    if reason:
        return _skipped(facts, reason)
    facts.lines = data.count(b"\n") + (0 if not data or data.endswith(b"\n") else 1)
    data = _as_utf8(data, facts)
    if lang.grammar is None or query_text(lang.name) is None:
        return _regex_fallback(facts, data, lang, "no grammar")
    try:
        _query_facts(facts, data, lang)
    except Exception as exc:  # a grammar or query failure on one file must not stop the run
        facts.defs, facts.refs = [], []
        why = str(exc) if isinstance(exc, budget.OverBudget) else f"tree-sitter failed: {type(exc).__name__}"
        return _regex_fallback(facts, data, lang, why)
    if facts.status == "partial" and not facts.defs:
        return _regex_fallback(facts, data, lang, "syntax errors" if facts.error_lines else facts.skip_reason)
    return facts


def _read(root: Path, path: str, size: int) -> bytes:
    """Inside the repository only, a regular file only (a FIFO would hang the run), never past the cap."""
    return read_inside(root, path, 20000 if size > MAX_BYTES else MAX_BYTES, follow_links=False, truncate=True)


def _as_utf8(data: bytes, facts: FileFacts) -> bytes:
    """Legacy 8-bit sources are read as Latin-1 (every byte decodes), so names stay whole and lines keep numbers."""
    try:
        data.decode("utf-8")
        return data
    except UnicodeDecodeError as exc:
        facts.skip_reason = f"invalid UTF-8 at byte {exc.start}: read as Latin-1"
        return data.decode("latin-1").encode("utf-8")


def _skipped(facts: FileFacts, reason: str) -> FileFacts:
    facts.status, facts.skip_reason = "skipped", reason
    return facts


def _regex_fallback(facts: FileFacts, data: bytes, lang: Language, why: str) -> FileFacts:
    facts.status, facts.skip_reason = "fallback", why
    text = data.decode("utf-8", "replace")
    patterns = compiled_fallback(lang)
    for lineno, line in enumerate(text.splitlines(), 1):
        for kind, rx in patterns:
            m = rx.match(line)
            if m:
                name = m.group("name")
                facts.defs.append((name, name, kind, lineno, lineno, None, not name.startswith("_"), None))
                break
    facts.defs = _dedupe_qualnames(facts.defs)
    return facts


def _text(node, data: bytes) -> str:
    return data[node.start_byte:node.end_byte].decode("utf-8", "replace")


def _query_facts(facts: FileFacts, data: bytes, lang: Language) -> None:
    parser, query = _parser_and_query(lang)
    tree = budget.parse(parser, data)  # stopped at its time budget
    if tree.root_node.has_error:
        facts.status, facts.error_lines = "partial", _error_lines(tree.root_node)
    raw_defs, raw_refs = [], []
    for _pattern, caps in budget.matches(query, tree.root_node, facts):  # bounded depth
        _collect(caps, data, facts, raw_defs, raw_refs)
    defs, spans = _nest(_merge_same_node(raw_defs), lang, facts)
    facts.defs = _dedupe_qualnames(_own_reexports_exported(defs, raw_refs))
    raw_vars = [r for r in raw_refs if r[1] == "var"]
    raw_params = [r for r in raw_refs if r[1] == "parameter"]
    raw_locals = [r for r in raw_refs if r[1] == "local"] + raw_params
    if raw_vars or raw_locals or raw_params:
        raw_refs = [r for r in raw_refs if r[1] not in ("var", "local", "parameter")]
    facts.refs = _enclose(_one_ref_per_name(raw_refs), spans, raw_vars, raw_locals)
    if raw_params and (facts.is_test or facts.path.rpartition("/")[2] == "conftest.py"):  # where pytest looks
        facts.refs += _fixture_refs(raw_params, spans)


def _one_ref_per_name(raw_refs: list) -> list:
    """A name captured by several reference patterns (``a::f()`` also matching ``f()``) is one reference: the one
    with a receiver."""
    best: dict[tuple, tuple] = {}
    out = []
    for r in raw_refs:
        if r[7] is None:
            out.append(r[:7])
            continue
        key = (r[1], r[7])
        if key not in best or (r[3] and not best[key][3]):
            best[key] = r
    return out + [r[:7] for r in best.values()]


def _merge_same_node(raw_defs: list) -> list:
    """One definition per (node, kind) even when several patterns match it; ``@exported`` from any of them."""
    merged: dict[tuple, tuple] = {}
    for d in raw_defs:
        key = (d[0], d[1], d[2])
        old = merged.get(key)
        if old is None:
            merged[key] = d
        else:
            merged[key] = old[:6] + (old[6] or d[6], old[7] or d[7], old[8] + d[8], old[9] or d[9])
    return list(merged.values())


def _own_reexports_exported(defs: list[tuple], raw_refs: list) -> list[tuple]:
    """``export {a}`` / ``export default a`` (a re-export without a module) export the file's top-level ``a``."""
    names = {r[2] for r in raw_refs if r[1] == "reexport" and r[4] is None}
    if not names:
        return defs
    return [d[:6] + (True,) + d[7:] if d[5] is None and d[1] in names else d for d in defs]


@lru_cache(maxsize=None)
def _roles(keys: tuple) -> tuple:
    """What the captures of one pattern mean, worked out once per distinct set of capture names (hot path)."""
    roles = []
    for key in keys:
        if key.startswith("definition.") and "name" in keys:
            roles.append(("def", key))
        elif key.startswith("reference.") and "name" in keys:
            roles.append(("ref", key))
        elif key in ("import", "reexport", "package.name", "entry", "local.name", "parameter.name"):
            roles.append((key, key))
        elif key == "var.name" and "var.type" in keys:
            roles.append(("var", key))
    return tuple(roles)


def _collect(caps: dict, data: bytes, facts: FileFacts, raw_defs: list, raw_refs: list) -> None:
    text = lambda key: _text(caps[key][0], data) if key in caps else None  # noqa: E731
    for role, key in _roles(tuple(caps)):
        node = caps[key][0]
        if role == "ref":
            name = caps["name"][0]
            receiver = caps.get("receiver")
            raw_refs.append((node.start_byte, key[10:], _text(name, data), _text(receiver[0], data) if receiver else None,
                             None, None, name.start_point[0] + 1, name.start_byte))
        elif role == "def":
            raw_defs.append((node.start_byte, node.end_byte, key[11:], text("name"), node.start_point[0] + 1,
                             node.end_point[0] + 1, text("parent.name"), "exported" in caps,
                             _decorators(node, data) + tuple(_text(n, data) for n in caps.get("decorator", ())),
                             text("self.name")))
        elif role in ("import", "reexport"):
            module = text("import.module")
            if module is None and "import.name" not in caps:
                continue
            name = "*" if "import.wildcard" in caps else text("import.name")
            raw_refs.append((node.start_byte, key, name, None, _unquote(module), text("import.alias"),
                             node.start_point[0] + 1, None))
        elif role == "var":
            kind = _type_text(_text(caps["var.type"][0], data))
            if kind:
                raw_refs.append((node.start_byte, "var", _text(node, data), kind, None, None, 0, None))
        elif role == "local.name":
            raw_refs.append((node.start_byte, "local", _text(node, data), None, None, None, 0, None))
        elif role == "parameter.name":
            raw_refs.append((node.start_byte, "parameter", _text(node, data), None, None, None, node.start_point[0] + 1,
                             None))
        elif role == "package.name":
            facts.package = _text(node, data)
        else:
            facts.entry = True


_GENERIC = re.compile(r"<[^<>]*>|(?<=\w)\[[^\[\]]*\]")
_PARENS, _BRACES = re.compile(r"\([^()]*\)"), re.compile(r"\{[^{}]*\}")
_NOT_A_TYPE = re.compile(r"\||\s&\s|\[\]$|^\[|^(?:map\[|chan\b|func\b|\()|^(?:var|let|const|auto|_)$")


@lru_cache(maxsize=16384)
def _type_text(text: str) -> str | None:
    """A declared type or constructing expression, compacted: ``&mut Store`` -> ``Store``, ``List<Item>`` -> ``List``,
    ``&T{a: 1}`` -> ``&T{}``, ``new Foo(x, y)`` -> ``new Foo()``. None for arrays, unions and inferred types."""
    if text.isidentifier():
        return text if text not in ("var", "let", "const", "auto", "_") else None
    text = " ".join(text.split())
    if len(text) > 400 or _NOT_A_TYPE.search(text):
        return None
    for rx, repl in ((_GENERIC, ""), (_PARENS, "\x00"), (_BRACES, "\x01")):
        previous = None
        while previous != text:
            previous, text = text, rx.sub(repl, text)
    text = text.replace("\x00", "()").replace("\x01", "{}")  # bracket contents dropped, brackets kept
    for prefix in ("&", "*", "mut ", "dyn ", "impl ", "const ", "readonly "):
        while text.startswith(prefix):
            text = text[len(prefix):].lstrip()
    return text or None


def _unquote(text: str | None) -> str | None:
    return text.strip("\"'`") if text else text


def _decorators(node, data: bytes) -> tuple[str, ...]:
    parent = node.parent
    if parent is None or parent.type != "decorated_definition":
        return ()
    return tuple(_text(c, data).lstrip("@").split("(")[0].strip() for c in parent.children if c.type == "decorator")


def _error_lines(root, limit: int = 5) -> list[int]:
    found, stack = [], [root]
    while stack and len(found) < limit:
        node = stack.pop()
        if node.is_error or node.is_missing:
            found.append(node.start_point[0] + 1)
            continue
        stack.extend(reversed([c for c in node.children if c.has_error or c.is_missing]))
    return found


def _nest(raw_defs: list, lang: Language, facts: FileFacts) -> list[tuple]:
    """Qualified names from byte-range nesting; functions inside containers become methods."""
    raw_defs.sort(key=lambda d: (d[0], -d[1]))
    out, stack, spans = [], [], []  # stack of (end_byte, qualname, kind); spans: (start, end, qualname, self, kind)
    for start, end, kind, name, line_start, line_end, parent_name, exported, decorators, self_name in raw_defs:
        while stack and stack[-1][0] <= start:
            stack.pop()
        parent = stack[-1] if stack else None
        prefix = parent_name or (parent[1] if parent else None)
        qualname = f"{prefix}.{name}" if prefix else name
        container_kind = "struct" if parent_name else (parent[2] if parent else None)
        if kind == "function" and container_kind in CONTAINER_KINDS:
            kind = "method"
        stack.append((end, qualname, kind))
        spans.append((start, end, qualname, self_name, kind, _takes_fixtures(name, decorators)))
        if kind == "impl":
            continue
        parent_q = prefix
        out.append((qualname, name, kind, line_start, line_end, parent_q,
                    _is_exported(lang.name, name, exported, parent_q, facts),
                    _entry_reason(name, kind, parent_q, decorators, lang.name)))
    return out, spans


def _takes_fixtures(name: str, decorators: tuple) -> bool:
    """A pytest test or fixture: its parameters name fixtures."""
    return name.startswith("test") or any(d.rpartition(".")[2] == "fixture" for d in decorators)


def _fixture_refs(raw_params: list, spans: list) -> list[tuple]:
    """``def test_x(db)`` -> a ``fixture`` reference from ``test_x`` to ``db`` (found in the file or a conftest.py)."""
    out = []
    for (_start, _kind, name, _r, _m, _a, line, _b), stack in _sweep(raw_params, spans):
        if stack and stack[-1][5] and name not in ("self", "cls"):
            out.append((stack[-1][2], "fixture", name, None, None, None, line))
    return out


def _is_exported(language: str, name: str, captured: bool, parent: str | None, facts: FileFacts) -> bool:
    if captured:
        return True
    if language == "python":
        return not name.startswith("_") and not (parent or "").startswith("_")
    if language == "go":
        return name[:1].isupper()
    return False


def _entry_reason(name: str, kind: str, parent: str | None, decorators: tuple, language: str) -> str | None:
    registered = [d for d in decorators if d not in PURE_DECORATORS]
    if registered:
        return f"decorator @{registered[0]}"
    if name == "main" and parent is None and kind == "function":
        return "main function"
    if language == "java" and name == "main" and kind == "method":
        return "main method"
    if language == "go" and name == "init" and parent is None and kind == "function":
        return "init function"
    if language == "python" and name.startswith("__") and name.endswith("__"):
        return "dunder method"
    return None


def _dedupe_qualnames(defs: list[tuple]) -> list[tuple]:
    """Repeated qualified names in one file (overloads, redefinitions) get ``#2``, ``#3``... to keep ids unique."""
    seen: dict[str, int] = {}
    out = []
    for d in defs:
        n = seen.get(d[0], 0) + 1
        seen[d[0]] = n
        out.append(d if n == 1 else (f"{d[0]}#{n}",) + d[1:])
    return out


def _sweep(items: list, spans: list):
    """Each item (by start byte) with the stack of definition spans enclosing it, in one pass."""
    stack, i = [], 0
    for item in sorted(items, key=lambda r: r[0]):
        start = item[0]
        while i < len(spans) and spans[i][0] <= start:
            while stack and stack[-1][1] <= spans[i][0]:
                stack.pop()
            stack.append(spans[i])
            i += 1
        while stack and stack[-1][1] <= start:
            stack.pop()
        yield item, stack


def _enclose(raw_refs: list, spans: list, raw_vars: list = (), raw_locals: list = ()) -> list[tuple]:
    """Attach each reference to its innermost enclosing definition (``<module>`` at top level)."""
    types: dict[str, dict[str, str]] = {}  # enclosing qualname -> variable -> type
    for (_start, _kind, name, kind_text, *_rest), stack in _sweep(raw_vars, spans):
        types.setdefault(stack[-1][2] if stack else "<module>", {}).setdefault(name, kind_text)
    local: dict[str, set[str]] = {}  # enclosing qualname -> variables bound there
    for (_start, _kind, name, *_rest), stack in _sweep(raw_locals, spans):
        local.setdefault(stack[-1][2] if stack else "<module>", set()).add(name)
    for qualname in (s[2] for s in spans if local):  # ``const f = () => ...`` binds a definition, not a variable
        scope, _, name = qualname.split("#")[0].rpartition(".")
        local.get(scope or "<module>", set()).discard(name)
    if "<module>" in local:  # ``f = wrap(f)`` after ``from x import f`` still means x's f
        local["<module>"] -= {_import_local(r) for r in raw_refs if r[1] in ("import", "reexport")}
    out, visible = [], {}
    for (start, kind, name, receiver, module, alias, line), stack in _sweep(raw_refs, spans):
        if kind in ("call", "callback") and not receiver and local:
            scope = stack[-1][2] if stack else "<module>"
            seen = visible.get(scope)
            if seen is None:
                seen = visible[scope] = _visible_locals(stack, local)
            if name in seen:
                kind = "local_" + kind  # a variable called or passed along, not a function found elsewhere by name
        if receiver and stack:
            receiver = _as_self(receiver, stack)
        if receiver and types:
            receiver = _typed(receiver, stack, types)
        out.append((stack[-1][2] if stack else "<module>", kind, name, receiver, module, alias, line))
    return out


def _import_local(ref: tuple) -> str | None:
    """The name an import binds in the file: its alias, else the imported name, else the module's first part."""
    _start, _kind, name, _receiver, module, alias, *_rest = ref
    return alias or (name if name and name != "*" else (module or "").split(".")[0].split("/")[-1])


def _visible_locals(stack: list, local: dict[str, set[str]]) -> set[str]:
    """Variables seen inside the innermost definition: its own, an enclosing function's and the module's (a class
    body's names are not seen by its methods)."""
    scopes = [s[2] for s in stack[:-1] if s[4] not in CONTAINER_KINDS] + [s[2] for s in stack[-1:]] + ["<module>"]
    return set().union(*(local.get(s, ()) for s in scopes))


def _typed(receiver: str, stack: list, types: dict) -> str:
    """``x`` (or the field ``this.x`` / ``self.x``) declared in an enclosing scope -> its type or constructor."""
    head, dot, rest = receiver.partition(".")
    if dot and not (head in ("self", "this") and rest.isidentifier()):
        return receiver
    var = rest if dot else receiver
    scopes = [s[2] for s in reversed(stack)] + ["<module>"]
    if dot and stack:  # a field: also the type's own scope (a Go method's struct) and its constructor's parameters
        owner = stack[-1][2].rpartition(".")[0]
        scopes += [owner, f"{owner}.constructor"] if owner else []
    for scope in scopes:
        found = types.get(scope, {}).get(var)
        if found:
            return found
    return receiver


def _as_self(receiver: str, stack: list) -> str:
    """``m.f()`` inside ``func (m *T) g()`` is ``self.f()``: the innermost definition naming its own object."""
    self_name = next((s[3] for s in reversed(stack) if s[3]), None)
    if self_name and (receiver == self_name or receiver.startswith(self_name + ".")):
        return "self" + receiver[len(self_name):]
    return receiver
