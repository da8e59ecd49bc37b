"""Scala imports, with Java's and Kotlin's in one group (``GROUP = "java"``): a file belongs to the package its
``package`` clauses name (chained clauses nest: ``package a.b`` then ``package c`` is ``a.b.c``), a package is all its
files, and the files of one package see each other's top-level definitions unimported; ``import a.b.C``, ``import
a.b._`` / ``a.b.*``, ``import a.b.{C, D => E, _}``, ``import a.b.C as D``. A Scala file's import finds a Java or
Kotlin class and the other way round (one module index, one package scope).

Public is the default visibility (``private``, ``private[x]`` and ``protected`` are not exported). A companion
``object Foo`` beside ``class Foo`` adds its members to ``Foo`` (``Item.free`` beside ``Item.label``: ``Foo.m()``
finds it as a static); a Scala 3 ``extension (s: Shop) def total`` is a member of ``Shop``, written apart as Kotlin's
``fun Shop.total()`` is (``EXTENSIONS_IMPORTED``, ``library_member``). A def called without parentheses reads like a
value: a bare name is a call unless a parameter or local value binds it (``@reference.name``)."""

from __future__ import annotations

from typing import NamedTuple

from . import entry_reason_with, runtime_hook
from ..lazyre import lazy_re
from .java import (BUILTINS as JAVA_BUILTINS, EXTERNAL_RECEIVERS as JAVA_EXTERNAL, _jvm_entry,  # noqa: F401
                   MODULE_KEYS_FROM_PACKAGES, guess_bare_names, module_keys, package_scope, submodule)
from .java import star_class as java_star_class
from .java import resolve_module as resolve_absolute
from .kotlin import extend_layers, library_member  # noqa: F401
from .kotlin import import_binding as kotlin_import_binding

GROUP = "java"  # Scala calls Java (and Kotlin) and is called by it: one module index, one package scope
LOCAL_DEFINITIONS_SCOPED = True  # a ``def`` in a method's body is seen in that body only
ARITY = True  # overloads are told apart by their arguments: a call reaches those that accept its count
IMPLICIT_THIS = True  # a bare m() in a class, trait or object may be its own or an inherited member
# a local function value is called as ``f(x)``; a parameter or local ``val`` read bare is that value, never a def
LOCAL_KINDS = ("call", "callback", "read", "name")
CAPITALIZED_CLASSES = True  # Config.default, Color.Red: an object's or enum's member, its class imported or near
IMPORTS_PASS_ON = False  # an import binds names in the importing file only
EXTENSIONS_IMPORTED = True  # extension (s: Shop) def total in a.b: a member of Shop, and what import a.b.total names
# sbt and mill cross-builds keep one definition per platform or Scala version in parallel source folders (jvm/, js/,
# native/; scala-2.12/, scala-2.13/, scala-3/; src-2/, src-3/): one qualified name in several files of one package
# is variants of one definition (what reaches one reaches all)
BUILD_VARIANTS = True
KEYWORDS = frozenset({
    "abstract", "case", "catch", "class", "def", "do", "else", "extends", "false", "final", "finally", "for",
    "forSome", "if", "implicit", "import", "lazy", "match", "new", "null", "object", "override", "package",
    "private", "protected", "return", "sealed", "super", "this", "throw", "trait", "try", "true", "type", "val",
    "var", "while", "with", "yield", "given", "enum", "export", "then", "_"})
# Scala 3's soft keywords, fine member names (``def extension: String``, ``def end``): junk only at top level
CONTEXTUAL_KEYWORDS = frozenset({"derives", "end", "extension", "inline", "opaque", "open", "transparent", "using"})
# annotations that register nothing with a framework: the compiler's and documentation's
PURE_DECORATORS = frozenset({
    "tailrec", "inline", "noinline", "deprecated", "deprecatedName", "deprecatedOverriding", "deprecatedInheritance",
    "throws", "transient", "volatile", "native", "unchecked", "uncheckedVariance", "uncheckedStable", "switch",
    "specialized", "nowarn", "implicitNotFound", "implicitAmbiguous", "elidable", "varargs", "static", "unused",
    "compileTimeOnly", "showAsInfix", "targetName", "experimental", "constructorOnly", "threadUnsafe", "publicInBinary",
    "BeanProperty", "BooleanBeanProperty", "SerialVersionUID", "strictfp", "Override", "Deprecated",
    "SuppressWarnings", "FunctionalInterface", "Nullable", "NonNull", "Nonnull", "CheckReturnValue"})
