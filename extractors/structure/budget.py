"""Every file gets a bounded share of time and memory, so one hostile or pathological file costs only itself.

Three layers, cheapest first:

- The parse runs with tree-sitter's progress callback and stops at half the file's budget (``Parser.parse`` takes a
  callback only when it reads through a function). Random bytes named ``x.js`` take ~90 s to parse at 2 MB.
- The query cursor starts no match deeper than ``MAX_QUERY_DEPTH`` levels. Its cost grows with the square of the
  nesting (50,000 nested calls in 250 KB of JavaScript: 118-264 s unbounded, 0.01 s bounded); a file with deeper
  nodes is recorded as ``partial`` with the reason. Real code reaches ~570 levels (long arithmetic in sympy).
- The query cursor has other quadratic shapes that no setting bounds (40,000 unmatched ``(`` in one error node:
  8 s, growing with the square), and tree-sitter 0.26.1's ``QueryCursor.matches(progress_callback=...)``, meant to
  cancel it, crashes the interpreter (its options struct outlives its scope). So the files of a chunk are parsed in
  a forked child that reports each file as it finishes; a file still running at its budget (or that kills the
  child: a grammar crash, the memory cap) is recorded as skipped with the reason, the child is killed, and a new
  one carries on with the rest. Where ``fork`` does not exist the files are parsed in-process with the first two
  layers only.

A long-lived process (the warm refresh worker) keeps a child forked ahead, while it idles (``prepare_standby``):
the next ``run_guarded`` hands it its work through a pipe instead of forking, so an edit pays neither the fork of a
~150 MiB process nor the child's start. The same guards watch it; one that died or hung before its work is replaced
by a fresh child, the work done there (the batch is never lost, nor a file skipped for it).

``CODELAKE_FILE_BUDGET`` (seconds per file, default 20) and ``CODELAKE_FILE_MEMORY`` (MiB a child may add, default
4096) are read when used; 0 turns the layer off. The budget is CPU time, the file's own: on a machine loaded tenfold a
22K-line header took more than 20 s of wall clock and was skipped in four runs of five, so what a run indexes
depended on its neighbours. A child that spends no CPU (stopped, or waiting on something) is still killed at
``WALL_FACTOR`` times the budget of wall clock; where the child's CPU cannot be read (no ``/proc``), wall clock is
the budget, as before.
"""

from __future__ import annotations

import gc
import os
import pickle
import select
import signal
import struct
import sys
import time
from dataclasses import dataclass
from typing import Callable, NamedTuple

from pipeline.childproc import fork_linked, write_all

from .pool import die_with_parent

DEFAULT_FILE_BUDGET = 20.0
DEFAULT_FILE_MEMORY_MB = 4096
MAX_QUERY_DEPTH = 1000
READ_CHUNK = 1 << 16
NODE_CHUNK = 256  # bytes a read hands out once the parse is done (see _Reader)
_FRAME = struct.Struct("!Q")
# seconds a standby child has to take its work (it reads, unpickles a few tuples and says so: milliseconds); past
# it, it is taken for hung and a fresh child does the work with the whole budget
STANDBY_ANSWER_SECONDS = 2.0
WALL_FACTOR = 10  # a file's wall clock, in budgets: bounds a child that is not spending its CPU
_CPU = struct.Struct("!d")  # the child's CPU seconds when it starts an item, sent with its ``S`` frame
UNANSWERED = "the standby child did not take its work"


class OverBudget(Exception):
    """A file's parse was stopped at its time budget; ``str()`` is the reason to record."""


def file_budget() -> float:
    try:
        return max(0.0, float(os.environ.get("CODELAKE_FILE_BUDGET", DEFAULT_FILE_BUDGET)))
    except ValueError:
        return DEFAULT_FILE_BUDGET


