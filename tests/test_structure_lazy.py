"""An update resolves the affected files over a lazily loaded graph (``extractors/structure/lazy.py``): what the
resolver reads of other files (declared return types, value flow, bases and subclasses, imports from outside the
repository) must give the edges a full index gives, across edits of either side."""

from __future__ import annotations

import pytest

from conftest import index_structure
from test_structure_incremental import _assert_sids_name_the_ids, _edge_rows

MODELS = ("class Store:\n    def save(self):\n        return 1\n\n\n"
          "class Cache:\n    def save(self):\n        return 2\n")
FLOW = {
    "handlers.py": "def on_save():\n    return 1\n\n\ndef on_load():\n    return 2\n\n\n"
                   "def pick():\n    return on_save\n",
    "deco.py": "def logged(fn):\n    def inner(*args):\n        return fn(*args)\n    return inner\n",
    "work.py": "from deco import logged\n\n\n@logged\ndef work():\n    return 3\n",
    "runner.py": "def run_with(cb):\n    return cb()\n",
    "app.py": "from handlers import pick, on_save\nfrom runner import run_with\nfrom work import work\n\n\n"
              "def run():\n    cb = pick()\n    cb()\n    pick()()\n    run_with(on_save)\n    audit()\n    return work()\n",
}
HIERARCHY = {
    "base.py": "class Base:\n    def run(self):\n        return 0\n\n\nclass Other:\n    def run(self):\n"
               "        return 1\n",
    "mixin.py": "class Mixin:\n    def go(self):\n        return self.helper()\n",
    "impl.py": "from base import Base\nfrom mixin import Mixin\n\n\nclass Impl(Base, Mixin):\n"
               "    def run(self):\n        return 2\n\n    def stop(self):\n        return 3\n\n"
               "    def helper(self):\n        return 4\n",
}
COPIED = "class Store:\n    def __init__(self):\n        self.n = 1\n\n    def save(self):\n        return self.n\n"
EXTERNAL = {
    "app.py": "import os\nimport threading\nfrom requests import get\n\n\nclass Worker(threading.Thread):\n"
              "    def go(self):\n        self.start()\n        return os.path.join('a', 'b')\n\n\n"
              "def fetch():\n    return get('x')\n",
    "local.py": "def join(a, b):\n    return a\n\n\nclass Thread:\n    def start(self):\n        return 1\n",
}


def _shift(text: str) -> str:
    return "# moved\n" + text


STREAMS = ("class SyncStream:\n    def read(self):\n        return b''\n\n"
           "    def close(self):\n        return None\n\n\n"
           "class AsyncStream:\n    def close(self):\n        return None\n")
