"""The git extractor on real repositories built with git in a temp folder (tests/git_fixtures.py)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from git_fixtures import ANN, BEN, GitRepo, at, build_view_history, git_env, mine
from pipeline.lake import Lake

ANN_LAPTOP = ("ann (laptop)", "ann@old.example")  # mapped to Ann by the .mailmap added last


def build_edge_history(path):
    """Root commit with awkward paths and a binary file, a branch with a rename merged back, an octopus merge, an
    empty commit, a submodule (gitlink) added and moved, a deletion, and a .mailmap. Returns (repo, shas)."""
    repo, sha = GitRepo(path), {}
    repo.write("a.py", "one\ntwo\nthree\n")
    repo.write("dir with space/ünï.txt", "x\ny\n")
    repo.write("new\nline.txt", "z\n")
    repo.write("bin.dat", b"\x00\x01\x02")
    sha["root"] = repo.commit("root", ANN_LAPTOP, 0)
    repo.write("a.py", "one\ntwo\nTHREE\nfour\n")
    sha["c2"] = repo.commit("c2", ANN, 1)
    repo.git("checkout", "-q", "-b", "feature")
    repo.move("a.py", "src/a.py")
    sha["rename"] = repo.commit("rename", BEN, 2)
    repo.git("checkout", "-q", "main")
    repo.write("bin.dat", b"\x00\x09")
    sha["binary"] = repo.commit("binary", ANN, 3)
    repo.git("merge", "-q", "--no-ff", "feature", "-m", "merge", who=ANN, day=4)
    sha["merge"] = repo.head()
    for branch in ("o1", "o2"):
        repo.git("checkout", "-q", "-b", branch, sha["merge"])
        repo.write(f"{branch}.txt", f"{branch}\n")
        sha[branch] = repo.commit(branch, BEN, 5)
    repo.git("checkout", "-q", "main")
    repo.git("merge", "-q", "--no-ff", "o1", "o2", "-m", "octopus", who=BEN, day=6)
    sha["octopus"] = repo.head()
    sha["empty"] = repo.commit("empty", ANN, 7)
    repo.git("update-index", "--add", "--cacheinfo", f"160000,{sha['root']},vendor/lib")
    sha["sub_add"] = repo.commit("submodule", ANN, 8)
    repo.git("update-index", "--cacheinfo", f"160000,{sha['c2']},vendor/lib")
    sha["sub_move"] = repo.commit("submodule bump", ANN, 9)
    repo.remove("new\nline.txt")
    sha["delete"] = repo.commit("delete", BEN, 10)
    repo.write(".mailmap", "Ann <ann@example.com> ann (laptop) <ann@old.example>\n")
    sha["mailmap"] = repo.commit("mailmap", ANN, 11)
    return repo, sha


@pytest.fixture(scope="module")
def edge(tmp_path_factory):
    return build_edge_history(tmp_path_factory.mktemp("edge") / "repo")


def table(lake_root, name, repo="r") -> list[dict]:
    data = Lake(lake_root).read_table(repo, name)
    return data.drop_columns(["repo"]).to_pylist() if data is not None else []


def last_run(lake_root, repo="r") -> dict:
    runs = Lake(lake_root).read_table(repo, "runs").to_pylist()
    return {**runs[-1], "counters": json.loads(runs[-1]["counters"] or "{}")}


def canonical(rows: list[dict]) -> list:
    return sorted((sorted(r.items()) for r in rows), key=repr)


@pytest.fixture(scope="module")
def edge_rows(edge, tmp_path_factory):
    lake = tmp_path_factory.mktemp("edge-lake")
    mine(lake, edge[0].path)
    return {c["sha"]: c for c in table(lake, "commits")}, table(lake, "file_changes")


def changes_of(edge_rows, sha) -> dict:
    return {f["path"]: f for f in edge_rows[1] if f["sha"] == sha}


def test_root_commit_with_awkward_paths_binary_file_and_mailmapped_author(edge, edge_rows):
    commits, _ = edge_rows
    root = commits[edge[1]["root"]]
    assert (root["is_root"], root["parents"], root["files_changed"], root["lines_added"]) == (True, [], 4, 3 + 2 + 1)
    assert (root["author_name"], root["author_email"], root["authored_at"]) == ("Ann", "ann@example.com", at(0))
    files = changes_of(edge_rows, edge[1]["root"])
    assert set(files) == {"a.py", "dir with space/ünï.txt", "new\nline.txt", "bin.dat"}
    assert {p: f["change_type"] for p, f in files.items()} == dict.fromkeys(files, "A")
    assert (files["bin.dat"]["is_binary"], files["bin.dat"]["lines_added"]) == (True, 0)
    assert files["dir with space/ünï.txt"]["lines_added"] == 2


@pytest.mark.parametrize("step, path, expected", [
    ("c2", "a.py", {"change_type": "M", "lines_added": 2, "lines_deleted": 1, "old_path": None}),
    ("rename", "src/a.py", {"change_type": "R", "old_path": "a.py", "lines_added": 0, "lines_deleted": 0}),
    ("binary", "bin.dat", {"change_type": "M", "is_binary": True, "lines_added": 0, "lines_deleted": 0}),
    ("sub_add", "vendor/lib", {"change_type": "A", "is_submodule": True, "lines_added": 1}),
    ("sub_move", "vendor/lib", {"change_type": "M", "is_submodule": True, "lines_added": 1, "lines_deleted": 1}),
    ("delete", "new\nline.txt", {"change_type": "D", "lines_deleted": 1, "author_email": BEN[1]}),
])
def test_file_change_rows(edge, edge_rows, step, path, expected):
    files = changes_of(edge_rows, edge[1][step])
    assert set(files) == {path}
    assert {k: files[path][k] for k in expected} == expected


@pytest.mark.parametrize("step, parents", [("merge", 2), ("octopus", 3)])
def test_merges_keep_all_parents_and_carry_no_file_changes(edge, edge_rows, step, parents):
    commit = edge_rows[0][edge[1][step]]
    assert (commit["is_merge"], len(commit["parents"]), commit["files_changed"]) == (True, parents, 0)
    assert not changes_of(edge_rows, edge[1][step])


def test_every_commit_is_mined_once_in_topological_order(edge, edge_rows):
    commits = edge_rows[0]
    assert set(commits) == set(edge[1].values()) and len(commits) == 13
    assert sorted(c["topo_seq"] for c in commits.values()) == list(range(13))
    for commit in commits.values():
        assert all(commits[p]["topo_seq"] < commit["topo_seq"] for p in commit["parents"])
    empty = commits[edge[1]["empty"]]
    assert (empty["files_changed"], empty["is_merge"], empty["lines_added"]) == (0, False, 0)


def shallow_clone(source, target, depth=3):
    subprocess.run(["git", "clone", "-q", "--depth", str(depth), f"file://{source}", str(target)], check=True,
                   env=git_env(source.parent), capture_output=True)
    return target


def test_shallow_clone_boundary_commits_claim_no_files(edge, tmp_path):
    clone = shallow_clone(edge[0].path, tmp_path / "clone", depth=2)
    mine(tmp_path / "lake", clone)
    commits = table(tmp_path / "lake", "commits")
    boundary = [c for c in commits if c["is_shallow_boundary"]]
    assert len(commits) == 2 and [c["sha"] for c in boundary] == [edge[1]["delete"]]
    assert boundary[0]["parents"] == [] and boundary[0]["files_changed"] == 0
    assert {f["sha"] for f in table(tmp_path / "lake", "file_changes")} == {edge[1]["mailmap"]}
    assert last_run(tmp_path / "lake")["counters"]["shallow_boundary_changes_skipped"] == 6  # its whole tree


def test_detached_head_mines_what_head_reaches(edge, tmp_path):
    clone = tmp_path / "clone"
    shutil.copytree(edge[0].path, clone)
    subprocess.run(["git", "-C", str(clone), "checkout", "-q", "--detach", edge[1]["binary"]], check=True)
    summary = mine(tmp_path / "lake", clone)
    assert summary.commit == edge[1]["binary"]
    assert {c["sha"] for c in table(tmp_path / "lake", "commits")} == {edge[1][k] for k in ("root", "c2", "binary")}


def repos_for_backends(tmp_path, edge):
    view = build_view_history(tmp_path / "view")
    return {"edge": edge[0].path, "view": view.path, "shallow": shallow_clone(edge[0].path, tmp_path / "shallow")}


@pytest.mark.parametrize("which", ["edge", "view", "shallow"])
def test_both_backends_give_identical_rows(edge, tmp_path, which):
    source = repos_for_backends(tmp_path, edge)[which]
    mine(tmp_path / "log", source)
    mine(tmp_path / "pydriller", source, git_backend="pydriller")
    for name in ("commits", "file_changes", "file_lives"):
        streamed = table(tmp_path / "log", name)
        assert streamed and canonical(streamed) == canonical(table(tmp_path / "pydriller", name))


def test_unknown_backend_fails_the_run_clearly(edge, tmp_path):
    from pipeline.errors import ExtractError

    with pytest.raises(ExtractError, match="unknown git backend 'svn'"):
        mine(tmp_path / "lake", edge[0].path, git_backend="svn")


def test_incremental_run_mines_only_new_commits_and_matches_a_full_run(tmp_path):
    repo = build_view_history(tmp_path / "repo")
    mine(tmp_path / "lake", repo.path)
    repo.change("a.py", 2, 1)
    repo.commit("c10", BEN, 140)
    repo.change("lib/c.py", 1)
    repo.commit("c11", ANN, 150)
    summary = mine(tmp_path / "lake", repo.path)
    assert summary.rows == {"commits": 2, "file_changes": 2, "file_lives": 2,
                            "ignored_commits": 0}  # lives: only the two changed files' ones
    assert last_run(tmp_path / "lake")["counters"]["commits_mined"] == 2
    mine(tmp_path / "full", repo.path)
    for name in ("commits", "file_changes", "file_lives"):
        assert canonical(table(tmp_path / "lake", name)) == canonical(table(tmp_path / "full", name))
    assert len(table(tmp_path / "lake", "commits")) == 11


def files_of(lake_root, name, repo="r") -> list[dict]:
    return Lake(lake_root).snapshot(repo).tables[name]["shards"]


def test_incremental_runs_write_only_their_rows_and_match_a_full_run(tmp_path, monkeypatch):
    # rails after 3 new commits: the run read 3 commits from git, then wrote its 99K commits and 210K changes again
    from pipeline import shards
    from pipeline.catalog import connect

    monkeypatch.setattr(shards, "MAX_DELTAS", 3)
    repo = build_view_history(tmp_path / "repo")
    lake = tmp_path / "lake"
    mine(lake, repo.path)
    first = files_of(lake, "commits")
    steps = [("a.py", 2, 1), ("move", "lib/c.py", "src/c.py"), ("branch", "lib/b.py", 3)]
    for day, step in enumerate(steps, 140):
        if step[0] == "move":
            repo.move(step[1], step[2])
        elif step[0] == "branch":  # a side branch merged back: the merge's parent is mined too
            repo.git("checkout", "-q", "-b", f"side{day}")
            repo.change(step[1], step[2])
            repo.commit(f"side {day}", BEN, day)
            repo.git("checkout", "-q", "main")
            repo.change("a.py", 1)
            repo.commit(f"main {day}", ANN, day + 0.2)
            repo.git("merge", "-q", "--no-ff", f"side{day}", "-m", "merge", who=ANN, day=day + 0.5)
        else:
            repo.change(*step)
        repo.commit(f"c{day}", BEN, day + 0.7)
        before = {name: files_of(lake, name) for name in ("commits", "file_changes")}
        summary = mine(lake, repo.path)
        for name in ("commits", "file_changes"):  # the old files named again, the new rows one more file
            after = files_of(lake, name)
            assert after[:-1] == before[name] and after[-1]["rows"] == summary.rows[name]
        mine(tmp_path / f"full{day}", repo.path)
        for name in ("commits", "file_changes", "file_lives"):
            assert canonical(table(lake, name)) == canonical(table(tmp_path / f"full{day}", name))
    assert [len(files_of(lake, name)) for name in ("commits", "file_changes")] == [4, 4]
    assert files_of(lake, "commits")[0] == first[0]
    catalog = connect(Lake(lake))  # the engines read every file of the table's folder
    assert catalog.rows("SELECT count(*) FROM commits")[1] == [(len(table(lake, "commits")),)]
    repo.change("a.py", 1)
    repo.commit("c150", BEN, 150)
    mine(lake, repo.path)  # a fourth delta: compacted into one file
    assert [len(files_of(lake, name)) for name in ("commits", "file_changes")] == [1, 1]
    assert canonical(table(lake, "commits")) == canonical(table(mine_fresh(tmp_path / "full150", repo), "commits"))
    repo.change("a.py", 1)
    repo.commit("c151", BEN, 151)
    mine(lake, repo.path)
    assert len(files_of(lake, "commits")) == 2
    mine(lake, repo.path, full=True)  # a full run writes each table whole
    assert [len(files_of(lake, name)) for name in ("commits", "file_changes")] == [1, 1]


def mine_fresh(lake_root, repo):
    mine(lake_root, repo.path)
    return lake_root


KILLED_AT_PUBLISH = """
import os, signal, sys
sys.path[:0] = [{tests!r}, {root!r}]
import pipeline.lake
from git_fixtures import mine

