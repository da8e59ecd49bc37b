"""C#: a file's namespace is its package (``namespace Acme.Shop;`` or ``namespace Acme.Shop { }``): the files of one
namespace see each other's types unimported, and those of the enclosing namespaces (``Acme``) too. ``using A.B;``
brings every type of namespace A.B, ``using static A.B.C;`` the static members of class C, ``using X = A.B.C;`` C
under the name X (a class nested in another too: ``nested_import``); a project's usings hold in each of its files
(``project_imports``: ``<Using>`` items of its .csproj, ``global using`` of its other files). In a
method a bare ``M()`` is first the class's or a base's (``implicit_this``), ``_field.M()`` a method of the field's
declared type; ``new Foo()`` calls the class and its constructors (methods named as the class). ``System.*`` and
``Microsoft.*`` are the libraries', as are the base library's common types (``List``, ``Task``, ``Console``): never
guessed among the repository's."""

from __future__ import annotations

import os
import posixpath
import re
import weakref
from itertools import islice
from typing import NamedTuple

from pipeline.safeio import read_config

from . import (BLOCK_LINE, PACKAGE_BLOCK, TEMPLATE, cast_receiver, entry_reason_with, first_block, object_method_rule,
               package_blocks, package_keys, runtime_hook, split_outside, with_block)
from ..lazyre import lazy_re
from .csharp_repairs import repairs  # noqa: F401  (a parse rule: each #if read as its first branch)
from .csharp_razor import source_view  # noqa: F401  (a parse rule: a Razor view read as the class it compiles to)
from .implicit_this import implicit_this, implicit_this_field
from ..graph import MODULE
from ..parse import BASE_ARGUMENT_MARK, TYPE_PARAMETER_DECLARED, TYPE_PARAMETER_INFERRED

GROUP = "csharp"
LOCAL_DEFINITIONS_SCOPED = True  # a local function is seen in its method's body only
MODULE_KEYS_FROM_PACKAGES = True  # the paths and the files' namespaces (their blocks too): ``java``'s flag
ARITY = True  # overloads are told apart by their arguments: a call reaches those that accept its count
IMPLICIT_THIS = True  # a bare M() in a method may be the class's or a base class's method
BARE_FIELDS = True  # _validator.RuleFor(x => ..) in a method: the class's field _validator, where no local is named so
NAMED_CONSTRUCTORS = True  # public Shop(Saver s) is what new Shop(s) runs
NO_DEFAULTS_FIRST = True  # new Faker<T>() runs Faker(), not Faker(string locale = "en", IBinder binder = null)
# class V : AbstractValidator<Order> { V() { RuleFor(x => x.Name); } }: a library base of one type argument whose
# methods take Func<T, ..> / Expression<Func<T, ..>> (FluentValidation's, EF's EntityTypeConfiguration<T>, CsvHelper's
# ClassMap<T>) gives its own T, the argument written, to the lambdas passed to them bare or on this
BASE_ARGUMENT_LAMBDAS = True
# ...and a receiver written with one type argument (new InlineValidator<Person>(), Mock<IClock> clock) gives it to the
# lambda its method takes first (v.RuleFor(x => ..), clock.Setup(c => c.Now)); not these library types, whose
# methods give their lambdas the object itself (task.ContinueWith(t => t.Result)): resolve.py _receiver_argument_class
WRAPPER_TYPES = ("Task", "ValueTask", "Lazy", "TaskCompletionSource", "ThreadLocal", "AsyncLocal", "WeakReference",
                 "Nullable", "IEnumerator", "Channel")
# a bare name read is the variable (``read``: see queries/csharp.scm), and so is a call of a name a parameter or local
# binds: ``predicate(x)`` on ``Func<T, bool> predicate`` calls the delegate, never a method found by that name
# (methods are PascalCase, variables camelCase: ``M()`` beside a variable ``m`` is still the method)
LOCAL_KINDS = ("read", "call")
LOCALS_SHADOW = True  # a parameter or local called is that delegate, never a same-named definition of its file
# All(.., Func<T, bool> predicate) { predicate(x) }: what All's callers pass for predicate is what predicate(x) calls
# (their method groups: All(IsValid)); where no caller of the repository passes one, the call is a ``value`` call,
# unresolved (its target is the caller's code, a lambda or a library user's), never a library's member
PARAMETER_FLOW = True
# a chain's variable arguments carry their declared types (Wrap(cart): Wrap(cart:Cart)), which a generic method's
# result is inferred from (generic_result)
TYPED_ARGUMENTS = True
CAPITALIZED_CLASSES = True  # Defaults.Timeout: a class's static member, its class of the namespace or imported
IMPORTS_PASS_ON = False  # a using binds names in its own file only
# services.AddMediatR(): an extension method of a library's type (IServiceCollection.AddMediatR), called on an
# object of a library's type, is found by name
EXTENDS_LIBRARY_TYPES = True
# HttpContext httpContext: the library's type, though a Razor view has a property HttpContext (only a class, struct,
# interface, enum, record or delegate of the repository, or a using's alias, may be what a declared type names)
TYPES_NAMED_TYPES = True
PARTIAL_TYPES = True  # partial class Cart in Cart.cs and Cart.Totals.cs: one class, whose members are all its parts'
KEYWORDS = frozenset({
    "abstract", "as", "base", "bool", "break", "byte", "case", "catch", "char", "checked", "class", "const",
    "continue", "decimal", "default", "delegate", "do", "double", "else", "enum", "event", "explicit", "extern",
    "false", "finally", "fixed", "float", "for", "foreach", "goto", "if", "implicit", "in", "int", "interface",
    "internal", "is", "lock", "long", "namespace", "new", "null", "object", "operator", "out", "override", "params",
    "private", "protected", "public", "readonly", "ref", "return", "sbyte", "sealed", "short", "sizeof",
    "stackalloc", "static", "string", "struct", "switch", "this", "throw", "true", "try", "typeof", "uint", "ulong",
    "unchecked", "unsafe", "ushort", "using", "virtual", "void", "volatile", "while"})
# contextual words, fine member names (a field ``value``, a method ``get``): junk only at top level
CONTEXTUAL_KEYWORDS = frozenset({
    "async", "await", "get", "init", "nameof", "record", "set", "value", "var", "when", "where", "yield"})
# attributes that register nothing (compiler, debugger, serializer or analyzer hints): no entry point
PURE_DECORATORS = frozenset({
    "Serializable", "NonSerialized", "Obsolete", "Flags", "DebuggerStepThrough", "DebuggerHidden",
    "DebuggerDisplay", "DebuggerNonUserCode", "DebuggerBrowsable", "MethodImpl", "Pure", "NotNull", "MaybeNull",
    "AllowNull", "DisallowNull", "NotNullWhen", "MaybeNullWhen", "NotNullIfNotNull", "MemberNotNull",
    "MemberNotNullWhen", "DoesNotReturn", "DoesNotReturnIf", "EditorBrowsable", "ExcludeFromCodeCoverage",
    "CompilerGenerated", "GeneratedCode", "AttributeUsage", "SuppressMessage", "UnconditionalSuppressMessage",
    "StructLayout", "Browsable", "Description", "DefaultValue", "CLSCompliant", "ComVisible", "Conditional",
    "AggressiveInlining", "SkipLocalsInit", "StackTraceHidden", "RequiresUnreferencedCode", "RequiresDynamicCode",
    "DynamicallyAccessedMembers", "UsedImplicitly", "CanBeNull", "ItemNotNull", "ItemCanBeNull", "Required",
    "SetsRequiredMembers", "Experimental", "InlineArray", "IsReadOnly", "ReadOnly", "Nullable", "NullableContext"})


# System.Object's methods a type overrides for the runtime and the libraries to call (string formatting and
# interpolation, dictionaries and sets)
OBJECT_METHODS = frozenset({"ToString", "Equals", "GetHashCode"})


def _main_entry(name: str, kind: str, parent: str | None) -> str | None:
    return "main method" if kind == "method" and name == "Main" else None


def _constructor_entry(name: str, kind: str, parent: str | None) -> str | None:
    """A constructor runs wherever its class is created: by ``new``, but also by a container (a handler registered
    by assembly scan, ``services.AddTransient<IFoo, Foo>()``), ``Activator`` or a deserializer, which name only the
    class. Never dead itself; its class's own uses decide (an unused overload beside a called one is no longer told
    apart: the price of not reporting every injected service's constructor)."""
    if kind == "method" and parent and name == parent.rpartition(".")[2]:
        return runtime_hook("a constructor: it runs wherever its class is created (new, a container, Activator)")
    return None


# types the compiler itself uses by their full name (System.Runtime.CompilerServices, System.Diagnostics.CodeAnalysis),
# which a library declares for the older frameworks it targets (`internal class IsExternalInit {}` under `#if !NET`):
# `init` accessors, `this` parameters, `required` members, `[MaybeNull]` read them; no source names them
COMPILER_TYPES = frozenset({
    "IsExternalInit", "ExtensionAttribute", "EmbeddedAttribute", "NullableAttribute", "NullableContextAttribute",
    "NullablePublicOnlyAttribute", "IsReadOnlyAttribute", "IsByRefLikeAttribute", "IsUnmanagedAttribute",
    "RequiredMemberAttribute", "CompilerFeatureRequiredAttribute", "SetsRequiredMembersAttribute",
    "ScopedRefAttribute", "RefSafetyRulesAttribute", "ParamCollectionAttribute", "InterpolatedStringHandlerAttribute",
    "InterpolatedStringHandlerArgumentAttribute", "CallerArgumentExpressionAttribute", "ModuleInitializerAttribute",
    "SkipLocalsInitAttribute", "AsyncMethodBuilderAttribute", "OverloadResolutionPriorityAttribute",
    "AllowNullAttribute", "DisallowNullAttribute", "MaybeNullAttribute", "NotNullAttribute",
    "MaybeNullWhenAttribute", "NotNullWhenAttribute", "NotNullIfNotNullAttribute", "DoesNotReturnAttribute",
    "DoesNotReturnIfAttribute", "MemberNotNullAttribute", "MemberNotNullWhenAttribute"})


def _compiler_type_entry(name: str, kind: str, parent: str | None) -> str | None:
    if kind == "class" and parent is None and name in COMPILER_TYPES:
        return "a type the compiler uses by its full name, declared for older target frameworks"
    return None


entry_reason = entry_reason_with(PURE_DECORATORS, _main_entry, _constructor_entry, _compiler_type_entry,
                                 object_method_rule(OBJECT_METHODS, "string formatting and hashed collections"))


def enclosing_namespaces(resolver, r, src):
    """A name of namespace ``Acme`` or ``Acme.Shop`` seen unimported from a file of ``Acme.Shop.Api``: the nearest
    enclosing namespace's definition (the file's own namespace is its package, looked up before); else one a
    ``global using`` of the file's project brings."""
    from ..resolve import Found

    sid = _namespace_type(resolver, r, r.name)
    if sid is not None:
        return Found([sid], "same_package")
    sid = global_using_type(resolver, r.path, r.name)
    return Found([sid], "import") if sid else None


