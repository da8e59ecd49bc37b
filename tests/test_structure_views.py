"""The structure views on a small repository whose graph is known by hand:

    a.py: a2 -> a1 -> b.py: b1 -> c.py: c1        tests/test_c.py: test_c -> c1        c.py: _c2 (unused)
    cyc.py: p <-> q (a cycle), main -> p, the __main__ block -> main
Modules importing a symbol depend on it too (``from c import c1``: b.py's module -> c1).
"""

from __future__ import annotations

import pytest

from conftest import index_structure, structure_catalog
from pipeline.catalog import connect

FILES = {
    "c.py": "def c1():\n    return 1\n\n\ndef _c2():\n    return 2\n",
    "b.py": "from c import c1\n\n\ndef b1():\n    return c1()\n",
    "a.py": "from b import b1\n\n\ndef a1():\n    return b1()\n\n\ndef a2():\n    return a1()\n",
    "tests/test_c.py": "from c import c1\n\n\ndef test_c():\n    assert c1() == 1\n",
    "cyc.py": ("def p(n):\n    return q(n - 1) if n else 0\n\n\ndef q(n):\n    return p(n)\n\n\n"
               "def main():\n    return p(3)\n\n\nif __name__ == \"__main__\":\n    main()\n"),
}


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    return structure_catalog(tmp_path_factory.mktemp("views"), FILES)


def rows(catalog, query, *params):
    cols, found = catalog.rows(query, list(params))
    return [dict(zip(cols, r)) for r in found]


def test_blast_radius_finds_every_transitive_dependent_at_its_shortest_depth(catalog):
    got = {r["id"]: r["depth"] for r in rows(catalog, "SELECT * FROM blast_radius('c.py::c1')")}
    assert got == {"b.py::<module>": 1, "b.py::b1": 1, "tests/test_c.py::<module>": 1, "tests/test_c.py::test_c": 1,
                   "a.py::<module>": 2, "a.py::a1": 2, "a.py::a2": 3}


def test_blast_radius_flags_tests_and_other_files(catalog):
    got = {r["id"]: (r["is_test"], r["other_file"]) for r in rows(catalog, "SELECT * FROM blast_radius('c.py::c1')")}
    assert sum(t for t, _ in got.values()) == 2
    assert all(other for _, other in got.values())


def test_blast_radius_respects_the_depth_limit(catalog):
    assert len(rows(catalog, "SELECT * FROM blast_radius('c.py::c1', max_depth := 1)")) == 4
    assert len(rows(catalog, "SELECT * FROM blast_radius('c.py::c1', max_depth := 2)")) == 6


def test_reverse_blast_radius_lists_what_a_symbol_depends_on(catalog):
    got = {r["id"]: r["depth"] for r in rows(catalog, "SELECT * FROM blast_radius('a.py::a2', reverse := true)")}
    assert got == {"a.py::a1": 1, "b.py::b1": 2, "c.py::c1": 3}


def test_blast_radius_terminates_on_cycles_with_shortest_depths(catalog):
    got = {r["id"]: r["depth"] for r in rows(catalog, "SELECT * FROM blast_radius('cyc.py::p')")}
    assert got == {"cyc.py::q": 1, "cyc.py::main": 1, "cyc.py::<module>": 2}


def test_blast_radius_of_a_file_starts_from_all_its_symbols(catalog):
    got = {r["id"] for r in rows(catalog, "SELECT * FROM blast_radius('c.py')")}
    assert len(got) == 7 and "a.py::a2" in got


def test_import_and_same_file_edges_are_not_flagged_as_guesses(catalog):
    flagged = [r for r in rows(catalog, "SELECT * FROM blast_radius('c.py::c1')") if r["may_be_incomplete"]]
    assert flagged == []


def test_callers_lists_each_inbound_reference(catalog):
    got = {(r["caller_id"], r["kind"]) for r in rows(catalog, "SELECT * FROM callers WHERE symbol_id = 'c.py::c1'")}
    assert got == {("b.py::<module>", "imports"), ("b.py::b1", "calls"),
                   ("tests/test_c.py::<module>", "imports"), ("tests/test_c.py::test_c", "calls")}


