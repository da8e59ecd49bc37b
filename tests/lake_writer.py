"""A real writer process for the lake's crash and concurrency tests (run as a script, killed with SIGKILL).

Usage: python lake_writer.py LAKE REPO MODE [RUNS]
  MODE snapshot: rewrite tables ``alpha`` and ``beta`` again and again; every row of one run carries the same
                 generation number, so a reader can tell a torn or mixed snapshot.
  MODE append:   append one row per run to ``counter`` (keys=[]), RUNS times.
"""

import os
import sys
import time

import pyarrow as pa

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1]))

from pipeline.extractor import Batch, Replace  # noqa: E402
from pipeline.lake import Lake  # noqa: E402

SCHEMA = pa.schema([("repo", pa.string()), ("gen", pa.int64()), ("n", pa.int64())])
ROWS = 300_000


class SnapshotWriter:
    name, version = "snapshot_writer", "1"
    tables = {"alpha": SCHEMA, "beta": SCHEMA}

    def __init__(self, gen: int):
        self.gen = gen

    def run(self, ctx, cursor):
        for table in ("alpha", "beta"):
            for start in range(0, ROWS, 50_000):  # several batches: a kill can land between any two
                n = pa.array(range(start, start + 50_000), pa.int64())
                yield Batch(table, pa.table({"gen": pa.array([self.gen] * len(n), pa.int64()), "n": n}))
        return cursor


class AppendWriter:
    name, version = "append_writer", "1"
    tables = {"counter": SCHEMA}

    def __init__(self, gen: int):
        self.gen = gen

    def run(self, ctx, cursor):
        yield Replace("counter", "gen", [])
        yield Batch("counter", pa.table({"gen": pa.array([self.gen], pa.int64()), "n": pa.array([1], pa.int64())}))
        return cursor


def main() -> None:
    lake_dir, repo, mode = sys.argv[1:4]
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 10**9
    lake = Lake(lake_dir)
    for i in range(runs):
        # append rows name their writer and run, so a duplicate or lost row points at the run it came from
        gen = os.getpid() * 1_000_000 + i if mode == "append" else time.time_ns() + i
        writer = SnapshotWriter(gen) if mode == "snapshot" else AppendWriter(gen)
        lake.run_extractor(repo, writer, ".")


if __name__ == "__main__":
    main()
