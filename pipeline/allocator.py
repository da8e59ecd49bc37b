"""Which allocator pyarrow uses in codelake's processes: one decision, made here.

pyarrow's default pool (mimalloc, in the Linux wheels) hands its arenas back and faults them in again: measured on
sympy (2 cores), a full index's serial writes of ``refs`` and ``edges`` took 2.5-4.7 s against 1.5-1.8 s, with
twice the system time and 120 MiB more peak memory, and a one-file update 50-80 MiB more. jemalloc, where the build has it, was the fastest on the
index and as fast as the system allocator on an update; the system allocator is the fallback. A one-shot command
that reads a few shards and exits (``codelake update``) takes the system allocator: jemalloc's arenas kept its peak
~10 MiB higher at the same CPU time (site-packages hub update, 4 alternating pairs: 157-158 against 144-148 MiB, user
0.46-0.52 against 0.44-0.46 s). A pool the user names in ``ARROW_DEFAULT_MEMORY_POOL`` is kept.

The choice has to be made before pyarrow first allocates: Arrow's C++ code (the Parquet reader and writer, compute
kernels) reads that variable once, and ``pyarrow.set_memory_pool`` only moves what Python-level calls allocate.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

POOL_VARIABLE = "ARROW_DEFAULT_MEMORY_POOL"


def use_lake_allocator(one_shot: bool = False) -> None:
    """Name the pool for Arrow's C++ code (it has not read the variable yet when pyarrow is not imported) and, when
    pyarrow is imported already, for its Python-level allocations too (buffers made before stay valid: each goes
    back to the pool it came from). ``one_shot``: the process runs one short update and exits."""
    if os.environ.get(POOL_VARIABLE):
        return
    pool = "jemalloc" if not one_shot and _has_jemalloc() else "system"
    os.environ[POOL_VARIABLE] = pool
    pa = sys.modules.get("pyarrow")
    if pa is not None:
        pa.set_memory_pool(pa.jemalloc_memory_pool() if pool == "jemalloc" else pa.system_memory_pool())


def _has_jemalloc() -> bool:
    """Whether the installed pyarrow was built with jemalloc, from its build header (without importing it: an
    unknown pool named in the variable makes Arrow print a warning on every run)."""
    from importlib.util import find_spec

    try:
        spec = find_spec("pyarrow")
        config = Path(spec.origin).parent / "include" / "arrow" / "util" / "config.h"
        return "#define ARROW_JEMALLOC" in config.read_text(errors="replace")
    except (AttributeError, TypeError, OSError, ValueError):
        return False
