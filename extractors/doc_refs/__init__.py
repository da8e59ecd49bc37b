"""The ``doc_refs`` extractor: what the documents of a repository say about its code, and what each source file
says it is for.

Tables:
- ``doc_mentions``: one row per code-like token a document mentions (README, ``docs/``, architecture decision records,
  Markdown, reStructuredText, plain text), with its line and the heading it is under. ``sql/doc_refs.sql`` resolves
  them to the files and exported symbols of the structure tables.
- ``file_purposes``: one row per source file with a module docstring or a leading comment: its first sentence (the
  digest's one-line purpose of a subsystem's key files).

Incremental by content: a file whose blob id is unchanged since the last run is not read again. A bare repository is
read from its HEAD tree. Unreadable or oversized files are counted and skipped.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Iterator

from pipeline.extractor import Batch, Cursor, Replace, RunContext

from . import scan

BATCH_ROWS = 50_000


def _schemas() -> dict:
    import pyarrow as pa

    return {
        "doc_mentions": pa.schema([
            ("repo", pa.string()), ("doc_path", pa.string()), ("doc_kind", pa.string()), ("line", pa.int32()),
            ("heading", pa.string()), ("token", pa.string()), ("form", pa.string())]),
        "file_purposes": pa.schema([
            ("repo", pa.string()), ("path", pa.string()), ("purpose", pa.string()), ("source", pa.string()),
            ("line", pa.int32())]),
    }


def _source_language(path: str) -> str | None:
    from extractors.structure.languages import language_for

    lang = language_for(path)
    return getattr(lang, "name", lang)


class DocRefsExtractor:
    name = "doc_refs"
    version = "1.0.2"

    def __init__(self):
        self.tables = _schemas()

    def run(self, ctx: RunContext, cursor: Cursor) -> Iterator[Batch | Replace]:
        from pipeline.repos import is_bare_repo

        if is_bare_repo(ctx.root):
            with tempfile.TemporaryDirectory(prefix="codelake-docs-") as tmp:
                return (yield from self._index(ctx, cursor, Path(tmp), bare=True))
        return (yield from self._index(ctx, cursor, ctx.root, bare=False))

    def _index(self, ctx: RunContext, cursor: Cursor, read_root: Path, bare: bool):
        listed = _list(ctx.root, bare)
        seen = {c.path: c.blob_sha or "" for c in listed}
        full = bool(ctx.options.get("full")) or cursor.state.get("version") != self.version
        before = {} if full else dict(cursor.state.get("files") or {})
        changed = [c for c in listed if not c.blob_sha or before.get(c.path) != c.blob_sha]
        if bare:
            from extractors.structure.snapshot import write_blobs

            write_blobs(ctx.root, changed, read_root)
        if not full:
            keys = sorted({c.path for c in changed} | (set(before) - set(seen)))
            yield Replace("doc_mentions", "doc_path", keys)
            yield Replace("file_purposes", "path", keys)
        yield from self._read(ctx, read_root, changed)
        ctx.count("files_read", len(changed))
        return Cursor(commit=cursor.commit, state={"version": self.version, "files": seen})

    def _read(self, ctx: RunContext, root: Path, changed) -> Iterator[Batch]:
        import pyarrow as pa

        docs, purposes = [], []
        for cand in changed:
            kind = scan.doc_kind(cand.path)
            text = _read_text(root, cand.path, ctx, doc=kind is not None)
            if text is None:
                continue
            if kind:
                docs.extend({"doc_path": cand.path, "doc_kind": kind, "line": m.line, "heading": m.heading,
                             "token": m.token, "form": m.form} for m in scan.mentions(text))
            else:
                found = scan.purpose(text, _source_language(cand.path))
                if found:
                    purposes.append({"path": cand.path, "purpose": found[0], "source": found[1], "line": found[2]})
            if len(docs) >= BATCH_ROWS:
                yield Batch("doc_mentions", pa.Table.from_pylist(docs, schema=self.tables["doc_mentions"]))
                docs = []
        if docs:
            yield Batch("doc_mentions", pa.Table.from_pylist(docs, schema=self.tables["doc_mentions"]))
        if purposes:
            yield Batch("file_purposes", pa.Table.from_pylist(purposes, schema=self.tables["file_purposes"]))


def _wanted(path: str) -> bool:
    from extractors.structure.discover import GENERATED_NAME, vendored_reason

    if vendored_reason(path) or GENERATED_NAME.search(path):
        return False
    return bool(scan.doc_kind(path)) or _source_language(path) is not None


def _list(root: Path, bare: bool):
    if bare:
        from extractors.structure.snapshot import tree_candidates

        return [c for c in tree_candidates(root, _wanted) if c.mode != "120000"]
    from extractors.structure.discover import list_candidates
    from pipeline.repos import is_git_repo

    return list_candidates(root, is_git_repo(root), wanted=_wanted)


def _read_text(root: Path, rel: str, ctx: RunContext, doc: bool) -> str | None:
    """A document's text, or a source file's head (invalid UTF-8 replaced); None for a symlink, a binary, an
    oversized or unreadable file, or one outside the repository (pipeline.safeio)."""
    from pipeline.safeio import Refused, read_inside

    limit = scan.MAX_DOC_BYTES if doc else scan.HEADER_BYTES
    try:
        data = read_inside(root, rel, limit + 1, follow_links=False, truncate=True)
    except Refused:
        return None
    except OSError:
        ctx.count("files_unreadable")
        return None
    if b"\0" in data[:8192]:
        return None
    if doc and len(data) > limit:
        ctx.count("docs_too_large")
        return None
    return data[:limit].decode("utf-8", "replace")
