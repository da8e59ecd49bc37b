"""A one-shot ``codelake update`` calls Arrow's kernels through ``pipeline.arrowops``: its process never imports
``pyarrow.compute`` (~0.2 G instructions of wrappers, signatures and docstrings for ~290 kernels), and the kernels
give what ``pyarrow.compute``'s give."""

from __future__ import annotations

import pyarrow as pa
from conftest import index_structure, watched_update

from pipeline import arrowops

WATCHED = {"pyarrow.compute", "pyarrow.parquet", "extractors.structure.rows", "pipeline.arrowops"}


def test_a_one_shot_update_never_imports_pyarrow_compute(lake, make_repo, tmp_path):
    root = make_repo("structure/python")
    index_structure(lake, root)
    watch = tmp_path / "imported.txt"
    store = root / "shop/store.py"  # imported by four files: their edges are resolved again
    store.write_text(store.read_text() + "\n\ndef restocked(n):\n    return len(str(n))\n")
    leaf = root / "shop/restock.py"
    leaf.write_text(leaf.read_text() + "\n\nfrom shop.store import restocked\n\n\n"
                    "def again():\n    return restocked(3)\n")
    for rel in ("shop/store.py", "shop/restock.py"):
        imported = watched_update(lake, root, rel, watch, WATCHED)
        # the watch sees the update's imports: the lake's reads and the structure rows' merge
        assert {"pyarrow.parquet", "extractors.structure.rows", "pipeline.arrowops"} <= imported["main"], imported
        assert "pyarrow.compute" not in imported["main"] | imported["others"], (rel, imported)
    from pipeline.catalog import connect

    calls = connect(lake).rows("SELECT dst_id FROM edges WHERE src_id = 'shop/restock.py::again' AND kind = 'calls'")
    assert [r[0] for r in calls[1]] == ["shop/store.py::restocked"]  # the update did its work


def test_the_kernels_give_what_pyarrow_compute_gives():
    import pyarrow.compute as pc

    names = pa.chunked_array([["b", None, "a"], ["b", "c"]])
    table = pa.table({"name": names, "n": pa.chunked_array([[3, 1, None], [2, 2]])})
    mask = pc.is_in(names, value_set=pa.array(["b", "c"]))
    pairs = [(arrowops.is_in(names, value_set=pa.array(["b", "c"])), mask),
             (arrowops.fill_null(arrowops.equal(names, "b"), False), pc.fill_null(pc.equal(names, "b"), False)),
             (arrowops.and_(mask, arrowops.is_valid(names)), pc.and_(mask, pc.is_valid(names))),
             (arrowops.filter(table, mask), table.filter(mask)),
             (arrowops.take(table, pa.array([4, 0])), table.take(pa.array([4, 0]))),
             (arrowops.sort_indices(table, [("n", "descending")]), pc.sort_indices(table, [("n", "descending")])),
             (arrowops.sort_by(table, [("name", "ascending"), ("n", "ascending")]),
              table.sort_by([("name", "ascending"), ("n", "ascending")])),
             (arrowops.rank(pa.array(["b", "a", "b"]), tiebreaker="dense"),
              pc.rank(pa.array(["b", "a", "b"]), tiebreaker="dense")),
             (arrowops.extract_regex(names, r"^(?P<head>.)"),
              pc.extract_regex(names, r"^(?P<head>.)")),
             (arrowops.split_pattern(names, "b", max_splits=1), pc.split_pattern(names, "b", max_splits=1)),
             (arrowops.cast(table.column("n"), pa.int32()), table.column("n").cast(pa.int32())),
             (arrowops.cast(table, pa.schema([("name", pa.large_string()), ("n", pa.int16())])),
              table.cast(pa.schema([("name", pa.large_string()), ("n", pa.int16())]))),
             (arrowops.dictionary_encode(names), names.dictionary_encode()),
             (arrowops.unique(names), names.unique()),
             (arrowops.max(table.column("n")), pc.max(table.column("n"))),
             (arrowops.divide(pa.array([7, 9]), 2), pc.divide(pa.array([7, 9]), 2))]
    for ours, theirs in pairs:
        assert ours.equals(theirs), (ours, theirs)
        assert (ours.schema if isinstance(ours, pa.Table) else ours.type) == \
            (theirs.schema if isinstance(theirs, pa.Table) else theirs.type)
    try:
        arrowops.no_such_kernel
    except AttributeError:
        pass
    else:
        raise AssertionError("an unknown kernel's name is no attribute")
