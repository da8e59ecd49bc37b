"""A one-shot update's parse-ahead child compiles only the query patterns its files can match (``; needs:`` markers
in the query files, ``parse.narrow_queries``): a smaller query, the same facts as the whole query's."""

from __future__ import annotations

import os
import select

import pytest

from extractors.structure import ahead, parse
from extractors.structure.languages import LANGUAGES

PYTHON = LANGUAGES["python"]

# no token any marked pattern of python.scm is kept for but `def`, `return`, `import` and `for`
PLAIN = "import os\n\n\ndef total(xs):\n    n = 0\n    for x in xs:\n        n = n + len(x)\n    return n\n"
# every construct's keyword only inside strings and a comment: the patterns that need them are kept all the same
QUOTED = ('import os\n\n# with self: a comment\n\n\ndef total(xs):\n    """lambda, yield, @decorator"""\n'
          '    return ["isinstance", "Callable"]\n')
RICH = ("from typing import Callable\n\n\nclass Box:\n    @staticmethod\n    def make(f: Callable[[int], int]):\n"
        "        g = lambda y: f(y)\n        with open('x') as fh:\n            yield g\n        if isinstance(f, Box):\n"
        "            return f\n")


pytestmark = pytest.mark.usefixtures("fresh_queries")  # each test a fresh process's queries


def _write(tmp_path, files: dict[str, str]) -> list[tuple]:
    for rel, text in files.items():
        (tmp_path / rel).write_text(text)
    return [(rel, PYTHON, "100644", None) for rel in files]


def _whole_facts(root, item) -> parse.FileFacts:
    parse.widen_query("python")
    return parse.parse_file(root, *item)


def test_the_query_splits_into_the_patterns_tree_sitter_compiles():
    from tree_sitter import Query
    from tree_sitter_language_pack import get_language

    text = parse.query_text("python")
    query = Query(get_language("python"), text)
    patterns = parse.query_patterns("python")
    raw = text.encode()
    assert len(patterns) == query.pattern_count
    for i, pattern in enumerate(patterns):
        assert raw[query.start_byte_for_pattern(i):].decode().startswith(pattern.text)
    needs = {p.text.split()[0]: p.needs for p in patterns}
    assert needs["(lambda"] == ((b"lambda",),)
    assert ((b"with",), (b"as",)) in [p.needs for p in patterns]
    assert ((b"type", b"Type"),) in [p.needs for p in patterns]
    assert ((b"|",),) in [p.needs for p in patterns]  # a lone `|` is the token, no alternation
    assert any(not p.needs for p in patterns)
    for language in LANGUAGES:  # every marker of every query file stands before a pattern
        parse.query_patterns(language)


def test_patterns_split_past_strings_comments_and_captures_on_later_lines():
    text = ('; a comment with ( and "\n(a "(" @x) ; (not a pattern\n'
            '[(b) (c)]\n  @y @z\n((d) @w (#eq? @w "x)\\"y"))\n"e" @v\n(f)* @u\n')
    spans = parse._pattern_spans(text)
    assert [text[s:e] for s, e in spans] == ['(a "(" @x)', "[(b) (c)]\n  @y @z", '((d) @w (#eq? @w "x)\\"y"))',
                                             '"e" @v', "(f)* @u"]


def test_markers_mark_the_next_pattern_or_a_block(monkeypatch):
    text = ("; needs: lambda\n(a)\n(b)\n; needs from here: @ x|y\n(c)\n; needs: z\n(d)\n; needs end\n(e)\n")
    monkeypatch.setattr(parse, "query_text", lambda language: text)
    parse.query_patterns.cache_clear()
    try:
        assert [p.needs for p in parse.query_patterns("made_up")] == [
            ((b"lambda",),), (), ((b"@",), (b"x", b"y")), ((b"@",), (b"x", b"y"), (b"z",)), ()]
    finally:
        parse.query_patterns.cache_clear()


def test_a_word_token_counts_as_a_whole_word_only():
    assert parse._has_needs(b"x: t.Type[A]", ((b"type", b"Type"),))
    assert not parse._has_needs(b"typed = prototype", ((b"type", b"Type"),))
    assert parse._has_needs(b"x = 'lambda'", ((b"lambda",),))  # inside a string: kept
    assert parse._has_needs(b"a->b", ((b"->",),)) and not parse._has_needs(b"a - > b", ((b"->",),))


