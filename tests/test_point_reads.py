"""Point lookups (``Catalog.point_files``) and the lazy catalog of the cold commands: `callers`, target resolution
and the walk's symbol rows read only the shards that can hold what they look up, and answer exactly what the views
answer, on a lake of many shards, an older lake without the indexes they use, and a lake with a damaged shard."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline import query, walkindex
from pipeline.catalog import connect
from tests.conftest import index_structure

PROJECT = Path(__file__).parents[1]

CALLERS_OF_SYMBOL = ("SELECT src_id, path, line, kind, ref_form, confidence, resolution FROM edges "
                     "WHERE dst_id = ? AND repo = ?")
CALLERS_OF_FILE = ("SELECT e.src_id, e.path, e.line, e.kind, e.ref_form, e.confidence, e.resolution, e.dst_id "
                   "FROM edges e JOIN symbols s ON s.repo = e.repo AND s.id = e.dst_id "
                   "WHERE s.path = ? AND e.repo = ? AND e.path <> s.path")


JAVA_DISPATCH = {  # an interface whose methods are called only through their implementation (dispatch edges)
    "shop/Store.java": "package shop;\n\npublic interface Store {\n    String fetchEntry(String key);\n"
                       "    void purgeAll();\n}\n",
    "shop/MemoryStore.java": "package shop;\n\npublic class MemoryStore implements Store {\n"
                             "    public String fetchEntry(String key) { return key; }\n"
                             "    public void purgeAll() {}\n}\n",
    "shop/Main.java": "package shop;\n\npublic class Main {\n    public static void main(String[] args) {\n"
                      "        MemoryStore store = new MemoryStore();\n        store.fetchEntry(\"x\");\n    }\n}\n",
}


@pytest.fixture
def sharded(lake, make_repo, monkeypatch):
    """This project's ``pipeline`` indexed into small shards (a few dozen files per table)."""
    from extractors.structure import StructureExtractor

    monkeypatch.setattr("pipeline.shards.SHARD_ROWS", 200)
    monkeypatch.setattr(StructureExtractor, "shard_rows", {"symbols": 300})
    root = make_repo(files=JAVA_DISPATCH)
    shutil.copytree(PROJECT / "pipeline", root / "pipeline", ignore=shutil.ignore_patterns("__pycache__"))
    index_structure(lake, root)
    snap = lake.snapshot("repo")
    assert min(len(snap.files(t)) for t in ("edges", "symbols", "edge_targets")) >= 5
    return lake


def _targets(catalog) -> tuple[list[str], list[str]]:
    _, hubs = catalog.rows("SELECT dst_id FROM edges WHERE dst_id IS NOT NULL GROUP BY dst_id "
                           "ORDER BY count(*) DESC, dst_id LIMIT 5")
    _, others = catalog.rows("SELECT id FROM symbols WHERE kind <> 'module' ORDER BY hash(id) LIMIT 25")
    _, files = catalog.rows("SELECT path FROM files ORDER BY hash(path) LIMIT 6")
    return [r[0] for r in hubs + others], [r[0] for r in files]


def _compare_callers(lazy, views, ids: list[str], paths: list[str]) -> int:
    compared = 0
    for value, expected_query in [(i, CALLERS_OF_SYMBOL) for i in ids] + [(p, CALLERS_OF_FILE) for p in paths]:
        target = query.resolve_target(lazy, value, "repo")
        assert (target.value, target.kind) == (value, "symbol" if expected_query is CALLERS_OF_SYMBOL else "file")
        got = query.callers(lazy, target)[1]
        expected = views.rows(expected_query, [value, "repo"])[1]
        assert sorted(got) == sorted(expected), value
        compared += len(expected)
    return compared


