"""Python imports: absolute (from each package root), relative (``from ..a import b``), aliases, ``__init__``."""

from __future__ import annotations

import abc
import builtins
import functools
import importlib
import keyword
import os
import posixpath
import re
import typing

from pipeline.safeio import read_config

from . import call_head, entry_reason_with, has_kind, name_template, no_package_scope, of_kind, settle_templates, \
    split_outside, with_entries
from ..lazyre import lazy_re
from ..marks import ITEMS, KEYS

GROUP = "python"
LOCAL_DEFINITIONS_SCOPED = True  # a nested ``def`` or class is a local of its function: no other code names it
IMPORT_BINDS_HEAD = True  # import a.b binds a, the package, too
LOOPS_TAKE_YIELDS = True  # for x in gen(): what gen yields (its yield statements are read as returns)
# for i, (a, b, c) in enumerate(zip(xs, ys, zs)): enumerate's element is at place 1, zip's arguments' from 0
PAIRED_LOOPS = {"zip": (0, None), "enumerate": (1, 1)}
# builtins whose result iterates as their first argument: for m in reversed(self.middleware) takes its elements
ELEMENT_KEEPING = frozenset({"reversed", "sorted", "list", "tuple", "set", "frozenset", "iter"})
PAIRS_METHOD = "items"  # for k, v in d.items(): v is one of d's values (k is left unbound, see python.scm)
INDEX_METHOD = "__getitem__"  # layout["body"].update(), layout: Layout: what Layout.__getitem__ declares it returns
ITERATOR_METHOD = "__iter__"  # for x in f(), f() -> Lines: what Lines.__iter__ declares its iterator yields
PURE_DECORATORS = frozenset({
    "staticmethod", "classmethod", "property", "abstractmethod", "override", "cached_property", "functools.wraps",
    "wraps", "lru_cache", "functools.lru_cache", "cache", "functools.cache", "functools.cached_property",
    "dataclass", "dataclasses.dataclass", "abc.abstractmethod", "typing.overload", "overload", "typing.override",
    "contextmanager", "contextlib.contextmanager", "asynccontextmanager", "contextlib.asynccontextmanager",
    "total_ordering", "functools.total_ordering", "functools.singledispatch", "singledispatch",
    "typing.final", "final", "typing.no_type_check"})
PARAMETER_REF_KIND = "fixture"  # a pytest test's or fixture's parameter names a fixture
# pytest's own fixtures: where the repository defines none of the name, a test's parameter holds pytest's object
LIBRARY_FIXTURES = frozenset({"tmp_path", "tmp_path_factory", "tmpdir", "tmpdir_factory", "monkeypatch", "capsys",
                              "capsysbinary", "capfd", "capfdbinary", "caplog", "recwarn", "request", "pytestconfig",
                              "record_property", "record_testsuite_property", "record_xml_attribute", "cache",
                              "doctest_namespace", "pytester", "testdir"})
METHOD_ORDER = "c3"  # methods are looked up in C3 linearization order
MODULE_ALTERNATIVES = True  # try: from ._speedups import f / except ImportError: def f(): elsewhere, f() is either
OVERLOADS = False  # a method defined again in its class is a property's setter or deleter, or replaces the first
PARAMETER_FLOW = True  # run(cb=f): cb() inside run calls f
# an update's one file collects the top-level nodes its edit changed alone, the rest of its query captures taken from
# its last parse (``topnodes``): a Python match's records are made from its own nodes (a module-level ``if``'s rest
# after it is no scope, ``parse._rest_after``), proven on random edits of sympy and site-packages files
TOP_NODES_KEPT = True
NAMED_CONSTRUCTORS = "__init__"  # Foo(x) runs Foo's __init__ (its own or a base class's)
CALL_OPERATOR = "__call__"  # v = Range(1, 2); v(x) runs Range's __call__
VALUE_TYPES = frozenset({"bool", "int", "float", "complex", "str", "bytes", "list", "dict", "set", "frozenset",
                         "tuple"})  # a field declared one is never what x.name() calls, guessed by name
NAMESPACE_PACKAGES = True  # from pkg import mod, pkg a folder without __init__.py: pkg/mod.py
SIGNATURE_OUTSIDE = True  # def f(deprecated: deprecated | None, regex: Annotated[str, deprecated("..")]): the import
MISSING_MEMBER_METHOD = "__getattr__"  # pm.hook.my_hook: what HookRelay.__getattr__ declares it returns


class ClassManager(typing.NamedTuple):
    """The manager a library base gives a class (``Hooks.class_manager``): its member names, the methods giving
    one instance of the class and those giving a collection of them (whose methods are these again); and the suffix
    of a member managing another class's instances, named by that class lowered (a reverse relation)."""

    members: frozenset
    instances: frozenset
    collections: frozenset
    related_suffix: str


# Django's models: Book.objects.get(pk=1) is a Book, Book.objects.filter(..).order_by(..) a QuerySet of Books
# (for b in ..: a Book), whose get/first/last give one; a model's own ``objects = BookManager()`` is a field of ours;
# project.check_set (a ForeignKey to Project in Check, no related_name) manages Checks as Check.objects does
CLASS_MANAGER = ClassManager(
    related_suffix="_set",
    members=frozenset({"objects"}),
    instances=frozenset({"get", "first", "last", "earliest", "latest", "create", "aget", "afirst", "alast",
                         "aearliest", "alatest", "acreate"}),
    collections=frozenset({"all", "filter", "exclude", "order_by", "select_related", "prefetch_related", "only",
                           "defer", "distinct", "reverse", "annotate", "alias", "using", "select_for_update", "none",
                           "union", "intersection", "difference", "extra"}))
