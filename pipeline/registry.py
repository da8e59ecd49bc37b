"""Extractor plugins: loaded from the entry point group ``codelake.extractors``, built-ins included.

``CODELAKE_LOAD_PLUGINS=a,b`` loads only those names; ``CODELAKE_DISABLE_PLUGINS=a,b`` skips them. A plugin that fails
to import is reported (``Registry.broken``) and skipped, never fatal. The registry is built on demand, never at import.
Built-in extractors register first; a plugin declaring a table another extractor writes, or a view named like one
that exists, is refused (a table belongs to one ``owner``: extractors sharing one on purpose name the same owner).
"""

from __future__ import annotations

import os
import warnings
from dataclasses import dataclass, field
from importlib.metadata import entry_points

from .errors import PluginError
from .extractor import extractor_views
from .lake import RUNS_TABLE, TABLE_NAME, internal_tables, owner_of

ENTRY_POINT_GROUP = "codelake.extractors"


@dataclass
class PluginInfo:
    name: str
    version: str
    tables: list[str]
    distribution: str


@dataclass
class Registry:
    extractors: dict = field(default_factory=dict)
    origins: dict[str, str] = field(default_factory=dict)
    broken: dict[str, str] = field(default_factory=dict)

    def register(self, extractor, origin: str = "") -> None:
        _check_extractor(extractor)
        if extractor.name in self.extractors:
            raise PluginError(
                f"two extractors named {extractor.name!r}: {self.origins[extractor.name]} and {origin or '?'}"
            )
        self._check_tables_free(extractor)
        self._check_views_free(extractor)
        self.extractors[extractor.name] = extractor
        self.origins[extractor.name] = origin

    def _check_tables_free(self, extractor) -> None:
        for other in self.extractors.values():
            taken = sorted(set(other.tables) & set(extractor.tables))
            if taken and owner_of(other) != owner_of(extractor):
                raise PluginError(f"extractor {extractor.name!r} declares table {taken[0]!r}, which extractor "
                                  f"{other.name!r} ({self.origins.get(other.name) or '?'}) writes; a plugin may not "
                                  f"write another extractor's table")

    def _check_views_free(self, extractor) -> None:
        from .catalog import sql_files

        views = set(extractor_views(extractor))
        taken = {name: "codelake" for name in sql_files()}
        for other in self.extractors.values():
            taken.update({name: f"extractor {other.name!r}" for name in extractor_views(other)})
        for name in sorted(views):
            if not TABLE_NAME.fullmatch(name):
                raise PluginError(f"extractor {extractor.name!r}: view name {name!r} is not [a-z][a-z0-9_]*")
            if name in taken and taken[name] != f"extractor {extractor.name!r}":
                raise PluginError(f"extractor {extractor.name!r} ships a view {name!r}, which {taken[name]} "
                                  f"already defines")

    def get(self, name: str):
        try:
            return self.extractors[name]
        except KeyError:
            known = ", ".join(sorted(self.extractors)) or "none"
            raise PluginError(f"no extractor named {name!r} (installed: {known})") from None

    def select(self, names: list[str] | None) -> list:
        return [self.get(n) for n in names] if names else list(self.extractors.values())

    def describe(self) -> list[PluginInfo]:
        return [
            PluginInfo(e.name, e.version, sorted(set(e.tables) - internal_tables(e)), self.origins.get(e.name, ""))
            for e in self.extractors.values()
        ]


def _check_extractor(extractor) -> None:
    for attr in ("name", "version", "tables", "run"):
        if not hasattr(extractor, attr):
            raise PluginError(f"extractor {extractor!r} has no {attr!r}")
    for table, schema in extractor.tables.items():
        if not TABLE_NAME.fullmatch(table) or table == RUNS_TABLE:
            raise PluginError(f"extractor {extractor.name!r}: table name {table!r} is not [a-z][a-z0-9_]* or is "
                              f"reserved ({RUNS_TABLE!r} is the lake's own)")
        if "repo" not in schema.names:
            raise PluginError(f"extractor {extractor.name!r}: table {table!r} has no 'repo' column")


def _env_names(var: str) -> set[str] | None:
    value = os.environ.get(var, "").strip()
    return {n.strip() for n in value.split(",") if n.strip()} if value else None


def load_registry(names: set[str] | None = None) -> Registry:
    """Every installed extractor, or only ``names`` (the post-edit path loads just the one it needs)."""
    registry = Registry()
    only, disabled = _env_names("CODELAKE_LOAD_PLUGINS"), _env_names("CODELAKE_DISABLE_PLUGINS") or set()
    if names is not None:
        only = names if only is None else only & names
    builtin_first = lambda e: (not (e.dist and e.dist.name == "codelake"), e.name)  # noqa: E731
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=builtin_first):
        if (only is not None and ep.name not in only) or ep.name in disabled:
            continue
        origin = f"{ep.dist.name} {ep.dist.version}" if ep.dist else ep.value
        try:
            registry.register(ep.load()(), origin)
        except Exception as exc:  # a broken or clashing plugin is reported, and must not take the others down
            registry.broken[ep.name] = f"{type(exc).__name__}: {exc}"
            warnings.warn(f"codelake: extractor plugin {ep.name!r} from {origin} not loaded: {exc}", stacklevel=2)
    return registry
