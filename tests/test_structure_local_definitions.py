"""A definition a function's body makes (a nested ``def``, a local class, an inner ``function``, a closure bound to a
name) is reached by its name from inside that body only, and from elsewhere through a value (returned, passed):
never by a guess of its name from another file or another function (issue 10). And an update renaming such a
definition resolves like a full index without resolving every file that names the same word (issue 8)."""

from __future__ import annotations

from conftest import index_structure, structure_catalog

PYTHON = {
    "pkg/__init__.py": "",
    "pkg/core.py": "def symbols(text):\n    return text.split()\n",
    # names made by a call's tuple: ``from pkg.abc import m`` binds pkg/abc.py's variable, never a local ``m``
    "pkg/abc.py": "from pkg.core import symbols\n\na, m, Shape = symbols('a m Shape')\n",
    "pkg/test_one.py": (
        "def test_issue():\n"
        "    def m(x):\n"
        "        return x + 1\n"
        "    class Shape:\n"
        "        pass\n"
        "    assert m(2) == 3\n"
        "    def deeper():\n"
        "        return m(1)\n"
        "    return deeper() and Shape()\n"
        "\n\n"
        "def make_adder():\n"
        "    def adder(x):\n"
        "        return x + 1\n"
        "    return adder\n"
    ),
    "pkg/test_two.py": (
        "from pkg.abc import m, Shape\n"
        "from pkg.test_one import make_adder\n\n\n"
        "def keep(*values):\n"
        "    return values\n\n\n"
        "def test_rewrite():\n"
        "    assert keep(m, Shape) == keep(m(1), Shape())\n"
        "    add = make_adder()\n"
        "    return add(1) + make_adder()(2)\n"
    ),
}

JAVASCRIPT = {
    "package.json": '{"name": "app"}\n',
    "src/pool.js": (
        "export function createPool() {\n"
        "  const run = (fn) => fn();\n"
        "  function step() {\n"
        "    return run(() => 1);\n"
        "  }\n"
        "  step();\n"
        "  return run;\n"
        "}\n"
    ),
    "src/bench.js": (
        "import { run, step } from 'npm:mitata';\n"
        "import { createPool } from './pool.js';\n\n"
        "export function main() {\n"
        "  step();\n"
        "  run();\n"
        "  const runner = createPool();\n"
        "  return runner(() => 2);\n"
        "}\n"
    ),
}


def _edges(catalog) -> set[tuple[str, str, str]]:
    _, rows = catalog.rows("SELECT src_id, dst_id, resolution FROM edges WHERE dst_id IS NOT NULL", [])
    return {tuple(r) for r in rows}


def _pairs(edges) -> set[tuple[str, str]]:
    return {(src, dst) for src, dst, _ in edges}


def test_a_python_function_s_local_definitions_are_reached_from_its_body_and_through_values_only(tmp_path):
    edges = _edges(structure_catalog(tmp_path, PYTHON))
    pairs = _pairs(edges)
    # inside the body, and deeper in it
    assert ("pkg/test_one.py::test_issue", "pkg/test_one.py::test_issue.m", "same_file") in edges
    assert ("pkg/test_one.py::test_issue.deeper", "pkg/test_one.py::test_issue.m", "same_file") in edges
    assert ("pkg/test_one.py::test_issue", "pkg/test_one.py::test_issue.Shape", "same_file") in edges
    # a closure returned and called in another file: value flow
    assert ("pkg/test_two.py::test_rewrite", "pkg/test_one.py::make_adder.adder", "flow") in edges
    # another file's names imported from pkg/abc.py, which makes them by unpacking: never the local ``m`` or ``Shape``
    assert ("pkg/test_two.py::test_rewrite", "pkg/test_one.py::test_issue.m") not in pairs
    assert ("pkg/test_two.py::test_rewrite", "pkg/test_one.py::test_issue.Shape") not in pairs


