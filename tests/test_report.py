"""The HTML report, opened in headless Chromium (Debian's package): no console errors, no network, every plot
rendered, the key numbers on the page equal to the lake's."""

from __future__ import annotations

import json
import os
import re
import subprocess

import pytest

from browser import chromium, open_page
from test_cli import codelake

pytestmark = pytest.mark.skipif(chromium() is None, reason="chromium is not installed (make test installs it)")

HOSTILE = "evil<img src=x onerror=alert(1)>.py"


def _commit(root, message, date, author="Ada <ada@example.com>"):
    env = {**os.environ, "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date, "GIT_COMMITTER_NAME": "Ada",
           "GIT_COMMITTER_EMAIL": "ada@example.com"}
    subprocess.run(["git", "-C", str(root), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(root), "commit", "-qm", message, "--author", author], check=True, env=env)


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    base = tmp_path_factory.mktemp("report")
    lake = base / "lake"
    core, app = base / "core", base / "app"
    for root in (core, app):
        root.mkdir()
        subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    (core / "pyproject.toml").write_text('[project]\nname = "core"\n')
    (core / "core").mkdir()
    (core / "core/__init__.py").write_text("")
    for i in range(6):  # two files changed together, by a developer who then left
        (core / "core/a.py").write_text("def a():\n    return b()\n" + "\n" * i + "\n\ndef unused():\n    return 0\n")
        (core / "core/b.py").write_text("def b():\n    return 1\n" + "\n" * i)
        _commit(core, f"change {i}", f"2024-0{i + 1}-01T00:00:00Z", "Bob <bob@example.com>")
    (core / "core/__init__.py").write_text("VERSION = 2\n")
    _commit(core, "release", "2025-06-01T00:00:00Z")  # Ada carries on; Bob has been gone for a year
    (app / "app.py").write_text("from core.a import a\n\n\ndef main():\n    return a()\n")
    (app / HOSTILE).write_text("def hostile():\n    return 1\n")
    _commit(app, "app", "2026-11-01T00:00:00Z")
    for root in (core, app):
        out = codelake(lake, "index", str(root), "--repo", root.name, "--extractors", "structure,git,packages")
        assert out.returncode == 0, out.stderr
    saved = codelake(lake, "eval", "--repo", "core", "--train-share", "0.5")  # the report's self-evaluation
    assert saved.returncode == 0 and "eval.json" in saved.stderr, saved.stderr
    assert codelake(lake, "export", "--repo", "core").returncode == 0  # a new export version keeps it
    assert json.loads((lake / "_exports" / "core" / "eval.json").read_text())["results"]
    out = base / "report.html"
    run = codelake(lake, "report", "--out", str(out))
    assert run.returncode == 0, run.stderr
    return lake, out


def test_the_report_is_one_file_that_needs_no_network(report):
    _, out = report
    text = out.read_text()
    assert "<script src" not in text and "<link" not in text and "@import" not in text
    markup = re.sub(r"(?s)<script>.*?</script>", "", text)
    assert "<img" not in markup  # the hostile file name never becomes markup


def test_every_plot_renders_without_console_errors(report):
    _, out = report
    with open_page(out, "window.codelakeRendered !== undefined") as page:
        assert page.evaluate("window.codelakeRendered") == 8
        marks = page.evaluate("JSON.stringify(Object.fromEntries(Array.from(document.querySelectorAll('.chart'))"
                              ".map(d => [d.dataset.chart, d.querySelectorAll('svg g.role-mark > *').length])))")
        sizes = page.evaluate("JSON.stringify(Array.from(document.querySelectorAll('.chart svg'))"
                              ".map(s => s.getBoundingClientRect().width * s.getBoundingClientRect().height))")
        injected = page.evaluate("document.querySelectorAll('img').length")
        errors = page.errors()
    marks = json.loads(marks)
    assert set(marks) == {"size", "parse_status", "hotspots", "coupling", "dead_code", "ownership", "dependencies",
                          "eval"}
    assert all(n > 0 for n in marks.values()), marks
    assert all(area > 10_000 for area in json.loads(sizes))
    assert errors == [] and injected == 0


def test_the_key_numbers_on_the_page_are_the_lakes(report):
    lake, out = report
    with open_page(out, "window.codelakeRendered !== undefined") as page:
        tiles = json.loads(page.evaluate("JSON.stringify(Object.fromEntries(Array.from(document.querySelectorAll"
                                         "('.tile')).map(t => [t.dataset.key, t.querySelector('.v').textContent])))"))
        text = page.evaluate("document.body.innerText")

    def one(query):
        return json.loads(codelake(lake, "sql", query, "--format", "json").stdout)[0]["n"]

    assert tiles["repositories"] == "2"
    assert tiles["files"] == f"{one('SELECT count(*) AS n FROM files'):,}"
    assert tiles["symbols"] == f"{one('SELECT count(*) AS n FROM symbols'):,}"
    assert tiles["cross_repo_refs"] == f"{one('SELECT count(*) AS n FROM cross_repo_edges'):,}"
    assert tiles["files_at_risk"] == f"{one('SELECT count(*) AS n FROM ownership() WHERE kind = ' + chr(39) + 'file' + chr(39) + ' AND knowledge_loss'):,}"
    assert int(tiles["files_at_risk"]) >= 2  # Bob's files: his last commit is years before the history's end
    assert "core/a.py" in text and HOSTILE in text  # shown as text, never as markup
    assert "fusion" in text and "Self-evaluation" in text
