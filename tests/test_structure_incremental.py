"""Freshness by content: only changed files are re-parsed (committed, dirty, untracked, deleted), ``update`` touches
just the named files, and edges into changed files are re-resolved every time."""

from __future__ import annotations

import json
import os

import pytest

from conftest import git, index_structure
from pipeline import indexing

BASE = {
    "app/core.py": "def helper():\n    return 1\n\n\ndef unused():\n    return 2\n",
    "app/main.py": "from app.core import helper\n\n\ndef run():\n    return helper()\n",
    "app/other.py": "def other():\n    return 3\n",
    "app/__init__.py": "",
}


@pytest.fixture
def never_whole(monkeypatch):
    """A tiny repository's update stays an update: it never falls back to a full pass (``INCREMENTAL_SHARE``)."""
    from extractors.structure import incremental

    monkeypatch.setattr(incremental, "INCREMENTAL_SHARE", 1.01)


def counters(lake, repo="repo") -> dict:
    last = lake.read_table(repo, "runs").to_pylist()[-1]
    return {**json.loads(last["counters"]), "files_skipped": last["files_skipped"]}


def edges(lake, repo="repo") -> set[tuple]:
    return {(e["src_id"], e["dst_id"]) for e in lake.read_table(repo, "edges").to_pylist() if e["dst_id"]}


def symbol_ids(lake, repo="repo") -> set[str]:
    return set(lake.read_table(repo, "symbols").column("id").to_pylist())


def test_a_second_run_parses_nothing_when_nothing_changed(lake, make_repo):
    root = make_repo(files=BASE)
    index_structure(lake, root)
    assert counters(lake)["files_parsed"] == 4
    index_structure(lake, root)
    assert counters(lake)["files_parsed"] == 0
    assert ("app/main.py::run", "app/core.py::helper") in edges(lake)


def test_committed_dirty_untracked_and_deleted_files_are_picked_up(lake, make_repo):
    root = make_repo(files=BASE)
    index_structure(lake, root)
    (root / "app/other.py").write_text("from app.core import unused\n\n\ndef other():\n    return unused()\n")
    git(root, "commit", "-qam", "other uses unused")
    (root / "app/core.py").write_text(BASE["app/core.py"] + "\n\ndef added():\n    return helper()\n")  # dirty
    (root / "app/new.py").write_text("def fresh():\n    return 0\n")  # untracked
    os.remove(root / "app/main.py")
    index_structure(lake, root)
    assert counters(lake)["files_parsed"] == 3  # other (committed), core (dirty), new (untracked)
    ids = symbol_ids(lake)
    assert {"app/core.py::added", "app/new.py::fresh"} <= ids
    assert not any(i.startswith("app/main.py::") for i in ids)
    found = edges(lake)
    assert ("app/other.py::other", "app/core.py::unused") in found
    assert ("app/core.py::added", "app/core.py::helper") in found
    assert not any(src.startswith("app/main.py") for src, _ in found)
    paths = set(lake.read_table("repo", "files").column("path").to_pylist())
    assert "app/main.py" not in paths and "app/new.py" in paths


def test_update_reindexes_only_the_named_files_and_re_resolves_edges_into_them(lake, make_repo):
    root = make_repo(files=BASE)
    index_structure(lake, root)
    (root / "app/core.py").write_text("def renamed():\n    return 1\n")
    (root / "app/other.py").write_text("def changed_but_not_named():\n    return 1\n")
    summary = indexing.update(root, [str(root / "app/core.py")], repo="repo", lake=lake)
    assert summary.status == "ok"
    assert counters(lake)["files_parsed"] == 1
    ids = symbol_ids(lake)
    assert "app/core.py::renamed" in ids and "app/core.py::helper" not in ids
    assert "app/other.py::other" in ids  # not named, not re-read
    assert ("app/main.py::run", "app/core.py::helper") not in edges(lake)
    stale = [e for e in lake.read_table("repo", "edges").to_pylist() if e["dst_name"] == "helper"]
    assert stale and all(e["dst_id"] is None for e in stale if e["kind"] == "calls")


def test_the_first_update_after_an_upgrade_parses_the_whole_repository(lake, make_repo, monkeypatch):
    """A lake whose facts an older codelake parsed is parsed again in full by its next run, an update too: parsing
    only the edited file would write whole tables of that one file and drop every other file of the repository."""
    root = make_repo(files=BASE)
    index_structure(lake, root)
    before = symbol_ids(lake)
    monkeypatch.setattr("extractors.structure.facts_version", lambda: "a newer codelake")
    (root / "app/core.py").write_text("def helper():\n    return 2\n\n\ndef added():\n    return 3\n")
    summary = indexing.update(root, ["app/core.py"], repo="repo", lake=lake)
    assert summary.status == "ok"
    after = symbol_ids(lake)
    assert {i for i in before if not i.startswith("app/core.py")} < after and "app/core.py::added" in after
    assert ("app/main.py::run", "app/core.py::helper") in edges(lake)


def test_an_update_parsed_ahead_writes_what_one_parsed_in_line_writes(tmp_path, make_repo, monkeypatch):
    """A cold update's files are parsed by a child while the process starts up (``ahead``): the run takes its facts
    (``files_parsed_ahead``) and the lake is the one an update parsing in line writes."""
    from extractors.structure import parse
    from pipeline.lake import Lake

    root = make_repo(files=BASE)
    lakes = {how: Lake(tmp_path / how) for how in ("ahead", "in_line")}
    for lake in lakes.values():
        index_structure(lake, root)
    (root / "app/core.py").write_text("def helper():\n    return added()\n\n\ndef added():\n    return 3\n")
    monkeypatch.setattr(parse, "_PARSERS", {})  # a fresh process: no query compiled yet
    indexing.update(root, ["app/core.py"], repo="repo", lake=lakes["ahead"], ahead=True)
    assert counters(lakes["ahead"])["files_parsed_ahead"] == 1
    indexing.update(root, ["app/core.py"], repo="repo", lake=lakes["in_line"])  # a long-lived caller's way
    assert "files_parsed_ahead" not in counters(lakes["in_line"])
    for table in ("files", "symbols", "refs"):
        got = [lakes[how].read_table("repo", table).drop_columns(["sid"] if table == "symbols" else [])
               .sort_by("path").to_pylist() for how in lakes]
        assert got[0] == got[1], table
    assert _edge_set(lakes["ahead"], "repo") == _edge_set(lakes["in_line"], "repo")
    assert ("app/core.py::helper", "app/core.py::added") in edges(lakes["ahead"])


