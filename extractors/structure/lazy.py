"""Resolution proportional to the edit: the resolver's graph loaded only as far as the affected files' references ask.

A full run builds every index of the repository (``graph.build_graph``), binds every file's imports, resolves every
class's bases and indexes every value-flow fact before it resolves anything. An update resolves the references of a
few files; here the same ``Resolver`` runs over a graph whose indexes fill themselves on first use, from the
repository's definitions, its ``early_refs`` (imports, re-exports, bases, declared types, value-flow facts), its
``hierarchy`` (every ``inherits`` edge) and its other internal indexes. The lake's tables are sharded by file (names:
by name), and a lookup reads the one shard that can hold its key, whole, once: an update costs the shards its lookups
touch, not the repository (on a 2M-line lake, a leaf file's touches a third of them).

  a file's definitions          when a name in it, a member of one of its classes or its id is looked up
  the definitions of a name     when resolution falls back to names
  a class's bases, subclasses   from the stored ``inherits`` edges of the files the edit did not affect (the affected
                                files' bases are resolved first, as a full run resolves every file's)
  a file's imports              when a binding is followed into it
  declared types, what a        per file, when a call's value or a function's result is asked for
  function returns, decorators
  what is passed for a called   per function name, from the decorators and the functions passed to calls of that
  parameter                     name (``callback_refs``, read only when a parameter call in an affected file asks)
  what is owned from elsewhere  ``foreign_symbols``, read whole first (methods of a type defined in another file)

The answers are the ones a full graph gives: the same code decides, only the order in which indexes fill differs.
"""

from __future__ import annotations

from collections import defaultdict
from operator import itemgetter
from typing import Callable, NamedTuple

import pyarrow as pa

from pipeline import arrowops as pc  # Arrow's kernels without importing pyarrow.compute
from pipeline.shards import keeping

from .graph import (BY_NAME_KINDS, CLASSLIKE, MEMBER_KINDS, METHODS, MODULE, Graph, Symbol, at_module_level,
                    elsewhere_type_name, local_to_body, locals_scoped,
                    imported_apart, join_owners, keep_member, keep_top, package_names, variant_scope_of,
                    variants_among)
from .langs.arity import Params
from .marks import EXPOSED, MADE, SINGLETON, WRAPPER_HELD
from .qualnames import untwinned
from .resolve import DECLARED_KINDS, EARLY_KINDS, IMPORT_KINDS, Edge, Ref, Resolver, _new, mentions

READ_COLUMNS = ["path", "name", "qualname", "kind", "parent_id", "line_start", "sid", "params_min",
                "params_max", "labels"]  # id is path::qualname
REF_FIELDS = ["path", "src_qualname", "kind", "name", "receiver", "module", "alias", "line", "bound_to", "args",
              "labels"]
# the ``hierarchy`` table: every ``inherits`` edge, with its form (``SINGLETON``: a base whose methods are the class
# object's own, ``Graph.singleton_bases``)
HIERARCHY_COLUMNS = ["path", "src_id", "dst_id", "line", "ref_form", "dst_name"]
RETURNED_KINDS = ("returns", "local_returns", "returns_call")
NAME_COLUMNS = ["name", "path", "qualname", "kind", "parent_id", "sid"]  # the ``symbol_names`` index


class Columns:
    """A table's columns as Python lists, converted once, whole, on first use (a dictionary-encoded column through
    its dictionary: one string object per distinct value): this run's rows and the class hierarchy, looked up again
    and again, where a per-lookup ``take`` and conversion would cost ~0.1 ms apiece."""

    def __init__(self, table: pa.Table):
        self.table, self._data, self._positions = table, None, {}

    @property
    def data(self) -> dict[str, list]:
        if self._data is None:
            same: dict[str, str] = {}  # a plain string column (this run's rows) one string a distinct value too
            self._data = {name: _shared(_pylist(column), same) if _stringy(column.type) else _pylist(column)
                          for name, column in zip(self.table.column_names, self.table.columns)}
            self.table = None  # held once, as Python objects
        return self._data

    def where(self, key: str, value) -> list[int]:
        """The row numbers holding ``value`` in column ``key``, in the table's order (the first lookup on a column
        groups its rows once)."""
        positions = self._positions.get(key)
        if positions is None:
            positions = self._positions[key] = {}
            for i, v in enumerate(self.data[key]):
                rows = positions.get(v)
                if rows is None:
                    positions[v] = [i]
                else:
                    rows.append(i)
        return positions.get(value, ())


class Searched:
    """A table's rows looked up by a column's value, left in Arrow: per chunk, the column's distinct values ranked
    and its rows ordered by their value's rank once (a stable sort: each value's rows keep the table's order), a
    value's rows found by binary searches and only those made Python. The class hierarchy of a 2M-line lake (~100K
    ``inherits`` edges) made Python whole, with its positions per value, was ~10 MiB and a Python pass per row on every
    update, of which a leaf's looks up a few hundred classes."""

    def __init__(self, table: pa.Table, keys: tuple[str, ...]):
        self.table, self._numbers = table, {key: SearchedNumbers(table.column(key)) for key in keys}

    def rows(self, key: str, value, columns: list[str]) -> list[tuple]:
        """The rows whose ``key`` is ``value`` (their ``columns``), in the table's order."""
        numbers = self._numbers[key].get(value)
        if not numbers:
            return []
        data = pc.decoded(pc.take(self.table.select(columns), pa.array(numbers, pa.int64()))).to_pydict()
        return list(zip(*(data[c] for c in columns)))


def _searchable(column) -> list[tuple[int, "_SearchedChunk"]]:
    """Each chunk of ``column`` searchable, with the table's row number of its first row."""
    found, offset = [], 0
    for chunk in _chunks_of(column):
        if len(chunk):
            found.append((offset, _SearchedChunk(chunk)))
        offset += len(chunk)
    return found


class _SearchedChunk:
    """One chunk of a column: its distinct values sorted (a copy of the dictionary in order: a search compares one
    string scalar a step) and its rows ordered by their value's rank, nulls last, with where each rank's rows end."""

    def __init__(self, chunk: pa.Array):
        if not pa.types.is_dictionary(chunk.type):
            chunk = pc.dictionary_encode(chunk)
        order = pc.array_sort_indices(chunk.dictionary)
        self.sorted_values = pc.take(chunk.dictionary, order)
        ranks = pc.take(pc.rank(chunk.dictionary, sort_keys="ascending", tiebreaker="first"), chunk.indices)
        self.order = pc.array_sort_indices(ranks)  # stable: a value's rows in the chunk's order
        self.ranked = len(chunk) - chunk.null_count  # the rows with a value: the nulls sort after them
        runs = pc.run_end_encode(pc.take(ranks, self.order.slice(0, self.ranked)))
        # every value of the dictionary on some row (as Parquet writes them): a value's place is its run's
        self.runs, self.ends = runs.values, runs.run_ends
        self.dense = len(self.runs) == len(self.sorted_values)

    def rows(self, value) -> list[int]:
        if value is None:  # as a Python grouping of the column would: its null rows
            return self.order.slice(self.ranked).to_pylist()
        if not isinstance(value, str):
            return []
        values = self.sorted_values
        low = pc.lower_bound(values, value)  # a few scalars compared, none of the others decoded
        if low == len(values) or values[low].as_py() != value:
            return []
        run = low if self.dense else _run_of(self.runs, low + 1)
        if run is None:
            return []
        first = self.ends[run - 1].as_py() if run else 0
        return self.order.slice(first, self.ends[run].as_py() - first).to_pylist()


def _run_of(runs: pa.Array, rank: int) -> int | None:
    """The position of ``rank`` among ``runs`` (ascending), None when no row has it."""
    low = pc.lower_bound(runs, rank)
    return low if low < len(runs) and runs[low].as_py() == rank else None


def _chunks_of(column) -> list:
    return column.chunks if isinstance(column, pa.ChunkedArray) else [column]


def _pylist(column) -> list:
    out: list = []
    for chunk in _chunks_of(column):
        if pa.types.is_dictionary(chunk.type):
            values = chunk.dictionary.to_pylist() + [None]  # a null index points at the None appended
            out.extend(map(values.__getitem__, pc.fill_null(chunk.indices, len(values) - 1).to_pylist()))
        else:
            out.extend(chunk.to_pylist())
    return out


