"""The report's plots as Vega-Lite specifications, built with Vega-Altair (one function per plot).

Each returns a dict (``chart.to_dict()``) or None when it has no data; the page renders them with vega-embed.
"""

from __future__ import annotations

import math

WIDTH = 620


def _alt():
    import altair as alt

    return alt


def _values(rows: list[dict], keys: list[str]) -> list[dict]:
    return [{k: (v if isinstance(v, (int, float, str, bool)) or v is None else str(v)) for k, v in r.items()
             if k in keys} for r in rows]


def size_and_freshness(repos: list[dict]) -> dict | None:
    alt = _alt()
    rows = [r for r in repos if r.get("files") is not None]
    if not rows:
        return None
    data = alt.Data(values=_values(rows, ["repo", "lines", "files", "symbols", "skipped", "freshness", "age_hours"]))
    return alt.Chart(data, title="Size (lines) and freshness").mark_bar().encode(
        x=alt.X("lines:Q", title="lines indexed"), y=alt.Y("repo:N", sort="-x", title=None),
        color=alt.Color("freshness:N", title="freshness"),
        tooltip=["repo:N", "files:Q", "lines:Q", "symbols:Q", "skipped:Q", "freshness:N", "age_hours:Q"],
    ).properties(width=WIDTH).to_dict()


def parse_status(repos: list[dict]) -> dict | None:
    alt = _alt()
    rows = []
    for r in repos:
        if r.get("files") is None:
            continue
        bad = (r.get("skipped") or 0) + (r.get("partial") or 0)
        rows += [{"repo": r["repo"], "status": "parsed", "files": r["files"] - bad},
                 {"repo": r["repo"], "status": "partly parsed", "files": r.get("partial") or 0},
                 {"repo": r["repo"], "status": "skipped", "files": r.get("skipped") or 0}]
    if not rows:
        return None
    return alt.Chart(alt.Data(values=rows), title="Files parsed, partly parsed and skipped").mark_bar().encode(
        x=alt.X("files:Q", stack="normalize", title="share of files"), y=alt.Y("repo:N", title=None),
        color=alt.Color("status:N", scale=alt.Scale(domain=["parsed", "partly parsed", "skipped"],
                                                    range=["#4c78a8", "#f58518", "#e45756"])),
        tooltip=["repo:N", "status:N", "files:Q"],
    ).properties(width=WIDTH).to_dict()


def hotspots(rows: list[dict]) -> dict | None:
    alt = _alt()
    if not rows:
        return None
    values = [{**r, "file": f"{r['repo']}: {r['path']}"} for r in _values(rows, ["repo", "path", "score", "revisions",
                                                                                "lines", "trend"])]
    return alt.Chart(alt.Data(values=values), title="Hotspots: recent revisions x lines (90 days)").mark_bar().encode(
        x=alt.X("score:Q"), y=alt.Y("file:N", sort="-x", title=None), color=alt.Color("repo:N"),
        tooltip=["repo:N", "path:N", "score:Q", "revisions:Q", "lines:Q", "trend:N"],
    ).properties(width=WIDTH - 200).to_dict()


def coupling(rows: list[dict]) -> dict | None:
    alt = _alt()
    if not rows:
        return None
    values = [{"file": f"{r['repo']}: {r['file']}", "coupled": f"{r['repo']}: {r['coupled']}", "degree": r["degree"],
               "shared_revs": r["shared_revs"]} for r in rows]
    return alt.Chart(alt.Data(values=values), title="Change coupling (degree %, code-maat)").mark_rect().encode(
        x=alt.X("coupled:N", title=None, axis=alt.Axis(labelAngle=-40, labelLimit=180)),
        y=alt.Y("file:N", title=None, axis=alt.Axis(labelLimit=220)),
        color=alt.Color("degree:Q", scale=alt.Scale(scheme="orangered"), title="degree"),
        tooltip=["file:N", "coupled:N", "degree:Q", "shared_revs:Q"],
    ).properties(width=360, height=360).to_dict()


def dead_code(rows: list[dict]) -> dict | None:
    alt = _alt()
    if not rows:
        return None
    return alt.Chart(alt.Data(values=_values(rows, ["repo", "dead_pct", "dead", "symbols", "high_confidence"])),
                     title="Dead-code share (unreferenced definitions, % of non-test symbols)").mark_bar().encode(
        x=alt.X("dead_pct:Q", title="% of symbols"), y=alt.Y("repo:N", sort="-x", title=None),
        tooltip=["repo:N", "dead:Q", "high_confidence:Q", "symbols:Q", "dead_pct:Q"],
    ).properties(width=WIDTH).to_dict()


