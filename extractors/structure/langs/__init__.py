"""Per language family: import resolution and the rules the generic parser and resolver leave to the language.

Each module defines (required):

- ``GROUP``: languages that import each other (javascript, typescript and tsx share one); also ``files.family``.
- ``module_keys(paths, files, root) -> {path: [keys]}``: the names under which other files import each file.
- ``package_scope(path, info) -> str | None``: files sharing a scope see each other's top-level names unimported
  (a Go package directory, a Java package); a family without packages sets it to ``no_package_scope``.
- ``import_binding(module, name, alias) -> (local name or None, module spec, imported name or None)``.
- ``resolve_module(importer, spec, index, root) -> [paths]``: the file(s) a module spec names.
- ``submodule(paths, name, index) -> [paths] | None``: ``name`` inside the module made of ``paths``.

Optional parse-side rules (defaults here, read through ``parse_rules``): ``is_exported(name, parent, captured)``
(default: what the query captured as ``@exported``), ``entry_reason(name, kind, parent, decorators)`` (default:
a decorator outside ``PURE_DECORATORS`` or a top-level ``main``), ``PURE_DECORATORS`` (decorators and annotations
that register nothing), ``parameter_refs(path, is_test)`` and ``takes_parameter_refs(name, decorators)`` with
``PARAMETER_REF_KIND`` (parameters that name something to resolve: pytest fixtures); ``TYPE_CONTEXTS`` and
``TYPE_ARGUMENTS``: where a type named in the code is used (the ``ref_form`` of a ``uses_type`` edge: parameter,
return, field, variable, generic, annotation, alias: see ``alias_form``), found by walking up from the name to the nearest node type listed;
``TRANSPARENT_TYPES``: generic types whose first argument is the type of the value (``Optional[URL]``,
``Promise<App>``): that argument takes the place's form, so it is what a returned or declared value is typed by
(``TRANSPARENT_SUFFIXES``: also those whose name ends so, Rust's ``ClapResult<T>``); ``BARE_QUALIFIERS``: type
qualifiers that written without an argument declare nothing (Python's ``x: Final = Converter()``: the value's class
types ``x``); ``ARRAY_TYPES``: node types
that are an array of their one element type (TypeScript's ``Foo[]``: a field or return so declared takes Foo as its
elements' type, as ``Array<Foo>`` does). Resolve-side hooks are listed
in ``extractors/structure/resolve.py``. ``KEYWORDS`` (or ``is_junk(name, kind, parent)``): names
that are never a definition's, however the regex fallback or an error node read them; ``CONTEXTUAL_KEYWORDS``: never
a top-level definition's (a member may bear them). ``PARAMETER_FLOW``: record
where a value is passed to a call, so that a called parameter reaches the functions passed for it;
``OBJECT_MEMBERS_PASSED``: so do the methods of an object literal passed, by key, for a parameter's member called.
``ASYNC_PROTOCOL``: the method an ``async`` statement runs in place of the one its query capture names
(``@reference.protocol.__iter__`` on ``async for``: ``__aiter__``). ``OPAQUE_RECEIVERS``: receivers whose references
are kept inside a region that is no code (Rust ``$crate`` in a macro's body; see ``@opaque`` in parse.py).
``CAPITALIZED_CLASSES``: a capitalized receiver names a class, imported or of the package (Java's ``Names.MAX``):
its member reads are kept for the resolver to find (default False: only a class the file defines or imports).
``TYPED_ARGUMENTS``: in a receiver's chain, a call's argument that is a variable of one declared type is written with
it (C#'s ``x.Wrap(cart)`` bound ``Locator~Wrap(cart:Cart)``), for the language's layers to infer a generic method's
result (default False).
``LOCAL_KINDS``: the reference kinds that a name a parameter or variable binds may be (default: call, callback,
returns, raise, read; Java: read only, its methods and variables being apart). ``PATH_SEPARATOR``: between the parts of a module path captured in pieces (Rust's nested use lists: ``::``).
``MEMBERS_EXPORTED``: the public members (no ``#`` or ``_`` prefix) of an exported class or interface are exported.
``IMPORTS_PASS_ON`` (default True): a file's imports and wildcard imports are names its importers may take from it
(Python, JavaScript); False where an import binds names in its own file only (Java, Go). ``exports_all(path)``:
every definition of the file is API, exported (a TypeScript declaration file). ``PROGRAM_PACKAGES``: package
names whose files make a program, which nothing imports (Go's ``main``): none of their top-level definitions is
exported (their methods may still implement an imported package's interface).
``join_package(package, name, line)``: the file's package once a further package clause is read (default: nested,
``a.b`` then ``c`` is ``a.b.c``; PHP keeps its namespace blocks apart, read back by ``package_blocks``).
``file_package(path, root)``: the package of a file that states none (Swift: the SwiftPM target a manifest's
``path:`` places it in), stored in ``files.package``. ``block_package(tree_root, written)``: the package of a file
whose namespaces are blocks the text opens and closes (C++'s ``namespace a { }``, a macro named for one: each part's
namespace by line), stored in ``files.package``; None: the package clauses' (default).
``settle_definitions(raw_defs, imports, root)``: the raw definitions once the file's imports are known (Rust: an
``impl`` block of a type that the file imports from another crate becomes an extension).
``file_entries(path, defs, root)``: the definitions, some made entry points by the place of their file (a web
framework's routed files, whose exports the framework imports: Next.js's ``app/**/page.tsx``; none).
``ELEMENT_ACCESSORS``: a collection's methods that give one of its elements, beyond parse's generic ones (C++'s
``v.front()``, ``v.back()``, an optional's ``o.value()``); ``ENTRY_MEMBERS``: the members an entry of a mapping is
read by, each ``"value"`` or ``"key"`` (C++'s ``it->second``, ``p.first``: an iterator's or a loop's entry of a
``std::map``); ``MAP_TYPES``: generic types that are mappings, their first argument the key and their last the value
(C++'s ``map``, ``unordered_map``), whose keys a declaration binds as Python's ``dict[K, V]`` does (none).
``ITEM_TYPES``: generic containers of one element type, their first argument (C++'s ``vector``), beyond parse's
``ITEM_CONTAINERS``: a field or return declared so states what a loop over it takes, as ``MAP_TYPES``' last argument.
``type_parameter(node, name)``: whether the type named at ``node`` is a type parameter of a generic definition
around it (C++'s ``template <typename T>``): no element type a container declared of it states (default False).
``ASSIGNED_FIELDS_YIELD``: a field made by a method's assignment (``self.status_code = 404``) yields to a base class's
method of that name (a property: the assignment runs its setter, a read its getter; default False).
``SIGNATURE_OUTSIDE``: a function's parameter annotations and defaults are evaluated in the scope around it, where
its parameters are not bound (Python; False: a JavaScript or Kotlin default sees the parameters before it).
``IMPLICIT_FIELDS``: a bare name that no scope of the file binds may be a field of the method's class (C++'s
``for (auto& s : sinks_)``): a loop over it takes the field's elements, as the resolver reads them (default False).
``INDEX_METHOD``: the method ``obj[k]`` runs on a value of a class (Python's ``__getitem__``): where no declaration
states obj's elements, the element is what obj's class's method declares it returns (default None: not read).
``PAIRED_LOOPS``: functions whose call a loop takes apart by place (``for i, (a, b) in enumerate(zip(xs, ys))``):
name -> (the place the first argument's element takes in each tuple, how many arguments are paired; None: all),
read where a ``@var.pairs`` target loops over ``@var.paired`` (Python's ``zip`` and ``enumerate``; default none).
``PAIRS_METHOD``: a mapping's method giving (key, value) pairs (Python's ``items``): the name at place 1 of such a
target takes one of the mapping's values, as ``d[k]`` gives (default None).
``BARE_FIELDS``: a bare name a method reads is its class's field where no local binds it (C#'s ``_validator.RuleFor(x
=> ..)``): a lambda passed to its method is given what the field's declaration states, as a local's (default False).
``MEMBER_ACCESS``: operators that reach a member as ``.`` does (C++ ``p->f()``): a receiver is stored with ``.`` in
their place, so that value flow follows ``r->file->Append()`` as it does ``r.file.Append()``. ``SIGILS``: characters
written before a variable's name that are no part of it (PHP's ``$``): dropped from receivers and assigned values,
so that ``$this->client->send()`` reads ``this.client.send()``.
``doc_types(text) -> [(variable or None, type, form or None)]``: the types a doc comment captured ``@doc`` states
(PHP's ``/** @var Client $client */``, ``@param``, ``@return``; see ``_doc_types`` in parse.py; none).
``doc_members(text) -> [DocMember]``: the members a class's doc comment (captured ``@doc`` with ``@doc.owner``)
declares without defining them (PHP's ``@method static Carbon now()``, ``@property Client $client``, answered by
``__callStatic`` / ``__get``; see ``_doc_members`` in parse.py; none).
``ARITY``: the language has overloads told apart by their arguments (Java, C#, C++, Kotlin, Swift, Scala,
TypeScript): a function's parameters and a call's arguments are counted (``langs.arity``; ``symbols.params_min`` and
``params_max``, ``refs.args``), and a call reaches the overloads that accept its count (False).
``parameter_labels(node)``, ``argument_labels(node)``, ``labels_fit(declared, written)``: where labels choose among
overloads (Swift's ``request(_:interceptor:)`` vs ``request(_:)``), a definition's labels and a call's, as strings
(``symbols.labels``, ``refs.labels``); of the overloads accepting a call's count, those whose labels fit it (all of
them where none fits). None, not read. ``labels_choose(declared_list, written)`` instead where the choice among one
type's overloads is relative (Java's parameter and argument types: an exact match before a widening one).
``case_params(node, name_node)``: the ``Params`` (count and labels) of a constant built with arguments, Swift's enum
case with associated values (``case stream(count: Int)``: ``.stream(1)`` is not it); None, any call.
``directive_receiver(node, data)``: a receiver whose text starts with ``#`` (a chain continued after a compiler
directive the grammar reads as the call's target: Swift's ``A()\n  #if os(iOS)\n  .b()``), read as the chain without the
directive; None keeps it as written (not read).
``nested_parent(node, kind)``: the dotted container name of a definition the query captured with none (JavaScript's
function under keys of a module's object, ``paths.auth.login`` of ``getHref``), or None; None, not asked.
``settle_references(raw_refs)``: the file's raw references (its imports among them; not the variables' bindings)
rewritten where the query cannot say what is meant (Ruby: ``send(:m)`` names ``m``, written ``:m``).
``settle_bindings(var_bindings, raw_refs)``: the typed variables' bindings (``@var.type``), rewritten by the raw
references (before ``settle_references``): Java's ``T x`` in ``<T extends Foo>`` is a ``Foo`` (unchanged).
``EXTENSIONS_IMPORTED``: a method written at the top of a file apart from its type (Kotlin's ``fun Foo.bar()``) is
also a top-level name of its file, which an import names and its package sees (``graph.imported_apart``).
``source_view(path, text) -> text``: what the grammar reads of a file (same length, same lines): PHP's Blade
templates, whose expressions it writes as PHP and whose HTML it blanks.
``markup_view(path, text) -> text | None``: what the grammar reads of a single-file component (a ``markup``
language's file; same length, same lines), None: its ``<script>`` blocks only (Vue's template expressions written as
statements, ``langs.vue_template``).
``repairs(language) -> (rewrite, ...)``: byte-for-byte rewrites (same length, same lines) of syntax the grammar cannot
read, tried on a file that failed to parse; the parser keeps the rewritten reading when it has fewer errors.
``IMPLICIT_PARAMETER``: the name a lambda gives its one parameter where it names none (Kotlin's ``it``), which
``@var.implicit`` binds (see parse.py). ``passed_argument(literal)``: for ``@passed.name`` patterns rooted at the
literal (a function, an object of methods) without ``@passed.callee`` (a pattern rooted at every call costs the
matching much more), the called function's nodes (a list) of the call the literal is passed to and the argument
that holds it (the literal, or an object around it); None where it is passed to no such call.
``constructor_name(name)``: a top-level function of that name is a constructor where its body assigns ``this.x``
(JavaScript's ``function Layer(fn) { this.handle = fn }``): each ``this.x`` is a field of it, as of a class, and the
resolver takes it for a type its ``new`` builds (default: none).
``repaired_calls(before, after) -> [(byte offset, name)]``: the calls such a rewrite blanked, still references of the
file (C's annotation macros, ``GUARDED_BY(mu_)``: a use of the macro's definition).
``macro_uses(root, data, names) -> [(macro, byte offset, line, [argument texts])]``: where the file uses the macros
named (C's ``XX(RMDIR, rmdir)``), asked only of a file defining a macro whose body calls a name pasted from its
parameters (``fs__##lc(req)``: ``parse._pasted_calls`` makes ``fs__rmdir`` there; default none).
"""

