"""DuckDB over the lake: one connection with every view and macro of ``sql/`` created on it.

Python never builds a view's SQL. For each table it defines one macro, ``lake_<table>()``, returning the list of
files of the repositories' current snapshots (plus an empty file carrying the table's full schema, so that every
column exists even when no repository wrote it yet), then runs the ``.sql`` files as they are: a base view reads
``read_parquet(lake_<table>(), union_by_name = true)``. Macros, unlike session variables, live in a database file,
so the same views work in a persistent database (``pipeline.databases``) opened by any DuckDB client.

Views shipped by extractor plugins are copied into the lake (``_views/<extractor>/<view>.sql``) by the run that
writes their tables, and are created here like the built-in ones. A file whose dependencies are missing (a table no
extractor wrote yet) is skipped and listed in ``Catalog.skipped``. A damaged Parquet file leaves out only its
repository's rows of its table, and is listed in ``Catalog.damaged``.

A lake on object storage (``pipeline.objectlake``) is read without DuckDB's httpfs extension: each table's files are
registered as a pyarrow dataset over pyarrow's S3 filesystem (``lake_arrow_<table>``), and a base view's
``read_parquet(lake_<table>(), union_by_name = true)`` reads that instead (the macros still list the files, as
``s3://`` URIs, for a DuckDB that has httpfs).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from .errors import QueryError
from .lake import TABLE_NAME, Lake

SQL_PACKAGE = "codelake_sql"
SCHEMA_DIR = "_schemas"
VIEWS_DIR = "_views"  # pipeline.lake.VIEWS
LEGACY_VARIABLE = re.compile(r"getvariable\('(lake_[a-z0-9_]+)'\)")  # .sql files written before macros
MACRO_CALL = re.compile(r"\b(lake_[a-z0-9_]+)\(\)")
# A base read: ``read_parquet(lake_<table>(), ...)``, or ``read_parquet(coalesce(<files>, lake_<table>()), ...)`` (a
# macro that may be given the shards to read instead: on object storage it reads the dataset, whole)
TABLE_READ = re.compile(r"read_parquet\(\s*(?:lake_([a-z0-9_]+)\(\)|coalesce\(\s*[a-z_]+\s*,\s*lake_([a-z0-9_]+)\(\)\s*\))"
                        r"\s*,\s*union_by_name\s*=\s*true\s*\)", re.I)


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


def plugin_sql_files(lake: Lake) -> dict[str, str]:
    """Views that extractor plugins shipped with their tables, as the lake keeps them (built-in names win)."""
    files = lake.files
    found: dict[str, str] = {}
    for owner in (e.name for e in files.listdir(VIEWS_DIR) if e.is_dir and not e.name.startswith(".")):
        for name in (e.name for e in files.listdir(f"{VIEWS_DIR}/{owner}") if e.name.endswith(".sql")):
            stem = name[:-len(".sql")]
            if TABLE_NAME.fullmatch(stem) and stem not in found:
                try:
                    text = files.read_text(f"{VIEWS_DIR}/{owner}/{name}")
                except (OSError, UnicodeDecodeError):
                    continue
                if text is not None:
                    found[stem] = text
    return found


def view_names(lake: Lake) -> set[str]:
    """The names of every view and macro ``all_sql_files`` gives, without reading the files."""
    names = {Path(e.name).stem for e in resources.files(SQL_PACKAGE).iterdir() if e.name.endswith(".sql")}
    for owner in (e.name for e in lake.files.listdir(VIEWS_DIR) if e.is_dir and not e.name.startswith(".")):
        listed = lake.files.listdir(f"{VIEWS_DIR}/{owner}")
        names |= {e.name[:-len(".sql")] for e in listed if e.name.endswith(".sql")}
    return names


def all_sql_files(lake: Lake) -> dict[str, str]:
    built_in = sql_files()
    return {**{k: v for k, v in plugin_sql_files(lake).items() if k not in built_in}, **built_in}


def sql_header(text: str) -> str:
    """The leading comment of a view file (its grain and columns)."""
    lines = []
    for line in text.splitlines():
        if not line.startswith("--"):
            break
        lines.append(line[2:].strip())
    return "\n".join(lines)


@dataclass
class TableFiles:
    """What each table's macro names: files per table, and which repository each file belongs to."""

    files: dict[str, list[str]] = field(default_factory=dict)
    owner: dict[str, tuple[str, str]] = field(default_factory=dict)  # file -> (repo, table)
    snapshots: dict[str, str | None] = field(default_factory=dict)  # repo -> snapshot id
    snaps: dict[str, object] = field(default_factory=dict)  # repo -> the Snapshot these files are of


