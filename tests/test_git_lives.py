"""Where each file is now, from HEAD's tree (the git extractor's file_lives and the file_changes_current view), on
histories with long-lived branches merged late, where the last change in topological order is not the truth."""

from __future__ import annotations

import subprocess

import pytest

from git_fixtures import BEN, GitRepo, mine
from pipeline.catalog import connect
from pipeline.extractor import Batch
from pipeline.lake import Lake

SIDES = ("main", "long")


def branchy_history(path) -> GitRepo:
    """From one root, branch ``long`` and ``main`` each: delete a file the other changes (``gone_<side>`` stays
    deleted by the merge, ``kept_<side>`` is kept), and rename a file the other changes (``old_<side>`` ->
    ``new_<side>``). ``long`` is merged into ``main`` last; ``keep.py`` is untouched."""
    repo = GitRepo(path)
    body = {name: "".join(f"{name[:-3]}_{n} = {n}\n" for n in range(30))  # unlike each other: no false renames
            for name in ("keep.py", *(f"{k}_{s}.py" for k in ("gone", "kept", "old") for s in SIDES))}
    for name, text in body.items():
        repo.write(name, text)
    repo.commit("root", day=0)
    repo.git("branch", "long")
    for day, (side, other) in enumerate((("main", "long"), ("long", "main")), 1):
        repo.git("checkout", "-q", side)
        repo.remove(f"gone_{side}.py")
        repo.remove(f"kept_{side}.py")
        repo.move(f"old_{side}.py", f"new_{side}.py")
        repo.commit(f"{side}: delete and rename", BEN, day)
        for name in (f"gone_{other}.py", f"kept_{other}.py", f"old_{other}.py"):
            repo.write(name, body[name] + f"changed_on_{side} = 1\n")
        repo.commit(f"{side}: change what the other side deletes or renames", BEN, day + 0.5)
    repo.git("checkout", "-q", "main")
    repo.git("merge", "-q", "--no-ff", "long", "-m", "merge long", who=BEN, day=5, check=False)  # conflicts
    for side in SIDES:
        repo.git("rm", "-q", "--ignore-unmatch", f"gone_{side}.py")
        repo.write(f"kept_{side}.py", body[f"kept_{side}.py"] + "resolved = 1\n")
    repo.git("commit", "-q", "--no-edit", who=BEN, day=5)
    return repo


def head_files(repo: GitRepo) -> set[str]:
    return set(repo.git("ls-tree", "-r", "--name-only", "HEAD").split("\n"))


@pytest.fixture(scope="module")
def branchy(tmp_path_factory):
    base = tmp_path_factory.mktemp("branchy")
    repo = branchy_history(base / "repo")
    mine(base / "lake", repo.path)
    return repo, connect(Lake(base / "lake"))


def current(catalog) -> dict[str, set]:
    """historical path -> {(current_path, alive)} over its changes."""
    columns, rows = catalog.rows("SELECT DISTINCT path, current_path, alive FROM file_changes_current")
    out: dict[str, set] = {}
    for path, now, alive in rows:
        out.setdefault(path, set()).add((now, alive))
    return out


def test_the_history_puts_changes_after_deletions_in_topological_order(branchy):
    # the case that misled a last-change-wins rule: on one side, the other side's change comes after the deletion
    repo, catalog = branchy
    _, rows = catalog.rows("SELECT path, change_type, topo_seq FROM file_changes WHERE path LIKE 'gone_%'")
    seqs = {(p, t): s for p, t, s in rows}
    assert any(seqs[(f"gone_{s}.py", "M")] > seqs[(f"gone_{s}.py", "D")] for s in SIDES)


def test_alive_files_are_exactly_head_files(branchy):
    repo, catalog = branchy
    _, rows = catalog.rows("SELECT DISTINCT current_path FROM file_changes_current WHERE alive")
    assert {p for (p,) in rows} == head_files(repo)
    _, rows = catalog.rows("SELECT path FROM file_lives WHERE in_head")
    assert {p for (p,) in rows} == head_files(repo)


