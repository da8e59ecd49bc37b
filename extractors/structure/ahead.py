"""An update's files parsed ahead, while the process that asked still starts up.

A cold ``codelake update`` spends most of its time before it parses: importing pyarrow (~100 ms), compiling the
language's query (~110 ms for Python's), reading the lake's snapshot. Parsing needs none of that but the query, so a
forked child compiles the query and parses the files meanwhile, on the other core, and hands back their facts
(plain Python objects: the child never imports pyarrow). That child is the one the per-file budget watches
(``budget.start_child``): the run takes it over when it asks to parse exactly what the child parses, and a file that
outlives its budget or kills the child is recorded as skipped, the rest parsed again as any run's would be
(``budget.run_guarded``). Otherwise the child is stopped and the run parses as it always does. Only a one-shot
process asks for it: a long-lived one (the warm refresh worker) keeps its compiled queries instead.
"""

from __future__ import annotations

import os
import signal
import sys
from functools import partial
from pathlib import Path

from . import budget

MAX_BYTES = 2_000_000  # more than an edit's few files: a whole-run parse goes through the pool as always


class ParsedAhead:
    """A child parsing ``items`` (the plan's tuples for an update of ``files`` of ``root``); ``take`` hands its
    tables over once. Written out, not a dataclass: the process it serves is an update's, which would write and
    ``exec`` a dataclass's methods' source."""

    def __init__(self, pid: int | None, fd: int, root: Path, items: list, files: frozenset = frozenset(),
                 store: str | None = None):
        self.pid, self.fd, self.root, self.items = pid, fd, root, items
        self.files = files  # the paths (relative to ``root``) it was planned from
        self.store = store  # where the child reads and keeps its files' top-level nodes' records (``topnodes``)
        self.verdicts: list[str] = []  # once taken: how each file's captures were collected (``topnodes``)

    def take(self, items: list, head: str | None, entry_points: set) -> dict | None:
        """The tables of the child's facts (with the run's ``head`` and ``entry_points``, which parsing does not
        read) when it parses exactly ``items``, else None (the child is stopped)."""
        if self.pid is None or items != self.items:
            self.cancel()
            return None
        from .marks import skipped_item
        from .rows import tables_from_facts

        child, self.pid = (self.pid, self.fd), None  # run_guarded reaps it and closes its pipe
        parts = budget.run_guarded(partial(_parse_item, self.root, items, store=self.store), items, skipped_item,
                                   _packed, started=child)
        self.verdicts = [verdict for part in parts for verdict in part[1]]
        return tables_from_facts([_unpacked(f) for part in parts for f in part[0]], head, entry_points)

    def cancel(self) -> None:
        if self.pid is None:
            return
        try:
            os.kill(self.pid, signal.SIGKILL)
        except OSError:
            pass
        budget.reap(self.pid)
        os.close(self.fd)
        self.pid = None


_narrowed: set[str] = set()  # in a child: the languages whose query it narrowed to its items already


def _parse_item(root: Path, items: list, item: tuple, store: str | None = None):
    """One of ``items``' facts, parsed with each language's query narrowed to the patterns ``items`` can match
    (``parse.narrow_queries``: the compile the run waits for, shortened). A query's needs hold where the tree has no
    error (a missing token may be inserted): a file whose tree has one is parsed again with the whole query, unless
    the narrowing read its tree, missing tokens and all (``parse.widen_for_errors``: an update's one file).
    ``store``: the folder of the files' top-level nodes' records, read here and written once the child has answered
    (the process that waits for the answer does not wait for them: ``budget.run_guarded``'s ``started``)."""
    from . import parse, topnodes  # imported by the child: the parent forks before it has (``start_early``)

    if store and not topnodes.DEFER[0]:  # only this child keeps records: a full index or a warm worker keeps none
        topnodes.DEFER[0] = True
        topnodes.use_store(store)
        budget.AFTER_ANSWER.append(topnodes.flush)
    language = item[1].name
    if language not in _narrowed:  # once a language per child (one widened below stays whole), at its first file:
        _narrowed.add(language)  # its compile counts in that file's budget, not another language's file's
        alone = [planned for planned in items if planned[1].name == language]
        if not (len(alone) == 1 and topnodes.narrow_to_run(root, item)):  # else: the edit's changed nodes' patterns
            parse.narrow_queries(root, alone)
    facts = parse.parse_file(root, *item)
    if facts.status in ("partial", "fallback") and parse.widen_for_errors(facts.language):
        facts = parse.parse_file(root, *item)
    return facts


