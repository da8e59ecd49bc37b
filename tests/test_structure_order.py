"""A look-up's answer depends only on its inputs, never on which look-ups the resolution made before (``prepare``'s
value flow, the slices a worker resolved earlier): pandas' ``test_astype.py`` got 20 edges more or fewer on
site-packages depending on whether ``prepare`` had looked a callback up first."""

from __future__ import annotations

import pytest

from conftest import structure_catalog

# a base class's tests read the conftest's ``index`` fixture, a subclass's its own: the same value ``fixture:index``
# of one file, of two classes, in both orders (the first scope to ask must not answer for the other)
CORE = """class Index:
    def astype(self, dtype):
        return self


class Interval:
    def astype(self, dtype):
        return self
"""
CONFTEST = """import pytest

from pkg.core import Index


@pytest.fixture
def index() -> Index:
    return Index()
"""
BASE_FIRST = """import pytest

from pkg.core import Interval


class AstypeTests:
    def test_astype(self, index):
        return index.astype("x")


class TestInterval(AstypeTests):
    @pytest.fixture
    def index(self) -> Interval:
        return Interval()

    def test_subtype(self, index):
        return index.astype("y")
"""
OWN_FIRST = """import pytest

from pkg.core import Interval


class TestInterval:
    @pytest.fixture
    def index(self) -> Interval:
        return Interval()

    def test_subtype(self, index):
        return index.astype("y")


class TestPlain:
    def test_astype(self, index):
        return index.astype("x")
"""
# two classes of one file, each classmethod reading ``cls.new(1)``: the same value text, a different class in each
# (sympy's ``polyclasses.py``: ``cls.new(..)`` in ``DMP``'s and ``ANP``'s classmethods)
SHAPES = """class Circle:
    @classmethod
    def new(cls, r):
        return Circle(r)

    def __init__(self, r):
        self.r = r

    def area_of_circle(self):
        return 3 * self.r * self.r

    @classmethod
    def unit(cls):
        made = cls.new(1)
        return made.area_of_circle()


class Square:
    @classmethod
    def new(cls, s):
        return Square(s)

    def __init__(self, s):
        self.s = s

    def area_of_square(self):
        return self.s * self.s

    @classmethod
    def unit(cls):
        made = cls.new(1)
        return made.area_of_square()
"""


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    return structure_catalog(tmp_path_factory.mktemp("order"), {
        "pkg/__init__.py": "", "pkg/core.py": CORE, "tests/conftest.py": CONFTEST,
        "tests/test_base_first.py": BASE_FIRST, "tests/test_own_first.py": OWN_FIRST, "pkg/shapes.py": SHAPES})


def _targets(catalog, src_id: str) -> set:
    _, found = catalog.rows("SELECT dst_id FROM edges WHERE src_id = ? AND dst_name = 'index.astype'", [src_id])
    return {r[0] for r in found}


@pytest.mark.parametrize("path, plain", [("tests/test_base_first.py", "AstypeTests"),
                                         ("tests/test_own_first.py", "TestPlain")])
def test_a_fixture_value_is_the_fixture_its_own_class_sees(catalog, path, plain):
    """pytest's look-up starts at the test's class: a class with its own ``index`` fixture gets its ``Interval``, one
    without gets the conftest's ``Index``, whichever of the two the file reads first."""
    assert _targets(catalog, f"{path}::TestInterval.test_subtype") == {"pkg/core.py::Interval.astype"}
    assert _targets(catalog, f"{path}::{plain}.test_astype") == {"pkg/core.py::Index.astype"}


@pytest.mark.parametrize("cls, method", [("Circle", "area_of_circle"), ("Square", "area_of_square")])
def test_a_value_rooted_at_cls_is_the_class_of_its_own_scope(catalog, cls, method):
    """``made = cls.new(1)`` in two classes of one file: each ``made.m()`` reaches its own class's method (memoized
    per file, the first classmethod to ask answered for the other, and ``Square``'s call was unresolved)."""
    _, found = catalog.rows("SELECT dst_id FROM edges WHERE src_id = ? AND kind = 'calls' AND dst_name = ?",
                            [f"pkg/shapes.py::{cls}.unit", f"made.{method}"])
    assert {r[0] for r in found} == {f"pkg/shapes.py::{cls}.{method}"}