from __future__ import annotations

import importlib
import posixpath
import re
from functools import lru_cache
from itertools import compress
from operator import itemgetter
from typing import Callable, NamedTuple

from ..lazyre import lazy_re


@lru_cache(maxsize=None)
def support(language: str | None):
    """The ``langs`` module of a language, or None (regex-fallback languages, unknown names)."""
    from ..languages import LANGUAGES

    lang = LANGUAGES.get(language or "")
    if not lang or not lang.resolver:
        return None
    return importlib.import_module(f"{__name__}.{lang.resolver}")


def no_package_scope(path: str, info: dict) -> None:
    """``package_scope`` of a family without packages (Python, Ruby, Rust, JavaScript, C): the module index skips
    calling it for each of its files (site-packages: 16K calls, ~15 ms of a one-file update)."""
    return None


TEMPLATE = "template"  # a raw reference's kind: a member named by a template (``getattr(self, f"visit_{k}")``)
TEMPLATE_VALUE = "template_value"  # a variable assigned a template, which a ``template`` reference may name
TEMPLATE_MIN_CONSTANT = 3  # fewer constant characters match too much: ``getattr(self, name)`` stays unknown
_TEMPLATE_CONSTANT = lazy_re(r"^\w*$")
# a member named by a key the code does not spell (``this[stmt.type](stmt)``, ``ERROR_DEFINITIONS[code](ctx)``): a
# template reference's name where a language keeps such keys (``settle_templates(.., unknown=ANY_KEY)``); the resolver
# takes each member of the receiver as a possible callee, at a guess's confidence (``Resolver._any_key``)
ANY_KEY = "[*]"  # not a template's ``*`` alone: C#'s ``typeof(C).GetMethods()`` names every method so, a call for sure
# a receiver subscripted by a variable or a property read (``this[stmt.type]``): the whole subscript, as a query writes
# it for ``unknown``; group 1 the key
_KEYED = lazy_re(r"^.+\[([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\]$", re.S)