def killed(path, data):  # every file of the run written, the snapshot not yet: the worst moment to die
    if "_snapshots" in str(path):
        os.kill(os.getpid(), signal.SIGKILL)
    return publish(path, data)

publish, pipeline.lake.write_json_atomic = pipeline.lake.write_json_atomic, killed
mine({lake!r}, {source!r})
"""


def test_a_killed_incremental_run_leaves_no_torn_table(tmp_path):
    import sys
    from pathlib import Path

    repo = build_view_history(tmp_path / "repo")
    lake = tmp_path / "lake"
    mine(lake, repo.path)
    manifest = lake / "_snapshots" / "r.json"
    published, rows = manifest.read_text(), canonical(table(lake, "file_changes"))
    repo.change("a.py", 3)
    repo.commit("c10", BEN, 140)
    root = Path(__file__).resolve().parent
    script = KILLED_AT_PUBLISH.format(tests=str(root), root=str(root.parent), lake=str(lake), source=str(repo.path))
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert proc.returncode == -9, proc.stderr
    assert manifest.read_text() == published  # readers see the last run's tables, whole
    assert canonical(table(lake, "file_changes")) == rows
    named = {Path(f).name for t in ("commits", "file_changes") for f in Lake(lake).snapshot("r").files(t)}
    left = {p.name for p in (lake / "_versions" / "r").iterdir()} - named
    assert any(name.startswith("commits-") for name in left)  # the run's delta, written and never named
    mine(lake, repo.path)  # the next run sweeps it and mines the commit again
    mine(tmp_path / "full", repo.path)
    for name in ("commits", "file_changes", "file_lives"):
        assert canonical(table(lake, name)) == canonical(table(tmp_path / "full", name))
    snap = Lake(lake).snapshot("r")
    named = {Path(f).name for t in snap.tables for f in snap.files(t)} | {Path(r["file"]).name for r in snap.retired}
    assert {p.name for p in (lake / "_versions" / "r").iterdir()} <= named


@pytest.mark.parametrize("hangs,backend", [("rev-parse", "log"), ("log", "log"), ("ls-tree", "log"),
                                           ("merge-base", "log"), ("version", "pydriller"), ("cat-file", "pydriller"),
                                           ("diff-tree", "pydriller"), ("check-mailmap", "pydriller")])
def test_a_git_that_hangs_costs_a_clear_error_naming_the_repository(tmp_path, monkeypatch, hangs, backend):
    # a hostile or huge repository: every git call is bounded (CODELAKE_GIT_TIMEOUT), the history's log by its
    # silence; the reference backend's too, which GitPython starts itself (some kept open across calls)
    import time

    from pipeline.errors import ExtractError

    repo = build_view_history(tmp_path / "repo")
    if hangs == "merge-base":  # asked only of an incremental run
        mine(tmp_path / "lake", repo.path)
        repo.change("a.py", 1)
        repo.commit("c10", BEN, 140)
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "git").write_text(f"""#!/bin/sh
for word in "$@"; do [ "$word" = {hangs} ] && echo $$ >> {fake / "hung"} && exec sleep 120; done
exec {shutil.which("git")} "$@"
""")
    (fake / "git").chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake}:{os.environ['PATH']}")
    monkeypatch.setenv("CODELAKE_GIT_TIMEOUT", "1")
    started = time.monotonic()
    with pytest.raises(ExtractError, match=f"on repository 'r'.*{repo.path}: git {hangs} (gave no answer within|"
                                           f"printed nothing for) 1 s"):
        mine(tmp_path / "lake", repo.path, git_backend=backend)
    assert time.monotonic() - started < 30
    for pid in map(int, (fake / "hung").read_text().split()):  # stopped and reaped, not left behind
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_run_without_new_commits_keeps_every_row(tmp_path):
    repo = build_view_history(tmp_path / "repo")
    mine(tmp_path / "lake", repo.path)
    before = canonical(table(tmp_path / "lake", "file_changes"))
    summary = mine(tmp_path / "lake", repo.path)
    assert summary.rows == {"commits": 0, "file_changes": 0, "file_lives": 0, "ignored_commits": 0}
    assert canonical(table(tmp_path / "lake", "file_changes")) == before and len(before) == 23


@pytest.mark.parametrize("rewrite", ["reset", "rebase"])
def test_rewritten_history_is_mined_again_without_double_counting(tmp_path, rewrite):
    repo = build_view_history(tmp_path / "repo")
    mine(tmp_path / "lake", repo.path)
    dropped = repo.head()
    if rewrite == "reset":  # force-push of a shorter history with a different last commit
        repo.git("reset", "-q", "--hard", "HEAD~2")
        repo.change("a.py", 4)
        repo.commit("replacement", BEN, 125)
    else:  # the last commit reworded: same tree, new sha
        repo.git("commit", "-q", "--amend", "-m", "c9 reworded", who=("Cy", "cy@example.com"), day=131)
    mine(tmp_path / "lake", repo.path)
    assert last_run(tmp_path / "lake")["counters"]["history_rewritten"] == 1
    commits = table(tmp_path / "lake", "commits")
    assert dropped not in {c["sha"] for c in commits} and len(commits) == (8 if rewrite == "reset" else 9)
    mine(tmp_path / "fresh", repo.path)
    for name in ("commits", "file_changes", "file_lives"):
        assert canonical(table(tmp_path / "lake", name)) == canonical(table(tmp_path / "fresh", name))


def test_mailmap_change_re_mines_identities(tmp_path):
    repo = build_view_history(tmp_path / "repo")
    mine(tmp_path / "lake", repo.path)
    (repo.path / ".mailmap").write_text("Benjamin <ben@example.com>\n")  # not even committed: git log applies it
    summary = mine(tmp_path / "lake", repo.path)
    assert summary.rows["commits"] == 9
    names = {c["author_name"] for c in table(tmp_path / "lake", "commits")}
    assert names == {"Ann", "Benjamin", "Cy"}


def test_folder_without_git_history_gives_empty_tables(tmp_path):
    (tmp_path / "plain").mkdir()
    (tmp_path / "plain" / "a.py").write_text("x = 1\n")
    summary = mine(tmp_path / "lake", tmp_path / "plain")
    assert summary.status == "ok" and summary.rows == {"commits": 0, "file_changes": 0, "file_lives": 0,
                                                 "ignored_commits": 0}
    assert last_run(tmp_path / "lake")["counters"] == {"no_git_history": 1}


def test_registered_and_selectable_from_the_command_line(tmp_path, capsys):
    from pipeline.cli.main import main
    from pipeline.registry import load_registry

    assert load_registry().get("git").tables.keys() == {"commits", "file_changes", "file_lives", "ignored_commits"}
    repo = build_view_history(tmp_path / "repo")
    lake = str(tmp_path / "lake")
    assert main(["index", str(repo.path), "--repo", "r", "--extractors", "git", "--lake", lake]) == 0
    capsys.readouterr()
    assert main(["co-change", "b.py", "--lake", lake, "--format", "json"]) == 0  # old name of lib/b.py
    out = json.loads(capsys.readouterr().out)
    assert [(r["file"], r["degree"], r["shared_revs"]) for r in out] == [("a.py", 80, 6)]
    assert main(["owners", "lib", "--lake", lake, "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(r["kind"], r["path"], r["main_dev"]) for r in out] == [
        ("folder", "lib", "ann@example.com"), ("file", "lib/b.py", "ann@example.com"),
        ("file", "lib/c.py", "ben@example.com")]
    assert main(["hotspots", "--lake", lake]) == 1  # no structure tables: a one-line error, no traceback
    assert "structure" in capsys.readouterr().err


def test_a_file_content_missing_from_the_repository_costs_only_its_line_counts(tmp_path):
    """A damaged or partial clone: every commit and change is still mined, renames that need no content too; the
    line counts of the files whose content is missing are NULL (and their commits' totals), the run says how many
    commits (``history_unreadable``); the other files of those commits and the commits before and after keep
    theirs."""
    repo = GitRepo(tmp_path / "repo")
    repo.write("base.py", "x\n")
    oldest = repo.commit("zero", BEN, 0)
    repo.change("a.py", 3)
    repo.write("b.py", "keep\n")
    first = repo.commit("one", ANN, 1)
    blob = repo.git("rev-parse", "HEAD:a.py")
    repo.change("a.py", 1)
    second = repo.commit("two", ANN, 2)
    repo.move("b.py", "c.py")
    repo.change("base.py", 2)
    newest = repo.commit("three", BEN, 3)
    (repo.path / ".git" / "objects" / blob[:2] / blob[2:]).unlink()  # the diffs of "one" and "two" need it
    mine(tmp_path / "lake", repo.path)
    commits = {c["sha"]: c for c in table(tmp_path / "lake", "commits")}
    changes = {(f["sha"], f["path"]): f for f in table(tmp_path / "lake", "file_changes")}
    assert len(commits) == 4 and last_run(tmp_path / "lake")["status"] == "ok"
    counters = last_run(tmp_path / "lake")["counters"]
    assert counters["history_unreadable"] == 2 and "numstat_unmatched" not in counters  # the failed reads' not kept
    assert commits[first]["lines_added"] is None and changes[(first, "a.py")]["lines_added"] is None
    assert commits[second]["lines_added"] is None
    assert changes[(first, "a.py")]["change_type"] == "A" and changes[(first, "b.py")]["lines_added"] == 1
    rename = [f for f in changes.values() if f["path"] == "c.py"]
    assert rename and rename[0]["change_type"] == "R" and rename[0]["old_path"] == "b.py"
    assert changes[(newest, "base.py")]["lines_added"] == 2 and commits[newest]["lines_added"] == 2
    assert changes[(oldest, "base.py")]["lines_added"] == 1 and commits[oldest]["lines_added"] == 1
    assert [c["topo_seq"] for c in sorted(commits.values(), key=lambda c: c["authored_at"])] == [0, 1, 2, 3]


def test_unreadable_repository_fails_the_run_with_the_git_error_and_keeps_the_lake(tmp_path):
    from pipeline.errors import ExtractError

    repo = GitRepo(tmp_path / "repo")
    repo.change("a.py", 3)
    repo.commit("one", ANN, 0)
    mine(tmp_path / "lake", repo.path)
    repo.change("a.py", 1)
    repo.commit("two", ANN, 1)
    tree = repo.git("rev-parse", "HEAD^{tree}")
    (repo.path / ".git" / "objects" / tree[:2] / tree[2:]).unlink()  # not even the change list can be read
    with pytest.raises(ExtractError, match="git log failed"):
        mine(tmp_path / "lake", repo.path)
    assert len(table(tmp_path / "lake", "commits")) == 1
    assert last_run(tmp_path / "lake")["status"] == "failed"


def test_copies_are_found_on_request_and_switching_re_mines(tmp_path):
    from pipeline.errors import ExtractError

    repo = GitRepo(tmp_path / "repo")
    body = "".join(f"line_{n} = {n}\n" for n in range(40))
    repo.write("src/base.py", body)
    repo.commit("base", ANN, 1)
    repo.write("src/base.py", body + "extra = 1\n")  # -C looks for sources among the files a commit changes
    repo.write("src/copy.py", body)
    copied = repo.commit("copy", BEN, 2)
    mine(tmp_path / "lake", repo.path)
    change = lambda: next(f for f in table(tmp_path / "lake", "file_changes")  # noqa: E731
                          if f["sha"] == copied and f["path"] == "src/copy.py")
    assert change()["change_type"] == "A"
    summary = mine(tmp_path / "lake", repo.path, find_copies=True)
    assert summary.rows["commits"] == 2  # the option changed: the whole history again, not only new commits
    assert (change()["change_type"], change()["old_path"]) == ("C", "src/base.py")
    assert len(table(tmp_path / "lake", "file_changes")) == 3
    with pytest.raises(ExtractError, match="pydriller backend cannot find copies"):
        mine(tmp_path / "other", repo.path, git_backend="pydriller", find_copies=True)
