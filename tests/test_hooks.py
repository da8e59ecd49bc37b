"""Agent hooks as the agents run them: real `codelake hook` subprocesses fed the agents' own event JSON, against a
fixture repository indexed for real, with the detached workers doing real updates."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from pipeline.hooks import background, codex

FILES = {
    "pkg/__init__.py": "",
    "pkg/core.py": "def load():\n    return 1\n\n\nclass Store:\n    def load(self):\n        return load()\n",
    "pkg/app.py": "from pkg.core import Store\n\n\ndef main():\n    return Store().load()\n",
}
TIMEOUT = 120  # generous: these are correctness tests, speed is measured by `make bench`


def _has(module: str) -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


needs_exports = pytest.mark.skipif(not _has("pipeline.exports.export"), reason="the exporter is not merged yet")


def cli(lake, *args, cwd=None):
    out = subprocess.run([sys.executable, "-m", "pipeline.cli.main", *args, "--lake", str(lake)], capture_output=True,
                         text=True, cwd=cwd, timeout=TIMEOUT)
    assert out.returncode == 0, out.stderr
    return out.stdout


def hook(agent: str, event, lake, cwd, env=None, raw: bytes | None = None):
    """One hook run exactly as the agent does it: event JSON on stdin, the hook's stdout and exit code back."""
    data = raw if raw is not None else json.dumps(event).encode()
    proc = subprocess.run([sys.executable, "-m", "pipeline.cli.main", "hook", agent, "--lake", str(lake)],
                          input=data, capture_output=True, cwd=cwd, timeout=TIMEOUT,
                          env={**os.environ, **(env or {})})
    assert proc.returncode == 0
    assert proc.stderr == b"", proc.stderr
    out = proc.stdout.decode()
    if out.strip():
        parsed = json.loads(out)  # valid JSON, nothing else on stdout
        assert len(out) < 10_000
        return parsed
    return None


def wait_idle(lake, repo: str = "demo", timeout: float = TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        queued = background.queued(str(lake), repo)
        if not queued and not any(background.busy(str(lake), repo, job) for job in background.JOBS):
            return
        time.sleep(0.1)
    raise AssertionError(f"background jobs still running after {timeout}s: {queued}")


def indexed_paths(lake) -> set[str]:
    out = cli(lake, "sql", "SELECT path FROM files WHERE repo = 'demo'", "--format", "json")
    return {row["path"] for row in json.loads(out)}


@pytest.fixture
def demo(tmp_path):
    from tests.conftest import git

    root = tmp_path / "demo"
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "init")
    lake = tmp_path / "lake"
    if _has("pipeline.exports.export"):  # the exporter reads every extractor's tables (and derived ones)
        cli(lake, "index", str(root), "--repo", "demo")
        cli(lake, "export")
    else:
        cli(lake, "index", str(root), "--repo", "demo", "--extractors", "structure,git")
    return lake, root


def claude_event(name: str, root: Path, **extra) -> dict:
    return {"session_id": "s-1", "transcript_path": str(root.parent / "transcript.jsonl"), "cwd": str(root),
            "hook_event_name": name, "permission_mode": "default", **extra}


def codex_event(name: str, root: Path, **extra) -> dict:
    return {"session_id": "t-1", "turn_id": "turn-1", "transcript_path": None, "cwd": str(root),
            "hook_event_name": name, "model": "gpt-5", "permission_mode": "default", **extra}


