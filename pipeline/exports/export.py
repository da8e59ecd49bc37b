"""The exporter: reads the views and writes, per repository, the digest and one snippet per source file under
``<lake>/_exports/`` (layout in ``pipeline.exports.read``), so that a hook reads one small file and needs no database.

Two modes, one lock per repository (``_exports/.locks/<repo>.lock``, held for the whole export, so two exports of a
repository never interleave and the later one starts from a lake at least as new):

* **Whole repository** (``export_repo(lake, repo)``): a new folder ``_exports/.versions/<repo>/<run>/``, then the
  link ``_exports/<repo>`` points at it with one rename. A reader sees the previous export or the new one, never a
  mix; a killed run leaves only a folder the next run sweeps. ``index.json`` is rewritten under a lock.
* **Some files** (``export_repo(lake, repo, files=[...])``, the post-edit path): inside the current version, each
  file's snippet and the snippets that name it (the files it references, before and after the edit: their "used
  by", "tests" and callers) are rewritten, each by an atomic rename of a complete file, then ``manifest.json`` (its
  ``generation`` counts these updates, ``updated`` says what and from which lake snapshot). The structure facts come
  from ``file_structure_cards(for_paths := ...)``: one query for the edited files, one for the files they reference,
  each reading only the shards that hold what those cards need (``_card_files``: 0.1-0.2 s of CPU for a leaf);
  the history and agent facts (co-change, co-touch, owner, hotspot) are reused from the previous snippet records
  while the tables they are read from are unchanged since the whole-repository export, else queried. No copy of
  the export folder.

  What a reader gets: every snippet file whole, old or new; the edited files and the files their references changed
  in current with the lake snapshot named in ``updated``; everything else as of the last whole-repository export
  (``snapshot``): the digest, callers' counts in the snippets of files beyond the RELATED_MAX refreshed, what the
  snippets of files referencing an edited one say about their own references (a test's "exercises"), hotspot
  ranks (an edit changes a file's size).
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import NamedTuple

from ..errors import QueryError
from ..lake import Lake
from ..repos import commits_behind, git_facts
from . import read, render, tokens

SNIPPET_BUDGET = 100
DIGEST_BUDGET = 400
SECTION_ROWS = 10  # items per digest section kept in digest.json (the budget decides how many are shown)
RELATED_MAX = 24  # snippets refreshed besides the edited files: the files whose references from them changed
UPDATED_FILES_MAX = 50  # files listed in the manifest's `updated`
# DuckDB threads of a per-file export (a warm worker's, after each edit): one-path queries gain little from more, and
# each thread holds its own buffers (the worker's peak, site-packages hub: 450 -> 423 MiB; sympy hub 441 -> 425)
FILES_THREADS = 1
VERSIONS = ".versions"
LOCKS = ".locks"
VIEWS = ["file_cards", "subsystems", "hotspots", "interfaces", "agent_activity", "commits", "tool_calls", "files"]
HISTORY_KEYS = ("co_changed", "co_touched", "owner", "ownership", "hotspot_rank", "hotspot_trend")


@dataclass
class ExportSummary:
    repo: str
    folder: str
    snippets: int
    digest_tokens: int
    max_snippet_tokens: int
    seconds: float
    mode: str = "repository"  # or "files"
    removed: int = 0  # snippets of files no longer indexed (files mode)

    def as_dict(self) -> dict:
        return dict(self.__dict__)


def export(lake: Lake, repos: list[str] | None = None, snippet_budget: int = SNIPPET_BUDGET,
           digest_budget: int = DIGEST_BUDGET) -> list[ExportSummary]:
    """Export every repository of the lake (or those named)."""
    known = lake.repos()
    missing = [r for r in repos or [] if r not in known]
    if missing:
        raise QueryError(f"no repository {', '.join(missing)} in the lake at {lake.root} (indexed: "
                         f"{', '.join(known) or 'none'})")
    return [export_repo(lake, repo, snippet_budget, digest_budget) for repo in (repos or known)]


def export_repo(lake: Lake, repo: str, snippet_budget: int | None = None, digest_budget: int = DIGEST_BUDGET,
                files: list[str] | None = None) -> ExportSummary:
    """Export ``repo`` whole, or with ``files`` just those files' snippets and the snippets naming them (the whole
    repository when it has no export yet). ``snippet_budget`` defaults to 100, or in files mode to the budget of
    the export being updated."""
    root = Path(lake.root) / read.EXPORTS_DIR
    root.mkdir(parents=True, exist_ok=True)
    with repo_lock(root, repo):
        if files is not None:
            current = read.manifest(lake.root, repo)
            if current is not None and (root / repo).is_symlink():
                return _export_files(lake, repo, root, current, files, snippet_budget)
        return _export_whole(lake, repo, root, SNIPPET_BUDGET if snippet_budget is None else snippet_budget,
                             digest_budget)


@contextmanager
def repo_lock(root: Path, repo: str):
    folder = root / LOCKS
    folder.mkdir(exist_ok=True)
    with open(folder / f"{repo}.lock", "a+") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
        yield


# -- the whole repository -----------------------------------------------------------------------------------------
def _export_whole(lake: Lake, repo: str, root: Path, snippet_budget: int, digest_budget: int) -> ExportSummary:
    from ..catalog import connect
    from ..query import NO_STRUCTURE

    started = datetime.now(timezone.utc)
    snap = lake.snapshot(repo)
    catalog = connect(lake, repos=[repo], views=VIEWS)
    catalog.require("file_cards", NO_STRUCTURE)
    facts = repo_facts(catalog, snap, repo)
    ctx = render.SnippetContext(facts["history"], facts["behaviour"], facts["behind"])
    _sweep(root, repo)
    stage = root / VERSIONS / repo / f"{started.strftime('%Y%m%dT%H%M%S%f')}-{uuid.uuid4().hex[:6]}"
    try:
        facts["other_repos"] = other_repos(lake, repo)
        cur = catalog.sql("SELECT * FROM file_cards(repo_id := ?)", [repo])
        count, largest = write_snippets(cur, stage / "snippets", ctx, facts, snippet_budget)
        digest = digest_data(catalog, repo, facts)
        _write_json(stage / "digest.json", digest)
        text = read.render_digest(read.order_sections(digest), digest_budget)
        (stage / "digest.md").write_text(text + "\n")
        exported_at = datetime.now(timezone.utc).isoformat()
        _write_json(stage / "manifest.json", {
            "v": read.FORMAT_VERSION, "repo": repo, "root": facts["root"], "snapshot": snap.snapshot,
            "indexed_commit": facts["indexed_commit"], "exported_at": exported_at, "tokenizer": tokens.name(),
            "budgets": {"snippet": snippet_budget, "digest": digest_budget},
            "signals": {"history": facts["history"], "behaviour": facts["behaviour"]},
            "snippets": count, "generation": 0, "tables": _table_runs(snap), "updated": None})
        _carry_over(root / repo, stage, KEPT_FILES)
        _publish(root, repo, stage)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    _update_index(root, repo, facts["root"], exported_at)
    seconds = (datetime.now(timezone.utc) - started).total_seconds()
    return ExportSummary(repo, str(root / repo), count, tokens.count(text), largest, seconds)


def repo_facts(catalog, snap, repo: str) -> dict:
    root = snap.info.get("root")
    indexed = (snap.cursors.get("structure") or {}).get("commit")
    behind = _behind(root, indexed)
    has = lambda view, query: view in catalog.views and catalog.rows(query, [repo])[1][0][0] > 0  # noqa: E731
    return {"repo": repo, "root": root, "indexed_commit": indexed, "behind": behind,
            "files": catalog.rows("SELECT count(*) FROM files WHERE repo = ? AND parse_status <> 'skipped'",
                                  [repo])[1][0][0] if "files" in catalog.views else None,
            "history": has("commits", "SELECT count(*) FROM commits WHERE repo = ?"),
            "behaviour": has("tool_calls", "SELECT count(*) FROM tool_calls WHERE repo = ? AND path IS NOT NULL")}


def other_repos(lake: Lake, repo: str, top: int = 5) -> dict[str, list[dict]]:
    """Per file of ``repo``: the other indexed repositories referencing its symbols through their declared packages
    (``cross_repo_callers``), most references first. Empty for a lake of one repository or without manifests."""
    from ..catalog import connect

    if len(lake.repos()) < 2:
        return {}
    catalog = connect(lake, views=["cross_repo_callers"])
    if "cross_repo_callers" not in catalog.views:
        return {}
    _, rows = catalog.rows("SELECT path, caller_repo, sum(refs) AS refs FROM cross_repo_callers WHERE repo = ? "
                           "AND path IS NOT NULL GROUP BY path, caller_repo ORDER BY path, refs DESC, caller_repo",
                           [repo])
    out: dict[str, list[dict]] = {}
    for path, caller_repo, refs in rows:
        if len(out.setdefault(path, [])) < top:
            out[path].append({"repo": caller_repo, "refs": int(refs)})
    return out


def _table_runs(snap) -> dict:
    """The run that wrote each of the repository's tables (what the export was made from)."""
    return {table: entry.get("run_id") for table, entry in sorted(snap.tables.items())}


