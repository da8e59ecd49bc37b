"""The per-file export after an edit (``export_repo(..., files=[...])``, ``codelake export --files``): it rewrites
the edited files' snippets and those naming them in place, atomically per file, with a new manifest generation, and
gives what a whole export would; and the SQL under it: ``file_structure_cards(for_paths := ...)`` equals the
whole-repository rows, its unused exports equal ``dead_code``'s; roles, purposes and interfaces as the map uses them.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from map_fixtures import REPO, build_shop, index_shop, write_sessions
from pipeline.exports import read
from pipeline.lake import Lake

ROOT = Path(__file__).resolve().parents[1]
REPORT = '''# Monthly reports of the shop's sales.

from shop.pricing import discount


def monthly(rows):
    return sum(rows)


def yearly(rows):
    return discount(sum(rows), 0.1)
'''


def snippet_files(lake) -> dict[str, bytes]:
    folder = Path(lake.root) / "_exports" / REPO / "snippets"
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*.json")}


def blob(path: Path) -> str:
    return subprocess.run(["git", "hash-object", str(path)], capture_output=True, text=True, check=True).stdout.strip()


@pytest.fixture(scope="module")
def edited(tmp_path_factory):
    """The shop exported whole, then shop/report.py edited to call pricing.discount, updated and exported per
    file: (lake, repo, files before, files after, summary)."""
    from pipeline.exports.export import export_repo
    from pipeline.indexing import update

    base = tmp_path_factory.mktemp("shop-files")
    repo = build_shop(base / "repo")
    write_sessions(base / "logs", repo.path)
    lake = Lake(base / "lake")
    index_shop(lake, repo.path, base / "logs")
    export_repo(lake, REPO)
    before = snippet_files(lake)
    link = os.readlink(Path(lake.root) / "_exports" / REPO)
    (repo.path / "shop/report.py").write_text(REPORT)
    update(repo.path, ["shop/report.py"], repo=REPO, lake=lake)
    summary = export_repo(lake, REPO, files=["shop/report.py"])
    assert os.readlink(Path(lake.root) / "_exports" / REPO) == link  # in place: no new version, no copy
    return lake, repo, before, snippet_files(lake), summary


def test_the_edited_file_and_the_files_it_now_calls_are_rewritten_and_nothing_else(edited):
    lake, repo, before, after, summary = edited
    assert summary.mode == "files" and summary.snippets == 2
    changed = {rel for rel in after if after[rel] != before.get(rel)}
    assert changed == {"shop/report.py.json", "shop/pricing.py.json"}
    report = read.snippet_record(lake.root, REPO, "shop/report.py")
    assert report["blob_sha"] == blob(repo.path / "shop/report.py")
    assert "yearly" in report["text"] and "changed since" not in read.snippet(lake.root, REPO, "shop/report.py")
    pricing = read.snippet(lake.root, REPO, "shop/pricing.py")
    assert "discount x1 (report)" in pricing and "shop/report.py" in pricing  # a caller and a dependent now
    assert "exports nothing calls: discount" not in pricing


def test_the_manifest_names_the_generation_and_what_it_refreshed(edited):
    lake, _, _, _, _ = edited
    manifest = read.manifest(lake.root, REPO)
    assert manifest["generation"] == 1
    assert manifest["updated"]["files"] == ["shop/report.py"] and manifest["updated"]["related"] == 1
    assert manifest["updated"]["snapshot"] == lake.snapshot(REPO).snapshot != manifest["snapshot"]
    leftovers = [p for p in (Path(lake.root) / "_exports" / REPO).rglob("*") if ".tmp-" in p.name]
    assert leftovers == []


def test_a_per_file_export_says_what_a_whole_export_would(edited, tmp_path):
    """History reused from the previous records and structure from the per-file query: the same texts as a whole
    export of the same lake."""
    from pipeline.exports.export import export_repo

    lake, _, _, after, _ = edited
    copy = Lake(tmp_path / "lake")
    subprocess.run(["cp", "-a", str(lake.root) + "/.", str(copy.root)], check=True)
    export_repo(copy, REPO)
    for rel in ("shop/report.py", "shop/pricing.py", "shop/api.py", "shop/store.py"):
        assert json.loads(after[rel + ".json"])["text"] == read.snippet_record(copy.root, REPO, rel)["text"], rel


def test_a_deleted_file_loses_its_snippet_and_its_callees_forget_it(edited, tmp_path):
    from pipeline.exports.export import export_repo
    from pipeline.indexing import update

    lake, repo, _, _, _ = edited
    (repo.path / "shop/report.py").unlink()
    try:
        update(repo.path, ["shop/report.py"], repo=REPO, lake=lake)
        summary = export_repo(lake, REPO, files=[str(repo.path / "shop/report.py")])
        assert summary.removed == 1 and read.snippet_record(lake.root, REPO, "shop/report.py") is None
        pricing = read.snippet(lake.root, REPO, "shop/pricing.py")
        assert "(report)" not in pricing and "exports nothing calls: discount" in pricing  # history still knows it
        assert read.manifest(lake.root, REPO)["generation"] == 2
    finally:
        (repo.path / "shop/report.py").write_text(REPORT)


def test_a_kept_connection_exports_the_newest_snapshot(tmp_path, monkeypatch):
    """A warm worker keeps the per-file export's connection (``keep_catalogs``): the next export, after another
    update, reads the newer snapshot through the same connection."""
    from pipeline.exports import export as ex
    from pipeline.indexing import update

    repo = build_shop(tmp_path / "repo")
    write_sessions(tmp_path / "logs", repo.path)
    lake = Lake(tmp_path / "lake")
    index_shop(lake, repo.path, tmp_path / "logs")
    ex.export_repo(lake, REPO)
    monkeypatch.setattr(ex, "_kept_catalogs", {})
    ex.export_repo(lake, REPO, files=["shop/report.py"])
    (kept,) = ex._kept_catalogs.values()
    assert "yearly" not in read.snippet_record(lake.root, REPO, "shop/report.py")["text"]
    (repo.path / "shop/report.py").write_text(REPORT)
    update(repo.path, ["shop/report.py"], repo=REPO, lake=lake)
    ex.export_repo(lake, REPO, files=["shop/report.py"])
    assert list(ex._kept_catalogs.values()) == [kept]
    assert "yearly" in read.snippet_record(lake.root, REPO, "shop/report.py")["text"]
    assert "(report)" in read.snippet(lake.root, REPO, "shop/pricing.py")  # the file it now calls, refreshed too


def test_the_warm_workers_export_child_writes_what_the_worker_would(tmp_path):
    """The warm worker's export runs in a child started before the update (``hooks.export_child``): it connects
    ahead, exports the snapshot the update published, and writes the same snippets as the export in-process; a
    failing export is reported to the worker; a child given nothing to export leaves without writing."""
    from pipeline.exports import export as ex
    from pipeline.hooks.export_child import ExportChild, ExportFailed
    from pipeline.indexing import update

    repo = build_shop(tmp_path / "repo")
    write_sessions(tmp_path / "logs", repo.path)
    lake = Lake(tmp_path / "lake")
    index_shop(lake, repo.path, tmp_path / "logs")
    ex.export_repo(lake, REPO)
    idle = ExportChild.start(lake, REPO)
    idle.close()
    assert idle.pid is None and "yearly" not in read.snippet_record(lake.root, REPO, "shop/report.py")["text"]

    child = ExportChild.start(lake, REPO)
    (repo.path / "shop/report.py").write_text(REPORT)
    update(repo.path, ["shop/report.py"], repo=REPO, lake=lake)
    child.run(["shop/report.py"])
    child.close()
    from_child = snippet_files(lake)
    assert "yearly" in read.snippet_record(lake.root, REPO, "shop/report.py")["text"]
    ex.export_repo(lake, REPO, files=["shop/report.py"])
    assert snippet_files(lake) == from_child

    failing = ExportChild.start(lake, REPO)
    os.kill(failing.pid, signal.SIGKILL)  # a child that died before it exported: the worker is told how
    with pytest.raises(ExportFailed, match="killed"):
        failing.run(["shop/report.py"])
    failing.close()


def test_without_an_export_the_files_mode_exports_the_repository(tmp_path, make_repo):
    from pipeline.exports.export import export_repo
    from pipeline.indexing import index

    root = make_repo(files={"app/main.py": "def main():\n    return helper()\n\n\ndef helper():\n    return 1\n"})
    lake = Lake(tmp_path / "lake")
    index(root, repo="app", lake=lake, extractors=["structure"])
    summary = export_repo(lake, "app", files=["app/main.py"])
    assert summary.mode == "repository" and read.manifest(lake.root, "app")["generation"] == 0


def test_cli_export_files(edited):
    lake, repo, _, _, _ = edited
    out = subprocess.run([sys.executable, "-m", "pipeline.cli.main", "export", "--files", "shop/api.py", "--lake",
                          str(lake.root), "--format", "json"], capture_output=True, text=True, cwd=repo.path,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr
    (row,) = json.loads(out.stdout)
    assert row["mode"] == "files" and row["snippets"] >= 1


# -- the SQL under it ---------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def own_lake(tmp_path_factory):
    """This repository's structure (real code in several shapes; small enough for the suite)."""
    from pipeline.indexing import index

    lake = Lake(tmp_path_factory.mktemp("own-cards") / "lake")
    index(ROOT, repo="codelake", lake=lake, extractors=["structure"])
    return lake


