"""The map: the fused neighbourhood (each signal alone ranks differently from the fusion; as_of sees only the
past; structure alone without history or logs), communities (stable across runs), doc_refs (Markdown,
reStructuredText, ADRs), context packing and the self-evaluation, on the shop repository of map_fixtures."""

from __future__ import annotations

import shutil

import pytest

from map_fixtures import REPO, SOURCES, build_shop, index_shop, write_sessions
from pipeline.catalog import connect
from pipeline.lake import Lake


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    base = tmp_path_factory.mktemp("shop")
    repo = build_shop(base / "repo")
    logs = base / "logs"
    write_sessions(logs, repo.path)
    lake = Lake(base / "lake")
    index_shop(lake, repo.path, logs)
    return lake, repo


def neighbours(catalog, file: str, **params) -> list[dict]:
    names = ", ".join(f"{k} := ?" for k in params)
    cols, rows = catalog.rows(f"SELECT * FROM neighborhood(file := ?, repo_id := ?{', ' if names else ''}{names}) "
                              "ORDER BY score DESC, neighbor", [file, REPO, *params.values()])
    return [dict(zip(cols, r)) for r in rows]


def top_by(rows: list[dict], part: str) -> str:
    return max((r for r in rows if r[part] is not None), key=lambda r: (r[part], r["neighbor"]))["neighbor"]


def test_each_signal_alone_ranks_another_file_first_than_the_fusion(shop):
    lake, _ = shop
    rows = neighbours(connect(lake), "shop/api.py")
    leaders = {part: top_by(rows, part) for part in ("structure", "co_change", "co_touch", "score")}
    assert leaders == {"structure": "shop/store.py", "co_change": "shop/report.py", "co_touch": "tests/test_api.py",
                       "score": "shop/pricing.py"}


def test_parts_are_normalised_and_null_where_a_signal_says_nothing(shop):
    lake, _ = shop
    rows = {r["neighbor"]: r for r in neighbours(connect(lake), "shop/api.py")}
    for row in rows.values():
        assert all(row[p] is None or 0 < row[p] <= 1 for p in ("structure", "co_change", "co_touch", "score"))
    report = rows["shop/report.py"]
    assert report["structure"] is None and report["co_touch"] is None and report["signals"] == ["co_change"]
    assert rows["shop/pricing.py"]["signals"] == ["structure", "co_change", "co_touch"]
    # api.py -> store.py: the import, Store() and the __init__ it runs, STORE's type (STORE = Store()), STORE.add /
    # .get (twice) / .names
    assert rows["shop/store.py"]["structure"] == 1.0 and rows["shop/store.py"]["deps_out"] == 8


def test_weights_are_parameters(shop):
    lake, _ = shop
    catalog = connect(lake)
    only_history = neighbours(catalog, "shop/api.py", structure_weight=0.0, co_change_weight=1.0, co_touch_weight=0.0)
    assert only_history[0]["neighbor"] == "shop/report.py"


def test_a_later_commit_or_session_cannot_change_an_earlier_neighbourhood(tmp_path):
    from git_fixtures import BEN

    repo = build_shop(tmp_path / "repo")
    logs = tmp_path / "logs"
    write_sessions(logs, repo.path)
    lake = Lake(tmp_path / "lake")
    index_shop(lake, repo.path, logs)
    as_of = "2024-02-15T00:00:00Z"  # after the commit of day 40, before day 50 and every session
    before = neighbours(connect(lake), "shop/api.py", as_of=as_of)
    latest_before = neighbours(connect(lake), "shop/api.py")
    for day in (100, 101, 102):
        for rel in ("shop/api.py", "tests/test_store.py"):
            (repo.path / rel).write_text((repo.path / rel).read_text() + f"# day {day}\n")
            repo.git("add", rel)
        repo.commit(f"later {day}", BEN, day)
    write_sessions(logs, repo.path, [("late", 0, "edit", "shop/api.py"), ("late", 1, "edit", "shop/store.py")],
                   day="2024-04-30")
    index_shop(lake, repo.path, logs)
    after = neighbours(connect(lake), "shop/api.py", as_of=as_of)
    assert [(r["neighbor"], r["co_change"], r["co_touch"]) for r in after] == \
           [(r["neighbor"], r["co_change"], r["co_touch"]) for r in before]
    assert all(r["co_touch"] is None for r in before)  # every session came later
    latest = {r["neighbor"]: r for r in neighbours(connect(lake), "shop/api.py")}
    assert latest["tests/test_store.py"]["co_change"] > {r["neighbor"]: r for r in latest_before}[
        "tests/test_store.py"]["co_change"]


