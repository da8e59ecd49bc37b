"""How many arguments a definition takes and a call passes, read from the syntax tree: what tells overloads apart
(``add(String)``, ``add(String, int)``) where a language has them (``ARITY = True`` in its module).

One reading for every grammar: the node types below are the grammars' own names (Java, C#, C++, Kotlin, Swift,
Scala, TypeScript). A definition's parameters are its ``parameters`` field, a declarator's (C++), or its
list child (Kotlin's ``function_value_parameters``), or its own ``parameter`` children (Swift); a call's arguments are
its ``arguments`` field or its ``call_suffix`` (Kotlin, Swift: a trailing lambda is one more). A parameter with a
default value is optional; a variadic one (``String...``, ``params int[]``, ``vararg``, ``...rest``, ``T*``) takes any
number; a spread argument (``f(...xs)``) makes the count unknown (None), and so does anything not read here.
"""

from __future__ import annotations

from typing import NamedTuple

PARAMETERS = frozenset({
    "parameter", "formal_parameter", "required_parameter", "optional_parameter", "parameter_declaration",
    "optional_parameter_declaration", "variadic_parameter_declaration", "simple_parameter", "spread_parameter",
    "variadic_parameter", "property_promotion_parameter", "class_parameter"})
OPTIONAL = frozenset({"optional_parameter", "optional_parameter_declaration"})
VARIADIC = frozenset({"spread_parameter", "variadic_parameter", "variadic_parameter_declaration"})
VARIADIC_MARKS = frozenset({"...", "rest_pattern", "repeated_parameter_type", "params", "vararg"})
PARAMETER_LISTS = frozenset({"function_value_parameters", "parameter_list", "formal_parameters", "parameters",
                             "method_parameters", "class_parameters"})
SPREAD_ARGUMENTS = frozenset({"spread_element", "variadic_unpacking"})
COMMENTS = frozenset({"comment", "line_comment", "block_comment", "multiline_comment"})
TRAILING_LAMBDAS = frozenset({"annotated_lambda", "lambda_literal"})
ECMA_FUNCTIONS = frozenset({"function_declaration", "function_expression", "generator_function_declaration",
                            "method_definition", "arrow_function", "generator_function"})
# JavaScript's formal_parameters hold the patterns themselves: a name, a destructuring, ``b = 1``, ``...rest``
PATTERN_PARAMETERS = frozenset({"identifier", "object_pattern", "array_pattern", "assignment_pattern", "rest_pattern"})


class Params(NamedTuple):
    """The number of arguments a definition accepts: at least ``least``, at most ``most`` (None: any number)."""

    least: int
    most: int | None
    # the argument labels it takes, as its language writes them (``parameter_labels``: Swift's ``_,interceptor=``), where a
    # call's labels choose among overloads; None: not read
    labels: str | None = None

    def accepts(self, count: int) -> bool:
        return self.least <= count and (self.most is None or count <= self.most)


def params_of(node) -> Params | None:
    """What the definition at ``node`` accepts; None where its parameters cannot be found."""
    container = _parameter_list(node)
    if container is None:
        return None
    least = total = 0
    variadic = required_last = next_variadic = False
    for child in container.children:
        kind = child.type
        if kind in PATTERN_PARAMETERS and container.type == "formal_parameters" and container is not node:
            # a JavaScript call may leave any parameter out (it is undefined), and pass more to a body that reads
            # ``arguments``: only the most it takes is known
            variadic = variadic or kind == "rest_pattern"
            total += kind != "rest_pattern"
        elif kind in PARAMETERS and (container is not node or kind == "parameter"):
            if _is_receiver(child):
                continue
            marks = {c.type for c in child.children}
            if kind in VARIADIC or marks & VARIADIC_MARKS or next_variadic:
                variadic, required_last, next_variadic = True, False, False
                continue
            total += 1
            required_last = kind not in OPTIONAL and "=" not in marks and child.child_by_field_name("default_value") \
                is None
            least += required_last
        elif kind == "=" and required_last:  # Kotlin's and Swift's default value follows its parameter
            least, required_last = least - 1, False
        elif kind == "parameter_modifiers":  # Kotlin's vararg, before its parameter
            next_variadic = b"vararg" in child.text
        elif kind in VARIADIC_MARKS:
            variadic = True  # C++'s trailing ..., C#'s params before a type and a name of its own
    if node.type in ECMA_FUNCTIONS and not variadic:
        variadic = _reads_arguments(node)
    if total == 1 and least == 1 and container.text.replace(b" ", b"") == b"(void)":
        return Params(0, 0)  # C's and C++'s f(void)
    return Params(least, None if variadic else total)


def _reads_arguments(node) -> bool:
    """A JavaScript function reading ``arguments`` takes any number of them."""
    body = node.child_by_field_name("body")
    return body is not None and b"arguments" in body.text


def _parameter_list(node):
    if node.type == "compact_constructor_declaration":  # Java's record P(int x) { P { .. } }: the record's components
        node = node.parent.parent
    params = node.child_by_field_name("parameters")
    if params is not None:
        return params
    declarator = node.child_by_field_name("declarator")
    for _ in range(4):  # C++: T *f(..), T &C::f(..): the function declarator under pointers and references
        if declarator is None:
            break
        params = declarator.child_by_field_name("parameters")
        if params is not None:
            return params
        declarator = declarator.child_by_field_name("declarator")
    for child in node.children:
        if child.type in PARAMETER_LISTS:
            return child
    if any(c.type == "parameter" for c in node.children):
        return node  # Swift: its own children
    return node if _empty_parentheses(node) else None  # Swift's func m(), init(): none


def _empty_parentheses(node) -> bool:
    """Whether the definition's own children hold ``(`` then ``)``: a parameter list written empty."""
    kinds = [c.type for c in node.children]
    return any(a == "(" and b == ")" for a, b in zip(kinds, kinds[1:]))


def _is_receiver(param) -> bool:
    """A parameter no call passes: TypeScript's ``this: T``, C#'s extension ``this Cart c`` (called on it)."""
    first = param.children[0] if param.children else None
    return first is not None and (first.type == "this" or (first.type == "modifier" and first.text == b"this"))


is_receiver = _is_receiver  # parse._place: a function passed to it is counted from after it


def arguments_of(node) -> int | None:
    """How many arguments the call at ``node`` passes; None where it is not known (a spread, no argument list)."""
    args = node.child_by_field_name("arguments") or next(  # C#'s new(..), : base(..): a list in no field
        (c for c in node.children if c.type == "argument_list"), None)
    extra = 0
    if args is None:
        suffix = next((c for c in node.children if c.type == "call_suffix"), None)  # Kotlin, Swift
        if suffix is None:
            return None
        args = next((c for c in suffix.children if c.type == "value_arguments"), None)
        extra = sum(c.type in TRAILING_LAMBDAS for c in suffix.children)
        if args is None:
            return extra or None
    count = extra
    for child in args.named_children:
        kind = child.type
        if kind in COMMENTS:
            continue
        first = child.named_child(0) if child.named_child_count else None  # (no list of all of them built)
        if kind in SPREAD_ARGUMENTS or (first is not None and first.type in SPREAD_ARGUMENTS):
            return None
        count += 1
    return count