def test_dead_code_reports_unreferenced_symbols_with_confidence_and_reason(catalog):
    got = {r["id"]: (float(r["confidence"]), r["reason"]) for r in rows(catalog, "SELECT * FROM dead_code")}
    assert got == {"a.py::a2": (0.6, "no reference in the repository; exported, may be used from outside"),
                   "c.py::_c2": (0.9, "no reference anywhere in the repository")}


def test_dead_code_can_leave_exported_api_out(catalog):
    catalog.sql("SET VARIABLE dead_code_exclude_exported = true")
    try:
        assert [r["id"] for r in rows(catalog, "SELECT * FROM dead_code")] == ["c.py::_c2"]
    finally:
        catalog.sql("SET VARIABLE dead_code_exclude_exported = false")


def test_dead_code_does_not_call_unused_what_the_regex_fallback_read(tmp_path):
    """A file the parser cannot read (an unclosed comment hides all its code) is read by the regex fallback: its
    definitions are symbols, but no reference is extracted from such files, so "nothing references it" says nothing:
    the lowest confidence, with the reason, and never in a file card's ``unused`` list. A parsed file's unused
    function stays sure."""
    from pipeline.lake import Lake

    root = tmp_path / "repo"
    (root / "lib").mkdir(parents=True)
    (root / "lib" / "util.scala").write_text("/* never closed\nobject Util {\n  def helper(): Int = {\n    1\n  }\n}\n")
    (root / "lib" / "app.scala").write_text("object App {\n  def main(): Unit = println(Util.helper())\n}\n")
    (root / "tool.py").write_text("def _unused():\n    return 1\n")
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    catalog = connect(lake)
    got = {(r["path"], r["name"]): (float(r["confidence"]), r["reason"])
           for r in rows(catalog, "SELECT * FROM dead_code")}
    confidence, reason = got["lib/util.scala", "helper"]
    assert confidence == 0.1 and reason.startswith("uses unknown: its file was read by the regex fallback")
    assert got["tool.py", "_unused"] == (0.9, "no reference anywhere in the repository")
    cards = rows(catalog, "SELECT path, unused FROM file_structure_cards() WHERE path = 'lib/util.scala'")
    assert cards and all(c["unused"] == [] for c in cards)


def test_file_deps_aggregates_imports_and_calls_between_files(catalog):
    got = {(r["src_path"], r["dst_path"]): (r["imports"], r["calls"]) for r in rows(catalog, "SELECT * FROM file_deps")}
    assert got == {("a.py", "b.py"): (1, 1), ("b.py", "c.py"): (1, 1), ("tests/test_c.py", "c.py"): (1, 1)}


def test_search_ranks_exact_names_first(catalog):
    found = rows(catalog, "SELECT * FROM search_symbols('c1')")
    assert found[0]["id"] == "c.py::c1" and found[0]["rank"] == 0


def test_integer_ids_of_edges_point_at_the_same_symbols_as_the_string_ids(catalog):
    bad = rows(catalog, "SELECT e.src_id, e.dst_id FROM edges e "
                        "LEFT JOIN symbols s ON s.repo = e.repo AND s.sid = e.src_sid "
                        "LEFT JOIN symbols d ON d.repo = e.repo AND d.sid = e.dst_sid "
                        "WHERE s.id IS DISTINCT FROM e.src_id OR d.id IS DISTINCT FROM e.dst_id")
    assert bad == []


def test_a_pinned_session_answers_exactly_like_the_parquet_views(catalog):
    from pipeline.catalog import connect

    before = rows(catalog, "SELECT * FROM blast_radius('c.py::c1')")
    pinned = connect(catalog.lake)
    pinned.pin()
    assert rows(pinned, "SELECT * FROM blast_radius('c.py::c1')") == before
    assert rows(pinned, "SELECT count(*) AS n FROM pinned_edges")[0]["n"] > 0


