"""Swift: no file imports. Every file of a module (a SwiftPM target: the folder under ``Sources/<Target>/`` or
``Tests/<Target>/``; failing that, the whole repository, as an Xcode app is) sees every other file's declarations
unimported: the module is the package scope. ``import Foundation`` names a module: the repository's target (all its
files, a wildcard import: ``@testable import Core`` in ``Tests/``) or a library's (external). An ``extension Foo``
holds Foo's members, wherever Foo is declared. In a method a bare ``m()`` is first the type's (or a base's, a
protocol's) member and ``client.fetch()`` a method of the property's declared type (``implicit_this``). ``Foo(...)``
builds Foo and runs its ``init``. ``internal`` (the default) is the module's own: not exported, as ``private`` and
``fileprivate``; ``public`` and ``open`` are."""

from __future__ import annotations

import os
import posixpath
import re
import stat
from dataclasses import replace
from functools import lru_cache
from typing import NamedTuple

from pipeline.safeio import read_config

from ..lazyre import lazy_re
from ..parse import SINGLETON
from . import entry_reason_with, keyword_rule
from .arity import Params
from .implicit_this import implicit_this, implicit_this_field

GROUP = "swift"
LOCAL_DEFINITIONS_SCOPED = True  # a nested ``func`` is seen in its function's body only
MODULE_KEYS_FROM_PACKAGES = True  # the paths and the files' targets (read from the manifest at parse): ``java``'s flag
ARITY = True  # overloads are told apart by their arguments: a call reaches those that accept its count
MODULE_OVERLOADS = True  # a module's files declare one namespace: `expect` overloaded across two files is one set
IMPLICIT_THIS = True  # a bare m() in a method may be the type's, a base class's or a protocol extension's member
NAMED_CONSTRUCTORS = "init"  # Foo(x: 1) runs Foo's init(x:) (each init#2... overload a candidate)
# extension Error { func describe() }: error.describe() on a library's type may be the repository's method
EXTENDS_LIBRARY_TYPES = True
IMPORTS_PASS_ON = False  # import Foundation binds names in the importing file only
CAPITALIZED_CLASSES = True  # Kind.all, Config.default: a type's static member, the type of the module
MEMBER_ACCESS = ("?.", "!.")  # a?.b?.c(), a!.b.c(): receivers written as the dotted a.b
KEYWORDS = frozenset({
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "inout", "internal",
    "let", "operator", "private", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
    "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in",
    "repeat", "return", "switch", "where", "while", "as", "catch", "false", "is", "nil", "super", "self", "Self",
    "throw", "throws", "true", "try", "await"})
# words a method may bear (``func open()``): junk only outside any type
CONTEXTUAL_KEYWORDS = frozenset({"actor", "any", "async", "open", "some"})
_MEMBER_KINDS = frozenset({"function", "method", "constant", "field"})
_keyword_junk = keyword_rule(KEYWORDS, CONTEXTUAL_KEYWORDS)


def is_junk(name: str, kind: str, parent: str | None) -> bool:
    """As ``_keyword_junk`` (a reserved word is no definition's name, a contextual one none outside any type); but a
    type's member named by a keyword in backquotes (``static func `default`(..)``, ``case `enum```;
    ``settle_definitions`` takes the backquotes off, as its uses write the name) is one: the grammar reads a bare
    keyword as the keyword, never as a member's name."""
    return not (parent is not None and kind in _MEMBER_KINDS) and _keyword_junk(name, kind, parent)


# attributes that register nothing: the compiler's (@discardableResult, @available, @inlinable...), concurrency
# and property wrappers read by the type itself; any other (@objc, @IBAction, @main, @NSManaged, @Test) is an entry
PURE_DECORATORS = frozenset({
    "discardableResult", "available", "inlinable", "inline", "usableFromInline", "frozen", "escaping", "autoclosure",
    "MainActor", "Sendable", "preconcurrency", "warn_unqualified_access", "dynamicMemberLookup", "propertyWrapper",
    "resultBuilder", "unknown", "_spi", "_implementationOnly", "nonobjc", "noDerivative", "convention",
    "unchecked", "retroactive", "backDeployed", "_disfavoredOverload", "_alwaysEmitIntoClient", "specialized",
    "_specialize", "inline(__always)", "Published", "State", "Binding", "Environment", "ObservedObject",
    "StateObject", "EnvironmentObject", "ViewBuilder", "static", "class", SINGLETON})
# the compiler calls a @resultBuilder's methods by name for the DSL blocks written with it
RESULT_BUILDER_METHODS = frozenset({"buildBlock", "buildExpression", "buildOptional", "buildEither", "buildArray",
                                    "buildFinalResult", "buildLimitedAvailability", "buildPartialBlock"})
# XCTest runs a test case's test* methods and its setUp / tearDown by name (the base class is not checked: a
# method so named in any type is taken for one)
_XCTEST = lazy_re(r"^(test\w*|setUp|setUpWithError|tearDown|tearDownWithError)$")


def _runtime_entry(name: str, kind: str, parent: str | None) -> str | None:
    """Methods the runtime, the compiler or XCTest call by name."""
    if kind == "method" and _XCTEST.match(name):
        return "XCTest method"
    if kind == "method" and name in RESULT_BUILDER_METHODS:
        return "result builder method"
    if kind == "method" and name == "main":
        return "main method"  # @main struct App { static func main() }: the program starts there
    return None