def test_deleted_stays_deleted_kept_stays_kept_and_renames_carry_the_other_sides_changes(branchy):
    _, catalog = branchy
    got = current(catalog)
    for side in SIDES:
        assert got[f"gone_{side}.py"] == {(f"gone_{side}.py", False)}
        assert got[f"kept_{side}.py"] == {(f"kept_{side}.py", True)}  # the branch's deletion was undone
        assert got[f"old_{side}.py"] == {(f"new_{side}.py", True)}  # the other side changed it under its old name
    _, rows = catalog.rows("SELECT path, revisions, alive FROM churn(window_days := NULL, include_deleted := true)")
    churn = {p: (n, alive) for p, n, alive in rows}
    assert churn["new_main.py"] == (3, True)  # the root's add, main's rename, long's change under the old name
    assert churn["keep.py"] == (1, True)


def test_incremental_deletion_and_rename_match_a_full_run(tmp_path):
    repo = branchy_history(tmp_path / "repo")
    mine(tmp_path / "lake", repo.path)
    repo.remove("keep.py")
    repo.commit("delete keep.py", BEN, 6)
    repo.move("new_long.py", "renamed/again.py")
    repo.commit("rename new_long.py", BEN, 7)
    summary = mine(tmp_path / "lake", repo.path)
    assert summary.rows["commits"] == 2
    mine(tmp_path / "full", repo.path)
    lives = lambda root: sorted(map(repr, Lake(root).read_table("r", "file_lives").to_pylist()))  # noqa: E731
    assert lives(tmp_path / "lake") == lives(tmp_path / "full")
    got = current(connect(Lake(tmp_path / "lake")))
    assert got["keep.py"] == {("keep.py", False)}
    assert got["old_long.py"] == got["new_long.py"] == {("renamed/again.py", True)}


def test_a_file_a_merge_brought_in_and_renamed_at_once_is_where_it_went(tmp_path):
    # rails' storage_services.yml came in by a subtree merge (merges carry no changes): its first change is its
    # rename, so its only life starts and ends in the commit where the new path's life starts. The full run resolved
    # it before its target (no current path); the incremental run, reading lives back sorted, had it right.
    repo = GitRepo(tmp_path / "repo")
    repo.write("main.py", "".join(f"main_{n} = {n}\n" for n in range(20)))
    repo.commit("root", day=0)
    repo.git("checkout", "-q", "-b", "side")
    repo.write("side.py", "side = 1\n")
    repo.commit("side", BEN, 1)
    repo.git("checkout", "-q", "main")
    repo.git("merge", "-q", "--no-ff", "--no-commit", "side", who=BEN, day=2)
    repo.write("config/services.yml", "".join(f"service_{n}: {n}\n" for n in range(20)))  # in neither parent
    repo.git("commit", "-q", "--no-edit", who=BEN, day=2)
    mine(tmp_path / "lake", repo.path)
    repo.move("config/services.yml", "config/storage.yml")
    repo.commit("rename", BEN, 3)
    mine(tmp_path / "lake", repo.path)
    mine(tmp_path / "full", repo.path)
    lives = lambda root: sorted(map(repr, Lake(root).read_table("r", "file_lives").to_pylist()))  # noqa: E731
    assert lives(tmp_path / "lake") == lives(tmp_path / "full")
    got = {r["path"]: (r["current_path"], r["alive"]) for r in Lake(tmp_path / "full").read_table("r", "file_lives")
           .to_pylist()}
    assert got["config/services.yml"] == got["config/storage.yml"] == ("config/storage.yml", True)


class GitBeforeLives:
    """The git extractor as it was before file_lives existed: same rows, no lives table."""

    def __init__(self):
        from extractors.git import GitExtractor

        self.inner = GitExtractor()
        self.name, self.version = self.inner.name, self.inner.version
        self.tables = {k: v for k, v in self.inner.tables.items() if k != "file_lives"}

    def run(self, ctx, cursor):
        run = self.inner.run(ctx, cursor)
        try:
            while True:
                item = next(run)
                if not (isinstance(item, Batch) and item.table == "file_lives"):
                    yield item
        except StopIteration as stop:
            return stop.value


