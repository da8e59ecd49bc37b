"""The SQL layer's conventions: one view or macro per file, named after the file, with a header giving its grain and
columns; every file is created on a lake that has all tables."""

from __future__ import annotations

import re

import pytest

from pipeline.catalog import sql_files, sql_header

FILES = sql_files()
CREATES = re.compile(r"CREATE\s+OR\s+REPLACE\s+(?:TEMP\s+)?(VIEW|MACRO)\s+([a-z_]+)", re.I)


@pytest.mark.parametrize("name", sorted(FILES))
def test_each_file_creates_one_object_named_after_it_with_a_header(name):
    text = FILES[name]
    created = CREATES.findall(text)
    assert [n for _, n in created] == [name]
    header = sql_header(text)
    assert header.startswith(f"{name}") and len(header) > 40, header


def test_every_view_is_created_on_a_lake_with_every_table(tmp_path, make_repo):
    from conftest import git
    from pipeline.catalog import connect
    from pipeline.indexing import index
    from pipeline.lake import Lake

    root = make_repo(files={"a.py": "def f():\n    return g()\n\n\ndef g():\n    return 1\n"})
    (root / "a.py").write_text("def f():\n    return 2\n")
    git(root, "commit", "-qam", "second")
    lake = Lake(tmp_path / "lake")
    index(root, repo="all", lake=lake)
    catalog = connect(lake)
    assert catalog.skipped == {}
    assert set(catalog.views) == set(FILES)
