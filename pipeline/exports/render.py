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
        tail = f" +{more} more" if more > 0 else ""
        return f"{self.label}: {', '.join(shown)}{tail}" if shown else f"{self.label}: {self.total}"


@dataclass
class SnippetContext:
    """What every snippet of one repository shares."""

    history: bool
    behaviour: bool
    behind: int | None  # commits HEAD is ahead of the indexed commit


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


PACKAGE_FILES = ("__init__.py", "index.js", "index.ts", "index.mjs", "index.cjs", "index.tsx", "index.jsx", "mod.rs",
                 "lib.rs")


def _module(path: str, folder: str = "") -> str:
    """A calling file as a short module name: the path without extension, and without the folder of the file it
    calls into when it is in the same one."""
    stem = path.rsplit(".", 1)[0] if "." in path.rsplit("/", 1)[-1] else path
    stem = stem[:-9] if stem.endswith("/__init__") else stem
    return stem[len(folder) + 1:] if folder and stem.startswith(folder + "/") else stem


def _called(c: dict, folder: str) -> str:
    """A most-used symbol: callers outside tests and the modules they are in, then how many callers are tests
    ('x2 (shop/api; +5 from tests)': inside the parentheses, so that a '+N more' after it reads as more symbols); a
    symbol only tests use says so ('x1 from tests (tests/test_api)')."""
    modules = ", ".join(_module(m, folder) for m in c.get("modules") or [])
    callers, tests = int(c.get("callers") or 0), int(c.get("test_callers") or 0)
    if not callers:
        return f"{c['name']} x{tests} from tests ({modules})"
    return f"{c['name']} x{callers} ({modules}" + (f"; +{tests} from tests)" if tests else ")")


def snippet_lines(card: dict, ctx: SnippetContext) -> tuple[str, list[Line]]:
    """The header (always kept) and the detail lines of a file's snippet, most useful first."""
    head = [card["path"]]
    role = card.get("role") or ("test" if card.get("is_test") else "source")
    if role != "source":
        head.append(role)  # test, example, benchmark, docs, tooling: not the repository's own code
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
    folder = card["path"].rsplit("/", 1)[0] if "/" in card["path"] else ""
    called = [_called(c, folder) for c in card.get("called") or []]
    if called:  # references, not only calls: a class in annotations, a constant read, a field
        lines.append(Line("most used", called, len(called), 1))
    if card.get("covers_count"):  # a test: what it exercises comes first
        lines.append(Line("exercises", list(card["covers"]), card["covers_count"], 1))
    if card.get("dependents_count"):
        lines.append(Line("used by", list(card["dependents"]), card["dependents_count"], 2))
    elif role == "source" and card["path"].rsplit("/", 1)[-1] not in PACKAGE_FILES:  # a package's entry is used
        # through its package name, which references may resolve past it: no claim that nothing uses it; nor for
        # docs, examples, tooling or benchmarks, which a tool loads or a person runs (Sphinx's docs/conf.py)
        lines.append(Line("used by", ["no other file" + (" but tests" if card.get("tests_count") else "")], 1, 2))
    others = [f"{o['repo']} ({plural(o['refs'], 'ref')})" for o in card.get("other_repos") or []]
    if others:  # a shared interface: a change here reaches repositories this agent does not see
        lines.append(Line("used by other repos", others, len(others), 2))
    if card.get("tests_count"):
        lines.append(Line("used by tests" if role == "test" else "tests", list(card["tests"]), card["tests_count"], 3))
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


PURPOSE_CHARS = 70  # a subsystem's purpose in the digest: one clause, not a paragraph