def _refs(table: pa.Table) -> list[Ref]:
    if not table.num_rows:
        return []
    data = pc.decoded(table.select(REF_FIELDS)).to_pydict()
    return [Ref(*row) for row in zip(*(data[f] for f in REF_FIELDS))]


Source = tuple  # (table or None, paths whose rows it holds that are hidden)


class TableRows:
    """Rows held in memory (this run's: a few files), looked up by a column's value."""

    def __init__(self, table: pa.Table | None, columns: list[str]):
        self.columns = columns
        self.held = Columns(table.select(columns)) if table is not None and table.num_rows else None
        self._rows: list[tuple] | None = None

    def where(self, key: str, value) -> list[tuple]:
        if self.held is None:
            return []
        found = self.held.where(key, value)
        if not found:
            return []
        if self._rows is None:  # every row made a tuple once, in C: a hub's 538 definitions are looked up by path
            data = self.held.data  # and by name ~100 times (a tuple a row a lookup: 32K generator steps)
            self._rows = list(zip(*(data[c] for c in self.columns)))
        rows = self._rows
        return [rows[i] for i in found]


class LakeRows:
    """A lake table's rows looked up by the column it is sharded by: the shard that can hold a value is read whole,
    once, and where every value in it lies is known from then on. A value's rows become Python when it is looked up;
    a shard asked for more than ``WHOLE_AFTER`` values becomes Python whole (a hub file's update asks for most of
    them: one conversion beats hundreds of ``take``s). ``read`` is the run's ``previous`` (the lake's snapshot),
    ``shard_file`` its ``RunContext.shard_file``. A process that keeps what it reads of the lake (the warm refresh
    worker, ``pipeline.shards.keep_read_files``) keeps each shard's grouping too, under the shard's file: a version
    file never changes, so it stays right for every later run whose snapshot still names that file."""

    WHOLE_AFTER = 16
    # a table sorted by the key (small row groups with statistics) gives the first few values asked of a shard from
    # their row groups alone: a leaf's update asks one or two files of each of ~55 site-packages shards of ~4K rows
    # (and a few names of each ~16K-row ``symbol_names`` shard); a shard asked for more is read whole, as before
    PRUNED_READS = 3

    def __init__(self, read, shard_file, table: str, columns: list[str], key: str, dictionary: tuple[str, ...] = (),
                 held: "_Held | None" = None):
        self.read, self.shard_file, self.table, self.columns, self.key = read, shard_file, table, columns, key
        self.dictionary, self._rows, self._shards, self._asked = list(dictionary), {}, {}, {}
        self._held = _Held() if held is None else held
        self._pruned: dict | None = {}  # shard file -> values read from its row groups; None: the table is not sorted

    def where(self, value) -> list[tuple]:
        rows = self._rows.get(value)
        if rows is not None:
            return rows
        file = self.shard_file(self.table, self.key, value)
        if file is not None and file not in self._shards:
            rows = self._from_row_groups(file, value)
            if rows is not None:
                self._rows[value] = rows
                return rows
        shard = self._shards[file] if file in self._shards else self._shards.setdefault(file, self._load(file, value))
        numbers = shard.numbers.get(value) if shard is not None else None
        if not numbers:
            rows = []
        elif shard.every is not None or self._ask(file) > self.WHOLE_AFTER:
            self._held.forget(self.table, file)  # Python from now on: asked again and again, never read again
            rows = shard.python().rows(numbers)
        else:  # one string a distinct value of the file's rows, not one a row (its path, its kinds, its parents)
            rows = _python_rows(pc.decoded(pc.take(shard.table, pa.array(numbers, pa.int64()))), shared=True)
        if shard is not None and shard.table is not None and file is not None:
            self._held.asked(self._shards, self.table, file, shard.table.nbytes)
        self._rows[value] = rows
        return rows

    def take(self, value) -> list[tuple]:
        """``where``'s rows, forgotten once given, for a reader that keeps what it makes of them (the lazy graph
        loads a file's definitions once): a file's rows asked ahead (``warm``) are held until then, not to the end of
        the run beside its ``Symbol``s (typeorm's half-written edit: ~2 MiB at the resolution's peak). Asked again,
        they are made again from the shard."""
        rows = self.where(value)
        self._rows.pop(value, None)
        return list(rows)

    def _from_row_groups(self, file: str, value) -> list[tuple] | None:
        """``value``'s rows read from the row groups that can hold them, or None: the shard is to be read whole (the
        table is not sorted by the key, the shard was asked often, or a long-lived process keeps whole shards)."""
        pruned = self._pruned
        if pruned is None or pruned.get(file, 0) >= self.PRUNED_READS or keeping() is not None:
            return None
        data = self.read(self.table, columns=self.columns, where=(self.key, [value]), dictionary=self.dictionary,
                         sorted_only=True)
        if data is None:
            self._pruned = None
            return None
        pruned[file] = pruned.get(file, 0) + 1
        return _python_rows(pc.decoded(data.select(self.columns)), shared=True) if data.num_rows else []

    def _ask(self, file) -> int:
        self._asked[file] = self._asked.get(file, 0) + 1
        return self._asked[file]

    def _load(self, file: str | None, value) -> "_Shard | None":
        kept = keeping() if file is not None else None
        key = (file, self.table, tuple(self.columns), tuple(self.dictionary))
        shard = kept.get(key) if kept is not None else None
        if shard is not None:
            return shard
        data = self.read(self.table, columns=self.columns, where=(self.key, [value]), dictionary=self.dictionary,
                         whole_shards=True)
        if data is None or not data.num_rows:
            return None
        shard = _Shard(data.select(self.columns), _numbers(data.column(self.key)))
        if kept is not None:
            kept.put(key, shard, 4 * shard.table.nbytes)  # with room for its Python rows, once made
        return shard


class _Held:
    """The shards an index holds in Arrow, least recently asked first, up to ``LIMIT`` bytes: past it the oldest is
    let go (its rows already asked stay Python; a value asked later in it reads it again). A site-packages leaf's
    first update reads ~55 shards, each for one or two files (~22 MiB of Arrow, held to the end of the resolution,
    its process's peak); a hub's shards asked again and again become Python whole (``LakeRows.WHOLE_AFTER``) and
    leave this account. A resolution that reads shards it let go more than ``READ_AGAIN`` times holds every shard
    from then on: a new definition in a large file resolves the whole file, asking ~350 shards of site-packages
    again and again (an 8 MiB budget read them ~1,100 times)."""

    LIMIT = 8 << 20
    READ_AGAIN = 2

    def __init__(self):
        self._order: dict[tuple[str, str], tuple[dict, int]] = {}  # (table, file) -> (its owner's shards, bytes)
        self._bytes, self._gone, self._again = 0, set(), 0

    def asked(self, shards: dict, table: str, file: str, nbytes: int) -> None:
        key = (table, file)
        found = self._order.pop(key, None)
        self._order[key] = (shards, nbytes)
        if found is not None:
            return
        self._bytes += nbytes
        if key in self._gone:
            self._again += 1
        while self._bytes > self.LIMIT and len(self._order) > 1 and self._again <= self.READ_AGAIN:
            oldest = next(iter(self._order))
            owner, size = self._order.pop(oldest)
            owner.pop(oldest[1], None)
            self._bytes -= size
            self._gone.add(oldest)

    def forget(self, table: str, file: str | None) -> None:
        found = self._order.pop((table, file), None)
        if found is not None:
            self._bytes -= found[1]


MANY_KEYS = 2048  # a shard with more distinct keys than this is searched in Arrow, not grouped in Python


def _numbers(column):
    """Where each key lies in a shard: a dict (``_row_numbers``), or for a shard of many distinct keys (a
    ``symbol_names`` shard of site-packages: ~15K names, ~1.5 MiB as a dict, of which an update asks a few) the
    column searched per key (``SearchedNumbers``)."""
    distinct = sum(len(c.dictionary) if pa.types.is_dictionary(c.type) else len(c) for c in _chunks_of(column))
    return SearchedNumbers(column) if distinct > MANY_KEYS else _row_numbers(column)


class SearchedNumbers:
    """``_row_numbers``' dict answered per key: each chunk of the column searched (``_SearchedChunk``)."""

    def __init__(self, column):
        self._chunks = _searchable(column)

    def get(self, value, default=None):
        found = [offset + i for offset, chunk in self._chunks for i in chunk.rows(value)]
        return found or default


