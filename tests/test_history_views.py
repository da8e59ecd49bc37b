"""The history views on a fixture history whose expected numbers are computed by hand below.

The history (tests/git_fixtures.py, build_view_history), days after 2024-01-01, the latest commit c9 on day 130:

    c1 d0   Ann  a.py A +10, b.py A +5, docs/readme.md A +3
    c2 d10  Ann  a.py +2 -1, b.py +1
    c3 d20  Ben  a.py +3, b.py -1, lib/c.py A +4
    c4 d30  Ben  b.py -> lib/b.py (pure rename), a.py +1 -1
    c5 d40  Ann  a.py +1, lib/b.py +2
    c6 d100 Cy   a.py +5 -2, lib/c.py +1 -1
    c7 d110 Cy   lib/b.py +1 -1, lib/c.py +2, docs/readme.md +1
    c8 d120 Ben  docs/readme.md D (-4), a.py +1
    c9 d130 Cy   a.py +1 -1, lib/b.py +1 -1, new1.txt A +1, new2.txt A +1

Current files: a.py (19 lines), lib/b.py (7, formerly b.py), lib/c.py (6), new1.txt, new2.txt; docs/readme.md
was deleted.
"""

from __future__ import annotations

import json
import subprocess

import pyarrow as pa
import pytest

from git_fixtures import ANN, BEN, CY, at, build_view_history, mine
from pipeline.catalog import connect
from pipeline.extractor import Batch, Cursor
from pipeline.lake import Lake

STRUCTURE_FILES = [("a.py", 19), ("lib/b.py", 7), ("lib/c.py", 6)]  # new1.txt/new2.txt: not source files
DEFINITIONS = {"a.py": 3, "lib/b.py": 1, "lib/c.py": 0}


class FixtureStructure:
    """Writes real `files` and `symbols` rows (the structure extractor's columns) for the fixture's files."""

    name = "fixture_structure"
    version = "0"

    def __init__(self, tests: tuple[str, ...] = ()):
        self.tests = tests
        b, s, i = pa.bool_(), pa.string(), pa.int64()
        self.tables = {
            "files": pa.schema([("repo", s), ("path", s), ("language", s), ("blob_sha", s), ("lines", i),
                                ("bytes", i), ("is_test", b), ("is_generated", b), ("is_vendored", b),
                                ("parse_status", s), ("skip_reason", s), ("indexed_commit", s)]),
            "symbols": pa.schema([("repo", s), ("id", s), ("path", s), ("name", s), ("qualname", s), ("kind", s),
                                  ("line_start", i), ("line_end", i), ("parent_id", s), ("language", s),
                                  ("is_exported", b), ("is_entry_point", b), ("is_test", b)]),
        }

    def run(self, ctx, cursor):
        files = [{"path": p, "language": "python", "blob_sha": None, "lines": n, "bytes": 20 * n, "is_test": p in self.tests,
                  "is_generated": False, "is_vendored": False, "parse_status": "ok", "skip_reason": None,
                  "indexed_commit": None} for p, n in STRUCTURE_FILES]
        symbols = [{"id": f"{p}::{q}", "path": p, "name": q, "qualname": q, "kind": "function", "line_start": 1,
                    "line_end": 2, "parent_id": None, "language": "python", "is_exported": True,
                    "is_entry_point": False, "is_test": False}
                   for p, count in DEFINITIONS.items() for q in [f"f{k}" for k in range(count)] + ["<module>"]]
        schema = self.tables
        yield Batch("files", pa.Table.from_pylist(files, schema=schema["files"].remove(0)))
        yield Batch("symbols", pa.Table.from_pylist(symbols, schema=schema["symbols"].remove(0)))
        return Cursor()


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    base = tmp_path_factory.mktemp("views")
    repo = build_view_history(base / "repo")
    mine(base / "lake", repo.path)
    Lake(base / "lake").run_extractor("r", FixtureStructure(), repo.path)
    return connect(Lake(base / "lake"))


def rows(catalog, query, params=None) -> list[dict]:
    columns, data = catalog.rows(query, params)
    return [dict(zip(columns, r)) for r in data]