def test_a_file_parsed_ahead_past_its_budget_is_a_recorded_skip_and_the_rest_is_parsed(lake, make_repo,
                                                                                        monkeypatch):
    """The parse-ahead child is the one the per-file budget watches: a file that outlives it costs only itself."""
    from extractors.structure import parse

    root = make_repo(files=BASE)
    index_structure(lake, root)
    (root / "app/core.py").write_text("def helper():\n    return added()\n\n\ndef added():\n    return 3\n")
    (root / "app/parens.js").write_text("(\n" * 120_000)  # one error node: quadratic in the query cursor
    monkeypatch.setattr(parse, "_PARSERS", {})
    # 3 s: the small file stays within it on a machine loaded tenfold (1 s did not); the other needs minutes
    monkeypatch.setenv("CODELAKE_FILE_BUDGET", "3")
    indexing.update(root, ["app/core.py", "app/parens.js"], repo="repo", lake=lake, ahead=True)
    assert counters(lake)["files_parsed_ahead"] == 2
    files = {f["path"]: f for f in lake.read_table("repo", "files").to_pylist()}
    assert files["app/parens.js"]["parse_status"] == "skipped"
    # its 3 s of CPU, or, on a machine loaded past tenfold, the wall clock's cap (``budget.WALL_FACTOR``)
    assert files["app/parens.js"]["skip_reason"] in ("exceeded its time budget (3 s)",
                                                     "exceeded its time budget (3 s; 30 s of wall clock)")
    assert files["app/core.py"]["parse_status"] == "ok"
    assert ("app/core.py::helper", "app/core.py::added") in edges(lake)


def test_files_parsed_ahead_for_another_plan_are_dropped(make_repo, monkeypatch):
    from extractors.structure import ahead, parse, plan

    root = make_repo(files=BASE)
    monkeypatch.setattr(parse, "_PARSERS", {})
    child = ahead.parse_ahead(root, ["app/core.py"])
    assert child is not None and child.pid
    other = plan.plan_changes(root, False, None, False, ["app/main.py"]).to_parse
    assert child.take(other, None, set()) is None and child.pid is None  # stopped and reaped
    assert ahead.parse_ahead(root, ["app/gone.py"]) is None  # nothing to parse


def test_the_early_child_is_taken_without_planning_its_files_again(make_repo, monkeypatch):
    from extractors.structure import ahead, parse, plan

    root = make_repo(files=BASE)
    monkeypatch.setattr(parse, "_PARSERS", {})
    ahead.start_early(str(root), [str(root / "app/core.py")])
    planned = []
    monkeypatch.setattr(plan, "plan_changes", lambda *a, **k: planned.append(a))
    child = ahead.parse_ahead(root.resolve(), ["app/core.py"])
    try:
        assert child is not None and child.pid and child.files == {"app/core.py"} and not planned
    finally:
        child.cancel()


def test_update_of_a_deleted_file_removes_its_rows(lake, make_repo):
    root = make_repo(files=BASE)
    index_structure(lake, root)
    os.remove(root / "app/other.py")
    indexing.update(root, ["app/other.py"], repo="repo", lake=lake)
    assert not any(i.startswith("app/other.py") for i in symbol_ids(lake))


def test_a_folder_outside_git_is_indexed_by_content_hash(lake, tmp_path):
    root = tmp_path / "plain"
    for rel, text in BASE.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    index_structure(lake, root)
    assert counters(lake)["files_parsed"] == 4
    (root / "app/other.py").write_text("def other():\n    return 4\n")
    index_structure(lake, root)
    assert counters(lake)["files_parsed"] == 1
    files = lake.read_table("repo", "files").to_pylist()
    assert all(f["indexed_commit"] is None and len(f["blob_sha"]) == 40 for f in files)


def test_full_reparses_everything(lake, make_repo):
    root = make_repo(files=BASE)
    index_structure(lake, root)
    index_structure(lake, root, full=True)
    assert counters(lake)["files_parsed"] == 4


EDITS = [
    # (description, {path: new text or None to delete}); the first one is filled in from the fixture
    ("rename a called function", {}),
    ("add a module and import it", {"shop/extra.py": "from shop.pricing import weight\n\n\ndef heavy(x):\n"
                                    "    return weight(x) > 3\n",
                                    "shop/api.py": "from .extra import heavy\n\n\ndef check(x):\n"
                                                   "    return heavy(x)\n"}),
    ("change a base class and a method", {"shop/store.py": "class Backend:\n    def save(self, item):\n"
                                          "        return item\n\n\nclass MemoryBackend(Backend):\n"
                                          "    def save(self, item):\n        return [item]\n\n\n"
                                          "class Store:\n    def add(self, item):\n        return validate(item)\n\n\n"
                                          "def validate(item):\n    return bool(item)\n"}),
    ("delete a file others call into", {"shop/pricing.py": None}),
]


def _edge_set(lake, repo):
    return sorted(tuple(e[k] or "" for k in ("src_id", "dst_id", "kind", "line", "resolution", "path"))
                  for e in lake.read_table(repo, "edges").to_pylist())


