"""co_touch, agent_activity and agent_sessions on the fixture logs, with numbers worked out by hand, and the CLI.

Per top-level session (subagents folded in), each file's weight is its strongest touch: edit-like 1.0, read 0.5,
search 0.25, times confidence (0.5 for shell-parsed paths). Files (directories and "." left out) per session:
  s-main: src/auth.py 1.0 (edit), src/session.py 1.0 (Write; its subagent read it), docs/notes.md 0.25 -> 3 files
  s-old:  src/db.py 1.0, src/auth.py 1.0 (the sidechain reads count with it)                     -> 2 files
  c-1:    src/auth.py 1.0, src/tokens.py, src/session.py, src/sessions.py, src/old.py 1.0,
          tests/test_auth.py 0.25, README.md 0.25                                                -> 7 files
  j-1:    src/auth.py 0.5, src/db.py 1.0                                                         -> 2 files
  c-legacy: src/db.py (shell read)                                                               -> 1 file
  s-resumed: src/util.py                                                                         -> 1 file
A pair gains w(a) * w(b) / (files - 1) ** 0.5 per shared session.
"""

from __future__ import annotations

import json
import math
from datetime import datetime, timezone

import pytest

from extractors.agent_logs import AgentJsonlExtractor, ClaudeCodeExtractor, CodexExtractor
from pipeline.behaviour import activity, co_touch, sessions
from pipeline.catalog import connect
from pipeline.cli.main import main
from pipeline.lake import Lake
from tests.agent_log_fixtures import install_agent_logs

REPO = "r"


def utc(*parts) -> datetime:
    return datetime(*parts, tzinfo=timezone.utc)


@pytest.fixture
def lake(tmp_path, monkeypatch):
    logs = install_agent_logs(tmp_path, monkeypatch)
    lake = Lake(tmp_path / "lake")
    for extractor in (ClaudeCodeExtractor(), CodexExtractor(), AgentJsonlExtractor()):
        lake.run_extractor(REPO, extractor, logs.repo, {"logs": [str(logs.jsonl_dir)]})
    return lake


def pairs(catalog, file: str, **params) -> dict[str, dict]:
    cols, rows = catalog.rows(
        "SELECT other, sessions, score, file_sessions, other_sessions, degree, last_seen, agents "
        "FROM co_touch(edit_weight := ?, read_weight := ?, search_weight := ?, size_damping := ?, max_files := ?) "
        "WHERE file = ?",
        [params.get("edit_weight", 1.0), params.get("read_weight", 0.5), params.get("search_weight", 0.25),
         params.get("size_damping", 0.5), params.get("max_files", 100), file])
    return {r[0]: dict(zip(cols, r)) for r in rows}


def test_co_touch_scores_pairs_across_sessions_and_agents(lake):
    got = pairs(connect(lake), "src/auth.py")
    db, session = got["src/db.py"], got["src/session.py"]
    # src/db.py: s-old 1*1/1 + j-1 0.5*1/1
    assert (db["sessions"], db["score"], db["file_sessions"], db["other_sessions"]) == (2, 1.5, 4, 3)
    assert db["degree"] == pytest.approx(2 / ((4 + 3) / 2))
    assert db["last_seen"] == utc(2026, 5, 4, 8, 1) and db["agents"] == ["aider", "claude_code"]
    # src/session.py: s-main 1/sqrt(2) + c-1 1/sqrt(6)
    assert session["sessions"] == 2
    assert session["score"] == pytest.approx(1 / math.sqrt(2) + 1 / math.sqrt(6))
    assert got["docs/notes.md"]["score"] == pytest.approx(0.25 / math.sqrt(2))
    assert got["README.md"]["score"] == pytest.approx(0.25 / math.sqrt(6))
    assert set(got) == {"src/db.py", "src/session.py", "docs/notes.md", "src/tokens.py", "src/sessions.py",
                        "src/old.py", "tests/test_auth.py", "README.md"}


def test_co_touch_is_symmetric_and_leaves_out_directories_and_the_root(lake):
    catalog = connect(lake)
    _, rows = catalog.rows("SELECT file, other, score FROM co_touch()")
    scores = {(f, o): s for f, o, s in rows}
    # s-main 3 + s-old 1 + c-1 21 + j-1 1 pairs; auth/db and auth/session are shared by two sessions: 24 pairs
    assert len(rows) == 2 * 24
    assert all(scores[(o, f)] == s for (f, o), s in scores.items())
    assert not {p for pair in scores for p in pair} & {".", "src", "tests"}


