"""Persistent DuckDB database files over the lake, for clients without codelake (the ``duckdb`` CLI, DBeaver, a
notebook's ``duckdb.connect(FILE)``).

A database holds the same ``lake_<table>()`` macros and views as ``pipeline.catalog``, naming the version files of
every repository's snapshot at the time it was written, plus a table ``codelake_snapshots(repo, snapshot)`` saying
which. It is built under a temporary name and renamed into place, so a client opening it gets the old one or the
new one, whole. The lake remembers the databases made (``_databases.json``) and every writing run rebuilds them
(``refresh_after_write``; an ``update`` in a background process, not to make the agent's hook wait). A connection
keeps the snapshot it opened: the versions it names stay readable at least ``CODELAKE_RETAIN_SECONDS`` (600) after a
newer snapshot replaces them; reconnect to see newer data.

Run as ``python -m pipeline.databases LAKE`` it refreshes the databases of that lake (what the background does).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

from .errors import LakeError
from .fsio import write_json_atomic

REGISTRY = "_databases.json"
DEFAULT_NAME = "codelake.duckdb"
REFRESH_ENV = "CODELAKE_DUCKDB_REFRESH"  # sync | background | off (default: sync, background for updates)


def default_path(lake) -> Path:
    return lake.root / DEFAULT_NAME


def write_database(lake, out: Path) -> dict:
    """Build the database for the lake's current snapshots at ``out`` (atomically); returns what it names."""
    import duckdb

    out = Path(out).resolve()
    refuse_target(out)
    try:
        return _write_database(lake, out)
    except (OSError, duckdb.IOException) as exc:
        raise LakeError(f"cannot write the database {out}: {str(exc).splitlines()[0]}") from None


def refuse_target(out: Path) -> None:
    """One line, before anything is built, for an ``out`` that is a folder or someone's file (not a database)."""
    if out.is_dir():
        raise LakeError(f"{out}: is a folder; --out names the database file (say {out / DEFAULT_NAME})")
    if not is_database_or_free(out):
        raise LakeError(f"{out}: exists and is not a DuckDB database: nothing was written (name another file)")


def is_database_or_free(path: Path) -> bool:
    """No file, an empty one, or a DuckDB database (its header: 8 bytes of checksum, then the magic ``DUCK``)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(12)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return not head or head[8:12] == b"DUCK"


def _write_database(lake, out: Path) -> dict:
    from .catalog import connect

    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.tmp-{uuid.uuid4().hex[:8]}")
    try:
        catalog = connect(lake, database=str(tmp))
        snapshots = sorted(catalog.current.snapshots.items())
        catalog.con.execute("CREATE OR REPLACE TABLE codelake_snapshots (repo VARCHAR, snapshot VARCHAR)")
        if snapshots:
            catalog.con.executemany("INSERT INTO codelake_snapshots VALUES (?, ?)", snapshots)
        catalog.con.execute("CHECKPOINT")
        catalog.con.close()
        os.replace(tmp, out)
    finally:
        tmp.unlink(missing_ok=True)
        Path(f"{tmp}.wal").unlink(missing_ok=True)
    return {"path": str(out), "views": len(catalog.views), "skipped": catalog.skipped,
            "damaged": sorted(catalog.damaged), "fingerprint": fingerprint(lake)}


def fingerprint(lake) -> str:
    """What a database reflects: every repository's snapshot id (cheap: the manifests only)."""
    return json.dumps({repo: lake.snapshot(repo).snapshot for repo in lake.repos()}, sort_keys=True)


def register(lake, out: Path) -> dict:
    """``codelake duckdb``: write the database now and keep it fresh after every writing run."""
    with _registry_lock(lake):
        result = write_database(lake, out)
        entries = _entries(lake)
        entries[result["path"]] = {"fingerprint": result["fingerprint"]}
        write_json_atomic(lake.root / REGISTRY, {"databases": entries})
    return result


def refresh(lake) -> list[str]:
    """Rebuild every registered database that does not reflect the current snapshots; returns their paths."""
    done = []
    with _registry_lock(lake):
        entries = _entries(lake)
        current = fingerprint(lake)
        for path, entry in list(entries.items()):
            if not Path(path).parent.is_dir() or not is_database_or_free(Path(path)):
                del entries[path]  # its folder is gone, or its name holds someone's file now: forgotten
                continue
            if entry.get("fingerprint") == current and Path(path).exists():
                continue  # an earlier refresh already wrote this state (updates in a row coalesce)
            entries[path] = {"fingerprint": write_database(lake, Path(path))["fingerprint"]}
            done.append(path)
        write_json_atomic(lake.root / REGISTRY, {"databases": entries})
    return done


def refresh_after_write(lake, background: bool = False) -> None:
    """Called by every writer after it published: nothing to do (one stat) unless a database was made."""
    if not (lake.root / REGISTRY).exists():
        return
    mode = os.environ.get(REFRESH_ENV) or ("background" if background else "sync")
    if mode == "off":
        return
    if mode == "background":
        subprocess.Popen([sys.executable, "-m", "pipeline.databases", str(lake.root)], start_new_session=True,
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         cwd=str(Path(__file__).resolve().parents[1]))
        return
    refresh(lake)


def _entries(lake) -> dict:
    try:
        data = json.loads((lake.root / REGISTRY).read_text())
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        raise LakeError(f"{lake.root / REGISTRY}: unreadable ({exc}); delete it and run `codelake duckdb` again")
    entries = data.get("databases") if isinstance(data, dict) else None
    return dict(entries) if isinstance(entries, dict) else {}


def _registry_lock(lake):
    from .lake import lock_timeout

    lake.prepare_write()
    return lake._flock(lake.root / "_locks" / "_databases.lock", lock_timeout(), "the lake's databases are being "
                       "written")


def main(argv: list[str]) -> int:
    from .lake import Lake

    refresh(Lake(argv[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
