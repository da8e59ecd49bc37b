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


def py_symbols(path: str, lines: int, *rows) -> list[dict]:
    """A Python file's module row (lines 1..``lines``) and (qualname, kind, first line, last line, parent qualname
    or None for the module) -> codelake symbol rows."""
    module = f"{path}::<module>"
    return [{"id": module, "path": path, "name": path.removesuffix(".py"), "kind": "module", "line_start": 1,
             "line_end": lines, "parent_id": None}] + [
        {"id": f"{path}::{q}", "path": path, "name": q.rpartition(".")[2], "kind": k, "line_start": a, "line_end": b,
         "parent_id": f"{path}::{parent}" if parent else module} for q, k, a, b, parent in rows]


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
    symbols = py_symbols("a.py", 13, ("make", "function", 1, 4, None), ("make.decorator", "function", 2, 3, "make"),
                         ("f", "function", 8, 9, None), ("g", "function", 12, 13, None))
    edges = [Edge("a.py::<module>", "a.py::make", "make", "calls", "a.py", 7, "same_file", "call", "a.py"),
             Edge("a.py::<module>", "a.py::make.decorator", "make", "calls", "a.py", 7, "flow", "call", "a.py"),
             Edge("a.py::g", "a.py::make", "make", "calls", "a.py", 13, "same_file", "call", "a.py"),
             Edge("a.py::g", "a.py::make.decorator", "make", "calls", "a.py", 13, "flow", "call", "a.py")]
    result = compare(docs, symbols, edges, {"a.py"}, tmp_path)
    assert result.losses["codelake_decoration_calls_not_judged"] == 1
    assert [(s["line"], s["codelake_dst"]) for s in result.false_positives] == [(13, "a.py::make.decorator")]



def test_a_decorator_naming_a_variable_is_judged_by_its_edge_to_that_variable(tmp_path):
    # a.py: class Marker with __call__; mark = Marker(); @mark def f(): pass (pluggy's @hookimpl). SCIP binds the
    # decorator's name to the variable; codelake's flow edge to that variable is that pair (judged, matched), its
    # edge to Marker.__call__ (what the decoration runs, no occurrence in SCIP) is counted apart
    (tmp_path / "a.py").write_text("class Marker:\n    def __call__(self, fn):\n        return fn\n\n\n"
                                   "mark = Marker()\n\n\n@mark\ndef f():\n    pass\n")
    marker, call, mark, f = (PKG + "`a`/Marker#", PKG + "`a`/Marker#__call__().", PKG + "`a`/mark.",
                             PKG + "`a`/f().")
    docs = read_documents(index(
        document("a.py", [occurrence([0, 0, 0], PKG + "`a`/__init__:", DEFINITION),
                          occurrence([0, 6, 12], marker, DEFINITION, [0, 0, 2, 17]),
                          occurrence([1, 8, 16], call, DEFINITION, [1, 4, 2, 17]),
                          occurrence([5, 0, 4], mark, DEFINITION),
                          occurrence([8, 1, 5], mark),
                          occurrence([9, 4, 5], f, DEFINITION, [8, 0, 10, 8])])))
    symbols = py_symbols("a.py", 11, ("Marker", "class", 1, 3, None), ("Marker.__call__", "method", 2, 3, "Marker"),
                         ("mark", "variable", 6, 6, None), ("f", "function", 10, 11, None))
    edges = [Edge("a.py::<module>", "a.py::mark", "mark", "calls", "a.py", 9, "flow", "call", "a.py"),
             Edge("a.py::<module>", "a.py::Marker.__call__", "mark", "calls", "a.py", 9, "flow", "call", "a.py")]
    result = compare(docs, symbols, edges, {"a.py"}, tmp_path)
    assert result.losses["codelake_decoration_calls_not_judged"] == 1
    assert result.misses == [] and result.false_positives == []
    assert result.calls.recall == 1.0


