"""Facts of parsed files -> Arrow tables, and the whole repository's references -> the ``edges`` table."""

from __future__ import annotations

import posixpath
import re
from collections import _count_elements  # Counter's C loop, without a Counter
from typing import Callable

import pyarrow as pa

from pipeline import arrowops as pc  # Arrow's kernels without importing pyarrow.compute
from pipeline.lake import align_table

from .ondemand import AnsweredByGet, WholeWhenIterated
from .marks import IMPLEMENTED_VALUE, OBJECT_KEY, PASSED_VALUE, FileFacts  # not parse: an update does not import it
from .resolve import DECLARED_KINDS, EARLY_KINDS, FLOW_KINDS, MODULE
from .schemas import FILES, REFS, SYMBOLS

# the ``early_refs`` table's kinds: what resolving one file reads of the others' references (imports, re-exports,
# bases; declared types; what functions return, decorators, called parameters)
INDEXED_KINDS = EARLY_KINDS + DECLARED_KINDS + FLOW_KINDS


def _module_name(path: str) -> str:
    base = posixpath.basename(path).rsplit(".", 1)[0]
    return posixpath.basename(posixpath.dirname(path)) or base if base == "__init__" else base


def _entry_modules(entry_points: set[tuple[str, str]]) -> dict[str, set[str]]:
    """Possible file stems of each ``module:attr`` entry point -> attribute qualnames."""
    out: dict[str, set[str]] = {}
    for module, attr in entry_points:
        stem = module.replace(".", "/")
        for candidate in (stem, f"{stem}/__init__", f"src/{stem}", f"src/{stem}/__init__"):
            out.setdefault(candidate, set()).add(attr)
    return out


def tables_from_facts(facts: list[FileFacts], head: str | None, entry_points=frozenset()) -> dict[str, pa.Table]:
    files, symbols, refs = [], [], []
    entries = _entry_modules(set(entry_points))
    for f in facts:
        files.append({"path": f.path, "language": f.language, "blob_sha": f.blob_sha, "lines": f.lines,
                      "bytes": f.size, "is_test": f.is_test, "is_generated": f.is_generated,
                      "is_vendored": f.is_vendored, "parse_status": f.status, "skip_reason": f.skip_reason,
                      "indexed_commit": head, "package": f.package, "error_lines": f.error_lines or None,
                      "family": _family(f.language), "global_types": _global_types(f.language)})
        if f.status == "skipped":
            continue
        symbols.extend(_symbols_of(f, entries.get(f.path.rsplit(".", 1)[0], set())))
        path = f.path
        refs.extend((path,) + r for r in f.refs)  # FileFacts.refs rows are REFS minus repo and path, in order
    return {"files": _table(files, FILES), "symbols": _table(symbols, SYMBOLS), "refs": _tuples_table(refs, REFS)}


def _family(language: str | None) -> str | None:
    """``files.family``: the languages that import each other share one, their ``langs`` module's ``GROUP`` (C and
    C++; Java and Kotlin; JavaScript, TypeScript and TSX), else the language itself."""
    from .langs import support

    module = support(language)
    return module.GROUP if module is not None else language


def _global_types(language: str | None) -> bool:
    """``files.global_types``: the language's ``langs`` module says its type names are global (Ruby)."""
    from .langs import support

    return bool(getattr(support(language), "GLOBAL_TYPES", False))


def _tuples_table(rows: list[tuple], schema: pa.Schema) -> pa.Table:
    """Row tuples in schema order (without ``repo``) -> a table, through one struct conversion (the hot path)."""
    fields = [f for f in schema if f.name != "repo"]
    return pa.Table.from_struct_array(pa.array(rows, type=pa.struct(fields)))


def _table(rows: list[dict], schema: pa.Schema) -> pa.Table:
    return pa.Table.from_pylist(rows, schema=schema.remove(schema.get_field_index("repo")))


def _symbols_of(f: FileFacts, scripts: set[str]) -> list[dict]:
    module_id = f"{f.path}::{MODULE}"
    module_entry = "__main__ block" if f.entry else ("__main__ module" if f.path.endswith("__main__.py") else None)
    out = [{"id": module_id, "path": f.path, "name": _module_name(f.path), "qualname": MODULE, "kind": "module",
            "line_start": 1, "line_end": max(f.lines, 1), "parent_id": None, "language": f.language,
            "is_exported": True, "is_entry_point": bool(module_entry), "is_test": f.is_test,
            "entry_reason": module_entry}]
    quals = {d.qualname for d in f.defs}
    for d in f.defs:
        reason = d.entry_reason or ("console script / entry point" if d.qualname in scripts else None)
        reason = reason or ("test" if f.is_test and d.name.lower().startswith("test") else None)
        out.append({"id": f"{f.path}::{d.qualname}", "path": f.path, "name": d.name, "qualname": d.qualname,
                    "kind": d.kind, "line_start": d.line_start, "line_end": d.line_end,
                    "parent_id": f"{f.path}::{d.parent}" if d.parent in quals else module_id,
                    "language": f.language, "is_exported": bool(d.exported), "is_entry_point": reason is not None,
                    "is_test": f.is_test or d.test, "entry_reason": reason,
                    "params_min": d.params.least if d.params else None,
                    "params_max": d.params.most if d.params else None,
                    "labels": d.params.labels if d.params else None})
    return out


def _kept(table: pa.Table | None, keep: set[str], columns: list[str] | None = None) -> pa.Table | None:
    """The rows of the files ``keep`` names (only ``columns``: a filter of fewer columns costs less)."""
    if table is None or not keep:
        return None
    table = table.select([c for c in columns if c in table.column_names]) if columns else table  # older: fewer
    return pc.filter(table, pc.is_in(table.column("path"), value_set=pa.array(list(keep), pa.string())))  # any order


def _concat(old: pa.Table | None, new: pa.Table, columns: list[str]) -> pa.Table:
    """Kept rows and this run's, in the kept rows' types (dictionary-encoded when read so: the new rows are few)."""
    parts = [_with_columns(t, columns, new.schema).select(columns) for t in (old, new) if t is not None]
    return pa.concat_tables([pc.cast(p, parts[0].schema) for p in parts])


def _with_columns(table: pa.Table, columns: list[str], schema: pa.Schema) -> pa.Table:
    """A lake written by an older version lacks the columns added since: nulls stand in for them."""
    for name in columns:
        if name not in table.column_names:
            table = table.append_column(schema.field(name), pa.nulls(table.num_rows, schema.field(name).type))
    return table


def merged_symbols(previous: pa.Table | None, new: pa.Table, keep: set[str]) -> pa.Table:
    """The repository's whole symbols table: unchanged files' rows and this run's, each with a dense ``sid``."""
    columns = [n for n in SYMBOLS.names if n not in ("repo", "sid")]
    table = _concat(_kept(previous, keep), new, columns)
    table = pc.take(table, pc.sort_indices(table, [("id", "ascending")]))
    table = _owners_in_other_files(table)
    return table.append_column("sid", pa.array(range(table.num_rows), pa.int32()))


