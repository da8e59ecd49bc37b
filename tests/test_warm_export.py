"""The warm worker's export child and how far the index is behind HEAD: counted by git only when HEAD is not the
commit the update recorded (an edit's export ran ``git rev-list --count`` every batch). Real worker processes, a
real git repository, a ``git`` first on PATH that logs every call."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from tests.conftest import git
from tests.test_hooks import FILES, _stop_worker, demo  # noqa: F401 - ``demo`` is a fixture
from tests.test_warm_worker import _handed, _lines, _start, git_log  # noqa: F401 - ``git_log`` is a fixture

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the export child is forked")


def _calls(log: Path, since: int) -> list[str]:
    """Every git call logged after the first ``since`` lines, whoever made it (the export child is the worker's)."""
    return [line.split(" ", 1)[1] for line in log.read_text().splitlines()[since:]] if log.exists() else []


def _snippet_head(lake: Path, rel: str) -> str:
    record = json.loads((lake / "_exports" / "demo" / "snippets" / (rel + ".json")).read_text())
    return record["text"].splitlines()[0]


def _edit(root: Path, name: str) -> None:
    (root / "pkg" / "core.py").write_text(FILES["pkg/core.py"] + f"\n\ndef {name}():\n    return 1\n")


def test_an_edits_export_counts_no_commits_while_head_is_the_indexed_one(demo, monkeypatch, git_log):
    from pipeline.exports.export import export_repo
    from pipeline.lake import Lake

    lake, root = demo
    try:
        _start(lake, root, monkeypatch)
        time.sleep(1.1)  # past the checkout's last writes (``repos.RACY_SECONDS``): git's answers may be kept
        _edit(root, "first")
        _handed(lake, root, ["pkg/core.py"])
        since = _lines(git_log)
        _edit(root, "second")
        _handed(lake, root, ["pkg/core.py"])
        assert _calls(git_log, since) == []  # neither the update nor its export child ran git
        assert "behind" not in _snippet_head(lake, "pkg/core.py")

        git(root, "commit", "-q", "-am", "second")  # HEAD one commit past the indexed one
        since = _lines(git_log)
        export_repo(Lake(lake), "demo", files=["pkg/core.py"])  # an export with no update: git counts
        assert "index 1 commits behind HEAD" in _snippet_head(lake, "pkg/core.py")
        assert any(" rev-list --count " in call for call in _calls(git_log, since))

        _edit(root, "third")  # the worker's update records the new HEAD: its export says so
        _handed(lake, root, ["pkg/core.py"])
        assert Lake(lake).snapshot("demo").cursors["structure"]["commit"] == git(root, "rev-parse", "HEAD").strip()
        assert "behind" not in _snippet_head(lake, "pkg/core.py")
        since = _lines(git_log)
        _edit(root, "fourth")
        _handed(lake, root, ["pkg/core.py"])
        assert not any("rev-list" in call for call in _calls(git_log, since))
        assert "behind" not in _snippet_head(lake, "pkg/core.py")
    finally:
        _stop_worker(lake)