def test_incremental_resolution_gives_the_same_edges_as_a_full_run(tmp_path, make_repo, monkeypatch, never_whole):
    from extractors.structure import incremental, rows
    from pipeline.lake import Lake

    calls, real = [], rows.resolve_current
    monkeypatch.setattr(rows, "resolve_current", lambda *a, **k: calls.append(a[1] is not None) or real(*a, **k))
    root = make_repo("structure/python")
    incremental = Lake(tmp_path / "incremental")
    index_structure(incremental, root)
    store = (root / "shop/store.py").read_text()
    EDITS[0][1]["shop/store.py"] = store.replace("def validate(", "def validated(").replace(
        "return validate(item)", "return validated(item)")
    for description, edit in EDITS:
        for rel, text in edit.items():
            if text is None:
                (root / rel).unlink()
            else:
                (root / rel).write_text(text)
        index_structure(incremental, root)
        full = Lake(tmp_path / f"full-{description.replace(' ', '-')}")
        index_structure(full, root)
        assert _edge_set(incremental, "repo") == _edge_set(full, "repo"), description
    assert calls == [True] * len(EDITS)  # every incremental run took the partial path


RUBY_DSL = {
    "lib/app.rb": 'require_relative "shop"\n\nShop.define do\n  item "apple"\nend\n',
    "lib/shop.rb": 'require_relative "dsl"\n\nclass Shop\n  def self.define(&block)\n    DSL.run(block)\n  end\nend\n',
    "lib/dsl.rb": "class Proxy\n  def item(name)\n    name\n  end\nend\n\nclass DSL\n  def self.run(block)\n"
                  "    Proxy.new.instance_eval(&block)\n  end\nend\n",
}


def test_an_update_of_the_method_running_a_dsl_block_re_resolves_the_blocks_two_hands_away(tmp_path, make_repo,
                                                                                             monkeypatch):
    """``Shop.define do item end`` (app.rb): ``define`` hands its block to ``DSL.run``, which runs it on a ``Proxy``
    (dsl.rb). An update of dsl.rb alone that stops (then starts again) running it there moves what ``item`` is in
    app.rb, two hands away from the edit: the update's edges equal a fresh index's, on the partial path."""
    from extractors.structure import incremental, rows
    from pipeline.lake import Lake

    monkeypatch.setattr(incremental, "INCREMENTAL_SHARE", 1.01)  # a small repository: never fall back to a full pass
    calls, real = [], rows.resolve_current
    monkeypatch.setattr(rows, "resolve_current", lambda *a, **k: calls.append(a[1] is not None) or real(*a, **k))
    others = {f"lib/other{i}.rb": f"class Other{i}\n  def run{i}\n    {i}\n  end\nend\n" for i in range(4)}
    root = make_repo(files={**RUBY_DSL, **others})
    lake = Lake(tmp_path / "updated")
    index_structure(lake, root)
    item = ("lib/app.rb::<module>", "lib/dsl.rb::Proxy.item")
    assert item in edges(lake)
    for text, runs_on_proxy in ((RUBY_DSL["lib/dsl.rb"].replace("Proxy.new.instance_eval(&block)", "block.call"),
                                 False), (RUBY_DSL["lib/dsl.rb"], True)):
        (root / "lib/dsl.rb").write_text(text)
        indexing.update(root, ["lib/dsl.rb"], repo="repo", lake=lake)
        assert (item in edges(lake)) is runs_on_proxy
        full = Lake(tmp_path / f"full-{runs_on_proxy}")
        index_structure(full, root)
        assert _edge_set(lake, "repo") == _edge_set(full, "repo")
    assert calls == [True, True]  # both updates took the partial path


@pytest.mark.parametrize("how", ["index", "update"])
def test_a_changed_tsconfig_re_resolves_imports_without_a_source_change(lake, make_repo, how):
    root = make_repo(files={
        "tsconfig.json": '{"compilerOptions": {"baseUrl": "."}}\n',
        "src/lib/util.ts": "export function helper(): number {\n  return 1;\n}\n",
        "src/app.ts": 'import { helper } from "@lib/util";\n\nexport function run(): number {\n  return helper();\n}\n',
    })

    def call_resolution():
        return {e["resolution"] for e in lake.read_table("repo", "edges").to_pylist()
                if (e["src_id"], e["dst_id"]) == ("src/app.ts::run", "src/lib/util.ts::helper")}

    index_structure(lake, root)
    assert call_resolution() == {"unique_name"}  # no alias yet: found only by its name
    (root / "tsconfig.json").write_text('{"compilerOptions": {"baseUrl": ".", "paths": {"@lib/*": ["src/lib/*"]}}}\n')
    index_structure(lake, root, **({"files": ["tsconfig.json"]} if how == "update" else {}))
    assert counters(lake)["files_parsed"] == 0 and counters(lake)["resolution_configs_changed"] == 1
    assert call_resolution() == {"import"}


