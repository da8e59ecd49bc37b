"""The derived table ``file_neighbors``: each file's strongest fused neighbours (``neighborhood`` with its default
weights, the whole history), written after the extractors of a run like an extractor's table.

Why a table: ``neighborhood`` follows renames through the whole history, which on a 60,000-commit repository costs
over a second; a hook or ``codelake neighbors`` from a cold process reads the stored answer instead. Questions about
the past (``--as-of``) or other weights still go through the macro. Communities are detected on this graph.
"""

from __future__ import annotations

from ..extractor import Batch, Cursor

TOP = 50  # neighbours kept per file


def schema():
    import pyarrow as pa

    return pa.schema([("repo", pa.string()), ("file", pa.string()), ("neighbor", pa.string()), ("rank", pa.int32()),
                      ("score", pa.float64()), ("structure", pa.float64()), ("co_change", pa.float64()),
                      ("co_touch", pa.float64()), ("signals", pa.list_(pa.string())), ("deps_out", pa.int64()),
                      ("deps_in", pa.int64()), ("shared_commits", pa.int64()), ("shared_sessions", pa.int64())])


class NeighborsDeriver:
    name = "neighbors"
    version = "1.0.0"

    def __init__(self, lake):
        self.lake = lake
        self.tables = {"file_neighbors": schema()}

    def run(self, ctx, cursor):
        from ..catalog import connect

        catalog = connect(self.lake, repos=[ctx.repo], views=["neighborhood"])
        if "neighborhood" not in catalog.views:
            return Cursor(commit=cursor.commit)
        reader = catalog.con.sql(  # a relation streams Arrow batches without a copy of the rows
            "SELECT file, neighbor, "
            "CAST(row_number() OVER (PARTITION BY file ORDER BY score DESC, neighbor) AS INTEGER) AS rank, score, "
            "structure, co_change, co_touch, signals, deps_out, deps_in, shared_commits, shared_sessions FROM neighborhood(repo_id := ?) WHERE score > 0 QUALIFY rank <= ? ORDER BY file, rank",
            params=[ctx.repo, TOP]).to_arrow_reader(64 * 1024)
        for batch in reader:
            yield Batch("file_neighbors", batch)
        return Cursor(commit=cursor.commit, state={"top": TOP})