_attributed_entry = entry_reason_with(PURE_DECORATORS, _runtime_entry)
# protocols whose conformers the system creates (the query gives the conformance as a decorator): Xcode renders a
# PreviewProvider's previews, an Info.plist or @main names an application's or extension's delegate, App Intents
# reads an app's AppShortcutsProvider (and a package's AppIntentsPackage) from its binary's metadata
SYSTEM_CONFORMANCES = frozenset({"PreviewProvider", "WKExtensionDelegate", "WKApplicationDelegate",
                                 "UIApplicationDelegate", "NSApplicationDelegate", "UIWindowSceneDelegate",
                                 "AppShortcutsProvider", "AppIntentsPackage"})


def entry_reason(name: str, kind: str, parent: str | None, decorators: tuple) -> str | None:
    """A type conforming to one of ``SYSTEM_CONFORMANCES``, else the attributes' and the runtime's rules."""
    conformance = next((d for d in decorators if d in SYSTEM_CONFORMANCES), None)
    if conformance:
        return f"conforms to {conformance} (the system creates it)"
    return _attributed_entry(name, kind, parent, tuple(d for d in decorators if d not in SYSTEM_CONFORMANCES))


def library_init(resolver, r, src):
    """``self.init(rawValue:)`` in an extension of a library's type (``extension RawRepresentable``, ``extension
    Array``): that type's initializer, never one of the repository's guessed by name."""
    from ..resolve import EXTERNAL

    if r.name == "init" and r.receiver in ("self", "Self", "super") and resolver._enclosing_class(src) is None:
        return EXTERNAL
    return None


def own_type_init(resolver, r, src):
    """``Self(pingInterval: p)`` in a type's method builds that type (its ``init`` fitting the call, as a call of
    its name does); in a protocol's extension (``static func fresh() -> Self { Self() }``) the conforming type's,
    which the protocol's required ``init`` stands for, as a generic parameter's ``T()`` does. Outside a type,
    nothing: the library's."""
    from ..resolve import Found

    if r.name != "Self" or r.receiver is not None or r.kind != "call":  # a type written ``-> Self``: not here
        return None
    cls = resolver._enclosing_class(src)
    if cls is None or resolver.g.by_id[cls].kind not in ("class", "struct", "enum", "interface"):
        return None
    return Found([cls], "same_file")


def builtin_type_init(resolver, r, src):
    """``URL(target: t)``, ``Array(decodingBase32: s)``: a language type's initializer the repository adds in an
    extension (``extension URL { init<T: TargetType>(target: T) }``), where the call writes labels that fit it;
    ``URL(string:)``, ``String(describing:)``, an unlabeled ``Array(x)`` stay the library's (the other layers)."""
    from ..qualnames import unsuffixed
    from ..resolve import Found

    if r.receiver is not None or not r.labels or r.labels.replace("_", "").replace(",", "") == "" \
            or r.name not in resolver.hooks.get(r.path, resolver.no_hooks).builtins:
        return None
    want = f"{r.name}.init"
    ids = [sid for sid in resolver.g.by_name.get("init", ()) if unsuffixed(resolver.g.by_id[sid].qualname) == want
           and resolver.g.by_id[sid].params is not None and resolver.g.by_id[sid].params.labels is not None
           and _fits_call(resolver.g.by_id[sid].params, r)]
    ids = resolver._same_program(r.path, Found(resolver._same_language(ids, r.path), "")).ids if ids else ids
    if not ids:
        return None
    return Found(ids, "same_file" if all(resolver.g.by_id[i].path == r.path for i in ids) else "same_package")


def visible_members(resolver, r, src, found):
    """``session.request(..)`` in a module that imports neither RxMoya nor ReactiveMoya, which each extend a
    library's type with a ``request``: the members of the calling module and of the modules its files import. As
    Swift looks members up, an import in any file of a module makes its extensions visible in all of them (a test
    file importing only RxSwift calls RxMoya's ``mapJSON`` another test file imports). None seen: the library's
    own member where every candidate extends a library's type, else all stay."""
    from ..resolve import EXTERNAL

    if len(found.ids) < 2 and found.resolution != "unique_name":
        return found
    seen = _modules_seen(resolver, _module(resolver, r.path))
    kept = [i for i in found.ids if _module(resolver, resolver.g.by_id[i].path) in seen]
    if len(kept) == len(found.ids):
        return found
    if not kept:
        return EXTERNAL if all(resolver._extends_library(i) for i in found.ids) else found
    return type(found)(kept, "unique_name" if len(kept) == 1 and found.resolution == "ambiguous" else found.resolution)


def _module(resolver, path: str) -> str:
    return (resolver.files.get(path) or {}).get("package") or module_of(path)


def _modules_seen(resolver, module: str) -> frozenset:
    """The modules a module's files import, and itself (per run: ``Resolver.lang_state``)."""
    seen = resolver.lang_state.get("swift.modules_seen")
    if seen is None:
        imports: dict = {}
        for path in resolver.files:
            if path.endswith(".swift"):
                got = imports.setdefault(_module(resolver, path), set())
                got.update(_module(resolver, paths[0]) for paths in resolver.stars(path) if paths)
        seen = resolver.lang_state["swift.modules_seen"] = {m: frozenset(got | {m}) for m, got in imports.items()}
    return seen.get(module) or frozenset({module})


