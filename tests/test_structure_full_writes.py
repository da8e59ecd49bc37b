"""A full run's tables that resolution does not change (files, refs, symbols and their indexes) are finished, their
shard files named and fsynced, on a thread while the run resolves, not after its edges; a run failing in resolution
still leaves none of them and the previous snapshot."""

from __future__ import annotations

import shutil

import pytest

from conftest import FIXTURES, index_structure


def test_unchanged_tables_are_finished_while_resolving_and_removed_when_resolution_fails(tmp_path, monkeypatch):
    from extractors.structure import WRITTEN_BEFORE_EDGES, parallel
    from pipeline.lake import VERSIONS, Lake, _Staging

    root = tmp_path / "src"
    shutil.copytree(FIXTURES / "structure" / "python", root, ignore=shutil.ignore_patterns("expected.json"))
    lake = Lake(tmp_path / "lake")
    folder = lake.root / VERSIONS / "py"
    named, stagings = {}, []  # the run's finished shard files (not temporary) once its edges are made
    original, write_early = parallel.Resolving.edges, _Staging._write_early

    def noted(self, tables):
        stagings.append(self)
        return write_early(self, tables)

    def edges_then_fail(self):
        original(self)  # resolution itself ends (its child or thread is reaped)
        for future in [f for staging in stagings for f in staging.early.values()]:
            future.result()  # the writes begun beside it (none on main's code) have ended
        named["files"] = sorted(p.name for p in folder.iterdir() if p.name.endswith(".parquet"))
        raise RuntimeError("resolution failed")

    monkeypatch.setattr(_Staging, "_write_early", noted)
    monkeypatch.setattr(parallel.Resolving, "edges", edges_then_fail)
    from pipeline.errors import ExtractError

    with pytest.raises(ExtractError, match="resolution failed"):
        index_structure(lake, root, repo="py")
    tables = {name.split("-")[0] for name in named["files"]}  # <table>-<run id>-<shard>.parquet
    # every table resolution does not change was finished before the edges came (foreign_symbols has no rows here)
    assert tables == set(WRITTEN_BEFORE_EDGES) - {"foreign_symbols"}
    assert not tables & {"edges", "hierarchy", "edge_targets", "edge_sources", "unresolved_names"}
    # the failed run: none of its files is left, and there is no snapshot of the repository
    assert [p.name for p in folder.iterdir() if not p.name.startswith("runs-")] == []
    assert not any(staging.early for staging in stagings)  # given up by the failed run
    assert not lake.snapshot("py").tables.get("refs")

    monkeypatch.setattr(parallel.Resolving, "edges", original)  # the next run writes every table
    index_structure(lake, root, repo="py")
    assert lake.snapshot("py").tables["refs"]["rows"] > 0