def test_one_files_card_equals_its_row_of_the_whole_repository(own_lake):
    from pipeline.catalog import connect

    catalog = connect(own_lake, repos=["codelake"], views=["file_structure_cards", "dead_code"])
    columns, whole = catalog.rows("SELECT * FROM file_structure_cards(repo_id := 'codelake')")
    assert len(whole) > 100
    for row in whole[::7]:
        _, one = catalog.rows("SELECT * FROM file_structure_cards(repo_id := 'codelake', for_paths := ?)", [[row[1]]])
        assert one == [row], row[1]
    _, several = catalog.rows("SELECT * FROM file_structure_cards(repo_id := 'codelake', for_paths := ?)",
                              [[row[1] for row in whole[::7]]])
    assert several == whole[::7]  # the per-file export asks for all its files at once
    _, dead = catalog.rows("SELECT path, count(*) FROM dead_code WHERE is_exported AND kind <> 'module' "
                           "AND confidence >= 0.6 GROUP BY path")
    unused = {r[1]: r[columns.index("unused_count")] for r in whole if r[columns.index("unused_count")]}
    assert unused == dict(dead) and unused


def test_a_one_file_card_reads_a_few_rows_not_the_whole_repository(own_lake):
    """The plan pushes the path into the scans of edges and symbols (an equality the Parquet reader applies)."""
    from pipeline.catalog import connect

    catalog = connect(own_lake, repos=["codelake"], views=["file_structure_cards"])
    plan = "\n".join(r[1] for r in catalog.rows(
        "EXPLAIN SELECT * FROM file_structure_cards(repo_id := 'codelake', for_paths := ['pipeline/lake.py'])")[1])
    assert "dst_path='pipeline/lake.py'" in plan.replace(" ", "") and "path='pipeline/lake.py'" in plan.replace(" ", "")


