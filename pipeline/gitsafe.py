"""Git commands over a checkout whose ``.git/config`` may be hostile (a mirror or an unpacked tree is not trusted).

Listing the working tree's changes (``git diff --name-only``, ``ls-files``) compares a stat-dirty file's content
with the index, and to do so git runs programs the repository's own config names: ``core.fsmonitor`` and the
``clean`` / ``process`` command of every ``filter.<driver>`` its attributes map a path to (``*.py filter=x`` in a
``.gitattributes``); ``git archive`` runs their ``smudge`` command. A SessionStart hook ran the first two, the
map's nightly evaluation the third. ``inert_env`` turns them off for one command: the filters are
read from the config (so the names are the repository's own) and emptied through ``GIT_CONFIG_COUNT``, which, unlike
``-c``, takes a driver name holding ``=``. An emptied filter means git compares the raw bytes, which is what codelake
reads anyway. Stdlib only, ``subprocess`` imported when called: hooks import this.

Every git command codelake runs is bounded in time (``run``, ``watch``): a huge or hostile repository (a hook, a
filter, an external diff, a wedged network filesystem) stops the command, with whatever it started, after
``git_timeout()`` seconds (``CODELAKE_GIT_TIMEOUT``, 600 by default), and the caller gets ``GitNoAnswer`` naming the
repository and the command, where it waited for ever before.
"""

from __future__ import annotations

import os
from contextlib import contextmanager

from .errors import CodelakeError

FILTER_KEYS = ("clean", "smudge", "process")
# seconds a git call may take to answer (``CODELAKE_GIT_TIMEOUT``): rails' longest single call, the rev-list of its
# 99K commits, takes 0.5 s; the history's log, which may run for minutes, is bounded by its silence instead
GIT_TIMEOUT = 600.0


class GitNoAnswer(CodelakeError):
    """git did not answer in time: it was stopped, with what it started."""


def git_timeout() -> float:
    try:
        return max(float(os.environ.get("CODELAKE_GIT_TIMEOUT") or GIT_TIMEOUT), 0.001)
    except ValueError:
        return GIT_TIMEOUT


def no_answer_message(root, args, limit: float, silent: bool = False) -> str:
    words = [a for k, a in enumerate(args) if not a.startswith("-") and (k == 0 or args[k - 1] != "-c")]
    what = "printed nothing for" if silent else "gave no answer within"
    return (f"{root}: git {words[0] if words else ''} {what} {limit:g} s (a huge or hostile repository? "
            f"CODELAKE_GIT_TIMEOUT sets the bound)")


def run(root, args: list, timeout: float | None = None, prefix: tuple = (), **kwargs):
    """``subprocess.run(["git", *prefix, "-C", root, *args], **kwargs)`` (output captured unless ``stdout`` is
    given), in its own session: past ``timeout`` (default ``git_timeout()``) git and what it started are killed
    and ``GitNoAnswer`` raised."""
    import subprocess

    limit = git_timeout() if timeout is None else timeout
    if "stdout" not in kwargs and "stderr" not in kwargs:
        kwargs["capture_output"] = True
    if "input" not in kwargs:
        kwargs.setdefault("stdin", subprocess.DEVNULL)
    with subprocess.Popen(["git", *prefix, "-C", str(root), *args], start_new_session=True,
                          **_popen_kwargs(kwargs)) as proc:
        try:
            out, err = proc.communicate(kwargs.get("input"), timeout=limit)
        except subprocess.TimeoutExpired:
            stop(proc)
            raise GitNoAnswer(no_answer_message(root, list(args), limit)) from None
        finally:
            if proc.poll() is None:
                stop(proc)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def _popen_kwargs(kwargs: dict) -> dict:
    import subprocess

    popen = {k: v for k, v in kwargs.items() if k not in ("input", "capture_output")}
    if kwargs.get("capture_output"):
        popen.update(stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if "input" in kwargs:
        popen["stdin"] = subprocess.PIPE
    return popen


def stop(proc) -> None:
    """Kill a git started in its own session, and what it started (a hook, a filter, ssh), and reap it."""
    import signal

    if proc.poll() is None:  # not reaped: its pid, and the session it leads, are still ours
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            proc.kill()
    proc.wait()


@contextmanager
def watch(proc, timeout: float | None = None):
    """Bound a streamed git (``Popen`` with ``start_new_session=True``) read in the block: past ``timeout`` (default
    ``git_timeout()``) its session is killed, which ends the reader's wait, and the block's result is
    ``GitNoAnswer`` (yields a list the caller may check: ``[True]`` once it fired)."""
    import threading

    fired: list = []

    def expire() -> None:
        fired.append(True)
        stop(proc)

    timer = threading.Timer(git_timeout() if timeout is None else timeout, expire)
    timer.daemon = True
    timer.start()
    try:
        yield fired
    finally:
        timer.cancel()
        timer.join()


def inert_env(root: str, base: dict | None = None, timeout: float = 5.0) -> dict:
    """``base`` (``os.environ`` by default) plus config overrides under which git runs no program the repository at
    ``root`` configures when it lists or diffs the working tree."""
    env = dict(os.environ if base is None else base)
    pairs = [("core.fsmonitor", "false")]
    for driver in _filter_drivers(root, env, timeout):
        pairs += [(f"filter.{driver}.{key}", "") for key in FILTER_KEYS]
        pairs.append((f"filter.{driver}.required", "false"))
    try:
        start = int(env.get("GIT_CONFIG_COUNT", "0"))
    except ValueError:
        start = 0
    for i, (key, value) in enumerate(pairs, start):
        env[f"GIT_CONFIG_KEY_{i}"], env[f"GIT_CONFIG_VALUE_{i}"] = key, value
    env["GIT_CONFIG_COUNT"] = str(start + len(pairs))
    return env


def _filter_drivers(root: str, env: dict, timeout: float) -> set[str]:
    """The names of the filter drivers any config level (includes followed) defines for ``root``."""
    import subprocess

    try:
        proc = run(root, ["config", "-z", "--name-only", "--get-regexp", r"^filter\."], timeout=timeout, env=env)
    except (OSError, subprocess.SubprocessError, GitNoAnswer):
        return set()
    keys = proc.stdout.decode("utf-8", "surrogateescape").split("\0")
    # filter.<driver>.<key>: the driver is everything between the first and the last dot
    return {k[len("filter."):k.rindex(".")] for k in keys if k.count(".") >= 2}
