"""An update's memory stays proportional to the edit (issue 8): the class hierarchy and a language group's module index
are searched per key in Arrow, never made Python whole; the unchanged files are not listed; the lazy index lets go of
the shards it read past a budget, and the edges are a full run's whatever it let go."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pyarrow as pa
import pytest

from conftest import index_structure
from pipeline.lake import Lake
from test_structure_incremental import _edge_rows
from test_structure_lazy import FLOW, HIERARCHY

MANY = 6000  # rows of each made-up index: a Python object per row would show far above the bounds below


def _blocks(fn):
    """``fn()`` and the Python memory blocks it left allocated (what it made and kept)."""
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        result = fn()
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    return result, sum(s.count_diff for s in after.compare_to(before, "filename") if s.count_diff > 0)


def _module_rows(n: int) -> pa.Table:
    keys = [f"pkg{i % 40}.mod{i}" for i in range(n)] + ["pkg1.mod1", "solo"]
    paths = [f"pkg{i % 40}/mod{i}.py" for i in range(n)] + ["pkg1/mod1/__init__.py", "solo.py"]
    rows = len(keys)
    return pa.table({"kind": ["module"] * rows, "family": ["python"] * rows, "key": keys, "path": paths,
                     "line": pa.nulls(rows, pa.int32()), "position": list(range(rows))})


def test_a_stored_module_index_answers_per_key_and_its_top_level_names_without_being_made_whole():
    from extractors.structure.graph import MODULE_COLUMNS, stored_modules
    from extractors.structure.langs import python

    table = _module_rows(MANY)
    eager = stored_modules(table.select(MODULE_COLUMNS).to_pydict()).module_index["python"]
    lazy = stored_modules(table)

    def ask():
        index = lazy.module_index.get("python")
        found = {key: index.get(key) for key in ("pkg1.mod1", "pkg7.mod47", "solo", "pkg3", "absent")}
        return found, python.is_external("app.py", "pkg7.mod47", index, None), \
            python.is_external("app.py", "requests", index, None), python._top_level_names(index)

    (found, inside, outside, top), blocks = _blocks(ask)
    assert found == {key: eager.get(key) for key in found}
    assert found["pkg1.mod1"] == ["pkg1/mod1.py", "pkg1/mod1/__init__.py"]  # a key's paths in the rows' order
    assert found["absent"] is None and found["pkg3"] is None
    assert not inside and outside
    assert top == frozenset(key.split(".")[0] for key in eager)
    assert blocks < MANY // 4, f"{blocks} blocks kept: the group's index was made Python whole"
    index = lazy.module_index.get("python")
    assert dict(index.items()) == eager and list(index) == list(eager)  # iterating: the whole index, in order


def _hierarchy(n: int) -> pa.Table:
    src = [f"m{i % 300}.py::C{i}" for i in range(n)]
    dst = [None if i % 7 == 0 else f"base{i % 50}.py::B{i % 50}" for i in range(n)]
    return pa.table({"path": [s.split("::")[0] for s in src], "src_id": src, "dst_id": dst,
                     "line": list(range(n)), "ref_form": ["singleton" if i % 11 == 0 else "name" for i in range(n)],
                     "dst_name": [f"B{i % 50}" for i in range(n)]})


@pytest.mark.parametrize("encoded", [False, True])
def test_the_class_hierarchy_is_searched_per_class_not_made_python_whole(encoded):
    from extractors.structure.lazy import Index, StoredBase
    from extractors.structure.marks import SINGLETON

    table = _hierarchy(MANY)
    if encoded:  # as the lake reads it: dictionary-encoded, in chunks
        table = pa.concat_tables([table.slice(0, 2500), table.slice(2500)])
        table = pa.table({name: pa.chunked_array([chunk.dictionary_encode() if name != "line" else chunk
                                                  for chunk in column.chunks])
                          for name, column in zip(table.column_names, table.columns)})
    rows = table.to_pylist()
    hidden = {"m5.py"}

    def ask():
        index = Index(lambda *a, **k: None, lambda *a: None, set(), set(), [], None, [(table, hidden)])
        return index, [index.bases_of(f"m{i % 300}.py::C{i}") for i in (1, 5, 7, 22, 605)], \
            [index.subclasses_of(f"base{b}.py::B{b}") for b in (3, 5, 49)], index.subclasses_of("nothing")

    (_, bases, subclasses, none), blocks = _blocks(ask)  # the index kept: what it holds counts
    want_bases = [[StoredBase(r["dst_id"], r["ref_form"] == SINGLETON, r["dst_name"]) for r in rows
                   if r["src_id"] == f"m{i % 300}.py::C{i}" and r["path"] not in hidden] for i in (1, 5, 7, 22, 605)]
    want_subclasses = [[(r["src_id"], r["path"], r["line"]) for r in rows
                        if r["dst_id"] == f"base{b}.py::B{b}" and r["path"] not in hidden] for b in (3, 5, 49)]
    assert bases == want_bases and subclasses == want_subclasses and none == []
    assert bases[1] == [] and bases[2][0].dst is None  # a hidden file's; a base outside the repository
    assert blocks < MANY // 4, f"{blocks} blocks kept: the hierarchy was made Python whole"


def test_an_updates_unchanged_files_are_every_lake_path_but_the_named_ones_not_a_list(tmp_path):
    from extractors.structure import plan

    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "f17.py").write_text("x = 1\n")
    (tmp_path / "new.py").write_text("y = 2\n")
    paths = [f"pkg/f{i}.py" for i in range(MANY)]
    files = pa.table({"path": paths, "blob_sha": ["0" * 40] * MANY})
    changes, blocks = _blocks(lambda: plan.plan_changes(tmp_path, False, files, False,
                                                         ["pkg/f17.py", "pkg/f18.py", "new.py"]))
    assert [p for p, *_ in changes.to_parse] == ["new.py", "pkg/f17.py"] and changes.deleted == ["pkg/f18.py"]
    assert blocks < MANY // 4, f"{blocks} blocks kept: every lake path was listed"
    unchanged = [p for p in paths if p not in ("pkg/f17.py", "pkg/f18.py")]
    assert len(changes.unchanged) == len(unchanged) and list(changes.unchanged) == unchanged
    assert "pkg/f19.py" in changes.unchanged and "pkg/f17.py" not in changes.unchanged
    assert "new.py" not in changes.unchanged


@pytest.mark.parametrize("files", [FLOW, HIERARCHY], ids=["value flow", "hierarchy"])
def test_an_update_that_lets_go_of_its_shards_gives_a_full_runs_edges(monkeypatch, make_repo, tmp_path, files):
    """Shards of a few rows, a budget of one byte: every shard is let go as soon as the next is asked (and read
    again if asked again); the edges are the full run's, as with every shard held."""
    from extractors.structure import StructureExtractor, incremental, lazy
    from pipeline.lake import Lake

    monkeypatch.setattr(incremental, "INCREMENTAL_SHARE", 1.01)  # tiny repositories: never a full pass
    monkeypatch.setattr(StructureExtractor, "shard_rows", {t: 2 for t in ("symbols", "refs", "early_refs", "files",
                                                                          "callback_refs", "symbol_names")})
    monkeypatch.setattr(lazy.LakeRows, "PRUNED_READS", 0)  # every shard read whole: the budget is what is tested
    held, real = [], lazy._Held.asked

    def asked(self, *args):
        real(self, *args)
        held.append(len(self._order))

    monkeypatch.setattr(lazy._Held, "asked", asked)
    root = make_repo(files=files)
    lakes = {budget: Lake(tmp_path / f"lake{budget}") for budget in (1, 1 << 30)}
    for lake in lakes.values():
        index_structure(lake, root)
    most = {budget: 0 for budget in lakes}  # the most shards held in Arrow at once
    for rel in sorted(files):
        # an import added too: a definition alone now resolves only the lines naming it, and asks no shard here
        (root / rel).write_text("# moved\nimport os\n" + (root / rel).read_text() + "\n\ndef added():\n    return 1\n")
        full = Lake(tmp_path / f"full-{rel}")
        index_structure(full, root)
        for budget, lake in lakes.items():
            monkeypatch.setattr(lazy._Held, "LIMIT", budget)
            monkeypatch.setattr(lazy._Held, "READ_AGAIN", 1 << 30)
            held.clear()
            index_structure(lake, root, files=[rel])
            assert _edge_rows(lake) == _edge_rows(full), (rel, budget)
            most[budget] = max([most[budget], *held])
    assert most[1] == 1 and most[1 << 30] > 2, most  # each shard let go once the next is asked; or all held


