"""A repository without a working tree (a bare clone or mirror, as nightly jobs keep them): its HEAD tree as the
files to index.

Candidates come from ``git ls-tree`` with their blob ids, so the lake's incremental comparison works as for a
checkout; only the blobs a run parses, plus the files resolution reads (``go.mod``, ``tsconfig.json``,
``pyproject.toml``...), are written to a temporary folder by one ``git cat-file --batch`` process.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from pipeline.errors import ExtractError

from .discover import Candidate

# read from disk besides the parsed sources: entry points, and the configs of is_resolution_config
ALWAYS_WRITTEN = {"pyproject.toml"}


def tree_candidates(root: Path, wanted, rev: str = "HEAD") -> list[Candidate]:
    """Every blob of ``rev``'s tree whose path ``wanted`` accepts (submodules left out), with its blob id."""
    proc = subprocess.run(["git", "-C", str(root), "ls-tree", "-r", "-z", "--full-tree", rev],
                          capture_output=True)
    if proc.returncode != 0:
        raise ExtractError(f"{root}: git ls-tree {rev} failed: {proc.stderr.decode(errors='replace').strip()}")
    found = []
    for entry in proc.stdout.decode("utf-8", "surrogateescape").split("\0"):
        if not entry:
            continue
        meta, path = entry.split("\t", 1)
        mode, kind, sha = meta.split()
        if kind == "blob" and wanted(path):
            found.append(Candidate(path, sha, mode))
    return sorted(found, key=lambda c: c.path)


def write_blobs(root: Path, candidates: list[Candidate], dest: Path) -> None:
    """Write each candidate's blob under ``dest`` at its path (a symlink as a symlink to its target)."""
    if not candidates:
        return
    proc = subprocess.Popen(["git", "-C", str(root), "cat-file", "--batch"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        proc.stdin.write("".join(f"{c.blob_sha}\n" for c in candidates).encode())
        proc.stdin.close()
        for cand in candidates:
            _write_one(cand, _read_object(proc.stdout, cand), dest)
    finally:
        proc.stdout.close()
        proc.wait()


def _read_object(stream, cand: Candidate) -> bytes:
    header = stream.readline().split()
    if len(header) != 3:  # "<sha> missing": a partial clone without that blob
        raise ExtractError(f"blob {cand.blob_sha} of {cand.path} is not in the repository")
    data = stream.read(int(header[2]))
    stream.read(1)  # the newline after each object
    return data


def _write_one(cand: Candidate, data: bytes, dest: Path) -> None:
    target = dest / cand.path
    target.parent.mkdir(parents=True, exist_ok=True)
    if cand.mode == "120000":
        os.symlink(data.decode("utf-8", "surrogateescape"), target)
    else:
        target.write_bytes(data)
