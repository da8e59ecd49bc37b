"""Go imports: a package is a folder, imported by the module path of the nearest go.mod plus the folder's path below
it; the files of one folder and package clause see each other's names; types implement interfaces structurally."""

from __future__ import annotations

import posixpath
import re
from functools import lru_cache

from pipeline.safeio import read_config

from ..lazyre import lazy_re
from ..parse import OWN_CODE
from . import alias_form, entry_reason_with, runtime_hook

GROUP = "go"
# the blank identifier (var _ Saver = (*Memory)(nil)) is never a definition's name either
KEYWORDS = frozenset({"_", "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough",
                      "for", "func", "go", "goto", "if", "import", "interface", "map", "package", "range", "return",
                      "select", "struct", "switch", "type", "var"})
STRUCTURAL = True  # a type implements every interface whose methods it has (resolve.structural_bases)
BUILD_VARIANTS = True  # a name defined in two files of a package: one per build constraint (graph._index_variants)
PROGRAM_PACKAGES = frozenset({"main"})  # a command: nothing can import it, so its capitalised names are no API
# a field or variable of a named type may hold a collection declared elsewhere (type Inodes []Inode): its elements
# are looked up by the type (parse.ELEMENTS_OF)
NAMED_COLLECTIONS = True
PARAMETER_FLOW = True  # Walk(fn WalkFunc) { fn(n) }: what Walk's callers pass for fn is what fn() calls
EXTRA_ARGUMENTS_LAST = True  # Use(a, b) for Use(mw ...MiddlewareFunc): both are mw's (only a variadic takes more)
IMPORTS_PASS_ON = False  # import . "x" binds names in the importing file only; it passes none on
LOCALS_SHADOW = True  # a parameter, variable or type parameter hides the package's definition of its name


def is_exported(name: str, parent: str | None, captured: bool) -> bool:
    return captured or name[:1].isupper()


def _init(name: str, kind: str, parent: str | None) -> str | None:
    return "init function" if name == "init" and parent is None and kind == "function" else None


# Methods the standard library calls through its interfaces, never by the repository's name: fmt prints a Stringer's
# String(), errors.Is unwraps an error's Unwrap(), encoding/json runs a Marshaler's MarshalJSON(), net/http a
# Handler's ServeHTTP() and a RoundTripper's RoundTrip(), sort a sort.Interface's Len/Less/Swap (Read, Write,
# Close... are too often plain methods)
STDLIB_INTERFACE_METHODS = {
    "String": "fmt.Stringer", "GoString": "fmt.GoStringer", "Format": "fmt.Formatter", "Error": "error",
    "Unwrap": "errors.Unwrap", "Is": "errors.Is", "As": "errors.As", "MarshalJSON": "json.Marshaler",
    "UnmarshalJSON": "json.Unmarshaler", "MarshalText": "encoding.TextMarshaler",
    "UnmarshalText": "encoding.TextUnmarshaler", "MarshalBinary": "encoding.BinaryMarshaler",
    "UnmarshalBinary": "encoding.BinaryUnmarshaler", "MarshalXML": "xml.Marshaler", "UnmarshalXML": "xml.Unmarshaler",
    "MarshalYAML": "yaml.Marshaler", "UnmarshalYAML": "yaml.Unmarshaler", "GobEncode": "gob.GobEncoder",
    "GobDecode": "gob.GobDecoder", "ServeHTTP": "http.Handler", "RoundTrip": "http.RoundTripper",
    "Len": "sort.Interface", "Less": "sort.Interface", "Swap": "sort.Interface"}


def _stdlib_interface_method(name: str, kind: str, parent: str | None) -> str | None:
    iface = STDLIB_INTERFACE_METHODS.get(name) if kind == "method" and parent is not None else None
    return runtime_hook(f"named as {iface}'s method, which the standard library calls through the interface") \
        if iface else None


