"""Rust ``use`` / ``mod``: a file's module path follows from its place under the crate root (the folder holding
lib.rs or main.rs): ``src/a/b.rs`` and ``src/a/b/mod.rs`` are ``crate::a::b``. ``use crate::``, ``self::``,
``super::`` and plain paths (a module of the current one, then of the crate) resolve to those files."""

from __future__ import annotations

import os
import posixpath
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from pipeline.safeio import read_config, read_inside

from ..discover import MAX_BYTES
from ..lazyre import lazy_re
from ..parse import TUPLE_OF
from . import alias_form, no_package_scope, runtime_hook, split_outside, with_entries

GROUP = "rust"
LOCAL_DEFINITIONS_SCOPED = True  # an ``fn`` or item in a function's block is seen in that block only
KEYWORDS = frozenset({"as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for", "if",
                      "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self",
                      "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where", "while",
                      "async", "await", "dyn"})
EXTERNAL_RECEIVERS = frozenset({"std", "core", "alloc"})  # std::fmt::Display, core::mem::swap(): never ours
# a parameter or `let` binding hides a same-named function of the file in a value's place (`let consumed = ..;
# (consumed, res)` is the variable, never `fn consumed`)
LOCALS_SHADOW = True
SCOPED_TYPE_PATHS = True  # S::Ok where no S is in scope: a type parameter's (its bound's), never guessed
BASE_KINDS = frozenset({"trait"})  # impl X for T: X is a trait, whatever else of that name the repository holds
CRATE_ROOTS = ("lib.rs", "main.rs")
PATH_SEPARATOR = "::"  # use a::{b::{c}}: the module a::b
PLACE_RESTS = frozenset({"remaining_field_pattern"})  # Move(.., y): y's place among the fields is not known
OPAQUE_RECEIVERS = ("$crate",)  # in a macro's body (no code), $crate::a::f still names this crate's a::f
# `use super::*` in a test module sees the parent's own `use` items too (a child sees its parent's private names)
STAR_IMPORTS_IMPORTS = True
PURE_DECORATORS = frozenset({"inline", "derive", "allow", "deny", "warn", "cfg", "cfg_attr", "must_use", "doc",
                             "deprecated", "repr", "non_exhaustive", "rustfmt::skip", "track_caller", "cold",
                             "automatically_derived", "expect", "forbid", "cfg_attr"})
BUILTINS = frozenset({"Some", "None", "Ok", "Err", "Box", "Vec", "String", "Option", "Result", "drop", "Default",
                      "Clone", "Copy", "Send", "Sync", "Sized", "Iterator", "IntoIterator", "ToString", "From", "Into",
                      "AsRef", "AsMut", "Fn", "FnMut", "FnOnce", "Drop", "PartialEq", "Eq", "PartialOrd", "Ord",
                      "Debug", "Display", "Hash", "Self", "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16",
                      "u32", "u64", "u128", "usize", "f32", "f64", "bool", "char", "str"})


# the language's own types: u128::from(x), usize::from_str(s), String::with_capacity(n) are theirs unless an impl of
# the repository gives the type that method (``impl Float for f64``: the class ``f64``, found first)
BUILTIN_TYPES = frozenset({"i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
                           "f32", "f64", "bool", "char", "str", "String", "Vec", "Box", "Option", "Result"})


def guess_bare_names(resolver, path: str) -> bool:
    return False  # a bare name is in scope, used, or the prelude's


def _named(node, child) -> str | None:
    return None if node.child_by_field_name("name") == child else "annotation"


def _bound_name(node, child):
    """``Item`` of ``impl Iterator<Item = &Arg>`` names the trait's associated type, no type used (nor an element
    of what the function returns: ``Arg`` is); the type it is bound to is read further up."""
    return None if node.child_by_field_name("name") == child else ...


TYPE_CONTEXTS = {
    "parameter": "parameter", "closure_parameters": "parameter",
    **dict.fromkeys(("function_item", "function_signature_item", "closure_expression"), "return"),
    # a name in a function type (`F: FnOnce(T) -> U`, `where F: Fn() -> X`, `f: fn(A) -> B`) is no return of the
    # function it is written in: read as one, `FnOnce` was `Match::map`'s declared result, a library's
    "function_type": "annotation",
    **dict.fromkeys(("field_declaration", "ordered_field_declaration_list"), "field"),
    **dict.fromkeys(("let_declaration", "const_item", "static_item"), "variable"),
    "type_item": alias_form, "associated_type": _named, "type_binding": _bound_name,
    # declarations' names, ``impl T`` / ``impl Trait for T`` (a container and an ``inherits``), struct literals
    **dict.fromkeys(("struct_item", "enum_item", "union_item", "trait_item", "impl_item", "struct_expression",
                     "enum_variant_list"), None),
    **dict.fromkeys(("block", "source_file", "declaration_list", "type_parameters", "where_clause", "type_cast_expression",
                     "trait_bounds"), "annotation"),
}
TYPE_ARGUMENTS = frozenset({"type_arguments"})
# a value of these is used as its first type argument: `?`, `.unwrap()` and `.await` take a Result's or an Option's value
# (see the let patterns in rust.scm), a Box, Arc or Rc derefs to what it holds, a Mutex's lock() and a RefCell's
# borrow() give it (PASSTHROUGH_METHODS)
TRANSPARENT_TYPES = frozenset({"Result", "Option", "Box", "Arc", "Rc", "Pin", "Mutex", "RefCell"})
TRANSPARENT_SUFFIXES = ("Result",)  # a crate's own Result alias: ClapResult<ArgMatches> (see langs.Transparent)
# Option's and Result's own methods (and those every value has: clone, to_owned): on a value typed as what the wrapper
# holds they are the wrapper's, never a guess; the first set gives back the value held (`find().unwrap().weight()`)
PASSTHROUGH_METHODS = frozenset({"unwrap", "expect", "unwrap_or", "unwrap_or_else", "unwrap_or_default",
                                 "unwrap_unchecked", "as_ref", "as_mut", "as_deref", "as_deref_mut", "clone",
                                 "cloned", "copied", "to_owned", "borrow", "borrow_mut", "lock"})
# ...these give what a Result holds on its error side (`f().unwrap_err()`: its E), which a type declared for the
# value it holds (`-> Result<&str, PatternError>`: str) does not say
OTHER_SIDE_METHODS = frozenset({"unwrap_err", "expect_err", "err"})
WRAPPER_METHODS = PASSTHROUGH_METHODS | frozenset({
    "map", "map_err", "map_or", "map_or_else", "and_then", "or_else", "ok", "err", "ok_or", "ok_or_else", "is_some",
    "is_none", "is_ok", "is_err", "is_some_and", "is_none_or", "is_ok_and", "is_err_and", "unwrap_err", "expect_err",
    "filter", "take", "replace", "insert", "get_or_insert", "get_or_insert_with", "zip", "xor", "and", "or",
    "flatten", "inspect", "inspect_err", "iter", "iter_mut", "transpose", "into_iter", "as_pin_mut", "as_pin_ref"})
# ...of those, the ones giving an Option or a Result of the same value again (a Result's map_err, an Option's
# ok_or: the error side changes), and those giving one of another value: on a value declared one (a field `help:
# Option<Str>`, a function's `-> Option<Node>`: rust.scm's @signature.wrapped), `self.help.as_ref().map(..)` is
# the Option's map too, and `self.help.as_ref().unwrap()` a Str
WRAPPER_KEEPING_METHODS = frozenset({
    "as_ref", "as_mut", "as_deref", "as_deref_mut", "clone", "cloned", "copied", "to_owned", "take", "replace",
    "filter", "or", "or_else", "xor", "inspect", "inspect_err", "map_err", "ok", "ok_or", "ok_or_else"})
