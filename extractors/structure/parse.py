"""One file in, its facts out: definitions, references and imports, from a tree-sitter query or a regex fallback.

Capture-name convention of ``queries/<language>.scm`` (one per language; no per-language branches here):

- ``@definition.<kind>`` the whole definition node (kind: function, method, class, interface, struct, enum, trait,
  type, module, impl, ...). In the same pattern: ``@name`` its name, optional ``@parent.name`` (a container given
  by name, e.g. a Go method's receiver type; with ``@parent.outer``, the container's own as written before it, the
  two joined by a dot: C++ ``Outer::Inner::m``, which the language's ``settle_definitions`` may reduce to ``Inner``)
  and optional ``@exported`` (present = exported; ``@hidden``: a member its language keeps from other code,
  TypeScript's ``private`` and ``protected``, is not exported with its class). Kind ``impl`` is a
  container only (Rust ``impl T``): it names the parent of what it holds and is not itself a symbol; references
  directly inside it (``impl Trait for T``) belong to ``T``. Kind ``extension`` is a container for a type that is
  never the repository's (Rust ``impl Trait for [u32]``, ``for Box<dyn X>``, a blanket ``impl<T> Trait for T``): it is
  a symbol, one per name and file however many blocks there are (their members and ``inherits`` are its), found by no
  name lookup (it is not a type), so that dispatch reaches its members; a node captured as both is the extension.
  Optional ``@self.name``: the name the definition gives its own object (a Go receiver ``m``): ``m.f()`` inside it is
  read as ``self.f()``. Optional ``@decorator``: the name of
  an annotation/attribute/decorator on it (Java ``@GetMapping``, Rust ``#[test]``); one outside ``PURE_DECORATORS``
  makes it an entry point (a framework registers it); one written ``<...>`` is a mark a language's
  ``settle_definitions`` gives (Ruby's ``<patch>``), wrapping nothing; ``MADE`` (``<made>``) marks a method made at
  run time under a name spelled from a template (Ruby's ``%w[a b].each { |s| define_method("#{s}_x") }``): a
  ``decorated_by`` fact, by which a guess by name takes it only where no written definition answers (JavaScript
  marks so a function under an object literal's key that is no API's: a test's mock, an object handed to a call).
  Optional ``@anonymous``: the definition has no name of its
  own (Java's ``new Base() {...}``); ``@name`` is what it is made from, it is named ``<anonymous Base>`` (``#2``...
  when repeated) and the enclosing definition calls it. Optional ``@test`` (present = test code, with all it holds:
  Rust ``#[cfg(test)] mod tests``) makes it a test in a file that is not one. A node captured by several patterns is
  one definition (exported if any pattern says so, with the decorators of all).
- ``@reference.call``, ``@reference.callback`` (a function passed as a value), ``@reference.inherits``: the whole
  node, with ``@name`` and an optional ``@receiver`` (the object in ``obj.name(...)``).
  A raw reference of kind ``base_of`` (``BASE_OF``, made by a language's ``settle_references``) is an ``inherits``
  reference of the definition its ``alias`` names where written (the innermost enclosing scope's, else the top
  level's), wherever in that scope (``util.inherits(Child, Parent)``, ``mixin(app, proto)``).
- ``@reference.open_members``: a member set under a computed name (JavaScript's ``app[method] = ..``), ``@name``
  the object's name, read as ``base_of``'s is: a ``signature`` at ``OPEN_MEMBERS_PLACE`` of that definition (see
  ``_open_members_placed``); such an object may have any member.
- ``@reference.stored``: a function (``@name``) stored in a field, the ``@receiver`` (``p->cb = f``: ``p.cb``; a
  bare field name: of the value the enclosing definition is, C's ``.read = on_read`` in an initializer), kept as
  the reference's ``alias``; with ``@receiver.place`` in its place (the ``@name`` node itself), the field is named
  by the node's place among its siblings, ``#1`` (``{ on_read, on_write }``: ``on_write`` is the struct's second
  field); with ``@stored.object`` (a method value, Go's ``s.cb = s.handle``) the object whose method is stored,
  kept as the reference's receiver; with ``@receiver.holder`` (a type a literal builds: Go's ``Server{OnError: f}``), the bare field is that
  type's (``Server.OnError``). An edge from the field to the function (see ``resolve.Resolver._stored``); a
  variable the scope binds (``local_stored``) none.
- ``@reference.type``: a type named in the code (``@name``, optional ``@receiver`` for ``pkg.T``); its form
  (parameter, return, field, variable, generic, annotation) comes from where it stands (the language's
  ``TYPE_CONTEXTS``), or is fixed by the capture name (``@reference.type.annotation``). Refs kind ``type.<form>``.
- ``@reference.read``: a bare name read or assigned as a value (Java's ``count``, ``CONSTANT``): a field or constant
  of the enclosing classes or their bases, or an imported one (a ``reads`` edge); dropped where a ``@local.name``
  binds it (the language's ``LOCAL_KINDS`` name the kinds a variable may be: Java's ``m()`` is never one).
- ``@reference.name``: a bare name that is a call unless a ``@local.name`` of the scope binds it, then a variable read
  and dropped (Ruby's ``helper`` beside a local ``x``); the language lists ``name`` in its ``LOCAL_KINDS``.
- ``@reference.attribute``: a member read or written without a call (``request.url.raw_path``), kept only where the
  object's type, ``self`` or a module is known. ``@reference.returns`` / ``@reference.returns_call``: what a function
  returns or yields (a name, or what a call returns); ``@reference.call_result``: ``f()()``; ``@returns.object``: a
  returned object literal, the function's own object where it holds code (``return { get () {...} }``:
  ``OWN_OBJECT``). With ``@reference.callback`` in an argument list the callee and the position or keyword are kept
  (``module`` / ``alias``) where the language sets ``PARAMETER_FLOW``; a called parameter becomes a ``param_call``
  fact, a decorator a ``decorated_by`` fact.
- ``@var.name`` + ``@var.type`` (a declared type) or ``@var.value`` (an assigned value): a parameter, variable or
  field and its type or value (``item: Item``, ``x := &T{}``, ``const s = new Store()``, ``g = f``, ``x = {}``);
  references in its scope carry it as ``bound_to`` (``x.f()`` resolves on ``Item``; ``g()`` calls ``f``; also
  ``this.x.f()`` / ``self.x.f()`` for a field, and along chains ``a.b.c()``). ``@attribute.name``: ``self.x = ...``
  in a method, a field ``x`` of the method's class. ``@var.name`` + ``@var.item``: a value stored in a collection
  (``a = [f, g]``, ``d = {"k": f}``, ``d["k"] = f``), bound to ``a[]``, which ``@reference.item_call`` calls
  (``a[0]()``, ``d["k"]()``); ``@var.callable`` in its place binds calls only, never the collection's element type
  (Go's ``m[k] = f`` on a map of any type). ``@var.name`` + ``@var.each``: a variable holding
  one of the values a collection was given (Go's ``for _, f := range steps``, ``f, ok := handlers[k]``), bound to
  ``ITEM_OF`` + the collection's name: ``f()`` calls what ``@var.item`` stored there. ``@var.name`` + ``@var.spread``: a variadic parameter and the type of each of its
  elements (Go's ``opts ...Option``), bound to ``opts[]``. ``@var.name`` + ``@var.returns``: a variable of a function
  type and the type its calls give (``factory: Callable[..., Shape]``), bound to ``factory()``: ``factory(x).area()``
  and ``s = factory(x); s.area()`` resolve on ``Shape`` (the call itself stays what callers pass); with
  ``@var.returns.place`` (a declared result, Go's ``mk := func() (A, *B)``) bound to ``mk()#1``, the result at
  that place (``a, b := mk()``: b is a B). ``@var.name`` +
  ``@var.called``: a parameter of a class type whose instances are called (``make: ClientFactory``, a protocol):
  ``make()`` is bound to what the class's call operator (the language's ``CALL_OPERATOR``) returns,
  ``ClientFactory~__call__()``. ``@var.name`` + ``@var.instance``: a variable declared of a class type (Kotlin's
  ``builder: QueryBuilder``), bound for calls only to an instance of it, ``QueryBuilder()``: ``builder { .. }`` runs
  the class's call operator (``invoke``), as ``val b = QueryBuilder(); b { .. }`` does.
  ``@var.names`` + ``@var.values``: names assigned by position (``a, *b = f, g, h``). ``@var.name`` + ``@var.result``: a name given the result at its place of a call
  returning several (Go's ``_, b := f()``), bound to ``f()#1``; ``@signature.result``: a declared result's type,
  a ``signature`` at ``#`` + its place (``func f() (int, *Node)``: ``#1`` is ``Node``); with
  ``@signature.result.place`` its place is the node's among its siblings (a tuple type's element: Rust's ``-> (A, B)``).
  ``@var.implicit`` in place of ``@var.name``: a lambda naming no parameter (the captured node), whose implicit one
  (the language's ``IMPLICIT_PARAMETER``: Kotlin's ``it``) the binding names, a variable declared where the lambda
  starts (with ``@scope.callback`` on it, the lambda's own: two lambdas' ``it`` are two variables).
  ``@var.member`` with ``@var.value``: the variable is that member of the value
  (``const { mutate } = useThing()``: ``useThing()~mutate``, bound as ``x = obj.m`` is on a known class; Rust's
  ``match self { Get(cmd) => .. }``: ``cmd`` is ``self``'s member ``Get``, the variant's payload).
  ``@var.member.place``: the member is the captured node's place among its like siblings (``Move(x, y)``: ``y`` is
  member ``1``; of a call, its result at that place: ``let (a, b) = f()``: ``b`` is ``f()#1``); ``@var.place`` in place of ``@var.name`` and ``@name.place`` beside a definition's ``@name``: a
  variable or definition named by its place (a tuple struct's fields ``0``, ``1``; see ``_field_place``).
  ``@var.wrapper`` beside ``@var.type``: the variable holds the value as written, never unwrapped (Rust's ``x:
  Option<Node>``, ``let m = find(k)`` without ``?``): a reference on it carries its value marked ``WRAPPER_HELD``,
  so a wrapper's own method on it is the wrapper's where the type is written one or the call's callee declares one
  (``@signature.wrapped``); the value still types the variable as before.
  ``@var.name`` + ``@var.map_keys``: a loop variable that takes a mapping's keys and nothing else (Go's ``for k, v :=
  range m``: ``k``, an index over a slice), typed where the file declares the mapping (``m map[Level]Color``), unbound
  otherwise (never the elements, as ``@var.keys``' fallback gives). ``@var.record`` + ``@var.type``: a field of a
  record type written in place in a collection's literal (Go's test table ``cases := []struct{ cfg *Config }{..}``),
  bound as ``.cfg``: ``tc.cfg.Run()`` on an element of such a collection of the scope is ``Config``'s (``_record_field``). ``@var.name`` + ``@var.given``: a parameter of a function literal passed to a call, and the called function
  (Go's ``sort.Slice(xs, func(i, j int) bool {..})``), bound for calls only to ``GIVEN_BY`` + that function: what
  it gives the literal is a library's where the function is one. ``@var.name`` + ``@var.copy``: another variable copied (PHP's ``$got = $stats``), bound to what that one holds
  where a scope binds it by then (a closure's typed parameter, a ``new``), to nothing otherwise: its bare name would
  read as a class's or function's (``_copied``). ``@var.name`` + ``@var.default``: a parameter's default value, which binds a call of the parameter only (its
  declared type still types ``x.f()``). ``@reference.raise``: ``raise E``, a call building ``E`` unless ``E`` is a
  variable of the scope (``raise exc``). ``@reference.template``: a member named at run time (``@name`` the
  expression, ``@receiver`` the object: ``getattr(self, f"visit_{kind}")``), which the language's
  ``settle_references`` turns into a pattern (``visit_*``, ``langs.settle_templates``; ``@reference.template_value``:
  a variable assigned one) or drops. ``@reference.protocol.<method>``: a statement that runs ``<method>`` on
  the value captured as ``@name`` (``for x in it``: ``__iter__`` and ``__next__``), resolved only where the value's
  class is known.
- ``@local.name``: a name bound in the enclosing definition or at module level (a parameter, an assigned or loop
  variable). A bare name passed as a value (``@reference.callback`` without a receiver) is then that variable, not a
  function found elsewhere by name; the same for a bare call of it (``fn()`` on a parameter ``fn``). Such references
  become ``local_callback`` / ``local_call``, which only a definition of the same file may answer (a pytest fixture
  passed on by its parameter's name).
- ``@parameter.name``: a parameter of the enclosing definition, bound there like ``@local.name``. In a test file or
  ``conftest.py``, in a test (a function named ``test*``) or a fixture (decorated ``@fixture`` /
  ``@pytest.fixture``), it also names a pytest fixture: a reference of kind ``fixture``. ``@parameter.given`` with
  ``@parameter.of`` (the definition's parameter list): the names written there (``("a", "b")``, ``"a, b"``) are
  parameters a decorator gives values (pytest's parametrize), never fixtures.
- ``@import`` / ``@reexport``: one imported item, with ``@import.module``, ``@import.name``, ``@import.alias``,
  ``@import.wildcard`` as present (``@import.default``: the alias is ``default``, what a CommonJS ``require()``
  returns). A ``@reexport`` without a module re-exports the file's own name (JS ``export {a as b}``, ``export default
  a``, ``module.exports = a``) and marks that top-level definition exported. ``@import.via``: an import whose
  ``@import.module`` is a variable of the file (``const { a } = lib``), raw references of kind ``import.via`` that
  the language's ``settle_references`` makes imports where that variable holds a module (``lib = require("./lib")``)
  and drops otherwise; with ``@import.rename`` (``const f = lib.f``: a variable of its own) kind ``import.rename``.
- ``@doc``: a doc comment whose types the language's ``doc_types`` reads (PHP's ``/** @var Client $c */``), with an
  optional ``@doc.target``: the property or method body it documents (see ``_doc_types``). With ``@doc.owner`` (the
  name of the class it documents), the members the language's ``doc_members`` reads there (PHP's ``@method``,
  ``@property``): definitions of that class marked ``DECLARED`` (see ``_doc_members``).
- ``@jsdoc`` + ``@jsdoc.target``: a JSDoc comment just before a function, whose ``@param`` / ``@returns`` types bind
  its parameters and give its return type (``_jsdoc_types``); ``@jsdoc`` alone: a comment whose ``@typedef
  {import('m').T} T`` imports ``T`` (``_jsdoc_imports``).
- ``@global.name``: a name a function declares ``global``: what the function assigns it is the module's variable.
- ``@package.name``: a package clause (Go, Java); several in one file are nested clauses, joined by ``.`` in file
  order (Scala's ``package a.b`` then ``package c``: ``a.b.c``). ``@entry``: marks the file as a program entry
  (``__main__`` block).
- ``@scope.callback``: an anonymous function passed to a call, a scope of the variables and parameters bound in it
  (``describe("x", () => { const inst = object() })``: ``inst`` is that callback's, not its definition's); the
  references in it still belong to the enclosing definition.
- ``@scope.branch``: a branch of code a type check selects (Kotlin's ``when (x) { is A -> .. }`` entry), a scope of
  names as a callback is: a ``@var.narrowed`` binding is placed where its type is written, so that the check's
  narrowing holds in that branch only (the variable's values from the enclosing scopes beside it), never in the
  scope that declares the variable (the other branches would take it too).
- ``@scope.guarded``: code a type check written before it decides, where blocks are no scopes of names (Python's
  ``if isinstance(x, A): <block>``, the ``else`` after it, the rest of a block after ``if not isinstance(x, A):
  return`` or an ``assert``: ``_checked_spans``), captured by the pattern capturing ``@var.narrowed``: the narrowing
  is placed at its start and holds in it only, as in a ``@scope.branch`` (where the check failed, the variable's
  values there lose the class: ``EXCEPT``); the other names bound in it belong to the enclosing scope (``made =
  Pot()`` there is read after the ``if``).
- ``@scope.after``: a statement after which a type check holds to the end of the block around it (Kotlin's ``if (x
  !is A) return``, ``require(x is A)``), captured by the pattern capturing ``@var.narrowed``: the narrowing is placed
  at the statement's end and holds from there to its parent's end, a scope as a ``@scope.guarded`` block is (the code
  before the check never sees it).
- ``@scope.binder``: a pattern whose names hold only in the code its construct introduces, not where the construct
  stands nor in the value the pattern is matched against (Rust's ``if let Some(x) = x.f() { .. } else { .. }``: ``x``
  of the pattern holds in the first block only), with ``@scope.binds`` (that code: a scope of names as a callback is)
  or ``@scope.binds.after`` (a statement after which they hold, to the end of the block around it: ``let x = ..;``).
  Every binding captured in the pattern is placed at that code's start (``_rebound``).
- ``@opaque``: a node whose text is no code (a Rust ``macro_rules!`` body, an attribute's arguments): references
  inside it are dropped, but those whose receiver starts with one of the language's ``OPAQUE_RECEIVERS`` (``$crate``)
  and calls, which become ``mention`` references: never resolved (an unresolved edge, ref_form ``mention``), they
  say the name is written there (a helper a local macro calls is then not dead at high confidence). A reference
  also captured ``@in_attribute`` is placed at its pattern's node, outside the attribute's arguments, and kept: a
  function an attribute names for the code its macro writes (``#[serde(serialize_with = "as_number")]``).
  ``@reference.ignore``: a name that is no reference (a macro's name inside another's arguments): any other
  pattern's reference at that name is dropped. A ``@receiver`` captured on several nodes is the text from the first
  to the last (the tokens before a name in a macro's arguments: ``self.inner.write_str(s)``).
- ``@text.calls``: code the grammar keeps as text (a C macro's body): each ``name(`` in it is a ``call`` reference
  from the enclosing definition, resolved as any call (a ``static`` helper only a macro calls is not unused).
  ``@text.names`` on the same text: each bare name in it that is no call, no member (``.x``, ``->x``, ``::x``), no
  token pasted (``##``) or stringified (``#x``) and outside string and character literals, is a ``callback``
  reference (a function a macro hands on, ``#define fopen_read vms_fopen``, a type a macro names): kept only where
  it resolves, as a name passed in code is. The names of the macro's ``@text.parameters`` are neither, nor those
  the text declares (``uv_##name##_t* handle)``: a function's the macro writes). With
  ``@text.macro`` (the macro's name), a name its body calls pasted from its parameters (``fs__##lc(req)``) is
  called, so made, where the file uses the macro (``XX(RMDIR, rmdir)``: ``fs__rmdir``; ``ParseRules.macro_uses``).
  ``@text.forwarder``: the name of a function that calls the method its first argument names (Ruby's ``def
  action(*args) runner.send(*args) end``): each use of it in the file (``macro_uses``) calls the name given there,
  on the receiver the body sends it to (``@text.via``, read at the use).
- ``@signature.type``: the declared type of a parameter of a function type that types a parameter of the enclosing
  function (``fn: (ctx: Ctx) => void``, ``fn: Callable[[Ctx], None]``), with ``@signature.outer`` (that parameter,
  whose place is its position) and ``@signature.slot`` (the inner parameter, whose place is its position; default:
  the type itself); without ``@signature.outer``, of a function type a type alias stands for (``type H = (e: E) =>
  R``). ``@signature.named`` + ``@signature.outer``: a parameter typed by a name (``fn: H``), which may be such an
  alias. ``@signature.argument`` + ``@signature.outer``: a type argument of that name (``c: ThrowingConsumer<Order>``,
  at ``i<j``, its place among the arguments as ``@signature.slot`` or itself); ``@signature.parameter``: a type
  parameter a generic type declares (``interface ThrowingConsumer<T>``, at ``<j``, ``@signature.slot`` its place):
  where the type's single method declares ``T``, a function given for parameter ``i`` takes the argument written
  there; ``@signature.base``: a type argument a class's base class writes (``class V : Validator<Order>``, at ``>j``,
  ``@signature.slot`` its place); ``@signature.async``: the function is asynchronous (JavaScript's ``async
  function``: a call of it gives a promise, at ``ASYNC_PLACE``); ``@signature.wrapped``: the type a function
  declares it returns, or a field is declared, is a wrapper whose own methods its value answers (Rust's
  ``Option<Node>``: ``is_some()``, ``as_ref()`` are the Option's, never Node's; at ``WRAPPED_PLACE``, the wrapper
  named). A ``signature`` reference: read, never an edge (``alias``: ``i:j``, ``:j``, ``i``, ``i<j``, ``<j``, ``>j``,
  ``async`` or ``wrapped``).
- ``@passed.name``: an untyped parameter of a function written as an argument (``describe(t => ...)``), with
  ``@passed.fn`` (the function, whose place among the arguments is its position), ``@passed.callee`` (the called
  function as written; left out, the language's ``passed_argument`` finds it from the literal, and the argument
  holding it: a pattern rooted at the literal, not at every call, costs the matching less) and ``@passed.slot``
  (the parameter's node, whose place is its position; default: the name): it takes the type the called function
  declares for that parameter of what it is passed (``PASSED_VALUE``).
  ``@passed.implicit`` in place of ``@passed.name``: a lambda naming no parameter, whose implicit one (Kotlin's
  ``it``) takes place 0; a trailing function (``_TRAILING_FUNCTIONS``) is given to the last parameter.
  ``@passed.receiver`` in place of ``@passed.name``: the lambda itself, whose receiver (its ``this``) takes what the
  called function's ``@signature.receiver`` declares (the receiver type of a function type: ``block: Buffer.() ->
  Unit``, place ``i:this``); a bare call in that lambda, or a call on ``this``, is then first a member of that
  receiver (a ``scoped_call`` on ``this@<callee>``), the innermost such lambda's; but for a call's name captured
  ``@gives.receiver``, given that object itself (``buildCodeString { emit(this) }``): rarely the object's own member,
  the enclosing class's (Kotlin tells them apart by the argument's type, which a name does not say).
  ``@var.name`` + ``@var.implements``: a parameter of a function written where the code states the type it implements
  (Java's ``Reader stored = b -> ..``, ``return b -> ..`` from a method returning a Reader, ``(Reader) b -> ..``): it
  takes what that type's single method declares for its parameter of the same position (``IMPLEMENTED_VALUE``).
  With ``@passed.member`` the name is a property taken apart from that parameter (``test("x", ({ page }) => ..)``):
  its place is ``i:j.name``, which only a library's callee types (its objects are the library's).
  With ``@passed.key`` the function is a method (or a property's value) of an object literal passed there
  (``testDriver({ additionalTests(ctx) {..} })``, ``@passed.fn`` the object): its place is ``i%key:j``, parameter
  ``j`` of what the member ``key`` of the type the callee declares for parameter ``i`` takes (``OBJECT_KEY``).
"""

from __future__ import annotations

import os
import re
import sys
from bisect import bisect_right
from dataclasses import dataclass, field, fields
from functools import lru_cache, partial
from operator import itemgetter
from pathlib import Path
from typing import Callable, NamedTuple

from pipeline.safeio import read_inside

from . import budget, topnodes
from .discover import MAX_BYTES, is_test_path, sha_of, skip_reason
from .langs import MIXIN, DocMember, ParseRules, has_kind, of_kind, parse_rules, split_outside
from .langs.arity import Params, arguments_of, is_receiver, params_of
from .languages import Language, compiled_fallback, sniffed
from .lazyre import lazy_re
from .markup import scripts_only
from .marks import (  # parse's marks and its facts' records, re-exported: see marks.py
    OPEN_MEMBERS_PLACE, LAST_PLACE, RECEIVER_LABEL, OVERLOAD_OPEN, OVERLOAD_CLOSE, ARITY_RANGE, CALL_SHAPE,
    PASSED_VALUE, ASYNC_PLACE, ASYNC_RESULT, WRAPPED_PLACE, OBJECT_KEY, IMPLEMENTED_VALUE, GIVEN_BY, WRAPPER_HELD,
    NARROWED_VALUE, EXCEPT, ONLY, SIGNATURE_ONLY, MADE, SINGLETON, EXPOSED, DECORATOR_FACTORY, TYPE_ARGUMENT_MARK,
    BASE_ARGUMENT_MARK, RECEIVER_ARGUMENT_GIVEN, TYPE_PARAMETER_DECLARED, TYPE_ARGUMENTS_WRITTEN,
    TYPE_PARAMETER_INFERRED, RESULT_MARK, ELEMENTS_OF, TUPLE_OF, ITEMS, KEYS, ENTERED, DELEGATE_GIVES, ITEMS_KIND,
    MAPPED, _TYPING, ANY_TYPES, COLLECTION, OWN_OBJECT, ELEMENT_ACCESSORS, ASSIGNED_PLACE, DECLARED_PLACE,
    MIXIN_PLACE, FIXTURE_VALUE, BARE_CALL_ONLY, OWN_CODE, RETURNED, Definition, FileFacts, Reference, bound_values,
    packed_records, queries_digest, skipped_item, unpacked_records)
from .qualnames import untwinned

CONTAINER_KINDS = {"class", "interface", "struct", "trait", "impl", "extension", "enum", "module", "object"}


class RawDef(NamedTuple):
    """One definition capture, before nesting gives it a qualified name."""

    start: int
    end: int
    kind: str
    name: str
    line_start: int
    line_end: int
    parent_name: str | None
    exported: bool
    decorators: tuple
    self_name: str | None
    anonymous: bool = False  # named after what it is made from (``<anonymous Base>``), built where it is written
    test: bool = False
    qualifier: str | None = None  # the path written before the name (``io`` in Rust's ``impl X for io::Error``)
    params: Params | None = None  # how many arguments a function accepts (``ARITY``)
    body_start: int = 0  # where its body starts, where the language evaluates its signature outside (0: not read)
    hidden: bool = False  # ``@hidden``: kept from other code (``private``), so not exported with its class
    factories: tuple = ()  # the decorators written as calls (``@wrap(Converter)``): the call makes the decorator


class RawRef(NamedTuple):
    """One reference capture, before its enclosing definition is known. ``kind`` also names the binding captures
    (var, local, parameter) that only shape how references read."""

    start: int
    kind: str
    name: str | None
    receiver: str | None
    module: str | None
    alias: str | None
    line: int
    name_start: int | None  # the name node's first byte: one reference per name when several patterns match it
    args: int | None = None  # how many arguments a call passes (``ARITY``)
    labels: str | None = None  # the argument labels a call writes (``ParseRules.argument_labels``)


class Span(NamedTuple):
    """A definition's byte range, for attributing references to the innermost one."""

    start: int
    end: int
    qualname: str
    self_name: str | None
    kind: str
    takes_parameter_refs: bool
    body_start: int = 0  # before it: the signature, which sees the enclosing scope's names only (``RawDef``)


_QUERIES: dict[str, object] = {}
_PARSERS: dict[str, object] = {}
_PATTERN_ROLES: dict[str, list] = {}
_COMPILED: dict[tuple[str, str], tuple] = {}  # (grammar, query text without comments) -> (query, its pattern roles)


INHERITS = lazy_re(r"^; inherits: *([a-z_]+) *$", re.M)


@lru_cache(maxsize=None)
def query_text(language: str) -> str | None:
    """A language's query file; a line ``; inherits: <language>`` prepends that language's whole query (a superset
    grammar such as TSX over TypeScript then only adds what is its own)."""
    # the package's folder, as ``marks.queries_digest`` reads it: ``importlib.resources`` would import zipfile,
    # tempfile, shutil, lzma and bz2 into the parse-ahead child (~15 M instructions of its critical path)
    entry = Path(__file__).with_name("queries") / f"{language}.scm"
    if not entry.is_file():
        return None
    text = entry.read_text(encoding="utf-8")  # as ``Traversable.read_text`` read it
    parents = [query_text(name) or "" for name in INHERITS.findall(text)]
    return "\n".join(parents + [text])


def _parser_and_query(lang: Language, data: bytes | None = None):
    """The language's parser and query: the whole query, or the narrowed one ``narrow_queries`` compiled when
    ``data`` (the file about to be read) holds none of its left-out patterns' tokens."""
    narrowed = _NARROWED.get(lang.name)
    if narrowed is not None and (data is None or not narrowed.covers(data)):
        widen_query(lang.name)
    if lang.name not in _PARSERS:
        from .languages import get_parser  # the grammar's binding alone, not the pack's three

        text = query_text(lang.name)
        _PARSERS[lang.name] = get_parser(lang.grammar)
        if text:
            # Vue and Svelte read their scripts with TypeScript's grammar and whole query (their files add comments
            # only): one compile, ~0.6 s, serves the three (TSX's grammar is another: its query cannot be shared)
            _QUERIES[lang.name], _PATTERN_ROLES[lang.name] = _compiled(lang.grammar, _query_body(text), text)
        else:
            _QUERIES[lang.name], _PATTERN_ROLES[lang.name] = None, []
    return _PARSERS[lang.name], _QUERIES[lang.name]


class QueryPattern(NamedTuple):
    """One top-level pattern of a language's query: its text as written and the tokens it needs (``; needs:``), each
    a tuple of alternatives one of which must occur in a file for the pattern to be able to match there."""

    text: str
    needs: tuple[tuple[bytes, ...], ...] = ()


NEEDS = lazy_re(r"^\s*; needs( from here)?: *(\S.*?) *$")
NEEDS_END = lazy_re(r"^\s*; needs end *$")


@lru_cache(maxsize=None)
def query_patterns(language: str) -> tuple[QueryPattern, ...]:
    """A language's query (``query_text``) as its top-level patterns in order, each with the tokens its ``; needs:``
    comment lines say: ``; needs: lambda`` marks the next pattern, ``; needs from here: @`` every pattern up to a
    line ``; needs end``; ``a b|c`` is a and (b or c). Data in the query files, read by ``narrow_queries``: a token
    is one a file must hold for the pattern to match where the tree has no error (a keyword of its nodes, a name its
    predicates compare; ``narrow_queries``' caller parses a file with errors again with the whole query, unless
    the narrowing read its tree and held its missing tokens: ``_missing_tokens``)."""
    text = query_text(language) or ""
    lines, patterns, marked, block = text.splitlines(keepends=True), [], (), ()
    ranges = iter(_pattern_spans(text))
    span = next(ranges, None)
    offset = 0
    for line in lines:
        found, ended = NEEDS.match(line), NEEDS_END.match(line)
        if found and found.group(1):
            if block:
                raise ValueError(f"{language}.scm: a `; needs from here` block inside another")
            block = _needs(found.group(2))
        elif found:
            marked += _needs(found.group(2))
        elif ended:
            block = ()
        while span is not None and span[0] < offset + len(line):
            patterns.append(QueryPattern(text[span[0]:span[1]], block + marked))
            marked, span = (), next(ranges, None)
        offset += len(line)
    if marked or block:
        raise ValueError(f"{language}.scm: a `; needs` marker with no pattern after it, or a block never ended")
    return tuple(patterns)


def _needs(words: str) -> tuple[tuple[bytes, ...], ...]:
    """``a b|c`` -> ((a,), (b, c)); a word that is only ``|`` is that token (a union's operator)."""
    return tuple((word.encode(),) if word == "|" else tuple(token.encode() for token in word.split("|"))
                 for word in words.split())


def _pattern_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) offsets of a query text's top-level patterns: a parenthesised or bracketed one or a string,
    with the quantifiers and captures after it; comments and strings read as tree-sitter reads them."""
    spans, depth, start, i, n = [], 0, 0, 0, len(text)
    while i < n:
        c = text[i]
        if c == ";":
            i = text.find("\n", i)
            i = n if i < 0 else i
            continue
        if c == '"':
            end = _string_end(text, i)
            if depth == 0:
                spans.append((i, _suffix_end(text, end)))
                i = spans[-1][1]
            else:
                i = end
            continue
        if c in "([":
            start = i if depth == 0 else start
            depth += 1
        elif c in ")]":
            depth -= 1
            if depth == 0:
                spans.append((start, _suffix_end(text, i + 1)))
                i = spans[-1][1]
                continue
        i += 1
    return spans


def _string_end(text: str, i: int) -> int:
    """The offset after the string opening at ``i`` (backslash escapes skipped)."""
    i += 1
    while text[i] != '"':
        i += 2 if text[i] == "\\" else 1
    return i + 1


_SUFFIX = lazy_re(r"(?:\s*(?:[*+?]|@[\w.-]+))*")


def _suffix_end(text: str, i: int) -> int:
    """Past a top-level pattern's quantifier and captures, which may follow on later lines."""
    return _SUFFIX.match(text, i).end()


# a query's tokens as ``_pattern_kinds`` reads them: a string, a comment, a capture, a predicate's or a node's
# opening (with its kind, a supertype's ``a/b`` whole), a bracket, a quantifier, any other word (a field, an anchor)
_QUERY_TOKEN = lazy_re(r'"(?:\\.|[^"\\])*"|;[^\n]*|@[\w.-]+|\(\s*#[^\s()]*|\(\s*[A-Za-z_][\w.-]*(?:/[\w.-]+)?'
                       r'|[()\[\]?*+]|[^\s()\[\]"@;?*+]+')
_ANY_KIND = frozenset({"_", "ERROR", "MISSING"})


class _Node(NamedTuple):
    """A parenthesised or bracketed part of a pattern as ``_pattern_kinds`` reads it."""

    kind: str | None  # a named node's kind; None: a group, an alternation, a predicate, a wildcard, a supertype's
    parent: int | None  # the enclosing part's index
    optional: bool  # it may match nothing: quantified ``?`` or ``*``, an alternation, a predicate


@lru_cache(maxsize=None)
def _pattern_kinds(text: str) -> frozenset[str]:
    """The named node kinds every match of a query pattern holds: those outside any alternation and any ``?`` or
    ``*`` quantified part (a ``+`` one matches at least once). A supertype's name is among them (the caller leaves
    those out: a tree never holds one); an anonymous node's string is not (``; needs:`` words stand for those)."""
    parts = _pattern_parts(text)
    return frozenset(part.kind for part in parts if part.kind and not _may_be_absent(parts, part))


@lru_cache(maxsize=None)
def _pattern_pairs(text: str) -> frozenset[tuple[str, str]]:
    """The (parent, child) named node kinds every match of a query pattern holds: a named node written directly
    inside another (``(call (lambda))``: a lambda that is a call's child), neither in an optional part; not one
    inside a group, an alternation or a wildcard (a supertype's pair the caller leaves out, as its kind)."""
    parts = _pattern_parts(text)
    return frozenset((parts[part.parent].kind, part.kind) for part in parts
                     if part.kind and part.parent is not None and parts[part.parent].kind
                     and not _may_be_absent(parts, part))


@lru_cache(maxsize=None)
def _pattern_parts(text: str) -> tuple[_Node, ...]:
    """A query pattern's parenthesised and bracketed parts, in order, each with its enclosing part."""
    parts: list[_Node] = []
    stack: list[int] = []
    closed = None  # the part a quantifier right after it applies to
    for token in _QUERY_TOKEN.findall(text):
        first = token[0]
        if first in "@;+":
            continue
        if first in "?*":
            if closed is not None:
                parts[closed] = parts[closed]._replace(optional=True)
            continue
        closed = None
        if first in "([":
            name = token[1:].strip()
            kind = name if first == "(" and name and name[0] != "#" and "/" not in name else None
            kind = None if kind in _ANY_KIND else kind
            parts.append(_Node(kind, stack[-1] if stack else None, first == "[" or name[:1] == "#"))
            stack.append(len(parts) - 1)
        elif first in ")]":
            closed = stack.pop()
    return tuple(parts)


def _may_be_absent(parts: tuple[_Node, ...], part: _Node) -> bool:
    while True:
        if part.optional:
            return True
        if part.parent is None:
            return False
        part = parts[part.parent]


class Narrowed(NamedTuple):
    """A language's query compiled without the patterns the files it was compiled for cannot match: ``left_out``,
    their needs; a file holding every need of one of them takes the whole query. ``only``: the one file whose tree's
    node kinds narrowed it as well (``_kinds_kept``): no other text is covered."""

    left_out: tuple[tuple[tuple[bytes, ...], ...], ...]
    only: bytes | None = None
    read_ahead: bool = False  # narrowed by the file's tree, read ahead with its errors: its facts need no wider query

    def covers(self, data: bytes) -> bool:
        if self.only is not None:
            return data == self.only
        held = _held(data, self.left_out)
        return not any(_met(needs, held) for needs in self.left_out)


def _held(data: bytes, needs: tuple) -> frozenset[bytes]:
    """The tokens of ``needs`` (a tuple of patterns' needs) that ``data`` holds: each looked for once."""
    tokens = {token for need in needs for alternatives in need for token in alternatives}
    return frozenset(token for token in tokens if _token_in(token)(data))


def _met(needs: tuple[tuple[bytes, ...], ...], held: frozenset[bytes]) -> bool:
    return all(not held.isdisjoint(alternatives) for alternatives in needs)


def _has_needs(data: bytes, needs: tuple[tuple[bytes, ...], ...]) -> bool:
    return _met(needs, _held(data, (needs,)))


@lru_cache(maxsize=None)
def _token_in(token: bytes) -> Callable[[bytes], bool]:
    """Whether a file holds ``token``: a word (a keyword, a name a predicate compares) as a whole word, which is how
    the grammars' lexers (each with a ``word`` rule) read one; punctuation anywhere. Inside a string or a comment
    too: such a token keeps its patterns, never drops one."""
    if token[0] not in _WORD_BYTES or token[-1] not in _WORD_BYTES:
        return lambda data: token in data
    return partial(_word_in, token)


_WORD_BYTES = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")


def _word_in(token: bytes, data: bytes) -> bool:
    """``token`` in ``data`` with no ASCII word character either side (a non-ASCII byte beside it counts as a
    boundary: more files keep a pattern). ``find`` scans in C; a regex search cost ~10x more on a 150 KB file."""
    at, end = data.find(token), len(data)
    while at >= 0:
        after = at + len(token)
        if (not at or data[at - 1] not in _WORD_BYTES) and (after == end or data[after] not in _WORD_BYTES):
            return True
        at = data.find(token, at + 1)
    return False


_NARROWED: dict[str, Narrowed] = {}


