"""A small shop repository with a history and agent sessions, for the map's tests (neighbourhood, communities,
doc_refs, exports). Built with fixed names and dates (tests/git_fixtures.py), so hashes and rows are stable.

What each signal says about ``shop/api.py`` (by construction):
- structure: api.py calls Store often (store.py strongest), price twice, report never;
- co-change: api.py and report.py change together in four commits, api.py and pricing.py in three;
- co-touch: agents work on api.py with tests/test_api.py most, and with pricing.py;
- so pricing.py, moderately strong in all three, leads the fusion, while each signal alone leads with another file.
"""

from __future__ import annotations

import json
from pathlib import Path

from git_fixtures import ANN, BEN, CY, GitRepo

REPO = "shop"

SOURCES = {
    "shop/__init__.py": '"""The shop: a store of items, prices and reports."""\n',
    "shop/store.py": '''"""Storage of the shop's items, in memory."""


class Store:
    def __init__(self):
        self.items = {}

    def add(self, name, price):
        self.items[name] = price

    def get(self, name):
        return self.items.get(name)

    def names(self):
        return sorted(self.items)

    def unused_export(self):
        return len(self.items)
''',
    "shop/pricing.py": '''"""Prices with tax and rounding."""

TAX = 0.2


def price(amount):
    return round(amount * (1 + TAX), 2)


def discount(amount, share):
    return price(amount * (1 - share))
''',
    "shop/api.py": '''"""The HTTP-facing API of the shop: add items, look them up, list them."""

from shop.pricing import price
from shop.store import Store

STORE = Store()


def add_item(name, amount):
    STORE.add(name, price(amount))


def get_item(name):
    return STORE.get(name)


def list_items():
    return STORE.names()


def item_total(names):
    return sum(STORE.get(n) for n in names)


def quote(amount):
    return price(amount)
''',
    "shop/report.py": '''# Monthly reports of the shop's sales.


def monthly(rows):
    return sum(rows)
''',
    "tests/test_api.py": '''from shop.api import add_item, get_item


def test_add_then_get():
    add_item("a", 10)
    assert get_item("a") == 12.0
''',
    "tests/test_store.py": '''from shop.store import Store


def test_store_add():
    store = Store()
    store.add("a", 1)
    assert store.get("a") == 1
''',
    "docs/architecture.md": '''# Architecture

The shop keeps items in `shop/store.py`; `Store.add` is the only writer.

## Pricing

Every price goes through `price()` in shop.pricing before it is stored.
''',
    "docs/guide.rst": '''User guide
==========

Reports
-------

Monthly figures come from :func:`shop.report.monthly`.
''',
    "docs/adr/0001-prices-include-tax.md": '''# 1. Prices include tax

Status: accepted

## Decision

`discount` applies the rebate before tax, through shop/pricing.py.
''',
}

# (day, author, files touched): the history after the initial commit; a touch appends a comment line.
HISTORY = [
    (10, BEN, ["shop/api.py", "shop/report.py", "tests/test_api.py"]),
    (20, BEN, ["shop/api.py", "shop/report.py", "shop/pricing.py"]),
    (30, ANN, ["shop/store.py", "tests/test_store.py"]),
    (40, BEN, ["shop/api.py", "shop/report.py"]),
    (50, CY, ["shop/api.py", "shop/pricing.py"]),
    (60, BEN, ["shop/api.py", "shop/report.py", "shop/pricing.py"]),
    (70, ANN, ["shop/store.py", "shop/pricing.py"]),
]

# (session, minute, op, path): agent sessions in the repository, after the history
SESSIONS = [
    ("s-1", 0, "read", "shop/api.py"), ("s-1", 1, "edit", "shop/api.py"), ("s-1", 2, "edit", "tests/test_api.py"),
    ("s-1", 3, "read", "shop/pricing.py"),
    ("s-2", 0, "edit", "shop/api.py"), ("s-2", 1, "edit", "tests/test_api.py"),
    ("s-3", 0, "read", "shop/api.py"), ("s-3", 1, "read", "shop/pricing.py"), ("s-3", 2, "edit", "shop/pricing.py"),
]


def build_shop(path: Path) -> GitRepo:
    repo = GitRepo(path)
    for rel, text in SOURCES.items():
        repo.write(rel, text)
    repo.commit("initial shop", ANN, 0)
    for number, (day, who, touched) in enumerate(HISTORY, 1):
        for rel in touched:
            _append(repo, rel, f"# revision {number}\n")
        repo.commit(f"change {number}", who, day)
    return repo


def _append(repo: GitRepo, rel: str, line: str) -> None:
    target = repo.path / rel
    repo.write(rel, target.read_text() + line)


def write_sessions(logs: Path, root: Path, sessions=SESSIONS, day: str = "2024-03-20") -> Path:
    """The agent sessions as an agent_jsonl log (read with ``--logs``)."""
    logs.mkdir(parents=True, exist_ok=True)
    out = logs / f"sessions-{day}.jsonl"
    with open(out, "w") as fh:
        for number, (session, minute, op, rel) in enumerate(sessions):
            fh.write(json.dumps({"v": 1, "agent": "claude-code", "session_id": f"{session}-{day}",
                                 "call_id": f"{day}-{number}", "ts": f"{day}T10:{minute:02d}:00Z", "cwd": str(root),
                                 "tool": "Edit" if op == "edit" else "Read", "op": op, "path": rel,
                                 "success": True}) + "\n")
    return out


def index_shop(lake, root: Path, logs: Path) -> None:
    from pipeline.indexing import index

    index(root, repo=REPO, lake=lake, logs=[str(logs)])