def test_without_history_or_logs_the_map_comes_from_structure_alone(tmp_path):
    from pipeline.exports import read
    from pipeline.exports.export import export
    from pipeline.indexing import index

    root = tmp_path / "plain"
    for rel, text in SOURCES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    lake = Lake(tmp_path / "lake")
    index(root, repo="plain", lake=lake)
    rows = neighbours_of(lake, "plain", "shop/api.py")
    assert rows and all(r["signals"] == ["structure"] and r["score"] == pytest.approx(r["structure"]) for r in rows)
    export(lake)
    text = read.digest(lake.root, "plain")
    assert "Map from structure (no git history; no agent logs)." in text
    assert "no git history" in read.snippet(lake.root, "plain", "shop/api.py")


def neighbours_of(lake, repo, file):
    cols, rows = connect(lake).rows("SELECT * FROM neighborhood(file := ?, repo_id := ?)", [file, repo])
    return [dict(zip(cols, r)) for r in rows]


def communities_of(lake) -> dict[str, tuple[int, str]]:
    cols, rows = connect(lake).rows("SELECT path, community, name FROM communities WHERE repo = ?", [REPO])
    return {path: (cid, name) for path, cid, name in rows}


def test_communities_keep_their_ids_and_names_across_a_small_change(tmp_path):
    repo = build_shop(tmp_path / "repo")
    logs = tmp_path / "logs"
    write_sessions(logs, repo.path)
    lake = Lake(tmp_path / "lake")
    index_shop(lake, repo.path, logs)
    first = communities_of(lake)
    assert len({c for c, _ in first.values()}) >= 2 and set(first) >= {"shop/api.py", "shop/store.py"}
    repo.write("shop/extra.py", "from shop.pricing import price\n\n\ndef extra(a):\n    return price(a)\n")
    repo.commit("extra", day=80)
    index_shop(lake, repo.path, logs)
    second = communities_of(lake)
    assert "shop/extra.py" in second
    assert {p: second[p] for p in first} == first  # same id and name for every file that was there


def test_community_ids_match_the_previous_run_by_overlap():
    from pipeline.map.communities import stable_ids

    previous = {"a": 7, "b": 7, "c": 7, "x": 3, "y": 3}
    assert stable_ids([{"x", "y", "z"}, {"a", "b", "c", "d"}, {"q"}], previous) == [3, 7, 8]
    assert stable_ids([{"a", "x"}], previous) == [8]  # overlaps both too little: a new id


def test_doc_refs_find_markdown_rst_and_adr_mentions(shop):
    lake, _ = shop
    cols, rows = connect(lake).rows(
        "SELECT path, symbol_id, doc_path, doc_kind, line, heading, match FROM doc_refs WHERE repo = ? "
        "ORDER BY doc_path, line, path, symbol_id NULLS FIRST, match", [REPO])
    found = {(r[0], r[1], r[2], r[3], r[4], r[5], r[6]) for r in rows}
    assert ("shop/store.py", None, "docs/architecture.md", "markdown", 3, "Architecture", "path") in found
    assert ("shop/store.py", "shop/store.py::Store.add", "docs/architecture.md", "markdown", 3, "Architecture",
            "symbol") in found
    assert ("shop/pricing.py", None, "docs/architecture.md", "markdown", 7, "Pricing", "module") in found
    assert ("shop/report.py", "shop/report.py::monthly", "docs/guide.rst", "rst", 7, "Reports", "symbol") in found
    assert ("shop/pricing.py", None, "docs/adr/0001-prices-include-tax.md", "adr", 7, "Decision", "path") in found
    assert ("shop/pricing.py", "shop/pricing.py::discount", "docs/adr/0001-prices-include-tax.md", "adr", 7,
            "Decision", "symbol") in found
    assert not any(r[0] == "shop/api.py" for r in rows)  # no document names it


