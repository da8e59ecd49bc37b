"""An update reads what its edit needs, a shard at a time: a TypeScript edit keeps the lake's module index (its keys
follow from the paths and the package.json files, ``MODULE_KEYS_FROM_CONFIGS``) unless the update names a
package.json; an edit reaching files in many edges shards holds at most ``HANDED_SHARDS`` of them whole for the merge
(the others are read, filtered and let go one at a time, and the merge reads each as it writes it). Either way the lake
equals a fresh full index."""

from __future__ import annotations

import json

import pytest

from conftest import index_structure

from pipeline import indexing, shards

PACKAGE = json.dumps({"name": "shop", "main": "src/index.ts"})
A_TS = "export function price(n: number): number {\n  return n * 2;\n}\n"
B_TS = "import { price } from './a';\n\nexport function total(n: number): number {\n  return price(n) + 1;\n}\n"
INDEX_TS = "export { total } from './b';\n"
USER_TS = "import { total } from 'shop';\n\nexport function run(): number {\n  return total(3);\n}\n"
ADDED = "\nexport function discount(n: number): number {\n  return n - 1;\n}\n"  # a definition added


def _rows(lake, table: str, columns: tuple[str, ...]) -> list[tuple]:
    data = lake.read_table("repo", table)
    return sorted(zip(*(data.column(c).to_pylist() for c in columns)), key=repr)


def _same_as_a_full_index(tmp_path, root, lake) -> None:
    from pipeline.lake import Lake

    fresh = Lake(tmp_path / "fresh")
    index_structure(fresh, root)
    for table, columns in (("edges", ("path", "src_id", "dst_id", "kind", "line")),
                           ("module_index", ("kind", "family", "key", "path", "line", "position")),
                           ("symbols", ("path", "qualname", "line_start")), ("refs", ("path", "kind", "name", "line")),
                           ("edge_targets", ("dst_id", "path")), ("unresolved_names", ("dst_name", "path"))):
        assert _rows(lake, table, columns) == _rows(fresh, table, columns), table


def _typescript(tmp_path, make_repo):
    from pipeline.lake import Lake

    root = make_repo(files={"package.json": PACKAGE, "src/a.ts": A_TS, "src/b.ts": B_TS, "src/index.ts": INDEX_TS,
                            "app/user.ts": USER_TS})
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    return root, lake


def _module_rows_calls(monkeypatch) -> list[int]:
    from extractors.structure import graph

    calls: list[int] = []
    module_rows = graph.module_rows

    def noted(files, root):
        calls.append(len(files))
        return module_rows(files, root)

    monkeypatch.setattr(graph, "module_rows", noted)
    return calls


def test_a_typescript_edit_keeps_the_module_index(tmp_path, make_repo, monkeypatch):
    root, lake = _typescript(tmp_path, make_repo)
    before = lake.snapshot("repo").tables["module_index"]["shards"]
    (root / "src/a.ts").write_text(A_TS + ADDED)
    calls = _module_rows_calls(monkeypatch)
    summary = indexing.update(root, ["src/a.ts"], repo="repo", lake=lake)
    assert summary.status == "ok"
    assert calls == []  # every file's keys were not asked again (main's code: [5])
    assert lake.snapshot("repo").tables["module_index"]["shards"] == before  # the table not written again
    edges = _rows(lake, "edges", ("src_id", "dst_id"))
    assert ("app/user.ts::run", "src/b.ts::total") in edges  # through the package's name and its main
    assert ("src/b.ts::total", "src/a.ts::price") in edges
    _same_as_a_full_index(tmp_path, root, lake)


def test_an_update_naming_a_package_json_builds_the_module_index_again(tmp_path, make_repo, monkeypatch):
    root, lake = _typescript(tmp_path, make_repo)
    (root / "package.json").write_text(json.dumps({"name": "store", "main": "src/index.ts"}))
    (root / "app/user.ts").write_text(USER_TS.replace("'shop'", "'store'"))
    calls = _module_rows_calls(monkeypatch)
    assert indexing.update(root, ["package.json", "app/user.ts"], repo="repo", lake=lake).status == "ok"
    assert calls  # the configs moved: the keys are asked again
    keys = {key for _kind, _family, key, *_ in _rows(lake, "module_index", ("kind", "family", "key", "path"))}
    assert "store" in keys and "shop" not in keys
    assert ("app/user.ts::run", "src/b.ts::total") in _rows(lake, "edges", ("src_id", "dst_id"))
    _same_as_a_full_index(tmp_path, root, lake)


CALLERS = 12  # files calling ``tool``: their edges lie in most of the edges table's shards
CORE = "def tool(x):\n    return x\n\n\ndef helper(x):\n    return x\n"