def test_a_file_without_the_tokens_gets_a_smaller_query_and_the_same_facts(tmp_path):
    (item,) = _write(tmp_path, {"plain.py": PLAIN})
    whole = _whole_facts(tmp_path, item)
    whole_count = parse._QUERIES["python"].pattern_count
    parse._PARSERS.clear()
    parse.narrow_queries(tmp_path, [item])
    narrowed = parse._QUERIES["python"]
    assert "python" in parse._NARROWED and narrowed.pattern_count < whole_count - 40
    assert len(parse._PATTERN_ROLES["python"]) == narrowed.pattern_count  # roles by the subset's pattern numbers
    facts = parse.parse_file(tmp_path, *item)
    assert parse._QUERIES["python"] is narrowed  # the file was read with the narrowed query
    assert facts == whole and facts.defs and facts.refs
    assert {r.module for r in facts.refs if r.kind == "import"} == {"os"}


def test_a_token_inside_a_string_keeps_its_patterns(tmp_path, monkeypatch):
    monkeypatch.setattr(parse, "PROBED_NODES", -1)  # the tokens alone: no tree's node kinds narrow the query
    plain, quoted = _write(tmp_path, {"plain.py": PLAIN, "quoted.py": QUOTED})
    parse.narrow_queries(tmp_path, [plain])
    dropped_plain = parse._NARROWED["python"].left_out
    parse._PARSERS.clear(), parse._NARROWED.clear()
    parse.narrow_queries(tmp_path, [quoted])
    dropped_quoted = parse._NARROWED["python"].left_out
    for token in (b"lambda", b"yield", b"@", b"isinstance", b"Callable", b"with"):
        assert ((token,),) in dropped_plain and ((token,),) not in dropped_quoted, token
    narrowed = parse._QUERIES["python"]
    facts = parse.parse_file(tmp_path, *quoted)
    assert parse._QUERIES["python"] is narrowed
    assert facts == _whole_facts(tmp_path, quoted)


def test_a_file_the_narrowed_query_does_not_cover_gets_the_whole_query(tmp_path):
    plain, rich = _write(tmp_path, {"plain.py": PLAIN, "rich.py": RICH})
    parse.narrow_queries(tmp_path, [plain])
    narrowed = parse._QUERIES["python"]
    facts = parse.parse_file(tmp_path, *rich)  # not among the files it was narrowed for
    assert parse._QUERIES["python"] is not narrowed and "python" not in parse._NARROWED
    assert facts == _whole_facts(tmp_path, rich)
    kinds = {r.kind for r in facts.refs}
    assert {"import", "call"} <= kinds and any(r.name == "Callable" for r in facts.refs)


def test_files_narrowed_together_keep_every_pattern_one_of_them_needs(tmp_path):
    plain, rich = _write(tmp_path, {"plain.py": PLAIN, "rich.py": RICH})
    parse.narrow_queries(tmp_path, [plain, rich])
    narrowed = parse._QUERIES["python"]
    got = [parse.parse_file(tmp_path, *item) for item in (plain, rich)]
    assert parse._QUERIES["python"] is narrowed  # one compile serves both
    assert got == [_whole_facts(tmp_path, item) for item in (plain, rich)]


def test_the_child_reads_a_file_with_errors_once_with_its_tree_and_missing_tokens_narrowing_it(tmp_path):
    """An edit half written: the tree's MISSING nodes count as tokens the file holds, its kinds are the tree's
    (ERROR nodes and all), so the narrowed query's facts are the whole query's and the file is not read again."""
    (item,) = _write(tmp_path, {"broken.py": LAMBDA_QUOTED + "\nclass Broken(Base:\n    pass\n"})
    facts = ahead._parse_item(tmp_path, [item], item)
    assert facts.status in ("partial", "fallback")
    assert "python" in parse._NARROWED  # not widened: no second compile and read
    narrowed = parse._QUERIES["python"].pattern_count
    assert narrowed < _token_kept((tmp_path / "broken.py").read_bytes())  # the lambda in a string: left out
    assert facts == _whole_facts(tmp_path, item) and "Broken" in {d.name for d in facts.defs}


