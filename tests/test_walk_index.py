"""The walk index (``pipeline.walkindex``) and the cold blast radius (``pipeline.walk``): the same rows as the SQL
macro ``blast_radius`` (the definition) whether the index is there, stale, damaged or missing."""

import os
import shutil
import time
from pathlib import Path

from pipeline import indexing, query, walkindex
from pipeline.catalog import connect
from tests.conftest import index_structure

PROJECT = Path(__file__).parents[1]
SMALL = {
    "app/__init__.py": "",
    "app/core.py": "def load():\n    return 1\n\n\ndef helper():\n    return load()\n",
    "app/use.py": "from app.core import helper, load\n\n\ndef run():\n    return load() + helper()\n",
    "tests/test_use.py": "from app.use import run\n\n\ndef test_run():\n    assert run() == 2\n",
}


def _macro_gaps(catalog, target) -> dict:
    cols, rows = catalog.rows("SELECT * FROM blast_radius_gaps(?, repo_id := ?, languages := ?)",
                              [target.name, target.repo, query.language_family(catalog, target)])
    return dict(zip(cols, rows[0]))


def _index_folders(lake, repo: str = "repo") -> list[str]:
    base = walkindex.folder(lake.root, repo)
    return sorted(p.name for p in base.iterdir()) if base.is_dir() else []


def _compare(catalog, values: list[str], repo: str) -> int:
    compared = 0
    for value in values:
        target = query.resolve_target(catalog, value, repo)
        for depth, reverse, floor in ((1, False, 0.0), (4, False, 0.0), (4, True, 0.0), (3, False, 0.8)):
            expected = query.blast_radius_macro(catalog, target, depth, reverse, floor)
            got = query.blast_radius(catalog, target, depth, reverse, floor)
            assert got[0] == expected[0]
            assert sorted(got[1]) == sorted(expected[1]), (value, depth, reverse, floor)
            assert [r[4] for r in got[1]] == [r[4] for r in expected[1]]
            compared += len(expected[1])
        assert query.gaps(catalog, target) == _macro_gaps(catalog, target)
    return compared


def test_an_index_builds_the_walk_index_and_both_walks_give_the_macros_rows(lake, make_repo):
    """On real code (a copy of this project's ``pipeline``): hubs and leaves, both directions, several depths and
    confidence floors, file targets; first through the index the run built, then (index removed) level by level."""
    root = make_repo()
    shutil.copytree(PROJECT / "pipeline", root / "pipeline", ignore=shutil.ignore_patterns("__pycache__"))
    index_structure(lake, root)
    assert _index_folders(lake) == [walkindex.snapshot_key(lake.snapshot("repo"))]
    catalog = connect(lake)
    # the views count unresolved mentions by resolution alone: an unresolved edge never has a target
    unresolved = catalog.rows("SELECT count(*) FILTER (WHERE dst_id IS NOT NULL), count(*) FROM edges "
                              "WHERE resolution = 'unresolved'")[1][0]
    assert unresolved[0] == 0 and unresolved[1] > 50
    _, hubs = catalog.rows("SELECT dst_id FROM edges WHERE dst_id IS NOT NULL GROUP BY dst_id "
                           "ORDER BY count(*) DESC, dst_id LIMIT 6")
    _, others = catalog.rows("SELECT id FROM symbols WHERE kind <> 'module' ORDER BY hash(id) LIMIT 8")
    targets = [r[0] for r in hubs + others] + ["pipeline/lake.py", "pipeline/query.py"]
    assert _compare(catalog, targets, "repo") > 300  # real walks, not empty answers
    shutil.rmtree(walkindex.folder(lake.root, "repo"))
    assert _compare(catalog, targets, "repo") > 300


