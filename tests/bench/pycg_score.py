"""codelake's Python call edges scored against PyCG's micro-benchmark (vitsalis/PyCG, ``micro-benchmark/snippets``):
about 120 small programs, each with the call graph a person wrote down (``callgraph.json``), in 17 categories
(assignments, returns, lambdas, decorators, kwargs, generators, mro...).

The benchmark names a node by module and qualified name (``main.MyClass.func``, ``main`` for module-level code,
``main.<lambda1>``); codelake's ids (``main.py::MyClass.func``) map onto those names, and:

- only calls count: an edge of kind ``calls`` that calls (not a function passed as a value: ``callback``);
- calling a class is a call of the ``__init__`` it defines or inherits (its bases as codelake's ``inherits`` edges
  give them, left to right), and of nothing when there is none (the benchmark has no class nodes);
- code inside a variable's value belongs to the function or module around it; a lambda given to a variable
  (``x = lambda: ..``, codelake's function ``x``) is the benchmark's ``<lambdaN>`` (numbered per scope, in order);
- the truth keeps only calls between the snippet's own functions (``<builtin>.len`` and installed packages are out
  of scope for a repository map).

Scored per edge (caller -> callee pairs), micro-averaged, and per category. ``python -m tests.bench.pycg_score``
prints the misses and false positives too. The corpus is a fetched clone (``$CODELAKE_BENCH_CORPORA/pycg``), never
committed.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

CALLABLE = {"function", "method", "class", "module"}


def snippets_root() -> Path:
    return Path(os.environ.get("CODELAKE_BENCH_CORPORA", "/work/corpora")) / "pycg" / "micro-benchmark" / "snippets"


@dataclass
class Score:
    found: set = field(default_factory=set)
    truth: set = field(default_factory=set)

    @property
    def hits(self) -> int:
        return len(self.found & self.truth)

    @property
    def precision(self) -> float | None:
        return self.hits / len(self.found) if self.found else None

    @property
    def recall(self) -> float | None:
        return self.hits / len(self.truth) if self.truth else None


def module_of(path: str) -> str:
    name = path[:-3] if path.endswith(".py") else path
    parts = name.split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def truth_edges(snippet: Path) -> set[tuple[str, str]]:
    """The written-down call graph, restricted to calls between the snippet's own functions and modules."""
    modules = {module_of(p.relative_to(snippet).as_posix()) for p in snippet.rglob("*.py")}

    def internal(name: str) -> bool:
        return any(name == m or name.startswith(m + ".") for m in modules)

    graph = json.loads((snippet / "callgraph.json").read_text())
    return {(src, dst) for src, dsts in graph.items() for dst in dsts if internal(src) and internal(dst)}


def lambda_names(snippet: Path) -> dict[str, str]:
    """The benchmark's names of the lambdas codelake names by their variable: ``x = lambda: ..`` in ``main`` is
    codelake's ``main.x`` and the benchmark's ``main.<lambda1>`` (lambdas numbered per enclosing scope, in order)."""
    import ast

    names: dict[str, str] = {}

    def visit(node, scope: str, counts: dict) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                visit(child, f"{scope}.{child.name}", {})
                continue
            if isinstance(child, ast.Lambda):
                counts[scope] = counts.get(scope, 0) + 1
                lambda_name = f"{scope}.<lambda{counts[scope]}>"
                if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                    names[f"{scope}.{node.targets[0].id}"] = lambda_name
                visit(child, lambda_name, {})
                continue
            visit(child, scope, counts)

    for path in snippet.rglob("*.py"):
        try:
            tree = ast.parse(path.read_text())
        except (SyntaxError, ValueError):
            continue
        visit(tree, module_of(path.relative_to(snippet).as_posix()), {})
    return names