def parse(parser, data: bytes, until_error: bool = False):
    """``parser.parse(data)``, stopped at half the file's budget (the other half is the query's). ``until_error``:
    None as soon as the parser reports every version of its parse in error (its tree would hold an error)."""
    budget = file_budget() / 2
    if not budget and not until_error:
        return parser.parse(data)
    over = _CpuDeadline(budget) if budget else lambda: False
    read = _Reader(data)
    erred = []
    if until_error:
        def progress(_offset, has_error):
            if has_error:  # stop here: the caller repairs the text rather than read the erroneous one whole
                erred.append(True)
                return True
            return over()
    else:
        def progress(_offset, _has_error):
            return over()
    try:
        tree = parser.parse(read, progress_callback=progress)
    except ValueError:  # cancelled: the parser keeps its state for a resume unless reset
        parser.reset()
        if erred:
            return None
        raise OverBudget(f"parse stopped at its time budget ({budget:g} s)") from None
    read.chunk = NODE_CHUNK
    return tree


class _CpuDeadline:
    """Called often (tree-sitter's progress callback): True once this process has spent ``budget`` CPU seconds since
    it was made, or ``WALL_FACTOR`` budgets of wall clock passed. Only the cheap monotonic clock is read until the
    wall clock reaches the budget; then the CPU clock (a system call) says how much longer to wait."""

    __slots__ = ("budget", "cpu", "wall", "cap")

    def __init__(self, budget: float):
        now = time.monotonic()
        self.budget, self.cpu = budget, time.process_time()
        self.wall, self.cap = now + budget, now + WALL_FACTOR * budget

    def __call__(self) -> bool:
        now = time.monotonic()
        if now < self.wall:
            return False
        left = self.budget - (time.process_time() - self.cpu)
        self.wall = now + left
        return left <= 0 or now >= self.cap


class _Reader:
    """The source as the parser reads it: 64 KB at a time while parsing. The tree keeps this reader, and 0.26.1 reads
    each query predicate's node text (``#eq? @_self "self"``, Java's ``#not-eq? @name "var"``) through it, from the
    node's first byte on, as often as needed to cover the node: handing out 64 KB there made Java's query matching
    2.5 times slower (a copy of the rest of the file per type name), so afterwards it hands out a name's worth.
    Bytes, not a memoryview: 0.26.1 crashes on one."""

    __slots__ = ("data", "chunk")

    def __init__(self, data: bytes):
        self.data, self.chunk = data, READ_CHUNK

    def __call__(self, offset: int, _point) -> bytes:
        return self.data[offset:offset + self.chunk]


def matches(query, node, facts=None) -> list:
    """The query's matches under ``node``, starting no deeper than ``MAX_QUERY_DEPTH``; a deeper tree marks
    ``facts`` partial with the reason."""
    from tree_sitter import QueryCursor

    cursor = QueryCursor(query)
    cursor.set_max_start_depth(MAX_QUERY_DEPTH)
    found = cursor.matches(node, predicate=kind_predicate)
    if facts is not None and deeper_than(node, MAX_QUERY_DEPTH):
        facts.status = "partial"
        facts.skip_reason = facts.skip_reason or f"nested deeper than {MAX_QUERY_DEPTH} levels: nothing below is read"
    return found


def kind_predicate(name: str, args: list, _pattern: int, captures: dict) -> bool:
    """The queries' own predicates on each node of ``@cap``: ``(#kind? @cap "type" ...)``, it is of one of the
    types; ``(#parent-kind? @cap "type" ...)``, its parent is. A query writes ``(_) @cap (#kind? @cap "a" "b")``
    where ``[(a) (b)] @cap`` would cost tree-sitter's analysis of the pattern much more at compile time (Swift's ``if
    case .x(let a) = v``: ~0.2 s of each process's start), and ``(b) @cap (#parent-kind? @cap "a1" "a2")`` for
    ``[(a1 (b)) (a2 (b))]`` (C++'s typeless definitions under eight parents: ~0.15 s). Each match of such a pattern
    calls back into Python (~10 us): worth it for a node that is rare (a typeless definition), not for a common one
    (Kotlin's bare names read so: kotlinpoet's matching 0.29 -> 0.96 s CPU)."""
    if name not in _NODE_TESTS:
        raise ValueError(f"unknown query predicate #{name}")
    (capture, _), *words = args
    allowed = frozenset(word for word, _ in words)
    test = _NODE_TESTS[name]
    return all(test(found, allowed) for found in captures.get(capture, ()))


