"""Recovering file paths from shell commands and ``apply_patch`` bodies.

Shell parsing is a heuristic (confidence ``SHELL_CONFIDENCE``): only well-known file commands are understood
(``cat``, ``sed -n``, ``rg``, ``ls``, ``rm``...), options and patterns are skipped, and anything with variables,
globs or substitutions is ignored rather than guessed. Patch headers are exact.
"""

from __future__ import annotations

import re
import shlex
from typing import Iterator, NamedTuple

SHELL_CONFIDENCE = 0.5
PATCH_CONFIDENCE = 1.0

READ_CMDS = {"cat", "head", "tail", "less", "more", "bat", "nl", "wc", "view"}
SEARCH_CMDS = {"rg", "grep", "egrep", "fgrep", "ag", "ack", "git-grep"}
LIST_CMDS = {"ls", "tree", "find", "fd"}
DELETE_CMDS = {"rm", "unlink"}
CREATE_CMDS = {"touch", "mkdir"}
# Options of these commands that consume the next word (so it is not taken for a path).
VALUE_OPTS = {
    "head": {"-n", "-c"}, "tail": {"-n", "-c"},
    "rg": {"-e", "-g", "--glob", "-t", "--type", "-T", "-m", "-A", "-B", "-C", "--max-count", "-f"},
    "grep": {"-e", "-m", "-A", "-B", "-C", "--include", "--exclude", "-f"},
    "find": {"-name", "-iname", "-type", "-maxdepth", "-mindepth", "-path", "-newer", "-size", "-mtime"},
    "fd": {"-e", "-t", "-d", "--type", "--extension", "--max-depth"},
}
_SEPARATORS = {"&&", "||", ";", "|", "&", "(", ")", "\n"}
_UNSAFE = re.compile(r"[$`*?\[\]{}<>]")
_PATCH_HEADER = re.compile(r"^\*\*\* (Add|Delete|Update) File: (.+?)\s*$|^\*\*\* Move to: (.+?)\s*$", re.M)


class Touch(NamedTuple):
    op: str
    path: str  # as written: relative to the command's cwd, or absolute


def unwrap_argv(argv: list[str]) -> str | list[str]:
    """``["bash", "-lc", cmd]`` stands for ``cmd``; other argv lists are kept as they are."""
    if len(argv) >= 3 and argv[0].rsplit("/", 1)[-1] in {"bash", "sh", "zsh"} and argv[1] in {"-c", "-lc", "-ic"}:
        return argv[2]
    return argv


def command_touches(command: str | list[str]) -> list[Touch]:
    """File operations a shell command performs, as far as they can be read off the command."""
    if isinstance(command, str) and "*** Begin Patch" in command:
        return [Touch(op, path) for op, path in patch_touches(command)]  # apply_patch with a heredoc
    try:
        words = command if isinstance(command, list) else _split(command)
    except ValueError:
        return []
    touches, cwd_prefix = [], ""
    for segment in _segments(words):
        segment, written = _redirections(segment)
        touches.extend(Touch("write", _join(cwd_prefix, path)) for path in written)
        if segment and segment[0] == "cd" and len(segment) == 2 and not _UNSAFE.search(segment[1]):
            cwd_prefix = _join(cwd_prefix, segment[1])
            continue
        for op, path in _segment_touches(segment):
            touches.append(Touch(op, _join(cwd_prefix, path)))
    return touches


def _split(command: str) -> list[str]:
    lexer = shlex.shlex(command, posix=True, punctuation_chars=";&|()<>")
    lexer.whitespace_split = True
    lexer.commenters = ""
    return list(lexer)


def _segments(words: list[str]) -> Iterator[list[str]]:
    segment: list[str] = []
    for word in words:
        if word in _SEPARATORS or (word and set(word) <= set(";&|()")):
            yield segment
            segment = []
        else:
            segment.append(word)
    yield segment


