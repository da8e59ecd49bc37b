"""Name resolution: raw references (``refs``) + definitions (``symbols``) -> ``edges``, in layers of confidence.

A reference is looked up through an ordered list of layers, first hit wins (``resolution`` says which answered):
  bare names ``f()``       NAME_LAYERS: ``scoped`` (enclosing definitions, then the file), ``imported``, ``package``
  members ``x.f()``        MEMBER_LAYERS: ``self`` (``self.``/``this.``/``super``), ``constructed`` (``Foo().f()``),
                           ``module`` (``mod.f()``), ``class_named`` (``Foo.f()``)
A language module extends these lists with ``extend_layers(name_layers, member_layers)`` (Java inserts
``implicit_this``); a layer is the name of a ``Resolver._layer_<name>`` method or a callable ``(resolver, ref, src)``.
Before the layers, what the parser's local value flow knows (``bound_to``: a declared type, a constructing call, an
assigned function) decides: a receiver of a known type resolves on that type, and never by a guess; a type that is
not the repository's (``str``, ``string``, ``*http.Client``) makes the reference ``external``.

  same_file       the enclosing scopes, the class (``self.m()``) or the file's top level          0.95
  import          through the file's imports (aliases, ``from x import y``, module receivers)   0.90
  inherited       a method found on a base class of the enclosing/receiver class                 0.85
  constructor     ``Foo().m()``: a method of the class whose constructor was called              0.85
  same_package    Go/Java: a top-level name of another file of the same package                  0.85
  fixture         a pytest test's or fixture's parameter: the fixture in its class, file or a conftest.py  0.85
  flow            a function reached through an assignment, a return or a decorator               0.80
  dispatch        an override in a subclass (the method is not on the class or its bases)        0.70
  unique_name     the only definition with that name in the repository                          0.60
  template        a method whose name fits one built at run time (``getattr(self, f"visit_{k}")``) 0.50
  ambiguous       several candidates: one edge each (the 8 nearest the caller), never dropped  0.30
  unresolved      no candidate: dst_id is null                                                   0.00
  external        outside the repository (a library, a builtin, a host object): dst_id is null  0.00
Guesses by name (unique_name, ambiguous) are made only for members of objects of unknown type (scaled by 0.75), and
for bare names only where a language lets files share names without imports; candidates whose class the file can
see (defined there, imported, same package) are preferred over the rest.
Plus ``dispatch`` edges (base method -> override, 0.70) so that interface/trait/virtual dispatch reaches the
implementations, and ``imports`` edges from module to module or symbol (and to the module an import names when the
name is defined further along a re-export chain: importing a barrel ``index.ts`` depends on it). A method whose type
is defined in another file (a Go method, a Rust ``impl``) becomes a member of that type when the package or a unique
name finds it.

Optional hooks of a ``langs`` module (defaults in brackets): ``inline_type(receiver)`` the type of an object built
inline in a receiver (``Foo(...)`` -> ``Foo``); ``receiver_path(receiver)`` the receiver in dotted form (identity);
``receiver_module(importer, receiver, index, root)`` the files of a module a receiver names by path, unimported
(Rust ``crate::a::b::f()``; none); ``STRUCTURAL`` types implement interfaces by having their methods, as in Go
(False); ``nested_spec(spec, depth)`` a module spec written inside ``depth`` inline modules, relative to the file
(Rust ``super::`` in ``mod tests``; unchanged); ``IMPLICIT_THIS`` a bare ``m()`` in a method may be a method of its
class or bases, as in Java (False); ``EXTERNAL_RECEIVERS`` names of objects that are always outside the repository,
such as JavaScript's ``console`` (none); ``BUILTINS`` names a bare call or type may mean without an import (none);
``TEST_BUILTINS`` the same in a test file only (a test runner's globals: mocha's ``before``; none);
``BUILTIN_METHODS`` methods of the language's own types (``get``, ``push``): on an object of unknown type they are
guessed only where one class the file can see has it (none); ``BUILTIN_GUESS_NAMED`` only where the receiver also
names that class (``session.get``, not ``self.options.get``: Python's untyped values are mostly the builtins'; False);
``UNOWNED_BUILTINS_EXTERNAL`` such a method called on an unknown value is external where no definition of the repository
bears its name (JavaScript's ``code.replace()`` in a plugin hook: False, unresolved);
``guess_bare_names(resolver, path)`` whether a bare name may be guessed repository-wide (True: a language without
imports); ``METHOD_ORDER`` ``"c3"`` for Python's method resolution order (breadth first); ``is_external(importer,
spec, index, root)`` a module spec outside the repository (not relative); ``CALLS_PASSED`` callees that call a
function passed to them, by the slots they call (Python's ``{"map": {"#0"}, "sorted": {"key"}}``: the edge is a
``call``, not a ``callback``; a value in another slot is only read, no edge; none); ``VALUE_TYPES`` builtin types
whose values are never called: a field declared one is no candidate of a call guessed by name (Python's ``bool``);
``LOCALS_SHADOW`` a name a parameter or variable binds is that variable, never a same-named definition of the
file (False: a pytest test's parameter names its fixture); ``BASE_KINDS`` the kinds a base guessed by name may be
(Rust's ``impl Trait for T``: a trait; every class-like kind); ``import_head(spec)`` the name of the file's own
imports a module spec goes through (Rust ``use self::fmt::Write`` with ``use core::fmt``: ``fmt``; none);
``EXTENDS_LIBRARY_TYPES`` a value of a library's type may have methods the repository adds
to it (Swift's ``extension Error { func describe() }``, C#'s extension method ``static void AddMediatR(this
IServiceCollection s)``): a call on it that ends external guesses among those by name (False; ``library_member`` is
the stated form: Kotlin's imported extension function); ``TYPES_NAMED_TYPES`` a declared type that names no type
of the repository is a library's, whatever else bears its name (C#: ``HttpContext httpContext`` beside a property
``HttpContext``; False: anything of the name may be the type, a Python module variable holding a class);
``NAMED_CONSTRUCTORS`` a class's constructors are its methods named as the class (C++): a call building the class
calls them too (False); a string: the name every constructor has (Swift's ``init``, PHP's ``__construct``: the class's
own or, where it declares none, a base class's);
``CONSTRUCTOR_METHOD`` the method ``new`` runs where calls do not name it (JavaScript's ``constructor``): what it declares
types the callbacks passed to the class (none);
``PARTIAL_TYPES`` a type of one qualified name defined in several files of one package is
one type, its parts' members and bases all its own (C#'s ``partial class``; False);
``global_name(resolver, ref, dotted)`` the definition a name or dotted name stands for where no scope, import or
package of the file names one: a language whose names are global once loaded (Ruby's constants; none);
``VARIANTS_FROM_OWN_FILE`` a call of a definition of the caller's own file reaches its build variants too (Kotlin's
``expect fun f()`` in common code, provided by each platform's ``actual fun f()``; False: Go builds a file with its own
definition only); ``library_member(resolver, ref, src)`` the repository's definition of a member called on a value of a
library's type, which would otherwise be external (Kotlin's extension function ``fun Type.typeToString()`` on
``java.lang.reflect.Type``, imported by name or of the package; none); ``HOST_SCRIPTS`` suffixes of script files a host
program runs and fills with its own names (Gradle's ``.kts``): a name or member such a file does not state is the
host's, external, never guessed among the repository's (none); ``labeled_self(resolver, head, src)`` the class a receiver's head names as the object itself, written otherwise
than ``this`` (Kotlin's ``this@Outer``: the labeled class around the code): its chains (``this@Outer.sink.close()``),
reads (``this@Outer.count``) and receiver reads go as ``this.``'s do (none); ``universal_member(resolver, ref, src)``
the repository's method added to every type (Kotlin's ``fun <T : Any> T.log()``), which a call on a receiver whose
own type has no member of that name reaches by its exact name (none); ``visible_members(resolver, ref, src, found)``
of the members a call on a receiver found, those the calling file can see (Kotlin's extension functions of one type
in several packages: the one imported or of the file's package; none: all); ``OVERLOADS`` a member defined again in its scope is
an overload or a build variant, any of which a call on a known type may mean (True); False where it is rather a
property's setter or a replacement (Python's ``@x.setter``): a member's call reaches the first only;
``extend_layers``.
"""

from __future__ import annotations

import posixpath
import re
from functools import lru_cache
from collections import defaultdict, deque
from dataclasses import dataclass, field, replace
from typing import Callable, NamedTuple

from . import langs
from .bindings import Binding, ImportBindings, PerFile
from .discover import is_test_path
from .lazyre import lazy_re
from .marks import (ANY_TYPES, ARITY_RANGE, ASSIGNED_PLACE, ASYNC_PLACE, WRAPPED_PLACE, WRAPPER_HELD, BARE_CALL_ONLY, bound_values, BASE_ARGUMENT_MARK, CALL_SHAPE, COLLECTION, DECLARED_PLACE, DECORATOR_FACTORY, ELEMENT_ACCESSORS, ELEMENTS_OF, EXCEPT, FIXTURE_VALUE,
                    ENTERED, GIVEN_BY, IMPLEMENTED_VALUE, ITEMS, ITEMS_KIND, KEYS, LAST_PLACE, MADE, EXPOSED, MAPPED, MIXIN_PLACE, NARROWED_VALUE,
                    OBJECT_KEY, ONLY, OPEN_MEMBERS_PLACE, OVERLOAD_CLOSE, OVERLOAD_OPEN, OWN_CODE, OWN_OBJECT, PASSED_VALUE, RECEIVER_LABEL, RESULT_MARK, RETURNED, SIGNATURE_ONLY, SINGLETON,
                    TUPLE_OF, TYPE_ARGUMENT_MARK, TYPE_ARGUMENTS_WRITTEN, TYPE_PARAMETER_DECLARED, TYPE_PARAMETER_INFERRED, RECEIVER_ARGUMENT_GIVEN, DELEGATE_GIVES)
from .graph import (CALLABLE, CLASSLIKE, DECLARATIONS, MACROS, MEMBER_KINDS, METHODS, MODULE, VALUES, Graph, Symbol,
                    at_module_level, build_graph, in_block, scope_at)
from .qualnames import unsuffixed, untwinned

SELF_NAMES = {"self", "this", "cls", "super()", "super", "Self"}
SCOPES = {"function", "method", "namespace"}  # definitions whose nested names their bodies see bare
CONF = {"same_file": 0.95, "import": 0.9, "inherited": 0.85, "constructor": 0.85, "same_package": 0.85,
        "fixture": 0.85, "flow": 0.8, "dispatch": 0.7, "unique_name": 0.6, "template": 0.5, "ambiguous": 0.3, "unresolved": 0.0,
        "external": 0.0}
MAX_CANDIDATES = 8
MAX_CALL_SIGNATURES = 64  # a type's call signatures read for a call's overload (hono's HandlerInterface has 23)
MAX_TYPE_PARAMETERS = 8  # a generic type's parameters looked through for the one its method declares
NO_OVERLOAD = "*"  # ``_slot_class``'s mark for a type's signatures read as one, past its several call signatures
UNION_MEMBER = "|"  # a ``signature``'s place: a union type alias's member at that place (``type H = A | B``: ``|1``)
# the ``signature`` kept where a class's declarations disagree at one place (``Resolver._note_signature``)
DISAGREEING = "<disagreeing>"
DOC_MEMBER_KINDS = frozenset({"method", "field"})  # what a doc comment may declare (``parse._doc_members``)
GUESSES = ("unique_name", "ambiguous")  # resolutions by name alone
OWN_WRAPPER_KINDS = ("struct", "enum", "class")  # a wrapper-like name that is a type of ours, not an alias
UNKNOWN_RECEIVER = 0.75
TEMPLATE_FORM = "template"  # ref_form (and resolution) of a member named by a template (``Resolver._template``)
_TOP_FUNCTIONS = frozenset({"function"})  # what a template on a file's namespace reaches (``_module_template_names``)
ANY_KEY_FORM = "computed_key"  # ref_form of a call through a key spelled nowhere (``Resolver._any_key``)
MAX_TEMPLATE_TARGETS = 256  # methods one template reaches (pydantic's ``*_schema``: 56)
STORED_FORM = "stored"  # ref_form of a field -> function edge: the function stored there (``Resolver._stored``)
_MERGED_VALUES = frozenset({"function", "variable", "constant"})  # what a call of a merged interface's name runs
# what may hold a function, by the fact that says which: a field a method assigns, a variable given a function's name
HOLDERS = {"field": ("type.field",), "variable": ("value.held",), "constant": ("value.held",)}
# a call of the field is also one of its function (a variable's: typing only); a field named by a function's name
# (an object literal's key, `{ get: getUser }`: ``value.held``)
STORED_FUNCTIONS = {"function", "method"}  # what a field may be given: a function, a method value (s.cb = s.handle)
STRUCTS = {"struct"}  # a literal's type holding functions by place
FIELD_HOLDER = {"field": ("type.field", "value.held")}
IMPLICIT_MEMBER_KINDS = METHODS | {"constant"}  # what Swift's ``.name(..)`` may be: a static method, an enum case
ENUM_CASE_KINDS = {"constant"}  # what Swift's ``.name`` is guessed to be: an enum case
TYPE_PREFIX = "type."  # refs kind ``type.<form>``: a type named in a parameter, return, field, variable... -> uses_type
TYPE_QUERY = "type.query"  # a value named where a type is (TypeScript's ``typeof f``): the value itself is used


def _last_placed(fn: Symbol, place: str) -> str:
    """A trailing function's place (``LAST_PLACE``: Kotlin's ``write(1) { .. }``) is the last parameter ``fn``
    declares, whatever defaults the call leaves out; empty (nothing known) where the count is not known."""
    outer, colon, inner = place.partition(":")
    if outer != str(LAST_PLACE):
        return place
    most = fn.params.most if fn.params is not None else None
    return f"{most - 1}{colon}{inner}" if most else ""


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


_new = tuple.__new__  # a NamedTuple built without its Python-level __new__ (millions of edges)
_NO_NAMES = frozenset()


class BodyReturns(NamedTuple):
    """What a function's body says it gives back (``Resolver._body_returns``): a class, or whether it decides
    even without one (then a type declared apart from the body does not)."""

    cls: str | None
    decides: bool


class CallShape(NamedTuple):
    """How a call handing a callback on is written (parse.py ``_call_shape``): what picks the callee's overloads."""

    count: int  # the arguments it passes
    quoted: bool  # its first argument is a string literal: a path or a name, never a function


def _call_shape(text: str) -> CallShape | None:
    """``2s`` -> CallShape(2, True); None where the parser could not count the arguments."""
    digits = text[:-1] if text.endswith("s") else text
    return CallShape(int(digits), text.endswith("s")) if digits.isdigit() else None


def _counts_fit(counts: str, count: int) -> bool:
    """Whether a call signature taking ``least..most`` arguments (``most`` empty: any number) takes ``count``."""
    least, _, most = counts.partition(ARITY_RANGE)
    return least.isdigit() and int(least) <= count and (not most.isdigit() or count <= int(most))


class Found(NamedTuple):
    """A lookup's answer: the candidate ids (none: unresolved or external) and the resolution that found them."""

    ids: list
    resolution: str


class Listed(Found):
    """Found functions a table written in the code lists, one each (``for _, fn := range ioFuncs``): certain, so
    kept whole (the parser keeps up to ``MAX_ITEMS``), not capped at ``MAX_CANDIDATES`` as a guess's candidates are."""


class _Passing(NamedTuple):
    """A ``param_passed`` reference with its keys read once (``_calling_through`` asks them every round)."""

    ref: "Ref"
    owner: tuple[str, str]  # (path, qualname) of the function passing it
    key: tuple  # its callee's: (path, qualname, callee[, line]) (``Resolver._callee_key``)


class Ancestry(NamedTuple):
    """The supertypes of the repository's classes of one simple name, by name, each class itself included."""

    certain: frozenset  # of every such class
    possible: frozenset  # of some such class
    complete: bool  # every base of theirs on the way is the repository's: nothing else is a supertype
    # the names of the bases from outside the repository on the way (``Closeable``), as written: a language that
    # knows a library type's own supertypes reads the rest from them (Java's ``java_overloads``)
    outside: frozenset = frozenset()


EXTERNAL = Found([], "external")
UNRESOLVED = Found([], "unresolved")
# a member none of an object's definitions answers, where the object (or a base) was given members under computed
# names (``app[method] = ..``) beside a library's base: for what flows from it, the library's as before (a chain past
# it is never guessed by name), but its own edge is written unresolved (``Resolver._edges``): it may be one of those.
# Told apart by identity; a lookup that rebuilds it keeps the library's label (the old answer)
COMPUTED_MEMBER = Found([], "external")


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
    bound_to: str | None = None
    args: int | None = None  # how many arguments a call passes (``ARITY``); None: not known
    labels: str | None = None  # the argument labels it writes (``labels_fit``); None: not read
    # every value ``bound_to`` lists was marked ``WRAPPER_HELD`` (taken off here, so the values type the receiver as
    # before): the variable holds a wrapper as written (``x: Option<Node>``, ``let m = find(k)``), never unwrapped
    held_wrapper: bool = False

    # written out, not the dataclass's with a ``__post_init__``: one call less for each of the ~700k references
    # made in a full run of sympy (the dataclass keeps an ``__init__`` the class defines)
    def __init__(self, path: str, src_qualname: str, kind: str, name: str | None, receiver: str | None,
                 module: str | None, alias: str | None, line: int, bound_to: str | None = None,
                 args: int | None = None, labels: str | None = None, held_wrapper: bool = False) -> None:
        if bound_to and WRAPPER_HELD in bound_to:
            values = bound_values(bound_to)
            held_wrapper = all(value.startswith(WRAPPER_HELD) for value in values)
            bound_to = "|".join(value.removeprefix(WRAPPER_HELD) for value in values)
        self.path, self.src_qualname, self.kind, self.name, self.receiver = path, src_qualname, kind, name, receiver
        self.module, self.alias, self.line, self.bound_to, self.args = module, alias, line, bound_to, args
        self.labels, self.held_wrapper = labels, held_wrapper


NAME_LAYERS = ("scoped", "imported", "package")
MEMBER_LAYERS = ("self", "self_chain", "constructed", "module", "class_named", "returned")


class Hooks(NamedTuple):
    """A language module's optional hooks with their defaults filled in, looked up once, not per reference. A
    NamedTuple, not a frozen dataclass: ``dataclasses`` compiles the source of its methods over ~75 fields at import
    (~20 M instructions in every process that resolves)."""

    receiver_path: Callable
    inline_type: Callable
    external: frozenset
    implicit_this: bool
    receiver_module: Callable | None
    builtins: frozenset
    test_builtins: frozenset  # globals of a test file only (a test runner's)
    builtin_methods: frozenset
    wrapper_methods: frozenset  # a transparent type's own methods (Option's unwrap, map): on a value typed as what it
    passthrough_methods: frozenset  # holds, where that type lacks them, they are the wrapper's; these give it back
    other_side_methods: frozenset  # ...and these give what it holds on its other side (a Result's unwrap_err: E)
    # ...and these give the wrapper again, of the same value (Option's as_ref, take) or of another (map): on a value
    # declared the wrapper (``WRAPPED_PLACE``)
    wrapper_keeping: frozenset
    wrapper_giving: frozenset
    future_output: tuple | None  # (the chain's await step, the associated type naming what awaiting a class gives)
    # the associated type naming what iterating a class of ours gives (Rust's ``type Item``); None: the elements of what
    # a call gives are that class (Go's ``-> []*Node``)
    iterator_item: str | None
    # the method whose declared iterator says what iterating a class of ours gives (Python's ``__iter__`` declared
    # ``-> Iterator[Text]``); a class without it: as ``iterator_item`` None says
    iterator_method: str | None
    # the method an index runs on a value of a class of ours (Python's ``__getitem__``): what ``self.grid[k]`` gives
    # where the field's class states no elements, as the method declares it returns
    index_method: str | None
    # a container's methods giving one of its elements (parse's and the language's ``ELEMENT_ACCESSORS``): on a value
    # of a class of ours deriving a library's container, or of one a call declares it returns, what its type states
    element_accessors: frozenset
    guess_bare_names: Callable
    c3: bool
    calls_passed: dict  # callee -> the slots it calls a function passed in: map(f, xs) calls f, iterates xs
    marker_bases: frozenset  # bases from outside that give a class no behaviour (typing.Generic): not recorded
    locals_shadow: bool  # a local variable hides a same-named definition of its file (no pytest-style fixtures)
    locals_declared: bool  # a local is declared (Kotlin's val): not bound in its own initializer, as an assigned one is
    type_only_kinds: frozenset  # kinds naming no value: never what a receiver is (TypeScript's interface, type)
    base_kinds: frozenset  # kinds a base may be, where a guess by name picks one (Rust's impl Trait for T: a trait)
    bases_outside_body: bool  # a class's bases are named outside its body: its own nested classes are not in scope
    name_layers: tuple
    member_layers: tuple
    outside_path: Callable | None = None  # (resolver, ref, path) -> whether the path names another package's item
    # (resolver, ref, dotted) -> whether a type written with its package (``okhttp3.Headers``) is another library's,
    # never the repository's class of that simple name
    foreign_type: Callable | None = None
    # a class's constructors are its methods named as it (C++: True) or so named (Swift: "init"): building it calls them
    named_constructors: bool | str = False
    # the method building a class runs where no call edge reaches it (JavaScript's ``constructor``, run by ``new``):
    # only what it declares for its parameters types a callback passed to the class (``new Runner({ onDone(r) {} })``)
    constructor_method: str | None = None
    global_name: Callable | None = None  # (resolver, ref, dotted) -> the definition a global name stands for
    # (resolver, ref, name) -> the type an enclosing scope of the file's package gives a bare name (C#'s enclosing
    # namespaces): it hides a library's of that name as the file's own namespace's would
    enclosing_type: Callable | None = None
    host_scripts: tuple = ()  # file suffixes of scripts a host runs (Gradle's .kts): what they do not define is its
    library_member: Callable | None = None  # (resolver, ref, src) -> the repository's member of a library's value
    labeled_self: Callable | None = None  # (resolver, head, src) -> the class a receiver like Kotlin's this@Outer names
    universal_member: Callable | None = None  # (resolver, ref, src) -> a method added to every type, by its name
    macro_in_scope: Callable | None = None  # (resolver, ref, ids) -> of another file's macros, those in scope there
    visible_members: Callable | None = None  # (resolver, ref, src, found) -> the members found the file can see
    # (resolver, cls, name) -> what a member ``cls`` and its bases do not declare stands for, generated at compile
    # time (Java's Lombok ``getName()`` of a ``@Data`` class: its field ``name``); None: nothing
    generated_member: Callable | None = None
    # where no class a file imports has a guessed member, those of the modules a barrel it imports passes on
    # (``export * from "./types"``, ``export * as core from``) are preferred (JavaScript's barrels; False)
    visible_through_stars: bool = False
    variants_from_own_file: bool = False  # a file's own definition reaches its variants too (Kotlin's expect fun)
    partial_types: bool = False  # a type of one qualified name in several files of one package is one (C# partial)
    # references record the type arguments written (``GENERIC_NAMES``): of same-named types differing in their number
    # of type parameters, a name reaches the one taking that many (none written: the plain one)
    type_arguments_written: bool = False
    # (receiver) -> how many type arguments the type built inline there writes (``new Foo<A>()``: 1), None: none built
    inline_type_arguments: Callable = lambda _receiver: None
    merged_declarations: bool = False  # a type's same-named twins in its file are one with it (TS declaration merging)
    # a type's same-named twins in its file are alternatives (C++'s specializations of one class template): a member
    # found on one is that member of each (``TypeHelper<V, T>::Is(v)`` may run any specialization's ``Is``)
    alternative_twins: bool = False
    # a function given methods of its own is a type its ``new`` builds (JavaScript's ES5 ``function Request() {}`` with
    # ``Request.prototype.m = function () {}``): ``new Request()`` is a Request, as a class's would be
    constructor_functions: bool = False
    # (a top-level function's name) -> whether the fields its body assigns (``this.handle = fn``) make it such a type
    # as its methods would (``langs.constructor_name``)
    constructor_name: Callable = lambda _name: False
    nearest_twin: bool = False  # of a name declared several times in a file, the one declared last before the use
    extends_library_types: bool = False  # a library type's value may have methods the repository adds (Swift, C#)
    types_named_types: bool = False  # a declared type names a type: a property of its name is no sign it is ours (C#)
    # (resolver, ref) -> whether the ref's file brings members of a class in to be written bare (C#'s using static)
    members_imported: Callable = lambda _resolver, _r: False
    # (receiver) -> the type its value has as written (C#'s ``1_000d``, ``TimeSpan.Zero``), None: not stated
    receiver_type_written: Callable = lambda _receiver: None
    overloads: bool = True  # a member defined again in its scope is an overload: a call may mean any of them
    # a class's overloads and its bases' are one set (Java's ``attr(k)`` of Node beside Element's ``attr(k, v)``):
    # a call no own overload accepts is a base's (``_inherited_overloads``); not JavaScript's (extra arguments pass)
    overloads_across_bases: bool = False
    # a module's top-level functions of one name in several of its files are one overload set (Swift's ``expect(x)``
    # in DSL.swift beside ``expect { }`` in DSL+AsyncAwait.swift): a look-up keeps the first file's (``_module_overloads``)
    module_overloads: bool = False
    builtin_guess_named: bool = False  # a builtin-named method's guess needs a receiver naming the class (Python)
    receiver_names_owner: bool = False  # of a guess's candidates, the class the receiver's name names (``_owner_named``)
    # the builtin-named methods whose guess needs that where the rest do not (JavaScript's strings' and promises' own)
    builtin_guess_named_methods: frozenset = frozenset()
    # a guess among a method and its overrides is the method they override (dispatch edges reach the overrides):
    # ``schema._parse()`` on an unknown value is ``ZodType._parse``, not eight of its 35 subclasses' (False)
    guess_overridden: bool = False
    # a value only a type check narrows (C++'s template parameter's: ``template <class H> f(H& h) { h.on_text(); }``)
    # is of a class the instantiating file sees, which includes the template's header, not the reverse: its method
    # is guessed among all the repository's, the visible ones not preferred
    narrowed_guess_open: bool = False
    written_self: bool = False  # a method's first parameter is its receiver (Python's self): obj.run(f) passes f second
    # an argument past the last parameter is the last one's, a variadic (Go's ``Use(mw ...Middleware)``: only a
    # variadic parameter takes more arguments than a function declares, so ``Use(a, b)`` gives mw both)
    extra_arguments_last: bool = False
    # (resolver, ref, sid, head, place) -> the place among sid's declared parameters of an argument at ``place`` of a
    # call through ``head``, None for none: C#'s extension method called in static form, Ext.M(s, x => ..), passes
    # its receiver first (the declaration's places leave it out); default: the place as written
    static_form_place: Callable | None = None
    # a type path's head is a type in scope where it is written (Rust): S::Ok where the file sees no S is a type
    # parameter's associated type, never a guess among the repository's Ok types
    scoped_type_paths: bool = False
    loops_take_yields: bool = False  # for x in gen(): x is what gen yields, which the resolver reads as it returns
    # a callback handed to a library's function is given that library's objects (JavaScript's test(.., (t) => ..))
    library_callback_objects: bool = False
    # a lambda passed to a base class's method called bare takes the one type argument the class's base writes
    # (C#'s class V : AbstractValidator<Order>, RuleFor(x => x.Name): Resolver._base_argument_class)
    base_argument_lambdas: bool = False
    # library types of one type argument whose methods give their lambdas the type itself, not its argument (C#'s
    # Task<T>.ContinueWith(t => ..)): no receiver's type argument types them (Resolver._receiver_argument_class)
    wrapper_types: frozenset = frozenset()
    declaration_only: Callable | None = None  # (path) -> a declaration file (.d.ts): signatures of code elsewhere
    call_operator: str | None = None  # the method calling an instance runs (Python's __call__)
    # receivers standing for the file's own namespace (Python's ``globals()``, ``vars()``): a template on one names
    # the file's top-level functions (``vars()["do_" + name]``), not a class's members
    namespace_receivers: frozenset = frozenset()
    # a type written as a function type (``(String) -> Checker``) is read as its result: a value of it called gives it
    function_types_give_result: bool = False
    # a library type's value has the repository's extension functions (``library_member``), whose results type a chain
    library_extension_results: bool = False
    value_types: frozenset = frozenset()  # builtin types whose values are never called (Python's bool, str, list)
    function_types: frozenset = frozenset()  # builtin types whose values are functions (TypeScript's Function)
    # (path) -> whether the file takes types from declaration files (TypeScript does; plain JavaScript runs code only)
    reads_declarations: Callable | None = None
    # a module-level name defined twice, or defined and imported (try: from ._speedups import f / except ImportError:
    # def f(): ...): which one runs is decided when the module loads, so a reference from another file reaches each
    module_alternatives: bool = False
    # (a definition's labels, a call's) -> whether the call may mean it (a language module's: Swift's argument labels)
    labels_fit: Callable | None = None
    # a call of no arguments runs the overload taking none over one whose parameters all have defaults (C#'s
    # ``new Faker<T>()`` is ``Faker()``, not ``Faker(string locale = "en", IBinder binder = null)``; Kotlin's too)
    no_defaults_first: bool = False
    # ([each overload's labels], a call's, ancestry) -> [whether the call may mean each]: where the choice among one
    # type's overloads is relative (Java's argument types: an exact match before a widening one, the most specific
    # of those that apply); applied per parent; ``ancestry(name)`` is what the repository says of a type's
    # supertypes (``Resolver._ancestry_named``)
    labels_choose: Callable | None = None
    # (resolver, ref, a call's labels) -> the labels with what the parser left to resolution settled (Java: an
    # argument that is the result of another file's method, ``value(in.nextBoolean())``, is of its declared type)
    settle_labels: Callable | None = None
    # (receiver) -> whether the receiver as written is a value of the language's own types (JavaScript's
    # ``s.trim().split(..)``, ``(xs || [])``): a builtin method called on it is the language's, never guessed
    builtin_value: Callable | None = None
    # a builtin method called on a value of unknown type, where no definition of the repository bears its name
    # (``code.replace(..)`` on a plugin hook's parameter): external, the language's or a library's, as it cannot be
    # the repository's (False: unresolved)
    unowned_builtins_external: bool = False
    # ...but these names (Ruby's ``klass.new``: a class built, maybe one of ours) stay unresolved
    unowned_kept: frozenset = frozenset()
    # (resolver, cls) -> ``cls`` and its bases in the language's own lookup order, each with its depth (Ruby's
    # ancestors: a later include first, the superclass last); None: C3 or breadth first as the flags say
    linearize: Callable | None = None
    # fixtures a test runner provides itself (pytest's ``tmp_path``, ``monkeypatch``): a test's parameter naming one
    # that the repository does not define holds the runner's object, whose members are external
    library_fixtures: frozenset = frozenset()
    # (the names of a class's bases outside the repository, a library's class a type check names) -> whether such a
    # class may be an instance of it (``Resolver._library_checked_out``); None: a check of a library's class says
    # nothing of the repository's classes
    may_be_instance: Callable | None = None
    # (resolver, ref, value) -> the class a call's value is an instance of, read from its arguments (Java's ``<T> T
    # fromJson(String s, Class<T> c)`` called with ``Foo.class``: a Foo; ``""``: a library's); None: not so
    argument_class: Callable | None = None
    # a nested definition binds its name in the enclosing function as an assignment does (Python's ``def`` in one
    # branch, ``neighbors = G.neighbors`` in the other): a call of the local name may run the definition
    def_binds_local: bool = False
    # members are added to an object by assignment after it is made (JavaScript's `const internals = {};
    # internals.f = function () {..}`): a member call on a receiver whose value is a collection literal is the file's
    # own definition of that receiver's member where the file has one, not the literal's (a builtin's) member
    members_assigned: bool = False
    # a method returning an instance of its own class, called through a subclass's name, builds the subclass
    # (Python's classmethod ``return cls(..)``, which the parse reads as the defining class)
    class_calls_build_subclass: bool = False
    # the method a class runs for an attribute it lacks (Python's ``__getattr__``): what it declares it returns is
    # what such an attribute holds (pluggy's ``pm.hook.my_hook``, ``HookRelay.__getattr__ -> HookCaller``)
    missing_member: str | None = None
    # a member a class with a library base gets from that library, standing for its instances' store (Django's
    # ``Book.objects``), and what its methods give: one instance (``get``), a collection of them (``filter``) whose
    # methods are the manager's again; a record with ``members``, ``instances``, ``collections`` (python.py's)
    class_manager: object | None = None
    # a star import shows the file every class of the module it names (Python's ``from peewee import *``): a guess's
    # candidates of those classes are preferred as an imported class's are (``_visible_from``)
    stars_visible: bool = False
    # a guess among several classes is kept only where the caller's file reaches one of their files through its
    # imports within this many steps (0: always kept); where none is reached the candidates are unrelated classes
    # that merely share the name (peewee's untyped ``self.db.run()``: a migration's ``Operation.run``), unresolved
    guess_reach: int = 0
    # ``Book.create()`` with ``create`` a base class's classmethod uses ``Book`` (a ``uses_type`` edge, as a member
    # none of ours has gives): a model class used only so is no dead code
    base_member_uses_class: bool = False
    # a declared return naming several types (Python's ``-> A | B``, ``Union[A, B]``) gives each: a call's value
    # reaches each one's member, as a union alias's members do (``_returned_members``), not the first one's only
    return_unions: bool = False
    # a member read on a value of no known class names a method (a property) of the repository: an unresolved read
    # of that name, never a guess (Python's ``acc.has_wildcard`` in a loop over an untyped list)
    unknown_member_reads: bool = False
    # (call) -> the value an element of what a builtin's collection method gives is, written as a value is, or None
    # (JavaScript's ``xs.map(x => new Gen(x))``: ``new Gen()``; ``.filter(..)``: the elements of its receiver)
    elements_given: Callable | None = None
    # (resolver, files) -> whether a name imported from those files of the repository, which neither define it nor
    # pass it on, is the module's own made at run time (Python's ``a, b = ..``, ``for``, ``globals()[..]``): never
    # another module's definition of that name; None: such an import is guessed by name
    made_by_module: Callable | None = None
    # a function under an object literal's key in a method may be an arrow function, whose ``this`` is the method's
    # (JavaScript's ``this.step({ task: () => this.commit() })``): a member the literal lacks is the class's
    lexical_key_this: bool = False


def _layer(entry) -> Callable:
    return getattr(Resolver, f"_layer_{entry}") if isinstance(entry, str) else entry


def hooks_of(support) -> Hooks:
    names, members = list(NAME_LAYERS), list(MEMBER_LAYERS)
    if hasattr(support, "extend_layers"):
        support.extend_layers(names, members)
    return Hooks(receiver_path=getattr(support, "receiver_path", None) or (lambda receiver: receiver),
                 inline_type=getattr(support, "inline_type", None) or _inline_call,
                 external=frozenset(getattr(support, "EXTERNAL_RECEIVERS", ())),
                 implicit_this=bool(getattr(support, "IMPLICIT_THIS", False)),
                 receiver_module=getattr(support, "receiver_module", None),
                 builtins=frozenset(getattr(support, "BUILTINS", ())),
                 test_builtins=frozenset(getattr(support, "TEST_BUILTINS", ())),
                 builtin_methods=frozenset(getattr(support, "BUILTIN_METHODS", ())),
                 wrapper_methods=frozenset(getattr(support, "WRAPPER_METHODS", ())),
                 passthrough_methods=frozenset(getattr(support, "PASSTHROUGH_METHODS", ())),
                 other_side_methods=frozenset(getattr(support, "OTHER_SIDE_METHODS", ())),
                 wrapper_keeping=frozenset(getattr(support, "WRAPPER_KEEPING_METHODS", ())),
                 wrapper_giving=frozenset(getattr(support, "WRAPPER_GIVING_METHODS", ())),
                 future_output=getattr(support, "FUTURE_OUTPUT", None),
                 iterator_item=getattr(support, "ITERATOR_ITEM", None),
                 iterator_method=getattr(support, "ITERATOR_METHOD", None),
                 index_method=getattr(support, "INDEX_METHOD", None),
                 element_accessors=ELEMENT_ACCESSORS | frozenset(getattr(support, "ELEMENT_ACCESSORS", ())),
                 guess_bare_names=getattr(support, "guess_bare_names", None) or (lambda resolver, path: True),
                 c3=getattr(support, "METHOD_ORDER", None) == "c3",
                 calls_passed=dict(getattr(support, "CALLS_PASSED", {})),
                 marker_bases=frozenset(getattr(support, "MARKER_BASES", ())),
                 locals_shadow=bool(getattr(support, "LOCALS_SHADOW", False)),
                 locals_declared=bool(getattr(support, "LOCALS_DECLARED", False)),
                 type_only_kinds=frozenset(getattr(support, "TYPE_ONLY_KINDS", ())),
                 base_kinds=frozenset(getattr(support, "BASE_KINDS", CLASSLIKE)),
                 bases_outside_body=bool(getattr(support, "BASES_OUTSIDE_BODY", False)),
                 name_layers=tuple(_layer(e) for e in names), member_layers=tuple(_layer(e) for e in members),
                 outside_path=getattr(support, "outside_path", None),
                 foreign_type=getattr(support, "foreign_type", None),
                 named_constructors=getattr(support, "NAMED_CONSTRUCTORS", False),
                 constructor_method=getattr(support, "CONSTRUCTOR_METHOD", None),
                 global_name=getattr(support, "global_name", None),
                 enclosing_type=getattr(support, "enclosing_type", None),
                 builtin_value=getattr(support, "builtin_value", None),
                 host_scripts=tuple(getattr(support, "HOST_SCRIPTS", ())),
                 library_member=getattr(support, "library_member", None),
                 labeled_self=getattr(support, "labeled_self", None),
                 universal_member=getattr(support, "universal_member", None),
                 macro_in_scope=getattr(support, "macro_in_scope", None),
                 visible_members=getattr(support, "visible_members", None),
                 generated_member=getattr(support, "generated_member", None),
                 visible_through_stars=bool(getattr(support, "VISIBLE_THROUGH_STARS", False)),
                 variants_from_own_file=bool(getattr(support, "VARIANTS_FROM_OWN_FILE", False)),
                 partial_types=bool(getattr(support, "PARTIAL_TYPES", False)),
                 type_arguments_written=bool(getattr(support, "GENERIC_NAMES", ())),
                 inline_type_arguments=getattr(support, "inline_type_arguments", None) or (lambda _receiver: None),
                 merged_declarations=bool(getattr(support, "MERGED_DECLARATIONS", False)),
                 alternative_twins=bool(getattr(support, "ALTERNATIVE_TWINS", False)),
                 constructor_functions=bool(getattr(support, "CONSTRUCTOR_FUNCTIONS", False)),
                 constructor_name=getattr(support, "constructor_name", None) or (lambda _name: False),
                 nearest_twin=bool(getattr(support, "NEAREST_TWIN", False)),
                 extends_library_types=bool(getattr(support, "EXTENDS_LIBRARY_TYPES", False)),
                 types_named_types=bool(getattr(support, "TYPES_NAMED_TYPES", False)),
                 members_imported=getattr(support, "members_imported", None) or (lambda _resolver, _r: False),
                 receiver_type_written=getattr(support, "receiver_type_written", None) or (lambda _receiver: None),
                 overloads=bool(getattr(support, "OVERLOADS", True)),
                 overloads_across_bases=bool(getattr(support, "OVERLOADS_ACROSS_BASES", False)),
                 module_overloads=bool(getattr(support, "MODULE_OVERLOADS", False)),
                 builtin_guess_named=bool(getattr(support, "BUILTIN_GUESS_NAMED", False)),
                 receiver_names_owner=bool(getattr(support, "RECEIVER_NAMES_OWNER", False)),
                 builtin_guess_named_methods=frozenset(getattr(support, "BUILTIN_GUESS_NAMED_METHODS", ())),
                 guess_overridden=bool(getattr(support, "GUESS_OVERRIDDEN", False)),
                 narrowed_guess_open=bool(getattr(support, "NARROWED_GUESS_OPEN", False)),
                 written_self=bool(getattr(support, "WRITTEN_SELF", False)),
                 extra_arguments_last=bool(getattr(support, "EXTRA_ARGUMENTS_LAST", False)),
                 labels_fit=getattr(support, "labels_fit", None),
                 no_defaults_first=bool(getattr(support, "NO_DEFAULTS_FIRST", False)),
                 labels_choose=getattr(support, "labels_choose", None),
                 settle_labels=getattr(support, "settle_labels", None),
                 linearize=getattr(support, "linearize", None),
                 static_form_place=getattr(support, "static_form_place", None),
                 scoped_type_paths=bool(getattr(support, "SCOPED_TYPE_PATHS", False)),
                 loops_take_yields=bool(getattr(support, "LOOPS_TAKE_YIELDS", False)),
                 library_callback_objects=bool(getattr(support, "LIBRARY_CALLBACK_OBJECTS", False)),
                 base_argument_lambdas=bool(getattr(support, "BASE_ARGUMENT_LAMBDAS", False)),
                 wrapper_types=frozenset(getattr(support, "WRAPPER_TYPES", ())),
                 declaration_only=getattr(support, "declaration_only", None),
                 call_operator=getattr(support, "CALL_OPERATOR", None),
                 namespace_receivers=frozenset(getattr(support, "NAMESPACE_RECEIVERS", ())),
                 function_types_give_result=bool(getattr(support, "FUNCTION_TYPES_GIVE_RESULT", False)),
                 library_extension_results=bool(getattr(support, "LIBRARY_EXTENSION_RESULTS", False)),
                 value_types=frozenset(getattr(support, "VALUE_TYPES", ())),
                 function_types=frozenset(getattr(support, "FUNCTION_TYPES", ())),
                 reads_declarations=getattr(support, "reads_declarations", None),
                 module_alternatives=bool(getattr(support, "MODULE_ALTERNATIVES", False)),
                 library_fixtures=frozenset(getattr(support, "LIBRARY_FIXTURES", ())),
                 may_be_instance=getattr(support, "may_be_instance", None),
                 argument_class=getattr(support, "argument_class", None),
                 unowned_builtins_external=bool(getattr(support, "UNOWNED_BUILTINS_EXTERNAL", False)),
                 unowned_kept=frozenset(getattr(support, "UNOWNED_KEPT", ())),
                 def_binds_local=bool(getattr(support, "DEF_BINDS_LOCAL", False)),
                 members_assigned=bool(getattr(support, "MEMBERS_ASSIGNED", False)),
                 class_calls_build_subclass=bool(getattr(support, "CLASS_CALLS_BUILD_SUBCLASS", False)),
                 missing_member=getattr(support, "MISSING_MEMBER_METHOD", None),
                 class_manager=getattr(support, "CLASS_MANAGER", None),
                 stars_visible=bool(getattr(support, "STARS_VISIBLE", False)),
                 guess_reach=int(getattr(support, "GUESS_REACH", 0)),
                 base_member_uses_class=bool(getattr(support, "BASE_MEMBER_USES_CLASS", False)),
                 return_unions=bool(getattr(support, "RETURN_UNIONS", False)),
                 unknown_member_reads=bool(getattr(support, "UNKNOWN_MEMBER_READS", False)),
                 elements_given=getattr(support, "elements_given", None),
                 made_by_module=getattr(support, "made_by_module", None),
                 lexical_key_this=bool(getattr(support, "LEXICAL_KEY_THIS", False)))


_LITERAL = lazy_re(r"""^(?:[rbuf]{0,2}["'`]|\d|\[|\{|/[^/*])""", re.I)  # "a".join(), 3.0.hex(), [].map(), /x/.test()


def _receiver_and_class_names(receiver: str, owner_id: str | None) -> tuple[str, str]:
    """A receiver's last name and a class's, lower case without underscores, as the two tests below compare them
    (``http_session`` / ``Session``: ``session``, ``session``); empty where either is missing."""
    if not receiver or not owner_id:
        return "", ""
    tail = re.split(r"\W+", receiver.rstrip("()"))[-1].replace("_", "").lower()
    return tail, unsuffixed(owner_id.rpartition("::")[2]).rpartition(".")[2].replace("_", "").lower()


# what a generative wrapper returns (``self.clone()``) and what a copying method builds its copy from
_SELF_COPY = re.compile(r"^self\.(\w+)\(\)$")
_TYPE_PATH = lazy_re(r"^[A-Z]\w*(?:\.[A-Z]\w*)*$")  # XCScheme, Foo.Bar: a type's path, a nested type's owner
_OWN_CLASS = ("self.__class__", "type(self)", "super(", "super()")


def _returns_own_object(r: "Ref") -> bool:
    """A ``return self`` (or ``this``) of the function's own object."""
    return r.kind == "returns" and r.name in SELF_NAMES and not r.receiver


def _receiver_names_class(receiver: str, owner_id: str | None) -> bool:
    """Whether a receiver's last name names a class (``session``, ``http_session``: ``Session``; ``client``:
    ``AsyncClient``): a library type's method on an unknown value (``self.options.get``, ``self.file.flush``) is the
    visible class's only then, not merely because the file sees one class having it (flask's ``Scaffold.get``)."""
    tail, name = _receiver_and_class_names(receiver, owner_id)
    return len(tail) >= 3 and bool(name) and (name.endswith(tail) or tail.endswith(name))


def _receiver_abbreviates_class(receiver: str, owner_id: str | None) -> bool:
    """Whether a receiver's last name abbreviates a class's: its start (``arg``, ``opt``: ``Argument``, ``Option``)
    or its letters in order from the first (``cmd``: ``Command``), three letters at least."""
    tail, name = _receiver_and_class_names(receiver, owner_id)
    if len(tail) < 3 or len(tail) >= len(name) or tail[0] != name[0]:
        return False
    letters = iter(name)
    return all(c in letters for c in tail)


def _listed(bound_to: str, answers: "_ValueAnswers") -> bool:
    """Whether a value flow's answer is the functions a table lists, one each: every value a plain name (no call's
    result, no type), each found for certain (``handlers := map[string]H{"a": doA}``; ``for _, f := range
    handlers``)."""
    values = bound_to.split("|")
    return len(answers.hits) == len(values) and answers.resolution not in GUESSES and not answers.external \
        and all(v.replace(".", "").replace("_", "").isalnum() for v in values)


@dataclass
class _ValueAnswers:
    """What the values a reference's ``bound_to`` lists answer together (``Resolver._through_value``)."""

    hits: list = field(default_factory=list)
    resolution: str | None = None
    external: bool = False
    computed: bool = False  # one of the values may have the member from a computed name
    unknown: bool = False  # an alias's member nothing here knows
    checked_own: bool = False  # a type check's class answered itself

    def add(self, found: "Found", value: str) -> None:
        if found.resolution == "external":
            self.external = True
            self.computed = self.computed or found is COMPUTED_MEMBER
        # if (x instanceof Console) x.errors(): the checked class has it, the declared type only through its
        # subclasses (any of them, not only the checked one's): the check's answer alone
        if found.resolution == "dispatch" and self.checked_own:
            return
        if found.ids and value.startswith(NARROWED_VALUE) and found.resolution != "dispatch":
            self.checked_own = True
            if self.resolution == "dispatch":
                self.hits, self.resolution = [], None
        for sid in found.ids:
            if sid not in self.hits:
                self.hits.append(sid)
        self.resolution = self.resolution or (found.resolution if found.ids else None)


class Resolver(ImportBindings):
    # whether each file's language support and hooks are read when the file is first met (``bindings.PerFile``: an
    # update's ``LazyResolver``), not for every file up front (a full run meets every file)
    LANGUAGES_MET = False

    def __init__(self, graph: Graph, files: dict[str, dict], root, provenance: str):
        supports, self.hooks, any_alternatives = self._languages(files)
        super().__init__(graph, supports, root)
        self.files, self.provenance = files, provenance
        self.no_hooks = hooks_of(None)
        self._alternatives = {} if any_alternatives else None
        self.scopes: dict[str, tuple | None] = {}  # path -> (group, package scope)
        self._arity_twins_of: dict[str, list[str]] = {}  # a type -> it and its twins (``_arity_twins``)
        self._global_cache: dict[tuple, Found] = {}
        self._method_named: dict[str, bool] = {}  # ``_names_a_method``'s answers
        self.lang_state: dict[str, dict] = {}  # a language module's own memo for this run, under its name
        self._by_prefix: dict[tuple, dict[tuple, list[str]]] = {}  # candidates by leading folders, per name
        self._mro: dict[str, list[tuple[str, int]]] = {}
        self._ancestries: dict[tuple, Ancestry | None] = {}  # (group, a type's simple name) -> its supertypes
        self.return_types: dict[tuple[str, str], Ref] = {}  # (path, qualname) -> its declared return type
        self.item_types: dict[tuple[str, str], Ref] = {}  # (path, qualname) -> its returned container's elements
        # (path, qualname, place) -> the type a function declares for what it passes its callbacks (``signature``)
        self.signatures: dict[tuple[str, str, str], Ref] = {}
        self._wrappers_ours: dict[tuple[str, str], str | None] = {}  # (path, qualname) -> _wrapper_of_ours
        # (path, qualname) -> the members a module-level type alias names (``X = Union[A, B]``: refs ``type.alias``)
        self.alias_members: dict[tuple[str, str], list[Ref]] = {}
        # (path, qualname) -> the types a declared return's union names, where it names several (``return_unions``)
        self.return_members: dict[tuple[str, str], list[Ref]] = {}
        self.item_members: dict[tuple[str, str], list[Ref]] = {}  # and of its container's elements (Iterator[A | B])
        self._class_of_call: dict[str, str | None] = {}
        # return_class in progress, and those of them met again below (a cycle: f returns g(), g returns f()); an
        # answer that met one still in progress is not kept, so what is kept does not depend on which came first
        self._returning: set[str] = set()
        self._returning_targets: set[str] = set()
        self._call_members: dict[str, list | None] = {}  # _returned_members, its walks in progress below
        self._returning_members: set[str] = set()
        self._cycle_met: set[str] = set()
        # answers that met a cycle, kept until the outermost of these walks ends (not for good: they depend on where
        # it began), so that one walk computes each function once, not once per path to it (exponential on sympy)
        self._round: dict[tuple[int, str], tuple[object, set[str]]] = {}
        self._round_depth = 0
        self._visible: dict[str, tuple[set, set]] = {}
        self._reached: dict[str, set[str]] = {}
        self._through_barrels: dict[str, tuple[set, set]] = {}
        self._value_classes: dict[tuple, tuple[str | None, str]] = {}
        self._local_class_names: dict[tuple[str, str], bool] = {}  # (path, name): a class some function defines
        self._classes_lowered: dict[str, list[str]] | None = None  # a class's name lowered -> its ids (_related_model)
        self._read_memo: dict[tuple, tuple | None] = {}
        self._c3_memo: dict[str, list | None] = {}
        self._members_memo: dict[tuple[str, str], Found] = {}
        self._member_memo: dict[tuple, Found | None] = {}  # (class, name, skip_self, kinds) -> ``_member``
        self._test_function_around: dict[str, Symbol | None] = {}  # a member -> ``_test_function_of``
        self._visible_names: dict[tuple, Found | None] = {}  # (path, scope, name, src) -> ``_visible_name``
        self._modules_of: dict[tuple[str, str], list[str] | None] = {}  # (path, dotted) -> ``_module_of``
        self._line_sensitive: dict[str, frozenset[str]] = {}
        self._mentions_twinned: dict[tuple, bool] = {}  # (path, written) -> ``line_sensitive``
        self._built_twin_names: dict[str, frozenset[str]] | None = None
        self.returned: dict[tuple[str, str], list[Ref]] = defaultdict(list)  # what each function returns or yields
        self.wrapped: dict[str, list[str]] = {}  # decorated function -> its decorators (repository functions)
        # decorated function -> every decorator of ours (the functions decorator_functions gives), returns or none
        self.decorated_as: dict[str, list[str]] = {}
        self.made: dict[str, bool] = {}  # definitions marked ``MADE`` (a name spelled from a template) -> True
        self.singleton_defs: set[str] = set()  # definitions marked ``SINGLETON`` (the class object's own methods)
        self.exposed: set[str] = set()  # definitions marked ``EXPOSED`` (reached by other files' bare names)
        self.passed: dict[tuple[str, str], dict[str, None]] = {}  # (function, parameter) -> functions passed for it
        self._returns_memo: dict[str, list[str]] = {}
        self._typed_kinds, self._named_kinds = self._answers_by_kind()

    def _languages(self, files) -> tuple[dict, dict, bool]:
        """Each file's ``langs`` module and ``Hooks`` (one ``Hooks`` per module), and whether a language keeps a
        module's alternative definitions (``module_alternatives``; with ``LANGUAGES_MET`` assumed: a hit whose
        language does not keep them has none, ``_module_alternatives``)."""
        by_module: dict[int, Hooks] = {}

        def hooks_of_module(support) -> Hooks:
            found = by_module.get(id(support))
            if found is None:
                found = by_module[id(support)] = hooks_of(support)
            return found

        if self.LANGUAGES_MET:
            return (PerFile(files, langs.support), PerFile(files, lambda lang: hooks_of_module(langs.support(lang))),
                    True)
        by_language: dict = {}  # a module looked up once per language, not once per file
        supports = {p: by_language[lang] if (lang := i.get("language")) in by_language
                    else by_language.setdefault(lang, langs.support(lang)) for p, i in files.items()}
        for support in by_language.values():
            hooks_of_module(support)
        hooks = {p: by_module[id(m)] for p, m in supports.items()}
        return supports, hooks, any(h.module_alternatives for h in by_module.values())

    # -- imports ------------------------------------------------------------------------------------------------
    def bind_imports(self, refs_by_path: dict[str, list[Ref]], edge_paths: set[str] | None = None) -> list[Edge]:
        """Register every file's imports; returns the ``imports`` edges of ``edge_paths`` (default: every file)."""
        self.register(refs_by_path, eager=edge_paths is None)
        edges = []
        for path in self.imports_of if edge_paths is None else [p for p in self.imports_of if p in edge_paths]:
            for d in self.declare(path):
                target = self.import_target(d.targets, d.name, d.support, spec=d.spec)
                inline = self._inline_module(path, d.spec, d.name, d.support)
                if target.kind == "unresolved" and not d.targets:
                    target = inline or self._namespace_submodule(path, d.spec, d.name, d.support) or \
                        (Binding("external") if self.is_external(d.support, path, d.spec) else target)
                if target.kind == "unresolved" and d.name not in (None, "*") and \
                        self._made_by_module(path, d.name, d.targets):
                    # a name the module makes as it runs (``a, b = ..`` in a loop): the importer depends on the module
                    edges.append(self._import_edge(d.ref, d.spec, d.name, Binding("module", d.targets), "module"))
                    continue
                own = (target.kind == "symbol" and self.g.by_id[target.value].path == path and inline is None) or \
                    (target.kind == "module" and target.value == [path])
                # a file's own re-export, or super::* of an inline module: not a dependency (use inner::f of a mod
                # inner { } in the file is: under a #[cfg] it may be the only way f is reached)
                if own:
                    continue
                edges.append(self._import_edge(d.ref, d.spec, d.name, target))
                if target.kind == "symbol" and d.targets and self.g.by_id[target.value].path not in d.targets:
                    # the name comes through a barrel (index.ts, a package __init__): the importer depends on it too
                    edges.append(self._import_edge(d.ref, d.spec, None, Binding("module", d.targets), "module"))
        return edges

    def _import_edge(self, r: Ref, spec: str, name: str | None, target: Binding, form: str = "import") -> Edge:
        if target.kind == "symbol":
            dst = target.value
        elif target.kind == "module":
            # a package of several files: the same one whatever the order, code before its declaration file
            dst = f"{min(target.value, key=lambda p: (self._declaration_only(p), p))}::{MODULE}"
        else:
            dst = None
        # export { a } / export type { A } (no module: the file's own names or ones it imported): the name alone
        written = (f"{spec}.{name}" if spec else name) if name and name != "*" else (spec or "")
        res = "import" if dst else target.kind
        return self._edge(r, f"{r.path}::{MODULE}", dst, written, "imports", res, form, None)

    # -- references ---------------------------------------------------------------------------------------------
    def resolve(self, r: Ref) -> list[Edge]:
        self.reading = (r.path, r.line)  # what an import binds may depend on the line (``bindings._block_local``)
        src = self._source_of(r)
        kind = r.kind
        answer = self._typed_kinds.get(kind)  # kinds answered whatever the name
        if answer is not None:
            return answer(self, r, src)
        if kind.startswith(TYPE_PREFIX):
            return self._uses_type(r, src)
        if kind in INDEX_KINDS or r.name in (OWN_OBJECT, OWN_CODE) or (kind == "returns" and r.name == "this"):
            return []  # what functions return (``return {...}``, ``return this``), call of parameters, decorators
        answer = self._named_kinds.get(kind)
        return answer(self, r, src) if answer is not None else self._call(r, src)

    def _answers_by_kind(self) -> tuple[dict[str, Callable], dict[str, Callable]]:
        """``resolve``'s answer of each kind with one of its own (``answer(self, r, src)``): of the kinds answered
        whatever the name, and of the others; every other kind is a call (``_call``). Taken from the resolver's
        class, so a subclass's override answers (functions, not bound methods: no cycle holding the resolver)."""
        cls = type(self)
        nothing = lambda self, r, src: []  # noqa: E731
        typed = {"inherits": cls._inherits, ITEMS_KIND: nothing,  # a loop's item: its type's use is its generic edge
                 TYPE_QUERY: cls._type_query, "attribute": cls._attribute, "read": cls._read,
                 "fixture": cls._fixture_edges}
        named = {"mention": cls._mention, "stored": cls._stored, "local_stored": cls._local_stored,
                 "protocol": cls._protocol, TEMPLATE_FORM: cls._template, "dotted_path": cls._dotted_path,
                 "macro_call": lambda self, r, src: self._edges(r, src, self._macro(r), "calls", "macro"),
                 "implicit_call": lambda self, r, src: self._edges(r, src, self._implicit_member(r), "calls", "call"),
                 "implicit_read": cls._implicit_read, "scoped_call": cls._scoped_call,
                 "call_result": cls._call_result, **{kind: cls._local for kind in LOCAL_KINDS}}
        return typed, named

    def _source_of(self, r: Ref) -> str:
        """The id of the definition a reference is written in (its file's module where none)."""
        src = self.g.by_qual.get((r.path, r.src_qualname))
        if src is None and r.src_qualname != MODULE and r.kind == "inherits":  # impl Trait for T, T in another file
            src = self._class_named(r, r.src_qualname)
        return src or f"{r.path}::{MODULE}"

    def _local_stored(self, r: Ref, src: str) -> list[Edge]:
        """A variable stored (``entry->key = newkey``): no function known, but a parameter's value is what callers
        pass (``mws = append(mws, mw...)``)."""
        given = self._parameter_bound(r, src)
        return self._stored(r, src, given.ids) if given else []

    def _fixture_edges(self, r: Ref, src: str) -> list[Edge]:
        hits = self._fixture(r, src)
        return self._edges(r, src, Found(hits, "fixture"), "calls", "fixture") if hits else []

    def _mention(self, r: Ref, src: str) -> list[Edge]:
        """A name written where it is no code (a macro's body): never resolved nor guessed."""
        builtin = r.receiver is None and r.name in self.hooks.get(r.path, self.no_hooks).builtins
        return self._edges(r, src, EXTERNAL if builtin else UNRESOLVED, "calls", "mention")

    def _scoped_call(self, r: Ref, src: str) -> list[Edge]:
        """``port()`` in ``Builder().apply { }``: Builder's port, else what a bare ``port()`` is; of a member with
        overloads, those taking its arguments (Exposed's ``registerValues(v)`` in a ``queryBuilder { }`` lambda: the
        abstract ``QueryBuilder.registerValues`` and each subclass's override, all extensions of QueryBuilder)."""
        found = self._call_candidates(r, src) if self._receiver_known(r) else UNRESOLVED
        if found.ids and found.resolution not in GUESSES:
            return self._edges(r, src, found, "calls", "call")
        bare = replace(r, kind="call", receiver=None, bound_to=None)
        edges = self.resolve(bare)
        if len(edges) == 1 and edges[0].resolution == "unresolved" and self._library_lambda(r):
            return self._edges(bare, src, EXTERNAL, "calls", "call")
        return edges

    def _library_lambda(self, r: Ref) -> bool:
        """Whether a lambda around a bare call has a library's receiver: picnic's ``table { header { row { cell("x")
        } } }`` with ``table`` imported from the library, or a function of ours declaring one (diffuse's
        ``diffuseTable(content: TableDsl.() -> Unit)``), or ``appendable.apply { }`` on a library's type: a name
        nothing here defines is that receiver's, not unresolved (diffuse: ~190 such calls). ``bound_to`` holds the
        lambdas' receivers, innermost first (``passed:this@header.row@..^passed:table@..``)."""
        hooks = self.hooks.get(r.path, self.no_hooks)
        for value in (r.bound_to or "").split("^"):
            callee = _PASSED_CALLEE.match(value)
            binding = self.bound_name(r.path, callee.group(1)) if callee else None
            if binding is not None and binding.kind == "external" \
                    or self._class_of_value(r, value, hooks)[1] == "external":
                return True
        return False

    def _call_result(self, r: Ref, src: str) -> list[Edge]:
        """``make()()``: what make returns is called."""
        found = self._lookup(r, src, CALLABLE)
        hits = [t for sid in found.ids for t in self._result_called(sid)]
        return self._edges(r, src, Found(list(dict.fromkeys(hits)), "flow"), "calls", "call") if hits else []

    def _local(self, r: Ref, src: str) -> list[Edge]:
        """A variable named like a definition: only this file's definition may be meant."""
        form = LOCAL_KINDS[r.kind]
        hooks = self.hooks.get(r.path, self.no_hooks)
        if form == "call" and hooks.locals_declared and _own_initializer(r):  # ``val table = table { .. }``: the
            return self._call(r, src)  # local is not bound in its own initializer: an outer function is called
        shadowed = hooks.locals_shadow
        # a parameter that callers give functions is that parameter, whatever the file defines of its name
        found = ((self._through_value(r, src) if r.bound_to else None) or self._parameter_bound(r, src)
                 or (None if shadowed else self._scoped(r, src)) or UNRESOLVED)
        found = self._with_own_definition(r, found, hooks) if shadowed else found
        if form == "callback" and found.resolution in GUESSES:  # const status = res.status; f(status): a
            return []  # variable passed on, holding what a guess by name says: no callback, as for a bare name
        if form == "call" and not found.ids:  # completion(result), send(.tap): a parameter's or variable's
            return self._edges(r, src, found, "calls", VALUE_CALL)  # value called, no function of that name
        if form == "call":  # cls(), factory() holding a class: the call builds it, as Foo() does
            return self._edges(r, src, found, "calls", form) + self._constructor_edges(r, src, found)
        return self._edges(r, src, found, "calls", form) if found.ids else []

    def _with_own_definition(self, r: Ref, found: Found, hooks: Hooks) -> Found:
        """``found`` and the function or class the caller's own function defines under the local's name, where the
        language's ``def`` binds a local (``def neighbors(v)`` in one branch, ``neighbors = G.neighbors`` in the
        other: ``neighbors(v)`` after both may run either)."""
        if not hooks.def_binds_local or r.receiver or not r.src_qualname or r.src_qualname == MODULE:
            return found
        sid = self.g.by_qual.get((r.path, f"{r.src_qualname}.{r.name}"))
        if sid is None or sid in found.ids or self.g.by_id[sid].kind not in ("function", "class"):
            return found
        return Found(found.ids + [sid], found.resolution if found.ids else "same_file")

    def _assigned_member(self, r: Ref, found: Found | None, hooks: Hooks) -> Found | None:
        """A member the file defines on the receiver's name (``internals.f``, ``internals.Request``) where the
        receiver's value answered nothing of ours (a library's, or nothing the code states: ``var Note =
        sequelize.define(..)`` with ``sequelize`` a parameter): an object that members are assigned to after it
        was made."""
        if not hooks.members_assigned or not r.receiver or found is not None and found.resolution != "external":
            return found
        sid = self.g.by_qual.get((r.path, f"{r.receiver}.{r.name}"))
        return Found([sid], "same_file") if sid is not None else found

    def _call(self, r: Ref, src: str) -> list[Edge]:
        """A call, a function passed or returned (``callback``): its candidates narrowed, then its edges."""
        found = self._call_candidates(r, src)
        form = "callback" if r.kind == "returns" else r.kind
        # Visitor::default() (derived), kw::state (macro-made), handler.layer(x) (a trait's, guessed by name)
        named = self._receiver_named(r, src) if r.receiver and (
            not found.ids or found.resolution in GUESSES or found.resolution == "inherited"
            and self.hooks.get(r.path, self.no_hooks).base_member_uses_class) else self._decorated_receiver(r, src)
        if r.receiver and not found.ids:
            return named if form == "callback" else \
                self._edges(r, src, found, "calls", form) + self._receiver_read(r, src) + named
        if form == "callback" and (found.resolution in ("unresolved", "ambiguous", "external")
                                   or (found.resolution == "unique_name" and r.receiver)):
            return named  # a bare name passed as a value is mostly a variable: keep only confident callbacks
        called_slots = self.hooks.get(r.path, self.no_hooks).calls_passed.get(r.module) if r.module else None
        if form == "callback" and called_slots is not None:  # map(f, xs), sorted(xs, key=f): f is called there;
            if _slot(r.alias) not in called_slots and not self._all_functions(found):
                return []  # sorted(self.items), max(self.depth, 1): a value only read (a function there: as PyCG has it)
            form = "call"
        form = "constructor" if found.resolution == "constructor" and form == "call" else form  # a.m passed: a value
        edges = self._edges(r, src, found, "calls", form) + self._called_along(r, src, found, form)
        return edges + self._receiver_read(r, src) + named if r.receiver else edges

    def _decorated_receiver(self, r: Ref, src: str) -> list[Edge]:
        """``add.send()`` where ``add`` is a decorated function of ours, read as its decorators' class
        (``_decorated_class``): the function is still what the object runs, so the call uses it, as the receiver of
        a member not found does (``_receiver_named``); its blast radius keeps the callers sending it."""
        if not self.decorated_as or not r.receiver or not r.receiver.isidentifier():
            return []
        named = self._receiver_named(r, src)
        return named if named and named[0].dst_id in self.decorated_as else []

    def _all_functions(self, found: Found) -> bool:
        return bool(found.ids) and all(self.g.by_id[i].kind in STORED_FUNCTIONS for i in found.ids)

    def _call_candidates(self, r: Ref, src: str) -> Found:
        """What a call's name finds, narrowed by its overloads, argument count and labels, what the file sees, and
        (of a guess) the declarations that describe a body."""
        found = self._lookup(r, src, CALLABLE)
        if found.ids and found.resolution not in GUESSES:
            found = self._values_of_declarations(found)
        hooks = self.hooks.get(r.path, self.no_hooks)
        # a bare m(x, 1) too, where the language counts arguments: a scope's look-up keeps one definition per name
        if (r.receiver or r.args is not None) and found.ids and found.resolution not in GUESSES and hooks.overloads:
            found = self._with_overloads(found)
            found = self._with_parts_overloads(found) if hooks.partial_types else found
            found = self._module_overloads(found) if hooks.module_overloads else found
            found = self._inherited_overloads(found, r) if r.args is not None and hooks.overloads_across_bases \
                else found
        if r.args is not None and found.ids and found.resolution not in GUESSES:
            found = self._with_members_apart(found)
        if r.receiver and (len(found.ids) > 1 or found.resolution == "unique_name") \
                and hooks.visible_members is not None:  # of extensions in several
            found = hooks.visible_members(self, r, src, found)  # packages, the ones seen
        if r.args is not None and len(found.ids) > 1:
            found = type(found)(self._accepting(found.ids, r), found.resolution)  # a Listed one stays whole
        if hooks.type_arguments_written and len(found.ids) > 1 and found.resolution not in GUESSES:
            found = self._by_method_type_parameters(r, found)
        if found.resolution in GUESSES and len(found.ids) > 1:
            found = self._implemented(found)
        return found

    def _values_of_declarations(self, found: Found) -> Found:
        """A call never runs an interface or type alias: where one shares its name with a function or variable of its
        file (declaration merging: zod's `interface $constructor<T>` beside `function $constructor(..)`, `interface
        ZodType` beside `const ZodType = core.$constructor(..)`), the value twin is what the call reaches."""
        if not any(self.g.by_id[i].kind in DECLARATIONS for i in found.ids):
            return found
        ids = [(self._of_kind(i, _MERGED_VALUES) or i) if self.g.by_id[i].kind in DECLARATIONS else i
               for i in found.ids]
        return found._replace(ids=list(dict.fromkeys(ids)))

    def _called_along(self, r: Ref, src: str, found: Found, form: str) -> list[Edge]:
        """What a call reaches besides its targets: the constructors a class's call runs, the function a called
        field or variable holds, the wrappers of a decorated function."""
        edges = self._constructor_edges(r, src, found) if form == "call" else []
        # obj.handler() with handler = self.on_event (a variable holding a function is called as that variable,
        # which calls the function: z.string() with const stringType = ZodString.create, as a type checker sees it)
        if r.receiver and form in ("call", "constructor") and found.ids:
            held = [t for sid in found.ids[:MAX_CANDIDATES] for t in self._held_function(sid, FIELD_HOLDER)]
            edges += self._edges(r, src, Found(list(dict.fromkeys(held)), "flow"), "calls", "call") if held else []
        # (a method of a value whose class the call that built it says, form "constructor", is wrapped the same)
        if form in ("call", "constructor") and self.wrapped and found.ids:
            wrappers = [w for sid in found.ids if sid in self.wrapped for w in self._wrappers(sid)]
            edges += self._edges(r, src, Found(wrappers, "flow"), "calls", "call") if wrappers else []
        if form == "call" and found.ids and found.resolution not in GUESSES and r.receiver \
                and all(part.isidentifier() for part in r.receiver.split(".")):  # opts.onDone() of opts: Options,
            # which declares onDone (or opts.hooks.onDone(), p.setup() of a p in opts.plugins): the methods
            given = self._parameter_bound(replace(r, name=f"{r.receiver}.{r.name}"), src)  # callers' objects hold
            edges += self._edges(r, src, given, "calls", "call") if given else []
        return edges

    def _stored(self, r: Ref, src: str, given: list[str] | None = None) -> list[Edge]:
        """A function stored in a field (``stored``: C's ``.read = on_read`` in an initializer of the enclosing
        variable, ``p->cb = f``): an edge from the field to the function, as from an interface's method to an
        implementation, so a call through the field reaches it. The field is the member of the value's declared type
        (``dispatch``), else the one field of that name (``unique_name``); several of that name: none (a guess would
        join another struct's functions). ``given``: the functions a parameter stored is passed
        (``_parameter_bound``)."""
        holder, _, field = (r.alias or "").rpartition(".")
        sym = self.g.by_id.get(src)
        holder = holder or (sym.qualname if sym is not None and sym.kind in VALUES else "")
        if not holder or not field:
            return []
        # the binding is the holder variable's, else the method value's object's (see parse._stored_bound)
        own_object = r.receiver is not None and r.receiver.partition(".")[0] != holder
        found = self._placed_field(r, holder, field, src) if field[0] == "#" else \
            self._lookup(Ref(r.path, r.src_qualname, "attribute", field, holder, None, None, r.line,
                             r.bound_to if "." not in holder and not own_object else None), src, VALUES)
        fields = [i for i in found.ids if self.g.by_id[i].kind == "field"] if found.resolution != "ambiguous" else []
        bound = r.bound_to if r.receiver is not None and (own_object or "." not in holder) else None
        function = Found(given, "flow") if given is not None else \
            self._lookup(replace(r, kind="call", alias=None, bound_to=bound), src, CALLABLE)
        if len(fields) != 1 or function.resolution in GUESSES:
            return []
        res = "unique_name" if found.resolution in GUESSES else "dispatch"
        # the edge's source is the field, not the reference's: ``receiver`` keeps the reference's source (the
        # variable or function storing it), by which an update finds the edges of a reference (``STORED_FORM``)
        return [self._edge(r, fields[0], f, r.name, "calls", res, STORED_FORM, r.src_qualname)
                for f in function.ids if self.g.by_id[f].kind in STORED_FUNCTIONS]

    def _placed_field(self, r: Ref, holder: str, place: str, src: str) -> Found:
        """The field at ``place`` (``#1``) of the struct the variable ``holder`` is declared of (or the struct
        ``holder`` names: Go's ``Handler{"x", handleX}``), in declared order; none where the value is no struct of
        the repository or has fewer fields."""
        declared = self.return_types.get((r.path, holder))
        sid = self.g.by_qual.get((r.path, holder))
        cls = self._declared_class(declared, sid) if declared is not None and sid else \
            self._named_struct(r, holder, src) if declared is None else None
        cls = self._unaliased(cls) if cls else None  # static const rio x = {..}: typedef struct _rio {..} rio
        fields = sorted((self.g.by_id[i] for i in self.g.members.get(cls, {}).values()
                         if self.g.by_id[i].kind == "field"), key=lambda f: f.line) if cls else []
        at = int(place[1:])
        lines = [f.line for f in fields[:at + 1]]
        if at >= len(fields) or len(set(lines)) < len(lines):  # two fields on one line: their order is not known
            return UNRESOLVED
        return Found([fields[at].id], "dispatch")

    def _named_struct(self, r: Ref, name: str, src: str) -> str | None:
        """The one struct of the repository a literal's written type names, where it is known for sure."""
        found = self._lookup(Ref(r.path, r.src_qualname, "call", name, None, None, None, r.line), src, STRUCTS)
        return found.ids[0] if len(found.ids) == 1 and found.resolution not in GUESSES else None

    def _constructor_edges(self, r: Ref, src: str, found: Found) -> list:
        """Where a language names its constructors (``NAMED_CONSTRUCTORS``), a call of a class also calls them: the
        class's own, or a base class's."""
        constructors = self.hooks.get(r.path, self.no_hooks).named_constructors
        if not found.ids or not constructors:
            return []
        built = self._constructors(found.ids[:MAX_CANDIDATES], constructors)
        if r.args is not None and built:  # with the type's initializers from other files (a Swift extension's)
            built = self._with_members_apart(Found(built, found.resolution)).ids
        built = self._accepting(built, r) if r.args is not None and len(built) > 1 else built
        return self._edges(r, src, Found(built, found.resolution), "calls", "constructor") if built else []

    def _macro(self, r: Ref) -> Found:
        """The repository's macros named as called (``tri!``): its file's own first (a macro is in scope after its
        definition there), else the others of that name; none is a library's (``println!``, ``serde::forward!``)."""
        ids = [i for i in self.g.by_name.get(r.name, ()) if self.g.by_id[i].kind in MACROS]
        here = [i for i in ids if self.g.by_id[i].path == r.path]
        if here:
            return Found(here, "same_file")
        if not ids:
            return EXTERNAL
        in_scope = self.hooks.get(r.path, self.no_hooks).macro_in_scope
        scoped = in_scope(self, r, ids) if in_scope is not None else None
        return scoped or Found(ids[:MAX_CANDIDATES], "unique_name" if len(ids) == 1 else "ambiguous")

    def _implemented(self, found: Found) -> Found:
        """Of a name guess's candidates, a declaration file's (``typings/index.d.ts``' ``Command.parse``) dropped where
        a candidate of the same name in the class of the same name has a body: the declaration describes it."""
        declared = [i for i in found.ids if self._declaration_only(self.g.by_id[i].path)]
        if not declared:
            return found
        bodies = {untwinned(self.g.by_id[i].qualname) for i in found.ids if i not in declared}
        kept = [i for i in found.ids if i not in declared or untwinned(self.g.by_id[i].qualname) not in bodies]
        return Found(kept, "unique_name" if self._one_definition(kept) else found.resolution)

    def _declaration_only(self, path: str) -> bool:
        rule = self.hooks.get(path, self.no_hooks).declaration_only
        return rule is not None and rule(path)

    def _accepting(self, ids: list[str], r: Ref) -> list[str]:
        """Of several candidates, those whose parameters accept the call's ``args`` arguments (``add(x)`` is
        ``add(String)``, not ``add(String, int)``), then of those the ones whose labels fit the call's where the
        language reads them (``request(u)`` is ``request(_:)``, not ``request(_:interceptor:)``); at each step all of
        them where none does (a count or label not read is no evidence)."""
        kept = [i for i in ids if (p := self.g.by_id[i].params) is None or p.accepts(r.args)] or ids
        hooks = self.hooks.get(r.path, self.no_hooks)
        if r.args == 0 and hooks.no_defaults_first and len(kept) > 1:
            kept = self._taking_none(kept)
        if r.labels is None or len(kept) < 2:
            return kept
        if hooks.labels_choose is not None:
            written = hooks.settle_labels(self, r, r.labels) if hooks.settle_labels is not None else r.labels
            return self._chosen(kept, r.path, written, hooks.labels_choose)
        if hooks.labels_fit is None:
            return kept
        return [i for i in kept if (p := self.g.by_id[i].params) is None or p.labels is None
                or hooks.labels_fit(p.labels, r.labels)] or kept

    def _taking_none(self, ids: list[str]) -> list[str]:
        """Of a call's candidates of no arguments, a type's overload taking none where it has one: its others,
        every parameter defaulted, are dropped (``NO_DEFAULTS_FIRST``); another type's and one not read stay."""
        none = {self.g.by_id[i].parent_id for i in ids if (p := self.g.by_id[i].params) is not None and p.most == 0}
        return [i for i in ids if (p := self.g.by_id[i].params) is None or p.most == 0
                or self.g.by_id[i].parent_id not in none] if none else ids

    def _chosen(self, ids: list[str], path: str, written: str, choose: Callable) -> list[str]:
        """Of candidates, those the language's ``labels_choose`` keeps among the overloads of each type (candidates
        of one parent); one whose labels were not read stays, and so do all where none would."""
        groups: dict[str | None, list[str]] = {}
        for i in ids:
            if (p := self.g.by_id[i].params) is not None and p.labels is not None:
                groups.setdefault(self.g.by_id[i].parent_id, []).append(i)
        dropped = set()
        for group in groups.values():
            verdicts = choose([self.g.by_id[i].params.labels for i in group], written,
                              lambda name: self._ancestry_named(name, path))
            dropped.update(i for i, keep in zip(group, verdicts) if not keep)
        return [i for i in ids if i not in dropped] or ids

    def _ancestry_named(self, name: str, path: str) -> "Ancestry | None":
        """What the repository says of the supertypes of a type named ``name`` (a simple name: a parameter's or
        argument's erasure) in the language of ``path``: None where no class of it bears the name (a library's
        type, or a builtin)."""
        support = self.supports.get(path)
        key = (support.GROUP if support else None, name)
        found = self._ancestries.get(key, False)
        if found is False:
            found = self._ancestries[key] = self._ancestry_uncached(name, path)
        return found

    def _ancestry_uncached(self, name: str, path: str) -> "Ancestry | None":
        classes = self._same_language([i for i in self.g.by_name.get(name, ()) if self.g.by_id[i].kind in CLASSLIKE],
                                      path)
        if not classes:
            return None
        each = [{self.g.by_id[c].name for c, _ in self._linearized(cls) if c in self.g.by_id} for cls in classes]
        lineage = [c for cls in classes for c, _ in self._linearized(cls)]
        complete = not any(c in self.g.external_bases for c in lineage)
        outside = frozenset(name for c in lineage for name in self.g.external_base_names.get(c, ()))
        return Ancestry(frozenset.intersection(*map(frozenset, each)), frozenset().union(*each), complete, outside)

    def _with_overloads(self, found: Found) -> Found:
        """A member found on a known type, with its overloads (``Cart.add``, ``Cart.add#2``: the same name defined
        again in its scope, of the same kind): a look-up keeps one definition per name, and the call may mean any of
        them (a bare call too, where the language counts arguments: Java's ``pour(x, 1)`` beside ``pour(x)``);
        those that accept its arguments are kept where the language counts them (``_accepting``). Without them, an
        overload's callers are none: a false "nothing calls this"."""
        out = []
        for sid in found.ids:
            kind = self.g.by_id[sid].kind
            out += [t for t in self._twins(sid) if t not in out and (t == sid or self.g.by_id[t].kind == kind)]
        # (a twin marked MADE is no overload where written ones answer: `handlers.onDone()` of a function's own
        # object, not the `onDone` of an object the function hands to a call)
        return found if len(out) == len(found.ids) else type(found)(self._written_first(Found(out, "")).ids,
                                                                    found.resolution)

    def _module_overloads(self, found: Found) -> Found:
        """A top-level function found in one file of its module, with the same-named top-level functions of the
        module's other files and their overloads (``package_twins``): the look-up keeps the first file's, so the
        other files' overloads had no caller at all; the call's arguments choose among them (``_accepting``)."""
        out = list(found.ids)
        for sid in found.ids:
            sym = self.g.by_id[sid]
            top = untwinned(sym.qualname) == sym.name  # a module-level function, not a member
            key = self._package_key(sym.path) if top and sym.kind in STORED_FUNCTIONS else None
            for first in self.g.package_twins.get((key, sym.name), ()) if key else ():
                out += [t for t in self._twins(first) if t not in out and self.g.by_id[t].kind == sym.kind]
        return found if len(out) == len(found.ids) else Found(out, found.resolution)

    def _inherited_overloads(self, found: Found, r: Ref) -> Found:
        """``div.attr("k")`` where ``Element`` declares ``attr(k, v)`` overloads only and its base ``Node`` declares
        ``attr(k)``: overloads span the class's bases (``OVERLOADS_ACROSS_BASES``: Java's, Kotlin's), so where no
        member found accepts the call's arguments, the nearest base's of that name that do; found as it is otherwise
        (a count not read, a member of no class, or no base's fitting either: every one found, as ``_accepting``
        keeps them)."""
        syms = [self.g.by_id[i] for i in found.ids]
        if any(s.params is None or s.params.accepts(r.args) for s in syms):
            return found
        owners = {s.parent_id for s in syms}
        owner = owners.pop() if len(owners) == 1 else None
        if owner not in self.g.by_id or self.g.by_id[owner].kind not in CLASSLIKE:
            return found
        for c, depth in self._linearized(owner):
            sid = self.g.members.get(c, {}).get(r.name) if depth else None
            fits = [t for t in self._twins(sid) if (p := self.g.by_id[t].params) is not None
                    and p.accepts(r.args)] if sid else []
            if fits:
                return Found(fits, "inherited")
        return found

    def _with_parts_overloads(self, found: Found) -> Found:
        """A method found on one part of a partial type (C#'s ``partial class Policy`` of NoOpSyntax.cs and
        NoOpTResultSyntax.cs), with the same-named methods its other parts declare and their overloads: the type's
        overloads as much as those of the part found (a look-up keeps the first part's); the call's arguments and
        type arguments choose among them (``_accepting``, ``_by_method_type_parameters``)."""
        out = list(found.ids)
        for sid in found.ids:
            sym = self.g.by_id[sid]
            owner = self.g.by_id.get(sym.parent_id or "")
            if sym.kind not in METHODS or owner is None or owner.kind not in CLASSLIKE:
                continue
            for part in self._parts(owner.id):
                other = self.g.members.get(part, {}).get(sym.name)
                out += [t for t in (self._twins(other) if other else ()) if t not in out
                        and self.g.by_id[t].kind == sym.kind]
        return found if len(out) == len(found.ids) else Found(out, found.resolution)

    def _by_method_type_parameters(self, r: Ref, found: Found) -> Found:
        """Of a call's overloads, where the language records the type arguments a name writes
        (``TYPE_ARGUMENTS_WRITTEN``): those declaring as many type parameters as the call writes (``NoOp<int>()``:
        ``NoOp<TResult>()``, never ``NoOp()``); written none, a generic one whose type parameters nothing can be
        inferred from is left out (``NoOp()`` is never ``NoOp<TResult>()``, which takes no argument), while one
        inferred from its arguments stays a candidate beside the plain one (``Label("x")``: ``Label(string)`` or
        ``Label<TValue>(TValue)``, which C# decides by types). All of them where none fits (a count not read)."""
        if any(self.g.by_id[i].kind not in METHODS for i in found.ids):
            return found
        written = _type_arguments_count(r.alias)
        if written:
            kept = [i for i in found.ids if self._type_parameter_count(self.g.by_id[i]) == written]
        else:
            kept = [i for i in found.ids if not self._inferred_from_nothing(self.g.by_id[i])]
        return Found(kept, found.resolution) if kept and len(kept) < len(found.ids) else found

    def _inferred_from_nothing(self, sym: Symbol) -> bool:
        """A generic method none of whose parameters names a type parameter of its own (``NoOp<TResult>()``,
        ``Timeout<TResult>(int seconds)``: no ``TYPE_PARAMETER_INFERRED`` signature): a call must write its type
        arguments. One whose parameters name one (``Label<TValue>(TValue v)``, an extension's ``this
        PolicyBuilder<TResult> b``) may be called without them."""
        return self._type_parameter_count(sym) > 0 \
            and (sym.path, sym.qualname, TYPE_PARAMETER_INFERRED) not in self.signatures

    def _with_members_apart(self, found: Found) -> Found:
        """A member found on a known type, with the same-named members the type has from other files (Swift's
        ``extension Foo { func m(x: Int) }`` beside Foo's own ``m()``), where the call's arguments are counted: those
        that accept them are kept (``_accepting``); without them such an overload's callers are none."""
        out = list(found.ids)
        for sid in found.ids:
            sym = self.g.by_id[sid]
            owner = self.g.owner.get(sid) or sym.parent_id  # a member defined apart: its type's
            if owner is None or self.g.members.get(owner) is None:  # (the owner's file loaded: its own members in)
                continue
            apart = self.g.members_apart.get((owner, sym.name), ())
            out += [t for t in sorted(apart) if t not in out and self.g.by_id[t].kind == sym.kind]
        return found if len(out) == len(found.ids) else Found(out, found.resolution)

    def _constructors(self, ids: list[str], named: bool | str = True) -> list[str]:
        """The constructors of the classes among ``ids`` (``new Circle(1.0)``, ``Circle c(1.0)``): their methods
        named as the class (``named`` True: C++, C#), each overload; or the method ``named`` so (Swift's ``init``,
        PHP's ``__construct``), the class's own or, where it declares none, a base class's."""
        out = []
        for sid in ids:
            sym = self.g.by_id[sid]
            if sym.kind not in CLASSLIKE:
                continue
            if named is not True:
                found = self._member(sid, named)
                out += self._twins(found.ids[0]) if found else []
                continue
            # of a partial class, the part declaring them (``new PolicyWrap<T>(..)`` found as another part)
            parts = [sid, *self._parts(sid)] if self.hooks.get(sym.path, self.no_hooks).partial_types else [sid]
            ctor = next((c for part in parts if (c := self.g.members.get(part, {}).get(sym.name))), None)
            out += self._twins(ctor) if ctor else []
        return out

    # -- value flow between functions: returns, parameters, decorators -------------------------------------------
    def _result_called(self, sid: str, bare: bool = False) -> list[str]:
        """What runs when the value a call of ``sid`` gives is called: an instance's call operator for a class
        (``Range(1, 2)(x)``, ``v = Range(1, 2); v(x)``: Python's ``__call__``, ``CALL_OPERATOR``), else the functions
        the function returns; for a call known to pass no argument (``bare``: ``create()`` of ``create<T>()(init)``)
        only what it returns then, where its body says (``BARE_CALL_ONLY``)."""
        sym = self.g.by_id.get(sid)
        operator = self.hooks.get(sym.path, self.no_hooks).call_operator if sym is not None else None
        if operator and sym.kind in CLASSLIKE:
            found = self._member(sid, operator)
            return list(found.ids[:1]) if found else []
        bare_only = self._bare_call_targets(sid) if bare else []
        return bare_only or self.returned_targets(sid)

    def _bare_call_targets(self, sid: str) -> list[str]:
        """The functions ``sid`` returns only when called with no argument (``BARE_CALL_ONLY``)."""
        sym = self.g.by_id[sid]
        hits = [t for ref in self.returns_of(sym) if ref.alias == BARE_CALL_ONLY
                for t in self._returned_name_targets(ref, sid)]
        return list(dict.fromkeys(hits))

    def returns_of(self, sym) -> list[Ref] | tuple:
        """A function's ``returns`` facts (what it returns or yields, ``index_flow``); empty where none is known."""
        return self.returned.get((sym.path, sym.qualname), ())

    def returned_targets(self, sid: str, depth: int = 0) -> list[str]:
        """The functions (and classes) a function returns or yields, following ``return other()`` / ``yield from``."""
        return self._kept_unless_cyclic(sid, self._returns_memo, self._returning_targets,
                                        lambda: self._returned_targets_uncached(sid, depth), [])

    def _kept_unless_cyclic(self, sid: str, memo: dict, busy: set, compute: Callable, meanwhile):
        """``compute()`` for ``sid``, kept in ``memo`` unless it met another ``sid`` still being computed (a cycle:
        f returns g(), g returns f(); ``meanwhile`` stands in for it) or was cut short: what is kept then does not
        depend on which function the resolution asked about first."""
        if sid in memo:
            return memo[sid]
        if sid in busy:
            self._cycle_met.add(sid)
            return meanwhile
        round_key = (id(memo), sid)
        if round_key in self._round:  # met a cycle earlier in this walk: still depends on it
            value, met = self._round[round_key]
            self._cycle_met |= met
            return value
        busy.add(sid)
        outer, self._cycle_met = self._cycle_met, set()
        self._round_depth += 1
        try:
            value = compute()
        finally:
            busy.discard(sid)
            met = self._cycle_met - {sid}
            self._cycle_met = outer | met
            self._round_depth -= 1
        if not met:
            memo[sid] = value
        else:
            self._round[round_key] = (value, met)
        if not self._round_depth:
            self._round.clear()
        return value

    def _returned_targets_uncached(self, sid: str, depth: int) -> list[str]:
        sym = self.g.by_id.get(sid)
        hits: list[str] = []
        for ref in self.returns_of(sym) if sym else ():
            if ref.kind == "returns_call":
                if depth < 4:
                    callee = self._lookup(ref, sid, CALLABLE)
                    hits += [t for c in callee.ids[:MAX_CANDIDATES] for t in self.returned_targets(c, depth + 1)
                             if t != c or len(callee.ids) == 1]  # (OWN_CODE: see _callee_of_value)
                else:
                    self._cycle_met.add("")  # cut short: what is found depends on where the walk began, not kept
                continue
            if ref.alias != BARE_CALL_ONLY:  # the value of a call passing arguments, or whose arguments are unknown
                hits += self._returned_name_targets(ref, sid)
        return list(dict.fromkeys(hits))

    def _returned_name_targets(self, ref: Ref, sid: str) -> list[str]:
        """The functions a ``return name`` in ``sid`` gives, where its name resolves other than by a guess; ``sid``
        itself where it returns a function written in it (``OWN_CODE``)."""
        if ref.name == OWN_CODE:
            return [sid]
        found = self._through_value(ref, sid) if ref.bound_to else None
        found = found or (self._scoped(ref, sid) if ref.kind == "local_returns" else self._lookup(ref, sid, CALLABLE))
        if found and found.resolution not in GUESSES:
            return [i for i in found.ids if self.g.by_id[i].kind in CALLABLE]
        return []

    def _held_function(self, sid: str, holders: dict | None = None) -> list[str]:
        """The function a field holds, where the class assigns it one (``self.handler = self.on_event``), or a
        module's variable is given one by name (``const stringType = ZodString.create``: ``value.held``)."""
        sym = self.g.by_id.get(sid)
        holders = HOLDERS if holders is None else holders
        ref = self.return_types.get((sym.path, sym.qualname)) if sym is not None and sym.kind in holders else None
        if ref is None or ref.kind not in holders[sym.kind]:
            return []
        found = self._lookup(ref, sid, CALLABLE)
        if found.resolution in ("ambiguous", "unique_name", "external", "unresolved"):
            return []
        return [i for i in found.ids if self.g.by_id[i].kind in ("function", "method")]

    def _wrappers(self, sid: str) -> list[str]:
        """What calling a decorated function runs: the functions its decorators return (their inner wrapper)."""
        out = []
        for deco in self.wrapped.get(sid, ()):
            out += [t for t in self.returned_targets(deco) if t != sid]
        return out

    def _parameter_bound(self, r: Ref, src: str) -> Found | None:
        """``cb()`` where ``cb`` is a parameter of this or an enclosing function: what callers pass for it. Sorted:
        past ``MAX_CANDIDATES`` the ones kept must not depend on the order the call sites were read in (a full run
        reads them in path order, an update by name from its indexes)."""
        sid = src
        while sid is not None:
            hits = self.passed.get((sid, r.name))
            if hits:
                return Found(sorted(hits), "flow")
            sym = self.g.by_id.get(sid)
            sid = sym.parent_id if sym is not None and sym.kind in ("function", "method") else None
        return None

    def index_flow(self, refs: list[Ref]) -> None:
        """What each function returns, which are decorated by repository functions, which parameters get which
        functions; before any reference is resolved (workers read it)."""
        for r in refs:
            if r.kind in ("returns", "local_returns", "returns_call"):
                self.returned[(r.path, r.src_qualname)].append(r)
        for r in refs:
            if r.kind == "decorated_by" and r.name == MADE:
                self.made[f"{r.path}::{r.src_qualname}"] = True
            elif r.kind == "decorated_by" and r.name == SINGLETON:
                self.singleton_defs.add(f"{r.path}::{r.src_qualname}")
            elif r.kind == "decorated_by" and r.name == EXPOSED:
                self.exposed.add(f"{r.path}::{r.src_qualname}")
            elif r.kind == "decorated_by":
                target = self.g.by_qual.get((r.path, r.src_qualname))
                functions = self.decorator_functions(r)
                if target and functions and self.g.by_id[target].kind in ("function", "method"):
                    self.decorated_as.setdefault(target, []).extend(functions)
                # a class decorator hands back a class (``@attr.s`` returns its argument, remade): calling the
                # class constructs it, it never runs the decorator's inner function
                if target and self.g.by_id[target].kind != "class" and functions \
                        and any(self.returned_targets(d) for d in functions):
                    self.wrapped[target] = functions
        self.bind_parameters(refs)

    def _decorated_class(self, sid: str) -> str | None:
        """The class of ours a decorated function of ours is, as a value: the one its decorators of ours declare they
        return (``def actor(fn) -> Actor``, or ``-> Union[Actor, Callable]``, a library's type beside it; a factory's
        ``@actor(queue_name="q")``: the decorator it returns); None where they declare none or several."""
        classes = {cls for d in self.decorated_as.get(sid, ()) if (cls := self._decorator_result(d))}
        return classes.pop() if len(classes) == 1 else None

    def _decorator_result(self, sid: str) -> str | None:
        """The one class of ours a decorator declares it returns, a union's one member of ours among a library's."""
        cls = self.return_class(sid)
        if cls is not None:
            return cls or None
        ours = {c for at, m in self._members_returned_by(sid) if isinstance(m, Ref)
                and (c := self._declared_class(m, sid))}
        return ours.pop() if len(ours) == 1 else None

    def decorator_functions(self, r: Ref) -> list[str]:
        """The repository functions a ``decorated_by`` reference wraps its definition in: the one it names, never a
        guess; for one written as a call (``@wrap(Converter)``: ``DECORATOR_FACTORY``) the functions that one
        returns, the decorator proper (cattrs' ``wrap`` returns ``impl``, which hands its argument back unwrapped)."""
        deco = self._lookup(Ref(r.path, MODULE, "call", r.name, r.receiver, None, None, r.line), f"{r.path}::{MODULE}",
                            CALLABLE)
        if deco.resolution in GUESSES:
            return []
        functions = [d for d in deco.ids if self.g.by_id[d].kind == "function" or self._static_decorator(r, d)]
        if r.alias == DECORATOR_FACTORY:
            functions = [t for d in functions for t in self.returned_targets(d) if self.g.by_id[t].kind == "function"]
        return list(dict.fromkeys(functions))

    def _static_decorator(self, r: Ref, sid: str) -> bool:
        """``@Node.copy``: a method named through its own class decorates as a plain function would (a
        ``staticmethod``); a method of an object (``@app.before_request``) is left to what it returns."""
        sym = self.g.by_id[sid]
        owner = self.g.by_id.get(sym.parent_id) if sym.kind == "method" and sym.parent_id else None
        return owner is not None and r.alias != DECORATOR_FACTORY and bool(r.receiver) \
            and r.receiver.rpartition(".")[2] == owner.name

    def bind_parameters(self, refs: list[Ref]) -> None:
        """Which functions each called parameter receives: from call sites passing a function by position or
        keyword (``run(f)``, ``run(cb=f)``) and from decorators (their first parameter is the decorated one), then
        along parameters passed on (``Walk(fn)`` calling ``walk(root, fn)``), up to ``MAX_PASSED_ON`` hops."""
        called: dict[tuple[str, str], dict[str, str]] = defaultdict(dict)  # (path, qualname) -> slot -> parameter
        for r in refs:
            if r.kind == "param_call":
                called[(r.path, r.src_qualname)][r.alias] = r.name
                called[(r.path, r.src_qualname)][r.name] = r.name
        if not called:
            return
        passed_on = [r for r in refs if r.kind == "param_passed" and r.alias and r.bound_to]
        callees = self._calling_through(passed_on, called)
        names = {q.rpartition(".")[2] for _, q in called}
        # from m import trace as traced: @traced (sympy's ``@debug``) and traced(f) name ``trace`` in that file (an
        # update binds them by the same rule: ``LazyResolver._bind_renamed``)
        renamed = {(r.path, r.alias) for imports in self.imports_of.values() for r in imports
                   if r.kind == "import" and r.alias and r.alias != r.name and r.name in names}
        for r in refs:
            if r.kind == "decorated_by" and (r.name in names or (r.path, r.name) in renamed):
                self._bind_decorated(r, called)
            elif r.kind == "callback" and r.module and r.alias:
                receiver, _, name = r.module.rpartition(".")
                if name in names or (not receiver and (r.path, name) in renamed):  # go(rest) after run as go
                    self._bind_passed(r, name, receiver, called)
        passed_on = [r for r in passed_on if (r.path, r.src_qualname) in called]
        for _ in range(MAX_PASSED_ON):  # Walk(fn) -> walk(fn) -> visit(fn): one hop a round
            if not any([self._bind_passed_on(r, called, callees) for r in passed_on]):
                break

    def _calling_through(self, passed_on: list[Ref], called: dict) -> dict[tuple, tuple[Ref, list[Symbol]]]:
        """The parameters passed on to a parameter a callee calls (``Walk(fn)`` passing ``fn`` to ``walk``, which
        calls it) marked called too, up to ``MAX_PASSED_ON`` hops: what Walk's callers pass is then bound to it. One
        passed to a library's call, or to a parameter nothing calls, stays unmarked (``formatTag`` given to
        ``time.Parse``: no flow of functions)."""
        # each callee looked up once: no round changes it, and a call passing several values (``isinstance(x, cls)``,
        # ``f(a, b)``) is one callee (sympy: 41k references, 31k calls; a look-up may read its line: not left out)
        callees: dict[tuple, tuple[Ref, list[Symbol]]] = {}
        live = [_Passing(r, (r.path, r.src_qualname), self._callee_key(r)) for r in passed_on]
        for _ in range(MAX_PASSED_ON):
            grew = False
            kept = []
            for p in live:
                r = p.ref
                own = called.get(p.owner)
                if own and own.get(r.bound_to) == r.name:
                    kept.append(p)
                    continue
                callee = callees.get(p.key) or callees.setdefault(p.key, self._passed_callee(r))
                if not callee[1]:  # names no definition (a builtin's, a library's: most): no later round calls it
                    continue
                kept.append(p)
                if self._passed_to_called(r, callee, called):
                    called.setdefault(p.owner, {}).update({r.bound_to: r.name, r.name: r.name})
                    grew = True
            if not grew:
                break
            live = kept
        return callees  # ``_bind_passed_on`` reads them again each round

    def _callee_key(self, r: Ref) -> tuple:
        """A ``param_passed`` reference's callee as ``_calling_through`` looks it up once: per scope and call written,
        its line only where the file declares a name it mentions several times (``twinned``: which one is the
        line's), as the slices resolve a repeated reference once (site-packages: 227K callees a line, 167K a scope)."""
        key = (r.path, r.src_qualname, r.module)
        twinned = self.twinned(r.path)
        return key + (r.line,) if twinned and mentions(twinned, (r.module,)) else key

    def _passed_callee(self, r: Ref) -> tuple[Ref, list[Symbol]]:
        """A ``param_passed`` reference's callee as a call and the definitions it names (none where a guess among
        several)."""
        callee = _passed_on_call(r)
        if self._unshadowed_builtin(callee):
            return callee, []  # isinstance(x, cls), len(items): the language's, which calls no parameter
        found = self._lookup(callee, self._source_of(callee), CALLABLE)
        return callee, [] if found.resolution == "ambiguous" else [self.g.by_id[sid] for sid in found.ids]

    def _unshadowed_builtin(self, call: Ref) -> bool:
        """A bare call of a builtin's name that no definition of the repository bears and no import of the file
        binds: its look-up can find none of the repository's definitions (a param_passed's callee is looked up
        for each; a tenth are passed to ``isinstance``)."""
        return call.receiver is None and call.name in self.hooks.get(call.path, self.no_hooks).builtins \
            and not self.g.by_name.get(call.name) and self.bound_name(call.path, call.name) is None

    def _passed_to_called(self, r: Ref, callee: tuple[Ref, list[Symbol]], called: dict) -> bool:
        """Whether a ``param_passed`` reference's callee (``_passed_callee``) calls the parameter at its slot."""
        call, syms = callee
        for sym in syms:
            params = called.get((sym.path, sym.qualname))
            if params and self._parameter_at(call, sym, params, r.alias):
                return True
        return False

    def _bind_passed_on(self, r: Ref, called: dict, callees: dict | None = None) -> bool:
        """What callers pass for a parameter passed on (``r``, a ``param_passed`` reference: ``walk(root, fn)`` in
        ``Walk(fn)``) given to the callee's parameter at its slot; whether that gave it any function it lacked.
        ``callees``: ``_calling_through``'s, each callee looked up once for every round (not once a line a round)."""
        owner = self.g.by_qual.get((r.path, r.src_qualname))
        values = sorted(self.passed.get((owner, r.name), ())) if owner else []
        if not values:
            return False
        if callees is None:
            return self._bind(_passed_on_call(r), r.alias, values, called)
        key = self._callee_key(r)
        call, syms = callees.get(key) or callees.setdefault(key, self._passed_callee(r))
        # none found, a guess among several, a builtin: what ``_bind`` binds nothing to
        return bool(syms) and self._bind_found(call, Found([s.id for s in syms], "typed"), r.alias, values, called)

    def _bind_decorated(self, r: Ref, called: dict) -> None:
        """The function a decorator (``r``, a ``decorated_by`` reference) wraps: its first parameter's value."""
        target = self.g.by_qual.get((r.path, r.src_qualname))
        if target:
            self._bind(Ref(r.path, r.src_qualname, "call", r.name, r.receiver, None, None, r.line), "#0", [target],
                       called)

    def _bind_passed(self, r: Ref, name: str, receiver: str, called: dict) -> None:
        """The function a call of ``receiver.name`` passes (``r``, a ``callback`` reference): bound to the parameter
        at its slot only where it resolves to the repository's own functions, never a guess by name or a library's.
        The callee first: most callbacks go to one that calls no parameter (a library's, a sort's key), and the value's
        look-up is then not needed (site-packages: 42K of 70K)."""
        callee = Ref(r.path, r.src_qualname, "call", name, receiver or None, None, None, r.line)
        found = self._lookup(callee, self._source_of(callee), CALLABLE)
        if found.resolution == "ambiguous" or not any(self._parameter_of(callee, sid, r.alias, called)
                                                      for sid in found.ids):
            return
        value = self._lookup(r, self._source_of(r), CALLABLE)
        if value.ids and value.resolution not in (*GUESSES, "external"):
            self._bind_found(callee, found, r.alias, value.ids, called)

    def _parameter_of(self, callee: Ref, sid: str, slot: str, called: dict) -> str | None:
        """The called parameter of ``sid`` (a definition ``callee`` names) an argument at ``slot`` is given."""
        sym = self.g.by_id[sid]
        params = called.get((sym.path, sym.qualname))
        return self._parameter_at(callee, sym, params, slot) if params else None

    def _bind(self, callee: Ref, slot: str, values: list[str], called: dict) -> bool:
        """``values`` given to the parameter at ``slot`` of what ``callee`` names; whether any was new there."""
        return self._bind_found(callee, self._lookup(callee, self._source_of(callee), CALLABLE), slot, values, called)

    def _bind_found(self, callee: Ref, found: Found, slot: str, values: list[str], called: dict) -> bool:
        """``_bind`` with the callee's definitions found. A test's handler given to the code under test is left out
        there: the code does not depend on its test (compose() calling a test's onError)."""
        untested = [v for v in values if not is_test_path(self.g.by_id[v].path)]
        if found.resolution == "ambiguous":  # g.Add(.., handler) on a receiver nothing types: Echo's Add or Group's,
            return False  # whose parameter would take functions no caller of it passes
        grew = False
        for sid in found.ids:
            name = self._parameter_of(callee, sid, slot, called)
            given = values if is_test_path(self.g.by_id[sid].path) else untested
            if name and given:
                held = self.passed.setdefault((sid, name), {})
                grew |= any(v not in held for v in given)
                held.update(dict.fromkeys(given))
        return grew

    def _parameter_at(self, callee: Ref, sym: Symbol, params: dict, slot: str) -> str | None:
        """The called parameter of ``sym`` (``params``: slot -> parameter) an argument at ``slot`` of ``callee`` is
        given, None where it is none of them."""
        at = slot
        if at[1:].isdigit() and callee.receiver and sym.kind == "method" \
                and self.hooks.get(sym.path, self.no_hooks).written_self:
            at = f"#{int(at[1:]) + 1}"  # obj.run(f): f is the parameter after Python's self
        return params.get(at) or self._variadic_slot(sym, params, at)

    def _variadic_slot(self, sym: Symbol, params: dict, at: str) -> str | None:
        """The parameter an argument at ``at`` past the last declared place is given, where the language says it is
        the last one's (``extra_arguments_last``); None elsewhere."""
        if not at.startswith("#") or not self.hooks.get(sym.path, self.no_hooks).extra_arguments_last:
            return None
        places = [(int(k[1:]), v) for k, v in params.items() if k.startswith("#") and k[1:].isdigit()]
        last = max(places, default=None)
        return last[1] if last is not None and at[1:].isdigit() and int(at[1:]) > last[0] else None

    def _base_outside_body(self, r: Ref, src: str) -> Found | None:
        """Java's ``class JBoss6VFS extends VFS`` beside its own nested ``VFS``: the clause is read where the class is
        declared, outside its body, where its own members are not in scope: the base the file imports or its package
        holds; None where neither names one (the nested class then stands)."""
        module = f"{r.path}::{MODULE}"
        for layer in (self._layer_imported, self._layer_package):
            found = layer(r, module)
            ids = [i for i in found.ids if self.g.by_id[i].parent_id != src] if found else []
            if ids:
                return Found(ids, found.resolution)
        return None

    def _inherits(self, r: Ref, src: str) -> list[Edge]:
        found = self._lookup(r, src, CLASSLIKE)
        if found.ids and not r.receiver and self.hooks.get(r.path, self.no_hooks).bases_outside_body \
                and any(self.g.by_id[i].parent_id == src for i in found.ids):
            found = self._base_outside_body(r, src) or found
        if found.resolution in GUESSES:  # a guess by name keeps the kinds a base can be (a struct is no trait)
            found = self._narrowed(found, self.hooks.get(r.path, self.no_hooks).base_kinds)
        singleton = r.alias == SINGLETON  # extend M: M's methods are the class object's (the edge's form says so)
        for dst in found.ids:
            self.g.bases[src].append(dst)
            if singleton:
                self.g.singleton_bases.add((src, dst))
        if not found.ids and r.name in self.hooks.get(r.path, self.no_hooks).marker_bases:
            return []  # it holds no member a call reaches and calls none of the class's: not a base worth an edge
        if not found.ids:
            self.g.external_bases.add(src)  # a base outside the repository (or unknown) may hold any member
            self.g.external_base_names[src].append(_edge_name(r))  # as the edge (and ``hierarchy``) names it
        self.forget_hierarchy()
        return self._edges(r, src, found, "inherits", SINGLETON if singleton else "inherits")

    def _narrowed(self, found: Found, kinds: frozenset) -> Found:
        """A guess's candidates of ``kinds`` only (none left: unresolved)."""
        ids = [i for i in found.ids if self.g.by_id[i].kind in kinds]
        if len(ids) == len(found.ids):
            return found
        return Found(ids, "unique_name" if len(ids) == 1 else "ambiguous") if ids else UNRESOLVED

    def _uses_type(self, r: Ref, src: str) -> list[Edge]:
        """A type named in a signature, field, variable, generic argument or annotation: an edge when it is one of
        the repository's types; library and builtin types, type parameters and the unknown leave none. A module's
        variable the code states it names (in scope or imported, never a guess) is a type alias or a ``TypeVar``:
        used too (a class's field read there, ``self.x = self.factory()``, is a read, not the field's type)."""
        stated = self._stated(r, src, CLASSLIKE)
        hooks = self.hooks.get(r.path, self.no_hooks)
        found = stated or (UNRESOLVED if r.receiver and hooks.scoped_type_paths
                           else self._by_type_arguments(r, self._guess(r, CLASSLIKE, hooks), hooks, guessed=True))
        ids = [i for i in found.ids if self.g.by_id[i].kind in CLASSLIKE or stated and self._module_value(i)]
        if not ids and r.receiver and hooks.merged_declarations:
            found = self._namespace_twin_type(r, src) or found
            ids = found.ids
        if not ids:  # Option<kw::state>: a macro-made type of the module kw
            return self._receiver_named(r, src) if r.receiver else []
        return self._edges(r, src, Found(ids, found.resolution), "uses_type", r.kind[len(TYPE_PREFIX):])

    def _namespace_twin_type(self, r: Ref, src: str) -> Found | None:
        """``Knex.FunctionHelper`` where ``Knex`` is an interface (a class, a ``declare const``) and, merged with it,
        a namespace (``declare namespace Knex { interface FunctionHelper {..} }``): the type the namespace twin
        declares. The receiver's name finds the type first, which has no such member: the type went unused."""
        head = Ref(r.path, r.src_qualname, r.kind, r.receiver.rpartition(".")[2], r.receiver.rpartition(".")[0] or None,
                   None, None, r.line)
        owner = self._stated(head, src, CLASSLIKE)
        for sid in owner.ids[:1] if owner else ():
            held = [m for t in self._twins(sid, most=8) if self.g.by_id[t].kind == "namespace"
                    and (m := self.g.members.get(t, {}).get(r.name)) and self.g.by_id[m].kind in CLASSLIKE]
            if held:
                return Found(held[:1], owner.resolution)
        return None

    def _type_query(self, r: Ref, src: str) -> list[Edge]:
        """``keyof typeof Lang``, ``ReturnType<typeof createStore>``: the enum, function or constant the code states
        the name is (in scope or imported, never a guess) is used by its type; a library's or a local's leaves none."""
        wanted = CALLABLE | VALUES
        found = self._stated(r, src, wanted)
        ids = [i for i in (found.ids if found else ()) if self.g.by_id[i].kind in wanted]
        return self._edges(r, src, Found(ids, found.resolution), "uses_type", "query") if ids else []

    def _module_value(self, sym_id: str) -> bool:
        sym = self.g.by_id[sym_id]
        return sym.kind in VALUES and at_module_level(sym)

    def _attribute(self, r: Ref, src: str) -> list[Edge]:
        """A member read or written without a call (``request.url.raw_path``, ``self.count``, ``c.req``): resolved
        only through what the code states (a typed object, ``self``, a module, a class), never by a guess. A
        property or getter runs code: a ``calls`` edge (ref_form ``property``); a field or variable: ``reads``."""
        found = self._through_value(r, src) if r.bound_to else None
        if r.bound_to and not (found and found.ids):
            found = self._through_named_value(r, src, ATTRIBUTE_LAYERS) or found
        if found is None:
            for layer in ATTRIBUTE_LAYERS:
                found = layer(self, r, src)
                if found:
                    break
        # buffer.size reads buffer too, as buffer.clear() does: a field used only through its members is used
        receiver_read = self._receiver_read(r, src) if r.receiver else []
        if not found or not found.ids:
            return receiver_read + self._member_read_unknown(r, src, found)
        written = f"{r.receiver}.{r.name}"
        out = receiver_read
        hits = found.ids[:MAX_CANDIDATES]
        # a read reaches each build variant as a call does (``macro Macros.impl[A]``: scala-2/ and scala-3/'s impl)
        for h in self._with_variants(hits, r.path) if self.g.variants else hits:
            h = self._of_kind(h, VALUES) or h  # this.size beside a method size(): the field
            kind = self.g.by_id[h].kind
            if kind in CLASSLIKE:
                out.append(self._edge(r, src, h, written, "uses_type", found.resolution, "value", r.receiver))
            elif kind in VALUES:
                out.append(self._edge(r, src, h, written, "reads", found.resolution, "read", r.receiver))
            else:
                out.append(self._edge(r, src, h, written, "calls", found.resolution, "property", r.receiver))
        return out

    def _member_read_unknown(self, r: Ref, src: str, found: Found | None) -> list[Edge]:
        """``acc.has_wildcard`` on a value of no known class, where the repository has a method (a property) of that
        name: an unresolved read of the name (``Hooks.unknown_member_reads``), so that no such property is called
        dead at 0.6 (``dead_code.sql``'s unresolved names); a library's value's member (external) gives none."""
        if found is not None and found.resolution != "unresolved" or not r.receiver \
                or not self.hooks.get(r.path, self.no_hooks).unknown_member_reads:
            return []
        if not self._names_a_method(r.name):
            return []
        return [self._edge(r, src, None, f"{r.receiver}.{r.name}", "reads", "unresolved", "property", r.receiver)]

    def _names_a_method(self, name: str) -> bool:
        """Whether some method of the repository bears ``name``, asked once per name (a name such as ``value`` is
        read on thousands of unknown values and borne by as many fields)."""
        known = self._method_named.get(name)
        if known is None:
            known = self._method_named[name] = any(
                self.g.by_id[i].kind == "method" for i in self.g.by_name.get(name, ()) if i in self.g.by_id)
        return known

    def _read(self, r: Ref, src: str) -> list[Edge]:
        """A bare name read or assigned as a value (Java's ``count``, ``CONSTANT``; the parser dropped the names a
        parameter or variable binds): a field or constant of the enclosing classes and their bases, innermost first,
        else a statically imported or file-level one. A method or class of that name is no value here, and nothing is
        guessed: no edge where none is found (an enum's constant, a field of a library's base class)."""
        found = self._value_member(r.name, src) or self._imported(r.path, r.name) or self._scoped(r, src)
        ids = [t for i in (found.ids if found else ()) if (t := self._of_kind(i, VALUES))]
        return self._edges(r, src, Found(ids, found.resolution), "reads", "read") if ids else []

    def _value_member(self, name: str, src: str) -> Found | None:
        """The field ``name`` of the class enclosing ``src`` or of its bases, else of the class enclosing that one."""
        cls, seen = self._enclosing_class(src), set()
        # a class a misparse nests in a function of its own (C++'s `MACRO((..), (T)) f(..) {..}` read as a class T in
        # f) is its own enclosing class: seen once, the walk stops (it looped for ever on rapidjson's pointer.h)
        while cls is not None and cls not in seen:
            seen.add(cls)
            found = self._member(cls, name, kinds=VALUES)
            if found:
                return found
            parent = self.g.by_id[cls].parent_id
            cls = self._enclosing_class(parent) if parent in self.g.by_id else None
        return None

    def _twins(self, sid: str, most: int | None = None) -> list[str]:
        """The definitions of ``sid``'s qualified name in its file: ``f``, ``f#2``, ``f#3``... (``sid`` is one); the
        first ``most`` of them where given."""
        sym, n = self.g.by_id[sid], 2
        base = untwinned(sym.qualname)
        out = [self.g.by_qual.get((sym.path, base)) or sid]
        while (most is None or len(out) < most) and (twin := self.g.by_qual.get((sym.path, f"{base}#{n}"))) is not None:
            out.append(twin)
            n += 1
        return out

    def _of_kind(self, sid: str, kinds: set) -> str | None:
        """``sid`` or, where its kind is none of ``kinds``, its same-named twin in its scope that is (Java's field
        ``size`` beside its method ``size()``: ``Sizes.size`` and ``Sizes.size#2``)."""
        sym = self.g.by_id.get(sid)
        if sym is None or sym.kind in kinds:
            return sid
        return next((t for t in self._twins(sid) if t != sid and self.g.by_id[t].kind in kinds), None)

    def _fixture(self, r: Ref, src: str) -> list[str]:
        """pytest's lookup: the test's class, its file, then each conftest.py from its folder up to the root."""
        cls = self._enclosing_class(src)
        found = self._member(cls, r.name) if cls else None
        if found:
            return found.ids
        folder = posixpath.dirname(r.path)
        for candidate in [r.path] + [posixpath.join(f, "conftest.py") for f in _folders_up(folder)]:
            sid = self.g.top.get(candidate, {}).get(r.name)
            if sid and self.g.by_id[sid].kind == "function":
                return [sid]
        return []

    def _fixture_call_class(self, r: Ref, name: str) -> tuple[str | None, str]:
        """The class of what a call of a pytest fixture's value gives (``resolver(input)``, the fixture returning a
        factory): the class it builds, or the one class what it runs declares it returns; unknown otherwise (a
        library's ``functools.partial(..)`` called may build a class of ours)."""
        src = self.g.by_qual.get((r.path, r.src_qualname), f"{r.path}::{MODULE}")
        found = self._fixture_called(r, name, src)
        classes = {t if self.g.by_id[t].kind in CLASSLIKE else self.return_class(t) for t in found.ids} \
            if found else set()
        cls = classes.pop() if len(classes) == 1 else None
        return (cls, "typed") if cls else (None, "unknown")

    def _fixture_class(self, r: Ref, name: str) -> tuple[str | None, str]:
        """The class a pytest fixture declares it returns or yields (``-> Iterator[Server]``: ``Server``)."""
        src = self.g.by_qual.get((r.path, r.src_qualname), f"{r.path}::{MODULE}")
        ids = self._fixture(Ref(r.path, r.src_qualname, "fixture", name, None, None, None, r.line), src)
        if not ids and name in self.hooks.get(r.path, self.no_hooks).library_fixtures:
            return None, "external"  # def test_x(tmp_path): the runner's own object (monkeypatch.setattr())
        cls = self.return_class(ids[0]) if len(ids) == 1 else None
        return _typed(cls)

    def _edges(self, r: Ref, src: str, found: Found, kind: str, form: str) -> list[Edge]:
        written = _edge_name(r)
        if not found.ids:
            res = "external" if found.resolution == "external" and found is not COMPUTED_MEMBER else "unresolved"
            return [self._edge(r, src, None, written, kind, res, form, r.receiver)]
        out = []
        # the overloads of one are each a candidate, however many (Gson.fromJson: ten of two), and so is each
        # function a table lists; other candidates past 8 are a guess's, whose wrong edges must stay few
        capped = len(found.ids) > MAX_CANDIDATES and not isinstance(found, Listed) \
            and not self._one_definition(found.ids)
        hits = found.ids[:MAX_CANDIDATES] if capped else found.ids
        if self.g.variants:
            hits = self._with_variants(hits, r.path)
        if self._alternatives is not None:
            hits = self._with_alternatives(hits)
        for h in hits:
            target = self.g.by_id[h].kind
            if form == "callback" and (target in VALUES or target == "module"):  # a variable, or a module's
                # object (a language's ``module_passed_whole``), passed or returned: read
                out.append(self._edge(r, src, h, written, "reads", found.resolution, "read", r.receiver))
            elif form == "callback" and target in CLASSLIKE:  # isinstance(x, Foo), Callable[[Foo], ...]: a type
                out.append(self._edge(r, src, h, written, "uses_type", found.resolution, "value", r.receiver))
            else:
                out.append(self._edge(r, src, h, written, kind, found.resolution, form, r.receiver))
        return out

    def _with_variants(self, ids: list[str], path: str) -> list[str]:
        """Each hit and its build variants (``graph.Graph.variants``), unless the hit is in the referencing file:
        that file is built only with its own definition (Go); where the language says a file's own definition stands
        for its variants (``VARIANTS_FROM_OWN_FILE``: Kotlin's ``expect fun f()``, which each platform's ``actual fun
        f()`` provides), the variants too."""
        out = list(ids)
        own_too = self.hooks.get(path, self.no_hooks).variants_from_own_file
        for h in ids:
            if own_too or self.g.by_id[h].path != path:
                out += [v for v in self.g.variants.get(h, ()) if v not in out]
        return out

    def _with_alternatives(self, ids: list[str]) -> list[str]:
        """Each hit and, where it is a module-level definition, that name's other definitions in its module
        (``module_alternatives``): its twins and what an import binds the name to. The module's own code too: which
        one runs is not decided by where the call is."""
        out = ids
        for h in ids:
            found = self._alternatives.get(h)
            if found is None:
                found = self._alternatives[h] = self._module_alternatives(h)
            if found:
                out = out + [a for a in found if a not in out]
        return out

    def _module_alternatives(self, sid: str) -> tuple[str, ...]:
        sym = self.g.by_id[sid]
        if not self.hooks.get(sym.path, self.no_hooks).module_alternatives or not at_module_level(sym):
            return ()
        out = [t for t in self._twins(sid, most=MAX_CANDIDATES) if t != sid]
        bound = self.bound_name(sym.path, sym.name)
        if bound is not None and bound.kind == "symbol" and bound.value != sid and bound.value not in out:
            out.append(bound.value)
        return tuple(out)

    def _protocol(self, r: Ref, src: str) -> list[Edge]:
        """``for x in it`` runs ``it``'s ``__iter__``: an edge where the value's class is known (a constructor, a
        declared type), none otherwise (a list's, a generator's: never a guess among the repository's)."""
        found = self._stated(r, src, CALLABLE)
        if found is None or not found.ids or found.resolution in GUESSES:
            return []
        return self._edges(r, src, found, "calls", "protocol")

    def _template(self, r: Ref, src: str) -> list[Edge]:
        """``getattr(self, f"visit_{kind}")`` (name ``visit_*``): every method of the receiver's class, its bases or
        subclasses whose name fits, as a call of that name on the receiver finds it (a ``template`` edge, 0.5);
        only where the code states the receiver's class (``self``, a typed variable): never a guess by name. On the
        file's namespace (``vars()["do_" + name]``: the language's ``namespace_receivers``), its top-level functions."""
        if r.name == langs.ANY_KEY:
            return self._any_key(r, src)
        module = r.receiver in self.hooks.get(r.path, self.no_hooks).namespace_receivers
        names = self._module_template_names(r) if module else self._template_names(r, src)
        hits = self._named_members(r, src, names, None if module else r.receiver,
                                   _TOP_FUNCTIONS if module else METHODS)
        written = _written(r)
        if not hits:
            return [self._edge(r, src, None, written, "calls", "unresolved", TEMPLATE_FORM, r.receiver)]
        return [self._edge(r, src, h, written, "calls", TEMPLATE_FORM, TEMPLATE_FORM, r.receiver)
                for h in hits[:MAX_TEMPLATE_TARGETS]]

    def _named_members(self, r: Ref, src: str, names, receiver: str | None, kinds) -> list[str]:
        """What a call of each of ``names`` on ``receiver`` finds as the code states it (never a guess by name), the
        definitions of ``kinds`` among them, in order found."""
        hits: dict[str, None] = {}  # a dict, not a list: sympy's printers fit 500 names
        for name in names:
            found = self._stated(replace(r, kind="call", name=name, receiver=receiver), src, CALLABLE)
            if found and found.resolution not in GUESSES:
                hits.update((i, None) for i in found.ids if self.g.by_id[i].kind in kinds)
        return list(hits)

    def _any_key(self, r: Ref, src: str) -> list[Edge]:
        """``this[stmt.type](stmt)``, ``ERROR_DEFINITIONS[code](ctx)``, ``strategies[backoff.type](delay)``: a member
        named by a key the code does not spell (``langs.ANY_KEY``). Each method of the receiver's class (its bases,
        its subclasses), each function of a module imported whole, each function of an object a variable holds is
        a possible callee: an ``ambiguous`` edge (0.3 at most), so ``dead_code`` lists none of them at 0.6 or more
        and ``blast_radius`` reaches them; a private ``#name`` or the constructor never (no computed key calls
        them). No edge where the receiver is none of those (a list of callbacks, a library's object): as before, the
        call is not counted."""
        built = self.hooks.get(r.path, self.no_hooks).constructor_method  # run by ``new``, never by a key
        names = [n for n in self._any_key_names(r, src) if not n.startswith("#") and n != built]
        hits = self._named_members(r, src, names, r.receiver, METHODS | _TOP_FUNCTIONS)
        written = _written(r)
        return [self._edge(r, src, h, written, "calls", "ambiguous", ANY_KEY_FORM, r.receiver)
                for h in hits[:MAX_TEMPLATE_TARGETS]]

    def _any_key_names(self, r: Ref, src: str) -> list[str]:
        """The member names a key spelled nowhere may take on ``r``'s receiver: its class's (bases' and subclasses'),
        the top-level functions of the module a whole-module import binds it to, or the members of the object the
        variable it names holds."""
        if self._template_class(r, src) is not None:
            return self._template_names(replace(r, name="*"), src)
        if not r.receiver or not r.receiver.isidentifier():
            return []
        binding = self.bound_name(r.path, r.receiver)
        if binding is not None and binding.kind == "module":  # import * as ERRORS from "./errors.js"
            return [name for p in binding.value for name, sid in (self.g.top.get(p) or {}).items()
                    if isinstance(sid, str) and sid in self.g.by_id and self.g.by_id[sid].kind in _TOP_FUNCTIONS]
        found = self._visible_name(r, r.receiver, src)
        held = found.ids[0] if found and found.ids and self.g.by_id[found.ids[0]].kind in VALUES else None
        return [name for name, sid in (self.g.members.get(held) or {}).items()
                if sid in self.g.by_id and self.g.by_id[sid].kind in METHODS | _TOP_FUNCTIONS] if held else []

    def _template_names(self, r: Ref, src: str) -> list[str]:
        """The method names a template fits (``*``: any characters) among the members of the receiver's class, its
        bases and its subclasses at any depth: the classes a call on it may reach. Read from the hierarchy, not from
        every name the graph holds, so an update's lazily filled graph finds the names a full run finds."""
        cls = self._template_class(r, src)
        if cls is None:
            return []
        fits = re.compile("^" + ".*".join(map(re.escape, r.name.split("*"))) + "$").match
        names: dict[str, None] = {}  # in order found (a list's ``in`` made this quadratic: 0.1 s a template on sympy)
        # a class named (typeof(ILogger).GetMethods()) holds its own and its bases' methods; an object may be an
        # instance of a subclass
        classes = [c for c, _ in self._linearized(cls)] if _names_class(r) else self._template_classes(cls)
        for c in classes:
            for name, member in (self.g.members.get(c) or {}).items():
                if name not in names and fits(name) and self.g.by_id[member].kind in METHODS:
                    names[name] = None
        return list(names)

    def _module_template_names(self, r: Ref) -> list[str]:
        """The names of the file's top-level functions a template on its namespace fits (``vars()["do_" + name]``:
        pyparsing's ebnf example runs ``do_integer`` .. ``do_syntax`` so)."""
        fits = re.compile("^" + ".*".join(map(re.escape, r.name.split("*"))) + "$").match
        return [name for name, sid in (self.g.top.get(r.path) or {}).items()
                if isinstance(sid, str) and fits(name) and sid in self.g.by_id
                and self.g.by_id[sid].kind in _TOP_FUNCTIONS]

    def _template_class(self, r: Ref, src: str) -> str | None:
        """The class of a template reference's receiver: the enclosing class for ``self`` / ``this`` / ``cls``, else
        the one class the value the code states is an instance of."""
        if r.receiver in SELF_NAMES:
            return self._enclosing_class(src)
        if _names_class(r):  # C#'s typeof(Shop).GetMethods(): the class
            return self._class_named(r, r.receiver)
        values = (r.bound_to or "").split("|")
        if len(values) != 1 or not values[0] or values[0].startswith("="):
            return None
        return self._class_of_value(r, values[0], self.hooks.get(r.path, self.no_hooks))[0]

    def _template_classes(self, cls: str) -> list[str]:
        """``cls``, its bases in lookup order, then its subclasses breadth first (at most ``MAX_TEMPLATE_TARGETS``)."""
        found = [c for c, _ in self._linearized(cls)]
        known = set(found)  # ``in`` at once (sympy's printers: hundreds of subclasses)
        frontier = [cls]
        while frontier and len(found) < MAX_TEMPLATE_TARGETS:
            frontier = [sub for c in frontier for sub in self.g.subclasses(c) if sub not in known]
            found += list(dict.fromkeys(frontier))
            known.update(frontier)
        return found

    def _receiver_read(self, r: Ref, src: str) -> list[Edge]:
        """``app.init()`` reads the variable ``app``, ``self.client.send()`` the field ``client``: a ``reads`` edge
        when the receiver starts with a variable or field the code states (never a guess)."""
        head, _, rest = r.receiver.partition(".")
        key = (src, head, rest.partition(".")[0] if head in SELF_NAMES or not head.isidentifier() else "")
        target = self._read_memo.get(key, ...)
        if target is ...:
            target = self._read_memo[key] = self._read_target(r, src, head, rest)
        if target is not None and target[1] == "import" and self._bound_here(r):
            return []  # a = Matrix(..); a.inv(): the function's own a, never the a another module defines
        if target is None:
            return []
        sid, resolution, name = target
        probe = Ref(r.path, r.src_qualname, "reads", name, None, None, None, r.line)
        return [self._edge(probe, src, sid, r.receiver.split("(")[0], "reads", resolution, "receiver", None)]

    def _bound_here(self, r: Ref) -> bool:
        """Whether the receiver's head is a name its file binds where it is read (a local variable or parameter
        given a value: ``bound_to``, a check's narrowing of a name aside), which hides an imported one of that name
        where the language's locals do (``LOCALS_SHADOW``)."""
        return bool(r.bound_to) and self.hooks.get(r.path, self.no_hooks).locals_shadow \
            and not any(v.startswith(NARROWED_VALUE) for v in r.bound_to.split("|"))

    def _receiver_named(self, r: Ref, src: str) -> list[Edge]:
        """The repository's type, module or function a receiver names when its member is none of the repository's
        (``Visitor::default()``: a derived method; ``kw::state``: a macro-made item; ``handler.layer(x)``: a method
        of the function's trait): the type is used, the module read, the function passed as a value."""
        head = r.receiver
        if not head.isidentifier() or head in SELF_NAMES or r.bound_to is not None:  # a name, not a call's value,
            return []  # a chain or a local variable (bound_to: what it holds, "" when that is unknown)
        key = (src, head, None)
        target = self._read_memo.get(key, ...)
        if target is ...:
            found = self._visible_name(r, head, src)
            target = (found.ids[0], found.resolution) if found and found.ids and found.ids[0] != src else None
            self._read_memo[key] = target
        if target is None:
            return []
        sid, resolution = target
        kind = self.g.by_id[sid].kind
        if kind in self.hooks.get(r.path, self.no_hooks).type_only_kinds:  # a local const beside a same-named type
            return []
        use = ("uses_type", "receiver") if kind in CLASSLIKE else ("calls", "callback") if kind in CALLABLE \
            else ("reads", "receiver") if kind in ("namespace", "module") else None
        if use is None:
            return []
        probe = Ref(r.path, r.src_qualname, use[0], head, None, None, None, r.line)
        return [self._edge(probe, src, sid, head, use[0], resolution, use[1], None)]

    def _read_target(self, r: Ref, src: str, head: str, rest: str) -> tuple | None:
        attr = rest.partition(".")[0]
        labeled = self._labeled_class(r, head, src) if attr.isidentifier() else None
        if head in SELF_NAMES or labeled:  # self.client.send(), this@Outer.client.send(): the field client
            cls = labeled or (self._enclosing_class(src) if attr.isidentifier() else None)
            found = self._member(cls, attr) if cls else None
        elif head.isidentifier():  # a variable or, where a method sees its class's members bare, a field of the
            found = self._visible_name(r, head, src) or (  # class or of a base (or of another part of it)
                self._value_member(head, src) if self.hooks.get(r.path, self.no_hooks).implicit_this else None)
            binding = None if found else self.bound_name(r.path, head)
            if binding is not None and binding.kind == "module":  # var app = require("./app"): its exported object
                default = self.default_export(binding.value)
                found = Found([default], "import") if default else None
        else:
            return None
        if not found or self.g.by_id[found.ids[0]].kind not in VALUES or found.ids[0] == src:
            return None
        return found.ids[0], found.resolution, attr if head in SELF_NAMES or labeled else head

    def _edge(self, r: Ref, src, dst, written, kind, res, form, receiver) -> Edge:
        target = self.g.by_id.get(dst)
        dst_path = target.path if target is not None else (dst.split("::")[0] if dst else None)
        confidence = CONF[res]
        if receiver and res in GUESSES:
            confidence *= UNKNOWN_RECEIVER  # obj.name() on an object of unknown type: a weaker guess
        return _new(Edge, (src, dst, written, kind, r.path, r.line, confidence, res, self.provenance, form, receiver,
                           dst_path))

    # -- lookup -------------------------------------------------------------------------------------------------
    def _lookup(self, r: Ref, src: str, kinds: set) -> Found:
        hooks = self.hooks.get(r.path, self.no_hooks)
        if self._wrapper_own(r, kinds, hooks):
            return EXTERNAL  # self.help.as_ref() with help: Option<Str>: the Option's, never Str::as_ref
        found = self._stated(r, src, kinds) or self._by_type_arguments(r, self._guess(r, kinds, hooks), hooks,
                                                                       guessed=True)
        if not found.ids and found.resolution == "external" and "method" in kinds:
            found = self._library_extension(r, hooks) or found  # a library's object: maybe a method we add to it
        if not found.ids and r.receiver and hooks.universal_member is not None and "method" in kinds:
            return hooks.universal_member(self, r, src) or found  # no member of the receiver's: every type's
        if found.resolution == "unresolved" and hooks.unowned_builtins_external and self._unowned_builtin(r, kinds,
                                                                                                         hooks):
            return EXTERNAL
        return found

    def _unowned_builtin(self, r: Ref, kinds: set, hooks: Hooks) -> bool:
        """``code.replace(..)``, ``id.startsWith(..)`` on a value of unknown type: a builtin method's name that no
        definition of the repository bears (of any kind or language: ``dead_code`` protects a definition by an
        unresolved use of its name, and none has it), so the call is the language's or a library's. An update that
        adds such a definition re-resolves the files naming it (incremental's ``ref_names``)."""
        return bool(r.receiver) and "method" in kinds and r.name in hooks.builtin_methods \
            and r.name not in hooks.unowned_kept and not self.g.by_name.get(r.name)

    def _stated(self, r: Ref, src: str, kinds: set) -> Found | None:
        """What the code states ``r`` is: its value flow, then the language's layers in order; None where only a
        guess by name is left."""
        hooks = self.hooks.get(r.path, self.no_hooks)
        if not r.bound_to and r.receiver and (call := _call_of_name(r.receiver)) and self._returned_members(r, call):
            r = replace(r, bound_to=call)  # first(xs).prefix(), first() -> NL (a union alias): each member's
        if r.bound_to and r.receiver and r.receiver.startswith(("self.", "this.", "cls.")) \
                and self._own_method_held(r, src, hooks):
            r = replace(r, bound_to=None)  # self.backend.install(): what the property declares, not __init__'s backend
        if r.bound_to:
            found = self._through_value(r, src)
            found = self._with_own_definition(r, found, hooks) if found else found
            found = self._assigned_member(r, found, hooks) if found and not found.ids else found
            named = self._through_named_value(r, src, hooks.member_layers) if not (found and found.ids) else None
            if named:
                return self._kind_wanted(named, kinds)
            if found:
                return self._with_holder_called(r, src, self._library_member(r, src, self._kind_wanted(found, kinds),
                                                                             hooks))
        for layer in hooks.member_layers if r.receiver else hooks.name_layers:
            found = layer(self, r, src)
            if found:
                found = self._by_type_arguments(r, found, hooks)
                return self._library_member(r, src, self._kind_wanted(found, kinds), hooks)
        # var Note = sequelize.define(..) of a parameter's: nothing states the call's value; a value stated otherwise
        # (a builtin's console.log, a typed const) keeps what its type says, a later assignment not yet made
        return self._assigned_member(r, None, hooks) if r.receiver and (r.bound_to or "").endswith(")") else None

    def _own_method_held(self, r: Ref, src: str, hooks: Hooks) -> bool:
        """Whether the receiver ``self.name`` (no call, no further step) names a method or property of the enclosing
        class (its own or a base's): its value is what that member declares, never a value the parse bound to the
        name, which came of a constructor's parameter of that name (``def __init__(self, backend: str)`` beside
        ``@property def backend(self) -> Backend``; a field and a method of one name cannot both be the class's).
        Only where the member states what it gives (peewee's ``model_class`` property returns an untyped mapping's
        element: the bound value stays the reading, a guess by name would be the alternative)."""
        head, dot, name = hooks.receiver_path(r.receiver).partition(".")
        if not dot or head not in SELF_NAMES or not name.isidentifier():
            return False
        cls = self._enclosing_class(src)
        member = self._member(cls, name) if cls else None
        return bool(member and member.ids and member.resolution not in GUESSES
                    and all(self.g.by_id[i].kind in METHODS and self.return_class(i) is not None for i in member.ids))

    def _through_named_value(self, r: Ref, src: str, layers) -> Found | None:
        """``d = pyramid.viewderivers; d.secured_view``: a receiver holding one dotted name that names a module
        where it is written (an import's, ``_module_of``; ``_through_value`` finds no class of it) is that module,
        the member looked up as written on it by ``layers``; only what they find for sure."""
        value = r.bound_to
        if not r.receiver or not r.receiver.isidentifier() or not all(p.isidentifier() for p in value.split(".")) \
                or not self._module_of(r.path, value):
            return None
        named = replace(r, receiver=value, bound_to=None)
        found = next((f for layer in layers if (f := layer(self, named, src))), None)
        return found if found and found.ids and found.resolution not in GUESSES else None

    def _by_type_arguments(self, r: Ref, found: Found, hooks: Hooks, guessed: bool = False) -> Found:
        """Of types found that have same-named twins of their package differing in their number of type parameters
        (C#'s ``IRule``, ``IRule<T>``, ``IRule<T, P>`` in one file or several), those taking as many as the reference
        writes type arguments (``TYPE_ARGUMENTS_WRITTEN``; none: the plain one); where none found does, the twin that
        does nearest the one found (its file's, else the nearest folder's). Unchanged where the language records no
        type arguments or no twin takes that many; a guess by name stays one (``unique_name`` where one is left)."""
        if not hooks.type_arguments_written or not found.ids \
                or any(self.g.by_id[i].kind not in CLASSLIKE for i in found.ids):
            return found
        written = _type_arguments_count(r.alias)
        counts = {i: self._type_parameter_count(self.g.by_id[i]) for i in found.ids}
        kept = [i for i in found.ids if counts[i] == written]
        if not kept:
            kept = list(dict.fromkeys(t for i in found.ids if (t := self._twin_taking(i, written))))
        if not kept or kept == found.ids:
            return found
        if found.resolution != "ambiguous" or len(kept) > 1:
            return Found(kept, found.resolution)
        if guessed:
            return Found(kept, "unique_name")
        return Found(kept, "same_file" if self.g.by_id[kept[0]].path == r.path else "same_package")

    def _twin_taking(self, sid: str, count: int) -> str | None:
        """The twin of type ``sid`` (``_arity_twins``) that takes ``count`` type parameters: of its file, else of
        the folder nearest its own (one part of a partial type stands for it); None where none does."""
        twins = [t for t in self._arity_twins(sid)[1:] if self._type_parameter_count(self.g.by_id[t]) == count]
        if not twins:
            return None
        here = self.g.by_id[sid].path.split("/")
        return max(twins, key=lambda t: langs.shared_folders(here, self.g.by_id[t].path.split("/")))

    def _written_twin(self, r: Ref, cls: str | None, value: str, hooks: Hooks) -> str | None:
        """The class a value written with its type arguments is (``inline_type_arguments``): of ``cls`` and its twins
        differing in their number of type parameters, the one taking as many as are written there. ``value`` is the
        receiver as written (``new Foo<A>().M()``) or what a variable is bound to, which keeps them where the
        language records them (``var b = new Foo<A>()``: ``new Foo<>()``; ``Foo<A, B> b``: ``Foo<,>``)."""
        written = hooks.inline_type_arguments(value) if cls else None
        if written is None or written == 0 and not self._type_parameter_count(self.g.by_id[cls]):
            return cls
        if written == 0 and value.isidentifier() and not self._classlike(self._named(r, value) or cls):
            return cls  # a member named as its type (Policy<T> Policy { get; }): its declared type gave the twin
        alias = f"{TYPE_ARGUMENTS_WRITTEN}{written}" if written else None
        found = self._by_type_arguments(replace(r, alias=alias), Found([cls], "constructor"), hooks)
        return found.ids[0] if len(found.ids) == 1 else cls

    def _arity_twins(self, sid: str) -> list[str]:
        """``sid`` and the types of its name and qualified name in its package (its file's ``Foo#2`` too), which may
        differ from it in their number of type parameters only."""
        found = self._arity_twins_of.get(sid)  # (a type of many parts is asked per part, per member looked up)
        if found is not None:
            return found
        sym = self.g.by_id[sid]
        key, qual = self._package_key(sym.path), untwinned(sym.qualname)
        found = self._arity_twins_of[sid] = [sid] + [
            i for i in self.g.by_name.get(sym.name, ()) if i != sid and (o := self.g.by_id[i]).kind in CLASSLIKE
            and untwinned(o.qualname) == qual and (o.path == sym.path or key is not None
                                                   and self._package_key(o.path) == key)]
        return found

    def _kind_wanted(self, found: Found, kinds: set) -> Found:
        """A method ``size()`` beside a field ``size`` (PHP's ``body()`` beside its promoted ``$body``): of each
        candidate, the twin of the kind wanted, where it has one."""
        if not found.ids:
            return found
        by_id = self.g.by_id
        if len(found.ids) == 1:  # mostly one candidate: its own kind, or its twin of the kind wanted
            sid = found.ids[0]
            sym = by_id.get(sid)
            return Found([sid if sym is None or sym.kind in kinds else (self._of_kind(sid, kinds) or sid)],
                         found.resolution)
        if all((sym := by_id.get(i)) is None or sym.kind in kinds for i in found.ids):  # mostly: each its own
            return type(found)(list(dict.fromkeys(found.ids)), found.resolution)  # a Listed one stays whole
        kept = [t for i in found.ids if (t := self._of_kind(i, kinds))]
        return type(found)(list(dict.fromkeys(kept)) or found.ids, found.resolution)

    def _library_member(self, r: Ref, src: str, found: Found, hooks: Hooks) -> Found:
        """A member of a value of a library's type (``external``) that the language lets the repository add
        (``library_member``: Kotlin's ``fun Type.typeToString()``, imported or of the package)."""
        if found.ids or found.resolution != "external" or not r.receiver or hooks.library_member is None:
            return found
        return hooks.library_member(self, r, src) or found

    def _guess(self, r: Ref, kinds: set, hooks: Hooks) -> Found:
        """Repository-wide candidates by name, where nothing the code states says more."""
        if hooks.host_scripts and r.path.endswith(hooks.host_scripts):
            return EXTERNAL  # a build script's DSL (plugins {}, implementation(..), x.set()): its host's, never ours
        if r.receiver is None:
            if r.name in hooks.builtins or self._outside_star(r.path) or (
                    r.name in hooks.test_builtins and is_test_path(r.path)):
                return EXTERNAL
            if not hooks.guess_bare_names(self, r.path):
                return UNRESOLVED  # defined nowhere the file can see: not a function of another module
            return self._global(r.name, kinds if kinds is CLASSLIKE else kinds - METHODS, r.path, r.src_qualname)
        # a value of a template's type parameter (``narrowed:Handler``, also ``Encoding::`` written as a scope) is
        # of a class of the programs building the template, never a library's for its capital
        narrowed_open = hooks.narrowed_guess_open and _narrowed_only(r)
        if not narrowed_open and self._external_receiver(r, hooks):
            return EXTERNAL
        kinds = kinds if kinds is CLASSLIKE else MEMBER_KINDS
        typed = self._type_named(r, kinds)
        if typed is not None:
            return self._same_program(r.path, typed)
        every = self._overridden_only(r, kinds) if hooks.guess_overridden else None
        built_with = narrowed_open and _zone(r.path) is None
        candidates = every or (self._global_all if built_with else self._global)(r.name, kinds, r.path)
        # a library template's parameter (``handler.Null()`` in ``GenericReader::ParseNull<.., Handler>``) is of any
        # class a program using the library builds it with: an example's or a test's handler too, each one a guess
        found = self._in_scope_only(r, candidates if built_with else self._same_program(r.path, candidates))
        if r.kind == "call" and len(found.ids) > 1:  # x.Name(): a method called, before a field holding a function
            methods = self._methods_first(r, found.ids)
            if methods and len(methods) < len(found.ids):
                found = Found(methods, "unique_name" if len(methods) == 1 else found.resolution)
        if r.kind == "call" and (hooks.call_operator or hooks.value_types) and found.ids:
            found = self._callable_guesses(found, hooks)
        if r.name in hooks.builtin_methods:  # x.get(), x.decode() on an unknown x: mostly a dict's, a bytes'...
            # ...unless one class the file can see has it (and x names it); never one of all a barrel passes on
            narrowed = self._prefer_visible(r, found, through_barrels=False)
            one = narrowed.ids[0] if len(narrowed.ids) == 1 and len(found.ids) > 1 else None
            found = narrowed if one is not None and self._receiver_fits(r, one, hooks) else UNRESOLVED
        elif not narrowed_open:
            found = self._through_visible_member(r, found) or self._prefer_visible(r, found)
        if hooks.receiver_names_owner:
            found = self._owner_named(r, found)
        found = self._written_first(found)
        if hooks.guess_reach and found.ids and not self._one_definition(found.ids, stub_with_code=True):
            found = self._reached_only(r, found, hooks.guess_reach)
        if found.ids and hooks.reads_declarations is not None and not hooks.reads_declarations(r.path):
            found = self._without_declarations(found)  # after the narrowing: a declaration may have made it a choice
        if hooks.extends_library_types and len(found.ids) > 1 and any(self._extends_library(i) for i in found.ids):
            found = self._extensions_of_receiver(r, found, hooks)
        if built_with and len(found.ids) > MAX_CANDIDATES:  # every class it may be built with, not the 8 nearest
            found = Listed(found.ids, found.resolution)
        return found

    def _extensions_of_receiver(self, r: Ref, found: Found, hooks: Hooks) -> Found:
        """Extensions of library types guessed by name on a receiver the guess reads no type of (``(-1234L)``,
        ``TimeSpan.Zero``): those of the type the code states there, as on a library's object (``_of_receiver_type``);
        all where none is of it."""
        kept = self._of_receiver_type(r, found.ids, hooks)
        if len(kept) == len(found.ids):
            return found
        return Found(kept, "unique_name" if self._one_definition(kept) else found.resolution)

    def _methods_first(self, r: Ref, ids: list[str]) -> list[str]:
        """Of a call's candidates, the methods; with them the fields declared as functions (``_declared_callable``)
        where no method is a class's, or the file imports the field's type itself: an interface's ``setState:
        SetStateInternal<T>`` is what runs as much as a type literal's ``setState(..)`` signature or an object's
        method, but a class's ``transform()`` (zod's ``ZodType``) stays before the ``transform: (arg) => any`` field
        of an effect's options, both reached through a barrel."""
        methods = [i for i in ids if self.g.by_id[i].kind in METHODS]
        of_class = any(self._class_kind(self.g.owner_of(self.g.by_id[i])) for i in methods)
        return [i for i in ids if i in methods or self._declared_callable(r, i) and (
            not of_class or self._class_visible(r.path, self.g.by_id[i], self._visible_from(r.path)))]

    def _class_kind(self, sid: str | None) -> bool:
        sym = self.g.by_id.get(sid) if sid else None
        return sym is not None and sym.kind == "class"

    def _declared_callable(self, r: Ref, sid: str) -> bool:
        """A field a call may name as it names a method: one declared as a function, of a function type
        (``getState: () => T``: its declared fact is the type the function returns; ``inc: () => void``: a
        ``Function``, ``FUNCTION_TYPES``) or of an alias of one (``type Listener = (s: S) => void``); or one declared
        of any alias of ours where the calling file imports the field's type by name (zustand's tests importing
        ``StoreApi`` call ``store.setState()``, ``setState: SetStateInternal<T>``, an alias of a type's member this
        cannot see through), which ``_prefer_visible`` then picks over the signatures of that name elsewhere."""
        sym = self.g.by_id[sid]
        declared = self.return_types.get((sym.path, sym.qualname)) if sym.kind == "field" else None
        if declared is None or declared.kind == "type.return":
            return declared is not None
        if declared.kind != "type.field" or declared.receiver:
            return False
        if declared.name in self.hooks.get(sym.path, self.no_hooks).function_types:
            return True  # ``inc: () => void``, ``cb: Function``
        found = self._lookup(declared, sid, CLASSLIKE)
        alias = self.g.by_id[found.ids[0]] if len(found.ids) == 1 else None
        if alias is None or alias.kind != "type":
            return False
        held = self.return_types.get((alias.path, alias.qualname))
        return held is not None and held.kind == "type.return" or self._visibly_declared(r.path, sym)

    def _visibly_declared(self, path: str, member: Symbol) -> bool:
        """The member's type is one the file imports, or (``visible_through_stars``) one a barrel it imports passes
        on (``import { create } from 'zustand'``, whose index has ``export * from './vanilla'``)."""
        if self._class_visible(path, member, self._visible_from(path)):
            return True
        return bool(self.hooks.get(path, self.no_hooks).visible_through_stars) and \
            self._class_visible(path, member, self._barrels_pass_on(path))

    def _callable_guesses(self, found: Found, hooks: Hooks) -> Found:
        """Of a call's candidates guessed by name, never a field declared as a value nothing calls: a builtin
        scalar or container (``exists: bool``), or a class of ours without the call operator (``start: Expr``):
        ``match.start()`` on an untyped ``match`` is a library's method, not ``Slice.start`` called."""
        kept = [i for i in found.ids if not self._uncallable_field(i, hooks)]
        if len(kept) == len(found.ids):
            return found
        return Found(kept, "unique_name" if len(kept) == 1 else found.resolution) if kept else UNRESOLVED

    def value_field(self, sid: str) -> bool:
        """A field declared of a builtin value type (``VALUE_TYPES``: Kotlin's ``val isPublic: Boolean``), which no
        call runs; a function type's result is recorded as a return (Kotlin's ``val f: (Int) -> Boolean``)."""
        declared = self._field_type(sid)
        hooks = self.hooks.get(self.g.by_id[sid].path, self.no_hooks)
        return declared is not None and declared.name in hooks.value_types

    def _field_type(self, sid: str) -> Ref | None:
        """The type a field's declaration states (``val count: Int``), None for another symbol or none stated."""
        sym = self.g.by_id[sid]
        declared = self.return_types.get((sym.path, sym.qualname)) if sym.kind == "field" else None
        return declared if declared is not None and declared.kind == "type.field" and not declared.receiver else None

    def _uncallable_field(self, sid: str, hooks: Hooks) -> bool:
        declared = self._field_type(sid)
        if declared is None:
            return False
        if declared.name in hooks.value_types:
            return True
        if hooks.call_operator is None:  # no class's instances are called (a TypeScript interface may declare a
            return False                 # call signature, which no member names)
        cls = self._declared_class(declared, sid)
        if not cls or any(c in self.g.external_bases for c, _ in self._linearized(cls)):
            return False  # a library's class, or one with a library's base: it may have the call operator
        return not self._member(cls, hooks.call_operator)

    def _implicit_member(self, r: Ref) -> Found:
        """Swift's ``.streamCompletionQueue(forRequestID: id)``, ``.object(pairs)``: a static method or an enum case of
        the type the context expects, which is not known here: guessed by name among methods and constants (enum
        cases), never a property (``.success(x)`` builds the library's ``Result``, not the repository's ``var
        success`` added to it). A name no definition of the caller's language bears (``.onQueue(q)``, ``.now()``) is
        a library type's member: external; so is one the repository gives only to what an implicit member cannot be
        (``completion(.success(v))`` where ``success`` is a property of an ``extension Result``)."""
        if not self._same_language(self.g.by_name.get(r.name, []), r.path):
            return EXTERNAL
        found = self._prefer_visible(r, self._same_program(r.path, self._global(r.name, IMPLICIT_MEMBER_KINDS,
                                                                                r.path)))
        found = self._type_level(found)
        if r.name in self.hooks.get(r.path, self.no_hooks).builtin_methods and not found.ids:
            return UNRESOLVED  # .init, .max: mostly the standard library's types (``return .merge(a, b)``: Effect's)
        if not found.ids and found.resolution == "unresolved":
            return EXTERNAL
        if r.args is not None and len(found.ids) > 1:  # .name(key: k, specification: s): not name(for:)
            found = Found(self._accepting(found.ids, r), found.resolution)
        return found

    def _type_level(self, found: Found) -> Found:
        """Of an implicit member call's candidates, the type's own: enum cases and static methods (marked
        ``SINGLETON``), never an instance method (``.download(..)`` is ``Endpoint.download``, not ``Session``'s)."""
        kept = [i for i in found.ids if self.g.by_id[i].kind not in METHODS or i in self.singleton_defs]
        return found if len(kept) == len(found.ids) else Found(kept, found.resolution if kept else "unresolved")

    def _implicit_read(self, r: Ref, src: str) -> list[Edge]:
        """Swift's ``.eager``, ``case .metric:``: an enum case of the type the context expects. The enclosing types'
        own case first, else one guessed by name among the enum cases (``constant``) of the program; a static
        property (``.default``, ``.shared``: names most types have) is not guessed; no edge where none is found."""
        own = self._value_member(r.name, src)
        ids = [t for i in (own.ids if own else ()) if (t := self._of_kind(i, ENUM_CASE_KINDS))]
        found = Found(ids, own.resolution) if ids else \
            self._prefer_visible(r, self._same_program(r.path, self._global(r.name, ENUM_CASE_KINDS, r.path)))
        return self._edges(r, src, found, "reads", "read") if found.ids else []

    def _type_named(self, r: Ref, kinds: set) -> Found | None:
        """``Router::new()``, ``TestClient.create()`` where the import that names the type was not followed (a glob
        re-export chain): a receiver written as a type's name guesses among the members of the repository's types of
        that name, not among every same-named method (``new``: hundreds)."""
        name = r.receiver
        if not (name[:1].isupper() and name.isidentifier()):
            return None
        types = {i for i in self.g.by_name.get(name, ()) if self.g.by_id[i].kind in CLASSLIKE}
        if not types:
            return None
        everywhere = self._global_all(r.name, kinds, r.path)
        kept = [i for i in everywhere.ids if self.g.owner_of(self.g.by_id[i]) in types]
        return Found(kept[:MAX_CANDIDATES], "unique_name" if len(kept) == 1 else "ambiguous") if kept else None

    def _owner_named(self, r: Ref, found: Found) -> Found:
        """Of several candidates guessed by name, those of the class the receiver's last name names where some are
        and not all: ``argument.name()``, ``previousArgument.name()`` on untyped values are ``Argument.name``, not
        also ``Option.name`` and ``Command.name`` (commander); ``cmd.name()`` names none and keeps them all."""
        if len(found.ids) < 2:
            return found
        owners = {i: self.g.owner_of(self.g.by_id[i]) for i in found.ids}
        named = [i for i in found.ids if _receiver_names_class(r.receiver, owners[i])] or \
            [i for i in found.ids if _receiver_abbreviates_class(r.receiver, owners[i])]
        if not named or len(named) == len(found.ids):
            return found
        return Found(named, "unique_name" if self._one_definition(named) else found.resolution)

    def _written_first(self, found: Found) -> Found:
        """Of several candidates of a guess by name, those whose name is written in the code where there are some: a
        method made at run time under a name spelled from a template (``MADE``: Ruby's ``LIST.each { |m|
        module_eval "def #{m}..." }``) is often a delegator to the written one, and answers only where none does."""
        if len(found.ids) < 2:
            return found
        written = [i for i in found.ids if not self.made.get(i, False)]
        if not written or len(written) == len(found.ids):
            return found
        return Found(written, "unique_name" if len(written) == 1 else found.resolution)

    def _outside_star(self, path: str) -> bool:
        """The file imports every name of a module from outside the repository (``import static ...Assertions.*``,
        ``from tkinter import *``): a name nothing the file states defines is that module's, not one guessed here."""
        self._declare_names(path)
        return path in self.external_star

    def _without_declarations(self, found: Found) -> Found:
        """A guess for a file that runs code and reads no declarations (plain JavaScript): a declaration file's
        signature (``FastifyInstance.listen`` in a ``.d.ts``) describes code elsewhere and is never what runs."""
        kept = [i for i in found.ids if not self._declaration_only(self.g.by_id[i].path)]
        if len(kept) == len(found.ids):
            return found
        return Found(kept, "unique_name" if self._one_definition(kept) else found.resolution) if kept else UNRESOLVED

    def _same_program(self, path: str, found: Found) -> Found:
        """A guess never crosses into another program's code: a test folder's or an example's definitions are
        candidates only for callers in that same test folder or example (``examples/mvc`` does not call
        ``test/app.render.js``)."""
        if not found.ids:
            return found
        mine = _zone(path)
        kept = [i for i in found.ids if (z := _zone(self.g.by_id[i].path)) is None or z == mine
                or (mine is not None and mine.startswith(z + "/"))]  # a nested program uses its enclosing tree's
        if len(kept) == len(found.ids):
            return found
        if not kept:
            return UNRESOLVED
        return Found(kept, "unique_name" if len(kept) == 1 else found.resolution)

    def _receiver_fits(self, r: Ref, member_id: str, hooks: Hooks) -> bool:
        """Whether a builtin-named method's one visible candidate may be guessed for ``r``'s unknown receiver.

        A method of an object held in a named variable (JavaScript's ``var res = Object.create(..)``, a singleton,
        not a type) is reached by its own name or ``this``: express's ``var app = this.app; app.get(..)`` in the
        file of ``res.get`` is the application's ``get``, not this object's. Where the language says so
        (``builtin_guess_named``, or for the method's name: ``builtin_guess_named_methods``), a class's method also
        needs a receiver naming the class."""
        owner_id = self.g.owner_of(self.g.by_id[member_id])
        owner = self.g.by_id.get(owner_id or "")
        if owner is not None and owner.kind in VALUES:
            last = r.receiver.rsplit(".", 1)[-1]
            if last.isidentifier() and last not in SELF_NAMES and last != owner.name:
                return False
        named = hooks.builtin_guess_named or r.name in hooks.builtin_guess_named_methods
        return not named or _receiver_names_class(r.receiver, owner_id)

    def _through_visible_member(self, r: Ref, found: Found) -> Found | None:
        """``c.req.header()`` on an untyped ``c`` in a file that sees ``Context``, whose member ``req`` is declared a
        ``HonoRequest``: the receiver is that member's value, so the candidates are its type's (``HonoRequest.header``),
        never the visible class's own same-named method (``Context.header``), which ``_prefer_visible`` would pick.
        Where the member's type is not known, all candidates stay (an honest ambiguity); None where no visible class
        has a member named as the receiver's last part."""
        head, _, last = r.receiver.rpartition(".")
        if len(found.ids) < 2 or not head or not last.isidentifier() or last in SELF_NAMES:
            return None
        imported = self._visible_from(r.path)
        holders = {self.g.owner_of(self.g.by_id[i]) for i in self.g.by_name.get(last, ())
                   if self._class_visible(r.path, self.g.by_id[i], imported)}
        holders = {h for h in holders if h and self.g.by_id[h].kind in CLASSLIKE}  # a function's locals: no member
        if not holders:
            return None
        types = {self._class_along(owner, [last]) for owner in holders}
        typed = [i for i in found.ids if self.g.owner_of(self.g.by_id[i]) in types]
        if not typed:
            return found
        return Found(typed, "unique_name" if self._one_definition(typed) else "ambiguous")

    def _prefer_visible(self, r: Ref, found: Found, through_barrels: bool = True) -> Found:
        """Of several same-named methods, those of classes the file can see (defined there, imported, its package)
        when there are some: ``client.request()`` in a file importing ``Client`` is ``Client.request``. Where none is,
        and the language says so (``visible_through_stars``), those of the modules a barrel the file imports passes
        on: ``schema.parse()`` in a test importing ``zod/v3`` is v3's ``ZodType.parse``, not v4's."""
        if len(found.ids) < 2:
            return found
        imported = self._visible_from(r.path)
        visible = [i for i in found.ids if self._class_visible(r.path, self.g.by_id[i], imported)]
        if not visible and through_barrels and self.hooks.get(r.path, self.no_hooks).visible_through_stars:
            passed_on = self._barrels_pass_on(r.path)
            visible = [i for i in found.ids if self._passed_on_member(r.path, self.g.by_id[i], passed_on)]
        if not visible or len(visible) == len(found.ids):
            return found
        return Found(visible, "unique_name" if len(visible) == 1 else "ambiguous")

    def _passed_on_member(self, path: str, member: Symbol, passed_on: tuple[set, set]) -> bool:
        """A member of a class the modules passed on hold, or one a function imported by name is given in its own
        file (``make.forget = ..`` in the body of an imported ``family``, owned by the module): the body's, which
        runs, stays beside the interface its signature declares. Not so for every module a barrel passes on: a
        helper's local object there (zod's ``targetAny.parse``) is no value of the file's."""
        if self._class_visible(path, member, passed_on):
            return True
        owner = self.g.by_id.get(self.g.owner_of(member) or "")
        return owner is not None and owner.kind == "module" and member.path in self._defining_files(path)

    def _defining_files(self, path: str) -> set[str]:
        """The files defining the names ``path`` imports by name."""
        return {self.g.by_id[s].path for s in self._visible_from(path)[0] if s in self.g.by_id}

    def _in_scope_only(self, r: Ref, found: Found) -> Found:
        """Of a guess's candidates, not the members of a class a test writes in its body for itself, while others
        are left: the receiver of another function is hardly an instance of a class only that test can name (a
        library's factory may hand out instances of its local class: those stay)."""
        kept = [i for i in found.ids if self._in_scope_of(r, self.g.by_id[i])]
        if not kept or len(kept) == len(found.ids):
            return found
        return Found(kept, "unique_name" if len(kept) == 1 else found.resolution)

    def _in_scope_of(self, r: Ref, member: Symbol) -> bool:
        """False where the member's class is local to a function of a test file (``class OptParseCommand(
        click.Command)`` in a test's body) and ``r`` is outside that function."""
        fn = self._test_function_around.get(member.id, _UNASKED)
        if fn is _UNASKED:  # asked for most candidates of most calls (sympy: 219k), of a few thousand members
            fn = self._test_function_around[member.id] = self._test_function_of(member)
        return fn is None or fn.path == r.path and (
            r.src_qualname == fn.qualname or r.src_qualname.startswith(fn.qualname + "."))

    def _test_function_of(self, member: Symbol) -> Symbol | None:
        """The function of a test file a member's class is local to (None: none, or a function of the code)."""
        sid = self.g.owner_of(member)
        while sid is not None:
            sym = self.g.by_id.get(sid)
            if sym is None or sym.kind == "module":
                return None
            if sym.kind in ("function", "method"):
                return sym if is_test_path(sym.path) else None
            sid = sym.parent_id
        return None

    def _reached_only(self, r: Ref, found: Found, depth: int) -> Found:
        """Of an ambiguous guess's candidates, those in files the caller's file reaches through its imports
        (``_reached_files``); none reached: unresolved, a name shared by unrelated classes says nothing of the value."""
        reached = self._reached_files(r.path, depth)
        kept = [i for i in found.ids if self.g.by_id[i].path in reached]
        if len(kept) == len(found.ids):
            return found
        return Found(kept, "unique_name" if self._one_definition(kept) else "ambiguous") if kept else UNRESOLVED

    def _reached_files(self, path: str, depth: int) -> set[str]:
        """The file, the files its imports name (modules, and the files defining the names imported) and theirs,
        up to ``depth`` steps."""
        reached = self._reached.get(path)
        if reached is None:
            reached, frontier = {path}, {path}
            for _ in range(depth):
                step = set()
                for p in frontier:
                    symbols, modules = self._visible_from(p)
                    step.update(modules)
                    step.update(self.g.by_id[s].path for s in symbols if s in self.g.by_id)
                frontier = step - reached
                reached |= frontier
            self._reached[path] = reached
        return reached

    def _visible_from(self, path: str) -> tuple[set, set]:
        """The definitions and module files a file's imports name."""
        found = self._visible.get(path)
        if found is None:
            symbols, modules = set(), set()
            for b in self.bindings_of(path).values():
                if b.kind == "symbol":
                    symbols.add(b.value)
                elif b.kind == "module":
                    modules.update(b.value)
            if self.hooks.get(path, self.no_hooks).stars_visible:
                modules.update(p for paths in self.stars(path) for p in paths)
            found = self._visible[path] = (symbols, modules)
        return found

    def _barrels_pass_on(self, path: str) -> tuple[set, set]:
        """``_visible_from`` with, for each module imported, the modules it passes on along the chain: wholesale
        (``export * from "./types"``) or as a namespace (``export * as core from "../core"``). A module a name is
        imported from passes its barrel's modules on too (``import { create } from 'zustand'``, whose index has
        ``export * from './vanilla'``: the store's ``StoreApi`` is the package's surface the test sees), and so
        does the file defining a name imported (``subscribeWithSelector``'s, which declares the store type it
        makes)."""
        found = self._through_barrels.get(path)
        if found is None:
            symbols, modules = self._visible_from(path)
            named_from = {t for d in self.declare(path) if d.name not in (None, "*") for t in d.targets}
            reached = modules | self._defining_files(path)
            todo = list(reached) + [m for m in named_from - reached]
            while todo:
                fresh = [p for p in self._passed_on_modules(todo.pop()) if p not in reached]
                reached.update(fresh)
                todo.extend(fresh)
            found = self._through_barrels[path] = (symbols, reached)
        return found

    def _passed_on_modules(self, module: str) -> list[str]:
        passed = [p for paths in self.stars(module) for p in paths]
        for name in list(self.exported.get(module, ())):
            hit = self.binding(module, name, frozenset(), True)
            if hit is not None and hit.kind == "module":
                passed.extend(hit.value)
        return passed

    def _class_visible(self, path: str, member: Symbol, imported: tuple[set, set]) -> bool:
        owner = self.g.owner.get(member.id) or member.parent_id  # ``owner_of``, asked for each candidate of a guess
        sym = self.g.by_id.get(owner) if owner else None
        if sym is None or sym.kind == "module":
            return False
        if sym.path == path or sym.id in imported[0] or sym.path in imported[1]:
            return True
        key = self._package_key(path)
        return key is not None and key == self._package_key(sym.path)

    def _external_receiver(self, r: Ref, hooks: Hooks) -> bool:
        """``os.path.join()``, ``Math.max()``, ``"a".join()``, ``s.trim().match()``: the receiver is a literal, a
        module imported from outside the repository, a type named by a capital that nothing here defines (or one of
        the language's globals the file does not name otherwise: ``Response.error()``), or what a call of nothing
        here returns, so guessing a same-named method of the repository would be noise."""
        receiver = hooks.receiver_path(r.receiver)
        if _LITERAL.match(receiver):
            return True
        inline = hooks.inline_type(receiver)
        if inline in ANY_TYPES:  # (api as any).dispatch(): the code says no type holds it; a same-named guess is noise
            return True
        lead = _LEAD.match(inline or receiver)
        head = lead.group(1) if lead else (inline or receiver).split(".")[0]
        if head in hooks.external and not self._shadows_builtin(r, head):
            return True
        if hooks.foreign_type and self._foreign_receiver(r, receiver, inline, hooks):
            return True
        if hooks.builtin_value and r.name in hooks.builtin_methods and hooks.builtin_value(receiver):
            return True
        if receiver.endswith(")"):
            callee = _called_name(receiver)  # (a Rust macro's name without its "!": tri!(x).visit())
            if callee and not self.g.by_name.get(callee) and not self.g.by_name.get(callee + "!"):
                return True  # the value of a call to nothing defined here (a library's or a builtin's result)
            if r.name in hooks.wrapper_methods and self._async_called(r, receiver):
                return True  # refresh().catch(..) with async function refresh(): the promise's own
        if not head.isidentifier() or head in SELF_NAMES:
            return False
        binding = self._receiver_binding(r.path, head, receiver)
        if binding is not None:
            return binding.kind in ("unresolved", "external")
        if not head[:1].isupper():
            return False
        # Response.error(), JSON.parse(): a global of the language (BUILTINS) is its own unless the file imports or
        # defines the name, even where some other file of the repository has a definition of that name
        # (C#, TYPES_NAMED_TYPES: a type's; a property of another class is no name a method here can write bare,
        # unless the file brings a class's members in: ``using static Issue61.HashIdExtension`` and ``Hashid``)
        bare = hooks.types_named_types and not hooks.members_imported(self, r)
        ours = self._may_name_ours(r, head) if bare else self.g.by_name.get(head)
        return not (self._visible_name(r, head) or (head not in hooks.builtins and ours))

    def _wrapper_own(self, r: Ref, kinds: set, hooks: Hooks) -> bool:
        """Whether ``r`` calls a wrapper's own method (``WRAPPER_METHODS``) on a value declared that wrapper, not
        what it holds (``self.help.is_some()`` with ``help: Option<Str>``, ``find().map(..)``, ``arg.help.take()``
        with ``arg: &Arg``)."""
        if not r.receiver or r.name not in hooks.wrapper_methods or "method" not in kinds:
            return False
        receiver = hooks.receiver_path(r.receiver)
        head = _chain_parts(receiver)[0].strip()
        if head.isidentifier() and head not in SELF_NAMES and r.bound_to and (r.held_wrapper or "~" in r.bound_to):
            # arg.help where arg: &Arg (bound Arg~help): the steps after the variable's own value, which is what a
            # wrapper held (let x = f()?) unless the variable holds the wrapper as written (x: Option<Arg>)
            return all(self._wrapped_variable(r, value, hooks) for value in bound_values(r.bound_to))
        return self._wrapped_value(r, receiver, hooks)

    def _wrapped_variable(self, r: Ref, value: str, hooks: Hooks) -> bool:
        """Whether a variable's ``value`` (``bound_to``: what it holds, then the steps after it) is a wrapper: the
        variable's own where it holds one as written (``x: Option<Node>``; ``let m = find(k)`` where find declares
        ``-> Option<Node>``), then what the steps give of it (``m.as_ref()``; ``arg.help`` of a field so declared)."""
        held, _, steps = value.partition("~")
        callee, paren, arguments = held.partition("(")  # Node::find(): the callee's path as the resolver writes it
        own = r.held_wrapper and (not paren or self._wrapped_value(r, hooks.receiver_path(callee) + paren + arguments,
                                                                   hooks))
        return self._wrapped_value(r, f"{held}.{steps}" if steps else held, hooks, len(_chain_parts(held)), own)

    def _wrapped_value(self, r: Ref, value: str, hooks: Hooks, held: int = 0, held_wrapped: bool = False) -> bool:
        """Whether ``value`` is, as declared, a wrapper rather than what it holds (``WRAPPED_PLACE``): a field or
        a call's result declared ``Option<T>``, or what a method of the wrapper gives of one (``self.help.as_ref()``,
        ``.take()``, ``.map(..)``); no where something unwraps it (``.unwrap()``, ``?``) or nothing says. The
        first ``held`` steps are a variable's value, a wrapper where ``held_wrapped``."""
        parts = [part.strip() for part in _chain_parts(value)]
        if len(parts) <= held:
            return held_wrapped
        last = parts[-1]
        step = last.split("(")[0].strip()
        if len(parts) > 1 and last.endswith(")") and (step in hooks.wrapper_keeping or step in hooks.wrapper_giving):
            return self._wrapped_value(r, ".".join(parts[:-1]), hooks, held, held_wrapped)
        owner = ".".join(parts[:-1])
        if last.endswith(")") and "(" not in owner:  # find(x), self.find(x), Node::find(x), crate::find(x)
            sid = self._one_callee(r, value)[0]
        elif len(parts) > 1 and (last.endswith(")") or last.isidentifier()):  # a.b().find(x), self.help
            sid = self._member_of(r, owner, step, hooks)
        else:
            return False
        return sid is not None and self._declares_wrapped(sid)

    def _member_of(self, r: Ref, owner: str, name: str, hooks: Hooks) -> str | None:
        """The member ``name`` of the class of ``owner``'s value, where both are known (never guessed)."""
        cls, _ = self._class_of_value(r, owner, hooks)
        member = self._member(cls, name) if cls else None
        return member.ids[0] if member and member.ids and member.resolution not in GUESSES else None

    def _declares_wrapped(self, sid: str) -> bool:
        sym = self.g.by_id.get(sid)
        return sym is not None and (sym.path, sym.qualname, WRAPPED_PLACE) in self.signatures \
            and self._wrapper_of_ours(sym) is None

    def _wrapper_of_ours(self, sym) -> str | None:
        """The repository's struct or enum that a declared wrapper (``WRAPPED_PLACE``) names, where the name only
        looks like a wrapper's (Rust's ``struct QueryResult<T>`` beside the ``*Result`` aliases of ``Result``): a
        value of it is that type, never what its argument names. None for a library's wrapper, an alias, a guess
        among several."""
        ref = self.signatures.get((sym.path, sym.qualname, WRAPPED_PLACE))
        if ref is None:
            return None
        key = (sym.path, sym.qualname)
        if key not in self._wrappers_ours:
            found = self._lookup(ref, sym.id, CLASSLIKE)
            ids = found.ids if found.resolution != "unresolved" else self._same_language(
                [i for i in self.g.by_name.get(ref.name, ()) if self.g.by_id[i].kind in CLASSLIKE], sym.path)
            # (unresolved: written with its module's path, query::QueryResult<T>, of the one type of that name)
            ours = len(ids) == 1 and found.resolution != "ambiguous" and self.g.by_id[ids[0]].kind in OWN_WRAPPER_KINDS
            self._wrappers_ours[key] = ids[0] if ours else None
        return self._wrappers_ours[key]

    def _async_called(self, r: Ref, call: str) -> bool:
        """Whether ``call`` calls, for certain, an asynchronous function (``ASYNC_PLACE``: its value a promise)."""
        sid, _ = self._one_callee(r, call)
        sym = self.g.by_id.get(sid) if sid else None
        return sym is not None and (sym.path, sym.qualname, ASYNC_PLACE) in self.signatures

    def _foreign_receiver(self, r: Ref, receiver: str, inline: str | None, hooks: Hooks) -> bool:
        """``okhttp3.Headers h``, ``new okhttp3.Response.Builder().code(..)``, ``okhttp3.Response.error(..)``: the
        type the reference is on is written with another library's package (``Hooks.foreign_type``)."""
        if r.kind.startswith(TYPE_PREFIX):
            return hooks.foreign_type(self, r, f"{receiver}.{r.name}")
        return hooks.foreign_type(self, r, inline or receiver)

    def _shadows_builtin(self, r: Ref, name: str) -> bool:
        """Whether a type of the repository the file sees (its scope's, an import's, its package's) bears a name the
        language lists as a library's (``BUILTINS``, ``EXTERNAL_RECEIVERS``): Newtonsoft's own ``JsonSerializer``
        in its namespace is that class, not System.Text.Json's; the nearer definition wins, as in the language."""
        found = self._visible_name(r, name)
        if bool(found and found.ids and any(self._classlike(sid) for sid in found.ids if sid in self.g.by_id)):
            return True
        enclosing = self.hooks.get(r.path, self.no_hooks).enclosing_type
        return bool(enclosing and enclosing(self, r, name)) or self._classlike_default(r.path, name)

    def _receiver_binding(self, path: str, head: str, receiver: str) -> Binding | None:
        """The import that names a receiver: its head's (``import os``), else its longest dotted start's (``import
        os.path`` binds ``os.path``, which ``os.path.join()`` is written through)."""
        binding = self.bound_name(path, head)
        if binding is None and "." in receiver:
            parts = receiver.split("(")[0].split(".")
            for n in range(len(parts), 1, -1):
                binding = self.bound_name(path, ".".join(parts[:n]))
                if binding is not None:
                    break
        return binding

    # -- what the parser's value flow knows --------------------------------------------------------------------------
    def _through_value(self, r: Ref, src: str) -> Found | None:
        """``bound_to`` holds what the receiver (``x.f()``) or the called name (``g()``) was given: a declared type,
        a constructing or other call, an assigned function. None when it says nothing certain."""
        hooks = self.hooks.get(r.path, self.no_hooks)
        answers, values = _ValueAnswers(), r.bound_to.split("|")
        checked, beside = self._checked_classes(r, values, hooks), []
        for at, value in self._alias_values(r, values):
            found = self._value_found(r, at, value, values, src, hooks)
            if found is not None and found.ids and checked and self._beside_check(at, value, checked, hooks):
                beside.append((found, value))  # a declared AsyncStream where isinstance(x, SyncStream) held
                continue
            if value.startswith(MAYBE_VALUES) and (found is None or not found.ids and value.startswith(NARROWED_VALUE)) \
                    and not _fixture_called_value(value):
                continue  # a parametrized argument, a fixture of unknown type, isinstance(x, dict): the rest decides
            if checked and (found is None or not found.ids and found.resolution == "external") \
                    and not value.startswith(NARROWED_VALUE):
                continue  # [p.m for p in self.plugins if isinstance(p, CLIPlugin)], plugins a list: the check decides
            if found is None and r.kind in RETURNED and value.endswith(")"):
                continue  # x = make(); return x: what make gave, no function named x, and nothing known of it
            if found is None and at is not r:
                answers.unknown = True  # an alias's member nothing here knows (a forward reference to a name never
                continue  # imported): its known members still decide; none known leaves it to the layers
            if found is None:
                return None  # one value we know nothing of: let the layers (and a guess) decide
            answers.add(found, value)
        for found, value in beside if not answers.checked_own else ():  # the checked class lacks it: they decide
            answers.add(found, value)
        return self._values_answer(r, answers)

    def _checked_classes(self, r: Ref, values: list[str], hooks: Hooks) -> set[str]:
        """The repository classes a type check narrows a receiver to where it holds (``narrowed:SyncStream``)."""
        if not r.receiver or not any(v.startswith(NARROWED_VALUE) for v in values):
            return set()
        return {cls for v in values if v.startswith(NARROWED_VALUE) and "~" not in v
                and (cls := self._class_of_value(r, v, hooks)[0])}

    def _library_checked_out(self, at: Ref, value: str, checked: set[str], library: list[str]) -> bool:
        """Whether a receiver's value is of a repository class no class a check holds for can be: derived from no
        checked class of the repository, and neither it nor a subclass of it derives, as far as their bases outside
        the repository tell (``Hooks.may_be_instance``), from a checked class of a library (``isinstance(cookies,
        list)`` holds for no ``Cookies(MutableMapping)``)."""
        if value.startswith(MAYBE_VALUES) or "~" in value:
            return False
        hooks = self.hooks.get(at.path, self.no_hooks)
        cls = self._class_of_value(at, value, hooks)[0]
        if cls is None or any(c in checked for c, _ in self._linearized(cls)):
            return False
        related = self._template_classes(cls)
        if len(related) >= MAX_TEMPLATE_TARGETS:
            return False  # a hub: too many subclasses to read
        related = {a for c in related for a, _ in self._linearized(c)}
        outside = [name for c in related for name in self.g.external_base_names.get(c, ())]
        return not any(hooks.may_be_instance(outside, lib) for lib in library)

    def _beside_check(self, at: Ref, value: str, checked: set[str], hooks: Hooks) -> bool:
        """Whether a receiver's other value is of a repository class neither a checked one nor derived from one: where
        the check holds it is not that value (unless a class derives from both, whose member the check's class
        answers: ``_through_value`` keeps such a value only where the checked class lacks the member)."""
        if value.startswith(MAYBE_VALUES) or "~" in value:
            return False
        cls = self._class_of_value(at, value, self.hooks.get(at.path, self.no_hooks))[0]
        return cls is not None and not any(c in checked for c, _ in self._linearized(cls))

    def _value_found(self, r: Ref, at: Ref, value: str, values: list[str], src: str, hooks: Hooks) -> Found | None:
        """What one of ``r``'s values answers, read at ``at`` (``r`` itself, or an alias's member in its own file)."""
        if value.startswith("="):  # self.callback(): the function the field was given
            found = self._callee_of_value(at, value[1:], src)
        elif r.receiver and self._host_member(at, value, hooks):
            found = EXTERNAL
        else:
            found = self._member_of_value(at, value, hooks) if r.receiver else self._callee_of_value(at, value, src)
            if found is None and r.receiver:
                found = self._made_under_check(at, value, values, hooks)
        if found is not None and at is not r and found.resolution in ("same_file", "import"):
            found = Found(found.ids, _seen_from(r.path, found.ids))  # read in the alias's file: as the caller sees it
        return found

    def _with_holder_called(self, r: Ref, src: str, found: Found) -> Found:
        """The field or module variable a call goes through is called as well as what it holds:
        ``self.storage_class()`` with ``storage_class = Headers``, ``local("request")`` with ``local = Local()`` (a
        change to the value changes what the call runs; a type checker binds the call to the holder)."""
        if not found.ids:  # self.num_convert(v) with num_convert = int: a library's callable, through the field
            holder = self._own_field_called(r, src) if r.receiver and found.resolution == "external" else None
            return Found([holder], "same_file" if self.g.by_id[holder].path == r.path else "inherited") \
                if holder else found
        holder = self._own_field_called(r, src) if r.receiver else self._object_variable_called(r, found)
        if holder is None or holder in found.ids:
            return found
        held = set(self._held_function(holder, FIELD_HOLDER))  # its call reaches them (``_called_along``)
        return type(found)([holder] + [i for i in found.ids if i not in held], found.resolution)

    def _object_variable_called(self, r: Ref, found: Found) -> str | None:
        """The module variable ``local("request")`` calls, where it holds an object whose class's call operator the
        call runs (``local = Local()``: ``Local.__call__``); a variable holding a function is left to its flow."""
        operator = self.hooks.get(r.path, self.no_hooks).call_operator
        if r.kind != "call" or not operator or any(self.g.by_id[i].name != operator for i in found.ids):
            return None
        return self._module_variable(r.path, r.name)

    def _own_field_called(self, r: Ref, src: str) -> str | None:
        """The field of the enclosing class that ``self.x()`` calls, where the parser knows the value it holds."""
        if not r.bound_to.startswith("=") \
                or self.hooks.get(r.path, self.no_hooks).receiver_path(r.receiver) not in SELF_NAMES:
            return None
        cls = self._enclosing_class(src)
        field = self._member(cls, r.name) if cls else None
        ok = field is not None and len(field.ids) == 1 and self.g.by_id[field.ids[0]].kind in VALUES
        return field.ids[0] if ok else None

    def _host_member(self, r: Ref, value: str, hooks: Hooks) -> bool:
        """Whether a value is a member of a host object (``window.localStorage``: JavaScript's ``EXTERNAL_RECEIVERS``)
        the file defines no type of that name for: its methods are the host's, even where a class of the file has a
        field of the member's name (``localStorage?: typeof window.localStorage``), which says nothing of them."""
        head, dot, member = value.partition(".")
        return bool(dot) and head in hooks.external and member.replace(".", "").isidentifier() \
            and not self._shadows_builtin(r, head)

    def _values_answer(self, r: Ref, answers: "_ValueAnswers") -> Found | None:
        if answers.hits:
            return (Listed if _listed(r.bound_to, answers) else Found)(answers.hits, answers.resolution)
        if answers.unknown:
            return None
        if not answers.external and all(v.startswith(MAYBE_VALUES) for v in r.bound_to.split("|")):
            return None
        held = self._module_variable(r.path, r.name) if answers.external and not r.receiver else None
        if held:  # var basename = path.basename; basename(p): the module's variable, which holds a library's
            return Found([held], "same_file")
        return (COMPUTED_MEMBER if answers.computed else EXTERNAL) if answers.external else UNRESOLVED

    def _alias_values(self, r: Ref, values: list[str]) -> list[tuple[Ref, str]]:
        """Each value with the reference to read it at: a module-level type alias a value names (``proxy:
        ProxyTypes``, ``ProxyTypes = Union["URL", str, "Proxy"]`` in another module; ``proxy.url``: ``ProxyTypes~url``)
        stands for its members, each read in the alias's own file (where its names are imported), its chain kept."""
        out = []
        for value in values:
            head, tilde, chain = value.partition("~")
            head, excluded, only = _check_marks(head)  # CookieTypes\u2216Cookies: the else of a check of Cookies
            if head.replace(".", "").isidentifier():
                members = [(replace(r, path=m.path, src_qualname=m.src_qualname), m) for m in
                           self._alias_of(r, head) or ()]
            elif _plain_call(head) and not excluded and not only:
                members = self._called_members(r, head)
            elif head.endswith(")" + ITEMS) and not excluded and not only and (called := _named_call(head[:-len(ITEMS)])):
                members = self._element_members(r, called)
            else:
                members = ()
            if not members and tilde and not excluded and not only and (several := self._method_returned(r, head, chain)):
                out += several  # util.create_app() with create_app returning A() or B(): each, read where returned
                continue
            if not members:
                if not self._decided_out(r, head, r, excluded, only):
                    out.append((r, head + tilde + chain))
                continue
            for at, m in members:
                written, rest = _member_value(m, chain)
                if not self._decided_out(at, written, r, excluded, only):
                    out.append((at, written + ("~" + rest if rest else "")))
        return out

    def _called_members(self, r: Ref, call: str) -> list[tuple[Ref, Ref | str]]:
        """``_alias_values``' members of a call: of an alias named (``_T()``, ``kind()`` with ``kind: type[_T]``
        and ``_T`` a TypeVar bound to a class): each class built; else what the callee returns (``_returned_members``),
        each read at the caller's own reference."""
        named = self._alias_of(r, call[:-2])
        if named:
            return [(replace(r, path=m.path, src_qualname=m.src_qualname), _written(m) + "()") for m in named]
        return [(replace(r, path=at.path, src_qualname=at.src_qualname), m)
                for at, m in self._returned_members(r, call)]

    def _element_members(self, r: Ref, call: str) -> list[tuple[Ref, Ref]]:
        """``for src in sources()`` with ``sources() -> Iterator[A | B]``: each member class the callee declares its
        elements are, read where it declares them; empty where it declares one class or none."""
        sid, _ = self._one_callee(r, call)
        sym = self.g.by_id[sid] if sid else None
        members = self.item_members.get((sym.path, sym.qualname)) if sym else None
        return [(replace(r, path=m.path, src_qualname=m.src_qualname), m) for m in members or ()]

    def _returned_members(self, r: Ref, call: str) -> list[tuple[Ref, Ref | str]]:
        """What ``first(xs)`` gives where it is no one class: the members of the union alias it declares it returns
        (``-> NL``, ``NL = Union[Leaf, Node]``), or, undeclared, of its returns' values (``return protocol`` where
        ``protocol = cls(..)``, ``cls: HTTPProtocol``, ``HTTPProtocol = "type[A | B]"``): each with the reference
        to read it at (its path and scope; the caller's own reference is read there). Empty where a class (or a
        library's) is known, or nothing is."""
        sid, _ = self._one_callee(r, call)
        return self._members_returned_by(sid)

    def _method_returned(self, r: Ref, head: str, chain: str) -> list[tuple[Ref, str]]:
        """A value that is one call of a method on a value of a known class (``Suite()~create_app()``,
        ``fixture:util~create_req()``) whose returns give several classes (``_several_returned``): each return's
        value with the reference to read it at; empty otherwise (``return_class`` has read what the returns say)."""
        name = chain[:-2]
        if not chain.endswith("()") or not name.isidentifier() or head.startswith("="):
            return []
        cls = self._class_of_value(r, head, self.hooks.get(r.path, self.no_hooks))[0]
        found = self._member_or_override(cls, name).ids if cls else []
        if len(found) != 1:
            return []
        return [(replace(r, path=at.path, src_qualname=at.src_qualname), m)
                for at, m in self._members_returned_by(found[0]) if isinstance(m, str)]

    def _members_returned_by(self, sid: str | None) -> list[tuple[Ref, Ref | str]]:
        if sid is None or self.g.by_id[sid].kind not in ("function", "method") or self.return_class(sid) is not None:
            return []
        return self._kept_unless_cyclic(sid, self._call_members, self._returning_members,
                                        lambda: self._returned_members_uncached(sid), []) or []

    def _returned_members_uncached(self, sid: str) -> list[tuple[Ref, Ref | str]]:
        sym = self.g.by_id[sid]
        declared = self.return_types.get((sym.path, sym.qualname))
        if declared is not None:
            named = _written(declared)
            members = self.return_members.get((sym.path, sym.qualname)) or (
                self._alias_of(declared, named) if named.replace(".", "").isidentifier() else None)
            return [(m, m) for m in members or ()]
        out, unions = [], False
        for ref in self.returns_of(sym):
            if ref.kind in RETURNED and ref.bound_to and not ref.receiver:
                read = self._alias_values(ref, ref.bound_to.split("|"))
                unions = unions or any(at is not ref for at, _ in read)
                out += read
        return out if unions else self._several_returned(sym)

    def _several_returned(self, sym) -> list[tuple[Ref, str]]:
        """An unannotated function whose returns agree on no one class (``return create_asgi_req()`` beside
        ``return create_req()``; ``cls = AsgiApp if asgi else App; return cls()``): each return's value, read where
        it is returned, so a caller's receiver reaches each class's member, not a guess among every same-named
        one. Only where the function has two returns or a return's value is a call (a local variable's values
        are then expanded in its scope); a value nothing knows leaves the rest to decide (``_through_value``)."""
        values = []
        for ref in self.returns_of(sym):
            if ref.kind == "returns_call" and ref.bound_to and not ref.receiver:  # return cls() with cls = A or B
                values += [(ref, v + "()") for v in ref.bound_to.split("|") if v.replace(".", "").isidentifier()]
            elif ref.kind == "returns_call":
                values.append((ref, f"{ref.receiver}.{ref.name}()" if ref.receiver else f"{ref.name}()"))
            elif ref.kind in RETURNED and ref.bound_to and not ref.receiver:
                values += [(ref, v) for v in ref.bound_to.split("|")]
        return values if len(values) > 1 or any(v.endswith(")") for _, v in values) else []

    def _decided_out(self, at: Ref, value: str, r: Ref, excluded: list[str], only: list[str]) -> bool:
        """Whether a check at ``r`` rules a value out (read at ``at``): of a class it excludes, or of none it
        narrows to (``_only_out``)."""
        return bool(excluded and self._checked_out(at, value, r, excluded)
                    or only and self._only_out(at, value, r, only))

    def _only_out(self, at: Ref, value: str, r: Ref, only: list[str]) -> bool:
        """Whether a value is of no class a check that held at ``r`` narrows to, where one of those is a library's
        (``CookieTypes\u2229list``: not the ``Cookies`` member); a check of the repository's classes only leaves the
        values to ``_through_value`` (a class may derive from a checked one and another of the union)."""
        hooks = self.hooks.get(r.path, self.no_hooks)
        if hooks.may_be_instance is None:
            return False
        classes = {name: self._class_of_value(r, name, hooks) for name in only}
        library = [name for name, (cls, how) in classes.items() if cls is None]
        if any(classes[name][1] != "external" and self._classlike_named(name.rpartition(".")[2]) for name in library):
            return False  # httpx.HTTPTransport not found as written: maybe the repository's class of that name
        checked = {cls for cls, _ in classes.values() if cls is not None}
        return bool(library) and self._library_checked_out(at, value, checked, library)

    def _may_name_ours(self, r: Ref, dotted: str) -> bool:
        """Whether a type of the repository (or a name a using binds) may be the one ``dotted`` names: not a
        property or method of its name (a Razor view's ``HttpContext HttpContext { get; }``)."""
        head = dotted.rpartition(".")[0]
        return self.bound_name(r.path, (head or dotted).split(".")[0]) is not None or self._classlike_named(
            dotted.rpartition(".")[2])

    def _classlike_named(self, name: str) -> bool:
        return any(self._classlike(sid) for sid in self.g.by_name.get(name, ()) if sid in self.g.by_id)

    def _checked_out(self, at: Ref, value: str, r: Ref, excluded: list[str]) -> bool:
        """Whether a value (read at ``at``) is of a class a failed check at ``r`` excludes, or of a subclass of one:
        ``isinstance(x, SyncStream)`` is false for a ``Chunked(SyncStream)`` too."""
        cls = self._class_of_value(at, value, self.hooks.get(at.path, self.no_hooks))[0]
        if cls is None:
            return False
        hooks = self.hooks.get(r.path, self.no_hooks)
        checked = {c for name in excluded if (c := self._class_of_value(r, name, hooks)[0])}
        return bool(checked) and any(c in checked for c, _ in self._linearized(cls))

    def _alias_of(self, r: Ref, name: str) -> list[Ref] | None:
        """The members of the module-level type alias ``name`` names where ``r`` is (its own file's or imported)."""
        hit = self._visible_name(r, name)
        sid = hit.ids[0] if hit and len(hit.ids) == 1 else None
        if sid is None or not self._module_value(sid):
            return None
        sym = self.g.by_id[sid]
        return self.alias_members.get((sym.path, sym.qualname))

    def _made_under_check(self, r: Ref, value: str, values: list[str], hooks: Hooks) -> Found | None:
        """``x = x.errors()`` inside ``if (x instanceof Console)`` (``isinstance(x, Console)``): a value made from the
        variable's own declared type (``Writer~errors()``, ``Writer`` among its values) along a member that type
        lacks was made under the check, from the class narrowed to (``narrowed:Console~errors()``); None where no
        narrowed class has it either (the layers decide, as before)."""
        head, tilde, chain = value.partition("~")
        if not tilde or head not in values:
            return None
        for narrowed in values:
            if narrowed.startswith(NARROWED_VALUE) and "~" not in narrowed:
                found = self._member_of_value(r, f"{narrowed}~{chain}", hooks)
                if found is not None and found.ids:
                    return found
        return None

    def _module_variable(self, path: str, name: str) -> str | None:
        """The variable or constant ``name`` defined at the top of ``path``, if it is one."""
        sid = self.g.top.get(path, {}).get(name)
        return sid if isinstance(sid, str) and self._module_value(sid) else None

    def _member_of_value(self, r: Ref, value: str, hooks: Hooks) -> Found | None:
        given = hooks.elements_given(value[:-len(ITEMS)]) if hooks.elements_given and value.endswith(")" + ITEMS) \
            else None
        value = given or value  # node~members.map(m => new Gen(m))[]: each made here, whatever the collection's type
        value, _, chain = value.partition("~")  # request.url.x: the class of request, then of its member url
        if chain and hooks.class_manager is not None and self._managed_chain(r, value, hooks) is not None:
            value, chain = f"{value}.{chain}", ""  # q = Check.objects.filter(); q.first(): the manager's steps go on
        value, chain = _tuple_element(value, chain)
        if not value:  # an element of a tuple whose type is no named one: unknown
            return None
        # app~get(UsersService): a last step whose value its argument names (``argument_class``), as in a chain
        given = hooks.argument_class(self, r, f"{value}.{chain}") \
            if chain.endswith(")") and hooks.argument_class is not None else None
        cls, how = (given, "typed") if given else self._class_of_value(r, value, hooks)
        chain = "" if given else chain
        if cls and chain:
            cls, how = self._class_along(cls, _chain_parts(chain)), "typed"
        elif chain and how == "external" and (hooks.extends_library_types or hooks.library_extension_results) \
                and (extended := self._extension_result(r, _chain_parts(chain), hooks, value)):
            cls, how = extended, "typed"
        elif chain and how == "external" and _chain_parts(chain)[0].split("(")[0] in ELEMENT_ACCESSORS:
            # this.registered.get(name): an element out of a library's container, of a type unknown, which may be
            # the repository's; never where nothing here bears the name then taken of it (client.get("/").json(),
            # client.get("/").headers.get(k): a library's response, external rather than unresolved)
            parts = _chain_parts(chain)
            taken = re.split(r"[(\[]", parts[1])[0] if len(parts) > 1 else r.name
            return None if self.g.by_name.get(taken) else EXTERNAL
        if not cls:
            return EXTERNAL if how == "external" or cls == "" else None
        cls = self._unaliased(cls)  # (an alias with bases, TypeScript's A & B, has their members)
        if not cls:
            return EXTERNAL  # an alias of a library's type
        if self.g.by_id[cls].kind == "type" and not self.g.members.get(cls) and not self.g.bases.get(cls):
            return None  # an alias of what is unknown
        found = self._member_or_override(cls, r.name)
        if found.ids and how == "constructor":
            return Found(found.ids, "constructor")
        return self._found_elsewhere(r, found) if found.ids else found

    def _extension_result(self, r: Ref, parts: tuple[str, ...], hooks: Hooks, value: str = "") -> str | None:
        """``connection.QueryMultiple(..).Read()`` with ``connection`` of a library's type: the class the methods the
        repository adds to library types under the first step's name agree they return (C#'s ``static GridReader
        QueryMultiple(this IDbConnection cnn, ..)``), then along the rest of the chain; None where none is added.
        Where the language finds such methods by the library type's name (Kotlin's ``library_member``: ``fun
        ASTNode.toChained()`` called on ``node: ASTNode``), the value's type (``value``) is what it looks up."""
        if not parts[0].endswith(")"):
            return None
        name = re.split(r"[(<]", parts[0])[0]
        if hooks.extends_library_types:
            found = self._library_extension(Ref(r.path, r.src_qualname, "call", name, r.receiver, None, None, r.line),
                                            hooks)
        else:
            probe = Ref(r.path, r.src_qualname, "call", name, value or r.receiver, None, None, r.line, value or None)
            found = hooks.library_member(self, probe, self.g.by_qual.get((r.path, r.src_qualname),
                                                                         f"{r.path}::{MODULE}"))
        cls = self._agreed_return(found.ids) if found else None
        return self._class_along(cls, list(parts[1:])) if cls and len(parts) > 1 else cls

    def _agreed_return(self, ids: list[str]) -> str | None:
        """The class every one of ``ids`` (overloads, extensions found by name) returns, where they agree; else None."""
        returned = {self.return_class(i) for i in ids}
        return returned.pop() if len(returned) == 1 else None

    def _library_extension(self, r: Ref, hooks: Hooks) -> Found | None:
        """``error.describe()`` on a library's object (a value of ``Error`` or ``[T]``, ``URLSession.shared``): a
        method the repository adds to a type that is not its own (Swift's ``extension Error { func describe() }``,
        C#'s ``IServiceCollection.AddMediatR``, owned by no class here), where the language lets a file do so
        (``EXTENDS_LIBRARY_TYPES``), of the caller's language and program; which type is not compared (the object's
        library type may be an interface of the extended one): a guess by name. The library's own methods
        (``BUILTIN_METHODS``: ``append``, which the repository may overload) and initializers are the library's; a
        bare call of the type (``OperationQueue(name:)``) may run a constructor the repository adds to it
        (``NAMED_CONSTRUCTORS`` given by name: ``extension OperationQueue { init(..) }``), unless the type is one of
        the language's ``BUILTINS`` (labels are not read: every ``String(..)`` would be a guess). A library's own
        method name is the repository's only where the calling file itself adds it (MediatR's ``interfaces.Fill(t)``
        beside its ``static void Fill<T>(this IList<T> list, T value)``)."""
        if not hooks.extends_library_types or r.name == "init":
            return None
        if r.name in hooks.builtin_methods:
            own = [sid for sid in self.g.by_name.get(r.name, ()) if self.g.by_id[sid].path == r.path
                   and self._extends_library(sid)] if r.receiver is not None else []
            return Found(own, "same_file") if own else None
        nested = r.receiver is not None and _TYPE_PATH.match(r.receiver) and r.name[:1].isupper()
        ids = self._added_constructors(r, hooks) if r.receiver is None or nested else None
        if r.receiver is None and ids is None:
            return None  # String(describing:), URL(string:): the language's own types have initializers galore
        if r.receiver is not None and not ids:
            ids = [sid for sid in self.g.by_name.get(r.name, ()) if self._extends_library(sid)]
            ids = self._of_receiver_type(r, ids, hooks)
        ids = self._same_program(r.path, Found(self._same_language(ids, r.path), "")).ids
        return Found(ids[:MAX_CANDIDATES], "unique_name" if self._one_definition(ids) else "ambiguous") if ids else None

    def _added_constructors(self, r: Ref, hooks: Hooks) -> list[str] | None:
        """``OperationQueue(name: "x")``, ``XCScheme.CommandLineArguments(args)`` (a library's nested type, built by
        its path): the constructors the repository adds to that type (``extension XCScheme.CommandLineArguments {
        init(..) }``); None where the type is none the repository may add one to (a language's own)."""
        ctor = hooks.named_constructors if isinstance(hooks.named_constructors, str) else None
        if not ctor or not r.name[:1].isupper() or (r.receiver is None and r.name in hooks.builtins):
            return None
        owner = f"{r.receiver}.{r.name}" if r.receiver is not None else r.name
        ids = [sid for sid in self.g.by_name.get(ctor, ())
               if unsuffixed(self.g.by_id[sid].qualname) == f"{owner}.{ctor}" and self._extends_library(sid)]
        if r.receiver is None or not ids:
            return ids
        # the nested type's own initializers are the library's: ours only where its parameters take the call's
        # (``XCScheme.EnvironmentVariable(variable:value:enabled:)`` is not the added ``init(jsonDictionary:)``)
        hooks_fit = self.hooks.get(r.path, self.no_hooks).labels_fit
        return [i for i in ids if (p := self.g.by_id[i].params) is not None and p.accepts(r.args)
                and (r.labels is None or p.labels is None or hooks_fit is None or hooks_fit(p.labels, r.labels))]

    def _of_receiver_type(self, r: Ref, ids: list[str], hooks: Hooks) -> list[str]:
        """Of the extensions of library types named as called, those of the receiver's type where the code states
        it plainly (``int number``, ``"text"``, ``42``, ``-1234L``, ``new DateOnly(..)``: Humanizer's
        ``"x".Humanize()`` is ``string.Humanize``, not its twenty ``DateTime``, ``TimeSpan``, enum... overloads); all
        where none is of it (the receiver's type may implement the extended interface)."""
        bound = r.bound_to or hooks.inline_type(hooks.receiver_path(r.receiver))
        bound = bound.rpartition(".")[2] if bound else None  # System.DateTime: DateTime
        bound = bound if bound and bound.isidentifier() else None
        written = None if bound else hooks.receiver_type_written(r.receiver or "")
        names = (bound,) if bound else (written,) if written else \
            next((t for rx, t in _LITERAL_TYPES if rx.match(r.receiver or "")), ())
        kept = [i for i in ids if self.g.by_id[i].qualname.partition(".")[0] in names] if names else ids
        return kept or ids

    def _extends_library(self, sid: str) -> bool:
        """A method named ``T.m`` whose type ``T`` no definition of the repository is (an extension's member)."""
        sym = self.g.by_id[sid]
        if sym.kind not in METHODS or "." not in sym.qualname:
            return False
        owner = self.g.by_id.get(self.g.owner_of(sym) or "")
        return owner is None or owner.kind in ("module", "extension")

    def _call_target(self, r: Ref, call: str, src: str | None = None) -> Found | None:
        """What the call ``call`` (``make(..)``, ``self.get_params()``) written at ``r`` calls; None where its callee
        is no name or dotted name."""
        head = call.partition("(")[0]
        if not head.replace(".", "").isidentifier():
            return None
        receiver, _, name = head.rpartition(".")
        src = src or self.g.by_qual.get((r.path, r.src_qualname), f"{r.path}::{MODULE}")
        return self._lookup(Ref(r.path, r.src_qualname, "call", name, receiver or None, None, None, r.line), src,
                            CALLABLE)

    def _one_callee(self, r: Ref, call: str) -> tuple[str | None, str]:
        """The one definition ``call`` calls, known rather than guessed (None and why not: ``external`` for a
        library's, else ``unknown``)."""
        callee = self._call_target(r, call)
        if callee is None or len(callee.ids) != 1 or callee.resolution in GUESSES:
            return None, "external" if callee is not None and callee.resolution == "external" else "unknown"
        return callee.ids[0], ""

    def _class_of_elements(self, r: Ref, call: str, hooks: Hooks) -> tuple[str | None, str]:
        """``for p in self.get_params()``: the repository class of the elements the callee declares it returns
        (``-> list[Param]``, ``-> t.Iterator["Extension"]``); an element of what a library's function gives is the
        library's; a Python generator's is what it yields (read as what it returns); else not known (our
        function's collection, whose elements it does not declare). Of a wrapper (an Option a call declares it
        gives), what it holds: ``find().map(|node| ..)``, ``for node in find()``."""
        if hooks.wrapper_keeping and self._wrapped_value(r, call, hooks):
            return self._class_of_value_uncached(r, call, hooks)
        given = hooks.elements_given(call) if hooks.elements_given else None
        if given:  # gens.map(n => new Gen(n)).filter(..): a builtin's elements, made by the code
            return self._class_of_value_uncached(r, given, hooks)
        sid, how = self._one_callee(r, call)
        if sid is None:
            return None, how
        element = self._element_class(sid)
        if element:
            return element, "typed"
        if element == "":  # @return RequestInterface[]: a library's class
            return None, "external"
        each = self._iterated_by(self.return_class(sid), hooks.iterator_method)
        if each:  # for line in text.split(), split() -> Lines: what Lines.__iter__ declares it yields
            return each, "typed"
        if hooks.loops_take_yields:
            cls, how = self._class_of_value_uncached(r, call, hooks)
            if cls:
                return cls, how
        return None, "unknown"

    def _class_of_entered(self, r: Ref, call: str, hooks: Hooks) -> tuple[str | None, str]:
        """``with make(app) as client``: what the call gives (a context manager entered gives itself, as the
        language's classes mostly do); where the callee declares it returns an iterator instead (``-> Iterator[Reply]``,
        ``Generator``, ``AsyncIterator``), it is a @contextmanager generator, which a ``with`` enters only so
        wrapped: what it yields (its declared element)."""
        cls, how = self._class_of_value_uncached(r, call, hooks)
        if cls:
            return cls, how
        sid, _ = self._one_callee(r, call)
        element = self._element_class(sid) if sid else None
        return (element, "typed") if element else (cls, how)

    def _class_of_keys(self, r: Ref, call: str, hooks: Hooks) -> tuple[str | None, str]:
        """``m = self.region_map(); for k in m``: the elements of what the callee declares it returns, unknown where
        that is a mapping (``-> Dict[Layout, Region]``: its keys, whose type no fact holds; never its values)."""
        sid, how = self._one_callee(r, call)
        if sid is None:
            return None, how
        return (None, "unknown") if self._declares_mapping(sid) else self._class_of_elements(r, call, hooks)

    def _declares_mapping(self, sid: str) -> bool:
        """Whether a function or property declares it returns a mapping (its ``ITEMS_KIND`` fact is a value's)."""
        sym = self.g.by_id[sid]
        fact = self.item_types.get((sym.path, sym.qualname))
        return fact is not None and fact.alias == MAPPED

    def _class_of_items(self, r: Ref, type_name: str) -> tuple[str | None, str]:
        """An element of a value of a named collection type (``type Inodes []Inode``: an ``Inode``), as the type's
        declaration states; unknown for a type that is no collection of ours (its elements are not the type)."""
        cls = self._class_named(r, type_name)
        element = self._element_class(cls) if cls else None
        return _typed(element)

    def _class_of_result(self, r: Ref, call: str, place: int) -> tuple[str | None, str]:
        """The class of the result at ``place`` of what the call's callee declares it returns; a library's callee
        gives a library's; a guessed callee, or one declaring nothing there, says nothing."""
        sid, how = self._one_callee(r, call)
        return _typed(self._result_class(sid, place)) if sid else (None, how)

    def _unpacked_class(self, ref: Ref) -> str | None:
        """The class a module's variable holds where the module's top unpacks a call's result into it (``a, b =
        symbols(..)``: ``value.returned`` with b's place as its alias): what our callee declares there; where it
        declares nothing there (sympy's ``-> Any``, ``-> tuple``), nothing of ours for sure: ``""``, as a library's
        callee gives, so a call on the name imported elsewhere is no guess among every class's same-named method
        (the name unknown, as it was, was no guess either); None where the callee itself is not known for sure."""
        sid, how = self._one_callee(ref, _written(ref) + "()")
        if sid is None:
            return "" if how == "external" else None
        declared = self._result_class(sid, int(ref.alias[len(RESULT_MARK):]))
        return "" if declared is None else declared

    def _result_class(self, sid: str, place: int) -> str | None:
        """The class a function declares at ``place`` among its results (``#1`` of ``(int, *Node, error)``:
        ``Node``); ``""`` for a library's type; None where it declares no one class there."""
        sym = self.g.by_id[sid]
        ref = self.signatures.get((sym.path, sym.qualname, f"{RESULT_MARK}{place}"))
        return self._declared_class(ref, sid) if ref is not None else None

    def _field_items(self, cls: str, name: str) -> str | None:
        """The class of an element of the field ``name`` of ``cls`` (``children []*Node``, ``inodes Inodes``): as
        its declaration states, or its named type's; None where neither states one (never the field's own class).
        A field declared a wrapper (``heading: Option<Label>``) holds one: ``Some(h)`` matched on it is a Label."""
        member = self._member(cls, name)
        if not member or len(member.ids) != 1:
            return None
        if self._declares_wrapped(member.ids[0]):
            return self.return_class(member.ids[0]) or None
        element = self._element_class(member.ids[0])
        if element is not None:
            return element
        held = self.return_class(member.ids[0])
        element = self._element_class(held) if held else None
        return element if element is not None or not held else self._indexed_by(held)

    def _indexed_by(self, cls: str) -> str | None:
        """What indexing a value of our class ``cls`` gives where its language's index method declares it
        (``def __getitem__(self, name) -> Pane``: ``Pane``); None where it declares none or there is none."""
        method = self.hooks.get(self.g.by_id[cls].path, self.no_hooks).index_method
        member = self._member(cls, method) if method else None
        if not member or len(member.ids) != 1 or self.g.by_id[member.ids[0]].kind not in ("function", "method"):
            return None
        return self.return_class(member.ids[0]) or None

    def _field_delegate_given(self, cls: str, name: str) -> str | None:
        """``TypeMapActions[]=>0`` on ``cls``: the type its field's declaration says the delegates it holds take at
        that place (a ``signature`` at ``[]=>0``, parse.py ``_delegate_signature``), the field found on the class
        or a base of it, in whatever file; None where not one field declares one."""
        field, _, place = name.partition(DELEGATE_GIVES)
        member = self._member(cls, field.removesuffix(ITEMS))
        if not member or len(member.ids) != 1:
            return None
        sym = self.g.by_id[member.ids[0]]
        items = ITEMS if field.endswith(ITEMS) else ""
        declared = self.signatures.get((sym.path, sym.qualname, f"{items}{DELEGATE_GIVES}{place}"))
        return self._declared_class(declared, sym.id) if declared else None

    def _field_keys(self, cls: str, name: str) -> str | None:
        """What a loop over the field ``name`` of ``cls`` takes: its elements, unless its declaration is a
        mapping's (``-> dict[str, Column]``: the keys, whose type no fact holds, unknown: never the values')."""
        member = self._member(cls, name)
        if not member or len(member.ids) != 1:
            return None
        return None if self._declares_mapping(member.ids[0]) else self._field_items(cls, name)

    def _builds_no_instance(self, cls: str) -> bool:
        """``Sinatra.new(Base)``: a Ruby module's own ``new`` (what it returns is another class), a namespace's: the
        value is no instance of it."""
        kind = self.g.by_id[cls].kind
        return kind == "namespace" or (kind == "trait" and "new" in self.g.members.get(cls, {}))

    def _class_of_value(self, r: Ref, value: str, hooks: Hooks) -> tuple[str | None, str]:
        """The repository class an expression's value is an instance of: (class id, how) or (None, ``external`` /
        ``unknown``); memoized per file and value (per scope for values starting at ``self``, ``cls`` or ``super``: two
        classes of a file reach different bases through ``super().make()``; and for what a function called bare
        gives a lambda: ``RuleFor(x => ..)`` is a method of the enclosing class's bases)."""
        key = (r.path, r.src_qualname if self._read_in_scope(r.path, value) else "", value)
        if self.line_sensitive(r.path, value):  # new Box() where Box is declared in each test: which Box is the line's
            key += (r.line,)
        # (a variable's own object names its scope, <object>createServer; a returned one is the function's own)
        found = self._value_classes.get(key)
        if found is None:
            outer, self._cycle_met = self._cycle_met, set()
            found = self._class_of_value_uncached(r, value, hooks)
            met, self._cycle_met = self._cycle_met, outer | self._cycle_met
            if not met:  # an answer that met a return_class in progress depends on the order: not kept
                self._value_classes[key] = found
        return found

    def _read_in_scope(self, path: str, value: str) -> bool:
        """Whether the class of ``value`` depends on the scope reading it, not only on its file: a value starting at
        ``self``, ``cls`` or ``super`` (any of ``SELF_NAMES``: ``cls.new(1)`` is another class in each classmethod of a
        file), the object or lambda of a function's own, a class some function of the file defines;
        a value a check narrows (``isinstance(expr, cls)`` in ``AssocOp.make_args`` and ``LatticeOp.make_args`` of
        one file) as the value it narrows; a pytest fixture's value, which the test's class may declare itself
        (pandas' ``AstypeTests`` reads the conftest's ``index``, its subclasses each their own). Memoized per file
        otherwise, the first scope to ask answered for every other, and which asked first depended on the slices a
        worker had resolved before, or on the look-ups ``prepare`` made."""
        value = value.removeprefix(NARROWED_VALUE)
        return (value.partition(".")[0] in SELF_NAMES or value.startswith(("super(", FIXTURE_VALUE))
                or value == OWN_OBJECT
                or _bare_callee_given(value) or self._names_local_class(path, value))

    def _names_local_class(self, path: str, value: str) -> bool:
        """Whether ``value`` starts with the name of a class some function of the file defines in its body (attrs'
        tests each declare their own ``C2Slots``): which class that is depends on the scope reading it."""
        lead = _LEAD.match(value)
        if lead is None:
            return False
        key = (path, lead.group(1))
        found = self._local_class_names.get(key)
        if found is None:
            named = list(self.g.by_name.get(lead.group(1), ())) + (self.g.local_names.get(path) or {}).get(
                lead.group(1), [])  # a language scoping a body's classes lists them apart from the names guessed
            found = self._local_class_names[key] = any(
                (sym := self.g.by_id.get(i)) is not None and sym.path == path and sym.kind in CLASSLIKE
                and (parent := self.g.by_id.get(sym.parent_id or "")) is not None
                and parent.kind in ("function", "method") for i in named)
        return found

    def _class_of_value_uncached(self, r: Ref, value: str, hooks: Hooks) -> tuple[str | None, str]:
        managed = self._managed_chain(r, value, hooks) if hooks.class_manager is not None else None
        if managed is not None:  # Book.objects.get(pk=1), for b in Book.objects.all(): along the manager's steps
            return managed
        marked = self._class_of_marked_value(r, value, hooks)
        if marked is not None:
            return marked
        head, dot, rest = value.partition(".")
        if dot and head in SELF_NAMES:  # self._init_transport(): the enclosing class, then its members
            src = self.g.by_qual.get((r.path, r.src_qualname))
            cls = self._class_along(self._enclosing_class(src), _chain_parts(rest)) if src else None
            return _typed(cls)
        text = hooks.receiver_path(value)
        given = hooks.argument_class(self, r, text) if hooks.argument_class and text.endswith(")") else None
        if given is not None:  # gson.fromJson(json, Foo.class): the class its argument names
            return _typed(given)
        chained = self._class_of_chain(r, text, hooks, value)
        if chained is not None:
            return chained
        return self._class_of_written_value(r, value, text, hooks)

    def _class_of_marked_value(self, r: Ref, value: str, hooks: Hooks) -> tuple[str | None, str] | None:
        """The class of a value the parser marked as what it is (an element of what a call returns, a fixture, a
        narrowed or excluded class, an argument passed...); None where ``value`` bears no such mark."""
        if value == COLLECTION:
            return None, "external"
        if value.startswith(OWN_OBJECT):  # const inst = { inject() {..} } in a factory: the factory's members
            sid = self.g.by_qual.get((r.path, value[len(OWN_OBJECT):] or r.src_qualname))
            return (sid, "typed") if sid and self.g.by_id[sid].kind in ("function", "method") else (None, "unknown")
        if value.endswith(")" + ITEMS):  # for p in self.get_params(): an element of what it returns
            return self._class_of_elements(r, value[:-len(ITEMS)], hooks)
        if value.endswith(")" + KEYS):  # m = self.region_map(); for k in m: what iterating what it returns gives
            return self._class_of_keys(r, value[:-len(KEYS)], hooks)
        if value.endswith(")" + ENTERED):  # with client.stream(u) as reply: what the call gives, entered
            return self._class_of_entered(r, value[:-len(ENTERED)], hooks)
        if _fixture_called_value(value):  # r = make_resolver(..): what the call gives
            return self._fixture_call_class(r, value[len(FIXTURE_VALUE):-2])
        if value.startswith(FIXTURE_VALUE):
            return self._fixture_class(r, value[len(FIXTURE_VALUE):])
        if value.startswith(NARROWED_VALUE):
            return self._class_of_value_uncached(r, value[len(NARROWED_VALUE):], hooks)
        if EXCEPT in value or ONLY in value:  # what a check leaves of a value: its class unless the check rules it out
            head, excluded, only = _check_marks(value)
            return (None, "unknown") if self._decided_out(r, head, r, excluded, only) \
                else self._class_of_value(r, head, hooks)
        if value.startswith(ELEMENTS_OF):
            return self._class_of_items(r, value[len(ELEMENTS_OF):])
        if value.startswith(TUPLE_OF):  # pair.clone() where pair: (A, B): the language's own tuple's method
            return None, "external"
        generic = _GENERIC_CALL.match(value)
        if generic:  # const api = create<Api>(cfg): the type argument, where create's result is its type parameter
            return self._generic_call_class(r, generic.group(1), generic.group(2))
        later = _LATER_RESULT.match(value)
        if later:  # _, b := f(): what f declares at that place among its results
            return self._class_of_result(r, later.group(1), int(later.group(2)))
        later = _LATER_RESULT.match(value[:-len(ITEMS)]) if value.endswith(ITEMS) else None
        if later:  # fig, axes = plt.subplots(); axes[0]: an element of a library's result is the library's
            sid, how = self._one_callee(r, later.group(1))
            return (None, how) if sid is None else (None, "unknown")
        if value.startswith(PASSED_VALUE):
            return self._passed_class(r, value[len(PASSED_VALUE):])
        if value.startswith(IMPLEMENTED_VALUE):
            return self._implemented_class(r, value[len(IMPLEMENTED_VALUE):])
        return None

    def _class_of_written_value(self, r: Ref, value: str, text: str, hooks: Hooks) -> tuple[str | None, str]:
        """The class of a value as written (``text``: its receiver path): what an inline construction or call gives,
        ``Self``, a name of a class, a field or a module variable; a library's (``external``) where nothing here
        names it."""
        inline = hooks.inline_type(text)
        called_name = _simple_call(text)
        called = None if inline else called_name
        if called:  # w := PerformRequest(...): the class its callee declares it returns (a library's: external)
            twin = self._written_head_twin(r, value, called.rpartition(".")[0], hooks) if "." in called else None
            return _typed(self._class_along(twin, [text.partition(".")[2]])) if twin \
                else self._returned_value(r, called)  # Gate<int>.Open(): the generic twin's Open gives it
        name = inline or text  # not inline: a name, never a call (those are above)
        if not name.replace(".", "").replace("$", "").lstrip("\\").isidentifier():  # PHP's absolute \App.Foo
            return None, "unknown"
        if name in SELF_NAMES and (not inline or _one_call(text)):
            # let res = Self::new(), other: &Self: the enclosing class, not a builtin named Self (Self::all().iter()
            # is whatever iter() returns)
            src = self.g.by_qual.get((r.path, r.src_qualname))
            cls = self._enclosing_class(src) if src else None
            if cls and self.g.by_id[cls].kind != "trait":
                return cls, "constructor" if inline else "typed"  # a trait's Self is any of its implementations
        if name.split(".")[0] in hooks.builtins and not self._shadows_builtin(r, name.split(".")[0]):
            return None, "external"
        declared = self._factory_declares(r, inline, called_name)
        if declared:
            return declared, "typed"
        cls = self._written_twin(r, self._class_named(r, name), value, hooks)
        if cls and inline and self._builds_no_instance(cls):
            return None, "unknown"
        if cls:
            return cls, "constructor" if inline else "typed"
        if inline and hooks.outside_path and hooks.outside_path(self, r, text.partition("(")[0].rpartition("::")[0]):
            return None, "external"  # reqwest::Client::new(): another crate's type, whatever ours are named
        if inline:  # Foo(...) where Foo is no class: a function, and what it returns; the callee as written, not
            return self._returned_value(r, called_name or inline)  # the type a Go NewWithConfig() is read as
        held = self._class_field_holds(r, name) if "." in name else self._module_variable_holds(r, name)
        if held is not None:
            return (held, "typed") if held else (None, "external")
        if "." in name and hooks.foreign_type and hooks.foreign_type(self, r, name):
            return None, "external"  # okhttp3.Headers headers: another library's, whatever ours are named
        if self._anything_named(r, name) and (not hooks.types_named_types or self._may_name_ours(r, name)):
            return None, "unknown"
        return None, "external"  # a type nothing here defines: a library's or a builtin one

    def _class_of_chain(self, r: Ref, text: str, hooks: Hooks, written: str | None = None) \
            -> tuple[str | None, str] | None:
        """``Panel().gauge()``, ``make().conn.cursor()``: the class of the first call, then along the rest of the
        chain, where each step's is known (a library's: external); None when ``text`` is no such chain or a step
        is unknown (a fluent ``new Hono().get(..)``, whose ``get`` states no class: the callers' older reading
        then stands, the first call's class for the whole chain). ``written``: the chain as written, before the
        receiver path took its type arguments out (``Gate<int>.Open()``: the generic twin's ``Open``)."""
        if ")" not in text:  # no call in it (most receivers): no chain, nor any split of it to make
            return None
        parts = [part.strip() for part in _chain_parts(text)]
        first = _first_call(parts)
        if first is None:
            return None
        given = self._step_argument_class(r, parts, first, hooks)
        head_twin = self._written_head_twin(r, written, parts[0], hooks) if first == 1 and given is None else None
        if given is not None:  # new Gson().fromJson(s, Foo.class): from that step on, as its argument says
            first, cls, how = given[0], given[1], "typed"
        elif head_twin:
            cls, how = _typed(self._class_along(head_twin, parts[1:2]))
        else:
            cls, how = self._class_of_value(r, ".".join(parts[:first + 1]), hooks)
            first, cls, how = self._past_accessor(r, parts, first, (cls, how), hooks)
        if not cls and (cls == "" or how == "external") and self._other_side(parts[first + 1:], hooks):
            return None, "unknown"  # f().unwrap_err(): a Result's error, which the declared type (its value's) is not
        if not cls:
            return (None, "external") if cls == "" or how == "external" else None
        # a member not found on a class with a base from outside is no proof the chain left the repository where
        # some definition of ours bears its name (a macro-made get() of a class implementing tower's Service):
        # that too leaves the older reading; where none does (tower's oneshot()), it left
        rest = parts[first + 1:]
        wrapped = bool(rest) and rest[0].split("(")[0].strip() in hooks.wrapper_methods \
            and self._wrapped_value(r, ".".join(parts[:first + 1]), hooks)
        cls = self._class_along(cls, rest, outside=None, wrapped=wrapped)
        if cls == "":
            return None, "external"  # a step declares a library's type
        return (cls, "typed") if cls else None

    def _managed_chain(self, r: Ref, text: str, hooks: Hooks) -> tuple[str | None, str] | None:
        """(class, how) of a chain starting at a class's manager (``Book.objects.get(pk=1).shelf``, the language's
        ``class_manager``): along its steps from the class, as the library states them; None where the chain starts
        at none (the callee ``Book.objects.get`` resolves to no definition whose return could be read)."""
        head, dot, rest = text.partition(".")
        if not dot or rest.partition(".")[0] not in hooks.class_manager.members or not head.isidentifier():
            return None
        parts = [part.strip() for part in _chain_parts(text)]
        cls = self._class_named(r, parts[0])
        if not cls or not (self._class_manager(cls, parts[1], hooks) or self._own_manager_chain(cls, parts, hooks)):
            return None
        cls = self._class_along(cls, parts[1:], outside=None)
        return (cls, "typed") if cls else (None, "external" if cls == "" else "unknown")

    def _written_head_twin(self, r: Ref, written: str | None, head: str, hooks: Hooks) -> str | None:
        """The twin of the class a chain starts at that takes as many type parameters as the chain writes there
        (``Gate<int>.Open().Pass()``: ``Gate<TResult>``, whose ``Open`` gives what ``Pass`` is looked up on), where
        the language records type arguments (``TYPE_ARGUMENTS_WRITTEN``); None where the head writes none or its
        class has no such twin (the receiver path, without them, reads it as before)."""
        m = _WRITTEN_HEAD.match(written) if written and hooks.type_arguments_written else None
        if m is None or m.group(1) != head:
            return None
        cls = self._class_named(r, head)
        twin = self._written_twin(r, cls, m.group(0).rstrip(". \t\r\n"), hooks) if cls else None
        return twin if twin != cls else None

    @staticmethod
    def _other_side(steps: list[str], hooks: Hooks) -> bool:
        """Whether a step of a chain takes a wrapper's other side (``OTHER_SIDE_METHODS``: a Result's error)."""
        return any(step.split("(")[0].strip() in hooks.other_side_methods for step in steps)

    def _class_field_holds(self, r: Ref, dotted: str) -> str | None:
        """``val fs = FileSystem.SYSTEM``, ``x = Config.DEFAULT``: the class a field of a class (an object's, a
        companion's, a static one) holds, as declared or constructed (``""``: a library's); None where ``dotted``
        names no field of a class (a method read is a function, not what it returns)."""
        owner, _, attr = dotted.rpartition(".")
        cls = self._class_named(r, owner)
        member = self._member(cls, attr) if cls else None
        if not member or self.g.by_id[member.ids[0]].kind not in VALUES:
            return None
        held = self.return_class(member.ids[0])
        return member.ids[0] if held is None and self._holds_fields(member.ids[0]) else held

    def _module_variable_holds(self, r: Ref, name: str) -> str | None:
        """``b := Query`` where another file of the package (or an import) defines ``var Query Binding = ..``: the
        class that module-level variable holds, as declared or built (``""``: a library's); None where ``name`` is
        no such variable or what it holds is unknown. (A variable of the caller's own file is typed by the parser.)"""
        hit = self._visible_name(r, name)
        sid = hit.ids[0] if hit and hit.ids else None
        if sid is None or not self._module_value(sid):
            return None
        return self.return_class(sid)

    def _holds_fields(self, sid: str) -> bool:
        """A constant declared with no type but fields of its own (a Rust struct variant ``Key { code: KeyCode }``):
        a record, its own class for member lookup (``Event::Key { code, .. }``: its ``code``)."""
        return self.g.by_id[sid].kind == "constant" and any(
            self.g.by_id[m].kind == "field" for m in self.g.members.get(sid, {}).values())

    def _anything_named(self, r: Ref, dotted: str) -> bool:
        head, _, last = dotted.rpartition(".")
        binding = self.bound_name(r.path, (head or last).split(".")[0])
        if binding is not None:
            return binding.kind in ("symbol", "module") and bool(self.g.by_name.get(last))
        return bool(self.g.by_name.get(last))

    def _factory_declares(self, r: Ref, inline: str | None, callee: str | None) -> str | None:
        """The repository class a call read by naming convention (Go's ``NewCodecRegistry()`` as a
        ``CodecRegistry``) declares it returns, where that differs: the declaration (``*DefaultCodecRegistry``)
        is what the value is, the convention only stands where nothing here declares one (a library's ``NewX``).
        None for a call of the type itself (``Foo()``, ``T(x)``), whose name is its class."""
        if not inline or not callee or callee.rpartition(".")[2] == inline.rpartition(".")[2]:
            return None
        return self._returned_class(r, callee) or None

    def _returned_value(self, r: Ref, callee: str) -> tuple[str | None, str]:
        """``_class_of_value``'s answer for a value a call of ``callee`` returns."""
        returned = self._returned_class(r, callee)
        return _typed(returned)

    def _returned_class(self, r: Ref, callee: str | None) -> str | None:
        """The class a function named ``callee`` (seen from ``r``) declares it returns; ``""`` when the callee is
        outside the repository (``TestClient(app)``, ``requests.get(url)``: what it returns is not ours either)."""
        if not callee:
            return None
        hooks = self.hooks.get(r.path, self.no_hooks)
        managed = self._managed_chain(r, callee + "()", hooks) if hooks.class_manager is not None else None
        if managed is not None:  # self.check = Check.objects.create(..): a Check, not what the library's method gives
            return managed[0] if managed[0] else ("" if managed[1] == "external" else None)
        probe = Ref(r.path, r.src_qualname, "call", callee.rpartition(".")[2], callee.rpartition(".")[0] or None,
                    None, None, r.line)
        module = f"{r.path}::{MODULE}"
        # a bare callee is looked up where it is called: a Java method's inherited streamFactoryBuilder() is no
        # name of the module (where a static wildcard import would make it a library's)
        # and so is a call on the object itself (a field's ``self.db = self.get_database()``: its class's method)
        src = module if probe.receiver and probe.receiver not in SELF_NAMES else \
            self.g.by_qual.get((r.path, r.src_qualname), module)
        found = self._lookup(probe, src, CALLABLE)
        if probe.receiver and found.resolution in (*GUESSES, "external") and src == module \
                and self.hooks.get(r.path, self.no_hooks).extends_library_types:
            # a receiver the caller's class holds (C#'s ``connection`` property of a library's type), seen from the
            # caller: what the call edge itself reads, a method the repository adds to that type among them
            found = self._lookup(probe, self.g.by_qual.get((r.path, r.src_qualname), module), CALLABLE)
        if found.resolution in GUESSES and self._library_extensions(found.ids):
            # a guess types nothing; but methods the repository adds to a library's type, found by name on a
            # library's object (C#'s ``connection.QueryMultiple(..)``: ``this IDbConnection``), are what the call
            # edge names: the class their overloads agree they return
            return self._agreed_return(found.ids)
        if len(found.ids) != 1 or found.resolution in GUESSES:  # a guess types nothing
            return "" if found.resolution == "external" else None
        held = self._held_function(found.ids[0])
        if len(held) == 1:  # stringType().min() with const stringType = ZodString.create: what create returns
            return self.return_class(held[0])
        if self._holds_function_value(found.ids[0]):  # var engine = sync.OnceValue(func() *Engine {..}), from
            return self.return_class(found.ids[0])  # another file too: what the literal declares it returns
        if self.g.by_id[found.ids[0]].kind in VALUES:  # CartanType("A3") with CartanType = Generator(): __call__'s
            held = self.return_class(found.ids[0])
            hooks = self.hooks.get(r.path, self.no_hooks)
            call = self._member(held, hooks.call_operator or "__call__") if held else None
            if call and len(call.ids) == 1:
                return self.return_class(call.ids[0])
            # a value of a function type read as its result (Kotlin's ``val check: (String) -> Checker``, or what
            # ``checkerOf(..): (String) -> Checker`` gives): calling it gives that result, a class no operator runs
            return self._signature_called(held) or (held if held and hooks.function_types_give_result else None)
        if self._returns_self(found.ids[0]):
            return self._class_called_on(r, callee) or self.return_class(found.ids[0])
        held = self.return_class(found.ids[0])
        if held is None:  # helper = self._getTargetClass(); helper.set_property(..): the class it returns, itself
            held = self._class_returned(found.ids[0])
        return self._subclass_built(r, callee, found.ids[0], held) or held

    def _declares_self(self, ref: Ref, sid: str) -> bool:
        """Whether ``sid``'s declared return ``ref`` is its receiver's own type (``-> Self``, ``(): this``), alone:
        ``-> Self | Interval`` is either, not the receiver for sure."""
        return ref.name in ("Self", "this") and not ref.receiver and not self._returns_union(sid)

    def _returns_union(self, sid: str) -> bool:
        """Whether ``sid`` declares it returns one of several types (``-> Self | Interval[Date]``)."""
        sym = self.g.by_id[sid]
        return bool(self.return_members.get((sym.path, sym.qualname)))

    def _class_returned(self, sid: str) -> str | None:
        """The one class a function returns as a value, not built (``return Helper``: zope-style tests'
        ``_getTargetClass``), whose members its result reaches as ``cls = Helper; cls.m()`` does; None otherwise.
        Asked only where every return of the function is one name that may be a class (``_may_name_a_class``):
        ``returned_targets`` looks every returned name up, and asked of each function whose return class is unknown
        (sympy's ``return rv``) it cost sympy's full index 6 % of its CPU."""
        sym = self.g.by_id.get(sid)
        returns = self.returns_of(sym) if sym is not None else ()
        if not returns or len({ref.name for ref in returns}) != 1 or returns[0].kind == "returns_call" \
                or not self._may_name_a_class(returns[0]):
            return None
        targets = self.returned_targets(sid)
        return targets[0] if len(targets) == 1 and self.g.by_id[targets[0]].kind in CLASSLIKE else None

    def _may_name_a_class(self, ref: Ref) -> bool:
        """Whether a returned name may be a class of the graph: some class has its last segment's name, or the name
        is bound where it is returned (``from pyramid.authentication import BasicAuthAuthenticationPolicy as cls``)."""
        by_id = self.g.by_id
        return ref.kind == "local_returns" or ref.bound_to is not None or ref.name in self.pending_of(ref.path) or any(
            by_id[i].kind in CLASSLIKE for i in self.g.by_name.get(ref.name.rpartition(".")[2], ()))

    def _subclass_built(self, r: Ref, callee: str, sid: str, held: str | None) -> str | None:
        """``KV.create()`` where ``Model.create`` (a classmethod: ``inst = cls(**q); return inst``) gives a Model:
        called through a subclass's name it builds that subclass, whose own members its value reaches; None where
        the callee gives no instance of its own class or the receiver names no subclass of it. Where the language
        says so only (``CLASS_CALLS_BUILD_SUBCLASS``): Python's ``cls``, which the parse reads as the defining class."""
        receiver = callee.rpartition(".")[0]
        if not held or not receiver or not self.hooks.get(r.path, self.no_hooks).class_calls_build_subclass:
            return None
        if held != self._enclosing_class(sid):
            return None
        named = self._lookup(Ref(r.path, r.src_qualname, "call", receiver.rpartition(".")[2],
                                 receiver.rpartition(".")[0] or None, None, None, r.line),
                             self.g.by_qual.get((r.path, r.src_qualname), f"{r.path}::{MODULE}"), CLASSLIKE)
        cls = named.ids[0] if len(named.ids) == 1 and named.resolution not in GUESSES else None
        if cls is None or cls == held or self.g.by_id[cls].kind != "class":
            return None
        return cls if any(base == held for base, _ in self._linearized(cls)) else None

    def _missing_member_class(self, cls: str, hooks: Hooks) -> str | None:
        """The repository class a class's (or a base's) ``__getattr__`` declares it returns, which an attribute the
        class lacks holds; None where it has none or declares none of ours."""
        method = self._member(cls, hooks.missing_member, kinds=METHODS)
        if not method or len(method.ids) != 1 or method.resolution in GUESSES:
            return None
        return self.return_class(method.ids[0]) or None

    def _holds_function_value(self, sid: str) -> bool:
        """Whether a variable's declared type is a function's return (a ``type.return`` of the variable: the result
        of the function literal it holds, Go's ``var mk = func() *T {..}``), which a call of the variable gives."""
        sym = self.g.by_id[sid]
        declared = self.return_types.get((sym.path, sym.qualname)) if sym.kind in VALUES else None
        return declared is not None and declared.kind == "type.return"

    def _generic_call_class(self, r: Ref, callee: str, arguments: str) -> tuple[str | None, str]:
        """A value a call written with type arguments gives (``create<Api>()``, a language's ``cast_type``): the
        class named by the argument at the place the callee declares its result (``<0>``: ``function create<T>():
        T``); else what the callee declares it returns, the arguments aside."""
        sid, _ = self._one_callee(r, callee + "()")
        sym = self.g.by_id[sid] if sid else None
        declared = self.return_types.get((sym.path, sym.qualname)) if sym else None
        place = re.fullmatch(r"<(\d+)>", declared.name or "") if declared is not None else None
        if place is None:
            return self._returned_value(r, callee)
        written = [a.strip() for a in arguments.split(",")]
        index = int(place.group(1))
        if index >= len(written) or not written[index].replace(".", "").replace("$", "").isidentifier():
            return None, "unknown"
        cls = self._class_named(r, written[index])
        return (cls, "typed") if cls else (None, "unknown" if self._anything_named(r, written[index]) else "external")

    def _class_called_on(self, r: Ref, callee: str) -> str | None:
        """``Carbon::now()`` where ``now(): static`` is a trait's or a base's: an instance of the class the call
        names (the one it runs on), not of the class declaring it; None where the receiver is no class of ours (a
        variable, or an interface or trait: any of its implementations)."""
        receiver = callee.rpartition(".")[0]
        if not receiver:
            return None
        cls, _ = self._class_of_value(r, receiver, self.hooks.get(r.path, self.no_hooks))
        return cls if cls and self.g.by_id[cls].kind not in ("interface", "trait") else None

    def _class_along(self, cls: str | None, attrs: list[str], outside: str | None = "",
                     wrapped: bool = False) -> str | None:
        """The class reached from ``cls`` through members ``attrs`` (fields, properties and methods, ``m()``, with
        a declared type); ``""`` when a declared type along the way is not the repository's; ``outside`` when a
        member is not found but a base from outside may hold it (or a wrapper's own method). ``wrapped``: the value
        ``cls`` stands for is declared a wrapper of it (``WRAPPED_PLACE``), as a member along the way may be."""
        accessed = managed = previous = None
        for i, attr in enumerate(attrs):
            if accessed:  # the accessor after a call declaring a library's container of ours: one of its elements
                cls, accessed = accessed, None
                continue
            if managed:  # Book.objects.filter(..).first(): a step on the manager of the class ``managed``
                cls, managed = self._managed_step(managed, attr)
                continue
            carried, wrapped = wrapped, False
            if not cls:  # unknown (None), or a library's type (""): nothing further along is the repository's
                return cls
            name = attr.split("(")[0].split("{")[0].strip()  # m(x), and Kotlin's apply { } (its block: {})
            if "<" in name:  # a generic method's call, m<T>(): what it gives may be made of its type arguments,
                return self._generic_step_class(cls, name, attr)  # which no declared class here carries
            if name.endswith(KEYS):  # for k in self.by_name: what a loop over the field takes
                cls = self._field_keys(cls, name[:-len(KEYS)])
                continue
            if DELEGATE_GIVES in name:  # actions[]=>0: what the delegates a (base class's) field holds take there
                cls = self._field_delegate_given(cls, name)
                continue
            if name.endswith(ITEMS):  # n.children[]: an element of the field (a loop over it, an index of it)
                cls = self._field_items(cls, name[:-len(ITEMS)])
                continue
            hooks = self.hooks.get(self.g.by_id[cls].path, self.no_hooks)
            if hooks.future_output and name == hooks.future_output[0]:
                cls = self._awaited(cls, hooks.future_output[1])
                continue
            if carried and name in hooks.wrapper_methods:  # self.help.as_ref().unwrap(): the Option's own methods
                wrapped = name in hooks.wrapper_keeping  # as_ref() keeps the Option, unwrap() gives what it holds
                if wrapped or name in hooks.passthrough_methods:
                    continue
                return outside if outside is not None or self.g.by_name.get(name) else ""  # map(..), is_some()
            # a.m().f(): the method m, not a property m beside it (PHP's $adapter and adapter())
            member = self._member(cls, name, kinds=METHODS if "(" in attr else None) or self._member(cls, name)
            previous, owner = (cls, name), previous
            if not member and owner and (step := self._own_manager_step(owner, cls, name, attr, hooks)):
                cls, managed = step  # objects = BookManager() (a Manager's subclass of ours): its get gives a Book
                continue
            embedded = self._base_named(cls, name) if not member else None
            if embedded:  # r.raftState.setState(): Go's embedded field, named by its type, holds that base
                cls = embedded
                continue
            if not member and name in hooks.passthrough_methods:
                continue  # find().unwrap().weight(): unwrap gives back what the Option held
            if not member and hooks.missing_member and (held := self._missing_member_class(cls, hooks)):
                cls = held  # pm.hook.my_hook.call_historic(): what HookRelay.__getattr__ declares it returns
                continue
            if not member and (element := self._element_given(cls, name, attr, hooks)) is not None:
                cls = element  # table[k], class Table(Dict[str, Row]), els.get(0) of Elements extends
                continue  # ArrayList<Element>: the library's index or accessor gives what the base states
            if not member and (model := self._class_manager(cls, name, hooks)):
                managed = model  # Book.objects: the library's manager of Book's instances, not a member of unknown type
                continue
            if not member:  # not the class's own: a base's from outside (an embedded http.ResponseWriter) or unknown
                member = self._unknown_member(cls, name)  # or what the compiler generates (Lombok's getX(): x)
            if not member.ids:
                if member.resolution != "external" or self.g.by_id[cls].kind in VALUES:
                    return None  # an object, not a class, built on a library's (``res = Object.create(..)``): its
                    # properties are set anywhere at run time (``res.req = req``), not the base's for sure
                return outside if outside is not None or self.g.by_name.get(name) else ""  # none of ours bears it
            sid = self._overload_called(member.ids[0], attr)
            wrapped = not attr.endswith(("?", ITEMS, KEYS, ENTERED)) and self._declares_wrapped(sid)
            if attr.endswith(")" + KEYS):  # m = self.x.regions(); for k in m: a mapping's keys are not known
                if self._declares_mapping(sid):
                    return None
                attr = attr[:-len(KEYS)] + ITEMS  # another collection's: its elements
            later = _LATER_RESULT.match(attr)
            if later:  # _, c := n.pair(): what pair declares at that place among its results
                cls = self._result_class(sid, int(later.group(2)))
                continue
            # for r in x.routes(): an element of what routes() declares it returns, where it names the elements'
            # type (-> list[Route], @return Route[]); else what the call gives (Go's -> []*Node: a *Node)
            element = self._element_class(sid) if attr.endswith(")" + ITEMS) else None
            if element is not None:
                cls = element
            elif attr.endswith(")" + ITEMS) and hooks.iterator_item:  # parents() -> Parents: what it iterates
                cls = self._iterated(self.return_class(sid), hooks.iterator_item)
            elif attr.endswith(")" + ITEMS) and (each := self._iterated_by(self.return_class(sid),
                                                                            hooks.iterator_method)):
                cls = each  # for line in self.split(), split() -> Lines: what Lines.__iter__ declares it yields
            elif attr.endswith(")" + ITEMS) and (named := self._returned_items(sid)) is not None:
                cls = named  # func (p *Page) named() Inodes: what type Inodes []Inode holds
            elif attr.endswith(")" + ENTERED) and not self.return_class(sid) and self._element_class(sid):
                cls = self._element_class(sid)  # with s.stream(u) as r: what a @contextmanager method yields
            elif not self._returns_self(sid):  # a builder's m(): this gives back the receiver's own class
                held = self.return_class(sid)  # None: unknown; "": a library's
                held = sid if held is None and self._holds_members(sid) else held
                if held is None and attr.endswith(")"):  # self._getTargetClass(): the class it returns, itself
                    held = self._class_returned(sid)
                if held is None and self._returns_union(sid):  # (future - d).x, __sub__ -> Self | Interval: no one
                    return None  # class, nor a library base's declared return: the older reading stands
                cls = held if held is not None else self._declared_return(cls, name, hooks)
                if cls == "" and i + 1 < len(attrs):  # q.getQueryMap().get(k): Map<String, QueryParamsMap>'s value
                    accessed = self._accessed_element(sid, attrs[i + 1], hooks)
        return "" if managed else cls  # Book.objects.filter(..): the library's manager or query set

    def _class_manager(self, cls: str, name: str, hooks: Hooks) -> str | None:
        """The class whose instances ``name`` manages, where ``cls`` and its bases here lack it and the language says a
        library base gives it (``hooks.class_manager``): Django's ``objects`` of a ``models.Model`` (``cls``'s own),
        its reverse relation ``project.check_set`` (the model named ``check``'s); None on a value, on a class with
        no base from outside (its own ``objects`` field would have been found) or where no one model is named."""
        manager = hooks.class_manager
        related = manager is not None and name.endswith(manager.related_suffix) and name != manager.related_suffix
        if manager is None or (name not in manager.members and not related) \
                or self.g.by_id[cls].kind not in CLASSLIKE or self._member(cls, name) \
                or self._unknown_member(cls, name).resolution != "external":
            return None
        return self._related_model(name[:-len(manager.related_suffix)]) if related else cls

    def _own_manager_chain(self, cls: str, parts: list[str], hooks: Hooks) -> bool:
        """Whether ``Book.objects.filter(..)`` starts at a manager of ours (``objects = BookManager()``) with a step
        it lacks and its library base gives (``_own_manager_step``); its own methods (``active()``) are read as
        any chain's."""
        field = self._member(cls, parts[1]) if len(parts) > 2 else None
        held = self.return_class(field.ids[0]) if field and len(field.ids) == 1 else None
        return bool(held) and self._own_manager_step((cls, parts[1]), held, parts[2].split("(")[0].strip(),
                                                     parts[2], hooks) is not None

    def _own_manager_step(self, owner: tuple[str, str], cls: str, name: str, attr: str,
                          hooks: Hooks) -> tuple[str, str | None] | None:
        """(class, managed) after the step ``attr`` on a manager of ours (``objects = BookManager()``, ``objects =
        BookQuerySet.as_manager()``: ``cls``, held by the member ``owner`` names of its model) that it lacks and the
        library base gives (``get``, ``filter``): as ``_managed_step`` reads the library's manager's; None otherwise."""
        manager = hooks.class_manager
        model, held_by = owner
        if manager is None or held_by not in manager.members or name not in manager.instances | manager.collections \
                or model == cls or self.g.by_id[model].kind not in CLASSLIKE \
                or self._unknown_member(cls, name).resolution != "external":
            return None
        return self._managed_step(model, attr)

    def _related_model(self, lowered: str) -> str | None:
        """The one class named ``lowered`` but for case (``check_set``'s ``Check``) with a base from outside (a model);
        None where none or several are."""
        if self._classes_lowered is None:
            self._classes_lowered = {}
            for name, ids in self.g.by_name.items():
                if name[:1].isupper():
                    self._classes_lowered.setdefault(name.lower(), []).extend(ids)
        found = [i for i in self._classes_lowered.get(lowered, ()) if self.g.by_id[i].kind in CLASSLIKE
                 and any(c in self.g.external_bases for c, _ in self._linearized(i))]
        return found[0] if len(found) == 1 else None

    def _managed_step(self, model: str, attr: str) -> tuple[str, str | None]:
        """(class, managed) after the step ``attr`` on the manager of ``model`` or a collection it gave: ``get(..)``
        gives a ``model`` (its instance), ``filter(..)`` the collection again (managed), an element of one (a loop
        over ``all()``, ``[0]``, a loop over a variable holding one) a ``model``; any other step (``count()``, ``values()``) the library's value."""
        manager = self.hooks.get(self.g.by_id[model].path, self.no_hooks).class_manager
        name = attr.split("(")[0].strip()
        if attr.endswith((")" + ITEMS, ")" + KEYS)) and name in manager.collections:
            return model, None  # q = Book.objects.all(); for b in q: a query set iterates its instances, never keys
        if attr.endswith(")") and name in manager.instances:
            return model, None
        if attr.endswith(")") and name in manager.collections:
            return model, model
        return "", None

    def _element_given(self, cls: str, name: str, attr: str, hooks: Hooks) -> str | None:
        """What the step ``attr`` (of the member ``name`` ``cls`` lacks) gives where it takes one of the elements
        ``cls``'s base states (``table[k]``; ``els.get(0)`` of ``Elements extends Nodes<Element>``): only an element
        accessor a base from outside may hold (``Foo extends Base<Config>``, Base ours and holding no get: no
        element); None otherwise."""
        if name == hooks.index_method:
            return self._element_class(cls)
        if not _accessor_call(attr, hooks):
            return None
        element = self._element_class(cls)
        if element is None or self._unknown_member(cls, name).resolution != "external":
            return None
        return element

    def _past_accessor(self, r: Ref, parts: list[str], first: int, found: tuple[str | None, str],
                       hooks: Hooks) -> tuple[int, str | None, str]:
        """(place, class, how) of a chain's first call ``parts[first]`` whose value ``found`` is a library's: where
        the call declares a container of a class of ours and the next step is an element accessor (``byName().get(k)``
        of ``Map<String, Item> byName()``), that class at the accessor's place; else as found."""
        cls, how = found
        if cls or not (cls == "" or how == "external") or first + 1 >= len(parts):
            return first, cls, how
        sid, _ = self._one_callee(r, ".".join(parts[:first + 1]))
        element = self._accessed_element(sid, parts[first + 1], hooks) if sid else None
        return (first + 1, element, "typed") if element else (first, cls, how)

    def _accessed_element(self, sid: str, step: str, hooks: Hooks) -> str | None:
        """``routes().get(k)`` where ``routes()`` declares a library's container of a class of ours (``Map<String,
        Route>``, ``ArrayList<Route>``): that class, which the accessor ``step`` gives; None where the step is no
        element accessor's call or the declaration states no class of ours."""
        return (self._element_class(sid) or None) if _accessor_call(step, hooks) else None

    def _generic_step_class(self, cls: str, name: str, step: str) -> str | None:
        """What a chain's generic method call ``m<A, B>()`` gives, where the language tells types apart by their
        number of type arguments (C#'s ``CreateMap<A, B>()`` declared ``IMappingExpression<TSource, TDestination>``:
        that twin, and the chain goes on from it): the repository class its declared result names, never made of
        the call's type arguments (a type parameter ``T`` names no class of ours); else unknown (None), as in any
        language that does not record them (a layer of its own may read them)."""
        if not self.hooks.get(self.g.by_id[cls].path, self.no_hooks).type_arguments_written:
            return None
        bare = name.split("<")[0].strip()
        member = self._member(cls, bare, kinds=METHODS)
        if not member or not member.ids or member.resolution in GUESSES:
            return None
        sid = self._overload_called(member.ids[0], bare + step[len(step.split("(")[0]):])
        held = self.return_class(sid) if not self._returns_self(sid) else cls
        return held or None  # a library's ("") or unknown: nothing said, as before

    def _holds_members(self, sid: str) -> bool:
        """An enum's case that holds fields of its own (Rust's ``Move(i32, Pos)``, ``Key { code }``): what it is
        matched as is reached through those members (``self~Move.1``), not through one declared type."""
        return self.g.by_id[sid].kind == "constant" and bool(self.g.members.get(sid))

    def _overload_called(self, sid: str, step: str) -> str:
        """Of a member's overloads, the ones a chain's call step passes arguments for where the language counts
        them (``.inputDecorator(dec)``, a setter giving back the builder, beside a getter ``inputDecorator()``);
        ``sid`` where it accepts them itself, or where those that do say different things about what they return."""
        twins = self._twins(sid)
        args = _argument_count(step) if len(twins) > 1 else None
        params = self.g.by_id[sid].params
        if args is None or params is None or params.accepts(args):
            return sid
        fits = [t for t in twins if (p := self.g.by_id[t].params) is not None and p.accepts(args)]
        answers = {(self._returns_self(t), self.return_class(t)) for t in fits}
        return fits[0] if len(answers) == 1 else sid

    def _element_class(self, sid: str) -> str | None:
        """The class of the elements a function declares it returns (``-> list[Param]``, PHP's ``@return
        Route[]``); ``""`` for a library's; None where it declares none."""
        sym = self.g.by_id[sid]
        ref = self.item_types.get((sym.path, sym.qualname))
        return self._declared_class(ref, sid) if ref is not None else None

    def _returned_items(self, sid: str) -> str | None:
        """An element of the named collection type a function declares it returns (``func named() Inodes``: an
        ``Inode``, as ``type Inodes []Inode`` states); None where the returned class states no elements."""
        held = self.return_class(sid)
        return self._element_class(held) if held else None

    def _declared_return(self, cls: str, name: str, hooks: Hooks) -> str | None:
        """What a declaration merged with ``cls`` says ``name`` returns, where the body that runs says nothing (an
        ``any`` of a base's): yup's ``interface StringSchema { strip(): StringSchema }`` beside ``class StringSchema
        extends Schema``, whose ``strip`` is ``Schema.strip(): any``."""
        if not hooks.merged_declarations:
            return None
        for twin in self._merged(cls):
            declared = self.g.members.get(twin, {}).get(name)
            found = self.return_class(declared) if declared else None
            if found is not None:
                return found
        return None

    def _returns_self(self, sid: str) -> bool:
        """Whether a method gives back the object it is called on: declared (``: this``, ``-> Self``) or, with no
        declaration, every return of it is ``return this`` / ``return self``."""
        sym = self.g.by_id[sid]
        if sym.kind not in METHODS:
            return False
        ref = self.return_types.get((sym.path, sym.qualname))
        if ref is not None:
            return self._declares_self(ref, sid)
        returned = self.returns_of(sym)
        if not returned and sid in self.wrapped:  # @Node.copy def where(self, ..): what its wrapper gives back
            return self._wrappers_give_receiver(sid)
        return bool(returned) and all(r.kind == "returns" and r.name in ("this", "self") and not r.receiver
                                      for r in returned)

    def _wrappers_give_receiver(self, sid: str) -> bool:
        """A generative decorator's method (peewee's ``@Node.copy``, SQLAlchemy's ``@_generative``): the body
        returns nothing, and every wrapper its decorators return gives back its ``self`` or a copy of it made by
        a method of the method's class (``clone = self.clone(); ..; return clone``), so a chain keeps its class."""
        wrappers = self._wrappers(sid)
        owner = self._enclosing_class(sid)
        return bool(wrappers) and owner is not None and all(self._gives_receiver(w, owner) for w in wrappers)

    def _gives_receiver(self, wrapper: str, owner: str) -> bool:
        sym = self.g.by_id[wrapper]
        returned = self.returns_of(sym)
        return bool(returned) and all(self._receiver_given(r, owner) for r in returned)

    def _receiver_given(self, r: Ref, owner: str) -> bool:
        if _returns_own_object(r):
            return True
        copied = _SELF_COPY.match(r.bound_to or "") if r.kind == "local_returns" else None
        member = self._member(owner, copied.group(1), kinds=METHODS) if copied else None
        return bool(member) and len(member.ids) == 1 and self._copies_self(member.ids[0])

    def _copies_self(self, sid: str) -> bool:
        """``clone()``: a method returning its object, one built from its own class (``self.__class__.__new__(..)``,
        ``type(self)(..)``) or of the class that defines it (``DQ(**self.query)``)."""
        sym = self.g.by_id[sid]
        returned = self.returns_of(sym)
        own = self._enclosing_class(sid)
        return bool(returned) and all(
            _returns_own_object(r)
            or r.kind == "local_returns" and (r.bound_to or "").startswith(_OWN_CLASS)
            or own is not None and self.return_class(sid) == own for r in returned)

    def _iterated(self, cls: str | None, item: str) -> str | None:
        """What iterating a value of ``cls`` gives: what its associated type ``item`` names (Rust's ``impl Iterator
        for Parents { type Item = IgnoreRef; }``); unknown where it names none (never ``cls`` itself, whose own methods
        an element lacks); a library's value's elements are a library's."""
        if not cls:
            return cls
        member = self._member(cls, item)
        if member and len(member.ids) == 1 and self.g.by_id[member.ids[0]].kind in ("type", "type.alias"):
            return self.return_class(member.ids[0])
        return None

    def _iterated_by(self, cls: str | None, method: str | None) -> str | None:
        """What iterating a value of our class ``cls`` gives where its iterator ``method`` declares it
        (``def __iter__(self) -> Iterator["Text"]``: ``Text``); None where it declares none or is not ours."""
        if not cls or not method:
            return None
        member = self._member(cls, method)
        if not member or len(member.ids) != 1 or self.g.by_id[member.ids[0]].kind not in ("function", "method"):
            return None
        return self._element_class(member.ids[0]) or None

    def _awaited(self, cls: str, output: str) -> str | None:
        """What awaiting a value of ``cls`` gives: what its associated type ``output`` names (Rust's ``impl
        IntoFuture for RequestBuilder { type Output = TestResponse; }``), else the value itself (what an async
        function declares it returns)."""
        member = self._member(cls, output)
        if member and len(member.ids) == 1 and self.g.by_id[member.ids[0]].kind in ("type", "type.alias"):
            return self.return_class(member.ids[0])
        return cls

    def return_class(self, sid: str) -> str | None:
        """The class a function returns, or a field or variable holds, as declared (or constructed, for a field);
        the class a type alias stands for."""
        return self._kept_unless_cyclic(sid, self._class_of_call, self._returning,
                                        lambda: self._return_class_uncached(sid), None)

    def _return_class_uncached(self, sid: str) -> str | None:
        sym = self.g.by_id[sid]
        ref = self.return_types.get((sym.path, sym.qualname))
        cls = None
        own_wrapper = self._wrapper_of_ours(sym)
        if own_wrapper:  # -> QueryResult<u32> of a struct QueryResult<T>: the struct, never u32
            cls = own_wrapper
        elif ref is not None and self._declares_self(ref, sid):  # -> Self, (): this: a builder's
            owner = self._enclosing_class(sid)
            cls = owner if owner and self.g.by_id[owner].kind != "trait" else None  # a trait's: any implementation
        elif ref is not None and self.return_members.get((sym.path, sym.qualname)):
            cls = None  # -> A | B: no one class; a call's value is each (_returned_members)
        elif ref is not None and ref.kind == "value.returned" and (ref.alias or "").startswith(RESULT_MARK):
            cls = self._unpacked_class(ref)  # a, b = symbols(..) at a module's top
        elif ref is not None and ref.kind == "value.returned":  # const ky = createInstance(): what that returns
            cls = self._returned_class(ref, _written(ref))
            if cls is None:  # const useSWR = withArgs<SWRHook>(h): the type argument the callee gives back
                cls = self._type_argument_result(ref)
        elif ref is not None:
            # an overload's declared type: the class the body's returns agree on first (callers reach its members)
            body = self._body_returns(sym) if ref.alias == SIGNATURE_ONLY else BodyReturns(None, False)
            cls = body.cls if body.decides else self._declared_class(ref, sid)
            if ref.alias == SIGNATURE_ONLY and not body.decides and cls and self._says_nothing(cls):
                cls = None  # reactive<T>(t: T): Reactive<T>: an alias made of the type parameter, no class of ours
            if cls is None and ref.kind == "type.variable" and sym.kind in VALUES and _written(ref) not in ANY_TYPES:
                cls = self._returned_class(ref, _written(ref))  # var std = New(): no class of that name, a
                # function returning one (Go's constructors, a capitalized factory)
        elif sym.kind in ("function", "method"):
            cls = self._returned_instance(sym)
        return cls

    def _signature_called(self, cls: str | None) -> str | None:
        """What calling a value of an interface gives: the return its call signature declares, the type's own
        ``type.return`` (TypeScript's ``interface SWRHook { (key: Key): SWRResponse }``: the first of its
        overloads); None for any other type (a class's methods declare their own returns)."""
        sym = self.g.by_id[cls] if cls else None
        declared = self.return_types.get((sym.path, sym.qualname)) if sym and sym.kind == "interface" else None
        return self.return_class(cls) if declared is not None and declared.kind == "type.return" else None

    def _type_argument_result(self, ref: Ref) -> str | None:
        """The class a variable's value holds where its callee declares its result a type parameter's place
        (``<0>``, the language's ``settle_references``: ``<T>(hook) => .. as T``) and the call writes a type argument
        there (a ``signature`` of the variable at that place): ``const useSWR = withArgs<SWRHook>(h)`` is an
        ``SWRHook``. None where either is missing (a type argument says nothing of what other callees give)."""
        sid, _ = self._one_callee(ref, _written(ref) + "()")
        declared = self.return_types.get((self.g.by_id[sid].path, self.g.by_id[sid].qualname)) if sid else None
        if declared is None or not re.fullmatch(r"<\d+>", declared.name or ""):
            return None
        argument = self.signatures.get((ref.path, ref.src_qualname, declared.name))
        return self._declared_class(argument, sid) if argument is not None else None

    def _says_nothing(self, cls: str) -> bool:
        """A type alias with no members of its own that stands for no class of ours (``type Reactive<T> =
        UnwrapNestedRefs<T> & ..``): a value of it is whatever its type arguments make it."""
        return self.g.by_id[cls].kind == "type" and not self.g.members.get(cls) and not self.return_class(cls)

    def _body_returns(self, sym) -> "BodyReturns":
        """What a function's body gives back, before the type a signature apart from it declares: the class its
        returns agree on; nothing known where it returns a function of its own (jotai's ``atomFamily`` returns
        ``createAtom``, given members there, declared an ``AtomFamily``: the interface's members would take its
        callers from the members that run, and leave those dead); else the declared type decides."""
        cls = self._returned_instance(sym)
        if cls is not None:  # a class of ours, or a library's (""): return new Proxy(target, ..)
            return BodyReturns(cls, True)
        own = any(r.kind == "returns" and not r.receiver and not r.bound_to
                  and (sym.path, f"{sym.qualname}.{r.name}") in self.g.by_qual
                  for r in self.returns_of(sym))
        return BodyReturns(None, own)

    def _declared_class(self, ref: Ref, sid: str) -> str | None:
        """The repository class a type declared in ``sid`` names; ``""`` for a library's; None for ``Any`` or what
        is not one class."""
        if _written(ref) in ANY_TYPES or ref.name == DISAGREEING:
            return None  # -> Any: unknown, not a library's
        if ref.kind == "signature" and (ref.module or "").startswith(TYPE_ARGUMENTS_WRITTEN):
            ref = replace(ref, alias=ref.module)  # Action<IRule<A, B>>: the twin taking two (parse.py module)
        found = self._lookup(ref, sid, CLASSLIKE)
        if len(found.ids) > 1 and self._is_partial(found.ids[0]) and set(found.ids[1:]) <= set(self._parts(found.ids[0])):
            found = found._replace(ids=found.ids[:1])  # a partial type's parts (C#'s GridReader in two files): one type
        if len(found.ids) == 1 and self.g.by_id[found.ids[0]].kind in VALUES:  # List<TypeMap> beside TypeMap TypeMap
            if ref.kind == "value.held" and ref.receiver and found.ids[0] != sid:  # `export const Container =
                return self.return_class(found.ids[0])  # Registry.defaultContainer` (typedi): the field's class
            return self._own_type_named(found.ids[0])
        # a constructor function is a class where the language has them (JSDoc's `@returns {Server}`)
        cls = found.ids[0] if len(found.ids) == 1 and self._classlike(found.ids[0]) else None
        return "" if cls is None and found.resolution == "external" else cls  # declared, but not ours

    def note_declared(self, r: Ref) -> None:
        """Keep a declared type: the first of each function (its return), field or variable; a ``signature`` by
        its place. Set through ``dict`` itself: a lazy resolver's tables load on a read, not on this write."""
        if r.kind == "value.held" and not self._holder(r):
            return  # a key the language dropped (``const run = ..; return { run }``): its owner holds no function
        if r.kind == "signature":
            self._note_signature(r)
        elif r.kind == ITEMS_KIND:
            self._note_union(self.item_types, self.item_members, r)
        else:
            if r.kind == ALIAS_KIND:  # all of a union's members; the first also stands for the alias as before
                dict.setdefault(self.alias_members, (r.path, r.src_qualname), []).append(r)
            self._note_union(self.return_types, self.return_members, r)

    def _note_union(self, first: dict, members: dict, r: Ref) -> None:
        """Keep the first declared type; where a language reads a union's members (``return_unions``), every
        member a function's return (or its elements) names after it too: ``-> A | B``."""
        key = (r.path, r.src_qualname)
        kept = dict.setdefault(first, key, r)
        if kept is not r and r.kind == kept.kind and r.kind in UNION_KINDS and _written(r) != _written(kept) \
                and self.hooks.get(r.path, self.no_hooks).return_unions:
            dict.setdefault(members, key, [kept]).append(r)

    def _note_signature(self, r: Ref) -> None:
        """Keep the first ``signature`` at its place; but where a class's signatures disagree at one place, that
        place says nothing (``DISAGREEING``): they are its constructors' parameters (where a language's
        constructors are no definitions of their own), and which constructor a call reaches is not known here
        (``Sorter(Consumer<Book> c)`` beside ``Sorter(Consumer<Magazine> c, int n)``). A function's own come first,
        before a nested lambda's."""
        key = (r.path, r.src_qualname, r.alias)
        kept = dict.setdefault(self.signatures, key, r)
        if kept is r or _written(kept) == _written(r):
            return
        sid = self.g.by_qual.get((r.path, r.src_qualname))
        if sid is not None and self.g.by_id[sid].kind in CLASSLIKE:
            dict.__setitem__(self.signatures, key, Ref(r.path, r.src_qualname, "signature", DISAGREEING, None, None,
                                                       r.alias, r.line))

    def _holder(self, r: Ref) -> bool:
        """Whether a ``value.held`` fact is a variable's or field's: what holds a function is no function itself."""
        sid = self.g.by_qual.get((r.path, r.src_qualname))
        return sid is not None and self.g.by_id[sid].kind in VALUES

    def _passed_class(self, r: Ref, value: str) -> tuple[str | None, str]:
        """A callback's parameter, or a property taken apart from it (``({ req }) => req.header()``, place
        ``i:j.req``): the declared type of that member of the parameter's class (``_class_along``); a library's
        parameter (its objects the library's) stays external."""
        value, caret, held = value.partition("^")
        held, _, argument = held.partition(RECEIVER_ARGUMENT_GIVEN)
        value, _, shape = value.partition(CALL_SHAPE)
        callee, _, place = value.rpartition("@")
        place, _, member = place.partition(".")
        place, has_key, keyed = place.partition(OBJECT_KEY)  # 0%additionalTests:0: a method of the object passed
        cls, how = self._passed_parameter_class(r, f"{callee}@{place}{caret}{held}", _call_shape(shape))
        if cls is None and callee.startswith(RECEIVER_LABEL) and callee.count(".") == 1:
            # this@hosing.nozzling (parse.py _on_outer_receiver): no member of the enclosing lambda's receiver, the
            # function called bare (a top-level nozzling)
            cls, how = self._passed_parameter_class(r, f"{callee.partition('.')[2]}@{place}", _call_shape(shape))
        if has_key and cls:
            cls, how = self._object_member_slot(cls, *keyed.split(":", 1))
        if cls is None and not held and self.hooks.get(r.path, self.no_hooks).base_argument_lambdas:
            cls, how = self._base_argument_class(r, callee, place) or (cls, how)
        if cls is None and argument and self.hooks.get(r.path, self.no_hooks).base_argument_lambdas:
            cls, how = self._receiver_argument_class(r, callee, place, held, argument) or (cls, how)
        if not member or not cls:
            return cls, how
        return _typed(self._class_along(cls, [member], None))

    def _object_member_slot(self, cls: str, key: str, inner: str) -> tuple[str | None, str]:
        """``testDriver({ additionalTests(ctx) {..} })`` with ``testDriver(opts: TestOptions)``: what the member
        ``key`` of the class declared for the object (``cls``) gives its function's parameter ``inner``: a method's
        own parameter (``additionalTests(ctx: TestContext): void``), a property of a function type
        (``additionalTests?: (ctx: TestContext) => void``) or of a type alias of one (``onDone: DoneHandler``).
        ``key`` may be a path (``hooks%onDone``, ``plugins[]%setup``: parse.py ``_object_keys``): the members along it
        first, each by its declared type (a list's by its elements')."""
        *along, key = key.split(OBJECT_KEY)
        cls = self._class_along(cls, along, None) if along else cls
        found = self._member(cls, key) if cls else None
        if not found or len(found.ids) != 1:
            return None, "unknown"
        member = self.g.by_id[found.ids[0]]
        if member.kind in METHODS:
            declared, where = self.signatures.get((member.path, member.qualname, inner)), member.id
        else:
            declared, where = self.signatures.get((member.path, member.qualname, f":{inner}")), member.id
            held = self._held_function_type(member.id) if declared is None else member.id
            if held != member.id and self.g.by_id[held].kind in CLASSLIKE:
                declared, where = self._implemented_parameter(self.g.by_id[held], inner)
        return _typed(self._declared_class(declared, where)) if declared is not None else (None, "unknown")

    def _base_argument_class(self, r: Ref, callee: str, place: str) -> tuple[str | None, str] | None:
        """A lambda's first parameter where it is passed to a base class's method called bare or on ``this``
        (``RuleFor(x => x.Name)`` in ``class V : AbstractValidator<Order>``): the one type argument the class's base
        writes (``>0``, parse.py ``BASE_ARGUMENT_MARK``), where the method is a library's (its ``Func<T, ..>`` is
        not read: a library's base is taken to pass its own type argument) or declares a type parameter of its own
        class there (``RuleFor(Expression<Func<T, R>>)`` of ``AbstractValidator<T>``); None where neither."""
        head, _, name = callee.rpartition(".")
        inner = place.partition(":")[2]
        src = self.g.by_qual.get((r.path, r.src_qualname))
        cls = self._enclosing_class(src) if src and head in ("", "this") and inner == "0" else None
        written = self.signatures.get((r.path, self.g.by_id[cls].qualname, f"{BASE_ARGUMENT_MARK}0")) if cls else None
        if written is None:
            return None
        found = self._lookup(Ref(r.path, r.src_qualname, "call", name, head or None, None, None, r.line), src,
                             CALLABLE)
        library = not found.ids and found.resolution == "external"
        declared = found.ids and found.resolution not in GUESSES \
            and all(self._declares_type_parameter(i, place) for i in found.ids[:MAX_CANDIDATES])
        return _typed(self._declared_class(written, cls)) if library or declared else None

    def _receiver_argument_class(self, r: Ref, callee: str, place: str, held: str,
                                 argument: str) -> tuple[str | None, str] | None:
        """A lambda's first parameter where it is the first argument of a method of a receiver written with one type
        argument (``var v = new InlineValidator<Person>(); v.RuleFor(x => x.Name)``: parse.py ``RECEIVER_ARGUMENT``):
        that argument, where the method declares its class's one type parameter there (through a base of one type
        parameter: ``InlineValidator<T> : AbstractValidator<T>``), or where receiver and method are a library's
        (taken to pass its own type argument, as ``_base_argument_class`` takes a library's base; not a wrapper's,
        ``Task<T>.ContinueWith(t => ..)``: the language's ``WRAPPER_TYPES``); None otherwise."""
        if place != "0:0":
            return None
        hooks = self.hooks.get(r.path, self.no_hooks)
        head, _, name = callee.rpartition(".")
        held_class, how = self._class_of_value(r, held, hooks)
        if held_class:
            ids = self._member_of_value_held(r, held, head, name)
            if not ids or self._type_parameter_count(self.g.by_id[held_class]) != 1 \
                    or not all(self._declares_own_type_parameter(i, place) for i in ids[:MAX_CANDIDATES]):
                return None
        elif how != "external" or "." in head or _written_type_name(held) in hooks.wrapper_types:
            return None
        src = self.g.by_qual.get((r.path, r.src_qualname), f"{r.path}::{MODULE}")
        return _typed(self._declared_class(Ref(r.path, r.src_qualname, "signature", argument, None, None, None,
                                               r.line), src))

    def _declares_own_type_parameter(self, sid: str, place: str) -> bool:
        """``_declares_type_parameter`` where the method's class has that one type parameter only."""
        owner = self.g.by_id.get(self._enclosing_class(sid) or "")
        return owner is not None and self._type_parameter_count(owner) == 1 and self._declares_type_parameter(sid, place)

    def _declares_type_parameter(self, sid: str, place: str) -> bool:
        """Whether method ``sid`` declares, at ``place``, a type parameter of the class it belongs to (``T`` of
        ``AbstractValidator<T>``'s ``RuleFor(Expression<Func<T, R>> e)``)."""
        sym = self.g.by_id[sid]
        declared = self.signatures.get((sym.path, sym.qualname, place + TYPE_PARAMETER_DECLARED))
        owner = self.g.by_id.get(self._enclosing_class(sid) or "")
        if declared is None or owner is None or declared.receiver:
            return False
        j, parameter = 0, self.signatures.get((owner.path, owner.qualname, f"{TYPE_ARGUMENT_MARK}0"))
        while parameter is not None and parameter.name != declared.name:
            j += 1
            parameter = self.signatures.get((owner.path, owner.qualname, f"{TYPE_ARGUMENT_MARK}{j}"))
        return parameter is not None

    def _passed_parameter_class(self, r: Ref, value: str, shape: CallShape | None) -> tuple[str | None, str]:
        """A callback's parameter (``describe("x", (t) => t.go())``: ``describe@1:0``): the class the called
        function declares it gives there, through a type alias of a function type where a name types the
        parameter (``fn: Handler``). The called function must be known for certain: a guess types nothing, but for
        a method the repository adds to a library's type (found by name: C#'s ``services.AddMediatR(cfg => ..)``)."""
        value, _, held = value.partition("^")  # app.get@1:0^new Hono(): what app holds, where the parser knew it
        callee, _, place = value.rpartition("@")
        head, _, name = callee.rpartition(".")
        src = self.g.by_qual.get((r.path, r.src_qualname), f"{r.path}::{MODULE}")
        hooks = self.hooks.get(r.path, self.no_hooks)
        library_objects = hooks.library_callback_objects
        if library_objects and held and not head.partition(".")[2] \
                and self._class_of_value(r, held, hooks) == (None, "external"):
            return None, "external"  # app.get("/", (req, res) => ..) with app = express(): the library's objects
        if library_objects and self._library_import(r.path, head):
            return None, "external"  # test.serial("x", (t) => ..): a member of a library's import, its objects too
        ids = self._member_of_value_held(r, held, head, name) if held and head else []
        if held and not head:  # builder { .. } with builder: Builder: Builder's call operator (parse.py _add_passed)
            ids = self._member_of_value_held(r, held, "", hooks.call_operator) if hooks.call_operator else []
        if not ids:
            found = self._lookup(Ref(r.path, r.src_qualname, "call", name, head or None, None, None, r.line), src,
                                 CALLABLE)
            if library_objects and not head and found.resolution == "external":
                return None, "external"  # test("x", (t) => ..), test imported from a library: its object
            ids = found.ids if found.resolution not in GUESSES or self._library_extensions(found.ids) else []
        ids = ids or (self._member_of_held(r, src, head, name) if head else [])
        constructors = hooks.named_constructors or hooks.constructor_method
        if constructors and ids:  # new Courier(m -> ..): what the class's constructors declare there
            ids = self._constructors(ids, constructors) or ids
        ids = self._fitting_overloads([self._held_function_type(i) for i in ids], shape)
        static_form = hooks.static_form_place if head else None
        places = {i: self._rest_placed(self.g.by_id[i], _last_placed(self.g.by_id[i], static_form(self, r, i, head,
                                                                                              place)
                                                                    if static_form else place))
                  for i in ids[:MAX_CANDIDATES]}
        if len(ids) == 1:
            return self._slot_class(self.g.by_id[ids[0]], places[ids[0]], shape) if places[ids[0]] \
                else (None, "unknown")
        # overloads (or extensions of a library's type, found by name): those declaring the slot must agree; one
        # declaring nothing there takes no function (AddMediatR(this s, Config c) beside (this s, Action<Config> c))
        answers = {self._slot_class(self.g.by_id[i], places[i], shape) for i in ids[:MAX_CANDIDATES] if places[i]} \
            - {(None, "unknown")}
        return answers.pop() if len(answers) == 1 else (None, "unknown")

    def _fitting_overloads(self, ids: list[str], shape: CallShape | None) -> list[str]:
        """The one callee found, whose parameters cannot take the call's arguments (``use(path, h)`` called as
        ``use(h)``, the first of its overloads): its overloads in its file that can (``use#2``), whose declarations
        must then agree. Several found (constructors) stay as they are: the lookup has weighed them already."""
        params = self.g.by_id[ids[0]].params if shape is not None and len(ids) == 1 else None
        if params is None or params.accepts(shape.count):
            return ids
        fits = [t for t in self._twins(ids[0]) if (p := self.g.by_id[t].params) is not None and p.accepts(shape.count)]
        return fits or ids

    def _held_function_type(self, sid: str) -> str:
        """A field called as a function (``get!: HandlerInterface`` in a class, ``app.get('/', (c) => ..)``): the
        repository type it declares, whose call signatures (or function type) say what it gives its callbacks;
        any other callee as it is."""
        sym = self.g.by_id[sid]
        declared = self.return_types.get((sym.path, sym.qualname)) if sym.kind in VALUES else None
        if declared is None or declared.kind not in ("type.field", "type.variable"):
            return sid
        return self._declared_class(declared, sid) or sid

    def _rest_placed(self, fn, place: str) -> str:
        """A function passed past the parameters ``fn`` declares a type at, where it takes any number of arguments
        (``route(path, ...handlers: Handler[])``): the rest parameter's place, right after the required ones; unchanged
        where something is declared at the place, or the function takes a fixed number."""
        outer, colon, inner = place.partition(":")
        params = fn.params
        if not outer.isdigit() or params is None or params.most is not None or int(outer) <= params.least \
                or (fn.path, fn.qualname, outer) in self.signatures or (fn.path, fn.qualname, place) in self.signatures:
            return place
        return f"{params.least}{colon}{inner}"

    def _receiver_known(self, r: Ref) -> bool:
        """A lambda's receiver (``this@<callee>``, parse.py ``RECEIVER_LABEL``) is looked in only where the called
        function's type declares it a class of ours: a library's function (``apply``, ``buildString``) says nothing
        of it, and its bare calls are what they are elsewhere (never a guess among the package's extensions)."""
        if not r.receiver.startswith(RECEIVER_LABEL):
            return True
        return bool(self._class_of_value(r, r.bound_to or "", self.hooks.get(r.path, self.no_hooks))[0])

    def _library_extensions(self, ids: list[str]) -> bool:
        """Whether every candidate is a method the repository adds to a library's type (C#'s ``this
        IServiceCollection s``): found by name, but of the one type its callers may call it on."""
        return bool(ids) and all(self._extends_library(i) for i in ids)

    def _slot_class(self, fn, place: str, shape: CallShape | None = None, mark: str = "") -> tuple[str | None, str]:
        """The class function ``fn`` declares it gives at ``place`` (``i:j``: parameter ``j`` of what its parameter
        ``i`` takes), through a type alias or delegate where a name types parameter ``i``; of a type of several call
        signatures, what those fitting the call's ``shape`` agree on (``mark``: the one signature ``(k)`` read)."""
        if shape is not None and mark != NO_OVERLOAD and (fn.path, fn.qualname, f"{OVERLOAD_OPEN}0{OVERLOAD_CLOSE}") \
                in self.signatures:
            return self._call_signatures_slot_class(fn, place, shape)
        outer, _, inner = place.partition(":")
        mark = "" if mark == NO_OVERLOAD else mark
        outer, place = mark + outer, mark + place
        if getattr(self.signatures.get((fn.path, fn.qualname, outer)), "name", None) == DISAGREEING:
            return None, "unknown"  # constructors declaring different types there: which one runs is not known
        declared, where = self.signatures.get((fn.path, fn.qualname, place)), fn.id
        named = self.signatures.get((fn.path, fn.qualname, outer)) if declared is None else None
        if named is not None:  # fn: Handler, with type Handler = (event: Event) => Response (Python: a variable)
            alias = self._lookup(named, fn.id, CLASSLIKE | VALUES)
            alias_sym = self.g.by_id[alias.ids[0]] if len(alias.ids) == 1 and alias.resolution not in GUESSES \
                else None
            declared = self.signatures.get((alias_sym.path, alias_sym.qualname, f":{inner}")) if alias_sym else None
            where = alias_sym.id if alias_sym else None
            if declared is None and alias_sym is not None and (alias_sym.path, alias_sym.qualname, f"{UNION_MEMBER}0") \
                    in self.signatures:  # type H = Handler | MiddlewareHandler: what its members agree on
                return self._union_slot_class(alias_sym, inner)
            if declared is None and alias_sym is not None and alias_sym.kind in CLASSLIKE:
                declared, where = self._functional_parameter(alias_sym, inner)
                argument = self._type_parameter_place(alias_sym, declared)
                if argument is not None:  # void accept(T t) of ThrowingConsumer<T>: what fn writes for T
                    declared = self.signatures.get((fn.path, fn.qualname, f"{outer}{TYPE_ARGUMENT_MARK}{argument}"))
                    where = fn.id
        cls = self._declared_class(declared, where) if declared is not None else None
        return _typed(cls)

    def _call_signatures_slot_class(self, fn, place: str, shape: CallShape) -> tuple[str | None, str]:
        """``interface HandlerInterface { (handler: H): R; (path: P, handler: H): R }`` called as ``app.get(h)``:
        of its call signatures (``(k)``), those taking the call's number of arguments, and not one whose first
        parameter takes a function where the call's first argument is a string; what they declare at ``place``
        must agree (one declaring nothing there is left out). Where none that fit declares anything there (a rest
        parameter of a tuple type: ``...handlers: [H, H]``), what the type's signatures agree on at the place."""
        outer, colon, inner = place.partition(":")
        answers = set()
        for k in range(MAX_CALL_SIGNATURES):
            mark = f"{OVERLOAD_OPEN}{k}{OVERLOAD_CLOSE}"
            counts = self.signatures.get((fn.path, fn.qualname, mark))
            if counts is None:
                break
            if not _counts_fit(counts.name, shape.count) or not outer.isdigit() \
                    or shape.quoted and self._slot_class(fn, "0:0", mark=mark)[0]:
                continue
            least, _, most = counts.name.partition(ARITY_RANGE)
            at = outer if most or int(outer) < int(least) or (fn.path, fn.qualname, mark + outer) in self.signatures \
                else least  # (path, ...handlers: H[]): a function past the required ones is the rest parameter's
            answers.add(self._slot_class(fn, f"{at}{colon}{inner}", mark=mark))
        answers -= {(None, "unknown")}
        if not answers:
            return self._slot_class(fn, place, mark=NO_OVERLOAD)
        return answers.pop() if len(answers) == 1 else (None, "unknown")

    def _union_slot_class(self, alias, inner: str, depth: int = 0) -> tuple[str | None, str]:
        """A union of function types (``type H = Handler | MiddlewareHandler``, members at ``|0``, ``|1``..): the
        class its members' parameter ``inner`` agree on (an alias of a union in turn, a few levels); nothing where
        one says nothing there or they disagree."""
        answers = set()
        for k in range(MAX_CANDIDATES):
            member = self.signatures.get((alias.path, alias.qualname, f"{UNION_MEMBER}{k}"))
            if member is None:
                break
            found = self._lookup(member, alias.id, CLASSLIKE)
            sym = self.g.by_id[found.ids[0]] if len(found.ids) == 1 and found.resolution not in GUESSES else None
            if sym is None:
                return None, "unknown"
            declared = self.signatures.get((sym.path, sym.qualname, f":{inner}"))
            if declared is not None:
                answers.add(_typed(self._declared_class(declared, sym.id)))
            elif depth < 3 and (sym.path, sym.qualname, f"{UNION_MEMBER}0") in self.signatures:
                answers.add(self._union_slot_class(sym, inner, depth + 1))
            else:
                return None, "unknown"
        return answers.pop() if len(answers) == 1 else (None, "unknown")

    def _type_parameter_place(self, generic, declared: Ref | None) -> int | None:
        """The place among ``generic``'s type parameters (``<j`` signatures) of the one ``declared`` names
        (``interface ThrowingConsumer<T> { void accept(T t); }``: ``T`` is 0); None where it names none."""
        if declared is None or declared.receiver:
            return None
        for place in range(MAX_TYPE_PARAMETERS):
            parameter = self.signatures.get((generic.path, generic.qualname, f"{TYPE_ARGUMENT_MARK}{place}"))
            if parameter is None:
                return None
            if parameter.name == declared.name:
                return place
        return None

    def _implemented_class(self, r: Ref, value: str) -> tuple[str | None, str]:
        """``(Reader) b -> b.title()`` (``Reader@0``): the class the single method of the type implemented declares for
        its parameter at that position; the type must be the repository's, found for certain."""
        written, _, place = value.rpartition("@")
        written, has_key, key = written.partition(OBJECT_KEY)  # Options%onDone: a method of an object so declared
        receiver, _, name = written.rpartition(".")
        src = self.g.by_qual.get((r.path, r.src_qualname), f"{r.path}::{MODULE}")
        cls = self._declared_class(Ref(r.path, r.src_qualname, "signature", name, receiver or None, None, None, r.line),
                                   src)
        if has_key:
            return self._object_member_slot(cls, key, place) if cls else _typed(cls)
        if cls and (self.g.by_id[cls].path, self.g.by_id[cls].qualname, f"{UNION_MEMBER}0") in self.signatures:
            return self._union_slot_class(self.g.by_id[cls], place)  # const mw: H = (c) => .., type H = A | B
        declared, where = self._implemented_parameter(self.g.by_id[cls], place) if cls else (None, None)
        found = self._declared_class(declared, where) if declared is not None else None
        return (found, "typed") if found else (None, "external" if found == "" or cls == "" else "unknown")

    def _implemented_parameter(self, cls, place: str) -> tuple[Ref | None, str | None]:
        """What a type a function is written as declares for its parameter ``place``: a type alias of a function
        type, its own parameter there (TypeScript's ``const mw: Handler = (c) => ..`` with ``type Handler = (c:
        Context) => ..``); else the single method's of a functional interface."""
        declared = self.signatures.get((cls.path, cls.qualname, f":{place}"))
        return (declared, cls.id) if declared is not None else self._functional_parameter(cls, place)

    def _functional_parameter(self, cls, place: str) -> tuple[Ref | None, str | None]:
        """``reshelve(Reader reader)`` with ``interface Reader { String read(Book book); }``: a function given where a
        class of a single method is expected implements that method, its parameter ``place`` is what the method
        declares there (Java's functional interfaces). A class of several methods, or none, says nothing."""
        methods = [sid for sid in self.g.members.get(cls.id, {}).values() if self.g.by_id[sid].kind in METHODS]
        if len(methods) != 1:
            return None, None
        method = self.g.by_id[methods[0]]
        return self.signatures.get((method.path, method.qualname, place)), method.id

    def _library_import(self, path: str, name: str) -> bool:
        """Whether ``name`` is bound by an import of a library (``import test from "ava"``)."""
        found = self.bound_name(path, name) if name.isidentifier() else None
        return found is not None and found.kind == "external"

    def _member_of_value_held(self, r: Ref, held: str, receiver: str, name: str) -> list[str]:
        """``name`` on what ``receiver`` reaches from a variable holding ``held`` (``app.get`` with ``app = new
        Hono()``; ``t.app.use`` with ``t: Ctx``: ``app`` of Ctx's)."""
        cls, _ = self._class_of_value(r, held, self.hooks.get(r.path, self.no_hooks))
        return self._member_along(cls, receiver, name)

    def _member_of_held(self, r: Ref, src: str, receiver: str, name: str) -> list[str]:
        """``router.route`` where ``router`` is a module's variable (``router = Router()``, here or imported): the
        member of the class it holds, along the rest of the receiver."""
        first = _chain_parts(receiver)[0]
        held = self._visible_name(r, first, src) if first.isidentifier() else None
        if not held or len(held.ids) != 1 or self.g.by_id[held.ids[0]].kind not in VALUES:
            return []
        return self._member_along(self.return_class(held.ids[0]), receiver, name)

    def _member_along(self, cls: str | None, receiver: str, name: str) -> list[str]:
        """``name`` on the class reached from ``cls``, the class of the receiver's first part, along the rest."""
        cls = self._class_along(cls, _chain_parts(receiver)[1:]) if cls else None
        return self._member_or_override(cls, name).ids if cls else []

    def _returned_instance(self, sym) -> str | None:
        """The class an unannotated function returns, where every return whose value is known agrees on it:
        ``return Thing(...)``, ``app = Flask(...); ... return app``, ``return make()`` (what ``make`` returns);
        ``""`` when each of them is a library's. A return of something unknown (a parameter, an expression) does
        not veto it: the type a function's known returns agree on is the one its callers' receivers get."""
        hooks = self.hooks.get(sym.path, self.no_hooks)
        classes, external = set(), False
        for ref in self.returns_of(sym):
            if ref.kind == "returns_call":  # return cls(...) as a value would be; return new Thing(): its class
                cls, how = self._class_of_value(ref, _returned_call(ref), hooks)
                cls, how = (cls, how) if cls or how == "external" else self._built_or_returned(ref, sym.id)
                classes.add(cls) if cls else None
                external = external or how == "external"
                continue
            mixed = None if ref.bound_to or ref.receiver else self._mixed_object(sym, ref.name)
            if mixed:
                classes.add(mixed)
                continue
            for value in ref.bound_to.split("|") if ref.bound_to else (OWN_OBJECT,) if ref.name == OWN_OBJECT else ():
                cls, how = self._class_of_value(ref, value, hooks)
                classes.add(cls) if cls else None
                external = external or how == "external"
        if len(classes) == 1:
            return classes.pop()
        return "" if external and not classes else None

    def _mixed_object(self, sym, name: str) -> str | None:
        """``return app`` where the function defines ``app`` and gives it bases (express's ``createApplication``:
        ``mixin(app, proto)``): that object, whose members and bases its callers' receivers reach."""
        sid = self.g.by_qual.get((sym.path, f"{sym.qualname}.{name}"))
        return sid if sid and self.g.bases.get(sid) else None

    def _built_or_returned(self, r: Ref, src: str) -> tuple[str | None, str]:
        """``return Thing(...)`` / ``return new Thing()``: that class; ``return make()``: what ``make`` returns (a
        guessed callee types nothing; a library's: ``external``)."""
        found = self._lookup(r, src, CALLABLE)
        if len(found.ids) != 1 or found.resolution in GUESSES:
            return None, "external" if found.resolution == "external" else "unknown"
        hit = found.ids[0]
        cls = hit if self.g.by_id[hit].kind in CLASSLIKE else self.return_class(hit)
        if cls is None and self._classlike(hit):  # return new Request(..): a constructor function returning nothing
            cls = hit
        return _typed(cls)

    def _callee_of_value(self, r: Ref, value: str, src: str) -> Found | None:
        """``g()`` where ``g = f`` (or ``g = mod.f``, ``g = self.m``): what ``f`` resolves to; where ``g = make()``
        or ``for g in gen()``: what ``make`` returns or ``gen`` yields; where ``obj``'s class is known, ``g = obj.m``
        (``MyClass()~m``): that class's ``m``, and ``g = obj.make()``: what its ``make`` returns."""
        if value.startswith(FIXTURE_VALUE):  # def test_x(cli_runner): cli_runner(..) runs what the fixture returns
            return self._fixture_called(r, value[len(FIXTURE_VALUE):], src)
        placed = _PLACED_RESULT.match(value)
        if placed or value.startswith(GIVEN_BY):  # ctx, cancel := context.WithCancel(ctx), a parameter of a literal
            # sort.Slice calls: a library's function value where the function is a library's; ours: not followed
            callee = self._call_target(r, placed.group(1), src) if placed else self._giver(r, value[len(GIVEN_BY):], src)
            return EXTERNAL if callee is not None and callee.resolution == "external" else None
        if "~" in value:
            return self._through_member(r, value)
        member = _CALL_THEN_MEMBER.match(value)
        if member:  # g = make().run (swr's mutate = useSWRConfig().mutate): that member of what make gives
            return self._through_member(r, f"{member.group(1)}~{member.group(2)}")
        if value.endswith(")" + ITEMS):  # for g in gen(): what gen yields (its returned values)
            value = value[:-len(ITEMS)]
        generic = _GENERIC_CALL.match(value)
        if generic:  # g = create<State>(init): what create returns, its type arguments aside
            value = generic.group(1) + "()"
        if value.endswith(")"):
            callee = self._call_target(r, value, src)
            if callee is None:
                return None
            curried = _curried_calls(value)  # make()(x): make's own call passes no argument (cast_type's form)
            hits = [t for sid in callee.ids[:MAX_CANDIDATES] for t in self._result_called(sid, bare=curried > 0)
                    if t != sid or len(callee.ids) == 1]  # a function's own code (OWN_CODE): only one known callee's
            for _ in range(curried):  # g = make()(x): what the function make() gives returns
                hits = [t for sid in dict.fromkeys(hits) for t in self._result_called(sid)]
            return Found(list(dict.fromkeys(hits)), "flow") if hits else None
        if not value.replace(".", "").isidentifier():
            return None
        receiver, _, name = value.rpartition(".")
        probe = Ref(r.path, r.src_qualname, "call", name, receiver or None, None, None, r.line)
        found = self._lookup(probe, src, CALLABLE)
        if found.resolution in GUESSES:  # p := req.URL.Path: fields guessed by their name are no value flow, and
            # several of them say nothing of what p holds (one is kept as the guess it is)
            return found if found.resolution == "unique_name" else None
        return Found(found.ids, "flow") if found.ids else (found if found.resolution == "external" else None)

    def _fixture_called(self, r: Ref, name: str, src: str) -> Found | None:
        """What a call of a pytest fixture's value runs: the functions (or classes) the fixture returns or yields (a
        factory fixture's inner ``_make``), else the call operator of the instance it gives (``yield cached(..)``:
        ``decorator(stub)`` runs ``cached.__call__``); None where it gives none of ours."""
        ids = self._fixture(Ref(r.path, r.src_qualname, "fixture", name, None, None, None, r.line), src)
        hits = [t for sid in ids for t in self._result_called(sid) if t != sid]
        if not hits and len(ids) == 1:
            cls = self.return_class(ids[0])
            hits = self._result_called(cls) if cls and self.g.by_id[cls].kind in CLASSLIKE else []
        return Found(list(dict.fromkeys(hits)), "flow") if hits else None

    def _giver(self, r: Ref, callee: str, src: str) -> Found | None:
        """The function a literal is passed to, written ``pkg.F`` / ``f`` or, on a typed object, ``Class~m``."""
        if "~" not in callee:
            return self._call_target(r, callee + "()", src)
        obj, _, name = callee.partition("~")
        probe = Ref(r.path, r.src_qualname, "call", name, obj, None, None, r.line)
        return self._member_of_value(probe, obj, self.hooks.get(r.path, self.no_hooks))

    def _through_member(self, r: Ref, value: str) -> Found | None:
        """``MyClass()~m``: the member ``m`` of the class ``obj`` is (along a chain ``~a.m``); ``MyClass()~make()``:
        what that member returns. None when the class or member is not known."""
        obj, _, chain = value.partition("~")
        *along, last = _chain_parts(chain)
        probe = Ref(r.path, r.src_qualname, "call", last.split("(")[0].strip(), obj, None, None, r.line)
        member = self._member_of_value(probe, "~".join([obj, ".".join(along)]) if along else obj,
                                       self.hooks.get(r.path, self.no_hooks))
        if member is None or not member.ids:  # const { it } = Lab.script(): a library's value's member is its own
            return member if member is not None and member.resolution == "external" else None
        if not value.endswith(")"):  # a field holding a function (``{ mutate: boundMutate }``) calls it too
            held = [t for sid in member.ids[:MAX_CANDIDATES] for t in self._held_function(sid, FIELD_HOLDER)]
            return Found(list(dict.fromkeys(member.ids + held)), "flow")
        hits = [t for sid in member.ids[:MAX_CANDIDATES] for t in self.returned_targets(sid)]
        return Found(list(dict.fromkeys(hits)), "flow") if hits else None

    # -- layers -------------------------------------------------------------------------------------------------
    def _layer_scoped(self, r: Ref, src: str) -> Found | None:
        return self._scoped(r, src)

    def _layer_imported(self, r: Ref, src: str) -> Found | None:
        sid = self.imported_symbol(r.path, r.name)
        if sid:
            return Found([sid], "import")
        binding = self.bound_name(r.path, r.name)
        if binding is None:
            return None
        if binding.kind == "module":  # calling what require() returned: the module's default export
            sid = self.default_export(binding.value)
            return Found([sid], "import") if sid else None
        if binding.kind == "external":
            return EXTERNAL
        if self._made_by_module(r.path, r.name):
            return UNRESOLVED  # the module's own name, made at run time: no other module's of that name
        # imported from a module that was not found (an alias the configuration did not explain): by its name
        return self._global(r.name, CALLABLE - METHODS, r.path, r.src_qualname)

    def _made_by_module(self, path: str, local: str, targets: list[str] | None = None) -> bool:
        """Whether ``local``, which an import of ``path`` binds to no definition, is the module's own, made as it
        runs (the language's ``made_by_module``): the import found the module (``targets``, its files; read from the
        import where not given), which neither defines the name nor passes it on."""
        made = self.hooks.get(path, self.no_hooks).made_by_module
        if made is None:
            return False
        targets = self._pending_entry(path, local, False)[0] if targets is None else targets
        return bool(targets) and made(self, targets)

    def _layer_package(self, r: Ref, src: str) -> Found | None:
        return self._package(r.path, r.name, r.line)

    def _layer_implicit_this(self, r: Ref, src: str) -> Found | None:
        """Java's bare ``m()`` in a method: a method of the class or of its bases."""
        cls = self._enclosing_class(src)
        return self._member(cls, r.name) if cls else None

    def _layer_self(self, r: Ref, src: str) -> Found | None:
        receiver = self.hooks.get(r.path, self.no_hooks).receiver_path(r.receiver)
        if receiver not in SELF_NAMES and not receiver.startswith("super("):
            return self._labeled_member(r, receiver, src)
        cls = self._enclosing_class(src)
        if cls is None:
            return None
        if receiver.startswith("super"):
            return self._member(cls, r.name, skip_self=True) or self._unknown_member(cls, r.name)
        found = self._member_or_override(cls, r.name)
        if not found.ids and self.hooks.get(r.path, self.no_hooks).lexical_key_this:
            found = self._outer_this_member(cls, r.name) or found
        return self._found_elsewhere(r, found) if found.ids else found

    def _outer_this_member(self, owner: str, name: str) -> Found | None:
        """``this.commit()`` in ``task: () => this.commit()`` under a method's object literal (release-it's
        ``Git.release``): the literal's functions hang on the method (``owner``), which lacks ``commit``; an arrow's
        ``this`` is the method's own, so its class's member (unresolved before). Never past a class or a constructor
        function, whose ``this`` the lookup already was."""
        if self.g.by_id[owner].kind not in METHODS or self._classlike(owner):
            return None
        outer = self._enclosing_class(owner)
        found = self._member_or_override(outer, name) if outer and outer != owner else None
        return found if found and found.ids else None

    def _labeled_member(self, r: Ref, receiver: str, src: str) -> Found | None:
        """``this@Outer.count``: the member of the class the label names (``labeled_self``), as ``this.count``'s."""
        cls = self._labeled_class(r, receiver, src)
        found = self._member_or_override(cls, r.name) if cls else None
        return self._found_elsewhere(r, found) if found and found.ids else found

    def _labeled_class(self, r: Ref, head: str, src: str) -> str | None:
        """The class a receiver's head names as the object itself though not written ``this`` (``this@Outer``)."""
        labeled_self = self.hooks.get(r.path, self.no_hooks).labeled_self
        return labeled_self(self, head, src) if labeled_self and head not in SELF_NAMES else None

    def _layer_self_chain(self, r: Ref, src: str) -> Found | None:
        """``self.client.send()``: the enclosing class, then the declared types of its members along the way (the
        class a label names first for ``this@Outer.client.send()``)."""
        head, dot, rest = r.receiver.partition(".")
        if not dot or not _member_path(rest):
            return None
        start = self._enclosing_class(src) if head in SELF_NAMES else self._labeled_class(r, head, src)
        if start is None and head not in SELF_NAMES:
            return None
        cls = self._class_along(start, _chain_parts(rest))
        if not cls:
            return EXTERNAL if cls == "" else None
        found = self._member_or_override(cls, r.name)
        return self._found_elsewhere(r, found) if found.ids else found

    def _layer_returned(self, r: Ref, src: str) -> Found | None:
        """``CodeBlock.builder().add()``, ``make().run()``, ``requests.get(u).json()``: the class the receiver's first
        call declares it returns (a library's callee: external), then along the rest of the chain, which may end in
        a field (``App().conf.run()``: the declared type of ``conf``)."""
        if "(" not in r.receiver:
            return None
        parts = [part.strip() for part in _chain_parts(r.receiver)]  # a chain written over several lines
        first = next((i for i, part in enumerate(parts) if part.endswith(")") or _INDEXED_CALL.search(part)), None)
        if first is None:
            return None
        hooks = self.hooks.get(r.path, self.no_hooks)
        given = self._step_argument_class(r, parts, first, hooks)
        if given is not None:  # new Gson().fromJson(s, Foo.class).m(): from that step on, as its argument says
            first, cls, how = given[0], given[1], "typed"
        else:  # Server::received()[0]->getMethod(): one element of what the call returns (its declared ``Foo[]``)
            head = _INDEXED_CALL.sub(")" + ITEMS, parts[first])
            cls, how = self._class_of_value(r, ".".join(parts[:first] + [head]), hooks)
            if head == parts[first]:
                first, cls, how = self._past_accessor(r, parts, first, (cls, how), hooks)
        if not cls and (cls == "" or how == "external") and self._other_side(parts[first + 1:], hooks):
            return None  # f().unwrap_err().kind(): the error's, not the declared value's (a guess as before)
        if cls and first + 1 < len(parts):
            cls = self._class_along(cls, parts[first + 1:])
        if not cls:
            return EXTERNAL if cls == "" or (cls is None and how == "external") else None
        found = self._member_or_override(cls, r.name)
        return self._found_elsewhere(r, found) if found.ids else found

    def _step_argument_class(self, r: Ref, parts: list[str], first: int,
                             hooks: Hooks) -> tuple[int, str] | None:
        """The last call step after the chain's first whose value its arguments name (``hooks.argument_class``:
        Java's ``new Gson().fromJson(s, Foo.class)``, a Foo), with that class (``""``: a library's); None where
        none does (the first call's value is read as any value is)."""
        if hooks.argument_class is None:
            return None
        for step in range(len(parts) - 1, first, -1):
            if parts[step].endswith(")"):
                given = hooks.argument_class(self, r, ".".join(parts[:step + 1]))
                if given is not None:
                    return step, given
        return None

    def _layer_constructed(self, r: Ref, src: str) -> Found | None:
        hooks = self.hooks.get(r.path, self.no_hooks)
        receiver = hooks.receiver_path(r.receiver)
        if self._class_of_chain(r, receiver, hooks) is not None:
            return None  # Foo(a).make().run(): what make returns runs (the returned layer), not Foo's run
        head = hooks.inline_type(receiver)
        cls = self._written_twin(r, self._class_named(r, head), receiver, hooks) if head else None
        if cls is None:
            return None
        found = self._member_or_override(cls, r.name)
        return Found(found.ids, "constructor") if found.ids else found

    def _dotted_path(self, r: Ref, src: str) -> list[Edge]:
        """A string naming a definition by its dotted path (``"aggregator.context_processors.stats"`` in Django's
        settings, ``"app.main:app"``): the longest prefix that is a module of the repository, then a name it defines
        or passes on, then members. Any other string (``"index.html"``, ``"os.path.join"``) is no reference."""
        support = self.supports.get(r.path)
        if support is None or not r.receiver:
            return []
        parts = f"{r.receiver}.{r.name}".split(".")
        index = self.index_of(support)
        for cut in range(len(parts) - 1, 0, -1):
            files = support.resolve_module(r.path, ".".join(parts[:cut]), index, self.root)
            if files:
                sid = self._named_in(files, parts[cut:])
                return self._edges(r, src, Found([sid], "import"), "reads", "string") if sid else []
        return []

    def _named_in(self, files: list[str], names: list[str]) -> str | None:
        """The definition ``a.b`` names in a module of ``files``: ``a`` defined or passed on there, ``b`` its member."""
        sid = None
        for p in files:
            hit = self.g.top.get(p, {}).get(names[0])
            hit = hit or self.reexported(p, names[0], frozenset())
            sid = hit.value if isinstance(hit, Binding) and hit.kind == "symbol" else hit
            if isinstance(sid, str):
                break
        if not isinstance(sid, str):
            return None
        for name in names[1:]:
            sid = self.g.members.get(sid, {}).get(name)
            if sid is None:
                return None
        return sid

    def _layer_module(self, r: Ref, src: str) -> Found | None:
        hooks = self.hooks.get(r.path, self.no_hooks)
        receiver = hooks.receiver_path(r.receiver)
        modules = self._module_of(r.path, receiver)
        if not modules and hooks.receiver_module:
            support = self.supports.get(r.path)
            modules = hooks.receiver_module(r.path, r.receiver, self.index_of(support), self.root)
        if not modules:
            return None
        for p in modules:
            sid = self.g.top.get(p, {}).get(r.name)
            hit = Binding("symbol", sid) if sid else self.reexported(p, r.name, frozenset())
            if hit and hit.kind == "symbol":
                held = self._exported_value_member(modules, r.name) if sid and self._default_exports(p) else None
                return held or self._found_elsewhere(r, Found([hit.value], "import"))
            if hit and hit.kind == "external":  # exports.Router = require("router")
                return EXTERNAL
            if hit and hit.kind == "module" and self._default_exports(p):  # exports.transport = require("./t"):
                held = self.default_export(hit.value)  # what that module exports whole is the member called
                if held:
                    return Found([held], "import")
        default = self.default_export(modules)  # a CommonJS module's object: module.exports = app; app.init = ...
        member = self._member(default, r.name) if default else None
        if member:
            return Found(member.ids, "import")
        # module.exports = logger where const logger = createLogger(..): the library's object, with a member or two
        # of ours (logger.stream = ..); what else is called on it is the library's, as in its own file
        return EXTERNAL if default and self._holds_library_value(default) else UNRESOLVED

    def _holds_library_value(self, sid: str) -> bool:
        """Whether the variable ``sid`` holds what a library's call gives (``return_class``'s ``""``)."""
        return self.g.by_id[sid].kind in VALUES and self.return_class(sid) == ""

    def _default_exports(self, path: str) -> bool:
        """The module's language exports one value as a whole (JavaScript's ``module.exports = x``, ``export
        default``); others (Python's ``from x import *`` chains) are not asked for one."""
        return bool(getattr(self.supports.get(path), "UNNAMED_DEFAULT_IS_MODULE", False))

    def _exported_value_member(self, modules: list[str], name: str) -> Found | None:
        """``module.exports = bus``: ``bus.emit`` (``bus.emit = function``) is the member of what ``require()``
        returns, not the module's top-level ``var emit = bus.emit`` of that name, which nothing exports."""
        default = self.default_export(modules)
        if default is None or self.g.by_id[default].kind not in VALUES:
            return None
        member = self._member(default, name)
        return Found(member.ids, "import") if member else None

    def default_export(self, paths: list[str], depth: int = 0) -> str | None:
        """The definition a module exports as a whole (``export default``, ``module.exports = f``), following
        ``module.exports = require("./x")``."""
        for p in paths:
            hit = self.reexported(p, "default", frozenset())
            if hit is not None and hit.kind == "symbol":
                return hit.value
            if hit is not None and hit.kind == "module" and depth < 5:
                found = self.default_export(hit.value, depth + 1)
                if found:
                    return found
        return None

    def _layer_class_named(self, r: Ref, src: str) -> Found | None:
        hooks = self.hooks.get(r.path, self.no_hooks)
        receiver = hooks.receiver_path(r.receiver)
        named = self._named(r, receiver)
        kind = self.g.by_id[named].kind if named else None
        cls = named if kind in CLASSLIKE else None
        if cls and hooks.type_arguments_written:  # Policy.Handle(), Policy<int>.Handle(): the twin of that arity
            cls = self._written_twin(r, cls, r.receiver, hooks)
        if kind in VALUES:  # a variable of a declared type (Go's var Form Binding = ...; Form.Bind())
            cls = self.return_class(named)
        elif named in self.decorated_as:  # @dramatiq.actor def add(..): add.send() is Actor.send
            cls = self._decorated_class(named)
        elif named is None:  # current_app.json.dumps(): a variable's member, typed as declared
            cls = self._variable_chain_class(r, receiver)
        if cls == "":
            return EXTERNAL
        if cls is None:
            return self._object_named(r, receiver, named)
        found = self._member_or_override(cls, r.name)
        return self._found_elsewhere(r, found) if found.ids else found

    def _variable_chain_class(self, r: Ref, receiver: str) -> str | None:
        """The class reached from a variable the file defines or imports, of a declared type, through the declared
        types of its members (flask's ``current_app: FlaskProxy``, ``current_app.json``: ``App.json``'s
        ``JSONProvider``); ``""`` for a library's; None where a step is unknown, or the head is no such variable."""
        head, dot, rest = receiver.partition(".")
        if not dot or not head.isidentifier() or not _member_path(rest):
            return None
        named = self._named(r, head)
        if named is not None and self._class_manager(named, _chain_parts(rest)[0], self.hooks.get(r.path, self.no_hooks)):
            return self._class_along(named, _chain_parts(rest))  # Book.objects.get(): the library's manager's method
        if named is None or self.g.by_id[named].kind not in VALUES:
            return None
        return self._class_along(self.return_class(named), _chain_parts(rest))

    def _layer_built(self, r: Ref, src: str) -> Found | None:
        """``new Foo(..).size``, C#'s object initializer ``new Foo { Size = 1 }`` (a write read on ``new Foo``): a
        member of the class built there (the language's ``inline_type``), as of a variable bound to it; also
        Python's ``Style(bold=True).color``, ``Color.parse(s).triplet``: of the class built, or the one the callee
        declares it returns (as for ``x = Color.parse(s); x.triplet``)."""
        hooks = self.hooks.get(r.path, self.no_hooks)
        built = r.receiver.startswith("new") and hooks.inline_type(hooks.receiver_path(r.receiver))
        if not built and not r.receiver.endswith(")"):
            return None
        return self._member_of_value(r, r.receiver, hooks)

    def _object_named(self, r: Ref, name: str, named: str | None = None) -> Found | None:
        """``proto.build()`` where ``proto`` is a function or object the code gave members (``proto.build = ...``);
        ``z.coerce.string()`` where the dotted name is such an object of a module (``named``: zod v3's ``coerce``)."""
        if not name.isidentifier():
            sid = self.g.members.get(named, {}).get(r.name) if named and self.g.by_id[named].kind in VALUES else None
            return self._found_elsewhere(r, Found([sid], "import")) if sid else None
        hit = self._scoped_name(r.path, r.src_qualname, name) or self._imported(r.path, name)
        owner = hit.ids[0] if hit else None
        if owner is not None and self.g.bases.get(owner) and r.name not in self.g.members.get(owner, {}):
            # an object given another's members (``mixin(app, proto)``, ``Object.assign(app, Emitter.prototype)``):
            # theirs, external where one is a library's; never a guess by name
            return self._found_elsewhere(r, self._member_or_override(owner, r.name))
        if owner is None or not self.g.members.get(owner):
            return None
        sid = self.g.members[owner].get(r.name)
        return Found([sid], hit.resolution) if sid else None

    # -- helpers ------------------------------------------------------------------------------------------------
    def _found_elsewhere(self, r: Ref, found: Found) -> Found:
        """A member found on a class of another file came through the file's imports, or its package."""
        ids, res = found
        if res != "same_file" or not ids or ids[0] not in self.g.by_id or self.g.by_id[ids[0]].path == r.path:
            return found
        key = self._package_key(r.path)
        same = key is not None and key == self._package_key(self.g.by_id[ids[0]].path)
        return Found(ids, "same_package" if same else "import")

    def _scoped(self, r: Ref, src: str) -> Found | None:
        found = self._scoped_name(r.path, r.src_qualname, r.name, src, r.line)
        if found is None or r.kind != "call" or self.g.by_id[found.ids[0]].kind != "field":
            return found
        # a call never runs a field of a value type (``VALUE_TYPES``): Kotlin's ``val isPublic: Boolean get() =
        # isPublic(access)`` in a class calls the function of that name around the class, or the package's
        owner, _, _ = self.g.by_id[found.ids[0]].qualname.rpartition(".")
        if not owner or not self.value_field(found.ids[0]):
            return found
        return self._scoped_name(r.path, owner.rpartition(".")[0] or MODULE, r.name, src, r.line)

    def _scoped_name(self, path: str, qual: str, name: str, src: str = "", line: int | None = None) -> Found | None:
        """Nested scopes of the enclosing definition outwards, then the file's top level. A class body is not a scope
        its methods see (Python, JS, Rust need ``self.``/``this.``), unless the language has an implicit ``this``."""
        qual = qual if qual != MODULE else ""
        nested = self.g.nested_names
        if qual and nested is not None and name and name.rpartition(".")[2] not in nested.get(path, _NO_NAMES):
            qual = ""  # no scope of the file defines the name: each ``{qual}.{name}`` below would be looked up in vain
        hooks = self.hooks.get(path, self.no_hooks)
        implicit_this = hooks.implicit_this
        while qual:
            sid = self.g.by_qual.get((path, f"{qual}.{name}"))
            recursion = sid == src and self.g.by_id[sid].kind == "function"  # a variable naming itself is no use
            # Square(..) in class Square: the class (whose constructors arity tells apart), not its member Square
            # (PolicyBase<TResult>'s, named PolicyBase#2 beside a plain PolicyBase in its file, likewise; a method's
            # overload HandleInner#2 is no class: a local function HandleInner in it is its own)
            own_name = implicit_this and name == self._type_scope_name(path, qual)
            if sid and (sid != src or recursion) and not own_name and (self._is_scope(path, qual, implicit_this, sid)
                                                                     or self._written_in_value(path, qual, sid, line)):
                seen = self._seen_bare(sid, line)
                if seen:
                    return Found([seen], "same_file")
            qual = qual.rpartition(".")[0]
        sid = self.g.top.get(path, {}).get(name)
        blocks = self.g.package_blocks.get(path) if sid and line else None
        if blocks:  # the name as the line's package block defines it, if it does
            sid = in_block(self.g, blocks, sid, scope_at(blocks, line))
        if sid and line and hooks.nearest_twin:
            sid = self._nearest_twin(path, sid, line)
        if sid and self._loose_method(sid) and self.g.by_id[sid].line != line:
            return None
        return Found([sid], "same_file") if sid else None

    def _seen_bare(self, sid: str, line: int | None) -> str | None:
        """``sid``, but for a method written in a function's body: a key of an object literal the function builds
        (``const logger = { clearScreen() {..} }``), no name the body sees (``canClear ? clearScreen : noop`` is the
        module's function), only the object's own reference to it where it is written (an object handed to a call),
        which is to the twin written on that line (``close() {..}`` in each of two objects: ``close``, ``close#2``)."""
        if line is None or not self._built_method(self.g.by_id[sid]):
            return sid
        return next((t for t in self._twins(sid, most=64) if self.g.by_id[t].line == line), None)

    def _built_method(self, sym: Symbol) -> bool:
        return sym.kind == "method" and sym.parent_id is not None \
            and self.g.by_id[sym.parent_id].kind in ("function", "method")

    def _built_twins(self, path: str) -> frozenset[str]:
        """The names of methods a function's objects write several times in ``path`` (``close``, ``close#2``), which
        ``_seen_bare`` tells apart by line."""
        if self._built_twin_names is None:
            names = defaultdict(set)
            for sym in self.g.by_id.values():
                if sym.qualname.endswith("#2") and self._built_method(sym):
                    names[sym.path].add(sym.name)
            self._built_twin_names = {p: frozenset(n) for p, n in names.items()}
        return self._built_twin_names.get(path, frozenset())

    def _type_scope_name(self, path: str, qual: str) -> str | None:
        """The name of scope ``qual`` where it is a type, a class's without its twin mark (``PolicyBase#2``:
        ``PolicyBase``), or where no definition says what it is; None for a function's scope: ``Square(..)`` in class
        Square is the class, but ``attrs(n)`` in a method ``attrs`` is the local function ``attrs`` its body defines
        (Swift's, Kotlin's, C#'s local functions)."""
        own = qual.rpartition(".")[2]
        sid = self.g.by_qual.get((path, qual))
        if sid is None:
            return own
        return untwinned(own) if self.g.by_id[sid].kind in CLASSLIKE else None

    def _loose_method(self, sid: str) -> bool:
        """A method of no type (of an object literal handed to a call: ``timed({ test() {...} })``): reached through
        its object, never by its bare name (``test(...)`` beside it is the test runner's), but for the object's own
        reference to it where it is written (the callee runs it)."""
        sym = self.g.by_id[sid]
        return sym.kind == "method" and "." not in untwinned(sym.qualname)

    def line_sensitive(self, path: str, *written: str | None) -> bool:
        """Whether what is written (a name, a receiver, a value) names a top-level name the file declares several
        times, where the language picks the one declared last before the use (``NEAREST_TWIN``): its resolution
        then depends on the line, and is not shared between references that differ only in their line."""
        if path in self.g.package_blocks:  # a file of several package blocks: what a name is depends on its block
            return True
        names = self.twinned(path)
        if not names:
            return False
        key = (path, written)  # asked again for each reference of a value (hono: a third of its look-ups)
        found = self._mentions_twinned.get(key)
        if found is None:
            found = self._mentions_twinned[key] = mentions(names, written)
        return found

    def twinned(self, path: str) -> frozenset[str]:
        """The top-level names ``path`` declares several times, where ``NEAREST_TWIN`` tells them apart by line, and
        the methods its functions' objects write several times (``_built_twins``)."""
        names = self._line_sensitive.get(path)
        if names is None:
            names = frozenset()
            if self.hooks.get(path, self.no_hooks).nearest_twin:
                top = self.g.top.get(path, {})
                names = frozenset(n for n, sid in top.items()
                                  if (path, f"{untwinned(self.g.by_id[sid].qualname)}#2") in self.g.by_qual)
            self._line_sensitive[path] = names = names | self._built_twins(path)
        return names

    def _nearest_twin(self, path: str, sid: str, line: int) -> str:
        """``NEAREST_TWIN``: a name a file declares several times at its top (JavaScript's ``class Box`` in each
        test's callback, ``Box``, ``Box#2``...): the one declared last before ``line``, else the first. An interface
        or type alias beside a class of its name is no twin (declaration merging: the class is the name)."""
        best = self.g.by_id[sid]
        for twin in self._twins(sid, most=64)[1:]:  # f#2 ... f#64
            t = self.g.by_id[twin]
            if t.kind not in DECLARATIONS and best.line <= t.line <= line:
                best = t
        return best.id

    def _is_scope(self, path: str, qual: str, implicit_this: bool, found: str) -> bool:
        """Whether ``found``, defined inside ``qual``, is seen bare inside it: a function's (or an inline module's)
        names are; a class's only with an implicit ``this``; an object's members (``res.send = function``) never, but
        a function declared in a closure of a variable's value is (``const r = router({ a: sub(() => { const on =
        () => {}; ee.on('x', on) }) })``: the closures are no definitions, the variable is the nearest one). A field
        of a function is a member of an object it builds (``return { reset }``), never a name its body sees."""
        sid = self.g.by_qual.get((path, qual))
        kind = self.g.by_id[sid].kind if sid is not None else None
        found_kind = self.g.by_id[found].kind
        return (kind in SCOPES and found_kind != "field") or (implicit_this and kind in CLASSLIKE) or \
            (kind in VALUES and found_kind == "function")

    def _written_in_value(self, path: str, qual: str, found: str, line: int | None) -> bool:
        """``const Counter = defineComponent({ setup() {..} })``: the object's own reference to its method where it is
        written, handed to the call that builds the variable's value (the callee runs it), as in a statement's call."""
        sid = self.g.by_qual.get((path, qual))
        method = self.g.by_id[found]
        return sid is not None and self.g.by_id[sid].kind in VALUES and method.kind == "method" \
            and method.parent_id == sid and line is not None and method.line == line

    def _imported(self, path: str, name: str) -> Found | None:
        sid = self.imported_symbol(path, name)
        return Found([sid], "import") if sid else None

    def _package_key(self, path: str, line: int | None = None) -> tuple | None:
        """(language group, package) of a file whose language has packages (Go, Java), else None; of its part
        holding ``line`` where its parts are of several packages (``graph.package_blocks``: PHP's namespace
        blocks)."""
        blocks = self.g.package_blocks.get(path) if line else None
        if blocks:
            return self.supports[path].GROUP, scope_at(blocks, line)
        key = self.scopes.get(path, False)
        if key is False:
            support = self.supports.get(path)
            scope = support.package_scope(path, self.files[path]) if support else None
            key = self.scopes[path] = (support.GROUP, scope) if scope else None
        return key

    def _package(self, path: str, name: str, line: int | None = None) -> Found | None:
        key = self._package_key(path, line)
        sid = self.g.package_top.get(key, {}).get(name) if key else None
        twins = self.g.package_twins.get((key, name)) if sid else None
        if twins:  # two modules declaring one package: the definition nearest the reference (its own module's)
            here = path.split("/")[:-1]
            # a file's own definition before an extension of another type it declares apart (``keep_top``'s rule
            # across files: leakcanary's bare ``dump { }`` is shark-hprof-test's ``fun dump``, never shark-cli's
            # ``fun CliktCommand.dump`` of a companion, which needs its receiver)
            twins = [t for t in twins if untwinned(self.g.by_id[t].qualname) == name] or twins
            nearest = _nearest_all(twins, lambda t: langs.shared_folders(here, self.g.by_id[t].path.split("/")[:-1]))
            generic_twins = self._generic_twins(nearest)
            if generic_twins:
                return Found(generic_twins, "ambiguous")
            sid = nearest[0]
        if sid:
            return Found([sid], "same_file" if self.g.by_id[sid].path == path else "same_package")
        return None

    def _class_named(self, r: Ref, dotted: str) -> str | None:
        sid = self._named(r, dotted) or self._module_default(r.path, dotted)
        if sid and not self._classlike(sid) and self.g.by_id[sid].kind in VALUES:
            sid = self._own_type_named(sid) or self._class_alias(sid)
        return sid if sid and self._classlike(sid) else None

    def _class_alias(self, sid: str) -> str | None:
        """A module variable another name of a class (falcon's ``routing/__init__.py``: ``DefaultRouter =
        CompiledRouter``; ``DefaultRouter()`` elsewhere builds a ``CompiledRouter``): that class, looked up from its
        module's top; None for any other variable (one holding a call's value, a function, or two classes)."""
        sym = self.g.by_id[sid]
        held = self.return_types.get((sym.path, sym.qualname)) if at_module_level(sym) else None
        if held is None or held.kind != "value.held" or held.bound_to or held.name == sym.name:
            return None
        found = self._lookup(replace(held, src_qualname=MODULE), f"{sym.path}::{MODULE}", CLASSLIKE)
        return found.ids[0] if len(found.ids) == 1 and found.resolution not in GUESSES \
            and self.g.by_id[found.ids[0]].kind in CLASSLIKE else None

    def _own_type_named(self, sid: str) -> str | None:
        """The class a field or property is declared of where it bears that class's name (C#'s ``public TypeMap
        TypeMap { get; }``): the name means either, so a ``TypeMap tm`` in the class is that class, never the
        member; None for any other member."""
        sym = self.g.by_id[sid]
        declared = self.return_types.get((sym.path, sym.qualname))
        if declared is None or declared.name != sym.name or declared.receiver:
            return None
        # looked up from the file's top: the class's own scope would find the member again
        found = self._lookup(replace(declared, src_qualname=MODULE), f"{sym.path}::{MODULE}", CLASSLIKE)
        return found.ids[0] if len(found.ids) == 1 and self.g.by_id[found.ids[0]].kind in CLASSLIKE else None

    def _classlike_default(self, path: str, name: str) -> bool:
        """``const Request = require('./request')`` where that module exports a class or constructor function."""
        sid = self._module_default(path, name)
        return bool(sid) and self._classlike(sid)

    def _classlike(self, sid: str) -> bool:
        """A class-like definition, or a constructor function where the language has them (``CONSTRUCTOR_FUNCTIONS``):
        a function given methods of its own (``Request.prototype.m = function``, ``Object.defineProperties(
        Request.prototype, ..)``) or, named as the language's constructors are, fields (``this.handle = fn``), never
        one whose members are only its nested functions (those are no members of what it builds)."""
        sym = self.g.by_id[sid]
        if sym.kind in CLASSLIKE:
            return True
        hooks = self.hooks.get(sym.path, self.no_hooks)
        if sym.kind != "function" or not hooks.constructor_functions:
            return False
        # fields only where the name says constructor: a factory's returned `{ reset }` is a field of it too
        kinds = ("method", "field") if "." not in sym.qualname and hooks.constructor_name(sym.name) else ("method",)
        return any(self.g.by_id[m].kind in kinds for m in self.g.members.get(sid, {}).values() if m in self.g.by_id)

    def _module_default(self, path: str, name: str) -> str | None:
        """What a name bound to a whole module stands for as a value: the module's default export (``const Ct =
        require('./ct')`` where ``module.exports = Ct``: ``new Ct()`` builds a ``Ct``)."""
        found = self.bound_name(path, name) if "." not in name else None
        return self.default_export(found.value) if found is not None and found.kind == "module" else None

    def _named(self, r: Ref, dotted: str) -> str | None:
        """The definition a name or dotted name (``mod.Foo``, ``Outer.Inner``) written in ``r``'s file stands for."""
        name = dotted.rpartition(".")[2]
        prefix = dotted.rpartition(".")[0]
        if prefix:
            sid = None
            for p in self._module_of(r.path, prefix) or ():
                hit = self.g.top.get(p, {}).get(name) or self.reexported(p, name, frozenset())
                sid = hit.value if isinstance(hit, Binding) and hit.kind == "symbol" else hit
                if isinstance(sid, str):
                    break
            sid = sid if isinstance(sid, str) else None
            if sid is None:  # a nested class: Outer.Inner
                outer = self._class_named(r, prefix) if prefix.replace(".", "").isidentifier() else None
                sid = self.g.members.get(outer, {}).get(name) if outer else None
        else:
            hit = self._visible_name(r, name) or self._nested_class_seen(r, name)
            sid = hit.ids[0] if hit else None
        if sid is None:  # a language whose names are global once loaded (Ruby's constants), wherever defined
            global_name = self.hooks.get(r.path, self.no_hooks).global_name
            sid = global_name(self, r, dotted) if global_name else None
        return sid

    def _nested_class_seen(self, r: Ref, name: str) -> Found | None:
        """``Handler`` in ``Batch::Iterate``, defined out of its class in another file: a class nested in the
        method's class (or a base), which a language with an implicit ``this`` sees bare."""
        if not self.hooks.get(r.path, self.no_hooks).implicit_this:
            return None
        src = self.g.by_qual.get((r.path, r.src_qualname))
        cls = self._enclosing_class(src) if src else None
        found = self._member(cls, name) if cls else None
        return found if found and self.g.by_id[found.ids[0]].kind in CLASSLIKE else None

    def _visible_name(self, r: Ref, name: str, src: str = "") -> Found | None:
        """The definition a bare ``name`` stands for in ``r``'s file: a scope's, an import's, its package's."""
        if r.path in self.g.package_blocks:  # what an import binds, and the package, depend on the line's block
            return self._visible_name_uncached(r, name, src)
        # asked for every part of every receiver (sympy: 192k questions); of one scope, the same few names. Without
        # package blocks nothing of the line is read: the scope, its definition and the name decide
        key = (r.path, r.src_qualname, name, src)
        found = self._visible_names.get(key, _UNASKED)
        if found is _UNASKED:
            found = self._visible_names[key] = self._visible_name_uncached(r, name, src)
        return found

    def _visible_name_uncached(self, r: Ref, name: str, src: str) -> Found | None:
        return (self._scoped_name(r.path, r.src_qualname, name, src) or self._imported(r.path, name)
                or self._package(r.path, name, r.line))

    def _module_of(self, path: str, dotted: str) -> list[str] | None:
        """The files of the module ``dotted`` names in ``path`` (an import's, a submodule of one), None where none."""
        if path in self.g.package_blocks:  # what an import binds depends on the line's block
            return self._module_of_uncached(path, dotted)
        # every receiver's head is asked (sympy: 110k questions, a few thousand distinct): the imports decide
        key = (path, dotted)
        found = self._modules_of.get(key, _UNASKED)
        if found is _UNASKED:
            found = self._modules_of[key] = self._module_of_uncached(path, dotted)
        return found

    def _module_of_uncached(self, path: str, dotted: str) -> list[str] | None:
        found = self.bound_name(path, dotted)
        if found is not None and found.kind == "module":
            return found.value
        first, dot, rest = dotted.partition(".")
        found = self.bound_name(path, first) if dot else found  # an undotted name: bound as just asked
        support = self.supports.get(path)
        if found is None:  # a module no import names, by its path (Rust's clap::Arg: the workspace crate clap)
            hooks = self.hooks.get(path, self.no_hooks)
            modules = hooks.receiver_module(path, first, self.index_of(support), self.root) \
                if hooks.receiver_module and support else None
            found = Binding("module", modules) if modules else None
        if found is None or found.kind != "module":
            return None
        if not rest:
            return found.value
        sub = support.submodule(found.value, rest, self.index_of(support)) if support else None
        return sub or self._module_passed_on(found.value, rest)

    def _module_passed_on(self, paths: list[str], dotted: str) -> list[str] | None:
        """``z.coerce``: the module a module passes on under each name in turn (``export * as coerce from``, a
        package importing a module under that name), where no file is that submodule."""
        for name in dotted.split("."):
            hit = next((h for p in paths if (h := self.reexported(p, name, frozenset()))), None)
            if hit is None or hit.kind != "module":
                return None
            paths = hit.value
        return paths

    def _enclosing_class(self, src: str) -> str | None:
        sym = self.g.by_id.get(src)
        if sym is not None and sym.kind == "function" and self._classlike(sym.id):
            return sym.id  # a constructor function's own body: `this` is what its `new` builds (not a nested one's)
        while sym is not None:
            if sym.kind in CLASSLIKE:
                return sym.id
            parent = self.g.owner_of(sym)
            if sym.kind in METHODS and parent in self.g.by_id and self.g.by_id[parent].kind != "module":
                return parent  # a method's owner, whatever its kind (a JS constructor function with prototype methods)
            sym = self.g.by_id.get(parent) if parent else None
        return None

    def forget_hierarchy(self) -> None:
        """Bases changed: method orders and subclass lists computed so far are stale."""
        self._mro.clear()
        self._ancestries.clear()
        self._c3_memo.clear()
        self._members_memo.clear()
        self._member_memo.clear()
        self.g.forget_subclasses()

    def _linearized(self, cls: str) -> list[tuple[str, int]]:
        """``cls`` and its bases in lookup order, each with its depth: Python's C3 order where the language says so,
        else breadth first."""
        found = self._mro.get(cls)
        if found is None:
            found = self._mro[cls] = [(cls, 0)]  # recursion guard for cyclic bases
            hooks = self.hooks.get(self.g.by_id[cls].path, self.no_hooks) if cls in self.g.by_id else self.no_hooks
            order = _c3(cls, self.g.bases, self._c3_memo) if hooks.c3 else None
            order = hooks.linearize(self, cls) if hooks.linearize else order
            parts = self._parts if hooks.partial_types else self._merged if hooks.merged_declarations else None
            found = self._mro[cls] = order if order else _breadth_first(cls, self.g.bases, parts)
        return found

    def _merged(self, cls: str) -> list[str]:
        """The declarations merged with a type in its file (``MERGED_DECLARATIONS``: TypeScript's ``interface Box``
        beside ``class Box``, its twin ``Box#2``): their members are the type's (a class's body wins over an
        interface's signature of one name)."""
        sym = self.g.by_id.get(cls)
        if sym is None or sym.kind not in CLASSLIKE:
            return []
        return [t for t in self._twins(cls, most=8) if t != cls and self.g.by_id[t].kind in CLASSLIKE]

    def _parts(self, cls: str) -> list[str]:
        """The other parts of a type defined in several files of its package (``PARTIAL_TYPES``): the definitions
        of its qualified name and kind there, and number of type parameters (a file declaring ``AsyncPolicy`` and
        ``AsyncPolicy<TResult>`` names the second ``AsyncPolicy#2``: still a part of the generic one)."""
        sym = self.g.by_id.get(cls)
        if sym is None or sym.kind not in CLASSLIKE:
            return []
        key = self._package_key(sym.path, sym.line)  # (a file of several namespace blocks: the part's own)
        count = self._type_parameter_count(sym)
        return [i for i in self.g.by_name.get(sym.name, ()) if i != cls and (o := self.g.by_id[i]).path != sym.path
                and untwinned(o.qualname) == untwinned(sym.qualname) and o.kind == sym.kind
                and self._package_key(o.path, o.line) == key and self._type_parameter_count(o) == count]

    def _type_parameter_count(self, sym: Symbol) -> int:
        """How many type parameters a type declares (its ``<j`` signatures): C#'s ``class Builder<TResult>`` and
        ``class Builder`` of one namespace are two types, never parts of one."""
        count = 0
        while count < MAX_TYPE_PARAMETERS and (sym.path, sym.qualname, f"{TYPE_ARGUMENT_MARK}{count}") in self.signatures:
            count += 1
        return count

    def _generic_twins(self, twins: list[str]) -> list[str]:
        """Same-named types of one package the reference's folder cannot tell apart, which differ in their number of
        type parameters (``Builder`` beside ``Builder<TResult>``): which one a name means depends on the type
        arguments written, which the reference does not carry, so every one is a candidate (an honest ambiguity, not
        the first file's); empty where they agree (one type in two modules) or are no types."""
        syms = [self.g.by_id[t] for t in twins]
        if len(syms) < 2 or any(s.kind not in CLASSLIKE for s in syms):
            return []
        return twins if len({self._type_parameter_count(s) for s in syms}) > 1 else []

    def _member(self, cls: str, name: str, skip_self: bool = False, kinds: set | None = None) -> Found | None:
        """``name`` on ``cls`` or, in method resolution order, on its bases; ``kinds``: the first of those kinds (a
        field ``size`` beside a method ``size()``: its twin of that kind), past the members of other kinds. A body
        wins over an interface's declaration wherever each is: what runs is a class's, a trait's or a mixin's
        (``class H implements I { use T; }``: T's ``getFormatter``, not I's), and over a member only a doc comment
        declares (``_declared_only``)."""
        # asked again and again for one class and name (sympy: 124k questions, each a walk of the class's order);
        # the answer reads only the bases and members, so it is kept until the bases change (``forget_hierarchy``)
        kinds_key = _MEMBER_KINDS.get(id(kinds)) if kinds is not None else 0
        if kinds_key is None:
            return self._member_uncached(cls, name, skip_self, kinds)
        key = (cls, name, skip_self, kinds_key)
        found = self._member_memo.get(key, _UNASKED)
        if found is _UNASKED:
            found = self._member_memo[key] = self._member_uncached(cls, name, skip_self, kinds)
        return found

    def _member_uncached(self, cls: str, name: str, skip_self: bool, kinds: set | None) -> Found | None:
        declared = assigned = None
        for c, depth in self._linearized(cls):
            if skip_self and depth == 0:
                continue
            sid = self.g.members.get(c, {}).get(name)
            if sid and kinds is not None:
                sid = self._of_kind(sid, kinds)
            if not sid:
                continue
            found = Found([sid], "same_file" if depth == 0 else "inherited")
            if assigned is not None:  # a base's property, whose setter the assignment ran; else the field it made
                return found if self.g.by_id[sid].kind in METHODS else assigned
            if self._assigned_only(sid):
                assigned = found
                continue
            if not self._is_interface(c) and not self._declared_only(sid):
                return self._on_each_twin(cls, name, found) if depth == 0 else found
            declared = declared or found
        return assigned or declared or (None if skip_self else self._hosted_on_twin(cls, name))

    def _on_each_twin(self, cls: str, name: str, found: Found) -> Found:
        """``found`` and the same-named member of each twin of ``cls`` where the twins are alternatives
        (``ALTERNATIVE_TWINS``)."""
        if not self.hooks.get(self.g.by_id[cls].path, self.no_hooks).alternative_twins:
            return found
        ids = [m for t in self._twins(cls) if (m := self.g.members.get(t, {}).get(name))]
        return Listed(ids, found.resolution) if len(ids) > 1 else found  # certain, not a guess: kept whole

    def _base_named(self, cls: str, name: str) -> str | None:
        """The base of ``cls`` named ``name``, where no member bears that name: an embedded struct's field is named
        by its type (``type Raft struct { raftState }``: ``r.raftState`` is the ``raftState`` part of ``r``)."""
        return next((c for c, depth in self._linearized(cls) if depth > 0 and self.g.by_id[c].name == name), None)

    def _hosted_on_twin(self, cls: str, name: str) -> Found | None:
        """A member defined apart from its type on a twin of ``cls`` or of one of its bases, of another number of type
        parameters (C#'s extension method ``AddRetry(this Builder b)``, hosted on ``Builder<TResult>`` by the name
        its ``this`` parameter writes, which does not say how many type arguments): it may be ``cls``'s as well (a
        subclass of the plain ``Builder`` calls it too)."""
        if not self.hooks.get(self.g.by_id[cls].path, self.no_hooks).type_arguments_written:
            return None
        for c, depth in self._linearized(cls):
            for twin in self._arity_twins(c)[1:]:
                sid = self.g.members.get(twin, {}).get(name)
                if sid and self._defined_apart(sid, twin):
                    return Found([sid], "same_file" if depth == 0 else "inherited")
        return None

    def _defined_apart(self, sid: str, cls: str) -> bool:
        """Whether member ``sid`` of ``cls`` is declared outside the body of each of its parts: in another file, or
        in its file after another top-level type has begun (an extension method's static class beside the type)."""
        sym = self.g.by_id[sid]
        parts = [cls, *self._parts(cls)]
        if sym.path not in {self.g.by_id[t].path for t in parts}:
            return True
        begun = [i for i in self.g.top.get(sym.path, {}).values() if isinstance(i, str) and i in self.g.by_id
                 and self.g.by_id[i].kind in CLASSLIKE and self.g.by_id[i].line <= sym.line]
        return bool(begun) and max(begun, key=lambda i: self.g.by_id[i].line) not in parts

    def _assigned_only(self, sid: str) -> bool:
        """A field only a method's assignment makes (``self.status_code = 206``; ``ASSIGNED_PLACE``): a base class's
        method of that name (a property) is what the assignment and reads run."""
        sym = self.g.by_id[sid]
        return sym.kind == "field" and (sym.path, sym.qualname, ASSIGNED_PLACE) in self.signatures

    def _declared_only(self, sid: str) -> bool:
        """A member only a doc comment declares (PHP's ``@method static tomorrow()`` on a trait): a body met later
        in the order (another trait's ``tomorrow()``) is what runs."""
        sym = self.g.by_id[sid]
        return self.signatures.get((sym.path, sym.qualname, DECLARED_PLACE)) is not None

    def _member_or_override(self, cls: str, name: str) -> Found:
        """``name`` on ``cls`` and its bases; else where subclasses define it (a mixin's ``self.m()``, an abstract
        method); else external when a base outside the repository may hold it, unresolved when none can. Kept per
        class and name: a member missing on a hub (sympy's ``Basic``) walks its thousands of subclasses."""
        cls = self._unaliased(cls)
        if cls == "":
            return EXTERNAL  # an alias of a library's type
        found = self._members_memo.get((cls, name))
        if found is None:
            found = self._members_memo[(cls, name)] = self._member_or_override_uncached(cls, name)
        return found

    def _unaliased(self, cls: str) -> str:
        """A type alias: the class it stands for (``type BoolFlag = FlagBase[bool]``, C's ``typedef struct _rio
        rio``), ``""`` for a library's; one with members or bases of its own (TypeScript's A & B & {..}) is itself.
        One that names no class, beside the one class of its name in its file (C's ``typedef struct x x;``), is
        that class: the two are one name."""
        sym = self.g.by_id[cls]
        if sym.kind != "type" or self.g.members.get(cls) or self.g.bases.get(cls):
            return cls
        aliased = self.return_class(cls)
        if aliased is not None:
            return aliased
        twins = [i for i in self.g.by_name.get(sym.name, ()) if i != cls and self.g.by_id[i].path == sym.path
                 and self.g.by_id[i].kind in CLASSLIKE and self.g.by_id[i].kind != "type"]
        return twins[0] if len(twins) == 1 else cls

    def _member_or_override_uncached(self, cls: str, name: str) -> Found:
        found = self._member(cls, name)
        if found and not self._declared_only(found.ids[0]):
            return found
        # a member a doc comment declares runs a mixin's body of its name where one is known (a Laravel facade's
        # ``@method static dispatch()`` forwarded to its root's ``dispatch``); else the declaration stands
        mixed = self._mixed_in(cls, name)
        if mixed is not None and (not found or mixed.ids):
            return mixed
        # else where subclasses define it; a member only a doc comment declares (a trait's ``@method setTime()``
        # for its host's) is what is left where none does
        hits, frontier, seen = [], deque(self.g.subclasses(cls)), {cls}
        outside = False  # a subclass with a base outside the repository: its ``this`` may have it from there
        while frontier and len(hits) < MAX_CANDIDATES:
            sub = frontier.popleft()
            if sub in seen:
                continue
            seen.add(sub)
            hits.extend(i for i in self._subclass_member(sub, name) if i not in hits)
            outside = outside or sub in self.g.external_bases
            frontier.extend(self.g.subclasses(sub))
        if hits:
            return Found(hits, "dispatch")
        # a mixin's ``this.on()`` where the object it is mixed into also takes a library's (express's application
        # mixed in beside EventEmitter.prototype): that library's, not unknown
        return found or (self._outside_member(cls) if outside else self._unknown_member(cls, name))

    def _mixed_in(self, cls: str, name: str) -> Found | None:
        """``name``, which ``cls`` and its bases lack, on a class a doc comment of theirs names as a mixin (PHP's
        ``@mixin Builder``: the class's ``__call`` forwards to a Builder): the mixin's own or its bases' member
        (``inherited``); external where the mixin, or a base of it, is outside the repository (it may hold any
        member); None where no mixin answers. A mixin's own mixins are not followed (a contract and its model name
        each other), nor its subclasses: a mixin is no base, its methods no overrides of the class's."""
        for c, _ in self._linearized(cls):
            sym = self.g.by_id.get(c)
            fact = self.signatures.get((sym.path, sym.qualname, MIXIN_PLACE)) if sym else None
            if fact is None:
                continue
            typed = replace(fact, kind=TYPE_PREFIX + "annotation", alias=None)
            target = self._stated(typed, self.g.by_qual.get((fact.path, fact.src_qualname)) or c, CLASSLIKE)
            ids = [i for i in (target.ids if target else ()) if self.g.by_id[i].kind in CLASSLIKE]
            if not ids:
                return EXTERNAL if target and target.resolution == "external" else None
            hit = self._member(ids[0], name)
            if hit:
                return Found(hit.ids, "inherited")
            unknown = self._unknown_member(ids[0], name)
            return unknown if unknown.resolution == "external" else None
        return None

    def _subclass_member(self, sub: str, name: str) -> list[str]:
        """``name`` as ``sub`` sees it, where the class the walk started from lacks it. A subclass with one base sees
        its own definition or its base's, which the walk (breadth first) met before it: only its own is new, and
        its method order (C3 over a hub's thousands of subclasses: most of a hub file's update) is not needed. With
        several bases a mixin's may be seen: the whole order is read."""
        own = self.g.members.get(sub, {}).get(name)
        if own:
            return [own]
        if len(self.g.bases.get(sub) or ()) <= 1:
            return []
        found = self._member(sub, name)
        return found.ids if found else []

    def instance_side(self, cls: str, found: Found, name: str) -> Found:
        """``found`` as an instance method of ``cls`` sees it (``SINGLETON``): a method of a base ``cls`` reaches only
        through a singleton base (Ruby's ``extend M``) is the class object's, no instance's; nor is an override in a
        class ``cls`` is extended into, where ``cls``'s methods run on class objects (a concern's ``ClassMethods``):
        there only the class objects' own methods are (``_class_level``). None left: what ``_unknown_member`` says."""
        if not self.g.singleton_bases or not found.ids:
            return found
        class_level = self._class_level_ancestors(cls)
        kept = [i for i in found.ids if self.g.owner_of(self.g.by_id[i]) not in class_level]
        if found.resolution == "dispatch" and self._extended_anywhere(cls):
            kept = [i for i in kept if self._class_level(i)]
        if len(kept) == len(found.ids):
            return found
        return Found(kept, found.resolution) if kept else self._unknown_member(cls, name)

    def _class_level_ancestors(self, cls: str) -> set[str]:
        """The ancestors of ``cls`` reached only through a singleton base (its ``extend M``'s M and M's bases)."""
        hooks = self.hooks.get(self.g.by_id[cls].path, self.no_hooks) if cls in self.g.by_id else self.no_hooks
        parts = self._parts if hooks.partial_types else self._merged if hooks.merged_declarations else None
        instance = {c for c, _ in _breadth_first(cls, _InstanceBases(self.g), parts)}
        return {c for c, _ in self._linearized(cls)} - instance

    def _class_level(self, sid: str) -> bool:
        """Whether a method runs on a class object: marked ``SINGLETON``, or a member of a singleton base (another
        concern's ``ClassMethods`` the same class object extends)."""
        owner = self.g.owner_of(self.g.by_id[sid])
        return sid in self.singleton_defs or (owner is not None and self._extended_anywhere(owner))

    def _extended_anywhere(self, cls: str) -> bool:
        """Whether ``cls`` is a singleton base of some class (its methods run on that class object)."""
        return any((sub, cls) in self.g.singleton_bases for sub in self.g.subclasses(cls))

    def _unknown_member(self, cls: str, name: str | None = None) -> Found:
        """A member ``cls`` and its bases lack: external where a base outside the repository may hold it (written
        unresolved where one of them was given members under computed names: ``_outside_member``), or where it is a
        transparent wrapper's own (``find().unwrap()``, ``x.is_some()`` with ``find() -> Option<Node>``: the
        Option's, not Node's); else unresolved."""
        hooks = self.hooks.get(self.g.by_id[cls].path, self.no_hooks)
        if name is not None and name in hooks.wrapper_methods:
            return EXTERNAL
        if name is not None and hooks.generated_member is not None and (made := hooks.generated_member(self, cls, name)):
            return made
        outside = any(c in self.g.external_bases for c, _ in self._linearized(cls))
        return self._outside_member(cls) if outside else UNRESOLVED

    def _outside_member(self, cls: str) -> Found:
        """A member a base outside the repository may hold: the library's (``EXTERNAL``), or ``COMPUTED_MEMBER``
        where ``cls`` or a base was given members under computed names (express's ``app.get``: one of those)."""
        return COMPUTED_MEMBER if self._open_along(cls) else EXTERNAL

    def _open_along(self, cls: str) -> bool:
        """Whether ``cls`` or a base was given members under computed names (``OPEN_MEMBERS_PLACE``: express's
        ``app[method] = ..``): a member none of their definitions answers may be one of those, not a library
        base's; unknown."""
        for c, _ in self._linearized(cls):
            sym = self.g.by_id.get(c)
            if sym is not None and self.signatures.get((sym.path, sym.qualname, OPEN_MEMBERS_PLACE)) is not None:
                return True
        return False

    def _global(self, name: str, kinds: set, path: str, within: str | None = None) -> Found:
        """Repository-wide candidates; memoized per (name, kinds, language group): common names have thousands.
        Past ``MAX_CANDIDATES`` the ones nearest the referencing file are kept (code mostly calls code near it), not
        the first in path order. ``within``: the qualified name the reference is written in, in ``path``
        (``_global_all``)."""
        hit = self._global_all(name, kinds, path, within)
        if len(hit.ids) <= MAX_CANDIDATES:
            return hit
        key = self._global_key(name, kinds, path) + self._locals_in_scope(name, kinds, path, within)
        folder = posixpath.dirname(path)
        near = self._global_cache.get(key + (folder,))
        if near is None:
            near = self._global_cache[key + (folder,)] = Found(self._nearest_written(key, hit.ids, folder),
                                                               hit.resolution)
        return near

    def _nearest_written(self, key: tuple, ids: list[str], folder: str) -> list[str]:
        """``_nearest``, those marked ``MADE`` (``_written_first``) only in the room the written ones leave: test
        mocks handed to calls (``{ header: () => x }``) crowd no class's ``header`` out of the candidates."""
        written = [i for i in ids if not self.made.get(i, False)]
        if not written or len(written) == len(ids):
            return self._nearest(key, ids, folder)
        kept = set(written)
        near = self._nearest(key + ("written",), written, folder)
        return near + self._nearest(key + ("made",), [i for i in ids if i not in kept], folder)[:MAX_CANDIDATES - len(near)]

    def _overridden_only(self, r: Ref, kinds: set) -> Found | None:
        """Of every repository-wide candidate, those overriding no other candidate (the nearest ``MAX_CANDIDATES``);
        None where each is such a root: a call of a base's method on an unknown value of the hierarchy is the base's,
        and its dispatch edges reach the overrides."""
        key = self._global_key(r.name, kinds, r.path) + ("roots",)
        roots = self._global_cache.get(key)
        if roots is None:
            every = self._global_all(r.name, kinds, r.path)
            ids = set(every.ids)
            kept = [i for i in every.ids if not self._overrides_one_of(i, ids)]
            roots = self._global_cache[key] = Found(kept, "unique_name" if self._one_definition(kept) else
                                                    every.resolution) if len(kept) < len(ids) else UNRESOLVED
        if not roots.ids:
            return None
        if len(roots.ids) <= MAX_CANDIDATES:
            return roots
        return Found(self._nearest(key, roots.ids, posixpath.dirname(r.path)), roots.resolution)

    def _overrides_one_of(self, sid: str, ids: set) -> bool:
        """Whether method ``sid`` overrides a same-named member of a base class that is among ``ids``."""
        sym = self.g.by_id[sid]
        owner = self.g.owner_of(sym)
        if owner is None or owner not in self.g.by_id or self.g.by_id[owner].kind not in CLASSLIKE:
            return False
        if any(self.g.members.get(base, {}).get(sym.name) in ids for base, _ in self._linearized(owner)[1:]):
            return True
        return self._mixed_over_one_of(owner, sym.name, ids)

    def _mixed_over_one_of(self, mixin: str, name: str, ids: set) -> bool:
        """Whether a class combining ``mixin`` with a later base (C3 order: ``class AsyncSqliteDatabase(
        AsyncDatabaseMixin, SqliteDatabase)``) finds the mixin's ``name`` before one of ``ids`` (``Database.atomic``):
        the mixin's method overrides it there, and the dispatch edges reach it from the base's."""
        if not self.hooks.get(self.g.by_id[mixin].path, self.no_hooks).c3:
            return False
        for sub in self.g.subclasses(mixin)[:MAX_CANDIDATES]:
            order = [c for c, _ in self._linearized(sub)]
            after = order[order.index(mixin) + 1:] if mixin in order else ()
            if any(self.g.members.get(base, {}).get(name) in ids for base in after):
                return True
        return False

    def _global_all(self, name: str, kinds: set, path: str, within: str | None = None) -> Found:
        """Every repository-wide candidate (``_global`` keeps the nearest ``MAX_CANDIDATES``). A definition a
        function's body makes (``Graph.local_names``: a nested ``def``, a local class) is one only for a reference
        written in that body (``within``, in ``path``), or deeper in it: elsewhere no code names it, a value
        returned, passed or stored reaches it (``flow``)."""
        key = self._global_key(name, kinds, path)
        hit = self._global_cache.get(key)
        if hit is None:
            hit = self._global_cache[key] = self._global_uncached(name, kinds, path)
        seen = self._locals_in_scope(name, kinds, path, within)
        if not seen:
            return hit
        with_seen = self._global_cache.get(key + seen)
        if with_seen is None:
            ids = hit.ids + [i for i in seen if i not in hit.ids]
            with_seen = self._global_cache[key + seen] = Found(ids, "unique_name" if self._one_definition(ids)
                                                               else "ambiguous")
        return with_seen

    def _locals_in_scope(self, name: str, kinds: set, path: str, within: str | None) -> tuple[str, ...]:
        """The definitions of ``name`` local to a function's body in ``path`` whose body holds ``within``."""
        local = self.g.local_names.get(path) if within else None
        if not local or name not in local:
            return ()
        return tuple(i for i in local[name] if self.g.by_id[i].kind in kinds
                     and _inside(within, self.g.by_id[i].parent_id.partition("::")[2]))

    def _global_key(self, name: str, kinds: set, path: str) -> tuple:
        support = self.supports.get(path)
        return name, tuple(sorted(kinds)), support.GROUP if support else None

    def _nearest(self, key: tuple, ids: list[str], folder: str) -> list[str]:
        """The ``MAX_CANDIDATES`` of ``ids`` sharing the longest leading folders with ``folder`` (ties by id). A
        member's overloads take one place together (zustand's ``StoreDevtools.setState`` and ``setState#2``): three
        types declaring two signatures each crowd out no fourth type's member."""
        under = self._by_prefix.get(key)
        if under is None:  # each candidate listed under every leading part of its folder, once per name
            under = self._by_prefix[key] = defaultdict(list)
            for sid in sorted(ids):
                parts = _folder_parts(posixpath.dirname(self.g.by_id[sid].path))
                for depth in range(len(parts) + 1):
                    under[parts[:depth]].append(sid)
        parts, out, taken, members = _folder_parts(folder), [], set(), set()
        for depth in range(len(parts), -1, -1):
            for sid in under.get(parts[:depth], ()):
                if sid not in taken:
                    taken.add(sid)
                    member = (self.g.by_id[sid].path, untwinned(self.g.by_id[sid].qualname))
                    if member not in members and len(members) == MAX_CANDIDATES:
                        return out
                    members.add(member)
                    out.append(sid)
        return out

    def _global_uncached(self, name: str, kinds: set, path: str) -> Found:
        """The definitions of ``name`` in the referencing file's language group: a guess by name never crosses
        into another language (a C++ ``ctx.out()`` is no Kotlin ``CodeWriter.out``; a C# ``T`` no C++ template's
        ``T``); what one language reaches of another it reaches by a binding the code states."""
        ids = self._with_bodies([i for i in self.g.by_name.get(name, ()) if self.g.by_id[i].kind in kinds
                                 and not self._object_key(i)])
        same_lang = self._same_language(ids, path) if ids else ids
        if not same_lang:
            return UNRESOLVED
        return Found(same_lang, "unique_name" if self._one_definition(same_lang) else "ambiguous")

    def _object_key(self, sid: str) -> bool:
        """A field that is an object literal's key naming a function (``{ get: getUser }``: ``value.held``): reached
        through its object, never guessed by name on a receiver of unknown type (another object's ``get`` is as
        likely)."""
        sym = self.g.by_id[sid]
        if sym.kind != "field":
            return False
        held = self.return_types.get((sym.path, sym.qualname))
        return held is not None and held.kind == "value.held"

    def _with_bodies(self, ids: list[str]) -> list[str]:
        """Of a name guess's candidates, never a member only a doc comment declares (``_declared_only``: PHP's
        hundreds of ``@method`` tags, a facade's static ones): what its class answers by magic is reached through a
        value known to be of that class, not guessed by name (an honest unresolved)."""
        return [i for i in ids if self.g.by_id[i].kind not in DOC_MEMBER_KINDS or not self._declared_only(i)]

    def _one_definition(self, ids: list[str], stub_with_code: bool = False) -> bool:
        """One candidate, or the overloads of one (``f``, ``f#2``... of one class in one file: C#'s and Java's
        methods of one name and several signatures, which arity alone would tell apart): a unique name. With
        ``stub_with_code``, a stub's declaration beside its implementation (``m.pyi`` and ``m.py``) is one too."""
        if len(ids) <= 1:
            return bool(ids)
        where = (lambda path: posixpath.splitext(path)[0]) if stub_with_code else (lambda path: path)
        first = self.g.by_id[ids[0]]
        home, base = where(first.path), untwinned(first.qualname)
        return all(where((s := self.g.by_id[i]).path) == home and untwinned(s.qualname) == base for i in ids[1:])

    def _same_language(self, ids: list[str], path: str) -> list[str]:
        support = self.supports.get(path)
        group = support.GROUP if support else None
        return [i for i in ids if (s := self.supports.get(self.g.by_id[i].path)) and s.GROUP == group]

    # -- structural typing --------------------------------------------------------------------------------------------
    def structural_bases(self) -> None:
        """Go: a type implements every interface of its language whose methods it all has (no ``implements``): its
        own and those its embedded types promote (``type FileNode struct { *baseNode }`` has baseNode's ``Parent``),
        and an interface asks for its embedded interfaces' too. Read once the embeddings (``inherits``) are known."""
        groups = {s.GROUP for s in self.supports.values() if getattr(s, "STRUCTURAL", False)}
        for group in groups:
            in_group = lambda sid: getattr(self.supports.get(self.g.by_id[sid].path), "GROUP", None) == group  # noqa
            owners_of = defaultdict(set)
            interfaces = []
            # (a type may only embed: its bases too, after the members' owners, in their order)
            for owner in [*self.g.members, *(b for b in self.g.bases if b not in self.g.members)]:
                sym = self.g.by_id.get(owner)
                if sym is None or not in_group(owner):
                    continue
                if sym.kind == "interface":
                    interfaces.append(owner)
                else:
                    for name in self._method_set(owner):
                        owners_of[name].add(owner)
            found = defaultdict(list)
            for iface in interfaces:
                names = list(self._method_set(iface))
                types = set.intersection(*(owners_of.get(n, set()) for n in names)) if names else set()
                # in file and line order, as nominal bases come: a class's subclasses are listed in the order its
                # bases were added, and past MAX_CANDIDATES the first ones are what a call through it reaches
                for t in sorted(types, key=self._definition_order):
                    found[t].append(iface)
            for t, ifaces in found.items():  # before its embedded types, as when they were read first
                self.g.bases[t][:0] = ifaces

    def _method_set(self, owner: str) -> set[str]:
        """The member names of ``owner`` and of the types it embeds, however deep (a cycle read once)."""
        names, todo, seen = set(), [owner], {owner}
        while todo:
            cls = todo.pop()
            names.update(self.g.members.get(cls) or ())
            for base in self.g.bases.get(cls) or ():
                if base not in seen:
                    seen.add(base)
                    todo.append(base)
        return names

    def _definition_order(self, sid: str) -> tuple:
        sym = self.g.by_id[sid]
        return sym.path, sym.line or 0, sid

    # -- dispatch -----------------------------------------------------------------------------------------------
    def dispatch_edges(self, classes: list[str] | None = None) -> list[Edge]:
        """Base method -> override, so a change to an implementation reaches callers of the interface method (of
        the methods of ``classes`` only, when given: an update's)."""
        edges = []
        pairs = self.g.bases.items() if classes is None else [(c, self.g.bases.get(c) or []) for c in classes]
        for cls, bases in self._with_baseless_parts(pairs, classes is None):
            own = self.g.members.get(cls) or self._module_functions(cls)
            for name, method in own.items():
                declared = self._member_in_bases(self._parts_bases(cls, bases), name)
                # members keep one body per name: its build variants (Go's tcell.go / dummy.go) are overrides too
                for body in [method, *self.g.variants.get(method, ())] if declared else ():
                    edges.extend(self._dispatch(self.g.by_id[body], d, body)
                                 for d in [declared, *self._structural_also(cls, bases, name, declared)])
            if len(bases) > 1 and cls in self.g.by_id:  # the class's fact, in its file: an update of it redoes it
                edges += [self._dispatch(self.g.by_id[cls], declared, body)
                          for declared, body in self._provided_by_bases(cls, bases, own)]
        return edges

    def _module_functions(self, cls: str) -> dict:
        """The top-level functions of a file whose module has bases (Scala's ``package object requests extends
        BaseSession``, whose defs are the package's): they implement those bases' members."""
        if not cls.endswith("::" + MODULE) or not self.g.bases.get(cls):
            return {}
        path = cls[:-len(MODULE) - 2]
        return {name: sid for name, sid in self.g.top.get(path, {}).items() if isinstance(sid, str)
                and sid in self.g.by_id and self.g.by_id[sid].kind in ("function", "method", "variable", "field")}

    def _with_baseless_parts(self, pairs, everything: bool):
        """``pairs`` (class, its bases), and on a whole run the parts of a partial type that write no base list (C#'s
        ``partial class JsonTextWriter`` of JsonTextWriter.Async.cs, whose ``: JsonWriter`` is in JsonTextWriter.cs):
        their methods override the bases their other parts name."""
        pairs = list(pairs)
        if not everything:
            return pairs
        with_bases = {cls for cls, _ in pairs}
        extra = {p: [] for cls in with_bases if self._is_partial(cls) for p in self._parts(cls) if p not in with_bases}
        return pairs + list(extra.items())

    def _is_partial(self, cls: str) -> bool:
        sym = self.g.by_id.get(cls)
        return sym is not None and self.hooks.get(sym.path, self.no_hooks).partial_types

    def _parts_bases(self, cls: str, bases: list[str]) -> list[str]:
        """The bases of ``cls`` and of its other parts where it is a part of a partial type (each part may name
        some: ``partial class A : Base`` beside ``partial class A : IThing``)."""
        if not self._is_partial(cls):
            return bases
        more = [b for p in self._parts(cls) for b in self.g.bases.get(p) or ()]
        return list(dict.fromkeys([*bases, *more])) if more else bases

    def _dispatch(self, at, declared: str, body: str) -> Edge:
        """The dispatch edge ``declared`` -> ``body``, placed at the definition ``at`` (the override, or the class
        whose bases pair them)."""
        name = self.g.by_id[body].name
        r = Ref(at.path, at.qualname, "dispatch", name, None, None, None, at.line)
        return self._edge(r, declared, body, name, "dispatch", "dispatch", "dispatch", None)

    def _provided_by_bases(self, cls: str, bases: list[str], own: dict) -> list[tuple[str, str]]:
        """(interface method, the body another base gives it) for what ``cls`` does not define itself: a PHP class
        using a trait that implements its interface's method (``class H implements I { use T; }``), a Ruby
        module's method for an included interface, a Java base class's for an interface the subclass adds; where
        methods are looked up in C3 order (Python), a later base's method that an earlier base (a mixin) overrides
        for the class (``class EnvironHeaders(ImmutableHeadersMixin, Headers)``: ``Headers.setlist`` called on one
        runs the mixin's); in a language's own order (Ruby's), a mixin's method that a later one overrides (an
        ``included`` hook's ``include ORM`` then ``include InstanceMethods``: ORM's template calls ``aasm_save``)."""
        out = []
        hooks = self.hooks.get(self.g.by_id[cls].path, self.no_hooks)
        # a language's own order (Ruby's: the last mixin first) may let any base's method lose to another's
        mixed = hooks.c3 or hooks.linearize is not None
        for place, base in enumerate(bases):
            interface = self._is_interface(base)
            if not interface and not (mixed and (place > 0 or not hooks.c3)):
                continue
            # an interface's own bases' methods too (``AccessTokenInterface extends TokenInterface``: a call of
            # ``TokenInterface::getClient`` runs the trait's for a class that implements the sub-interface)
            for name, declared in self._base_members(base, mixed or interface):
                body = self._member(cls, name) if name not in own else None
                if body and not hooks.c3 and not interface:  # an instance's: a module it extends is the class's
                    body = self._instance_member(cls, name, declared)
                if body and body.ids[0] != declared and (interface or self._both_methods(declared, body.ids[0])):
                    out.append((declared, body.ids[0]))
        return out

    def _instance_member(self, cls: str, name: str, declared: str) -> Found | None:
        """The first ``name`` an instance of ``cls`` reaches in its language's order (Ruby's), where ``declared`` is
        an instance's too: a class object's method (``def self.included``, an extended module's) overrides none."""
        if self._class_level(declared):
            return None
        for c, _ in self._linearized(cls):
            sid = self.g.members.get(c, {}).get(name)
            if sid and not self._class_level(sid):
                return Found([sid], "inherited")
        return None

    def _base_members(self, base: str, inherited: bool):
        """(name, member) of ``base``; with ``inherited`` also those it takes from its own bases, the nearest first:
        ``class ForwardDeclaredType(ForwardDeclaredMixin, Type)`` runs the mixin's ``_resolve_string`` where
        ``Type``'s methods call the one ``Type`` inherits from ``ClassBasedTraitType``."""
        if not inherited:
            return self.g.members.get(base, {}).items()
        seen: dict[str, str] = {}
        for cls, _ in self._linearized(base):
            for name, sid in self.g.members.get(cls, {}).items():
                seen.setdefault(name, sid)
        return seen.items()

    def _both_methods(self, declared: str, body: str) -> bool:
        return self.g.by_id[declared].kind in METHODS and self.g.by_id[body].kind in METHODS

    def _is_interface(self, cls: str) -> bool:
        sym = self.g.by_id.get(cls)
        return sym is not None and sym.kind == "interface"

    def _structural_also(self, cls: str, bases: list[str], name: str, declared: str) -> list[str]:
        """Go: the method ``name`` of the other interfaces ``cls`` implements (a gauge's ``Inc`` is a Counter's and a
        Gauge's): a call through any of them runs it. Nominal bases name one declaration (``declared``) only."""
        if len(bases) < 2 or not getattr(self.supports.get(self.g.by_id[declared].path), "STRUCTURAL", False):
            return []
        found = (self._member(b, name) for b in bases if self._is_interface(b))
        return list(dict.fromkeys(f.ids[0] for f in found if f and f.ids[0] != declared))

    def _member_in_bases(self, bases: list[str], name: str) -> str | None:
        for b in bases:
            found = self._member(b, name)
            if found:
                return found.ids[0]
        return None


# a literal receiver's type, as the languages that extend library types name it
_LITERAL_TYPES = ((lazy_re(r'^\$?@?"(?:[^"\\]|\\.)*"$'), ("string", "String")),
                  (lazy_re(r"^\(?-?\d+[lL]\)?$"), ("long", "Long", "Int64")),
                  (lazy_re(r"^\(?-?\d+\)?$"), ("int", "Int", "Int32")),
                  (lazy_re(r"^\(?-?\d+\.\d+\)?$"), ("double", "Double")))


_UNASKED = object()
_MEMBER_KINDS = {id(METHODS): 1, id(VALUES): 2, id(CALLABLE): 3}  # the ``kinds`` ``_member`` keeps answers for


def mentions(names: frozenset[str], written) -> bool:
    """Whether any of ``written`` (names, receivers, values; None where absent) holds one of ``names``."""
    return any(n in w for w in written if w for n in names)  # one generator, not one more per value (hot path)


class _InstanceBases:
    """``Graph.bases`` without the singleton bases (``Graph.singleton_bases``): what an instance's lookup walks."""

    def __init__(self, g: Graph):
        self.g = g

    def get(self, cls: str, default=()) -> list[str]:
        return [b for b in self.g.bases.get(cls, default) if (cls, b) not in self.g.singleton_bases]


def _breadth_first(cls: str, bases: dict[str, list[str]], parts: Callable | None = None) -> list[tuple[str, int]]:
    """``cls`` and its bases, nearest first; ``parts``: a type's other parts (a partial class) at its own depth."""
    out, seen, frontier, depth = [], {cls}, [cls], 0
    while frontier:
        if parts is not None:
            frontier += [p for c in frontier for p in parts(c) if p not in seen and not seen.add(p)]
        out.extend((c, depth) for c in frontier)
        frontier = [b for c in frontier for b in bases.get(c, []) if b not in seen and not seen.add(b)]
        depth += 1
    return out


def _c3(cls: str, bases: dict[str, list[str]], memo: dict, stack: frozenset = frozenset()
        ) -> list[tuple[str, int]] | None:
    """Python's C3 linearization (depth = distance in the hierarchy, for the resolution label); None when the
    hierarchy has no consistent order (then breadth first). ``memo`` holds the orders of classes done so far."""
    if cls in memo:
        return memo[cls]
    if cls in stack or len(stack) > 50:
        return None
    parents = bases.get(cls, [])
    seqs = []
    for b in parents:
        sub = _c3(b, bases, memo, stack | {cls})
        if sub is None:
            memo[cls] = None
            return None
        seqs.append([c for c, _ in sub])
    seqs.append(list(parents))
    out = [cls]
    while any(seqs):
        for seq in seqs:
            head = seq[0] if seq else None
            if head is not None and not any(head in s[1:] for s in seqs):
                break
        else:
            memo[cls] = None
            return None
        out.append(head)
        seqs = [s[1:] if s and s[0] == head else s for s in seqs]
    depths = {c: d for c, d in reversed(_breadth_first(cls, bases))}
    memo[cls] = found = [(c, depths.get(c, 1)) for c in out]
    return found


ZONES = {"test", "tests", "__tests__", "spec", "specs", "testing", "examples", "example", "samples", "sample", "demo",
         "demos", "benchmarks", "bench", "docs", "doc", "fixtures", "testdata"}
SUBPROGRAMS = {"examples", "example", "samples", "sample", "demo", "demos"}  # each folder below is a program of its own
TEST_FILES = "<tests>"  # the zone of a folder's test files (``_zone``)


@lru_cache(maxsize=65536)  # asked of every candidate of every guess: a repository's few thousand paths, each once
def _zone(path: str) -> str | None:
    """The test, example or documentation tree a file belongs to (``test``, ``examples/mvc``; a program nested in
    one is its own: ``tests/unity/examples/example_1``), else None. A test file beside the code (``ws.test.ts``,
    ``db_test.go``) is in its folder's test zone: the code there never calls
    into it, and a guess from it stays among the tests of its folder (a Go package's)."""
    parts = path.split("/")[:-1]
    zone = None
    for i, part in enumerate(parts):
        if part not in ZONES:
            continue
        if zone is None:
            zone = "/".join(parts[:i + 2 if part in SUBPROGRAMS and i + 1 < len(parts) else i + 1])
        elif part in SUBPROGRAMS and i + 1 < len(parts):  # a program inside a zone: tests/unity/examples/example_1
            zone = "/".join(parts[:i + 2])
    if zone is not None:
        return zone
    return "/".join(parts + [TEST_FILES]) if is_test_path(path) else None


def _folders_up(folder: str) -> list[str]:
    """``a/b`` -> ``a/b``, ``a``, ``""`` (the root)."""
    out = []
    while folder:
        out.append(folder)
        folder = posixpath.dirname(folder)
    return out + [""]


def _names_class(r: Ref) -> bool:
    """Whether a template reference's receiver is a name the flow binds to no value (a class, C#'s ``typeof(Shop)``),
    not ``self`` nor a variable."""
    return not r.bound_to and bool(r.receiver) and r.receiver not in SELF_NAMES and r.receiver.isidentifier()


def _type_arguments_count(alias: str | None) -> int:
    """How many type arguments a reference writes (its alias ``<>N``, parse.TYPE_ARGUMENTS_WRITTEN); none: 0."""
    if alias and alias.startswith(TYPE_ARGUMENTS_WRITTEN) and alias[len(TYPE_ARGUMENTS_WRITTEN):].isdigit():
        return int(alias[len(TYPE_ARGUMENTS_WRITTEN):])
    return 0


def _nearest_all(candidates: list[str], closeness: Callable[[str], int]) -> list[str]:
    """The candidates sharing the highest ``closeness``, in their order (the first is what ``max`` would pick)."""
    best = max(closeness(c) for c in candidates)
    return [c for c in candidates if closeness(c) == best]


def _inside(within: str, function: str) -> bool:
    """Whether code written in ``within`` (a qualified name) is in the body of ``function`` or of a definition in it."""
    return within == function or within.startswith(function + ".")


def _folder_parts(folder: str) -> tuple[str, ...]:
    return tuple(folder.split("/")) if folder else ()


_CALL_THEN_MEMBER = lazy_re(r"^([A-Za-z_$][\w$.]*\(\))\.([A-Za-z_$][\w$]*)$")  # make().run, args compacted
# a call written with its type arguments, its own arguments dropped (a language's ``cast_type``): create<Api, Cfg>()
_PLACED_RESULT = lazy_re(r"^(.*\))#\d+$", re.S)  # f()#1: the result at place 1 of what f returns
_GENERIC_CALL = lazy_re(r"^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)<([\w$.,\s]+)>\(\)$")
_LATER_RESULT = lazy_re(rf"^(.*\)){re.escape(RESULT_MARK)}(\d+)$", re.S)  # f(x)#1: f's result at place 1


def _tuple_element(value: str, chain: str) -> tuple[str, str]:
    """A tuple's member by place, then the rest of the chain: ``tuple:Key,Value`` + ``1`` -> ``Value`` (``""`` for
    an element of no named type), ``make()`` + ``1`` -> ``make()#1`` (the element of a tuple the callee declares it
    returns, its ``#1`` signature); anything else unchanged."""
    place, _, rest = chain.partition(".")
    if not place.isdigit():
        return value, chain
    if value.startswith(TUPLE_OF):
        elements = value[len(TUPLE_OF):].split(",")
        return (elements[int(place)] if int(place) < len(elements) else ""), rest
    if value.endswith(")") and not _LATER_RESULT.match(value):
        return f"{value}{RESULT_MARK}{place}", rest
    return value, chain


@lru_cache(maxsize=1024)  # one reference's layers split its receiver several times
def _member_path(rest: str) -> bool:
    """``client.pool``, ``1.inner``: members named or by position (a tuple struct's ``self.1``, a field declared
    by its place), or private by their name (ECMAScript's ``this.#queries``, declared ``#queries: QueryStore``)."""
    return all(part.removeprefix("#").isidentifier() or part.isdigit() for part in rest.split("."))


def _passed_on_call(r: Ref) -> Ref:
    """The call a ``param_passed`` reference's parameter is passed to (``walk`` of ``walk(root, fn)``), as a reference."""
    receiver, _, name = r.module.rpartition(".")
    return Ref(r.path, r.src_qualname, "call", name, receiver or None, None, None, r.line)


def _curried_calls(value: str) -> int:
    """How many calls follow the first in a value written ``make()()`` (a language's ``cast_type`` for a curried
    call, ``create<State>()(init)``): each calls what the one before gives."""
    calls = value[len(value.partition("(")[0]):]
    return calls.count("()") - 1 if calls and calls.replace("()", "") == "" else 0


def _own_initializer(r: Ref) -> bool:
    """Whether every value the called local holds is a call of its own name (``val table = table { row {..} }``):
    the call written in the local's initializer, before the local exists."""
    values = r.bound_to.split("|") if r.bound_to else ()
    return bool(values) and all(v.startswith(r.name) and v[len(r.name):len(r.name) + 1] in ("(", " ", "{")
                                for v in values)


def _narrowed_only(r: Ref) -> bool:
    """Whether every value ``r``'s receiver is bound to is a type check's (``narrowed:Handler``), none declared."""
    return bool(r.bound_to) and all(v.startswith(NARROWED_VALUE) for v in r.bound_to.split("|"))


def _accessor_call(step: str, hooks: Hooks) -> bool:
    """Whether a chain's step is a call of a method that gives one of a collection's elements (``get(0)``,
    ``firstOrNull()``; parse's and the language's ``ELEMENT_ACCESSORS``), not a property of that name."""
    name, paren, _ = step.partition("(")
    return bool(paren) and name.split("{")[0].strip() in hooks.element_accessors


def _fixture_called_value(value: str) -> bool:
    """``fixture:make()``: what a call of a fixture's value gives, unknown where nothing says (no maybe: a value
    nothing here knows, which leaves the reference to the layers as ``make()`` of a library's would)."""
    return value.startswith(FIXTURE_VALUE) and value.endswith(")")


def _returned_call(ref: Ref) -> str:
    """What ``return f(..)`` gives, as a value: ``f()``, ``o.f()``; ``return cls()`` where the local ``cls`` holds
    one call's result (``cls = self._getTargetClass()``, the parse's ``bound_to``): that result called,
    ``self._getTargetClass()()`` (a class the call returns, built: zope-style tests' ``_makeOne``), never the
    enclosing class a ``cls`` parameter would be."""
    if ref.receiver:
        return f"{ref.receiver}.{ref.name}()"
    bound = ref.bound_to
    return bound + "()" if bound and bound.endswith(")") and "|" not in bound else f"{ref.name}()"


@lru_cache(maxsize=16384)  # a receiver's chain is split by several layers, and again for each of its references
def _chain_parts(chain: str) -> tuple[str, ...]:
    """``url.copy_with().host`` -> ``url``, ``copy_with()``, ``host`` (dots inside a call's arguments kept)."""
    if "(" not in chain and ")" not in chain:  # most receivers: no call, no argument to keep whole
        return tuple(chain.split("."))
    parts, depth, start = [], 0, 0
    for match in _CHAIN_MARKS.finditer(chain):  # only the brackets and dots: a builder's chain runs to 12k characters
        ch = match.group()
        if ch == ".":
            if depth == 0:
                parts.append(chain[start:match.start()])
                start = match.end()
        else:
            depth += 1 if ch == "(" else -1
    return (*parts, chain[start:])


_CHAIN_MARKS = lazy_re(r"[().]")
_INDEXED_CALL = lazy_re(r"\)\[[^\[\]]*\]$")  # f()[0], f()['k']: an element of what the call returns


def _bare_callee_given(value: str) -> bool:
    """Whether a value is what a function called bare (or on ``this``) gives a lambda (``passed:RuleFor@0:0``): which
    function that is depends on the class the call stands in."""
    if not value.startswith(PASSED_VALUE):
        return False
    callee = value[len(PASSED_VALUE):].partition("@")[0]
    return "." not in callee or callee.startswith("this.") and "." not in callee[5:]


def _written_type_name(value: str) -> str:
    """The type a construction or declared type names, without ``new``, type arguments or qualifier
    (``new System.Threading.Tasks.Task<>()``: ``Task``)."""
    written = value.removeprefix("new ").partition("<")[0].partition("(")[0]
    return written.rpartition(".")[2].strip()


# a chain's head as written with type arguments, before its first member: ``Gate<List<int>>.`` of ``Gate<List<int>>.Open()``
_WRITTEN_HEAD = lazy_re(r"^\s*([A-Za-z_]\w*)\s*<(.*?)>\s*\.", re.S)


def _typed(cls: str | None) -> tuple[str | None, str]:
    """``_class_of_value``'s answer for a class found (``typed``), a library's (``""``: ``external``) or none known."""
    return (cls, "typed") if cls else (None, "external" if cls == "" else "unknown")


def _argument_count(step: str) -> int | None:
    """How many arguments a chain's call step passes (``m(a, f(b, c))``: 2); None where the step is no call or its
    brackets or quotes do not close."""
    opened = step.find("(")
    if opened < 0 or not step.endswith(")"):
        return None
    inner = step[opened + 1:-1]
    if not inner.strip():
        return 0
    arguments = langs.split_outside(inner, ",", closed=True)
    return None if arguments is None else len(arguments)


def _seen_from(path: str, ids: list[str]) -> str:
    """How a caller in ``path`` reaches definitions found through another file's names: ``same_file`` where all are
    its own file's, else ``import``."""
    return "same_file" if all(sid.startswith(path + "::") for sid in ids) else "import"


_CHECK_MARK = lazy_re("([\u2216\u2229])")


def _check_marks(value: str) -> tuple[str, list[str], list[str]]:
    """A value and the classes checks exclude from it (``EXCEPT``) and narrow it to (``ONLY``), in any order:
    ``CookieTypes\u2216dict\u2229list`` -> (``CookieTypes``, [dict], [list])."""
    if EXCEPT not in value and ONLY not in value:  # mostly: no check marks, nothing to split
        return value, [], []
    head, *rest = _CHECK_MARK.split(value)
    excluded = [name for mark, name in zip(rest[::2], rest[1::2]) if mark == EXCEPT]
    only = [name for mark, name in zip(rest[::2], rest[1::2]) if mark == ONLY]
    return head, excluded, only


def _edge_name(r: Ref) -> str:
    """An edge's ``dst_name``: the reference as written (``util::Square`` where a path separator ends the receiver)."""
    return _written(r) if not (r.receiver or "").endswith("::") else r.receiver + r.name


_PASSED_CALLEE = lazy_re(re.escape(PASSED_VALUE) + r"([A-Za-z_]\w*)@")  # passed:table@-1:this/1: a bare callee


def _call_of_name(receiver: str) -> str | None:
    """``first(xs)``, ``mod.make(a, (b))`` -> ``first()``, ``mod.make()``: a receiver that is one call of a name,
    its arguments closed at its end; else None."""
    head = receiver.partition("(")[0]
    return head + "()" if head.replace(".", "").isidentifier() and _one_call(receiver) else None


def _named_call(value: str) -> str | None:
    """``self.sources(a, b)`` -> ``self.sources()``: one call of a (dotted) name, its arguments dropped; else None."""
    name, paren, _ = value.partition("(")
    return f"{name}()" if paren and name.replace(".", "").isidentifier() and _one_call(value) else None


def _plain_call(value: str) -> bool:
    """``first()``, ``mod.make()``: a call of a name, nothing more."""
    return value.endswith("()") and value[:-2].replace(".", "").isidentifier()


def _member_value(member: Ref | str, chain: str) -> tuple[str, str]:
    """A union's member as a value, with the chain after it: a member of an alias of classes themselves
    (``type[A | B]``: ``CLASS_ITSELF``) called (``~__call__()``) builds the class (``A()``); a value already
    read (``_returned_members``' own) is kept as it is."""
    if isinstance(member, str):
        return member, chain
    written = _written(member)
    call, _, rest = chain.partition("~")
    if member.alias == CLASS_ITSELF and call == "__call__()":
        return written + "()", rest
    return written, chain


def _written(r: Ref) -> str:
    """A reference's name as written, after its receiver: ``mod.Foo``, ``self.run``."""
    if r.receiver == ".":  # Swift's implicit member: .main, .streamCompletionQueue(..)
        return "." + r.name
    return f"{r.receiver}.{r.name}" if r.receiver else r.name


def _first_call(parts: list[str]) -> int | None:
    """The index of a chain's first call when more follows it (``make()``, ``conn``, ``cursor()`` -> 0); None
    for a single call or no call."""
    first = next((i for i, part in enumerate(parts) if part.endswith(")")), len(parts))
    return first if first + 1 < len(parts) else None


def _one_call(text: str) -> bool:
    """The first bracket of ``text`` closes at its end: ``Self::new(a)``, not ``Self::all().iter()``."""
    depth, quoted = 0, False
    for i, ch in enumerate(text):
        if ch == '"' and text[i - 1:i] != "\\":  # brackets in a string literal are no brackets
            quoted = not quoted
        elif not quoted and ch in "({[":
            depth += 1
        elif not quoted and ch in ")}]":
            depth -= 1
            if depth == 0:
                return i == len(text) - 1
    return False


def _inline_call(receiver: str) -> str | None:
    """``Foo(...)`` (Python: a constructor call) -> ``Foo``."""
    return receiver[: receiver.index("(")] if receiver.endswith(")") and "(" in receiver else None


_SIMPLE_CALL = lazy_re(r"([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\(")


def _simple_call(expr: str) -> str | None:
    """``pkg.New(a, f(b))`` -> ``pkg.New``: the callee of an expression that is one call of a (dotted) name."""
    m = _SIMPLE_CALL.match(expr)
    if not m or not expr.endswith(")"):
        return None
    depth = 0
    for ch in expr[m.end() - 1:-1]:  # the call's parentheses must close at the very end: not f(x).g()
        depth += (ch == "(") - (ch == ")")
        if depth == 0:
            return None
    return m.group(1)


def _called_name(expr: str) -> str | None:
    """``a.b(x).c(y, z(1))`` -> ``c``: the name called last in an expression ending in a call."""
    head = langs.call_head(expr)
    if head is None:
        return None
    head = head.rstrip()
    head = head[:-1] if head.endswith("!") else head  # a Rust macro
    m = _LAST_NAME.search(head)
    return m.group(1) if m else None


_LEAD = lazy_re(r"\s*([A-Za-z_$][\w$]*)")  # the name an expression starts with: request(app).get() -> request
_LAST_NAME = lazy_re(r"([A-Za-z_$][\w$]*)\s*(?:<[^<>()]*>)?$")


def prepare(symbols: list[Symbol], early_refs: list[Ref], files: dict[str, dict], root,
            provenance: str, import_edge_paths: set[str] | None = None,
            return_types: list[Ref] = (), flow_refs: list[Ref] = ()) -> tuple[Resolver, list[Edge]]:
    """The graph, every file's import bindings and class bases: all that resolving one call reads, built once.

    ``early_refs`` are the ``import``/``reexport``/``inherits`` references; returns their edges too (the
    ``imports`` edges only of ``import_edge_paths`` when given: an incremental run keeps the others' edges).
    ``return_types``: the declared return type of each function (``type.return`` references), so that a call's
    value has a type (``c.Root().Name()``). ``flow_refs``: what functions return, their parameters that are called,
    decorators and functions passed to calls (``FLOW_KINDS``), for the value flow between functions.
    """
    graph = build_graph(symbols, files, root)
    resolver = Resolver(graph, files, root, provenance)
    by_path: dict[str, list[Ref]] = defaultdict(list)
    for r in early_refs:
        by_path[r.path].append(r)
    edges = resolver.bind_imports(by_path, import_edge_paths)
    # the first declared type of each function (return), field or variable, and the signatures: kept before the
    # bases are resolved, which read a type's type parameters (``: Base<T>`` is the twin taking one)
    for r in return_types:
        resolver.note_declared(r)
    for r in early_refs:  # bases first: self.m() on an inherited method needs them
        if r.kind == "inherits":
            edges.extend(resolver.resolve(r))
    resolver.structural_bases()  # Go's: a type's method set counts what its embedded types promote
    resolver.forget_hierarchy()
    resolver.index_flow(flow_refs)
    return resolver, edges


IMPORT_KINDS = ("import", "reexport")
UNION_KINDS = ("type.return", ITEMS_KIND)  # declared types whose union's members are all kept (return_unions)
# values that type a variable only where they name a repository class
ALIAS_KIND = "type.alias"  # a member a type alias names (Python's ``X = Union[A, B]``: A and B)
CLASS_ITSELF = "class"  # a ``type.alias``'s ``alias``: the alias holds the classes, not instances (``type[A | B]``)
MAYBE_VALUES = (FIXTURE_VALUE, NARROWED_VALUE, PASSED_VALUE, IMPLEMENTED_VALUE)
EARLY_KINDS = IMPORT_KINDS + ("inherits",)
# what a function returns, a field or variable holds (or the call that gave it its value), a type alias stands for,
# a function gives its callbacks
DECLARED_KINDS = ("type.return", "type.field", "type.variable", "type.alias", "signature", "value.returned",
                  "value.held", ITEMS_KIND)
ATTRIBUTE_LAYERS = (Resolver._layer_self, Resolver._layer_self_chain, Resolver._layer_module,
                    Resolver._layer_built, Resolver._layer_class_named)  # a member read: what the code states, never a guess
# refs kinds of a bare name called or passed as a value where a parameter or variable binds it -> edges ref_form
LOCAL_KINDS = {"local_call": "call", "local_callback": "callback", "local_returns": "callback"}
# ref_form of an unresolved call of a parameter or local variable nothing binds (a closure or function value a
# caller gives): a value called, never a repository function of that name missed
VALUE_CALL = "value"
# facts for value flow and declared types, not references themselves
MAX_PASSED_ON = 4  # hops a function-typed parameter is followed along when passed on (bind_parameters)
INDEX_KINDS = {"returns_call", "param_call", "param_passed", "decorated_by", "signature", "value.returned", "value.held"}
FLOW_KINDS = ("returns", "local_returns", "returns_call", "param_call", "param_passed", "decorated_by")
__all__ = ["CALLABLE", "CLASSLIKE", "MODULE", "VALUES", "Edge", "Found", "Ref", "Resolver", "Symbol", "prepare"]


def _slot(alias: str | None) -> str:
    """A passed value's place in its call (``#0``, a keyword), without the call's shape after it."""
    return alias.partition(CALL_SHAPE)[0] if alias else ""