def _row_numbers(column) -> dict:
    """Each value's row numbers (in the table's order), grouped in Arrow: a stable sort of the dictionary codes,
    then one Python step per distinct value, not per row. A value whose rows follow one another (a file's rows in a
    shard by path) gets a ``range``, not a list of ints: a site-packages update holds ~80 shards' numbers at once
    (~11 MiB of ints and lists as lists)."""
    numbers: dict = {}
    offset = 0
    for chunk in _chunks_of(column):
        if not pa.types.is_dictionary(chunk.type):
            chunk = pc.dictionary_encode(chunk)
        order = pc.array_sort_indices(chunk.indices)
        runs = pc.run_end_encode(pc.take(chunk.indices, order))
        values, ends, rows = chunk.dictionary.to_pylist(), runs.run_ends.to_pylist(), order.to_pylist()
        for code, start, end in zip(runs.values.to_pylist(), [0] + ends, ends):
            first = rows[start] + offset
            if rows[end - 1] - rows[start] == end - start - 1:  # sorted ascending: no gap
                held = range(first, first + end - start)
            else:
                held = rows[start:end] if not offset else [offset + i for i in rows[start:end]]
            value = None if code is None else values[code]
            before = numbers.get(value)
            numbers[value] = held if before is None else [*before, *held]
        offset += len(chunk)
    return numbers


class _Shard:
    """One shard's rows (Arrow), where each key lies in them, and, once a run asked for many keys, its columns made
    Python (``_Columns``), a row made a tuple when its key is asked."""

    def __init__(self, table: pa.Table, numbers: dict):
        self.table, self.numbers, self.every = table, numbers, None

    def python(self) -> "_Columns":
        if self.every is None:
            self.every = _Columns(self.table)
            self.table = None  # read no more (``LakeRows.where`` takes from ``every`` from then on)
        return self.every


class _Columns:
    """A shard's columns made Python once, whole, without a tuple or an int object per row: a dictionary column as
    its decoded values (one string per distinct value, as before) and its codes, a column of ints without nulls as
    its buffer (``memoryview``: an int object made only for a row asked), any other as a list. The rows of a key are
    made tuples when asked. A half-written typeorm edit (twelve files resolved again) made every shard of ``symbols`` and
    ``early_refs`` Python whole (18, ~71K rows), of which the resolution asked ~34K rows: their tuples and ints were
    ~20 of the resolution's ~55 MiB."""

    def __init__(self, table: pa.Table):
        same: dict[str, str] = {}  # each row group's dictionary holds its own copy of a value (a path, a name that
        # is its qualname too): one string a distinct value of the shard (typeorm's half-written edit: 121K -> 64K)
        self.columns = [_python_column(column, same) for column in table.columns]

    def rows(self, numbers) -> list[tuple]:
        """The rows at ``numbers`` (a ``range`` or a list of row numbers), as tuples of the table's columns."""
        parts = []
        for values, codes in self.columns:
            picked = codes[numbers.start:numbers.stop] if isinstance(numbers, range) else [codes[i] for i in numbers]
            parts.append(picked if values is None else map(values.__getitem__, picked))
        return list(zip(*parts))


_INT_FORMATS = {8: "b", 16: "h", 32: "i", 64: "q"}  # a signed int column's buffer read as a ``memoryview``


class _Column(NamedTuple):
    """One column of ``_Columns``: a row's value is ``values[codes[i]]``, or ``codes[i]`` where ``values`` is None."""

    values: list | None
    codes: object  # a ``memoryview`` of an int buffer, or a list


def _python_column(column, same: dict[str, str]) -> _Column:
    """One column of a shard made Python (``_Columns``), its strings the objects ``same`` holds for them."""
    chunks = [chunk for chunk in _chunks_of(column) if len(chunk)]
    if chunks and pa.types.is_dictionary(chunks[0].type):
        values, codes = [], []
        for chunk in chunks:  # each chunk's codes moved past the values of the chunks before it
            indices = pc.cast(chunk.indices, pa.int32())
            codes.append(pc.add(indices, pa.scalar(len(values), pa.int32())) if values else indices)
            values += _shared(chunk.dictionary.to_pylist(), same)
        codes = pc.fill_null(pa.concat_arrays(codes), pa.scalar(len(values), pa.int32()))
        return _Column(values + [None], _buffer(codes))  # a null code points at the None appended
    plain = pa.concat_arrays(chunks) if chunks else None
    if plain is not None and pa.types.is_signed_integer(plain.type) and not plain.null_count:
        return _Column(None, _buffer(plain))
    return _Column(None, _pylist(column))


def _buffer(array: pa.Array) -> memoryview:
    """A signed int array without nulls as a ``memoryview`` of its values (holding the array's buffer)."""
    width = array.type.bit_width
    return memoryview(array.buffers()[1]).cast(_INT_FORMATS[width])[array.offset:array.offset + len(array)]


class LakeReaders(NamedTuple):
    """What the lazy index reads of the lake, apart from the run's rows: made (and warmed, ``warm``) before an
    update's parse is taken, so that the shards its resolution will ask are read while the parse-ahead child
    parses; a value's rows are the same whenever they are read."""

    symbols: LakeRows
    names: LakeRows
    early: LakeRows
    bases: LakeRows
    sources: LakeRows
    foreign: Callable[[], list[tuple]]  # the ``foreign_symbols`` rows (read once, on first call)


def lake_readers(read, shard_file) -> LakeReaders:
    held = _Held()  # the tables' shards, held in Arrow up to one budget
    # every string column read dictionary-encoded: Parquet stores them so, and decoding them dense (a copy of each
    # value) was a third of a site-packages leaf's instructions; a value's rows are made plain when asked for
    rows = []

    def foreign() -> list[tuple]:
        if not rows:
            rows.append(_python_rows(read("foreign_symbols", columns=READ_COLUMNS)))
        return rows[0]

    return LakeReaders(
        LakeRows(read, shard_file, "symbols", READ_COLUMNS, "path",
                 ("path", "name", "qualname", "kind", "parent_id", "labels"), held),
        LakeRows(read, shard_file, "symbol_names", NAME_COLUMNS, "name",
                 ("name", "path", "qualname", "kind", "parent_id"), held),
        LakeRows(read, shard_file, "early_refs", REF_FIELDS, "path",
                 ("path", "src_qualname", "kind", "name", "receiver", "module", "alias", "bound_to", "labels"), held),
        LakeRows(read, shard_file, "hierarchy", HIERARCHY_COLUMNS, "path",
                 ("path", "src_id", "dst_id", "ref_form", "dst_name"), held),
        LakeRows(read, shard_file, "edge_sources", ["src_id", "path"], "src_id", ("path",), held),
        foreign)


WARM_CLASSES = 64  # the most classes ``warm`` follows up their stored bases (a hub's: ~30)


def warm(lake: LakeReaders, changed: set[str], old_symbols: pa.Table | None) -> None:
    """Read ahead what an update's resolution asks of the lake whatever the edit: the changed files' classes' other
    sources (``edge_sources``: the ``bases_of`` check) and their stored bases, up the hierarchy, with the bases'
    files' definitions and early references (overrides and inherited members; sympy's ``core/numbers.py``: 30
    classes, 4 files). Called before the parse is taken: it only fills the readers' caches (a value's rows are the
    same whenever read). The files the old edges reach are not read ahead: a kept line takes its old edges, so the
    resolution rarely asks them, and reading them cost a sympy leaf's update 0.05-0.08 s of its 0.25 s (its
    critical path is the main process's, not the child's)."""
    lake.foreign()
    todo = _old_classes(old_symbols) + [f"{path}::{MODULE}" for path in sorted(changed)]
    seen: set[str] = set()
    while todo and len(seen) < WARM_CLASSES:
        cls = todo.pop(0)
        path = _path_of(cls)
        if cls in seen or path is None:
            continue
        seen.add(cls)
        if _sources_held(lake, cls):
            lake.sources.where(cls)
        if path not in changed:
            lake.symbols.where(path)
            lake.early.where(path)
        todo += [dst for _p, src, dst, *_ in lake.bases.where(path) if src == cls and dst is not None]


