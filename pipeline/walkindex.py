"""The walk index: each repository's resolved edges as adjacency arrays by symbol id, for cold blast-radius walks.

A cold ``codelake blast-radius`` otherwise scans every edge of the repository once per level (3.2M on the bench's
site-packages lake). The index holds, per direction, the edges leaving each ``sid`` in one sorted run (offsets, far
ends, confidences, whether a name guess made the edge) as ``.npy`` files a reader maps into memory, and the counts
of unresolved names (``blast_radius_gaps``'s mentions) by their last dotted part.

It is derived data, never the definition: ``<lake>/_walk/<repo>/<key>/``, where the key names the snapshot's
``edges`` and ``symbols`` version files (a version file is never rewritten, so an index under the key a reader's
files give is exactly those files' edges). A reader finding no index for its key walks the lake level by level
instead (``pipeline.walk``). Local lakes only.

Built after a writer publishes (``Lake.after_write``): in the writer's process for an ``index``, in a detached
process at idle priority for an ``update`` (the agent's hook does not wait for it). That process waits until the
repository is quiet (``CODELAKE_WALK_INDEX_QUIET`` seconds with no write, default 1): a build reads every edge (3.2M on
a 2M-line lake) and, even at idle priority, running into the next update slowed it by a third (0.5 -> 0.65-0.77 s on
two cores); an update published meanwhile leaves the build to the process that update started. Builders take turns
under a lock and the one holding it builds again until the index matches the current snapshot, so updates in a row
cost one build after the last, not one each. ``CODELAKE_WALK_INDEX``: ``sync``, ``background`` or ``off``.

Between a write and the build after it (about a second after an agent's edit), a reader takes the newest earlier
index with the snapshots' difference (``previous``): each index names the edges files it was built from
(``files.json``) and which of them each edge came from (``<direction>.file.npy``), so the walk drops the edges of the
files the snapshot no longer names and reads those of the files it names anew (an edit's one or two shards).

Run as ``python -m pipeline.walkindex LAKE REPO`` it builds that repository's index (what the background does).
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from .walk import Steps, mentions_by_tail

FOLDER = "_walk"
FORMAT = "walk-index 2"  # 2: unresolved.json holds a count per last dotted part
MODE_ENV = "CODELAKE_WALK_INDEX"  # sync | background | off (default: sync, background for updates)
QUIET_ENV = "CODELAKE_WALK_INDEX_QUIET"  # seconds without a write before a background build starts
QUIET = 1.0
DIRECTIONS = {"forward": ("dst_sid", "src_sid"), "reverse": ("src_sid", "dst_sid")}  # walk from -> to


@dataclass
class Adjacency:
    """The edges leaving each sid (from ``offsets[sid]`` to ``offsets[sid + 1]``) in one direction."""

    offsets: object  # numpy int64, one more than the sids indexed
    ends: object  # int32: the sid at the edge's far end
    confidence: object  # float32
    guessed: object  # bool
    file: object = None  # int16: the position of the edge's file in ``files.json`` (None: an index without it)

    def steps(self, sid: int, stale: frozenset = frozenset()):
        """The edges leaving ``sid`` (without those of the files at the positions ``stale``)."""
        if sid < 0 or sid + 1 >= len(self.offsets):
            return Steps(sid, [], [], [])
        start, end = self.offsets[sid], self.offsets[sid + 1]
        steps = Steps(sid, self.ends[start:end].tolist(), self.confidence[start:end].tolist(),
                      self.guessed[start:end].tolist())
        if not stale:
            return steps
        kept = [i for i, f in enumerate(self.file[start:end].tolist()) if f not in stale]
        return Steps(sid, *([column[i] for i in kept] for column in steps[1:]))


def key(edges_files: list[str], symbols_files: list[str]) -> str:
    """The index's name for a snapshot's version files (base names: a run id and a shard number each) in this
    index format: an index another format wrote is never read."""
    names = [FORMAT, *sorted(map(os.path.basename, edges_files)), "|", *sorted(map(os.path.basename, symbols_files))]
    return hashlib.sha1("\n".join(names).encode()).hexdigest()[:20]


def snapshot_key(snap) -> str:
    return key(snap.files("edges"), snap.files("symbols"))


def folder(lake_root, repo: str) -> Path:
    from .repos import validate_repo_id

    return Path(lake_root) / FOLDER / validate_repo_id(repo)


# -- reading --------------------------------------------------------------------------------------------------------
def load(lake_root, repo: str, index_key: str, direction: str, with_files: bool = False) -> Adjacency | None:
    """The index's arrays for one direction, mapped; None when there is none for that key (or it is unreadable;
    ``with_files``: or it does not say which file each edge came from)."""
    where = folder(lake_root, repo) / index_key
    parts = ("offsets", "ends", "confidence", "guessed") + (("file",) if with_files else ())
    try:
        offsets, *edges = [_mapped_npy(where / f"{direction}.{part}.npy") for part in parts]
    except (OSError, ValueError, SyntaxError, TypeError):  # torn or overwritten: walk the lake instead
        return None
    if not len(offsets) or any(len(column) != offsets[-1] for column in edges):
        return None  # arrays of different snapshots, or cut short: a missing caller would read as none
    return Adjacency(offsets, *edges)


class Previous(NamedTuple):
    """An index of an earlier snapshot and the version files it was built from (base names, ``files.json``)."""

    key: str
    edges: list[str]
    symbols: list[str]


def previous(lake_root, repo: str, index_key: str) -> Previous | None:
    """The newest index other than ``index_key``'s that names its files (a reader between a write and the build
    after it takes it with the difference); None: none."""
    base = folder(lake_root, repo)
    try:
        found = sorted((entry.stat().st_mtime_ns, entry.name) for entry in os.scandir(base)
                       if entry.is_dir() and not entry.name.startswith(".") and entry.name != index_key)
    except OSError:
        return None
    for _, name in reversed(found):
        try:
            with open(base / name / "files.json", encoding="utf-8") as fh:
                named = json.load(fh)
            return Previous(name, list(named["edges"]), list(named["symbols"]))
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return None


# the dtypes ``_write`` saves, as memoryview formats
NPY_FORMATS = {"<i8": "q", "<i4": "i", "<i2": "h", "<f4": "f", "|b1": "?"}


def _mapped_npy(path: Path) -> memoryview:
    """A one-dimensional ``.npy`` file as a typed memoryview over its mapped bytes (a cold command spares
    importing numpy: 0.1-0.3 s)."""
    import ast
    import mmap

    with open(path, "rb") as fh:
        data = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
    if data[:6] != b"\x93NUMPY":
        raise ValueError(f"{path}: not a .npy file")
    size_bytes = 2 if data[6] == 1 else 4
    header_len = int.from_bytes(data[8:8 + size_bytes], "little")
    start = 8 + size_bytes + header_len
    header = ast.literal_eval(data[8 + size_bytes:start].decode("latin1"))
    form = NPY_FORMATS.get(header.get("descr"))
    if form is None or header.get("fortran_order") or len(header.get("shape", ())) != 1:
        raise ValueError(f"{path}: not an array the walk index writes")
    return memoryview(data)[start:].cast(form)


def symbol_shards(lake_root, repo: str, index_key: str) -> memoryview | None:
    """The symbols shard of each sid (its position in the snapshot's shard list, -1: none); None when the index
    has none (an index an older codelake built)."""
    try:
        return _mapped_npy(folder(lake_root, repo) / index_key / "symbols.shard.npy")
    except (OSError, ValueError, SyntaxError, TypeError):
        return None


def unresolved(lake_root, repo: str, index_key: str, dotted: bool = False) -> dict[str, int] | None:
    """``{last dotted part: count}`` of the unresolved references' names (``dotted``: ``{name: count}`` of the
    names holding a dot); None without an index (or, ``dotted``, one an older codelake built)."""
    try:
        name = "unresolved_dotted.json" if dotted else "unresolved.json"
        with open(folder(lake_root, repo) / index_key / name, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return None


# -- building -------------------------------------------------------------------------------------------------------
def after_write(lake, repo: str, background: bool = False) -> None:
    """Called by a local lake's writer after it published ``repo``."""
    mode = os.environ.get(MODE_ENV) or ("background" if background else "sync")
    if mode == "off":
        return
    try:
        if mode == "background":
            _spawn_builder(lake, repo)
        else:
            build_current(lake, repo)
    except Exception as exc:  # derived data: the run published; commands walk the lake until the next build
        print(f"codelake: warning: the walk index of {repo!r} was not built ({type(exc).__name__}: {exc})",
              file=sys.stderr)