_NODE_TESTS = {"kind?": lambda node, kinds: node.type in kinds,
               "parent-kind?": lambda node, kinds: node.parent is not None and node.parent.type in kinds}


def deeper_than(node, limit: int) -> bool:
    """Whether any node lies more than ``limit`` levels below ``node``. A subtree of n nodes is at most n deep, so
    only subtrees big enough to reach past the limit are walked (a few nodes in ordinary code)."""
    stack = [(node, 0)]
    while stack:
        current, depth = stack.pop()
        if depth > limit:
            return True
        if depth + current.descendant_count > limit:
            stack.extend((child, depth + 1) for child in current.children)
    return False


def run_guarded(fn: Callable, items: list, on_failure: Callable, finish: Callable = list,
                started: tuple[int, int] | None = None) -> list:
    """``fn`` of each item, computed in a forked child under the per-file budget, handed back as
    ``finish(results)`` per run of consecutive items (one part when nothing fails: a chunk's Arrow tables, say, so
    only compact buffers cross the pipe). An item that outlives its budget, kills the child or raises gets
    ``finish([on_failure(item, reason)])`` instead, and the items around it are done again in new children.
    ``started``: a child ``start_child`` forked already for all of ``items`` (its pid and pipe, which this takes
    over; once it has answered, its exit is not waited for: ``reap_answered``); only while the budget is on."""
    budget = file_budget()
    if started is None and (not budget or not hasattr(os, "fork") or not items):
        return [finish([fn(item) for item in items])]
    parts: list = []
    segments = [items]
    while segments:
        segment = segments.pop(0)
        standby = _standby_for(fn, segment, finish) if started is None else None
        given = started is not None  # what it does after its answer (``AFTER_ANSWER``) is not waited for
        child, started = started or standby or start_child(fn, segment, finish), None
        result, failed_at, reason = await_child(*child, budget, standby=standby is not None, answered_later=given)
        if reason == UNANSWERED:  # died or hung before its work: no item's fault
            segments.insert(0, segment)
        elif failed_at is None:
            parts.append(result)
        else:
            parts.append(finish([on_failure(segment[failed_at], reason)]))
            segments[:0] = [s for s in (segment[:failed_at], segment[failed_at + 1:]) if s]
    return parts


def start_child(fn: Callable, items: list, finish: Callable = list) -> tuple[int, int]:
    """A forked child computing ``fn`` of each item (``_child_main``): its pid and the read end of its pipe."""
    read_end, write_end = os.pipe()
    gc.freeze()  # the child's collections then never walk (and so copy) the objects it shares with the parent
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child; its coverage is the parent's result
        os.close(read_end)
        _child_main(fn, items, finish, write_end)
    gc.unfreeze()
    os.close(write_end)
    return pid, read_end