def library_base_member(resolver, r, src):
    """A bare ``setupToolbar()`` in a subclass of a library's type (``class Gallery: UICollectionViewController``)
    that neither it nor a base of the repository has: a method the repository adds to a library's type
    (``extension UIViewController { func setupToolbar() }``: the library's subclass inherits it), guessed by name among
    those; the library's own (``reloadData()``, a ``BUILTIN_METHODS`` name) stays external."""
    cls = resolver._enclosing_class(src)
    if cls is None or r.receiver is not None or not r.name[:1].islower():
        return None
    if resolver._member(cls, r.name) or resolver._unknown_member(cls, r.name).resolution != "external":
        return None  # its own or a base's member, or no base outside the repository that could inherit one
    hooks = resolver.hooks.get(r.path, resolver.no_hooks)
    return resolver._library_extension(replace(r, receiver="self"), hooks)


def defined_nowhere(resolver, r, src):
    """``dispatchPrecondition(..)``, ``names.joined()``, ``url.appendingPathComponent(..)``: a name no Swift
    definition of the repository bears (no type, function, method, property or case) is the library's, whatever
    the receiver: external, not unresolved (a module's files see each other's declarations unimported, so nothing
    of the repository is out of sight)."""
    from ..resolve import EXTERNAL

    return None if resolver._same_language(resolver.g.by_name.get(r.name, ()), r.path) else EXTERNAL


def extended_member(resolver, r, src):
    """``getSeparatorCharacters(..)`` or ``DirectiveParser(..)`` written bare in a method of ``extension HTTPFields``
    (a library's type, so no class of the repository holds the extension's members), ``Expires.parse`` there, and
    ``HTTPFields.Expires(..)``: a member or a nested type the repository's extensions add to the type the caller's
    extension (or the receiver) names, from any file of the module: the definitions whose qualified name is that path
    and the name, the innermost enclosing type first (``HTTPFields.DirectiveParser.rest`` sees ``HTTPFields``')."""
    from ..qualnames import unsuffixed
    from ..resolve import Found

    named = resolver.g.by_name.get(r.name, ())
    for owner in _extended_owners(resolver, r, src) if named else ():
        want = f"{owner}.{r.name}"
        ids = [sid for sid in named if unsuffixed(resolver.g.by_id[sid].qualname) == want]
        ids = resolver._same_program(r.path, Found(resolver._same_language(ids, r.path), "")).ids if ids else ids
        # none taking the call's arguments and labels: maybe the library type's own (``DecodingError.typeMismatch(
        # _:_:)``, a case beside the repository's ``typeMismatch(_:at:)``), left to the other layers
        ids = [sid for sid in ids if _fits_call(resolver.g.by_id[sid].params, r)]
        if ids:
            here = all(resolver.g.by_id[sid].path == r.path for sid in ids)
            return Found(ids, "same_file" if here else "same_package")
    return None


def _extended_owners(resolver, r, src) -> list[str]:
    """The type paths ``extended_member`` looks in, innermost first: the types around the caller (a bare call); for a
    type path written as the receiver (``Expires.parse``, ``HTTPFields.Expires(..)``), that path inside each library
    type around the caller, then the path itself where it names no type of ours (``Base32.relaxed``: the member
    layers'; ``String.init``: the library's initializers)."""
    from ..qualnames import unsuffixed

    sym = resolver.g.by_id.get(src)
    path = unsuffixed(sym.qualname).split(".")[:-1] if sym is not None else []
    around = [".".join(path[:i]) for i in range(len(path), 0, -1)]
    if r.receiver is None:
        return around
    if r.name == "init" or not r.receiver[:1].isupper() or not r.receiver.replace(".", "").isidentifier():
        return []
    head = r.receiver.partition(".")[0]
    inside = [f"{p}.{r.receiver}" for p in around if not _own_type(resolver, p.partition(".")[0])]
    return inside if _own_type(resolver, head) else inside + [r.receiver]


def _fits_call(params, r) -> bool:
    """Whether a definition's parameters take the call's argument count and labels, where both are known."""
    if params is None or r.args is None:
        return True
    return params.accepts(r.args) and (r.labels is None or params.labels is None or labels_fit(params.labels, r.labels))


def _own_type(resolver, name: str) -> bool:
    from ..graph import CLASSLIKE

    return any(resolver.g.by_id[sid].kind in CLASSLIKE for sid in resolver.g.by_name.get(name, ()))


def extend_layers(name_layers: list, member_layers: list) -> None:
    """A bare ``m()`` in a method is first the type's (or a base's, a protocol's) member, before the module's; then
    one the repository adds to the library's type the class extends; then a member of the library's type the
    caller's extension adds to (``extended_member``); last, a name defined nowhere is the library's."""
    name_layers.insert(0, builtin_type_init)
    name_layers.insert(1, own_type_init)
    name_layers.insert(name_layers.index("scoped") + 1, implicit_this)
    name_layers.insert(name_layers.index("scoped") + 2, library_base_member)
    name_layers.insert(name_layers.index("scoped") + 3, extended_member)
    name_layers.append(defined_nowhere)
    member_layers.insert(0, library_init)
    member_layers.insert(1, extended_member)
    member_layers.append(implicit_this_field)
    member_layers.append(defined_nowhere)


