"""Kotlin imports, with Java's in one group (``GROUP = "java"``): a file belongs to the package its ``package`` header
names (not its folder), a package is all its files, and the files of one package see each other's top-level
declarations unimported; ``import a.b.C``, ``import a.b.*``, ``import a.b.C as D``, ``import a.b.topLevelFun``.
A Kotlin file's ``import a.b.JavaClass`` finds the Java file, and a Java file's import finds the Kotlin class, the two
languages sharing one module index and one package scope. Public is the default visibility; an extension function
``fun Foo.bar()`` is a member of ``Foo`` (declared in another file: see ``graph.owners_elsewhere``)."""

from __future__ import annotations

import re
from weakref import WeakKeyDictionary

from . import entry_reason_with, runtime_hook
from ..lazyre import lazy_re
from ..qualnames import untwinned
from .implicit_this import implicit_this, implicit_this_field
from .java import (BUILTINS as JAVA_BUILTINS, EXTERNAL_RECEIVERS as JAVA_EXTERNAL,  # noqa: F401
                   MODULE_KEYS_FROM_PACKAGES, guess_bare_names, is_external, module_keys, object_method, package_scope,
                   resolve_module, star_class, submodule)

GROUP = "java"  # Kotlin and Java call each other: one module index, one package scope
LOCAL_DEFINITIONS_SCOPED = True  # a local ``fun`` or class is seen in its function's body only
ARITY = True  # overloads are told apart by their arguments: a call reaches those that accept its count
NO_DEFAULTS_FIRST = True  # flush() runs fun flush(), not fun flush(force: Boolean = false) beside it
OVERLOADS_ACROSS_BASES = True  # a subclass's fun f(a, b) beside its base's fun f(a): x.f(a) is the base's
IMPLICIT_THIS = True  # a bare m() in a method may be the class's or a base class's member
CALL_OPERATOR = "invoke"  # operator fun invoke: queryBuilder { .. } on a QueryBuilder runs QueryBuilder.invoke
# values no call runs: ``isProtected(access)`` beside ``val isProtected: Boolean`` calls a function of that name
VALUE_TYPES = frozenset({"Boolean", "Byte", "Char", "Double", "Float", "Int", "Long", "Short", "String", "Unit"})
# a function type's result is the type its value is read as (TYPE_CONTEXTS: ``(String) -> Checker`` names Checker as
# the return or field type): a value of it called, ``check(code)``, gives a Checker where Checker has no invoke
FUNCTION_TYPES_GIVE_RESULT = True
# ``node.toChained().hasNewline()`` with ``node: ASTNode`` and ``fun ASTNode.toChained(): Chained?``: the chain goes on
# from the class the extension (found by ``library_member``) returns, not from the library's type
LIBRARY_EXTENSION_RESULTS = True
# a local variable or parameter of a function type is called as ``block()``; a bare name read is a variable's
LOCAL_KINDS = ("call", "callback", "read")
# ``val table = table { .. }``: a local is declared, not yet bound in its own initializer (Python's ``expr = expr()``
# reassigns a parameter, which is called)
LOCALS_DECLARED = True
CAPITALIZED_CLASSES = True  # Mode.A, Names.MAX: an object's, enum's or companion's member, its class imported or near
IMPORTS_PASS_ON = False  # an import binds names in the importing file only
EXTENSIONS_IMPORTED = True  # fun Item.isCheap() in a.b: a member of Item, and what ``import a.b.isCheap`` names
# a multiplatform project's ``expect fun f()`` and each source set's ``actual fun f()`` (jvmMain, jsMain...): one
# qualified name in several files of one package, variants of one definition (what reaches one reaches all)
BUILD_VARIANTS = True
VARIANTS_FROM_OWN_FILE = True  # common code's call of its own expect fun reaches each actual fun
HOST_SCRIPTS = (".kts",)  # build.gradle.kts: plugins {}, implementation(..) are Gradle's, never guessed as ours
KEYWORDS = frozenset({
    "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is", "null",
    "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof", "val", "var", "when",
    "while", "catch", "finally"})
# soft keywords a member may bear (okhttp's CipherSuite.Companion has a `private fun init(`, a test a `fun import()`)
CONTEXTUAL_KEYWORDS = frozenset({"constructor", "import", "init", "companion", "it"})
# annotations that register nothing with a framework: the compiler's, nullability's, documentation's
PURE_DECORATORS = frozenset({
    "Suppress", "Deprecated", "JvmStatic", "JvmOverloads", "JvmField", "JvmName", "JvmInline", "JvmSynthetic",
    "JvmDefault", "JvmWildcard", "JvmSuppressWildcards", "Throws", "Volatile", "Synchronized", "Transient", "Strictfp",
    "PublishedApi", "OptIn", "RequiresOptIn", "Experimental", "SinceKotlin", "DslMarker", "BuilderInference",
    "OverloadResolutionByLambdaReturnType", "Nullable", "NonNull", "NotNull", "Nonnull", "CheckReturnValue",
    "CheckResult", "VisibleForTesting", "Override", "SuppressWarnings", "Target", "Retention", "MustBeDocumented",
    "Repeatable", "Language", "IntRange", "Keep", "UnsafeVariance", "ExperimentalStdlibApi",
    "ExperimentalContracts", "ExperimentalCoroutinesApi", "FlowPreview", "DelicateCoroutinesApi", "Contract"})
