"""DuckDB over the lake: one connection with every view and macro of ``sql/`` created on it.

Python never builds SQL text here. It sets one DuckDB variable per table, ``lake_<table>``, to the list of files of
the repositories' current snapshots (plus an empty file carrying the table's full schema, so that every column exists
even when no repository wrote it yet), then runs the ``.sql`` files as they are. A file whose dependencies are missing
(a table no extractor wrote yet) is skipped and listed in ``Catalog.skipped``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from .errors import QueryError
from .lake import Lake

SQL_PACKAGE = "codelake_sql"
SCHEMA_DIR = "_schemas"


def sql_files(subfolder: str | None = None) -> dict[str, str]:
    """``{view_name: sql_text}`` for every ``.sql`` file shipped in the package (or a subfolder), sorted by name."""
    folder = resources.files(SQL_PACKAGE)
    if subfolder:
        folder = folder.joinpath(subfolder)
    return {
        Path(entry.name).stem: entry.read_text()
        for entry in sorted(folder.iterdir(), key=lambda e: e.name)
        if entry.name.endswith(".sql")
    }


def sql_header(text: str) -> str:
    """The leading comment of a view file (its grain and columns)."""
    lines = []
    for line in text.splitlines():
        if not line.startswith("--"):
            break
        lines.append(line[2:].strip())
    return "\n".join(lines)


@dataclass
class Catalog:
    con: object
    lake: Lake
    views: list[str] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)

    def sql(self, query: str, params=None):
        import duckdb

        try:
            return self.con.execute(query, params or [])
        except duckdb.Error as exc:
            raise QueryError(str(exc).splitlines()[0]) from None

    def require(self, view: str, message: str) -> None:
        """Fail with ``message`` (what to run) when ``view`` could not be created: its tables are not in the lake."""
        if view not in self.views:
            raise QueryError(message)

    def pin(self, tables: list[str] | None = None) -> None:
        """Hold base tables in memory (``sql/pins/``) so repeated queries of a long-lived session are warm."""
        for name, text in sql_files("pins").items():
            if tables is None or name in tables:
                self.con.execute(text)

    def rows(self, query: str, params=None) -> tuple[list[str], list[tuple]]:
        cur = self.sql(query, params)
        return [d[0] for d in cur.description or []], cur.fetchall()


def table_variables(lake: Lake, repos: list[str] | None = None) -> dict[str, list[str]]:
    files = lake.snapshot_files(repos)
    schema_dir = lake.root / SCHEMA_DIR
    variables = {}
    for schema_file in sorted(schema_dir.glob("*.parquet")) if schema_dir.is_dir() else []:
        variables[schema_file.stem] = [str(schema_file.resolve())] + files.get(schema_file.stem, [])
    return variables


def connect(lake: Lake | None = None, repos: list[str] | None = None, threads: int | None = None,
            views: list[str] | None = None) -> Catalog:
    """A DuckDB connection with the lake's views; ``views`` limits them to those named and what they read (a
    one-shot command then skips binding the rest)."""
    import duckdb

    lake = lake or Lake()
    con = duckdb.connect()
    if threads:
        con.execute(f"SET threads = {int(threads)}")
    variables = table_variables(lake, repos)
    for table, paths in variables.items():
        con.execute(f"SET VARIABLE lake_{_ident(table)} = ?", [paths])
    catalog = Catalog(con=con, lake=lake)
    files = sql_files()
    deps = dependencies(files)
    if views is not None:
        wanted = _closure(views, deps)
        files, deps = {n: files[n] for n in wanted}, {n: deps[n] for n in wanted}
    _create_views(catalog, files, deps, {f"lake_{t}" for t in variables})
    return catalog


def _closure(names: list[str], deps: dict[str, set[str]]) -> set[str]:
    wanted, stack = set(), [n for n in names if n in deps]
    while stack:
        name = stack.pop()
        if name not in wanted:
            wanted.add(name)
            stack.extend(d for d in deps[name] if d in deps)
    return wanted


def _ident(name: str) -> str:
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
        raise QueryError(f"invalid table name {name!r} in the lake")
    return name


def dependencies(files: dict[str, str]) -> dict[str, set[str]]:
    """What each file reads, from its SQL text (comments left out): other files' views and ``lake_*`` variables."""
    deps = {}
    for name, text in files.items():
        body = "\n".join(line.split("--", 1)[0] for line in text.splitlines())
        words = set(re.findall(r"(?i)\b(?:from|join)\s+([a-z_][a-z0-9_]*)", body))  # relations and table macros
        variables = set(re.findall(r"getvariable\('(lake_[a-z0-9_]+)'\)", body))
        deps[name] = ((words & set(files)) - {name}) | variables
    return deps


def _create_views(catalog: Catalog, files: dict[str, str], deps: dict[str, set[str]], variables: set[str]) -> None:
    """Create the views in dependency order; one whose tables or views are missing is skipped without a try."""
    from graphlib import CycleError, TopologicalSorter

    import duckdb

    try:
        order = list(TopologicalSorter({n: d & set(files) for n, d in deps.items()}).static_order())
    except CycleError as exc:
        raise QueryError(f"the SQL files depend on each other in a cycle: {exc.args[1]}") from None
    available = set(variables)
    for name in order:
        missing = sorted(deps[name] - available)
        if missing:
            catalog.skipped[name] = f"needs {', '.join(missing)}"
            continue
        try:
            catalog.con.execute(files[name])
        except duckdb.Error as exc:
            catalog.skipped[name] = str(exc).splitlines()[0]
            continue
        catalog.views.append(name)
        available.add(name)
