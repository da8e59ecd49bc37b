"""Token counts, offline: OpenAI's ``o200k_base`` BPE (the encoding of the GPT-4o/GPT-5/Codex models) from the
``bpe-openai`` package, which bundles its vocabularies (tiktoken downloads them on first use and fails offline).

Claude's current tokenizer is not published; see the README for how these counts compare with Claude's. Without the
package (or with ``CODELAKE_TOKENIZER=estimate``) a conservative estimate is used: one token per 3 bytes, never
fewer than the words and punctuation marks.
"""

from __future__ import annotations

import math
import os
import re
from functools import lru_cache

DEFAULT_ENCODING = "o200k_base"
_PIECES = re.compile(r"\w+|[^\w\s]")


class Counter:
    def __init__(self, name: str, count):
        self.name, self.count = name, count

    def __repr__(self) -> str:
        return f"Counter({self.name!r})"


def _estimate(text: str) -> int:
    return max(math.ceil(len(text.encode("utf-8")) / 3), len(_PIECES.findall(text))) if text else 0


def _load_bindings():
    """bpe-openai's compiled module, loaded on its own: the package's ``__init__`` builds a registry of every model
    at import (about 0.7 s); the extension alone loads in 1 ms and one vocabulary in about 0.25 s."""
    import importlib.util

    spec = importlib.util.find_spec("bpe_openai")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("bpe-openai is not installed")
    folder = list(spec.submodule_search_locations)[0]
    names = sorted(n for n in os.listdir(folder) if n.startswith("_bindings") and n.endswith((".so", ".pyd")))
    if not names:
        import bpe_openai._bindings as module  # an unusual build: the ordinary import

        return module
    ext = importlib.util.spec_from_file_location("bpe_openai._bindings", os.path.join(folder, names[0]))
    module = importlib.util.module_from_spec(ext)
    ext.loader.exec_module(module)
    return module


@lru_cache(maxsize=None)
def counter() -> Counter:
    """The token counter (``CODELAKE_TOKENIZER``: an encoding name, default o200k_base, or ``estimate``)."""
    wanted = os.environ.get("CODELAKE_TOKENIZER", DEFAULT_ENCODING).strip() or DEFAULT_ENCODING
    if wanted != "estimate":
        try:
            tokenizer = _load_bindings().tokenizer_for_encoding(wanted)
            return Counter(f"{wanted} (bpe-openai)", tokenizer.count)
        except Exception:  # missing package or unknown encoding: the estimate, and the manifest says so
            pass
    return Counter("estimate (bytes/3)", _estimate)


# Counts already known, by text (``remember``): a warm worker's export child renders again the snippets of the edited
# files, whose texts an edit inside a body rarely changes; looked up here, the ``o200k_base`` tables (~67 MiB, 0.07 s
# of CPU to load) are never loaded for them. Exact: each count is the tokenizer's own for that very text.
_known: dict[str, int] = {}
_counted: dict[str, int] | None = None  # what this process counted or looked up, while ``recording``
KNOWN_MAX = 4096  # texts held at most (a snippet's candidates, ~100 tokens each: ~2 MiB at most)


def expected_name() -> str:
    """The name ``name()`` gives, without loading the tokenizer when ``CODELAKE_TOKENIZER`` names an encoding and
    bpe-openai is installed (an unknown encoding is found out at its load: ``name()`` then says estimate)."""
    wanted = os.environ.get("CODELAKE_TOKENIZER", DEFAULT_ENCODING).strip() or DEFAULT_ENCODING
    if counter.cache_info().currsize or wanted == "estimate":
        return name()
    import importlib.util

    return f"{wanted} (bpe-openai)" if importlib.util.find_spec("bpe_openai") else name()


def remember(counts: dict[str, int], tokenizer: str) -> None:
    """Keep ``counts`` (text -> tokens) counted by ``tokenizer`` (a manifest's, a record's): only counts of this
    process's tokenizer are kept; the oldest go past ``KNOWN_MAX``."""
    if tokenizer != expected_name():
        return
    for text, n in counts.items():
        if isinstance(text, str) and type(n) is int:
            _known.pop(text, None)
            _known[text] = n
    for text in list(_known)[: max(len(_known) - KNOWN_MAX, 0)]:
        del _known[text]


def known() -> dict[str, int]:
    """The counts kept (``remember``), oldest first: a warm worker hands them to its export child."""
    return dict(_known)


def recording() -> dict[str, int]:
    """From now on, every count this process makes or looks up is kept in the dict returned (for its parent)."""
    global _counted
    _counted = {}
    return _counted


def count(text: str) -> int:
    if not text:
        return 0
    n = _known.get(text)
    if n is None:
        n = counter().count(text)
    if _counted is not None:
        _counted[text] = n
    return n


def name() -> str:
    return counter().name