def name_template(pieces: list[str | None]) -> str | None:
    """A member name built at run time from constant text (``str``) and computed parts (None) -> its pattern, each
    computed part a ``*`` (``["visit_", None]``: ``visit_*``); None where nothing is computed (a plain name), the
    constant text is too short to tell methods apart, or cannot be part of a name."""
    out, constant = [], 0
    for piece in pieces:
        if piece is None:
            if not out or out[-1] != "*":
                out.append("*")
        elif not _TEMPLATE_CONSTANT.match(piece):
            return None
        else:
            out.append(piece)
            constant += len(piece)
    if "*" not in out or constant < TEMPLATE_MIN_CONSTANT:
        return None
    return "".join(out)


class QuotedTemplate(NamedTuple):
    """How a language writes a member name built from text: the operator joining its parts (PHP ``.``, Ruby and
    JavaScript ``+``), the quotes whose body interpolates and what an interpolation looks like in it."""

    joiner: str
    interpolating: str
    interpolation: re.Pattern


_QUOTED = lazy_re(r"""^(['"`])(.*)\1$""", re.S)


def quoted_template(text: str, how: QuotedTemplate) -> str | None:
    """A name built from quoted text and computed parts (``"add_$key"``, ``'get' . ucfirst($n)``,
    ```on${name}```, ``"#{action}_command"``) -> its pattern (``name_template``); anything not quoted is computed."""
    pieces: list[str | None] = []
    for part in split_outside(text.strip(), how.joiner):
        quoted = _QUOTED.match(part.strip())
        if quoted is None:
            pieces.append(None)
            continue
        body, last = quoted.group(2), 0
        if quoted.group(1) in how.interpolating:
            for computed in how.interpolation.finditer(body):
                pieces += [body[last:computed.start()], None]
                last = computed.end()
        pieces.append(body[last:])
    return name_template([p for p in pieces if p != ""])


@lru_cache(maxsize=1 << 16)  # a file's receivers repeat (``S(1).x``, ``Symbol("x").y``): each scanned once
def call_head(expr: str) -> str | None:
    """``a.b(x).c(y, z(1))`` -> ``a.b(x).c``: what an expression ending in a call calls, the text before that call's
    arguments (brackets in strings are counted too: such an expression reads as no call, never as a wrong one); None
    where it ends in no call."""
    if not expr.endswith(")"):
        return None
    depth = 0
    for i in range(len(expr) - 1, -1, -1):
        ch = expr[i]
        depth += ch == ")"
        depth -= ch == "("
        if depth == 0:
            return expr[:i]
    return None



# a file of several namespace blocks (PHP's ``namespace A { } namespace B { }``, C#'s): ``files.package`` holds
# ``A|B@41`` (B's block starting at line 41); a language module keeping its blocks apart writes each further one
# with ``with_block`` and takes ``package_blocks`` as its own hook to read them back
PACKAGE_BLOCK, BLOCK_LINE = "|", "@"


def with_block(package: str, name: str, line: int) -> str:
    """``package`` with a further namespace block ``name`` starting at ``line``."""
    return f"{package}{PACKAGE_BLOCK}{name}{BLOCK_LINE}{line}"


def first_block(info: dict) -> str:
    """A file's first namespace (its only one, but in a file of several blocks); "" where it declares none."""
    return (info.get("package") or "").partition(PACKAGE_BLOCK)[0]


def package_blocks(path: str, info: dict) -> list[tuple[int, str]]:
    """(first line, namespace) of each namespace block of a file declaring several, else none."""
    package = info.get("package") or ""
    if PACKAGE_BLOCK not in package:
        return []
    first, *rest = package.split(PACKAGE_BLOCK)
    return [(0, first)] + [(int(line), name) for name, _, line in (block.rpartition(BLOCK_LINE) for block in rest)]

