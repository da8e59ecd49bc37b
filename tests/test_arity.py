"""How many arguments a definition accepts and a call passes (``extractors.structure.langs.arity``), read from each
overloading language's real grammar: defaults make a parameter optional, variadics take any number, a receiver
parameter is not passed, a trailing lambda is one more argument, a spread makes the count unknown. And the
resolver's use of it: an overloaded method's call reaches the overloads that accept its arguments."""

from __future__ import annotations

import pytest
from tree_sitter_language_pack import get_parser

from conftest import index_structure
from extractors.structure.langs.arity import Params, arguments_of, params_of
from pipeline.catalog import connect

DEFINITIONS = {"function_declaration", "method_declaration", "function_definition", "constructor_declaration",
               "method_definition", "method_signature", "field_declaration", "secondary_constructor"}
CALLS = {"call_expression", "method_invocation", "invocation_expression", "object_creation_expression",
         "new_expression"}

CASES = [  # language, code, the definitions' Params in order, the calls' argument counts in order
    ("java", "class A { void f(int a, String... b) { g(1, 2); new B(); } A(int x) {} }",
     [Params(1, None), Params(1, 1)], [2, 0]),
    ("csharp", "class A { void F(int a, int b = 2, params int[] c) { G(1, x: 2); new B(1); } "
               "static int C(this A c, int x) { return 0; } }",
     [Params(1, None), Params(1, 1)], [2, 1]),
    ("cpp", "void f(int a, int b = 2, ...) { g(1, 2); obj->h(); } void h(void) {} class K { void m(int); };",
     [Params(1, None), Params(0, 0), Params(1, 1)], [2, 0]),
    ("typescript", "function f(this: A, a: number, b?: number, c = 3, ...d: number[]) { g(1, ...xs); o.m(1, 2); }",
     [Params(1, None)], [None, 2]),
    ("kotlin", "fun f(a: Int, b: Int = 2, vararg c: Int) { g(1, x = 2) { it }; h() }",
     [Params(1, None)], [3, 0]),
    ("swift", "func f(_ a: Int, b: Int = 2, c: Int...) { g(1, x: 2) { 3 }; h() }",
     [Params(1, None)], [3, 0]),
    ("scala", "object A { def f(a: Int, b: Int = 2)(c: Int*): Unit = g(1, 2) }",
     [Params(1, 2)], [2]),
]


def _walk(node):
    yield node
    for child in node.children:
        yield from _walk(child)


@pytest.mark.parametrize("language,code,params,args", CASES, ids=[c[0] for c in CASES])
def test_each_grammar_gives_what_a_definition_accepts_and_a_call_passes(language, code, params, args):
    tree = get_parser(language).parse(code.encode())
    nodes = list(_walk(tree.root_node))
    assert [params_of(n) for n in nodes if n.type in DEFINITIONS] == params
    assert [arguments_of(n) for n in nodes if n.type in CALLS] == args


KOTLIN = {
    "src/main/kotlin/shop/Cart.kt": "package shop\n\nclass Cart {\n    fun add(item: String) {}\n"
                                    "    fun add(item: String, count: Int, gift: Boolean = false) {}\n"
                                    "    fun each(block: (String) -> Unit) {}\n"
                                    "    fun each(prefix: String, block: (String) -> Unit) {}\n}\n",
    "src/main/kotlin/shop/Main.kt": "package shop\n\nfun one(cart: Cart) {\n    cart.add(\"x\")\n}\n\n"
                                    "fun two(cart: Cart) {\n    cart.add(\"x\", 2)\n}\n\n"
                                    "fun three(cart: Cart) {\n    cart.add(\"x\", 2, true)\n}\n\n"
                                    "fun walk(cart: Cart) {\n    cart.each(\"a\") { println(it) }\n}\n",
}


def test_a_call_reaches_the_overloads_that_accept_its_arguments(lake, make_repo):
    """Kotlin: a default makes ``add(item, count, gift = false)`` take two or three arguments; a trailing lambda is
    an argument. Each call reaches only the overloads it can mean."""
    index_structure(lake, make_repo(files=KOTLIN))
    catalog = connect(lake)
    _, rows = catalog.rows("SELECT src_id, dst_id FROM edges WHERE kind = 'calls' AND dst_id LIKE '%Cart.%'")
    reached = {(src.rpartition("::")[2], dst.rpartition("::")[2]) for src, dst in rows}
    assert reached == {("one", "Cart.add"), ("two", "Cart.add#2"), ("three", "Cart.add#2"),
                       ("walk", "Cart.each#2")}
    _, params = catalog.rows("SELECT qualname, params_min, params_max FROM symbols WHERE qualname LIKE 'Cart.add%' "
                             "ORDER BY qualname")
    assert params == [("Cart.add", 1, 1), ("Cart.add#2", 2, 3)]


def test_every_overload_a_call_may_mean_is_reached_however_many(lake, make_repo):
    """Ten overloads of one argument (``value(int)``, ``value(String)``...) and an argument whose type the call does
    not state (a type parameter's value): the call reaches each of them, past the cap on candidates that guesses
    among different definitions keep."""
    types = ["int", "long", "double", "float", "short", "byte", "char", "boolean", "String", "Object"]
    methods = "".join(f"    public Writer value({t} v) {{ return this; }}\n" for t in types)
    files = {"src/w/Writer.java": f"package w;\n\npublic class Writer {{\n{methods}}}\n",
             "src/w/Main.java": "package w;\n\npublic class Main {\n    <T> void run(Writer out, T v) {\n"
                                "        out.value(v);\n    }\n}\n"}
    index_structure(lake, make_repo(files=files))
    _, rows = connect(lake).rows("SELECT DISTINCT dst_id FROM edges WHERE kind = 'calls' AND src_id LIKE '%Main.run'")
    assert len(rows) == len(types)
