"""Turning the views' rows into the exported texts: a snippet per file and the digest's sections. Rendering only:
every fact comes from a view (``file_cards``, ``subsystems``, ``hotspots``, ``interfaces``, ``agent_activity``); the
texts hold names, paths and numbers, never file contents.

A snippet is fitted to its budget by dropping detail from the least useful lines first (the last partners, then
whole lines), so the most useful facts survive any budget.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import tokens
from .read import terms


@dataclass
class Line:
    """One line of a snippet: a label and items; ``keep`` items are shown (the rest counted as '+N')."""

    label: str
    items: list[str]
    total: int  # how many there are in all (items may be the first few)
    priority: int  # lower survives longer
    keep: int = field(default=-1)

    def __post_init__(self):
        if self.keep < 0:
            self.keep = len(self.items)

    def text(self) -> str:
        shown = self.items[: self.keep]
        more = self.total - len(shown)
        tail = f" +{more}" if more > 0 else ""
        return f"{self.label}: {', '.join(shown)}{tail}" if shown else f"{self.label}: {self.total}"


@dataclass
class SnippetContext:
    """What every snippet of one repository shares."""

    history: bool
    behaviour: bool
    behind: int | None  # commits HEAD is ahead of the indexed commit


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _module(path: str) -> str:
    """A calling file as a short module name: the path without extension."""
    stem = path.rsplit(".", 1)[0] if "." in path.rsplit("/", 1)[-1] else path
    return stem[:-9] if stem.endswith("/__init__") else stem


def snippet_lines(card: dict, ctx: SnippetContext) -> tuple[str, list[Line]]:
    """The header (always kept) and the detail lines of a file's snippet, most useful first."""
    head = [card["path"]]
    if card.get("hotspot_rank"):
        head.append(f"hotspot #{card['hotspot_rank']} ({card.get('hotspot_trend') or 'steady'})")
    if card.get("owner"):
        share = f" {round(100 * card['ownership'])}%" if card.get("ownership") is not None else ""
        head.append(f"owner {card['owner']}{share}")
    if ctx.behind:
        head.append(f"index {ctx.behind} commits behind HEAD")
    if not ctx.history:
        head.append("no git history")
    lines = []
    called = [f"{c['name']} x{c['callers']} ({', '.join(_module(m) for m in c['modules'])})"
              for c in card.get("called") or []]
    if called:
        lines.append(Line("most called", called, len(called), 1))
    if card.get("dependents_count"):
        lines.append(Line("used by", list(card["dependents"]), card["dependents_count"], 2))
    elif not card.get("is_test"):
        lines.append(Line("used by", ["no other file" + (" but tests" if card.get("tests_count") else "")], 1, 2))
    if card.get("tests_count"):
        lines.append(Line("tests", list(card["tests"]), card["tests_count"], 3))
    co_changed = [f"{c['path']} {round(100 * c['confidence'])}%" for c in card.get("co_changed") or []]
    if co_changed:
        lines.append(Line("changes with", co_changed, len(co_changed), 4))
    co_touched = [f"{c['path']} ({plural(c['sessions'], 'session')})" for c in card.get("co_touched") or []]
    if co_touched:
        lines.append(Line("agents touch with", co_touched, len(co_touched), 5))
    if card.get("unused_count"):
        lines.append(Line("exports nothing calls", list(card["unused"]), card["unused_count"], 6))
    return " · ".join(head), lines


def fit(header: str, lines: list[Line], budget: int) -> tuple[str, int]:
    """The snippet text within ``budget`` tokens: while it is too long, show one item less on the least useful line
    showing more than one, and once every line shows one, drop the least useful line (the header always stays)."""
    lines = [Line(l.label, l.items, l.total, l.priority, l.keep) for l in lines]
    while True:
        text = "\n".join([header] + [l.text() for l in lines])
        count = tokens.count(text)
        if count <= budget or not lines:
            return text, count
        shrinkable = [l for l in lines if l.keep > 1]
        if shrinkable:
            max(shrinkable, key=lambda l: l.priority).keep -= 1
        else:
            lines.remove(max(lines, key=lambda l: l.priority))


def snippet(card: dict, ctx: SnippetContext, budget: int) -> tuple[str, int]:
    header, lines = snippet_lines(card, ctx)
    text, count = fit(header, lines, budget)
    if count > budget:  # a pathological path longer than the budget: cut the header to fit
        text = _cut(text, budget)
        count = tokens.count(text)
    return text, count


def _cut(text: str, budget: int) -> str:
    while text and tokens.count(text + "…") > budget:
        text = text[: max(len(text) * 9 // 10, 0)]
    return text + "…" if text else ""


# -- the digest ---------------------------------------------------------------------------------------------------
def item(text: str, paths=(), extra_terms: str = "") -> dict:
    """A digest item: its text, its token count (with the newline that joins it), the files it is about and the
    words a task could share with it (read-time ordering)."""
    words = set(terms(extra_terms))
    for path in paths:
        words |= terms(path.rsplit("/", 1)[-1].rsplit(".", 1)[0])
    return {"text": text, "tokens": tokens.count(text + "\n"), "paths": sorted(set(paths)), "terms": sorted(words)}


def section(sid: str, title: str | None, items: list[dict], pinned: bool = False, per_round: int = 1) -> dict:
    return {"id": sid, "title": title, "title_tokens": tokens.count(title + "\n") if title else 0,
            "pinned": pinned, "per_round": per_round, "items": items}


def subsystem_item(row: dict) -> dict:
    keys = ", ".join(p.rsplit("/", 1)[-1] for p in row["key_files"])
    purpose = f": {row['purpose']}" if row.get("purpose") else ""
    text = f"- {row['name']} ({row['size']} files; {keys}){purpose}"
    return item(text, row["paths"], f"{row['name']} {' '.join(row['paths'][:20])}")


def hotspot_item(row: dict) -> dict:
    return item(f"- {row['path']}: {plural(row['revisions'], 'change')} in 90 days, {row['trend']}", [row["path"]],
                row["path"])


def interface_item(row: dict) -> dict:
    files = row["caller_files"] + row["test_files"]
    return item(f"- {row['qualname']} ({row['path']}): used from {plural(files, 'file')}", [row["path"]],
                f"{row['qualname']} {row['path']}")


def recent_item(row: dict) -> dict:
    return item(f"- {row['path']} ({plural(row['edits'], 'edit')}, {plural(row['reads'], 'read')})", [row["path"]],
                row["path"])


def header_lines(facts: dict) -> list[dict]:
    """The freshness line and what the map rests on (pinned at the top of every digest)."""
    commit = (facts.get("indexed_commit") or "")[:10] or "no commit"
    behind = facts.get("behind")
    fresh = ("up to date with HEAD" if behind == 0 else f"{behind} commits behind HEAD" if behind
             else "HEAD unknown")
    first = f"# codelake map of {facts['repo']}: indexed at {commit} ({fresh}), {facts['files']} files"
    basis = ["structure"] + (["git history"] if facts["history"] else []) + (["agent logs"] if facts["behaviour"]
                                                                             else [])
    missing = ([] if facts["history"] else ["no git history"]) + ([] if facts["behaviour"] else ["no agent logs"])
    second = f"Map from {', '.join(basis)}" + (f" ({'; '.join(missing)})" if missing else "") + "."
    return [item(first), item(second)]
