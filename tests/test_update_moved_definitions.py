"""A definition added, removed or renamed: the update resolves the references naming it (and the moved definition's
own lines), not every line of the files holding them, and its edges are a full index's."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

from conftest import git, index_structure

SOURCE = Path(__file__).resolve().parents[1]

# a small repository whose edges the edits below must move exactly: ``runner.run`` hands its parameter on to
# ``apply``, which calls it; ``jobs.py`` gives ``run`` a function, ``shop.py`` calls the module's functions
FILES = {
    "app/__init__.py": "",
    "app/tools.py": (
        "def apply(fn, value):\n    return fn(value)\n\n\n"
        "def double(value):\n    return value * 2\n\n\n"
        "def shout(text):\n    return str(text).upper()\n"
    ),
    "app/runner.py": (
        "from app.tools import apply, shout\n\n\n"
        "def run(step, value):\n    return apply(step, value)\n\n\n"
        "def quiet(text):\n    return shout(text).lower()\n"
    ),
    "app/jobs.py": (
        "from app.runner import run\nfrom app.tools import double\n\n\n"
        "def job():\n    return run(double, 2)\n"
    ),
    "app/shop.py": (
        "from app import runner\nfrom app.tools import shout\n\n\n"
        "def sell(item):\n    shout(item)\n    return runner.quiet(item)\n"
    ),
}


@pytest.fixture(autouse=True)
def never_whole(monkeypatch):
    """A small repository's update stays an update, never a full pass (``INCREMENTAL_SHARE``)."""
    from extractors.structure import incremental

    monkeypatch.setattr(incremental, "INCREMENTAL_SHARE", 1.01)


@pytest.fixture
def resolved(monkeypatch):
    """Every reference the resolver resolves but a base (a file's bases are resolved first, every time), as
    (path, src_qualname, name, kind, what it writes: its name, receiver, callee, slot and value)."""
    from extractors.structure.resolve import Resolver

    found: list[tuple] = []
    original = Resolver.resolve

    def resolve(self, r):
        if r.kind != "inherits":
            found.append((r.path, r.src_qualname, r.name, r.kind, " ".join(filter(None, (r.name, r.receiver, r.module,
                                                                                        r.alias, r.bound_to)))))
        return original(self, r)

    monkeypatch.setattr(Resolver, "resolve", resolve)
    return found


def _edges(lake) -> set[tuple]:
    t = lake.read_table("repo", "edges")
    cols = ["src_id", "dst_id", "kind", "path", "line", "resolution", "ref_form"]
    return set(zip(*t.select(cols).to_pydict().values()))


def _full(tmp_path, root, name: str):
    from pipeline.lake import Lake

    full = Lake(tmp_path / name)
    index_structure(full, root)
    return full


def _calls(lake) -> set[tuple]:
    return {(src, dst) for src, dst, kind, *_ in _edges(lake) if kind == "calls" and dst}


def test_a_function_renamed_re_resolves_the_lines_naming_it_and_keeps_a_handed_function_flowing(
        lake, make_repo, tmp_path, resolved):
    """``run`` renamed ``go`` in ``runner.py``: ``jobs.py``'s call no longer reaches it, and ``apply``'s ``fn()`` no
    longer reaches ``double`` (handed over through ``run``'s parameter): ``tools.py`` is resolved again because a
    caller gives ``run`` a function. ``runner.py``'s ``quiet`` and ``shop.py``'s lines name nothing that moved:
    their edges are kept, not resolved. Then ``run`` restored: every edge back; then removed: as a full index."""
    root = make_repo(files=FILES)
    index_structure(lake, root)
    assert ("app/tools.py::apply", "app/tools.py::double") in _calls(lake)
    runner = root / "app/runner.py"
    runner.write_text(FILES["app/runner.py"].replace("def run(", "def go("))
    resolved.clear()
    index_structure(lake, root, files=["app/runner.py"])
    calls = _calls(lake)
    assert ("app/tools.py::apply", "app/tools.py::double") not in calls  # nothing hands ``apply`` double now
    assert ("app/jobs.py::job", "app/runner.py::run") not in calls and ("app/runner.py::go", "app/tools.py::apply") \
        in calls
    assert ("app/runner.py::quiet", "app/tools.py::shout") in calls and ("app/shop.py::sell", "app/runner.py::quiet") \
        in calls
    assert {(p, s) for p, s, *_ in resolved if p == "app/runner.py"} <= {("app/runner.py", "go")}, resolved
    assert not [r for r in resolved if r[0] == "app/shop.py"], resolved  # names nothing that moved
    assert ("app/jobs.py", "job", "run", "call", "run") in resolved
    assert _edges(lake) == _edges(_full(tmp_path, root, "full1"))
    for step, text in enumerate([FILES["app/runner.py"], FILES["app/runner.py"].split("\n\n\ndef run(")[0]
                                 + "\n\n\ndef quiet(text):\n    return shout(text).lower()\n"]):
        runner.write_text(text)
        index_structure(lake, root, files=["app/runner.py"])
        assert _edges(lake) == _edges(_full(tmp_path, root, f"full{step + 2}")), step
    assert ("app/tools.py::apply", "app/tools.py::double") not in _calls(lake)


