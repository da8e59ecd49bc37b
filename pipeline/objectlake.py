"""A lake on object storage (``s3://bucket/prefix``): the local lake's layout and API, published without renames.

``Lake(root)`` returns an ``ObjectLake`` when the root is such a URI (``pipeline.location``). The layout is the local
lake's (``pipeline.lake``), with two differences, because S3 has no rename and no lock::

    _snapshots/<repo>/<sequence>.json    the repository's snapshots, numbered; the current one is the highest
    _locks/<repo>.lock                   a lock object: {"owner", "host", "pid", "expires"}, renewed while held
    _snapshots/<repo>/<sequence>.copied  an empty marker: the part copies of that snapshot are complete
    <table>/<repo>/part-<k>.parquet      copies of the current shards (server-side copies, not hard links)

How a run publishes, atomically: it writes its new version files in a local staging folder (``storage.cache_dir``),
uploads them under names no snapshot uses yet (``_versions/<repo>/<table>-<run>-<k>.parquet``, invisible to every
reader), then creates the manifest ``<sequence + 1>.json`` with a conditional PUT (``If-None-Match: *``). A reader
lists the manifests and reads the highest: the old snapshot or the new one, whole. A writer killed before that PUT
leaves files no manifest names (swept by a later writer after ``ORPHAN_GRACE``); killed after it, only the
``part-<k>`` copies may lag (any later writer, or ``codelake check``, shows and repairs that).

Writers of one repository: the lock object is created with ``If-None-Match: *`` and renewed every third of its
time to live (``CODELAKE_LOCK_TTL``, 60 s) with ``If-Match: <etag>``; a holder that died is taken over once its lock
expired. The lock is a courtesy that makes the second writer wait instead of fail: correctness rests on the manifest's
create-only PUT, which lets exactly one of two writers that started from the same snapshot publish (the other fails
with ``LakeConflict``, having changed nothing). A store that ignores conditional writes cannot be made safe for two
writers: the first lock of every writing process probes it, and refuses to write to one that does.

What stays local-only: the exports and hooks (``_exports/``), queued post-edit updates (an update waits for the
writer instead), ``codelake duckdb`` database files, the report; each refuses an object-storage lake with one line.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from . import LAKE_SCHEMA_VERSION
from .errors import LakeError
from .lake import (CURRENT, PENDING, RUNS_TABLE, TABLE_NAME, VERSIONS, VIEWS, Lake, LakeBusy, RunSummary,
                   Snapshot, _checked_views, advance, lake_root, lock_timeout, owner_of)
from .repos import validate_repo_id
from .shards import shards_of
from .storage import ObjectFiles, cache_dir

LOCK_TTL = 60.0  # default of CODELAKE_LOCK_TTL: seconds a lock outlives its last renewal
ORPHAN_GRACE = 3600.0  # unnamed version files younger than this may be a live writer's upload: kept
KEEP_MANIFESTS = 8  # older manifests than the newest few are deleted (a reader that lost the race reads again)
MANIFEST = "{:012d}.json"
COPIED = "{:012d}.copied"  # written once the part-<k> copies of that snapshot are complete


class LakeConflict(LakeBusy):
    """Another writer published a snapshot of the repository since this run read it: nothing was changed."""


class ObjectRoot:
    """``ObjectLake.root``: prints as the URI; used as a local folder (``root / name``, ``os.fspath``) it raises,
    so a local-only feature refuses an object-storage lake in one line instead of writing a folder named ``s3:``."""

    def __init__(self, uri: str):
        self.uri = uri

    def __str__(self) -> str:
        return self.uri

    __repr__ = __str__

    def __eq__(self, other) -> bool:
        return str(other) == self.uri

    def __hash__(self) -> int:
        return hash(self.uri)

    def _local_only(self, *_):
        raise LakeError(f"the lake at {self.uri} is on object storage: this works on a local lake only (exports, "
                        f"agent hooks, `codelake duckdb` files and the report are local; index, update, status, sql, "
                        f"queries and check work on both)")

    __truediv__ = __fspath__ = resolve = _local_only


def lock_ttl() -> float:
    return float(os.environ.get("CODELAKE_LOCK_TTL", LOCK_TTL))


class ObjectLake(Lake):
    def __init__(self, root: str | None = None):
        uri = str(self.__dict__.pop("_found", None) or lake_root(root)).rstrip("/")
        self._files = ObjectFiles(uri)
        self.uri = self._files.location("")
        self.root = ObjectRoot(self.uri)
        self.staging_root = cache_dir(self.uri)
        self._listed: dict[str, set[str]] = {}  # repo -> names under _snapshots/<repo>/ at the last listing
        self._run_tables: set[str] = set()  # the tables the running extractor writes
        self._conditional_ok = False  # the store honours If-None-Match (check_conditional_writes)
        self.format_version = self._read_version()

    @property
    def files(self) -> ObjectFiles:
        return self._files

    # -- reading ------------------------------------------------------------------------------------------------
    def _read_version(self) -> int | None:
        try:
            text = self.files.read_text("_lake.json")
        except OSError as exc:
            raise LakeError(f"{self.uri}: cannot read the lake ({_first_line(exc)})") from None
        if text is None:
            return None
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise LakeError(f"{self.files.location('_lake.json')}: unreadable lake marker ({exc})") from None
        return self._version_of(data, self.files.location("_lake.json"))

    def repos(self) -> list[str]:
        return sorted(e.name for e in self.files.listdir("_snapshots") if e.is_dir and not e.name.startswith("."))

    def _sequences(self, repo: str) -> list[int]:
        """The manifests' numbers, in order (the listing is kept: it also says which copies are complete)."""
        names = {e.name for e in self.files.listdir(f"_snapshots/{repo}")}
        self._listed[repo] = names
        return sorted(int(n[:-len(".json")]) for n in names if n.endswith(".json") and n[:-len(".json")].isdigit())

    def snapshot(self, repo: str) -> Snapshot:
        """The highest-numbered manifest (read again when a writer pruned it between the listing and the read)."""
        validate_repo_id(repo)
        for _ in range(5):
            sequences = self._sequences(repo)
            if not sequences:
                return _numbered(Snapshot(repo=repo), 0)
            rel = f"_snapshots/{repo}/{MANIFEST.format(sequences[-1])}"
            text = self.files.read_text(rel)
            if text is None:
                continue
            try:
                data = json.loads(text)
            except ValueError as exc:
                raise LakeError(f"{self.files.location(rel)}: unreadable snapshot manifest ({exc}); `codelake drop "
                                f"{repo}` and index it again") from None
            if not isinstance(data, dict):
                raise LakeError(f"{self.files.location(rel)}: not a snapshot manifest")
            return _numbered(self._snapshot_of(data, self.files.location(rel), repo), sequences[-1])
        raise LakeError(f"repository {repo!r}: its snapshots changed faster than they could be read; try again")

    def snapshot_files(self, repos: list[str] | None = None) -> dict[str, list[str]]:
        files: dict[str, list[str]] = {}
        for repo in repos or self.repos():
            snap = self.snapshot(repo)
            for table, entry in snap.tables.items():
                if not entry.get("internal"):
                    files.setdefault(table, []).extend(self.files.location(f) for f in snap.files(table))
        return files

    def local_file(self, rel: str) -> Path:
        """The machine's copy of an immutable version file, fetched when it has none."""
        local = self.staging_root / rel
        if not local.exists():
            try:
                self.files.download(rel, local)
            except FileNotFoundError:
                pass  # read_file names it missing
        return local

    # -- writing ------------------------------------------------------------------------------------------------
    def prepare_write(self) -> None:
        if self.format_version == LAKE_SCHEMA_VERSION:
            return
        if self.format_version is None:
            marker = {"format": "codelake-lake", "schema_version": LAKE_SCHEMA_VERSION}
            self.files.create("_lake.json", _json(marker))  # the first writer's marker; a second finds it there
            self.format_version = self._read_version()
        if self.format_version != LAKE_SCHEMA_VERSION:
            raise LakeError(f"{self.uri}: lake schema version {self.format_version}; migrations run on local lakes "
                            f"only (copy it to a folder, run any writer there, copy it back)")

    def check_conditional_writes(self) -> None:
        """Refuse a store that ignores ``If-None-Match: *`` (some S3-compatible servers do, silently): on it, two
        writers could overwrite each other's manifests. Probed once per process, by creating the lake marker again
        (it exists: the PUT must be refused; had it been accepted, it rewrote the same bytes)."""
        if self._conditional_ok:
            return
        marker = self.files.read_bytes("_lake.json")
        if marker is not None and self.files.create("_lake.json", marker) is not None:
            raise LakeError(f"{self.uri}: this object store ignored a conditional write (If-None-Match: *), so two "
                            f"writers could overwrite each other's snapshots; codelake does not write to it (AWS S3, "
                            f"MinIO, Cloudflare R2 and other stores that honour conditional writes work)")
        self._conditional_ok = True

    @contextmanager
    def lock(self, repo: str, timeout: float | None = None) -> Iterator[None]:
        self.prepare_write()
        self.check_conditional_writes()
        held = ObjectLock(self.files, f"_locks/{validate_repo_id(repo)}.lock",
                          f"repository {repo!r} is being written by another process")
        held.acquire(lock_timeout() if timeout is None else timeout)
        try:
            yield
        finally:
            held.release()

    def _run_locked(self, repo: str, extractor, source_root: Path, options: dict, progress, info) -> RunSummary:
        self._run_tables = set(extractor.tables) | {RUNS_TABLE}
        return super()._run_locked(repo, extractor, source_root, options, progress, info)

    def _interrupted(self, repo: str) -> bool:
        return True  # the sweep also fetches the files a run merges into: every run makes it

    def _mark_writing(self, repo: str, writing: bool) -> None:
        pass

    def _sweep(self, repo: str, snap: Snapshot) -> None:
        """Fetch the files of the run's tables this machine lacks (a run merges into them), delete what killed
        writers left long enough ago, and repair the current copies if the last writer died before finishing them."""
        keep = {f for t in snap.tables for f in snap.files(t)} | {r["file"] for r in snap.retired}
        for rel in sorted(f for t in snap.tables if t in self._run_tables for f in snap.files(t)):
            self.local_file(rel)
        now = time.time()
        for entry in self.files.listdir(f"{VERSIONS}/{repo}"):
            rel = f"{VERSIONS}/{repo}/{entry.name}"
            if rel not in keep and entry.mtime is not None and now - entry.mtime > ORPHAN_GRACE:
                self.files.delete(rel)
        if COPIED.format(snap.sequence) not in self._listed.get(repo, ()):  # the last writer died before the end
            for table in snap.tables:
                self._link_current(snap, table)

    def _publish(self, snap: Snapshot, written: dict[str, dict], cursors: dict, info: dict, owners: dict) -> None:
        before = {t: snap.files(t) for t in snap.tables}
        uploaded = [f for t, e in written.items() for f in (s["file"] for s in shards_of(e))
                    if f not in before.get(t, [])]
        expired = advance(snap, written, cursors, info, owners)
        for rel in uploaded:
            self.files.upload(self.staging_root / rel, rel)
        sequence = getattr(snap, "sequence", 0) + 1
        snap.sequence = sequence
        if not self.files.create(f"_snapshots/{snap.repo}/{MANIFEST.format(sequence)}", _json(snap.to_json())):
            for rel in uploaded:
                self.files.delete(rel)
            raise LakeConflict(f"repository {snap.repo!r}: another writer published snapshot {sequence} first (its "
                               f"lock was lost or expired); this run changed nothing: run it again")
        for r in expired:
            self.files.delete(r["file"])
        for table in written:
            self._link_current(snap, table, before.get(table))
        self.files.write_bytes(f"_snapshots/{snap.repo}/{COPIED.format(sequence)}", b"")
        self._prune(snap)

    def _link_current(self, snap: Snapshot, table: str, before: list[str] | None = None) -> None:
        """``<table>/<repo>/`` holds a copy of each current shard as ``part-<k>.parquet`` and nothing else. After a
        publish (``before``: the previous files) only the changed shards are copied; a repair compares sizes, then,
        for a copy of the right size, the source it recorded (two versions of a small shard often have one size: an
        update that changes a file's hash and line count rewrites ``files`` byte for byte as long)."""
        if (snap.tables.get(table) or {}).get("internal"):
            return
        folder = f"{table}/{snap.repo}"
        wanted = {CURRENT.format(k): s for k, s in enumerate(shards_of(snap.tables[table]))}
        present = {e.name: e.size for e in self.files.listdir(folder)}
        for k, (name, shard) in enumerate(wanted.items()):
            unchanged = before is not None and k < len(before) and before[k] == shard["file"]
            if name in present and (unchanged or (before is None and present[name] == shard.get("bytes")
                                                  and self.files.same(shard["file"], f"{folder}/{name}"))):
                continue
            self.files.copy(shard["file"], f"{folder}/{name}")
        for name in present:
            if name not in wanted and (name.endswith(".parquet") or name.startswith(".")):
                self.files.delete(f"{folder}/{name}")

    def _prune(self, snap: Snapshot) -> None:
        """Older manifests, and this machine's copies of files no snapshot still names."""
        sequences = self._sequences(snap.repo)
        for sequence in sequences[:-KEEP_MANIFESTS]:
            self.files.delete(f"_snapshots/{snap.repo}/{MANIFEST.format(sequence)}")
            if COPIED.format(sequence) in self._listed[snap.repo]:
                self.files.delete(f"_snapshots/{snap.repo}/{COPIED.format(sequence)}")
        keep = {f for t in snap.tables for f in snap.files(t)} | {r["file"] for r in snap.retired}
        folder = self.staging_root / VERSIONS / snap.repo
        for path in folder.iterdir() if folder.is_dir() else []:
            if f"{VERSIONS}/{snap.repo}/{path.name}" not in keep:
                path.unlink(missing_ok=True)

    def write_schemas(self, schemas: dict) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        for table, schema in schemas.items():
            rel = f"_schemas/{table}.parquet"
            try:
                if self.files.read_schema(rel).remove_metadata().equals(schema.remove_metadata()):
                    continue
            except Exception:  # missing or damaged: written again
                pass
            out = pa.BufferOutputStream()
            pq.write_table(schema.empty_table(), out)
            self.files.write_bytes(rel, out.getvalue().to_pybytes())

    def _install_views(self, extractor) -> None:
        views = _checked_views(extractor)
        folder = f"{VIEWS}/{owner_of(extractor)}"
        present = {e.name for e in self.files.listdir(folder)}
        for name, text in views.items():
            if f"{name}.sql" not in present or self.files.read_text(f"{folder}/{name}.sql") != text:
                self.files.write_bytes(f"{folder}/{name}.sql", text.encode("utf-8"))
        for name in present:
            if name.endswith(".sql") and name[:-len(".sql")] not in views:
                self.files.delete(f"{folder}/{name}")

    def drop(self, repo: str) -> bool:
        """Remove a repository: its manifests first, the newest last (a reader never falls back to an older
        snapshot), then its files."""
        validate_repo_id(repo)
        try:
            with self.lock(repo):
                sequences = self._sequences(repo)
                if not sequences:
                    return False
                for sequence in sequences:
                    self.files.delete(f"_snapshots/{repo}/{MANIFEST.format(sequence)}")
                self.files.delete_tree(f"_snapshots/{repo}")
                tables = [e.name for e in self.files.listdir("") if e.is_dir and TABLE_NAME.fullmatch(e.name)]
                for folder in [f"{t}/{repo}" for t in tables] + [f"{VERSIONS}/{repo}", f"{PENDING}/{repo}"]:
                    self.files.delete_tree(folder)
        except OSError as exc:
            raise LakeError(f"cannot write the lake at {self.uri}: {_first_line(exc)}") from None
        return True

    def defer(self, repo: str, extractor, source_root: Path, options: dict, info: dict) -> RunSummary:
        """Nothing is queued on object storage (no agent hook writes to it): the update waits for the writer
        holding the repository (``CODELAKE_LOCK_TIMEOUT``), then runs."""
        return self.run_extractor(repo, extractor, source_root, options=options, info=info)

    def _drain(self, repo: str) -> None:
        return None  # nothing is queued on object storage (``defer``)

    def after_write(self, background: bool = False, graph_of: str | None = None) -> None:
        return None  # `codelake duckdb` files and walk indexes are local-only