def _handed_edges(monkeypatch) -> list[int]:
    """How many edges shards are held for the merge each time one more is handed over."""
    held: set[str] = set()
    counts: list[int] = []
    hand_over, handed = shards.hand_over, shards.handed

    def keeping(rel, rows):
        if rel.rsplit("/", 1)[-1].startswith("edges-"):
            held.add(rel)
            counts.append(len(held))
        return hand_over(rel, rows)

    def taking(rel, columns=None, take=False):
        if take:
            held.discard(rel)
        return handed(rel, columns, take)

    monkeypatch.setattr(shards, "hand_over", keeping)
    monkeypatch.setattr(shards, "handed", taking)
    return counts


def test_an_edit_reaching_files_in_many_edges_shards_holds_few_of_them(tmp_path, make_repo, monkeypatch):
    from pipeline.lake import Lake

    callers = {f"app/use{i}.py": f"from app.core import tool\n\n\ndef run{i}(x):\n    return tool(x) + {i}\n"
               for i in range(CALLERS)}
    others = {f"lib/m{i}.py": f"def g{i}():\n    return {i}\n" for i in range(2 * CALLERS)}  # the edit's share small
    root = make_repo(files={"app/__init__.py": "", "app/core.py": CORE, **callers, **others})
    lake = Lake(tmp_path / "lake")
    monkeypatch.setattr(shards, "SHARD_ROWS", 2)  # a few edges a shard: the callers' edges in many shards
    index_structure(lake, root)
    edge_shards = len(shards.shards_of(lake.snapshot("repo").tables["edges"]))
    assert edge_shards >= 6
    (root / "app/core.py").write_text(CORE.replace("def tool(", "def tool2("))  # every caller's edges move
    counts = _handed_edges(monkeypatch)
    summary = indexing.update(root, ["app/core.py"], repo="repo", lake=lake)
    assert summary.status == "ok"
    written = [s for s in shards.shards_of(lake.snapshot("repo").tables["edges"]) if summary.run_id in s["file"]]
    assert len(written) >= 4  # the callers' shards were rewritten
    assert max(counts, default=0) <= 2, counts  # ``HANDED_SHARDS`` at most (main's code: every one of them at once)
    edges = _rows(lake, "edges", ("src_id", "dst_id"))
    assert not [e for e in edges if e[1] in ("app/core.py::tool", "app/core.py::tool2")]  # ``tool`` is gone
    _same_as_a_full_index(tmp_path, root, lake)


def test_an_edit_reaching_files_in_many_edges_shards_reads_their_ends_as_dictionaries_and_merges_one_at_a_time(
        tmp_path, make_repo, monkeypatch):
    """The edges of files in more shards than a merge is handed (``HANDED_SHARDS``) are read for the edge indexes as
    their ends alone, dictionary-encoded, and their shards merged one at a time (``shards.MERGED_AT_ONCE``): a
    half-written typeorm edit read twelve files' ends in seven shards decoded dense, and merged the shards two at a
    time beside the other tables' merges, ~15 MiB over its resolution's peak."""
    import threading

    from extractors.structure.rows import EDGE_ENDS
    from pipeline import lake as lake_module
    from pipeline.lake import Lake

    callers = {f"app/use{i}.py": f"from app.core import tool\n\n\ndef run{i}(x):\n    return tool(x) + {i}\n"
               for i in range(CALLERS)}
    others = {f"lib/m{i}.py": f"def g{i}():\n    return {i}\n" for i in range(2 * CALLERS)}
    root = make_repo(files={"app/__init__.py": "", "app/core.py": CORE, **callers, **others})
    lake = Lake(tmp_path / "lake")
    monkeypatch.setattr(shards, "SHARD_ROWS", 2)  # a few edges a shard: the callers' edges in many shards
    index_structure(lake, root)
    (root / "app/core.py").write_text(CORE.replace("def tool(", "def tool2("))  # every caller's edges move
    ends_read, writing, most = [], [0], [0]
    lock = threading.Lock()
    read_file, write = lake_module.read_file, shards.TableWrite._write

    def reading(path, repo, table, columns=None, dictionary=None, prune=None):
        if table == "edges" and columns is not None and set(columns) == set(EDGE_ENDS):
            ends_read.append(dictionary)
        return read_file(path, repo, table, columns, dictionary, prune)

    def writing_shard(self, k, parts, base=None, ready=False):
        if self.table != "edges":
            return write(self, k, parts, base, ready)
        with lock:
            writing[0] += 1
            most[0] = max(most[0], writing[0])
        try:
            return write(self, k, parts, base, ready)
        finally:
            with lock:
                writing[0] -= 1

    monkeypatch.setattr(lake_module, "read_file", reading)
    monkeypatch.setattr(shards.TableWrite, "_write", writing_shard)
    summary = indexing.update(root, ["app/core.py"], repo="repo", lake=lake)
    assert summary.status == "ok"
    written = [s for s in shards.shards_of(lake.snapshot("repo").tables["edges"]) if summary.run_id in s["file"]]
    assert len(written) > 2  # many shards merged (more than ``MERGED_AT_ONCE``)
    assert len(ends_read) >= 4 and all(ends_read), ends_read  # main's code: every one read decoded (None)
    assert most[0] == 1, most  # main's code: two at a time (on two cores or more)
    _same_as_a_full_index(tmp_path, root, lake)


