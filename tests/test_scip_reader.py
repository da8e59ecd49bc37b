"""The benchmark's SCIP reader (tests/bench/scip) on a SCIP index encoded here byte by byte, and the comparison on a
real codelake index of a two-file Python package against hand-written SCIP occurrences of it."""

from __future__ import annotations

from tests.bench.scip.compare import Edge, compare
from tests.bench.scip.index_scip import DEFINITION, descriptor_name, read_documents


def varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def field(number: int, payload: bytes | int) -> bytes:
    if isinstance(payload, int):
        return varint(number << 3) + varint(payload)
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def occurrence(rng, symbol, roles=0, enclosing=None) -> bytes:
    body = field(1, b"".join(varint(v) for v in rng)) + field(2, symbol.encode()) + field(3, roles)
    body += field(4, b"docs") + field(5, 1)  # fields the reader skips
    if enclosing:
        body += field(7, b"".join(varint(v) for v in enclosing))
    return body


PKG = "scip-python python pkg 1.0 "


def document(path: str, occurrences: list[bytes]) -> bytes:
    return field(1, path.encode()) + b"".join(field(2, o) for o in occurrences) + field(4, b"python")


def index(*documents: bytes) -> bytes:
    metadata = field(1, field(1, b"scip-python"))  # Metadata: skipped
    return field(1, metadata) + b"".join(field(2, d) for d in documents)


def test_reader_decodes_ranges_roles_and_enclosing_spans_and_skips_unknown_fields():
    data = index(document("a.py", [occurrence([3, 4, 9], PKG + "`a`/f().", DEFINITION, [3, 0, 5, 10]),
                                   occurrence([7, 0, 7, 1], PKG + "`a`/f().")]))
    (doc,) = read_documents(data)
    assert (doc.path, doc.language, len(doc.occurrences)) == ("a.py", "python", 2)
    definition, reference = doc.occurrences
    assert definition.is_definition and not reference.is_definition
    assert tuple(definition.range) == (3, 4, 3, 9) and tuple(definition.enclosing) == (3, 0, 5, 10)
    assert tuple(reference.range) == (7, 0, 7, 1) and reference.enclosing is None
    assert descriptor_name(PKG + "`a.b`/C#`<get>x`().") == "<get>x"
    assert descriptor_name(PKG + "`a`/C#run(+1).") == "run"


def test_comparison_scores_calls_files_and_blast_radius(tmp_path):
    # b.py: def helper(): ...   def other(): ...   a.py: from b import helper / def f(): helper() / def g(): pass
    (tmp_path / "a.py").write_text("from b import helper\n\ndef f():\n    helper()\n\n\ndef g():\n    pass\n")
    (tmp_path / "b.py").write_text("def helper():\n    pass\n\n\ndef other():\n    pass\n")
    helper, f, g, other = PKG + "`b`/helper().", PKG + "`a`/f().", PKG + "`a`/g().", PKG + "`b`/other()."
    docs = read_documents(index(
        document("a.py", [occurrence([0, 0, 0], PKG + "`a`/__init__:", DEFINITION),
                          occurrence([0, 14, 20], helper),  # the import: a reference, not a call
                          occurrence([2, 4, 5], f, DEFINITION, [2, 0, 3, 12]),
                          occurrence([3, 4, 10], helper),
                          occurrence([6, 4, 5], g, DEFINITION, [6, 0, 7, 8])]),
        document("b.py", [occurrence([0, 0, 0], PKG + "`b`/__init__:", DEFINITION),
                          occurrence([0, 4, 10], helper, DEFINITION, [0, 0, 1, 8]),
                          occurrence([4, 4, 9], other, DEFINITION, [4, 0, 5, 8])])))
    symbols = [
        {"id": "a.py::<module>", "path": "a.py", "name": "a", "kind": "module", "line_start": 1, "line_end": 8,
         "parent_id": None},
        {"id": "a.py::f", "path": "a.py", "name": "f", "kind": "function", "line_start": 3, "line_end": 4,
         "parent_id": "a.py::<module>"},
        {"id": "a.py::g", "path": "a.py", "name": "g", "kind": "function", "line_start": 7, "line_end": 8,
         "parent_id": "a.py::<module>"},
        {"id": "b.py::<module>", "path": "b.py", "name": "b", "kind": "module", "line_start": 1, "line_end": 6,
         "parent_id": None},
        {"id": "b.py::helper", "path": "b.py", "name": "helper", "kind": "function", "line_start": 1, "line_end": 2,
         "parent_id": "b.py::<module>"},
        {"id": "b.py::other", "path": "b.py", "name": "other", "kind": "function", "line_start": 5, "line_end": 6,
         "parent_id": "b.py::<module>"},
    ]
    right = Edge("a.py::f", "b.py::helper", "helper", "calls", "a.py", 4, "import", "call", "b.py")
    wrong = Edge("a.py::g", "b.py::other", "other", "calls", "a.py", 8, "unique_name", "call", "b.py")
    result = compare(docs, symbols, [right, wrong], {"a.py", "b.py"}, tmp_path)
    assert (result.calls.truth, result.calls.found, result.calls.matched) == (1, 2, 1)
    assert (result.files.truth, result.files.matched) == (1, 1)
    assert result.false_positive_categories == {"unique_name": 1} and result.false_positives[0]["line"] == 8
    assert (result.blast_targets, result.blast_missed) == (1, 0)
    missing = compare(docs, symbols, [wrong], {"a.py", "b.py"}, tmp_path)
    assert missing.calls.recall == 0 and missing.miss_categories == {"no_reference_on_line": 1}
    assert (missing.blast_targets, missing.blast_missed) == (1, 1)
    assert missing.misses[0]["source"] == "helper()"


