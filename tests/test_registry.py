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


VIEW_PLUGIN = """
    import pyarrow as pa
    from pipeline.extractor import Batch

    class Todo:
        name = "todo"
        version = "1"
        tables = {"todos": pa.schema([("repo", pa.string()), ("path", pa.string()), ("line", pa.int32())])}
        views = "codelake_todo_views"

        def run(self, ctx, cursor):
            yield Batch("todos", pa.table({"path": ["a.py", "a.py", "b.py"], "line": pa.array([1, 5, 2], pa.int32())}))
            return cursor

    class Thief(Todo):
        name = "thief"
        tables = {"symbols": pa.schema([("repo", pa.string()), ("id", pa.string())])}
        views = None

    class Shadow(Todo):
        name = "shadow"
        tables = {"shadowed": pa.schema([("repo", pa.string())])}
        views = "codelake_shadow_views"
"""


def _view_package(site, name: str, views: dict[str, str]) -> None:
    folder = site / name
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text("")
    for view, text in views.items():
        (folder / f"{view}.sql").write_text(text)


def test_a_plugin_ships_views_that_are_created_like_the_built_in_ones(tmp_path, monkeypatch):
    from pipeline.catalog import connect
    from pipeline.lake import Lake

    install_plugin(tmp_path, monkeypatch, "codelake-todo", "codelake_todo", VIEW_PLUGIN, {"todo": "codelake_todo:Todo"})
    _view_package(tmp_path / "site", "codelake_todo_views", {
        "todos": "-- todos: one row per TODO comment.\nCREATE OR REPLACE VIEW todos AS\n"
                 "SELECT * FROM read_parquet(lake_todos(), union_by_name = true);\n",
        "todo_counts": "-- todo_counts: TODOs per file.\nCREATE OR REPLACE VIEW todo_counts AS\n"
                       "SELECT repo, path, count(*) AS n FROM todos GROUP BY ALL;\n"})
    registry = load_registry()
    lake = Lake(tmp_path / "lake")
    lake.run_extractor("r", registry.get("todo"), tmp_path)
    rows = connect(lake).rows("SELECT path, n FROM todo_counts ORDER BY path")[1]
    assert rows == [("a.py", 2), ("b.py", 1)]
    assert sorted(p.name for p in (lake.root / "_views" / "todo").iterdir()) == ["todo_counts.sql", "todos.sql"]


def test_a_plugin_may_not_write_another_extractors_table_nor_shadow_a_view(tmp_path, monkeypatch):
    install_plugin(tmp_path, monkeypatch, "codelake-thief", "codelake_todo", VIEW_PLUGIN,
                   {"thief": "codelake_todo:Thief", "shadow": "codelake_todo:Shadow"})
    _view_package(tmp_path / "site", "codelake_shadow_views", {"callers": "-- callers: mine.\nSELECT 1;\n"})
    with pytest.warns(UserWarning) as warned:
        registry = load_registry()
    messages = " ".join(str(w.message) for w in warned)
    assert "declares table 'symbols', which extractor 'structure'" in messages and "thief" in registry.broken
    assert "ships a view 'callers', which codelake already defines" in messages and "shadow" in registry.broken
    assert type(registry.extractors["structure"]).__module__ == "extractors.structure"