EXTERNAL_RECEIVERS = JAVA_EXTERNAL | frozenset({"kotlin", "kotlinx", "android", "androidx"})
# the kotlin package's types and functions every file sees unimported (kotlin.*, kotlin.collections.*, kotlin.io.*,
# kotlin.text.*...), plus java.lang's: a name no import, package or class of the file states is the standard library's
BUILTINS = JAVA_BUILTINS | frozenset({
    "Any", "Unit", "Nothing", "Int", "Long", "Short", "Byte", "Double", "Float", "Char", "Boolean", "String",
    "Array", "IntArray", "LongArray", "ByteArray", "CharArray", "DoubleArray", "FloatArray", "BooleanArray",
    "ShortArray", "List", "MutableList", "Set", "MutableSet", "Map", "MutableMap", "Collection", "MutableCollection",
    "Iterable", "Iterator", "Sequence", "Pair", "Triple", "Result", "Lazy", "Regex", "ArrayList", "HashMap",
    "HashSet", "LinkedHashMap", "LinkedHashSet", "Comparator", "Function", "KClass", "CharSequence", "Annotation",
    "Throwable", "Exception", "Error", "IllegalArgumentException", "IllegalStateException", "NoSuchElementException",
    "UnsupportedOperationException", "IndexOutOfBoundsException", "ConcurrentModificationException",
    "NumberFormatException", "ArithmeticException", "ClassCastException", "NullPointerException",
    "KotlinNullPointerException", "UninitializedPropertyAccessException", "AssertionError", "Deprecated", "Suppress",
    "println", "print", "readLine", "readln", "listOf", "listOfNotNull", "mutableListOf", "arrayListOf", "setOf",
    "mutableSetOf", "hashSetOf", "linkedSetOf", "sortedSetOf", "mapOf", "mutableMapOf", "hashMapOf", "linkedMapOf",
    "sortedMapOf", "arrayOf", "arrayOfNulls", "emptyArray", "emptyList", "emptySet", "emptyMap", "emptySequence",
    "sequenceOf", "sequence", "generateSequence", "intArrayOf", "longArrayOf", "byteArrayOf", "charArrayOf",
    "doubleArrayOf", "floatArrayOf", "booleanArrayOf", "buildList", "buildSet", "buildMap", "buildString",
    "require", "requireNotNull", "check", "checkNotNull", "error", "assert", "TODO", "lazy", "lazyOf", "run",
    "with", "apply", "also", "let", "takeIf", "takeUnless", "repeat", "synchronized", "maxOf", "minOf", "to",
    "runCatching", "use", "enumValues", "enumValueOf", "iterator", "compareValues",
    "compareBy", "compareByDescending", "Volatile", "JvmStatic", "JvmField",
    "JvmOverloads", "JvmName", "Throws", "Synchronized", "PublishedApi", "OptIn", "Target", "Retention",
    "MustBeDocumented", "Repeatable", "DslMarker", "Transient", "UnsafeVariance", "javaClass", "NotImplementedError",
    "ArrayDeque", "ReplaceWith", "typeOf", "KType", "KProperty", "KFunction", "Nothing",
    # the members a standard-library lambda's receiver gives bare (buildString { append(x) }, buildList { add(x) },
    # buildMap { put(k, v) }) and Any's (toString(), hashCode()) or a data class's generated copy(), where neither
    # the class nor its bases define them
    "append", "appendLine", "add", "addAll", "put", "putAll", "remove", "clear", "get", "set", "isEmpty",
    "isNotEmpty", "contains", "toString", "hashCode", "equals", "copy"})
# the standard library's methods and extensions (collections, strings, scope functions): on an object of unknown type
# guessed only among the classes the file can see
BUILTIN_METHODS = frozenset({
    "let", "apply", "also", "run", "takeIf", "takeUnless", "use", "map", "mapNotNull", "mapIndexed", "flatMap",
    "filter", "filterNot", "filterNotNull", "filterIsInstance", "forEach", "forEachIndexed", "onEach", "any", "all",
    "none", "count", "sum", "sumOf", "first", "firstOrNull", "last", "lastOrNull", "single", "singleOrNull", "find",
    "getOrNull", "getOrElse", "getOrDefault", "getOrPut", "get", "set", "put", "putAll", "add", "addAll", "remove",
    "removeAll", "removeAt", "removeIf", "retainAll", "clear", "contains", "containsKey", "containsAll", "indexOf",
    "isEmpty", "isNotEmpty", "isNullOrEmpty", "isNullOrBlank", "isBlank", "isNotBlank", "orEmpty", "size", "toList",
    "toMutableList", "toSet", "toMutableSet", "toMap", "toMutableMap", "toTypedArray", "toSortedMap", "sorted",
    "sortedBy", "sortedWith", "sortedDescending", "sortBy", "sortWith", "reversed", "asReversed", "distinct",
    "distinctBy", "groupBy", "associate", "associateBy", "associateWith", "partition", "zip", "chunked", "windowed",
    "fold", "reduce", "joinToString", "joinTo", "plus", "minus", "take", "drop", "takeWhile", "dropWhile", "asSequence",
    "asIterable", "iterator", "hasNext", "next", "keys", "values", "entries", "toString", "equals", "hashCode",
    "compareTo", "substring", "substringBefore", "substringAfter", "startsWith", "endsWith", "trim", "trimEnd",
    "trimStart", "trimIndent", "trimMargin", "split", "lines", "replace", "lowercase", "uppercase", "toInt", "toLong",
    "toDouble", "toFloat", "toByte", "toChar", "toIntOrNull", "toLongOrNull", "format", "padStart", "padEnd", "repeat",
    "append", "appendLine", "insert", "length", "isDigit", "isLetter", "isWhitespace", "code", "copy", "component1",
    "component2", "invoke", "javaClass", "getValue", "setValue", "close", "await", "launch", "async", "collect",
    "emit", "max", "min", "maxOrNull", "minOrNull", "maxBy", "minBy", "maxByOrNull", "minByOrNull", "average",
    "ifEmpty", "ifBlank", "require", "check", "onSuccess", "onFailure", "getOrThrow", "also",
    # infix functions (a to b, 0 until n)
    "to", "until", "downTo", "step", "and", "or", "xor", "shl", "shr", "ushr", "matches"})
IMPLICIT_PARAMETER = "it"  # items.forEach { it.flush() }: a one-parameter lambda's parameter, unnamed
PASSTHROUGH_METHODS = frozenset({"apply", "also"})  # Builder().apply { .. } is the Builder
TYPE_ARGUMENTS = frozenset({"type_arguments"})
# a collection's functions giving one of its elements, beyond parse's get, first, last, find, remove, next:
# ``handlers.getOrPut(cls) { Handler(cls) }.push()`` runs the value's push
ELEMENT_ACCESSORS = frozenset({"getOrPut", "getValue", "getOrElse", "getOrDefault", "getOrNull", "firstOrNull",
                               "lastOrNull", "single", "singleOrNull", "elementAt", "elementAtOrNull", "removeFirst",
                               "removeLast", "removeAt", "random"})


def _property_form(node, child) -> str:
    """A class's property is a field, a function's or the file's a variable."""
    return "field" if node.parent is not None and node.parent.type == "class_body" else "variable"


def _function_type_form(node, child):
    """The result of a class property's function type (``val onChange: (Int) -> Boolean``): what a call of the
    property returns, as a function's return type is (never the property's own type: ``VALUE_TYPES``); elsewhere
    (a parameter's, a local's function type) the place above says."""
    holder = node.parent
    while holder is not None and holder.type in ("nullable_type", "parenthesized_type", "variable_declaration"):
        holder = holder.parent
    in_class = holder is not None and holder.type == "property_declaration" and holder.parent is not None \
        and holder.parent.type == "class_body"
    return "return" if in_class else ...


