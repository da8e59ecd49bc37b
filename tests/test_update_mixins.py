"""A module mixed into a class resolves its bare calls through the classes including it (Ruby's ``UsersConcern``
calling ``current_user``, which ``UsersController``'s base ``ApplicationController`` defines). An update that gives
the including class another base, or includes the module in a class, moves what the module's calls reach; the
update resolved again the changed class's file and its subclasses' only, so the concern kept its old answer
(octobox's chain: a controller given another base kept seven ``current_user`` dispatch edges of its concerns; an
``include`` added left the call unresolved; issue 8)."""

from __future__ import annotations

import pytest

from conftest import index_structure

from pipeline import indexing

CONTROLLER = ("class UsersController < {base}\n{include}\n  def show\n    1\n  end\nend\n")
FILES = {
    "app/controllers/application_controller.rb": "class ApplicationController\n  def current_user\n    @user\n  end\n"
                                                 "end\n",
    "app/controllers/base_controller.rb": "class BaseController\n  def other\n    1\n  end\nend\n",
    "app/controllers/concerns/users_concern.rb": "module UsersConcern\n  def ensure_correct_user\n    current_user\n"
                                                 "  end\nend\n",
    # files the edit does not reach: an update resolving more than half of the files resolves every one
    **{f"app/leaf{i}.rb": f"class Leaf{i}\n  def f\n    {i}\n  end\nend\n" for i in range(8)},
}
INCLUDED = "  include UsersConcern\n"
CALL = ("app/controllers/concerns/users_concern.rb::UsersConcern.ensure_correct_user",
        "app/controllers/application_controller.rb::ApplicationController.current_user")


def _edges(lake) -> set[tuple]:
    data = lake.read_table("repo", "edges")
    return set(zip(*(data.column(c).to_pylist() for c in ("src_id", "dst_id", "kind", "resolution", "line"))))


@pytest.mark.parametrize("before, after, reached", [
    (CONTROLLER.format(base="ApplicationController", include=INCLUDED),  # the includer given another base
     CONTROLLER.format(base="BaseController", include=INCLUDED), False),
    (CONTROLLER.format(base="ApplicationController", include=""),  # the module included
     CONTROLLER.format(base="ApplicationController", include=INCLUDED), True),
], ids=["includer-rebased", "module-included"])
def test_an_update_moving_a_mixins_includers_resolves_the_mixin_again(tmp_path, make_repo, before, after, reached):
    from pipeline.lake import Lake

    path = "app/controllers/users_controller.rb"
    root = make_repo(files={**FILES, path: before})
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    assert (CALL in {e[:2] for e in _edges(lake)}) is not reached
    (root / path).write_text(after)
    assert indexing.update(root, [path], repo="repo", lake=lake).status == "ok"
    fresh = Lake(tmp_path / "fresh")
    index_structure(fresh, root)
    assert (CALL in {e[:2] for e in _edges(fresh)}) is reached
    assert _edges(lake) == _edges(fresh)
