"""Reading documents and source headers: the mentions a document makes of code, and a source file's one-line
purpose. Pure functions over text; the extractor decides which files to read.

A mention is a token that looks like code: a path (``pipeline/lake.py``), a dotted name (``pipeline.lake.Lake``), a
name in a code span (Markdown backticks, reStructuredText double backticks and roles such as :func:`x`), or in prose
and code samples a name that cannot be an English word (``run_extractor``, ``GraphStore``, ``connect()``). Which file
or symbol a mention names is decided in SQL (``sql/doc_refs.sql``), against the structure tables.
"""

from __future__ import annotations

import re
from typing import Iterator, NamedTuple

MAX_DOC_BYTES = 1024 * 1024
MAX_MENTIONS = 20_000  # per document: a generated reference page says nothing more after that
MAX_LINE = 2000  # characters of a line looked at (minified or data lines)
HEADER_BYTES = 8192

DOC_EXTENSIONS = (".md", ".markdown", ".mdx", ".rst", ".txt", ".adoc")
DOC_NAMES = {"readme", "architecture", "contributing", "design", "hacking", "notes", "overview"}
ADR_PATH = re.compile(r"(?i)(^|/)(adrs?|decisions|decision-records|architecture[-_]decisions?)/|(^|/)adr[-_]?\d+")
CHANGELOG = re.compile(r"(?i)(^|/)(changelog|changes|history|news|release[-_]?notes)[^/]*$")

CODE_SPAN = re.compile(r"``([^`]+)``|`([^`\n]+)`")
ROLE = re.compile(r":(?:py:)?(?:func|meth|class|mod|attr|obj|data|exc|ref|doc|file):`~?([^`<]+?)(?:\s*<([^>]+)>)?`")
PATH = re.compile(r"(?<![\w/.:-])((?:\.{0,2}/)?[\w.-]+(?:/[\w.-]+)+|[\w-]+\.(?:py|pyi|js|jsx|mjs|cjs|ts|tsx|go|rs|"
                  r"java|kt|rb|php|c|h|cc|cpp|hpp|cs|swift|scala|toml|json|ya?ml))(?![\w/])")
DOTTED = re.compile(r"(?<![\w.])([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)+)(?![\w(])")
CALLED = re.compile(r"(?<![\w.])([A-Za-z_][\w.]*)\(\)")
CODEY = re.compile(r"(?<![\w.])([A-Za-z]\w*_\w+|_\w+|[a-z]+[A-Z]\w*|[A-Z][a-z0-9]+[A-Z]\w*)(?![\w])")
IDENT = re.compile(r"[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*")
MD_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
UNDERLINE = re.compile(r"^([=\-~^\"'`#*+<>:_.])\1{2,}\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")
URL = re.compile(r"\w+://\S+")


class Mention(NamedTuple):
    line: int
    heading: str | None
    token: str
    form: str  # path | dotted | code | identifier


def doc_kind(path: str) -> str | None:
    """markdown | rst | text | adr | changelog, or None when the file is not a document."""
    name = path.rsplit("/", 1)[-1]
    lower = name.lower()
    stem, dot, ext = lower.rpartition(".")
    if not dot:
        stem, ext = lower, ""
    if ext and "." + ext not in DOC_EXTENSIONS:
        return None
    if not ext and stem not in DOC_NAMES:
        return None
    if ext == "txt" and not (stem in DOC_NAMES or "/docs/" in "/" + path.lower() or stem.startswith("readme")):
        return None  # requirements.txt, data files: not documents
    if ADR_PATH.search(path):
        return "adr"
    if CHANGELOG.search(path):
        return "changelog"
    return {"md": "markdown", "markdown": "markdown", "mdx": "markdown", "rst": "rst"}.get(ext, "text")


def mentions(text: str) -> Iterator[Mention]:
    """Code-like tokens of a document, line by line, each with the heading it is under (deduplicated per line)."""
    lines = text.splitlines()
    heading, in_fence, count = None, False, 0
    for number, raw in enumerate(lines, 1):
        line = raw[:MAX_LINE]
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        title = None if in_fence else _heading(line, lines[number] if number < len(lines) else "")
        if title is not None:
            heading = title[:200]
        for token, form in _tokens(line, in_fence):
            yield Mention(number, heading, token, form)
            count += 1
            if count >= MAX_MENTIONS:
                return


def _heading(line: str, following: str) -> str | None:
    match = MD_HEADING.match(line)
    if match:
        return match.group(2).strip() or None
    stripped = line.strip()
    if stripped and not UNDERLINE.match(stripped) and UNDERLINE.match(following.strip() or "x") \
            and len(following.strip()) >= len(stripped):
        return stripped  # a reStructuredText or setext title: the next line underlines it
    return None


