"""Hostile inputs under their budgets, and what the budgets cost on real code.

- Files built to exhaust the parser (issue #7 item 7), each indexed alone by a fresh process: the time, against a
  floor of tree-sitter parsing the same bytes, and the goal of the per-file budget (plus process start-up).
- The budget layer on real code: indexing pytest (a fetched corpus under /work/corpora; else this repository) with
  the budgets on (default) against the same index with them off (``CODELAKE_FILE_BUDGET=0``: in-process, no parse
  callback, no forked child), in CPU seconds of the process tree with one worker, best of three each.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CORPUS = Path("/work/corpora/pytest")
BUDGET = 5.0  # per file, for the hostile rows (20 s by default)

INDEX = """
import json, resource, sys, time
from pathlib import Path
from pipeline.lake import Lake
from extractors.structure import StructureExtractor
started = time.perf_counter()
summary = Lake(sys.argv[1]).run_extractor("r", StructureExtractor(), Path(sys.argv[2]))
cpu = sum(u.ru_utime + u.ru_stime for u in map(resource.getrusage, (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)))
files = Lake(sys.argv[1]).read_table("r", "files").to_pylist()
print(json.dumps({"seconds": time.perf_counter() - started, "cpu": cpu,
                  "reasons": {f["path"]: f["skip_reason"] for f in files}}))
"""

HOSTILE = {
    "250 KB of JavaScript: 50,000 nested calls (118-264 s before)": ("nested.js", lambda: "f(x,\n" * 50_000 + "1"
                                                                     + ")" * 50_000 + ";\n"),
    "200 KB of Python: 40,000 nested calls (20-146 s before)": ("nested.py", lambda: "x = (\n" + "f(x,\n" * 40_000
                                                                + "1" + ")" * 40_000 + ")\n"),
    "120 KB of JavaScript: 60,000 '(' in one error node": ("parens.js", lambda: "(\n" * 60_000),
}


def _index(root: Path, budget: float | None, workers: int | None = None) -> dict:
    env = {**os.environ, **({"CODELAKE_FILE_BUDGET": str(budget)} if budget is not None else {}),
           **({"CODELAKE_WORKERS": str(workers)} if workers else {})}
    with tempfile.TemporaryDirectory(prefix="codelake-bench-") as lake:
        proc = subprocess.run([sys.executable, "-c", INDEX, lake, str(root)], capture_output=True, text=True, env=env,
                              cwd=REPO, timeout=1800)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-500:])
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _parse_floor(path: Path) -> float:
    from extractors.structure.languages import language_for
    from tree_sitter_language_pack import get_parser

    parser = get_parser(language_for(path.name).grammar)
    data = path.read_bytes()
    started = time.perf_counter()
    parser.parse(data)
    return time.perf_counter() - started


def bench() -> list[dict]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="codelake-hostile-") as tmp:
        for name, (file, make) in HOSTILE.items():
            root = Path(tmp) / file.replace(".", "_")
            root.mkdir()
            (root / file).write_text(make())
            result = _index(root, BUDGET)
            floor = _parse_floor(root / file)
            rows.append({"name": f"hostile: {name}", "value": round(result["seconds"], 2), "unit": "s",
                         "floor": round(floor, 3), "ratio": round(result["seconds"] / floor, 1),
                         "goal": f"<= {BUDGET:g} s budget + start-up", "note": result["reasons"][file]})
    root = CORPUS if CORPUS.is_dir() else REPO
    on = min(_index(root, None, workers=1)["cpu"] for _ in range(3))
    off = min(_index(root, 0, workers=1)["cpu"] for _ in range(3))
    rows.append({"name": f"budget layer on real code: structure index of {root.name}, CPU", "value": round(on, 2),
                 "unit": "s", "floor": round(off, 2), "ratio": round(on / off, 2), "goal": "<= 1.1",
                 "note": "one worker, CPU of the process and its children (wall time is noise on a shared machine); "
                         "floor: the same index with CODELAKE_FILE_BUDGET=0" + (
                     "" if CORPUS.is_dir() else f" ({CORPUS} not fetched: this repository instead)")})
    return rows