def by_path(records, key="path") -> dict:
    return {r[key]: r for r in records}


def test_every_history_view_is_created(catalog):
    for view in ("commits", "file_changes", "file_lives", "file_changes_current", "file_current_path", "churn",
                 "ownership", "co_change", "sum_of_coupling", "hotspots"):
        assert view in catalog.views, catalog.skipped.get(view)


def test_current_path_follows_the_rename_and_flags_the_deleted_file(catalog):
    mapping = {r["path"]: (r["current_path"], r["alive"], r["renames"], r["changes"])
               for r in rows(catalog, "SELECT * FROM file_current_path")}
    assert mapping == {
        "a.py": ("a.py", True, 0, 8), "b.py": ("lib/b.py", True, 1, 3), "lib/b.py": ("lib/b.py", True, 0, 4),
        "lib/c.py": ("lib/c.py", True, 0, 3), "docs/readme.md": ("docs/readme.md", False, 0, 3),
        "new1.txt": ("new1.txt", True, 0, 1), "new2.txt": ("new2.txt", True, 0, 1),
    }


def test_churn_over_the_default_90_day_window(catalog):
    # window (d40, d130]: c6..c9. a.py: c6 +5-2, c8 +1, c9 +1-1 by Cy, Ben, Cy.
    got = by_path(rows(catalog, "SELECT * FROM churn()"))
    assert {p: (r["revisions"], r["lines_added"], r["lines_deleted"], r["authors"]) for p, r in got.items()} == {
        "a.py": (3, 7, 3, 2), "lib/b.py": (2, 2, 2, 1), "lib/c.py": (2, 3, 1, 1),
        "new1.txt": (1, 1, 0, 1), "new2.txt": (1, 1, 0, 1),
    }
    assert got["a.py"]["last_change"] == at(130)


def test_churn_whole_history_counts_the_old_name_and_optionally_deleted_files(catalog):
    got = by_path(rows(catalog, "SELECT * FROM churn(window_days := NULL, include_deleted := true)"))
    # a.py: 10+2+3+1+1+5+1+1 added, 1+1+2+1 deleted; lib/b.py with b.py: 5+1+2+1+1 added, 1+1+1 deleted
    assert (got["a.py"]["revisions"], got["a.py"]["lines_added"], got["a.py"]["lines_deleted"]) == (8, 24, 5)
    assert (got["lib/b.py"]["revisions"], got["lib/b.py"]["lines_added"], got["lib/b.py"]["lines_deleted"]) == (7, 10, 3)
    assert got["lib/b.py"]["first_change"] == at(0) and got["lib/b.py"]["authors"] == 3
    assert (got["docs/readme.md"]["revisions"], got["docs/readme.md"]["lines_deleted"],
            got["docs/readme.md"]["alive"]) == (3, 4, False)
    assert "b.py" not in got


def test_ownership_per_file_and_folder(catalog):
    got = {(r["kind"], r["path"]): r for r in rows(catalog, "SELECT * FROM ownership()")}
    # a.py added: Ann 10+2+1=13, Ben 3+1+1=5, Cy 5+1=6 -> 13/24 = 0.54; commits Ann 3, Ben 3, Cy 2 of 8:
    # fragmentation 1 - (9+9+4)/64 = 0.65625 -> 0.66
    a = got[("file", "a.py")]
    assert (a["main_dev"], a["main_dev_added"], a["total_added"], a["ownership"], a["authors"], a["revisions"],
            a["fragmentation"]) == ("ann@example.com", 13, 24, 0.54, 3, 8, 0.66)
    # lib/b.py (b.py before c4): Ann 5+1+2=8, Ben 0, Cy 1+1=2 -> 0.8; commits 3, 2, 2 of 7: 1 - 17/49 -> 0.65
    b = got[("file", "lib/b.py")]
    assert (b["main_dev"], b["ownership"], b["authors"], b["revisions"], b["fragmentation"]) == (
        "ann@example.com", 0.8, 3, 7, 0.65)
    # lib/c.py: Ben 4, Cy 1+2=3 -> 4/7 = 0.57; commits Ben 1, Cy 2 of 3: 1 - 5/9 -> 0.44
    c = got[("file", "lib/c.py")]
    assert (c["main_dev"], c["main_dev_name"], c["ownership"], c["fragmentation"]) == ("ben@example.com", "Ben",
                                                                                    0.57, 0.44)
    # folder lib: Ann 8, Ben 0+4, Cy 2+3 -> 8/17 = 0.47; commits c1 c2 c5 / c3 c4 / c6 c7 c9 of 8: 1-(9+4+9)/64
    lib = got[("folder", "lib")]
    assert (lib["main_dev"], lib["total_added"], lib["ownership"], lib["authors"], lib["revisions"],
            lib["fragmentation"]) == ("ann@example.com", 17, 0.47, 3, 8, 0.66)
    assert ("folder", "docs") not in got  # only deleted files in it