def _owners_in_other_files(symbols: pa.Table) -> pa.Table:
    """A method (or associated type) whose type is declared in another file (Go receivers, Rust ``impl T``
    elsewhere) gets that type as parent: the one in the same folder (a Go package), else the only one of that name in
    the repository."""
    orphan = _orphans(symbols)
    if not pc.any(orphan).as_py():
        return symbols
    types: dict[str, list[str]] = {}
    for sid, qual, kind in zip(*symbols.select(["id", "qualname", "kind"]).to_pydict().values()):
        if kind in OWNER_KINDS:
            types.setdefault(qual, []).append(sid)
    parents = symbols.column("parent_id").to_pylist()
    rows = pc.filter(symbols.select(["id", "path", "qualname"]), orphan).to_pydict()
    position = {sid: i for i, sid in enumerate(symbols.column("id").to_pylist())}
    for sid, path, qual in zip(rows["id"], rows["path"], rows["qualname"]):
        found = _owner(types.get(qual.rpartition(".")[0], []), posixpath.dirname(path))
        if found:
            parents[position[sid]] = found
    return symbols.set_column(symbols.schema.get_field_index("parent_id"), "parent_id", pa.array(parents, pa.string()))


OWNER_KINDS = {"class", "struct", "interface", "trait", "enum", "type", "object"}


def _owner(candidates: list[str], folder: str) -> str | None:
    near = [c for c in candidates if posixpath.dirname(c.split("::")[0]) == folder]
    if len(near) == 1:
        return near[0]
    return candidates[0] if len(candidates) == 1 else partial_type(candidates)


def partial_type(candidates: list[str]) -> str | None:
    """Several types of one qualified name that are the parts of one (a C# ``partial class`` in files of one folder,
    where the language has ``PARTIAL_TYPES``): the first part, by id, stands for it; else None."""
    from .languages import language_for
    from .langs import support

    paths = {c.split("::")[0] for c in candidates}
    folders = {posixpath.dirname(p) for p in paths}
    languages = {getattr(language_for(p), "name", None) for p in paths}
    if len(folders) != 1 or len(languages) != 1 or not getattr(support(languages.pop()), "PARTIAL_TYPES", False):
        return None
    return min(candidates)


def concat(tables: list[pa.Table]) -> pa.Table:
    """Symbols rows of several origins (this run's, the lake's) in the run's columns and types."""
    columns = [n for n in SYMBOLS.names if n != "repo"]
    parts = [align_table(t, SYMBOLS.remove(SYMBOLS.get_field_index("repo"))) for t in tables if t is not None]
    return pa.concat_tables(parts).select(columns)


def with_owners(new: pa.Table, previous, changed: set[str]) -> pa.Table:
    """This run's symbols, a method whose type is defined in another file given that type as parent (as a full
    run would): looked up among the repository's types only when the run has such methods."""
    if not _has_orphans(new):
        return new
    others = _except_paths(previous("symbols", columns=["id", "path", "qualname", "kind", "parent_id"]), changed)
    table = _concat(others, new, ["id", "path", "qualname", "kind", "parent_id"])
    parents = dict(zip(*_owners_in_other_files(table).select(["id", "parent_id"]).to_pydict().values()))
    fixed = pa.array([parents.get(i, p) for i, p in zip(new.column("id").to_pylist(),
                                                         new.column("parent_id").to_pylist())], pa.string())
    return new.set_column(new.schema.get_field_index("parent_id"), "parent_id", fixed)


def _has_orphans(symbols: pa.Table) -> bool:
    if symbols is None or not symbols.num_rows:
        return False
    orphan = _orphans(symbols)
    return bool(pc.any(orphan).as_py())


def _except_paths(table: pa.Table | None, paths: set[str]) -> pa.Table | None:
    if table is None or not paths:
        return table
    return pc.filter(table, pc.invert(pc.is_in(table.column("path"), value_set=pa.array(sorted(paths), pa.string()))))


def reparented(previous, symbols: pa.Table, changed: set[str], scope, indexed: bool = False) -> pa.Table:
    """Other files' symbol rows whose owner type moves because this run added or removed a type of that name (Go
    methods, Rust ``impl`` blocks in another file): those files' rows, to be written again with the new parents.
    The scope grows by what moved (those methods, their old and new owners, their files). ``indexed``: the lake's
    ``foreign_symbols`` holds every row that may move (owned from elsewhere or by nothing): when none of them is a
    method of those names, nothing moves, and the repository's definitions are not read."""
    names = {i.split("::", 1)[1] for i in scope.ids if i.split("::", 1)[0] in changed}
    if names and indexed and not _may_move(previous, changed, names):
        return SYMBOLS.empty_table()
    others = _except_paths(previous("symbols"), changed) if names else None
    if others is None or not others.num_rows or not pc.any(_methods_of(others, names)).as_py():
        return SYMBOLS.empty_table()
    ids, paths, parents = (others.column(c).to_pylist() for c in ("id", "path", "parent_id"))
    # a method defined inside its type in its own file keeps that parent whatever other files define: only members
    # owned from elsewhere (or by nothing yet) may move
    candidate = [c and not _owned_in_file(path, parent)
                 for c, path, parent in zip(_methods_of(others, names).to_pylist(), paths, parents)]
    reset = pa.array([f"{p}::{MODULE}" if c else parent for c, p, parent in zip(candidate, paths, parents)],
                     pa.string())
    table = _concat(others.set_column(others.schema.get_field_index("parent_id"), "parent_id", reset), symbols,
                    ["id", "path", "qualname", "kind", "parent_id"])
    found = dict(zip(*_owners_in_other_files(table).select(["id", "parent_id"]).to_pydict().values()))
    moved = {i: (old, found.get(i)) for i, old, c in zip(ids, parents, candidate) if c and found.get(i) != old}
    if not moved:
        return SYMBOLS.empty_table()
    files = {i.split("::", 1)[0] for i in moved}
    for symbol_id, (old, new) in moved.items():
        scope.ids.add(symbol_id)
        scope.linked.add(symbol_id)
        scope.names.add(symbol_id.rpartition(".")[2])
        scope.classes.update(c for c in (old, new) if c and not c.endswith("::" + MODULE))
    scope.changed |= files
    rows = pc.filter(others, pc.is_in(others.column("path"), value_set=pa.array(sorted(files), pa.string())))
    fixed = [moved[i][1] if i in moved else p for i, p in zip(rows.column("id").to_pylist(),
                                                             rows.column("parent_id").to_pylist())]
    return rows.set_column(rows.schema.get_field_index("parent_id"), "parent_id", pa.array(fixed, pa.string()))


def _may_move(previous, changed: set[str], names: set[str]) -> bool:
    foreign = _except_paths(previous("foreign_symbols", columns=["path", "qualname", "kind", "parent_id"]), changed)
    return foreign is None or (foreign.num_rows > 0 and pc.any(_methods_of(foreign, names)).as_py())


def _owned_in_file(path: str, parent: str | None) -> bool:
    return bool(parent) and parent.startswith(path + "::") and not parent.endswith("::" + MODULE)


def _methods_of(symbols: pa.Table, types: set[str]):
    """Whether each row is a method ``T.m`` of one of the type names ``types`` (its qualname's prefix)."""
    prefix = pc.extract_regex(symbols.column("qualname").combine_chunks(), r"^(?P<type>.*)\.[^.]*$").field("type")
    named = pc.fill_null(pc.is_in(prefix, value_set=pa.array(sorted(types), pa.string())), False)
    return pc.and_(pc.fill_null(_owned_kind(symbols), False), named)