def test_a_decorators_wrapper_run_at_a_call_of_the_decorated_method_is_counted_apart_not_judged(tmp_path):
    # b.py: class Node: copy(method) returns inner; @copy def where(self); h(q): q.where() -> codelake has the call
    # of where (judged) and a flow edge to copy.inner at the same line, the wrapper's run SCIP has no occurrence for
    (tmp_path / "b.py").write_text("class Node:\n    def copy(method):\n        def inner(self):\n"
                                   "            return method(self)\n        return inner\n\n    @copy\n"
                                   "    def where(self):\n        return self\n\n\ndef h(q: Node):\n    q.where()\n")
    node, where, h = PKG + "`b`/Node#", PKG + "`b`/Node#where().", PKG + "`b`/h()."
    docs = read_documents(index(
        document("b.py", [occurrence([0, 0, 0], PKG + "`b`/__init__:", DEFINITION),
                          occurrence([0, 6, 10], node, DEFINITION, [0, 0, 8, 19]),
                          occurrence([7, 8, 13], where, DEFINITION, [6, 4, 8, 19]),
                          occurrence([11, 4, 5], h, DEFINITION, [11, 0, 12, 13]),
                          occurrence([12, 6, 11], where)])))
    symbols = py_symbols("b.py", 13, ("Node", "class", 1, 9, None), ("Node.copy", "method", 2, 5, "Node"),
                         ("Node.copy.inner", "function", 3, 4, "Node.copy"), ("Node.where", "method", 8, 9, "Node"),
                         ("h", "function", 12, 13, None))
    edges = [Edge("b.py::h", "b.py::Node.where", "where", "calls", "b.py", 13, "same_file", "call", "b.py"),
             Edge("b.py::h", "b.py::Node.copy.inner", "where", "calls", "b.py", 13, "flow", "call", "b.py")]
    result = compare(docs, symbols, edges, {"b.py"}, tmp_path)
    assert result.losses["codelake_wrapper_runs_not_judged"] == 1
    assert not result.false_positives

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


TS = "scip-typescript npm pkg 1.0 "


def ts_document(path: str, occurrences: list[bytes]) -> bytes:
    return field(1, path.encode()) + b"".join(field(2, o) for o in occurrences) + field(4, b"typescript")


def ts_symbols(*rows) -> list[dict]:
    """(id, kind, first line, last line, parent id) -> codelake symbol rows."""
    return [{"id": i, "path": i.partition("::")[0], "name": i.rpartition("::")[2].rpartition(".")[2] if kind != "module"
             else "m", "kind": kind, "line_start": a, "line_end": b, "parent_id": p} for i, kind, a, b, p in rows]


def test_scip_typescript_value_aliases_are_followed_and_a_later_declarator_requiring_a_package_is_not_judged(tmp_path):
    # nodemon's tests: `run = utils.run` and `module.exports = { run: run }` are symbols of their own to
    # scip-typescript; the call of the test's `run` runs u.js's `run`, where codelake's edge goes
    (tmp_path / "u.js").write_text("function run() {}\nmodule.exports = {\n  run: run,\n};\n")
    (tmp_path / "t.js").write_text("var u = require('./u'),\n  assert = require('assert'),\n  run = u.run;\n"
                                   "run();\nassert(true);\n")
    run, prop = TS + "`u.js`/run().", TS + "`u.js`/run0:"
    local_run, assert_ = TS + "`t.js`/run.", TS + "`t.js`/assert."
    docs = read_documents(index(
        ts_document("u.js", [occurrence([0, 9, 12], run, DEFINITION, [0, 0, 0, 17]),
                             occurrence([2, 2, 5], prop, DEFINITION), occurrence([2, 7, 10], run)]),
        ts_document("t.js", [occurrence([0, 4, 5], TS + "`t.js`/u.", DEFINITION),
                             occurrence([1, 2, 8], assert_, DEFINITION),
                             occurrence([2, 2, 5], local_run, DEFINITION), occurrence([2, 8, 9], TS + "`t.js`/u."),
                             occurrence([2, 10, 13], prop), occurrence([3, 0, 3], local_run),
                             occurrence([4, 0, 6], assert_)])))
    symbols = ts_symbols(("u.js::<module>", "module", 1, 4, None), ("u.js::run", "function", 1, 1, "u.js::<module>"),
                         ("t.js::<module>", "module", 1, 5, None))
    edges = [Edge("t.js::<module>", "u.js::run", "u.run", "calls", "t.js", 3, "import", "property", "u.js"),
             Edge("t.js::<module>", "u.js::run", "run", "calls", "t.js", 4, "import", "call", "u.js")]
    result = compare(docs, symbols, edges, {"u.js", "t.js"}, tmp_path)
    assert result.losses["scip_calls_to_required_packages_not_judged"] == 1
    assert result.losses["scip_value_aliases_followed"] >= 2
    assert result.calls.matched == 1 and result.false_positive_categories == {}


