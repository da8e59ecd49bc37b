"""Java imports: a file is ``<package>.<FileStem>`` (its public class), a package is all its files; the files of one
package see each other's classes unimported; ``import a.b.C``, ``import a.b.*``, ``import static a.b.C.m``."""

from __future__ import annotations

import posixpath
import re
from typing import NamedTuple
from weakref import WeakKeyDictionary

from . import (call_head, cast_receiver, entry_reason_with, object_method_rule, package_keys, runtime_hook,
               split_outside, with_entries)
from ..lazyre import lazy_re
from .implicit_this import implicit_this, implicit_this_field, outer_member
from .java_overloads import (UNKNOWN, argument_types, choose_overloads, deferred_call, signature_types,
                             split_signature)

GROUP = "java"
LOCAL_DEFINITIONS_SCOPED = True  # a local class is seen in its method's block only
# ``module_keys`` reads the paths and each file's declared package (the ``files`` table's ``package``, which
# ``rows.kept_modules`` compares before and after), nothing else of a file's text: an edit keeping the package keeps
# the lake's module index (Kotlin and Scala share the keys)
MODULE_KEYS_FROM_PACKAGES = True
ARITY = True  # overloads are told apart by their arguments: a call reaches those that accept its count
# ``class JBoss6VFS extends VFS`` beside its own nested ``static class VFS``: the extends clause names the package's
# VFS (the class's members are in scope in its body only; mybatis's VFS implementations read as dead)
BASES_OUTSIDE_BODY = True
OVERLOADS_ACROSS_BASES = True  # Element.attr(k, v) beside Node.attr(k): div.attr(k) is Node's (JLS 15.12.2)
# the argument types a call states choose among overloads of one count (``append('c')`` is ``append(char)``, not
# ``append(String)``): parameter and argument erasures in the labels slots (``java_overloads``), a definition's
# result after them (an argument that is another file's method's result is settled by it: ``settle_labels``)
parameter_labels, argument_labels, labels_choose = signature_types, argument_types, choose_overloads
NAMED_CONSTRUCTORS = True  # Foo(int n) in class Foo is what new Foo(1), this(1), super(1) in a subclass run
KEYWORDS = frozenset({"abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const",
                      "continue", "default", "do", "double", "else", "enum", "extends", "final", "finally", "float",
                      "for", "goto", "if", "implements", "import", "instanceof", "int", "interface", "long", "native",
                      "new", "package", "private", "protected", "public", "return", "short", "static", "strictfp",
                      "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try", "void",
                      "volatile", "while"})
IMPLICIT_THIS = True  # a bare m() in a method may be the class's or a base class's method
# methods and variables are apart: ``m()`` is a method even beside a variable ``m``; only a bare name read is
# the variable (``read``: see queries/java.scm)
LOCAL_KINDS = ("read",)
CAPITALIZED_CLASSES = True  # Names.MAX, Outer.Inner.MAX: a class's static member, its class imported or of the package
IMPORTS_PASS_ON = False  # import a.b.* binds names in the importing file only; it passes none on to its importers
# a multi-release jar's src/main/java16/retrofit2/X.java replaces src/main/java/retrofit2/X.java on newer runtimes:
# variants of one class (what reaches one reaches all; see variant_scope)
BUILD_VARIANTS = True
_RELEASE_FOLDER = lazy_re(r"(^|/)java\d+/")
PURE_DECORATORS = frozenset({"Override", "Deprecated", "SuppressWarnings", "FunctionalInterface", "SafeVarargs",
                             "Nullable", "NonNull", "NotNull", "Nonnull", "CheckReturnValue"})


# methods java.io serialization calls by name, never the program (private readObject(ObjectInputStream)...)
SERIALIZATION_HOOKS = frozenset({"readObject", "writeObject", "readResolve", "writeReplace", "readObjectNoData"})


SERIALIZATION_FIELDS = frozenset({"serialVersionUID", "serialPersistentFields"})


# java.lang.Object's methods a class overrides for the runtime and the libraries to call: string conversion and
# concatenation run toString(), hash maps and sets hashCode() and equals(), the collector finalize()
OBJECT_METHODS = frozenset({"toString", "equals", "hashCode", "finalize"})
object_method = object_method_rule(OBJECT_METHODS, "string conversion and hashed collections")


def _jvm_entry(name: str, kind: str, parent: str | None) -> str | None:
    if kind == "field" and name in SERIALIZATION_FIELDS:
        return "serialization field"
    if kind != "method":
        return None
    if name == "main":
        return "main method"
    return "serialization hook" if name in SERIALIZATION_HOOKS and parent else object_method(name, kind, parent)


def _constructor_entry(name: str, kind: str, parent: str | None) -> str | None:
    """A constructor runs wherever its class is created: by ``new``, but also by reflection (gson's and Jackson's
    deserializers, a DI container, ``Class.newInstance``) naming only the class. Never dead itself; its class's
    own uses decide (an unused overload beside a called one is not reported: as in C#)."""
    if kind == "method" and parent and name == parent.rpartition(".")[2]:
        return runtime_hook("a constructor: it runs wherever its class is created (new, reflection, a container)")
    return None


entry_reason = entry_reason_with(PURE_DECORATORS, _jvm_entry, _constructor_entry)


