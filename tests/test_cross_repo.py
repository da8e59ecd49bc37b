"""Cross-repository edges: the package names a repository declares connect another repository's imports and calls
to its symbols (Python, JavaScript, Go, Java, Rust), and blast_radius_org walks across them."""

from __future__ import annotations

import json

import pytest

from test_cli import codelake

REPOS = {
    "corelib": {
        "pyproject.toml": '[project]\nname = "acme-core"\nversion = "1.2.0"\n',
        "src/acmecore/__init__.py": "from .client import Client\n",
        "src/acmecore/client.py": "class Client:\n    def fetch(self):\n        return parse()\n\n\n"
                                  "def parse():\n    return 1\n",
        "tests/test_client.py": "def test_fetch():\n    pass\n",
    },
    "webapp": {
        "pyproject.toml": '[project]\nname = "webapp"\n',
        "webapp/__init__.py": "",
        "webapp/views.py": "import acmecore\nfrom acmecore.client import parse\n\n\n"
                           "def index():\n    return acmecore.Client().fetch()\n\n\n"
                           "def raw():\n    return parse()\n",
    },
    "gokit": {
        "go.mod": "module example.com/acme/gokit\n\ngo 1.22\n",
        "flags/flags.go": "package flags\n\nfunc Parse(args []string) int {\n\treturn len(args)\n}\n",
    },
    "gocli": {
        "go.mod": "module example.com/acme/gocli\n\nrequire example.com/acme/gokit v0.1.0\n",
        "main.go": 'package main\n\nimport fl "example.com/acme/gokit/flags"\n\n'
                   "func main() {\n\tfl.Parse(nil)\n}\n",
    },
    "jsutil": {
        "package.json": '{"name": "@acme/util", "version": "2.0.0", "main": "index.js"}',
        "index.js": "function slugify(s) {\n  return s.toLowerCase();\n}\nmodule.exports = { slugify };\n",
    },
    "jsweb": {
        "package.json": '{"name": "jsweb", "dependencies": {"@acme/util": "^2"}}',
        "app.js": "const util = require('@acme/util');\n\nfunction page(t) {\n  return util.slugify(t);\n}\n"
                  "module.exports = { page };\n",
    },
    "javalib": {
        "pom.xml": "<project><groupId>com.acme</groupId><artifactId>money</artifactId></project>",
        "src/main/java/com/acme/money/Money.java": "package com.acme.money;\n\npublic class Money {\n"
                                                   "    public static Money of(int c) { return new Money(); }\n}\n",
    },
    "javaapp": {
        "pom.xml": "<project><groupId>com.acme</groupId><artifactId>shop</artifactId></project>",
        "src/main/java/com/acme/shop/Cart.java": "package com.acme.shop;\n\nimport com.acme.money.Money;\n\n"
                                                 "public class Cart {\n    Money total() { return Money.of(1); }\n}\n",
    },
}


@pytest.fixture(scope="module")
def org_lake(tmp_path_factory):
    from conftest import git

    base = tmp_path_factory.mktemp("xrepo")
    lake = base / "lake"
    for name, files in REPOS.items():
        root = base / name
        for rel, text in files.items():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(text)
        git(root, "init", "-q", "-b", "main")
        git(root, "add", "-A")
        git(root, "commit", "-qm", "init")
        out = codelake(lake, "index", str(root), "--repo", name, "--extractors", "structure,packages")
        assert out.returncode == 0, out.stderr
    return lake


def sql(lake, query: str) -> list[dict]:
    out = codelake(lake, "sql", query, "--format", "json")
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_manifests_declare_packages_and_import_names(org_lake):
    rows = sql(org_lake, "SELECT repo, ecosystem, name, module, module_path FROM packages ORDER BY repo, module")
    got = {(r["repo"], r["ecosystem"], r["name"], r["module"], r["module_path"]) for r in rows}
    assert ("corelib", "pypi", "acme-core", "acmecore", "src/acmecore") in got
    assert ("gokit", "go", "example.com/acme/gokit", "example.com/acme/gokit", "") in got
    assert ("jsutil", "npm", "@acme/util", "@acme/util", "") in got
    assert ("javalib", "maven", "com.acme:money", "com.acme.money", "src/main/java/com/acme/money") in got
    assert ("webapp", "pypi", "webapp", "webapp", "webapp") in got


