"""A one-shot update imports what its files' language needs, no more: the grammar binding and ``langs`` module of
that language, not the others' (tree-sitter-language-pack's own import loads the YAML, C# and embedded-template
bindings whatever the file), and its regular expressions compile when used."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import index_structure

FILES = {"pkg/__init__.py": "", "pkg/core.py": "import re\n\n\ndef helper(x):\n    return re.sub('a', 'b', x)\n",
         "pkg/app.py": "from pkg.core import helper\n\n\ndef run():\n    return helper('abc')\n"}

# run in a fresh interpreter, so that only the update's own imports are in ``sys.modules``; parsed in that process
# (no parse-ahead child to inherit or hide them)
UPDATE = """
import json, sys
from pipeline import indexing
from pipeline.lake import Lake
summary = indexing.update(sys.argv[1], [sys.argv[2]], repo="repo", lake=Lake(sys.argv[3]), worker="off", ahead=False)
import extractors.structure.parse as parse
lazy = sum(type(v).__name__ == "LazyPattern" for v in vars(parse).values())
json.dump({"status": summary.status, "modules": sorted(sys.modules), "uncompiled_in_parse": lazy}, sys.stdout)
"""


def _update_in_a_fresh_process(lake, root, rel: str) -> dict:
    proc = subprocess.run([sys.executable, "-c", UPDATE, str(root), rel, str(lake.root)], capture_output=True,
                          text=True, cwd=root, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_an_update_of_a_python_file_imports_no_other_language(lake, make_repo):
    root = make_repo(files=FILES)
    index_structure(lake, root)
    (root / "pkg/app.py").write_text(FILES["pkg/app.py"] + "\n\ndef again():\n    return run()\n")
    found = _update_in_a_fresh_process(lake, root, "pkg/app.py")
    assert found["status"] == "ok"
    modules = found["modules"]
    grammars = [m for m in modules if m.startswith("tree_sitter_") and m.split(".")[0] != "tree_sitter_language_pack"]
    assert grammars == []  # not tree_sitter_yaml, tree_sitter_c_sharp, tree_sitter_embedded_template
    bindings = [m for m in modules if m.startswith("tree_sitter_language_pack.bindings.")]
    assert bindings == ["tree_sitter_language_pack.bindings.python"]
    assert "tree_sitter" in modules  # it did parse, in this process
    langs = {m.rsplit(".", 1)[1] for m in modules if m.startswith("extractors.structure.langs.")}
    assert langs <= {"python", "arity"}, langs  # arity: the generic parameter counts parse reads for every language
    assert "extractors.structure.langs.python" in modules
    assert found["uncompiled_in_parse"] > 20  # most of parse's patterns never used by this edit: never compiled