def test_callers_read_only_the_shards_holding_references_and_bind_no_view(sharded):
    views = connect(sharded)
    ids, paths = _targets(views)
    lazy = connect(sharded, views=["edges", "symbols", "files"], lazy=True)
    assert _compare_callers(lazy, views, ids, paths) > 200  # real answers, not empty ones
    assert lazy.views == []  # every lookup was a point read: no view bound, no footer of every file read
    holding = query.referencing_files(lazy, "repo", [ids[-1]])
    edge_files = lazy.point_files("edges", "path", holding, "repo")
    assert len(edge_files) < len(lazy.current.files["edges"]) / 2
    # a name (not an id) is looked up in the view, created when that query first names it
    name = views.rows("SELECT name FROM symbols WHERE kind = 'function' GROUP BY name HAVING count(*) = 1 "
                      "ORDER BY name LIMIT 1")[1][0][0]
    assert query.resolve_target(lazy, name, "repo").name == name and "symbols" in lazy.views


def test_a_lake_without_the_edge_index_answers_the_same(sharded):
    """A lake an older codelake wrote has no ``edge_targets``: callers read every edge shard, as before."""
    views = connect(sharded)
    ids, paths = _targets(views)
    manifest = sharded.root / "_snapshots" / "repo.json"
    data = json.loads(manifest.read_text())
    del data["tables"]["edge_targets"]
    manifest.write_text(json.dumps(data))
    lazy = connect(sharded, views=["edges", "symbols", "files"], lazy=True)
    assert query.referencing_files(lazy, "repo", ids[:1]) is None
    assert _compare_callers(lazy, views, ids, paths) > 200


def test_the_walk_reads_its_symbols_by_the_index_and_equals_the_macro(sharded):
    """Blast radius through the walk index (which says which symbols shard holds each sid) and through an index an
    older codelake built (no shard array): the macro's rows either way."""
    catalog = connect(sharded, views=["blast_radius", "blast_radius_gaps", "symbols", "files"], lazy=True)
    ids, paths = _targets(connect(sharded))
    key = walkindex.snapshot_key(sharded.snapshot("repo"))
    shards = walkindex.symbol_shards(sharded.root, "repo", key)
    assert shards is not None and len(set(shards.tolist()) - {-1}) == len(sharded.snapshot("repo").files("symbols"))
    compared = 0
    for value in ids[:10] + paths[:3]:
        target = query.resolve_target(catalog, value, "repo")
        expected = query.blast_radius_macro(catalog, target)
        assert sorted(query.blast_radius(catalog, target)[1]) == sorted(expected[1]), value
        compared += len(expected[1])
    assert compared > 100
    (walkindex.folder(sharded.root, "repo") / key / "symbols.shard.npy").unlink()
    for value in ids[:4]:
        target = query.resolve_target(catalog, value, "repo")
        assert sorted(query.blast_radius(catalog, target)[1]) == sorted(query.blast_radius_macro(catalog, target)[1])


def test_a_file_targets_unresolved_mentions_come_from_the_index_as_the_macro_counts_them(lake, make_repo):
    """``blast_radius_gaps`` of a dotted name (a file path) counts references written as it or ending in
    ``.name``: the walk index keeps the dotted unresolved names to count them without reading every edge."""
    root = make_repo(files={"lib/util.h": "int twice(int x);\n",
                            "main.c": '#include "lib/util.h"\n#include "missing/util.h"\nint main() { return 0; }\n',
                            "app.py": "vendor.lib.util.h.go()  # nothing imported: unresolved\n"})
    index_structure(lake, root)
    catalog = connect(lake)
    for value in ("lib/util.h", "main.c", "app.py"):
        target = query.resolve_target(catalog, value, "repo")
        cols, rows = catalog.rows("SELECT * FROM blast_radius_gaps(?, repo_id := ?, languages := ?)",
                                  [target.name, "repo", query.language_family(catalog, target)])
        assert query.gaps(catalog, target) == dict(zip(cols, rows[0]))
    counted = json.loads((walkindex.folder(lake.root, "repo") / walkindex.snapshot_key(lake.snapshot("repo"))
                          / "unresolved_dotted.json").read_text())
    assert all("." in name for name in counted) and counted