def enclosing_type(resolver, r, name: str) -> str | None:
    """The type of an enclosing namespace a bare ``name`` stands for (``JsonSerializer`` of ``Newtonsoft.Json`` in a
    file of ``Newtonsoft.Json.Serialization``): the language's library type of that name is hidden by it."""
    sid = _namespace_type(resolver, r, name)
    return sid if sid is not None and resolver._classlike(sid) else None


def global_name(resolver, r, dotted: str) -> str | None:
    """A type a file names that no scope, using or its namespace gives: ``Item`` of an enclosing namespace, or
    ``Models.Item`` / ``Acme.Shop.Models.Item`` written with its namespace (whole, or from an enclosing one); a bare
    one, else one a ``global using`` brings, else the project's (``project_type``)."""
    sid = _namespace_type(resolver, r, dotted)
    if sid is not None or "." in dotted:
        return sid
    sid = global_using_type(resolver, r.path, dotted)
    found = None if sid else _only_type(resolver, r.path, dotted)
    return sid or (found.ids[0] if found else None)


def _namespace_type(resolver, r, dotted: str) -> str | None:
    key = resolver._package_key(r.path)
    group, own = key if key else (GROUP, "")
    written, _, name = dotted.rpartition(".")
    enclosing = [own.rsplit(".", n)[0] for n in range(1, own.count(".") + 1)] if own else []
    spaces = [written] + [f"{ns}.{written}" for ns in [own] + enclosing if ns] if written else enclosing
    for namespace in spaces:
        sid = resolver.g.package_top.get((group, namespace), {}).get(name)
        if sid:
            return sid
    return None


def project_type(resolver, r, src):
    """A type named bare that no scope, using or namespace of the file gives, made visible by what the parser does
    not read: a project's usings (``<Using Include="Polly.Utils" />`` in a ``.csproj``, ``global using`` in another
    file). The only class of that name in the repository (of the caller's program: not a test folder's for the
    library) is taken, as a guess (``unique_name``); the base library's names stay external."""
    return _only_type(resolver, r.path, r.name)


def library_type(resolver, r, src):
    """A capitalised name (a type built, ``new DateOnly(..)``; a type named) that no definition of the repository
    bears, which no scope, using or namespace of the file gave: a library's (``System``'s, a package's), never one
    of ours, whatever the usings the parser does not see. A lower-case one stays unresolved: mostly a variable holding
    a delegate (``configure(cfg)``)."""
    if not r.name or not r.name[:1].isupper() or resolver.g.by_name.get(r.name):
        return None
    from ..resolve import EXTERNAL

    return EXTERNAL


def _only_type(resolver, path: str, name: str | None):
    if not name or not name[:1].isupper() or name in BUILTINS:
        return None
    from ..graph import CLASSLIKE
    from ..resolve import Found

    found = resolver._global(name, CLASSLIKE, path)
    whole = _partial_whole(resolver, found.ids) if len(found.ids) > 1 else None
    found = Found([whole], "unique_name") if whole else found
    found = resolver._same_program(path, found) if len(found.ids) == 1 else None
    if found and found.ids and _namespace_unseen(resolver, path, found.ids[0]):
        return None
    return found if found and found.ids else None


IMPLICIT_ROOTS = frozenset({"System", "Microsoft"})  # the SDKs' implicit usings' namespaces lie under these


def _namespace_unseen(resolver, path: str, sid: str) -> bool:
    """Whether the type ``sid``, guessed for a bare name of ``path``, lies in a namespace the file cannot see: a
    top-level type of a declared namespace, where the file is a ``.cs`` of a project whose usings were all read
    (its own, the project file's, the project's ``global using``s: the layers before found nothing there). A Xamarin,
    MAUI or Avalonia iOS head's ``public class Application { static void Main }`` (namespace ``App.iOS``) is not
    the ``Application`` another project's ``App : Application`` extends with ``using Avalonia;``. Kept as a guess: a
    type of the global namespace, a nested type (a base class's, seen bare in a subclass), a file of no project
    found (its usings may come of a project file the repository does not hold), a view (``_Imports.razor``), a type
    the SDK's implicit usings may bring (a namespace under ``System`` or ``Microsoft``: eShop's shared
    ``IDbSeeder`` of ``Microsoft.AspNetCore.Hosting``), a type named as its namespace (``Common.Common.Id``, the
    first ``Common`` a namespace beside the file's)."""
    sym = resolver.g.by_id[sid]
    if not path.endswith(".cs") or sym.parent_id != f"{sym.path}::<module>":
        return False
    key = resolver._package_key(sym.path, sym.line)
    if key is None or key[1] == GLOBAL_NAMESPACE:  # eShop's CatalogServices.cs declares none: every file sees it
        return False
    namespace = key[1]
    if namespace.split(".")[0] in IMPLICIT_ROOTS or namespace.rpartition(".")[2] == sym.name:
        return False
    usings = resolver.language_state.get(PROJECT_USINGS_STATE)
    if usings is None:
        usings = resolver.language_state[PROJECT_USINGS_STATE] = _ProjectUsings(resolver)
    return usings.files.project_folder(posixpath.dirname(path)) is not None


MAX_OWNER_PARTS = 64  # parts and twins of one type an extension method joins


def owners_among(g, member, candidates: list[str]) -> list[str]:
    """An extension method's extended type (``this Policy<TResult> p``: ``Policy.RaiseResultSequence``) named by
    several types: where they are one namespace's one type written in parts (a ``partial class Policy`` in files of
    several folders) and its generic twins (``Policy<TResult>``), it joins each (a call on a subclass of either
    finds it); types of several namespaces or names stay none's: the extension's usings are not read here."""
    from ..qualnames import untwinned

    syms = [g.by_id[i] for i in candidates[:MAX_OWNER_PARTS + 1]]
    if len(syms) > MAX_OWNER_PARTS or len({untwinned(s.qualname) for s in syms}) != 1:
        return []
    namespaces = _namespace_of_paths(g)
    return candidates if len({namespaces.get(s.path) for s in syms} - {None}) == 1 else []


_NAMESPACES: list = [None, {}]  # (a weak reference to the graph, its path -> namespace): graphs are unhashable


def _namespace_of_paths(g) -> dict[str, str]:
    if _NAMESPACES[0] is None or _NAMESPACES[0]() is not g:
        _NAMESPACES[:] = [weakref.ref(g), {p: scope for (group, scope), paths in g.packages.items()
                                           if group == GROUP for p in paths}]
    return _NAMESPACES[1]


def _partial_whole(resolver, ids: list[str]) -> str | None:
    """The parts of one ``partial class`` (one qualified name, one folder) are one type: its first part."""
    from ..rows import partial_type

    return partial_type(ids) if len({resolver.g.by_id[i].qualname for i in ids}) == 1 else None


def extend_layers(name_layers: list, member_layers: list) -> None:
    """A bare ``M()`` in a method is first the class's (or a base class's) method, before usings; after its own
    namespace, the enclosing ones, then the only type of that name the project may see through its global usings;
    a capitalised name no definition bears is a library's."""
    name_layers.insert(0, type_argument_mark)
    member_layers.insert(0, generic_result)
    member_layers.insert(member_layers.index("class_named"), static_form_extension)
    name_layers.insert(name_layers.index("scoped") + 1, implicit_this)
    name_layers.insert(name_layers.index(implicit_this) + 1, extension_host)
    name_layers.insert(name_layers.index(extension_host) + 1, static_form_sibling)
    name_layers.append(enclosing_namespaces)
    name_layers.append(project_type)
    name_layers.append(library_type)
    member_layers.append(implicit_this_field)


def type_argument_mark(resolver, r, src):
    """A generic method's declared result ``<0>`` (``settle_references``) names no type: unknown, never a
    library's."""
    from ..resolve import UNRESOLVED

    return UNRESOLVED if r.name and _TYPE_ARGUMENT.match(r.name) else None


# a receiver that is one call written with type arguments, maybe awaited: Registry.Resolve<Cart>(), (await
# Bus.Send<A>(..)); the last step of a typed chain alike: Locator~Resolve<Cart>() (x.Resolve<Cart>(), x a Locator)
_GENERIC_CALL = lazy_re(r"^\(?\s*(?:await\s+)?([\w.]+)\s*<([\w.,\s<>?\[\]]+)>\s*\((.*)\)\s*\)?$", re.S)


_PLAIN_CALL = lazy_re(r"^\(?\s*(?:await\s+)?([\w.]+)\s*\((.*)\)\s*\)?$", re.S)  # Wrap(receipt), none written


def generic_result(resolver, r, src):
    """``x.Resolve<Cart>().Total()``, ``Registry.Resolve<Cart>().Total()``: the callee is a method of the repository
    whose result is its type parameter (``T Resolve<T>()``, ``Task<T> SendAsync<T>(..)``): the value is the type
    argument written at that place, and the member is that type's (``Cart.Total``). With none written (``T
    Wrap<T>(T value)`` called ``x.Wrap(cart)``) it is inferred from the argument declared of that type: a variable
    of a declared type (``cart:Cart``, parse.py ``typed_arguments``), a ``new Cart()``, or the receiver of an
    extension method's ``this T``."""
    call = _generic_call(resolver, r)
    if call is None:
        return None
    places = {_result_place(resolver, sid) for sid in call.callees}
    if len(places) != 1 or None in places:
        return None
    place, given = places.pop()
    if call.written is not None:
        arguments = _top_level_arguments(call.written)
        written = re.sub(r"<.*>|\?|\[\]", "", arguments[place]).strip() if place < len(arguments) else ""
        cls = resolver._class_named(r, written) if written.replace(".", "").isidentifier() else None
    else:
        cls = _inferred_class(resolver, r, call, given)
    if not cls:
        return None
    found = resolver._member_or_override(cls, r.name)
    if found.ids:
        return resolver._found_elsewhere(r, found)
    return _extension_guess(resolver, r.name) or (found if call.written is not None else None)


def _extension_guess(resolver, name: str):
    """A member a class lacks that an extension method of a type parameter may be (``.AddChaosLatency(..)`` after
    ``builder.AddChaosFault(..)``, both ``TBuilder``'s): those, by name (a guess)."""
    from ..resolve import Found

    from ..qualnames import untwinned

    hits = _type_parameter_extensions(resolver, name)
    one = len({(resolver.g.by_id[sid].path, untwinned(resolver.g.by_id[sid].qualname)) for sid in hits}) == 1
    return Found(hits[:8], "unique_name" if one else "ambiguous") if hits else None  # overloads: one method


class _GenericCall(NamedTuple):
    """The last call of a receiver: the methods it may be, the type arguments written (None: none), its arguments
    as written, and the class of the object it is called on where known (for an extension's ``this T``)."""
    callees: list
    written: str | None
    arguments: str
    receiver_class: str | None


