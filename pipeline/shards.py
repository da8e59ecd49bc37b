"""A table's partition for one repository, as shards: files that each hold the rows whose shard key hashes to them.

An extractor names a table's shard key (``shard_by = {"symbols": "path"}``, usually the column its ``Replace`` uses).
The shard count is chosen from the table's size when the partition is written whole and kept in the snapshot, so a
``Replace`` of a few keys rewrites only the shards holding those keys and names the others again unchanged: a one-file
update costs the size of a shard, not of the repository. Tables without a key are one file, plus the *deltas* of
pure appends (``Replace(table, column, [])``): each such run writes its rows as one more file and names the old ones
again (an incremental git run after 3 commits wrote rails' whole 99K commits and 210K changes, 18 MB, for 5 rows).
A run that writes the table whole, or drops keys from it, or finds more than ``MAX_DELTAS`` deltas (or deltas
holding more rows than the first file) compacts them into one file.
"""

from __future__ import annotations

import os
import zlib
from bisect import bisect_right
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, NamedTuple

from . import LAKE_SCHEMA_VERSION
from .errors import LakeError
from .fsio import finalize

SHARD_ROWS = 16_384  # rows per shard by default: rewriting one costs ~10-20 ms; a 600K-row table is ~40 files
BUFFER_ROWS = 262_144  # rows held in memory while routing a large table to its shards
SORTED_ROW_GROUP = 1024  # a sorted shard's row groups: small, so a filter on the sort column skips most of them
WRITE_THREADS = 4  # shard files written at once
MERGED_AT_ONCE = 2  # a table merging more old shards than this merges them one at a time (``TableWrite._merge``)
HASH = "crc32"  # of the key's UTF-8 text, modulo the shard count (recorded in the snapshot)
MAX_DELTAS = 16  # delta files an unsharded table keeps; the next append compacts them (a reader opens each)
# string columns no reader prunes a scan by (the lake's reads prune by a table's sort column, DuckDB's scans of the
# views filter by paths, kinds, names and ids): their min/max statistics cost a one-file update's writes ~63 M
# instructions (each value compared) and never skipped a row group. Other columns keep theirs
UNPRUNED = frozenset({"receiver", "provenance", "resolution", "ref_form", "src_qualname", "module", "alias",
                      "bound_to", "labels", "parent_id", "entry_reason", "blob_sha", "skip_reason", "indexed_commit",
                      "package", "family", "language", "parse_status"})


class DamagedFileError(LakeError):
    """A file a snapshot names is missing, truncated or not Parquet."""

    def __init__(self, path: Path, repo: str, table: str, detail: str):
        self.path, self.repo, self.table = path, repo, table
        super().__init__(f"damaged lake file {path} (repository {repo!r}, table {table!r}: {detail}); "
                         f"rebuild it with `codelake index --full` (`codelake check` lists every damaged file)")