# scenario -> (files, [(edit: {path: text}, edges that must then exist: (src, dst, resolution or None))])
SCENARIOS = {
    "declared return type in another file": (
        {"models.py": MODELS,
         "factory.py": "from models import Store, Cache\n\n\ndef make() -> Store:\n    return Store()\n",
         "app.py": "from factory import make\n\n\ndef run():\n    s = make()\n    s.save()\n"
                   "    return make().save()\n"},
        [({"app.py": None}, [("app.py::run", "models.py::Store.save", None)]),
         ({"factory.py": "from models import Store, Cache\n\n\ndef make() -> Cache:\n    return Cache()\n"},
          [("app.py::run", "models.py::Cache.save", None)]),
         ({"models.py": None}, [("app.py::run", "models.py::Cache.save", None)])]),
    "value flow: returned, decorated and passed functions": (
        FLOW,
        [({"app.py": None}, [("app.py::run", "handlers.py::on_save", "flow"),
                             ("app.py::run", "deco.py::logged.inner", "flow")]),
         ({"runner.py": None}, [("runner.py::run_with", "handlers.py::on_save", "flow")]),
         ({"deco.py": None}, [("deco.py::logged.inner", "work.py::work", "flow")]),
         ({"handlers.py": FLOW["handlers.py"].replace("return on_save", "return on_load")},
          [("app.py::run", "handlers.py::on_load", "flow")]),
         ({"app.py": FLOW["app.py"].replace("run_with(on_save)", "run_with(pick)")},
          [("runner.py::run_with", "handlers.py::pick", "flow")]),
         ({"deco.py": FLOW["deco.py"].replace("    return inner\n", "    def outer(*args):\n        return fn(*args)\n"
                                              "    return outer\n")},
          [("app.py::run", "deco.py::logged.outer", "flow")])]),
    "dispatch after a base class changes": (
        HIERARCHY,
        [({"mixin.py": None}, [("mixin.py::Mixin.go", "impl.py::Impl.helper", "dispatch")]),
         ({"base.py": HIERARCHY["base.py"].replace("class Other:", "class Other:\n    def stop(self):\n"
                                                    "        return 5\n").replace(
             "class Base:", "class Base:\n    def stop(self):\n        return 5\n")},
          [("base.py::Base.stop", "impl.py::Impl.stop", "dispatch")]),
         ({"impl.py": HIERARCHY["impl.py"].replace("import Base", "import Other").replace("(Base,", "(Other,")},
          [("base.py::Other.stop", "impl.py::Impl.stop", "dispatch"), ("impl.py::Impl", "base.py::Other", None)]),
         ({"base.py": None}, [("base.py::Other.run", "impl.py::Impl.run", "dispatch")])]),
    "methods in another file follow their type": (
        {"src/lib.rs": "mod a;\nmod b;\nmod c;\n", "src/a.rs": "pub struct T {}\n", "src/c.rs": "pub fn other() {}\n",
         "src/b.rs": "use crate::a::T;\n\nimpl T {\n    pub fn m(&self) -> i32 {\n        1\n    }\n}\n\n"
                     "pub fn run(t: T) -> i32 {\n    t.m()\n}\n"},
        [({"src/a.rs": "pub struct U {}\n", "src/c.rs": "pub struct T {}\n"}, []),
         ({"src/b.rs": None}, [])]),
    "a new file defines the same classes again (a copy)": (
        {"models.py": COPIED, "app.py": "from models import Store\n\n\ndef run():\n    return Store().save()\n"},
        [({"models_copy.py": COPIED}, [("models.py::Store.save", "models.py::Store.n", "same_file")]),
         ({"models_copy.py": COPIED.replace("class Store", "class Other")}, [])]),
    "what a function declares for its callbacks, and a variable given a call's value": (
        {"models.py": MODELS,
         "hooks.py": "from typing import Callable\n\nfrom models import Store\n\n\n"
                     "def each(fn: Callable[[Store], None]) -> None:\n    fn(Store())\n\n\n"
                     "def make() -> Store:\n    return Store()\n\n\nshared = make()\n",
         "app.py": "from hooks import each, shared\n\n\ndef run():\n    each(lambda s: s.save())\n"
                   "    return shared.save()\n"},
        [({"app.py": None}, [("app.py::run", "models.py::Store.save", "import")]),
         ({"hooks.py": "from typing import Callable\n\nfrom models import Cache\n\n\n"
                       "def each(fn: Callable[[Cache], None]) -> None:\n    fn(Cache())\n\n\n"
                       "def make() -> Cache:\n    return Cache()\n\n\nshared = make()\n"},
          [("app.py::run", "models.py::Cache.save", "import")]),
         ({"models.py": None}, [("app.py::run", "models.py::Cache.save", "import")])]),
    "the else of a type check, over a union alias of another module": (
        {"streams.py": STREAMS,
         "kinds.py": "from typing import Union\n\nfrom streams import AsyncStream, SyncStream\n\n\n"
                     "StreamTypes = Union[SyncStream, AsyncStream]\n",
         "app.py": "from kinds import StreamTypes\nfrom streams import SyncStream\n\n\n"
                   "def drain(stream: StreamTypes):\n    if isinstance(stream, SyncStream):\n"
                   "        return stream.read()\n    return stream.close()\n"},
        [({"app.py": None}, [("app.py::drain", "streams.py::AsyncStream.close", None)]),
         ({"streams.py": STREAMS.replace("class AsyncStream:", "class AsyncStream(SyncStream):")}, []),
         ({"kinds.py": None}, [])]),
    "imports and bases outside the repository": (
        EXTERNAL,
        [({"app.py": None}, []), ({"local.py": None}, [])]),
}


