"""Commands for running codelake over an org: nightly (one run now), serve (on a schedule), report (HTML)."""

from __future__ import annotations

from .output import emit, message

SUMMARY = ["repo", "status", "extractors", "rows", "files_skipped", "seconds", "reason", "host"]


def cmd_nightly(args) -> int:
    from ..errors import CodelakeError
    from ..nightly import summary_rows
    from ..orgconfig import load

    load(args.config)  # a bad config is one line before Prefect starts
    from flows.server import temporary_api

    with temporary_api() as server:  # comes up while Prefect and the flows import
        from flows.nightly import nightly

        with _fallback_unless(server is None or server.ready()):
            result = nightly(str(args.config), lake=args.lake, dask_address=args.dask_address,
                             concurrency=args.concurrency, force=args.force, repos=args.repo or None)
    rows = summary_rows(result["repositories"])
    emit(SUMMARY, [tuple(r[c] for c in SUMMARY) for r in rows], args.format)
    report = result["org"].get("report") or {}
    message(f"report: {report['path']}" if report.get("status") == "ok" else
            f"report: {report.get('status', 'not written')} {report.get('reason', '')}".rstrip())
    if result["failed"]:
        raise CodelakeError(f"{len(result['failed'])} of {len(rows)} repositories failed: "
                            + ", ".join(f"{r['repo']} ({r['reason']})" for r in rows if r["repo"] in result["failed"]))
    return 0


def _fallback_unless(ready: bool):
    """Our temporary server did not come up: let Prefect start its own (the URL was read at import)."""
    from contextlib import nullcontext

    if ready:
        return nullcontext()
    from prefect.settings import PREFECT_API_URL, temporary_settings

    return temporary_settings(restore_defaults={PREFECT_API_URL})


def cmd_serve(args) -> int:
    from ..orgconfig import load, lake_root

    cfg = load(args.config)
    from flows.serve import serve

    serve(str(args.config), lake=str(lake_root(cfg, args.lake)), cron=args.cron or cfg.cron or "0 2 * * *",
          timezone=args.timezone or cfg.timezone, name=args.name, dask_address=args.dask_address)
    return 0


def cmd_report(args) -> int:
    from ..report import write_report
    from . import common

    lake = common.lake(args)
    common.check_repo(lake, args.repo)
    result = write_report(lake, {"report": args.out, "repos": [args.repo] if args.repo else None})
    message(f"wrote {result['path']} ({result['summary']})")
    return 0


def register(sub, common) -> None:
    p = sub.add_parser("nightly", parents=[common], help="index every repository of an org config now, then the report",
                       description="Run the nightly flow once, now: clone or fetch each repository of CONFIG (TOML), "
                                   "index those whose index is not current, then write the report. A repository "
                                   "that fails never stops the others; the exit code is 1 when any failed.")
    p.add_argument("config", metavar="CONFIG", help="org config file (TOML, see README: Org runs)")
    p.add_argument("--dask-address", metavar="ADDR", help="run the per-repository tasks on this Dask scheduler")
    p.add_argument("--concurrency", type=int, help="repositories indexed at once (default: the config's, 4)")
    p.add_argument("--force", action="store_true", help="index even repositories whose index is current")
    p.add_argument("--repo", action="append", metavar="ID", help="only this repository of the config (repeatable)")
    p.set_defaults(func=cmd_nightly)

    p = sub.add_parser("serve", parents=[common], help="run the nightly flow on a schedule (Prefect, no Docker)",
                       description="Serve the nightly flow as a Prefect deployment on a cron schedule; runs start "
                                   "in this process. Needs a Prefect server (prefect server start) or Prefect Cloud.")
    p.add_argument("config", metavar="CONFIG", help="org config file (TOML)")
    p.add_argument("--cron", help="cron schedule (default: the config's [schedule] cron, else '0 2 * * *')")
    p.add_argument("--timezone", help="IANA time zone of the schedule (default: the config's, else UTC)")
    p.add_argument("--name", default="codelake-nightly", help="deployment name (default codelake-nightly)")
    p.add_argument("--dask-address", metavar="ADDR", help="run the per-repository tasks on this Dask scheduler")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("report", parents=[common], help="write the org report: one self-contained HTML file",
                       description="One HTML file (no network needed to view it): per-repository size, freshness "
                                   "and skipped files, hotspots, coupling, dead code, ownership risks, the "
                                   "cross-repository dependency graph, the map's self-evaluation.")
    p.add_argument("--out", default="report.html", help="output file (default report.html)")
    p.add_argument("--repo", help="only this repository (default: all)")
    p.set_defaults(func=cmd_report)