# Caliper runs each public ``timeX(int reps)`` (or ``long reps``) of a benchmark class by its name, the way JUnit 3
# ran ``testX()``: nothing in the repository calls it (its ``@BeforeExperiment`` is an annotation, an entry already)
_CALIPER_TIME = lazy_re(r"^time[A-Z0-9_]")
_CALIPER_REPS = frozenset({"int", "long"})
CALIPER_REASON = "a Caliper benchmark: the runner calls public timeX(reps) methods by their name"


def _caliper_time(d) -> str | None:
    labels = split_signature(d.params.labels)[0] if d.params is not None and d.params.labels is not None else None
    if d.parent and d.exported and _CALIPER_TIME.match(d.name) and labels in _CALIPER_REPS:
        return CALIPER_REASON
    return None


def file_entries(path: str, defs: list, root) -> list:
    return with_entries(defs, _caliper_time)


# what every class inherits from java.lang.Object, and every enum from java.lang.Enum: a call of one that no class
# of the repository declares on the way is the JDK's (external), never unresolved nor guessed (x.getClass(),
# feature.name(), a bare values() in an enum); ``resolve.Resolver._unknown_member`` reads them as a wrapper's own
OBJECT_MEMBERS = frozenset({"getClass", "hashCode", "equals", "toString", "clone", "notify", "notifyAll", "wait",
                            "finalize"})
ENUM_MEMBERS = frozenset({"name", "ordinal", "compareTo", "getDeclaringClass", "values", "valueOf",
                          "describeConstable"})
WRAPPER_METHODS = OBJECT_MEMBERS | ENUM_MEMBERS


def inherited_from_lang(resolver, r, src):
    """A bare ``getClass()`` in a class, ``ordinal()`` or ``values()`` in an enum, that the class and its bases do
    not declare: java.lang's (a static import of that name is hidden by the inherited member, as the compiler
    says)."""
    cls = resolver._enclosing_class(src) if r.receiver is None else None
    if cls is None:
        return None
    inherited = OBJECT_MEMBERS | ENUM_MEMBERS if resolver.g.by_id[cls].kind == "enum" else OBJECT_MEMBERS
    if r.name not in inherited:
        return None
    from ..resolve import EXTERNAL

    return EXTERNAL


def inherited_from_library(resolver, r, src):
    """A bare ``compareAndSet(..)`` in ``class Arbiter extends AtomicInteger`` (or in a class nested in one) that
    neither the classes on the way, nor an import, nor the package declare: the library base's method (external),
    never unresolved. Last of the layers: a static import of the name is the repository's."""
    if r.receiver is not None or r.kind != "call":
        return None
    cls = resolver._enclosing_class(src)
    for _ in range(8):  # nesting depth: a bound, not a limit real code reaches
        if cls is None:
            return None
        if any(c in resolver.g.external_bases for c, _ in resolver._linearized(cls)):
            from ..resolve import EXTERNAL

            return EXTERNAL
        owner = resolver.g.owner_of(resolver.g.by_id[cls])
        cls = resolver._enclosing_class(owner) if owner in resolver.g.by_id else None
    return None


def scoped_method(resolver, r, src):
    """The enclosing scopes' ``m`` (the ``scoped`` layer), a call's never a field: see ``implicit_this_method``."""
    return _method_past_fields(resolver, r, src, resolver._scoped(r, src))


def implicit_this_method(resolver, r, src):
    """``implicit_this``, but a bare call is never a field (Java calls no field): ``sharedPrefix = sharedPrefix()``
    in an inner class holding a field ``sharedPrefix`` calls the method of an enclosing class. Where no enclosing
    class has such a method, the field stays (a record's component, called as its accessor)."""
    return _method_past_fields(resolver, r, src, implicit_this(resolver, r, src))


def _method_past_fields(resolver, r, src, found):
    if r.kind != "call" or not found or not found.ids or not _all_fields(resolver, found.ids):
        return found
    return _outer_method(resolver, r.name, src) or found


def _all_fields(resolver, ids: list) -> bool:
    """Only fields, no method of the name beside them (a field ``stream`` and a method ``stream()`` in one class
    are twins, ``stream#2``: the call is that method's, which arity picks)."""
    return all(resolver.g.by_id[t].kind == "field" for i in ids for t in resolver._twins(i))


def _outer_method(resolver, name: str, src):
    """The method ``name`` of the nearest class around the caller's class that declares one (or inherits one)."""
    return outer_member(resolver, name, src,
                        lambda found: found.ids and resolver.g.by_id[found.ids[0]].kind == "method")


def kotlin_facade(resolver, r, src):
    """``KotlinExtensions.suspendAndThrow(e, continuation)`` in Java: a top-level function (or extension) of the
    Kotlin file ``KotlinExtensions.kt`` (``@file:JvmName`` its stem; ``StringsKt`` names ``Strings.kt``), which
    Java sees as a static method of a class named after the file. Only where no class bears the receiver's name
    (``class_named`` answers first otherwise); the file in the caller's folder first."""
    receiver = r.receiver
    if not receiver or not receiver[:1].isupper() or not receiver.isidentifier():
        return None
    stems = (receiver, receiver[:-2]) if receiver.endswith("Kt") else (receiver,)
    if not any(stem in _kotlin_stems(resolver) for stem in stems):
        return None  # most such receivers: a library's class (Collections.emptyList())
    hits = [sid for sid in resolver.g.by_name.get(r.name, ()) if _in_facade(resolver.g, resolver.g.by_id[sid], stems)]
    if not hits:
        return None
    folder = posixpath.dirname(r.path)
    near = [sid for sid in hits if posixpath.dirname(resolver.g.by_id[sid].path) == folder]
    from ..resolve import Found

    return Found(near or hits, "same_package" if near else "import")


