"""The lake: partitioned Parquet tables with atomic, cross-table consistent snapshots per repository.

Layout under the root (``data/lake`` by default, ``--lake`` or ``CODELAKE_LAKE`` to move it)::

    _lake.json                                  format marker and schema version
    _snapshots/<repo>.json                      the repository's current snapshot: one file per table + cursors
    _locks/<repo>.lock                          serializes writers of one repository (flock)
    <table>/repo=<repo>/_v/<run_id>.parquet     immutable table versions, the ones a snapshot names
    <table>/repo=<repo>/data.parquet            hard link to the current version, for ad-hoc globbing

Why it is crash-safe: every data file is written under a temporary name that does not end in ``.parquet``, fsynced,
renamed, and only then named by a new snapshot manifest, itself replaced atomically. A writer killed at any moment
leaves the previous manifest naming complete files. Superseded versions are kept for a grace period so that readers
holding the previous manifest can still open them; orphans of killed writers are swept by the next writer.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator

from . import LAKE_SCHEMA_VERSION
from .errors import ExtractError, LakeError, SchemaVersionError
from .extractor import Batch, Cursor, Replace, RunContext
from .repos import validate_repo_id

DEFAULT_LAKE = Path("data") / "lake"
RETAIN_SECONDS = float(os.environ.get("CODELAKE_RETAIN_SECONDS", "600"))
LOCK_TIMEOUT = float(os.environ.get("CODELAKE_LOCK_TIMEOUT", "900"))
CURRENT_NAME = "data.parquet"
TABLE_NAME = re.compile(r"^[a-z][a-z0-9_]*$")  # a folder of the lake and a DuckDB variable name
RUNS_TABLE = "runs"
ROW_GROUP = 128 * 1024


def lake_root(explicit: str | os.PathLike | None = None) -> Path:
    return Path(explicit or os.environ.get("CODELAKE_LAKE") or DEFAULT_LAKE)


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


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_json_atomic(path: Path, data: dict) -> None:
    tmp = path.with_name(f".{path.name}.tmp-{uuid.uuid4().hex[:8]}")
    with open(tmp, "w") as fh:
        json.dump(data, fh, indent=1, sort_keys=True)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    _fsync_dir(path.parent)


@dataclass
class Snapshot:
    """One repository's published state: which file holds each table, and the extractors' cursors."""

    repo: str
    snapshot: str | None = None
    updated_at: str | None = None
    tables: dict[str, dict] = field(default_factory=dict)
    cursors: dict[str, dict] = field(default_factory=dict)
    retired: list[dict] = field(default_factory=list)
    info: dict = field(default_factory=dict)  # repository facts: root path, head commit...

    @classmethod
    def from_json(cls, data: dict) -> "Snapshot":
        fields = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        return cls(**fields)

    def to_json(self) -> dict:
        return {"schema_version": LAKE_SCHEMA_VERSION, **self.__dict__}


@dataclass
class RunSummary:
    repo: str
    extractor: str
    run_id: str
    status: str
    rows: dict[str, int]
    files_skipped: int
    commit: str | None
    error: str | None
    seconds: float

    def as_dict(self) -> dict:
        return dict(self.__dict__)


class Lake:
    def __init__(self, root: str | os.PathLike | None = None):
        self.root = lake_root(root)
        self._check_version()

    # -- format -------------------------------------------------------------------------------------------------
    def _check_version(self) -> None:
        marker = self.root / "_lake.json"
        if not marker.exists():
            return
        try:
            version = json.loads(marker.read_text()).get("schema_version")
        except (OSError, ValueError) as exc:
            raise LakeError(f"{marker}: unreadable lake marker ({exc})") from None
        if version is None or version > LAKE_SCHEMA_VERSION:
            raise SchemaVersionError(
                f"{self.root}: lake schema version {version} is not readable by this codelake "
                f"(supports {LAKE_SCHEMA_VERSION}); upgrade codelake"
            )
        if version < LAKE_SCHEMA_VERSION:
            from .migrations import migrate

            migrate(self, version)

    def _ensure_layout(self) -> None:
        for sub in ("_snapshots", "_locks"):
            (self.root / sub).mkdir(parents=True, exist_ok=True)
        marker = self.root / "_lake.json"
        if not marker.exists():
            _write_json_atomic(marker, {"format": "codelake-lake", "schema_version": LAKE_SCHEMA_VERSION})

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
            raise LakeError(f"{path}: unreadable snapshot manifest ({exc})") from None
        if data.get("schema_version", 0) > LAKE_SCHEMA_VERSION:
            raise SchemaVersionError(f"{path}: written by a newer codelake (schema {data.get('schema_version')})")
        return Snapshot.from_json(data)

    def snapshot_files(self, repos: list[str] | None = None) -> dict[str, list[str]]:
        """Absolute file per table for every repository's current snapshot (one consistent set per repo)."""
        files: dict[str, list[str]] = {}
        for repo in repos or self.repos():
            for table, entry in self.snapshot(repo).tables.items():
                files.setdefault(table, []).append(str((self.root / entry["file"]).resolve()))
        return files

    def read_table(self, repo: str, table: str, snapshot: Snapshot | None = None, dictionary: list[str] | None = None):
        """The repository's current rows of ``table`` as a pyarrow Table, or None; ``dictionary`` names string
        columns to read dictionary-encoded."""
        import pyarrow.parquet as pq

        entry = (snapshot or self.snapshot(repo)).tables.get(table)
        if entry is None:
            return None
        # one known file: ParquetFile reads it without the dataset machinery (whose import alone costs ~45 ms)
        with pq.ParquetFile(self.root / entry["file"], read_dictionary=dictionary) as data:
            return data.read()

    # -- writing ------------------------------------------------------------------------------------------------
    @contextmanager
    def lock(self, repo: str, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
        """Serialize writers of one repository across processes; released by the kernel if the holder dies."""
        self._ensure_layout()
        path = self.root / "_locks" / f"{validate_repo_id(repo)}.lock"
        with open(path, "a+") as fh:
            deadline = time.monotonic() + timeout
            while True:
                try:
                    fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise LakeError(f"repository {repo!r} is being written by another process ({path})") from None
                    time.sleep(0.05)
            try:
                yield
            finally:
                fcntl.flock(fh.fileno(), fcntl.LOCK_UN)

    def run_extractor(self, repo: str, extractor, source_root: Path, options: dict | None = None,
                      progress=None, info: dict | None = None) -> RunSummary:
        """Run one extractor for one repository and publish its tables as a new snapshot (all or nothing)."""
        validate_repo_id(repo)
        bad = [t for t in extractor.tables if not TABLE_NAME.match(t)]
        if bad:
            raise ExtractError(f"extractor {extractor.name!r}: table names {bad} are not [a-z][a-z0-9_]*")
        with self.lock(repo):
            snap = self.snapshot(repo)
            self._sweep(repo, snap)
            run_id, started = new_run_id(), datetime.now(timezone.utc)
            cursor = Cursor.from_json(snap.cursors.get(extractor.name))
            ctx = RunContext(repo=repo, root=Path(source_root), run_id=run_id, options=dict(options or {}),
                             previous=lambda table, dictionary=None: self.read_table(repo, table, snap, dictionary),
                             progress=progress)
            staging = _Staging(self, repo, run_id, extractor)
            try:
                new_cursor = staging.consume(extractor.run(ctx, cursor))
                written = staging.finish(snap)
                status, error, failure = "ok", None, None
            except Exception as exc:
                failure = exc
                staging.abort()
                written, new_cursor, status = {}, cursor, "failed"
                error = f"{type(exc).__name__}: {exc}"
            summary = RunSummary(repo, extractor.name, run_id, status, staging.rows, ctx.counters.get("files_skipped", 0),
                                 new_cursor.commit, error, (datetime.now(timezone.utc) - started).total_seconds())
            written[RUNS_TABLE] = self._append_run(repo, snap, summary, extractor, started, ctx.counters)
            cursors = {extractor.name: new_cursor.to_json()} if status == "ok" else {}
            self.write_schemas({**extractor.tables, RUNS_TABLE: runs_schema()})
            self._publish(snap, written, cursors, info or {})
        if status != "ok":
            raise ExtractError(f"extractor {extractor.name!r} failed on repository {repo!r}: {error}") from failure
        return summary

    def _append_run(self, repo: str, snap: Snapshot, summary: RunSummary, extractor, started, counters) -> str:
        import pyarrow as pa

        others = {k: v for k, v in counters.items() if k != "files_skipped"}
        row = {
            "repo": repo, "run_id": summary.run_id, "extractor": extractor.name,
            "extractor_version": extractor.version, "commit": summary.commit, "started_at": started,
            "finished_at": datetime.now(timezone.utc), "status": summary.status,
            "rows": sum(summary.rows.values()), "files_skipped": summary.files_skipped,
            "error": summary.error, "counters": json.dumps(others, sort_keys=True),
        }
        schema = runs_schema()
        new = pa.Table.from_pylist([row], schema=schema)
        old = self.read_table(repo, RUNS_TABLE, snap)
        table = pa.concat_tables([align_table(old, schema), new]) if old is not None else new
        return write_table_file(self.table_dir(RUNS_TABLE, repo), summary.run_id, table, RUNS_TABLE)

    def write_schemas(self, schemas: dict) -> None:
        """Keep ``_schemas/<table>.parquet``: an empty file with the table's full schema, read by the catalog."""
        import pyarrow.parquet as pq

        folder = self.root / "_schemas"
        folder.mkdir(parents=True, exist_ok=True)
        for table, schema in schemas.items():
            path = folder / f"{table}.parquet"
            try:
                if pq.read_schema(path).remove_metadata().equals(schema.remove_metadata()):
                    continue
            except (OSError, ValueError):
                pass
            tmp = folder / f".{table}.tmp-{uuid.uuid4().hex[:8]}"
            pq.write_table(schema.empty_table(), tmp)
            _finalize(tmp, path)

    def table_dir(self, table: str, repo: str) -> Path:
        return self.root / table / f"repo={repo}"

    def _publish(self, snap: Snapshot, written: dict[str, str], cursors: dict, info: dict) -> None:
        now = time.time()
        for table, rel in written.items():
            old = snap.tables.get(table)
            if old and old["file"] != rel:
                snap.retired.append({"file": old["file"], "at": now})
            snap.tables[table] = {"file": rel, "run_id": Path(rel).stem}
        snap.cursors.update(cursors)
        snap.info.update(info)
        snap.snapshot, snap.updated_at = new_run_id(), datetime.now(timezone.utc).isoformat()
        expired = [r for r in snap.retired if now - r["at"] > RETAIN_SECONDS]
        snap.retired = [r for r in snap.retired if now - r["at"] <= RETAIN_SECONDS]
        _write_json_atomic(self.root / "_snapshots" / f"{snap.repo}.json", snap.to_json())
        for r in expired:
            (self.root / r["file"]).unlink(missing_ok=True)
        self._link_current(snap)

    def _link_current(self, snap: Snapshot) -> None:
        """Point each table's ``data.parquet`` at the snapshot's version (atomic rename of a fresh hard link)."""
        for entry in snap.tables.values():
            target = self.root / entry["file"]
            current = target.parent.parent / CURRENT_NAME
            try:
                if current.exists() and os.path.samefile(current, target):
                    continue
                tmp = current.with_name(f".data.tmp-{uuid.uuid4().hex[:8]}")
                os.link(target, tmp)
                os.replace(tmp, current)
            except OSError:
                continue  # a filesystem without hard links: the snapshot manifest still names the data

    def _sweep(self, repo: str, snap: Snapshot) -> None:
        """Delete what killed writers left: temporary files and versions no manifest names (caller holds the lock)."""
        keep = {e["file"] for e in snap.tables.values()} | {r["file"] for r in snap.retired}
        for version_dir in self.root.glob(f"*/repo={repo}/_v"):
            for path in version_dir.iterdir():
                if str(path.relative_to(self.root)) not in keep:
                    path.unlink(missing_ok=True)
            for tmp in version_dir.parent.glob(".data.tmp-*"):
                tmp.unlink(missing_ok=True)
        for tmp in (self.root / "_snapshots").glob(f".{repo}.json.tmp-*"):
            tmp.unlink(missing_ok=True)
        self._link_current(snap)


def align_table(table, schema):
    """Cast ``table`` to ``schema``: missing columns become nulls, extra columns are dropped (additive evolution)."""
    import pyarrow as pa

    columns = []
    for f in schema:
        if f.name in table.column_names:
            columns.append(table.column(f.name).cast(f.type))
        else:
            columns.append(pa.nulls(table.num_rows, f.type))
    return pa.Table.from_arrays(columns, schema=schema)


def _file_metadata(schema, table: str, run_id: str):
    meta = dict(schema.metadata or {})
    meta.update({b"codelake.schema_version": str(LAKE_SCHEMA_VERSION).encode(), b"codelake.table": table.encode(),
                 b"codelake.run_id": run_id.encode()})
    return schema.with_metadata(meta)


def _finalize(tmp: Path, final: Path) -> None:
    with open(tmp, "rb+") as fh:
        os.fsync(fh.fileno())
    os.replace(tmp, final)
    _fsync_dir(final.parent)


def write_table_file(table_dir: Path, run_id: str, table, name: str) -> str:
    """Write a whole (small) table as one new immutable version; returns its path relative to the lake root."""
    import pyarrow.parquet as pq

    version_dir = table_dir / "_v"
    version_dir.mkdir(parents=True, exist_ok=True)
    tmp, final = version_dir / f"{run_id}.tmp", version_dir / f"{run_id}.parquet"
    pq.write_table(table.replace_schema_metadata(_file_metadata(table.schema, name, run_id).metadata), tmp)
    _finalize(tmp, final)
    return str(final.relative_to(table_dir.parent.parent))


class _Staging:
    """Streams one run's batches to temporary files, then builds each table's new version."""

    def __init__(self, lake: Lake, repo: str, run_id: str, extractor):
        self.lake, self.repo, self.run_id, self.extractor = lake, repo, run_id, extractor
        self.schemas = {t: s for t, s in extractor.tables.items()}
        self.writers: dict = {}
        self.replace: dict[str, Replace] = {}
        self.rows: dict[str, int] = {t: 0 for t in self.schemas}

    def _tmp_path(self, table: str, suffix: str) -> Path:
        version_dir = self.lake.table_dir(table, self.repo) / "_v"
        version_dir.mkdir(parents=True, exist_ok=True)
        return version_dir / f"{self.run_id}.{suffix}"

    def consume(self, gen) -> Cursor:
        while True:
            try:
                item = next(gen)
            except StopIteration as stop:
                return stop.value if isinstance(stop.value, Cursor) else Cursor()
            if isinstance(item, Replace):
                self._schema(item.table)
                self.replace[item.table] = item
            elif isinstance(item, Batch):
                self._write(item.table, item.data)
            else:
                raise ExtractError(f"extractor {self.extractor.name!r} yielded {type(item).__name__}, not Batch/Replace")

    def _schema(self, table: str):
        if table not in self.schemas:
            raise ExtractError(f"extractor {self.extractor.name!r} wrote undeclared table {table!r}")
        return self.schemas[table]

    def _write(self, table: str, data) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        schema = self._schema(table)
        if isinstance(data, pa.RecordBatch):
            data = pa.Table.from_batches([data])
        if data.num_rows == 0:
            return
        missing = [n for n in schema.names if n not in data.column_names and n != "repo"]
        if missing:
            raise ExtractError(f"extractor {self.extractor.name!r}: table {table!r} batch lacks columns {missing}")
        data = data.drop_columns([c for c in ("repo",) if c in data.column_names])
        if table not in self.writers:
            path = self._tmp_path(table, "new.tmp")
            self.writers[table] = (path, pq.ParquetWriter(path, _file_metadata(schema, table, self.run_id)))
        for start in range(0, data.num_rows, ROW_GROUP):  # cast slice by slice: a big batch is not copied whole
            part = data.slice(start, ROW_GROUP)
            part = part.append_column("repo", pa.array([self.repo] * part.num_rows, pa.string()))
            self.writers[table][1].write_table(align_table(part, schema), row_group_size=ROW_GROUP)
        self.rows[table] += data.num_rows

    def finish(self, snap: Snapshot) -> dict[str, str]:
        written = {}
        for table, schema in self.schemas.items():
            written[table] = self._finish_table(table, schema, snap)
        return written

    def _finish_table(self, table: str, schema, snap: Snapshot) -> str:
        import pyarrow.parquet as pq

        new_path = None
        if table in self.writers:
            new_path, writer = self.writers.pop(table)
            writer.close()
        final = self._tmp_path(table, "parquet")
        replace, old_entry = self.replace.get(table), snap.tables.get(table)
        if replace is not None and old_entry is not None:
            tmp = self._tmp_path(table, "tmp")
            self._merge(self.lake.root / old_entry["file"], replace, new_path, schema, table, tmp)
        elif new_path is not None:
            tmp = new_path  # a whole new partition: the streamed file is the version
        else:
            tmp = self._tmp_path(table, "tmp")
            pq.write_table(schema.empty_table().replace_schema_metadata(
                _file_metadata(schema, table, self.run_id).metadata), tmp)
        _finalize(tmp, final)
        if new_path is not None and new_path != tmp:
            new_path.unlink(missing_ok=True)
        return str(final.relative_to(self.lake.root))

    def _merge(self, old_file: Path, replace: Replace, new_path: Path | None, schema, table: str, tmp: Path) -> None:
        """Old rows minus the replaced keys, then the run's rows, streamed batch by batch."""
        import pyarrow as pa
        import pyarrow.compute as pc
        import pyarrow.parquet as pq

        drop = pa.array(list(replace.keys))
        with pq.ParquetWriter(tmp, _file_metadata(schema, table, self.run_id)) as out:
            for batch in pq.ParquetFile(old_file).iter_batches(batch_size=ROW_GROUP):
                part = align_table(pa.Table.from_batches([batch]), schema)
                if len(drop):
                    part = part.filter(pc.invert(pc.is_in(part.column(replace.column), value_set=drop)))
                out.write_table(part.replace_schema_metadata(out.schema.metadata))
            if new_path is not None:
                for batch in pq.ParquetFile(new_path).iter_batches(batch_size=ROW_GROUP):
                    out.write_table(pa.Table.from_batches([batch]).replace_schema_metadata(out.schema.metadata))

    def abort(self) -> None:
        for path, writer in self.writers.values():
            try:
                writer.close()
            finally:
                path.unlink(missing_ok=True)
        self.writers.clear()
