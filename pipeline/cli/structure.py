"""Commands over the structure tables and the lake itself: index, update, status, sql, search, callers,
blast-radius, dead-code, extractors."""

from __future__ import annotations

import os
import sys

from . import common
from .output import emit, message



def _progress():
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int, label: str) -> None:
        width = 30
        filled = int(width * done / max(total, 1))
        sys.stderr.write(f"\r[{'#' * filled}{' ' * (width - filled)}] {done}/{total} files ")
        if done >= total:
            sys.stderr.write("\n")

    return show


def cmd_index(args) -> int:
    from ..indexing import index

    if common.WHOLE_PROCESS and _own_extractors(args.extractors.split(",") if args.extractors else None):
        # pyarrow, once refused pandas, never imports it in this process: only in a process that ends with the run
        common.refuse_pandas()  # ~0.35 s of 1.3-1.8 CPU seconds on a small repository (httpx, cobra, express)
    options = {"git_backend": args.git_backend, "keep_commands": args.keep_commands, "find_copies": args.find_copies}
    summaries = index(args.path, repo=args.repo, lake=common.lake(args), full=args.full, logs=args.logs,
                      extractors=args.extractors.split(",") if args.extractors else None, progress=_progress(),
                      extra_options=options)
    emit(["repo", "extractor", "status", "rows", "files_skipped", "commit", "seconds"],
         [(s.repo, s.extractor, s.status, sum(s.rows.values()), s.files_skipped, (s.commit or "")[:12],
           round(s.seconds, 2)) for s in summaries], args.format)
    return 0


def _own_extractors(names: list[str] | None) -> bool:
    """Whether every extractor the run selects (None: every one installed) is codelake's own: none of them uses
    pandas, which pyarrow would import the first time it converts Python objects; a plugin may use it."""
    from importlib.metadata import entry_points

    from ..registry import ENTRY_POINT_GROUP

    found = entry_points(group=ENTRY_POINT_GROUP)  # one scan of every installed distribution's metadata, not two
    own = {ep.name for ep in found if ep.dist and ep.dist.name == "codelake"}
    installed = {ep.name for ep in found}
    return bool(own) and set(names if names is not None else installed) <= own


def cmd_update(args) -> int:
    common.lean_process()
    from extractors.structure.ahead import cancel_early, start_early

    from ..errors import LakeError
    from ..location import find_lake

    try:
        lake = find_lake(args.lake)
    except LakeError:  # the run says what is wrong with the configuration
        lake = None
    # the files parsed by a child while this process imports and reads the lake (their unchanged top-level nodes'
    # records taken from the lake's folder)
    start_early(args.path, args.files, lake)
    from ..indexing import update

    if common.WHOLE_PROCESS:  # the files shard the plan reads is read again for the scope and the merge: read once
        from ..shards import remember_run_reads

        remember_run_reads()

    worker = "start" if args.warm else ("off" if os.environ.get("CODELAKE_UPDATE_WORKER") == "off" else "auto")
    try:
        s = update(args.path, args.files, repo=args.repo, lake=common.lake(args), strict=True, worker=worker,
                   ahead=True)
    finally:
        cancel_early()  # a refused update never asked for it
    if s.status == "queued":
        message(f"{s.repo} is being written by another run (an index?): the update is queued, and that run applies "
                f"it before it finishes")
    emit(["repo", "status", "files", "symbols", "edges", "seconds"],
         [(s.repo, s.status, s.rows.get("files"), s.rows.get("symbols"), s.rows.get("edges"), round(s.seconds, 3))],
         args.format)
    return 0


def cmd_status(args) -> int:
    from ..query import status

    lake = common.lake(args)
    columns, rows = status(common.catalog(args), lake)
    if not rows:
        message(f"the lake at {lake.root} is empty: run `codelake index PATH`")
    emit(columns, rows, args.format)
    return 0


def cmd_sql(args) -> int:
    catalog = common.catalog(args)
    if args.query:
        emit(*catalog.rows(args.query), args.format)
        return 0
    return _repl(catalog, args.format)


def _repl(catalog, fmt: str) -> int:
    from ..errors import QueryError

    message(f"codelake sql: views {', '.join(catalog.views)}. End statements with ';', Ctrl-D to quit.")
    buffer = []
    while True:
        try:
            line = input("codelake> " if not buffer else "      ...> ")
        except EOFError:
            return 0
        buffer.append(line)
        if line.rstrip().endswith(";"):
            try:
                emit(*catalog.rows("\n".join(buffer)), fmt)
            except QueryError as exc:
                message(f"error: {exc}")
            buffer = []


def cmd_search(args) -> int:
    from ..query import search

    emit(*search(common.catalog(args), args.term, args.limit), args.format)
    return 0


def cmd_callers(args) -> int:
    from ..query import callers, resolve_target

    catalog = common.catalog(args, "edges", "symbols", "files", lazy=True)
    target = resolve_target(catalog, args.target, args.repo)
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()] if args.kinds else None
    emit(*callers(catalog, target, kinds), args.format)
    return 0