_entry_reason = entry_reason_with(frozenset(), _init, _stdlib_interface_method)
CGO_EXPORT = "<cgo export>"  # the mark settle_definitions gives a function under //export (a mark wraps nothing)
# Standard library interfaces of several methods (or of Open and one more: io/fs's optional ones), which a type
# satisfies by having them all: the library calls them through the interface (``fi.Size()`` on an ``os.FileInfo``
# that ``Stat`` returned, ``fs.Glob(fsys, ..)``, ``file.(fs.ReadDirFile).ReadDir(-1)``), never by the type's name, so
# each is a runtime hook. Only whole sets: one method named ``Size`` or ``ReadDir`` alone is mostly a plain method;
# not fs.ReadDirFS's or fs.StatFS's Open + ReadDir / Stat either, which a file-system wrapper of its own (afero's
# ``ReadOnlyFs.ReadDir(name) []os.FileInfo``) or a file (``File.Open()``, no name) has as plain methods.
LIBRARY_INTERFACES = {
    "fs.FileInfo": frozenset({"Name", "Size", "Mode", "ModTime", "IsDir", "Sys"}),
    "fs.DirEntry": frozenset({"Name", "IsDir", "Type", "Info"}),
    "fs.ReadDirFile": frozenset({"Stat", "Read", "Close", "ReadDir"}),
    "fs.GlobFS": frozenset({"Open", "Glob"}), "fs.SubFS": frozenset({"Open", "Sub"}),
    "fs.ReadFileFS": frozenset({"Open", "ReadFile"}),
    "context.Context": frozenset({"Deadline", "Done", "Err", "Value"}),
    "heap.Interface": frozenset({"Len", "Less", "Swap", "Push", "Pop"}),
    "http.ResponseWriter": frozenset({"Header", "Write", "WriteHeader"}),
    "net.Addr": frozenset({"Network", "String"}), "flag.Value": frozenset({"String", "Set"}),
    "hash.Hash": frozenset({"Write", "Sum", "Reset", "Size", "BlockSize"}),
    "image.Image": frozenset({"ColorModel", "Bounds", "At"})}
_IMPLEMENTS = "<implements "  # the mark of a method settle_definitions finds in such a set: ``<implements fs.GlobFS>``


# The io interfaces of one method, by the method's parameter and result types as go.scm captures them: a type with
# Write(p []byte) (n int, err error) is an io.Writer, which zerolog.New(w), log.SetOutput(l) or a wrapper's
# w.out.Write(p) call through the interface, never by the type's name (a method named Write or Close with another
# signature is a plain method: no mark)
IO_METHODS = {
    ("Write", ("[]byte", "int", "error")): "io.Writer", ("Read", ("[]byte", "int", "error")): "io.Reader",
    ("WriteString", ("string", "int", "error")): "io.StringWriter",
    ("ReadFrom", ("io.Reader", "int64", "error")): "io.ReaderFrom",
    ("WriteTo", ("io.Writer", "int64", "error")): "io.WriterTo", ("Close", ("error",)): "io.Closer"}


def settle_definitions(raw_defs: list, _imports: list, _root) -> list:
    """The ``//export Name`` comment go.scm captures as a function's decorator becomes a mark: it registers the
    function with C, so no ``decorated_by`` reference (a call of the comment's text) is made of it; the types go.scm
    captures of an io method's signature become the ``<implements io.Writer>`` mark where they are one of
    ``IO_METHODS`` (else nothing). A method of a ``LIBRARY_INTERFACES`` set the file's type has whole is marked with
    the interface."""
    raw_defs = [_settled_decorators(d) if d.decorators else d for d in raw_defs]
    implemented = _library_interfaces(raw_defs)
    if not implemented:
        return raw_defs
    return [d._replace(decorators=d.decorators + (f"{_IMPLEMENTS}{implemented[(d.parent_name, d.name)]}>",))
            if (d.parent_name, d.name) in implemented else d for d in raw_defs]


