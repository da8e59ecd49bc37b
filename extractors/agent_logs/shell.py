"""Recovering file paths from shell commands and ``apply_patch`` bodies.

Shell parsing is a heuristic (confidence ``SHELL_CONFIDENCE``): only well-known file commands are understood
(``cat``, ``sed -n``, ``rg``, ``ls``, ``rm``...). Commands hold secrets (``cat > .env <<EOF ... API_KEY=...``,
``grep --regexp TOKEN``), so a word becomes a path only when it stands where the command takes a path: heredoc
bodies, here-strings, comments, option values, patterns, scripts and ``find`` expressions (``-exec grep X``) are
never paths; anything with variables, globs or substitutions is ignored rather than guessed; and the extractor stores
a parsed word only when it is a plausible path (``looks_like_path``, or it exists in the repository). Patch headers
are exact.
"""

from __future__ import annotations

import re
from typing import Iterator, NamedTuple

SHELL_CONFIDENCE = 0.5
PATCH_CONFIDENCE = 1.0


class Spec(NamedTuple):
    """How a command's words read: ``op`` on every path; ``values``/``long_values``: options taking a value (never a
    path); ``pattern_first``: the first plain word is a pattern or script unless ``pattern_opts`` gave one;
    ``stop``: options after which the rest is another command; ``default``: the path when none is named."""

    op: str
    values: str = ""
    long_values: frozenset = frozenset()
    pattern_first: bool = False
    pattern_opts: frozenset = frozenset()
    stop: frozenset = frozenset()
    default: str | None = None


def _spec(op: str, values: str = "", long_values: str = "", pattern_opts: str = "", stop: str = "",
          pattern_first: bool = False, default: str | None = None) -> Spec:
    return Spec(op, values, frozenset(long_values.split()), pattern_first or bool(pattern_opts),
                frozenset(pattern_opts.split()), frozenset(stop.split()), default)


_GREP = _spec("search", "efmABCdD", "--regexp --file --max-count --after-context --before-context --context "
              "--include --exclude --exclude-dir --exclude-from --label --binary-files --devices --directories "
              "--group-separator", "-e -f --regexp --file")
COMMANDS = {
    "cat": _spec("read"), "view": _spec("read"), "more": _spec("read", "n"),
    "head": _spec("read", "nc", "--lines --bytes"), "tail": _spec("read", "ncs", "--lines --bytes --pid --sleep-interval"),
    "less": _spec("read", "bhjkopPTxyz", "--pattern --tag --log-file --tabs --shift"),
    "bat": _spec("read", "lHrm", "--language --highlight-line --line-range --map-syntax --style --theme --tabs "
                 "--wrap --terminal-width --decorations --color --italic-text --paging --pager --file-name"),
    "nl": _spec("read", "bdfhilnsvw"), "wc": _spec("read", "", "--files0-from"),
    "grep": _GREP, "egrep": _GREP, "fgrep": _GREP,
    "rg": _spec("search", "efgtTmABCrMjEd", "--regexp --file --glob --iglob --type --type-not --type-add "
                "--type-clear --max-count --after-context --before-context --context --replace --max-columns "
                "--threads --encoding --max-depth --max-filesize --ignore-file --pre --pre-glob --sort --sortr "
                "--context-separator --field-match-separator --field-context-separator --path-separator --color "
                "--colors --dfa-size-limit --regex-size-limit --engine", "-e -f --regexp --file --files --type-list"),
    "ag": _spec("search", "GgABCmp", "--ignore --ignore-dir --depth --path-to-ignore --file-search-regex "
                "--after --before --context --max-count", "-g"),
    "ack": _spec("search", "ABCmg", "--match --type --ignore-dir --ignore-file --output --after-context "
                 "--before-context --context --max-count", "--match -g -f"),
    "git-grep": _spec("search", "efABCmO", "--max-depth --threads --after-context --before-context --context "
                      "--max-count --open-files-in-pager", "-e -f"),
    "ls": _spec("list", "ITw", "--ignore --hide --width --tabsize --format --sort --time --time-style --color "
                "--quoting-style --block-size --indicator-style", default="."),
    "tree": _spec("list", "LPIoH", "--filelimit --timefmt --charset --sort", default="."),
    "fd": _spec("list", "etdEcjSoxX", "--extension --type --max-depth --min-depth --exact-depth --exclude --color "
                "--threads --size --changed-within --changed-before --owner --base-directory --path-separator "
                "--max-results --ignore-file --exec --exec-batch", pattern_first=True, stop="-x -X --exec --exec-batch",
                default="."),
    "rm": _spec("delete"), "unlink": _spec("delete"),
    "touch": _spec("create", "dtr", "--date --reference --time"), "mkdir": _spec("create", "m", "--mode --context"),
    "mv": _spec("move", "tS", "--target-directory --suffix --backup"),
    "git-mv": _spec("move"),
    "sed": _spec("read", "efl", "--expression --file --line-length", "-e -f --expression --file"),
}
FIND_VALUE_OPTS = {"-H", "-L", "-P", "-O", "-D"}  # find's own options before its paths