def split_outside(text: str, separators: str, opening: str = "([{", closing: str = ")]}", quotes: str = "'\"`",
                  escapes: bool = True, lone: bool = False, closed: bool = False) -> list[str] | None:
    """``text`` split at each of ``separators`` outside quotes and brackets (``'a' . f($b . 'c')``: two parts), the one
    splitter of the extractors' written texts. They differ where the texts do: ``escapes``, a backslash in a string
    escapes its next character (code; a declared type's text has none); ``lone``, a doubled separator is no split
    (``A | B`` is a union, ``a || b`` no member of one); ``closed``, None where a bracket or a quote does not close
    (a call step cut short is no call to count the arguments of)."""
    if not closed and not any(sep in text for sep in separators):
        return [text]
    parts, start, quote, depth, escaped = [], 0, "", 0, False
    for i, char in enumerate(text):
        if escaped:
            escaped = False
        elif char == "\\" and escapes:
            escaped = bool(quote)
        elif quote:
            quote = "" if char == quote else quote
        elif char in quotes:
            quote = char
        elif char in opening:
            depth += 1
        elif char in closing:
            depth -= 1
        elif char in separators and depth == 0 and not (lone and (text[i - 1:i] == char or text[i + 1:i + 2] == char)):
            parts.append(text[start:i])
            start = i + 1
    if closed and (depth or quote):
        return None
    return parts + [text[start:]]


_KIND = itemgetter(1)  # a raw reference's kind (parse.RawRef)


def has_kind(raw_refs: list, kind: str) -> bool:
    """Whether any raw reference is of ``kind``: a scan in C, as several steps ask it of each file's thousands of
    references and most files have none."""
    return kind in map(_KIND, raw_refs)


def kinds_of(raw_refs: list) -> set[str]:
    """The kinds of the raw references: one scan in C that tells a chain of steps which of them have work (most
    steps look for a kind few files have)."""
    return set(map(_KIND, raw_refs))


def of_kind(raw_refs: list, *kinds: str) -> list:
    """The raw references of the ``kinds``, in order: picked in C (a ``RawRef.kind`` read by name is a slow read in
    Python, and several steps pick a file's imports out of its thousands of references)."""
    return list(compress(raw_refs, map(frozenset(kinds).__contains__, map(_KIND, raw_refs))))


def settle_templates(raw_refs: list, template_of: Callable[[str], str | None], reach: int = 15,
                     unknown: str | None = None) -> list:
    """The raw ``template`` references with their pattern as name (``template_of`` reads the written expression), one
    naming a variable taking the pattern of the nearest template assigned to it at most ``reach`` lines before
    (``method = f"{key}_schema"; getattr(self, method)``); ``template_value`` facts dropped, and every template
    reference no pattern answers (``getattr(self, name)`` stays unknown). Where ``unknown`` is given (``ANY_KEY``), a
    reference naming a whole subscript (``this[stmt.type]``) is named ``unknown``, unless its key is a variable a
    template was assigned to (``this[method]()`` after ``method = 'run' + x``: that template's reference says it)."""
    if not has_kind(raw_refs, TEMPLATE):
        return [r for r in raw_refs if r.kind != TEMPLATE_VALUE] if has_kind(raw_refs, TEMPLATE_VALUE) else raw_refs
    assigned: dict[str, list] = {}
    for r in raw_refs:
        if r.kind == TEMPLATE_VALUE:
            assigned.setdefault(r.name, []).append(r)
    out = []
    for r in raw_refs:
        if r.kind == TEMPLATE_VALUE:
            continue
        if r.kind == TEMPLATE:
            keyed = _KEYED.match(r.name) if unknown is not None and r.name.endswith("]") else None
            if keyed:
                pattern = None if assigned.get(keyed.group(1)) and _assigned_template(
                    assigned[keyed.group(1)], r, template_of, reach) else unknown
            else:
                pattern = template_of(r.name) if not r.name.isidentifier() else _assigned_template(
                    assigned.get(r.name, ()), r, template_of, reach)
            if pattern is None:
                continue
            r = r._replace(name=pattern)
        out.append(r)
    return out


def _assigned_template(values: list, r, template_of: Callable[[str], str | None], reach: int) -> str | None:
    before = [v for v in values if v.start < r.start and r.line - v.line <= reach]
    return template_of(before[-1].receiver) if before else None


MIXIN = "mixin"  # a DocMember's kind: a class whose members answer what the class lacks (PHP's ``@mixin Builder``)


class DocMember(NamedTuple):
    """A member a class's doc comment declares (PHP's ``@method Foo|null find($id)``): no body of its own, the
    class answers it through ``answered_by`` (``__call``), a magic method of its own or a base's."""

    name: str  # of a ``MIXIN``: the class as written, its namespace or module path too (``\\A\\Builder``)
    kind: str  # function (a method), field, or ``MIXIN``
    type: str | None  # what the method returns or the field holds: a class by its last name, ``Self``; None unsaid
    start: int  # where its tag stands in the comment's text (characters)
    end: int
    answered_by: str | None = None  # the method that runs in its place (``__call``, ``__callStatic``, ``__get``)