WRAPPER_GIVING_METHODS = frozenset({"map", "and_then", "and", "err", "zip", "flatten", "transpose"})
# Methods of the standard library's Option, Result, Vec and slices, str and String, iterators, maps, Clone, ToString
# and fmt: called on a value whose type nothing states (a closure's parameter, a field of a library's type), they are
# those, not a guess among the repository's same-named methods (resolve.py: one class the file sees may still have it)
BUILTIN_METHODS = WRAPPER_METHODS | frozenset({
    "push", "pop", "len", "is_empty", "iter_mut", "extend", "extend_from_slice", "remove", "clear", "contains",
    "first", "last", "get", "get_mut", "sort", "sort_by", "sort_by_key", "sort_unstable", "dedup", "retain", "truncate",
    "drain", "split_at", "starts_with", "ends_with", "join", "concat", "to_vec", "chunks", "windows", "swap", "reverse",
    "capacity", "reserve", "as_slice", "as_mut_slice", "as_ptr", "as_str", "as_bytes", "to_string", "to_lowercase",
    "to_uppercase", "trim", "trim_start", "trim_end", "split", "splitn", "rsplit", "split_whitespace", "lines",
    "chars", "bytes", "char_indices", "find", "rfind", "parse", "push_str", "into_bytes", "strip_prefix",
    "strip_suffix", "repeat", "next", "collect", "enumerate", "chain", "rev", "skip", "count", "sum", "any", "all",
    "fold", "position", "find_map", "filter_map", "flat_map", "peekable", "nth", "min", "max", "min_by_key",
    "max_by_key", "for_each", "by_ref", "step_by", "entry", "or_insert", "or_insert_with", "or_default",
    "contains_key", "keys", "values", "values_mut", "into", "try_into", "clone_from", "write_str", "write_fmt",
    "debug_struct", "debug_tuple", "debug_list", "debug_map", "finish", "lock", "to_path_buf", "display",
    "hash", "eq", "ne", "cmp", "partial_cmp", "fmt"})  # std traits most types implement (Hash, Ord, Display)
# a variable, field or parameter declared as a transparent type holds what it wraps: `shared: Arc<Shared>`,
# `state: Mutex<State>`, `found: Option<Item>` (its methods are the held type's; the wrapper's own, `lock`, `unwrap`,
# `is_some`, are WRAPPER_METHODS)
_WRAPPED = lazy_re(r"^(?:(?:std|core|alloc)::(?:\w+::)*)?(%s)\s*<(.*)>$" % "|".join(sorted(TRANSPARENT_TYPES)),
                   re.S)
_BORROW = lazy_re(r"^(?:&\s*(?:'\w+\s+)?|mut\s+|dyn\s+)+")
_NAMED_TYPE = lazy_re(r"^((?:\w+::)*\w+)\s*(?:<.*>)?$", re.S)


def cast_type(text: str) -> str | None:
    """The type a wrapper holds, through nested ones and borrows (``&Arc<Mutex<State>>`` -> ``State``, ``Box<dyn V +
    Send>`` -> ``V``); a tuple, bare or held, as its elements' types by place (``Option<(Key, Vec<u8>)>`` ->
    ``tuple:Key,Vec``: a pattern's ``Some((k, v))`` and ``pair.0`` take them); None where the declared type is no
    wrapper nor tuple (or holds no named type: ``Box<dyn Fn()>``)."""
    held, wrapped = _BORROW.sub("", text.strip()), False
    while m := _WRAPPED.match(held):
        held, wrapped = _BORROW.sub("", _first_argument(m.group(2))), True
    if held.startswith("(") and held.endswith(")"):
        return _tuple_type(held[1:-1])
    named = _NAMED_TYPE.match(held) if wrapped else None
    return named.group(1) if named else None


def _tuple_type(inside: str) -> str | None:
    """``Key, &'a Value`` (a tuple type's inside) -> ``tuple:Key,Value``; an element of no named type is left empty
    (``(usize, impl Fn())``: ``tuple:usize,``); None for no tuple (``()``, a parenthesized ``(A)``)."""
    elements = _top_level_items(inside)
    if len(elements) < 2:
        return None
    return TUPLE_OF + ",".join(_element_name(element) for element in elements)


def _element_name(element: str) -> str:
    held = _BORROW.sub("", element.strip())
    named = _NAMED_TYPE.match(held)
    return cast_type(held) or (named.group(1) if named else "")


def _top_level_items(text: str) -> list[str]:
    """``A, B<C, D>, (E, F)`` -> its three items (commas inside brackets are the items' own), a trailing comma
    ending no item."""
    return [item.strip() for item in split_outside(text, ",", "<([", ">)]", quotes="") if item.strip()]


def _first_argument(arguments: str) -> str:
    """``Item, io::Error`` -> ``Item``: the first of a generic's arguments (commas inside brackets are its own); of
    a trait object its first bound (``dyn Visitor + 's``: ``dyn Visitor``, not its lifetime or marker traits)."""
    depth = 0
    for i, ch in enumerate(arguments):
        depth += ch in "<([" and 1 or ch in ">)]" and -1 or 0
        if ch in ",+" and depth == 0:
            return arguments[:i].strip()
    return arguments.strip()


# `.await` on a value gives what its `impl IntoFuture` (or `Future`) names as `type Output`, else the value itself
FUTURE_OUTPUT = ("await", "Output")
ITERATOR_ITEM = "Item"  # iterating a value of ours gives what its `impl Iterator` names as `type Item`
_CTOR = lazy_re(r"^([\w:]*?)([A-Z]\w*)(?:::<[^()]*>)?::\w+\s*\(.*\)$", re.S)
_LITERAL = lazy_re(r"^([\w:]*?)([A-Z]\w*)\s*\{.*\}$", re.S)
_TUPLE = lazy_re(r"^([\w:]*?)([A-Z]\w*)\s*\(.*\)$", re.S)  # a tuple struct's: Inner(3)
# the section's name key, before the next section header (a value may hold brackets: authors = ["A <a@b.c>"])
_CRATE_NAME = [lazy_re(rf"^\[{t}\](?:(?!^\[).)*?^name\s*=\s*\"([^\"]+)\"", re.M | re.S) for t in ("lib", "package")]


def _crate_dir(path: str, is_root) -> str | None:
    folder = posixpath.dirname(path)
    while True:
        if is_root(folder):
            return folder
        if not folder:
            return None
        folder = posixpath.dirname(folder)


def _module_path(path: str, crate_dir: str) -> list[str]:
    rel = path[len(crate_dir) + 1:] if crate_dir else path
    rel = rel[:-3] if rel.endswith(".rs") else rel
    parts = rel.split("/")
    if parts[-1] == "mod" or (len(parts) == 1 and parts[0] in ("lib", "main")):
        parts = parts[:-1]
    return parts


def _key(crate_dir: str, parts: list[str]) -> str:
    return f"{crate_dir}//{'::'.join(parts)}"


def module_keys(paths: list[str], files: dict, root) -> dict[str, list[str]]:
    """``<crate dir>//a::b`` per file; a library root also under ``crate:<name>`` (its Cargo.toml name), so other
    crates of a workspace reach it by ``use name::...``; a file a ``#[path]`` attribute names also under the module
    that declares it there (``_path_attribute_keys``)."""
    roots = {posixpath.dirname(p) for p in paths if posixpath.basename(p) in CRATE_ROOTS}
    out = {}
    for path in paths:
        crate = _crate_dir(path, roots.__contains__)
        out[path] = [_key(crate, _module_path(path, crate))] if crate is not None else []
        if crate is not None and path == posixpath.join(crate, "lib.rs"):
            name = _crate_name(Path(root), posixpath.dirname(crate))
            out[path] += [f"crate:{name}"] if name else []
            out[path] += [PROC_MACRO] if _is_proc_macro(Path(root), posixpath.dirname(crate)) else []
        if crate is not None and root is not None and posixpath.basename(path) in CRATE_ROOTS \
                and posixpath.dirname(path) == crate:
            out[path] += [DEPENDS_ON + dep for dep in _dependencies(Path(root), posixpath.dirname(crate))]
            out[path] += [EDITION_2015] if _edition_2015(Path(root), posixpath.dirname(crate)) else []
    if root is not None:
        declared = _module_declarations(paths, roots, Path(root))
        keys = _path_attribute_keys(paths, roots, declared) + _target_crate_keys(paths, roots, declared, Path(root))
        for target, key in keys:
            if key not in out[target]:  # a test crate that mounts its modules by #[path] is found by both
                out[target].append(key)
    return out


class PathModule(NamedTuple):
    """``#[path = "sys/unix.rs"] mod imp;`` in ``declarer``: the module ``name`` is the file ``written``."""

    declarer: str
    written: str
    name: str


# a file-level `mod x;` under a #[path] attribute (other attributes, #[cfg(unix)], around it); one inside an inline
# module (indented) is left out: its path is relative to that module's folder
_PATH_MOD = lazy_re(rb'^#\[path\s*=\s*"([^"]+)"\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;',
                    re.M)


def _path_attribute_keys(paths: list[str], roots: set, declared: Declared) -> list[tuple[str, str]]:
    """(file, key) for each module a ``#[path]`` attribute declares: the file it names, relative to the declaring
    file's folder, is that module of the declaring file's module (``crate::imp``, not ``crate::sys::unix``), so
    ``imp::f()`` and ``use crate::imp::f`` reach it."""
    known = set(paths)
    # a module declared again under another #[cfg] (#[cfg(unix)] #[path = "unix.rs"] mod imp; and windows.rs): which
    # file a name of it means depends on the build; one of them would leave the others' functions without callers
    twice = Counter((found.declarer, found.name) for found in declared.by_path)
    out = []
    for found in (d for d in declared.by_path if twice[(d.declarer, d.name)] == 1):
        target = posixpath.normpath(posixpath.join(posixpath.dirname(found.declarer), found.written))
        crate = _crate_dir(found.declarer, roots.__contains__)
        if target not in known:
            continue
        if crate is not None:
            out.append((target, _key(crate, _module_path(found.declarer, crate) + [found.name])))
        elif found.declarer.endswith(".rs"):  # tests/lexical.rs: a crate of its own, rooted at the file
            out += [(found.declarer, _key(found.declarer, [])), (target, _key(found.declarer, [found.name]))]
            out += _mounted_children(target, _key(found.declarer, [found.name]), known)
    return out