def test_a_trees_missing_tokens_are_those_its_error_recovery_inserted():
    from extractors.structure.languages import get_parser

    parser = get_parser("python")
    assert parse._missing_tokens(parser.parse(b"class A(B:\n    pass\n").root_node) == {b")"}
    assert parse._missing_tokens(parser.parse(b"x = = 1\n").root_node) == set()  # an ERROR node only
    assert parse._missing_tokens(parser.parse(b"class A(B):\n    pass\n").root_node) == set()


def test_a_typescript_file_with_errors_splits_its_compile_and_is_read_once(tmp_path, monkeypatch):
    """hono's ``src/types.ts`` with a half-written edit was narrowed by its text, read with a helper, then compiled
    whole and read again: now its tree narrows it, the helper's half joins, and the facts are the whole query's."""
    lang = LANGUAGES["typescript"]
    (tmp_path / "hono.ts").write_text(TYPED + "\nexport function broken(a: string {\n  return a\n}\n")
    item = ("hono.ts", lang, "100644", None)
    joins = _observed_joins(monkeypatch)
    facts = ahead._parse_item(tmp_path, [item], item)
    assert facts.status == "partial" and joins == [True]
    assert "typescript" in parse._NARROWED and parse._QUERIES["typescript"].pattern_count < 60
    parse.widen_query("typescript")
    assert facts == parse.parse_file(tmp_path, *item)
    assert {d.name for d in facts.defs} >= {"Hono", "add", "fetch", "app", "broken"}


def test_the_child_narrows_a_language_at_its_first_file_only(tmp_path):
    """Another language's compile waits for its own first file: it counts in that file's budget."""
    (plain,) = _write(tmp_path, {"plain.py": PLAIN})
    (tmp_path / "app.js").write_text("module.exports = { run() { return 1 } }\n")
    script = ("app.js", LANGUAGES["javascript"], "100644", None)
    ahead._parse_item(tmp_path, [plain, script], plain)
    assert "python" in parse._NARROWED and "javascript" not in parse._PARSERS
    facts = ahead._parse_item(tmp_path, [plain, script], script)
    assert "javascript" in parse._NARROWED  # no `require`, `as`, adapters...: a smaller query
    assert parse.widen_query("javascript")
    assert facts == parse.parse_file(tmp_path, *script) and facts.defs  # the whole query's facts


def _observed_joins(monkeypatch) -> list[bool]:
    """Whether each of the child's joins with its helper's Captures was made (``parse._joined``, called through)."""
    joins, join = [], parse._joined

    def observed(own, theirs):
        joined = join(own, theirs)
        joins.append(joined is not None)
        return joined

    monkeypatch.setattr(parse, "_joined", observed)
    return joins


def test_one_files_patterns_compiled_by_two_processes_give_one_compiles_facts(tmp_path, monkeypatch):
    """The child's one file: the patterns that only define or bind names compiled and collected by a helper
    process, the rest by the child; the two Captures joined equal one compile's."""
    (item,) = _write(tmp_path, {"rich.py": RICH})
    monkeypatch.setattr(parse, "HELPED_COMPILE_MS", 0)  # any compile split
    joins = _observed_joins(monkeypatch)
    parse.narrow_queries(tmp_path, [item])
    kept = len(parse.query_patterns("python")) - len(parse._NARROWED["python"].left_out)
    helper, own = parse._HELPERS["python"], parse._QUERIES["python"]
    assert helper.path == "rich.py" and 20 < own.pattern_count < kept - 20  # each side a part of the kept patterns
    facts = parse.parse_file(tmp_path, *item)
    assert joins == [True] and "python" not in parse._HELPERS  # joined, the helper reaped
    assert parse._QUERIES["python"] is own  # no compile of the whole
    assert facts == _whole_facts(tmp_path, item)
    assert {d.name for d in facts.defs} >= {"Box", "make"}  # the helper's definitions
    assert any(r.name == "Callable" for r in facts.refs)  # the child's references


