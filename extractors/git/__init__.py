"""The ``git`` extractor: commits and per-file changes (churn, authors, renames) from a repository's history.

Two backends give identical rows: the default streams one ``git log`` process (``gitlog``); ``pydriller`` reads
commit by commit and is kept as the reference (``ctx.options["git_backend"] == "pydriller"``).
``ctx.options["find_copies"]`` adds copy detection (change type ``C`` with the source as ``old_path``; default
backend only); switching it on or off re-mines the history, so old and new rows never disagree.
"""

from __future__ import annotations

from typing import Iterator

from pipeline.errors import ExtractError
from pipeline.extractor import Batch, Cursor, Replace, RunContext

from . import gitlog
from .history import count_commits, plan_run, shallow_commits
from .ignored import ignored_commits
from .lives import (LIFE_COLUMNS, EventLog, Stored, changed_paths, events_from_changes, extend, head_paths,
                    lives_from_rows, lives_table, resolve, touched_paths)
from .schema import RowBuffer, commits_schema, file_changes_schema, file_lives_schema, ignored_commits_schema

BATCH_COMMITS = 5000
BACKENDS = ("log", "pydriller")


class GitExtractor:
    name = "git"
    version = "1.0.0"
    # an incremental run rewrites only the lives of the paths it changes: the shards holding them, where the whole
    # table was written every run. Smaller shards write less (sympy, 3 commits changing 11 paths' lives: 256 rows a
    # shard wrote 110 KB, 1024 185 KB, 2048 235 KB, unsharded 166 KB: hashed paths compress worse) but every reader of
    # file_changes_current opens each (1 file 22 ms CPU, 4 files 24, 28 files 32): 1024 (rails 16 shards, sympy 7)
    shard_by = {"file_lives": "path"}
    sort_by = {"file_lives": ["path", "start_seq"]}
    shard_rows = {"file_lives": 1024}

    def __init__(self):
        self.tables = {"commits": commits_schema(), "file_changes": file_changes_schema(),
                       "file_lives": file_lives_schema(), "ignored_commits": ignored_commits_schema()}

    def run(self, ctx: RunContext, cursor: Cursor) -> Iterator[Batch | Replace]:
        shallow = shallow_commits(ctx.root)
        copies = bool(ctx.options.get("find_copies"))
        plan = plan_run(ctx.root, cursor, self.version, bool(ctx.options.get("full")), shallow, copies)
        if plan.mode == "none":
            ctx.count("no_git_history")
            return Cursor()
        mined_before = 0
        if plan.mode != "full":  # keep the mined rows: the new commits (none of them mined before, as they are not
            # ancestors of the cursor's commit) are appended, one delta file each table (pipeline.shards)
            for table in ("commits", "file_changes"):
                yield Replace(table, "sha", [])
            mined_before = int(cursor.state.get("commits", 0))
        if plan.reason == "history rewritten":
            ctx.count("history_rewritten")
        total = count_commits(ctx.root, plan.revisions) if plan.revisions else 0
        log = EventLog()
        yield from self._mine(ctx, plan.revisions, shallow, mined_before, total, copies, log)
        yield from self._lives(ctx, plan, log)
        yield Batch("ignored_commits", _ignored_table(ctx, plan.head))
        state = {**plan.fingerprint, "mode": plan.mode, "commits": mined_before + total}
        return Cursor(commit=plan.head, state=state)

    @staticmethod
    def _lives(ctx: RunContext, plan, log: EventLog) -> Iterator[Batch | Replace]:
        """Every path's lives, continued from the previous run's (or, for a lake mined before they existed, from
        its stored changes), resolved against HEAD's tree; with the previous run's lives, only the paths whose lives
        change are written again (``changed_paths``)."""
        head = head_paths(ctx.root, plan.head)
        stored = ctx.previous("file_lives", columns=["path", "in_head", "renamed_to"]) \
            if plan.mode != "full" else None
        if stored is None:
            lives = {}
            if plan.mode != "full" and (changes := ctx.previous("file_changes")) is not None:
                lives = extend({}, events_from_changes(changes).ordered())
            resolved = resolve(extend(lives, log.ordered()), head)
        else:
            columns = Stored(*(stored.column(c).to_pylist() for c in ("path", "in_head", "renamed_to")))
            changed = changed_paths(columns, touched_paths(log), head)
            yield Replace("file_lives", "path", sorted(changed))
            lives = _stored_lives(ctx, columns, changed)
            resolved = resolve(extend(lives, log.ordered()), head, only=changed)
        ctx.count("file_lives", len(resolved))
        yield Batch("file_lives", lives_table(resolved))

    def _mine(self, ctx: RunContext, revisions: list[str], shallow: set[str], first_seq: int,
              total: int, copies: bool, log: EventLog) -> Iterator[Batch]:
        """Stream the commits (newest first) into batches; the newest gets the highest topo_seq."""
        buffer, done = RowBuffer(), 0
        if not revisions:
            return
        for record in _backend(ctx.options.get("git_backend"), copies)(ctx.root, revisions, shallow, ctx.count):
            seq = first_seq + total - 1 - done
            buffer.add(record, seq)
            log.add(seq, record.files)
            done += 1
            if buffer.count >= BATCH_COMMITS:
                yield from _batches(buffer)
                if ctx.progress:
                    ctx.progress(done, total, "commits")
        if done != total:  # the history moved while we read it: numbering would be off
            raise ExtractError(f"{ctx.root}: git log gave {done} commits, rev-list counted {total}")
        ctx.count("commits_mined", done)
        yield from _batches(buffer)


def _stored_lives(ctx: RunContext, stored: Stored, changed: set[str]) -> dict:
    """The stored lives of the changed paths and of the paths those were renamed to (their targets keep where they
    are now as stored)."""
    wanted = set(changed)
    wanted.update(t for p, t in zip(stored.paths, stored.renamed_to) if t is not None and p in changed)
    if not wanted:
        return {}
    rows = ctx.previous("file_lives", columns=LIFE_COLUMNS, where=("path", sorted(wanted)))
    return lives_from_rows(rows.to_pylist() if rows is not None else [])


def _ignored_table(ctx: RunContext, head: str | None):
    import pyarrow as pa

    shas = ignored_commits(ctx.root, head)
    ctx.count("ignored_commits", len(shas))
    return pa.table({"sha": pa.array(shas, type=pa.string())})


def _batches(buffer: RowBuffer) -> Iterator[Batch]:
    commits, files = buffer.take()
    yield Batch("commits", commits)
    yield Batch("file_changes", files)


def _backend(name: str | None, copies: bool = False):
    if name in (None, "", "log", "git"):
        return lambda *args: gitlog.stream_commits(*args, copies=copies)
    if name == "pydriller":
        if copies:
            raise ExtractError("the pydriller backend cannot find copies (PyDriller diffs with -M only): "
                               "leave out --find-copies or use the default backend")
        from . import pydriller_backend

        return pydriller_backend.stream_commits
    raise ExtractError(f"unknown git backend {name!r} (choose from: {', '.join(BACKENDS)})")