def _mounted_children(target: str, key: str, known: set) -> list[tuple[str, str]]:
    """(file, key) for the modules under a ``mod.rs`` another crate mounts by ``#[path]`` (``#[path =
    "../src/lexical/mod.rs"] mod lexical;`` in tests/lexical.rs): ``src/lexical/num.rs`` is that crate's
    ``lexical::num`` too, as its ``mod num;`` declares it."""
    if posixpath.basename(target) != "mod.rs":
        return []
    folder = posixpath.dirname(target)
    return [(p, f"{key}::{'::'.join(_module_path(p, folder))}") for p in sorted(known)
            if p.startswith(folder + "/") and p != target and p.endswith(".rs")]


class Declared(NamedTuple):
    """The files' module declarations that make module keys: ``#[path]`` ones, and a target crate's plain ones."""

    by_path: list[PathModule]
    plain: dict[str, list[str]]  # a target crate's file (``_is_target_crate``): its ``mod x;`` names


def _module_declarations(paths: list[str], roots: set, root: Path) -> Declared:
    """The ``#[path]`` module declarations of the files and the plain ones of the target crates' files, each file
    read from disk once (most declare none)."""
    by_path, plain = [], {}
    for path in paths:
        try:
            data = read_inside(root, path, MAX_BYTES)
        except OSError:  # gone, unreadable or refused (a link outside the repository): declares nothing here
            continue
        if b"#[path" in data:
            by_path += [PathModule(path, m.group(1).decode("utf-8", "replace"), m.group(2).decode())
                        for m in _PATH_MOD.finditer(data)]
        if _is_target_crate(path, roots):
            plain[path] = _plain_mods(data)
    return Declared(by_path, plain)


# Cargo builds each file right in a package's tests/, benches/ or examples/ folder as a crate of its own (its
# targets need no [[test]] entry): fd's tests/tests.rs declares `mod testenv;` and `use crate::testenv::TestEnv`
TARGET_FOLDERS = ("tests", "benches", "examples", "fuzz_targets")
# a file-level `mod x;` (attributes, #[cfg(..)], before it; a #[path] one is _PATH_MOD's): group 1 the attributes
_PLAIN_MOD = lazy_re(rb"^((?:#\[[^\]\n]*\][ \t]*\n?)*)(?:pub(?:\([^)\n]*\))?[ \t]+)?mod[ \t]+(\w+)[ \t]*;", re.M)


def _target_crate_keys(paths: list[str], roots: set, declared: Declared, root: Path) -> list[tuple[str, str]]:
    """(file, key) for Cargo's target crates outside every crate's module tree: ``tests/tests.rs`` is the crate
    ``tests/tests.rs//``, and the module its ``mod testenv;`` declares (``tests/testenv.rs`` or
    ``tests/testenv/mod.rs``, with the files under that folder) is that crate's ``testenv``. Without them
    ``TestEnv::new(..)`` was a library's call and every ``te.assert_output(..)`` a guess by name (fd: 96 and 300)."""
    known = set(paths)
    targets = [path for path in paths if _is_target_crate(path, roots)]
    # tests/tests.rs: its package's edition, each package's manifest read once (a package has many test crates)
    packages = {posixpath.dirname(posixpath.dirname(path)) for path in targets}
    old = {package for package in packages if _edition_2015(root, package)}
    out = []
    for path in targets:
        out.append((path, _key(path, [])))
        folder = posixpath.dirname(path)
        if posixpath.dirname(folder) in old:
            out.append((path, EDITION_2015))
        for name in declared.plain.get(path, ()):
            for target in (f"{folder}/{name}.rs", f"{folder}/{name}/mod.rs"):
                if target in known:
                    out += [(target, _key(path, [name]))] + _mounted_children(target, _key(path, [name]), known)
    return out


def _is_target_crate(path: str, roots: set) -> bool:
    """A ``.rs`` file right in a ``TARGET_FOLDERS`` folder, in no crate's module tree: a crate of its own."""
    return posixpath.basename(posixpath.dirname(path)) in TARGET_FOLDERS and path.endswith(".rs") \
        and _crate_dir(path, roots.__contains__) is None


def _plain_mods(data: bytes) -> list[str]:
    """The names of the file-level ``mod x;`` declarations of a file's text without a ``#[path]`` attribute."""
    if b"mod" not in data:
        return []
    return [m.group(2).decode() for m in _PLAIN_MOD.finditer(data) if b"#[path" not in m.group(1)]


DEPENDS_ON = "depends:"  # a crate root's key per crate its Cargo.toml depends on (depends:tracing_core)
_DEPENDENCY_SECTION = lazy_re(r"^\[(?:target\..*\.)?(?:dev-|build-)?dependencies(?:\.([\w-]+))?\]\s*$")
_DEPENDENCY_KEY = lazy_re(r"^\s*([\w-]+)\s*[.=]")


PROC_MACRO = "proc-macro"  # the key of a proc-macro crate's lib.rs: its types are never seen by another crate
_PROC_MACRO_LINE = lazy_re(r"^\s*proc[-_]macro\s*=\s*true\b", re.M)


def _is_proc_macro(root: Path, package_dir: str) -> bool:
    raw = read_config(root, posixpath.join(package_dir, "Cargo.toml"))
    return bool(raw) and bool(_PROC_MACRO_LINE.search(raw.decode("utf-8", "replace")))


def _dependencies(root: Path, package_dir: str) -> list[str]:
    """The crate names a package's Cargo.toml lists under its (dev-, build-, target) dependencies, ``-`` read as
    ``_``: which crates of the workspace its code can name."""
    raw = read_config(root, posixpath.join(package_dir, "Cargo.toml"))
    names, section = [], False
    for line in (raw.decode("utf-8", "replace") if raw else "").splitlines():
        if line.startswith("["):
            header = _DEPENDENCY_SECTION.match(line.strip())
            section = bool(header) and not header.group(1)
            names += [header.group(1).replace("-", "_")] if header and header.group(1) else []
        elif section and (key := _DEPENDENCY_KEY.match(line)):
            names.append(key.group(1).replace("-", "_"))
    return sorted(set(names))


# a package whose Cargo.toml writes no `edition` (nor inherits one: `edition.workspace = true`) is Rust 2015's
EDITION_2015 = "edition:2015"  # the key of such a package's crate roots (and its target crates' files)
_EDITION = lazy_re(r"^[ \t]*edition[ \t]*(?:=[ \t]*[\"']([0-9]+)[\"']|\.)", re.M)


def _edition_2015(root: Path, package_dir: str) -> bool:
    """Whether the package's ``use a::b`` paths start at its crate's root (Rust 2015: ``use util;`` in
    ``cmd/stats.rs`` is ``crate::util``), where 2018 and later read them from the module itself or a dependency."""
    raw = read_config(root, posixpath.join(package_dir, "Cargo.toml"))
    if raw is None or b"[package]" not in raw:
        return False  # no manifest (a loose file, a workspace's root): its edition is not known
    m = _EDITION.search(raw.decode("utf-8", "replace"))
    return m is None or m.group(1) == "2015"


def _crate_name(root: Path, package_dir: str) -> str | None:
    raw = read_config(root, posixpath.join(package_dir, "Cargo.toml"))
    if raw is None:
        return None
    text = raw.decode("utf-8", "replace")
    m = _CRATE_NAME[0].search(text) or _CRATE_NAME[1].search(text)
    return m.group(1).replace("-", "_") if m else None


IMPL_HOLDER = runtime_hook("holds impl blocks of a type defined outside it, whose methods are reached through that "
                           "type")


def file_entries(path: str, defs: list, root) -> list:
    """``mod serde_support { use super::*; impl Serialize for Key { .. } }``: nothing names such a module, its impl
    blocks' methods belong to a type defined outside it and are reached through that type (or its trait): the module
    is never dead (the methods are judged on their own)."""
    modules = [d.qualname for d in defs if d.kind == "namespace"]
    if not modules:
        return defs
    defined = {d.qualname for d in defs}  # an impl block is no definition: its methods' parent is its type's name
    holders = {m for m in modules for d in defs if d.kind == "method" and d.qualname.startswith(m + ".")
               and d.parent not in defined}
    return with_entries(defs, lambda d: IMPL_HOLDER if d.kind == "namespace" and d.qualname in holders else None)