def _settled_decorators(d):
    """A definition's decorators as marks: ``//export`` -> ``CGO_EXPORT``; an io method's signature types (the
    only other decorators go.scm captures) -> its ``IO_METHODS`` interface, or dropped."""
    exports = tuple(CGO_EXPORT for x in d.decorators if x.startswith("//export"))
    if exports:
        return d._replace(decorators=exports)
    iface = IO_METHODS.get((d.name, d.decorators))
    return d._replace(decorators=(f"{_IMPLEMENTS}{iface}>",) if iface else ())


def _library_interfaces(raw_defs: list) -> dict[tuple[str, str], str]:
    """(type, method) -> the first library interface whose every method the file gives that type."""
    methods: dict[str, set] = {}
    for d in raw_defs:
        if d.parent_name and d.kind in ("method", "function"):
            methods.setdefault(d.parent_name, set()).add(d.name)
    found = {}
    for owner, names in methods.items():
        for iface, wanted in LIBRARY_INTERFACES.items():
            if wanted <= names:
                found.update({(owner, m): iface for m in sorted(wanted) if (owner, m) not in found})
    return found


def entry_reason(name: str, kind: str, parent: str | None, decorators: tuple) -> str | None:
    if CGO_EXPORT in decorators:
        return "exported to C by cgo (//export): C code calls it"
    iface = next((x[len(_IMPLEMENTS):-1] for x in decorators if x.startswith(_IMPLEMENTS)), None)
    if iface is not None:
        return runtime_hook(f"a method of {iface}, whose every method its type has: the standard library calls "
                            "it through the interface")
    return _entry_reason(name, kind, parent, decorators)


# On a value nothing types (the second result of ``_, err := run()``, a library's field), these are mostly a library
# interface's methods: err.Error(), u.String(), h.ServeHTTP(w, r), t.Format(layout) are never a guess at the
# repository's only Error or String (its own are runtime hooks, alive anyway). Len/Less/Swap are often called directly
BUILTIN_METHODS = frozenset(STDLIB_INTERFACE_METHODS) - {"Len", "Less", "Swap"}
# ...not even where the file's package has the one Error type (client_golang's api.Error: err.Error() after
# p.Timestamp.UnmarshalJSON()), unless the receiver names it (desc.String() is a Desc's)
BUILTIN_GUESS_NAMED = True
BUILTINS = frozenset({"append", "cap", "clear", "close", "complex", "copy", "delete", "imag", "len", "make", "max",
                      "min", "new", "panic", "print", "println", "real", "recover", "bool", "byte", "complex64",
                      "complex128", "error", "float32", "float64", "int", "int8", "int16", "int32", "int64", "rune",
                      "string", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "any", "comparable"})


def guess_bare_names(resolver, path: str) -> bool:
    return False  # a bare name is the package's, dot-imported, or a builtin


def _parameter(node, child) -> str | None:
    """A method's receiver is its own type (not a use of it); a result list holds return types."""
    holder = node.parent
    owner = holder.parent if holder is not None else None
    if owner is not None and owner.child_by_field_name("receiver") == holder:
        return None
    return "return" if owner is not None and owner.child_by_field_name("result") == holder else "parameter"


def _field(node, child) -> str | None:
    return "field" if node.child_by_field_name("name") is not None else None  # an embedded type: ``inherits``


def _named(node, child) -> str | None:
    return None if node.child_by_field_name("name") == child else "annotation"


def _instantiated(node, child) -> str | None:
    """``Pair[string, int]`` as a value: its head is the generic function (a ``callback``), its arguments types."""
    return None if node.named_children[:1] == [child] else "generic"


_COLLECTION_TYPES = frozenset({"slice_type", "array_type", "implicit_length_array_type", "map_type"})


def _literal(node, child) -> str | None:
    """``T{...}`` is a constructor call (its own reference); ``[]T{...}`` and ``map[K]*T{...}`` use ``T``. The
    one value of ``var x = T{...}`` (or ``&T{...}``) is also the variable's type: another file's ``x.M()`` is T's."""
    if child.type in _COLLECTION_TYPES:
        return "value"
    return "variable" if _var_value(node) else None