_KOTLIN_STEMS: WeakKeyDictionary = WeakKeyDictionary()  # resolver -> the stems of its Kotlin files


def _kotlin_stems(resolver) -> frozenset:
    stems = _KOTLIN_STEMS.get(resolver)
    if stems is None:
        # the module index, whole in an update too (an update's graph holds only the files it loaded)
        paths = {p for files in resolver.g.module_index.get(GROUP, {}).values() for p in files if p.endswith(".kt")}
        stems = _KOTLIN_STEMS[resolver] = frozenset(posixpath.basename(p)[:-3] for p in paths)
    return stems


def _in_facade(g, sym, stems: tuple) -> bool:
    """A function of a Kotlin file named by one of ``stems``, at its top level: no class of that file holds it
    (an extension's parent is the extended type, which lives elsewhere, or the file's module)."""
    if sym.kind not in ("function", "method") or not sym.path.endswith(".kt") \
            or posixpath.basename(sym.path)[:-3] not in stems:
        return False
    parent = g.by_id.get(sym.parent_id or "")
    return parent is None or parent.path != sym.path or parent.kind == "module"


def extend_layers(name_layers: list, member_layers: list) -> None:
    """A bare ``m()`` in a method is first the class's (or a base class's) method, then java.lang's, before
    imports; after them all, a library base's. A member of a name no class bears may be a Kotlin file's
    function (``kotlin_facade``), before the name is taken as a library's class."""
    at = name_layers.index("scoped")
    name_layers[at:at + 1] = [scoped_method, implicit_this_method, inherited_from_lang]
    name_layers.append(inherited_from_library)
    member_layers.insert(member_layers.index("class_named") + 1, kotlin_facade)
    member_layers.append(implicit_this_field)


# Lombok's accessors, written by the compiler for a @Data, @Getter, @Setter or @Value class (or field): getName(),
# isActive(), setName(v) read or set the field ``name``, ``active``
_ACCESSOR = lazy_re(r"^(?:get|is|set)([A-Z][\w$]*)$")
_LOMBOK: WeakKeyDictionary = WeakKeyDictionary()  # resolver -> {path: whether the file imports lombok}


def generated_member(resolver, cls: str, name: str):
    """``account.getName()`` on a class declaring no ``getName`` but a field ``name`` in a file importing Lombok
    (or on a subclass of one): the field, which the accessor Lombok generates reads (a Spring application's beans:
    without it every such call was unresolved and the field looked unused). None elsewhere."""
    written = _ACCESSOR.match(name)
    if written is None:
        return None
    stem = written.group(1)
    fields = (stem[0].lower() + stem[1:], stem)
    for c, depth in resolver._linearized(cls):
        members = resolver.g.members.get(c, {})
        for field in fields:
            sid = members.get(field)
            if sid and resolver.g.by_id[sid].kind == "field" and _imports_lombok(resolver, resolver.g.by_id[c].path):
                from ..resolve import Found

                return Found([sid], "same_file" if depth == 0 else "inherited")
    return None


def _imports_lombok(resolver, path: str) -> bool:
    known = _LOMBOK.setdefault(resolver, {})
    if path not in known:
        known[path] = any((r.module or "").partition(".")[0] == "lombok" for r in resolver.imports_of.get(path, ()))
    return known[path]


def guess_bare_names(resolver, path: str) -> bool:
    return False  # every name a file uses is its class's, imported, or of its package


def _qualified(node, child):
    """``a.b.Baz``: the last name is the type (look further up for where it is used); the others qualify it."""
    return ... if child == node.children[-1] else None


def _generic(node, child):
    """``Base<Foo>``: Foo is used as a generic argument wherever Base stands (``new Token<Foo>() {}``, ``extends
    Base<Foo>``, where Base itself is a constructor call or a base class)."""
    return "generic" if child.type == "type_arguments" else ...


def _type_parameter(node, child):
    """``<T extends Part>``: the name T declares is no use of a type (nor the return type of a generic method:
    ``<P extends Part> Engine fit(P p)`` returns an Engine); its bound is (``type_bound``)."""
    return None if child.type == "type_identifier" else ...


