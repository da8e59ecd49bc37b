"""C: ``#include`` is a wildcard import of the header (transitively: a header's own includes pass on), found next to
the including file, then from the repository's root, then as the one file of the repository whose path ends so (an
include folder given to the compiler: ``#include <hiredis/read.h>``). Functions are joined by the linker, not by
includes: a name no scope, header or include defines is the one top-level definition of that name in another C file
(``linked``); several of them are an ``ambiguous`` guess, each a candidate. A ``static`` function is its file's own; a
header's definitions are all API."""

from __future__ import annotations

import posixpath

from . import alias_form, entry_reason_with, nearest_of, no_package_scope
from ..lazyre import lazy_re
from .c_repairs import repaired_calls, repairs  # noqa: F401  (parse rules: export macros blanked, still uses)

GROUP = "c"
MEMBER_ACCESS = ("->",)  # s->ops->read(): a receiver s.ops, read as a dotted one
IMPORTS_PASS_ON = True  # a header's includes are its includers' too
STAR_IMPORTS_IMPORTS = True  # ... and theirs: what a header includes is seen through it, at any depth
LOCALS_SHADOW = True  # a parameter or local variable hides a file-level definition of that name
# C's own reserved words (C23 included): the shared list's ``select``, ``match``, ``new``, ``delete``, ``begin``,
# ``end``... are other languages' words and fine names of C functions (``select()``, redis's ``match``)
KEYWORDS = frozenset({
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern", "float",
    "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed", "sizeof",
    "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "bool", "true", "false",
    "nullptr", "alignas", "alignof", "constexpr", "static_assert", "thread_local", "typeof", "typeof_unqual"})
# the standard library's functions and macros most used: never guessed among the repository's definitions
BUILTINS = frozenset({
    "printf", "fprintf", "sprintf", "snprintf", "vprintf", "vfprintf", "vsprintf", "vsnprintf", "puts", "fputs",
    "putchar", "fputc", "getchar", "fgetc", "fgets", "fopen", "fclose", "fread", "fwrite", "fflush", "fseek", "ftell",
    "malloc", "calloc", "realloc", "free", "memcpy", "memmove", "memset", "memcmp", "memchr", "strlen", "strcmp",
    "strncmp", "strcpy", "strncpy", "strcat", "strncat", "strchr", "strrchr", "strstr", "strdup", "strtol", "strtoul",
    "strtoll", "strtoull", "strtod", "atoi", "atol", "abort", "exit", "assert", "errno", "qsort", "bsearch", "abs",
    "sizeof", "offsetof", "va_start", "va_end", "va_arg", "va_copy", "NULL", "EOF", "stdin", "stdout", "stderr",
    "isdigit", "isalpha", "isspace", "isalnum", "isupper", "islower", "tolower", "toupper", "time", "perror",
    "strerror", "close", "read", "write", "open",
    "__declspec", "__attribute__", "__typeof__", "__builtin_expect", "_Pragma", "__pragma"})  # the compilers' own


# ((rio *)p)->read(), ((struct kv_ops *)ops)->close(): an object of the type cast to
_CAST = lazy_re(r"^\(\s*\(\s*(?:(?:const|volatile|struct|union)\s+)*([A-Za-z_]\w*)[\s*]*\)\s*[\w.]+\s*\)$")


def receiver_path(receiver: str) -> str:
    """A receiver cast to a struct or a typedef's pointer (``((rio *)p)``): ``rio()``, an object of that type (the
    resolver's inline form, as C++'s); any other as written (``->`` was written ``.``: ``MEMBER_ACCESS``)."""
    cast = _CAST.match(receiver) if receiver.startswith("(") else None
    return cast.group(1) + "()" if cast else receiver


# what libFuzzer (and AFL++, honggfuzz in its mode) calls in a fuzz target: no code of the repository calls them
FUZZ_ENTRIES = frozenset({"LLVMFuzzerTestOneInput", "LLVMFuzzerInitialize", "LLVMFuzzerCustomMutator",
                          "LLVMFuzzerCustomCrossOver"})


def fuzz_entry(name: str, kind: str, parent: str | None) -> str | None:
    return "a fuzz target's entry, called by the fuzzing engine" \
        if kind == "function" and parent is None and name in FUZZ_ENTRIES else None


# what Windows' C runtime or loader calls in place of ``main``: a wide-character ``wmain``, a GUI program's
# ``WinMain``, a DLL's ``DllMain`` (jq's ``main.c`` and ``jv.c``: both dead at 0.6)
WINDOWS_ENTRIES = frozenset({"wmain", "_tmain", "WinMain", "wWinMain", "_tWinMain", "DllMain"})


