"""Git history benchmarks: mining throughput against bare ``git log --numstat -M`` on the same history, incremental
mining of 100 new commits (whole process), ``co_change`` on the largest history (warm), and ``owners DIR`` and
``co-change FILE`` each in its own process.

History: the largest git repository fetched under ``/work/.mirror`` (``CODELAKE_BENCH_GIT`` names another, or
``synthetic``); without one, a synthetic history of 50,000 commits built with ``git fast-import`` (cached under data/bench/) and said so.
"""

from __future__ import annotations

import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MIRRORS = Path("/work/.mirror")
SYNTHETIC = ROOT / "data" / "bench" / "synthetic-git-50k.git"
SYNTHETIC_COMMITS = 50_000
GOAL_RATIO = 1.25


def bench() -> list[dict]:
    source, label = largest_history()
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-git-") as tmp:
        lake = Path(tmp) / "lake"
        rows.extend(throughput_rows(source, label, lake))
        rows.extend(co_change_rows(lake, label))
        rows.extend(cold_command_rows(lake, label))
        rows.append(incremental_row(source, label, lake, Path(tmp)))
        rows.append(pydriller_row(source, label, Path(tmp)))
    return rows


# -- the history ---------------------------------------------------------------------------------------------------
def git(*args: str, cwd: Path | None = None, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True, **kw)


def commit_count(repo: Path) -> int:
    return int(git("-C", str(repo), "rev-list", "--count", "HEAD").stdout)


def largest_history() -> tuple[Path, str]:
    named = os.environ.get("CODELAKE_BENCH_GIT")
    if named == "synthetic":
        return synthetic_history(), f"synthetic fast-import history ({SYNTHETIC_COMMITS:,} commits)"
    candidates = [Path(named)] if named else sorted(p.parent for p in MIRRORS.glob("*/repo/HEAD"))
    best = None
    for repo in candidates:
        try:
            count = commit_count(repo)
        except (subprocess.CalledProcessError, OSError):
            continue
        if best is None or count > best[1]:
            best = (repo, count)
    if best:
        return best[0], f"{best[0].parent.name.replace('+', '/')} ({best[1]:,} commits, real history)"
    return synthetic_history(), f"synthetic fast-import history ({SYNTHETIC_COMMITS:,} commits; no fetched repository)"


def files_per_commit(rng: random.Random) -> int:
    """A long-tailed distribution like real projects: most commits touch 1-3 files, a few touch dozens."""
    roll = rng.random()
    for share, low, high in ((0.50, 1, 1), (0.70, 2, 2), (0.80, 3, 3), (0.90, 4, 6), (0.97, 7, 15), (0.995, 16, 40)):
        if roll < share:
            return rng.randint(low, high)
    return rng.randint(41, 120)


