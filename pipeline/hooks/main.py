"""``codelake hook <agent>``: read one hook event from stdin, answer in the agent's format, always exit 0.

Whatever happens (no lake, a damaged or locked one, malformed input, an unknown event or agent, a bug) the agent
gets valid output or none, exit code 0 (never 2: that would block its tool call), nothing on stderr, and an answer
within the budget (``CODELAKE_HOOK_BUDGET`` seconds, default 4; the installed hooks give the agent's timeout 10).
Problems are logged to ``<lake>/_hooks/hooks.log``; ``CODELAKE_DEBUG=1`` also prints them to stderr.
"""

from __future__ import annotations

import functools
import json
import os
import signal
import sys
import time

MAX_STDIN = 16 << 20  # a hook event larger than this is not one (patch bodies can be big, still not this big)
DEFAULT_BUDGET = 4.0
LOG_MAX_BYTES = 1 << 20
ADAPTERS = {"claude-code": "claude", "claude": "claude", "codex": "codex"}


class _OutOfTime(Exception):
    pass


def main(argv: list[str]) -> int:
    """``hook AGENT [--lake DIR]`` without argparse (the agent pays for every import); anything else: silence."""
    agent, lake = (argv[0] if argv else ""), None
    for i, word in enumerate(argv[1:], start=1):
        if word == "--lake" and i + 1 < len(argv):
            lake = argv[i + 1]
        elif word.startswith("--lake="):
            lake = word.split("=", 1)[1]
    return run(agent, lake)


def run(agent: str, lake: str | None = None, stdin=None, stdout=None) -> int:
    started = time.monotonic()
    out, lake_root, problem = "", None, None
    previous = _arm(float(os.environ.get("CODELAKE_HOOK_BUDGET") or DEFAULT_BUDGET))
    try:
        raw = read_event(stdin or sys.stdin.buffer)
        lake_root = lake_path(lake)
        out = answer(agent, raw, lake_root)
    except BaseException as exc:  # noqa: BLE001 - a hook must never fail the agent
        problem = f"{type(exc).__name__}: {exc}"
    finally:
        _disarm(previous)
    if problem:
        _log(lake_root, agent, problem, time.monotonic() - started)
    if out:
        try:
            target = stdout or sys.stdout
            target.write(out + "\n")
            target.flush()
        except (OSError, ValueError):
            pass
    return 0


def read_event(stream) -> bytes:
    """The event's bytes: up to end of input, or as soon as they hold one whole JSON value. An agent (or a wrapper
    around one) that writes its event and keeps the pipe open must not cost every tool call the whole budget."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):  # an in-memory stream (tests, the MCP server): read it whole
        return stream.read(MAX_STDIN + 1)
    chunks, size = [], 0
    while size <= MAX_STDIN:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
        # parsed only when the writer pauses after a closing brace: a big event streaming in is not parsed per chunk
        if chunk.rstrip().endswith(b"}") and not _more_waiting(fd) and _whole_json(b"".join(chunks)):
            break
    return b"".join(chunks)


def _more_waiting(fd: int) -> bool:
    import select

    try:
        return bool(select.select([fd], [], [], 0)[0])
    except (OSError, ValueError):
        return False


_NOT_JSON = object()


@functools.lru_cache(maxsize=1)
def _parsed(raw: bytes):
    """The event's JSON value, or ``_NOT_JSON``; kept for the one event a process reads, so that the read loop's
    check and the answer parse it once (a Write event can carry a megabyte of content)."""
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return _NOT_JSON


def _whole_json(raw: bytes) -> bool:
    return _parsed(raw) is not _NOT_JSON


def answer(agent: str, raw: bytes, lake_root: str) -> str:
    module_name = ADAPTERS.get(agent)
    if module_name is None or len(raw) > MAX_STDIN:
        return ""
    data = _parsed(raw)
    if not isinstance(data, dict):
        return ""
    import importlib

    from . import runtime

    adapter = importlib.import_module(f"pipeline.hooks.{module_name}")
    event = adapter.parse(data, os.getcwd())
    return adapter.render(event, runtime.handle(event, lake_root))


def lake_path(explicit: str | None) -> str:
    """The lake: ``--lake``, else the project's rule (``pipeline.location.find_lake``: $CODELAKE_LAKE,
    codelake.toml, the user's data folder), else $CODELAKE_LAKE or ``data/lake``."""
    if explicit:
        return os.path.abspath(os.path.expanduser(explicit))
    try:
        from ..location import find_lake
    except ImportError:
        return os.path.abspath(os.environ.get("CODELAKE_LAKE") or os.path.join("data", "lake"))
    return os.path.abspath(find_lake(None))


def _arm(seconds: float):
    def expire(signum, frame):
        raise _OutOfTime(f"hook budget of {seconds:.1f}s spent")

    try:
        previous = signal.signal(signal.SIGALRM, expire)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        return previous
    except (ValueError, OSError):  # not the main thread
        return None


def _disarm(previous) -> None:
    try:
        signal.setitimer(signal.ITIMER_REAL, 0)
        if previous is not None:
            signal.signal(signal.SIGALRM, previous)
    except (ValueError, OSError):
        pass


def _log(lake_root: str | None, agent: str, problem: str, seconds: float) -> None:
    line = f"{time.strftime('%Y-%m-%dT%H:%M:%S')} {agent} ({seconds:.2f}s): {problem}\n"
    if os.environ.get("CODELAKE_DEBUG"):
        sys.stderr.write("codelake hook: " + line)
    if not lake_root or not os.path.isdir(lake_root):
        return
    try:
        folder = os.path.join(lake_root, "_hooks")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, "hooks.log")
        if os.path.exists(path) and os.path.getsize(path) > LOG_MAX_BYTES:
            os.replace(path, path + ".1")
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(line)
    except OSError:
        pass