def windows_entry(name: str, kind: str, parent: str | None) -> str | None:
    return "a Windows program's or DLL's entry, called by the C runtime or the loader" \
        if kind == "function" and parent is None and name in WINDOWS_ENTRIES else None


entry_reason = entry_reason_with(frozenset(), fuzz_entry, windows_entry)
_MACRO_NAME = lazy_re(r"[A-Z][A-Z0-9_]*|__[a-z_]+")  # PACK, or BSD's ``__packed``
_TAGGED = frozenset({"struct", "enum", "type"})  # a union is a struct to the query


def settle_definitions(raw_defs: list, _imports: list, _root) -> list:
    """``struct smb_header { .. } PACK;``: the grammar takes the attribute macro after the body (``PACK`` standing
    for ``__attribute__((packed))``) for a variable declared of the struct, which then nested inside it
    (``PACK#5.smb_header``) and no ``struct smb_header`` of the file reached it. A variable in capitals (a macro's
    name) or a reserved ``__`` name (tmux's ``} __packed;``) holding a struct's definition is no variable: the
    struct stays the file's. A typedef of an anonymous enum is the enum (``_typedef_enums``)."""
    raw_defs = _typedef_enums(raw_defs)
    held = [(d.start, d.end) for d in raw_defs if d.kind in _TAGGED]
    if not held:
        return raw_defs
    return [d for d in raw_defs
            if not (d.kind in ("variable", "constant") and _MACRO_NAME.fullmatch(d.name)
                    and any(d.start <= start and end <= d.end for start, end in held))]


def _typedef_enums(raw_defs: list) -> list:
    """``typedef enum { ctxNone, ctxFast } LZ4F_CtxType_e;``: c.scm captures the enum at its ``enum`` keyword (marked
    by the qualifier ``enum``), so that the constants after it are its, as a named enum's are (dead_code's
    ``used_enum_constants``: lz4's ``LZ4F_CtxType_e`` was dead at 0.9 though its constants were used); the typedef's
    own ``type`` of that name, read after the constants, is dropped: one definition, the enum."""
    marked = [d for d in raw_defs if d.kind == "enum" and d.qualifier == "enum"]
    if not marked:
        return raw_defs
    dropped = set()
    for enum in marked:
        after = [d for d in raw_defs if d.kind == "type" and d.name == enum.name and d.start > enum.end]
        dropped.update((d.start, d.end) for d in after[:1])
    return [d._replace(qualifier=None) if d.kind == "enum" and d.qualifier == "enum" else d
            for d in raw_defs if d.kind != "type" or (d.start, d.end) not in dropped]


def macro_uses(root, data: bytes, names: frozenset) -> list[tuple]:
    """Where the file uses the macros ``names``, called (``XX(RMDIR, rmdir)``, ``DELEGATE_STREAM_REQ(loop, req, read,
    data)``) or, as the grammar reads a lone one in a block, as a macro type (``UV_HANDLE_TYPE_MAP(XX)``): (macro, byte
    offset, line, argument texts)."""
    out, stack = [], [root]
    while stack:
        node = stack.pop()
        if node.type == "call_expression":
            callee, arguments = node.child_by_field_name("function"), node.child_by_field_name("arguments")
            name = _text(callee, data) if callee is not None and callee.type == "identifier" else None
            if name in names and arguments is not None:
                given = [_text(a, data) for a in arguments.named_children if a.type != "comment"]
                out.append((name, node.start_byte, node.start_point[0] + 1, given))
        elif node.type == "macro_type_specifier":
            callee, given = node.child_by_field_name("name"), node.child_by_field_name("type")
            name = _text(callee, data) if callee is not None else None
            if name in names and given is not None:
                out.append((name, node.start_byte, node.start_point[0] + 1, [_text(given, data)]))
        stack.extend(node.children)
    return out


def _text(node, data: bytes) -> str:
    return data[node.start_byte:node.end_byte].decode("utf-8", "replace")


def exports_all(path: str) -> bool:
    """What a header defines (a macro, a type, a ``static inline`` function) is there for the files including it."""
    return path.endswith(".h")


def _tag(node, child) -> str | None:
    """``struct s { ... }`` defines ``s``; ``struct s *p`` uses it where the enclosing declaration says."""
    if node.child_by_field_name("body") is not None and node.child_by_field_name("name") == child:
        return None
    return ...


def _declared(form: str):
    """A declaration's type is used in that ``form``, unless the declarator is a function's (its return type)."""

    def rule(node, child) -> str:
        declarator = node.child_by_field_name("declarator")
        while declarator is not None and declarator.type == "pointer_declarator":
            declarator = declarator.child_by_field_name("declarator")
        return "return" if declarator is not None and declarator.type == "function_declarator" else form

    return rule