def write_snippets(cur, folder: Path, ctx, facts: dict, budget: int, atomic: bool = False) -> tuple[int, int]:
    """One snippet file per row of ``cur`` (file cards) under ``folder``; (files written, largest in tokens)."""
    columns = [d[0] for d in cur.description]
    count = largest = 0
    while True:
        batch = cur.fetchmany(2000)
        if not batch:
            return count, largest
        for row in batch:
            card = dict(zip(columns, row))
            card["other_repos"] = (facts.get("other_repos") or {}).get(card["path"])
            used = write_snippet(folder, card, ctx, facts, budget, atomic)
            if used is not None:
                count, largest = count + 1, max(largest, used)


def write_snippet(folder: Path, card: dict, ctx, facts: dict, budget: int, atomic: bool = False) -> int | None:
    """Render and write one file's snippet record (the card kept beside the text: a per-file export reuses its
    history facts); its token count, or None when the path cannot be written."""
    rel = read._safe_rel(card["path"])
    if rel is None:
        return None  # a path that would leave the folder: no snippet
    text, used = render.snippet(card, ctx, budget)
    record = {"v": read.FORMAT_VERSION, "path": card["path"], "blob_sha": card["blob_sha"],
              "indexed_commit": card["indexed_commit"] or facts["indexed_commit"], "tokens": used, "text": text,
              "card": {k: v for k, v in card.items() if k not in ("repo", "path", "blob_sha", "indexed_commit")}}
    target = folder / (rel + ".json")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps(record, ensure_ascii=False, default=str)
        if atomic:  # a reader of the published export sees the old file or the new one
            tmp = target.with_name(f".{target.name}.tmp-{uuid.uuid4().hex[:8]}")
            tmp.write_text(data)
            os.replace(tmp, target)
        else:
            target.write_text(data)
    except OSError:  # a name the filesystem refuses (too long...): that file goes without a snippet
        return None
    return used