def _orphans(symbols: pa.Table):
    """Members ``T.m`` written at the top of a file apart from their type ``T``: an owned kind whose parent is the
    module and whose qualname names an owner. A top-level type alias (``using filename_t = std::string;``) owns
    itself: its empty prefix is no type's name (an anonymous ``enum { .. }`` of another file has that empty name,
    and took every such alias of the repository as its member: spdlog's 318)."""
    at_top = pc.ends_with(symbols.column("parent_id"), "::" + MODULE)
    return pc.and_(pc.and_(_owned_kind(symbols), at_top), pc.match_substring(symbols.column("qualname"), "."))


def _owned_kind(symbols: pa.Table):
    """Members a type may get from another file: methods, the associated types of Rust's ``impl`` blocks
    (``impl Index for Value { type Output = Value; }`` apart from ``Value``) and the properties of Swift's
    extensions (``extension Circle { var description: String {...} }``)."""
    kind = symbols.column("kind")
    return pc.or_(pc.or_(pc.equal(kind, "method"), pc.equal(kind, "type")), pc.equal(kind, "field"))


class Current:
    """The repository after this run, for resolution: the lake's rows of unchanged files and this run's rows."""

    def __init__(self, previous, new: dict, symbols: pa.Table, moved: pa.Table, keep: set[str], changed: set[str],
                 shard_file=lambda table, column, value: None, lake_files: pa.Table | None = None, lake=None):
        self.previous, self.new, self.run_symbols, self.moved = previous, new, symbols, moved
        self.lake = lake  # ``lazy.LakeReaders`` made and warmed before the parse was taken (None: made on use)
        self.shard_file = shard_file  # which shard of a lake table holds a key (the lazy index reads shard by shard)
        self.keep, self.changed = keep, changed | set(moved.column("path").to_pylist())
        self.changed_by_parse = changed
        self._files = None
        self._lake_files = lake_files  # the lake's ``files`` table, when the run read it already (the plan did)
        self._passed = None
        # the ``module_index`` after this run: the lake's rows (``kept_modules``) or ``module_rows``' columns
        self.modules: pa.Table | dict[str, list] | None = None

    def symbols(self) -> pa.Table:
        columns = ["id", "path", "name", "qualname", "kind", "parent_id", "line_start", "sid", "params_min",
                   "params_max", "labels"]
        kept = _except_paths(self.previous("symbols", columns=columns), self.changed)
        return pa.concat_tables([pc.cast(t.select(columns), self.run_symbols.select(columns).schema)
                                 for t in (kept, self.run_symbols, self.moved) if t is not None])

    def refs(self) -> pa.Table:
        from .parallel import REF_COLUMNS

        kept = self.previous("refs", dictionary=[c for c in REF_COLUMNS if c not in ("bound_to", "args", "labels")])
        kept = _kept(kept, self.keep) if kept is not None else None
        return _concat(kept, self.new["refs"], REF_COLUMNS)

    def files(self) -> "FileInfos":
        """Each file's info after this run (``file_infos``), looked up per asked path (``FileInfos``)."""
        if self._files is None:
            # the reader holds ``previous``, not ``self``: a cycle through ``self`` kept the whole run's rows and
            # its lazy index to the process's end (a one-shot update runs no cyclic collector)
            lake_files, self._lake_files, previous = self._lake_files, None, self.previous
            self._files = FileInfos(lambda: lake_files if lake_files is not None else previous("files"),
                                    self.keep, self.new["files"])
        return self._files

    def file_count(self) -> int:
        return len(self.keep) + self.new["files"].num_rows

    def hierarchy_sources(self, affected: set[str]) -> list[tuple[Callable[[], pa.Table | None], set[str]]]:
        """The lake's ``inherits`` edges, those of the files resolved again hidden: read whole when the lazy index
        first needs them whole (a class's subclasses), not before (a leaf asks a few classes' bases, of their files)."""
        from .lazy import HIERARCHY_COLUMNS

        dictionary = ["path", "src_id", "dst_id", "ref_form", "dst_name"]
        return [(lambda: self.previous("hierarchy", columns=HIERARCHY_COLUMNS, dictionary=dictionary), affected)]

    def passed_refs(self) -> pa.Table:
        """Every function passed by name to a call, and every decorator (``callback_refs``), after this run: read
        only when a called parameter of an affected file asks what it is given."""
        from .parallel import REF_COLUMNS

        if self._passed is None:
            kept = self.previous("callback_refs", columns=REF_COLUMNS, dictionary=["path", "module"])
            if kept is None:  # a lake written before the table
                kept = passed(self.previous("refs", columns=REF_COLUMNS, where=("kind", list(PASSED_KINDS)),
                                            dictionary=["path", "module"]))
            kept = _except_paths(kept, self.changed_by_parse)
            self._passed = _concat(kept, passed(self.new["refs"]), REF_COLUMNS)
        return self._passed

    def callbacks(self, names: set[str]) -> pa.Table:
        """The functions passed by name to calls of functions named like ``names`` (``run(f)``, ``run(cb=f)``), and
        the parameters passed on to them (``param_passed``)."""
        table = self.passed_refs()
        return pc.decoded(pc.filter(table, pc.and_(pc.is_in(table.column("kind"), value_set=pa.array(["callback",
                                                                                             "param_passed"])),
                                           _calling(table.column("module"), names))))

    def refs_of(self, paths: set[str]) -> pa.Table:
        """The references of ``paths`` after this run."""
        from .parallel import REF_COLUMNS

        wanted = sorted(paths - self.changed_by_parse)
        kept = self.previous("refs", where=("path", wanted)) if wanted else None
        new = pc.filter(self.new["refs"], pc.is_in(self.new["refs"].column("path"), value_set=pa.array(sorted(paths),
                                                                                                   pa.string())))
        return _concat(kept, new, REF_COLUMNS)


FILE_INFO = ["path", "language", "package", "parse_status"]


class FileInfos(WholeWhenIterated, AnsweredByGet):
    """What resolution reads of each file after an update (``file_infos``: its language, package and status, the
    skipped ones left out), looked up per asked path: this run's files from their few rows, the lake's kept ones by a
    binary search of its paths sorted in Arrow. An update's resolution asks for a few hundred of site-packages' 15.7K
    files: no dict made per file, no string decoded but those a search compares. Iterating (or ``len``) builds
    ``file_infos``' dict once, in its order: the lake's kept rows, then this run's. ``lake_files``: () -> the lake's
    ``files`` table (read when a kept file is first asked for)."""

    def __init__(self, lake_files, keep: set[str], new_files: pa.Table):
        self._read, self._keep, self._new_files = lake_files, keep, new_files
        self._read_table: list = []  # the lake's ``files`` table, once read
        self._fresh = {p: info for p, info in _infos(new_files.select(FILE_INFO))}  # None: skipped
        self._asked: dict[str, dict | None] = {}
        self._lake: pa.Table | None = None  # the kept rows' infos, sorted by path
        self._whole: dict[str, dict] | None = None

    def get(self, path: str, default=None):
        if self._whole is not None:
            return self._whole.get(path, default)
        info = self._asked.get(path, _NOT_ASKED)
        if info is _NOT_ASKED:
            info = self._asked[path] = self._fresh.get(path) if path in self._fresh else self._kept(path)
        return default if info is None else info

    def _kept(self, path: str) -> dict | None:
        if not isinstance(path, str) or not _may_keep(self._keep, path):
            return None
        if self._lake is None:
            self._lake = _sorted_by_path(self._lake_files(), self._keep)
        paths = self._lake.column("path")
        low = pc.lower_bound(paths, path)  # a few string scalars compared, none of the other paths decoded
        if low == len(paths) or paths[low].as_py() != path:
            return None
        return next(iter(_infos(self._lake.slice(low, 1))))[1]

    def _lake_files(self) -> pa.Table | None:
        if not self._read_table:
            self._read_table.append(self._read())
        return self._read_table[0]

    def whole(self) -> dict[str, dict]:
        """``file_infos`` of every file (a language or a module index that reads them all)."""
        if self._whole is None:
            kept = _kept(self._lake_files(), self._keep, FILE_INFO)
            self._whole = file_infos(_concat(kept, self._new_files, FILE_INFO))
        return self._whole


