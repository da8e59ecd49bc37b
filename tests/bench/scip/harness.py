"""One comparison end to end: clone the corpus, index it with the SCIP indexer (cached) and with codelake's
structure extractor (into a temporary lake), and score codelake against SCIP (``compare``)."""

from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from .compare import Edge, Result, compare
from .index_scip import read_index
from .indexers import TARGETS, Target, checkout, head_commit, scip_index

EDGE_COLUMNS = list(Edge._fields)
SYMBOL_COLUMNS = ["id", "path", "name", "kind", "line_start", "line_end", "parent_id"]


@dataclass
class Run:
    target: Target
    commit: str
    result: Result
    seconds: dict


def codelake_tables(root: Path, lake_dir: Path, repo: str):
    """Index ``root`` with the structure extractor; its symbols, edges and the files it parsed."""
    from extractors.structure import StructureExtractor
    from pipeline.lake import Lake

    lake = Lake(lake_dir)
    lake.run_extractor(repo, StructureExtractor(), root)
    symbols = lake.read_table(repo, "symbols").select(SYMBOL_COLUMNS).to_pylist()
    edges = [Edge(*row.values()) for row in lake.read_table(repo, "edges").select(EDGE_COLUMNS).to_pylist()]
    files = lake.read_table(repo, "files").select(["path", "parse_status"]).to_pylist()
    parsed = {f["path"] for f in files if f["parse_status"] in ("ok", "partial", "fallback")}
    return symbols, edges, parsed


def run(name: str, samples: int = 25) -> Run:
    """Raises ``indexers.Unavailable`` (saying why) when node, npm or the repository is missing."""
    target = TARGETS[name]
    seconds = {}
    with tempfile.TemporaryDirectory(prefix=f"bench-scip-{name}-") as tmp:
        clone = checkout(target, Path(tmp))
        started = time.perf_counter()
        index_file = scip_index(target, clone)
        seconds["scip_index"] = time.perf_counter() - started  # ~0 when cached
        started = time.perf_counter()
        symbols, edges, parsed = codelake_tables(clone, Path(tmp) / "lake", name)
        seconds["codelake_index"] = time.perf_counter() - started
        started = time.perf_counter()
        result = compare(read_index(index_file), symbols, edges, parsed, clone, samples=samples)
        seconds["compare"] = time.perf_counter() - started
        return Run(target, head_commit(clone), result, seconds)