def test_a_catalog_limited_to_some_views_has_them_and_what_they_read_only(catalog):
    from pipeline.catalog import connect

    limited = connect(catalog.lake, views=["blast_radius"])
    assert {"blast_radius", "symbols", "edges", "files"} <= set(limited.views)
    assert "dead_code" not in limited.views and "search_symbols" not in limited.views
    assert rows(limited, "SELECT * FROM blast_radius('c.py::c1')") == rows(catalog, "SELECT * FROM blast_radius('c.py::c1')")


def test_gaps_count_only_unparsed_files_that_could_hold_callers(tmp_path):
    from pipeline.catalog import connect
    from pipeline.lake import Lake
    from pipeline.query import gaps, resolve_target

    root = tmp_path / "repo"
    root.mkdir()
    (root / "app.py").write_text("def run():\n    return helper()\n\n\ndef helper():\n    return 1\n")
    (root / "broken.py").write_text("def caller(:\n    helper()\n")
    (root / "native.scala").write_text("/* never closed\nobject Native {\n  def helper(): Int = 1\n}\n")
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    catalog = connect(lake)
    everything = rows(catalog, "SELECT unparsed_files FROM blast_radius_gaps('helper')")
    assert everything == [{"unparsed_files": 2}]  # the Python and the Scala file with a syntax error
    assert gaps(catalog, resolve_target(catalog, "app.py::helper"))["unparsed_files"] == 1


def _thirteen_tools(tmp_path, ext: str, tool: str, use: str):
    """Thirteen files defining ``tool`` (twelve packages and ``zz/``), ``zz/user.<ext>`` calling through ``use``,
    indexed: the lake and the edges of ``use``."""
    from pipeline.lake import Lake

    root = tmp_path / "repo"
    for n in range(12):
        (root / f"pkg{n:02}").mkdir(parents=True)
        (root / f"pkg{n:02}" / f"lib.{ext}").write_text(tool)
    (root / "zz").mkdir()
    (root / "zz" / f"lib.{ext}").write_text(tool.replace("1", "2"))
    (root / "zz" / f"user.{ext}").write_text(use)
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    return lake, rows(connect(lake), f"SELECT dst_id, resolution FROM edges WHERE src_id = 'zz/user.{ext}::use'")


def _helpers_dead(lake) -> dict[str, float]:
    from pipeline.catalog import connect

    dead = {r["id"]: float(r["confidence"]) for r in rows(connect(lake), "SELECT id, confidence FROM dead_code")}
    return {sid: c for sid, c in dead.items() if sid.endswith("Tool.helper")}


def test_a_name_with_too_many_candidates_keeps_those_nearest_the_caller(tmp_path):
    lake, found = _thirteen_tools(tmp_path, "js", "export class Tool {\n  helper() {\n    return 1;\n  }\n}\n",
                                  "export function use(tool) {\n  return tool.helper();\n}\n")
    assert len(found) == 8 and {r["resolution"] for r in found} == {"ambiguous"}
    assert "zz/lib.js::Tool.helper" in {r["dst_id"] for r in found}  # path order alone would keep pkg00..pkg07
    # the definitions past the eight linked are no more certainly unused than those linked (0.3): the name is
    # called, on an object of unknown type, so any of them may be meant
    helpers = _helpers_dead(lake)
    assert len(helpers) == 13 and max(helpers.values()) <= 0.5


def test_a_python_guess_among_classes_its_file_never_reaches_is_left_unresolved_and_hedged(tmp_path):
    """Python (``GUESS_REACH``): a method name thirteen unrelated classes define, called on an untyped parameter
    in a file that imports none of them, is no edge to any (the type checker's answer on peewee: such guesses were
    mostly wrong); each definition stays "uses unknown" in dead code, never "no reference"."""
    lake, found = _thirteen_tools(tmp_path, "py", "class Tool:\n    def helper(self):\n        return 1\n",
                                  "def use(tool):\n    return tool.helper()\n")
    assert [(r["dst_id"], r["resolution"]) for r in found] == [(None, "unresolved")]
    helpers = _helpers_dead(lake)
    assert len(helpers) == 13 and max(helpers.values()) <= 0.5