# -- some files ---------------------------------------------------------------------------------------------------
def _export_files(lake: Lake, repo: str, root: Path, manifest: dict, files: list[str],
                  snippet_budget: int | None) -> ExportSummary:
    from ..query import NO_STRUCTURE

    started = datetime.now(timezone.utc)
    folder = (root / repo).resolve()
    budget = snippet_budget if snippet_budget is not None else int(
        (manifest.get("budgets") or {}).get("snippet") or SNIPPET_BUDGET)
    snap = lake.snapshot(repo)
    rels = sorted({r for r in (_rel_path(snap.info.get("root"), f) for f in files) if r})
    reuse = _history_unchanged(snap, manifest)  # the usual case after an edit: only the structure views are needed
    catalog = files_catalog(lake, repo, ["file_structure_cards"] + ([] if reuse else ["file_history_cards"]))
    catalog.require("file_structure_cards", NO_STRUCTURE)
    tokenizer = manifest.get("tokenizer")
    previous = {rel: _old_card(folder, rel, tokenizer) for rel in rels}
    cards = _structure_cards(catalog, repo, rels)
    related = _related(cards, previous, set(rels))
    cards.update(_structure_cards(catalog, repo, related))
    previous.update({rel: _old_card(folder, rel, tokenizer) for rel in related})
    _add_history(catalog, repo, reuse, cards, previous)
    _done_with(catalog)
    for rel, card in cards.items():  # an edit here does not change which other repositories use the file
        card["other_repos"] = (previous.get(rel) or {}).get("other_repos")
    facts = _file_facts(snap, manifest)
    ctx = render.SnippetContext(facts["history"], facts["behaviour"], facts["behind"])
    count = largest = removed = 0
    for card in cards.values():
        used = write_snippet(folder / "snippets", card, ctx, facts, budget, atomic=True)
        if used is not None:
            count, largest = count + 1, max(largest, used)
    for rel in set(rels) - set(cards):  # deleted, skipped or no longer a source file: its snippet goes
        removed += _remove_snippet(folder / "snippets", rel)
    _bump_manifest(folder, manifest, snap, rels, len(related))
    seconds = (datetime.now(timezone.utc) - started).total_seconds()
    return ExportSummary(repo, str(root / repo), count, 0, largest, seconds, mode="files", removed=removed)


