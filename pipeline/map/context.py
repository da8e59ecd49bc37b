"""Context packing: the source an agent needs for a task, within a token budget.

``sql/context_candidates.sql`` expands the targets through callers, callees and fused neighbours and ranks the
symbols; this module only reads their spans from the working tree and packs them: full source for the top items,
the signature line for the next ones, ``path:line`` for every other one. A file whose content changed since it was
indexed is said so (its line numbers may have moved), and a file that vanished is listed, not read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import QueryError
from ..query import NO_STRUCTURE, resolve_target

MAX_SPAN_LINES = 400  # a longer definition is shown by its signature only
LISTED_MIN, TOKENS_PER_LISTED = 8, 60  # items considered: at least 8, one per 60 tokens of budget


@dataclass
class Packed:
    text: str
    tokens: int
    full: int = 0
    signatures: int = 0
    listed: int = 0
    notes: list[str] = field(default_factory=list)


class Sources:
    """Reads files of one repository's working tree once, and knows whether they changed since indexing."""

    def __init__(self, root: str | None):
        self.root = Path(root) if root else None
        self.cache: dict[str, list[str] | None] = {}
        self.changed: set[str] = set()

    def lines(self, path: str, blob_sha: str | None) -> list[str] | None:
        if path not in self.cache:
            self.cache[path] = self._read(path, blob_sha)
        return self.cache[path]

    def _read(self, path: str, blob_sha: str | None) -> list[str] | None:
        from ..exports.read import blob_sha_of

        if self.root is None or not self.root.is_dir():
            return None
        full = (self.root / path).resolve()
        if not full.is_relative_to(self.root.resolve()) or not full.is_file():
            return None
        if blob_sha and blob_sha_of(str(full)) != blob_sha:
            self.changed.add(path)
        try:
            return full.read_bytes()[:4 * 1024 * 1024].decode("utf-8", "replace").splitlines()
        except OSError:
            return None


def candidates(catalog, targets: list[str], repo: str | None, depth: int, max_files: int) -> tuple[str, list[dict]]:
    catalog.require("context_candidates", NO_STRUCTURE)
    resolved = [resolve_target(catalog, t, repo) for t in targets]
    repos = {t.repo for t in resolved}
    if len(repos) > 1:
        raise QueryError(f"targets are in several repositories ({', '.join(sorted(repos))}): name one with --repo")
    repo = repos.pop()
    columns, rows = catalog.rows("SELECT * FROM context_candidates(?, ?, max_depth := ?, max_files := ?)",
                                 [[t.value for t in resolved], repo, depth, max_files])
    return repo, [dict(zip(columns, r)) for r in rows]


def pack(catalog, targets: list[str], budget: int = 4000, repo: str | None = None, depth: int = 2,
         max_files: int = 15) -> Packed:
    from ..exports import tokens

    repo, items = candidates(catalog, targets, repo, depth, max_files)
    dropped = max(len(items) - max(LISTED_MIN, budget // TOKENS_PER_LISTED), 0)
    items = items[: len(items) - dropped]
    sources = Sources(catalog.lake.snapshot(repo).info.get("root"))
    labels = [f"{i['path']}:{i['line_start']} {i['qualname']} ({_relation(i)})" for i in items]
    label_cost = [tokens.count(label + "\n") for label in labels]
    blocks: list[str] = []
    listing: list[str] = []
    used = sum(label_cost)  # every item is at least listed: its path and line are reserved up front
    packed = Packed("", 0)
    for item, label, reserved in zip(items, labels, label_cost):
        lines = sources.lines(item["path"], item["blob_sha"])
        body = _span(lines, item) if lines is not None else None
        for kind, text in (("full", body), ("signature", _signature(lines, item) if lines is not None else None)):
            if text is None:
                continue
            block = f"## {label}\n{text}" if kind == "full" else f"{label}: {text.strip()}"
            cost = tokens.count(block + "\n") - reserved
            if used + cost <= budget:
                (blocks if kind == "full" else listing).append(block)
                used += cost
                packed.full += kind == "full"
                packed.signatures += kind == "signature"
                break
        else:
            listing.append(label)
            packed.listed += 1
    if dropped:
        packed.notes.append(f"{dropped} more related symbols left out (raise --budget to list them)")
    text = "\n".join(blocks + (["## also relevant"] + listing if listing else []))
    while text and tokens.count(text) > budget:  # the reserve was an estimate: drop listed items from the end
        text = text.rsplit("\n", 1)[0] if "\n" in text else ""
    packed.text, packed.tokens = text, tokens.count(text)
    for path in sorted(sources.changed):
        packed.notes.append(f"{path} changed since it was indexed: line numbers may have moved "
                            f"(run `codelake update {path}`)")
    return packed


def _relation(item: dict) -> str:
    if item["relation"] == "target":
        return "target"
    return f"{item['relation']}, {item['depth']} hop{'s' if item['depth'] > 1 else ''}"


def _span(lines: list[str], item: dict) -> str | None:
    start, end = int(item["line_start"] or 1), int(item["line_end"] or item["line_start"] or 1)
    if end - start + 1 > MAX_SPAN_LINES or start > len(lines):
        return None
    return "\n".join(lines[start - 1:end])


def _signature(lines: list[str], item: dict) -> str | None:
    """The definition's first line, continued up to 3 lines until it opens its body (':' or '{')."""
    start = int(item["line_start"] or 1)
    if start > len(lines):
        return None
    out = []
    for line in lines[start - 1:start + 2]:
        out.append(line.strip())
        if line.rstrip().endswith((":", "{", ";", "=>")) or ")" in line:
            break
    return " ".join(out)[:300]
