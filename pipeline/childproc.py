"""A forked child and its parent talking through pipes: the structure extractor's guarded parse child
(``extractors.structure.budget``), its resolution child (``pool``) and the warm worker's export child
(``pipeline.hooks.export_child``) each fork one, and each side keeps only its own ends."""

from __future__ import annotations

import os
from typing import NamedTuple


class Link(NamedTuple):
    """This side's ends of a pipe each way between a parent and the child it forked."""

    pid: int  # the child's in the parent; 0 in the child
    reads: int  # the parent reads the child's answers here; the child reads the parent's requests
    writes: int


def fork_linked() -> Link | None:
    """Fork with a pipe each way, each side's other ends closed; None when no process could be made (then no pipe
    is left open: the caller does the work another way)."""
    down_read, down_write = os.pipe()
    up_read, up_write = os.pipe()
    try:
        pid = os.fork()
    except OSError:
        for fd in (down_read, down_write, up_read, up_write):
            os.close(fd)
        return None
    if pid == 0:  # pragma: no cover - the child; its coverage is its parent's result
        os.close(down_write)
        os.close(up_read)
        return Link(0, down_read, up_write)
    os.close(down_read)
    os.close(up_write)
    return Link(pid, up_read, down_write)


def write_all(fd: int, payload: bytes) -> None:
    """All of ``payload`` into the pipe ``fd`` (a write may take part of it)."""
    view = memoryview(payload)
    while view:
        view = view[os.write(fd, view):]


def read_all(fd: int) -> bytes:
    """Everything written to the pipe ``fd`` until its writer closed it."""
    chunks = []
    while chunk := os.read(fd, 1 << 16):
        chunks.append(chunk)
    return b"".join(chunks)