def test_a_list_both_processes_filled_takes_the_one_compile(tmp_path, monkeypatch):
    """A helper given reference patterns as well fills the references the child's imports fill too: their
    interleaving would be the cursor's, so the narrowed query is compiled whole and the file collected again."""
    monkeypatch.setattr(parse, "HELPED_ROLES", parse.HELPED_ROLES | {"ref"})
    monkeypatch.setattr(parse, "HELPED_COMPILE_MS", 0)
    (item,) = _write(tmp_path, {"rich.py": RICH})
    joins = _observed_joins(monkeypatch)
    parse.narrow_queries(tmp_path, [item])
    kept = len(parse.query_patterns("python")) - len(parse._NARROWED["python"].left_out)
    assert "python" in parse._HELPERS and parse._QUERIES["python"].pattern_count < kept
    facts = parse.parse_file(tmp_path, *item)
    assert joins in ([], [False])  # not joined (or nothing handed over)
    assert parse._QUERIES["python"].pattern_count == kept  # the narrowed query compiled whole
    assert facts == _whole_facts(tmp_path, item) and facts.defs and facts.refs


def test_a_small_compiles_patterns_are_compiled_by_the_child_alone(tmp_path):
    """Below ``HELPED_COMPILE_MS`` the main process's work is an update's critical path: no helper is forked."""
    (item,) = _write(tmp_path, {"rich.py": RICH})
    parse.narrow_queries(tmp_path, [item])
    assert "python" not in parse._HELPERS and "python" in parse._NARROWED
    assert parse.parse_file(tmp_path, *item) == _whole_facts(tmp_path, item)


def test_a_large_file_with_few_patterns_is_compiled_by_the_child_alone(tmp_path):
    """The split follows the kept patterns' compile, not the file's size: 18 KB of plain loops keep a few
    patterns, cheap to compile, and no helper is forked for them."""
    (item,) = _write(tmp_path, {"plain.py": PLAIN * 200})
    assert len(PLAIN * 200) > 16 * 1024
    parse.narrow_queries(tmp_path, [item])
    kept = len(parse.query_patterns("python")) - len(parse._NARROWED["python"].left_out)
    assert kept < 60 and "python" not in parse._HELPERS  # not split
    assert parse.parse_file(tmp_path, *item) == _whole_facts(tmp_path, item)


# a small TypeScript module: its kept patterns (~100, ~1.9 ms each to compile) are worth a helper at 1.3 KB
TYPED = ("import { Router } from './router'\nimport type { Env } from './types'\n\n"
         "export class Hono<E extends Env = Env> {\n  private router: Router<string>\n  #path = '/'\n\n"
         "  constructor(options: { strict?: boolean } = {}) {\n    this.router = new Router()\n  }\n\n"
         "  get = (path: string, ...handlers: Function[]): this => {\n"
         "    handlers.forEach((h) => this.add('GET', path, h))\n    return this\n  }\n\n"
         "  private add(method: string, path: string, handler: Function): void {\n"
         "    const r = { method, path, handler }\n    this.router.add(method, path, [handler, r])\n  }\n\n"
         "  async fetch(request: Request, env?: E['Bindings']): Promise<Response> {\n"
         "    const [handlers, params] = this.router.match(request.method, this.#path)\n"
         "    for (const h of handlers) {\n      if (typeof h === 'function') { await h(request, params) }\n    }\n"
         "    return new Response(null, { status: 404 })\n  }\n}\n\n"
         "export default function app(): Hono {\n  return new Hono()\n}\n")


def test_a_small_file_of_a_costly_grammar_splits_its_compile(tmp_path, monkeypatch):
    """TypeScript's patterns cost ~3.6 times Python's to compile: a 1 KB module's kept patterns are worth a helper,
    and the joined facts are the whole query's."""
    lang = LANGUAGES["typescript"]
    (tmp_path / "hono.ts").write_text(TYPED)
    item = ("hono.ts", lang, "100644", None)
    joins = _observed_joins(monkeypatch)
    parse.narrow_queries(tmp_path, [item])
    assert "typescript" in parse._NARROWED and parse._HELPERS["typescript"].path == "hono.ts"  # split
    facts = parse.parse_file(tmp_path, *item)
    assert joins == [True] and "typescript" not in parse._HELPERS
    parse.widen_query("typescript")
    assert facts == parse.parse_file(tmp_path, *item) and facts.status == "ok"
    assert {d.name for d in facts.defs} >= {"Hono", "add", "fetch", "app"} and facts.refs


def _many_definitions(count: int) -> str:
    """A file whose helper's answer (its definitions and bindings pickled) outgrows a pipe's buffer: the helper
    blocks on writing it until the child reads."""
    return RICH + "".join(f"\n\ndef f{i}(a, b=1):\n    x{i} = a + b\n    return g(x{i})\n" for i in range(count))


