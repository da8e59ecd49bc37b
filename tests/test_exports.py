"""The exports agents read: golden digest and snippets of the shop repository (history and agent sessions), the
reader's ordering by task and budget cut, staleness notes, hostile paths, a reader that imports no database, and a
budget check on this repository's own export.

Golden files: tests/golden/map/. After a deliberate change, regenerate with CODELAKE_UPDATE_GOLDEN=1 and read them.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from map_fixtures import REPO, build_shop, index_shop, write_sessions
from pipeline.exports import read, tokens
from pipeline.lake import Lake

GOLDEN = Path(__file__).parent / "golden" / "map"
ROOT = Path(__file__).resolve().parents[1]
SNIPPET_FILES = ["shop/api.py", "shop/pricing.py", "shop/report.py", "shop/store.py", "tests/test_api.py"]


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    from pipeline.exports.export import export

    base = tmp_path_factory.mktemp("shop-export")
    repo = build_shop(base / "repo")
    logs = base / "logs"
    write_sessions(logs, repo.path)
    lake = Lake(base / "lake")
    index_shop(lake, repo.path, logs)
    export(lake)
    return lake, repo


def normalised(text: str) -> str:
    return re.sub(r"indexed at [0-9a-f]{10}", "indexed at <commit>", text)


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("CODELAKE_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    assert text == path.read_text(), f"{name} differs from its golden file (CODELAKE_UPDATE_GOLDEN=1 rewrites it)"


def test_the_digest_matches_its_golden_file(exported):
    lake, _ = exported
    text = (Path(lake.root) / "_exports" / REPO / "digest.md").read_text()
    check_golden("digest.md", normalised(text))
    assert tokens.count(text) <= 400


def test_the_snippets_match_their_golden_file(exported):
    lake, _ = exported
    parts = []
    for rel in SNIPPET_FILES:
        record = read.snippet_record(lake.root, REPO, rel)
        assert record["tokens"] == tokens.count(record["text"]) <= 100
        parts.append(f"== {rel}\n{record['text']}\n")
    check_golden("snippets.txt", "".join(parts))


def test_the_layout_and_manifest_follow_the_contract(exported):
    lake, repo = exported
    folder = Path(lake.root) / "_exports"
    index = json.loads((folder / "index.json").read_text())
    exported_at = index["repos"][REPO]["exported_at"]
    assert index == {"v": 1, "repos": {REPO: {"root": str(repo.path), "exported_at": exported_at}}}
    manifest = read.manifest(lake.root, REPO)
    assert manifest["signals"] == {"history": True, "behaviour": True}
    assert manifest["snapshot"] == lake.snapshot(REPO).snapshot
    assert manifest["budgets"] == {"snippet": 100, "digest": 400}
    assert manifest["tokenizer"].startswith("o200k_base")
    record = json.loads((folder / REPO / "snippets" / "shop/api.py.json").read_text())
    assert set(record) == {"v", "path", "blob_sha", "indexed_commit", "tokens", "text", "card"}
    assert record["card"]["role"] == "source" and "co_changed" in record["card"]  # the facts behind the text
    assert manifest["generation"] == 0 and manifest["updated"] is None
    assert manifest["tables"]["edges"] == lake.snapshot(REPO).tables["edges"]["run_id"]
    assert read.repo_for_path(lake.root, str(repo.path / "shop" / "api.py")) == (REPO, "shop/api.py")
    assert read.repo_for_path(lake.root, "/elsewhere/shop/api.py") is None


def test_snippets_copy_nothing_but_names_from_the_files(exported):
    lake, repo = exported
    text = read.snippet(lake.root, REPO, "shop/api.py")
    source = (repo.path / "shop/api.py").read_text()
    for line in source.splitlines():
        if len(line.strip()) > 12:
            assert line.strip() not in text


def section_lines(text: str, title: str) -> list[str]:
    lines = text.splitlines()
    start = lines.index(title) + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
    return lines[start:end]


def test_the_digest_is_ordered_by_the_task_and_cut_to_the_budget(exported):
    lake, _ = exported
    default = read.digest(lake.root, REPO, budget=400, recent=[])
    subsystems = section_lines(default, "## Subsystems")
    sizes = [int(re.search(r"(\d+) files", l).group(1)) for l in subsystems]
    assert sizes == [7]  # shop/'s two subsystems as one line: 4 and 3 files
    for task in ({"changed": ["shop/report.py"]}, {"branch": "fix/report-monthly"}, {"recent": ["shop/report.py"]}):
        ordered = read.digest(lake.root, REPO, budget=400, **{"recent": [], **task})
        assert "report.py" in [l for l in ordered.splitlines() if l.startswith("- ")][0], task
    store_first = read.digest(lake.root, REPO, budget=400, recent=[], changed=["tests/test_store.py"])
    first = section_lines(store_first, "## Subsystems")[0]
    assert first.startswith("- shop/ (2 groups: 7 files, 2 tests): api.py") and "store.py" in first
    for budget in (400, 120, 40, 0):
        text = read.digest(lake.root, REPO, budget=budget)
        assert tokens.count(text) <= budget
    assert read.digest(lake.root, REPO, budget=60).startswith("# codelake map of shop")


def test_a_changed_file_gets_a_staleness_note(exported, tmp_path):
    lake, repo = exported
    target = repo.path / "shop/report.py"
    original = target.read_text()
    try:
        target.write_text(original + "# edited by hand\n")
        text = read.snippet(lake.root, REPO, "shop/report.py")
        assert text.endswith("(note: shop/report.py changed since it was indexed; facts above may be out of date)")
        assert "changed since" not in read.snippet(lake.root, REPO, "shop/report.py", check_fresh=False)
    finally:
        target.write_text(original)
    assert "changed since" not in read.snippet(lake.root, REPO, "shop/report.py")


@pytest.mark.parametrize("repo, path", [
    ("shop", "../../../etc/passwd"), ("shop", "/etc/passwd"), ("..", "shop/api.py"), ("shop", "shop/../../x"),
    ("shop", ""), ("sh/op", "shop/api.py"), ("shop", "shop/missing.py"), ("nope", "shop/api.py"),
])
def test_the_reader_refuses_paths_that_leave_the_exports(exported, repo, path):
    lake, _ = exported
    assert read.snippet(lake.root, repo, path) is None


def test_a_damaged_export_file_is_silence_not_an_error(exported, tmp_path):
    lake, _ = exported
    copy = tmp_path / "lake"
    (copy / "_exports" / "x" / "snippets").mkdir(parents=True)
    (copy / "_exports" / "x" / "snippets" / "a.py.json").write_text("{not json")
    (copy / "_exports" / "x" / "digest.json").write_text('{"v": 99}')
    assert read.snippet(copy, "x", "a.py") is None and read.digest(copy, "x") is None
    assert read.repo_for_path(copy, "/a.py") is None


def test_the_reader_imports_no_database_and_no_prefect(exported):
    lake, repo = exported
    code = ("import sys; import pipeline.exports.read as r; "
            f"t = r.snippet({str(lake.root)!r}, 'shop', 'shop/api.py'); "
            f"d = r.digest({str(lake.root)!r}, 'shop'); "
            "heavy = [m for m in ('duckdb', 'pyarrow', 'prefect', 'pandas') if m in sys.modules]; "
            "print(heavy, bool(t), bool(d))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[] True True"


def test_a_new_export_replaces_the_previous_one_whole(exported):
    from pipeline.exports.export import export

    lake, _ = exported
    before = os.readlink(Path(lake.root) / "_exports" / REPO)
    export(lake, [REPO])
    after = os.readlink(Path(lake.root) / "_exports" / REPO)
    versions = list((Path(lake.root) / "_exports" / ".versions" / REPO).iterdir())
    assert before != after and [v.name for v in versions if not v.name.startswith(".")] == [Path(after).name]


def test_cli_digest_and_snippet_print_what_a_hook_injects(exported):
    lake, repo = exported
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-m", "pipeline.cli.main", "snippet", str(repo.path / "shop/store.py"),
                          "--lake", str(lake.root)], capture_output=True, text=True, env=env, cwd=repo.path)
    assert out.returncode == 0 and out.stdout.startswith("shop/store.py · "), out.stderr
    out = subprocess.run([sys.executable, "-m", "pipeline.cli.main", "digest", "--budget", "80", "--lake",
                          str(lake.root)], capture_output=True, text=True, env=env, cwd=repo.path)
    assert out.returncode == 0 and out.stdout.startswith("# codelake map of shop"), out.stderr
    assert tokens.count(out.stdout.strip()) <= 80


@pytest.fixture(scope="module")
def own_export(tmp_path_factory):
    """This repository, indexed and exported (the largest repository the suite affords; make bench checks the big
    ones)."""
    from pipeline.exports.export import export
    from pipeline.indexing import index

    lake = Lake(tmp_path_factory.mktemp("own") / "lake")
    index(ROOT, repo="codelake", lake=lake)
    export(lake)
    return lake


def test_no_export_of_this_repository_exceeds_its_budget(own_export):
    lake = own_export
    folder = Path(lake.root) / "_exports" / "codelake" / "snippets"
    records = [json.loads(p.read_text()) for p in folder.rglob("*.json")]
    assert len(records) > 100
    for record in records:
        assert tokens.count(record["text"]) <= 100, record["path"]
    for budget in (400, 200, 100):
        assert tokens.count(read.digest(lake.root, "codelake", budget=budget)) <= budget
    assert tokens.count((Path(lake.root) / "_exports" / "codelake" / "digest.md").read_text()) <= 400


def test_the_flow_tasks_derive_then_export(tmp_path, make_repo):
    from flows.index_repo import derive, export, run_extractor

    root = make_repo(files={"app/main.py": "def main():\n    return helper()\n\n\ndef helper():\n    return 1\n"})
    lake = str(tmp_path / "lake")
    run_extractor.fn(lake, str(root), "flowmap", "structure", {})
    assert derive.fn(lake, "flowmap") == {"map": {"status": "ok", "neighbors": 0, "communities": 1}}
    meta = export.fn(lake, "flowmap")["export"]  # one entry per step of pipeline.steps.EXPORTS
    assert meta["status"] == "ok" and meta["snippets"] == 1 and read.snippet(lake, "flowmap", "app/main.py").startswith("app/main.py")


def test_the_digest_says_when_head_moved_since_the_index(exported):
    lake, repo = exported
    indexed = repo.head()
    try:
        repo.git("commit", "-q", "--allow-empty", "-m", "later", day=90)
        text = read.digest(lake.root, REPO, budget=200)
        assert text.endswith(f"(note: HEAD is now {repo.head()[:10]}, the map was indexed at {indexed[:10]}: "
                             "recent changes are not in it)")
        assert tokens.count(text) <= 200
        assert "HEAD is now" not in read.digest(lake.root, REPO, budget=200, check_fresh=False)
    finally:
        repo.git("reset", "-q", "--hard", indexed)
    assert "HEAD is now" not in read.digest(lake.root, REPO, budget=200)


# -- lines read on real repositories (click, ky, cobra) that misled or said nothing -------------------------------
def _card(path: str, role: str = "source", **facts) -> dict:
    return {"path": path, "role": role, "is_test": role == "test", **facts}


def test_most_used_names_what_is_referenced_and_keeps_the_test_callers_with_their_symbol():
    from pipeline.exports import render

    # click's core.py: Context is referenced from 54 functions, mostly by their annotations, not called, and its
    # "+48 from tests +2 more" read as two more tests rather than two more symbols
    card = _card("src/click/core.py", called=[
        {"name": "Context", "callers": 54, "test_callers": 48, "modules": ["src/click/types.py", "src/click/exceptions.py"]},
        {"name": "Parameter", "callers": 38, "test_callers": 5, "modules": ["src/click/types.py"]},
        {"name": "Command", "callers": 0, "test_callers": 92, "modules": ["tests/test_basic.py"]}])
    header, lines = render.snippet_lines(card, render.SnippetContext(True, False, None))
    first = render.Line(lines[0].label, lines[0].items, lines[0].total, lines[0].priority, keep=1)
    assert first.text() == "most used: Context x54 (types, exceptions; +48 from tests) +2 more"
    assert lines[0].items[2] == "Command x92 from tests (tests/test_basic)"


def test_subsystems_sharing_a_folder_are_one_line_naming_every_part():
    from pipeline.exports import render

    # codelake's own digest listed "extractors/structure/ (part 1 of 4)" and, cut to its 400 tokens, never the other
    # three parts: the reader saw a quarter of the folder and no way to the rest
    def row(folder: str, size: int, key: str, tests: int = 0) -> dict:
        return {"folder": folder, "size": size, "tests": tests, "key_files": [f"{folder}/{key}", f"{folder}/x_{key}"],
                "paths": [f"{folder}/{key}", f"{folder}/x_{key}"], "name": key, "purpose": None, "purpose_path": None}

    rows = [row("extractors/structure", 189, "resolve.py", 3), row("pipeline", 130, "lake.py"),
            row("extractors/structure", 73, "lazy.py", 2), row("extractors/structure", 10, "tiny.py")]
    items = render.subsystem_items(rows)
    assert [i["text"] for i in items] == [
        "- extractors/structure/ (3 groups: 272 files, 5 tests): resolve.py, lazy.py, tiny.py, x_resolve.py",
        "- pipeline/ (130 files): lake.py, x_lake.py"]  # a folder of one subsystem: as it was
    assert "part" not in items[0]["text"]
    assert set(items[0]["paths"]) == {p for r in rows if r["folder"] == "extractors/structure" for p in r["paths"]}
    assert "lazy" in items[0]["terms"] and "lake" not in items[0]["terms"]  # a task about any part finds the line


@pytest.mark.parametrize("role", ["docs", "example", "tooling", "benchmark"])
def test_no_used_by_claim_for_files_nothing_imports_by_design(role):
    from pipeline.exports import render

    # click's docs/conf.py said "used by: no other file": Sphinx loads it, an example or a script is run; the line
    # only tells an agent something about the repository's own source
    _, lines = render.snippet_lines(_card("docs/conf.py", role), render.SnippetContext(True, False, None))
    assert not [line for line in lines if line.label == "used by"]
    _, lines = render.snippet_lines(_card("src/click/parser.py"), render.SnippetContext(True, False, None))
    assert [line.text() for line in lines if line.label == "used by"] == ["used by: no other file"]


@pytest.mark.parametrize("reads, edits, text", [(1, 0, "(1 read)"), (0, 2, "(2 edits)"), (2, 1, "(1 edit, 2 reads)"),
                                                (0, 0, "(searched)")])
def test_recently_touched_files_say_only_what_agents_did(reads, edits, text):
    from pipeline.exports import render

    # click: "tests/test_termui.py (0 edits, 1 read)"
    assert render.recent_item({"path": "tests/test_termui.py", "reads": reads, "edits": edits})["text"] == \
        f"- tests/test_termui.py {text}"


def test_hotspots_say_which_90_days_they_count():
    from datetime import datetime, timezone

    from pipeline.exports import render

    # cobra's last commit was five months before the export: "completions.go: 2 changes in 90 days" read as changes
    # in the last 90 days; the window ends at the repository's last commit, and the title says so once
    end = datetime(2026, 7, 11, 0, 43, tzinfo=timezone.utc)
    assert render.hotspots_title(end) == "## Hotspots (90 days to the last commit, 2026-07-11)"
    assert render.hotspots_title(None) == "## Hotspots (90 days to the last commit)"
    row = {"path": "completions.go", "revisions": 2, "trend": "rising"}
    assert render.hotspot_item(row)["text"] == "- completions.go: 2 changes, rising"