# -- replayed sessions ----------------------------------------------------------------------------------------
@needs_exports
def test_replayed_claude_code_session(demo):
    lake, root = demo
    core = str(root / "pkg" / "core.py")
    start = hook("claude-code", claude_event("SessionStart", root, source="startup"), lake, root)
    assert start["hookSpecificOutput"]["hookEventName"] == "SessionStart"
    assert start["hookSpecificOutput"]["additionalContext"].strip()
    read = {"tool_name": "Read", "tool_input": {"file_path": core}, "tool_use_id": "toolu_1"}
    first = hook("claude-code", claude_event("PreToolUse", root, **read), lake, root)
    snippet = first["hookSpecificOutput"]["additionalContext"]
    assert first["hookSpecificOutput"]["hookEventName"] == "PreToolUse" and "core.py" in snippet
    assert "brand_new_helper" not in snippet
    Path(core).write_text(Path(core).read_text() + "\n\ndef brand_new_helper():\n    return load()\n")
    edit = {"tool_name": "Edit", "tool_input": {"file_path": core, "old_string": "x", "new_string": "y"},
            "tool_response": {"filePath": core, "success": True}, "tool_use_id": "toolu_2"}
    assert hook("claude-code", claude_event("PostToolUse", root, **edit), lake, root) is None
    wait_idle(lake)
    second = hook("claude-code", claude_event("PreToolUse", root, **{**read, "tool_use_id": "toolu_3"}), lake, root)
    assert "brand_new_helper" in second["hookSpecificOutput"]["additionalContext"]


@needs_exports
def test_replayed_codex_session(demo):
    lake, root = demo
    start = hook("codex", codex_event("SessionStart", root, source="startup"), lake, root)
    assert start["hookSpecificOutput"]["additionalContext"].strip()
    read = {"tool_name": "Bash", "tool_input": {"command": "sed -n '1,80p' pkg/core.py"}, "tool_use_id": "c1"}
    first = hook("codex", codex_event("PreToolUse", root, **read), lake, root)
    assert "core.py" in first["hookSpecificOutput"]["additionalContext"]
    patch = ("*** Begin Patch\n*** Update File: pkg/core.py\n@@\n-def load():\n+def load_all():\n*** End Patch\n")
    core = root / "pkg" / "core.py"
    core.write_text(core.read_text().replace("def load():", "def load_all():"))
    post = {"tool_name": "apply_patch", "tool_input": {"command": patch}, "tool_response": "Success", "tool_use_id": "c2"}
    assert hook("codex", codex_event("PostToolUse", root, **post), lake, root) is None
    wait_idle(lake)
    second = hook("codex", codex_event("PreToolUse", root, **{**read, "tool_use_id": "c3"}), lake, root)
    assert "load_all" in second["hookSpecificOutput"]["additionalContext"]


def test_post_edit_reindexes_the_file_in_the_background(demo):
    lake, root = demo
    (root / "pkg" / "extra.py").write_text("from pkg.core import load\n\n\ndef again():\n    return load()\n")
    event = claude_event("PostToolUse", root, tool_name="Write",
                         tool_input={"file_path": str(root / "pkg" / "extra.py"), "content": "..."})
    assert hook("claude-code", event, lake, root) is None
    wait_idle(lake)
    assert "pkg/extra.py" in indexed_paths(lake)
    callers = cli(lake, "callers", "pkg/core.py::load", "--format", "json")
    assert "pkg/extra.py::again" in callers


def test_session_end_ingests_the_sessions_own_transcript(demo):
    lake, root = demo
    transcript = root.parent / "transcript.jsonl"
    lines = [
        {"type": "assistant", "sessionId": "s-1", "uuid": "a1", "parentUuid": None, "timestamp": "2026-05-01T10:00:00Z",
         "cwd": str(root), "gitBranch": "main", "version": "2.1.40", "isSidechain": False,
         "message": {"id": "m1", "role": "assistant", "content": [
             {"type": "tool_use", "id": "toolu_9", "name": "Edit",
              "input": {"file_path": str(root / "pkg" / "app.py"), "old_string": "a", "new_string": "b"}}]}},
        {"type": "user", "sessionId": "s-1", "uuid": "u1", "parentUuid": "a1", "timestamp": "2026-05-01T10:00:01Z",
         "cwd": str(root), "isSidechain": False,
         "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_9", "content": "ok"}]}},
    ]
    transcript.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert hook("claude-code", claude_event("SessionEnd", root, reason="prompt_input_exit"), lake, root) is None
    wait_idle(lake)
    out = cli(lake, "sql", "SELECT session_id, op, path FROM tool_calls", "--format", "json")
    assert json.loads(out) == [{"session_id": "s-1", "op": "edit", "path": "pkg/app.py"}]