@pytest.mark.parametrize("for_path, under", [("lib", {"lib", "lib/b.py", "lib/c.py"}), ("lib/b.py", {"lib/b.py"}),
                                              (".", None)])
def test_ownership_of_one_path_reads_only_its_changes_and_answers_as_the_whole(catalog, for_path, under):
    """``owners DIR`` on a large history: for_path keeps the changes under DIR (not the folders above it, which hold
    changes outside DIR too); each path kept has the answer the whole repository's ownership gives it."""
    every = {r["path"]: r for r in rows(catalog, "SELECT * FROM ownership(repo_id := 'r')")}
    scoped = rows(catalog, "SELECT * FROM ownership(repo_id := 'r', for_path := ?)", [for_path])
    assert {r["path"] for r in scoped} == (under or set(every))  # '.': the whole repository
    assert all(r == every[r["path"]] for r in scoped)


@pytest.mark.parametrize("inactive_days, lost", [(180, set()), (60, {"a.py", "lib/b.py", "lib"}),
                                                 (5, {"a.py", "lib/b.py", "lib", "lib/c.py"})])
def test_knowledge_loss_when_the_main_developer_went_quiet(catalog, inactive_days, lost):
    # last commits: Ann d40, Ben d120, Cy d130; as_of d130
    got = rows(catalog, "SELECT path, knowledge_loss FROM ownership(inactive_days := ?)", [inactive_days])
    assert {r["path"] for r in got if r["knowledge_loss"]} == lost


def test_co_change_with_code_maat_defaults_keeps_only_the_strong_pair(catalog):
    got = rows(catalog, "SELECT * FROM co_change()")
    # a.py 8 revs, lib/b.py 7, shared c1 c2 c3 c4 c5 c9 = 6; average 7.5; 6/7.5 = 80 %
    assert [(r["file"], r["coupled"], r["shared_revs"], r["file_revs"], r["coupled_revs"], r["degree"])
            for r in got] == [("a.py", "lib/b.py", 6, 8, 7, 80), ("lib/b.py", "a.py", 6, 7, 8, 80)]
    assert got[0]["average_revs"] == 7.5
    assert got[0]["confidence"] == pytest.approx(6 / 8) and got[0]["reverse_confidence"] == pytest.approx(6 / 7)


def test_co_change_thresholds_and_changeset_size(catalog):
    loose = {(r["file"], r["coupled"]): r["degree"] for r in rows(
        catalog, "SELECT * FROM co_change(min_revs := 1, min_shared_revs := 2, min_coupling := 0)")}
    # a.py & lib/c.py: c3 c6 of 8 and 3 -> 2/5.5 = 36 %; lib/b.py & lib/c.py: c3 c7 of 7 and 3 -> 2/5 = 40 %
    assert loose == {("a.py", "lib/b.py"): 80, ("lib/b.py", "a.py"): 80, ("a.py", "lib/c.py"): 36,
                     ("lib/c.py", "a.py"): 36, ("lib/b.py", "lib/c.py"): 40, ("lib/c.py", "lib/b.py"): 40}
    small = rows(catalog, "SELECT * FROM co_change(max_changeset := 3) WHERE file = 'a.py'")
    # c9 (4 files) ignored: a.py 7 revs, lib/b.py 6, shared 5 -> 5/6.5 = 76.9 %
    assert [(r["coupled"], r["shared_revs"], r["file_revs"], r["coupled_revs"], r["degree"]) for r in small] == [
        ("lib/b.py", 5, 7, 6, 76)]


