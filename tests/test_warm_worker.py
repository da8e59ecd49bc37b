"""The warm refresh worker between edits, as real processes: the parse child it forks while it idles (taken by the
next edit, replaced after it, and never the loss of a batch when it died or hung before), and the git facts it
answers again without git (an ignored file stays ignored, a commit is seen). A real git repository in a temporary
folder, the worker started by `codelake update --warm`, the edits handed to it as the CLI and the hooks do."""

from __future__ import annotations

import json
import os
import signal
import stat
import time
from pathlib import Path

import pytest

from pipeline.hooks import background
from tests.bench.bench_lake import _children
from tests.conftest import git
from tests.test_hooks import FILES, TIMEOUT, _stop_worker, cli, demo  # noqa: F401 - ``demo`` is a fixture

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the parse child is forked")


def _worker(lake) -> int:
    entry = background.warm_entry(str(lake), "demo")
    assert entry is not None, "no warm worker"
    return entry[0]


def _standby(lake, other_than: int | None = None) -> int:
    """The worker's parse child forked ahead once it idles (its batch over, the export too): its one child in its
    own session (an export child, a batch's or the one started ahead for the next, has a session of its own)."""
    worker, deadline = _worker(lake), time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        children = _same_session(worker)
        if len(children) == 1 and children[0] != other_than and not background.queued(str(lake), "demo"):
            return children[0]
        time.sleep(0.05)
    raise AssertionError(f"the worker has children {_children(worker)}, not one parse child forked ahead")


def _same_session(pid: int) -> list[int]:
    out = []
    for child in _children(pid):
        try:
            if os.getsid(child) == os.getsid(pid):
                out.append(child)
        except OSError:  # gone meanwhile
            pass
    return out


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except OSError:
        return True


def _file_row(lake, path: str) -> dict:
    from pipeline.lake import Lake

    table = Lake(lake).read_table("demo", "files", where=("path", [path]))
    rows = table.to_pylist() if table is not None else []
    return rows[0] if rows else {}


def _symbols(lake, path: str) -> set[str]:
    from pipeline.lake import Lake

    table = Lake(lake).read_table("demo", "symbols", columns=["path", "qualname"], where=("path", [path]))
    return set(table.column("qualname").to_pylist()) if table is not None else set()


def _start(lake, root: Path, monkeypatch) -> None:
    monkeypatch.setenv("CODELAKE_WORKER_LINGER", "60")
    (root / "pkg" / "one.py").write_text("def one():\n    return 1\n")
    assert " ok " in cli(lake, "update", str(root), "pkg/one.py", "--warm")


def _edit_core(root: Path, name: str) -> None:
    (root / "pkg" / "core.py").write_text(FILES["pkg/core.py"] + f"\n\ndef {name}():\n    return load()\n")


def test_the_parse_child_forked_ahead_parses_the_edit_and_is_replaced(demo, monkeypatch):
    lake, root = demo
    try:
        _start(lake, root, monkeypatch)
        ahead = _standby(lake)
        _edit_core(root, "fresh")
        assert " ok " in cli(lake, "update", str(root), "pkg/core.py")
        assert _gone(ahead)  # it took the edit and left; kept alive had it not been asked
        _standby(lake, other_than=ahead)  # a new one waits for the next edit
        assert "fresh" in _symbols(lake, "pkg/core.py")
        assert "fresh" not in _symbols(lake, "pkg/app.py")
        assert _file_row(lake, "pkg/core.py")["parse_status"] == "ok"
    finally:
        _stop_worker(lake)


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGSTOP], ids=["died", "hung"])
def test_a_parse_child_that_died_or_hung_before_the_edit_loses_nothing(demo, monkeypatch, how):
    """The edit's files are parsed by a fresh child, whole: not recorded as skipped ("parser crashed", "exceeded its
    time budget") for a child that failed before it was given them."""
    lake, root = demo
    try:
        _start(lake, root, monkeypatch)
        ahead = _standby(lake)
        os.kill(ahead, how)
        _edit_core(root, "after_" + ("kill" if how == signal.SIGKILL else "stop"))
        assert " ok " in cli(lake, "update", str(root), "pkg/core.py")
        row = _file_row(lake, "pkg/core.py")
        assert row["parse_status"] == "ok" and not row.get("skip_reason"), row
        assert "after_" + ("kill" if how == signal.SIGKILL else "stop") in _symbols(lake, "pkg/core.py")
        assert _gone(ahead)
        _standby(lake, other_than=ahead)
    finally:
        _stop_worker(lake)


@pytest.fixture
def git_log(tmp_path, monkeypatch):
    """A ``git`` first on PATH that logs each call (its caller's pid, its arguments) and runs the real one."""
    import shutil

    real = shutil.which("git")
    folder = tmp_path / "bin"
    folder.mkdir()
    log = tmp_path / "git.log"
    script = folder / "git"
    script.write_text(f'#!/bin/sh\necho "$PPID $*" >> "{log}"\nexec "{real}" "$@"\n')
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    return log


def _worker_git(log: Path, worker: int, since: int) -> list[str]:
    lines = log.read_text().splitlines()[since:] if log.exists() else []
    return [line.split(" ", 1)[1] for line in lines if line.split(" ", 1)[0] == str(worker)]


def _lines(log: Path) -> int:
    return len(log.read_text().splitlines()) if log.exists() else 0


