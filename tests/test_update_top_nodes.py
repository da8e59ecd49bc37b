"""A one-file update collects its edit's changed top-level nodes alone: the parse-ahead child compiles the patterns
the changed run can match, holds its cursor to the run's bytes, and takes the other nodes' query records from the
file's last parse, moved by their shift (``extractors.structure.topnodes``). Proven against the whole file's
collection: every file's facts on random edits of this repository's own Python files, and every structure table of
a lake updated through a chain of random edits of a hub file, row for row."""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

import pytest

from extractors.structure import parse, topnodes
from extractors.structure.languages import language_for
from pipeline import indexing

PROJECT = Path(__file__).resolve().parent.parent
# a hub of this repository and files it imports and is imported by: real code, references across the files
HUB_FILES = ("pipeline/lake.py", "pipeline/fsio.py", "pipeline/errors.py", "pipeline/shards.py",
             "pipeline/extractor.py", "pipeline/repos.py")
HUB = "pipeline/lake.py"
TABLES = ("files", "symbols", "edges", "refs")
_BODY_LINE = re.compile(r"^ {8}\S")  # a statement inside a function's or a method's body


def random_edit(text: str, rng: random.Random) -> str | None:
    """One of the edits an agent makes: a statement added to a body or one taken out, a function renamed, a
    function appended; None where the text offers none."""
    lines = text.split("\n")
    body = [i for i, line in enumerate(lines) if _BODY_LINE.match(line) and not line.lstrip().startswith("#")]
    defs = [i for i, line in enumerate(lines) if line.lstrip().startswith("def ") and "(" in line]
    roll = rng.random()
    if body and roll < 0.4:
        at = rng.choice(body)
        lines.insert(at, lines[at][:len(lines[at]) - len(lines[at].lstrip())] + "probe = helper_call(x, 1)")
    elif body and roll < 0.6:
        at = rng.choice(body)
        if lines[at].rstrip().endswith((":", ",", "(", "[", "{", "\\")):
            return None
        del lines[at]
    elif defs and roll < 0.8:
        at = rng.choice(defs)
        line = lines[at]
        name_end = line.index("(")
        lines[at] = line[:name_end] + "_renamed" + line[name_end:]
    else:
        lines.append("\n\ndef appended(a, b):\n    return a.run(b) + len(b)\n")
    return "\n".join(lines)


def _fresh_queries(monkeypatch) -> None:
    """This process as a new one's: no query compiled, narrowed or planned."""
    for name in ("_PARSERS", "_QUERIES", "_PATTERN_ROLES", "_NARROWED"):
        monkeypatch.setattr(parse, name, {})
    monkeypatch.setattr(parse, "_PROBED", [])
    monkeypatch.setattr(topnodes, "PLANNED", {})


def _facts(monkeypatch, root: Path, rel: str, store: Path | None, planned: bool):
    _fresh_queries(monkeypatch)
    topnodes.use_store(store)
    try:
        item = (rel, language_for(rel))
        if planned:
            topnodes.narrow_to_run(root, item)
        return parse.parse_file(root, *item)
    finally:
        topnodes.use_store(None)


def test_random_edits_of_the_projects_files_give_the_whole_collections_facts(tmp_path, monkeypatch):
    rng = random.Random(25)
    sources = sorted(p for p in (PROJECT / "pipeline").rglob("*.py")) + sorted((PROJECT / "extractors").rglob("*.py"))
    sources = [p for p in sources if p.stat().st_size > 200]  # an empty ``__init__.py`` keeps no records
    rng.shuffle(sources)
    store, root = tmp_path / "store", tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    verdicts = []
    monkeypatch.setattr(topnodes, "VERDICTS", verdicts)
    compared = 0
    for source in sources[:24]:
        text = source.read_text()
        new = random_edit(text, rng)
        if new is None:
            continue
        rel = f"pkg/{source.name}"
        (root / rel).write_text(text)
        _facts(monkeypatch, root, rel, store, planned=False)  # the index keeps the file's records
        (root / rel).write_text(new)
        got = _facts(monkeypatch, root, rel, store, planned=True)  # the update: its run alone where admitted
        want = _facts(monkeypatch, root, rel, None, planned=False)  # the whole file collected
        assert got == want, (source, verdicts[-1])
        compared += 1
    kinds = [why for _, why in verdicts]
    assert compared >= 18
    assert kinds.count("run") >= 12, kinds  # most edits take the new path; the rest are the refusals'
    assert set(kinds) <= {"run", "tree_error"}, kinds