def shard_count(rows: int, per_shard: int | None = None) -> int:
    return max(1, -(-rows // (per_shard or SHARD_ROWS)))


def key_shard(value, n: int) -> int:
    if n <= 1 or value is None:
        return 0
    return zlib.crc32(str(value).encode("utf-8", "surrogatepass")) % n


def shard_ids(column, n: int):
    """The shard of every row, from its key (hashed once per distinct value)."""
    import pyarrow as pa
    from pipeline import arrowops as pc

    if n <= 1:
        return pa.array([0] * len(column), pa.int32())
    if isinstance(column, pa.ChunkedArray):
        column = column.combine_chunks() if column.num_chunks != 1 else column.chunk(0)
    encoded = column if pa.types.is_dictionary(column.type) else pc.dictionary_encode(column)
    values = encoded.dictionary
    if pa.types.is_string(values.type) and not values.null_count:  # key_shard's hash, without its call per key
        crc32 = zlib.crc32
        per_value = pa.array([crc32(v.encode("utf-8", "surrogatepass")) % n for v in values.to_pylist()], pa.int32())
    else:
        per_value = pa.array([key_shard(v, n) for v in values.to_pylist()], pa.int32())
    return pc.fill_null(pc.take(per_value, encoded.indices), 0)


def split(table, key: str | None, n: int) -> Iterator[tuple[int, object]]:
    """(shard, rows) for every shard that ``table`` has rows for."""
    from pipeline import arrowops as pc

    if n <= 1 or key is None:
        yield 0, table
        return
    ids = shard_ids(table.column(key), n)
    for k in sorted(set(pc.unique(ids).to_pylist())):
        yield k, pc.filter(table, pc.equal(ids, k))


def _shard_order(table, key: str, n: int, sort_by: list[str]):
    """(row order, [(shard, start, count)]): the rows taken in that order hold each shard's rows in one run, in
    their order in ``table`` or (``sort_by``) sorted by those columns; a stable sort, as ``Table.sort_by``. The
    order is None when every row is of one shard and nothing is sorted."""
    import pyarrow as pa
    from pipeline import arrowops as pc

    ids = shard_ids(table.column(key), n)
    if n <= 1 and not sort_by:
        return None, [(0, 0, table.num_rows)]
    keys = pa.Table.from_arrays([ids] + [_ranks(table.column(c)) for c in sort_by], names=["shard"] + sort_by)
    order = pc.sort_indices(keys, sort_keys=[(c, "ascending") for c in keys.column_names])
    counts = pc.value_counts(ids)
    bounds, start = [], 0
    for k, count in sorted(zip(counts.field("values").to_pylist(), counts.field("counts").to_pylist())):
        bounds.append((k, start, count))
        start += count
    return order, bounds


def _ranks(column):
    """A string column as each row's rank among its distinct values: sorts as the strings do, on integers (the
    refs table's kind and path: a handful and a few thousand values over a million rows, compared once each).
    Arrow sorts no dictionary column: one is ranked so too. Other types as they are."""
    import pyarrow as pa
    from pipeline import arrowops as pc

    if isinstance(column, pa.ChunkedArray):
        column = column.combine_chunks() if column.num_chunks != 1 else column.chunk(0)
    if not pa.types.is_dictionary(column.type):
        if not (pa.types.is_string(column.type) or pa.types.is_large_string(column.type)):
            return column
        column = pc.dictionary_encode(column)
    return pc.take(pc.rank(column.dictionary, tiebreaker="dense"), column.indices)


def _buffers(bounds: list[tuple[int, int, int]]) -> list[list[tuple[int, int, int]]]:
    """Consecutive shards' bounds (shard, start, count) grouped into runs of about ``BUFFER_ROWS`` rows."""
    groups, current, held = [], [], 0
    for bound in bounds:
        current.append(bound)
        held += bound[2]
        if held >= BUFFER_ROWS:
            groups.append(current)
            current, held = [], 0
    return groups + [current] if current else groups


def statistics(schema, keep=()) -> list[str] | bool:
    """The columns whose statistics a shard file holds (``write_statistics``): all but the ``UNPRUNED`` string
    columns, unless ``keep`` (the table's shard key and sort columns) names them."""
    import pyarrow as pa

    dropped = [f.name for f in schema if f.name in UNPRUNED and f.name not in keep
               and (pa.types.is_string(f.type) or pa.types.is_large_string(f.type))]
    return [f.name for f in schema if f.name not in dropped] if dropped else True


def file_metadata(schema, table: str, run_id: str):
    meta = dict(schema.metadata or {})
    meta.update({b"codelake.schema_version": str(LAKE_SCHEMA_VERSION).encode(), b"codelake.table": table.encode(),
                 b"codelake.run_id": run_id.encode()})
    return schema.with_metadata(meta)


def align_table(table, schema, keep_dictionary: bool = False):
    """Cast ``table`` to ``schema``: missing columns become nulls, extra columns are dropped (additive evolution).
    ``keep_dictionary``: a dictionary-encoded column of the schema's value type stays encoded (``TableWrite.add``
    decodes each shard's rows as it writes them)."""
    import pyarrow as pa

    from pipeline import arrowops as pc

    columns = []
    for f in schema:
        if f.name not in table.column_names:
            columns.append(pa.nulls(table.num_rows, f.type))
            continue
        column = table.column(f.name)
        encoded = keep_dictionary and pa.types.is_dictionary(column.type) and column.type.value_type == f.type
        columns.append(column if encoded else pc.cast(column, f.type))
    if keep_dictionary:
        return pa.Table.from_arrays(columns, names=schema.names)
    return pa.Table.from_arrays(columns, schema=schema)


class FileCache:
    """Tables read from lake files (and what readers derived from them), kept by a long-lived process (the warm
    refresh worker) across runs. A version file is never rewritten in place (its name holds its run's id), so a file
    whose path, inode, size and mtime are unchanged holds the same rows; the least recently used go first past
    ``max_bytes``."""

    def __init__(self, max_bytes: int):
        from collections import OrderedDict

        self.max_bytes, self.held, self.tables = max_bytes, 0, OrderedDict()
        self.hits = self.misses = 0

    def get(self, key):
        entry = self.tables.get(key)  # (value, size)
        if entry is None:
            self.misses += 1
            return None
        self.hits += 1
        self.tables.move_to_end(key)
        return entry[0]

    def put(self, key, value, nbytes: int | None = None) -> None:
        """Keep ``value`` (a Table, or something derived from files named in ``key``) counted as ``nbytes``."""
        size = value.nbytes if nbytes is None else nbytes
        if key in self.tables or size > self.max_bytes:
            return
        self.tables[key] = (value, size)
        self.held += size
        while self.held > self.max_bytes:
            _, (_, freed) = self.tables.popitem(last=False)
            self.held -= freed

    def keep_only(self, named: set[str]) -> None:
        """Forget what was read from version files whose names ``named`` (base names of the files a snapshot still
        names) does not hold. A run that rewrites a shard retires its old file: nothing reads it again, and left to
        the budget its rows held memory until newer reads pushed them out (a site-packages ``.pyi`` update rewrites
        78 shards, so a few updates filled the budget with retired files)."""
        for key in [k for k in self.tables if _retired(k, named)]:
            self.held -= self.tables.pop(key)[1]


def _retired(key, named: set[str]) -> bool:
    """Whether a kept entry was read from a version file (its key starts with the file's path, absolute or
    lake-relative) that ``named`` does not hold."""
    first = key[0] if isinstance(key, tuple) and key else None
    return isinstance(first, str) and first.endswith(".parquet") and os.path.basename(first) not in named


_FILE_CACHE: FileCache | None = None  # None: every read goes to the file (the default: short processes)
_RUN_READS: FileCache | None = None  # a one-shot process's reads of some tables' files, each file decoded once
_RUN_READS_TABLES: frozenset[str] = frozenset()  # the tables whose reads ``_RUN_READS`` keeps
RUN_READS_BYTES = 64 << 20  # what ``remember_run_reads`` holds at most


def keep_read_files(max_bytes: int | None) -> FileCache | None:
    """From now on this process keeps what it reads of lake files, up to ``max_bytes`` (None or 0: stops)."""
    global _FILE_CACHE
    _FILE_CACHE = FileCache(max_bytes) if max_bytes else None
    return _FILE_CACHE


def keeping() -> FileCache | None:
    """The cache ``keep_read_files`` set up in this process, if any."""
    return _FILE_CACHE


def remember_run_reads(tables=("files",), max_bytes: int | None = RUN_READS_BYTES) -> None:
    """From now on this process keeps what it reads of the files of ``tables`` (every row, as asked), up to
    ``max_bytes`` (no tables, None or 0: stops). A one-shot update read the ``files`` shard holding its file three
    times (the plan's whole table, the edit's scope, the merge), each time decoding every string; the run holds the
    plan's read to its end anyway, so keeping it costs no memory. ``symbols``, ``refs`` and ``edges``, read twice
    too, are not kept: kept, their shards outlived their use (sympy: -1 % of the main process's instructions,
    +3-8 MiB at peak). Unlike ``keep_read_files``, nothing derived is kept (nor the lazy index's groupings)."""
    global _RUN_READS, _RUN_READS_TABLES
    _RUN_READS = FileCache(max_bytes) if max_bytes and tables else None
    _RUN_READS_TABLES = frozenset(tables or ())


_HANDED: dict[str, object] | None = None  # a run's whole shards read for its scope, taken by its merge (by file)


@contextmanager
def handing_over() -> Iterator[None]:
    """Within a run: a shard its scope read whole (``hand_over``) is the base its merge takes (``handed``), not
    read again. A one-file update read the ``symbols``, ``refs`` and ``edges`` shards of its file twice, each time
    decoding every string (~0.1 G instructions of a site-packages hub's update); whatever the run did not merge
    is let go at its end."""
    global _HANDED
    if _HANDED is not None:  # a run inside a run (none yet): the outer one owns the shards
        yield
        return
    _HANDED = {}
    try:
        yield
    finally:
        _HANDED = None


def hand_over(rel: str, rows) -> None:
    """Keep ``rows`` (the lake-relative file ``rel`` read whole and plain) for this run's merge of that shard."""
    if _HANDED is not None:
        _HANDED[rel] = rows


def let_go(table: str) -> None:
    """Drop the shards of ``table`` this run's scope handed over: a run that finds it reads them for nothing but its
    merge lets the merge read them again (typeorm's 17K-row edges shard: ~10 ms) rather than hold them through its
    resolution (that shard decoded: 5.7 MiB of Arrow at a half-written edit's peak)."""
    if _HANDED:
        for rel in [rel for rel in _HANDED if Path(rel).name.startswith(f"{table}-")]:
            del _HANDED[rel]


def handed(rel: str, columns=None, take: bool = False):
    """The rows of ``rel`` a scope handed over, or ``columns`` of them (a selection): for a read of the same shard
    between the scope and the merge (the edge indexes' old rows, the changed files' definitions). ``take``: the
    merge's, the last (it holds them until its shard is written)."""
    if _HANDED is None:
        return None
    rows = _HANDED.pop(rel, None) if take else _HANDED.get(rel)
    if rows is None or columns is None:
        return rows
    return rows.select(list(columns)) if all(c in rows.column_names for c in columns) else None


def read_file(path: Path, repo: str, table: str, columns=None, dictionary=None, prune: tuple | None = None):
    """One shard as a pyarrow Table; anything wrong with the file is a ``DamagedFileError`` naming it. ``prune``
    (column, values): read only the row groups whose statistics say they may hold one of the values."""
    if prune:
        return _read_file(path, repo, table, columns, dictionary, prune)
    if _FILE_CACHE is not None:
        return _kept_read(_FILE_CACHE, _part_of, path, repo, table, columns, dictionary)
    if _RUN_READS is not None and table in _RUN_READS_TABLES:
        return _kept_read(_RUN_READS, _plain_part_of, path, repo, table, columns, dictionary)
    return _read_file(path, repo, table, columns, dictionary)


def _kept_read(cache: FileCache, part_of, path: Path, repo: str, table: str, columns, dictionary):
    """``read_file`` through ``cache``: the same columns read again come from it, and ``part_of(whole, columns,
    dictionary)`` derives a read from the file's whole plain read where it can (None: read the file)."""
    try:
        st = os.stat(path)
    except OSError:
        return _read_file(path, repo, table, columns, dictionary)  # names it missing
    identity = (os.fspath(path), st.st_ino, st.st_size, st.st_mtime_ns)
    key = identity + (tuple(columns or ()), tuple(dictionary or ()))
    found = cache.get(key)
    if found is None:
        whole = cache.get(identity + ((), ())) if columns or dictionary else None
        found = part_of(whole, columns, dictionary) if whole is not None else None
        if found is None:
            found = _read_file(path, repo, table, columns, dictionary)
        cache.put(key, found)
    return found


def _plain_part_of(whole, columns, dictionary):
    """A one-shot run's kept read: some of the columns of a file read whole and plain are a selection (it costs
    nothing); a dictionary encoding would cost more than the read, so such a read goes to the file (None)."""
    if columns and not dictionary and all(c in whole.column_names for c in columns):
        return whole.select(list(columns))
    return None


def prefetch_file(path: Path, repo: str, table: str) -> None:
    """Read a file into this process's kept files now (a warm worker, between edits, reads what its last run
    wrote: the next edit of the same file reads those shards); a read of some of its columns then comes from it."""
    if _FILE_CACHE is not None:
        read_file(path, repo, table)


def _part_of(whole, columns, dictionary):
    """``whole`` (every column, plain) as ``_read_file`` would have read ``columns`` with ``dictionary``."""
    import pyarrow as pa
    from pipeline import arrowops as pc

    data = whole.select([c for c in columns if c in whole.column_names]) if columns else whole
    for name in dictionary or ():  # Parquet reads only byte-array columns as dictionaries
        if name in data.column_names and (pa.types.is_string(data.schema.field(name).type)
                                          or pa.types.is_binary(data.schema.field(name).type)):
            at = data.column_names.index(name)
            data = data.set_column(at, data.field(name).name, pc.dictionary_encode(data.column(name)))
    return data


def _read_file(path: Path, repo: str, table: str, columns=None, dictionary=None, prune: tuple | None = None):
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        with pq.ParquetFile(path, read_dictionary=dictionary) as data:
            present = set(data.schema_arrow.names)
            wanted = [c for c in columns if c in present] if columns else None
            groups = _row_groups(data, *prune) if prune and prune[0] in present else None
            if groups is None:
                return data.read(columns=wanted)
            return data.read_row_groups(groups, columns=wanted)
    except FileNotFoundError:
        raise DamagedFileError(path, repo, table, "missing") from None
    except (OSError, pa.ArrowException, ValueError) as exc:
        raise DamagedFileError(path, repo, table, str(exc).splitlines()[0][:200] or type(exc).__name__) from None


def _row_groups(data, column: str, values) -> list[int] | None:
    """The row groups of ``data`` whose min/max of ``column`` admit one of ``values`` (None: cannot tell)."""
    index = data.schema_arrow.get_field_index(column)
    groups = []
    for i in range(data.num_row_groups):
        stats = data.metadata.row_group(i).column(index).statistics
        if stats is None or not stats.has_min_max:
            return None
        if any(stats.min <= v <= stats.max for v in values):
            groups.append(i)
    return groups


def each_in_threads(fn, items: list) -> list:
    """``fn`` of each item, on a few threads when there are several: Parquet encoding, compression and fsync release
    the GIL, so a table's shard files are written side by side (a full index otherwise writes them on one core while
    the others idle). The threads end before this returns: nothing of them is left for a later ``fork``."""
    if len(items) < 2:
        return [fn(item) for item in items]
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=min(len(items), os.cpu_count() or 1, WRITE_THREADS)) as pool:
        return list(pool.map(fn, items))


def _each_in_turn(fn, items: list) -> list:
    return [fn(item) for item in items]


class _ShardFile:
    """One shard's new rows for this run: buffered in memory, written as row groups to a temporary file."""

    def __init__(self, path: Path, schema, stats: list[str] | bool = True):
        self.path, self.schema, self.parts, self.buffered, self.rows, self.writer = path, schema, [], 0, 0, None
        self.stats = stats  # ``write_statistics``
        self.ready = False  # the file is the shard as it is to be written (``TableWrite._route_first``)

    def add(self, part) -> None:
        self.ready = False
        self.parts.append(part)
        self.buffered += part.num_rows
        self.rows += part.num_rows

    def flush(self, row_group_size: int = BUFFER_ROWS) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if not self.parts:
            return
        if self.writer is None:
            self.writer = pq.ParquetWriter(self.path, self.schema, write_statistics=self.stats)
        data = pa.concat_tables(self.parts)
        self.writer.write_table(data.replace_schema_metadata(self.schema.metadata), row_group_size=row_group_size)
        self.parts, self.buffered = [], 0

    def held(self):
        """The rows as a table when none were flushed yet (a small run's), else the closed file's path (None: no
        rows). An update merges its few rows from memory, instead of writing them to a file and reading it back."""
        if self.writer is None:
            import pyarrow as pa

            return pa.concat_tables(self.parts) if self.parts else None
        return self.close()

    def close(self) -> Path | None:
        self.flush()
        if self.writer is not None:
            self.writer.close()
            self.writer = None
            return self.path
        return None

    def discard(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.path.unlink(missing_ok=True)


class TableWrite:
    """One table's new version for one repository and run: the run's rows routed to shards, then merged with the old
    shards that a ``Replace`` keeps. Shards neither replaced nor given rows are named again unchanged."""

    def __init__(self, folder: Path, root: Path, repo: str, run_id: str, table: str, schema, shard_by: str | None,
                 old: dict | None, sort_by: list[str] | None = None, shard_rows: int | None = None):
        self.folder, self.root, self.repo, self.run_id, self.table = folder, root, repo, run_id, table
        self.schema = file_metadata(schema, table, run_id)
        self.shard_by = shard_by if shard_by in schema.names else None
        self.sort_by = [c for c in sort_by or [] if c in schema.names]
        self.stats = statistics(self.schema, [self.shard_by] + self.sort_by)
        self.shard_rows = shard_rows
        self.old = old
        old_shards = shards_of(old) if old else []
        same_key = old is not None and old.get("shard_by") == self.shard_by
        self.n = len(old_shards) if same_key and old_shards else (1 if self.shard_by is None else None)
        self.routed = 1 if self.shard_by is None else self.n  # the count the run's rows are routed by as they come
        self.files: dict[object, _ShardFile] = {}
        self.rows = 0
        self.replace = None  # (column, keys)
        self.dropped_damaged: list[str] = []
        self.carried_unsorted = False  # old shards of another order named again beside sorted ones (``finish``)

    # -- the run's rows -------------------------------------------------------------------------------------------
    def add(self, data) -> None:
        """The run's rows, in the schema's columns; a string column may be dictionary-encoded (an edges table's: the
        rows are ordered by shard on their indices, and each shard's decoded as it is written, on the write
        threads, instead of a million rows' strings decoded, then copied in shard order, on one)."""
        self.rows += data.num_rows
        if self.routed is None:  # first write of a sharded table: routed by the count its first batch asks for
            # (a table given in one batch, as most are, is then written once; ``_whole`` routes the rows again when
            # the whole table asks for another count, as a spool file did every time)
            self.routed = shard_count(data.num_rows, self.shard_rows)
        if not self.files and self.shard_by is not None and not self._merged_from_memory(data):
            self._route_first(data)
            return
        data = align_table(data, self.schema)
        for start in range(0, data.num_rows, BUFFER_ROWS):  # a buffer's worth at a time: its copy is all it holds
            for k, part in split(data.slice(start, BUFFER_ROWS), self.shard_by, self.routed):
                self._file(k).add(part)
            if sum(f.buffered for f in self.files.values()) >= BUFFER_ROWS:
                each_in_threads(_ShardFile.flush, list(self.files.values()))

    def _merged_from_memory(self, data) -> bool:
        """Whether the run's first batch is an update's few rows that ``finish`` merges into old shards (``merges``):
        held in the shards' buffers (``_ShardFile.held``), not routed to files that the merge reads back (sympy's hub:
        seven temporary files written, then decoded again, ~8 ms of writes). A batch of a buffer's rows or more is
        routed to files as a full write's is, so that it is not held whole."""
        return self.merges() and data.num_rows < BUFFER_ROWS

    def _route_first(self, data) -> None:
        """The first batch (a full index's whole table): every shard's rows written once, in the shard's final
        layout (sorted, in the row groups ``_write`` gives it), so that a table given in one batch is encoded once,
        not routed a buffer at a time, read back and encoded again. The rows are taken in shard order about a
        buffer's worth of shards at a time (held while they are written), each shard a slice of that: a take per
        shard from a table of many chunks would cost a pass over all of them."""
        from pipeline import arrowops as pc

        order, bounds = _shard_order(data, self.shard_by, self.routed, self.sort_by)
        row_group = SORTED_ROW_GROUP if self.sort_by else BUFFER_ROWS
        for k, _, _ in bounds:
            self._file(k)  # made before the threads: the folder and the dict
        for group in _buffers(bounds):
            first, last = group[0][1], group[-1][1] + group[-1][2]
            rows = pc.take(data, order.slice(first, last - first)) if order is not None else data

            def write(bound, rows=rows, first=first) -> None:
                k, start, count = bound
                shard = self.files[k]
                shard.add(align_table(rows.slice(start - first, count), self.schema))
                shard.flush(row_group)
                shard.ready = True

            each_in_threads(write, group)
            del rows, write  # before the next group's rows are taken: one group held at a time, not two

    def _file(self, k) -> _ShardFile:
        if k not in self.files:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.files[k] = _ShardFile(self.folder / f".{self.table}-{self.run_id}-{k}.new.tmp", self.schema,
                                       self.stats)
        return self.files[k]

    def abort(self) -> None:
        for f in self.files.values():
            f.discard()
        self.files.clear()

    # -- the new version ------------------------------------------------------------------------------------------
    def finish(self, full: bool) -> dict:
        """Write the new shard files (fsynced, renamed); returns the snapshot entry naming every shard."""
        self.folder.mkdir(parents=True, exist_ok=True)
        finished = _ShardFile.held if self.merges() else _ShardFile.close
        new = dict(zip(self.files, each_in_threads(finished, list(self.files.values()))))
        try:
            if self.replace is None or self.old is None:
                shards = self._whole(new)
            elif self.shard_by is None:  # one file and the appends' deltas
                shards = self._append(new, full) if not self.replace[1] else self._compact(new, full)
            elif self.n is not None:
                shards = self._merge(new, full)
            else:
                shards = self._rekey(new, full)
        finally:
            for path in new.values():
                if isinstance(path, Path):
                    path.unlink(missing_ok=True)
        # shards of another order named again beside shards in this one: the table has no order until each is
        # rewritten (a reader prunes by the order, a merge takes the old rows as sorted)
        sort_by = [] if self.carried_unsorted else self.sort_by
        return {"shard_by": self.shard_by, "hash": HASH, "shards": shards, "rows": sum(s["rows"] for s in shards),
                "sort_by": sort_by, "run_id": self.run_id}

    def merges(self) -> bool:
        """Whether ``finish`` merges the run's rows into the old shards (a ``Replace`` of some keys)."""
        return self.replace is not None and self.old is not None and self.n is not None

    def in_place(self) -> bool:
        """Whether ``finish`` only names the files the run wrote: a whole table given in one batch, each shard's file
        already as it is to be (``_route_first``), so that finishing is renames and fsyncs, with no rows routed again
        or held."""
        return (self.replace is None or self.old is None) and self.shard_by is not None and bool(self.files) \
            and self.routed == shard_count(self.rows, self.shard_rows) and all(f.ready for f in self.files.values())

    def _whole(self, new: dict) -> list[dict]:
        """The run's rows are the whole partition."""
        n = shard_count(self.rows, self.shard_rows) if self.shard_by else 1
        sources = [p for p in new.values() if p is not None]
        if self.routed == n:
            return each_in_threads(lambda k: self._write(k, [new[k]] if new.get(k) else [], ready=self._ready(k)),
                         list(range(n)))
        return self._reroute(sources, n)

    def _ready(self, k) -> bool:
        """Whether shard ``k``'s file holds the run's rows as the shard is to be written (``_route_first``)."""
        return k in self.files and self.files[k].ready

    def _merge(self, new: dict, full: bool) -> list[dict]:
        """Old shards minus the replaced keys plus the run's rows; untouched shards carried over."""
        column, keys = self.replace
        old = shards_of(self.old)
        touched = {k for k, p in new.items() if p is not None}
        touched |= {key_shard(k, self.n) for k in keys} if column == self.shard_by else set(range(self.n))
        drop = _key_array(keys)

        def merged(k: int) -> dict:
            base = self._old_rows(old[k], column, drop, full)
            return self._write(k, [new[k]] if new.get(k) is not None else [], base)

        # a few shards side by side (a one-file update's, each table's one); more one at a time: each holds its old
        # rows whole while it is written (typeorm's edges, seven shards of ~16K rows, two at a time beside the other
        # tables' merges: ~8 MiB over the resolution's peak)
        each = each_in_threads if len(touched) <= MERGED_AT_ONCE else _each_in_turn
        rewritten = dict(zip(sorted(touched), each(merged, sorted(touched))))
        shards = [rewritten.get(k, entry) for k, entry in enumerate(old)]
        total = sum(s["rows"] for s in shards)
        wanted = shard_count(total, self.shard_rows)
        if self.shard_by and not (self.n / 2 <= wanted <= self.n * 2) and wanted != self.n:
            sources = [self.root / s["file"] for s in shards]
            return self._reroute(sources, wanted)  # the table grew or shrank past twice its shards
        self.carried_unsorted = bool(self.sort_by) and len(rewritten) < len(old) and not self._base_sorted()
        return shards

    def _append(self, new: dict, full: bool) -> list[dict]:
        """A pure append to an unsharded table: the old files named again, the run's rows one more file (none
        without rows); compacted instead once the deltas pile up."""
        old = shards_of(self.old)
        if new.get(0) is None:
            return old
        deltas = sum(s.get("rows", 0) for s in old[1:]) + self.rows
        if len(old) - 1 >= MAX_DELTAS or (old and deltas > old[0].get("rows", 0)):
            return self._compact(new, full)
        self.carried_unsorted = bool(self.sort_by) and bool(old) and not self._base_sorted()
        return old + [self._write(len(old), [new[0]])]

    def _compact(self, new: dict, full: bool) -> list[dict]:
        """An unsharded table's files (minus the replaced keys) and the run's rows, as one file."""
        import pyarrow as pa

        column, keys = self.replace
        drop = _key_array(keys)
        kept = [rows for rows in (self._old_rows(entry, column, drop, full) for entry in shards_of(self.old))
                if rows is not None]
        base = pa.concat_tables(kept) if len(kept) > 1 else (kept[0] if kept else None)
        return [self._write(0, [new[0]] if new.get(0) is not None else [], base)]

    def _rekey(self, new: dict, full: bool) -> list[dict]:
        """A ``Replace`` on a partition written under another shard key (or by a lake of schema version 1): every
        old shard minus the replaced keys, plus the run's rows, routed again by the new key."""
        import pyarrow.parquet as pq

        column, keys = self.replace
        drop, kept = _key_array(keys), self.folder / f".{self.table}-{self.run_id}-kept.tmp"
        try:
            with pq.ParquetWriter(kept, self.schema, write_statistics=False) as out:  # read back whole
                for entry in shards_of(self.old):
                    rows = self._old_rows(entry, column, drop, full)
                    if rows is not None and rows.num_rows:
                        out.write_table(rows.replace_schema_metadata(self.schema.metadata))
            rows = pq.read_metadata(kept).num_rows + self.rows
            sources = [kept] + [p for p in new.values() if p is not None]
            return self._reroute(sources, shard_count(rows, self.shard_rows) if self.shard_by else 1)
        finally:
            kept.unlink(missing_ok=True)

    def _old_rows(self, entry: dict, column: str, drop, full: bool):
        from pipeline import arrowops as pc

        try:
            rows = handed(entry["file"], take=True)
            if rows is None:
                rows = read_file(self.root / entry["file"], self.repo, self.table)
        except DamagedFileError:
            if not full:
                raise
            self.dropped_damaged.append(entry["file"])  # `index --full` rebuilds what a damaged file held
            return None
        rows = align_table(rows, self.schema)
        if len(drop) and column in rows.column_names:
            values = rows.column(column)
            rows = kept_rows(rows, pc.invert(pc.is_in(values, value_set=pc.cast(drop, values.type))))
        return rows

    def _reroute(self, sources: list[Path], n: int) -> list[dict]:
        """Read files back and distribute their rows over ``n`` shards (a first write, or a changed count)."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        files = {k: _ShardFile(self.folder / f".{self.table}-{self.run_id}-{k}.route.tmp", self.schema, self.stats)
                 for k in range(n)}
        try:
            for source in sources:
                with pq.ParquetFile(source) as data:
                    for batch in data.iter_batches(batch_size=BUFFER_ROWS):
                        part = align_table(pa.Table.from_batches([batch]), self.schema)
                        for k, rows in split(part, self.shard_by, n):
                            files[k].add(rows)
                        if sum(f.buffered for f in files.values()) >= BUFFER_ROWS:
                            each_in_threads(_ShardFile.flush, list(files.values()))
            routed = dict(zip(files, each_in_threads(_ShardFile.close, list(files.values()))))
            return each_in_threads(lambda k: self._write(k, [routed[k]] if routed[k] else []), list(range(n)))
        finally:
            for f in files.values():
                f.discard()

    def _write(self, k: int, parts: list, base=None, ready: bool = False) -> dict:
        """Shard ``k``'s new version: ``base`` rows (the old ones kept) then each part's rows (a file, or a table
        held in memory), sorted by ``sort_by`` when the table has one. ``ready``: the one part is written as the
        shard is to be."""
        import pyarrow.parquet as pq

        final = self.folder / f"{self.table}-{self.run_id}-{k}.parquet"
        tmp = self.folder / f".{self.table}-{self.run_id}-{k}.tmp"
        written = None  # the rows written here, when this wrote them: the file's footer is not read back for them
        if ready and base is None and len(parts) == 1:
            parts[0].replace(tmp)
        elif self.sort_by:
            rows = self._sorted(parts, base)
            pq.write_table(rows.replace_schema_metadata(self.schema.metadata), tmp, row_group_size=SORTED_ROW_GROUP,
                           write_statistics=self.stats)
            written = rows.num_rows
        elif base is None and len(parts) == 1 and isinstance(parts[0], Path) \
                and pq.read_metadata(parts[0]).num_row_groups <= 1:
            parts[0].replace(tmp)  # the routed file is the shard as it is
        else:
            written = _write_regrouped(tmp, self.schema, base, parts, self.stats)
        finalize(tmp, final, sync_dir=False)
        rows = pq.read_metadata(final).num_rows if written is None else written
        return {"file": str(final.relative_to(self.root)), "rows": rows, "bytes": final.stat().st_size}

    def _sorted(self, parts: list[Path], base):
        import pyarrow as pa
        import pyarrow.parquet as pq

        from pipeline import arrowops as pc

        # a file read as one file: ``pq.read_table`` goes through pyarrow.dataset, which a one-shot update does not
        # import otherwise
        tables = [align_table(pq.ParquetFile(p).read() if isinstance(p, Path) else p, self.schema) for p in parts]
        if base is not None and self._base_sorted():
            merged = merged_in_order(base, tables, self.sort_by)
            if merged is not None:
                return merged
        tables = ([base] if base is not None else []) + tables
        rows = pa.concat_tables(tables) if tables else self.schema.empty_table()
        return pc.sort_by(rows, [(c, "ascending") for c in self.sort_by])

    def _base_sorted(self) -> bool:
        """Whether the old shards were written in this table's order (a lake written before the order, or under
        another, has its merged shards sorted whole)."""
        return self.old is not None and list(self.old.get("sort_by") or []) == self.sort_by


class SortKey(NamedTuple):
    """A row's place in a table sorted by some columns ascending, nulls last in each (Arrow's ``sort_indices``)."""
    values: tuple

    @staticmethod
    def of(values) -> "SortKey":
        return SortKey(tuple((v is None, v) for v in values))


def merged_in_order(base, parts: list, sort_by: list[str]):
    """``base`` (sorted by ``sort_by``) and ``parts``' rows, as a stable sort of them all would order them: each run
    of the parts' rows (sorted among themselves, a few files' rows) placed after the base's rows of the same key,
    found by a binary search; the base is sliced, not copied. An update's shard was the old sorted rows plus one
    file's, sorted whole: a sort and a ``take`` of every column of a 4K-row shard (sympy's leaf: +1 % of its main
    process). None: a sort column of a type not compared here (the caller sorts)."""
    import pyarrow as pa

    from pipeline import arrowops as pc

    if any(not _comparable(base.schema.field(c).type) for c in sort_by):
        return None
    new = [t for t in parts if t.num_rows]
    if not new:
        return base
    new = pc.sort_by(pa.concat_tables(new) if len(new) > 1 else new[0], [(c, "ascending") for c in sort_by])
    keys = [_one_chunk(base.column(c)) for c in sort_by]
    new_keys = list(zip(*(new.column(c).to_pylist() for c in sort_by)))
    pieces, taken, start = [], 0, 0
    for end in range(1, len(new_keys) + 1):
        if end < len(new_keys) and new_keys[end] == new_keys[start]:
            continue
        at = _upper_bound(keys, SortKey.of(new_keys[start]), taken)
        pieces += [base.slice(taken, at - taken), new.slice(start, end - start)]
        taken, start = at, end
    pieces.append(base.slice(taken))
    return pa.concat_tables([p for p in pieces if p.num_rows] or [base.slice(0, 0)])


def _comparable(type_) -> bool:
    import pyarrow as pa

    return pa.types.is_string(type_) or pa.types.is_large_string(type_) or pa.types.is_integer(type_)


def _one_chunk(column):
    return column.combine_chunks() if column.num_chunks != 1 else column.chunk(0)


def _upper_bound(keys: list, key: SortKey, low: int) -> int:
    """The first row from ``low`` of the base (its sort columns ``keys``) whose key is above ``key``: a binary search
    that makes Python only the few values it compares."""
    return bisect_right(range(len(keys[0])), key, low, key=lambda i: SortKey.of(column[i].as_py() for column in keys))


def _write_regrouped(path: Path, schema, base, parts: list[Path], stats: list[str] | bool = True) -> int:
    """``base``, then every part's rows, in row groups of up to ``BUFFER_ROWS`` rows (at most that many held at
    once). A routed part holds one small row group per buffer flush (~1,300 rows of each shard of a 200-shard
    table), and readers pay for every row group (its statistics in the footer, its setup in a scan): the cold
    ``callers`` of a 3.2M-edge lake read 2,500 of them, four times slower than reading its 196 shards whole.
    Returns how many rows it wrote."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    held, count, total = [], 0, 0
    with pq.ParquetWriter(path, schema, write_statistics=stats) as out:
        for rows in _rows_in_order(base, parts):
            held.append(rows.replace_schema_metadata(schema.metadata))
            count += rows.num_rows
            total += rows.num_rows
            if count >= BUFFER_ROWS:
                out.write_table(pa.concat_tables(held), row_group_size=BUFFER_ROWS)
                held, count = [], 0
        if held:
            out.write_table(pa.concat_tables(held), row_group_size=BUFFER_ROWS)
    return total