def narrow_queries(root: Path, items: list) -> None:
    """For a few files' parse (a one-shot update's parse-ahead child): each language's query compiled with only the
    patterns some file holds the needs of (``query_patterns``), in their order: tree-sitter's compile cost is a sum
    over the patterns, and what a file cannot match gives it no facts. A language compiled already is left as it
    is; ``_parser_and_query`` compiles the whole query for a file the narrowed one does not cover. A full index
    keeps the whole query (compiled once for many files)."""
    files: dict[str, tuple[Language, list[bytes]]] = {}
    for path, lang, *_ in items:
        if lang.grammar and lang.name not in _PARSERS and query_text(lang.name):
            try:
                data = _read(root, path, (root / path).lstat().st_size)
            except OSError:  # the parse says what is wrong with it, and the file gives no facts
                data = b""
            files.setdefault(lang.name, (lang, []))[1].append(data)
    for lang, datas in files.values():
        alone = [item for item in items if item[1].name == lang.name]
        _compile_narrowed(lang, datas, (root, alone[0]) if len(alone) == 1 else None)


def widen_for_errors(language: str) -> bool:
    """The whole query for ``language`` from now on, for a file whose tree has an error read with a query narrowed
    by its text alone (a missing token may stand for a keyword the text lacks); False where the narrowing read the
    file's tree, its missing tokens held (``_probed``), or nothing was narrowed: its facts are the whole query's."""
    narrowed = _NARROWED.get(language)
    return narrowed is not None and not narrowed.read_ahead and widen_query(language)


def widen_query(language: str) -> bool:
    """The whole query for ``language`` from now on; False when it was not narrowed."""
    _drop_helper(language)
    if _NARROWED.pop(language, None) is None:
        return False
    del _PARSERS[language]
    return True


def _compile_narrowed(lang: Language, datas: list[bytes], alone: tuple | None = None) -> None:
    """``alone``: (root, the plan's item) when one file of the language is parsed: where its kept patterns' compile
    is worth a helper (``_worth_a_helper``), those that only bind names (``_helped``) are compiled and collected by
    a helper process meanwhile (``_start_helper``)."""
    from .languages import get_parser  # the grammar's binding alone, not the pack's three

    patterns = query_patterns(lang.name)
    needs = tuple(p.needs for p in patterns)
    held = [_held(data, needs) for data in datas]
    kept = [not p.needs or any(_met(p.needs, tokens) for tokens in held) for p in patterns]
    parser = get_parser(lang.grammar)
    only = _probed(parser, lang, datas[0]) if len(datas) == 1 and any(kept) else None
    if only is not None and only.missing:  # tokens the tree holds though the text lacks them: needs they meet hold
        with_missing = held[0] | only.missing
        kept = [not p.needs or _met(p.needs, with_missing) for p in patterns]
    if only is not None and only.held is not None:
        kept = _kinds_kept(parser.language, patterns, kept, only.held)
    split = alone is not None and hasattr(os, "fork") and _worth_a_helper(lang.grammar, sum(kept))
    if all(kept) and not split or not any(kept):
        return  # the whole query, compiled as any run's (``_read_tree`` still takes the probed tree)
    text = "\n".join(p.text for p, keep in zip(patterns, kept) if keep)
    _PARSERS[lang.name] = parser
    own = text
    if split:
        helped = [_helped(p.text) for p, keep in zip(patterns, kept) if keep]
        if any(helped) and not all(helped):
            chosen = [p for p, keep in zip(patterns, kept) if keep]
            theirs = "\n".join(p.text for p, h in zip(chosen, helped) if h)
            own = "\n".join(p.text for p, h in zip(chosen, helped) if not h)
            _start_helper(alone[0], alone[1], lang, theirs, text)
    _QUERIES[lang.name], _PATTERN_ROLES[lang.name] = _compiled(lang.grammar, own, own)
    _NARROWED[lang.name] = Narrowed(tuple(p.needs for p, keep in zip(patterns, kept) if not keep),
                                    only.data if only is not None else None, only is not None)


# The one file of a language a parse-ahead child parses (an update's usual case) is read before its query compiles:
# a pattern naming a node kind its tree lacks cannot match there, so it is left out as one lacking its tokens is (a
# 9.5 KB sympy test: 92 -> 65 of Python's patterns). Where the tree has an error its missing nodes stand for tokens
# the text may lack: they count as held (``_missing_tokens``), and the file is read once (an agent's half-written
# edit: hono's 90 KB ``src/types.ts`` was read twice, the second time with the whole query). The walk is
# Python (~0.3 us a node) and what it saves is compile, whose cost a pattern grows with the grammar's parse states
# (tree-sitter's analysis walks them): probed up to ``PROBED_NODES`` nodes a parse state. Sympy's hub
# ``core/numbers.py`` (26K nodes, Python's 2,788 states) would leave out 11 of 130 patterns for more walk than
# compile (its child's side 1.716 -> 1.760 G); hono's ``src/types.ts`` (31K, TypeScript's 5,870) 139 of 210.
PROBED_NODES = 6


class TreeKinds(NamedTuple):
    """The named node kinds a tree holds, and its (parent, child) pairs of named kinds."""

    kinds: frozenset[str]
    pairs: frozenset[tuple[str, str]]


class Probed(NamedTuple):
    """A file's tree read before its query compiled: ``_read_tree`` takes it for the same text and grammar."""

    grammar: str
    data: bytes
    tree: object
    read: bytes  # the text the tree was read from: ``data``, or ``data`` repaired (``_repaired_tree``)
    held: TreeKinds | None  # its named node kinds and their pairs; None: not collected (``_probed``)
    missing: frozenset[bytes] = frozenset()  # the tokens of its MISSING nodes (a tree with an error)


_PROBED: list[Probed] = []


def _probed(parser, lang: Language, data: bytes) -> Probed | None:
    """``data``'s tree (the language's repairs applied, as ``_read_tree`` reads it), with its named node kinds
    unless it is large, and its missing tokens; None where it is not read ahead: a component's text (its scripts
    are read, not the file) or one that is not UTF-8 (read as Latin-1)."""
    if lang.markup or not data.isascii() and _utf8_error(data) is not None:
        return None
    read_already = _PROBED[0] if _PROBED and _PROBED[0].grammar == lang.grammar and _PROBED[0].data == data else None
    tree, read = (read_already.tree, read_already.read) if read_already is not None else \
        _repaired_tree(parser, data, parse_rules(lang.name), until_error=True)  # (``topnodes`` read it, refused it)
    root = tree.root_node
    small = root.descendant_count <= PROBED_NODES * parser.language.parse_state_count
    _PROBED[:] = [Probed(lang.grammar, data, tree, read, _node_kinds(tree, parser.language) if small else None,
                         _missing_tokens(root) if root.has_error else frozenset())]
    return _PROBED[0]


def _missing_tokens(root) -> frozenset[bytes]:
    """The kinds of the MISSING nodes under ``root`` (a token's text: ``;``, ``)``, a keyword), as ``; needs:``
    tokens: the grammar's error recovery inserts one where the text lacks it, and a pattern may match it there.
    Only the subtrees holding an error are walked. An ERROR node holds the text's own tokens: its kinds and
    pairs are the tree's, which the cursor's walk reads as any other (``_node_kinds``)."""
    found, stack = set(), [root]
    while stack:
        node = stack.pop()
        if node.is_missing:
            found.add(node.type.encode())
        if node.has_error:
            stack.extend(node.children)
    return frozenset(found)


def _utf8_error(data: bytes) -> int | None:
    """The offset of the first byte that is not UTF-8; None where the whole text is."""
    try:
        data.decode("utf-8")
        return None
    except UnicodeDecodeError as exc:
        return exc.start


def _node_kinds(tree, language) -> TreeKinds:
    """The kinds of ``tree``'s named nodes and their (parent, child) pairs: one walk of its cursor (~0.3 us a
    node), the kinds' ids collected. A cursor visits the nodes a query matches: a hidden rule's children are its
    parent's, as a query's ``(a (b))`` reads them."""
    return _named_kinds(kind_pairs(tree.walk(), -1, set()), language)  # -1: the root's parent


def kind_pairs(cursor, parent_kind: int, pairs: set) -> set:
    """``pairs`` with the (parent, child) kind ids of the subtree under ``cursor`` (a cursor made at a node stays
    under it), its top node's parent being ``parent_kind``."""
    above = [parent_kind]
    while True:
        kind = cursor.node.kind_id
        pairs.add((above[-1], kind))
        if cursor.goto_first_child():
            above.append(kind)
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return pairs
            above.pop()


def _named_kinds(pairs: set[tuple[int, int]], language) -> TreeKinds:
    named = {i: language.node_kind_for_id(i) for i in {kind for _, kind in pairs} if language.node_kind_is_named(i)}
    return TreeKinds(frozenset(named.values()),
                     frozenset((named[a], named[b]) for a, b in pairs if a in named and b in named))


def _kinds_kept(language, patterns: tuple, kept: list[bool], held: TreeKinds) -> list[bool]:
    """``kept`` less the patterns needing a named node kind, or a named kind directly inside another, the tree
    lacks (``held``); a supertype is never in a tree: it rules nothing out, nor does a pair holding one.
    ``language``: the grammar's tree-sitter ``Language``."""
    supertypes = {language.node_kind_for_id(i) for i in language.supertypes}
    present = held.kinds | supertypes
    return [keep and _pattern_kinds(p.text) <= present
            and all(pair in held.pairs or not supertypes.isdisjoint(pair) for pair in _pattern_pairs(p.text))
            for p, keep in zip(patterns, kept)]


def _probed_tree(grammar: str | None, data: bytes) -> tuple | None:
    """(tree, the text it was read from) ``_probed`` read of ``data`` with ``grammar``'s parser, taken once."""
    if _PROBED and _PROBED[0].grammar == grammar and _PROBED[0].data == data:
        probed = _PROBED.pop()  # the caller's own text where no repair rewrote it (``data is not written`` tests so)
        return probed.tree, data if probed.read is probed.data else probed.read
    return None


# The parse-ahead child's one file of a language: its narrowed query's compile (~98 % tree-sitter's analysis of the
# patterns, a sum over them) split with a helper process, forked as the child compiles. The helper compiles the
# patterns whose captures only bind names or define (``HELPED_ROLES``: the Captures' definitions and bindings), parses
# the file as the child does and hands back its ``_collect``ed Captures; the child compiles and collects the rest
# (references, imports, the file's own marks), then joins the two (``_joined``). A list of Captures is filled in the
# cursor's match order; each list filled by one side only keeps that order (tree-sitter matches each pattern alone:
# a pattern's matches do not depend on the others, which ``narrow_queries`` relies on already), so the join equals one
# compile's collection. A list both sides filled, or a helper that gave nothing, takes the one compile instead.
# The smallest compile split (its kept patterns' expected CPU, ``languages.PATTERN_COMPILE_MS`` a pattern): below it
# the main process's own work is an update's critical path, and a third process on two cores cost it (a 9.5 KB sympy
# test, 65 patterns, ~35 ms: 0.24 -> 0.255 s; the 137 KB `core/numbers.py`, 119, ~64 ms: 0.38 -> 0.355 s, 2026-12-07,
# quiet). By the compile, not the file's bytes: a TypeScript pattern costs 3.6 Python ones (hono's 16 KB
# `hono-base.ts` compiled 153 patterns, ~0.3 s, in its child alone under the 16 KB threshold this replaced).
HELPED_COMPILE_MS = 60.0
HELPED_ROLES = frozenset({"def", "var", "var.names", "var.pairs", "local.name", "parameter.name", "attribute.name",
                          "global.name", "passed.name", "parameter.given"})
_QUOTED_OR_COMMENT = lazy_re(r'"(?:\\.|[^"\\])*"|;[^\n]*')
_CAPTURE = lazy_re(r"@([\w.-]+)")


def _worth_a_helper(grammar: str, patterns: int) -> bool:
    """Whether compiling ``patterns`` of ``grammar``'s query is expected to cost ``HELPED_COMPILE_MS`` or more."""
    from .languages import PATTERN_COMPILE_MS, PATTERN_COMPILE_MS_ELSE

    return patterns * PATTERN_COMPILE_MS.get(grammar, PATTERN_COMPILE_MS_ELSE) >= HELPED_COMPILE_MS


def _helped(text: str) -> bool:
    """Whether a pattern's captures (in its text outside strings and comments) all have roles a helper collects:
    none writes a reference or marks the file (``@entry``, ``@package.name``)."""
    keys = tuple(dict.fromkeys(_CAPTURE.findall(_QUOTED_OR_COMMENT.sub("", text))))
    roles = _roles(keys)
    return bool(roles) and all(role.role in HELPED_ROLES for role in roles)


class Helper(NamedTuple):
    """A helper process collecting ``path``'s captures of the patterns ``theirs`` holds; ``whole``: the narrowed
    query's text in order, compiled when the join cannot be made."""

    pid: int
    fd: int
    path: str
    grammar: str
    whole: str


_HELPERS: dict[str, Helper] = {}  # in the parse-ahead child: by language
_SHIP: list[int] = []  # in a helper: the pipe its file's Captures go to (``_settled_captures``)


def _start_helper(root: Path, item: tuple, lang: Language, theirs: str, whole: str) -> None:
    _drop_helper(lang.name)  # one a language: a file narrowed for again (tests) drops the helper of the last
    read_end, write_end = os.pipe()
    child = os.getpid()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the helper; its coverage is the child's join
        try:
            # killed with the child: a file over its budget (the child killed) must not go on in the helper, nor
            # hold the child's pipe to the main process open (its end of file is how a crash is seen)
            budget.die_with_parent()
            if os.getppid() != child:
                os._exit(0)
            budget.close_inherited(write_end)
            _QUERIES[lang.name], _PATTERN_ROLES[lang.name] = _compiled(lang.grammar, theirs, theirs)
            _SHIP.append(write_end)
            parse_file(root, *item)  # ships its Captures and exits in ``_settled_captures``
        finally:
            os._exit(0)
    os.close(write_end)
    _HELPERS[lang.name] = Helper(pid, read_end, item[0], lang.grammar, whole)


def _helper_of(facts: FileFacts) -> Helper | None:
    """The helper collecting this file's other captures, taken; one of another file is stopped."""
    helper = _HELPERS.get(facts.language)
    if helper is None or helper.path == facts.path:
        return _HELPERS.pop(facts.language, None)
    _drop_helper(facts.language)
    return None


def _drop_helper(language: str) -> None:
    helper = _HELPERS.pop(language, None)
    if helper is not None:
        _stop_helper(helper)


def _stop_helper(helper: Helper) -> None:
    budget.kill(helper.pid)
    budget.reap(helper.pid)
    os.close(helper.fd)


def _helpers_captures(helper: Helper) -> tuple | None:
    """(Captures, the file's status) the helper shipped; None when it gave nothing (it failed or ran out of time)."""
    import pickle

    chunks = []
    try:
        while chunk := os.read(helper.fd, 1 << 20):
            chunks.append(chunk)
    finally:
        os.close(helper.fd)
        budget.reap(helper.pid)
    try:
        answer = pickle.loads(b"".join(chunks)) if chunks else None
    except Exception:  # a half-written answer: the one compile decides
        return None
    return (_captures_packed(answer[0], unpacked_records), answer[1]) if answer is not None else None


def _ship(found: Captures, facts: FileFacts) -> None:
    """In a helper: the Captures and the status the tree gave, to the child; then the helper exits."""
    import pickle

    try:
        answer = pickle.dumps((_captures_packed(found, packed_records), facts.status))
        with os.fdopen(_SHIP[0], "wb") as pipe:
            pipe.write(answer)
    finally:
        os._exit(0)


def _captures_packed(found: Captures, packing: Callable) -> Captures:
    """``found`` with each of its lists (and each binding kind's) passed through ``packing``: the helper's lists of
    records packed as plain tuples before they cross its pipe (``marks.packed_records``: a NamedTuple pickles with a
    Python call per record), the child's unpacked after (``marks.unpacked_records``)."""
    for name in (f.name for f in fields(Captures) if f.name != "bindings"):
        setattr(found, name, packing(getattr(found, name)))
    found.bindings = {kind: packing(rows) for kind, rows in found.bindings.items()}
    return found


def _joined(own: Captures, theirs: Captures) -> Captures | None:
    """``own``'s lists with ``theirs``' where one side is empty; None when both filled one (their interleaving is
    the cursor's, which two queries do not give)."""
    for name in (f.name for f in fields(Captures) if f.name != "bindings"):  # every list, set and map of them
        mine, other = getattr(own, name), getattr(theirs, name)
        if other and mine:
            return None
        if other:
            setattr(own, name, other)
    for kind, other in theirs.bindings.items():
        if other and own.bindings.get(kind):
            return None
        if other:
            own.bindings[kind] = other
    return own


def _compiled(grammar: str, body: str, text: str) -> tuple:
    """(query, its pattern roles) of ``text`` for ``grammar``, compiled once per (grammar, ``body``: the text
    without comments)."""
    key = (grammar, body)
    if key not in _COMPILED:
        from tree_sitter import Query

        from .languages import get_language

        query = Query(get_language(grammar), text)
        _COMPILED[key] = (query, _pattern_roles(query))
    return _COMPILED[key]


def _query_body(text: str) -> str:
    """A query's text without its comment lines and blank lines: what tree-sitter compiles."""
    return "\n".join(line for line in text.splitlines() if line.strip() and not line.lstrip().startswith(";"))


def compile_queries(items: list) -> None:
    """The parsers and queries of the languages of ``items`` (path, language, ...) made in this process: before it
    forks the children that parse (TypeScript's and TSX's queries take ~0.5 s to compile, Python's ~0.1 s)."""
    for lang in {item[1] for item in items if item[1].grammar and query_text(item[1].name)}:
        _parser_and_query(lang)


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
    reason, facts.is_generated, facts.is_vendored = skip_reason(root, path, data[:20000], size, mode, data[-1024:])
    if reason and facts.is_generated and parse_rules(lang.name).keeps_generated(path, data[:20000]):
        reason = None  # read all the same, still marked generated (the language's rule: Go's generated interfaces)
    if reason:
        return _skipped(facts, reason)
    facts.lines = data.count(b"\n") + (0 if not data or data.endswith(b"\n") else 1)
    data = _as_utf8(data, facts)
    if lang.markup:  # a Vue or Svelte component: its <script> blocks (and what the language reads of its template)
        data = parse_rules(lang.name).markup_view(path, data) or scripts_only(data)
    lang = sniffed(lang, path, data)  # a C++ header named .h
    facts.language = lang.name
    if lang.grammar is None or query_text(lang.name) is None:
        return _regex_fallback(facts, data, lang, "no grammar")
    try:
        _query_facts(facts, data, lang, root)
    except Exception as exc:  # a grammar or query failure on one file must not stop the run
        facts.defs, facts.refs = [], []
        why = str(exc) if isinstance(exc, budget.OverBudget) else f"tree-sitter failed: {type(exc).__name__}"
        return _regex_fallback(facts, data, lang, why)
    finally:
        _PARENTS.clear()  # (one file's nodes, which hold its tree)
        _FORMS.clear()
    if facts.status == "partial" and not facts.defs:
        return _regex_fallback(facts, data, lang, "syntax errors" if facts.error_lines else facts.skip_reason)
    return facts


def _read(root: Path, path: str, size: int) -> bytes:
    """Inside the repository only, a regular file only (a FIFO would hang the run), never past the cap."""
    return read_inside(root, path, 20000 if size > MAX_BYTES else MAX_BYTES, follow_links=False, truncate=True)


def _as_utf8(data: bytes, facts: FileFacts) -> bytes:
    """Legacy 8-bit sources are read as Latin-1 (every byte decodes), so names stay whole and lines keep numbers."""
    bad = _utf8_error(data)
    if bad is None:
        return data
    facts.skip_reason = f"invalid UTF-8 at byte {bad}: read as Latin-1"
    return data.decode("latin-1").encode("utf-8")


def _skipped(facts: FileFacts, reason: str) -> FileFacts:
    facts.status, facts.skip_reason = "skipped", reason
    return facts


def _regex_fallback(facts: FileFacts, data: bytes, lang: Language, why: str) -> FileFacts:
    facts.status, facts.skip_reason = "fallback", why
    text = data.decode("utf-8", "replace")
    patterns = compiled_fallback(lang)
    junk = parse_rules(lang.name).is_junk
    defs = []
    for lineno, line in enumerate(text.splitlines(), 1):
        for kind, rx in patterns:
            m = rx.match(line)
            if m:
                name = m.group("name")
                if junk(name, kind, None):
                    continue
                defs.append(Definition(name, name, kind, lineno, lineno, None, not name.startswith("_"), None))
                break
    facts.defs = _unique_qualnames(defs)
    return facts


def _unique_qualnames(defs: list[Definition]) -> list[Definition]:
    """Repeated qualified names in one file get ``#2``, ``#3``... in file order, to keep ids unique and stable."""
    seen: dict[str, int] = {}
    out = []
    for d in defs:
        n = seen[d.qualname] = seen.get(d.qualname, 0) + 1
        out.append(d if n == 1 else d._replace(qualname=f"{d.qualname}#{n}"))
    return out


def _text(node, data: bytes) -> str:
    return data[node.start_byte:node.end_byte].decode("utf-8", "replace")


BINDING_KINDS = ("var", "value", "default", "local", "parameter", "instance_attr", "global", "given")
QUIET_LOCALS = ("local_callback", "local_returns")  # passed or returned variables: kept only when they may resolve  # RawRef kinds that shape how references read, not references


def _query_facts(facts: FileFacts, data: bytes, lang: Language, root: Path | None = None) -> None:
    """The file's definitions and references: its tree read (``_read_tree``), the query's captures settled
    (``_settled_captures``), definitions nested (``_file_definitions``), then each reference attached to its scope
    with what the file's value flow binds it to."""
    rules = parse_rules(lang.name)
    if rules.source_view is not None:  # a template's code as the language reads it (PHP's Blade), same lines
        data = rules.source_view(facts.path, data)
    parser, query = _parser_and_query(lang, data)
    _PARENTS.clear()
    _FORMS.clear()
    _use_element_reads(rules)
    written = data
    tree, data = _read_tree(parser, data, rules, facts, lang.grammar)
    if rules.block_package:
        facts.package = rules.block_package(tree.root_node, written)
    found = _settled_captures(query, tree, data, written, facts, rules, _PATTERN_ROLES[lang.name])
    defs, spans, decorated = _file_definitions(found, facts, rules, root)
    bindings, refs = found.bindings, found.refs
    params = bindings["parameter"]
    # a variable's or field's span holds the code computing its value: what it is made of is what it depends on
    scopes = [s for s in spans if s.kind not in VALUE_DEFS]  # a variable's span is not a scope of names
    callbacks = _callback_spans(found.callbacks) + _guarded_spans(found.guarded)
    if callbacks:  # an anonymous function passed (a test's callback) holds its own variables, not its definition's
        scopes = sorted(scopes + callbacks, key=_SPAN_ORDER)
    named = _fixture_params(params, spans, bindings["given"]) if params and rules.parameter_ref_kind \
        and rules.parameter_refs(facts.path, facts.is_test) else []
    # what a called function declares for its callbacks' parameters comes after what the code states here; where
    # callbacks are no scopes (a Python lambda), the parameters named alike of a file's callbacks share their
    # enclosing one's values
    passed = [b for b in bindings["var"] if b.receiver.startswith(PASSED_VALUE)]
    stated = [b for b in bindings["var"] if not b.receiver.startswith(PASSED_VALUE)] if passed else bindings["var"]
    local = bindings["local"]
    if bindings["global"]:  # global x: x assigned there is the module's x, no local of the function
        local = _without_globals(local, bindings["global"], scopes)
    if local:  # const m = require("./m") in a function: m is the import's name there, no variable nothing binds
        local = _without_imported(local, refs)
    later = any(b.receiver.startswith(ASSIGNED_LATER) for b in bindings["var"] + bindings["value"])
    # what each scope binds, where a value may belong to an enclosing scope: a callback's, a later assignment's
    declared = _declared(local + params, _binding_scopes(scopes)) if callbacks or later else None
    # const make = store.createCounter where store = require('./store'): an import of the module's name (the
    # language's settle_references says so), which a value bound to the variable would shadow
    imports = {_import_local(r) for r in of_kind(refs, "import")} if bindings["value"] else ()
    if imports:
        bindings["value"] = [b for b in bindings["value"] if b.name not in imports]
    # a function a collection was given (@var.callable) and a variable holding one of them (ITEM_OF) bind calls
    # only, never a type: the collection's declared element type still types f.m()
    typing = [b for b in bindings["value"] if b.kind != CALLABLE_ITEM and not b.receiver.startswith(ITEM_OF)]
    fixtures = _fixture_values(named, bindings["var"])
    types = _scoped_values(stated + typing + fixtures, scopes, rules.instance_sigil, declared)
    if passed:
        _add_passed(types, passed, scopes, rules.bare_fields, bool(rules.call_operator))
    # bound for a call only: g = make() (g() calls what make returns), def f(cb=g) (cb() calls g)
    # (a fixture's parameter too: cli_runner(..) calls the function the factory fixture returns; and a with's
    # entered value, which a fixture's ``with Cache() as c: yield c`` returns)
    results = bindings["default"] + [b for b in bindings["var"] if b.receiver.endswith(_CALL_RESULTS)
                                     or _PLACED_RESULT.search(b.receiver)] + fixtures
    if bindings["global"]:
        results = _without_globals(results, bindings["global"], scopes)
    if found.opaque:
        refs = _outside_opaque(refs, found.opaque, rules.opaque_receivers)
    positions = _parameter_positions(params, spans) if params else {}  # each function's, by name
    sites = _CallSites({}, data, rules.object_members_passed) if rules.call_sites else None
    facts.refs = _enclose(_one_ref_per_name(refs), spans, types, local + params, bindings["value"],
                          positions, {d.name: d.kind for d in defs}, results, rules.local_kinds,
                          rules.capitalized_classes, callbacks, declared, found.gives_receiver,
                          typed_arguments=rules.typed_arguments, members_passed=rules.object_members_passed,
                          sites=sites) + (_with_call_sites(decorated, data, rules.object_members_passed)
                                          if sites is not None else decorated)
    if bindings["instance_attr"]:
        fields, typed = _instance_fields(bindings["instance_attr"], spans, types, defs, rules, facts.refs,
                                         positions)
        defs, facts.refs = defs + fields, facts.refs + typed
    assigned = {(b.name, b.receiver) for b in bindings["value"]}  # values, not declared types (x: number)
    facts.refs += _constructed_variables(defs, types, facts.refs, assigned)
    facts.defs = defs
    if facts.package is None:
        facts.package = rules.file_package(facts.path, root)
    facts.refs += [Reference(span.qualname, rules.parameter_ref_kind, r.name, None, None, None, r.line)
                   for r, span in named]


def _read_tree(parser, data: bytes, rules: ParseRules, facts: FileFacts, grammar: str | None = None) -> tuple:
    """The file's tree (stopped at its time budget; the one ``_probed`` read already) and the text it was read from:
    the language's repairs applied where the grammar finds errors; a tree still holding some marks the file
    partial."""
    probed = _probed_tree(grammar, data) if _PROBED else None
    tree, data = probed if probed is not None else _repaired_tree(parser, data, rules)
    if tree.root_node.has_error:
        facts.status, facts.error_lines = "partial", _error_lines(tree.root_node)
    return tree, data


def _settled_captures(query, tree, data: bytes, written: bytes, facts: FileFacts, rules: ParseRules,
                      roles: list) -> Captures:
    """The query's captures of the file (``_collect``, matches starting at a bounded depth), as the language
    settles its bindings and references."""
    helper = _helper_of(facts) if _HELPERS else None  # (a full index's run: one check a file)
    marks = (facts.status, facts.skip_reason, facts.package, facts.entry) if helper is not None else None
    plan = topnodes.planned(facts.path, data) if topnodes.PLANNED else None  # an update's edit's changed run alone
    found = Captures()
    try:
        _collect(_matches(query, tree, facts, plan), data, facts, found, rules, roles)
    except BaseException:  # the file falls back (``parse_file``): its helper taken above is stopped and reaped now,
        if helper is not None:  # not left running, unreaped, until the child exits
            _stop_helper(helper)
        raise
    if _SHIP:
        _ship(found, facts)
    if helper is not None:
        found = _with_helpers(found, helper, tree, data, facts, rules, marks, plan)
    if plan is not None:  # the other top-level nodes' records, kept from the file's last parse
        topnodes.join_kept(found, plan, tree.root_node, facts)
    if topnodes.STORE and data is written and facts.status == "ok" and not tree.root_node.has_error \
            and topnodes.kept_language(facts.language):  # (before the steps below change its lists)
        topnodes.remember(facts.path, tree, data, found)
    if found.binders:
        _rebound(found.bindings, found.binders)
    if found.pasted:
        found.refs += _pasted_calls(tree.root_node, data, found, rules)
    if data is not written:  # what a repair blanked was written there all the same
        found.refs += [RawRef(at, "call", name, None, None, None, written.count(b"\n", 0, at) + 1, None)
                       for at, name in rules.repaired_calls(written, data)]
    found.bindings["var"] = rules.settle_bindings(found.bindings["var"], found.refs)  # before the facts go
    found.refs = rules.settle_references(found.refs)
    _declared_unless_defined(found)
    return found


def _matches(query, tree, facts: FileFacts, plan=None) -> list:
    """The query's matches in the file, or in a planned file's changed run (``topnodes.run_matches``)."""
    return budget.matches(query, tree.root_node, facts) if plan is None else topnodes.run_matches(plan, query, tree)


def _with_helpers(found: Captures, helper: Helper, tree, data: bytes, facts: FileFacts, rules: ParseRules,
                  marks: tuple, plan=None) -> Captures:
    """``found`` joined with the helper's Captures, or the file's captures collected again with the narrowed
    query compiled whole (the file's marks as they were before the first collection)."""
    answer = _helpers_captures(helper)
    joined = _joined(found, answer[0]) if answer is not None and answer[1] == facts.status else None
    if joined is not None:
        return joined
    facts.status, facts.skip_reason, facts.package, facts.entry = marks
    query, roles = _compiled(helper.grammar, helper.whole, helper.whole)
    _QUERIES[facts.language], _PATTERN_ROLES[facts.language] = query, roles
    found = Captures()
    _collect(_matches(query, tree, facts, plan), data, facts, found, rules, roles)
    return found


def _file_definitions(found: Captures, facts: FileFacts, rules: ParseRules, root: Path | None) -> tuple:
    """(definitions, their spans, the references their decorators make): nested, exported as the language says;
    the references naming a definition where they stand (``base_of``, ``open_members``) placed in ``found``."""
    raw_defs = rules.settle_definitions(found.defs, of_kind(found.refs, "import"), root)
    defs, spans, decorated = _nest(_merge_same_node(raw_defs), rules)
    found.refs = _open_members_placed(_bases_placed(found.refs, spans), spans)
    defs = _own_reexports_exported(defs, found.refs, rules.members_exported)
    if rules.exports_all(facts.path):
        defs = [d._replace(exported=True) for d in defs]
    elif facts.package in rules.program_packages:  # a method may still serve an imported package's interface
        defs = [d._replace(exported=False) if d.parent is None else d for d in defs]
    return rules.file_entries(facts.path, defs, root), spans, decorated


def _repaired_tree(parser, data: bytes, rules: ParseRules, until_error: bool = False) -> tuple:
    """(tree, text): ``data`` read, with the language's repairs where the grammar finds errors. ``until_error`` (the
    parse-ahead child's one file, ``_probed``): where the language has repairs, the text's reading stops once the
    parser has every version of it in error (``budget.parse``); the first repair that applies is read then, and
    where its tree has no error it is the one ``_repaired`` keeps for a text with errors; only otherwise is the
    text read whole, its errors counted. Hono's ``src/types.ts`` (90 KB, a variance annotation near its top) was
    read whole with its errors, then repaired: 34 -> 17.5 ms, its first reading stopped at byte 27K. A text the
    repairs leave with errors pays the stopped reading on top (~6 ms there): a full index, whose files with errors
    a repair mends are few, reads as before."""
    tree = budget.parse(parser, data, until_error=until_error and bool(rules.repairs))
    first = None
    if tree is None:  # every version of the parse in error: its tree has one
        first = _first_repair(parser, data, rules.repairs)
        if first is not None and not first.tree.root_node.has_error:
            return first.tree, first.text
        tree = budget.parse(parser, data)
    if tree.root_node.has_error and rules.repairs:
        tree, data = _repaired(parser, tree, data, rules.repairs, first)
    return tree, data


class RepairRead:
    """The text the first of a language's repairs that applies rewrote, and its tree. Written out, not a NamedTuple:
    making one runs ``exec`` (~0.6 M instructions) in the parse-ahead child, before its compile."""

    __slots__ = ("text", "tree")

    def __init__(self, text: bytes, tree):
        self.text, self.tree = text, tree


def _first_repair(parser, data: bytes, repairs: tuple) -> RepairRead | None:
    """The first of ``repairs`` that rewrites ``data`` as ``_repaired`` takes one, read; None where none does."""
    for repair in repairs:
        rewritten = repair(data)
        if _rewrites(data, rewritten):
            return RepairRead(rewritten, budget.parse(parser, rewritten))
    return None


def _rewrites(data: bytes, rewritten: bytes) -> bool:
    """Whether a repair's text is read: changed, with the same bytes and lines (names keep their places)."""
    return rewritten != data and len(rewritten) == len(data) and rewritten.count(b"\n") == data.count(b"\n")


def _repaired(parser, tree, data: bytes, repairs: tuple, first: RepairRead | None = None) -> tuple:
    """The tree and text of ``data`` read with the language's ``repairs`` applied (syntax newer than the grammar,
    rewritten byte for byte), each in turn kept when its reading has fewer errors than the best so far. ``first``:
    the first repair's reading (``_first_repair``), not read again."""
    errors = _error_count(tree.root_node)
    for repair in repairs:
        rewritten = repair(data)
        if not _rewrites(data, rewritten):
            continue
        again = first.tree if first is not None and first.text == rewritten else budget.parse(parser, rewritten)
        first = None
        fewer = _error_count(again.root_node)
        if fewer < errors:
            tree, data, errors = again, rewritten, fewer
        if not errors:
            break
    return tree, data


def _error_count(root, cap: int = 10_000) -> int:
    """ERROR and MISSING nodes in the tree, up to ``cap`` (only subtrees holding one are walked)."""
    count, stack = 0, [root]
    while stack and count < cap:
        node = stack.pop()
        count += node.is_error or node.is_missing
        if node.has_error:
            stack.extend(node.children)
    return count


BASE_OF = "base_of"  # a raw reference a language's settle_references makes: see _bases_placed


def _bases_placed(raw_refs: list[RawRef], spans: list[Span]) -> list[RawRef]:
    """``base_of`` raw references (``alias``: a definition of the file): an ``inherits`` reference of that
    definition, wherever the statement saying so stands (JavaScript's ``util.inherits(Child, Parent)`` after
    ``function Child() {}``). The name is read where the statement stands: a definition of the innermost enclosing
    definition that has one (``function create() { var app = ..; mixin(app, proto) }``: ``create.app``), else the
    top level's; dropped where the file defines no such name there (a parameter, a local object)."""
    return _placed(raw_refs, spans, BASE_OF, lambda r: r.alias,
                   lambda r, target: r._replace(kind="inherits", start=target, alias=None))


OPEN_MEMBERS = "open_members"  # a raw reference: an object given a member under a computed name (``obj[k] = ..``)


def _open_members_placed(raw_refs: list[RawRef], spans: list[Span]) -> list[RawRef]:
    """``open_members`` raw references (``name``: the object's, read where written as ``base_of``'s is): one
    ``signature`` at ``OPEN_MEMBERS_PLACE`` of the definition so named; dropped where the file defines none there (a
    parameter, an array)."""
    marked = set()

    def mark(r: RawRef, target: int) -> RawRef | None:
        if target in marked:  # one fact per definition, however many such writes
            return None
        marked.add(target)
        return RawRef(target, "signature", r.name, None, None, OPEN_MEMBERS_PLACE, r.line, None)

    return _placed(raw_refs, spans, OPEN_MEMBERS, lambda r: r.name, mark)


def _placed(raw_refs: list[RawRef], spans: list[Span], kind: str, named: Callable, make: Callable) -> list[RawRef]:
    """The raw references of ``kind`` made (``make(r, start)``) into facts of the definition ``named(r)`` names where
    each stands (``_named_in_scope``); dropped where the file defines none there, or ``make`` gives None."""
    if not has_kind(raw_refs, kind):
        return raw_refs
    starts = {s.qualname: s.start for s in spans}
    out = []
    for r in raw_refs:
        if r.kind != kind:
            out.append(r)
            continue
        target = _named_in_scope(r.start, named(r), spans, starts)
        made = make(r, target) if target is not None else None
        if made is not None:
            out.append(made)
    return out


def _named_in_scope(at: int, name: str, spans: list[Span], starts: dict[str, int]) -> int | None:
    """The start of the definition ``name`` names at byte ``at``: the innermost enclosing definition's member of
    that name first, the top level's last."""
    enclosing = sorted((s for s in spans if s.start <= at < s.end), key=lambda s: s.start, reverse=True)
    for qualname in [f"{s.qualname}.{name}" for s in enclosing] + [name]:
        if qualname in starts:
            return starts[qualname]
    return None


def _outside_opaque(raw_refs: list[RawRef], opaque: list[tuple[int, int]], kept: tuple) -> list[RawRef]:
    """The references outside the regions that are no code (``@opaque``: a Rust macro's body, an attribute's
    arguments), and those inside from a receiver the language keeps there (``$crate::``: this crate's items). A call
    inside is a ``mention``: the name is written there, but what it names is decided where the macro expands."""
    starts, ends = [], []
    for start, end in sorted(opaque):
        if ends and start < ends[-1]:  # nested in the one before
            ends[-1] = max(ends[-1], end)
        else:
            starts.append(start)
            ends.append(end)
    out = []
    for r in raw_refs:
        at = r.start if r.name_start is None else r.name_start
        i = bisect_right(starts, at) - 1
        if i < 0 or at >= ends[i] or (kept and r.receiver and r.receiver.startswith(kept)):
            out.append(r)
        elif r.kind == "call":
            out.append(r._replace(kind="mention"))
        elif r.kind in ("macro_call", "ignore"):  # a macro is found by its name wherever it expands (and its name
            out.append(r)  # is no call's there either: ``$crate::m!(..)`` in a macro's body)
    return out