def _tokens(line: str, in_fence: bool) -> list[tuple[str, str]]:
    found: dict[str, str] = {}
    text = URL.sub(" ", line)
    spans = [] if in_fence else [m.group(1) or m.group(2) for m in CODE_SPAN.finditer(text)]
    spans += [] if in_fence else [m.group(2) or m.group(1) for m in ROLE.finditer(text)]
    for span in spans:
        for token in PATH.findall(span):
            found.setdefault(_clean(token), "path")
        for token in IDENT.findall(span):
            if len(token) >= 3:
                found.setdefault(_clean(token), "dotted" if "." in token else "code")
    # prose, and code samples (a fenced block): only what cannot be an English word
    prose = text if in_fence else ROLE.sub(" ", CODE_SPAN.sub(" ", text))
    for token in PATH.findall(prose):
        found.setdefault(_clean(token), "path")
    for pattern, form in ((DOTTED, "dotted"), (CALLED, "identifier"), (CODEY, "identifier")):
        for token in pattern.findall(prose):
            found.setdefault(_clean(token), "dotted" if "." in token else form)
    return [(t, f) for t, f in found.items() if t and len(t) <= 300]


def _clean(token: str) -> str:
    token = token.strip().strip(".,;:")
    while token.startswith("./"):
        token = token[2:]
    return token


# -- a source file's purpose --------------------------------------------------------------------------------------
DOCSTRING = re.compile(r'^(?:\s*(?:#[^\n]*)?\n)*\s*[rRuUbB]?("""|\'\'\')\s*(.*?)\1', re.S)
LICENSE = re.compile(r"(?i)copyright|licen[sc]e|spdx|all rights reserved|generated|do not edit|@flow|eslint|"
                     r"^\s*-\*-|vim:|coding[:=]")
COMMENT_LINE = re.compile(r"^\s*(//!?|#(?!!)|--|;+)\s?(.*)$")
BLOCK = re.compile(r"/\*\*?(.*?)\*/", re.S)


def purpose(text: str, language: str | None) -> tuple[str, str, int] | None:
    """(one-line purpose, source 'docstring' | 'comment', line) from a module docstring or the first comment that
    is not a licence, shebang or tool directive; None when the file has neither."""
    head = text[:HEADER_BYTES]
    if language == "python":
        match = DOCSTRING.match(head)
        if match:
            sentence = first_sentence(match.group(2))
            return (sentence, "docstring", head[:match.start(2)].count("\n") + 1) if sentence else None
    return _comment_purpose(head)


def _comment_purpose(head: str) -> tuple[str, str, int] | None:
    lines = head.splitlines()[:60]
    block: list[str] = []
    start, code = 0, len(lines) + 1
    for number, line in enumerate(lines, 1):
        match = COMMENT_LINE.match(line)
        if match and not line.lstrip().startswith("#!"):
            start = start or number
            block.append(match.group(2))
            continue
        if block:
            found = _accept(block, start)
            if found:
                return found
            block, start = [], 0
        if line.strip() and not match and not line.lstrip().startswith(("/*", "*", "#!")):
            code = number
            break  # code before any comment: a leading comment block is what describes a file
    found = _accept(block, start) if block else None
    if found:
        return found
    for match in BLOCK.finditer(head[:4096]):
        line = head[:match.start()].count("\n") + 1
        if line >= code:  # a block after code documents a declaration, not the file
            break
        body = [re.sub(r"^\s*\*\s?", "", l) for l in match.group(1).splitlines()]
        found = _accept(body, line)
        if found:
            return found
    return None


def _accept(block: list[str], line: int) -> tuple[str, str, int] | None:
    text = " ".join(l.strip() for l in block if l.strip())
    if not text or LICENSE.search(text):
        return None
    sentence = first_sentence(text)
    return (sentence, "comment", line) if sentence and len(sentence) >= 12 else None


def first_sentence(text: str, limit: int = 120) -> str | None:
    """The first sentence of a docstring or comment, one line, at most ``limit`` characters."""
    text = re.sub(r"\s+", " ", text.strip().split("\n\n", 1)[0]).strip()
    text = re.sub(r":(?:py:)?[a-z]+:(?=`)", "", text)  # reStructuredText roles: :class:`Domain` -> Domain
    text = re.sub(r"[`*]+", "", text)
    match = re.match(r"(.+?[.!?])(\s|$)", text)
    sentence = (match.group(1) if match else text).strip()
    if len(sentence) > limit:
        sentence = sentence[: limit - 1].rsplit(" ", 1)[0] + "…"
    return sentence or None