_NOT_ASKED = object()


def _may_keep(keep, path: str) -> bool:
    """Whether ``path`` may be a kept file: an update's ``plan.LakePaths`` answers by the paths it leaves out (the
    search of the lake's sorted paths that follows tells whether the lake holds it), without a set of every path."""
    named = getattr(keep, "named", None)
    return path not in named if named is not None else path in keep


def _sorted_by_path(files: pa.Table | None, keep: set[str]) -> pa.Table:
    """The ``files`` rows as ``file_infos`` reads them, sorted by path (one chunk: a search indexes it)."""
    if files is None or not keep:
        return pa.table({c: pa.array([], pa.string()) for c in FILE_INFO})
    table = pc.decoded(files.select(FILE_INFO))
    return pc.take(table, pc.sort_indices(table.column("path"))).combine_chunks()


def _infos(files: pa.Table):
    """(path, info) of each row, info None for a skipped file (``file_infos`` leaves it out)."""
    f = files.select(FILE_INFO).to_pydict()
    for p, lang, pkg, st in zip(f["path"], f["language"], f["package"], f["parse_status"]):
        yield p, (None if st == "skipped" else {"language": lang, "package": pkg, "parse_status": st})


def file_infos(files: pa.Table) -> dict[str, dict]:
    """What resolution reads of each file (its language, package and status), the skipped ones left out."""
    f = files.select(["path", "language", "package", "parse_status"]).to_pydict()
    return {p: {"language": lang, "package": pkg, "parse_status": st}
            for p, lang, pkg, st in zip(f["path"], f["language"], f["package"], f["parse_status"]) if st != "skipped"}


def module_index(files: dict[str, dict], root, columns: dict[str, list] | None = None) -> pa.Table:
    """The ``module_index`` table of ``files`` (``graph.module_rows``, or those ``columns`` of them)."""
    from .graph import MODULE_COLUMNS, module_rows
    from .schemas import MODULE_INDEX

    columns = module_rows(files, root) if columns is None else columns
    return pa.table({c: pa.array(columns[c], MODULE_INDEX.field(c).type) for c in MODULE_COLUMNS})


def kept_modules(previous, old_files: pa.Table | None, new_files: pa.Table, changed: set[str],
                 configs_moved: bool) -> pa.Table | None:
    """The lake's ``module_index`` rows (in ``position`` order, left in Arrow: ``graph.stored_modules`` makes a
    language group's into Python when resolution asks for it) when this run cannot have moved them: no file
    added, deleted or skipped, none of another language or package, no resolution config moved, and the changed
    files of languages whose keys follow from the set of paths alone (``MODULE_KEYS_FROM_PATHS``: Rust reads its
    files' ``#[path]`` attributes), from the paths and the resolution configs (``MODULE_KEYS_FROM_CONFIGS``:
    JavaScript's package.json files; a typeorm update built the keys of its 3,583 files again, reading ~2,000
    package.json paths, and wrote the table whole) or from the paths and the files' declared packages
    (``MODULE_KEYS_FROM_PACKAGES``: Java's, C#'s, PHP's, Swift's; the package is among the facts compared here).
    None: they are built again (``module_index_batches``)."""
    from .graph import MODULE_COLUMNS
    from .incremental import _file_facts
    from .langs import support

    if configs_moved:
        return None
    before, after = _file_facts(old_files), _file_facts(new_files)
    for path in changed:
        facts = after.get(path)
        if facts is None or facts != before.get(path):
            return None
        language, _package, skipped = facts
        indexed = support(language) is not None and not skipped  # in the module index
        if indexed and not _keys_kept(support(language)):
            return None
    table = previous("module_index", columns=MODULE_COLUMNS)
    if table is None:  # a lake written before the table
        return None
    return pc.decoded(pc.take(table, pc.sort_indices(table.column("position"))))


def _keys_kept(support) -> bool:
    """Whether a language's module keys stay as they are while the paths, the resolution configs and the files'
    packages do."""
    return any(getattr(support, flag, False) for flag in KEYS_KEPT_BY)


# a language's flags saying its ``module_keys`` reads nothing of a file's text but what ``kept_modules`` compares
KEYS_KEPT_BY = ("MODULE_KEYS_FROM_PATHS", "MODULE_KEYS_FROM_CONFIGS", "MODULE_KEYS_FROM_PACKAGES")


def module_index_batches(current: "Current", root):
    """An incremental run's ``module_index``: kept as it is (``current.modules``, read from the lake), or built again
    from every file and written whole."""
    from pipeline.extractor import Batch, Replace

    from .graph import module_rows

    if current.modules is not None:
        yield Replace("module_index", "path", [])
        return
    current.modules = module_rows(current.files().whole(), root)
    yield Batch("module_index", module_index(current.files().whole(), root, current.modules))


def _calling(modules, names: set[str]):
    """Whether each callee expression (``run``, ``obj.run``, ``mod.run``) calls a function named in ``names``:
    worked out once per distinct expression when the column is dictionary-encoded."""
    column = modules.combine_chunks() if isinstance(modules, pa.ChunkedArray) else modules
    values = column.dictionary if pa.types.is_dictionary(column.type) else column
    callee = pc.extract_regex(values, r"(?P<callee>[^.]*)$").field("callee")
    hit = pc.fill_null(pc.is_in(callee, value_set=pa.array(sorted(names), pa.string())), False)
    if pa.types.is_dictionary(column.type):
        hit = pc.fill_null(pc.take(hit, column.indices), False)
    return pc.and_(hit, pc.is_valid(column))


def resolve_all(symbols: pa.Table, refs: pa.Table, files_table: pa.Table, root, provenance: str,
                workers=None):
    """Every edge of the repository (a full run), begun beside the caller (a thread, or a child process for a large
    run): the caller writes the other tables meanwhile, then takes them, with their ends' sids, from ``edges()``."""
    from .parallel import Resolving

    f = files_table.select(["path", "language", "package", "parse_status"]).to_pydict()
    files = {p: {"language": lang, "package": pkg, "parse_status": st}
             for p, lang, pkg, st in zip(f["path"], f["language"], f["package"], f["parse_status"]) if st != "skipped"}
    return Resolving(symbols, refs, files, root, provenance, workers)