YIELDING_KINDS = ("attribute", "implicit_read")  # reads that are no reference of their own where a call names them


def _one_ref_per_name(raw_refs: list[RawRef]) -> list[RawRef]:
    """A name captured by several reference patterns (``a::f()`` also matching ``f()``) is one reference: the one
    with the longest receiver; a name a pattern says is none (``@reference.ignore``: a macro's name) is none; a name
    in a type annotation is a type use, not also a value (``x: A | None``, ``List[A]`` match the value patterns of
    ``|`` and subscripts too)."""
    best: dict[tuple, RawRef] = {}
    out, named = [], set()
    # (most files have none of these kinds: one scan in C for the kinds spares a pass in Python for each)
    kinds = set(map(_KIND, raw_refs))
    ignored = {r.name_start for r in raw_refs if r.kind == "ignore"} if "ignore" in kinds else ()
    scoped = {r.name_start for r in raw_refs if r.kind == "scoped_call"} \
        if "scoped_call" in kinds else ()  # port() in x.apply { }: not also bare
    # (an element type's fact is no use of the name: class Table(Dict[str, Row]) still reads Row)
    typed = {r.name_start for r in raw_refs if r.kind[:5] == "type." and r.kind != ITEMS_KIND} \
        if any(k[:5] == "type." and k != ITEMS_KIND for k in kinds) else ()
    for r in raw_refs:
        _, kind, name, receiver, _, _, _, at, _, _ = r  # unpacked once: a file has thousands (hot loop)
        if at is None:
            out.append(r)
            continue
        if (at in ignored and kind != "macro_call") or (kind == "callback" and at in typed) \
                or (kind == "call" and at in scoped):
            continue  # a macro's name is no function's call but is the macro's; a scoped call is not also bare
        if kind not in YIELDING_KINDS:
            named.add(at)
        key = (kind, at, name)  # one statement runs several protocol methods
        kept = best.get(key)
        if kept is None or (receiver and (not kept.receiver or len(receiver) > len(kept.receiver))):
            best[key] = r  # the longest receiver: a macro's self.inner.write_str(s) also matches inner.write_str
    # a member read that is also called or passed (``a.b()``, ``f(a.b)``) is that reference (r[1]: kind, r[7]:
    # name_start, read by place: a file has thousands)
    return out + [r for r in best.values() if r[1] not in YIELDING_KINDS or r[7] not in named]


CLASS_KINDS = frozenset({"class", "struct", "interface", "trait", "enum", "object"})  # Color.RED: a member read
VALUE_DEFS = ("variable", "field", "constant")  # kinds a node yields when another pattern says more (a function-valued variable)


def _merge_same_node(raw_defs: list[RawDef]) -> list[RawDef]:
    """One definition per (node, kind) even when several patterns match it; ``@exported`` from any of them. A
    variable or field whose node is also a function's or class's definition is that definition."""
    if any(d.kind in VALUE_DEFS for d in raw_defs):
        taken = {(d.start, d.end) for d in raw_defs if d.kind not in VALUE_DEFS}
        raw_defs = [d for d in raw_defs if d.kind not in VALUE_DEFS or (d.start, d.end) not in taken]
    if any(d.kind == "extension" for d in raw_defs):  # impl X for Box<T>: the impl pattern matches it too
        extended = {(d.start, d.end) for d in raw_defs if d.kind == "extension"}
        raw_defs = [d for d in raw_defs if d.kind != "impl" or (d.start, d.end) not in extended]
    merged: dict[tuple, RawDef] = {}
    for d in raw_defs:
        key = (d.start, d.end, d.kind)
        old = merged.get(key)
        if old is None:
            merged[key] = d
        else:
            merged[key] = old._replace(parent_name=old.parent_name or d.parent_name, exported=old.exported or d.exported,
                                       decorators=old.decorators + d.decorators, factories=old.factories + d.factories,
                                       self_name=old.self_name or d.self_name,
                                       test=old.test or d.test, hidden=old.hidden or d.hidden)
    return list(merged.values())


def _own_reexports_exported(defs: list[Definition], raw_refs: list[RawRef],
                            members_exported: bool = False) -> list[Definition]:
    """``export {a}`` / ``export default a`` / ``module.exports = a`` (a re-export without a module) export the file's
    top-level ``a``, and with ``members_exported`` the public members of a class so exported, as ``export class a``
    exports them (a library's users call ``Axios.request`` whichever way the file exports ``Axios``); a module-level
    variable that an import binds (``const x = require("./x")``) is that import, not a definition."""
    names = {r.name for r in of_kind(raw_refs, "reexport") if r.module is None}
    if any(d.kind in VALUE_DEFS for d in defs):
        imported = {_import_local(r) for r in of_kind(raw_refs, "import")}
        # CT = require(); a member's name is its own (a Rust enum's variant Get(Get) beside `use get::Get`)
        defs = [d for d in defs
                if not (d.kind in ("variable", "constant") and d.name in imported and d.parent is None)]
    if not names and not members_exported:
        return defs
    attached = _attached_members(defs) if members_exported else set()
    out, containers = [], set()  # the exported containers' qualnames; a parent comes before its members (``_nest``)
    for d in defs:
        if d.parent is None and d.name in names:
            d = d._replace(exported=True)
        elif members_exported and d.parent in containers and d.name[:1] not in ("#", "_") and not d.hidden and (
                d.kind != "function" and (d.qualname in attached or d.parent not in attached)):
            d = d._replace(exported=True)
        if d.exported and (d.kind in CONTAINER_KINDS or d.qualname in attached) and (
                d.parent is None or d.parent in containers):
            containers.add(d.qualname)
        out.append(d)
    return out


def _attached_members(defs: list[Definition]) -> set[str]:
    """An ES5 constructor's methods written outside its body (``F.prototype.m = ..``, ``F.m = ..``), and the
    constructors holding them: such a function is a class written the old way. The methods of an object literal
    inside a function's body are not (its caller gets them: ``dead_code``'s ``handed_over``)."""
    functions = {d.qualname: d for d in defs if d.kind == "function"}
    out = set()
    for d in defs:
        holder = functions.get(d.parent) if d.kind == "method" else None
        if holder is not None and (d.line_start > holder.line_end or d.line_end < holder.line_start):
            out.update((d.qualname, holder.qualname))
    return out


class Role(NamedTuple):
    """What one capture of a pattern means: its role (``ref``, ``def``, ``var``, or the capture's own name for the
    others), the capture's name and, for a reference, its kind (``call``, ``type.field``...)."""

    role: str
    key: str
    kind: str | None = None
    typed: bool = False  # a ``type`` reference: its form and a quoted ``mod.Foo`` are worked out
    shaped: bool = False  # a reference ``_shaped_reference`` works out: a type, a callback, a stored value...


@lru_cache(maxsize=None)
def _roles(keys: tuple) -> tuple[Role, ...]:
    """What the captures of one pattern mean, worked out once per distinct set of capture names (hot path)."""
    roles = []
    for key in keys:
        if key.startswith("definition.") and "name" in keys:
            roles.append(Role("def", key))
        elif key.startswith("reference.") and "name" in keys:
            kind = sys.intern(key[10:])
            typed = kind[:4] == "type"
            roles.append(Role("ref", key, kind, typed, typed or kind in SHAPED_KINDS or kind[:9] == "protocol."))
        elif key in ("import", "reexport", "package.name", "entry", "local.name", "parameter.name", "attribute.name",
                     "opaque", "global.name", "jsdoc", "doc", "signature.type", "signature.named", "passed.name",
                     "passed.implicit", "passed.receiver", "signature.receiver", "gives.receiver", "text.calls",
                     "text.names", "returns.object", "import.via", "scope.callback", "scope.branch", "scope.guarded", "scope.after",
                     "scope.binder", "text.forwarder",
                     "signature.result", "signature.argument", "signature.parameter", "parameter.given",
                     "signature.arity", "signature.base", "signature.async", "signature.wrapped"):
            roles.append(Role(key, key))
        elif key in ("var.name", "var.implicit", "var.place", "var.record") \
                and ("var.item" in keys or "var.callable" in keys or any(k in keys for k in VAR_BINDINGS)):
            roles.append(Role("var", key))
        elif key == "var.names" and "var.values" in keys:
            roles.append(Role("var.names", key))
        elif key == "var.pairs" and "var.paired" in keys:
            roles.append(Role("var.pairs", key))
    return tuple(roles)


class PatternRoles(NamedTuple):
    """A pattern's roles known before any match: every capture of it is always there (no alternation or ``?``
    leaves one out), so its matches capture ``size`` names and need no look-up of their set."""

    size: int
    roles: tuple[Role, ...]


def _pattern_roles(query) -> list[PatternRoles | None]:
    """Per pattern of a query, its roles when fixed (nine patterns in ten), else None: worked out per match."""
    names = [query.capture_name(i) for i in range(query.capture_count)]
    out = []
    for pattern in range(query.pattern_count):
        found = {}
        for i, name in enumerate(names):
            try:
                found[name] = query.capture_quantifier(pattern, i)
            except (SystemError, ValueError):  # 0.26.1 raises for a capture the pattern does not have
                continue
        fixed = found and all(q == "" for q in found.values())  # "": exactly one
        roles = _roles(tuple(found)) if fixed else ()
        # a match's captures come in its own order: only single-role patterns can take one fixed order
        out.append(PatternRoles(len(found), roles) if fixed and len(roles) == 1 else None)
    return out


_new = tuple.__new__  # a NamedTuple built without its Python-level __new__: 3x cheaper on the hot path


class Binder(NamedTuple):
    """A pattern (``@scope.binder``, its bytes) and where the names it binds hold from (``@scope.binds``' start)."""

    start: int
    end: int
    holds_from: int


@dataclass
class Captures:
    """A file's query matches sorted by use: definitions, references (imports included), and the bindings that
    shape how references read, by kind (``BINDING_KINDS``), each in file order."""

    defs: list[RawDef] = field(default_factory=list)
    refs: list[RawRef] = field(default_factory=list)
    bindings: dict[str, list[RawRef]] = field(default_factory=lambda: {kind: [] for kind in BINDING_KINDS})
    opaque: list[tuple[int, int]] = field(default_factory=list)  # byte ranges that are no code (``@opaque``)
    callbacks: list[tuple[int, int]] = field(default_factory=list)  # anonymous functions passed (``@scope.callback``)
    guarded: list[tuple[int, int]] = field(default_factory=list)  # blocks a type check guards (``@scope.guarded``)
    binders: list[Binder] = field(default_factory=list)  # patterns whose names hold in a scope of their own
    gives_receiver: set[int] = field(default_factory=set)  # calls' names given the object itself (``@gives.receiver``)
    # a macro's name -> the names its body calls pasted from its parameters (``@text.macro``: ``fs__##lc(req)``)
    pasted: dict[str, list[tuple]] = field(default_factory=dict)
    # a forwarding function's name -> the receiver its body sends the name to (``@text.via``: ``runner``; None, self)
    forwarded: dict[str, str | None] = field(default_factory=dict)
    entries: list[int] = field(default_factory=list)  # where a match marks the file an entry point (``@entry``)


def _collect(matches: list, data: bytes, facts: FileFacts, found: Captures, rules: ParseRules,
             by_pattern: list[PatternRoles | None] = ()) -> None:
    """The raw definitions, references and bindings of a file's query matches. One loop over all of them,
    references (nine in ten matches) and local names handled inline: a call per match and per capture cost more
    than the work itself (hot path). A reference whose kind asks for more (``Role.shaped``) takes
    ``_shaped_reference``'s step."""
    add_ref, add_local, collector = found.refs.append, found.bindings["local"].append, _OTHER_ROLES
    # most files are ASCII: a name is then a slice of the decoded file, not a slice of bytes decoded again
    text = data.decode("ascii") if data.isascii() else None
    known = len(by_pattern)
    dotted = bool(rules.member_access or rules.sigils)  # else a receiver is read as written (``_dotted``)
    operated = bool(rules.operator_methods)  # (a - b).m(): the receiver is what the operator's method returns
    directed = rules.directive_receiver is not None  # A()\n #if os(iOS)\n .b(): the language reads b's receiver
    arity, generic_names, call_sites = rules.arity, rules.generic_names, rules.call_sites
    # a generic name's head (C#'s Foo<T>) is followed by its type arguments' ``<``: a name followed by another ASCII
    # token (past spaces; a comment or a directive may stand between) heads none, said without its parent (a walk
    # down from the root per reference); in a tree with errors, always asked
    headless = bool(generic_names) and facts.status != "partial"
    for pattern, caps in matches:
        fixed = by_pattern[pattern] if pattern < known else None  # (size, roles): read by place, once a match
        roles = fixed[1] if fixed is not None and fixed[0] == len(caps) else _roles(tuple(caps))
        for role, key, kind, typed, shaped in roles:
            node = caps[key][0]
            if role != "ref":
                if role == "local.name":
                    start, end = node.start_byte, node.end_byte
                    name = text[start:end] if text is not None else data[start:end].decode("utf-8", "replace")
                    add_local(_new(RawRef, (start, "local", name, None, None, None, 0, None, None, None)))
                else:  # (a frame and a NamedTuple's Python-level __new__ spared per capture: _collect_other)
                    collector[role](_new(OtherCapture, (role, key, node, caps, data, facts, found, rules)))
                continue
            name = caps["name"][0]
            start = name.start_byte
            end = name.end_byte
            written = text[start:end] if text is not None else data[start:end].decode("utf-8", "replace")
            receiver = caps.get("receiver")
            if receiver is not None:  # several nodes: the tokens from the first to the last (a macro's a.b(c).d)
                start_r, end_r = receiver[0].start_byte, receiver[-1].end_byte
                nodes, receiver = receiver, (text[start_r:end_r] if text is not None
                                             else data[start_r:end_r].decode("utf-8", "replace"))
                if operated and receiver[0] == "(":  # (future - d).total_seconds(): future.__sub__()
                    receiver = _operated_receiver(nodes[0], data, rules) or receiver
                if "\n" in receiver and _COMMENT_MARK.search(receiver):  # Builder()\n  // why\n  .add(): no comment
                    receiver = _without_comments(nodes, data, start_r, end_r)
                if directed and receiver[0] == "#":  # a chain continued after an `#if` line: the chain without it
                    receiver = rules.directive_receiver(nodes[0], data) or receiver
                if dotted:  # before the line breaks: $app\n    ->add() joins as .add()
                    receiver = _dotted(receiver, rules)
                if "\n" in receiver:  # a chain written over lines: client\n    .post("/")
                    receiver = _CHAIN_BREAK.sub("", receiver)
            callee = slot = None
            if kind == "callback":  # (a third of the references: kept inline)
                if call_sites:
                    callee = _new(CallSite, (node, name))  # worked out for those kept (_with_call_sites)
            elif shaped:
                shape = _shaped_reference(kind, typed, node, name, written, receiver, caps, data, rules, add_ref)
                if shape is None:
                    continue
                kind, written, receiver, callee, slot = shape
            # a name an attribute's text gives (``@in_attribute``) is placed at the attribute: kept out of @opaque
            args = arguments_of(node) if arity and kind in COUNTED_CALLS else None
            labels = rules.argument_labels(node) if args is not None else None
            if slot is None and generic_names and not (headless and _heads_no_generic(data, end)):
                slot = written_type_arguments(name, rules)
            # a name written before its reference's node (Java's super(..) running the base class named in the
            # header) is on the node's line: where the call is
            node_start = node.start_byte
            line = (node if start < node_start else name).start_point[0] + 1
            add_ref(_new(RawRef, (node_start, kind, written, receiver, callee, slot, line,
                                  None if "in_attribute" in caps else start, args, labels)))


SHAPED_KINDS = frozenset({"stored", "item_call", "dotted_path"})  # and ``type`` and ``protocol.`` ones
# a string naming a module's member by its path (``@reference.dotted_path``: "blog.feeds.Latest", "app.main:app"),
# checked here rather than by the query's ``#match?``, which read every string's text through the parse's reader
DOTTED_PATH = lazy_re(r"^[A-Za-z_][A-Za-z0-9_]*([.][A-Za-z_][A-Za-z0-9_]*)*[.:][A-Za-z_][A-Za-z0-9_]*$")


def _shaped_reference(kind: str, typed: bool, node, name, written: str, receiver: str | None, caps: dict,
                      data: bytes, rules: ParseRules, add_ref: Callable) -> tuple | None:
    """A reference whose kind asks for more than its captures' text, as (kind, name, receiver, module, alias): a
    type's form, a stored value's field, a protocol's method; None where it is no reference after all."""
    callee = slot = None
    if typed:
        if kind == "type.alias" and "_aliasing" in caps and not _aliased_at_module_level(caps["_aliasing"][0],
                                                                                         data):
            return None  # an alias's shape in a function or a class (python.scm's @_aliasing)
        if kind == "type":  # where the type is used decides the form: walk up to the nearest known place
            form = _type_form(node, rules, lambda n: _text(n, data))
            if form is None:
                return None
            kind = "type." + form
            container = _returned_element(node, rules, lambda n: _text(n, data), form) \
                if form in ("generic", "return") or _parent(node).type in rules.array_types else ""
            if container:  # a mapping's value is marked: a loop over the mapping takes its keys instead
                add_ref(_new(RawRef, (node.start_byte, ITEMS_KIND, written, receiver, None,
                                      MAPPED if container in MAP_CONTAINERS else None,
                                      name.start_point[0] + 1, None, None, None)))
        if receiver is None and "." in written:  # a quoted "mod.Foo" annotation
            receiver, _, written = written.rpartition(".")
        if kind == ITEMS_KIND and "_mapped" in caps:  # class Table(Dict[str, Row]): a loop takes its keys
            slot = MAPPED
    elif kind == "stored":  # the field kept as the alias, the name alone (a variable of the scope: local)
        place = caps.get("receiver.place")  # { f, g }: g stored in the value's field #1
        slot = f"#{_field_place(place[0], rules.place_rests)}" if place else receiver
        method_of = caps.get("stored.object")  # s.cb = s.handle: a method value, the object's
        receiver = _dotted(_text(method_of[0], data), rules) if method_of else None
        holder = caps.get("receiver.holder")  # Server{OnError: f}: the field of the type the literal builds
        if holder is not None and slot is not None:
            slot = f"{_dotted(_text(holder[0], data), rules)}.{slot}"
    elif kind == "item_call":  # a[0](): one of what a holds is called
        kind, written = "call", written + ITEMS
    elif kind == "dotted_path":  # "blog.feeds.LatestEntries", "app.main:app": a module's name, by its path
        if not DOTTED_PATH.search(written.partition("\x00")[0]):  # (as a #match? reads it: up to a NUL)
            return None  # any other string
        receiver, _, written = written.replace(":", ".").rpartition(".")
    elif kind[:9] == "protocol.":  # for x in it: it.__iter__(), named by the capture
        kind, written, receiver = "protocol", kind[9:], written
        if node.children and node.children[0].type == "async":  # async for: __aiter__
            written = rules.async_protocol.get(written, written)
    return kind, written, receiver, callee, slot


def _def_params(node, caps: dict, rules: ParseRules, kind: str) -> Params | None:
    """What a function or method accepts; a constant's where its language builds one with arguments
    (``ParseRules.case_params``); None where arguments are not counted."""
    if not rules.arity:
        return None
    if kind in ("function", "method"):
        return _params(node, rules)
    return rules.case_params(node, caps["name"][0]) if kind == "constant" else None


def _params(node, rules: ParseRules) -> Params | None:
    """What a definition accepts: how many arguments, and the labels they are written with where the language reads
    them (``ParseRules.parameter_labels``)."""
    params = params_of(node)
    return params._replace(labels=rules.parameter_labels(node)) if params is not None else None


_TYPE_CHECKING = lazy_re(r"^(typing[.])?TYPE_CHECKING$")


def _aliased_at_module_level(assignment, data: bytes) -> bool:
    """Whether an assignment shaped as a type alias (python.scm's ``@_aliasing``) stands in its module's body or in
    the block of a module-level ``if TYPE_CHECKING:`` (checked here, not as patterns under module: those cost an
    eighth of the query's compilation, paid by every process)."""
    parent = assignment.parent
    if parent.type == "module":
        return True
    branch = parent.parent if parent.type == "block" else None
    if branch is None or branch.type != "if_statement" or branch.parent is None or branch.parent.type != "module" \
            or branch.child_by_field_name("consequence") != parent:
        return False
    condition = branch.child_by_field_name("condition")
    return condition.type in ("identifier", "attribute") and _TYPE_CHECKING.search(_text(condition, data)) is not None


# where a bare type check (Python's ``isinstance(x, A)``, python.scm's ``@_narrowing``) narrows its variable in the
# whole function: under these, directly or as the right side of one or two ``and``s (a check under ``not`` or an
# ``assert`` narrows where it is known to hold only: ``_checked_spans``)
_NARROWING_PLACES = frozenset({"conditional_expression", "if_clause", "return_statement", "while_statement"})


def _narrows_everywhere(call) -> bool:
    """Whether a type-check call stands where python.scm's narrowing counts (a check in one query pattern per place
    cost a fifth of the query's compilation, paid by every process). As the pattern once written out did: through an
    ``and`` only from its right side (the side after the operator)."""
    node, parent = call, call.parent
    for _ in range(3):
        if parent.type in _NARROWING_PLACES:
            return True
        if parent.type != "boolean_operator" or parent.child_by_field_name("operator").type != "and" \
                or parent.child_by_field_name("right") != node:
            return False
        node, parent = parent, parent.parent
    return False


class GuardedSpan(NamedTuple):
    """Code a type check decides (``@scope.guarded``): a block it guards, the branches after it, or the rest of a
    block after an early exit or an assert; ``excluded``: there the variable is NOT of the checked class."""

    start_byte: int
    end_byte: int
    excluded: bool


class CheckOutcome(NamedTuple):
    """A type check's place in a condition: the condition itself, and what each outcome says of the variable (True:
    of the checked class, False: not of it, None: nothing; ``a and isinstance(x, A)`` false says nothing); ``right``:
    the operands evaluated after the check, where it decided already (``isinstance(x, A) and x.ok``)."""

    condition: object
    when_true: bool | None
    when_false: bool | None
    right: list


def _check_outcome(call) -> CheckOutcome:
    """What a condition holding a type check says of its variable either way: under ``not`` the other way round,
    through a chain of ``and``s only when true, of ``or``s only when false."""
    node, holds = _unwrapped(call), True
    if node.parent.type == "not_operator":
        node, holds = _unwrapped(node.parent), False
    when_true, when_false, right = holds, not holds, []
    for _ in range(3):
        parent = node.parent
        if parent.type != "boolean_operator":
            break
        conjunction = parent.child_by_field_name("operator").type == "and"
        after = parent.child_by_field_name("right")
        known = when_true if conjunction else when_false  # what holds where the right side is evaluated
        if after != node and known is not None:
            right.append(GuardedSpan(after.start_byte, after.end_byte, not known))
        when_true, when_false = (when_true, None) if conjunction else (None, when_false)
        node = _unwrapped(parent)
    return CheckOutcome(node, when_true, when_false, right)


def _unwrapped(node):
    """A condition or operand with the parentheses written around it (``if (not isinstance(x, A) or ..):``)."""
    while node.parent is not None and node.parent.type == "parenthesized_expression":
        node = node.parent
    return node


_EXITS = frozenset({"return_statement", "raise_statement", "continue_statement", "break_statement"})


def _checked_spans(call, past=lambda _block, _exit: None) -> list[GuardedSpan]:
    """Where a type check decides its variable: the operands of its condition after it, an ``if``'s or ``elif``'s
    block (when its condition holds), the branches after it (when it does not), the rest of the enclosing block
    after an ``if`` without branches whose block exits (``if not isinstance(x, A): return``: the check holds after
    it) or after an ``assert``, and on past the statements the language's ``past`` (``ParseRules.holds_past``) says
    such an exit reaches through (a ``with`` around it)."""
    outcome = _check_outcome(call)
    branch = outcome.condition.parent
    if branch.type == "assert_statement" and branch.named_children[0] == outcome.condition:
        return outcome.right + _rest_after(branch, outcome.when_true, "raise_statement", past)
    if branch.type not in ("if_statement", "elif_clause") \
            or branch.child_by_field_name("condition") != outcome.condition:
        return outcome.right
    spans, block = list(outcome.right), branch.child_by_field_name("consequence")
    if outcome.when_true is not None and block is not None and block.type == "block":
        spans.append(GuardedSpan(block.start_byte, block.end_byte, not outcome.when_true))
    statement = branch if branch.type == "if_statement" else branch.parent
    after = [n for n in statement.children_by_field_name("alternative") if n.start_byte > branch.start_byte]
    if outcome.when_false is not None and after:
        spans.append(GuardedSpan(after[0].start_byte, statement.end_byte, not outcome.when_false))
    elif not after and branch is statement and block is not None and _exit_of(block):
        spans += _rest_after(statement, outcome.when_false, _exit_of(block), past)
    return spans


def _exit_of(block) -> str | None:
    """The statement a block ends with where it leaves its enclosing one (return, raise, continue, break; comments
    aside): its node type, else None."""
    last = next((n for n in reversed(block.named_children) if n.type != "comment"), None)
    return last.type if last is not None and last.type in _EXITS else None


def _rest_after(statement, holds: bool | None, exit: str, past) -> list[GuardedSpan]:
    """The rest of a function's block after a statement a check holds (or fails) after, then the rest of each block
    around whose statement ``past`` lets the ``exit`` reach through; nothing at a module's top."""
    spans, block = [], statement.parent
    while holds is not None and block.type == "block":
        if statement.end_byte < block.end_byte:
            spans.append(GuardedSpan(statement.end_byte, block.end_byte, not holds))
        statement = past(block, exit)
        if statement is None or statement.parent is None:
            break
        block = statement.parent
    return spans


def _narrowing(key: str, node, caps: dict, data: bytes, facts: FileFacts, found: Captures, rules: ParseRules) -> None:
    """An isinstance() call as its place says: python.scm's ``@_guarding`` narrows (or excludes its class) where it
    decides (``_checked_spans``, each a ``@scope.guarded``), ``@_narrowing`` in the whole function under a
    conditional expression, return..; else nothing."""
    plain = {name: nodes for name, nodes in caps.items() if name not in ("_narrowing", "_guarding")}
    if "_guarding" in caps:
        name = _text(caps["var.name"][0], data) if "var.name" in caps else ""
        past = lambda block, exit: rules.holds_past(block, exit, name, data)  # noqa: E731
        for span in _checked_spans(caps["_guarding"][0], past):
            found.guarded.append((span.start_byte, span.end_byte))
            _collect_other("var", key, node, {**plain, "scope.guarded": [span]}, data, facts, found, rules)
    elif _narrows_everywhere(caps["_narrowing"][0]):
        _collect_other("var", key, node, plain, data, facts, found, rules)


def _narrowed_at(caps: dict, value) -> int | None:
    """Where a check's narrowing is placed: where it stands, at the start of the block it guards (``@scope.guarded``
    beside it) or at the end of the statement it holds after (``@scope.after``; None when it ends its block: nothing
    follows it there)."""
    if "scope.after" in caps:
        statement = caps["scope.after"][0]
        return statement.end_byte if statement.end_byte < statement.parent.end_byte else None
    return (caps["scope.guarded"][0] if "scope.guarded" in caps else value).start_byte


class OtherCapture(NamedTuple):
    """One capture that is not a reference, with what its role's collector reads and adds to (``_collect_other``)."""

    role: str
    key: str
    node: object
    caps: dict
    data: bytes
    facts: FileFacts
    found: Captures
    rules: ParseRules

    def text(self, key: str) -> str | None:
        found = self.caps.get(key)
        return _text(found[0], self.data) if found is not None else None

    def binding(self, kind: str, name: str, value: str | None, at: int | None = None) -> RawRef:
        return _new(RawRef, (self.node.start_byte if at is None else at, kind, name, value, None, None, 0, None, None,
                             None))


def _collect_other(role: str, key: str, node, caps: dict, data: bytes, facts: FileFacts, found: Captures,
                   rules: ParseRules) -> None:
    """A capture that is not a reference: a definition, an import, a binding, the package, the entry mark: the
    collector ``_OTHER_ROLES`` names for its role. A capture its collector does not take (a ``@returns.object`` that
    holds no code) adds nothing."""
    _OTHER_ROLES[role](_new(OtherCapture, (role, key, node, caps, data, facts, found, rules)))


def _on_def(c: OtherCapture) -> None:
    node, caps, rules, kind = c.node, c.caps, c.rules, c.key[11:]
    anonymous = "anonymous" in caps
    name = f"<anonymous {c.text('name')}>" if anonymous else c.text("name")
    name = name if name.isidentifier() or anonymous else " ".join(name.split())  # a type as written: (A,\n B)
    name = str(_field_place(caps["name"][0], rules.place_rests)) if "name.place" in caps else name  # Pair(A, B)
    if not name:  # a name the parser supplied to recover (C++'s ``enum : unsigned long long { .. }``): none
        return
    parent = c.text("parent.name")
    if "parent.outer" in caps and parent:
        parent = f"{c.text('parent.outer')}.{parent}"
    elif parent is None and rules.nested_parent is not None:
        parent = rules.nested_parent(node, kind)
    decorators = tuple(_decorator_name(_text(n, c.data)) for n in caps["decorator"]) if "decorator" in caps else ()
    c.found.defs.append(_new(RawDef, (node.start_byte, node.end_byte, kind, name, node.start_point[0] + 1,
                                      node.end_point[0] + 1, parent, "exported" in caps, decorators,
                                      c.text("self.name"), anonymous, "test" in caps, c.text("qualifier"),
                                      _def_params(node, caps, rules, kind),
                                      _body_start(node) if rules.signature_outside else 0, "hidden" in caps,
                                      _decorator_factories(caps.get("decorator", ()), c.data))))


def _on_import(c: OtherCapture) -> None:
    """Several ``@import.module`` nodes (a nested Rust use list: ``use a::{b::{c}}``) are one module path, joined by
    the language's ``path_separator``. ``@import.via``: what the language's settle_references keeps."""
    key = "import.rename" if "import.rename" in c.caps else c.key
    parts = c.caps.get("import.module", ())
    module = c.rules.path_separator.join(_text(n, c.data) for n in parts) if len(parts) > 1 \
        else c.text("import.module")
    if module is None and "import.name" not in c.caps:
        return
    name = "*" if "import.wildcard" in c.caps else c.text("import.name")
    alias = c.text("import.alias") or ("default" if "import.default" in c.caps else None)
    node = c.node
    c.found.refs.append(_new(RawRef, (node.start_byte, key, name, None, _unquote(module), alias,
                                      node.start_point[0] + 1, None, None, None)))


def _on_var(c: OtherCapture) -> None:
    caps = c.caps
    if "var.item" in caps or "var.callable" in caps:  # an element of a collection: name[]
        item = "var.item" if "var.item" in caps else "var.callable"
        c.found.bindings["value"].append(c.binding(CALLABLE_ITEM if item == "var.callable" else "value",
                                                   _text(c.node, c.data) + ITEMS, _text(caps[item][0], c.data)))
    elif "_narrowing" in caps or "_guarding" in caps:  # python.scm's isinstance(): its place
        _narrowing(c.key, c.node, caps, c.data, c.facts, c.found, c.rules)
    else:
        _on_typed_var(c)


def _on_typed_var(c: OtherCapture) -> None:
    """A declared type, an assigned value or a parameter's default: kept as the variable's receiver. (Hot path:
    site-packages' pandas and numpy make ~110,000 of these, most a parameter's plain annotation or a call's value:
    the capture's fields read once, the cast-or-type step memoized: ``_cast_or_type``.)"""
    _, capture, node, caps, data, _, found, rules = c  # (a NamedTuple's named field is a slow read)
    # a variable's name, as written where no sigil is read with it (``_bound_variable``'s commonest case, inline)
    var_name = _text(node, data) if capture == "var.name" and not rules.sigils else _bound_variable(c)
    if not var_name:
        return
    bindings = found.bindings
    if capture == "var.implicit":  # the lambda declares it, as it would a named parameter: its own, not the enclosing
        bindings["local"].append(c.binding("local", var_name, None))
    key = _binding_key(tuple(caps))
    value = caps[key][0]
    written = _text(value, data) if key in _WRITTEN_READ else None  # (read once for the steps below)
    kind = _binding_kind(c, key, value, written)
    if len(caps) > 2 or key == "var.narrowed":  # (else none of the captures _refined_kind reads is there)
        kind = _refined_kind(c, key, value, kind)
    elif kind and (rules.member_access or rules.sigils):
        kind = _dotted(kind, rules)
    if kind:  # a variadic parameter (opts ...Option) binds its elements: opts[]
        binding, named = VAR_BINDINGS[key], var_name + _BOUND_SUFFIX.get(key, "")
        if key == "var.returns" and "var.returns.place" in caps:  # mk := func() (A, *B): mk()#1 is a B
            named += f"{RESULT_MARK}{_result_place(value)}"
        at = _narrowed_at(caps, value) if key == "var.narrowed" else node.start_byte
        if at is not None:
            bindings[binding].append(_new(RawRef, (at, binding, named, kind, None, None, 0, None, None, None)))
            if "var.wrapper" in caps:  # x: Option<Node>: said apart, the value flow's values stay unmarked
                bindings[binding].append(c.binding(binding, named + WRAPPER_NAME, kind, at))
    if key == "var.type" and kind:
        bindings["var"] += _declared_type_bindings(c, var_name, value, kind, written)
    if key in _WRITTEN_READ and kind and rules.generic_names:
        argument = _one_type_argument(written)
        if argument:  # InlineValidator<Person> v: v<0 is a Person (what _add_passed gives v's lambdas)
            bindings[VAR_BINDINGS[key]].append(c.binding(VAR_BINDINGS[key], var_name + RECEIVER_ARGUMENT, argument))


@lru_cache(maxsize=None)
def _binding_key(keys: tuple) -> str:
    """The binding capture among a match's capture names, the first ``VAR_BINDINGS`` names: one per set of names."""
    return next(k for k in VAR_BINDINGS if k in keys)


_WRITTEN_READ = ("var.type", "var.value")  # the binding captures whose text several steps read


_STRINGS = ("string", "concatenated_string")  # (Python's; other grammars name none of theirs so)


def _operated(node, data: bytes, rules: ParseRules) -> str | None:
    """``a | b`` as the call of the left operand's method for its operator (``ParseRules.operator_methods``):
    ``a.__or__()``, ``wait.message().__or__()`` (``wait.message(1) | wait.message()``: what ``Message.__or__``
    declares it returns); ``a + b + c`` as ``a.__add__().__add__()``, ``(a | b)("name")`` as ``a.__or__().__call__()``
    (the language's call operator: pyparsing's ``ParserElement.__call__``); None for an operator the language maps
    to no method, or an operand no call chain names. A string on the left gives way to the right operand's reflected
    method (``"XXX" + expr``: ``expr.__radd__()``), unless the operator has none (a string's ``%`` formats any right
    operand); two strings give a string (``COLLECTION``: the language's)."""
    kind = node.type
    if kind == "parenthesized_expression" and node.named_child_count == 1:
        return _operated(node.named_children[0], data, rules)
    if kind == "binary_operator":
        methods = rules.operator_methods.get(_text(node.child_by_field_name("operator"), data))
        if methods is None:
            return None
        left_node = node.child_by_field_name("left")
        if left_node.type in _STRINGS:
            if methods[1] is None:  # a string's operator that takes any right operand ("%s" % x): a string
                return COLLECTION
            right = _operated(node.child_by_field_name("right"), data, rules)
            return right if right in (None, COLLECTION) else f"{right}.{methods[1]}()"
        left = _operated(left_node, data, rules)
        return left if left in (None, COLLECTION) else f"{left}.{methods[0]}()"
    if kind in _STRINGS:
        return COLLECTION
    if kind == "call" and rules.call_operator:
        function = node.child_by_field_name("function")
        # (a | b)("n"): what the operator's value's call operator returns; never a call's result called (attr.s(..)(C),
        # type(self.db)(..), getattr(o, n)(..): mostly a function or class the call gives, no instance of ours)
        if function.type == "parenthesized_expression":
            inner = _operated(function, data, rules)
            return f"{inner}.{rules.call_operator}()" if inner else None
        if function.type not in ("identifier", "attribute"):
            return None
    if kind not in ("identifier", "attribute", "call"):
        return None
    written = _type_text(_text(node, data), True)
    return written if written and "|" not in written else None


_CALL_RESULTS = (")", ")" + ITEMS, ")" + ENTERED)  # the values a call gives, taken from results (``_value_bound``)


def _operated_receiver(node, data: bytes, rules: ParseRules) -> str | None:
    """A receiver headed by parentheses, its head read as ``_operated`` reads an assigned value (``(future -
    d).total_seconds()``: ``future.__sub__()``; ``(future - d).days.real()``: ``future.__sub__().days``); None where
    the head names no call chain (a string's value is no receiver text: the parentheses stay as written)."""
    head = node
    while head is not None and head.type != "parenthesized_expression":  # down a chain to what it starts with
        head = head.child_by_field_name("object") or head.child_by_field_name("function")
    value = _operated(head, data, rules) if head is not None else None
    if value is None or value == COLLECTION:
        return None
    return value + data[head.end_byte:node.end_byte].decode("utf-8", "replace")