def test_a_bare_repository_is_indexed_at_head_like_its_checkout(lake, make_repo, tmp_path):
    from pipeline.errors import ExtractError
    from pipeline.lake import Lake

    root = make_repo("structure/typescript")  # with a tsconfig.json that resolution reads from disk
    bare = tmp_path / "mirror.git"
    git(tmp_path, "clone", "-q", "--bare", str(root), str(bare))
    index_structure(lake, bare, repo="bare")
    checkout = Lake(tmp_path / "checkout-lake")
    index_structure(checkout, root, repo="bare")
    for table in ("files", "symbols", "edges"):
        got, want = (sorted(map(str, lk.read_table("bare", table).drop_columns(["repo"]).to_pylist()))
                     for lk in (lake, checkout))
        assert got == want and got, table
    (root / "src" / "extra.ts").write_text("export function extra(): number {\n  return 1;\n}\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "extra")
    git(root, "push", "-q", str(bare), "HEAD:main")
    index_structure(lake, bare, repo="bare")
    assert counters(lake, "bare")["files_parsed"] == 1
    assert "src/extra.ts::extra" in symbol_ids(lake, "bare")
    with pytest.raises(ExtractError, match="bare repository"):
        index_structure(lake, bare, repo="bare", files=["src/extra.ts"])
    assert "src/extra.ts::extra" in symbol_ids(lake, "bare")  # the refused update lost nothing


@pytest.mark.parametrize("seed", [1, 2])
def test_random_edits_to_real_code_resolve_like_a_full_run(tmp_path, seed):
    """This repository's own Python as real code: rename, break and add definitions and fixtures in a few files per
    step; the incremental index and the update of just those files must give a full run's edges every time."""
    import random
    import shutil
    from pathlib import Path

    from pipeline.lake import Lake

    source = Path(__file__).resolve().parents[1]
    root = tmp_path / "repo"
    for folder in ("pipeline", "extractors", "tests"):
        shutil.copytree(source / folder, root / folder, ignore=shutil.ignore_patterns("__pycache__", "fixtures"))
    git(tmp_path, "init", "-q", "-b", "main", str(root))
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "init")
    rng, files = random.Random(seed), sorted(p.relative_to(root).as_posix() for p in root.rglob("*.py"))
    incremental, updated = Lake(tmp_path / "inc"), Lake(tmp_path / "upd")
    for lake in (incremental, updated):
        index_structure(lake, root)
    for step in range(3):
        touched = [_random_edit(rng, root, rel, step) for rel in rng.sample(files, 3)]
        conftest = root / "tests" / f"sub{step}" / "conftest.py"
        conftest.parent.mkdir()
        conftest.write_text("import pytest\n\n\n@pytest.fixture\ndef lake():\n    return None\n")
        touched.append(conftest.relative_to(root).as_posix())
        index_structure(incremental, root)
        index_structure(updated, root, files=touched)
        full = Lake(tmp_path / f"full{step}")
        index_structure(full, root)
        assert _edge_rows(incremental) == _edge_rows(full), f"index, step {step}"
        assert _edge_rows(updated) == _edge_rows(full), f"update, step {step}"


def test_random_edits_to_a_larger_real_repository_resolve_like_a_full_run(tmp_path, monkeypatch, warm_process):
    """The venv's pytest and pluggy (about 40K lines): definitions renamed, broken and added, lines shifted, in
    several files per step, always through the incremental path; update and index equal a full run every time,
    and every edge's sids name the symbols its ids do. The runs share one process that keeps what it read of the
    lake, as the warm refresh worker does: what a run reads from a shard it kept must be that shard's rows."""
    import random
    import shutil
    import sysconfig
    from pathlib import Path

    from extractors.structure import incremental
    from pipeline.lake import Lake

    monkeypatch.setattr(incremental, "INCREMENTAL_SHARE", 1.01)
    site = Path(sysconfig.get_paths()["purelib"])
    root = tmp_path / "repo"
    for package in ("_pytest", "pluggy"):
        shutil.copytree(site / package, root / package, ignore=shutil.ignore_patterns("__pycache__"))
    git(tmp_path, "init", "-q", "-b", "main", str(root))
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "init")
    rng, files = random.Random(11), sorted(p.relative_to(root).as_posix() for p in root.rglob("*.py"))
    incremental_lake, updated = Lake(tmp_path / "inc"), Lake(tmp_path / "upd")
    for lake in (incremental_lake, updated):
        index_structure(lake, root)
    for step in range(3):
        touched = [_random_edit(rng, root, rel, step) for rel in rng.sample(files, 4)]
        index_structure(incremental_lake, root)
        index_structure(updated, root, files=touched)
        full = Lake(tmp_path / f"full{step}")
        index_structure(full, root)
        assert _edge_rows(incremental_lake) == _edge_rows(full), f"index, step {step}"
        assert _edge_rows(updated) == _edge_rows(full), f"update, step {step}"
        for lake in (incremental_lake, updated):
            _assert_sids_name_the_ids(lake)
    assert warm_process.hits > 0  # later runs did read shards kept from earlier ones


def _assert_sids_name_the_ids(lake) -> None:
    symbols = lake.read_table("repo", "symbols").select(["id", "sid"]).to_pydict()
    assert len(set(symbols["sid"])) == len(symbols["sid"])
    by_sid = dict(zip(symbols["sid"], symbols["id"]))
    edges = lake.read_table("repo", "edges").select(["src_id", "dst_id", "src_sid", "dst_sid"]).to_pydict()
    for src, dst, src_sid, dst_sid in zip(*edges.values()):
        assert by_sid.get(src_sid) == src and (by_sid.get(dst_sid) if dst_sid is not None else None) == dst


def _random_edit(rng, root, rel: str, step: int) -> str:
    import re

    path = root / rel
    text = path.read_text()
    names = re.findall(r"^\s*(?:def|class) (\w+)", text, re.M)
    action = rng.choice(["rename", "drop", "add", "shift", "retarget"]) if names else "add"
    returned = list(re.finditer(r"return (\w+)\(", text))
    if action == "retarget" and returned:  # what a function returns: another function's result (value flow moves)
        call = rng.choice(returned)
        text = text[:call.start(1)] + rng.choice(names) + text[call.end(1):]
    elif action == "shift" or action == "retarget":  # no definition moves, every line does
        text = "# shifted\n\n" + text
    elif action == "rename":
        name = rng.choice(names)
        text = re.sub(rf"\b{name}\b", f"{name}_{step}", text)
    elif action == "drop":
        text = re.sub(rf"^(\s*)(def|class) {rng.choice(names)}\b", rf"\1\2 gone_{step}", text, count=1, flags=re.M)
    else:
        text += f"\n\ndef test_added_{step}(lake, tmp_path):\n    return load(lake)\n"
    path.write_text(text)
    return rel


