"""Import resolution per language family. Each module defines:

- ``GROUP``: languages that import each other (javascript, typescript and tsx share one).
- ``module_keys(paths, files, root) -> {path: [keys]}``: the names under which other files import each file.
- ``package_scope(path, info) -> str | None``: files sharing a scope see each other's top-level names unimported
  (a Go package directory, a Java package).
- ``import_binding(module, name, alias) -> (local name or None, module spec, imported name or None)``.
- ``resolve_module(importer, spec, index, root) -> [paths]``: the file(s) a module spec names.
- ``submodule(paths, name, index) -> [paths] | None``: ``name`` inside the module made of ``paths``.
"""
