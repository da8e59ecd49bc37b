"""Derived tables: what a run computes from the extractors' tables once they are written: ``file_neighbors`` (each
file's strongest fused neighbours), then ``communities`` (subsystems, detected on that graph).

``derive(lake, source)`` runs after the extractors of ``codelake index`` and of the flow ``index_repo``. It first
makes sure every registered extractor's tables have their empty schema file in the lake (``_schemas/``), so that the
views over history and agent logs exist, empty, for a repository without git history or agent logs: the map then
comes from structure alone instead of failing.
"""

from __future__ import annotations

from ..lake import Lake, RunSummary


def ensure_schemas(lake: Lake, registry=None) -> None:
    from ..registry import load_registry

    registry = registry or load_registry()
    schemas = {}
    for extractor in registry.extractors.values():
        schemas.update(extractor.tables)
    if schemas:
        lake.write_schemas(schemas)


def derive(lake: Lake, source, registry=None) -> list[RunSummary]:
    """Write the derived tables of ``source``'s repository (``pipeline.indexing.Source``)."""
    from ..indexing import repo_info
    from .communities import CommunitiesDeriver
    from .neighbors import NeighborsDeriver

    ensure_schemas(lake, registry)
    return [lake.run_extractor(source.repo, deriver, source.root, info=repo_info(source))
            for deriver in (NeighborsDeriver(lake), CommunitiesDeriver(lake))]


def derive_repo(lake: Lake, repo: str) -> dict:
    """The derived tables of an indexed repository (a flow's step, ``pipeline.steps``): rows written per table."""
    from ..errors import CodelakeError
    from ..indexing import resolve_source

    root = lake.snapshot(repo).info.get("root")
    if not root:
        raise CodelakeError(f"repository {repo!r} has no recorded root in the lake: index it first")
    summaries = derive(lake, resolve_source(root, repo))
    return {s.extractor: sum(s.rows.values()) for s in summaries}