def test_a_variable_passed_along_is_not_a_callback_of_a_function_with_its_name(tmp_path):
    from pipeline.catalog import connect
    from pipeline.lake import Lake

    root = tmp_path / "repo"
    root.mkdir()
    (root / "lib.py").write_text("def table():\n    return 1\n\n\ndef index():\n    return 2\n")
    (root / "app.py").write_text(
        "def run(table, items):\n    for index in items:\n        use(index)\n    return consume(table)\n\n\n"
        "def handler():\n    return 0\n\n\ndef wire():\n    register(handler)\n    register(table)\n\n\n"
        "def path1():\n    return 'p'\n\n\ndef test_join(path1):\n    check(path1)\n\n\n"
        "def apply(index):\n    return index()\n\n\n"
        "class Grid:\n    table = None\n\n    def show(self):\n        return table()\n")
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    found = {(r["src_id"], r["dst_id"]) for r in rows(connect(lake), "SELECT src_id, dst_id FROM edges")}
    assert ("app.py::run", "lib.py::table") not in found and ("app.py::run", "lib.py::index") not in found
    assert ("app.py::wire", "app.py::handler") in found  # a function passed by name still is one
    assert ("app.py::wire", "lib.py::table") not in found  # nor imported: in Python it cannot be lib's table
    # a parameter named like a function is that parameter, its value passed on (a pytest fixture's: what the fixture
    # returned); a test's dependency on its fixtures is their own edge (the next test)
    assert ("app.py::test_join", "app.py::path1") not in found
    assert ("app.py::apply", "lib.py::index") not in found  # calling a parameter is not calling lib's index
    assert ("app.py::Grid.show", "app.py::Grid.table") not in found  # a class attribute is not in its methods' scope


def test_pytest_fixtures_are_dependencies_of_the_tests_and_fixtures_naming_them(tmp_path):
    from pipeline.catalog import connect
    from pipeline.lake import Lake

    root = tmp_path / "repo"
    (root / "tests" / "unit").mkdir(parents=True)
    (root / "conftest.py").write_text("import pytest\n\n\n@pytest.fixture\ndef db():\n    return {}\n")
    (root / "tests" / "conftest.py").write_text(
        "import pytest\n\n\n@pytest.fixture\ndef user(db):\n    return db.setdefault('u', 1)\n")
    (root / "tests" / "unit" / "test_user.py").write_text(
        "import pytest\n\n\n@pytest.fixture\ndef name():\n    return 'n'\n\n\n"
        "def test_user(user, name, tmp_path):\n    assert user and name\n\n\n"
        "class TestGroup:\n    @pytest.fixture\n    def group(self):\n        return []\n\n"
        "    def test_group(self, group, db):\n        assert group == [] and db == {}\n")
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    catalog = connect(lake)
    found = {(r["src_id"], r["dst_id"]) for r in rows(catalog, "SELECT src_id, dst_id FROM edges WHERE resolution = 'fixture'")}
    assert found == {
        ("tests/unit/test_user.py::test_user", "tests/conftest.py::user"),
        ("tests/unit/test_user.py::test_user", "tests/unit/test_user.py::name"),
        ("tests/conftest.py::user", "conftest.py::db"),
        ("tests/unit/test_user.py::TestGroup.test_group", "tests/unit/test_user.py::TestGroup.group"),
        ("tests/unit/test_user.py::TestGroup.test_group", "conftest.py::db"),
    }  # tmp_path is pytest's own: no edge
    reached = {r["id"] for r in rows(catalog, "SELECT id FROM blast_radius('conftest.py::db')")}
    assert {"tests/conftest.py::user", "tests/unit/test_user.py::test_user"} <= reached