STARS_VISIBLE = True  # from peewee import *: db.atomic() on an untyped db prefers the classes the star brings
GUESS_REACH = 2  # self.db.run() on an untyped db: a run() of a class the file reaches in two imports, else none
BASE_MEMBER_USES_CLASS = True  # Book.create(), create a base Model's classmethod: Book is used
CLASS_CALLS_BUILD_SUBCLASS = True  # KV.create() of Model.create (return cls(..)): a KV
DEF_BINDS_LOCAL = True  # def f() in one branch, f = other in the other: f() after both may run the def
LOCALS_SHADOW = True  # a parameter or local variable is that variable, never a same-named definition of the file (a
# pytest fixture parameter is the fixture's value: its edge to the fixture is the parameter's own, resolution fixture)
# self.status_code = 404 in a subclass of a class with a status_code property runs the property's setter: no field
ASSIGNED_FIELDS_YIELD = True
WRITTEN_SELF = True  # def run(self, cb): obj.run(f) gives f to cb, the parameter after self
# what a binary operator runs on its left operand (python.scm's @var.operated: ``stop = stop_a | stop_b`` holds what
# ``stop_base.__or__`` declares it returns); comparisons are left out (they give bools), and ``/``: a path joined is
# a path of the same kind (python.scm's pattern before it), the library's pathlib, zipfile or yarl class
# (each with its reflected method, which a string on the left gives way to: "XXX" + expr is the ParserElement's
# __radd__'s result, str's __add__ declining it)
OPERATOR_METHODS = {op: (f"__{name}__", f"__r{name}__") for op, name in (
    ("+", "add"), ("-", "sub"), ("*", "mul"), ("@", "matmul"), ("//", "floordiv"), ("%", "mod"), ("**", "pow"),
    ("<<", "lshift"), (">>", "rshift"), ("&", "and"), ("|", "or"), ("^", "xor"))}
# ... but a string's % formats whatever is on its right ("X-Reason: %s" % reason: a str, never reason's __rmod__)
OPERATOR_METHODS["%"] = ("__mod__", None)
NAMESPACE_RECEIVERS = frozenset({"globals()", "vars()"})  # vars()["do_" + name]: the module's do_* functions
ASYNC_PROTOCOL = {"__iter__": "__aiter__", "__next__": "__anext__", "__enter__": "__aenter__", "__exit__": "__aexit__"}
MARKER_BASES = frozenset({"Generic", "ABC", "object"})  # from outside: types, no behaviour (asyncio.Protocol has)
# builtins calling a function passed to them, by the slot it is passed in (``#0``: first positional, else the
# keyword): sorted(xs, key=f) calls f, but only iterates xs (sorted(self.stores), max(self.n, 1): no call)
_FIRST, _SECOND = frozenset({"#0", "function"}), frozenset({"#1", "func"})
CALLS_PASSED = {"map": _FIRST, "filter": _FIRST, "reduce": _FIRST, "functools.reduce": _FIRST,
                "itertools.starmap": _FIRST, "itertools.filterfalse": _FIRST, "itertools.takewhile": _FIRST,
                "itertools.dropwhile": _FIRST, "itertools.accumulate": _SECOND,
                "sorted": frozenset({"key"}), "min": frozenset({"key"}), "max": frozenset({"key"}),
                "itertools.groupby": frozenset({"#1", "key"})}
KEYWORDS = frozenset(keyword.kwlist)
# builtin classes whose methods code calls through the class: object.__setattr__(self, ..), dict.keys(self),
# type.__new__(mcs, ..): the builtin's method, never a guess among the repository's same-named ones
EXTERNAL_RECEIVERS = frozenset({"object", "type", "dict", "list", "set", "frozenset", "tuple", "str", "bytes",
                                "bytearray", "int", "float"})
BUILTINS = frozenset(name for name in dir(builtins) if not name.startswith("_"))
BUILTIN_GUESS_NAMED = True  # self.options.get(): a dict's get, not the one visible class's, unless named after it
# self.database.execute() on an untyped value: Database.execute (and its overrides), not also Operation.execute and
# BaseQuery.execute; a receiver naming no candidate's class (db.execute()) keeps them all
RECEIVER_NAMES_OWNER = True
# a guess among a method and its overrides is the method they override: the dispatch edges reach the overrides
# (db.execute() on an untyped db: Database.execute, not also each of its subclasses' execute)
GUESS_OVERRIDDEN = True
BUILTIN_METHODS = frozenset(name for kind in (dict, list, str, bytes, set, tuple, int, float) for name in dir(kind)
                            if not name.startswith("_")) | {"read", "write", "close", "flush", "readline", "seek",
                                                           "send", "__enter__", "__exit__", "__aenter__", "__aexit__"} \
    | {  # the standard library's objects met untyped: a file or buffer, a pathlib.Path, a re.Match, a process
        "getvalue", "readlines", "writelines", "fileno", "isatty", "truncate", "read_text", "write_text", "read_bytes",
        "write_bytes", "mkdir", "rmdir", "unlink", "iterdir", "joinpath", "with_suffix", "with_name", "relative_to",
        "is_file", "is_dir", "groupdict", "communicate", "terminate", "is_alive",
        # a DB-API (PEP 249) cursor, sqlite3's: the rows a query gives, fetched on a cursor nothing types
        "fetchone", "fetchall", "fetchmany", "executemany", "executescript"}


def class_body_name(resolver, r, src):
    """``visit_Template = _simple_visit``, ``__copy__ = copy`` in a class body: the body is a scope its own
    statements see (its methods do not), so a bare name written there is a definition of the body bound above it;
    one bound below is not yet, and the name is the module's."""
    sym = resolver.g.by_id.get(src)
    if sym is not None and sym.kind in ("field", "variable") and sym.parent_id:
        sym = resolver.g.by_id.get(sym.parent_id)  # the assignment's own target: its class's body
    if sym is None or sym.kind != "class":
        return None
    sid = resolver.g.members.get(sym.id, {}).get(r.name)
    member = resolver.g.by_id.get(sid) if sid else None
    if member is None or sid == src or not 0 < member.line < r.line:
        return None
    from ..resolve import Found  # imported here, past the common case's returns: a bare call's every look-up runs this

    return Found([sid], "same_file")


