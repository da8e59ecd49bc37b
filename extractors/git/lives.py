"""The lives of paths: which changes belong to one file, the path that file has now, and whether it exists at HEAD.

A *life* of a path starts where a file appears under it (added, copied or renamed to it; or, with no such change, its
first change in the mined history) and holds every later change of that path until the next life of the path starts.
Changes are ordered by ``topo_seq``, so with long-lived branches a file deleted on one branch and changed on another
keeps one life; the deletion is recorded as the life's end, not as the start of something new.

Where a life's file is now is decided by HEAD's tree, not by the last change in topological order (which, with
branches merged late, may be a deletion that the merge undid, or a change on a branch whose merge dropped the file):

* the life's path exists at HEAD and the life was never ended, or is the path's newest life: the file is alive there;
* otherwise, if the life was renamed away (its latest rename), it is where that rename's new life is;
* otherwise the file is gone, under its own path.

Lives are computed once per run of the git extractor (table ``file_lives``) and the views join changes to them by
path and ``topo_seq``; an incremental run continues the previous run's lives with the new commits' changes.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, NamedTuple

from pipeline.errors import ExtractError

from .history import run_git
from .schema import FileRecord


class Event(NamedTuple):
    seq: int
    order: int  # within a commit: ends (0) before starts (1) before first touches (2)
    path: str
    change: str  # 'D', 'R' (ends: path is the old path), 'A' (any start), 'M' (first change of a path)
    target: str | None = None  # the new path of a rename away


@dataclass
class Life:
    path: str
    start_seq: int
    end_seq: int | None = None  # the latest deletion or rename away in this life (topological order)
    end_type: str | None = None
    renamed_seq: int | None = None  # the latest rename away, and where to
    renamed_to: str | None = None
    current_path: str | None = None
    alive: bool = False
    renames: int = 0
    in_head: bool = False


class EventLog:
    """What a run's file changes say about lives: starts, ends, and each path's first plain change."""

    def __init__(self):
        self.events: list[Event] = []
        self.first_touch: dict[str, int] = {}

    def add(self, seq: int, files: Iterable[FileRecord]) -> None:
        for fr in files:  # fr: path, old_path, change_type, ...
            kind = fr[2]
            if kind == "M":
                if seq < self.first_touch.get(fr[0], seq + 1):
                    self.first_touch[fr[0]] = seq
            elif kind == "D":
                self.events.append(Event(seq, 0, fr[0], "D"))
            else:  # A, C, R start a life of the new path; R also ends the old path's
                self.events.append(Event(seq, 1, fr[0], "A"))
                if kind == "R":
                    self.events.append(Event(seq, 0, fr[1], "R", fr[0]))

    def ordered(self) -> list[Event]:
        touches = [Event(seq, 2, path, "M") for path, seq in self.first_touch.items()]
        return sorted(self.events + touches)


def events_from_changes(table) -> EventLog:
    """The event log of stored ``file_changes`` rows (a lake mined before ``file_lives`` existed)."""
    log = EventLog()
    columns = [table.column(c).to_pylist() for c in ("topo_seq", "path", "old_path", "change_type")]
    for seq, path, old, kind in zip(*columns):
        log.add(seq, [(path, old, kind)])
    return log


def lives_from_rows(rows: list[dict]) -> dict[str, list[Life]]:
    """Stored lives by path, with where each is now as stored (``resolve(..., only=...)`` recomputes it for some)."""
    lives: dict[str, list[Life]] = {}
    for r in sorted(rows, key=lambda r: r["start_seq"]):
        lives.setdefault(r["path"], []).append(Life(r["path"], r["start_seq"], r["end_seq"], r["end_type"],
                                                    r["renamed_seq"], r["renamed_to"], r["current_path"],
                                                    bool(r["alive"]), r["renames"] or 0, bool(r["in_head"])))
    return lives


def touched_paths(log: EventLog) -> set[str]:
    """The paths a run's changes start, end or change a life of (a rename's both sides)."""
    return {e.path for e in log.events} | {e.target for e in log.events if e.target} | set(log.first_touch)


class Stored(NamedTuple):
    """The previous run's lives, the columns that say which of them a run changes."""
    paths: list[str]
    in_head: list[bool]
    renamed_to: list[str | None]