def test_an_edit_of_one_function_keeps_the_others_records_moved_to_their_new_lines(tmp_path, monkeypatch):
    text = ("import os\n\n\ndef first(a):\n    return os.path.join(a)\n\n\n"
            "def second(b):\n    return first(b)\n\n\nclass Shop:\n    def sell(self):\n        return second(1)\n")
    root, store = tmp_path / "repo", tmp_path / "store"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg/m.py").write_text(text)
    _facts(monkeypatch, root, "pkg/m.py", store, planned=False)
    topnodes.use_store(store)
    try:
        kept = topnodes.load("pkg/m.py")
    finally:
        topnodes.use_store(None)
    assert [n.kind for n in kept.nodes] == ["import_statement", "function_definition", "function_definition",
                                            "class_definition"]
    assert all(records is not None for records in kept.records)  # no node's records reach outside it
    # two lines added to ``first``'s body: ``second`` and ``Shop`` are kept, two lines down
    (root / "pkg/m.py").write_text(text.replace("    return os.path.join(a)",
                                                "    b = len(a)\n    c = str(b)\n    return os.path.join(c)"))
    verdicts = []
    monkeypatch.setattr(topnodes, "VERDICTS", verdicts)
    monkeypatch.setattr(topnodes, "_run_patterns", _counted(topnodes._run_patterns, sizes := []))
    got = _facts(monkeypatch, root, "pkg/m.py", store, planned=True)
    assert verdicts == [("pkg/m.py", "run")]
    assert 0 < sizes[0] < len(parse.query_patterns("python")) // 2  # the run's patterns, not the file's
    assert got == _facts(monkeypatch, root, "pkg/m.py", None, planned=False)
    calls = {(r.src_qualname, r.name, r.line) for r in got.refs if r.kind == "call"}
    assert {("first", "len", 5), ("first", "str", 6), ("first", "join", 7)} <= calls  # the run's, collected
    assert {("second", "first", 11), ("Shop.sell", "second", 16)} <= calls  # kept, moved two lines down
    assert not {("second", "first", 9), ("Shop.sell", "second", 14)} & calls  # none left where they were


def _counted(run_patterns, sizes: list):
    def counting(*args):
        found = run_patterns(*args)
        sizes.append(len(found))
        return found

    return counting


def test_a_node_whose_records_name_bytes_outside_it_keeps_none(tmp_path):
    from extractors.structure.languages import get_parser

    data = b"def first(a):\n    return a\n\n\ndef second(b):\n    return b\n"
    tree = get_parser("python").parse(data)
    nodes = topnodes.top_nodes(tree.root_node, data)
    found = parse.Captures()
    found.guarded.append((nodes[0].start + 4, nodes[1].end))  # a scope from the first node to the file's end
    found.callbacks.append((nodes[1].start + 4, nodes[1].end - 1))
    records = topnodes.split(topnodes._lists(found), nodes)
    assert records[0] is None  # moved with the first node, it would end in the wrong place: collected again
    assert dict(records[1])["callbacks"] == [(nodes[1].start + 4, nodes[1].end - 1)]
    found.opaque.append((0, 1))  # before every node (the root's): nothing kept for the file
    assert topnodes.split(topnodes._lists(found), nodes[1:]) is None


def _table_rows(lake, table: str) -> list:
    rows = lake.read_table("repo", table).to_pylist()
    drop = {"repo", "run_id", "provenance"}
    return sorted((repr(sorted((k, v) for k, v in row.items() if k not in drop)) for row in rows))


def _counters(lake) -> dict:
    return json.loads(lake.read_table("repo", "runs").to_pylist()[-1]["counters"])