def keep_catalogs(one_export: bool = False) -> None:
    """Keep the per-file export's DuckDB connection for the next export: it is refreshed to the lake's newest
    snapshot rather than connected again with its views bound again (~0.1 s of a sympy leaf's 0.3 s export). A warm
    refresh worker's export child connects it while the worker updates (``pipeline.hooks.export_child``); with
    ``one_export`` (that child, which exits after its one export) it is closed once the export has read its rows,
    as a connection not kept is (``_done_with``)."""
    global _kept_catalogs, _kept_for_one
    _kept_catalogs, _kept_for_one = {}, one_export


_kept_catalogs: dict | None = None
_kept_for_one = False


def _done_with(catalog) -> None:
    """The per-file export's last query is read: close its connection, unless kept for a next export. DuckDB holds
    what its queries allocated until the connection closes (sympy's hub: ~40 MiB after its cards), and the
    rendering after may load the tokenizer for a new snippet text (~60 MiB): closed, the export child's peak is the
    larger of the two, not their sum (sympy's first hub edit: 183 -> 143 MiB in a process of its own)."""
    if _kept_catalogs is not None and not _kept_for_one:
        return
    if _kept_catalogs:
        _kept_catalogs.clear()
    catalog.con.close()


def files_catalog(lake: Lake, repo: str, views: list[str]):
    """The per-file export's connection with ``views``: the kept one refreshed to the lake's newest snapshot, when
    ``keep_catalogs`` keeps them (a warm worker's export child connects it ahead, while the update runs)."""
    from ..catalog import connect

    key = (str(lake.root), repo, tuple(views))
    kept = _kept_catalogs.get(key) if _kept_catalogs is not None else None
    if kept is not None:
        kept.refresh()
        return kept
    catalog = connect(lake, repos=[repo], views=views, threads=FILES_THREADS)
    if _kept_catalogs is not None:
        _kept_catalogs.clear()  # one connection held at a time (a worker serves one repository)
        _kept_catalogs[key] = catalog
    return catalog


def _rel_path(repo_root: str | None, path: str) -> str | None:
    """A repository-relative path from an absolute one inside the root, or one given relative to the root."""
    if repo_root and os.path.isabs(path):
        real_root = os.path.realpath(repo_root)
        for base in (os.path.normpath(repo_root), real_root):
            for candidate in (os.path.normpath(path), os.path.realpath(path)):
                if candidate.startswith(base + os.sep):
                    return read._safe_rel(candidate[len(base) + 1:])
        return None
    return read._safe_rel(os.path.normpath(path)) if path else None


def _old_card(folder: Path, rel: str, tokenizer: str | None = None) -> dict | None:
    """The card kept beside a file's snippet; with ``tokenizer`` (the manifest's), its text's count is remembered
    (``tokens.remember``): an edit that leaves the text as it was needs no tokenizer to count it again."""
    record = read._load(str(folder / "snippets" / (rel + ".json"))) or {}
    card = record.get("card")
    text, used = record.get("text"), record.get("tokens")
    if tokenizer and isinstance(text, str) and type(used) is int and used >= 0:
        tokens.remember({text: used}, tokenizer)
    return card if isinstance(card, dict) else None