def _var_value(literal) -> bool:
    """Whether ``literal`` is the only value of a ``var`` without a declared type."""
    holder = literal.parent
    holder = holder.parent if holder is not None and holder.type == "unary_expression" else holder
    spec = holder.parent if holder is not None and holder.type == "expression_list" else None
    return spec is not None and spec.type == "var_spec" and spec.child_by_field_name("type") is None \
        and holder.named_child_count == 1


def _function_type(node, child) -> str:
    """``var DefaultLogger func(next http.Handler) http.Handler`` at package level: a call of the variable gives the
    result, the variable's return as a literal's is (another file's ``h := DefaultLogger(next)`` is an
    http.Handler); elsewhere (a parameter's ``func(http.Handler) http.Handler``) no return of what declares it."""
    spec = node.parent
    holder = spec.parent if spec is not None and spec.type == "var_spec" else None
    holder = holder.parent if holder is not None and holder.type == "var_spec_list" else holder
    package_level = holder is not None and holder.parent is not None and holder.parent.type == "source_file"
    return "return" if package_level and node.child_by_field_name("result") == child else "annotation"


TYPE_CONTEXTS = {
    "type_instantiation_expression": _instantiated,
    "parameter_declaration": _parameter, "variadic_parameter_declaration": "parameter",
    **dict.fromkeys(("method_declaration", "function_declaration", "method_elem", "func_literal"), "return"),
    # the result of a function type (a parameter's func(http.Handler) http.Handler) is no return type of the
    # function declaring that parameter: it would type what Chain(...) returns as http.Handler, a library's
    "function_type": _function_type,
    "field_declaration": _field, "var_spec": "variable", "const_spec": "variable",
    "type_spec": _named, "type_alias": alias_form,
    "composite_literal": _literal,
    "interface_type": None,  # an embedded interface: ``inherits``
    **dict.fromkeys(("block", "source_file", "type_constraint", "type_conversion_expression",
                     "type_assertion_expression", "type_case"), "annotation"),
}
TYPE_ARGUMENTS = frozenset({"type_arguments"})
_MODULE_LINE = lazy_re(rb"^\s*module\s+\"?([^\s\"]+)\"?", re.M)
_VERSION = lazy_re(r"^v\d+$")
_LITERAL = lazy_re(r"^\(?\s*&?\s*([\w.]+)\s*(?:\[[^\]]*\])?\s*\{.*\}\s*\)?$", re.S)
_FACTORY = lazy_re(r"^(?:([\w]+)\.)?New(\w*)\s*\(.*\)$", re.S)
# w.(*bytes.Buffer), c.GetRaft().(*raft.Raft): the asserted type, whatever the value asserted is
_ASSERTED = lazy_re(r"^.*\.\(\s*\*?\s*((?:\w+\.)?[A-Za-z_]\w*)\s*\)$", re.S)
_CONVERTED = lazy_re(r"^([A-Z]\w*)\s*\([^(),]*\)$")  # Level(x): one plain argument
# (*common.Page)(unsafe.Pointer(&buf[0])): a conversion to a pointer type (unsafe code's way to view bytes)
_POINTER_CONVERTED = lazy_re(r"^\(\s*\*\s*((?:\w+\.)?[A-Za-z_]\w*)\s*\)\s*\(.*\)$", re.S)
_LITERAL_HEAD = lazy_re(r"^&?\s*([A-Za-z_][\w.]*)\s*(?:\[[^\]{}]*\])?\s*\{")  # &T{, pkg.T[int]{
_ALLOCATED = lazy_re(r"^new\(\s*((?:\w+\.)?[A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\s*\)$")  # new(Router): a *Router
_MADE = lazy_re(r"^make\(\s*([^,]+?)\s*(?:,.*)?\)$", re.S)  # make(Inodes, n), make([]*Node, 0, n)
_PLAIN_TYPE = lazy_re(r"^(?:\w+\.)?[A-Za-z_]\w*$")
_COLLECTION_LITERAL = lazy_re(r"^(?:\[[^\]]*\]|map\[)")  # []T{, [...]T{, [2]T{, map[K]V{