def cmd_blast_radius(args) -> int:
    from ..query import blast_radius, gaps, resolve_target

    views = ("blast_radius_org",) if args.cross_repo else ("blast_radius",)
    catalog = common.catalog(args, *views, "blast_radius_gaps", "symbols", "files", lazy=True)
    target = resolve_target(catalog, args.target, args.repo)
    columns, rows = blast_radius(catalog, target, args.depth, args.reverse, args.min_confidence, args.cross_repo)
    direction = "depends on" if args.reverse else "depend on"
    at = {c: i for i, c in enumerate(columns)}
    elsewhere = sum(1 for r in rows if r[0] != target.repo) if args.cross_repo else 0
    message(f"{len(rows)} symbols {direction} {target.value} (depth <= {args.depth}); "
            f"{sum(1 for r in rows if r[at['other_file']])} in other files, {sum(1 for r in rows if r[at['is_test']])} "
            "tests" + (f", {elsewhere} in other repositories" if args.cross_repo else ""))
    emit(columns, rows[: args.limit] if args.limit else rows, args.format)
    _warn_incomplete([r[1:] if args.cross_repo else r for r in rows], gaps(catalog, target))
    return 0


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _warn_incomplete(rows, gap: dict) -> None:
    guessed = sum(1 for r in rows if r[8])
    notes = []
    if guessed:
        notes.append(f"{_count(guessed, 'result rests', 'results rest')} on name-guessed edges or partly parsed files")
    if gap.get("unparsed_files"):
        notes.append(f"{_count(gap['unparsed_files'], 'file was', 'files were')} parsed only partly or by regex")
    if gap.get("unresolved_mentions"):
        notes.append(f"{_count(gap['unresolved_mentions'], 'reference', 'references')} to that name could not be "
                     "resolved")
    if notes:
        message("may be incomplete (a lower bound): " + "; ".join(notes))


def cmd_dead_code(args) -> int:
    from ..query import dead_code, dead_code_summary

    catalog = common.catalog(args)
    if args.summary:
        emit(*dead_code_summary(catalog, args.exclude_exported, args.repo), args.format)
        return 0
    emit(*dead_code(catalog, args.min_confidence, args.exclude_exported, args.repo), args.format)
    return 0


def cmd_extractors(args) -> int:
    from ..registry import load_registry

    registry = load_registry()
    rows = [(p.name, p.version, ", ".join(p.tables), p.distribution, "ok") for p in registry.describe()]
    rows += [(name, "", "", "", f"failed to load: {err}") for name, err in registry.broken.items()]
    emit(["name", "version", "tables", "from", "status"], rows, args.format)
    return 0


def register(sub, common) -> None:
    p = sub.add_parser("index", parents=[common], help="index a repository with every registered extractor")
    p.add_argument("path", nargs="?", default=".")
    p.add_argument("--repo", help="repository id (default: org__name from the origin URL, or the folder name)")
    p.add_argument("--full", action="store_true", help="re-parse every file, not only the changed ones")
    p.add_argument("--extractors", help="comma-separated extractor names (default: all registered)")
    p.add_argument("--logs", action="append", default=[], metavar="DIR", help="extra agent-log folder (repeatable)")
    p.add_argument("--git-backend", "--backend", dest="git_backend", choices=("git", "pydriller"), default="git",
                   help="git history backend: one streamed `git log` (default) or the PyDriller reference")
    p.add_argument("--find-copies", action="store_true",
                   help="git: also detect copies (change type C) of files changed in the same commit")
    p.add_argument("--keep-commands", action="store_true", help="opt in: store agents' shell commands in full")
    p.set_defaults(func=cmd_index)

    p = sub.add_parser("update", parents=[common], help="re-index just these files (the post-edit path)")
    p.add_argument("path")
    p.add_argument("files", nargs="+")
    p.add_argument("--repo")
    p.add_argument("--warm", action="store_true",
                   help="hand the files to a warm refresh worker (a local lake), starting one when none runs; it "
                        "stays for the next update (CODELAKE_WORKER_LINGER s). Without it, a warm worker is used when "
                        "one is running")
    p.set_defaults(func=cmd_update)

    p = sub.add_parser("status", parents=[common], help="per repository: files, symbols, edges, freshness")
    p.set_defaults(func=cmd_status)

    p = sub.add_parser("sql", parents=[common], help="run SQL over the lake's views (no query: interactive)")
    p.add_argument("query", nargs="?")
    p.set_defaults(func=cmd_sql)

    p = sub.add_parser("search", parents=[common], help="find symbols by name, qualified name or path")
    p.add_argument("term")
    p.add_argument("--limit", type=int, default=30)
    p.set_defaults(func=cmd_search)

    for name, func, text in (("callers", cmd_callers, "who references a symbol (or the symbols of a file)"),
                             ("blast-radius", cmd_blast_radius, "what transitively depends on a symbol or file")):
        p = sub.add_parser(name, parents=[common], help=text)
        p.add_argument("target", help="a symbol id (path::Qual.name), a file path, or a name")
        p.add_argument("--repo")
        p.set_defaults(func=func)
        if name == "callers":
            p.add_argument("--kinds", help="only these edge kinds, comma-separated (calls, imports, inherits, "
                                           "dispatch, uses_type); default all")
    p.add_argument("--depth", type=int, default=4)
    p.add_argument("--reverse", action="store_true", help="what the target depends on instead")
    p.add_argument("--cross-repo", action="store_true",
                   help="follow package imports into (or, reversed, out of) the lake's other repositories")
    p.add_argument("--min-confidence", type=float, default=0.0)
    p.add_argument("--limit", type=int, default=0, help="show at most N rows (0: all)")

    p = sub.add_parser("dead-code", parents=[common], help="symbols nothing references, with confidence and reason")
    p.add_argument("--summary", action="store_true", help="counts per kind instead of the list")
    p.add_argument("--min-confidence", type=float, default=0.0)
    p.add_argument("--exclude-exported", action="store_true", help="leave out exported API (for libraries)")
    p.add_argument("--repo")
    p.set_defaults(func=cmd_dead_code)

    p = sub.add_parser("extractors", parents=[common], help="installed extractor plugins and their tables")
    p.set_defaults(func=cmd_extractors)
