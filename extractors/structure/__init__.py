"""Structure extractor: tree-sitter definitions, calls, imports and inheritance -> files, symbols, refs, edges.

Incremental by content: a file is re-parsed only when its git blob id (or content hash outside git) differs from
the one the lake holds; ``options["files"]`` limits the run to those paths (``codelake update``). The whole graph is
re-resolved on every run from the stored raw references, so edges into changed files never go stale. A bare
repository (no working tree) is indexed at its HEAD (``snapshot``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from pipeline.errors import ExtractError
from pipeline.extractor import Batch, Complete, Cursor, Replace, RunContext

VERSION = "0.2.93"  # edges' provenance; a lake indexed by another version (or other queries: facts_version)
# is parsed again in full
# what the internal indexes hold (``early_refs``, ``hierarchy``, ``callback_refs``, ``symbol_names``,
# ``foreign_symbols``, ``ref_names``, ``edge_targets``, ``edge_sources``: an update finds its scope and resolves lazily
# over them); a lake written with another value has them rewritten whole by its next run, which finds its scope by
# reading the whole tables and resolves over the full graph (a site-packages lake: ~25 s of CPU once). An index added
# without changing the others (``edge_targets``, ``edge_sources``) does not change it: a lake without that table has it
# written whole by its next run, which finds its scope the old way meanwhile
LAZY_INDEX = 8  # 8: the hierarchy holds each inherits edge's ref_form
# what an incremental run has written in full before it resolves edges
WRITTEN_BEFORE_EDGES = ("files", "refs", "symbols", "symbol_names", "foreign_symbols", "early_refs", "callback_refs",
                        "ref_names", "module_index")
PLAN_COLUMNS = ["path", "language", "package", "parse_status"]  # what a run reads of the lake's ``files`` first
LARGE_TABLES = ("refs", "edges")  # a million rows in a 2M-line repository: their strings are held dictionary-encoded


def facts_version() -> str:
    """What the lake's facts were parsed with: ``VERSION`` and the query files (read when asked). A changed query is
    new facts for files whose bytes did not change (an impl block read as a container now, a bundle skipped): the
    next run after an upgrade parses every file again, not only the edited ones."""
    from .marks import queries_digest  # not parse: an update's main process does not import it

    return f"{VERSION}+{queries_digest()}"


class StructureExtractor:
    name = "structure"
    version = VERSION
    # an update rewrites only the shards holding the files it changed
    shard_by = {"files": "path", "symbols": "path", "refs": "path", "edges": "path", "early_refs": "path",
                "hierarchy": "path", "callback_refs": "path", "symbol_names": "name", "foreign_symbols": "path",
                "ref_names": "name", "edge_targets": "dst_id", "edge_sources": "src_id",
                "unresolved_names": "dst_name", "module_index": "path"}
    # a lake written before the internal indexes is read by kind: its first update takes them from refs' row groups.
    # symbols, early_refs (a full run writes both in path order already) and the name index are sorted by their key
    # in small row groups, so an update's lookup of one file or name reads its row groups, not the shard (the sort is
    # stable: a file's rows keep their order, its imports are read in that order)
    # (``ref_names`` and the edge indexes, read by key too, are not: sorted in 1,024-row groups, sympy's leaf decoded
    # 62K -> 36K of their rows, and wrote its two rewritten 16K-row ``ref_names`` shards as 32 row groups: +20 M
    # instructions of page compression and footers against the decoding saved)
    # (``hierarchy`` by path: an update reads the edited file's bases from their row groups to learn they did not move)
    sort_by = {"refs": ["kind", "path"], "symbols": ["path"], "early_refs": ["path"], "symbol_names": ["name"],
               "hierarchy": ["path"]}
    # an update rewrites one shard of symbols and refs (wide rows; a sorted table of small row groups): ~30 ms each
    # at 16K rows, ~12 ms at 4K (sympy); it reads symbols and early_refs a shard at a time, the ones holding the files
    # it looks up. ``edges`` keeps the default: the cold ``callers`` and ``blast-radius`` read it whole (4x its
    # files: ~30 % slower).
    # ``files`` and ``callback_refs`` are rewritten a shard each update too and read whole or by path only (a
    # site-packages update rewrote 16K files rows and 16-22K callback_refs rows: ~50 ms of CPU)
    shard_rows = {"symbols": 4096, "refs": 4096, "early_refs": 4096, "files": 4096, "callback_refs": 4096}

    @property
    def tables(self):
        # imported on use: the package also serves light readers (``languages``) that must not pay for pyarrow
        from .schemas import (EDGE_SOURCES, EDGE_TARGETS, FOREIGN_SYMBOLS, HIERARCHY, MODULE_INDEX, REF_NAMES, REFS,
                              SYMBOL_NAMES, TABLES, UNRESOLVED_NAMES)

        return {**TABLES, "early_refs": REFS, "hierarchy": HIERARCHY, "callback_refs": REFS,
                "symbol_names": SYMBOL_NAMES, "foreign_symbols": FOREIGN_SYMBOLS, "ref_names": REF_NAMES,
                "edge_targets": EDGE_TARGETS, "edge_sources": EDGE_SOURCES, "unresolved_names": UNRESOLVED_NAMES,
                "module_index": MODULE_INDEX}

    # what an update's resolution reads of the files it does not resolve again, kept apart so that reading it
    # costs a few files, not the whole refs and edges tables: every file's imports, re-exports, bases, declared
    # types and value-flow facts (``early_refs``), every ``inherits`` edge (``hierarchy``), and every function passed
    # by name to a call (``callback_refs``: read when a parameter the edited file calls asks what it is given), which
    # files define each name (``symbol_names``), the definitions owned from another file (``foreign_symbols``),
    # which files name each name in a reference (``ref_names``: read when an edit adds or removes a definition),
    # which files hold an edge to or from each definition (``edge_targets``, ``edge_sources``: read when an edit
    # removes, renames or moves one), and which names are written unresolved where (``unresolved_names``: read by
    # the per-file export, which asks whether an unused definition's name is written anywhere), and the import keys and
    # packages of every file (``module_index``: kept while an edit moves no file, package or config, so that an update
    # does not ask each language for the keys of every file again)
    internal = {"early_refs", "hierarchy", "callback_refs", "symbol_names", "foreign_symbols", "ref_names",
                "edge_targets", "edge_sources", "unresolved_names", "module_index"}

    @staticmethod
    def parse_ahead(root: Path, files: list[str], top_nodes: str | None = None):
        """A child parsing an update's ``files`` while the caller starts up; pass it as ``options["parsed_ahead"]``
        and ``cancel()`` it when done (``ahead.parse_ahead``; None when it would not pay). ``top_nodes``: the folder
        of the files' top-level nodes' records, which the child reads and keeps (``topnodes``)."""
        from .ahead import parse_ahead

        return parse_ahead(root, files, top_nodes)

    def run(self, ctx: RunContext, cursor: Cursor):
        from pipeline.repos import git_facts

        known = ctx.options.get("git")  # what the caller found out already (an update: no git process twice)
        if known is None:
            facts = git_facts(ctx.root)
            known = {"bare": facts["bare"], "head": facts["head"],
                     "is_git": facts["toplevel"] is not None and Path(facts["toplevel"]) == ctx.root.resolve()}
        if not known["bare"]:  # a folder inside a repository is indexed as plain
            view = SourceView(ctx.root, known["is_git"], known["head"] if known["is_git"] else None)
            return (yield from self._index(ctx, cursor, view))
        if ctx.options.get("files") is not None:
            raise ExtractError(f"{ctx.root} is a bare repository: there is no working tree to update from; "
                               "run `codelake index` to index its HEAD")
        import tempfile  # a bare repository's only

        with tempfile.TemporaryDirectory(prefix="codelake-tree-") as tmp:  # only what the run reads, then gone
            return (yield from self._index(ctx, cursor, _bare(ctx.root, Path(tmp))))

    def _index(self, ctx: RunContext, cursor: Cursor, view: "SourceView"):
        from . import plan
        from .graph import forget_configs
        from .parallel import parse_all

        forget_configs()  # the run's one owner of the languages' config caches: each config read once a run

        version = facts_version()
        full = bool(ctx.options.get("full")) or cursor.state.get("version") != version
        # the plan reads the lake's paths (and, a run not given its files, their hashes); resolution each asked file's
        # language, package and status (``rows.FILE_INFO``): the other columns of site-packages' 15.7K rows (error
        # lines, commits, reasons) were decoded for nothing
        previous_files = None if full else ctx.previous("files", columns=PLAN_COLUMNS + (
            [] if ctx.options.get("files") is not None else ["blob_sha"]))
        full = full or previous_files is None
        # a full run writes whole tables: an update's few files would stand for the whole repository (the first
        # update after an upgrade, or of a lake without files, parses every file)
        only = None if full else ctx.options.get("files")
        changes = plan.plan_changes(view.root, view.is_git, previous_files, full, only, view.candidates)
        view.prepare(changes)
        workers = ctx.options.get("workers")
        entry_points = plan.console_entry_points(view.root)
        ahead = ctx.options.get("parsed_ahead")  # an update's files, parsed while the process started (``ahead``)
        read = None
        if ahead is not None:
            _meanwhile({lang.name for _, lang, *_ in changes.to_parse})
            if not full:  # what the run reads of the old rows, read while the child still parses
                read = _read_ahead(ctx.previous, changes, cursor.state, ctx.shard_file)
        new = ahead.take(changes.to_parse, view.head, entry_points) if ahead is not None else None
        if new is not None:
            ctx.count("files_parsed_ahead", new["files"].num_rows)
            for why in ahead.verdicts:  # how the child collected each file: its edit's run alone, or why whole
                ctx.count(f"top_nodes_{why}")
        else:
            new = parse_all(view.root, changes.to_parse, view.head, entry_points, ctx.progress, workers)
        statuses = new["files"].column("parse_status").to_pylist()
        ctx.count("files_parsed", len(statuses))
        for status in ("skipped", "fallback", "partial"):
            ctx.count(f"files_{status}", statuses.count(status))
        configs, moved = _resolution_configs(changes, cursor, full)
        if moved:
            ctx.count("resolution_configs_changed")
        run = _Run(ctx, view.root, f"{self.name}@{self.version}", workers, new, read)
        read = None  # the run's from here: it lets go of the old rows before it resolves (``_Run.incremental``)
        if full:
            next_sid = yield from run.whole()
        else:
            next_sid = yield from run.incremental(changes, cursor.state, resolve_all=moved, files=previous_files)
        return Cursor(commit=view.head, state={"files": len(changes.unchanged) + len(statuses), "configs": configs,
                                                "next_sid": next_sid, "version": version, "lazy_index": LAZY_INDEX})


@dataclass
class _Run:
    """One run's rows after parsing: the whole tables (a full run), or the changed files' rows and the edges the
    change reaches (an incremental run, see ``incremental``)."""

    ctx: RunContext
    root: Path
    provenance: str
    workers: int | None
    new: dict
    read: object = None  # ``incremental.ReadAhead``: the old rows read before the parse was taken

    def whole(self):
        from . import rows

        symbols = rows.merged_symbols(None, self.new["symbols"], set())
        # before resolution begins: the module index asks each language for its keys, clearing the languages'
        # configs (``graph.module_rows``), which the resolution's graph reads
        modules = rows.module_index(rows.file_infos(self.new["files"]), self.root)
        # resolution's serial start runs on a thread while the tables it does not change are written
        resolving = rows.resolve_all(symbols, self.new["refs"], self.new["files"], self.root, self.provenance,
                                     self.workers)
        try:
            for table in ("files", "refs", "symbols"):
                yield Batch(table, symbols if table == "symbols" else self.new[table])
            yield Batch("symbol_names", rows.symbol_names(symbols))
            yield Batch("foreign_symbols", rows.foreign_symbols(symbols))
            yield Batch("early_refs", rows.early(self.new["refs"]))
            yield Batch("callback_refs", rows.passed(self.new["refs"]))
            yield Batch("ref_names", rows.ref_names(self.new["refs"]))
            yield Batch("module_index", modules)
            # their shards named and fsynced on a thread while resolution goes on, not after its edges (the fork of
            # the resolving child is behind; the slices' pool is the child's, or none at all)
            yield Complete(WRITTEN_BEFORE_EDGES)
            edges = resolving.edges()  # with their ends' sids, made beside the slices
        finally:
            resolving.abandon()
        yield Batch("edges", edges)
        yield Batch("hierarchy", rows.hierarchy(edges))
        for table, (_, build) in rows.EDGE_INDEXES.items():
            yield Batch(table, build(edges))
        return symbols.num_rows

    def incremental(self, changes, state: dict, resolve_all: bool, files=None):
        """``files``: the lake's ``files`` table, when the plan read it already."""
        from pipeline.shards import let_go

        from . import incremental, plan, rows

        previous, new = self.ctx.previous, self.new
        changed = set(new["files"].column("path").to_pylist()) | set(changes.deleted)
        ready = state.get("lazy_index") == LAZY_INDEX  # the lake's internal indexes are this version's
        read = self.read
        if read is None or read.changed != changed:  # (the plan's paths are the parsed ones) else read here, the
            read = incremental.read_ahead(previous, changed, False)  # old edges only if the edit keeps a line
        old = read.old
        symbols, next_sid = incremental.stable_sids(rows.with_owners(new["symbols"], previous, changed),
                                                    old["symbols"], incremental.next_sid_of(state, previous))
        scope = incremental.edit_scope(changed, old, {**new, "symbols": symbols})
        if ready:  # the lake's ``ref_names`` tells which functions are given any
            incremental.given_only(scope, previous, [old["refs"], new["refs"]])
        moved_owners = rows.reparented(previous, symbols, changed, scope, indexed=ready)
        written = sorted(changed | set(moved_owners.column("path").to_pylist()))
        for table in ("files", "refs", "symbols"):
            yield Replace(table, "path", written if table == "symbols" else sorted(changed))
        yield Batch("files", new["files"])
        yield Batch("refs", new["refs"])
        yield Batch("symbols", rows.concat([symbols, moved_owners]))
        yield from rows.symbol_index_batches(previous, rows.concat([symbols, moved_owners]), set(written),
                                             whole=not ready)
        yield from rows.index_batches("early_refs", previous, old["refs"], new["refs"], changed, whole=not ready)
        yield from rows.index_batches("callback_refs", previous, old["refs"], new["refs"], changed, whole=not ready)
        yield from rows.ref_name_batches(previous, old["refs"], new["refs"], changed, whole=not ready)
        unchanged = changes.unchanged if isinstance(changes.unchanged, plan.LakePaths) else set(changes.unchanged)
        current = rows.Current(previous, new, symbols, moved_owners, unchanged, changed,
                               self.ctx.shard_file, files, read.lake)
        current.modules = rows.kept_modules(previous, old["files"], new["files"], changed, resolve_all)
        yield from rows.module_index_batches(current, self.root)
        affected = None if resolve_all else incremental.affected_paths(scope, previous, new["refs"], indexed=ready)
        if affected is not None and (len(affected) > incremental.INCREMENTAL_SHARE * max(current.file_count(), 1)
                                     or incremental.structural(scope, current.files())):
            affected = None
        kept = incremental.kept_resolution(scope, old, previous, read.kept, affected) if ready else None
        if kept is None:  # the edges read ahead for the kept lines (``kept_lines``): only the merge reads them now
            let_go("edges")
        # the changed files' old rows and lines (a large file's: its symbols, references and edges in Arrow, its
        # lines grouped in Python) are not read again: let go before the resolution, not held to the run's end
        self.read = read = old = None
        if rows.resolves_lazily(current, affected, ready):  # in this process, nothing forked: the tables written so
            yield Complete(WRITTEN_BEFORE_EDGES)  # far are written while it resolves
        edges = rows.resolve_current(current, affected, self.root, self.provenance, self.workers, lazily=ready,
                                     kept=kept)
        if kept is not None and kept.reached is not None:  # the run's record of what the edit reached, by line
            self.ctx.count("files_reached_by_line", len(kept.reached.paths))
            self.ctx.count("reached_references_resolved", kept.reached.resolved)
        # the lazy index goes with them (every shard it read, the ones made Python whole: ~17 MiB of a half-written
        # edit of typeorm's largest file), before the edges are merged and written, not at the run's end
        current = kept = None
        yield from incremental.edge_batches(edges, affected)
        yield from rows.hierarchy_batches(previous, edges, affected, whole=not ready)
        yield from rows.edge_index_batches(previous, edges, affected, whole=not ready)
        return next_sid