def settle_definitions(raw_defs: list, imports: list, root) -> list:
    """``extension ArgumentDefinition.Kind { .. }``: a block named by the whole path of the nested type it extends
    (its members ``ArgumentDefinition.Kind.name``), which tells it from the other types named ``Kind`` (the graph
    finds the owner by that path); ``extension Kind`` and ``extension Collection<String>`` keep their one name;
    ``extension [Case]`` is Array's (``[K: V]`` Dictionary's, ``T?`` Optional's), whose ``init(members:)`` is
    ``Array.init``, not a top-level function. A ``static func`` (``class func``) is marked ``SINGLETON``: the type's
    own, what an implicit member call may be. A name written in backquotes (``static func `default`(..)``, ``case
    `enum```: a keyword made a name) is the name without them, as its uses write it (``.default(for: T.self)``)."""
    raw_defs = [d._replace(decorators=tuple(SINGLETON if x in _TYPE_LEVEL else x for x in d.decorators))
                if _TYPE_LEVEL.intersection(d.decorators) else d for d in raw_defs]
    raw_defs = [d._replace(name=d.name.strip("`")) if d.name[:1] == "`" else d for d in raw_defs]
    if not any(d.kind == "impl" and (d.qualifier and "." in d.qualifier or _SUGAR.match(d.name)) for d in raw_defs):
        return raw_defs
    return [_extended_type(d) if d.kind == "impl" else d for d in raw_defs]


_TYPE_LEVEL = frozenset({"static", "class"})  # the modifiers of a type's own method (query: @decorator)
_SUGAR = lazy_re(r"^\[.*\]$|^.*\?$")  # [T], [K: V], T?


def _extended_type(d):
    """An extension named by the whole path of its nested type, or by the standard library type its sugar stands
    for."""
    if _SUGAR.match(d.name):
        sugar = d.name
        return d._replace(name="Optional" if sugar.endswith("?") else "Dictionary" if _keyed(sugar) else "Array")
    return d._replace(name=_type_path(d.qualifier)) if d.qualifier and "." in d.qualifier else d


def _keyed(sugar: str) -> bool:
    """``[String: [Int]]`` is a dictionary (a ``:`` outside any inner bracket), ``[[String: Int]]`` an array."""
    depth = 0
    for ch in sugar[1:-1]:
        depth += ch in "[(<"
        depth -= ch in "])>"
        if ch == ":" and depth == 0:
            return True
    return False


def _type_path(written: str) -> str:
    """``Swift.Array<Int>.Index`` -> ``Swift.Array.Index``: the dotted names, without generic arguments or spaces."""
    return ".".join(part.partition("<")[0].strip() for part in re.sub(r"<[^<>]*>", "", written).split("."))


def guess_bare_names(resolver, path: str) -> bool:
    return False  # every name a file uses is its type's, its module's, an imported module's or the library's


_CAST = lazy_re(r"^\(\s*[^()]+?\s+as[!?]?\s+([A-Za-z_][\w.]*)\s*(?:<[^()]*>)?\s*\)$", re.S)


def inline_type(receiver: str) -> str | None:
    """``(x as! Foo)``, ``(x as? Foo)`` -> ``Foo``; ``Foo(...)`` (an initializer call) -> ``Foo``."""
    cast = _CAST.match(receiver)
    if cast:
        return cast.group(1)
    return receiver[: receiver.index("(")] if receiver.endswith(")") and "(" in receiver else None


_EFFECTS = lazy_re(r"^(?:try[?!]?\s+)?(?:await\s+)?")


def receiver_path(receiver: str) -> str:
    """``a!``, ``a?`` (an unwrapped optional, written before a call's dot) -> ``a``; ``try Decoder()`` (the grammar
    nests ``try Decoder().decode(..)`` as a call on ``try Decoder()``, and ``try await x.f()`` alike) -> ``Decoder()``."""
    if receiver[:1] in "ta" and receiver.startswith(("try", "await")):
        receiver = _EFFECTS.sub("", receiver, count=1)
    return receiver.rstrip("?!") if receiver.endswith(("?", "!")) else receiver


# the statements a directive's call walks back over to its chain's head (directives' calls, comments): real chains
# have a few (IceCubesApp and enchanted: at most 4); beyond, the receiver stays as written (a file of thousands of
# `#if` blocks in one chain: 6,000 directives in 0.2 s CPU, was 40 ms each)
MAX_DIRECTIVE_STATEMENTS = 32
# what a chain interrupted by a directive may start with: an expression, not a declaration (``let v = A()``)
_CHAIN_HEADS = frozenset({"call_expression", "navigation_expression", "simple_identifier", "self_expression"})


