"""Commands over the git history: hotspots, co-change (files changed together), owners (who knows a path)."""

from __future__ import annotations

from . import common
from .output import emit, message


def cmd_hotspots(args) -> int:
    from ..history import hotspots

    catalog = common.catalog(args, lazy=True)  # binds only the views the query reads (a cold command)
    columns, rows = hotspots(catalog, repo=args.repo, window_days=args.window_days, size=args.by,
                             limit=args.limit, include_tests=args.include_tests)
    if not rows:
        tests = "" if args.include_tests else " (tests left out: --include-tests)"
        message(f"no file of the structure tables changed in the last {args.window_days} days of history{tests}")
    emit(columns, rows, args.format)
    return 0


def cmd_co_change(args) -> int:
    from ..history import co_change

    catalog = common.catalog(args, lazy=True)
    columns, rows = co_change(catalog, args.file, repo=args.repo, limit=args.limit, min_revs=args.min_revs,
                              min_shared_revs=args.min_shared_revs, min_coupling=args.min_coupling,
                              max_changeset=args.max_changeset, half_life_days=args.half_life_days,
                              window_days=args.window_days, fallback=not args.no_fallback)
    if not rows:
        message(f"{args.file}: no file passes the coupling thresholds (try --min-revs 1 --min-shared-revs 1 "
                "--min-coupling 0)")
    elif rows[0][columns.index("basis")] == "confidence":
        revs = rows[0][columns.index("file_revs")]
        message(f"{args.file}: no file passes the coupling thresholds (average revisions >= {args.min_revs}, "
                f"shared >= {args.min_shared_revs}, degree >= {args.min_coupling}%; it changed in {revs} commits "
                f"of at most {args.max_changeset} files): showing the files most often changed with it, by "
                "confidence (shared / its revisions)")
    emit(columns, rows, args.format)
    return 0


def cmd_owners(args) -> int:
    from ..history import owners

    catalog = common.catalog(args, lazy=True)
    columns, rows = owners(catalog, args.path, repo=args.repo, inactive_days=args.inactive_days,
                           limit=args.limit)
    emit(columns, rows, args.format)
    return 0


def register(sub, common) -> None:
    p = sub.add_parser("hotspots", parents=[common], help="files ranked by recent changes x size",
                       description="Files ranked by revisions in the window x size (lines or definitions), with "
                                   "their trend against the window before.")
    p.add_argument("--repo", help="repository id (default: all)")
    p.add_argument("--window-days", type=int, default=90, help="window ending at the latest commit (default 90)")
    p.add_argument("--by", choices=("lines", "symbols"), default="lines", help="size measure (default lines)")
    p.add_argument("--include-tests", action="store_true", help="rank test files too (default: left out)")
    p.add_argument("--limit", type=int, default=20, help="rows to show (default 20)")
    p.set_defaults(func=cmd_hotspots)

    p = sub.add_parser("co-change", parents=[common], help="files changed in the same commits as FILE",
                       description="Temporal coupling of FILE (code-maat's definition and defaults; renames "
                                   "followed; commits touching more than --max-changeset files ignored).")
    p.add_argument("file", metavar="FILE", help="path relative to the repository root, or a local path")
    p.add_argument("--repo", help="repository id (default: any)")
    p.add_argument("--min-revs", type=int, default=5, help="minimum average revisions of the pair (default 5)")
    p.add_argument("--min-shared-revs", type=int, default=5, help="minimum shared revisions (default 5)")
    p.add_argument("--min-coupling", type=int, default=30, help="minimum degree in percent (default 30)")
    p.add_argument("--max-changeset", type=int, default=30, help="ignore commits touching more files (default 30)")
    p.add_argument("--half-life-days", type=float, help="recency weighting: a commit this old weighs half")
    p.add_argument("--window-days", type=int, help="only the last N days of history (default: all)")
    p.add_argument("--no-fallback", action="store_true",
                   help="when nothing passes the thresholds, show nothing instead of the top partners by confidence")
    p.add_argument("--limit", type=int, default=20, help="rows to show (default 20)")
    p.set_defaults(func=cmd_co_change)

    p = sub.add_parser("owners", parents=[common], help="main developer, ownership and knowledge loss of PATH",
                       description="Ownership of a file or folder (and of what is directly inside a folder): main "
                                   "developer by added lines, share, authors, fragmentation, knowledge-loss flag.")
    p.add_argument("path", metavar="PATH", help="file or folder relative to the repository root, '.' for the top")
    p.add_argument("--repo", help="repository id (default: any)")
    p.add_argument("--inactive-days", type=int, default=180,
                   help="main developer without commits for this long = knowledge loss (default 180)")
    p.add_argument("--limit", type=int, default=50, help="rows to show (default 50)")
    p.set_defaults(func=cmd_owners)