EXTERNAL_RECEIVERS = JAVA_EXTERNAL | frozenset({"scala", "akka", "cats", "zio", "sbt", "mill", "munit", "Predef", "sys",
                                               "Console", "math"})
# what every Scala file sees unimported (scala.*, scala.Predef.*, java.lang.*): a name no import, package or class of
# the file states and that is one of these is the standard library's, never guessed as the repository's
BUILTINS = JAVA_BUILTINS | frozenset({
    "Any", "AnyRef", "AnyVal", "Unit", "Nothing", "Null", "Int", "Long", "Short", "Byte", "Double", "Float", "Char",
    "Boolean", "String", "Array", "Option", "Some", "None", "Either", "Left", "Right", "Try", "Success", "Failure",
    "List", "Nil", "Seq", "IndexedSeq", "Vector", "Map", "Set", "Iterator", "Iterable", "Range", "Stream", "LazyList",
    "BigInt", "BigDecimal", "Ordering", "Ordered", "Numeric", "Integral", "Fractional", "Equiv", "PartialFunction",
    "Function", "Function0", "Function1", "Function2", "Product", "Serializable", "Tuple2", "Tuple3", "StringContext",
    "Symbol", "Enumeration", "App", "Dynamic", "DelayedInit", "Throwable", "Exception", "Error",
    "RuntimeException", "IllegalArgumentException", "IllegalStateException", "NoSuchElementException",
    "UnsupportedOperationException", "IndexOutOfBoundsException", "NotImplementedError", "MatchError",
    "ClassCastException", "NullPointerException", "NumberFormatException", "ArithmeticException", "StringBuilder",
    "Predef", "Manifest", "ClassTag", "TypeTag", "Future", "Promise", "ExecutionContext", "Duration",
    "println", "print", "printf", "require", "assert", "assume", "implicitly", "summon", "identity", "classOf",
    "locally", "valueOf", "ensuring", "Some", "apply", "unapply", "unapplySeq", "toString", "hashCode", "equals",
    "copy", "productArity", "productElement", "productIterator", "productPrefix", "isInstanceOf", "asInstanceOf",
    "getClass", "synchronized", "wait", "notify", "notifyAll", "eq", "ne", "sys", "Console", "Math", "math",
    "tuple", "deprecated", "tailrec", "inline", "main", "throws", "unchecked", "volatile", "transient", "nowarn",
    "specialized", "implicitNotFound", "SerialVersionUID", "BeanProperty", "targetName", "compiletime"})
# a value of one of these is used as the T it holds (Option[Client]: c.get.send() is Client's send)
TRANSPARENT_TYPES = frozenset({"Option", "Some", "Future", "Try", "Success", "DynamicVariable", "ThreadLocal"})
# their own methods: on a value typed as what the wrapper holds they are the wrapper's, never a guess; the first set
# gives back the value held (``checker.value.onWrite()``, ``found.get.name``)
PASSTHROUGH_METHODS = frozenset({"get", "getOrElse", "value", "orNull", "value_=", "withValue"})
WRAPPER_METHODS = PASSTHROUGH_METHODS | frozenset({
    "map", "flatMap", "flatten", "foreach", "filter", "filterNot", "withFilter", "collect", "fold", "exists",
    "forall", "contains", "isDefined", "isEmpty", "nonEmpty", "orElse", "toList", "toOption", "toSeq", "zip",
    "recover", "recoverWith", "transform", "onComplete", "failed", "isSuccess", "isFailure", "toEither", "iterator"})