def directive_receiver(node, data: bytes) -> str | None:
    """The receiver of a call written after a compiler directive in a chain, read as the chain without the directive:
    ``AvatarView(..)\n  #if os(macOS)\n  .popover(..)\n  #else\n  .sheet(..)\n  #endif\n  .padding()``. The grammar
    reads each directive as the target of the call after it and each such call as a statement of its own, so
    ``.popover`` had the receiver ``#if os(macOS)`` and no reference was made. The receiver is the statements before
    (back over the calls other directives head, both branches: each is a configuration's chain) from the chain's
    head, and the call's own chain, the directives and comments cut out. None where no expression heads the chain."""
    own = _chain_directive(node)
    if own is None:
        return None
    statement = node
    while statement.parent is not None and statement.parent.type != "statements":
        statement = statement.parent
    parts = [] if own == node else [node]  # the nodes the receiver spans: a directive's own call ends before it
    head = statement.prev_named_sibling
    while head is not None and (head.type == "comment" or _chain_directive(head) is not None):
        parts.append(head)
        head = head.prev_named_sibling
        if len(parts) > MAX_DIRECTIVE_STATEMENTS:
            return None  # a chain of hundreds of #if blocks: each call's walk back would make the file quadratic
    if head is None or head.type not in _CHAIN_HEADS:
        return None
    parts.append(head)
    end = max(part.end_byte for part in parts)
    cuts = sorted([d for d in map(_chain_directive, parts) if d is not None] + _comments(parts), key=_start)
    pieces, at = [], head.start_byte
    for cut in cuts:
        if cut.start_byte >= at:
            pieces.append(data[at:cut.start_byte])
            at = cut.end_byte
    pieces.append(data[at:end])
    return b"".join(pieces).decode("utf-8", "replace")


def _chain_directive(node):
    """The directive a chain starts with (down its calls' and navigations' first children), or None."""
    while node is not None and node.type in ("call_expression", "navigation_expression"):
        node = node.child(0)
    return node if node is not None and node.type == "directive" else None


def _comments(nodes: list) -> list:
    """The comment nodes in and among ``nodes`` (a chain's text read without them, as parse's receivers are)."""
    found, stack = [], list(nodes)
    while stack:
        node = stack.pop()
        if "comment" in node.type:
            found.append(node)
        elif node.child_count:
            stack.extend(node.children)
    return found


def _start(node) -> int:
    return node.start_byte


def _named(node, child) -> str | None:
    """A declaration's own name is no use of a type; what it is given (``typealias A = B``) is."""
    return None if node.child_by_field_name("name") == child else ...


def _typealias_value(node, child) -> str | None:
    """``typealias StoreOf<R: Reducer> = Store<R.State, R.Action>``: a named type (Swift's ``user_type``, with or
    without arguments) is what the alias stands for, so a value typed ``StoreOf<Game>`` has Store's members; a
    function, tuple or composed type (``A & B``) is only used there."""
    if node.child_by_field_name("name") == child:
        return None
    return "alias" if child.type == "user_type" else "annotation"


_DECLARED_CALLABLES = frozenset({"function_declaration", "protocol_function_declaration", "init_declaration",
                                 "subscript_declaration"})


def _attribute(node, child) -> str | None:
    """``@discardableResult func field(..) -> Self``: an attribute of a function is used there, never what the
    function returns (read as its return type, the chain after ``b.field(..)`` was a library's: ``external``). An
    attribute of a property (``@Field(key: "k") var name``, a property wrapper) is left to the property's rule."""
    holder = node.parent.parent if node.parent is not None and node.parent.type == "modifiers" else None
    return "annotation" if holder is not None and holder.type in _DECLARED_CALLABLES else ...


def _property(node, child) -> str | None:
    """A property's declared type: a field of a type (its chains follow it), else a variable."""
    holder = node.parent
    return "field" if holder is not None and holder.type in ("class_body", "enum_class_body", "protocol_body") \
        else "variable"


TYPE_CONTEXTS = {
    "parameter": "parameter", "lambda_parameter": "parameter",
    **dict.fromkeys(("function_declaration", "protocol_function_declaration", "subscript_declaration"), "return"),
    **dict.fromkeys(("property_declaration", "protocol_property_declaration"), _property),
    "typealias_declaration": _typealias_value, "attribute": _attribute,
    "enum_type_parameters": "field",  # case failure(error: MyError): the case's member 0 holds a MyError
    # a base or conformance is an ``inherits`` reference, a constructed type a call; an extension's own type is no use
    **dict.fromkeys(("inheritance_specifier", "constructor_expression"), None),
    "class_declaration": _named,
    **dict.fromkeys(("statements", "class_body", "source_file", "as_expression", "check_expression",
                     "type_constraint", "function_body"), "annotation"),
}
TYPE_ARGUMENTS = frozenset({"type_arguments"})
TRANSPARENT_TYPES = frozenset({"Optional", "Array", "Set", "ArraySlice", "ContiguousArray", "Result", "Task"})
EXTERNAL_RECEIVERS = frozenset({"Swift", "Foundation", "DispatchQueue", "NotificationCenter", "FileManager",
                                "UserDefaults", "ProcessInfo", "Bundle", "UIApplication", "URLSession", "JSONDecoder",
                                "JSONEncoder", "XCTest", "Darwin", "Glibc", "os"})
