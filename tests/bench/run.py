"""``make bench``: every ``tests/bench/bench_*.py`` module's ``bench()`` rows, printed and saved as JSON.

A row is ``{"name", "value", "unit", "floor", "ratio", "goal", "note"}``: ``floor`` is the reference measured in the
same run on the same input (tree-sitter parse-only, bare ``git log``...), ``ratio`` = value / floor. Speed is never
asserted in tests; it is measured here.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
import time
from pathlib import Path

from pipeline.cli.output import emit

RESULTS = Path("data") / "bench"


def main(argv: list[str]) -> int:
    import tests.bench as package

    only = set(argv)
    rows = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        if not info.name.startswith("bench_") or (only and info.name not in only):
            continue
        started = time.perf_counter()
        module = importlib.import_module(f"tests.bench.{info.name}")
        print(f"== {info.name}", flush=True)
        for row in module.bench():
            row.setdefault("suite", info.name)
            rows.append(row)
            print("   " + json.dumps(row), flush=True)
        print(f"   ({time.perf_counter() - started:.0f} s)", flush=True)
    columns = ["suite", "name", "value", "unit", "floor", "ratio", "goal", "note"]
    emit(columns, [tuple(r.get(c) for c in columns) for r in rows], max_width=70)
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / time.strftime("bench-%Y%m%d-%H%M%S.json")
    out.write_text(json.dumps(rows, indent=1, default=str))
    print(f"saved {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