def _read_ahead(previous, changes, state: dict, shard_file):
    """``incremental.read_ahead`` of the files an update's plan parses or deletes (the run checks them against the
    paths it parsed), with the lazy index's first reads."""
    from . import incremental

    changed = {path for path, *_ in changes.to_parse} | set(changes.deleted)
    return incremental.read_ahead(previous, changed, state.get("lazy_index") == LAZY_INDEX, shard_file)


def _meanwhile(languages: set[str]) -> None:
    """What the rest of an update needs whatever its files hold, done while the parse-ahead child may still parse:
    the modules that resolution and the writes import, and the support modules of the updated files' languages (a
    module index built again imports the others' as it asks them; a kept one, as most updates keep it, asks none)."""
    # the shard writes' threads: the package alone leaves ``ThreadPoolExecutor``'s module to its first use
    from concurrent.futures import ThreadPoolExecutor  # noqa: F401

    import pyarrow as pa

    from . import incremental, langs, lazy, rows  # noqa: F401

    pa.scalar("")  # pyarrow's first conversion of a Python object imports its date helpers (dateutil, calendar)

    for language in languages:
        langs.support(language)


def _resolution_configs(changes, cursor: Cursor, full: bool) -> tuple[dict | None, bool]:
    """The content ids of go.mod, tsconfig.json... to record, and whether they moved since the last run (then any
    import may resolve elsewhere: every reference is resolved again)."""
    before = cursor.state.get("configs")
    configs = before if changes.configs is None else changes.configs
    if changes.configs_named:  # an update given some of them
        configs = {**(configs or {}), **changes.configs_named}
    return configs, not full and configs != before


@dataclass
class SourceView:
    """Where a run reads files: a checkout (or plain folder) as it is, or a bare repository's HEAD tree written to a
    temporary folder as the plan needs it."""

    root: Path
    is_git: bool
    head: str | None
    candidates: list | None = None  # the files to consider, when they do not come from listing ``root``
    prepare: Callable = lambda changes: None  # called with the plan before parsing


def _bare(repo: Path, tmp: Path) -> SourceView:
    from pipeline.repos import head_commit

    from . import plan, snapshot
    from .discover import is_resolution_config

    head = head_commit(repo)
    listed = snapshot.tree_candidates(repo, lambda p: plan.indexable(p) or snapshot.written_beside(p)) if head else []

    def write(changes) -> None:
        parse = {path for path, *_ in changes.to_parse}
        snapshot.write_blobs(repo, [c for c in listed if c.path in parse or is_resolution_config(c.path)
                                    or snapshot.written_beside(c.path)], tmp)

    return SourceView(tmp, True, head, [c for c in listed if plan.indexable(c.path)], write)
