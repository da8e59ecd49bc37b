"""The MCP server end to end through the SDK's own stdio client: a real `codelake mcp` subprocess over a real lake."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import subprocess
import sys

import pytest

mcp = pytest.importorskip("mcp")

FILES = {
    "pkg/__init__.py": "",
    "pkg/core.py": "def load():\n    return 1\n\n\nclass Store:\n    def load(self):\n        return load()\n",
    "pkg/app.py": "from pkg.core import Store\n\n\ndef main():\n    return Store().load()\n",
}
TOOLS = {"search_symbols", "callers", "blast_radius", "neighborhood", "hotspots", "why", "digest", "context", "status"}
MAP_TOOLS = {"neighborhood", "why", "digest", "context"}


def _has(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def _cli(lake, *args):
    out = subprocess.run([sys.executable, "-m", "pipeline.cli.main", *args, "--lake", str(lake)], capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stderr
    return out


@pytest.fixture(scope="module")
def indexed(tmp_path_factory):
    from tests.conftest import git

    root = tmp_path_factory.mktemp("mcp") / "demo"
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "init")
    lake = root.parent / "lake"
    if _has("pipeline.exports.export"):  # the exporter reads every extractor's tables (and derived ones)
        _cli(lake, "index", str(root), "--repo", "demo")
        _cli(lake, "export")
    else:
        _cli(lake, "index", str(root), "--repo", "demo", "--extractors", "structure,git")
    return lake, root


def _session(lake, calls):
    """Run ``calls(client)`` against `codelake mcp --lake LAKE` started by the SDK's stdio client."""
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    params = StdioServerParameters(command=sys.executable, args=["-m", "pipeline.cli.main", "mcp", "--lake", str(lake)],
                                   env={k: v for k, v in os.environ.items() if k.startswith(("PYTHON", "CODELAKE"))},
                                   cwd=os.getcwd())

    async def main():
        async with Client(params, read_timeout_seconds=120) as client:
            return await calls(client)

    return asyncio.run(main())


def _text(result) -> str:
    return "\n".join(c.text for c in result.content if getattr(c, "text", None))


def test_lists_typed_tools_and_answers_each(indexed):
    lake, root = indexed
    has_map = _has("pipeline.map.queries") and _has("pipeline.exports.read")

    async def calls(client):
        tools = {t.name: t for t in (await client.list_tools()).tools}
        results = {}
        args = {"search_symbols": {"term": "load"}, "callers": {"target": "pkg/core.py::load"},
                "blast_radius": {"target": "pkg/core.py::load", "depth": 3}, "hotspots": {"window_days": 3650},
                "neighborhood": {"file": "pkg/core.py"}, "why": {"file": "pkg/core.py"}, "digest": {},
                "context": {"targets": ["pkg/core.py::load"]}, "status": {}}
        for name, arguments in args.items():
            results[name] = await client.call_tool(name, arguments)
        return tools, results

    tools, results = _session(lake, calls)
    assert set(tools) == TOOLS
    schema = tools["blast_radius"].input_schema["properties"]
    assert schema["depth"]["type"] == "integer" and schema["reverse"]["type"] == "boolean"
    assert tools["blast_radius"].input_schema["required"] == ["target"]
    for name in TOOLS - MAP_TOOLS:
        assert not results[name].is_error, (name, _text(results[name]))
    assert "pkg/core.py::Store.load" in _text(results["callers"])
    radius = _text(results["blast_radius"])
    assert radius.startswith("2 symbols depend on pkg/core.py::load within depth 3")
    assert "pkg/app.py::main" in radius and "pkg/core.py::Store.load" in radius
    assert "pkg/core.py" in _text(results["hotspots"]) and "demo" in _text(results["status"])
    for name in MAP_TOOLS:
        if has_map:
            assert not results[name].is_error, (name, _text(results[name]))
        else:  # until the map engineer's modules are merged these say so, as tool errors
            text = _text(results[name])
            assert results[name].is_error and ("map" in text or "export" in text), (name, text)


def test_bad_arguments_and_unknown_targets_are_tool_errors(indexed):
    lake, _ = indexed

    async def calls(client):
        return [await client.call_tool("blast_radius", {"target": 42}),
                await client.call_tool("blast_radius", {"target": "load", "depth": 99}),
                await client.call_tool("callers", {"target": "no_such_symbol_anywhere"}),
                await client.call_tool("search_symbols", {"term": "load", "limit": 0}),
                await client.call_tool("status", {})]  # the server is still up after all of that

    wrong_type, bad_depth, unknown, bad_limit, status = _session(lake, calls)
    assert wrong_type.is_error and "target" in _text(wrong_type)
    assert bad_depth.is_error and "depth must be between 1 and 10" in _text(bad_depth)
    assert unknown.is_error and "no symbol or file named 'no_such_symbol_anywhere'" in _text(unknown)
    assert bad_limit.is_error and "limit" in _text(bad_limit)
    assert not status.is_error


