"""A lake on object storage against the same lake on a local folder: ``codelake index`` (structure), a one-file
``update`` and a cold ``blast-radius``, each a whole process, on the same real repository; the S3 lake on moto's
server on loopback (``tests/s3_server.py``: no network latency, one request at a time, so these ratios are a lower
bound of what a remote bucket costs, where every request adds a round trip).

Repository: /work/corpora/httpx (``CODELAKE_BENCH_S3_REPO`` names another); without it, a copy of the venv's
``rich`` package as a git repository (said so in the note).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPUS = Path("/work/corpora/httpx")


def bench() -> list[dict]:
    try:
        import boto3  # noqa: F401
        import moto  # noqa: F401
    except ImportError:
        return [{"name": "s3 lake", "value": None, "unit": "s", "floor": None, "ratio": None, "goal": None,
                 "note": "left out: moto and boto3 are not installed (pip install 'codelake[test]')"}]
    from tests import s3_server

    with tempfile.TemporaryDirectory(prefix="bench-s3-") as tmp:
        tmp = Path(tmp)
        source, label = _source(tmp)
        proc, url = s3_server.start(tmp / "moto.log")
        try:
            env = {**os.environ, **s3_server.environment(url), "CODELAKE_CACHE": str(tmp / "cache")}
            import boto3

            bucket = f"bench-{uuid.uuid4().hex[:8]}"
            boto3.client("s3", endpoint_url=url, region_name="us-east-1", aws_access_key_id="testing",
                         aws_secret_access_key="testing").create_bucket(Bucket=bucket)
            return _rows(source, label, str(tmp / "lake"), f"s3://{bucket}/lake", env)
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def _source(tmp: Path) -> tuple[Path, str]:
    wanted = Path(os.environ.get("CODELAKE_BENCH_S3_REPO") or CORPUS)
    if (wanted / ".git").exists():
        target = tmp / wanted.name
        subprocess.run(["git", "clone", "-q", str(wanted), str(target)], check=True)
        return target, wanted.name
    import rich

    target = tmp / "rich"
    shutil.copytree(Path(rich.__file__).parent, target, ignore=shutil.ignore_patterns("__pycache__"))
    for args in (["init", "-q"], ["add", "-A"], ["-c", "user.name=b", "-c", "user.email=b@b", "commit", "-qm", "x"]):
        subprocess.run(["git", "-C", str(target), *args], check=True)
    return target, f"rich (venv copy; {CORPUS} not fetched)"


def _timed(args: list[str], env: dict) -> tuple[float, float]:
    """Whole-process seconds and peak RSS (MiB) of one command."""
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "pipeline.cli.main", *args], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise RuntimeError(f"codelake {' '.join(args)} exited {proc.returncode}")
    return seconds, usage.ru_maxrss / 1024


def _best(args: list[str], env: dict, times: int) -> tuple[float, float]:
    runs = [_timed(args, env) for _ in range(times)]
    return min(r[0] for r in runs), max(r[1] for r in runs)


def _rows(source: Path, label: str, local: str, remote: str, env: dict) -> list[dict]:
    leaf = _a_python_file(source)
    steps = [("index (structure)", ["index", str(source), "--repo", "b", "--extractors", "structure"], 1),
             ("update of one file", ["update", str(source), leaf, "--repo", "b"], 3),
             ("blast-radius, cold process", ["blast-radius", leaf, "--repo", "b", "--limit", "5"], 3)]
    rows = []
    for name, args, times in steps:
        floor, floor_mib = _best(args + ["--lake", local], env, times)
        value, mib = _best(args + ["--lake", remote], env, times)
        rows.append({"name": f"s3 lake (moto, loopback): {name}", "value": round(value, 3), "unit": "s",
                     "floor": round(floor, 3), "ratio": round(value / floor, 2), "goal": None,
                     "note": f"{label}, best of {times}: floor = the same command on a local lake; peak RSS "
                             f"{mib:.0f} MiB (local {floor_mib:.0f} MiB)"})
    return rows


def _a_python_file(source: Path) -> str:
    files = sorted(p for p in source.rglob("*.py") if "test" not in p.name and p.stat().st_size > 2000)
    return str(files[len(files) // 2].relative_to(source))