def owners_among(g, member, candidates: list[str]) -> list[str]:
    """``use crate::field::*; impl AsField for Field`` where several crates of the workspace define a ``Field``: the
    impl's methods belong to the one of the impl's own crate; none there (a glob import or re-export of another
    crate's, ``pub use tracing_core::field::*``), to each one of a crate its Cargo.toml depends on (tracing: 18
    trait methods were dead, their dispatch from the trait lost; a proc-macro crate's ``Level`` is never seen), and
    to each candidate where the impl's crate is not known."""
    crates = _workspace_layout(g)
    home = crates.dir_of.get(member.path)
    own = [c for c in candidates if crates.dir_of.get(g.by_id[c].path) == home] if home is not None else []
    seen = crates.depends.get(home) if not own else None
    if seen is None:
        return own or list(candidates)
    return [c for c in candidates if crates.name_of.get(crates.dir_of.get(g.by_id[c].path)) in seen
            and crates.dir_of.get(g.by_id[c].path) not in crates.proc_macros]


class CrateLayout(NamedTuple):
    """The workspace's crates as the module keys tell them, read once per graph."""

    dir_of: dict  # a file -> its crate folder (``<crate dir>//a::b``)
    name_of: dict  # a library's crate folder -> its Cargo name (``crate:<name>``)
    depends: dict  # a crate folder holding a crate root -> the Cargo names it depends on (``depends:<name>``)
    proc_macros: set  # the crate folders of proc-macro crates (which export macros only)


def _workspace_layout(g) -> CrateLayout:
    cached = vars(g).get("_rust_crates")
    if cached is None:
        cached = CrateLayout({}, {}, {}, set())
        for key, paths in g.module_index.get(GROUP, {}).items():
            for path in paths:
                _read_key(cached, key, path)
        vars(g)["_rust_crates"] = cached
    return cached


def _read_key(layout: CrateLayout, key: str, path: str) -> None:
    folder = posixpath.dirname(path)
    if "//" in key:
        layout.dir_of.setdefault(path, key.split("//")[0])
        if posixpath.basename(path) in CRATE_ROOTS and key.endswith("//"):
            layout.depends.setdefault(folder, set())
    elif key.startswith("crate:"):
        layout.name_of[folder] = key[len("crate:"):]
    elif key == PROC_MACRO:
        layout.proc_macros.add(folder)
    elif key.startswith(DEPENDS_ON):
        layout.depends.setdefault(folder, set()).add(key[len(DEPENDS_ON):])


package_scope = no_package_scope


def import_binding(module: str | None, name: str | None, alias: str | None):
    if name == "*":
        return None, module, "*"
    if module is None:
        if name is None:
            return None, None, None
        return (alias or name), f"self::{name}" if alias is None else name, None  # mod x; / use x;
    if name == "self":  # use a::b::{self}: the module b
        return (alias or module.rpartition("::")[2]), module, None
    return (alias or name), module, name


def nested_spec(spec: str, depth: int) -> str:
    """``super::x`` inside ``mod tests { }`` is the file's own ``self::x``: each inline module absorbs one ``super``."""
    parts, popped = spec.split("::"), 0
    while popped < depth and parts and parts[0] == "super":
        parts.pop(0)
        popped += 1
    if not popped or popped < depth:  # no super, or still inside an inline module: left as written
        return spec
    return "::".join(["self"] + parts)


def _where(importer: str, index: dict) -> tuple[str, list[str]] | None:
    crate = _crate_dir(importer, lambda d: _key(d, []) in index)
    if crate is None and _key(importer, []) in index:  # tests/lexical.rs, mounting modules by #[path]
        # tests/test_cat.rs that tests/tests.rs mounts (`mod test_cat;`, xsv's `autotests = false`): that crate's
        # module, whose `use workdir::Workdir` is its crate's `workdir`, never a crate of its own
        return _mounted(index).in_file_crate.get(importer) or (importer, [])
    if crate is None:  # tests/lexical/algorithm.rs: a module tests/lexical.rs mounts by #[path] (a crate of a file)
        crate = _crate_dir(importer, lambda d: bool(d) and _key(d + ".rs", []) in index)
        if crate is None:  # tests/support/mod.rs: the module a test crate's `mod support;` declares
            return _mounted(index).in_file_crate.get(importer)
        return crate + ".rs", _module_path(importer, crate)
    return crate, _declared_path(importer, crate, index) or _module_path(importer, crate)


class _Mounted(NamedTuple):
    """The module index last read, the module each file a ``#[path]`` attribute mounts is there, and the module of
    a crate of a file each other file is (``_file_crate_modules``)."""

    index: dict
    module_of: dict[str, list[str]]
    in_file_crate: dict[str, tuple[str, list[str]]]


def _mounted(index: dict) -> _Mounted:
    if not _MOUNTED or _MOUNTED[0].index is not index:
        _MOUNTED[:] = [_Mounted(index, _mounted_modules(index), _file_crate_modules(index))]
    return _MOUNTED[0]


def _file_crate_modules(index: dict) -> dict[str, tuple[str, list[str]]]:
    """Each file a key of a crate of a file names (``tests/harness.rs//support``: tests/support/mod.rs, the module a
    test crate's ``mod support;`` declares, ``_target_crate_keys``), but the crate's own: that crate and module, so
    the module's own ``pub mod files;`` and ``super::`` resolve there (where several test crates declare it, the
    first in the index's order)."""
    out = {}
    for key, paths in index.items():
        crate, sep, module = key.partition("//")
        if sep and module and crate.endswith(".rs"):
            for path in paths:
                out.setdefault(path, (crate, module.split("::")))
    return out


_MOUNTED: list[_Mounted] = []  # one entry: the index of the run (kept, so that its id is never another's)


def _declared_path(importer: str, crate: str, index: dict) -> list[str] | None:
    """The module a ``#[path = "uniform_other.rs"] mod other;`` in ``distr/uniform.rs`` makes of the file:
    ``distr::uniform::other``, whose ``super`` is ``distr::uniform`` (not ``distr``, its folder's)."""
    return _mounted(index).module_of.get(f"{crate}//{importer}")


def _mounted_modules(index: dict) -> dict[str, list[str]]:
    """``<crate dir>//<file>`` -> its module path, for each file under a key of its crate other than its folder's."""
    out = {}
    for key, paths in index.items():
        crate, sep, module = key.partition("//")
        for path in paths if sep else ():
            if path.startswith(f"{crate}/" if crate else "") and path.endswith(".rs") \
                    and module.split("::") != _module_path(path, crate) and module:
                out[f"{crate}//{path}"] = module.split("::")
    return out


def resolve_module(importer: str, spec: str | None, index: dict, root) -> list[str]:
    where = _where(importer, index) if spec else None
    if where is None:  # tests/, benches/, examples/: outside every crate's module tree, they use crates by name
        return _in_named_crate(spec.split("::"), index) if spec else []
    crate, here = where
    parts = spec.split("::")
    if parts[0] == "crate":
        return index.get(_key(crate, parts[1:]), [])
    if parts[0] in ("self", "super"):
        base = list(here)
        while parts and parts[0] in ("self", "super"):
            if parts.pop(0) == "super":
                base = base[:-1]
        found = index.get(_key(crate, base + parts), [])
        if not found and len(parts) == 1 and spec.startswith("self::") and _edition_2015_crate(crate, index):
            return index.get(_key(crate, parts), [])  # Rust 2015's `use util;` (self::util): the crate's util
        return found
    found = index.get(_key(crate, here + parts)) or index.get(_key(crate, parts))
    if found:
        return found
    return _in_named_crate(parts, index)


def _edition_2015_crate(crate: str, index: dict) -> bool:
    """Whether ``crate`` (a crate root's folder, or a target crate's file) is a Rust 2015 package's."""
    return any(p == crate or posixpath.dirname(p) == crate for p in index.get(EDITION_2015, ()))


def _in_named_crate(parts: list[str], index: dict) -> list[str]:
    """``bytes::buf`` -> the module file of ``buf`` in the workspace crate named ``bytes`` (its package name)."""
    other = index.get(f"crate:{parts[0]}")
    return index.get(_key(posixpath.dirname(other[0]), parts[1:]), []) if other else []


def submodule(paths: list[str], name: str, index: dict) -> list[str] | None:
    """``use crate::a::b`` where b is a module: the file of ``a::b``."""
    for path in paths:
        where = _where(path, index)
        if where:
            found = index.get(_key(where[0], where[1] + name.split(".")))
            if found:
                return found
    return None