def _old_classes(old_symbols: pa.Table | None) -> list[str]:
    if old_symbols is None or not old_symbols.num_rows:
        return []
    data = pc.decoded(old_symbols.select(["path", "qualname", "kind"])).to_pydict()
    return [f"{p}::{q}" for p, q, k in zip(data["path"], data["qualname"], data["kind"]) if k in CLASSLIKE]


def _sources_held(lake: LakeReaders, cls: str) -> bool:
    """Whether the lake holds an ``edge_sources`` shard for ``cls`` (as ``Index._has_sources`` asks; a table named
    with no shard has nothing to read ahead, and the warm-up must not fail where the resolution would decide)."""
    try:
        return lake.sources.shard_file("edge_sources", "src_id", cls) is not None
    except IndexError:
        return False


class Index:
    """The repository's definitions, early references and class hierarchy by file, name and class: the lake's rows
    (read a shard at a time; those of the files this run changed hidden) and this run's."""

    def __init__(self, read, shard_file, hidden: set[str], early_hidden: set[str], run_symbols: list[pa.Table | None],
                 run_early: pa.Table | None, hierarchy: list[Source],
                 passed: Callable[[], pa.Table | None] = lambda: None,
                 callbacks: Callable[[set[str]], pa.Table | None] = lambda names: None, bases_by_file: bool = False,
                 lake: "LakeReaders | None" = None):
        self.shard_file, self.hidden, self.early_hidden = shard_file, hidden, early_hidden
        lake = lake_readers(read, shard_file) if lake is None else lake  # ``lake``: made and warmed before the parse
        self.lake_symbols, self.lake_names, self.lake_early = lake.symbols, lake.names, lake.early
        self.run_symbols = [TableRows(t, READ_COLUMNS) for t in run_symbols]
        self.run_early = TableRows(run_early, REF_FIELDS)
        self._early_rows: dict[str, list[tuple]] = {}  # path -> its early references' rows
        self._early_of: dict[tuple, list[Ref]] = {}  # (path, kinds) -> those of its early references
        # the hierarchy whole, searched by class, made on first need (a table, or a read of it); ``bases_by_file``: a
        # class's bases are read from its file's rows (``_bases_in_file``) until something needs the whole
        self._hierarchy_sources, self._hierarchy = hierarchy, None
        self._hierarchy_hidden = set().union(*(hidden for _, hidden in hierarchy))
        self.lake_bases = lake.bases if bases_by_file else None
        self.lake_sources = lake.sources
        self._passed, self._passed_by_name, self._callbacks = passed, {}, callbacks
        self._handed: set[str] | None = None  # the names of the functions passed anything (``handed``)
        self.sids: dict[str, int] = {}
        foreign = [r for r in lake.foreign() if r[0] not in hidden]
        for table in run_symbols:
            if table is not None and table.num_rows:  # only the foreign rows made Python (a hub's: a few of 538)
                found = foreign_rows(table.select(READ_COLUMNS))
                if found:
                    foreign += _python_rows(pc.take(table.select(READ_COLUMNS), pa.array(found, pa.int64())))
        self.cross_file = self._symbols([r for r in foreign if _owned_elsewhere(r[0], r[4])])
        self.elsewhere = self._symbols([r for r in foreign if _dotted_at_module_row(r[2], r[4])])

    def symbols_of(self, path: str) -> list[Symbol]:
        rows = [] if path in self.hidden else self.lake_symbols.take(path)
        return self._symbols(rows + [r for t in self.run_symbols for r in t.where("path", path)])

    def named(self, name: str) -> list[Symbol]:
        """The definitions called ``name`` that a name guess can reach (``BY_NAME_KINDS``); the lake's from its name
        index, without their lines (a file's own lookup, ``symbols_of``, gives those)."""
        lake = [(path, n, qual, kind, parent, 0, sid, None, None, None)
                for n, path, qual, kind, parent, sid in self.lake_names.where(name) if path not in self.hidden]
        return self._symbols(lake + [r for t in self.run_symbols for r in t.where("name", name)
                                     if r[3] in BY_NAME_KINDS])

    def _symbols(self, rows: list[tuple]) -> list[Symbol]:
        found = []
        for path, name, qual, kind, parent, line, sid, least, most, labels in rows:
            symbol_id = f"{path}::{qual}"
            found.append(Symbol(symbol_id, path, name, qual, kind, parent, line,
                                None if least is None else Params(least, most, labels)))
            self.sids[symbol_id] = sid
        return sorted(found, key=lambda s: s.id)  # a full run's order: duplicate names keep the first by id

    def early_refs_of(self, path: str, kinds) -> list[Ref]:
        """The early references of one file (of ``kinds``, a constant tuple: the callers' few), in the file's order.
        Only those asked for become ``Ref`` objects: a file's rows hold its value flow too (a hub file's update read
        fifty files' rows, a tenth of a second of objects never looked at)."""
        refs = self._early_of.get((path, kinds))
        if refs is None:
            rows = self._early_rows.get(path)
            if rows is None:
                rows = [] if path in self.early_hidden else list(self.lake_early.where(path))
                rows = self._early_rows[path] = rows + self.run_early.where("path", path)
            refs = self._early_of[(path, kinds)] = [Ref(*r) for r in rows if r[2] in kinds]
        return list(refs)

    def early_refs_named(self, name: str, kind: str) -> list[Ref]:
        """Every file's early references of one kind naming ``name`` (the decorators called ``name``: kept with the
        passed functions in ``callback_refs``)."""
        by_name = self._passed_by_name.get(kind)
        if by_name is None:
            by_name = self._passed_by_name[kind] = defaultdict(list)
            table = self._passed()
            if table is not None and table.num_rows:
                for r in _refs(pc.filter(table, pc.equal(table.column("kind"), kind))):
                    by_name[r.name].append(r)
        return by_name.get(name, [])

    def bases_of(self, cls: str) -> list[StoredBase]:
        """The stored ``inherits`` edges from ``cls``, in stored order."""
        found = self._bases_in_file(cls)
        if found is None:
            found = [row for searched, hidden in self.hierarchy
                     for row in searched.rows("src_id", cls, _BASE_COLUMNS) if row[0] not in hidden]
        return [StoredBase(dst, form == SINGLETON, name) for _path, dst, form, name in found]

    def _bases_in_file(self, cls: str) -> list[tuple] | None:
        """``cls``'s stored ``inherits`` rows (``_BASE_COLUMNS``) read from its file's rows of the hierarchy (sorted
        by path: their row groups; a site-packages leaf asks 8 classes, for which it made the 27.6K-row hierarchy
        searchable and ``take``s over its two dictionary-encoded shards); None: read from the whole, when
        another file holds an edge from it (``edge_sources``: a Rust ``impl`` block apart from its type, whose rows'
        place among its file's only the table's order tells) or the lake has no ``edge_sources``."""
        if self.lake_bases is None or not isinstance(cls, str):
            return None
        path = _path_of(cls)
        if not self._has_sources(cls) or any(p != path for _, p in self.lake_sources.where(cls)):
            return None
        if path in self._hierarchy_hidden:
            return []
        return [(p, dst, form, name) for p, src, dst, _line, form, name in self.lake_bases.where(path) if src == cls]

    def _has_sources(self, cls: str) -> bool:
        """Whether the lake holds ``edge_sources`` (its snapshot names the table: no file opened)."""
        try:
            return self.shard_file("edge_sources", "src_id", cls) is not None
        except IndexError:  # named, with no shard: no rows
            return True

    @property
    def hierarchy(self) -> list[tuple[Searched, set[str]]]:
        """Each hierarchy source searched by class (``src_id``, ``dst_id``) with the paths it hides: read and made
        searchable on first use."""
        if self._hierarchy is None:
            tables = [(t() if callable(t) else t, hidden) for t, hidden in self._hierarchy_sources]
            # one chunk a shard: a lake sorted by path reads as one chunk per 1,024-row group, each searched apart
            # (a site-packages leaf made to read it whole: 2.36 G instructions against 2.30 G on an unsorted lake)
            self._hierarchy = [(Searched(t.select(HIERARCHY_COLUMNS).combine_chunks(), ("src_id", "dst_id")), hidden)
                               for t, hidden in tables if t is not None and t.num_rows]
        return self._hierarchy

    def subclasses_of(self, cls: str) -> list[tuple[str, str, int]]:
        """The stored ``inherits`` edges into ``cls``: (subclass, path, line)."""
        return [(src, path, line) for searched, hidden in self.hierarchy
                for path, src, line in searched.rows("dst_id", cls, _SUBCLASS_COLUMNS) if path not in hidden]

    def handed(self, callee: str) -> bool:
        """Whether a function or a parameter is passed to a call of a function named ``callee`` anywhere (what
        ``callbacks_named`` would find): the callees' names made a set once, from the passed functions' index."""
        if self._handed is None:
            table = self._passed()
            self._handed = set()
            if table is not None and table.num_rows:
                table = pc.filter(table, pc.is_in(table.column("kind"), value_set=pa.array(["callback", "param_passed"])))
                modules = pc.unique(pc.drop_null(pc.decoded(table.select(["module"])).column("module")))
                self._handed = {module.rpartition(".")[2] for module in modules.to_pylist()}
        return callee in self._handed

    def callbacks_named(self, callee: str) -> list[Ref]:
        """Every function passed to a call of a function named ``callee`` (``run(f)``, ``run(cb=f)``)."""
        table = self._callbacks({callee})
        return _refs(table) if table is not None else []

    def sid_of(self, symbol_id: str | None) -> int | None:
        if symbol_id is None:
            return None
        if symbol_id not in self.sids:
            self.symbols_of(symbol_id.split("::", 1)[0])
        return self.sids.get(symbol_id)