class ParseRules(NamedTuple):
    """What a definition means in one language: exported, an entry point, a parameter that references something.

    A NamedTuple, not a frozen dataclass: ``dataclasses`` writes and compiles the source of ``__init__``, ``__eq__``,
    ``__hash__``, ``__repr__`` and ``__setattr__`` over its ~65 fields when this module is imported (~25 M
    instructions, in every process that parses or resolves); a NamedTuple's fields are read the same way. Its
    mappings' defaults are one shared empty dict each: nothing writes into a rules' mapping."""

    is_exported: Callable[[str, str | None, bool], bool]
    entry_reason: Callable[[str, str, str | None, tuple], str | None]
    parameter_refs: Callable[[str, bool], bool]  # (path, is_test): does this file's parameters name things?
    takes_parameter_refs: Callable[[str, tuple], bool]  # (name, decorators): do this definition's parameters?
    parameter_ref_kind: str | None
    type_contexts: dict  # node type -> form (None: not a use; a callable (node, child) -> form, None or ... = go on)
    type_arguments: frozenset  # node types holding generic arguments
    is_junk: Callable[[str, str, str | None], bool]  # (name, kind, parent): a "definition" made of a keyword
    call_sites: bool  # record the callee and position of a value passed to a call (functions passed to parameters)
    # a method of an object literal passed is recorded at its key (``run({ onDone() {..} })``: slot ``#0%onDone``),
    # and a call of a parameter's member (``opts.onDone()``) as that member's ``param_call``: what callers pass there
    object_members_passed: bool = False
    # node types of a name written with type arguments (C#'s ``generic_name``: ``Foo<Bar>``): a reference there
    # records how many (parse.TYPE_ARGUMENTS_WRITTEN), which tells same-named types of other arities apart
    generic_names: frozenset = frozenset()
    # (path, head): a file a tool wrote that is still read, as its language's code is written against it (Go's
    # ifacemaker interfaces); its symbols are kept out of ``dead_code`` as every generated file's
    keeps_generated: Callable[[str, bytes], bool] = lambda _path, _head: False
    async_protocol: dict = {}  # a method a statement runs -> the one its async form runs
    opaque_receivers: tuple = ()  # receivers whose references are kept inside an ``@opaque`` region (``$crate``)
    path_separator: str = "."  # between the parts of a module path written in several pieces (Rust ``::``)
    repairs: tuple = ()  # same-length rewrites of syntax the grammar cannot read, tried on a file with errors
    # (path, text) -> the text the grammar reads, same length and lines (PHP's Blade templates: their expressions)
    source_view: Callable | None = None
    # (path, text) -> the text a component's grammar reads (Vue's template: its expressions as statements), or None:
    # its <script> blocks only (markup.scripts_only)
    markup_view: Callable = lambda _path, _text: None
    exports_all: Callable[[str], bool] = lambda _path: False  # every definition there is exported
    members_exported: bool = False  # the public members of an exported class or interface are exported
    transparent_types: Transparent | frozenset = frozenset()  # Optional[T], Promise<T>: a value of it is used as a T
    # qualifiers that written alone declare no type (Python's ``x: Final = Converter()``): the value assigned says it
    bare_qualifiers: frozenset = frozenset()
    # types each of whose arguments a value of it may be (Python's ``Union[A, B]``): each takes the place's form
    union_types: frozenset = frozenset()
    capitalized_classes: bool = False  # a capitalized receiver names a class (Java): its member reads are kept
    # a call's variable arguments are written with their declared types in a receiver's chain (C#'s ``Wrap(x)``:
    # ``Wrap(x:Cart)``), for a generic method's result inferred from them
    typed_arguments: bool = False
    call_operator: str | None = None  # the method calling an instance runs (Python's ``__call__``): ``@var.called``
    local_kinds: dict | None = None  # reference kinds a parameter or variable may be (None: parse.LOCAL_KINDS)
    # (raw definitions, the file's import captures, repository root) -> the definitions, some re-kinded by what the
    # file's imports say of them (Rust: an ``impl`` of a type imported from another crate is an extension)
    settle_definitions: Callable = lambda raw_defs, _imports, _root: raw_defs
    member_access: tuple = ()  # operators reaching a member as ``.`` does (C++ ``->``): written ``.`` in a receiver
    sigils: str = ""  # characters before a variable's name, dropped from a receiver (PHP's ``$this``: ``this``)
    # the sigil of an object's own variable (Ruby's ``@x``): what one method assigns it, every method of the class sees
    instance_sigil: str = ""
    settle_references: Callable = lambda raw_refs: raw_refs  # the raw references, rewritten (Ruby: ``:m`` is ``m``)
    # the typed variables' bindings, rewritten by the raw references around them (Java: ``T x`` in ``<T extends Foo>``)
    settle_bindings: Callable = lambda var_bindings, raw_refs: var_bindings
    doc_types: Callable = lambda _text: ()  # a doc comment's text -> [(variable or None, type, form or None)]
    doc_members: Callable = lambda _text: ()  # a class's doc comment's text -> [DocMember]: members it declares
    arity: bool = False  # count a function's parameters and a call's arguments (``langs.arity``): overloads
    # (definition node) -> the argument labels its parameters take, as the language's ``labels_fit`` reads them, and
    # (call node) -> the labels a call writes; None: not read (``symbols.labels``, ``refs.labels``)
    parameter_labels: Callable = lambda _node: None
    argument_labels: Callable = lambda _node: None
    # (receiver node, file bytes) -> the receiver's text where a chain is continued after a compiler directive (the
    # receiver's text starts with ``#``: Swift's ``A()\n #if os(iOS)\n .b()``), read as the chain without it; None: as written
    directive_receiver: Callable | None = None
    # (definition node, its name node) -> the Params of a constant a call builds with arguments (Swift's ``case
    # stream(count: Int)``, which ``.stream(count: 3)`` makes); None: any call
    case_params: Callable = lambda _node, _name: None
    nested_parent: Callable | None = None  # (definition node, kind) -> its container's dotted name, or None
    # node types standing for any number of items in a list read by place (Rust's ``..`` in ``Move(.., y)``): what
    # follows one has no place known (parse._field_place)
    place_rests: frozenset = frozenset()
    # (path, definitions, repository root) -> the definitions, some made entry points by where their file is (a web
    # framework's routed files: Next.js's app/**/page.tsx)
    file_entries: Callable = lambda _path, defs, _root: defs
    program_packages: frozenset = frozenset()  # a program's package: no top-level name exported
    # (path, repository root) -> the package of a file whose language has no package clause (Swift: its SwiftPM
    # target, as Package.swift places it), else None
    file_package: Callable = lambda _path, _root: None
    # (the tree's root node, the file's text as written) -> the package of a file whose namespaces are blocks (C++)
    block_package: Callable | None = None
    # (the package so far or None, a further clause's name, its line) -> the file's package: by default clauses nest
    # (Scala's ``package a.b`` then ``package c``: ``a.b.c``); PHP's namespace blocks are apart (``package_blocks``)
    join_package: Callable = lambda package, name, _line: f"{package}.{name}" if package else name
    # an assigned call that states its value's type (Python's ``cast(Foo, x)``, Go's ``new(Foo)``) -> it, else None
    cast_type: Callable[[str], str | None] = lambda _text: None
    # a declared type -> the parameter types of the delegate it is, and of the delegate its elements are (C#'s
    # ``Func<Foo, object>``: ``(Foo,)``; ``List<Action<TypeMap>>``: ``()``, ``(TypeMap,)``), "" where one is not known
    delegate_parameters: Callable[[str], tuple[tuple, tuple]] = lambda _text: ((), ())
    # a declared type may name a collection type declared elsewhere (Go's ``type Inodes []Inode``): a variable or
    # field of a plain named type also binds its elements, to ``ELEMENTS_OF`` + the type (looked up when resolving)
    named_collections: bool = False
    element_accessors: frozenset = frozenset()  # methods giving an element, beyond parse.ELEMENT_ACCESSORS
    entry_members: dict = {}  # a mapping entry's member -> "value" or "key" (C++ .second)
    map_types: frozenset = frozenset()  # generic mapping types <K, V>: a declaration binds their keys too
    item_types: frozenset = frozenset()  # generic containers <T> (beyond parse.ITEM_CONTAINERS): C++'s vector
    array_types: frozenset = frozenset()  # node types that are an array of their one element: TypeScript's Foo[]
    # (type node, its name) -> whether the name is a type parameter of a template around it (C++'s T)
    type_parameter: Callable = lambda _node, _name: False
    implicit_fields: bool = False  # a bare name no scope binds may be the method's class's field (parse.ElementReads)
    # the method an index runs on a value of a class (Python's ``__getitem__``): ``obj[k]``, where no declaration
    # states obj's elements, is what obj's class's method declares it returns (parse.ElementReads; None: not read)
    index_method: str | None = None
    # a loop taking a call apart by place (parse._loop_pairs): function -> (first place, arguments paired or None)
    paired_loops: dict = {}
    pairs_method: str | None = None  # for k, v in d.items(): v is one of d's values (Python's ``items``)
    # builtins whose result iterates as their first argument does (Python's reversed, sorted): parse.ElementReads
    element_keeping: frozenset = frozenset()
    # a binary operator -> the method it runs on its left operand and the reflected one on its right (Python's ``|``:
    # ``__or__``, ``__ror__``): a variable assigned ``a | b`` holds what that method of a's class declares it returns
    # (parse.py ``@var.operated``)
    operator_methods: dict = {}
    # a bare name a method reads is its class's field where no local binds it (C#'s _validator.RuleFor(x => ..)): what
    # the field's declaration states rides along its lambdas' parameters (parse._add_passed)
    bare_fields: bool = False
    # (text before the repairs, text after) -> [(byte offset, name)]: the calls a repair blanked (C's ``GUARDED_BY(mu)``)
    repaired_calls: Callable[[bytes, bytes], list] = lambda _before, _after: []
    # (the tree's root node, the file's text, macro names) -> [(macro, byte offset, line, [argument texts])]: where
    # the file uses those macros (C's ``XX(RMDIR, rmdir)``), for the calls their bodies paste (parse._pasted_calls)
    macro_uses: Callable = lambda _root, _data, _names: ()
    implicit_parameter: str | None = None  # the name a lambda's one unnamed parameter bears (Kotlin's ``it``)
    # (a literal captured ``@passed.fn`` by a pattern without ``@passed.callee``) -> (the callee's nodes of the call
    # it is passed to, as ``@passed.callee`` would capture them, the argument holding it); None: none (parse._passed)
    passed_argument: Callable = lambda _literal: None
    # (a top-level function's name) -> whether it is a constructor where its body assigns ``this.x`` (JavaScript's
    # ES5 ``function Layer(fn) { this.handle = fn }``): those are fields of the function, as of a class
    constructor_name: Callable[[str], bool] = lambda _name: False
    # (a pattern's item, ``@var.member.place``) -> its place among the payload's items, where its place among like
    # siblings (parse._field_place) is not that (Swift's ``.failure(let e)``: the case's name is a sibling); None:
    # unknown
    member_place: Callable | None = None
    # a function's signature (its parameters' annotations and defaults) is evaluated where the function is defined,
    # outside it: a parameter does not hide a same-named import there (Python's ``deprecated: deprecated | None``)
    signature_outside: bool = False
    # (a block a type check left early, the exit's node type, the variable, the file's bytes) -> the statement whose
    # body the block is where the check holds after it too (Python's ``with``), else None (parse._rest_after)
    holds_past: Callable = lambda _block, _exit, _name, _data: None
    # a field a method assigns (``self.status_code = 404``) is marked so (``ASSIGNED_PLACE``): where a base class
    # defines that name as a method (a property), the assignment runs it rather than making a field of its own
    assigned_fields_yield: bool = False


