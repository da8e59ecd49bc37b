"""Extractor plugins: loaded from the entry point group ``codelake.extractors``, built-ins included.

``CODELAKE_LOAD_PLUGINS=a,b`` loads only those names; ``CODELAKE_DISABLE_PLUGINS=a,b`` skips them. A plugin that fails
to import is reported (``Registry.broken``) and skipped, never fatal. The registry is built on demand, never at import.
"""

from __future__ import annotations

import os
import warnings
from dataclasses import dataclass, field
from importlib.metadata import entry_points

from .errors import PluginError
from .lake import TABLE_NAME

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
        self.extractors[extractor.name] = extractor
        self.origins[extractor.name] = origin

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
            PluginInfo(e.name, e.version, sorted(e.tables), self.origins.get(e.name, ""))
            for e in self.extractors.values()
        ]


def _check_extractor(extractor) -> None:
    for attr in ("name", "version", "tables", "run"):
        if not hasattr(extractor, attr):
            raise PluginError(f"extractor {extractor!r} has no {attr!r}")
    for table, schema in extractor.tables.items():
        if not TABLE_NAME.match(table):
            raise PluginError(f"extractor {extractor.name!r}: table name {table!r} is not [a-z][a-z0-9_]*")
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
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        if (only is not None and ep.name not in only) or ep.name in disabled:
            continue
        origin = f"{ep.dist.name} {ep.dist.version}" if ep.dist else ep.value
        try:
            registry.register(ep.load()(), origin)
        except Exception as exc:  # a broken or clashing plugin is reported, and must not take the others down
            registry.broken[ep.name] = f"{type(exc).__name__}: {exc}"
            warnings.warn(f"codelake: extractor plugin {ep.name!r} from {origin} not loaded: {exc}", stacklevel=2)
    return registry