def changed_paths(stored: Stored, touched: set[str], head: set[str]) -> set[str]:
    """The paths whose lives a run changes: those its changes touch; those HEAD's tree gained or lost without a
    change of their own (a merge brings a file in or drops it: merges carry no changes); and, repeatedly, the paths
    whose lives were renamed to one of those (where a file is now follows its renames)."""
    changed = set(touched)
    changed.update(p for p, was in zip(stored.paths, stored.in_head) if was != (p in head))
    renamed_from: dict[str, set[str]] = {}
    for path, target in zip(stored.paths, stored.renamed_to):
        if target is not None:
            renamed_from.setdefault(target, set()).add(path)
    pending = list(changed)
    while pending:
        for path in renamed_from.get(pending.pop(), ()):
            if path not in changed:
                changed.add(path)
                pending.append(path)
    return changed


def extend(lives: dict[str, list[Life]], events: list[Event]) -> dict[str, list[Life]]:
    """Continue ``lives`` (path -> lives by start) with events of later commits, in topological order."""
    for event in events:
        own = lives.get(event.path)
        if event.order == 0:  # an end belongs to the newest life that started before it
            life = own[-1] if own and own[-1].start_seq < event.seq else None
            if life is None:  # a file that was there before the mined history (shallow clone) and ends
                life = Life(event.path, event.seq)
                lives.setdefault(event.path, []).append(life)
            life.end_seq, life.end_type = event.seq, event.change
            if event.change == "R":
                life.renamed_seq, life.renamed_to = event.seq, event.target
        elif event.order == 1 or not own:
            lives.setdefault(event.path, []).append(Life(event.path, event.seq))
    return lives


def resolve(lives: dict[str, list[Life]], head: set[str], only: set[str] | None = None) -> list[Life]:
    """Set each life's current path, alive flag and renames followed (see the module docstring); ``only``: just the
    lives of those paths (the others keep what is stored: nothing they follow changed), and only those returned."""
    starts = {path: [life.start_seq for life in own] for path, own in lives.items()}
    # a rename's new life starts later than the life renamed, or in the same commit when the renamed life began
    # there (a file a merge brought in has no change before its rename: rails' storage_services.yml, from a subtree
    # merge): those go after the other lives of their commit, so their target is always resolved first (in insertion
    # order the full run left 5 of rails' lives without a current path, the incremental run had them right)
    every = sorted((life for own in lives.values() for life in own),
                   key=lambda life: (-life.start_seq, life.renamed_seq == life.start_seq))
    if only is not None:
        every = [life for life in every if life.path in only]
    for life in every:
        own = lives[life.path]
        life.in_head = life.path in head
        if life.in_head and (life.end_seq is None or life is own[-1]):
            life.current_path, life.alive, life.renames = life.path, True, 0
            continue
        target = _life_at(lives, starts, life.renamed_to, life.renamed_seq) if life.renamed_to else None
        if target is not None:
            life.current_path, life.alive, life.renames = target.current_path, target.alive, target.renames + 1
        else:
            life.current_path, life.alive, life.renames = life.path, False, 0
    return sorted(every, key=lambda life: (life.path, life.start_seq))


def _life_at(lives, starts, path: str, seq: int) -> Life | None:
    index = bisect_right(starts.get(path, []), seq) - 1
    return lives[path][index] if index >= 0 else None


def head_paths(root: Path, head: str) -> set[str]:
    """Every path in the tree of commit ``head`` (files, symlinks and submodules)."""
    proc = run_git(root, ["ls-tree", "-r", "-z", "--name-only", "--full-tree", head], text=False)
    if proc.returncode != 0:
        raise ExtractError(f"{root}: git ls-tree {head} failed: {proc.stderr.decode(errors='replace').strip()}")
    return {p.decode("utf-8", "replace") for p in proc.stdout.split(b"\0") if p}


LIFE_COLUMNS = ["path", "start_seq", "end_seq", "end_type", "renamed_to", "renamed_seq", "current_path", "alive",
                "renames", "in_head"]


def lives_table(lives: list[Life]):
    import pyarrow as pa

    from .schema import _without_repo, file_lives_schema

    schema = _without_repo(file_lives_schema())
    columns = [[getattr(life, name) for life in lives] for name in LIFE_COLUMNS]
    return pa.Table.from_arrays([pa.array(col, type=f.type) for col, f in zip(columns, schema)], schema=schema)