def is_external(importer: str, spec: str, index: dict, root) -> bool:
    """A path that starts at neither this crate nor another of the workspace (``std::``, a dependency), or that goes
    through a dependency a module of ours re-exports by name (``reexported_dependency``)."""
    first = spec.split("::")[0]
    if first not in ("crate", "self", "super") and f"crate:{first}" not in index:
        return True
    return reexported_dependency(importer, spec.split("::"), index, root)


def reexported_dependency(importer: str, parts: list[str], index: dict, root) -> bool:
    """``crate::log::warn``, ``mycrate::log::Level`` (another crate of the workspace), ``pub use log;`` itself
    (``self::log``): the longest head of the path that names a module of ours is followed by no module of it but
    by a crate its Cargo.toml depends on: only ``pub use log;`` (``extern crate log;``) there puts that name in the
    module, so the rest is the dependency's."""
    for cut in range(len(parts) - 1, 0, -1):
        files = resolve_module(importer, "::".join(parts[:cut]), index, root)
        if files:
            where = _where(files[0], index)
            return where is not None and _depends_on(where[0], parts[cut], index)
    return False


def _depends_on(crate_dir: str, name: str, index: dict) -> bool:
    return any(posixpath.dirname(p) == crate_dir for p in index.get(DEPENDS_ON + name, ()))


def import_head(spec: str) -> str | None:
    """``use self::fmt::Write`` where ``fmt`` is no module file but a name the file imports (``use core::fmt``):
    the import goes through that name."""
    parts = spec.split("::")
    return parts[1] if len(parts) == 2 and parts[0] == "self" else None


def receiver_module(importer: str, receiver: str, index: dict, root) -> list[str]:
    """``crate::a::b::f()`` / ``super::b::f()`` name module files by path, without a ``use``; a macro's ``$crate``
    is the crate of the file defining it."""
    receiver = receiver[1:] if receiver.startswith("$crate") else receiver
    if receiver.startswith(("crate.", "self.", "super.")):  # a value's callee in dotted form (receiver_path)
        receiver = receiver.replace(".", "::")
    if receiver == "crate":
        return resolve_module(importer, receiver, index, root)
    if "::" not in receiver and f"crate:{receiver}" in index:  # clap::Arg::new(), clap::command!(): a workspace crate
        return index[f"crate:{receiver}"]
    if "::" not in receiver or not receiver.startswith(("crate::", "self::", "super::")):
        return []
    return resolve_module(importer, receiver, index, root)


_AS_TRAIT = lazy_re(r"^<[^<>]*?\bas\s+((?:\w+::)*\w+)\s*(?:<.*>)?\s*>$", re.S)


def receiver_path(receiver: str) -> str:
    """``store::Store`` -> ``store.Store`` (the resolver's dotted form); ``<T as de::Visitor>`` -> ``de.Visitor``
    (a call through a qualified path is the trait's method, whatever T is); ``crate::a::f(x).g()`` ->
    ``crate.a.f(x).g()`` (a value a module's function gives: ``receiver_module`` reads its dotted path)."""
    trait = _AS_TRAIT.match(receiver)
    receiver = trait.group(1) if trait else receiver
    if "(" in receiver and _MODULE_CALL.match(receiver):  # crate::flags::lookup(name): a module's function, called
        head, paren, rest = receiver.partition("(")
        return head.replace("::", ".") + paren + rest
    return receiver.replace("::", ".") if "::" in receiver and "(" not in receiver else receiver


# a call of a function through a path of this crate's modules (never Type::new(): a type's name is capitalized)
_MODULE_CALL = lazy_re(r"^(?:crate|self|super)(?:::[a-z_][a-z0-9_]*)+\s*\(")


def inline_type(receiver: str) -> str | None:
    """``Foo::new(..)``, ``Foo::default()``, ``m::Foo::with(..)``, ``Foo { .. }``, ``Foo(..)`` -> the type (dotted)."""
    m = _CTOR.match(receiver) or _LITERAL.match(receiver) or _TUPLE.match(receiver)
    if not m:
        return None
    prefix = m.group(1).rstrip(":").replace("::", ".")
    return f"{prefix}.{m.group(2)}" if prefix else m.group(2)


def extend_layers(name_layers: list, member_layers: list) -> None:
    """Last before a guess: a path into another crate is outside the repository; a bare name handed to a macro
    that names no function nor value may be a macro's (``macro_passed_by_name``)."""
    name_layers.append(macro_passed_by_name)
    name_layers.append(language_type_named)
    member_layers.insert(0, super_path_call)
    member_layers.insert(1, tuple_literal_call)
    member_layers.insert(2, range_literal_call)
    member_layers.insert(3, inline_module_path)
    member_layers.append(external_crate_path)
    member_layers.append(library_value_call)
    member_layers.append(builtin_type_path)
    member_layers.append(extension_trait_call)


def macro_in_scope(resolver, r, ids: list[str]):
    """``svec!(..)`` in ``tests/test_cat.rs``, a ``macro_rules! svec`` of ``tests/tests.rs``, which mounts it (``mod
    test_cat;``): a macro is in textual scope in the modules its file declares after it, without a ``use``, so of
    the macros ``ids`` of the call's name, those of the caller's crate root or enclosing module files are the one
    called (xsv: 232 calls, each a guess by name, or a guess among the crates' same-named macros). None: no such."""
    support = resolver.supports.get(r.path)
    index = resolver.index_of(support) if support is not None else None
    where = _where(r.path, index) if index is not None else None
    if where is None:
        return None
    crate, here = where
    enclosing = {p for k in range(len(here)) for p in index.get(_key(crate, here[:k]), ())}
    found = [i for i in ids if resolver.g.by_id[i].path in enclosing]
    from ..resolve import Found

    return Found(found, "import") if found else None


def inline_module_path(resolver, r, src):
    """``specialization::intersperse::external`` (a call, or a function a macro is handed: criterion_group!) where
    ``specialization`` is an inline ``mod`` of the calling file: the function that path names in the file (it was
    unresolved, the functions dead). The module is the innermost the caller's scope sees (``mod os`` inside ``mod
    extended_attrs``); a module written several times under ``#[cfg(..)]`` (eza's ``mod os`` for macOS, Linux and
    the BSDs: ``os``, ``os#2``, ``os#3``) is each build's: every twin's function of that path, each certain (``os::
    list_xattr`` went to the first alone, ``os::list_system_xattr``, the BSDs' only, to none: dead at 0.9)."""
    receiver = r.receiver
    if "::" not in receiver and not receiver.islower() or not _MODULE_PATH.match(receiver):
        return None
    g = resolver.g
    head_name, _, rest = receiver.partition("::")
    head = _inline_module(g, r.path, r.src_qualname, head_name)
    if head is None:
        return None
    tail = f"{rest.replace('::', '.')}.{r.name}" if rest else r.name
    ids = [sid for twin in resolver._twins(head, most=MAX_CFG_TWINS) if g.by_id[twin].kind == "namespace"
           and (sid := g.by_qual.get((r.path, f"{g.by_id[twin].qualname}.{tail}")))]
    from ..resolve import Found, Listed

    return (Listed if len(ids) > 1 else Found)(ids, "same_file") if ids else None


MAX_CFG_TWINS = 16  # the ``#[cfg(..)]`` variants of one inline module read as alternatives


def _inline_module(g, path: str, scope: str, name: str) -> str | None:
    """The inline module ``name`` as the scope ``scope`` of ``path`` sees it: declared in the innermost enclosing
    scope that declares one, else at the file's top."""
    while True:
        sid = g.by_qual.get((path, f"{scope}.{name}" if scope else name))
        if sid is not None and g.by_id[sid].kind == "namespace":
            return sid
        if not scope:
            return None
        scope = scope.rpartition(".")[0]


_MODULE_PATH = lazy_re(r"^[a-z_][a-z0-9_]*(?:::[a-z_][a-z0-9_]*)*$")


def super_path_call(resolver, r, src):
    """``super::strip(h)``, unimported: a function of the parent module's file; inside an inline module (``mod
    tests { }``) each ``super`` is first that module's enclosing one (``nested_spec``: the file's own). The name is
    looked up there only (hyper's ``super::strip_connection_headers`` was external, the function dead)."""
    if r.receiver != "super" and not r.receiver.startswith("super::"):
        return None
    from ..resolve import UNRESOLVED, Found

    support = resolver.supports.get(r.path)
    spec = nested_spec(r.receiver, resolver._namespace_depth(r.path, r.src_qualname))
    modules = resolve_module(r.path, spec, resolver.index_of(support), resolver.root) if support else []
    for module in modules:
        sid = resolver.g.top.get(module, {}).get(r.name)
        hit = None if sid else resolver.reexported(module, r.name, frozenset())
        sid = sid or (hit.value if hit is not None and hit.kind == "symbol" else None)
        if sid:
            return Found([sid], "same_file" if module == r.path else "import")
    return UNRESOLVED if modules else None