TYPE_CONTEXTS = {
    "scoped_type_identifier": _qualified,
    "generic_type": _generic,
    "type_parameter": _type_parameter,
    **dict.fromkeys(("formal_parameter", "spread_parameter", "catch_formal_parameter", "receiver_parameter",
                     "lambda_expression"), "parameter"),
    **dict.fromkeys(("method_declaration", "annotation_type_element_declaration"), "return"),
    **dict.fromkeys(("field_declaration", "constant_declaration", "record_component"), "field"),
    **dict.fromkeys(("local_variable_declaration", "resource", "enhanced_for_statement"), "variable"),
    # bases (``inherits``) and constructor calls are references already
    **dict.fromkeys(("superclass", "super_interfaces", "extends_interfaces", "object_creation_expression"), None),
    **dict.fromkeys(("block", "class_body", "interface_body", "program", "cast_expression", "instanceof_expression",
                     "throws", "type_bound", "class_literal", "array_creation_expression", "method_reference"),
                    "annotation"),
}
TYPE_ARGUMENTS = frozenset({"type_arguments"})
# java.util's containers beyond parse's List, Set, Collection, Iterator: a method declared to return one
# (``ArrayList<Node> children()``, ``Map<String, Route> routes()``) states what its get(..) gives, as a class deriving
# one does (``class Elements extends ArrayList<Element>``: java.scm's @reference.type.items)
ITEM_TYPES = frozenset({"ArrayList", "LinkedList", "Vector", "Stack", "Queue", "ArrayDeque", "PriorityQueue",
                        "SortedSet", "NavigableSet", "TreeSet", "LinkedHashSet", "CopyOnWriteArrayList",
                        "BlockingQueue", "LinkedBlockingQueue", "ArrayBlockingQueue", "ConcurrentLinkedQueue",
                        "ConcurrentLinkedDeque", "ListIterator", "Optional"})
MAP_TYPES = frozenset({"Map", "HashMap", "LinkedHashMap", "TreeMap", "SortedMap", "NavigableMap", "ConcurrentMap",
                       "ConcurrentHashMap", "ConcurrentSkipListMap", "EnumMap", "WeakHashMap", "IdentityHashMap",
                       "Hashtable"})
# a container's methods giving one of its elements, beyond parse's get, remove, poll, peek, pop, next:
# ``map.computeIfAbsent(k, f).add(v)`` runs the value's add
ELEMENT_ACCESSORS = frozenset({"computeIfAbsent", "getOrDefault", "elementAt", "firstElement", "lastElement",
                               "pollFirst", "pollLast", "removeFirst", "removeLast", "take", "orElse", "orElseThrow",
                               "orElseGet"})
EXTERNAL_RECEIVERS = frozenset({"java", "javax", "jdk", "sun"})  # java.util.Objects.equals(): never ours
# java.lang: every file sees these classes unimported; a name no import, package or class of the file states and
# that is one of these is the JDK's (``new StringBuilder()``, ``throw new IllegalStateException()``)
BUILTINS = frozenset({
    "AbstractMethodError", "Appendable", "ArithmeticException", "ArrayIndexOutOfBoundsException", "ArrayStoreException",
    "AssertionError", "AutoCloseable", "Boolean", "Byte", "CharSequence", "Character", "Class", "ClassCastException",
    "ClassLoader", "ClassNotFoundException", "CloneNotSupportedException", "Cloneable", "Comparable", "Deprecated",
    "Double", "Enum", "Error", "Exception", "ExceptionInInitializerError", "Float", "FunctionalInterface",
    "IllegalAccessException", "IllegalArgumentException", "IllegalMonitorStateException", "IllegalStateException",
    "IndexOutOfBoundsException", "InheritableThreadLocal", "InstantiationException", "Integer", "InterruptedException",
    "Iterable", "LinkageError", "Long", "Math", "NegativeArraySizeException", "NoClassDefFoundError",
    "NoSuchFieldException", "NoSuchMethodException", "NullPointerException", "Number", "NumberFormatException",
    "Object", "OutOfMemoryError", "Override", "Process", "ProcessBuilder", "Readable", "Record",
    "ReflectiveOperationException", "Runnable", "Runtime", "RuntimeException", "RuntimePermission", "SafeVarargs",
    "SecurityException", "SecurityManager", "StackWalker", "ThreadGroup", "InternalError", "NoSuchFieldError",
    "NoSuchMethodError", "UnsatisfiedLinkError", "IncompatibleClassChangeError", "ClassValue", "Package", "Module",
    "ProcessHandle", "IllegalCallerException", "EnumConstantNotPresentException",
    "Short", "StackOverflowError", "StackTraceElement", "StrictMath", "String", "StringBuffer", "StringBuilder",
    "StringIndexOutOfBoundsException", "SuppressWarnings", "System", "Thread", "ThreadLocal", "Throwable",
    "TypeNotPresentException", "UnsupportedOperationException", "VirtualMachineError", "Void",
})
_NEW = lazy_re(r"^\(?\s*new\s+([\w.]+)\s*(?:<[^()]*>)?\s*\(.*\)\s*(?:\{.*\})?\s*\)?$", re.S)


_OUTER_THIS = lazy_re(r"^([A-Z]\w*)\.this\b")
_CLASS_LITERAL = lazy_re(r"^(?:[\w$]+\.)*[\w$]+(?:\[\])*\.class\b")


def receiver_path(receiver: str) -> str:
    """``JavaFile.this.toString()`` in an inner or anonymous class: the enclosing JavaFile object's (read as an
    object of that class); ``((Named) b).nested()``: an object of the type cast to; ``(Pigeon.hatch()).send()``:
    the value in the parentheses; ``Foo.class.getName()``: a ``java.lang.Class`` (the JDK's, whatever ``Foo`` is)."""
    return _CLASS_LITERAL.sub("java.lang.Class", _OUTER_THIS.sub(r"new \1()",
                                                                  _mock_verified(_unwrapped(cast_receiver(receiver)))))