@pytest.mark.parametrize("seed", [3])
def test_a_chain_of_random_edits_of_a_hub_leaves_every_table_as_todays_path_does(tmp_path, make_repo, monkeypatch,
                                                                                 seed):
    from conftest import index_structure

    from pipeline.lake import Lake

    root = make_repo(files={rel: (PROJECT / rel).read_text() for rel in HUB_FILES} | {"pipeline/__init__.py": ""})
    lakes = {how: Lake(tmp_path / how) for how in ("kept", "today")}
    for lake in lakes.values():
        index_structure(lake, root)
    assert not (tmp_path / "kept" / topnodes.FOLDER).exists()  # a full index keeps no records: the first update pays
    rng = random.Random(seed)
    text, ran, verdicts = (root / HUB).read_text(), 0, []
    for step in range(6):
        new = random_edit(text, rng)
        if new is None:
            continue
        text = new
        (root / HUB).write_text(text)
        _fresh_queries(monkeypatch)  # a new process's: the child compiles
        indexing.update(root, [HUB], repo="repo", lake=lakes["kept"], ahead=True)
        counters = _counters(lakes["kept"])
        ran += counters.get("top_nodes_run", 0)
        verdicts += [key for key in counters if key.startswith("top_nodes_")]
        _fresh_queries(monkeypatch)
        with monkeypatch.context() as today:  # today's path: the whole file collected
            today.setattr(topnodes, "narrow_to_run", lambda _root, _item: False)
            indexing.update(root, [HUB], repo="repo", lake=lakes["today"], ahead=True)
        assert counters.get("files_parsed_ahead") == 1
        for table in TABLES:
            assert _table_rows(lakes["kept"], table) == _table_rows(lakes["today"], table), (step, table)
    assert ran >= 3  # the chain took the new path, not only today's
    assert verdicts[0] == "top_nodes_not_stored"  # the file's first update kept the records the next ones took
    assert list((tmp_path / "kept" / topnodes.FOLDER).rglob("*.records"))
    shutil.rmtree(tmp_path / "kept" / topnodes.FOLDER)
    (root / HUB).write_text(text + "\n\ndef last():\n    return 1\n")
    _fresh_queries(monkeypatch)
    indexing.update(root, [HUB], repo="repo", lake=lakes["kept"], ahead=True)
    assert _counters(lakes["kept"]).get("top_nodes_not_stored") == 1  # no records kept: today's path, counted


def test_a_half_written_edit_is_refused_and_its_tree_read_once(tmp_path, monkeypatch):
    from extractors.structure import budget

    text = "def first(a):\n    return a\n\n\ndef second(b):\n    return first(b)\n"
    root, store = tmp_path / "repo", tmp_path / "store"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg/m.py").write_text(text)
    _facts(monkeypatch, root, "pkg/m.py", store, planned=False)
    (root / "pkg/m.py").write_text(text.replace("return first(b)", "return first(b"))  # an agent mid-edit
    verdicts, reads, parse_text = [], [], budget.parse
    monkeypatch.setattr(topnodes, "VERDICTS", verdicts)
    monkeypatch.setattr(budget, "parse", lambda *args, **kwargs: reads.append(1) or parse_text(*args, **kwargs))
    _fresh_queries(monkeypatch)
    topnodes.use_store(store)
    try:
        item = ("pkg/m.py", language_for("pkg/m.py"))
        assert not topnodes.narrow_to_run(root, item)
        parse.narrow_queries(root, [item])  # what the child does then
        got = parse.parse_file(root, *item)
    finally:
        topnodes.use_store(None)
    assert verdicts == [("pkg/m.py", "tree_error")]
    assert len(reads) == 1  # the refusal's reading is the narrowing's and the parse's
    assert got.status == "partial"
    assert got == _facts(monkeypatch, root, "pkg/m.py", None, planned=False)
    # mended: the records kept before the half-written text serve it (its nodes are the first text's, moved)
    (root / "pkg/m.py").write_text("\n" + text.replace("return first(b)", "return first(b) + 1"))
    got = _facts(monkeypatch, root, "pkg/m.py", store, planned=True)
    assert verdicts[-1] == ("pkg/m.py", "run")
    assert got == _facts(monkeypatch, root, "pkg/m.py", None, planned=False)


def _stored_file(tmp_path, monkeypatch) -> tuple[Path, Path]:
    """The records of a small file, kept in a store folder: (the store, the record file)."""
    root, store = tmp_path / "repo", tmp_path / "store"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg/m.py").write_text("import os\n\n\ndef first(a):\n    return os.path.join(a)\n")
    _facts(monkeypatch, root, "pkg/m.py", store, planned=False)
    return store, topnodes._file_of(store, "pkg/m.py")


def _loaded(store: Path, path: str):
    topnodes.use_store(store)
    try:
        return topnodes.load(path)
    finally:
        topnodes.use_store(None)


