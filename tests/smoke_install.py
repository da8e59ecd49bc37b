"""`make test-pythons`: codelake installs and works on each supported Python, from its wheel, with the pinned set.

For each version given (default 3.12 3.13): a fresh venv, `pip install -c constraints.txt <wheel>`, then what a user
does first: `codelake --version`, index a small git repository through the Prefect flow (`python -m
flows.index_repo`, so Prefect's temporary server starts on that Python too), and query it (`codelake callers`,
`codelake status`). Exits non-zero naming the version and step that failed.

    python tests/smoke_install.py 3.12 3.13
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FILES = {"pkg/__init__.py": "", "pkg/core.py": "def load():\n    return 1\n",
         "pkg/app.py": "from pkg.core import load\n\n\ndef main():\n    return load()\n"}


def interpreter(version: str) -> str:
    """A working python{version}: pyenv's installs first (its shims may refuse a version not selected)."""
    candidates = sorted(glob.glob(os.path.expanduser(f"~/.pyenv/versions/{version}.*/bin/python{version}")))
    candidates += sorted(glob.glob(f"/root/.pyenv/versions/{version}.*/bin/python{version}"))
    candidates += [p for p in [shutil.which(f"python{version}")] if p]
    for candidate in candidates:
        if subprocess.run([candidate, "--version"], capture_output=True).returncode == 0:
            return candidate
    sys.exit(f"smoke_install: no working Python {version} found (pyenv or python{version} on PATH)")


def run(step: str, args: list[str], **kw) -> str:
    proc = subprocess.run(args, capture_output=True, text=True, **kw)
    if proc.returncode != 0:
        sys.exit(f"smoke_install: {step} failed ({proc.returncode}):\n{proc.stdout[-2000:]}\n{proc.stderr[-3000:]}")
    return proc.stdout


def build_wheel(out: Path) -> Path:
    run("building the wheel", [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(ROOT)])
    return next(out.glob("codelake-*.whl"))


def make_repo(root: Path) -> Path:
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    env = {**os.environ, "GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "ada@example.com",
           "GIT_COMMITTER_NAME": "Ada", "GIT_COMMITTER_EMAIL": "ada@example.com"}
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-qm", "init"]):
        run("making a repository", ["git", "-C", str(root), *args], env=env)
    return root


def smoke(version: str, wheel: Path, work: Path) -> float:
    started = time.monotonic()
    venv = work / f"venv-{version}"
    run(f"{version}: venv", [interpreter(version), "-m", "venv", str(venv)])
    py, bin_ = venv / "bin" / "python", venv / "bin"
    run(f"{version}: pip install", [str(py), "-m", "pip", "install", "-q", "-c", str(ROOT / "constraints.txt"),
                                    str(wheel)])
    got = run(f"{version}: --version", [str(bin_ / "codelake"), "--version"]).strip()
    assert got.startswith("codelake "), got
    repo, lake = make_repo(work / f"repo-{version}"), work / f"lake-{version}"
    env = {**os.environ, "PREFECT_HOME": str(work / f"prefect-{version}"), "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
           "DO_NOT_TRACK": "1", "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": "120", "CODELAKE_LAKE": str(lake)}
    env.pop("PREFECT_API_URL", None)
    run(f"{version}: index through the flow", [str(py), "-m", "flows.index_repo", str(repo), "--repo", "smoke",
                                                "--lake", str(lake)], env=env, cwd=work)
    callers = json.loads(run(f"{version}: callers", [str(bin_ / "codelake"), "callers", "pkg/core.py::load",
                                                      "--format", "json"], env=env, cwd=work))
    if "pkg/app.py::main" not in {c["caller_id"] for c in callers}:
        sys.exit(f"smoke_install: {version}: unexpected callers {callers}")
    status = json.loads(run(f"{version}: status", [str(bin_ / "codelake"), "status", "--format", "json"], env=env,
                            cwd=work))
    if status[0]["freshness"] != "current":
        sys.exit(f"smoke_install: {version}: unexpected status {status}")
    return time.monotonic() - started


def main(versions: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="codelake-pythons-") as tmp:
        work = Path(tmp)
        wheel = build_wheel(work / "dist")
        versions = versions or ["3.12", "3.13"]
        for version in versions:
            seconds = smoke(version, wheel, work)
            print(f"smoke_install: Python {version}: installed, indexed through the flow, queried ({seconds:.0f} s)")
    print(f"smoke_install: {len(versions)} passed, 0 failed")  # every failure exits earlier, naming its step
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