# a language whose module keys follow from the paths and each file's declared package (``MODULE_KEYS_FROM_PACKAGES``):
# two packages, a caller importing the callee's class by its package; the edit adds a method to the callee's file
PACKAGED = {
    "java": ({"shop/Price.java": "package shop;\n\npublic class Price {\n    public static int price(int n) {\n"
                                 "        return n * 2;\n    }\n}\n",
              "app/User.java": "package app;\n\nimport shop.Price;\n\npublic class User {\n    int run() {\n"
                               "        return Price.price(3);\n    }\n}\n"},
             "shop/Price.java", "    public static int discount(int n) {\n        return n - 1;\n    }\n}\n",
             ("app/User.java::User.run", "shop/Price.java::Price.price")),
    "kotlin": ({"shop/Price.kt": "package shop\n\nobject Price {\n    fun price(n: Int): Int {\n        return n * 2\n"
                                 "    }\n}\n",
                "app/User.kt": "package app\n\nimport shop.Price\n\nclass User {\n    fun run(): Int {\n"
                               "        return Price.price(3)\n    }\n}\n"},
               "shop/Price.kt", "    fun discount(n: Int): Int {\n        return n - 1\n    }\n}\n",
               ("app/User.kt::User.run", "shop/Price.kt::Price.price")),
    "csharp": ({"Shop/Price.cs": "namespace Shop\n{\n    public static class Price\n    {\n"
                                 "        public static int Compute(int n) { return n * 2; }\n    }\n}\n",
                "App/User.cs": "using Shop;\n\nnamespace App\n{\n    public class User\n    {\n"
                               "        public int Run() { return Price.Compute(3); }\n    }\n}\n"},
               "Shop/Price.cs", "        public static int Discount(int n) { return n - 1; }\n    }\n}\n",
               ("App/User.cs::User.Run", "Shop/Price.cs::Price.Compute")),
    "php": ({"src/Shop/Price.php": "<?php\nnamespace Shop;\n\nclass Price\n{\n    public static function compute($n)\n"
                                   "    {\n        return $n * 2;\n    }\n}\n",
             "src/App/User.php": "<?php\nnamespace App;\n\nuse Shop\\Price;\n\nclass User\n{\n    public function run()\n"
                                 "    {\n        return Price::compute(3);\n    }\n}\n"},
            "src/Shop/Price.php", "    public static function discount($n)\n    {\n        return $n - 1;\n    }\n}\n",
            ("src/App/User.php::User.run", "src/Shop/Price.php::Price.compute")),
}


def _packaged(tmp_path, make_repo, language: str):
    from pipeline.lake import Lake

    files, edited, added, edge = PACKAGED[language]
    root = make_repo(files=files)
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    assert edge in _rows(lake, "edges", ("src_id", "dst_id"))
    return root, lake, edited, added, edge


@pytest.mark.parametrize("language", sorted(PACKAGED))
def test_an_edit_keeping_its_package_keeps_the_module_index(tmp_path, make_repo, monkeypatch, language):
    root, lake, edited, added, edge = _packaged(tmp_path, make_repo, language)
    before = lake.snapshot("repo").tables["module_index"]["shards"]
    text = (root / edited).read_text()
    (root / edited).write_text(text[: text.rindex("}")].rstrip() + "\n\n" + added)  # a method added to the class
    calls = _module_rows_calls(monkeypatch)
    assert indexing.update(root, [edited], repo="repo", lake=lake).status == "ok"
    assert calls == []  # every file's keys were not asked again (main's code: [2])
    assert lake.snapshot("repo").tables["module_index"]["shards"] == before  # the table not written again
    assert edge in _rows(lake, "edges", ("src_id", "dst_id"))  # the caller still reaches it through the keys kept
    _same_as_a_full_index(tmp_path, root, lake)


def test_an_edit_moving_its_package_builds_the_module_index_again(tmp_path, make_repo, monkeypatch):
    root, lake, edited, _added, _edge = _packaged(tmp_path, make_repo, "java")
    (root / edited).write_text((root / edited).read_text().replace("package shop;", "package store;"))
    (root / "app/User.java").write_text((root / "app/User.java").read_text().replace("shop.Price", "store.Price"))
    calls = _module_rows_calls(monkeypatch)
    assert indexing.update(root, [edited, "app/User.java"], repo="repo", lake=lake).status == "ok"
    assert calls  # a file's package moved: the keys are asked again
    keys = {key for _kind, _family, key, *_ in _rows(lake, "module_index", ("kind", "family", "key", "path"))}
    assert "store.Price" in keys and "shop.Price" not in keys
    assert ("app/User.java::User.run", "shop/Price.java::Price.price") in _rows(lake, "edges", ("src_id", "dst_id"))
    _same_as_a_full_index(tmp_path, root, lake)
