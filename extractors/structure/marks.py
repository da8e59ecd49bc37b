"""The marks parse.py writes into a file's facts and resolution reads back (``MADE``, ``SINGLETON``, ``PASSED_VALUE``,
the ``signature`` places...), the facts' records (``FileFacts``, ``Definition``, ``Reference``: a parsing child hands
them over pickled) and the query files' digest: what the processes that resolve, plan or write rows need of parse.py
without importing it (an update's main process: parse.py's compile and its imports, tree-sitter's binding and the
query files' readers, ~0.12 G instructions). parse.py re-exports each name: ``parse.MADE`` is this ``MADE``.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import NamedTuple

from pipeline.extractor import Record

from .discover import is_test_path
from .langs import split_outside

# the ``signature`` place of a definition given members under computed names: it may have any member, so a member
# none of its definitions answers is unknown, not a library base's (``resolve.Resolver._open_along``)
OPEN_MEMBERS_PLACE = "<open members>"

LAST_PLACE = -1  # the place of a trailing function: the called function's last parameter (resolve.py _passed_class)

# a lambda's receiver (``@passed.receiver``): the variable ``this@<callee>`` (Kotlin's label for it) bound to what
# the callee's function type declares at place ``RECEIVER_SLOT`` (``block: Buffer.() -> Unit``: ``1:this``); a bare
# call in the lambda is first that receiver's member (a ``scoped_call``: see _enclose)
RECEIVER_LABEL = "this@"

# a call signature's place among a definition's several (``(k)``, parse.py ``_overload_mark``) and how many arguments
# it takes (``least..most``)
OVERLOAD_OPEN, OVERLOAD_CLOSE, ARITY_RANGE = "(", ")", ".."

# after a callback's place: how many arguments the call passes, ``s`` where the first is a string literal (``/2s``)
CALL_SHAPE = "/"

PASSED_VALUE = "passed:"  # a callback's parameter: what the called function declares it is given (see _passed)

# the place of a ``signature`` saying its function is asynchronous (``@signature.async``): a call of it gives a promise
ASYNC_PLACE, ASYNC_RESULT = "async", "Promise"

# the place of a ``signature`` saying its function's result or its field's value is a wrapper (``@signature.wrapped``)
WRAPPED_PLACE = "wrapped"

OBJECT_KEY = "%"  # in a PASSED_VALUE's place: the member of the object passed there whose function it is (i%key:j)

IMPLEMENTED_VALUE = "implements:"  # a function's parameter: what the type it implements declares (``Reader@0``)

# a value: what the called function named after it gives a function literal passed to it (@var.given), known only
# to be a library's where that function is one (``Resolver._callee_of_value``)
GIVEN_BY = "given:"

# a variable's value as written, never unwrapped (``@var.wrapper``): the wrapper itself where its type is written one
# (``x: Option<Node>``) or its call's callee declares one (``let m = find(k)``). A reference's ``bound_to`` bears
# the mark (``_wrapper_marked``), which the resolver's ``Ref`` takes off (``held_wrapper``); the value flow binds the
# variable's name + ``WRAPPER_NAME`` beside its own, in the same scope
WRAPPER_HELD = "wrapper:"

NARROWED_VALUE = "narrowed:"  # a value a check narrows to: it types the variable where it is a repository class

EXCEPT = "\u2216"  # joins a value and the classes a failed check excludes from it: ``CookieTypes\u2216Cookies``

# a class a check narrows to where it decides: the variable's values from the enclosing scopes are of it (or of another
# class of the same check) only, joined to them by ``ONLY`` (``CookieTypes\u2229list``; parse.py ``HELD_VALUE``)
ONLY = "\u2229"

# a ``type.return``'s alias where a signature apart from the body states it (TypeScript's overloads): what the body's
# returns agree on comes first (``Resolver._return_class_uncached``)
SIGNATURE_ONLY = "signature_only"

# a definition's decorator mark: made at run time under a name spelled from a template (``resolve._written_first``)
MADE = "<made>"

# a definition's decorator mark: a member of the class object itself, not of its instances (Ruby's ``def self.x``, a
# method in ``class << self``); and an ``inherits`` reference's ``alias`` (then the edge's ``form``): a base whose
# methods become the class object's own (Ruby's ``extend M``), reached from class-level code only, never from an
# instance method (``Resolver.singleton_defs``, ``Graph.singleton_bases``)
SINGLETON = "<singleton>"

# a definition's decorator mark: a method another file's bare names reach though no scope of theirs holds it (Rails'
# ``helper_method :current_user`` in a controller: its views call ``current_user``; ``Resolver.exposed``)
EXPOSED = "<exposed>"

# a ``decorated_by`` reference's alias where the decorator is written as a call (``@wrap(Converter)``, ``@retry(3)``):
# the function named makes the decorator, and calling the decorated function runs what that decorator returns
DECORATOR_FACTORY = "()"

# i<j: type argument j of parameter i's declared type (``ThrowingConsumer<Order> c``); <j: type parameter j a
# generic type declares (``interface ThrowingConsumer<T>``), which its method's ``T`` stands for
# (``Resolver._type_argument``)
TYPE_ARGUMENT_MARK = "<"

# a class's ``signature`` at ``>j``: the type argument at place ``j`` its base class writes (``@signature.base``:
# ``class V : Validator<Order>``), which a bare call of the base's methods gives the lambdas it is passed where the
# language says so (``Resolver._base_argument_class``)
BASE_ARGUMENT_MARK = ">"

RECEIVER_ARGUMENT_GIVEN = "^" + TYPE_ARGUMENT_MARK

# after a signature's place: what is declared there is a type parameter (C#'s ``Func<T, bool>``: ``0:0?`` names T),
# which types no lambda itself (the caller's type argument decides), kept apart from the place that would name a
# class; read where a subclass's base argument stands for its class's T (``Resolver._declares_type_parameter``)
TYPE_PARAMETER_DECLARED = "?"

# a reference's alias where its name is written with type arguments (C#'s ``Foo<Bar>``, ``typeof(Foo<,>)``): ``<>`` +
# how many; none written: no alias. Same-named types told apart by their number of type parameters (``<j``
# signatures) are then one (``Resolver._by_type_arguments``)
TYPE_ARGUMENTS_WRITTEN = "<>"

# a ``signature`` of a generic method a parameter's type names one of whose type parameters (C#'s ``Label<T>(T v)``):
# a call writing no type arguments may infer them (resolve.py _inferred_from_nothing)
TYPE_PARAMETER_INFERRED = "<~"

RESULT_MARK = "#"  # f()#1: the result at place 1 of what f declares it returns (a ``signature`` at RESULT_MARK + 1)

ELEMENTS_OF = "elements:"  # an element of a value of the named type that follows (``Resolver._class_of_items``)

# a tuple value, its elements' types by place after it, comma-separated, an unknown one empty (``tuple:Key,``): its
# member ``0`` is a Key (``Resolver._tuple_member``), its own methods the language's
TUPLE_OF = "tuple:"

ITEMS = "[]"  # suffix of the name whose values are a collection's elements: ``a[]``

# suffix of the name whose values are what iterating a mapping gives, its keys (``for k in d``: ``d[]:``), bound at a
# mapping's declaration (``d: dict[str, Column]``) beside its elements (``d[]``: its values, what ``d[k]`` gives)
KEYS = "[]:"

# suffix of a call's value a ``with`` enters (``@var.entered``): what the call gives, else what the callee declares it
# yields (a @contextmanager generator's ``-> Iterator[Reply]``; see ``Resolver._class_of_entered``)
ENTERED = "<entered>"

# a lambda's parameter given by a delegate declared elsewhere in the file (``@var.delegate``: the variable, field or
# property holding the lambda, ``_late = f => ..``; ``@var.delegates``: a collection of delegates it is added to,
# ``_actions.Add(tm => ..)``, ``_handlers[k] = c => ..``): its parameter at the lambda parameter's place (``@var.slot``,
# default the name), bound as ``_late=>0`` / ``_actions[]=>0``, which the declaration binds (``ParseRules.
# delegate_parameters``: ``Func<Foo, object> _late``: ``_late=>0`` is a Foo)
DELEGATE_GIVES = "=>"

ITEMS_KIND = "type.items"  # the element type of what a function declares it returns: a loop over its call takes it

MAPPED = "mapped"  # an ``ITEMS_KIND`` fact's alias where the elements are a mapping's values: its keys are iterated

_TYPING = ("typing", "t", "typ", "tp")  # Python's typing module as code names it (import typing as t: t.Optional)

# types that say nothing of a value's class: a receiver of one is unknown, not a library's (Java's Object, Python's
# object, TypeScript's unknown stay a library's: only their own methods can be called on them)
ANY_TYPES = frozenset({"Any", "any"} | {f"{module}.Any" for module in _TYPING})

COLLECTION = "[]"  # a declared type that is a language's own collection or function type: never a repository class

OWN_OBJECT = "<object>"  # a literal holding code: the methods it holds are its enclosing function's members

# a container's methods giving one of its elements (List.get, Map.get, Array.find, dict.pop, Vec::first): what they give
# is what was put in (the declared element type, else unknown), never the container's own type
ELEMENT_ACCESSORS = frozenset({"get", "get_mut", "find", "findLast", "at", "pop", "shift", "first", "last", "next",
                               "peek", "remove", "setdefault", "popitem", "getFirst", "getLast", "poll", "peekFirst",
                               "__getitem__"})  # (Python's index method: ``_indexed_value``)

# the ``signature`` place marking a field that only a method's assignment makes (``ParseRules.assigned_fields_yield``)
ASSIGNED_PLACE = "<assigned>"

# the ``signature`` place that tells the resolver a member is only declared: a body anywhere in the class's bases wins
DECLARED_PLACE = "<declared>"

# the ``signature`` place of a class a doc comment names as its mixin (``_doc_mixin``): its members answer what the
# class and its bases lack (``resolve._mixed_in``)
MIXIN_PLACE = "<mixin>"

FIXTURE_VALUE = "fixture:"  # a parameter's value: what the named fixture gives (see Resolver._fixture_class)

# a ``returns`` reference's alias: the value is returned only by a call passing no argument (a language's
# ``settle_references``: TypeScript's ``(init) => init ? make(init) : make``); see ``Resolver._result_called``
BARE_CALL_ONLY = "<bare call>"

# a ``returns`` reference's name: an anonymous function the function returns, written in its own body (a language's
# ``settle_references``: Go's ``return func(next Handler) Handler {..}``): calling what the function returns runs
# the function's own code (``mw := Logger(); mw(next)`` reaches Logger), as no other definition holds it
OWN_CODE = "<code>"

RETURNED = frozenset({"returns", "local_returns"})  # return x, yield x (not return f()): parse and resolve


class Definition(NamedTuple):
    """A definition as the ``symbols`` table needs it (ids and flags are added in ``rows``)."""

    qualname: str
    name: str
    kind: str
    line_start: int
    line_end: int
    parent: str | None  # qualname of the enclosing definition, or a container named apart (a Go receiver type)
    exported: bool
    entry_reason: str | None
    test: bool = False  # test code inside a file that is not a test file (Rust ``#[cfg(test)] mod tests``)
    params: Params | None = None  # how many arguments it accepts, where the language has overloads (``ARITY``)
    hidden: bool = False  # kept from other code (``@hidden``): never exported with its class


class Reference(NamedTuple):
    """A reference as written: a ``refs`` row without repo and path, in the table's column order."""

    src_qualname: str
    kind: str
    name: str | None
    receiver: str | None
    module: str | None
    alias: str | None
    line: int
    bound_to: str | None = None  # what local value flow binds the receiver or called name to (refs.bound_to)
    args: int | None = None  # how many arguments a call passes, where the language has overloads (refs.args)
    labels: str | None = None  # the argument labels a call writes, where the language reads them (refs.labels)


