"""Structure indexing, ``update``, blast radius and cold CLI queries on real code: the venv's site-packages.

Floors are measured in the same run on the same files: single-process tree-sitter parse-only of exactly the files
the indexer parsed; a bare ``python -c`` + ``import duckdb`` process for the cold CLI commands.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CORPUS = Path(os.environ.get("CODELAKE_BENCH_CORPUS", sysconfig.get_paths()["purelib"]))
CLI = [sys.executable, "-m", "pipeline.cli.main"]

INDEX_SCRIPT = """
import json, resource, sys, time
from pathlib import Path
from pipeline.lake import Lake
from extractors.structure import StructureExtractor
started = time.perf_counter()
summary = Lake(sys.argv[1]).run_extractor(sys.argv[2], StructureExtractor(), Path(sys.argv[3]))
print(json.dumps({"seconds": time.perf_counter() - started, "rows": summary.rows,
                  "main_peak_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  "worker_peak_kib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))
"""


def _parse_only_floor(lake_dir: Path, repo: str, root: Path) -> tuple[float, int, int]:
    """Single-process tree-sitter parse of the files the indexer parsed (each with its own grammar)."""
    import pyarrow.parquet as pq
    from tree_sitter_language_pack import get_parser

    from extractors.structure.languages import LANGUAGES

    files = pq.read_table(lake_dir / "files" / repo).to_pylist()
    parsed = [(f["path"], LANGUAGES[f["language"]].grammar) for f in files if f["parse_status"] in ("ok", "partial")]
    parsers = {g: get_parser(g) for _, g in parsed}
    blobs = [((root / p).read_bytes(), g) for p, g in parsed]  # read first: the floor is parsing, not I/O
    started = time.perf_counter()
    for data, grammar in blobs:
        parsers[grammar].parse(data)
    lines = sum(d.count(b"\n") for d, _ in blobs)
    return time.perf_counter() - started, lines, len(blobs)


def _run(cmd: list[str], env=None) -> float:
    started = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=REPO)
    if proc.returncode != 0:
        raise RuntimeError(f"{cmd}: {proc.stderr[-500:]}")
    return time.perf_counter() - started


def _median_ms(cmd: list[str], n: int = 5, env=None) -> float:
    return round(1000 * statistics.median(_run(cmd, env) for _ in range(n)), 1)


def _index(lake_dir: Path, repo: str, root: Path) -> dict:
    import json

    out = subprocess.run([sys.executable, "-c", INDEX_SCRIPT, str(lake_dir), repo, str(root)], capture_output=True,
                         text=True, cwd=REPO, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _typical_symbol(lake_dir: Path) -> str:
    """A function with 8-12 direct callers: a typical "what breaks if I change this" question, not a hub."""
    from pipeline.catalog import connect
    from pipeline.lake import Lake

    _, rows = connect(Lake(lake_dir)).rows(
        "SELECT dst_id FROM edges WHERE dst_id IS NOT NULL AND kind = 'calls' GROUP BY dst_id "
        "HAVING count(*) BETWEEN 8 AND 12 ORDER BY hash(dst_id) LIMIT 1")
    return rows[0][0]


def _blast_warm_ms(lake_dir: Path, target: str) -> tuple[float, float, int]:
    from pipeline.catalog import connect
    from pipeline.lake import Lake

    catalog = connect(Lake(lake_dir))
    catalog.pin()  # a long-lived session: base tables held in memory
    query = "SELECT count(*) FROM blast_radius(?, max_depth := 4)"
    started = time.perf_counter()
    reached = catalog.sql(query, [target]).fetchone()[0]
    cold = time.perf_counter() - started
    times = []
    for _ in range(5):
        started = time.perf_counter()
        catalog.sql(query, [target]).fetchone()
        times.append(time.perf_counter() - started)
    return round(cold * 1000, 1), round(statistics.median(times) * 1000, 1), reached


def _update_ms(lake_dir: Path, root: Path, repo: str, rel: str) -> float:
    env = {**os.environ, "CODELAKE_LAKE": str(lake_dir)}
    return _median_ms(CLI + ["update", str(root), rel, "--repo", repo], n=3, env=env)


def bench() -> list[dict]:
    work = Path(tempfile.mkdtemp(prefix="codelake-bench-"))
    try:
        return _bench(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _bench(work: Path) -> list[dict]:
    lake_dir, repo = work / "lake", "site-packages"
    result = _index(lake_dir, repo, CORPUS)
    floor, lines, nfiles = _parse_only_floor(lake_dir, repo, CORPUS)
    note = f"{nfiles} files, {lines:,} lines of real code ({CORPUS}); {os.cpu_count()} cores"
    rows = [
        {"name": "index vs parse-only", "value": round(result["seconds"], 2), "unit": "s", "floor": round(floor, 2),
         "ratio": round(result["seconds"] / floor, 2), "goal": "<= 1.5", "note": note},
        {"name": "index throughput", "value": round(lines / result["seconds"]), "unit": "lines/s",
         "floor": round(lines / floor), "ratio": None, "goal": ">= 250000", "note": str(result["rows"])},
        {"name": "index peak memory (main)", "value": round(result["main_peak_kib"] / 1024), "unit": "MiB",
         "floor": None, "ratio": None, "goal": "<= 1024", "note": f"largest worker {result['worker_peak_kib'] // 1024} MiB"},
    ]
    target = _typical_symbol(lake_dir)
    cold, warm, reached = _blast_warm_ms(lake_dir, target)
    rows.append({"name": "blast radius depth 4, warm", "value": warm, "unit": "ms", "floor": None, "ratio": None,
                 "goal": "<= 50", "note": f"{target}: {reached} symbols; first query after pin {cold} ms; "
                                          f"{result['rows']['edges']:,} edges"})
    floor_cold = _median_ms([sys.executable, "-c", "import duckdb; duckdb.connect().execute('select 1')"])
    env = {**os.environ, "CODELAKE_LAKE": str(lake_dir)}
    for command in ("callers", "blast-radius"):
        ms = _median_ms(CLI + [command, target, "--format", "csv"], n=3, env=env)
        rows.append({"name": f"codelake {command}, cold process", "value": ms, "unit": "ms", "floor": floor_cold,
                     "ratio": round(ms / floor_cold, 2), "goal": "<= 300",
                     "note": "floor: python + import duckdb + connect"})
    rel = next(p.relative_to(CORPUS).as_posix() for p in sorted((CORPUS / "click").glob("*.py")))
    rows.append({"name": "codelake update, 1 file, large repo", "value": _update_ms(lake_dir, CORPUS, repo, rel),
                 "unit": "ms", "floor": None, "ratio": None, "goal": "<= 300",
                 "note": f"{rel} in the {lines:,}-line lake: rewrites its partitions, re-resolves all edges"})
    rows.append(_update_own_repo(work))
    rows.extend(_fetched_repo_rows(work))
    return rows


MIRRORS = Path(os.environ.get("CODELAKE_BENCH_MIRRORS", "/work/.mirror"))


def _fetched_repo_rows(work: Path) -> list[dict]:
    """Index vs parse-only on other languages' real code: each repository fetched into ``MIRRORS`` (never committed;
    none there, no rows), its HEAD exported to a plain folder."""
    rows = []
    for git_dir in sorted(MIRRORS.glob("*/repo")):
        name = git_dir.parent.name.split("+")[-1]
        root = work / "src" / name
        root.mkdir(parents=True)
        archive = subprocess.run(["git", "-C", str(git_dir), "archive", "HEAD"], capture_output=True)
        if archive.returncode != 0:
            continue
        subprocess.run(["tar", "-x", "-C", str(root)], input=archive.stdout, check=True)
        result = _index(work / "mirrors", name, root)
        floor, lines, nfiles = _parse_only_floor(work / "mirrors", name, root)
        rows.append({"name": f"index vs parse-only, {name}", "value": round(result["seconds"], 2), "unit": "s",
                     "floor": round(floor, 2), "ratio": round(result["seconds"] / floor, 2), "goal": "<= 1.5",
                     "note": f"{_languages(work / 'mirrors', name)}: {nfiles} files, {lines:,} lines (HEAD of "
                             f"{git_dir.parent.name})" + ("; small, so fixed costs weigh" if lines < 200_000 else "")})
    return rows


def _languages(lake_dir: Path, repo: str) -> str:
    import pyarrow.parquet as pq

    files = pq.read_table(lake_dir / "files" / repo, columns=["language"]).to_pylist()
    counts: dict[str, int] = {}
    for f in files:
        counts[f["language"]] = counts.get(f["language"], 0) + 1
    return ", ".join(f"{lang} {n}" for lang, n in sorted(counts.items(), key=lambda kv: -kv[1])[:3])


def _update_own_repo(work: Path) -> dict:
    lake_dir = work / "own"
    _index(lake_dir, "codelake", REPO)
    ms = _update_ms(lake_dir, REPO, "codelake", "pipeline/lake.py")
    floor = _median_ms([sys.executable, "-c", "import pyarrow.parquet"])
    return {"name": "codelake update, 1 file, this repo", "value": ms, "unit": "ms", "floor": floor,
            "ratio": round(ms / floor, 2), "goal": "<= 300", "note": "floor: python + import pyarrow.parquet"}
