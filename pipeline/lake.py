"""The lake: Parquet tables, one partition per repository, with atomic snapshots consistent across tables.

Layout under the root (``pipeline.location.find_lake``: ``--lake``, ``$CODELAKE_LAKE``, ``codelake.toml``, the user's
data folder)::

    _lake.json                                  format marker and schema version
    _snapshots/<repo>.json                      the repository's current snapshot: the shard files of every table,
                                                the extractors' cursors, the versions kept for older readers
    _schemas/<table>.parquet                    an empty file with each table's full schema
    _versions/<repo>/<table>-<run>-<k>.parquet  immutable shard versions, the ones snapshots name
    _locks/<repo>.lock                          serializes writers of one repository (flock)
    <table>/<repo>/part-<k>.parquet             the current shards (hard links), nothing else: what engines read

A table folder holds only current files, under a plain ``<repo>`` folder (no ``repo=`` partition folder whose value
an engine would type-infer), with ``repo`` a string column in every file: pandas, pyarrow, polars and DuckDB read a
table folder as exactly the current rows of every repository.

Why it is crash-safe: every file is written under a temporary name that does not end in ``.parquet``, fsynced,
renamed, and only then named by a new snapshot manifest, itself replaced atomically. A writer killed at any moment
leaves the previous manifest naming complete files. Superseded versions are kept for a grace period so that readers
holding the previous manifest can still open them; orphans of killed writers are swept by the next writer.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
import time
import uuid
from contextlib import contextmanager
from datetime import datetime, timezone
from functools import partial
from pathlib import Path
from typing import Iterator

from . import LAKE_SCHEMA_VERSION
from .allocator import use_lake_allocator
from .errors import ExtractError, LakeError, SchemaVersionError
from .extractor import Batch, Complete, Cursor, Record, Replace, RunContext
from .fsio import fsync_dir, lake_write_error, link_into_place, write_json_atomic, write_text_atomic
from .location import CHECKOUT_CACHE, checkout_key
from .repos import READER_SKIPPED, refuse_hidden_repo_id, validate_repo_id
from .shards import DamagedFileError, TableWrite, align_table, each_in_threads, key_shard, read_file, shards_of
from .walkindex import FOLDER as WALK_FOLDER

__all__ = ["Lake", "Snapshot", "RunSummary", "DamagedFileError", "align_table", "lake_root", "runs_schema"]

RETAIN_SECONDS = 600.0  # default of CODELAKE_RETAIN_SECONDS, read when used
LOCK_TIMEOUT = 900.0  # default of CODELAKE_LOCK_TIMEOUT
TABLE_NAME = re.compile(r"[a-z][a-z0-9_]*")  # a folder of the lake and part of a DuckDB macro name
RUNS_TABLE = "runs"
VERSIONS = "_versions"
PENDING = "_pending"
VIEWS = "_views"
CURRENT = "part-{:03d}.parquet"
HANDED_SHARDS = 2  # the most shards a read keeps whole for its run's merge (``Lake.read_table``'s ``hand_over``)


def lake_root(explicit: str | os.PathLike | None = None) -> Path:
    from .location import find_lake

    return find_lake(explicit)


def retain_seconds() -> float:
    return float(os.environ.get("CODELAKE_RETAIN_SECONDS", RETAIN_SECONDS))


def lock_timeout() -> float:
    return float(os.environ.get("CODELAKE_LOCK_TIMEOUT", LOCK_TIMEOUT))


def new_run_id() -> str:
    return datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ") + "-" + uuid.uuid4().hex[:8]


def runs_schema():
    import pyarrow as pa

    return pa.schema(
        [
            ("repo", pa.string()),
            ("run_id", pa.string()),
            ("extractor", pa.string()),
            ("extractor_version", pa.string()),
            ("commit", pa.string()),
            ("started_at", pa.timestamp("us", tz="UTC")),
            ("finished_at", pa.timestamp("us", tz="UTC")),
            ("status", pa.string()),
            ("rows", pa.int64()),
            ("files_skipped", pa.int64()),
            ("error", pa.string()),
            ("counters", pa.string()),  # JSON object of the extractor's other counters
        ]
    )


class Snapshot(Record):
    """One repository's published state: the shard files of each table, and the extractors' cursors. Written out,
    not a dataclass (an update's process would write and ``exec`` its methods' source); ``__dict__`` holds the fields
    in this order (``to_json``)."""

    _FIELDS = ("repo", "snapshot", "updated_at", "tables", "cursors", "retired", "info")

    def __init__(self, repo: str, snapshot: str | None = None, updated_at: str | None = None,
                 tables: dict[str, dict] | None = None, cursors: dict[str, dict] | None = None,
                 retired: list[dict] | None = None, info: dict | None = None):
        self.repo, self.snapshot, self.updated_at = repo, snapshot, updated_at
        self.tables: dict[str, dict] = {} if tables is None else tables
        self.cursors: dict[str, dict] = {} if cursors is None else cursors
        self.retired: list[dict] = [] if retired is None else retired
        self.info: dict = {} if info is None else info  # repository facts: root path, head commit...

    @classmethod
    def from_json(cls, data: dict) -> "Snapshot":
        fields = {k: data[k] for k in cls._FIELDS if k in data}
        return cls(**fields)

    def to_json(self) -> dict:
        return {"schema_version": LAKE_SCHEMA_VERSION, **self.__dict__}

    def files(self, table: str) -> list[str]:
        """The lake-relative shard files of ``table`` (empty when the repository has none)."""
        return [s["file"] for s in shards_of(self.tables.get(table) or {})]

    def shard_of(self, table: str, column: str, value) -> int | None:
        """Which shard of ``table`` holds the rows whose ``column`` is ``value`` (None: not sharded by it)."""
        entry = self.tables.get(table)
        if entry is None or entry.get("shard_by") != column:
            return None
        return key_shard(value, len(shards_of(entry)))

    def shard_file(self, table: str, column: str, value) -> str | None:
        """The lake-relative file of the shard ``shard_of`` names (None: not sharded by ``column``). A version file
        is never rewritten, so its name stands for exactly these rows in every later snapshot that still names it:
        a long-lived process keys what it derived from a shard by it."""
        k = self.shard_of(table, column, value)
        return None if k is None else shards_of(self.tables[table])[k]["file"]


class RunSummary(Record):
    """One run's outcome (a ``runs`` row). Written out, not a dataclass (see ``Snapshot``)."""

    _FIELDS = ("repo", "extractor", "run_id", "status", "rows", "files_skipped", "commit", "error", "seconds")

    def __init__(self, repo: str, extractor: str, run_id: str, status: str, rows: dict[str, int], files_skipped: int,
                 commit: str | None, error: str | None, seconds: float):
        self.repo, self.extractor, self.run_id = repo, extractor, run_id
        self.status = status  # ok | failed | queued (an update handed to the writer holding the lock)
        self.rows, self.files_skipped, self.commit, self.error, self.seconds = rows, files_skipped, commit, error, seconds

    def as_dict(self) -> dict:
        return dict(self.__dict__)