# the standard library's methods (collections, Option, Future, String): on a value of unknown type guessed only among
# the classes the file can see
BUILTIN_METHODS = WRAPPER_METHODS | frozenset({
    "map", "flatMap", "flatten", "filter", "filterNot", "withFilter", "foreach", "collect", "collectFirst", "find",
    "exists", "forall", "count", "fold", "foldLeft", "foldRight", "reduce", "reduceLeft", "reduceOption", "sum",
    "product", "min", "max", "minBy", "maxBy", "sorted", "sortBy", "sortWith", "reverse", "distinct", "groupBy",
    "partition", "span", "zip", "zipWithIndex", "unzip", "take", "drop", "takeWhile", "dropWhile", "head",
    "headOption", "tail", "last", "lastOption", "init", "isEmpty", "nonEmpty", "isDefined", "size", "length",
    "contains", "containsSlice", "indexOf", "get", "getOrElse", "orElse", "orNull", "fold", "toList", "toSeq",
    "toVector", "toSet", "toMap", "toArray", "toIterator", "iterator", "toIndexedSeq", "toBuffer", "mkString",
    "toString", "hashCode", "equals", "apply", "unapply", "copy", "updated", "update", "+=", "-=", "++=", "append",
    "prepend", "appended", "prepended", "concat", "keys", "values", "keySet", "mapValues", "view", "force", "grouped",
    "sliding", "slice", "splitAt", "padTo", "patch", "indices", "lift", "andThen", "compose", "recover",
    "recoverWith", "transform", "onComplete", "foreachEntry", "trim", "split", "startsWith", "endsWith", "replace",
    "replaceAll", "stripPrefix", "stripSuffix", "stripMargin", "toInt", "toLong", "toDouble", "toFloat", "toByte",
    "toChar", "toBoolean", "toLowerCase", "toUpperCase", "substring", "charAt", "format", "matches", "isInstanceOf",
    "asInstanceOf", "getClass", "close", "add", "addAll", "put", "remove", "clear", "result", "addOne", "subtractOne",
    "to", "until", "by", "min", "max", "abs", "getMessage", "printStackTrace", "left", "right", "swap", "isLeft",
    "isRight", "toOption", "toEither", "toTry", "zipAll", "exists", "empty", "length", "run", "next", "hasNext",
    # infix words of the test frameworks: "x" should "y" in {..}, a shouldBe b, a must equal(b)
    "should", "shouldBe", "shouldEqual", "shouldNot", "must", "mustBe", "in", "ignore", "when", "which", "be",
    "equal", "have", "contain", "ne", "eq"})
# a test framework's names a suite's body uses bare (ScalaTest, munit, utest): in a test file, never the repository's
TEST_BUILTINS = frozenset({
    "test", "ignore", "assert", "assertEquals", "assertNotEquals", "assertResult", "assertThrows", "intercept",
    "fail", "cancel", "pending", "info", "markup", "describe", "it", "they", "behavior", "should", "must", "can",
    "be", "have", "contain", "equal", "convertToAnyShouldWrapper", "beforeEach", "afterEach", "beforeAll",
    "afterAll", "Tests", "TestSuite", "FunFixture", "withClue", "assume", "compileErrors", "assertMatch"})
TYPE_ARGUMENTS = frozenset({"type_arguments"})



def star_class(spec: str) -> str | None:
    """``import a.b.Outer.Inner._``: the object whose members the wildcard imports (Java's rule, from the first
    capitalized part); else the last part, Scala's objects being often lower-case (``import
    io.circe.generic.semiauto._``, ``import cats.implicits._``): the object of that name where the file the import
    finds declares one (bindings ``_star_class``), else the package's wildcard as before (``import io.circe._``)."""
    found = java_star_class(spec)
    return found if found is not None else spec.rpartition(".")[2] or None


def _qualified(node, child):
    """``a.b.Baz``: the last name is the type (look further up for where it is used); the others qualify it."""
    return ... if child == node.children[-1] else None