# DuckDB's binder naming a column no file of the table has (added to the table's schema after the lake was written)
_MISSING_COLUMN = re.compile(r'does not have a column named "([^"]+)"|Referenced column "([^"]+)" not found')


def table_files(lake: Lake, repos: list[str] | None = None, damaged: dict | None = None) -> TableFiles:
    """Every table's files: its schema file, then each repository's current shards (a repository with a damaged
    file of a table is left out of that table)."""
    out = TableFiles()
    locate = lake.files.locator()
    for entry in lake.files.listdir(SCHEMA_DIR):
        stem = entry.name[:-len(".parquet")] if entry.name.endswith(".parquet") else ""
        if not entry.is_dir and TABLE_NAME.fullmatch(stem):  # a stray copy ("files (copy).parquet") is no table
            out.files[stem] = [locate(f"{SCHEMA_DIR}/{entry.name}")]
    damaged = damaged or {}
    left_out = {(repo, table) for repo, table, _ in damaged.values() if repo}
    out.files = {t: paths for t, paths in out.files.items() if paths[0] not in damaged}
    for repo in repos or lake.repos():
        snap = lake.snapshot(repo)
        out.snapshots[repo] = snap.snapshot
        out.snaps[repo] = snap
        for table, entry in snap.tables.items():
            if (repo, table) in left_out or not TABLE_NAME.fullmatch(table) or entry.get("internal"):
                continue
            for rel in snap.files(table):
                path = locate(rel)
                out.files.setdefault(table, []).append(path)
                out.owner[path] = (repo, table)
    return out


def table_variables(lake: Lake, repos: list[str] | None = None) -> dict[str, list[str]]:
    """``{table: files}`` as the catalog's macros name them (kept for callers of the first API)."""
    return table_files(lake, repos).files


def _sql_list(paths: list[str]) -> str:
    return "[" + ", ".join("'" + p.replace("'", "''") + "'" for p in paths) + "]"


def define_table_macros(con, files: dict[str, list[str]]) -> None:
    """``lake_<table>()`` for every table: the one place Python writes SQL, a list of quoted file names."""
    for table, paths in files.items():
        con.execute(f"CREATE OR REPLACE MACRO lake_{_ident(table)}() AS {_sql_list(paths)}")


def bind_tables(catalog: "Catalog", files: dict[str, list[str]]) -> None:
    """What the views read: the macros; on object storage also the datasets of the tables its views read."""
    define_table_macros(catalog.con, files)
    if not catalog.lake.files.local:
        register_datasets(catalog.con, catalog.lake, {t: p for t, p in files.items() if t in catalog.datasets})


def _register_needed(catalog: "Catalog", files: dict[str, str], deps: dict[str, set[str]]) -> None:
    """On object storage, register the datasets of just the tables the views about to be created read (each costs
    a request for its schema)."""
    if catalog.lake.files.local:
        return
    tables = {d[len("lake_"):] for name in files for d in deps[name] if d.startswith("lake_")}
    new = {t: catalog.current.files[t] for t in tables - catalog.datasets if t in catalog.current.files}
    register_datasets(catalog.con, catalog.lake, new)
    catalog.datasets |= set(new)