class Lake:
    """A lake in a local folder; a root naming object storage (``s3://bucket/prefix``) makes an ``ObjectLake``
    (``pipeline.objectlake``), which keeps the same layout and API."""

    def __new__(cls, root: str | os.PathLike | None = None):
        found = lake_root(root)
        if cls is Lake and isinstance(found, str):  # a URI: ``pipeline.location`` keeps it a string
            from .objectlake import ObjectLake

            cls = ObjectLake
        lake = super().__new__(cls)
        lake._found = found  # found once: __init__ takes it
        return lake

    def __init__(self, root: str | os.PathLike | None = None):
        self.root = self.__dict__.pop("_found", None) or lake_root(root)
        self.staging_root = self.root  # where a run writes its new version files (ObjectLake: a local folder)
        self.format_version = self._read_version()

    @property
    def files(self):
        """The lake's files through ``pipeline.storage``'s calls (what ``codelake check`` and the catalog use)."""
        from .storage import LocalFiles

        return LocalFiles(self.root)

    def local_file(self, rel: str) -> Path:
        """A local path to open the lake-relative file ``rel`` of a snapshot."""
        return self.root / rel

    # -- format -------------------------------------------------------------------------------------------------
    def _read_version(self) -> int | None:
        """The lake's schema version (None: no lake yet); a newer one is refused. An older one is read as it is and
        migrated by the next writer, under its lock, never by a read-only command."""
        marker = self.root / "_lake.json"
        try:
            data = json.loads(marker.read_text())
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            raise LakeError(f"{marker}: unreadable lake marker ({exc})") from None
        return self._version_of(data, marker)

    def _version_of(self, data, marker) -> int:
        version = data.get("schema_version") if isinstance(data, dict) else None
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise LakeError(f"{marker}: schema_version {version!r} is not a positive integer; this is not a lake "
                            f"codelake wrote, or its marker was edited")
        if version > LAKE_SCHEMA_VERSION:
            raise SchemaVersionError(
                f"{self.root}: lake schema version {version} is not readable by this codelake "
                f"(supports {LAKE_SCHEMA_VERSION}); upgrade codelake"
            )
        return version

    def prepare_write(self) -> None:
        """Create the layout, or migrate an older lake (under a lake-wide lock: one migrator, writers wait)."""
        try:
            for sub in ("_snapshots", "_locks"):
                (self.root / sub).mkdir(parents=True, exist_ok=True)
            if self.format_version == LAKE_SCHEMA_VERSION:
                return
            with self._flock(self.root / "_locks" / "_lake.lock", lock_timeout(), "the lake is being migrated"):
                self.format_version = self._read_version()
                if self.format_version is None:
                    write_json_atomic(self.root / "_lake.json",
                                      {"format": "codelake-lake", "schema_version": LAKE_SCHEMA_VERSION})
                elif self.format_version < LAKE_SCHEMA_VERSION:
                    from .migrations import migrate

                    migrate(self, self.format_version)
                self.format_version = LAKE_SCHEMA_VERSION
        except OSError as exc:
            raise lake_write_error(exc, self.root) from None

    # -- reading ------------------------------------------------------------------------------------------------
    def repos(self) -> list[str]:
        folder = self.root / "_snapshots"
        if not folder.is_dir():
            return []
        return sorted(p.stem for p in folder.glob("*.json") if not p.name.startswith("."))

    def snapshot(self, repo: str) -> Snapshot:
        path = self.root / "_snapshots" / f"{validate_repo_id(repo)}.json"
        try:
            data = json.loads(path.read_text())
        except FileNotFoundError:
            return Snapshot(repo=repo)
        except (OSError, ValueError) as exc:
            raise LakeError(f"{path}: unreadable snapshot manifest ({exc}); `codelake drop {repo}` and index it "
                            f"again") from None
        return self._snapshot_of(data, path, repo)

    def _snapshot_of(self, data, path, repo: str) -> Snapshot:
        version = data.get("schema_version", 0) if isinstance(data, dict) else None
        if not isinstance(version, int) or not isinstance(data.get("tables", {}), dict):
            raise LakeError(f"{path}: not a snapshot manifest; `codelake drop {repo}` and index it again")
        if version > LAKE_SCHEMA_VERSION:
            raise SchemaVersionError(f"{path}: written by a newer codelake (schema {version})")
        return Snapshot.from_json(data)

    def snapshot_files(self, repos: list[str] | None = None) -> dict[str, list[str]]:
        """Absolute shard files per table for every repository's current snapshot (one consistent set per repo)."""
        files: dict[str, list[str]] = {}
        root = self.root.resolve()
        for repo in repos or self.repos():
            snap = self.snapshot(repo)
            for table, entry in snap.tables.items():
                if not entry.get("internal"):
                    files.setdefault(table, []).extend(str(root / f) for f in snap.files(table))
        return files

    def read_table(self, repo: str, table: str, snapshot: Snapshot | None = None, dictionary: list[str] | None = None,
                   columns: list[str] | None = None, where: tuple[str, list] | None = None,
                   whole_shards: bool = False, hand_over: bool = False, sorted_only: bool = False,
                   dictionary_apart: list[str] | None = None):
        """The repository's current rows of ``table`` as a pyarrow Table, or None when it has none.

        ``columns`` reads only those; ``dictionary`` reads those string columns dictionary-encoded; ``where=(column,
        values)`` keeps the rows whose column is in values, reading only the shards that can hold them when the
        table is sharded by that column (``whole_shards``: every row of those shards, for a reader that caches a
        shard's other keys too). ``hand_over``: the shards read whole (every column, whatever ``columns`` asks)
        are kept for this run's merge of them (a scope's read of the keys the run replaces: ``shards.handing_over``),
        when they are at most ``HANDED_SHARDS``; more are read as asked and let go (``dictionary_apart``: those string
        columns then read dictionary-encoded, for a reader that takes either). ``sorted_only``: None unless the
        table is sorted by ``where``'s column (its row groups pruned by their statistics): a reader that would rather
        read a shard whole than filter it whole. A damaged file raises ``DamagedFileError`` naming it."""
        import pyarrow as pa

        snap = snapshot or self.snapshot(repo)
        entry = snap.tables.get(table)
        if entry is None:
            return None
        shards = shards_of(entry)
        if where is not None and entry.get("shard_by") == where[0] and len(shards) > 1:
            wanted = {key_shard(v, len(shards)) for v in where[1]}
            shards = [s for k, s in enumerate(shards) if k in wanted]
        wanted_columns = None if columns is None else list(dict.fromkeys(list(columns) + ([where[0]] if where else [])))
        sorted_by_key = where is not None and (entry.get("sort_by") or [None])[0] == where[0]
        if sorted_only and not sorted_by_key:
            return None
        # a read handed over to the merge is of whole shards (the merge rewrites them), filtered here; of more than
        # ``HANDED_SHARDS`` shards none is kept (the merge reads each as it writes it, a few at a time)
        handing = hand_over and not dictionary and len(shards) <= HANDED_SHARDS
        if hand_over and not handing and dictionary_apart:  # the ends of twelve files' edges in seven shards, decoded
            dictionary = dictionary_apart  # dense, held ~10 MiB more at a typeorm update's peak as they were filtered
        prune = where if sorted_by_key and not whole_shards and not handing else None
        parts = self._parts(repo, table, shards, None if handing else wanted_columns, dictionary, prune, handing,
                            None if whole_shards else where)
        if not parts:  # the table is there, none of its shards can hold what was asked: no rows
            first = shards_of(entry)[:1]
            if not first:
                return None
            # its schema: no row group decoded (``rows._has`` asks an index's table so, ~16K names of site-packages)
            nothing = (where[0], []) if where is not None else None
            return read_file(self.local_file(first[0]["file"]), repo, table, wanted_columns, dictionary,
                             nothing).slice(0, 0)
        data = parts[0] if len(parts) == 1 else pa.concat_tables(parts, promote_options="permissive")
        if handing and wanted_columns is not None:  # read whole for the merge: the columns asked, as a read of them
            data = data.select([c for c in wanted_columns if c in data.column_names])
        if where is not None and not whole_shards and columns is not None and where[0] not in columns:
            data = data.drop_columns([where[0]])
        return data

    def _parts(self, repo: str, table: str, shards: list[dict], columns, dictionary, prune, handing: bool, where):
        """Each shard's rows, read one at a time and (``where``) filtered before the next is read: an update whose
        edit reaches many files held every edges shard they lie in (typeorm: seven, ~35 MiB of Arrow) until the
        merge wrote them. ``handing``: each read whole and kept for this run's merge (``shards.hand_over``)."""
        parts = []
        for s in shards:
            part = self._shard_rows(s["file"], repo, table, columns, dictionary, prune)
            if handing:
                from .shards import hand_over as keep_for_merge  # (imported already: the top's import lines are shared)

                keep_for_merge(s["file"], part)
            parts.append(part if where is None else _filter_in(part, *where))
        return parts

    def _shard_rows(self, rel: str, repo: str, table: str, columns, dictionary, prune):
        """One shard's read: a plain read of a shard this run handed over to its merge is (a selection of) its
        rows (``shards.handed``; pruned or not: the caller filters), any other read goes to the file."""
        if not dictionary:
            from .shards import handed

            rows = handed(rel, columns)
            if rows is not None:
                return rows
        return read_file(self.local_file(rel), repo, table, columns, dictionary, prune)

    # -- writing ------------------------------------------------------------------------------------------------
    @contextmanager
    def lock(self, repo: str, timeout: float | None = None) -> Iterator[None]:
        """Serialize writers of one repository across processes; released by the kernel if the holder dies."""
        self.prepare_write()
        path = self.root / "_locks" / f"{validate_repo_id(repo)}.lock"
        with self._flock(path, lock_timeout() if timeout is None else timeout,
                         f"repository {repo!r} is being written by another process"):
            yield

    @contextmanager
    def _flock(self, path: Path, timeout: float, busy: str) -> Iterator[None]:
        with open(path, "a+") as fh:
            deadline = time.monotonic() + timeout
            while True:
                try:
                    fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        raise LakeBusy(f"{busy} ({path}); waited {timeout:g} s") from None
                    time.sleep(0.02)
            try:
                yield
            finally:
                fcntl.flock(fh.fileno(), fcntl.LOCK_UN)

    def run_extractor(self, repo: str, extractor, source_root: Path, options: dict | None = None,
                      progress=None, info: dict | None = None, lock_wait: float | None = None,
                      background_refresh: bool = False) -> RunSummary:
        """Run one extractor for one repository and publish its tables as a new snapshot (all or nothing).

        ``lock_wait`` bounds the wait for another writer of the repository (default ``CODELAKE_LOCK_TIMEOUT``);
        past it ``LakeBusy`` is raised. Before letting go of the repository, the run applies the updates that were
        queued while it held it (``defer``)."""
        validate_repo_id(repo)
        if repo[:1] in READER_SKIPPED and not self.snapshot(repo).snapshot:  # a lake that has one keeps it
            refuse_hidden_repo_id(repo)
        _check_tables(extractor)
        _checked_views(extractor)
        use_lake_allocator()
        try:
            with self.lock(repo, lock_wait):
                summary = self._run_locked(repo, extractor, Path(source_root), dict(options or {}), progress, info)
                self._drain(repo)
        except OSError as exc:
            raise lake_write_error(exc, self.root) from None
        self.after_write(background_refresh, repo if {"edges", "symbols"} & set(extractor.tables) else None)
        if summary.status != "ok":
            raise ExtractError(f"extractor {extractor.name!r} failed on repository {repo!r}: {summary.error}")
        return summary

    def _run_locked(self, repo: str, extractor, source_root: Path, options: dict, progress, info) -> RunSummary:
        snap = self.snapshot(repo)
        if options.get("full") or self._interrupted(repo):
            self._sweep(repo, snap)
        self._mark_writing(repo, True)
        _check_owner(snap, extractor)
        run_id, started = new_run_id(), datetime.now(timezone.utc)
        cursor = Cursor.from_json(snap.cursors.get(extractor.name))
        ctx = RunContext(repo=repo, root=source_root, run_id=run_id, options=options,
                         previous=partial(self.read_table, repo, snapshot=snap), progress=progress,
                         shard_of=snap.shard_of, shard_file=snap.shard_file)
        staging = _Staging(self, repo, run_id, extractor, snap)
        try:
            from .shards import handing_over

            with handing_over():
                new_cursor = staging.consume(extractor.run(ctx, cursor))
                written = staging.finish(bool(options.get("full")))
            status, error = "ok", None
        except Exception as exc:  # the run fails as a whole; the previous snapshot stays
            staging.abort()
            if isinstance(exc, OSError) and exc.filename and str(exc.filename).startswith(str(self.root)):
                raise
            written, new_cursor, status = {}, cursor, "failed"
            error = str(exc) if isinstance(exc, LakeError) else f"{type(exc).__name__}: {exc}"
        if staging.dropped_damaged:
            ctx.count("damaged_files_dropped", len(staging.dropped_damaged))
        summary = RunSummary(repo, extractor.name, run_id, status, staging.rows, ctx.counters.get("files_skipped", 0),
                             new_cursor.commit, error, (datetime.now(timezone.utc) - started).total_seconds())
        written[RUNS_TABLE] = self._append_run(repo, snap, summary, extractor, started, ctx.counters)
        cursors = {extractor.name: new_cursor.to_json()} if status == "ok" else {}
        self.write_schemas({**{t: v for t, v in extractor.tables.items() if t not in internal_tables(extractor)},
                            RUNS_TABLE: runs_schema()})
        owners = {t: owner_of(extractor) for t in written if t != RUNS_TABLE}
        for table in internal_tables(extractor) & set(written):
            written[table]["internal"] = True
        if status == "ok":
            self._install_views(extractor)
        self._publish(snap, written, cursors, info or {}, owners)
        self._mark_writing(repo, False)
        return summary

    # A run marks the repository while it writes; the next run sweeps (``_sweep``) only after one that did not end
    # (killed, crashed) or with ``--full``: listing every version and link costs ~30 ms on a 2M-line lake. The mark
    # is not fsynced: after a power loss the leftovers of the run it lost wait for the next sweep.
    def _writing_mark(self, repo: str) -> Path:
        return self.root / "_locks" / f"{repo}.writing"

    def _interrupted(self, repo: str) -> bool:
        """Whether a run must sweep first: the last writer at ``repo`` was killed (an object lake: always)."""
        return self.writing(repo)  # at the start of a run under the lock, the mark is a killed writer's

    def writing(self, repo: str) -> bool:
        """Whether a writer is at ``repo`` now (or one was killed at it: its mark stays until the next run)."""
        return self._writing_mark(repo).exists()

    def _mark_writing(self, repo: str, writing: bool) -> None:
        mark = self._writing_mark(repo)
        if writing:
            mark.touch()
        else:
            mark.unlink(missing_ok=True)

    def _install_views(self, extractor) -> None:
        """Keep the views an extractor ships next to its tables (``_views/<owner>/``), so every reader of the lake
        (the catalog, ``codelake duckdb``) creates them, with or without the plugin installed."""
        views = _checked_views(extractor)
        folder = self.root / VIEWS / owner_of(extractor)
        if not views and not folder.is_dir():
            return
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in views.items():
            path = folder / f"{name}.sql"
            if not path.exists() or path.read_text() != text:
                write_text_atomic(path, text)
        for path in folder.glob("*.sql"):
            if path.stem not in views:
                path.unlink(missing_ok=True)

    def _append_run(self, repo: str, snap: Snapshot, summary: RunSummary, extractor, started, counters) -> dict:
        import pyarrow as pa

        others = {k: v for k, v in counters.items() if k != "files_skipped"}
        row = {
            "repo": repo, "run_id": summary.run_id, "extractor": extractor.name,
            "extractor_version": extractor.version, "commit": summary.commit, "started_at": started,
            "finished_at": datetime.now(timezone.utc), "status": summary.status,
            "rows": sum(summary.rows.values()), "files_skipped": summary.files_skipped,
            "error": summary.error, "counters": json.dumps(others, sort_keys=True),
        }
        write = TableWrite(self.version_dir(RUNS_TABLE, repo), self.staging_root, repo, summary.run_id, RUNS_TABLE,
                           runs_schema(), "run_id", snap.tables.get(RUNS_TABLE))
        write.replace = ("run_id", [])  # append
        write.add(pa.Table.from_pylist([row], schema=runs_schema()))
        return write.finish(full=True)  # a damaged runs file loses its history, never the run

    def write_schemas(self, schemas: dict) -> None:
        """Keep ``_schemas/<table>.parquet``: an empty file with the table's full schema, read by the catalog."""
        import pyarrow.parquet as pq

        from .fsio import finalize

        folder = self.root / "_schemas"
        folder.mkdir(parents=True, exist_ok=True)
        for table, schema in schemas.items():
            path = folder / f"{table}.parquet"
            try:
                if pq.read_schema(path).remove_metadata().equals(schema.remove_metadata()):
                    continue
            except Exception:  # missing or damaged: written again
                pass
            tmp = folder / f".{table}.tmp-{uuid.uuid4().hex[:8]}"
            pq.write_table(schema.empty_table(), tmp)
            finalize(tmp, path)

    def table_dir(self, table: str, repo: str) -> Path:
        """The folder engines read: the repository's current shards of ``table``."""
        return self.root / table / repo

    def version_dir(self, table: str, repo: str) -> Path:
        """Where the repository's versions of every table live (one folder: one fsync publishes a run's files)."""
        return self.staging_root / VERSIONS / repo

    def _publish(self, snap: Snapshot, written: dict[str, dict], cursors: dict, info: dict, owners: dict) -> None:
        before = {table: snap.files(table) for table in written}
        expired = advance(snap, written, cursors, info, owners)
        fsync_dir(self.root / VERSIONS / snap.repo)  # the new shards' names are durable before the manifest
        write_json_atomic(self.root / "_snapshots" / f"{snap.repo}.json", snap.to_json())
        for r in expired:
            (self.root / r["file"]).unlink(missing_ok=True)
        for table in written:
            self._link_current(snap, table, before[table])

    def _link_current(self, snap: Snapshot, table: str, before: list[str] | None = None) -> None:
        """Make ``<table>/<repo>/`` hold exactly the snapshot's shards: each ``part-<k>.parquet`` a hard link to
        its version (replaced atomically), and no other Parquet file. An internal table has no such folder. After a
        publish (``before``: the table's previous files) only the shards whose file changed are linked (a one-file
        update of site-packages checked 1,100 links: 60 ms); a run that did not end is repaired by the next one's
        sweep, which checks every link."""
        if (snap.tables.get(table) or {}).get("internal"):
            return
        folder = self.table_dir(table, snap.repo)
        folder.mkdir(parents=True, exist_ok=True)
        files = snap.files(table)
        # a path made only for a shard that is linked (site-packages' one-file update: ~1,500 names, a few linked)
        names = [CURRENT.format(k) for k in range(len(files))]
        for k, name in enumerate(names):
            if before is not None and k < len(before) and before[k] == files[k]:
                continue
            target, current = self.root / files[k], folder / name
            try:
                if os.path.samefile(current, target):
                    continue
            except OSError:
                pass
            link_into_place(target, current, target.parent)
        wanted = set(names)
        with os.scandir(folder) as listing:  # one listing: a stray copy someone left there goes (engines read it)
            strays = [e.name for e in listing if e.name not in wanted
                      and (e.name.endswith(".parquet") or e.name.startswith("."))]
        for name in strays:
            (folder / name).unlink(missing_ok=True)

    def _sweep(self, repo: str, snap: Snapshot) -> None:
        """Delete what killed writers left: temporary files, versions no manifest names, current files of tables
        the snapshot no longer has; then repair the current links (the caller holds the lock)."""
        keep = {f for t in snap.tables for f in snap.files(t)} | {r["file"] for r in snap.retired}
        folder = self.root / VERSIONS / repo
        for path in folder.iterdir() if folder.is_dir() else []:
            if str(path.relative_to(self.root)) not in keep:
                path.unlink(missing_ok=True)
        public = {t for t, e in snap.tables.items() if not e.get("internal")}
        for folder in self.root.glob(f"*/{repo}"):
            if TABLE_NAME.fullmatch(folder.parent.name) and folder.parent.name not in public and folder.is_dir():
                shutil.rmtree(folder, ignore_errors=True)
        for table in snap.tables:
            self._link_current(snap, table)
        for tmp in (self.root / "_snapshots").glob(f".{repo}.json.tmp-*"):
            tmp.unlink(missing_ok=True)

    def drop(self, repo: str) -> bool:
        """Remove a repository: its snapshot first (readers stop seeing it at once), then its files and exports (a
        drop killed between the two is finished by the next: engines reading the table folders read what is left)."""
        validate_repo_id(repo)
        manifest = self.root / "_snapshots" / f"{repo}.json"
        try:
            with self.lock(repo):
                folders = [f for f in self._repo_folders(repo) if f.exists()]
                if not manifest.exists() and not folders:
                    return False
                checkout = self._checkout_cache(repo)
                manifest.unlink(missing_ok=True)
                fsync_dir(manifest.parent)
                for folder in folders + ([checkout] if checkout is not None else []):
                    shutil.rmtree(folder, ignore_errors=True)
        except OSError as exc:
            raise lake_write_error(exc, self.root) from None
        self.after_write()
        return True

    def _checkout_cache(self, repo: str) -> Path | None:
        """The private folder of ``repo``'s checkout (``location.CHECKOUT_CACHE``) when no other repository of the
        lake was indexed from that checkout; None when another was, or the manifest names no checkout (a drop killed
        after the manifest went leaves the folder: bounded, and checked before any use)."""
        root = self._checkout_of(repo)
        if root is None:
            return None
        key = checkout_key(root)
        shared = {checkout_key(found) for other in self.repos() if other != repo and (found := self._checkout_of(other))}
        return None if key in shared else self.root / CHECKOUT_CACHE / key

    def _checkout_of(self, repo: str) -> str | None:
        try:
            root = self.snapshot(repo).info.get("root")
        except (LakeError, AttributeError):
            return None
        return root if isinstance(root, str) and root else None

    def _repo_folders(self, repo: str) -> list[Path]:
        tables = [p for p in self.root.iterdir() if p.is_dir() and TABLE_NAME.fullmatch(p.name)]
        folders = (VERSIONS, PENDING, "_exports", WALK_FOLDER)
        return [p / repo for p in tables] + [self.root / name / repo for name in folders]

    def after_write(self, background: bool = False, graph_of: str | None = None) -> None:
        """Refresh the DuckDB database files ``codelake duckdb`` made, so they name the new snapshot, and the walk
        index of ``graph_of`` (a repository whose edges or symbols were written: ``pipeline.walkindex``)."""
        from .databases import refresh_after_write

        refresh_after_write(self, background)
        if graph_of is not None:
            from . import walkindex

            walkindex.after_write(self, graph_of, background)

    # -- queued updates -------------------------------------------------------------------------------------------
    def defer(self, repo: str, extractor, source_root: Path, options: dict, info: dict) -> RunSummary:
        """Queue a run for the writer holding the repository (``_pending/<repo>/``): it runs it before it lets go
        (and a writer that died leaves it to the next one)."""
        run_id = new_run_id()
        folder = self.root / PENDING / repo
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_json_atomic(folder / f"{run_id}.json", {"extractor": extractor.name, "root": str(source_root),
                                                           "options": options, "info": info})
        except OSError as exc:
            raise lake_write_error(exc, self.root) from None
        return RunSummary(repo, extractor.name, run_id, "queued", {}, 0, None, None, 0.0)

    def queued_files(self, repo: str) -> list[str]:
        """The files of the updates queued for ``repo``'s writer (``defer``) that no writer has applied yet: behind a
        running writer, or left by one that died, for the next writer of the repository to apply."""
        if not self.files.local:
            return []  # nothing is queued on object storage (``ObjectLake.defer``: an update waits, then runs)
        files: set[str] = set()
        for _, request in self._queued(repo):
            try:
                files.update((request.get("options") or {}).get("files") or [])
            except AttributeError:  # not a request ``defer`` wrote
                continue
        return sorted(files)

    def _queued(self, repo: str) -> list[tuple[Path, object]]:
        """The queued requests of ``repo`` in the order they came, each file with what it holds (None: unreadable)."""
        folder = self.root / PENDING / repo
        requests = []
        for path in sorted(folder.glob("*.json")) if folder.is_dir() else ():
            try:
                requests.append((path, json.loads(path.read_text())))
            except (OSError, ValueError):
                requests.append((path, None))
        return requests

    def _drain(self, repo: str) -> None:
        """Run the queued requests of ``repo`` (the caller holds its lock): one run per extractor, the files of
        every queued update together, each file read as it is now."""
        requests = self._queued(repo)
        if not requests:
            return
        merged: dict[str, dict] = {}
        for _, request in requests:
            if request is None:
                continue
            entry = merged.setdefault(request["extractor"], {"root": request["root"], "files": [], "info": {}})
            entry["files"].extend(request.get("options", {}).get("files") or [])
            entry["info"].update(request.get("info") or {})
        from .registry import load_registry

        for name, entry in merged.items():
            try:
                extractor = load_registry({name}).get(name)
                self._run_locked(repo, extractor, Path(entry["root"]), {"files": sorted(set(entry["files"]))},
                                 None, entry["info"])
            except Exception:  # recorded in ``runs`` when it ran; a request that cannot run is not retried forever
                pass
        for path, _ in requests:
            path.unlink(missing_ok=True)


