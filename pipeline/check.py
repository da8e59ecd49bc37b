"""``codelake check``: verify every file the lake's snapshots name, and what engines reading the folders would see.

A problem names the file, its repository and table, and what to run. ``damage(lake)`` is the cheap part (files
missing or of another size than the snapshot recorded: a stat each), used by ``codelake status``. It reads the lake
through ``lake.files`` (``pipeline.storage``): the same checks on a local folder and on object storage.
"""

from __future__ import annotations

from dataclasses import dataclass

from .lake import CURRENT, TABLE_NAME, VERSIONS, Lake
from .shards import shards_of

REBUILD = "run `codelake index --full` on the repository"


@dataclass
class Problem:
    repo: str | None
    table: str | None
    file: str
    problem: str
    fix: str

    def row(self) -> tuple:
        return (self.repo, self.table, self.file, self.problem, self.fix)


COLUMNS = ["repo", "table", "file", "problem", "fix"]


def check(lake: Lake, repos: list[str] | None = None, deep: bool = True) -> list[Problem]:
    """Every snapshot's files (present, of the recorded size and rows, and with ``deep`` every page decoded), the
    schema files, and stray files in the table folders."""
    problems: list[Problem] = []
    for repo in repos or lake.repos():
        problems.extend(_check_repo(lake, repo, deep))
    problems.extend(_check_schemas(lake))
    problems.extend(_check_folders(lake, repos))
    if not repos:
        problems.extend(Problem(None, None, rel, "versions of a repository the lake no longer has",
                                DROP_AGAIN.format(rel.rsplit("/", 1)[-1])) for rel in _stray_versions(lake))
    return problems


def damage(lake: Lake, repo: str) -> list[str]:
    """The tables of ``repo`` with a file missing or of another size than recorded (a stat per file)."""
    try:
        snap = lake.snapshot(repo)
    except Exception:
        return ["(manifest)"]
    bad = []
    listed = lake.files.sizes(f"{VERSIONS}/{repo}")
    for table, entry in snap.tables.items():
        for shard in shards_of(entry):
            if _stat_problem(lake.files, shard["file"], shard, listed):
                bad.append(table)
                break
    return bad


def _stat_problem(files, rel: str, shard: dict, listed: tuple[str, dict] | None = None) -> str | None:
    """``listed``: (folder, sizes of its files) from one listing (object storage: cheaper than a request a file)."""
    try:
        if listed is not None and rel.rpartition("/")[0] == listed[0]:
            size = listed[1].get(rel)
        else:
            size = files.size(rel)
    except OSError as exc:
        return f"unreadable ({exc.strerror or str(exc).splitlines()[0]})"
    if size is None:
        return "missing"
    if shard.get("bytes") is not None and size != shard["bytes"]:
        return f"{size} bytes, the snapshot recorded {shard['bytes']} (truncated or overwritten)"
    return None


def _check_repo(lake: Lake, repo: str, deep: bool) -> list[Problem]:
    try:
        snap = lake.snapshot(repo)
    except Exception as exc:
        return [Problem(repo, None, f"_snapshots/{repo}.json", str(exc), f"`codelake drop {repo}`, then index it")]
    problems = []
    for table, entry in sorted(snap.tables.items()):
        for shard in shards_of(entry):
            found = _stat_problem(lake.files, shard["file"], shard) or _parquet_problem(lake.files, shard["file"],
                                                                                        shard, deep)
            if found:
                problems.append(Problem(repo, table, shard["file"], found, REBUILD))
    return problems


def _parquet_problem(files, rel: str, shard: dict, deep: bool) -> str | None:
    try:
        with files.parquet(rel) as data:
            rows = data.metadata.num_rows
            if shard.get("rows") is not None and rows != shard["rows"]:
                return f"{rows} rows, the snapshot recorded {shard['rows']}"
            if deep:
                for i in range(data.num_row_groups):
                    data.read_row_group(i)
    except Exception as exc:  # any failure to decode it is the damage this command reports
        return f"not readable as Parquet: {str(exc).splitlines()[0][:160] or type(exc).__name__}"
    return None


def _check_schemas(lake: Lake) -> list[Problem]:
    problems = []
    for entry in lake.files.listdir("_schemas"):
        rel, stem = f"_schemas/{entry.name}", entry.name.rpartition(".")[0]
        if entry.name.startswith("."):
            continue
        if not (entry.name.endswith(".parquet") and TABLE_NAME.fullmatch(stem)):
            problems.append(Problem(None, None, rel, "not a table's schema file (ignored)", "delete it"))
            continue
        try:
            lake.files.read_schema(rel)
        except Exception as exc:
            problems.append(Problem(None, stem, rel, f"not readable as Parquet: {str(exc)[:120]}",
                                    "any index run writes it again"))
    return problems


def _check_folders(lake: Lake, repos: list[str] | None) -> list[Problem]:
    """What engines reading ``<table>/`` would read that is not a current shard, and current shards that differ
    from their snapshot's (any writer of the repository puts them right)."""
    problems = []
    known = set(lake.repos())
    for table in (e.name for e in lake.files.listdir("") if e.is_dir and TABLE_NAME.fullmatch(e.name)):
        for repo in (e.name for e in lake.files.listdir(table) if e.is_dir):
            if repos and repo not in repos:
                continue
            wanted = _wanted(lake, repo, table) if repo in known else None
            problems.extend(_folder_problems(lake, table, repo, wanted))
    return problems


def _wanted(lake: Lake, repo: str, table: str) -> dict[str, str]:
    try:
        files = lake.snapshot(repo).files(table)
    except Exception:
        return {}
    return {CURRENT.format(k): f for k, f in enumerate(files)}


DROP_AGAIN = "`codelake drop {}` (it finishes a drop that was interrupted)"


def _folder_problems(lake: Lake, table: str, repo: str, wanted: dict[str, str] | None) -> list[Problem]:
    """``wanted`` None: a repository the lake no longer has (what an interrupted drop left)."""
    problems = []
    fix = "delete it (or run any writer of the repository)" if wanted is not None else DROP_AGAIN.format(repo)
    wanted = wanted or {}
    present = [e.name for e in lake.files.listdir(f"{table}/{repo}")]
    for name in present:
        rel = f"{table}/{repo}/{name}"
        if name not in wanted:
            if name.endswith(".parquet"):
                problems.append(Problem(repo, table, rel, "stray file: engines reading the folder read it too", fix))
            continue
        if not lake.files.same(wanted[name], rel):
            problems.append(Problem(repo, table, rel, "not the snapshot's current shard",
                                    "run any writer of the repository (`codelake update`, `index`)"))
    for name in sorted(set(wanted) - set(present)):
        problems.append(Problem(repo, table, f"{table}/{repo}/{name}", "current shard missing",
                                "run any writer of the repository (`codelake update`, `index`)"))
    return problems


def _stray_versions(lake: Lake) -> list[str]:
    """Version folders of repositories the lake no longer has (left by an interrupted drop)."""
    known = set(lake.repos())
    return [f"{VERSIONS}/{e.name}" for e in lake.files.listdir(VERSIONS) if e.name not in known]