def await_child(pid: int, read_end: int, budget: float, standby: bool = False,
                answered_later: bool = False) -> tuple[object, int | None, str | None]:
    """(finish of all results, None, None) from the child, or (None, index of the item it stopped at, reason);
    the child is reaped and its pipe closed. ``standby``: a child forked ahead (``prepare_standby``), which has
    ``STANDBY_ANSWER_SECONDS`` to start its first item; dead or silent before that, (None, None, ``UNANSWERED``).
    Its exit is not waited for once it has answered (``_reap_later``: a ~150 MiB process's teardown); nor is an
    ``answered_later`` child's (a parse-ahead child keeps its records after its answer)."""
    current, outcome = -1, None
    clock = _ItemClock(pid, budget)
    try:
        reader = _Frames(read_end)
        while outcome is None:
            answer = standby and current < 0
            frame = reader.next(time.monotonic() + STANDBY_ANSWER_SECONDS if answer else clock.deadline)
            if answer and (frame is None or frame is _Frames.TIMEOUT):
                kill(pid)
                outcome = (None, None, UNANSWERED)
            elif frame is _Frames.TIMEOUT and clock.extended():
                continue
            elif frame is _Frames.TIMEOUT:
                os.kill(pid, signal.SIGKILL)
                outcome = (None, max(current, 0), clock.reason())
            elif frame is None:  # the child died in the middle of an item
                outcome = (None, max(current, 0), _death(pid))
                pid = None
            elif frame[:1] == b"S":  # the child starts the next item
                current += 1
                clock.start(_CPU.unpack_from(frame, 1)[0] if len(frame) > _CPU.size else None)
            else:
                ok, value = pickle.loads(frame[1:])
                outcome = (value, None, None) if ok else (None, max(current, 0), f"parser failed: {value}")
    finally:
        os.close(read_end)
        answered = outcome is not None and outcome[1] is None and outcome[2] is None
        if pid is not None and (standby or answered_later) and answered:
            _reap_later(pid)
        elif pid is not None:
            reap(pid)
    return outcome


class _ItemClock:
    """The budget of the item a child is on, in the child's CPU seconds (``/proc/<pid>/stat``; its ``S`` frame says
    what it had spent when it started the item): ``deadline`` is when to look again; past it, ``extended`` moves it
    by the CPU the item has left, up to ``WALL_FACTOR`` budgets of wall clock."""

    def __init__(self, pid: int, budget: float):
        self.pid, self.budget = pid, budget
        self.start(0.0)

    def start(self, cpu: float | None) -> None:
        now = time.monotonic()
        self.cpu, self.deadline, self.cap = cpu, now + self.budget, now + WALL_FACTOR * self.budget

    def extended(self) -> bool:
        spent = _cpu_seconds(self.pid)
        if spent is None or self.cpu is None or self.budget <= 0:
            return False
        left, now = self.budget - (spent - self.cpu), time.monotonic()
        if left <= 0 or now >= self.cap:
            return False
        self.deadline = min(now + left, self.cap)
        return True

    def reason(self) -> str:
        if time.monotonic() >= self.cap:
            return f"exceeded its time budget ({self.budget:g} s; {WALL_FACTOR * self.budget:g} s of wall clock)"
        return f"exceeded its time budget ({self.budget:g} s)"


def _cpu_seconds(pid: int) -> float | None:
    """A process's CPU seconds (user + system) and its live children's (a split compile's helper works on the same
    file while the child waits for it), from ``/proc``; None where the process's cannot be read."""
    own = _stat(pid)
    if own is None:
        return None
    children = sum(stat.ticks for stat in _processes() if stat.parent == pid)
    return (own.ticks + children) / os.sysconf("SC_CLK_TCK")


class _Stat(NamedTuple):
    parent: int
    ticks: int  # CPU, user + system, in clock ticks


def _processes() -> list[_Stat]:
    """The parent and CPU ticks of every process ``/proc`` shows: asked only when a file outlives its budget's wall
    clock (``/proc/<pid>/task/<pid>/children`` is not on every kernel)."""
    found = []
    for name in os.listdir("/proc") if os.path.isdir("/proc") else ():
        stat = _stat(int(name)) if name.isdigit() else None
        if stat is not None:
            found.append(stat)
    return found


