"""install-hooks: our entries merged into real-shaped settings files, every other byte kept, idempotent, reversible."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

import pytest

from pipeline.errors import CodelakeError
from pipeline.hooks import install

# A settings file as people keep them: other hooks (one group sharing an event with ours), other keys, tabs,
# CRLF-free odd spacing, unicode, a trailing newline.
USER_SETTINGS = """{
\t"model":   "opus",
\t"env": {"GREETING": "grüß dich"},
\t"hooks": {
\t\t"PreToolUse": [
\t\t\t{ "matcher": "Bash", "hooks": [ { "type": "command", "command": "audit.sh --strict" } ] }
\t\t],
\t\t"Notification": [{"hooks": [{"type": "command", "command": "notify-send done"}]}]
\t},
\t"permissions": { "allow": ["Bash(ls:*)"] }
}
"""

JSONC_SETTINGS = """// personal settings, kept in my dotfiles
{
  /* the model */ "model": "sonnet",
  "hooks": {
    "Stop": [
      {"hooks": [{"type": "command", "command": "say done"}]},  // announce
    ],
  },
}
"""


def _hooks(path):
    return install.jsonedit.parse(open(path).read()).python()["hooks"]


def _ours(settings_hooks: dict) -> dict[str, int]:
    return {event: sum(1 for g in groups for h in g.get("hooks", []) if install.is_ours(h))
            for event, groups in settings_hooks.items()}


def test_install_merges_keeps_the_rest_and_is_idempotent(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(USER_SETTINGS)
    first = install.install("claude-code", path=str(path), lake=str(tmp_path / "lake"))
    assert first.action == "installed" and first.changed
    assert open(first.backup).read() == USER_SETTINGS  # the backup is the file as it was
    text = path.read_text()
    settings = json.loads(text)  # still strict JSON, as Claude Code requires
    assert settings["model"] == "opus" and settings["env"] == {"GREETING": "grüß dich"}
    pre = settings["hooks"]["PreToolUse"]
    assert pre[0] == {"matcher": "Bash", "hooks": [{"type": "command", "command": "audit.sh --strict"}]}  # first
    assert pre[1]["matcher"] == "Read|Edit|Write|MultiEdit|NotebookEdit|Grep|Glob"
    assert "hook claude-code --lake " + str(tmp_path / "lake") in pre[1]["hooks"][0]["command"]
    assert _ours(settings["hooks"]) == {"PreToolUse": 1, "Notification": 0, "SessionStart": 1, "PostToolUse": 1,
                                        "SessionEnd": 1, "Stop": 1}
    # every line of the user's file is still there, byte for byte (a comma may follow now), in the same order
    positions = [text.find(line) for line in USER_SETTINGS.splitlines() if line.strip() not in ("]", "},", "}")]
    assert -1 not in positions and positions == sorted(positions)

    second = install.install("claude-code", path=str(path), lake=str(tmp_path / "lake"))
    assert (second.action, second.changed) == ("unchanged", False) and path.read_text() == text


def test_uninstall_removes_only_ours_and_restores_the_file(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(USER_SETTINGS)
    install.install("claude-code", path=str(path), lake=str(tmp_path / "lake"))
    removed = install.install("claude-code", path=str(path), uninstall=True)
    assert removed.action == "removed"
    assert path.read_text() == USER_SETTINGS  # not one byte of the user's file changed
    assert install.install("claude-code", path=str(path), uninstall=True).action == "absent"


def test_a_changed_lake_replaces_our_entries_in_place_of_adding_more(tmp_path):
    path = tmp_path / "settings.json"
    install.install("claude-code", path=str(path), lake=str(tmp_path / "a"))
    updated = install.install("claude-code", path=str(path), lake=str(tmp_path / "b"))
    assert updated.action == "updated"
    commands = {h["command"] for groups in _hooks(path).values() for g in groups for h in g["hooks"]}
    assert len(commands) == 1 and commands.pop().endswith(str(tmp_path / "b"))


def test_a_handler_of_ours_inside_a_users_group_is_removed_alone(tmp_path):
    path = tmp_path / "settings.json"
    mixed = {"hooks": {"PostToolUse": [{"matcher": "Edit", "hooks": [
        {"type": "command", "command": "prettier --write"},
        {"type": "command", "command": "/opt/venv/bin/codelake hook claude-code"}]}]}}
    path.write_text(json.dumps(mixed, indent=2))
    install.install("claude-code", path=str(path), uninstall=True)
    assert json.loads(path.read_text()) == {"hooks": {"PostToolUse": [{"matcher": "Edit", "hooks": [
        {"type": "command", "command": "prettier --write"}]}]}}


def test_comments_and_trailing_commas_survive(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(JSONC_SETTINGS)
    install.install("claude-code", path=str(path), lake=str(tmp_path / "lake"))
    text = path.read_text()
    for piece in ("// personal settings, kept in my dotfiles", "/* the model */", "// announce"):
        assert piece in text
    stop = _hooks(path)["Stop"]
    assert stop[0] == {"hooks": [{"type": "command", "command": "say done"}]} and install.is_ours(stop[1]["hooks"][0])
    install.install("claude-code", path=str(path), uninstall=True)
    assert install.jsonedit.parse(path.read_text()).python() == install.jsonedit.parse(JSONC_SETTINGS).python()
    assert "// announce" in path.read_text()


def test_a_read_only_file_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(USER_SETTINGS)
    path.chmod(stat.S_IRUSR | stat.S_IRGRP)
    with pytest.raises(CodelakeError, match="read-only"):
        install.install("claude-code", path=str(path), lake=str(tmp_path / "lake"))
    assert path.read_text() == USER_SETTINGS and not os.path.exists(str(path) + install.BACKUP_SUFFIX)


def test_broken_json_is_an_error_naming_the_file_and_line(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{\n  "model": "opus"\n  "hooks": {}\n}\n')
    with pytest.raises(CodelakeError, match=r"settings.json:3: expected ','"):
        install.install("claude-code", path=str(path), lake=str(tmp_path / "lake"))
    assert path.read_text() == '{\n  "model": "opus"\n  "hooks": {}\n}\n'


def test_a_symlinked_settings_file_keeps_its_link(tmp_path):
    real = tmp_path / "dotfiles" / "claude-settings.json"
    real.parent.mkdir()
    real.write_text('{"model": "opus"}\n')
    link = tmp_path / "settings.json"
    link.symlink_to(real)
    install.install("claude-code", path=str(link), lake=str(tmp_path / "lake"))
    assert link.is_symlink() and "hooks" in json.loads(real.read_text())


def test_codex_entries_and_locations(tmp_path, monkeypatch):
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "codex-home"))
    path = install.settings_path("codex", "user")
    assert path == str(tmp_path / "codex-home" / "hooks.json")
    install.install("codex", "user", lake=str(tmp_path / "lake"))
    hooks = _hooks(path)
    assert set(hooks) == {"SessionStart", "PreToolUse", "PostToolUse", "Stop"}
    assert hooks["PreToolUse"][0]["matcher"] == "Bash|apply_patch"
    assert hooks["PostToolUse"][0]["matcher"] == "apply_patch"
    assert "hook codex" in hooks["Stop"][0]["hooks"][0]["command"]


def test_cli_project_scope_writes_the_repository_settings(tmp_path, make_repo):
    root = make_repo(files={"a.py": "x = 1\n"})
    (root / "sub").mkdir()
    env = {**os.environ, "CODELAKE_LAKE": str(tmp_path / "lake")}
    run = [sys.executable, "-m", "pipeline.cli.main", "install-hooks", "--agent", "claude-code"]
    out = subprocess.run(run, cwd=root / "sub", env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "installed" in out.stderr and str(root / ".claude" / "settings.json") in out.stderr
    again = subprocess.run(run, cwd=root / "sub", env=env, capture_output=True, text=True)
    assert "already installed" in again.stderr
    gone = subprocess.run(run + ["--uninstall"], cwd=root, env=env, capture_output=True, text=True)
    assert "removed" in gone.stderr and _ours(_hooks(root / ".claude" / "settings.json")) == {}
