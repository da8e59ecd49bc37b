"""Agent-log extractors on constructed Claude Code, Codex and agent_jsonl logs, through the real lake."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from extractors.agent_logs import AgentJsonlExtractor, ClaudeCodeExtractor, CodexExtractor
from extractors.agent_logs.paths import PathResolver
from extractors.agent_logs.shell import command_touches, patch_touches
from pipeline.lake import Lake
from tests.agent_log_fixtures import SECRET, copy_one, empty_homes, install_agent_logs

REPO = "r"
ROW = ("session_id", "call_id", "op", "path", "path_source", "confidence", "success")

# Every row the fixtures must give, per extractor (worked out by hand from tests/fixtures/agent_logs/).
EXPECTED_ROWS = {
    "claude_code": {
        ("s-main", "toolu_01", "read", "src/auth.py", "tool_input", 1.0, True),
        ("s-main", "toolu_02", "search", "src", "tool_input", 1.0, True),
        ("s-main", "toolu_03", "edit", "src/auth.py", "tool_input", 1.0, True),
        ("s-main", "toolu_04", "create", "src/session.py", "tool_input", 1.0, True),  # Write whose result says create
        ("s-main", "toolu_05", "read", "docs/notes.md", "shell_parse", 0.5, False),  # Bash: cat, is_error
        ("s-main", "toolu_06", None, None, None, None, True),  # Agent: kept, no path
        ("s-main", "toolu_07", "read", None, None, None, None),  # /etc/passwd: outside, no result yet
        ("s-main", "toolu_08", "edit", None, None, None, None),  # Windows path
        ("s-main/a1b2c3", "toolu_11", "read", "src/session.py", "tool_input", 1.0, True),
        ("s-main/a1b2c3", "toolu_12", "search", ".", "cwd", 1.0, True),  # Glob without path: the cwd
        ("s-main/a1b2c3", "toolu_13", "search", "tests", "tool_input", 1.0, True),
        ("s-old", "toolu_21", "list", "src", "tool_input", 1.0, True),  # LS
        ("s-old", "toolu_22", "edit", "src/db.py", "tool_input", 1.0, True),  # MultiEdit
        ("s-old", "toolu_23", None, None, None, None, True),  # Task
        ("s-old/sidechain", "toolu_24", "read", "src/db.py", "tool_input", 1.0, True),  # inline sidechain
        ("s-old/sidechain", "toolu_25", "read", "src/auth.py", "tool_input", 1.0, True),
        ("s-old", "toolu_26", "edit", "src/auth.py", "tool_input", 1.0, True),
        ("s-resumed", "toolu_31", "read", "src/util.py", "tool_input", 1.0, True),  # toolu_01 repeated: dropped
    },
    "codex": {
        ("c-1", "call_1", "read", "src/auth.py", "shell_parse", 0.5, True),  # bash -lc "sed -n ..."
        ("c-1", "call_2", "edit", "src/auth.py", "patch_header", 1.0, True),  # custom_tool_call apply_patch
        ("c-1", "call_2", "create", "src/tokens.py", "patch_header", 1.0, True),
        ("c-1", "call_3", "search", "src", "shell_parse", 0.5, None),  # local_shell_call rg
        ("c-1", "call_4", "read", "tests/test_auth.py", "shell_parse", 0.5, False),  # exec_command, exit 1
        ("c-1", "call_5", "move", "src/session.py", "patch_header", 1.0, True),  # argv apply_patch, Move to
        ("c-1", "call_5", "move", "src/sessions.py", "patch_header", 1.0, True),
        ("c-1", "call_5", "delete", "src/old.py", "patch_header", 1.0, True),
        ("c-1", "call_6", "exec", None, None, None, None),  # shell_command: pytest
        ("c-1", "call_7", None, None, None, None, None),  # an MCP tool
        ("c-1", "call_8", "read", "README.md", "shell_parse", 0.5, True),  # cat ../README.md from cwd src/
        ("c-legacy", "call_L1", "read", "src/db.py", "shell_parse", 0.5, True),  # rollout without payload envelope
    },
    "agent_jsonl": {
        ("j-1", "j1", "read", "src/auth.py", "agent_jsonl", 1.0, True),
        ("j-1", "j1", "read", "src/db.py", "agent_jsonl", 1.0, True),
        ("j-1", "j2", "edit", "src/db.py", "agent_jsonl", 1.0, True),
        ("j-1", "j3", "exec", None, None, None, False),
    },
}
EXPECTED_COUNTERS = {
    "claude_code": {"duplicate_calls": 1, "malformed_lines": 1, "missing_cwd": 1, "paths_outside_repo": 1,
                    "sessions_other_repos": 1, "unknown_line_types": 1, "windows_paths": 1},
    "codex": {"malformed_lines": 1, "sessions_other_repos": 1, "unknown_item_types": 1, "unknown_line_types": 1},
    "agent_jsonl": {"incomplete_lines": 1, "lines_other_repos": 1, "malformed_lines": 1, "unknown_versions": 1},
}
EXTRACTORS = {"claude_code": ClaudeCodeExtractor, "codex": CodexExtractor, "agent_jsonl": AgentJsonlExtractor}


@pytest.fixture
def logs(tmp_path, monkeypatch):
    return install_agent_logs(tmp_path, monkeypatch)


def run(lake: Lake, logs, name: str, **options):
    options.setdefault("logs", [str(logs.jsonl_dir)])
    return lake.run_extractor(REPO, EXTRACTORS[name](), logs.repo, options)


def rows_of(lake: Lake, extractor: str | None = None) -> list[dict]:
    table = lake.read_table(REPO, "tool_calls")
    rows = table.to_pylist() if table is not None else []
    return [r for r in rows if extractor is None or r["extractor"] == extractor]


def counters(lake: Lake) -> list[dict]:
    return [json.loads(r["counters"]) for r in lake.read_table(REPO, "runs").to_pylist()]


@pytest.mark.parametrize("name", sorted(EXPECTED_ROWS))
def test_fixture_logs_give_the_expected_rows_and_counts(tmp_path, logs, name):
    lake = Lake(tmp_path / "lake")
    summary = run(lake, logs, name)
    rows = rows_of(lake)
    assert summary.status == "ok"
    assert {tuple(r[c] for c in ROW) for r in rows} == EXPECTED_ROWS[name]
    assert len(rows) == len(EXPECTED_ROWS[name])  # and no row twice
    assert len({r["call_key"] for r in rows}) == len(rows)
    assert counters(lake)[-1] == EXPECTED_COUNTERS[name]


def test_claude_rows_carry_session_facts(tmp_path, logs):
    lake = Lake(tmp_path / "lake")
    run(lake, logs, "claude_code")
    by_call = {r["call_id"]: r for r in rows_of(lake)}
    sub, side, main = by_call["toolu_11"], by_call["toolu_24"], by_call["toolu_03"]
    assert (sub["parent_session_id"], sub["root_session_id"], sub["subagent_id"], sub["is_sidechain"]) == \
        ("s-main", "s-main", "a1b2c3", True)
    assert (side["parent_session_id"], side["root_session_id"], side["is_sidechain"]) == ("s-old", "s-old", True)
    assert (main["parent_session_id"], main["is_sidechain"], main["agent_version"], main["git_branch"]) == \
        (None, False, "2.1.40", "main")
    assert by_call["toolu_22"]["agent_version"] == "1.0.80" and by_call["toolu_22"]["git_branch"] == "feature"
    assert main["ts"].isoformat() == "2026-05-01T10:01:00.500000+00:00"
    assert main["model"] == "claude-sonnet-4-5" and main["source_line"] == 8
    assert main["source_file"].endswith("s-main.jsonl") and main["call_key"] == "claude_code:toolu_03:0"


def test_codex_rows_carry_session_facts(tmp_path, logs):
    lake = Lake(tmp_path / "lake")
    run(lake, logs, "codex")
    row = next(r for r in rows_of(lake) if r["call_id"] == "call_1")
    assert (row["agent"], row["agent_version"], row["git_branch"], row["model"], row["tool"], row["seq"]) == \
        ("codex", "0.45.0", "main", "gpt-5-codex", "shell", 0)


def test_three_extractors_share_the_table_without_dropping_each_other(tmp_path, logs):
    lake = Lake(tmp_path / "lake")
    for name in ("claude_code", "codex", "agent_jsonl", "claude_code", "codex"):
        run(lake, logs, name)
    counts = {name: len(rows_of(lake, name)) for name in EXTRACTORS}
    assert counts == {name: len(rows) for name, rows in EXPECTED_ROWS.items()} == \
        {"claude_code": 18, "codex": 12, "agent_jsonl": 4}


def test_a_second_run_reads_only_new_lines(tmp_path, logs):
    lake = Lake(tmp_path / "lake")
    run(lake, logs, "claude_code")
    again = run(lake, logs, "claude_code")
    assert again.rows["tool_calls"] == 0
    assert len(rows_of(lake)) == 18


def test_full_rerun_replaces_rows_instead_of_duplicating(tmp_path, logs):
    lake = Lake(tmp_path / "lake")
    run(lake, logs, "codex")
    again = run(lake, logs, "codex", full=True)
    assert again.rows["tool_calls"] == 12
    assert len(rows_of(lake)) == 12


def _assistant(repo: Path, call_id: str, path: str, session: str = "s-live") -> str:
    return json.dumps({"type": "assistant", "sessionId": session, "cwd": str(repo), "version": "2.1.40",
                       "timestamp": "2026-05-05T10:00:00Z", "message": {"role": "assistant", "content": [
                           {"type": "tool_use", "id": call_id, "name": "Read", "input": {"file_path": path}}]}})


def _result(repo: Path, call_id: str, session: str = "s-live") -> str:
    return json.dumps({"type": "user", "sessionId": session, "cwd": str(repo), "timestamp": "2026-05-05T10:00:01Z",
                       "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call_id}]}})


def _live_session(tmp_path, monkeypatch):
    """A repository, one session log being written in its own folder, a lake and the options pointing at it."""
    empty_homes(tmp_path, monkeypatch)
    repo = tmp_path / "repo"
    repo.mkdir()
    log = tmp_path / "live" / "s-live.jsonl"
    log.parent.mkdir()
    return repo, log, Lake(tmp_path / "lake"), {"logs": [str(log.parent)]}


def test_a_line_still_being_written_is_read_by_the_next_run(tmp_path, monkeypatch):
    repo, log, lake, options = _live_session(tmp_path, monkeypatch)
    whole, cut = _assistant(repo, "toolu_a", f"{repo}/a.py"), _assistant(repo, "toolu_b", f"{repo}/b.py")
    log.write_text(whole + "\n" + cut[:40])
    lake.run_extractor(REPO, ClaudeCodeExtractor(), repo, options)
    assert [r["path"] for r in rows_of(lake)] == ["a.py"]
    log.write_text(whole + "\n" + cut + "\n")
    lake.run_extractor(REPO, ClaudeCodeExtractor(), repo, options)
    assert sorted(r["path"] for r in rows_of(lake)) == ["a.py", "b.py"]
    assert counters(lake)[-1].get("malformed_lines") is None


def test_a_result_arriving_in_a_later_run_completes_the_stored_row(tmp_path, monkeypatch):
    repo, log, lake, options = _live_session(tmp_path, monkeypatch)
    log.write_text(_assistant(repo, "toolu_a", f"{repo}/a.py") + "\n")
    lake.run_extractor(REPO, ClaudeCodeExtractor(), repo, options)
    assert [r["success"] for r in rows_of(lake)] == [None]
    with open(log, "a") as fh:
        fh.write(_result(repo, "toolu_a") + "\n")
    lake.run_extractor(REPO, ClaudeCodeExtractor(), repo, options)
    assert [(r["path"], r["success"], r["seq"]) for r in rows_of(lake)] == [("a.py", True, 0)]


def test_a_resumed_session_in_a_later_run_does_not_duplicate_calls(tmp_path, logs):
    lake = Lake(tmp_path / "lake")
    run(lake, logs, "claude_code")
    project = logs.claude_home / "projects" / "-w-repo"
    copy_one("claude/projects/-w-repo/s-main.jsonl", project / "s-fork.jsonl", logs.repo)
    run(lake, logs, "claude_code")
    rows = rows_of(lake)
    assert len(rows) == 18
    assert sum(r["call_id"] == "toolu_03" for r in rows) == 1


def test_rows_stay_when_their_log_file_is_deleted(tmp_path, logs):
    lake = Lake(tmp_path / "lake")
    run(lake, logs, "claude_code")
    for path in (logs.claude_home / "projects").rglob("*.jsonl"):
        path.unlink()
    run(lake, logs, "claude_code")
    run(lake, logs, "claude_code", full=True)
    assert len(rows_of(lake)) == 18
    state = lake.snapshot(REPO).cursors["claude_code"]["state"]["files"]
    assert not [key for key in state if "claude" in key]  # entries of deleted files are dropped


def test_logs_folders_are_recognised_by_content(tmp_path, monkeypatch):
    empty_homes(tmp_path, monkeypatch)
    repo, mixed = tmp_path / "repo", tmp_path / "mixed"
    repo.mkdir()
    copy_one("claude/projects/-w-repo/s-main.jsonl", mixed / "one.jsonl", repo)
    copy_one("codex/sessions/2026/05/02/rollout-2026-05-02T09-00-00-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl",
             mixed / "deep" / "two.jsonl", repo)
    copy_one("jsonl/proxy.jsonl", mixed / "three.jsonl", repo)
    copy_one("codex/sessions/2025/06/01/rollout-2025-06-01T08-00-00-5973b6c0-94b8-487b-a530-2aeb6098ae0e.jsonl",
             mixed / "four.jsonl", repo)
    lake, options = Lake(tmp_path / "lake"), {"logs": [str(mixed)]}
    got = {name: lake.run_extractor(REPO, cls(), repo, options).rows["tool_calls"] for name, cls in EXTRACTORS.items()}
    assert got == {"claude_code": 8, "codex": 12, "agent_jsonl": 4}


def test_no_secret_reaches_the_lake(tmp_path, logs):
    lake = Lake(tmp_path / "lake")
    for name in EXTRACTORS:
        run(lake, logs, name)
    assert len(rows_of(lake)) == 34
    assert _files_containing(lake.root, SECRET) == []


def test_the_keep_commands_opt_in_keeps_commands(tmp_path, logs):
    """The opt-in works, which also shows that the scan above would see a leaked secret."""
    lake = Lake(tmp_path / "lake")
    run(lake, logs, "claude_code", keep_commands=True)
    kept = {r["call_id"]: r["command"] for r in rows_of(lake) if r["command"]}
    assert kept == {"toolu_05": f"cat docs/notes.md && echo {SECRET}"}
    assert _files_containing(lake.root, SECRET)


def _files_containing(root: Path, secret: str) -> list[str]:
    """Files under the lake holding ``secret``: raw bytes, and every decoded Parquet value (compression-proof)."""
    hits = []
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        found = secret.encode() in path.read_bytes()
        if not found and path.suffix == ".parquet":
            found = secret in json.dumps(pq.read_table(path).to_pylist(), default=str)
        if found:
            hits.append(str(path.relative_to(root)))
    return hits


@pytest.mark.parametrize("line", [
    {"type": "assistant", "sessionId": "s", "cwd": "@", "message": {"content": "text, not blocks"}},
    {"type": "assistant", "sessionId": "s", "cwd": "@", "message": {"content": [{"type": "tool_use", "id": 7}]}},
    {"type": "assistant", "sessionId": "s", "cwd": "@", "message": {"content": [
        {"type": "tool_use", "id": "toolu_x", "name": "Read", "input": ["not", "a", "dict"]}]}},
    {"type": "assistant", "sessionId": "s", "cwd": "@", "message": None},
    {"type": "user", "sessionId": "s", "cwd": "@", "message": {"content": [{"type": "tool_result"}]}},
    {"type": "assistant", "sessionId": ["s"], "cwd": 5, "timestamp": 12, "version": 3, "message": {"content": [
        {"type": "tool_use", "id": "toolu_y", "name": "Edit", "input": {"file_path": 5}}]}},
    ["a", "list"],
    "null",
    "[" * 100_000,
    r'{"type": "assistant", "sessionId": "s", "cwd": "/\u0000\udc80", "message": {"content": [{"type": "tool_use", "id": "toolu_z", "name": "Read", "input": {"file_path": "@/\udc80.py"}}]}}',
])
def test_odd_lines_never_fail_a_run_and_the_rest_of_the_file_is_read(tmp_path, monkeypatch, line):
    empty_homes(tmp_path, monkeypatch)
    repo = tmp_path / "repo"
    repo.mkdir()
    log = tmp_path / "logs" / "s.jsonl"
    log.parent.mkdir()
    odd = (line if isinstance(line, str) else json.dumps(line)).replace('"@', '"' + str(repo))
    log.write_text(_assistant(repo, "toolu_1", "a.py", "s") + "\n" + odd + "\n" +
                   _assistant(repo, "toolu_2", f"{repo}/b.py", "s") + "\n")
    lake = Lake(tmp_path / "lake")
    summary = lake.run_extractor(REPO, ClaudeCodeExtractor(), repo, {"logs": [str(log.parent)]})
    assert summary.status == "ok"
    assert {"a.py", "b.py"} <= {r["path"] for r in rows_of(lake)}


@pytest.mark.parametrize("raw, cwd, expected", [
    ("/w/repo/src/a.py", "/w/repo", ("src/a.py", None)),
    ("src/a.py", "/w/repo/pkg", ("pkg/src/a.py", None)),
    ("../README.md", "/w/repo/src", ("README.md", None)),
    ("/w/repo", "/w/repo", (".", None)),
    ("/w/repository/x.py", "/w/repo", (None, "paths_outside_repo")),
    ("../../etc/passwd", "/w/repo/src", (None, "paths_outside_repo")),
    ("~/notes.md", "/w/repo", (None, "paths_outside_repo")),
    ("C:\\Users\\me\\repo\\a.py", "/w/repo", (None, "windows_paths")),
    ("src\\a.py", "/w/repo", (None, "windows_paths")),
    ("a.py", "C:\\Users\\me\\repo", (None, "windows_paths")),
    ("a.py", None, (None, "missing_cwd")),
    ("/w/repo/a.py", None, ("a.py", None)),
    ("", "/w/repo", (None, "empty_paths")),
])
def test_paths_resolve_against_the_cwd_and_the_repository_root(raw, cwd, expected):
    assert PathResolver(Path("/w/repo")).resolve(raw, cwd) == expected


def test_a_symlinked_cwd_resolves_into_the_real_root(tmp_path):
    real = tmp_path / "real"
    (real / "src").mkdir(parents=True)
    os.symlink(real, tmp_path / "link")
    resolver = PathResolver(real)
    assert resolver.resolve("src/a.py", str(tmp_path / "link")) == ("src/a.py", None)
    assert resolver.resolve(f"{tmp_path}/link/src/a.py", str(tmp_path / "link")) == ("src/a.py", None)
    assert resolver.contains(str(tmp_path / "link" / "src"))


@pytest.mark.parametrize("command, expected", [
    ("cat src/a.py", [("read", "src/a.py")]),
    ("sed -n '1,80p' src/b.py", [("read", "src/b.py")]),
    ("sed -i 's/a/b/' c.py", [("edit", "c.py")]),
    ("head -n 20 README.md", [("read", "README.md")]),
    ('rg -n "def login" src tests', [("search", "src"), ("search", "tests")]),
    ("grep -e token a.py", [("search", "a.py")]),
    ("git grep -n foo -- lib", [("search", "lib")]),
    ("ls", [("list", ".")]),
    ("cd pkg && cat x.py 2>/dev/null | head -5", [("read", "pkg/x.py")]),
    ("echo hi > out.txt", [("write", "out.txt")]),
    ("rm -f old.py && mv a.py b.py", [("delete", "old.py"), ("move", "a.py"), ("move", "b.py")]),
    ("python -m pytest tests", []),
    ("cat $HOME/x *.py", []),
    ("cat 'unterminated", []),
    (["bash", "-lc", "cat q.py"], [("read", "q.py")]),
    (["cat", "r.py"], [("read", "r.py")]),
])
def test_shell_commands_yield_the_files_they_touch(command, expected):
    from extractors.agent_logs.shell import unwrap_argv

    command = unwrap_argv(command) if isinstance(command, list) else command
    assert [tuple(t) for t in command_touches(command)] == expected


def test_patch_headers_give_add_update_delete_and_move():
    patch = ("*** Begin Patch\n*** Add File: n.py\n+x\n*** Update File: u.py\n@@\n-a\n+b\n"
             "*** Update File: old.py\n*** Move to: new.py\n@@\n-c\n+d\n*** Delete File: d.py\n*** End Patch\n")
    assert patch_touches(patch) == [("create", "n.py"), ("edit", "u.py"), ("move", "old.py"), ("move", "new.py"),
                                    ("delete", "d.py")]


def test_the_three_extractors_are_registered_plugins():
    from pipeline.registry import load_registry

    registry = load_registry()
    assert {name: registry.get(name).tables["tool_calls"].names == ClaudeCodeExtractor().tables["tool_calls"].names
            for name in EXTRACTORS} == {name: True for name in EXTRACTORS}
