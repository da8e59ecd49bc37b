"""``codelake install-hooks``: our entries in an agent's hooks settings, merged into whatever the file holds.

Claude Code reads ``{"hooks": {"<Event>": [{"matcher": ..., "hooks": [{"type": "command", ...}]}]}}`` from
``~/.claude/settings.json`` (user), ``<repo>/.claude/settings.json`` (project) or ``.claude/settings.local.json``
(local); Codex reads the same shape from ``~/.codex/hooks.json`` or ``<repo>/.codex/hooks.json``.

Rules: running it twice changes nothing; the file is edited in place (every byte outside our entries kept: the
user's hooks, their order, comments, indentation); the previous content is kept as ``<file>.codelake-backup``;
``--uninstall`` removes only handlers whose command runs ``codelake hook``; a file marked read-only is refused, not
rewritten; the result is checked (valid JSON, the user's part unchanged) before it replaces the file.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
from dataclasses import dataclass
from typing import NamedTuple

from .. import gitsafe
from ..errors import CodelakeError

GIT_SECONDS = 10.0  # the project's top folder: git answers in milliseconds, or the folder itself is used
from . import jsonedit

BACKUP_SUFFIX = ".codelake-backup"
AGENTS = ("claude-code", "codex")
SCOPES = ("project", "user", "local")
# a handler is ours when its command runs `codelake hook <agent>` (console script or `-m pipeline.cli.main`)
_OURS = re.compile(r"(?:codelake(?:\.exe)?|pipeline\.cli\.main)['\"]?\s+hook\s+(?:claude-code|codex)\b")


class HookSpec(NamedTuple):
    event: str
    matcher: str | None
    timeout: int  # seconds


CLAUDE_SPECS = (
    HookSpec("SessionStart", "startup|resume|clear|compact", 15),
    HookSpec("PreToolUse", "Read|Edit|Write|MultiEdit|NotebookEdit|Grep|Glob", 10),
    HookSpec("PostToolUse", "Edit|Write|MultiEdit|NotebookEdit", 10),
    HookSpec("SessionEnd", None, 10),
    HookSpec("Stop", None, 10),
)
# Codex: tool hooks see `Bash` (reads are shell commands) and `apply_patch` (every edit); no SessionEnd event.
CODEX_SPECS = (
    HookSpec("SessionStart", "startup|resume|clear", 15),
    HookSpec("PreToolUse", "Bash|apply_patch", 10),
    HookSpec("PostToolUse", "apply_patch", 10),
    HookSpec("Stop", None, 10),
)


@dataclass
class InstallResult:
    path: str
    changed: bool
    backup: str | None
    action: str  # installed | updated | unchanged | removed | absent


def settings_path(agent: str, scope: str, project: str | None = None) -> str:
    if agent not in AGENTS:
        raise CodelakeError(f"unknown agent {agent!r}: use one of {', '.join(AGENTS)}")
    if scope not in SCOPES:
        raise CodelakeError(f"unknown scope {scope!r}: use one of {', '.join(SCOPES)}")
    if scope == "user":
        if agent == "codex":
            return os.path.join(os.environ.get("CODEX_HOME") or os.path.expanduser("~/.codex"), "hooks.json")
        base = os.environ.get("CLAUDE_CONFIG_DIR") or os.path.expanduser("~/.claude")
        return os.path.join(base, "settings.json")
    root = project_root(project)
    if agent == "codex":
        if scope == "local":
            raise CodelakeError("Codex has no local settings scope: use --scope project or user")
        return os.path.join(root, ".codex", "hooks.json")
    return os.path.join(root, ".claude", "settings.local.json" if scope == "local" else "settings.json")


def project_root(project: str | None) -> str:
    folder = os.path.abspath(project or os.getcwd())
    if not os.path.isdir(folder):
        raise CodelakeError(f"{folder}: not a directory")
    try:
        proc = gitsafe.run(folder, ["rev-parse", "--show-toplevel"], timeout=GIT_SECONDS, text=True)
    except gitsafe.GitNoAnswer:
        return folder
    return proc.stdout.strip() if proc.returncode == 0 and proc.stdout.strip() else folder


def hook_command(agent: str, lake: str | None) -> str:
    """How the agent starts our hook: the console script next to this Python (no PATH needed), else ``-m``."""
    script = os.path.join(os.path.dirname(sys.executable), "codelake")
    argv = [script] if os.access(script, os.X_OK) else [sys.executable, "-m", "pipeline.cli.main"]
    argv += ["hook", agent]
    if lake:
        argv += ["--lake", os.path.abspath(lake)]
    return " ".join(shlex.quote(a) for a in argv)


def entries(agent: str, lake: str | None) -> list[tuple[str, dict]]:
    command = hook_command(agent, lake)
    out = []
    for spec in CLAUDE_SPECS if agent == "claude-code" else CODEX_SPECS:
        group = {"matcher": spec.matcher} if spec.matcher else {}
        group["hooks"] = [{"type": "command", "command": command, "timeout": spec.timeout}]
        out.append((spec.event, group))
    return out


def is_ours(handler) -> bool:
    return isinstance(handler, dict) and isinstance(handler.get("command"), str) and bool(
        _OURS.search(handler["command"]))


# -- the python view: what must not change, and what is ours -----------------------------------------------------
def user_part(settings: dict) -> dict:
    """The settings with our handlers (and the groups and events left empty) taken out."""
    hooks = settings.get("hooks")
    if not isinstance(hooks, dict):
        return settings
    kept = {}
    for event, groups in hooks.items():
        if not isinstance(groups, list):
            kept[event] = groups
            continue
        new_groups = []
        for group in groups:
            handlers = group.get("hooks") if isinstance(group, dict) else None
            if isinstance(handlers, list) and any(is_ours(h) for h in handlers):
                mine = [h for h in handlers if not is_ours(h)]
                if mine:
                    new_groups.append({**group, "hooks": mine})
                continue
            new_groups.append(group)
        if new_groups:  # an empty list and no key say the same: no hooks for that event
            kept[event] = new_groups
    rest = {k: v for k, v in settings.items() if k != "hooks"}
    return {**rest, "hooks": kept} if kept else rest


def _has_ours(group) -> bool:
    handlers = group.get("hooks") if isinstance(group, dict) else None
    return isinstance(handlers, list) and any(is_ours(h) for h in handlers)


def our_part(settings: dict) -> list[tuple[str, dict]]:
    hooks = settings.get("hooks")
    if not isinstance(hooks, dict):
        return []
    return [(event, group) for event, groups in hooks.items() if isinstance(groups, list)
            for group in groups if _has_ours(group)]


# -- text edits -------------------------------------------------------------------------------------------------------
def strip_ours(text: str, name: str) -> str:
    """Remove our handlers one at a time (re-parsing after each splice), with the groups and events they leave empty."""
    while True:
        root = jsonedit.parse(text, name)
        hooks = root.get("hooks")
        if hooks is None or hooks.kind != "object":
            return text
        edited = _remove_first(text, hooks)
        if edited is None:
            return text
        text = edited


def _remove_first(text: str, hooks) -> str | None:
    for event_index, (_, _, groups) in enumerate(hooks.members):
        if groups.kind != "array":
            continue
        for group_index, group in enumerate(groups.items):
            handlers = group.get("hooks") if group.kind == "object" else None
            if handlers is None or handlers.kind != "array":
                continue
            values = [h.python() for h in handlers.items]
            for handler_index, value in enumerate(values):
                if not is_ours(value):
                    continue
                if len(values) > 1:
                    return jsonedit.remove_item(text, jsonedit.item_spans(handlers), handler_index)
                if len(groups.items) > 1:
                    return jsonedit.remove_item(text, jsonedit.item_spans(groups), group_index)
                return jsonedit.remove_item(text, jsonedit.item_spans(hooks), event_index)
    return None


def add_entries(text: str, name: str, wanted: list[tuple[str, dict]]) -> str:
    unit, nl = jsonedit.indent_unit(text), jsonedit.newline(text)
    for event, group in wanted:
        root = jsonedit.parse(text, name)
        hooks = root.get("hooks")
        if hooks is None:
            rendered = '"hooks": ' + jsonedit.render({event: [group]}, unit, nl)
            text = jsonedit.append_item(text, root, jsonedit.item_spans(root), rendered, unit)
            continue
        if hooks.kind != "object":
            raise jsonedit.JsonEditError(f"{name}: \"hooks\" is not an object, left unchanged")
        groups = hooks.get(event)
        if groups is None:
            rendered = json.dumps(event) + ": " + jsonedit.render([group], unit, nl)
            text = jsonedit.append_item(text, hooks, jsonedit.item_spans(hooks), rendered, unit)
        elif groups.kind != "array":
            raise jsonedit.JsonEditError(f"{name}: \"hooks.{event}\" is not a list, left unchanged")
        else:
            text = jsonedit.append_item(text, groups, jsonedit.item_spans(groups),
                                        jsonedit.render(group, unit, nl), unit)
    return text


def edit_settings(text: str | None, name: str, wanted: list[tuple[str, dict]] | None) -> str:
    """The new file content: ``wanted`` (None: uninstall) merged into ``text`` (None: no file yet), checked."""
    original = text if text is not None and text.strip() else "{}\n"
    before = jsonedit.parse(original, name).python()
    new = strip_ours(original, name)
    if wanted:
        new = add_entries(new, name, wanted)
    after = jsonedit.parse(new, name).python()
    if user_part(after) != user_part(before) or _key(our_part(after)) != _key(wanted or []):
        raise jsonedit.JsonEditError(f"{name}: could not merge our hooks without touching others; left unchanged")
    if _strict(original) and not _strict(new):
        raise jsonedit.JsonEditError(f"{name}: merging would not give valid JSON; left unchanged")
    return new


def _key(pairs: list[tuple[str, dict]]) -> list[str]:
    return sorted(json.dumps(pair, sort_keys=True) for pair in pairs)


def _strict(text: str) -> bool:
    try:
        json.loads(text.lstrip("\ufeff"))
        return True
    except ValueError:
        return False


def install(agent: str, scope: str = "project", project: str | None = None, lake: str | None = None,
            uninstall: bool = False, path: str | None = None) -> InstallResult:
    path = path or settings_path(agent, scope, project)
    text = _read(path)
    wanted = None if uninstall else entries(agent, lake)
    current = jsonedit.parse(text, path).python() if text and text.strip() else {}
    if uninstall and not our_part(current):
        return InstallResult(path, False, None, "absent")
    if not uninstall and _key(our_part(current)) == _key(wanted):
        return InstallResult(path, False, None, "unchanged")
    new = edit_settings(text, path, wanted)
    backup = _write(path, new, text)
    action = "removed" if uninstall else ("updated" if our_part(current) else "installed")
    return InstallResult(path, True, backup, action)


def _read(path: str) -> str | None:
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise CodelakeError(f"{path}: unreadable ({exc.strerror})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise CodelakeError(f"{path}: not UTF-8 text, left unchanged") from None


def _write(path: str, text: str, original: str | None) -> str | None:
    """Replace the file (through a symlink: the link stays, its target changes) keeping its mode; back up first."""
    target = os.path.realpath(path)
    if original is not None:
        mode = os.stat(target).st_mode
        if not mode & 0o222:
            raise CodelakeError(f"{path}: the file is read-only, left unchanged; make it writable or add the "
                                f"entries by hand (codelake install-hooks --print shows them)")
    folder = os.path.dirname(target)
    try:
        os.makedirs(folder, exist_ok=True)
        backup = None
        if original is not None:
            backup = target + BACKUP_SUFFIX
            _atomic_write(backup, original, os.stat(target).st_mode & 0o777)
        _atomic_write(target, text, os.stat(target).st_mode & 0o777 if original is not None else 0o644)
    except OSError as exc:
        raise CodelakeError(f"{path}: cannot write ({exc.strerror}), left unchanged") from None
    return backup


def _atomic_write(path: str, text: str, mode: int) -> None:
    tmp = f"{path}.codelake-tmp-{os.getpid()}"
    try:
        with open(tmp, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