def _structure_cards(catalog, repo: str, rels) -> dict[str, dict]:
    """Structure cards of ``rels``, reading the shards that hold what they need (``_card_files``): a shard holds
    files from anywhere in the repository, so a query over whole tables reads every edge shard (one per file cost
    that scan per file: site-packages, 25 files, 17.5 s of CPU against 1.5 s for one query), and narrowed to its
    shards a site-packages leaf's costs 0.2 s instead of 0.6 s. A narrowed read that fails (a damaged index shard)
    is made again over whole tables, which leave a damaged file of theirs out."""
    if not rels:
        return {}
    try:
        return _card_parts(catalog, repo, sorted(rels), _card_files(catalog, repo, sorted(rels)))
    except QueryError:
        return _card_parts(catalog, repo, sorted(rels), CardFiles())


class CardPart(NamedTuple):
    """One part of ``file_structure_cards`` (a macro of its own, which that view joins with the others) and the
    lists of shards it reads (the macro's parameters, ``CardFiles``' fields of the same names)."""

    macro: str
    files: tuple[str, ...]


# ``file_structure_cards``' two parts, each a statement of its own: DuckDB keeps every operator's state (hash
# tables, materialized CTEs) to a statement's end, so the whole card in one statement held both parts' at once
CARD_PARTS = (
    CardPart("file_structure_uses", ("edge_files", "symbol_files")),
    CardPart("file_structure_unused", ("edge_files", "symbol_files", "member_files", "unresolved_files",
                                       "dispatch_files", "hierarchy_files")),
)
CARD_LAST = ("depends_on",)  # the view's last column, which its first part gives before the second's


def _card_parts(catalog, repo: str, rels: list[str], files: "CardFiles") -> dict[str, dict]:
    """The cards of ``rels``, part by part (``CARD_PARTS``), their columns in the view's order."""
    by_param = files._asdict()
    cards: dict[str, dict] = {}
    for part in CARD_PARTS:
        named = ", ".join(f"{name} := ?" for name in part.files)
        columns, rows = catalog.rows(f"SELECT * FROM {part.macro}(repo_id := ?, for_paths := ?, {named})",
                                     [repo, rels, *(by_param[name] for name in part.files)])
        for row in rows:
            found = dict(zip(columns, row))
            cards.setdefault(found["path"], found).update(found)
    for card in cards.values():
        card.update({key: card.pop(key) for key in CARD_LAST})
    return cards


class CardFiles(NamedTuple):
    """The shards ``file_structure_cards`` reads for some files (None: the whole table), each field named as the
    macros' parameter it fills."""

    edge_files: list[str] | None = None  # their own edges and the edges into them
    symbol_files: list[str] | None = None  # their symbols
    member_files: list[str] | None = None  # their symbols' members, wherever defined
    unresolved_files: list[str] | None = None  # the unresolved references named like their symbols
    dispatch_files: list[str] | None = None  # the dispatch edges from their symbols and the edges into those overrides
    # every inherits edge (the ``hierarchy`` table's, after the edges' schema file): a hub's bases were read from every
    # edge shard (sympy's core/numbers.py: 43 files, 0.15 s of its query's 0.34 s of CPU)
    hierarchy_files: list[str] | None = None


def _card_files(catalog, repo: str, rels: list[str]) -> CardFiles:
    """The shards the cards of ``rels`` read: those of the paths, of the files the ``edge_targets`` index says
    reference their symbols (an edge's ``dst_path`` is its target's file), of the files where ``foreign_symbols``
    (every definition owned from another file) puts members of theirs, and the ``unresolved_names`` shards of their
    symbols' names."""
    from ..query import referencing_files

    symbol_files = catalog.point_files("symbols", "path", rels, repo)
    if symbol_files is None:
        return CardFiles()
    own = catalog.rows(f"SELECT id, name, kind FROM {catalog.POINT_SOURCE} WHERE repo = ? AND list_contains(?, path)",
                       [symbol_files, repo, rels])[1]
    ids = [row[0] for row in own]
    with_rels = lambda paths: None if paths is None else sorted(set(paths) | set(rels))  # noqa: E731
    referencing, owners = with_rels(referencing_files(catalog, repo, ids)), with_rels(_member_files(catalog, repo, ids))
    return CardFiles(None if referencing is None else catalog.point_files("edges", "path", referencing, repo),
                     symbol_files,
                     None if owners is None else catalog.point_files("symbols", "path", owners, repo),
                     _unresolved_files(catalog, repo, sorted({row[1] for row in own})),
                     _dispatch_files(catalog, repo, [row[0] for row in own if row[2] == "method"]),
                     _hierarchy_files(catalog, repo))