def resolve_current(current: Current, affected: set[str] | None, root, provenance: str, workers=None,
                    lazily: bool = True, kept=None) -> pa.Table:
    """The edges of ``affected`` files (None: of every file), against the repository after this run: over a graph
    loaded as far as their references reach (``lazy``; ``kept``: the lines whose edges the edit kept), or (``lazily``
    False: a lake without the indexes it reads; a language whose types implement interfaces structurally, as Go's)
    over the whole graph."""
    from .incremental import with_sids
    from .parallel import resolve_parallel

    if resolves_lazily(current, affected, lazily):
        return _resolve_lazily(current, affected, root, provenance, kept)
    # in path order, as a full run reads them: the lake gives the kept files shard by shard, this run's after them,
    # and the order decides what comes first (a class's subclasses, and so the overrides a capped dispatch lists)
    symbols, refs, files = in_path_order(current.symbols()), in_path_order(current.refs()), current.files().whole()
    if affected is None:
        return with_sids(resolve_parallel(symbols, refs, files, root, provenance, workers), symbols)
    affected_arr = pa.array(sorted(affected), pa.string())
    in_affected = pc.is_in(refs.column("path"), value_set=affected_arr)
    hierarchy_files = pa.array(sorted(set(pc.filter(refs, pc.equal(refs.column("kind"), "inherits"))
                                          .column("path").to_pylist())), pa.string())
    hierarchy = pc.and_(pc.is_in(refs.column("path"), value_set=hierarchy_files),
                        pc.is_in(refs.column("kind"), value_set=pa.array(EARLY_KINDS)))
    # every file's imports too: an affected file's import may resolve through another file's re-export
    # (``export {x} from``, ``export default x``, ``pub use``, a package ``__init__``)
    imports = pc.is_in(refs.column("kind"), value_set=pa.array(["import", "reexport"]))
    wanted = pc.or_(pc.or_(in_affected, hierarchy), imports)
    fresh = resolve_parallel(symbols, pc.filter(refs, wanted), files, root, provenance, workers, affected, refs)
    fresh = pc.filter(fresh, pc.is_in(fresh.column("path"), value_set=affected_arr))
    return with_sids(fresh, symbols)


def resolves_lazily(current: Current, affected: set[str] | None, lazily: bool) -> bool:
    """Whether ``resolve_current`` resolves over the lazy graph, in this process (else over the whole graph, which
    may fork workers)."""
    return affected is not None and lazily and not _structural(affected, current.files())


def in_path_order(table: pa.Table) -> pa.Table:
    """The rows sorted by path, each file's in the order they came (a stable sort)."""
    path = table.column("path")
    if pa.types.is_dictionary(path.type) and path.num_chunks:  # Arrow sorts no dictionary column: each row's
        path = path.unify_dictionaries()  # path by its rank among the values (a million paths never decoded)
        ranks = pc.rank(path.chunk(0).dictionary)
        path = pa.chunked_array([pc.take(ranks, chunk.indices) for chunk in path.chunks], ranks.type)
    return pc.take(table, pc.sort_indices(path))


def _structural(paths: set[str], files: dict) -> bool:
    """Files of a language whose types implement interfaces by their methods (Go): resolved over the full graph."""
    from .langs import support

    return any(getattr(support((files.get(p) or {}).get("language")), "STRUCTURAL", False) for p in paths)


def _resolve_lazily(current: Current, affected: set[str], root, provenance: str, kept=None) -> pa.Table:
    """The affected files' edges over a graph that loads only what their references reach (``lazy``)."""
    from .lazy import Index, resolve_affected
    from .parallel import REF_COLUMNS, edges_table

    from .graph import stored_modules

    index = Index(current.previous, current.shard_file, current.changed, current.changed_by_parse,
                  [current.run_symbols, current.moved], early(current.new["refs"]).select(REF_COLUMNS),
                  current.hierarchy_sources(affected), current.passed_refs, current.callbacks, bases_by_file=True,
                  lake=current.lake)
    modules = stored_modules(current.modules)  # kept or built again by ``module_index_batches``, written before this
    reached = kept.reached if kept else None  # the files reached, not changed: the lines that may move, in Arrow
    found = reached.split(current.previous) if reached else None  # None: nothing of theirs in the lake, resolved
    refs = current.refs_of(affected - reached.paths if found is not None else affected)  # as the other files are
    if found is not None:
        refs = _concat(found.select(REF_COLUMNS), refs, REF_COLUMNS)
    resolved = resolve_affected(index, refs, current.files(), affected, root, provenance, modules, kept)
    refs = None
    edges = kept.edges_table(resolved, provenance) if kept else edges_table(resolved)
    edges = _sids_from_index(edges, index, kept.sids if kept else {})
    return reached.joined(edges, provenance) if reached else edges


def _sids_from_index(edges: pa.Table, index, known: dict[str, int]) -> pa.Table:
    """``src_sid``/``dst_sid`` of the new edges: ``known`` (the kept edges' ends), else looked up through the lazy
    index (only the ends they name: a hub's kept edges name definitions in 200 other files, not read again). Looked
    up once per distinct id of each end (its dictionary's values), not once per edge."""
    for end in ("src", "dst"):
        column = edges.column(f"{end}_id")
        if not pa.types.is_dictionary(column.type):
            column = pc.dictionary_encode(column)
        chunks = [pc.take(pa.array([known[i] if i in known else index.sid_of(i)
                                    for i in chunk.dictionary.to_pylist()], pa.int32()), chunk.indices)
                  for chunk in column.chunks]
        sids = pa.chunked_array(chunks, pa.int32())
        edges = edges.set_column(edges.schema.get_field_index(f"{end}_sid"), f"{end}_sid", sids)
    return edges


def early(refs: pa.Table) -> pa.Table:
    """The ``early_refs`` table's rows among ``refs``: imports, re-exports, bases, declared types and value-flow
    facts (``INDEXED_KINDS``): what an update's resolution reads of the files it does not resolve again."""
    return pc.filter(refs, pc.is_in(refs.column("kind"), value_set=pa.array(INDEXED_KINDS)))


def hierarchy(edges: pa.Table) -> pa.Table:
    """The ``hierarchy`` table's rows: every ``inherits`` edge (a null base: one outside the repository), so that
    an update reads a class's bases and subclasses without resolving other files' bases again."""
    from .lazy import HIERARCHY_COLUMNS

    rows = pc.filter(edges, pc.equal(pc.decoded(edges.select(["kind"])).column("kind"), "inherits"))
    return pc.decoded(rows.select(HIERARCHY_COLUMNS))


def hierarchy_batches(previous, edges: pa.Table, affected: set[str] | None, whole: bool):
    """An incremental run's ``hierarchy``: the resolved files' rows replaced, unless they are as they were; whole
    (the lake's other rows read from its ``edges``) when the lake has no such table yet."""
    from pipeline.extractor import Batch, Replace

    from .lazy import HIERARCHY_COLUMNS

    if affected is not None and whole:
        kept = previous("edges", columns=HIERARCHY_COLUMNS + ["kind"], dictionary=["kind"])
        kept = None if kept is None else _except_paths(hierarchy(kept), affected)
        yield Batch("hierarchy", _concat(kept, hierarchy(edges), HIERARCHY_COLUMNS))
        return
    if affected is None:
        yield Batch("hierarchy", hierarchy(edges))
        return
    after = hierarchy(edges)
    before = _hierarchy_of(previous, sorted(affected))
    if before is not None and _ordered_rows(before) == _ordered_rows(after):  # no base, nor its line, moved: the
        yield Replace("hierarchy", "path", [])  # shard (~15K rows on site-packages) is not written again
        return
    yield Replace("hierarchy", "path", sorted(affected))
    yield Batch("hierarchy", after)


