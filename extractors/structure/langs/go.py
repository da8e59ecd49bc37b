"""Go imports: a package is a folder, imported by the module path of the nearest go.mod plus the folder's path below
it; the files of one folder and package clause see each other's names; types implement interfaces structurally."""

from __future__ import annotations

import posixpath
import re
from functools import lru_cache

from pipeline.safeio import read_config

GROUP = "go"
STRUCTURAL = True  # a type implements every interface whose methods it has (resolve.structural_bases)
_MODULE_LINE = re.compile(rb"^\s*module\s+\"?([^\s\"]+)\"?", re.M)
_VERSION = re.compile(r"^v\d+$")
_LITERAL = re.compile(r"^\(?\s*&?\s*([\w.]+)\s*(?:\[[^\]]*\])?\s*\{.*\}\s*\)?$", re.S)
_FACTORY = re.compile(r"^(?:([\w]+)\.)?New(\w*)\s*\(.*\)$", re.S)


@lru_cache(maxsize=4096)
def _module_root(root: str, folder: str) -> tuple[str, str] | None:
    """(folder holding go.mod, module path) of the nearest go.mod at or above ``folder``."""
    while True:
        text = read_config(root, posixpath.join(folder, "go.mod"))
        if text is not None:
            m = _MODULE_LINE.search(text)
            return (folder, m.group(1).decode("utf-8", "replace")) if m else None
        if not folder:
            return None
        folder = posixpath.dirname(folder)


def module_keys(paths: list[str], files: dict, root) -> dict[str, list[str]]:
    """Each non-test file under its package's import path (module path + folder below go.mod, else the folder)."""
    out = {}
    for path in paths:
        if path.endswith("_test.go"):
            continue
        folder = posixpath.dirname(path)
        found = _module_root(str(root), folder)
        if found is None:
            out[path] = [folder]
            continue
        mod_dir, mod_path = found
        rel = folder[len(mod_dir):].lstrip("/") if mod_dir else folder
        out[path] = [f"{mod_path}/{rel}" if rel else mod_path]
    return out


def package_scope(path: str, info: dict) -> str:
    return f"{posixpath.dirname(path)}:{info.get('package') or ''}"


def _default_name(import_path: str) -> str:
    """The package name an import binds by default: the last path element, minus a major version and go- prefix."""
    parts = [p for p in import_path.split("/") if p]
    last = parts[-1] if parts else import_path
    if _VERSION.match(last) and len(parts) > 1:
        last = parts[-2]
    last = last.split(".")[0] if "." in last and "/" in import_path else last  # gopkg.in/yaml.v3
    for affix in ("go-",):
        last = last[len(affix):] if last.startswith(affix) else last
    return last[:-3] if last.endswith("-go") else last.replace("-", "_")


def import_binding(module: str | None, name: str | None, alias: str | None):
    if name == "*":  # import . "x": its names are used unqualified
        return None, module, "*"
    if alias == "_":
        return None, module, None
    return (alias or _default_name(module or "")), module, None


def resolve_module(importer: str, spec: str | None, index: dict, root) -> list[str]:
    return index.get(spec, []) if spec else []


def submodule(paths: list[str], name: str, index: dict) -> list[str] | None:
    return None


def inline_type(receiver: str) -> str | None:
    """``T{...}``, ``&T{...}``, ``pkg.T{...}`` -> the type; ``NewT(...)`` / ``pkg.NewT(...)`` -> ``T`` by convention."""
    m = _LITERAL.match(receiver)
    if m:
        return m.group(1)
    m = _FACTORY.match(receiver)
    if m and m.group(2):
        return f"{m.group(1)}.{m.group(2)}" if m.group(1) else m.group(2)
    return None