def test_a_damaged_shard_read_by_a_point_lookup_is_one_line_naming_it(sharded):
    views = connect(sharded)
    ids, _ = _targets(views)
    target = query.resolve_target(views, ids[0], "repo")
    holding = query.referencing_files(views, "repo", [target.value])
    damaged = Path(views.point_files("edges", "path", holding[:1], "repo")[1])
    damaged.write_bytes(b"PAR1 not parquet")
    out = subprocess.run([sys.executable, "-m", "pipeline.cli.main", "callers", ids[0], "--repo", "repo",
                          "--lake", str(sharded.root)], capture_output=True, text=True, cwd=PROJECT, timeout=120)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert out.stderr.count("\n") == 1 and "damaged lake file" in out.stderr and damaged.name in out.stderr


def test_a_symbol_id_names_its_file_even_when_the_path_holds_a_double_colon():
    assert query.id_paths("pkg/a.py::Cls.method") == ["pkg/a.py"]
    assert query.id_paths("odd::dir/a.py::f") == ["odd", "odd::dir/a.py"]
    assert query.id_paths("not_an_id") == [] and query.id_paths("::x") == []


def _cards(catalog, repo: str, rels: list[str], narrowed: bool) -> dict:
    from pipeline.exports import export

    if narrowed:
        return export._structure_cards(catalog, repo, rels)
    columns, rows = catalog.rows("SELECT * FROM file_structure_cards(repo_id := ?, for_paths := ?)", [repo, rels])
    return {row[1]: dict(zip(columns, row)) for row in rows}


GO_APART = {  # a type's methods in another file than the type: its members come through foreign_symbols
    "go.mod": "module example.com/shop\n\ngo 1.21\n",
    "cart/cart.go": "package cart\n\ntype Cart struct{ items []string }\n\nfunc New() *Cart { return &Cart{} }\n\n"
                    "type Unused struct{}\n",
    "cart/methods.go": "package cart\n\nfunc (c *Cart) Add(item string) { c.items = append(c.items, item) }\n\n"
                       "func (u Unused) Touch() {}\n",
    "main.go": "package main\n\nimport \"example.com/shop/cart\"\n\nfunc main() {\n\tc := cart.New()\n"
               "\tc.Add(\"x\")\n}\n",
}


def test_the_per_file_cards_read_only_their_shards_and_equal_the_whole_tables_cards(sharded, lake, make_repo):
    """The exporter's cards of a few files, reading the shards the indexes name (their edges, the edges into them,
    their symbols and their members'), equal the macro's over whole tables: every file of this project's code in
    small shards, and a Go package whose methods sit apart from their types."""
    catalog = connect(sharded, views=["file_structure_cards"])
    paths = [r[0] for r in catalog.rows("SELECT path FROM files WHERE parse_status <> 'skipped' ORDER BY path")[1]]
    compared = 0
    for start in range(0, len(paths), 7):
        rels = paths[start:start + 7]
        expected = _cards(catalog, "repo", rels, narrowed=False)
        assert _cards(catalog, "repo", rels, narrowed=True) == expected
        compared += sum(card["dependents_count"] + card["unused_count"] for card in expected.values())
    assert compared > 100
    from pipeline.exports import export

    files = export._card_files(catalog, "repo", paths[:1])
    assert len(files.edge_files) < len(catalog.current.files["edges"]) / 2

    root = make_repo(files=GO_APART, name="shop")
    index_structure(sharded, root, repo="shop")
    shop = connect(sharded, views=["file_structure_cards", "symbols"])
    rels = ["cart/cart.go", "cart/methods.go", "main.go"]
    for rel in rels:
        assert _cards(shop, "shop", [rel], narrowed=True) == _cards(shop, "shop", [rel], narrowed=False)
    ids = [r[0] for r in shop.rows("SELECT id FROM symbols WHERE path = 'cart/cart.go'")[1]]
    assert export._member_files(shop, "shop", ids) == ["cart/methods.go"]
    assert _cards(shop, "shop", ["cart/cart.go"], narrowed=True)["cart/cart.go"]["unused"] == ["Unused"]


