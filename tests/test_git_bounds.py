"""Every git command the pipeline and the extractors run is bounded in time (``CODELAKE_GIT_TIMEOUT``): a git that
hangs (a hostile hook, filter or external diff; a wedged filesystem) is stopped with what it started, and the caller
fails with a message naming the repository and the command, or falls back where a check may go without git. The
history's own calls are tested in test_git_extractor.py; these are the pipeline's (repository facts, ignore checks,
the map's archive, a mirror's branch) and the other extractors' (the structure snapshot's tree and blobs, the
packages' manifests). A real git, with a fake one earlier on PATH that sleeps on one word."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from git_fixtures import build_view_history

SLEEP = 20  # seconds a hanging git sleeps: each case must end well before it


def _facts(root):
    from pipeline.repos import git_facts

    return git_facts(root)


def _tree(root):
    from extractors.structure.snapshot import tree_candidates

    return tree_candidates(root, lambda path: True)


def _blobs(root):
    from extractors.structure.snapshot import tree_candidates, write_blobs

    wanted = tree_candidates(root, lambda path: True)
    os.environ["CODELAKE_HANG_ON"] = "--batch"  # the tree read, the blobs hang
    dest = root.parent / "blobs"
    dest.mkdir()
    return write_blobs(root, wanted, dest)


def _manifest(root):
    from extractors.packages import _read_blob

    return _read_blob(root, "a.py")


def _ignored(root):
    from pipeline.indexing import _git_ignored

    return _git_ignored(root, ["a.py"])


def _archive(root):
    from pipeline.map.evaluate import _archive

    return _archive(root, "HEAD", root.parent / "tree")


def _listing(root):
    from extractors.structure.discover import _git_z

    return _git_z(root, "ls-files", "-s", "-z")


def _hook_git(root):
    from pipeline.hooks.runtime import _git

    return _git(str(root), "rev-parse", "HEAD")


FAILS = {"rev-parse": _facts, "ls-tree": _tree, "cat-file": _manifest, "ls-files": _listing, "--batch": _blobs}
FALLS_BACK = {"check-ignore": (_ignored, []), "archive": (_archive, False), "HEAD": (_hook_git, "")}


@pytest.fixture
def hanging_git(tmp_path, monkeypatch):
    """A repository, and a ``git`` on PATH that waits for a child that sleeps when its arguments hold
    ``$CODELAKE_HANG_ON``."""
    repo = build_view_history(tmp_path / "repo")
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "git").write_text(f"""#!/bin/sh
for word in "$@"; do
  if [ "$word" = "$CODELAKE_HANG_ON" ]; then  # a child of its own holds the pipes too (a hook, a filter)
    echo $$ >> {fake / "hung"}; sleep {SLEEP} & echo $! >> {fake / "hung"}; wait; exit 0
  fi
done
exec {shutil.which("git")} "$@"
""")
    (fake / "git").chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake}:{os.environ['PATH']}")
    monkeypatch.setenv("CODELAKE_GIT_TIMEOUT", "1")
    yield repo.path, fake / "hung"
    os.environ.pop("CODELAKE_HANG_ON", None)


def _reaped(hung: Path) -> None:
    assert hung.exists(), "the fake git never hung: the case tests nothing"
    for pid in map(int, hung.read_text().split()):  # git and its child stopped, not left behind
        assert _stopped(pid)


def _stopped(pid: int) -> bool:
    """Gone, or a zombie its new parent has not reaped yet (git's child, orphaned once git was killed)."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as fh:
                if fh.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return True
        except FileNotFoundError:
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("word", sorted(FAILS))
def test_a_hanging_git_fails_the_call_naming_repository_and_command(hanging_git, monkeypatch, word):
    from pipeline.gitsafe import GitNoAnswer

    root, hung = hanging_git
    monkeypatch.setenv("CODELAKE_HANG_ON", "no such word" if word == "--batch" else word)  # _blobs sets it
    started = time.monotonic()
    command = "cat-file" if word == "--batch" else word
    with pytest.raises(GitNoAnswer, match=f"{root}: git {command} gave no answer within 1 s"):
        FAILS[word](root)
    assert time.monotonic() - started < SLEEP / 2
    _reaped(hung)


@pytest.mark.parametrize("word", sorted(FALLS_BACK))
def test_a_hanging_git_costs_a_check_only_its_answer(hanging_git, monkeypatch, word):
    root, hung = hanging_git
    monkeypatch.setenv("CODELAKE_HANG_ON", word)
    call, fallback = FALLS_BACK[word]
    started = time.monotonic()
    assert call(root) == fallback
    assert time.monotonic() - started < SLEEP / 2
    _reaped(hung)


def test_a_git_that_answers_gives_the_same_answers(tmp_path):
    # precision: bounded calls answer as before where git answers
    repo = build_view_history(tmp_path / "repo")
    assert _facts(repo.path)["head"] == repo.head()
    assert [c.path for c in _tree(repo.path)] == ["a.py", "lib/b.py", "lib/c.py", "new1.txt", "new2.txt"]
    assert _manifest(repo.path).startswith("value_")
    assert _ignored(repo.path) == [] and _archive(repo.path) is True
    assert _hook_git(repo.path) == repo.head()
    assert len(_listing(repo.path)) == 5