def test_imports_and_calls_reach_the_other_repositorys_symbols(org_lake):
    rows = sql(org_lake, "SELECT repo, src_id, kind, dst_repo, dst_id, resolution FROM cross_repo_edges "
                         "WHERE dst_id IS NOT NULL ORDER BY ALL")
    got = {(r["repo"], r["src_id"], r["kind"], r["dst_id"], r["resolution"]) for r in rows}
    assert ("webapp", "webapp/views.py::index", "calls", "src/acmecore/client.py::Client", "package") in got
    assert ("webapp", "webapp/views.py::raw", "calls", "src/acmecore/client.py::parse", "package") in got
    assert ("webapp", "webapp/views.py::<module>", "imports", "src/acmecore/__init__.py::<module>",
            "package_module") in got
    assert ("gocli", "main.go::main", "calls", "flags/flags.go::Parse", "package") in got
    assert ("jsweb", "app.js::page", "calls", "index.js::slugify", "package") in got
    assert ("javaapp", "src/main/java/com/acme/shop/Cart.java::Cart.total", "calls",
            "src/main/java/com/acme/money/Money.java::Money.of", "package") in got
    assert not any(r["dst_repo"] == r["repo"] for r in rows)  # only edges between repositories


def test_cross_repo_callers_and_the_dependency_graph(org_lake):
    callers = sql(org_lake, "SELECT repo, symbol_id, caller_repo, calls FROM cross_repo_callers "
                            "WHERE symbol_id = 'src/acmecore/client.py::Client'")
    assert callers == [{"repo": "corelib", "symbol_id": "src/acmecore/client.py::Client", "caller_repo": "webapp",
                        "calls": 1}]
    deps = {(r["repo"], r["dst_repo"]) for r in sql(org_lake, "SELECT repo, dst_repo FROM repo_dependencies")}
    assert deps == {("webapp", "corelib"), ("gocli", "gokit"), ("jsweb", "jsutil"), ("javaapp", "javalib")}


def test_blast_radius_crosses_repositories_only_when_asked(org_lake):
    inside = codelake(org_lake, "blast-radius", "src/acmecore/client.py::parse", "--repo", "corelib", "--format", "json")
    assert {r["id"] for r in json.loads(inside.stdout)} == {"src/acmecore/client.py::Client.fetch"}
    out = codelake(org_lake, "blast-radius", "src/acmecore/client.py::parse", "--repo", "corelib", "--cross-repo",
                   "--format", "json")
    assert out.returncode == 0, out.stderr
    rows = {(r["repo"], r["id"], r["depth"]) for r in json.loads(out.stdout)}
    assert ("webapp", "webapp/views.py::raw", 1) in rows  # calls parse directly
    assert "in other repositories" in out.stderr
    out = codelake(org_lake, "blast-radius", "src/acmecore/__init__.py", "--repo", "corelib", "--cross-repo",
                   "--format", "json")
    rows = {(r["repo"], r["id"], r["depth"]) for r in json.loads(out.stdout)}
    assert ("webapp", "webapp/views.py::<module>", 1) in rows  # `import acmecore` depends on the package's module
    out = codelake(org_lake, "blast-radius", "src/acmecore/client.py::Client", "--cross-repo", "--format", "json")
    rows = {(r["repo"], r["id"], r["depth"]) for r in json.loads(out.stdout)}
    assert ("webapp", "webapp/views.py::index", 1) in rows  # acmecore.Client() through the namespace import
    back = codelake(org_lake, "blast-radius", "webapp/views.py::index", "--reverse", "--cross-repo", "--format", "json")
    assert ("corelib", "src/acmecore/client.py::Client") in {(r["repo"], r["id"]) for r in json.loads(back.stdout)}


def test_a_shared_interfaces_snippet_names_the_repositories_using_it(org_lake):
    from pipeline.exports import read

    for repo in ("corelib", "webapp"):
        out = codelake(org_lake, "export", "--repo", repo)
        assert out.returncode == 0, out.stderr
    shared = read.snippet(str(org_lake), "corelib", "src/acmecore/client.py", check_fresh=False)
    assert "used by other repos: webapp (3 refs)" in shared  # Client, parse, and the module import's target
    assert "other repos" not in read.snippet(str(org_lake), "webapp", "webapp/views.py", check_fresh=False)
