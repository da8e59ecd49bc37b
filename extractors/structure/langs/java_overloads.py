"""Java overloads told apart by the argument types a call states (``append(char)``, ``append(String)``,
``append(Object)``; ``join(Object[])``, ``join(Iterable)``; ``of(E)`` vs ``of(E...)``), read from the syntax tree.

A definition's parameters are written as their erasures joined by ``,`` (``String,int[],Object...``: the simple name
without type arguments, a type parameter as its bound's erasure, ``Object`` where it has none); a call's arguments
the same way, ``?`` for an argument whose type is not certain (``symbols.labels``, ``refs.labels``: the slots Swift's
argument labels use). Only what the call states counts: a literal, ``new Foo(..)``, a cast, ``this``, a local, a
parameter or a field declared with its type. ``choose_overloads`` then keeps what Java's resolution could pick:
applicable by subtyping before boxing before varargs, an exact match before the rest; where a relation between two
types is not known here (a class of the program and another), the overload is kept.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

UNKNOWN, NULL, VARARGS, ARRAY = "?", "null", "...", "[]"
# a definition's labels: its parameters' erasures, then this and its result's (``String,int:boolean``)
RESULT = ":"
# a call's argument that is the result of a method the file does not declare (``in.nextBoolean()``): ``?``, this
# and the called name with its argument count (``?in.nextBoolean/0``), settled at resolution, where that method's
# declared result is known (``settled_argument``); ``?`` where it is not
DEFERRED = "/"
# the primitive types each widens to (JLS 5.1.2), with itself
WIDENS = {"byte": {"byte", "short", "int", "long", "float", "double"},
          "short": {"short", "int", "long", "float", "double"}, "char": {"char", "int", "long", "float", "double"},
          "int": {"int", "long", "float", "double"},
          "long": {"long", "float", "double"}, "float": {"float", "double"}, "double": {"double"},
          "boolean": {"boolean"}}
BOXES = {"byte": "Byte", "short": "Short", "char": "Character", "int": "Integer", "long": "Long", "float": "Float",
         "double": "Double", "boolean": "Boolean"}
UNBOXES = {box: prim for prim, box in BOXES.items()}
_NUMBER = {"Number", "Comparable", "Serializable", "Object", "Constable", "ConstantDesc"}
# classes of the JDK with every supertype they have: an argument of one meets a parameter of no other class (an
# argument of a program's class may extend anything; its relations are not read here)
_BUILDERS = {"AbstractStringBuilder", "CharSequence", "Appendable", "Serializable", "Comparable", "Object"}
KNOWN_SUPERTYPES = {"Object": {"Object"}, "StringBuilder": {"StringBuilder"} | _BUILDERS,
                    "StringBuffer": {"StringBuffer"} | _BUILDERS,
                    "Class": {"Class", "Type", "GenericDeclaration", "AnnotatedElement", "Serializable", "Object",
                              "TypeDescriptor", "OfField", "Constable"},
                    "String": {"String", "CharSequence", "Comparable", "Serializable", "Object", "Constable",
                               "ConstantDesc"},
                    "Character": {"Character", "Comparable", "Serializable", "Object", "Constable"},
                    "Boolean": {"Boolean", "Comparable", "Serializable", "Object", "Constable"},
                    **{box: {box} | _NUMBER for box in ("Byte", "Short", "Integer", "Long", "Float", "Double")}}
# interfaces and classes of the JDK a value is often declared as, with every supertype they have (Java 21): one is
# read so where the repository defines no type of its name (a ``Map`` argument never meets ``Appendable``)
_SEQUENCED = {"SequencedCollection", "Collection", "Iterable", "Object"}
JDK_SUPERTYPES = {"Type": {"Type", "Object"}, "Map": {"Map", "Object"}, "Iterable": {"Iterable", "Object"},
                  "Collection": {"Collection", "Iterable", "Object"}, "Set": {"Set", "Collection", "Iterable", "Object"},
                  "List": {"List"} | _SEQUENCED, "Deque": {"Deque", "Queue"} | _SEQUENCED,
                  "Queue": {"Queue", "Collection", "Iterable", "Object"},
                  "CharSequence": {"CharSequence", "Object"}, "Appendable": {"Appendable", "Object"},
                  "Number": {"Number", "Serializable", "Object"},
                  "Reader": {"Reader", "Readable", "Closeable", "AutoCloseable", "Object"},
                  "Writer": {"Writer", "Appendable", "Closeable", "Flushable", "AutoCloseable", "Object"},
                  "Date": {"Date", "Serializable", "Cloneable", "Comparable", "Object"}}
# interfaces of the JDK a program's class often implements, with every supertype they have: a class whose bases
# from outside are all these (or of ``JDK_SUPERTYPES``, ``KNOWN_SUPERTYPES``) has no other supertype (``JsonReader
# implements Closeable`` is no ``Reader``; ``ClassName implements Comparable`` no ``java.lang.reflect.Type``)
JDK_INTERFACES = {"Comparable": {"Comparable"}, "Closeable": {"Closeable", "AutoCloseable"},
                  "AutoCloseable": {"AutoCloseable"}, "Flushable": {"Flushable"}, "Serializable": {"Serializable"},
                  "Cloneable": {"Cloneable"}, "Runnable": {"Runnable"}, "Readable": {"Readable"}}
FINAL_CLASSES = {"String", "Character", "Boolean", "Byte", "Short", "Integer", "Long", "Float", "Double",
                 "StringBuilder", "StringBuffer", "Class"}
ARRAY_SUPERTYPES = {"Object", "Cloneable", "Serializable"}
LITERALS = {"string_literal": "String", "text_block": "String", "character_literal": "char", "true": "boolean",
            "false": "boolean", "null_literal": NULL}
# boolean-valued operators: ``a == b``, ``!x``, ``a && b`` (an arithmetic one's type would need promotion rules)
BOOLEAN_OPERATORS = {"==", "!=", "<", ">", "<=", ">=", "&&", "||", "instanceof"}


NUMERIC = frozenset({"byte", "short", "char", "int", "long", "float", "double"})
ARITHMETIC = frozenset({"+", "-", "*", "/", "%", "&", "|", "^"})  # on booleans, & | ^ are BOOLEAN_OPERATORS' kin
SHIFTS = frozenset({"<<", ">>", ">>>"})
# constants of the JDK's boxes, read as ``Float.NaN`` (a class's name, no variable): their primitive types
JDK_CONSTANTS = {
    **{(box, const): prim for box, prim in (("Byte", "byte"), ("Short", "short"), ("Character", "char"),
                                             ("Integer", "int"), ("Long", "long"), ("Float", "float"),
                                             ("Double", "double")) for const in ("MAX_VALUE", "MIN_VALUE")},
    **{(box, const): box.lower() for box in ("Float", "Double")
       for const in ("NaN", "POSITIVE_INFINITY", "NEGATIVE_INFINITY", "MIN_NORMAL")},
    **{(box, "SIZE"): "int" for box in ("Byte", "Short", "Character", "Integer", "Long", "Float", "Double")},
    **{(box, "BYTES"): "int" for box in ("Byte", "Short", "Character", "Integer", "Long", "Float", "Double")},
    ("Boolean", "TRUE"): "Boolean", ("Boolean", "FALSE"): "Boolean", ("Math", "PI"): "double",
    ("Math", "E"): "double"}
# java.lang.Object's methods, whatever the receiver (an override keeps the result type): (name, argument count)
OBJECT_RESULTS = {("toString", 0): "String", ("hashCode", 0): "int", ("equals", 1): "boolean",
                  ("getClass", 0): "Class"}
# methods of java.lang's final classes and Number on a value of that type (a literal, a variable declared so)
_NUMBER_VALUES = {"byteValue": "byte", "shortValue": "short", "intValue": "int", "longValue": "long",
                  "floatValue": "float", "doubleValue": "double"}
JDK_METHOD_RESULTS = {
    **{("String", m): "String" for m in ("repeat", "trim", "strip", "substring", "toLowerCase", "toUpperCase",
                                         "replace", "replaceAll", "concat", "intern", "formatted")},
    ("String", "length"): "int", ("String", "charAt"): "char", ("String", "isEmpty"): "boolean",
    ("String", "indexOf"): "int", ("String", "toCharArray"): "char[]", ("String", "getBytes"): "byte[]",
    ("StringBuilder", "toString"): "String", ("StringBuilder", "length"): "int",
    ("Class", "getName"): "String", ("Class", "getSimpleName"): "String",
    **{(box, m): prim for box in ("Number", "Byte", "Short", "Integer", "Long", "Float", "Double")
       for m, prim in _NUMBER_VALUES.items()},
    ("Boolean", "booleanValue"): "boolean", ("Character", "charValue"): "char"}
# static methods of java.lang's final classes, called on the class's name: what they return
STATIC_RESULTS = {
    ("String", "valueOf"): "String", ("String", "format"): "String", ("String", "join"): "String",
    ("Integer", "parseInt"): "int", ("Long", "parseLong"): "long", ("Double", "parseDouble"): "double",
    ("Float", "parseFloat"): "float", ("Boolean", "parseBoolean"): "boolean", ("Short", "parseShort"): "short",
    ("Byte", "parseByte"): "byte", ("Integer", "valueOf"): "Integer", ("Long", "valueOf"): "Long",
    ("Double", "valueOf"): "Double", ("Float", "valueOf"): "Float", ("Boolean", "valueOf"): "Boolean",
    ("Integer", "toString"): "String", ("Long", "toString"): "String", ("Double", "toString"): "String"}


class Fit(IntEnum):
    """How an argument of a type meets a parameter: Java's phases (JLS 15.12.2) in order, MAYBE a relation unknown."""

    NO = 0
    EXACT = 1
    SUBTYPE = 2  # widening or a subclass: phase 1
    MAYBE = 3  # a program's class and another: phase 1 if it extends it, else not applicable
    BOXING = 4  # phase 2