def test_the_helper_holds_no_descriptor_of_its_parent_but_its_own_pipe(tmp_path, monkeypatch):
    """A pipe the child holds (its pipe to the main process) ends when the child closes it, dies or not, while
    the helper still works: the helper closed every descriptor it inherited but its own pipe."""
    (item,) = _write(tmp_path, {"many.py": _many_definitions(2000)})
    monkeypatch.setattr(parse, "HELPED_COMPILE_MS", 0)
    read_end, write_end = os.pipe()  # as the child's pipe to the main process
    try:
        parse.narrow_queries(tmp_path, [item])
        helper = parse._HELPERS["python"]
        os.close(write_end)
        write_end = None
        ended = select.select([read_end], [], [], 10)[0] and os.read(read_end, 1) == b""
        assert os.waitpid(helper.pid, os.WNOHANG) == (0, 0)  # the helper still at work (its answer unread)
        assert ended  # the end of the pipe seen meanwhile
    finally:
        parse._drop_helper("python")
        os.close(read_end)
        if write_end is not None:
            os.close(write_end)


def test_a_child_whose_collection_raises_stops_and_reaps_its_helper(tmp_path, monkeypatch):
    """The child's own ``_collect`` failing makes the file a fallback; the helper it took for the file is stopped
    and reaped there and then, its pipe closed, not left to the child's exit."""
    (item,) = _write(tmp_path, {"many.py": _many_definitions(2000)})
    monkeypatch.setattr(parse, "HELPED_COMPILE_MS", 0)
    parse.narrow_queries(tmp_path, [item])
    helper = parse._HELPERS["python"]

    def failing(*_args):
        raise RuntimeError("a grammar's surprise")

    monkeypatch.setattr(parse, "_collect", failing)  # in this process only: the helper was forked before
    facts = parse.parse_file(tmp_path, *item)
    assert facts.status == "fallback" and "RuntimeError" in facts.skip_reason
    assert "python" not in parse._HELPERS
    with pytest.raises(ChildProcessError):  # reaped (a live or exited helper would still be this process's child)
        os.waitpid(helper.pid, os.WNOHANG)
    with pytest.raises(OSError):
        os.fstat(helper.fd)


def test_a_patterns_node_kinds_are_those_every_match_holds():
    """Outside alternations, ``?`` and ``*`` parts and predicates; a supertype's ``a/b``, a wildcard, an anonymous
    node's string and a field name are no kind of their own."""
    text = ('(a name: (b)? [(c) (d)] (e (f)* @x . (g) @y) (#eq? @y "(h)") (i)+ (expression/j) (_) "k"'
            ' !l ((m) (n))? ((o) @z (p)))')
    assert parse._pattern_kinds(text) == {"a", "e", "g", "i", "o", "p"}
    assert parse._pattern_kinds("[(a) (b)] @x") == frozenset()
    assert parse._pattern_kinds('((call function: (identifier) @f) (#eq? @f "lambda"))') == {"call", "identifier"}


def test_a_patterns_node_pairs_are_the_kinds_written_directly_inside_another():
    """A named node directly inside a named one, neither optional; not through a group, an alternation, a
    wildcard or a supertype's ``a/b``."""
    text = ('(a name: (b)? [(c) (d)] (e (f)* @x . (g) @y) (#eq? @y "(h)") (i)+ (expression/j (q)) (_ (r)) "k"'
            ' !l ((m) (n))? ((o) @z (p)))')
    assert parse._pattern_pairs(text) == {("a", "e"), ("e", "g"), ("a", "i")}
    assert parse._pattern_pairs("(lambda body: (identifier) @name) @reference.callback") == {("lambda", "identifier")}


# the same words and named node kinds (a lambda, a parenthesized expression, identifiers): only the second holds a
# lambda whose body is an identifier and an identifier in parentheses
PAIRS_APART = "def run(xs):\n    key = lambda x: x + 1\n    return (xs[0] + 1) * key(xs[0])\n"
PAIRS_HELD = "def run(xs):\n    key = lambda x: x\n    return (xs) * key(xs[0] + 1)\n"