def ownership(rows: list[dict]) -> dict | None:
    alt = _alt()
    if not rows:
        return None
    return alt.Chart(alt.Data(values=_values(rows, ["repo", "at_risk", "files", "at_risk_pct"])),
                     title="Knowledge-loss risk: files whose main developer left (no commit in 180 days)").mark_bar(
        color="#e45756").encode(
        x=alt.X("at_risk:Q", title="files at risk"), y=alt.Y("repo:N", sort="-x", title=None),
        tooltip=["repo:N", "at_risk:Q", "files:Q", "at_risk_pct:Q"],
    ).properties(width=WIDTH).to_dict()


def dependency_graph(repos: list[dict], deps: list[dict]) -> dict | None:
    """Repositories on a circle, an edge per dependency (width by references, a triangle at the used end)."""
    alt = _alt()
    if not deps:
        return None
    names = sorted({d["repo"] for d in deps} | {d["dst_repo"] for d in deps} | {r["repo"] for r in repos})
    pos = {n: (math.cos(2 * math.pi * i / len(names)), math.sin(2 * math.pi * i / len(names)))
           for i, n in enumerate(names)}
    edges, heads = [], []
    for d in deps:
        (x, y), (x2, y2) = pos[d["repo"]], pos[d["dst_repo"]]
        label = f"{d['repo']} uses {d['dst_repo']}"
        edges.append({"x": x, "y": y, "x2": x2, "y2": y2, "refs": d["refs"], "edge": label,
                      "symbols_used": d["symbols_used"]})
        heads.append({"x": x + 0.85 * (x2 - x), "y": y + 0.85 * (y2 - y), "refs": d["refs"], "edge": label,
                      "angle": math.degrees(math.atan2(x2 - x, y2 - y)) % 360})
    nodes = [{"x": x, "y": y, "repo": n} for n, (x, y) in pos.items()]
    axis = alt.Axis(labels=False, ticks=False, grid=False, domain=False, title=None)
    scale = alt.Scale(domain=[-1.35, 1.35])
    xe, ye = alt.X("x:Q", axis=axis, scale=scale), alt.Y("y:Q", axis=axis, scale=scale)
    lines = alt.Chart(alt.Data(values=edges)).mark_rule(color="#888", opacity=0.7).encode(
        x=xe, y=ye, x2="x2:Q", y2="y2:Q", strokeWidth=alt.StrokeWidth("refs:Q", scale=alt.Scale(range=[1, 6]),
                                                                      legend=None),
        tooltip=["edge:N", "refs:Q", "symbols_used:Q"])
    arrows = alt.Chart(alt.Data(values=heads)).mark_point(shape="triangle", filled=True, size=120,
                                                          color="#555").encode(
        x=xe, y=ye, angle=alt.Angle("angle:Q", scale=alt.Scale(domain=[0, 360], range=[0, 360])),
        tooltip=["edge:N", "refs:Q"])
    dots = alt.Chart(alt.Data(values=nodes)).mark_circle(size=500, color="#4c78a8").encode(x=xe, y=ye,
                                                                                          tooltip=["repo:N"])
    labels = alt.Chart(alt.Data(values=nodes)).mark_text(dy=-20, fontSize=12).encode(x=xe, y=ye, text="repo:N")
    return alt.layer(lines, arrows, dots, labels, title="Cross-repository dependencies (who uses whose packages)") \
        .properties(width=460, height=460).to_dict()


def evaluation(rows: list[dict]) -> dict | None:
    alt = _alt()
    rows = [r for r in rows if r.get("signal")]
    if not rows:
        return None
    values = [{"repo": r["repo"], "signal": r["signal"], "metric": m, "value": r.get(m)}
              for r in rows for m in ("hit_1", "hit_3", "hit_10", "recall_10") if r.get(m) is not None]
    return alt.Chart(alt.Data(values=values), title="Self-evaluation: next-commit prediction by signal").mark_bar() \
        .encode(x=alt.X("signal:N", title=None), y=alt.Y("value:Q", scale=alt.Scale(domain=[0, 1])),
                color="signal:N", column=alt.Column("metric:N", title=None), row=alt.Row("repo:N", title=None),
                tooltip=["repo:N", "signal:N", "metric:N", "value:Q"]).properties(width=120, height=140).to_dict()