def extend_layers(name_layers: list, _member_layers: list) -> None:
    """A bare name in a class body is first one the body bound (``class_body_name``), then the enclosing scopes'."""
    name_layers.insert(name_layers.index("scoped"), class_body_name)


def guess_bare_names(resolver, path: str) -> bool:
    return False  # a name neither defined in the file nor imported is a builtin (or dynamic), not another module's


def is_exported(name: str, parent: str | None, captured: bool) -> bool:
    return captured or (not name.startswith("_") and not (parent or "").startswith("_"))


def _dunder(name: str, kind: str, parent: str | None) -> str | None:
    if name.startswith("__") and name.endswith("__"):
        return "dunder method"
    if kind == "method" and IPYTHON_HOOKS.match(name):
        return "IPython calls it by its name to display the object"
    if kind == "function" and parent is None and PYTEST_HOOKS.match(name):
        return "pytest calls it by its name: a plugin's hook"
    if kind == "function" and parent is None and name == "includeme":  # config.include("myapp.routes")
        return "Pyramid's config.include() runs a module's includeme by its name"
    return None


# a notebook's display protocol: _repr_html_, _repr_mimebundle_, _repr_pretty_, _ipython_display_ (rich's Jupyter mixin)
IPYTHON_HOOKS = lazy_re(r"^_(?:repr|ipython)_[a-z_]+_$")
# a pytest plugin's hooks (a conftest.py's, or a module an entry point registers: tox's ``tox.pytest``), by name
PYTEST_HOOKS = lazy_re(r"^pytest_[a-z_]+$")


_entry_reason = entry_reason_with(PURE_DECORATORS, _dunder)


def entry_reason(name: str, kind: str, parent: str | None, decorators: tuple) -> str | None:
    """A registering decorator, ``main``, a dunder; a property's ``@x.setter`` / ``.deleter`` registers nothing."""
    return _entry_reason(name, kind, parent, tuple(d for d in decorators if not d.endswith(PROPERTY_PARTS)))


PROPERTY_PARTS = (".setter", ".getter", ".deleter")

# files a framework or tool loads by their place, and the top-level names it takes from them (None: every class)
LOADED_FILES = (
    ("Alembic", lazy_re(r"(?:^|/)versions/[^/]+\.py$"),
     frozenset({"upgrade", "downgrade", "revision", "down_revision", "branch_labels", "depends_on"})),
    ("Django", lazy_re(r"(?:^|/)migrations/\d{4}_[^/]*\.py$"), frozenset({"Migration"})),
    ("Django", lazy_re(r"(?:^|/)management/commands/[^/_][^/]*\.py$"), frozenset({"Command"})),
    ("Django", lazy_re(r"(?:^|/)(?:urls|wsgi|asgi)\.py$"),
     frozenset({"urlpatterns", "app_name", "application", "handler400", "handler403", "handler404", "handler500"})),
    ("Django", lazy_re(r"(?:^|/)apps\.py$"), None),  # its AppConfig classes, named in settings or found
    # its extension hook, and sphinx.ext.linkcode's by its name
    ("Sphinx", lazy_re(r"(?:^|/)docs?/(?:[^/]+/)?conf\.py$"), frozenset({"setup", "linkcode_resolve"})),
    # a local extension under the docs folder (docs/_ext/x.py, conf.py's `extensions` naming it): its setup(app)
    ("Sphinx", lazy_re(r"(?:^|/)docs?/(?:[^/]+/)*[^/]+\.py$"), frozenset({"setup"})),
    # the setup hook an .ini's `[pshell] setup = myapp.pshell.setup` names (Pyramid's project templates)
    ("Pyramid's pshell", lazy_re(r"(?:^|/)pshell\.py$"), frozenset({"setup"})),
)


def file_entries(path: str, defs: list, root) -> list:
    """What a framework takes from a file it loads by its place, or by the names it defines (``MODULE_PROTOCOLS``):
    an Alembic revision's ``upgrade`` and ``downgrade``, a Django migration's ``Migration``, a management command's
    ``Command``, a URLconf's ``urlpatterns``, an ``apps.py``'s ``AppConfig``, an asv benchmark's ``time_*``, a thefuck
    rule's ``match``: nothing in the repository names them."""
    if root is not None and any(path.startswith(folder + "/") for folder in _asv_benchmark_dirs(str(root))):
        suites = {d.parent for d in defs if d.kind == "method" and ASV_NAMES.match(d.name)}
        defs = with_entries(defs, lambda d: "asv runs it by its name" if (
            d.kind in ("function", "method") and ASV_NAMES.match(d.name)) or d.qualname in suites else None)
    rules = [(tool, names, "by its place") for tool, pattern, names in LOADED_FILES if pattern.search(path)]
    rules += _module_protocols(path, defs)
    if not rules:
        return defs

    def reason(d) -> str | None:
        rule = next(((tool, how) for tool, names, how in rules if d.parent is None and (
            d.name in names if names is not None else d.kind == "class")), None)
        return f"{rule[0]} loads this file {rule[1]} and takes its {d.name}" if rule else None

    return with_entries(defs, reason)


class ModuleProtocol(typing.NamedTuple):
    """A module a tool imports and reads by the names it defines, wherever the module lies: ``defines`` all at its
    top level tell such a module apart, the tool takes ``takes`` from it."""

    tool: str
    place: typing.Any  # a pattern its path must match (None: any path)
    defines: frozenset
    takes: frozenset


# Found by what they define, not by their folder: an Alembic revision lies where the project's `script_location` or
# `version_locations` says (flaskbb's `flaskbb/migrations/2015.._init.py`, a Flask-Alembic configuration, not a
# `versions/` folder: its 13 upgrade/downgrade pairs were dead at 0.6), and a thefuck rule module under any `rules/`
# folder (thefuck's own, a `thefuck_contrib_*` package's, ~/.config/thefuck/rules) is loaded and its match /
# get_new_command called by name (its undecorated rules were dead at 0.6, decorated ones already taken)
MODULE_PROTOCOLS = (
    ModuleProtocol("Alembic", None, frozenset({"revision", "down_revision", "upgrade"}),
                   frozenset({"upgrade", "downgrade", "revision", "down_revision", "branch_labels", "depends_on"})),
    ModuleProtocol("thefuck", lazy_re(r"(?:^|/)rules/[^/]+\.py$"), frozenset({"match", "get_new_command"}),
                   frozenset({"match", "get_new_command", "side_effect", "enabled_by_default", "priority",
                              "requires_output"})),
)