def register_datasets(con, lake: Lake, files: dict[str, list[str]]) -> None:
    """``lake_arrow_<table>``: the table's files (its schema file first, which gives every column) as one pyarrow
    dataset over the lake's filesystem; DuckDB scans it with projection and filter pushdown."""
    import pyarrow.dataset as ds

    for table, uris in files.items():
        paths = [u.split("://", 1)[1] for u in uris]
        schema_file = f"{SCHEMA_DIR}/{table}.parquet"
        schema = lake.files.read_schema(schema_file) if uris and uris[0].endswith("/" + schema_file) else None
        data = ds.dataset(paths, schema=schema, format="parquet", filesystem=lake.files.fs)
        con.register(f"lake_arrow_{_ident(table)}", data)


def _for_reader(catalog: "Catalog", text: str) -> str:
    """A view's SQL for this lake: as written, or reading the registered datasets of an object-storage lake."""
    return text if catalog.lake.files.local else TABLE_READ.sub(lambda m: f"lake_arrow_{m[1] or m[2]}", text)


@dataclass
class Catalog:
    con: object
    lake: Lake
    views: list[str] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)
    damaged: dict[str, tuple[str, str, str]] = field(default_factory=dict)  # file -> (repo, table, reason)
    repos: list[str] | None = None
    current: TableFiles = field(default_factory=TableFiles)
    pinned: set[str] = field(default_factory=set)
    wanted: list[str] | None = None
    datasets: set[str] = field(default_factory=set)  # object storage: the tables registered as pyarrow datasets
    lazy: bool = False  # create each view when a query first names it (``connect``)
    pending: set[str] | None = None  # lazy: the views not created yet (None: not listed yet)
    on_damage: object = None  # called with (file, repo, table, reason) for a damaged file found after connecting

    # A point lookup's source: the shards of a table that can hold the rows asked for (``point_files``). A base view
    # reads every shard of its table, and a shard holds keys from all over a repository: a cold command looking up
    # one symbol or its references would otherwise open hundreds of files (a 3.2M-edge lake: about 300).
    POINT_SOURCE = "read_parquet(?::VARCHAR[], union_by_name = true)"
    _sources: tuple | None = None

    def sql(self, query: str, params=None):
        import duckdb

        if self.lazy:
            self._create_pending(set(re.findall(r"[a-z_][a-z0-9_]*", query.lower())))
        try:
            return self.con.execute(query, params or [])
        except duckdb.IOException as exc:
            if self.refresh():  # a long-lived reader whose files were retired: read the newer snapshot
                return self.sql(query, params)
            raise QueryError(self._damage_named(exc) or _one_line(exc)) from None
        except duckdb.Error as exc:
            raise QueryError(self._damage_named(exc) or _one_line(exc)) from None

    def _damage_named(self, exc) -> str | None:
        """The error of a query that read a damaged lake file by its name (a point lookup, ``POINT_SOURCE``), as
        the views' damage is told: naming the file, its repository and table, and the fix."""
        text = str(exc)
        for path, (repo, table) in self.current.owner.items():
            if f"'{path}'" in text:
                self.damaged[path] = (repo, table, _one_line(exc))
                return (f"damaged lake file {path} (repository {repo!r}, table {table!r}: {_one_line(exc)}); rebuild "
                        "it with `codelake index --full` (`codelake check` lists every damaged file)")
        return None

    def require(self, view: str, message: str) -> None:
        """Fail with ``message`` (what to run) when ``view`` could not be created: its tables are not in the lake."""
        self._create_pending({view})
        if view not in self.views:
            missing = self.missing_tables(view)
            column = _MISSING_COLUMN.search(self.skipped.get(view, ""))
            if column and not missing:  # a column added to a table since this lake was written: not an empty lake
                raise QueryError(f"{view} reads the column {column[1] or column[2]!r}, which this lake's tables do not "
                                 "have yet: they were written by an older codelake; run `codelake index PATH` again "
                                 "to bring them up to date")
            raise QueryError(f"{message} ({view} reads {', '.join(missing)}, not in this lake yet)" if missing
                             else message)

    def missing_tables(self, view: str) -> list[str]:
        """The lake tables a skipped view needs, through the skipped views it reads: a lake that has a table's
        siblings but not a table added later (written by its next run of that extractor) is told apart from one
        that has none of them."""
        reason = self.skipped.get(view, "")
        if not reason.startswith("needs "):
            return []
        tables: list[str] = []
        for dep in reason[len("needs "):].split(", "):
            found = [dep[len("lake_"):]] if dep.startswith("lake_") else self.missing_tables(dep)
            tables += [t for t in found if t not in tables]
        return tables

    def require_table(self, table: str, message: str) -> None:
        """Fail with ``message`` when the lake holds no ``table`` (what a point lookup reads, without its view)."""
        if table not in self.current.files:
            raise QueryError(message)

    def require_intact(self, repo: str, *tables: str) -> None:
        """Fail, naming the file, when a damaged file left ``repo``'s rows of one of ``tables`` out (an answer
        computed without them would look complete)."""
        for path, (damaged_repo, table, reason) in sorted(self.damaged.items()):
            if damaged_repo == repo and table in tables:
                raise QueryError(f"damaged lake file {path} (repository {repo!r}, table {table!r}: {reason}); "
                                 f"rebuild it with `codelake index --full`")

    def pin(self, tables: list[str] | None = None) -> None:
        """Hold base tables in memory (``sql/pins/``) so repeated queries of a long-lived session are warm."""
        for name, text in sql_files("pins").items():
            if (tables is None or name in tables) and name in self.views:
                self.con.execute(_for_reader(self, _portable(text)))
                self.pinned.add(name)

    def _create_pending(self, names: set[str]) -> None:
        """Create the views among ``names`` not created yet, and what they read (a lazy catalog's query is about to
        read them)."""
        if not self.lazy:
            return
        if self.pending is None:
            self.pending = view_names(self.lake) - set(self.views)
        names &= self.pending
        if names:
            skipped = dict(self.skipped)
            self._sources = self._sources or view_sources(self.lake)  # one read of the SQL files per catalog
            create_views(self, sorted(names), self._sources)
            self.skipped = {**skipped, **self.skipped}
            self.pending -= names | set(self.views)

    def point_files(self, table: str, column: str, values: list, repo: str | None = None) -> list[str] | None:
        """The files a point lookup reads instead of the whole ``table``: its schema file (every column), then the
        shards of ``repo``'s (else every repository's) current snapshot that can hold the rows whose ``column`` is
        one of ``values``; the same snapshot the views read. An internal table (no view, no schema file) is read
        so too. None when a repository's table is not sharded by ``column``, ``repo`` has no such table, a damaged
        file left its rows out, or the lake is not local: read the view then."""
        def shards(snap):
            if snap.tables[table].get("shard_by") == column:
                return {snap.shard_file(table, column, v) for v in values}
            return None
        return self._files_of(table, repo, shards)

    def shard_files(self, table: str, repo: str, numbers: list[int] | None = None) -> list[str] | None:
        """``table``'s schema file (when it has one), then the shards of ``repo``'s current snapshot numbered
        ``numbers`` (None: every shard); None as ``point_files`` says, or when a number is past the last shard."""
        def shards(snap):
            listed = snap.files(table)
            if numbers is None:
                return listed
            return [listed[k] for k in numbers] if all(0 <= k < len(listed) for k in numbers) else None
        return self._files_of(table, repo, shards)

    def _files_of(self, table: str, repo: str | None, shards) -> list[str] | None:
        """The schema file, then ``shards(snapshot)`` (lake-relative files; None: cannot narrow) of each repository
        (or ``repo``) holding ``table``, located."""
        named = self.current.snaps.get(repo) if repo is not None else None
        if not self.lake.files.local or (repo is not None and (named is None or table not in named.tables)):
            return None
        files = self.current.files.get(table) or []
        out = files[:1] if files and files[0].endswith(f"/{SCHEMA_DIR}/{table}.parquet") else []
        left_out = {(r, t) for r, t, _ in self.damaged.values()}
        locate = self.lake.files.locator()
        for name, snap in self.current.snaps.items():
            if (repo is not None and name != repo) or table not in snap.tables:
                continue
            picked = None if (name, table) in left_out else shards(snap)
            if picked is None:
                return None
            out.extend(sorted({locate(rel) for rel in picked}))
        return out

    def point_read(self, table: str, column: str, values: list, repo: str | None) -> tuple[str, list]:
        """(relation, its parameters) for a query of ``table``'s rows whose ``column`` is in ``values``: those
        shards when the table is sharded by ``column``, else the whole view."""
        files = self.point_files(table, column, values, repo)
        return (table, []) if files is None else (self.POINT_SOURCE, [files])

    def rows(self, query: str, params=None) -> tuple[list[str], list[tuple]]:
        cur = self.sql(query, params)
        return [d[0] for d in cur.description or []], cur.fetchall()

    def refresh(self) -> bool:
        """Read the repositories' newest snapshots, if any changed, without reconnecting. The new file lists (and
        pinned copies) replace the old ones in one transaction: a query sees the old set or the new, never a mix."""
        fresh = table_files(self.lake, self.repos, self.damaged)
        if fresh.files == self.current.files:
            return False
        changed = {t for t in fresh.files if fresh.files[t] != self.current.files.get(t)}
        self.con.execute("BEGIN TRANSACTION")
        try:
            bind_tables(self, {t: fresh.files[t] for t in changed})
            self.current = fresh
            for name, text in sql_files("pins").items():
                if name in self.pinned and name in changed:
                    self.con.execute(_for_reader(self, _portable(text)))
            self.con.execute("COMMIT")
        except Exception:
            self.con.execute("ROLLBACK")
            raise
        if self.skipped:  # a table that appeared since: its views can be created now
            create_views(self, sorted(self.skipped) if self.wanted is not None else None)
        return True