def test_co_change_recency_weighting(catalog):
    got = rows(catalog, "SELECT * FROM co_change(half_life_days := 30) WHERE file = 'a.py'")
    # weight 0.5^((130 - day)/30): shared d0 d10 d20 d30 d40 d130 = .049606+.0625+.078745+.099213+.125+1 = 1.415064;
    # a.py adds d100 d120 (.5 + .793701) = 2.708765; lib/b.py adds d110 (.629961) = 2.045025;
    # 1.415064 / ((2.708765 + 2.045025) / 2) = 59.5 %
    assert len(got) == 1 and got[0]["weighted_degree"] == 59 and got[0]["degree"] == 80
    assert got[0]["weighted_shared_revs"] == pytest.approx(1.415064, abs=1e-5)


def test_sum_of_coupling(catalog):
    got = {r["path"]: (r["soc"], r["revisions"]) for r in rows(catalog, "SELECT * FROM sum_of_coupling()")}
    # other live files per commit: c1 1, c2 1, c3 2, c4 1, c5 1, c6 1, c7 1 (readme deleted), c8 0, c9 3
    assert got == {"a.py": (1 + 1 + 2 + 1 + 1 + 1 + 0 + 3, 8), "lib/b.py": (1 + 1 + 2 + 1 + 1 + 1 + 3, 7),
                   "lib/c.py": (2 + 1 + 1, 3), "new1.txt": (3, 1), "new2.txt": (3, 1)}


def test_hotspots_rank_recent_revisions_times_lines(catalog):
    got = rows(catalog, "SELECT * FROM hotspots()")
    # window (d40, d130] vs (d-50, d40]: a.py 3 vs 5 revs x 19 lines; lib/b.py 2 vs 5 x 7; lib/c.py 2 vs 1 x 6
    assert [(r["rank"], r["path"], r["revisions"], r["previous_revisions"], r["score"], r["trend"]) for r in got] == [
        (1, "a.py", 3, 5, 57, "falling"), (2, "lib/b.py", 2, 5, 14, "falling"), (3, "lib/c.py", 2, 1, 12, "rising")]
    # churned lines: a.py now (5+2)+1+(1+1) = 10, before 10+(2+1)+3+(1+1)+1 = 19
    assert (got[0]["churn"], got[0]["previous_churn"]) == (10, 19)


def test_hotspots_by_symbols_and_shorter_window(catalog):
    by_symbols = {r["path"]: r["score"] for r in rows(catalog, "SELECT * FROM hotspots(size := 'symbols')")}
    assert by_symbols == {"a.py": 3 * 3, "lib/b.py": 2 * 1, "lib/c.py": 2 * 0}
    month = {r["path"]: (r["revisions"], r["previous_revisions"], r["trend"])
             for r in rows(catalog, "SELECT * FROM hotspots(window_days := 30)")}
    # (d100, d130]: a.py c8 c9, before (d70, d100]: c6; lib/b.py c7 c9, before none (but it is there since d0: not
    # new); lib/c.py c7, before c6
    assert month == {"a.py": (2, 1, "rising"), "lib/b.py": (2, 0, "rising"), "lib/c.py": (1, 1, "steady")}


def test_hotspots_for_a_few_paths_rank_them_among_every_file(catalog):
    # a file's card asked for the whole repository's hotspots (every file's history aggregated) to keep one row
    everything = rows(catalog, "SELECT * FROM hotspots(window_days := 120)")
    for wanted in (["lib/b.py"], ["lib/c.py", "a.py"], ["lib/b.py", "docs/readme.md", "no/such.py"]):
        got = rows(catalog, "SELECT * FROM hotspots(window_days := 120, for_paths := ?)", [wanted])
        # the same rows and ranks as without the list; no other file's row (readme is deleted: never a hotspot)
        assert got == [r for r in everything if r["path"] in wanted]
    assert [r["rank"] for r in rows(catalog, "SELECT * FROM hotspots(for_paths := ['lib/c.py'])")] == [3]