def _packed(results: list) -> tuple[list, list[str]]:
    """The child's facts as they cross its pipe (``budget.run_guarded``'s ``finish``): each file's definitions and
    references as plain tuples (``marks.packed_records``), which pickle without a Python call per record; the file's
    facts are the child's last use of them. ``_unpacked`` makes them records again in the process that takes them.
    With them, how the child collected each file (``topnodes.VERDICTS``: the run's report counts them)."""
    from .marks import packed_records
    from .topnodes import VERDICTS

    for facts in results:
        facts.defs, facts.refs = packed_records(facts.defs), packed_records(facts.refs)
    return results, [why for _, why in VERDICTS]


def _unpacked(facts):
    """A file's facts as ``_packed`` sent them, its definitions and references records again."""
    from .marks import unpacked_records

    facts.defs, facts.refs = unpacked_records(facts.defs), unpacked_records(facts.refs)
    return facts


_early: list[ParsedAhead] = []  # the child ``start_early`` forked, until ``parse_ahead`` takes or stops it


def start_early(path: str, files: list[str], lake=None) -> None:
    """Fork the child as a one-shot ``update`` starts, before it imports pyarrow and the lake's modules, runs git and
    reads the snapshot (~0.15 s on a 2M-line lake), so that compiling the query overlaps all of them. It parses on a
    guess: that ``path`` is the repository's root. ``parse_ahead`` takes it when the run's plan, from the root the run
    found, lists the same files, else stops it; ``cancel_early`` stops it when no run parses (a warm worker's).
    ``lake``: the lake's folder, where the files' top-level nodes' records are kept (``topnodes.store_folder``)."""
    try:
        root = Path(path).resolve()
        store = None
        if lake is not None:
            from .topnodes import store_folder

            store = store_folder(lake, root)
        rel = [_relative(root, file) for file in files]
        child = _start(root, rel, str(store) if store is not None else None) if None not in rel else None
    except (OSError, ValueError):  # the run finds out what is wrong, and says it
        return
    if child is not None:
        _early.append(child)


def _relative(root: Path, file: str) -> str | None:
    """``file`` as ``pipeline.indexing`` reads it (absolute, or relative to the working folder or to the root, the
    one that exists first); None: outside ``root``."""
    given = Path(file)
    inside = []
    for path in [given] if given.is_absolute() else [Path.cwd() / given, root / given]:
        try:
            path = Path(os.path.abspath(path))
            inside.append((os.path.lexists(path), (path.parent.resolve() / path.name).relative_to(root).as_posix()))
        except ValueError:
            continue
    return max(inside, key=lambda found: found[0])[1] if inside else None


def cancel_early() -> None:
    while _early:
        _early.pop().cancel()


def parse_ahead(root: Path, files: list[str], store: str | None = None) -> ParsedAhead | None:
    """A child parsing ``files`` of ``root`` as an update's plan would list them (the one ``start_early`` forked,
    when it was given those paths of that root); None where it would not pay (no fork or no budget to watch it by,
    nothing to parse, big files, or the languages' queries compiled in this process already). The files are
    planned once, by the child's starter: ``take`` compares its items with the run's own plan. ``store``: the
    folder of the files' top-level nodes' records (``topnodes.store_folder``), which the child reads and keeps."""
    while _early:
        early = _early.pop()
        if early.root == root and early.files == frozenset(files):  # (its store: the same lake's)
            return early
        early.cancel()
    return _start(root, files, store)


def _start(root: Path, files: list[str], store: str | None = None) -> ParsedAhead | None:
    from . import plan

    if not hasattr(os, "fork") or not budget.file_budget():
        return None
    budget.reap_answered()  # an earlier child of this process has written its records: this one reads them
    items = plan.plan_changes(root, False, None, False, files).to_parse
    parse = sys.modules.get(f"{__package__}.parse")  # not imported yet: no query compiled
    compiled = parse is not None and any(lang.name in parse._PARSERS for _, lang, *_ in items)
    if not items or compiled or plan.total_bytes(root, items, MAX_BYTES + 1) > MAX_BYTES:
        return None
    pid, fd = budget.start_child(partial(_parse_item, root, items, store=store), items, _packed)
    return ParsedAhead(pid, fd, root, items, frozenset(files), store)
