"""Parsing many files on every core; small batches stay in-process (a worker pool costs ~0.2 s to start)."""

from __future__ import annotations

import os
from pathlib import Path

from .parse import FileFacts, parse_file

IN_PROCESS_BELOW = 200
CHUNK = 48


def _parse_chunk(args) -> list[FileFacts]:
    root, items = args
    return [parse_file(Path(root), path, lang, mode, sha) for path, lang, mode, sha in items]


def parse_all(root: Path, items: list, progress=None, workers: int | None = None) -> list[FileFacts]:
    workers = workers or os.cpu_count() or 1
    total = len(items)
    if total < IN_PROCESS_BELOW or workers <= 1:
        out = []
        for i, item in enumerate(items):
            out.append(parse_file(root, *item))
            if progress and (i % 50 == 0 or i == total - 1):
                progress(i + 1, total, item[0])
        return out
    import multiprocessing as mp

    chunks = [(str(root), items[i:i + CHUNK]) for i in range(0, total, CHUNK)]
    out = []
    with mp.get_context("forkserver").Pool(workers) as pool:
        for facts in pool.imap(_parse_chunk, chunks):
            out.extend(facts)
            if progress:
                progress(len(out), total, facts[-1].path if facts else "")
    return out