@lru_cache(maxsize=4096)
def _module_root(root: str, folder: str) -> tuple[str, str] | None:
    """(folder holding go.mod, module path) of the nearest go.mod at or above ``folder``."""
    while True:
        text = read_config(root, posixpath.join(folder, "go.mod"))
        if text is not None:
            m = _MODULE_LINE.search(text)
            return (folder, m.group(1).decode("utf-8", "replace")) if m else None
        if not folder:
            return None
        folder = posixpath.dirname(folder)


def module_keys(paths: list[str], files: dict, root) -> dict[str, list[str]]:
    """Each non-test file under its package's import path (module path + folder below go.mod, else the folder), and
    under the path an enclosing module names it by: an example module inside a repository (chi's
    ``_examples/versions/go.mod``) imports its packages as ``github.com/go-chi/chi/v5/_examples/versions/data``."""
    out = {}
    for path in paths:
        if path.endswith("_test.go"):
            continue
        folder = posixpath.dirname(path)
        out[path] = _import_paths(str(root), folder) or [folder]
    return out


def _import_paths(root: str, folder: str) -> list[str]:
    """The import paths of the package in ``folder``: by its own go.mod first, then by each go.mod further up."""
    paths, above = [], folder
    while (found := _module_root(root, above)) is not None:
        mod_dir, mod_path = found
        rel = folder[len(mod_dir):].lstrip("/") if mod_dir else folder
        paths.append(f"{mod_path}/{rel}" if rel else mod_path)
        if not mod_dir:
            break
        above = posixpath.dirname(mod_dir)
    return paths


def package_scope(path: str, info: dict) -> str:
    return f"{posixpath.dirname(path)}:{info.get('package') or ''}"


def _default_name(import_path: str) -> str:
    """The package name an import binds by default: the last path element, minus a major version and go- prefix."""
    parts = [p for p in import_path.split("/") if p]
    last = parts[-1] if parts else import_path
    if _VERSION.match(last) and len(parts) > 1:
        last = parts[-2]
    last = last.split(".")[0] if "." in last and "/" in import_path else last  # gopkg.in/yaml.v3
    for affix in ("go-",):
        last = last[len(affix):] if last.startswith(affix) else last
    return last[:-3] if last.endswith("-go") else last.replace("-", "_")


def import_binding(module: str | None, name: str | None, alias: str | None):
    if name == "*":  # import . "x": its names are used unqualified
        return None, module, "*"
    if alias == "_":
        return None, module, None
    return (alias or _default_name(module or "")), module, None


_PATH_TOKENS = lazy_re(r"[-_.]")
_HEAD = lazy_re(r"^[A-Za-z_]\w*")


def settle_references(raw_refs: list) -> list:
    """A function literal returned (``return func(next Handler) Handler {..}``, captured on its ``func`` keyword)
    is the function's own code (``OWN_CODE``); imports named unlike their path are settled (``_settle_imports``)."""
    own = [r._replace(name=OWN_CODE) if r.kind == "returns" and r.name == "func" else r for r in raw_refs]
    return _settle_imports(own)


def _settle_imports(raw_refs: list) -> list:
    """An import named unlike its path (``"github.com/hashicorp/go-metrics/compat"`` holding ``package metrics``)
    binds its package clause's name, which the file alone states by using it: Go refuses an unused import, so an
    unaliased import whose default name qualifies nothing is used under another name. That name is the qualifier no
    import binds which one element of the import's path spells (``metrics`` in ``go-metrics``), written as the
    import's alias; where it is not one import's alone the import is left as it was (no guess)."""
    imports = [r for r in raw_refs if r.kind == "import"]
    heads = {m.group(0) for r in raw_refs if r.kind != "import" and r.receiver and (m := _HEAD.match(r.receiver))}
    bound = {r.alias or _default_name(r.module or "") for r in imports}
    unused = [r for r in imports if r.alias is None and r.module and _default_name(r.module) not in heads]
    if not unused:
        return raw_refs
    spelled = {r.start: {h for h in heads - bound if h in _path_spellings(r.module)} for r in unused}
    named = {}
    for r in unused:
        claims = spelled[r.start]
        head = next(iter(claims)) if len(claims) == 1 else None
        if head and sum(head in other for other in spelled.values()) == 1:
            named[r.start] = head
    return [r._replace(alias=named[r.start]) if r.kind == "import" and r.start in named else r for r in raw_refs]