def test_a_hotspot_is_new_only_when_the_file_began_in_the_window(catalog):
    # cobra's completions.go (2020) changed twice in the 90 days to its last commit and not in the 90 before: the
    # digest said "new", which an agent reads as a new file. (d10, d130]: lib/c.py began at c3 (d20); lib/b.py, a
    # file since c1 (d0) renamed at c4, and a.py are older than the window
    trend = {r["path"]: r["trend"] for r in rows(catalog, "SELECT * FROM hotspots(window_days := 120)")}
    assert trend["lib/c.py"] == "new" and trend["lib/b.py"] != "new" and trend["a.py"] != "new"
    first = {r["path"]: r["first_change"] for r in rows(catalog, "SELECT * FROM hotspots(window_days := 120)")}
    assert first["lib/b.py"] < first["lib/c.py"]


def test_lineage_when_a_path_is_reused_after_a_rename(tmp_path):
    from git_fixtures import GitRepo

    repo = GitRepo(tmp_path / "repo")
    repo.change("x.txt", 3)
    repo.commit("l1")
    repo.change("x.txt", 1)
    repo.commit("l2")
    repo.move("x.txt", "y.txt")
    repo.commit("l3")
    repo.change("x.txt", 5)  # a new file under the old name
    repo.commit("l4")
    repo.move("y.txt", "z.txt")
    repo.change("z.txt", 1)
    repo.commit("l5")
    repo.remove("x.txt")
    repo.commit("l6")  # every commit in the same second: only the topological order tells them apart
    mine(tmp_path / "lake", repo.path)
    catalog = connect(Lake(tmp_path / "lake"))
    got = sorted((r["path"], r["current_path"], r["alive"], r["renames"], r["changes"])
                 for r in rows(catalog, "SELECT * FROM file_current_path"))
    assert got == [("x.txt", "x.txt", False, 0, 2), ("x.txt", "z.txt", True, 2, 2), ("y.txt", "z.txt", True, 1, 1),
                   ("z.txt", "z.txt", True, 0, 1)]


def test_python_api_maps_old_names_and_lists_the_top_level(catalog):
    from pipeline import history

    columns, data = history.co_change(catalog, "b.py", min_shared_revs=2, min_revs=1, min_coupling=0)
    assert [(r[columns.index("file")], r[columns.index("degree")]) for r in data] == [("a.py", 80), ("lib/c.py", 40)]
    columns, data = history.owners(catalog, ".")
    assert [(r[columns.index("kind")], r[columns.index("path")]) for r in data] == [
        ("folder", "lib"), ("file", "a.py"), ("file", "new1.txt"), ("file", "new2.txt")]
    columns, data = history.hotspots(catalog, limit=2)
    assert [r[columns.index("path")] for r in data] == ["a.py", "lib/b.py"]


