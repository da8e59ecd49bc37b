"""A one-shot update does the Python work its edit asks for, not the repository's: each language's support module and
resolver hooks are read when a file of it is met (an update of a Python file in a repository that also holds C and
TypeScript imports neither's), file infos are looked up per asked path, and the stored module index is made into
Python one language group at a time; what they answer is what the eager dicts of a full run answer."""

from __future__ import annotations

import json
import subprocess
import sys

import pyarrow as pa

from conftest import index_structure

FILES = {
    "pkg/__init__.py": "",
    "pkg/core.py": "import os\n\n\nclass Base:\n    def run(self):\n        return os.getcwd()\n",
    "pkg/app.py": "from pkg.core import Base\n\n\nclass App(Base):\n    def go(self):\n        return self.run()\n",
    "native/lib.c": '#include "lib.h"\n\nint add(int a, int b) { return a + b; }\n',
    "native/lib.h": "int add(int a, int b);\n",
    "native/main.c": '#include "lib.h"\n\nint main(void) { return add(1, 2); }\n',
    "web/util.ts": "export function shout(s: string): string {\n  return s.toUpperCase();\n}\n",
    "web/index.ts": "import { shout } from './util';\n\nexport const hello = () => shout('hi');\n",
}

# a fresh interpreter, so that only the update's own imports are in ``sys.modules``; parsed in that process
UPDATE = """
import json, sys
from pipeline import indexing
from pipeline.lake import Lake
summary = indexing.update(sys.argv[1], [sys.argv[2]], repo="repo", lake=Lake(sys.argv[3]), worker="off", ahead=False)
json.dump({"status": summary.status, "modules": sorted(sys.modules)}, sys.stdout)
"""


def _edges(lake) -> set[tuple]:
    table = lake.read_table("repo", "edges")
    return set(zip(*(table.column(c).to_pylist() for c in ("path", "src_id", "dst_id", "kind", "line"))))


def test_an_update_of_a_python_file_imports_no_other_languages_module(lake, make_repo, tmp_path):
    from pipeline.lake import Lake

    root = make_repo(files=FILES)
    index_structure(lake, root)
    (root / "pkg/app.py").write_text(FILES["pkg/app.py"] + "\n    def again(self):\n        return self.go()\n")
    proc = subprocess.run([sys.executable, "-c", UPDATE, str(root), "pkg/app.py", str(lake.root)],
                          capture_output=True, text=True, cwd=root, timeout=300)
    assert proc.returncode == 0, proc.stderr
    found = json.loads(proc.stdout)
    assert found["status"] == "ok"
    langs = {m.rsplit(".", 1)[1] for m in found["modules"] if m.startswith("extractors.structure.langs.")}
    assert "python" in langs
    assert not langs & {"c", "cpp", "javascript"}, langs  # the C and TypeScript files were never met
    # the same edges as a full index of the edited repository: the Python file's calls and bases resolved, the
    # C and TypeScript files' edges kept
    full = Lake(tmp_path / "full")
    index_structure(full, root)
    edges = _edges(lake)
    assert edges == _edges(full)
    assert ("pkg/app.py", "pkg/app.py::App.again", "pkg/app.py::App.go", "calls", 9) in edges
    assert ("pkg/app.py", "pkg/app.py::App.go", "pkg/core.py::Base.run", "calls", 6) in edges
    assert ("native/main.c", "native/main.c::main", "native/lib.c::add", "calls", 3) in edges
    assert not any(e[2] == "pkg/app.py::App.again" for e in edges)  # nothing calls the new method


def _files_table(rows: list[tuple]) -> pa.Table:
    return pa.table({c: pa.array([r[i] for r in rows], pa.string())
                     for i, c in enumerate(["path", "language", "package", "parse_status"])})


def test_file_infos_answer_per_path_what_the_whole_dict_answers():
    from extractors.structure.rows import FileInfos, _concat, _kept, file_infos

    lake = _files_table([("z/last.py", "python", None, "ok"), ("a/first.c", "c", None, "ok"),
                         ("m/skipped.py", "python", None, "skipped"), ("m/changed.py", "python", None, "ok"),
                         ("m/deleted.ts", "typescript", "web", "ok"), ("b/pkg.go", "go", "b", "partial")])
    new = _files_table([("m/changed.py", "python", None, "skipped"), ("n/added.ts", "typescript", "web", "ok")])
    keep = {"z/last.py", "a/first.c", "m/skipped.py", "b/pkg.go"}
    columns = ["path", "language", "package", "parse_status"]
    whole = file_infos(_concat(_kept(lake, keep, columns), new, columns))
    reads = []
    infos = FileInfos(lambda: reads.append(1) or lake, keep, new)
    asked = ["b/pkg.go", "m/changed.py", "m/deleted.ts", "n/added.ts", "a/first.c", "m/skipped.py", "z/last.py",
             "nowhere.py", "a/first.c"]
    assert [infos.get(p) for p in asked] == [whole.get(p) for p in asked]
    assert [p in infos for p in asked] == [p in whole for p in asked]
    assert infos.get("nowhere.py", {}) == {} and infos["z/last.py"] == whole["z/last.py"]
    assert reads == [1]  # the lake's table read once, for the first kept file asked
    assert list(infos.items()) == list(whole.items())  # iterating: the whole dict, in its order
    assert FileInfos(lambda: None, set(), new).get("n/added.ts") == whole["n/added.ts"]  # a lake without files


def test_a_stored_module_index_made_per_group_is_the_whole_one():
    from extractors.structure.graph import MODULE_COLUMNS, stored_modules

    rows = [("module", "python", "pkg.core", "pkg/core.py", None), ("module", "c", "lib.h", "native/lib.h", None),
            ("package", "java", "a.b", "A.java", None), ("module", "python", "pkg", "pkg/__init__.py", None),
            ("module", "python", "pkg.core", "pkg/core.pyi", None), ("block", None, "App\\Http", "x.php", 3),
            ("package", "go", "b", "b/x.go", None), ("package", "java", "a.b", "B.java", None),
            ("block", None, "App", "x.php", 1), ("module", "c", "lib.c", "native/lib.c", None)]
    columns = {c: [r[i] for r in rows] for i, c in enumerate(MODULE_COLUMNS[:-1])}
    columns["position"] = list(range(len(rows)))
    eager = stored_modules(columns)
    table = pa.table({"kind": pa.array(columns["kind"], pa.string()), "family": pa.array(columns["family"]),
                      "key": pa.array(columns["key"]), "path": pa.array(columns["path"]),
                      "line": pa.array(columns["line"], pa.int32()), "position": pa.array(columns["position"])})
    lazy = stored_modules(table)
    assert lazy.module_index.get("python") == eager.module_index["python"]
    assert dict.get(lazy.module_index, "c") is None  # the C group's keys not made: no C file asked
    assert lazy.packages.get(("go", "b")) == ["b/x.go"] and lazy.packages.get(("go", "nothing"), []) == []
    assert dict.get(lazy.packages, ("java", "a.b")) is None
    assert lazy.module_index.get("rust", {}) == {} and "rust" not in lazy.module_index
    assert lazy.package_blocks == eager.package_blocks
    assert list(lazy.module_index.items()) == list(eager.module_index.items())  # every group, in the rows' order
    assert list(lazy.packages.items()) == list(eager.packages.items())