# Operators of the shell grammar the tokenizer knows, longest first.
_OPERATORS = sorted(["&&", "||", ";;", ";", "&", "|&", "|", "(", ")", "<<<", "<<-", "<<", ">>", ">|", "&>>", "&>",
                     ">&", "<&", "<>", "<", ">"], key=len, reverse=True)
_SEPARATORS = {"&&", "||", ";;", ";", "&", "|&", "|", "(", ")", "\n"}
_WRITES = {">", ">>", ">|", "&>", "&>>", "<>"}
_UNSAFE = re.compile(r"[$`*?\[\]{}<>]")
_NAME = re.compile(r"[^\s=:'\"\\|;&<>$`*?\[\]{}]+")
_EXTENSION = re.compile(r"\.[A-Za-z0-9_]{1,10}$")
_PATCH_HEADER = re.compile(r"^\*\*\* (Add|Delete|Update) File: (.+?)\s*$|^\*\*\* Move to: (.+?)\s*$", re.M)


class Touch(NamedTuple):
    op: str
    path: str  # as written: relative to the command's cwd, or absolute


class Op(str):
    """A shell operator (``|``, ``>``, ``&&``, a newline), as opposed to a word that happens to read the same."""


def unwrap_argv(argv: list[str]) -> str | list[str]:
    """``["bash", "-lc", cmd]`` stands for ``cmd``; other argv lists are kept as they are."""
    if len(argv) >= 3 and argv[0].rsplit("/", 1)[-1] in {"bash", "sh", "zsh"} and argv[1] in {"-c", "-lc", "-ic"}:
        return argv[2]
    return argv


def looks_like_path(word: str) -> bool:
    """A word with the shape of a file path: no ``=``, ``:``, spaces, quotes or shell syntax, parts of sane length,
    and a folder separator or a short extension (``src/a``, ``a.py``). Secrets, patterns, scripts and URLs fail."""
    if not word or len(word) > 1024 or word in (".", ".."):
        return word in (".", "..")
    parts = [p for p in word.split("/") if p]
    if not parts or any(len(p) > 255 or not _NAME.fullmatch(p) for p in parts):
        return False
    return "/" in word.strip("/") or word.startswith(("./", "../", "/")) or bool(_EXTENSION.search(parts[-1]))


def command_touches(command: str | list[str]) -> list[Touch]:
    """File operations a shell command performs, as far as they can be read off the command."""
    if isinstance(command, str) and "*** Begin Patch" in command:
        return [Touch(op, path) for op, path in patch_touches(command)]  # apply_patch with a heredoc
    try:
        words = list(command) if isinstance(command, list) else tokenize(command)
    except ValueError:
        return []
    touches, cwd_prefix = [], ""
    for segment in _segments(words):
        segment, redirected = _redirections(segment)
        touches.extend(Touch(op, _join(cwd_prefix, path)) for op, path in redirected)
        if segment and segment[0] == "cd" and len(segment) == 2 and not _UNSAFE.search(segment[1]):
            cwd_prefix = _join(cwd_prefix, segment[1])
            continue
        for op, path in _segment_touches(segment):
            touches.append(Touch(op, _join(cwd_prefix, path)))
    return touches


def tokenize(text: str) -> list[str]:
    """Words and ``Op`` operators of a shell command, quotes removed. Comments, heredoc bodies and their
    delimiters leave nothing behind; an unterminated quote raises ValueError."""
    lexer = _Lexer(text)
    lexer.run()
    return lexer.out


class _Lexer:
    def __init__(self, text: str):
        self.text, self.i, self.out = text, 0, []
        self.word: list[str] = []
        self.quoted = False
        self.delimiter_for: str | None = None  # the operator (<< or <<-) whose delimiter is the next word
        self.heredocs: list[tuple[str, bool]] = []  # (delimiter, strip tabs) whose bodies start at the next line

    def run(self) -> None:
        text, n = self.text, len(self.text)
        while self.i < n:
            c = text[self.i]
            if c == "\\":
                if text.startswith("\\\n", self.i):
                    self.i += 2  # a line continuation
                    continue
                self.word.append(text[self.i + 1:self.i + 2])
                self.i += 2
            elif c in "'\"":
                self._quoted(c)
            elif c == "#" and not self.word and not self.quoted:
                end = text.find("\n", self.i)
                self.i = n if end < 0 else end  # a comment: the newline stays a separator
            elif c == "\n":
                self._flush()
                self.out.append(Op("\n"))
                self.i += 1
                self._skip_heredoc_bodies()
            elif c in " \t\r":
                self._flush()
                self.i += 1
            else:
                self._operator_or_char(c)
        self._flush()

    def _quoted(self, quote: str) -> None:
        text, j = self.text, self.i + 1
        chars = []
        while j < len(text) and text[j] != quote:
            if quote == '"' and text[j] == "\\" and text[j + 1:j + 2] in ('"', "\\", "$", "`", "\n"):
                j += 1
            chars.append(text[j])
            j += 1
        if j >= len(text):
            raise ValueError("unterminated quote")
        self.word.append("".join(chars))
        self.quoted, self.i = True, j + 1

    def _operator_or_char(self, c: str) -> None:
        op = next((o for o in _OPERATORS if self.text.startswith(o, self.i)), None)
        if op is None:
            self.word.append(c)
            self.i += 1
            return
        if op[0] in "<>" and self.word and not self.quoted and "".join(self.word).isdigit():
            self.word = []  # the file descriptor of 2>...
        self._flush()
        self.i += len(op)
        if op in ("<<", "<<-"):
            self.delimiter_for = op
        else:
            self.out.append(Op(op))

    def _flush(self) -> None:
        if not self.word and not self.quoted:
            return
        word = "".join(self.word)
        self.word, self.quoted = [], False
        if self.delimiter_for is not None:  # a heredoc's delimiter: its body comes after the next newline
            self.heredocs.append((word, self.delimiter_for == "<<-"))
            self.delimiter_for = None
            return
        self.out.append(word)

    def _skip_heredoc_bodies(self) -> None:
        text = self.text
        for delimiter, strip_tabs in self.heredocs:
            while self.i < len(text):
                end = text.find("\n", self.i)
                line = text[self.i:] if end < 0 else text[self.i:end]
                self.i = len(text) if end < 0 else end + 1
                if (line.lstrip("\t") if strip_tabs else line) == delimiter:
                    break
        self.heredocs = []


