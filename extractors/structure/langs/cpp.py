"""C++: C's includes and linker (see ``c.py``; the two share one group, so C++ calls C and includes its headers),
plus classes. A method defined out of its class (``Status Writer::AddRecord(..)`` in ``writer.cc``) is a member of
the class its header declares; in a method, a bare ``f()`` is first the class's (or a base's) method and ``dest_->f()``
a method of the field's declared type (``implicit_this``). A qualified call ``log::f()`` names a class's static member
when ``log`` is a class the file sees, else a namespace's function, looked up as the bare name (namespaces are no
definitions), those the file declares in a namespace so named first: each file's namespace blocks are its
``files.package`` (``block_package``); ``std::``, ``boost::`` are the libraries'."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from . import alias_form, entry_reason_with, runtime_hook
from ..lazyre import lazy_re
from ..marks import NARROWED_VALUE
from .c import (BUILTINS as C_BUILTINS, MODULE_KEYS_FROM_PATHS, IMPORTS_PASS_ON, LOCALS_SHADOW,  # noqa: F401
                STAR_IMPORTS_IMPORTS, _declared, _tag, guess_bare_names, import_binding, included_variants,
                macro_for_function, fuzz_entry, windows_entry, is_external, linked, macro_uses, module_keys,
                package_scope, resolve_module, submodule)
from .c_repairs import repaired_calls, repairs  # noqa: F401  (parse rules: export macros blanked, still uses)
from .implicit_this import implicit_this, implicit_this_field

GROUP = "c"  # C++ includes C headers and calls C functions: one linker namespace
ARITY = True  # overloads are told apart by their arguments: a call reaches those that accept its count
IMPLICIT_THIS = True
# ``template <class Handler> void parse(Handler&& h) { h.on_text(..); }``: h is of a class the instantiating file sees
# (format.h's handler, passed where format.h includes base.h), not the template's header: a guess among all the
# repository's ``on_text`` methods, the header's own not preferred
NARROWED_GUESS_OPEN = True
# a class template's specializations (``template <..> struct TypeHelper<V, bool> {..}``, twins ``TypeHelper#2``...;
# a class defined in both branches of an ``#if``) are the template's members, each an alternative:
# ``TypeHelper<ValueType, T>::Is(*this)`` with T a parameter may run any of them
MERGED_DECLARATIONS = True
ALTERNATIVE_TWINS = True
NAMED_CONSTRUCTORS = True  # Circle::Circle(double) is what new Circle(1.0) runs
MEMBER_ACCESS = ("->",)  # r->file->Append(): a receiver r.file, followed by value flow as a dotted one
EXTERNAL_RECEIVERS = frozenset({"std", "boost", "absl", "testing"})
# what the standard library gives unqualified (after ``using namespace std``, or the C functions it keeps)
BUILTINS = C_BUILTINS | frozenset({
    "move", "forward", "swap", "make_shared", "make_unique", "make_pair", "make_tuple", "get", "min", "max", "sort",
    "find", "find_if", "begin", "end", "size", "to_string", "static_cast", "dynamic_cast", "reinterpret_cast",
    "const_cast", "string", "vector", "map", "unordered_map", "set", "unique_ptr", "shared_ptr", "size_t", "cout",
    "cerr", "endl", "numeric_limits", "static_assert", "decltype", "typeid", "nullptr", "ostream", "istream",
    "default", "delete"})  # ``X::~X() = default;`` reads as an assignment
# a test framework's assertion macros, in a test file of a repository that does not hold the framework (rapidjson's
# GoogleTest is a submodule: 1,035 of its 2,489 unresolved call sites were EXPECT_TRUE, ASSERT_EQ...): a library's,
# never the repository's unknown code (a repository that defines them resolves to its own first)
_GTEST_CHECKS = ("TRUE", "FALSE", "EQ", "NE", "LT", "LE", "GT", "GE", "STREQ", "STRNE", "STRCASEEQ", "STRCASENE",
                 "FLOAT_EQ", "DOUBLE_EQ", "NEAR", "THROW", "NO_THROW", "ANY_THROW", "DEATH", "THAT", "NO_FATAL_FAILURE")
TEST_BUILTINS = frozenset({f"{kind}_{check}" for kind in ("EXPECT", "ASSERT") for check in _GTEST_CHECKS}) | frozenset({
    "FAIL", "SUCCEED", "ADD_FAILURE", "GTEST_SKIP", "SCOPED_TRACE", "REQUIRE", "CHECK", "REQUIRE_FALSE", "CHECK_FALSE",
    "REQUIRE_THROWS", "CHECK_THROWS", "REQUIRE_NOTHROW", "CHECK_NOTHROW", "REQUIRE_THROWS_AS", "CHECK_THROWS_AS",
    "REQUIRE_THAT", "CHECK_THAT", "INFO", "CAPTURE", "WARN", "SECTION"})
# the standard containers', strings' and smart pointers' methods: on an object of unknown type (a template
# parameter's, a library's) guessed only among the classes the file can see
BUILTIN_METHODS = frozenset({
    "push_back", "emplace_back", "pop_back", "push_front", "pop_front", "size", "length", "empty", "data", "c_str",
    "begin", "end", "cbegin", "cend", "rbegin", "rend", "front", "back", "append", "clear", "find", "insert", "erase",
    "emplace", "count", "reserve", "resize", "at", "substr", "get", "reset", "release", "swap", "load", "store",
    "lock", "unlock", "str", "compare", "capacity", "assign", "exchange", "fetch_add", "fetch_sub", "wait",
    "notify_one", "notify_all", "join", "detach", "value", "has_value", "value_or", "first", "second"})
KEYWORDS = frozenset({"if", "else", "for", "while", "do", "switch", "case", "return", "break", "continue", "goto",
                      "sizeof", "typedef", "throw", "try", "catch", "new", "delete", "const", "void", "class",
                      "struct", "enum", "union", "namespace", "using", "public", "private", "protected", "static",
                      "extern", "inline", "operator", "template", "typename", "virtual", "explicit", "friend",
                      "this", "true", "false", "nullptr", "decltype", "constexpr", "noexcept", "override", "final"})
_HEADERS = (".h", ".hh", ".hpp", ".hxx", ".h++", ".inl", ".ipp")
_TEMPLATE_ARGS = lazy_re(r"<[^<>]*>")


def _constructor(name: str, kind: str, parent: str | None) -> str | None:
    """``Worker::Worker``: what builds an object runs it, which the code mostly does not write as a call (a copy,
    a conversion, a member or a base built by its owner's constructor, a container's element). Its class stays
    dead while nothing names it."""
    if kind == "method" and parent and name == parent.rpartition(".")[2]:
        return runtime_hook("a constructor, run wherever an object of its class is built (declared, copied, "
                            "converted, held by another)")
    return None


def _destructor(name: str, kind: str, parent: str | None) -> str | None:
    """``Prog::~Prog``: run where an object of its class ends (a scope's end, a ``delete``), never written as a
    call."""
    if kind == "method" and name.startswith("~"):
        return runtime_hook("a destructor, run wherever an object of its class ends (a scope left, a delete)")
    return None


# the member types the standard library's templates read by name (``std::iterator_traits<It>::value_type``, a
# container's ``size_type``, ``std::allocator_traits``): pugixml's iterators declare all five traits, and
# ``xml_object_range<It>::iterator``, which a range-for reaches without naming them; 15 were dead at 0.6
LIBRARY_TRAITS = frozenset({"value_type", "difference_type", "pointer", "reference", "iterator_category",
                            "iterator_concept", "size_type", "iterator", "const_iterator", "reverse_iterator",
                            "const_reverse_iterator", "const_pointer", "const_reference", "key_type", "mapped_type",
                            "allocator_type", "element_type", "traits_type", "char_type", "is_transparent"})


def _library_trait(name: str, kind: str, parent: str | None) -> str | None:
    """A class's member type the standard library names (``LIBRARY_TRAITS``): read by its templates, not our code."""
    if kind == "type" and parent and name in LIBRARY_TRAITS:
        return runtime_hook("a member type the standard library's templates read by name (iterator_traits, "
                            "containers, allocators)")
    return None


entry_reason = entry_reason_with(frozenset(), _constructor, _destructor, _library_trait, fuzz_entry, windows_entry)


CLASS_DEFS = frozenset({"class", "struct"})


def settle_definitions(raw_defs: list, _imports: list, _root) -> list:
    """A method defined out of a nested class (``SkipList<K, C>::Iterator::Valid``) is the nested class's where the
    file defines that class in the outer one; else its scope was a namespace (``log::Writer::AddRecord``), or the
    class is another file's, and the last name is the class. A GoogleTest ``TEST`` is named as its class
    (``_gtest_class``)."""
    raw_defs = [_gtest_class(d) if d.parent_name and d.decorators[:1] == ("TEST",) else d for d in raw_defs]
    dotted = [d for d in raw_defs if d.parent_name and "." in d.parent_name]
    if not dotted:
        return raw_defs
    nested, stack = set(), []  # "Outer.Inner" for each class written (or named) inside another
    for d in sorted((d for d in raw_defs if d.kind in CLASS_DEFS), key=lambda d: (d.start, -d.end)):
        while stack and stack[-1].end <= d.start:
            stack.pop()
        outer = d.parent_name or (stack[-1].name if stack else None)
        if outer:
            nested.add(f"{outer.rpartition('.')[2]}.{d.name}")
        stack.append(d)
    return [d._replace(parent_name=d.parent_name.rpartition(".")[2])
            if d.parent_name and "." in d.parent_name and d.parent_name not in nested else d for d in raw_defs]


def _gtest_class(d):
    """``TEST(Lexer, Error) {..}``: GoogleTest defines a class ``Lexer_Error_Test`` whose body this is, and names it so
    in a stack trace: the test is ``Lexer_Error_Test``, a function of the file, no function ``Error`` a call of that
    name reaches (google benchmark's ``TEST(StringUtilTest, stoi)`` calling ``benchmark::stoi`` went to itself,
    leaving ``stoi`` dead at 0.9; ninja's ``TEST(Lexer, Error)`` was a candidate of every ``Error(..)``). Not a
    method ``Lexer.Error``: it would join a class ``Lexer`` the suite shares its name with, and be guessed for any
    ``x.Error()``. (A ``TEST_F``'s fixture is a class whose members its body uses: its own rule.)"""
    return d._replace(name=f"{d.parent_name}_{d.name}_Test", parent_name=None)


def owners_among(g, member, candidates: list[str]) -> list[str]:
    """``struct Table::Rep { .. }`` in table.cc where another class nests a type of that name (leveldb's memtable.h:
    ``typedef SkipList<..> Table;`` in ``MemTable``): ``Table::`` written at a namespace's level names the top-level
    class, never a member type of another class; so the member joins the one candidate whose qualified name is the
    member's prefix (rows.py gives methods their parent so). Several such (a class per namespace): none, as before."""
    prefix = member.qualname.rpartition(".")[0]
    top = [c for c in candidates if g.by_id[c].qualname == prefix]
    return top if len(top) == 1 else []


def exports_all(path: str) -> bool:
    """What a header declares is there for the files including it (its classes' private members too: C++ has no
    module boundary the parser sees)."""
    return path.endswith(_HEADERS)


_C_CAST = lazy_re(r"^\(\s*\(\s*(?:const\s+)?([A-Za-z_][\w:]*)[\s*&]*\)\s*[\w.]+\s*\)$")
_CAST = lazy_re(r"(?:static|dynamic|reinterpret|const)_cast\s*<\s*(?:const\s+)?([A-Za-z_][\w:]*)[\s*&]*>\s*\(")


def receiver_path(receiver: str) -> str:
    """``log::`` -> ``log``; ``Table<K, V>::`` -> ``Table``; ``a::B::`` -> ``a.B`` (the resolver's dotted form; ``->``
    was written ``.`` by the parser: ``MEMBER_ACCESS``); a cast ``reinterpret_cast<DBImpl*>(db)`` -> ``DBImpl()``:
    an object of the type cast to (a thread's entry taking back its ``void*``), and so ``((DBImpl*)db)``."""
    cast = _CAST.match(receiver) if receiver.endswith(")") else None
    if cast:
        from ..parse import _one_call

        if _one_call(receiver, cast.end() - 1):  # cast<T>(x), not cast<T>(x).f()
            return cast.group(1).replace("::", ".") + "()"
    c_cast = _C_CAST.match(receiver)  # ((Pigeon*)t)->send()
    if c_cast:
        return c_cast.group(1).replace("::", ".") + "()"
    if "::" in receiver or "<" in receiver:
        while "<" in receiver and _TEMPLATE_ARGS.search(receiver):
            receiver = _TEMPLATE_ARGS.sub("", receiver)
        receiver = receiver.removesuffix("::").replace("::", ".")
    return receiver


def _qualified(node, child):
    """``std::string``: the type is the qualified name, captured whole with its scope as receiver; the bare name
    inside it is no use of its own."""
    return None if child.type == "type_identifier" else ...


TYPE_ARGUMENTS = frozenset({"template_argument_list"})
_ALIASED = frozenset({"type_identifier", "template_type", "qualified_identifier"})


def _described(holder, child):
    """The form of a type written as a ``type_descriptor`` under ``holder``."""
    if holder is not None and holder.type in TYPE_ARGUMENTS:
        return ...
    if holder is not None and holder.type == "alias_declaration":
        return "alias" if child.type in _ALIASED else "annotation"
    return "annotation"

# std::unique_ptr<Rep> rep_: rep_->f() is Rep's f (the smart pointer's own methods are BUILTIN_METHODS)
TRANSPARENT_TYPES = frozenset({"unique_ptr", "shared_ptr", "weak_ptr", "optional", "reference_wrapper",
                               "StrictMock", "NiceMock", "NaggyMock"})
_SMART_POINTER = lazy_re(r"^(?:const\s+)?(?:std::)?(?:unique_ptr|shared_ptr|weak_ptr|optional)\s*<\s*(?:const\s+)?"
                         r"((?:[A-Za-z_]\w*::)*[A-Za-z_]\w*)\s*(?:,[^<>]*)?>$")
# the smart pointer's own methods (p.get(), p.reset()): on a value typed as what it points to, where that class lacks
# them, they are the pointer's (external), never unresolved; one the class has is taken as its (p->get() and p.get()
# read the same here)
WRAPPER_METHODS = frozenset({"get", "reset", "release", "swap", "use_count", "unique", "lock", "expired",
                             "has_value", "value", "value_or", "emplace", "owner_before"})
NAMED_COLLECTIONS = True  # NodeList nodes, with typedef std::vector<Node*> NodeList: an element of nodes is a Node
# what the standard containers give beyond parse's generic accessors (m[k], m.at(k), v[i]): v.front(), v.back(),
# a stack's top() are an element, on a container only (a smart pointer's p->front() is its pointee's method; an
# optional's value() is left: o->value() on an optional of a class with value() would read the same)
ELEMENT_ACCESSORS = frozenset({"front", "back", "top"})
# an entry of a map (what its iterator points to, what a loop over it takes: a std::pair): .second is the mapped
# value, .first the key; read only where the file declares the map (a vector of pairs' .second is not known)
ENTRY_MEMBERS = {"second": "value", "first": "key"}
ITEM_TYPES = frozenset({"vector", "deque", "list", "forward_list", "set", "unordered_set", "multiset",
                        "unordered_multiset", "array", "span", "stack", "queue", "priority_queue", "flat_set",
                        "InlinedVector", "flat_hash_set", "node_hash_set", "btree_set"})
IMPLICIT_FIELDS = True  # for (auto& s : sinks_) in a method: an element of the class's field sinks_, wherever declared
MAP_TYPES = frozenset({"map", "unordered_map", "multimap", "unordered_multimap", "flat_map", "btree_map",
                       "flat_hash_map", "node_hash_map"})


_TYPE_PARAMETERS = frozenset({"type_parameter_declaration", "optional_type_parameter_declaration",
                              "variadic_type_parameter_declaration"})


def type_parameter(node, name: str) -> bool:
    """Whether ``name`` is a type parameter of a template around ``node`` (``template <typename T> class Table {
    std::vector<T*> vec; }``: ``T`` is whatever the template is built with)."""
    current = node.parent
    while current is not None:
        if current.type == "template_declaration":
            params = current.child_by_field_name("parameters")
            for param in params.named_children if params is not None else ():
                declared = param.child_by_field_name("name") or next(
                    (c for c in param.named_children if c.type == "type_identifier"), None)
                if param.type in _TYPE_PARAMETERS and declared is not None and declared.text.decode() == name:
                    return True
        current = current.parent
    return False


def settle_bindings(var_bindings: list, _raw_refs: list) -> list:
    """A template's type parameter (cpp.scm's ``@var.narrowed``: ``narrowed:Encoding``) also binds its name written
    as a scope, so ``Encoding::Put(os_, c)`` in ``template <typename Encoding, ..> class EncodedStream`` is the open
    guess a value of it gets (``handler.Null()``), any class's static ``Put`` the template may be built with; not a
    namespace's function, which ``namespaced`` looked up as the bare name (the class's own ``Put`` by
    ``implicit_this``, or nothing)."""
    scoped = [b._replace(name=b.name + "::") for b in var_bindings
              if b.receiver == NARROWED_VALUE + b.name and b.name.isidentifier()]
    return var_bindings + scoped if scoped else var_bindings


def cast_type(text: str) -> str | None:
    """``std::unique_ptr<Node> p``, ``std::shared_ptr<const Node>``: ``p->visit()`` is Node's (the smart pointer's own
    methods are ``BUILTIN_METHODS``, guessed among the classes the file sees); None for any other declared type, or a
    pointer to what is no one named type (``unique_ptr<Node[]>``, ``unique_ptr<T, Deleter<T>>``)."""
    held = _SMART_POINTER.match(" ".join(text.split()))
    return held.group(1) if held else None


def _field_type(node, child):
    """A field's declared type; none where it is a template's type parameter (``Handler& handler;`` in a struct of
    a function template, ``T* item;`` in a class template): of whatever class the template is built with, so a call
    on it is guessed by name (``NARROWED_GUESS_OPEN``), not a library type's (no class of ours bears its name). A
    member alias of one (``json_sax_t* sax;``) is used there, and declares no class either."""
    if child.type == "type_identifier" and type_parameter(node, child.text.decode()):
        return None
    if child.type == "type_identifier" and _parameter_alias(node, child.text.decode()):
        return "annotation"
    return _declared("field")(node, child)


def _parameter_alias(node, name: str) -> bool:
    """Whether ``name`` is a member alias of a type parameter in a class around ``node`` (nlohmann's ``using
    json_sax_t = SAX;`` in ``template <.., typename SAX> class binary_reader``, its field ``json_sax_t* sax``)."""
    current = node.parent
    while current is not None:
        if current.type == "field_declaration_list":
            for member in current.named_children:
                if member.type == "alias_declaration" and _aliases_parameter(member, name):
                    return True
        current = current.parent
    return False


def _aliases_parameter(alias, name: str) -> bool:
    own = alias.child_by_field_name("name")
    if own is None or own.text.decode() != name:
        return False
    value = alias.child_by_field_name("type")
    aliased = value.child_by_field_name("type") if value is not None else None
    return aliased is not None and aliased.type == "type_identifier" and type_parameter(alias, aliased.text.decode())


def _typedef(node, child) -> str | None:
    """What a typedef stands for. ``typedef HandlerTest GenEmitterTest``: none here, cpp.scm places that reference at
    the alias's own name (so that it is the alias's, not the file's); the alias's own name is no use."""
    declarator = node.child_by_field_name("declarator")
    if declarator == child or (child.type == "type_identifier" and declarator is not None
                               and declarator.type == "type_identifier"):
        return None
    return "alias" if child.type in _ALIASED else "annotation"


TYPE_CONTEXTS = {
    "struct_specifier": _tag, "union_specifier": _tag, "enum_specifier": _tag, "class_specifier": _tag,
    "qualified_identifier": _qualified,
    **dict.fromkeys(("parameter_declaration", "optional_parameter_declaration"), "parameter"),
    "function_definition": "return", "field_declaration": _field_type, "declaration": _declared("variable"),
    # typedef std::shared_ptr<Node> NodeRef: what the alias stands for, as with using NodeRef = ...
    "type_definition": _typedef,
    "alias_declaration": alias_form,
    # a base is an ``inherits`` reference, ``new T`` a call, a template's own parameter no use
    **dict.fromkeys(("base_class_clause", "new_expression", "type_parameter_declaration",
                     "optional_type_parameter_declaration"), None),
    # std::vector<Slice>: a template's argument (``generic``); using E = Env<Posix>: what the alias stands for;
    # else a cast's or sizeof's type
    "type_descriptor": lambda node, child: _described(node.parent, child),
    **dict.fromkeys(("cast_expression", "sizeof_expression", "compound_literal_expression"), "annotation"),
}


def namespaced(resolver, r, src):
    """``log::f()``, ``leveldb::Slice``: a qualified name whose scope no class layer read as a class is a namespace's
    member, which is the bare name as the file sees it (its own, included, linked), those declared in that namespace
    first (``in_namespace``); a namespace of the standard or of a known library is the library's."""
    from dataclasses import replace

    from ..graph import CALLABLE
    from ..resolve import EXTERNAL, _narrowed_only

    if not r.receiver.endswith("::"):
        return None
    hooks = resolver.hooks.get(r.path, resolver.no_hooks)
    scope = receiver_path(r.receiver)
    if _narrowed_only(r):  # Encoding::Put(os_, c), Encoding a type parameter (settle_bindings): a value's guess
        return resolver._guess(replace(r, receiver=scope), CALLABLE, hooks)
    if scope.split(".")[0] in hooks.external:
        return EXTERNAL
    bare = replace(r, receiver=None)
    for layer in hooks.name_layers:
        found = layer(resolver, bare, src)
        if found:
            return found._replace(ids=in_namespace(resolver, found.ids, scope))
    # a library's namespace (external) or unknown: never a guess among the repository's same-named methods
    return resolver._guess(bare, CALLABLE, hooks)


def global_name(resolver, r, dotted: str) -> str | None:
    """``spdlog.logger`` (a type or value written ``spdlog::logger``) that no class or include names: namespaces are
    no definitions, so it is its last name as the file sees it, the one declared in that namespace first; the
    standard library's stays external."""
    head, dot, _ = dotted.partition(".")
    if not dot or head in EXTERNAL_RECEIVERS:
        return None
    hit = resolver._visible_name(r, dotted.rpartition(".")[2])
    ids = in_namespace(resolver, hit.ids, dotted.rpartition(".")[0]) if hit else []
    return ids[0] if ids else None


@lru_cache(maxsize=4096)
def _namespace_parts(package: str) -> tuple[tuple[int, str], ...]:
    return tuple((int(line), ns) for line, _, ns in (part.partition(":") for part in package.split(NAMESPACE_PARTS)))


def namespace_at(package: str | None, line: int) -> str:
    """The namespace of a file's part holding ``line`` (``block_package``), "" for the global one."""
    found = ""
    for first, ns in _namespace_parts(package) if package else ():
        if first > line:
            break
        found = ns
    return found


def in_namespace(resolver, ids: list[str], scope: str) -> list[str]:
    """Of the top-level definitions a qualified name's last part finds, those declared in the namespace its scope
    names (``spdlog.formatter``: spdlog's class, not the bundled ``fmt::formatter``), where some are: the scope
    written may be relative (``details.os`` in ``spdlog::sinks``: ``spdlog::details::os``), so a namespace ending
    with it. A member (``Class::m`` defined out of its class), a namespace nowhere declared: all of them."""
    if len(ids) < 2 or not scope:
        return ids
    suffix = "::" + scope.replace(".", "::")
    by_id = resolver.g.by_id
    inside = [i for i in ids if i in by_id and ("::" + _namespace_of(resolver, by_id[i])).endswith(suffix)]
    return inside or ids


def visible_members(resolver, r, src, found):
    """``detail::vformat_to(..)`` with its overloads (twins of a file: ``fmt::detail::vformat_to`` beside
    ``fmt::vformat_to`` in format.h): those of the namespace written, where some are."""
    if not r.receiver.endswith("::") or _MACRO_NAME.match(r.name):
        return found
    return found._replace(ids=in_namespace(resolver, found.ids, receiver_path(r.receiver)))


_MACRO_NAME = lazy_re(r"^[A-Z][A-Z0-9_]*$")  # a macro's (FMT_BUILTIN_CLZ): of no namespace, wherever defined


def _namespace_of(resolver, sym) -> str:
    return namespace_at(resolver.files.get(sym.path, {}).get("package"), sym.line)


def extend_layers(name_layers: list, member_layers: list) -> None:
    """A bare ``f()`` in a method: the class's first, then the file's includes, then the linker's; a qualified one:
    a class's member, else a namespace's function."""
    name_layers.insert(name_layers.index("scoped") + 1, implicit_this)
    name_layers.insert(name_layers.index("scoped") + 2, aliased_class_member)
    name_layers.insert(name_layers.index("imported"), macro_for_function)  # zlib's gzsetparams() in zfstream.cpp
    name_layers.insert(name_layers.index("imported"), included_variants)
    name_layers.append(linked)
    member_layers.append(implicit_this_field)
    member_layers.insert(member_layers.index(implicit_this_field) + 1, aliased_class_member)
    member_layers.append(namespaced)


def aliased_class_member(resolver, r, src):
    """A method of a typedef (GoogleTest's ``typedef HandlerTest GenEmitterTest; TEST_F(GenEmitterTest, t) {..}``,
    yaml-cpp's generated tests): a bare ``Parse(..)`` or a field's ``handler.OnScalar(..)`` in it is the class's the
    alias stands for (its members, its fields' declared types), as in a method of that class."""
    cls = resolver._enclosing_class(src)
    if cls is None or resolver.g.by_id[cls].kind != "type":
        return None
    target = resolver.return_class(cls)
    if not target or target == cls or target not in resolver.g.by_id:
        return None
    if r.receiver is None:
        found = resolver._member(target, r.name)
        return found or None
    return implicit_this_field(resolver, r, target)  # the class itself as the caller: its fields, its bases'


# a namespace a library opens and closes with a macro alone on its line (fmt's ``FMT_BEGIN_NAMESPACE``, nlohmann's
# ``NLOHMANN_JSON_NAMESPACE_BEGIN``, ``BEGIN_NAMESPACE_STD``): the macro's name says so, and its first other word
# names the namespace, lower-cased (``fmt``, ``nlohmann``, ``std``); within that namespace already, the words after it
# name the one it opens there (fmt's ``FMT_BEGIN_DETAIL_NAMESPACE``: ``fmt::detail``; absl's ``ABSL_NAMESPACE_BEGIN``
# inside ``namespace absl {``: its versioned inline namespace, nothing added)
_NAMESPACE_MACRO = lazy_re(rb"^[ \t]*([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)[ \t]*;?[ \t]*(?://[^\n]*)?$", re.M)
_OPENS, _CLOSES = frozenset({"BEGIN", "OPEN", "START"}), frozenset({"END", "CLOSE"})
_NAMESPACE_BLOCKS = frozenset({"translation_unit", "declaration_list", "linkage_specification", "preproc_if",
                               "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef"})
NAMESPACE_PARTS = ";"  # files.package of a C++ file: ``line:namespace`` from that line on, in line order


class NamespaceMark(NamedTuple):
    """Where a namespace block opens (``name``; "" for an unnamed or inline one, no part of a qualified name) or,
    ``name`` None, the innermost open one closes: from ``line`` on."""

    line: int
    name: str | None
    macro: bool = False


def _macro_marks(written: bytes) -> list[NamespaceMark]:
    marks = []
    for m in _NAMESPACE_MACRO.finditer(written):
        words = m.group(1).decode().split("_")
        if "NAMESPACE" not in words or not (set(words) & (_OPENS | _CLOSES)):
            continue
        line = written.count(b"\n", 0, m.start(1)) + 1
        named = [w for w in words if w not in _OPENS | _CLOSES | {"NAMESPACE"}]
        opens = bool(set(words) & _OPENS)
        marks.append(NamespaceMark(line, "::".join(named).lower(), True) if opens else NamespaceMark(line + 1, None))
    return marks


def _tree_marks(node, marks: list) -> list[NamespaceMark]:
    """The namespace blocks under ``node``, walked through what may hold one (never a function's body). A loop, not
    a recursion: namespaces nested a thousand deep exhausted Python's stack; the caller sorts the marks by line."""
    holders = [node]
    while holders:
        for child in holders.pop().named_children:
            if child.type == "namespace_definition":
                name = child.child_by_field_name("name")
                inline = any(c.type == "inline" for c in child.children)
                written = "" if name is None or inline else "".join(name.text.decode().split())
                marks.append(NamespaceMark(child.start_point[0] + 1, written))
                marks.append(NamespaceMark(child.end_point[0] + 2, None))
                body = child.child_by_field_name("body")
                holders += [body] if body is not None else []
            elif child.type in _NAMESPACE_BLOCKS:
                holders.append(child)
    return marks


def _opened(outer: str, mark: NamespaceMark) -> str:
    """The namespace ``mark`` opens inside ``outer`` (an unnamed or inline one: ``outer`` itself)."""
    if not mark.name:
        return outer
    first, _, rest = mark.name.partition("::")
    if mark.macro and outer.rpartition("::")[2] == first:
        return f"{outer}::{rest}" if rest else outer
    name = first if mark.macro else mark.name
    return f"{outer}::{name}" if outer else name


def block_package(tree_root, written: bytes) -> str | None:
    """Each part's namespace, from the line it opens (``namespace a {``, a namespace macro) to the line after it
    closes: ``9:spdlog;10:spdlog::sinks;17:spdlog;18:``; None where the file opens none."""
    marks = sorted(_tree_marks(tree_root, []) + _macro_marks(written), key=lambda m: (m.line, m.name is not None))
    if not marks:
        return None
    stack: list[str] = []
    parts: dict[int, str] = {}
    for mark in marks:
        if mark.name is None:
            stack = stack[:-1]
        else:
            stack.append(_opened(stack[-1] if stack else "", mark))
        parts[mark.line] = stack[-1] if stack else ""
    return NAMESPACE_PARTS.join(f"{line}:{ns}" for line, ns in parts.items())