class StoredBase(NamedTuple):
    """A stored ``inherits`` edge's base: ``dst`` None for one outside the repository; ``singleton``: its methods
    are the class object's own (``Graph.singleton_bases``); ``name``: as written (``Graph.external_base_names``)."""
    dst: str | None
    singleton: bool
    name: str | None = None


_BASE_COLUMNS = ["path", "dst_id", "ref_form", "dst_name"]  # what ``bases_of`` reads of a hierarchy row
_SUBCLASS_COLUMNS = ["path", "src_id", "line"]  # and ``subclasses_of``


def _rows_where(table: pa.Table | None, mask_of) -> list[int]:
    """The row numbers where ``mask_of(batch)`` holds, batch by batch (a batch's columns share one layout)."""
    found: list[int] = []
    offset = 0
    for batch in table.to_batches() if table is not None else []:
        if batch.num_rows:
            found.extend(i + offset for i in pc.indices_nonzero(mask_of(batch)).to_pylist())
        offset += batch.num_rows
    return found


def _dictionary(batch: pa.RecordBatch, name: str) -> pa.DictionaryArray:
    column = batch.column(name)
    return column if pa.types.is_dictionary(column.type) else pc.dictionary_encode(column)


def _parent_elsewhere(batch: pa.RecordBatch):
    """Rows whose parent is defined in another file (a Go method, a Rust ``impl``): worked out once per distinct
    parent and path, through the dictionaries."""
    paths, parents = _dictionary(batch, "path"), _dictionary(batch, "parent_id")
    parent_paths = pc.extract_regex(parents.dictionary, r"^(?P<path>.*?)::").field("path")
    parent_path = pc.cast(pc.fill_null(pc.index_in(parent_paths, value_set=paths.dictionary), -2), pa.int32())
    of_row = pc.fill_null(pc.take(parent_path, parents.indices), -1)
    return pc.and_(pc.not_equal(of_row, -1), pc.not_equal(of_row, pc.cast(paths.indices, pa.int32())))


def _dotted_at_module(batch: pa.RecordBatch):
    """Rows with a dotted name directly under their module (``T.m`` defined apart from ``T``)."""
    parents = _dictionary(batch, "parent_id")
    at_module = pc.take(pc.ends_with(parents.dictionary, "::" + MODULE), parents.indices)
    return pc.fill_null(pc.and_(at_module, pc.match_substring(batch.column("qualname"), ".")), False)


def foreign_rows(table: pa.Table) -> list[int]:
    """The row numbers of definitions owned from another file, dotted directly under their module, or dotted and
    owned by nothing (what a type added or removed elsewhere may take or let go: ``rows.reparented``)."""
    return _rows_where(table, lambda batch: pc.or_(pc.or_(_parent_elsewhere(batch), _dotted_at_module(batch)),
                                                   _dotted_orphan(batch)))


def _dotted_orphan(batch: pa.RecordBatch):
    return pc.fill_null(pc.and_(pc.is_null(batch.column("parent_id")),
                                pc.match_substring(batch.column("qualname"), ".")), False)


def _owned_elsewhere(path: str, parent: str | None) -> bool:
    return parent is not None and parent.partition("::")[0] != path


def _dotted_at_module_row(qualname: str, parent: str | None) -> bool:
    return parent is not None and parent.endswith("::" + MODULE) and "." in qualname


def _python_rows(table: pa.Table | None, shared: bool = False) -> list[tuple]:
    """The rows as tuples; ``shared``: the string columns' equal values one object (``_shared``)."""
    if table is None or not table.num_rows:
        return []
    if not shared:
        return list(zip(*(_pylist(c) for c in table.columns)))
    same: dict[str, str] = {}
    return list(zip(*(_shared(_pylist(c), same) if _stringy(c.type) else _pylist(c) for c in table.columns)))


def _shared(values: list, same: dict) -> list:
    """Each value as the one object ``same`` holds for an equal value (added when it holds none): a string read
    again and again (a file's path on each of its rows) kept once, in C (``dict.setdefault`` over the list)."""
    return list(map(same.setdefault, values, values))


def _stringy(type_) -> bool:
    """A string column, plain or dictionary-encoded."""
    return pa.types.is_string(type_) or pa.types.is_large_string(type_) or (
        pa.types.is_dictionary(type_) and pa.types.is_string(type_.value_type))


def _path_of(symbol_id) -> str | None:
    return symbol_id.split("::", 1)[0] if isinstance(symbol_id, str) else None


_ABSENT = object()


class _Lazy(dict):
    """A dict that fills an entry from ``load(key)`` the first time it is read (``get``, ``[]`` and ``in`` alike).
    Truthy even before anything is loaded: the resolver reads ``if self.wrapped`` as "may hold something". A key
    already there costs one dict lookup: a hub file's update reads these ~100,000 times."""

    def __init__(self, load, default_factory=None):
        super().__init__()
        self._load, self._default = load, default_factory

    def get(self, key, default=None):
        value = dict.get(self, key, _ABSENT)
        if value is _ABSENT:
            if key is None:
                return default
            self._load(key)
            value = dict.get(self, key, _ABSENT)
            if value is _ABSENT:
                return default
        return value

    def __missing__(self, key):  # ``[]`` of a key not there yet
        if key is not None:
            self._load(key)
            value = dict.get(self, key, _ABSENT)
            if value is not _ABSENT:
                return value
        if self._default is None:
            raise KeyError(key)
        value = self[key] = self._default()
        return value

    def __contains__(self, key) -> bool:
        if dict.__contains__(self, key):
            return True
        if key is None:
            return False
        self._load(key)
        return dict.__contains__(self, key)

    def __bool__(self) -> bool:
        return True


class _LazySet(set):
    """A set whose membership of ``key`` is settled by ``load(key)`` first (classes with a base outside the
    repository: known once their bases are read)."""

    def __init__(self, load, may_hold: bool = False):
        super().__init__()
        self._load, self._may_hold = load, may_hold

    def __contains__(self, key) -> bool:
        self._load(key)
        return set.__contains__(self, key)

    def __bool__(self) -> bool:  # ``may_hold``: truthy before anything is loaded, as ``_Lazy`` is
        return self._may_hold or set.__len__(self) > 0