class Applied(NamedTuple):
    """One overload applied to a call's arguments: whether it may apply, and how (see ``_applied``)."""

    fits: bool
    exact: bool  # each argument's type the parameter's own: the most specific of any that apply
    certain_phase: int | None  # 1, 2, 3: the phase it certainly applies in; None: not certain
    least_phase: int  # the earliest phase it may apply in


def is_primitive(name: str) -> bool:
    return name in WIDENS


def fit(arg: str, param: str, ancestry=None) -> Fit:
    """How an argument of erased type ``arg`` meets a parameter of erased type ``param``; ``ancestry(name)``: what
    the repository says of a type's supertypes (``resolve.Ancestry``), None for a type it does not define."""
    if arg[:1] == UNKNOWN:  # ``?``, or a result not settled (``DEFERRED``)
        return Fit.MAYBE
    if arg == param:
        return Fit.EXACT
    if arg == NULL:
        return Fit.NO if is_primitive(param) else Fit.SUBTYPE
    if is_primitive(arg):
        if is_primitive(param):
            return Fit.SUBTYPE if param in WIDENS[arg] else Fit.NO
        return Fit.BOXING if param in KNOWN_SUPERTYPES[BOXES[arg]] else Fit.NO
    if is_primitive(param):
        return Fit.BOXING if arg in UNBOXES and param in WIDENS[UNBOXES[arg]] else Fit.NO
    return _reference_fit(arg, param, ancestry)