def test_hotspots_leave_tests_out_unless_asked(tmp_path, capsys):
    repo = build_view_history(tmp_path / "repo")
    mine(tmp_path / "lake", repo.path)
    Lake(tmp_path / "lake").run_extractor("r", FixtureStructure(tests=("lib/c.py",)), repo.path)
    catalog = connect(Lake(tmp_path / "lake"))
    assert [r["path"] for r in rows(catalog, "SELECT * FROM hotspots()")] == ["a.py", "lib/b.py"]
    assert [r["path"] for r in rows(catalog, "SELECT * FROM hotspots(include_tests := true)")] == [
        "a.py", "lib/b.py", "lib/c.py"]
    from pipeline import history

    columns, data = history.hotspots(catalog, include_tests=True)
    assert [r[columns.index("path")] for r in data] == ["a.py", "lib/b.py", "lib/c.py"]
    from pipeline.cli.main import main

    lake = str(tmp_path / "lake")
    assert main(["hotspots", "--lake", lake, "--format", "json"]) == 0
    assert [r["path"] for r in json.loads(capsys.readouterr().out)] == ["a.py", "lib/b.py"]
    assert main(["hotspots", "--include-tests", "--lake", lake, "--format", "json"]) == 0
    assert [r["path"] for r in json.loads(capsys.readouterr().out)][-1] == "lib/c.py"
    assert main(["co-change", "lib/c.py", "--lake", lake, "--format", "json"]) == 0  # no pair passes the thresholds
    out = capsys.readouterr()
    assert [(r["file"], r["basis"]) for r in json.loads(out.out)] == [("a.py", "confidence"),
                                                                     ("lib/b.py", "confidence")]
    assert "no file passes the coupling thresholds" in out.err and "by confidence" in out.err
    assert main(["co-change", "lib/c.py", "--no-fallback", "--lake", lake, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_co_change_falls_back_to_top_partners_by_confidence_and_says_so(catalog, capsys):
    from pipeline import history

    # lib/c.py: 3 revisions (c3 c6 c7), under code-maat's min_revs; shares 2 with a.py (c3 c6) and lib/b.py (c3 c7)
    columns, data = history.co_change(catalog, "lib/c.py")
    got = [dict(zip(columns, r)) for r in data]
    assert [(r["file"], r["shared_revs"], r["confidence"], r["basis"]) for r in got] == [
        ("a.py", 2, 0.667, "confidence"), ("lib/b.py", 2, 0.667, "confidence")]
    assert history.co_change(catalog, "lib/c.py", fallback=False)[1] == []
    columns, data = history.co_change(catalog, "a.py")
    assert [(r[columns.index("file")], r[columns.index("basis")]) for r in data] == [("lib/b.py", "coupling")]


def test_history_macros_keep_one_repository_and_one_file(tmp_path):
    repo = build_view_history(tmp_path / "repo")
    other = build_view_history(tmp_path / "other")
    other.change("a.py", 1)
    other.commit("c10", day=140)  # the second repository's history ends later
    mine(tmp_path / "lake", repo.path, repo="r")
    mine(tmp_path / "lake", other.path, repo="s")
    catalog = connect(Lake(tmp_path / "lake"))
    every = rows(catalog, "SELECT * FROM co_change(min_revs := 1, min_shared_revs := 1, min_coupling := 0)")
    one = rows(catalog, "SELECT * FROM co_change(min_revs := 1, min_shared_revs := 1, min_coupling := 0, "
                        "repo_id := 's', for_file := 'a.py')")
    assert one and one == [r for r in every if r["repo"] == "s" and r["file"] == "a.py"]
    for macro in ("churn()", "ownership()", "sum_of_coupling()", "history_end()"):
        scoped = rows(catalog, f"SELECT * FROM {macro[:-1]}repo_id := 's')")
        assert scoped and scoped == [r for r in rows(catalog, f"SELECT * FROM {macro}") if r["repo"] == "s"]
    assert {r["repo"] for r in rows(catalog, "SELECT * FROM history_window(repo_id := 'r')")} == {"r"}


def test_a_path_list_gives_those_files_rows_of_the_whole_history_s_answer(catalog):
    # the exporter's history lines for a few files pair only their commits (rails: 20.7M pairs for 3 files before)
    asked = ["a.py", "lib/c.py", "gone.py"]
    params = "min_revs := 1, min_shared_revs := 1, min_coupling := 0, repo_id := 'r'"
    every = rows(catalog, f"SELECT * FROM co_change({params})")
    listed = rows(catalog, f"SELECT * FROM co_change({params}, for_paths := ?)", [asked])
    assert listed and listed == [r for r in every if r["file"] in asked]
    owners = rows(catalog, "SELECT * FROM ownership(repo_id := 'r', for_paths := ?)", [asked])
    assert owners == [r for r in rows(catalog, "SELECT * FROM ownership(repo_id := 'r')")
                      if r["kind"] == "file" and r["path"] in asked]
    assert {r["path"] for r in owners} == {"a.py", "lib/c.py"}


def test_one_person_s_addresses_are_one_author(tmp_path):
    # requests' history without a .mailmap: Kenneth Reitz as me@kennethreitz.com, me@kennethreitz.org ("☿ Kenneth
    # Reitz"), Nate Prewitt as nate.prewitt@ and Nate.Prewitt@: owners split one person and flagged the knowledge of
    # an address he stopped using as lost. Two people named only "Johannes" stay two.
    from git_fixtures import GitRepo

    ann_work, ann_home, ann_home_cased = ("Ann Lee", "ann@work.example"), ("☿ Ann Lee", "Ann@Home.example"), (
        "ann lee", "ann@home.example")
    ben, jo, jg = ("Ben Ode", "ben@example.com"), ("Johannes", "jo@a.example"), ("Johannes", "jg@b.example")
    repo = GitRepo(tmp_path / "repo")
    for who, day, added in [(ann_work, 0, 6), (ann_work, 1, 3), (ben, 2, 12), (ann_home, 200, 3),
                            (ann_home_cased, 210, 2), (jo, 220, 1), (jg, 230, 1)]:
        repo.change("x.py", added)
        repo.commit(f"d{day}", who, day)
    mine(tmp_path / "lake", repo.path)
    catalog = connect(Lake(tmp_path / "lake"))
    owner = rows(catalog, "SELECT * FROM ownership() WHERE path = 'x.py'")[0]
    assert (owner["main_dev"], owner["main_dev_name"], owner["main_dev_added"], owner["ownership"],
            owner["authors"], owner["knowledge_loss"]) == ("ann@work.example", "ann lee", 14, 0.5, 4, False)
    assert owner["main_dev_last_active"] == at(210)
    assert rows(catalog, "SELECT authors FROM churn(window_days := NULL)") == [{"authors": 4}]
    people = {r["author_email"]: r["person"] for r in rows(catalog, "SELECT * FROM author_identities")}
    assert len({people[e] for e in ("ann@work.example", "Ann@Home.example", "ann@home.example")}) == 1
    assert people["jo@a.example"] != people["jg@b.example"]


def test_an_address_used_under_two_spellings_of_one_name_joins_them(tmp_path):
    # rails: Rafael França's newest address (rafael@franca.dev) is mostly "Rafael França", his older ones "Rafael
    # Mendonça França": two people, and the files he owns through the new address were "lost" knowledge though he
    # committed last week. An address used under two names sharing a word joins them (the heavier name is the
    # person's); a pair's address ("Ann Lee and Ben Ode") and an address used by three names join nobody.
    from git_fixtures import GitRepo

    old, new, new_long = ("Ann Marie Lee", "ann@old.example"), ("Ann Lee", "ann@new.example"), (
        "Ann Marie Lee", "ann@new.example")
    pair, ben = ("Ann Lee and Ben Ode", "pair@example.com"), ("Ben Ode", "pair@example.com")
    shared = [(f"Sam {last}", "dev@example.com") for last in ("Ray", "Roe", "Rix")]
    repo = GitRepo(tmp_path / "repo")
    plan = [(old, 0, "a.py", 9), (old, 1, "a.py", 9), (new, 10, "b.py", 5), (new, 11, "b.py", 5),
            (new_long, 12, "b.py", 1), (pair, 13, "c.py", 3), (ben, 14, "c.py", 1), (ben, 15, "c.py", 1),
            *[(who, 16 + k, "d.py", 1) for k, who in enumerate(shared)], (old, 300, "a.py", 1)]
    for who, day, path, added in plan:
        repo.change(path, added)
        repo.commit(f"d{day}", who, day)
    mine(tmp_path / "lake", repo.path)
    catalog = connect(Lake(tmp_path / "lake"))
    people = {r["author_email"]: r["person"] for r in rows(catalog, "SELECT * FROM author_identities")}
    assert people["ann@old.example"] == people["ann@new.example"] == "name:ann marie lee"
    assert people["pair@example.com"] == "name:ben ode"  # its most used name, as before: the pair links nobody
    assert people["dev@example.com"] == "name:sam ray"  # three names on one address: no variant taken from it
    owners = by_path(rows(catalog, "SELECT * FROM ownership(as_of := ?) WHERE kind = 'file'", [at(300)]))
    assert owners["b.py"]["main_dev_name"] == "Ann Marie Lee" and owners["b.py"]["knowledge_loss"] is False


def test_commits_the_blame_ignore_revs_file_lists_are_no_authorship_nor_coupling(tmp_path):
    # requests lists its "Add automatic code formatting" commit in .git-blame-ignore-revs: git blame skips it, while
    # ownership counted the formatter's lines (models.py: 192 of Nate Prewitt's 488), and a formatter run on fewer
    # files than code-maat's 30-file cut coupled every file it touched.
    from git_fixtures import GitRepo

    repo = GitRepo(tmp_path / "repo")
    repo.change("a.py", 5)
    repo.commit("a", ANN, 0)
    repo.change("b.py", 4)
    repo.commit("b", CY, 1)
    formats = []
    for day in (2, 3):  # reformatting rewrites every line of both files
        repo.change("a.py", len(repo.lines["a.py"]) + 3, len(repo.lines["a.py"]))
        repo.change("b.py", len(repo.lines["b.py"]) + 2, len(repo.lines["b.py"]))
        formats.append(repo.commit("style: format everything", BEN, day))
    tree = subprocess.run(["git", "-C", str(repo.path), "rev-parse", "HEAD^{tree}"], capture_output=True,
                          text=True, check=True).stdout.strip()
    # a tree's hash and hashes of nothing are no commits: left out, as git blame leaves them
    repo.write(".git-blame-ignore-revs", f"# black\n{formats[0]}\n\n{formats[1][:10]}  # abbreviated\n"
                                          f"{tree[:12]}\ndeadbeefdead\n{'0' * 40}x\n")
    repo.commit("ignore the formatting in blame", ANN, 4)
    mine(tmp_path / "lake", repo.path)
    catalog = connect(Lake(tmp_path / "lake"))
    assert sorted(r["sha"] for r in rows(catalog, "SELECT sha FROM ignored_commits")) == sorted(formats)
    owner = {r["path"]: r for r in rows(catalog, "SELECT * FROM ownership() WHERE kind = 'file'")}
    assert (owner["a.py"]["main_dev"], owner["a.py"]["main_dev_added"], owner["a.py"]["authors"],
            owner["a.py"]["revisions"]) == ("ann@example.com", 5, 1, 1)
    assert owner["b.py"]["main_dev"] == "cy@example.com"
    loose = "SELECT * FROM co_change(min_revs := 1, min_shared_revs := 1, min_coupling := 0)"
    assert rows(catalog, loose) == []
    churn = {r["path"]: r["revisions"] for r in rows(catalog, "SELECT * FROM churn(window_days := NULL)")}
    assert churn["a.py"] == 3  # the lines did change: churn and hotspots count the formatting


def test_a_lake_without_a_table_added_later_names_it_when_a_view_needs_it(tmp_path):
    # a lake whose history was mined before ignored_commits existed: ownership and co_change cannot be created until
    # the git extractor runs again, and saying only "no git history" would contradict what the user sees
    from git_fixtures import GitRepo

    from pipeline.errors import QueryError

    repo = GitRepo(tmp_path / "repo")
    repo.change("a.py", 3)
    repo.commit("a", ANN, 0)
    mine(tmp_path / "lake", repo.path)
    (tmp_path / "lake" / "_schemas" / "ignored_commits.parquet").unlink()
    manifest = tmp_path / "lake" / "_snapshots" / "r.json"
    snap = json.loads(manifest.read_text())
    del snap["tables"]["ignored_commits"]
    manifest.write_text(json.dumps(snap))
    catalog = connect(Lake(tmp_path / "lake"))
    assert "commits" in catalog.views and "ownership" not in catalog.views
    assert catalog.missing_tables("ownership") == ["ignored_commits"]
    with pytest.raises(QueryError, match=r"ownership reads ignored_commits, not in this lake yet"):
        catalog.require("ownership", "no git history")
    mine(tmp_path / "lake", repo.path)  # the next run writes it: the views are back
    assert "ownership" in connect(Lake(tmp_path / "lake")).views