class LazyGraph(Graph):
    """``graph.Graph`` whose symbol indexes fill per file and per name, and whose hierarchy fills per class from the
    stored ``inherits`` edges; its module and package indexes are the run's ``module_index``, given whole."""

    def __init__(self, index: Index, files: dict[str, dict], modules: Graph):
        # module and package indexes only (``graph.stored_modules``: the run's ``module_index``)
        super().__init__(module_index=modules.module_index, packages=modules.packages,
                         package_blocks=modules.package_blocks)
        self.index, self.loaded_paths, self.loaded_names = index, set(), set()
        self.by_id = _Lazy(lambda sid: self.load_path(_path_of(sid)))
        self.by_qual = _Lazy(lambda key: self.load_path(key[0]))
        self.top = _Lazy(self.load_path, dict)
        self.members = _Lazy(lambda cls: self.load_path(_path_of(cls)), dict)
        self.by_name = _Lazy(self.load_name, list)
        self.local_names = _Lazy(self.load_path, dict)
        self.package_top = _Lazy(self.load_package)
        self.bases = _Lazy(self.load_bases, list)
        self.external_bases = _LazySet(lambda cls: self.bases.get(cls))
        self.external_base_names = _Lazy(self.load_bases, list)
        # (class, base) pairs: known once the class's bases are read; truthy before (``Resolver.instance_side``
        # skips its walk where a full run's set is empty)
        self.singleton_bases = _LazySet(lambda pair: self.bases.get(pair[0]), may_hold=True)
        self.fresh_subclasses: dict[str, list[tuple[str, str, int]]] = defaultdict(list)  # this run's inherits
        self._files, self._apart = files, defaultdict(list)  # type name -> its members defined apart, stored order
        for s in index.elsewhere:
            self._apart[elsewhere_type_name(s)].append(s)
        self._apart_ids = {s.id: name for name, found in self._apart.items() for s in found}
        self.owner = _Lazy(self._load_owner)
        # a definition's build variants (``graph._index_variants``), found as a hit is asked for them
        self.variants, self._variant_scopes = _Lazy(self._load_variants), {}
        self._loading, self._unsettled = 0, []
        # members a type gets from other files (rows.py gave them that parent), added when the type's file loads,
        # after its own definitions, as a full run adds them: a Python file's update no longer reads the shards of
        # the C++ headers whose classes have methods defined in .cc files (site-packages: ~30 ms of a hub update)
        self._cross_file: dict[str, list[Symbol]] = defaultdict(list)
        for s in index.cross_file:
            self._cross_file[_path_of(s.parent_id)].append(s)

    def load_path(self, path: str | None) -> None:
        if path is None or path in self.loaded_paths:
            return
        self.loaded_paths.add(path)
        dict.setdefault(self.top, path, {})
        self._loading += 1
        for s in self.index.symbols_of(path):
            self._add(s)
            if s.kind in CLASSLIKE and s.name in self._apart:
                self._unsettled.append(s.name)
        for s in self._cross_file.pop(path, ()):
            self._add(s)
        self._loading -= 1
        self._settle_pending()

    def _settle_pending(self) -> None:
        """Members defined apart from their type (C++ ``T::m``, a Go method in another file) join the type when a
        class of their type's name is first loaded: once no file is half loaded, since the owner is looked up
        through the files' top-level names. A full run settles every one up front (``build_graph``); the members
        each type keeps, and their order, are the same."""
        while not self._loading and self._unsettled:
            self._settle(self._unsettled.pop())

    def _settle(self, type_name: str) -> None:
        for s in self._apart.pop(type_name, ()):
            join_owners(self, s, self._files)

    def _load_owner(self, sid: str) -> None:
        name = self._apart_ids.get(sid)
        if name is not None:
            self._settle(name)

    def _add(self, s: Symbol) -> None:
        dict.__setitem__(self.by_id, s.id, s)  # over a name guess's copy, which has no line
        dict.setdefault(self.by_qual, (s.path, s.qualname), s.id)
        if s.kind == "module":
            return
        if s.kind in BY_NAME_KINDS and self._local_to_body(s):  # its parent, in its file, was added before it
            dict.setdefault(self.local_names, s.path, {}).setdefault(s.name, []).append(s.id)
        if at_module_level(s):
            if "." not in untwinned(s.qualname):
                keep_top(dict.setdefault(self.top, s.path, {}), s, self.by_id)
        else:
            self.load_path(_path_of(s.parent_id))
            keep_member(dict.setdefault(self.members, s.parent_id, {}), s, self.members_apart)
        if imported_apart(s):
            # its own file's names first: an entry made here for a file not loaded would read as the whole file's
            # (Kotlin's ``fun ByteArr.readClass()`` joining ``ByteArr``'s file hid ``Idx`` of its own file)
            self.load_path(s.path)
            dict.setdefault(self.top, s.path, {}).setdefault(s.name, s.id)

    def _load_variants(self, sid: str) -> None:
        """The definitions of ``sid``'s name with its qualified name in other files of its variant scope (Java's
        ``java9/`` twin of a class, Kotlin's ``actual fun`` of an ``expect fun``), from the name index: a full run
        indexes every definition's up front, and an update's file calling one reached one build's only."""
        s = self.by_id.get(sid)
        if s is None or variant_scope_of(s.path, self._files, self._variant_scopes) is None:
            return
        found = variants_among(s, self.index.named(s.name), self._files, self._variant_scopes)
        if found:
            dict.__setitem__(self.variants, sid, found)

    def load_name(self, name: str) -> None:
        if name in self.loaded_names:
            return
        self.loaded_names.add(name)
        found = [s for s in self.index.named(name) if s.kind in BY_NAME_KINDS]
        for s in found:
            if not dict.__contains__(self.by_id, s.id):
                dict.__setitem__(self.by_id, s.id, s)
        dict.__setitem__(self.by_name, name, [s.id for s in found if not self._local_to_body(s)])

    def _local_to_body(self, s: Symbol) -> bool:
        """``graph.local_to_body``, the parent's kind read from the name index (a function or method is listed by
        its name), not from its whole file: a name guess asks this of every candidate."""
        if s.parent_id is None or s.parent_id.endswith("::" + MODULE) or s.kind in MEMBER_KINDS \
                or not locals_scoped(s.path):
            return False
        parent = dict.get(self.by_id, s.parent_id)
        if parent is None:
            self.by_name.get(untwinned(s.parent_id.partition("::")[2]).rpartition(".")[2])
            parent = dict.get(self.by_id, s.parent_id)
        return local_to_body(s, parent.kind if parent is not None else None)

    def load_package(self, key) -> None:
        dict.__setitem__(self.package_top, key, package_names(self, key, self.packages.get(key, [])))

    def load_bases(self, cls: str) -> None:
        """A class's bases as the stored ``inherits`` edges give them (a null base: one outside the repository)."""
        if cls is None or dict.__contains__(self.bases, cls):
            return
        found, outside = [], []
        for base in self.index.bases_of(cls):
            if base.dst is None:
                set.add(self.external_bases, cls)
                outside.append(base.name)
                continue
            found.append(base.dst)
            if base.singleton:
                set.add(self.singleton_bases, (cls, base.dst))
        dict.__setitem__(self.bases, cls, found)
        dict.__setitem__(self.external_base_names, cls, outside)

    def subclasses(self, cls: str) -> list[str]:
        """A full run lists a class's subclasses in the order their ``inherits`` references come (by file, then
        line): the stored ones and this run's, merged in that order."""
        if self._subclasses is None:
            self._subclasses = {}
        found = self._subclasses.get(cls)
        if found is None:
            found = self._subclasses[cls] = list(dict.fromkeys(
                sub for sub, _, _ in sorted(self.index.subclasses_of(cls) + self.fresh_subclasses.get(cls, []),
                                            key=lambda t: (t[1], t[2]))))
        return found


