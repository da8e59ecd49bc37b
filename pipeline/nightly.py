"""The work of an org run, without Prefect: locate each repository, skip it when its index is current, index it,
run the steps after it, and summarise. ``flows/`` wraps these functions in tasks; tests call them directly.

Every function takes and returns small, picklable values (paths as strings, dicts of counts): a task may run on
another machine (a Dask worker), where only the lake and the workspace are shared.
"""

from __future__ import annotations

import os
import socket
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from . import freshness, indexing, steps
from .errors import CodelakeError, LakeBusy, LakeError
from .lake import Lake
from .orgconfig import RepoSpec
from .registry import load_registry

LOCK_WAIT = 30.0  # seconds a flow waits for another writer before failing the attempt (Prefect then retries)


@dataclass
class RepoOutcome:
    """What one repository's run did: small enough for a task's return value and the summary table."""

    repo: str
    status: str  # indexed | current | failed | partial (some extractors failed)
    reason: str = ""
    source: str = ""
    head: str | None = None
    runs: list[dict] = field(default_factory=list)
    steps: dict = field(default_factory=dict)
    seconds: float = 0.0
    host: str = field(default_factory=lambda: f"{socket.gethostname()}:{os.getpid()}")  # where it ran

    def as_dict(self) -> dict:
        return asdict(self)


def index_options(git_backend: str = "git", find_copies: bool = False, keep_commands: bool = False) -> dict:
    """The extractor options the CLI's flags set (``codelake index --git-backend ... --find-copies ...``)."""
    return {"git_backend": git_backend, "find_copies": find_copies, "keep_commands": keep_commands}


def plan(path: str, repo: str | None, extractors: list[str] | None) -> dict:
    source = indexing.resolve_source(path, repo)
    names = [e.name for e in load_registry().select(extractors)]
    return {"root": str(source.root), "repo": source.repo, "is_git": source.is_git, "extractors": names}


def check_freshness(lake_root: str | None, job: dict, logs: list[str] | None = None) -> dict:
    registry = load_registry(set(job["extractors"]))
    lake = Lake(lake_root)
    state = freshness.check(lake, job["repo"], Path(job["root"]), job["is_git"], registry.select(job["extractors"]),
                            logs).as_dict()
    if state["fresh"] and not exports_current(lake, job["repo"]):
        state.update(fresh=False, reason="the tables are current, the exports are not")  # only the steps run
    return state


def exports_current(lake: Lake, repo: str) -> bool:
    """The agents' exports were written from the repository's current snapshot (or there is no exporter)."""
    if not any(steps.load(target) for _, target in steps.EXPORTS):
        return True
    from .exports.read import manifest

    data = manifest(lake.root, repo)
    return data is not None and data.get("snapshot") == lake.snapshot(repo).snapshot


def wait_for_writers(lake_root: str | None, repo: str, timeout: float | None = None) -> None:
    """Fail fast (``LakeBusy``, retried by flows with a backoff) while another process writes the repository,
    instead of blocking a worker for the lake's full lock timeout."""
    wait = float(os.environ.get("CODELAKE_FLOW_LOCK_WAIT", LOCK_WAIT)) if timeout is None else timeout
    try:
        with Lake(lake_root).lock(repo, timeout=wait):
            pass
    except LakeBusy:
        raise
    except LakeError as exc:
        raise LakeBusy(str(exc)) from None


def run_extractor(lake_root: str | None, root: str, repo: str, extractor_name: str, options: dict,
                  progress=None) -> dict:
    """One extractor on one repository; returns the run's summary (counts, never rows)."""
    import multiprocessing

    source = indexing.resolve_source(root, repo)
    extractor = load_registry({extractor_name}).get(extractor_name)
    if multiprocessing.current_process().daemon:  # a Dask worker: it may not start parser processes of its own
        options = {**options, "workers": 1}
    summary = indexing.run_one(Lake(lake_root), source, extractor, options, progress).as_dict()
    summary["rows"] = dict(summary["rows"])
    summary["pid"] = os.getpid()
    return summary


def after_index(lake_root: str | None, repo: str, kind: str) -> dict:
    """The derived analyses (``kind='derived'``) or the exports (``'exports'``) of one repository."""
    table = {"derived": steps.DERIVED, "exports": steps.EXPORTS}[kind]
    return steps.run_steps(table, Lake(lake_root), repo)


def index_repository(lake_root: str | None, spec: RepoSpec, source_root: str, force: bool = False,
                     progress=None) -> RepoOutcome:
    """The whole per-repository sequence in one process (the nightly task): freshness, extractors, then steps.
    Extractor failures are collected, not raised: the outcome says which failed and why."""
    job, state = check_repository(lake_root, spec, source_root)
    if is_current(spec, state, force):
        return current_outcome(spec, job, state)
    return index_checked(lake_root, spec, job, state, force, progress)


