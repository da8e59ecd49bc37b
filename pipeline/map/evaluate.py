"""``codelake eval``: the time-split self-evaluation of the neighbourhood signals on a repository's own history.

``sql/eval_split.sql`` cuts the history (the older 80 % of commits of 1-30 files is the past); the structure is
indexed again as it was at the split commit (a ``git archive`` of it into a temporary folder and lake), so no
signal sees the future: the history signals through ``as_of``, the structure through its own snapshot.
``sql/neighborhood_eval.sql`` then scores every signal and the fusion. Without git history there is nothing to
evaluate; without agent logs co-touch answers nothing (and the report says so).
"""

from __future__ import annotations

import subprocess
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import QueryError
from ..gitsafe import inert_env, watch
from ..lake import Lake

STRUCTURE_TABLES = ("files", "symbols", "edges", "refs")
GRID_STEPS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
COLUMNS = ["repo", "signal", "weights", "queries", "answered", "hit_1", "hit_3", "hit_10", "recall_10"]


@dataclass
class Report:
    columns: list[str]
    rows: list[tuple] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    splits: dict = field(default_factory=dict)


def weight_grid(behaviour: bool) -> list[list[float]]:
    """Weight triples [structure, co_change, co_touch] summing to 1 (co-touch 0 without agent logs)."""
    touch = GRID_STEPS[:6] if behaviour else (0.0,)
    out = []
    for wt in touch:
        for ws in GRID_STEPS:
            wc = round(1.0 - ws - wt, 2)
            if wc >= 0:
                out.append([ws, wc, wt])
    return out


def evaluate(lake: Lake, repo: str | None = None, train_share: float = 0.8, tune: bool = False,
             structure_at_split: bool = True) -> Report:
    from ..catalog import connect

    if not 0.05 <= train_share <= 0.95:
        raise QueryError(f"--train-share must be between 0.05 and 0.95, not {train_share}")
    repos = [repo] if repo else lake.repos()
    if repo and repo not in lake.repos():
        raise QueryError(f"no repository {repo!r} in the lake at {lake.root}")
    report = Report(COLUMNS)
    for name in repos:
        catalog = connect(lake, repos=[name])
        catalog.require("neighborhood_eval", "nothing to evaluate: run `codelake index PATH` first")
        _, split = catalog.rows("SELECT * FROM eval_split(?, train_share := ?)", [name, train_share])
        if not split:
            report.notes.append(f"{name}: no git history of commits touching 1-30 files: nothing to evaluate "
                                "(the map comes from structure alone)")
            continue
        _, sha, at, train, later, total = split[0]
        report.splits[name] = {"split_sha": sha, "split_at": at, "train_commits": train, "later_commits": later}
        with tempfile.TemporaryDirectory(prefix="codelake-eval-") as tmp:
            where = _structure_at(lake, catalog, name, sha, Path(tmp)) if structure_at_split else None
            report.notes.append(f"{name}: learned from {train} commits up to {str(at)[:10]} ({sha[:10]}), "
                                f"predicting the files of the {later} later ones; structure "
                                + (f"indexed as of {sha[:10]}" if where else "as indexed now (it may know "
                                   "files and calls added after the split)"))
            weights = [[None, None, None]] + (weight_grid(_has_behaviour(catalog, name)) if tune else [])
            _, rows = catalog.rows("SELECT * FROM neighborhood_eval(?, ?, weights := ?)", [name, at, weights])
        if not _has_behaviour(catalog, name):
            report.notes.append(f"{name}: no agent logs: co-touch answers no query (its row is zeros)")
        report.rows.extend((name, r[0], _weights_label(r[1]), *r[2:]) for r in rows)
    return report


def _weights_label(weights) -> str | None:
    """'default' for the macro's own weights, else 'structure/co_change/co_touch'; None for a single signal."""
    if weights is None:
        return None
    if any(w is None for w in weights):
        return "default"
    return "/".join(f"{w:g}" for w in weights)


def _has_behaviour(catalog, repo: str) -> bool:
    if "tool_calls" not in catalog.views:
        return False
    return catalog.rows("SELECT count(*) FROM tool_calls WHERE repo = ? AND path IS NOT NULL", [repo])[1][0][0] > 0


def _structure_at(lake: Lake, catalog, repo: str, sha: str, tmp: Path) -> bool:
    """Index the repository's tree at ``sha`` into a temporary lake and point the catalog's structure tables at
    it. False (the current structure stays) when the tree cannot be read."""
    from extractors.structure import StructureExtractor

    root = lake.snapshot(repo).info.get("root")
    source = tmp / "src"
    if not root or not _archive(Path(root), sha, source):
        return False
    scratch = Lake(tmp / "lake")
    scratch.run_extractor(repo, StructureExtractor(), source)
    files = scratch.snapshot_files([repo])
    schemas = Path(lake.root) / "_schemas"
    for table in STRUCTURE_TABLES:
        paths = [str((schemas / f"{table}.parquet").resolve())] + files.get(table, [])
        catalog.sql(f"SET VARIABLE lake_{table} = ?", [paths])
    return True


def _safe_member(member, path):
    """tarfile's 'data' filter, skipping (not failing on) a member it refuses: a link out of the tree, a device."""
    try:
        return tarfile.data_filter(member, path)
    except tarfile.FilterError:
        return None


def _archive(root: Path, sha: str, dest: Path) -> bool:
    """Write the tree of ``sha`` to ``dest`` (tar members filtered: no links out, no absolute paths)."""
    dest.mkdir(parents=True, exist_ok=True)
    # git archive runs the smudge filters the repository's own config names: emptied (pipeline.gitsafe)
    proc = subprocess.Popen(["git", "-C", str(root), "archive", "--format=tar", sha], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=inert_env(str(root)), start_new_session=True)
    try:
        with watch(proc) as fired:  # bounded: a git that stops writing is killed, the tar then ends short
            with tarfile.open(fileobj=proc.stdout, mode="r|") as archive:
                archive.extractall(dest, filter=_safe_member)
    except (tarfile.TarError, OSError):
        return False
    finally:
        proc.stdout.close()
        proc.wait()
    return proc.returncode == 0 and not fired