def _hierarchy_files(catalog, repo: str) -> list[str] | None:
    """The ``hierarchy`` table's shards (every inherits edge, written by the structure extractor beside the edges),
    after the edges' schema file, whose columns they lack (``kind``: null); None without the table."""
    schema, shards = catalog.point_files("edges", "path", [], repo), catalog.shard_files("hierarchy", repo)
    return None if schema is None or not shards else schema + shards


def _dispatch_files(catalog, repo: str, methods: list[str]) -> list[str] | None:
    """The edge shards that say whether an override of one of ``methods`` is called directly (``dead_code``'s
    ``used_overrides``): those of the files holding an edge from them (``edge_sources``: a dispatch edge sits in its
    override's file), and from their overrides on down the chain (an interface's method, an abstract base's, its
    subclass's), then of the files referencing what those dispatch edges reach (``edge_targets``). None: the whole
    table (no index)."""
    from .. import query

    sources, overrides, step = set(), set(), methods
    while True:  # one dispatch step per round; a method seen before ends its branch (a cycle, a diamond)
        found = query.indexed_files(catalog, repo, "edge_sources", "src_id", step)
        shards = None if found is None else catalog.point_files("edges", "path", found, repo)
        if shards is None or (not found and not sources):
            return shards
        sources |= set(found)
        try:
            reached = {r[0] for r in catalog.rows(
                f"SELECT DISTINCT dst_id FROM {catalog.POINT_SOURCE} WHERE kind = 'dispatch' "
                "AND list_contains(?, src_id)", [shards, step])[1]} if found else set()
        except QueryError:  # a damaged shard: the whole table answers
            return None
        step = sorted(reached - overrides - set(methods))
        overrides |= reached
        if not step:
            break
    callers = query.referencing_files(catalog, repo, sorted(overrides))
    return None if callers is None else catalog.point_files("edges", "path", sorted(sources | set(callers)), repo)


def _unresolved_files(catalog, repo: str, names: list[str]) -> list[str] | None:
    """The ``unresolved_names`` index's shards of ``names`` (after the edges' schema file, whose columns they share);
    None without the index."""
    schema, shards = (catalog.point_files(table, key, values, repo) for table, key, values in
                      (("edges", "path", []), ("unresolved_names", "dst_name", names)))
    return None if schema is None or shards is None else schema + shards


def _member_files(catalog, repo: str, ids: list[str]) -> list[str] | None:
    """The files holding a member of one of ``ids`` defined apart from it (a Go method in another file than its
    type), from the ``foreign_symbols`` index; None without it."""
    files = catalog.shard_files("foreign_symbols", repo)
    if not files or not ids:
        return None if files is None else []
    try:
        return [r[0] for r in catalog.rows(f"SELECT DISTINCT path FROM {catalog.POINT_SOURCE} "
                                           "WHERE list_contains(?, parent_id)", [files, ids])[1]]
    except QueryError:  # a damaged index: the whole table answers
        return None


def _related(cards: dict, previous: dict, edited: set) -> list[str]:
    """The files whose snippets name the edited ones and may have changed with them: those they reference now or
    referenced before with different references (``depends_on`` signatures), strongest first, at most
    RELATED_MAX."""
    out: list[str] = []
    for rel in sorted(set(cards) | {r for r, c in previous.items() if c}):
        now = _signatures((cards.get(rel) or {}).get("depends_on"))
        before = _signatures((previous.get(rel) or {}).get("depends_on"))
        for path in list(now) + list(before):  # strongest first: the order of the lists
            if now.get(path) != before.get(path) and path not in edited and path not in out:
                out.append(path)
    return out[:RELATED_MAX]


