"""The ``git`` extractor: commits and per-file changes (churn, authors, renames) from a repository's history.

Two backends give identical rows: the default streams one ``git log`` process (``gitlog``); ``pydriller`` reads
commit by commit and is kept as the reference (``ctx.options["git_backend"] == "pydriller"``).
"""

from __future__ import annotations

from typing import Iterator

from pipeline.errors import ExtractError
from pipeline.extractor import Batch, Cursor, Replace, RunContext

from . import gitlog
from .history import commit_shas, plan_run, shallow_commits
from .schema import RowBuffer, commits_schema, file_changes_schema

BATCH_COMMITS = 5000
BACKENDS = ("log", "pydriller")


class GitExtractor:
    name = "git"
    version = "1.0.0"

    def __init__(self):
        self.tables = {"commits": commits_schema(), "file_changes": file_changes_schema()}

    def run(self, ctx: RunContext, cursor: Cursor) -> Iterator[Batch | Replace]:
        shallow = shallow_commits(ctx.root)
        plan = plan_run(ctx.root, cursor, self.version, bool(ctx.options.get("full")), shallow)
        if plan.mode == "none":
            ctx.count("no_git_history")
            return Cursor()
        if plan.mode != "full":  # keep the mined rows; incremental runs replace only the commits they mine
            shas = commit_shas(ctx.root, plan.revisions) if plan.mode == "incremental" else []
            for table in self.tables:
                yield Replace(table, "sha", shas)
        if plan.reason == "history rewritten":
            ctx.count("history_rewritten")
        yield from self._mine(ctx, plan.revisions, shallow)
        return Cursor(commit=plan.head, state={**plan.fingerprint, "mode": plan.mode})

    def _mine(self, ctx: RunContext, revisions: list[str], shallow: set[str]) -> Iterator[Batch]:
        if not revisions:
            return
        buffer, done = RowBuffer(), 0
        for record in _backend(ctx.options.get("git_backend"))(ctx.root, revisions, shallow, ctx.count):
            buffer.add(record)
            if buffer.count >= BATCH_COMMITS:
                done += buffer.count
                yield from _batches(buffer)
                if ctx.progress:
                    ctx.progress(done, 0, "commits")
        ctx.count("commits_mined", done + buffer.count)
        yield from _batches(buffer)


def _batches(buffer: RowBuffer) -> Iterator[Batch]:
    commits, files = buffer.take()
    yield Batch("commits", commits)
    yield Batch("file_changes", files)


def _backend(name: str | None):
    if name in (None, "", "log", "git"):
        return gitlog.stream_commits
    if name == "pydriller":
        from . import pydriller_backend

        return pydriller_backend.stream_commits
    raise ExtractError(f"unknown git backend {name!r} (choose from: {', '.join(BACKENDS)})")