def _class_parameter_form(node, child) -> str:
    """``class A(val c: Client)``: a field; ``class A(c: Client)``: a constructor's parameter."""
    return "field" if any(c.type == "binding_pattern_kind" for c in node.children) else "parameter"


TYPE_CONTEXTS = {
    **dict.fromkeys(("parameter", "catch_block", "receiver_type", "lambda_parameters", "function_type_parameters"),
                    "parameter"),
    "class_parameter": _class_parameter_form,
    "property_declaration": _property_form,
    "function_type": _function_type_form,
    **dict.fromkeys(("function_declaration", "getter"), "return"),
    "type_alias": lambda node, child: "alias" if child.type == "user_type" else "annotation",
    # bases are ``inherits`` references; a type parameter's bound and the rest: named there
    "delegation_specifier": None,
    **dict.fromkeys(("annotation", "check_expression", "as_expression", "type_constraint", "type_parameter",
                     "class_body", "statements", "source_file", "callable_reference", "call_suffix"), "annotation"),
}


def _annotated_entry(name: str, kind: str, parent: str | None) -> str | None:
    return "main function" if name == "main" and parent is None and kind == "function" else None


_entry_reason = entry_reason_with(PURE_DECORATORS, _annotated_entry, object_method)
OVERRIDE = "override"  # the modifier queries/kotlin.scm captures on a member extension (``override fun A.f()``)
OVERRIDDEN_EXTENSION = runtime_hook("overrides a base's member extension: called through the base's declaration")
OPERATOR = "operator"  # the modifier queries/kotlin.scm captures on an ``operator fun``
JVM_STATIC = "JvmStatic"  # a companion's member compiled as its class's static one
OPERATOR_FUNCTION = runtime_hook("an operator function: run by its operator's syntax (a + b, a[i], a(), by), "
                                 "which the index records as no call")


def entry_reason(name: str, kind: str, parent: str | None, decorators: tuple) -> str | None:
    """The annotations' and ``main``'s rule; and ``override fun DrawScope.onDraw()`` in a class (Compose's
    ``Painter``, ``Modifier.Node``): its symbol is its receiver's member (``DrawScope.onDraw``), so neither its class's
    library base nor the base's declaration reaches it; its callers are the base's. Never dead; nor is an ``operator
    fun`` (picnic's ``private operator fun CellStyle?.plus``, run by ``rowStyle + cell.style``). A companion's
    ``@JvmStatic fun main(args)`` is its class's static ``main``: the JVM's entry (ktfmt's ``Main``)."""
    if name == "main" and kind == "method" and JVM_STATIC in decorators:
        return "main method"
    if OVERRIDE not in decorators and OPERATOR not in decorators:
        return _entry_reason(name, kind, parent, decorators)
    given = _entry_reason(name, kind, parent, tuple(d for d in decorators if d not in (OVERRIDE, OPERATOR)))
    return given or (OVERRIDDEN_EXTENSION if OVERRIDE in decorators else OPERATOR_FUNCTION)


def extend_layers(name_layers: list, member_layers: list) -> None:
    """A bare ``m()`` in a method (or an extension function) is first the class's (or a base class's) member, before
    imports and the package; ``field.m()`` a method of the field's declared type."""
    name_layers.insert(name_layers.index("scoped"), receiver_extension)
    name_layers.insert(name_layers.index("scoped") + 1, implicit_this_seen)
    name_layers.insert(name_layers.index(implicit_this_seen) + 1, declaring_class_member)
    member_layers.insert(0, labeled_this)
    member_layers.append(implicit_this_field)
    member_layers.append(extension_member)


def receiver_extension(resolver, r, src):
    """A bare ``toDocument()`` in an extension function ``fun String.toManifest()``: an extension of the same
    receiver type (``fun String.toDocument()``) in the caller's package, called on the implicit ``this``, before
    the file's first definition of that name (diffuse's AndroidManifest: ``fun BinaryResourceFile.toDocument(arsc)``
    written above it was taken, and ``String.toDocument`` left dead). A function local to the caller stays first."""
    from ..graph import imported_apart
    from ..resolve import Found

    by_id = resolver.g.by_id
    sym = by_id.get(src)
    if sym is None or r.receiver or not imported_apart(sym) \
            or (sym.path, f"{sym.qualname}.{r.name}") in resolver.g.by_qual:  # a local function of the caller
        return None
    wanted, package = _extended_type(sym), _package_of(resolver, sym.path)
    # the caller itself is left to the other layers: ``fun Member.strip() = when (this) { is Field -> strip() }``
    # is mostly a smart cast's dispatch to another receiver's overload, rarely a recursion (diffuse's members.kt)
    ids = [i for i in resolver.g.by_name.get(r.name, ()) if i != src and imported_apart(by_id[i])
           and _extended_type(by_id[i]) == wanted and _package_of(resolver, by_id[i].path) == package]
    if not ids:
        return None
    return Found(ids, "same_file" if all(by_id[i].path == sym.path for i in ids) else "same_package")


def implicit_this_seen(resolver, r, src):
    """``implicit_this``'s member, less the extensions of another package the file does not import where its
    package or imports give a function of the name: okio's ``fun PosixFileSystem.variantMetadataOrNull(..)`` (package
    ``okio``) calls ``symlinkTarget(mode, path)``, its package's function, never ``okio.internal``'s ``fun
    FileSystem.symlinkTarget(path)``, which an extension needs imported to be seen. Where the file sees no function
    of the name, the member stays (a star import or a chain not read here)."""
    from ..graph import imported_apart

    found = implicit_this(resolver, r, src)
    if not found or not found.ids:
        return found
    by_id = resolver.g.by_id
    apart = [i for i in found.ids if imported_apart(by_id[i]) and by_id[i].path != r.path]
    if not apart:
        return found
    seen = _extensions_seen(resolver, r, src)
    kept = [i for i in found.ids if i not in apart or i in seen]
    if len(kept) == len(found.ids) or not _named_apart(resolver, r, src):
        return found
    return type(found)(kept, found.resolution) if kept else None


def _named_apart(resolver, r, src) -> bool:
    """Whether the file's imports or its package give a top-level function ``r.name`` of a file's own."""
    from ..graph import imported_apart

    for layer in (resolver._layer_imported, resolver._layer_package):
        found = layer(r, src)
        if found and any(not imported_apart(resolver.g.by_id[i]) for i in found.ids):
            return True
    return False