# -- failure cases ------------------------------------------------------------------------------------------------
EVENTS = [
    ("claude-code", "SessionStart", {"source": "startup"}),
    ("claude-code", "PreToolUse", {"tool_name": "Read", "tool_input": {"file_path": "pkg/core.py"}}),
    ("claude-code", "PostToolUse", {"tool_name": "Edit", "tool_input": {"file_path": "pkg/core.py"}}),
    ("claude-code", "Stop", {"stop_hook_active": False}),
    ("codex", "PreToolUse", {"tool_name": "Bash", "tool_input": {"command": "cat pkg/core.py"}}),
    ("codex", "PostToolUse", {"tool_name": "apply_patch",
                              "tool_input": {"command": "*** Begin Patch\n*** Update File: pkg/core.py\n*** End Patch"}}),
]


@pytest.mark.parametrize("agent,name,extra", EVENTS, ids=[f"{a}-{n}" for a, n, _ in EVENTS])
def test_no_lake_is_silence(tmp_path, make_repo, agent, name, extra):
    root = make_repo(files=FILES)
    event = (claude_event if agent == "claude-code" else codex_event)(name, root, **extra)
    assert hook(agent, event, tmp_path / "no-lake-here", root) is None
    assert not (tmp_path / "no-lake-here").exists()  # and nothing was created


@pytest.mark.parametrize("raw", [b"", b"not json", b"[1, 2]", b'{"hook_event_name": 7}', b"\xff\xfe\x00garbage",
                                 b'{"hook_event_name": "PreToolUse", "tool_name": "Read", "tool_input": "x"}',
                                 b"[" * 100_000, b'{"a": "' + b"x" * (17 << 20) + b'"}'],
                         ids=["empty", "text", "list", "bad-name", "binary", "bad-input", "deep", "huge"])
def test_malformed_stdin_is_silence(demo, raw):
    lake, root = demo
    assert hook("claude-code", None, lake, root, raw=raw) is None


def test_unknown_events_agents_and_tools_are_silence(demo):
    lake, root = demo
    assert hook("claude-code", claude_event("Notification", root, message="hi"), lake, root) is None
    assert hook("claude-code", claude_event("PreToolUse", root, tool_name="WebFetch",
                                            tool_input={"url": "https://example.com"}), lake, root) is None
    assert hook("cursor", claude_event("SessionStart", root), lake, root) is None
    assert hook("codex", codex_event("PermissionRequest", root, tool_name="Bash"), lake, root) is None


def test_files_outside_the_repository_get_nothing(demo, tmp_path):
    lake, root = demo
    outside = tmp_path / "elsewhere.py"
    outside.write_text("def load():\n    return 2\n")
    for path in (str(outside), "/etc/passwd", str(root / ".." / "elsewhere.py"), str(root / "pkg" / "nope.py")):
        event = claude_event("PreToolUse", root, tool_name="Read", tool_input={"file_path": path})
        assert hook("claude-code", event, lake, root) is None
    event = claude_event("PostToolUse", root, tool_name="Write", tool_input={"file_path": str(outside)})
    assert hook("claude-code", event, lake, root) is None
    assert background.queued(str(lake), "demo") == set()


def test_a_huge_file_costs_only_itself(demo):
    lake, root = demo
    huge = root / "pkg" / "huge.py"
    huge.write_text("x = 1\n" * 1_000_000)  # 6 MB
    read = claude_event("PreToolUse", root, tool_name="Read", tool_input={"file_path": str(huge)})
    assert hook("claude-code", read, lake, root) is None
    write = claude_event("PostToolUse", root, tool_name="Write", tool_input={"file_path": str(huge)})
    assert hook("claude-code", write, lake, root) is None
    wait_idle(lake)
    out = cli(lake, "sql", "SELECT parse_status FROM files WHERE path = 'pkg/huge.py'", "--format", "json")
    assert json.loads(out) == [{"parse_status": "skipped"}]  # recorded as a skip, the rest of the lake intact
    assert {"pkg/core.py", "pkg/app.py"} <= indexed_paths(lake)


