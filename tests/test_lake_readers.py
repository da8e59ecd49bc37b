"""The lake as other tools read it: a table's folder, read by pandas, pyarrow datasets, polars and DuckDB globs, gives
exactly the current rows of every repository with ``repo`` a string column, however many versions the lake keeps."""

from __future__ import annotations

import shutil
from collections import Counter

import duckdb
import pytest

from conftest import FIXTURES, git, index_structure
from pipeline import indexing
from pipeline.lake import Lake

TABLES = ("files", "symbols", "edges", "refs", "runs")
REPOS = {"001": "python", "app": "typescript", "web.v2": "go"}  # "001" looks like a number to type inference


@pytest.fixture(scope="module")
def lake(tmp_path_factory):
    """Three real repositories, several shards per table, and updates that leave superseded versions behind."""
    tmp = tmp_path_factory.mktemp("readers")
    lake = Lake(tmp / "lake")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("pipeline.shards.SHARD_ROWS", 8)  # many shards from small repositories
        patch.setattr("extractors.structure.StructureExtractor.shard_rows", {"symbols": 4, "refs": 4})
        for repo, fixture in REPOS.items():
            root = tmp / repo
            shutil.copytree(FIXTURES / "structure" / fixture, root, ignore=shutil.ignore_patterns("expected.json"))
            git(tmp, "init", "-q", "-b", "main", str(root))
            git(root, "add", "-A")
            git(root, "commit", "-qm", "init")
            index_structure(lake, root, repo=repo)
            first = sorted(p for p in root.rglob("*") if p.is_file() and ".git" not in p.parts
                           and p.suffix in (".py", ".ts", ".go"))[0]
            for n in range(2):
                first.write_text(first.read_text() + f"\n// {n}\n".replace("//", "#" if first.suffix == ".py" else "//"))
                indexing.update(root, [str(first)], repo=repo, lake=lake)
    return lake


def expected(lake: Lake, table: str) -> Counter:
    """Rows per repository, as the snapshots name them (the reference the readers must match)."""
    return Counter({repo: lake.read_table(repo, table).num_rows for repo in REPOS})


def test_the_lake_keeps_superseded_versions_outside_the_table_folders(lake):
    versions = list((lake.root / "_versions").rglob("symbols-*.parquet"))
    current = list((lake.root / "symbols").rglob("*.parquet"))
    assert len(versions) > len(current) > len(REPOS)  # several shards each, and older versions kept
    assert all(p.name.startswith("part-") for p in current)
    assert not [p for p in (lake.root / "symbols").rglob("*") if p.is_file() and not p.name.endswith(".parquet")]


@pytest.mark.parametrize("table", TABLES)
def test_pandas_reads_a_table_folder_exactly(lake, table):
    import pandas as pd

    frame = pd.read_parquet(lake.root / table)
    assert Counter(frame["repo"].tolist()) == expected(lake, table)
    assert all(isinstance(v, str) for v in frame["repo"].unique())


@pytest.mark.parametrize("table", TABLES)
def test_pyarrow_datasets_read_a_table_folder_exactly(lake, table):
    import pyarrow as pa
    import pyarrow.dataset as ds

    data = ds.dataset(lake.root / table).to_table()
    assert data.schema.field("repo").type == pa.string()
    assert Counter(data.column("repo").to_pylist()) == expected(lake, table)


@pytest.mark.parametrize("table", TABLES)
def test_polars_reads_a_table_folder_exactly(lake, table):
    import polars as pl

    for source in (f"{lake.root / table}/", f"{lake.root / table}/**/*.parquet"):
        frame = pl.scan_parquet(source).select("repo").collect()
        assert frame.schema["repo"] == pl.String
        assert Counter(frame["repo"].to_list()) == expected(lake, table), source


@pytest.mark.parametrize("table", TABLES)
def test_duckdb_globs_read_a_table_folder_exactly(lake, table):
    for glob, hive in ((f"{lake.root / table}/**/*.parquet", True), (f"{lake.root / table}/*/*.parquet", False)):
        rows = duckdb.sql(f"SELECT repo, typeof(repo), count(*) FROM read_parquet('{glob}', hive_partitioning = "
                          f"{str(hive).lower()}) GROUP BY ALL").fetchall()
        assert {r[1] for r in rows} == {"VARCHAR"}
        assert Counter({r[0]: r[2] for r in rows}) == expected(lake, table), glob


def test_the_views_agree_with_the_folders(lake):
    from pipeline.catalog import connect

    catalog = connect(lake)
    for table in TABLES:
        got = Counter(dict(catalog.rows(f"SELECT repo, count(*) FROM {table} GROUP BY repo")[1]))
        assert got == expected(lake, table), table


def test_a_new_repository_may_not_take_an_id_whose_folder_readers_skip(tmp_path, make_repo):
    from pipeline.errors import RepoIdError
    from pipeline.repos import derive_repo_id

    fresh = Lake(tmp_path / "fresh")
    root = make_repo(files={"a.py": "def f():\n    return 1\n"})
    for bad in ("_private", ".hidden"):  # pandas and pyarrow datasets skip '_' and '.' folders: rows missing
        with pytest.raises(RepoIdError, match="start with a letter or a digit"):
            index_structure(fresh, root, repo=bad)
    assert fresh.repos() == [] and not (fresh.root / "symbols").exists()
    build = make_repo(name="_build", files={"b.py": "x = 1\n"})
    shutil.rmtree(build / ".git")  # no origin URL: the folder's name, less the prefix
    assert derive_repo_id(build) == "build"
