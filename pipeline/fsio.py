"""Durable file operations the lake is built on: write under a temporary name, fsync, rename (stdlib only).

Temporary names never end in ``.parquet`` and start with a dot, so no engine's glob and no reader of a table folder
ever sees a half-written file.
"""

from __future__ import annotations

import errno
import json
import os
import uuid
from pathlib import Path

from .errors import LakeError


def tmp_name(final: Path) -> Path:
    return final.with_name(f".{final.name}.tmp-{uuid.uuid4().hex[:8]}")


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_file(path: Path) -> None:
    with open(path, "rb+") as fh:
        os.fsync(fh.fileno())


def finalize(tmp: Path, final: Path, sync_dir: bool = True) -> None:
    """fsync a finished temporary file and rename it into place (atomic on POSIX)."""
    fsync_file(tmp)
    os.replace(tmp, final)
    if sync_dir:
        fsync_dir(final.parent)


def write_json_atomic(path: Path, data: dict) -> None:
    tmp = tmp_name(path)
    with open(tmp, "w") as fh:
        fh.write(json.dumps(data, sort_keys=True, separators=(",", ":")))  # the C encoder: 10x an indented dump
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    fsync_dir(path.parent)


def write_text_atomic(path: Path, text: str) -> None:
    tmp = tmp_name(path)
    with open(tmp, "w") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def link_into_place(target: Path, current: Path, scratch: Path) -> None:
    """Make ``current`` the same file as ``target``: a hard link made in ``scratch`` (never in a table folder, whose
    readers list every file), renamed over ``current``. Without hard links (some network filesystems), a copy."""
    tmp = scratch / f".link-{uuid.uuid4().hex[:8]}"
    try:
        os.link(target, tmp)
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EXDEV, errno.ENOTSUP, errno.EMLINK, errno.EOPNOTSUPP):
            raise
        import shutil

        shutil.copyfile(target, tmp)
    os.replace(tmp, current)


def os_error_message(exc: OSError, root: Path) -> str:
    """One line saying what is wrong with the lake's folder: read-only, full, permissions."""
    where = exc.filename or root
    reasons = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is exhausted",
               errno.EROFS: "the filesystem is read-only", errno.EACCES: "permission denied",
               errno.EPERM: "operation not permitted"}
    reason = reasons.get(exc.errno, exc.strerror or str(exc).splitlines()[0][:300] or type(exc).__name__)
    return f"cannot write the lake at {root}: {reason} ({where})"


def lake_write_error(exc: OSError, root: Path) -> LakeError:
    return LakeError(os_error_message(exc, root))