@lru_cache(maxsize=4096)
def _path_spellings(import_path: str) -> frozenset:
    """The package names an import path's elements spell (its host left out): each element, each of its words split
    at ``-``, ``_``, ``.`` (``go-metrics``: ``metrics``), and its words joined (``bar-baz``: ``barbaz``)."""
    names = set()
    for element in import_path.split("/")[1:]:
        words = [w for w in _PATH_TOKENS.split(element) if len(w) > 2 and w != "go"]
        names.update(words)
        names.add("".join(_PATH_TOKENS.split(element)))
    return frozenset(names)


def resolve_module(importer: str, spec: str | None, index: dict, root) -> list[str]:
    return index.get(spec, []) if spec else []


def is_external(importer: str, spec: str, index: dict, root) -> bool:
    """An import path outside the module (go.mod) the importer belongs to: the standard library, a dependency."""
    if spec in index:  # a package of another module of the repository (see module_keys)
        return False
    found = _module_root(str(root), posixpath.dirname(importer))
    return found is None or not (spec == found[1] or spec.startswith(found[1] + "/"))


def submodule(paths: list[str], name: str, index: dict) -> list[str] | None:
    return None


def cast_type(text: str) -> str | None:
    """``r := new(Router)``, ``p := (*Page)(ptr)``: a ``*Router``, a ``*Page``; ``c := &Command{...}``: a
    ``Command`` built (see ``_literal_built``); ``make(Inodes, n)``: an ``Inodes`` (whose elements its declaration
    states), ``make([]*Node, n)`` a collection (never what the builtin ``make`` returns: a library's)."""
    m = _ALLOCATED.match(text) or _POINTER_CONVERTED.match(text)
    if m:
        return m.group(1)
    made = _MADE.match(text)
    if made:
        return made.group(1) if _PLAIN_TYPE.match(made.group(1)) else "[]"
    if _COLLECTION_LITERAL.match(text) and text.rstrip().endswith("}"):
        return "[]"  # a test table, []struct{..}{..} or map[string]struct{..}{..}: a collection however long
    return _literal_built(text)


def _literal_built(text: str) -> str | None:
    """``&Command{Use: "x", Run: func(..) {..}}`` -> ``Command{}``, however long its fields: the generic reading
    gives up on a text of over 400 characters, and cobra's commands are written so. A declared type, a call
    (``T{}.Build()`` ends in a parenthesis) or a function literal is no literal."""
    m = _LITERAL_HEAD.match(text)
    if m is None or m.group(1) in KEYWORDS or not text.rstrip().endswith("}"):
        return None
    return f"{m.group(1)}{{}}"


def inline_type(receiver: str) -> str | None:
    """``T{...}``, ``&T{...}``, ``pkg.T{...}`` -> the type; ``x.(*T)`` (an assertion), ``T(x)``, ``(*T)(x)``
    (conversions) -> ``T``; ``new(T)`` -> ``T``; ``NewT(...)`` / ``pkg.NewT(...)`` -> ``T`` by convention."""
    m = _LITERAL.match(receiver) or _ASSERTED.match(receiver) or _ALLOCATED.match(receiver) \
        or _POINTER_CONVERTED.match(receiver)
    if m:
        return m.group(1)
    m = _FACTORY.match(receiver)
    if m and m.group(2):
        return f"{m.group(1)}.{m.group(2)}" if m.group(1) else m.group(2)
    m = _CONVERTED.match(receiver)
    return m.group(1) if m else None
