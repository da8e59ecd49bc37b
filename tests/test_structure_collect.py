"""The parse's per-file collection: steps skipped where a file has nothing for them give what running them gives,
and values passed get their call sites only where their reference is kept. Real tree-sitter on real source text."""

from __future__ import annotations

from pathlib import Path

from extractors.structure import budget, parse
from extractors.structure.langs import javascript, kinds_of, of_kind, parse_rules
from extractors.structure.languages import language_for

# every kind TypeScript's settle steps look for: a bare-call return, a generic result and argument, an alias's type
# parameter, util.inherits, a union alias, a non-null receiver, primitive and array property types, Function.call
RICH_TS = """
import { createImpl } from "./impl";
import * as util from "util";
export type H = Handler | MiddlewareHandler;
type WithRequired<T, K> = T & { k: K };
export function make<T>(): T { return null as unknown as T; }
export const useThing = make<Store>();
export const create = ((init) => init ? createImpl(init) : createImpl) as Create;
interface Opts { ttl?: number; tags: string[]; items(): Item[]; run: () => void; raw: any }
export class Store {
  storage?: Storage;
  read(k: string) { return this.storage!.getItem(k); }
}
"""

# and those of JavaScript's own query: util.inherits, a function run through Function.call
RICH_JS = """
const util = require("util");
function Child() { Parent.call(this, 1); }
util.inherits(Child, Parent);
var proto = module.exports = function () {};
"""

PLAIN_TS = """
export function add(a, b) { return a + b; }
export const total = [1, 2].map((x) => add(x, 1));
"""


def _raw_refs(tmp_path: Path, name: str, text: str) -> list:
    """The file's raw references as the query's captures give them, before its language settles them."""
    lang = language_for(name)
    parser, query = parse._parser_and_query(lang)
    rules = parse_rules(lang.name)
    data = text.encode()
    tree = parser.parse(data)
    parse._PARENTS.clear()
    parse._FORMS.clear()
    parse._use_element_reads(rules)
    found = parse.Captures()
    facts = parse.FileFacts(name, lang.name, "ok")
    parse._collect(budget.matches(query, tree.root_node), data, facts, found, rules, parse._PATTERN_ROLES[lang.name])
    parse._PARENTS.clear()
    parse._FORMS.clear()
    return found.refs


def _every_step(raw_refs: list) -> tuple[list, set[int]]:
    """The references with every settle step run, as before the steps were gated, and the steps whose test said
    the file has work for them; each skipped step is checked to change nothing."""
    fired = set()
    for i, (wanted, step) in enumerate(javascript._SETTLING):
        stepped = step(raw_refs)
        if wanted(kinds_of(raw_refs), raw_refs):
            fired.add(i)
        else:
            assert stepped == raw_refs, f"step {step.__name__} skipped where it changes the references"
        raw_refs = stepped
    return raw_refs, fired


def test_typescript_settle_steps_are_skipped_only_where_they_change_nothing(tmp_path):
    fired_in_rich = set()
    for name, text in (("rich.ts", RICH_TS), ("rich.js", RICH_JS), ("plain.ts", PLAIN_TS)):
        raw = _raw_refs(tmp_path, name, text)
        settled, fired = _every_step(javascript.settle_templates(raw, javascript.member_template))
        assert javascript.settle_references(raw) == settled
        if name.startswith("rich"):
            fired_in_rich |= fired
        else:  # a plain file runs none of them
            assert fired == set()
    assert fired_in_rich == set(range(len(javascript._SETTLING)))  # each step's test says yes where its kinds are


def test_references_picked_by_kind_in_c_are_those_a_scan_picks_in_order(tmp_path):
    raw = _raw_refs(tmp_path, "rich.ts", RICH_TS)
    assert of_kind(raw, "import") == [r for r in raw if r.kind == "import"] != []
    assert of_kind(raw, "import", "call") == [r for r in raw if r.kind in ("import", "call")]
    assert of_kind(raw, "no such kind") == []
    assert kinds_of(raw) == {r.kind for r in raw}