class Transparent(NamedTuple):
    """``TRANSPARENT_TYPES``, and the generic types named with one of ``TRANSPARENT_SUFFIXES``: Rust's own
    ``Result`` aliases (``ClapResult<ArgMatches>``, ``ParseResult<T>``, with ``type Result<T> = StdResult<T,
    Error>`` behind them) hold their first argument the way ``Result`` does. Hashable (``parse._element_type``'s
    cache takes it); a NamedTuple, as ``ParseRules``, whose ``in`` and truth are these."""

    names: frozenset = frozenset()
    suffixes: tuple = ()

    def __contains__(self, name: str) -> bool:
        return name in self.names or bool(self.suffixes and name and name.endswith(self.suffixes))

    def __bool__(self) -> bool:
        return bool(self.names or self.suffixes)


def _captured(name: str, parent: str | None, captured: bool) -> bool:
    return captured


def _never(*_args) -> bool:
    return False


ALIASED = frozenset({"type_identifier", "generic_type", "qualified_type", "scoped_type_identifier",
                     "nested_type_identifier"})


def alias_form(node, child) -> str | None:
    """A ``TYPE_CONTEXTS`` rule for a type alias: its own name is no use of it; a value that is one named type
    (``type BoolFlag = FlagBase[bool]``, ``type Alias = Base``) is what the alias stands for (``alias``: its members
    are the alias's); any other value (``A | B``, a function type) is used there (``annotation``)."""
    if node.child_by_field_name("name") == child:
        return None
    return "alias" if child.type in ALIASED else "annotation"


