"""Python call edges against PyCG's micro-benchmark (a call graph written down per snippet): precision and recall of
the direct calls between the snippets' own functions, overall and per category. See ``pycg_score`` for the mapping;
the corpus is a fetched clone of vitsalis/PyCG (``$CODELAKE_BENCH_CORPORA/pycg``), left out when absent."""

from __future__ import annotations

from tests.bench.pycg_score import score, snippets_root, totals


def bench() -> list[dict]:
    root = snippets_root()
    if not root.is_dir():
        return [{"name": "pycg micro-benchmark", "value": None, "unit": "", "floor": None, "ratio": None, "goal": None,
                 "note": f"left out: {root} is not there (fetch vitsalis/PyCG and clone it there)"}]
    results = score(root)
    every = totals((f"{c}/{n}", s) for c, snippets in results.items() for n, s in snippets.items())
    per_category = {c: totals(s.items()) for c, s in results.items()}
    weakest = sorted((t.recall or 0, c) for c, t in per_category.items() if t.truth)[:4]
    note = (f"{every.hits} of {len(every.truth)} written-down calls found, {len(every.found)} reported; weakest "
            "recall: " + ", ".join(f"{c} {r:.2f}" for r, c in weakest))
    return [{"name": "pycg micro-benchmark: call precision", "value": round(every.precision, 3), "unit": "",
             "floor": None, "ratio": None, "goal": ">= 0.90", "note": note},
            {"name": "pycg micro-benchmark: call recall", "value": round(every.recall, 3), "unit": "", "floor": None,
             "ratio": None, "goal": ">= 0.80", "note": "calls into builtins and installed packages left out"}]