def codelake_edges(symbols: list[dict], edges: list[dict],
                   lambdas: dict[str, str] | None = None) -> set[tuple[str, str]]:
    """codelake's call edges of one snippet, named as the benchmark names them (``lambdas``: ``lambda_names``)."""
    lambdas = lambdas or {}
    by_id = {s["id"]: s for s in symbols}
    bases: dict[str, list[str]] = {}
    for e in edges:
        if e["kind"] == "inherits" and e["dst_id"]:
            bases.setdefault(e["src_id"], []).append(e["dst_id"])

    def name(sid: str) -> str:
        path, _, qualname = sid.partition("::")
        module = module_of(path)
        named = module if qualname == "<module>" else f"{module}.{qualname}"
        return lambdas.get(named, named)

    def caller(sid: str | None, path: str) -> str:
        while sid in by_id and by_id[sid]["kind"] not in CALLABLE - {"class"}:
            sid = by_id[sid]["parent_id"] or f"{by_id[sid]['path']}::<module>"
        return name(sid) if sid else module_of(path)

    def callee(sid: str) -> str | None:
        symbol = by_id.get(sid)
        if symbol is None or symbol["kind"] not in CALLABLE:
            return None
        if symbol["kind"] == "class":
            init = _inherited(sid, "__init__", bases, by_id)
            return name(init) if init else None
        return name(sid)

    out = set()
    for e in edges:
        if e["kind"] != "calls" or e["ref_form"] == "callback" or not e["dst_id"]:
            continue
        dst = callee(e["dst_id"])
        if dst is not None:
            out.add((caller(e["src_id"], e["path"]), dst))
    return out


def _inherited(cls: str, member: str, bases: dict[str, list[str]], by_id: dict) -> str | None:
    seen, queue = set(), [cls]
    while queue:
        current = queue.pop(0)
        if current in seen:
            continue
        seen.add(current)
        if f"{current}.{member}" in by_id:
            return f"{current}.{member}"
        queue += bases.get(current, [])
    return None


def index_snippet(snippet: Path, lake_dir: Path, work: Path) -> tuple[list[dict], list[dict]]:
    from extractors.structure import StructureExtractor
    from pipeline.lake import Lake

    tree = work / "src"
    shutil.copytree(snippet, tree, ignore=shutil.ignore_patterns("callgraph.json", "README.md"))
    repo = f"{snippet.parent.name}__{snippet.name}"
    lake = Lake(lake_dir)
    lake.run_extractor(repo, StructureExtractor(), tree, options={"workers": 1})
    symbols = lake.read_table(repo, "symbols").select(["id", "path", "kind", "parent_id"]).to_pylist()
    edges = lake.read_table(repo, "edges").select(["src_id", "dst_id", "kind", "ref_form", "path"]).to_pylist()
    shutil.rmtree(tree)
    return symbols, edges


def score(root: Path | None = None) -> dict[str, dict[str, Score]]:
    """{category: {snippet: Score}} over every snippet of the benchmark."""
    root = root or snippets_root()
    results: dict[str, dict[str, Score]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-pycg-") as tmp:
        for snippet in sorted(p.parent for p in root.glob("*/*/callgraph.json")):
            symbols, edges = index_snippet(snippet, Path(tmp) / "lake", Path(tmp))
            found = codelake_edges(symbols, edges, lambda_names(snippet))
            results.setdefault(snippet.parent.name, {})[snippet.name] = Score(found, truth_edges(snippet))
    return results


def totals(scores) -> Score:
    total = Score()
    for name, s in scores:
        total.found |= {(name, *e) for e in s.found}
        total.truth |= {(name, *e) for e in s.truth}
    return total


def main() -> int:
    results = score()
    every = [(f"{c}/{n}", s) for c, snippets in results.items() for n, s in snippets.items()]
    for category, snippets in results.items():
        t = totals(snippets.items())
        print(f"{category:14s} P {t.precision or 0:.2f} R {t.recall or 0:.2f} ({t.hits}/{len(t.found)}/{len(t.truth)})")
    t = totals(every)
    print(f"{'all':14s} P {t.precision:.2f} R {t.recall:.2f} ({t.hits}/{len(t.found)}/{len(t.truth)})")
    if "-v" in sys.argv:
        for name, s in every:
            for e in sorted(s.truth - s.found):
                print(f"miss  {name}: {e[0]} -> {e[1]}")
            for e in sorted(s.found - s.truth):
                print(f"extra {name}: {e[0]} -> {e[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
