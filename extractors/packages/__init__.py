"""Packages extractor: the package names and import names a repository declares -> table ``packages``.

What lets the lake connect repositories: another repository's ``import httpcore`` or ``require('body-parser')``
names a module that this table says repository X provides; the views ``cross_repo_edges``, ``cross_repo_callers``,
``repo_dependencies`` and the macro ``blast_radius_org`` follow those names to X's symbols. The structure extractor's
own resolution is not touched: these are separate, derived edges.

Reads only manifests (pyproject.toml, setup.cfg, package.json, go.mod, Cargo.toml, pom.xml, build.gradle), from the
working tree or, for a bare mirror, from HEAD's tree; each read is bounded in size, never follows a link and never
leaves the repository. A manifest that does not parse is counted (``manifests_unreadable``) and skipped.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from pipeline import gitsafe
from pipeline.extractor import Batch, Cursor, RunContext

from . import manifests

VERSION = "0.1.0"
MAX_MANIFEST_BYTES = 1024 * 1024
MAX_MANIFESTS = 2000
COLUMNS = ("ecosystem", "language", "name", "version", "manifest", "module", "separator", "module_path")


def packages_schema():
    import pyarrow as pa

    return pa.schema([("repo", pa.string())] + [(c, pa.string()) for c in COLUMNS])


class PackagesExtractor:
    name = "packages"
    version = VERSION

    @property
    def tables(self):
        return {"packages": packages_schema()}

    def run(self, ctx: RunContext, cursor: Cursor):
        import pyarrow as pa

        from pipeline.repos import head_commit, is_bare_repo

        root = Path(ctx.root)
        bare = is_bare_repo(root)
        files = _tree_files(root) if bare else _checkout_files(root)
        rows = []
        for path in [f for f in files if manifests.wanted(f)][:MAX_MANIFESTS]:
            text = _read_blob(root, path) if bare else _read_file(root, path)
            if text is None:
                ctx.count("manifests_unreadable")
                continue
            try:
                found = manifests.PARSERS[path.rsplit("/", 1)[-1]](path, text, files)
            # tomllib/json errors are ValueErrors; a manifest nested thousands deep exhausts their recursion
            except (ValueError, TypeError, AttributeError, KeyError, RecursionError):
                ctx.count("manifests_unreadable")
                continue
            rows += [{c: getattr(m, c) for c in COLUMNS} for m in found]
            ctx.count("manifests_read")
        yield Batch("packages", pa.Table.from_pylist(rows, schema=packages_schema().remove(0)))
        return Cursor(commit=head_commit(root), state={"modules": len(rows)})


def _checkout_files(root: Path) -> list[str]:
    from pipeline.repos import is_git_repo

    from extractors.structure.discover import list_candidates

    return [c.path for c in list_candidates(root, is_git_repo(root), wanted=lambda p: True)]


def _tree_files(root: Path) -> list[str]:
    from extractors.structure.snapshot import tree_candidates

    return [c.path for c in tree_candidates(root, lambda p: True) if c.mode != "120000"]


def _read_file(root: Path, rel: str) -> str | None:
    """A regular file inside the repository, at most MAX_MANIFEST_BYTES; no links followed, no FIFO opened."""
    full = root / rel
    try:
        full.resolve().relative_to(root.resolve())  # ValueError when a linked folder leads outside
        st = os.lstat(full)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_MANIFEST_BYTES:
            return None
        fd = os.open(full, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as fh:
            return fh.read(MAX_MANIFEST_BYTES).decode("utf-8", "replace")
    except (OSError, ValueError):
        return None


def _read_blob(root: Path, rel: str) -> str | None:
    spec = f"HEAD:{rel}"
    size = gitsafe.run(root, ["cat-file", "-s", spec], text=True)  # bounded: GitNoAnswer
    if size.returncode != 0 or not size.stdout.strip().isdigit() or int(size.stdout) > MAX_MANIFEST_BYTES:
        return None
    blob = gitsafe.run(root, ["cat-file", "blob", spec])
    return blob.stdout.decode("utf-8", "replace") if blob.returncode == 0 else None