def _generic_call(resolver, r) -> _GenericCall | None:
    value, _, chain = (r.bound_to or "").partition("~")
    if chain and "|" not in value:
        from ..resolve import _chain_parts

        *before, last = _chain_parts(chain)
        m = _GENERIC_CALL.match(last)
        plain = None if m else _PLAIN_CALL.match(last)
        if not (m or plain):
            return None
        ids, cls = _typed_callees(resolver, r, value, before, (m or plain).group(1))
        return _GenericCall(ids, m.group(2) if m else None, (m or plain).group(3 if m else 2), cls)
    if r.bound_to:
        return None
    m = _GENERIC_CALL.match(r.receiver or "")
    plain = None if m else _PLAIN_CALL.match(r.receiver or "")
    if plain and "new " not in plain.group(2):  # no bound value: only an argument built there can say its type
        return None
    found = m or plain
    arguments = found.group(3 if m else 2) if found else ""
    target = resolver._call_target(r, found.group(1) + "()") \
        if found and arguments.count("(") == arguments.count(")") else None
    if not target or target.resolution in ("unique_name", "ambiguous"):
        return None
    return _GenericCall(target.ids, m.group(2) if m else None, arguments, None)


def _inferred_class(resolver, r, call: _GenericCall, given: str | None) -> str | None:
    """The class a generic method's type parameter takes where no type argument is written: its receiver's (an
    extension's ``this T``), or that of the argument at the place declared of that type: ``cart:Cart`` (a typed
    variable), ``new Cart()``; None where it is not known."""
    if given == SELF_GIVEN:
        return call.receiver_class
    arguments = _top_level_arguments(call.arguments) if given is not None and call.arguments.strip() else []
    if given is None or int(given) >= len(arguments):
        return None
    argument = arguments[int(given)]
    variable, colon, typed = argument.partition(":")
    written = typed.strip() if colon and variable.strip().isidentifier() else inline_type(argument)
    return resolver._class_named(r, written) if written and written.replace(".", "").isidentifier() else None


def _typed_callees(resolver, r, value: str, before: list, name: str) -> tuple[list[str], str | None]:
    """The methods ``name`` of the class a typed value's chain reaches (``Locator~Resolve<Cart>()``: Locator's), and
    that class."""
    cls, _ = resolver._class_of_value(r, value, resolver.hooks.get(r.path, resolver.no_hooks))
    cls = resolver._class_along(cls, before) if cls and before else cls
    member = resolver._member(cls, name) if cls else None
    return (member.ids if member else _type_parameter_extensions(resolver, name) if cls else []), cls


def _type_parameter_extensions(resolver, name: str) -> list[str]:
    """The extension methods ``name`` of a type parameter (``static TBuilder AddTimeout<TBuilder>(this TBuilder b)``,
    its symbol ``TBuilder.AddTimeout``: no class ``TBuilder``), which extend whatever their constraint allows (not
    read): the methods a typed object's call may be where its class has none of the name."""
    out = []
    for sid in resolver.g.by_name.get(name, ()):
        sym = resolver.g.by_id[sid]
        owner = sym.qualname.rpartition(".")[0]
        parent = resolver.g.by_id.get(sym.parent_id) if sym.parent_id else None
        if sym.kind == "method" and _TYPE_PARAMETER.match(owner) and (parent is None or parent.kind == "module"):
            out.append(sid)
    return out


def _result_place(resolver, sid: str) -> tuple[int, str | None] | None:
    """The place of the type argument a method's call gives back (its declared result ``<N>``) and the parameter
    declared of that type (``<N@K>``: K, or ``self``), else None."""
    sym = resolver.g.by_id[sid]
    declared = resolver.return_types.get((sym.path, sym.qualname))
    m = _TYPE_ARGUMENT.match(declared.name or "") if declared is not None else None
    return (int(m.group(1)), m.group(2)) if m else None