def _signatures(depends_on) -> dict[str, str]:
    out = {}
    for entry in depends_on or []:
        if isinstance(entry, dict) and isinstance(entry.get("path"), str):
            out[entry["path"]] = str(entry.get("sig"))
    return out


def _file_facts(snap, manifest: dict) -> dict:
    """What every snippet shares, for a per-file export: the signals of the whole export, how far behind HEAD."""
    root = snap.info.get("root")
    indexed = (snap.cursors.get("structure") or {}).get("commit")
    signals = manifest.get("signals") or {}
    return {"indexed_commit": indexed, "history": bool(signals.get("history")),
            "behaviour": bool(signals.get("behaviour")),
            "behind": _behind(root, indexed)}


def _behind(root: str | None, indexed: str | None) -> int | None:
    """How many commits HEAD is ahead of the indexed one; None when unknown. An update records HEAD as indexed: a
    HEAD equal to it is 0 commits ahead, and ``git_facts`` knows HEAD without git in a warm worker's export child (its
    answer inherited from the worker's update, kept while HEAD and the refs stay as they were): no ``git rev-list``
    process an edit. Any other HEAD is counted by git."""
    if not (root and indexed and os.path.isdir(root)):
        return None
    if git_facts(Path(root)).get("head") == indexed:
        return 0
    return commits_behind(Path(root), indexed)


def _add_history(catalog, repo: str, reuse: bool, cards: dict, previous: dict) -> None:
    """History and agent facts for the cards: from the previous records while the tables they come from are those
    of the whole-repository export (``reuse``), else from ``file_history_cards`` (the whole history is read)."""
    if reuse:
        for rel, card in cards.items():
            old = previous.get(rel) or {}
            card.update({k: old.get(k) for k in HISTORY_KEYS})
        return
    empty = {"co_changed": [], "co_touched": []}
    for card in cards.values():
        card.update({k: empty.get(k) for k in HISTORY_KEYS})
    if "file_history_cards" not in catalog.views or not cards:
        return
    columns, rows = catalog.rows("SELECT * FROM file_history_cards(repo_id := ?, for_paths := ?)",
                                 [repo, sorted(cards)])
    for row in rows:
        found = dict(zip(columns, row))
        cards[found["path"]].update({k: found[k] for k in HISTORY_KEYS})


def history_tables() -> set[str]:
    """Tables the history and agent facts read that the structure facts do not (an edit's update leaves them)."""
    from ..catalog import dependencies, sql_files

    deps = dependencies(sql_files())

    def tables(name: str, seen: set) -> set:
        for dep in deps.get(name, ()):
            if dep not in seen:
                seen.add(dep)
                tables(dep, seen)
        return {d[len("lake_"):] for d in seen if d.startswith("lake_")}

    return tables("file_history_cards", set()) - tables("file_structure_cards", set())


def _history_unchanged(snap, manifest: dict) -> bool:
    before = manifest.get("tables")
    if not isinstance(before, dict):
        return False
    now = _table_runs(snap)
    return all(now.get(t) == before.get(t) for t in history_tables())


def _remove_snippet(folder: Path, rel: str) -> int:
    try:
        (folder / (rel + ".json")).unlink()
        return 1
    except OSError:
        return 0


def _bump_manifest(folder: Path, manifest: dict, snap, rels: list[str], related: int) -> None:
    """A new generation of the manifest: which files were refreshed, from which lake snapshot, when."""
    data = dict(manifest)
    data["generation"] = int(manifest.get("generation") or 0) + 1
    data["updated"] = {"at": datetime.now(timezone.utc).isoformat(), "snapshot": snap.snapshot,
                       "files": rels[:UPDATED_FILES_MAX], "related": related}
    tmp = folder / f".manifest.json.tmp-{uuid.uuid4().hex[:8]}"
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1, default=str))
    os.replace(tmp, folder / "manifest.json")