def test_a_lake_mined_before_lives_existed_gets_them_from_its_stored_changes(tmp_path):
    repo = branchy_history(tmp_path / "repo")
    Lake(tmp_path / "lake").run_extractor("r", GitBeforeLives(), repo.path)
    assert Lake(tmp_path / "lake").read_table("r", "file_lives") is None
    summary = mine(tmp_path / "lake", repo.path)
    assert summary.rows["commits"] == 0  # nothing re-mined
    mine(tmp_path / "full", repo.path)
    lives = lambda root: sorted(map(repr, Lake(root).read_table("r", "file_lives").to_pylist()))  # noqa: E731
    assert lives(tmp_path / "lake") == lives(tmp_path / "full")


def test_a_bare_clone_reads_head_from_the_repository(tmp_path, branchy):
    repo, catalog = branchy
    bare = tmp_path / "bare.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(repo.path), str(bare)], check=True, capture_output=True)
    mine(tmp_path / "lake", bare)
    assert current(connect(Lake(tmp_path / "lake"))) == current(catalog)


def lives_of(root) -> list[str]:
    return sorted(map(repr, Lake(root).read_table("r", "file_lives").to_pylist()))


def test_an_incremental_run_writes_again_only_the_lives_it_changes(tmp_path, monkeypatch):
    # the whole file_lives table was written every run (rails: 16K lives for 3 commits). Now only the changed paths'
    # lives: those the new commits touch, a file a merge dropped without a change of its own, and the older paths
    # renamed to a path renamed again (where they are now follows the renames)
    from extractors.git import GitExtractor

    monkeypatch.setattr(GitExtractor, "shard_rows", {"file_lives": 4}, raising=False)  # 30 files' lives over 8 shards
    repo = GitRepo(tmp_path / "repo")
    for n in range(30):
        repo.write(f"a{n}.py", "".join(f"a{n}_{k} = {k}\n" for k in range(20)))
    repo.write("old.py", "".join(f"old_{k} = {k}\n" for k in range(20)))
    repo.commit("root", day=0)
    repo.move("old.py", "mid.py")
    repo.commit("old -> mid", BEN, 1)
    lake = tmp_path / "lake"
    mine(lake, repo.path)
    before = {s["file"] for s in Lake(lake).snapshot("r").tables["file_lives"]["shards"]}
    assert len(before) == 8
    repo.move("mid.py", "final.py")
    repo.write("a3.py", "changed = 1\n")
    repo.commit("mid -> final, a3 changed", BEN, 2)
    repo.git("checkout", "-q", "-b", "side")
    repo.write("side.py", "side = 1\n")
    repo.commit("side", BEN, 3)
    repo.git("checkout", "-q", "main")
    repo.git("merge", "-q", "--no-ff", "--no-commit", "side", who=BEN, day=4)
    repo.git("rm", "-q", "a7.py")  # dropped by the merge: no change of its own records it
    repo.git("commit", "-q", "--no-edit", who=BEN, day=4)
    summary = mine(lake, repo.path)
    mine(tmp_path / "full", repo.path)
    assert lives_of(lake) == lives_of(tmp_path / "full")
    rows = {r["path"]: r for r in Lake(lake).read_table("r", "file_lives").to_pylist()}
    assert (rows["old.py"]["current_path"], rows["a7.py"]["alive"]) == ("final.py", False)
    written = {"old.py", "mid.py", "final.py", "a3.py", "side.py", "a7.py"}  # one life each
    assert summary.rows["file_lives"] == len(written)
    after = Lake(lake).snapshot("r").tables["file_lives"]["shards"]
    rewritten = [s for s in after if s["file"] not in before]
    import pyarrow.parquet as pq

    from pipeline.shards import key_shard

    assert len(rewritten) == len({key_shard(p, 8) for p in written}) < 8  # the other shards named again
    untouched = {r["path"] for s in after if s["file"] in before
                 for r in pq.read_table(lake / s["file"]).to_pylist()}
    assert untouched and not untouched & written  # no changed path's lives left in a shard named again
    assert mine(lake, repo.path).rows["file_lives"] == 0  # nothing new: nothing written
