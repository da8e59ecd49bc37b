"""Resolution's serial start in a full run (``parallel._prepared``, ``resolve.prepare``): what it makes and what it
skips, on real parses of the fixtures (the edges must stay those of main's code: the references after ``prepare``
read in place, look-ups that cannot bind anything not made)."""

from __future__ import annotations

import glob
import shutil

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from conftest import FIXTURES, index_structure


def _lake(work, source, repo: str):
    """``source`` indexed into ``work``: its root, a reader of a table's rows, and the files resolution reads."""
    from pipeline.lake import Lake

    root = work / "src"
    shutil.copytree(source, root, ignore=shutil.ignore_patterns("expected.json"))
    index_structure(Lake(work / "lake"), root, repo=repo)

    def table(name):
        return pa.concat_tables([pq.read_table(f) for f in sorted(glob.glob(f"{work}/lake/{name}/{repo}/*.parquet"))])

    f = table("files").select(["path", "language", "package", "parse_status"]).to_pydict()
    files = {p: {"language": lang, "package": pkg, "parse_status": st} for p, lang, pkg, st in zip(*f.values())}
    return root, table, files


def _edges(tables) -> list[tuple]:
    table = pa.concat_tables(tables)
    return list(zip(*(table.column(c).to_pylist() for c in ("src_id", "dst_id", "kind", "line", "resolution"))))


@pytest.fixture(scope="module")
def python_fixture(tmp_path_factory):
    from extractors.structure.rows import in_path_order

    root, table, files = _lake(tmp_path_factory.mktemp("prepare"), FIXTURES / "structure" / "python", "py")
    return in_path_order(table("symbols")), in_path_order(table("refs")), files, root


def test_the_later_references_are_read_in_place_not_copied(python_fixture, monkeypatch):
    """``_prepared`` hands the slices the whole references table and the rows they resolve (not a filtered copy of
    every string: 1.65 s of serial CPU and ~0.5 GB on site-packages); a slice's bounds are rows of the whole table,
    and slices of any bounds give, concatenated, the edges of the filtered table's references in order."""
    from extractors.structure import parallel
    from extractors.structure.resolve import EARLY_KINDS

    symbols, refs, files, root = python_fixture
    resolver, _, later = parallel._prepared(symbols, refs, files, root, "test")
    assert later.table is refs and later.num_rows == refs.num_rows
    early = pa.compute.is_in(refs.column("kind"), value_set=pa.array(EARLY_KINDS))
    assert pa.compute.sum(early).as_py() > 0  # the fixture has imports: rows to leave out
    filtered = refs.filter(pa.compute.invert(early))
    monkeypatch.setattr(parallel, "_SHARED", {"resolver": resolver, "refs": filtered})
    expected = _edges([parallel._resolve_slice((0, filtered.num_rows))])
    assert expected and not any(kind == "imports" for _, _, kind, _, _ in expected)
    monkeypatch.setattr(parallel, "_SHARED", {"resolver": resolver, "refs": later})
    bounds = [(i, min(i + 37, later.num_rows)) for i in range(0, later.num_rows, 37)]
    assert _edges([parallel._resolve_slice(b) for b in bounds]) == expected


FLOW = {
    "app/walk.py": """def walk(node, visit):
    visit(node)


def run(items, visit):
    walk(items, visit)
    walk(items[0], visit)
    walk(items[-1], visit)
    return sorted(items, key=visit)


def show(x):
    return x


def key_of(x):
    return x


def main(items):
    run(items, show)
    return sorted(items, key=key_of)
""",
}


@pytest.fixture(scope="module")
def flow_fixture(tmp_path_factory):
    from extractors.structure.rows import in_path_order

    source = tmp_path_factory.mktemp("flow-src")
    for rel, text in FLOW.items():
        (source / rel).parent.mkdir(parents=True, exist_ok=True)
        (source / rel).write_text(text)
    root, table, files = _lake(tmp_path_factory.mktemp("flow"), source, "flow")
    return in_path_order(table("symbols")), in_path_order(table("refs")), files, root


def _looked_up(monkeypatch) -> list[tuple]:
    """Every ``Resolver._lookup`` ``prepare`` makes, as (kind, name, line): the real look-up, recorded."""
    from extractors.structure.resolve import Resolver

    asked, lookup = [], Resolver._lookup

    def recorded(self, r, src, kinds):
        asked.append((r.kind, r.name, r.line))
        return lookup(self, r, src, kinds)

    monkeypatch.setattr(Resolver, "_lookup", recorded)
    return asked


def test_the_value_flow_looks_up_what_can_bind_and_each_callee_once(flow_fixture, monkeypatch):
    """``prepare``'s value flow binds ``show`` to ``walk``'s and ``run``'s ``visit`` as before, with fewer look-ups:
    ``walk(.., visit)`` written three times in ``run`` is one callee looked up once for every round (its line matters
    only where the file declares a name twice); a callback given to a callee that calls no parameter
    (``sorted(.., key=key_of)``) is never looked up, nor made a ``Ref`` (site-packages: 280K callbacks at a slot, 70K
    to a callee so named)."""
    from extractors.structure import parallel

    symbols, refs, files, root = flow_fixture
    asked = _looked_up(monkeypatch)
    resolver, _, _ = parallel._prepared(symbols, refs, files, root, "test")
    show = "app/walk.py::show"
    assert set(resolver.passed) == {("app/walk.py::run", "visit"), ("app/walk.py::walk", "visit")}
    assert all(set(held) == {show} for held in resolver.passed.values())  # never key_of: sorted calls no parameter
    assert [a for a in asked if a[1] == "walk"] == [("call", "walk", 6)]
    assert not [a for a in asked if a[1] in ("key_of", "sorted")]
    callbacks = refs.filter(parallel._bindable_callbacks(refs)).column("module").to_pylist()
    assert callbacks == ["run"]