def _bound_variable(c: OtherCapture) -> str | None:
    """The name a binding capture binds: a lambda's implicit parameter, a record's field by place, a variable."""
    key, rules = c.key, c.rules
    if key == "var.implicit":
        return rules.implicit_parameter
    name = str(_field_place(c.node, rules.place_rests)) if key == "var.place" else _var_as_read(c.node, c.data, rules)
    return RECORD_FIELD + name if name and key == "var.record" else name


def _binding_kind(c: OtherCapture, key: str, value, written: str | None = None) -> str | None:
    """What a binding capture says the variable holds, as written at ``value`` for its capture ``key`` (``written``:
    its text, where read already)."""
    data, rules = c.data, c.rules
    if key in _COLLECTION_SUFFIX:  # for b in self.books: what self.books holds decides, where it is looked up
        return " ".join(_text(value, data).split()) + _COLLECTION_SUFFIX[key]
    if key in _DELEGATE_SUFFIX:  # _actions.Add(tm => ..): what the delegates _actions holds take there
        slot = _place(c.caps.get("var.slot", (c.node,))[0], data)
        return "".join(_text(value, data).split()) + _DELEGATE_SUFFIX[key] + DELEGATE_GIVES + str(slot)
    if key == "var.each":  # for _, f := range steps: f is one of the functions steps was given (@var.item)
        return ITEM_OF + _text(value, data)
    if key == "var.copy":  # $got = $stats: what $stats holds (_copied)
        return COPIED + _text(value, data)
    if key == "var.given":  # sort.Slice(xs, func(i, j int) bool {..}): what sort.Slice passes the literal
        return GIVEN_BY + " ".join(_text(value, data).split())
    if key == "var.implements":  # (Reader) b -> ..: what Reader's method takes at b's position
        kind = _type_text(_text(value, data))
        member = c.caps.get("var.key")  # const opts: Options = { onDone(result) {..} }: what Options' onDone gives
        kind = kind + OBJECT_KEY + _text(member[0], data) if member and kind else kind
        return f"{IMPLEMENTED_VALUE}{kind}@{_place(c.node, data)}" \
            if kind and kind.replace(".", "").replace(OBJECT_KEY, "").isidentifier() else None
    if key == "var.instance":  # builder: QueryBuilder: an instance of the class, which builder { } calls
        kind = _type_text(_text(value, data))
        return f"{kind}()" if rules.call_operator and kind and kind.replace(".", "").isidentifier() else None
    if key == "var.called":  # make: ClientFactory: make(app) gives what the class's call operator returns
        kind = _type_text(_text(value, data))
        return f"{kind}~{rules.call_operator}()" if rules.call_operator and kind \
            and kind.replace(".", "").isidentifier() else None
    if key == "var.operated":  # p = a | b: what a's class's method for the operator returns (Python's __or__)
        return _operated(value, data, rules)
    if key == "var.result":  # _, b := f(): f's result at b's place among the names assigned
        kind = _type_text(_text(value, data), True)
        return f"{kind}{RESULT_MARK}{_place(c.node, data)}" if kind and kind.endswith(")") else None
    written = _text(value, data) if written is None else written
    value_type = value.type  # (read once: each read builds a str)
    kind = (OWN_OBJECT if value_type == "object" and _holds_code(value) else COLLECTION) \
        if value_type in LITERALS else _cast_or_type(rules.cast_type, written, _named_call(value, value_type))
    return _with_type_arguments(kind, written) if kind and rules.generic_names else kind


@lru_cache(maxsize=16384)
def _cast_or_type(cast_type: Callable[[str], str | None], written: str, call: bool) -> str | None:
    """What a declared type or an assigned value says, as written: the type the language's cast names, else the
    compacted type (``_type_text``); memoized as ``_type_text`` is (most annotations are a few names: ``int``)."""
    return cast_type(written) or _type_text(written, call)


def _refined_kind(c: OtherCapture, key: str, value, kind: str | None) -> str | None:
    """A binding's value as the captures beside it refine it: a check's narrowing or exclusion, a member taken
    apart, a later assignment."""
    caps = c.caps
    if kind and key == "var.narrowed":  # where the check fails (an else): the class it excludes; holds: its class
        span = caps["scope.guarded"][0] if "scope.guarded" in caps else None
        decided = HELD_VALUE if isinstance(span, GuardedSpan) else NARROWED_VALUE
        kind = (EXCLUDED_VALUE if getattr(span, "excluded", False) else decided) + kind
    kind = _dotted(kind, c.rules) if kind else kind  # auto r = db->Make(), $x = $this->make(): *.Make()
    if kind and "var.member" in caps:  # const { mutate } = useThing(): useThing()'s member mutate
        kind += ("." if "~" in kind else "~") + _text(caps["var.member"][0], c.data)
    if kind and "var.member.place" in caps:  # Move(x, y): y is the variant's member at its place, 1
        item = caps["var.member.place"][0]
        kind = _member_at_place(kind, c.rules.member_place(item) if c.rules.member_place
                                else _field_place(item, c.rules.place_rests))
    if "var.later" in caps:  # x = f() after a bare let x: counts where every assignment agrees
        kind = _later_value(kind, value, c.data)
    return kind


def _declared_type_bindings(c: OtherCapture, var_name: str, value, kind: str, written: str) -> list[RawRef]:
    """What a declared type says of the variable's elements (``List<Element> els``: ``els[]``), the delegates it
    holds (``Func<Foo, object> f``: ``f=>0``) and its keys (``d: dict[str, Column]``: a loop over d takes a str)."""
    rules, out = c.rules, []
    element = _element_type(written, rules.transparent_types, rules.cast_type)
    if element is None and rules.named_collections:
        element = _named_elements(kind, value, c.data)
    if element:
        out.append(c.binding("var", var_name + ITEMS, element))
    delegates = _delegate_bindings(var_name, written, c.node.start_byte, rules)
    out += delegates
    if rules.bare_fields:  # the declaration states it for the resolver too: a subclass's lambdas (self.x[]=>0)
        c.found.refs += [_delegate_signature(d, var_name, value) for d in delegates]
    keys = _key_type(written, rules.map_types)
    if keys:
        out.append(c.binding("var", var_name + KEYS, keys))
    return out


def _on_var_names(c: OtherCapture) -> None:
    c.found.bindings["value"] += _paired_values(c.node, c.caps["var.values"][0], c.data)


def _on_var_pairs(c: OtherCapture) -> None:
    c.found.bindings["var"] += _loop_pairs(c, c.node, c.caps["var.paired"][0])


def _loop_pairs(c: OtherCapture, names, iterated, depth: int = 0) -> list[RawRef]:
    """``for i, (a, b) in enumerate(zip(xs, f()))``: each name of a loop target takes what a loop over the
    collection at its place would (``_looped_places``): ``a`` what ``for a in xs`` takes (``xs[]:``, a mapping's
    keys, else its elements), ``b`` an element of ``f()`` (``f()[]``); a nested target is taken apart the same way
    where its place holds such a call. A place no call states (``i``, a key of ``d.items()``) stays unbound."""
    places = _looped_places(iterated, c.data, c.rules)
    out = []
    for place, name in enumerate(names.named_children):
        collection = places.get(place)
        if collection is None:
            continue
        if name.type == "identifier":
            out.append(c.binding("var", _var_as_read(name, c.data, c.rules),
                                 _dotted(" ".join(_text(collection[0], c.data).split()), c.rules) + collection[1],
                                 name.start_byte))
        elif name.type in UNPACKED and collection[0].type == "call" and depth < 4:
            out += _loop_pairs(c, name, collection[0], depth + 1)
    return out


def _looped_places(iterated, data: bytes, rules: ParseRules) -> dict[int, tuple]:
    """Place in each tuple a loop over ``iterated`` takes -> (the collection whose element is there, the suffix
    binding it: ``KEYS`` for a name, ``ITEMS`` for a call's, a mapping's values): ``zip(xs, ys)``'s place 1 is
    ``ys``'s, ``enumerate(xs)``'s 1 is ``xs``'s (``rules.paired_loops``), ``d.items()``'s 1 one of ``d``'s values
    (``rules.pairs_method``). Arguments stop at the first that is no plain collection (``*rows``, ``start=1``)."""
    function, arguments = iterated.child_by_field_name("function"), iterated.child_by_field_name("arguments")
    if iterated.type != "call" or function is None or arguments is None or arguments.type not in ARGUMENT_LISTS:
        return {}
    if function.type == "attribute" and not arguments.named_children:
        held, method = function.child_by_field_name("object"), function.child_by_field_name("attribute")
        return {1: (held, ITEMS)} if held is not None and held.type in NAMES and method is not None \
            and _text(method, data) == rules.pairs_method else {}
    first, count = rules.paired_loops.get(_text(function, data), (None, None)) \
        if function.type == "identifier" else (None, None)
    if first is None:
        return {}
    places = {}
    for i, argument in enumerate(arguments.named_children[:count]):
        if argument.type not in NAMES and argument.type != "call":
            break
        places[first + i] = (argument, ITEMS if argument.type == "call" else KEYS)
    return places


def _on_named(kind: str, with_line: bool = False) -> Callable[[OtherCapture], None]:
    """The collector of a capture binding its own text under ``kind`` (``self.x = ..``'s x, a parameter, a global)."""
    def collect(c: OtherCapture) -> None:
        node = c.node
        line = node.start_point[0] + 1 if with_line else 0
        c.found.bindings[kind].append(_new(RawRef, (node.start_byte, kind, _text(node, c.data), None, None, None, line,
                                                    None, None, None)))
    return collect


def _on_parameter_given(c: OtherCapture) -> None:
    """test(a, b) given ("a", "b") or "a, b": values, never fixtures."""
    if "parameter.of" in c.caps:
        at = c.caps["parameter.of"][0]
        c.found.bindings["given"] += [c.binding("given", name, None, at.start_byte)
                                      for name in _GIVEN_NAME.findall(_text(c.node, c.data))]


def _on_callback_scope(c: OtherCapture) -> None:
    c.found.callbacks.append((c.node.start_byte, c.node.end_byte))  # a branch is a scope of names as a callback is


def _on_guarded_scope(c: OtherCapture) -> None:
    c.found.guarded.append((c.node.start_byte, c.node.end_byte))  # a scope of the narrowing only


def _on_after_scope(c: OtherCapture) -> None:
    node = c.node  # the rest of the block after the statement (none where it ends its block)
    if node.end_byte < node.parent.end_byte:
        c.found.guarded.append((node.end_byte, node.parent.end_byte))


def _on_binder_scope(c: OtherCapture) -> None:
    """The code a pattern's names hold in: a scope of names, the pattern's bindings placed at its start."""
    if "scope.binds" in c.caps:
        body = c.caps["scope.binds"][0]
        start, end = body.start_byte, body.end_byte
    elif "scope.binds.after" in c.caps:  # the rest of the block after the statement (none where it ends it)
        statement = c.caps["scope.binds.after"][0]
        start, end = statement.end_byte, statement.parent.end_byte
    else:
        return
    if start < end:
        c.found.callbacks.append((start, end))
        c.found.binders.append(Binder(c.node.start_byte, c.node.end_byte, start))


def _rebound(bindings: dict[str, list[RawRef]], binders: list[Binder]) -> None:
    """Each binding written in a ``@scope.binder`` pattern placed where its names hold (a binding's place picks the
    scope it belongs to), in file order again."""
    binders = sorted(binders)
    starts = [b.start for b in binders]
    for kind, found in bindings.items():
        moved = False
        for i, r in enumerate(found):
            at = bisect_right(starts, r.start) - 1  # patterns never nest: the one starting last before it
            if at >= 0 and r.start < binders[at].end:
                found[i], moved = r._replace(start=binders[at].holds_from), True
        if moved:
            found.sort(key=_START)


def _on_gives_receiver(c: OtherCapture) -> None:
    c.found.gives_receiver.add(c.node.start_byte)


def _on_returns_object(c: OtherCapture) -> None:
    if _holds_code(c.node):  # return { get () {...} }: the factory's own members
        c.found.refs.append(RawRef(c.node.start_byte, "returns", OWN_OBJECT, None, None, None,
                                   c.node.start_point[0] + 1, None))


def _on_jsdoc(c: OtherCapture) -> None:
    if "jsdoc.target" in c.caps:
        _jsdoc_types(c.node, c.caps["jsdoc.target"][0], c.data, c.found)
        _jsdoc_inline_imports(c.node, c.data, c.found)
    else:  # a comment alone: the modules its typedefs import
        _jsdoc_imports(c.node, c.data, c.found)


def _on_doc(c: OtherCapture) -> None:
    if "doc.owner" in c.caps:
        _doc_members(c.node, c.caps["doc.owner"][0], c.data, c.found, c.rules)
    else:
        _doc_types(c.node, c.caps.get("doc.target", (None,))[0], c.text("doc.name"), c.data, c.found, c.rules)


def _on_signature(c: OtherCapture) -> None:
    declared = _signature(c.role, c.node, c.caps, c.data)
    if declared:
        c.found.refs.append(_signature_type_arguments(declared, c.node, c.rules))


def _on_passed_receiver(c: OtherCapture) -> None:
    passed = _passed(c.node, c.caps, c.data, RECEIVER_LABEL, RECEIVER_SLOT, c.rules)  # the lambda's this: this@<callee>
    if passed:
        c.found.bindings["var"].append(passed)


def _on_passed_name(c: OtherCapture) -> None:
    implicit = c.rules.implicit_parameter if c.role == "passed.implicit" else None
    passed = _passed(c.node, c.caps, c.data, implicit, 0 if implicit else None, c.rules)
    if passed:
        c.found.bindings["var"].append(passed)
    if passed and implicit:  # the lambda declares it, as var.implicit does: its own, not the enclosing scope's
        c.found.bindings["local"].append(c.binding("local", implicit, None))


def _on_package_name(c: OtherCapture) -> None:
    """Several clauses nest, in file order (Scala's ``package a.b`` then ``package c``)."""
    c.facts.package = c.rules.join_package(c.facts.package, _text(c.node, c.data), c.node.start_point[0] + 1)


def _on_opaque(c: OtherCapture) -> None:
    c.found.opaque.append((c.node.start_byte, c.node.end_byte))


def _on_text_calls(c: OtherCapture) -> None:
    parameters = _macro_parameters(c)
    c.found.refs.extend(_text_calls(c.node, c.data, c.rules, parameters))
    macro = c.text("text.macro")
    if macro and "##" in c.text(c.key):
        pasted = _pasted_templates(c.text(c.key), c.text("text.parameters") or "")
        if pasted:
            c.found.pasted.setdefault(macro, []).extend(pasted)


def _on_text_forwarder(c: OtherCapture) -> None:
    """A function calling the method its first argument names (Ruby's ``def action(*args) runner.send(*args)``): as
    a macro pasting its first parameter, each use of it the file makes (``macro_uses``) calls the name given."""
    name = _text(c.node, c.data)
    c.found.pasted.setdefault(name, []).append((0,))
    c.found.forwarded[name] = c.text("text.via")


def _on_text_names(c: OtherCapture) -> None:
    c.found.refs.extend(_text_names(c.node, c.data, c.rules, _macro_parameters(c)))


def _macro_parameters(c: OtherCapture) -> frozenset[str]:
    written = c.text("text.parameters") or ""
    return frozenset(_TEXT_NAME.findall(written))


# a called name pasted from pieces, one at least a parameter's: ``fs__##lc(``, ``uv__process_tcp_##method##_req(``
_PASTED_CALL = lazy_re(r"(?<![\w.>$#])([A-Za-z_]\w*(?:\s*##\s*[A-Za-z_]\w*)+)\s*\(")


# what a declared name follows: a type's last word or a pointer's star, not ``return``, ``else``, ``case``...
_DECLARED_BEFORE = lazy_re(r"(?:(?<![\w#])(?!(?:return|else|do|case|sizeof)\s*$)[A-Za-z_]\w*|\*)\s*$")


def _pasted_templates(body: str, parameters: str) -> list[tuple]:
    """The names a macro's body calls pasted from its parameters, each a tuple of pieces: a parameter's place (an
    int) or text written (``fs__##lc`` of ``XX(uc, lc)``: ``("fs__", 1)``)."""
    places = {name: i for i, name in enumerate(_TEXT_NAME.findall(parameters))}
    out = []
    for m in _PASTED_CALL.finditer(body):
        if _DECLARED_BEFORE.search(body, 0, m.start()):
            continue  # int uv_udp_set_##name(uv_udp_t* h, int v) {: a function the macro defines, not calls
        pieces = tuple(places.get(piece, piece) for piece in re.split(r"\s*##\s*", m.group(1)))
        if any(isinstance(piece, int) for piece in pieces):
            out.append(pieces)
    return out


# a name so made: an identifier, maybe with the ``?`` or ``!`` a method name may end in (``gsub_file!`` forwarded)
_CALLED_NAME = lazy_re(r"[A-Za-z_]\w*[?!]?")


def _pasted_calls(root, data: bytes, found: Captures, rules: ParseRules) -> list[RawRef]:
    """Where the file calls a macro whose body calls names pasted from its parameters (``XX(RMDIR, rmdir)`` of
    ``#define XX(uc, lc) case UV_FS_##uc: fs__##lc(req);``), each name so made (``fs__rmdir``): a call from there.
    The language finds the macro's uses and their arguments (``ParseRules.macro_uses``); the file's own macros only."""
    out = []
    for macro, at, line, arguments in rules.macro_uses(root, data, frozenset(found.pasted)):
        for pieces in found.pasted[macro]:
            name = "".join(p if isinstance(p, str) else arguments[p] if p < len(arguments) else "-" for p in pieces)
            if _CALLED_NAME.fullmatch(name) and not rules.is_junk(name, "function", None):
                out.append(RawRef(at, "call", name, found.forwarded.get(macro), None, None, line, None))
    return out


def _on_entry(c: OtherCapture) -> None:
    c.facts.entry = True
    c.found.entries.append(c.node.start_byte)  # the node marking it, whose records an update may keep (``topnodes``)


_SIGNATURE_ROLES = ("signature.type", "signature.named", "signature.result", "signature.argument",
                    "signature.parameter", "signature.receiver", "signature.arity", "signature.base",
                    "signature.async", "signature.wrapped")
# each role of ``_roles`` but a reference and ``local.name`` (``_collect`` takes those inline) -> its collector
_OTHER_ROLES: dict[str, Callable[[OtherCapture], None]] = {
    "def": _on_def, "import": _on_import, "reexport": _on_import, "import.via": _on_import, "var": _on_var,
    "var.names": _on_var_names, "var.pairs": _on_var_pairs, "attribute.name": _on_named("instance_attr", True),
    "parameter.name": _on_named("parameter", True), "global.name": _on_named("global"),
    "parameter.given": _on_parameter_given, "scope.callback": _on_callback_scope, "scope.branch": _on_callback_scope,
    "scope.guarded": _on_guarded_scope, "scope.after": _on_after_scope, "gives.receiver": _on_gives_receiver,
    "scope.binder": _on_binder_scope,
    "returns.object": _on_returns_object, "jsdoc": _on_jsdoc, "doc": _on_doc,
    **{role: _on_signature for role in _SIGNATURE_ROLES}, "passed.receiver": _on_passed_receiver,
    "passed.name": _on_passed_name, "passed.implicit": _on_passed_name, "package.name": _on_package_name,
    "opaque": _on_opaque, "text.calls": _on_text_calls, "text.names": _on_text_names,
    "text.forwarder": _on_text_forwarder, "entry": _on_entry,
}


_TEXT_CALL = lazy_re(r"(?<![\w.>$#])([A-Za-z_]\w*)\s*\(")
_TEXT_NAME = lazy_re(r"[A-Za-z_]\w*")
# a bare name of a macro's text: not a member (``.x``, ``->x``, ``::x``), pasted (``a##x``, ``x##a``), stringified
# (``#x``), a number's tail (``0x1F``) nor a call (``x(``: ``_TEXT_CALL``'s)
_TEXT_BARE = lazy_re(r"(?<![\w.>$#:])(?<!## )([A-Za-z_]\w*)(?!\w|\s*(?:\(|##))")
# a name a macro's text declares (``uv_##name##_t* handle)``, ``int r =``): a parameter or local of the code it writes
_TEXT_DECLARED = lazy_re(r"(?:(?<![\w#.>])(?!(?:return|case|else|do|sizeof|goto)\b)[A-Za-z_]\w*[\s*]+|\*\s*)"
                         r"([A-Za-z_]\w*)\s*(?=[,;)=\[])")