# Mockito's verify(mock) / verify(mock, times(1)) / Mockito.verify(mock): the mock handed in, given back
_VERIFY = lazy_re(r"^(?:Mockito\.)?verify\(\s*((?:this\.)?[A-Za-z_]\w*)\s*[,)]")


def _mock_verified(receiver: str) -> str:
    """``verify(statisticsClient, times(1)).updateStatistics(..)``: ``verify`` returns the mock it is handed, so the
    call is one of the mock's declared type, as the code's own calls are (piggymetrics' tests: ``getRates`` and
    ``updateStatistics`` lost their verified callers)."""
    m = _VERIFY.match(receiver)
    if m is None:
        return receiver
    from ..parse import _closing

    return m.group(1) if _closing(receiver, receiver.index("(")) == len(receiver) - 1 else receiver


def _unwrapped(receiver: str) -> str:
    """``(Pigeon.hatch())`` -> ``Pigeon.hatch()``: parentheses around the whole receiver (a cast is read before)."""
    if not receiver.startswith("(") or not receiver.endswith(")"):
        return receiver
    from ..parse import _closing

    return receiver[1:-1].strip() if _closing(receiver, 0) == len(receiver) - 1 else receiver


def variant_scope(path: str, info: dict) -> str:
    """Where a class's variants sit: its folder with a multi-release folder read as ``java/`` (``src/main/java16/a/``
    is ``src/main/java/a/``); a copy of the package in another project (``examples/``) is no variant."""
    return _RELEASE_FOLDER.sub(r"\1java/", posixpath.dirname(path) + "/")


def module_keys(paths: list[str], files: dict, root) -> dict[str, list[str]]:
    return package_keys(paths, files)


def package_scope(path: str, info: dict) -> str | None:
    return info.get("package") or f"<default>:{posixpath.dirname(path)}"


def import_binding(module: str | None, name: str | None, alias: str | None):
    """``a.b.C`` binds C from package a.b; ``a.b.Outer.Inner`` binds Inner, member ``Outer.Inner`` of a.b's Outer;
    ``static a.b.C.m`` binds m, member ``C.m``."""
    if name == "*":
        return None, module, "*"
    parts = (module or "").split(".")
    first_class = next((i for i, p in enumerate(parts) if p[:1].isupper()), len(parts) - 1)
    return parts[-1], ".".join(parts[:first_class]), ".".join(parts[first_class:])


def star_class(spec: str) -> str | None:
    """``import static a.b.Outer.Inner.*``: the class whose static members the wildcard imports (``Outer.Inner``);
    None for a package's wildcard (``import a.b.*``)."""
    parts = spec.split(".")
    first = next((i for i, p in enumerate(parts) if p[:1].isupper()), None)
    return ".".join(parts[first:]) if first is not None else None


def resolve_module(importer: str, spec: str | None, index: dict, root) -> list[str]:
    """The file of the class; for a nested class or a static member, the file of the outermost class found."""
    while spec:
        found = index.get(spec)
        if found:
            return found
        spec = spec.rpartition(".")[0]
    return []


def submodule(paths: list[str], name: str, index: dict) -> list[str] | None:
    return None


_PACKAGE_PART = lazy_re(r"^[a-z_][a-z0-9_]*$")  # java.util, okhttp3, com.squareup: lowercase by convention
_CLASS_PART = lazy_re(r"^[A-Z][\w$]*[a-z][\w$]*$")  # Headers, Response.Builder; never a constant (DEFAULT)
_PACKAGE_PREFIXES: dict[int, tuple] = {}  # id(index) -> (the index, every package with its heads, its size)


def foreign_type(resolver, r, dotted: str) -> bool:
    """``okhttp3.Headers``, ``okhttp3.Response.Builder``: a class written with its package, a package no file of the
    repository declares nor lies under: another library's class, whatever the repository's own classes of that
    simple name (retrofit's ``Headers`` annotation beside ``okhttp3.Headers``). Only lowercase package names then
    capitalized class names read so (``config.DEFAULT`` is a constant); a head the file binds is no package."""
    parts = dotted.split(".")
    cut = next((i for i, p in enumerate(parts) if not _PACKAGE_PART.match(p)), len(parts))
    if cut == 0 or cut == len(parts) or not all(_CLASS_PART.match(p) for p in parts[cut:]):
        return False
    if resolver.bound_name(r.path, parts[0]) is not None:
        return False
    support = resolver.supports.get(r.path)
    return support is not None and ".".join(parts[:cut]) not in _package_prefixes(resolver.index_of(support))


def _package_prefixes(index: dict) -> frozenset:
    """Every package the repository declares with each of its leading parts (``com``, ``com.google``...)."""
    cached = _PACKAGE_PREFIXES.get(id(index))
    if cached is not None and cached[0] is index and cached[2] == len(index):
        return cached[1]
    prefixes = set()
    for key in index:
        parts = key.split(".")
        prefixes.update(".".join(parts[:n]) for n in range(1, len(parts) + 1))
    _PACKAGE_PREFIXES.clear()  # one repository's index at a time
    _PACKAGE_PREFIXES[id(index)] = (index, frozenset(prefixes), len(index))
    return _PACKAGE_PREFIXES[id(index)][1]