@pytest.fixture
def lazy_calls(monkeypatch):
    from extractors.structure import incremental, lazy

    monkeypatch.setattr(incremental, "INCREMENTAL_SHARE", 1.01)  # tiny repositories: never fall back to a full pass
    calls, real = [], lazy.resolve_affected
    monkeypatch.setattr(lazy, "resolve_affected", lambda *a, **k: calls.append(sorted(a[3])) or real(*a, **k))
    return calls


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_an_update_over_the_lazy_graph_gives_a_full_runs_edges(lazy_calls, make_repo, tmp_path, scenario):
    from pipeline.lake import Lake

    files, steps = SCENARIOS[scenario]
    root = make_repo(files=files)
    updated = Lake(tmp_path / "upd")
    index_structure(updated, root)
    for step, (edit, expected) in enumerate(steps):
        for rel, text in edit.items():
            (root / rel).write_text(_shift((root / rel).read_text()) if text is None else text)
        before = len(lazy_calls)
        index_structure(updated, root, files=sorted(edit))
        assert len(lazy_calls) == before + 1, f"step {step}: the update did not resolve lazily"
        full = Lake(tmp_path / f"full{step}")
        index_structure(full, root)
        got = _edge_rows(updated)
        assert got == _edge_rows(full), f"step {step}"
        _assert_indexes_match(updated, full, step)
        for src, dst, resolution in expected:
            assert any(e[0] == src and e[1] == dst and resolution in (None, e[6]) for e in got), (step, src, dst)
    _assert_sids_name_the_ids(updated)
    if scenario.startswith("imports and bases outside"):
        external = {(e[0], e[2]) for e in got if e[6] == "external"}
        assert {("app.py::Worker.go", "self.start"), ("app.py::Worker.go", "os.path.join"),
                ("app.py::fetch", "get")} <= external


INDEXES = ("early_refs", "hierarchy", "callback_refs", "symbol_names", "foreign_symbols", "ref_names", "edge_targets",
           "edge_sources", "unresolved_names", "module_index")


def _assert_indexes_match(lake, full, step) -> None:
    """An update's internal indexes hold what a full run's do (sids aside: an update keeps them stable, a full run
    numbers them afresh), and their sids are the symbols table's."""
    for table in INDEXES:
        got, want = (sorted(map(str, lk.read_table("repo", table).drop_columns(
            [c for c in ("repo", "sid") if c in lk.read_table("repo", table).column_names]).to_pylist()))
            for lk in (lake, full))
        assert got == want, (step, table)
    symbols = lake.read_table("repo", "symbols").to_pydict()
    sids = dict(zip(zip(symbols["path"], symbols["qualname"]), symbols["sid"]))
    for table in ("symbol_names", "foreign_symbols"):
        rows = lake.read_table("repo", table).to_pydict()
        assert all(sids[key] == sid for key, sid in zip(zip(rows["path"], rows["qualname"]), rows["sid"])), table