def _reference_fit(arg: str, param: str, ancestry=None) -> Fit:
    """Two reference types: arrays by their elements, java.lang's final classes by their known supertypes, the
    repository's classes by their bases (``_program_fit``)."""
    if arg.endswith(ARRAY):
        if param.endswith(ARRAY):
            inner = fit(arg[:-2], param[:-2], ancestry)
            return Fit.SUBTYPE if inner in (Fit.EXACT, Fit.SUBTYPE) and not is_primitive(arg[:-2]) else \
                Fit.MAYBE if inner == Fit.MAYBE else Fit.NO
        return Fit.SUBTYPE if param in ARRAY_SUPERTYPES else Fit.NO
    if param.endswith(ARRAY):
        return Fit.NO  # a class is never an array
    if arg in KNOWN_SUPERTYPES:
        return Fit.SUBTYPE if param in KNOWN_SUPERTYPES[arg] else Fit.NO
    if param == "Object":
        return Fit.SUBTYPE
    if param in FINAL_CLASSES:
        return Fit.NO  # nothing extends String or Integer
    return _program_fit(arg, param, ancestry) if ancestry is not None else Fit.MAYBE


def _program_fit(arg: str, param: str, ancestry) -> Fit:
    """An argument's class against a parameter's, one of them not java.lang's: a subtype where each class of the
    argument's name has the parameter's among its supertypes; not where none has and nothing else can be one (all
    its bases the repository's; or the parameter's a class of the repository, which no library's class extends:
    ``toJson(JsonElement)`` never takes a ``Date`` nor a ``BagOfPrimitives`` that does not extend it). A JDK type
    of ``JDK_SUPERTYPES`` the repository does not define by its known supertypes (``toJson(Object, Appendable)``
    never takes a ``Type`` second)."""
    of_arg = ancestry(arg)
    if of_arg is None and arg in JDK_SUPERTYPES:
        return Fit.SUBTYPE if param in JDK_SUPERTYPES[arg] else Fit.NO
    if of_arg is None:
        return Fit.NO if ancestry(param) is not None else Fit.MAYBE
    if param in of_arg.certain:
        return Fit.SUBTYPE
    if param in of_arg.possible:
        return Fit.MAYBE
    known = _known_outside(of_arg.outside) if not of_arg.complete else set()
    if known is not None and param in known:
        return Fit.MAYBE  # (the base of one class of the name, maybe not of another)
    return Fit.NO if of_arg.complete or known is not None or ancestry(param) is not None else Fit.MAYBE


def _known_outside(names) -> set | None:
    """Every supertype bases from outside the repository bring, where each is a JDK type whose supertypes are
    known (``Closeable``: Closeable, AutoCloseable); None where one is not (a library's class may extend anything)."""
    known = {"Object"}
    for written in names:
        name = written.rpartition(".")[2]
        found = JDK_INTERFACES.get(name) or JDK_SUPERTYPES.get(name) or KNOWN_SUPERTYPES.get(name)
        if found is None:
            return None
        known |= found
    return known


def _applied(declared: str, written: str, ancestry=None) -> Applied:
    """An overload declaring ``declared`` parameters for a call writing ``written`` arguments: by fixed arity (a
    varargs parameter taking an array as it is), else by variable arity (phase 3)."""
    params = declared.split(",") if declared else []
    args = written.split(",") if written else []
    fixed = [p.replace(VARARGS, ARRAY) for p in params]
    best = _fixed(fixed, args, ancestry)
    if params and params[-1].endswith(VARARGS) and len(args) >= len(params) - 1:
        element = params[-1][:-3]
        spread = _fixed(params[:-1] + [element] * (len(args) - len(params) + 1), args, ancestry)
        if spread.fits and not (best.fits and best.certain_phase is not None):
            return Applied(True, False, 3 if spread.certain_phase is not None else None,
                           best.least_phase if best.fits else 3)
    return best