def _stat(pid: int) -> _Stat | None:
    """``/proc/<pid>/stat``'s parent and CPU ticks (the fields after the command's name, the state first); None
    where it cannot be read."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            fields = fh.read().rpartition(b")")[2].split()
        return _Stat(int(fields[1]), int(fields[11]) + int(fields[12]))
    except (OSError, ValueError, IndexError):
        return None


def _child_main(fn: Callable, items: list, finish: Callable, out: int) -> None:
    status = 1
    try:
        _limit_child()
        _work(fn, items, finish, out)
        status = 0
    finally:
        os._exit(status)


AFTER_ANSWER: list[Callable[[], None]] = []  # in a child: run once its answer is sent (``_work``)


def _work(fn: Callable, items: list, finish: Callable, out: int) -> None:
    """In a child: ``fn`` of each item, each announced (``S``), then ``finish`` of all (``R``)."""
    results = []
    try:
        for item in items:
            _send(out, b"S" + _CPU.pack(time.process_time()))
            results.append(fn(item))
        frame = pickle.dumps((True, finish(results)), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception as exc:  # reported for this item; the parent skips it and goes on
        frame = pickle.dumps((False, f"{type(exc).__name__}: {exc}"[:300]))
    _send(out, b"R" + frame)
    for after in AFTER_ANSWER:  # what need not hold the answer back (a parse's records kept for the next update)
        try:
            after()
        except Exception:  # the answer is given: nothing left to report it to
            pass


# -- a child forked ahead ------------------------------------------------------------------------------------------
@dataclass
class _Standby:
    """A child forked ahead by ``owner`` (a process it forks later inherits the record, never the child), waiting
    for its work on ``requests``; it answers on ``results`` as ``start_child``'s children do."""

    pid: int
    requests: int
    results: int
    owner: int


_standby: _Standby | None = None
_exited: list[int] = []  # standby children that answered, reaped by the next ``prepare_standby``


def prepare_standby() -> bool:
    """Make sure a child forked ahead waits for the next ``run_guarded`` (kept when alive, else forked anew); False
    where there is none (no fork, no budget to watch it by). For a process that idles between runs: it forks now,
    at ~150 MiB, so that a run does not."""
    global _standby
    _reap_exited()
    if _standby is not None and _standby.owner == os.getpid() and _running(_standby.pid):
        return True
    discard_standby()
    if not file_budget() or not hasattr(os, "fork"):
        return False
    gc.freeze()  # as ``start_child``; left frozen until the child is taken (``_standby_for``)
    link = fork_linked()
    if link is None:  # no process now: the next run forks its own child, as always
        gc.unfreeze()  # nothing shares the objects: frozen, they would never be collected
        return False
    if link.pid == 0:  # pragma: no cover - the child; its coverage is the parent's result
        _standby_main(link.reads, link.writes)
    _standby = _Standby(link.pid, link.writes, link.reads, os.getpid())
    return True


def discard_standby() -> None:
    """Stop the child forked ahead, if any (a process leaving, or one it forked that inherited the record)."""
    global _standby
    standby, _standby = _standby, None
    if standby is None or standby.owner != os.getpid():
        return
    os.close(standby.requests)
    os.close(standby.results)
    kill(standby.pid)
    reap(standby.pid)


def _standby_for(fn: Callable, items: list, finish: Callable) -> tuple[int, int] | None:
    """The child forked ahead, given ``items`` to do (its pid and result pipe, as ``start_child``'s); None when
    there is none, or the work does not pickle (a lambda: then it stays for the next run)."""
    global _standby
    standby = _standby
    if standby is None or standby.owner != os.getpid():
        return None
    try:
        request = pickle.dumps((fn, items, finish, gc.isenabled()), protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, AttributeError, TypeError):
        return None
    _standby = None
    # as ``start_child`` does once it forked: what the caller froze goes back to the collector (a warm worker
    # freezes what it keeps while idle; left frozen, what the next updates drop of it would never be collected)
    gc.unfreeze()
    try:
        write_all(standby.requests, _FRAME.pack(len(request)) + request)
    except OSError:  # it died: ``await_child`` finds it silent and the work goes to a fresh child
        pass
    os.close(standby.requests)
    return standby.pid, standby.results


def _standby_main(requests: int, out: int) -> None:
    """The child forked ahead: limited as any parse child, it waits for one piece of work, does it and exits; a
    request that does not arrive whole or does not unpickle ends it silently (the parent then forks a fresh one)."""
    status = 1
    try:
        _limit_child()
        request = _read_request(requests)
        if request is not None:
            fn, items, finish, collect = pickle.loads(request)
            if not collect:  # as the run that forked it would have it (``parallel.cycles_paused``)
                gc.disable()
            graph = sys.modules.get(f"{__package__}.graph")
            if graph is not None:  # the run that sends this emptied its config caches after the fork: so here
                graph.forget_configs()
            _work(fn, items, finish, out)
            status = 0
    finally:
        os._exit(status)