def _symbol_shard(n: int) -> pa.Table:
    """A ``symbols`` shard of ``n`` rows (``lazy.READ_COLUMNS``) in three row groups (each a dictionary of its own),
    the strings few and repeated (as a shard's paths, names and kinds are), ints past the small ones Python caches,
    parameters mostly null."""
    paths = [f"pkg/m{i // 150:03}.py" for i in range(n)]  # a file's rows together, as the shard is sorted by path
    columns = {"path": paths, "name": [f"f{i % 50}" for i in range(n)], "qualname": [f"C{i % 60}.f" for i in range(n)],
               "kind": ["method" if i % 3 else "class" for i in range(n)],
               "parent_id": [None if i % 3 == 0 else f"pkg/base.py::C{i % 60}" for i in range(n)],
               "line_start": list(range(1000, 1000 + n)), "sid": list(range(70000, 70000 + n)),
               "params_min": [1 if i % 7 == 0 else None for i in range(n)], "params_max": [None] * n,
               "labels": [None] * n}
    types = {"line_start": pa.int32(), "sid": pa.int32(), "params_min": pa.int16(), "params_max": pa.int16()}
    table = pa.table({c: pa.array(columns[c], types.get(c, pa.string())) for c in columns})
    encoded = {c: table.column(c) if c in types else table.column(c).dictionary_encode() for c in columns}
    return pa.Table.from_batches(pa.table(encoded).to_batches(max_chunksize=n // 3 + 1))


def test_a_shard_made_python_whole_makes_tuples_only_of_the_keys_asked(monkeypatch):
    """A shard asked for many keys becomes Python whole (``LakeRows.WHOLE_AFTER``); a half-written typeorm edit made
    ~90K rows of 21 shards tuples and ints, of which it asked ~34K. Its columns are made Python (each distinct string
    once), a row a tuple when its key is asked: the objects kept stay far below one a row (made whole: three)."""
    from extractors.structure import lazy

    table = _symbol_shard(MANY)
    monkeypatch.setattr(lazy.LakeRows, "WHOLE_AFTER", 0)  # whole from the first key asked

    def read(name, columns, where, dictionary=(), whole_shards=False, sorted_only=False):
        return None if sorted_only else table  # one shard, not sorted into row groups by key: read whole

    rows = lazy.LakeRows(read, lambda name, key, value: "shard-0", "symbols", lazy.READ_COLUMNS, "path")
    asked = ["pkg/m003.py", "pkg/m017.py", "pkg/m039.py"]
    found, blocks = _blocks(lambda: [rows.where(path) for path in asked])
    data = table.to_pydict()
    every = list(zip(*(data[c] for c in lazy.READ_COLUMNS)))
    assert found == [[r for r in every if r[0] == path] for path in asked]  # every row of the file, in order
    assert [len(f) for f in found] == [150, 150, 150] and found[2][0][7] is None and found[1][1][5] == 1000 + 2551
    assert blocks < MANY // 2, f"{blocks} blocks kept: every row of the shard was made a tuple"  # main: ~19K


def _own_dictionaries(table: pa.Table, parts: int) -> pa.Table:
    """``table`` in ``parts`` row groups, each string column dictionary-encoded in each (its own copy of a value seen
    in another), as Parquet gives a shard's row groups."""
    step = table.num_rows // parts + 1
    pieces = [table.slice(i, step) for i in range(0, table.num_rows, step)]
    return pa.concat_tables([pa.table({c: p.column(c).dictionary_encode() if pa.types.is_string(p.column(c).type)
                                       else p.column(c) for c in p.column_names}) for p in pieces])


def _distinct_objects(rows: list[tuple]) -> tuple[int, int]:
    """How many distinct string values ``rows`` hold, and how many string objects."""
    strings = [v for row in rows for v in row if isinstance(v, str)]
    return len(set(strings)), len({id(v) for v in strings})


@pytest.mark.parametrize("whole_after", [0, 1 << 30], ids=["shard made whole", "rows taken by key"])
def test_a_lake_tables_rows_hold_one_string_a_distinct_value(monkeypatch, whole_after):
    """An update's lazy index makes the lake's rows Python: a shard whole (its row groups each with a dictionary of its
    own, the same paths, names and kinds in each), or a file's rows taken by key and decoded (a string a row). Either
    way an equal string is one object (of the shard; of the file's rows): typeorm's half-written edit held 121K strings of whole shards where 64K were
    distinct, and the rows taken by key a path, a kind and a parent a row (~6 MiB of its resolution's peak)."""
    from extractors.structure import lazy

    plain = pa.table({c: pc_decoded_column(_symbol_shard(MANY).column(c)) for c in lazy.READ_COLUMNS})
    table = _own_dictionaries(plain, 3)
    monkeypatch.setattr(lazy.LakeRows, "WHOLE_AFTER", whole_after)

    def read(name, columns, where, dictionary=(), whole_shards=False, sorted_only=False):
        return None if sorted_only else table

    rows = lazy.LakeRows(read, lambda name, key, value: "shard-0", "symbols", lazy.READ_COLUMNS, "path")
    asked = ["pkg/m003.py", "pkg/m017.py", "pkg/m039.py"]  # one in each row group
    found = [rows.where(path) for path in asked]
    data = plain.to_pydict()
    every = list(zip(*(data[c] for c in lazy.READ_COLUMNS)))
    assert found == [[r for r in every if r[0] == path] for path in asked]  # the rows, as before
    for rows_of_a_file in found:  # main: ~450 string objects for ~50 values
        distinct, objects = _distinct_objects(rows_of_a_file)
        assert objects == distinct, f"{objects} string objects for {distinct} values"
    if whole_after == 0:  # the shard's row groups too (main: ~1,350 for ~150)
        distinct, objects = _distinct_objects([r for f in found for r in f])
        assert objects == distinct, f"{objects} string objects for {distinct} values"


def test_the_runs_references_hold_one_string_a_distinct_value():
    """The affected files' references (``lazy.RunRefs``: a half-written typeorm edit's twelve files, 9K rows) decoded
    a string a row and a column: their paths, kinds and callers one object each."""
    from extractors.structure import lazy

    n = 900
    columns = {"path": [f"app/m{i % 3}.py" for i in range(n)], "src_qualname": [f"f{i % 20}" for i in range(n)],
               "kind": ["call" if i % 2 else "import" for i in range(n)], "name": [f"g{i % 40}" for i in range(n)],
               "receiver": [None if i % 4 else "self" for i in range(n)], "module": [None] * n, "alias": [None] * n,
               "line": list(range(n)), "bound_to": [None] * n, "args": [1] * n, "labels": [None] * n}
    types = {"line": pa.int32(), "args": pa.int16()}
    table = pa.table({c: pa.array(v, types.get(c, pa.string())) for c, v in columns.items()})
    run = lazy.RunRefs(table)
    assert run.rows == list(zip(*columns.values()))
    distinct, objects = _distinct_objects(run.rows)
    assert objects == distinct, f"{objects} string objects for {distinct} values"  # main: ~3,300 for 66


def pc_decoded_column(column):
    """A dictionary column's plain strings."""
    return column.cast(column.type.value_type) if pa.types.is_dictionary(column.type) else column


def test_an_updates_lazy_index_and_old_rows_are_let_go_before_its_edges_are_written(monkeypatch, make_repo, tmp_path):
    """The lazy index (every shard the resolution read, those made Python whole) and the changed files' old rows are
    let go as soon as the edges are resolved, in a process without the cyclic collector (a one-shot update's): a cycle
    through the run's ``Current``, or a frame still naming it, kept them to the process's end, beside the merges that
    write the edges (typeorm's half-written edit of its largest file: ~17 MiB at the update's peak)."""
    import gc
    import weakref

    from extractors.structure import incremental, lazy, rows

    monkeypatch.setattr(incremental, "INCREMENTAL_SHARE", 1.01)  # tiny repositories: never a full pass
    made: dict[str, list] = {"Current": [], "Index": [], "ReadAhead": []}

    def noting(cls, name):
        real = cls.__init__

        def init(self, *args, **kwargs):
            real(self, *args, **kwargs)
            made[name].append(weakref.ref(self))

        monkeypatch.setattr(cls, "__init__", init)

    noting(rows.Current, "Current")
    noting(lazy.Index, "Index")
    real_read_ahead = incremental.read_ahead

    def read_ahead(*args, **kwargs):
        read = real_read_ahead(*args, **kwargs)
        made["ReadAhead"].append(weakref.ref(read.old["symbols"]))  # (a NamedTuple takes no weak reference)
        return read

    monkeypatch.setattr(incremental, "read_ahead", read_ahead)
    alive_at_writes = []
    real_batches = incremental.edge_batches

    def edge_batches(edges, affected):
        alive_at_writes.append({name: sum(ref() is not None for ref in refs) for name, refs in made.items()})
        return real_batches(edges, affected)

    monkeypatch.setattr(incremental, "edge_batches", edge_batches)
    root = make_repo(files=FLOW)
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    (root / "handlers.py").write_text((root / "handlers.py").read_text() + "\n\ndef on_close():\n    return 3\n")
    enabled = gc.isenabled()
    gc.disable()  # as ``cli.common.lean_process``: only what no longer has a reference is freed
    try:
        index_structure(lake, root, files=["handlers.py"])
    finally:
        if enabled:
            gc.enable()
    assert made["Current"] and made["Index"] and made["ReadAhead"], made  # the lazy path ran, with its read-ahead
    assert alive_at_writes == [{"Current": 0, "Index": 0, "ReadAhead": 0}], alive_at_writes


@pytest.mark.parametrize("edit, held", [("from runner import run_with\n", False), ("# a comment\n", True)],
                         ids=["an import added", "a comment added"])
def test_an_edit_keeping_no_line_lets_go_of_its_edges_shard_before_resolving(monkeypatch, make_repo, tmp_path, edit,
                                                                            held):
    """The changed file's edges shard, read whole ahead of the parse for the lines the edit may keep and the merge,
    is let go before the resolution when the edit keeps no line (an import added: every line resolved again; a
    definition added keeps the lines not naming it),
    the merge reading it back (a half-written edit of typeorm's largest file held it, 5.7 MiB of Arrow, at its peak);
    an edit keeping its lines holds it for the merge, as before. The edges are a full run's either way."""
    from extractors.structure import incremental, parse, rows
    from pipeline import indexing, shards

    monkeypatch.setattr(incremental, "INCREMENTAL_SHARE", 1.01)  # tiny repositories: never a full pass
    handed_at_resolution = []
    real = rows.resolve_current

    def resolve_current(*args, **kwargs):
        handed_at_resolution.append(sorted(Path(rel).name.split("-")[0] for rel in shards._HANDED or ()))
        return real(*args, **kwargs)

    monkeypatch.setattr(rows, "resolve_current", resolve_current)
    root = make_repo(files=FLOW)
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    (root / "handlers.py").write_text((root / "handlers.py").read_text() + "\n\n" + edit)
    monkeypatch.setattr(parse, "_PARSERS", {})  # a fresh process: no query compiled yet (else nothing is parsed ahead)
    indexing.update(root, ["handlers.py"], repo="repo", lake=lake, ahead=True)  # the command line's way: read ahead
    full = Lake(tmp_path / "full")
    index_structure(full, root)
    assert _edge_rows(lake) == _edge_rows(full)
    assert len(handed_at_resolution) == 1 and ("edges" in handed_at_resolution[0]) == held, handed_at_resolution