class LazyResolver(Resolver):
    """The ``Resolver`` over a ``LazyGraph``: a file's imports are registered when first read; declared types and
    value-flow facts are indexed per file (per function name, for what is passed to called parameters) when first
    asked for. A file's language support and hooks are read when the file is met (``Resolver.LANGUAGES_MET``)."""

    LANGUAGES_MET = True

    def __init__(self, graph: LazyGraph, files: dict, root, provenance: str):
        self._imports = _Lazy(self._load_imports)
        super().__init__(graph, files, root, provenance)
        self._typed_paths, self._flow_paths, self._param_paths, self._bound_names = set(), set(), set(), set()
        self.return_types = _Lazy(self._load_return_types)
        self.signatures = _Lazy(self._load_return_types)
        self.item_types = _Lazy(self._load_return_types)
        self.alias_members = _Lazy(self._load_return_types)
        self.return_members = _Lazy(self._load_return_types)
        self.item_members = _Lazy(self._load_return_types)
        self.returned = _Lazy(self._load_returned)
        self.wrapped = _Lazy(self._load_wrapped)
        self.decorated_as = _Lazy(self._load_decorated_as)
        self.made = _Lazy(self._load_made)
        self.singleton_defs = _LazySet(self._load_made)  # filled with ``made``: both are marks of the same refs
        self.exposed = _LazySet(self._load_made)  # and ``EXPOSED``'s
        self._made_paths: set[str] = set()
        self.passed = _Lazy(self._load_passed)
        self._called = _Lazy(self._load_called)

    @property
    def imports_of(self):
        return self._imports

    @imports_of.setter
    def imports_of(self, value) -> None:  # the resolver registers the files it was given; the rest load on use
        for path, refs in dict(value).items():
            dict.__setitem__(self._imports, path, refs)

    def _load_imports(self, path: str) -> None:
        if path in self.supports:
            dict.__setitem__(self._imports, path, self.g.index.early_refs_of(path, IMPORT_KINDS))

    def _load_return_types(self, key: tuple) -> None:
        """The first declared type of each function, field or variable of the file (``prepare`` takes the first),
        and the file's ``signature`` references."""
        path = key[0]
        if path in self._typed_paths:
            return
        self._typed_paths.add(path)
        for r in self.g.index.early_refs_of(path, DECLARED_KINDS):
            self.note_declared(r)

    def _load_returned(self, key: tuple[str, str]) -> None:
        path = key[0]
        if path in self._flow_paths:
            return
        self._flow_paths.add(path)
        for r in self.g.index.early_refs_of(path, RETURNED_KINDS):
            dict.setdefault(self.returned, (path, r.src_qualname), []).append(r)

    def _load_made(self, sid: str) -> None:
        """``index_flow``'s ``MADE``, ``SINGLETON`` and ``EXPOSED`` marks of the file defining ``sid``, read once per
        file."""
        path = _path_of(sid)
        if path is None or path in self._made_paths:
            return
        self._made_paths.add(path)
        for r in self.g.index.early_refs_of(path, ("decorated_by",)):
            if r.name == MADE:
                dict.__setitem__(self.made, f"{r.path}::{r.src_qualname}", True)
            elif r.name == SINGLETON:
                set.add(self.singleton_defs, f"{r.path}::{r.src_qualname}")
            elif r.name == EXPOSED:
                set.add(self.exposed, f"{r.path}::{r.src_qualname}")

    def _load_wrapped(self, sid: str) -> None:
        """``index_flow`` for one decorated function: its decorators that are repository functions returning one
        (the last such decorator reference of the function decides, as in a full run)."""
        sym = self.g.by_id.get(sid)
        if sym is None or sym.kind == "class":  # a class decorator hands back a class, as in index_flow
            return
        for functions in self._decorations(sym, sid):
            if functions and any(self.returned_targets(d) for d in functions):
                dict.__setitem__(self.wrapped, sid, functions)

    def _load_decorated_as(self, sid: str) -> None:
        """``index_flow``'s ``decorated_as`` for one function: every decorator of ours its references name, returning
        or not (``@dramatiq.actor def add``: ``add.send()`` is the class the decorator declares it returns)."""
        sym = self.g.by_id.get(sid)
        if sym is None or sym.kind not in ("function", "method"):
            return
        for functions in self._decorations(sym, sid):
            if functions:
                dict.setdefault(self.decorated_as, sid, []).extend(functions)

    def _decorations(self, sym: Symbol, sid: str):
        """The repository functions each of ``sid``'s own decorator references wraps it in (``decorator_functions``),
        in the file's order; the resolver's marks (``MADE``, ``SINGLETON``, ``EXPOSED``) are no decorators."""
        for r in self.g.index.early_refs_of(sym.path, ("decorated_by",)):
            if r.src_qualname == sym.qualname and r.name not in (MADE, SINGLETON, EXPOSED) \
                    and self.g.by_qual.get((r.path, r.src_qualname)) == sid:
                yield self.decorator_functions(r)

    def _load_called(self, key: tuple[str, str]) -> None:
        """Which parameters each function of the file calls: slot (``#0``, keyword) -> parameter."""
        path = key[0]
        if path in self._param_paths:
            return
        self._param_paths.add(path)
        for r in self.g.index.early_refs_of(path, ("param_call",)):
            slots = dict.setdefault(self._called, (path, r.src_qualname), {})
            slots[r.alias] = r.name
            slots[r.name] = r.name
        passed_on = [r for r in self.g.index.early_refs_of(path, ("param_passed",)) if r.alias and r.bound_to]
        if passed_on:  # a parameter passed on to one its callee calls (the callee's file loaded first)
            self._calling_through(passed_on, self._called)

    def _load_passed(self, key: tuple[str, str]) -> None:
        """``bind_parameters`` for the functions named like ``key``'s: the decorators and the call sites passing a
        function to a function of that name, bound once per name."""
        sym = self.g.by_id.get(key[0])
        if sym is None:
            return
        name = sym.qualname.rpartition(".")[2]
        if name in self._bound_names or not (sym.path in self._param_paths or self._handed_any(name)):
            return  # nothing is handed to a function of that name: no need to know which parameters it calls (a
            # hub's function renamed: its file's parameters passed on, followed through 300 files, 3 s)
        if not self._called.get((sym.path, sym.qualname)):
            return
        self._bound_names.add(name)
        for r in self.g.index.early_refs_named(name, "decorated_by"):
            self._bind_decorated(r, self._called)
        for imported in self.g.index.early_refs_named(name, "import"):  # from m import trace as traced: @traced
            self._bind_renamed(imported)
        callbacks = self.g.index.callbacks_named(name)
        for r in callbacks:
            if r.kind == "callback" and r.module and r.alias:
                self._bind_passed(r, name, r.module.rpartition(".")[0], self._called)
        for r in callbacks:  # Walk(fn) calling walk(root, fn): what Walk's callers pass (bound first)
            own = self._called.get((r.path, r.src_qualname)) if r.kind == "param_passed" else None
            if own and r.bound_to and own.get(r.bound_to) == r.name:
                self._bind_passed_on(r, self._called)

    def _handed_any(self, name: str) -> bool:
        """Whether any call, decorator or renamed import may hand a function named ``name`` one (what
        ``_load_passed`` binds): the passed functions' index, read once."""
        index = self.g.index
        return bool(index.early_refs_named(name, "decorated_by") or index.early_refs_named(name, "import")
                    or index.handed(name))

    def _bind_renamed(self, imported: Ref) -> None:
        """``bind_parameters``' rule for a function imported under another name (``imported``, a ``callback_refs``
        row): the decorators naming it so in that file (``@debug`` after ``debug_decorator as debug``), and the
        functions its calls there pass (``go(rest)`` after ``run as go``)."""
        for r in self.g.index.early_refs_named(imported.alias, "decorated_by"):
            if r.path == imported.path:
                self._bind_decorated(r, self._called)
        for r in self.g.index.callbacks_named(imported.alias):
            if r.path == imported.path and r.kind == "callback" and r.module == imported.alias and r.alias:
                self._bind_passed(r, imported.alias, "", self._called)

    def _built_twins(self, path: str) -> frozenset[str]:
        """``Resolver._built_twins`` from the file's own definitions (the graph holds only those loaded so far, and
        walking it while a lookup loads more failed: "dictionary changed size during iteration")."""
        if self._built_twin_names is None:
            self._built_twin_names = {}
        found = self._built_twin_names.get(path)
        if found is None:
            found = self._built_twin_names[path] = frozenset(
                s.name for s in self.g.index.symbols_of(path) if s.qualname.endswith("#2") and self._built_method(s))
        return found

    def _inherits(self, r: Ref, src: str):
        """An affected file's base, resolved again: recorded as a subclass too (the stored ones are hidden)."""
        before = len(self.g.bases.get(src) or [])
        edges = super()._inherits(r, src)
        for dst in self.g.bases[src][before:]:
            self.g.fresh_subclasses[dst].append((src, r.path, r.line))
        return edges