def test_a_single_files_query_leaves_out_the_patterns_needing_a_kind_inside_another_its_tree_lacks(tmp_path):
    """``(lambda body: (identifier))`` and ``(parenthesized_expression (identifier))`` cannot match a tree that
    holds each kind but never the one inside the other: left out of that file's query, its facts the whole
    query's; a file holding the pairs keeps them."""
    counts = []
    for name, text in (("apart.py", PAIRS_APART), ("held.py", PAIRS_HELD)):
        (item,) = _write(tmp_path, {name: text})
        parse.narrow_queries(tmp_path, [item])
        counts.append(parse._QUERIES["python"].pattern_count)
        facts = parse.parse_file(tmp_path, *item)
        assert facts == _whole_facts(tmp_path, item) and facts.defs and facts.refs
        for cache in ("_PARSERS", "_QUERIES", "_PATTERN_ROLES", "_NARROWED"):
            getattr(parse, cache).clear()
    assert _token_kept(PAIRS_APART.encode()) == _token_kept(PAIRS_HELD.encode())
    assert counts[0] <= counts[1] - 2


# every construct's keyword in the text, each node kind a pattern needs only in the first file's strings: the
# second holds the same words, and a lambda
LAMBDA_QUOTED = QUOTED + "\n\ndef scaled(k):\n    return 'lambda x: x * k'\n"
LAMBDA_WRITTEN = QUOTED + "\n\ndef scaled(k):\n    return lambda x: x * k\n"


def _token_kept(data: bytes) -> int:
    return sum(parse._has_needs(data, p.needs) for p in parse.query_patterns("python"))


def test_a_single_files_query_leaves_out_the_patterns_needing_a_node_kind_its_tree_lacks(tmp_path):
    """The child's one file is read before its query compiles: a pattern naming a node kind the tree lacks (a
    ``lambda`` written only inside a string) is left out though the file holds its tokens; the facts are the whole
    query's."""
    (item,) = _write(tmp_path, {"quoted.py": LAMBDA_QUOTED})
    parse.narrow_queries(tmp_path, [item])
    narrowed = parse._QUERIES["python"]
    assert narrowed.pattern_count < _token_kept(LAMBDA_QUOTED.encode()) - 10
    facts = parse.parse_file(tmp_path, *item)
    assert parse._QUERIES["python"] is narrowed  # read with the narrowed query, its own tree taken
    assert facts == _whole_facts(tmp_path, item) and facts.defs and facts.refs


def test_a_query_narrowed_by_a_files_node_kinds_covers_that_file_only(tmp_path):
    """Another file with the same words (and a lambda the first file's tree lacked) takes the whole query."""
    quoted, written = _write(tmp_path, {"quoted.py": LAMBDA_QUOTED, "written.py": LAMBDA_WRITTEN})
    parse.narrow_queries(tmp_path, [quoted])
    narrowed = parse._QUERIES["python"]
    facts = parse.parse_file(tmp_path, *written)
    assert parse._QUERIES["python"] is not narrowed and "python" not in parse._NARROWED
    assert facts == _whole_facts(tmp_path, written) and facts.defs


def test_a_tree_past_the_node_bound_narrows_by_tokens_alone(tmp_path, monkeypatch):
    """A large tree's walk costs what its left-out patterns would save (``PROBED_NODES``)."""
    (item,) = _write(tmp_path, {"quoted.py": LAMBDA_QUOTED})
    monkeypatch.setattr(parse, "PROBED_NODES", 0)
    parse.narrow_queries(tmp_path, [item])
    assert parse._QUERIES["python"].pattern_count == _token_kept(LAMBDA_QUOTED.encode())
    assert parse.parse_file(tmp_path, *item) == _whole_facts(tmp_path, item)


def test_a_component_read_by_the_child_is_read_with_its_scripts_query(tmp_path):
    """A Vue component's scripts are read, not its text: no tree is read ahead of its compile (split all the same)
    and the facts are the whole query's."""
    lang = LANGUAGES["vue"]
    (tmp_path / "Badge.vue").write_text(f"<template><b>{{{{ n }}}}</b></template>\n<script lang=\"ts\">\n{TYPED}</script>\n")
    item = ("Badge.vue", lang, "100644", None)
    facts = ahead._parse_item(tmp_path, [item], item)
    parse.widen_query("vue")
    assert facts == parse.parse_file(tmp_path, *item) and {d.name for d in facts.defs} >= {"Hono", "app"}
