"""``codelake serve``: the nightly flow as a Prefect deployment on a cron schedule, run by this process.

Needs a Prefect API (``prefect server start`` and ``PREFECT_API_URL``, or Prefect Cloud): the scheduler is one of the
server's services. For a work pool instead of a long-running process, see ``prefect.yaml``.
"""

from __future__ import annotations

from pathlib import Path

from pipeline.errors import CodelakeError


def schedule(cron: str, timezone: str | None):
    """A validated cron schedule (a bad cron string or time zone is a one-line error, not a traceback)."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    from prefect.schedules import Cron

    if timezone:
        try:
            ZoneInfo(timezone)
        except (ZoneInfoNotFoundError, ValueError):
            raise CodelakeError(f"unknown time zone {timezone!r} (use an IANA name such as Europe/Berlin)") from None
    try:
        return Cron(cron, timezone=timezone)
    except ValueError as exc:
        raise CodelakeError(f"invalid cron schedule {cron!r}: {str(exc).splitlines()[-1]}") from None


def serve(config: str, lake: str | None, cron: str = "0 2 * * *", timezone: str | None = None,
          name: str = "codelake-nightly", dask_address: str | None = None) -> None:
    from flows.nightly import nightly

    parameters = {"config": str(Path(config).resolve()), "lake": str(Path(lake).resolve()) if lake else None,
                  "dask_address": dask_address}
    nightly.serve(name=name, schedules=[schedule(cron, timezone)], parameters=parameters,
                  description="codelake: index every repository of the org config, then write the report")