def test_why_lists_documents_dependents_and_owner(shop):
    from pipeline.map.queries import why

    lake, _ = shop
    answer = why(connect(lake), "shop/store.py", REPO)
    assert answer["purpose"] == "Storage of the shop's items, in memory."
    assert [r[:4] for r in answer["docs"][1]] == [("docs/architecture.md", 3, "markdown", "Architecture")]
    assert [r[0] for r in answer["callers"][1]] == ["shop/api.py", "tests/test_store.py"]
    assert answer["owner"][1][0][0] == "Ann"


def test_purposes_come_from_docstrings_and_header_comments(shop):
    lake, _ = shop
    _, rows = connect(lake).rows("SELECT path, purpose, source FROM file_purposes WHERE repo = ? ORDER BY path",
                                 [REPO])
    assert ("shop/report.py", "Monthly reports of the shop's sales.", "comment") in rows
    assert ("shop/pricing.py", "Prices with tax and rounding.", "docstring") in rows
    assert not any(r[0].startswith("tests/") for r in rows)  # the tests have neither


def test_context_packs_full_spans_then_signatures_within_the_budget(shop):
    from pipeline.exports import tokens
    from pipeline.map.context import pack

    lake, _ = shop
    packed = pack(connect(lake), ["shop/api.py::add_item"], budget=150)
    assert packed.tokens <= 150 and tokens.count(packed.text) <= 150
    assert packed.text.startswith("## shop/api.py:9 add_item (target)\ndef add_item(name, amount):\n"
                                  "    STORE.add(name, price(amount))")
    assert "shop/pricing.py:6 price (callee, 1 hop)" in packed.text
    small = pack(connect(lake), ["shop/api.py::add_item"], budget=40)
    assert small.full == 0 and small.tokens <= 40 and "shop/api.py:9 add_item" in small.text


def test_context_says_when_a_file_changed_since_it_was_indexed(tmp_path):
    from pipeline.map.context import pack

    repo = build_shop(tmp_path / "repo")
    lake = Lake(tmp_path / "lake")
    index_shop(lake, repo.path, tmp_path / "nologs")
    (repo.path / "shop/pricing.py").write_text("\n\n" + SOURCES["shop/pricing.py"])
    packed = pack(connect(lake), ["shop/api.py::quote"], budget=400)
    assert any("shop/pricing.py changed since it was indexed" in n for n in packed.notes)


def test_eval_scores_every_signal_on_the_later_commits(shop):
    from pipeline.map.evaluate import evaluate

    lake, _ = shop
    report = evaluate(lake, REPO, train_share=0.5, tune=True)
    by_signal = {(r[1], r[2]): r for r in report.rows}
    assert ("fusion", "default") in by_signal and ("fusion", "0.1/0.9/0") in by_signal
    assert {s for s, _ in by_signal} == {"structure", "co_change", "co_touch", "fusion"}
    queries = {r[3] for r in report.rows}
    assert len(queries) == 1 and queries.pop() > 0
    for row in report.rows:
        assert 0 <= row[5] <= row[6] <= row[7] <= 1 and 0 <= row[8] <= 1
    assert by_signal[("co_touch", None)][4] == 0  # every session is later than the split
    assert any("indexed as of" in n for n in report.notes)


def test_eval_without_history_says_there_is_nothing_to_evaluate(tmp_path):
    from pipeline.indexing import index
    from pipeline.map.evaluate import evaluate

    root = tmp_path / "plain"
    root.mkdir()
    (root / "a.py").write_text("def f():\n    return 1\n")
    lake = Lake(tmp_path / "lake")
    index(root, repo="plain", lake=lake)
    report = evaluate(lake, "plain")
    assert report.rows == [] and "nothing to evaluate" in report.notes[0]


def test_a_copied_lake_answers_the_same(shop, tmp_path):
    lake, _ = shop
    copy = Lake(shutil.copytree(lake.root, tmp_path / "copy", symlinks=True))
    assert neighbours(connect(copy), "shop/api.py") == neighbours(connect(lake), "shop/api.py")
