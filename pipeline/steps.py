"""What runs after the extractors, in order: per repository (derived analyses, then exports) and once per org run.

Each entry is ``(name, "module:function")``, loaded when it runs, so a step whose module is not there yet (another
stage still being built) is reported as skipped instead of breaking the run. A per-repository step is called as
``function(lake, repo) -> dict`` and an org step as ``function(lake, context) -> dict``; both return small metadata
(counts, paths), never data. Flows, ``codelake nightly`` and the tests all read these lists: add a line here to add a
step everywhere.
"""

from __future__ import annotations

import importlib
from typing import Callable

# Derived tables written through the lake like an extractor's (communities, ...), after the repository's extractors.
DERIVED: tuple[tuple[str, str], ...] = (
    ("map", "pipeline.map.derive:derive_repo"),  # file_neighbors, communities
)

# Exports under <lake>/_exports/<repo>/ (digest, snippets) for agent hooks: the last step of a repository's run.
EXPORTS: tuple[tuple[str, str], ...] = (
    ("export", "pipeline.exports:export_repo"),
    ("eval", "pipeline.exports.evaluation:refresh_eval"),  # weekly (CODELAKE_EVAL_EVERY_DAYS), for the report
)

# After every repository of a nightly run: org-wide analyses, then the report.
ORG: tuple[tuple[str, str], ...] = (
    ("report", "pipeline.report:write_report"),
)


def load(target: str) -> Callable | None:
    """The function ``module:function`` names, or None when its module is not installed (yet)."""
    module_name, _, function = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and (module_name == exc.name or module_name.startswith(exc.name + ".")):
            return None
        raise
    return getattr(module, function, None)


def run_steps(steps: tuple[tuple[str, str], ...], *args) -> dict[str, dict]:
    """Run each step; a missing one is recorded as skipped. A step that raises propagates (the caller decides)."""
    out = {}
    for name, target in steps:
        func = load(target)
        out[name] = {"status": "skipped", "reason": f"{target} is not installed"} if func is None else \
            {"status": "ok", **(func(*args) or {})}
    return out