# the Swift standard library's and Foundation's names a file sees unimported: never the repository's
BUILTINS = frozenset({
    "print", "debugPrint", "dump", "assert", "assertionFailure", "precondition", "preconditionFailure", "fatalError",
    "min", "max", "abs", "zip", "stride", "sequence", "repeatElement", "type", "withUnsafePointer",
    "withUnsafeMutablePointer", "withUnsafeBytes", "withExtendedLifetime", "swap", "readLine", "numericCast",
    "unsafeBitCast", "withoutActuallyEscaping", "isKnownUniquelyReferenced", "String", "Substring", "Character",
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
    "Float80", "CGFloat", "Bool", "Array", "Dictionary", "Set", "Optional", "Result", "Error", "Never", "Void", "Any",
    "AnyObject", "AnyHashable", "Range", "ClosedRange", "Sequence", "Collection", "Equatable", "Hashable",
    "Comparable", "Codable", "Encodable", "Decodable", "CustomStringConvertible", "CustomDebugStringConvertible",
    "Identifiable", "Sendable", "CaseIterable", "RawRepresentable", "ExpressibleByStringLiteral", "Data", "Date",
    "URL", "URLRequest", "UUID", "NSObject", "NSError", "NSString", "NSNumber", "Task", "DispatchQueue",
    "DispatchGroup", "NotificationCenter", "FileManager", "UserDefaults", "JSONDecoder", "JSONEncoder",
    "ProcessInfo", "Bundle", "XCTestCase", "XCTAssert", "XCTAssertEqual", "XCTAssertNotEqual", "XCTAssertTrue",
    "XCTAssertFalse", "XCTAssertNil", "XCTAssertNotNil", "XCTAssertThrowsError", "XCTAssertNoThrow", "XCTFail",
    "XCTUnwrap", "XCTAssertGreaterThan", "XCTAssertLessThan", "XCTAssertIdentical", "XCTSkip", "XCTExpectFailure",
    "expectation", "wait", "withCheckedContinuation", "withCheckedThrowingContinuation", "withTaskGroup",
    "withThrowingTaskGroup", "Mirror", "ObjectIdentifier", "Hasher", "defer", "autoreleasepool", "NSLock",
    "NSRegularExpression", "Substring", "StaticString", "Unicode", "Character", "KeyPath", "Comparable"})
# the standard collections', strings' and optionals' methods: on an object of unknown type guessed only among the
# types the file can see
BUILTIN_METHODS = frozenset({
    "map", "flatMap", "compactMap", "filter", "reduce", "forEach", "sorted", "sort", "reversed", "reverse", "first",
    "last", "contains", "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "popLast", "count",
    "isEmpty", "joined", "split", "components", "enumerated", "index", "firstIndex", "lastIndex", "prefix", "suffix",
    "dropFirst", "dropLast", "min", "max", "allSatisfy", "hasPrefix", "hasSuffix", "lowercased", "uppercased",
    "trimmingCharacters", "replacingOccurrences", "description", "hash", "append", "appending", "updateValue",
    "removeValue", "keys", "values", "merge", "merging", "formUnion", "union", "intersection", "subtracting",
    "async", "sync", "asyncAfter", "post", "addObserver", "decode", "encode", "data", "write", "fulfill",
    "withContiguousStorageIfAvailable", "lazy", "makeIterator", "next", "zip", "starts", "distance",
    "formIndex", "padding", "uppercased", "capitalized", "range", "trimmed", "dropFirst", "callAsFunction"})


# Argument labels choose among overloads (``request(_:)`` vs ``request(_:interceptor:)``, ``init(from:)`` vs
# ``init(data:)``): a definition's labels are written ``_,interceptor=`` (``_``: none; ``=``: defaulted, may be left
# out; ``...``: variadic, its further arguments unlabeled), a call's ``_,interceptor`` (``{}``: a trailing closure,
# which may stand for any one parameter, labeled or not: Swift's forward scan)
NO_LABEL, DEFAULTED, VARIADIC, TRAILING_CLOSURE = "_", "=", "...", "{}"


class Label(NamedTuple):
    """One parameter's external label and whether a call may leave it out or pass it several arguments."""

    name: str
    defaulted: bool
    variadic: bool


def member_place(item) -> int | None:
    """A case pattern's item's place among the associated values it takes apart (``.failure(code: _, let e)``: 1):
    the items (``pattern`` nodes) before it since the opening parenthesis; the case's name and the labels are none."""
    place, sibling = 0, item.prev_sibling
    while sibling is not None and sibling.type != "(":
        place += sibling.type == "pattern"
        sibling = sibling.prev_sibling
    return place if sibling is not None else None


def parameter_labels(node) -> str | None:
    """``func request(_ url: URL, method: M = .get)`` -> ``_,method=``: each parameter's first name (the only one
    where it has one), its default (an ``=`` after it) and ``...``; None where one cannot be read."""
    labels = []
    for child in node.children:
        if child.type == "parameter":
            first = child.child_by_field_name("external_name") or child.child_by_field_name("name")
            if first is None:
                return None
            variadic = any(c.type == "..." for c in child.children)
            labels.append(first.text.decode("utf-8", "replace") + (VARIADIC if variadic else ""))
        elif child.type == "=" and labels:
            labels[-1] += DEFAULTED
    return ",".join(labels)


