"""The agent-log fixtures installed for a test: logs under tests/fixtures/agent_logs/ point at ``/w/repo``; they are
copied into a temp folder with that prefix replaced by a real temp repository, and the agents' home folders are
redirected there (the real ``~/.claude`` and ``~/.codex`` are never read by tests)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures" / "agent_logs"
FIXTURE_ROOT = "/w/repo"
SECRET = "SECRET-d0n7-l34k"  # planted in every sensitive field of the fixtures
FIXED_MTIME = 1_777_000_000  # equal mtimes: files are then read in path order, which the expected numbers assume


@dataclass
class AgentLogs:
    repo: Path
    claude_home: Path
    codex_home: Path
    jsonl_dir: Path


def copy_fixture_tree(src: Path, dst: Path, repo: Path) -> None:
    for path in sorted(src.rglob("*")):
        if path.is_file():
            target = dst / path.relative_to(src)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(path.read_text().replace(FIXTURE_ROOT, str(repo)))
            os.utime(target, (FIXED_MTIME, FIXED_MTIME))


def install_agent_logs(tmp_path: Path, monkeypatch, parts=("claude", "codex", "jsonl")) -> AgentLogs:
    repo = tmp_path / "repo"
    (repo / "src").mkdir(parents=True, exist_ok=True)
    logs = AgentLogs(repo, tmp_path / "home" / "claude", tmp_path / "home" / "codex", tmp_path / "extra" / "jsonl")
    for folder in (logs.claude_home, logs.codex_home, logs.jsonl_dir):
        folder.mkdir(parents=True, exist_ok=True)
    targets = {"claude": logs.claude_home, "codex": logs.codex_home, "jsonl": logs.jsonl_dir}
    for part in parts:
        copy_fixture_tree(FIXTURES / part, targets[part], repo)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(logs.claude_home))
    monkeypatch.setenv("CODEX_HOME", str(logs.codex_home))
    return logs


def copy_one(fixture: str, dst: Path, repo: Path) -> Path:
    """One fixture file copied (root rewritten) to ``dst``."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_text((FIXTURES / fixture).read_text().replace(FIXTURE_ROOT, str(repo)))
    return dst


def empty_homes(tmp_path: Path, monkeypatch) -> None:
    """Point both agents' homes at empty folders (for tests that only use --logs)."""
    for var, name in (("CLAUDE_CONFIG_DIR", "claude"), ("CODEX_HOME", "codex")):
        folder = tmp_path / "empty-home" / name
        folder.mkdir(parents=True, exist_ok=True)
        monkeypatch.setenv(var, str(folder))
