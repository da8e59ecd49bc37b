"""Ordered lake migrations: ``MIGRATIONS[n]`` upgrades a lake from schema version ``n`` to ``n + 1``.

Renaming or dropping a table or column is a breaking change of the public contract: bump
``pipeline.LAKE_SCHEMA_VERSION`` and append a migration here that rewrites the affected files.
"""

from __future__ import annotations

import json

from .errors import SchemaVersionError

MIGRATIONS: dict[int, object] = {}  # version -> callable(lake); none needed yet at version 1


def migrate(lake, from_version: int) -> None:
    from . import LAKE_SCHEMA_VERSION
    from .lake import _write_json_atomic

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
    _write_json_atomic(marker, data)