def test_a_javascript_function_s_inner_functions_are_reached_from_its_body_and_through_values_only(tmp_path):
    edges = _edges(structure_catalog(tmp_path, JAVASCRIPT))
    pairs = _pairs(edges)
    assert ("src/pool.js::createPool", "src/pool.js::createPool.step") in pairs
    assert ("src/pool.js::createPool.step", "src/pool.js::createPool.run") in pairs
    assert ("src/bench.js::main", "src/pool.js::createPool.run", "flow") in edges
    # ``run`` and ``step`` of a package the repository does not hold: not the pool's locals
    assert ("src/bench.js::main", "src/pool.js::createPool.step") not in pairs
    assert {r for s, d, r in edges if s == "src/bench.js::main" and d == "src/pool.js::createPool.run"} == {"flow"}


# an update renaming a test function renames every definition in its body: files naming those words (``rand``,
# here through an import whose module does not define it) are no longer resolved again; a file calling a closure
# through a value is, and each update equals a fresh full index
UPDATED = {
    "pkg/__init__.py": "",
    "pkg/core.py": "def symbols(text):\n    return text.split()\n",
    "pkg/abc.py": "from pkg.core import symbols\n\nrand, step = symbols('rand step')\n",
    "pkg/test_lp.py": (
        "def test_lp():\n"
        "    def rand():\n"
        "        return 4\n"
        "    def step(x):\n"
        "        return rand() + x\n"
        "    assert step(rand()) == 8\n"
        "\n\n"
        "def make_adder():\n"
        "    def adder(x):\n"
        "        return x + 1\n"
        "    return adder\n"
    ),
    "pkg/naming.py": "from pkg.abc import rand, step\n\n\ndef keep(*values):\n    return values\n\n\n"
                     "def test_naming():\n    return keep(rand, step)\n",
    "pkg/flowing.py": "from pkg.test_lp import make_adder\n\n\ndef test_flow():\n    add = make_adder()\n"
                      "    return add(1)\n",
    **{f"pkg/leaf{i}.py": f"def leaf{i}():\n    return {i}\n" for i in range(8)},
}


def _edge_rows(lake) -> list:
    t = lake.read_table("repo", "edges")
    cols = ["src_id", "dst_id", "dst_name", "kind", "path", "line", "resolution", "ref_form", "confidence"]
    return sorted(map(tuple, zip(*t.select(cols).to_pydict().values())), key=repr)


def test_an_update_renaming_a_function_with_local_definitions_resolves_no_file_naming_them(tmp_path, make_repo,
                                                                                          monkeypatch):
    from extractors.structure import incremental
    from pipeline.lake import Lake

    affected, reached = [], incremental.affected_paths

    def noting(*args, **kwargs):
        found = reached(*args, **kwargs)
        affected.append(found)
        return found

    monkeypatch.setattr(incremental, "affected_paths", noting)
    root = make_repo(files=UPDATED)
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    steps = [("def test_lp():", "def test_lp_r1():"), ("adder", "adder_r2"), ("def test_lp_r1():", "def test_lp():"),
             ("adder_r2", "adder")]
    for step, (old, new) in enumerate(steps):
        path = root / "pkg/test_lp.py"
        path.write_text(path.read_text().replace(old, new))
        index_structure(lake, root, files=["pkg/test_lp.py"])
        full = Lake(tmp_path / f"full{step}")
        index_structure(full, root)
        assert _edge_rows(lake) == _edge_rows(full), step
        assert affected[-1] is not None and "pkg/naming.py" not in affected[-1], (step, affected[-1])
    # the closure's renames reached the file calling it through a value; the test's did not
    assert "pkg/flowing.py" in affected[1] and "pkg/flowing.py" in affected[3]
    assert "pkg/flowing.py" not in affected[0]
    flows = {(r[0], r[1]) for r in _edge_rows(lake) if r[6] == "flow"}
    assert ("pkg/flowing.py::test_flow", "pkg/test_lp.py::make_adder.adder") in flows
