"""What each manifest declares: the package name others depend on, and the import names (modules) it provides.

One function per ecosystem, each given the manifest's path, its text and the repository's file list, returning
``Module`` records. The import name is what another repository's code writes in an import:

- pyproject.toml / setup.cfg (PyPI): the top-level packages (folders with ``__init__.py`` at the root or under
  ``src/``, or ``[tool.setuptools] packages`` / ``package-dir``), ``.``-separated;
- package.json (npm): the package name (``@scope/name`` included), ``/``-separated subpaths;
- go.mod (Go): the module path, ``/``-separated packages;
- Cargo.toml (Rust): the crate name (``[lib] name``, else the package name with ``-`` as ``_``), ``::``-separated;
- pom.xml, build.gradle(.kts) (Maven/Gradle): the Java packages under ``src/main/java`` (and ``kotlin``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

SKIP_DIRS = {"node_modules", "vendor", "third_party", "third-party", "testdata", "fixtures", "test", "tests",
             "examples", "example", "docs", "benchmarks", ".git", "site-packages", ".venv", "venv"}
NOT_PACKAGES = {"tests", "test", "testing", "docs", "doc", "examples", "example", "scripts", "benchmarks", "bench",
                "tools", "build", "dist", "site-packages"}
JVM_SOURCES = ("src/main/java/", "src/main/kotlin/")


@dataclass(frozen=True)
class Module:
    ecosystem: str  # pypi | npm | go | cargo | maven
    language: str  # the language family whose imports name it: python | javascript | go | rust | java
    name: str  # the package as published or depended on
    version: str | None
    manifest: str  # path of the manifest in the repository
    module: str  # the import name (prefix) code elsewhere writes
    separator: str  # between the module and what is inside it: '.', '/', '::'
    module_path: str  # repository folder (or file stem) that implements ``module``; '' = the repository root


def folder(path: str) -> str:
    return path.rsplit("/", 1)[0] if "/" in path else ""


def join(base: str, rel: str) -> str:
    return f"{base}/{rel}".strip("/") if base else rel.strip("/")


def wanted(path: str) -> bool:
    """A manifest worth reading: not vendored, not in a test fixture or example."""
    parts = path.split("/")
    return parts[-1] in PARSERS and not any(p in SKIP_DIRS for p in parts[:-1])


def python(path: str, text: str, files: list[str]) -> list[Module]:
    import tomllib

    base = folder(path)
    if path.endswith(".toml"):
        data = tomllib.loads(text)
        project = data.get("project") or {}
        poetry = (data.get("tool") or {}).get("poetry") or {}
        name, version = project.get("name") or poetry.get("name"), project.get("version") or poetry.get("version")
        setuptools = (data.get("tool") or {}).get("setuptools") or {}
    else:  # setup.cfg
        match = re.search(r"(?m)^\s*name\s*=\s*([A-Za-z0-9._-]+)", text)
        name, version, setuptools = (match.group(1) if match else None), None, {}
    if not name:
        return []
    modules = _declared_python(setuptools, base) or _found_python(base, files) or _single_module(name, base, files)
    return [Module("pypi", "python", name, version, path, m, ".", p) for m, p in sorted(modules.items())]


def _declared_python(setuptools: dict, base: str) -> dict[str, str]:
    packages, dirs = setuptools.get("packages"), setuptools.get("package-dir") or {}
    if not isinstance(packages, list):
        return {}
    top = {p for p in packages if isinstance(p, str) and "." not in p}
    root = dirs.get("", "") if isinstance(dirs.get("", ""), str) else ""
    return {p: join(base, dirs[p] if isinstance(dirs.get(p), str) else join(root, p)) for p in top}


def _found_python(base: str, files: list[str]) -> dict[str, str]:
    found = {}
    for prefix in (join(base, "src"), base):
        start = f"{prefix}/" if prefix else ""
        for f in files:
            if f.startswith(start) and f.endswith("/__init__.py"):
                parts = f[len(start):].split("/")
                if len(parts) == 2 and parts[0].isidentifier() and parts[0] not in NOT_PACKAGES:
                    found.setdefault(parts[0], join(prefix, parts[0]))
        if found:
            return found
    return found


def _single_module(name: str, base: str, files: list[str]) -> dict[str, str]:
    stem = re.sub(r"[-.]+", "_", name).lower()
    for prefix in (join(base, "src"), base):
        if join(prefix, f"{stem}.py") in files:
            return {stem: join(prefix, stem)}
    return {}


def npm(path: str, text: str, files: list[str]) -> list[Module]:
    data = json.loads(text)
    name = data.get("name") if isinstance(data, dict) else None
    if not isinstance(name, str) or not name:
        return []
    version = data.get("version") if isinstance(data.get("version"), str) else None
    return [Module("npm", "javascript", name, version, path, name, "/", folder(path))]


def go(path: str, text: str, files: list[str]) -> list[Module]:
    match = re.search(r"(?m)^\s*module\s+\"?([^\s\"]+)\"?", text)
    if not match:
        return []
    module = match.group(1)
    return [Module("go", "go", module, None, path, module, "/", folder(path))]


def cargo(path: str, text: str, files: list[str]) -> list[Module]:
    import tomllib

    data = tomllib.loads(text)
    package = data.get("package") or {}
    name = package.get("name")
    if not isinstance(name, str):
        return []  # a workspace root: its members have manifests of their own
    lib = data.get("lib") or {}
    crate = (lib.get("name") if isinstance(lib.get("name"), str) else None) or name.replace("-", "_")
    version = package.get("version") if isinstance(package.get("version"), str) else None
    return [Module("cargo", "rust", name, version, path, crate, "::", join(folder(path), "src"))]


def maven(path: str, text: str, files: list[str]) -> list[Module]:
    base = folder(path)
    if path.endswith("pom.xml"):
        body = re.sub(r"(?s)<parent>.*?</parent>|<!--.*?-->", "", text)
        group, artifact = (re.search(rf"<{tag}>\s*([^<\s]+)\s*</{tag}>", body) for tag in ("groupId", "artifactId"))
        name = ":".join(m.group(1) for m in (group, artifact) if m) or base.rsplit("/", 1)[-1]
    else:
        name = base.rsplit("/", 1)[-1] or "root"
    packages = {}
    for source in JVM_SOURCES:
        start = join(base, source) + "/"
        for f in files:
            if f.startswith(start) and f.endswith((".java", ".kt")) and "/" in f[len(start):]:
                rel = folder(f[len(start):])
                packages.setdefault(rel.replace("/", "."), join(base, source + rel))
    return [Module("maven", "java", name, None, path, pkg, ".", p) for pkg, p in sorted(packages.items())]


PARSERS = {"pyproject.toml": python, "setup.cfg": python, "package.json": npm, "go.mod": go, "Cargo.toml": cargo,
           "pom.xml": maven, "build.gradle": maven, "build.gradle.kts": maven}