def nearest_of(importer: str, found: list[str]) -> list[str]:
    """Of the files a module spec may name, the one sharing the most leading folders with the importer (the
    shortest path of those): a header or a ``require``d file found in several include or ``lib/`` folders."""
    if len(found) <= 1:
        return list(found)
    here = importer.split("/")[:-1]
    return [max(found, key=lambda p: (shared_folders(here, p.split("/")[:-1]), -len(p)))]


def package_keys(paths: list[str], files: dict, separator: str = ".") -> dict[str, list[str]]:
    """``module_keys`` where a file declares its package (``files[path]["package"]``: a Java package, a C# or PHP
    namespace): each file under the package and under ``<package><separator><file stem>`` (its main type, by
    convention); a file with no package under its stem."""
    out = {}
    for path in paths:
        stem = posixpath.basename(path).rsplit(".", 1)[0]
        package = files.get(path, {}).get("package")
        out[path] = [f"{package}{separator}{stem}", package] if package else [stem]
    return out


def shared_folders(a: list[str], b: list[str]) -> int:
    """How many leading folders two paths' folder lists share."""
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


# the place (``alias``) of a ``signature`` fact saying a function hands the block or callback it is given on to a
# call (Ruby's ``def define(&block) DSL.run(block) end``): what that call does with it, the function's callers get,
# up to ``MAX_HANDS_ON`` hands deep; an update moving such a fact re-resolves the callers up the chain (incremental)
HANDS_ON = "&>"
MAX_HANDS_ON = 3  # define(&block) -> DSL.run(block) -> new.instance_eval(&block)
RUNTIME_HOOK = "runtime hook: "  # dead_code.sql reads this prefix: such a member does not make its type used


def runtime_hook(what: str) -> str:
    """The entry reason of a member the runtime or the standard library calls through its object (Java's
    ``toString``, Go's ``String``): never dead, yet no sign that its type is used (a ``main`` or a framework's
    annotation is: something runs or builds that type)."""
    return RUNTIME_HOOK + what


def object_method_rule(methods: frozenset, callers: str) -> Callable[[str, str, str | None], str | None]:
    """An entry rule: a member overriding one of the root object's ``methods`` (Java's ``toString``, C#'s
    ``ToString``), which ``callers`` call: a runtime hook."""
    def reason(name: str, kind: str, parent: str | None) -> str | None:
        if kind == "method" and parent and name in methods:
            return runtime_hook(f"overrides Object.{name}, which {callers} call")
        return None

    return reason


def with_entries(defs: list, reason_of: Callable) -> list:
    """``defs`` with ``reason_of(d)`` as the entry reason of each definition that has none yet (a ``file_entries``
    rule: None leaves it as it is)."""
    return [d._replace(entry_reason=reason) if d.entry_reason is None and (reason := reason_of(d)) else d for d in defs]


def entry_reason_with(pure: frozenset, *more: Callable) -> Callable:
    """The default rule (a registering decorator, a top-level ``main``), then a language's own ``more`` rules."""

    def reason(name: str, kind: str, parent: str | None, decorators: tuple) -> str | None:
        registered = [d for d in decorators if d not in pure]
        if registered:
            return f"decorator @{registered[0]}"
        if name == "main" and parent is None and kind == "function":
            return "main function"
        for rule in more:
            found = rule(name, kind, parent)
            if found:
                return found
        return None

    return reason


# Words of C-like, Ruby, PHP, Kotlin, Swift... code that a regex (or a parser recovering from an error) may take for
# a definition's name: never one.
KEYWORDS = frozenset({
    "if", "else", "elif", "elsif", "unless", "until", "for", "foreach", "while", "do", "switch", "case", "return",
    "break", "continue", "goto", "sizeof", "typeof", "typedef", "throw", "throws", "try", "catch", "finally", "new",
    "delete", "const", "let", "var", "val", "void", "function", "func", "fun", "def", "fn", "class", "struct", "enum",
    "union", "interface", "namespace", "using", "import", "export", "package", "public", "private", "protected",
    "static", "extern", "inline", "operator", "template", "then", "begin", "end", "and", "or", "not", "lambda", "yield",
    "await", "async", "when", "in", "is", "as", "with", "defer", "go", "select", "impl", "trait", "where", "match",
    "loop", "mut", "pub", "use", "mod", "crate", "super", "self", "this", "true", "false", "null", "nil", "None"})


_CAST_HEAD = lazy_re(r"\(\s*([A-Za-z_][\w.]*)(?:<[^()]*>)?\s*\)\s*[\w$.]")


def cast_receiver(receiver: str) -> str:
    """A receiver that starts with a cast in parentheses, ``((Named) b).nested("x")``, as an object of the type
    cast to, as their resolver reads a built one: ``new Named().nested("x")`` (Java's and C#'s cast syntax; the
    cast's operand says nothing more)."""
    cast = _CAST_HEAD.match(receiver, 1) if receiver.startswith("((") else None
    if cast is None:
        return receiver
    from ..parse import _closing

    end = _closing(receiver, 0)
    return receiver if end is None else f"new {cast.group(1)}()" + receiver[end + 1:]


def keyword_rule(keywords: frozenset, contextual: frozenset = frozenset()) -> Callable[[str, str, str | None], bool]:
    """Junk: a reserved word anywhere, a ``contextual`` one (a word only some places reserve: Swift's ``open``, PHP's
    ``list`` and ``print``, which a method may bear) outside any class or object."""
    return lambda name, kind, parent: name in keywords or (parent is None and name in contextual)


DEFAULT_RULES = ParseRules(_captured, entry_reason_with(frozenset()), _never, _never, None, {}, frozenset(),
                           keyword_rule(KEYWORDS), False)