def advance(snap: Snapshot, written: dict[str, dict], cursors: dict, info: dict, owners: dict) -> list[dict]:
    """The snapshot a run publishes (local or object lake): each written table's new entry (with its owning
    extractor), the files it no longer names retired as of now, the cursors and info, a new snapshot id and time.
    Returns the retired files whose retention has passed, dropped from it: deleted once it is published."""
    now = time.time()
    for table, entry in written.items():
        kept = {s["file"] for s in entry["shards"]}
        snap.retired.extend({"file": f, "at": now} for f in snap.files(table) if f not in kept)
        if table in owners:
            entry["extractor"] = owners[table]
        snap.tables[table] = entry
    snap.cursors.update(cursors)
    snap.info.update(info)
    snap.snapshot, snap.updated_at = new_run_id(), datetime.now(timezone.utc).isoformat()
    expired = [r for r in snap.retired if now - r["at"] > retain_seconds()]
    snap.retired = [r for r in snap.retired if now - r["at"] <= retain_seconds()]
    return expired


class LakeBusy(LakeError):
    """Another process holds the lock past the wait allowed."""


def _filter_in(table, column: str, values):
    import pyarrow as pa
    from pipeline import arrowops as pc

    data = table.column(column)
    plain = pc.cast(data, data.type.value_type) if pa.types.is_dictionary(data.type) else data
    return pc.filter(table, pc.is_in(plain, value_set=pa.array(list(values), plain.type)))