def _handed(lake, root: Path, paths: list[str], status: str = "ok") -> dict:
    """Queue ``paths`` as a post-edit hook does (the CLI refuses an ignored file itself) and wait for the batch (its
    export too: a worker stopped in the middle of one keeps its batch queued for the next)."""
    outcome = background.hand_over(str(lake), "demo", paths, TIMEOUT)
    assert outcome is not None and outcome["status"] == status, outcome
    deadline = time.monotonic() + TIMEOUT
    while background.queued(str(lake), "demo") and time.monotonic() < deadline:
        time.sleep(0.05)
    return outcome


def test_an_ignored_file_stays_ignored_without_asking_git_again(demo, monkeypatch, git_log):
    lake, root = demo
    (root / ".gitignore").write_text("build/\n")
    git(root, "add", ".gitignore")
    git(root, "commit", "-q", "-m", "ignore build")
    try:
        _start(lake, root, monkeypatch)
        worker = _worker(lake)
        time.sleep(1.1)  # past the checkout's last writes (``repos.RACY_SECONDS``): answers may be kept from now
        _edit_core(root, "first")
        _handed(lake, root, ["pkg/core.py"])
        since = _lines(git_log)
        _edit_core(root, "second")
        _handed(lake, root, ["pkg/core.py"])
        assert _worker_git(git_log, worker, since) == []  # nothing changed that git would read: no git process
        assert "second" in _symbols(lake, "pkg/core.py")

        (root / "build").mkdir()
        (root / "build" / "gen.py").write_text("def generated():\n    return 1\n")
        _edit_core(root, "third")
        _handed(lake, root, ["pkg/core.py", "build/gen.py"])
        assert "third" in _symbols(lake, "pkg/core.py")
        assert _file_row(lake, "build/gen.py") == {} and _symbols(lake, "build/gen.py") == set()

        # a tracked file is never ignored; untracked, a rule names it: the answer kept for it must not stand
        git(root, "rm", "-q", "--cached", "pkg/app.py")
        (root / ".gitignore").write_text("build/\npkg/app.py\n")
        (root / "pkg" / "app.py").write_text(FILES["pkg/app.py"] + "\n\ndef added():\n    return 2\n")
        since = _lines(git_log)
        _handed(lake, root, ["pkg/app.py", "build/gen.py"], status="skipped")  # both ignored: nothing to update
        assert any(call.endswith("check-ignore -z --stdin") for call in _worker_git(git_log, worker, since))
        assert "added" not in _symbols(lake, "pkg/app.py")
        assert _file_row(lake, "build/gen.py") == {}
    finally:
        _stop_worker(lake)


def test_a_commit_between_two_edits_is_seen_in_the_repository_facts(demo, monkeypatch, git_log):
    from pipeline.lake import Lake

    lake, root = demo
    try:
        _start(lake, root, monkeypatch)
        worker = _worker(lake)
        time.sleep(1.1)
        _edit_core(root, "first")
        _handed(lake, root, ["pkg/core.py"])
        since = _lines(git_log)
        _edit_core(root, "second")
        _handed(lake, root, ["pkg/core.py"])
        assert not any("rev-parse" in call for call in _worker_git(git_log, worker, since))  # the facts kept
        before = Lake(lake).snapshot("demo").info["head"]
        assert before == git(root, "rev-parse", "HEAD").strip()

        git(root, "commit", "-q", "-am", "second")
        head = git(root, "rev-parse", "HEAD").strip()
        assert head != before
        _edit_core(root, "third")
        _handed(lake, root, ["pkg/core.py"])
        assert Lake(lake).snapshot("demo").info["head"] == head
        records = (Path(background.state_dir(str(lake))) / "demo.refreshed").read_text().splitlines()
        assert json.loads(records[-1])["status"] == "ok"
    finally:
        _stop_worker(lake)


def test_a_plain_folder_is_asked_once_and_a_repository_made_above_it_is_seen(tmp_path, git_log):
    """A folder outside any repository (the bench's site-packages) cost a warm worker three git processes an edit;
    its answer stands while no ``.git`` nor ``HEAD`` appears in it or above it."""
    from pipeline.repos import git_facts

    folder = tmp_path / "plain" / "src"
    folder.mkdir(parents=True)
    time.sleep(1.1)
    plain = {"bare": False, "work_tree": False, "toplevel": None, "head": None}
    assert git_facts(folder) == plain
    asked = _lines(git_log)
    assert git_facts(folder) == plain and _lines(git_log) == asked  # no git process the second time
    git(folder.parent, "init", "-q", "-b", "main")
    assert git_facts(folder)["toplevel"] == str(folder.parent)
    assert _lines(git_log) > asked + 1  # the init, and the facts asked again


def test_the_worker_imports_codelakes_modules_not_the_repositorys(demo, monkeypatch, tmp_path):
    """The worker runs in the repository's folder: a ``pyarrow.py`` or a ``pipeline`` package there is the
    repository's code, never to be run, nor to shadow what the worker imports (the bench's site-packages worker
    loaded that tree's pyarrow and DuckDB)."""
    lake, root = demo
    marker = tmp_path / "imported"
    trap = f"open({str(marker)!r}, 'w').close()\nraise ImportError('the repository\\'s own module')\n"
    (root / "pyarrow.py").write_text(trap)
    (root / "duckdb.py").write_text(trap)
    git(root, "add", "pyarrow.py", "duckdb.py")
    git(root, "commit", "-q", "-m", "modules named like codelake's")
    try:
        _start(lake, root, monkeypatch)
        _edit_core(root, "fresh")
        assert " ok " in cli(lake, "update", str(root), "pkg/core.py")
        assert "fresh" in _symbols(lake, "pkg/core.py")
        _standby(lake)  # the batch over, its export too (a worker stopped in the middle keeps it queued)
        assert not marker.exists()
    finally:
        _stop_worker(lake)