def test_results_are_paged_with_a_way_to_ask_for_more(indexed):
    lake, _ = indexed

    async def calls(client):
        return (await client.call_tool("search_symbols", {"term": "load", "limit": 1}),
                await client.call_tool("search_symbols", {"term": "load", "limit": 1, "offset": 1}))

    first, second = map(_text, _session(lake, calls))
    assert "call again with offset=1" in first
    assert first.splitlines()[2] != second.splitlines()[2]  # the next row, not the same one


def test_picks_up_a_new_snapshot_without_a_restart(indexed, tmp_path):
    lake, root = indexed
    extra = root / "pkg" / "extra.py"

    async def calls(client):
        before = await client.call_tool("callers", {"target": "pkg/core.py::load"})
        extra.write_text("from pkg.core import load\n\n\ndef again():\n    return load()\n")
        try:
            _cli(lake, "update", str(root), "pkg/extra.py", "--repo", "demo")
            after = await client.call_tool("callers", {"target": "pkg/core.py::load"})
        finally:
            extra.unlink()
            _cli(lake, "update", str(root), "pkg/extra.py", "--repo", "demo")
        return before, after

    before, after = _session(lake, calls)
    assert "pkg/extra.py::again" not in _text(before)
    assert "pkg/extra.py::again" in _text(after)


def test_a_damaged_lake_is_a_tool_error_not_a_crash(indexed, tmp_path):
    import shutil

    lake, _ = indexed
    damaged = tmp_path / "lake"
    shutil.copytree(lake, damaged)
    for path in damaged.glob("_versions/demo/edges-*.parquet"):
        path.write_bytes(b"PAR1 not really parquet")

    async def calls(client):
        return (await client.call_tool("blast_radius", {"target": "pkg/core.py::load"}),
                await client.call_tool("search_symbols", {"term": "load"}))

    radius, search = _session(damaged, calls)
    assert radius.is_error and len(_text(radius).splitlines()) == 1
    assert not search.is_error  # the rest of the lake still answers


def test_the_walks_give_the_macros_rows(tmp_path_factory):
    """The MCP server's in-memory blast radius and a command's level-by-level one (``pipeline.walk``) against the SQL
    macro (the definition), on this repository's code:
    hubs and leaves, both directions, several depths and confidence floors, file targets too."""
    from pathlib import Path

    import shutil

    from pipeline import query, walkindex
    from pipeline.catalog import connect
    from pipeline.lake import Lake
    from pipeline.mcp_server import WarmGraph
    from tests.conftest import index_structure

    lake = Lake(tmp_path_factory.mktemp("warm") / "lake")
    index_structure(lake, Path(__file__).parents[1], repo="codelake")
    catalog = connect(lake)
    catalog.pin()
    warm = WarmGraph(catalog)
    _, hubs = catalog.rows("SELECT dst_id FROM edges WHERE dst_id IS NOT NULL GROUP BY dst_id "
                           "ORDER BY count(*) DESC, dst_id LIMIT 8")
    _, others = catalog.rows("SELECT id FROM symbols WHERE kind <> 'module' ORDER BY hash(id) LIMIT 12")
    targets = [r[0] for r in hubs + others] + ["pipeline/lake.py", "pipeline/query.py"]
    compared = 0
    for value in targets + (["<without the walk index>"] + targets):
        if value.startswith("<"):  # the session's own adjacency, as on a lake whose walk index is not built yet
            shutil.rmtree(walkindex.folder(lake.root, "codelake"))
            continue
        target = query.resolve_target(catalog, value, "codelake")
        for depth, reverse, floor in ((1, False, 0.0), (4, False, 0.0), (4, True, 0.0), (3, False, 0.8)):
            expected = query.blast_radius_macro(catalog, target, depth, reverse, floor)
            for got in (warm.blast_radius(target, depth, reverse, floor),  # the MCP server's, in memory
                        query.blast_radius(catalog, target, depth, reverse, floor)):  # a command's, level by level
                assert got[0] == expected[0]
                assert sorted(got[1]) == sorted(expected[1]), (value, depth, reverse, floor)
                assert [r[4] for r in got[1]] == [r[4] for r in expected[1]]  # ranked alike (depth first)
            compared += len(expected[1])
        assert warm.gaps(target) == query.gaps(catalog, target)
    assert compared > 1000  # the comparison covered real walks, not empty answers