def _fixed(params: list[str], args: list[str], ancestry=None) -> Applied:
    if len(params) != len(args):
        return Applied(False, False, None, 9)
    fits = [fit(a, p, ancestry) for a, p in zip(args, params)]
    if Fit.NO in fits:
        return Applied(False, False, None, 9)
    boxing = Fit.BOXING in fits
    phase = None if Fit.MAYBE in fits else 2 if boxing else 1
    return Applied(True, all(f == Fit.EXACT for f in fits), phase, 2 if boxing else 1)


def choose_overloads(declared: list[str], written: str, ancestry=None) -> list[bool]:
    """Which of one type's overloads (each's parameter erasures, ``declared``) the call writing ``written`` may call:
    those that may apply; of them the exact matches where one certainly applies, else none that needs a later phase
    than one that certainly applies, nor one less specific than one that certainly applies in that phase. All of
    them where none may apply (the reading is wrong somewhere). ``ancestry``: see ``fit``."""
    if any(d.startswith("@") for d in declared):  # a Kotlin class's (``kotlin.KOTLIN_LABELS``): not erasures
        return [True] * len(declared)
    declared = [split_signature(d)[0] for d in declared]
    applied = [_applied(d, written, ancestry) for d in declared]
    if not any(a.fits for a in applied):
        return [True] * len(declared)
    if any(a.fits and a.exact and a.certain_phase == 1 for a in applied):
        return [a.fits and a.exact and a.certain_phase == 1 for a in applied]
    certain = [a.certain_phase for a in applied if a.fits and a.certain_phase is not None]
    first = min(certain, default=9)
    kept = [a.fits and a.least_phase <= first for a in applied]
    if first > 2:  # by variable arity, specificity compares the spread elements: not read here
        return kept
    sure = [i for i, a in enumerate(applied) if kept[i] and a.certain_phase == first]
    args = written.split(",") if written and first == 1 else []
    return [keep and not any(_more_specific(declared[c], declared[i], ancestry, args) for c in sure if c != i)
            for i, keep in enumerate(kept)]


def _more_specific(one: str, other: str, ancestry=None, args: list[str] = ()) -> bool:
    """Whether overload ``one`` is strictly more specific than ``other`` by fixed arity (JLS 15.12.2.5): each of its
    parameter types a subtype of the other's, certainly (``m(String)`` over ``m(Object)``, ``value(long)`` over
    ``value(double)``, ``add(JsonPrimitive)`` over ``add(JsonElement)``); the other may then apply, but never runs.
    ``args``: the call's argument types where the other can apply by subtyping only (phase 1): a parameter of
    ``one`` that is its argument's very class (a reference type) is a subtype of the other's there if that applies
    at all (``toJson(Object, Type, JsonWriter)`` over ``toJson(Object, Type, Appendable)`` for a JsonWriter, whether
    or not JsonWriter is an Appendable)."""
    mine = [p.replace(VARARGS, ARRAY) for p in one.split(",")] if one else []
    theirs = [p.replace(VARARGS, ARRAY) for p in other.split(",")] if other else []
    if len(mine) != len(theirs) or mine == theirs:
        return False
    given = list(args) if len(args) == len(mine) else [UNKNOWN] * len(mine)
    return all(fit(m, t, ancestry) in (Fit.EXACT, Fit.SUBTYPE) or m == a and not is_primitive(a) and a[:1] != UNKNOWN
               for m, t, a in zip(mine, theirs, given))


# ---- reading the syntax tree ----------------------------------------------------------------------------------------
TYPE_OWNERS = frozenset({"class_declaration", "interface_declaration", "enum_declaration", "record_declaration",
                         "method_declaration", "constructor_declaration"})
CLASS_DECLARATIONS = frozenset({"class_declaration", "interface_declaration", "enum_declaration", "record_declaration"})
CLASS_BODIES = frozenset({"class_body", "interface_body", "enum_body", "record_declaration"})
SCOPES_WITH_PARAMETERS = frozenset({"method_declaration", "constructor_declaration", "lambda_expression",
                                    "record_declaration"})
DECLARING_STATEMENTS = frozenset({"local_variable_declaration", "field_declaration", "constant_declaration"})


def _text(node) -> str:
    return node.text.decode("utf-8", "replace")


def erasure(node, type_params: dict[str, str]) -> str | None:
    """``java.util.List<String>`` -> ``List``, ``int[][]`` -> ``int[][]``, a type parameter -> its bound's erasure;
    None where the type is not read (``var``)."""
    kind = node.type
    if kind == "generic_type":
        return erasure(node.named_children[0], type_params)
    if kind == "scoped_type_identifier":
        return _text(node.named_children[-1])
    if kind == "array_type":
        element = erasure(node.child_by_field_name("element"), type_params)
        dims = node.child_by_field_name("dimensions")
        return None if element is None else element + ARRAY * _text(dims).count("[")
    if kind == "type_identifier":
        name = _text(node)
        return None if name == "var" else type_params.get(name, name)
    if kind in ("integral_type", "floating_point_type", "boolean_type"):
        return _text(node)
    if kind == "catch_type" and len(node.named_children) == 1:  # catch (IOException e); never A | B
        return erasure(node.named_children[0], type_params)
    return None