def _value_form(node, child) -> str:
    """A val or var of a class, trait or object is a field, of a def's body a variable."""
    return "field" if node.parent is not None and node.parent.type in ("template_body", "with_template_body") \
        else "variable"


def _class_parameter_form(node, child) -> str:
    """``class A(val c: Client)`` and a case class's parameters: fields; ``class A(c: Client)``: a constructor's
    parameter."""
    if any(c.type in ("val", "var") for c in node.children):
        return "field"
    owner = node.parent.parent if node.parent is not None else None
    return "field" if owner is not None and any(c.type == "case" for c in owner.children) else "parameter"


TYPE_CONTEXTS = {
    "stable_type_identifier": _qualified,
    **dict.fromkeys(("parameter", "binding", "lambda_expression", "typed_pattern", "catch_clause"), "parameter"),
    "class_parameter": _class_parameter_form,
    **dict.fromkeys(("val_definition", "var_definition", "val_declaration", "var_declaration"), _value_form),
    **dict.fromkeys(("function_definition", "function_declaration", "given_definition"), "return"),
    "type_definition": lambda node, child: None if node.child_by_field_name("name") == child else (
        "alias" if child.type in ("type_identifier", "generic_type", "stable_type_identifier") else "annotation"),
    # bases (``inherits``) and constructions (``calls``) are references already
    **dict.fromkeys(("extends_clause", "instance_expression", "derives_clause"), None),
    **dict.fromkeys(("annotation", "case_class_pattern", "block", "indented_block", "template_body",
                     "compilation_unit", "type_parameters", "call_expression", "field_expression",
                     "infix_type", "compound_type", "function_type", "tuple_type", "ascription_expression",
                     "arguments", "enumerator"), "annotation"),
}

_entry_reason = entry_reason_with(PURE_DECORATORS, _jvm_entry)  # main(args), @main def, object X extends App
IMPLICIT = "<implicit>"  # the decorator mark of an implicit definition (no annotation: nothing wraps it)
ENUMERATED = "<enumerated>"  # the decorator mark of a case object in enumeratum's ``Enum`` object
ENUMERATES = "findValues"  # what the query captures on the object holding ``val values = findValues``
# what the query captures as a decorator that wraps nothing: the mark each stands for (a Scala 3 ``given`` is implicit)
_MARKS = {"implicit": IMPLICIT, "given": IMPLICIT}


def entry_reason(name: str, kind: str, parent: str | None, decorators: tuple) -> str | None:
    """An implicit def, val or object is passed by the compiler where its type is asked (``implicit object PathRead
    extends TokensReader[os.Path]``), and an enumeration's case object is listed by its object's ``findValues``
    macro: never dead, yet no sign its enclosing object is used."""
    if IMPLICIT in decorators:
        return runtime_hook("an implicit, which the compiler passes where its type is asked")
    if kind == "object" and ENUMERATED in decorators:
        return runtime_hook("an enumeration's case, which its object's findValues lists (values, withName)")
    return _entry_reason(name, kind, parent, decorators)


_TYPE_ARGUMENTS = lazy_re(r"\[[^\[\]\"]*\]")  # opt[Map[String, Int]]("x") (inner ones first)


def receiver_path(receiver: str) -> str:
    """``opt[Map[String, Int]]("kwargs").action`` -> ``opt("kwargs").action``: a call's type arguments change no
    type, and Scala writes no index in brackets (``xs(0)``), so every bracket in a receiver holds types."""
    if "[" in receiver:
        previous = None
        while previous != receiver:
            previous, receiver = receiver, _TYPE_ARGUMENTS.sub("", receiver)
    return receiver


_NEW = lazy_re(r"^new\s+((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*)\s*(?:\[[^()]*\])?")
# Foo(..), and lower-case case classes too (os-lib's proc(..)): a name the resolver finds no class of is no type
_APPLY = lazy_re(r"^((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*)\s*(?:\[[^()]*\])?(?=\()")