def test_ten_hooks_at_once_lose_no_edit(demo):
    lake, root = demo
    events = []
    for i in range(10):
        path = root / "pkg" / f"mod{i}.py"
        path.write_text(f"from pkg.core import load\n\n\ndef use{i}():\n    return load()\n")
        events.append(claude_event("PostToolUse", root, tool_name="Write", tool_input={"file_path": str(path)}))
    with ThreadPoolExecutor(10) as pool:
        results = list(pool.map(lambda e: hook("claude-code", e, lake, root), events))
    assert results == [None] * 10
    wait_idle(lake)
    assert {f"pkg/mod{i}.py" for i in range(10)} <= indexed_paths(lake)


def test_a_locked_lake_does_not_hold_the_agent(demo):
    from pipeline.lake import Lake

    lake, root = demo
    (root / "pkg" / "late.py").write_text("def late():\n    return 0\n")
    write = claude_event("PostToolUse", root, tool_name="Write", tool_input={"file_path": str(root / "pkg/late.py")})
    read = claude_event("PreToolUse", root, tool_name="Read", tool_input={"file_path": str(root / "pkg/core.py")})
    with Lake(lake).lock("demo"):  # a long index holds the repository's writer lock
        assert hook("claude-code", write, lake, root) is None
        hook("claude-code", read, lake, root, env={"CODELAKE_HOOK_WAIT": "0.5"})  # answers while the lock is held
        hook("claude-code", claude_event("SessionStart", root, source="resume"), lake, root)
        assert "pkg/late.py" not in indexed_paths(lake)
    wait_idle(lake)  # the worker waited for the lock, then did its job
    assert "pkg/late.py" in indexed_paths(lake)


def test_an_update_queued_behind_a_writer_is_not_exported_stale(demo):
    """The worker waits for another writer as long as CODELAKE_LOCK_TIMEOUT; past it the edit is queued for that
    writer, and the worker does not re-export the old rows as if they were the edit's."""
    from pipeline.lake import Lake

    lake, root = demo
    (root / "pkg" / "queued.py").write_text("def queued():\n    return 0\n")
    write = claude_event("PostToolUse", root, tool_name="Write", tool_input={"file_path": str(root / "pkg/queued.py")})
    with Lake(lake).lock("demo"):
        assert hook("claude-code", write, lake, root, env={"CODELAKE_LOCK_TIMEOUT": "0.3"}) is None
        wait_idle(lake)
        log = (Path(background.state_dir(str(lake))) / background.LOG_NAME).read_text()
        assert "queued 1 file(s) behind another writer" in log
        assert not (lake / "_exports" / "demo" / "snippets" / "pkg" / "queued.py.json").exists()
    cli(lake, "index", str(root), "--extractors", "structure")  # the next writer applies the queued update
    assert "pkg/queued.py" in indexed_paths(lake)


def test_the_hook_budget_bounds_a_wait(demo):
    import fcntl

    lake, root = demo
    background.enqueue(str(lake), "demo", ["pkg/core.py"])
    lock = open(os.path.join(background.state_dir(str(lake)), "demo.refresh.lock"), "a+")
    fcntl.flock(lock.fileno(), fcntl.LOCK_EX)  # a refresh worker that never finishes
    try:
        read = claude_event("PreToolUse", root, tool_name="Read", tool_input={"file_path": str(root / "pkg/core.py")})
        started = time.monotonic()
        hook("claude-code", read, lake, root, env={"CODELAKE_HOOK_WAIT": "60", "CODELAKE_HOOK_BUDGET": "1"})
        assert time.monotonic() - started < 30  # the budget cut the 60 s wait short
    finally:
        lock.close()
        os.unlink(os.path.join(background.state_dir(str(lake)), "demo.pending"))


def test_a_corrupt_parquet_file_gives_silence_not_a_trace(demo):
    lake, root = demo
    for path in Path(lake).glob("_versions/demo/*.parquet"):
        path.write_bytes(b"PAR1 garbage")
    for agent, name, extra in EVENTS:
        event = (claude_event if agent == "claude-code" else codex_event)(name, root, **extra)
        hook(agent, event, lake, root)  # exit 0, nothing on stderr, stdout empty or valid JSON
    wait_idle(lake)
    log = Path(background.state_dir(str(lake))) / background.LOG_NAME
    assert "failed" in log.read_text()  # the worker said what went wrong, in its log


