"""Plugins load through the ``codelake.extractors`` entry point group, built-ins and third parties alike.

Third-party plugins here are real installed distributions: a ``*.dist-info`` folder with an ``entry_points.txt`` on
``sys.path``, which is exactly what ``pip install`` leaves behind.
"""

from __future__ import annotations

import sys
import textwrap

import pyarrow as pa
import pytest

from pipeline.errors import PluginError
from pipeline.registry import Registry, load_registry


def install_plugin(tmp_path, monkeypatch, dist: str, module: str, source: str, entry_points: dict[str, str]):
    site = tmp_path / "site"
    site.mkdir(exist_ok=True)
    (site / f"{module}.py").write_text(textwrap.dedent(source))
    info = site / f"{dist.replace('-', '_')}-1.2.3.dist-info"  # as pip names it: escaped name
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.2.3\n")
    lines = "\n".join(f"{name} = {target}" for name, target in entry_points.items())
    (info / "entry_points.txt").write_text(f"[codelake.extractors]\n{lines}\n")
    monkeypatch.syspath_prepend(str(site))
    for name in list(sys.modules):
        if name == module:
            del sys.modules[name]


PLUGIN = """
    import pyarrow as pa

    class Todo:
        name = "todo"
        version = "0.9"
        tables = {"todos": pa.schema([("repo", pa.string()), ("path", pa.string())])}

        def run(self, ctx, cursor):
            return iter(())

    class Impostor(Todo):
        name = "structure"
"""


def test_builtin_extractors_load_through_the_entry_point_group():
    registry = load_registry()
    assert {"structure", "git"} <= set(registry.extractors)
    info = {p.name: p for p in registry.describe()}
    assert info["structure"].tables == ["edges", "files", "refs", "symbols"]
    assert info["structure"].distribution.startswith("codelake ")


def test_a_third_party_plugin_is_listed_with_its_version_and_tables(tmp_path, monkeypatch):
    install_plugin(tmp_path, monkeypatch, "codelake-todo", "codelake_todo", PLUGIN, {"todo": "codelake_todo:Todo"})
    info = {p.name: p for p in load_registry().describe()}
    assert info["todo"].version == "0.9" and info["todo"].tables == ["todos"]
    assert info["todo"].distribution == "codelake-todo 1.2.3"


def test_a_plugin_that_fails_to_import_is_reported_and_skipped(tmp_path, monkeypatch):
    install_plugin(tmp_path, monkeypatch, "codelake-broken", "codelake_broken", "import not_a_module_anywhere\n",
                   {"broken": "codelake_broken:X"})
    with pytest.warns(UserWarning, match="'broken'"):
        registry = load_registry()
    assert "ModuleNotFoundError" in registry.broken["broken"]
    assert "structure" in registry.extractors


def test_a_second_extractor_with_a_taken_name_is_refused(tmp_path, monkeypatch):
    install_plugin(tmp_path, monkeypatch, "codelake-impostor", "codelake_impostor", PLUGIN,
                   {"zz_structure": "codelake_impostor:Impostor"})
    with pytest.warns(UserWarning, match="two extractors named 'structure'"):
        registry = load_registry()
    assert type(registry.extractors["structure"]).__module__ == "extractors.structure"
    with pytest.raises(PluginError, match="two extractors named 'structure'"):
        registry.register(registry.extractors["structure"], "again")


def test_plugins_can_be_narrowed_by_environment(monkeypatch):
    monkeypatch.setenv("CODELAKE_DISABLE_PLUGINS", "git")
    assert "git" not in load_registry().extractors
    monkeypatch.delenv("CODELAKE_DISABLE_PLUGINS")
    monkeypatch.setenv("CODELAKE_LOAD_PLUGINS", "structure")
    assert list(load_registry().extractors) == ["structure"]


def test_a_table_without_a_repo_column_is_refused():
    class NoRepo:
        name, version = "norepo", "1"
        tables = {"t": pa.schema([("x", pa.int64())])}

        def run(self, ctx, cursor):
            return iter(())

    with pytest.raises(PluginError, match="no 'repo' column"):
        Registry().register(NoRepo())


@pytest.mark.parametrize("table", ["../escape", "Bad-Name", "", "a/b"])
def test_a_table_name_that_could_leave_the_lake_is_refused(table):
    class Odd:
        name, version = "odd", "1"
        tables = {table: pa.schema([("repo", pa.string())])}

        def run(self, ctx, cursor):
            return iter(())

    with pytest.raises(PluginError, match="table name"):
        Registry().register(Odd())
