"""Names typed by a user are matched literally: ``_`` and ``%`` are not LIKE wildcards (issue #7)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from conftest import index_structure
from pipeline.catalog import connect
from pipeline.errors import QueryError
from pipeline.query import gaps, resolve_target

FILES = {
    "a.py": "def f():\n    return 1\n\n\ndef _():\n    return f()\n\n\ndef x_y():\n    return 2\n\n\n"
            "def xzy():\n    return 3\n",
    "b.py": "def use(o):\n    o.q_w()\n    o.qzw()\n    o.qzw()\n    return o\n",  # o is unknown: unresolved
}


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    from pipeline.lake import Lake

    root = tmp_path_factory.mktemp("like") / "repo"
    root.mkdir()
    for rel, text in FILES.items():
        (root / rel).write_text(text)
    lake = Lake(root.parent / "lake")
    index_structure(lake, root)
    return connect(lake)


def test_underscore_and_percent_are_not_wildcards(catalog):
    assert resolve_target(catalog, "_").value == "a.py::_"  # not every one-letter name
    assert resolve_target(catalog, "x_y").value == "a.py::x_y"  # not also xzy
    for name in ("%", "%y", "x%"):
        with pytest.raises(QueryError, match="no symbol or file named"):
            resolve_target(catalog, name)


def test_unresolved_mentions_count_the_name_itself(catalog):
    target = resolve_target(catalog, "a.py::f")
    mentions = {name: gaps(catalog, replace(target, name=name))["unresolved_mentions"] for name in ("q_w", "qzw", "q%")}
    assert mentions == {"q_w": 1, "qzw": 2, "q%": 0}  # q_w alone, not its look-alike qzw


def test_a_long_query_prints_no_progress_bar_into_the_output(catalog):
    """DuckDB's Python client draws a progress bar on stdout once a query passes two seconds: a `dead-code` over a
    large lake wrote its lines before the table, or into `--format json` sent to a file. Checked in a process of its
    own, its stdout a file as a user's redirect is (under pytest's capture the client starts with the bar off)."""
    import subprocess
    import sys

    probe = ("from pipeline.catalog import connect; from pipeline.lake import Lake; import sys; "
             "c = connect(Lake(sys.argv[1]), lazy=True); "
             "print(c.con.sql(\"SELECT current_setting('enable_progress_bar')\").fetchall())")
    out = subprocess.run([sys.executable, "-c", probe, str(catalog.lake.root)], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[(False,)]"