def _rows_in_order(base, parts: list[Path]):
    """``base`` (when it has rows), then each part (a file a row group at a time, or a table held in memory)."""
    import pyarrow.parquet as pq

    if base is not None and base.num_rows:
        yield base
    for part in parts:
        if not isinstance(part, Path):
            yield part
            continue
        with pq.ParquetFile(part) as data:
            for i in range(data.num_row_groups):
                yield data.read_row_group(i)


KEPT_RUNS = 16  # a shard's kept rows in at most this many runs are sliced, not filtered (``kept_rows``)


def kept_rows(rows, keep):
    """The rows of ``rows`` where ``keep`` (a boolean array without nulls) holds, in order. A merge drops the
    replaced files' rows, which lie together in a shard written in key order: the rows kept are then a few runs,
    taken as slices of ``rows`` (no string copied) instead of filtered (sympy's hub: its seven merged shards' ~40K
    rows copied, then encoded again). Rows kept in many runs are filtered."""
    import pyarrow as pa

    from pipeline import arrowops as pc

    if isinstance(keep, pa.ChunkedArray):
        keep = keep.combine_chunks() if keep.num_chunks != 1 else keep.chunk(0)
    runs = pc.run_end_encode(keep)
    values, ends = runs.values.to_pylist(), runs.run_ends.to_pylist()
    if values.count(True) > KEPT_RUNS:
        return pc.filter(rows, keep)
    pieces = [rows.slice(start, end - start) for kept, start, end in zip(values, [0] + ends, ends) if kept]
    if len(pieces) == 1:
        return pieces[0]
    return pa.concat_tables(pieces) if pieces else rows.slice(0, 0)


def _key_array(keys):
    import pyarrow as pa

    return pa.array(list(keys)) if keys else pa.array([], pa.string())


def shards_of(entry: dict) -> list[dict]:
    """A snapshot entry's shard list; a lake of schema version 1 named one ``file`` per table."""
    if "shards" in entry:
        return entry["shards"]
    return [{"file": entry["file"]}] if entry.get("file") else []
