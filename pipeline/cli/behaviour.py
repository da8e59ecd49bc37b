"""Commands over agent tool-call logs: co-touch (files agents work on together), sessions (recent sessions)."""

from __future__ import annotations

from . import common
from .output import emit, message



def cmd_co_touch(args) -> int:
    from ..behaviour import activity, co_touch

    catalog = common.catalog(args)
    weights = {k: v for k, v in (("edit_weight", args.edit_weight), ("read_weight", args.read_weight),
                                 ("search_weight", args.search_weight), ("size_damping", args.size_damping),
                                 ("max_files", args.max_files)) if v is not None}
    columns, rows = co_touch(catalog, args.file, repo=args.repo, limit=args.limit, **weights)
    if not rows:
        seen = activity(catalog, args.file, repo=args.repo)[1]
        message(f"{args.file}: " + ("touched alone in every session" if seen else "no agent session touched it"))
    emit(columns, rows, args.format)
    return 0


def cmd_sessions(args) -> int:
    from ..behaviour import sessions

    columns, rows = sessions(common.catalog(args), limit=args.limit, repo=args.repo)
    emit(columns, rows, args.format)
    return 0


def register(sub, common) -> None:
    p = sub.add_parser("co-touch", parents=[common], help="files agents touched in the same sessions as FILE",
                       description="Files coding agents read or edited in the same sessions as FILE (Claude Code, "
                                   "Codex and agent_jsonl logs), by weighted score.")
    p.add_argument("file", metavar="FILE", help="path relative to the repository root, or a local path")
    p.add_argument("--repo", help="repository id (default: any)")
    p.add_argument("--limit", type=int, default=20, help="rows to show (default 20)")
    p.add_argument("--edit-weight", type=float, help="weight of an edit/write (default 1.0)")
    p.add_argument("--read-weight", type=float, help="weight of a read (default 0.5)")
    p.add_argument("--search-weight", type=float, help="weight of a search/list (default 0.25)")
    p.add_argument("--size-damping", type=float, help="down-weighting of sessions touching many files (default 0.5)")
    p.add_argument("--max-files", type=int, help="ignore sessions touching more files (default 100)")
    p.set_defaults(func=cmd_co_touch)

    p = sub.add_parser("sessions", parents=[common], help="recent agent sessions with the files they touched")
    p.add_argument("--repo", help="repository id (default: all)")
    p.add_argument("--limit", type=int, default=20, help="sessions to show (default 20)")
    p.set_defaults(func=cmd_sessions)
