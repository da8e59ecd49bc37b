"""The report page: one HTML file with the Vega JavaScript inlined (no network needed to view it).

vl-convert bundles vega, vega-lite and vega-embed into one script (about 0.9 MB); bundling takes seconds, so the
bundle is cached per vl-convert version under the user's cache folder. Every value placed in the page is escaped:
paths and names come from repositories nobody here controls.
"""

from __future__ import annotations

import html
import json
import os
from pathlib import Path

STYLE = """
body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1100px;color:#222;padding:0 16px}
h1{margin-bottom:4px} h2{margin-top:36px;border-bottom:1px solid #ddd;padding-bottom:4px}
.meta{color:#666} .tiles{display:flex;flex-wrap:wrap;gap:12px;margin:16px 0}
.tile{border:1px solid #ddd;border-radius:6px;padding:8px 14px;min-width:120px}
.tile .v{font-size:22px;font-weight:600} .tile .k{color:#666;font-size:12px}
table{border-collapse:collapse;margin:8px 0;font-size:13px} td,th{border-bottom:1px solid #eee;padding:3px 8px;
text-align:left} th{background:#f6f6f6} .bad{color:#b00020} .note{color:#666;font-style:italic}
.chart{margin:12px 0}
"""


def js_bundle() -> str:
    import vl_convert

    version = getattr(vl_convert, "__version__", None) or vl_convert.get_vega_embed_version()
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "codelake"
    path = cache / f"vega-bundle-{version}.js"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        pass
    script = vl_convert.javascript_bundle()
    try:
        cache.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(script, encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only home: bundle again next time
    return script


def script_json(value) -> str:
    """JSON safe inside <script>: no '</script>' or '<!--' can be formed by the data."""
    return json.dumps(value).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def esc(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:,.1f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    if isinstance(value, (list, tuple)):
        return html.escape(", ".join(map(str, value)))
    return html.escape(str(value))


def table(rows: list[dict], columns: list[str], classes: dict | None = None) -> str:
    if not rows:
        return ""
    head = "".join(f"<th>{esc(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td{_cls(classes, c, r)}>{esc(r.get(c))}</td>" for c in columns) + "</tr>"
                   for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _cls(classes: dict | None, column: str, row: dict) -> str:
    test = (classes or {}).get(column)
    return ' class="bad"' if test and test(row) else ""


def tiles(items: list[tuple[str, str, object]]) -> str:
    """Key numbers, each with a data-key attribute (tests and scrapers find them without parsing prose)."""
    return '<div class="tiles">' + "".join(
        f'<div class="tile" data-key="{esc(key)}"><div class="v">{esc(value) if value is not None else "-"}</div>'
        f'<div class="k">{esc(label)}</div></div>' for key, label, value in items) + "</div>"


def chart_div(index: int, name: str, spec: dict | None, empty: str) -> tuple[str, dict | None]:
    if spec is None:
        return f'<p class="note" data-empty="{esc(name)}">{esc(empty)}</p>', None
    return f'<div class="chart" id="chart-{index}" data-chart="{esc(name)}"></div>', spec


def page(title: str, meta: str, body: str, specs: dict[str, dict]) -> str:
    embeds = script_json(specs)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{esc(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>{STYLE}</style>
<script>{js_bundle()}</script></head>
<body><h1>{esc(title)}</h1><p class="meta">{meta}</p>
{body}
<script>
(function () {{
  const specs = {embeds};
  const jobs = Object.keys(specs).map(function (id) {{
    return vegaEmbed('#' + id, specs[id], {{renderer: 'svg', actions: false}});
  }});
  Promise.all(jobs).then(function () {{ window.codelakeRendered = jobs.length; }},
                         function (err) {{ window.codelakeRendered = -1; console.error(err); }});
}})();
</script></body></html>
"""
