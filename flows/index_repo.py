"""Flow ``index_repo``: run every registered extractor on one repository, one task per extractor, then derive the
communities and export the digest and snippets agents read.

Thin on purpose: the work is ``pipeline.indexing``; a task returns small metadata (counts, ids), never data.
Run it directly: ``python -m flows.index_repo PATH [--repo ID] [--lake DIR] [--full]``.
"""

from __future__ import annotations

import argparse
import json
import sys

from prefect import flow, task
from prefect.cache_policies import NO_CACHE

from pipeline import indexing
from pipeline.lake import Lake
from pipeline.registry import load_registry


@task(cache_policy=NO_CACHE, persist_result=False, task_run_name="extract-{extractor_name}")
def run_extractor(lake_root: str | None, root: str, repo: str, extractor_name: str, options: dict) -> dict:
    source = indexing.resolve_source(root, repo)
    extractor = load_registry().get(extractor_name)
    return indexing.run_one(Lake(lake_root), source, extractor, options).as_dict()


@task(cache_policy=NO_CACHE, persist_result=False)
def plan(path: str, repo: str | None, extractors: list[str] | None) -> dict:
    source = indexing.resolve_source(path, repo)
    names = [e.name for e in load_registry().select(extractors)]
    return {"root": str(source.root), "repo": source.repo, "extractors": names}


@task(cache_policy=NO_CACHE, persist_result=False)
def derive(lake_root: str | None, repo: str) -> dict:
    """The derived tables (file_neighbors, communities), after the extractors."""
    from pipeline.map.derive import derive_repo

    return derive_repo(Lake(lake_root), repo)


@task(cache_policy=NO_CACHE, persist_result=False)
def export(lake_root: str | None, repo: str) -> dict:
    """The digest and snippets agents read: the last step."""
    from pipeline.exports import export_repo

    return export_repo(Lake(lake_root), repo)


@flow(name="index_repo", log_prints=True)
def index_repo(path: str = ".", repo: str | None = None, lake: str | None = None,
               extractors: list[str] | None = None, full: bool = False, logs: list[str] | None = None) -> dict:
    job = plan(path, repo, extractors)
    options = {"full": full, "logs": list(logs or [])}
    states = [run_extractor(lake, job["root"], job["repo"], name, options, return_state=True)
              for name in job["extractors"]]
    runs = [s.result(raise_on_failure=False) for s in states]
    failed = [name for name, s in zip(job["extractors"], states) if not s.is_completed()]
    print(f"indexed {job['repo']}: " + ", ".join(f"{r['extractor']} {r['status']}" for r in runs if isinstance(r, dict)))
    if failed:
        raise RuntimeError(f"extractors failed on {job['repo']}: {', '.join(failed)}")
    derived = derive(lake, job["repo"])
    exported = export(lake, job["repo"])
    print(f"exported {job['repo']}: {exported['snippets']} snippets, digest {exported['digest_tokens']} tokens")
    return {"repo": job["repo"], "runs": runs, "derived": derived, "export": exported}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m flows.index_repo")
    parser.add_argument("path", nargs="?", default=".")
    parser.add_argument("--repo")
    parser.add_argument("--lake")
    parser.add_argument("--extractors")
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--logs", action="append", default=[])
    args = parser.parse_args(argv)
    result = index_repo(args.path, args.repo, args.lake, args.extractors.split(",") if args.extractors else None,
                        args.full, args.logs)
    for run in result["runs"]:
        print(json.dumps({k: run[k] for k in ("repo", "extractor", "status", "rows", "files_skipped", "seconds")}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