def declaring_class_member(resolver, r, src):
    """A bare ``m()`` in an extension function declared in a class body (kotlinx.coroutines' ``fun
    Waiter.prepareReceiverForSuspension()`` in ``BufferedChannel`` calling the channel's ``onReceiveEnqueued()``):
    after the extended type's members (``implicit_this``), the declaring class's or a base's (Kotlin's dispatch
    receiver), before the file's and the package's names."""
    cls = _declaring_class(resolver, src)
    return resolver._member(cls, r.name) if cls else None


_DECLARING: WeakKeyDictionary = WeakKeyDictionary()  # resolver -> {function: the class declaring it, or None}


def _declaring_class(resolver, src: str) -> str | None:
    """The innermost class of ``src``'s file whose body holds ``src`` without being its owner: a class written
    before it with a member of its own after it (a file's classes do not interleave); None for a member written in
    its class, a top-level extension or function."""
    known = _DECLARING.setdefault(resolver, {})
    if src not in known:
        sym = resolver.g.by_id.get(src)
        owners, sid = set(), src
        while sid in resolver.g.by_id and len(owners) < 8:  # nesting depth: a bound, not a limit real code reaches
            owners.add(sid)
            sid = resolver.g.owner_of(resolver.g.by_id[sid])
        holding = [c for c in _classes_of_file(resolver, sym.path) if _holds(resolver, c, sym.line)] if sym else []
        inner = max(holding, key=lambda c: resolver.g.by_id[c].line, default=None)
        known[src] = inner if inner not in owners else None
    return known[src]


def _classes_of_file(resolver, path: str) -> list[str]:
    """The classes a file defines, nested ones too."""
    from ..graph import CLASSLIKE

    found, todo = [], [i for i in resolver.g.top.get(path, {}).values()]
    while todo:
        sid = todo.pop()
        sym = resolver.g.by_id.get(sid)
        if sym is not None and sym.kind in CLASSLIKE and sym.path == path:
            found.append(sid)
            todo.extend(resolver.g.members.get(sid, {}).values())
    return found


def _holds(resolver, cls: str, line: int) -> bool:
    by_id = resolver.g.by_id
    return by_id[cls].line < line and any(
        m in by_id and by_id[m].path == by_id[cls].path and by_id[m].line > line
        for m in resolver.g.members.get(cls, {}).values())


LABELED_THIS = "this@"  # this@Outer.m(): the receiver a label names (a class around the code, or a lambda's)


def labeled_this(resolver, r, src):
    """``this@Outer.m()`` in an inner class, an anonymous object or a lambda with receiver: ``Outer``'s member (or a
    base's, or an override's), the label naming a class around the code (innermost first); a lambda's label
    (``this@buildString``, bound by the parser where its callee declares the receiver) is left to the others."""
    label, dot, _ = (r.receiver or "").partition(".")
    if r.bound_to or dot or not label.startswith(LABELED_THIS):
        return None
    cls = labeled_self(resolver, label, src)
    return resolver._member_or_override(cls, r.name) if cls else None


def labeled_self(resolver, head: str, src: str) -> str | None:
    """The class ``this@Outer`` names around ``src`` (the resolver's hook: ``this@Outer.sink.timeout()`` follows
    ``sink``'s declared type, ``this@Outer.count`` reads ``Outer.count``); None for another head or a lambda's label."""
    if not head.startswith(LABELED_THIS):
        return None
    return _enclosing_class_named(resolver, src, head[len(LABELED_THIS):])


def _enclosing_class_named(resolver, src: str, name: str) -> str | None:
    """The class named ``name`` around ``src``: its own class, or one an inner or local class sits in."""
    cls = resolver._enclosing_class(src)
    for _ in range(8):  # nesting depth: a bound, not a limit real code reaches
        if cls is None:
            break
        if resolver.g.by_id[cls].name == name:
            return cls
        owner = resolver.g.owner_of(resolver.g.by_id[cls])
        cls = resolver._enclosing_class(owner) if owner in resolver.g.by_id else None
    return _class_of_file_named(resolver, src, name)


def _class_of_file_named(resolver, src: str, name: str) -> str | None:
    """An extension function declared in a class body (okio's ``private fun Sink.forward()`` in ``Pipe``) is a
    member of the type it extends, so the labeled class is none of its owners: the one class of that name in its
    file (several: no guess)."""
    from ..graph import CLASSLIKE

    path = src.partition("::")[0]
    named = [i for i in resolver.g.by_name.get(name, ())
             if resolver.g.by_id[i].path == path and resolver.g.by_id[i].kind in CLASSLIKE]
    return named[0] if len(named) == 1 else None


def library_member(resolver, r, src):
    """``rawType.typeToString()`` where ``rawType`` is a ``java.lang.reflect.Type`` (a library's, so external): the
    extension function ``fun Type.typeToString()`` the file imports by name or its package defines, written for a
    type that is not the repository's (an extension of one of the repository's classes is a member of it, found
    there), or for a library's type named as one of them (``fun FunSpec.Builder.f()`` beside ``Moshi.Builder``)."""
    found = extension_member(resolver, r, src)
    if not found:
        return None
    written = (r.bound_to or "").split("|")[0].split("<")[0].rstrip("?").rpartition(".")[2] \
        or _receiver_written(resolver, r, src)
    kept = [i for i in found.ids if _owned_by_none_or(resolver, i, written)]
    # socket.closeQuietly() on a declared Socket: the overload for Socket, not Closeable's and ServerSocket's
    exact = [i for i in kept if _extended_type(resolver.g.by_id[i]) == written] if len(kept) > 1 and written else []
    return type(found)(exact or kept, found.resolution) if kept else None


def _receiver_written(resolver, r, src) -> str:
    """The library type a receiver written as one call has, by what is called: ``String(bytes)`` builds a
    ``String``; ``toDocument()`` (bare: an extension on the implicit ``this`` or a function) gives the type its
    definitions agree they declare (``fun String.toDocument(): Document``). diffuse's ``toDocument(arsc)
    .toManifest()`` listed the four extensions named ``toManifest`` (of ``String``, ``Input``, ``XmlNode``,
    ``Document``), not the one of ``Document``; "" where the receiver says nothing."""
    from dataclasses import replace

    from ..graph import CALLABLE
    from ..parse import _one_call

    built = inline_type(r.receiver or "")
    if built:
        return built.rpartition(".")[2]
    head, paren, _ = (r.receiver or "").partition("(")
    if not paren or not head.isidentifier() or not _one_call(r.receiver, len(head)):
        return ""
    callee = resolver._stated(replace(r, name=head, receiver=None, bound_to=None), src, CALLABLE)
    declared = [resolver.return_types.get((resolver.g.by_id[i].path, resolver.g.by_id[i].qualname))
                for i in (callee.ids if callee else ())]
    written = {d.name.split("<")[0].rstrip("?").rpartition(".")[2] for d in declared if d is not None}
    return written.pop() if len(written) == 1 and None not in declared else ""