def _edge_rows(lake) -> list:
    t = lake.read_table("repo", "edges")
    cols = ["src_id", "dst_id", "dst_name", "kind", "path", "line", "resolution", "ref_form", "confidence"]
    return sorted(map(tuple, zip(*t.select(cols).to_pydict().values())), key=repr)


@pytest.mark.parametrize("language", ["python", "typescript", "tsx", "javascript", "java", "rust", "go", "c", "cpp",
                                      "ruby", "kotlin", "csharp", "swift", "php", "scala", "vue"])
def test_updating_each_file_of_a_language_fixture_resolves_like_a_full_run(tmp_path, language):
    """Every file of a language fixture updated in turn with its lines shifted: its edges are resolved again over
    the lazily loaded graph (or the full one, for Go), and must equal a full run's."""
    import shutil

    from conftest import FIXTURES
    from extractors.structure.languages import language_for
    from pipeline.lake import Lake

    root = tmp_path / "src"
    shutil.copytree(FIXTURES / "structure" / language, root, ignore=shutil.ignore_patterns("expected.json"))
    updated = Lake(tmp_path / "upd")
    index_structure(updated, root)
    sources = sorted(p for p in root.rglob("*") if p.is_file() and language_for(p.name)
                     and "node_modules" not in p.parts and "vendor" not in p.parts)
    for path in sources:
        comment = "#" if path.suffix in (".py", ".rb") else "//"
        text = path.read_text()
        if text.startswith("<?php\n"):  # PHP code starts after its opening tag: the comment goes after it
            path.write_text(f"<?php\n{comment} shifted\n" + text[len("<?php\n"):])
        else:
            path.write_text(f"{comment} shifted\n" + text)
        index_structure(updated, root, files=[path.relative_to(root).as_posix()])
    full = Lake(tmp_path / "full")
    index_structure(full, root)
    assert _edge_rows(updated) == _edge_rows(full)
    _assert_sids_name_the_ids(updated)


def test_an_update_loading_a_deep_hierarchy_of_other_files_resolves_like_a_full_run(lake, make_repo, tmp_path):
    """Bases loaded on demand bring more classes along (a file's other classes, their own bases elsewhere): the
    dispatch edges of the updated file are computed over a settled hierarchy."""
    from pipeline.lake import Lake

    root = make_repo(files={
        "a.py": "from b import Base\n\n\nclass A(Base):\n    def run(self):\n        return 1\n",
        "b.py": "from d import Root\n\n\nclass Base:\n    def run(self):\n        return 0\n\n\n"
                "class Other(Root):\n    def go(self):\n        return 1\n\n    def only_here(self):\n        return 3\n",
        "d.py": "from g import F\n\n\nclass Root:\n    def go(self):\n        return 0\n\n\n"
                "class E(F):\n    def f(self):\n        return 2\n",
        "g.py": "from h import H\n\n\nclass F(H):\n    def f(self):\n        return 1\n",
        "h.py": "class H:\n    def f(self):\n        return 0\n",
    })
    index_structure(lake, root)
    (root / "a.py").write_text("# moved\n" + (root / "a.py").read_text())
    index_structure(lake, root, files=["a.py"])
    full = Lake(tmp_path / "full")
    index_structure(full, root)
    assert _edge_rows(lake) == _edge_rows(full)
    assert any(e[3] == "dispatch" and e[4] == "a.py" for e in _edge_rows(lake))


def test_an_update_passing_other_functions_to_a_call_resolves_like_a_full_run(lake, make_repo, tmp_path, never_whole):
    """A call passing another function by name: the files defining a function of the called name resolve their
    parameter calls again (found through the ``symbol_names`` index); a namesake that is no function, a subclass
    of an edited class and the files with edges to a renamed method follow as in a full run."""
    root = make_repo(files={
        "run.py": "def apply(fn, x):\n    return fn(x)\n\n\nclass Box:\n    def apply(self, fn):\n        return fn(1)\n",
        "other.py": "apply = 3\n\n\ndef double(x):\n    return x * 2\n",
        "use.py": "from run import apply, Box\nfrom other import double\n\n\ndef triple(x):\n    return x * 3\n\n\n"
                  "def go():\n    return apply(double, 2)\n",
        "sub.py": "from run import Box\n\n\nclass Crate(Box):\n    def open(self):\n        return self.apply(len)\n",
    })
    index_structure(lake, root)
    steps = [("use.py", lambda t: t.replace("apply(double, 2)", "apply(triple, 2) + Box().apply(double)")),
             ("run.py", lambda t: t.replace("    def apply(self, fn):", "    def applied(self, fn):")),
             ("use.py", lambda t: t.replace("apply(triple, 2)", "apply(double, 3)"))]
    _each_update_like_a_full_run(lake, root, steps, tmp_path)


def test_an_update_copying_a_go_file_into_its_package_resolves_like_a_full_run(lake, make_repo, tmp_path,
                                                                               monkeypatch):
    """A Go file copied into its package defines the same names twice: its package's callers resolve to the file
    sorting first, in an update (which lists the lake's files before the new one) as in a full run."""
    from pipeline.lake import Lake

    helper = "package util\n\nfunc Helper() int {\n\treturn 1\n}\n"
    root = make_repo(files={"go.mod": "module example.com/m\n\ngo 1.22\n", "util/helper.go": helper,
                            "util/use.go": "package util\n\nfunc Use() int {\n\treturn Helper()\n}\n"})
    index_structure(lake, root)
    (root / "util/copy_helper.go").write_text(helper)
    index_structure(lake, root, files=["util/copy_helper.go"])
    full = Lake(tmp_path / "full")
    index_structure(full, root)
    assert _edge_rows(lake) == _edge_rows(full)
    assert ("util/use.go::Use", "util/copy_helper.go::Helper") in edges(full)