def inline_type(receiver: str) -> str | None:
    """``new Foo(..)``, ``new Foo``, ``Foo(..)`` (a case class's or companion's apply), ``Foo[T](x)`` -> the class
    (the resolver keeps it where a class of that name is found: ``f(x)`` stays a call);
    not ``Foo(..).bar()``, whose class is what ``bar`` returns, nor a bare ``Foo`` (an object, read as a module)."""
    from ..parse import _one_call

    text = receiver.strip()
    if text.startswith("(new ") and text.endswith(")"):
        text = text[1:-1].strip()
    m = _NEW.match(text) or _APPLY.match(text)
    if not m:
        return None
    if m.end() == len(text):
        return m.group(1) if text.startswith("new") else None
    if text[m.end()] != "(":
        return None
    body = text.find("{", m.end())  # new Base(..) { .. }: an anonymous class, used as a Base
    if text.startswith("new") and body > 0 and text.endswith("}") and _one_call(text[:body].rstrip(), m.end()):
        return m.group(1)
    return m.group(1) if _one_call(text, m.end()) else None


def settle_references(raw_refs: list) -> list:
    """The object of a member call or read written bare (``trailer.rep``: ``@reference.receiver_name``) is a def
    called without parentheses, as a bare name is, unless it names a package: a part of the file's package clauses
    (``os.read`` in package ``os``), of an import's path or its new name (``js.Tree`` after ``import a.b.{Trees
    => js}``) or a library's root (``java.io.File``, ``scala.util.Try``)."""
    packages = {r.name for r in raw_refs if r.kind == "package_part"} | EXTERNAL_RECEIVERS
    for r in raw_refs:
        if r.kind == "import" and r.module:
            packages.update(r.module.split("."), (r.alias,) if r.alias else ())
    return [r._replace(kind="name") if r.kind == "receiver_name" else r for r in raw_refs
            if r.kind != "package_part" and not (r.kind == "receiver_name" and r.name in packages)]


CLASS_KINDS = ("class", "trait", "enum")


def settle_definitions(raw_defs: list, _imports: list, _root) -> list:
    """A companion ``object Foo`` beside ``class Foo`` (or trait, enum) in the same scope is no definition of its own:
    it adds its members to ``Foo`` (an ``impl`` block: ``Item.free`` beside ``Item.label``), so that ``Foo.m()`` and
    a bare ``m()`` in the class find them where the class is. The ``implicit`` and ``given`` keywords, captured as
    decorators, are marked (``_MARKS``): they wrap nothing; so are an enumeration's cases (``_enumerated``)."""
    raw_defs = [d._replace(decorators=tuple(_MARKS.get(x, x) for x in d.decorators))
                if any(x in _MARKS for x in d.decorators) else d for d in raw_defs]
    raw_defs = _enumerated(raw_defs)
    classes = {(d.name, _scope(raw_defs, d)) for d in raw_defs if d.kind in CLASS_KINDS and not d.anonymous}
    if not classes:
        return raw_defs
    return [d._replace(kind="impl") if d.kind == "object" and (d.name, _scope(raw_defs, d)) in classes else d
            for d in raw_defs]


def _enumerated(raw_defs: list) -> list:
    """``object Level extends Enum[Level] { val values = findValues; case object Low extends Level }``: the query
    marks the object holding the call (``ENUMERATES``); the objects right inside it are the cases enumeratum's macro
    lists, marked ``ENUMERATED``; the holder keeps no mark (it is no entry point)."""
    holders = {(d.start, d.end) for d in raw_defs if ENUMERATES in d.decorators}
    if not holders:
        return raw_defs
    out = []
    for d in raw_defs:
        if ENUMERATES in d.decorators:
            d = d._replace(decorators=tuple(x for x in d.decorators if x != ENUMERATES))
        elif d.kind == "object" and _scope(raw_defs, d) in holders:
            d = d._replace(decorators=(*d.decorators, ENUMERATED))
        out.append(d)
    return out


def _scope(raw_defs: list, d) -> tuple:
    """The byte range of the innermost definition holding ``d`` (the file: ``(0, 0)``)."""
    holders = [(o.start, o.end) for o in raw_defs if o.start <= d.start and d.end <= o.end and o is not d
               and (o.start, o.end) != (d.start, d.end)]
    return max(holders, default=(0, 0))