TYPE_CONTEXTS = {
    "struct_specifier": _tag, "union_specifier": _tag, "enum_specifier": _tag,
    "parameter_declaration": "parameter", "function_definition": "return",
    "field_declaration": "field", "declaration": _declared("variable"),
    "type_definition": lambda node, child: None if node.child_by_field_name("declarator") == child
    else alias_form(node, child),
    **dict.fromkeys(("cast_expression", "sizeof_expression", "type_descriptor", "compound_literal_expression"),
                    "annotation"),
}


def module_keys(paths: list[str], files: dict, root) -> dict[str, list[str]]:
    """A file under its path and every tail of it (``include/hiredis/read.h``: also ``hiredis/read.h``, ``read.h``),
    the forms an ``#include`` may name it by."""
    out = {}
    for path in paths:
        parts = path.split("/")
        out[path] = ["/".join(parts[i:]) for i in range(len(parts))]
    return out


MODULE_KEYS_FROM_PATHS = True


package_scope = no_package_scope  # the linker's one namespace is the ``linked`` layer, which leaves each file's statics out


def import_binding(module: str | None, name: str | None, alias: str | None):
    """Every include is a wildcard import: of the header's names when the repository holds it (``"x.h"`` or
    ``<kv/x.h>``), else of a library's; a name nothing the file states, includes or links to is then external."""
    return None, module, "*"


def _spec(spec: str) -> str:
    return spec[1:-1] if spec.startswith("<") and spec.endswith(">") else spec


def resolve_module(importer: str, spec: str | None, index: dict, root) -> list[str]:
    """Next to the importer (``"x.h"`` only), then the one file whose path is or ends with the spec; several: the one
    sharing the most leading folders with the importer. Never the importer itself: hiredis's ``adapters/glib.h``
    includes the library's ``<glib.h>``, not itself."""
    if not spec:
        return []
    name = _spec(spec)
    if not spec.startswith("<"):
        beside = posixpath.normpath(posixpath.join(posixpath.dirname(importer), name))
        if beside != importer and beside in index.get(beside, ()):  # a file is listed under its own path
            return [beside]
    return nearest_of(importer, [path for path in index.get(name, []) if path != importer])


def is_external(importer: str, spec: str, index: dict, root) -> bool:
    """Asked only of a spec ``resolve_module`` found no file for: a header no file of the repository is
    (``<stdio.h>``, a library's) is the system's or that library's."""
    return True


def submodule(paths: list[str], name: str, index: dict) -> list[str] | None:
    return None


def guess_bare_names(resolver, path: str) -> bool:
    return False  # what ``linked`` does not find is a library's (the system's headers are not indexed)


LINKED_KINDS = frozenset({"function", "variable", "constant", "struct", "enum", "type", "class"})  # C++: a class


def linked(resolver, r, src):
    """A name the file neither defines nor includes: the top-level definition of that name in another file of the
    repository (the linker's namespace; a ``static`` one is its own file's, found there by the ``scoped`` layer
    first). One: ``same_package``; several (one per platform, or per example program): ``ambiguous``, each a
    candidate (past ``MAX_CANDIDATES`` the nearest the caller), leaving out another test folder's or example's
    where the caller's own has one (``_same_program``)."""
    from ..resolve import Found, Listed

    if r.name in resolver.hooks.get(r.path, resolver.no_hooks).builtins:  # the standard library's, though a test
        return None  # redefines assert() for itself
    ids = _linked_ids(resolver, r, resolver._global(r.name, LINKED_KINDS, r.path).ids)
    if not ids:
        return None
    if len(ids) > 1:
        every = _linked_ids(resolver, r, resolver._global_all(r.name, LINKED_KINDS, r.path).ids)
        if _platform_variants([resolver.g.by_id[i].path for i in every], r.path):
            return Listed(every, "same_package")  # each the one a build links: certain, however many (not 8)
    return Found(ids, "same_package" if len(ids) == 1 else "ambiguous")


def _linked_ids(resolver, r, candidates: list[str]) -> list[str]:
    """Of ``candidates``, the top-level definitions of the caller's language in other files, of its own program
    (``_same_program``) where it has some."""
    from ..resolve import Found

    by_id = resolver.g.by_id
    ids = [i for i in resolver._same_language(candidates, r.path)
           if "." not in by_id[i].qualname and by_id[i].path != r.path]
    return (resolver._same_program(r.path, Found(ids, "ambiguous")).ids or ids) if ids else []


MAX_VARIANTS = 32  # platform folders a name's definitions may span and still be one per build