def test_a_per_file_card_knows_an_interface_method_is_used_through_its_implementation(sharded):
    """``Store.fetchEntry`` is called only on a ``MemoryStore``: dead_code does not call it unused (it declares what its
    implementation does), and neither does the narrowed card, which reads the dispatch edge in the implementation's
    shard and the call in the caller's; ``purgeAll``, whose implementation nobody calls, is listed."""
    from pipeline.exports import export

    catalog = connect(sharded, views=["file_structure_cards", "dead_code"])
    narrowed = _cards(catalog, "repo", ["shop/Store.java"], narrowed=True)
    assert narrowed == _cards(catalog, "repo", ["shop/Store.java"], narrowed=False)
    assert narrowed["shop/Store.java"]["unused"] == ["purgeAll"]
    files = export._card_files(catalog, "repo", ["shop/Store.java"])
    assert len(files.dispatch_files) < len(catalog.current.files["edges"]) / 2
    _, dead = catalog.rows("SELECT name, confidence FROM dead_code WHERE path = 'shop/Store.java' AND kind = 'method'")
    assert dict(dead)["fetchEntry"] < 0.6 <= dict(dead)["purgeAll"]


TS_CHAIN = {  # an interface implemented by an abstract base's abstract methods, whose subclass's overrides are called
    "store.ts": "export interface Store {\n  fetchEntry(key: string): string;\n"
                "  fetchEntry(key: string, fallback: string): string;\n  purgeAll(): void;\n}\n",
    "base.ts": "import { Store } from './store';\n\nexport abstract class BaseStore implements Store {\n"
               "  abstract fetchEntry(key: string): string;\n  abstract purgeAll(): void;\n}\n",
    "memory.ts": "import { BaseStore } from './base';\n\nexport class MemoryStore extends BaseStore {\n"
                 "  fetchEntry(key: string): string { return key; }\n  purgeAll(): void {}\n}\n",
    "main.ts": "import { MemoryStore } from './memory';\n\nexport function main(): string {\n"
               "  return new MemoryStore().fetchEntry('x');\n}\n",
}


def test_a_per_file_card_follows_the_dispatch_chain_through_an_abstract_base(sharded, make_repo):
    """``Store.fetchEntry`` is implemented by ``BaseStore``'s abstract method, whose override in ``MemoryStore`` is
    what ``main`` calls: two dispatch steps. dead_code does not call it unused (nor its overload's signature), and
    neither does the narrowed card, which reads the second step's edge in ``memory.ts``'s shard; ``purgeAll``, whose
    chain ends uncalled, is."""
    root = make_repo(files=TS_CHAIN, name="chain")
    index_structure(sharded, root, repo="chain")
    catalog = connect(sharded, views=["file_structure_cards", "dead_code"])
    narrowed = _cards(catalog, "chain", ["store.ts"], narrowed=True)
    assert narrowed == _cards(catalog, "chain", ["store.ts"], narrowed=False)
    assert narrowed["store.ts"]["unused"] == ["purgeAll"]
    _, dead = catalog.rows("SELECT name, confidence FROM dead_code WHERE repo = 'chain' AND path = 'store.ts'")
    assert max(c for name, c in dead if name == "fetchEntry") < 0.6 <= dict(dead)["purgeAll"]


def test_a_damaged_index_shard_costs_the_per_file_cards_nothing(sharded):
    """The narrowed card query fails on a damaged ``unresolved_names`` shard: the cards are made over whole tables."""
    from pipeline.exports import export

    catalog = connect(sharded, views=["file_structure_cards"])
    rels = ["pipeline/lake.py", "pipeline/query.py"]
    expected = _cards(catalog, "repo", rels, narrowed=False)
    files = export._card_files(catalog, "repo", rels)
    assert len(files.unresolved_files) > 1
    Path(files.unresolved_files[-1]).write_bytes(b"PAR1 not parquet")
    assert export._structure_cards(connect(sharded, views=["file_structure_cards"]), "repo", rels) == expected
