"""Shared fixtures: a fresh lake per test and a helper that indexes a folder with the real structure extractor."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"

# Never read the developer's real agent logs from tests.
os.environ.setdefault("CLAUDE_CONFIG_DIR", "/nonexistent/codelake-tests/claude")
os.environ.setdefault("CODEX_HOME", "/nonexistent/codelake-tests/codex")
# Tests wait for the hooks' workers to end: a refresh worker leaves at once instead of staying warm for the next
# edit (the tests of the warm worker set their own linger).
os.environ.setdefault("CODELAKE_WORKER_LINGER", "0")
# An update builds the walk index in its own process, not a detached one that could outlive the test's folder
# (tests/test_walk_index.py tests the detached build).
os.environ.setdefault("CODELAKE_WALK_INDEX", "sync")


@pytest.fixture
def fresh_queries(monkeypatch):
    """Each test a fresh process's queries: none compiled, none narrowed (a test file asks for it with
    ``pytestmark = pytest.mark.usefixtures("fresh_queries")``)."""
    from extractors.structure import ahead, parse

    for name in ("_PARSERS", "_QUERIES", "_PATTERN_ROLES", "_NARROWED", "_HELPERS"):
        monkeypatch.setattr(parse, name, {})
    monkeypatch.setattr(ahead, "_narrowed", set())


@pytest.fixture
def warm_process():
    """This process keeps what it reads of the lake from run to run, as the warm refresh worker does."""
    from pipeline.shards import keep_read_files

    yield keep_read_files(256 << 20)
    keep_read_files(None)


@pytest.fixture
def lake(tmp_path):
    from pipeline.lake import Lake

    return Lake(tmp_path / "lake")


def git(cwd: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "ada@example.com",
           "GIT_COMMITTER_NAME": "Ada", "GIT_COMMITTER_EMAIL": "ada@example.com",
           "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z"}
    return subprocess.run(["git", "-C", str(cwd), *args], check=True, capture_output=True, text=True, env=env).stdout


@pytest.fixture
def make_repo(tmp_path):
    """Copy a fixture folder (or nothing) into a new git repository with one commit."""

    def make(fixture: str | None = None, name: str = "repo", files: dict[str, str] | None = None) -> Path:
        root = tmp_path / name
        if fixture:
            shutil.copytree(FIXTURES / fixture, root, ignore=shutil.ignore_patterns("expected.json"))
        root.mkdir(exist_ok=True)
        for rel, text in (files or {}).items():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(text)
        git(root, "init", "-q", "-b", "main")
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", "init", "--allow-empty")
        return root

    return make


def index_structure(lake, root: Path, repo: str = "repo", **options):
    from extractors.structure import StructureExtractor

    return lake.run_extractor(repo, StructureExtractor(), root, options=options)


def reads_around_take(monkeypatch, noted) -> list[tuple]:
    """The lake's reads during an update, each as ``noted(table, kwargs)`` makes it (None: not kept), and
    ``("take",)`` where the main process takes the parse-ahead child's facts: what it reads before and after."""
    from extractors.structure import ahead
    from pipeline.lake import Lake

    events: list[tuple] = []
    read_table, take = Lake.read_table, ahead.ParsedAhead.take

    def reading(self, repo, table, *args, **kwargs):
        event = noted(table, kwargs)
        if event is not None:
            events.append(event)
        return read_table(self, repo, table, *args, **kwargs)

    def taking(self, *args, **kwargs):
        events.append(("take",))
        return take(self, *args, **kwargs)

    monkeypatch.setattr(Lake, "read_table", reading)
    monkeypatch.setattr(ahead.ParsedAhead, "take", taking)
    return events


def structure_catalog(folder: Path, files: dict[str, str]):
    """A catalog over a lake holding ``files`` (relative path -> text) written under ``folder/repo``, indexed by the
    structure extractor."""
    from pipeline.catalog import connect
    from pipeline.lake import Lake

    root = folder / "repo"
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    lake = Lake(folder / "lake")
    index_structure(lake, root)
    return connect(lake)


@pytest.fixture(scope="session")
def prefect_harness():
    """One temporary Prefect API server for the whole session (about 8 s once, then ~1 s per flow run)."""
    os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
    os.environ.setdefault("DO_NOT_TRACK", "1")
    os.environ.setdefault("CODELAKE_RETRY_DELAY", "0.5")  # transient-failure backoff in tests: 0.5, 1, 2 s
    from prefect.testing.utilities import prefect_test_harness

    with prefect_test_harness(server_startup_timeout=90):
        yield


# a one-shot ``codelake update`` through the command line's own ``main()`` (the whole-process path, its parse-ahead
# child): each first import of a module named in $WATCHED and each dataclass made, written down with its process
WATCHED_UPDATE = """
import dataclasses, os, sys
WATCHED = set(os.environ["WATCHED"].split(","))

def note(what):
    with open(os.environ["WATCH_FILE"], "a") as out:
        out.write(f"{os.getpid()} {what}\\n")

class Watch:
    def find_spec(self, name, path=None, target=None):
        if name in WATCHED:
            note(name)
        return None

made = dataclasses._process_class
def process_class(cls, *args, **kwargs):
    note("dataclass:" + cls.__qualname__)
    return made(cls, *args, **kwargs)

dataclasses._process_class = process_class
sys.meta_path.insert(0, Watch())
note("main")
from pipeline.cli.main import main
sys.argv = ["codelake", *sys.argv[1:]]
sys.exit(main())
"""


def watched_update(lake, root: Path, rel: str, watch: Path, watched: set[str]) -> dict[str, set[str]]:
    """``codelake update`` of ``rel`` in its own process: what the main process ("main") and its children
    ("others") imported of ``watched``, and the dataclasses each made (``dataclass:<qualname>``)."""
    import json
    import sys

    watch.unlink(missing_ok=True)
    env = {**os.environ, "WATCH_FILE": str(watch), "WATCHED": ",".join(sorted(watched)),
           "CODELAKE_UPDATE_WORKER": "off", "CODELAKE_DUCKDB_REFRESH": "off", "CODELAKE_WALK_INDEX": "off"}
    proc = subprocess.run([sys.executable, "-c", WATCHED_UPDATE, "update", str(root), rel, "--repo", "repo",
                           "--lake", str(lake.root), "--format", "json"], capture_output=True, text=True, env=env,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)[0]["status"] == "ok"
    lines = [line.split() for line in watch.read_text().splitlines()]
    main_pid = next(pid for pid, what in lines if what == "main")
    return {"main": {what for pid, what in lines if pid == main_pid and what != "main"},
            "others": {what for pid, what in lines if pid != main_pid}}
