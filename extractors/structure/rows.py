"""Facts of parsed files -> Arrow tables, and the whole repository's references -> the ``edges`` table."""

from __future__ import annotations

import posixpath

import pyarrow as pa
import pyarrow.compute as pc

from pipeline.lake import align_table

from .parse import FileFacts
from .resolve import MODULE
from .schemas import FILES, REFS, SYMBOLS


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
                      "family": _family(f.language)})
        if f.status == "skipped":
            continue
        symbols.extend(_symbols_of(f, entries.get(f.path.rsplit(".", 1)[0], set())))
        path = f.path
        refs.extend((path,) + r for r in f.refs)  # FileFacts.refs rows are REFS minus repo and path, in order
    return {"files": _table(files, FILES), "symbols": _table(symbols, SYMBOLS), "refs": _tuples_table(refs, REFS)}


def _family(language: str | None) -> str | None:
    from .languages import LANGUAGES

    lang = LANGUAGES.get(language or "")
    return lang.family if lang else language


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
                    "is_test": f.is_test, "entry_reason": reason})
    return out


def _kept(table: pa.Table | None, keep: set[str]) -> pa.Table | None:
    if table is None or not keep:
        return None
    return table.filter(pc.is_in(table.column("path"), value_set=pa.array(sorted(keep), pa.string())))


def _concat(old: pa.Table | None, new: pa.Table, columns: list[str]) -> pa.Table:
    """Kept rows and this run's, in the kept rows' types (dictionary-encoded when read so: the new rows are few)."""
    parts = [_with_columns(t, columns, new.schema).select(columns) for t in (old, new) if t is not None]
    return pa.concat_tables([p.cast(parts[0].schema) for p in parts])


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
    table = table.take(pc.sort_indices(table, [("id", "ascending")]))
    table = _owners_in_other_files(table)
    return table.append_column("sid", pa.array(range(table.num_rows), pa.int32()))


def _owners_in_other_files(symbols: pa.Table) -> pa.Table:
    """A method whose type is declared in another file (Go receivers, Rust ``impl T`` elsewhere) gets that type as
    parent: the one in the same folder (a Go package), else the only one of that name in the repository."""
    orphan = pc.and_(pc.equal(symbols.column("kind"), "method"),
                     pc.ends_with(symbols.column("parent_id"), "::" + MODULE))
    if not pc.any(orphan).as_py():
        return symbols
    types: dict[str, list[str]] = {}
    for sid, qual, kind in zip(*symbols.select(["id", "qualname", "kind"]).to_pydict().values()):
        if kind in OWNER_KINDS:
            types.setdefault(qual, []).append(sid)
    parents = symbols.column("parent_id").to_pylist()
    rows = symbols.select(["id", "path", "qualname"]).filter(orphan).to_pydict()
    position = {sid: i for i, sid in enumerate(symbols.column("id").to_pylist())}
    for sid, path, qual in zip(rows["id"], rows["path"], rows["qualname"]):
        found = _owner(types.get(qual.rpartition(".")[0], []), posixpath.dirname(path))
        if found:
            parents[position[sid]] = found
    return symbols.set_column(symbols.schema.get_field_index("parent_id"), "parent_id", pa.array(parents, pa.string()))


OWNER_KINDS = {"class", "struct", "interface", "trait", "enum", "type", "object"}


def _owner(candidates: list[str], folder: str) -> str | None:
    near = [c for c in candidates if posixpath.dirname(c.split("::")[0]) == folder]
    return near[0] if len(near) == 1 else (candidates[0] if len(candidates) == 1 else None)


def resolve_edges(previous: dict, new: dict, symbols: pa.Table, keep: set[str], root, provenance: str,
                  workers=None, changed: set[str] | None = None) -> pa.Table:
    """Edges of the whole repository from every file's references (the kept files' from the lake, plus this run's).

    With ``changed`` (an incremental run) and the previous edges at hand, only the references whose answer can
    change are resolved again (see ``affected_paths``); the other files' edges are carried over.
    """
    from .parallel import REF_COLUMNS, resolve_parallel

    refs = _concat(_kept(previous["refs"], keep), new["refs"], REF_COLUMNS)
    f = _concat(_kept(previous["files"], keep), new["files"], ["path", "language", "package", "parse_status"])
    f = f.to_pydict()
    files = {p: {"language": lang, "package": pkg, "parse_status": st}
             for p, lang, pkg, st in zip(f["path"], f["language"], f["package"], f["parse_status"])
             if st != "skipped"}
    affected = None
    if changed is not None and previous.get("edges") is not None:
        affected = affected_paths(previous, new, refs, changed)
        if len(affected) > INCREMENTAL_SHARE * max(len(files), 1):
            affected = None  # most files are touched anyway: a full pass is simpler and no slower
    if affected is None:
        edges = resolve_parallel(symbols, refs, files, root, provenance, workers)
    else:
        edges = _resolve_affected(previous["edges"], refs, affected, symbols, files, root, provenance, workers)
    return _with_sids(edges, symbols)