def _one_line(exc) -> str:
    return str(exc).splitlines()[0]


def connect(lake: Lake | None = None, repos: list[str] | None = None, threads: int | None = None,
            views: list[str] | None = None, database: str = ":memory:", lazy: bool = False) -> Catalog:
    """A DuckDB connection with the lake's views; ``views`` limits them to those named and what they read (a
    one-shot command then skips binding the rest). ``lazy``: none is created here, each when a query first names
    it or ``require`` asks for it; a cold command whose point lookups read shard files (``point_files``) then binds
    no view it does not read (binding one reads the footer of every file of its tables)."""
    import duckdb

    lake = lake or Lake()
    con = duckdb.connect(database)
    # A lake's data files are version files, never rewritten under their name: the footers DuckDB parsed stay true
    # for the connection's life, and a command's several queries (and the views' binding) read each footer once.
    con.execute("SET parquet_metadata_cache = true")
    # DuckDB's progress bar is on in Python and prints to stdout once a query passes two seconds (`dead-code` over
    # site-packages' lake: the bar's lines written before the table, or inside `--format json` sent to a file)
    con.execute("SET enable_progress_bar = false")
    if threads:
        con.execute(f"SET threads = {int(threads)}")
    catalog = Catalog(con=con, lake=lake, repos=repos, wanted=views)
    catalog.current = table_files(lake, repos)
    bind_tables(catalog, catalog.current.files)
    catalog.lazy = lazy
    if not lazy:
        create_views(catalog, views)
    return catalog


