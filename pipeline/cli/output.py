"""Rendering rows as a table, JSON, JSON lines or CSV (``--format``).

CSV ends lines with ``\n`` (not the csv module's ``\r\n``) and writes a list or a mapping as a JSON array or object
in its cell, so a reader gets the same values as from ``--format json``; ``jsonl`` writes one object per row as it
goes, for streaming into another tool.
"""

from __future__ import annotations

import csv
import datetime as _dt
import json
import sys


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.3g}"
    if isinstance(value, (_dt.datetime, _dt.date)):
        return value.isoformat(sep=" ", timespec="seconds") if isinstance(value, _dt.datetime) else value.isoformat()
    return str(value)


def _csv_cell(value) -> str:
    if isinstance(value, (list, tuple, dict)):
        return json.dumps(_jsonable(value), ensure_ascii=False)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)  # full precision: a CSV is read by programs
    return _cell(value)


def _jsonable(value):
    if isinstance(value, (_dt.datetime, _dt.date)):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    return value if value is None or isinstance(value, (str, int, float, bool)) else str(value)


def emit(columns: list[str], rows: list[tuple], fmt: str = "table", out=None, max_width: int = 80) -> None:
    out = out or sys.stdout
    if fmt == "json":
        json.dump([dict(zip(columns, map(_jsonable, r))) for r in rows], out, indent=1, ensure_ascii=False)
        out.write("\n")
    elif fmt == "jsonl":
        for r in rows:
            out.write(json.dumps(dict(zip(columns, map(_jsonable, r))), ensure_ascii=False) + "\n")
    elif fmt == "csv":
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows([[_csv_cell(v) for v in r] for r in rows])
    else:
        _table(columns, rows, out, max_width)


# A table is read on a terminal: a repository's file names, symbols and commit authors are not trusted, and their
# control characters (an escape sequence recolours or retitles the terminal, a newline breaks the row) and
# bidirectional overrides (the text shown is not the text stored) are shown escaped. JSON escapes them itself; CSV
# is for programs and keeps the values as stored.
_INVISIBLE = {c: f"\\x{c:02x}" for c in (*range(0x20), *range(0x7f, 0xa0))} | {
    c: f"\\u{c:04x}" for c in (*range(0x202a, 0x202f), *range(0x2066, 0x206a), 0x200e, 0x200f, 0x061c)}


def _visible(text: str) -> str:
    return text.translate(_INVISIBLE)


def _table(columns, rows, out, max_width) -> None:
    cells = [[_visible(_cell(v)) for v in r] for r in rows]
    cells = [[c if len(c) <= max_width else c[: max_width - 1] + "…" for c in r] for r in cells]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]
    line = "  ".join(c.ljust(w) for c, w in zip(columns, widths)).rstrip()
    out.write(line + "\n" + "  ".join("-" * w for w in widths) + "\n")
    for r in cells:
        out.write("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() + "\n")
    if not rows:
        out.write("(no rows)\n")


def message(text: str) -> None:
    """Human-readable notes go to stderr so that --format json/csv output stays machine-readable."""
    sys.stderr.write(text + "\n")
