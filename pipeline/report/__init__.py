"""``codelake report``: the org report, one self-contained HTML file (the render stage: it reads views, writes HTML).

Sections: repositories (size, freshness, files parsed or skipped, last run), hotspots, change coupling, dead-code
share, ownership risks (knowledge loss), the cross-repository dependency graph and the map's self-evaluation
(``codelake eval``'s figures, when present). ``write_report`` is also the nightly flow's org step.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path

from ..errors import CodelakeError


def write_report(lake, context: dict | None = None) -> dict:
    """Write the report to ``context['report']`` (default ``<lake>/_report/report.html``); returns its path and a
    one-line summary. ``context`` may carry the nightly run's ``outcomes`` (shown per repository) and ``repos``."""
    try:
        from . import charts  # noqa: F401  (altair: the report extra)
        import altair  # noqa: F401
        import vl_convert  # noqa: F401
    except ImportError as exc:
        raise CodelakeError(f"the report needs altair and vl-convert-python: pip install 'codelake[report]' ({exc})") \
            from None
    from ..catalog import connect
    from .data import collect

    context = context or {}
    out = Path(context.get("report") or Path(lake.root) / "_report" / "report.html")
    data = collect(connect(lake), lake, context.get("repos"), context.get("outcomes"))
    text = render(data)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.{uuid.uuid4().hex[:8]}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, out)  # a reader never sees half a report
    t = data["totals"]
    summary = (f"{t['repositories']} repositories, {t['files']:,} files, {t['symbols']:,} symbols, "
               f"{t['cross_repo_refs']:,} cross-repository references")
    return {"path": str(out.resolve()), "summary": summary, "bytes": len(text.encode())}


def render(data: dict) -> str:
    from . import charts
    from .html import chart_div, esc, page, table, tiles

    t = data["totals"]
    specs: dict[str, dict] = {}
    parts: list[str] = []

    def plot(name: str, spec, empty: str) -> None:
        div, spec = chart_div(len(specs) + len(parts), name, spec, empty)
        if spec is not None:
            specs[div.split('id="', 1)[1].split('"', 1)[0]] = spec
        parts.append(div)

    parts.append(tiles([
        ("repositories", "repositories", t["repositories"]), ("files", "files", t["files"]),
        ("lines", "lines", t["lines"]), ("symbols", "symbols", t["symbols"]),
        ("skipped_files", "files skipped", t["skipped_files"]),
        ("stale_repositories", "repositories behind HEAD", t["stale_repositories"]),
        ("dead_code_pct", "dead code (% of symbols)", t["dead_code_pct"]),
        ("files_at_risk", "files at knowledge-loss risk", t["files_at_risk"]),
        ("cross_repo_refs", "cross-repository references", t["cross_repo_refs"]),
        ("failed_repositories", "repositories that failed last run", len(t["failed_repositories"])),
    ]))
    if t["failed_repositories"]:
        parts.append(f'<p class="bad">Failed in the last run: {esc(t["failed_repositories"])}</p>')
    parts.append("<h2>Repositories</h2>")
    plot("size", charts.size_and_freshness(data["repos"]), "No repository indexed yet.")
    plot("parse_status", charts.parse_status(data["repos"]), "No structure tables yet.")
    parts.append(table(data["repos"], ["repo", "files", "lines", "symbols", "skipped", "partial", "commits",
                                       "tool_calls", "indexed_commit", "freshness", "updated_at", "run_status",
                                       "run_reason"],
                       {"freshness": lambda r: r.get("freshness") not in ("current", None),
                        "run_status": lambda r: r.get("run_status") in ("failed", "partial")}))
    parts.append("<h2>Hotspots</h2>")
    plot("hotspots", charts.hotspots(data["hotspots"]), "No git history in the lake (the git extractor fills it).")
    parts.append("<h2>Change coupling</h2>")
    plot("coupling", charts.coupling(data["coupling"]),
         "No pair of files changed together often enough (or no git history).")
    parts.append("<h2>Dead code</h2>")
    plot("dead_code", charts.dead_code(data["dead_code"]), "No structure tables yet.")
    parts.append("<h2>Ownership risks</h2>")
    plot("ownership", charts.ownership(data["ownership"]), "No git history in the lake.")
    parts.append(table(data["risks"], ["repo", "path", "main_dev", "ownership", "revisions", "main_dev_last_active"]))
    parts.append("<h2>Cross-repository dependencies</h2>")
    plot("dependencies", charts.dependency_graph(data["repos"], data["dependencies"]),
         "No repository uses another indexed repository's packages (or no manifests were read: packages extractor).")
    parts.append(table(data["dependencies"], ["repo", "dst_repo", "packages", "refs", "resolved", "symbols_used",
                                              "files"]))
    parts.append("<h2>Self-evaluation of the map</h2>")
    plot("eval", charts.evaluation(data["eval"]), "No self-evaluation saved: codelake eval --repo R --format json > <lake>/_exports/R/eval.json")
    parts.append(table(data["eval"], ["repo", "signal", "queries", "hit_1", "hit_3", "hit_10", "recall_10"]))
    meta = f"Lake {esc(data['lake'])}, generated {esc(data['generated_at'])}."
    return page("codelake report", meta, "\n".join(parts), specs)