def test_a_file_card_counts_the_overloads_of_a_name_as_one(tmp_path):
    """Two constructors of ``Writer`` are two symbols (``Writer.Writer``, ``Writer.Writer#2``) of one name, each
    reached by the ``new Writer(..)`` whose arguments it takes: a file card's ``called`` lists the name once."""
    from pipeline.lake import Lake

    root = tmp_path / "repo"
    root.mkdir()
    (root / "writer.h").write_text("class Writer {\n public:\n  Writer(int fd);\n  Writer(int fd, int size);\n};\n")
    (root / "writer.cc").write_text('#include "writer.h"\n\nWriter::Writer(int fd) {}\n\nWriter::Writer(int fd, int size) {}\n')
    (root / "main.cc").write_text('#include "writer.h"\n\nint main() {\n  Writer* w = new Writer(1);\n'
                                  '  Writer* v = new Writer(1, 2);\n  return 0;\n}\n')
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    catalog = connect(lake)
    reached = {(r["line"], r["dst_id"]) for r in rows(
        catalog, "SELECT line, dst_id FROM edges WHERE path = 'main.cc' AND kind = 'calls' "
                 "AND dst_id LIKE 'writer.cc%'")}
    assert reached == {(4, "writer.cc::Writer.Writer"), (5, "writer.cc::Writer.Writer#2")}
    card = rows(catalog, "SELECT called FROM file_structure_cards() WHERE path = 'writer.cc'")[0]
    assert [c["name"] for c in card["called"]] == ["Writer"] and card["called"][0]["callers"] == 1


@pytest.mark.parametrize("qualname, own, every", [
    ("Cart.add#2", "Cart.add", "Cart.add"),
    ("Rack#2", "Rack", "Rack"),
    ("Rack#2.Builder", "Rack#2.Builder", "Rack.Builder"),  # a class of the second ``module Rack`` block: no twin
    ("Shop.Cart#2.add#3", "Shop.Cart#2.add", "Shop.Cart.add"),
    ("Counter.#count", "Counter.#count", "Counter.#count"),  # a JavaScript private member: no twin either
    ("Counter.#count#2", "Counter.#count", "Counter.#count"),
])
def test_a_twin_suffix_belongs_to_its_own_segment(qualname, own, every):
    from extractors.structure.qualnames import unsuffixed, untwinned

    assert (untwinned(qualname), unsuffixed(qualname)) == (own, every)


def test_an_interface_method_whose_implementation_is_called_is_not_called_unused(tmp_path):
    """``Saver.save`` is called by nobody through the interface, but ``FileSaver.save``, its implementation, is:
    the interface method declares what it does, so dead_code says so at 0.3. An interface method whose
    implementations nobody calls stays listed as before."""
    from pipeline.lake import Lake

    root = tmp_path / "repo" / "src" / "app"
    root.mkdir(parents=True)
    (root / "Saver.java").write_text("package app;\n\npublic interface Saver {\n  void save();\n  void close();\n}\n")
    (root / "FileSaver.java").write_text(
        "package app;\n\npublic class FileSaver implements Saver {\n  public void save() {}\n"
        "  public void close() {}\n}\n")
    (root / "Main.java").write_text(
        "package app;\n\npublic class Main {\n  public static void main(String[] args) {\n"
        "    FileSaver saver = new FileSaver();\n    saver.save();\n  }\n}\n")
    lake = Lake(tmp_path / "lake")
    index_structure(lake, tmp_path / "repo")
    catalog = connect(lake)
    dead = {r["id"]: (float(r["confidence"]), r["reason"]) for r in rows(catalog, "SELECT * FROM dead_code")}
    assert dead["src/app/Saver.java::Saver.save"] == (
        0.3, "never referenced itself, but an override of it is: it declares what its implementations do")
    assert dead["src/app/Saver.java::Saver.close"][0] > 0.3


def test_a_class_a_framework_may_create_by_name_is_not_called_certainly_unused(tmp_path):
    """A view controller a storyboard names is referenced by no code: extending a framework's type, it is at 0.7 in
    dead_code with the base named, not at 0.9; an iOS ``SceneDelegate`` (an Info.plist names it: the system creates
    it) is an entry point, not listed; a class that extends nothing from outside stays at 0.9."""
    from pipeline.lake import Lake

    root = tmp_path / "repo"
    (root / "App").mkdir(parents=True)
    (root / "App" / "SceneDelegate.swift").write_text(
        "import UIKit\n\nclass SceneDelegate: UIResponder, UIWindowSceneDelegate {\n    var window: UIWindow?\n}\n")
    (root / "App" / "ProfileViewController.swift").write_text(
        "import UIKit\n\nclass ProfileViewController: UIViewController {\n    var name = \"\"\n}\n")
    (root / "App" / "Leftover.swift").write_text("class Leftover {\n    var count = 0\n}\n")
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    dead = {r["name"]: r for r in rows(connect(lake), "SELECT name, confidence, reason FROM dead_code")}
    shown = dead["ProfileViewController"]
    assert float(shown["confidence"]) == 0.7 and "UIViewController" in shown["reason"]
    assert "SceneDelegate" not in dead
    assert float(dead["Leftover"]["confidence"]) == 0.9


