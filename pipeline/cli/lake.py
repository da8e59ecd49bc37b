"""Commands over the lake itself: duckdb (a database file any DuckDB client opens), check, drop, where."""

from __future__ import annotations

from . import common
from .output import emit, message


def cmd_duckdb(args) -> int:
    from ..databases import default_path, register

    lake = common.lake(args)
    result = register(lake, args.out or default_path(lake))
    message(f"wrote {result['path']}: {result['views']} views over the lake's current snapshots; refreshed after "
            f"every run that writes the lake. Open it read-only: duckdb -readonly {result['path']}")
    if result["skipped"]:
        message(f"not created yet (their tables are not in the lake): {', '.join(sorted(result['skipped']))}")
    return 0


def cmd_check(args) -> int:
    from ..check import COLUMNS, check

    problems = check(common.lake(args), [args.repo] if args.repo else None, deep=not args.quick)
    if not problems:
        message("every file the snapshots name is whole; the table folders hold only current shards")
        return 0
    emit(COLUMNS, [p.row() for p in problems], args.format)
    return 1


def cmd_drop(args) -> int:
    lake = common.lake(args)
    if not lake.drop(args.repo):
        from ..errors import LakeError

        raise LakeError(f"no repository {args.repo!r} in the lake at {lake.root} (it has: "
                        f"{', '.join(lake.repos()) or 'none'})")
    message(f"dropped {args.repo} from the lake at {lake.root}")
    return 0


def cmd_where(args) -> int:
    from ..location import describe

    emit(["lake", "found_by"], [describe(args.lake)], args.format)
    return 0


def register(sub, common_parser) -> None:
    p = sub.add_parser("duckdb", parents=[common_parser],
                       help="write a DuckDB database file with every view, for any DuckDB client")
    p.add_argument("--out", metavar="FILE", help="where (default: codelake.duckdb in the lake folder)")
    p.set_defaults(func=cmd_duckdb)

    p = sub.add_parser("check", parents=[common_parser], help="verify every file the lake's snapshots name")
    p.add_argument("--repo")
    p.add_argument("--quick", action="store_true", help="sizes and footers only, not every page")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("drop", parents=[common_parser], help="remove a repository's tables and snapshot from the lake")
    p.add_argument("repo")
    p.set_defaults(func=cmd_drop)

    p = sub.add_parser("where", parents=[common_parser], help="which lake commands use here, and why")
    p.set_defaults(func=cmd_where)