class _Planted:
    """A pickle that runs code when loaded: it makes the file ``marker`` names."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


def test_a_stored_file_is_read_only_as_this_module_wrote_it(tmp_path, monkeypatch):
    import pickle

    store, kept = _stored_file(tmp_path, monkeypatch)
    blob = kept.read_bytes()
    assert blob.startswith(topnodes.MAGIC)
    assert [n.kind for n in _loaded(store, "pkg/m.py").nodes] == ["import_statement", "function_definition"]
    damaged = bytearray(blob)
    damaged[-3] ^= 0xFF  # one bit of a record flipped: the digest no longer matches
    kept.write_bytes(bytes(damaged))
    assert _loaded(store, "pkg/m.py") is None
    kept.write_bytes(blob)
    topnodes._file_of(store, "pkg/other.py").write_bytes(blob)  # another path's records under this path's name
    assert _loaded(store, "pkg/other.py") is None
    kept.write_bytes(blob[: len(blob) // 2])  # cut short
    assert _loaded(store, "pkg/m.py") is None
    marker = tmp_path / "ran"
    kept.write_bytes(pickle.dumps(_Planted(marker)))  # a pickle planted in the lake's folder is never loaded as one
    assert _loaded(store, "pkg/m.py") is None
    assert not marker.exists()
    body = b"".join([b"c", bytes(40)])  # marshal's tag of a code object: a valid digest, not a valid shape
    kept.write_bytes(topnodes.MAGIC + __import__("hashlib").blake2b(body, digest_size=16).digest() + body)
    assert _loaded(store, "pkg/m.py") is None
    assert not marker.exists()


def test_the_records_folder_is_cut_to_its_bound_oldest_written_first(tmp_path):
    import os

    store = tmp_path / topnodes.FOLDER
    for at, (checkout, name) in enumerate([("a", "1"), ("b", "2"), ("a", "3"), ("b", "4")]):
        path = store / checkout / f"{name}.records"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x" * 1000)
        os.utime(path, ns=(at * 10**9, at * 10**9))  # written in this order
    topnodes._bounded(store, 2500)
    assert sorted(p.name for p in store.rglob("*.records")) == ["3.records", "4.records"]
    topnodes._bounded(store, 2500)  # under the bound: nothing more goes
    assert len(list(store.rglob("*.records"))) == 2


def test_an_update_does_not_wait_for_what_its_child_does_after_answering(monkeypatch):
    """The parse-ahead child writes its file's records after its answer: the update goes on, and only a later child
    of the same process (which reads them) waits for it."""
    import os
    import select

    from extractors.structure import budget

    release, hold = os.pipe()

    def after() -> None:  # in the child: held until the test lets go (at most 20 s)
        select.select([release], [], [], 20)

    monkeypatch.setattr(budget, "AFTER_ANSWER", [after])
    child = budget.start_child(str.upper, ["a", "b"])
    try:
        parts = budget.run_guarded(str.upper, ["a", "b"], lambda item, why: None, list, started=child)
        assert parts == [["A", "B"]]
        assert budget._running(child[0])  # answered, still at its after-work: not waited for
    finally:
        os.write(hold, b"go")
    budget.reap_answered()
    assert not budget._running(child[0])  # reaped, no zombie left
    os.close(release)
    os.close(hold)


def test_the_command_keeps_the_records_its_first_update_parsed_for_the_next(tmp_path, make_repo):
    """``codelake update`` as a user runs it: a full index keeps no records; the file's first update collects the
    whole file and keeps them, the next collects its changed run alone, and the tables are a full index's."""
    import os
    import subprocess
    import sys
    import time

    from conftest import index_structure

    from pipeline.lake import Lake

    root = make_repo(files={rel: (PROJECT / rel).read_text() for rel in HUB_FILES} | {"pipeline/__init__.py": ""})
    lake = Lake(tmp_path / "lake")
    env = {**os.environ, "CODELAKE_LAKE": str(lake.root), "CODELAKE_UPDATE_WORKER": "off",
           "CODELAKE_DUCKDB_REFRESH": "off", "CODELAKE_WALK_INDEX": "off"}
    out = subprocess.run([sys.executable, "-m", "pipeline.cli.main", "index", str(root), "--repo", "repo",
                          "--extractors", "structure"], capture_output=True, text=True, env=env, cwd=PROJECT,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert not (lake.root / topnodes.FOLDER).exists()  # the command's full index kept no records
    text, counted = (root / HUB).read_text(), []
    for step in range(2):
        text = text.replace("\n        return ", f"\n        probe_{step} = len(str({step}))\n        return ", 1)
        (root / HUB).write_text(text)
        out = subprocess.run([sys.executable, "-m", "pipeline.cli.main", "update", str(root), HUB, "--repo", "repo"],
                             capture_output=True, text=True, env=env, cwd=PROJECT, timeout=300)
        assert out.returncode == 0, out.stderr
        counted.append(_counters(lake))
        deadline = time.monotonic() + 30  # the command's child writes them after its answer, on its own
        while not list((lake.root / topnodes.FOLDER).rglob("*.records")) and time.monotonic() < deadline:
            time.sleep(0.05)
    assert counted[0].get("top_nodes_not_stored") == 1 and counted[1].get("top_nodes_run") == 1, counted
    full = Lake(tmp_path / "full")
    index_structure(full, root)
    for table in TABLES:
        assert _table_rows(lake, table) == _table_rows(full, table), table