def tuple_literal_call(resolver, r, src):
    """``(StatusCode::OK, body).into_response()``: a tuple written in place has the methods impls for tuple types
    give it (``impl<R> IntoResponse for (StatusCode, R)``): the repository's of as many elements, a guess among
    them; none: unresolved (a macro's impls for tuples have no symbol), never another type's same-named method
    (axum's tuple responses were guessed among every ``into_response``)."""
    arity = _tuple_literal_arity(r.receiver)
    if arity is None:
        return None
    from ..resolve import UNRESOLVED, Found

    ids = [sid for sid in resolver.g.by_name.get(r.name, ()) if _tuple_impl_arity(resolver.g, sid) == arity]
    if not ids:
        return UNRESOLVED
    return Found(ids, "unique_name" if len(ids) == 1 else "ambiguous")


def _tuple_literal_arity(receiver: str) -> int | None:
    """``(a, b)`` -> 2, ``(a,)`` -> 1; None for what is no tuple written in place (``(a + b)``, ``(x).f(y)``, the
    unit ``()``)."""
    text = receiver.strip()
    if len(text) < 3 or text[0] != "(" or _closing(text) != len(text) - 1:
        return None
    inside = text[1:-1]
    items = _top_level_items(inside)
    return len(items) if len(items) > 1 or inside.rstrip().endswith(",") else None


def range_literal_call(resolver, r, src):
    """``(0..1024).into_par_iter()``: a range written in place is the standard library's ``Range`` (``RangeInclusive``
    for ``..=``, ``RangeFrom`` for ``a..``...), with the methods the repository's impls for that type give it (rayon's
    ``impl<T> IntoParallelIterator for Range<T>``), never another type's same-named method (rayon's ~120 such sites
    were each a guess among 24 ``into_par_iter`` of arrays, vectors, options, ..); no such impl: the later layers, as
    before (the library's own ``(0..n).collect()``, a blanket impl's method)."""
    range_type = _range_literal_type(r.receiver or "")
    if range_type is None:
        return None
    g = resolver.g
    ids = [sid for sid in g.by_name.get(r.name, ())
           if (owner := g.by_id.get(g.by_id[sid].parent_id or "")) is not None
           and owner.kind == "extension" and owner.name == range_type]
    if not ids:
        return None
    from ..resolve import Found

    return Found(ids, "same_file" if all(g.by_id[i].path == r.path for i in ids) else "import")


def _range_literal_type(receiver: str) -> str | None:
    """``(0..n)`` -> ``Range``, ``(1..=n)`` -> ``RangeInclusive``, ``(a..)`` -> ``RangeFrom``, ``(..b)`` ->
    ``RangeTo``, ``(..=b)`` -> ``RangeToInclusive``, ``(..)`` -> ``RangeFull``: the type of a range written in place
    in parentheses (two dots outside brackets and strings: an empty part between them); None for anything else
    (``(a.b)``, ``(x).f(y)``, a tuple: ``(a, b..c)``)."""
    text = receiver.strip()
    if len(text) < 4 or text[0] != "(" or _closing(text) != len(text) - 1:
        return None
    if len(split_outside(text[1:-1], ",", quotes='"')) > 1:
        return None  # a tuple (`(a, b..c)`)
    parts = split_outside(text[1:-1], ".", quotes='"')
    at = next((i for i in range(1, len(parts) - 1) if not parts[i]), None) if parts else None
    if at is None:
        return None
    start, end = ".".join(parts[:at]).strip(), ".".join(parts[at + 1:]).strip()
    inclusive = end.startswith("=")
    if start:
        return ("RangeInclusive" if inclusive else "Range") if end else "RangeFrom"
    return ("RangeToInclusive" if inclusive else "RangeTo") if end else "RangeFull"


def _closing(text: str, start: int = 0) -> int:
    """The place of the bracket closing the one ``text`` opens with at ``start`` (-1 where none does)."""
    depth = 0
    for i in range(start, len(text)):
        ch = text[i]
        depth += ch in "([{" and 1 or ch in ")]}" and -1 or 0
        if depth == 0:
            return i
    return -1


def _tuple_impl_arity(g, sid: str) -> int | None:
    """How many elements the tuple type has whose impl block defines ``sid`` (``impl X for (u16, B)``: 2)."""
    owner = g.by_id.get(g.by_id[sid].parent_id)
    if owner is None or owner.kind != "extension" or not owner.name.startswith("(") or owner.name == "()":
        return None
    return len(_top_level_items(owner.name[1:-1]))


def macro_passed_by_name(resolver, r, src):
    """``all_the_tuples!(impl_handler)``: a macro handed another macro's name calls it (``$name!(..)`` in its body),
    so the name is a use of ``impl_handler!`` where no function or value of that name is in scope (axum's impl
    macros were dead). Only the file's own macros and those it imports: never a guess by name."""
    if r.kind != "callback" or r.receiver or r.name.endswith("!"):
        return None
    from dataclasses import replace

    named = replace(r, name=r.name + "!")
    found = resolver._layer_scoped(named, src) or resolver._layer_imported(named, src)
    return found if found and found.ids else None


def language_type_named(resolver, r, src):
    """``-> &str``, ``-> &[u8]``, ``-> io::Result<()>`` (rust.scm): a type of the language, so what a call of the
    function gives is the library's (``rdr.buffer().is_empty()``: external, not a guess among the repository's
    ``is_empty``). Where an impl of the repository gives that type methods (``impl Ext for [u8]``, an extension named
    as written) the type says nothing: the member is guessed by name as before, never made external."""
    if not r.kind.startswith("type.") or not _language_type(r.name):
        return None
    from ..resolve import EXTERNAL, UNRESOLVED

    extended = any(resolver.g.by_id[sid].kind == "extension" for sid in resolver.g.by_name.get(r.name, ()))
    return UNRESOLVED if extended else EXTERNAL


def _language_type(name: str) -> bool:
    """A primitive, a slice or an array (``[u8]``, ``[u8; 4]``), or the unit ``()``."""
    return name in BUILTIN_TYPES or name == "()" or name.startswith("[") and name.endswith("]")


def builtin_type_path(resolver, r, src):
    """``u128::from(7)``: a function of the language's own type that no impl of the repository gives it (never a
    guess among the repository's ``from`` methods)."""
    if r.receiver not in BUILTIN_TYPES or r.kind.startswith("type."):
        return None
    from ..resolve import EXTERNAL

    return EXTERNAL


def external_crate_path(resolver, r, src):
    """``impl serde::Deserializer for T``, ``serde::de::Error::custom()``: a path whose first part the file binds
    nowhere (no ``use``, no ``mod``, no definition of that name) and that is no crate of the workspace names an
    external crate (Rust 2018 paths), never a same-named type or method of the repository. Only where the text is a
    path: an ``impl``'s trait, a type, a call through ``::`` (``x.f()``'s ``x`` is a value, whatever its name)."""
    support = resolver.supports.get(r.path)
    if r.kind == "call" and "::" not in r.receiver and _unbound_dependency(resolver, r, support):
        from ..resolve import EXTERNAL

        return EXTERNAL  # tempfile::tempdir(): a dependency's function (its value, `data_dir.path()`, no guess)
    if r.kind != "inherits" and not r.kind.startswith("type.") and "::" not in r.receiver:
        return None
    head = r.receiver.split("::")[0]
    if support is not None and "::" in r.receiver and head.isidentifier() \
            and reexported_dependency(r.path, r.receiver.split("::"), resolver.index_of(support), resolver.root):
        from ..resolve import EXTERNAL

        return EXTERNAL  # crate::log::logger(): the dependency a module of ours re-exports (pub use log;)
    if not head.isidentifier() or not head[:1].islower() or head in ("crate", "self", "super"):
        return None  # Foo::new(), T::Output, Self::Error: a type of the file or a type parameter
    if resolver.bound_name(r.path, head) is not None or resolver._scoped_name(r.path, r.src_qualname, head):
        return None
    if support is not None and f"crate:{head}" in resolver.index_of(support):
        return None
    from ..resolve import EXTERNAL

    return EXTERNAL