def is_external(importer: str, spec: str, index: dict, root) -> bool:
    """A package no file of the repository declares (``java.util``, a dependency's)."""
    return spec not in index


class TypeParameter(NamedTuple):
    """What a type parameter's name stands for where the file names it as a type."""

    receiver: str | None
    name: str
    bound: str | None = None  # a self-bounded one's bound (``Member`` of ``T extends Member<T>``): a value's class


# a type parameter with no bound or several meanings in the file: its value's class is unknown (not a library's:
# a Box<Engine>'s get() gives an Engine)
UNKNOWN_TYPE = TypeParameter(None, "Any")
_BOUND_HEAD = lazy_re(r"^([\w.]+)\s*(?:<.*>)?\s*$", re.S)


def _stands_for(bound: str | None, own: bool) -> TypeParameter:
    """``B extends Factory<B>`` in class Factory (``own``): B is the class of the object at hand, a subclass's
    where a setter returning B is called on one (``Self``), a Factory where a value is declared a B; ``T extends
    a.Part``: a Part; ``T``: unknown."""
    head = _BOUND_HEAD.match(bound) if bound else None
    if head is None:
        return TypeParameter(None, "Self") if own else UNKNOWN_TYPE
    receiver, _, last = head.group(1).rpartition(".")
    return TypeParameter(receiver or None, "Self", last) if own else TypeParameter(receiver or None, last)


class MethodTypeParameter(NamedTuple):
    """A method's own type parameter (``<T extends Foo> void f(T x)``): it holds within the method's bytes only."""

    start: int
    end: int
    name: str
    meaning: TypeParameter


class TypeParameters(NamedTuple):
    """The type parameters a file declares: its methods' own, then its classes' (by name, file-wide)."""

    of_methods: list[MethodTypeParameter]
    of_classes: dict[str, TypeParameter]

    def at(self, name: str, start: int) -> TypeParameter | None:
        """What ``name`` means at byte ``start``: the innermost method's parameter there, else a class's."""
        inner = [p for p in self.of_methods if p.name == name and p.start <= start <= p.end]
        if inner:
            return max(inner, key=lambda p: p.start).meaning
        return self.of_classes.get(name)


def _method_scopes(raw_refs: list) -> dict[int, tuple[int, int]]:
    """A method's type parameter's name (its first byte) -> the method's bytes (``@reference.method_type_scope``
    at its start, ``@reference.method_type_scope_end`` at its closing brace or semicolon)."""
    starts = {ref.name_start: ref.start for ref in raw_refs if ref.kind == "method_type_scope"}
    ends = {ref.name_start: ref.start for ref in raw_refs if ref.kind == "method_type_scope_end"}
    return {at: (start, ends[at]) for at, start in starts.items() if at in ends}


def _type_parameters(raw_refs: list) -> TypeParameters | None:
    """The type parameters the file declares (``@reference.type_parameter``, its bound as the receiver;
    ``@reference.self_parameter``, bound by its own class); a method's hold in that method, a class's in the file,
    where one name meaning two things is unknown."""
    declared = [ref for ref in raw_refs if ref.kind == "type_parameter"]
    if not declared:
        return None
    own = {ref.name_start for ref in raw_refs if ref.kind == "self_parameter"}
    bounded = {ref.name_start for ref in declared if ref.receiver}
    scopes = _method_scopes(raw_refs)
    of_methods: list[MethodTypeParameter] = []
    meanings: dict[str, set] = {}
    for ref in declared:  # one declaration matches twice, with and without its bound: the bound says more
        if not ref.receiver and ref.name_start in bounded:
            continue
        meaning = _stands_for(ref.receiver, ref.name_start in own)
        scope = scopes.get(ref.name_start)
        if scope:
            of_methods.append(MethodTypeParameter(scope[0], scope[1], ref.name, meaning))
        else:
            meanings.setdefault(ref.name, set()).add(meaning)
    of_classes = {name: found.pop() if len(found) == 1 else UNKNOWN_TYPE for name, found in meanings.items()}
    return TypeParameters(of_methods, of_classes)


def settle_references(raw_refs: list) -> list:
    """A type named after a type parameter of the file (``T get()``, ``B enable()``, ``T value;``) is what the
    parameter stands for (see ``_stands_for``), never a class of that name looked up (a library's, the chain after
    it then lost). A switch's ``case RED:`` reads ``RED`` of the subject's type (``@reference.case_label``, the
    subject as the receiver) or a bare ``RED`` of the class. An enum constant (``@reference.enum_constant``, its
    enum as the receiver) is declared a value of its enum, as a field is of its type: ``Feature.X.enabledIn()`` is
    ``Feature``'s ``enabledIn``. A constructor's ``super(..)`` / ``this(..)`` is a call of its own, though the name
    it runs by is written elsewhere."""
    params = _type_parameters(raw_refs)
    labels = {ref.name_start for ref in raw_refs if ref.kind == "case_label"}
    by_class = {ref.name_start for ref in raw_refs if ref.kind == "class_argument"}
    return [_class_argument(ref) if ref.kind == "type.return" and ref.name_start in by_class else
            _settled(_on_verified_mock(ref), params, labels) for ref in raw_refs if ref.kind not in _DECLARATION_MARKS]