class ObjectLock:
    """A writer's lock as an object: created only if absent, renewed while held, taken over once expired."""

    def __init__(self, files: ObjectFiles, rel: str, busy: str):
        self.files, self.rel, self.busy = files, rel, busy
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.etag: str | None = None
        self.stop = threading.Event()
        self.renewer: threading.Thread | None = None

    def _body(self) -> bytes:
        return _json({"owner": self.owner, "expires": time.time() + lock_ttl()})

    def acquire(self, timeout: float) -> None:
        deadline, pause = time.monotonic() + timeout, 0.05
        while not self._try():
            if time.monotonic() >= deadline:
                held = self._holder()
                raise LakeBusy(f"{self.busy} ({self.files.location(self.rel)}, held by {held}); waited {timeout:g} s")
            time.sleep(pause)
            pause = min(pause * 2, 1.0)
        self.renewer = threading.Thread(target=self._renew, name="codelake-lock", daemon=True)
        self.renewer.start()

    def _try(self) -> bool:
        self.etag = self.files.create(self.rel, self._body())
        if self.etag:
            return True
        found = self.files.read_tagged(self.rel)
        if found is None:
            return False  # released just now: the next try creates it
        data, etag = found
        if _expires(data) > time.time():
            return False
        self.etag = self.files.replace(self.rel, self._body(), etag)  # its holder died or stalled: taken over
        return bool(self.etag)

    def _renew(self) -> None:
        while not self.stop.wait(lock_ttl() / 3):
            try:
                self.etag = self.files.replace(self.rel, self._body(), self.etag) if self.etag else None
            except OSError:  # a transient error: tried again at the next tick, before the lock expires
                continue
            if not self.etag:
                return  # lost: the manifest's create-only PUT still keeps the publish safe

    def _holder(self) -> str:
        found = self.files.read_tagged(self.rel)
        try:
            return json.loads(found[0]).get("owner", "?") if found else "nobody now"
        except ValueError:
            return "?"

    def release(self) -> None:
        self.stop.set()
        if self.renewer is not None:
            self.renewer.join()
        if self.etag:
            try:
                self.files.delete_if(self.rel, self.etag)
            except OSError:  # a transient error: the lock expires after its time to live anyway
                pass


def _expires(data: bytes) -> float:
    try:
        return float(json.loads(data).get("expires", 0))
    except (ValueError, TypeError, AttributeError):
        return 0.0  # not a lock this codelake wrote: treated as expired


def _numbered(snap: Snapshot, sequence: int) -> Snapshot:
    snap.sequence = sequence  # which manifest it was read from: the next publish creates sequence + 1
    return snap


def _json(data: dict) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode("utf-8")


def _first_line(exc) -> str:
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