def _type_parameters(node) -> dict[str, str]:
    """The type parameters in scope at ``node`` (its method's and classes'), each to its bound's erasure."""
    found: dict[str, str] = {}
    while node is not None:
        if node.type in TYPE_OWNERS:
            params = node.child_by_field_name("type_parameters")
            for param in params.named_children if params is not None else ():
                names = [c for c in param.named_children if c.type == "type_identifier"]
                bound = next((c for c in param.named_children if c.type == "type_bound"), None)
                if names and _text(names[0]) not in found:
                    head = bound.named_children[0] if bound is not None and bound.named_children else None
                    found[_text(names[0])] = (erasure(head, {}) if head is not None else None) or "Object"
        node = node.parent
    return found


def parameter_types(node) -> str | None:
    """A method's or constructor's parameters as erasures (``String,int[],Object...``); None where one is unread."""
    params = node.child_by_field_name("parameters")
    if node.type == "compact_constructor_declaration":
        params = node.parent.parent.child_by_field_name("parameters")
    if params is None:
        return None
    scope = _type_parameters(node)
    types = []
    for param in params.named_children:
        if param.type not in ("formal_parameter", "spread_parameter"):
            continue
        declared = _declared_type(param, scope)
        if declared is None:
            return None
        types.append(declared + VARARGS if param.type == "spread_parameter" else declared)
    return ",".join(types)


def signature_types(node) -> str | None:
    """A definition's labels: its parameters' erasures (``parameter_types``), then ``RESULT`` and the erasure of
    the type it returns where that is written (``String,int:boolean``; none for ``void``, a constructor, a type
    parameter inferred at each call or given by the receiver's type argument): a call in another file whose
    argument is its result (``value(in.nextBoolean())``) reads it at resolution (``settled_argument``)."""
    params = parameter_types(node)
    written = node.child_by_field_name("type") if node.type == "method_declaration" else None
    result = _result_erasure(written, node) if params is not None and written is not None else None
    return params + RESULT + result if result is not None else params


def _result_erasure(written, method) -> str | None:
    """The erasure of a method's declared result; None for ``void`` and where a type parameter is its head (``T``,
    ``T[]``: inferred at each call; ``TypeToken<T>`` is a TypeToken whatever T)."""
    if written.type == "void_type":
        return None
    result = erasure(written, {name: UNKNOWN for name in _type_parameters(method)})
    dims = method.child_by_field_name("dimensions")  # int f()[]: an int[]
    result = result + ARRAY * _text(dims).count("[") if result is not None and dims is not None else result
    return result if result is not None and UNKNOWN not in result else None


def split_signature(labels: str) -> tuple[str, str | None]:
    """A definition's labels as (its parameters' erasures, its result's or None): see ``signature_types``."""
    params, mark, result = labels.partition(RESULT)
    return params, result if mark else None


def _declared_type(declaration, scope: dict[str, str], declarator=None) -> str | None:
    """The erased type a parameter or a variable declarator declares (``String s[]``: ``String[]``)."""
    written = declaration.child_by_field_name("type")
    if written is None:
        written = next((c for c in declaration.named_children if c.type.endswith("_type")
                        or c.type == "type_identifier"), None)
    base = erasure(written, scope) if written is not None else None
    dims = (declarator or declaration).child_by_field_name("dimensions")
    return base + ARRAY * _text(dims).count("[") if base is not None and dims is not None else base


def argument_types(node) -> str | None:
    """The erased types of a call's arguments where the call states them (``append('c', s)``: ``char,String`` for a
    ``String s`` in scope), ``?`` for each other; None where the call has no argument list read here."""
    args = node.child_by_field_name("arguments") or next((c for c in node.children if c.type == "argument_list"),
                                                          None)
    if args is None:
        return None
    unknown_params = {name: UNKNOWN for name in _type_parameters(node)}  # a T value: its own erasure unsure here
    return ",".join(expression_type(a, unknown_params) or _deferred(a) for a in args.named_children
                    if "comment" not in a.type)


def _deferred(node) -> str:
    """An argument whose type the file does not settle: where it is a call of a method named from a variable, a
    dotted name or ``this`` (``in.nextBoolean()``, ``element.deepCopy()``, ``peek()``), ``?`` with that call (see
    ``DEFERRED``); else ``?``."""
    while node.type == "parenthesized_expression" and node.named_children:
        node = node.named_children[0]
    if node.type != "method_invocation" or node.child_by_field_name("type_arguments") is not None:
        return UNKNOWN  # a generic call's explicit <T> types its result apart from what it declares
    owner = _owner_class(node.child_by_field_name("object"), node)
    if owner is None:
        return UNKNOWN
    args = node.child_by_field_name("arguments")
    count = len([a for a in args.named_children if "comment" not in a.type]) if args is not None else 0
    callee = _text(node.child_by_field_name("name"))
    return f"{UNKNOWN}{owner + '.' if owner else ''}{callee}{DEFERRED}{count}"