def case_params(node, name) -> Params | None:
    """``case stream(count: Int, delay: Int = 40)`` -> ``count,delay=`` (1 to 2 arguments): the associated values
    after the case's name (an entry may declare several cases: ``case a(Int), b``), each labelled where it is
    (``_``: none); None for a case without any, which is read, not called."""
    values = name.next_named_sibling
    if values is None or values.type != "enum_type_parameters" or values.prev_named_sibling != name:
        return None
    labels, item = [], []
    for child in values.children[1:]:  # after "(": the items between commas
        if child.type not in (",", ")"):
            item.append(child)
        elif item:
            labels.append(_case_label(item))
            item = []
    least = sum(not label.endswith(DEFAULTED) for label in labels)
    return Params(least, len(labels), ",".join(labels))


def _case_label(item: list) -> str:
    """One associated value's label (``count: Int`` -> ``count``, ``Int`` -> ``_``), ``=`` after it if defaulted."""
    labelled = len(item) > 1 and item[0].type == "simple_identifier" and item[1].type == ":"
    label = item[0].text.decode("utf-8", "replace") if labelled else NO_LABEL
    return label + (DEFAULTED if any(c.type == "=" for c in item) else "")


def argument_labels(node) -> str | None:
    """``request(u, interceptor: i) { .. }`` -> ``_,interceptor,{}``; the labels of further trailing closures
    (``} onCancel: { ..``) as written; None where an argument is not a plain one (``#selector(f(_:))``)."""
    suffix = next((c for c in node.children if c.type == "call_suffix"), None)
    if suffix is None:
        return None
    labels = []
    for child in suffix.children:
        if child.type == "value_arguments":
            for arg in child.named_children:
                if arg.type != "value_argument" or arg.child_by_field_name("value") is None:
                    return None
                label = arg.child_by_field_name("name")
                labels.append(label.text.decode("utf-8", "replace") if label is not None else NO_LABEL)
        elif child.type == "lambda_literal":
            named = child.prev_named_sibling
            labelled = named is not None and named.type == "simple_identifier"
            labels.append(named.text.decode("utf-8", "replace") if labelled else TRAILING_CLOSURE)
    return ",".join(labels)


def labels_fit(declared: str, written: str) -> bool:
    """Whether a call writing ``written`` labels may call a definition taking ``declared`` ones: each argument in turn
    matches the next parameter of its label, the parameters skipped being defaulted or variadic."""
    params = [Label(p.removesuffix(DEFAULTED).removesuffix(VARIADIC), p.endswith(DEFAULTED), VARIADIC in p)
              for p in declared.split(",")] if declared else []
    args = written.split(",") if written else []
    return _fits(tuple(params), tuple(args), 0, 0)


def _fits(params: tuple, args: tuple, i: int, j: int) -> bool:
    """Arguments ``args[j:]`` for parameters ``params[i:]`` (a backtracking match: a handful of each)."""
    if j == len(args):
        return all(p.defaulted or p.variadic for p in params[i:])
    if i == len(params):
        return False
    p, arg = params[i], args[j]
    if arg in (p.name, TRAILING_CLOSURE):
        ends = [j + 1]
        while p.variadic and ends[-1] < len(args) and args[ends[-1]] == NO_LABEL:  # f(1, 2, 3) for xs: Int...
            ends.append(ends[-1] + 1)
        if any(_fits(params, args, i + 1, end) for end in ends):
            return True
    return (p.defaulted or p.variadic) and _fits(params, args, i + 1, j)


# syntax this grammar cannot read, blanked byte for byte (parse._repaired keeps the reading with fewer errors): an
# attribute with empty arguments (``@Argument() var name: String``: a property wrapper, swift-argument-parser's
# style), Swift 6's typed throws (``throws(CommandError)``) and conditional compilation among a type's members
# (``#if canImport(Darwin)`` around a property: every branch is kept, as a reader of the code sees them all)
_EMPTY_ATTRIBUTE_ARGS = lazy_re(rb"(@[A-Za-z_]\w*)(\([ \t]*\))")
_TYPED_THROWS = lazy_re(rb"(\bthrows)(\([A-Za-z_][\w.]*\))")
_DIRECTIVE = lazy_re(rb"(?m)^([ \t]*)(#(?:if|elseif|else|endif|error|warning)\b[^\n]*)$")
# Swift concurrency in a condition, which the grammar reads as a statement or a `let`'s value only: `try`, `try?`
# or `try!` before `await` (`if let x = try? await client.get(..) {`: the `try` blanked, `await f()` reads there),
# and a condition starting with `await` (`if await store.isEmpty {`: the `await` blanked); a protocol composition
# continued on the next line (`typealias Client = A.Client\n  & B.Client`: the break moved after the `&`). Its error
# recovery lost whole classes there (IceCubesApp's `StatusRowViewModel`, `EditorStore`: their methods read as
# top-level functions nothing calls). What is blanked is an effect marker: the call, its arguments and value stay.
_TRY_BEFORE_AWAIT = lazy_re(rb"\btry[?!]?(?=[ \t]++await\b)")
_CONDITION_AWAIT = lazy_re(rb"(?<=\bif )await\b|(?<=\bwhile )await\b")
_LEADING_AMPERSAND = lazy_re(rb"\n([ \t]*+)&(?=[ \t])")


def repairs(language: str) -> tuple:
    """The byte-for-byte rewrites to try on a Swift file that failed to parse: every one at once, then the older
    ones alone (a reading with more errors than the file's own is never kept: ``parse._repaired``)."""
    return (repair_all, repair)


