"""The terminal contract: --version, one-line argument errors with exit code 1, unknown --repo is an error, CSV with
\\n line endings and JSON arrays for lists, --format jsonl, status with freshness."""

from __future__ import annotations

import csv
import io
import json

import pytest

from conftest import git
from test_cli import FILES, codelake


@pytest.fixture(scope="module")
def indexed(tmp_path_factory):
    root = tmp_path_factory.mktemp("term") / "repo"
    root.mkdir()
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "init")
    lake = root.parent / "lake"
    out = codelake(lake, "index", str(root), "--repo", "demo", "--extractors", "structure")
    assert out.returncode == 0, out.stderr
    return lake, root


def test_version_prints_the_installed_version():
    from importlib.metadata import version

    out = codelake("/nonexistent", "--version")
    assert out.returncode == 0 and out.stdout.strip() == f"codelake {version('codelake')}"


@pytest.mark.parametrize("args, text", [
    (("blast-radius", "x", "--depth", "deep"), "invalid int value: 'deep'"),
    (("status", "--format", "xml"), "invalid choice: 'xml'"),
    (("no-such-command",), "invalid choice: 'no-such-command'"),
    (("callers",), "the following arguments are required: target"),
])
def test_argument_errors_are_one_line_with_exit_code_1(args, text):
    out = codelake("/nonexistent", *args)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and text in out.stderr and "usage:" not in out.stderr


@pytest.mark.parametrize("args", [("callers", "load"), ("dead-code",), ("hotspots",), ("co-touch", "a.py"),
                                  ("blast-radius", "load")])
def test_an_unknown_repo_is_an_error_naming_the_known_ones(indexed, args):
    lake, _ = indexed
    out = codelake(lake, *args, "--repo", "nope")
    assert out.returncode == 1
    assert out.stderr == f"codelake: error: no repository 'nope' in the lake at {lake} (repositories: demo)\n"


def test_csv_uses_newline_endings_and_json_for_lists(indexed):
    lake, _ = indexed
    out = codelake(lake, "sql", "SELECT 'a,b' AS text, ['x', 'y'] AS items, 0.123456789 AS f, true AS ok",
                   "--format", "csv")
    assert out.returncode == 0, out.stderr
    assert "\r" not in out.stdout and out.stdout.endswith("\n")
    (row,) = list(csv.DictReader(io.StringIO(out.stdout)))
    assert row == {"text": "a,b", "items": '["x", "y"]', "f": "0.123456789", "ok": "true"}
    assert json.loads(row["items"]) == ["x", "y"]


def test_jsonl_streams_one_object_per_line(indexed):
    lake, _ = indexed
    out = codelake(lake, "sql", "SELECT kind, count(*) AS n FROM symbols GROUP BY kind ORDER BY kind",
                   "--format", "jsonl")
    lines = out.stdout.splitlines()
    assert [json.loads(line) for line in lines] == [{"kind": "class", "n": 1}, {"kind": "function", "n": 2},
                                                    {"kind": "method", "n": 1}, {"kind": "module", "n": 3}]


def test_status_lists_each_repository_with_its_freshness(indexed, tmp_path):
    lake, root = indexed
    rows = json.loads(codelake(lake, "status", "--format", "json").stdout)
    assert [(r["repo"], r["freshness"]) for r in rows] == [("demo", "current")]
    (root / "pkg/extra.py").write_text("X = 1\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "more")
    rows = json.loads(codelake(lake, "status", "--format", "json").stdout)
    assert rows[0]["freshness"] == "1 commit behind" and rows[0]["behind_head"] == 1