def _owner_class(owner, call) -> str | None:
    """Where a deferred call's method is looked up: ``""`` for a bare call (the class's, a base's, a static
    import's), ``this``, the class a variable or field is declared (``JsonReader in``: ``JsonReader``), a class's
    name (``TypeToken.get(..)``); None where the file does not say (``var``, a lambda's parameter, a JDK's type
    parameter's value, a chain)."""
    if owner is None:
        return ""
    if owner.type == "this":
        return "this"
    unknown_params = {name: UNKNOWN for name in _type_parameters(call)}
    if owner.type == "field_access":
        declared = _field_access_type(owner, unknown_params)
    elif owner.type == "identifier":
        declared = variable_type(call, _text(owner), unknown_params)
        if declared is None and not _in_scope(call, _text(owner)) and _text(owner)[:1].isupper():
            return _text(owner)  # no variable of the name: a class's static method
    else:
        return None
    return declared if declared and declared[:1].isupper() and declared.isidentifier() else None


def _in_scope(node, name: str) -> bool:
    """Whether a variable, parameter or field named ``name`` is declared around ``node`` (of a type read or not)."""
    child, scope = node, node.parent
    while scope is not None:
        if scope.type in ("class_body", "interface_body", "enum_body") and _declares_field(scope, name):
            return True
        if scope.type not in ("class_body", "interface_body", "enum_body") and _scope_declares(scope, child, name):
            return True
        child, scope = scope, scope.parent
    return False


def deferred_call(label: str) -> tuple[str, int] | None:
    """A call's ``DEFERRED`` argument as (the call's callee as written, its argument count); None for any other."""
    if label[:1] != UNKNOWN or DEFERRED not in label:
        return None
    callee, _, count = label[1:].rpartition(DEFERRED)
    return (callee, int(count)) if count.isdigit() else None


def expression_type(node, unknown_params: dict[str, str]) -> str | None:
    """The erased static type of an expression where it is certain without inference; None otherwise."""
    kind = node.type
    if kind in LITERALS:
        return LITERALS[kind]
    if kind.endswith("integer_literal"):
        return "long" if _text(node)[-1] in "lL" else "int"
    if kind.endswith("floating_point_literal"):
        return "float" if _text(node)[-1] in "fF" else "double"
    if kind == "class_literal":
        return "Class"
    if kind == "parenthesized_expression" and node.named_children:
        return expression_type(node.named_children[0], unknown_params)
    if kind in ("cast_expression", "object_creation_expression", "array_creation_expression"):
        return _written_type(node, unknown_params)
    if kind == "instanceof_expression":
        return "boolean"
    if kind in ("binary_expression", "unary_expression"):
        return _operation_type(node, unknown_params)
    if kind == "this":
        return _this_class(node)
    if kind == "identifier":
        return variable_type(node, _text(node), unknown_params)
    if kind == "field_access":
        return _field_access_type(node, unknown_params)
    if kind == "ternary_expression":
        return _ternary_type(node, unknown_params)
    if kind == "method_invocation":
        return _result_type(node, unknown_params)
    return None


def _field_access_type(node, unknown_params: dict[str, str]) -> str | None:
    """``this.count``, ``b.count`` (``b`` of a class the file declares): the field's declared type; ``Float.NaN``,
    ``Integer.MAX_VALUE``: the JDK constant's."""
    owner, field = node.child_by_field_name("object"), _text(node.child_by_field_name("field"))
    if owner.type == "this":
        body = _enclosing_class_body(node)
        return _field_type(body, field, unknown_params) if body else None
    if owner.type != "identifier":
        return None
    declared = variable_type(node, _text(owner), unknown_params)
    if declared is None:  # a class's name, not a variable of that name: a JDK constant, a static member of the file's
        return JDK_CONSTANTS.get((_text(owner), field)) or _static_member_type(node, _text(owner), field)
    body = _file_class_body(node, declared) if not is_primitive(declared) else None
    return _field_type(body, field, unknown_params) if body is not None else None  # b.w, b's class the file's


def _static_member_type(node, owner: str, field: str) -> str | None:
    """``Color.RED`` of an enum the file declares: a Color; ``Limits.MAX`` of a class it declares: the field's type."""
    body = _file_class_body(node, owner) if owner[:1].isupper() else None
    if body is None:
        return None
    if body.type == "enum_body" and any(c.type == "enum_constant" and _named(c, field) for c in body.named_children):
        return owner
    return _field_type(body, field, {})


def _ternary_type(node, unknown_params: dict[str, str]) -> str | None:
    """``ok ? a : b`` of two values of one type: that type; ``x == null ? null : x.toString()``: the other's (a
    reference type); else not read (numeric promotion, a least upper bound)."""
    one = expression_type(node.child_by_field_name("consequence"), unknown_params)
    other = expression_type(node.child_by_field_name("alternative"), unknown_params)
    if one is None or other is None:
        return None
    if one == other:
        return one
    if NULL in (one, other):
        known = other if one == NULL else one
        return None if is_primitive(known) else known
    return None