def _hierarchy_of(previous, paths: list[str]) -> pa.Table | None:
    """The lake's ``hierarchy`` rows of ``paths``: from their row groups (the table sorted by path: a leaf whose bases
    did not move reads ~1K rows, not its ~15K-row shard of site-packages, and writes nothing), else its shard read
    whole and handed over to the merge that rewrites it (a lake written before the order)."""
    from .lazy import HIERARCHY_COLUMNS

    before = previous("hierarchy", columns=HIERARCHY_COLUMNS, where=("path", paths), sorted_only=True)
    if before is None:
        before = previous("hierarchy", where=("path", paths), hand_over=True)  # the merge's base, if any
    return before.select(HIERARCHY_COLUMNS) if before is not None else None


def _ordered_rows(table: pa.Table) -> list[tuple]:
    """The rows in the order kept (a class's bases are read in stored order), each file's apart."""
    rows = list(zip(*pc.decoded(table).to_pydict().values()))
    return sorted(rows, key=lambda row: row[0])  # a stable sort: by path only


EDGE_ENDS = ["src_id", "dst_id", "path", "dst_name", "resolution"]  # what the edge indexes are made of


def edge_targets(edges: pa.Table) -> pa.Table:
    """The ``edge_targets`` table's rows: every distinct (dst_id, path) of the resolved edges, so that an update finds
    the files with an edge to a definition it removes or renames by reading the shards of those ids only."""
    table = _unified(edges, ["dst_id", "path"])
    return _distinct_pairs(table, pc.is_valid(table.column("dst_id").chunk(0)))


def edge_sources(edges: pa.Table) -> pa.Table:
    """The ``edge_sources`` table's rows: every distinct (src_id, path) of the edges whose source is defined in
    another file (a dispatch edge from a base method to its override, a Rust ``impl`` block's ``inherits`` edge
    from its type). Any other edge from a definition is in that definition's file, which an edit of it reads."""
    table = _unified(edges, ["src_id", "path"])
    return _distinct_pairs(table, _foreign_sources(table))


def _unified(edges: pa.Table, columns: list[str]) -> pa.Table:
    """``columns`` of ``edges`` dictionary-encoded in one chunk over one dictionary each: the pairs and the files of
    a million edges are worked out on integer indices, their strings (a few hundred thousand ids) never compared."""
    table = edges.select(columns)
    table = pa.Table.from_arrays([c if pa.types.is_dictionary(c.type) else pc.dictionary_encode(c)
                                  for c in table.columns], names=columns)
    if not table.num_rows:  # no chunk to unify: one empty one
        return pa.Table.from_arrays([pc.dictionary_encode(pa.array([], pa.string())) for _ in columns], names=columns)
    return table.unify_dictionaries().combine_chunks()


def _distinct_pairs(table: pa.Table, keep) -> pa.Table:
    """The distinct (key, path) pairs of a ``_unified`` two-column table among the rows ``keep`` marks (the key set),
    as plain strings: each pair is one integer (key index times the number of paths, plus the path index)."""
    key, path = (table.column(i).chunk(0) for i in range(2))
    width = max(len(path.dictionary), 1)
    codes = pc.add(pc.multiply(pc.cast(key.indices, pa.int64()), width), pc.cast(path.indices, pa.int64()))
    codes = pc.unique(pc.filter(codes, pc.and_(pc.fill_null(keep, False), pc.is_valid(codes))))
    rows = pc.divide(codes, width)  # integer division
    return pa.table({table.column_names[0]: pc.take(key.dictionary, rows),
                     "path": pc.take(path.dictionary, pc.subtract(codes, pc.multiply(rows, width)))})


def _distinct(table: pa.Table) -> pa.Table:
    """The distinct (key, path) rows of a two-column table, those with a key, in the order each first appears: what
    ``group_by([key, "path"]).aggregate([])`` gives, without Acero: a one-shot update imports neither
    ``pyarrow.acero`` nor the ``pyarrow.dataset`` it loads."""
    unified = _unified(table, table.column_names)
    return _distinct_pairs(unified, pc.is_valid(unified.column(0).chunk(0)))


def _foreign_sources(table: pa.Table):
    """Whether each edge's ``src_id`` (``<file>::<qualname>``) is defined in another file than the edge's path, for
    a ``_unified`` (src_id, path) table: worked out once per distinct id."""
    src, path = table.column("src_id").chunk(0), table.column("path").chunk(0)
    files = pc.list_element(pc.split_pattern(src.dictionary, "::", max_splits=1), 0)
    file_of = pc.cast(pc.index_in(files, value_set=path.dictionary), pa.int64())
    return pc.fill_null(pc.not_equal(pc.take(file_of, src.indices), pc.cast(path.indices, pa.int64())), True)


def unresolved_names(edges: pa.Table) -> pa.Table:
    """The ``unresolved_names`` table's rows: every distinct (last dotted part of the name, file) of the references
    that resolved to nothing, shaped as edges (``dst_name``, ``path``, ``resolution``): whether an unused definition's
    name is written somewhere unresolved (the per-file export's ``file_structure_cards``) is read from the shards of its
    name instead of from every edge. The part is what ``regexp_extract(dst_name, '([^.]+)$', 1)`` gives."""
    keep = pc.and_(_equals(edges.column("resolution"), "unresolved"), pc.is_valid(edges.column("dst_name")))
    table = pc.decoded(pc.filter(edges.select(["dst_name", "path"]), keep))
    tails = pc.replace_substring_regex(table.column("dst_name"), r"(?s)^.*\.", "")
    rows = _distinct(pa.table({"dst_name": tails, "path": table.column("path")}))
    return rows.append_column("resolution", pa.array(["unresolved"] * rows.num_rows, pa.string()))


def _equals(column: pa.ChunkedArray, value: str) -> pa.ChunkedArray:
    """``column == value``, compared once per dictionary entry when the column is dictionary-encoded (an edges
    table's few resolutions over millions of rows: a tenth of comparing the rows)."""
    if not pa.types.is_dictionary(column.type):
        return pc.equal(column, value)
    return pa.chunked_array([pc.take(pc.equal(c.dictionary, value), c.indices) for c in column.chunks], pa.bool_())


# table: (shard key, rows from edges); each index's rows are its key, the file, then any constant columns
EDGE_INDEXES = {"edge_targets": ("dst_id", edge_targets), "edge_sources": ("src_id", edge_sources),
                "unresolved_names": ("dst_name", unresolved_names)}