_VERIFY_HEADS = ("verify(", "Mockito.verify(")


def _on_verified_mock(ref):
    """``verify(sb, times(1)).appendNewLine()``: a call on the mock (or spy) handed to Mockito's ``verify``, which
    gives it back; its receiver is the mock's variable, so that what the file's value flow says of ``sb`` (a local
    ``final TextStringBuilder sb = spy(..)``) types the call, as it does ``sb.appendln(..)`` beside it. Else the
    call was guessed by name (commons-text: 22 sites, each listing another test's anonymous ``StrBuilder``s'
    overrides, never ``TextStringBuilder``'s own). ``receiver_path`` reads a field's alike at resolution."""
    receiver = ref.receiver
    if not receiver or not receiver.startswith(_VERIFY_HEADS):
        return ref
    mock = _mock_verified(receiver)
    return ref if mock == receiver else ref._replace(receiver=mock)


def settle_bindings(var_bindings: list, raw_refs: list) -> list:
    """A variable declared of a type parameter (``T member`` in ``<T extends FrameworkMember<T>>``, ``T other`` in
    ``Member<T extends Member<T>>``) is of its bound's class there; an unbounded ``T`` stays as written (unknown)."""
    params = _type_parameters(raw_refs)
    return [_bound_binding(b, params) for b in var_bindings] if params else var_bindings


def _bound_binding(binding, params: TypeParameters):
    meant = params.at(binding.receiver, binding.start) if binding.receiver else None
    if meant is None or meant is UNKNOWN_TYPE:
        return binding
    cls = meant.bound or meant.name
    if cls == "Self":
        return binding
    return binding._replace(receiver=f"{meant.receiver}.{cls}" if meant.receiver else cls)


_DECLARATION_MARKS = ("type_parameter", "self_parameter", "method_type_scope", "method_type_scope_end",
                      "class_argument")  # facts for settle_references, no references


def _settled(ref, params: TypeParameters | None, labels: set):
    if ref.kind in ("call", "inherits") and ref.name_start is not None and ref.name_start < ref.start:
        # super(..) names the base class written once in the header, this(..) the constructor, an enum constant
        # RED(1) or PLUS { .. } its enum: one call (base) per constructor or constant (parse.py keeps one reference
        # per name position)
        return ref._replace(name_start=None)
    if ref.kind == "case_label":  # case RED: in switch (color): color.RED, a member read
        return ref._replace(kind="attribute")
    if ref.kind == "read" and ref.name_start in labels:  # and a bare read too, a constant of the class (case
        return ref._replace(name_start=None)  # INT_QUOTE: in a switch over an int): both stay, either finds it
    if ref.kind in ("reflected", "reflected_name"):  # Foo.class.getMethod("m", ..): Foo's m, whatever it takes
        form = "call" if ref.kind == "reflected" else "mention"  # c.getMethod("m"): a name, its class unknown
        owner, _, name = ref.name.rpartition("#")  # @MethodSource("pkg.Other#cases"): Other's cases
        return ref._replace(kind=form, name=name, receiver=owner or ref.receiver, name_start=None, args=None,
                            labels=None)
    if ref.kind == "element_pair":  # @Headers(value = {..}): Headers' value set, a member given, never a guess (a
        return ref._replace(kind="attribute", args=None, labels=None)  # library's annotation: no edge)
    if ref.kind == "element_value":  # @GET("users"): the annotation's value element set (a use of GET.value)
        return ref._replace(kind="attribute", receiver=ref.name, name="value", name_start=None, args=None,
                            labels=None)
    if ref.kind == "enum_constant":  # placed at the constant's name: its definition's span
        return ref._replace(start=ref.name_start, kind="type.field", name=ref.receiver, receiver=None)
    meant = params.at(ref.name, ref.start) if params and ref.kind[:5] == "type." and ref.receiver is None else None
    if meant is None:
        return ref
    if meant.bound and ref.kind != "type.return":  # T other in Member<T extends Member<T>>: a Member
        return ref._replace(receiver=meant.receiver, name=meant.bound)
    return ref._replace(receiver=meant.receiver, name=meant.name)


# the alias of a return type ``T`` bound by a ``Class<T>`` parameter: unknown as written (Any), what the argument
# there names at each call (``argument_class``)
CLASS_ARGUMENT = "class_argument"
_CLASS_LITERAL_ARGUMENT = lazy_re(r"^((?:[a-z_][\w$]*\.)*[A-Z][\w$]*(?:\.[A-Z][\w$]*)*)\.class$")


def _class_argument(ref):
    """``<T> T fromJson(String s, Class<T> c)``'s return type: unknown (Any) but for the call's ``Foo.class``."""
    return ref._replace(receiver=None, name="Any", alias=CLASS_ARGUMENT)