_TEXT_LITERAL = lazy_re(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|/\*.*?\*/|//[^\n]*', re.S)


def _delegate_bindings(var_name: str, declared: str, at: int, rules: ParseRules) -> list[RawRef]:
    """What the lambdas a declared delegate holds take by place (``f=>0``), and those a collection of delegates
    holds (``a[]=>0``): the language's ``delegate_parameters``; an unknown one (a type parameter) is left out."""
    own, held = rules.delegate_parameters(declared)
    out = []
    for suffix, given in (("", own), (ITEMS, held)):
        for place, written in enumerate(given):
            kind = _type_text(written) if written else None
            if kind and rules.generic_names:
                kind = _with_type_arguments(kind, written)
            if kind:
                out.append(RawRef(at, "var", f"{var_name}{suffix}{DELEGATE_GIVES}{place}", kind, None, None, 0, None))
    return out


def _delegate_signature(binding: RawRef, var_name: str, value) -> RawRef:
    """A ``signature`` at ``[]=>0`` / ``=>0`` of the declaration ``value`` (a field's or property's, whose
    definition it is in): the type its delegates take there (``List<Action<TypeMap>> TypeMapActions``: TypeMap), read
    where a subclass elsewhere adds a lambda to it (``Resolver._field_delegate_given``)."""
    name, _, arguments = binding.receiver.partition("<")
    module = f"{TYPE_ARGUMENTS_WRITTEN}{arguments.count(',') + 1}" if arguments else None
    return RawRef(value.start_byte, "signature", name, None, module, binding.name[len(var_name):],
                  value.start_point[0] + 1, None)


def _named_elements(kind: str | None, value, data: bytes) -> str | None:
    """``inodes common.Inodes``: the elements of a value of a plain named type (``ELEMENTS_OF`` + the type), which
    only the type's declaration states (``type Inodes []Inode``); None for a pointer, a collection, a call."""
    written = _text(value, data)
    if not kind or kind == COLLECTION or written[:1] in "*&" or not kind.replace(".", "").isidentifier():
        return None
    return ELEMENTS_OF + kind


def _text_calls(node, data: bytes, rules: ParseRules, parameters: frozenset[str]) -> list[RawRef]:
    """``@text.calls``: code the grammar keeps as text (a C macro's body): each ``name(`` in it is a call of
    ``name`` from the enclosing definition (a member's ``a.f(``, ``a->f(`` is left out: its object is unknown; a
    parameter's ``fn(x)`` calls what the macro is given)."""
    text = _text(node, data)
    line = node.start_point[0] + 1
    return [RawRef(node.start_byte + m.start(1), "call", m.group(1), None, None, None,
                   line + text.count("\n", 0, m.start(1)), None)
            for m in _TEXT_CALL.finditer(text)
            if m.group(1) not in parameters and not rules.is_junk(m.group(1), "function", None)]


def _text_names(node, data: bytes, rules: ParseRules, parameters: frozenset[str]) -> list[RawRef]:
    """``@text.names``: each bare name of a macro's text (its literals and comments blanked) that is none of its
    parameters nor a name the text declares (a parameter or local of a function the macro writes): a ``callback``
    reference from the enclosing definition, at the name."""
    text = _TEXT_LITERAL.sub(lambda m: " " * len(m.group(0)), _text(node, data))
    line = node.start_point[0] + 1
    own = parameters | frozenset(_TEXT_DECLARED.findall(text)) | {"__VA_ARGS__"}
    return [RawRef(node.start_byte + m.start(1), "callback", m.group(1), None, None, None,
                   line + text.count("\n", 0, m.start(1)), node.start_byte + m.start(1))
            for m in _TEXT_BARE.finditer(text)
            if m.group(1) not in own and not rules.is_junk(m.group(1), "function", None)]


_COMMENT_MARK = lazy_re(r"//|/\*|#|--")


def _without_comments(nodes: list, data: bytes, start: int, end: int) -> str:
    """The text of a receiver written over lines, its comments (the grammar's comment nodes) cut out: a chain with
    a comment between two calls reads as the chain."""
    cuts, stack = [], list(nodes)
    while stack:
        node = stack.pop()
        if "comment" in node.type:  # comment, line_comment, block_comment
            cuts.append((node.start_byte, node.end_byte))
        elif node.child_count:
            stack.extend(node.children)
    pieces, at = [], start
    for cut_start, cut_end in sorted(cuts):
        pieces.append(data[at:cut_start])
        at = max(at, cut_end)
    pieces.append(data[at:end])
    return b"".join(pieces).decode("utf-8", "replace")


def _dotted(text: str, rules: ParseRules) -> str:
    """A receiver or assigned value as the resolver reads it: the language's member operators written ``.`` (C++'s
    and PHP's ``->``), its sigils dropped (PHP's ``$``): ``$this->client`` is ``this.client``. A variable named like
    another language's own object (``$cls``, ``$self``) keeps its sigil: it is an ordinary variable, never the
    enclosing class the resolver reads ``cls`` and ``self`` as (PHP's class is ``self::``, without one)."""
    for operator in rules.member_access:
        text = text.replace(operator, ".")
    for sigil in rules.sigils:
        text = re.sub(re.escape(sigil) + _NOT_AN_OWN_OBJECT, "", text)
    return text


_NOT_AN_OWN_OBJECT = r"(?!(?:self|cls|Self|super)\b)"


# a type or construction written with type arguments (``Foo<A, B>``, ``new Foo<A>(x)``): its name and arguments
_WRITTEN_GENERIC = lazy_re(r"^(?:new\s+)?([\w.]+)\s*<([^()]*)>\s*(?:\(.*\))?\??$", re.S)


def _with_type_arguments(kind: str, written: str) -> str:
    """A variable's type or value keeps how many type arguments are written for it, as empty places (``Foo<A, B>
    b`` -> ``Foo<,>``, ``var b = new Foo<A>()`` -> ``new Foo<>()``), where the language tells same-named types of
    other arities apart (``rules.generic_names``): which of them ``b`` is (``Resolver._written_twin``); a chain's
    head too (``var f = new Faker<T>().StrictMode(true)`` -> ``new Faker<>().StrictMode()``: Bogus' ``Faker<T>``, not
    its plain twin ``Faker``). Unchanged where none are written."""
    m = _WRITTEN_GENERIC.match(written.strip())
    if m is None or kind not in (m.group(1), f"new {m.group(1)}()"):
        return _chain_head_type_arguments(kind, written)
    places = "," * (len(_top_level_split(m.group(2), ",")) - 1)
    return f"new {m.group(1)}<{places}>()" if kind.startswith("new ") else f"{kind}<{places}>"


_BUILT_GENERIC_HEAD = lazy_re(r"^new\s+([\w.]+)\s*<([^()]*)>\s*\(")


def _chain_head_type_arguments(kind: str, written: str) -> str:
    """A chain on a type built with type arguments (``new Foo<A>().m()``): its head keeps their places."""
    if not kind.startswith("new ") or "<" not in written:
        return kind
    m = _BUILT_GENERIC_HEAD.match(written.lstrip())
    head = f"new {m.group(1)}()." if m else None
    if head is None or not kind.startswith(head):
        return kind
    places = "," * (len(_top_level_split(m.group(2), ",")) - 1)
    return f"new {m.group(1)}<{places}>()" + kind[len(head) - 1:]


def _one_type_argument(written: str) -> str | None:
    """The one type argument a type or construction is written with, where it is a plain (dotted) name
    (``new InlineValidator<Person>()``, ``Mock<IClock>``: ``Person``, ``IClock``); None otherwise."""
    m = _WRITTEN_GENERIC.match(written.strip())
    argument = m.group(2).strip() if m else ""
    return argument if argument.replace(".", "").isidentifier() else None


def _var_as_read(node, data: bytes, rules: ParseRules) -> str:
    """A variable's name as a receiver naming it reads (``_dotted``): written after a sigil that a receiver keeps
    (PHP's ``$cls``, ``$self``), with it, so that ``$cls = Foo::class; $cls::create()`` finds its binding."""
    name = _text(node, data)
    if rules.sigils and node.parent is not None and _text(node.parent, data) in {s + name for s in rules.sigils}:
        return _dotted(_text(node.parent, data), rules)
    return name


def _signature(role: str, node, caps: dict, data: bytes) -> RawRef | None:
    """A ``signature`` reference: the type declared for parameter ``j`` of what parameter ``i`` of the enclosing
    function takes (``i:j``), for parameter ``j`` of the function type an alias stands for (``:j``), or for parameter
    ``i`` itself where a name types it (``i``). None where the type names no one class (a union, a collection)."""
    if role == "signature.arity":
        return _overload_arity(node, caps)
    if role == "signature.async":  # async function f(): what a call of it gives is a promise (of what it returns)
        return RawRef(node.start_byte, "signature", ASYNC_RESULT, None, None, ASYNC_PLACE, node.start_point[0] + 1,
                      None)
    if role == "signature.wrapped":  # -> Option<Node>: what a call of it gives answers the Option's own methods
        return RawRef(node.start_byte, "signature", _text(node, data), None, None, WRAPPED_PLACE,
                      node.start_point[0] + 1, None)
    typed = _type_text(_text(node, data))
    if typed and role == "signature.result":  # -> (String, clap_lex::ShortFlags): a path, dotted as receivers are
        typed = typed.replace("::", ".")
    if not typed or not typed.replace(".", "").isidentifier():
        return None
    if role == "signature.result":  # func f() (int, *Node, error): the type declared at its place among the results
        receiver, _, name = typed.rpartition(".")
        place = _field_place(node, frozenset()) if "signature.result.place" in caps else _result_place(node)
        return RawRef(node.start_byte, "signature", name, receiver or None, None, RESULT_MARK + str(place),
                      node.start_point[0] + 1, None)
    outer = caps.get("signature.outer")
    if outer and outer[0].parent.parent is not None and outer[0].parent.parent.type in _FUNCTION_TYPES:
        return None  # a parameter of a function type, not of the function: fn: (cb: (x: X) => void) => void
    place = _overload_mark(caps) + (str(_place(outer[0], data)) if outer else "")
    if role in ("signature.type", "signature.argument", "signature.parameter"):
        mark = ":" if role == "signature.type" else TYPE_ARGUMENT_MARK
        place += f"{mark}{_place(caps.get('signature.slot', (node,))[0], data)}"
    elif role == "signature.receiver":  # Buffer.() -> Unit: what the function's ``this`` is
        place += f":{RECEIVER_SLOT}"
    elif role == "signature.base":  # class V : Validator<Order>: the type argument its base class writes
        place = BASE_ARGUMENT_MARK + str(_place(caps.get("signature.slot", (node,))[0], data))
    receiver, _, name = typed.rpartition(".")
    return RawRef(node.start_byte, "signature", name, receiver or None, None, place, node.start_point[0] + 1, None)


def _signature_type_arguments(declared: RawRef, node, rules: ParseRules) -> RawRef:
    """A ``signature`` whose type is written with type arguments (C#'s ``Action<IMemberSetup<A, B>>``: ``<>2``),
    where the language tells same-named types apart by how many (``rules.generic_names``): kept as its ``module``
    (its alias is its place), so that it names the twin taking that many (``Resolver._declared_class``)."""
    if node.type not in rules.generic_names or not node.children:
        return declared
    written = written_type_arguments(node.children[0], rules)
    return declared._replace(module=written) if written else declared


def _overload_mark(caps: dict) -> str:
    """``(k)``: the place of a definition's ``k``-th call signature (``@signature.overload``), ahead of a place it
    declares a type at; ``""`` for a signature of the definition as a whole."""
    overload = caps.get("signature.overload")
    if not overload:
        return ""
    node = overload[0]
    siblings = [n for n in node.parent.named_children if n.type == node.type] if node.parent is not None else [node]
    return f"{OVERLOAD_OPEN}{siblings.index(node)}{OVERLOAD_CLOSE}"


def _overload_arity(node, caps: dict) -> RawRef | None:
    """``@signature.arity``: how many arguments a call signature takes, a ``signature`` at its ``(k)`` named
    ``least..most`` (``most`` empty for any number), which the resolver matches a call's arguments against."""
    params = params_of(node)
    if params is None or "signature.overload" not in caps:
        return None
    counts = f"{params.least}{ARITY_RANGE}{'' if params.most is None else params.most}"
    return RawRef(node.start_byte, "signature", counts, None, None, _overload_mark(caps), node.start_point[0] + 1,
                  None)


def _result_place(node) -> int:
    """The place of a declared result's type among the results, each name counted (``(a, b int, err error)``: err
    is the third)."""
    declaration = node.parent
    place = 0
    for sibling in declaration.parent.named_children if declaration.parent is not None else ():
        if sibling == declaration:
            return place
        if sibling.type != "comment":
            place += len(sibling.children_by_field_name("name")) or 1
    return place


def _passed(node, caps: dict, data: bytes, implicit: str | None = None, slot: int | str | None = None,
            rules: ParseRules | None = None) -> RawRef | None:
    """``describe("x", (t) => t.go())``: ``t`` bound to ``PASSED_VALUE`` + ``describe@1:0``, what ``describe``
    declares its parameter 1 gives as parameter 0 (``Resolver._passed_class``). ``implicit``: the name of what the
    lambda has unnamed at ``slot``: its one parameter (``@passed.implicit``, Kotlin's ``it``, at 0), or its receiver
    (``@passed.receiver``: ``RECEIVER_LABEL`` + the callee's name, at ``RECEIVER_SLOT``). A pattern rooted at the
    literal captures no ``@passed.callee``: the language's ``passed_argument`` finds it, and the argument."""
    nodes = caps.get("passed.callee")  # several nodes: the text from the first to the last (Java's object and name)
    if nodes is None:
        found = rules.passed_argument(caps["passed.fn"][0]) if rules else None
        if found is None:
            return None
        nodes, argument = found
        caps = {**caps, "passed.fn": (argument,)}
    callee = _passed_callee(data[nodes[0].start_byte:nodes[-1].end_byte].decode("utf-8", "replace"))
    if callee is None:
        return None
    slot = _place(caps.get("passed.slot", (node,))[0], data) if slot is None else slot
    place = f"{_place(caps['passed.fn'][0], data)}{_object_keys(caps, data)}:{slot}"
    if "passed.member" in caps:  # ({ page }) => ..: the parameter's member page, no type of its own here
        place += "." + _text(node, data)
    place += _call_shape(nodes[-1].parent, caps["passed.fn"][0])
    if implicit == RECEIVER_LABEL:  # this@buffer: the lambda's receiver, named as Kotlin's label names it
        implicit += callee.rpartition(".")[2]
    name = implicit or _text(node, data)
    return RawRef(node.start_byte, "var", name, f"{PASSED_VALUE}{callee}@{place}", None, None, 0, None)


def _object_keys(caps: dict, data: bytes) -> str:
    """The keys leading to a function in an object literal passed (``@passed.key``), each after an ``OBJECT_KEY``,
    as the call site names them (``_object_member_key``: ``%hooks%onDone``, ``%plugins[]%setup``)."""
    keys = caps.get("passed.key")
    if not keys:
        return ""
    return _object_member_key(max(keys, key=lambda n: n.start_byte), caps["passed.fn"][0], data)


def _call_shape(call, fn) -> str:
    """``/2s``: how many arguments the call passes, ``s`` where the first is a string literal (a path, never a
    function), so that of a callee's overloads the resolver picks those that fit (``app.get(h)`` beside
    ``app.get(path, h)``); ``""`` where the count is not known (a spread)."""
    count = arguments_of(call) if call is not None else None
    if count is None:
        return ""
    first = next((n for n in fn.parent.named_children if "comment" not in n.type), None) if fn.parent else None
    quoted = first is not None and first.text[:1] in (b'"', b"'", b"`")
    return f"{CALL_SHAPE}{count}{'s' if quoted else ''}"


def _passed_callee(written: str) -> str | None:
    """The function a lambda is passed to, as the resolver reads a call's receiver and name: a name (``describe``,
    ``board.Each``), or a method of what a chain's call returns (AutoMapper's ``cfg.CreateMap<A, B>().ForMember``:
    its chain joined over line breaks, as a call's receiver is). None where what is called is itself a call's result
    or an element (``f()(x => ..)``, ``a[0](..)``), or the chain holds what would misread its text (a comment, a
    ``^`` or ``@`` of ``PASSED_VALUE``'s own marks)."""
    plain = "".join(written.split())
    if "(" not in plain and "[" not in plain:
        return plain
    if any(mark in written for mark in ("//", "/*", "^", "@")):
        return None
    head, dot, name = _CHAIN_BREAK.sub("", written.strip()).rpartition(".")
    return f"{head}.{name}" if dot and name.isidentifier() and head.endswith((")", "]")) else None


def _member_at_place(kind: str, place: int | None) -> str | None:
    """A value's member at a place (``Move(x, y)``: ``y`` is ``kind~1``); of a call's value, the call's result at
    that place (``let (a, b) = f()``: ``f()#1``, a tuple's element, as the callee's ``#1`` signature declares)."""
    if place is None:  # after a ``..``: unknown
        return None
    if kind.endswith(")") and "~" not in kind:
        return f"{kind}{RESULT_MARK}{place}"
    return kind + ("." if "~" in kind else "~") + str(place)


def _field_place(node, rests: frozenset) -> int | None:
    """A node's place among its parent's items under the same field, comments left out: a Rust tuple struct's types
    (``struct Pair(pub A, B)``: B is 1, its ``pub`` no place), a tuple pattern's names after its type (``Move(_, y)``:
    y is 1, the wildcard ``_`` an item too). None after a node of ``rests`` (``Move(.., y)``: y's place is unknown).
    Names a member by position (``@name.place``, ``@var.place``, ``@var.member.place``)."""
    parent, place = node.parent, 0
    own = next(parent.field_name_for_child(i) for i, child in enumerate(parent.children) if child == node)
    for i, sibling in enumerate(parent.children):
        if sibling == node:
            return place
        if sibling.type in rests:
            return None
        is_item = sibling.is_named or sibling.type.isidentifier()  # a word (`_`), not punctuation
        if is_item and "comment" not in sibling.type and parent.field_name_for_child(i) == own:
            place += 1
    return place


def _place(node, data: bytes) -> int:
    """A parameter's or an argument's position among its siblings, comments and a leading ``self`` or ``cls`` (a
    Python method's own object, which its callers do not pass) left out, as is a leading receiver parameter (C#'s
    extension ``this IServiceCollection s``, TypeScript's ``this: T``): ``s.Add(cfg => ..)`` passes the lambda
    first, to the parameter after it. A function's own modifier is no parameter (C#'s ``async o => ..``), nor is a
    parameter's default value written beside it (Kotlin's ``block: () -> Unit = {}``). A function written after the
    call's parentheses (Kotlin's trailing lambda ``write(1) { .. }``) is given to the last parameter: ``LAST_PLACE``."""
    if node.type in _TRAILING_FUNCTIONS:
        return LAST_PLACE
    place = 0
    for sibling in node.parent.named_children:
        if sibling == node:
            return place
        if sibling.type not in _NO_PLACE and not _is_default_value(sibling) \
                and not (place == 0 and _passes_no_argument(sibling, data)):
            place += 1
    return place


# siblings that are no parameter or argument: each grammar's comments (Kotlin's KDoc between two parameters is a
# ``multiline_comment``, Java's a ``block_comment``), a modifier
_NO_PLACE = frozenset({"comment", "line_comment", "block_comment", "multiline_comment", "modifier",
                       "parameter_modifiers"})
_TRAILING_FUNCTIONS = frozenset({"annotated_lambda"})  # a function a call is given after its parentheses (Kotlin's)


def _is_default_value(sibling) -> bool:
    """A parameter's default value written as a sibling of the parameter, after its ``=``."""
    before = sibling.prev_sibling
    return before is not None and before.type == "="


def _passes_no_argument(param, data: bytes) -> bool:
    """A leading parameter that no call passes among its arguments: its own object (``self``), or its receiver."""
    if param.type == "identifier":
        return _text(param, data) in ("self", "cls")
    return param.type.endswith("parameter") and is_receiver(param)


_FUNCTION_TYPES = frozenset({"function_type", "constructor_type"})
RECEIVER_SLOT = "this"
# capture -> its binding kind; ``var.narrowed``: a class a check narrows the variable to (Python's isinstance(x, C))
VAR_BINDINGS = {"var.type": "var", "var.value": "value", "var.default": "default", "var.instance": "default",
                "var.narrowed": "var",
                "var.result": "var", "var.implements": "var",
                "var.elements": "var", "var.keys": "var", "var.map_keys": "var", "var.entered": "var", "var.spread": "var",
                "var.returns": "var", "var.called": "var", "var.delegate": "var", "var.delegates": "var",
                "var.each": "value", "var.copy": "value", "var.given": "default", "var.operated": "var"}
COPIED = "copy:"  # a value: what the variable named after it holds (@var.copy), read as the sweep reaches it
# var.elements: a loop's collection, whose elements the variable takes; var.keys: a loop's collection that may be a
# mapping, whose keys it then takes (its elements otherwise); var.spread: the type of each element of a variadic parameter;
# var.returns: what a call of the variable gives (``factory: Callable[..., Shape]``), bound to ``factory()``
CALLED_NAME = "()"  # suffix of the name whose values are what a call of the variable gives: ``factory()``
# a value assigned to a variable declared elsewhere (``@var.later``: ``let m; .. m = make()``): bound in the scope
# declaring the variable, where no declaration states one and every such assignment agrees (``_settle_later``)
ASSIGNED_LATER = "later:"
UNREAD = "<unread>"  # a later assignment's value not read (a function written there): it disagrees with any other
WRAPPER_NAME = "<wrapper>"
EXCLUDED_VALUE = "excluded:"  # a class a failed check excludes (an else): the variable's values there lose it
# a class a check narrows to where it decides (``_checked_spans``: the block ``if isinstance(x, list):`` guards): a
# ``NARROWED_VALUE`` there, and the variable's values from the enclosing scopes are of it (or of another class of the
# same check) only, joined to them by ``ONLY`` (``CookieTypes\u2229list``: the resolver drops a class that cannot be one)
HELD_VALUE = "held:"
# suffix of the name bound to the one type argument a variable's type or value is written with (``new
# InlineValidator<Person>()``: ``v<0`` is ``Person``), and the mark that carries it after the value a lambda's
# receiver holds (``passed:v.RuleFor@0:0/1^new InlineValidator<>()^<Person``): what the receiver's generic class
# gives the lambdas its methods take where they declare its type parameter (``Resolver._receiver_argument_class``)
RECEIVER_ARGUMENT = TYPE_ARGUMENT_MARK + "0"


def _heads_no_generic(data: bytes, end: int) -> bool:
    """Whether the token after a name ending at ``end`` is ASCII and no ``<``, nor a comment's or a directive's
    start: then the name heads no generic name (``written_type_arguments`` is None). Unsure (more than 64 spaces, the
    file's end, a non-ASCII byte): False."""
    after = data[end:end + 64].lstrip()[:1]
    return bool(after) and after < b"\x80" and after not in b"</#"


def written_type_arguments(name, rules: ParseRules) -> str | None:
    """``<>N`` where the name node stands first in a generic name (``rules.generic_names``) whose type argument
    list holds N arguments, empty ones too (``Foo<,>``: two, counted by their commas); else None."""
    parent = name.parent
    if parent is None or parent.type not in rules.generic_names or parent.children[0] != name:
        return None
    for child in parent.children:
        if child.type in rules.type_arguments:
            return f"{TYPE_ARGUMENTS_WRITTEN}{1 + sum(1 for c in child.children if c.type == ',')}"
    return None
_PLACED_RESULT = lazy_re(r"\)#\d+$")  # ctx, cancel := context.WithCancel(ctx): cancel is f()#1, what a call of it runs
CALLABLE_ITEM = "callable"  # the binding kind of a @var.callable: what a call of a[i] reaches, never a type
ITEM_OF = "item:"  # a value: one of those stored in the collection the variable named after it holds (@var.each)
# prefix of the name a field of a record type written in place binds in its scope (``@var.record``: Go's test table
# ``cases := []struct{ cfg *Config }{..}``: ``.cfg``), read off an element of such a collection (``_record_field``)
RECORD_FIELD = "."
MAP_KEYS = "[]::"  # suffix of a value that is a mapping's keys only where the file declares one (``@var.map_keys``)
_COLLECTION_SUFFIX = {"var.elements": ITEMS, "var.keys": KEYS, "var.map_keys": MAP_KEYS, "var.entered": ENTERED}
_DELEGATE_SUFFIX = {"var.delegate": "", "var.delegates": ITEMS}
_DELEGATE_GIVEN = lazy_re(r"^(.+?)((?:\[\])?)=>(\d+)$", re.S)
_BOUND_SUFFIX = {"var.spread": ITEMS, "var.returns": CALLED_NAME, "var.called": CALLED_NAME}  # the name a binding's capture binds
NAMES = frozenset({"identifier", "attribute"})
UNPACKED = frozenset({"pattern_list", "tuple_pattern", "list_pattern"})  # a, (b, c) = ...
PACKED = frozenset({"expression_list", "tuple", "list"})  # ... = f, (g, h)


def _paired_values(names, values, data: bytes, depth: int = 0) -> list[RawRef]:
    """``a, b = f, g``: a is bound to f and b to g, also nested (``a, (b, c) = f, (g, h)``); a starred name
    (``*rest``) to the values it takes, as ``rest[]``. Nothing when the counts cannot line up (``a, b = pair``)."""
    left, right = names.named_children, values.named_children
    starred = [i for i, n in enumerate(left) if n.type == "list_splat_pattern"]
    if len(starred) > 1 or (not starred and len(left) != len(right)) or len(right) < len(left) - len(starred):
        return []
    out = []
    for i, name in enumerate(left):
        if starred and i > starred[0]:
            taken = [right[len(right) - (len(left) - i)]]
        elif starred and i == starred[0]:
            taken = right[i:len(right) - (len(left) - i - 1)]
            name = name.named_children[0] if name.named_children else name
        else:
            taken = [right[i]]
        if name.type in UNPACKED and len(taken) == 1 and taken[0].type in PACKED and depth < 4:
            out += _paired_values(name, taken[0], data, depth + 1)
            continue
        suffix = ITEMS if starred and i == starred[0] else ""
        out += [RawRef(name.start_byte, "value", _text(name, data) + suffix, _text(v, data), None, None, 0, None)
                for v in taken if name.type == "identifier" and v.type in NAMES]
    return out


ARGUMENT_LISTS = frozenset({"argument_list", "arguments"})
ARGUMENTS = frozenset({"argument"})  # one argument of such a list, where the grammar wraps each (C#)


class CallSite(NamedTuple):
    """Where a value is passed (the callback's node and its name's), held in the reference's ``module`` until the
    references to keep are known: most names passed along are variables that are then dropped, and walking the
    argument list for a callee and a position cost a twentieth of a Python file's processing."""

    node: object
    name: object


@dataclass(slots=True)
class _CallSites:
    """What working out a kept reference's ``CallSite`` reads (``_sited``): the file's argument lists read so far
    (by node id), its text, and whether a method of an object literal passed is at its key."""

    lists: dict
    data: bytes
    keyed: bool


def _sited(site: CallSite, sites: _CallSites) -> tuple[str | None, str | None]:
    """A held ``CallSite``'s (callee, slot), worked out as the reference holding it is kept (``_enclose_all``): the
    references dropped there (most names passed are variables) never walk their argument list."""
    return _call_site(site.node, site.name, sites.data, sites.lists, sites.keyed)


def _with_call_sites(refs: list[Reference], data: bytes, keyed: bool = False) -> list[Reference]:
    """The references with each held ``CallSite`` worked out: the callee in ``module``, the slot in ``alias``;
    ``keyed``: a method of an object literal passed is at its key (``_call_site``)."""
    lists: dict = {}  # an argument list's callee and places, read once for all the values passed in it
    out = []
    for r in refs:  # (one pass: a file has thousands)
        site = r[4]  # module
        if type(site) is CallSite:
            scope, kind, name, receiver, _, _, line, bound_to, args, labels = r
            callee, slot = _call_site(site.node, site.name, data, lists, keyed)
            if callee is None and kind == "param_passed":
                continue  # fn(depth+1): passed to no call
            out.append(_new(Reference, (scope, kind, name, receiver, callee, slot, line, bound_to, args, labels)))
        elif site is not None or r[1] != "param_passed":
            out.append(r)
    return out


def _call_site(node, name, data: bytes, lists: dict | None = None,
               keyed: bool = False) -> tuple[str | None, str | None]:
    """A value passed to a call: (the callee as written, ``#<position>`` or the keyword), so that the callee's
    parameter of that position or name is bound to it (``run(cb=f)``: ``cb()`` inside run calls f). ``lists``: the
    file's argument lists read so far (``_argument_list``), by node id. ``keyed``: a method of an object literal
    written as the argument is at its key (``run({ onDone() {..} })``: ``#0%onDone``, what ``opts.onDone()`` in run
    calls); one nested deeper keeps the argument's place, which no parameter's member call names."""
    node_type = node.type  # (read once: each read builds a str)
    if node_type in ARGUMENTS and _parent(node) is not None and _parent(node).type in ARGUMENT_LISTS:
        if node.child_by_field_name("name") is None:
            node, node_type = _parent(node), _parent(node).type  # C#'s Must(IsValid): one argument of the list
        else:
            return _named_argument(node, data)  # Run(onDone: Finish): by the parameter's name
    if node_type in ARGUMENT_LISTS:
        site = lists.get(node.id) if lists is not None else None
        if site is None:
            site = _argument_list(node, data)
            if lists is not None:
                lists[node.id] = site
        callee, places = site
        # the argument holding the name: self.done in run(self.done) is one argument. Most names are one argument
        # themselves (f(x)): the list's own, by id, without a walk up (a node's parent is a walk down from the root)
        argument, inside = name, name.id in places
        for _ in range(0 if inside else 8):
            parent = _parent(argument)
            if parent is None or parent.id == node.id:
                inside = parent is not None
                break
            argument = parent
        position = places.get(argument.id) if inside else None
        if position is None:
            position, child = 0, argument.prev_named_sibling
            while child is not None:
                position += child.type != "comment"
                child = child.prev_named_sibling
        key = _object_member_key(name, argument, data) if keyed and inside else ""
        return (callee, f"#{position}{key}") if callee is not None else (None, None)
    elif node_type == "keyword_argument" and _parent(node) is not None:
        key = node.child_by_field_name("name")
        slot, call = (_text(key, data) if key is not None else None), _parent(_parent(node))
    else:
        return None, None
    callee = call.child_by_field_name("function") if call is not None else None
    if callee is None or slot is None or callee.end_byte - callee.start_byte > 200:
        return None, None
    return _text(callee, data), slot


def _named_argument(argument, data: bytes) -> tuple[str | None, str | None]:
    """An argument written with its parameter's name (C#'s ``Run(onDone: Finish)``): (the callee, the name)."""
    call = _parent(_parent(argument))
    callee = call.child_by_field_name("function") if call is not None else None
    if callee is None or callee.end_byte - callee.start_byte > 200:
        return None, None
    return _text(callee, data), _text(argument.child_by_field_name("name"), data)


def _object_member_key(name, argument, data: bytes) -> str:
    """``OBJECT_KEY`` + the method's name where ``name`` names a method written straight in the object literal
    ``argument`` is (its definition's ``name`` field, or the ``key`` of a pair whose value is a function: ``{ onDone:
    (r) => .. }``), or in an object under its keys (``{ hooks: { onDone() {..} } }``: ``%hooks%onDone``; ``{
    plugins: [{ setup() {..} }] }``: ``%plugins[]%setup``, as ``_object_keys`` names them), else ``""``."""
    holder = _parent(name)
    named = holder.child_by_field_name("name") or holder.child_by_field_name("key") if holder is not None else None
    if named is None or named.id != name.id:
        return ""
    keys, literal = OBJECT_KEY + _text(name, data), _parent(holder)
    for _ in range(4):  # (ecma.scm hands over methods two keys deep)
        if literal is None or literal.id == argument.id:
            return keys if literal is not None else ""
        above = _parent(literal)
        listed = above is not None and above.type == "array"
        pair = _parent(above) if listed else above
        key = pair.child_by_field_name("key") if pair is not None and pair.type == "pair" else None
        if key is None:
            return ""
        keys = OBJECT_KEY + _text(key, data) + (ITEMS if listed else "") + keys
        literal = _parent(pair)
    return ""


def _argument_list(node, data: bytes) -> tuple[str | None, dict]:
    """An argument list's callee as written (None where there is none or it is over 200 bytes) and each argument's
    place, by node id: the arguments before it, comments aside (a sibling walk per value was quadratic)."""
    call = _parent(node)
    callee = call.child_by_field_name("function") if call is not None else None
    places, place = {}, 0
    for child in node.named_children:
        places[child.id] = place
        place += child.type != "comment"
    return (_text(callee, data) if callee is not None and callee.end_byte - callee.start_byte <= 200 else None), places


# each node's parent, read once while a file's facts are read (``_query_facts`` empties it before, ``parse_file``
# after): tree-sitter finds a parent by a walk down from the root, and a type's steps ask it of the same nodes again,
# as a value passed's do of its argument's
_PARENTS: dict[int, object] = {}


def _parent(node):
    """``node.parent``, read once per node of the file being read (``_PARENTS``)."""
    parent = _PARENTS.get(node.id, _PARENTS)
    if parent is _PARENTS:
        parent = _PARENTS[node.id] = node.parent
    return parent


# ``_type_form`` by node id, for the file being read (as ``_PARENTS``), each beside its node: a node holds its tree,
# whose freed memory another tree's nodes would take, ids and all (a stale form read for another tree's node)
_FORMS: dict[int, tuple[object, str | None]] = {}


def _type_form(node, rules: ParseRules, name_of) -> str | None:
    """``_type_form_read``, once per node of the file: a generic's head is asked again by each type argument's
    ``_returned_element`` (hono's ``src/types.ts``: 13.6K calls, 8.8K nodes)."""
    held = _FORMS.get(node.id)
    if held is None:
        held = _FORMS[node.id] = (node, _type_form_read(node, rules, name_of))
    return held[1]


def _type_form_read(node, rules: ParseRules, name_of) -> str | None:
    """Where a type name is used: the form of the nearest enclosing node type the language lists (a parameter,
    a return type, a field, a variable...), ``generic`` inside generic arguments (a base's too: ``extends
    Subscribable<Listener>`` uses ``Listener``); None where it is not a use (a declaration's own name, a base class
    already an ``inherits`` reference, a constructor call). A transparent type's first argument (``URL`` in
    ``Optional[URL]``) takes the place's form, the transparent type itself ``annotation``."""
    contexts, arguments, transparent = rules.type_contexts, rules.type_arguments, rules.transparent_types
    # the name's text decoded once (both checks read it: Python's every annotation, 60K in site-packages' stubs)
    last = _last_segment(name_of(node)) if rules.bare_qualifiers or transparent else ""
    if rules.bare_qualifiers and last in rules.bare_qualifiers \
            and _parent(node) is not None and _parent(node).type not in rules.type_arguments \
            and _generic_head(_parent(node)) is None:  # x: Final = Converter(): no declared type (the value's)
        return "annotation"
    if transparent and (_wrapper_name(node, name_of) in transparent  # Optional[URL] itself, or its name Optional
                        or (last in transparent or last in rules.union_types)  # (the name first: spares two parents)
                        and (_generic_head(_parent(node)) == node or _qualified_head(node))):  # or io::Result's Result
        return "annotation"
    generic, child, current = False, node, _parent(node)
    for _ in range(16):
        if current is None:
            break
        kind = current.type
        form = contexts.get(kind, ...)
        if form is not ...:
            form = form(current, child) if callable(form) else form
            if form is not ...:  # a rule may look further up
                return "generic" if generic else form
        if kind in arguments and not (transparent and _held_as_value(current, child, rules, name_of)):
            generic = True
        child, current = current, _parent(current)
    return "generic" if generic else "annotation"


def _held_as_value(arguments, child, rules: ParseRules, name_of) -> bool:
    """Whether a type argument is what a value of the generic type is used as: a transparent type's first
    (``URL`` of ``Optional[URL]``), any of a union's (``A`` and ``B`` of ``Union[A, B]``)."""
    first = arguments.named_children[:1] == [child]
    if not first and not rules.union_types:
        return False
    wrapper = _wrapper_name(_parent(arguments), name_of)
    return first and wrapper in rules.transparent_types or wrapper in rules.union_types


GENERIC_TYPES = ("generic_type", "template_type", "generic_name")  # a type with arguments (C++: template type, C#:
# generic name)


def _generic_head(generic):
    """The named type of a generic one (``Promise`` of ``Promise<App>``), or None."""
    if generic is None or generic.type not in GENERIC_TYPES:
        return None
    return generic.child_by_field_name("name") or (generic.named_children[0] if generic.named_child_count else None)


def _qualified_head(node) -> bool:
    """Whether ``node`` is the last name of a qualified generic type's head: ``Result`` of ``io::Result<T>``."""
    qualified = _parent(node)
    return qualified is not None and qualified.child_by_field_name("name") == node \
        and _generic_head(_parent(qualified)) == qualified


# containers of one element type (of a Generator, what it yields: its first argument)
ITEM_CONTAINERS = frozenset({"list", "List", "set", "Set", "frozenset", "FrozenSet", "Iterator", "Iterable",
                             "Sequence", "MutableSequence", "Collection", "Generator", "AsyncIterator",
                             "AsyncIterable", "AsyncGenerator", "deque", "Deque", "Array", "ReadonlyArray",
                             "IterableIterator",
                             # .NET's sequence interfaces and collections (IEnumerable<Order> Pending())
                             "IEnumerable", "IReadOnlyList", "IReadOnlyCollection", "ICollection", "IList", "ISet",
                             "IReadOnlySet", "IAsyncEnumerable", "IQueryable", "HashSet", "ImmutableArray",
                             "ImmutableList"})


# mappings, whose element taken by key (``obj.columns["a"]``, ``.values()``) is their last argument's
MAP_CONTAINERS = frozenset({"dict", "Dict", "Mapping", "MutableMapping", "OrderedDict", "defaultdict", "DefaultDict"})


def _returned_element(node, rules: ParseRules, name_of, form: str = "generic") -> str:
    """The container's name where the type at ``node`` (of the ``form`` its place gives) is the element type of a
    container a function declares it returns, or a field or property holds (``Param`` of ``-> list[Param]``, ``"Extension"`` of ``->
    t.Iterator["Extension"]``, whose argument takes the return's form as the container is transparent; ``Column`` of
    ``-> dict[str, Column]``): the first argument of the container, a mapping's last (also the language's
    ``ITEM_TYPES`` and ``MAP_TYPES``: C++'s ``std::vector<Sink>``, through a transparent type inside it:
    ``std::vector<std::shared_ptr<Sink>>``); "" where it is none."""
    current = _parent(node)
    for _ in range(8):  # (a wrapper inside the container takes four: vector<shared_ptr<T>>)
        if current is None:
            return ""
        if current.type in rules.array_types:  # Foo[], as Array<Foo>: Foo its element, where Foo is written alone
            declared = current.named_children[:1] == [node] and _type_form(current, rules, name_of) in ("return",
                                                                                                    "field")
            return "Array" if declared else ""
        head = current.child_by_field_name("value") if current.type == "subscript" else _generic_head(current)
        if head is not None and head != node:
            arguments = [c for c in current.named_children if c != head]
            if len(arguments) == 1 and arguments[0].type in rules.type_arguments:  # dict[str, Column]'s [..] node
                arguments = arguments[0].named_children
            container = _last_segment(name_of(head))
            held = arguments[:1] if container in ITEM_CONTAINERS or container in rules.item_types else \
                arguments[-1:] if container in MAP_CONTAINERS or container in rules.map_types else []
            if not held and container in rules.transparent_types:  # vector<shared_ptr<Sink>>: the vector's element
                current = _parent(current)
                continue
            if (container in rules.item_types or container in rules.map_types) and (
                    _nested_generic(node, current) or rules.type_parameter(node, name_of(node))):
                # vector<pair<int, Key>>: an element no one class is (its .second is not a pair's member);
                # template <typename T> .. vector<T*> vec: whatever the template is built with, not known
                return ""
            # a field's or property's declared container (IReadOnlyList<Order> Orders): what reading it gives, as
            # a function's return is what calling it gives
            returned = _type_form(head, rules, name_of) in ("return", "field") or (
                form == "return" and container in rules.transparent_types)
            inside = bool(held) and held[0].start_byte <= node.start_byte < held[0].end_byte
            return container if inside and returned else ""
        current = _parent(current)
    return ""


def _nested_generic(node, container) -> bool:
    """Whether ``node`` names a generic type written inside ``container``'s arguments (``pair`` of
    ``vector<pair<int, Key>>``, also written whole ``std::pair<int, Key>``), not a plain one (``Key`` of
    ``vector<Key>``)."""
    named = node.child_by_field_name("name") if node.type == "qualified_identifier" else None
    if named is not None and _generic_head(named) is not None:
        return True
    generic = _parent(node)
    return generic is not None and generic != container and _generic_head(generic) == node


def _wrapper_name(generic, name_of) -> str:
    """The generic type's own name, its last segment (``io::Result`` of ``io::Result<File>``: ``Result``)."""
    head = _generic_head(generic)
    return _last_segment(name_of(head)) if head is not None else ""


def _last_segment(name: str) -> str:
    return name.rpartition("::")[2].rpartition(".")[2]


def _decorator_factories(nodes, data: bytes) -> tuple:
    """The decorators captured with their argument list (``@wrap(Converter)``): ``wrap(Converter)`` returns the
    decorator, so what calling the decorated function runs is what that one returns (``DECORATOR_FACTORY``)."""
    return tuple(_decorator_name(text) for text in (_text(n, data) for n in nodes) if text.rstrip().endswith(")"))


def _decorator_name(text: str) -> str:
    """``@app.route("/x")`` / ``app.route`` -> ``app.route``; whitespace inside a dotted name dropped."""
    return "".join(text.lstrip("@").split("(")[0].split())


_GENERIC = lazy_re(r"<[^<>]*>|(?<=\w)\[[^\[\]]*\]")
_PARENS, _BRACES = lazy_re(r"\([^()]*\)"), lazy_re(r"\{[^{}]*\}")
# each bracket pair's contents dropped (``_type_text``): the regex, what it leaves, the bracket it needs to match
# (``_GENERIC``'s ``<`` or ``[``)
_BRACKET_STEPS = ((_GENERIC, "", "<"), (_PARENS, "\x00", "("), (_BRACES, "\x01", "{"))
_COLLECTION = lazy_re(r"\[\]$|^\[|^(?:map\[|chan\b|func\b|\(|fn\s*\(|\w+\s*=>)")  # arrays, maps, functions, tuples
_TYPE_PREFIXES = ("&", "*", "mut ", "dyn ", "impl ", "const ", "readonly ", "'", "?")
_NEW_IN_PARENS = lazy_re(r"^\((new\s+[\w\\]+(?:\([^()]*\))?)\)(?=\s*(?:->|\?->|\.))")
# Optional[A], Union[A, B], and type[A] / Type[A]: the class A itself, as a classmethod's ``cls`` is (a call of it
# constructs one, its methods are A's)
_WRAPPER = lazy_re(rf"^(?:(?:{'|'.join(_TYPING)})\.)?(Optional|Union|Type|type)\[(.*)\]$")
_ANNOTATED = lazy_re(rf"^(?:(?:{'|'.join(_TYPING)}|typing_extensions)\.)?Annotated\[(.*)\]$", re.S)
_NOTHING = {"None", "null", "undefined", "nil", "void", "never"} | ANY_TYPES
LITERALS = frozenset({"dictionary", "list", "set", "tuple", "string", "concatenated_string", "integer", "float", "true",
                      "false", "list_comprehension", "dictionary_comprehension", "set_comprehension",
                      "generator_expression", "object", "array", "template_string", "number", "regex",
                      "list_splat_pattern", "dictionary_splat_pattern"})  # Python's *args and **kwargs
# members of an object literal that are the repository's code (``{ inject() {..} }``, ``{ run: () => .. }``, ``{ find }``
# naming a function): such a literal is an object of the repository, not a library's collection
CODE_MEMBERS = frozenset({"method_definition", "shorthand_property_identifier"})
CODE_VALUES = frozenset({"function_expression", "arrow_function", "function", "generator_function"})


def _holds_code(node) -> bool:
    """Whether a literal holds methods or functions (an object a factory builds), not only data."""
    for child in node.named_children:
        if child.type in CODE_MEMBERS:
            return True
        value = child.child_by_field_name("value") if child.type == "pair" else None
        if value is not None and value.type in CODE_VALUES:
            return True
    return False


CALLS = frozenset({"call", "call_expression"})
CALLEES = frozenset({"identifier", "attribute", "member_expression", "selector_expression", "scoped_identifier",
                     "field_expression"})


def _named_call(node, node_type: str) -> bool:
    """A call of a function by its name (``func(x)``, ``mod.fn(x)``): no function type, whatever the name; a
    function literal called on the spot (``(() => x)()``, Go's ``func() T {...}()``) stays one."""
    if node_type not in CALLS:
        return False
    callee = node.child_by_field_name("function")
    return callee is not None and callee.type in CALLEES


# the line break and indentation around a chain's dot: before it (Rust, TypeScript, Java), after it (Go's
# `base.\n\t\tWithField(..)`)
_CHAIN_BREAK = lazy_re(r"\s*\n\s*(?=\??\.)|(?<=\.)\s*\n\s*")
# a line that is only a // comment (Moshi.Builder()\n // ..\n .build()), or one after a chain's dot at the end of a
# line (zerolog's examples: .ObjectsV("users", u, u2). // shows variadic version\n Logger())
_COMMENT_LINE = lazy_re(r"(?m)^[ \t]*//.*\n|(?<=\.)[ \t]*//[^\n]*(?=\n)")


@lru_cache(maxsize=16384)
def _type_text(text: str, call: bool = False) -> str | None:
    """A declared type or constructing expression, compacted: ``&mut Store`` -> ``Store``, ``List<Item>`` -> ``List``,
    ``&T{a: 1}`` -> ``&T{}``, ``new Foo(x, y)`` -> ``new Foo()``, ``Optional[Foo]`` / ``Foo | None`` -> ``Foo``,
    ``A | B`` -> ``A|B``; ``[]`` for arrays, maps, tuples and function types (never for a ``call``); None for what
    says nothing."""
    if text.isidentifier():
        return text if text not in ("var", "let", "const", "auto", "_") and text not in _NOTHING else None
    if "\n" in text:  # a chain over several lines, maybe with a comment line between two calls
        text = " ".join(_CHAIN_BREAK.sub("", _COMMENT_LINE.sub("", text)).split())
    else:
        text = " ".join(text.split())
    annotated = None if call else _ANNOTATED.match(text)
    if annotated:  # Annotated[APIRouter, Doc("""..""")]: the type, however long the documentation beside it
        return _type_text(_top_level_split(annotated.group(1), ",")[0].strip())
    if len(text) > 400 or " & " in text:  # (a long call's arguments say nothing of its value: its callee does)
        return _long_call(text) if call else None
    if len(text) > 2 and text[0] in "\"'" and text[-1] == text[0]:  # a forward reference: Optional["Node"]
        return _type_text(text[1:-1], call)
    parts = _top_level_split(text, "|")
    wrapped = _WRAPPER.match(text)
    if wrapped:  # Optional[A], Union[A, B]
        parts = _top_level_split(wrapped.group(2), ",") if wrapped.group(1) == "Union" else [wrapped.group(2)]
    if len(parts) > 1 or wrapped:
        found = [t for t in (_type_text(p.strip()) for p in parts) if t]
        return "|".join(dict.fromkeys(found)) or None
    stripped = None
    while stripped != text:  # &'a mut Store, *const T, readonly X[]: in any order
        stripped = text
        for prefix in _TYPE_PREFIXES:
            if text.startswith(prefix):
                text = text[len(prefix):].lstrip()
                if prefix == "'" and " " in text:  # a lifetime's name: &'a Store
                    text = text.partition(" ")[2].lstrip()
    if text[:5] == "(new ":  # (new X)->m() (PHP), (new X()).m() (TypeScript, JavaScript, Java, C#): the chain
        # goes on from the object built, no tuple (not PHP's alone: `const c = (new Maker()).enable(); c.add()`)
        text = _NEW_IN_PARENS.sub(r"\1", text)
    if not call and _COLLECTION.search(text):
        return COLLECTION
    for rx, repl, opening in _BRACKET_STEPS:
        if opening not in text and (opening != "<" or "[" not in text):  # nothing to drop (a regex pass spared)
            continue
        previous = None
        while previous != text:
            previous, text = text, rx.sub(repl, text)
    text = text.replace("\x00", "()").replace("\x01", "{}").rstrip("?!")  # bracket contents dropped, brackets kept
    return text if text and text not in _NOTHING else None


def _long_call(text: str) -> str | None:
    """``Starlette()`` for ``Starlette(routes=[...])``, a call of a (dotted) name too long to compact piece by piece:
    the callee, where its parentheses close at the end (no chain after them); else None."""
    name, paren, _ = text.partition("(")
    if not paren or not name.replace(".", "").isidentifier() or not text.endswith(")"):
        return None
    depth = 0
    for at, char in enumerate(text[len(name):], len(name)):
        depth += (char == "(") - (char == ")")
        if depth == 0:
            return f"{name}()" if at == len(text) - 1 else _long_chain(text)
    return None


def _long_chain(text: str) -> str | None:
    """``New(out).With().Str("k", "..")...Type("t", x)``: a fluent chain too long to compact piece by piece (zerolog's
    tests build a logger's context in thirty calls) as its calls with their arguments dropped, where that leaves a
    chain (``_is_chain``'s bounds); else None."""
    if len(text) > _CHAIN_LENGTH:
        return None
    for _ in range(_CHAIN_NESTING):
        if "(" not in text:
            break
        text = _PARENS.sub("\x00", text)
    chain = text.replace("\x00", "()")
    return chain if "(" not in text and _CHAIN.fullmatch(chain) else None


_GENERIC_OF = lazy_re(r"^[\w.:]+\s*<(.+)>$", re.S)


# arrays, slices and maps written with brackets: Book[] (TypeScript, Java), []*Book, [size]Book and map[string]Book (Go),
# &[Book] and [Book; 4] (Rust); Python's list[Book], dict[str, Book] (containers only: Callable[[A], B] is none)
_ARRAY_OF = lazy_re(r"^(?:readonly\s+)?(.+?)\[\]$|^(?:\[(?:\d*|\.\.\.|[A-Za-z_][\w.]*)\]|map\[[^\[\]]*\])(.+)$|^&?(?:mut\s+)?\[([^;\[\]]+)(?:;[^\]]*)?\]$")
# (written through the module's alias too: ``import typing as t`` and ``t.Iterable[Rule]``, ``cabc.Sequence[Rule]``)
_BRACKETED_OF = lazy_re(r"^(?:[A-Za-z_]\w*\.){0,2}(?:list|List|Sequence|MutableSequence|Iterable|Iterator|"
                        r"Collection|set|Set|frozenset|FrozenSet|AbstractSet|MutableSet|deque|Deque|dict|Dict|Mapping|"
                        r"MutableMapping|OrderedDict|defaultdict|DefaultDict)\[(.+)\]$", re.S)


_LEADING_BORROW = lazy_re(r"^&\s*(?:'\w+\s+)?(?:mut\s+)?(?=[\w:]+\s*<)")  # &'a mut Vec<T>: a Vec<T> borrowed


@lru_cache(maxsize=16384)  # a function of its text (and the language's rules): the same declared types recur
def _element_type(text: str, transparent=frozenset(), cast=lambda text: None) -> str | None:
    """``List<Element>``, ``Map<String, Route>``, ``Vec<Arg>``, ``Book[]``, ``[]*Book``, ``&[Book]``, ``list[Book]``
    -> the element (a map's: its value) type, compacted; None for what is no collection of a named type. A borrowed
    one's are its own (``&HashMap<K, V>``, ``&'a mut Vec<T>``). An element written as a tuple is what the
    language's ``cast`` makes of it, a ``TUPLE_OF`` value (``Vec<(Name, Value)>``: ``tuple:Name,Value``)."""
    text = _LEADING_BORROW.sub("", " ".join(text.split()))
    channel = _CHANNEL_OF.match(text)
    if channel:  # a Go channel's elements are what a receive from it gives (v := <-ch)
        last = _type_text(channel.group(1).strip().lstrip("*"))
        return last if last and last != COLLECTION and last.replace(".", "").isidentifier() else None
    m = _GENERIC_OF.match(text) or _BRACKETED_OF.match(text)
    if m:  # a map's value is its last argument; a transparent type's its first (Rust's Result<T, E>: not the error)
        args = _top_level_split(m.group(1), ",")
        inner = (args[0] if _generic_name(text) in transparent else args[-1]).strip()
    else:
        m = _ARRAY_OF.match(text)
        inner = next((g for g in m.groups() if g), "").strip() if m else ""
        inner = inner.partition("{")[0].strip()  # Go's literal []Route{{...}}: its elements' type, not struct{...}
        inner = "" if inner in ("struct", "interface", "func") else inner
    while transparent and (held := _GENERIC_OF.match(inner)) and _generic_name(inner) in transparent:
        inner = _top_level_split(held.group(1), ",")[0].strip()  # Vec<Box<dyn Shape>>: a Shape's methods run
    inner = inner.rstrip("*& ")  # C++'s vector<Node*>, map<K, const V&>: a pointer to (or a reference of) an element
    if transparent and "[" in inner:  # list[type[Ext]], Sequence[str | type["Ext"]]: each member's own class
        inner = " | ".join(_unbracketed(part.strip(), transparent) for part in _top_level_split(inner, "|"))
    tupled = cast(inner) if inner.startswith("(") else None
    if tupled and tupled.startswith(TUPLE_OF):
        return tupled
    last = _type_text(inner) if inner else None
    return last if last and last != COLLECTION and _named_types(last) else None


_BRACKETED_GENERIC = lazy_re(r"^([\w.]+)\[(.+)\]$", re.S)


def _unbracketed(part: str, transparent) -> str:
    """``type["Ext"]``, ``Optional[Ext]`` -> ``Ext``: a transparent type written with brackets (Python's), the type
    it wraps; any other part as it is."""
    while (held := _BRACKETED_GENERIC.match(part)) and _last_segment(held.group(1)) in transparent:
        part = _top_level_split(held.group(2), ",")[0].strip().strip("\"'")
    return part


def _named_types(kind: str) -> bool:
    """Whether a compacted type names classes only: ``Route``, ``a.Route``, a union ``Route|Mount``."""
    return all(part.replace(".", "").isidentifier() for part in kind.split("|"))


_MAP_KEY = lazy_re(r"^map\[([^\[\]]+)\]")  # a map type written with its key in brackets first
# Go's channel types (chan T, <-chan T, chan<- T) and one made (make(chan T, n)): what is received is their key,
# as a map's key is what a loop with one name over it gives (for v := range ch)
_CHANNEL_OF = lazy_re(r"^(?:make\(\s*)?(?:<-\s*)?chan\b(?:\s*<-)?\s*([^,()]+?)\s*(?:,[^()]*\)|\))?$")


@lru_cache(maxsize=16384)
def _key_type(text: str, map_types=frozenset()) -> str | None:
    """``dict[str, Column]``, ``Mapping[Kind, Column]``, ``map[Level]Color`` -> the key type (``str``, ``Kind``,
    ``Level``), what iterating the mapping gives; ``COLLECTION`` for a key that is no named type (``tuple[int,
    int]``: never a value's class); None for what is no mapping. ``map_types``: the language's generic mappings
    (C++'s ``std::map<Label, Task>``: ``Label``)."""
    if "[" not in text and "<" not in text and "chan" not in text:
        return None  # (no mapping is written without one: most declared types and values, spared the steps below)
    text = " ".join(text.split())
    channel = _CHANNEL_OF.match(text)  # ch chan T, make(chan T, n): a loop over a channel (or a receive) gives T
    if channel:
        key = _type_text(channel.group(1).strip().lstrip("*"))
        return key if key and key != COLLECTION and key.replace(".", "").isidentifier() else COLLECTION
    written_first = _MAP_KEY.match(text)  # map[*Page]*Route{...}: the key in brackets, before the value
    generic = _GENERIC_OF.match(text) if map_types else None
    if written_first:
        key = _type_text(written_first.group(1).strip())
    elif generic and _generic_name(text) in map_types:
        args = _top_level_split(generic.group(1), ",")
        key = _type_text(args[0].strip().rstrip("*& ")) if len(args) >= 2 else None
    else:
        m = _BRACKETED_OF.match(text)
        if not m or _last_segment(text.partition("[")[0].strip()) not in MAP_CONTAINERS:
            return None
        args = _top_level_split(m.group(1), ",")
        key = _type_text(args[0].strip()) if len(args) == 2 else None
    return key if key and key != COLLECTION and key.replace(".", "").isidentifier() else COLLECTION


def _generic_name(text: str) -> str:
    """``io::Result<File, E>`` -> ``Result``: a generic type's own name, its last segment."""
    return _last_segment(text.partition("<")[0].strip())


@dataclass(frozen=True)
class ElementReads:
    """How the language of the file being read takes an element out of a collection beyond ``ELEMENT_ACCESSORS``:
    ``accessors``, more methods giving one (C++'s ``front()``); ``entry_members``, the members of a mapping's entry
    (what an iterator points to, what a loop over the mapping takes) -> ``"value"`` or ``"key"`` (C++'s ``.second``,
    ``.first``). Set per file by ``_use_element_reads``, read by the value flow's module-level helpers.
    ``implicit_fields``: a bare name no scope of the file binds may be a field of the method's class (C++'s
    ``for (auto& s : sinks_)``): a loop over it takes ``self.sinks_[]``, which the resolver reads off the field's
    declaration wherever it is (nothing where there is no such field)."""
    accessors: frozenset = frozenset()
    entry_members: dict = field(default_factory=dict)
    implicit_fields: bool = False
    bare_fields: bool = False  # ParseRules.bare_fields: a bare name no scope binds is a (base) class's field
    index_method: str | None = None  # ParseRules.index_method: what obj[k] runs on obj's class (__getitem__)
    element_keeping: frozenset = frozenset()  # ParseRules.element_keeping: reversed(xs) iterates as xs does


_ELEMENT_READS = [ElementReads()]  # the current file's (one file is read at a time in a process)


def _use_element_reads(rules) -> None:
    _ELEMENT_READS[0] = ElementReads(rules.element_accessors, rules.entry_members, rules.implicit_fields,
                                     rules.bare_fields, rules.index_method, rules.element_keeping)


def _element_step(chain: str, accessors: frozenset = ELEMENT_ACCESSORS) -> str | None:
    """``get(0).tagName`` -> ``tagName`` (the rest after an element accessor's call, ``""`` when none); None when
    the chain does not start with one (of ``accessors``: ``_accessors_of``). An entry's value member right after
    (C++'s ``find(k)->second``, an iterator's target's) is the element still; its key member is no element (None)."""
    name, paren, _ = chain.partition("(")
    reads = _ELEMENT_READS[0]
    if not paren or name not in accessors:
        return None
    depth = 0
    for i, ch in enumerate(chain):
        depth += (ch == "(") - (ch == ")")
        if ch == ")" and depth == 0:  # get(k)!.title in TypeScript, first()?.title in Rust: the element still
            rest = chain[i + 1:].lstrip("!?")
            rest = rest.lstrip(".") if rest[:1] in ("", ".") else None
            member, _, after = (rest or "").partition(".")
            entry = reads.entry_members.get(member)
            return rest if entry is None else after if entry == "value" else None
    return None


def _accessors_of(holder: str, chain: str, stack: list[Span], types: dict) -> frozenset:
    """The element accessors ``chain`` may start with on ``holder``: the generic ones, and the language's own (C++'s
    ``front()``) only where ``holder`` is a container its declaration states the elements of: not a wrapper typed
    as what it holds (a ``unique_ptr<Queue>``'s ``p->front()`` is the queue's method), nor a plain named type whose
    elements the resolver looks up (``Iterator* it``: ``it->value()`` is the iterator's)."""
    extra = _ELEMENT_READS[0].accessors
    if chain.partition("(")[0] not in extra:
        return ELEMENT_ACCESSORS
    items = _elements_of(holder, stack, types)
    if not items or items.startswith(ELEMENTS_OF) or items == _bound_to(holder, False, stack, types):
        return ELEMENT_ACCESSORS
    return ELEMENT_ACCESSORS | extra


def _top_level_split(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside brackets and strings (``A | B[C | D]`` -> ``A``, ``B[C | D]``): a declared
    type's text, whose ``<>`` bracket type arguments and whose ``||`` is no union's ``|``."""
    if sep not in text:  # most types are no union and take no arguments: no call
        return [text]
    return split_outside(text, sep, "([{<", ")]}>", escapes=False, lone=True)


def _unquote(text: str | None) -> str | None:
    return text.strip("\"'`") if text else text


def _error_lines(root, limit: int = 5) -> list[int]:
    found, stack = [], [root]
    while stack and len(found) < limit:
        node = stack.pop()
        if node.is_error or node.is_missing:
            found.append(node.start_point[0] + 1)
            continue
        stack.extend(reversed([c for c in node.children if c.has_error or c.is_missing]))
    return found


def _nest(raw_defs: list[RawDef], rules: ParseRules) -> tuple[list[Definition], list[Span], list[Reference]]:
    """Qualified names from byte-range nesting (functions inside containers become methods), unique within the file:
    a repeated one gets ``#2``, ``#3``... in file order, and references inside it are attributed to that one."""
    raw_defs.sort(key=lambda d: (d.start, -d.end))
    out, stack, spans, seen, decorated = [], [], [], {}, []  # stack of (end_byte, qualname, kind, test, exported)
    extensions: set[str] = set()
    for d in raw_defs:
        while stack and stack[-1][0] <= d.start:
            stack.pop()
        parent = stack[-1] if stack else None
        prefix = d.parent_name or (parent[1] if parent else None)
        if rules.is_junk(d.name, d.kind, prefix):  # an error node's remains: ``if (...) {`` read as a method
            continue
        qualname = f"{prefix}.{d.name}" if prefix else d.name
        kind = d.kind
        container_kind = "struct" if d.parent_name else (parent[2] if parent else None)
        if kind == "function" and container_kind in CONTAINER_KINDS:
            kind = "method"
        elif kind == "variable" and d.name.isupper():
            kind = "constant"
        block = kind == "impl" or (kind == "extension" and qualname in extensions)
        if not block:  # ``impl T`` blocks all name T: they add members to it, they are not new definitions
            n = seen[qualname] = seen.get(qualname, 0) + 1
            qualname = qualname if n == 1 else f"{qualname}#{n}"
        test = d.test or (parent is not None and parent[3])  # what a test module holds is test code
        exported = rules.is_exported(d.name, prefix, d.exported) or (
            rules.members_exported and parent is not None and parent[4] and parent[2] in CONTAINER_KINDS
            and d.name[:1] not in ("#", "_") and not d.hidden)  # a public member of an exported class or interface
        stack.append((d.end, qualname, kind, test, exported))
        spans.append(Span(d.start, d.end, qualname, d.self_name, kind, rules.takes_parameter_refs(d.name, d.decorators),
                          d.body_start))
        if block:
            continue
        if kind == "extension":  # the first block of a type's extension is its symbol, the next ones add to it
            extensions.add(qualname)
        out.append(Definition(qualname, d.name, kind, d.line_start, d.line_end, prefix, exported,
                              rules.entry_reason(d.name, kind, prefix, d.decorators), test, d.params, d.hidden))
        if d.anonymous:  # built where it is written: the enclosing definition calls it
            decorated.append(Reference(prefix or "<module>", "call", qualname.rpartition(".")[2], None, None, None,
                                       d.line_start))
        for decorator in dict.fromkeys(d.decorators):  # what wraps the definition: calls of it run the wrapper
            if decorator in (MADE, SINGLETON, EXPOSED):  # marks the resolver reads (``Resolver.made``, ``exposed``)
                decorated.append(Reference(qualname, "decorated_by", decorator, None, None, None, d.line_start))
                continue
            if decorator[:1] == "<" or rules.entry_reason(d.name, kind, prefix, (decorator,)) is None:
                continue  # @property, @staticmethod...: wraps nothing the resolver could follow
            receiver, _, name = decorator.rpartition(".")
            factory = DECORATOR_FACTORY if decorator in d.factories else None
            decorated.append(Reference(qualname, "decorated_by", name, receiver or None, None, factory, d.line_start))
    return out, spans, decorated


# not `[options.name="x"]`: a property of the parameter, whose type is not the parameter's (restify's createServer)
_JSDOC_PARAM = lazy_re(r"@param\s*\{\s*([A-Za-z_$][\w$.]*)\s*\}\s*\[?\s*([A-Za-z_$][\w$]*)(?![\w$.])")
_JSDOC_RETURNS = lazy_re(r"@returns?\s*\{\s*([A-Za-z_$][\w$.]*)\s*\}")
# JSDoc types that say nothing of what a value holds: express's app is a Function with methods mixed in
_VAGUE_JSDOC = frozenset({"Object", "object", "Function", "function", "any", "unknown", "mixed"})
_FUNCTIONS = frozenset({"function_declaration", "generator_function_declaration", "function_expression",
                        "arrow_function", "generator_function", "method_definition"})


def _jsdoc_types(comment, target, data: bytes, found: Captures) -> None:
    """``/** @param {Runner} runner @returns {Suite} */`` just before a function: in plain JavaScript the comment is
    where the types are written. Each parameter named becomes a variable of that type in the function (a
    ``@param {Buffer} buf`` types it a library's: its members are never guessed), the return type a ``type.return``
    of it; one named type only (a union or a generic says nothing here), and never ``Object`` or ``Function``."""
    text = _text(comment, data)
    function = _function_in(target)
    body = function.child_by_field_name("body") if function is not None and text.startswith("/**") else None
    if body is None:
        return
    at, line = body.start_byte, comment.start_point[0] + 1  # scoped in the body, found at the comment
    for type_name, name in _JSDOC_PARAM.findall(text):
        if type_name not in _VAGUE_JSDOC:
            found.bindings["var"].append(RawRef(at, "var", name, type_name, None, None, 0, None))
    for type_name in [t for t in _JSDOC_RETURNS.findall(text) if t not in _VAGUE_JSDOC][:1]:
        receiver, _, name = type_name.rpartition(".")
        found.refs.append(RawRef(at, "type.return", name, receiver or None, None, None, line, None))


_JSDOC_TYPEDEF_IMPORT = lazy_re(
    r"@typedef\s*\{\s*import\(\s*['\"]([^'\"]+)['\"]\s*\)(?:\.([A-Za-z_$][\w$]*))?\s*(?:<[^{}]*>\s*)?\}\s*([A-Za-z_$][\w$]*)")


_JSDOC_INLINE_IMPORT = lazy_re(r"@(?:type|param|returns?|arg|argument|property|prop)\s*\{[^{}]*?"
                               r"import\(\s*['\"]([^'\"]+)['\"]\s*\)\.([A-Za-z_$][\w$]*)")


def _jsdoc_imports(comment, data: bytes, found: Captures) -> None:
    """``/** @typedef {import('./types.d.ts').RunnerOptions} RunnerOptions */``: plain JavaScript imports a type for
    its JSDoc so (mocha's ``lib/types.d.ts``, which nothing else names): an import of that name, aliased, as
    ``import { RunnerOptions } from './types.d.ts'`` would be; ``{import('../runner.cjs')} Runner`` binds the module
    as ``require`` does. ``@param {RunnerOptions} opts`` then finds the type through it."""
    text = _text(comment, data)
    if not text.startswith("/**"):
        return
    line = comment.start_point[0] + 1
    for module, name, alias in _JSDOC_TYPEDEF_IMPORT.findall(text):
        found.refs.append(RawRef(comment.start_byte, "import", name or "*", None, module, alias, line, None))


def _jsdoc_inline_imports(comment, data: bytes, found: Captures) -> None:
    """``/** @type {import('./types.d.ts').Config} */`` before a statement, ``@param {import('../x.js').Options}
    opts`` before a function: the type used where it is written, an import of its name (np's package-manager configs:
    ``PackageManagerConfig``, named nowhere else, was dead at 0.6). A typedef's comment is ``_jsdoc_imports``'."""
    text = _text(comment, data)
    if not text.startswith("/**") or "import(" not in text or "@typedef" in text:
        return
    line = comment.start_point[0] + 1
    for module, name in _JSDOC_INLINE_IMPORT.findall(text):
        found.refs.append(RawRef(comment.start_byte, "import", name, None, module, None, line, None))


def _doc_types(comment, target, named: str | None, data: bytes, found: Captures, rules: ParseRules) -> None:
    """``@doc``: a doc comment whose types the language reads (``rules.doc_types``: PHP's ``/** @var Client $c */``,
    ``@param``, ``@return``). A variable's type binds it (``x``, or ``x[]``: its elements) where the comment stands,
    or in the ``@doc.target`` (a method's body: its ``@param``); a type with a ``form`` is the target's own (a
    property's ``@var``: ``field``, a method's ``@return``: ``return``), placed at the target's start so that it is
    the target's reference; ``[]`` for a name: the elements of what ``@doc.name`` names (a property's ``Route[]``,
    which ``foreach ($this->routes as $r)`` reads)."""
    at = target.start_byte if target is not None else comment.end_byte
    line = comment.start_point[0] + 1
    for name, type_name, form in rules.doc_types(_text(comment, data)):
        if target is not None and form:
            found.refs.append(RawRef(at, "type." + form, type_name, None, None, None, line, None))
        if name == ITEMS:  # bound where the comment stands: in the class, beside the property
            if named:
                found.bindings["var"].append(RawRef(comment.start_byte, "var", named + ITEMS, type_name, None, None,
                                                    0, None))
        elif name:
            found.bindings["var"].append(RawRef(at, "var", name, type_name, None, None, 0, None))


DECLARED = "<declared>"  # the mark of a member a class's doc comment declares (no body: ``_doc_members``)


def _doc_members(comment, owner_node, data: bytes, found: Captures, rules: ParseRules) -> None:
    """``@doc`` + ``@doc.owner``: the members a class's doc comment declares (``rules.doc_members``: PHP's
    ``@method static Carbon now()``), each a definition of the owner spanning its tag, marked ``DECLARED``; its
    declared type is its ``type.return`` / ``type.field`` (a chain through it keeps its type), and what answers it
    (``__callStatic``) a call from it on ``self``: reaching the member reaches the code that runs. A ``signature``
    at ``DECLARED_PLACE`` says it has no body: a base's or trait's real member of the name is what a call runs."""
    text = _text(comment, data)
    owner = _text(owner_node, data)
    first_line = comment.start_point[0] + 1
    for member in rules.doc_members(text):
        if member.kind == MIXIN:
            _doc_mixin(member, owner_node.start_byte, first_line + text.count("\n", 0, member.start), found, rules)
            continue
        if rules.is_junk(member.name, member.kind, owner):  # @method static void if(...): no name a symbol bears
            continue
        start = comment.start_byte + len(text[:member.start].encode())
        end = comment.start_byte + len(text[:member.end].encode())
        line = first_line + text.count("\n", 0, member.start)
        found.defs.append(RawDef(start, end, member.kind, member.name, line, line, owner, True, (DECLARED,), None))
        found.refs.append(RawRef(start, "signature", member.answered_by or member.name, None, None, DECLARED_PLACE,
                                 line, None))
        if member.type:
            form = "type.return" if member.kind == "function" else "type.field"
            found.refs.append(RawRef(start, form, member.type, None, None, None, line, None))
        if member.answered_by:
            found.refs.append(RawRef(start, "call", member.answered_by, "self", None, None, line, None))


def _doc_mixin(member: DocMember, owner_at: int, line: int, found: Captures, rules: ParseRules) -> None:
    """A doc comment's mixin (PHP's ``@mixin \\A\\Builder``: the class's ``__call`` forwards to a Builder), written
    whole: the class uses it (a type reference), and a ``signature`` at ``MIXIN_PLACE`` keeps it for member lookup.
    Both stand at the owner's name, so that they are the class's; a qualified name's module path is the receiver,
    as the language's query writes it (``\\A\\``)."""
    sep = rules.path_separator
    module, _, name = member.name.rpartition(sep)
    receiver = module + sep if module or member.name.startswith(sep) else None
    found.refs.append(RawRef(owner_at, "type.annotation", name, receiver, None, None, line, None))
    found.refs.append(RawRef(owner_at, "signature", name, receiver, None, MIXIN_PLACE, line, None))


def _declared_unless_defined(found: Captures) -> None:
    """A member a doc comment declares (``DECLARED``) where its class also defines it (a ``@method`` repeating a
    real method's signature) is the defined one: dropped with its references, never a second symbol."""
    declared = [d for d in found.defs if DECLARED in d.decorators]
    if not declared:
        return
    containers = {}
    for d in found.defs:
        if d.kind in CONTAINER_KINDS and DECLARED not in d.decorators:
            containers.setdefault(d.name, []).append(d)
    defined = {(c.name, d.name) for d in found.defs if DECLARED not in d.decorators
               for c in containers.get(d.parent_name or "", ()) or _around(d, containers)}
    dropped = [d for d in declared if (d.parent_name, d.name) in defined]
    if dropped:
        found.defs = [d for d in found.defs if d not in dropped]
        found.refs = [r for r in found.refs if not any(d.start <= r.start < d.end for d in dropped)]


def _around(d: RawDef, containers: dict[str, list[RawDef]]) -> list[RawDef]:
    return [c for group in containers.values() for c in group if c.start < d.start and d.end <= c.end]


def _function_in(node, depth: int = 0):
    """The function a statement documented by a comment defines (``exports.run = async (mocha) => {}``,
    ``Foo.prototype.m = function () {}``, ``const f = () => {}``), searched a few levels down."""
    if node.type in _FUNCTIONS:
        return node
    if depth >= 4:
        return None
    for child in node.named_children:
        if child.type in ("statement_block", "class_body", "arguments"):
            continue  # a function inside the body or passed along is not the one documented
        hit = _function_in(child, depth + 1)
        if hit is not None:
            return hit
    return None


def _without_globals(results: list[RawRef], declared: list[RawRef], scopes: list[Span]) -> list[RawRef]:
    """``global x`` in a function: its ``x = make()`` assigns the module's variable, so a ``return x`` there reads
    that variable rather than returning what this call gave (a lazily built singleton)."""
    where = lambda stack: stack[-1].qualname if stack else "<module>"  # noqa: E731
    names = {(where(stack), g.name) for g, stack in _sweep(declared, scopes)}
    return [b for b, stack in _sweep(results, scopes) if (where(stack), b.name) not in names]


def _without_imported(local: list[RawRef], refs: list[RawRef]) -> list[RawRef]:
    """The local bindings an import declares at the same place (bull's ``const sandbox = require("./sandbox")``
    inside a method): a call of the name there runs what the import binds, as at the module's top level; kept
    local, it was a variable nothing binds (unresolved)."""
    imported = {(r.start, _import_local(r)) for r in of_kind(refs, "import")}
    return [b for b in local if (b.start, b.name) not in imported] if imported else local


def _fixture_params(raw_params: list[RawRef], spans: list[Span], given: list[RawRef]) -> list[tuple[RawRef, Span]]:
    """``def test_x(db)``: the parameters that name a fixture (found in the file or a conftest.py), each with its test
    or fixture, which gets a ``fixture`` reference to it; not those its decorator gives values (``@parameter.given``:
    a parametrized argument is no fixture, whatever a conftest.py defines)."""
    given_to = {(stack[-1].qualname, g.name) for g, stack in _sweep(given, spans) if stack} if given else ()
    return [(r, stack[-1]) for r, stack in _sweep(raw_params, spans)
            if stack and stack[-1].takes_parameter_refs and r.name not in ("self", "cls")
            and (stack[-1].qualname, r.name) not in given_to]


_GIVEN_NAME = lazy_re(r"[A-Za-z_]\w*")  # the names in ("a", "b") or "a, b"


def _fixture_values(named: list[tuple[RawRef, Span]], typed: list[RawRef]) -> list[RawRef]:
    """``def test_x(db)``: ``db`` holds what the fixture ``db`` returns or yields (``FIXTURE_VALUE`` + its name),
    unless the parameter states its type."""
    stated = {b.start for b in typed}
    return [RawRef(r.start, "var", r.name, FIXTURE_VALUE + r.name, None, None, 0, None)
            for r, _span in named if r.start not in stated]


_START = itemgetter(0)  # an item's start byte: RawRef.start, Span.start
_KIND = itemgetter(1)  # a raw reference's kind


CALLBACK = "<callback>"  # the kind of a scope that is an anonymous function passed to a call (no definition)
_SPAN_ORDER = lambda s: (s.start, -s.end)  # noqa: E731  (outer first where two start together)


def _callback_spans(ranges: list[tuple[int, int]]) -> list[Span]:
    """The anonymous functions passed to calls as scopes of names: one each, named by where it starts."""
    return [Span(start, end, f"{CALLBACK}{start}", None, CALLBACK, False) for start, end in sorted(set(ranges))]


GUARDED = CALLBACK + "guarded:"  # a block a type check guards (``@scope.guarded``): a callback holding no names


def _guarded_spans(ranges: list[tuple[int, int]]) -> list[Span]:
    """The blocks type checks guard, scopes of their narrowed variables only (``@scope.guarded``)."""
    return [Span(start, end, f"{GUARDED}{start}", None, CALLBACK, False) for start, end in sorted(set(ranges))]


def _binding_scopes(scopes: list[Span]) -> list[Span]:
    """The scopes that own the names bound in them: a guarded block's belong to the scope enclosing it."""
    return [s for s in scopes if not s.qualname.startswith(GUARDED)]


def _sweep(items: list, spans: list[Span]):
    """Each item (by start byte) with the stack of definition spans enclosing it, in one pass (the spans' bounds read
    once into lists: a Span's named field is a slow read, and each item compares two)."""
    stack, ends, i, count = [], [], 0, len(spans)
    starts = [s.start for s in spans]
    for item in sorted(items, key=_START):
        start = item[0]
        while i < count and starts[i] <= start:
            while ends and ends[-1] <= starts[i]:
                stack.pop()
                ends.pop()
            stack.append(spans[i])
            ends.append(spans[i].end)
            i += 1
        while ends and ends[-1] <= start:
            stack.pop()
            ends.pop()
        yield item, stack


def _enclose(raw_refs: list[RawRef], spans: list[Span], types: dict | None = None,
             raw_locals: list[RawRef] = (), raw_values: list[RawRef] = (),
             positions: dict[str, dict[str, str]] | None = None,
             defined: dict[str, str] | None = None, raw_results: list[RawRef] = (),
             local_kinds: dict[str, str] | None = None, capitalized_classes: bool = False,
             callbacks: list[Span] = (), declared: dict[str, set[str]] | None = None,
             gives_receiver: set[int] = frozenset(), typed_arguments: bool = False,
             members_passed: bool = False, sites: _CallSites | None = None) -> list[Reference]:
    """Attach each reference to its innermost enclosing definition (``<module>`` at top level), with what local
    value flow binds its receiver to (declared types and assigned values) or its called name to (assigned values).
    With ``defined`` (the file's definitions' names and kinds), a variable passed along or returned is kept only when
    one of them bears its name or it is bound to something: the others would resolve to nothing (a third of a large Python
    repository's references). ``raw_results``: variables given what a call returns, which bind only a call of them
    or a return of them (``app = Flask(); return app``: what the function returns); passed along, such a variable
    is mostly data (binding it kept twice the references for nothing).
    ``local_kinds``: the reference kinds a parameter or variable of the scope may be (default ``LOCAL_KINDS``; Java's
    ``m()`` is never its variable ``m``: only a bare ``read`` is). ``capitalized_classes``: a capitalized receiver
    names a class (Java's ``Names.MAX``, of its package or imported), whose member reads are kept. ``callbacks``:
    anonymous functions passed to calls, scopes of the variables bound in them (each test's ``const inst``), never
    what a reference is attributed to; ``declared``: what each of those scopes binds (``_declared``).
    ``gives_receiver``: the names of calls given their scope's object itself, never a lambda's receiver's member.
    ``members_passed``: a call of a parameter's member (``opts.onDone()``) is a ``param_call`` of it too.
    ``sites``: where the language records call sites, each kept reference's ``CallSite`` is worked out then
    (``_sited``: the callee in ``module``, the slot in ``alias``)."""
    types = types or {}  # enclosing qualname -> variable -> its types or values
    scopes = [s for s in spans if s.kind not in VALUE_DEFS]  # STORE = Store(): bound at module level, not in STORE
    if callbacks:
        scopes = sorted(scopes + list(callbacks), key=_SPAN_ORDER)
    values = _scoped_values(raw_values, scopes, declared=declared) if raw_values else {}
    results = _scoped_values(list(raw_values) + list(raw_results), scopes, declared=declared) if raw_results \
        else values
    local = _bound_locals(raw_locals, spans, scopes)
    imported = {_import_local(r) for r in of_kind(raw_refs, "import", "reexport")}
    for scope in local:  # ``f = wrap(f)`` after ``from x import f`` still means x's f; so does a callback's
        if scope == "<module>" or scope.startswith(CALLBACK):  # const f = lib.f (an import of lib's f)
            local[scope] -= imported
    # most receivers and names are bound nowhere in the file: one set look-up says so before any scope walk
    value_names, type_names = _variables(values), _variables(types)
    flow = _FileFlow(LOCAL_KINDS if local_kinds is None else local_kinds, types, values, results, type_names,
                     value_names, _variables(results) if raw_results else value_names, local, imported,
                     positions or {}, _lambda_receivers(types) if callbacks else {}, defined, capitalized_classes,
                     gives_receiver, typed_arguments, any(s.self_name for s in spans), bool(callbacks),
                     {}, set(), {}, set(), [], {name for params in (positions or {}).values() for name in params},
                     members_passed, sites)
    attributed = sorted(spans + list(callbacks), key=_SPAN_ORDER) if callbacks else spans
    return _enclose_all(raw_refs, attributed, flow)


@dataclass(slots=True)
class _FileFlow:
    """What ``_enclose`` knows of a file while it attaches its references one by one, and what it has found. Slots,
    not a NamedTuple: a named field of a tuple is read through a descriptor CPython 3.11 does not specialize (a
    dozen reads per reference)."""

    local_kinds: dict[str, str]  # reference kind -> its kind where a variable of the scope bears the name
    types: dict  # enclosing qualname -> variable -> its types or values
    values: dict  # ... -> the values assigned to it
    results: dict  # ... -> those and what calls return to it (``values`` where the file has none)
    type_names: set[str]  # the variables ``types``, ``values`` and ``results`` know (``_variables``)
    value_names: set[str]
    result_names: set[str]
    local: dict[str, set[str]]  # enclosing qualname -> variables bound there
    imported: set[str]  # the names the file's imports bind
    positions: dict[str, dict[str, str]]  # each function's parameters (``_parameter_positions``)
    receivers: dict[str, str]  # callbacks' own receivers (``_lambda_receivers``)
    defined: dict[str, str] | None
    capitalized_classes: bool
    gives_receiver: set[int]
    typed_arguments: bool
    self_named: bool  # only where a definition names its own object (Go receivers)
    callbacks: bool
    visible: dict[tuple[str, bool], set[str]]  # (enclosing qualname, in its signature) -> the variables seen there
    called: set[tuple[str, str]]  # the parameters a ``param_call`` was made for
    known: dict[tuple, str | None]  # (scope, name, bare, called) -> what it is bound to: the same self.x many times
    unbound: set[tuple]  # (name, bare, called) bound to nothing in any scope: most names, met in scope after scope
    out: list[Reference]
    parameters: set[str]  # every function's parameter names: most variables are none, one look-up says so
    members_passed: bool = False  # opts.onDone(): a param_call of the parameter's member (ParseRules)
    sites: _CallSites | None = None  # where call sites are recorded: what working one out reads


def _bound_locals(raw_locals: list[RawRef], spans: list[Span], scopes: list[Span]) -> dict[str, set[str]]:
    """Enclosing qualname -> the variables bound there."""
    local: dict[str, set[str]] = {}
    # const f = () => f(): a name that opens its definition's node names that definition, it binds no variable
    starts = {s.start for s in spans} if raw_locals else ()
    for r, stack in _sweep([r for r in raw_locals if r.start not in starts], _binding_scopes(scopes)):
        local.setdefault(stack[-1].qualname if stack else "<module>", set()).add(r.name)
    # ``const f = () => ...`` binds a definition, not a variable: a local bound inside the definition's own node; a
    # Java field ``size`` leaves a constructor's parameter ``size`` (bound in the class's scope) a variable
    bound_at = {}
    for r in raw_locals if local else ():
        bound_at.setdefault(r.name, []).append(r.start)
    kinds = {s.qualname: s.kind for s in spans} if local else {}
    for s in spans if local else ():
        scope, _, name = untwinned(s.qualname).rpartition(".")
        if any(s.start <= at < s.end for at in bound_at.get(name, ())) or _binds_local(s, kinds.get(scope)):
            local.get(scope or "<module>", set()).discard(name)
    return local


def _enclose_all(raw_refs: list[RawRef], spans: list[Span], flow: _FileFlow) -> list[Reference]:
    """Each reference attached to its innermost enclosing definition, unless it is dropped: a variable read, a member
    read or an element of an object nothing says what it is. The spans enclosing each are swept here (as ``_sweep``
    does) rather than by a generator: what a stack gives (its scopes, its body's start, the variables it sees) is
    worked out once per change of the stack, not per reference (hot loop: a file has thousands of references)."""
    local_kinds, local, self_named, callbacks, out = flow.local_kinds, flow.local, flow.self_named, flow.callbacks, \
        flow.out
    receivers, parameters = flow.receivers, flow.parameters
    stack, ends, i, count, moved = [], [], 0, len(spans), True
    starts = [s.start for s in spans]  # (the bounds read once, as _sweep does)
    inner = scope = seen_inside = seen_outside = None
    body_start = 0
    for r in sorted(raw_refs, key=_START):
        start, kind, name, receiver, module, alias, line, _, args, labels = r  # unpacked once (hot loop)
        while i < count and starts[i] <= start:
            while ends and ends[-1] <= starts[i]:
                stack.pop()
                ends.pop()
            stack.append(spans[i])
            ends.append(spans[i].end)
            i += 1
            moved = True
        while ends and ends[-1] <= start:
            stack.pop()
            ends.pop()
            moved = True
        if moved:  # the scope of the variables it sees, the definition it is attributed to
            moved, seen_inside, seen_outside = False, None, None
            inner, body_start = (stack[-1].qualname, stack[-1].body_start) if stack else ("<module>", 0)
            scope = inner if not callbacks else next((s.qualname for s in reversed(stack) if s.kind != CALLBACK),
                                                     "<module>")
        if kind in local_kinds and not receiver and local:
            if start < body_start:  # in the signature: the enclosing scope's names
                seen = seen_outside = seen_outside if seen_outside is not None else _visible(inner, stack, flow, True)
            else:
                seen = seen_inside = seen_inside if seen_inside is not None else _visible(inner, stack, flow)
            if name in seen:
                if kind == "raise":
                    continue  # raise exc: an exception caught or built before, not a class built here
                kind = local_kinds[kind]  # a variable called or passed along, not a function found elsewhere by name
        if kind == "local_read":
            continue  # a parameter or local variable read: no definition of the repository is meant
        if kind == "raise" or kind == "name":  # a bare name no variable binds: a call
            kind = "call"
        if kind == "call" and receivers and receiver in (None, "this"):
            kind, receiver = _lambda_receiver(r, receiver, stack, flow)
        if kind in ("local_call", "local_stored") and name in parameters:  # stored: what callers pass is kept
            _param_call(r, stack, flow)
        elif kind == "local_callback" and name in parameters and module is not None:  # walk(root, fn)
            _param_passed(r, stack, flow)
        elif kind == "call" and receiver and flow.members_passed:  # opts.onDone(), opts.hooks.onDone()
            member = _parameter_member(receiver, stack, flow)
            if member:
                _param_call(r, stack, flow, *member)
        if receiver and self_named and stack:
            receiver = _as_self(receiver, stack)
        if kind == "stored" and alias and "." in alias:  # o.OnError = f: the field of what the variable o holds
            alias, bound_to = _stored_field(alias, receiver, stack, flow)
        else:  # a stored value is no value of the flow's (no VALUE_KINDS)
            bound_to = _value_bound(kind, name, receiver, inner, scope, stack, flow) if kind in _FLOW_KINDS else None
        if not bound_to and kind in _DROPPABLE_KINDS and (kind != "call" or name[-2:] == ITEMS) \
                and _unknown_object(kind, name, receiver, bound_to, flow):  # (a call: only an element's)
            continue
        if bound_to is None and local and receiver is not None and receiver.isidentifier():
            seen_inside = seen_inside if seen_inside is not None else _visible(inner, stack, flow)
            if receiver in seen_inside:
                bound_to = LOCAL_VALUE  # parser.add() on a local parser: never the file's def parser()
        if type(module) is CallSite:  # (worked out only now: most values passed are variables, dropped above)
            module, alias = _sited(module, flow.sites)
        out.append(_new(Reference, (scope, kind, name, receiver, module, alias, line, bound_to, args, labels)))
    return out


def _lambda_receiver(r: RawRef, receiver: str | None, stack: list[Span], flow: _FileFlow) -> tuple[str, str | None]:
    """A bare call's kind and receiver in a lambda binding a receiver of its own (``buffer { writeByte(1) }``): the
    innermost such lambda's receiver's member, else what a bare call means."""
    if r.name_start in flow.gives_receiver:
        return "call", receiver
    label = next((flow.receivers[s.qualname] for s in reversed(stack) if s.qualname in flow.receivers), None)
    return ("scoped_call", label) if label else ("call", receiver)


def _stored_field(alias: str, receiver: str | None, stack: list[Span], flow: _FileFlow) -> tuple[str, str | None]:
    """``o.OnError = f``'s field as written and the type it is bound to (``_stored_bound``), None where nothing."""
    alias = _as_self(alias, stack) if flow.self_named and stack else alias
    return alias, _stored_bound(alias.partition(".")[0], receiver, stack, flow.types, flow.type_names)


def _visible(inner: str, stack: list[Span], flow: _FileFlow, outside: bool = False) -> set[str]:
    """The variables seen in ``inner`` (``_visible_locals``), found once a scope; ``outside``: in its signature, which
    sees the enclosing scope's names only."""
    seen = flow.visible.get((inner, outside))
    if seen is None:
        seen = flow.visible[(inner, outside)] = _visible_locals(stack[:-1] if outside else stack, flow.local)
    return seen


def _param_call(r: RawRef, stack: list[Span], flow: _FileFlow, parameter: str | None = None,
                receiver: str = "", keys: str = "") -> None:
    """A parameter called: bound to what callers pass (run(cb=f)), one ``param_call`` a parameter. ``parameter``:
    the one whose member ``r`` calls (``opts.onDone()``), named ``opts.onDone`` at slot ``#0%onDone`` (the method
    ``onDone`` of an object literal callers pass there: ``_call_site``); ``receiver`` as written and ``keys`` the
    members between (``opts.hooks.onDone()``: ``#0%hooks%onDone``; ``p.setup()`` with ``p`` of ``opts.plugins``:
    ``#0%plugins[]%setup``)."""
    positions, called = flow.positions, parameter or r.name
    owner = next((s.qualname for s in reversed(stack) if called in positions.get(s.qualname, {})), None)
    name = f"{receiver or parameter}.{r.name}" if parameter else r.name
    if owner and (owner, name) not in flow.called:
        flow.called.add((owner, name))
        slot = positions[owner][called] + (keys + OBJECT_KEY + r.name if parameter else "")
        flow.out.append(Reference(owner, "param_call", name, None, None, slot, r.line))


def _parameter_member(receiver: str, stack: list[Span], flow: _FileFlow) -> tuple[str, str, str] | None:
    """The parameter whose member a call's receiver is, the receiver and the keys between (``_param_call``):
    ``opts`` itself, a member along it (``opts.hooks``: ``%hooks``) or a loop's element of one (``p`` in ``for
    (const p of opts.plugins)``: ``%plugins[]``); None where the receiver is none of these."""
    parameters = flow.parameters
    if receiver in parameters:
        return receiver, receiver, ""
    head, _, rest = receiver.partition(".")
    if rest and head in parameters and all(part.isidentifier() for part in rest.split(".")):
        return head, receiver, "".join(OBJECT_KEY + part for part in rest.split("."))
    if not receiver.isidentifier() or receiver not in flow.type_names:
        return None
    held = _scope_value(receiver, [s.qualname for s in reversed(stack)], flow.types)
    if not held or len(held) != 1 or not held[0].endswith(ITEMS):
        return None  # (a variable of a known class, or of several values: no member of one parameter)
    member = _parameter_member(held[0][:-len(ITEMS)], stack, flow)
    if not member or member[0] == member[1]:
        return None
    return member[0], receiver, member[2] + ITEMS


def _param_passed(r: RawRef, stack: list[Span], flow: _FileFlow) -> None:
    """A parameter passed on to another call (``func Walk(fn WalkFunc) { walk(root, fn) }``): what the function's
    callers pass for it is what the callee's parameter at that slot is given (``Resolver.bind_parameters``): the
    callee in ``module``, its slot in ``alias``, the parameter's own slot in ``bound_to``."""
    positions = flow.positions
    owner = next((s.qualname for s in reversed(stack) if r.name in positions.get(s.qualname, {})), None)
    if owner:  # the callee and slot: the call site's (``_sited``); passed to no call (fn(depth+1)): none
        callee, slot = _sited(r.module, flow.sites) if type(r.module) is CallSite else (r.module, None)
        if callee is not None:
            flow.out.append(Reference(owner, "param_passed", r.name, None, callee, slot, r.line,
                                      positions[owner][r.name]))


def _value_bound(kind: str, name: str, receiver: str | None, inner: str, scope: str, stack: list[Span],
                 flow: _FileFlow) -> str | None:
    """What the file's value flow binds the reference's receiver (or called name) to, None where nothing."""
    # a variable returned where its own function assigned it: what a call gave it types the function (a name
    # assigned further out is the function's or a module's variable: its call result is not what is returned)
    # (and ``return cls()`` with ``cls = self._getTargetClass()``: the call's result is what is called)
    is_call = kind in CALLED or (kind in RETURNED or kind == "returns_call") and name in flow.results.get(scope, ())
    # self and cls are the enclosing class, whatever their annotation says (cls: Type['Model'], self: Self); a module
    # function's parameter so named is a parameter like any (def parse(value, cls: type[Accept]))
    bound_to = None
    if kind in VALUE_KINDS and ((flow.results if is_call else flow.values) if receiver is None else flow.types) \
            and (receiver not in SELF_OBJECTS or not any(s.kind in CONTAINER_KINDS for s in stack)):
        key = (inner, receiver or name, receiver is None, is_call)  # the same self.x or name many times
        bound_to = flow.known.get(key, ...)
        if bound_to is ...:
            # most names are bound in no scope at all (``flow.unbound``): said here without a call
            bound_to = flow.known[key] = None if key[1:] in flow.unbound else _flow_bound(key, receiver, stack, flow)
        if is_call and bound_to and kind in RETURNED:  # cls = A if c else B; x = cls(); return x: A() or B(), as x's
            bound_to = _through_called_variables(bound_to, name, stack, flow.results, flow.result_names)  # receivers
    if kind == "type.return" and receiver is None and name in flow.type_names:
        bound_to = _bound_to(name, False, stack, flow.types)  # -> &M where M: Finder: the parameter's bound
    if kind == "local_call" and not bound_to and receiver is None and flow.results:
        bound_to = _operator_called(name, stack, flow)
    if kind == "call" and receiver in ("self", "this") and flow.values and not bound_to:
        held = _bound_to(f"{receiver}.{name}", False, stack, flow.values)  # self.callback = self.on_event
        bound_to = "|".join("=" + v for v in held.split("|")) if held else None
    elif bound_to and flow.values and _SELF_CALL.match(bound_to):
        bound_to = _held_called(bound_to, stack, flow)
    return bound_to


def _operator_called(name: str, stack: list[Span], flow: _FileFlow) -> str | None:
    """``make(app)`` with ``make: ClientFactory`` (a protocol with ``__call__``; pytest's ``tox_project:
    ToxProjectCreator``): the call runs the class's call operator, ``ClientFactory~__call__``, the member whose result
    ``@var.called`` bound the call's result to (``ClientFactory~__call__()``)."""
    given = _bound_to(name + CALLED_NAME, False, stack, flow.results)
    called = [v[:-2] for v in given.split("|") if _OPERATOR_CALL.match(v)] if given else []
    return "|".join(called) if called and len(called) == len(given.split("|")) else None


_OPERATOR_CALL = lazy_re(r"^[A-Za-z_][\w.]*~\w+\(\)$")
_SELF_CALL = lazy_re(r"^(?:self|this)\.\w+\(")  # a value made by calling a field: self.storage_class(..)


def _held_called(bound_to: str, stack: list[Span], flow: _FileFlow) -> str:
    """``h = self.storage_class(); h.add()`` where the class body says ``storage_class = Headers``: h is what calling
    the field's value gives (``Headers()``), as for ``h = Headers()``. Only a class body's names are taken (a method's
    ``self.factory = factory`` may hold its parameter, no definition of that name); other values stay."""
    owner = next((s.qualname for s in reversed(stack) if s.kind in CONTAINER_KINDS), None)
    assigned = flow.values.get(owner, {}) if owner else {}
    out = []
    for value in bound_to.split("|"):
        head, tilde, rest = value.partition("~")
        match = _SELF_CALL.match(head)
        held = assigned.get(head[:match.end() - 1].split(".", 1)[1]) if match and head.endswith(")") else None
        calls = [f"{v}(){tilde}{rest}" for v in held or () if v.replace(".", "").isidentifier()]
        out += calls if held and len(calls) == len(held) else [value]
    return "|".join(dict.fromkeys(out))


def _flow_bound(key: tuple, receiver: str | None, stack: list[Span], flow: _FileFlow) -> str | None:
    """``_value_bound``'s look-up of a receiver's types or a name's values (or call results), as ``key`` says (one
    not in ``flow.unbound``)."""
    _, written, bare, is_call = key
    if receiver is not None:
        held, names = flow.types, flow.type_names
    else:
        held, names = (flow.results, flow.result_names) if is_call else (flow.values, flow.value_names)
    if not (_bound_name(written) in names or _own_element(written) or _indexed_name(written) in names):
        if "." in written and _checked_attribute(written, stack, held):  # isinstance(self.stream, A) holds here
            bound_to = _bound_to(written, bare, stack, held)
        elif receiver is None or not flow.results or receiver.partition("(")[0] not in flow.result_names:
            if "." not in written:  # in no scope: nothing the stack holds changes that (a dotted name's check may)
                flow.unbound.add(key[1:])
            return None
        else:
            bound_to = None
    elif not is_call and receiver is None and flow.local and written.isidentifier() \
            and _shadowed(written, stack, flow, held):  # (a call's results are keyed apart: CALLED_NAME)
        return None
    else:
        bound_to = _bound_to(written, bare, stack, held)
    if receiver is not None and flow.results:
        bound_to = _through_called_variables(bound_to, receiver, stack, flow.results, flow.result_names)
    elif is_call and bound_to and flow.results:
        bound_to = _given_typed(_results_called(bound_to, stack, flow), stack, flow.types)
    if bound_to and flow.self_named and stack:  # h := s.handle in func (s *Server): self.handle
        bound_to = "|".join(_as_self(v, stack) for v in bound_to.split("|"))
    if flow.typed_arguments and bound_to and "~" in bound_to:
        bound_to = _with_argument_types(bound_to, stack, flow.types)
    if bound_to and receiver is not None and _bound_name(written) + WRAPPER_NAME in names:
        bound_to = _wrapper_marked(bound_to, written, stack, held)
    return bound_to


def _shadowed(name: str, stack: list[Span], flow: _FileFlow, held: dict) -> bool:
    """A bare name a function declares as its own variable, bound to nothing known there: ``let head = as[0];
    [head]`` is that variable, never the module's ``const head = first`` further out (fp-ts: a local ``head`` was
    a call of ``first``)."""
    for s in reversed(stack):
        if name in held.get(s.qualname, ()):
            return False
        if s.kind not in CONTAINER_KINDS and name in flow.local.get(s.qualname, ()):
            return True
    return False


def _wrapper_marked(bound_to: str, written: str, stack: list[Span], types: dict) -> str:
    """``bound_to`` of a receiver starting at a variable, each value that is the variable's own as written
    (``@var.wrapper``: ``x: Option<Node>``, ``let m = find(k)``, then ``m.as_ref()``'s steps) marked
    ``WRAPPER_HELD``; only where the scope binding the variable says so (``let m = m?`` further in does not)."""
    head = written.partition(".")[0]
    scope = next((s.qualname for s in reversed(stack) if head in types.get(s.qualname, {})), "<module>")
    if head + WRAPPER_NAME not in types.get(scope, {}):
        return bound_to
    wrappers = bound_values(_bound_to(head + WRAPPER_NAME, False, stack, types) or "")
    return "|".join(WRAPPER_HELD + value if any(value == w or value.startswith((w + "~", w + ".")) for w in wrappers)
                    else value for value in bound_values(bound_to))


def _unknown_object(kind: str, name: str, receiver: str | None, bound_to: str | None, flow: _FileFlow) -> bool:
    """A reference bound to nothing that would resolve to nothing or to a guess: dropped."""
    if kind == "attribute" and not (bound_to or _KNOWN_HEAD.match(receiver) or _known_head(receiver, flow)
                                    or (flow.capitalized_classes and receiver[:1].isupper())):
        return True  # a member read only counts where the object's type, module or class is known: never guessed
    if kind == "call" and not bound_to and name[-2:] == ITEMS:
        return True  # an element of a collection whose elements are not known
    return kind in QUIET_LOCALS and flow.defined is not None and not bound_to and name not in flow.defined


def _known_head(receiver: str, flow: _FileFlow) -> bool:
    """Whether a receiver starts with a name the file imports or a class it defines (``Style(bold=True).color``: the
    class called)."""
    head = _head(receiver).partition("(")[0]
    return head in flow.imported or (flow.defined or {}).get(head) in CLASS_KINDS


def _lambda_receivers(types: dict) -> dict[str, str]:
    """The callbacks binding a receiver of their own (``@passed.receiver``): scope -> its variable ``this@<callee>``."""
    return {scope: name for scope, names in types.items() if scope.startswith(CALLBACK)
            for name in names if name.startswith(RECEIVER_LABEL)}


def _through_called_variables(bound_to: str | None, receiver: str, stack: list[Span], results: dict,
                              names: set[str]) -> str | None:
    """A receiver that is (or a variable given) a call of a variable bound for calls: ``factory(size).area()``,
    ``shape = factory(size); shape.area()`` with ``factory: type[Shape]`` (or ``cb=make``) is what a call of what
    that variable holds gives (``Shape()``, ``make()``); other values stand as they are."""
    out = []
    for value in bound_to.split("|") if bound_to else [receiver]:
        mark = _MARK.search(value)  # bar = column(task) with assert isinstance(bar, Bar): column()\u2229Bar
        marks, value = (value[mark.start():], value[:mark.start()]) if mark else ("", value)
        name = _called_variable(value) if value.partition("(")[0] in names else None  # most values: no scan
        held = _bound_to(name, True, stack, results) if name else None
        if held and all(_called_variable(v) == name for v in held.split("|")):
            held = None  # let expectation = expectation(..): the constant holds what the function gives, no call of it
        if held:
            out += [_marked(v + "()", marks) for v in held.split("|") if v and v[-1] not in ")]"]
        elif bound_to:
            out.append(value + marks)
    return "|".join(dict.fromkeys(out)) or None


def _results_called(bound_to: str, stack: list[Span], flow: _FileFlow) -> str:
    """``h := mw(next); h(c)`` with ``mw := Logger()``: ``h`` holds what a call of what ``Logger()`` gave returns,
    ``Logger()()``; other values stand as they are."""
    out = []
    for value in bound_to.split("|"):
        name = _called_variable(value) if value.endswith("()") else None
        held = _bound_to(name, True, stack, flow.results) if name in flow.result_names else None
        calls = [v + "()" for v in held.split("|") if v.endswith(")") and _called_variable(v) != name] if held else []
        out += calls or [value]
    return "|".join(dict.fromkeys(out))


def _given_typed(bound_to: str, stack: list[Span], types: dict) -> str:
    """``e.Use(func(next HandlerFunc) ..)``: what ``Use`` of the class ``e`` holds gives the literal (``GIVEN_BY`` +
    ``echo.Echo~Use``), where the scope types ``e`` with one class; other values stand as they are."""
    out = []
    for value in bound_to.split("|"):
        head, dot, member = value[len(GIVEN_BY):].partition(".") if value.startswith(GIVEN_BY) else ("", "", "")
        held = _bound_to(head, False, stack, types) if dot and head.isidentifier() and member.isidentifier() else None
        out.append(f"{GIVEN_BY}{held}~{member}" if held and _NAMED_VALUE.match(held) and "~" not in held else value)
    return "|".join(out)


def _called_variable(value: str) -> str | None:
    """``factory(size)`` -> ``factory``: the bare name one call (and nothing after it) calls, else None."""
    name, paren, rest = value.partition("(")
    if not paren or not name.isidentifier() or not value.endswith(")"):
        return None
    if "(" not in rest:  # one pair of parentheses: the first ``)`` closes it, at the end or before more
        return name if rest.index(")") == len(rest) - 1 else None
    depth = 0
    for at, char in enumerate(value[len(name):], len(name)):
        depth += (char == "(") - (char == ")")
        if depth == 0 and at < len(value) - 1:
            return None  # f(a).g(b): the call's result is called on
    return name


def _binds_local(definition: Span, scope_kind: str | None) -> bool:
    """A function defined in a function is that function's local of its name: ``view = wrap(view)``, ``return
    view`` there (or a twin's, ``def view`` under ``if`` and ``else``) name the definition, not some other value."""
    return definition.kind == "function" and scope_kind in ("function", "method")


def _variables(scoped: dict[str, dict[str, list[str]]]) -> set[str]:
    """Every variable bound in some scope of ``scoped`` (``_scoped_values``)."""
    return set().union(*scoped.values()) if scoped else set()


# a call's argument that is a plain variable: ``receipt`` in ``Wrap(receipt)``, ``Wrap(a, receipt)``
_VARIABLE_ARGUMENT = lazy_re(r"(?<=[(,])(\s*)([a-z_]\w*)(?=\s*[,)])")
_NAMED_TYPE = lazy_re(r"^(?:new\s+)?([A-Za-z_][\w.]*)(?:\(\))?$")  # Receipt, new Receipt()


def _with_argument_types(bound_to: str, stack: list[Span], types: dict) -> str:
    """``Locator~Wrap(receipt)`` -> ``Locator~Wrap(receipt:Receipt)``: each argument of the chain's calls that is a
    variable of one declared type or constructed value is written with that type (``ParseRules.typed_arguments``),
    for the language to infer what a generic method gives (``T Wrap<T>(T value)``: a ``Receipt``); the chain's
    steps and argument counts are unchanged."""
    def typed(m: re.Match) -> str:
        held = _bound_to(m.group(2), True, stack, types)
        named = _NAMED_TYPE.match(held) if held else None
        return f"{m.group(1)}{m.group(2)}:{named.group(1)}" if named else m.group(0)

    out = []
    for value in bound_to.split("|"):
        head, tilde, chain = value.partition("~")
        out.append(head + tilde + _VARIABLE_ARGUMENT.sub(typed, chain) if tilde and "(" in chain else value)
    return "|".join(out)


def _bound_name(written: str) -> str:
    """The variable ``_bound_to`` looks up for ``written``: ``a`` for ``a.b.c``, the field ``x`` for ``self.x`` and
    ``self.x.y``; none of a scope's variables = bound to nothing."""
    head, dot, rest = written.partition(".")
    name = rest.partition(".")[0] if dot and head in SELF_OBJECTS else head
    if called := _called_variable(head):  # factory(size).area(), factory(size).conn().close(): what its call gives
        return called + CALLED_NAME
    return name.partition("[")[0] + ITEMS if "[" in name else name  # books[0]: an element of books[]


def _indexed_name(written: str) -> str | None:
    """``inodes`` for ``inodes[i]`` and ``inodes[i].child``: a variable indexed, whose elements may be those of the
    one value it holds (``inodes := p.leaves()``: ``_held_elements``) though no declaration states them."""
    name, bracket, _ = written.partition("[")
    return name if bracket and name.isidentifier() else None


def _own_element(written: str) -> bool:
    """``self.columns["a"]``: an element of a member of the object's own class, whose elements its declaration
    states wherever it is (a property's ``-> dict[str, Column]``), bound though no variable of the file holds it."""
    return written[:5] in ("self.", "this.") and _SUBSCRIPTED.match(written) is not None


_SELF_HEAD = lazy_re(r"^(?:self|this|cls)\.?")
# an attribute's object whose type is known where it is written: its own object, or one built there (C#'s object
# initializer ``new Foo { Size = 1 }``, read on ``new Foo``)
_KNOWN_HEAD = lazy_re(r"^(?:self|this|cls)\.?|^new\s")


def _head(receiver: str) -> str:
    return receiver.partition(".")[0]


def _instance_fields(attrs: list[RawRef], spans: list[Span], values: dict, defs: list[Definition],
                     rules: ParseRules, refs: list[Reference],
                     positions: dict[str, dict[str, str]] | None = None) -> tuple[list[Definition], list[Reference]]:
    """``self.x = ...`` in a method makes ``x`` a field of the method's class (once, where first assigned, unless the
    class defines ``x`` itself); what a constructor call or a declared type assigns to it is the field's type (also
    of a field the class declares with no type: PHP's ``private $client;`` with ``$this->client = $client``)."""
    classes = {s.qualname for s in spans if s.kind in CONTAINER_KINDS}
    constructors = {s.qualname for s in spans if s.kind == "function" and "." not in s.qualname
                    and rules.constructor_name(s.qualname)}
    classes |= constructors
    have = {d.qualname for d in defs}
    # a property the class declares without a type (PHP's ``private $client;``): what is assigned to it types it
    untyped = {d.qualname for d in defs if d.kind in ("property", "field")} - {
        r.src_qualname for r in of_kind(refs, "type.field")}
    fields, typed = [], []
    for r, stack in _sweep(attrs, spans):
        method = next((s for s in reversed(stack) if s.kind in ("method", "function")), None)
        # a constructor function's own body: `this` is what it builds (ES5's function Layer(fn) { this.handle = fn })
        owner = (method.qualname if method.qualname in constructors else method.qualname.rpartition(".")[0]) \
            if method else ""
        qual = f"{owner}.{r.name}"
        if owner not in classes or (qual in have and qual not in untyped):
            continue
        if qual not in have:
            fields.append(Definition(qual, r.name, "field", r.line, r.line, owner,
                                     rules.is_exported(r.name, owner, False), None))
            if rules.assigned_fields_yield:
                typed.append(Reference(qual, "signature", r.name, None, None, ASSIGNED_PLACE, r.line))
        have.add(qual)
        untyped.discard(qual)  # typed where first assigned
        bound = values.get(method.qualname, {}).get(r.name, ())
        for value in _field_values(bound) if r.name in (positions or {}).get(method.qualname, ()) else bound:
            head, _, rest = value.removeprefix("new ").partition("(")  # a local built first: $x = new X(); $this->x = $x
            if head.replace(".", "").isidentifier() and (not rest or value.endswith(")")):
                receiver, _, name = head.rpartition(".")
                typed.append(Reference(qual, _field_type_kind(value), name, receiver or None, None, None, r.line))
    return fields, typed


def _field_type_kind(value: str) -> str:
    """What a value assigned to a field says of its type: a lowercase callee's result (``self.type =
    types.convert_type(t)``) is what that function declares it returns (``value.returned``), as for a variable;
    a class built or named (``Headers(h)``, a declared ``Client``) is the field's type (``type.field``)."""
    m = _RETURNED_BY.match(value)
    return "value.returned" if m and _one_call(value, m.end(3)) else "type.field"


def _field_values(values: list[str]) -> list[str]:
    """What a method with a parameter ``x`` assigns to ``self.x``, from the values bound to ``x`` in it: the objects
    it builds, where it builds one (``self.headers = Headers(headers)``): the parameter's declared type (``headers:
    HeaderTypes``) is the argument's, not the field's (httpx: ``response.headers.get()`` was guessed as
    ``Client.get``)."""
    built = [v for v in values if v.endswith(")")]
    return built or list(values)


_CONSTRUCTED = lazy_re(r"^(?:new\s+)?((?:[A-Za-z_]\w*\.)*)([A-Z]\w*)\(.*\)$", re.S)
# make(), api.create(), withArgs<Hook>() (a call kept with its type arguments: a language's cast_type)
_RETURNED_BY = lazy_re(r"^((?:[A-Za-z_$][\w$]*\.)*)([a-z_$][\w$]*)((?:<[\w$.,\s]+>)?)\(.*\)$", re.S)
_HELD_NAME = lazy_re(r"^((?:[A-Za-z_$][\w$]*\.)*)([A-Za-z_$][\w$]*)$")  # f, ZodString.create, obj.method


def _constructed_variables(defs: list[Definition], types: dict, refs: list[Reference],
                           assigned: set[tuple[str, str]] = frozenset()) -> list[Reference]:
    """``Q = AssumptionKeys()``, ``export const app = new Hono()`` at module level, ``helper = Helper()`` in a class
    body, assigned once and with no declared type: the variable or field holds an instance of the class called
    (``type.variable``, ``type.field``), so ``from m import Q; Q.f()`` and ``A.helper.run()`` elsewhere are that
    class's. A lowercase callee (``const ky = createInstance()``): ``value.returned``, what the function declares
    it returns, where it is the repository's (``logger = getLogger()``: a library's, so nothing of ours). A name
    (``const stringType = ZodString.create``, ``g = f``): ``value.held``, the function the variable holds where the
    name is one (``assigned``: a variable's name and value), so a call of the variable from anywhere calls it and
    gives what it returns (``stringType().min()``). A name a module's top unpacks from a lowercase callee (``a, b =
    symbols(..)``): ``value.returned`` with the place as its alias (``#1``), what the function gives there."""
    out = []
    for d in defs:
        scope = d.qualname.rpartition(".")[0] if d.kind == "field" else "<module>"
        if d.kind not in ("variable", "constant", "field") or (scope == "<module>" and "." in d.qualname):
            continue
        values = types.get(scope, {}).get(d.name, ())
        m = _CONSTRUCTED.match(values[0]) if len(values) == 1 else None
        if m and not _one_call(values[0], m.end(2)):  # Moshi.Builder().build(): what build() returns, not a Builder
            m = None
        if m:
            kind = "type.field" if d.kind == "field" else "type.variable"
            out.append(Reference(d.qualname, kind, m.group(2), m.group(1).rstrip(".") or None, None, None, d.line_start))
        elif len(values) == 1 and (m := _RETURNED_BY.match(values[0])) and _one_call(values[0], m.end(3)):
            out.append(Reference(d.qualname, "value.returned", m.group(2), m.group(1).rstrip(".") or None, None, None,
                                 d.line_start))
        elif len(values) == 1 and (placed := _returned_at(values[0])) is not None:
            out.append(Reference(d.qualname, "value.returned", placed[0].group(2),
                                 placed[0].group(1).rstrip(".") or None, None, placed[1], d.line_start))
        elif len(values) == 1 and d.kind != "field" and (d.name, values[0]) in assigned \
                and (m := _HELD_NAME.match(values[0])):
            out.append(Reference(d.qualname, "value.held", m.group(2), m.group(1).rstrip(".") or None, None, None,
                                 d.line_start))
    if not out:  # most files: no scan of their references for declared types
        return out
    declared = {r.src_qualname for r in of_kind(refs, "type.variable", "type.field")}
    return [r for r in out if r.src_qualname not in declared]


def _returned_at(value: str) -> tuple | None:
    """``symbols(..)#1`` (``a, b = symbols(..)`` at a module's top: b is the result at place 1 of what a lowercase
    callee returns): the callee's match (as ``_RETURNED_BY``'s) and the place's mark (``#1``); None for any other."""
    call, mark, place = value.rpartition(RESULT_MARK)
    if not mark or not place.isdigit() or not call.endswith(")"):
        return None
    m = _RETURNED_BY.match(call)
    return (m, RESULT_MARK + place) if m and _one_call(call, m.end(3)) else None


def _one_call(text: str, start: int) -> bool:
    """Whether ``text[start:]`` is one argument list closing at the end: ``Foo(a, g(b))``, not the chain
    ``Foo().build()`` (a parenthesis inside a string may end it early: then no, which types nothing)."""
    return _closing(text, start) == len(text) - 1


def _closing(text: str, start: int) -> int | None:
    """Where the parenthesis opened at ``start`` closes in ``text``, None where it does not."""
    depth = 0
    for i in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return i
    return None


def _parameter_positions(raw_params: list[RawRef], spans: list[Span]) -> dict[str, dict[str, str]]:
    """Each function's parameters by name -> ``#<position>`` (in the order written, ``self`` included)."""
    out: dict[str, dict[str, str]] = {}
    for r, stack in _sweep(raw_params, spans):
        if stack:
            names = out.setdefault(stack[-1].qualname, {})
            names.setdefault(r.name, f"#{len(names)}")
    return out


def _scoped_values(raw: list[RawRef], spans: list[Span], instance_sigil: str = "",
                   declared: dict[str, set[str]] | None = None) -> dict[str, dict[str, list[str]]]:
    """Scope -> variable -> its values (at most ``MAX_VALUES``). An object's own variable (``@request = Request.new``
    in Ruby's ``initialize``, a test's ``setup`` or a ``before`` block) is bound in its class's scope, which every
    method of the class looks up (at module level where no class encloses it: an RSpec ``describe`` block's).
    ``declared``: the variables each scope declares, where callbacks are scopes: a value assigned in a callback
    belongs to the scope declaring its variable (``let cart`` in a ``describe`` callback, ``cart = new Cart()`` in
    its ``beforeEach``'s), else to the enclosing definition."""
    out: dict[str, dict[str, list[str]]] = {}
    later: list[LaterValue] = []
    for r, stack in _sweep(raw, spans):
        name, receiver = r.name, r.receiver  # (read once: a NamedTuple's named field is a slow read)
        if instance_sigil and name.startswith(instance_sigil) and not name.startswith(instance_sigil * 2):
            stack = _up_to_class(stack)
        if declared is not None and receiver.startswith(ASSIGNED_LATER):
            at = _declaring_any(stack, name, declared)
            if at is not None:  # else no scope of the file declares it (a global): nothing known
                later.append(LaterValue(name, receiver[len(ASSIGNED_LATER):], list(stack), at))  # the sweep moves on
            continue
        if declared is not None and stack and stack[-1].kind == CALLBACK:
            if receiver.startswith(EXCLUDED_VALUE):  # an else of a check: what the enclosing scopes bound, but
                _seed_from_enclosing(out, stack, name)  # the class checked
                _mark(out[stack[-1].qualname], name, EXCEPT + receiver[len(EXCLUDED_VALUE):])
                continue
            value = receiver
            if receiver.startswith(HELD_VALUE):  # a block a check decides: of the check's classes only
                _seed_from_enclosing(out, stack, name)
                value = NARROWED_VALUE + receiver[len(HELD_VALUE):]
                if stack[-1].qualname.startswith(GUARDED):
                    _mark(out[stack[-1].qualname], name, ONLY + receiver[len(HELD_VALUE):])
            elif receiver.startswith(NARROWED_VALUE):  # a check narrows where it is written (a when branch)
                _seed_from_enclosing(out, stack, name)
            else:  # self.jar = cookies in an else of a check of cookies: what it holds there
                value = _held_where_excluded(out, stack, value)
                # (x<wrapper>: in the scope of x's own, beside it)
                stack = _declaring(stack, name.removesuffix(WRAPPER_NAME), declared)
        else:  # (a check's class outside a scope of its own: a narrowing as any other)
            value = NARROWED_VALUE + receiver[len(HELD_VALUE):] if receiver.startswith(HELD_VALUE) else receiver
        if _own_declaration(name, stack):
            stack = stack[:-1]
        if value.startswith(COPIED):
            for held in _copied(value[len(COPIED):], stack, out):
                _keep_value(out, stack, name, held)
            continue
        if value == OWN_OBJECT:  # the methods of { get () {..} } belong to the definition it is written in,
            named = _named(stack)  # wherever the variable is read; at module level to the variable itself
            if not named:  # (const Api = {...})
                continue
            value = OWN_OBJECT + named[-1].qualname
        _keep_value(out, stack, name, value)
    if later:
        _settle_later(out, later, declared)
    return out


def _copied(name: str, stack: list[Span], types: dict) -> list[str]:
    """What the variable ``name`` holds in the nearest scope binding it so far: a copy of it holds the same (a later
    value of it, or none known, says nothing)."""
    return list(_scope_value(name, [s.qualname for s in reversed(stack)] + ["<module>"], types) or ())


def _own_declaration(name: str, stack: list[Span]) -> bool:
    """Whether a binding is a property's own declared type (C#'s ``IReadOnlyList<Order> Orders { get; }``: ``Orders``
    and its elements ``Orders[]``), which the class's methods look up as they do a field's: it belongs to the
    enclosing class, not to the property's body, in whose span its name lies."""
    if not stack or stack[-1].kind != "property":
        return False
    own = stack[-1].qualname.rpartition(".")[2]
    return name.partition("[")[0].partition(DELEGATE_GIVES)[0] == own


def _later_value(kind: str | None, value, data: bytes) -> str | None:
    """A later assignment's value (``ASSIGNED_LATER``); ``UNREAD`` where it is not read (a function written there,
    an expression read as a collection that is no literal, ``(<html>..</html>)``), which disagrees with any other;
    None for ``null`` / ``undefined``, which says nothing of the variable."""
    if value.type in CODE_VALUES or (kind == COLLECTION and value.type not in LITERALS):
        return ASSIGNED_LATER + UNREAD
    if kind is None:
        return None if _text(value, data) in _NOTHING else ASSIGNED_LATER + UNREAD
    return ASSIGNED_LATER + kind


def _declaring_any(stack: list[Span], name: str, declared: dict[str, set[str]]) -> list[Span] | None:
    """``stack`` up to the innermost scope declaring a variable, a definition's or a callback's (``let mutate`` in a
    test's callback, assigned in a function written there); ``[]`` for the module's; None where none does."""
    for i in range(len(stack) - 1, -1, -1):
        if name in declared.get(stack[i].qualname, ()):
            return stack[:i + 1]
    return [] if name in declared.get("<module>", ()) else None


class LaterValue(NamedTuple):
    """A value assigned to a variable declared elsewhere (``ASSIGNED_LATER``): where it is assigned (``stack``) and
    the scopes down to the one declaring the variable (``declaring``, ``[]`` for the module's)."""

    name: str
    value: str
    stack: list
    declaring: list


def _settle_later(types: dict, later: list[LaterValue], declared: dict[str, set[str]]) -> None:
    """The values later assignments give a variable, bound in its declaring scope where no declaration states one
    (``let x = new Store(); x = Object.assign(..)``: a Store) and all agree (flow-insensitive: two different
    assignments type nothing)."""
    agreed: dict[tuple[str, str], set] = {}
    for v in later:
        scope = v.declaring[-1].qualname if v.declaring else "<module>"
        agreed.setdefault((scope, v.name), set()).add(_seen_from_declaring(v, types, declared))
    for (scope, name), values in agreed.items():
        if len(values) == 1 and None not in values and not types.get(scope, {}).get(name):
            types.setdefault(scope, {})[name] = [values.pop()]


_HEAD_NAME = lazy_re(r"[A-Za-z_$][\w$]*")


def _seen_from_declaring(v: LaterValue, types: dict, declared: dict[str, set[str]]) -> str | None:
    """A later value as the declaring scope reads it: one made from a variable of a function (``config =
    useSWRConfig(); unload = config.unload`` in ``Page``) typed there (``useSWRConfig()~unload``); None where that
    variable's type is not known (a local's name read elsewhere would be taken for a library's)."""
    if v.value == UNREAD or v.value == OWN_OBJECT:  # (an object's methods: the assigning function's)
        return None
    head = _HEAD_NAME.match(v.value)
    if not head or not any(head.group() in declared.get(s.qualname, ()) or head.group() in types.get(s.qualname, ())
                           for s in v.stack):
        return v.value
    typed = _typed_head(v.value, [s.qualname for s in reversed(v.stack)] + ["<module>"], types)
    return typed if typed != v.value else None


def _named(stack: list[Span]) -> list[Span]:
    """The definitions of a stack that may hold callbacks."""
    return [s for s in stack if s.kind != CALLBACK] if stack and stack[-1].kind == CALLBACK else stack


def _declaring(stack: list[Span], name: str, declared: dict[str, set[str]]) -> list[Span]:
    """``stack`` up to the scope a variable assigned in a callback belongs to: the innermost callback declaring it,
    else the innermost definition."""
    for i in range(len(stack) - 1, -1, -1):
        if stack[i].kind != CALLBACK or name in declared.get(stack[i].qualname, ()):
            return stack[:i + 1]
    return []


def _declared(raw_locals: list[RawRef], scopes: list[Span]) -> dict[str, set[str]]:
    """Scope -> the variables and parameters bound in it."""
    out: dict[str, set[str]] = {}
    for r, stack in _sweep(raw_locals, scopes):
        out.setdefault(stack[-1].qualname if stack else "<module>", set()).add(r.name)
    return out


def _up_to_class(stack: list[Span]) -> list[Span]:
    """``stack`` without the definitions inside its innermost class (none: the module's)."""
    inner = next((i for i in range(len(stack) - 1, -1, -1) if stack[i].kind in CONTAINER_KINDS), None)
    return stack[:inner + 1] if inner is not None else []


def _seed_from_enclosing(types: dict, stack: list[Span], name: str) -> None:
    """A variable narrowed in a branch scope keeps what the enclosing scopes bound it to (its declared type: a
    narrowed class the repository does not define says nothing), the narrowing one more value beside them."""
    own = types.setdefault(stack[-1].qualname, {})
    if name in own:
        return
    outer = next((types[s.qualname][name] for s in reversed(stack[:-1]) if name in types.get(s.qualname, {})),
                 types.get("<module>", {}).get(name, []))
    own[name] = list(outer)


# a value a check may exclude a class from (or narrow to some): a class named (an alias of several) or called, an
# element of a collection (``for route in routes``: ``routes[]:``, ``routes[]``), marked before
_EXCLUDABLE = lazy_re(r"^[A-Za-z_][\w.]*(\([^()]*\))?(\[\]:?)?([\u2216\u2229][\w.]+)*$")
_MARK = lazy_re("[\u2216\u2229]")


def _mark(own: dict[str, list[str]], name: str, mark: str) -> None:
    """The values of a variable where a check decided: each with the class the check excludes (``EXCEPT``,
    ``CookieTypes\u2216Cookies``: the resolver drops that class from what the value stands for) or narrows to
    (``ONLY``); none where nothing was known of it."""
    values = own.get(name)
    if values:
        own[name] = [_marked(value, mark) for value in values]


def _marked(value: str, marks: str) -> str:
    """Each of a value's alternatives (``A|B``) with a check's ``marks`` (``A\u2216C|B\u2216C``)."""
    return "|".join(f"{v}{marks}" if _EXCLUDABLE.match(v) else v for v in value.split("|"))


def _typed_marked(value: str, scopes: list[str], types: dict) -> str:
    """``_typed_head`` of a value a check marked (``make()\u2229Bar``): of the value, its marks kept where the typed
    value may bear them (along a chain the resolver reads none: ``Make~run()`` stands unmarked)."""
    mark = _MARK.search(value)
    if not mark:
        return _typed_head(value, scopes, types)
    typed = _typed_head(value[:mark.start()], scopes, types)
    return value if typed == value[:mark.start()] else _marked(typed, value[mark.start():])


def _elements_held(value: str, holder: str, stack: list[Span], types: dict, indexed: bool) -> str:
    """``_element_value`` of ``holder[]``: the elements its declaration or what it holds states, "" where unknown."""
    found = _elements_of(holder, stack, types)
    held = _held_collection(holder, stack, types) if found is None else None
    if held:  # logs = self.loggers; for log in logs: the elements of what the variable holds
        _WALKING.add(holder)  # xs = ys; ys = xs must not loop
        try:
            return _element_value(held + ITEMS, stack, types, indexed)
        finally:
            _WALKING.discard(holder)
    if found is None and holder.endswith(")") and _WALKED.match(holder).group(1) == holder:
        return value  # for p in self.get_params(): the elements of what it declares it returns, when resolved
    if found is None and _implicit_field(holder, stack, types):
        return "self." + value  # for (auto& s : sinks_): an element of the method's class's field
    if found is None and indexed:  # for k, v in table.items(), table: Table: what Table[k] gives
        found = _indexed_value(holder, stack, types, alone=True)
    return found or ""  # FLAGS.iter(): FLAGS's elements (not known here: its declaration is elsewhere)


def _element_marked(value: str, stack: list[Span], types: dict) -> str | None:
    """``_element_value`` of a value a check marked (``routes[]:\u2216Mount``, a loop's name in the else of a
    check): the element's types, each with the marks."""
    mark = _MARK.search(value)
    element = _element_value(value[:mark.start()], stack, types) if mark else None
    if element is None:
        return _element_value(value, stack, types)
    return _marked(element, value[mark.start():]) if element else element


def _held_where_excluded(types: dict, stack: list[Span], value: str) -> str:
    """A variable assigned where a failed check excludes a class from it (``self.jar = cookies`` in the else of
    ``isinstance(cookies, Cookies)``): its values there, read then and not where the field is used; else ``value``."""
    if not value.isidentifier():
        return value
    for span in reversed(stack):
        if not span.qualname.startswith(GUARDED):
            break
        held = types.get(span.qualname, {}).get(value)
        if held:
            return "|".join(held) if any(EXCEPT in v for v in held) else value
    return value


def _keep_value(types: dict, stack: list[Span], name: str, value: str) -> None:
    """``value`` for the variable ``name`` of the innermost scope, unless it is there or ``MAX_VALUES`` are."""
    found = types.setdefault(stack[-1].qualname if stack else "<module>", {}).setdefault(name, [])
    if value not in found and len(found) < (MAX_ITEMS if name.endswith(ITEMS) else MAX_VALUES):
        found.append(value)


def _add_passed(types: dict, passed: list[RawRef], spans: list[Span], bare_fields: bool = False,
                called_objects: bool = False) -> None:
    """The callbacks' parameters added to ``types`` (``_scoped_values``), in file order, after what the code states.
    ``app.get("/", (c) => ...)`` where ``app`` holds a value known there (``app = new Hono()``, ``app: App``, an
    enclosing callback's ``t``): that value rides along the binding (``passed:app.get@1:0^new Hono()``), as the
    called method is that value's. A value of several alternatives, or read along a chain, does not. Where the
    language reads a class's fields bare (``bare_fields``), a field's declared type rides along too. Where an
    instance is called (``called_objects``: the language has a call operator), a variable called bare does too
    (``queryBuilder { .. }`` with ``queryBuilder: QueryBuilder``: ``passed:queryBuilder@-1:this^QueryBuilder``)."""
    for r, stack in _sweep(passed, spans):
        if stack and stack[-1].kind == CALLBACK \
                and any(DELEGATE_GIVES in v for v in types.get(stack[-1].qualname, {}).get(r.name, ())):
            continue  # the lambda's own parameter a declared delegate types (C#'s actions.Add(tm => ..))
        head, dot, _ = r.receiver[len(PASSED_VALUE):].rpartition("@")[0].partition(".")
        if not dot and r.name.startswith(RECEIVER_LABEL) and not _bound_to(head, not bare_fields, stack, types):
            r = _on_outer_receiver(r, stack, types) or r  # module { single { .. } }: this@module's single
            head, dot, _ = r.receiver[len(PASSED_VALUE):].rpartition("@")[0].partition(".")
        called = called_objects and not dot and head.isidentifier()  # builder { }: the object builder holds, called
        held = _bound_to(head, not bare_fields, stack, types) if (dot or called) and head not in SELF_OBJECTS else None
        value = f"{r.receiver}^{held}" if held and not _SPECIAL.search(held) else r.receiver
        argument = _bound_to(head + RECEIVER_ARGUMENT, not bare_fields, stack, types) if value != r.receiver else None
        if argument and not _SPECIAL.search(argument):
            value += RECEIVER_ARGUMENT_GIVEN + argument
        _keep_value(types, stack, r.name, value)


_SPECIAL = lazy_re(r"[|~]")  # what separates a binding's values, and a value from the chain read after it


def _on_outer_receiver(r: RawRef, stack: list[Span], types: dict) -> RawRef | None:
    """A lambda with a receiver passed to a function called bare inside another such lambda (Koin's ``module {
    single { Engine(get()) } }``): the callee is first a member of the enclosing lambda's receiver, as the bare
    call itself is (``_lambda_receiver``), so it is looked up on ``this@module``; None where no enclosing lambda
    binds a receiver."""
    for span in reversed(stack):
        if span.kind == CALLBACK and span.start < r[0]:
            label = next((n for n in types.get(span.qualname, ()) if n.startswith(RECEIVER_LABEL)), None)
            if label:
                return r._replace(receiver=f"{PASSED_VALUE}{label}.{r.receiver[len(PASSED_VALUE):]}")
    return None


def _import_local(ref: RawRef) -> str | None:
    """The name an import binds in the file: its alias, else the imported name, else the module's first part."""
    return ref.alias or (ref.name if ref.name and ref.name != "*" else (ref.module or "").split(".")[0].split("/")[-1])


def _body_start(node) -> int:
    """Where a definition's body starts (its signature before it), 0 where it has no body field."""
    body = node.child_by_field_name("body")
    return body.start_byte if body is not None else 0


def _visible_locals(stack: list[Span], local: dict[str, set[str]]) -> set[str]:
    """Variables seen inside the innermost definition: its own, an enclosing function's and the module's (a class
    body's names are not seen by its methods)."""
    scopes = [s.qualname for s in stack[:-1] if s.kind not in CONTAINER_KINDS] + [s.qualname for s in stack[-1:]]
    return set().union(*(local.get(s, ()) for s in scopes + ["<module>"]))


SELF_OBJECTS = ("self", "this", "cls")
LOCAL_VALUE = ""  # ``bound_to`` of a receiver that is a local variable or parameter bound to nothing known
MAX_VALUES = 4  # values kept per variable (flow-insensitive: every assignment in the scope counts)
MAX_ITEMS = 32  # ...and per collection (a[]): a dispatch table's functions are each what handlers[k]() may call
def _stored_bound(holder: str, receiver: str | None, stack: list[Span], types: dict, type_names) -> str | None:
    """The type a stored reference is bound to: the holder variable's (``o.OnError = f``, ``c.hooks =
    append(c.hooks, c.warm)``: the same variable), else the method value's object's where the holder is a type
    (``Handler{Fn: c.flush}``: ``c``'s); none where both are variables of their own (the binding is one)."""
    head = receiver.partition(".")[0] if receiver else holder
    if head != holder and holder in type_names and _bound_to(holder, False, stack, types):
        return None
    return _bound_to(head, False, stack, types) if head in type_names else None


VALUE_KINDS = {"call", "scoped_call", "callback", "local_call", "local_callback", "attribute", "returns",
               "local_returns", "call_result", "protocol", "returns_call", "template"}
CALLED = frozenset({"call", "local_call", "call_result"})
# calls whose arguments are counted (``refs.args``), in a language with overloads: Swift's ``.name(key: k)`` too
COUNTED_CALLS = frozenset({"call", "implicit_call"})
LOCAL_KINDS = {kind: "local_" + kind for kind in ("call", "callback", "returns", "raise", "read", "stored")}
LOCAL_KINDS["name"] = "local_read"  # @reference.name: a variable's name read, dropped like a bare read
_FLOW_KINDS = frozenset(VALUE_KINDS | {"type.return"})  # the kinds ``_value_bound`` may bind (a set look-up first)
_DROPPABLE_KINDS = frozenset({"attribute", "call", *QUIET_LOCALS})  # ... ``_unknown_object`` may drop


def _bound_to(written: str, bare: bool, stack: list[Span], types: dict) -> str | None:
    """``x`` (or the field ``this.x`` / ``self.x``) declared or assigned in an enclosing scope -> its types or
    values, ``|``-joined. A bare name is looked up only in the scopes of functions (a name a class body assigns is
    not what its methods call)."""
    checked = _checked_attribute(written, stack, types) if "." in written else None
    if checked:  # self.stream.close() after `if not isinstance(self.stream, SyncStream): raise`
        return checked
    indexed = _SUBSCRIPTED.match(written)
    if indexed:  # books[0].title, self.by_name[key]: one of the collection's elements
        items = _elements_of(indexed.group(1), stack, types)
        if items is None:  # inodes := p.leaves(); inodes[i]: what a loop over the variable would take
            items = _held_elements(indexed.group(1), stack, types)
        if items is None:  # layout["body"], layout: Layout: what Layout's index method returns
            items = _indexed_value(indexed.group(1), stack, types)
        return _then(items, indexed.group(2) or "")
    head, dot, rest = written.partition(".")
    if dot and not (head in SELF_OBJECTS and rest.isidentifier()):
        holder, more = _holder(written)  # self.x.y, a.b.c: what self.x or a holds, then along the rest
        entry = _entry_member(holder, more, stack, types) if holder else None
        if entry is not None:  # it->second.run(), for (auto& p : m) p.first.f(): a mapping entry's value or key
            return entry or None
        after = _element_step(more, _accessors_of(holder, more, stack, types)) if holder else None
        if after is not None:  # els.get(0).text(), self.routes.get(k).run(): an element's
            items = _elements_of(holder, stack, types)
            if items:
                return _then(items, after)
        record = _record_field(holder, more, _function_scopes(stack), types) if holder else None
        if record:  # for _, tc := range cases: tc.cfg.Run(), cfg a field of the table's record type
            return record
        found = _bound_to(holder, False, stack, types) if holder else None
        if not found or not _is_chain(more):
            return None
        # a value already typed along a chain (x = self.a.b(): a~b()) goes on along it: a~b().more
        return "|".join(f"{v}.{more}" if "~" in v else f"{v}~{more}" for v in found.split("|"))
    var = rest if dot else written
    if not dot and (called := _called_variable(written)):
        var = called + CALLED_NAME  # factory(size): what a call of factory gives, where its type states it
    scopes = [s.qualname for s in reversed(stack) if not (bare and s.kind in CONTAINER_KINDS)] + ["<module>"]
    search = scopes
    if dot:  # a field: also the type's own scope (a Go method's struct) and its constructor's parameters
        owner = _owner_scopes(stack)
        scopes += owner
        # a field the class declares comes first: this.engine is it, never a local engine of the method (a
        # Python attribute a method assigns, self.x = ..., is bound in that method's scope as a local would be)
        # and never the module's variable of that name (var resolve = path.resolve beside this.resolve())
        search = owner[:1] + [s for s in scopes if s not in owner[:1] and s != "<module>"]
    for scope in search:
        found = types.get(scope, {}).get(var)
        if found and dot:  # let mut config = self.config.clone(): a local made from the field says nothing of it
            found = [v for v in found if not _made_from(_as_self(v, stack), written)]  # (Go: r.snapshots.List())
        if found:
            found = [v if (element := _element_marked(v, stack, types)) is None else element for v in found]
            return "|".join(dict.fromkeys(_typed_marked(v, scopes, types) for v in found if v)) or None
    return None


def _indexed_value(holder: str, stack: list[Span], types: dict, alone: bool = False) -> str | None:
    """``layout["body"]`` where ``layout`` holds a class's value (``Layout``, ``self.make()``) and no declaration
    states its elements: a call of the class's index method (``Layout~__getitem__()``), which the resolver reads
    off the method's declared return (nothing where it declares none, or the class is a library's); None where the
    language has no such method or ``holder`` holds no such value (a literal collection, a marked element).
    ``alone``: only where that is the one value ``holder`` holds (an element read off a loop's pairs: a name
    bound to several values, a comprehension's beside the function's, says nothing of it for sure)."""
    method = _ELEMENT_READS[0].index_method
    held = _bound_to(holder, False, stack, types) if method and holder not in _WALKING else None
    values = [v for v in (held or "").split("|") if _NAMED_VALUE.match(v)]
    if not values or (alone and held != values[0]):
        return None
    return "|".join(f"{v}.{method}()" if "~" in v else f"{v}~{method}()" for v in values)


_NAMED_VALUE = lazy_re(r"^[A-Za-z_][\w.]*(?:\(\))?(?:~[\w.()]+)?$")  # Layout, Layout(), a~make(): no marked value


def _checked_attribute(written: str, stack: list[Span], types: dict) -> str | None:
    """What a type check decided of an object's attribute where it decides (``isinstance(self.stream, A)``: bound
    as written, ``self.stream``, in the blocks ``_checked_spans`` finds); None elsewhere (the field's values)."""
    for span in reversed(stack):
        if not span.qualname.startswith(GUARDED):
            return None
        found = types.get(span.qualname, {}).get(written)
        if found:
            return "|".join(found)
    return None


_PLACED_ELEMENT = lazy_re(r"^(.*\[\])~(\d+)$", re.S)  # self.pairs[]~1: a loop's name at place 1 of an element


def _delegate_given(holder: str, given: str, stack: list[Span], types: dict) -> str:
    """The type the delegate(s) ``holder`` names declare at a place (``given``: ``=>0``, ``[]=>0``): a variable's,
    or a field's or property's of the class (``this._actions`` too); "" where the file does not declare it (a base
    class's field: the callee's declaration is all the resolver reads then)."""
    head, dot, rest = holder.partition(".")
    if dot and head in SELF_OBJECTS and rest.isidentifier():
        held = next((found for scope in _owner_scopes(stack) if (found := types.get(scope, {}).get(rest + given))),
                    None)
        return (held[0] if len(held) == 1 else "") if held else _base_field_delegates(rest, given, stack, types)
    if not holder.isidentifier():
        return ""
    return _bound_to(holder + given, False, stack, types) or _base_field_delegates(holder, given, stack, types)


def _base_field_delegates(field: str, given: str, stack: list[Span], types: dict) -> str:
    """``self.actions[]=>0``, left to the resolver (``Resolver._field_delegate_given``), for a field no scope of the
    file declares where the language reads a class's fields bare (``ElementReads.bare_fields``): a base class's,
    declared in another class or file (AutoMapper's ``TypeMapActions.Add(tm => ..)`` in a subclass); "" otherwise."""
    reads = _ELEMENT_READS[0]
    if not reads.bare_fields or not stack or any(field + given in types.get(s.qualname, {}) or field in
                                                  types.get(s.qualname, {}) for s in stack):
        return ""
    return f"self.{field}{given}"


def _entry_at_place(items: str, place: int, stack: list[Span], types: dict) -> str | None:
    """The name at ``place`` of a tuple pattern walking ``items`` (``for (a, b) in &self.pairs``): of an element
    declared a tuple (``Vec<(A, B)>``), the element at that place; of a mapping's entry, its value at place 1 (the
    map's (k, v) rule: ``items`` itself, looked up as before where the file does not state it) and its declared key
    at place 0; "" (not known) otherwise."""
    element = _element_value(items, stack, types)
    if element and element.startswith(TUPLE_OF):
        elements = element[len(TUPLE_OF):].split(",")
        return elements[place] if place < len(elements) else ""
    if place == 1:
        return items if element is None else element
    return (_declared_keys(items[:-len(ITEMS)].strip(), stack, types) or "") if place == 0 else ""


def _made_from(value: str, field: str) -> bool:
    """Whether ``value`` is made from ``field`` (``self.config.clone()``, ``self.items[0]``)."""
    return value.startswith(field) and value[len(field):len(field) + 1] in ".["


# (also a typed variable's field: n.inodes[i].Key(), an element of what n's type declares for the field)
_SUBSCRIPTED = lazy_re(r"^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\[[^\[\]]+\](?:\.(.+))?$")
# how a loop walks a collection's elements (for b in &self.books, books.iter(), m.values()), or a Rust pattern an
# Option's (if let Some(s) = self.stats.as_mut())
_WALKED = lazy_re(r"^(?:&\s*(?:mut\s+)?)?(.+?)"
                  r"(?:\.(?:iter|iter_mut|into_iter|values|stream|as_ref|as_mut|as_deref|take|cloned|copied)\(\))?"
                  r"(?:\.(?:rev|peekable|fuse|by_ref|cloned|copied)\(\)|\.(?:skip|take|step_by)\([^()]*\))*$",
                  re.S)  # as_ref()...: an Option's, whose element stays the same; so does an adapter's (rev())


def _element_value(value: str, stack: list[Span], types: dict, indexed: bool = True) -> str | None:
    """The element type a variable holds when its value is one element of a collection whose declaration states it:
    a loop's ``for b in self.books`` (``self.books[]``; "" when the elements are not known: never the collection's
    own type), ``b = self.by_name.get(k)``, ``b := books[0]``; None otherwise (``client.get(url)`` is no element
    of anything known: its value stands as written). ``indexed``: an element of a value of a class of ours may be
    what its index method gives (``b = table[k]``, ``for k, b in table.items()``); not where a loop over the value
    takes it (``_key_value``: ``for k in table`` iterates the keys)."""
    given = _DELEGATE_GIVEN.match(value)
    if given:  # _actions.Add(tm => ..): what the declaration of _actions says its delegates take; "" unknown
        return _delegate_given(given.group(1), given.group(2) + DELEGATE_GIVES + given.group(3), stack, types)
    if value.startswith(ITEM_OF):  # steps[]'s values, as a[0]() reads them: the functions the collection was given
        collection = value[len(ITEM_OF):]
        # for _, f := range s.hooks: a field filled elsewhere, whose functions are stored in it: f() calls the field
        return _bound_to(collection + ITEMS, False, stack, types) or (collection if "." in collection else "")
    placed = _PLACED_ELEMENT.match(value)
    if placed:  # for (name, value) in &self.pairs: the element's member at the name's place
        return _entry_at_place(placed.group(1), int(placed.group(2)), stack, types)
    if value.endswith(MAP_KEYS):  # for k, v := range s.byName: a key, never a value (a slice's index: nothing)
        return _declared_keys(value[:-len(MAP_KEYS)].strip(), stack, types) or ""
    if value.endswith(KEYS):
        return _key_value(value[:-len(KEYS)].strip(), stack, types)
    if value.endswith(ITEMS) and value != COLLECTION:
        holder = value[:-2].strip()
        kept = _kept_collection(holder)
        if kept:  # for m in reversed(self.middleware): what a loop over the field itself takes
            return _key_value(kept, stack, types)
        if holder in _ELEMENTS_SOUGHT:  # a = a.args[0] in a loop: a's elements are looked up through a itself
            return ""
        _ELEMENTS_SOUGHT.add(holder)
        try:
            return _elements_held(value, holder, stack, types, indexed)
        finally:
            _ELEMENTS_SOUGHT.discard(holder)
    if _SUBSCRIPTED.match(value):
        if value in _ELEMENTS_SOUGHT:  # x = x[0] (a loop narrowing a value in place): x[0] holds x[0] again
            return None
        _ELEMENTS_SOUGHT.add(value)
        try:
            return _bound_to(value, False, stack, types)
        finally:
            _ELEMENTS_SOUGHT.discard(value)
    holder, more = _holder(value)
    if not holder or _element_step(more, _accessors_of(holder, more, stack, types)) != "":
        return None
    return _elements_of(holder, stack, types)


def _kept_collection(call: str) -> str | None:
    """``reversed(self.middleware)``, ``sorted(xs, key=f)`` of a function the language lists as iterating as its
    first argument does (``ElementReads.element_keeping``): that argument, a plain name or attribute path; None
    otherwise (another call, ``*xs``, a keyword first)."""
    name, paren, rest = call.partition("(")
    keeping = _ELEMENT_READS[0].element_keeping
    if not paren or name not in keeping or not rest.endswith(")"):
        return None
    first = rest[:-1].split(",", 1)[0].strip()
    return first if first and first.replace(".", "").isidentifier() else None


def _entry_member(holder: str, more: str, stack: list[Span], types: dict) -> str | None:
    """``second.run`` read on ``holder`` where ``holder`` is an entry of a mapping the file declares (a loop's over
    it, an iterator into it: bound to ``m[]``): the value type (or the key type, by the language's ``entry_members``),
    then along the rest; "" for such an entry whose type is not known; None where ``more`` reads no entry member or
    ``holder`` is no entry of a declared mapping (a vector's pair: never a guess of what ``.second`` holds)."""
    member, _, after = more.partition(".")
    entry = _ELEMENT_READS[0].entry_members.get(member)
    if entry is None:
        return None
    scopes = [s.qualname for s in reversed(stack)] + ["<module>"]
    held = next((found for scope in scopes if (found := types.get(scope, {}).get(holder))), None)
    if not held or len(held) != 1 or not held[0].endswith(ITEMS) or held[0].endswith(KEYS):
        return None
    mapping = held[0][:-len(ITEMS)].strip()
    if _implicit_field(mapping, stack, types):  # for (auto& l : loggers_): the field's, read by the resolver
        return f"self.{mapping}{ITEMS if entry == 'value' else KEYS}" + (f".{after}" if after else "")
    keys = _declared_keys(mapping, stack, types)
    if not keys:
        return None
    typed = keys if entry == "key" else _elements_of(mapping, stack, types)
    return (_then(typed, after) or "") if typed and typed != COLLECTION else ""


def _implicit_field(holder: str, stack: list[Span], types: dict) -> bool:
    """Whether ``holder`` may be a field of the enclosing method's class, unqualified (``implicit_fields``): a bare
    name that no scope of the file binds, read inside a definition."""
    if not _ELEMENT_READS[0].implicit_fields or not holder.isidentifier() or not stack:
        return False
    return not any(holder in types.get(s.qualname, {}) for s in stack) and holder not in types.get("<module>", {})


def _key_value(holder: str, stack: list[Span], types: dict) -> str | None:
    """What a loop over ``holder`` takes where it may be a mapping (``for k in self.columns``): the key type a
    mapping's declaration states (``KEYS``), else its elements as ``_element_value`` finds them (a declared
    collection that is no mapping binds no keys). Left to the resolver as ``self.x[]:`` / ``T~x[]:`` where the
    declaration is elsewhere (a property's, a base class's), which tells keys from elements there."""
    keys = _declared_keys(holder, stack, types)
    if keys is not None:
        return keys
    held = _held_collection(holder, stack, types)
    if held and not held.endswith(")"):  # columns = self.columns; for k in columns: the keys of the field
        _WALKING.add(holder)
        try:
            return _key_value(held, stack, types)
        finally:
            _WALKING.discard(holder)
    found = _element_value(holder + ITEMS, stack, types, indexed=False)
    if found and found != COLLECTION and found.endswith(ITEMS):  # self.by_name[], self.regions()[]: the
        return found[:-len(ITEMS)] + KEYS  # resolver's to read, which knows whether they declare a mapping
    return found


def _declared_keys(holder: str, stack: list[Span], types: dict) -> str | None:
    """The key type a mapping's declaration in the file states for ``holder`` (a variable, ``self.x``), None where
    none does."""
    holder = _as_self(holder, stack)
    if holder in _WALKING:
        return None
    head, dot, rest = holder.partition(".")
    if dot and head in SELF_OBJECTS and rest.isidentifier():
        held = next((found for scope in _owner_scopes(stack) if (found := types.get(scope, {}).get(rest + KEYS))),
                    None)
        found = "|".join(held) if held else None
    elif holder.isidentifier():
        found = _bound_to(holder + KEYS, False, stack, types)
    else:
        found = None
    return found if found and "|" not in found else None


def _held_collection(holder: str, stack: list[Span], types: dict) -> str | None:
    """The one field or call a variable is assigned (``logs = self.loggers``, ``found = self.listed()``), whose
    elements are the variable's; None for a variable given anything else, or several values (flow-insensitive: any
    of them may be what the loop walks)."""
    if not holder.isidentifier() or holder in _WALKING:
        return None
    scopes = [s.qualname for s in reversed(stack) if s.kind not in CONTAINER_KINDS]
    held = next((found for scope in scopes if (found := types.get(scope, {}).get(holder))), None)
    if not held or len(held) != 1:
        return None
    return held[0] if _COLLECTION_SOURCE.match(held[0]) or _called_on_variable(held[0], scopes, types) else None


# a field (self.loggers) or a call of a function or method, nothing after it (self.listed()); not a class built
# (Layout(): an instance, whose elements are whatever its __getitem__ gives)
_COLLECTION_SOURCE = lazy_re(r"^(?:(?:self|this)\.[A-Za-z_]\w*|(?:[A-Za-z_]\w*\.)*[a-z_]\w*\([^()]*\))$")
def _called_on_variable(value: str, scopes: list[str], types: dict) -> bool:
    """``p.LeafPageElements()``, ``n.split(size(x))`` where ``p``, ``n`` is a variable of the scope: one call of a
    method of an object, whatever the case of its name (Go's exported methods), never a class built as a capitalized
    call of a module may be (``rich.Layout()``)."""
    head, dot, call = value.partition(".")
    return bool(dot) and head.isidentifier() and head not in SELF_OBJECTS and _called_variable(call) is not None \
        and any(head in types.get(s, {}) for s in scopes)


def _held_elements(holder: str, stack: list[Span], types: dict) -> str | None:
    """The elements of the one field or call the variable ``holder`` is given (``inodes := p.leaves()``), typed as
    a loop over it takes them (``Page~leaves()[]``: what the method declares it returns, read by the resolver); None
    where the variable holds no such value."""
    held = _held_collection(holder, stack, types)
    if not held:  # fig, axes = plt.subplots(); axes[0]: an element of the call's result at a place, the resolver's
        placed = _placed_result(holder, stack, types)
        return placed + ITEMS if placed else None
    _WALKING.add(holder)
    try:
        value = _element_value(held + ITEMS, stack, types)
    finally:
        _WALKING.discard(holder)
    scopes = [s.qualname for s in reversed(stack) if s.kind not in CONTAINER_KINDS] + ["<module>"]
    return "|".join(_typed_head(v, scopes, types) for v in value.split("|")) if value else None


# plt.subplots()#1: a call's result at a place; a module's or object's function, never a bare builtin's (rep, sub =
# map(Matrix, pairs): sub[0] is a Matrix of ours, which the resolver would read as the builtin's)
_PLACED_CALL = lazy_re(r"^(?:[A-Za-z_]\w*\.)+[a-z_]\w*\(\)#\d+$")


def _placed_result(holder: str, stack: list[Span], types: dict) -> str | None:
    """The one call's result at a place the variable ``holder`` holds (``plt.subplots()#1``), in a function's scopes
    or a script's module; None otherwise. For an index only: a loop's variable keeps its reading (another value
    beside a loop's element made sympy's one-valued variables two-valued)."""
    if not holder.isidentifier():
        return None
    held = _scope_value(holder, _function_scopes(stack), types)
    return held[0] if held and len(held) == 1 and _PLACED_CALL.match(held[0]) else None


def _holder(written: str) -> tuple[str | None, str]:
    """``self.routes.get(k)`` -> (``self.routes``, ``get(k)``), ``els.get(0).text`` -> (``els``, ``get(0).text``):
    the variable or field a chain starts from (or a call of a variable: ``factory(x).conn().close()``), and the rest;
    None where it starts from neither."""
    head, _, rest = written.partition(".")
    if head in SELF_OBJECTS:
        field, _, more = rest.partition(".")
        return (f"{head}.{field}" if field.isidentifier() and more else None), more
    return (head if head.isidentifier() or _called_variable(head) else None), rest


def _then(items: str | None, after: str) -> str | None:
    """An element's type, then along ``after`` (``""``: the element itself). An element already typed along a chain
    (``Node~inodes[]``) goes on along it with a dot, as ``_bound_to``'s chains do; an index in ``after``
    (``s[i].inodes[0].key``) is an element of that field (``inodes[]``, which ``Resolver._class_along`` reads)."""
    if not items or not after:
        return items or None
    stepped = _INDEX_STEP.sub(ITEMS, after)
    if not _is_chain(stepped.replace(ITEMS, "")):
        return None
    return "|".join(f"{v}.{stepped}" if "~" in v else f"{v}~{stepped}" for v in items.split("|"))


_INDEX_STEP = lazy_re(r"(?<=\w)\[[^\[\]]+\](?=\.|$)")  # inodes[0] within a chain: one element of the field


_WALKING: set[str] = set()  # the holders being looked up: xs = [xs[0]] must not loop
# the collections whose elements are being sought (``_element_value``): a = a.args[0] in a loop must not loop
_ELEMENTS_SOUGHT: set[str] = set()


def _elements_of(holder: str, stack: list[Span], types: dict) -> str | None:
    """The element type of the collection ``holder`` names (a variable, ``self.x``/``this.x``, a Go receiver's
    field) where its declaration states one (``List<Book>``, ``[]*Book``, ``list[Book]``); None otherwise."""
    holder = _as_self(_WALKED.match(holder.strip()).group(1), stack)
    if holder in _WALKING:
        return None
    _WALKING.add(holder)
    try:
        return _declared_elements(holder, stack, types)
    finally:
        _WALKING.discard(holder)


def _declared_elements(holder: str, stack: list[Span], types: dict) -> str | None:
    head, dot, rest = holder.partition(".")
    held = None
    if dot and head in SELF_OBJECTS and rest.isidentifier():
        held = next((found for scope in _owner_scopes(stack) if (found := types.get(scope, {}).get(rest + ITEMS))),
                    None)
        found = "|".join(held) if held else None
    elif holder == "self":
        found = _own_elements(stack)
    elif holder.isidentifier():
        held = next((found for scope in [s.qualname for s in reversed(stack)] + ["<module>"]
                     if (found := types.get(scope, {}).get(holder + ITEMS))), None)
        found = _bound_to(holder + ITEMS, False, stack, types)
    else:
        found = None
    if found is None and dot:
        return _field_elements(holder, stack, types)
    if found and held and len(held) == 1 and found == held[0] and _named_types(found):
        return found  # list[Route | Mount]: one declared union of classes (several values bound: none decides)
    return found if found and "|" not in found and "~" not in found else None


def _own_elements(stack: list[Span]) -> str | None:
    """``s[i]`` inside ``func (s nodes) Less(..)``: an element of the method's own type, which only a named
    collection type declares (``type nodes []*node``, read by the resolver: ``ELEMENTS_OF``); only where the
    definition names its own object (``@self.name``: a ``self`` written so is no collection of a class's)."""
    if not any(s.self_name for s in stack):
        return None
    named = _named(stack)
    owner = named[-1].qualname.rpartition(".")[0] if named else ""
    return ELEMENTS_OF + owner if owner.isidentifier() else None


def _field_elements(holder: str, stack: list[Span], types: dict) -> str | None:
    """The elements of a field the file does not declare, or of a typed variable's field (``n.children`` with
    ``n *Node``): ``self.children[]``, ``Node~children[]``, which the resolver reads off the field's declaration
    wherever it is (``Resolver._class_along``); None where the object's type is not known."""
    head, _, rest = holder.partition(".")
    if head in SELF_OBJECTS and rest.isidentifier():
        return holder + ITEMS
    # (self.root.children: the field's declared type, then its field, as for a typed variable's)
    if not head.isidentifier() or not _is_chain(rest) or "(" in rest:
        return None
    scopes = [s.qualname for s in reversed(stack) if s.kind not in CONTAINER_KINDS] + ["<module>"]
    typed = _typed_head(holder, scopes, types)
    if typed.partition("~")[0].endswith(ITEMS):  # for _, node := range nodes: node.inodes is an element's field
        element = _bound_to(head, False, stack, types)
        if element and "|" not in element:
            typed = f"{element}.{rest}" if "~" in element else f"{element}~{rest}"
    # an element step along the way is followed (n := stack[i].node; n.inodes[j]: Cursor~stack[].node.inodes[]),
    # an index written otherwise is not
    if "~" in typed and "|" not in typed and not _UNREAD_INDEX.search(typed):
        return typed + ITEMS
    # self.leader.repl[id]: fields of fields the file does not declare (a Go method's struct is often declared in
    # another file of the package), the resolver's to follow as for one field
    return holder + ITEMS if head in SELF_OBJECTS and "[" not in rest else None


_UNREAD_INDEX = lazy_re(r"\[(?!\])")


# members (a tuple's by place too: p.1) and calls of them
_CHAIN = lazy_re(r"(?:[A-Za-z_]\w*|\d+)(?:\(\))?(?:\.(?:[A-Za-z_]\w*|\d+)(?:\(\))?)*")
_CHAIN_LENGTH, _CHAIN_NESTING = 8000, 12  # a chain read whole up to this long, its arguments nested this deep


def _is_chain(text: str) -> bool:
    """``b.c``, ``header().get``, ``h(x, y).f``: members and calls of them, through which a value's type is followed
    (``w.Header().Get()`` with ``w := httptest.NewRecorder()``: a library's, never a guess among the repository's)."""
    # arguments dropped, innermost first: h(x, g(y)) -> h(); a fluent chain of forty calls (zerolog's tests'
    # log.Log().Str(..).Int(..)...Msg("")) runs past 400 characters: past that the passes (its nesting) are bounded
    if len(text) > _CHAIN_LENGTH:
        return False
    passes = 0
    while "(" in text and (len(text) < 400 or passes < _CHAIN_NESTING):
        reduced = _PARENS.sub("\x00", text)
        if reduced == text:
            return False
        text, passes = reduced, passes + 1
    text = _CALL_TYPE_ARGUMENTS.sub("", text)  # a generic method's call, M<Cart>(): a step of the chain as M() is
    return _CHAIN.fullmatch(text.replace("\x00", "()")) is not None


_CALL_TYPE_ARGUMENTS = lazy_re(r"(?<=\w)<[\w\s,?\[\]<>]*>(?=\x00)")  # the type arguments a call writes


_PLACED = lazy_re(r"^(?:[A-Za-z_]\w*\.)?\d+$")  # a member at a place: 1, or a case's associated value, failure.0


def _placed_member(value: str, base: str, member: str, scopes: list[str], types: dict, depth: int) -> str:
    """``pair~1`` (``let (a, b) = pair``, ``Some((a, b))`` matched on ``pair``) -> what the variable holds, then its
    member at that place (``tuple:Key,Value~1``, ``make()~1``); a case's value too (``case .failure(let e)`` on ``o:
    Outcome``: ``o~failure.0`` -> ``Outcome~failure.0``); unchanged where the variable holds nothing known."""
    held = _typed_head(base, scopes, types, depth + 1)
    if held == base or "|" in held or held == COLLECTION:
        return value
    return f"{held}.{member}" if "~" in held else f"{held}~{member}"


def _typed_head(value: str, scopes: list[str], types: dict, depth: int = 0) -> str:
    """``auth.sync_auth_flow()`` where ``auth: Auth`` -> ``Auth~sync_auth_flow()``: the value's object typed too,
    through a few variables in a row (``parent := logger.WithField(); child := parent.WithContext()``: ``New()~
    WithField().WithContext()``)."""
    if value.endswith(")" + ENTERED):  # with make(app) as c: the call typed (make: a factory's type), then entered
        typed = _typed_head(value[:-len(ENTERED)], scopes, types, depth)
        return "|".join(v + ENTERED for v in typed.split("|"))
    base, tilde, member = value.partition("~")
    if tilde and _PLACED.match(member) and base.isidentifier() and depth < MAX_TYPED_HOPS:
        return _placed_member(value, base, member, scopes, types, depth)
    call, mark, place = value.rpartition(RESULT_MARK)
    if mark and place.isdigit() and (called := _called_variable(call)):
        # _, c := build(): the result at that place of a call of the variable, where its function literal says
        key = called + CALLED_NAME + mark + place
        held = next((found for scope in scopes if (found := types.get(scope, {}).get(key))), None)
        return held[0] if held and len(held) == 1 else value
    head, dot, rest = value.partition(".")
    called = _called_variable(value) if not dot else None
    if called:  # shape = factory(size) with factory: Callable[..., Shape]: what its calls give (``factory()``)
        held = next((found for scope in scopes if (found := types.get(scope, {}).get(called + CALLED_NAME))), None)
        return held[0] if held and len(held) == 1 else value
    if not dot and value.isidentifier():  # m := mx: what the other variable holds (Go's receiver: its type)
        held = next((found for scope in scopes if (found := types.get(scope, {}).get(value))), None)
        return held[0] if held and held[0] != value and "|" not in held[0] else value
    if dot and head in ("self", "this"):
        return _typed_field(value, rest, scopes, types)
    if not dot or not head.isidentifier() or head == "cls":
        return value
    for scope in scopes:
        found = types.get(scope, {}).get(head)
        if found and all(v.startswith(head + ".") for v in found):
            continue  # let x = x.clone() in a closure or block: made from the outer x, typed there
        if found:
            held = found[0]
            if "|" in held or held == COLLECTION:
                return value
            record = _record_field(head, rest, scopes, types) if held.endswith(ITEMS) else None
            if record:  # cfg := tc.cfg, tc an element of a test table: the field's declared type
                return record
            if "~" not in held and depth < MAX_TYPED_HOPS and held != value:
                followed = _typed_head(held, scopes, types, depth + 1)
                # a loop variable's element, untyped here, is no answer: the name is most likely a declared type
                # that a variable of the scope bears too (func (n *node) with for _, node := range nodes)
                held = held if followed.partition("~")[0].endswith(ITEMS) else followed
            return f"{held}.{rest}" if "~" in held else f"{held}~{rest}"
    return value


MAX_TYPED_HOPS = 3  # variables followed in a row to type a value's object (x = y.f(); y = z.g(); ...)


def _function_scopes(stack: list[Span]) -> list[str]:
    return [s.qualname for s in reversed(stack) if s.kind not in CONTAINER_KINDS] + ["<module>"]


def _scope_value(name: str, scopes: list[str], types: dict) -> list[str] | None:
    """What the nearest scope binding ``name`` gives it."""
    return next((found for scope in scopes if (found := types.get(scope, {}).get(name))), None)


def _record_field(holder: str, more: str, scopes: list[str], types: dict) -> str | None:
    """``tc.cfg.Run()`` with ``for _, tc := range cases`` over ``cases := []struct{ cfg *Config }{..}``: the type
    the record written in place declares for the field (``@var.record``), then along the rest of the chain. Only
    for an element of a collection of the scopes whose own type names no class (``[]``), and where the scopes
    declare that field with one type (two tables of one function naming it differently: unknown)."""
    field, _, rest = more.partition(".")
    held = _scope_value(holder, scopes, types) if holder.isidentifier() and field.isidentifier() else None
    if not held or len(held) != 1 or not held[0].endswith(ITEMS):
        return None
    table = held[0][:-len(ITEMS)]
    if not table.isidentifier() or _scope_value(table, scopes, types) != [COLLECTION]:
        return None
    typed = _scope_value(RECORD_FIELD + field, scopes, types)
    if not typed or len(typed) != 1 or "~" in typed[0]:
        return None
    return f"{typed[0]}~{rest}" if rest else typed[0]


def _field_scopes(owner: str) -> list[str]:
    """Where a class's fields are bound: its own scope (a struct's declared fields), its constructor's."""
    return [owner, f"{owner}.constructor", f"{owner}.__init__"]


def _owner_scopes(stack: list[Span]) -> list[str]:
    """The field scopes of the class owning the innermost definition around a reference (none at module level); a
    function inside a method (``const getParent = () => this.storage.find(t)``) is the method's closure, whose
    ``this`` / ``self`` is the method's."""
    named = _named(stack)
    method = next((i for i in range(len(named) - 1, -1, -1) if named[i].kind != "function"), None)
    if method is not None and named[method].kind == "method":
        named = named[:method + 1]
    owner = named[-1].qualname.rpartition(".")[0] if named else ""
    return _field_scopes(owner) if owner else []


def _typed_field(value: str, rest: str, scopes: list[str], types: dict) -> str:
    """``self.config.build_many()`` where the class declares ``config: Config`` (a Rust or Go struct's field, one
    its constructor assigns) -> ``Config~build_many()``; else the value as written (the resolver follows the
    class's members)."""
    field, dot, more = rest.partition(".")
    owner = next((s for s in scopes if not s.startswith(CALLBACK)), "").rpartition(".")[0]
    if not (dot and field.isidentifier() and owner):
        return value
    for scope in _field_scopes(owner):
        held = types.get(scope, {}).get(field)
        if held:
            return value if len(held) > 1 or "~" in held[0] or held[0] == COLLECTION else f"{held[0]}~{more}"
    return value


def _as_self(receiver: str, stack: list[Span]) -> str:
    """``m.f()`` inside ``func (m *T) g()`` is ``self.f()``: the innermost definition naming its own object."""
    self_name = next((s.self_name for s in reversed(stack) if s.self_name), None)
    if self_name and (receiver == self_name or receiver.startswith(self_name + ".")):
        return "self" + receiver[len(self_name):]
    return receiver
