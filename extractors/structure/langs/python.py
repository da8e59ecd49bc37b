"""Python imports: absolute (from each package root), relative (``from ..a import b``), aliases, ``__init__``."""

from __future__ import annotations

import posixpath

GROUP = "python"


def _module_path(path: str) -> str:
    stem = path.rsplit(".", 1)[0]
    return stem[: -len("/__init__")] if stem.endswith("/__init__") else ("" if stem == "__init__" else stem)


def module_keys(paths: list[str], files: dict, root) -> dict[str, list[str]]:
    """Dotted names from the repository root and from each package root (the first folder without __init__.py)."""
    packages = {posixpath.dirname(p) for p in paths if posixpath.basename(p).startswith("__init__.")}
    out = {}
    for path in paths:
        mod = _module_path(path)
        keys = [mod.replace("/", ".")] if mod else []
        folder = posixpath.dirname(path)
        while folder and folder in packages:  # "" is the root: a package itself when it has __init__.py
            folder = posixpath.dirname(folder)
        if folder and mod.startswith(folder + "/"):
            keys.append(mod[len(folder) + 1:].replace("/", "."))
        out[path] = keys
    return out


def package_scope(path: str, info: dict) -> None:
    return None


def import_binding(module: str | None, name: str | None, alias: str | None):
    if name is None:  # import a.b [as c]
        return (alias or module), module, None
    local = None if name == "*" else (alias or name.rpartition(".")[2])
    return local, module, name


def resolve_module(importer: str, spec: str | None, index: dict, root) -> list[str]:
    if not spec:
        return []
    level = len(spec) - len(spec.lstrip("."))
    if not level:
        return index.get(spec, [])
    folder = posixpath.dirname(importer)
    for _ in range(level - 1):
        folder = posixpath.dirname(folder)
    rest = spec[level:].replace(".", "/")
    base = posixpath.join(folder, rest) if rest else folder
    return _files_of(base.lstrip("/"), index)


def _files_of(base: str, index: dict) -> list[str]:
    key = base.replace("/", ".")
    for path in index.get(key, []):
        if _module_path(path) == base:
            return [path]
    return []


def submodule(paths: list[str], name: str, index: dict) -> list[str] | None:
    for path in paths:
        if posixpath.basename(path).startswith("__init__."):
            found = _files_of(posixpath.join(posixpath.dirname(path), name.replace(".", "/")), index)
            if found:
                return found
    return None
