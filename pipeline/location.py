"""Where the lake lives: the one rule every command, flow and agent hook follows (stdlib only, cheap to import).

In order: an explicit ``--lake DIR``; else ``$CODELAKE_LAKE``; else the nearest ``codelake.toml`` found upward from
the current folder, whose top-level key ``lake`` names the lake folder (relative to the file's own folder); else the
user's data folder: ``$XDG_DATA_HOME/codelake/lake`` (default ``~/.local/share/codelake/lake``) on Linux,
``~/Library/Application Support/codelake/lake`` on macOS, ``%LOCALAPPDATA%\\codelake\\lake`` on Windows.

Any of the first three may name object storage instead (``s3://bucket/prefix``, ``pipeline.storage``): the lake
is then that URI, returned as a string (a ``Path`` would fold its ``//``).
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

CONFIG_NAME = "codelake.toml"
CONFIG_KEY = "lake"
ENV_VAR = "CODELAKE_LAKE"
# <lake>/_topnodes/<checkout_key(root)>/: an update's records of one checkout's files (``extractors.structure.topnodes``),
# which ``codelake drop`` removes with the last repository indexed from that checkout
CHECKOUT_CACHE = "_topnodes"


def find_lake(explicit: str | os.PathLike | None = None, cwd: str | os.PathLike | None = None) -> Path | str:
    return describe(explicit, cwd)[0]


def describe(explicit: str | os.PathLike | None = None,
             cwd: str | os.PathLike | None = None) -> tuple[Path | str, str]:
    """The lake and which rule found it (``codelake where``)."""
    if explicit:
        return _root(explicit), "--lake"
    from_env = os.environ.get(ENV_VAR)
    if from_env:
        return _root(from_env), f"${ENV_VAR}"
    found = configured_lake(Path(cwd) if cwd else Path.cwd())
    if found is not None:
        return found[0], f"{found[1]} ({CONFIG_KEY} = ...)"
    return user_data_dir() / "lake", "the user's data folder (no --lake, $CODELAKE_LAKE or codelake.toml)"


def configured_lake(start: Path) -> tuple[Path, Path] | None:
    """(lake, config file) of the nearest ``codelake.toml`` at or above ``start`` naming one (a file without the
    key is skipped)."""
    try:
        folder = start.resolve()
    except OSError:
        return None
    for candidate in (folder, *folder.parents):
        config = candidate / CONFIG_NAME
        if not config.is_file():
            continue
        value = _lake_key(config)
        if value:
            return (value if _is_uri(value) else (candidate / Path(value).expanduser()).resolve()), config
    return None


def _is_uri(value) -> bool:
    return isinstance(value, str) and "://" in value  # pipeline.storage.is_uri, without importing it


def _root(value: str | os.PathLike) -> Path | str:
    # Absolute from here on: the background builders (walk index, databases) run in the project's folder, where a
    # relative lake would name another folder and they would write outside the user's lake.
    return value.rstrip("/") if _is_uri(value) else Path(value).expanduser().absolute()


def _lake_key(config: Path) -> str | None:
    import tomllib

    from .errors import LakeError
    from .safeio import CONFIG_BYTES, read_regular

    # the file may come with a repository: read it bounded (every hook reads it), nested too deep it is unreadable
    try:
        data = tomllib.loads(read_regular(config, CONFIG_BYTES).decode("utf-8", "replace"))
    except RecursionError:
        raise LakeError(f"{config}: unreadable (nested too deep); it should hold `{CONFIG_KEY} = \"path/to/lake\"`") \
            from None
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise LakeError(f"{config}: unreadable ({exc}); it should hold `{CONFIG_KEY} = \"path/to/lake\"`") from None
    value = data.get(CONFIG_KEY)
    if value is not None and not isinstance(value, str):
        raise LakeError(f"{config}: `{CONFIG_KEY}` must be a path string, not {type(value).__name__}")
    return value


def user_data_dir() -> Path:
    home = Path.home()
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "codelake"
    if os.name == "nt":
        return Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local") / "codelake"
    xdg = os.environ.get("XDG_DATA_HOME") or ""
    # The XDG spec: a relative value is invalid and ignored (else the lake would follow the working folder)
    return (Path(xdg) if os.path.isabs(xdg) else home / ".local" / "share") / "codelake"


def checkout_key(source_root: str | os.PathLike) -> str:
    """A checkout's folder name under the lake's ``CHECKOUT_CACHE``: a digest of its real path (a lake holds
    repositories of many checkouts, and a checkout's path is no safe folder name)."""
    return hashlib.blake2b(os.path.realpath(source_root).encode(), digest_size=10).hexdigest()