INCREMENTAL_SHARE = 0.5
CARRIED_KINDS = pa.array(["inherits", "dispatch"])  # always recomputed: class hierarchies span files


def affected_paths(previous: dict, new: dict, refs: pa.Table, changed: set[str]) -> set[str]:
    """Files whose references may resolve differently after ``changed`` files changed: the changed files, files
    with edges into them, files naming anything they define (before or after), files importing an added module."""
    changed_arr = pa.array(sorted(changed), pa.string())
    names = set(new["symbols"].column("name").to_pylist())
    if previous["symbols"] is not None:
        old = previous["symbols"].filter(pc.is_in(previous["symbols"].column("path"), value_set=changed_arr))
        names |= set(old.column("name").to_pylist())
    affected = set(changed)
    naming = refs.filter(pc.is_in(refs.column("name"), value_set=pa.array(sorted(names), pa.string())))
    affected |= set(naming.column("path").to_pylist())
    edges = previous["edges"]
    into = edges.filter(pc.is_in(edges.column("dst_path"), value_set=changed_arr))
    affected |= set(into.column("path").to_pylist())
    stems = {posixpath.basename(p).rsplit(".", 1)[0] for p in changed} | {posixpath.basename(posixpath.dirname(p))
                                                                          for p in changed}
    modules = refs.filter(pc.and_(pc.is_valid(refs.column("module")),
                                  pc.is_in(refs.column("kind"), value_set=pa.array(["import", "reexport"]))))
    tails = [m.replace("/", ".").rsplit(".", 1)[-1] for m in modules.column("module").to_pylist()]
    affected |= {p for p, t in zip(modules.column("path").to_pylist(), tails) if t in stems}
    return affected


def _resolve_affected(prev_edges: pa.Table, refs: pa.Table, affected: set[str], symbols: pa.Table, files: dict,
                      root, provenance: str, workers) -> pa.Table:
    from .parallel import resolve_parallel
    from .resolve import EARLY_KINDS

    affected_arr = pa.array(sorted(affected), pa.string())
    in_affected = pc.is_in(refs.column("path"), value_set=affected_arr)
    hierarchy_files = pa.array(sorted(set(refs.filter(pc.equal(refs.column("kind"), "inherits"))
                                          .column("path").to_pylist())), pa.string())
    hierarchy = pc.and_(pc.is_in(refs.column("path"), value_set=hierarchy_files),
                        pc.is_in(refs.column("kind"), value_set=pa.array(EARLY_KINDS)))
    # every file's imports too: an affected file's import may resolve through another file's re-export
    # (``export {x} from``, ``export default x``, ``pub use``, a package ``__init__``)
    imports = pc.is_in(refs.column("kind"), value_set=pa.array(["import", "reexport"]))
    wanted = pc.or_(pc.or_(in_affected, hierarchy), imports)
    fresh = resolve_parallel(symbols, refs.filter(wanted), files, root, provenance, workers, affected, refs)
    fresh = fresh.filter(pc.or_(pc.is_in(fresh.column("path"), value_set=affected_arr),
                                pc.is_in(fresh.column("kind"), value_set=CARRIED_KINDS)))
    kept = prev_edges.filter(pc.and_(pc.invert(pc.is_in(prev_edges.column("path"), value_set=affected_arr)),
                                     pc.invert(pc.is_in(prev_edges.column("kind"), value_set=CARRIED_KINDS))))
    return pa.concat_tables([align_table(kept, fresh.schema), fresh])


def _with_sids(edges: pa.Table, symbols: pa.Table) -> pa.Table:
    ids = symbols.column("id")
    for end in ("src", "dst"):
        position = pc.index_in(edges.column(f"{end}_id"), value_set=ids)
        edges = edges.set_column(edges.schema.get_field_index(f"{end}_sid"), f"{end}_sid", position.cast(pa.int32()))
    return edges