class FileFacts(Record):
    """One file's facts as parsing gives them. Written out, not a dataclass (a process importing this module would
    write and ``exec`` a dataclass's methods' source); the same fields, order, defaults, equality and repr."""

    __slots__ = ("path", "language", "status", "skip_reason", "blob_sha", "lines", "size", "is_test", "is_generated",
                 "is_vendored", "package", "error_lines", "entry", "defs", "refs")
    _FIELDS = __slots__

    def __init__(self, path: str, language: str | None, status: str, skip_reason: str | None = None,
                 blob_sha: str | None = None, lines: int = 0, size: int = 0, is_test: bool = False,
                 is_generated: bool = False, is_vendored: bool = False, package: str | None = None,
                 error_lines: list[int] | None = None, entry: bool = False, defs: list[Definition] | None = None,
                 refs: list[Reference] | None = None):
        self.path, self.language = path, language
        self.status, self.skip_reason = status, skip_reason  # ok | partial | fallback | skipped
        self.blob_sha, self.lines, self.size = blob_sha, lines, size
        self.is_test, self.is_generated, self.is_vendored = is_test, is_generated, is_vendored
        self.package, self.entry = package, entry
        self.error_lines = [] if error_lines is None else error_lines
        self.defs = [] if defs is None else defs
        self.refs = [] if refs is None else refs