@lru_cache(maxsize=None)
def parse_rules(language: str | None) -> ParseRules:
    module = support(language)
    if module is None:
        return DEFAULT_RULES
    pure = frozenset(getattr(module, "PURE_DECORATORS", ()))
    return ParseRules(
        is_exported=getattr(module, "is_exported", _captured),
        entry_reason=getattr(module, "entry_reason", None) or entry_reason_with(pure),
        parameter_refs=getattr(module, "parameter_refs", _never),
        takes_parameter_refs=getattr(module, "takes_parameter_refs", _never),
        parameter_ref_kind=getattr(module, "PARAMETER_REF_KIND", None),
        type_contexts=dict(getattr(module, "TYPE_CONTEXTS", {})),
        type_arguments=frozenset(getattr(module, "TYPE_ARGUMENTS", ())),
        generic_names=frozenset(getattr(module, "GENERIC_NAMES", ())),
        keeps_generated=getattr(module, "keeps_generated", _never),
        is_junk=getattr(module, "is_junk", None) or keyword_rule(frozenset(getattr(module, "KEYWORDS", KEYWORDS)),
                                                                 frozenset(getattr(module, "CONTEXTUAL_KEYWORDS", ()))),
        call_sites=bool(getattr(module, "PARAMETER_FLOW", False)),
        object_members_passed=bool(getattr(module, "OBJECT_MEMBERS_PASSED", False)),
        async_protocol=dict(getattr(module, "ASYNC_PROTOCOL", {})),
        opaque_receivers=tuple(getattr(module, "OPAQUE_RECEIVERS", ())),
        path_separator=getattr(module, "PATH_SEPARATOR", "."),
        repairs=tuple(getattr(module, "repairs", lambda _language: ())(language)),
        source_view=getattr(module, "source_view", None),
        markup_view=getattr(module, "markup_view", None) or (lambda _path, _text: None),
        exports_all=getattr(module, "exports_all", _never),
        members_exported=bool(getattr(module, "MEMBERS_EXPORTED", False)),
        transparent_types=Transparent(frozenset(getattr(module, "TRANSPARENT_TYPES", ())),
                                      tuple(getattr(module, "TRANSPARENT_SUFFIXES", ()))),
        bare_qualifiers=frozenset(getattr(module, "BARE_QUALIFIERS", ())),
        union_types=frozenset(getattr(module, "UNION_TYPES", ())),
        capitalized_classes=bool(getattr(module, "CAPITALIZED_CLASSES", False)),
        typed_arguments=bool(getattr(module, "TYPED_ARGUMENTS", False)),
        call_operator=getattr(module, "CALL_OPERATOR", None),
        local_kinds=_local_kinds(getattr(module, "LOCAL_KINDS", None)),
        settle_definitions=getattr(module, "settle_definitions", DEFAULT_RULES.settle_definitions),
        member_access=tuple(getattr(module, "MEMBER_ACCESS", ())),
        sigils=getattr(module, "SIGILS", ""),
        place_rests=frozenset(getattr(module, "PLACE_RESTS", ())),
        instance_sigil=getattr(module, "INSTANCE_SIGIL", ""),
        settle_references=getattr(module, "settle_references", DEFAULT_RULES.settle_references),
        settle_bindings=getattr(module, "settle_bindings", DEFAULT_RULES.settle_bindings),
        doc_types=getattr(module, "doc_types", DEFAULT_RULES.doc_types),
        doc_members=getattr(module, "doc_members", DEFAULT_RULES.doc_members),
        arity=bool(getattr(module, "ARITY", False)),
        parameter_labels=getattr(module, "parameter_labels", DEFAULT_RULES.parameter_labels),
        argument_labels=getattr(module, "argument_labels", DEFAULT_RULES.argument_labels),
        directive_receiver=getattr(module, "directive_receiver", None),
        case_params=getattr(module, "case_params", DEFAULT_RULES.case_params),
        nested_parent=getattr(module, "nested_parent", None),
        file_entries=getattr(module, "file_entries", DEFAULT_RULES.file_entries),
        program_packages=frozenset(getattr(module, "PROGRAM_PACKAGES", ())),
        file_package=getattr(module, "file_package", DEFAULT_RULES.file_package),
        join_package=getattr(module, "join_package", DEFAULT_RULES.join_package),
        block_package=getattr(module, "block_package", None),
        cast_type=getattr(module, "cast_type", DEFAULT_RULES.cast_type),
        delegate_parameters=getattr(module, "delegate_parameters", DEFAULT_RULES.delegate_parameters),
        named_collections=getattr(module, "NAMED_COLLECTIONS", False),
        element_accessors=frozenset(getattr(module, "ELEMENT_ACCESSORS", ())),
        entry_members=dict(getattr(module, "ENTRY_MEMBERS", {})),
        map_types=frozenset(getattr(module, "MAP_TYPES", ())),
        item_types=frozenset(getattr(module, "ITEM_TYPES", ())),
        array_types=frozenset(getattr(module, "ARRAY_TYPES", ())),
        type_parameter=getattr(module, "type_parameter", DEFAULT_RULES.type_parameter),
        implicit_fields=bool(getattr(module, "IMPLICIT_FIELDS", False)),
        index_method=getattr(module, "INDEX_METHOD", None),
        paired_loops=dict(getattr(module, "PAIRED_LOOPS", {})),
        pairs_method=getattr(module, "PAIRS_METHOD", None),
        element_keeping=frozenset(getattr(module, "ELEMENT_KEEPING", ())),
        operator_methods=dict(getattr(module, "OPERATOR_METHODS", {})),
        bare_fields=bool(getattr(module, "BARE_FIELDS", False)),
        repaired_calls=getattr(module, "repaired_calls", DEFAULT_RULES.repaired_calls),
        macro_uses=getattr(module, "macro_uses", DEFAULT_RULES.macro_uses),
        implicit_parameter=getattr(module, "IMPLICIT_PARAMETER", None),
        passed_argument=getattr(module, "passed_argument", DEFAULT_RULES.passed_argument),
        constructor_name=getattr(module, "constructor_name", DEFAULT_RULES.constructor_name),
        member_place=getattr(module, "member_place", None),
        signature_outside=bool(getattr(module, "SIGNATURE_OUTSIDE", False)),
        holds_past=getattr(module, "holds_past", DEFAULT_RULES.holds_past),
        assigned_fields_yield=bool(getattr(module, "ASSIGNED_FIELDS_YIELD", False)),
    )


def _local_kinds(kinds) -> dict | None:
    """``LOCAL_KINDS``: the kinds of reference a name bound by a parameter or variable stands for, when not all
    (``name``, a bare name that is a call unless a variable binds it: then a read of the variable, dropped)."""
    return None if kinds is None else {kind: "local_read" if kind == "name" else "local_" + kind for kind in kinds}