def short(text: str, limit: int) -> str:
    """``text`` cut at a word boundary to at most ``limit`` characters, with an ellipsis when cut."""
    text = " ".join(str(text).split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:")
    return (cut or text[: limit - 1]) + "…"


SUBSYSTEM_CHARS = 150  # key files are added while the line stays this short (the first always shows)


def subsystem_item(row: dict, parts: int = 1) -> dict:
    """'- sympy/ (234 files, 109 tests): core/expr.py, core/basic.py (Base class for all the objects in SymPy)': the
    subsystem's folder, size, and its most central files of the repository's own source, the one whose docstring or
    header comment gives the purpose followed by it; key files while the line stays short. ``parts``: how many
    subsystems of that folder the row joins (``folder_row``): '- sympy/ (3 groups: 274 files): ...'."""
    folder = row.get("folder") or ""
    tests = f", {plural(row['tests'], 'test')}" if row.get("tests") else ""
    shared = f"{parts} groups: " if parts > 1 else ""
    text = f"- {folder + '/' if folder else './'} ({shared}{plural(row['size'], 'file')}{tests}): "
    for position, path in enumerate(row["key_files"]):
        shown = path[len(folder) + 1:] if folder and path.startswith(folder + "/") else path
        if row.get("purpose") and path == row.get("purpose_path"):
            shown += f" ({short(row['purpose'], PURPOSE_CHARS).rstrip('.')})"
        candidate = text + (", " if position else "") + shown
        if position and len(candidate) > SUBSYSTEM_CHARS:
            break
        text = candidate
    return item(text, row["paths"], f"{row['name']} {folder} {' '.join(row['paths'][:20])}")


def folder_row(rows: list[dict]) -> dict:
    """The subsystems of one folder as one: sizes added, the first (largest) part's purpose, then each part's most
    central file as the key files (every part named), every member's path. The digest listed them apart as 'part 1
    of 4' and, cut to its budget, showed codelake's first part of extractors/structure/ and of its langs/ only."""
    first = rows[0]
    key_files = list(dict.fromkeys([first["key_files"][0]] + [r["key_files"][0] for r in rows[1:] if r["key_files"]]
                                   + list(first["key_files"][1:])))
    paths = [p for r in rows for p in r["paths"]]
    return {**first, "size": sum(r["size"] for r in rows), "tests": sum(r.get("tests") or 0 for r in rows),
            "key_files": key_files, "paths": list(dict.fromkeys(paths)),
            "name": " ".join(r["name"] for r in rows if r.get("name"))}


def subsystem_items(rows: list[dict]) -> list[dict]:
    """The subsystems' lines, largest first as given; those sharing a folder are one line, where the largest of
    them is (two lines of one folder read as one name listed twice, and a budget may cut the second)."""
    by_folder: dict[str, list[dict]] = {}
    for row in rows:
        by_folder.setdefault(row.get("folder") or "", []).append(row)
    return [subsystem_item(folder_row(group), len(group)) if len(group) > 1 else subsystem_item(group[0])
            for group in by_folder.values()]


def hotspots_title(end_at) -> str:
    """The hotspots' heading, with the day their window ends: the repository's last commit, which may be months
    before the export (a quiet repository's "changes in 90 days" are not this quarter's)."""
    day = f", {end_at:%Y-%m-%d}" if end_at is not None else ""
    return f"## Hotspots (90 days to the last commit{day})"


def hotspot_item(row: dict) -> dict:
    return item(f"- {row['path']}: {plural(row['revisions'], 'change')}, {row['trend']}", [row["path"]], row["path"])


def interface_item(row: dict) -> dict:
    """'- Symbol (sympy/core/symbol.py): 171 files, 252 test files': who references it, tests counted apart."""
    used = [plural(row["caller_files"], "file")] if row["caller_files"] else []
    used += [plural(row["test_files"], "test file")] if row["test_files"] else []
    return item(f"- {row['qualname']} ({row['path']}): {', '.join(used)}", [row["path"]],
                f"{row['qualname']} {row['path']}")


def recent_item(row: dict) -> dict:
    """'- shop/api.py (2 edits, 1 read)': only what agents did ('(1 read)', not '(0 edits, 1 read)'); a file they
    only searched says so."""
    done = [plural(row[key], key[:-1]) for key in ("edits", "reads") if row.get(key)]
    return item(f"- {row['path']} ({', '.join(done) or 'searched'})", [row["path"]], row["path"])


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