def test_co_touch_weights_are_parameters(lake):
    catalog = connect(lake)
    flat = pairs(catalog, "docs/notes.md", read_weight=1.0, size_damping=0.0)
    assert flat["src/auth.py"]["score"] == pytest.approx(0.5)  # shell-parsed read: 1.0 x confidence 0.5
    shared = pairs(catalog, "src/auth.py", size_damping=1.0)
    assert shared["src/session.py"]["score"] == pytest.approx(1 / 2 + 1 / 6)


def test_sessions_touching_too_many_files_are_left_out(lake):
    got = pairs(connect(lake), "src/auth.py", max_files=5)  # c-1 touched 7 files
    assert got["src/session.py"]["sessions"] == 1
    assert got["src/session.py"]["score"] == pytest.approx(1 / math.sqrt(2))
    assert "src/tokens.py" not in got


def test_subagent_work_counts_with_its_parent_session(lake):
    catalog = connect(lake)
    _, rows = catalog.rows("SELECT session_id, calls, subagents, files_read, files_edited, files FROM agent_sessions "
                           "WHERE session_id LIKE 's-main%' OR session_id LIKE 's-old%' ORDER BY session_id")
    assert rows == [
        ("s-main", 11, 1, 3, 2, ["docs/notes.md", "src", "src/auth.py", "src/session.py", "tests"]),
        ("s-old", 6, 1, 2, 2, ["src", "src/auth.py", "src/db.py"]),
    ]


def test_agent_activity_per_file_and_agent(lake):
    _, rows = connect(lake).rows("SELECT agent, reads, edits, searches, calls, sessions, last_touched "
                                 "FROM agent_activity WHERE path = 'src/auth.py' ORDER BY agent")
    assert rows == [
        ("aider", 1, 0, 0, 1, 1, utc(2026, 5, 4, 8, 0)),
        ("claude_code", 2, 2, 0, 4, 2, utc(2026, 5, 1, 10, 1, 0, 500000)),  # s-main and s-old (sidechain read)
        ("codex", 1, 1, 0, 2, 1, utc(2026, 5, 2, 9, 1)),
    ]
    _, paths = connect(lake).rows("SELECT DISTINCT path FROM agent_activity ORDER BY path")
    assert [p for (p,) in paths] == ["README.md", "docs/notes.md", "src/auth.py", "src/db.py", "src/old.py",
                                     "src/session.py", "src/sessions.py", "src/tokens.py", "src/util.py",
                                     "tests/test_auth.py"]


def test_api_co_touch_and_sessions(lake):
    catalog = connect(lake)
    cols, rows = co_touch(catalog, "./src/auth.py", limit=2)
    assert [r[cols.index("file")] for r in rows] == ["src/db.py", "src/session.py"]
    cols, rows = co_touch(catalog, "src/auth.py", size_damping=0.0, limit=1)
    assert rows[0][cols.index("file")] == "src/session.py" and rows[0][cols.index("score")] == 2.0
    cols, rows = sessions(catalog, limit=3)
    assert [r[cols.index("session_id")] for r in rows] == ["j-1", "s-resumed", "c-1"]
    cols, rows = activity(catalog, "src/db.py")
    assert [(r[1], r[2], r[3]) for r in rows] == [("aider", 1, 1), ("claude_code", 1, 1), ("codex", 1, 0)]


def test_cli_co_touch_and_sessions(lake, capsys):
    assert main(["co-touch", "src/db.py", "--lake", str(lake.root), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(r["file"], r["sessions"], r["score"]) for r in out] == [("src/auth.py", 2, 1.5)]
    assert main(["sessions", "--limit", "1", "--lake", str(lake.root), "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("repo,session_id,agent") and lines[1].startswith("r,j-1,aider")


def test_cli_reports_a_lake_without_agent_logs(tmp_path, capsys):
    assert main(["sessions", "--lake", str(tmp_path / "empty")]) == 1
    assert "no agent tool calls" in capsys.readouterr().err


def test_index_reads_the_agent_logs_of_the_repository(tmp_path, monkeypatch):
    from pipeline.indexing import index

    logs = install_agent_logs(tmp_path, monkeypatch)
    lake = Lake(tmp_path / "lake")
    summaries = index(logs.repo, repo=REPO, lake=lake, extractors=["claude_code", "codex", "agent_jsonl"],
                      logs=[str(logs.jsonl_dir)])
    assert {s.extractor: s.rows["tool_calls"] for s in summaries} == {"claude_code": 18, "codex": 12,
                                                                      "agent_jsonl": 4}
