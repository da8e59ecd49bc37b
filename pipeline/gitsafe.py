"""Git commands over a checkout whose ``.git/config`` may be hostile (a mirror or an unpacked tree is not trusted).

Listing the working tree's changes (``git diff --name-only``, ``ls-files``) compares a stat-dirty file's content
with the index, and to do so git runs programs the repository's own config names: ``core.fsmonitor`` and the
``clean`` / ``process`` command of every ``filter.<driver>`` its attributes map a path to (``*.py filter=x`` in a
``.gitattributes``); ``git archive`` runs their ``smudge`` command. A SessionStart hook ran the first two, the
map's nightly evaluation the third. ``inert_env`` turns them off for one command: the filters are
read from the config (so the names are the repository's own) and emptied through ``GIT_CONFIG_COUNT``, which, unlike
``-c``, takes a driver name holding ``=``. An emptied filter means git compares the raw bytes, which is what codelake
reads anyway. Stdlib only, ``subprocess`` imported when called: hooks import this.
"""

from __future__ import annotations

import os

FILTER_KEYS = ("clean", "smudge", "process")


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
        proc = subprocess.run(["git", "-C", str(root), "config", "-z", "--name-only", "--get-regexp", r"^filter\."],
                              capture_output=True, timeout=timeout, env=env, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return set()
    keys = proc.stdout.decode("utf-8", "surrogateescape").split("\0")
    # filter.<driver>.<key>: the driver is everything between the first and the last dot
    return {k[len("filter."):k.rindex(".")] for k in keys if k.count(".") >= 2}