def create_views(catalog: Catalog, views: list[str] | None = None, sources: tuple | None = None) -> None:
    """Create ``views`` (None: all) and what they read; ``sources``: the SQL files and their dependencies, as
    ``view_sources`` gave them."""
    files, deps = sources or view_sources(catalog.lake)
    if views is not None:
        wanted = _closure(views, deps)
        files, deps = {n: files[n] for n in wanted}, {n: deps[n] for n in wanted}
    catalog.skipped = {}
    _register_needed(catalog, files, deps)
    _create_views(catalog, files, deps)


def view_sources(lake: Lake) -> tuple[dict[str, str], dict[str, set[str]]]:
    """Every SQL file the lake's views come from (built-in and plugins'), and what each reads."""
    files = {n: _portable(t) for n, t in all_sql_files(lake).items()}
    return files, dependencies(files)


def _portable(text: str) -> str:
    """A view written against the first convention (session variables) reads the table macros instead."""
    return LEGACY_VARIABLE.sub(r"\1()", text)


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
    """What each file reads, from its SQL text (comments left out): other files' views and ``lake_*()`` macros."""
    deps = {}
    for name, text in files.items():
        body = "\n".join(line.split("--", 1)[0] for line in _portable(text).splitlines())
        words = set(re.findall(r"(?i)\b(?:from|join)\s+([a-z_][a-z0-9_]*)", body))  # relations and table macros
        macros = set(MACRO_CALL.findall(body))
        deps[name] = ((words & set(files)) - {name}) | macros
    return deps