def library_value_call(resolver, r, src):
    """``let dir = tempfile::tempdir()?; dir.path()``, ``let dir = std::env::temp_dir(); dir.join(..)``: a method
    of a variable holding what another crate's function (or the standard library's) gives, unwrapped or not, is a
    library's, never a guess among the repository's methods of that name (bat's ``dir.path()`` in 11 tests went to
    its ``OpenedInput.path`` at 0.45). Each value the variable holds must be such a call: a path of lower-case
    modules (``a::b::f(..)``) whose head ``external_crate_path`` reads as another crate's, then nothing but
    ``unwrap``/``expect`` steps."""
    if r.kind != "call" or not r.bound_to or not r.receiver or not r.receiver.isidentifier():
        return None
    from dataclasses import replace

    from ..marks import bound_values
    from ..resolve import EXTERNAL

    for value in bound_values(r.bound_to):
        path = _library_call_path(value)
        head, _, name = (path or "").rpartition("::")
        if not head or name in CALLER_TYPED_FUNCTIONS or external_crate_path(resolver, replace(r, name=name, receiver=head, bound_to=None), src) is None:
            return None
    return EXTERNAL


_UNWRAPS = (".unwrap()", ".expect(")  # what a library function's value is still that value after
# library functions whose value is of a type the caller decides, ours as well: a value handed back (`mem::take(&mut
# self.state)`, `mem::replace`, `ptr::read`), made of nothing (`mem::zeroed()`) or read from data (`serde_json::
# from_str(s)?` where the variable's later use fixes its type): the variable's methods are left to the later layers
CALLER_TYPED_FUNCTIONS = frozenset({"take", "replace", "identity", "black_box", "read", "read_unaligned",
                                    "read_volatile", "transmute", "transmute_copy", "zeroed", "from_str", "from_slice",
                                    "from_reader", "from_value", "from_bytes", "deserialize",
                                    "decode", "load", "parse", "default"})


def _library_call_path(value: str) -> str | None:
    """``tempfile::tempdir().unwrap()`` -> ``tempfile::tempdir``: the called path of a value that is a call of a
    module path (no type's: every part in lower case), unwrapped at most; None for anything else. One pass: each
    step's brackets are read from where the last one closed."""
    path, paren, _ = value.partition("(")
    if not paren or "::" not in path or not all(p.isidentifier() and p.islower() for p in path.split("::")):
        return None
    end = _closing(value, len(path))
    while end > 0 and value.startswith(_UNWRAPS, end + 1):
        end = _closing(value, value.index("(", end + 1))
    return path if end == len(value) - 1 else None


def _unbound_dependency(resolver, r, support) -> bool:
    """``tempfile::tempdir()``: a one-segment path, which the reference keeps as the receiver ``tempfile`` as it
    keeps ``x.f()``'s ``x``: a dependency where the name is one the package's Cargo.toml lists (its dev- and build-
    dependencies too) and the code binds it to nothing (no variable's value, no ``use``, ``mod`` or definition).
    Not where a method of the repository bears the call's name: an untyped closure parameter named as a crate
    (``.any(|glob| glob.matches(p))``) is kept as a reference too, and may hold one of the repository's values."""
    name = r.receiver
    if support is None or r.bound_to or not name.isidentifier() or not name[:1].islower():
        return False
    if any(resolver.g.by_id[i].kind == "method" for i in resolver.g.by_name.get(r.name, ())):
        return False
    roots = resolver.index_of(support).get(DEPENDS_ON + name, ())
    if not any(r.path.startswith(_package_of(root)) for root in roots):
        return False
    return resolver.bound_name(r.path, name) is None and not resolver._scoped_name(r.path, r.src_qualname, name)


def _package_of(crate_root: str) -> str:
    """The folder (with its ``/``, or ``""`` at the top) of the package whose crate root is ``crate_root``:
    ``src/main.rs`` -> ``""``, ``crates/core/src/lib.rs`` -> ``crates/core/`` (its tests/ and build.rs too)."""
    package = posixpath.dirname(posixpath.dirname(crate_root))
    return package + "/" if package else ""


def outside_path(resolver, r, path: str) -> bool:
    """``reqwest::Client`` of ``reqwest::Client::new()``: a path into another crate (``external_crate_path``)."""
    from dataclasses import replace

    return bool(path) and external_crate_path(resolver, replace(r, kind="call", receiver=path), None) is not None


# -- an impl of another crate's type --------------------------------------------------------------------------------
LOCAL_HEADS = ("crate", "super", "$crate")  # paths that start in this crate
DEFINED_TYPES = ("struct", "enum", "trait", "type", "namespace")  # raw definition kinds naming a type (or module)
MAX_USE_HOPS = 4  # use self::fmt::Write where fmt is `use core::fmt`: a few hops through the file's own uses
SKIPPED_DIRS = ("target", "node_modules")
MAX_MANIFEST_DIRS = 20000  # folders walked looking for the repository's crates (bounded, once per repository)


def settle_references(raw_refs: list) -> list:
    """A macro's call names it with its ``!`` (``tri!``), as its definition does: never a function's name. A field
    typed by its struct's type parameter is of that parameter's bound, a call through a bounded parameter's
    associated type is of that trait's (``_bound_fields``)."""
    raw_refs = [r._replace(name=r.name + "!") if r.kind == "macro_call" else r for r in raw_refs]
    raw_refs = _through_crate_aliases(raw_refs)
    return _bound_fields(raw_refs) if any(r.kind in _PARAMETER_MARKS for r in raw_refs) else raw_refs


def _through_crate_aliases(raw_refs: list) -> list:
    """``use itertools as it;`` at a test crate's root, then ``use crate::it::Itertools;`` (itertools' tests): the
    path goes through the alias to the crate it names (``itertools::Itertools``), which resolves as written out."""
    aliases = {r.alias: r.name for r in raw_refs if r.kind == "import" and r.module is None and r.alias
               and r.alias != "_" and r.name}
    if not aliases:
        return raw_refs
    return [r._replace(module=_unaliased(r.module, aliases)) if r.kind == "import" and r.module else r
            for r in raw_refs]


def _unaliased(module: str, aliases: dict) -> str:
    parts = module.split("::")
    if len(parts) < 2 or parts[0] not in ("crate", "self") or parts[1] not in aliases:
        return module
    return "::".join([aliases[parts[1]], *parts[2:]])


_PARAMETER_MARKS = ("parameter_field", "type_bound")  # facts for _bound_fields, no references


def _bound_fields(raw_refs: list) -> list:
    """``formatter: F`` in ``struct Serializer<W, F>`` (a ``parameter_field`` mark at the type): the field holds
    the trait the file bounds ``F`` by (``where F: Formatter``, ``impl<F: Formatter>``: ``type_bound`` marks), where
    every bound of that name in the file agrees and is no std trait, so a chain through the field
    (``self.ser.formatter.f()``, where no bound is in scope) reaches the trait's method; else the type stays as
    written (unknown)."""
    fields = {r.name_start for r in raw_refs if r.kind == "parameter_field"}
    bounds: dict[str, set[str]] = {}
    for r in raw_refs:
        if r.kind == "type_bound":
            bounds.setdefault(r.name, set()).add(r.receiver.partition("<")[0].strip())  # Read<'de>: Read
    out = []
    for r in raw_refs:
        if r.kind in _PARAMETER_MARKS:
            continue
        bound = bounds.get(r.name, ())
        if r.kind == "type.field" and r.name_start in fields and len(bound) == 1:
            module, _, trait = next(iter(bound)).rpartition("::")
            if trait not in BUILTINS and module.partition("::")[0] not in EXTERNAL_RECEIVERS:  # F: Clone + Visit
                r = r._replace(name=trait, receiver=module or None)  # (std's first: which of them, not said)
        elif r.kind == "call" and r.receiver and "::" in r.receiver:
            r = _through_associated_type(r, bounds)
        out.append(r)
    return out


_ASSOCIATED_PATH = lazy_re(r"^([A-Z]\w*)::([A-Z]\w*)$")


def _through_associated_type(r, bounds: dict):
    """``OM::Incomplete::is_streaming()`` where the file bounds ``OM`` by one trait (``OM: crate::OutputMode``):
    the receiver is that trait's associated type (``crate::OutputMode::Incomplete``), whose own bound
    (``type Incomplete: IsStreaming;``, an ``inherits``) holds the method. Several bounds, or a std trait's: as
    written (nom's 190 ``OM::Output::bind(..)``, ``OM::Incomplete::is_streaming()`` were external)."""
    m = _ASSOCIATED_PATH.match(r.receiver)
    bound = bounds.get(m.group(1), ()) if m else ()
    if len(bound) != 1:
        return r
    trait = next(iter(bound))
    if trait.rpartition("::")[2] in BUILTINS or trait.partition("::")[0] in EXTERNAL_RECEIVERS:
        return r
    return r._replace(receiver=f"{trait}::{m.group(2)}")