def synthetic_history(path: Path = SYNTHETIC, commits: int = SYNTHETIC_COMMITS) -> Path:
    if (path / "complete").exists():
        return path
    shutil.rmtree(path, ignore_errors=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    git("init", "-q", "--bare", "-b", "main", str(path))
    proc = subprocess.Popen(["git", "-C", str(path), "fast-import", "--quiet"], stdin=subprocess.PIPE)
    write_synthetic_stream(proc.stdin, commits, random.Random(42))
    proc.stdin.close()
    if proc.wait() != 0:
        raise RuntimeError("git fast-import failed")
    (path / "complete").write_text(f"{commits}\n")
    return path


def write_synthetic_stream(out, commits: int, rng: random.Random, ref: str = "refs/heads/main",
                           parent: str | None = None, files: dict | None = None, start: int = 0) -> dict:
    """Commits editing a pool of files (line versions bumped, lines appended), with adds, deletes and renames."""
    files = files if files is not None else {}
    authors = [(f"Dev {i}", f"dev{i}@example.com") for i in range(60)]
    for n in range(start, start + commits):
        ops = []
        for _ in range(files_per_commit(rng)):
            roll = rng.random()
            if roll < 0.06 or len(files) < 50:
                path = f"pkg{rng.randrange(40)}/mod_{n}_{rng.randrange(1000)}.py"
                files[path] = [0] * rng.randint(10, 120)
            elif roll < 0.07:
                path = rng.choice(list(files))
                ops.append(f"D {path}\n".encode())
                del files[path]
                continue
            elif roll < 0.08:
                old = rng.choice(list(files))
                path = f"pkg{rng.randrange(40)}/moved_{n}.py"
                files[path] = files.pop(old)
                ops.append(f"D {old}\n".encode())
            else:
                path = rng.choice(list(files))
                lines = files[path]
                for _ in range(rng.randint(1, 6)):
                    lines[rng.randrange(len(lines))] += 1
                lines.extend([0] * rng.randint(0, 4))
            body = "".join(f"value_{i} = {v}  # line {i}\n" for i, v in enumerate(files[path])).encode()
            ops.append(f"M 100644 inline {path}\ndata {len(body)}\n".encode() + body + b"\n")
        name, email = authors[int(rng.paretovariate(1.2)) % len(authors)]
        stamp = 1_300_000_000 + n * 3000
        message = f"commit {n}\n".encode()
        head = (f"commit {ref}\nauthor {name} <{email}> {stamp} +0000\ncommitter {name} <{email}> {stamp} +0000\n"
                f"data {len(message)}\n").encode() + message
        if n == start and parent:
            head += f"from {parent}\n".encode()
        out.write(head + b"".join(ops) + b"\n")
    return files


# -- measurements --------------------------------------------------------------------------------------------------
def timed(command: list[str], **kw) -> float:
    return timed_cpu(command, **kw)[0]


def timed_cpu(command: list[str], **kw) -> tuple[float, float]:
    """Wall-clock seconds and CPU seconds (user + system, the process and the children it waited for)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **kw)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def mine_command(source: Path, lake: Path, *extra: str) -> list[str]:
    """The whole process: interpreter start, imports, git log, parsing, Parquet, snapshot."""
    return [sys.executable, "-m", "tests.bench.bench_git", "mine", str(source), str(lake), *extra]


def throughput_rows(source: Path, label: str, lake: Path) -> list[dict]:
    bare, ours = [], []
    for attempt in range(2):  # alternate, keep the best of each: the machine is shared
        bare.append(timed_cpu(["git", "-C", str(source), "log", "--numstat", "-M"]))
        shutil.rmtree(lake, ignore_errors=True)
        ours.append(timed_cpu(mine_command(source, lake, "--full"), cwd=ROOT))
    rows, unread = [], unreadable_commits(lake)
    for index, kind in ((0, "wall clock"), (1, "CPU time")):
        value, floor = min(t[index] for t in ours), min(t[index] for t in bare)
        rows.append({"name": f"git mining, full history ({kind})", "value": round(value, 2), "unit": "s",
                     "floor": round(floor, 2), "ratio": round(value / floor, 3), "goal": GOAL_RATIO,
                     "note": f"{label}; floor: bare `git log --numstat -M` > /dev/null; value: codelake git "
                             f"extractor into a new lake, whole process; best of 2 each"
                             + ("; CPU = user + system of the process and its git child" if index else "")
                             + (f"; {unread} commits without line counts (their diff needs an object the "
                                f"repository lacks)" if unread else "")})
    return rows


def unreadable_commits(lake: Path) -> int:
    """Commits the last run mined without line counts (counter ``history_unreadable``): a fetched mirror may lack
    a few large blobs, which costs only the commits whose diff needs them."""
    import json

    from pipeline.lake import Lake

    last = Lake(lake).read_table("bench", "runs").to_pylist()[-1]
    return int(json.loads(last["counters"] or "{}").get("history_unreadable", 0))


def co_change_rows(lake: Path, label: str) -> list[dict]:
    from pipeline.catalog import connect
    from pipeline.lake import Lake

    catalog = connect(Lake(lake))
    hub = catalog.rows("SELECT current_path FROM file_changes_current WHERE alive GROUP BY current_path "
                       "ORDER BY count(*) DESC LIMIT 1")[1][0][0]
    queries = {"scan": "SELECT count(*) FROM file_changes_current",
               "all": "SELECT count(*) FROM co_change()",
               "one": "SELECT count(*) FROM co_change(min_revs := 1, min_shared_revs := 2, min_coupling := 0, "
                      "repo_id := 'bench', for_file := ?)"}
    times: dict[str, list[float]] = {name: [] for name in queries}
    counts = {}
    for name, query in queries.items():  # warm: files cached, views bound
        catalog.rows(query, [hub] if "?" in query else None)
    for _ in range(3):
        for name, query in queries.items():
            started = time.perf_counter()
            counts[name] = catalog.rows(query, [hub] if "?" in query else None)[1][0][0]
            times[name].append(time.perf_counter() - started)
    scan, every, one = (statistics.median(times[n]) for n in ("scan", "all", "one"))
    return [
        {"name": "co_change, whole history, warm", "value": round(every, 3), "unit": "s", "floor": round(scan, 3),
         "ratio": round(every / scan, 2), "goal": None,
         "note": f"{label}; {counts['all']} coupled pairs (code-maat defaults); floor: the file_changes_current "
                 f"scan it builds on ({counts['scan']} changes, renames followed through file_lives); median of 3"},
        {"name": "co_change of one file (repo_id, for_file), warm", "value": round(one, 3), "unit": "s",
         "floor": round(every, 3), "ratio": round(one / every, 2), "goal": None,
         "note": f"{hub} (the file changed most: {counts['one']} partners changed with it at least twice, as the "
                 f"hub fallback of `codelake co-change` asks); floor: the whole pair matrix; median of 3"},
    ]


def cold_command_rows(lake: Path, label: str, repo: str = "bench") -> list[dict]:
    """``owners`` of the folder and ``co-change`` of the file changed most, each in its own process (what a script
    or an agent's hook runs), against the floor of importing DuckDB and pyarrow; best of 2."""
    from pipeline.catalog import connect
    from pipeline.lake import Lake

    hub = connect(Lake(lake), views=["file_changes_current"]).rows(
        "SELECT current_path FROM file_changes_current WHERE repo = ? AND alive AND current_path LIKE '%/%' "
        "GROUP BY current_path ORDER BY count(*) DESC, current_path LIMIT 1", [repo])[1][0][0]
    folder = hub.rsplit("/", 1)[0]
    floor = min(timed([sys.executable, "-c", "import duckdb, pyarrow.parquet"]) for _ in range(2))
    rows = []
    for command in (["owners", folder], ["co-change", hub]):
        argv = [sys.executable, "-m", "pipeline.cli.main", *command, "--lake", str(lake), "--repo", repo]
        value = min(timed(argv, cwd=ROOT) for _ in range(2))
        rows.append({"name": f"`codelake {command[0]}` in its own process", "value": round(value, 2), "unit": "s",
                     "floor": round(floor, 2), "ratio": round(value / floor, 1), "goal": None,
                     "note": f"{label}; `{' '.join(command)}` (the file changed most, or its folder); floor: "
                             f"`python -c 'import duckdb, pyarrow.parquet'`; best of 2"})
    return rows


def incremental_row(source: Path, label: str, lake: Path, tmp: Path) -> dict:
    clone = tmp / "incremental.git"
    git("clone", "-q", "--bare", "--shared", str(source), str(clone))
    old = git("-C", str(clone), "rev-parse", "HEAD").stdout.strip()
    ref = git("-C", str(clone), "symbolic-ref", "HEAD").stdout.strip()
    proc = subprocess.Popen(["git", "-C", str(clone), "fast-import", "--quiet", "--force"], stdin=subprocess.PIPE)
    write_synthetic_stream(proc.stdin, 100, random.Random(7), ref=ref, parent=old, start=10_000_000)
    proc.stdin.close()
    if proc.wait() != 0:
        raise RuntimeError("git fast-import of the 100 new commits failed")
    floor = timed(["git", "-C", str(clone), "log", "--numstat", "-M", f"{old}..HEAD"])
    value = timed(mine_command(clone, lake), cwd=ROOT)  # the lake holds the whole history mined up to `old`
    from pipeline.lake import Lake

    mined = Lake(lake).read_table("bench", "runs").to_pylist()[-1]
    return {"name": "git mining, 100 new commits (incremental)", "value": round(value, 2), "unit": "s",
            "floor": round(floor, 3), "ratio": round(value / floor, 1), "goal": None,
            "note": f"on top of {label}; whole process (interpreter, imports, rev-list, git log, rewriting the "
                    f"repository's Parquet partitions); run status {mined['status']}, {mined['rows']} rows; floor: "
                    f"bare `git log --numstat -M` of the 100 commits"}


def pydriller_row(source: Path, label: str, tmp: Path, commits: int = 2000) -> dict:
    """The reference backend on the newest ``commits`` commits (the whole history would take minutes)."""
    from extractors.git import gitlog, pydriller_backend

    clone = tmp / "pydriller.git"  # a clone of our own: GitPython refuses repositories owned by another user
    git("clone", "-q", "--bare", "--shared", str(source), str(clone))
    source = clone
    head = git("-C", str(source), "rev-parse", "HEAD").stdout.strip()
    revisions = [f"--max-count={commits}", head]
    times = {}
    for name, backend in (("pydriller", pydriller_backend.stream_commits), ("log", gitlog.stream_commits)):
        started = time.perf_counter()
        for _ in backend(source, revisions, set(), lambda *a: None):
            pass
        times[name] = time.perf_counter() - started
    floor = timed(["git", "-C", str(source), "log", "--numstat", "-M", f"--max-count={commits}"])
    return {"name": f"PyDriller reference backend, {commits:,} commits", "value": round(times["pydriller"], 2),
            "unit": "s", "floor": round(floor, 3), "ratio": round(times["pydriller"] / floor, 1), "goal": None,
            "note": f"{label}, newest {commits:,} commits; floor: bare `git log --numstat -M`; the streaming "
                    f"backend's parse of the same commits: {times['log']:.2f} s (in-process, no lake)"}


def _mine_main(argv: list[str]) -> int:
    from extractors.git import GitExtractor
    from pipeline.lake import Lake

    source, lake = Path(argv[0]), Path(argv[1])
    Lake(lake).run_extractor("bench", GitExtractor(), source, options={"full": "--full" in argv})
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["mine"]:
        sys.exit(_mine_main(sys.argv[2:]))
    for row in bench():
        print(row)
