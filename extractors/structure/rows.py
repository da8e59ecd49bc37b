"""Facts of parsed files -> Arrow tables, and the whole repository's references -> the ``edges`` table."""

from __future__ import annotations

import posixpath

import pyarrow as pa
import pyarrow.compute as pc

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
                      "indexed_commit": head, "package": f.package, "error_lines": f.error_lines or None})
        if f.status == "skipped":
            continue
        symbols.extend(_symbols_of(f, entries.get(f.path.rsplit(".", 1)[0], set())))
        refs.extend({"path": f.path, "src_qualname": r[0], "kind": r[1], "name": r[2], "receiver": r[3],
                     "module": r[4], "alias": r[5], "line": r[6]} for r in f.refs)
    return {"files": _table(files, FILES), "symbols": _table(symbols, SYMBOLS), "refs": _table(refs, REFS)}


def _table(rows: list[dict], schema: pa.Schema) -> pa.Table:
    return pa.Table.from_pylist(rows, schema=schema.remove(schema.get_field_index("repo")))


def _symbols_of(f: FileFacts, scripts: set[str]) -> list[dict]:
    module_id = f"{f.path}::{MODULE}"
    module_entry = "__main__ block" if f.entry else ("__main__ module" if f.path.endswith("__main__.py") else None)
    out = [{"id": module_id, "path": f.path, "name": _module_name(f.path), "qualname": MODULE, "kind": "module",
            "line_start": 1, "line_end": max(f.lines, 1), "parent_id": None, "language": f.language,
            "is_exported": True, "is_entry_point": bool(module_entry), "is_test": f.is_test,
            "entry_reason": module_entry}]
    quals = {d[0] for d in f.defs}
    for qualname, name, kind, start, end, parent, exported, reason in f.defs:
        reason = reason or ("console script / entry point" if qualname in scripts else None)
        reason = reason or ("test" if f.is_test and name.lower().startswith("test") else None)
        out.append({"id": f"{f.path}::{qualname}", "path": f.path, "name": name, "qualname": qualname, "kind": kind,
                    "line_start": start, "line_end": end,
                    "parent_id": f"{f.path}::{parent}" if parent in quals else module_id,
                    "language": f.language, "is_exported": bool(exported), "is_entry_point": reason is not None,
                    "is_test": f.is_test, "entry_reason": reason})
    return out


def _kept(table: pa.Table | None, keep: set[str]) -> pa.Table | None:
    if table is None or not keep:
        return None
    return table.filter(pc.is_in(table.column("path"), value_set=pa.array(sorted(keep), pa.string())))


def _concat(old: pa.Table | None, new: pa.Table, columns: list[str]) -> pa.Table:
    parts = [t.select(columns) for t in (old, new) if t is not None]
    return pa.concat_tables([p.cast(parts[-1].schema) for p in parts])


def merged_symbols(previous: pa.Table | None, new: pa.Table, keep: set[str]) -> pa.Table:
    """The repository's whole symbols table: unchanged files' rows and this run's, each with a dense ``sid``."""
    columns = [n for n in SYMBOLS.names if n not in ("repo", "sid")]
    table = _concat(_kept(previous, keep), new, columns)
    table = table.take(pc.sort_indices(table, [("id", "ascending")]))
    return table.append_column("sid", pa.array(range(table.num_rows), pa.int32()))


def resolve_edges(previous: dict, new: dict, symbols: pa.Table, keep: set[str], root, provenance: str,
                  workers=None) -> pa.Table:
    """Edges of the whole repository from every file's references (the kept files' from the lake, plus this run's)."""
    from .parallel import REF_COLUMNS, resolve_parallel

    refs = _concat(_kept(previous["refs"], keep), new["refs"], REF_COLUMNS)
    f = _concat(_kept(previous["files"], keep), new["files"], ["path", "language", "package", "parse_status"])
    f = f.to_pydict()
    files = {p: {"language": lang, "package": pkg, "parse_status": st}
             for p, lang, pkg, st in zip(f["path"], f["language"], f["package"], f["parse_status"])
             if st != "skipped"}
    edges = resolve_parallel(symbols, refs, files, root, provenance, workers)
    ids = symbols.column("id")
    for end in ("src", "dst"):
        position = pc.index_in(edges.column(f"{end}_id"), value_set=ids)
        edges = edges.set_column(edges.schema.get_field_index(f"{end}_sid"), f"{end}_sid", position.cast(pa.int32()))
    return edges
