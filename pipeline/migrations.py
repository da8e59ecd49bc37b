"""Ordered lake migrations: ``MIGRATIONS[n]`` upgrades a lake from schema version ``n`` to ``n + 1``.

Renaming or dropping a table or column, or moving files, is a breaking change of the public contract: bump
``pipeline.LAKE_SCHEMA_VERSION`` and append a migration here. Migrations run only in a writer, under the lake-wide
migration lock and each repository's writer lock (``Lake.prepare_write``), never as a side effect of a read-only
command; each step is idempotent, so a migration killed half-way is finished by the next writer.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from .errors import SchemaVersionError
from .fsio import write_json_atomic


def _v1_to_v2(lake) -> None:
    """Version 1 kept versions inside the table folders (``<table>/repo=<repo>/_v/<run>.parquet`` plus a hard-linked
    ``data.parquet``), so engines reading a table folder read every version, and typed ``repo=`` as a partition.
    Version 2 moves the versions to ``_versions/<repo>/`` and leaves only current shards in table folders."""
    for manifest in sorted((lake.root / "_snapshots").glob("*.json")):
        if manifest.name.startswith("."):
            continue
        repo = manifest.stem
        with lake._flock(lake.root / "_locks" / f"{repo}.lock", _timeout(), f"repository {repo!r} is being written"):
            _migrate_repo(lake, repo)
    for folder in lake.root.glob("*/repo=*"):  # versions no manifest names any more
        if folder.is_dir():
            shutil.rmtree(folder, ignore_errors=True)


def _migrate_repo(lake, repo: str) -> None:
    snap = lake.snapshot(repo)
    for table, entry in snap.tables.items():
        if "shards" in entry:
            continue  # moved by an earlier, interrupted migration
        moved = _move_version(lake, table, repo, entry["file"])
        if moved is None:  # its file is gone: the table is left out, and the next index writes it again
            continue
        snap.tables[table] = {"shard_by": None, "hash": "crc32", "run_id": entry.get("run_id"),
                              "rows": moved["rows"], "shards": [moved]}
    snap.tables = {t: e for t, e in snap.tables.items() if "shards" in e}
    snap.retired = []  # version 1 kept them inside the folders removed below
    write_json_atomic(lake.root / "_snapshots" / f"{repo}.json", snap.to_json())
    for table in snap.tables:
        shutil.rmtree(lake.root / table / f"repo={repo}", ignore_errors=True)
        lake._link_current(snap, table)


def _move_version(lake, table: str, repo: str, rel: str) -> dict | None:
    import pyarrow.parquet as pq

    source = lake.root / rel
    folder = lake.version_dir(table, repo)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{table}-{Path(rel).stem}-0.parquet"
    if not target.exists():
        if not source.exists():
            return None
        try:
            os.link(source, target)
        except OSError:
            shutil.copyfile(source, target)
    try:
        rows = pq.read_metadata(target).num_rows
    except Exception:  # damaged already: moved as it is, for `codelake check` to name and `index --full` to rebuild
        rows = None
    return {"file": str(target.relative_to(lake.root)), "rows": rows, "bytes": target.stat().st_size}


def _timeout() -> float:
    from .lake import lock_timeout

    return lock_timeout()


MIGRATIONS: dict[int, object] = {1: _v1_to_v2}


def migrate(lake, from_version: int) -> None:
    from . import LAKE_SCHEMA_VERSION

    version = from_version
    while version < LAKE_SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SchemaVersionError(f"{lake.root}: no migration from lake schema version {version}")
        step(lake)
        version += 1
    marker = lake.root / "_lake.json"
    data = json.loads(marker.read_text())
    data["schema_version"] = version
    write_json_atomic(marker, data)