UNIVERSAL_TYPE = "Any"  # every class's supertype: an extension of it (or of ``<T : Any> T``) is every type's
# the standard library's scope functions, extensions of every type (``C().apply { parse(..) }``)
SCOPE_FUNCTIONS = frozenset({"apply", "also", "let", "run", "takeIf", "takeUnless"})
# what every value has from the standard library, whatever its arguments: ``Any``'s members and the infix ``to``
# (``PROPERTY to value``, ktlint's tests' editorconfig overrides, on a constant of a class of ours)
ANY_MEMBERS = frozenset({"to", "toString", "hashCode", "equals"})


def universal_member(resolver, r, src):
    """``table.describe()`` where ``Table`` has no ``describe`` and the file imports by name (or its package
    defines) ``fun Any.describe()`` / ``fun <T : Any> T.describe()``: that extension, which every receiver has; by its
    exact name only, and only an extension of ``Any`` (one written for another type is never guessed here)."""
    from dataclasses import replace

    from ..resolve import EXTERNAL

    bare = replace(r, receiver=None)
    for layer in (resolver._layer_imported, resolver._layer_package):
        found = layer(bare, src)
        universal = [i for i in found.ids if _extended_type(resolver.g.by_id[i]) == UNIVERSAL_TYPE] if found else []
        if universal:
            return type(found)(universal, found.resolution)
    # else the standard library's, given its one block, on a class of ours that does not define it: no member
    # missed (``it.run()`` with no block is a member's call, of a value of a type not known)
    return EXTERNAL if r.name in SCOPE_FUNCTIONS and r.args == 1 or r.name in ANY_MEMBERS else None


def receiver_module(importer: str, receiver: str, index: dict, root) -> list[str]:
    """``okio.internal.openZip(zipPath, this)``: a top-level function called by its package's full name, unimported
    (okio's ``fun FileSystem.openZip(..)`` hands over to the internal one of its name): the files of that package of
    the repository. Lowercase parts only, by convention a package's (``okio.ByteString.of(..)`` is a class's member,
    read as before); one part is a variable, never a package read so."""
    parts = receiver.split(".") if receiver else ()
    if len(parts) < 2 or not all(p.isidentifier() and p[:1].islower() for p in parts):
        return []
    return list(index.get(receiver, ()))


def visible_members(resolver, r, src, found):
    """``users.insert {..}`` where ``fun <T : Table> T.insert()`` is written in several packages (Exposed's core, jdbc
    and r2dbc modules): the extensions the calling file imports by name or its package defines; a member of the class
    itself always stays. Where the file sees none of them (a star import of another kind, a chain), all stay."""
    from ..graph import imported_apart

    apart = [i for i in found.ids if imported_apart(resolver.g.by_id[i]) and resolver.g.by_id[i].path != r.path]
    if len({resolver.g.by_id[i].path for i in apart}) < 2:
        return found
    seen = _extensions_seen(resolver, r, src)
    kept = [i for i in found.ids if i not in apart or i in seen]
    return type(found)(kept, found.resolution) if any(i in seen for i in apart) else found


def _extensions_seen(resolver, r, src) -> set:
    """The top-level names ``r.name`` the file sees: imported by name, or of its own package; with the same-named
    ones of their package (an import by name brings every receiver type's overload: okhttp's ``closeQuietly``)."""
    from dataclasses import replace

    bare, packages = replace(r, receiver=None), set()
    for layer in (resolver._layer_imported, resolver._layer_package):
        found = layer(bare, src)
        packages |= {_package_of(resolver, resolver.g.by_id[sid].path) for sid in (found.ids if found else ())}
    return {i for i in resolver.g.by_name.get(r.name, ())
            if _package_of(resolver, resolver.g.by_id[i].path) in packages}


def _extended_type(sym) -> str:
    """The type an extension function is written for, as written: ``Socket`` of ``fun Socket.closeQuietly()``."""
    return untwinned(sym.qualname).rpartition(".")[0].rpartition(".")[2]


def _owned_by_none_or(resolver, sid: str, type_name: str) -> bool:
    sym = resolver.g.by_id[sid]
    owner = resolver.g.owner_of(sym)
    return owner.endswith("::<module>") or bool(type_name) and resolver.g.by_id[owner].name == type_name \
        or _extends_imported_library_type(resolver, sym)


def _extends_imported_library_type(resolver, sym) -> bool:
    """``fun Logger.taskLog()`` in a file importing ``java.util.logging.Logger``: it extends the library's type,
    whichever class of the repository the graph gave it for bearing that name (okhttp's ``HttpLoggingInterceptor.
    Logger``: every call of ``taskLog`` was external, the function dead)."""
    type_name = _extended_type(sym)
    binding = resolver.bound_name(sym.path, type_name) if type_name else None
    return binding is not None and binding.kind == "external"


def extension_member(resolver, r, src):
    """``it.isCheap()`` on an object of unknown type (a lambda's ``it``, a chain's result) where the file imports
    ``isCheap`` by name or its package defines it at top level: that extension function, stated by the import (a
    same-named member of some class of the repository is not guessed before it), with its overloads for other
    receiver types beside it (``fun ParameterizedTypeName.deepCopy()``, ``fun WildcardTypeName.deepCopy()``) in any
    file of its package: an import by name brings them all (okhttp's ``Closeable.closeQuietly`` in -UtilCommon.kt,
    ``Socket.closeQuietly`` in -UtilJvm.kt)."""
    from dataclasses import replace

    from ..graph import imported_apart

    bare = replace(r, receiver=None)
    for layer in (resolver._layer_imported, resolver._layer_package):
        found = layer(bare, src)
        if found and not found.ids and found.resolution == "external":  # import kotlinpoet.ksp.writeTo: the
            return _named_for(resolver, r, src, bare) or found  # library's, unless the receiver names a type of ours
        if found and found.ids:  # (the name may find a plain function beside them: awaitAll(vararg ..))
            apart = [i for i in found.ids if imported_apart(resolver.g.by_id[i])]
            package = _package_of(resolver, resolver.g.by_id[found.ids[0]].path)
            twins = [i for i in resolver.g.by_name.get(r.name, ()) if i not in apart
                     and imported_apart(resolver.g.by_id[i])
                     and _package_of(resolver, resolver.g.by_id[i].path) == package]
            if apart or twins:
                return type(found)(apart + twins, found.resolution)
    return None


