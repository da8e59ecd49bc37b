"""A function passed to a call of a function imported under another name (``from tasks import run as go``,
``go(rest)``) is what that function's parameter calls, in a full index and in an update alike. Both bound a passed
function by the callee's own name only (the full index did not even keep such a ``callback``: its callee names no
function calling a parameter), so ``run``'s ``job()`` reached nothing (issue 8; the twenty-third round's renamed
decorator fix covered ``@traced`` only)."""

from __future__ import annotations

import pytest

from conftest import index_structure

from pipeline import indexing

TASKS = "def run(job):\n    return job()\n"
USER = ("from tasks import run as go\n\n\n"
        "def rest():\n    return 1\n\n\n"
        "def later():\n    return 2\n\n\n"
        "def main():\n    return go(rest)\n")
# a function of its own named like the alias: what it is given reaches no parameter call of run
OTHER = "def go(value):\n    return value\n\n\ndef skip():\n    return 3\n\n\ndef main():\n    return go(skip)\n"
USER_EDITED = USER.replace("go(rest)", "go(later)")
# an edit of run: its parameter call now on a line of its own, which the update resolves again
TASKS_EDITED = "def run(job):\n    value = job()\n    return value\n"
# files the edits do not reach: an update resolving more than half of the files resolves every one (no lazy path)
FILLER = {f"leaf{i}.py": f"def leaf{i}():\n    return {i}\n" for i in range(8)}


def _edges(lake) -> set[tuple]:
    data = lake.read_table("repo", "edges")
    return set(zip(*(data.column(c).to_pylist() for c in ("src_id", "dst_id", "kind", "resolution", "line"))))


def _flow(lake) -> set[tuple]:
    return {(src, dst) for src, dst, _kind, how, _line in _edges(lake) if how == "flow"}


def _repository(tmp_path, make_repo):
    from pipeline.lake import Lake

    root = make_repo(files={"tasks.py": TASKS, "user.py": USER, "other.py": OTHER, **FILLER})
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    return root, lake


def _fresh(tmp_path, root):
    from pipeline.lake import Lake

    fresh = Lake(tmp_path / "fresh")
    index_structure(fresh, root)
    return fresh


def test_a_function_passed_to_a_renamed_import_feeds_its_parameter_call(tmp_path, make_repo):
    _root, lake = _repository(tmp_path, make_repo)
    assert _flow(lake) == {("tasks.py::run", "user.py::rest")}  # not later (never passed), not skip (other's go)


@pytest.mark.parametrize("edited, text, flow", [
    ("tasks.py", TASKS_EDITED, ("tasks.py::run", "user.py::rest")),  # the called function edited
    # another function passed: the flow moves in the called function's file, which the edit did not touch
    ("user.py", USER_EDITED, ("tasks.py::run", "user.py::later")),
], ids=["called-function-edited", "another-function-passed"])
def test_an_update_keeps_the_flow_a_full_index_finds(tmp_path, make_repo, edited, text, flow):
    root, lake = _repository(tmp_path, make_repo)
    (root / edited).write_text(text)
    assert indexing.update(root, [edited], repo="repo", lake=lake).status == "ok"
    fresh = _fresh(tmp_path, root)
    assert _flow(fresh) == {flow}
    assert _edges(lake) == _edges(fresh)