def _top_level_arguments(text: str) -> list[str]:
    """``Dictionary<A, B>, C`` -> ``["Dictionary<A, B>", "C"]``."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch == "<") - (ch == ">")
        if ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return [p.strip() for p in parts + [text[start:]]]


def static_form_extension(resolver, r, src):
    """``CartExt.Each(cart, b => ..)``: an extension method called through the static class declaring it (its
    symbol is its extended type's member, ``Cart.Each``), where that class has no member of the name."""
    host = _host_class(resolver, r, r.receiver)
    if host is None or resolver._member(host, r.name):
        return None
    from ..resolve import Found

    hosts = {resolver.g.by_id[h].path: h for h in _with_parts(resolver, host)}  # one part per file
    hits = [sid for sid in resolver.g.by_name.get(r.name, ())
            if (h := hosts.get(resolver.g.by_id[sid].path)) and _hosted_extension(resolver, h, sid)]
    return resolver._found_elsewhere(r, Found(hits, "same_file")) if hits else None


def static_form_place(resolver, r, sid: str, head: str, place: str) -> str | None:
    """An argument's place among an extension method's declared parameters (which leave out its ``this`` one) where
    the call names its static class and passes the extended object first: ``CartExt.Each(cart, b => ..)``'s ``1:0``
    is ``0:0``; the object itself (``0``) is no delegate's."""
    host = _host_class(resolver, r, head)
    part = {resolver.g.by_id[h].path: h for h in _with_parts(resolver, host)}.get(resolver.g.by_id[sid].path) \
        if host is not None else None
    if part is None or not _hosted_extension(resolver, part, sid):
        return place
    outer, colon, inner = place.partition(":")
    return f"{int(outer) - 1}{colon}{inner}" if outer.isdigit() and int(outer) > 0 else None


def _host_class(resolver, r, written: str | None) -> str | None:
    if not written or not written[:1].isupper() or not written.replace(".", "").isidentifier():
        return None
    cls = resolver._class_named(r, written)
    return cls if cls and resolver.g.by_id[cls].kind in ("class", "struct") else None


def _with_parts(resolver, cls: str) -> list[str]:
    """``cls`` and the other parts of its partial type (MoreLINQ's ``static partial class MoreEnumerable``, one
    part per file, each declaring extension methods the static form ``MoreEnumerable.Fold(..)`` names)."""
    cache = resolver.language_state.setdefault(_PARTS_STATE, {})
    found = cache.get(cls)
    if found is None:
        found = cache[cls] = [cls, *resolver._parts(cls)]
    return found


_PARTS_STATE = "csharp.parts"  # a type -> it and its other parts (asked once per static-form call otherwise)


def _hosted_extension(resolver, host: str, sid: str) -> bool:
    """Whether ``sid`` is a method declared in the body of the top-level class ``host`` while its symbol belongs to
    another type (an extension method): between the class's first line and the next top-level class of its file."""
    sym, cls = resolver.g.by_id[sid], resolver.g.by_id[host]
    if sym.kind not in ("method", "function") or sym.path != cls.path or sym.parent_id == host or sym.line < cls.line:
        return False
    if sym.qualname.partition(".")[0] == cls.name:  # a local function of one of its methods (``Impl.Insert``)
        return False
    return sym.line < _body_end(resolver, host, cls)


_BODY_ENDS_STATE = "csharp.body_ends"


def _body_end(resolver, host: str, cls) -> float:
    """The line the next top-level type of ``host``'s file begins on (infinity where none follows): where the
    body that may declare its extension methods ends (asked per candidate and call otherwise)."""
    ends = resolver.language_state.setdefault(_BODY_ENDS_STATE, {})
    end = ends.get(host)
    if end is None:
        lines = [resolver.g.by_id[i].line for i in resolver.g.top.get(cls.path, {}).values()
                 if isinstance(i, str) and i in resolver.g.by_id]
        end = ends[host] = min((line for line in lines if line > cls.line), default=float("inf"))
    return end


def extension_host(resolver, r, src):
    """A bare ``M()`` in an extension method (its symbol is its extended type's member: ``string.Shout``) is first
    a member of a class of its file: the static class that declares it, whose helpers it calls unqualified."""
    from ..resolve import Found

    sym = resolver.g.by_id.get(src)
    if sym is None or r.receiver or sym.parent_id is None and "." not in sym.qualname:
        return None
    parent = resolver.g.by_id.get(sym.parent_id) if sym.parent_id else None
    if parent is not None and parent.path == sym.path and parent.kind in ("class", "struct"):
        return None  # a method of a class of this file: implicit_this has looked there
    classes = [cls for cls in resolver.g.top.get(sym.path, {}).values() if isinstance(cls, str)]
    hits = [m for cls in classes if (m := resolver.g.members.get(cls, {}).get(r.name))]
    if hits:
        return Found(hits, "same_file")
    # a helper of another part of the declaring static class (``SubscribeSingle`` of ExperimentalEnumerable's part
    # in Experimental/Aggregate.cs, called from its part in Aggregate.g.cs)
    hits = [m for cls in classes if _hosted_extension(resolver, cls, src) for part in _with_parts(resolver, cls)[1:]
            if (m := resolver.g.members.get(part, {}).get(r.name))]
    return Found(hits, "same_package") if hits else None


def static_form_sibling(resolver, r, src):
    """A bare ``M(source, ..)`` calling an extension method its file declares (``SelectManyYield(source, f)`` in the
    static class of ``SelectManyYield(this IEnumerable<T> source, ..)``): the static form of the call, which no class
    member answers, the extension being its extended type's member. Only the file's own: another static class's
    needs its name written."""
    from ..resolve import Found

    if r.receiver:
        return None
    path = r.path
    hits = [i for i in resolver.g.by_name.get(r.name, ()) if (m := resolver.g.by_id[i]).path == path
            and m.kind in ("function", "method") and _hosted_elsewhere(resolver, m)]
    return Found(hits, "same_file") if hits else None


def _hosted_elsewhere(resolver, sym) -> bool:
    """Whether a method is an extension method, a member of a type its file does not declare (``string.Shout``)."""
    host, dot, _ = sym.qualname.partition(".")
    return bool(dot) and not isinstance(resolver.g.top.get(sym.path, {}).get(host), str)


def visible_members(resolver, r, src, found):
    """``sequence.Segment(..)`` where two static classes of several namespaces declare ``Segment(this
    IEnumerable<T>)`` (MoreLINQ's ``MoreEnumerable`` in ``MoreLinq``, its wrapper ``SegmentExtension`` in
    ``MoreLinq.Extensions``): C# sees an extension method only where its namespace is the file's own, an enclosing
    one, or one it (or its project, ``global using``) uses. A class's own member always stays; where the file sees
    none of the extensions (a chain, a ``using static``), all stay."""
    apart = [i for i in found.ids if _hosted_elsewhere(resolver, resolver.g.by_id[i])]
    spaces = {_namespace_at(resolver, i) for i in apart}
    if len(spaces) < 2:
        return found
    # ``using static MoreLinq.Extensions.AppendExtension;``: that class's extensions, the nearest scope's, win
    classes = _statically_used(resolver, r)
    hosted = [i for i in apart if classes and f"{_namespace_at(resolver, i)}.{_host_name(resolver, i)}" in classes]
    if hosted:
        return type(found)([i for i in found.ids if i not in apart or i in hosted], found.resolution)
    seen = spaces & _namespaces_seen(resolver, r)
    if not seen:
        return found
    return type(found)([i for i in found.ids if i not in apart or _namespace_at(resolver, i) in seen],
                       found.resolution)


def members_imported(resolver, r) -> bool:
    """Whether ``r``'s file writes a class's members bare (``using static A.B.C``, its own or the project's)."""
    return bool(_statically_used(resolver, r))


def _statically_used(resolver, r) -> set:
    return {i.module for i in _usings_at(resolver, r) if i.alias in ("static", GLOBAL_STATIC)}


def _usings_at(resolver, r) -> list:
    """The usings of ``r``'s file, of the namespace block holding ``r`` where the file has several (a block's usings
    are its own; the file's first ones count as the first block's)."""
    usings = [i for i in resolver.imports_of.get(r.path, ()) if i.kind == "import" and i.module]
    if r.path not in resolver.g.package_blocks:
        return usings
    block = resolver._package_key(r.path, r.line)
    return [i for i in usings if resolver._package_key(r.path, i.line) == block]


def _host_name(resolver, sid: str) -> str | None:
    """The name of the top-level class whose body declares the extension method ``sid``."""
    sym = resolver.g.by_id[sid]
    return next((resolver.g.by_id[cls].name for cls in resolver.g.top.get(sym.path, {}).values()
                 if isinstance(cls, str) and cls in resolver.g.by_id and _hosted_extension(resolver, cls, sid)), None)


def _namespace_at(resolver, sid: str) -> str | None:
    sym = resolver.g.by_id[sid]
    key = resolver._package_key(sym.path, sym.line)
    return key[1] if key else None


def _namespaces_seen(resolver, r) -> set:
    """The namespaces whose extension methods a file sees at ``r``: its own (the block holding ``r``) and those
    enclosing it, those its plain usings name, its project's global usings."""
    key = resolver._package_key(r.path, r.line)
    own = key[1] if key else ""
    seen = {own.rsplit(".", n)[0] for n in range(own.count(".") + 1)} if own else set()
    seen.update(i.module for i in _usings_at(resolver, r) if i.alias in (None, GLOBAL))
    usings = resolver.language_state.get(GLOBAL_USINGS_STATE)
    if usings is None:
        usings = resolver.language_state[GLOBAL_USINGS_STATE] = _GlobalUsings(resolver)
    seen.update(usings.of(posixpath.dirname(r.path)))
    return seen


def universal_member(resolver, r, src):
    """``breaker.CircuitState.ShouldBe(..)``, ``scanner.AddAllTypesOf<T>()``: a member the receiver's type (the
    repository's, or one the code does not state) lacks, that no definition of the repository bears by name. C# calls
    only declared methods, so it is a library's: an extension method for any type (Shouldly's ``ShouldBe``, LINQ's
    ``Select`` on a collection of ours) or a method of a library type behind an untyped value: external. Not a
    camelCase name (``state.callback(..)``: a delegate a tuple or field holds, called; methods are PascalCase)."""
    from ..resolve import EXTERNAL

    return None if not r.name[:1].isupper() or resolver.g.by_name.get(r.name) else EXTERNAL


def guess_bare_names(resolver, path: str) -> bool:
    return False  # every name a file uses is its class's, of its namespace or one it uses


_TYPE_ARGS = lazy_re(r"<[\w\s.,?\[\]]*>")


def receiver_path(receiver: str) -> str:
    """``base`` is the base class's object, as ``super`` is (``base.Check()``, ``base.Name``); a generic method's
    or type's arguments say nothing of the object (``Policy.Handle<E>().Retry()``: what ``Handle`` returns). A type
    built there keeps how many it writes (``new Builder<T, R>()``: ``new Builder<,>()``): which twin it builds."""
    if receiver == "base" or receiver.startswith("base."):
        receiver = "super" + receiver[4:]
    receiver = cast_receiver(receiver)  # ((Policy) p).Execute(): a Policy's
    while "<" in receiver and _TYPE_ARGS.search(receiver):
        receiver = _TYPE_ARGS.sub(_arity_of_built, receiver)
    return receiver.translate(_ARITY_MARKS) if _OPEN_ARITY in receiver else receiver


_OPEN_ARITY, _CLOSE_ARITY = "\x02", "\x03"  # <, > of a built type's arity while its arguments are taken out
_ARITY_MARKS = str.maketrans(_OPEN_ARITY + _CLOSE_ARITY, "<>")
_BUILT = lazy_re(r"\bnew\s+[\w.]+\s*$")


def _arity_of_built(m: re.Match) -> str:
    """Type arguments taken out of a receiver, innermost first; those of ``new Foo<..>`` leave their commas."""
    if not _BUILT.search(m.string, 0, m.start()):
        return ""
    return _OPEN_ARITY + "," * _top_level_commas(m.group(0)[1:-1]) + _CLOSE_ARITY


# new Foo<..>(..); as an object initializer's receiver (settle_references), new Foo<..> alone
_NEW = lazy_re(r"^\(?\s*new\s+([\w.]+)\s*(?:<([^()]*)>)?\s*(?:\(.*\))?\s*\)?$", re.S)
# a container's or service provider's factory: what it returns is its type argument
FACTORIES = ("GetRequiredService", "GetService", "GetInstance", "Resolve", "GetRequiredKeyedService",
             "GetKeyedService")
_FACTORY = lazy_re(r"^[\w.]+\.(?:%s)<([\w.]+)(?:<([^()]*)>)?>\(\)$" % "|".join(FACTORIES), re.S)


def inline_type(receiver: str) -> str | None:
    """``new Foo(...)`` -> ``Foo``; ``provider.GetRequiredService<IFoo<T>>()`` -> ``IFoo``; ``(x as Foo)`` ->
    ``Foo``."""
    m = _NEW.match(receiver) or _FACTORY.match(receiver) or _AS.match(receiver)
    return m.group(1) if m else None


# the keyword types a static member or a literal's suffix names (``long.MinValue``, ``1_000d``)
_KEYWORD_TYPES = frozenset({"bool", "byte", "sbyte", "short", "ushort", "int", "uint", "long", "ulong", "float",
                            "double", "decimal", "char", "string", "object"})
_STATIC_MEMBER = lazy_re(r"^\(?\s*([A-Za-z_]\w*)\s*\.\s*[A-Z]\w*\s*(?:\(.*\))?\s*\)?$", re.S)
_NUMBER = lazy_re(r"^\(?\s*-?\d[\d_]*(\.[\d_]+)?([dDfFmM]|[uU][lL]?|[lL][uU]?)?\s*\)?$")
_SUFFIXES = {"d": "double", "f": "float", "m": "decimal", "u": "uint", "l": "long", "ul": "ulong", "lu": "ulong"}


def receiver_type_written(receiver: str) -> str | None:
    """The type a receiver's value has as the code writes it, for choosing among the extensions of library types
    named as called (Humanizer's ``ToMetric`` on ``long``, ``double``, ``int``..., ``Humanize`` on ``TimeSpan``,
    ``DateTime``, ``string``, an enum...): a number by its suffix or its point (``(-1234L)``, ``1_000d``, ``2.5``,
    ``123_456``); a type's static member read or called (``TimeSpan.FromSeconds(62)``, ``TimeSpan.Zero``,
    ``DateTime.Now``, ``long.MinValue``, an enum's ``Tone.Loud``), which by .NET's convention (factories,
    constants, an enum's values) is of that type; None for anything else (``date.Day``: a local's member)."""
    m = _NUMBER.match(receiver)
    if m:
        suffix = (m.group(2) or "").lower()
        return _SUFFIXES[suffix] if suffix else "double" if m.group(1) else "int"
    m = _STATIC_MEMBER.match(receiver)
    head = m.group(1) if m else ""
    return head if head[:1].isupper() or head in _KEYWORD_TYPES else None


# a type as written: a variable's declared Foo<A, B> (bound as Foo<,>), a static call's Policy<int>.Handle(); Foo
# bare: the plain twin (ISyncPolicy p beside ISyncPolicy<T>, Policy.Handle() beside Policy<T>.Handle())
_DECLARED_WITH_ARGUMENTS = lazy_re(r"^([\w.]+)(?:<([^()]*)>)?$", re.S)


def inline_type_arguments(receiver: str) -> int | None:
    """How many type arguments the type ``inline_type`` reads writes: ``new Foo<A, Dictionary<B, C>>()`` 2, ``new
    Foo()`` 0 (the plain twin of a generic one); a variable's declared type as bound (``Foo<,>``: 2, ``Foo``: 0);
    None where no type is built, declared or named there."""
    m = _NEW.match(receiver) or _FACTORY.match(receiver) or _AS.match(receiver) \
        or _DECLARED_WITH_ARGUMENTS.match(receiver)
    if m is None:
        return None
    written = m.group(2)  # as written, or as receiver_path leaves it: Foo<,>
    return 0 if written is None else 1 + _top_level_commas(written)


def _top_level_commas(text: str) -> int:
    depth = commas = 0
    for c in text:
        depth += (c == "<") - (c == ">")
        commas += c == "," and depth == 0
    return commas


_AS = lazy_re(r"^\(\s*[^()]+?\s+as\s+([A-Za-z_][\w.]*)\s*(?:<([^()]*)>)?\s*\)$", re.S)  # (x as Foo)


# --- where a type is used (parse side) ---

def _qualified(node, child):
    """``A.B.Foo``: the last name is the type (look further up for where it is used); the others qualify it."""
    return ... if child == node.child_by_field_name("name") else None


def _generic(node, child):
    """``Base<Foo>``: Foo is a generic argument wherever Base stands; a generic method's name called
    (``M<T>()``) is no type."""
    if child.type == "type_argument_list":
        return "generic"
    return None if node.parent is not None and node.parent.type in _CALLED else ...


def _declared(node, child):
    """``Foo x``: a field's type (a class's field or event), else a local variable's."""
    return "field" if node.parent is not None and node.parent.type in _FIELDS else "variable"


_CALLED = frozenset({"invocation_expression", "member_access_expression", "member_binding_expression"})
_FIELDS = frozenset({"field_declaration", "event_field_declaration"})

TYPE_CONTEXTS = {
    "qualified_name": _qualified,
    "generic_name": _generic,
    "variable_declaration": _declared,
    **dict.fromkeys(("parameter", "lambda_expression", "catch_declaration"), "parameter"),
    **dict.fromkeys(("method_declaration", "local_function_statement", "delegate_declaration",
                     "operator_declaration", "conversion_operator_declaration"), "return"),
    **dict.fromkeys(("property_declaration", "event_declaration", "indexer_declaration"), "field"),
    **dict.fromkeys(("foreach_statement", "declaration_pattern", "declaration_expression", "using_statement"),
                    "variable"),
    # bases (``inherits``) and constructor calls are references already; a namespace's or using's name is none
    **dict.fromkeys(("base_list", "object_creation_expression", "type_parameter", "using_directive",
                     "namespace_declaration", "file_scoped_namespace_declaration", "invocation_expression"), None),
    **dict.fromkeys(("block", "declaration_list", "compilation_unit", "cast_expression", "typeof_expression",
                     "is_pattern_expression", "is_expression", "as_expression", "type_parameter_constraint",
                     "array_creation_expression", "default_expression", "sizeof_expression", "attribute"),
                    "annotation"),
}
TYPE_ARGUMENTS = frozenset({"type_argument_list"})
# LINQ's and the collections' methods giving one of the elements, beyond parse's generic ones (C#'s are PascalCase):
# ``Items.First(i => ..).AddQuantity(q)`` on an ``IReadOnlyCollection<BasketItem>`` runs BasketItem's AddQuantity
ELEMENT_ACCESSORS = frozenset({"First", "FirstOrDefault", "Last", "LastOrDefault", "Single", "SingleOrDefault",
                               "ElementAt", "ElementAtOrDefault", "Find", "FindLast", "MinBy", "MaxBy", "Dequeue",
                               "Peek", "Pop", "GetValueOrDefault",
                               # awaited, a repository's or a query's entity (EF Core's DbSet<T>, Ardalis'
                               # IRepository<T>): ``var c = await _repository.GetByIdAsync(id); c.UpdateName(..)``
                               "FirstAsync", "FirstOrDefaultAsync", "SingleAsync", "SingleOrDefaultAsync",
                               "LastAsync", "LastOrDefaultAsync", "FindAsync", "GetByIdAsync"})
# Foo<Bar>, new Foo<A, B>(), : Base<T>, typeof(Foo<>): the reference records how many type arguments are written, so
# that it reaches the twin declaring that many type parameters (none written: the plain one)
GENERIC_NAMES = frozenset({"generic_name"})
# Task<Order> GetAsync(): what is awaited is an Order; Lazy<T>.Value, T? likewise
TRANSPARENT_TYPES = frozenset({"Task", "ValueTask", "Lazy", "Nullable"})
_HELD = lazy_re(r"^(?:[\w.]+\.)?(?:%s)<\s*([A-Za-z_][\w.]*)\s*\??\s*>\??$" % "|".join(sorted(TRANSPARENT_TYPES)))


def cast_type(text: str) -> str | None:
    """A variable, field or parameter declared ``Lazy<Words>`` or ``Task<Words>`` holds a ``Words``: its members are
    looked up there first (the wrapper's own, ``Value``, ``Result``, ``IsValueCreated``, below)."""
    built = initialized_type(text)
    if built:
        return built
    m = _HELD.match(" ".join(text.split()))
    return m.group(1) if m else None



# a delegate a lambda converts to: its parameters' types by place (Func's last type argument is its result)
_DELEGATES = {"Action": 0, "Func": 1, "Predicate": 0}
# collections whose elements are their first type argument, and mappings whose values are their last (the library's:
# List<Action<TypeMap>> actions; actions.Add(tm => ..) gives a TypeMap)
_DELEGATE_HOLDERS = {**dict.fromkeys(("List", "IList", "ICollection", "IEnumerable", "IReadOnlyList",
                                      "IReadOnlyCollection", "HashSet", "ISet", "Queue", "Stack", "ConcurrentBag",
                                      "ConcurrentQueue", "ConcurrentStack", "LinkedList"), 0),
                     **dict.fromkeys(("Dictionary", "IDictionary", "IReadOnlyDictionary", "ConcurrentDictionary",
                                      "SortedDictionary"), -1)}
_GENERIC = lazy_re(r"^(?:[\w.]+\.)?(\w+)\s*<(.+)>\s*\??$", re.S)


def delegate_parameters(text: str) -> tuple[tuple, tuple]:
    """``Func<Foo, object>`` -> ``(("Foo",), ())``: what a lambda it holds takes; ``List<Action<TypeMap>>`` ->
    ``((), ("TypeMap",))``: what a lambda added to it takes; ``Action<TypeMap>[]`` alike. A type parameter (``T``,
    ``TSource``) is "": the caller's type argument, not known here."""
    text = " ".join(text.split())
    if text.endswith("[]"):
        return (), _delegate_of(text[:-2])
    m = _GENERIC.match(text)
    if m is None:
        return (), ()
    place = _DELEGATE_HOLDERS.get(m.group(1))
    if place is not None:
        return (), _delegate_of(_split_arguments(m.group(2))[place])
    return _delegate_of(text), ()


def _delegate_of(text: str) -> tuple:
    m = _GENERIC.match(text.strip())
    if m is None or m.group(1) not in _DELEGATES:
        return ()
    arguments = _split_arguments(m.group(2))
    given = arguments[:len(arguments) - _DELEGATES[m.group(1)]]
    return tuple("" if _TYPE_PARAMETER.match(t) else t for t in given)


def _split_arguments(text: str) -> list[str]:
    """``A, Dictionary<B, C>`` -> ``A``, ``Dictionary<B, C>``: a type argument list split at its own commas."""
    return [part.strip() for part in split_outside(text, ",", "<([", ">)]", quotes="")]


_BUILT_HEAD = lazy_re(r"^new\s+([\w.]+)\s*")


def initialized_type(text: str) -> str | None:
    """``new Foo<A, B>(x) { N = 1 }`` (an object or collection initializer) is a ``new Foo<,>()``, as it would be
    without one: the type it builds, with as many type arguments as are written (none: ``new Foo()``, the plain
    twin)."""
    m = _BUILT_HEAD.match(text.strip())
    if m is None:
        return None
    rest = text.strip()[m.end():]
    arguments, rest = _bracketed(rest, "<", ">")
    _, rest = _bracketed(rest, "(", ")")
    initializer, rest = _bracketed(rest, "{", "}")
    if initializer is None or rest:  # new Foo { .. }.Build(): what the chain gives, not a Foo
        return None
    places = "," * _top_level_commas(arguments) if arguments is not None else None
    return f"new {m.group(1)}" + (f"<{places}>" if places is not None else "") + "()"


def _bracketed(text: str, opening: str, closing: str) -> tuple[str | None, str]:
    """The contents of the bracket ``text`` starts with (nested ones kept) and what follows it, stripped; (None,
    ``text``) where it starts with none or the bracket is not closed."""
    if not text.startswith(opening):
        return None, text
    depth = 0
    for i, c in enumerate(text):
        depth += (c == opening) - (c == closing)
        if depth == 0:
            return text[1:i], text[i + 1:].lstrip()
    return None, text


# ...whose own members give back what they hold, where the held type has no member of that name (Lazy<Vocabulary>
# Instance: Instance.Value.Normalize() is Vocabulary's; task.ConfigureAwait(false), n.GetValueOrDefault() alike)
PASSTHROUGH_METHODS = frozenset({"Value", "Result", "ConfigureAwait", "GetValueOrDefault"})
# ...and those that give something else: the wrapper's, never the held type's (a library's: external)
WRAPPER_METHODS = PASSTHROUGH_METHODS | frozenset({
    "HasValue", "IsValueCreated", "IsCompleted", "IsCompletedSuccessfully", "IsFaulted", "IsCanceled", "Wait",
    "ContinueWith", "GetAwaiter", "AsTask"})

# --- what is never the repository's (resolve side) ---

EXTERNAL_RECEIVERS = frozenset({
    "System", "Microsoft", "global::System", "Xunit", "NUnit", "Moq", "Console", "Math", "MathF", "Task",
    "Enumerable", "Queryable", "string", "String", "int", "long", "double", "float", "decimal", "bool", "char",
    "byte", "object", "Object", "Int32", "Int64", "Double", "Guid", "DateTime", "DateTimeOffset", "TimeSpan",
    "Convert", "Environment", "Interlocked", "Volatile", "Activator", "Array", "Encoding", "Regex", "GC",
    "BitConverter", "Buffer", "Marshal", "Unsafe", "ArrayPool", "Stopwatch", "Debug", "Trace", "Assert",
    "CollectionAssert", "StringAssert", "Enum", "Nullable", "ExceptionDispatchInfo", "ArgumentNullException",
    "ArgumentException", "ArgumentOutOfRangeException", "ObjectDisposedException", "File", "Directory", "Path",
    "Thread", "ThreadPool", "Monitor", "Timeout", "CancellationToken", "ValueTask", "ImmutableArray",
    "ImmutableList", "ImmutableDictionary", "JsonSerializer", "Uri", "Type", "typeof", "Parallel", "Expression",
    "Substitute", "NSubstitute", "Arg", "Mock", "It", "Times", "Should", "FluentAssertions", "Shouldly"})
# types and functions every file sees (System and the implicit usings of a modern project): a bare name no using,
# namespace or class of the file states and that is one of these is the library's
BUILTINS = frozenset({
    "nameof", "typeof", "sizeof", "default", "String", "Object", "Console", "Math", "Exception", "List",
    "Dictionary", "HashSet", "Queue", "Stack", "LinkedList", "SortedDictionary", "SortedList", "SortedSet",
    "ConcurrentDictionary", "ConcurrentQueue", "ConcurrentBag", "IEnumerable", "IEnumerator", "IList",
    "ICollection", "IDictionary", "IReadOnlyList", "IReadOnlyCollection", "IReadOnlyDictionary", "ISet",
    "IQueryable", "IComparer", "IEqualityComparer", "IComparable", "IEquatable", "IDisposable", "IAsyncDisposable",
    "IAsyncEnumerable", "IAsyncEnumerator", "IServiceProvider", "IFormatProvider", "ICloneable", "IObservable",
    "IObserver", "Task", "ValueTask", "TaskCompletionSource", "CancellationToken", "CancellationTokenSource",
    "Func", "Action", "Predicate", "Comparison", "Guid", "DateTime", "DateTimeOffset", "TimeSpan", "Type",
    "Array", "Enumerable", "StringBuilder", "Encoding", "Stream", "MemoryStream", "TextReader", "TextWriter",
    "StreamReader", "StreamWriter", "File", "Path", "Directory", "HttpClient", "HttpResponseMessage",
    "HttpRequestMessage", "Lazy", "Tuple", "ValueTuple", "KeyValuePair", "EventArgs", "EventHandler",
    "Attribute", "Nullable", "Span", "ReadOnlySpan", "Memory", "ReadOnlyMemory", "Interlocked", "Monitor",
    "Thread", "Debug", "Trace", "Activator", "Convert", "BitConverter", "Environment", "GC", "Uri", "Regex",
    "Delegate", "MulticastDelegate", "Enum", "ValueType", "Random", "Stopwatch", "Timer", "SemaphoreSlim",
    "ArgumentException", "ArgumentNullException", "ArgumentOutOfRangeException", "InvalidOperationException",
    "NotSupportedException", "NotImplementedException", "NullReferenceException", "ObjectDisposedException",
    "OperationCanceledException", "TaskCanceledException", "TimeoutException", "FormatException",
    "KeyNotFoundException", "IndexOutOfRangeException", "InvalidCastException", "AggregateException",
    "IOException", "OverflowException", "UnauthorizedAccessException", "Int32", "Int64", "Double", "Decimal",
    "Boolean", "Char", "Byte", "Single", "Int16", "UInt32", "UInt64", "Version", "CultureInfo",
    "StringComparison", "StringComparer", "Comparer", "EqualityComparer", "ExceptionDispatchInfo",
    "CallerMemberName", "AttributeUsage", "AttributeTargets", "Fact", "Theory", "InlineData", "MemberData",
    "Test", "TestCase", "TestFixture", "SetUp", "TearDown", "TestMethod", "TestClass", "Assert", "ILogger",
    "IServiceCollection", "IConfiguration", "IOptions", "JsonSerializer", "Expression", "Parallel"})
# the base library's collections', strings' and tasks' methods: on an object of unknown type guessed only among
# the classes the file can see
BUILTIN_METHODS = frozenset({
    "Add", "AddRange", "Remove", "RemoveAt", "RemoveAll", "Contains", "ContainsKey", "TryGetValue", "TryAdd",
    "TryRemove", "GetOrAdd", "AddOrUpdate", "Clear", "Insert", "IndexOf", "ToString", "Equals", "GetHashCode",
    "GetType", "Dispose", "DisposeAsync", "Any", "All", "Where", "Select", "SelectMany", "First",
    "FirstOrDefault", "Single", "SingleOrDefault", "Last", "LastOrDefault", "ToList", "ToArray", "ToDictionary",
    "ToHashSet", "OrderBy", "OrderByDescending", "ThenBy", "GroupBy", "Concat", "Distinct", "Skip", "Take", "Sum",
    "Max", "Min", "Count", "Aggregate", "Cast", "OfType", "AsEnumerable", "Reverse", "Sort", "Zip", "Append",
    "AppendLine", "Substring", "StartsWith", "EndsWith", "Split", "Trim", "TrimEnd", "TrimStart", "Replace",
    "ToLower", "ToUpper", "ToLowerInvariant", "ToUpperInvariant", "ConfigureAwait", "Wait", "GetAwaiter",
    "GetResult", "Invoke", "DynamicInvoke", "BeginInvoke", "Write", "WriteLine", "Read", "ReadLine", "ReadToEnd",
    "ReadAsync", "WriteAsync", "Flush", "FlushAsync", "Close", "CopyTo", "CopyToAsync", "GetEnumerator",
    "MoveNext", "CompareTo", "HasValue", "GetValueOrDefault", "ContinueWith", "Cancel",
    "ThrowIfCancellationRequested", "SetResult", "SetException", "SetCanceled", "TrySetResult",
    "TrySetException", "TrySetCanceled", "Enqueue", "Dequeue", "TryDequeue", "Push", "Pop", "Peek", "Format",
    "Join", "AsSpan", "AsMemory", "Slice", "Fill", "Exists", "Find", "FindAll", "ForEach", "Keys", "Values",
    "Length", "Release", "WaitAsync", "Start", "Stop", "Reset", "SequenceEqual", "Then"})


# --- namespaces and usings ---

def module_keys(paths: list[str], files: dict, root) -> dict[str, list[str]]:
    """A file is found by its namespace and by ``<namespace>.<FileStem>`` (its main type, by convention); a file of
    several namespace blocks under each."""
    keys = package_keys(paths, files)
    for path in paths:
        blocks = package_blocks(path, files.get(path, {}))
        if blocks:
            stem = posixpath.basename(path).rsplit(".", 1)[0]
            keys[path] = [key for _, space in blocks for key in (f"{space}.{stem}", space)]
    return keys


GLOBAL_NAMESPACE = "<global>"  # the package of a file declaring no namespace: the whole project's


def package_scope(path: str, info: dict) -> str | None:
    """The file's namespace (its first one where it declares several blocks)."""
    return first_block(info) or GLOBAL_NAMESPACE


def join_package(package: str | None, name: str, line: int) -> str:
    """A file's further ``namespace`` declaration is a block of its own (``package_blocks``), never one long name
    (MoreLINQ's Aggregate.g.cs alternates ``namespace MoreLinq { }`` and ``namespace MoreLinq.Experimental { }``):
    named in full where it shares the first namespace's root, else nested in the block before it, written relative
    (``namespace Extensions { }`` inside ``namespace MoreLinq { }``). Its end is not known here: a type after a
    nested block is read as of that block."""
    if not package:
        return name
    first = package.partition(PACKAGE_BLOCK)[0]
    current = package.rpartition(PACKAGE_BLOCK)[2].rpartition(BLOCK_LINE)[0] if PACKAGE_BLOCK in package else first
    root = first.partition(".")[0]
    full = name if name == root or name.startswith(root + ".") else f"{current}.{name}"
    return with_block(package, full, line)


STATIC = "static:"  # a spec's mark: ``using static A.B.C`` imports C's members, C being a class
GLOBAL = "global"  # an import's alias that marks ``global using A.B;`` (queries/csharp.scm)


def import_binding(module: str | None, name: str | None, alias: str | None):
    """``using A.B`` imports all of namespace A.B; ``using static A.B.C`` the members of class C (its spec marked
    ``static:``); ``using X = A.B.C`` binds X to C of namespace A.B."""
    if name == "*":  # alias: "static", GLOBAL, GLOBAL_STATIC or none
        return None, (STATIC + module if alias in ("static", GLOBAL_STATIC) else module), "*"
    namespace, _, last = (module or "").rpartition(".")
    return alias or last, namespace or last, last


def star_class(spec: str) -> str | None:
    """``using static A.B.C``: the class whose static members it imports (``C``); a namespace's using: none."""
    return spec.rpartition(".")[2] if spec.startswith(STATIC) else None


def resolve_module(importer: str, spec: str | None, index: dict, root) -> list[str]:
    """The files of a namespace; for a class (``using static``, an alias), the file named after it, else its
    namespace's files. A spec no file declares is read relative to the importer's namespace (``_relative_spec``)."""
    if not spec:
        return []
    static = spec.startswith(STATIC)
    spec = spec.removeprefix(STATIC)
    if spec not in index and (not static or spec.rpartition(".")[0] not in index):
        spec = _relative_spec(importer, spec, index) or spec
    if static:
        return index.get(spec) or index.get(spec.rpartition(".")[0]) or []
    return index.get(spec, [])


class _Spaces(NamedTuple):
    index: dict  # the module index the map was built from (its identity is the cache's key)
    of_path: dict[str, list[str]]  # a file -> its namespace keys, longest first


_spaces: list[_Spaces] = []  # one slot: one index per resolution


def _relative_spec(importer: str, spec: str, index: dict) -> str | None:
    """``using Internal;`` written inside ``namespace FluentValidation;`` names ``FluentValidation.Internal``: C#
    looks a using that follows a namespace declaration up from that namespace outwards. Left as written (then a
    library's) when no enclosing namespace holds it: FluentValidation's 63 files with such usings read every
    unknown name of theirs as a library's."""
    if not _spaces or _spaces[0].index is not index:
        of_path: dict[str, list[str]] = {}
        for key, paths in index.items():
            for path in paths:
                of_path.setdefault(path, []).append(key)
        _spaces[:] = [_Spaces(index, {p: sorted(keys, key=len, reverse=True) for p, keys in of_path.items()})]
    for space in _spaces[0].of_path.get(importer, ()):
        parts = space.split(".")
        for cut in range(len(parts), 0, -1):
            full = f"{'.'.join(parts[:cut])}.{spec}"
            if full in index:
                return full
    return None


def nested_import(graph, spec: str, name: str) -> str | None:
    """``using Scenario = Polly.Specs.Helpers.PolicyExtensionsAsync.ExceptionAndOrCancellationScenario;``: a class
    nested in a type of a namespace (``PolicyExtensionsAsync`` of ``Polly.Specs.Helpers``), found in that type's
    file; nesting deeper (``Ns.Outer.Mid.Inner``) is looked for from the outermost type the namespace has."""
    parts = spec.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        outer = graph.package_top.get((GROUP, ".".join(parts[:cut])), {}).get(parts[cut])
        if outer:
            sym = graph.by_id[outer]
            return graph.by_qual.get((sym.path, ".".join([sym.qualname, *parts[cut + 1:], name])))
    return None


def submodule(paths: list[str], name: str, index: dict) -> list[str] | None:
    return None


def is_external(importer: str, spec: str, index: dict, root) -> bool:
    """A namespace no file of the repository declares (``System.Linq``, a package's)."""
    spec = spec.removeprefix(STATIC)
    return (spec not in index and spec.rpartition(".")[0] not in index
            and _relative_spec(importer, spec, index) is None)


def settle_references(raw_refs: list) -> list:
    """``[AllowNull]`` names the class ``AllowNullAttribute`` (C# drops the suffix where an attribute is applied): the
    suffixed name is referenced too, so that the repository's attribute classes are used. A using two patterns read
    (``global using static A.B``) is one import: the static reading first, then the global one."""
    more = [r._replace(name=r.name + "Attribute") for r in raw_refs
            if r.kind == "type.annotation" and r.name and not r.name.endswith("Attribute")]
    raw_refs = _one_reading_per_using(_without_type_parameters(_type_argument_results(raw_refs)))
    raw_refs = _initializer_writes_only(_delegate_invocations(_reflected_methods(_inferred_marks(raw_refs))))
    return raw_refs + more if more else raw_refs


INFERRED_FORM = "type.inferred"  # queries/csharp.scm: a method's type parameter a parameter's type names


def _inferred_marks(raw_refs: list) -> list:
    """A generic method whose parameters name a type parameter of its own (``Label<TValue>(TValue v)``): one
    ``signature`` at ``TYPE_PARAMETER_INFERRED`` says a call writing no type arguments may be it (resolve.py
    ``_inferred_from_nothing``), where ``Timeout<TResult>(int seconds)``, which none names, needs them written."""
    marked: dict[int, object] = {}
    for r in raw_refs:
        if r.kind == INFERRED_FORM:
            marked.setdefault(r.start, r._replace(kind="signature", start=r.name_start, alias=TYPE_PARAMETER_INFERRED))
    if not marked:
        return raw_refs
    return [r for r in raw_refs if r.kind != INFERRED_FORM] + list(marked.values())


ALL_METHODS = frozenset({"GetMethods", "DeclaredMethods", "GetRuntimeMethods"})  # reflection's every method of a type
OWN_TYPE = lazy_re(r"^(?:this\s*\.\s*)?GetType\(\s*\)$")  # GetType(): the enclosing class's (or a subclass's)


def _reflected_methods(raw_refs: list) -> list:
    """``typeof(Shop).GetMethods()``, ``GetType().GetMethods()`` (queries/csharp.scm): every method of the class
    (a template ``*`` on ``Shop`` or ``this``, resolve.py ``_template``), ``GetMethod("Name")`` the one named so;
    a template on another object (``instanceType.GetMethods()``, a variable) is dropped: nothing says its class."""
    out = []
    for r in raw_refs:
        if r.kind == TEMPLATE:
            receiver = "this" if OWN_TYPE.match(r.receiver or "") else _type_written(r.receiver or "")
            if not receiver:
                continue
            r = r._replace(name="*" if r.name in ALL_METHODS else r.name, receiver=receiver)
        out.append(r)
    return out


def _type_written(written: str) -> str | None:
    """A type as ``typeof`` names it, its last name without type arguments (``Acme.Other<int>``: ``Other``); None
    where it is no type's name (a call)."""
    name = written.partition("<")[0].rpartition(".")[2].strip()
    return name if name.isidentifier() and "(" not in written.partition("<")[0] else None


DELEGATE_INVOKE = "Invoke"  # what a delegate's call runs: onDone?.Invoke(x) is onDone(x)


def _delegate_invocations(raw_refs: list) -> list:
    """``onDone?.Invoke(x)`` on a bare name is read twice (queries/csharp.scm): as the call of ``onDone`` (a
    parameter's or local's: what callers pass for it) and as ``Invoke`` on it, dropped here."""
    called = {(r.start, r.name) for r in raw_refs if r.kind == "call" and r.receiver is None}
    return [r for r in raw_refs if not (r.kind == "call" and r.name == DELEGATE_INVOKE
                                        and (r.start, r.receiver) in called)]


def _initializer_writes_only(raw_refs: list) -> list:
    """``new Foo { Size = 1 }``: ``Size`` is Foo's property set (an ``attribute`` reference on ``new Foo``), not
    also a bare name read, which would be the enclosing class's ``Size``."""
    written = {r.name_start for r in raw_refs if r.kind == "attribute" and (r.receiver or "").startswith("new ")}
    return [r for r in raw_refs if not (r.kind == "read" and r.name_start in written)] if written else raw_refs


RESULT_FORM = "type.result"  # queries/csharp.scm: a generic method's result is its type parameter at place N
GIVEN_FORM = "type.given"  # ...declared as parameter K's type too (``given0``, ``given1``; ``givenself``: a ``this``)
SELF_GIVEN = "self"  # the extended object of an extension method: the call's receiver
# the declared result ``<N>``: the call's type argument at place N; ``<N@K>``: where none is written, the type of
# its argument K (``<N@self>``: of its receiver)
_TYPE_ARGUMENT = lazy_re(r"^<(\d)(?:@(\d|self))?>$")


def _type_argument_results(raw_refs: list) -> list:
    """``T Resolve<T>()``, ``Task<T> SendAsync<T>(..)``: the method's declared result is ``<0>``, whatever type
    argument its call writes (``generic_result``), never a library's type named ``T`` (a call of it with none
    written gives a value of unknown type: its members are guessed, not external). ``T Wrap<T>(T value)``: ``<0@0>``,
    the type of what is passed where none is written."""
    results = {r.name_start: r for r in raw_refs if r.kind.startswith(RESULT_FORM)}
    if not results:
        return [r for r in raw_refs if not r.kind.startswith(GIVEN_FORM)]
    given: dict[int, str] = {}
    for r in raw_refs:  # an extension's ``this T`` first: the receiver, never an argument written
        place = r.kind[len(GIVEN_FORM):] if r.kind.startswith(GIVEN_FORM) else None
        if place is not None and given.get(r.name_start) != SELF_GIVEN:
            given[r.name_start] = place
    kept = [r for r in raw_refs if not (r.kind == "type.return" and r.name_start in results)
            and not r.kind.startswith((RESULT_FORM, GIVEN_FORM))]
    return kept + [r._replace(kind="type.return", start=r.name_start, name=f"<{r.kind[len(RESULT_FORM):]}"
                              + (f"@{given[at]}>" if at in given else ">"))
                   for at, r in results.items()]


# a generic type parameter, by convention (T, TResult, TRequest): what a delegate of it gives a lambda is whatever
# the caller's type argument is, never a library's type (the name found nowhere would make it external)
_TYPE_PARAMETER = lazy_re(r"^T(?:[A-Z]\w*)?$")


def _without_type_parameters(raw_refs: list) -> list:
    """A method's ``Func<TResult, bool> predicate``: the lambda passed there takes no type it states; the place is
    kept apart (``0:0?``, parse.py ``TYPE_PARAMETER_DECLARED``): a base's type parameter, which a subclass's base
    argument stands for (``RuleFor(Expression<Func<T, R>>)``). A type's own type parameters (``class
    Builder<TResult>``: ``<0``) are kept: how many it has is what it is told apart by; a base's argument that is one
    (``: AbstractValidator<T>``, ``>0``) names no class."""
    kept = []
    for r in raw_refs:
        if r.kind != "signature" or not r.name or not _TYPE_PARAMETER.match(r.name) \
                or (r.alias or "").startswith(TYPE_PARAMETER_PLACE):
            kept.append(r)
        elif not (r.alias or "").startswith(BASE_ARGUMENT_MARK):
            kept.append(r._replace(alias=(r.alias or "") + TYPE_PARAMETER_DECLARED))
    return kept


TYPE_PARAMETER_PLACE = "<"  # parse.py TYPE_ARGUMENT_MARK: a ``<j`` signature is a type's type parameter j


_USING_READINGS = {"static": 0, GLOBAL: 1, None: 2}  # which reading of one using directive is kept


def _one_reading_per_using(raw_refs: list) -> list:
    """One reading of each using directive: ``global using static A.B.C`` read both ways is one, marked
    ``GLOBAL_STATIC`` (the project's other files see C's members too: ``project_imports``)."""
    best: dict[int, object] = {}
    readings: dict[int, set] = {}
    for r in raw_refs:
        if r.kind == "import" and r.name == "*":
            kept = best.get(r.start)
            readings.setdefault(r.start, set()).add(r.alias)
            if kept is None or _USING_READINGS.get(r.alias, 2) < _USING_READINGS.get(kept.alias, 2):
                best[r.start] = r
    if len(best) == sum(r.kind == "import" and r.name == "*" for r in raw_refs):
        return raw_refs
    return [r._replace(alias=GLOBAL_STATIC) if r.kind == "import" and r.name == "*"
            and {"static", GLOBAL} <= readings[r.start] else r
            for r in raw_refs if not (r.kind == "import" and r.name == "*") or best[r.start] is r]


# --- global usings: a project's GlobalUsings.cs ---

GLOBAL_USINGS_STATE = "csharp global usings"  # the resolver's language_state entry: a _GlobalUsings


class _GlobalUsings:
    """The namespaces ``global using`` brings to each folder: those of the files in it and above it. (A project's
    usings hold in its files; its folder, where the GlobalUsings.cs lies, stands for it: ``.csproj`` files are not
    read.)"""

    def __init__(self, resolver):
        self.resolver = resolver
        self.files_in: dict[str, list[str]] = {}
        for path, support in resolver.supports.items():
            if getattr(support, "GROUP", None) == GROUP:
                self.files_in.setdefault(posixpath.dirname(path), []).append(path)
        self.declared: dict[str, tuple] = {}  # folder -> the namespaces its own files use globally
        self.seen: dict[str, tuple] = {}  # folder -> the namespaces used globally there (its and its parents')

    def of(self, folder: str) -> tuple:
        found = self.seen.get(folder)
        if found is None:
            parent = self.of(posixpath.dirname(folder)) if folder else ()
            found = self.seen[folder] = tuple(dict.fromkeys(parent + self._declared(folder)))
        return found

    def _declared(self, folder: str) -> tuple:
        found = self.declared.get(folder)
        if found is None:
            imports = self.resolver.imports_of
            found = self.declared[folder] = tuple(
                r.module for p in self.files_in.get(folder, ()) for r in imports.get(p, ())
                if r.kind == "import" and r.alias == GLOBAL and r.module)
        return found


def global_using_type(resolver, path: str, name: str) -> str | None:
    """The type ``name`` a ``global using`` of the file's project brings (``global using Serilog.Capturing;`` in
    ``src/Serilog/GlobalUsings.cs``: ``PropertyBinder`` in ``src/Serilog/Core/Logger.cs``)."""
    usings = resolver.language_state.get(GLOBAL_USINGS_STATE)
    if usings is None:
        usings = resolver.language_state[GLOBAL_USINGS_STATE] = _GlobalUsings(resolver)
    for namespace in usings.of(posixpath.dirname(path)):
        sid = resolver.g.package_top.get((GROUP, namespace), {}).get(name)
        if sid:
            return sid
    return None



# --- a project's usings: <Using> items of its .csproj, global usings of its files ---

PROJECT_SUFFIX = ".csproj"  # MSBuild compiles every .cs file below the project file's folder
BUILD_FILES = ("Directory.Build.props", "Directory.Build.targets")  # imported by every project below them
MAX_PROJECT_USINGS = 256  # per project: a hostile project file costs only its own files' look-ups
MAX_LISTED = 5000  # entries of a folder looked through for a project file
_USING_ITEM = lazy_re(rb"<Using\s([^<>]{1,2000})>")  # never <UsingTask ..>
_ATTRIBUTE = lazy_re(rb'([A-Za-z]+)\s*=\s*"([^"<>]{1,512})"')
_DOTTED = lazy_re(r"^(?:global::)?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)$")
GLOBAL_STATIC = "global static"  # the alias of ``global using static A.B.C;`` (``_one_reading_per_using``)


def project_imports(bindings, path: str) -> list:
    """The usings every file of ``path``'s project has besides its own: ``<Using Include="Polly.Utils" />`` (``Static
    ="true"``, ``Alias="X"``) in its .csproj or a Directory.Build.props/.targets above it, and the ``global using``
    directives of the project's other files (project: the nearest folder at or above holding a .csproj)."""
    usings = bindings.language_state.get(PROJECT_USINGS_STATE)
    if usings is None:  # a new resolution: what the files say now (a warm worker lives through edits of them)
        usings = bindings.language_state[PROJECT_USINGS_STATE] = _ProjectUsings(bindings)
    project = usings.files.project_folder(posixpath.dirname(path))
    views = _view_imports(bindings, path)
    if project is None:
        return views
    return [r for r in usings.files.item_usings(project) + usings.of(project) if r.path != path] + views


# a view's folder-wide usings: Razor's ``_Imports.razor`` and MVC's ``_ViewImports.cshtml``, each holding in every
# view of its own folder and of the folders below it
VIEW_IMPORTS = {".razor": "_Imports.razor", ".cshtml": "_ViewImports.cshtml"}


def _view_imports(bindings, path: str) -> list:
    """The ``@using`` lines of the ``_Imports.razor`` (``_ViewImports.cshtml``) files in a view's folder and the
    folders above it: a component of eShop's HybridApp names ``CatalogService`` bare, its ``_Imports.razor``
    says which of the two classes of that name (``@using eShop.WebAppComponents.Services``)."""
    name = VIEW_IMPORTS.get(posixpath.splitext(path)[1])
    if name is None or posixpath.basename(path) == name:
        return []
    found, folder, imports = [], posixpath.dirname(path), bindings.imports_of
    while True:
        found += [r for r in imports.get(posixpath.join(folder, name) if folder else name, ())
                  if r.kind == "import" and r.module]
        if not folder or len(found) >= MAX_PROJECT_USINGS:
            return found[:MAX_PROJECT_USINGS]
        folder = posixpath.dirname(folder)


PROJECT_USINGS_STATE = "csharp project usings"  # the resolver's language_state entry: a _ProjectUsings


class _ProjectUsings:
    """The ``global using`` directives of each project's files (found on first use), and the project files read
    (``ProjectFiles``), for one resolution."""

    def __init__(self, bindings):
        self.bindings, self.found = bindings, {}
        self.files = ProjectFiles(str(bindings.root))
        self.files_of: dict[str, list[str]] = {}
        for path, support in bindings.supports.items():
            project = self.files.project_folder(posixpath.dirname(path)) \
                if getattr(support, "GROUP", None) == GROUP else None
            if project is not None:
                self.files_of.setdefault(project, []).append(path)

    def of(self, project: str) -> list:
        found = self.found.get(project)
        if found is None:
            imports = self.bindings.imports_of
            found = self.found[project] = [
                r for p in self.files_of.get(project, ()) for r in imports.get(p, ())
                if r.kind == "import" and r.alias in (GLOBAL, GLOBAL_STATIC) and r.module][:MAX_PROJECT_USINGS]
        return found


class ProjectFiles:
    """The project files of one repository as one resolution reads them: each folder's .csproj, each project's
    ``<Using>`` items, the nearest Directory.Build.props/.targets; each looked for once, from folders below
    ``root`` only (a path's folder up to the root, never above it), a file read up to ``read_config``'s limit."""

    def __init__(self, root: str):
        self.root = root
        self._project_of: dict[str, str | None] = {}  # folder -> the nearest folder at or above it with a .csproj
        self._file_of: dict[str, str | None] = {}  # folder -> its .csproj
        self._items_of: dict[str, list] = {}  # project folder -> its <Using> items
        self._nearest: dict[tuple[str, str], str | None] = {}  # (folder, file name) -> that file at or above it

    def project_folder(self, folder: str) -> str | None:
        """The project ``folder`` belongs to: the nearest folder at or above it holding a .csproj."""
        walked, found = [], None
        while True:
            if folder in self._project_of:
                found = self._project_of[folder]
                break
            walked.append(folder)
            if self.project_file(folder):
                found = folder
                break
            if not folder:
                break
            folder = posixpath.dirname(folder)
        for seen in walked:  # each folder of the walk answered once
            self._project_of[seen] = found
        return found

    def project_file(self, folder: str) -> str | None:
        """The .csproj of ``folder`` (the first by name where there are several), None where there is none."""
        if folder not in self._file_of:
            self._file_of[folder] = _project_file_in(self.root, folder)
        return self._file_of[folder]

    def item_usings(self, project: str) -> list:
        """The ``<Using>`` items of the project file and of the nearest Directory.Build.props/.targets above it."""
        found = self._items_of.get(project)
        if found is None:
            files = [self.project_file(project)] + [self.nearest(project, name) for name in BUILD_FILES]
            refs = [r for rel in dict.fromkeys(f for f in files if f) for r in _using_items(self.root, rel)]
            found = self._items_of[project] = refs[:MAX_PROJECT_USINGS]
        return found

    def nearest(self, folder: str, name: str) -> str | None:
        """The file ``name`` in ``folder`` or the nearest folder above it (up to the root)."""
        walked, found = [], None
        while True:
            if (folder, name) in self._nearest:
                found = self._nearest[(folder, name)]
                break
            walked.append(folder)
            rel = posixpath.join(folder, name)
            if read_config(self.root, rel) is not None:
                found = rel
                break
            if not folder:
                break
            folder = posixpath.dirname(folder)
        for seen in walked:
            self._nearest[(seen, name)] = found
        return found


def _project_file_in(root: str, folder: str) -> str | None:
    try:
        with os.scandir(os.path.join(root, folder)) as entries:
            names = [e.name for e in islice(entries, MAX_LISTED) if e.name.endswith(PROJECT_SUFFIX)]
    except OSError:
        return None
    return posixpath.join(folder, min(names)) if names else None


def _using_items(root: str, rel: str) -> list:
    """``<Using Include="A.B" />`` as ``using A.B;``, with ``Static="true"`` as ``using static``, with ``Alias="X"``
    as ``using X = A.B;`` (``<Using Remove=".." />`` removes an implicit one: nothing of ours)."""
    from ..resolve import Ref

    refs = []
    for item in _USING_ITEM.finditer(read_config(root, rel) or b""):
        attributes = {k.decode().lower(): v.decode("utf-8", "replace") for k, v in _ATTRIBUTE.findall(item.group(1))}
        target = _DOTTED.match(attributes.get("include", "").strip())
        alias = attributes.get("alias", "").strip()
        if target is None or (alias and not alias.isidentifier()):
            continue
        static = attributes.get("static", "").strip().lower() == "true"
        name, alias = (None, alias) if alias else ("*", "static" if static else None)
        refs.append(Ref(rel, MODULE, "import", name, None, target.group(1), alias, 0))
    return refs


# Overloads told apart by the lambdas a call passes (Bogus' ``RuleFor(e => e.City, f => f.Address.City())`` among
# ``RuleFor(Expression<Func<T, P>>, Func<Faker, P>)``, ``(.., Func<Faker, T, P>)``, ``(.., Func<P>)``, ``(.., P
# value)``, ``(string name, Func<Faker, P>)``): a definition's parameters and a call's arguments written as labels
# (``symbols.labels``, ``refs.labels``), one a place: ``=>N`` a delegate taking N arguments (``Func<..>``,
# ``Action<..>``, under an ``Expression<..>``) or a lambda of N parameters; ``s`` a string; ``v`` a value type of the
# language (``int``, ``bool``); ``t`` the method's own type parameter; ``?`` anything else; ``*`` a ``params`` rest;
# ``^`` before an extension method's receiver, which a call on an object does not pass. A lambda fits only a delegate
# of its arity or a type not read here (a delegate of the repository, ``Delegate``, ``object``); a string fits no
# delegate and no value type; a value type's literal (``v``: ``5``, ``true``, ``'x'``) no delegate and no string. A
# named argument (``name: x``) makes the call's labels unread.
# the base library's delegates by the arguments they take: Func<A, B, R> two (its last is the result), Action<A, B> two
_DELEGATE_INPUTS = {"Predicate": 1, "Comparison": 2, "Converter": 1}
_STRINGS = frozenset({"string_literal", "interpolated_string_expression", "verbatim_string_literal",
                      "raw_string_literal"})
# a literal of a value type: ``Generate(5)`` passes no string (``Generate(string)``) nor delegate, so it is
# ``Generate(int, string)``'s
_VALUE_LITERALS = frozenset({"integer_literal", "real_literal", "boolean_literal", "character_literal"})


def parameter_labels(node) -> str | None:
    """``RuleFor<P>(Expression<Func<T, P>> p, Func<Faker, P> s)`` -> ``=>1,=>1``; None where there is no list."""
    params = node.child_by_field_name("parameters")
    if params is None:
        return None
    own = _type_parameters(node)
    labels = []
    for child in params.named_children:
        if child.type != "parameter":
            labels.append("*")  # params T[] xs: the grammar's rest, not a parameter node
            break
        modifiers = {m.text for m in child.children if m.type == "modifier"}
        label = "*" if b"params" in modifiers else _parameter_label(child.child_by_field_name("type"), own)
        labels.append(("^" if b"this" in modifiers and not labels else "") + label)
    return ",".join(labels)


def _type_parameters(node) -> frozenset:
    found = node.child_by_field_name("type_parameters")
    return frozenset(p.child_by_field_name("name").text for p in found.named_children
                     if p.type == "type_parameter" and p.child_by_field_name("name") is not None) \
        if found is not None else frozenset()


def _parameter_label(written, own: frozenset) -> str:
    """One parameter's label from its declared type (see above)."""
    if written is None:
        return "?"
    if written.type == "qualified_name":  # System.Func<int>, System.Linq.Expressions.Expression<..>
        written = written.child_by_field_name("name") or written
    if written.type == "predefined_type":
        return "s" if written.text == b"string" else "?" if written.text in (b"object", b"dynamic") else "v"
    if written.type == "identifier":
        return "t" if written.text in own else "=>0" if written.text == b"Action" else "?"
    if written.type != "generic_name" or written.named_child_count < 2:
        return "?"
    name, arguments = written.named_children[0].text.decode(), written.named_children[1].named_children
    if name == "Expression" and len(arguments) == 1:
        return _parameter_label(arguments[0], frozenset())
    if name in ("Func", "Action"):
        return f"=>{len(arguments) - (name == 'Func')}"
    return f"=>{_DELEGATE_INPUTS[name]}" if name in _DELEGATE_INPUTS else "?"


def argument_labels(node) -> str | None:
    """``f.RuleFor(e => e.City, (f, o) => 1, "x", y)`` -> ``=>1,=>2,s,?``; None for a named argument."""
    args = node.child_by_field_name("arguments")
    if args is None or args.type != "argument_list":
        return None
    labels = []
    for arg in args.named_children:
        if arg.type != "argument":
            continue
        if arg.child_by_field_name("name") is not None:
            return None
        value = arg.named_children[-1] if arg.named_child_count else None
        labels.append(_argument_label(value))
    return ",".join(labels)


def _argument_label(value) -> str:
    if value is None:
        return "?"
    if value.type in _STRINGS or value.type == "invocation_expression" and value.child_by_field_name("function") \
            is not None and value.child_by_field_name("function").text == b"nameof":  # nameof(Order.Id): a string
        return "s"
    if value.type in _VALUE_LITERALS:
        return "v"
    if value.type != "lambda_expression":
        return "?"
    params = value.child_by_field_name("parameters")
    if params is None:
        return "?"
    return "=>1" if params.type == "implicit_parameter" else \
        f"=>{sum(c.type == 'parameter' for c in params.named_children)}"


def labels_fit(declared: str, written: str) -> bool:
    """Whether a call writing ``written`` may call a definition labelled ``declared``: each argument fits its
    parameter, the call on an extension's object passing none for its receiver (a static-form call, passing one
    argument for each parameter, passes it: ``Picks.Pick(text, "ab")``)."""
    params = declared.split(",") if declared else []
    args = written.split(",") if written else []
    if params and params[0].startswith("^"):
        return _labels_fit(params[1:], args) or len(args) >= len(params) \
            and _labels_fit([params[0][1:]] + params[1:], args)
    return _labels_fit(params, args)


def _labels_fit(params: list, args: list) -> bool:
    for i, arg in enumerate(args):
        if i >= len(params) or params[i] == "*":
            return True
        param = params[i]
        if arg.startswith("=>") and (param in ("s", "v", "t") or param.startswith("=>") and param != arg):
            return False
        if arg == "s" and (param == "v" or param.startswith("=>")):
            return False
        if arg == "v" and (param == "s" or param.startswith("=>")):
            return False
    return True