def test_the_read_path_imports_no_heavy_library(demo):
    lake, root = demo
    event = claude_event("PreToolUse", root, tool_name="Read", tool_input={"file_path": str(root / "pkg/core.py")})
    code = ("import io, sys, json; from pipeline.cli.main import main; "
            f"sys.stdin = io.TextIOWrapper(io.BytesIO({json.dumps(event).encode()!r})); "
            f"main(['hook', 'claude-code', '--lake', {str(lake)!r}]); "
            "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('duckdb', 'pyarrow', 'prefect', 'pandas')); "
            "sys.stderr.write(repr(heavy))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, timeout=TIMEOUT)
    assert proc.returncode == 0 and proc.stderr == "[]"


# -- the warm refresh worker --------------------------------------------------------------------------------------
def _edges(lake, repo: str) -> list:
    from pipeline.lake import Lake

    cols = ["src_id", "dst_id", "dst_name", "kind", "path", "line", "resolution", "ref_form", "confidence"]
    t = Lake(lake).read_table(repo, "edges").select(cols)
    return sorted(map(tuple, zip(*t.to_pydict().values())), key=repr)


def _stop_worker(lake, repo: str = "demo") -> None:
    """Stop the warm worker once its batch is over, its export too (killed in the middle, its batch stays queued for
    the next worker, by design: ``codelake update`` returns before the export)."""
    import signal

    deadline = time.monotonic() + TIMEOUT
    while background.queued(str(lake), repo) and time.monotonic() < deadline:
        time.sleep(0.05)
    entry = background.warm_entry(str(lake), repo)
    if entry is not None:
        try:
            os.kill(entry[0], signal.SIGTERM)
        except OSError:
            pass
    wait_idle(lake, repo)


def test_update_hands_its_files_to_a_warm_worker(demo, tmp_path, monkeypatch):
    """`update --warm` starts a refresh worker that stays for the next edit; the next `update` (no flag) is done by
    that same process, and the lake it leaves equals a fresh full index of the checkout."""
    lake, root = demo
    monkeypatch.setenv("CODELAKE_WORKER_LINGER", "30")
    try:
        (root / "pkg" / "one.py").write_text("from pkg.core import load\n\n\ndef one():\n    return load()\n")
        assert " ok " in cli(lake, "update", str(root), "pkg/one.py", "--warm")
        assert background.warm_worker(str(lake), "demo", str(root))
        worker = background.warm_entry(str(lake), "demo")
        (root / "pkg" / "two.py").write_text("from pkg.core import Store\n\n\ndef two():\n    return Store().load()\n")
        (root / "pkg" / "core.py").write_text("# moved down\n" + FILES["pkg/core.py"])
        assert " ok " in cli(lake, "update", str(root), "pkg/two.py", "pkg/core.py")
        assert worker is not None and background.warm_entry(str(lake), "demo") == worker  # the same process did it
        records = (Path(background.state_dir(str(lake))) / "demo.refreshed").read_text().splitlines()
        assert [sorted(json.loads(r)["files"]) for r in records] == [["pkg/one.py"], ["pkg/core.py", "pkg/two.py"]]
        assert "pkg/two.py::two" in cli(lake, "callers", "pkg/core.py::Store.load", "--format", "json")
    finally:
        _stop_worker(lake)
    full = tmp_path / "full"
    cli(full, "index", str(root), "--repo", "demo", "--extractors", "structure")
    assert _edges(lake, "demo") == _edges(full, "demo")


@needs_exports
def test_the_export_child_exports_before_the_worker_collects_the_updates_garbage(demo, monkeypatch):
    """A warm worker's batch: the update is recorded, then its export child is asked to export at once; the full
    collection of the update's reference cycles comes after (run in between, it delayed the export by its own time
    and had the worker copy each page of garbage it wrote, the child holding the originals). The child still
    exports the edit, and the worker's next read ahead starts from a collected heap."""
    import argparse
    import gc
    import signal

    from pipeline.hooks import worker
    from pipeline.lake import Lake

    lake, root = demo
    events = []
    real_record, real_run, real_prefetch = background.record_refresh, worker.ExportChild.run, worker._prefetch

    def collected(phase, info):
        if phase == "start" and info["generation"] == 2:
            events.append("collect")

    monkeypatch.setattr(background, "record_refresh", lambda *a: (events.append("record"), real_record(*a))[1])
    monkeypatch.setattr(worker.ExportChild, "run", lambda self, files: (events.append("export"), real_run(self, files))[1])
    monkeypatch.setattr(worker, "_prefetch", lambda *a: (events.append("prefetch"), real_prefetch(*a))[1])
    (root / "pkg" / "core.py").write_text(FILES["pkg/core.py"] + "\n\ndef fresh():\n    return load()\n")
    background.enqueue(str(lake), "demo", ["pkg/core.py"])
    args = argparse.Namespace(lake=str(lake), repo="demo", root=str(root), job="refresh")
    gc.callbacks.append(collected)
    try:
        worker._refresh_queue(Lake(lake), args, 600)
    finally:
        gc.callbacks.remove(collected)
        signal.alarm(0)
    after = events[events.index("record"):]
    assert after[:2] == ["record", "export"] and after[-2:] == ["collect", "prefetch"], events
    snippet = json.loads((Path(lake) / "_exports" / "demo" / "snippets" / "pkg" / "core.py.json").read_text())
    assert "fresh" in snippet["text"]
    assert not background.queued(str(lake), "demo")


def test_an_update_the_warm_worker_could_not_do_is_an_error(demo, monkeypatch):
    lake, root = demo
    monkeypatch.setenv("CODELAKE_WORKER_LINGER", "30")
    try:
        (root / "pkg" / "one.py").write_text("def one():\n    return 1\n")
        cli(lake, "update", str(root), "pkg/one.py", "--warm")
        for path in Path(lake).glob("_versions/demo/symbols-*.parquet"):
            path.write_bytes(b"PAR1 garbage")  # the worker's next update cannot read the lake
        (root / "pkg" / "one.py").write_text("def one():\n    return 2\n")
        out = subprocess.run([sys.executable, "-m", "pipeline.cli.main", "update", str(root), "pkg/one.py",
                              "--lake", str(lake)], capture_output=True, text=True, timeout=TIMEOUT)
        assert out.returncode == 1
        assert "refresh worker's update of pkg/one.py failed" in out.stderr and "damaged" in out.stderr
        assert len(out.stderr.strip().splitlines()) == 1
    finally:
        _stop_worker(lake)


def test_update_without_a_warm_worker_of_this_checkout_runs_itself(demo, tmp_path):
    lake, root = demo
    other = tmp_path / "elsewhere"
    other.mkdir()
    background.announce_warm(str(lake), "demo", str(other))  # a warm worker of another checkout of "demo"
    assert not background.warm_worker(str(lake), "demo", str(root))
    assert not background.warm_worker(str(lake), "demo", str(other))  # nor a live one: nothing holds the job lock
    (root / "pkg" / "three.py").write_text("def three():\n    return 3\n")
    assert " ok " in cli(lake, "update", str(root), "pkg/three.py")
    assert "pkg/three.py" in indexed_paths(lake)
    assert not (Path(background.state_dir(str(lake))) / "demo.refreshed").exists()  # no worker was asked


def test_a_killed_workers_batch_is_taken_again(tmp_path):
    lake = str(tmp_path / "lake")
    background.enqueue(lake, "demo", ["a.py"])
    assert background.take_batch(lake, "demo")[1] == ["a.py"]  # then the worker is killed: a.py stays in flight
    background.enqueue(lake, "demo", ["b.py"])
    taken, files = background.take_batch(lake, "demo")
    assert taken is not None and files == ["a.py", "b.py"]
    assert background.queued(lake, "demo") == {"a.py", "b.py"}  # still shown as queued until the batch is done
    background.batch_done(lake, "demo")
    assert background.take_batch(lake, "demo") == (None, [])
    assert background.queued(lake, "demo") == set()


def test_an_edit_queued_while_a_worker_takes_the_queue_is_not_lost(tmp_path, monkeypatch):
    """A hook opens the queue, a worker takes it (renames it away, reads it, finishes the batch), then the hook's
    write lands: in the taken batch, already read. The edit must still be queued (ten hooks at once lost one so)."""
    lake = str(tmp_path / "lake")
    background.enqueue(lake, "demo", ["early.py"])
    real_write, interleaved = os.write, []

    def worker_between_open_and_write(fd, data):
        if not interleaved:  # the worker's whole batch runs between the hook's open and its write
            interleaved.append(background.take_batch(lake, "demo")[1])
            background.batch_done(lake, "demo")
        return real_write(fd, data)

    monkeypatch.setattr(background.os, "write", worker_between_open_and_write)
    background.enqueue(lake, "demo", ["late.py"])
    monkeypatch.undo()
    assert interleaved == [["early.py"]]
    assert background.queued(lake, "demo") == {"late.py"}
    assert background.take_batch(lake, "demo")[1] == ["late.py"]


# -- the adapters -------------------------------------------------------------------------------------------------
def test_codex_patch_headers_give_every_path():
    patch = ("*** Begin Patch\n*** Add File: docs/new.md\n+hello\n*** Update File: src/a.py\n*** Move to: src/b.py\n"
             "@@\n-x\n+y\n*** Delete File: old.py\n*** End Patch\n")
    assert codex.patch_paths(patch) == [("Add", "docs/new.md"), ("Update", "src/a.py"), ("Move", "src/b.py"),
                                        ("Delete", "old.py")]
    event = codex.parse({"hook_event_name": "PostToolUse", "cwd": "/w/repo/sub", "tool_name": "apply_patch",
                         "tool_input": {"command": patch}}, "/")
    assert event.kind == "after_edit"
    assert event.paths == ("/w/repo/sub/docs/new.md", "/w/repo/sub/src/a.py", "/w/repo/sub/src/b.py",
                           "/w/repo/sub/old.py")
    before = codex.parse({"hook_event_name": "PreToolUse", "cwd": "/w", "tool_name": "apply_patch",
                          "tool_input": {"command": patch}}, "/")
    assert before.paths == ("/w/src/a.py", "/w/old.py")  # files that exist before the patch


@pytest.mark.parametrize("command,paths", [
    ("cat src/a.py", ["src/a.py"]),
    ("sed -n '1,120p' src/a.py", ["src/a.py"]),
    ("bash -lc 'nl -ba src/a.py | head -50'", ["src/a.py"]),
    ("rg -n 'def load' src/a.py src/b.py", ["src/a.py", "src/b.py"]),
    ("cd src && cat *.py", []),
    ("python -m pytest", []),
    ("cat $HOME/x", []),
])
def test_codex_reads_are_read_off_shell_commands(command, paths):
    assert codex.read_paths(command) == paths


def test_an_event_on_a_pipe_left_open_is_answered_without_waiting_for_its_end(demo):
    """A wrapper that writes the event and keeps stdin open: the hook answers once the JSON is whole, well inside a
    budget made long enough (60 s) that waiting for the end of input would show."""
    lake, root = demo
    read = claude_event("PreToolUse", root, tool_name="Read", tool_input={"file_path": str(root / "pkg/core.py")})
    proc = subprocess.Popen([sys.executable, "-m", "pipeline.cli.main", "hook", "claude-code", "--lake", str(lake)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=root,
                            env={**os.environ, "CODELAKE_HOOK_BUDGET": "60"})
    try:
        proc.stdin.write(json.dumps(read).encode())
        proc.stdin.flush()
        assert proc.wait(timeout=30) == 0  # stdin still open
        out = proc.stdout.read().decode()
        assert proc.stderr.read() == b""
        if _has("pipeline.exports.export"):
            assert "load" in json.loads(out)["hookSpecificOutput"]["additionalContext"]
    finally:
        proc.kill()
        proc.stdin.close()
        proc.stdout.close()
        proc.stderr.close()