def test_an_update_rebuilds_the_index_and_a_stale_one_is_never_read(lake, make_repo, monkeypatch):
    root = make_repo(files=SMALL)
    index_structure(lake, root)
    first = _index_folders(lake)
    (root / "app/more.py").write_text("from app.use import run\n\n\ndef twice():\n    return run() + run()\n")
    monkeypatch.setenv(walkindex.MODE_ENV, "off")
    indexing.update(root, ["app/more.py"], repo="repo", lake=lake)
    assert _index_folders(lake) == first  # the index of the snapshot before: its key is not the catalog's
    catalog = connect(lake)
    assert "app/more.py::twice" in [r[0] for r in query.blast_radius(catalog, query.resolve_target(
        catalog, "app/core.py::load", "repo"), 4, False, 0.0)[1]]
    assert _compare(catalog, ["app/core.py::load", "app/core.py", "app/more.py::twice"], "repo") > 0
    walkindex.build_current(lake, "repo")
    assert _index_folders(lake) == [walkindex.snapshot_key(lake.snapshot("repo"))] != first  # the old one is gone
    assert _compare(catalog, ["app/core.py::load", "app/core.py", "app/more.py::twice"], "repo") > 0


def test_an_update_builds_the_index_in_a_detached_process(lake, make_repo, monkeypatch):
    root = make_repo(files=SMALL)
    index_structure(lake, root)
    (root / "app/core.py").write_text(SMALL["app/core.py"] + "\n\ndef third():\n    return helper()\n")
    monkeypatch.setenv(walkindex.MODE_ENV, "background")
    indexing.update(root, ["app/core.py"], repo="repo", lake=lake)
    wanted = [walkindex.snapshot_key(lake.snapshot("repo"))]
    deadline = time.monotonic() + 120  # the builder runs at idle priority: after whatever else runs
    while _index_folders(lake) != wanted and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _index_folders(lake) == wanted
    catalog = connect(lake)
    assert _compare(catalog, ["app/core.py::load", "app/core.py::third"], "repo") > 0


def test_a_lake_named_relative_to_the_working_folder_gets_its_index_there(tmp_path, make_repo, monkeypatch):
    # The detached builder runs in the project's folder: a relative lake handed to it as typed would put the index
    # (and its lock) in a folder of that name there, outside the user's lake.
    from pipeline.lake import Lake

    root = make_repo(files=SMALL)
    (work := tmp_path / "work").mkdir()
    monkeypatch.chdir(work)
    lake = Lake("rel-lake")
    assert lake.root == work / "rel-lake"
    index_structure(lake, root)
    (root / "app/core.py").write_text(SMALL["app/core.py"] + "\n\ndef third():\n    return helper()\n")
    monkeypatch.setenv(walkindex.MODE_ENV, "background")
    indexing.update(root, ["app/core.py"], repo="repo", lake=lake)
    wanted = [walkindex.snapshot_key(lake.snapshot("repo"))]
    deadline = time.monotonic() + 120
    while _index_folders(lake) != wanted and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _index_folders(lake) == wanted
    assert not (PROJECT / "rel-lake").exists()


def test_a_damaged_index_is_not_trusted_and_a_dropped_repository_leaves_none(lake, make_repo):
    root = make_repo(files=SMALL)
    index_structure(lake, root)
    index = walkindex.folder(lake.root, "repo") / _index_folders(lake)[0]
    for name in os.listdir(index):
        (index / name).write_bytes(b"\x93NUMPY garbage")  # torn or overwritten: neither array nor JSON
    catalog = connect(lake)
    assert _compare(catalog, ["app/core.py::load", "app/use.py"], "repo") > 0  # read from the lake instead
    assert lake.drop("repo")
    assert not walkindex.folder(lake.root, "repo").exists()


def test_an_index_cut_short_is_not_trusted(lake, make_repo):
    root = make_repo(files=SMALL)
    index_structure(lake, root)
    key = _index_folders(lake)[0]
    ends = walkindex.folder(lake.root, "repo") / key / "forward.ends.npy"
    assert walkindex.load(lake.root, "repo", key, "forward") is not None
    ends.write_bytes(ends.read_bytes()[:-4])  # one edge fewer than the offsets say
    assert walkindex.load(lake.root, "repo", key, "forward") is None
    assert _compare(connect(lake), ["app/core.py::load"], "repo") > 0


def test_a_failed_build_costs_the_index_only(lake, make_repo, monkeypatch, capsys):
    def broken(*args):
        raise OSError("no space left on device")

    monkeypatch.setattr(walkindex, "_write", broken)
    root = make_repo(files=SMALL)
    assert index_structure(lake, root).status == "ok"  # the run published
    assert "the walk index of 'repo' was not built (OSError: no space left on device)" in capsys.readouterr().err
    assert _index_folders(lake) == []
    assert _compare(connect(lake), ["app/core.py::load"], "repo") > 0


