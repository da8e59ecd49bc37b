"""The org config of ``codelake nightly CONFIG``: which repositories to index every night, and how (TOML).

```toml
lake = "/srv/codelake/lake"            # optional; --lake wins; without both: $CODELAKE_LAKE, data/lake
workspace = "/srv/codelake/mirrors"    # where remote repositories are mirrored (default: <lake>/../workspace)
concurrency = 4                        # repositories indexed at the same time
fetch_timeout = 600                    # seconds a clone or fetch may take before it counts as failed (and is retried)
report = "report.html"                 # the HTML report written after the run (default: <lake>/_report/report.html;
                                       # false: no report)

[schedule]                             # for `codelake serve` (its options win)
cron = "0 2 * * *"
timezone = "Europe/Berlin"

[defaults]                             # options of every repository, each may override them
extractors = ["structure", "git"]      # default: every installed extractor
logs = ["/srv/agent-logs"]             # extra agent-log folders (--logs)

[[repositories]]
url = "https://github.com/encode/httpx.git"     # a git URL: mirrored into the workspace (bare), then indexed
branch = "master"                               # default: the remote's HEAD
[[repositories]]
path = "~/src/platform"                         # a local checkout, indexed as it is
id = "acme__platform"                           # default: org__name from the origin URL, else the folder name
extractors = ["structure", "git", "claude_code"]
git_backend = "git"                             # per-repository options: the flags of `codelake index`
find_copies = false
keep_commands = false
full = false
enabled = true
```

Relative paths are relative to the config file. Every mistake is reported with the file and the entry's index; unknown
keys are refused (a typo must not silently drop an option).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from .errors import CodelakeError, ConfigError
from .repos import _id_from_url, validate_repo_id
from .storage import is_uri

TOP_KEYS = {"lake", "workspace", "concurrency", "fetch_timeout", "report", "schedule", "defaults", "repositories",
            "dask_address"}
OPTION_KEYS = {"extractors", "logs", "full", "git_backend", "find_copies", "keep_commands", "enabled"}
REPO_KEYS = OPTION_KEYS | {"path", "url", "id", "branch"}
SCHEDULE_KEYS = {"cron", "timezone"}
GIT_BACKENDS = ("git", "pydriller")


@dataclass(frozen=True)
class RepoSpec:
    """One ``[[repositories]]`` entry, with the defaults applied."""

    id: str
    path: Path | None = None
    url: str | None = None
    branch: str | None = None
    extractors: tuple[str, ...] | None = None  # None: every installed extractor
    logs: tuple[str, ...] = ()
    full: bool = False
    git_backend: str = "git"
    find_copies: bool = False
    keep_commands: bool = False
    enabled: bool = True

    @property
    def is_remote(self) -> bool:
        return self.url is not None

    def index_options(self) -> dict:
        """The keyword arguments of ``index_repo`` / ``pipeline.indexing.index`` besides the path and the lake."""
        return {"repo": self.id, "extractors": list(self.extractors) if self.extractors else None, "full": self.full,
                "logs": list(self.logs), "git_backend": self.git_backend, "find_copies": self.find_copies,
                "keep_commands": self.keep_commands}


@dataclass(frozen=True)
class OrgConfig:
    source: Path
    repositories: tuple[RepoSpec, ...]
    lake: Path | str | None = None  # a local folder, or an object-storage URI (text)
    workspace: Path | None = None
    concurrency: int = 4
    fetch_timeout: float = 600.0
    report: Path | None = None
    write_report: bool = True
    cron: str | None = None
    timezone: str | None = None
    dask_address: str | None = None
    extra: dict = field(default_factory=dict)

    def workspace_for(self, lake_root: str | Path) -> Path:
        """The config's workspace, else beside the lake (a lake on object storage: the user's data folder)."""
        if self.workspace:
            return self.workspace
        return _local_home(lake_root) / "workspace" if is_uri(str(lake_root)) else \
            Path(lake_root).resolve().parent / "workspace"

    def report_for(self, lake_root: str | Path) -> Path:
        if self.report:
            return self.report
        return _local_home(lake_root) / "report.html" if is_uri(str(lake_root)) else \
            Path(lake_root) / "_report" / "report.html"


def _local_home(uri: str | Path) -> Path:
    """A local folder for what a lake on object storage cannot hold (mirrors, the report), one per lake."""
    from .location import user_data_dir

    return user_data_dir() / "object-lakes" / re.sub(r"[^A-Za-z0-9._-]+", "_", str(uri))

    def enabled(self) -> list[RepoSpec]:
        return [r for r in self.repositories if r.enabled]


def load(path: str | os.PathLike) -> OrgConfig:
    import tomllib

    source = Path(path).expanduser()
    try:
        data = tomllib.loads(source.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{source}: no such org config file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{source}: unreadable ({exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{source}: not valid TOML: {exc}") from None
    return parse(data, source)


def parse(data: dict, source: Path) -> OrgConfig:
    where = str(source)
    _unknown(data, TOP_KEYS, where)
    base = source.resolve().parent
    defaults = _table(data, "defaults", where)
    _unknown(defaults, OPTION_KEYS, f"{where} [defaults]")
    schedule = _table(data, "schedule", where)
    _unknown(schedule, SCHEDULE_KEYS, f"{where} [schedule]")
    entries = data.get("repositories")
    if not isinstance(entries, list) or not entries:
        raise ConfigError(f"{where}: no [[repositories]] entries (each needs `path` or `url`)")
    repos = [_repo(entry, defaults, base, f"{where} repositories[{i}]") for i, entry in enumerate(entries)]
    _no_duplicates(repos, where)
    return OrgConfig(
        source=source, repositories=tuple(repos),
        lake=_lake(data.get("lake"), base, where), workspace=_path(data.get("workspace"), base, where,
                                                                            "workspace"),
        concurrency=_int(data.get("concurrency", 4), where, "concurrency"),
        fetch_timeout=float(_int(data.get("fetch_timeout", 600), where, "fetch_timeout")),
        report=None if data.get("report") is False else _path(data.get("report"), base, where, "report"),
        write_report=data.get("report") is not False,
        cron=_str(schedule.get("cron"), where, "schedule.cron"),
        timezone=_str(schedule.get("timezone"), where, "schedule.timezone"),
        dask_address=_str(data.get("dask_address"), where, "dask_address"),
    )


def _repo(entry, defaults: dict, base: Path, where: str) -> RepoSpec:
    if not isinstance(entry, dict):
        raise ConfigError(f"{where}: expected a table")
    _unknown(entry, REPO_KEYS, where)
    merged = {**defaults, **entry}
    path, url = merged.get("path"), merged.get("url")
    if (path is None) == (url is None):
        raise ConfigError(f"{where}: give exactly one of `path` (a local folder) or `url` (a git URL)")
    url = _str(url, where, "url")
    local = _path(path, base, where, "path")
    raw_id = merged.get("id") or (_id_from_url(url) if url else None) or (local.name if local else None)
    try:
        repo_id = validate_repo_id(_str(raw_id, where, "id") or "")
    except CodelakeError as exc:
        raise ConfigError(f"{where}: {exc}") from None
    backend = merged.get("git_backend", "git")
    if backend not in GIT_BACKENDS:
        raise ConfigError(f"{where}: git_backend must be one of {', '.join(GIT_BACKENDS)}, not {backend!r}")
    return RepoSpec(
        id=repo_id, path=local, url=url, branch=_str(merged.get("branch"), where, "branch"),
        extractors=_names(merged.get("extractors"), where, "extractors"),
        logs=tuple(str(_path(p, base, where, "logs")) for p in _list(merged.get("logs", []), where, "logs")),
        full=_bool(merged, "full", where), git_backend=backend, find_copies=_bool(merged, "find_copies", where),
        keep_commands=_bool(merged, "keep_commands", where), enabled=_bool(merged, "enabled", where, True),
    )


def _no_duplicates(repos: list[RepoSpec], where: str) -> None:
    seen: dict[str, int] = {}
    for i, repo in enumerate(repos):
        if repo.id in seen:
            raise ConfigError(f"{where}: repositories[{seen[repo.id]}] and repositories[{i}] both have the id "
                              f"{repo.id!r}: give one of them another `id`")
        seen[repo.id] = i


def _unknown(table: dict, allowed: set[str], where: str) -> None:
    extra = sorted(set(table) - allowed)
    if extra:
        raise ConfigError(f"{where}: unknown key{'s' if len(extra) > 1 else ''} {', '.join(extra)} "
                          f"(allowed: {', '.join(sorted(allowed))})")


def _table(data: dict, key: str, where: str) -> dict:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: `{key}` must be a table ([{key}])")
    return value


def _str(value, where: str, key: str) -> str | None:
    if value is not None and not isinstance(value, str):
        raise ConfigError(f"{where}: `{key}` must be a string, not {type(value).__name__}")
    return value


def _int(value, where: str, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigError(f"{where}: `{key}` must be a whole number of at least 1, not {value!r}")
    return value


def _bool(table: dict, key: str, where: str, default: bool = False) -> bool:
    value = table.get(key, default)
    if not isinstance(value, bool):
        raise ConfigError(f"{where}: `{key}` must be true or false, not {value!r}")
    return value


def _list(value, where: str, key: str) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: `{key}` must be a list of strings")
    return value


def _names(value, where: str, key: str) -> tuple[str, ...] | None:
    if value is None:
        return None
    names = tuple(n.strip() for n in _list(value, where, key) if n.strip())
    return names or None


def _path(value, base: Path, where: str, key: str) -> Path | None:
    text = _str(value, where, key)
    if not text:
        return None
    path = Path(os.path.expandvars(text)).expanduser()
    return path if path.is_absolute() else base / path


def _lake(value, base: Path, where: str) -> Path | str | None:
    """The ``lake`` key: a local folder (relative to the config file) or an object-storage URI, kept as text."""
    text = _str(value, where, "lake")
    return text if text and is_uri(text) else _path(value, base, where, "lake")


def with_lake(config: OrgConfig, lake: str | os.PathLike | None) -> OrgConfig:
    """The config with the lake an explicit option names (the command line wins over the file)."""
    return replace(config, lake=_lake_path(lake)) if lake else config


def _lake_path(lake: str | os.PathLike) -> Path | str:
    return str(lake) if is_uri(str(lake)) else Path(lake)


def lake_root(config: OrgConfig, explicit: str | os.PathLike | None = None) -> Path | str:
    """--lake, else the file's ``lake``, else what every command uses ($CODELAKE_LAKE, else the default)."""
    from .lake import lake_root as default_root

    return _lake_path(explicit) if explicit else config.lake or default_root()