def _platform_variants(paths: list[str], caller: str) -> bool:
    """Whether the definitions are one per platform folder (htop's ``Machine_delete`` in ``linux/``, ``darwin/``,
    ``freebsd/``... nine folders, declared once in ``Machine.h``): each in a folder of its own, none in the
    caller's, so a build links exactly one of them. A callback (``.delete = ProcessTable_delete``) reaches them all:
    an ``ambiguous`` one is dropped as a mere value, and a guess keeps 8 of 9."""
    folders = {p.rpartition("/")[0] for p in paths}
    return len(folders) == len(paths) <= MAX_VARIANTS and caller.rpartition("/")[0] not in folders


MAX_INCLUDED = 400  # files an include closure is walked through for a name's platform variants


def _included_definitions(resolver, path: str, name: str) -> list[str]:
    """The top-level definitions of ``name`` in the files ``path`` includes, at any depth, nearest first."""
    return [sid for p in _included_paths(resolver, path) if (sid := resolver.g.top.get(p, {}).get(name))]


def included_variants(resolver, r, src):
    """A name two included headers both define: one per platform (libuv's ``uv.h`` includes ``uv/win.h`` or
    ``uv/unix.h`` under ``#if``, each with its ``uv_buf_t``), as no compiler takes a definition twice in one file.
    The include the bindings find first, then the others the file's includes reach; each builds with one."""
    from ..resolve import Found

    sid = resolver.imported_symbol(r.path, r.name)
    if not sid:
        return None  # the ``imported`` layer tells a library's name from an unknown one
    if len(resolver.g.by_name.get(r.name, ())) < 2:
        return Found([sid], "import")
    others = [o for o in _included_definitions(resolver, r.path, r.name) if o != sid]
    return Found([sid, *dict.fromkeys(others)], "import")


_TAGS = frozenset({"struct", "enum"})  # C's tags (a union is a struct to the query)
# what no bare name reaches: the tags, and a field (of a typedef's anonymous struct the field is the file's top-level
# name: minizip's ``typedef struct { uLong crc32; .. }``, whose ``crc32(..)`` calls went to the field)
_NOT_NAMED = _TAGS | {"field"}
_CALLED_KINDS = frozenset({"function", "variable", "constant"})  # a function, a pointer to one, a macro for one


def tag_not_called(resolver, r, src):
    """A call of a name the file or an included header gives a struct, an enum or a field: C's tags are a namespace
    of their own and a field is named only through its struct, so the callee is the function of that name (tmux's
    ``args_parse(..)`` beside ``struct args_parse``, ``prompt_type(s)`` beside ``enum prompt_type``: each call went
    to the header's tag, and the function was dead; minizip's ``crc32(..)`` beside its struct's field ``crc32``). The
    file's own function, then the included headers' definitions, then the linker's; none: a library's (``stat()``
    beside a ``struct stat``)."""
    from ..resolve import EXTERNAL, Found

    if r.kind != "call":
        return None
    by_id = resolver.g.by_id
    own = resolver.g.top.get(r.path, {}).get(r.name)
    if own and by_id[own].kind not in _NOT_NAMED:
        return None
    found = _own_function(resolver, r) if own else None
    if found:  # the file's own tag and function (tmux's options.c: `struct options_array_item`, then its function #2)
        return found
    sid = resolver.imported_symbol(r.path, r.name)
    if not own and (not sid or by_id[sid].kind not in _NOT_NAMED):
        return None
    included = [i for i in _included_definitions(resolver, r.path, r.name) if by_id[i].kind in _CALLED_KINDS]
    if included:
        return _function_for_macro(resolver, r, included[0]) or Found(included[:1], "import")
    ids = _linked_ids(resolver, r, resolver._global(r.name, _CALLED_KINDS, r.path).ids)
    return Found(ids, "same_package" if len(ids) == 1 else "ambiguous") if ids else EXTERNAL


def _own_function(resolver, r):
    """The function the calling file defines beside its tag of that name (its ``#n`` twin), else None."""
    from ..resolve import Found

    by_id = resolver.g.by_id
    twins = [i for i in resolver.g.by_name.get(r.name, ()) if by_id[i].path == r.path
             and by_id[i].kind in _CALLED_KINDS and "." not in by_id[i].qualname]
    return Found(twins[:1], "same_file") if twins else None


_FUNCTIONS = frozenset({"function"})