def test_python_star_parameters_are_the_languages_own_collections(tmp_path):
    """``*args`` is a tuple and ``**kwargs`` a dict, typed or not: their methods are the language's (external), never
    unresolved and never the repository's functions of those names."""
    from pipeline.lake import Lake

    root = tmp_path / "repo"
    root.mkdir()
    (root / "kw.py").write_text(
        "import typing as t\n\n\ndef run(*args, **kwargs):\n    kwargs.setdefault('a', 1)\n    return args.index(1)\n"
        "\n\ndef typed(*args: int, **kwargs: t.Any):\n    kwargs.pop('a', None)\n    return args.count(1)\n"
        "\n\ndef setdefault():\n    return 0\n\n\ndef index():\n    return 1\n")
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    found = {(r["dst_name"], r["resolution"], r["dst_id"]) for r in rows(
        connect(lake), "SELECT dst_name, resolution, dst_id FROM edges WHERE kind = 'calls' AND path = 'kw.py'")}
    assert found == {("kwargs.setdefault", "external", None), ("args.index", "external", None),
                     ("kwargs.pop", "external", None), ("args.count", "external", None)}


def test_a_ruby_keyword_a_method_may_bear_is_a_call_only_with_a_receiver(tmp_path):
    """``range.end`` calls Range's ``end``; a bare ``end`` read where a syntax error broke the tree is no call."""
    from pipeline.lake import Lake

    root = tmp_path / "repo"
    root.mkdir()
    (root / "shop.rb").write_text("class Shop\n  def open(range)\n    range.end + range.begin\n  end\n\n"
                                  "  def broken(\n    x = [1, 2\n  end\nend\n\ndef finish\n  yield\n  end\nend\n")
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    named = {r["dst_name"] for r in rows(connect(lake), "SELECT dst_name FROM edges WHERE kind = 'calls'")}
    assert {"range.end", "range.begin"} <= named and "end" not in named


def test_a_local_export_list_writes_the_names_it_exports(make_repo, tmp_path):
    """``export type { Shape }`` / ``export { area }`` name no module: their edges are written as the names
    (``Shape``), never with a missing module's ``None`` before them."""
    from pipeline.lake import Lake

    root = make_repo(files={
        "shapes.ts": "export interface Shape { area(): number }\nexport function area(s: Shape) { return s.area() }\n",
        "index.ts": "import type { Shape } from './shapes'\nimport { area } from './shapes'\n"
                    "export type { Shape }\nexport { area }\n"})
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    names = connect(lake).rows("SELECT dst_name FROM edges WHERE path = 'index.ts'")[1]
    written = {n for (n,) in names}
    assert written and not {n for n in written if n and n.startswith("None")}, written


def test_a_lake_written_before_a_column_was_added_says_so_when_a_view_reads_it(tmp_path):
    # an upgraded codelake's view reading a column its files lack (files.global_types, added in 0.2.84) cannot be
    # created until the next index: "no structure tables yet" would contradict the tables the user sees
    import pyarrow.parquet as pq

    from pipeline.errors import QueryError

    catalog = structure_catalog(tmp_path, FILES)
    lake = tmp_path / "lake"
    for path in [lake / "_schemas" / "files.parquet", *(lake / "files").rglob("*.parquet")]:
        table = pq.read_table(path)
        pq.write_table(table.drop_columns(["global_types"]), path)
    older = connect(catalog.lake)
    assert "symbols" in older.views and "dead_code" not in older.views
    with pytest.raises(QueryError, match=r"dead_code reads the column 'global_types', which this lake's tables do not "
                                         r"have yet: they were written by an older codelake"):
        older.require("dead_code", "no structure tables yet")