def _module_protocols(path: str, defs: list) -> list:
    """The (tool, names, how) rules of ``MODULE_PROTOCOLS`` whose names the file defines at its top level."""
    if not path.endswith(".py"):
        return []
    top = {d.name for d in defs if d.parent is None}
    return [(p.tool, p.takes, "by the names it defines") for p in MODULE_PROTOCOLS
            if p.defines <= top and (p.place is None or p.place.search(path))]


# airspeed velocity runs, by name, every benchmark function or method of its benchmark folder and their set-ups
ASV_NAMES = lazy_re(r"^(?:(?:time|timeraw|mem|peakmem|track)_\w*|setup|teardown|setup_cache)$")
_ASV_DIR = lazy_re(r'"benchmark_dir"\s*:\s*"([^"]+)"')
_ASV: dict[str, tuple[str, ...]] = {}


def _asv_benchmark_dirs(root: str) -> tuple[str, ...]:
    """The benchmark folders (relative to ``root``) that an ``asv.conf.json`` at the top or one folder down names
    (``benchmark_dir``, default ``benchmarks`` beside it); read once per repository, through the safe reader."""
    found = _ASV.get(root)
    if found is None:
        dirs = []
        for folder in _asv_config_folders(root):
            data = read_config(root, posixpath.join(folder, "asv.conf.json"))
            if data is None:
                continue
            named = _ASV_DIR.search(data.decode("utf-8", "replace"))
            bench = posixpath.normpath(posixpath.join(folder, named.group(1) if named else "benchmarks"))
            if not bench.startswith(".."):
                dirs.append(bench)
        found = _ASV[root] = tuple(dirs)
    return found


def _asv_config_folders(root: str, most: int = 200) -> list[str]:
    """The repository's top folder and its first ``most`` folders (not links), where an asv.conf.json may sit."""
    try:
        with os.scandir(root) as entries:
            subfolders = [e.name for e in entries if e.is_dir(follow_symlinks=False) and not e.name.startswith(".")]
    except OSError:
        subfolders = []
    return ["."] + sorted(subfolders)[:most]


def _assignment(node, child) -> str:
    """``x: Foo = ...`` in a class body declares a field; elsewhere a variable."""
    block = node.parent.parent if node.parent is not None and node.parent.type == "expression_statement" else node.parent
    return "field" if block is not None and block.parent is not None and block.parent.type == "class_definition" \
        else "variable"


def _subscript(node, child):
    """``typing.Optional[Foo]``: the subscripted name is the type (look further up), the others its arguments."""
    return ... if node.child_by_field_name("value") == child else "generic"


TYPE_CONTEXTS = {"subscript": _subscript, "typed_parameter": "parameter", "typed_default_parameter": "parameter",
                 "function_definition": "return", "assignment": _assignment, "block": "annotation",
                 "module": "annotation"}
TYPE_ARGUMENTS = frozenset({"type_parameter"})
# a value of these is used as their first argument: `-> Optional[URL]` returns what `.host` is read on; what
# `-> Iterator[Row]` yields is what `for row in rows(): row.m()` (and a yield fixture's test) calls on
TRANSPARENT_TYPES = frozenset({"Optional", "Awaitable", "Final", "ClassVar", "Annotated", "Type", "type", "ReadOnly",
                               "Required", "NotRequired", "Iterator", "Iterable", "Generator", "AsyncIterator",
                               "AsyncIterable", "AsyncGenerator"})
# a value of Union[A, B] is an A or a B: each argument is declared where the union is (a return's, a field's)
UNION_TYPES = frozenset({"Union"})
RETURN_UNIONS = True  # -> A | B: a call's value is either (resolve.Hooks.return_unions)
UNKNOWN_MEMBER_READS = True  # acc.has_wildcard, acc untyped: an unresolved read of a property's name, not nothing
BARE_QUALIFIERS = frozenset({"Final", "ClassVar"})  # x: Final = Converter(): typed by its value


# typing.cast(Foo, x), cast("Foo", x), t.cast(Foo[int], x): what the value is, as the code states it
# cast("PlainQuantity[int | float]", self): a quoted generic is its class too
_CAST = lazy_re(r"""^(?:[A-Za-z_]\w*\.)?cast\(\s*(?:(["'])([A-Za-z_][\w.]*)(?:\[[^"'()]*\])?\1|([A-Za-z_][\w.]*))"""
                r"""\s*(\[[^()]*\])?\s*,.*\)$""", re.S)
_CLASS_OF = lazy_re(r"^\[\s*([A-Za-z_][\w.]*)\s*\]$")  # cast(type[_TAnyAccept], ds.Accept): the class itself


# C = TypeVar("C", bound=BaseConverter), t.TypeVar("_T", bound="Accept"): what an annotation naming it stands for
_BOUND_TYPEVAR = lazy_re(r"""^(?:[A-Za-z_]\w*\.)?TypeVar\(.*\bbound\s*=\s*(?:(["'])([A-Za-z_][\w.]*)\1|([A-Za-z_][\w.]*))\s*[,)]""",
                         re.S)


