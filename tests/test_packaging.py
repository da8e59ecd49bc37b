"""The wheel carries the SQL views and the tree-sitter query files: codelake works installed, not only checked out."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _source_copy(dest: Path) -> Path:
    """The checkout without its build leftovers: setuptools reuses ``build/lib``, so a file deleted since the last
    build would still ship."""
    junk = shutil.ignore_patterns("build", "dist", "*.egg-info", ".venv", ".git", "data", ".prefect", "__pycache__")
    return Path(shutil.copytree(ROOT, dest, ignore=junk))


def test_the_wheel_ships_every_sql_and_query_file_and_they_load_from_it(tmp_path):
    source = _source_copy(tmp_path / "src")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(source)],
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stderr[-2000:]
    wheel = next(tmp_path.glob("codelake-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for sql in (ROOT / "sql").glob("*.sql"):
        assert f"codelake_sql/{sql.name}" in names
    for scm in (ROOT / "extractors/structure/queries").glob("*.scm"):
        assert f"extractors/structure/queries/{scm.name}" in names
    target = tmp_path / "installed"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
                   check=True, capture_output=True)
    probe = ("import pipeline, sys; from pipeline.catalog import sql_files; "
             "from extractors.structure.parse import query_text; "
             "assert pipeline.__file__.startswith(sys.argv[1]), pipeline.__file__; "
             "print(len(sql_files()), len(query_text('python') or ''))")
    out = subprocess.run([sys.executable, "-c", probe, str(target)], capture_output=True, text=True,
                         env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"}, cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    n_sql, query_len = map(int, out.stdout.split())
    assert n_sql == len(list((ROOT / "sql").glob("*.sql"))) and query_len > 100
