"""The extractor contract: what a plugin implements and what the lake writer gives it.

An extractor is a plain class::

    class MyExtractor:
        name = "my_extractor"            # unique across installed plugins
        version = "1.0.0"
        tables = {"my_table": pa.schema([...])}   # Arrow schemas; each must have a ``repo`` column

        def run(self, ctx: RunContext, cursor: Cursor) -> Iterator[Batch | Replace]:
            ...yield Replace("my_table", "path", changed_paths)   # optional: scope of this run
            ...yield Batch("my_table", record_batch)
            return Cursor(commit=..., state={...})             # the next run's cursor

Optional attributes: ``shard_by = {"my_table": "path"}`` splits a table's partition into shards by that column, so a
``Replace`` of a few keys rewrites only their shards (use the column your ``Replace`` names); ``sort_by = {"my_table":
["kind"]}`` sorts each shard, in small row groups, so a read filtering on the first column skips the rest;
``shard_rows = {"my_table": 4096}`` sets a table's rows per shard (default 16,384: smaller shards make a wide table's
``Replace`` cheaper, more files make whole-table reads dearer); ``views`` is a folder of
``.sql`` files (a path, or an importable package such as ``"my_plugin.sql"``) created like the built-in views; ``owner``
lets several extractors write one table together (the agent-log readers): a table belongs to one owner.

Registered under the entry point group ``codelake.extractors``. The extractor never decides where or how rows are
written: the lake writer streams the batches to a new snapshot of the repository's partitions and publishes them
atomically together with the returned cursor.

Write semantics per table and run:
- no ``Replace`` for a table: the run's rows replace the repository's partition of that table entirely;
- ``Replace(table, column, keys)``: old rows whose ``column`` is in ``keys`` are dropped, the rest kept, and the run's
  rows appended (incremental re-indexing of changed files, append-only logs de-duplicated on an id, ...).
  ``keys=[]`` keeps every old row (pure append): on a table without ``shard_by`` the run's rows are written as one
  more file (a delta) and the old files are not read (``pipeline.shards``: the deltas are compacted later).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterator, NamedTuple, Protocol, runtime_checkable


class Record:
    """Equality and repr over ``_FIELDS``, as a dataclass gives them, for the records an update's process builds
    written out (a dataclass writes and ``exec``s its methods' source in every process that defines it). No slots of
    its own: a record with ``__slots__`` (``graph.Symbol``, ``marks.FileFacts``) keeps none but its fields."""

    __slots__ = ()
    _FIELDS: tuple[str, ...] = ()
    __hash__ = None  # mutable and compared by value, as a dataclass is

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self._FIELDS)

    def __eq__(self, other):
        return self._values() == other._values() if other.__class__ is self.__class__ else NotImplemented

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in zip(self._FIELDS, self._values()))
        return f"{type(self).__qualname__}({shown})"


class Cursor(Record):
    """Incremental state of one extractor for one repository, stored in the lake's snapshot manifest."""

    _FIELDS = ("commit", "state")

    def __init__(self, commit: str | None = None, state: dict[str, Any] | None = None):
        self.commit = commit
        self.state: dict[str, Any] = {} if state is None else state

    @classmethod
    def from_json(cls, data: dict | None) -> "Cursor":
        data = data or {}
        return cls(commit=data.get("commit"), state=dict(data.get("state") or {}))

    def to_json(self) -> dict:
        return {"commit": self.commit, "state": self.state}


class Batch(NamedTuple):
    table: str
    data: Any  # pyarrow.RecordBatch or pyarrow.Table matching the declared schema


class Replace(NamedTuple):
    table: str
    column: str
    keys: list


class Complete(NamedTuple):
    """The run gave every row of these tables (an update's after a ``Replace``, or a full run's whole tables): the
    lake may write their shards now, on another thread, while the run goes on (an update's resolution, in Python,
    beside those writes, which leave the GIL; a full run's resolving child). Yield it only where nothing forks
    before the run ends."""
    tables: tuple


class RunContext(Record):
    """What the lake gives an extractor for one run."""

    _FIELDS = ("repo", "root", "run_id", "options", "previous", "shard_of", "shard_file", "counters", "progress")

    def __init__(self, repo: str, root: Path, run_id: str, options: dict[str, Any] | None = None,
                 previous: Callable[..., Any] | None = None,
                 shard_of: Callable[[str, str, Any], int | None] | None = None,
                 shard_file: Callable[[str, str, Any], str | None] | None = None,
                 counters: dict[str, int] | None = None, progress: Callable[[int, int, str], None] | None = None):
        self.repo, self.root, self.run_id = repo, root, run_id
        self.options: dict[str, Any] = {} if options is None else options
        # the table's current rows for this repo (pyarrow.Table|None); ``dictionary=[columns]`` reads those string
        # columns dictionary-encoded (a large table of repeated ids and paths then takes a fraction of the memory)
        self.previous = _no_rows if previous is None else previous
        # which shard of a previous table holds a key: (table, column, value) -> shard number, or None when the table
        # is not sharded by that column (a reader of ``previous(..., where=..., whole_shards=True)`` caches by shard)
        self.shard_of = _no_shard if shard_of is None else shard_of
        # the same shard's file (lake-relative; None when not sharded by that column): it names exactly those rows in
        # every snapshot that names it, so a process that lives across runs may key what it derived from a shard by it
        self.shard_file = _no_shard if shard_file is None else shard_file
        self.counters: dict[str, int] = {} if counters is None else counters
        self.progress = progress  # (done, total, label)

    def count(self, name: str, n: int = 1) -> None:
        """Count something notable (files skipped, malformed lines...); stored in the ``runs`` row."""
        self.counters[name] = self.counters.get(name, 0) + n


def _no_rows(table, dictionary=None):
    return None


def _no_shard(table, column, value):
    return None


@runtime_checkable
class Extractor(Protocol):
    name: str
    version: str
    tables: dict

    def run(self, ctx: RunContext, cursor: Cursor) -> Iterator[Batch | Replace]: ...


def extractor_views(extractor) -> dict[str, str]:
    """``{view_name: sql_text}`` an extractor ships with its tables (its optional ``views`` attribute: a folder of
    ``.sql`` files, given as a path or as an importable package, ``"my_plugin.sql"``)."""
    source = getattr(extractor, "views", None)
    if not source:
        return {}
    if isinstance(source, str) and all(part.isidentifier() for part in source.split(".")):
        from importlib import resources  # a package: its resource folder

        folder = resources.files(source)
        return {Path(e.name).stem: e.read_text() for e in folder.iterdir() if e.name.endswith(".sql")}
    folder = Path(source)
    return {p.stem: p.read_text() for p in sorted(folder.glob("*.sql"))}