def macro_for_function(resolver, r, src):
    """A call whose included name is an object-like macro, where another file of the repository defines a function
    of that name: zlib's ``zconf.h`` renames its API under ``#ifdef Z_PREFIX`` (``#define inflate z_inflate``), and
    ``zutil.h`` has ``#define zmemcpy memcpy`` where the platform has one, else ``zutil.c`` defines ``zmemcpy``. The
    preprocessor renames the definition as it renames the call (or a build links the function instead), so the call
    reaches the function; every call went to the macro alone (``inflate``, ``crc32``, ``adler32`` dead at 0.6). The
    function, then the macro (a build may expand it); none: the macro, as before."""
    if r.kind != "call":
        return None
    sid = resolver.imported_symbol(r.path, r.name)
    return _function_for_macro(resolver, r, sid) if sid else None


def _function_for_macro(resolver, r, sid: str):
    """The linker's functions of the call's name, then the macro ``sid``, where ``sid`` is an object-like macro (a
    constant) and another file defines such a function; else None."""
    from ..resolve import Found

    if resolver.g.by_id[sid].kind != "constant":
        return None
    ids = _linked_ids(resolver, r, resolver._global(r.name, _FUNCTIONS, r.path).ids)
    return Found([*ids, sid], "import") if ids else None


def macro_in_function(resolver, r, src):
    """``#define GET16(x) ..`` written inside ``name_parse``'s body is the file's from its line on (the preprocessor
    knows no functions): libevent's ``reply_parse`` and three more functions of ``evdns.c`` call ``GET16``/``GET32``
    56 times, each read as a library's (``external``), and the macros nested in ``name_parse`` were dead at 0.9.
    The function-like macros (a C function holds no other function) the file's functions define above the call;
    none: None. Asked after the file's own and included names, before the linker's."""
    if r.kind != "call" or r.receiver is not None:
        return None
    by_id = resolver.g.by_id
    ids = [i for i in resolver.g.by_name.get(r.name, ()) if by_id[i].path == r.path and by_id[i].kind == "function"
           and by_id[i].line <= r.line and _in_function(by_id, by_id[i])]
    from ..resolve import Found

    return Found([max(ids, key=lambda i: by_id[i].line)], "same_file") if ids else None  # the last above the call


def _in_function(by_id: dict, sym) -> bool:
    parent = by_id.get(sym.parent_id or "")
    return parent is not None and parent.kind == "function"


def nested_tag(resolver, r, src):
    """``struct sc_screen { struct sc_screen_bg_color {..} bg; }``: a struct or enum defined inside a struct is the
    file's in C (its tag has file scope), so ``struct sc_screen_bg_color bg = screen->bg;`` in another function or
    in a file including the header names it; the nesting by span made it ``sc_screen.bg.sc_screen_bg_color``, no
    type named so was found, and scrcpy's two such structs were dead at 0.6. A type's name no file-level or
    included definition answers: the calling file's tag of that name nested in a struct, else the nearest included
    header's; none: None."""
    if not r.kind.startswith("type") or r.receiver is not None:
        return None
    by_id = resolver.g.by_id
    nested = [i for i in resolver.g.by_name.get(r.name, ()) if by_id[i].kind in _TAGS and _in_struct(by_id, by_id[i])]
    if not nested:
        return None
    from ..resolve import Found

    own = [i for i in nested if by_id[i].path == r.path]
    if own:
        return Found(own[:1], "same_file")
    paths = {by_id[i].path: i for i in reversed(nested)}  # each file's first
    found = [paths[p] for p in _included_paths(resolver, r.path) if p in paths]
    return Found(found[:1], "import") if found else None


def _in_struct(by_id: dict, sym) -> bool:
    """Whether ``sym`` is nested in a file-level struct through its fields only, never in a function."""
    parent, nested = by_id.get(sym.parent_id or ""), False
    while parent is not None and parent.kind in ("struct", "field"):
        parent, nested = by_id.get(parent.parent_id or ""), True
    return nested and (parent is None or parent.kind == "module")


def _included_paths(resolver, path: str) -> list[str]:
    """The files ``path`` includes, at any depth, nearest first (``MAX_INCLUDED`` at most)."""
    seen, queue, order = {path}, [path], []
    while queue and len(seen) < MAX_INCLUDED:
        for paths in resolver.stars(queue.pop(0)):
            for p in paths:
                if p not in seen:
                    seen.add(p)
                    queue.append(p)
                    order.append(p)
    return order


def extend_layers(name_layers: list, member_layers: list) -> None:
    name_layers.insert(name_layers.index("scoped"), tag_not_called)  # before the file's own tag is found
    name_layers.insert(name_layers.index("imported"), macro_for_function)
    name_layers.insert(name_layers.index("imported"), included_variants)
    name_layers.append(macro_in_function)
    name_layers.append(nested_tag)
    name_layers.append(linked)