def test_roles_purposes_and_interfaces(tmp_path, make_repo):
    from pipeline.catalog import connect
    from pipeline.indexing import index

    root = make_repo(files={
        "pkg/util.py": "def helper():\n    return 1\n\n\ndef lonely():\n    return 2\n",
        "pkg/a.py": "from pkg.util import helper\n\n\ndef a():\n    return helper() + lonely()\n",
        "pkg/b.py": "from pkg.util import helper\n\n\ndef b():\n    return helper() + lonely()\n",
        "tests/helpers.py": "def make():\n    return 3\n",
        "tests/test_a.py": "from tests.helpers import make\n\n\ndef test_a():\n    assert make()\n",
        "tests/test_b.py": "from tests.helpers import make\n\n\ndef test_b():\n    assert make()\n",
        "examples/demo/app.js": "/**\n * Module dependencies.\n */\nvar x = 1;\n",
        "benchmarks/run.py": "# Runs the benchmarks against the store and prints a table.\n",
        "pkg/fixtures/sample.py": "X = 1\n", "scripts/release.py": "X = 1\n", "docs/conf.py": "X = 1\n",
        "src/cookie.ts": "/**\n * @module Cookie utility.\n */\nexport const a = 1\n",
        "src/page.tsx": "/** @jsxImportSource hono/jsx */\nexport const b = 1\n",
        "src/route.ts": "/**\n * Get matched routes in the handler\n * @param c - The context\n */\nexport const c = 1\n"})
    lake = Lake(tmp_path / "lake")
    index(root, repo="r", lake=lake, extractors=["structure", "doc_refs"])
    catalog = connect(lake, repos=["r"], views=["file_roles", "file_purposes", "interfaces", "edges"])
    roles = dict(catalog.rows("SELECT path, role FROM file_roles")[1])
    assert roles == {"pkg/util.py": "source", "pkg/a.py": "source", "pkg/b.py": "source",
                     "tests/helpers.py": "test", "tests/test_a.py": "test", "tests/test_b.py": "test",
                     "examples/demo/app.js": "example", "benchmarks/run.py": "benchmark",
                     "pkg/fixtures/sample.py": "test", "scripts/release.py": "tooling", "docs/conf.py": "docs",
                     "src/cookie.ts": "source", "src/page.tsx": "source", "src/route.ts": "source"}
    purposes = dict(catalog.rows("SELECT path, purpose FROM file_purposes")[1])
    assert purposes == {"benchmarks/run.py": "Runs the benchmarks against the store and prints a table.",
                        "src/cookie.ts": "Cookie utility."}
    found = {r[0]: r[1:] for r in catalog.rows("SELECT name, caller_files, test_files, role FROM interfaces")[1]}
    assert found["helper"] == (2, 0, "source") and found["make"] == (0, 2, "test")
    guessed = catalog.rows("SELECT count(*) FROM edges WHERE dst_name = 'lonely' AND dst_id IS NOT NULL AND "
                           "resolution NOT IN ('unique_name', 'ambiguous')")[1][0][0]
    assert "lonely" not in found or guessed  # a name guess is not a dependency


