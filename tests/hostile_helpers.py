"""Helpers of the hostile-input tests: run codelake as a separate process with an outer timeout, read back every
value the lake holds (decoded, not grepped as bytes), and fingerprint folders that must stay untouched."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Iterator

OUTER_TIMEOUT = 300  # generous: a hang fails the test instead of the suite


def codelake(*args: str, env: dict | None = None, timeout: float = OUTER_TIMEOUT) -> subprocess.CompletedProcess:
    """``codelake ARGS`` in its own process; raises subprocess.TimeoutExpired if it hangs."""
    full_env = {**os.environ, "CODELAKE_DEBUG": "1", **(env or {})}
    return subprocess.run([sys.executable, "-m", "pipeline.cli.main", *args], capture_output=True, text=True,
                          env=full_env, timeout=timeout)


def lake_values(lake_root: Path) -> Iterator[tuple[str, str]]:
    """(file, value) for every string the lake holds: each Parquet column decoded, each JSON document parsed."""
    import pyarrow.parquet as pq

    for path in sorted(p for p in lake_root.rglob("*") if p.is_file()):
        rel = str(path.relative_to(lake_root))
        if path.suffix == ".parquet":
            for column in pq.read_table(path).columns:
                for value in column.to_pylist():
                    yield from ((rel, v) for v in _strings(value))
        elif path.suffix == ".json":
            yield from ((rel, v) for v in _strings(json.loads(path.read_text())))


def _strings(value) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def holding(lake_root: Path, *needles: str) -> list[tuple[str, str]]:
    """Lake values containing any of ``needles``."""
    return [(f, v) for f, v in lake_values(lake_root) if any(n in v for n in needles)]


def fingerprint(folder: Path) -> dict[str, tuple]:
    """Every entry under ``folder`` with its type, size and modification time (lstat: links are not followed)."""
    out = {}
    for path in [folder, *folder.rglob("*")]:
        info = path.lstat()
        out[str(path.relative_to(folder))] = (info.st_mode, info.st_size, info.st_mtime_ns)
    return out