def _package_of(resolver, path: str) -> tuple:
    """A file's package, or the file itself where it declares none (its twins are then its own)."""
    package = resolver.files.get(path, {}).get("package")
    return ("package", package) if package else ("file", path)


def _named_for(resolver, r, src, bare):
    """``proguardConfig.writeTo()`` where the file imports a library's ``writeTo`` and its package defines ``fun
    ProguardConfig.writeTo()``: the receiver named as that extension's type (``proguardConfig``) is that type's."""
    from ..graph import imported_apart

    found = resolver._layer_package(bare, src)
    last = (r.receiver or "").rpartition(".")[2]
    wanted = last[:1].upper() + last[1:]
    ids = [i for i in (found.ids if found else ()) if imported_apart(resolver.g.by_id[i])
           and resolver.g.by_id[i].qualname.split(".")[0] == wanted]
    return type(found)(ids, found.resolution) if ids else None


# module_keys (java's): ``<package>.<FileStem>`` and the package: a class imported as ``a.b.C`` is found among the
# package's files whatever file holds it (Kotlin puts many declarations in one file, named as it likes)


def import_binding(module: str | None, name: str | None, alias: str | None):
    """``a.b.C`` binds C from package a.b; ``a.b.Outer.Inner`` binds Inner, member ``Outer.Inner``; ``a.b.f`` binds
    the top-level function or property f; ``a.b.C as D`` binds D; ``a.b.*`` the package's names."""
    if name == "*":
        return None, module, "*"
    parts = (module or "").split(".")
    first_class = next((i for i, p in enumerate(parts) if p[:1].isupper()), len(parts) - 1)
    # ``a.b.C.Companion.f``: a companion object's members are its class's (``C.f``), as the parse names them
    # (ktlint's tests' ``import ..KtLintAssertThat.Companion.assertThatRule``, else unresolved); the companion
    # itself imported (``a.b.C.Companion``) is the class
    member = [p for p in parts[first_class:] if p != "Companion"] or parts[first_class:first_class + 1]
    return alias or parts[-1], ".".join(parts[:first_class]), ".".join(member)


_TYPE_ARGUMENTS = lazy_re(r"<[^<>()]*>(?=\()")  # adapter<Int>(), listOf<Pair<A, B>>() (inner ones first)


def receiver_path(receiver: str) -> str:
    """``moshi.adapter<Int>()`` -> ``moshi.adapter()``; ``x!!.y`` -> ``x.y``; ``a?.b`` -> ``a.b``: the chain as the
    resolver follows it (a call's type arguments, a non-null assertion and a safe call change no type)."""
    if "<" in receiver:
        previous = None
        while previous != receiver:
            previous, receiver = receiver, _TYPE_ARGUMENTS.sub("", receiver)
    return receiver.replace("!!", "").replace("?.", ".") if "!!" in receiver or "?." in receiver else receiver


_OBJECT_LITERAL = lazy_re(r"^object\s*:\s*((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*)")


def cast_type(text: str) -> str | None:
    """``object : Sink { .. }`` assigned: an instance of ``Sink``, written as if built (``Sink()``), so that a field
    holding it is typed by it (okio's ``val sink = object : Sink {..}``: ``pipe.sink.write()`` was guessed among
    every ``write``)."""
    m = _OBJECT_LITERAL.match(text) if text.startswith("object") else None
    return m.group(1) + "()" if m else None


_BUILT = lazy_re(r"^((?:[A-Za-z_]\w*\.)*[A-Z]\w*)(?:<[^()]*>)?(?=\()")


def inline_type(receiver: str) -> str | None:
    """``Foo(...)``, ``Moshi.Builder()``, ``Box<T>(x)`` -> the class (a capitalized name called: a constructor); not
    ``Foo().bar()``, whose class is what ``bar`` returns."""
    from ..parse import _one_call

    cast = _CAST.match(receiver)  # (x as Foo), (x as? Foo): the cast-to class
    if cast:
        return cast.group(1)
    m = _BUILT.match(receiver)
    return m.group(1) if m and _one_call(receiver, m.end()) else None


_CAST = lazy_re(r"^\(\s*[^()]+?\s+as\??\s+([A-Za-z_][\w.]*)\s*(?:<[^()]*>)?\??\s*\)$", re.S)


# class A<T>\n  private constructor(..) / @Inject constructor(..) / a bare constructor(.. (the line after a class header,
# maybe after a comment: okio's ``expect open class ByteString\n// Trusted internal constructor..\ninternal
# constructor(``; kotlinpoet's ``public sealed class TypeName\nconstructor(``): the grammar reads no line break before
# a primary constructor; the break moves to just after its ``(`` (its modifiers, annotations and the comments before
# them blanked: no symbol needs them). A comment naming a class is no header: the constructor after it is secondary
_CONSTRUCTOR_LINE = lazy_re(rb"(?m)(^(?![ \t]*(?://|/?\*))[^\n{}=]*\bclass\b[^\n{}=]*)\n((?:[ \t]*(?://[^\n]*|"
                            rb"/\*(?:[^*]|\*(?!/))*\*/)[ \t]*\n)*[ \t]*(?:(?:private|internal|protected|public|actual|"
                            rb"expect)\s+|@[\w.]+(?:\([^()\n]*\))?\s+)*)constructor\(")
# ``internal actual val bytes: ByteString`` / ``@JvmField actual val sink: Sink`` in a primary constructor: the grammar
# reads no multiplatform modifier after another one there (``actual``/``expect`` blanked: nothing reads them)
_PLATFORM_MODIFIER = lazy_re(rb"(?<=[\s)])(?:actual|expect)(?=[ \t]+(?:val|var|override)\b)")
# ``object : Source by buffer { .. }``: the grammar reads delegation in a class header, not in an object expression;
# read as the supertype's constructor given the delegate (``object : Source(buffer) {``, as long): the object still
# extends ``Source``, and a delegate that is a call stays one (leakcanary's ``by noOpDelegate()``); ``by`` on the
# next line too (``object : Application.ActivityLifecycleCallbacks\n    by noOpDelegate() {``), the line kept
_OBJECT_DELEGATION = lazy_re(rb"(\bobject[ \t]*:[ \t]*[\w.]+(?:<[^<>(){}\n]*>)?)([ \t]+|[ \t]*\n[ \t]*)by([ \t]+)"
                             rb"([\w.]+(?:\([^(){}\n]*\))?)(?=[ \t]*\{)")