def edge_index_batches(previous, edges: pa.Table, affected: set[str] | None, whole: bool):
    """An incremental run's ``edge_targets``, ``edge_sources`` and ``unresolved_names``. The ``affected`` files'
    edges are written again: their old edges are read by path (``edges`` is sharded by path), and a key whose rows of
    those files changed is replaced by every row of it after the run; an edit that moved no edge end rewrites
    nothing. Whole when every edge was resolved again (``affected`` None), or (``whole``: a lake without the
    indexes) from the lake's edges."""
    from pipeline.extractor import Batch

    if affected is None:
        for table, (_, build) in EDGE_INDEXES.items():
            yield Batch(table, build(edges))
        return
    if whole or not all(_has(previous, table, key) for table, (key, _) in EDGE_INDEXES.items()):
        kept = previous("edges", columns=EDGE_ENDS, dictionary=EDGE_ENDS)
        for table, (_, build) in EDGE_INDEXES.items():
            old = _except_paths(build(kept), affected) if kept is not None else None
            yield Batch(table, build(edges) if old is None else pa.concat_tables([old, build(edges)]))
        return
    # whole and plain: the shards the merge of their edges takes next (the changed files' one read already when
    # their lines' edges were kept: ``kept_resolution``), or, of files in many shards, their ends alone (as
    # dictionaries: the index builders take either)
    old = previous("edges", columns=EDGE_ENDS, where=("path", sorted(affected)), hand_over=True,
                   dictionary_apart=EDGE_ENDS)
    for table, (key, build) in EDGE_INDEXES.items():
        after = build(edges)
        yield from _by_key(table, key, previous, _pairs(build, old), _rows(after), affected, after.column_names)


def _rows(table: pa.Table | None) -> set[tuple]:
    """An index's rows of some files, as a set of tuples."""
    return set() if table is None else set(zip(*table.to_pydict().values()))


def _pairs(build, table: pa.Table | None) -> set[tuple]:
    """The rows ``build`` makes of ``table`` (an index's rows of some files), as a set of tuples."""
    return _rows(None if table is None else build(table))


def symbol_names(symbols: pa.Table) -> pa.Table:
    """The ``symbol_names`` table's rows: the definitions a name guess can reach (``graph.BY_NAME_KINDS``), without
    their lines: a guess reads the shard of its name only, and an edit that moves lines leaves the table as it is."""
    from .graph import BY_NAME_KINDS
    from .lazy import NAME_COLUMNS

    table = pc.decoded(symbols.select(NAME_COLUMNS))
    return pc.filter(table, pc.is_in(table.column("kind"), value_set=pa.array(sorted(BY_NAME_KINDS), pa.string())))


def foreign_symbols(symbols: pa.Table) -> pa.Table:
    """The ``foreign_symbols`` table's rows: definitions owned from another file (a Go method, a Rust ``impl``),
    dotted directly under their module (``T.m`` defined apart from ``T``), or dotted and owned by nothing: an update
    attaches them to their types before it resolves anything, and only they may move to a type added elsewhere."""
    from .lazy import READ_COLUMNS, foreign_rows

    table = pc.decoded(symbols.select(READ_COLUMNS))
    return pc.take(table, pa.array(foreign_rows(table), pa.int64()))


def symbol_index_batches(previous, written_rows: pa.Table, written: set[str], whole: bool):
    """An incremental run's ``symbol_names`` and ``foreign_symbols``. ``written_rows``: the definitions of the files
    whose ``symbols`` rows this run writes (``written``). A name whose definitions in a written file changed (added,
    removed, renamed, given another owner: not moved lines) has its rows replaced by every definition of it after the
    run; an edit of bodies and lines leaves the table as it is. Whole (``whole``: a lake without them, or of another
    ``LAZY_INDEX``) from the lake's ``symbols``."""
    from pipeline.extractor import Batch, Replace

    from .lazy import NAME_COLUMNS, READ_COLUMNS

    written_rows = pc.decoded(written_rows.select(READ_COLUMNS))
    if whole or not (_has(previous, "symbol_names", "name") and _has(previous, "foreign_symbols", "path")):
        kept = _except_paths(previous("symbols", columns=READ_COLUMNS), written)
        everything = _concat(kept, written_rows, READ_COLUMNS) if kept is not None else written_rows
        yield Batch("symbol_names", symbol_names(everything))
        yield Batch("foreign_symbols", foreign_symbols(everything))
        return
    old = previous("symbols", columns=READ_COLUMNS, where=("path", sorted(written)))
    old = pc.decoded(old) if old is not None else written_rows.slice(0, 0)
    rows = lambda t: sorted(zip(*foreign_symbols(t).to_pydict().values()), key=repr)  # noqa: E731
    if rows(old) == rows(written_rows):
        yield Replace("foreign_symbols", "path", [])
    else:
        yield Replace("foreign_symbols", "path", sorted(written))
        yield Batch("foreign_symbols", foreign_symbols(written_rows))
    yield from _by_key("symbol_names", "name", previous, _pairs(symbol_names, old), _pairs(symbol_names, written_rows),
                       written, NAME_COLUMNS)


# a receiver the resolver reads as one name (``str.isidentifier``, non-ASCII letters too) or a JavaScript ``$``: the
# index holds every receiver whose edges a definition of that name may change
# the ``ref_names`` key every file holding a name template (``visit_*``: ``Resolver._template``) is listed under
TEMPLATE_KEY = "<template>"
ONE_NAME = r"^[\pL\p{Nl}_$][\pL\pN\p{Mn}\p{Mc}\p{Pc}$]*$"
# ``ONE_NAME`` over ASCII text: its classes' only ASCII members (letters, digits, ``_``). Arrow compiles a pattern at
# each call, and ``ONE_NAME``'s Unicode classes take ~1.3 ms to compile on a quiet core, twice an update (its file's
# names before and after): an update's receivers are ASCII but in a rare file, which then takes ``ONE_NAME`` as before
ASCII_NAME = r"^[A-Za-z_$][A-Za-z0-9_$]*$"


def ref_names(refs: pa.Table) -> pa.Table:
    """The ``ref_names`` table's rows: every distinct (name, file) the references name, a receiver that is one name
    included (``Visitor::default()`` names ``Visitor``: the type its edge reaches when the member is none of the
    repository's); the files an edit that adds, removes or renames a definition reaches are read from the shards of
    those names."""
    table = pc.decoded(refs.select(["name", "path"]))
    if "receiver" in refs.column_names:
        receivers = pc.decoded(refs.select(["receiver", "path"])).rename_columns(["name", "path"])
        table = pa.concat_tables([table, pc.filter(receivers, _one_name(receivers.column("name")))])
    if "bound_to" in refs.column_names:
        table = pa.concat_tables([table, pc.cast(_object_keys_named(refs), table.schema)])
    table = pc.filter(table, pc.is_valid(table.column("name")))
    templates = pc.filter(table, pc.and_(pc.match_substring(table.column("name"), "*"),
                                     pc.not_equal(table.column("name"), "*")))
    if templates.num_rows:  # a method added anywhere may fit a template: its files are found under one key
        keyed = pa.table({"name": pa.array([TEMPLATE_KEY] * templates.num_rows, pa.string()),
                          "path": templates.column("path")})
        table = pa.concat_tables([table, pc.cast(keyed, table.schema)])
    return _distinct(table)


def _object_keys_named(refs: pa.Table) -> pa.Table:
    """(``%key``, file) for each key leading to a function of an object literal typed by where it is handed or
    declared (``passed:run@0%hooks%onDone:0``, ``implements:Options%onDone@0``: parse.py ``OBJECT_KEY``): an edit
    moving only a member's declared type reaches those files by the member's name (``incremental.edit_scope``), as
    nothing else they name is that member."""
    held = pc.decoded(refs.select(["bound_to", "path"]))
    held = pc.filter(held, pc.fill_null(pc.match_substring(held.column("bound_to"), OBJECT_KEY), False))
    pairs = {(OBJECT_KEY + key, path) for bound, path in zip(*_distinct(held).to_pydict().values())
             if bound.startswith((PASSED_VALUE, IMPLEMENTED_VALUE)) for key in _KEY_NAME.findall(bound)}
    return pa.table({"name": pa.array([n for n, _ in pairs], pa.string()),
                     "path": pa.array([p for _, p in pairs], pa.string())})