def test_an_update_of_a_go_file_calling_a_package_variable_of_another_resolves_like_a_full_run(lake, make_repo,
                                                                                              tmp_path):
    """``shared().Put()`` where another file of the package holds ``var shared = sync.OnceValue(func() *Shelf
    {..})``: the variable's declared result types the call in an update of either file, as in a full run; a
    ``cancel`` from ``context.WithCancel`` is a library's."""
    depot = ("package depot\n\nimport \"sync\"\n\ntype Shelf struct{ n int }\n\nfunc (s *Shelf) Put() { s.n++ }\n\n"
             "type Bin struct{ n int }\n\nfunc (b *Bin) Put() { b.n-- }\n\n"
             "var shared = sync.OnceValue(func() *Shelf { return &Shelf{} })\n")
    stock = ("package depot\n\nimport \"context\"\n\nfunc Restock(ctx context.Context) {\n"
             "\tctx, cancel := context.WithCancel(ctx)\n\tdefer cancel()\n\tshared().Put()\n}\n")
    root = make_repo(files={"go.mod": "module example.com/m\n\ngo 1.22\n", "depot.go": depot, "stock.go": stock})
    index_structure(lake, root)
    steps = [("stock.go", lambda t: "// moved\n" + t),
             ("depot.go", lambda t: t.replace("func() *Shelf { return &Shelf{} }", "func() *Bin { return &Bin{} }"))]
    _each_update_like_a_full_run(lake, root, steps, tmp_path)
    got = edges(lake)
    assert ("stock.go::Restock", "depot.go::Bin.Put") in got and ("stock.go::Restock", "depot.go::Shelf.Put") not in got


def test_an_update_resolving_every_file_lists_subclasses_in_a_full_runs_order(lake, make_repo, tmp_path,
                                                                              monkeypatch):
    """``self.handle()`` on a base class reaches the first 8 overrides of its subclasses, in the order of their
    files: an update resolving the whole repository again (the lake's files, then the one it parsed) must read
    them in path order too, or a subclass of the updated file falls past the cap."""
    from extractors.structure import incremental
    from pipeline.lake import Lake

    monkeypatch.setattr(incremental, "INCREMENTAL_SHARE", 0.0)  # every update resolves everything again
    sub = "from base import Base\n\n\nclass Sub{n}(Base):\n    def handle(self):\n        return {n}\n"
    root = make_repo(files={"base.py": "class Base:\n    def run(self):\n        return self.handle()\n",
                            **{f"s{n}.py": sub.format(n=n) for n in range(9)}})
    index_structure(lake, root)
    (root / "s0.py").write_text("# shifted\n" + sub.format(n=0))
    index_structure(lake, root, files=["s0.py"])
    full = Lake(tmp_path / "full")
    index_structure(full, root)
    assert _edge_rows(lake) == _edge_rows(full)
    assert ("base.py::Base.run", "s0.py::Sub0.handle") in edges(full)


def test_a_lake_parsed_with_other_queries_is_parsed_again_in_full(lake, make_repo, monkeypatch):
    """Files whose bytes did not change hold the facts the old queries found: an upgrade's first run re-reads them."""
    import extractors.structure as structure

    root = make_repo(files=BASE)
    index_structure(lake, root)
    monkeypatch.setattr(structure, "facts_version", lambda: "0.2.0+another-query")
    index_structure(lake, root)
    assert counters(lake)["files_parsed"] == 4
    index_structure(lake, root)
    assert counters(lake)["files_parsed"] == 0
    assert ("app/main.py::run", "app/core.py::helper") in edges(lake)


def test_an_edit_of_a_function_body_resolves_only_the_lines_it_wrote(tmp_path, make_repo, monkeypatch):
    """A line added inside a function (every line below it moves) changes no definition, import or value-flow fact:
    the update resolves that line's references only, the others keep their edges at their new lines; a renamed
    definition resolves its own lines and the lines naming it. Either way the edges are a full run's (real code:
    this repository's ``pipeline`` folder)."""
    import shutil
    from pathlib import Path

    from extractors.structure.bindings import ImportBindings
    from extractors.structure.resolve import Resolver
    from pipeline.lake import Lake

    root = tmp_path / "repo"
    shutil.copytree(Path(__file__).resolve().parents[1] / "pipeline", root / "pipeline",
                    ignore=shutil.ignore_patterns("__pycache__"))
    updated = Lake(tmp_path / "upd")
    index_structure(updated, root)
    target = "pipeline/lake.py"
    resolved, bound = [], []
    original, binding = Resolver.resolve, ImportBindings.import_target
    monkeypatch.setattr(Resolver, "resolve", lambda self, r: resolved.append(r) or original(self, r))
    monkeypatch.setattr(ImportBindings, "import_target", lambda self, *a, **k: bound.append(a) or binding(self, *a, **k))

    text = (root / target).read_text()
    first_return = text.index("\n        return ")
    (root / target).write_text(text[:first_return] + "\n        _probe = sorted(str(len(text)))" + text[first_return:])
    index_structure(updated, root, files=[target])
    again = [r.name for r in resolved if r.path == target]
    # the added line's and the class bases' lines (resolved with the bases), not the file's 400
    import ast

    bases = [b.id for node in ast.walk(ast.parse(text)) if isinstance(node, ast.ClassDef)
             for b in node.bases if isinstance(b, ast.Name)]
    assert {"sorted", "str", "len"} <= set(again) and set(again) <= {"sorted", "str", "len", "text", *bases}, again
    assert len(again) <= 4 + 2 * len(bases), again  # each base's line and the import naming it
    assert len(bound) < 5  # its imports' edges kept too: none of its 30 imports bound again for them

    resolved.clear()
    (root / target).write_text((root / target).read_text().replace("def _check_tables(", "def _checked_tables("))
    index_structure(updated, root, files=[target])
    again = [r for r in resolved if r.path == target]  # a definition renamed: its own lines and those naming it,
    assert again and len(again) < 60, len(again)  # not the file's 400 (``kept_resolution``)
    naming = {r.src_qualname for r in again if "_check" in (r.name or "") + (r.receiver or "")}  # and its callers'
    assert {r.src_qualname for r in again} <= {"_checked_tables", *naming,  # lines, or a class's bases
                                               *(r.src_qualname for r in again if r.kind == "inherits")}, again
    full = Lake(tmp_path / "full")
    index_structure(full, root)
    assert _edge_rows(updated) == _edge_rows(full)
    _assert_sids_name_the_ids(updated)