def test_a_typescript_decorator_runs_in_the_scope_around_and_export_default_is_no_call(tmp_path):
    # tsyringe: scip-typescript's class span starts at `@injectable()`; `export default injectable;` passes it on
    (tmp_path / "d.ts").write_text("export function injectable() { return (t: any) => t }\nexport default injectable;\n")
    (tmp_path / "a.ts").write_text("import { injectable } from './d'\n@injectable()\nexport class A {}\n")
    injectable = TS + "`d.ts`/injectable()."
    docs = read_documents(index(
        ts_document("d.ts", [occurrence([0, 16, 26], injectable, DEFINITION, [0, 0, 0, 53]),
                             occurrence([1, 15, 25], injectable)]),
        ts_document("a.ts", [occurrence([0, 9, 19], injectable), occurrence([1, 1, 11], injectable),
                             occurrence([2, 13, 14], TS + "`a.ts`/A#", DEFINITION, [1, 0, 2, 17])])))
    symbols = ts_symbols(("d.ts::<module>", "module", 1, 2, None),
                         ("d.ts::injectable", "function", 1, 1, "d.ts::<module>"),
                         ("a.ts::<module>", "module", 1, 3, None), ("a.ts::A", "class", 3, 3, "a.ts::<module>"))
    edges = [Edge("a.ts::<module>", "d.ts::injectable", "injectable", "calls", "a.ts", 2, "import", "call", "d.ts")]
    result = compare(docs, symbols, edges, {"d.ts", "a.ts"}, tmp_path)
    assert result.losses["scip_typescript_decorator_lines_to_the_scope_around"] == 1
    assert (result.calls.truth, result.calls.found, result.calls.matched) == (1, 1, 1)


def test_a_callback_into_a_variable_scip_references_is_not_judged_and_a_caller_must_hold_the_line(tmp_path):
    # zustand's `const devtools = devtoolsImpl as unknown as Devtools`: SCIP counts no reference to a variable as a
    # call unless it is called; nodemon's `config.load = function () {..}` is no part of `var config = {..}`
    (tmp_path / "c.ts").write_text("const impl = (x: number) => x\nexport const api = impl as unknown as Api\n"
                                   "const config: any = { a: 1 }\nconfig.load = function () { impl(1) }\n")
    impl, api, config = TS + "`c.ts`/impl.", TS + "`c.ts`/api.", TS + "`c.ts`/config."
    docs = read_documents(index(ts_document("c.ts", [
        occurrence([0, 6, 10], impl, DEFINITION), occurrence([1, 13, 16], api, DEFINITION),
        occurrence([1, 19, 23], impl), occurrence([2, 6, 12], config, DEFINITION), occurrence([3, 0, 6], config),
        occurrence([3, 28, 32], impl)])))
    symbols = ts_symbols(("c.ts::<module>", "module", 1, 4, None), ("c.ts::impl", "function", 1, 1, "c.ts::<module>"),
                         ("c.ts::api", "variable", 2, 2, "c.ts::<module>"),
                         ("c.ts::config", "variable", 3, 3, "c.ts::<module>"),
                         ("c.ts::config.load", "method", 4, 4, "c.ts::config"))
    edges = [Edge("c.ts::api", "c.ts::impl", "impl", "calls", "c.ts", 2, "same_file", "callback", "c.ts"),
             Edge("c.ts::config.load", "c.ts::impl", "impl", "calls", "c.ts", 4, "same_file", "call", "c.ts")]
    result = compare(docs, symbols, edges, {"c.ts"}, tmp_path)
    assert result.losses["codelake_callbacks_of_functions_scip_holds_in_variables_not_judged"] == 1
    assert (result.calls.truth, result.calls.found, result.calls.matched) == (1, 1, 1)


def test_an_object_literal_member_is_no_redefinition_of_the_interface_member_it_implements(tmp_path):
    # zustand's createJSONStorage: `getItem: (name) => storage.getItem(name)` in the returned object names
    # StateStorage#getItem of the same file; it is a member of the function's object, not a second StateStorage's
    (tmp_path / "p.ts").write_text("interface Store { getItem: (n: string) => string }\n"
                                   "export function make(s: Store) {\n  return {\n"
                                   "    getItem: (n: string) => s.getItem(n),\n  }\n}\n")
    store, get, make = TS + "`p.ts`/Store#", TS + "`p.ts`/Store#getItem.", TS + "`p.ts`/make()."
    docs = read_documents(index(ts_document("p.ts", [
        occurrence([0, 10, 15], store, DEFINITION, [0, 0, 0, 50]), occurrence([0, 18, 25], get, DEFINITION),
        occurrence([1, 16, 20], make, DEFINITION, [1, 0, 5, 1]), occurrence([3, 4, 11], get),
        occurrence([3, 30, 37], get)])))
    symbols = ts_symbols(("p.ts::<module>", "module", 1, 6, None), ("p.ts::Store", "interface", 1, 1, "p.ts::<module>"),
                         ("p.ts::Store.getItem", "field", 1, 1, "p.ts::Store"),
                         ("p.ts::make", "function", 2, 6, "p.ts::<module>"),
                         ("p.ts::make.getItem", "method", 4, 4, "p.ts::make"))
    edges = [Edge("p.ts::make.getItem", "p.ts::Store.getItem", "s.getItem", "calls", "p.ts", 4, "same_file", "call",
                  "p.ts")]
    result = compare(docs, symbols, edges, {"p.ts"}, tmp_path)
    assert result.losses["codelake_symbols_mapped_as_redefinitions"] == 0
    assert (result.calls.truth, result.calls.found, result.calls.matched) == (1, 1, 1)