# Django's shortcuts: get_object_or_404(Check, code=code) is what Check.objects.get(..) gives, get_list_or_404(Check,
# ..) what Check.objects.filter(..) does (read along the model's manager, CLASS_MANAGER), the first argument a class
# by its capital or a reverse relation (hero.donation_set). The parse drops a call's arguments from the value it
# records, so only this hook sees the model
_SHORTCUT_OF_MANAGER = lazy_re(r"^(?:[A-Za-z_]\w*\.)?get_(object|list)_or_404\(\s*((?:[A-Za-z_]\w*\.)*([A-Za-z_])\w*)\s*[,)]")
_SHORTCUT_STEP = {"object": "get", "list": "filter"}
_AS_MANAGER = ".as_manager()"
_CLASS_NAME = lazy_re(r"^(?:[A-Za-z_]\w*\.)*[A-Z]\w*$")


def _shortcut_of_manager(text: str) -> str | None:
    """``get_object_or_404(Check, ..)`` as the manager's call it stands for (``Check.objects.get()``), else None."""
    m = _SHORTCUT_OF_MANAGER.match(text)
    if m is None:
        return None
    step = _SHORTCUT_STEP[m.group(1)]
    if m.group(3).isupper():  # a model: along its manager (one: objects)
        return f"{m.group(2)}.{min(CLASS_MANAGER.members)}.{step}()"
    # a reverse relation (hero.donation_set): its own get; not any variable, which may be an untyped parameter (a
    # query set or not: its get read by name is a guess where the library's shortcut gave an external value)
    return f"{m.group(2)}.{step}()" if "." in m.group(2) and m.group(2).endswith(CLASS_MANAGER.related_suffix) else None


# next((p for p in plugins if isinstance(p, DIPlugin)), None): an element of the generator (next itself is a
# builtin, whose result typed the value as the library's): the class its condition checks the element for, else what a
# loop over its collection takes (a mapping's keys, a list's elements)
_NEXT_OF_LOOP = lazy_re(r"^next\(\s*\(\s*([A-Za-z_]\w*)\s+for\s+\1\s+in\s+(.*)\)\s*(?:,[^()]*)?\)$", re.S)
_CHECKED = lazy_re(r"^isinstance\(\s*([A-Za-z_]\w*)\s*,\s*([A-Za-z_][\w.]*)\s*\)$")


def _next_element(text: str) -> str | None:
    """What ``next((p for p in xs if cond), default)`` gives: the class an ``isinstance(p, C)`` of ``cond`` (alone or
    and-ed) narrows ``p`` to, else an element of ``xs`` (a name, an attribute or a call); None for anything else."""
    m = _NEXT_OF_LOOP.match(" ".join(text.split()))
    parts = split_outside(m.group(2), " ", "[(", "])", closed=True) if m else None
    if not parts or parts[0] in ("", "if"):
        return None
    cut = parts.index("if") if "if" in parts else len(parts)
    collection, condition = " ".join(parts[:cut]), parts[cut + 1:]
    if "or" in condition or "not" in condition or "for" in condition or "for" in parts[:cut]:
        return None  # a check that may fail for the element, a second loop: nothing said of the element
    for part in " ".join(condition).split(" and "):
        checked = _CHECKED.match(part.strip())
        if checked and checked.group(1) == m.group(1):
            return checked.group(2)
    if collection.endswith(")"):
        return collection + ITEMS
    return collection + KEYS if collection.replace(".", "").replace("_", "").isalnum() else None


def cast_type(text: str) -> str | None:
    """The type ``cast(Foo, x)`` casts to (``Foo``; ``type[Foo]``: the class ``Foo``), or a ``TypeVar`` is bound to,
    else None; ``next((p for p in xs ..), None)``: the generator's element (``_next_element``); Django's
    ``get_object_or_404(Foo, ..)``: ``Foo.objects.get()`` (``_shortcut_of_manager``)."""
    if text.startswith("next("):
        return _next_element(text)
    if text.endswith(_AS_MANAGER):  # objects = BookQuerySet.as_manager(): a manager with the query set's methods
        return text[:-len(_AS_MANAGER)] + "()" if _CLASS_NAME.match(text[:-len(_AS_MANAGER)]) else None
    shortcut = _shortcut_of_manager(text) if "_or_404(" in text else None
    if shortcut is not None:
        return shortcut
    m = _CAST.match(text)
    if m and m.group(3) in ("type", "Type", "t.Type", "typing.Type") and _CLASS_OF.match(m.group(4) or ""):
        return _CLASS_OF.match(m.group(4)).group(1)
    m = m or _BOUND_TYPEVAR.match(text)
    return (m.group(2) or m.group(3)) if m else None


# what an early exit from a type check leaves (``if not isinstance(x, A): return``) holds past the end of the block
# it is in when that block is the body of a ``with`` (return; raise too unless the with catches what is raised:
# ``suppress(..)``, ``pytest.raises(..)``) or of a ``try`` whose every ``except`` leaves as well: code after these
# runs only where the check held. Never past a loop (it may run no time), an ``if`` or a ``match`` (its condition
# may be false), nor past a statement that assigns the variable again (``with open(p) as x``, ``x = ..``).
_CATCHING_WITH = lazy_re(r"\b(?:suppress|raises|assertRaises\w*)\s*\(")
_EXIT_NODES = frozenset({"return_statement", "raise_statement", "continue_statement", "break_statement"})
_REBINDING = {"assignment": "left", "augmented_assignment": "left", "for_statement": "left",
              "named_expression": "name", "as_pattern_target": None, "delete_statement": None}


def holds_past(block, exit: str, name: str, data: bytes):
    """The ``with`` or ``try`` statement whose body ``block`` is, where a check that left the block by ``exit``
    holds after that statement too; else None (see above)."""
    owner = block.parent
    if owner is None or not name:
        return None
    if owner.type == "with_statement":
        clause = next((c for c in owner.children if c.type == "with_clause"), None)
        catches = clause is not None and _CATCHING_WITH.search(data[clause.start_byte:clause.end_byte].decode(
            "utf-8", "replace")) is not None
        if exit == "raise_statement" and catches:
            return None
    elif owner.type == "try_statement" and owner.child_by_field_name("body") == block:
        handlers = [c for c in owner.children if c.type in ("except_clause", "except_group_clause")]
        if not all(_leaves(h) for h in handlers):
            return None
    else:
        return None
    return None if _rebinds(owner, name.encode(), data) else owner


