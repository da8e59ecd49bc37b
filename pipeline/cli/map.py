"""Commands over the map: neighbors (fused neighbourhood of a file), why (documents, callers, owner), communities
(subsystems), context (pack source for a task into a token budget), eval (which signal predicts co-changes)."""

from __future__ import annotations

from . import common
from .output import emit, message


def cmd_neighbors(args) -> int:
    from ..map.queries import neighbors

    views = ["file_neighbors", "files", "commits", "tool_calls"]
    catalog = common.catalog(args, *views, *(["neighborhood"] if args.as_of or _weights(args) else []))
    columns, rows = neighbors(catalog, args.file, args.repo, args.as_of, args.limit, **_weights(args))
    _say_missing_signals(catalog, args)
    emit(columns, rows, args.format)
    return 0


def _weights(args) -> dict:
    return {k: v for k, v in (("structure_weight", args.structure_weight), ("co_change_weight", args.co_change_weight),
                              ("co_touch_weight", args.co_touch_weight)) if v is not None}


def _say_missing_signals(catalog, args) -> None:
    from ..map.queries import _file, signals

    _, repo = _file(catalog, args.file, args.repo)
    missing = [name for name, has in signals(catalog, repo).items() if not has]
    if missing:
        names = {"history": "git history", "behaviour": "agent logs"}
        message(f"{repo}: no {' and no '.join(names[m] for m in missing)}: "
                + ("neighbours from structure alone" if len(missing) == 2 else "the other signals only"))


def cmd_why(args) -> int:
    from ..map.queries import why

    answer = why(common.catalog(args, "doc_refs", "file_deps", "ownership", "file_purposes", "files"), args.file,
                 args.repo, args.limit)
    if args.format != "table":
        emit(["section", "rows"], [("purpose", answer["purpose"])] + [
            (name, [dict(zip(answer[name][0], r)) for r in answer[name][1]]) for name in ("docs", "callers", "owner")],
            args.format)
        return 0
    print(f"{answer['path']} ({answer['repo']})" + (f": {answer['purpose']}" if answer["purpose"] else ""))
    for title, name, empty in (("documents that mention it", "docs", "no document mentions it"),
                               ("files that depend on it", "callers", "no file depends on it"),
                               ("owner", "owner", "no git history for it")):
        print(f"\n{title}:")
        if answer[name][1]:
            emit(*answer[name], args.format)
        else:
            print(f"  ({empty})")
    return 0


def cmd_communities(args) -> int:
    from ..map.queries import communities

    emit(*communities(common.catalog(args, "subsystems"), args.repo, args.limit), args.format)
    return 0


def cmd_context(args) -> int:
    from ..map.context import pack

    result = pack(common.catalog(args), args.targets, budget=args.budget, repo=args.repo, depth=args.depth,
                  max_files=args.max_files)
    for note in result.notes:
        message(note)
    print(result.text)
    message(f"{result.tokens} tokens of {args.budget}: {result.full} full spans, {result.signatures} signatures, "
            f"{result.listed} listed")
    return 0


def cmd_eval(args) -> int:
    from ..map.evaluate import evaluate

    lake = common.lake(args)
    report = evaluate(lake, repo=args.repo, train_share=args.train_share, tune=args.tune)
    for note in report.notes:
        message(note)
    if not args.no_save:
        from ..exports.evaluation import save_eval

        for path in save_eval(lake, report):
            message(f"saved {path} (the org report's self-evaluation figures)")
    emit(report.columns, report.rows, args.format)
    return 0


def register(sub, common_parser) -> None:
    p = sub.add_parser("neighbors", parents=[common_parser], help="files related to FILE (structure, co-change, "
                       "co-touch, fused)", description="The fused neighbourhood of FILE: each signal normalised to "
                       "0..1 (empty when it has no data) and the weighted score.")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--repo", help="repository id (default: the one holding FILE)")
    p.add_argument("--as-of", help="only history and agent sessions up to this time (ISO date)")
    p.add_argument("--limit", type=int, default=20)
    for name in ("structure", "co-change", "co-touch"):
        p.add_argument(f"--{name}-weight", type=float, help=f"weight of {name} in the score (default: the macro's)")
    p.set_defaults(func=cmd_neighbors)

    p = sub.add_parser("why", parents=[common_parser], help="documents mentioning FILE, its dependents, its owner",
                       description="Why FILE exists: the documents (README, docs/, ADRs) that mention it or its "
                                   "symbols, with line and heading; the files depending on it; its owner.")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--repo")
    p.add_argument("--limit", type=int, default=10)
    p.set_defaults(func=cmd_why)

    p = sub.add_parser("communities", parents=[common_parser], help="subsystems (communities of files)",
                       description="Subsystems found by community detection over the fused file graph.")
    p.add_argument("--repo")
    p.add_argument("--limit", type=int, default=50)
    p.set_defaults(func=cmd_communities)

    p = sub.add_parser("context", parents=[common_parser], help="pack the source around TARGETs into a token budget",
                       description="Expand TARGETs (symbols or files) through callers, callees and neighbours, rank, "
                                   "and pack: full source for the top items, signatures next, path:line for all.")
    p.add_argument("targets", metavar="TARGET", nargs="+")
    p.add_argument("--budget", type=int, default=4000, help="tokens (default 4000)")
    p.add_argument("--repo")
    p.add_argument("--depth", type=int, default=2, help="graph hops from the targets (default 2)")
    p.add_argument("--max-files", type=int, default=15, help="files at most (default 15)")
    p.set_defaults(func=cmd_context)

    p = sub.add_parser("eval", parents=[common_parser], help="which signal predicts the files changed together",
                       description="Time-split self-evaluation on the repository's own history: hit@1, hit@3, "
                                   "hit@10 and recall@10 for structure, co-change, co-touch and their fusion.")
    p.add_argument("--repo")
    p.add_argument("--train-share", type=float, default=0.8, help="older share of commits to learn from (0.8)")
    p.add_argument("--tune", action="store_true", help="also search the fusion weights on the evaluation commits")
    p.add_argument("--no-save", action="store_true", help="do not write <lake>/_exports/<repo>/eval.json")
    p.set_defaults(func=cmd_eval)