def skipped_item(item: tuple, why: str) -> FileFacts:
    """The facts of a planned item (path, language, mode, known blob id) its parse could not give: a skip, why."""
    path, lang, _mode, sha = item
    return FileFacts(path=path, language=lang.name, status="skipped", skip_reason=why, blob_sha=sha,
                     is_test=is_test_path(path))


class PackedRecords:
    """A list of one NamedTuple class's records as plain tuples, to cross a pipe (``packed_records``). Written out,
    not a NamedTuple: making one runs ``exec`` (~1 M instructions) in every process that imports this module."""

    __slots__ = ("record", "rows")

    def __init__(self, record: type, rows: list[tuple]):
        self.record, self.rows = record, rows

    def __reduce__(self):
        return PackedRecords, (self.record, self.rows)


def packed_records(records: list):
    """``records`` ready to pickle cheaply: a list of one NamedTuple class's records as a ``PackedRecords`` of plain
    tuples, any other list as it is. A NamedTuple pickles through a Python-level ``__getnewargs__`` call per record
    (hono's ``src/types.ts``: 8,057 references pickled in 8.4 ms, as plain tuples in 1.4 ms); the conversions here
    and in ``unpacked_records`` are C-level maps. Same records after the round trip, class and values."""
    classes = set(map(type, records))
    if len(classes) != 1:
        return records
    record = classes.pop()
    if not (issubclass(record, tuple) and hasattr(record, "_fields")):
        return records
    return PackedRecords(record, list(map(tuple, records)))


def unpacked_records(packed) -> list:
    """The records ``packed_records`` packed (each made as ``record._make`` makes it); any other value as it is."""
    if type(packed) is not PackedRecords:
        return packed
    return list(map(partial(tuple.__new__, packed.record), packed.rows))


def queries_digest() -> str:
    """A hash of every query file the package ships: with the code, what a file's facts depend on."""
    import hashlib

    digest = hashlib.sha1()
    folder = Path(__file__).with_name("queries")  # what importlib.resources gives a package in a folder
    for entry in sorted((e for e in folder.iterdir() if e.name.endswith(".scm")), key=lambda e: e.name):
        digest.update(entry.name.encode() + b"\0" + entry.read_text().encode())
    return digest.hexdigest()[:12]


def bound_values(bound_to: str) -> list[str]:
    """The values a ``bound_to`` lists, ``|``-joined: never split inside a call's arguments (``pointer("/g|h")``,
    ``map(|s| s.len())``)."""
    return split_outside(bound_to, "|", quotes='"')
