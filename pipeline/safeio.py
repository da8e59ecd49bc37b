"""Reading untrusted files safely: inside a root only, regular files only, never more than a cap.

Repository contents are not trusted (see the README's security model). Every read of a repository's file goes
through ``read_inside``: the path is resolved (symlinks followed only where asked) and refused when it leaves the
repository's root; only a regular file is opened (a FIFO would block forever, a device such as ``/dev/zero`` never
ends), without blocking and without following a last symlink; and at most ``limit`` bytes are read. Files outside any
repository that codelake reads on the user's behalf (agent logs) use ``open_regular`` and ``read_capped``.

The check assumes the folder does not change while it is read (a checkout or an unpacked tree is static input); a
symlink swapped in between resolving and opening is still never followed at the last step. Stdlib only: hooks and
light readers import it.
"""

from __future__ import annotations

import errno
import os
import stat
from functools import lru_cache

CONFIG_BYTES = 1 << 20  # tsconfig.json, package.json, go.mod, Cargo.toml, pyproject.toml: real ones are a few KB
_OPEN_FLAGS = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_KINDS = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a directory"), (stat.S_ISLNK, "a symlink"))


class Refused(OSError):
    """A read codelake will not do; ``strerror`` says why (``outside the repository``, ``not a regular file: a
    FIFO``, ``larger than N bytes``...). An OSError, so callers that treat unreadable files already handle it."""

    def __init__(self, reason: str, path: str | os.PathLike | None = None):
        super().__init__(errno.EPERM, reason, None if path is None else os.fspath(path))


class TooLarge(Refused):
    pass


@lru_cache(maxsize=64)
def real_root(root: str) -> str:
    return os.path.realpath(root)


def is_inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def resolve_inside(root: str | os.PathLike, rel: str, follow_links: bool = True) -> str:
    """The real path of ``rel`` under ``root``; Refused when it is absolute or resolves outside ``root``.
    ``follow_links=False`` leaves a symlink at the last step unresolved (opening it then fails)."""
    if not rel or os.path.isabs(rel) or "\0" in rel:
        raise Refused("not a relative path", rel)
    base = real_root(os.fspath(root))
    joined = os.path.join(base, rel)
    if follow_links:
        real = os.path.realpath(joined)
    else:
        head, name = os.path.split(os.path.normpath(joined))
        real = os.path.join(os.path.realpath(head), name) if name not in ("", ".", "..") else os.path.realpath(joined)
    if not is_inside(real, base):
        raise Refused("outside the repository", rel)
    return real


def open_regular(path: str | os.PathLike, follow_links: bool = True) -> int:
    """A descriptor of ``path`` if it is a regular file: opened non-blocking (a FIFO cannot hang the run), checked
    on the open file itself. Refused otherwise."""
    try:
        fd = os.open(path, _OPEN_FLAGS | (0 if follow_links else _NOFOLLOW))
    except OSError as exc:
        if exc.errno == errno.ELOOP and not follow_links:
            raise Refused("a symlink", path) from None
        raise
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
            raise Refused(f"not a regular file: {kind}", path)
        os.set_blocking(fd, True)
        return fd
    except BaseException:
        os.close(fd)
        raise


def read_capped(fd: int, limit: int, truncate: bool = False) -> bytes:
    """At most ``limit`` bytes of an open file; past it TooLarge, or the first ``limit`` bytes when ``truncate``."""
    chunks, total = [], 0
    while total <= limit:
        chunk = os.read(fd, min(1 << 20, limit + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    data = b"".join(chunks)
    if len(data) > limit:
        if not truncate:
            raise TooLarge(f"larger than {limit} bytes")
        data = data[:limit]
    return data


def read_regular(path: str | os.PathLike, limit: int, truncate: bool = False, follow_links: bool = True) -> bytes:
    """At most ``limit`` bytes of ``path`` if it is a regular file (``open_regular``, ``read_capped``)."""
    fd = open_regular(path, follow_links)
    try:
        return read_capped(fd, limit, truncate)
    finally:
        os.close(fd)


def read_inside(root: str | os.PathLike, rel: str, limit: int, follow_links: bool = True,
                truncate: bool = False) -> bytes:
    """The bytes of the regular file ``rel`` under ``root`` (at most ``limit``); Refused for anything else."""
    return read_regular(resolve_inside(root, rel, follow_links), limit, truncate, follow_links=False)


def read_config(root: str | os.PathLike, rel: str, limit: int = CONFIG_BYTES) -> bytes | None:
    """A configuration file of the repository (go.mod, tsconfig.json...), or None when it is missing or refused; a
    refusal is logged once, naming the file."""
    try:
        return read_inside(root, rel, limit)
    except Refused as exc:
        _warn_once(os.fspath(root), rel, exc.strerror)
        return None
    except OSError:
        return None


@lru_cache(maxsize=1024)
def _warn_once(root: str, rel: str, reason: str) -> None:
    import logging

    logging.getLogger("codelake.safeio").warning("%s: %s not read (%s)", root, rel, reason)
