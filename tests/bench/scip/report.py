"""Figures, benchmark rows and the dated result file of a comparison run."""

from __future__ import annotations

import json
import time
from dataclasses import asdict
from pathlib import Path

from .harness import Run

RESULTS = Path(__file__).resolve().parents[3] / "data" / "bench"
GOALS = {"files_f1": 0.80, "calls_precision": 0.70, "calls_recall": 0.80, "blast_miss_share": 0.20}


def figures(run: Run) -> dict:
    r = run.result
    unknown_share = ((r.blast_missed + r.blast_unknown) / (r.blast_targets + r.blast_unknown)
                     if r.blast_targets + r.blast_unknown else 0.0)
    return {
        "repo": run.target.name, "commit": run.commit, "language": run.target.language,
        "compared_files": r.compared_files,
        "files_precision": r.files.precision, "files_recall": r.files.recall, "files_f1": r.files.f1,
        "calls_precision": r.calls.precision, "calls_recall": r.calls.recall, "calls_f1": r.calls.f1,
        "refs_precision": r.refs.precision, "refs_recall": r.refs.recall,
        "blast_miss_share": r.blast_miss_share, "blast_targets": r.blast_targets, "blast_missed": r.blast_missed,
        "blast_unknown": r.blast_unknown, "blast_miss_share_with_unknown": unknown_share,
        "callers_miss_share": r.callers_missed / r.blast_targets if r.blast_targets else 0.0,
        "counts": {"files": asdict(r.files), "calls": asdict(r.calls), "refs": asdict(r.refs)},
        "losses": dict(r.losses), "miss_categories": dict(r.miss_categories.most_common()),
        "false_positive_categories": dict(r.false_positive_categories.most_common()),
        "seconds": {k: round(v, 2) for k, v in run.seconds.items()}, "note": run.target.note,
    }


def rows(run: Run) -> list[dict]:
    f, name = figures(run), run.target.name
    c = f["counts"]
    extra = f" ({run.target.note})" if run.target.note else ""
    return [
        _row(name, "file dependencies F1", f["files_f1"], GOALS["files_f1"], ">=",
             f"precision {f['files_precision']:.2f}, recall {f['files_recall']:.2f} over {c['files']['truth']} "
             f"real file pairs, {f['compared_files']} files{extra}"),
        _row(name, "caller -> callee precision", f["calls_precision"], GOALS["calls_precision"], ">=",
             f"{c['calls']['matched']} of {c['calls']['found']} codelake call pairs are real"),
        _row(name, "caller -> callee recall", f["calls_recall"], GOALS["calls_recall"], ">=",
             f"{c['calls']['matched']} of {c['calls']['truth']} real call pairs found"),
        _row(name, "functions whose blast radius misses a caller", f["blast_miss_share"],
             GOALS["blast_miss_share"], "<=",
             f"{f['blast_missed']} of {f['blast_targets']} called functions, methods and classes; "
             f"{f['blast_miss_share_with_unknown']:.2f} counting {f['blast_unknown']} called symbols codelake "
             f"has none for; direct callers only (depth 1): {f['callers_miss_share']:.2f}"),
        _row(name, "all references precision / recall", f["refs_precision"], None, "",
             f"recall {f['refs_recall']:.2f}: types, variables, properties and imports too "
             f"({c['refs']['matched']} of {c['refs']['truth']})"),
    ]


def _row(repo: str, label: str, value: float, goal: float | None, sense: str, note: str) -> dict:
    return {"name": f"scip {repo}: {label}", "value": round(value, 3), "unit": "", "floor": None, "ratio": None,
            "goal": f"{sense} {goal:.2f}" if goal is not None else None, "note": note}


def save(runs: list[Run], skipped: dict[str, str]) -> Path:
    """A dated JSON file under data/bench: figures, losses and the samples, per repository."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / time.strftime("scip-%Y%m%d-%H%M%S.json")
    data = {"date": time.strftime("%Y-%m-%d %H:%M:%S"), "skipped": skipped,
            "repos": [{**figures(run), "misses": run.result.misses, "false_positives": run.result.false_positives,
                       "blast_samples": run.result.blast_samples} for run in runs]}
    out.write_text(json.dumps(data, indent=1, default=str))
    return out