def _result_type(node, unknown_params: dict[str, str]) -> str | None:
    """What a call gives where it is certain from the call alone: ``x.toString()`` (a String whatever ``x``: an
    override returns one), ``x.hashCode()``, ``x.equals(y)``, ``x.getClass()``, ``String.valueOf(..)``,
    ``Integer.parseInt(..)``...; a method of the file's own classes (``m(..)``, ``this.m(..)``, ``v.m(..)`` on a
    variable of a class the file declares) whose overloads of that argument count all return one written type."""
    name = _text(node.child_by_field_name("name"))
    args = node.child_by_field_name("arguments")
    count = len([a for a in args.named_children if "comment" not in a.type]) if args is not None else 0
    owner = node.child_by_field_name("object")
    if (name, count) in OBJECT_RESULTS:
        return OBJECT_RESULTS[(name, count)]
    if owner is not None and (owner.type != "identifier" or variable_type(node, _text(owner), unknown_params)):
        found = JDK_METHOD_RESULTS.get((expression_type(owner, unknown_params), name))
        if found is not None:  # "ab".repeat(2), c.getName() of a Class c, n.intValue() of an Integer n
            return found
    if owner is not None and owner.type == "identifier" and variable_type(node, _text(owner), unknown_params) is None:
        found = STATIC_RESULTS.get((_text(owner), name))
        if found is not None:
            return found
    body = _called_class_body(node, owner, unknown_params)
    return _declared_result(body, name, count) if body is not None else None


def _called_class_body(node, owner, unknown_params: dict[str, str]):
    """The body of the class whose method ``node`` calls, where the file declares it: the innermost class around a
    bare or ``this.`` call that declares a method of the name; the class of a variable's declared type."""
    name = _text(node.child_by_field_name("name"))
    if owner is None or owner.type == "this":
        body = _enclosing_class_body(node)
        while body is not None and not _declares_method(body, name):
            body = _enclosing_class_body(body.parent)
        return body
    if owner.type == "identifier":
        declared = variable_type(node, _text(owner), unknown_params)
        return _file_class_body(node, declared) if declared and not is_primitive(declared) else None
    return None


def _declares_method(body, name: str) -> bool:
    return any(m.type == "method_declaration" and _named(m, name) for m in _members(body))


def _file_class_body(node, name: str):
    """The body of the one class the file declares named ``name`` (nested or not); None where none or several."""
    root = node
    while root.parent is not None:
        root = root.parent
    found = []
    pending = [root]  # the program, then each class's body: members only (a local class in a method is left out)
    while pending:
        for member in _members(pending.pop()):
            if member.type not in CLASS_DECLARATIONS:
                continue
            body = member.child_by_field_name("body")
            if _named(member, name):
                found.append(body)
            if body is not None:
                pending.append(body)
    return found[0] if len(found) == 1 else None


def _declared_result(body, name: str, count: int) -> str | None:
    """The return type the class's methods ``name`` taking ``count`` arguments all declare (fixed arity), not a
    type parameter (inferred at the call); None where they differ, one is generic, or none takes that count."""
    results = set()
    for member in _members(body):
        if member.type != "method_declaration" or not _named(member, name):
            continue
        params = member.child_by_field_name("parameters")
        declared = [p for p in params.named_children if p.type in ("formal_parameter", "spread_parameter")]
        if any(p.type == "spread_parameter" for p in declared):
            return None
        if len(declared) != count:
            continue
        written = member.child_by_field_name("type")
        result = _result_erasure(written, member) if written is not None else None
        if result is None:
            return None
        results.add(result)
    return results.pop() if len(results) == 1 and None not in results else None


def _operation_type(node, unknown_params: dict[str, str]) -> str | None:
    """``!x``, ``a == b``, ``a && b``: boolean; ``"n=" + n``: a String; ``n + 1``, ``-x`` of primitive numbers:
    the promoted type (JLS 5.6); a boxed operand or an unread one: not read."""
    operator = _text(node.child_by_field_name("operator"))
    if operator in BOOLEAN_OPERATORS or operator == "!" and node.type == "unary_expression":
        return "boolean"
    if node.type == "unary_expression":
        operand = _unboxed(expression_type(node.child_by_field_name("operand"), unknown_params))
        return _promoted(operand) if operator in ("-", "+", "~") and operand in NUMERIC else None
    sides = [_unboxed(expression_type(node.child_by_field_name(s), unknown_params)) for s in ("left", "right")]
    if operator == "+" and "String" in sides:
        return "String"
    if operator in SHIFTS and sides[0] in NUMERIC and sides[1] in NUMERIC:
        return _promoted(sides[0])  # a shift's type is its left operand's, promoted alone
    if operator in ARITHMETIC and sides[0] in NUMERIC and sides[1] in NUMERIC:
        return _promoted(sides[0], sides[1])
    return None


