"""A repository of several languages: a guess by name stays in the referencing file's language group.

A Python ``view.render()`` on a value of unknown type may be any Python class's ``render``; it is never a Ruby
class's or a Kotlin one's, which no Python code can call by that name.
"""

from __future__ import annotations

import pytest

from conftest import structure_catalog

FILES = {
    "app/show.py": "def show(view):\n    return view.render()\n\n\ndef paint(view):\n    return view.draw()\n",
    "app/widget.py": "class Widget:\n    def draw(self):\n        return 1\n",
    "lib/view.rb": "class View\n  def render\n    draw\n  end\n\n  def draw\n    1\n  end\nend\n",
    "android/Writer.kt": "class Writer {\n    fun render(): String = \"x\"\n}\n",
    "web/page.ts": "export function page(view: any) {\n  return view.render();\n}\n",
}


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    return structure_catalog(tmp_path_factory.mktemp("mixed"), FILES)


def _targets(catalog, src_id: str, dst_name: str) -> set:
    _, found = catalog.rows("SELECT dst_id FROM edges WHERE src_id = ? AND dst_name = ?", [src_id, dst_name])
    return {r[0] for r in found}


def test_a_name_guess_reaches_its_own_language(catalog):
    assert _targets(catalog, "app/show.py::paint", "view.draw") == {"app/widget.py::Widget.draw"}


def test_a_name_guess_never_crosses_into_another_language(catalog):
    assert _targets(catalog, "app/show.py::show", "view.render") == {None}
    assert _targets(catalog, "web/page.ts::page", "view.render") == {None}


def test_no_edge_joins_two_language_groups(catalog):
    _, found = catalog.rows("SELECT e.path, e.dst_id FROM edges e JOIN files a ON a.repo = e.repo AND a.path = e.path "
                            "JOIN files b ON b.repo = e.repo AND b.path = e.dst_path WHERE a.family <> b.family")
    assert found == []