def test_a_function_appended_passing_its_parameter_on_resolves_its_own_lines_only(lake, make_repo, tmp_path,
                                                                                   resolved):
    """A function appended (``def extra(x): return apply(x, 1)``: its parameter handed to ``apply``, which calls
    it) that no call gives a function: no other file is resolved (``apply``'s file need not be: nothing reaches its
    ``fn`` through ``extra``), and of its file only the new function's lines."""
    root = make_repo(files=FILES)
    index_structure(lake, root)
    runner = root / "app/runner.py"
    runner.write_text(FILES["app/runner.py"] + "\n\ndef extra(x):\n    return apply(x, 1)\n")
    resolved.clear()
    index_structure(lake, root, files=["app/runner.py"])
    assert {r[0] for r in resolved} == {"app/runner.py"}, resolved
    assert {r[1] for r in resolved} == {"extra"}, resolved
    assert ("app/runner.py::extra", "app/tools.py::apply") in _calls(lake)
    assert _edges(lake) == _edges(_full(tmp_path, root, "full"))


def _copy_of_this_repository(tmp_path) -> Path:
    root = tmp_path / "repo"
    shutil.copytree(SOURCE / "pipeline", root / "pipeline", ignore=shutil.ignore_patterns("__pycache__"))
    git(tmp_path, "init", "-q", "-b", "main", str(root))
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "init")
    return root


def test_definitions_moved_in_real_code_resolve_the_references_naming_them(tmp_path, resolved):
    """This repository's ``pipeline`` as real code: a function appended to ``lake.py``, a method added to and then
    removed from its ``Lake`` class (which many files use), a class appended to ``fsio.py``: each update resolves
    only the lines naming what moved (and the moved definition's own lines, a class's bases), never a whole file.
    A module-level function of ``fsio.py`` renamed (other files import and call it; its parameters are typed: a
    callback handed to it may be typed by them, on lines that need not name it): only the files naming it are
    resolved. Each gives a full index's edges."""
    from pipeline.lake import Lake

    root = _copy_of_this_repository(tmp_path)
    lake = Lake(tmp_path / "upd")
    index_structure(lake, root)
    lake_py, fsio = root / "pipeline/lake.py", root / "pipeline/fsio.py"
    text = fsio.read_text()
    renamed = next(line.split("(")[0][4:] for line in text.splitlines()
                   if line.startswith("def ") and not line.startswith("def _"))
    probe = "    def _probe(self):\n        return self.root\n\n"
    edits = [  # (file, edit, the names that moved, whether only their lines are resolved)
        (lake_py, lambda t: t + "\n\ndef _appended(text):\n    return len(str(text))\n", {"_appended"}, True),
        (lake_py, lambda t: t.replace("    def read_table(", probe + "    def read_table(", 1), {"_probe"}, True),
        (lake_py, lambda t: t.replace(probe, "", 1), {"_probe"}, True),
        (fsio, lambda t: t + "\n\nclass Appended:\n    def render_appended(self):\n        return 1\n",
         {"Appended", "render_appended"}, True),
        (fsio, lambda t: t.replace(f"def {renamed}(", f"def {renamed}_moved(", 1), {renamed, f"{renamed}_moved"},
         False),
    ]
    # a class's line: its bases are resolved again with the file's (``kept_lines`` keeps no base's line)
    bases = {b.id for f in root.rglob("*.py") for node in ast.walk(ast.parse(f.read_text()))
             if isinstance(node, ast.ClassDef) for b in node.bases if isinstance(b, ast.Name)}
    for step, (path, edit, names, by_line) in enumerate(edits):
        before = path.read_text()
        path.write_text(edit(before))
        assert path.read_text() != before, step
        resolved.clear()
        index_structure(lake, root, files=[path.relative_to(root).as_posix()])
        for p, src, name, kind, written in resolved:  # in a file naming what moved, or a subclass's bases
            assert any(n in (root / p).read_text() for n in names) or name in bases, (step, p, src, name, kind)
        if by_line:  # the lines naming what moved, in a moved definition, a class's line (and a name the file
            # declares twice: ``Resolver.twinned``), not a file's hundreds of references
            naming = [r for r in resolved if any(n in r[4] or n in r[1] for n in names) or r[2] in bases]
            assert len(resolved) - len(naming) < 30, (step, len(resolved), len(naming))
        assert _edges(lake) == _edges(_full(tmp_path, root, f"full{step}")), step
