"""A repository's ``pyproject.toml`` is parsed for its scripts only when it can name one
(``plan.console_entry_points``): parsing sympy's 4.8 KB file (no scripts) was ~14 M instructions of every update's
main process before its parse is taken. A file that names them, plainly or through a quoted key's escapes,
is read as before, and its scripts' functions are entry points."""

from __future__ import annotations

import tomllib

from conftest import index_structure

from extractors.structure import plan

CLI = "def run():\n    return 0\n"
NO_SCRIPTS = '[build-system]\nrequires = ["setuptools"]\n\n[tool.ruff]\nline-length = 100\n'
SCRIPTS = '[project]\nname = "app"\n\n[project.scripts]\napp = "app.cli:run"\n'
ESCAPED = '[project]\nname = "app"\n\n[project."\\u0073cripts"]\napp = "app.cli:run"\n'


def _parsed(monkeypatch) -> list[str]:
    seen: list[str] = []
    loads = tomllib.loads

    def noted(text, *args, **kwargs):
        seen.append(text)
        return loads(text, *args, **kwargs)

    monkeypatch.setattr(tomllib, "loads", noted)
    return seen


def test_a_pyproject_naming_no_script_is_not_parsed(make_repo, monkeypatch):
    root = make_repo(files={"app/__init__.py": "", "app/cli.py": CLI, "pyproject.toml": NO_SCRIPTS})
    parsed = _parsed(monkeypatch)
    assert plan.console_entry_points(root) == set()
    assert parsed == []  # main's code parsed it


def test_a_pyproject_naming_scripts_is_parsed_plainly_or_escaped(make_repo, monkeypatch, lake):
    for text in (SCRIPTS, ESCAPED):
        root = make_repo(files={"app/__init__.py": "", "app/cli.py": CLI, "pyproject.toml": text})
        parsed = _parsed(monkeypatch)
        assert plan.console_entry_points(root) == {("app.cli", "run")}, text
        assert len(parsed) == 1
    index_structure(lake, root)  # the escaped one
    symbols = lake.read_table("repo", "symbols")
    rows = dict(zip(symbols.column("id").to_pylist(), symbols.column("entry_reason").to_pylist()))
    assert rows["app/cli.py::run"] == "console script / entry point"