# a trailing comma after a ``when`` branch's last condition (``"a",\n  -> false``, Kotlin 1.4's)
_WHEN_TRAILING_COMMA = lazy_re(rb",(?=\s*->)")
# ``0 ..< n`` (Kotlin 1.8's open-ended range): read as ``0 .. n``, a range all the same
_RANGE_UNTIL = lazy_re(rb"\.\.<")
# ``BufferedChannel<*>::registerSelectForSend`` (kotlinx.coroutines): the grammar reads no star projection before
# ``::`` and loses the class body; the ``<*>`` blanked (``Slot   ::peek``: the same reference to the class's member)
_STAR_PROJECTED_REFERENCE = lazy_re(rb"(?<=\w)<\*>(?=::)")
# Kotlin 2.1's guarded ``when`` branch (``is Join if dialect is OracleDialect ->``, Exposed's): the guard's ``if`` read
# as a second condition, ``is Join , dialect is ..`` (the branch's code the same; a guard only narrows when it runs)
# a ``when`` branch ``in r..s ->`` after another branch's value (``in s..r -> "receive"\n in r..s -> "send"``,
# kotlinx.coroutines'): the grammar reads the line's ``in`` as the value's infix operator; the ``in`` blanked (the
# branch tests the range itself: the same names read)
_WHEN_IN_BRANCH = lazy_re(rb"(?m)^([ \t]*)in(?=[ \t][^\n]*->)")
_WHEN_GUARD = lazy_re(rb"(?m)(^[ \t]*!?is[ \t]+[\w.]+(?:<[^<>\n]*>)?\??[ \t]+)if(?=[ \t(])")


def repairs(language: str) -> tuple:
    """Same-length rewrites of Kotlin the grammar cannot read, tried on a file that failed to parse: all at once
    first (one alone may leave as many errors, the others' among them: okio's ``actual class ByteString\\ninternal
    actual constructor(\\n  internal actual val data: ByteArray``), then each in turn."""
    return (_every_rewrite, *_REWRITES)


def _every_rewrite(data: bytes) -> bytes:
    for rewrite in _REWRITES:
        data = rewrite(data)
    return data


def _constructor_on_its_line(data: bytes) -> bytes:
    """``\\n  private constructor(`` -> `` constructor(\\n`` and spaces: the same bytes and lines, the parameters
    where they were."""
    def moved(m: re.Match) -> bytes:
        between = m.group(2)
        if not between:  # a bare ``\nconstructor(``: no byte to spare for a space, the keyword (optional) blanked
            return m.group(1) + b"(\n" + b" " * len(b"constructor")
        breaks = 1 + between.count(b"\n")  # @JvmOverloads or a comment on a line of its own: its break moves too
        return m.group(1) + b" constructor(" + b"\n" * breaks + b" " * (len(between) - breaks)

    return _CONSTRUCTOR_LINE.sub(moved, data)


def _platform_modifier_blanked(data: bytes) -> bytes:
    return _PLATFORM_MODIFIER.sub(lambda m: b" " * len(m.group(0)), data)


def _object_delegation_blanked(data: bytes) -> bytes:
    return _OBJECT_DELEGATION.sub(lambda m: m.group(1) + m.group(2) + b"(" + m.group(4) + b")"
                                  + b" " * len(m.group(3)), data)


def _when_trailing_comma_blanked(data: bytes) -> bytes:
    return _WHEN_TRAILING_COMMA.sub(b" ", data)


def _range_until_closed(data: bytes) -> bytes:
    return _RANGE_UNTIL.sub(b".. ", data)


def _star_projected_reference_blanked(data: bytes) -> bytes:
    return _STAR_PROJECTED_REFERENCE.sub(b"   ", data)


def _when_in_branch_blanked(data: bytes) -> bytes:
    return _WHEN_IN_BRANCH.sub(lambda m: m.group(1) + b"  ", data)


def _when_guard_as_condition(data: bytes) -> bytes:
    return _WHEN_GUARD.sub(lambda m: m.group(1) + b", ", data)


_REWRITES = (_constructor_on_its_line, _platform_modifier_blanked, _object_delegation_blanked,
             _when_trailing_comma_blanked, _range_until_closed, _star_projected_reference_blanked,
             _when_guard_as_condition, _when_in_branch_blanked)


# a type parameter, by convention (T, R, K, V, E, T1, TResult): what a lambda given ``block: (T) -> R`` takes is the
# caller's type argument, never a class of that name (found nowhere, it would make the lambda's ``it`` a library's)
_TYPE_PARAMETER = lazy_re(r"^(?:[A-Z][0-9]?|T[A-Z]\w*)$")


def settle_references(raw_refs: list) -> list:
    """A function's ``block: (T) -> Unit``: the lambda passed there takes no type its declaration states."""
    return [r for r in raw_refs if not (r.kind == "signature" and r.name and _TYPE_PARAMETER.match(r.name))]


def settle_bindings(var_bindings: list, raw_refs: list) -> list:
    """``fun <T : Table> wipe(table: T)``: ``table`` is bound to its bound ``Table`` and to the written ``T``, which
    names no class (a type parameter's name): the bound alone is kept."""
    bounded = {(b.start, b.name) for b in var_bindings if not _TYPE_PARAMETER.match(b.receiver.split("<")[0])}
    return [b for b in var_bindings if (b.start, b.name) not in bounded
            or not _TYPE_PARAMETER.match(b.receiver.rstrip("?"))]


# Overloads told apart by the arguments a call writes (leakcanary's ``clazz(className: String, ..)`` beside
# ``clazz(classNameRecord: StringRecord, ..)``, both taking one to four): a definition's parameters and a call's
# arguments written as labels (``symbols.labels``, ``refs.labels``), one a place. A definition's start with
# ``KOTLIN_LABELS`` (a Java file's call to it reads Java's erasures, not these) and write each parameter as
# ``name=kind``, ``*`` before a ``vararg``; a call writes ``kind``, ``name=kind`` for a named argument and ``$kind`` for
# a trailing lambda (the last parameter's). Kinds: ``s`` a ``String``; ``v`` a number, ``Boolean`` or ``Char``; ``=>N``
# a function type of N parameters or a lambda of N (``=>?``: none written, it takes none or ``it``); ``o`` another
# named type, which no literal fits (a type parameter, ``Any``, ``CharSequence``, ``Comparable`` and ``Number`` are
# ``?``: a string or a number may be one); ``?`` what is not read. A named argument fits only a parameter of its name.
KOTLIN_LABELS = "@"
_PRIMITIVES = frozenset({"Int", "Long", "Short", "Byte", "Double", "Float", "Boolean", "Char", "UInt", "ULong",
                         "UShort", "UByte"})