def repair(data: bytes) -> bytes:
    """``@Argument()`` -> ``@Argument  ``, ``throws(E)`` -> ``throws   ``, ``#if X`` -> blank: same length, same
    lines."""
    blank = lambda m: m.group(1) + b" " * len(m.group(2))  # noqa: E731  (no newline inside: lines are kept)
    return _DIRECTIVE.sub(blank, _TYPED_THROWS.sub(blank, _EMPTY_ATTRIBUTE_ARGS.sub(blank, data)))


def repair_all(data: bytes) -> bytes:
    """``repair``'s, and ``if let x = try? await f()`` -> ``if let x =      await f()``, ``if await x`` -> ``if
    x``, ``A\n  & B`` -> ``A&\n   B`` (``B`` where it was)."""
    data = repair(data)
    if b"await" in data:
        data = _CONDITION_AWAIT.sub(_blanked, _TRY_BEFORE_AWAIT.sub(_blanked, data))
    return _LEADING_AMPERSAND.sub(lambda m: b"&\n" + m.group(1), data) if b"&" in data else data


def _blanked(m: re.Match) -> bytes:
    return b" " * (m.end() - m.start())


TARGET_FOLDERS = frozenset({"Sources", "Tests", "Plugins", "Examples", "Tools", "Benchmarks", "Snippets"})


def module_of(path: str) -> str:
    """The module a file belongs to by its folders: its SwiftPM target (``Sources/Core/a.swift`` -> ``Core``, also
    under a nested package ``x/Sources/Core``; a target a manifest places by ``path:`` in one of the usual folders,
    ``Examples/roll``, ``Tools/generate-manual``, is that folder's name), else ``""`` (the repository is one module,
    as an Xcode app is). ``file_package`` reads the manifest first."""
    parts = path.split("/")
    for i, part in enumerate(parts[:-2]):
        if part in TARGET_FOLDERS:
            return parts[i + 1]
    return ""


_TARGET_START = lazy_re(r"\.(?:target|executableTarget|testTarget|macro|plugin)\s*\(")
_TARGET_NAME = lazy_re(r'\bname:\s*"([^"\\]+)"')
_TARGET_PATH = lazy_re(r'\bpath:\s*"([^"\\]+)"')


def file_package(path: str, root) -> str | None:
    """The target of the nearest Package.swift above the file that places it by ``path:`` (Kingfisher's
    ``.target(name: "Kingfisher", path: "Sources")`` holds Sources/General and Sources/Utility alike), else the
    target its folders name (``module_of``)."""
    folder = posixpath.dirname(path)
    while root is not None:
        targets = _manifest_targets(str(root), folder, _mtime(root, folder))
        if targets is not None:
            return next((name for prefix, name in targets if path.startswith(prefix)), None) or module_of(path) or None
        if not folder:
            break
        folder = posixpath.dirname(folder)
    return module_of(path) or None


def _mtime(root, folder: str) -> int | None:
    """The manifest's modification time (a long-lived worker reads an edited one again), None when there is none."""
    try:
        info = os.lstat(os.path.join(root, folder, "Package.swift"))
    except OSError:
        return None
    return info.st_mtime_ns if stat.S_ISREG(info.st_mode) else None


@lru_cache(maxsize=256)
def _manifest_targets(root: str, folder: str, mtime: int | None) -> tuple[tuple[str, str], ...] | None:
    """(folder prefix, target name) of the manifest's targets placed by ``path:``, longest prefix first; None where
    the folder holds no manifest."""
    if mtime is None:
        return None
    data = read_config(root, posixpath.join(folder, "Package.swift"))
    if data is None:
        return None
    out = []
    for chunk in _TARGET_START.split(data.decode("utf-8", "replace"))[1:]:
        name, where = _TARGET_NAME.search(chunk), _TARGET_PATH.search(chunk)
        if name and where:
            prefix = posixpath.normpath(posixpath.join(folder, where.group(1)))
            if not prefix.startswith(".."):
                out.append(("" if prefix == "." else prefix + "/", name.group(1)))
    return tuple(sorted(out, key=lambda t: -len(t[0])))


def module_keys(paths: list[str], files: dict, root) -> dict[str, list[str]]:
    """Each file under its target's name, which ``import Target`` names (all its files)."""
    out = {}
    for path in paths:
        module = files.get(path, {}).get("package") or module_of(path)
        if module:
            out[path] = [module]
    return out


def package_scope(path: str, info: dict) -> str:
    """The files of one module see each other's declarations unimported."""
    return "swift-module:" + (info.get("package") or module_of(path))


def import_binding(module: str | None, name: str | None, alias: str | None):
    """``import Core``: every name of the module, used unqualified (and ``Core.f()`` too)."""
    return None, module, "*"


def resolve_module(importer: str, spec: str | None, index: dict, root) -> list[str]:
    """Every file of the target a module name names (none for a library's module)."""
    return index.get(spec, []) if spec else []


def submodule(paths: list[str], name: str, index: dict) -> list[str] | None:
    """Modules have no submodules a file imports (``import struct Foo.Bar`` imports from Foo)."""
    return None


def is_external(importer: str, spec: str, index: dict, root) -> bool:
    """A module no target of the repository is (Foundation, UIKit, a dependency's)."""
    return spec not in index