def test_a_call_of_a_required_package_is_not_judged(tmp_path):
    # scip-typescript, nothing installed, takes `assert` for a variable of the file; `helper` is ours
    from tests.bench.scip.compare import Definition, _required_package
    from tests.bench.scip.source import SourceFile

    (tmp_path / "t.js").write_text("var assert = require('assert');\nconst helper = require('./helper');\n")
    source = SourceFile(tmp_path, "t.js")
    assert _required_package(source, [Definition("s1", "t.js", 1, None)], "t.js")
    assert not _required_package(source, [Definition("s2", "t.js", 2, None)], "t.js")
    assert not _required_package(source, [Definition("s1", "other.js", 1, None)], "t.js")


def test_a_decoration_call_is_counted_apart_not_judged(tmp_path):
    # a.py: def make(): def decorator(fn): return fn / return decorator  -  @make() def f(): pass
    # codelake has the call of make (judged) and the implicit call of what make returns, `decorator` (flow, at the
    # decorator's line: make()(f)), which SCIP has no occurrence for; a flow edge elsewhere is still judged
    (tmp_path / "a.py").write_text("def make():\n    def decorator(fn):\n        return fn\n    return decorator\n\n\n"
                                   "@make()\ndef f():\n    pass\n\n\ndef g():\n    make()\n")
    make, decorator, g = PKG + "`a`/make().", PKG + "`a`/make().decorator().", PKG + "`a`/g()."
    docs = read_documents(index(
        document("a.py", [occurrence([0, 0, 0], PKG + "`a`/__init__:", DEFINITION),
                          occurrence([0, 4, 8], make, DEFINITION, [0, 0, 3, 20]),
                          occurrence([1, 8, 17], decorator, DEFINITION, [1, 4, 2, 17]),
                          occurrence([6, 1, 5], make),
                          occurrence([11, 4, 5], g, DEFINITION, [11, 0, 12, 10]),
                          occurrence([12, 4, 8], make)])))
    module = {"id": "a.py::<module>", "path": "a.py", "name": "a", "kind": "module", "line_start": 1, "line_end": 13,
              "parent_id": None}
    symbols = [module] + [
        {"id": f"a.py::{q}", "path": "a.py", "name": q.rpartition(".")[2], "kind": "function", "line_start": s,
         "line_end": e, "parent_id": p} for q, s, e, p in (("make", 1, 4, "a.py::<module>"),
                                                          ("make.decorator", 2, 3, "a.py::make"),
                                                          ("f", 8, 9, "a.py::<module>"), ("g", 12, 13, "a.py::<module>"))]
    edges = [Edge("a.py::<module>", "a.py::make", "make", "calls", "a.py", 7, "same_file", "call", "a.py"),
             Edge("a.py::<module>", "a.py::make.decorator", "make", "calls", "a.py", 7, "flow", "call", "a.py"),
             Edge("a.py::g", "a.py::make", "make", "calls", "a.py", 13, "same_file", "call", "a.py"),
             Edge("a.py::g", "a.py::make.decorator", "make", "calls", "a.py", 13, "flow", "call", "a.py")]
    result = compare(docs, symbols, edges, {"a.py"}, tmp_path)
    assert result.losses["codelake_decoration_calls_not_judged"] == 1
    assert [(s["line"], s["codelake_dst"]) for s in result.false_positives] == [(13, "a.py::make.decorator")]


def test_a_dependency_on_a_stub_is_taken_as_the_modules_that_run_where_codelake_found_them():
    # scip-python: a.py and b.py use pkg's names through pkg/__init__.pyi; what runs is pkg/__init__.py and, for a
    # name a.py calls, pkg/_impl.py; b.py's dependency was not found (a miss either way), c.py's stub has no module
    from collections import Counter

    from tests.bench.scip.compare import stub_deps_as_modules

    truth = {("a.py", "pkg/__init__.pyi"), ("b.py", "pkg/__init__.pyi"), ("c.py", "ext/x.pyi"), ("a.py", "d.py")}
    found = {("a.py", "pkg/__init__.py"), ("a.py", "pkg/_impl.py"), ("a.py", "d.py"), ("c.py", "other.py")}
    files = {"a.py", "b.py", "c.py", "d.py", "pkg/__init__.py", "pkg/__init__.pyi", "pkg/_impl.py", "ext/x.pyi"}
    losses = Counter()
    fixed = stub_deps_as_modules(truth, found, files, {("a.py", "pkg/__init__.pyi"): {"pkg/_impl.py"}}, losses)
    assert fixed == {("a.py", "pkg/__init__.py"), ("a.py", "pkg/_impl.py"), ("a.py", "d.py"),
                     ("b.py", "pkg/__init__.pyi"), ("c.py", "ext/x.pyi")}
    assert losses["scip_python_stub_dependencies_taken_as_modules"] == 1