def _leaves(handler) -> bool:
    """Whether an ``except`` clause's block ends by leaving (return, raise, continue, break; comments aside)."""
    body = next((c for c in handler.children if c.type == "block"), None)
    last = next((n for n in reversed(body.named_children) if n.type != "comment"), None) if body else None
    return last is not None and last.type in _EXIT_NODES


def _rebinds(statement, name: bytes, data: bytes) -> bool:
    """Whether ``statement`` assigns ``name`` anywhere (a plain name, also in a tuple target; ``as name``)."""
    stack = [statement]
    while stack:
        node = stack.pop()
        field = _REBINDING.get(node.type, "")
        target = node if field is None else node.child_by_field_name(field) if field else None
        if target is not None and _names(target, name, data):
            return True
        stack.extend(node.named_children)
    return False


def _names(target, name: bytes, data: bytes) -> bool:
    """Whether an assignment's target is ``name`` or holds it as a plain item (``a, name = ..``)."""
    if target.type in ("identifier", "attribute"):  # x = .., self.stream = ..
        return data[target.start_byte:target.end_byte] == name
    return target.type in ("pattern_list", "tuple_pattern", "list_pattern", "as_pattern_target", "delete_statement",
                           "expression_list") and any(_names(c, name, data) for c in target.named_children)


# the modules whose classes a check or a base may name, known here in full: what they derive from, which of them an
# isinstance() may hold for without deriving (an ABC a class registers with, a protocol)
_KNOWN_CLASS_MODULES = ("builtins", "collections.abc", "collections", "enum", "numbers", "abc", "typing")


@functools.lru_cache(maxsize=1024)
def _known_class(name: str):
    """The class a name outside the repository names among ``_KNOWN_CLASS_MODULES`` (``typing.MutableMapping``:
    collections.abc's), else None."""
    last = name.rpartition(".")[2]
    for module in _KNOWN_CLASS_MODULES:
        found = getattr(importlib.import_module(module), last, None)
        found = typing.get_origin(found) or found if module == "typing" else found
        if isinstance(found, type):
            return found
    return None


def _structural(cls: type) -> bool:
    """Whether isinstance() may hold for a class that does not derive from ``cls``: an ABC (registered, or
    ``__subclasshook__``: ``Iterable`` holds for anything with ``__iter__``) or a runtime protocol."""
    return isinstance(cls, abc.ABCMeta) or bool(getattr(cls, "_is_protocol", False))


def may_be_instance(outside_bases: list[str], checked: str) -> bool:
    """Whether a class of the repository whose bases outside it (through its bases and subclasses) are
    ``outside_bases`` may be an instance of the library's class ``checked`` (``isinstance(x, list)``): only where one
    of those bases is or may derive from it. A base this module does not know (a library's) may derive from
    anything; a check against an ABC or a protocol may hold for any class."""
    known = _known_class(checked)
    if known is not None and _structural(known):
        return True
    last = checked.rpartition(".")[2]
    for name in outside_bases:
        base = _known_class(name)
        if base is None:
            return True
        if issubclass(base, known) if known is not None else any(c.__name__ == last for c in base.__mro__):
            return True
    return False


def inline_type(receiver: str) -> str | None:
    """``cast(Foo, x)`` -> ``Foo``; ``Foo(...)`` (a constructor call) -> ``Foo``."""
    cast = cast_type(receiver)
    if cast:
        return cast
    head = call_head(receiver) if receiver.endswith(")") else None  # most receivers: no call, no scan
    if head is None or head.endswith(")"):  # make()(), getattr(o, n)(): a call of what the first call gives
        return None
    return receiver[: receiver.index("(")]


def settle_definitions(raw_defs: list, _imports: list, _root) -> list:
    """The definitions without the ``@typing.overload`` signatures of a function that the file then implements: they
    declare types, run nothing, and as twins of the implementation (``to``, ``to#2``, ``to#3``) they took its calls
    (the implementation, last, had no caller). A stub file's overloads, with no implementation, stay."""
    stubs = {d.start: d.name for d in raw_defs if d.kind == "function" and any(map(_is_overload, d.decorators))}
    if not stubs:
        return raw_defs
    # a decorated definition is captured with and without its decorators: a start is one definition
    # each name's last implementation, so an overload is dropped by one look-up: numpy's ``__init__.pyi`` holds
    # thousands of overloads and functions: a pass over every implementation per overload was 5 % of the stubs' calls
    last: dict[str, int] = {}
    for d in raw_defs:
        if d.kind == "function" and d.start not in stubs and d.start > last.get(d.name, -1):
            last[d.name] = d.start
    dropped = {start for start, name in stubs.items() if last.get(name, -1) > start}
    return [d for d in raw_defs if not (d.kind == "function" and d.start in dropped)]


def _is_overload(decorator: str) -> bool:
    return decorator == "overload" or decorator.endswith(".overload")


def declaration_only(path: str) -> bool:
    """A stub file (``.pyi``): signatures of code that runs elsewhere, mostly the ``.py`` beside it (attrs'
    ``validators.pyi``); a guess among same-named methods never lands on its declaration where one has a body."""
    return path.endswith(".pyi")


def parameter_refs(path: str, is_test: bool) -> bool:
    """Where pytest collects: test files and conftest.py."""
    return is_test or path.rpartition("/")[2] == "conftest.py"


def takes_parameter_refs(name: str, decorators: tuple) -> bool:
    """A pytest test or fixture: its parameters name fixtures."""
    return name.startswith("test") or any(d.rpartition(".")[2] == "fixture" for d in decorators)



def _module_path(path: str) -> str:
    stem = path.rsplit(".", 1)[0]
    return stem[: -len("/__init__")] if stem.endswith("/__init__") else ("" if stem == "__init__" else stem)


MODULE_KEYS_FROM_PATHS = True  # module_keys reads nothing but the paths (no config file): a warm process keeps them


