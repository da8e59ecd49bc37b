"""Structure extractor: tree-sitter definitions, calls, imports and inheritance -> files, symbols, refs, edges.

Incremental by content: a file is re-parsed only when its git blob id (or content hash outside git) differs from
the one the lake holds; ``options["files"]`` limits the run to those paths (``codelake update``). The whole graph is
re-resolved on every run from the stored raw references, so edges into changed files never go stale.
"""

from __future__ import annotations

from pipeline.extractor import Batch, Cursor, Replace, RunContext

from .schemas import TABLES

VERSION = "0.1.0"
# string columns of the two big tables (a million rows in a 2M-line repository), held dictionary-encoded
LARGE_STRING_COLUMNS = {t: [f.name for f in TABLES[t] if f.type == "string" and f.name != "repo"]
                        for t in ("refs", "edges")}


class StructureExtractor:
    name = "structure"
    version = VERSION
    tables = TABLES

    def run(self, ctx: RunContext, cursor: Cursor):
        from pipeline.repos import git_toplevel, head_commit

        from . import plan, rows
        from .parallel import parse_all

        is_git = git_toplevel(ctx.root) == ctx.root.resolve()  # a folder inside a repository is indexed as plain
        head = head_commit(ctx.root) if is_git else None
        previous = {t: ctx.previous(t, dictionary=LARGE_STRING_COLUMNS.get(t))
                    for t in ("files", "symbols", "refs", "edges")}
        full = bool(ctx.options.get("full")) or previous["files"] is None
        changes = plan.plan_changes(ctx.root, is_git, previous["files"], full, ctx.options.get("files"))
        workers = ctx.options.get("workers")
        new = parse_all(ctx.root, changes.to_parse, head, plan.console_entry_points(ctx.root), ctx.progress, workers)
        statuses = new["files"].column("parse_status").to_pylist()
        ctx.count("files_parsed", len(statuses))
        for status in ("skipped", "fallback", "partial"):
            ctx.count(f"files_{status}", statuses.count(status))
        if not full:
            touched = new["files"].column("path").to_pylist() + changes.deleted
            for table in ("files", "refs"):
                yield Replace(table, "path", touched)
        yield Batch("files", new["files"])
        yield Batch("refs", new["refs"])
        keep = set(changes.unchanged)
        symbols = rows.merged_symbols(previous["symbols"], new["symbols"], keep)  # whole table: sids are dense
        yield Batch("symbols", symbols)
        provenance = f"{self.name}@{self.version}"
        configs = cursor.state.get("configs") if changes.configs is None else changes.configs
        moved = not full and configs != cursor.state.get("configs")  # go.mod, tsconfig.json...: any import may move
        if moved:
            ctx.count("resolution_configs_changed")
        changed = None if full or moved else set(new["files"].column("path").to_pylist()) | set(changes.deleted)
        yield Batch("edges", rows.resolve_edges(previous, new, symbols, keep, ctx.root, provenance, workers, changed))
        return Cursor(commit=head, state={"files": len(keep) + len(statuses), "configs": configs})