def resolve_affected(index: Index, refs: pa.Table, files: dict, affected: set[str], root, provenance: str,
                     modules: Graph, kept=None) -> list:
    """The edges of the ``affected`` files (every kind), resolving only what their references reach. ``refs`` are
    the affected files' references; the index holds every file's definitions, early references and hierarchy (the
    affected files' hidden: their bases are resolved here first, as a full run resolves every file's). ``kept``
    (``incremental.KeptResolution``): the lines whose edges the edit did not change, taken as they were; ``modules``:
    the module and package indexes (``graph.stored_modules``)."""
    graph = LazyGraph(index, files, modules)
    resolver = LazyResolver(graph, files, root, provenance)
    run = RunRefs(refs)
    known = _kept_imports(run, affected, kept, provenance) if kept else {}
    edges = resolver.bind_imports({p: run.refs(run.of_kinds(p, IMPORT_KINDS)) for p in affected},
                                  affected - set(known))
    edges += [e for found in known.values() for e in found]
    paths = sorted(set(run.by_path) | affected)  # an affected file without references too (its twins are read)
    for path in paths:  # bases first: self.m() on an inherited method needs them
        for r in run.refs(run.of_kinds(path, ("inherits",))):
            edges.extend(resolver.resolve(r))
    resolver.forget_hierarchy()
    for path in paths:
        late = [i for i in run.by_path.get(path, ()) if run.rows[i][2] not in EARLY]
        twinned = resolver.twinned(path)
        if kept:  # the lines the edit kept have their edges; the others are resolved (and those whose answer
            # depends on the line: class Box declared in each test, where another line's edges are no answer)
            fresh = [bool(twinned) and mentions(twinned, run.written(i)) for i in late]
            found, left = _kept_lines(run, [i for i, f in zip(late, fresh) if not f], kept, provenance)
            edges.extend(found)
            late = left + [i for i, f in zip(late, fresh) if f]
        edges.extend(_resolve_lines(resolver, run.refs(late), twinned))
    edges.extend(resolver.dispatch_edges(_classes_of(graph, affected)))
    edges = [e for e in edges if e.path in affected]
    _release(graph, resolver)
    return edges


def _resolve_lines(resolver: LazyResolver, refs: list[Ref], twinned: frozenset[str]) -> list:
    """The edges of one file's references the kept lines did not give, each distinct reference resolved once (a
    repeat takes the first one's edges at its own line). Its argument count and labels are part of what it is: they
    choose among overloads (``this.cache(ms)`` and ``this.cache(id, ms)`` in one method)."""
    edges: list = []
    seen: dict[tuple, list] = {}
    for r in refs:
        key = (r.src_qualname, r.kind, r.name, r.receiver, r.module, r.alias, r.bound_to, r.args, r.labels)
        if twinned and mentions(twinned, (r.name, r.receiver, r.bound_to)):
            key += (r.line,)
        found = seen.get(key)
        if found is None:
            found = seen[key] = resolver.resolve(r)
            edges.extend(found)
        else:
            edges.extend([_new(Edge, (*e[:5], r.line, *e[6:])) for e in found])  # ``_replace(line=)``
    return edges


_DECIDING_AT = itemgetter(2, 3, 4, 5, 6, 8, 9, 10)  # ``incremental.DECIDING`` in a row of ``REF_FIELDS``
_WRITTEN_AT = itemgetter(3, 4, 8)  # name, receiver, bound_to
_LINE_AT = itemgetter(0, 1, 7)  # path, src_qualname, line


class RunRefs:
    """The run's references (the affected files': a hub's ~3,600) as rows of ``REF_FIELDS``, by file; a row becomes
    a ``Ref`` only where the resolver reads it (imports, bases, the lines the edit did not keep: the hub's ~60 after
    a body edit), a kept line's rows only their keys (``ref_key``). A row whose values ``Ref`` rewrites (a value
    marked ``WRAPPER_HELD``) is made a ``Ref`` for its key too, so both give what ``Ref``'s fields hold."""

    def __init__(self, table: pa.Table):
        self.rows: list[tuple] = []
        self.by_path: dict[str, list[int]] = {}
        self._made: dict[int, Ref] = {}
        self._keys: list[tuple] | None = None
        self._lines: list[tuple] | None = None
        if not table.num_rows:
            return
        table = pc.decoded(table.select(REF_FIELDS))
        data = table.to_pydict()
        same: dict[str, str] = {}  # a string a distinct value (``_shared``): the files' paths, kinds, callers' names
        for field in table.schema:
            if _stringy(field.type):
                data[field.name] = _shared(data[field.name], same)
        self.rows = rows = list(zip(*(data[f] for f in REF_FIELDS)))
        by_path = self.by_path
        for i, path in enumerate(data["path"]):
            found = by_path.get(path)
            if found is None:
                by_path[path] = [i]
            else:
                found.append(i)
        for i, bound in enumerate(data["bound_to"]):
            if bound and WRAPPER_HELD in bound:
                self._made[i] = Ref(*rows[i])

    # each row's key and line, made (in C, for every row) when the kept lines are first looked up: an edit that
    # keeps no line never asks (a half-written edit of typeorm's largest file: 9K rows, ~1.6 MiB at its peak)
    @property
    def keys(self) -> list[tuple]:
        """Each row's ``ref_key`` (a kept line's are all it needs)."""
        if self._keys is None:
            self._keys = keys = list(map(_DECIDING_AT, self.rows))
            if self._made:
                from .incremental import ref_key  # (incremental imports this module)

                for i, made in self._made.items():
                    keys[i] = ref_key(made)
        return self._keys

    @property
    def lines(self) -> list[tuple]:
        """Each row's (path, src_qualname, line): the line it is kept with."""
        if self._lines is None:
            self._lines = list(map(_LINE_AT, self.rows))
        return self._lines

    def ref(self, i: int) -> Ref:
        found = self._made.get(i)
        return Ref(*self.rows[i]) if found is None else found

    def refs(self, rows: list[int]) -> list[Ref]:
        return [self.ref(i) for i in rows]

    def of_kinds(self, path: str, kinds: tuple[str, ...]) -> list[int]:
        rows = self.rows
        return [i for i in self.by_path.get(path, ()) if rows[i][2] in kinds]

    def written(self, i: int) -> tuple:
        found = self._made.get(i)
        return _WRITTEN_AT(self.rows[i]) if found is None else (found.name, found.receiver, found.bound_to)


def _release(*held) -> None:
    """Each object's attributes dropped, once its edges are made: the lazy graph's loaders and the resolver's caches
    refer back to them, cycles that a one-shot update (no cyclic collector: ``cli.common.lean_process``) would keep
    to its end, and with them the index and every shard the resolution read (site-packages' leaf: ~80 shards, their
    rows as Python, ~20 MiB), through the writes that follow."""
    for obj in held:
        obj.__dict__.clear()


EARLY = set(EARLY_KINDS)


def _kept_imports(run: RunRefs, affected: set[str], kept, provenance: str) -> dict[str, list]:
    """The ``imports`` edges of each affected file whose every import line ``kept`` knows: its imports are bound
    when a reference reads them, not all of them for their edges (a hub's 270 imports: 0.1 s)."""
    known = {}
    for path in sorted(affected):
        if kept.imports_kept(path):  # a reached file's: its old ``imports`` edges kept in Arrow
            known[path] = []
            continue
        found, left = _kept_lines(run, run.of_kinds(path, IMPORT_KINDS), kept, provenance)
        if not left:
            known[path] = found
    return known


def _kept_lines(run: RunRefs, refs: list[int], kept, provenance: str) -> tuple[list, list[int]]:
    """The kept edges of the lines of ``refs`` (rows of ``run``) that ``kept`` knows (at their new line), and the
    other lines' rows."""
    lines: dict[tuple, list[int]] = {}
    at_line = run.lines
    for i in refs:
        at = at_line[i]
        found = lines.get(at)
        if found is None:
            lines[at] = [i]
        else:
            found.append(i)
    edges, left = [], []
    keys = run.keys
    for (path, src, line), group in lines.items():
        found = kept.edges(path, src, [keys[i] for i in group])
        if found is None:
            left += group
        else:  # the old rows at their new line, taken in Arrow (``KeptResolution.edges_table``)
            edges.extend(kept.at(found, path, line))
    return edges, left


def _classes_of(graph: LazyGraph, affected: set[str]) -> list[str]:
    """The classes whose methods (base method -> override edges) may be in the affected files: theirs, and the
    types their methods belong to elsewhere."""
    classes = {}
    for path in sorted(affected):
        for s in graph.index.symbols_of(path):
            if s.kind in CLASSLIKE:
                classes[s.id] = None
            elif s.kind in METHODS:
                parent = graph.owner_of(s)
                if parent and not parent.endswith("::" + MODULE):
                    classes[parent] = None
        module = f"{path}::{MODULE}"
        if graph.bases.get(module):  # a module with bases (a Scala package object's): its functions override them
            classes[module] = None
    return list(classes)