_SUPERTYPES_OF_LITERALS = frozenset({"Any", "CharSequence", "Comparable", "Number", "Serializable"})
_STRING_LITERALS = frozenset({"string_literal", "multiline_string_literal", "line_string_literal"})
_NUMBER_LITERALS = frozenset({"integer_literal", "long_literal", "real_literal", "boolean_literal",
                              "character_literal", "hex_literal", "bin_literal", "unsigned_literal"})


def parameter_labels(node) -> str | None:
    """``fun clazz(className: String, superclassId: Long = -1L, vararg f: () -> Unit)`` ->
    ``@className=s,superclassId=v,*f==>0``; None where there is no parameter."""
    params = next((c for c in node.children if c.type == "function_value_parameters"), None)
    if params is None:
        return None
    generic = _type_parameter_names(node)
    labels, vararg = [], False
    for child in params.named_children:
        if child.type == "parameter_modifiers":
            vararg = b"vararg" in child.text
        elif child.type == "parameter":
            name = child.named_children[0].text.decode() if child.named_child_count else "?"
            written = child.named_children[-1] if child.named_child_count > 1 else None
            labels.append(f"{'*' if vararg else ''}{name}={_type_label(written, generic)}")
            vararg = False
    return KOTLIN_LABELS + ",".join(labels) if labels else None  # none taken: nothing to tell apart


_GENERIC_OWNERS = frozenset({"function_declaration", "class_declaration"})
_BODIES = frozenset({"function_body", "class_body", "enum_class_body"})


def _type_parameter_names(node) -> frozenset:
    """The type parameters in scope of a function: its own and its enclosing classes' (``T`` of ``class Box<T>``),
    read from each one's header only (the file's or a body's other declarations are never walked: linear)."""
    names = set()
    while node is not None:
        for child in node.children if node.type in _GENERIC_OWNERS else ():
            if child.type in _BODIES:
                break
            if child.type == "type_parameters":
                names.update(p.named_children[0].text for p in child.named_children
                             if p.type == "type_parameter" and p.named_child_count)
        node = node.parent
    return frozenset(names)


def _type_label(written, generic: frozenset) -> str:
    """One parameter's kind from its declared type (see above)."""
    while written is not None and written.type in ("nullable_type", "parenthesized_type", "type_modifiers"):
        written = written.named_children[0] if written.named_child_count else None
    if written is None:
        return "?"
    if written.type == "function_type":
        inputs = next((c for c in written.named_children if c.type == "function_type_parameters"), None)
        return f"=>{inputs.named_child_count if inputs is not None else 0}"
    names = [c for c in written.named_children if c.type == "type_identifier"] if written.type == "user_type" else ()
    return _named_label(names[-1].text, generic) if names else "?"  # kotlin.String, List<T>: its last name


def _named_label(name: bytes, generic: frozenset) -> str:
    text = name.decode()
    if name in generic or text in _SUPERTYPES_OF_LITERALS:
        return "?"
    return "s" if text == "String" else "v" if text in _PRIMITIVES else "o"


def argument_labels(node) -> str | None:
    """``clazz("A", fields = listOf(..)) { it }`` -> ``s,fields=?,$=>?``; None where an argument is spread."""
    suffix = next((c for c in node.children if c.type == "call_suffix"), None)
    if suffix is None:
        return None
    labels = []
    for part in suffix.named_children:
        if part.type == "value_arguments":
            for arg in part.named_children:
                if arg.type != "value_argument":
                    continue
                label = _value_argument_label(arg)
                if label is None:
                    return None
                labels.append(label)
        elif part.type == "annotated_lambda":
            lam = next((c for c in part.named_children if c.type == "lambda_literal"), None)
            labels.append("$" + (_lambda_label(lam) if lam is not None else "?"))
    return ",".join(labels) if labels else None


def _value_argument_label(arg) -> str | None:
    """``"A"`` -> ``s``; ``fields = 1`` -> ``fields=v``; None for ``*spread``."""
    kids = arg.children
    if any(c.type == "*" for c in kids):
        return None
    value = arg.named_children[-1] if arg.named_child_count else None
    named = len(kids) > 2 and kids[1].type == "=" and kids[0].type == "simple_identifier"
    kind = "?" if value is None else "s" if value.type in _STRING_LITERALS else "v" if value.type in \
        _NUMBER_LITERALS else _lambda_label(value) if value.type == "lambda_literal" else "?"
    return f"{kids[0].text.decode()}={kind}" if named else kind


def _lambda_label(lam) -> str:
    params = next((c for c in lam.named_children if c.type == "lambda_parameters"), None)
    return "=>?" if params is None else f"=>{params.named_child_count}"


def labels_fit(declared: str, written: str) -> bool:
    """Whether a call writing ``written`` may call a definition labelled ``declared`` (see above): each positional
    argument fits its place (any past a ``vararg``), a named one the parameter of its name, a trailing lambda the
    last parameter. A definition not labelled so (Java's) fits."""
    if not declared.startswith(KOTLIN_LABELS):
        return True
    params = [p.partition("=") for p in declared[1:].split(",")] if len(declared) > 1 else []
    kinds = {name.lstrip("*"): kind for name, _, kind in params}
    for i, arg in enumerate(written.split(",") if written else ()):
        name, named, kind = arg.partition("=") if not arg.startswith("=>") else ("", "", arg)
        kind = kind if named else arg
        if arg.startswith("$"):
            param = params[-1][2] if params else None
            kind = arg[1:]
        elif named:
            param = kinds.get(name)
            if param is None:
                return False  # no parameter of that name
        else:
            if i >= len(params) or params[i][0].startswith("*"):
                return True
            param = params[i][2]
        if param is not None and not _kind_fits(kind, param):
            return False
    return True


def _kind_fits(arg: str, param: str) -> bool:
    if arg == "?" or param == "?":
        return True
    if arg.startswith("=>"):  # a lambda: a function type of its arity, or an interface it converts to (``o``)
        return param == "o" or param.startswith("=>") and (arg == param or arg == "=>?" and param in ("=>0", "=>1"))
    return arg == param  # a string literal a String, a number literal a number
