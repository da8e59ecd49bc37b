"""The map's self-evaluation saved beside the exports (``<lake>/_exports/<repo>/eval.json``), where the org report
and people read it: ``codelake eval`` writes it, and the nightly run refreshes it when it is older than
``CODELAKE_EVAL_EVERY_DAYS`` (default 7: the evaluation indexes the repository again as of its split commit, too
much for every night)."""

from __future__ import annotations

import json
import os
import time
from datetime import datetime, timezone
from pathlib import Path

EVAL_FILE = "eval.json"
EVERY_DAYS = 7.0


def eval_path(lake, repo: str) -> Path:
    from ..repos import validate_repo_id

    return Path(lake.root) / "_exports" / validate_repo_id(repo) / EVAL_FILE


def save_eval(lake, report) -> list[Path]:
    """One ``eval.json`` per repository the report evaluated: its rows (as ``codelake eval --format json`` prints
    them, under ``results``), the split and the notes about it."""
    from ..fsio import write_json_atomic
    from .export import repo_lock

    written = []
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    for repo in sorted({row[0] for row in report.rows}):
        rows = [dict(zip(report.columns, row)) for row in report.rows if row[0] == repo]
        notes = [n for n in report.notes if n.startswith(f"{repo}: ")]
        path = eval_path(lake, repo)
        data = {"v": 1, "repo": repo, "evaluated_at": now, "split": report.splits.get(repo), "notes": notes,
                "results": rows}
        path.parent.parent.mkdir(parents=True, exist_ok=True)
        with repo_lock(path.parent.parent, repo):  # not while an export swaps the folder it lands in
            path.parent.mkdir(parents=True, exist_ok=True)
            write_json_atomic(path, json.loads(json.dumps(data, default=str)))  # timestamps as ISO text
        written.append(path)
    return written


def refresh_eval(lake, repo: str) -> dict:
    """A nightly step: evaluate ``repo`` again when its saved evaluation is missing or older than the period."""
    from ..errors import CodelakeError
    from ..map.evaluate import evaluate
    from . import LOCAL_ONLY

    if not lake.files.local:
        return dict(LOCAL_ONLY)
    days = float(os.environ.get("CODELAKE_EVAL_EVERY_DAYS", EVERY_DAYS))
    path = eval_path(lake, repo)
    try:
        age = time.time() - path.stat().st_mtime
    except OSError:
        age = None
    if days <= 0 or (age is not None and age < days * 86400):
        return {"status": "skipped", "reason": "evaluated recently" if days > 0 else "CODELAKE_EVAL_EVERY_DAYS=0"}
    try:
        report = evaluate(lake, repo=repo)
    except CodelakeError as exc:  # no history to learn from, no index: the report says "not evaluated"
        return {"status": "skipped", "reason": str(exc)}
    written = save_eval(lake, report)
    return {"written": [str(p) for p in written], "notes": report.notes}