def _create_views(catalog: Catalog, files: dict[str, str], deps: dict[str, set[str]]) -> None:
    """Create the views in dependency order; one whose tables or views are missing is skipped without a try."""
    from graphlib import CycleError, TopologicalSorter

    try:
        order = list(TopologicalSorter({n: d & set(files) for n, d in deps.items()}).static_order())
    except CycleError as exc:
        raise QueryError(f"the SQL files depend on each other in a cycle: {exc.args[1]}") from None
    available = {f"lake_{t}" for t in catalog.current.files} | set(catalog.views)
    for name in order:
        if name in catalog.views:
            continue
        missing = sorted(deps[name] - available)
        if missing:
            catalog.skipped[name] = f"needs {', '.join(missing)}"
            continue
        error = _create_one(catalog, name, files[name], deps[name])
        if error:
            catalog.skipped[name] = error
            continue
        catalog.views.append(name)
        available.add(name)


def _create_one(catalog: Catalog, name: str, text: str, deps: set[str]) -> str | None:
    """Create one view; when a base table's files fail to bind, leave out the repositories whose files are damaged
    and try again (a damaged file costs only its repository's rows of its table)."""
    import duckdb

    for _ in range(len(catalog.current.owner) + 1):
        try:
            catalog.con.execute(_for_reader(catalog, text))
            return None
        except duckdb.Error as exc:
            tables = [d[len("lake_"):] for d in deps if d.startswith("lake_")]
            if not tables or not catalog.lake.files.local or not _leave_out_damaged(catalog, tables):
                return _one_line(exc)
    return "too many damaged files"


def _leave_out_damaged(catalog: Catalog, tables: list[str]) -> bool:
    """Check each file of ``tables`` on its own; returns whether any damaged one was found (and left out)."""
    import duckdb

    found = False
    probe = duckdb.connect()
    for table in tables:
        for path in catalog.current.files.get(table, []):
            try:
                probe.execute("SELECT count(*) FROM parquet_metadata(?)", [path]).fetchone()
            except duckdb.Error as exc:
                repo, owner_table = catalog.current.owner.get(path, ("", table))
                catalog.damaged[path] = (repo, owner_table, _one_line(exc))
                if catalog.on_damage is not None:
                    catalog.on_damage(path, repo, owner_table, _one_line(exc))
                found = True
    probe.close()
    if found:
        before = set(catalog.current.files)
        catalog.current = table_files(catalog.lake, catalog.repos, catalog.damaged)
        define_table_macros(catalog.con, catalog.current.files)
        for table in before - set(catalog.current.files):
            catalog.con.execute(f"DROP MACRO IF EXISTS lake_{_ident(table)}")
    return found