def argument_class(resolver, r, value: str) -> str | None:
    """What ``gson.fromJson(json, Foo.class)`` gives: a Foo, where each overload the call may reach declares
    ``<T> T fromJson(.., Class<T> c, ..)`` with ``Foo.class`` in that place (``""`` for a library's class: Date,
    ``java.sql.Date``); None otherwise (a ``Class`` variable, an overload taking a ``Type`` there)."""
    from ..resolve import GUESSES, Ref

    callee = _class_argument_callee(value)
    args = split_outside(value[len(callee) + 1:-1], ",") if callee else None
    places = {i: m.group(1) for i, a in enumerate(args or ()) if (m := _CLASS_LITERAL_ARGUMENT.match(a.strip()))}
    if not places:
        return None
    found = _callee_found(resolver, r, callee)
    if found is None or not found.ids or found.resolution in GUESSES:
        return None
    written = ",".join("Class" if i in places else "?" for i in range(len(args)))
    kept = [sid for sid in resolver._chosen(found.ids, r.path, written, choose_overloads)
            if (params := resolver.g.by_id[sid].params) is None or params.accepts(len(args))]
    marked = {sid: _class_place(resolver, sid, len(args)) for sid in kept}
    given = {place for place in marked.values() if place is not None}
    if len(given) != 1 or next(iter(given)) not in places:
        return None
    if any(place is None and not _returns_inferred(resolver, sid) for sid, place in marked.items()):
        return None  # fromJson(String, Type) beside it returns a T the call's context infers: an Object as a
        # receiver, whose members Foo has too; an overload declaring another result leaves the class unknown
    dotted = places[next(iter(given))]
    owner, _, last = dotted.rpartition(".")
    probe = Ref(r.path, r.src_qualname, "type.return", last, owner or None, None, None, r.line)
    return resolver._declared_class(probe, resolver._source_of(r))


def _class_argument_callee(value: str) -> str | None:
    """What ``value`` calls where it is one call of a dotted name (``gson.fromJson``) or of a method of an object
    made in place (``new Gson().fromJson``: no variable at the chain's head); None otherwise."""
    from ..resolve import _simple_call

    simple = _simple_call(value)
    if simple is not None:
        return simple
    head = call_head(value)
    made, dot, name = (head or "").rpartition(".")
    return head if dot and name.isidentifier() and inline_type(made) and _simple_call(made) is None else None


def _callee_found(resolver, r, callee: str):
    """The methods ``callee`` (``_class_argument_callee``) names, as a call written at ``r`` finds them."""
    from ..resolve import CALLABLE, Ref

    made, _, name = callee.rpartition(".")
    if not made or made.replace(".", "").isidentifier():
        return resolver._call_target(r, callee + "()")
    probe = Ref(r.path, r.src_qualname, "call", name, made, None, None, r.line)
    return resolver._lookup(probe, resolver._source_of(r), CALLABLE)


def _returns_inferred(resolver, sid: str) -> bool:
    """Whether a method declares it returns one of its type parameters, unbound (``<T> T fromJson(.., Type t)``)."""
    sym = resolver.g.by_id[sid]
    declared = resolver.return_types.get((sym.path, sym.qualname))
    return declared is not None and declared.name == "Any" and not declared.receiver


def _class_place(resolver, sid: str, count: int) -> int | None:
    """The place of the one ``Class`` parameter of a method whose return is marked ``CLASS_ARGUMENT``."""
    sym = resolver.g.by_id[sid]
    declared = resolver.return_types.get((sym.path, sym.qualname))
    params = split_signature(sym.params.labels)[0] if sym.params is not None and sym.params.labels else ""
    labels = params.split(",") if params else []
    if declared is None or declared.alias != CLASS_ARGUMENT or len(labels) != count:
        return None
    places = [i for i, label in enumerate(labels) if label == "Class"]
    return places[0] if len(places) == 1 else None


def inline_type(receiver: str) -> str | None:
    """``new Foo(...)`` -> ``Foo``; an anonymous class, ``new Foo<T>() {...}``, too (it extends ``Foo``)."""
    m = _NEW.match(receiver)
    return m.group(1) if m else None


def settle_labels(resolver, r, written: str) -> str:
    """A call's argument types with each argument that is the result of a method the file does not declare
    (``java_overloads.DEFERRED``: ``writer.value(in.nextBoolean())``, ``add(element.deepCopy())``) read as the type
    that method declares it returns: ``writer.value(boolean)`` among ``value(String)``, ``value(long)``..."""
    slots = written.split(",")
    if not any(deferred_call(slot) for slot in slots):
        return written
    return ",".join(_settled_argument(resolver, r, slot) for slot in slots)


def _settled_argument(resolver, r, slot: str) -> str:
    """The declared result of the method a deferred argument calls, where every overload it may call taking that
    many arguments declares one and the same (a call the resolver only guesses, a library's, or overloads
    returning different types: ``?``)."""
    from ..resolve import GUESSES

    call = deferred_call(slot)
    if call is None:
        return slot
    callee, count = call
    found = resolver._call_target(r, callee + "()")
    if found is None or not found.ids or found.resolution in GUESSES or found.resolution == "external":
        return UNKNOWN
    overloads = [sid for sid in resolver._with_overloads(found).ids
                 if (params := resolver.g.by_id[sid].params) is None or params.accepts(count)]
    results = {_result_of(resolver, sid) for sid in overloads}
    return results.pop() if len(results) == 1 and None not in results else UNKNOWN


def _result_of(resolver, sid: str) -> str | None:
    params = resolver.g.by_id[sid].params
    return split_signature(params.labels)[1] if params is not None and params.labels is not None else None