def _read_request(fd: int) -> bytes | None:
    """One length-prefixed request; None at end of file (the parent closed the pipe without one, or died)."""
    data = bytearray()
    need = _FRAME.size
    while len(data) < need:
        chunk = os.read(fd, max(need - len(data), READ_CHUNK))
        if not chunk:
            return None
        data += chunk
        if need == _FRAME.size and len(data) >= _FRAME.size:
            need += _FRAME.unpack_from(data)[0]
    return bytes(data[_FRAME.size:need])


def _running(pid: int) -> bool:
    try:
        return os.waitpid(pid, os.WNOHANG) == (0, 0)
    except ChildProcessError:
        return False


def kill(pid: int) -> None:
    """SIGKILL ``pid``, gone already or not (a split compile's helper, a child past its budget)."""
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass


def _reap_later(pid: int) -> None:
    if _running(pid):
        _exited.append(pid)


def _reap_exited() -> None:
    while _exited:
        reap(_exited.pop())


def reap_answered() -> None:
    """The children that answered and were left to end on their own, waited for: what they did after their answer
    (a parse-ahead child's records) is done. A one-shot process ends without waiting (``os._exit``)."""
    _reap_exited()


def _send(fd: int, payload: bytes) -> None:
    write_all(fd, _FRAME.pack(len(payload)) + payload)


def close_inherited(keep: int) -> None:
    """In a process forked to work beside its parent (a split compile's helper): every descriptor it inherited closed
    but stdio and ``keep``, its own pipe. A pipe it inherited then ends when its other holders close it, not when this
    process exits too (the parse-ahead child's pipe to the main process: a child dying mid-file is seen at once), and
    no lock file of the run is held open by it."""
    os.closerange(3, keep)
    os.closerange(keep + 1, max(os.sysconf("SC_OPEN_MAX"), keep + 1))  # close_range(2): one call, not a loop


def _limit_child() -> None:
    """Die with the parent (never hold its lock files open alone), and cap the memory one file may add; a crash is
    the parent's to record, without a traceback dump of its own."""
    import faulthandler

    faulthandler.disable()
    die_with_parent()
    try:
        extra = int(os.environ.get("CODELAKE_FILE_MEMORY", DEFAULT_FILE_MEMORY_MB)) << 20
    except ValueError:
        extra = DEFAULT_FILE_MEMORY_MB << 20
    if extra:
        try:
            import resource

            with open("/proc/self/statm") as fh:
                current = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
            resource.setrlimit(resource.RLIMIT_AS, (current + extra, resource.getrlimit(resource.RLIMIT_AS)[1]))
        except (OSError, ValueError, ImportError):
            pass


def _death(pid: int) -> str:
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        return f"parser crashed ({signal.Signals(sig).name}{': out of memory?' if sig == signal.SIGABRT else ''})"
    return f"parser exited with status {os.WEXITSTATUS(status)}"


def reap(pid: int) -> None:
    """Wait for ``pid``'s exit, reaped already or not: no zombie left."""
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass


class _Frames:
    """Length-prefixed frames from a pipe, each awaited until a deadline."""

    TIMEOUT = object()

    def __init__(self, fd: int):
        self.fd, self.buffer = fd, bytearray()

    def next(self, deadline: float):
        need = _FRAME.size
        while True:
            if len(self.buffer) >= need:
                if need == _FRAME.size:
                    need += _FRAME.unpack_from(self.buffer)[0]
                    continue
                frame = bytes(self.buffer[_FRAME.size:need])
                del self.buffer[:need]
                return frame
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([self.fd], [], [], remaining)[0]:
                return self.TIMEOUT
            chunk = os.read(self.fd, 1 << 20)
            if not chunk:
                return None
            self.buffer += chunk
