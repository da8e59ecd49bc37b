"""Precision and recall of codelake's structure extractor against Sourcegraph's SCIP indexers (compiler-grade
references) on fetched real repositories: hono (TypeScript, scip-typescript), httpx (Python, scip-python), three held
out (requests and uvicorn, Python; h3, TypeScript: compared only after the rules were written) and express (plain
CommonJS, scip-typescript with an inferred tsconfig; its SCIP truth is partial, see its note).

Without node, npm or a repository the row says so and the rest go on. The indexers install from the npm registry
into ``~/.cache/codelake-bench`` (never into the repository); see ``tests/bench/scip/`` for what is compared and how
SCIP maps onto codelake. ``python -m tests.bench.scip`` runs only this, with samples of misses and false positives.
"""

from __future__ import annotations

from tests.bench.scip import report
from tests.bench.scip.harness import run
from tests.bench.scip.indexers import TARGETS, Unavailable


def bench() -> list[dict]:
    rows, runs, skipped = [], [], {}
    for name in TARGETS:
        try:
            done = run(name)
        except Unavailable as exc:
            skipped[name] = str(exc)
            rows.append({"name": f"scip {name}", "value": None, "unit": "", "floor": None, "ratio": None,
                         "goal": None, "note": f"left out: {exc}"})
            continue
        runs.append(done)
        rows.extend(report.rows(done))
    if runs:
        out = report.save(runs, skipped)
        rows[-1]["note"] += f"; details and samples in {out.relative_to(report.RESULTS.parents[1])}"
    return rows