def settle_definitions(raw_defs: list, imports: list, root) -> list:
    """A ``macro_rules!`` definition is named with its ``!`` (``tri!``). ``impl Trait for HeaderMap`` with ``use
    http::HeaderMap``, ``impl From<E> for io::Error`` with ``use std::io``: the type is another crate's, never one
    of the repository's same-named types. The block is an extension (one symbol per type and file, like ``impl Trait
    for Vec<T>``) so that dispatch from the trait's methods reaches its methods, not a container of a type that does
    not exist here (its methods left without an owner). A type the file neither defines nor imports (a glob import,
    a type made by a macro) stays an ``impl``, owned by the repository's type of that name."""
    if any(d.kind == "macro" for d in raw_defs):
        raw_defs = [d._replace(name=d.name + "!") if d.kind == "macro" else d for d in raw_defs]
    if not any(d.kind == "impl" for d in raw_defs):
        return raw_defs
    uses = _use_paths(imports)
    local = {d.name for d in raw_defs if d.kind in DEFINED_TYPES}
    local |= {r.name for r in imports if r.module is None and r.name}  # mod x; (a module of this crate)
    crates = _workspace_crates(str(root)) if root is not None else frozenset()
    namespaces = [d for d in raw_defs if d.kind == "namespace"]
    modules = {d.name for d in namespaces}
    out = []
    for d in raw_defs:
        if d.kind == "impl":
            path = (d.qualifier.split("::") + [d.name]) if d.qualifier else ([d.name] if d.name not in local else None)
            if path and _origin(path, uses, local, crates) == "external":
                d = d._replace(kind="extension")
            elif not d.qualifier and not any(n.start < d.start and d.end <= n.end for n in namespaces):
                d = d._replace(name=_inline_module_type(d.name, uses, modules))  # a block at the file's top level
        out.append(d)
    return out


def _inline_module_type(name: str, uses: dict, modules: set) -> str:
    """``use inner::Inner; impl Inner { .. }`` where ``mod inner { struct Inner }`` is in the file: the block is
    ``inner.Inner``'s (the methods' owner is that type, not a type named Inner somewhere else)."""
    path = uses.get(name)
    if not path or path[-1] != name:
        return name
    path = path[1:] if path[0] == "self" else path
    return ".".join(path) if len(path) > 1 and path[0] in modules else name


def _use_paths(imports: list) -> dict[str, list[str]]:
    """Each name a ``use`` binds -> the path it names (``use std::io::{self, Write as W}``: io -> std::io, W ->
    std::io::Write)."""
    out = {}
    for r in imports:
        if r.module is None or r.name in (None, "*"):
            continue
        parts = r.module.split("::")
        path = parts if r.name == "self" else parts + [r.name]
        out[r.alias or path[-1]] = path
    return out


def _origin(path: list[str], uses: dict, local: set, crates: frozenset, hops: int = 0) -> str:
    """Whether a path written in the file starts in another crate ("external") or in this one ("local")."""
    head = path[0]
    if head in LOCAL_HEADS and any(part in EXTERNAL_RECEIVERS for part in path[1:-1]):
        return "external"  # crate::lib::std::ops::Range: a no_std crate's facade of the standard library (nom, serde)
    if hops > MAX_USE_HOPS or head in LOCAL_HEADS:
        return "local"
    if head == "self":  # self::x::T: this module's x, which may be a name the file imports
        return _origin(path[1:], uses, local, crates, hops + 1) if len(path) > 1 and path[1] in uses else "local"
    bound = uses.get(head)
    if bound is not None and bound != path[:len(bound)]:
        return _origin(bound + path[1:], uses, local, crates, hops + 1)
    if head in local or head in crates:
        return "local"
    if len(path) == 1:  # a bare name no use binds: the prelude's or a glob import's, not known here
        return "unknown"
    # a crate's name is lower case; T::Out, Self::Item start at a type
    return "external" if head.isidentifier() and head[:1].islower() else "unknown"


@lru_cache(maxsize=8)
def _workspace_crates(root: str) -> frozenset:
    """The crate names of the repository's Cargo.toml files (a path ``use other_crate::T`` may name a crate of the
    workspace, which is the repository's own code)."""
    names, seen = set(), 0
    for folder, dirs, files in os.walk(root, followlinks=False):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in SKIPPED_DIRS]
        seen += 1
        if seen > MAX_MANIFEST_DIRS:
            break
        if "Cargo.toml" in files:
            rel = os.path.relpath(folder, root)
            names.update(_manifest_names(Path(root), "" if rel == "." else rel.replace(os.sep, "/")))
    return frozenset(names)


def _manifest_names(root: Path, package_dir: str) -> set[str]:
    raw = read_config(root, posixpath.join(package_dir, "Cargo.toml"))
    text = raw.decode("utf-8", "replace") if raw else ""
    return {m.group(1).replace("-", "_") for pattern in _CRATE_NAME for m in pattern.finditer(text)}


def library_member(resolver, r, src):
    """``(0..n).interleave(x)``, ``v.iter().cloned().sum1()``, ``rng().random_bool(p)``: a method called on a
    library's value (std's iterator: external) that a trait of the repository declares and implements for types not
    its own (a blanket ``impl<T: Iterator + ?Sized> Itertools for T {}``, ``impl Ext for [u8]``: an extension),
    where the calling file has the trait in scope (Rust calls a trait's method only then: ``use itertools::Itertools``,
    a glob, the trait's own file). The std's own method names (``BUILTIN_METHODS``: ``len``, ``join``) stay the
    library's; so does a name several such traits in scope declare (rand's ``rng.sample(d)``: ``RngExt.sample``,
    ``Distribution.sample``, ``IteratorRandom.sample``... which one the value's type says, unknown here)."""
    if r.kind != "call" or _builtin_here(r) or _TYPE_PATH.match(r.receiver or ""):
        return None
    from ..resolve import Found

    ids = [sid for sid in resolver.g.by_name.get(r.name, ()) if _extension_trait_method(resolver, sid, r, src)]
    return Found(ids, "import") if len(ids) == 1 else None


def _builtin_here(r) -> bool:
    """A std method's name (``dedup``, ``join``: Vec's and a slice's own) stays the library's, unless the value is an
    iterator the chain just made (``xs.iter().dedup()``, ``line.iter().join(" ")``): no Vec nor slice method then."""
    if r.name not in BUILTIN_METHODS:
        return False
    last = _LAST_CALL.search(r.receiver or "")
    return last is None or last.group(1) not in _ITERATOR_MAKERS


# the last call of a chain (its arguments nesting two levels at most): a.iter().map(|x| f(x)) -> map
_LAST_CALL = lazy_re(r"\.(\w+)\s*(?:::<[^<>]*>)?\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)\s*$")
_ITERATOR_MAKERS = frozenset({"iter", "into_iter", "iter_mut", "chars", "bytes", "char_indices", "split_whitespace",
                              "drain", "map", "filter", "rev", "cloned", "copied", "enumerate", "zip", "skip", "take",
                              "step_by", "flat_map", "filter_map", "fuse", "chain", "inspect", "take_while",
                              "skip_while", "flatten"})
# Vec::new(), T::Sampler::sample_single(..): a function of a type (or a trait's, by its path), no method of a value
_TYPE_PATH = lazy_re(r"^(?:[A-Z]\w*|\w+(?:::\w+)+)$")


def extension_trait_call(resolver, r, src):
    """The same (``library_member``) where no declared type says the receiver is a library's but its text does:
    ``empty::<u8>().unique_with_hasher(h)``, ``vec![1, 2].into_iter().sum1()`` (what a call of nothing here
    gives), last before a guess by name."""
    if r.kind != "call" or _builtin_here(r) or _TYPE_PATH.match(r.receiver or "") or not any(
            _extension_trait_method(resolver, sid, r, None) is not None for sid in resolver.g.by_name.get(r.name, ())):
        return None
    if not resolver._external_receiver(r, resolver.hooks.get(r.path, resolver.no_hooks)):
        return None
    return library_member(resolver, r, src)


def _extension_trait_method(resolver, sid: str, r, src) -> bool:
    """Whether ``sid`` is a method a trait declares that some extension implements, the trait in scope at ``r``."""
    g = resolver.g
    sym = g.by_id[sid]
    trait = g.by_id.get(sym.parent_id or "") if sym.kind == "method" else None
    if trait is None or trait.kind != "trait" or not _extended(g, trait.id):
        return None
    if src is None:  # asked only whether it is such a method
        return False
    from dataclasses import replace

    if resolver.imported_symbol(r.path, trait.name) == trait.id:
        return True
    found = resolver._scoped(replace(r, kind="call", name=trait.name, receiver=None, bound_to=None), src)
    return bool(found) and trait.id in found.ids


def _extended(g, trait: str) -> bool:
    """Whether an extension (an impl for a type not the repository's, a type parameter's too) implements ``trait``."""
    return any(g.by_id[sub].kind == "extension" for sub in g.subclasses(trait) if sub in g.by_id)
