"""What the report shows, read from the lake's views (the report computes nothing the SQL can).

Each section is a list of plain dicts; a section whose views are missing (no history mined, no manifests, no
self-evaluation yet) is empty and the page says what would fill it.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

HOTSPOTS = 15
COUPLED_FILES = 14
RISKS = 15


def collect(catalog, lake, repos: list[str] | None = None, outcomes: list[dict] | None = None) -> dict:
    keep = set(repos) if repos else None
    data = {
        "generated_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "lake": str(Path(lake.root).resolve()) if lake.files.local else str(lake.root),
        "repos": _repos(catalog, lake, outcomes),
        "hotspots": _hotspots(catalog),
        "coupling": _coupling(catalog),
        "dead_code": _dead_code(catalog),
        "ownership": _ownership(catalog),
        "risks": _risk_files(catalog),
        "dependencies": _dependencies(catalog),
        "eval": _eval(lake),
    }
    if keep:
        for key in ("repos", "hotspots", "coupling", "dead_code", "ownership", "risks", "eval"):
            data[key] = [r for r in data[key] if r.get("repo") in keep]
        data["dependencies"] = [r for r in data["dependencies"] if r["repo"] in keep or r["dst_repo"] in keep]
    data["totals"] = _totals(data, outcomes)
    return data


def _rows(catalog, view: str | tuple, query: str, params=None) -> list[dict]:
    needed = (view,) if isinstance(view, str) else view
    if any(v not in catalog.views for v in needed):
        return []
    columns, rows = catalog.rows(query, params)
    return [dict(zip(columns, r)) for r in rows]


def _repos(catalog, lake, outcomes: list[dict] | None) -> list[dict]:
    from ..query import status

    columns, rows = status(catalog, lake)
    lines = {r["repo"]: r["lines"] for r in _rows(catalog, "files", "SELECT repo, sum(lines) AS lines FROM files "
                                                                     "GROUP BY repo")}
    by_repo = {o["repo"]: o for o in outcomes or []}
    out = []
    for row in rows:
        r = dict(zip(columns, row))
        run = by_repo.get(r["repo"], {})
        out.append({**r, "lines": int(lines.get(r["repo"]) or 0), "age_hours": _age_hours(r.get("updated_at")),
                    "run_status": run.get("status"), "run_reason": run.get("reason")})
    for repo, run in by_repo.items():  # a repository that failed before anything reached the lake
        if repo not in {r["repo"] for r in out}:
            out.append({"repo": repo, "files": None, "lines": 0, "freshness": "never indexed", "age_hours": None,
                        "run_status": run.get("status"), "run_reason": run.get("reason")})
    return out


def _age_hours(updated_at: str | None) -> float | None:
    if not updated_at:
        return None
    try:
        return round((datetime.now(timezone.utc) - datetime.fromisoformat(updated_at)).total_seconds() / 3600, 1)
    except ValueError:
        return None


def _hotspots(catalog) -> list[dict]:
    return _rows(catalog, ("hotspots", "commits"),
                 "SELECT repo, path, score, revisions, lines, trend FROM hotspots(window_days := 90) "
                 "ORDER BY score DESC, revisions DESC, repo, path LIMIT ?", [HOTSPOTS])


def _coupling(catalog) -> list[dict]:
    """Pairs among the files with the most coupling (code-maat's sum of coupling), with their degree."""
    return _rows(catalog, ("co_change", "sum_of_coupling"), """
        WITH top AS (SELECT repo, path FROM sum_of_coupling() ORDER BY soc DESC, repo, path LIMIT ?)
        SELECT c.repo, c.file, c.coupled, c.degree, c.shared_revs
        FROM co_change(min_revs := 3, min_shared_revs := 3, min_coupling := 20) c
        JOIN top a ON a.repo = c.repo AND a.path = c.file
        JOIN top b ON b.repo = c.repo AND b.path = c.coupled
        ORDER BY c.repo, c.file, c.coupled""", [COUPLED_FILES])


def _dead_code(catalog) -> list[dict]:
    return _rows(catalog, "dead_code", """
        WITH total AS (SELECT repo, count(*) AS symbols FROM symbols WHERE kind <> 'module' AND NOT is_test
                       GROUP BY repo),
             dead AS (SELECT repo, count(*) AS dead, count(*) FILTER (WHERE confidence >= 0.9) AS sure
                      FROM dead_code GROUP BY repo)
        SELECT t.repo, t.symbols, coalesce(d.dead, 0) AS dead, coalesce(d.sure, 0) AS high_confidence,
               round(100.0 * coalesce(d.dead, 0) / greatest(t.symbols, 1), 1) AS dead_pct
        FROM total t LEFT JOIN dead d USING (repo) ORDER BY t.repo""")


def _ownership(catalog) -> list[dict]:
    return _rows(catalog, "ownership", """
        SELECT repo, count(*) AS files, count(*) FILTER (WHERE knowledge_loss) AS at_risk,
               round(100.0 * count(*) FILTER (WHERE knowledge_loss) / count(*), 1) AS at_risk_pct
        FROM ownership() WHERE kind = 'file' GROUP BY repo ORDER BY repo""")


def _risk_files(catalog) -> list[dict]:
    return _rows(catalog, "ownership", """
        SELECT repo, path, main_dev_name AS main_dev, ownership, revisions, main_dev_last_active
        FROM ownership() WHERE kind = 'file' AND knowledge_loss
        ORDER BY revisions DESC, total_added DESC, repo, path LIMIT ?""", [RISKS])


def _dependencies(catalog) -> list[dict]:
    return _rows(catalog, "repo_dependencies",
                 "SELECT repo, dst_repo, packages, refs, resolved, symbols_used, files FROM repo_dependencies "
                 "ORDER BY refs DESC, repo, dst_repo")


def _eval(lake) -> list[dict]:
    """The map's self-evaluation when it was saved where the report looks: ``<lake>/_exports/<repo>/eval.json``,
    the JSON ``codelake eval --repo R --format json`` prints (rows of repo, signal, weights, queries, answered,
    hit_1, hit_3, hit_10, recall_10; ``{"results": rows}`` is read too)."""
    rows = []
    if not lake.files.local:
        return rows  # saved beside local lakes only (exports.evaluation)
    for path in sorted(Path(lake.root, "_exports").glob("*/eval.json")):
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        items = data.get("results") if isinstance(data, dict) else data
        for item in items if isinstance(items, list) else []:
            if isinstance(item, dict) and item.get("signal"):
                rows.append({"repo": item.get("repo") or path.parent.name, "signal": _signal(item),
                             **{k: item.get(k) for k in ("queries", "hit_1", "hit_3", "hit_10", "recall_10")}})
    return rows


def _signal(item: dict) -> str:
    weights = item.get("weights")
    return f"{item['signal']} ({weights})" if weights and weights != "default" else str(item["signal"])


def _totals(data: dict, outcomes: list[dict] | None) -> dict:
    repos = data["repos"]
    dead = data["dead_code"]
    owned = data["ownership"]
    symbols = sum(r["symbols"] for r in dead)
    return {
        "repositories": len(repos),
        "files": sum(r.get("files") or 0 for r in repos),
        "lines": sum(r.get("lines") or 0 for r in repos),
        "symbols": sum(r.get("symbols") or 0 for r in repos),
        "skipped_files": sum(r.get("skipped") or 0 for r in repos),
        "stale_repositories": sum(1 for r in repos if r.get("freshness") not in ("current", None)),
        "dead_code_pct": round(100.0 * sum(r["dead"] for r in dead) / symbols, 1) if symbols else None,
        "files_at_risk": sum(r["at_risk"] for r in owned) if owned else None,
        "cross_repo_refs": sum(r["refs"] for r in data["dependencies"]),
        "failed_repositories": sorted(o["repo"] for o in outcomes or [] if o.get("status") in ("failed", "partial")),
    }