def module_keys(paths: list[str], files: dict, root) -> dict[str, list[str]]:
    """Dotted names from the repository root and from each package root (the first folder without __init__.py)."""
    # str.rpartition, not posixpath: an update builds this for every file of the repository (15K on site-packages)
    packages = {p.rpartition("/")[0] for p in paths if p.rpartition("/")[2].startswith("__init__.")}
    out, above = {}, {}  # a file's folder -> the first folder above it (or itself) that is no package
    for path in paths:
        mod = _module_path(path)
        keys = [mod.replace("/", ".")] if mod else []
        start = path.rpartition("/")[0]
        folder = above.get(start)
        if folder is None:
            folder = start
            while folder and folder in packages:  # "" is the root: a package itself when it has __init__.py
                folder = folder.rpartition("/")[0]
            above[start] = folder
        if folder and mod.startswith(folder + "/"):
            keys.append(mod[len(folder) + 1:].replace("/", "."))
        out[path] = keys
    return out


package_scope = no_package_scope


def import_binding(module: str | None, name: str | None, alias: str | None):
    if name is None:  # import a.b [as c]
        return (alias or module), module, None
    local = None if name == "*" else (alias or name.rpartition(".")[2])
    return local, module, name


def is_external(importer: str, spec: str, index: dict, root) -> bool:
    """An absolute import whose top-level package no file of the repository has (``os``, ``requests``)."""
    if spec.startswith("."):
        return False
    return spec.split(".")[0] not in _top_level_names(index)


_TOP: list = [None, frozenset()]  # (index, its keys' first parts): one index per run


def _top_level_names(index: dict) -> frozenset:
    if _TOP[0] is not index:
        known = getattr(index, "top_level_names", None)  # a stored index (``graph._Keys``) answers unmade
        _TOP[:] = [index, known() if known is not None else frozenset(key.split(".")[0] for key in index)]
    return _TOP[1]


def resolve_module(importer: str, spec: str | None, index: dict, root) -> list[str]:
    if not spec:
        return []
    level = len(spec) - len(spec.lstrip("."))
    if not level:
        found = index.get(spec, [])
        return _beside(importer, spec, found, index) if len(found) > 1 else found
    folder = posixpath.dirname(importer)
    for _ in range(level - 1):
        folder = posixpath.dirname(folder)
    rest = spec[level:].replace(".", "/")
    base = posixpath.join(folder, rest) if rest else folder
    return _files_of(base.lstrip("/"), index)


def _beside(importer: str, spec: str, found: list[str], index: dict) -> list[str]:
    """Of several modules an absolute import's name gives, the one in the importer's own folder where there is one:
    a script run from its folder imports its sibling (``examples/fastapi/main.py``'s ``from schemas import ..`` is
    ``examples/fastapi/schemas.py``, sys.path's first entry), not another example folder's ``schemas.py``."""
    folder = importer.rpartition("/")[0]
    if _files_of(folder, index):  # a package's module: an absolute import never means its sibling
        return found
    base = f"{folder}/{spec.replace('.', '/')}" if folder else spec.replace(".", "/")
    beside = [path for path in found if _module_path(path) == base]
    return beside or found


def _files_of(base: str, index: dict) -> list[str]:
    key = base.replace("/", ".")
    for path in index.get(key, []):
        if _module_path(path) == base:
            return [path]
    return []


def submodule(paths: list[str], name: str, index: dict) -> list[str] | None:
    for path in paths:
        if posixpath.basename(path).startswith("__init__."):
            found = _files_of(posixpath.join(posixpath.dirname(path), name.replace(".", "/")), index)
            if found:
                return found
    return None


ALIAS_KIND = "type.alias"
# what wraps an alias's members without being one: Optional[A] and Union[A, B] are A and B; type[A | B] is either
# class itself (a call of a value of it builds A or B, as a call of A does)
_ALIAS_WRAPPERS = lazy_re(r"^(?:(?:typing|t|typing_extensions)\.)?(?:Union|Optional|type|Type)\[(.*)\]$", re.S)
_CLASSES_ALIAS = lazy_re(r"^(?:(?:typing|t|typing_extensions)\.)?(?:type|Type)\[")
CLASS_ITSELF = "class"  # resolve.CLASS_ITSELF (not imported: the parse phase loads no resolver)
_ALIAS_MEMBER = lazy_re(r"^[A-Za-z_][\w.]*$")
_FLAG_NAME = lazy_re(r"^[A-Z][A-Z0-9_]+$")  # a constant's name (a class's has a lower-case letter, URL aside)


def settle_references(raw_refs: list) -> list:
    """Type aliases' members (``_alias_members_apart``), templates' patterns (``langs.settle_templates``) and
    ``Self`` read through its module (``_typing_self_bare``)."""
    return settle_templates(_constant_members(_alias_members_apart(_typing_self_bare(raw_refs))), member_template)


def _constant_members(raw_refs: list) -> list:
    """``getattr(router, "handle")``, ``getattr(cls, "Meta", None)``: a member named by a constant string is read
    as ``router.handle`` is (an ``attribute`` reference on the same receiver), not a template matching no pattern
    (dropped: the member looked unused)."""
    if not has_kind(raw_refs, "template"):
        return raw_refs
    return [_constant_member(r) if r.kind == "template" else r for r in raw_refs]


def _constant_member(r):
    string = _STRING.match(r.name.strip())
    if string is None or "f" in string.group(1).lower() or not string.group(3).isidentifier():
        return r
    return r._replace(kind="attribute", name=string.group(3))


TYPING_MODULES = frozenset({"typing", "typing_extensions"})


def _typing_self_bare(raw_refs: list) -> list:
    """``-> te.Self`` (``import typing_extensions as te``) is the ``Self`` a bare ``-> Self`` is: the class the method
    is called on, so that ``Request.from_values(..).form`` reaches ``Request``'s members."""
    modules = {r.alias or r.module for r in of_kind(raw_refs, "import")
               if r.name is None and r.module in TYPING_MODULES}
    if not modules or not any(r.name == "Self" and r.receiver in modules for r in raw_refs):
        return raw_refs
    return [r._replace(receiver=None) if r.name == "Self" and r.receiver in modules and r.kind.startswith("type.")
            else r for r in raw_refs]


