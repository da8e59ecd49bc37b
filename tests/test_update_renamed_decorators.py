"""A function imported under another name and used as a decorator (``from deco import trace as traced``, ``@traced``)
gives ``trace`` its function, in a full index and in an update alike. Both matched the
decorators by the function's own name: sympy's ``@debug`` (``debug_decorator as debug``) reached ``maketree``'s
``f(*args)`` in a full index only because another function named ``debug`` calls a parameter, and an update that
resolved that call again lost its five edges (docs/structure-audits.md, the twenty-third round's lead section)."""

from __future__ import annotations

from conftest import index_structure

from pipeline import indexing

DECO = ("def trace(func):\n    def wrapper(*args):\n        return run(func, *args)\n    return wrapper\n\n\n"
        "def run(f, *args):\n    return f(*args)\n")
USER = "from deco import trace as traced\n\n\n@traced\ndef work(x):\n    return x\n"
# an edit of run: its parameter call now on a line of its own, which the update resolves
EDITED = DECO.replace("    return f(*args)\n", "    value = f(*args)\n    return value\n")


def _flow(lake) -> set[tuple]:
    data = lake.read_table("repo", "edges")
    rows = zip(*(data.column(c).to_pylist() for c in ("src_id", "dst_id", "resolution")))
    return {(src, dst) for src, dst, how in rows if how == "flow"}


def _repository(tmp_path, make_repo):
    from pipeline.lake import Lake

    root = make_repo(files={"deco.py": DECO, "user.py": USER})
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    return root, lake


def test_a_renamed_decorator_feeds_a_parameter_call_in_a_full_index(tmp_path, make_repo):
    _root, lake = _repository(tmp_path, make_repo)
    assert _flow(lake) == {("deco.py::run", "user.py::work")}  # @traced is trace: work reaches run's f(*args)


def test_an_update_resolving_the_parameter_call_again_keeps_what_a_full_index_finds(tmp_path, make_repo):
    from pipeline.lake import Lake

    root, lake = _repository(tmp_path, make_repo)
    (root / "deco.py").write_text(EDITED)
    assert indexing.update(root, ["deco.py"], repo="repo", lake=lake).status == "ok"
    fresh = Lake(tmp_path / "fresh")
    index_structure(fresh, root)
    assert ("deco.py::run", "user.py::work") in _flow(fresh)
    assert _flow(lake) == _flow(fresh)