def _check_tables(extractor) -> None:
    bad = [t for t in extractor.tables if not TABLE_NAME.fullmatch(t) or t == RUNS_TABLE]
    if bad:
        raise ExtractError(f"extractor {extractor.name!r}: table names {bad} are not [a-z][a-z0-9_]* or are "
                           f"reserved ({RUNS_TABLE!r} is the lake's own)")


def _checked_views(extractor) -> dict[str, str]:
    """The views an extractor ships, refused when a name is not a plain identifier or is a built-in view's."""
    from .extractor import extractor_views

    views = extractor_views(extractor)
    if not views:
        return views
    from .catalog import sql_files  # not for an extractor without views (an update's: ~10 ms of imports)

    bad = sorted(n for n in views if not TABLE_NAME.fullmatch(n))
    clash = sorted(set(views) & set(sql_files()))
    if bad:
        raise ExtractError(f"extractor {extractor.name!r} ships views whose names are not [a-z][a-z0-9_]*: {bad}")
    if clash:
        raise ExtractError(f"extractor {extractor.name!r} ships views named like built-in ones: {clash}")
    return views


def internal_tables(extractor) -> set[str]:
    """Tables an extractor keeps for itself (``internal``): snapshotted like the others, but no table folder, view
    or schema file (an index the extractor reads back, not data for users)."""
    return set(getattr(extractor, "internal", None) or ()) & set(extractor.tables)