def _unboxed(name: str | None) -> str | None:
    """An Integer operand of an arithmetic operator is unboxed first (JLS 5.6); a String stays for ``+``."""
    return UNBOXES.get(name, name) if name is not None else None


def _promoted(*types: str) -> str:
    """Numeric promotion: double, else float, else long, else int (byte, short, char become int)."""
    return next((t for t in ("double", "float", "long") if t in types), "int")


def _written_type(node, unknown_params: dict[str, str]) -> str | None:
    """``(Foo) x``, ``new Foo<>(..)``, ``new int[n][]``: the type written. An anonymous class's, ``new Token<A>() {}``,
    is its base's: no parameter names the anonymous class, so every overload applies to it as to its base, and the
    most specific of them is the same."""
    written = node.child_by_field_name("type")
    base = erasure(written, unknown_params) if written is not None else None
    if base is None or node.type != "array_creation_expression":
        return base
    dims = sum(_text(c).count("[") for c in node.children if c.type in ("dimensions_expr", "dimensions"))
    return base + ARRAY * dims


def _this_class(node) -> str | None:
    body = _enclosing_class_body(node)
    owner = body.parent if body is not None else None
    if owner is None or owner.type not in TYPE_OWNERS:  # an anonymous class's or an enum constant's body
        return None
    name = owner.child_by_field_name("name")
    return _text(name) if name is not None else None


def _enclosing_class_body(node):
    while node is not None and node.type not in ("class_body", "interface_body", "enum_body"):
        node = node.parent
    return node


def variable_type(node, name: str, unknown_params: dict[str, str]) -> str | None:
    """The declared type of the variable ``name`` read at ``node``: the innermost local, parameter or field of that
    name in scope; None where the innermost one's type is not written (``var``, a lambda's parameter) or none is."""
    child, scope = node, node.parent
    while scope is not None:
        if scope.type in ("class_body", "interface_body", "enum_body"):
            found = _field_type(scope, name, unknown_params)
            if found is not None or _declares_field(scope, name):
                return found
        else:
            declaration = _scope_declares(scope, child, name)
            if declaration is not None:
                declared = _declared_type(declaration.statement, unknown_params, declaration.declarator)
                varargs = declaration.statement.type == "spread_parameter"  # String... xs: xs is a String[]
                return declared + ARRAY if varargs and declared is not None else declared
        child, scope = scope, scope.parent
    return None


class Declaration(NamedTuple):
    statement: object  # the declaring node: a local variable declaration, a parameter, a loop's header
    declarator: object | None  # its variable_declarator, where it has one (``int x, y[]``)


def _scope_declares(scope, child, name: str) -> Declaration | None:
    """Where ``scope`` declares ``name`` before ``child`` (a statement of a block, a method's or lambda's parameter,
    a loop's variable, a catch's or resource's); a declaration of unread type stands for itself (no declarator)."""
    for item in scope.children:
        if item == child and scope.type not in SCOPES_WITH_PARAMETERS:
            break
        kind = item.type
        if kind == "local_variable_declaration":
            declarator = _declarator(item, name)
            if declarator is not None:
                return Declaration(item, declarator)
        elif kind in ("formal_parameters", "inferred_parameters", "resource_specification", "catch_formal_parameter"):
            found = _parameter_named(item, name)
            if found is not None:
                return found
        elif kind == "identifier" and scope.type == "lambda_expression" and _text(item) == name:
            return Declaration(item, None)  # x -> ..: its type inferred
    if scope.type == "enhanced_for_statement" and _named(scope, name):
        return Declaration(scope, None) if scope.child_by_field_name("type") is None else Declaration(scope, scope)
    return None


def _parameter_named(container, name: str) -> Declaration | None:
    nodes = [container] if container.type == "catch_formal_parameter" else container.named_children
    for param in nodes:
        if param.type == "identifier" and _text(param) == name:
            return Declaration(param, None)  # an inferred lambda parameter
        if _named(param, name) or param.type == "spread_parameter" and _declarator(param, name) is not None:
            typed = param.type in ("formal_parameter", "resource") and param.child_by_field_name("type") is not None \
                or param.type == "catch_formal_parameter"
            return Declaration(param, param) if typed else Declaration(param, None)
    return None


def _named(node, name: str) -> bool:
    declared = node.child_by_field_name("name")
    return declared is not None and _text(declared) == name


def _declarator(declaration, name: str):
    return next((d for d in declaration.named_children if d.type == "variable_declarator" and _named(d, name)), None)


def _field_type(body, name: str, unknown_params: dict[str, str]) -> str | None:
    for member in _members(body):
        if member.type in DECLARING_STATEMENTS:
            declarator = _declarator(member, name)
            if declarator is not None:
                return _declared_type(member, unknown_params, declarator)
    return None


def _declares_field(body, name: str) -> bool:
    return any(m.type in DECLARING_STATEMENTS and _declarator(m, name) is not None for m in _members(body))


def _members(body):
    for member in body.named_children:
        if member.type == "enum_body_declarations":
            yield from member.named_children
        else:
            yield member