def test_a_builder_waiting_for_a_quiet_repository_is_bounded_by_the_clock(monkeypatch):
    class Writing:  # a writing mark a killed writer left: never cleared
        root = "/nonexistent"

        def writing(self, repo):
            return True

    monkeypatch.setenv(walkindex.QUIET_ENV, "0")  # polls only: each used to count 0.1 s of its 0.2 s
    monkeypatch.setattr(walkindex, "QUIET_CAP", 0.5)
    started = time.monotonic()
    assert walkindex._quiet(Writing(), "repo", None) is True
    assert 0.5 <= time.monotonic() - started < 0.9


def test_between_an_update_and_its_build_the_earlier_index_with_the_difference_gives_the_macros_rows(
        lake, make_repo, monkeypatch):
    from pipeline import walk

    root = make_repo(files=SMALL)
    index_structure(lake, root)
    first = _index_folders(lake)
    # an edge gone (helper no longer calls load) and one added (third calls helper)
    (root / "app/core.py").write_text("def load():\n    return 1\n\n\ndef helper():\n    return 2\n\n\n"
                                      "def third():\n    return helper()\n")
    monkeypatch.setenv(walkindex.MODE_ENV, "off")
    indexing.update(root, ["app/core.py"], repo="repo", lake=lake)
    assert _index_folders(lake) == first  # not built yet: the earlier one is all there is
    catalog = connect(lake)
    key = walk.index_key(catalog, "repo")
    assert walk.delta_expand(catalog, "repo", key, False, 0.0) is not None
    targets = ["app/core.py::load", "app/core.py::helper", "app/core.py", "app/use.py::run", "app/core.py::third"]
    assert _compare(catalog, targets, "repo") > 0
    load = query.resolve_target(catalog, "app/core.py::load", "repo")
    assert "app/core.py::helper" not in [r[0] for r in query.blast_radius(catalog, load, 4, False, 0.0)[1]]
    apart = walk.difference(catalog, "repo", key)
    assert apart.gone and apart.new and walk.delta_unresolved(catalog, "repo", key) is not None
    for gone in apart.gone:  # expired: the unresolved mentions are counted by the macro
        os.remove(gone)
    assert walk.delta_unresolved(catalog, "repo", key) is None
    assert _compare(catalog, targets, "repo") > 0
    monkeypatch.setattr(walk, "MAX_DELTA_FILES", 0)  # too far apart: the lake is read level by level
    assert walk.delta_expand(catalog, "repo", key, False, 0.0) is None
    assert _compare(catalog, targets, "repo") > 0


class _CountedOwners(dict):
    """A catalog's file owners, counting the passes over them."""

    passes = 0

    def items(self):
        type(self).passes += 1
        return super().items()


def test_a_cold_walk_lists_the_snapshots_files_once(lake, make_repo, monkeypatch):
    """Between an update and its build, a cold ``blast-radius`` asked which ``edges`` and ``symbols`` files its
    catalog reads four times (the walk index's key twice, the difference with the earlier index, the symbols'
    shards), each a pass over every file of every table of every repository; once now, and the rows stay the
    macro's."""
    root = make_repo(files=SMALL)
    index_structure(lake, root)
    (root / "app/core.py").write_text(SMALL["app/core.py"] + "\n\ndef third():\n    return helper()\n")
    monkeypatch.setenv(walkindex.MODE_ENV, "off")
    indexing.update(root, ["app/core.py"], repo="repo", lake=lake)
    catalog = connect(lake)
    catalog.current.owner = _CountedOwners(catalog.current.owner)
    target = query.resolve_target(catalog, "app/core.py::load", "repo")
    _CountedOwners.passes = 0
    got = query.blast_radius(catalog, target, 4, False, 0.0)
    assert _CountedOwners.passes == 1
    assert sorted(got[1]) == sorted(query.blast_radius_macro(catalog, target, 4, False, 0.0)[1])