def owner_of(extractor) -> str:
    """Who a table belongs to: the extractor's name, or the ``owner`` several extractors writing one table share."""
    return getattr(extractor, "owner", None) or extractor.name


def _check_owner(snap: Snapshot, extractor) -> None:
    for table in extractor.tables:
        owner = (snap.tables.get(table) or {}).get("extractor")
        if owner and owner != owner_of(extractor):
            raise ExtractError(f"extractor {extractor.name!r} may not write table {table!r} of repository "
                               f"{snap.repo!r}: it belongs to {owner!r}")


def _one_by_one(fn, items: list) -> list:
    return [fn(item) for item in items]


class _Staging:
    """One run's tables: Replace scopes and batches routed to each table's shards, then the new versions."""

    def __init__(self, lake: Lake, repo: str, run_id: str, extractor, snap: Snapshot):
        self.lake, self.repo, self.run_id, self.extractor = lake, repo, run_id, extractor
        self.shard_by = dict(getattr(extractor, "shard_by", None) or {})
        self.sort_by = dict(getattr(extractor, "sort_by", None) or {})
        self.shard_rows = dict(getattr(extractor, "shard_rows", None) or {})
        self.tables: dict[str, TableWrite] = {}
        self.snap = snap
        self.rows: dict[str, int] = {t: 0 for t in extractor.tables}
        self.dropped_damaged: list[str] = []
        self.early: dict[str, object] = {}  # table -> the future of its write, started once it was complete
        self._pool = None

    def _table(self, table: str) -> TableWrite:
        if table not in self.extractor.tables:
            raise ExtractError(f"extractor {self.extractor.name!r} wrote undeclared table {table!r}")
        if table not in self.tables:
            self.tables[table] = TableWrite(self.lake.version_dir(table, self.repo), self.lake.staging_root, self.repo,
                                            self.run_id, table, self.extractor.tables[table],
                                            self.shard_by.get(table), self.snap.tables.get(table),
                                            self.sort_by.get(table), self.shard_rows.get(table))
        return self.tables[table]

    def consume(self, gen) -> Cursor:
        while True:
            try:
                item = next(gen)
            except StopIteration as stop:
                return stop.value if isinstance(stop.value, Cursor) else Cursor()
            if isinstance(item, Replace):
                self._table(item.table).replace = (item.column, list(item.keys))
            elif isinstance(item, Batch):
                self._write(item.table, item.data)
            elif isinstance(item, Complete):
                self._write_early(item.tables)
            else:
                raise ExtractError(f"extractor {self.extractor.name!r} yielded {type(item).__name__}, "
                                   f"not Batch/Replace")

    def _write(self, table: str, data) -> None:
        import pyarrow as pa

        write = self._table(table)
        if table in self.early:
            raise ExtractError(f"extractor {self.extractor.name!r} wrote to table {table!r} after it said it was "
                               f"complete")
        schema = self.extractor.tables[table]
        if isinstance(data, pa.RecordBatch):
            data = pa.Table.from_batches([data])
        if data.num_rows == 0:
            return
        missing = [n for n in schema.names if n not in data.column_names and n != "repo"]
        if missing:
            raise ExtractError(f"extractor {self.extractor.name!r}: table {table!r} batch lacks columns {missing}")
        data = data.drop_columns([c for c in ("repo",) if c in data.column_names])
        data = data.append_column("repo", pa.repeat(pa.scalar(self.repo, pa.string()), data.num_rows))
        write.add(align_table(data, schema, keep_dictionary=True))
        self.rows[table] += data.num_rows

    def _write_early(self, tables) -> None:
        """The shards of complete tables written on one thread beside the run (an update's files, refs, symbols and
        their indexes while it resolves: ~70 ms of a one-file update's writes; a full run's tables that resolution
        does not change, named and fsynced while it resolves instead of after its edges). Only a table merging a few
        keys into its old shards, or a whole one whose files are written already (``TableWrite.in_place``): another
        whole table's write routes rows again and holds its buffers."""
        from concurrent.futures import ThreadPoolExecutor

        for table in tables:
            write = self._table(table)
            if table in self.early or not (write.merges() or write.in_place()):
                continue
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="codelake-write")
            self.early[table] = self._pool.submit(write.finish, False)

    def _early_done(self) -> dict[str, dict]:
        """The early writes' entries, once they are all done (the thread then ends: nothing is left for a fork)."""
        if self._pool is None:
            return {}
        try:
            return {table: future.result() for table, future in self.early.items()}
        finally:
            self._pool.shutdown(wait=True)
            self._pool = None

    def finish(self, full: bool) -> dict[str, dict]:
        writes = [self._table(table) for table in self.extractor.tables if table not in self.early]
        # an update's tables side by side: each rewrites a few shards, mostly Parquet work that releases the GIL (one
        # table after another was ~90 ms of a one-file update's ~450). A whole run's tables stay one at a time: each
        # may route its rows again, and side by side their buffers would add up
        merging = all(w.merges() or not w.rows for w in writes)
        # an update's edges and their indexes are written while its early thread still writes the tables it was
        # given as resolution began (a short resolution finds most of them still running: the edges waited for them);
        # a whole run's early writes (renames and fsyncs) are waited for first, as its tables are written one at a time
        written = {} if merging else self._early_done()
        each = each_in_threads if merging else _one_by_one
        rest = dict(zip([w.table for w in writes], each(lambda write: write.finish(full), writes)))
        written |= self._early_done() | rest
        for write in self.tables.values():
            self.dropped_damaged.extend(write.dropped_damaged)
        return {table: written[table] for table in self.extractor.tables}

    def abort(self) -> None:
        """The run failed: its temporary files, and the shard files its early writes finished (named by the run,
        never by a snapshot), are removed."""
        futures, self.early = self.early, {}
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None
        for future in futures.values():
            entry = future.result() if future.done() and future.exception() is None else None
            for shard in (entry or {}).get("shards", ()):
                if self.run_id in Path(shard["file"]).name:
                    (self.lake.staging_root / shard["file"]).unlink(missing_ok=True)
        for write in self.tables.values():
            write.abort()