def receiver_module(importer: str, receiver: str, index: dict, root) -> list[str]:
    """``new scopt.OptionParser[C]`` written without an import: a package of the repository named by its full
    dotted name (the files of that package; a class named after it, ``a.b.C.m()``, is not followed)."""
    if not receiver or not receiver[:1].islower() or not all(p.isidentifier() for p in receiver.split(".")):
        return []
    return list(index.get(receiver, ()))


class _PackagesOf(NamedTuple):
    """The packages each file belongs to, read off one module index (rebuilt when another index is asked about)."""

    index: dict
    size: int
    packages: dict


_packages_of = _PackagesOf({}, 0, {})


def _file_packages(importer: str, index: dict) -> list[str]:
    """The packages whose keys list ``importer`` (its package; ``<package>.<stem>`` is its main type, not one)."""
    global _packages_of
    if _packages_of.index is not index or _packages_of.size != len(index):
        packages: dict[str, list[str]] = {}
        for key, paths in index.items():
            for path in paths:
                packages.setdefault(path, []).append(key)
        _packages_of = _PackagesOf(index, len(index), packages)
    keys = _packages_of.packages.get(importer, ())
    return [k for k in keys if not any(o != k and k.startswith(o + ".") for o in keys)] if len(keys) > 1 else \
        list(keys)


ROOT_PACKAGE = "_root_."  # ``import _root_.a.b.C``: a.b read from the top, past a nested package also named a


def import_binding(module: str | None, name: str | None, alias: str | None):
    """Kotlin's binding of ``import a.b.C`` / ``a.b._`` / ``a.b.{C => D}``, with ``_root_.`` dropped: it names the
    top-level package (enumeratum's ``import _root_.enumeratum.{EnumMacros, ValueEnumMacros}`` inside package
    ``enumeratum.values``); kept, the package was no file's and both objects a library's."""
    if module and module.startswith(ROOT_PACKAGE):
        module = module[len(ROOT_PACKAGE):]
    return kotlin_import_binding(module, name, alias)


def resolve_module(importer: str, spec: str | None, index: dict, root) -> list[str]:
    """``import a.b.C``: the file of the class (java's rule). ``import OEffect._`` in a file of package ``scopt``: an
    import relative to the file's package, where ``scopt.OEffect`` is a file's main object (``OEffect.scala``); a
    name no such file holds (``import PosixFilePermission._`` of a library's class imported above) stays outside."""
    found = resolve_absolute(importer, spec, index, root)
    if found or not spec or not spec[:1].isupper():
        return found
    head = spec.partition(".")[0]
    for package in _file_packages(importer, index):
        if f"{package}.{head}" in index:
            return resolve_absolute(importer, f"{package}.{spec}", index, root)
    return []


def is_external(importer: str, spec: str, index: dict, root) -> bool:
    """A package no file of the repository declares (``java.util``, a dependency's), nor a main object of the
    importing file's package (``import OEffect._``)."""
    return not resolve_module(importer, spec, index, root)


# ``trait EnumCompat[A] { _: Enum[A] =>``: a self-type with no name, which the grammar reads as an error that swallows
# the body's next definitions (enumeratum's scala-2 ``protected def findValues = macro ..``: no symbol, 139 calls lost)
_UNNAMED_SELF_TYPE = lazy_re(rb"(?m)(\b(?:trait|class|object)\b[^{}\n]*\{[ \t]*)_(?=[ \t]*:[^\n=]*=>)")


def repairs(language: str) -> tuple:
    """Same-length rewrites of Scala the grammar cannot read, tried on a file that failed to parse."""
    return (_self_type_named,)


def _self_type_named(data: bytes) -> bytes:
    """``{ _: Enum[A] =>`` -> ``{ s: Enum[A] =>``: the self-type named, which the grammar reads; the same bytes."""
    return _UNNAMED_SELF_TYPE.sub(rb"\1s", data)