def check_repository(lake_root: str | None, spec: RepoSpec, source_root: str) -> tuple[dict, dict]:
    """What to index and how current it is (read-only: no lock, no write slot needed)."""
    job = plan(source_root, spec.id, list(spec.extractors) if spec.extractors else None)
    return job, check_freshness(lake_root, job, list(spec.logs))


def is_current(spec: RepoSpec, state: dict, force: bool = False) -> bool:
    return state["fresh"] and not (force or spec.full)


def current_outcome(spec: RepoSpec, job: dict, state: dict) -> RepoOutcome:
    return RepoOutcome(spec.id, "current", reason=state["reason"], source=job["root"], head=state["head"])


def index_checked(lake_root: str | None, spec: RepoSpec, job: dict, state: dict, force: bool = False,
                  progress=None) -> RepoOutcome:
    started = time.monotonic()
    outcome = RepoOutcome(spec.id, "indexed", source=job["root"], head=state["head"])
    wait_for_writers(lake_root, spec.id)
    options = {**index_options(spec.git_backend, spec.find_copies, spec.keep_commands), "full": spec.full,
               "logs": list(spec.logs)}
    names = job["extractors"] if force or spec.full else state["stale"]
    for name in names:
        if progress:
            progress(spec.id, name, "start")
        try:
            outcome.runs.append(run_extractor(lake_root, job["root"], spec.id, name, options))
        except CodelakeError as exc:
            outcome.runs.append({"extractor": name, "status": "failed", "error": str(exc), "rows": {}})
        if progress:
            progress(spec.id, name, outcome.runs[-1]["status"])
    failed = [r for r in outcome.runs if r["status"] != "ok"]
    for kind in ("derived", "exports"):
        try:
            outcome.steps.update(after_index(lake_root, spec.id, kind))
        except Exception as exc:  # a broken analysis or export costs only itself; the tables are published
            outcome.steps[kind] = {"status": "failed", "reason": f"{type(exc).__name__}: {exc}"}
            failed.append({"extractor": kind, "error": outcome.steps[kind]["reason"]})
    if failed:
        ok = [r for r in outcome.runs if r["status"] == "ok"]
        outcome.status = "partial" if ok else "failed"
        outcome.reason = "; ".join(f"{r['extractor']}: {r.get('error')}" for r in failed)
    else:
        outcome.reason = state["reason"] if not force else "forced"
    outcome.seconds = time.monotonic() - started
    return outcome


def failed_outcome(repo: str, error: BaseException | str, stage: str) -> RepoOutcome:
    text = error if isinstance(error, str) else (str(error) or type(error).__name__)
    return RepoOutcome(repo, "failed", reason=f"{stage}: {text}")


SUMMARY_COLUMNS = ["repo", "status", "extractors", "rows", "files_skipped", "seconds", "reason", "host"]


def summary_rows(outcomes: list[dict]) -> list[dict]:
    rows = []
    for o in outcomes:
        runs = o.get("runs") or []
        rows.append({
            "repo": o["repo"], "status": o["status"],
            "extractors": ", ".join(f"{r['extractor']} {r['status']}" for r in runs) or "-",
            "rows": sum(sum((r.get("rows") or {}).values()) for r in runs),
            "files_skipped": sum(r.get("files_skipped") or 0 for r in runs),
            "seconds": round(o.get("seconds") or 0.0, 1), "reason": o.get("reason") or "", "host": o.get("host") or "",
        })
    return rows


def summary_markdown(outcomes: list[dict], title: str, extra: list[str] | None = None) -> str:
    """A short Markdown summary: counts by status, then one line per repository that failed (and why)."""
    by_status: dict[str, int] = {}
    for o in outcomes:
        by_status[o["status"]] = by_status.get(o["status"], 0) + 1
    lines = [f"# {title}", "", ", ".join(f"**{n}** {s}" for s, n in sorted(by_status.items())) or "nothing ran", ""]
    bad = [o for o in outcomes if o["status"] in ("failed", "partial")]
    if bad:
        lines += ["## Failed", ""] + [f"- `{o['repo']}` ({o['status']}): {o['reason']}" for o in bad] + [""]
    lines += ["| repository | status | extractors | rows | seconds |", "|---|---|---|---|---|"]
    lines += [f"| {r['repo']} | {r['status']} | {r['extractors']} | {r['rows']} | {r['seconds']} |"
              for r in summary_rows(outcomes)]
    return "\n".join(lines + [""] + (extra or []))