def test_a_value_passed_gets_its_call_site_where_its_reference_is_kept(tmp_path):
    (tmp_path / "m.py").write_text(
        "def run(cb):\n    cb()\n\n"
        "def handler():\n    pass\n\n"
        "def main():\n    x = input()\n    run(x)\n    run(handler)\n    run(cb=handler)\n\n"
        "def wrap(fn):\n    run(fn)\n    print(fn + 1)\n")
    facts = parse.parse_file(tmp_path, "m.py", language_for("m.py"))
    refs = {(r.src_qualname, r.kind, r.name, r.module, r.alias) for r in facts.refs}
    assert ("main", "callback", "handler", "run", "#0") in refs
    assert ("main", "callback", "handler", "run", "cb") in refs
    assert ("wrap", "param_passed", "fn", "run", "#0") in refs
    assert not any(r[2] == "x" for r in refs)  # a local passed: dropped, its argument list never read
    assert not any(isinstance(r.module, parse.CallSite) for r in facts.refs)  # every site worked out
    assert [r for r in facts.refs if r.kind == "param_passed"] == [r for r in facts.refs if r.kind == "param_passed"
                                                                  and r.module == "run"]  # fn + 1: passed to no call
    sites = parse._CallSites({}, b"", False)  # what working a site out reads (``_enclose_all``'s, per file)
    assert (sites.lists, sites.keyed) == ({}, False)


# generic names written every way C#'s grammar takes them: nested, a comment or a line break before the ``<``, an
# open generic (``Box<>``), a name over more spaces than the text read after it, a non-ASCII name after one
GENERIC_CS = """using System.Collections.Generic;
namespace N {
  class Box<T> { public static int Count; }
  class Use {
    Dictionary<string, List<int>> map = new Dictionary<string, List<int>>();
    void Run() {
      var b = new Box<int>();
      var c = Make<Box<string>>();
      var d = Make /* why */ <int>();
      var e = Make
        <long>();
      var f = typeof(Box<>);
      var g = Box<int>.Count;
      var h = Make""" + " " * 70 + """<short>();
      Box<int> i = null; Console.WriteLine(i);
      var caf\u00e9 = Make<byte>(); Use(caf\u00e9);
    }
    static T Make<T>() => default;
  }
}
"""


def _collected(data: bytes, name: str, status: str) -> list:
    lang = language_for(name)
    parser, query = parse._parser_and_query(lang)
    rules = parse_rules(lang.name)
    parse._PARENTS.clear()
    parse._FORMS.clear()
    parse._use_element_reads(rules)
    found, facts = parse.Captures(), parse.FileFacts(name, lang.name, status)
    tree = parser.parse(data)
    parse._collect(budget.matches(query, tree.root_node), data, facts, found, rules, parse._PATTERN_ROLES[lang.name])
    parse._PARENTS.clear()
    parse._FORMS.clear()
    return found.refs


def test_a_csharp_name_heads_a_generic_name_only_where_its_text_may_say_so():
    data = GENERIC_CS.encode()
    rules = parse_rules("csharp")
    tree = parse._parser_and_query(language_for("a.cs"))[0].parse(data)
    assert not tree.root_node.has_error  # (where it has, every name is asked: ``_collect``)
    names, stack = [], [tree.root_node]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type == "identifier":
            names.append(node)
    said = {n.start_byte: parse._heads_no_generic(data, n.end_byte) for n in names}
    slots = {n.start_byte: parse.written_type_arguments(n, rules) for n in names}
    # never wrong: a name the text says heads none heads none; each written generic is asked of its parent
    assert all(slots[at] is None for at, none in said.items() if none)
    heads = {(n.text.decode(), slots[n.start_byte]) for n in names if slots[n.start_byte]}
    assert heads == {("Dictionary", "<>2"), ("List", "<>1"), ("Box", "<>1"), ("Make", "<>1")}
    assert sum(not none for at, none in said.items() if slots[at]) == len([s for s in slots.values() if s])
    assert not said[data.index(b"Make /*")] and not said[data.index(b"Make\n")]  # a comment, a line break
    assert not said[data.index(b"Make" + b" " * 70)]  # past what is read: asked
    assert sum(said.values()) > len(names) / 2  # most names: no parent read
    # the references the file's captures give are those of a file whose tree has errors (every name asked)
    assert _collected(data, "a.cs", "ok") == _collected(data, "a.cs", "partial")
    assert {r.alias for r in _collected(data, "a.cs", "ok") if r.alias and r.alias.startswith("<>")} >= {"<>1", "<>2"}