def _redirections(words: list[str]) -> tuple[list[str], list[str]]:
    """Split off ``> file`` / ``2>/dev/null`` redirections; files written by ``>``/``>>`` are returned."""
    kept, written, i = [], [], 0
    while i < len(words):
        word = words[i]
        if word and set(word) <= set("<>&"):
            if kept and kept[-1].isdigit():
                kept.pop()  # the file descriptor of 2>...
            target = words[i + 1] if i + 1 < len(words) else ""
            if ">" in word and target and not target.startswith(("/dev/", "&")) and not _UNSAFE.search(target):
                written.append(target)
            i += 2
            continue
        kept.append(word)
        i += 1
    return kept, written


def _join(prefix: str, path: str) -> str:
    if not prefix or path.startswith("/"):
        return path
    return f"{prefix.rstrip('/')}/{path}"


def _segment_touches(words: list[str]) -> list[tuple[str, str]]:
    words = _strip_env(words)
    if not words:
        return []
    if words[0] == "apply_patch" and len(words) > 1:
        return [(op, path) for op, path in patch_touches(words[1])]
    name = words[0].rsplit("/", 1)[-1]
    if name == "git" and len(words) > 1 and words[1] == "grep":
        name, words = "git-grep", words[1:]
    args = _plain_args(name, words[1:])
    if name == "sed":
        return _sed(words[1:], args)
    if name in READ_CMDS:
        return [("read", a) for a in args]
    if name in SEARCH_CMDS:
        return [("search", a) for a in (args if _has_pattern_option(words) else args[1:])]
    if name in LIST_CMDS:
        return [("list", a) for a in args] or [("list", ".")]
    if name in DELETE_CMDS:
        return [("delete", a) for a in args]
    if name in CREATE_CMDS:
        return [("create", a) for a in args]
    if name in {"mv", "git-mv"} and len(args) == 2:
        return [("move", args[0]), ("move", args[1])]
    return []


def _strip_env(words: list[str]) -> list[str]:
    """Drop leading ``VAR=value`` assignments and ``sudo``/``env``/``time`` wrappers."""
    i = 0
    while i < len(words) and (re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", words[i]) or words[i] in {"sudo", "env", "time"}):
        i += 1
    return words[i:]


def _plain_args(name: str, words: list[str]) -> list[str]:
    """Non-option words that could be paths; values of value-taking options are skipped."""
    takes_value, args, skip = VALUE_OPTS.get(name.replace("git-", ""), set()), [], False
    for word in words:
        if skip:
            skip = False
        elif word in takes_value:
            skip = True
        elif word.startswith("-") or word == "--":
            continue
        elif word.isdigit() and name in {"head", "tail"}:
            continue
        else:
            args.append(word)
    return [a for a in args if not _UNSAFE.search(a) and "\n" not in a]


def _has_pattern_option(words: list[str]) -> bool:
    """The pattern came with -e/-f (so every plain word is a path), or there is none (``rg --files``)."""
    return any(w in {"-e", "-f", "--regexp", "--file", "--files"} or w.startswith(("--regexp=", "--file="))
               for w in words)


def _sed(words: list[str], args: list[str]) -> list[tuple[str, str]]:
    """``sed -n '1,80p' f`` reads f; ``sed -i ... f`` edits it; the first plain word is the script unless -e."""
    files = args if any(w == "-e" for w in words) else args[1:]
    op = "edit" if any(w.startswith("-i") or w == "--in-place" for w in words) else "read"
    return [(op, f) for f in files]


def patch_touches(patch: str) -> list[tuple[str, str]]:
    """File operations named by the headers of an ``apply_patch`` body (the body itself is never kept)."""
    touches: list[tuple[str, str]] = []
    for match in _PATCH_HEADER.finditer(patch or ""):
        kind, path, move_to = match.groups()
        if move_to:
            if touches and touches[-1][0] == "edit":
                touches[-1] = ("move", touches[-1][1])
            touches.append(("move", move_to))
        else:
            touches.append(({"Add": "create", "Delete": "delete", "Update": "edit"}[kind], path))
    return touches