_builders: list[int] = []  # the detached builders this process started, reaped when it starts the next


def _spawn_builder(lake, repo: str) -> None:
    """``python -m pipeline.walkindex LAKE REPO STAMP`` in its own session, at idle priority from its first
    instruction (its imports do not compete with the next update either), importing this project's code whatever
    the working folder holds (``PYTHONSAFEPATH``: a ``pipeline`` folder there is not put first)."""
    for pid in list(_builders):  # a long-lived writer (the refresh worker) leaves no zombies behind
        try:
            if os.waitpid(pid, os.WNOHANG)[0]:
                _builders.remove(pid)
        except ChildProcessError:
            _builders.remove(pid)
    argv = [sys.executable, "-m", "pipeline.walkindex", str(lake.root), repo, _stamp(lake, repo)]
    project = str(Path(__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONSAFEPATH": "1",
           "PYTHONPATH": os.pathsep.join(filter(None, [project, os.environ.get("PYTHONPATH")]))}
    quiet = [(os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_RDWR, 0) for fd in (0, 1, 2)]
    try:
        pid = os.posix_spawn(sys.executable, argv, env, file_actions=quiet, setsid=True,
                             scheduler=(os.SCHED_IDLE, os.sched_param(0)))
    except (AttributeError, OSError):  # no idle class here: the builder lowers its own priority
        pid = subprocess.Popen(argv, start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, cwd=project).pid
    _builders.append(pid)


def build_current(lake, repo: str) -> str | None:
    """Build until the index matches the repository's current snapshot; a builder already at it (holding the lock)
    is left to it: it checks the snapshot again after letting go. Returns the key built last (None: none)."""
    base = folder(lake.root, repo)
    base.mkdir(parents=True, exist_ok=True)
    built = None
    while True:
        with open(base.parent / f"{repo}.lock", "a+") as lock:
            try:
                fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return built  # the holder builds the newest snapshot after this one
            snap = lake.snapshot(repo)
            if "edges" not in snap.tables:
                return built  # nothing to walk: commands read the lake (and find no edges)
            current = snapshot_key(snap)
            if current != built:
                build(lake, repo, snap, current)
                built = current
        if snapshot_key(lake.snapshot(repo)) == built:
            return built


def build(lake, repo: str, snap, index_key: str) -> None:
    """Write the index of ``snap`` under ``index_key`` (whole, then renamed into place) and drop older ones."""
    base = folder(lake.root, repo)
    final = base / index_key
    if not final.is_dir():
        tmp = base / f".{index_key}.tmp-{uuid.uuid4().hex[:8]}"
        tmp.mkdir(parents=True)
        try:
            _write(lake, snap, tmp)
            os.replace(tmp, final)
        except OSError:
            if not final.is_dir():
                raise
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    for other in base.iterdir():  # a reader that mapped an older index keeps its open files
        if other.name != index_key:
            shutil.rmtree(other, ignore_errors=True)


# What the index holds, read from the snapshot's edges files: the walk's edges (the macro's ``graph``), and the
# unresolved mentions ``blast_radius_gaps`` counts. Missing columns of an older file read as nulls.
RESOLVED_EDGES = ("SELECT src_sid, dst_sid, confidence, resolution IN ('unique_name', 'ambiguous') AS guessed, "
                  "filename FROM read_parquet(?, union_by_name = true, filename = true) "
                  "WHERE dst_sid IS NOT NULL AND src_sid <> dst_sid AND confidence IS NOT NULL")
SYMBOL_FILES = "SELECT sid, file_index FROM read_parquet(?, union_by_name = true) WHERE sid IS NOT NULL"
UNRESOLVED_NAMES = ("SELECT dst_name, count(*) FROM read_parquet(?, union_by_name = true) "
                    "WHERE resolution = 'unresolved' AND dst_name IS NOT NULL GROUP BY dst_name")


def _write(lake, snap, out: Path) -> None:
    import duckdb

    from . import lean

    lean.allow("numpy")  # built in an update's own process (``CODELAKE_WALK_INDEX=sync``), which refuses it
    import numpy as np

    files = [str(lake.local_file(f)) for f in snap.files("edges")]
    symbol_files = [str(lake.local_file(f)) for f in snap.files("symbols")]
    with duckdb.connect() as con:
        edges = con.execute(RESOLVED_EDGES, [files]).fetchnumpy() if files else _no_edges()
        names = con.execute(UNRESOLVED_NAMES, [files]).fetchall()
        symbols = con.execute(SYMBOL_FILES, [symbol_files]).fetchnumpy() if symbol_files else None
    ends = {"src_sid": edges["src_sid"].astype(np.int32), "dst_sid": edges["dst_sid"].astype(np.int32)}
    position = {name: k for k, name in enumerate(files)}
    file_of = np.asarray([position[name] for name in edges["filename"]],
                         dtype=np.int16 if len(files) < 2 ** 15 else np.int32)
    sids = int(max(ends["src_sid"].max(initial=-1), ends["dst_sid"].max(initial=-1))) + 1
    for direction, (start, end) in DIRECTIONS.items():
        order = np.argsort(ends[start])  # the walk does not depend on the order within one sid's edges
        offsets = np.concatenate([[0], np.cumsum(np.bincount(ends[start], minlength=sids))]).astype(np.int64)
        parts = {"offsets": offsets, "ends": ends[end][order],
                 "confidence": np.asarray(edges["confidence"], dtype=np.float32)[order],
                 "guessed": np.asarray(edges["guessed"], dtype=np.bool_)[order], "file": file_of[order]}
        for part, values in parts.items():
            np.save(out / f"{direction}.{part}.npy", values, allow_pickle=False)
    if symbols is not None:
        np.save(out / "symbols.shard.npy", _shard_of_sid(symbols), allow_pickle=False)
    named = {"edges": [os.path.basename(f) for f in files], "symbols": [os.path.basename(f) for f in symbol_files]}
    (out / "files.json").write_text(json.dumps(named), encoding="utf-8")  # last: what ``previous`` looks for
    by_tail = mentions_by_tail(names)
    (out / "unresolved.json").write_text(json.dumps(by_tail, separators=(",", ":")), encoding="utf-8")
    dotted = {name: count for name, count in names if "." in name}  # what a dotted target (a file path) can match
    (out / "unresolved_dotted.json").write_text(json.dumps(dotted, separators=(",", ":")), encoding="utf-8")


def _no_edges() -> dict:
    import numpy as np

    return {"src_sid": np.zeros(0, np.int32), "dst_sid": np.zeros(0, np.int32), "confidence": np.zeros(0, np.float32),
            "guessed": np.zeros(0, np.bool_), "filename": []}


def _shard_of_sid(symbols: dict):
    """Which of the snapshot's ``symbols`` shards holds each sid (its position in ``snap.files``; -1: none): the
    walk reads the rows of the symbols it reached from those shards only."""
    import numpy as np

    sids = np.asarray(symbols["sid"], dtype=np.int64)
    shard = np.full(int(sids.max(initial=-1)) + 1, -1, dtype=np.int32)
    shard[sids] = np.asarray(symbols["file_index"], dtype=np.int32)
    return shard


def _idle_priority() -> None:
    """Run only on CPU time nothing else wants (Linux's idle class, else the lowest niceness): the agent's next
    step and its refresh worker come first; a command finding the index not built yet walks the lake instead."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):
        os.nice(19)


def _stamp(lake, repo: str) -> str:
    """Which snapshot manifest the repository has now (a publish replaces the file): its change time, no parse."""
    try:
        return str(os.stat(Path(lake.root) / "_snapshots" / f"{repo}.json").st_mtime_ns)
    except OSError:
        return ""


QUIET_CAP = 30.0  # seconds a builder waits in all: a writing mark a killed writer left does not hold it forever


def _quiet(lake, repo: str, published: str | None) -> bool:
    """Wait until the repository had no write for ``QUIET`` seconds since the manifest ``published`` (``_stamp``)
    and no writer is at it; False when one published another (the builder its writer started builds that). The
    wait is bounded by the clock (``QUIET_CAP``), polls and slow sleeps on a busy machine included."""
    quiet = max(float(os.environ.get(QUIET_ENV, QUIET)), 0.0)
    deadline = time.monotonic() + QUIET_CAP
    while True:
        time.sleep(min(quiet, max(deadline - time.monotonic(), 0.0)))
        if published and _stamp(lake, repo) != published:
            return False
        if not lake.writing(repo) or time.monotonic() >= deadline:  # a mark a killed writer left: build anyway
            return True
        time.sleep(min(0.1, max(deadline - time.monotonic(), 0.0)))


def main(argv: list[str]) -> int:
    from .lake import Lake

    _idle_priority()
    try:
        lake, repo = Lake(argv[0]), argv[1]
        if not _quiet(lake, repo, argv[2] if len(argv) > 2 else None):
            return 0  # written again meanwhile: the build is the later writer's builder's
        build_current(lake, repo)
    except Exception as exc:  # a background builder has no one to tell but its log; readers walk the lake instead
        print(f"codelake walk index of {argv[1]}: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
