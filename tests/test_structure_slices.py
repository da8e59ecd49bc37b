"""A full run resolves its references in slices, on forked workers that each take several slices one after the
other: which slices a worker took before depends on timing. A reference's edges must not depend on them (a memo
keyed too broadly answered for another scope: sympy's ``conjuncts(..)`` loops gained or lost 14 dispatch edges
between two runs)."""

from __future__ import annotations

import glob
import shutil

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from conftest import FIXTURES, index_structure


def _python_fixture_lake(work):
    """The Python fixture indexed into ``work``: its source root, a reader of a table's rows, and the files
    resolution reads."""
    from pipeline.lake import Lake

    root = work / "src"
    shutil.copytree(FIXTURES / "structure" / "python", root, ignore=shutil.ignore_patterns("expected.json"))
    index_structure(Lake(work / "lake"), root, repo="py")

    def table(name):
        return pa.concat_tables([pq.read_table(f) for f in sorted(glob.glob(f"{work}/lake/{name}/py/*.parquet"))])

    f = table("files").select(["path", "language", "package", "parse_status"]).to_pydict()
    files = {p: {"language": lang, "package": pkg, "parse_status": st} for p, lang, pkg, st in zip(*f.values())}
    return root, table, files


@pytest.fixture(scope="module")
def prepared(tmp_path_factory):
    from extractors.structure import parallel
    from extractors.structure.rows import in_path_order

    work = tmp_path_factory.mktemp("slices")
    root, table, files = _python_fixture_lake(work)
    return parallel._prepared(in_path_order(table("symbols")), in_path_order(table("refs")), files, root, "test")


def _edges(tables) -> list[tuple]:
    table = pa.concat_tables(tables)
    return list(zip(*(table.column(c).to_pylist() for c in ("src_id", "dst_id", "kind", "line", "resolution"))))


def _in_fork(work):
    import multiprocessing as mp

    with mp.get_context("fork").Pool(1) as pool:  # a fresh copy of the resolver's memos for each order
        return pool.apply(work)


def _forward():
    from extractors.structure import parallel

    return _edges([parallel._resolve_slice((0, parallel._SHARED["refs"].num_rows))])


def _backward():
    from extractors.structure import parallel

    rows = parallel._SHARED["refs"].num_rows
    bounds = [(i, min(i + 97, rows)) for i in range(0, rows, 97)]
    parts = {b: parallel._resolve_slice(b) for b in reversed(bounds)}
    return _edges([parts[b] for b in bounds])


def test_edges_do_not_depend_on_the_slices_resolved_before(prepared, monkeypatch):
    from extractors.structure import parallel

    resolver, _, later = prepared
    monkeypatch.setattr(parallel, "_SHARED", {"resolver": resolver, "refs": later})
    forward = _in_fork(_forward)
    assert _in_fork(_backward) == forward
    # in slices over two workers, each taking the next slice when free: the same edges, in order
    monkeypatch.setattr(parallel, "IN_PROCESS_REFS", 0)
    assert _edges(parallel._resolve_slices(later.num_rows, 2)) == forward


@pytest.fixture(scope="module")
def indexed(tmp_path_factory):
    """The Python fixture's lake: its ``symbols`` (with the sids the full run gave), ``refs`` and ``edges``, the
    files resolution reads, and the source root."""
    from extractors.structure.rows import in_path_order

    work = tmp_path_factory.mktemp("sids")
    root, table, files = _python_fixture_lake(work)
    return in_path_order(table("symbols")), in_path_order(table("refs")), table("edges"), files, root


def test_a_full_runs_edges_come_with_their_ends_sids_from_the_workers(indexed, monkeypatch):
    """The full run's resolution gives each edge's ``src_sid``/``dst_sid`` itself, made beside the slices in the
    forked workers (not over the whole edges table afterwards, on one core): each end's sid is its symbol's, and an
    end that is no symbol of the repository (an unresolved call, a library's function) has none."""
    from extractors.structure import parallel

    symbols, refs, written, files, root = indexed
    monkeypatch.setattr(parallel, "IN_PROCESS_REFS", 0)  # the slices in two forked workers, as a large run's
    edges = parallel.Resolving(symbols, refs, files, root, "test", workers=2).edges()
    sid = dict(zip(symbols.column("id").to_pylist(), symbols.column("sid").to_pylist()))
    rows = list(zip(*(edges.column(c).to_pylist() for c in ("src_id", "dst_id", "src_sid", "dst_sid"))))
    assert rows and all(src_sid == sid.get(src) and dst_sid == sid.get(dst) for src, dst, src_sid, dst_sid in rows)
    assert any(dst_sid is not None for *_, dst_sid in rows)
    # ends outside the repository's symbols: no sid, never another symbol's
    outside = [(dst, dst_sid) for _, dst, _, dst_sid in rows if dst not in sid]
    assert outside and all(dst_sid is None for _, dst_sid in outside)
    # the lake's edges (the full run's): the same rows, sids included
    columns = ["src_id", "dst_id", "kind", "line", "src_sid", "dst_sid"]

    def keyed(table):
        return sorted(zip(*(table.column(c).to_pylist() for c in columns)), key=repr)

    assert keyed(edges) == keyed(written)


def _walked():
    """``_forward`` with each file's scopes walked for every name (no nested-names index: as the lazy graph has it)."""
    from extractors.structure import parallel

    parallel._SHARED["resolver"].g.nested_names = None
    return _forward()


def test_scopes_skipped_for_a_name_none_defines_give_the_edges_of_walking_them(prepared, monkeypatch):
    """``Resolver._scoped_name`` walks no scope of a file where none defines the name (``Graph.nested_names``): the
    index holds the last part of each qualname with a scope above it, and every later edge is that of the walk over
    every scope, a name an enclosing function defines (a closure called in it) found there as before."""
    from extractors.structure import parallel

    resolver, _, later = prepared
    g = resolver.g
    assert {(p, n) for p, names in g.nested_names.items() for n in names} == \
        {(p, q.rpartition(".")[2]) for p, q in g.by_qual if "." in q}
    monkeypatch.setattr(parallel, "_SHARED", {"resolver": resolver, "refs": later})
    indexed = _in_fork(_forward)
    assert indexed == _in_fork(_walked)
    inner = [(s, d) for s, d, kind, _, res in indexed if kind == "calls" and res == "same_file" and d and s
             and g.by_id[d].qualname.startswith(g.by_id[s].qualname + ".")]
    assert inner  # a function's own inner definition, which only the walk up its scopes finds
