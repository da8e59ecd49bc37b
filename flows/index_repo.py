"""Flow ``index_repo``: index one repository.

A sequence of task calls over ``pipeline.nightly`` (the logic lives there, testable without Prefect):
plan -> freshness check (stop when HEAD and the logs are already indexed) -> the stale extractors as concurrent tasks
-> derived analyses -> exports -> a Markdown and a table artifact. Tasks return small metadata, never data; a locked
lake is retried with an exponential backoff; the repository's write slot on the Prefect server serializes writers of
the same repository on different machines.

Run it directly: ``python -m flows.index_repo PATH [--repo ID] [--lake DIR] [--full] [--extractors a,b] [--logs DIR]
[--git-backend git|pydriller] [--find-copies] [--keep-commands] [--force]`` (the options of ``codelake index``).
"""

from __future__ import annotations

import argparse
import json
import sys

from prefect import flow, task
from prefect.artifacts import create_markdown_artifact, create_table_artifact
from prefect.cache_policies import NO_CACHE

from flows.runtime import artifact_key, repo_write_slot, transient_retries
from pipeline import nightly

TASK = {"cache_policy": NO_CACHE, "persist_result": False}


@task(**TASK)
def plan(path: str, repo: str | None, extractors: list[str] | None) -> dict:
    return nightly.plan(path, repo, extractors)


@task(**TASK)
def check_freshness(lake_root: str | None, job: dict, logs: list[str] | None) -> dict:
    return nightly.check_freshness(lake_root, job, logs)


@task(**TASK)
def wait_for_writers(lake_root: str | None, repo: str) -> None:
    nightly.wait_for_writers(lake_root, repo)


@task(task_run_name="extract-{extractor_name}", **TASK)
def run_extractor(lake_root: str | None, root: str, repo: str, extractor_name: str, options: dict) -> dict:
    from prefect.runtime import task_run

    return {**nightly.run_extractor(lake_root, root, repo, extractor_name, options), "attempts": task_run.run_count}


@task(**TASK)
def derive(lake_root: str | None, repo: str) -> dict:
    return nightly.after_index(lake_root, repo, "derived")


@task(**TASK)
def export(lake_root: str | None, repo: str) -> dict:
    """The exports agent hooks read (pipeline.steps.EXPORTS: digest and snippets, once the exporter is installed)."""
    return nightly.after_index(lake_root, repo, "exports")


@flow(name="index_repo", log_prints=True)
def index_repo(path: str = ".", repo: str | None = None, lake: str | None = None,
               extractors: list[str] | None = None, full: bool = False, logs: list[str] | None = None,
               git_backend: str = "git", find_copies: bool = False, keep_commands: bool = False,
               force: bool = False) -> dict:
    job = plan(path, repo, extractors)
    state = check_freshness(lake, job, logs)
    if state["fresh"] and not (full or force):
        print(f"{job['repo']}: {state['reason']}; nothing to do")
        return _finish(job, state, [], {}, "current")
    options = {**nightly.index_options(git_backend, find_copies, keep_commands), "full": full, "logs": list(logs or [])}
    names = job["extractors"] if full or force else state["stale"]
    with repo_write_slot(job["repo"]):
        transient_retries(wait_for_writers)(lake, job["repo"])
        futures = [transient_retries(run_extractor).submit(lake, job["root"], job["repo"], name, options)
                   for name in names]
        runs = [_run_result(name, f) for name, f in zip(names, futures)]
        steps = {**derive(lake, job["repo"]), **export(lake, job["repo"])}
    failed = [r for r in runs if r["status"] != "ok"]
    result = _finish(job, state, runs, steps, "failed" if failed else "indexed")
    if failed:
        raise RuntimeError(f"extractors failed on {job['repo']}: "
                           + "; ".join(f"{r['extractor']}: {r['error']}" for r in failed))
    return result


def _run_result(name: str, future) -> dict:
    future.wait()
    if future.state.is_completed():
        return future.result()
    exc = future.result(raise_on_failure=False)
    return {"extractor": name, "status": "failed", "error": str(exc), "rows": {}, "files_skipped": 0, "seconds": 0}


def _finish(job: dict, state: dict, runs: list[dict], steps: dict, status: str) -> dict:
    outcome = {"repo": job["repo"], "status": status, "reason": state["reason"], "source": job["root"],
               "head": state["head"], "runs": runs, "steps": steps,
               "seconds": sum(r.get("seconds") or 0 for r in runs)}
    rows = nightly.summary_rows([outcome])
    create_table_artifact(key=artifact_key("index", job["repo"]), table=[
        {"extractor": r["extractor"], "status": r["status"], "rows": sum((r.get("rows") or {}).values()),
         "files_skipped": r.get("files_skipped", 0), "seconds": round(r.get("seconds") or 0, 2),
         "attempts": r.get("attempts", 1), "error": r.get("error") or ""} for r in runs] or rows,
        description=f"codelake index of {job['repo']}")
    create_markdown_artifact(key=artifact_key("index", job["repo"], "summary"),
                             markdown=nightly.summary_markdown([outcome], f"codelake: {job['repo']}"),
                             description=f"codelake index of {job['repo']}")
    print(f"{job['repo']}: {status}: " + (", ".join(f"{r['extractor']} {r['status']}" for r in runs) or state["reason"]))
    return outcome


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m flows.index_repo")
    parser.add_argument("path", nargs="?", default=".")
    parser.add_argument("--repo")
    parser.add_argument("--lake")
    parser.add_argument("--extractors")
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--force", action="store_true", help="index even when the index is current")
    parser.add_argument("--logs", action="append", default=[])
    parser.add_argument("--git-backend", choices=("git", "pydriller"), default="git")
    parser.add_argument("--find-copies", action="store_true")
    parser.add_argument("--keep-commands", action="store_true")
    args = parser.parse_args(argv)
    result = index_repo(args.path, args.repo, args.lake, args.extractors.split(",") if args.extractors else None,
                        args.full, args.logs, args.git_backend, args.find_copies, args.keep_commands, args.force)
    for run in result["runs"]:
        print(json.dumps({k: run.get(k) for k in ("repo", "extractor", "status", "rows", "files_skipped", "seconds")}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