def _alias_members_apart(raw_refs: list) -> list:
    """A type alias written as one text (``"type[A | B]"``, ``A | B | None``: see the query's ``type.alias``) is one
    ``type.alias`` reference per member class, as ``Union[A, B]``'s members are captured."""
    if not has_kind(raw_refs, ALIAS_KIND) or \
            not any(r.kind == ALIAS_KIND and not _ALIAS_MEMBER.match(r.name or "") for r in raw_refs):
        return raw_refs
    out = []
    for r in raw_refs:
        if r.kind != ALIAS_KIND or _ALIAS_MEMBER.match(r.name or ""):
            out.append(r)
            continue
        members = alias_members(r.name)
        if _flags(r.name, members):
            continue  # READ | WRITE: flags (constants), no union of classes
        # "type[A | B]": the classes themselves, whose call builds one (resolve.py CLASS_ITSELF)
        itself = CLASS_ITSELF if _CLASSES_ALIAS.match(r.name.strip().strip("\"'").strip()) else r.alias
        out += [r._replace(name=name.rpartition(".")[2], receiver=name.rpartition(".")[0] or None, alias=itself)
                for name in members]
    return out


def _flags(text: str, members: list[str]) -> bool:
    """``READ | WRITE``: an or of constants; a union naming None, a quoted or subscripted type is a type's."""
    return not any(c in text for c in "[\"'") and "None" not in text and all(
        _FLAG_NAME.match(name.rpartition(".")[2]) for name in members)


def alias_members(text: str) -> list[str]:
    """The member types a union's text names (``type[A | "B"] | None`` -> A, B); a member that is no plain name
    (``list[A]``, ``Callable[..]``) is left out: it is no class of ours."""
    text = text.strip().strip("\"'").strip()
    wrapped = _ALIAS_WRAPPERS.match(text)
    if wrapped:
        text = wrapped.group(1)
    parts = _top_level(text)
    if len(parts) == 1 and not wrapped:
        name = parts[0].strip().strip("\"'").strip()
        return [name] if _ALIAS_MEMBER.match(name) and name != "None" else []
    return [m for part in parts for m in alias_members(part)]


def _top_level(text: str) -> list[str]:
    """``text`` split at its top-level ``|`` and ``,`` (never inside brackets). Quotes do not count: a quoted forward
    reference's own ``|`` splits it too (``"A | B"``: A and B)."""
    return split_outside(text, "|,", "[(", "])", quotes="", escapes=False)


_STRING = lazy_re(r"""^([A-Za-z]*)('''|\"\"\"|'|")(.*)\2$""", re.S)
_FORMATTED = lazy_re(r"""^('|")([^'"{}]*(?:\{[^'"{}]*\}[^'"{}]*)*)\1\.format\(.*\)$""", re.S)  # '..{}..'.format(x)
# '_print_Derivative_%s' % name (sympy's CodePrinter): each %-conversion a part computed at run time
_PERCENT_FORMATTED = lazy_re(r"""^('|")([^'"]*)\1\s*%\s*\S.*$""", re.S)
_CONVERSION = lazy_re(r"%[-#0 +]*\d*(?:\.\d+)?[sdri]")


def member_template(text: str) -> str | None:
    """``f"visit_{kind}"``, ``"emit_" + kind``, ``f"{key}_schema"``, ``'visit_{}'.format(kind)``, ``'visit_%s' % kind``
    -> ``visit_*``, ``emit_*``, ``*_schema``, ``visit_*``, ``visit_*``."""
    formatted = _FORMATTED.match(text.strip())
    if formatted:  # str.format: each {..} of the text a part computed at run time, as in an f-string
        return name_template(_formatted_pieces(formatted.group(2)))
    formatted = _PERCENT_FORMATTED.match(text.strip())
    if formatted:
        parts = _CONVERSION.split(formatted.group(2))
        return name_template([p for part in parts for p in (part, None)][:-1])
    pieces: list[str | None] = []
    # each + outside quotes and brackets, in one pass (a look-ahead to the text's end per + was quadratic: a
    # hostile getattr argument of 200 KB took minutes)
    for part in split_outside(text.strip(), "+"):
        string = _STRING.match(part.strip())
        if string is None:
            pieces.append(None)  # a value computed at run time
        elif "f" in string.group(1).lower():
            pieces.extend(_formatted_pieces(string.group(3)))
        else:
            pieces.append(string.group(3))
    return name_template(pieces)


def _formatted_pieces(body: str) -> list[str | None]:
    """An f-string's body: its text, each ``{...}`` a part computed at run time."""
    pieces: list[str | None] = []
    depth, text = 0, []
    for char in body:
        if char == "{":
            if depth == 0:
                pieces += ["".join(text), None]
                text = []
            depth += 1
        elif char == "}":
            depth = max(depth - 1, 0)
        elif depth == 0:
            text.append(char)
    pieces.append("".join(text))
    return [p for p in pieces if p != ""]


def made_by_module(resolver, files: list[str]) -> bool:
    """A name imported from a module of the repository that neither defines it nor passes it on is one the module
    makes as it runs (``a, b = symbols(..)`` in a loop or a branch, ``for``, ``with .. as``, ``global``, ``exec``,
    ``globals()[..] =``): never another module's definition of that name. Unless the module answers names it lacks
    (a module ``__getattr__``, PEP 562: a lazy re-export of another module's) or takes names wholesale from a module
    not found or outside the repository (``from numpy import *``)."""
    for path in files:
        if not path.endswith((".py", ".pyi")) or "__getattr__" in resolver.g.top.get(path, {}):
            return False
        if not all(resolver.stars(path)) or path in resolver.external_star:  # (stars() reads the imports first)
            return False
    return True