def test_a_per_file_export_waits_for_an_export_in_progress_and_refuses_paths_outside(edited):
    """Exports of one repository never interleave (the later starts from the newer lake); a path that would leave
    the repository is ignored, not written."""
    import fcntl
    import threading

    from pipeline.exports.export import export_repo

    lake, repo, _, _, _ = edited
    generation = read.manifest(lake.root, REPO)["generation"]
    results = []
    with open(Path(lake.root) / "_exports" / ".locks" / f"{REPO}.lock", "a+") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)  # as a whole export holds it
        worker = threading.Thread(target=lambda: results.append(
            export_repo(lake, REPO, files=["shop/store.py", "../../outside.py", "/etc/passwd"])))
        worker.start()
        worker.join(0.5)
        assert worker.is_alive() and read.manifest(lake.root, REPO)["generation"] == generation
    worker.join(60)
    assert results and results[0].mode == "files"
    assert read.manifest(lake.root, REPO)["updated"]["files"] == ["shop/store.py"]
    assert not (Path(lake.root) / "_exports" / "outside.py.json").exists()


def test_a_files_cards_read_the_bases_from_the_hierarchy_table(tmp_path, make_repo):
    """The per-file export's cards read the inherits edges from the structure extractor's ``hierarchy`` table (every
    inherits edge, one small file) rather than from every edge shard, and say the same: a method of a class with a
    base outside the repository is not listed unused, one of a class whose bases are all the repository's is."""
    from pipeline.exports import export
    from pipeline.indexing import index

    files = {"app/__init__.py": "",
             "app/base.py": "class Local:\n    def run(self):\n        return 1\n",
             "app/mod.py": "import json\n\nfrom app.base import Local\n\n\nclass FromOutside(json.JSONEncoder):\n"
                           "    def encode_more(self):\n        return 1\n\n\nclass Plain(Local):\n"
                           "    def lonely(self):\n        return 2\n"}
    root = make_repo(files=files)
    lake = Lake(tmp_path / "lake")
    index(root, repo="demo", lake=lake, extractors=["structure"])
    catalog = export.files_catalog(lake, "demo", ["file_structure_cards"])
    found = export._card_files(catalog, "demo", ["app/mod.py"])
    hierarchy = set(lake.snapshot("demo").files("hierarchy"))
    read_files = {os.path.relpath(f, lake.root) for f in found.hierarchy_files or []}
    assert hierarchy and {f for f in read_files if not f.startswith("_schemas/")} == hierarchy  # no edge shard
    narrowed = export._structure_cards(catalog, "demo", ["app/mod.py"])["app/mod.py"]
    whole = catalog.rows("SELECT * FROM file_structure_cards(repo_id := 'demo', for_paths := ['app/mod.py'])")
    assert narrowed == dict(zip(whole[0], whole[1][0]))
    assert "lonely" in narrowed["unused"] and "encode_more" not in narrowed["unused"]