_KEY_NAME = re.compile(re.escape(OBJECT_KEY) + r"([\w$]+)")


def _one_name(column: pa.ChunkedArray) -> pa.Array:
    """Whether each value is one name (``ONE_NAME``), matched once per distinct value: Unicode classes make the
    regular expression slow per string (1 s over sympy's 700k receivers, 20 ms over their 23k distinct values)."""
    encoded = pc.dictionary_encode(column.combine_chunks() if isinstance(column, pa.ChunkedArray) else column)
    values = encoded.dictionary
    hit = pc.match_substring_regex(values, ASCII_NAME if _ascii(values) else ONE_NAME)
    return pc.fill_null(pc.take(hit, encoded.indices), False)


def _ascii(values: pa.Array) -> bool:
    """Whether every value of a string array is ASCII, read from its data buffer at once (no kernel: Arrow's
    ``string_is_ascii`` and ``all`` mapped ~1 MiB more of its code into an update). A slice's buffer may hold
    other values' bytes: then perhaps not, and ``ONE_NAME`` matches as it always did."""
    if not (pa.types.is_string(values.type) or pa.types.is_large_string(values.type)):
        return False
    data = values.buffers()[2]
    return data is None or data.to_pybytes().isascii()


def ref_name_batches(previous, old_refs: pa.Table | None, new_refs: pa.Table, changed: set[str], whole: bool):
    """An incremental run's ``ref_names``: the names the changed files stopped or started naming, with every file
    naming them after the run; whole (``whole``: a lake without it) from the lake's ``refs``."""
    from pipeline.extractor import Batch

    if whole or not _has(previous, "ref_names", "name"):
        columns = ["name", "path", "receiver", "bound_to"]
        kept = _except_paths(previous("refs", columns=columns, dictionary=columns), changed)
        yield Batch("ref_names", ref_names(_concat(kept, new_refs, columns) if kept is not None else new_refs))
        return
    yield from _by_key("ref_names", "name", previous, _pairs(ref_names, old_refs), _pairs(ref_names, new_refs), changed,
                       ["name", "path"])


def _has(previous, table: str, key: str) -> bool:
    """Whether the lake holds ``table`` (an index written by an earlier run), asked for no value of its shard key:
    at most one shard is opened, for its schema, never the table."""
    return previous(table, columns=[key], where=(key, [])) is not None


def _by_key(table: str, key: str, previous, before: set[tuple], after: set[tuple], written: set[str],
            columns: list[str]):
    """The batches of an index sharded by ``key`` (a name, an id): ``before``/``after`` are the rows (key first, file
    second) of the ``written`` files; a key whose rows there changed is replaced by every row of it after the run,
    the others stay as they are (an edit that changes no key's rows rewrites nothing)."""
    from pipeline.extractor import Batch, Replace

    moved = sorted({row[0] for row in before ^ after})
    yield Replace(table, key, moved)
    if not moved:
        return
    wanted = set(moved)
    kept = previous(table, columns=columns, where=(key, moved))
    kept = set() if kept is None else {r for r in zip(*pc.decoded(kept.select(columns)).to_pydict().values())
                                       if r[1] not in written}
    rows = sorted(kept | {r for r in after if r[0] in wanted}, key=repr)
    if rows:  # none: every row of those names is gone
        yield Batch(table, pa.table({c: list(v) for c, v in zip(columns, zip(*rows))}))


def _same_rows(before: pa.Table | None, after: pa.Table) -> bool:
    """Whether two tables hold the same rows in any order (``before`` None: none). Told apart first by their
    number of rows, then by their ``line`` values alone, a multiset of ints: an edit that adds or removes a line
    moves the lines of every row after it (a hub's ~1,000 early references, twice an update), and only rows whose
    lines all stayed are made Python tuples (``_counted``) to be compared whole."""
    if before is None:
        return after.num_rows == 0
    if before.num_rows != after.num_rows or not after.num_rows:
        return before.num_rows == after.num_rows
    if "line" in after.column_names and _multiset(before.column("line")) != _multiset(after.column("line")):
        return False
    return _counted(before) == _counted(after)


def _multiset(column: pa.ChunkedArray) -> dict:
    counts: dict = {}
    _count_elements(counts, column.to_pylist())
    return counts


def _counted(table: pa.Table) -> dict[tuple, int]:
    """A table's rows as a multiset (how many times each row): compared in any order, by their hashes, not by
    sorting every row's ``repr`` (a hub's ~1,000 early references, twice an update)."""
    counts: dict[tuple, int] = {}
    _count_elements(counts, zip(*table.to_pydict().values()))
    return counts


PASSED_KINDS = ("callback", "decorated_by", "param_passed", "import")


def passed(refs: pa.Table) -> pa.Table:
    """The ``callback_refs`` table's rows among ``refs``: the functions passed by name to a call, by position or
    keyword (``run(f)``, ``run(cb=f)``: a ``callback`` with its slot in ``alias``), and the decorators (a function
    given the decorated one), the parameters passed on to a call (``param_passed``), and the imports under another
    name (``from m import trace as traced``: ``@traced`` gives ``trace`` its function, ``LazyResolver._bind_renamed``):
    what binding a called parameter reads of every file."""
    kind, alias = refs.column("kind"), refs.column("alias")
    renamed = pc.and_(pc.equal(kind, "import"), pc.and_(pc.is_valid(alias), pc.not_equal(alias, refs.column("name"))))
    return pc.filter(refs, pc.or_(pc.or_(pc.and_(pc.is_in(kind, value_set=pa.array(["callback", "param_passed"])),
                                             pc.is_valid(alias)),
                                     pc.equal(kind, "decorated_by")), pc.fill_null(renamed, False)))


INDEX_ROWS = {"early_refs": (early, list(INDEXED_KINDS)), "callback_refs": (passed, list(PASSED_KINDS))}


def index_batches(table: str, previous, old_refs: pa.Table | None, new_refs: pa.Table, changed: set[str],
                  whole: bool):
    """An incremental run's ``early_refs`` or ``callback_refs`` (``INDEX_ROWS``: which references each holds): the
    changed files' replaced, or (an edit that moved none of them) kept as they are; whole (``whole``: a lake without
    the table, or with other rows in it) from the lake's ``refs``."""
    from pipeline.extractor import Batch, Replace

    select, kinds = INDEX_ROWS[table]
    columns = [n for n in REFS.names if n != "repo"]
    if whole or not _has(previous, table, "path"):
        kept = previous("refs", columns=columns, where=("kind", kinds))
        kept = None if kept is None else _except_paths(select(pc.decoded(kept)), changed)
        yield Batch(table, _concat(kept, select(new_refs), columns))
        return
    before = select(old_refs).select(columns) if old_refs is not None else None
    if _same_rows(before, select(new_refs).select(columns)):
        yield Replace(table, "path", [])  # every shard carried over as it is
        return
    yield Replace(table, "path", sorted(changed))
    yield Batch(table, select(new_refs))
