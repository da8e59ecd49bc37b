"""Every language fixture folder under fixtures/structure/<language>/ is indexed for real and checked against its
expected.json: files (parse status, flags), symbols (ids, kinds, flags) and edges that must or must not exist."""

from __future__ import annotations

import json
import shutil

import pytest

from conftest import FIXTURES, index_structure
from pipeline.catalog import connect

LANGUAGE_FIXTURES = sorted(p.name for p in (FIXTURES / "structure").iterdir() if (p / "expected.json").exists())


@pytest.fixture(scope="module", params=LANGUAGE_FIXTURES)
def indexed(request, tmp_path_factory):
    from pipeline.lake import Lake

    work = tmp_path_factory.mktemp(request.param)
    root = work / "src"
    shutil.copytree(FIXTURES / "structure" / request.param, root, ignore=shutil.ignore_patterns("expected.json"))
    lake = Lake(work / "lake")
    index_structure(lake, root, repo=request.param)
    expected = json.loads((FIXTURES / "structure" / request.param / "expected.json").read_text())
    return connect(lake), expected


def _rows(catalog, query, params=()):
    cols, rows = catalog.rows(query, list(params))
    return [dict(zip(cols, r)) for r in rows]


def test_files_have_expected_status_and_flags(indexed):
    catalog, expected = indexed
    files = {r["path"]: r for r in _rows(catalog, "SELECT * FROM files")}
    for want in expected.get("files", []):
        assert want["path"] in files, f"{want['path']} not recorded in files"
        got = files[want["path"]]
        assert {k: got[k] for k in want} == want


def test_symbols_are_defined_with_kind_and_flags(indexed):
    catalog, expected = indexed
    symbols = {r["id"]: r for r in _rows(catalog, "SELECT * FROM symbols")}
    for want in expected["symbols"]:
        assert want["id"] in symbols, f"missing symbol {want['id']}; have {sorted(symbols)[:50]}"
        got = symbols[want["id"]]
        assert {k: got[k] for k in want} == want


def test_expected_edges_exist(indexed):
    catalog, expected = indexed
    edges = _rows(catalog, "SELECT src_id, dst_id, kind, resolution, ref_form, confidence, line FROM edges")
    for want in expected["edges"]:
        hits = [e for e in edges if e["src_id"] == want["src"] and e["dst_id"] == want["dst"]
                and all(e[k] == want[k] for k in ("kind", "resolution", "ref_form", "line") if k in want)]
        near = [e for e in edges if e["src_id"] == want["src"]]
        assert hits, f"missing edge {want}; edges from src: {near}"
        # an edge to nothing of the repository (dst null: external, unresolved) is listed for its resolution
        assert want["dst"] is None or all(0 < e["confidence"] <= 1 for e in hits)


def test_absent_edges_do_not_exist(indexed):
    catalog, expected = indexed
    for want in expected.get("absent_edges", []):  # of any kind, or of the kind and ref_form given
        rows = _rows(catalog, "SELECT * FROM edges WHERE src_id = ? AND dst_id = ?", (want["src"], want["dst"]))
        rows = [e for e in rows if all(e[k] == want[k] for k in ("kind", "ref_form") if k in want)]
        assert not rows, f"unexpected edge {want}"


def test_every_symbol_id_is_path_and_qualname(indexed):
    catalog, _ = indexed
    bad = _rows(catalog, "SELECT id, path, qualname FROM symbols WHERE id <> path || '::' || qualname "
                         "AND NOT regexp_matches(id, '#[0-9]+$')")
    assert bad == []


def test_absent_symbols_do_not_exist(indexed):
    catalog, expected = indexed
    ids = {r["id"] for r in _rows(catalog, "SELECT id FROM symbols")}
    assert not ids & set(expected.get("absent_symbols", []))


def test_dead_code_says_how_sure_it_is(indexed):
    """How sure ``dead_code`` is that each listed symbol is unused (null: not listed at all)."""
    catalog, expected = indexed
    dead = {r["id"]: (float(r["confidence"]), r["reason"]) for r in _rows(catalog, "SELECT * FROM dead_code")}
    for want in expected.get("dead_code", []):
        got = dead.get(want["id"])
        assert (got[0] if got else None) == want["confidence"], \
            f"{want['id']}: dead_code gives {got}, expected confidence {want['confidence']}"


def test_absent_references_are_not_recorded(indexed):
    """Names that are not references at all (a `#[cfg(not(...))]` predicate), resolved or not."""
    catalog, expected = indexed
    for want in expected.get("absent_refs", []):
        rows = _rows(catalog, "SELECT * FROM edges WHERE src_id = ? AND dst_name = ?", (want["src"], want["dst_name"]))
        assert not rows, f"unexpected reference {want}: {rows}"


def test_file_cards_list_as_unused_exactly_what_dead_code_calls_unused(indexed):
    """A snippet's "exports nothing calls" is dead_code's verdict at >= 0.6 in every language: not an enum whose
    constants are used, an interface method whose override is called, or a method inside a referenced twin."""
    catalog, _ = indexed
    cards = dict(catalog.rows("SELECT path, unused_count FROM file_structure_cards() WHERE unused_count > 0")[1])
    dead = dict(catalog.rows("SELECT path, count(*) FROM dead_code WHERE is_exported AND kind <> 'module' "
                             "AND confidence >= 0.6 GROUP BY path")[1])
    assert cards == dead
