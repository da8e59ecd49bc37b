"""Flow ``nightly``: every repository of an org config, then the org-wide steps and the report.

``nightly(config)`` reads the config and runs ``org_index`` with the task runner it asks for: threads (at most
``concurrency`` repositories at once) or an existing Dask cluster (``dask_address``, through prefect-dask). Per
repository: locate (clone or fetch a remote into the workspace, retried when it times out) -> index (freshness check,
extractors, derived analyses, exports; under the repository's write slot, so two machines never write one repository
at once). A repository that fails is recorded with its reason and never stops the others. Then the org steps
(``pipeline.steps.ORG``: the report), and a Markdown, a table and a link artifact.

Run once, now: ``codelake nightly CONFIG [--lake DIR]``; on a schedule: ``codelake serve`` or ``prefect.yaml``.
"""

from __future__ import annotations

from pathlib import Path

from prefect import flow, task
from prefect.artifacts import create_link_artifact, create_markdown_artifact, create_table_artifact
from prefect.cache_policies import NO_CACHE

from flows.runtime import artifact_key, repo_write_slot, task_runner, transient_retries
from pipeline import nightly as work
from pipeline import orgconfig, steps, workspace
from pipeline.lake import Lake
from pipeline.orgconfig import RepoSpec

TASK = {"cache_policy": NO_CACHE, "persist_result": False}


@task(task_run_name="locate-{spec.id}", **TASK)
def locate(spec: RepoSpec, workspace_dir: str, fetch_timeout: float) -> str:
    return str(workspace.source_path(spec, Path(workspace_dir), fetch_timeout))


@task(task_run_name="index-{spec.id}", **TASK)
def index_repository(lake_root: str, spec: RepoSpec, source_root: str, force: bool) -> dict:
    from prefect import get_run_logger

    logger = get_run_logger()

    def progress(repo: str, extractor: str, event: str) -> None:
        logger.info("%s: %s %s", repo, extractor, event)

    job, state = work.check_repository(lake_root, spec, source_root)
    if work.is_current(spec, state, force):  # read-only: a current repository needs no write slot
        return work.current_outcome(spec, job, state).as_dict()
    with repo_write_slot(spec.id):
        return work.index_checked(lake_root, spec, job, state, force, progress).as_dict()


@task(**TASK)
def org_steps(lake_root: str, context: dict) -> dict:
    return steps.run_steps(steps.ORG, Lake(lake_root), context)


@flow(name="org_index", log_prints=True)
def org_index(repositories: list[RepoSpec], lake_root: str, workspace_dir: str, fetch_timeout: float,
              force: bool = False) -> list[dict]:
    """Every repository concurrently on the flow's task runner; failures become outcomes, never exceptions."""
    located = [transient_retries(locate).submit(spec, workspace_dir, fetch_timeout) for spec in repositories]
    indexed = [transient_retries(index_repository).submit(lake_root, spec, where, force)
               for spec, where in zip(repositories, located)]
    return [_outcome(spec, where, done) for spec, where, done in zip(repositories, located, indexed)]


def _outcome(spec: RepoSpec, located, indexed) -> dict:
    indexed.wait()
    if indexed.state.is_completed():
        return indexed.result()
    located.wait()
    stage, future = ("fetch", located) if not located.state.is_completed() else ("index", indexed)
    error = future.result(raise_on_failure=False)
    outcome = work.failed_outcome(spec.id, error if isinstance(error, BaseException) else str(future.state.message),
                                  stage).as_dict()
    print(f"{spec.id}: failed ({outcome['reason']})")
    return outcome


@flow(name="nightly", log_prints=True)
def nightly(config: str, lake: str | None = None, dask_address: str | None = None, concurrency: int | None = None,
            force: bool = False, repos: list[str] | None = None) -> dict:
    cfg = orgconfig.load(config)
    lake_root = str(orgconfig.lake_root(cfg, lake))
    specs = _selected(cfg, repos)
    ws = cfg.workspace_for(lake_root)
    workspace.sweep(ws)
    runner = task_runner(concurrency or cfg.concurrency, dask_address or cfg.dask_address)
    outcomes = org_index.with_options(task_runner=runner)(specs, lake_root, str(ws), cfg.fetch_timeout, force)
    report = str(cfg.report_for(lake_root))
    try:
        org = org_steps(lake_root, {"report": report, "outcomes": outcomes}) if cfg.write_report else \
            {"report": {"status": "skipped", "reason": "report = false in the config"}}
    except Exception as exc:  # the repositories are indexed; a failing report must not hide that
        org = {"org": {"status": "failed", "reason": f"{type(exc).__name__}: {exc}"}}
    _artifacts(outcomes, org, report)
    failed = [o["repo"] for o in outcomes if o["status"] in ("failed", "partial")]
    return {"lake": lake_root, "repositories": outcomes, "org": org, "failed": failed}


def _selected(cfg, repos: list[str] | None) -> list[RepoSpec]:
    from pipeline.errors import ConfigError

    specs = cfg.enabled()
    if repos:
        unknown = sorted(set(repos) - {s.id for s in cfg.repositories})
        if unknown:
            raise ConfigError(f"{cfg.source}: no repository {', '.join(map(repr, unknown))} in the config")
        specs = [s for s in cfg.repositories if s.id in repos]
    return specs


def _artifacts(outcomes: list[dict], org: dict, report: str) -> None:
    report_step = org.get("report") or {}
    extra = [f"Report: `{report_step['path']}`" if report_step.get("status") == "ok" else
             f"Report: {report_step.get('status', 'not written')} ({report_step.get('reason', '')})"]
    create_markdown_artifact(key="codelake-nightly", markdown=work.summary_markdown(outcomes, "codelake nightly", extra),
                             description="codelake nightly run: what was indexed, what failed and why")
    create_table_artifact(key="codelake-nightly-repositories", table=work.summary_rows(outcomes),
                          description="one row per repository")
    if report_step.get("status") == "ok":
        create_link_artifact(key="codelake-report", link=Path(report_step["path"]).resolve().as_uri(),
                             link_text="codelake report (HTML)", description=report_step.get("summary", ""))