def test_an_update_adding_or_renaming_a_type_named_as_a_receiver_resolves_like_a_full_run(lake, make_repo, tmp_path,
                                                                                         monkeypatch):
    """``Visitor::default()`` (a derived method) and ``config.layer()`` (a function's trait method) reach the type
    or function their receiver names: an edit elsewhere that adds, renames or removes that name re-resolves the
    callers (``ref_names`` holds one-name receivers), as a full run would."""
    root = make_repo(files={
        "Cargo.toml": '[package]\nname = "app"\nversion = "0.1.0"\n',
        "src/lib.rs": "mod model;\nmod run;\n",
        "src/model.rs": "pub fn helper() -> u8 {\n    1\n}\n",
        "src/run.rs": "use crate::model::*;\n\npub fn go() -> usize {\n    let v = Visitor::default();\n"
                      "    let _h = handler.layer(2);\n    v.count\n}\n",
    })
    index_structure(lake, root)
    steps = [lambda t: t + "\n#[derive(Default)]\npub struct Visitor {\n    pub count: usize,\n}\n\n"
                           "pub async fn handler() -> u8 {\n    2\n}\n",
             lambda t: t.replace("struct Visitor", "struct Walker").replace("fn handler", "fn handle"),
             lambda t: t.replace("struct Walker", "struct Visitor")]
    _edits_resolve_like_full_runs(lake, root, tmp_path, "src/model.rs", steps)
    reached = {(r[0], r[1], r[3]) for r in _edge_rows(lake)}
    assert ("src/run.rs::go", "src/model.rs::Visitor", "uses_type") in reached
    assert not any(dst == "src/model.rs::handle" for _, dst, _ in reached)


def test_a_ruby_update_keeps_a_stored_base_extended_not_included(lake, make_repo, tmp_path, never_whole):
    """A base read from the stored hierarchy keeps its form: ``extend Tokens`` in another file gives the class
    object ``remember_token``; an updated subclass's instance method calling it bare reaches no method of Tokens,
    as in a full run (lost, the update would link it to the module's method)."""
    from pipeline.lake import Lake

    root = make_repo(files={
        "tokens.rb": "module Tokens\n  def remember_token\n    1\n  end\nend\n",
        "base.rb": "require_relative 'tokens'\n\nclass Base\n  extend Tokens\nend\n",
        "user.rb": "require_relative 'base'\n\nclass User < Base\n  def value\n    remember_token\n  end\n\n"
                   "  def self.token\n    remember_token\n  end\nend\n",
    })
    index_structure(lake, root)
    user = (root / "user.rb").read_text()  # a new method: its calls are resolved again, not kept
    added = "  def other\n    remember_token\n  end\n\n  def value\n"
    (root / "user.rb").write_text(user.replace("  def value\n", added))
    index_structure(lake, root, files=["user.rb"])
    full = Lake(tmp_path / "full")
    index_structure(full, root)
    assert _edge_rows(lake) == _edge_rows(full)
    calls = {(e[0], e[1]) for e in _edge_rows(lake) if e[3] == "calls"}
    assert ("user.rb::User.token", "tokens.rb::Tokens.remember_token") in calls
    assert ("user.rb::User.other", "tokens.rb::Tokens.remember_token") not in calls


# a class dispatching by a name template (``visit_*``) and a subclass in another file
VISITOR_REPO = {
    "walk.py": "class Visitor:\n    def visit(self, node):\n        return getattr(self, f\"visit_{node}\")()\n\n"
               "    def visit_name(self):\n        return 1\n",
    "sub.py": "from walk import Visitor\n\n\nclass Compiler(Visitor):\n    def compile(self):\n        return 2\n",
}


def test_an_update_adding_a_method_a_name_template_fits_resolves_like_a_full_run(lake, make_repo, tmp_path,
                                                                                 never_whole):
    """``getattr(self, f"visit_{kind}")`` reaches every ``visit_*`` method of the class and its subclasses: a method
    added, renamed or removed in a subclass's file re-resolves the template's file (``ref_names`` lists the files
    holding a template under one key), as a full run would."""
    root = make_repo(files=VISITOR_REPO)
    index_structure(lake, root)
    steps = [lambda t: t + "\n    def visit_const(self):\n        return 3\n",
             lambda t: t.replace("def visit_const", "def visit_call"),
             lambda t: t.replace("def visit_call", "def other")]
    _edits_resolve_like_full_runs(lake, root, tmp_path, "sub.py", steps)
    reached = {(r[0], r[1]) for r in _edge_rows(lake)}
    assert ("walk.py::Visitor.visit", "walk.py::Visitor.visit_name") in reached
    assert not any((dst or "").startswith("sub.py::Compiler.visit_") for _, dst in reached)