def test_a_lake_written_before_the_lazy_indexes_is_migrated_by_its_next_update(lazy_calls, make_repo, tmp_path,
                                                                              monkeypatch):
    """A lake written when ``early_refs`` held only imports and bases (an older ``lazy_index`` in the cursor): its
    next update resolves over the full graph and writes ``early_refs`` and ``hierarchy`` whole; the one after
    resolves lazily, and both equal a full run."""
    import extractors.structure as structure
    from extractors.structure import rows
    from extractors.structure.resolve import EARLY_KINDS
    from pipeline.lake import Lake

    root = make_repo(files={**FLOW, **HIERARCHY})
    lake = Lake(tmp_path / "old")
    with monkeypatch.context() as old:
        old.setattr(structure, "LAZY_INDEX", 1)
        old.setattr(rows, "INDEXED_KINDS", EARLY_KINDS)
        index_structure(lake, root)
    assert set(lake.read_table("repo", "early_refs").column("kind").to_pylist()) == {"import", "inherits"}
    for step, rel in enumerate(["runner.py", "mixin.py"]):
        (root / rel).write_text(_shift((root / rel).read_text()))
        index_structure(lake, root, files=[rel])
        assert len(lazy_calls) == step  # the first update resolved over the full graph, the second lazily
        full = Lake(tmp_path / f"full{step}")
        index_structure(full, root)
        assert _edge_rows(lake) == _edge_rows(full)
        _assert_indexes_match(lake, full, step)
        assert [t for t in INDEXES if t != "foreign_symbols" and not lake.read_table("repo", t).num_rows] == []


def test_a_parameter_given_more_functions_than_are_kept_keeps_the_same_ones_after_an_update(lazy_calls, make_repo,
                                                                                           tmp_path):
    """``fn()`` in a decorator's wrapper is bound to every function it decorates. Past ``MAX_CANDIDATES`` the edges
    kept must not depend on the order the decorated functions were read in: a full run reads them in path order, an
    update by name from its indexes, where the edited file's rows come last."""
    from extractors.structure.resolve import MAX_CANDIDATES
    from pipeline.lake import Lake

    files = {"deco.py": FLOW["deco.py"]}
    for i in range(MAX_CANDIDATES + 4):
        files[f"t{i:02}.py"] = f"from deco import logged\n\n\n@logged\ndef job{i}():\n    return {i}\n"
    root = make_repo(files=files)
    updated = Lake(tmp_path / "upd")
    index_structure(updated, root)
    (root / "t00.py").write_text(files["t00.py"].replace("job0", "job0_renamed"))
    index_structure(updated, root, files=["t00.py"])
    assert lazy_calls, "the update did not resolve lazily"
    full = Lake(tmp_path / "full")
    index_structure(full, root)
    flows = [e for e in _edge_rows(full) if e[0] == "deco.py::logged.inner" and e[6] == "flow"]
    assert len(flows) == MAX_CANDIDATES and "t00.py::job0_renamed" in {e[1] for e in flows}
    assert _edge_rows(updated) == _edge_rows(full)


def test_ref_names_hold_each_named_receiver_once_whatever_its_script(make_repo, tmp_path):
    """``ref_names`` lists a receiver that is one name (``Vïsitor.default()``, ``données.get()``) once per file, however
    often it is written, and no receiver that is an expression (``a.b``, ``make()``): what an edit renaming
    ``Vïsitor`` reaches is read from it."""
    from pipeline.lake import Lake

    root = make_repo(files={
        "app.py": "class Vïsitor:\n    @staticmethod\n    def default():\n        return 1\n\n\n"
                  "def run(données, a, make):\n    Vïsitor.default()\n    Vïsitor.default()\n    données.get(1)\n"
                  "    a.b.c()\n    make().x()\n",
        "other.py": "from app import Vïsitor\n\n\ndef go():\n    return Vïsitor.default()\n"})
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    rows = lake.read_table("repo", "ref_names").to_pylist()
    pairs = [(r["name"], r["path"]) for r in rows]
    assert len(pairs) == len(set(pairs))
    assert {("Vïsitor", "app.py"), ("données", "app.py"), ("Vïsitor", "other.py")} <= set(pairs)
    assert not {name for name, _ in pairs if "." in name or "(" in name}