# -- the digest ---------------------------------------------------------------------------------------------------
def digest_data(catalog, repo: str, facts: dict) -> dict:
    def rows(view: str, query: str) -> list[dict]:
        if view not in catalog.views:
            return []
        columns, data = catalog.rows(query, [repo, SECTION_ROWS])
        return [dict(zip(columns, r)) for r in data]

    subsystems = rows("subsystems", "SELECT * FROM subsystems WHERE repo = ? AND sources > 0 "
                                    "ORDER BY sources DESC, size DESC, community LIMIT ?")
    hot = rows("hotspots", "SELECT * FROM hotspots(repo_id := ?) ORDER BY rank, path LIMIT ?") \
        if facts["history"] else []
    interfaces = rows("interfaces", "SELECT * FROM interfaces WHERE repo = ? AND role = 'source' "
                                    "AND caller_files + test_files >= 2 ORDER BY rank LIMIT ?")
    recent = rows("agent_activity",
                  "SELECT path, sum(reads) AS reads, sum(edits) AS edits, max(last_touched) AS last_at FROM "
                  "agent_activity WHERE repo = ? GROUP BY path ORDER BY last_at DESC, path LIMIT ?") \
        if facts["behaviour"] else []
    sections = [render.section("header", None, render.header_lines(facts), pinned=True)]
    sections.append(render.section("subsystems", "## Subsystems", render.subsystem_items(subsystems)))
    if hot:
        end_at = catalog.rows("SELECT end_at FROM history_end(repo_id := ?)", [repo])[1]
        sections.append(render.section("hotspots", render.hotspots_title(end_at[0][0] if end_at else None),
                                       [render.hotspot_item(r) for r in hot]))
    if interfaces:
        sections.append(render.section("interfaces", "## Most depended-on",
                                       [render.interface_item(r) for r in interfaces]))
    if recent:
        sections.append(render.section("recent", "## Recently touched by agents",
                                       [render.recent_item(r) for r in recent]))
    return {"v": read.FORMAT_VERSION, "repo": repo, "tokenizer": tokens.name(), "sections": sections,
            "recent": [r["path"] for r in recent]}


# -- publishing ---------------------------------------------------------------------------------------------------
def _write_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1, default=str))


KEPT_FILES = ("eval.json",)  # written beside the export by others (``exports.evaluation``): kept across versions


def _carry_over(current: Path, stage: Path, names: tuple[str, ...]) -> None:
    for name in names:
        try:
            shutil.copy2(current / name, stage / name, follow_symlinks=False)
        except OSError:  # none yet
            continue


def _publish(root: Path, repo: str, stage: Path) -> None:
    """Point ``_exports/<repo>`` at ``stage`` atomically; remove what it pointed at before."""
    link = root / repo
    previous = os.readlink(link) if link.is_symlink() else None
    if link.exists() and not link.is_symlink():  # a plain folder (not written by this exporter): replace it
        shutil.rmtree(link)
    tmp = stage.parent / f".link-{uuid.uuid4().hex[:6]}"
    target = os.path.relpath(stage, root)
    os.symlink(target, tmp)
    os.replace(tmp, link)
    if previous and previous != target and Path(previous).parts[:2] == (VERSIONS, repo):
        shutil.rmtree(root / previous, ignore_errors=True)


def _sweep(root: Path, repo: str) -> None:
    """Versions and links left by killed runs of this repository (not the one the link names)."""
    link = root / repo
    current = (root / os.readlink(link)).name if link.is_symlink() else None
    folder = root / VERSIONS / repo
    for path in folder.iterdir() if folder.is_dir() else []:
        if path.name == current:
            continue
        if path.is_symlink() or path.is_file():
            path.unlink(missing_ok=True)
        else:
            shutil.rmtree(path, ignore_errors=True)


def _update_index(root: Path, repo: str, repo_root: str | None, exported_at: str) -> None:
    with open(root / ".index.lock", "a+") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
        data = read.index(root.parent) or {"v": read.FORMAT_VERSION, "repos": {}}
        data["repos"][repo] = {"root": repo_root, "exported_at": exported_at}
        tmp = root / f".index.json.tmp-{uuid.uuid4().hex[:6]}"
        tmp.write_text(json.dumps(data, indent=1, sort_keys=True))
        os.replace(tmp, root / "index.json")