def test_only_a_method_a_template_fits_re_resolves_the_template_s_file(lake, make_repo, tmp_path, monkeypatch):
    """A template reaches methods whose names fit it: a function, a class or a method of another name added
    elsewhere leaves the template's file alone (on site-packages, one function appended to a stub re-resolved the
    136 files holding a template: 122K edges, 33 s), a fitting method reaches it; every step as a full run."""
    from extractors.structure import incremental

    reached = []
    found = incremental.affected_paths
    monkeypatch.setattr(incremental, "affected_paths", lambda *a, **k: reached.append(found(*a, **k)) or reached[-1])
    root = make_repo(files=VISITOR_REPO)
    index_structure(lake, root)
    steps = [lambda t: t + "\n\ndef helper():\n    return 3\n\n\nclass Plain:\n    pass\n",
             lambda t: t.replace("    def compile(self):", "    def emit(self):\n        return 4\n\n    def compile(self):"),
             lambda t: t.replace("def emit", "def visit_emit")]
    _edits_resolve_like_full_runs(lake, root, tmp_path, "sub.py", steps)
    mine = [paths for paths in reached if paths is not None and "sub.py" in paths][:3]
    assert [sorted(paths) for paths in mine] == [["sub.py"], ["sub.py"], ["sub.py", "walk.py"]]


def test_an_update_moving_a_subclass_s_base_re_resolves_the_template_s_file(lake, make_repo, tmp_path, never_whole):
    """A template reaches the methods of its class's subclasses: a subclass given another base (no method moved)
    or its base back changes which ``visit_*`` the template reaches, as a full run would."""
    root = make_repo(files=VISITOR_REPO)
    index_structure(lake, root)
    steps = [lambda t: t + "\n    def visit_const(self):\n        return 3\n",
             lambda t: t.replace("class Compiler(Visitor):", "class Compiler:"),
             lambda t: t.replace("class Compiler:", "class Compiler(Visitor):")]
    _edits_resolve_like_full_runs(lake, root, tmp_path, "sub.py", steps)
    reached = {(r[0], r[1]) for r in _edge_rows(lake)}
    assert ("walk.py::Visitor.visit", "sub.py::Compiler.visit_const") in reached


def _edits_resolve_like_full_runs(lake, root, tmp_path, rel: str, steps: list) -> None:
    """Each edit of ``rel`` in turn, updated in ``lake``: its edges equal a full index of the same checkout."""
    from pipeline.lake import Lake

    for step, edit in enumerate(steps):
        path = root / rel
        path.write_text(edit(path.read_text()))
        index_structure(lake, root, files=[rel])
        full = Lake(tmp_path / f"full{step}")
        index_structure(full, root)
        assert _edge_rows(lake) == _edge_rows(full), step


def test_an_update_of_a_property_s_function_type_re_resolves_the_objects_handed_to_its_owner(lake, make_repo, tmp_path,
                                                                                              never_whole):
    """``run({ onDone(r) { r.print() } })`` types ``r`` by what ``Options.onDone`` declares (``run(opts: Options)``),
    nested too (``hooks: { onFail(f) {..} }``), through a constructor (``new Runner({..})``) or declared so (``const
    declared: Options = {..}``): an edit changing only
    that property's function type re-resolves the files handing objects to the functions taking an ``Options``, as a
    full run would (their edges reach neither the property nor its file)."""
    root = make_repo(files={
        "package.json": '{"name": "app"}\n',
        "src/report.ts": "export interface Report {\n  print(): void;\n}\n\nexport interface Summary {\n"
                         "  print(): void;\n}\n",
        "src/types.ts": "import type { Report, Summary } from \"./report\";\n\nexport interface Hooks {\n"
                        "  onFail(r: Report): void;\n}\n\nexport interface Options {\n"
                        "  onDone?: (r: Report) => void;\n  hooks?: Hooks;\n}\n",
        "src/run.ts": "import type { Options } from \"./types\";\n\nexport function run(opts: Options): void {\n"
                      "  opts.onDone?.({} as never);\n}\n\nexport class Runner {\n"
                      "  constructor(readonly opts: Options) {}\n}\n",
        "src/use.ts": "import { run, Runner } from \"./run\";\n\nrun({\n  onDone(r) {\n    r.print();\n  },\n"
                      "  hooks: {\n    onFail(f) {\n      f.print();\n    },\n  },\n});\n\n"
                      "export const runner = new Runner({\n  onDone(r) {\n    r.print();\n  },\n});\n",
        "src/declared.ts": "import type { Options } from \"./types\";\n\nexport const declared: Options = {\n"
                           "  onDone: (r) => r.print(),\n};\n",
    })
    index_structure(lake, root)
    steps = [lambda t: t.replace("onDone?: (r: Report)", "onDone?: (r: Summary)"),
             lambda t: t.replace("onFail(r: Report)", "onFail(r: Summary)"),
             lambda t: t.replace("onDone?: (r: Summary)", "onDone?: (r: Report)")]
    _edits_resolve_like_full_runs(lake, root, tmp_path, "src/types.ts", steps)
    reached = {(r[0], r[1]) for r in _edge_rows(lake)}
    assert ("src/use.ts::onDone", "src/report.ts::Report.print") in reached
    assert ("src/use.ts::onFail", "src/report.ts::Summary.print") in reached
    assert ("src/use.ts::runner.onDone", "src/report.ts::Report.print") in reached
    assert ("src/declared.ts::declared.onDone", "src/report.ts::Report.print") in reached


def _each_update_like_a_full_run(lake, root, steps, tmp_path) -> None:
    """Apply each (file, edit) step, update that file, and compare the lake's edges with a fresh full index's."""
    from pipeline.lake import Lake

    for step, (rel, edit) in enumerate(steps):
        (root / rel).write_text(edit((root / rel).read_text()))
        index_structure(lake, root, files=[rel])
        full = Lake(tmp_path / f"full{step}")
        index_structure(full, root)
        assert _edge_rows(lake) == _edge_rows(full), rel