def _segments(words: list[str]) -> Iterator[list[str]]:
    segment: list[str] = []
    for word in words:
        if isinstance(word, Op) and word in _SEPARATORS:
            yield segment
            segment = []
        else:
            segment.append(word)
    yield segment


def _redirections(words: list[str]) -> tuple[list[str], list[tuple[str, str]]]:
    """Split off redirections: ``> f``/``>> f`` write f, ``< f`` reads it; here-strings and ``2>&1`` name none."""
    kept, touched, i = [], [], 0
    while i < len(words):
        word = words[i]
        if not isinstance(word, Op):
            kept.append(word)
            i += 1
            continue
        target = words[i + 1] if i + 1 < len(words) and not isinstance(words[i + 1], Op) else ""
        if target and not target.startswith(("/dev/", "&")) and not _UNSAFE.search(target):
            if word in _WRITES:
                touched.append(("write", target))
            elif word == "<":
                touched.append(("read", target))
        i += 2 if target else 1
    return kept, touched


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
    if name == "git" and len(words) > 1 and words[1] in ("grep", "mv"):
        name, words = f"git-{words[1]}", words[1:]
    if name == "find":
        return [("list", p) for p in _safe(_find_paths(words[1:]))] or [("list", ".")]
    spec = COMMANDS.get(name)
    if spec is None:
        return []
    paths, pattern_given = _plain_words(spec, words[1:])
    if spec.pattern_first and not pattern_given:
        paths = paths[1:]  # the pattern, or sed's script
    paths = _safe(paths)
    if spec.op == "move":
        return [("move", paths[0]), ("move", paths[1])] if len(paths) == 2 else []
    op = spec.op
    if name == "sed" and any(w.startswith("-i") or w.startswith("--in-place") for w in words[1:]):
        op = "edit"
    return [(op, p) for p in paths] or ([(op, spec.default)] if spec.default else [])


def _strip_env(words: list[str]) -> list[str]:
    """Drop leading ``VAR=value`` assignments and ``sudo``/``env``/``time`` wrappers."""
    i = 0
    while i < len(words) and (re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", words[i]) or words[i] in {"sudo", "env", "time"}):
        i += 1
    return words[i:]


def _plain_words(spec: Spec, words: list[str]) -> tuple[list[str], bool]:
    """The words that are not options or option values; whether an option supplied the pattern."""
    out, pattern_given, i = [], False, 0
    while i < len(words):
        word = words[i]
        i += 1
        if word == "--":
            out.extend(words[i:])
            break
        if word.startswith("--"):
            name, eq, _value = word.partition("=")
            pattern_given |= name in spec.pattern_opts
            if name in spec.stop:
                break
            i += name in spec.long_values and not eq
        elif word.startswith("-") and len(word) > 1:
            for k, ch in enumerate(word[1:]):
                pattern_given |= f"-{ch}" in spec.pattern_opts
                if f"-{ch}" in spec.stop:
                    return out, pattern_given
                if ch in spec.values:  # its value is the rest of the word, else the next word
                    i += k == len(word) - 2
                    break
        elif not (word.startswith("+") and spec.op == "read"):  # less +F, tail +5
            out.append(word)
    return out, pattern_given


def _find_paths(words: list[str]) -> list[str]:
    """``find``'s starting points: the words before its expression (``-name``, ``(``, ``!``, ``-exec ...``)."""
    out = []
    for word in words:
        if word in FIND_VALUE_OPTS:
            continue
        if word.startswith(("-", "(", "!", ")")) or word == ",":
            break
        out.append(word)
    return out


def _safe(words: list[str]) -> list[str]:
    return [w for w in words if w and not _UNSAFE.search(w) and "\n" not in w]


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
